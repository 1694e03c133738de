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

/// The face value of a tile per key byte: what a tile showing that letter scores in a word
/// made from a rack. Bytes not given score 0 (a letter spelt with several UTF-8 bytes, such
/// as `É` under `--keep-diacritics`, scores the sum of its bytes' values: 0 unless given).
/// The values come from the game's tile set (folio's English set: `A`=1 … `Q`=`Z`=10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LetterValues {
    values: [u32; 256],
}

impl Default for LetterValues {
    /// Every tile scores 0.
    fn default() -> Self {
        LetterValues { values: [0; 256] }
    }
}

impl LetterValues {
    /// Values from `(key byte, value)` pairs; other bytes score 0.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (u8, u32)>) -> Self {
        let mut v = LetterValues::default();
        for (b, value) in pairs {
            v.values[usize::from(b)] = value;
        }
        v
    }

    /// Values from a function of the key byte, asked once for each of the 256 bytes.
    pub fn from_fn(f: impl Fn(u8) -> u32) -> Self {
        let mut v = LetterValues::default();
        for b in 0..=u8::MAX {
            v.values[usize::from(b)] = f(b);
        }
        v
    }

    /// The value of a tile showing the key byte `b`.
    pub fn value(&self, b: u8) -> u32 {
        self.values[usize::from(b)]
    }
}

/// A rack: a multiset of letter tiles (key bytes) and a number of blanks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rack {
    counts: [u8; 256],
    blanks: u8,
    len: usize,
}

impl Rack {
    /// Parses `letters` (e.g. `aeinr??`): `?` is a blank, everything else is normalised by
    /// `policy` (so `é` is an `E` tile under the game policy).
    ///
    /// # Errors
    /// [`QueryError::Empty`] when the rack is empty or blank; [`QueryError::NotAWord`] when
    /// the policy rejects a letter, or the rack has more than 255 tiles of one kind.
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
        let key = if rest.is_empty() {
            String::new()
        } else {
            policy.normalize_word(&rest).ok_or_else(not_a_rack)?
        };
        let mut counts = [0u8; 256];
        for b in key.bytes() {
            let c = &mut counts[usize::from(b)];
            *c = c.checked_add(1).ok_or_else(not_a_rack)?;
        }
        let blanks = u8::try_from(blanks).map_err(|_| not_a_rack())?;
        let len = key.len() + usize::from(blanks);
        if len == 0 {
            return Err(not_a_rack());
        }
        Ok(Rack {
            counts,
            blanks,
            len,
        })
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
    /// Positions (0-based, in key bytes) played with a blank.
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
                    c.to_ascii_lowercase()
                } else {
                    c
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
        counts: rack.counts,
        blanks: rack.blanks,
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

/// A depth-first walk of the fst, spending a tile per transition.
struct Walk<'a> {
    values: &'a LetterValues,
    fst: &'a Fst<SetBytes>,
    counts: [u8; 256],
    blanks: u8,
    keep: Keep,
    word: Vec<u8>,
    blank_pos: Vec<usize>,
    out: Vec<RackWord>,
}

impl Walk<'_> {
    fn visit(&mut self, addr: CompiledAddr, tiles_left: usize) {
        let node = self.fst.node(addr);
        if node.is_final() {
            let kept = match self.keep {
                Keep::AllTiles => tiles_left == 0,
                Keep::MinLen(n) => self.word.len() >= n,
            };
            if kept {
                self.emit();
            }
        }
        if tiles_left == 0 {
            return;
        }
        for t in node.transitions() {
            let b = usize::from(t.inp);
            // A real tile whenever there is one: a blank can stand for anything, so saving it
            // never loses a word, and the score is then the best possible.
            if self.counts[b] > 0 {
                self.counts[b] -= 1;
                self.word.push(t.inp);
                self.visit(t.addr, tiles_left - 1);
                self.word.pop();
                self.counts[b] += 1;
            } else if self.blanks > 0 {
                self.blanks -= 1;
                self.blank_pos.push(self.word.len());
                self.word.push(t.inp);
                self.visit(t.addr, tiles_left - 1);
                self.word.pop();
                self.blank_pos.pop();
                self.blanks += 1;
            }
        }
    }

    fn emit(&mut self) {
        let score = self
            .word
            .iter()
            .enumerate()
            .filter(|(i, _)| !self.blank_pos.contains(i))
            .map(|(_, &b)| self.values.value(b))
            .sum();
        self.out.push(RackWord {
            word: String::from_utf8_lossy(&self.word).into_owned(),
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
