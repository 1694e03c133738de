//! The solver: best-first search over canonical states with atomic supermoves and the MS
//! auto-play after every move, several heuristics alternating over one state space.
//!
//! - **State identity** ignores the order of cascades and of free cells (`table::Key`).
//! - **Moves**: every legal move, a supermove counting as one (onto a cascade the count is
//!   forced; into an empty cascade every count up to the capacity); only the first empty
//!   cascade and free cell are tried (the others give the same canonical state).
//! - **Auto-moves**: the MS rule ([`Autoplay::Ms`]) after every move. It only sends home a
//!   card no remaining card can be built on, so it never turns a won game into a lost one,
//!   and the searched graph is the whole game: exhausting it proves a deal unwinnable.
//! - **Strategy**: greedy best-first with *alternation* (Röger & Helmert 2010): one table
//!   of states, one open list per heuristic (`HEURISTICS`), the lists taking turns to give
//!   the next state to expand. A child is stored when generated and queued on every list.
//!   Hard deals are hard for one heuristic and easy for another, so the heavy tail of a
//!   single greedy search shrinks; and every state is expanded once whatever list gives it,
//!   so the search stays complete.
//! - **Probes** (`SCHEDULE`): the main search runs in growing shares of the state budget
//!   and is resumed, not restarted; between shares a fresh search with other heuristics gets
//!   a smaller budget. The heavy tail of a greedy search is chaotic, so the probes cut it.
//! - **Limit**: once the main search has stored `max_states` states (checked between
//!   expansions) the answer is [`Verdict::Unknown`].

mod table;

use crate::autoplay::Autoplay;
use crate::moves::{EmptyTarget, Loc, Move};
use crate::position::Position;
use table::{Key, Table};

/// What a search concluded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A win: moves in standard notation, replayable with MS auto-play and count-less moves
    /// into empty cascades read as "as many as possible" (a partial run carries its count).
    Solved(Vec<Move>),
    /// Every reachable state was visited without a win.
    Unsolvable,
    /// The state limit was reached first.
    Unknown,
}

/// A search's verdict and effort.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The verdict.
    pub verdict: Verdict,
    /// Distinct states stored.
    pub states: usize,
    /// States expanded.
    pub expanded: usize,
}

/// Search settings (builder style).
#[derive(Clone, Debug)]
pub struct Solver {
    max_states: usize,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver {
            max_states: 3_000_000,
        }
    }
}

/// A move as the search makes it: `n` cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step {
    from: Loc,
    to: Loc,
    n: u8,
}

impl Solver {
    /// A solver with the default limit (3,000,000 states, about 250 MB at most).
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Stops with [`Verdict::Unknown`] after `n` distinct states.
    pub fn max_states(mut self, n: usize) -> Solver {
        self.max_states = n.max(1);
        self
    }

    /// Searches from `start` (any position; auto-play is applied first): the main search
    /// in growing shares with probes between them (`SCHEDULE`). Any search running out of
    /// states to expand is the proof of [`Verdict::Unsolvable`]; `states` and `expanded`
    /// add up every search's.
    pub fn solve(&self, start: &Position) -> Outcome {
        let mut main = Search::new(start, &HEURISTICS);
        let mut total = Outcome {
            verdict: Verdict::Unknown,
            states: 0,
            expanded: 0,
        };
        for &(main_budget, probe, probe_budget) in SCHEDULE {
            if main_budget >= self.max_states {
                break;
            }
            let v = main.run(main_budget);
            if v != Verdict::Unknown {
                return finish(total, &main, v);
            }
            let mut p = Search::new(start, probe);
            let v = p.run(probe_budget.min(self.max_states));
            total.states += p.states();
            total.expanded += p.expanded;
            if matches!(v, Verdict::Solved(_)) {
                total.states += main.states();
                total.expanded += main.expanded;
                total.verdict = v;
                return total;
            }
            if v == Verdict::Unsolvable {
                return finish(total, &main, v);
            }
        }
        let v = main.run(self.max_states);
        finish(total, &main, v)
    }
}

fn finish(mut total: Outcome, main: &Search, v: Verdict) -> Outcome {
    total.states += main.states();
    total.expanded += main.expanded;
    total.verdict = v;
    total
}

/// Between growing shares of the main search (stored states), fresh probes with other
/// heuristics and their own budgets: a greedy search that went astray on one deal rarely
/// does so under other weights. Measured on the 36 hardest deals of 1..32000 (six of which
/// the main search alone left unknown at 3 M states, the others costing it 0.2–1.5 M
/// expansions): 3.5 M expansions in all instead of about 17 M, none unknown (single-heuristic
/// probes at 200,000 and 600,000 states took it from 5.0 M to 3.5 M); on deals 1..2000,
/// 1.23 M instead of 1.43 M. 11982's proof (61,643 states of the main search)
/// pays for the first three probes, 35,000 states.
const SCHEDULE: &[(usize, &[Weights], usize)] = &[
    (10_000, PROBES[0], 5_000),
    (30_000, PROBES[1], 10_000),
    (70_000, PROBES[2], 20_000),
    (200_000, PROBES[3], 60_000),
    (600_000, PROBES[4], 200_000),
    (1_500_000, PROBES[0], 600_000),
];

/// The probes' heuristics (see [`Weights`]).
const PROBES: [&[Weights]; 5] = [
    &[
        [2, 0, 3, 4, 12, 0, 3],
        [6, 0, 1, 4, 12, 0, 3],
        [6, 0, 3, 8, 12, 16, 3],
    ],
    &[[6, 0, 3, 8, 12, 0, 3], [6, 2, 1, 8, 12, 0, 0]],
    &[
        [6, 1, 2, 4, 12, 0, 2],
        [6, 2, 3, 8, 12, 8, 0],
        [2, 0, 3, 4, 12, 0, 3],
    ],
    &[[2, 0, 3, 4, 12, 0, 3]],
    &[[6, 0, 1, 4, 12, 0, 3]],
];

/// Heuristic weights, in this order: cards not home, cards above a lower card of their
/// cascade, cards above each suit's next card, busy free cells, empty cascades (a bonus),
/// path length (sixteenths), cards not in a run resting on their cascade's bottom.
type Weights = [usize; 7];

/// The alternated heuristics. Measured on deals 1..2000 (expansions, a deal's search capped
/// at 200,000 states): the four together 1.05 M in all (median 102 per deal), the best
/// single one 4.0 M, the best three of them 0.99–1.64 M; the greedy restart portfolio this
/// replaced 2.5 M.
const HEURISTICS: [Weights; 4] = [
    [6, 0, 3, 8, 12, 0, 3],
    [6, 1, 2, 4, 12, 0, 2],
    [6, 2, 1, 8, 12, 0, 0],
    [6, 2, 3, 8, 12, 8, 0],
];

/// MS auto-play ([`Autoplay::Ms`]) on a card byte: next on its foundation, and an ace or a
/// two, or both opposite-colour foundations at least one rank below it.
#[inline]
fn ms_home(found: &[u8; 4], c: u8) -> bool {
    let (r0, s) = (c >> 2, (c & 3) as usize);
    // Suits C, D, H, S: C and S are black, D and H red.
    let opposite = if s == 0 || s == 3 {
        found[1].min(found[2])
    } else {
        found[0].min(found[3])
    };
    found[s] == r0 && (r0 < 2 || opposite >= r0)
}

/// A search's tables, kept per thread and reused (cleared) from one search to the next so
/// that a sweep over many deals does not allocate per deal.
#[derive(Default)]
struct Work {
    table: Table,
    parent: Vec<u32>,
    depth: Vec<u16>,
    done: Vec<bool>,
    open: Vec<Buckets>,
    kids: Vec<(u32, Features)>,
    steps: Vec<Step>,
}

thread_local! {
    /// Spare tables for the next searches on this thread (a main search and a probe).
    static POOL: std::cell::RefCell<Vec<Work>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// One alternation search over one table, resumable: [`Search::run`] stops at a state
/// budget and can be called again with a larger one, losing nothing.
struct Search<'a> {
    w: Work,
    start: Position,
    hs: &'a [Weights],
    ncells: usize,
    turn: usize,
    expanded: usize,
}

impl<'a> Search<'a> {
    fn new(start: &Position, hs: &'a [Weights]) -> Search<'a> {
        let mut w = POOL.with(|p| p.borrow_mut().pop()).unwrap_or_default();
        w.table.clear();
        w.parent.clear();
        w.depth.clear();
        w.done.clear();
        let mut root = *start;
        root.auto_home(ms_home);
        w.table.insert(&encode(&root));
        w.parent.push(u32::MAX);
        w.depth.push(0);
        w.done.push(false);
        w.open.resize_with(hs.len(), Buckets::default);
        for list in w.open.iter_mut() {
            list.clear();
            list.push(0, 0);
        }
        Search {
            w,
            start: *start,
            hs,
            ncells: start.cell_count(),
            turn: 0,
            expanded: 0,
        }
    }

    fn states(&self) -> usize {
        self.w.table.len()
    }

    /// Searches until a win (`Solved`), an exhausted graph (`Unsolvable`), or `budget`
    /// stored states (`Unknown`; checked between expansions, so that a later call resumes
    /// with every stored state queued).
    fn run(&mut self, budget: usize) -> Verdict {
        let Work {
            table,
            parent,
            depth,
            done,
            open,
            kids,
            steps,
        } = &mut self.w;
        let root = decode(&table.keys[0], self.ncells);
        if root.is_won() {
            return Verdict::Solved(reconstruct(&self.start, table, &[0]));
        }
        let n = self.hs.len();
        while table.len() < budget {
            // The next state: the best unexpanded one of the list whose turn it is (or of
            // the next list that has one).
            let mut next = None;
            for j in 0..n {
                let list = &mut open[(self.turn + j) % n];
                while let Some(i) = list.pop() {
                    if !done[i as usize] {
                        next = Some(i);
                        break;
                    }
                }
                if next.is_some() {
                    break;
                }
            }
            self.turn = (self.turn + 1) % n;
            let Some(idx) = next else {
                return Verdict::Unsolvable;
            };
            done[idx as usize] = true;
            self.expanded += 1;
            let p = decode(&table.keys[idx as usize], self.ncells);
            steps.clear();
            generate(&p, steps);
            let d = depth[idx as usize] + 1;
            kids.clear();
            for s in steps.iter() {
                let mut q = p;
                q.apply_unchecked(s.from, s.to, s.n as usize);
                q.auto_home(ms_home);
                let (child, new) = table.insert(&encode(&q));
                if !new {
                    continue;
                }
                parent.push(idx);
                depth.push(d);
                done.push(false);
                if q.is_won() {
                    let path = path_to(parent, child);
                    return Verdict::Solved(reconstruct(&self.start, table, &path));
                }
                kids.push((child, Features::of(&q, d)));
            }
            for (list, w) in open.iter_mut().zip(self.hs) {
                for (c, f) in kids.iter() {
                    list.push(f.score(w), *c);
                }
            }
        }
        Verdict::Unknown
    }
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        let w = std::mem::take(&mut self.w);
        POOL.with(|p| {
            let mut p = p.borrow_mut();
            if p.len() < 2 {
                p.push(w);
            }
        });
    }
}

/// A bucket queue of state indexes on small integer scores, newest first within a bucket
/// (a depth-first bias among equals).
#[derive(Default)]
struct Buckets {
    b: Vec<Vec<u32>>,
    min: usize,
}

impl Buckets {
    fn push(&mut self, s: usize, idx: u32) {
        if s >= self.b.len() {
            self.b.resize_with(s + 1, Vec::new);
        }
        self.b[s].push(idx);
        self.min = self.min.min(s);
    }

    fn clear(&mut self) {
        for v in &mut self.b {
            v.clear();
        }
        self.min = 0;
    }

    fn pop(&mut self) -> Option<u32> {
        while self.min < self.b.len() {
            if let Some(i) = self.b[self.min].pop() {
                return Some(i);
            }
            self.min += 1;
        }
        None
    }
}

/// What the heuristics weigh, read off a position in one pass (see [`Weights`]).
#[derive(Clone, Copy, Default)]
struct Features([usize; 7]);

impl Features {
    fn of(p: &Position, depth: u16) -> Features {
        let found = p.foundations();
        // Each suit's next card as a bit (card bytes are < 52; a complete suit has none).
        let mut next = 0u64;
        for (s, &h) in found.iter().enumerate() {
            if h < 13 {
                next |= 1 << (h as usize * 4 + s);
            }
        }
        let mut above_lower = 0;
        let mut above_next = 0;
        let mut misplaced = 0;
        let mut empties = 0;
        for k in 0..8 {
            let (col, n) = p.raw_column(k);
            if n == 0 {
                empties += 1;
                continue;
            }
            // The run resting on the bottom never needs to move but home; its cards are
            // each lower than everything beneath them.
            let mut w = 1;
            while w < n && fits(col[w], col[w - 1]) {
                w += 1;
            }
            misplaced += n - w;
            let mut min_rank = col[w - 1] >> 2;
            for (i, &b) in col[..n].iter().enumerate() {
                if next >> b & 1 == 1 {
                    above_next += n - 1 - i;
                }
                if i >= w {
                    let r = b >> 2;
                    // Must move before a lower card beneath it can go home.
                    above_lower += usize::from(r > min_rank);
                    min_rank = min_rank.min(r);
                }
            }
        }
        Features([
            52 - p.home() as usize,
            above_lower,
            above_next,
            p.cell_count() - p.free_cells(),
            empties,
            depth as usize,
            misplaced,
        ])
    }

    /// Lower is better.
    fn score(&self, w: &Weights) -> usize {
        let f = &self.0;
        let s = w[0] * f[0] + w[1] * f[1] + w[2] * f[2] + w[3] * f[3] + w[6] * f[6];
        s.saturating_sub(w[4] * f[4]) + f[5] * w[5] / 16
    }
}

#[inline]
fn red(c: u8) -> bool {
    (c & 3).wrapping_sub(1) < 2
}

/// Every move the search tries from `p` (see the module doc).
#[allow(clippy::needless_range_loop)] // parallel arrays indexed by cascade
fn generate(p: &Position, out: &mut Vec<Step>) {
    let found = p.foundations();
    let cells = p.raw_cells();
    // One pass over the cascades: tops, run lengths, the first empty cascade.
    let mut top = [NO_CARD; 8];
    let mut run = [0usize; 8];
    let mut len = [0usize; 8];
    let mut empty_col = None;
    let mut empties = 0;
    for k in 0..8 {
        let (col, n) = p.raw_column(k);
        len[k] = n;
        if n == 0 {
            empty_col.get_or_insert(k);
            empties += 1;
            continue;
        }
        top[k] = col[n - 1];
        let mut r = 1;
        while r < n && fits(col[n - r], col[n - r - 1]) {
            r += 1;
        }
        run[k] = r;
    }
    let mut free = 0;
    let mut free_cell = None;
    for (i, &c) in cells.iter().enumerate() {
        if c == NO_CARD {
            free += 1;
            free_cell.get_or_insert(i);
        }
    }
    let cap_onto = (free + 1) << empties;
    let cap_empty = if empties > 0 {
        (free + 1) << (empties - 1)
    } else {
        0
    };
    let home = |c: u8| found[(c & 3) as usize] == c >> 2;
    // Home.
    for (i, &c) in cells.iter().enumerate() {
        if c != NO_CARD && home(c) {
            out.push(Step {
                from: Loc::Cell(i as u8),
                to: Loc::Foundation,
                n: 1,
            });
        }
    }
    for k in 0..8 {
        if len[k] > 0 && home(top[k]) {
            out.push(Step {
                from: Loc::Cascade(k as u8),
                to: Loc::Foundation,
                n: 1,
            });
        }
    }
    // Cascade to cascade.
    for s in 0..8 {
        if len[s] == 0 {
            continue;
        }
        let t_s = top[s];
        for d in 0..8 {
            if d == s || len[d] == 0 {
                continue;
            }
            let t = top[d];
            // The run's card that fits on `t`: rank one lower than t, `n` cards from the top.
            let n = (t >> 2) as usize;
            let n = n.wrapping_sub((t_s >> 2) as usize);
            if n >= 1 && n <= run[s] && n <= cap_onto && (red(t_s) != red(t)) == (n % 2 == 1) {
                out.push(Step {
                    from: Loc::Cascade(s as u8),
                    to: Loc::Cascade(d as u8),
                    n: n as u8,
                });
            }
        }
        if let Some(e) = empty_col {
            for n in 1..=run[s].min(cap_empty) {
                if n == len[s] {
                    break; // a whole cascade into an empty one: the same state
                }
                out.push(Step {
                    from: Loc::Cascade(s as u8),
                    to: Loc::Cascade(e as u8),
                    n: n as u8,
                });
            }
        }
    }
    // Free cell to cascade.
    for (i, &c) in cells.iter().enumerate() {
        if c == NO_CARD {
            continue;
        }
        for d in 0..8 {
            if len[d] > 0 && fits(c, top[d]) {
                out.push(Step {
                    from: Loc::Cell(i as u8),
                    to: Loc::Cascade(d as u8),
                    n: 1,
                });
            }
        }
        if let Some(e) = empty_col {
            out.push(Step {
                from: Loc::Cell(i as u8),
                to: Loc::Cascade(e as u8),
                n: 1,
            });
        }
    }
    // Cascade to free cell.
    if let Some(f) = free_cell {
        for s in 0..8 {
            if len[s] > 0 {
                out.push(Step {
                    from: Loc::Cascade(s as u8),
                    to: Loc::Cell(f as u8),
                    n: 1,
                });
            }
        }
    }
}

const NO_CARD: u8 = 0xff;

/// Whether card byte `c` may go on card byte `below` in a cascade.
#[inline]
fn fits(c: u8, below: u8) -> bool {
    (c >> 2) + 1 == below >> 2 && red(c) != red(below)
}

/// The canonical key (see [`Key`]): free cells in card order, then the non-empty cascades
/// ordered by their bottom cards (distinct cards, so both orders come from bit masks).
fn encode(p: &Position) -> Key {
    // 32 spare bytes: each cascade is copied as its whole fixed-size array (no variable
    // length copy), the next one overwriting what lies past its end.
    let mut bytes = [0xffu8; 96];
    let mut i = 0;
    let mut m = 0u64;
    for &c in p.raw_cells() {
        if c != 0xff {
            m |= 1 << c;
        }
    }
    while m != 0 {
        bytes[i] = m.trailing_zeros() as u8;
        i += 1;
        m &= m - 1;
    }
    i += 1;
    let mut bottoms = 0u64;
    let mut at = [0u8; 52];
    for k in 0..8 {
        if let Some(&c) = p.raw_cascade(k).first() {
            bottoms |= 1 << c;
            at[c as usize] = k as u8;
        }
    }
    while bottoms != 0 {
        let k = at[bottoms.trailing_zeros() as usize] as usize;
        let (arr, len) = p.raw_column(k);
        bytes[i..i + 32].copy_from_slice(arr);
        bytes[i + len] = 0xff;
        i += len + 1;
        bottoms &= bottoms - 1;
    }
    bytes[i.min(64)..64].fill(0xff);
    // Cards become `index + 1` and the 0xff gaps the 0 separators.
    let mut key = [0u64; 8];
    for (w, chunk) in key.iter_mut().zip(bytes.chunks_exact(8)) {
        let b = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        *w = add_bytes_one(b);
    }
    key
}

/// Adds 1 to each byte of `w` (wrapping within the byte: 0xff becomes 0).
#[inline]
fn add_bytes_one(w: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    ((w & LOW7) + 0x0101_0101_0101_0101) ^ (w & HIGH)
}

fn decode(key: &Key, ncells: usize) -> Position {
    let mut bytes = [0u8; 64];
    for (w, chunk) in key.iter().zip(bytes.chunks_exact_mut(8)) {
        chunk.copy_from_slice(&w.to_le_bytes());
    }
    let mut p = Position::blank(ncells);
    let mut present = [0u8; 4];
    let mut i = 0;
    while bytes[i] != 0 {
        let c = bytes[i] - 1;
        p.set_cell_raw(i, c);
        present[(c & 3) as usize] += 1;
        i += 1;
    }
    i += 1;
    for k in 0..8 {
        while i < 64 && bytes[i] != 0 {
            let c = bytes[i] - 1;
            p.push_raw(k, c);
            present[(c & 3) as usize] += 1;
            i += 1;
        }
        i += 1;
    }
    p.set_foundations(present.map(|n| 13 - n));
    p
}

fn path_to(parent: &[u32], mut idx: u32) -> Vec<u32> {
    let mut path = vec![idx];
    while parent[idx as usize] != u32::MAX {
        idx = parent[idx as usize];
        path.push(idx);
    }
    path.reverse();
    path
}

/// Replays the path of canonical states from the real start, finding at each step the move
/// (in the real cascade and cell order) that leads to the next state, and writes it in
/// standard notation.
fn reconstruct(start: &Position, table: &Table, path: &[u32]) -> Vec<Move> {
    let mut p = *start;
    let mut out = Vec::new();
    // The replay does not auto-play before the first move: write the first card the search
    // sent home at the start; auto-play after it sends the rest.
    let mut first = None;
    Autoplay::Ms.run(&mut p, |l, _| {
        first.get_or_insert(Move::new(l, Loc::Foundation));
    });
    out.extend(first);
    let mut steps = Vec::new();
    for &next in &path[1..] {
        let want = &table.keys[next as usize];
        steps.clear();
        generate(&p, &mut steps);
        let (s, q) = steps
            .iter()
            .find_map(|s| {
                let mut q = p;
                q.apply_unchecked(s.from, s.to, s.n as usize);
                q.auto_home(ms_home);
                (encode(&q) == *want).then_some((*s, q))
            })
            .expect("a stored child is reachable by a generated move");
        write_step(&p, s, &mut out);
        p = q;
    }
    out
}

/// Writes one search move in standard notation: two characters when a replay reads it
/// unambiguously (MS auto-play, "as many as possible" into an empty cascade), else with its
/// count (`51/3`: part of a run into an empty cascade).
fn write_step(p: &Position, s: Step, out: &mut Vec<Move>) {
    let mut mv = Move::new(s.from, s.to);
    if p.judge(mv, EmptyTarget::Most) != Ok(s.n as usize) {
        mv.count = Some(s.n);
    }
    debug_assert_eq!(p.judge(mv, EmptyTarget::Most), Ok(s.n as usize));
    out.push(mv);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::deal;
    use crate::position::card;

    #[test]
    fn encode_decode_round_trip() {
        let p = Position::new(&deal(1).unwrap(), 4).unwrap();
        let q = decode(&encode(&p), 4);
        assert_eq!(encode(&q), encode(&p));
        assert_eq!(q.foundations(), [0; 4]);
    }

    /// The canonical key by the definition: free cells sorted, cascades sorted by their
    /// bottom cards, as text.
    fn reference_key(p: &Position) -> String {
        let mut cells: Vec<u8> = p
            .raw_cells()
            .iter()
            .copied()
            .filter(|&c| c != 0xff)
            .collect();
        cells.sort_unstable();
        let mut cols: Vec<Vec<u8>> = (0..8)
            .map(|k| p.raw_cascade(k).to_vec())
            .filter(|c| !c.is_empty())
            .collect();
        cols.sort();
        format!("{cells:?}{cols:?}{:?}", p.foundations())
    }

    #[test]
    fn keys_are_equal_exactly_when_canonical_layouts_are() {
        // Positions along pseudo-random playouts (generated moves, auto-play) of a few deals.
        let mut seen: std::collections::HashMap<Key, String> = Default::default();
        let mut x = 12345u64;
        for n in [1, 2, 3, 11982, 617] {
            let mut p = Position::new(&deal(n).unwrap(), 4).unwrap();
            let mut steps = Vec::new();
            for _ in 0..300 {
                let k = encode(&p);
                let r = reference_key(&p);
                assert_eq!(reference_key(&decode(&k, 4)), r);
                assert_eq!(seen.entry(k).or_insert_with(|| r.clone()), &r);
                steps.clear();
                generate(&p, &mut steps);
                if steps.is_empty() {
                    break;
                }
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let s = steps[(x >> 33) as usize % steps.len()];
                p.apply_unchecked(s.from, s.to, s.n as usize);
                p.auto_home(ms_home);
            }
        }
        let distinct: std::collections::HashSet<&String> = seen.values().collect();
        assert_eq!(distinct.len(), seen.len(), "two layouts share a key");
    }

    #[test]
    fn fast_auto_play_rule_is_the_ms_rule() {
        for f in 0..14u32.pow(4) {
            let found = [0, 1, 2, 3].map(|i| (f / 14u32.pow(i) % 14) as u8);
            for c in 0..52u8 {
                let card = card(c);
                let want = Autoplay::Ms.sends_home(found, card.suit(), card.rank());
                assert_eq!(ms_home(&found, c), want, "{card} on {found:?}");
            }
        }
    }

    #[test]
    fn joke_deal_minus_2_is_proven_unwinnable_with_no_free_cells() {
        let p = Position::new(&deal(-2).unwrap(), 0).unwrap();
        assert_eq!(Solver::new().solve(&p).verdict, Verdict::Unsolvable);
    }
}
