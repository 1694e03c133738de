//! Inline keys: a spelling (or a normalised key) of up to 24 bytes held in three `u64`s,
//! so counting tables compare and hash words without following a pointer into the text.

/// A spelling of at most [`SHORT`] bytes stored inline, zero-padded (text never holds NUL:
/// decode rejects it). Comparing two keys is three word compares inside the table, instead of
/// following a pointer into the book text (a cache miss per token), which is most of the cost
/// of counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Short(pub(crate) [u64; 3]);

/// Longest spelling kept inline.
pub(crate) const SHORT: usize = 24;

impl Short {
    #[inline]
    pub(crate) fn new(w: &str) -> Option<Short> {
        let b = w.as_bytes();
        if b.len() > SHORT {
            return None;
        }
        // Built in registers: whole 8-byte words loaded directly, the tail shifted in. (Going
        // through a zeroed buffer costs a store-forwarding stall per token.)
        #[inline]
        fn word(b: &[u8]) -> u64 {
            if let Ok(x) = <[u8; 8]>::try_from(b) {
                return u64::from_le_bytes(x);
            }
            let mut t = 0u64;
            for (i, &c) in b.iter().enumerate() {
                t |= u64::from(c) << (8 * i);
            }
            t
        }
        let n = b.len();
        let out = if n <= 8 {
            [word(b), 0, 0]
        } else if n <= 16 {
            [word(&b[..8]), word(&b[8..]), 0]
        } else {
            [word(&b[..8]), word(&b[8..16]), word(&b[16..])]
        };
        Some(Short(out))
    }

    /// The key of the word `text[start..start + len]`, read as whole 8-byte loads from the
    /// text (the bytes past the word masked off) when the text extends far enough; this
    /// is the per-token path of counting. Same value as [`Short::new`].
    #[inline(always)]
    pub(crate) fn at(text: &[u8], start: usize, len: usize) -> Option<Short> {
        if len > SHORT {
            return None;
        }
        let words = len.div_ceil(8);
        let Some(bytes) = text.get(start..start + words * 8) else {
            return std::str::from_utf8(&text[start..start + len])
                .ok()
                .and_then(Short::new);
        };
        let load = |k: usize| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&bytes[k * 8..k * 8 + 8]);
            u64::from_le_bytes(w)
        };
        // Keeps the first `n` (1..=8) bytes of a word. Each case builds the key in
        // registers: an array indexed at run time would go through memory, and reading it
        // back as a whole stalls on store forwarding.
        let keep = |w: u64, n: usize| w & (u64::MAX >> (64 - 8 * n));
        Some(Short(match words {
            0 => [0, 0, 0],
            1 => [keep(load(0), len), 0, 0],
            2 => [load(0), keep(load(1), len - 8), 0],
            _ => [load(0), load(1), keep(load(2), len - 16)],
        }))
    }

    /// If every byte of the spelling is an ASCII letter: the spelling upper-cased, and
    /// whether it had no upper-case letter. This is what the game policy makes of such a
    /// token (`Policy::normalize_token`: nothing to trim, strip or fold), eight letters at a
    /// time, without building strings.
    #[inline]
    pub(crate) fn ascii_letters_upper(self) -> Option<(Short, bool)> {
        const LO: u64 = 0x0101_0101_0101_0101;
        const HI: u64 = 0x8080_8080_8080_8080;
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        let mut out = [0u64; 3];
        let mut lower = true;
        for (o, &w) in out.iter_mut().zip(&self.0) {
            if w & HI != 0 {
                return None;
            }
            // Per byte (all below 0x80, so no carry crosses a byte): high bit set where the
            // byte is not NUL, and where `byte | 0x20` is in `a..=z`.
            let nonzero = ((w & LOW7) + LOW7) & HI;
            let t = w | (LO * 0x20);
            let letter =
                (t + LO * (0x80 - u64::from(b'a'))) & !(t + LO * (0x80 - u64::from(b'z') - 1)) & HI;
            if letter != nonzero {
                return None;
            }
            let case_bit = letter >> 2; // 0x20 in every letter byte
            lower &= w & case_bit == case_bit;
            *o = w & !case_bit;
        }
        Some((Short(out), lower))
    }

    /// Number of characters: bytes that are not NUL padding or UTF-8 continuation bytes.
    pub(crate) fn chars(self) -> usize {
        let [a, b, c] = self.0;
        if (a | b | c) & 0x8080_8080_8080_8080 == 0 {
            // ASCII: the length is where the zero padding starts.
            let bytes = |w: u64| (64 - w.leading_zeros() as usize).div_ceil(8);
            return if c != 0 {
                16 + bytes(c)
            } else if b != 0 {
                8 + bytes(b)
            } else {
                bytes(a)
            };
        }
        self.0
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .filter(|&b| b != 0 && b & 0xC0 != 0x80)
            .count()
    }

    /// The spelling back as text (`None` cannot happen for keys made by [`Short::new`]).
    pub(crate) fn to_str(self, buf: &mut [u8; SHORT]) -> Option<&str> {
        for (i, w) in self.0.iter().enumerate() {
            buf[i * 8..i * 8 + 8].copy_from_slice(&w.to_le_bytes());
        }
        let len = buf.iter().position(|&c| c == 0).unwrap_or(SHORT);
        std::str::from_utf8(&buf[..len]).ok()
    }
}

impl std::hash::Hash for Short {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.0[0]);
        if self.0[1] != 0 {
            state.write_u64(self.0[1]);
            state.write_u64(self.0[2]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Policy;

    proptest::proptest! {
        #[test]
        fn ascii_letters_upper_is_the_game_policy(w in "[a-zA-Z'.@0-9_`{\\[\\x7f-]{1,24}") {
            let k = Short::new(&w).unwrap();
            let mut key = String::new();
            let policy = Policy::game().normalize_token(&w, &mut key);
            let mut buf = [0u8; SHORT];
            match k.ascii_letters_upper() {
                Some((upper, lower)) => {
                    proptest::prop_assert!(w.bytes().all(|c| c.is_ascii_alphabetic()));
                    proptest::prop_assert_eq!(upper.to_str(&mut buf), Some(key.as_str()));
                    proptest::prop_assert_eq!(Some(lower), policy.map(|t| t.lower_case));
                }
                None => proptest::prop_assert!(!w.bytes().all(|c| c.is_ascii_alphabetic())),
            }
        }
    }
}
