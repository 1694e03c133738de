//! The solver: best-first search over canonical states with atomic supermoves and the MS
//! auto-play after every move.
//!
//! - **State identity** ignores the order of cascades and of free cells (`table::Key`).
//! - **Moves**: every legal move, a supermove counting as one (onto a cascade the count is
//!   forced; into an empty cascade every count up to the capacity); only the first empty
//!   cascade and free cell are tried (the others give the same canonical state).
//! - **Auto-moves**: the MS rule ([`Autoplay::Ms`]) after every move. It only sends home a
//!   card no remaining card can be built on, so it never turns a won game into a lost one,
//!   and the searched graph is the whole game: exhausting it proves a deal unwinnable.
//! - **Limit**: after `max_states` distinct states the answer is [`Verdict::Unknown`].

mod table;

use crate::autoplay::Autoplay;
use crate::moves::{EmptyTarget, Loc, Move};
use crate::position::{card, Position};
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

    /// Searches from `start` (any position; auto-play is applied first).
    ///
    /// Runs a portfolio of best-first searches with growing budgets and different weights
    /// (the tail of hard deals is where a single heuristic loses its time), the last one
    /// with the whole `max_states` budget. Any stage that runs out of states to expand has
    /// searched everything: that is the proof of [`Verdict::Unsolvable`].
    pub fn solve(&self, start: &Position) -> Outcome {
        let mut total = Outcome {
            verdict: Verdict::Unknown,
            states: 0,
            expanded: 0,
        };
        let stages = STAGES.iter().filter(|s| s.1 < self.max_states).copied();
        for (w, budget) in stages.chain([(STAGES[0].0, self.max_states)]) {
            let o = search(start, &w, budget);
            total.states += o.states;
            total.expanded += o.expanded;
            if o.verdict != Verdict::Unknown {
                total.verdict = o.verdict;
                return total;
            }
        }
        total
    }
}

/// The portfolio: heuristic weights (see [`score`]) and a state budget per stage.
const STAGES: [(Weights, usize); 4] = [
    ([6, 2, 3, 8, 12, 2], 2_000),
    ([4, 2, 2, 6, 8, 0], 2_000),
    ([6, 2, 3, 8, 12, 2], 20_000),
    ([4, 2, 2, 6, 8, 0], 50_000),
];

type Weights = [usize; 6];

fn search(start: &Position, w: &Weights, max_states: usize) -> Outcome {
    let mut root = *start;
    Autoplay::Ms.run(&mut root, |_, _| {});
    let mut table = Table::new();
    let mut parent: Vec<u32> = vec![u32::MAX];
    let mut depth: Vec<u16> = vec![0];
    table.insert(&encode(&root));
    let mut open = Buckets::default();
    open.push(score(&root, 0, w), 0);
    let mut expanded = 0;
    let mut steps = Vec::with_capacity(64);
    let ncells = start.cell_count();
    while let Some(idx) = open.pop() {
        let p = decode(&table.keys[idx as usize], ncells);
        expanded += 1;
        steps.clear();
        generate(&p, &mut steps);
        let d = depth[idx as usize] + 1;
        for s in &steps {
            let mut q = p;
            q.apply_unchecked(s.from, s.to, s.n as usize);
            Autoplay::Ms.run(&mut q, |_, _| {});
            let (child, new) = table.insert(&encode(&q));
            if !new {
                continue;
            }
            parent.push(idx);
            depth.push(d);
            if q.is_won() {
                let path = path_to(&parent, child);
                let moves = reconstruct(start, &table, &path);
                return Outcome {
                    verdict: Verdict::Solved(moves),
                    states: table.len(),
                    expanded,
                };
            }
            if table.len() >= max_states {
                return Outcome {
                    verdict: Verdict::Unknown,
                    states: table.len(),
                    expanded,
                };
            }
            open.push(score(&q, d, w), child);
        }
    }
    let verdict = if root.is_won() {
        Verdict::Solved(Vec::new())
    } else {
        Verdict::Unsolvable
    };
    Outcome {
        verdict,
        states: table.len(),
        expanded,
    }
}

/// A bucket queue on small integer scores, newest first within a bucket (a depth-first bias).
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

/// Lower is better (weights `w` in this order): cards still out, how deep the next cards of each suit lie, cards sitting
/// above a lower card of their cascade, busy free cells; a little of the path length.
fn score(p: &Position, depth: u16, w: &Weights) -> usize {
    let found = p.foundations();
    let mut s = 0usize;
    s += w[0] * (52 - p.home() as usize);
    for k in 0..8 {
        let col = p.raw_cascade(k);
        let mut min_rank = 14u8;
        for (i, &b) in col.iter().enumerate() {
            let r = b / 4 + 1;
            if r > min_rank {
                s += w[1]; // must move before a lower card beneath it can go home
            }
            min_rank = min_rank.min(r);
            if found[(b & 3) as usize] + 1 == r {
                s += w[2] * (col.len() - 1 - i); // cards above the next card home
            }
        }
    }
    s += w[3] * (p.cell_count() - p.free_cells());
    s = s.saturating_sub(w[4] * p.empty_cascades());
    s + depth as usize * w[5] / 16
}

/// Every move the search tries from `p` (see the module doc).
fn generate(p: &Position, out: &mut Vec<Step>) {
    let found = p.foundations();
    let cells = p.raw_cells();
    let empty_col = (0..8).find(|&k| p.cascade_len(k) == 0);
    let free_cell = p.first_free_cell();
    let cap_onto = p.capacity(false);
    let cap_empty = if empty_col.is_some() {
        p.capacity(true)
    } else {
        0
    };
    // Home.
    for (i, &c) in cells.iter().enumerate() {
        if c != 0xff && found[(c & 3) as usize] == c / 4 {
            out.push(Step {
                from: Loc::Cell(i as u8),
                to: Loc::Foundation,
                n: 1,
            });
        }
    }
    for k in 0..8 {
        if let Some(t) = p.top(k) {
            if p.foundation_accepts(t) {
                out.push(Step {
                    from: Loc::Cascade(k as u8),
                    to: Loc::Foundation,
                    n: 1,
                });
            }
        }
    }
    // Cascade to cascade.
    for s in 0..8 {
        let len = p.cascade_len(s);
        if len == 0 {
            continue;
        }
        let run = p.run_len(s);
        let top = p.top(s).expect("non-empty");
        for d in 0..8 {
            if d == s {
                continue;
            }
            let Some(t) = p.top(d) else { continue };
            let n = t.rank() as usize;
            let n = n.wrapping_sub(top.rank() as usize);
            if n >= 1 && n <= run && n <= cap_onto && (top.is_red() != t.is_red()) == (n % 2 == 1) {
                out.push(Step {
                    from: Loc::Cascade(s as u8),
                    to: Loc::Cascade(d as u8),
                    n: n as u8,
                });
            }
        }
        if let Some(e) = empty_col {
            for n in 1..=run.min(cap_empty) {
                if n == len {
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
        if c == 0xff {
            continue;
        }
        let c = card(c);
        for d in 0..8 {
            if p.top(d).is_some_and(|t| c.fits_on(t)) {
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
            if p.cascade_len(s) > 0 {
                out.push(Step {
                    from: Loc::Cascade(s as u8),
                    to: Loc::Cell(f as u8),
                    n: 1,
                });
            }
        }
    }
}

fn encode(p: &Position) -> Key {
    let mut bytes = [0u8; 64];
    let mut i = 0;
    let mut cells = [0u8; 8];
    let raw = p.raw_cells();
    let mut nc = 0;
    for &c in raw {
        if c != 0xff {
            cells[nc] = c + 1;
            nc += 1;
        }
    }
    cells[..nc].sort_unstable();
    bytes[..nc].copy_from_slice(&cells[..nc]);
    i += nc + 1;
    // Non-empty cascades have distinct bottom cards: order by it.
    let mut order = [0u8; 8];
    let mut no = 0;
    for k in 0..8 {
        if p.cascade_len(k) > 0 {
            order[no] = k as u8;
            no += 1;
        }
    }
    order[..no].sort_unstable_by_key(|&k| p.raw_cascade(k as usize)[0]);
    for &k in &order[..no] {
        for &c in p.raw_cascade(k as usize) {
            bytes[i] = c + 1;
            i += 1;
        }
        i += 1;
    }
    let mut key = [0u64; 8];
    for (w, chunk) in key.iter_mut().zip(bytes.chunks_exact(8)) {
        *w = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
    }
    key
}

fn decode(key: &Key, ncells: usize) -> Position {
    let mut bytes = [0u8; 64];
    for (w, chunk) in key.iter().zip(bytes.chunks_exact_mut(8)) {
        chunk.copy_from_slice(&w.to_le_bytes());
    }
    let mut present = [0u8; 4];
    let mut cells = [0xffu8; 8];
    let mut i = 0;
    while bytes[i] != 0 {
        cells[i] = bytes[i] - 1;
        present[((bytes[i] - 1) & 3) as usize] += 1;
        i += 1;
    }
    i += 1;
    let mut cols: [&[u8]; 8] = [&[]; 8];
    let mut raw = [[0u8; 32]; 8];
    let mut lens = [0usize; 8];
    for k in 0..8 {
        while i < 64 && bytes[i] != 0 {
            raw[k][lens[k]] = bytes[i] - 1;
            present[((bytes[i] - 1) & 3) as usize] += 1;
            lens[k] += 1;
            i += 1;
        }
        i += 1;
    }
    for k in 0..8 {
        cols[k] = &raw[k][..lens[k]];
    }
    let found = present.map(|n| 13 - n);
    Position::from_raw(&cols, &cells[..ncells], found)
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
                Autoplay::Ms.run(&mut q, |_, _| {});
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

    #[test]
    fn encode_decode_round_trip() {
        let p = Position::new(&deal(1).unwrap(), 4).unwrap();
        let q = decode(&encode(&p), 4);
        assert_eq!(encode(&q), encode(&p));
        assert_eq!(q.foundations(), [0; 4]);
    }

    #[test]
    fn joke_deal_minus_2_is_proven_unwinnable_with_no_free_cells() {
        let p = Position::new(&deal(-2).unwrap(), 0).unwrap();
        assert_eq!(Solver::new().solve(&p).verdict, Verdict::Unsolvable);
    }
}
