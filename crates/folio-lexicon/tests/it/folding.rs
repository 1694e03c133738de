//! Case folding and normalisation give one key per word under every policy (issue 13, point
//! 4): NFC and NFD spellings of a word, and its upper- and lower-case forms, get the same key
//! (capital ẞ as ß); checked over generated mixed-script text, through `normalize_word` (a
//! user's word) and through ingest's tokenizer and counter (a book's word) alike.

use folio_lexicon::ingest::count::TokenCounts;
use folio_lexicon::Policy;
use proptest::prelude::*;
use unicode_normalization::UnicodeNormalization;

/// Letters from several scripts, with precomposed and decomposable ones, ß and ẞ.
const LETTERS: &str = "abcxyzéèêëàçñöüÅßẞæœøðþłıαβγδεάέήίόύώабвгдеёжзийкяłœ日本語한국어";

fn policies() -> Vec<Policy> {
    let mut diacritics = Policy::game();
    diacritics.keep_diacritics = true;
    vec![Policy::game(), diacritics, Policy::raw()]
}

fn word() -> impl Strategy<Value = String> {
    let letters: Vec<char> = LETTERS.chars().collect();
    proptest::collection::vec(proptest::sample::select(letters), 1..10)
        .prop_map(|cs| cs.into_iter().collect())
}

/// The keys ingest counts for `text` under `policy`.
fn ingest_keys(text: &str, policy: &Policy) -> Vec<String> {
    let mut keys: Vec<String> = TokenCounts::count(text)
        .to_words(policy)
        .kept(&Policy {
            min_len: 1,
            max_len: None,
            ..policy.clone()
        })
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    keys.sort();
    keys
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn one_key_per_word_in_every_policy(w in word()) {
        for policy in policies() {
            let nfc: String = w.nfc().collect();
            let nfd: String = w.nfd().collect();
            let upper = w.to_uppercase();
            let key = policy.normalize_word(&nfc);
            prop_assert_eq!(&policy.normalize_word(&nfd), &key, "{:?} NFD", policy.name);
            prop_assert_eq!(&policy.normalize_word(&upper), &key, "{:?} upper", policy.name);
            let sharp = w.replace('ß', "ẞ");
            prop_assert_eq!(&policy.normalize_word(&sharp), &key, "{:?} ẞ", policy.name);
            // In a book, every spelling of the word adds no key to those of its NFC and
            // lower-case forms (a token may hold several words: `日a` is two).
            let lower = w.to_lowercase();
            let all = ingest_keys(&format!("{nfc} {nfd} {upper} {sharp} {lower}\n"), &policy);
            let base = ingest_keys(&format!("{nfc} {lower}\n"), &policy);
            prop_assert_eq!(all, base, "{:?}", policy.name);
        }
    }
}
