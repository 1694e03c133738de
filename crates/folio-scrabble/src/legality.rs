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
use crate::coord::Square;
use crate::placement::{Cell, Placement};
use crate::tile::BoardTile;

pub use crate::illegal::Illegal;

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
