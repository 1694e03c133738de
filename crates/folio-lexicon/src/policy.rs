//! Normalisation policy: how a word of running text becomes a key of a word set.
//!
//! PROVISIONAL (skeleton): the signature below is the contract used by queries and plays;
//! the ingest work (issue 2) owns this module and completes it.

use unicode_normalization::UnicodeNormalization;

/// A named, documented normalisation policy.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Policy {
    /// Policy name (`game` or `raw`).
    pub name: String,
    /// Keep diacritics instead of folding them to A–Z.
    pub keep_diacritics: bool,
}

impl Policy {
    /// The default game policy: upper-case A–Z keys, diacritics folded.
    pub fn game() -> Policy {
        Policy {
            name: "game".into(),
            keep_diacritics: false,
        }
    }

    /// Normalises one word given by a user (a query, a word list line, a played word) the way
    /// ingest normalises a word of running text. `None` when the policy rejects it (digits,
    /// `.`, `@`, other characters outside the alphabet).
    pub fn normalize_word(&self, word: &str) -> Option<String> {
        let mut out = String::with_capacity(word.len());
        for c in word.nfkd() {
            if unicode_normalization::char::is_combining_mark(c) && !self.keep_diacritics {
                continue;
            }
            match c {
                'ß' => out.push_str("SS"),
                'æ' | 'Æ' => out.push_str("AE"),
                'œ' | 'Œ' => out.push_str("OE"),
                'ø' | 'Ø' => out.push('O'),
                c if c.is_ascii_alphabetic() => out.push(c.to_ascii_uppercase()),
                c if self.keep_diacritics && c.is_alphabetic() => out.extend(c.to_uppercase()),
                _ => return None,
            }
        }
        let out: String = if self.keep_diacritics {
            out.nfc().collect()
        } else {
            out
        };
        (!out.is_empty()).then_some(out)
    }
}
