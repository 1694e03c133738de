//! Tile sets as data: letter values and distributions.
//!
//! Sources: English letter values and the 100-tile distribution are those of the standard
//! English crossword game (NASPA/WESPA; see `docs/rules.md`); the 98-tile set without blanks is
//! the Book Scrabble course's (issue 3, seed document `helper.txt`). French: the 102-tile
//! set of French-language editions (Mattel/Spear; the table "Scrabble letter
//! distributions", French, as published by Wikipedia): tiles carry no accents. German: the
//! 102-tile set of German-language editions since 1989–90 (Wikipedia, "Scrabble letter
//! distributions", German; mirrored at
//! <https://www.liquisearch.com/scrabble_letter_distributions/german>): `Ä`, `Ö`, `Ü` are
//! tiles of their own, `ß` is spelt `SS`, other diacritics are ignored.

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

/// French letter values, `A` to `Z`: A1 B3 C3 D2 E1 F4 G2 H4 I1 J8 K10 L1 M2 N1 O1 P3 Q8 R1
/// S1 T1 U1 V4 W10 X10 Y10 Z10.
pub const FRENCH_VALUES: [u8; 26] = [
    1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 10, 1, 2, 1, 1, 3, 8, 1, 1, 1, 1, 4, 10, 10, 10, 10,
];

/// French letter counts, `A` to `Z`: A9 B2 C2 D3 E15 F2 G2 H2 I8 J1 K1 L5 M3 N6 O6 P2 Q1 R6
/// S6 T6 U6 V2 W1 X1 Y1 Z1 (100 lettered tiles; with 2 blanks, 102).
pub const FRENCH_COUNTS: [u8; 26] = [
    9, 2, 2, 3, 15, 2, 2, 2, 8, 1, 1, 5, 3, 6, 6, 2, 1, 6, 6, 6, 6, 2, 1, 1, 1, 1,
];

/// German letter values, `A` to `Z`: A1 B3 C4 D1 E1 F4 G2 H2 I1 J6 K4 L2 M3 N1 O2 P4 Q10
/// R1 S1 T1 U1 V6 W3 X8 Y10 Z3; beside them [`GERMAN_UMLAUTS`].
pub const GERMAN_VALUES: [u8; 26] = [
    1, 3, 4, 1, 1, 4, 2, 2, 1, 6, 4, 2, 3, 1, 2, 4, 10, 1, 1, 1, 1, 6, 3, 8, 10, 3,
];

/// German letter counts, `A` to `Z`: A5 B2 C2 D4 E15 F2 G3 H4 I6 J1 K2 L3 M4 N9 O3 P1 Q1 R6
/// S7 T6 U6 V1 W1 X1 Y1 Z1 (97 tiles; with the umlauts and 2 blanks, 102).
pub const GERMAN_COUNTS: [u8; 26] = [
    5, 2, 2, 4, 15, 2, 3, 4, 6, 1, 2, 3, 4, 9, 3, 1, 1, 6, 7, 6, 6, 1, 1, 1, 1, 1,
];

/// The German set's tiles beyond `A`–`Z`: Ä ×1 (6 points), Ö ×1 (8), Ü ×1 (6). `ß` has no
/// tile: it is spelt `SS`.
pub const GERMAN_UMLAUTS: &[Extra] = &[
    Extra {
        letter: 'Ä',
        count: 1,
        value: 6,
    },
    Extra {
        letter: 'Ö',
        count: 1,
        value: 8,
    },
    Extra {
        letter: 'Ü',
        count: 1,
        value: 6,
    },
];

/// A tile beyond `A`–`Z` (German `Ä`): its letter, how many the set has, what it scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extra {
    /// The letter shown (upper case, a Latin-1 letter `À`–`Þ`: see [`crate::tile`]).
    pub letter: char,
    /// Tiles of it in the set.
    pub count: u8,
    /// Points it scores.
    pub value: u8,
}

impl Extra {
    /// The letter's code (its Latin-1 byte); `None` when it is no Latin-1 letter.
    fn code(&self) -> Option<u8> {
        crate::tile::letter_of_char(self.letter).map(|(code, _)| code)
    }
}

/// A set of tiles: how many of each letter and blank, and what each scores.
///
/// Its alphabet is `A`–`Z` (the letters with tiles) plus [`TileSet::extra`]; a blank may be
/// played as any letter of it ([`TileSet::letter_mask`]).
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
    /// Tiles beyond `A`–`Z` (German `Ä`, `Ö`, `Ü`): Latin-1 letters, placed on the board
    /// like any other (tile indices 26 onwards, see [`crate::tile`]).
    pub extra: &'static [Extra],
}

impl TileSet {
    /// The Book Scrabble course set: 98 tiles, no blanks, English values.
    pub const COURSE: TileSet = TileSet {
        name: "course",
        counts: ENGLISH_COUNTS,
        blanks: 0,
        values: ENGLISH_VALUES,
        extra: &[],
    };

    /// The standard English set: the course's 98 lettered tiles plus 2 blanks (100 tiles).
    pub const ENGLISH: TileSet = TileSet {
        name: "english",
        counts: ENGLISH_COUNTS,
        blanks: 2,
        values: ENGLISH_VALUES,
        extra: &[],
    };

    /// The French set: 100 lettered tiles without accents plus 2 blanks (102 tiles).
    pub const FRENCH: TileSet = TileSet {
        name: "french",
        counts: FRENCH_COUNTS,
        blanks: 2,
        values: FRENCH_VALUES,
        extra: &[],
    };

    /// The German set (102 tiles): 97 lettered `A`–`Z`, `Ä`, `Ö`, `Ü` and 2 blanks. Source:
    /// the German-language editions since 1989–90 (Wikipedia, "Scrabble letter
    /// distributions", German: 1 point E×15 N×9 S×7 I×6 R×6 T×6 U×6 A×5 D×4; 2 H×4 G×3 L×3
    /// O×3; 3 M×4 B×2 W×1 Z×1; 4 C×2 F×2 K×2 P×1; 6 Ä×1 J×1 Ü×1 V×1; 8 Ö×1 X×1; 10 Q×1 Y×1).
    pub const GERMAN: TileSet = TileSet {
        name: "german",
        counts: GERMAN_COUNTS,
        blanks: 2,
        values: GERMAN_VALUES,
        extra: GERMAN_UMLAUTS,
    };

    /// The tile sets by name: `course`, `english`, `french`, `german`.
    pub fn named(name: &str) -> Option<TileSet> {
        TileSet::ALL.into_iter().find(|t| t.name == name)
    }

    /// Every tile set, by name: `course`, `english`, `french`, `german`.
    pub const ALL: [TileSet; 4] = [
        TileSet::COURSE,
        TileSet::ENGLISH,
        TileSet::FRENCH,
        TileSet::GERMAN,
    ];

    /// The tile sets a crossword game can be played with, by name: every set whose letters
    /// are Latin-1 letters the board can place (`course`, `english`, `french`, `german`).
    pub fn crossword(name: &str) -> Option<TileSet> {
        TileSet::named(name).filter(|t| t.extra.iter().all(|e| e.code().is_some()))
    }

    /// The value of a tile showing `letter` (`A`–`Z` or one of [`TileSet::extra`]); 0 for a
    /// letter the set has no tile for.
    pub fn letter_value(&self, letter: char) -> u32 {
        match letter {
            'A'..='Z' => u32::from(self.values[letter as usize - 'A' as usize]),
            _ => self
                .extra
                .iter()
                .find(|e| e.letter == letter)
                .map_or(0, |e| u32::from(e.value)),
        }
    }

    /// The extra tile showing letter code `code`, if the set has one.
    fn extra_of(&self, code: u8) -> Option<&Extra> {
        self.extra.iter().find(|e| e.code() == Some(code))
    }

    /// How many of `tile` the full set holds (0 for a letter it has no tile of).
    pub fn count(&self, tile: Tile) -> u32 {
        match tile {
            Tile::Letter(b) if b.is_ascii_uppercase() => {
                u32::from(self.counts[usize::from(b - b'A')])
            }
            Tile::Letter(b) => self.extra_of(b).map_or(0, |e| u32::from(e.count)),
            Tile::Blank => u32::from(self.blanks),
        }
    }

    /// What `tile` scores when played as itself (a blank scores 0; a letter the set has no
    /// tile of, 0).
    pub fn value(&self, tile: Tile) -> u32 {
        match tile {
            Tile::Letter(b) if b.is_ascii_uppercase() => {
                u32::from(self.values[usize::from(b - b'A')])
            }
            Tile::Letter(b) => self.extra_of(b).map_or(0, |e| u32::from(e.value)),
            Tile::Blank => 0,
        }
    }

    /// Values by letter code (`table[usize::from(b'Q')]`): what the generator's inner loop
    /// reads, built once per position.
    pub fn value_table(&self) -> [u8; 256] {
        let mut t = [0u8; 256];
        for (i, &v) in self.values.iter().enumerate() {
            t[usize::from(b'A') + i] = v;
        }
        for e in self.extra {
            if let Some(code) = e.code() {
                t[usize::from(code)] = e.value;
            }
        }
        t
    }

    /// The set's alphabet as a letter mask (bit [`Tile::index`]): `A`–`Z` and the extra
    /// letters. A blank may stand for any of them; the lexicon decides which words exist.
    pub fn letter_mask(&self) -> u64 {
        self.extra
            .iter()
            .filter_map(|e| crate::tile::letter_index(e.code()?))
            .fold(crate::tile::A_TO_Z, |m, i| m | 1 << i)
    }

    /// Whether the set has a tile showing `letter` (`'Ä'` for German; `'É'` for none).
    pub fn has_letter(&self, letter: char) -> bool {
        match crate::tile::letter_of_char(letter) {
            Some((code, false)) => {
                self.letter_mask() >> crate::tile::letter_index(code).unwrap_or(63) & 1 == 1
            }
            _ => false,
        }
    }

    /// Total number of tiles (those beyond `A`–`Z` included).
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum::<u32>()
            + u32::from(self.blanks)
            + self.extra.iter().map(|e| u32::from(e.count)).sum::<u32>()
    }

    /// Every tile of the set in canonical order (`A`s first, then `Ä`..., blanks last).
    pub fn tiles(&self) -> Vec<Tile> {
        (0..crate::tile::TILE_KINDS)
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

    #[test]
    fn the_french_set_is_the_published_one() {
        // By value, as the published table lists it.
        let by_value = [
            (1, "E15 A9 I8 N6 O6 R6 S6 T6 U6 L5"),
            (2, "D3 G2 M3"),
            (3, "B2 C2 P2"),
            (4, "F2 H2 V2"),
            (8, "J1 Q1"),
            (10, "K1 W1 X1 Y1 Z1"),
        ];
        let mut seen = 0;
        for (value, list) in by_value {
            for (t, n) in pairs(list) {
                assert_eq!(TileSet::FRENCH.value(t), value, "{t}");
                assert_eq!(TileSet::FRENCH.count(t), n, "{t}");
                seen += 1;
            }
        }
        assert_eq!(seen, 26);
        assert_eq!(TileSet::FRENCH.total(), 102);
        assert_eq!(TileSet::FRENCH.count(Tile::Blank), 2);
        assert_eq!(TileSet::named("french"), Some(TileSet::FRENCH));
        assert_eq!(TileSet::named("klingon"), None);
    }

    #[test]
    fn the_german_set_is_the_published_one() {
        let by_value = [
            (1, "E15 N9 S7 I6 R6 T6 U6 A5 D4"),
            (2, "H4 G3 L3 O3"),
            (3, "M4 B2 W1 Z1"),
            (4, "C2 F2 K2 P1"),
            (6, "J1 V1"),
            (8, "X1"),
            (10, "Q1 Y1"),
        ];
        let mut seen = 0;
        for (value, list) in by_value {
            for (t, n) in pairs(list) {
                assert_eq!(TileSet::GERMAN.value(t), value, "{t}");
                assert_eq!(TileSet::GERMAN.count(t), n, "{t}");
                seen += 1;
            }
        }
        assert_eq!(seen, 26);
        let umlauts: Vec<_> = TileSet::GERMAN
            .extra
            .iter()
            .map(|e| (e.letter, e.count, TileSet::GERMAN.letter_value(e.letter)))
            .collect();
        assert_eq!(umlauts, [('Ä', 1, 6), ('Ö', 1, 8), ('Ü', 1, 6)]);
        assert_eq!(TileSet::GERMAN.total(), 102);
        assert_eq!(TileSet::GERMAN.letter_value('Q'), 10);
        assert_eq!(TileSet::GERMAN.letter_value('ß'), 0);
        assert_eq!(TileSet::crossword("german"), Some(TileSet::GERMAN));
        assert_eq!(TileSet::crossword("french"), Some(TileSet::FRENCH));
        let a_umlaut = Tile::from_char('Ä').unwrap();
        assert_eq!(TileSet::GERMAN.value(a_umlaut), 6);
        assert_eq!(TileSet::GERMAN.count(a_umlaut), 1);
        assert_eq!(TileSet::ENGLISH.count(a_umlaut), 0);
        assert_eq!(TileSet::GERMAN.value_table()[0xD6], 8);
        assert_eq!(TileSet::GERMAN.tiles().len(), 102);
        assert_eq!(TileSet::GERMAN.letter_mask().count_ones(), 29);
        assert_eq!(TileSet::ENGLISH.letter_mask().count_ones(), 26);
        assert!(TileSet::GERMAN.has_letter('Ü') && !TileSet::GERMAN.has_letter('É'));
        assert!(!TileSet::ENGLISH.has_letter('Ä') && TileSet::ENGLISH.has_letter('Q'));
    }
}
