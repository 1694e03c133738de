//! Move generation: every legal play for a rack on a position, under a rule set, scored by
//! that rule set.
//!
//! The generator is Appel and Jacobson's ("The World's Fastest Scrabble Program", 1988) over
//! the kernel's [`Lexicon`] prefix cursor, so it runs on any word set (folio's fst sets, an
//! in-memory [`WordList`](folio_core::WordList)) with no structure built per lexicon:
//!
//! - `grid`: the board read along rows and (transposed) columns, with **anchors** (empty
//!   squares next to a tile; the centre on an empty board) and **cross-checks** (letter masks,
//!   per empty square and direction: the letters whose perpendicular word is in the lexicon);
//! - `walk`: left parts on the empty squares before each anchor, then extension right on
//!   the cursor, pruned by the cursor's [`Lexicon::letters`], the rack and the cross-checks;
//! - scoring in the walk uses the rule set's own premium judgement (`Rules::premium_for`, as
//!   `Rules::evaluate` does): `course` premiums under old tiles and the star once, `standard`
//!   new tiles only and the bingo, `wordbler` premiums until used and a word already scored
//!   at the same place counting 0. The property tests prove every score equal to
//!   [`Rules::evaluate`]'s and the move set equal to a brute-force enumerator's.
//!
//! ```
//! use folio_core::WordList;
//! use folio_scrabble::movegen::{Generator, Rack};
//! use folio_scrabble::{Board, Rules};
//!
//! let words = WordList::new(["HORN", "HORNS", "OH", "NO", "ON"]);
//! let rules = Rules::STANDARD;
//! let mut board = Board::new();
//! let gen = Generator::new(&rules, &board, &words);
//! let plays = gen.plays(&Rack::parse("HORN")?);
//! // HORN, OH, NO and ON, across or down, with each of their letters on the star.
//! assert_eq!(plays.len(), 2 * (4 + 2 + 2 + 2));
//! // Best: HORN doubled by the star, (4 + 1 + 1 + 1) x 2; ties go by notation.
//! assert_eq!((plays[0].to_string(), plays[0].score), ("8E HORN".to_string(), 14));
//! board.apply(&plays[0].evaluate(&rules, &board)?);
//!
//! let gen = Generator::new(&rules, &board, &words);
//! let best = gen.best(&Rack::parse("SO")?).unwrap();
//! assert_eq!((best.to_string(), best.score), ("8E ....S".to_string(), 8));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod analysis;
pub mod autoplay;
pub mod board_text;
pub mod cgp;
mod grid;
mod play;
pub mod position;
mod rack;
mod walk;

pub use play::{Candidate, Notation, Play};
pub use position::{GamePosition, PositionError};
pub use rack::{Rack, RackError};

use crate::board::Board;
use crate::coord::Dir;
use crate::rules::Rules;
use crate::tile::Tile;
use folio_core::lexicon::Lexicon;

use grid::Grid;
use walk::{single_tiles, Walker};

/// A position prepared for generation: the cross-checks of both directions, computed once
/// and reused for any number of racks.
pub struct Generator<'a, L: Lexicon + ?Sized> {
    rules: &'a Rules,
    board: &'a Board,
    lexicon: &'a L,
    across: Grid,
    down: Grid,
}

impl<'a, L: Lexicon + ?Sized> Generator<'a, L> {
    /// Prepares `board` under `rules` with `lexicon`.
    pub fn new(rules: &'a Rules, board: &'a Board, lexicon: &'a L) -> Self {
        Generator {
            rules,
            board,
            lexicon,
            across: Grid::new(rules, board, lexicon, Dir::Across),
            down: Grid::new(rules, board, lexicon, Dir::Down),
        }
    }

    /// Calls `f` with every legal tile play of `rack`, each once, in no particular order.
    pub fn for_each_play(&self, rack: &Rack, mut f: impl FnMut(Play)) {
        if self.symmetric() {
            // The down plays are the across plays mirrored, at the same scores.
            let mut both = |p: Play| {
                f(p);
                f(p.transposed());
            };
            self.walk(rack, &mut both, false);
            return;
        }
        self.walk(rack, &mut f, true);
    }

    /// Every play into `sink`: across, then (with `both`) down and the one-tile plays.
    fn walk<S: walk::Sink>(&self, rack: &Rack, sink: &mut S, both: bool) {
        let grids = [&self.across, &self.down];
        for grid in &grids[..if both { 2 } else { 1 }] {
            Walker::new(self.lexicon, self.rules, self.board, grid, rack, sink).run();
        }
        if both && !self.board.is_empty() {
            single_tiles(self.rules, &self.across, &self.down, rack, sink);
        }
    }

    /// An empty board with no premium used and no word scored: mirroring it over the main
    /// diagonal changes nothing (the premium layout is symmetric), so every down play is an
    /// across play mirrored, at the same score.
    fn symmetric(&self) -> bool {
        self.board.is_empty()
            && self.board.scored_words().is_empty()
            && (0..15).all(|r| {
                (0..15).all(|c| {
                    !self
                        .board
                        .premium_used(crate::coord::Square::new(r, c).expect("on the board"))
                })
            })
    }

    /// Every legal tile play of `rack`, best first (by score, ties by notation).
    pub fn plays(&self, rack: &Rack) -> Vec<Play> {
        let mut plays = Vec::new();
        self.for_each_play(rack, |p| plays.push(p));
        sort(&mut plays);
        plays
    }

    /// The best-scoring play (ties: the first by notation), if any.
    pub fn best(&self, rack: &Rack) -> Option<Play> {
        let mut best = Best(None);
        // On a symmetric board across notation (`8H`) sorts before down (`H8`), and each
        // down play mirrors an across play of the same score: the best is an across play.
        self.walk(rack, &mut best, !self.symmetric());
        best.0
    }

    /// Everything the player may do: every tile play (best first), then, when the bag holds
    /// at least the rule set's minimum (`Rules::exchange_min_bag`), every distinct exchange
    /// of one or more tiles, then the pass.
    pub fn candidates(&self, rack: &Rack, bag_len: usize) -> Vec<Candidate> {
        let mut out: Vec<Candidate> = self.plays(rack).into_iter().map(Candidate::Place).collect();
        if bag_len >= self.rules.exchange_min_bag {
            out.extend(exchanges(rack).into_iter().map(Candidate::Exchange));
        }
        out.push(Candidate::Pass);
        out
    }
}

/// The best play so far; plays that score less are not built.
struct Best(Option<Play>);

impl walk::Sink for Best {
    fn play(&mut self, p: Play) {
        if self.0.as_ref().is_none_or(|b| p.better_than(b)) {
            self.0 = Some(p);
        }
    }

    #[inline]
    fn wants(&self, score: u32) -> bool {
        self.0.as_ref().is_none_or(|b| score >= b.score)
    }
}

/// Orders plays best first: by score, ties by notation (`8H WORD` text).
pub fn sort(plays: &mut [Play]) {
    plays.sort_unstable_by_key(|p| (std::cmp::Reverse(p.score), p.notation()));
}

/// Every distinct non-empty multiset of `rack`'s tiles, each in canonical order (`A`..`Z`,
/// `Ä`..., blanks last), ordered by size then tiles.
pub fn exchanges(rack: &Rack) -> Vec<Vec<Tile>> {
    let mut out = vec![Vec::new()];
    for (i, &have) in rack.counts().iter().enumerate() {
        if have == 0 {
            continue;
        }
        let tile = Tile::from_index(i).expect("a tile index");
        let mut grown = Vec::with_capacity(out.len() * (usize::from(have) + 1));
        for base in &out {
            for n in 0..=usize::from(have) {
                let mut t = base.clone();
                t.extend(std::iter::repeat_n(tile, n));
                grown.push(t);
            }
        }
        out = grown;
    }
    out.retain(|t| !t.is_empty());
    out.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
    out
}

#[cfg(test)]
mod tests;
