//! The bag: the tiles not yet drawn, drawn in a seeded, portable order.
//!
//! The bag starts as its tile set in canonical order (`A`s first, blanks last). A random draw
//! takes index `rng.below(len)` and removes it by swapping the last tile into its place
//! (`Vec::swap_remove`); a returned tile goes to the end. With [`SplitMix64`] this makes a
//! seed's draws identical on every platform and version (`docs/rules.md`).

use crate::tile::Tile;
use crate::tileset::TileSet;
use folio_core::rng::SplitMix64;

/// Why the bag refused a request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BagError {
    /// A specific tile was asked for and the bag holds none.
    #[error("the bag holds no {tile}")]
    NotInBag {
        /// The tile asked for.
        tile: Tile,
    },
    /// Returning the tile would give the bag more of it than the tile set has.
    #[error("the tile set has only {limit} of {tile}; the bag cannot take another")]
    OverLimit {
        /// The tile returned.
        tile: Tile,
        /// How many the tile set holds.
        limit: u32,
    },
    /// More tiles were asked for than the bag holds.
    #[error("the bag holds {}, {want} {} asked for", folio_core::plural(*.have, "tile", "tiles"), folio_core::noun(*.want, "was", "were"))]
    TooFew {
        /// Tiles in the bag.
        have: usize,
        /// Tiles asked for.
        want: usize,
    },
}

/// Undrawn tiles and the generator that orders their draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bag {
    tiles: Vec<Tile>,
    set: TileSet,
    rng: SplitMix64,
}

impl Bag {
    /// A full bag of `set`, its draws ordered by `seed`.
    pub fn new(set: TileSet, seed: u64) -> Bag {
        Bag {
            tiles: set.tiles(),
            set,
            rng: SplitMix64::new(seed),
        }
    }

    /// An empty bag of `set` (for replays that track tiles loosely, filled by [`Bag::put_back`]).
    pub fn empty(set: TileSet, seed: u64) -> Bag {
        Bag {
            tiles: Vec::new(),
            set,
            rng: SplitMix64::new(seed),
        }
    }

    /// Number of tiles in the bag.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Whether the bag is empty.
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// How many of `tile` the bag holds.
    pub fn count(&self, tile: Tile) -> u32 {
        self.tiles.iter().filter(|&&t| t == tile).count() as u32
    }

    /// The quantity of every tile still in the bag, indexed by [`Tile::index`]
    /// ([`TILE_KINDS`](crate::tile::TILE_KINDS) entries).
    pub fn quantities(&self) -> [u32; crate::tile::TILE_KINDS] {
        let mut q = [0; crate::tile::TILE_KINDS];
        for t in &self.tiles {
            q[t.index()] += 1;
        }
        q
    }

    /// The tile set the bag was made from.
    pub fn tile_set(&self) -> &TileSet {
        &self.set
    }

    /// Draws one tile at random, or `None` when empty.
    pub fn draw(&mut self) -> Option<Tile> {
        if self.tiles.is_empty() {
            return None;
        }
        let i = self.rng.below(self.tiles.len());
        Some(self.tiles.swap_remove(i))
    }

    /// Draws up to `n` tiles at random (fewer when the bag runs out).
    pub fn draw_up_to(&mut self, n: usize) -> Vec<Tile> {
        (0..n).map_while(|_| self.draw()).collect()
    }

    /// Takes one given tile out of the bag (a recorded rack, a chosen draw).
    pub fn draw_tile(&mut self, tile: Tile) -> Result<Tile, BagError> {
        let i = self
            .tiles
            .iter()
            .rposition(|&t| t == tile)
            .ok_or(BagError::NotInBag { tile })?;
        Ok(self.tiles.swap_remove(i))
    }

    /// Returns a tile to the bag; refused when the bag would hold more of it than the set.
    pub fn put_back(&mut self, tile: Tile) -> Result<(), BagError> {
        let limit = self.set.count(tile);
        if self.count(tile) >= limit {
            return Err(BagError::OverLimit { tile, limit });
        }
        self.tiles.push(tile);
        Ok(())
    }

    /// Exchanges `tiles`: draws as many new tiles first, then returns the old ones (the
    /// order the rule books prescribe, so a player never redraws his own tiles). Refused,
    /// leaving the bag unchanged, when the bag holds fewer tiles than are exchanged.
    pub fn exchange(&mut self, tiles: &[Tile]) -> Result<Vec<Tile>, BagError> {
        if tiles.len() > self.tiles.len() {
            return Err(BagError::TooFew {
                have: self.tiles.len(),
                want: tiles.len(),
            });
        }
        let mut trial = self.clone();
        let drawn = trial.draw_up_to(tiles.len());
        for &t in tiles {
            trial.put_back(t)?;
        }
        *self = trial;
        Ok(drawn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_draws() {
        let mut a = Bag::new(TileSet::ENGLISH, 7);
        let mut b = Bag::new(TileSet::ENGLISH, 7);
        assert_eq!(a.draw_up_to(100), b.draw_up_to(100));
        let mut c = Bag::new(TileSet::ENGLISH, 8);
        let mut d = Bag::new(TileSet::ENGLISH, 7);
        assert_ne!(c.draw_up_to(7), d.draw_up_to(7));
    }

    /// The first draws of seed 1 from the English set: a fixture that pins the algorithm
    /// (canonical order + SplitMix64 + multiply-shift + swap_remove), repeated in docs/rules.md.
    #[test]
    fn first_rack_of_seed_1_is_pinned() {
        let mut bag = Bag::new(TileSet::ENGLISH, 1);
        let rack: String = bag.draw_up_to(7).iter().map(|t| t.to_char()).collect();
        assert_eq!(rack, FIRST_RACK_SEED_1);
        assert_eq!(bag.len(), 93);
    }
    const FIRST_RACK_SEED_1: &str = "NRYIIRT";

    #[test]
    fn draws_every_tile_exactly_once() {
        let mut bag = Bag::new(TileSet::COURSE, 3);
        let mut all = bag.draw_up_to(200);
        assert_eq!(all.len(), 98);
        assert!(bag.is_empty());
        assert_eq!(bag.draw(), None);
        all.sort();
        assert_eq!(all, TileSet::COURSE.tiles());
    }

    #[test]
    fn given_letters_and_returns_respect_the_set() {
        let mut bag = Bag::new(TileSet::ENGLISH, 0);
        assert_eq!(bag.count(Tile::Letter(b'Q')), 1);
        assert_eq!(
            bag.put_back(Tile::Letter(b'Q')),
            Err(BagError::OverLimit {
                tile: Tile::Letter(b'Q'),
                limit: 1
            })
        );
        assert_eq!(bag.draw_tile(Tile::Letter(b'Q')), Ok(Tile::Letter(b'Q')));
        assert_eq!(
            bag.draw_tile(Tile::Letter(b'Q')),
            Err(BagError::NotInBag {
                tile: Tile::Letter(b'Q')
            })
        );
        assert_eq!(bag.put_back(Tile::Letter(b'Q')), Ok(()));
        assert_eq!(bag.quantities()[Tile::Blank.index()], 2);
        assert_eq!(bag.len(), 100);
        let mut course = Bag::new(TileSet::COURSE, 0);
        assert_eq!(
            course.draw_tile(Tile::Blank),
            Err(BagError::NotInBag { tile: Tile::Blank })
        );
    }

    #[test]
    fn exchange_draws_before_returning() {
        let mut bag = Bag::new(TileSet::ENGLISH, 5);
        let rack = bag.draw_up_to(7);
        let before = bag.len();
        let new = bag.exchange(&rack[..3]).unwrap();
        assert_eq!(new.len(), 3);
        assert_eq!(bag.len(), before);
        let mut small = Bag::new(TileSet::ENGLISH, 5);
        let _ = small.draw_up_to(98);
        assert_eq!(
            small.exchange(&rack[..3]),
            Err(BagError::TooFew { have: 2, want: 3 })
        );
        assert_eq!(small.len(), 2);
    }
}
