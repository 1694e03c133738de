//! Hooks, as Zyzzyva shows them: the letters that make another word of the set when put
//! in front of a word (front hooks) or after it (back hooks). CAT: front `S` (SCAT), back
//! `S` (CATS) in a set with those words.
//!
//! A hook is one letter (one character, of any alphabet the set holds: É in a
//! `--keep-diacritics` set). Back hooks are one walk of the fst: down the word's key, then
//! every character one step on that ends a key. Front hooks are a lookup of `C + WORD` for
//! each character `C` a key of the set starts with (found once per set by
//! [`HookFinder::new`]): at most the alphabet's size in lookups, no search of the set.
//!
//! ```
//! use folio_lexicon::{query::hooks::hooks, Policy, WordSet};
//! let set = WordSet::from_words(["AT", "CAT", "CATS", "SCAT", "CATE"]).unwrap();
//! let h = hooks(&set, &Policy::game(), "cat").unwrap();
//! assert_eq!((h.front.as_str(), h.back.as_str()), ("S", "ES"));
//! ```

use crate::policy::Policy;
use crate::query::{normalize, QueryError};
use crate::set::WordSet;

/// The hooks of one word.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Hooks {
    /// The word's key.
    pub word: String,
    /// Whether the word itself is in the set.
    pub present: bool,
    /// Front hooks, in key order, as one string of letters.
    pub front: String,
    /// Back hooks, in key order, as one string of letters.
    pub back: String,
}

/// Finds hooks in one set: the characters its keys start with, found once, serve every
/// word's front hooks (a batch of words costs a few lookups each, not a search of the set).
pub struct HookFinder<'a> {
    set: &'a WordSet,
    /// Each character a key of the set starts with, as its UTF-8 bytes, in key order.
    firsts: Vec<Vec<u8>>,
}

impl<'a> HookFinder<'a> {
    /// The finder of `set`'s hooks.
    pub fn new(set: &'a WordSet) -> HookFinder<'a> {
        let fst = set.as_fst_set().as_fst();
        let mut firsts = Vec::new();
        one_char_on(fst, fst.root(), &mut Vec::new(), &mut |c, _| {
            firsts.push(c.to_vec());
        });
        HookFinder { set, firsts }
    }

    /// The front and back hooks of `word` (normalised by `policy`).
    ///
    /// # Errors
    /// [`QueryError::Empty`] or [`QueryError::NotAWord`] for the word.
    pub fn hooks(&self, policy: &Policy, word: &str) -> Result<Hooks, QueryError> {
        if word.trim().is_empty() {
            return Err(QueryError::Empty("word"));
        }
        let key = normalize(policy, word)?;
        let set = self.set.as_fst_set();
        let mut front = String::new();
        let mut probe = Vec::with_capacity(key.len() + 4);
        for c in &self.firsts {
            probe.clear();
            probe.extend_from_slice(c);
            probe.extend_from_slice(key.as_bytes());
            if set.contains(&probe) {
                front.push_str(std::str::from_utf8(c).unwrap_or_default());
            }
        }
        let fst = set.as_fst();
        let mut back = String::new();
        let mut node = Some(fst.root());
        for &b in key.as_bytes() {
            node = node.and_then(|n| n.find_input(b).map(|i| fst.node(n.transition_addr(i))));
        }
        if let Some(n) = node {
            one_char_on(fst, n, &mut Vec::new(), &mut |c, end| {
                if end.is_final() {
                    back.push_str(std::str::from_utf8(c).unwrap_or_default());
                }
            });
        }
        Ok(Hooks {
            present: set.contains(&key),
            word: key,
            front,
            back,
        })
    }
}

/// Calls `each` with every whole UTF-8 character one step on from `node` (its bytes, and the
/// node it leads to), in byte order; byte runs that are no character are skipped, as a
/// regex's `.` skips them.
fn one_char_on<'f, D: AsRef<[u8]>>(
    fst: &'f fst::raw::Fst<D>,
    node: fst::raw::Node<'f>,
    bytes: &mut Vec<u8>,
    each: &mut dyn FnMut(&[u8], fst::raw::Node<'f>),
) {
    for t in node.transitions() {
        bytes.push(t.inp);
        let next = fst.node(t.addr);
        let want = match bytes[0] {
            0x00..=0x7F => 1,
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => 0,
        };
        if want == bytes.len() {
            if std::str::from_utf8(bytes).is_ok() {
                each(bytes, next);
            }
        } else if want > bytes.len() && (bytes.len() == 1 || t.inp & 0xC0 == 0x80) {
            one_char_on(fst, next, bytes, each);
        }
        bytes.pop();
    }
}

/// The front and back hooks of `word` (normalised by `policy`) in `set`.
///
/// # Errors
/// [`QueryError::Empty`] or [`QueryError::NotAWord`] for the word.
pub fn hooks(set: &WordSet, policy: &Policy, word: &str) -> Result<Hooks, QueryError> {
    HookFinder::new(set).hooks(policy, word)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::regex::WholeWordRegex;

    /// The hooks as the two whole-word regex searches found them (`.WORD`, `WORD.`).
    fn by_regex(set: &WordSet, key: &str) -> (String, String) {
        let lit: String = key
            .chars()
            .map(|c| format!("\\x{{{:X}}}", u32::from(c)))
            .collect();
        let run = |re: String| WholeWordRegex::new(&re).unwrap().search(set).unwrap();
        let front = run(format!(".{lit}"))
            .iter()
            .filter_map(|w| w.chars().next())
            .collect();
        let back = run(format!("{lit}."))
            .iter()
            .filter_map(|w| w.chars().last())
            .collect();
        (front, back)
    }

    /// The walk and the lookups find what the regex searches found, letters of two, three
    /// and four bytes included, in key order.
    #[test]
    fn hooks_match_the_regex_searches() {
        let words = [
            "AT", "CAT", "CATS", "SCAT", "CATE", "ÉCAT", "CATÉ", "CAT€", "€CAT", "CAT😀", "😀CAT",
            "ZCAT", "CATSS", "É", "ÉT", "TÉ", "ÉÉ",
        ];
        let set = WordSet::from_words(words).unwrap();
        let finder = HookFinder::new(&set);
        let raw = Policy::raw();
        for key in ["CAT", "AT", "É", "T", "CATS", "ZZZ", "C"] {
            let h = finder.hooks(&raw, key).unwrap();
            assert_eq!((h.front, h.back), by_regex(&set, key), "{key}");
        }
        let h = finder.hooks(&raw, "CAT").unwrap();
        assert_eq!((h.front.as_str(), h.back.as_str()), ("SZÉ€😀", "ESÉ€😀"));
        assert!(h.present);
        assert!(!finder.hooks(&raw, "C").unwrap().present);
    }
}
