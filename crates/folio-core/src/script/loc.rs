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

/// Character columns of byte offsets into one line, counted incrementally: a parser that
/// asks for the columns of a line's tokens in order pays one pass over the line in all,
/// not one pass over its prefix per token (which is quadratic in the line's length).
#[derive(Clone, Debug)]
pub struct Columns<'a> {
    line: &'a str,
    /// The last byte offset asked for, and its 0-based character index.
    byte: usize,
    chars: usize,
    /// Characters stepped over in all (a work counter, for tests).
    stepped: usize,
}

impl<'a> Columns<'a> {
    /// Columns of `line`.
    pub fn new(line: &'a str) -> Columns<'a> {
        Columns {
            line,
            byte: 0,
            chars: 0,
            stepped: 0,
        }
    }

    /// The 1-based character column of byte offset `byte` (clamped to the line, and to a
    /// character boundary below it). Amortised O(1) per call when offsets come in order;
    /// an offset before the last one asked counts again from the start of the line.
    pub fn col_at(&mut self, byte: usize) -> usize {
        let mut byte = byte.min(self.line.len());
        while !self.line.is_char_boundary(byte) {
            byte -= 1;
        }
        if byte < self.byte {
            self.byte = 0;
            self.chars = 0;
        }
        let between = self.line[self.byte..byte].chars().count();
        self.stepped += between;
        self.chars += between;
        self.byte = byte;
        self.chars + 1
    }

    /// The 1-based column where `part`, a slice of the line, starts (a `part` from
    /// elsewhere counts as the line's end).
    pub fn col_of(&mut self, part: &str) -> usize {
        let start = self.line.as_ptr() as usize;
        let at = (part.as_ptr() as usize)
            .checked_sub(start)
            .filter(|&off| off <= self.line.len())
            .unwrap_or(self.line.len());
        self.col_at(at)
    }

    /// Characters stepped over so far (a work counter: about the line's length when the
    /// columns were asked in order).
    pub fn stepped(&self) -> usize {
        self.stepped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_in_order_cost_one_pass() {
        let line = "é=1 ".repeat(10_000);
        let mut cols = Columns::new(&line);
        let mut last = 0;
        for (i, tok) in line.split_whitespace().enumerate() {
            let col = cols.col_of(tok);
            assert_eq!(col, i * 4 + 1);
            assert!(col > last);
            last = col;
        }
        assert!(cols.stepped() <= line.chars().count(), "{}", cols.stepped());
        assert_eq!(cols.col_at(2), 2, "inside a character: its column");
        assert_eq!(cols.col_of("elsewhere"), line.chars().count() + 1);
    }

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
