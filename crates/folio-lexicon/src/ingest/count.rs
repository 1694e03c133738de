//! Counting words: tokens of a text counted by their exact spelling (borrowed slices, no
//! allocation per token), then folded through the [`Policy`] into per-key statistics.
//!
//! Counting the raw spelling first means the policy's work (apostrophes, NFKD, folding,
//! upper-casing) runs once per distinct spelling instead of once per token.

use crate::hash::FxHashMap;
use crate::ingest::book_counts::tally;
pub use crate::ingest::book_counts::BookCounts;
pub use crate::ingest::merge::{merge_books, KeptKeys, Merged};
use crate::ingest::short::{Short, SHORT};
use crate::ingest::table::SpellingTable;
use crate::ingest::tokenize::{scan, Sink};
use crate::policy::{Policy, PolicyName, WordStat};

/// Occurrences of each distinct UAX #29 word of a text, keyed by its exact spelling.
#[derive(Default, Debug)]
pub struct TokenCounts<'a> {
    /// Number of UAX #29 words counted.
    pub tokens: u64,
    /// Spellings of up to 8 bytes (most tokens): one-word keys.
    short8: SpellingTable<1>,
    /// Spellings of 9 to 24 bytes.
    short: SpellingTable<3>,
    long: FxHashMap<&'a str, u64>,
}

/// The two spelling tables of a [`TokenCounts`], kept from chunk to chunk by ingest (see
/// [`SpellingTable::reset`]).
#[derive(Default)]
pub(crate) struct Tables {
    short8: SpellingTable<1>,
    short: SpellingTable<3>,
}

impl<'a> TokenCounts<'a> {
    /// Counts the words of `text`.
    pub fn count(text: &'a str) -> TokenCounts<'a> {
        TokenCounts::count_with(text, Tables::default())
    }

    /// As [`TokenCounts::count`], in `tables` (emptied first).
    pub(crate) fn count_with(text: &'a str, tables: Tables) -> TokenCounts<'a> {
        // Distinct spellings grow about as the square root of the text (Heaps' law); on
        // the shared corpus, 12√n of up to 8 bytes and 4√n longer ones cover most chunks.
        let root = (text.len() as f64).sqrt() as usize;
        let Tables {
            mut short8,
            mut short,
        } = tables;
        short8.reset((12 * root).min(1 << 16));
        short.reset((4 * root).min(1 << 16));
        let mut tc = TokenCounts {
            tokens: 0,
            short8,
            short,
            long: FxHashMap::default(),
        };
        scan(
            text,
            &mut Counting {
                text,
                counts: &mut tc,
            },
        );
        tc
    }

    /// Counts a spelling longer than 24 bytes (rare: kept out of the inlined path).
    #[inline(never)]
    fn add_long(&mut self, w: &'a str) {
        *self.long.entry(w).or_insert(0) += 1;
    }

    /// The tables, for counting another text in them.
    pub(crate) fn into_tables(self) -> Tables {
        Tables {
            short8: self.short8,
            short: self.short,
        }
    }

    /// Adds the counts of `other` (another chunk of the same book).
    pub fn merge(&mut self, other: TokenCounts<'a>) {
        self.merge_reusing(other);
    }

    /// As [`TokenCounts::merge`], giving back the tables left over.
    pub(crate) fn merge_reusing(&mut self, mut other: TokenCounts<'a>) -> Tables {
        self.tokens += other.tokens;
        if self.short8.len() < other.short8.len() {
            std::mem::swap(&mut self.short8, &mut other.short8);
        }
        self.short8.merge(&other.short8);
        if self.short.len() < other.short.len() {
            std::mem::swap(&mut self.short, &mut other.short);
        }
        self.short.merge(&other.short);
        self.long.reserve(other.long.len());
        for (w, n) in std::mem::take(&mut other.long) {
            *self.long.entry(w).or_insert(0) += n;
        }
        other.into_tables()
    }

    /// Number of distinct spellings.
    pub fn distinct_spellings(&self) -> usize {
        self.short8.len() + self.short.len() + self.long.len()
    }

    /// Folds the spellings through `policy` into keys (one book: `books` = 1 for every key).
    /// Tokens the policy drops are not counted.
    pub fn to_words(&self, policy: &Policy) -> WordCounts {
        let mut words = WordCounts::default();
        let mut key = String::new();
        words.short.reserve(self.short.len());
        let mut add = |w: &str, n: u64| {
            if let Some(k) = policy.normalize_token(w, &mut key) {
                let stat = WordStat {
                    count: n,
                    lower_case: k.lower_case,
                    books: 0,
                };
                words.add(&key, stat);
            }
        };
        self.for_each_spelling(&mut add);
        for s in words.short.values_mut().chain(words.long.values_mut()) {
            s.books = 1;
        }
        words
    }
}

/// The counting of [`TokenCounts::count`] as the scanner's [`Sink`]: the per-token path.
///
/// (Prefetching each key's slot and counting it eight tokens later, measured here, added a
/// quarter more instructions to counting and saved no time: see docs/ingest-performance.md.)
struct Counting<'t, 'a> {
    text: &'a str,
    counts: &'t mut TokenCounts<'a>,
}

impl Sink for Counting<'_, '_> {
    #[inline(always)]
    fn word(&mut self, start: usize, end: usize) {
        let c = &mut *self.counts;
        c.tokens += 1;
        match Short::at(self.text.as_bytes(), start, end - start) {
            Some(Short([k, 0, 0])) => c.short8.add([k], 1),
            Some(k) => c.short.add(k.0, 1),
            None => c.add_long(&self.text[start..end]),
        }
    }
}

impl TokenCounts<'_> {
    /// Calls `f(spelling, occurrences)` for every distinct spelling counted, short ones
    /// (stored inline) first.
    pub(crate) fn for_each_spelling(&self, f: &mut impl FnMut(&str, u64)) {
        let mut buf = [0u8; SHORT];
        for (k, n) in self.inline_spellings() {
            if let Some(w) = k.to_str(&mut buf) {
                f(w, n);
            }
        }
        for (w, &n) in &self.long {
            f(w, n);
        }
    }

    /// The spellings stored inline and their occurrences.
    fn inline_spellings(&self) -> impl Iterator<Item = (Short, u64)> + '_ {
        let short8 = self.short8.iter().map(|([k], n)| ([k, 0, 0], n));
        short8.chain(self.short.iter()).map(|(k, n)| (Short(k), n))
    }

    /// This book's keys for [`crate::ingest::merge::merge_books`]: each spelling folded through
    /// `policy` into its key (as [`TokenCounts::to_words`] does), grouped by key range
    /// rather than summed or sorted (the merge does both, over all books at once).
    pub fn to_book_counts(&self, policy: &Policy) -> BookCounts {
        let mut short = Vec::with_capacity(self.short8.len() + self.short.len());
        let mut long: Vec<(Box<str>, WordStat)> = Vec::new();
        let mut key = String::new();
        type ShortKeys = Vec<([u64; 3], u64)>;
        let mut add = |short: &mut ShortKeys, w: &str, n: u64| {
            if let Some(k) = policy.normalize_token(w, &mut key) {
                match Short::new(&key) {
                    Some(s) => short.push((s.0.map(u64::swap_bytes), tally(n, k.lower_case))),
                    None => long.push((
                        key.as_str().into(),
                        WordStat {
                            count: n,
                            lower_case: k.lower_case,
                            books: 1,
                        },
                    )),
                }
            }
        };
        let game = policy.name == PolicyName::Game;
        let mut buf = [0u8; SHORT];
        for (k, n) in self.inline_spellings() {
            // Most spellings are plain ASCII words: the game policy only upper-cases them.
            match k.ascii_letters_upper().filter(|_| game) {
                Some((upper, lower_case)) => {
                    short.push((upper.0.map(u64::swap_bytes), tally(n, lower_case)));
                }
                None => {
                    if let Some(w) = k.to_str(&mut buf) {
                        add(&mut short, w, n);
                    }
                }
            }
        }
        for (w, &n) in &self.long {
            add(&mut short, w, n);
        }
        // Long keys (rare) are summed here: one book, so `books` stays 1.
        long.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        long.dedup_by(|a, b| {
            a.0 == b.0 && {
                b.1.count += a.1.count;
                b.1.lower_case |= a.1.lower_case;
                true
            }
        });
        BookCounts::new(short, long)
    }
}

/// Statistics per normalised key, for one book or merged over several. Keys of up to 24
/// bytes (all but freak tokens) are stored inline, like [`TokenCounts`]' spellings: no
/// allocation per key, no pointer chasing when books are merged.
#[derive(Default, Debug)]
pub struct WordCounts {
    short: FxHashMap<Short, WordStat>,
    long: FxHashMap<Box<str>, WordStat>,
}

impl WordCounts {
    fn add(&mut self, key: &str, stat: WordStat) {
        match Short::new(key) {
            Some(k) => self.short.entry(k).or_default().add(&stat),
            None => match self.long.get_mut(key) {
                Some(e) => e.add(&stat),
                None => {
                    self.long.insert(key.into(), stat);
                }
            },
        }
    }

    /// Adds another book's (or set of books') counts: occurrences and books add up, lower-case
    /// evidence is kept if either has it. Commutative and associative, so the result does not
    /// depend on the order books finish in.
    pub fn merge(&mut self, mut other: WordCounts) {
        if self.short.len() < other.short.len() {
            std::mem::swap(&mut self.short, &mut other.short);
            std::mem::swap(&mut self.long, &mut other.long);
        }
        self.merge_ref(&other);
    }

    /// Adds a copy of `other`'s counts (as [`WordCounts::merge`]).
    pub fn merge_ref(&mut self, other: &WordCounts) {
        self.short.reserve(other.short.len() / 4);
        for (k, s) in &other.short {
            self.short.entry(*k).or_default().add(s);
        }
        for (k, s) in &other.long {
            self.add(k, *s);
        }
    }

    /// Number of distinct keys.
    pub fn len(&self) -> usize {
        self.short.len() + self.long.len()
    }

    /// Whether there is no key.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The statistics of `key`, if seen.
    pub fn get(&self, key: &str) -> Option<&WordStat> {
        match Short::new(key) {
            Some(k) => self.short.get(&k),
            None => self.long.get(key),
        }
    }

    /// Calls `f` with every key and its statistics, in no particular order.
    pub fn for_each(&self, mut f: impl FnMut(&str, &WordStat)) {
        let mut buf = [0u8; SHORT];
        for (k, s) in &self.short {
            if let Some(w) = k.to_str(&mut buf) {
                f(w, s);
            }
        }
        for (k, s) in &self.long {
            f(k, s);
        }
    }

    /// The keys `policy` keeps, sorted bytewise (the order an fst needs), with their counts.
    pub fn kept(&self, policy: &Policy) -> Vec<(String, u64)> {
        let mut v = Vec::new();
        self.for_each(|k, s| {
            if policy.keeps(k, s) {
                v.push((k.to_string(), s.count));
            }
        });
        v.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        v
    }

    /// How many of this book's keys `policy` keeps given the totals `all` over every book.
    pub fn kept_count(&self, all: &WordCounts, policy: &Policy) -> u64 {
        let mut n = 0;
        for k in self.short.keys() {
            if all
                .short
                .get(k)
                .is_some_and(|s| policy.keeps_len(k.chars(), s))
            {
                n += 1;
            }
        }
        for k in self.long.keys() {
            if all.long.get(k).is_some_and(|s| policy.keeps(k, s)) {
                n += 1;
            }
        }
        n
    }
}

impl WordCounts {
    /// One book's counts (as [`TokenCounts::to_words`] gives them: `books` is taken as 1)
    /// as [`BookCounts`] for [`crate::ingest::merge::merge_books`].
    pub fn into_book_counts(self) -> BookCounts {
        let short = self
            .short
            .into_iter()
            .map(|(k, s)| (k.0.map(u64::swap_bytes), tally(s.count, s.lower_case)))
            .collect();
        let mut long: Vec<(Box<str>, WordStat)> = self.long.into_iter().collect();
        long.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        BookCounts::new(short, long)
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
        let kept: Vec<String> = w
            .kept(&Policy::game())
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        assert_eq!(kept, ["MET", "TAIL", "THE", "WHALE"]);
    }

    #[test]
    fn counts_match_a_plain_count() {
        // Short, medium and long spellings, in tables that grow.
        for n in [0, 3, 8, 5000] {
            let words: Vec<String> = (0..n)
                .map(|i| match i % 3 {
                    0 => format!("w{}", i % 97),
                    1 => format!("whalebone{}", i % 89),
                    _ => format!("{}{}", "x".repeat(25), i % 7),
                })
                .collect();
            let text = words.join(" ");
            let tc = TokenCounts::count(&text);
            assert_eq!(tc.tokens, n as u64);
            let mut expect: std::collections::HashMap<&str, u64> = Default::default();
            for w in &words {
                *expect.entry(w).or_default() += 1;
            }
            let mut got: std::collections::HashMap<String, u64> = Default::default();
            tc.for_each_spelling(&mut |w, c| {
                got.insert(w.to_string(), c);
            });
            assert_eq!(got.len(), expect.len(), "{n}");
            for (w, c) in expect {
                assert_eq!(got.get(w), Some(&c), "{w}");
            }
        }
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
        let keys = |p: &Policy| -> Vec<String> { w.kept(p).into_iter().map(|(k, _)| k).collect() };
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
    fn headings_numerals_speakers_and_archaic_words() {
        // Pitfalls 9, 10, 18, 19: chapter numerals, all-caps headings and play speaker
        // prefixes never occur in lower case; archaic spellings do, and are words.
        let text = "CHAPTER XII.\n\nTHE END OF ALL\n\nHAM. Thou hast it, doth he not?\nHor. Hath he, my lord? 'Tis the end, and all.";
        let w = TokenCounts::count(text).to_words(&Policy::game());
        let kept: Vec<String> = w
            .kept(&Policy::game())
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        assert_eq!(
            kept,
            ["ALL", "AND", "DOTH", "END", "HAST", "HE", "IT", "LORD", "MY", "NOT", "THE"]
        );
    }

    #[test]
    fn inline_keys_round_trip() {
        let mut buf = [0u8; SHORT];
        for w in [
            "a",
            "whale",
            "whaleman",
            "whalemen",
            "naïve",
            "x".repeat(24).as_str(),
            "ÉÉ",
        ] {
            let k = Short::new(w).unwrap();
            assert_eq!(k.to_str(&mut buf), Some(w));
            assert_eq!(k.chars(), w.chars().count(), "{w}");
        }
        assert!(Short::new(&"x".repeat(25)).is_none());
        // Loaded from the text: the same keys, near the end of the text too.
        let text = "a whale whalemen naïve xxxxxxxxxxxxxxxxxxxxxxxx ÉÉ ab";
        for w in crate::ingest::tokenize::words(text) {
            let start = w.as_ptr() as usize - text.as_ptr() as usize;
            assert_eq!(
                Short::at(text.as_bytes(), start, w.len()),
                Short::new(w),
                "{w}"
            );
        }
    }

    #[test]
    fn long_keys_work_like_short_ones() {
        let long = "a".repeat(30);
        let text = format!("{long} {long} Supercalifragilisticexpialidocious");
        let p = Policy {
            max_len: None,
            keep_proper_nouns: true,
            ..Policy::game()
        };
        let mut w = TokenCounts::count(&text).to_words(&p);
        w.merge(TokenCounts::count(&long).to_words(&p));
        let s = w.get(&long.to_uppercase()).unwrap();
        assert_eq!((s.count, s.books), (3, 2));
        let keys: Vec<String> = w.kept(&p).into_iter().map(|(k, _)| k).collect();
        assert_eq!(
            keys,
            [
                long.to_uppercase(),
                "SUPERCALIFRAGILISTICEXPIALIDOCIOUS".into()
            ]
        );
        assert_eq!(w.kept_count(&w, &Policy::game()), 0); // both longer than 15
    }

    proptest::proptest! {
        #[test]
        fn book_merge_equals_hash_merge(
            books in proptest::collection::vec(
                proptest::collection::vec(
                    proptest::sample::select(vec![
                        "a", "ab", "Ab", "abc", "abd", "b", "Whale", "whale", "whaleman",
                        "whalemanship", "zz", "café", "naïve", "é",
                        "abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnopqrstuvwxyzz",
                        "abcdefghijklmnopqrstuvwx", "abcdefghijklmnopqrstuvwxa", "Zebra",
                    ]),
                    0..30,
                ),
                1..6,
            ),
            min_books in 1usize..3,
            proper in proptest::bool::ANY,
        ) {
            let p = Policy { max_len: None, min_books, keep_proper_nouns: proper, ..Policy::game() };
            let per_book: Vec<WordCounts> = books
                .iter()
                .map(|ws| TokenCounts::count(&ws.join(" ")).to_words(&p))
                .collect();
            let mut all = WordCounts::default();
            for w in &per_book {
                all.merge_ref(w);
            }
            let expect_kept: Vec<u64> = per_book.iter().map(|w| w.kept_count(&all, &p)).collect();
            let expect = all.kept(&p);
            for ws in &books {
                let text = ws.join(" ");
                let tc = TokenCounts::count(&text);
                proptest::prop_assert_eq!(
                    tc.to_book_counts(&p).totals(),
                    tc.to_words(&p).into_book_counts().totals()
                );
            }
            let expect_distinct: Vec<u64> = per_book.iter().map(|w| w.len() as u64).collect();
            // Counted again straight from the text: spellings that share a key are separate
            // entries there, which the merge must fold (counting the book once).
            let direct: Vec<BookCounts> = books
                .iter()
                .map(|ws| TokenCounts::count(&ws.join(" ")).to_book_counts(&p))
                .collect();
            let from_words: Vec<BookCounts> = per_book.into_iter().map(WordCounts::into_book_counts).collect();
            let refs: Vec<&BookCounts> = direct.iter().collect();
            let m = merge_books(&refs, &p);
            let refs: Vec<&BookCounts> = from_words.iter().collect();
            proptest::prop_assert_eq!(&merge_books(&refs, &p), &m);
            let kept: Vec<(String, u64)> = m
                .kept
                .iter()
                .map(|(k, n)| (String::from_utf8(k.to_vec()).unwrap(), n))
                .collect();
            proptest::prop_assert_eq!(kept, expect);
            proptest::prop_assert_eq!(m.distinct, all.len());
            proptest::prop_assert_eq!(m.kept_per_book, expect_kept);
            proptest::prop_assert_eq!(m.distinct_per_book, expect_distinct);
        }
    }

    #[test]
    fn proper_nouns_kept_on_request() {
        let w = TokenCounts::count("Darcy LONDON the").to_words(&Policy::game());
        let keep = Policy {
            keep_proper_nouns: true,
            ..Policy::game()
        };
        let keys: Vec<String> = w.kept(&keep).into_iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["DARCY", "LONDON", "THE"]);
    }
}
