//! `fuzzy` against a brute-force edit distance (in characters) on sets in every script a set
//! can hold: Latin with diacritics, Cyrillic, Greek, CJK, Hangul (issue 13, point 4). The
//! query itself always comes back at any distance, and no word within the distance is
//! missed or added.

use folio_lexicon::query::{self, levenshtein_chars};
use folio_lexicon::{Policy, WordSet};
use proptest::prelude::*;

/// Letters of each script (upper case where the script has case: keys are upper-cased).
const SCRIPTS: &[&str] = &[
    "AÉÈÊÖÜÇÑBCD",
    "АБВГДЕЖЗИЙ",
    "ΑΒΓΔΕΖΗΘΙΚ",
    "日本語漢字中文人大",
    "한국어글자가나다라",
];

/// Edit distance in characters, the textbook way.
fn brute(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let sub = d[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = sub.min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
        }
    }
    d[a.len()][b.len()]
}

fn word(script: &'static str) -> impl Strategy<Value = String> {
    let letters: Vec<char> = script.chars().collect();
    proptest::collection::vec(proptest::sample::select(letters), 1..7)
        .prop_map(|cs| cs.into_iter().collect())
}

fn case() -> impl Strategy<Value = (Vec<String>, String, u32)> {
    (0..SCRIPTS.len()).prop_flat_map(|s| {
        (
            proptest::collection::vec(word(SCRIPTS[s]), 1..40),
            word(SCRIPTS[s]),
            0u32..3,
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn fuzzy_agrees_with_brute_force_in_every_script((words, q, k) in case()) {
        let policy = Policy::raw();
        let keys: Vec<String> = words
            .iter()
            .chain([&q])
            .filter_map(|w| policy.normalize_word(w))
            .collect();
        let set = WordSet::from_words(&keys).unwrap();
        let key = policy.normalize_word(&q).unwrap();
        let got = query::fuzzy(&set, &policy, &q, k).unwrap();
        let mut found: Vec<(String, usize)> =
            got.into_iter().map(|m| (m.word, m.distance)).collect();
        found.sort();
        let mut expected: Vec<(String, usize)> = keys
            .iter()
            .map(|w| (w.clone(), brute(&key, w)))
            .filter(|(_, d)| *d <= k as usize)
            .collect();
        expected.sort();
        expected.dedup();
        prop_assert!(found.iter().any(|(w, d)| *w == key && *d == 0), "the query itself: {found:?}");
        prop_assert_eq!(found, expected);
        prop_assert_eq!(levenshtein_chars(&key, &key), 0);
    }
}
