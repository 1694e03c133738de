//! Fuzzes ingest's readers of book bytes: decoding, Gutenberg markers, cleaning, the UAX #29
//! tokenizer and the policy. None may panic; the body range must lie on char boundaries; the
//! fast tokenizer must agree with `unicode-segmentation`; every kept key must be A–Z.
#![no_main]

use folio_lexicon::ingest::boilerplate::find_body;
use folio_lexicon::ingest::clean::clean;
use folio_lexicon::ingest::count::TokenCounts;
use folio_lexicon::ingest::decode::decode;
use folio_lexicon::ingest::tokenize::words;
use folio_lexicon::Policy;
use libfuzzer_sys::fuzz_target;
use unicode_segmentation::UnicodeSegmentation;

fuzz_target!(|data: &[u8]| {
    let Ok((text, _)) = decode(data) else {
        return;
    };
    let body = find_body(&text);
    let body_text = &text[body.range];
    let cleaned = clean(body_text);
    // UAX #29 words, but never starting with whitespace (tokenize's module docs: a mark
    // after a space is a word without the space).
    let reference: Vec<&str> = cleaned
        .unicode_words()
        .map(|w| w.trim_start_matches(char::is_whitespace))
        .collect();
    assert_eq!(words(&cleaned), reference);
    let policy = Policy::game();
    let counts = TokenCounts::count(&cleaned);
    let counted = counts.to_words(&policy);
    for (k, _) in counted.kept(&policy) {
        assert!(k.bytes().all(|b| b.is_ascii_uppercase()), "{k}");
    }
    let _ = counts.to_book_counts(&policy);
    // Raw keeps every token's spelling (NFKC, upper-cased), bounded by its maximum length.
    let raw = Policy::raw();
    let raw_words = counts.to_words(&raw);
    for (k, _) in raw_words.kept(&raw) {
        assert!(raw.length_ok(k.chars().count()), "{k}");
    }
    let _ = counts.to_book_counts(&raw);
});
