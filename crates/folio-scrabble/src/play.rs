//! [`Move`]: a legal, scored play, and how it goes on the board ([`Board::apply`]) and comes
//! off again ([`Board::take_back`]). Above the board and the words formed, below scoring.

use crate::board::{Board, ScoredWord};
use crate::coord::Square;
use crate::placement::Placement;
use crate::tile::{BoardTile, Tile};
use crate::words::Word;

/// A legal, scored play. Serializes (serde) with squares, positions and placements in
/// notation (`"H8"`, `"8F"`, `"8F HORN"`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Move {
    /// The placement as given.
    pub placement: Placement,
    /// The tiles this move puts down, in reading order.
    pub new_tiles: Vec<(Square, BoardTile)>,
    /// Words formed: the main word first (if it has two or more letters), then cross-words.
    pub words: Vec<Word>,
    /// The bingo bonus earned (rack emptied of `rack_size` tiles), 0 if none.
    pub bingo: u32,
    /// Total: sum of the words' scores plus `bingo`.
    pub score: u32,
}

impl Move {
    /// The rack tiles this move uses (a blank for each lower-case letter).
    pub fn rack_tiles(&self) -> Vec<Tile> {
        self.new_tiles.iter().map(|&(_, t)| t.rack_tile()).collect()
    }

    /// The main word, if the move formed one of two or more letters along its direction.
    pub fn main_word(&self) -> Option<&Word> {
        self.words.iter().find(|w| w.main)
    }
}

impl Board {
    /// Applies a scored move (from [`Rules::evaluate`](crate::Rules::evaluate) on this board):
    /// places its new tiles, marks every square its scored words pass through, and records
    /// those words. Applying a move evaluated on another board gives an unspecified position
    /// (tiles already there are replaced), never a panic.
    pub fn apply(&mut self, mv: &Move) {
        for &(sq, tile) in &mv.new_tiles {
            self.set(sq, Some(tile));
        }
        for w in &mv.words {
            for t in &w.tiles {
                self.scored_through[usize::from(t.square.row)][usize::from(t.square.col)] = true;
            }
            if !w.repeat {
                self.scored_words.push(ScoredWord {
                    position: w.position,
                    text: w.text(),
                });
            }
        }
    }

    /// Takes a move's new tiles off the board again (a withdrawn phony). The record of
    /// premiums used and words scored is kept: under `wordbler` a word once scored stays
    /// scored. Returns the tiles lifted.
    pub fn take_back(&mut self, mv: &Move) -> Vec<(Square, BoardTile)> {
        mv.new_tiles
            .iter()
            .filter_map(|&(sq, _)| self.set(sq, None).map(|t| (sq, t)))
            .collect()
    }
}
