//! UAX #29 words, fast: an exact ASCII fast path, with `unicode-segmentation` for the rest.
//!
//! [`for_each_word`] yields exactly the words `unicode_segmentation::UnicodeSegmentation::
//! unicode_words` yields (word-boundary segments holding at least one alphanumeric character),
//! in order, as slices of the input. The text is cut at ASCII whitespace, where UAX #29 always
//! breaks; a run between two cuts that is pure ASCII is segmented here with the ASCII subset of
//! the UAX #29 rules (below), and any other run is handed to `unicode-segmentation`.
//!
//! The ASCII rules (Unicode UAX #29, "Word Boundary Rules", restricted to ASCII):
//! - letters `A–Z a–z` are ALetter, digits are Numeric, `_` is ExtendNumLet (WB5, WB8–WB10,
//!   WB13a/b: no break between any two of these);
//! - `'` and `.` (MidNumLetQ) and `:` (MidLetter) join two letters (WB6/WB7);
//! - `'`, `.`, `,` and `;` (MidNum/MidNumLetQ) join two digits (WB11/WB12);
//! - everything else is a break.
//!
//! A proptest checks the fast path against `unicode-segmentation` on arbitrary ASCII.

use unicode_segmentation::UnicodeSegmentation;

/// Calls `f` with every UAX #29 word of `text`, in order (see the module docs).
///
/// One pass over the bytes: a run between ASCII whitespace is segmented by the ASCII rules
/// while it is scanned, its words held back (up to `HELD` of them) until the run is known
/// to be pure ASCII; a run with a non-ASCII byte goes to `unicode-segmentation` whole. The
/// result is exactly that of splitting at whitespace first and then segmenting each run.
#[inline]
pub fn for_each_word<'a>(text: &'a str, mut f: impl FnMut(&'a str)) {
    let b = text.as_bytes();
    let n = b.len();
    let mut i = 0;
    let mut held = [(0usize, 0usize); HELD];
    'runs: while i < n {
        // Skip ASCII whitespace: always a word break, never part of a word.
        while i < n && class(b[i]) == SPACE {
            i += 1;
        }
        if i >= n {
            break;
        }
        let run = i;
        let mut found = 0usize;
        while i < n {
            let mut c = class(b[i]);
            if c == SPACE {
                break;
            }
            if c == NON_ASCII {
                // Not pure ASCII: the whole run goes to unicode-segmentation.
                while i < n && class(b[i]) != SPACE {
                    i += 1;
                }
                // `run..i` lies between ASCII bytes (or the ends), so on char boundaries.
                for w in text[run..i].unicode_words() {
                    f(w);
                }
                continue 'runs;
            }
            if !is_word_class(c) {
                i += 1;
                continue;
            }
            let start = i;
            let mut alnum = false;
            loop {
                alnum |= c != UNDERSCORE;
                i += 1;
                if i >= n {
                    break;
                }
                let next = class(b[i]);
                if is_word_class(next) {
                    c = next;
                    continue;
                }
                // A mid character continues the word only between two letters or two
                // digits (whitespace and non-ASCII bytes are neither).
                let after = if i + 1 < n { class(b[i + 1]) } else { OTHER };
                let joins = match next {
                    MID_BOTH => (c == LETTER && after == LETTER) || (c == DIGIT && after == DIGIT),
                    MID_LETTER => c == LETTER && after == LETTER,
                    MID_NUM => c == DIGIT && after == DIGIT,
                    _ => false,
                };
                if joins {
                    i += 1; // the mid character; the letter/digit after it continues the word
                    c = after;
                } else {
                    break;
                }
            }
            if alnum {
                if found < HELD {
                    held[found] = (start, i);
                }
                found += 1;
            }
        }
        // A pure ASCII run ends here (at whitespace or the end of the text).
        if found <= HELD {
            for &(s, e) in &held[..found] {
                f(&text[s..e]);
            }
        } else {
            ascii_words(&text[run..i], &mut f);
        }
    }
}

/// Words of one run held back by [`for_each_word`] until the run is known to be ASCII; a run
/// with more words (rare: `a-b-c-d-e-f-g-h-i`) is segmented again with `ascii_words`.
const HELD: usize = 8;

/// The words of `text` as a vector (convenience for tests and small inputs).
pub fn words(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for_each_word(text, |w| out.push(w));
    out
}

/// Character classes of the ASCII fast path.
const OTHER: u8 = 0;
const LETTER: u8 = 1;
const DIGIT: u8 = 2;
const UNDERSCORE: u8 = 3;
/// Joins two letters or two digits: `'` and `.`.
const MID_BOTH: u8 = 4;
/// Joins two letters only: `:`.
const MID_LETTER: u8 = 5;
/// Joins two digits only: `,` and `;`.
const MID_NUM: u8 = 6;
/// ASCII whitespace (space, tab, LF, VT, FF, CR): always a word break.
const SPACE: u8 = 7;
/// Any byte of a non-ASCII character.
const NON_ASCII: u8 = 8;

static CLASS: [u8; 256] = {
    let mut t = [NON_ASCII; 256];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = if matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) {
            SPACE
        } else if b.is_ascii_alphabetic() {
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

#[inline]
fn class(b: u8) -> u8 {
    CLASS[usize::from(b)]
}

#[inline]
fn is_word_class(c: u8) -> bool {
    matches!(c, LETTER | DIGIT | UNDERSCORE)
}

/// UAX #29 words of a pure-ASCII string without whitespace.
#[inline]
fn ascii_words<'a>(run: &'a str, f: &mut impl FnMut(&'a str)) {
    let b = run.as_bytes();
    let n = b.len();
    let mut i = 0;
    while i < n {
        if !is_word_class(class(b[i])) {
            i += 1;
            continue;
        }
        let start = i;
        let mut alnum = false;
        loop {
            let c = class(b[i]);
            alnum |= c != UNDERSCORE;
            i += 1;
            if i >= n {
                break;
            }
            let next = class(b[i]);
            if is_word_class(next) {
                continue;
            }
            // A mid character continues the word only between two letters or two digits.
            let joins = i + 1 < n && {
                let after = class(b[i + 1]);
                match next {
                    MID_BOTH => (c == LETTER && after == LETTER) || (c == DIGIT && after == DIGIT),
                    MID_LETTER => c == LETTER && after == LETTER,
                    MID_NUM => c == DIGIT && after == DIGIT,
                    _ => false,
                }
            };
            if joins {
                i += 1; // the mid character; the loop continues at the letter/digit after it
            } else {
                break;
            }
        }
        if alnum {
            f(&run[start..i]);
        }
    }
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
                    2 => proptest::sample::select(vec!['\'', '.', ',', '1', ' ', '\n', '-', '_']),
                    2 => proptest::sample::select(vec!['é', 'ß', '’', '‘', '—', '\u{a0}', 'α', '\u{301}', '»', 'ﬁ', '\u{ad}']),
                ],
                0..40,
            ).prop_map(|v| v.into_iter().collect::<String>())
        ) {
            prop_assert_eq!(words(&s), reference(&s));
        }
    }
}
