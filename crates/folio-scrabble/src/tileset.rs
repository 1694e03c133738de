//! Tile sets as data: letter values and distributions.
//!
//! Sources: English letter values and the 100-tile distribution are those of the standard
//! English crossword game (NASPA/WESPA; see `docs/rules.md`); the 98-tile set without blanks is
//! the Book Scrabble course's (issue 3, seed document `helper.txt`).

use crate::tile::Tile;

/// English letter values, `A` to `Z`: A1 B3 C3 D2 E1 F4 G2 H4 I1 J8 K5 L1 M3 N1 O1 P3 Q10 R1
/// S1 T1 U1 V4 W4 X8 Y4 Z10. A blank scores 0.
pub const ENGLISH_VALUES: [u8; 26] = [
    1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10,
];

/// English letter counts, `A` to `Z`: A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6
/// S4 T6 U4 V2 W2 X1 Y2 Z1 (98 tiles).
pub const ENGLISH_COUNTS: [u8; 26] = [
    9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1,
];

/// A set of tiles: how many of each letter and blank, and what each scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileSet {
    /// Short name (`"course"`, `"english"`).
    pub name: &'static str,
    /// Count of each letter `A`..`Z`.
    pub counts: [u8; 26],
    /// Number of blanks.
    pub blanks: u8,
    /// Value of each letter `A`..`Z` (a blank scores 0).
    pub values: [u8; 26],
}

impl TileSet {
    /// The Book Scrabble course set: 98 tiles, no blanks, English values.
    pub const COURSE: TileSet = TileSet {
        name: "course",
        counts: ENGLISH_COUNTS,
        blanks: 0,
        values: ENGLISH_VALUES,
    };

    /// The standard English set: the course's 98 lettered tiles plus 2 blanks (100 tiles).
    pub const ENGLISH: TileSet = TileSet {
        name: "english",
        counts: ENGLISH_COUNTS,
        blanks: 2,
        values: ENGLISH_VALUES,
    };

    /// How many of `tile` the full set holds.
    pub fn count(&self, tile: Tile) -> u32 {
        match tile {
            Tile::Letter(b) if b.is_ascii_uppercase() => {
                u32::from(self.counts[usize::from(b - b'A')])
            }
            Tile::Letter(_) => 0,
            Tile::Blank => u32::from(self.blanks),
        }
    }

    /// What `tile` scores when played as itself (a blank scores 0; a non-letter byte 0).
    pub fn value(&self, tile: Tile) -> u32 {
        match tile {
            Tile::Letter(b) if b.is_ascii_uppercase() => {
                u32::from(self.values[usize::from(b - b'A')])
            }
            _ => 0,
        }
    }

    /// Total number of tiles.
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum::<u32>() + u32::from(self.blanks)
    }

    /// Every tile of the set in canonical order (`A`s first, blanks last).
    pub fn tiles(&self) -> Vec<Tile> {
        (0..27)
            .filter_map(Tile::from_index)
            .flat_map(|t| std::iter::repeat_n(t, self.count(t) as usize))
            .collect()
    }

    /// Sum of the values of `tiles` (a rack's value at the end of a game).
    pub fn rack_value(&self, tiles: &[Tile]) -> u32 {
        tiles.iter().map(|&t| self.value(t)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values and counts as the issue writes them, letter by letter.
    const VALUES: &str =
        "A1 B3 C3 D2 E1 F4 G2 H4 I1 J8 K5 L1 M3 N1 O1 P3 Q10 R1 S1 T1 U1 V4 W4 X8 Y4 Z10";
    const COUNTS: &str =
        "A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 T6 U4 V2 W2 X1 Y2 Z1";

    fn pairs(s: &str) -> Vec<(Tile, u32)> {
        s.split(' ')
            .map(|p| {
                (
                    Tile::from_char(p.chars().next().unwrap()).unwrap(),
                    p[1..].parse().unwrap(),
                )
            })
            .collect()
    }

    #[test]
    fn letter_values_match_the_rule_book() {
        for set in [TileSet::COURSE, TileSet::ENGLISH] {
            for (t, v) in pairs(VALUES) {
                assert_eq!(set.value(t), v, "{t}");
            }
            assert_eq!(set.value(Tile::Blank), 0);
        }
    }

    #[test]
    fn distributions_match_the_rule_book() {
        for (t, n) in pairs(COUNTS) {
            assert_eq!(TileSet::COURSE.count(t), n, "{t}");
            assert_eq!(TileSet::ENGLISH.count(t), n, "{t}");
        }
        assert_eq!(TileSet::COURSE.total(), 98);
        assert_eq!(TileSet::COURSE.count(Tile::Blank), 0);
        assert_eq!(TileSet::ENGLISH.total(), 100);
        assert_eq!(TileSet::ENGLISH.count(Tile::Blank), 2);
        assert_eq!(TileSet::ENGLISH.tiles().len(), 100);
        assert_eq!(TileSet::COURSE.tiles().len(), 98);
    }
}
