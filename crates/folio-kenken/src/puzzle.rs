//! The puzzle model: a size, and cages that cover the grid, each with an operation and a target.

use crate::error::PuzzleError;
use crate::layouts::{self, Enumeration, Shape};

pub use crate::grid::{Op, Pos, MAX_SIZE, MIN_SIZE};

/// One cage: its operation, its target and its cells (row-major indices `row * size + col`,
/// ascending).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The operation.
    pub op: Op,
    /// The target the operation must reach.
    pub target: u64,
    /// Row-major cell indices, ascending.
    pub cells: Vec<usize>,
}

impl Cage {
    /// A cage; its cells are sorted.
    pub fn new(op: Op, target: u64, mut cells: Vec<usize>) -> Cage {
        cells.sort_unstable();
        Cage { op, target, cells }
    }

    /// Whether `digits` (one per cell, in the order of [`Cage::cells`]) meet the target.
    pub fn is_met_by(&self, digits: &[u8]) -> bool {
        digits.len() == self.cells.len() && self.op.eval(digits) == Some(self.target)
    }

    /// The clue as printed on the grid: `12+`, `2/`, `3` (a given).
    pub fn clue(&self) -> String {
        match self.op {
            Op::Given => self.target.to_string(),
            op => format!("{}{}", self.target, op.symbol()),
        }
    }
}

/// A KenKen puzzle: an N×N grid (N in [`MIN_SIZE`]..=[`MAX_SIZE`]) cut into cages.
///
/// Built only through [`Puzzle::new`], which checks the structure, so every `Puzzle` has
/// every cell in exactly one connected cage, − and ÷ on two cells, `=` on one, and targets
/// that some digits can reach. Cages are kept in Keen's clue order: by lowest cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    size: usize,
    cages: Vec<Cage>,
    cage_of: Vec<usize>,
}

impl Puzzle {
    /// Checks and builds a puzzle. Cages are reordered by their lowest cell.
    ///
    /// # Errors
    /// The first structural fault found: a size out of range, a cell out of the grid, in two
    /// cages or in none, an empty or disconnected cage, an operation on the wrong number of
    /// cells, or a target no digits reach. Cage numbers in errors are indices into `cages` as
    /// given.
    pub fn new(size: usize, cages: Vec<Cage>) -> Result<Puzzle, PuzzleError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(PuzzleError::Size { size });
        }
        let area = size * size;
        let mut cage_of = vec![usize::MAX; area];
        for (k, cage) in cages.iter().enumerate() {
            if cage.cells.is_empty() {
                return Err(PuzzleError::EmptyCage { cage: k });
            }
            for &cell in &cage.cells {
                if cell >= area {
                    return Err(PuzzleError::CellOutOfGrid {
                        cage: k,
                        cell,
                        size,
                    });
                }
                if cage_of[cell] != usize::MAX {
                    return Err(PuzzleError::CellInTwoCages {
                        cell: Pos::of(cell, size),
                        first: cage_of[cell],
                        second: k,
                    });
                }
                cage_of[cell] = k;
            }
        }
        if let Some(cell) = cage_of.iter().position(|&c| c == usize::MAX) {
            return Err(PuzzleError::CellUncovered {
                cell: Pos::of(cell, size),
            });
        }
        for (k, cage) in cages.iter().enumerate() {
            if let Some(a) = cage.op.arity() {
                if a != cage.cells.len() {
                    return Err(PuzzleError::Arity {
                        cage: k,
                        op: cage.op,
                        cells: cage.cells.len(),
                    });
                }
            }
            if !is_connected(&cage.cells, size) {
                return Err(PuzzleError::Disconnected { cage: k });
            }
            if !target_reachable(cage, size) {
                return Err(PuzzleError::Unreachable {
                    cage: k,
                    clue: cage.clue(),
                    cells: cage.cells.len(),
                    size,
                });
            }
        }
        let mut cages = cages;
        for c in &mut cages {
            c.cells.sort_unstable();
        }
        cages.sort_by_key(|c| c.cells[0]);
        for (k, c) in cages.iter().enumerate() {
            for &cell in &c.cells {
                cage_of[cell] = k;
            }
        }
        Ok(Puzzle {
            size,
            cages,
            cage_of,
        })
    }

    /// N, the side of the grid.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The cages, by lowest cell.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The index (into [`Puzzle::cages`]) of the cage holding `cell`.
    ///
    /// # Panics
    /// When `cell >= size * size`.
    pub fn cage_of(&self, cell: usize) -> usize {
        self.cage_of[cell]
    }
}

/// Whether `cells` form one orthogonally connected region.
fn is_connected(cells: &[usize], size: usize) -> bool {
    let mut seen = vec![false; cells.len()];
    let mut stack = vec![0usize];
    seen[0] = true;
    let mut count = 1;
    while let Some(i) = stack.pop() {
        let a = Pos::of(cells[i], size);
        for (j, &other) in cells.iter().enumerate() {
            if seen[j] {
                continue;
            }
            let p = Pos::of(other, size);
            if a.row.abs_diff(p.row) + a.col.abs_diff(p.col) == 1 {
                seen[j] = true;
                count += 1;
                stack.push(j);
            }
        }
    }
    count == cells.len()
}

/// Enumeration budget for the reachability check: a cage whose layouts take longer to search
/// is accepted (the solver then finds out); only absurd cages of dozens of cells get there.
const REACHABLE_BUDGET: u64 = 200_000;

/// Whether some digits 1..=size, distinct within each row and column of the cage, reach the
/// cage's target.
fn target_reachable(cage: &Cage, size: usize) -> bool {
    let shape = Shape::new(cage.op, cage.target, &cage.cells, size);
    let full = layouts::full_mask(size);
    let cand = vec![full; size * size];
    let mut found = false;
    let mut budget = REACHABLE_BUDGET;
    let e = layouts::enumerate(&shape, &cand, &mut budget, &mut |_| {
        found = true;
        false
    });
    found || e == Enumeration::OutOfBudget
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ops_evaluate_in_either_order() {
        assert_eq!(Op::Sub.eval(&[1, 4]), Some(3));
        assert_eq!(Op::Sub.eval(&[4, 1]), Some(3));
        assert_eq!(Op::Div.eval(&[2, 6]), Some(3));
        assert_eq!(Op::Div.eval(&[6, 4]), None);
        assert_eq!(Op::Mul.eval(&[2, 3, 4]), Some(24));
        assert_eq!(Op::Given.eval(&[3]), Some(3));
        assert_eq!(Op::Sub.eval(&[1, 2, 3]), None);
    }

    fn domino(op: Op, target: u64, a: usize, b: usize) -> Cage {
        Cage::new(op, target, vec![a, b])
    }

    #[test]
    fn structure_is_checked() {
        // 2x2: cells 0 1 / 2 3.
        let ok = Puzzle::new(2, vec![domino(Op::Add, 3, 0, 1), domino(Op::Sub, 1, 2, 3)]);
        assert!(ok.is_ok());
        assert_eq!(Puzzle::new(0, vec![]), Err(PuzzleError::Size { size: 0 }));
        assert_eq!(
            Puzzle::new(100, vec![]),
            Err(PuzzleError::Size { size: 100 })
        );
        assert!(matches!(
            Puzzle::new(2, vec![domino(Op::Add, 3, 0, 1)]),
            Err(PuzzleError::CellUncovered { .. })
        ));
        assert!(matches!(
            Puzzle::new(2, vec![domino(Op::Add, 3, 0, 3), domino(Op::Add, 3, 1, 2)]),
            Err(PuzzleError::Disconnected { cage: 0 })
        ));
        assert!(matches!(
            Puzzle::new(
                2,
                vec![
                    Cage::new(Op::Sub, 1, vec![0, 1, 2]),
                    Cage::new(Op::Given, 1, vec![3])
                ]
            ),
            Err(PuzzleError::Arity { cage: 0, .. })
        ));
        let given_pair = Puzzle::new(
            2,
            vec![
                Cage::new(Op::Given, 1, vec![0, 1]),
                Cage::new(Op::Add, 3, vec![2, 3]),
            ],
        );
        let said = given_pair.unwrap_err().to_string();
        assert!(said.ends_with("takes 1 cell, not 2"), "{said}");
        assert!(matches!(
            Puzzle::new(2, vec![domino(Op::Add, 9, 0, 1), domino(Op::Sub, 1, 2, 3)]),
            Err(PuzzleError::Unreachable { cage: 0, .. })
        ));
        // Two equal digits in a cage are fine when they share no row or column.
        let diag = Puzzle::new(
            2,
            vec![
                Cage::new(Op::Add, 4, vec![0, 1, 2]),
                Cage::new(Op::Given, 2, vec![3]),
            ],
        );
        assert!(diag.is_ok(), "{diag:?}");
    }

    #[test]
    fn cages_are_kept_in_clue_order() {
        let p = Puzzle::new(2, vec![domino(Op::Sub, 1, 2, 3), domino(Op::Add, 3, 1, 0)]).unwrap();
        assert_eq!(p.cages()[0].cells, vec![0, 1]);
        assert_eq!(p.cage_of(3), 1);
    }
}
