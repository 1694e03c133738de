//! The grader: the least level of Keen's deduction ladder that solves a puzzle without
//! guessing (`../shared/docs/kenken.md` §3; keen.c `solver_common` and latin.c).
//!
//! Each level adds rules to the one below; deduction runs every rule allowed, always going
//! back to the easiest rule after any change, until nothing changes.
//!
//! | level | rules added |
//! |---|---|
//! | Easy | Latin singles: a cell with one candidate is placed and its digit leaves the row and column; a digit with one place in a row or column goes there. Cages: every layout allowed by the candidates is enumerated, and each cell keeps only the **union of the digits of all layouts** (which cell takes which is ignored, deliberately weaker). |
//! | Normal | Cages keep candidates **per cell**: a digit stays in a cell only if some layout puts it there (replaces Easy's cage rule). |
//! | Hard | Latin **set elimination** in each row and column (naked and hidden subsets of any size). Cage **must-contain**: a digit that every layout puts in the cage's part of a row (column) leaves the rest of that row (column). |
//! | Extreme | **Positional sets** for one digit across rows and columns (X-wing, swordfish and larger fish) and **forcing chains**: from a two-candidate cell, follow two-candidate cells sharing a row or column; a peer of the start that the chain proves cannot hold the start's other digit loses it. |
//! | Unreasonable | Guessing (search on the most constrained cell), accepted only when the solution is unique. |
//!
//! A puzzle solved by deduction alone (up to Extreme) has exactly one solution.

use std::fmt;

use crate::layouts::{self, bit, Enumeration, Shape};
use crate::puzzle::Puzzle;
use crate::solver::Solver;

/// Keen's difficulty levels, easiest first. Letters `e n h x u` as in Keen IDs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// Singles and per-cage digit unions.
    Easy,
    /// Cage layouts per cell.
    Normal,
    /// Row/column subsets and cage must-contain.
    Hard,
    /// Fish and forcing chains.
    Extreme,
    /// Needs guessing (unique nevertheless).
    Unreasonable,
}

impl Difficulty {
    /// Every level, easiest first.
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Easy,
        Difficulty::Normal,
        Difficulty::Hard,
        Difficulty::Extreme,
        Difficulty::Unreasonable,
    ];

    /// Keen's letter: `e n h x u`.
    pub fn letter(self) -> char {
        ['e', 'n', 'h', 'x', 'u'][self as usize]
    }

    /// The lower-case name: `easy` … `unreasonable`.
    pub fn name(self) -> &'static str {
        ["easy", "normal", "hard", "extreme", "unreasonable"][self as usize]
    }

    /// The level of a Keen letter.
    pub fn from_letter(c: char) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.letter() == c)
    }

    /// The level named `s` (any case) or lettered `s`.
    pub fn from_name(s: &str) -> Option<Difficulty> {
        let s = s.to_ascii_lowercase();
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == s || (s.len() == 1 && s.starts_with(d.letter())))
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What grading found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grade {
    /// One solution, found at this level and not below.
    Unique(Difficulty),
    /// More than one solution.
    Ambiguous,
    /// No solution.
    Impossible,
}

/// Grades `puzzle` on Keen's ladder.
pub fn grade(puzzle: &Puzzle) -> Grade {
    grade_within(puzzle, Difficulty::Unreasonable).unwrap_or(Grade::Ambiguous)
}

/// Grades `puzzle` but stops above `max`: `None` when the puzzle needs a harder level than
/// `max` (the generator's early exit).
pub fn grade_within(puzzle: &Puzzle, max: Difficulty) -> Option<Grade> {
    let mut d = Deducer::new(puzzle);
    for level in Difficulty::ALL {
        if level > max {
            return None;
        }
        if level == Difficulty::Unreasonable {
            let solver = Solver::new(puzzle);
            let mut st = solver.initial();
            st.cand[..d.cand.len()].copy_from_slice(&d.cand);
            let found = solver.count_from(&st, 2);
            return Some(match found.count {
                0 => Grade::Impossible,
                1 => Grade::Unique(Difficulty::Unreasonable),
                _ => Grade::Ambiguous,
            });
        }
        // Each level starts from the fixpoint of the one below: its rules include theirs.
        match d.run(level) {
            Progress::Solved => return Some(Grade::Unique(level)),
            Progress::Contradiction => return Some(Grade::Impossible),
            Progress::Stuck => {}
        }
    }
    unreachable!("the loop returns at Unreasonable")
}

/// The candidates left after deduction at `level` (one mask per cell, bit `d - 1` = digit
/// `d`), or `None` on a contradiction.
pub fn deduce(puzzle: &Puzzle, level: Difficulty) -> Option<Vec<u16>> {
    let mut d = Deducer::new(puzzle);
    match d.run(level.min(Difficulty::Extreme)) {
        Progress::Contradiction => None,
        _ => Some(d.cand),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Progress {
    Solved,
    Stuck,
    Contradiction,
}

/// The result of one rule: it changed something, nothing, or found a contradiction.
type Step = Result<bool, ()>;

struct Deducer {
    n: usize,
    cand: Vec<u16>,
    shapes: Vec<Shape>,
    cage_of: Vec<usize>,
    lines: Vec<Vec<usize>>,
}

const BUDGET: u64 = 200_000;

impl Deducer {
    fn new(p: &Puzzle) -> Deducer {
        let n = p.size();
        let rows = (0..n).map(|r| (0..n).map(|c| r * n + c).collect());
        let cols = (0..n).map(|c| (0..n).map(|r| r * n + c).collect());
        Deducer {
            n,
            cand: vec![layouts::full_mask(n); n * n],
            shapes: p
                .cages()
                .iter()
                .map(|c| Shape::new(c.op, c.target, &c.cells, n))
                .collect(),
            cage_of: (0..n * n).map(|c| p.cage_of(c)).collect(),
            lines: rows.chain(cols).collect(),
        }
    }

    fn run(&mut self, level: Difficulty) -> Progress {
        use Difficulty::*;
        'again: loop {
            for i in Difficulty::ALL {
                if i > level {
                    break;
                }
                let step = match i {
                    Easy => self
                        .when(level == Easy, |d| d.cages_per_cell(true))
                        .and_then(|c| if c { Ok(c) } else { self.singles() }),
                    Normal => self.cages_per_cell(false),
                    Hard => {
                        self.cages_must_contain()
                            .and_then(|c| if c { Ok(c) } else { self.line_sets() })
                    }
                    Extreme => self
                        .fish()
                        .and_then(|c| if c { Ok(c) } else { self.forcing() }),
                    Unreasonable => Ok(false),
                };
                match step {
                    Err(()) => return Progress::Contradiction,
                    Ok(true) => continue 'again,
                    Ok(false) => {}
                }
            }
            break;
        }
        if self.cand.iter().all(|&m| m.count_ones() == 1) {
            Progress::Solved
        } else {
            Progress::Stuck
        }
    }

    fn when(&mut self, cond: bool, f: impl FnOnce(&mut Self) -> Step) -> Step {
        if cond {
            f(self)
        } else {
            Ok(false)
        }
    }

    fn restrict(&mut self, cell: usize, keep: u16) -> Step {
        let m = self.cand[cell] & keep;
        if m == 0 {
            return Err(());
        }
        let changed = m != self.cand[cell];
        self.cand[cell] = m;
        Ok(changed)
    }

    /// Easy and Normal cage rules: `union` keeps the digits of all layouts in every cell.
    fn cages_per_cell(&mut self, union: bool) -> Step {
        let mut changed = false;
        for k in 0..self.shapes.len() {
            let shape = &self.shapes[k];
            let n = shape.cells.len();
            let mut support = vec![0u16; n];
            let mut any = 0u16;
            let mut budget = BUDGET;
            let e = layouts::enumerate(shape, &self.cand, &mut budget, &mut |d: &[u8]| {
                for (i, &x) in d.iter().enumerate() {
                    support[i] |= bit(x);
                    any |= bit(x);
                }
                true
            });
            if e == Enumeration::OutOfBudget {
                continue;
            }
            for (i, &keep) in support.iter().enumerate() {
                let cell = self.shapes[k].cells[i];
                changed |= self.restrict(cell, if union { any } else { keep })?;
            }
        }
        Ok(changed)
    }

    /// Hard cage rule: digits every layout puts in the cage's part of a line leave the rest.
    fn cages_must_contain(&mut self) -> Step {
        let n = self.n;
        for k in 0..self.shapes.len() {
            let shape = &self.shapes[k];
            // must[line] for rows 0..n and columns n..2n; lines the cage touches only.
            let mut touches = vec![false; 2 * n];
            for i in 0..shape.cells.len() {
                touches[shape.row(i)] = true;
                touches[n + shape.col(i)] = true;
            }
            let mut must = vec![layouts::full_mask(n); 2 * n];
            let mut present = vec![0u16; 2 * n];
            let mut layouts_seen = 0u64;
            let mut budget = BUDGET;
            let e = layouts::enumerate(shape, &self.cand, &mut budget, &mut |d: &[u8]| {
                layouts_seen += 1;
                present.fill(0);
                for (i, &x) in d.iter().enumerate() {
                    present[shape.row(i)] |= bit(x);
                    present[n + shape.col(i)] |= bit(x);
                }
                for (m, p) in must.iter_mut().zip(&present) {
                    *m &= p;
                }
                true
            });
            if e == Enumeration::OutOfBudget || layouts_seen == 0 {
                continue;
            }
            let mut changed = false;
            for line in 0..2 * n {
                if !touches[line] || must[line] == 0 {
                    continue;
                }
                for j in 0..n {
                    let cell = if line < n {
                        line * n + j
                    } else {
                        j * n + (line - n)
                    };
                    if self.cage_of[cell] != k {
                        changed |= self.restrict(cell, !must[line])?;
                    }
                }
            }
            if changed {
                return Ok(true); // back to easier rules, as Keen does
            }
        }
        Ok(false)
    }

    /// Latin singles over rows and columns, one sweep.
    fn singles(&mut self) -> Step {
        let full = layouts::full_mask(self.n);
        let mut changed = false;
        for l in 0..self.lines.len() {
            let mut fixed = 0u16;
            for &c in &self.lines[l] {
                let m = self.cand[c];
                if m.count_ones() == 1 {
                    if fixed & m != 0 {
                        return Err(());
                    }
                    fixed |= m;
                }
            }
            let (mut once, mut twice) = (0u16, 0u16);
            for j in 0..self.n {
                let c = self.lines[l][j];
                if self.cand[c].count_ones() > 1 {
                    changed |= self.restrict(c, !fixed)?;
                }
                let m = self.cand[c];
                twice |= once & m;
                once |= m;
            }
            if once != full {
                return Err(());
            }
            let hidden = once & !twice & !fixed;
            for j in 0..self.n {
                let c = self.lines[l][j];
                let h = self.cand[c] & hidden;
                if h != 0 {
                    if h.count_ones() > 1 {
                        return Err(());
                    }
                    changed |= self.restrict(c, h)?;
                }
            }
        }
        Ok(changed)
    }

    /// Hard Latin rule: in a row or column, k unsolved cells whose candidates together hold
    /// only k digits keep those digits to themselves (the complement covers hidden subsets).
    fn line_sets(&mut self) -> Step {
        for l in 0..self.lines.len() {
            let open: Vec<usize> = self.lines[l]
                .iter()
                .copied()
                .filter(|&c| self.cand[c].count_ones() > 1)
                .collect();
            let masks: Vec<u16> = open.iter().map(|&c| self.cand[c]).collect();
            if let Some((set, union)) = find_set(&masks)? {
                let mut changed = false;
                for (i, &c) in open.iter().enumerate() {
                    if set & (1 << i) == 0 {
                        changed |= self.restrict(c, !union)?;
                    }
                }
                if changed {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Extreme Latin rule: for one digit, k rows whose places for it lie in only k columns
    /// keep it out of those columns elsewhere (fish).
    fn fish(&mut self) -> Step {
        let n = self.n;
        for d in 0..n {
            let b = 1u16 << d;
            let mut rows = Vec::new();
            let mut places = Vec::new();
            for r in 0..n {
                let cols: u16 = (0..n)
                    .filter(|&c| self.cand[r * n + c] & b != 0)
                    .fold(0, |m, c| m | 1 << c);
                if cols.count_ones() > 1 {
                    rows.push(r);
                    places.push(cols);
                }
            }
            if let Some((set, cols)) = find_set(&places)? {
                let mut changed = false;
                for (i, &r) in rows.iter().enumerate() {
                    if set & (1 << i) != 0 {
                        continue;
                    }
                    for c in 0..n {
                        if cols & (1 << c) != 0 {
                            changed |= self.restrict(r * n + c, !b)?;
                        }
                    }
                }
                if changed {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Extreme forcing chains over two-candidate cells (latin.c `latin_solver_forcing`).
    fn forcing(&mut self) -> Step {
        let n = self.n;
        let area = n * n;
        let mut number = vec![0u16; area]; // the digit bit a visited cell is forced to; 0 = unvisited
        let mut queue = Vec::with_capacity(area);
        for start in 0..area {
            let m = self.cand[start];
            if m.count_ones() != 2 {
                continue;
            }
            for orig in [m & m.wrapping_neg(), m & (m - 1)] {
                // Suppose `start` is not `orig`: it is the other digit.
                number.fill(0);
                queue.clear();
                queue.push(start);
                number[start] = m & !orig;
                let mut head = 0;
                while head < queue.len() {
                    let cur = queue[head];
                    head += 1;
                    let cur_n = number[cur];
                    let (r, c) = (cur / n, cur % n);
                    let peers = (0..n).map(|y| y * n + c).chain((0..n).map(|x| r * n + x));
                    for nb in peers {
                        if nb == cur || number[nb] != 0 || self.cand[nb] & cur_n == 0 {
                            continue;
                        }
                        let nm = self.cand[nb];
                        if nm.count_ones() == 2 {
                            queue.push(nb);
                            number[nb] = nm & !cur_n;
                        }
                        if cur_n == orig && (nb / n == start / n || nb % n == start % n) {
                            // Either start is orig, or the chain puts orig in `cur`, a peer
                            // of `nb`: `nb` is not orig either way.
                            self.restrict(nb, !orig)?;
                            return Ok(true);
                        }
                    }
                }
            }
        }
        Ok(false)
    }
}

/// Among `masks`, a subset of k of them (1 < k < len) whose union has k bits and meets some
/// mask outside the subset (so that removing it changes something): its members (bitset of
/// indices) and union. `Err` when some k masks share fewer than k bits.
fn find_set(masks: &[u16]) -> Result<Option<(u32, u16)>, ()> {
    let m = masks.len();
    if !(3..=16).contains(&m) {
        return Ok(None);
    }
    for set in 1u32..(1 << m) - 1 {
        let k = set.count_ones();
        if k < 2 {
            continue;
        }
        let mut union = 0u16;
        let mut bits = set;
        while bits != 0 {
            union |= masks[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        let u = union.count_ones();
        if u < k {
            return Err(());
        }
        if u == k && (0..m).any(|i| set & (1 << i) == 0 && masks[i] & union != 0) {
            return Ok(Some((set, union)));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_letters() {
        for d in Difficulty::ALL {
            assert_eq!(Difficulty::from_letter(d.letter()), Some(d));
            assert_eq!(Difficulty::from_name(d.name()), Some(d));
        }
        assert_eq!(Difficulty::from_name("Extreme"), Some(Difficulty::Extreme));
        assert_eq!(Difficulty::from_name("x"), Some(Difficulty::Extreme));
        assert_eq!(Difficulty::from_name("medium"), None);
    }

    #[test]
    fn find_set_sees_naked_pairs() {
        // Cells {1,2}, {1,2}, {1,2,3}: the pair keeps 1 and 2.
        assert_eq!(find_set(&[0b011, 0b011, 0b111]), Ok(Some((0b011, 0b011))));
        // A pair that leaves the others untouched is no use.
        assert_eq!(find_set(&[0b011, 0b011, 0b1100, 0b1100]), Ok(None));
        assert_eq!(find_set(&[0b001, 0b001, 0b111]), Err(()));
    }
}
