//! UAX #29 words, fast: an exact fast path for ASCII and Latin-1 letters, with
//! `unicode-segmentation` for the rest.
//!
//! [`for_each_word`] yields the words `unicode_segmentation::UnicodeSegmentation::
//! unicode_words` yields (word-boundary segments holding at least one alphanumeric character),
//! in order, as slices of the input, less any whitespace leading them (below). The text is
//! cut at ASCII whitespace into runs (UAX #29 breaks there, but for a mark attached to the
//! whitespace, below). A run whose characters are all ASCII or Latin-1 letters (U+00C0–U+00FF
//! but `×` U+00D7 and `÷` U+00F7) is segmented here with the subset of the UAX #29 rules
//! below; any other run is handed to `unicode-segmentation` with the whitespace byte before it.
//!
//! The fast-path rules (Unicode UAX #29, "Word Boundary Rules", restricted to those
//! characters):
//! - letters `A–Z a–z` and the Latin-1 letters are ALetter, digits are Numeric, `_` is
//!   ExtendNumLet (WB5, WB8–WB10, WB13a/b: no break between any two of these);
//! - `'` and `.` (MidNumLetQ) and `:` (MidLetter) join two letters (WB6/WB7);
//! - `'`, `.`, `,` and `;` (MidNum/MidNumLetQ) join two digits (WB11/WB12);
//! - everything else is a break.
//!
//! One difference from `unicode_words`: a word never starts with whitespace (any Unicode
//! White_Space character). UAX #29 (WB4) attaches a combining mark or format character to
//! the whitespace before it (and WB3d joins spaces), so ` \u{D03}`
//! (a space and the Malayalam visarga, an alphabetic spacing mark) is one segment and a word;
//! folio's word is `\u{D03}`, the whitespace left out (found by the `ingest_book` fuzz
//! target).
//!
//! Proptests check the fast path against `unicode-segmentation` on arbitrary ASCII and on
//! text mixing ASCII with Latin-1 letters and characters that must fall back.

use unicode_segmentation::UnicodeSegmentation;

use crate::ingest::word_mask::{classify, word_bytes, Edges};

/// Calls `f` with every UAX #29 word of `text`, in order (see the module docs).
#[inline]
pub fn for_each_word<'a>(text: &'a str, mut f: impl FnMut(&'a str)) {
    for_each_span(text, |start, end| f(&text[start..end]));
}

/// As [`for_each_word`], with each word given as its byte range `start..end` in `text`
/// (always on character boundaries).
#[inline]
pub fn for_each_span(text: &str, f: impl FnMut(usize, usize)) {
    struct Calls<F>(F);
    impl<F: FnMut(usize, usize)> Sink for Calls<F> {
        #[inline(always)]
        fn word(&mut self, start: usize, end: usize) {
            (self.0)(start, end);
        }
    }
    scan(text, &mut Calls(f));
}

/// What [`scan`] hands each word to. A trait rather than a closure so that the per-word
/// work of counting can be `#[inline(always)]` into the scanning loop.
pub(crate) trait Sink {
    /// The word `text[start..end]`.
    fn word(&mut self, start: usize, end: usize);
}

/// Gives `sink` every word of `text` (see [`for_each_span`]).
///
/// The text is scanned once for runs that need `unicode-segmentation` (a non-ASCII byte
/// other than a Latin-1 letter, eight bytes at a time); between them the fast path finds the
/// words of 64 bytes at a time as bitmasks ([`crate::ingest::word_mask`]).
#[inline(always)]
pub(crate) fn scan<S: Sink>(text: &str, sink: &mut S) {
    let b = text.as_bytes();
    let mut pos = 0;
    loop {
        let slow = next_slow_run(b, pos);
        fast_spans(b, pos, slow.map_or(b.len(), |(start, _)| start), sink);
        let Some((start, end)) = slow else { break };
        slow_spans(text, start, end, sink);
        pos = end;
    }
}

/// The words of `text` as a vector (convenience for tests and small inputs).
pub fn words(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for_each_word(text, |w| out.push(w));
    out
}

/// The first run (bytes between ASCII whitespace) at or after `from` holding a character
/// the fast path does not know, as `start..end`. `from` is 0 or just after such a run, so at
/// ASCII whitespace or the end: the run's start is never before it.
#[inline]
fn next_slow_run(b: &[u8], from: usize) -> Option<(usize, usize)> {
    let mut i = from;
    loop {
        i = next_non_ascii(b, i);
        if i >= b.len() {
            return None;
        }
        // A Latin-1 letter: `C3 80..=BF` but `×` (C3 97) and `÷` (C3 B7).
        if b[i] == 0xC3 && matches!(b.get(i + 1), Some(&c) if c != 0x97 && c != 0xB7) {
            i += 2;
            continue;
        }
        let start = b[from..i]
            .iter()
            .rposition(|&c| class(c) == SPACE)
            .map_or(from, |j| from + j + 1);
        let end = b[i..]
            .iter()
            .position(|&c| class(c) == SPACE)
            .map_or(b.len(), |j| i + j);
        return Some((start, end));
    }
}

/// The offset of the first byte at or after `i` with its high bit set, or `b.len()`. Eight
/// bytes at a time: most of a book is ASCII.
#[inline]
fn next_non_ascii(b: &[u8], mut i: usize) -> usize {
    const HI: u64 = 0x8080_8080_8080_8080;
    while let Some(chunk) = b.get(i..i + 8) {
        let mut w = [0u8; 8];
        w.copy_from_slice(chunk);
        let m = u64::from_le_bytes(w) & HI;
        if m != 0 {
            return i + (m.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < b.len() && b[i] < 0x80 {
        i += 1;
    }
    i
}

/// Words of `text[start..end]`, a run that needs `unicode-segmentation`. Not inlined: rare.
///
/// The whitespace byte before the run is segmented with it: UAX #29 attaches a combining
/// mark or format character to the space or tab before it (WB4), which can move the run's
/// first boundary (` \u{D03}` is one segment, a word as the mark is alphabetic). A word
/// then never starts with that whitespace: it is left out.
#[inline(never)]
fn slow_spans<S: Sink>(text: &str, start: usize, end: usize, sink: &mut S) {
    let base = text.as_ptr() as usize;
    let from = if start > 0 && class(text.as_bytes()[start - 1]) == SPACE {
        start - 1
    } else {
        start
    };
    for w in text[from..end].unicode_words() {
        // Whitespace only ever leads a segment (WB3d joins spaces, WB4 a mark to them).
        let w = w.trim_start_matches(char::is_whitespace);
        let s = w.as_ptr() as usize - base;
        sink.word(s, s + w.len());
    }
}

/// Words of `b[from..to]`, which holds only ASCII and Latin-1 letters and starts and ends
/// at run boundaries (see [`next_slow_run`]): 64 bytes at a time, as bitmasks (see
/// [`crate::ingest::word_mask`]). Whitespace is a break here like any other byte that is neither a
/// word character nor a joining middle character.
#[inline(always)]
fn fast_spans<S: Sink>(b: &[u8], from: usize, to: usize, sink: &mut S) {
    let b = &b[..to];
    let mut base = from;
    // Where the word running past the last block started (its end is in a later block).
    let mut open: Option<usize> = None;
    let mut edges = Edges::default();
    let mut tail = [0u8; 64];
    while base < to {
        let block: &[u8; 64] = match b.get(base..base + 64) {
            Some(s) => s.try_into().unwrap_or(&tail),
            None => {
                // The last, short block, padded with NUL (not a word byte, joins nothing).
                tail[..to - base].copy_from_slice(&b[base..]);
                &tail
            }
        };
        let c = classify(block);
        let after = b.get(base + 64).map_or(OTHER, |&x| class(x));
        edges.letter_after = after == LETTER;
        edges.digit_after = after == DIGIT;
        let w = word_bytes(&c, &edges);
        // Bit `i` set where byte `i` starts a word or is the first byte after one.
        let mut t = w ^ (w << 1 | u64::from(edges.word_before));
        if let Some(start) = open {
            if t != 0 {
                word(b, start, base + t.trailing_zeros() as usize, sink);
                t &= t - 1;
                open = None;
            }
        }
        while t != 0 {
            let start = base + t.trailing_zeros() as usize;
            t &= t - 1;
            if t == 0 {
                open = Some(start);
                break;
            }
            word(b, start, base + t.trailing_zeros() as usize, sink);
            t &= t - 1;
        }
        edges.letter_before = c.letter >> 63 == 1;
        edges.digit_before = c.digit >> 63 == 1;
        edges.word_before = w >> 63 == 1;
        base += 64;
    }
    if let Some(start) = open {
        word(b, start, to, sink);
    }
}

/// Gives `sink` the run of word bytes `b[start..end]` unless it has no alphanumeric
/// character: only a run of underscores has none (rare: `_` is dropped by cleaning), and it
/// starts with one.
#[inline(always)]
fn word<S: Sink>(b: &[u8], start: usize, end: usize, sink: &mut S) {
    if b[start] != b'_' || b[start..end].iter().any(|&c| c != b'_') {
        sink.word(start, end);
    }
}

/// Byte classes the fast path looks up one at a time: whitespace, where runs are cut, and a
/// block's neighbour bytes (the rest is [`crate::ingest::word_mask::classify`], 64 bytes at once).
const OTHER: u8 = 0;
/// `A–Z a–z`, and every non-ASCII byte: in a fast run, a byte of a Latin-1 letter.
const LETTER: u8 = 1;
const DIGIT: u8 = 2;
/// ASCII whitespace (space, tab, LF, VT, FF, CR): always a word break.
const SPACE: u8 = 3;

static CLASS: [u8; 256] = {
    let mut t = [OTHER; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = if matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) {
            SPACE
        } else if b.is_ascii_alphabetic() || b >= 0x80 {
            // Non-ASCII bytes only reach the class test inside fast runs, where they are
            // the two bytes (`C3`, continuation) of a Latin-1 letter.
            LETTER
        } else if b.is_ascii_digit() {
            DIGIT
        } else {
            OTHER
        };
        c += 1;
    }
    t
};

#[inline(always)]
fn class(b: u8) -> u8 {
    CLASS[usize::from(b)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `unicode_words`, each word without leading whitespace (see the module docs).
    fn reference(s: &str) -> Vec<&str> {
        s.unicode_words()
            .map(|w| w.trim_start_matches(char::is_whitespace))
            .collect()
    }

    #[test]
    fn a_mark_after_whitespace_is_a_word_without_the_whitespace() {
        // The `ingest_book` fuzz finding (UTF-16 text): UAX #29 makes ` \u{D03}` a word.
        let text = "\u{D03}\u{4101}\u{A3} \u{D03}\u{4101}\u{A3} \u{2020}";
        assert_eq!(
            text.unicode_words().collect::<Vec<_>>(),
            ["\u{D03}", "\u{4101}", " \u{D03}", "\u{4101}"]
        );
        assert_eq!(words(text), ["\u{D03}", "\u{4101}", "\u{D03}", "\u{4101}"]);
        // A mark that is no letter stays out of the next word, as UAX #29 has it.
        assert_eq!(words("a \u{301}b"), reference("a \u{301}b"));
        assert_eq!(words("x\t\u{D03}y"), reference("x\t\u{D03}y"));
        // The second finding: a hair space and a space (one segment, WB3d), then a mark.
        assert_eq!(words("a\u{200A} \u{369}b"), ["a", "\u{369}", "b"]);
        assert_eq!(words("a\u{200A}\u{369}b"), ["a", "\u{369}", "b"]);
        assert_eq!(words("a\u{200A} \u{369}b"), reference("a\u{200A} \u{369}b"));
    }

    #[test]
    fn examples_from_the_tokenization_notes() {
        // ../shared/docs/tokenization.md §5, measured behaviour of unicode-segmentation.
        assert_eq!(
            words("can't o'clock Jane's"),
            ["can't", "o'clock", "Jane's"]
        );
        assert_eq!(
            words("well-known to-morrow"),
            ["well", "known", "to", "morrow"]
        );
        assert_eq!(words("word--another"), ["word", "another"]);
        assert_eq!(
            words("3.14 1,000 10th U.S.A."),
            ["3.14", "1,000", "10th", "U.S.A"]
        );
        assert_eq!(words("Mr. Darcy"), ["Mr", "Darcy"]);
        assert_eq!(words("_word_ __"), ["_word_"]);
        assert_eq!(words("www.gutenberg.org"), ["www.gutenberg.org"]);
        assert_eq!(words("help@gutenberg.org"), ["help", "gutenberg.org"]);
        assert_eq!(words("[Illustration]"), ["Illustration"]);
        assert_eq!(words("'Tis James'"), ["Tis", "James"]);
        assert_eq!(words("a:b 1:2 1;2 a;b"), ["a:b", "1", "2", "1;2", "a", "b"]);
    }

    #[test]
    fn words_across_block_edges() {
        // Every word and middle character placed at every offset around the 64-byte block
        // edges of the fast path.
        for piece in [
            "a'b", "1,2", "x:y", "3.4", "q_r", "ab'", "'cd", "é'ü", "a1;2", "__",
        ] {
            for at in 56..72 {
                for tail in ["", " ", "z", "9 end"] {
                    let s = format!("{}{piece}{tail}", " ".repeat(at));
                    assert_eq!(words(&s), reference(&s), "{s:?}");
                    let s = format!("{}{piece}{tail}", "w".repeat(at));
                    assert_eq!(words(&s), reference(&s), "{s:?}");
                }
            }
        }
    }

    #[test]
    fn latin1_letters_take_the_fast_path() {
        let s = "naïve café's Ærø 3×4 a÷b l'été À.Ö 12é";
        assert_eq!(
            words(s),
            ["naïve", "café's", "Ærø", "3", "4", "a", "b", "l'été", "À.Ö", "12é"]
        );
        assert_eq!(words(s), reference(s));
        assert_eq!(next_slow_run(s.as_bytes(), 0), Some((21, 25))); // `3×4`
    }

    #[test]
    fn non_ascii_runs_use_unicode_segmentation() {
        let s = "l’homme naïve groß ﬁne »Was« x\u{200B}y\r\nend";
        assert_eq!(words(s), reference(s));
    }

    proptest! {
        #[test]
        fn ascii_fast_path_agrees_with_unicode_segmentation(
            s in proptest::collection::vec(
                prop_oneof![
                    4 => proptest::char::range('a', 'e'),
                    2 => proptest::char::range('X', 'Z'),
                    2 => proptest::char::range('0', '2'),
                    3 => proptest::sample::select(vec!['\'', '.', ':', ',', ';', '_', '-', ' ', '\n', '\r', '@', '"', '\t']),
                    1 => proptest::char::range(' ', '~'),
                ],
                0..200,
            ).prop_map(|v| v.into_iter().collect::<String>())
        ) {
            prop_assert_eq!(words(&s), reference(&s));
        }

        #[test]
        fn mixed_text_agrees_with_unicode_segmentation(
            s in proptest::collection::vec(
                prop_oneof![
                    4 => proptest::char::range('a', 'c'),
                    2 => proptest::sample::select(vec!['\'', '.', ',', ';', ':', '1', ' ', '\n', '-', '_']),
                    // Latin-1 letters (the fast path), `×` `÷` beside them, and characters
                    // that send their run to unicode-segmentation.
                    3 => proptest::sample::select(vec!['é', 'ß', 'À', 'ÿ', 'Ö', 'ï', '×', '÷']),
                    2 => proptest::sample::select(vec!['’', '‘', '“', '—', '\u{a0}', 'α', '\u{301}', '»', '¿', 'ª', 'ﬁ', '\u{ad}', '\u{200d}', '٣']),
                ],
                0..200,
            ).prop_map(|v| v.into_iter().collect::<String>())
        ) {
            prop_assert_eq!(words(&s), reference(&s));
        }
    }
}
