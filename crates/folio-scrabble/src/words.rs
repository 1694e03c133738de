//! Words formed by a move: the main word (extended through adjacent tiles at both ends) and
//! every perpendicular word through a newly placed tile, each with a per-tile breakdown.

use crate::board::Board;
use crate::coord::{Dir, Position, Square};
use crate::tile::BoardTile;

/// One tile of a formed word, with what it contributed to the word's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct WordTile {
    /// Where it lies.
    pub square: Square,
    /// The tile (letter, blank or not).
    pub tile: BoardTile,
    /// Whether this move placed it.
    pub new: bool,
    /// The tile's face value (0 for a blank).
    pub value: u32,
    /// Letter factor applied on this square by the rule set (1, 2 or 3).
    pub letter_factor: u32,
    /// Word factor applied on this square by the rule set (1, 2 or 3).
    pub word_factor: u32,
}

impl WordTile {
    /// `value * letter_factor`: what the tile adds before word factors.
    pub fn points(&self) -> u32 {
        self.value * self.letter_factor
    }
}

/// A word formed by a move, as scored under a rule set.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Word {
    /// Start square and reading direction.
    pub position: Position,
    /// Its tiles in reading order, with the premiums applied.
    pub tiles: Vec<WordTile>,
    /// Whether this is the main word (along the placement), not a cross-word.
    pub main: bool,
    /// Set when the rule set does not score a word already scored at this position
    /// (`wordbler`); the word then counts 0.
    pub repeat: bool,
    /// What the word adds to the move: `sum(points) * product(word factors)`, or 0 if `repeat`.
    pub score: u32,
}

impl Word {
    /// The word's letters, upper case (`"FARMS"`).
    pub fn text(&self) -> String {
        self.tiles
            .iter()
            .map(|t| char::from(t.tile.letter))
            .collect()
    }

    /// The word in notation: tiles of this move as letters (lower case = blank), runs of
    /// tiles already on the board in parentheses (`FA(R)M`).
    pub fn notation(&self) -> String {
        let mut s = String::new();
        let mut open = false;
        for t in &self.tiles {
            if !t.new && !open {
                s.push('(');
                open = true;
            } else if t.new && open {
                s.push(')');
                open = false;
            }
            s.push(t.tile.to_char());
        }
        if open {
            s.push(')');
        }
        s
    }

    /// The word's score before the repeat rule: `sum(points) * product(word factors)`.
    pub fn computed_score(&self) -> u32 {
        let sum: u32 = self.tiles.iter().map(WordTile::points).sum();
        let factor: u32 = self.tiles.iter().map(|t| t.word_factor).product();
        sum * factor
    }
}

/// A word's squares before scoring: `(square, tile, new)` in reading order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormedWord {
    /// Start square and direction.
    pub position: Position,
    /// Tiles in order, each flagged new (placed this move) or not.
    pub tiles: Vec<(Square, BoardTile, bool)>,
    /// Whether this is the main word.
    pub main: bool,
}

impl FormedWord {
    /// The letters, upper case.
    pub fn text(&self) -> String {
        self.tiles.iter().map(|t| char::from(t.1.letter)).collect()
    }
}

/// Every word of two or more letters that putting `new_tiles` on `board` forms: the main
/// word along `dir` first (if two or more letters), then the cross-words in the order of the
/// new tiles. `new_tiles` must lie on empty squares of one line (as [`check_board`] returns
/// them).
///
/// [`check_board`]: crate::check_board
pub fn words_formed(board: &Board, dir: Dir, new_tiles: &[(Square, BoardTile)]) -> Vec<FormedWord> {
    let at = |sq: Square| -> Option<(BoardTile, bool)> {
        board.get(sq).map(|t| (t, false)).or_else(|| {
            new_tiles
                .iter()
                .find(|&&(s, _)| s == sq)
                .map(|&(_, t)| (t, true))
        })
    };
    let run = |from: Square, d: Dir, main: bool| -> Option<FormedWord> {
        let mut start = from;
        while let Some(prev) = start.step(d, -1).filter(|&s| at(s).is_some()) {
            start = prev;
        }
        let mut tiles = Vec::new();
        let mut cur = Some(start);
        while let Some(sq) = cur {
            let Some((tile, new)) = at(sq) else { break };
            tiles.push((sq, tile, new));
            cur = sq.step(d, 1);
        }
        (tiles.len() >= 2).then_some(FormedWord {
            position: Position {
                square: start,
                dir: d,
            },
            tiles,
            main,
        })
    };
    let mut words = Vec::new();
    if let Some(&(first, _)) = new_tiles.first() {
        words.extend(run(first, dir, true));
    }
    for &(sq, _) in new_tiles {
        words.extend(run(sq, dir.cross(), false));
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_word_extends_through_adjacent_tiles_and_cross_words_are_found() {
        let mut b = Board::new();
        let sq = |r, c| Square::new(r, c).unwrap();
        for (i, ch) in "HORN".chars().enumerate() {
            b.set(sq(7, 5 + i as i32), BoardTile::from_char(ch));
        }
        // S after HORN: main word HORNS across, no cross-word.
        let w = words_formed(&b, Dir::Across, &[(sq(7, 9), BoardTile::letter(b'S'))]);
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].text(), "HORNS");
        assert_eq!(w[0].position.to_string(), "8F");
        // Same tile read down: the main word (down) is one letter and dropped; HORNS is a
        // cross-word.
        let w = words_formed(&b, Dir::Down, &[(sq(7, 9), BoardTile::letter(b'S'))]);
        assert_eq!(w.len(), 1);
        assert!(!w[0].main);
        // AT under HO: main word AT, cross-words HA and OT.
        let w = words_formed(
            &b,
            Dir::Across,
            &[
                (sq(8, 5), BoardTile::letter(b'A')),
                (sq(8, 6), BoardTile::letter(b'T')),
            ],
        );
        let texts: Vec<String> = w.iter().map(|w| w.text()).collect();
        assert_eq!(texts, ["AT", "HA", "OT"]);
        assert_eq!(w[1].position.to_string(), "F8");
    }
}
