//! Placements: which tiles go where, before any rule is checked.
//!
//! Two written forms give the same [`Placement`]:
//!
//! - the **course form**: a string of tiles with `_` where the board already has the letter,
//!   a 0-based start `(row, col)` that may lie off the board (legality says so), and a
//!   direction — `Placement::course("FA_M", 5, 7, Dir::Down)`;
//! - the **notation form** (GCG): `8F HORN` (across), `H6 FA.M` or `H6 FA(R)M` (down).
//!   `.` is a square already occupied, `(LETTERS)` names the occupied squares' letters, a
//!   lower-case letter is a blank designated as that letter. A letter written in full on an
//!   occupied square is read as played through when it matches (old Quackle/Elise records).

use std::fmt;

use crate::coord::{CoordError, Dir, Position, Square};
use crate::illegal::Illegal;
use crate::tile::BoardTile;
use folio_core::quote::{clipped, QUOTED_CHARS};

/// One square of a placement, in reading order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A tile to put down (or, on a square holding the same letter, to read through).
    Tile(BoardTile),
    /// A square expected to hold a tile already; `Some(letter)` when the text names it.
    Through(Option<u8>),
}

/// Tiles in one line from a start square: the plain data a move is checked from.
///
/// `row`/`col` are 0-based and signed, so a course-form start off the board is representable
/// and reported by legality as [`Illegal::OffBoard`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Start row, 0-based (row `1` = 0).
    pub row: i32,
    /// Start column, 0-based (`A` = 0).
    pub col: i32,
    /// Reading direction.
    pub dir: Dir,
    /// The squares from the start on, in order.
    pub cells: Vec<Cell>,
}

/// A notation- or course-form placement that does not parse; `column` is the 1-based
/// character position in the text given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The coordinate is malformed or off the board.
    #[error(transparent)]
    Coord(#[from] CoordError),
    /// No word after the coordinate (`"8H"` alone), or a word with no square.
    #[error("the placement has no word (want e.g. `8H WORD`)")]
    MissingWord,
    /// More than coordinate and word.
    #[error("unexpected `{}` after the word", clipped(.0, QUOTED_CHARS))]
    Trailing(String),
    /// A character that is neither a letter, `.`, `(`, `)` nor (course form) `_`.
    #[error("unexpected character `{}` at column {column}", if ch.is_control() { ch.escape_default().to_string() } else { ch.to_string() })]
    BadChar {
        /// The character.
        ch: char,
        /// 1-based position in the text.
        column: usize,
    },
    /// A `(` without its `)`, or a `)` without `(`, or nested parentheses.
    #[error("unbalanced parenthesis at column {column}")]
    Paren {
        /// 1-based position of the offending parenthesis.
        column: usize,
    },
    /// `()` with nothing inside.
    #[error("empty parentheses at column {column}")]
    EmptyParen {
        /// 1-based position of `(`.
        column: usize,
    },
    /// More than 15 squares: no word that long fits on the board.
    #[error("the word covers {0} squares; the board has 15")]
    TooLong(usize),
}

impl Placement {
    /// A placement from its parts.
    pub fn new(row: i32, col: i32, dir: Dir, cells: Vec<Cell>) -> Placement {
        Placement {
            row,
            col,
            dir,
            cells,
        }
    }

    /// The course form: `tiles` such as `"FA_M"` (`_` = letter already on the board, upper
    /// case = tile, lower case = blank), 0-based start `(row, col)` (may be off the board),
    /// direction.
    ///
    /// ```
    /// use folio_scrabble::{Dir, Placement};
    /// let p = Placement::course("FA_M", 5, 7, Dir::Down).unwrap();
    /// assert_eq!(p.to_string(), "H6 FA.M");
    /// ```
    pub fn course(tiles: &str, row: i32, col: i32, dir: Dir) -> Result<Placement, NotationError> {
        let mut cells = Vec::new();
        for (i, ch) in tiles.chars().enumerate() {
            cells.push(match ch {
                '_' => Cell::Through(None),
                _ => Cell::Tile(
                    BoardTile::from_char(ch).ok_or(NotationError::BadChar { ch, column: i + 1 })?,
                ),
            });
        }
        if cells.is_empty() {
            return Err(NotationError::MissingWord);
        }
        Ok(Placement::new(row, col, dir, cells))
    }

    /// Parses the notation form `"<coord> <word>"`: `8F HORN`, `H6 FA.M`, `H6 FA(R)M`,
    /// `8D zOON` (blank Z). Spaces and tabs separate the two parts.
    ///
    /// ```
    /// use folio_scrabble::{Dir, Placement};
    /// let a = Placement::parse("H6 FA(R)M").unwrap();
    /// let b = Placement::parse("h6 FA.M").unwrap();
    /// assert_eq!((a.row, a.col, a.dir), (5, 7, Dir::Down));
    /// assert_eq!(a.new_tile_count(), b.new_tile_count());
    /// ```
    pub fn parse(text: &str) -> Result<Placement, NotationError> {
        let mut parts = text.split_whitespace();
        let coord = parts.next().ok_or(NotationError::MissingWord)?;
        let word = parts.next().ok_or(NotationError::MissingWord)?;
        if let Some(extra) = parts.next() {
            return Err(NotationError::Trailing(extra.to_string()));
        }
        // Columns in errors count from the start of `text`.
        let coord_end = text.find(coord).unwrap_or(0) + coord.len();
        let offset = coord_end + text[coord_end..].find(word).unwrap_or(0);
        Placement::from_notation(coord, word).map_err(|e| match e {
            NotationError::BadChar { ch, column } => NotationError::BadChar {
                ch,
                column: column + offset,
            },
            NotationError::Paren { column } => NotationError::Paren {
                column: column + offset,
            },
            NotationError::EmptyParen { column } => NotationError::EmptyParen {
                column: column + offset,
            },
            other => other,
        })
    }

    /// The notation form given as its two parts: `coord` (`8F`, `H6`) and `word` (`FA.M`).
    /// Error columns count within `word`.
    pub fn from_notation(coord: &str, word: &str) -> Result<Placement, NotationError> {
        let pos = Position::parse(coord)?;
        let mut cells = Vec::new();
        let mut open: Option<usize> = None;
        for (i, ch) in word.chars().enumerate() {
            let column = i + 1;
            match ch {
                '(' if open.is_none() => open = Some(cells.len()),
                '(' => return Err(NotationError::Paren { column }),
                ')' => match open.take() {
                    Some(start) if start == cells.len() => {
                        return Err(NotationError::EmptyParen { column: column - 1 })
                    }
                    Some(_) => {}
                    None => return Err(NotationError::Paren { column }),
                },
                '.' if open.is_none() => cells.push(Cell::Through(None)),
                _ => {
                    let tile =
                        BoardTile::from_char(ch).ok_or(NotationError::BadChar { ch, column })?;
                    cells.push(if open.is_some() {
                        Cell::Through(Some(tile.letter))
                    } else {
                        Cell::Tile(tile)
                    });
                }
            }
        }
        if open.is_some() {
            return Err(NotationError::Paren {
                column: word.chars().count(),
            });
        }
        if cells.is_empty() {
            return Err(NotationError::MissingWord);
        }
        if cells.len() > crate::coord::SIZE {
            return Err(NotationError::TooLong(cells.len()));
        }
        Ok(Placement::new(
            i32::from(pos.square.row),
            i32::from(pos.square.col),
            pos.dir,
            cells,
        ))
    }

    /// A placement from loose tiles (as a user drops them): they must share a row or a
    /// column; the squares between them become [`Cell::Through`] (legality reports
    /// [`Illegal::Gap`] if one is empty). With one tile the direction is across.
    pub fn from_tiles(tiles: &[(Square, BoardTile)]) -> Result<Placement, Illegal> {
        let mut tiles = tiles.to_vec();
        tiles.sort_by_key(|&(s, _)| s);
        let (first, _) = *tiles.first().ok_or(Illegal::NoNewTile)?;
        let dir = if tiles.iter().all(|(s, _)| s.row == first.row) {
            Dir::Across
        } else if tiles.iter().all(|(s, _)| s.col == first.col) {
            Dir::Down
        } else {
            return Err(Illegal::NotInLine);
        };
        let along = |s: Square| match dir {
            Dir::Across => s.col,
            Dir::Down => s.row,
        };
        let mut cells = Vec::new();
        let mut next = along(first);
        for (i, &(sq, tile)) in tiles.iter().enumerate() {
            if i > 0 && along(sq) < next {
                return Err(Illegal::Overwrite {
                    square: sq,
                    existing: tiles[i - 1].1,
                    placed: tile,
                });
            }
            while next < along(sq) {
                cells.push(Cell::Through(None));
                next += 1;
            }
            cells.push(Cell::Tile(tile));
            next += 1;
        }
        Ok(Placement::new(
            i32::from(first.row),
            i32::from(first.col),
            dir,
            cells,
        ))
    }

    /// 0-based `(row, col)` of the `i`-th cell (may be off the board).
    pub fn cell_coords(&self, i: usize) -> (i32, i32) {
        let (dr, dc) = self.dir.delta();
        (self.row + dr * i as i32, self.col + dc * i as i32)
    }

    /// The start as a notation [`Position`], when it is on the board.
    pub fn position(&self) -> Option<Position> {
        Square::new(self.row, self.col).map(|square| Position {
            square,
            dir: self.dir,
        })
    }

    /// Number of [`Cell::Tile`] cells (tiles that may be new; ones matching the board are
    /// read through).
    pub fn new_tile_count(&self) -> usize {
        self.cells
            .iter()
            .filter(|c| matches!(c, Cell::Tile(_)))
            .count()
    }

    /// The placement mirrored over the main diagonal.
    pub fn transposed(&self) -> Placement {
        Placement::new(self.col, self.row, self.dir.cross(), self.cells.clone())
    }
}

/// The notation form: `8F HORN`, `H6 FA.M`, `H6 FA(R)M` (named through-letters in
/// parentheses); an off-board start is written as 0-based `(row,col)` with `across`/`down`.
impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position() {
            Some(p) => write!(f, "{p} ")?,
            None => write!(
                f,
                "({},{}) {} ",
                self.row,
                self.col,
                match self.dir {
                    Dir::Across => "across",
                    Dir::Down => "down",
                }
            )?,
        }
        let mut in_paren = false;
        for cell in &self.cells {
            match *cell {
                Cell::Through(Some(l)) => {
                    if !in_paren {
                        write!(f, "(")?;
                        in_paren = true;
                    }
                    write!(f, "{}", char::from(l))?;
                }
                other => {
                    if in_paren {
                        write!(f, ")")?;
                        in_paren = false;
                    }
                    match other {
                        Cell::Tile(t) => write!(f, "{t}")?,
                        _ => write!(f, ".")?,
                    }
                }
            }
        }
        if in_paren {
            write!(f, ")")?;
        }
        Ok(())
    }
}

/// Serialized as its written form (`Display`).
impl serde::Serialize for Placement {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(c: char) -> Cell {
        Cell::Tile(BoardTile::from_char(c).unwrap())
    }

    #[test]
    fn notation_forms_parse_to_the_same_cells() {
        let dot = Placement::parse("H6 FA.M").unwrap();
        let paren = Placement::parse("H6 FA(R)M").unwrap();
        let course = Placement::course("FA_M", 5, 7, Dir::Down).unwrap();
        assert_eq!(dot, course);
        assert_eq!(
            paren.cells,
            vec![t('F'), t('A'), Cell::Through(Some(b'R')), t('M')]
        );
        assert_eq!((paren.row, paren.col, paren.dir), (5, 7, Dir::Down));
        let across = Placement::parse("8F HORN").unwrap();
        assert_eq!((across.row, across.col, across.dir), (7, 5, Dir::Across));
        assert_eq!(across.cells, vec![t('H'), t('O'), t('R'), t('N')]);
        let blank = Placement::parse("8D zOON").unwrap();
        assert_eq!(blank.cells[0], Cell::Tile(BoardTile::blank(b'Z')));
        let multi = Placement::parse("14G ATTERC(OPS)").unwrap();
        assert_eq!(multi.cells.len(), 9);
        assert_eq!(multi.to_string(), "14G ATTERC(OPS)");
        assert_eq!(paren.to_string(), "H6 FA(R)M");
        assert_eq!(dot.to_string(), "H6 FA.M");
    }

    #[test]
    fn malformed_notation_is_a_typed_error() {
        use NotationError as E;
        let cases: [(&str, NotationError); 9] = [
            ("8H", E::MissingWord),
            ("", E::MissingWord),
            ("8H A B", E::Trailing("B".into())),
            ("8H A1B", E::BadChar { ch: '1', column: 5 }),
            ("8H A(B", E::Paren { column: 6 }),
            ("8H A)B", E::Paren { column: 5 }),
            ("8H A()B", E::EmptyParen { column: 5 }),
            ("8H ((A))", E::Paren { column: 5 }),
            ("8H ABCDEFGHIJKLMNOP", E::TooLong(16)),
        ];
        for (text, want) in cases {
            assert_eq!(Placement::parse(text), Err(want), "{text}");
        }
        assert!(matches!(
            Placement::parse("Z9 AB"),
            Err(E::Coord(CoordError::OffBoard(_)))
        ));
        assert!(matches!(
            Placement::parse("99 AB"),
            Err(E::Coord(CoordError::Malformed(_)))
        ));
        assert_eq!(
            Placement::course("A-B", 0, 0, Dir::Across),
            Err(E::BadChar { ch: '-', column: 2 })
        );
    }

    #[test]
    fn loose_tiles_form_a_line_or_say_why_not() {
        let sq = |r, c| Square::new(r, c).unwrap();
        let a = BoardTile::letter(b'A');
        let p = Placement::from_tiles(&[(sq(7, 9), a), (sq(7, 7), a)]).unwrap();
        assert_eq!(p.cells, vec![t('A'), Cell::Through(None), t('A')]);
        assert_eq!((p.row, p.col, p.dir), (7, 7, Dir::Across));
        let d = Placement::from_tiles(&[(sq(3, 2), a), (sq(4, 2), a)]).unwrap();
        assert_eq!(d.dir, Dir::Down);
        assert_eq!(
            Placement::from_tiles(&[(sq(1, 1), a), (sq(2, 2), a)]),
            Err(Illegal::NotInLine)
        );
        assert_eq!(Placement::from_tiles(&[]), Err(Illegal::NoNewTile));
    }

    #[test]
    fn off_board_course_starts_display_as_coordinates() {
        let p = Placement::course("AB", -1, 7, Dir::Down).unwrap();
        assert_eq!(p.position(), None);
        assert_eq!(p.to_string(), "(-1,7) down AB");
        assert_eq!(p.transposed().cell_coords(1), (7, 0));
    }
}

#[cfg(test)]
mod proptests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whatever parses prints back to the same placement; nothing panics.
        #[test]
        fn notation_round_trips(row in 1u8..=15, col in b'A'..=b'O', across: bool, word in "[A-Za-z.()]{1,15}") {
            let coord = if across { format!("{row}{}", col as char) } else { format!("{}{row}", col as char) };
            if let Ok(p) = Placement::parse(&format!("{coord} {word}")) {
                prop_assert_eq!(p.position().map(|p| p.to_string()), Some(coord));
                prop_assert_eq!(Placement::parse(&p.to_string()), Ok(p));
            }
        }

        #[test]
        fn arbitrary_text_never_panics(text in "\\PC{0,30}") {
            let _ = Placement::parse(&text);
            let _ = Placement::course(&text, 0, 0, Dir::Across);
        }
    }
}
