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
//! - **Lazy children**: expanding a state scores every child (copy, move, auto-play,
//!   heuristic) and queues the *edge*; a child is keyed, deduplicated and stored only when
//!   its edge leaves the queue, so children the search never reaches cost no table entry.
//! - **Strategy**: greedy best-first (no path-length term), two heuristics alternated with
//!   budgets growing tenfold (`STAGES`), the last stage with the whole budget.
//! - **Limit**: after `max_states` distinct states (or 32 queued edges per state) the answer
//!   is [`Verdict::Unknown`].

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
/// Two greedy heuristics (no path-length term; they differ in how much a buried next card
/// weighs), alternated with budgets growing tenfold: measured on deals 1..300, the pair
/// needs a fifth fewer expansions than either alone, and the small first budgets cut the
/// tail (median 111 expansions, 90th percentile 666).
const STAGES: [(Weights, usize); 4] = [
    ([6, 2, 3, 8, 12, 0], 500),
    ([6, 2, 1, 8, 12, 0], 500),
    ([6, 2, 3, 8, 12, 0], 5_000),
    ([6, 2, 1, 8, 12, 0], 5_000),
];

type Weights = [usize; 6];

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

/// An open-list entry: a parent state and the move out of it, packed in a `u64`. The child
/// is only stored (hashed, deduplicated) when it is popped, so the children a search never
/// reaches cost a copy, the move, auto-play and the score, not a table entry.
#[derive(Clone, Copy)]
struct Edge(u64);

impl Edge {
    fn new(parent: u32, s: Step) -> Edge {
        Edge(
            u64::from(parent) << 32
                | u64::from(loc_code(s.from)) << 16
                | u64::from(loc_code(s.to)) << 8
                | u64::from(s.n),
        )
    }

    fn parent(self) -> u32 {
        (self.0 >> 32) as u32
    }

    fn step(self) -> Step {
        Step {
            from: loc_of((self.0 >> 16) as u8),
            to: loc_of((self.0 >> 8) as u8),
            n: self.0 as u8,
        }
    }
}

fn loc_code(l: Loc) -> u8 {
    match l {
        Loc::Cascade(k) => k,
        Loc::Cell(i) => 8 + i,
        Loc::Foundation => 16,
    }
}

fn loc_of(c: u8) -> Loc {
    match c {
        0..8 => Loc::Cascade(c),
        8..16 => Loc::Cell(c - 8),
        _ => Loc::Foundation,
    }
}

/// Open-list entries allowed per stored state before the search gives up (memory bound).
const EDGES_PER_STATE: usize = 32;

fn search(start: &Position, w: &Weights, max_states: usize) -> Outcome {
    let mut root = *start;
    root.auto_home(ms_home);
    let mut table = Table::new();
    let mut parent: Vec<u32> = vec![u32::MAX];
    let mut depth: Vec<u16> = vec![0];
    table.insert(&encode(&root));
    let ncells = start.cell_count();
    let mut open = Buckets::default();
    let mut expanded = 0;
    let mut steps = Vec::with_capacity(64);
    // Every expanded position is the decoding of its key, so that an edge's move means the
    // same cascades and cells when its child is made from the parent's key.
    let mut pending = Some((decode(&table.keys[0], ncells), 0u32));
    let mut pushed = 0usize;
    let mut cached = u32::MAX;
    let mut parent_pos = root;
    loop {
        // The next state to expand: the root, then the best open edge that leads somewhere new.
        let (p, idx) = match pending.take() {
            Some(x) => x,
            None => {
                let Some(e) = open.pop() else { break };
                let from = e.parent();
                let s = e.step();
                // Siblings leave the open list together (newest first): decode a parent once.
                if cached != from {
                    parent_pos = decode(&table.keys[from as usize], ncells);
                    cached = from;
                }
                let mut q = parent_pos;
                q.apply_unchecked(s.from, s.to, s.n as usize);
                q.auto_home(ms_home);
                let (child, new) = table.insert(&encode(&q));
                if !new {
                    continue;
                }
                parent.push(from);
                depth.push(depth[from as usize] + 1);
                if table.len() >= max_states {
                    return Outcome {
                        verdict: Verdict::Unknown,
                        states: table.len(),
                        expanded,
                    };
                }
                (decode(&table.keys[child as usize], ncells), child)
            }
        };
        expanded += 1;
        steps.clear();
        generate(&p, &mut steps);
        let d = depth[idx as usize] + 1;
        for s in &steps {
            let mut q = p;
            q.apply_unchecked(s.from, s.to, s.n as usize);
            q.auto_home(ms_home);
            if q.is_won() {
                let (child, _) = table.insert(&encode(&q));
                parent.push(idx);
                depth.push(d);
                let path = path_to(&parent, child);
                let moves = reconstruct(start, &table, &path);
                return Outcome {
                    verdict: Verdict::Solved(moves),
                    states: table.len(),
                    expanded,
                };
            }
            open.push(score(&q, d, w), Edge::new(idx, *s));
            pushed += 1;
        }
        if pushed > max_states.saturating_mul(EDGES_PER_STATE) {
            return Outcome {
                verdict: Verdict::Unknown,
                states: table.len(),
                expanded,
            };
        }
    }
    let verdict = if root.is_won() {
        Verdict::Solved(reconstruct(start, &table, &[0]))
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
    b: Vec<Vec<Edge>>,
    min: usize,
}

impl Buckets {
    fn push(&mut self, s: usize, idx: Edge) {
        if s >= self.b.len() {
            self.b.resize_with(s + 1, Vec::new);
        }
        self.b[s].push(idx);
        self.min = self.min.min(s);
    }

    fn pop(&mut self) -> Option<Edge> {
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

/// The canonical key (see [`Key`]): free cells in card order, then the non-empty cascades
/// ordered by their bottom cards (distinct cards, so both orders come from bit masks).
fn encode(p: &Position) -> Key {
    let mut bytes = [0xffu8; 64];
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
        let col = p.raw_cascade(at[bottoms.trailing_zeros() as usize] as usize);
        bytes[i..i + col.len()].copy_from_slice(col);
        i += col.len() + 1;
        bottoms &= bottoms - 1;
    }
    // Cards become `index + 1` and the 0xff gaps the 0 separators.
    for b in &mut bytes {
        *b = b.wrapping_add(1);
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
