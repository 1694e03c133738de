//! [`NotText`]: what a file that is no text script looks like, so that every game refuses
//! it by the right name: UTF-16 text only when its bytes say so (a byte-order mark, or a NUL
//! at every other byte), else a binary file.
//!
//! ```
//! use folio_core::script::NotText;
//!
//! assert_eq!(NotText::of(b"\xFF\xFE#\0g\0").to_string(), "UTF-16 text (little-endian)");
//! assert_eq!(NotText::of(b"\x7fELF\x02\x01\x01\0\0\0\x9c\x13").to_string(), "binary file");
//! ```

use std::borrow::Cow;
use std::fmt;

use crate::script::Loc;

/// What bytes that are not a text script (they hold a NUL byte, or are not UTF-8) are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotText {
    /// UTF-16 text: a byte-order mark (`FF FE`, `FE FF`), or in its first 512 bytes nine
    /// pairs in ten or more with a NUL in one place and not the other (Latin letters).
    Utf16 {
        /// Big-endian (`FE FF`, NUL first).
        big_endian: bool,
    },
    /// Anything else: an executable, an archive, random bytes.
    Binary,
}

impl NotText {
    /// What `bytes` look like (to be asked of bytes already found not to be text).
    pub fn of(bytes: &[u8]) -> NotText {
        if bytes.starts_with(b"\xFF\xFE") {
            return NotText::Utf16 { big_endian: false };
        }
        if bytes.starts_with(b"\xFE\xFF") {
            return NotText::Utf16 { big_endian: true };
        }
        match utf16_by_nuls(bytes) {
            Some(big_endian) => NotText::Utf16 { big_endian },
            None => NotText::Binary,
        }
    }

    /// The message refusing `bytes`, which are not UTF-8 text without NUL bytes, as a
    /// script of a game whose scripts are UTF-8 (`what`: `a KenKen session`): `UTF-16 text
    /// (little-endian), not a KenKen session: a KenKen session is UTF-8 text; convert it
    /// first (…)`, `binary file (a NUL byte), not …`, or `invalid UTF-8, not …` for text
    /// in another encoding.
    pub fn refusal(bytes: &[u8], what: &str) -> String {
        let looks = NotText::of(bytes);
        let why = match looks {
            NotText::Utf16 { .. } => looks.to_string(),
            NotText::Binary if bytes.contains(&0) => format!("{looks} (a NUL byte)"),
            NotText::Binary => "invalid UTF-8".to_string(),
        };
        format!("{why}, not {what}: {what} is UTF-8 text{}", looks.hint())
    }

    /// What to do about it, to end a message: how to convert UTF-16 text, nothing for a
    /// binary file.
    pub fn hint(self) -> &'static str {
        match self {
            NotText::Utf16 { .. } => "; convert it first (iconv -f UTF-16 -t UTF-8)",
            NotText::Binary => "",
        }
    }
}

/// Where bytes stop being a text script: what every game's `binary-input` finding points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextStop<'a> {
    /// The byte offset of the first NUL byte, or with none of the first byte that is not
    /// UTF-8.
    pub offset: usize,
    /// Its line and column: the column counts the characters before it on its line, an
    /// invalid byte sequence as one (as `String::from_utf8_lossy` shows it).
    pub loc: Loc,
    /// The text of its line before it (decoded lossily).
    pub before: Cow<'a, str>,
}

/// Where `bytes` stop being text ([`TextStop`]); `None` for UTF-8 text without a NUL byte.
///
/// ```
/// use folio_core::script::{text_stop, Loc};
///
/// // The NUL at column 2, not the invalid byte at column 4.
/// let stop = text_stop(b"a\0b\xffc\n").unwrap();
/// assert_eq!((stop.offset, stop.loc), (1, Loc::new(1, 2)));
/// assert_eq!(text_stop(b"ok\nx\xff").unwrap().loc, Loc::new(2, 2));
/// assert_eq!(text_stop(b"fine\n"), None);
/// ```
pub fn text_stop(bytes: &[u8]) -> Option<TextStop<'_>> {
    let offset = match bytes.iter().position(|&b| b == 0) {
        Some(at) => at,
        None => std::str::from_utf8(bytes).err()?.valid_up_to(),
    };
    let before = &bytes[..offset];
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let text = String::from_utf8_lossy(&before[start..]);
    let col = text.chars().count() + 1;
    Some(TextStop {
        offset,
        loc: Loc::new(
            u32::try_from(line).unwrap_or(u32::MAX),
            u32::try_from(col).unwrap_or(u32::MAX),
        ),
        before: text,
    })
}

/// `UTF-16 text (little-endian)` or `binary file`.
impl fmt::Display for NotText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotText::Utf16 { big_endian: false } => f.write_str("UTF-16 text (little-endian)"),
            NotText::Utf16 { big_endian: true } => f.write_str("UTF-16 text (big-endian)"),
            NotText::Binary => f.write_str("binary file"),
        }
    }
}

/// Whether `bytes` look like UTF-16 without a byte-order mark: in their first 512 bytes,
/// taken in pairs (at least 4), nine in ten or more have a NUL in one place (the high byte
/// of a Latin-1 character) and not in the other. `Some(true)`: big-endian (NUL first).
pub fn utf16_by_nuls(bytes: &[u8]) -> Option<bool> {
    let head = &bytes[..bytes.len().min(512) & !1];
    let pairs = head.len() / 2;
    if pairs < 4 {
        return None;
    }
    let (mut le, mut be) = (0, 0);
    for p in head.chunks_exact(2) {
        match (p[0], p[1]) {
            (0, 0) => {}
            (_, 0) => le += 1,
            (0, _) => be += 1,
            _ => {}
        }
    }
    if le * 10 >= pairs * 9 {
        Some(false)
    } else if be * 10 >= pairs * 9 {
        Some(true)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(text: &str, big_endian: bool, bom: bool) -> Vec<u8> {
        let mut out = Vec::new();
        let units = bom.then_some(0xFEFF).into_iter().chain(text.encode_utf16());
        for u in units {
            out.extend(if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            });
        }
        out
    }

    #[test]
    fn utf16_is_said_only_when_the_bytes_are_utf16() {
        let text = "#game boggle\n#board PERS/LATG/SINE/TERS\n";
        for (be, bom) in [(false, true), (true, true), (false, false), (true, false)] {
            assert_eq!(
                NotText::of(&utf16(text, be, bom)),
                NotText::Utf16 { big_endian: be },
                "be {be}, bom {bom}"
            );
        }
        // Random-looking bytes with NULs here and there, and an ELF header: binary.
        let noise: Vec<u8> = (0u32..5000)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        assert_eq!(NotText::of(&noise), NotText::Binary);
        assert_eq!(
            NotText::of(b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0"),
            NotText::Binary
        );
        assert_eq!(NotText::of(b"a\0"), NotText::Binary);
        assert_eq!(NotText::Binary.hint(), "");
        let session = "a KenKen session";
        assert_eq!(
            NotText::refusal(&utf16(text, false, true), session),
            "UTF-16 text (little-endian), not a KenKen session: a KenKen session is UTF-8 \
             text; convert it first (iconv -f UTF-16 -t UTF-8)"
        );
        assert!(NotText::refusal(&noise, session).starts_with("binary file (a NUL byte), not"));
        assert!(NotText::refusal(b"caf\xe9\n", session).starts_with("invalid UTF-8, not"));
        assert!(NotText::Utf16 { big_endian: false }
            .hint()
            .contains("iconv"));
    }
}
