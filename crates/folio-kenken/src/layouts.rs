//! Cage layouts: every assignment of digits to a cage's cells that meets its target, is
//! allowed by the current candidates and repeats no digit within a row or column of the cage.
//!
//! Candidates are `u16` bitmasks: bit `d - 1` set means digit `d` is still possible. This one
//! enumerator serves the structural check, the solver and the grader.

use crate::grid::Op;

/// The candidate mask holding every digit `1..=size`.
pub(crate) fn full_mask(size: usize) -> u16 {
    if size >= 16 {
        u16::MAX
    } else {
        (1u16 << size) - 1
    }
}

/// The digit of a single-bit mask.
pub(crate) fn digit_of(bit: u16) -> u8 {
    bit.trailing_zeros() as u8 + 1
}

/// The mask of digit `d` (1-based).
pub(crate) fn bit(d: u8) -> u16 {
    1u16 << (d - 1)
}

/// A cage prepared for enumeration: its operation, target, and each cell's index, row and
/// column.
#[derive(Clone, Debug)]
pub(crate) struct Shape {
    pub op: Op,
    pub target: u64,
    pub cells: Vec<usize>,
    rows: Vec<u8>,
    cols: Vec<u8>,
}

impl Shape {
    pub fn new(op: Op, target: u64, cells: &[usize], size: usize) -> Shape {
        Shape {
            op,
            target,
            cells: cells.to_vec(),
            rows: cells.iter().map(|&c| (c / size) as u8).collect(),
            cols: cells.iter().map(|&c| (c % size) as u8).collect(),
        }
    }

    pub fn row(&self, i: usize) -> usize {
        self.rows[i] as usize
    }

    pub fn col(&self, i: usize) -> usize {
        self.cols[i] as usize
    }
}

/// How an enumeration ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Enumeration {
    /// Every layout was visited.
    Done,
    /// The visitor asked to stop.
    Stopped,
    /// The node budget ran out first: what was visited is a subset of the layouts.
    OutOfBudget,
}

/// Calls `visit` with the digits (in the order of `shape.cells`) of every layout allowed by
/// `cand` (indexed by cell), until it returns `false` or `budget` search nodes are spent.
pub(crate) fn enumerate<F: FnMut(&[u8]) -> bool>(
    shape: &Shape,
    cand: &[u16],
    budget: &mut u64,
    visit: &mut F,
) -> Enumeration {
    let k = shape.cells.len();
    let c = |i: usize| cand[shape.cells[i]];
    match shape.op {
        Op::Given => {
            if k != 1 || shape.target == 0 || shape.target > 16 {
                return Enumeration::Done;
            }
            let d = shape.target as u8;
            if c(0) & bit(d) != 0 && !visit(&[d]) {
                return Enumeration::Stopped;
            }
            Enumeration::Done
        }
        Op::Sub | Op::Div => {
            if k != 2 || shape.target > 16 {
                return Enumeration::Done;
            }
            let t = shape.target as u8;
            let mut a = c(0);
            while a != 0 {
                let d0 = digit_of(a & a.wrapping_neg());
                a &= a - 1;
                let partners: [Option<u8>; 2] = if shape.op == Op::Sub {
                    [d0.checked_add(t), d0.checked_sub(t)]
                } else {
                    [
                        d0.checked_mul(t),
                        if d0.is_multiple_of(t.max(1)) {
                            Some(d0 / t.max(1))
                        } else {
                            None
                        },
                    ]
                };
                for (j, p) in partners.into_iter().enumerate() {
                    // t == 0 (or ÷1) makes both partners d0 itself: impossible in a domino.
                    let Some(d1) = p else { continue };
                    if d1 == 0 || d1 > 16 || d1 == d0 || (j == 1 && partners[0] == partners[1]) {
                        continue;
                    }
                    if c(1) & bit(d1) != 0 && !visit(&[d0, d1]) {
                        return Enumeration::Stopped;
                    }
                }
            }
            Enumeration::Done
        }
        Op::Add | Op::Mul => {
            let Some((lo, hi)) = suffix_bounds(shape, cand) else {
                return Enumeration::Done;
            };
            let mut st = Dfs {
                shape,
                cand,
                lo: &lo,
                hi: &hi,
                digits: vec![0u8; k],
                rows: [0u16; 16],
                cols: [0u16; 16],
                budget,
            };
            st.go(0, shape.target, visit)
        }
    }
}

/// For each suffix `i..k` of the cage's cells, the least and greatest sum (for ×, product)
/// its digits can reach; `None` when a cell has no candidate.
///
/// Digits repeat in no row or column, so the cells of the suffix in one row take distinct
/// digits of the union of their candidates: at least the sum (product) of that many of its
/// smallest, at most of its largest, and never beyond the cells' own minima and maxima added
/// up. Rows give one bound and columns another; the tighter of each is kept. A cage of whole
/// rows thus has exactly their sum, and a target off it is refused without a search (a
/// cage of 36 cells whose target is one off took the solver forever).
fn suffix_bounds(shape: &Shape, cand: &[u16]) -> Option<(Vec<u64>, Vec<u64>)> {
    let k = shape.cells.len();
    let add = shape.op == Op::Add;
    // Per row (column): the union of the suffix's candidates there, its cell count, and the
    // sum (product) of its cells' minima and maxima.
    #[derive(Clone, Copy)]
    struct Line {
        union: u16,
        cells: u32,
        min: u64,
        max: u64,
    }
    let empty = Line {
        union: 0,
        cells: 0,
        min: u64::from(!add),
        max: u64::from(!add),
    };
    let combine = |a: u64, b: u64| {
        if add {
            a.saturating_add(b)
        } else {
            a.saturating_mul(b)
        }
    };
    // The bounds of one line: the tighter of distinct digits and per-cell extremes.
    let line_bounds = |l: &Line| -> (u64, u64) {
        let n = l.cells;
        if n > l.union.count_ones() {
            return (u64::MAX, 0); // more cells than digits: nothing fits
        }
        let (mut small, mut large) = (u64::from(!add), u64::from(!add));
        let (mut up, mut down) = (l.union, l.union);
        for _ in 0..n {
            small = combine(small, u64::from(digit_of(up & up.wrapping_neg())));
            up &= up - 1;
            let top = 15 - down.leading_zeros() as u8;
            large = combine(large, u64::from(top) + 1);
            down &= !(1u16 << top);
        }
        (small.max(l.min), large.min(l.max))
    };
    let mut rows = [empty; 16];
    let mut cols = [empty; 16];
    let mut lo = vec![0u64; k + 1];
    let mut hi = vec![0u64; k + 1];
    lo[k] = u64::from(!add);
    hi[k] = u64::from(!add);
    for i in (0..k).rev() {
        let m = cand[shape.cells[i]];
        if m == 0 {
            return None;
        }
        let (min, max) = (
            u64::from(digit_of(m & m.wrapping_neg())),
            16 - u64::from(m.leading_zeros() as u8),
        );
        // The totals are recomputed over the lines in use (a cage spans a few): a product
        // cannot be divided back out once it saturated.
        for (lines, at) in [(&mut rows, shape.row(i)), (&mut cols, shape.col(i))] {
            let l = &mut lines[at];
            l.union |= m;
            l.cells += 1;
            l.min = combine(l.min, min);
            l.max = combine(l.max, max);
        }
        let total = |lines: &[Line; 16]| {
            lines
                .iter()
                .filter(|l| l.cells > 0)
                .map(line_bounds)
                .fold((u64::from(!add), u64::from(!add)), |(a, b), (x, y)| {
                    (combine(a, x), combine(b, y))
                })
        };
        let (row_lo, row_hi) = total(&rows);
        let (col_lo, col_hi) = total(&cols);
        lo[i] = row_lo.max(col_lo);
        hi[i] = row_hi.min(col_hi);
    }
    Some((lo, hi))
}

struct Dfs<'a> {
    shape: &'a Shape,
    cand: &'a [u16],
    lo: &'a [u64],
    hi: &'a [u64],
    digits: Vec<u8>,
    rows: [u16; 16],
    cols: [u16; 16],
    budget: &'a mut u64,
}

impl Dfs<'_> {
    fn go<F: FnMut(&[u8]) -> bool>(&mut self, i: usize, rest: u64, visit: &mut F) -> Enumeration {
        let k = self.digits.len();
        if i == k {
            let done = if self.shape.op == Op::Add {
                rest == 0
            } else {
                rest == 1
            };
            if done && !visit(&self.digits) {
                return Enumeration::Stopped;
            }
            return Enumeration::Done;
        }
        if *self.budget == 0 {
            return Enumeration::OutOfBudget;
        }
        *self.budget -= 1;
        let add = self.shape.op == Op::Add;
        if add {
            if rest < self.lo[i] || rest > self.hi[i] {
                return Enumeration::Done;
            }
        } else if rest < self.lo[i] || rest > self.hi[i] {
            return Enumeration::Done;
        }
        let (r, c) = (self.shape.row(i), self.shape.col(i));
        let mut m = self.cand[self.shape.cells[i]] & !(self.rows[r] | self.cols[c]);
        while m != 0 {
            let b = m & m.wrapping_neg();
            m &= m - 1;
            let d = digit_of(b);
            let dv = u64::from(d);
            let next = if add {
                if dv > rest {
                    break; // digits ascend: every later one is larger still
                }
                rest - dv
            } else {
                if !rest.is_multiple_of(dv) {
                    continue;
                }
                rest / dv
            };
            self.digits[i] = d;
            self.rows[r] |= b;
            self.cols[c] |= b;
            let e = self.go(i + 1, next, visit);
            self.rows[r] &= !b;
            self.cols[c] &= !b;
            if e != Enumeration::Done {
                return e;
            }
        }
        Enumeration::Done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(op: Op, target: u64, cells: &[usize], size: usize) -> Vec<Vec<u8>> {
        let shape = Shape::new(op, target, cells, size);
        let cand = vec![full_mask(size); size * size];
        let mut out = Vec::new();
        let mut budget = u64::MAX;
        enumerate(&shape, &cand, &mut budget, &mut |d: &[u8]| {
            out.push(d.to_vec());
            true
        });
        out.sort();
        out
    }

    #[test]
    fn dominoes_in_either_order() {
        assert_eq!(
            all(Op::Sub, 2, &[0, 1], 4),
            vec![vec![1, 3], vec![2, 4], vec![3, 1], vec![4, 2]]
        );
        assert_eq!(
            all(Op::Div, 2, &[0, 4], 4),
            vec![vec![1, 2], vec![2, 1], vec![2, 4], vec![4, 2]]
        );
        assert!(all(Op::Sub, 0, &[0, 1], 4).is_empty());
        assert!(all(Op::Div, 1, &[0, 1], 4).is_empty());
    }

    #[test]
    fn repeats_only_off_line() {
        // An L of three cells in a 3x3 grid: cells 0 and 4 share no line.
        let l = all(Op::Add, 4, &[0, 1, 4], 3);
        assert!(l.contains(&vec![1, 2, 1]));
        assert!(!l.iter().any(|d| d[0] == d[1] || d[1] == d[2]));
        assert_eq!(all(Op::Mul, 6, &[0, 1, 2], 3).len(), 6);
    }

    #[test]
    fn whole_rows_of_a_sum_cage_have_exactly_their_sum() {
        // Rows 1-4 of a 9x9: each row holds 1..9, so the cage sums to 180, no less or more.
        let shape = Shape::new(Op::Add, 181, &(0..36).collect::<Vec<_>>(), 9);
        let cand = vec![full_mask(9); 81];
        let (lo, hi) = suffix_bounds(&shape, &cand).unwrap();
        assert_eq!((lo[0], hi[0]), (180, 180));
        // Without the first cell: three whole rows and 8 cells of one, 135 + 36..=44.
        assert_eq!((lo[1], hi[1]), (171, 179));
        let mut budget = 1_000;
        let e = enumerate(&shape, &cand, &mut budget, &mut |_| true);
        assert_eq!(
            (e, budget),
            (Enumeration::Done, 999),
            "refused at the first step"
        );
        // The same for a product: each row multiplies to 3! in a 3x3.
        let shape = Shape::new(Op::Mul, 36, &[0, 1, 2, 3, 4, 5], 3);
        let (lo, hi) = suffix_bounds(&shape, &[full_mask(3); 9]).unwrap();
        assert_eq!((lo[0], hi[0]), (36, 36));
    }

    #[test]
    fn the_bounds_keep_every_layout_of_small_cages() {
        // Against the plain enumeration's count, over every target of a few shapes.
        let brute = |op: Op, target: u64, cells: &[usize], size: usize| {
            let mut n = 0;
            let mut digits = vec![1u8; cells.len()];
            loop {
                let ok = op.eval(&digits) == Some(target)
                    && (0..cells.len()).all(|i| {
                        (0..i).all(|j| {
                            let (a, b) = (cells[i], cells[j]);
                            digits[i] != digits[j] || (a / size != b / size && a % size != b % size)
                        })
                    });
                n += usize::from(ok);
                let Some(i) = digits.iter().position(|&d| (d as usize) < size) else {
                    return n;
                };
                digits[i] += 1;
                digits[..i].fill(1);
            }
        };
        for (cells, size) in [
            (&[0usize, 1, 2, 3][..], 4),
            (&[0, 1, 4, 5][..], 4),
            (&[0, 1, 5][..], 4),
        ] {
            for op in [Op::Add, Op::Mul] {
                for target in 1..=64 {
                    assert_eq!(
                        all(op, target, cells, size).len(),
                        brute(op, target, cells, size),
                        "{op} {target} {cells:?}"
                    );
                }
            }
        }
    }
}
