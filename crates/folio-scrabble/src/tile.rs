//! Tiles: what sits in the bag and on a rack ([`Tile`]), and what sits on the board
//! ([`BoardTile`]: a letter, possibly played by a blank).
//!
//! Letters are upper-case ASCII bytes `b'A'..=b'Z'`, the same keys the
//! [`Lexicon`](crate::Lexicon) uses.

use std::fmt;

/// A tile in the bag or on a rack: a lettered tile or a blank.
///
/// Written as its upper-case letter, or `?` for a blank (the GCG convention).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tile {
    /// A lettered tile, `b'A'..=b'Z'`.
    Letter(u8),
    /// A blank: takes a designated letter when played and scores 0.
    Blank,
}

impl Tile {
    /// The tile written as `c`: `A`–`Z` (either case) is a letter, `?` a blank.
    pub fn from_char(c: char) -> Option<Tile> {
        match c {
            '?' => Some(Tile::Blank),
            'a'..='z' | 'A'..='Z' => Some(Tile::Letter(c.to_ascii_uppercase() as u8)),
            _ => None,
        }
    }

    /// Parses a rack string such as `"AEIRST?"`; `None` on any other character.
    pub fn parse_rack(s: &str) -> Option<Vec<Tile>> {
        s.chars().map(Tile::from_char).collect()
    }

    /// The character that writes this tile (`?` for a blank).
    pub fn to_char(self) -> char {
        match self {
            Tile::Letter(b) => b as char,
            Tile::Blank => '?',
        }
    }

    /// Index into per-letter tables: 0–25 for `A`–`Z`, 26 for a blank.
    pub fn index(self) -> usize {
        match self {
            Tile::Letter(b) => usize::from(b - b'A'),
            Tile::Blank => 26,
        }
    }

    /// The tile at `index` (inverse of [`Tile::index`]); `None` above 26.
    pub fn from_index(index: usize) -> Option<Tile> {
        match index {
            0..=25 => Some(Tile::Letter(b'A' + index as u8)),
            26 => Some(Tile::Blank),
            _ => None,
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// Writes a list of tiles as a rack string (`"AEIRST?"`).
pub fn rack_string(tiles: &[Tile]) -> String {
    tiles.iter().map(|t| t.to_char()).collect()
}

/// A tile on the board: the letter it shows and whether it is a blank.
///
/// Written as the upper-case letter, or the lower-case letter for a blank (GCG convention).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardTile {
    /// The letter shown, `b'A'..=b'Z'`.
    pub letter: u8,
    /// Whether a blank was played as this letter (scores 0).
    pub blank: bool,
}

impl BoardTile {
    /// A lettered tile showing `letter` (upper-case byte).
    pub fn letter(letter: u8) -> BoardTile {
        BoardTile {
            letter,
            blank: false,
        }
    }

    /// A blank designated as `letter` (upper-case byte).
    pub fn blank(letter: u8) -> BoardTile {
        BoardTile {
            letter,
            blank: true,
        }
    }

    /// The tile written as `c`: upper-case = lettered tile, lower-case = blank.
    pub fn from_char(c: char) -> Option<BoardTile> {
        match c {
            'A'..='Z' => Some(BoardTile::letter(c as u8)),
            'a'..='z' => Some(BoardTile::blank(c.to_ascii_uppercase() as u8)),
            _ => None,
        }
    }

    /// Upper-case letter, or lower-case for a blank.
    pub fn to_char(self) -> char {
        if self.blank {
            (self.letter as char).to_ascii_lowercase()
        } else {
            self.letter as char
        }
    }

    /// The rack tile this board tile was played from.
    pub fn rack_tile(self) -> Tile {
        if self.blank {
            Tile::Blank
        } else {
            Tile::Letter(self.letter)
        }
    }
}

impl fmt::Display for BoardTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// Serialized as its written form (`Display`).
impl serde::Serialize for Tile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Serialized as its written form (`Display`).
impl serde::Serialize for BoardTile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_round_trip_through_chars() {
        for c in ('A'..='Z').chain(['?']) {
            let t = Tile::from_char(c).unwrap();
            assert_eq!(t.to_char(), c);
            assert_eq!(Tile::from_index(t.index()), Some(t));
        }
        assert_eq!(Tile::from_char('.'), None);
        assert_eq!(
            Tile::parse_rack("ab?"),
            Some(vec![Tile::Letter(b'A'), Tile::Letter(b'B'), Tile::Blank])
        );
        assert_eq!(BoardTile::from_char('q'), Some(BoardTile::blank(b'Q')));
        assert_eq!(BoardTile::blank(b'Q').to_char(), 'q');
        assert_eq!(BoardTile::blank(b'Q').rack_tile(), Tile::Blank);
        assert_eq!(BoardTile::from_char('?'), None);
    }
}
