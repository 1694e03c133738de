//! Simple queries over a [`WordSet`]: membership, prefix, fuzzy (Levenshtein), and the error
//! type shared by every query that parses user input (patterns, regexes, racks).
//!
//! Every query word goes through [`Policy::normalize_word`] first, exactly as ingest
//! normalises running text, so `whale` finds `WHALE`.
//!
//! ```
//! use folio_lexicon::{query, Policy, WordSet};
//! let set = WordSet::from_words(["CAT", "CATS", "COT", "DOG"]).unwrap();
//! let policy = Policy::game();
//! assert!(query::contains(&set, &policy, "cat"));
//! assert_eq!(query::prefix(&set, &policy, "ca").unwrap(), ["CAT", "CATS"]);
//! let near: Vec<_> = query::fuzzy(&set, &policy, "cat", 1).unwrap()
//!     .into_iter().map(|m| m.word).collect();
//! assert_eq!(near, ["CAT", "CATS", "COT"]);
//! ```

use folio_core::quote::quoted;
use fst::{Automaton, IntoStreamer, Streamer};

pub mod algebra;
pub mod anagram;
pub mod export;
pub mod fold;
pub mod frequency;
pub mod glob;
pub mod hooks;
pub mod import;
pub mod levenshtein;
pub mod pattern;
pub mod rack;
pub mod regex;
pub mod stats;

use crate::policy::Policy;
use crate::set::WordSet;

/// A query the policy or a query syntax cannot accept. No file is involved: these name the
/// offending input instead, quoted by `folio_core::quote::quoted` (escaped, and cut after 80
/// characters).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum QueryError {
    /// The query word, prefix or rack is empty (or only blanks): a usage error, not a word
    /// that is simply absent. The field names what is empty (`word`, `prefix`, `rack`).
    #[error("empty {0}: give at least one letter")]
    Empty(&'static str),
    /// The word (or a letter run of a pattern or rack) has characters the policy rejects.
    #[error("{}: not a word under the {policy} policy", quoted(.input))]
    NotAWord {
        /// The input as given.
        input: String,
        /// The policy's name.
        policy: String,
    },
    /// A rack has more tiles than any word the policy keeps could use: more letters than its
    /// longest word, or more than 255 blanks.
    #[error("{}: rack too long ({tiles} tiles): {limit}", quoted(.input))]
    RackTooLong {
        /// The rack as given.
        input: String,
        /// Tiles given, blanks included.
        tiles: usize,
        /// The limit passed (`at most 15 letters, …`).
        limit: String,
    },
    /// A `pattern` query is malformed.
    #[error("pattern {}: {reason}", quoted(.pattern))]
    BadPattern {
        /// The pattern as given.
        pattern: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A `regex` query does not compile to a DFA.
    #[error("regex {}: {reason}", quoted(.regex))]
    BadRegex {
        /// The regex as given.
        regex: String,
        /// The regex-automata error, or the size limit hit.
        reason: String,
    },
    /// A `fuzzy` query is too large for the Levenshtein automaton.
    #[error("fuzzy {} -d {distance}: {reason}", quoted(.word))]
    BadFuzzy {
        /// The query word.
        word: String,
        /// The distance asked for.
        distance: u32,
        /// The fst error.
        reason: String,
    },
}

/// Normalises a user's query word through `policy`.
///
/// # Errors
/// [`QueryError::Empty`] when it is empty or blank; [`QueryError::NotAWord`] when the policy
/// rejects it.
pub fn normalize(policy: &Policy, input: &str) -> Result<String, QueryError> {
    key(policy, input)?.ok_or_else(|| QueryError::NotAWord {
        input: input.to_string(),
        policy: policy.name.to_string(),
    })
}

/// The key a `contains` lookup searches for `word` (surrounding blanks trimmed): `None` when
/// the policy rejects the word, which is then simply absent (`c4t`).
///
/// # Errors
/// [`QueryError::Empty`] when the word is empty or blank: that is no word to look up, so a
/// caller reports it as a usage error rather than as an absent word.
pub fn key(policy: &Policy, word: &str) -> Result<Option<String>, QueryError> {
    let word = word.trim();
    if word.is_empty() {
        return Err(QueryError::Empty("word"));
    }
    Ok(policy.normalize_word(word))
}

/// Whether `word` (as a user typed it) is in `set` after normalisation. A word the policy
/// rejects, and an empty word, are never present ([`key`] tells them apart).
pub fn contains(set: &WordSet, policy: &Policy, word: &str) -> bool {
    policy
        .normalize_word(word.trim())
        .is_some_and(|k| set.as_fst_set().contains(k))
}

/// Every word of `set` matched by the fst automaton `aut`, in key order.
pub fn search<A: Automaton>(set: &WordSet, aut: A) -> Vec<String> {
    let mut stream = set.as_fst_set().search(aut).into_stream();
    let mut out = Vec::new();
    while let Some(k) = stream.next() {
        out.push(String::from_utf8_lossy(k).into_owned());
    }
    out
}

/// Every word of `set` starting with `prefix` (normalised), in key order. The prefix itself
/// is included when it is a word.
///
/// # Errors
/// [`QueryError::Empty`] when the prefix is empty (list every word with `export`);
/// [`QueryError::NotAWord`] when the policy rejects it.
pub fn prefix(set: &WordSet, policy: &Policy, prefix: &str) -> Result<Vec<String>, QueryError> {
    if prefix.trim().is_empty() {
        return Err(QueryError::Empty("prefix"));
    }
    let key = normalize(policy, prefix)?;
    Ok(search(set, fst::automaton::Str::new(&key).starts_with()))
}

/// A word within some edit distance of a fuzzy query.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FuzzyMatch {
    /// The word key.
    pub word: String,
    /// Its Levenshtein distance to the (normalised) query, in letters.
    pub distance: usize,
}

/// The longest `fuzzy` word, in characters, asked of a set whose keys are all shorter: the
/// automaton costs O(word length) a character read, over every branch still within the
/// distance, so a long word with a large distance walks the whole set at that cost. (A word
/// as long as the set's longest key is always asked.)
pub const MAX_FUZZY_CHARS: usize = 64;

/// Every word of `set` within Levenshtein distance `k` (insertions, deletions, substitutions
/// of one letter each) of `word` (normalised), in key order, with its distance, counted in
/// characters in every script ([`levenshtein::CharLevenshtein`]; fst's own automaton misses
/// multi-byte characters, fst#38).
///
/// The work is bounded by the lengths: no key is nearer to the word than their difference in
/// length, so a word longer than the set's longest key by more than `k` finds nothing, at
/// once; two words are never further apart than the longer one's length, so a larger `k`
/// asks nothing more and is lowered to it.
///
/// # Errors
/// [`QueryError::Empty`] for an empty word; [`QueryError::NotAWord`] when the policy rejects
/// the word; [`QueryError::BadFuzzy`] for a word longer than [`MAX_FUZZY_CHARS`] and than
/// every key of the set, which the lengths do not rule out (`k` that large).
pub fn fuzzy(
    set: &WordSet,
    policy: &Policy,
    word: &str,
    k: u32,
) -> Result<Vec<FuzzyMatch>, QueryError> {
    let key = normalize(policy, word)?;
    let chars = key.chars().count();
    // Short words cost little whatever `k`: the set is only walked for the longest key when
    // the word is long.
    let mut k = k;
    if chars > 32 {
        let longest = longest_key_chars(set);
        if chars > longest.saturating_add(k as usize) {
            return Ok(Vec::new());
        }
        if chars > MAX_FUZZY_CHARS.max(longest) {
            return Err(QueryError::BadFuzzy {
                word: word.to_string(),
                distance: k,
                reason: format!(
                    "a word of {chars} letters, longer than every key of the set (at most \
                     {longest}) and than {MAX_FUZZY_CHARS}: at a distance under {} nothing \
                     matches, and a larger one walks the whole set at its length",
                    chars - longest
                ),
            });
        }
        k = k.min(u32::try_from(chars.max(longest)).unwrap_or(u32::MAX));
    }
    let aut = levenshtein::CharLevenshtein::new(&key, k);
    Ok(search(set, aut)
        .into_iter()
        .map(|w| FuzzyMatch {
            distance: levenshtein_chars(&key, &w),
            word: w,
        })
        .collect())
}

/// The length in characters of the longest key of `set` (0 for an empty set): the longest
/// path of its fst, counting the bytes that start a character. One visit per node.
pub fn longest_key_chars(set: &WordSet) -> usize {
    use std::collections::HashMap;
    let fst = set.as_fst_set().as_fst();
    // Longest path from each node to a final state, computed after its children's (an
    // explicit stack: keys may be long, recursion could overflow).
    let mut longest: HashMap<fst::raw::CompiledAddr, usize> = HashMap::new();
    let mut stack = vec![(fst.root().addr(), false)];
    while let Some((addr, children_done)) = stack.pop() {
        if longest.contains_key(&addr) {
            continue;
        }
        let node = fst.node(addr);
        if children_done {
            let best = node
                .transitions()
                .map(|t| {
                    let starts_char = usize::from(t.inp & 0xC0 != 0x80);
                    starts_char + longest.get(&t.addr).copied().unwrap_or(0)
                })
                .max()
                .unwrap_or(0);
            longest.insert(addr, best);
        } else {
            stack.push((addr, true));
            for t in node.transitions() {
                if !longest.contains_key(&t.addr) {
                    stack.push((t.addr, false));
                }
            }
        }
    }
    longest.get(&fst.root().addr()).copied().unwrap_or(0)
}

/// The Levenshtein distance between two keys in characters (Unicode scalar values), the
/// unit of fst's Levenshtein automaton: `É` or `한` is one edit, not two or three bytes.
/// For A–Z keys it equals [`levenshtein()`].
///
/// ```
/// assert_eq!(folio_lexicon::query::levenshtein_chars("CAFÉ", "CAFE"), 1);
/// ```
pub fn levenshtein_chars(a: &str, b: &str) -> usize {
    if a.is_ascii() && b.is_ascii() {
        return levenshtein(a.as_bytes(), b.as_bytes());
    }
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let sub = diag + usize::from(ca != cb);
            diag = row[j + 1];
            row[j + 1] = sub.min(row[j] + 1).min(diag + 1);
        }
    }
    row[b.len()]
}

/// The Levenshtein distance between two keys, byte by byte (one byte is one letter for A–Z
/// keys). O(|a|·|b|) time, O(|b|) memory.
///
/// ```
/// assert_eq!(folio_lexicon::query::levenshtein(b"KITTEN", b"SITTING"), 3);
/// ```
pub fn levenshtein(a: &[u8], b: &[u8]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let sub = diag + usize::from(ca != cb);
            diag = row[j + 1];
            row[j + 1] = sub.min(row[j] + 1).min(diag + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A word longer than every key by more than the distance finds nothing, at once; a
    /// larger distance is answered as the brute force answers it, or refused past the cap.
    #[test]
    fn fuzzy_work_is_bounded_by_the_lengths() {
        let set = WordSet::from_words(["CAT", "CATS", "CAFÉ", "DOGHOUSE"]).unwrap();
        let p = Policy::raw();
        assert_eq!(longest_key_chars(&set), 8);
        assert_eq!(
            longest_key_chars(&WordSet::from_words(["ÉÉ", "A"]).unwrap()),
            2
        );
        assert_eq!(longest_key_chars(&WordSet::from_words([""; 0]).unwrap()), 0);
        let long = "C".repeat(100_000);
        let t = std::time::Instant::now();
        assert!(fuzzy(&set, &p, &long, 5).unwrap().is_empty());
        assert!(fuzzy(&set, &p, &long, 99_991).unwrap().is_empty());
        assert!(t.elapsed() < std::time::Duration::from_secs(5), "bounded");
        match fuzzy(&set, &p, &long, 99_992) {
            Err(QueryError::BadFuzzy { reason, .. }) => {
                assert!(reason.contains("100000 letters"), "{reason}");
            }
            other => panic!("{other:?}"),
        }
        // Past 32 letters and within the cap: every key within the distance, as brute force.
        let word = format!("CAT{}", "S".repeat(37));
        for k in [36, 37, 38, 40, 1_000, u32::MAX] {
            let got: Vec<(String, usize)> = fuzzy(&set, &p, &word, k)
                .unwrap()
                .into_iter()
                .map(|m| (m.word, m.distance))
                .collect();
            let want: Vec<(String, usize)> = ["CAFÉ", "CAT", "CATS", "DOGHOUSE"]
                .iter()
                .map(|w| (w.to_string(), levenshtein_chars(&word, w)))
                .filter(|(_, d)| *d <= k as usize)
                .collect();
            assert_eq!(got, want, "k {k}");
        }
    }

    #[test]
    fn rejected_words_are_absent_not_errors() {
        let set = WordSet::from_words(["CAT"]).unwrap();
        let p = Policy::game();
        assert!(!contains(&set, &p, "c4t"));
        assert!(contains(&set, &p, " Cat "));
        assert!(matches!(
            prefix(&set, &p, "c4"),
            Err(QueryError::NotAWord { .. })
        ));
    }

    /// An empty word is no word to look up: a usage error everywhere, never "absent".
    #[test]
    fn empty_words_are_errors_not_absent() {
        let set = WordSet::from_words(["CAT"]).unwrap();
        let p = Policy::game();
        for blank in ["", "  ", "\t"] {
            assert!(matches!(key(&p, blank), Err(QueryError::Empty("word"))));
            assert!(matches!(
                prefix(&set, &p, blank),
                Err(QueryError::Empty("prefix"))
            ));
            assert!(matches!(
                fuzzy(&set, &p, blank, 1),
                Err(QueryError::Empty("word"))
            ));
        }
        assert_eq!(key(&p, "c4t").unwrap(), None);
        assert_eq!(key(&p, " cat ").unwrap().as_deref(), Some("CAT"));
        assert_eq!(
            QueryError::Empty("word").to_string(),
            "empty word: give at least one letter"
        );
    }

    #[test]
    fn levenshtein_basics() {
        assert_eq!(levenshtein(b"", b"ABC"), 3);
        assert_eq!(levenshtein(b"ABC", b"ABC"), 0);
        assert_eq!(levenshtein(b"ABC", b"AXC"), 1);
        assert_eq!(levenshtein(b"ABC", b"AC"), 1);
    }
}
