//! The solver: constraint propagation to a fixpoint, then search on the most constrained cell,
//! counting solutions up to a cap (2 proves uniqueness).
//!
//! Candidates are one `u16` bitmask per cell. Propagation alternates two rules until neither
//! changes anything:
//! - **Latin**: a cell with one candidate removes it from its row and column; a digit with
//!   one place left in a row or column goes there (naked and hidden singles).
//! - **Cages**: every layout of a cage allowed by the candidates is enumerated (with sum and
//!   product bounds pruning the search) and each cell keeps only the digits some layout puts
//!   there. Only cages with a changed cell are revisited.
//!
//! A cage whose layouts are too many to enumerate in one step (a cage of dozens of cells)
//! is skipped for that step; every solution is checked against every cage before it counts,
//! so skipping never gives a wrong answer.
//! A cage every Latin square meets (whole rows or columns at their sum or product) is never
//! enumerated nor checked.

use crate::grid::Op;
use crate::layouts::{self, digit_of, Enumeration, Shape};
use crate::puzzle::{Cage, Puzzle, MAX_SIZE};

const AREA: usize = MAX_SIZE * MAX_SIZE;

/// Nodes one cage's enumeration may take in one propagation step.
const CAGE_BUDGET: u64 = 50_000;

/// Candidates of every cell, and which cells changed since the cages last looked.
#[derive(Clone)]
pub(crate) struct State {
    pub cand: [u16; AREA],
    dirty: [u64; AREA / 64],
    /// Cage-layout nodes enumerated since the search last collected them.
    work: u64,
}

impl State {
    fn set(&mut self, cell: usize, m: u16) {
        self.cand[cell] = m;
        self.dirty[cell / 64] |= 1 << (cell % 64);
    }
}

/// What a count found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solutions {
    /// Solutions found, at most the cap.
    pub count: u64,
    /// The first solution found (N² digits, row-major).
    pub first: Option<Vec<u8>>,
    /// Search nodes (guesses) visited.
    pub nodes: u64,
    /// Search states: the nodes, plus every step of the cage-layout enumerations their
    /// propagation ran (what [`Solver::max_states`] bounds; a measure of the time spent).
    pub states: u64,
    /// The search stopped at the limit ([`Solver::max_states`]) before it was complete:
    /// `count` is then only a lower bound (and 0 proves nothing).
    pub limit_reached: bool,
}

impl Solutions {
    /// Whether exactly one solution exists (the count was run with a cap of at least 2 and
    /// did not stop at the node limit).
    pub fn is_unique(&self) -> bool {
        self.count == 1 && !self.limit_reached
    }
}

/// A solver prepared for one puzzle (or for bare Latin squares of a size).
///
/// ```
/// let id = folio_kenken::parse_keen_id("4dn:a_4a_a_a__aaba,m48d2s1a6s1m4d2").unwrap();
/// let found = folio_kenken::Solver::new(&id.puzzle).count(2);
/// assert_eq!(found.count, 1);
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    size: usize,
    shapes: Vec<Shape>,
    /// Per cage: met by every Latin square ([`latin_implied`]), so never enumerated nor
    /// checked.
    implied: Vec<bool>,
    cage_of: Vec<usize>,
    lines: Vec<Vec<usize>>,
    max_states: u64,
}

impl Solver {
    /// A solver for `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Solver {
        let n = puzzle.size();
        let mut s = Solver::latin(n);
        s.shapes = puzzle
            .cages()
            .iter()
            .map(|c| Shape::new(c.op, c.target, &c.cells, n))
            .collect();
        s.implied = puzzle.cages().iter().map(|c| latin_implied(c, n)).collect();
        s.cage_of = (0..n * n).map(|c| puzzle.cage_of(c)).collect();
        s
    }

    /// A solver for Latin squares of order `size` with no cages (to count them).
    ///
    /// # Panics
    /// When `size` is 0 or above [`MAX_SIZE`].
    pub fn latin(size: usize) -> Solver {
        assert!((1..=MAX_SIZE).contains(&size), "size {size}");
        let rows = (0..size).map(|r| (0..size).map(|c| r * size + c).collect());
        let cols = (0..size).map(|c| (0..size).map(|r| r * size + c).collect());
        Solver {
            size,
            shapes: Vec::new(),
            implied: Vec::new(),
            cage_of: Vec::new(),
            lines: rows.chain(cols).collect(),
            max_states: u64::MAX,
        }
    }

    /// Stops a count once it has spent `states` search states ([`Solutions::states`]:
    /// guesses and cage-layout steps), with [`Solutions::limit_reached`] set; a count may
    /// overrun it by one propagation (at most a few cage budgets). Unlimited by default.
    /// A contradiction the propagation cannot see (in cages too large to enumerate) may
    /// otherwise take more states than can be visited.
    pub fn max_states(mut self, states: u64) -> Solver {
        self.max_states = states;
        self
    }

    /// The starting state: every digit possible everywhere, every cell to be looked at.
    pub(crate) fn initial(&self) -> State {
        let mut st = State {
            cand: [0; AREA],
            dirty: [u64::MAX; AREA / 64],
            work: 0,
        };
        let full = layouts::full_mask(self.size);
        st.cand[..self.size * self.size].fill(full);
        st
    }

    /// Counts solutions, stopping at `cap` (use 2 to prove uniqueness).
    pub fn count(&self, cap: u64) -> Solutions {
        self.count_from(&self.initial(), cap)
    }

    /// Counts the solutions within candidates `st` (a grader's partial work).
    pub(crate) fn count_from(&self, st: &State, cap: u64) -> Solutions {
        let mut out = Solutions {
            count: 0,
            first: None,
            nodes: 0,
            states: 0,
            limit_reached: false,
        };
        let mut st = st.clone();
        let consistent = self.propagate(&mut st);
        out.states += std::mem::take(&mut st.work);
        if cap > 0 && consistent {
            self.search(st, cap, &mut out);
        }
        out
    }

    /// Counts solutions of the candidates given as one mask per cell (bit `d - 1` = digit
    /// `d`), e.g. a partly filled grid. Used by the session replay and tests.
    pub fn count_with(&self, cand: &[u16], cap: u64) -> Solutions {
        let mut st = self.initial();
        let area = self.size * self.size;
        st.cand[..area].copy_from_slice(&cand[..area]);
        self.count_from(&st, cap)
    }

    fn search(&self, st: State, cap: u64, out: &mut Solutions) {
        if out.states >= self.max_states {
            out.limit_reached = true;
            return;
        }
        out.nodes += 1;
        out.states += 1;
        let area = self.size * self.size;
        let mut best = usize::MAX;
        let mut best_n = u32::MAX;
        for (cell, &m) in st.cand[..area].iter().enumerate() {
            let n = m.count_ones();
            if n > 1 && n < best_n {
                best_n = n;
                best = cell;
                if n == 2 {
                    break;
                }
            }
        }
        if best == usize::MAX {
            let digits: Vec<u8> = st.cand[..area].iter().map(|&m| digit_of(m)).collect();
            if self.cages_met(&digits) {
                out.count += 1;
                if out.first.is_none() {
                    out.first = Some(digits);
                }
            }
            return;
        }
        let mut m = st.cand[best];
        while m != 0 {
            let b = m & m.wrapping_neg();
            m &= m - 1;
            let mut next = st.clone();
            next.set(best, b);
            let consistent = self.propagate(&mut next);
            out.states += std::mem::take(&mut next.work);
            if consistent {
                self.search(next, cap, out);
                if out.count >= cap || out.limit_reached {
                    return;
                }
            }
        }
    }

    fn cages_met(&self, digits: &[u8]) -> bool {
        self.shapes.iter().zip(&self.implied).all(|(s, &implied)| {
            if implied {
                return true;
            }
            let d: Vec<u8> = s.cells.iter().map(|&c| digits[c]).collect();
            s.op.eval(&d) == Some(s.target)
        })
    }

    /// Propagates to a fixpoint; `false` on a contradiction.
    pub(crate) fn propagate(&self, st: &mut State) -> bool {
        let mut seen = [0u64; AREA / 64];
        loop {
            if !self.latin_fixpoint(st) {
                return false;
            }
            if st.dirty.iter().all(|&w| w == 0) || self.shapes.is_empty() {
                st.dirty = [0; AREA / 64];
                return true;
            }
            let dirty = std::mem::replace(&mut st.dirty, [0; AREA / 64]);
            seen.fill(0);
            for (w, &bits) in dirty.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let cell = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if cell >= self.cage_of.len() {
                        break;
                    }
                    let k = self.cage_of[cell];
                    if seen[k / 64] & (1 << (k % 64)) != 0 {
                        continue;
                    }
                    seen[k / 64] |= 1 << (k % 64);
                    if !self.implied[k] && !self.cage(st, k) {
                        return false;
                    }
                }
            }
        }
    }

    /// Keeps in each cell of cage `k` only the digits some layout puts there.
    fn cage(&self, st: &mut State, k: usize) -> bool {
        let shape = &self.shapes[k];
        let cells = &shape.cells;
        let n = cells.len();
        let mut support = [0u16; AREA];
        let mut open = n; // cells whose candidates are not all supported yet
        let cand = &st.cand;
        let mut budget = CAGE_BUDGET;
        let e = layouts::enumerate(shape, cand, &mut budget, &mut |digits: &[u8]| {
            for (i, &d) in digits.iter().enumerate() {
                let b = layouts::bit(d);
                if support[i] & b == 0 {
                    support[i] |= b;
                    if support[i] == cand[cells[i]] {
                        open -= 1;
                    }
                }
            }
            open > 0
        });
        st.work += CAGE_BUDGET - budget;
        if e != Enumeration::Done {
            return true; // every candidate supported, or too many layouts: nothing to remove
        }
        for (i, &cell) in cells.iter().enumerate() {
            let m = st.cand[cell] & support[i];
            if m == 0 {
                return false;
            }
            if m != st.cand[cell] {
                st.set(cell, m);
            }
        }
        true
    }

    /// Naked and hidden singles over rows and columns, to a fixpoint.
    fn latin_fixpoint(&self, st: &mut State) -> bool {
        let full = layouts::full_mask(self.size);
        loop {
            let mut changed = false;
            for line in &self.lines {
                let mut fixed = 0u16;
                for &c in line {
                    let m = st.cand[c];
                    if m == 0 {
                        return false;
                    }
                    if m & (m - 1) == 0 {
                        if fixed & m != 0 {
                            return false;
                        }
                        fixed |= m;
                    }
                }
                let (mut once, mut twice) = (0u16, 0u16);
                for &c in line {
                    let mut m = st.cand[c];
                    if m & (m - 1) != 0 && m & fixed != 0 {
                        m &= !fixed;
                        if m == 0 {
                            return false;
                        }
                        st.set(c, m);
                        changed = true;
                    }
                    twice |= once & m;
                    once |= m;
                }
                if once != full {
                    return false;
                }
                let hidden = once & !twice & !fixed;
                if hidden != 0 {
                    for &c in line {
                        let m = st.cand[c];
                        let h = m & hidden;
                        if h != 0 {
                            if h & (h - 1) != 0 {
                                return false;
                            }
                            if m != h {
                                st.set(c, h);
                                changed = true;
                            }
                        }
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }
}

/// Whether every Latin square of order `n` meets `cage`: its cells are whole rows (or whole
/// columns), and it asks their sum (product) of `1..=n` each. Enumerating such a cage only
/// spends its budget (a row of 12 has 12! layouts): a 12×12 of row-sum cages is then
/// solved as the Latin square it is.
fn latin_implied(cage: &Cage, n: usize) -> bool {
    let k = cage.cells.len() / n;
    if k == 0 || !cage.cells.len().is_multiple_of(n) {
        return false;
    }
    let whole = |line_of: &dyn Fn(usize) -> usize| {
        let mut count = [0usize; MAX_SIZE];
        cage.cells.iter().for_each(|&c| count[line_of(c)] += 1);
        count.iter().all(|&x| x == 0 || x == n)
    };
    if !whole(&|c| c / n) && !whole(&|c| c % n) {
        return false;
    }
    let n = n as u64;
    let target = match cage.op {
        Op::Add => Some(k as u64 * n * (n + 1) / 2),
        Op::Mul => (1..=n)
            .try_fold(1u64, u64::checked_mul)
            .and_then(|line| (0..k).try_fold(1u64, |acc, _| acc.checked_mul(line))),
        _ => None,
    };
    target == Some(cage.target)
}

/// The number of Latin squares of order `n` (1 ≤ n ≤ 16), counted by search; only small
/// orders finish (n ≤ 5 gives 1, 2, 12, 576, 161280, OEIS A002860).
pub fn count_latin_squares(n: usize) -> u64 {
    Solver::latin(n).count(u64::MAX).count
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One cage per row (or column), each its line's sum or product: any Latin square
    /// solves it, found in a few states even at 16×16 (it took the whole default limit at
    /// 12×12 when every guess enumerated the row cages), and still proven ambiguous.
    #[test]
    fn line_cages_met_by_every_latin_square_are_solved_fast() {
        let letters = "abcdefghijklmnop";
        for (n, op, columns) in [
            (12, '+', false),
            (16, '+', false),
            (12, '+', true),
            (8, '*', false),
        ] {
            let clue = match op {
                '+' => (n * (n + 1) / 2) as u64,
                _ => (1..=n as u64).product(),
            };
            let mut text = format!("kenken {n}\n");
            for r in 0..n {
                let row: String = (0..n)
                    .map(|c| letters.as_bytes()[if columns { c } else { r }] as char)
                    .collect();
                text.push_str(&row);
                text.push('\n');
            }
            text.push('\n');
            for r in 0..n {
                text.push_str(&format!("{} {clue}{op}\n", &letters[r..=r]));
            }
            let entries = crate::parse_puzzles(&text).unwrap();
            let p = &entries[0].puzzle;
            let found = Solver::new(p).max_states(100_000).count(2);
            assert_eq!((found.count, found.limit_reached), (2, false), "{n}{op}");
            assert!(crate::check(p, found.first.as_deref().unwrap()).is_empty());
        }
    }

    #[test]
    fn latin_squares_up_to_five() {
        let got: Vec<u64> = (1..=5).map(count_latin_squares).collect();
        assert_eq!(got, [1, 2, 12, 576, 161280]);
    }

    #[test]
    fn a_count_stops_at_max_states() {
        // 576 Latin squares of order 4: a count of all of them needs many guesses.
        let all = Solver::latin(4).count(u64::MAX);
        assert!(!all.limit_reached);
        assert_eq!(all.count, 576);
        let cut = Solver::latin(4).max_states(50).count(u64::MAX);
        assert!(cut.limit_reached);
        assert!(!cut.is_unique());
        assert!(cut.states >= 50 && cut.nodes <= 50, "{cut:?}");
        assert!(cut.count < 576);
        // A limit the count does not reach changes nothing.
        let roomy = Solver::latin(4).max_states(all.states + 1).count(u64::MAX);
        assert_eq!((roomy.count, roomy.limit_reached), (576, false));
    }
}
