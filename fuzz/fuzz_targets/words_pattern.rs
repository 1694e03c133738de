//! Fuzzes the parsers of issue 18: word patterns with letter classes (`c[aeiou]t`,
//! `[^s]*ing`) under the game policy and a `--keep-diacritics` one, hooks, folded matching,
//! the elision splitter and the Gutenberg `Language:` reader. None may panic; a pattern that
//! parses must match a word it was made to match the same way through its automaton and
//! its `matches`.
#![no_main]

use folio_lexicon::ingest::elision::{elided, language_of};
use folio_lexicon::query::{fold, glob::Glob, hooks::hooks};
use folio_lexicon::{Policy, WordSet};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

/// The set searched: the same few words every run, built once (not per input).
static SET: OnceLock<WordSet> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = language_of(text);
    let e = elided(text);
    assert!(text.ends_with(e));
    let set = SET.get_or_init(|| {
        WordSet::from_words(["CAT", "CATS", "SCAT", "ÉTÉ", "ETE", "RING", "SING"]).unwrap()
    });
    let diacritics = Policy {
        keep_diacritics: true,
        ..Policy::game()
    };
    if text.len() > 300 {
        return;
    }
    for policy in [Policy::game(), diacritics] {
        if let Ok(g) = Glob::parse(&policy, text) {
            if let Ok(found) = g.search(set) {
                for w in &found {
                    assert!(g.matches(w.as_bytes()), "{w}");
                }
            }
            let _ = fold::matches(set, |k| g.matches(k));
        }
        let _ = hooks(set, &policy, text);
    }
    let _ = fold::fold(text);
});
