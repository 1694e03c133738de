//! Squares, directions and Scrabble-notation coordinates.
//!
//! A [`Square`] is 0-based `(row, col)`: row 0 is the top row `1`, col 0 is the left column
//! `A`; the centre star is `(7, 7)` = `H8`. A [`Position`] is a start square plus a direction,
//! written the GCG way: **row number first = across** (`8H`), **column letter first = down**
//! (`H8`). Column letters are accepted in either case (old records write `8d`).

use std::fmt;

use folio_core::quote::{clipped, QUOTED_CHARS};

/// Board side length: 15 squares.
pub const SIZE: usize = 15;

/// A square on the board, 0-based `(row, col)`, both `< 15`: every `Square` is on the board
/// (made by [`Square::new`], [`Square::parse`] or [`Square::step`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    pub(crate) row: u8,
    pub(crate) col: u8,
}

impl Square {
    /// The centre star, `H8` = `(7, 7)`.
    pub const CENTRE: Square = Square { row: 7, col: 7 };

    /// The square at 0-based `(row, col)`, or `None` off the board (negative or above 14).
    pub fn new(row: i32, col: i32) -> Option<Square> {
        let ok = |v: i32| (0..SIZE as i32).contains(&v);
        (ok(row) && ok(col)).then_some(Square {
            row: row as u8,
            col: col as u8,
        })
    }

    /// Parses a square written column letter then row (`"H8"`, `"a15"`).
    pub fn parse(s: &str) -> Result<Square, CoordError> {
        match Position::parse(s)? {
            Position {
                square,
                dir: Dir::Down,
            } => Ok(square),
            Position { .. } => Err(CoordError::Malformed(s.to_string())),
        }
    }

    /// Row, 0 (row `1`) to 14 (row `15`).
    pub fn row(self) -> u8 {
        self.row
    }

    /// Column, 0 (`A`) to 14 (`O`).
    pub fn col(self) -> u8 {
        self.col
    }

    /// The column letter, `'A'`..=`'O'`.
    pub fn col_letter(self) -> char {
        (b'A' + self.col) as char
    }

    /// The row number as written, 1..=15.
    pub fn row_number(self) -> u8 {
        self.row + 1
    }

    /// The square mirrored over the main diagonal (`(r, c)` → `(c, r)`).
    pub fn transposed(self) -> Square {
        Square {
            row: self.col,
            col: self.row,
        }
    }

    /// The square `steps` along `dir` (negative = backwards), or `None` off the board.
    pub fn step(self, dir: Dir, steps: i32) -> Option<Square> {
        let (dr, dc) = dir.delta();
        Square::new(
            i32::from(self.row) + dr * steps,
            i32::from(self.col) + dc * steps,
        )
    }
}

/// Written column letter then row number, `H8`.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.col_letter(), self.row_number())
    }
}

/// The direction a word reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    /// Left to right along a row.
    Across,
    /// Top to bottom along a column.
    Down,
}

impl Dir {
    /// The other direction (the direction of cross-words).
    pub fn cross(self) -> Dir {
        match self {
            Dir::Across => Dir::Down,
            Dir::Down => Dir::Across,
        }
    }

    /// `(d_row, d_col)` of one step.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Across => (0, 1),
            Dir::Down => (1, 0),
        }
    }
}

/// A start square and direction, written `8H` (across) or `H8` (down).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// First square of the word.
    pub square: Square,
    /// Reading direction.
    pub dir: Dir,
}

/// A malformed coordinate (shown as written, control characters escaped and cut after
/// [`QUOTED_CHARS`] characters: see [`folio_core::quote`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CoordError {
    /// Not a row number and a column letter in either order.
    #[error("`{}` is not a coordinate (want `8H` across or `H8` down)", clipped(.0, QUOTED_CHARS))]
    Malformed(String),
    /// Row outside 1..=15 or column outside A..=O.
    #[error("`{}` is off the 15x15 board (rows 1-15, columns A-O)", clipped(.0, QUOTED_CHARS))]
    OffBoard(String),
}

impl Position {
    /// Parses `8H` (across from H8) or `H8` (down from H8); column letters in either case.
    pub fn parse(s: &str) -> Result<Position, CoordError> {
        let bad = || CoordError::Malformed(s.to_string());
        let off = || CoordError::OffBoard(s.to_string());
        let first = s.chars().next().ok_or_else(bad)?;
        let (dir, letter, digits) = if first.is_ascii_alphabetic() {
            (Dir::Down, first, &s[1..])
        } else {
            let last = s.chars().last().ok_or_else(bad)?;
            if !last.is_ascii_alphabetic() {
                return Err(bad());
            }
            (Dir::Across, last, &s[..s.len() - 1])
        };
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let row: i32 = digits.parse().map_err(|_| bad())?;
        let col = i32::from(letter.to_ascii_uppercase() as u8) - i32::from(b'A');
        let square = Square::new(row - 1, col).ok_or_else(off)?;
        Ok(Position { square, dir })
    }

    /// The position mirrored over the main diagonal (square transposed, direction crossed).
    pub fn transposed(self) -> Position {
        Position {
            square: self.square.transposed(),
            dir: self.dir.cross(),
        }
    }
}

/// `8H` across, `H8` down.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.dir {
            Dir::Across => write!(
                f,
                "{}{}",
                self.square.row_number(),
                self.square.col_letter()
            ),
            Dir::Down => write!(
                f,
                "{}{}",
                self.square.col_letter(),
                self.square.row_number()
            ),
        }
    }
}

/// Serialized as its written form (`Display`).
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Serialized as its written form (`Display`).
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_names_row_first_across_and_column_first_down() {
        let cases = [
            ("8H", 7, 7, Dir::Across),
            ("H8", 7, 7, Dir::Down),
            ("8F", 7, 5, Dir::Across),
            ("H6", 5, 7, Dir::Down),
            ("1A", 0, 0, Dir::Across),
            ("O15", 14, 14, Dir::Down),
            ("15o", 14, 14, Dir::Across),
            ("d2", 1, 3, Dir::Down),
        ];
        for (text, row, col, dir) in cases {
            let p = Position::parse(text).unwrap();
            assert_eq!(
                (p.square.row, p.square.col, p.dir),
                (row, col, dir),
                "{text}"
            );
            assert_eq!(p.to_string(), text.to_ascii_uppercase(), "{text}");
        }
    }

    #[test]
    fn bad_coordinates_are_typed_errors() {
        for bad in ["", "8", "H", "HH", "88", "8H8", "H-1", "123A", "H8 "] {
            assert!(
                matches!(Position::parse(bad), Err(CoordError::Malformed(_))),
                "{bad}"
            );
        }
        for off in ["16A", "P1", "0A", "A0", "Z9"] {
            assert!(
                matches!(Position::parse(off), Err(CoordError::OffBoard(_))),
                "{off}"
            );
        }
        assert_eq!(Square::parse("H8"), Ok(Square::CENTRE));
        assert!(Square::parse("8H").is_err());
    }

    #[test]
    fn squares_step_and_transpose() {
        assert_eq!(Square::new(-1, 7), None);
        assert_eq!(Square::new(7, 15), None);
        let s = Square::new(2, 9).unwrap();
        assert_eq!(s.transposed(), Square::new(9, 2).unwrap());
        assert_eq!(s.step(Dir::Down, 3), Square::new(5, 9));
        assert_eq!(s.step(Dir::Across, -10), None);
        assert_eq!(s.to_string(), "J3");
    }
}
