//! The tokenizer's fast path as bitmasks: 64 bytes of a fast run classified at once (SSE2 on
//! x86_64), their word bytes found with shifts and masks, and the words read off as the
//! places where the mask changes.
//!
//! This replaces a byte-at-a-time loop whose per-token branches (skip the gap, scan the word,
//! test the middle character) cost ~70 instructions and a mispredicted exit per token
//! (cachegrind on the shared corpus; see docs/ingest-performance.md). The rules are
//! those of [`crate::ingest::tokenize`]'s fast path, written per byte `i` of a block:
//!
//! - a word byte is a letter (`A–Z a–z`, or any non-ASCII byte, which in a fast run belongs to
//!   a Latin-1 letter), a digit or `_` (UAX #29 WB5, WB8–WB10, WB13a/b);
//! - or a middle character joining its two neighbours: `'` `.` between two letters or two
//!   digits, `:` between two letters, `,` `;` between two digits (WB6/WB7, WB11/WB12).
//!
//! The neighbours of a block's first and last byte come from the blocks around it, so the
//! result does not depend on where blocks start.

/// Per-byte classes of one block of up to 64 bytes: bit `i` describes byte `i` (bits past the
/// block's end are zero).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Classes {
    /// Letters: `A–Z a–z` and every byte ≥ 0x80.
    pub(crate) letter: u64,
    /// `0–9`.
    pub(crate) digit: u64,
    /// `_`.
    pub(crate) underscore: u64,
    /// `'` and `.`: join two letters or two digits.
    pub(crate) mid_both: u64,
    /// `:`: joins two letters.
    pub(crate) mid_letter: u64,
    /// `,` and `;`: join two digits.
    pub(crate) mid_num: u64,
}

/// Classifies a block of 64 bytes.
#[inline(always)]
pub(crate) fn classify(block: &[u8; 64]) -> Classes {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        classify_sse2(block)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        classify_scalar(block)
    }
}

/// [`classify`], a byte at a time: the definition (and the path off x86_64).
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
pub(crate) fn classify_scalar(block: &[u8]) -> Classes {
    let mut c = Classes::default();
    for (i, &b) in block.iter().enumerate().take(64) {
        let bit = 1u64 << i;
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | 0x80..=0xFF => c.letter |= bit,
            b'0'..=b'9' => c.digit |= bit,
            b'_' => c.underscore |= bit,
            b'\'' | b'.' => c.mid_both |= bit,
            b':' => c.mid_letter |= bit,
            b',' | b';' => c.mid_num |= bit,
            _ => {}
        }
    }
    c
}

/// [`classify`] with SSE2, 16 bytes per step.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
fn classify_sse2(block: &[u8; 64]) -> Classes {
    use std::arch::x86_64::*;
    let mut c = Classes::default();
    for k in 0..4 {
        // SAFETY: SSE2 is enabled (the `cfg` above: part of the x86_64 baseline), and the
        // load reads bytes `16k..16k + 16` of a 64-byte array (unaligned load).
        unsafe {
            let x = _mm_loadu_si128(block.as_ptr().add(16 * k).cast());
            let eq = |b: u8| _mm_cmpeq_epi8(x, _mm_set1_epi8(b as i8));
            let bits = |v: __m128i| u64::from(_mm_movemask_epi8(v) as u16) << (16 * k);
            // Unsigned range tests as signed compares: `x + (0x80 - lo)` wraps the range
            // `lo..lo + n` onto `-128..-128 + n`. (`| 0x20` folds upper case onto lower
            // case; bytes ≥ 0x80 land outside both ranges and are letters by their high
            // bit.)
            let lower = _mm_or_si128(x, _mm_set1_epi8(0x20));
            let letter = _mm_cmplt_epi8(
                _mm_add_epi8(lower, _mm_set1_epi8((0x80u8 - b'a') as i8)),
                _mm_set1_epi8(-128 + 26),
            );
            let digit = _mm_cmplt_epi8(
                _mm_add_epi8(x, _mm_set1_epi8((0x80u8 - b'0') as i8)),
                _mm_set1_epi8(-128 + 10),
            );
            c.letter |= bits(_mm_or_si128(letter, x));
            c.digit |= bits(digit);
            c.underscore |= bits(eq(b'_'));
            c.mid_both |= bits(_mm_or_si128(eq(b'\''), eq(b'.')));
            c.mid_letter |= bits(eq(b':'));
            c.mid_num |= bits(_mm_or_si128(eq(b','), eq(b';')));
        }
    }
    c
}

/// What a block needs to know of the bytes around it: whether the byte before its first is
/// a letter, a digit, a word byte; whether the byte after its last is a letter, a digit.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Edges {
    pub(crate) letter_before: bool,
    pub(crate) digit_before: bool,
    pub(crate) word_before: bool,
    pub(crate) letter_after: bool,
    pub(crate) digit_after: bool,
}

/// The word bytes of a block (see the module docs).
#[inline(always)]
pub(crate) fn word_bytes(c: &Classes, e: &Edges) -> u64 {
    let letter_before = c.letter << 1 | u64::from(e.letter_before);
    let letter_after = c.letter >> 1 | u64::from(e.letter_after) << 63;
    let digit_before = c.digit << 1 | u64::from(e.digit_before);
    let digit_after = c.digit >> 1 | u64::from(e.digit_after) << 63;
    let between_letters = letter_before & letter_after;
    let between_digits = digit_before & digit_after;
    c.letter
        | c.digit
        | c.underscore
        | c.mid_both & (between_letters | between_digits)
        | c.mid_letter & between_letters
        | c.mid_num & between_digits
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn sse2_classes_agree_with_the_definition(v in proptest::collection::vec(any::<u8>(), 64)) {
            let block: [u8; 64] = v.as_slice().try_into().unwrap();
            prop_assert_eq!(classify(&block), classify_scalar(&block));
        }
    }

    #[test]
    fn middle_characters_join_only_between_their_kind() {
        let text = b"a'b 1'2 a.b 1.2 a:b 1:2 a,b 1,2 a;b 1;2 a'1 '' x_";
        let mut block = [0u8; 64];
        block[..text.len()].copy_from_slice(text);
        let w = word_bytes(&classify(&block), &Edges::default());
        let shown: String = (0..text.len())
            .map(|i| {
                if w >> i & 1 == 1 {
                    text[i] as char
                } else {
                    ' '
                }
            })
            .collect();
        assert_eq!(shown, "a'b 1'2 a.b 1.2 a:b 1 2 a b 1,2 a b 1;2 a 1    x_");
    }
}
