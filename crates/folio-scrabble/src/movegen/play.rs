//! What the generator yields: a tile play ([`Play`]) or, where the rule set allows, an
//! exchange or a pass ([`Candidate`]).

use std::fmt;

use crate::board::Board;
use crate::coord::{Dir, Position, Square, SIZE};
use crate::legality::Illegal;
use crate::placement::{Cell, Placement};
use crate::rules::Rules;
use crate::score::{Move, NO_LEXICON};
use crate::tile::{BoardTile, Tile};

use super::Rack;

/// A legal tile play as the generator finds it: the main word from its first square (tiles
/// already on the board included), which of its tiles are new, and the score the rule set
/// gives it.
///
/// A play of one tile is written along the word it forms, across when it forms one both
/// ways; every play appears once. [`Play::evaluate`] gives the full [`Move`] (words formed,
/// per-tile breakdown).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Play {
    /// First square of the main word and its direction.
    pub position: Position,
    len: u8,
    letters: [u8; SIZE],
    new: u16,
    blank: u16,
    /// Points under the rule set, bingo included.
    pub score: u32,
}

impl Play {
    pub(crate) fn new(position: Position, word: &[(u8, u8)], score: u32) -> Play {
        let mut p = Play {
            position,
            len: word.len() as u8,
            letters: [0; SIZE],
            new: 0,
            blank: 0,
            score,
        };
        for (i, &(letter, flags)) in word.iter().enumerate() {
            p.letters[i] = letter;
            p.new |= u16::from(flags & super::walk::NEW != 0) << i;
            p.blank |= u16::from(flags & super::walk::BLANK_FLAG != 0) << i;
        }
        p
    }

    /// Squares of the main word (at least one; two or more unless it is a one-tile play
    /// written as its single tile).
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Always false: a play covers at least one square.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The main word's squares in reading order: `(square, tile, placed by this play)`.
    pub fn squares(&self) -> impl Iterator<Item = (Square, BoardTile, bool)> + '_ {
        (0..self.len()).map(move |i| {
            let square = self
                .position
                .square
                .step(self.position.dir, i as i32)
                .expect("a play lies on the board");
            let tile = BoardTile {
                letter: self.letters[i],
                blank: self.blank >> i & 1 == 1,
            };
            (square, tile, self.new >> i & 1 == 1)
        })
    }

    /// The tiles this play puts down, in reading order.
    pub fn new_tiles(&self) -> Vec<(Square, BoardTile)> {
        self.squares()
            .filter(|s| s.2)
            .map(|(sq, t, _)| (sq, t))
            .collect()
    }

    /// Number of tiles put down.
    pub fn tile_count(&self) -> usize {
        self.new.count_ones() as usize
    }

    /// The rack tiles used (a blank for each blank).
    pub fn rack_tiles(&self) -> Vec<Tile> {
        self.new_tiles()
            .iter()
            .map(|(_, t)| t.rack_tile())
            .collect()
    }

    /// The main word's letters, upper case.
    pub fn word(&self) -> String {
        self.letters[..self.len()]
            .iter()
            .map(|&b| char::from(b))
            .collect()
    }

    /// The rack left after the play.
    pub fn leave(&self, rack: &Rack) -> Rack {
        rack.without(&self.rack_tiles()).unwrap_or_default()
    }

    /// The rack left after the play, counted without building the list of tiles used (the
    /// same rack as [`Play::leave`]).
    pub fn leave_counts(&self, rack: &Rack) -> Rack {
        let mut left = *rack;
        let mut new = self.new;
        while new != 0 {
            let i = new.trailing_zeros() as usize;
            new &= new - 1;
            let tile = if self.blank >> i & 1 == 1 {
                Tile::Blank
            } else {
                Tile::Letter(self.letters[i])
            };
            if !left.take(tile) {
                return Rack::default();
            }
        }
        left
    }

    /// The play as a placement in notation form: new tiles as letters (lower case = blank),
    /// tiles already down as `.` (`8H WO.D`).
    pub fn placement(&self) -> Placement {
        let sq = self.position.square;
        Placement::new(
            i32::from(sq.row),
            i32::from(sq.col),
            self.position.dir,
            self.squares()
                .map(|(_, t, new)| {
                    if new {
                        Cell::Tile(t)
                    } else {
                        Cell::Through(None)
                    }
                })
                .collect(),
        )
    }

    /// The play through the rule set's own scorer on `board` (the board it was generated
    /// on): the full [`Move`], words and breakdown. Its score equals [`Play::score`].
    pub fn evaluate(&self, rules: &Rules, board: &Board) -> Result<Move, Illegal> {
        rules.evaluate(board, &self.placement(), NO_LEXICON)
    }

    /// The play mirrored over the main diagonal (`8H WORD` ↔ `H8 WORD`).
    pub fn transposed(&self) -> Play {
        Play {
            position: self.position.transposed(),
            ..*self
        }
    }

    /// The play's notation as bytes on the stack, its `Display` text (`8H WO.D`) in Latin-1
    /// (one byte per letter: `Ä` is `0xC4`), which orders as the text does (Latin-1 and
    /// UTF-8 both keep code point order): the order plays tie-break by, without building a
    /// string per play.
    pub fn notation(&self) -> Notation {
        let mut n = Notation {
            bytes: [0; NOTATION_MAX],
            len: 0,
        };
        let sq = self.position.square;
        let (row, col) = (sq.row + 1, b'A' + sq.col);
        let mut push = |b: u8| {
            n.bytes[usize::from(n.len)] = b;
            n.len += 1;
        };
        let number = |push: &mut dyn FnMut(u8)| {
            if row >= 10 {
                push(b'0' + row / 10);
            }
            push(b'0' + row % 10);
        };
        match self.position.dir {
            Dir::Across => {
                number(&mut push);
                push(col);
            }
            Dir::Down => {
                push(col);
                number(&mut push);
            }
        }
        push(b' ');
        for i in 0..self.len() {
            push(if self.new >> i & 1 == 0 {
                b'.'
            } else if self.blank >> i & 1 == 1 {
                // Latin-1 lower case: `A` + 0x20 = `a`, `Ä` (0xC4) + 0x20 = `ä` (0xE4).
                self.letters[i] + 0x20
            } else {
                self.letters[i]
            });
        }
        n
    }

    /// Whether `self` goes before `other` in the generator's order: higher score, ties by
    /// notation.
    #[inline]
    pub fn better_than(&self, other: &Play) -> bool {
        self.score > other.score
            || (self.score == other.score && self.notation() < other.notation())
    }

    /// Whether the play reads down.
    pub fn is_down(&self) -> bool {
        self.position.dir == Dir::Down
    }
}

/// Longest notation: a 3-character coordinate, a space and 15 squares.
const NOTATION_MAX: usize = 19;

/// A play's notation held on the stack ([`Play::notation`]); compares as its text does.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Notation {
    bytes: [u8; NOTATION_MAX],
    len: u8,
}

impl Notation {
    /// The notation's bytes (Latin-1; ASCII unless a letter is beyond `Z`).
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

/// GCG notation: `8H WO.D`, `H8 zOON`.
impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.placement().fmt(f)
    }
}

impl fmt::Debug for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} {}", self.score)
    }
}

/// One thing a player may do on a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Candidate {
    /// Put tiles down.
    Place(Play),
    /// Exchange these tiles (the bag holds at least the rule set's minimum).
    Exchange(Vec<Tile>),
    /// Pass.
    Pass,
}

impl Candidate {
    /// Points scored (0 for an exchange or a pass).
    pub fn score(&self) -> u32 {
        match self {
            Candidate::Place(p) => p.score,
            _ => 0,
        }
    }
}

/// GCG notation: the play, `-TILES` for an exchange, `-` for a pass.
impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Candidate::Place(p) => p.fmt(f),
            Candidate::Exchange(t) => write!(f, "-{}", crate::tile::rack_string(t)),
            Candidate::Pass => write!(f, "-"),
        }
    }
}
