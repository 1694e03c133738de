//! Tiles: what sits in the bag and on a rack ([`Tile`]), and what sits on the board
//! ([`BoardTile`]: a letter, possibly played by a blank).
//!
//! A letter is one byte, its **Latin-1 code**: `b'A'..=b'Z'` for `A`–`Z` (the same keys the
//! [`Lexicon`](crate::Lexicon) uses) and `0xC0..=0xDE` for the upper-case Latin-1 letters
//! `À`–`Þ` (German `Ä` = `0xC4`; `×` = `0xD7` is no letter). A word set keys such a letter
//! in UTF-8 (`Ä` = `C3 84`): [`step_letter`] steps a lexicon cursor over it. Which of these
//! letters a game has tiles for is its tile set's (`TileSet::has_letter`).
//!
//! **Tile index.** Per-letter tables (racks, bag counts, letter masks) are indexed by
//! [`Tile::index`]: `A`–`Z` are 0–25, `À`–`Þ` 26–55 (the table [`LATIN1_LETTERS`], as data),
//! a blank [`BLANK`] (56). Letter masks are `u64` with bit [`Tile::index`] per letter. The
//! index is fixed, not per tile set, so racks and boards need no tile set to be read; a set
//! is limited to letters of Latin-1 (every Western European alphabet; Polish `Ł` would need
//! a wider letter code).

use std::fmt;

/// The upper-case Latin-1 letters beyond `A`–`Z`, in tile-index order (26 onwards): `À`–`Þ`
/// without `×`. `ß` has no upper-case Latin-1 form (a German set spells it `SS`).
pub const LATIN1_LETTERS: [u8; 30] = {
    let mut out = [0u8; 30];
    let (mut code, mut i) = (0xC0u8, 0);
    while code <= 0xDE {
        if code != 0xD7 {
            out[i] = code;
            i += 1;
        }
        code += 1;
    }
    out
};

/// Number of letter indices: `A`–`Z` and [`LATIN1_LETTERS`].
pub const LETTERS: usize = 26 + LATIN1_LETTERS.len();

/// The blank's tile index (after every letter).
pub const BLANK: usize = LETTERS;

/// Number of tile indices: every letter and the blank (the length of per-tile tables).
pub const TILE_KINDS: usize = LETTERS + 1;

/// Letter mask of `A`–`Z` (bits 0–25).
pub const A_TO_Z: u64 = (1 << 26) - 1;

/// Letter code → tile index, `NONE` for a byte that is no letter.
const INDEX: [u8; 256] = {
    let mut t = [NONE; 256];
    let mut i = 0;
    while i < 26 {
        t[b'A' as usize + i] = i as u8;
        i += 1;
    }
    let mut k = 0;
    while k < LATIN1_LETTERS.len() {
        t[LATIN1_LETTERS[k] as usize] = (26 + k) as u8;
        k += 1;
    }
    t
};

const NONE: u8 = u8::MAX;

/// Tile index → letter code (the blank's entry is `?`).
const CODE: [u8; TILE_KINDS] = {
    let mut t = [b'?'; TILE_KINDS];
    let mut i = 0;
    while i < 26 {
        t[i] = b'A' + i as u8;
        i += 1;
    }
    let mut k = 0;
    while k < LATIN1_LETTERS.len() {
        t[26 + k] = LATIN1_LETTERS[k];
        k += 1;
    }
    t
};

/// The tile index of letter code `letter`, `None` for a byte that is no letter.
#[inline]
pub fn letter_index(letter: u8) -> Option<usize> {
    let i = INDEX[usize::from(letter)];
    (i != NONE).then_some(usize::from(i))
}

/// The letter code of letter index `index` (`0..LETTERS`).
#[inline]
pub fn letter_code(index: usize) -> u8 {
    CODE[index]
}

/// The letter code of `c` and whether `c` was written in lower case: `A`–`Z`, `a`–`z` and the
/// Latin-1 letters `À`–`Þ`, `à`–`þ` (not `×`, `÷`, `ß`, `ÿ`).
pub fn letter_of_char(c: char) -> Option<(u8, bool)> {
    let code = u32::from(c);
    let (upper, lower) = match c {
        'A'..='Z' => (code, false),
        'a'..='z' => (code - 0x20, true),
        '\u{C0}'..='\u{DE}' => (code, false),
        '\u{E0}'..='\u{FE}' => (code - 0x20, true),
        _ => return None,
    };
    let upper = u8::try_from(upper).ok()?;
    letter_index(upper).map(|_| (upper, lower))
}

/// The cursor after stepping `letter` (a letter code) from `cur`: one byte for `A`–`Z`, the
/// two UTF-8 bytes of a Latin-1 letter (`Ä` → `C3 84`) as word sets key it.
///
/// Always inlined with the two-byte path out of line: the generator's inner loop steps
/// `A`–`Z` as it did before letters beyond `Z` existed.
#[inline(always)]
pub fn step_letter<L: crate::Lexicon + ?Sized>(
    lex: &L,
    cur: L::Cursor,
    letter: u8,
) -> Option<L::Cursor> {
    if letter < 0x80 {
        lex.step(cur, letter)
    } else {
        step_two_bytes(lex, cur, letter)
    }
}

/// The letter code of letter index `i` and the cursor after stepping it from `cur`: the
/// generator's inner step, `A`–`Z` computed (no table load before the step), letters beyond
/// `Z` through [`letter_code`] and their two UTF-8 bytes.
#[inline(always)]
pub fn step_index<L: crate::Lexicon + ?Sized>(
    lex: &L,
    cur: L::Cursor,
    i: usize,
) -> (u8, Option<L::Cursor>) {
    if i < 26 {
        let letter = b'A' + i as u8;
        (letter, lex.step(cur, letter))
    } else {
        let letter = letter_code(i);
        (letter, step_two_bytes(lex, cur, letter))
    }
}

#[inline(never)]
fn step_two_bytes<L: crate::Lexicon + ?Sized>(
    lex: &L,
    cur: L::Cursor,
    letter: u8,
) -> Option<L::Cursor> {
    let next = lex.step(cur, 0xC0 | letter >> 6)?;
    lex.step(next, 0x80 | (letter & 0x3F))
}

/// The character a letter code shows (`b'A'` → `A`, `0xC4` → `Ä`).
#[inline]
pub fn letter_char(letter: u8) -> char {
    char::from(letter)
}

/// The lower-case character of a letter code (a blank's letter: `ä`).
pub fn lower_char(letter: u8) -> char {
    let c = char::from(letter);
    if letter < 0x80 {
        c.to_ascii_lowercase()
    } else {
        char::from_u32(u32::from(letter) + 0x20).unwrap_or(c)
    }
}

/// A tile in the bag or on a rack: a lettered tile or a blank.
///
/// Written as its upper-case letter, or `?` for a blank (the GCG convention).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tile {
    /// A lettered tile: its letter code (`b'A'..=b'Z'`, or a Latin-1 letter such as `0xC4`
    /// for `Ä`; see the module's notes).
    Letter(u8),
    /// A blank: takes a designated letter when played and scores 0.
    Blank,
}

impl Tile {
    /// The tile written as `c`: a letter (`A`–`Z`, `Ä`, either case) is a lettered tile, `?`
    /// a blank.
    pub fn from_char(c: char) -> Option<Tile> {
        match c {
            '?' => Some(Tile::Blank),
            _ => letter_of_char(c).map(|(l, _)| Tile::Letter(l)),
        }
    }

    /// Parses a rack string such as `"AEIRST?"`; `None` on any other character.
    pub fn parse_rack(s: &str) -> Option<Vec<Tile>> {
        s.chars().map(Tile::from_char).collect()
    }

    /// The character that writes this tile (`?` for a blank).
    pub fn to_char(self) -> char {
        match self {
            Tile::Letter(b) => letter_char(b),
            Tile::Blank => '?',
        }
    }

    /// Index into per-tile tables: 0–25 for `A`–`Z`, 26–55 for `À`–`Þ`, [`BLANK`] for a
    /// blank. Panics on a `Letter` whose code is no letter (every constructor checks).
    #[inline]
    pub fn index(self) -> usize {
        match self {
            Tile::Letter(b) => letter_index(b).expect("a tile's letter code is a letter"),
            Tile::Blank => BLANK,
        }
    }

    /// The tile at `index` (inverse of [`Tile::index`]); `None` above [`BLANK`].
    pub fn from_index(index: usize) -> Option<Tile> {
        match index {
            BLANK => Some(Tile::Blank),
            i if i < LETTERS => Some(Tile::Letter(letter_code(i))),
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
    /// The letter shown: its letter code (`b'A'..=b'Z'`, `0xC4` for `Ä`).
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
        let (letter, lower) = letter_of_char(c)?;
        Some(if lower {
            BoardTile::blank(letter)
        } else {
            BoardTile::letter(letter)
        })
    }

    /// Upper-case letter, or lower-case for a blank (`Ä`, `ä`).
    pub fn to_char(self) -> char {
        if self.blank {
            lower_char(self.letter)
        } else {
            letter_char(self.letter)
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
    use folio_core::Lexicon;

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

    #[test]
    fn latin1_letters_are_tiles_with_their_own_index() {
        let a = Tile::from_char('ä').unwrap();
        assert_eq!(a, Tile::Letter(0xC4));
        assert_eq!(a.to_char(), 'Ä');
        assert_eq!(a.index(), 26 + 4);
        assert_eq!(Tile::from_index(a.index()), Some(a));
        assert_eq!(BoardTile::from_char('ä'), Some(BoardTile::blank(0xC4)));
        assert_eq!(BoardTile::blank(0xC4).to_char(), 'ä');
        assert_eq!(BoardTile::from_char('Ü'), Some(BoardTile::letter(0xDC)));
        for c in ['ß', '×', '÷', 'ÿ', 'Ł', '1'] {
            assert_eq!(Tile::from_char(c), None, "{c}");
        }
        // Every index round-trips; the blank is last.
        for i in 0..TILE_KINDS {
            assert_eq!(Tile::from_index(i).unwrap().index(), i);
        }
        assert_eq!(Tile::from_index(TILE_KINDS), None);
        assert_eq!(Tile::Blank.index(), BLANK);
        assert_eq!(letter_code(Tile::Letter(0xDE).index()), 0xDE);
        // A word set keys `Ä` in UTF-8.
        let words = folio_core::WordList::new(["MÄDCHEN"]);
        let cur = step_letter(&words, words.root(), b'M').unwrap();
        let cur = step_letter(&words, cur, 0xC4).unwrap();
        assert!(step_letter(&words, cur, b'D').is_some());
        assert!(step_letter(&words, words.root(), 0xC4).is_none());
    }
}
