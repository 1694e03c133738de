//! Racks of tiles, and every word a rack can make (`folio words from-rack`).
//!
//! A rack is letters plus blanks (`?`). A word can be made when each of its letters is a rack
//! tile of that letter or a blank; real tiles are used first, so a blank stands only for
//! letters the rack lacks and the score shown is the best the rack allows. Scores are the sum
//! of the tiles' values (blanks score 0), with no premium squares and no bingo bonus. The
//! values are the caller's ([`LetterValues`]): a language's tile set belongs to the game,
//! not to the word list.
//!
//! ```
//! use folio_lexicon::query::rack::{self, LetterValues, Rack};
//! use folio_lexicon::{Policy, WordSet};
//! let set = WordSet::from_words(["AT", "CAT", "TACT", "ACT"]).unwrap();
//! let values = LetterValues::from_pairs([(b'A', 1), (b'C', 3), (b'T', 1)]);
//! let r = Rack::parse(&Policy::game(), "tac").unwrap();
//! let found = rack::from_rack(&set, &r, 2, &values);
//! let words: Vec<_> = found.iter().map(|w| (w.word.as_str(), w.score)).collect();
//! assert_eq!(words, [("ACT", 5), ("CAT", 5), ("AT", 2)]);
//! ```

use fst::raw::{CompiledAddr, Fst};

use crate::policy::Policy;
use crate::query::QueryError;
use crate::set::{SetBytes, WordSet};

/// The face value of a tile per letter: what a tile showing that letter scores in a word
/// made from a rack. Letters not given score 0. A letter is a character of the key (`Ä`
/// under `--keep-diacritics` is one letter, two UTF-8 bytes). The values come from the
/// game's tile set (folio's English set: `A`=1 … `Q`=`Z`=10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LetterValues {
    ascii: [u32; 128],
    others: Vec<(char, u32)>,
}

impl Default for LetterValues {
    /// Every tile scores 0.
    fn default() -> Self {
        LetterValues {
            ascii: [0; 128],
            others: Vec::new(),
        }
    }
}

impl LetterValues {
    /// Values from `(ASCII key byte, value)` pairs; other letters score 0.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (u8, u32)>) -> Self {
        LetterValues::from_chars(pairs.into_iter().map(|(b, v)| (char::from(b), v)))
    }

    /// Values from `(letter, value)` pairs (`('Ä', 6)`); other letters score 0.
    pub fn from_chars(pairs: impl IntoIterator<Item = (char, u32)>) -> Self {
        let mut v = LetterValues::default();
        for (c, value) in pairs {
            match usize::try_from(u32::from(c)) {
                Ok(i) if i < 128 => v.ascii[i] = value,
                _ => match v.others.iter_mut().find(|(o, _)| *o == c) {
                    Some(slot) => slot.1 = value,
                    None => v.others.push((c, value)),
                },
            }
        }
        v
    }

    /// Values from a function of the ASCII key byte, asked once for each of the 128.
    pub fn from_fn(f: impl Fn(u8) -> u32) -> Self {
        let mut v = LetterValues::default();
        for b in 0..128u8 {
            v.ascii[usize::from(b)] = f(b);
        }
        v
    }

    /// The value of a tile showing the ASCII key byte `b` (0 for any other byte).
    pub fn value(&self, b: u8) -> u32 {
        self.ascii.get(usize::from(b)).copied().unwrap_or(0)
    }

    /// The value of a tile showing `letter`.
    pub fn letter_value(&self, letter: char) -> u32 {
        match usize::try_from(u32::from(letter)) {
            Ok(i) if i < 128 => self.ascii[i],
            _ => self
                .others
                .iter()
                .find(|(o, _)| *o == letter)
                .map_or(0, |p| p.1),
        }
    }
}

/// A rack: a multiset of letter tiles (characters of the key) and a number of blanks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rack {
    /// Tiles of each ASCII letter.
    ascii: [u8; 128],
    /// Tiles of each other letter (`Ä`), in the order first given.
    others: Vec<(char, u8)>,
    blanks: u8,
    len: usize,
}

impl Rack {
    /// Parses `letters` (e.g. `aeinr??`): `?` is a blank, everything else is normalised by
    /// `policy` (so `é` is an `E` tile under the game policy, an `É` tile with diacritics
    /// kept). Each character of the key is one tile.
    ///
    /// # Errors
    /// [`QueryError::Empty`] when the rack is empty or blank; [`QueryError::RackTooLong`]
    /// when it has more letters than the policy's longest word (a rack of hundreds of letters
    /// was once "not a word") or more than 255 blanks; [`QueryError::NotAWord`] when the
    /// policy rejects a letter, or the rack has more than 255 tiles of one kind.
    pub fn parse(policy: &Policy, letters: &str) -> Result<Rack, QueryError> {
        let not_a_rack = || QueryError::NotAWord {
            input: letters.to_string(),
            policy: policy.name.to_string(),
        };
        let letters_t = letters.trim();
        if letters_t.is_empty() {
            return Err(QueryError::Empty("rack"));
        }
        let blanks = letters_t.chars().filter(|&c| c == '?').count();
        let rest: String = letters_t.chars().filter(|&c| c != '?').collect();
        let too_long = |limit: String| QueryError::RackTooLong {
            input: letters.to_string(),
            tiles: rest.chars().count() + blanks,
            limit,
        };
        if let Some(max) = policy.max_len.filter(|&m| rest.chars().count() > m) {
            return Err(too_long(format!(
                "at most {max} letters (the longest word under the {} policy) besides blanks",
                policy.name
            )));
        }
        if blanks > usize::from(u8::MAX) {
            return Err(too_long(format!("at most {} blanks", u8::MAX)));
        }
        let key = if rest.is_empty() {
            String::new()
        } else {
            policy.normalize_word(&rest).ok_or_else(not_a_rack)?
        };
        let mut rack = Rack {
            ascii: [0; 128],
            others: Vec::new(),
            blanks: u8::try_from(blanks).map_err(|_| not_a_rack())?,
            len: 0,
        };
        for c in key.chars() {
            let slot = rack.slot(c).ok_or_else(not_a_rack)?;
            *slot = slot.checked_add(1).ok_or_else(not_a_rack)?;
        }
        rack.len = key.chars().count() + usize::from(rack.blanks);
        if rack.len == 0 {
            return Err(not_a_rack());
        }
        Ok(rack)
    }

    /// The count of `letter`'s tiles, made room for when absent.
    fn slot(&mut self, letter: char) -> Option<&mut u8> {
        match usize::try_from(u32::from(letter)) {
            Ok(i) if i < 128 => self.ascii.get_mut(i),
            _ => {
                let at = match self.others.iter().position(|(o, _)| *o == letter) {
                    Some(at) => at,
                    None => {
                        self.others.push((letter, 0));
                        self.others.len() - 1
                    }
                };
                Some(&mut self.others[at].1)
            }
        }
    }

    /// Number of tiles, blanks included.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the rack has no tile (never true for a parsed rack).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Number of blanks.
    pub fn blanks(&self) -> usize {
        usize::from(self.blanks)
    }
}

/// A word made from a rack.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RackWord {
    /// The word key.
    pub word: String,
    /// Positions (0-based, in key bytes: where the letter's character starts) played with a
    /// blank.
    pub blanks: Vec<usize>,
    /// Sum of tile values; blanks score 0.
    pub score: u32,
}

impl RackWord {
    /// The word with blank-played letters in lower case (the usual notation: `RETAINs`).
    pub fn display(&self) -> String {
        self.word
            .char_indices()
            .map(|(i, c)| {
                if self.blanks.contains(&i) {
                    c.to_lowercase().collect::<String>()
                } else {
                    c.to_string()
                }
            })
            .collect()
    }
}

/// Which words a rack walk keeps.
#[derive(Clone, Copy)]
pub(crate) enum Keep {
    /// Words using every tile (anagrams).
    AllTiles,
    /// Words of at least this many letters.
    MinLen(usize),
}

/// Every word of `set` that `rack` can make with at least `min_len` letters (and at least
/// one), scored with `values`; best score first, then alphabetical.
pub fn from_rack(
    set: &WordSet,
    rack: &Rack,
    min_len: usize,
    values: &LetterValues,
) -> Vec<RackWord> {
    walk_words(set, rack, Keep::MinLen(min_len.max(1)), values)
}

/// The words a rack walk finds, sorted by score (high first), then key.
pub(crate) fn walk_words(
    set: &WordSet,
    rack: &Rack,
    keep: Keep,
    values: &LetterValues,
) -> Vec<RackWord> {
    let mut walk = Walk {
        values,
        fst: set.as_fst_set().as_fst(),
        rack: rack.clone(),
        keep,
        word: Vec::new(),
        blank_pos: Vec::new(),
        out: Vec::new(),
    };
    let root = walk.fst.root().addr();
    walk.visit(root, rack.len);
    let mut out = walk.out;
    out.sort_by(|a, b| b.score.cmp(&a.score).then_with(|| a.word.cmp(&b.word)));
    out
}

/// A depth-first walk of the fst, spending a tile per letter (a letter of several UTF-8
/// bytes is followed through its bytes first).
struct Walk<'a> {
    values: &'a LetterValues,
    fst: &'a Fst<SetBytes>,
    rack: Rack,
    keep: Keep,
    word: Vec<u8>,
    blank_pos: Vec<usize>,
    out: Vec<RackWord>,
}

/// Bytes of the UTF-8 character a lead byte starts (0 for a byte that starts none).
fn utf8_len(lead: u8) -> usize {
    match lead {
        0x00..=0x7F => 1,
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 0,
    }
}

impl Walk<'_> {
    fn visit(&mut self, addr: CompiledAddr, tiles_left: usize) {
        let node = self.fst.node(addr);
        if node.is_final() {
            let kept = match self.keep {
                Keep::AllTiles => tiles_left == 0,
                Keep::MinLen(n) => self.rack.len - tiles_left >= n,
            };
            if kept {
                self.emit();
            }
        }
        if tiles_left == 0 {
            return;
        }
        for t in node.transitions() {
            let need = utf8_len(t.inp);
            if need == 0 {
                continue; // not a letter's first byte: no tile shows it
            }
            let start = self.word.len();
            self.word.push(t.inp);
            self.letter(t.addr, start, need, tiles_left);
            self.word.pop();
        }
    }

    /// Follows the bytes of the letter starting at `self.word[start]` (`need` bytes), then
    /// spends a tile on it.
    fn letter(&mut self, addr: CompiledAddr, start: usize, need: usize, tiles_left: usize) {
        if self.word.len() - start < need {
            let node = self.fst.node(addr);
            for t in node.transitions() {
                if t.inp & 0xC0 != 0x80 {
                    continue;
                }
                self.word.push(t.inp);
                self.letter(t.addr, start, need, tiles_left);
                self.word.pop();
            }
            return;
        }
        let Some(c) = std::str::from_utf8(&self.word[start..])
            .ok()
            .and_then(|s| s.chars().next())
        else {
            return;
        };
        // A real tile whenever there is one: a blank can stand for anything, so saving it
        // never loses a word, and the score is then the best possible.
        let have = self.rack.slot(c).map_or(0, |n| *n);
        if have > 0 {
            self.spend(c, -1);
            self.visit(addr, tiles_left - 1);
            self.spend(c, 1);
        } else if self.rack.blanks > 0 {
            self.rack.blanks -= 1;
            self.blank_pos.push(start);
            self.visit(addr, tiles_left - 1);
            self.blank_pos.pop();
            self.rack.blanks += 1;
        }
    }

    fn spend(&mut self, c: char, by: i8) {
        if let Some(n) = self.rack.slot(c) {
            *n = n.wrapping_add_signed(by);
        }
    }

    fn emit(&mut self) {
        let word = String::from_utf8_lossy(&self.word).into_owned();
        let score = word
            .char_indices()
            .filter(|(i, _)| !self.blank_pos.contains(i))
            .map(|(_, c)| self.values.letter_value(c))
            .sum();
        self.out.push(RackWord {
            word,
            blanks: self.blank_pos.clone(),
            score,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The English values of the letters these tests use (the binary passes the whole set).
    fn english() -> LetterValues {
        LetterValues::from_pairs([(b'Q', 10), (b'I', 1), (b'S', 1), (b'T', 1)])
    }

    #[test]
    fn a_rack_longer_than_any_word_is_too_long_not_a_non_word() {
        let e = Rack::parse(&Policy::game(), &"A".repeat(300)).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "\"{}\"… (300 characters): rack too long (300 tiles): at most 15 letters (the \
                 longest word under the game policy) besides blanks",
                "A".repeat(80)
            )
        );
        let e = Rack::parse(&Policy::game(), &"?".repeat(256)).unwrap_err();
        let said = e.to_string();
        assert!(
            said.ends_with("(256 characters): rack too long (256 tiles): at most 255 blanks"),
            "{said}"
        );
        // Fifteen letters and a blank stay a rack.
        assert_eq!(
            Rack::parse(&Policy::game(), "ABCDEFGHIJKLMNO?")
                .unwrap()
                .len(),
            16
        );
    }

    #[test]
    fn blanks_stand_only_for_missing_letters() {
        let set = WordSet::from_words(["QI", "QIS", "ZA", "AA", "IT"]).unwrap();
        let r = Rack::parse(&Policy::game(), "qi?").unwrap();
        let got = from_rack(&set, &r, 2, &english());
        let shown: Vec<_> = got.iter().map(|w| (w.display(), w.score)).collect();
        assert_eq!(
            shown,
            [
                ("QI".to_string(), 11),
                ("QIs".to_string(), 11),
                ("It".to_string(), 1),
            ]
        );
    }

    #[test]
    fn letter_values_score_only_what_is_given() {
        let v = LetterValues::from_pairs([(b'Q', 10), (b'I', 1)]);
        assert_eq!(v.value(b'Q'), 10);
        assert_eq!(v.value(b'Z'), 0);
        assert_eq!(
            LetterValues::from_fn(|b| u32::from(b == b'?')).value(b'?'),
            1
        );
        let set = WordSet::from_words(["QI"]).unwrap();
        let r = Rack::parse(&Policy::game(), "qi").unwrap();
        assert_eq!(from_rack(&set, &r, 2, &v)[0].score, 11);
        assert_eq!(from_rack(&set, &r, 2, &LetterValues::default())[0].score, 0);
    }

    #[test]
    fn a_letter_of_several_bytes_is_one_tile() {
        let set = WordSet::from_words(["ÄRA", "ÖL", "ÖLE", "ÜBEL", "AB"]).unwrap();
        let p = Policy::game().with_tile_letters("ÄÖÜ");
        let r = Rack::parse(&p, "äral?").unwrap();
        assert_eq!(r.len(), 5);
        let v = LetterValues::from_chars([('Ä', 6), ('R', 1), ('A', 1), ('L', 2), ('Ö', 8)]);
        let got = from_rack(&set, &r, 2, &v);
        let shown: Vec<_> = got.iter().map(|w| (w.display(), w.score)).collect();
        assert_eq!(
            shown,
            [
                ("ÄRA".to_string(), 8),
                ("öL".to_string(), 2),
                ("Ab".to_string(), 1)
            ],
            "Ä is one tile worth 6; the blank plays Ö (0) in ÖL"
        );
        let r = Rack::parse(&p, "le?").unwrap();
        let got: Vec<_> = crate::query::anagram::anagrams(&set, &r, &v)
            .iter()
            .map(|w| w.display())
            .collect();
        assert_eq!(got, ["öLE"]);
    }

    #[test]
    fn bad_racks() {
        let p = Policy::game();
        assert!(matches!(
            Rack::parse(&p, ""),
            Err(QueryError::Empty("rack"))
        ));
        assert!(Rack::parse(&p, "ab1").is_err());
        assert_eq!(Rack::parse(&p, "??").unwrap().blanks(), 2);
    }
}
