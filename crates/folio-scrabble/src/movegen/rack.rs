//! A rack as counts: how many of each letter and how many blanks the player holds.

use std::fmt;

use crate::tile::{Tile, BLANK, LETTERS, TILE_KINDS};
use crate::tileset::TileSet;

/// Tiles held, counted by [`Tile::index`]: letters `A`–`Z` (0–25), Latin-1 letters such as
/// `Ä` (26–55), blanks ([`BLANK`], 56).
///
/// Any size (a rack late in a game holds fewer than 7), any number of blanks (a rule set's
/// tile set bounds them; see [`Rack::check`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rack {
    counts: [u8; TILE_KINDS],
}

impl Default for Rack {
    fn default() -> Rack {
        Rack {
            counts: [0; TILE_KINDS],
        }
    }
}

/// A rack the tile set cannot hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RackError {
    /// A character that is neither a letter nor `?`.
    #[error(
        "`{ch}` at position {index} of the rack is not a tile (want a letter or ? for a blank)"
    )]
    BadChar {
        /// The character.
        ch: char,
        /// 1-based position in the rack text.
        index: usize,
    },
    /// More of a tile than the tile set has.
    #[error("the rack holds {have} of {tile}; the {set} tile set has {limit}")]
    TooMany {
        /// The tile.
        tile: Tile,
        /// How many the rack holds.
        have: u32,
        /// How many the set has.
        limit: u32,
        /// The set's name.
        set: &'static str,
    },
}

impl Rack {
    /// The rack holding `tiles`.
    pub fn new(tiles: &[Tile]) -> Rack {
        let mut r = Rack::default();
        for &t in tiles {
            r.counts[t.index()] = r.counts[t.index()].saturating_add(1);
        }
        r
    }

    /// Parses `"AEIRST?"` (letters in either case, `?` a blank).
    ///
    /// ```
    /// use folio_scrabble::movegen::Rack;
    /// let r = Rack::parse("ab?a").unwrap();
    /// assert_eq!((r.len(), r.blanks(), r.to_string()), (4, 1, "AAB?".to_string()));
    /// ```
    pub fn parse(text: &str) -> Result<Rack, RackError> {
        let mut tiles = Vec::new();
        for (i, ch) in text.chars().enumerate() {
            tiles.push(Tile::from_char(ch).ok_or(RackError::BadChar { ch, index: i + 1 })?);
        }
        Ok(Rack::new(&tiles))
    }

    /// Checks the rack against a tile set: no tile more often than the set holds it.
    pub fn check(&self, set: &TileSet) -> Result<(), RackError> {
        for (i, &have) in self.counts.iter().enumerate() {
            let tile = Tile::from_index(i).expect("a tile index");
            let limit = set.count(tile);
            if u32::from(have) > limit {
                return Err(RackError::TooMany {
                    tile,
                    have: u32::from(have),
                    limit,
                    set: set.name,
                });
            }
        }
        Ok(())
    }

    /// How many of `tile` the rack holds.
    pub fn count(&self, tile: Tile) -> u8 {
        self.counts[tile.index()]
    }

    /// Number of blanks.
    pub fn blanks(&self) -> u8 {
        self.counts[BLANK]
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        self.counts.iter().map(|&c| usize::from(c)).sum()
    }

    /// Whether the rack is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The counts, indexed by [`Tile::index`].
    pub fn counts(&self) -> &[u8; TILE_KINDS] {
        &self.counts
    }

    /// The tiles in canonical order (`A`..`Z`, `Ä`..., blanks last).
    pub fn tiles(&self) -> Vec<Tile> {
        (0..TILE_KINDS)
            .flat_map(|i| {
                std::iter::repeat_n(
                    Tile::from_index(i).expect("a tile index"),
                    usize::from(self.counts[i]),
                )
            })
            .collect()
    }

    /// The rack less `used`, or `None` when it does not hold them all.
    pub fn without(&self, used: &[Tile]) -> Option<Rack> {
        let mut r = *self;
        for &t in used {
            let c = &mut r.counts[t.index()];
            *c = c.checked_sub(1)?;
        }
        Some(r)
    }

    /// Takes one `tile` off the rack; false (and no change) when it holds none.
    pub(crate) fn take(&mut self, tile: Tile) -> bool {
        let c = &mut self.counts[tile.index()];
        match c.checked_sub(1) {
            Some(n) => {
                *c = n;
                true
            }
            None => false,
        }
    }

    /// Letters held as bits (bit [`Tile::index`]; bit 0 = `A`); with a blank, every letter
    /// of `alphabet` (the tile set's [`TileSet::letter_mask`]) besides.
    pub(crate) fn letter_mask(&self, alphabet: u64) -> u64 {
        let mut held = 0u64;
        for (i, &n) in self.counts[..LETTERS].iter().enumerate() {
            held |= u64::from(n > 0) << i;
        }
        if self.counts[BLANK] > 0 {
            held | alphabet
        } else {
            held
        }
    }
}

/// The tiles in canonical order, `?` for blanks (`AEIRST?`).
impl fmt::Display for Rack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for t in self.tiles() {
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Rack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rack({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn racks_count_tiles_and_leave_what_a_play_does_not_use() {
        let r = Rack::parse("EARS??").unwrap();
        assert_eq!(r.len(), 6);
        assert_eq!(r.blanks(), 2);
        assert_eq!(r.to_string(), "AERS??");
        let leave = r.without(&[Tile::Letter(b'S'), Tile::Blank]).unwrap();
        assert_eq!(leave.to_string(), "AER?");
        assert_eq!(r.without(&[Tile::Letter(b'Z')]), None);
        assert_eq!(
            Rack::parse("AB1"),
            Err(RackError::BadChar { ch: '1', index: 3 })
        );
        assert!(matches!(
            Rack::parse("??").unwrap().check(&TileSet::COURSE),
            Err(RackError::TooMany { limit: 0, .. })
        ));
        assert!(Rack::parse("ZZ").unwrap().check(&TileSet::ENGLISH).is_err());
        assert!(Rack::parse("EE?").unwrap().check(&TileSet::ENGLISH).is_ok());
        assert_eq!(Rack::parse("AB").unwrap().letter_mask(0), 0b11);
        let umlaut = Rack::parse("äÖ?").unwrap();
        assert_eq!(umlaut.to_string(), "ÄÖ?");
        assert_eq!(umlaut.check(&TileSet::GERMAN), Ok(()));
        assert!(umlaut.check(&TileSet::ENGLISH).is_err());
        let german = TileSet::GERMAN.letter_mask();
        assert_eq!(umlaut.letter_mask(german), german);
    }
}
