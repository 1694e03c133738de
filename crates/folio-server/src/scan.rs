//! A book's text as the challenge (`C`) reads it: every word of its body, normalised by the
//! policy, and the lines where a word occurs.
//!
//! The body is found, cleaned and cut into UAX #29 words exactly as ingest does it
//! (`folio_lexicon::ingest`: decode, Gutenberg boilerplate, cleaning, words), but no word is
//! dropped for its case, length or count: a challenge asks whether the books *hold* the word,
//! so `Ishmael` (never written in lower case, absent from the word set) is held.

use std::collections::BTreeSet;

use folio_lexicon::fst;
use folio_lexicon::ingest::boilerplate::find_body;
use folio_lexicon::ingest::clean::clean;
use folio_lexicon::ingest::decode::decode;
use folio_lexicon::ingest::tokenize::for_each_word;
use folio_lexicon::Policy;

/// Every distinct key the policy makes of the words of `bytes`' body, as fst set bytes.
/// `None` when the bytes are not text (empty, or binary).
pub fn text_keys(bytes: &[u8], policy: &Policy) -> Option<Vec<u8>> {
    let (text, _) = decode(bytes).ok()?;
    let body = find_body(&text);
    let cleaned = clean(&body.text(&text));
    let mut keys = BTreeSet::new();
    let mut key = String::new();
    for_each_word(&cleaned, |w| {
        if policy.normalize_token(w, &mut key).is_some() && !keys.contains(key.as_str()) {
            keys.insert(key.clone());
        }
    });
    let mut builder = fst::SetBuilder::memory();
    for k in &keys {
        // Sorted and distinct: insertion cannot fail.
        builder.insert(k).ok()?;
    }
    builder.into_inner().ok()
}

/// One line of a book where a word occurs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// Line number in the file, from 1 (LF, CRLF and lone CR each end a line).
    pub line: usize,
    /// The line's text (at most 200 characters of it).
    pub text: String,
}

/// The first `limit` lines of `bytes`' body holding a word whose key is `key`. Each line is
/// cleaned and cut into words on its own (an editorial tag spanning lines is then kept), so
/// this lists places to read; whether the book holds the word is [`text_keys`]'s answer.
pub fn places(bytes: &[u8], policy: &Policy, key: &str, limit: usize) -> Vec<Place> {
    let Ok((text, _)) = decode(bytes) else {
        return Vec::new();
    };
    let body = find_body(&text);
    let mut out = Vec::new();
    let mut scratch = String::new();
    for (i, line) in folio_core::script::lines::lines(&text).enumerate() {
        // Where the line starts in the text (it is a slice of it).
        let start = (line.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize);
        if start > text.len() || !body.holds(start) {
            continue;
        }
        let cleaned = clean(line);
        let mut hit = false;
        for_each_word(&cleaned, |w| {
            if !hit && policy.normalize_token(w, &mut scratch).is_some() && scratch == key {
                hit = true;
            }
        });
        if hit {
            out.push(Place {
                line: i + 1,
                text: line.chars().take(200).collect(),
            });
            if out.len() >= limit {
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOOK: &[u8] = b"Call me Ishmael.\nThe whale's tail;\r\nthe WHALE. _Italic_ caf\xc3\xa9\n";

    #[test]
    fn text_keys_hold_every_normalised_word() {
        let set = fst::Set::new(text_keys(BOOK, &Policy::game()).unwrap()).unwrap();
        for k in [
            "CALL", "ME", "ISHMAEL", "THE", "WHALE", "TAIL", "ITALIC", "CAFE",
        ] {
            assert!(set.contains(k), "{k}");
        }
        assert!(!set.contains("WHALES"));
        assert!(text_keys(b"", &Policy::game()).is_none());
        assert!(text_keys(b"a\0b", &Policy::game()).is_none());
    }

    #[test]
    fn places_give_lines_from_one() {
        let p = places(BOOK, &Policy::game(), "WHALE", 10);
        assert_eq!(p.iter().map(|p| p.line).collect::<Vec<_>>(), [2, 3]);
        assert_eq!(p[0].text, "The whale's tail;");
        assert_eq!(places(BOOK, &Policy::game(), "WHALE", 1).len(), 1);
        assert!(places(BOOK, &Policy::game(), "ZEBRA", 10).is_empty());
    }
}
