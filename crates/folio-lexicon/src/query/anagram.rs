//! Exact anagrams: the words that use every tile of a rack (`?` is a blank).
//!
//! ```
//! use folio_lexicon::query::{anagram, rack::{LetterValues, Rack}};
//! use folio_lexicon::{Policy, WordSet};
//! let set = WordSet::from_words(["EAST", "EATS", "SEAT", "SEA", "TEAS"]).unwrap();
//! let rack = Rack::parse(&Policy::game(), "tase").unwrap();
//! let values = LetterValues::default();
//! let words: Vec<_> = anagram::anagrams(&set, &rack, &values).into_iter().map(|w| w.word).collect();
//! assert_eq!(words, ["EAST", "EATS", "SEAT", "TEAS"]);
//! ```

use crate::query::rack::{walk_words, Keep, LetterValues, Rack, RackWord};
use crate::set::WordSet;

/// Every word of `set` spelt with exactly the tiles of `rack`, blanks standing for any
/// letter; scored with `values`, best score first (blanks score 0), then alphabetical.
/// Without blanks every anagram has the same score, so the order is alphabetical.
pub fn anagrams(set: &WordSet, rack: &Rack, values: &LetterValues) -> Vec<RackWord> {
    walk_words(set, rack, Keep::AllTiles, values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Policy;

    #[test]
    fn blanks_fill_any_letter() {
        let set = WordSet::from_words(["CAT", "ACT", "CART", "CATS"]).unwrap();
        let r = Rack::parse(&Policy::game(), "ca?").unwrap();
        let got: Vec<_> = anagrams(&set, &r, &LetterValues::from_pairs([(b'C', 3), (b'A', 1)]))
            .into_iter()
            .map(|w| w.display())
            .collect();
        assert_eq!(got, ["ACt", "CAt"]);
    }
}
