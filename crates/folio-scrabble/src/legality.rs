//! Board legality: the typed verdict naming the rule a placement breaks.
//!
//! Checks run in this order, and the first broken rule is the verdict: every square on the
//! board ([`Illegal::OffBoard`]); each square's contents ([`Illegal::Overwrite`],
//! [`Illegal::WrongThrough`], [`Illegal::Gap`]); at least one new tile
//! ([`Illegal::NoNewTile`]); the first move covers the centre and forms a word of two or more
//! letters ([`Illegal::FirstMoveMissesCentre`], [`Illegal::SingleLetter`]); later moves touch
//! the tiles already down ([`Illegal::NotConnected`]); every word formed is in the lexicon,
//! when one is given ([`Illegal::UnknownWord`]). One line ([`Illegal::NotInLine`]) is checked
//! when loose tiles become a [`Placement`](crate::Placement::from_tiles).
//!
//! Source: the rules common to the three presets (issue 3, item 5; NASPA Official Tournament
//! Rules for the order of play; the course's `helper.txt` for the 10-tile edge cases).

use crate::board::Board;
use crate::coord::{Position, Square};
use crate::placement::{Cell, Placement};
use crate::tile::BoardTile;

/// Why a placement is illegal: exactly one rule, named, with the squares involved.
///
/// Serializes (serde) as `{"rule": "Overwrite", "square": "F10", ...}`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[serde(tag = "rule")]
pub enum Illegal {
    /// A square of the placement lies outside the 15x15 board (0-based row/col given).
    /// The message counts rows and columns from 1, as the board's labels do (row 8, column
    /// 16 is just right of O8); the fields stay 0-based.
    #[error(
        "the placement leaves the board at row {}, column {} (rows and columns counted from 1)",
        i64::from(*.row) + 1,
        i64::from(*.col) + 1
    )]
    OffBoard {
        /// 0-based row of the first square off the board.
        row: i32,
        /// 0-based column of that square.
        col: i32,
    },
    /// Loose tiles do not share one row or one column.
    #[error("the tiles are not in one row or one column")]
    NotInLine,
    /// Nothing new is put on the board.
    #[error("the placement puts no new tile on the board")]
    NoNewTile,
    /// A square inside the word is empty but the placement expected a tile there.
    #[error("{square} is empty: the word would have a gap")]
    Gap {
        /// The empty square.
        square: Square,
    },
    /// A tile would cover a different letter already on the board.
    #[error("{square} already holds {existing}; {placed} cannot go there")]
    Overwrite {
        /// The occupied square.
        square: Square,
        /// The tile on the board.
        existing: BoardTile,
        /// The tile the placement puts there.
        placed: BoardTile,
    },
    /// The placement names a played-through letter the board does not have (`FA(X)M` over R).
    #[error("{square} holds {existing}, not {}", *written as char)]
    WrongThrough {
        /// The occupied square.
        square: Square,
        /// The tile on the board.
        existing: BoardTile,
        /// The letter the placement names.
        #[serde(serialize_with = "letter")]
        written: u8,
    },
    /// The first move of the game does not cover the centre star `H8`.
    #[error("the first move must cover the centre square H8")]
    FirstMoveMissesCentre,
    /// The first move forms no word of two or more letters (a single tile).
    #[error("the first move must form a word of at least two letters")]
    SingleLetter,
    /// A later move neither touches nor plays through any tile already on the board.
    #[error("the move does not touch any tile already on the board")]
    NotConnected,
    /// A word formed is not in the lexicon.
    #[error("{word} (at {position}) is not in the word list")]
    UnknownWord {
        /// The word, upper case.
        word: String,
        /// Where it starts and which way it reads.
        position: Position,
    },
}

fn letter<S: serde::Serializer>(b: &u8, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&(*b as char))
}

/// Checks the board rules (all but the lexicon) and returns the new tiles with their squares,
/// in reading order.
///
/// ```
/// use folio_scrabble::{check_board, Board, Dir, Illegal, Placement};
/// let off = Placement::course("ABCDEFGHIJ", -1, 7, Dir::Down).unwrap();
/// assert_eq!(check_board(&Board::new(), &off), Err(Illegal::OffBoard { row: -1, col: 7 }));
/// ```
pub fn check_board(
    board: &Board,
    placement: &Placement,
) -> Result<Vec<(Square, BoardTile)>, Illegal> {
    let mut squares = Vec::with_capacity(placement.cells.len());
    for i in 0..placement.cells.len() {
        let (row, col) = placement.cell_coords(i);
        squares.push(Square::new(row, col).ok_or(Illegal::OffBoard { row, col })?);
    }
    let mut new_tiles = Vec::new();
    let mut through = false;
    for (&square, &cell) in squares.iter().zip(&placement.cells) {
        match (cell, board.get(square)) {
            (Cell::Tile(placed), Some(existing)) if existing.letter != placed.letter => {
                return Err(Illegal::Overwrite {
                    square,
                    existing,
                    placed,
                })
            }
            (Cell::Tile(placed), None) => new_tiles.push((square, placed)),
            (Cell::Through(_), None) => return Err(Illegal::Gap { square }),
            (Cell::Through(Some(written)), Some(existing)) if existing.letter != written => {
                return Err(Illegal::WrongThrough {
                    square,
                    existing,
                    written,
                })
            }
            (_, Some(_)) => through = true,
        }
    }
    if new_tiles.is_empty() {
        return Err(Illegal::NoNewTile);
    }
    if board.is_empty() {
        if !new_tiles.iter().any(|&(s, _)| s == Square::CENTRE) {
            return Err(Illegal::FirstMoveMissesCentre);
        }
        if new_tiles.len() < 2 {
            return Err(Illegal::SingleLetter);
        }
    } else if !through && !new_tiles.iter().any(|&(s, _)| touches(board, s)) {
        return Err(Illegal::NotConnected);
    }
    Ok(new_tiles)
}

/// Whether a tile on `square` would have an orthogonal neighbour already on the board.
fn touches(board: &Board, square: Square) -> bool {
    let (r, c) = (i32::from(square.row), i32::from(square.col));
    [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        .iter()
        .any(|&(r, c)| board.at(r, c).is_some())
}
