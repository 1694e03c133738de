//! Cleaning the body of a book before segmentation (pitfalls 4, 6, 8, 13, 16 and 17 of
//! `../shared/docs/tokenization.md`):
//!
//! - editorial tags `[Illustration…]`, `[Footnote…]`, `[Transcriber's note…]`, `[Sidenote…]`,
//!   `[Pg 12]`, `[Blank Page]` removed up to their closing `]`, across lines, nested brackets
//!   included (they are not the author's words; the bare `Illustration` would otherwise leak);
//! - `_` (PG's italics, `_word_`) becomes a space: UAX #29 keeps it inside words;
//! - soft hyphen U+00AD, zero-width joiners U+200C/U+200D, word joiner U+2060 and stray BOMs
//!   U+FEFF removed (UAX #29 keeps them *inside* words); zero-width space U+200B becomes a space;
//! - apostrophes `’ ‘ ʼ` unified to `'`, curly double quotes to `"`, dashes `‐ ‑ – —` to `-`,
//!   no-break space to a space. These substitutions do not move any UAX #29 word boundary
//!   between Latin letters (each pair has the same word-break class, or both are breaks), and
//!   they keep English text ASCII for the tokenizer's fast path.

/// Editorial tags, matched case-insensitively right after `[`.
const TAGS: &[&str] = &[
    "illustration",
    "footnote",
    "transcriber",
    "sidenote",
    "blank page",
    "pg ",
];

/// How far (in bytes) a tag's closing `]` is looked for; an unclosed tag drops only its `[`.
const MAX_TAG_BYTES: usize = 16 * 1024;

/// Returns the cleaned text (see the module docs).
pub fn clean(text: &str) -> String {
    let mut out = String::new();
    clean_into(text, &mut out);
    out
}

/// As [`clean`], into `out` (cleared first): ingest reuses one buffer for many books, so
/// the pages of a large book's copy are touched (and faulted in) once, not per book.
pub fn clean_into(text: &str, out: &mut String) {
    out.clear();
    out.reserve(text.len());
    clean_reserved(text, out);
}

/// As [`clean_into`], with `out`'s room for the copy reserved fallibly: a book too large
/// for a second copy in memory is an error for the caller to name, not an abort.
///
/// # Errors
/// When `text.len()` bytes cannot be reserved (`out` is then empty).
pub fn try_clean_into(
    text: &str,
    out: &mut String,
) -> Result<(), std::collections::TryReserveError> {
    out.clear();
    out.try_reserve_exact(text.len())?;
    clean_reserved(text, out);
    Ok(())
}

/// Whether `text` has nothing to clean (no `_`, `[` or non-ASCII byte): [`clean`] would
/// copy it unchanged, so the copy can be skipped.
pub fn is_clean(text: &str) -> bool {
    next_special(text.as_bytes(), 0) >= text.len()
}

/// The cleaning, into `out`, which is empty with room for `text` (the copy is never longer).
fn clean_reserved(text: &str, out: &mut String) {
    let b = text.as_bytes();
    let mut i = 0;
    let mut copied = 0;
    while i < b.len() {
        i = next_special(b, i);
        if i >= b.len() {
            break;
        }
        let c = b[i];
        out.push_str(&text[copied..i]);
        if c == b'_' {
            out.push(' ');
            i += 1;
        } else if c == b'[' {
            i = match tag_end(text, i) {
                Some(end) => {
                    out.push(' ');
                    end
                }
                None => {
                    out.push('[');
                    i + 1
                }
            };
        } else {
            // A non-ASCII character: `i` is on a char boundary (we only step over whole chars).
            let ch = text[i..].chars().next().unwrap_or('\u{FFFD}');
            match ch {
                '\u{AD}' | '\u{200C}' | '\u{200D}' | '\u{2060}' | '\u{FEFF}' => {}
                '\u{200B}' | '\u{A0}' => out.push(' '),
                '\u{2019}' | '\u{2018}' | '\u{2BC}' => out.push('\''),
                '\u{201C}' | '\u{201D}' => out.push('"'),
                '\u{2010}' | '\u{2011}' | '\u{2013}' | '\u{2014}' => out.push('-'),
                other => out.push(other),
            }
            i += ch.len_utf8();
        }
        copied = i;
    }
    out.push_str(&text[copied..]);
}

/// The offset of the first byte at or after `i` that cleaning looks at (`_`, `[` or any
/// non-ASCII byte), or `b.len()`. Eight bytes at a time: most of a book is plain ASCII.
#[inline]
fn next_special(b: &[u8], mut i: usize) -> usize {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    // High bit set in the lowest byte of `v` that is zero (bits above it may be spurious).
    #[inline]
    fn zero_byte(v: u64) -> u64 {
        v.wrapping_sub(LO) & !v & HI
    }
    while let Some(chunk) = b.get(i..i + 8) {
        let mut w = [0u8; 8];
        w.copy_from_slice(chunk);
        let x = u64::from_le_bytes(w);
        let m = (x & HI)
            | zero_byte(x ^ (LO * u64::from(b'_')))
            | zero_byte(x ^ (LO * u64::from(b'[')));
        if m != 0 {
            return i + (m.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < b.len() && b[i] < 0x80 && b[i] != b'_' && b[i] != b'[' {
        i += 1;
    }
    i
}

/// If an editorial tag opens at `open` (a `[`), the byte offset just past its closing `]`.
fn tag_end(text: &str, open: usize) -> Option<usize> {
    let rest = &text.as_bytes()[open + 1..];
    let is_tag = TAGS
        .iter()
        .any(|t| rest.len() >= t.len() && rest[..t.len()].eq_ignore_ascii_case(t.as_bytes()));
    if !is_tag {
        return None;
    }
    let mut depth = 1usize;
    for (j, &c) in rest.iter().enumerate().take(MAX_TAG_BYTES) {
        match c {
            b'[' => depth += 1,
            b']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + 1 + j + 1);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ingest::tokenize::words;

    #[test]
    fn editorial_tags_go_even_across_lines() {
        let t = "He [Illustration: A whale\r\nbreaching] sailed.[Footnote 3: See [2].] On.\n[Pg 7]";
        assert_eq!(words(&clean(t)), ["He", "sailed", "On"]);
        assert_eq!(words(&clean("[Illustration]\nAlice")), ["Alice"]);
        assert_eq!(words(&clean("[Transcriber's note: fixed]x")), ["x"]);
    }

    #[test]
    fn ordinary_brackets_and_unclosed_tags_stay() {
        assert_eq!(words(&clean("a [sic] b")), ["a", "sic", "b"]);
        assert_eq!(
            words(&clean("an illustration of [Illustration")),
            ["an", "illustration", "of", "Illustration"]
        );
    }

    #[test]
    fn italics_underscores_become_spaces() {
        // Pitfall 8: `_word_` is one UAX #29 word with its underscores.
        assert_eq!(
            words(&clean("_Reading Jane’s Letters_ _12")),
            ["Reading", "Jane's", "Letters", "12"]
        );
    }

    #[test]
    fn invisible_characters() {
        // Pitfalls 6 and 17: soft hyphen and joiners stay inside UAX #29 words; ZWSP splits.
        assert_eq!(
            words(&clean("ex\u{AD}ample zero\u{200D}width x\u{200B}y")),
            ["example", "zerowidth", "x", "y"]
        );
    }

    proptest::proptest! {
        #[test]
        fn special_bytes_are_found_like_a_plain_scan(
            v in proptest::collection::vec(proptest::sample::select(vec![b'a', b' ', b'_', b'[', b']', 0x5A, 0x5E, 0x60, 0x7F, 0x80, 0xC3, 0xFF]), 0..40),
            from in 0usize..40,
        ) {
            let plain = (from..v.len())
                .find(|&i| v[i] >= 0x80 || v[i] == b'_' || v[i] == b'[')
                .unwrap_or(v.len().max(from));
            proptest::prop_assert_eq!(next_special(&v, from), plain);
        }
    }

    #[test]
    fn punctuation_is_unified() {
        assert_eq!(
            clean("don’t ‘so’ “quoted” a—b c–d\u{A0}e"),
            "don't 'so' \"quoted\" a-b c-d e"
        );
        assert_eq!(words(&clean("word—another")), ["word", "another"]);
    }
}
