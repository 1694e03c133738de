//! Typed errors: structural faults of a puzzle, and located faults of a text being parsed.

use thiserror::Error;

use crate::grid::{Op, Pos, MAX_SIZE, MIN_SIZE};

/// A structural fault: the cages do not make a puzzle. Cage numbers are 0-based indices
/// into the cages as given to [`Puzzle::new`](crate::Puzzle::new).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PuzzleError {
    /// The size is outside `MIN_SIZE..=MAX_SIZE`.
    #[error(
        "size {size} is out of range: a puzzle is {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}"
    )]
    Size {
        /// The size asked for.
        size: usize,
    },
    /// A cage has no cells.
    #[error("cage {} has no cells", cage + 1)]
    EmptyCage {
        /// The cage.
        cage: usize,
    },
    /// A cell index beyond the grid.
    #[error("cage {}: cell {cell} is outside the {size}x{size} grid", cage + 1)]
    CellOutOfGrid {
        /// The cage.
        cage: usize,
        /// The row-major index given.
        cell: usize,
        /// The grid's side.
        size: usize,
    },
    /// A cell in two cages.
    #[error("cell {cell} is in cage {} and in cage {}", first + 1, second + 1)]
    CellInTwoCages {
        /// The cell.
        cell: Pos,
        /// The first cage holding it.
        first: usize,
        /// The second.
        second: usize,
    },
    /// A cell in no cage.
    #[error("cell {cell} is in no cage")]
    CellUncovered {
        /// The cell.
        cell: Pos,
    },
    /// A cage whose cells are not orthogonally connected.
    #[error("cage {} is not connected: its cells must touch side to side", cage + 1)]
    Disconnected {
        /// The cage.
        cage: usize,
    },
    /// − or ÷ on other than two cells, `=` on other than one.
    #[error("cage {}: {op} takes {}, not {cells}", cage + 1, folio_core::plural(op.arity().unwrap_or(0), "cell", "cells"))]
    Arity {
        /// The cage.
        cage: usize,
        /// Its operation.
        op: Op,
        /// Its number of cells.
        cells: usize,
    },
    /// No digits `1..=size` (distinct in each row and column) reach the target.
    #[error("cage {} ({clue}, {}) cannot be met with digits 1 to {size}", cage + 1, folio_core::plural(*.cells, "cell", "cells"))]
    Unreachable {
        /// The cage.
        cage: usize,
        /// Its clue as written (`40x`).
        clue: String,
        /// Its number of cells.
        cells: usize,
        /// The grid's side.
        size: usize,
    },
}

impl PuzzleError {
    /// The cage the error is about (0-based), when it is about one cage.
    pub fn cage(&self) -> Option<usize> {
        match self {
            PuzzleError::EmptyCage { cage }
            | PuzzleError::CellOutOfGrid { cage, .. }
            | PuzzleError::Disconnected { cage }
            | PuzzleError::Arity { cage, .. }
            | PuzzleError::Unreachable { cage, .. } => Some(*cage),
            _ => None,
        }
    }

    /// The message with the cage called as the puzzle's text names it (`cage "b"`), not by
    /// its number (`cage 2`): a format whose cages have names (the text grid's letters).
    pub fn naming_cage(&self, name: &str) -> String {
        let message = self.to_string();
        match self.cage() {
            Some(k) => message.replacen(
                &format!("cage {}", k + 1),
                &format!("cage {}", folio_core::quote::quoted(name)),
                1,
            ),
            None => message,
        }
    }
}

/// A text that does not parse (or parses into no valid puzzle), with where: 1-based line and
/// column (columns count characters), and what.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{line}:{col}: {kind}")]
pub struct ParseError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub col: u32,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

impl ParseError {
    pub(crate) fn new(line: usize, col: usize, kind: ParseErrorKind) -> ParseError {
        ParseError {
            line: line.min(u32::MAX as usize) as u32,
            col: col.min(u32::MAX as usize) as u32,
            kind,
        }
    }
}

/// What a [`ParseError`] found.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The text is empty.
    #[error("no puzzle: the text is empty")]
    Empty,
    /// A character the format does not allow here.
    #[error("unexpected {found}: expected {expected}")]
    Unexpected {
        /// What was found, quoted (or `end of text`).
        found: String,
        /// What the format wants here.
        expected: &'static str,
    },
    /// A number too large, or not a number.
    #[error("bad number {text}: {why}")]
    Number {
        /// The digits as written.
        text: String,
        /// Why it is refused.
        why: &'static str,
    },
    /// A Keen block structure that does not describe exactly the grid's edges.
    #[error("block structure has {0}")]
    Blocks(&'static str),
    /// A cage operation not known.
    #[error("unknown operation {0} (known: + - x / =, Keen clues a s m d)")]
    Op(String),
    /// Fewer or more clues than cages.
    #[error("{0}")]
    Clues(String),
    /// A grid row of the wrong length, a cage named twice, a cage without a clue...
    #[error("{0}")]
    Layout(String),
    /// More puzzles in one file than [`crate::MAX_PUZZLES`]: a collection far past any
    /// real one, refused where the next would start so that memory stays bounded.
    #[error("more than {0} puzzles in one file: split it")]
    TooManyPuzzles(usize),
    /// JSON that is not a puzzle (serde's message).
    #[error("JSON: {0}")]
    Json(String),
    /// A stored solution (JSON `solution`) that does not solve the puzzle it comes with.
    #[error("the stored \"solution\" does not solve the puzzle: {first}{}", if *count > 1 { format!(" ({} in all)", folio_core::plural(*count, "violation", "violations")) } else { String::new() })]
    WrongSolution {
        /// The first violation (`A1: column-duplicate: …`).
        first: String,
        /// How many violations there are.
        count: usize,
    },
    /// The cages parse but do not make a puzzle.
    #[error("{0}")]
    Puzzle(#[from] PuzzleError),
}

/// Quotes a found character or token for an error message: escaped, and cut past
/// [`folio_core::quote::QUOTED_CHARS`] characters (a 400 KB token once filled the message).
pub(crate) fn found(s: Option<&str>) -> String {
    match s {
        None => "end of text".to_string(),
        Some(s) => folio_core::quote::quoted(s).to_string(),
    }
}

#[cfg(test)]
mod found_tests {
    use super::found;

    #[test]
    fn a_found_token_is_quoted_and_cut() {
        assert_eq!(found(Some("v")), r#""v""#);
        assert_eq!(found(None), "end of text");
        let long = "[".repeat(400_000);
        let shown = found(Some(&long));
        assert!(shown.len() < 200, "{} bytes", shown.len());
        assert!(shown.ends_with("… (400000 characters)"), "{shown}");
    }
}
