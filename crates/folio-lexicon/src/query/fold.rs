//! Accent-insensitive lookups (`--fold-accents`) in sets that keep diacritics: a key matches
//! when its letters folded to A–Z (as the game policy folds running text: É→E, ß→SS, Æ→AE)
//! match the folded query. `contains ete` then finds ÉTÉ and ETE.
//!
//! Folded matching is a scan of the set (each key folded once): a set of 100,000 words
//! takes milliseconds, and no second index is kept.
//!
//! ```
//! use folio_lexicon::{query::fold, Policy, WordSet};
//! let set = WordSet::from_words(["ETE", "ÉTÉ", "ÉTÉS"]).unwrap();
//! assert_eq!(fold::fold("ÉTÉ").as_deref(), Some("ETE"));
//! assert_eq!(fold::matches(&set, |k| k == b"ETE"), ["ETE", "ÉTÉ"]);
//! ```

use fst::{IntoStreamer, Streamer};

use crate::policy::Policy;
use crate::set::WordSet;

/// A key (or query word) folded to A–Z letters, or `None` when it has a letter the game
/// policy has no folding for (Greek, Cyrillic).
pub fn fold(key: &str) -> Option<String> {
    Policy::game().normalize_word(key)
}

/// Every key of `set` whose folded form `accept` takes, in key order.
pub fn matches(set: &WordSet, accept: impl Fn(&[u8]) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut stream = set.as_fst_set().into_stream();
    while let Some(k) = stream.next() {
        let key = String::from_utf8_lossy(k);
        let folded = if key.is_ascii() {
            Some(key.to_string())
        } else {
            fold(&key)
        };
        if folded.is_some_and(|f| accept(f.as_bytes())) {
            out.push(key.into_owned());
        }
    }
    out
}
