//! UAX #29 words, fast: an exact fast path for ASCII and Latin-1 letters, with
//! `unicode-segmentation` for the rest.
//!
//! [`for_each_word`] yields exactly the words `unicode_segmentation::UnicodeSegmentation::
//! unicode_words` yields (word-boundary segments holding at least one alphanumeric character),
//! in order, as slices of the input. The text is cut at ASCII whitespace, where UAX #29 always
//! breaks, into runs. A run whose characters are all ASCII or Latin-1 letters (U+00C0–U+00FF
//! but `×` U+00D7 and `÷` U+00F7) is segmented here with the subset of the UAX #29 rules
//! below; any other run is handed to `unicode-segmentation` whole.
//!
//! The fast-path rules (Unicode UAX #29, "Word Boundary Rules", restricted to those
//! characters):
//! - letters `A–Z a–z` and the Latin-1 letters are ALetter, digits are Numeric, `_` is
//!   ExtendNumLet (WB5, WB8–WB10, WB13a/b: no break between any two of these);
//! - `'` and `.` (MidNumLetQ) and `:` (MidLetter) join two letters (WB6/WB7);
//! - `'`, `.`, `,` and `;` (MidNum/MidNumLetQ) join two digits (WB11/WB12);
//! - everything else is a break.
//!
//! Proptests check the fast path against `unicode-segmentation` on arbitrary ASCII and on
//! text mixing ASCII with Latin-1 letters and characters that must fall back.

use unicode_segmentation::UnicodeSegmentation;

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
/// other than a Latin-1 letter, eight bytes at a time); between them the fast path scans
/// bytes with a 256-entry class table and no per-run bookkeeping.
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
#[inline(never)]
fn slow_spans<S: Sink>(text: &str, start: usize, end: usize, sink: &mut S) {
    let base = text.as_ptr() as usize;
    for w in text[start..end].unicode_words() {
        let s = w.as_ptr() as usize - base;
        sink.word(s, s + w.len());
    }
}

/// Words of `b[from..to]`, which holds only ASCII and Latin-1 letters and starts and ends
/// at run boundaries (see [`next_slow_run`]). Whitespace is a break here like any other
/// byte that is neither a word character nor a joining middle character.
#[inline(always)]
fn fast_spans<S: Sink>(b: &[u8], mut i: usize, to: usize, sink: &mut S) {
    let b = &b[..to];
    let n = b.len();
    while i < n {
        if !is_word_class(class(b[i])) {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        loop {
            // Over the word characters, eight bytes at a time while the text lasts.
            loop {
                let Some(chunk) = b.get(i..i + 8) else {
                    while i < n && is_word_class(class(b[i])) {
                        i += 1;
                    }
                    break;
                };
                let mut w = [0u8; 8];
                w.copy_from_slice(chunk);
                let k = word_prefix(u64::from_le_bytes(w));
                i += k;
                if k < 8 {
                    break;
                }
            }
            // `b[i]` ends the word unless it is a middle character between two letters or
            // two digits (whitespace is neither).
            if i + 1 < n {
                let mid = class(b[i]);
                if mid >= MID_BOTH {
                    let (before, after) = (class(b[i - 1]), class(b[i + 1]));
                    let joins = match mid {
                        MID_BOTH => {
                            (before == LETTER && after == LETTER)
                                || (before == DIGIT && after == DIGIT)
                        }
                        MID_LETTER => before == LETTER && after == LETTER,
                        _ => before == DIGIT && after == DIGIT,
                    };
                    if joins {
                        i += 2; // the middle character and the letter/digit after it
                        continue;
                    }
                }
            }
            break;
        }
        // Only a word of underscores has no alphanumeric character (rare: `_` is dropped by
        // cleaning), and it starts with one.
        if b[start] != b'_' || b[start..i].iter().any(|&c| c != b'_') {
            sink.word(start, i);
        }
    }
}

/// How many of the eight bytes of `w` (little-endian: the first byte lowest), from the
/// first, are word characters of the fast path: the same bytes as `is_word_class(class(..))`
/// (letters, digits, `_`, and every non-ASCII byte, which in a fast run belongs to a Latin-1
/// letter). One SWAR pass instead of a loop whose exit is mispredicted at every word's end.
#[inline(always)]
fn word_prefix(w: u64) -> usize {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = LO * 0x80;
    let a = w & !HI; // 7-bit bytes: the sums below never carry into the next byte
    let t = a | (LO * 0x20);
    let letter = (t + LO * (0x80 - 0x61)) & !(t + LO * (0x80 - 0x7B)); // `a..=z` after | 0x20
    let digit = (a + LO * (0x80 - 0x30)) & !(a + LO * (0x80 - 0x3A)); // `0..=9`
    let underscore = !((a ^ (LO * 0x5F)) + LO * 0x7F); // `_`: the xor is 0
    let word = (((letter | digit | underscore) & !w) | w) & HI;
    ((!word & HI).trailing_zeros() / 8) as usize
}

/// Character classes of the fast path (one per byte).
const OTHER: u8 = 0;
/// `A–Z a–z`, and every non-ASCII byte: in a fast run, a byte of a Latin-1 letter.
const LETTER: u8 = 1;
const DIGIT: u8 = 2;
const UNDERSCORE: u8 = 3;
/// ASCII whitespace (space, tab, LF, VT, FF, CR): always a word break.
const SPACE: u8 = 4;
/// Joins two letters or two digits: `'` and `.`.
const MID_BOTH: u8 = 5;
/// Joins two letters only: `:`.
const MID_LETTER: u8 = 6;
/// Joins two digits only: `,` and `;`.
const MID_NUM: u8 = 7;

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
            match b {
                b'_' => UNDERSCORE,
                b'\'' | b'.' => MID_BOTH,
                b':' => MID_LETTER,
                b',' | b';' => MID_NUM,
                _ => OTHER,
            }
        };
        c += 1;
    }
    t
};

#[inline(always)]
fn class(b: u8) -> u8 {
    CLASS[usize::from(b)]
}

#[inline(always)]
fn is_word_class(c: u8) -> bool {
    matches!(c, LETTER | DIGIT | UNDERSCORE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn reference(s: &str) -> Vec<&str> {
        s.unicode_words().collect()
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
        fn word_prefix_agrees_with_the_class_table(w in proptest::num::u64::ANY) {
            let bytes = w.to_le_bytes();
            let expect = bytes.iter().take_while(|&&c| is_word_class(class(c))).count();
            prop_assert_eq!(word_prefix(w), expect);
        }

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
                0..40,
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
                0..40,
            ).prop_map(|v| v.into_iter().collect::<String>())
        ) {
            prop_assert_eq!(words(&s), reference(&s));
        }
    }
}
