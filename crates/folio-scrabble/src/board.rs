//! The 15x15 board: tiles placed so far, plus the bookkeeping some rule sets need
//! (which squares a scored word has passed through, which words were scored where).

use std::fmt;

use crate::coord::{Dir, Position, Square, SIZE};
use crate::premium::{premium_at, Premium};
use crate::tile::BoardTile;

/// A word scored on an earlier turn: where it starts, which way it reads, its letters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ScoredWord {
    /// Start square and direction.
    pub position: Position,
    /// Upper-case letters.
    pub text: String,
}

/// The board: a tile or nothing on each of 15x15 squares.
///
/// Besides tiles it remembers, for rule sets that need it, every square a scored word has
/// passed through (`wordbler`: such a premium is used up) and every word scored
/// (`wordbler`: a word already scored at the same position is not scored again).
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    cells: [[Option<BoardTile>; SIZE]; SIZE],
    pub(crate) scored_through: [[bool; SIZE]; SIZE],
    pub(crate) scored_words: Vec<ScoredWord>,
    tiles: usize,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// An empty board.
    pub fn new() -> Board {
        Board {
            cells: [[None; SIZE]; SIZE],
            scored_through: [[false; SIZE]; SIZE],
            scored_words: Vec::new(),
            tiles: 0,
        }
    }

    /// The tile on `square`, if any.
    pub fn get(&self, square: Square) -> Option<BoardTile> {
        self.cells[usize::from(square.row)][usize::from(square.col)]
    }

    /// The tile at 0-based `(row, col)`; `None` when empty or off the board.
    pub fn at(&self, row: i32, col: i32) -> Option<BoardTile> {
        Square::new(row, col).and_then(|s| self.get(s))
    }

    /// Whether no tile has been placed (the next play is a first move).
    pub fn is_empty(&self) -> bool {
        self.tiles == 0
    }

    /// Number of tiles on the board.
    pub fn tile_count(&self) -> usize {
        self.tiles
    }

    /// Every tile with its square, row by row.
    pub fn tiles(&self) -> impl Iterator<Item = (Square, BoardTile)> + '_ {
        (0..SIZE).flat_map(move |r| {
            (0..SIZE).filter_map(move |c| {
                let sq = Square {
                    row: r as u8,
                    col: c as u8,
                };
                self.get(sq).map(|t| (sq, t))
            })
        })
    }

    /// The premium printed on `square` (the layout; see [`Board::premium_used`] for wordbler).
    pub fn premium(&self, square: Square) -> Premium {
        premium_at(square)
    }

    /// Whether a scored word has already passed through `square` (a `wordbler` premium there
    /// is used up).
    pub fn premium_used(&self, square: Square) -> bool {
        self.scored_through[usize::from(square.row)][usize::from(square.col)]
    }

    /// Words scored so far, in order.
    pub fn scored_words(&self) -> &[ScoredWord] {
        &self.scored_words
    }

    /// Whether `text` was already scored starting at `position`.
    pub fn was_scored(&self, position: Position, text: &str) -> bool {
        self.scored_words
            .iter()
            .any(|w| w.position == position && w.text == text)
    }

    /// Puts `tile` on `square` without scoring anything (setting up a position). Returns the
    /// tile that was there.
    pub fn set(&mut self, square: Square, tile: Option<BoardTile>) -> Option<BoardTile> {
        let cell = &mut self.cells[usize::from(square.row)][usize::from(square.col)];
        let old = std::mem::replace(cell, tile);
        self.tiles = self.tiles + usize::from(tile.is_some()) - usize::from(old.is_some());
        old
    }

    /// The board mirrored over its main diagonal (rows become columns); the premium layout
    /// is symmetric, so scores are unchanged.
    pub fn transposed(&self) -> Board {
        let mut b = Board::new();
        for r in 0..SIZE {
            for c in 0..SIZE {
                b.cells[c][r] = self.cells[r][c];
                b.scored_through[c][r] = self.scored_through[r][c];
            }
        }
        b.tiles = self.tiles;
        b.scored_words = self
            .scored_words
            .iter()
            .map(|w| ScoredWord {
                position: w.position.transposed(),
                text: w.text.clone(),
            })
            .collect();
        b
    }

    /// The letters of the maximal run of tiles through `square` along `dir` (the square
    /// itself must hold a tile to be included), as `(first square, tiles)`.
    pub fn run_through(&self, square: Square, dir: Dir) -> (Square, Vec<BoardTile>) {
        let mut start = square;
        while let Some(prev) = start.step(dir, -1).filter(|&s| self.get(s).is_some()) {
            start = prev;
        }
        let mut tiles = Vec::new();
        let mut cur = Some(start);
        while let Some(sq) = cur {
            match self.get(sq) {
                Some(t) => tiles.push(t),
                None => break,
            }
            cur = sq.step(dir, 1);
        }
        (start, tiles)
    }

    /// Plain-text rendering: column letters on top, row numbers at the left, tiles as
    /// letters (lower case = blank), empty squares by premium: `=` TWS, `-` DWS, `"` TLS,
    /// `'` DLS, `*` the centre star, `.` plain.
    pub fn render(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "  ")?;
        for c in 0..SIZE {
            write!(f, " {}", (b'A' + c as u8) as char)?;
        }
        writeln!(f)?;
        for r in 0..SIZE {
            write!(f, "{:>2}", r + 1)?;
            for c in 0..SIZE {
                let sq = Square {
                    row: r as u8,
                    col: c as u8,
                };
                let ch = match self.get(sq) {
                    Some(t) => t.to_char(),
                    None if sq == Square::CENTRE => '*',
                    None => match premium_at(sq) {
                        Premium::TripleWord => '=',
                        Premium::DoubleWord => '-',
                        Premium::TripleLetter => '"',
                        Premium::DoubleLetter => '\'',
                        Premium::None => '.',
                    },
                };
                write!(f, " {ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board ({} tiles)", self.tiles)?;
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_board_renders_the_premium_layout() {
        let b = Board::new();
        let text = b.render();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 16);
        assert_eq!(lines[0], "   A B C D E F G H I J K L M N O");
        assert_eq!(lines[1], " 1 = . . ' . . . = . . . ' . . =");
        assert_eq!(lines[8], " 8 = . . ' . . . * . . . ' . . =");
        assert_eq!(lines[2], " 2 . - . . . \" . . . \" . . . - .");
    }

    #[test]
    fn set_tracks_count_and_runs() {
        let mut b = Board::new();
        for (i, ch) in "HORN".chars().enumerate() {
            b.set(
                Square::new(7, 5 + i as i32).unwrap(),
                BoardTile::from_char(ch),
            );
        }
        assert_eq!(b.tile_count(), 4);
        let (start, run) = b.run_through(Square::CENTRE, Dir::Across);
        assert_eq!(start, Square::new(7, 5).unwrap());
        assert_eq!(run.iter().map(|t| t.to_char()).collect::<String>(), "HORN");
        let (_, down) = b.run_through(Square::CENTRE, Dir::Down);
        assert_eq!(down.len(), 1);
        assert!(b.render().lines().nth(8).unwrap().contains("H O R N"));
        let t = b.transposed();
        assert_eq!(t.get(Square::new(5, 7).unwrap()), BoardTile::from_char('H'));
        assert_eq!(t.transposed(), b);
        b.set(Square::CENTRE, None);
        assert_eq!(b.tile_count(), 3);
    }
}
