//! Counting words: tokens of a text counted by their exact spelling (borrowed slices, no
//! allocation per token), then folded through the [`Policy`] into per-key statistics.
//!
//! Counting the raw spelling first means the policy's work (apostrophes, NFKD, folding,
//! upper-casing) runs once per distinct spelling instead of once per token.

use crate::hash::FxHashMap;
use crate::policy::Policy;
use crate::tokenize::for_each_word;

/// Occurrences of each distinct UAX #29 word of a text, keyed by its exact spelling.
#[derive(Default, Debug)]
pub struct TokenCounts<'a> {
    /// Number of UAX #29 words counted.
    pub tokens: u64,
    spellings: FxHashMap<&'a str, u64>,
}

impl<'a> TokenCounts<'a> {
    /// Counts the words of `text`.
    pub fn count(text: &'a str) -> TokenCounts<'a> {
        let mut tc = TokenCounts::default();
        let mut tokens = 0u64;
        let map = &mut tc.spellings;
        for_each_word(text, |w| {
            tokens += 1;
            *map.entry(w).or_insert(0) += 1;
        });
        tc.tokens = tokens;
        tc
    }

    /// Adds the counts of `other` (another chunk of the same book).
    pub fn merge(&mut self, other: TokenCounts<'a>) {
        self.tokens += other.tokens;
        if self.spellings.len() < other.spellings.len() {
            let mine = std::mem::replace(&mut self.spellings, other.spellings);
            for (w, n) in mine {
                *self.spellings.entry(w).or_insert(0) += n;
            }
        } else {
            for (w, n) in other.spellings {
                *self.spellings.entry(w).or_insert(0) += n;
            }
        }
    }

    /// Number of distinct spellings.
    pub fn distinct_spellings(&self) -> usize {
        self.spellings.len()
    }

    /// Folds the spellings through `policy` into keys (one book: `books` = 1 for every key).
    /// Tokens the policy drops are not counted.
    pub fn to_words(&self, policy: &Policy) -> WordCounts {
        let mut words = WordCounts::default();
        let mut key = String::new();
        for (&w, &n) in &self.spellings {
            if let Some(k) = policy.normalize_token(w, &mut key) {
                match words.map.get_mut(key.as_str()) {
                    Some(s) => {
                        s.count += n;
                        s.lower_case |= k.lower_case;
                    }
                    None => {
                        words.map.insert(
                            key.as_str().into(),
                            WordStat {
                                count: n,
                                lower_case: k.lower_case,
                                books: 1,
                            },
                        );
                    }
                }
            }
        }
        words
    }
}

/// What ingest knows about one key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WordStat {
    /// Occurrences in the chosen books (every spelling that normalises to the key).
    pub count: u64,
    /// Seen at least once written in lower case.
    pub lower_case: bool,
    /// Number of books it occurs in.
    pub books: u32,
}

/// Statistics per normalised key, for one book or merged over several.
#[derive(Default, Debug)]
pub struct WordCounts {
    map: FxHashMap<Box<str>, WordStat>,
}

impl WordCounts {
    /// Adds another book's (or set of books') counts: occurrences and books add up, lower-case
    /// evidence is kept if either has it. Commutative and associative, so the result does not
    /// depend on the order books finish in.
    pub fn merge(&mut self, other: WordCounts) {
        if self.map.len() < other.map.len() {
            let mine = std::mem::replace(&mut self.map, other.map);
            self.absorb(mine);
        } else {
            self.absorb(other.map);
        }
    }

    /// Adds a copy of `other`'s counts (as [`WordCounts::merge`]).
    pub fn merge_ref(&mut self, other: &WordCounts) {
        for (k, s) in &other.map {
            match self.map.get_mut(k) {
                Some(e) => {
                    e.count += s.count;
                    e.lower_case |= s.lower_case;
                    e.books += s.books;
                }
                None => {
                    self.map.insert(k.clone(), *s);
                }
            }
        }
    }

    fn absorb(&mut self, other: FxHashMap<Box<str>, WordStat>) {
        for (k, s) in other {
            let e = self.map.entry(k).or_default();
            e.count += s.count;
            e.lower_case |= s.lower_case;
            e.books += s.books;
        }
    }

    /// Number of distinct keys.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether there is no key.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The statistics of `key`, if seen.
    pub fn get(&self, key: &str) -> Option<&WordStat> {
        self.map.get(key)
    }

    /// Iterates over keys and statistics, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &WordStat)> {
        self.map.iter().map(|(k, s)| (&**k, s))
    }

    /// The keys `policy` keeps, sorted bytewise (the order an fst needs), with their counts.
    pub fn kept(&self, policy: &Policy) -> Vec<(&str, u64)> {
        let mut v: Vec<(&str, u64)> = self
            .iter()
            .filter(|(k, s)| policy.keeps(k, s))
            .map(|(k, s)| (k, s.count))
            .collect();
        v.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_fold_into_keys_with_evidence() {
        let text = "The whale! Whale's tail; the WHALE, whale’s. Darcy met Darcy. can't 1815";
        let tc = TokenCounts::count(text);
        assert_eq!(tc.tokens, 12);
        let w = tc.to_words(&Policy::game());
        let whale = w.get("WHALE").unwrap();
        assert_eq!((whale.count, whale.lower_case, whale.books), (4, true, 1));
        let darcy = w.get("DARCY").unwrap();
        assert_eq!((darcy.count, darcy.lower_case), (2, false));
        assert!(w.get("CAN'T").is_none() && w.get("CANT").is_none());
        let kept: Vec<&str> = w.kept(&Policy::game()).into_iter().map(|(k, _)| k).collect();
        assert_eq!(kept, ["MET", "TAIL", "THE", "WHALE"]);
    }

    #[test]
    fn merging_chunks_and_books_adds_up() {
        let mut a = TokenCounts::count("a whale");
        a.merge(TokenCounts::count("whale whale"));
        assert_eq!(a.tokens, 4);
        let mut books = a.to_words(&Policy::game());
        books.merge(TokenCounts::count("Whale").to_words(&Policy::game()));
        let s = books.get("WHALE").unwrap();
        assert_eq!((s.count, s.lower_case, s.books), (4, true, 2));
    }

    #[test]
    fn thresholds_select_keys() {
        let mut w = TokenCounts::count("ox ox ox cat cat dog").to_words(&Policy::game());
        w.merge(TokenCounts::count("ox cat").to_words(&Policy::game()));
        let p = Policy {
            min_count: 3,
            ..Policy::game()
        };
        let keys = |p: &Policy| -> Vec<String> {
            w.kept(p).into_iter().map(|(k, _)| k.to_string()).collect()
        };
        assert_eq!(keys(&p), ["CAT", "OX"]);
        let p = Policy {
            min_books: 2,
            min_len: 3,
            ..Policy::game()
        };
        assert_eq!(keys(&p), ["CAT"]);
        let p = Policy {
            max_len: Some(2),
            ..Policy::game()
        };
        assert_eq!(keys(&p), ["OX"]);
    }

    #[test]
    fn proper_nouns_kept_on_request() {
        let w = TokenCounts::count("Darcy LONDON the").to_words(&Policy::game());
        let keep = Policy {
            keep_proper_nouns: true,
            ..Policy::game()
        };
        let keys: Vec<&str> = w.kept(&keep).into_iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["DARCY", "LONDON", "THE"]);
    }
}
