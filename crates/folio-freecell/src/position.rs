//! A FreeCell position (8 cascades, 0–8 free cells, 4 foundations) and the one move judge.
//!
//! Rules (`../shared/docs/freecell.md` §3): a cascade is built down in alternating colours;
//! a foundation is built up by suit from the ace; a free cell holds one card; a sequence
//! moves as a unit (a *supermove*) when it has at most `(free cells + 1) × 2^(empty
//! cascades)` cards, an empty destination cascade not counted.

use std::fmt;

use crate::card::{rank_text, Card, Suit};
use crate::deal::Cascades;
use crate::moves::{EmptyTarget, Loc, Move, MoveError, Played};

/// Most cards a cascade can hold here: a dealt cascade (≤ 20 cards, checked by
/// [`Position::new`]) plus a run K…A on its top.
pub const CASCADE_CAP: usize = 32;
/// Most free cells a game may have.
pub const MAX_CELLS: usize = 8;
const NONE: u8 = 0xff;

/// A position. Compact and `Copy` (about 280 bytes): cards are bytes (see [`Card`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    cols: [[u8; CASCADE_CAP]; 8],
    lens: [u8; 8],
    cells: [u8; MAX_CELLS],
    ncells: u8,
    found: [u8; 4],
}

/// Why a layout cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// More than [`MAX_CELLS`] free cells.
    #[error("{0} free cells: at most 8 are allowed")]
    TooManyCells(usize),
    /// A card appears twice, or not at all.
    #[error("the layout is not one deck: {0}")]
    NotADeck(String),
    /// A cascade longer than 20 cards.
    #[error("cascade {0} holds {1} cards: at most 20 are allowed in a starting layout")]
    CascadeTooLong(usize, usize),
}

impl Position {
    /// The position at the start of a deal with `cells` free cells (0..=8).
    ///
    /// # Errors
    /// [`LayoutError`] when there are too many cells or a cascade is too long, or the cards
    /// are not one deck of 52.
    pub fn new(cascades: &Cascades, cells: usize) -> Result<Position, LayoutError> {
        Position::with_parts(cascades, &vec![None; cells], [0; 4])
    }

    /// A position from its parts (cascades bottom→top, cells in order, foundation heights
    /// 0..=13 in C, D, H, S order). The cards in play plus the foundations must be one deck.
    ///
    /// # Errors
    /// See [`Position::new`].
    pub fn with_parts(
        cascades: &Cascades,
        cells: &[Option<Card>],
        found: [u8; 4],
    ) -> Result<Position, LayoutError> {
        if cells.len() > MAX_CELLS {
            return Err(LayoutError::TooManyCells(cells.len()));
        }
        let mut p = Position {
            cols: [[NONE; CASCADE_CAP]; 8],
            lens: [0; 8],
            cells: [NONE; MAX_CELLS],
            ncells: cells.len() as u8,
            found: [0; 4],
        };
        let mut seen = [false; 52];
        let mut note = |c: Card| -> Result<(), LayoutError> {
            if std::mem::replace(&mut seen[c.index() as usize], true) {
                return Err(LayoutError::NotADeck(format!("{c} appears twice")));
            }
            Ok(())
        };
        for (s, &h) in found.iter().enumerate() {
            if h > 13 {
                return Err(LayoutError::NotADeck(format!("foundation height {h}")));
            }
            for r in 1..=h {
                note(Card::new(r, Suit::from_index(s as u8)).expect("rank"))?;
            }
        }
        p.found = found;
        for (i, c) in cells.iter().enumerate() {
            if let Some(c) = c {
                note(*c)?;
                p.cells[i] = c.index();
            }
        }
        for (k, col) in cascades.iter().enumerate() {
            if col.len() > 20 {
                return Err(LayoutError::CascadeTooLong(k + 1, col.len()));
            }
            for &c in col {
                note(c)?;
                p.push(k, c);
            }
        }
        if let Some(i) = seen.iter().position(|s| !s) {
            let c = Card::from_index(i as u8).expect("0..52");
            return Err(LayoutError::NotADeck(format!("{c} is missing")));
        }
        Ok(p)
    }

    /// Number of free cells of this game.
    pub fn cell_count(&self) -> usize {
        self.ncells as usize
    }

    /// The cards of cascade `k` (0..8), bottom to top.
    pub fn cascade(&self, k: usize) -> impl ExactSizeIterator<Item = Card> + '_ {
        self.cols[k][..self.lens[k] as usize]
            .iter()
            .map(|&b| Card::from_index(b).expect("card"))
    }

    /// Number of cards in cascade `k`.
    pub fn cascade_len(&self, k: usize) -> usize {
        self.lens[k] as usize
    }

    /// The exposed card of cascade `k`, if any.
    pub fn top(&self, k: usize) -> Option<Card> {
        let n = self.lens[k] as usize;
        (n > 0).then(|| card(self.cols[k][n - 1]))
    }

    /// The card `depth` below the top of cascade `k` (0 = the top).
    fn nth_from_top(&self, k: usize, depth: usize) -> Card {
        card(self.cols[k][self.lens[k] as usize - 1 - depth])
    }

    /// Free cell `i`'s card.
    pub fn cell(&self, i: usize) -> Option<Card> {
        (i < self.ncells as usize && self.cells[i] != NONE).then(|| card(self.cells[i]))
    }

    /// Foundation heights (0 empty … 13 complete) in suit order C, D, H, S.
    pub fn foundations(&self) -> [u8; 4] {
        self.found
    }

    /// Cards on the foundations (52 = won).
    pub fn home(&self) -> u32 {
        self.found.iter().map(|&h| h as u32).sum()
    }

    /// True when all 52 cards are home.
    pub fn is_won(&self) -> bool {
        self.found == [13; 4]
    }

    /// Empty free cells.
    pub fn free_cells(&self) -> usize {
        self.cells[..self.ncells as usize]
            .iter()
            .filter(|&&c| c == NONE)
            .count()
    }

    /// Empty cascades.
    pub fn empty_cascades(&self) -> usize {
        self.lens.iter().filter(|&&l| l == 0).count()
    }

    /// Supermove capacity onto a cascade: `(free cells + 1) × 2^(empty cascades)`, the
    /// destination not counted when it is empty.
    pub fn capacity(&self, to_empty: bool) -> usize {
        let empties = self.empty_cascades().saturating_sub(usize::from(to_empty));
        (self.free_cells() + 1) << empties
    }

    /// Length of the run on top of cascade `k`: cards built down in alternating colours.
    pub fn run_len(&self, k: usize) -> usize {
        let n = self.lens[k] as usize;
        if n == 0 {
            return 0;
        }
        let col = &self.cols[k];
        let mut len = 1;
        while len < n && card(col[n - 1 - len + 1]).fits_on(card(col[n - 1 - len])) {
            len += 1;
        }
        len
    }

    /// Whether `c` is the next card of its foundation.
    pub fn foundation_accepts(&self, c: Card) -> bool {
        self.found[c.suit() as usize] + 1 == c.rank()
    }

    /// Judges `mv` and plays it, returning what moved. `empty` says how many cards a
    /// cascade-to-empty-cascade move without a count carries.
    ///
    /// # Errors
    /// A [`MoveError`] naming the broken rule; the position is then unchanged.
    pub fn play(&mut self, mv: Move, empty: EmptyTarget) -> Result<Played, MoveError> {
        let n = self.judge(mv, empty)?;
        let first = self.apply_unchecked(mv.from, mv.to, n);
        Ok(Played {
            mv,
            count: n as u8,
            card: first,
        })
    }

    /// The number of cards `mv` would move, or why it is illegal.
    ///
    /// # Errors
    /// See [`Position::play`].
    pub fn judge(&self, mv: Move, empty: EmptyTarget) -> Result<usize, MoveError> {
        self.check_loc(mv.from)?;
        self.check_loc(mv.to)?;
        if mv.from == mv.to {
            return Err(MoveError::SamePlace);
        }
        let explicit = mv.count.map(usize::from);
        if let Some(0) = explicit {
            return Err(MoveError::BadCount {
                count: 0,
                reason: "a move carries at least one card",
            });
        }
        let single = |this: &Self| -> Result<usize, MoveError> {
            if explicit.is_some_and(|n| n != 1) {
                return Err(MoveError::BadCount {
                    count: explicit.unwrap_or(1),
                    reason: "only a cascade-to-cascade move can carry several cards",
                });
            }
            let _ = this;
            Ok(1)
        };
        let moving = match mv.from {
            Loc::Foundation => return Err(MoveError::FromFoundation),
            Loc::Cell(i) => self
                .cell(i as usize)
                .ok_or(MoveError::EmptySource(mv.from))?,
            Loc::Cascade(k) => self
                .top(k as usize)
                .ok_or(MoveError::EmptySource(mv.from))?,
        };
        match mv.to {
            Loc::Foundation => {
                let n = single(self)?;
                if !self.foundation_accepts(moving) {
                    let h = self.found[moving.suit() as usize];
                    return Err(MoveError::FoundationOrder {
                        card: moving,
                        height: h,
                    });
                }
                Ok(n)
            }
            Loc::Cell(i) => {
                let n = single(self)?;
                if let Some(c) = self.cell(i as usize) {
                    return Err(MoveError::CellOccupied { cell: i, card: c });
                }
                Ok(n)
            }
            Loc::Cascade(d) => {
                let d = d as usize;
                let Loc::Cascade(s) = mv.from else {
                    // From a free cell: one card, onto a fitting card or an empty cascade.
                    let n = single(self)?;
                    if let Some(t) = self.top(d) {
                        if !moving.fits_on(t) {
                            return Err(MoveError::DoesNotFit {
                                card: moving,
                                onto: t,
                            });
                        }
                    }
                    return Ok(n);
                };
                self.cascade_count(s as usize, d, explicit, empty)
            }
        }
    }

    fn cascade_count(
        &self,
        s: usize,
        d: usize,
        explicit: Option<usize>,
        empty: EmptyTarget,
    ) -> Result<usize, MoveError> {
        let run = self.run_len(s);
        let to_empty = self.lens[d] == 0;
        let cap = self.capacity(to_empty);
        let n = match (explicit, self.top(d)) {
            (Some(n), _) => {
                if n > self.lens[s] as usize {
                    return Err(MoveError::BadCount {
                        count: n,
                        reason: "the cascade is shorter",
                    });
                }
                if n > run {
                    return Err(MoveError::NotARun { count: n, run });
                }
                n
            }
            (None, Some(t)) => {
                // The unique depth whose card fits on `t`: ranks descend one a card in a run.
                let top = self.top(s).expect("non-empty");
                let want = t.rank() as i32 - 1 - top.rank() as i32;
                if want < 0 || want as usize >= run {
                    return Err(MoveError::DoesNotFit { card: top, onto: t });
                }
                want as usize + 1
            }
            (None, None) => match empty {
                EmptyTarget::One => 1,
                EmptyTarget::Most => run.min(cap),
            },
        };
        let bottom = self.nth_from_top(s, n - 1);
        if let Some(t) = self.top(d) {
            if !bottom.fits_on(t) {
                return Err(MoveError::DoesNotFit {
                    card: bottom,
                    onto: t,
                });
            }
        }
        if n > cap {
            return Err(MoveError::OverCapacity {
                count: n,
                capacity: cap,
            });
        }
        Ok(n)
    }

    fn check_loc(&self, l: Loc) -> Result<(), MoveError> {
        match l {
            Loc::Cascade(k) if k >= 8 => Err(MoveError::NoSuchPlace(l)),
            Loc::Cell(i) if i >= self.ncells => Err(MoveError::NoSuchPlace(l)),
            _ => Ok(()),
        }
    }

    /// Plays a move the caller knows to be legal (`n` cards); returns the first card moved
    /// (the bottom of a run). Used by the solver after its generator applied the same rules.
    pub(crate) fn apply_unchecked(&mut self, from: Loc, to: Loc, n: usize) -> Card {
        // The cards stay in the source's array above its new length until copied.
        let first = match from {
            Loc::Cell(i) => std::mem::replace(&mut self.cells[i as usize], NONE),
            Loc::Cascade(k) => {
                let k = k as usize;
                let len = self.lens[k] as usize - n;
                self.lens[k] = len as u8;
                self.cols[k][len]
            }
            Loc::Foundation => NONE,
        };
        match to {
            Loc::Foundation => self.found[(first & 3) as usize] += 1,
            Loc::Cell(i) => self.cells[i as usize] = first,
            Loc::Cascade(d) => {
                let d = d as usize;
                let len = self.lens[d] as usize;
                match from {
                    Loc::Cascade(k) => {
                        let base = self.lens[k as usize] as usize;
                        for i in 0..n {
                            self.cols[d][len + i] = self.cols[k as usize][base + i];
                        }
                    }
                    _ => self.cols[d][len] = first,
                }
                self.lens[d] = (len + n) as u8;
            }
        }
        card(first)
    }

    fn push(&mut self, k: usize, c: Card) {
        let len = self.lens[k] as usize;
        self.cols[k][len] = c.index();
        self.lens[k] += 1;
    }

    /// The first empty free cell.
    pub fn first_free_cell(&self) -> Option<usize> {
        self.cells[..self.ncells as usize]
            .iter()
            .position(|&c| c == NONE)
    }

    /// Sends home, until none is left, every exposed card (byte `rank0 * 4 + suit`) in the
    /// set `home(foundations)` (bit `c` for card byte `c`; one set per round instead of a
    /// test per exposed card): the solver's fast path of [`crate::Autoplay::run`]. The
    /// order may differ; the final position is the same, since a card that may go home
    /// stays allowed while other cards go home.
    pub(crate) fn auto_home_set(&mut self, home: impl Fn(&[u8; 4]) -> u64) {
        loop {
            let m = home(&self.found);
            if m == 0 {
                return;
            }
            let mut moved = false;
            for i in 0..self.ncells as usize {
                let c = self.cells[i];
                if c != NONE && m >> c & 1 == 1 {
                    self.cells[i] = NONE;
                    self.found[(c & 3) as usize] += 1;
                    moved = true;
                }
            }
            for k in 0..8 {
                let n = self.lens[k] as usize;
                if n > 0 {
                    let c = self.cols[k][n - 1];
                    if m >> c & 1 == 1 {
                        self.lens[k] -= 1;
                        self.found[(c & 3) as usize] += 1;
                        moved = true;
                    }
                }
            }
            if !moved {
                return;
            }
        }
    }

    /// [`Position::auto_home_set`] with the rule as a test per card (the reference the
    /// solver's tests compare it with).
    #[cfg(test)]
    pub(crate) fn auto_home(&mut self, home: impl Fn(&[u8; 4], u8) -> bool) {
        loop {
            let mut moved = false;
            for i in 0..self.ncells as usize {
                let c = self.cells[i];
                if c != NONE && home(&self.found, c) {
                    self.cells[i] = NONE;
                    self.found[(c & 3) as usize] += 1;
                    moved = true;
                }
            }
            for k in 0..8 {
                while self.lens[k] > 0 {
                    let c = self.cols[k][self.lens[k] as usize - 1];
                    if !home(&self.found, c) {
                        break;
                    }
                    self.lens[k] -= 1;
                    self.found[(c & 3) as usize] += 1;
                    moved = true;
                }
            }
            if !moved {
                return;
            }
        }
    }

    pub(crate) fn raw_cells(&self) -> &[u8] {
        &self.cells[..self.ncells as usize]
    }

    /// Cascade `k`'s whole fixed-size array (bytes past its length are stale) and length.
    pub(crate) fn raw_column(&self, k: usize) -> (&[u8; CASCADE_CAP], usize) {
        (&self.cols[k], self.lens[k] as usize)
    }

    pub(crate) fn raw_cascade(&self, k: usize) -> &[u8] {
        &self.cols[k][..self.lens[k] as usize]
    }

    /// An empty table with `ncells` free cells, for the solver to fill with
    /// [`Position::push_raw`], [`Position::set_cell_raw`] and [`Position::set_foundations`].
    pub(crate) fn blank(ncells: usize) -> Position {
        Position {
            cols: [[NONE; CASCADE_CAP]; 8],
            lens: [0; 8],
            cells: [NONE; MAX_CELLS],
            ncells: ncells as u8,
            found: [0; 4],
        }
    }

    /// Puts card byte `c` on top of cascade `k`.
    #[inline]
    pub(crate) fn push_raw(&mut self, k: usize, c: u8) {
        let len = self.lens[k] as usize;
        self.cols[k][len] = c;
        self.lens[k] += 1;
    }

    /// Sets cascade `k` to the first `len` bytes of `arr` (a whole array copied).
    #[inline]
    pub(crate) fn set_column_raw(&mut self, k: usize, arr: &[u8; CASCADE_CAP], len: usize) {
        self.cols[k] = *arr;
        self.lens[k] = len as u8;
    }

    /// Puts card byte `c` in free cell `i`.
    #[inline]
    pub(crate) fn set_cell_raw(&mut self, i: usize, c: u8) {
        self.cells[i] = c;
    }

    /// Sets the foundation heights.
    pub(crate) fn set_foundations(&mut self, found: [u8; 4]) {
        self.found = found;
    }

    /// The layout in `deals.txt` form: eight lines, cascades bottom to top.
    pub fn cascades_text(&self) -> String {
        let mut out = String::new();
        for k in 0..8 {
            let cards: Vec<String> = self.cascade(k).map(|c| c.to_string()).collect();
            out.push_str(&cards.join(" "));
            out.push('\n');
        }
        out
    }
}

pub(crate) fn card(b: u8) -> Card {
    Card::from_index(b).expect("a card byte")
}

/// Foundation heights (indexed by [`Suit`], C D H S) as fc-solve writes them:
/// `H-0 C-0 D-0 S-A`.
pub(crate) fn foundations_text(found: &[u8; 4]) -> String {
    let h = |s: Suit| rank_text(found[s as usize]);
    format!(
        "H-{} C-{} D-{} S-{}",
        h(Suit::Hearts),
        h(Suit::Clubs),
        h(Suit::Diamonds),
        h(Suit::Spades)
    )
}

/// fc-solve's board format: `Foundations: H-0 C-0 D-0 S-0`, `Freecells:` then each cell
/// (`  JD` or four spaces), then `: ` and each cascade bottom to top.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Foundations: {}", foundations_text(&self.found))?;
        write!(f, "Freecells:")?;
        for i in 0..self.ncells as usize {
            match self.cell(i) {
                Some(c) => write!(f, "  {c}")?,
                None => write!(f, "    ")?,
            }
        }
        writeln!(f)?;
        for k in 0..8 {
            write!(f, ":")?;
            for c in self.cascade(k) {
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
