//! [`Loc`]: where something stands in a script, the one location type of every game.

use std::fmt;

/// A 1-based position in a script: line number and character column (not byte).
///
/// Every game's parser, finding and report speaks this type; `Display` writes `line:col`,
/// the form of `file:line:col` diagnostics. Ordering is by line, then column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub struct Loc {
    /// 1-based line number.
    pub line: u32,
    /// 1-based column, counted in characters of the decoded line.
    pub col: u32,
}

impl Loc {
    /// A location at `line`, `col` (both 1-based).
    pub const fn new(line: u32, col: u32) -> Loc {
        Loc { line, col }
    }

    /// The location `index` (0-based) lines into a script, at `col`: line numbers of real
    /// files fit in `u32`, and one past it saturates rather than wraps.
    pub fn at_index(index: usize, col: usize) -> Loc {
        Loc {
            line: u32::try_from(index + 1).unwrap_or(u32::MAX),
            col: u32::try_from(col).unwrap_or(u32::MAX),
        }
    }
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_by_line_then_column_and_prints_line_colon_col() {
        let mut locs = vec![Loc::new(2, 1), Loc::new(1, 9), Loc::new(1, 2)];
        locs.sort();
        assert_eq!(locs, [Loc::new(1, 2), Loc::new(1, 9), Loc::new(2, 1)]);
        assert_eq!(Loc::new(12, 3).to_string(), "12:3");
        assert_eq!(Loc::at_index(0, 1), Loc::new(1, 1));
        assert_eq!(Loc::at_index(usize::MAX - 1, 1).line, u32::MAX);
    }
}
