//! Statistics of a word set: size, bytes per word, word lengths and letter frequencies.
//!
//! ```
//! let set = folio_lexicon::WordSet::from_words(["CAT", "CATS", "DOG"]).unwrap();
//! let s = folio_lexicon::query::stats::SetStats::of(&set);
//! assert_eq!(s.words, 3);
//! assert_eq!(s.lengths[&3], 2);
//! assert_eq!(s.letters[0].letter, 'A'); // letters are sorted alphabetically
//! ```

use std::collections::BTreeMap;

use fst::{IntoStreamer, Streamer};

use crate::set::WordSet;

/// How often a letter occurs over all the words of a set (each word counted once).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct LetterFrequency {
    /// The letter.
    pub letter: char,
    /// Occurrences over all words.
    pub count: u64,
    /// `count` divided by all letters of all words (0 to 1).
    pub share: f64,
}

/// Statistics of one word set.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SetStats {
    /// Number of words.
    pub words: usize,
    /// Size of the fst in bytes.
    pub bytes: usize,
    /// `bytes / words` (0 for an empty set).
    pub bytes_per_word: f64,
    /// Word length in letters → number of words.
    pub lengths: BTreeMap<usize, u64>,
    /// Letters of all words, with the average word length `total_letters / words`.
    pub total_letters: u64,
    /// Letter frequencies, alphabetical.
    pub letters: Vec<LetterFrequency>,
}

impl SetStats {
    /// Computes the statistics in one pass over the set's keys.
    pub fn of(set: &WordSet) -> SetStats {
        let mut lengths = BTreeMap::new();
        let mut ascii = [0u64; 128];
        let mut other: BTreeMap<char, u64> = BTreeMap::new();
        let mut total_letters = 0u64;
        let mut stream = set.as_fst_set().into_stream();
        while let Some(k) = stream.next() {
            let n = if k.is_ascii() {
                for &b in k {
                    ascii[usize::from(b)] += 1;
                }
                k.len()
            } else {
                let s = String::from_utf8_lossy(k);
                for c in s.chars() {
                    *other.entry(c).or_default() += 1;
                }
                s.chars().count()
            };
            total_letters += n as u64;
            *lengths.entry(n).or_default() += 1;
        }
        for (b, &count) in ascii.iter().enumerate() {
            if count > 0 {
                *other.entry(char::from(b as u8)).or_default() += count;
            }
        }
        let letters = other
            .into_iter()
            .map(|(letter, count)| LetterFrequency {
                letter,
                count,
                share: count as f64 / total_letters.max(1) as f64,
            })
            .collect();
        let words = set.len();
        let bytes = set.size_bytes();
        SetStats {
            words,
            bytes,
            bytes_per_word: if words == 0 {
                0.0
            } else {
                bytes as f64 / words as f64
            },
            lengths,
            total_letters,
            letters,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_letters_and_lengths() {
        let set = WordSet::from_words(["AA", "AB", "B"]).unwrap();
        let s = SetStats::of(&set);
        assert_eq!(s.total_letters, 5);
        assert_eq!(s.lengths.get(&2), Some(&2));
        assert_eq!(s.lengths.get(&1), Some(&1));
        let a = &s.letters[0];
        assert_eq!((a.letter, a.count), ('A', 3));
        assert!((a.share - 0.6).abs() < 1e-9);
        let empty = SetStats::of(&WordSet::from_words(Vec::<&str>::new()).unwrap());
        assert_eq!((empty.words, empty.bytes_per_word), (0, 0.0));
    }
}
