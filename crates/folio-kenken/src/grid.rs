//! The vocabulary below the puzzle: sizes, cells ([`Pos`]) and cage operations ([`Op`]).

use std::fmt;

/// The smallest size a puzzle may have (a 1×1 grid is a Latin square on `1`).
pub const MIN_SIZE: usize = 1;
/// The largest size: digits are written `1`–`9` then `a`–`g` (10–16), as Keen's keys do.
pub const MAX_SIZE: usize = 16;

/// A cage's operation. `−` and `÷` apply to two cells in either order (the larger first);
/// `=` is a single-cell given (NYT style). Source: `../shared/docs/kenken.md` §1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    /// The digits sum to the target.
    Add,
    /// The absolute difference of the two digits is the target.
    Sub,
    /// The digits multiply to the target.
    Mul,
    /// The larger digit divided by the smaller is exactly the target.
    Div,
    /// The single cell holds the target (a given).
    Given,
}

impl Op {
    /// Every operation, in the order of [`Op::symbol`]'s table.
    pub const ALL: [Op; 5] = [Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Given];

    /// The ASCII symbol folio writes: `+ - x / =`.
    pub fn symbol(self) -> char {
        match self {
            Op::Add => '+',
            Op::Sub => '-',
            Op::Mul => 'x',
            Op::Div => '/',
            Op::Given => '=',
        }
    }

    /// Reads a symbol: `+`; `-` or `−`; `x`, `X`, `*` or `×`; `/` or `÷`; `=`.
    pub fn from_symbol(s: &str) -> Option<Op> {
        Some(match s {
            "+" => Op::Add,
            "-" | "−" => Op::Sub,
            "x" | "X" | "*" | "×" => Op::Mul,
            "/" | "÷" => Op::Div,
            "=" => Op::Given,
            _ => return None,
        })
    }

    /// The number of cells the operation needs: `Some(2)` for − and ÷, `Some(1)` for `=`,
    /// `None` (any number) for + and ×.
    pub fn arity(self) -> Option<usize> {
        match self {
            Op::Sub | Op::Div => Some(2),
            Op::Given => Some(1),
            Op::Add | Op::Mul => None,
        }
    }

    /// The value of the operation over `digits` (`None` for a ÷ that does not divide, or a
    /// count of digits the operation does not take). Products saturate at `u64::MAX`.
    pub fn eval(self, digits: &[u8]) -> Option<u64> {
        if self.arity().is_some_and(|a| a != digits.len()) || digits.is_empty() {
            return None;
        }
        let d = |i: usize| u64::from(digits[i]);
        Some(match self {
            Op::Add => digits.iter().map(|&x| u64::from(x)).sum(),
            Op::Mul => digits
                .iter()
                .fold(1u64, |p, &x| p.saturating_mul(u64::from(x))),
            Op::Sub => d(0).abs_diff(d(1)),
            Op::Div => {
                let (hi, lo) = (d(0).max(d(1)), d(0).min(d(1)));
                if lo == 0 || hi % lo != 0 {
                    return None;
                }
                hi / lo
            }
            Op::Given => d(0),
        })
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// A cell's place: 0-based row and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// 0-based row.
    pub row: usize,
    /// 0-based column.
    pub col: usize,
}

impl Pos {
    /// The place of row-major index `cell` in a grid of side `size`.
    pub fn of(cell: usize, size: usize) -> Pos {
        Pos {
            row: cell / size,
            col: cell % size,
        }
    }

    /// The spreadsheet name folio's scripts use: column letter, 1-based row (`B3`).
    pub fn name(self) -> String {
        format!("{}{}", (b'A' + self.col as u8) as char, self.row + 1)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (row {}, column {})",
            self.name(),
            self.row + 1,
            self.col + 1
        )
    }
}
