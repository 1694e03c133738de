//! The board as folio prints it ([`Board::render`]), read back: a position to generate from.
//!
//! ```text
//!    A B C D E F G H I J K L M N O
//!  1 = . . ' . . . = . . . ' . . =
//!  ...
//!  8 = . . ' . H O R N . . ' . . =
//! ```
//!
//! A letter is a tile (lower case = blank); `=`, `-`, `"`, `'`, `*` and `.` are empty
//! squares (their premium marks). The column-letter line is optional; each row line is its
//! number then 15 squares separated by spaces.

use crate::board::Board;
use crate::coord::{Square, SIZE};
use crate::tile::BoardTile;

/// A board text that does not read; `line` and `column` are 1-based.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {what}")]
pub struct BoardTextError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub what: String,
}

/// Whether `text` looks like a printed board (its first non-blank line is the column
/// letters `A B C ...`).
pub fn looks_like_board(text: &str) -> bool {
    text.lines()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| l.split_whitespace().take(3).eq(["A", "B", "C"]))
}

/// Reads a board printed by [`Board::render`].
///
/// ```
/// use folio_scrabble::movegen::board_text::parse_board;
/// use folio_scrabble::{Board, Rules, NO_LEXICON};
/// let mut b = Board::new();
/// b.apply(&Rules::STANDARD.evaluate_notation(&b, "8F HoRN", NO_LEXICON).unwrap());
/// let back = parse_board(&b.render()).unwrap();
/// assert_eq!(back.render(), b.render());
/// ```
pub fn parse_board(text: &str) -> Result<Board, BoardTextError> {
    let mut board = Board::new();
    let mut rows = 0;
    for (i, line) in text.lines().enumerate() {
        let err = |column: usize, what: String| BoardTextError {
            line: i + 1,
            column,
            what,
        };
        let trimmed = line.trim();
        if trimmed.is_empty() || looks_like_board(line) {
            continue;
        }
        let mut tokens = line
            .char_indices()
            .filter(|&(j, c)| !c.is_whitespace() && (j == 0 || line[..j].ends_with(' ')))
            .map(|(j, _)| (j, line[j..].split_whitespace().next().unwrap_or("")));
        let Some((_, number)) = tokens.next() else {
            continue;
        };
        let row: usize = number
            .parse()
            .map_err(|_| err(1, format!("`{number}` is not a row number")))?;
        if row != rows + 1 {
            return Err(err(
                1,
                format!("row {row} where row {} was expected", rows + 1),
            ));
        }
        let mut col = 0;
        for (j, tok) in tokens {
            let column = line[..j].chars().count() + 1;
            let mut chars = tok.chars();
            let (Some(ch), None) = (chars.next(), chars.next()) else {
                return Err(err(column, format!("`{tok}` is not one square")));
            };
            if col >= SIZE {
                return Err(err(
                    column,
                    format!("row {row} has more than {SIZE} squares"),
                ));
            }
            match ch {
                '=' | '-' | '"' | '\'' | '*' | '.' => {}
                _ => {
                    let tile = BoardTile::from_char(ch)
                        .ok_or_else(|| err(column, format!("`{ch}` is not a square")))?;
                    board.set(
                        Square::new(row as i32 - 1, col as i32).expect("row, col < 15"),
                        Some(tile),
                    );
                }
            }
            col += 1;
        }
        if col != SIZE {
            return Err(err(
                line.chars().count() + 1,
                format!("row {row} has {col} squares, not {SIZE}"),
            ));
        }
        rows += 1;
        if rows == SIZE {
            break;
        }
    }
    if rows != SIZE {
        return Err(BoardTextError {
            line: text.lines().count() + 1,
            column: 1,
            what: format!(
                "{}; the board has {SIZE}",
                folio_core::plural(rows, "row", "rows")
            ),
        });
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_printed_board_reads_back_and_bad_squares_are_located() {
        let mut b = Board::new();
        for (i, ch) in "WoRD".chars().enumerate() {
            b.set(
                Square::new(7, 4 + i as i32).unwrap(),
                BoardTile::from_char(ch),
            );
        }
        let text = b.render();
        assert!(looks_like_board(&text));
        assert_eq!(parse_board(&text).unwrap(), b);
        let bad = text.replace(" 8 = . . ' W", " 8 = . . ' 7");
        let e = parse_board(&bad).unwrap_err();
        assert_eq!((e.line, e.column), (9, 12));
        let short = text.lines().take(10).collect::<Vec<_>>().join("\n");
        assert_eq!(
            parse_board(&short).unwrap_err().what,
            "9 rows; the board has 15"
        );
    }
}
