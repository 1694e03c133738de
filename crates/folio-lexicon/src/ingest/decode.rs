//! Bytes of a book → text: UTF-8 (BOM dropped), UTF-16 with a byte-order mark (as Windows
//! editors save "Unicode" text), else Windows-1252 line by line; NUL bytes mean binary.
//!
//! A file that is not UTF-8 as a whole is read a line at a time (LF, CR or CRLF ends a
//! line): a line that is valid UTF-8 stays UTF-8, only a line that is not is read as
//! Windows-1252, as `folio words import` reads a list. One Latin-1 `café` pasted into a UTF-8
//! book must not turn every `’` of it into `â€™` and every `naïve` into `naÃ¯ve` (a
//! whole-file fallback once made WHALEA, DONA and VE of `whale’s`, `don’t` and `naïve`).
//!
//! Source: `../shared/docs/tokenization.md` pitfall 1. Project Gutenberg files come as UTF-8,
//! UTF-8 with a BOM, ISO-8859-1 (`-8.txt`) and Windows-1252 copies. Windows-1252 is a superset
//! of ISO-8859-1 for printable text and puts smart quotes and dashes at 0x80–0x9F, where
//! ISO-8859-1 has C1 controls (which no book uses), so decoding every non-UTF-8 file as
//! Windows-1252 (encoding_rs) is right for both. What we *report* tells them apart: a file
//! with bytes in 0x80–0x9F is `windows-1252`, one without is `iso-8859-1`.

use std::borrow::Cow;

/// The encoding a book was found to be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Encoding {
    /// Only bytes below 0x80 (so also valid UTF-8).
    #[serde(rename = "ascii")]
    Ascii,
    /// Valid UTF-8 without a byte-order mark.
    #[serde(rename = "utf-8")]
    Utf8,
    /// Valid UTF-8 after a byte-order mark (dropped).
    #[serde(rename = "utf-8-bom")]
    Utf8Bom,
    /// Not UTF-8, with bytes in 0x80–0x9F: decoded as Windows-1252.
    #[serde(rename = "windows-1252")]
    Windows1252,
    /// Not UTF-8, no bytes in 0x80–0x9F: ISO-8859-1 (decoded as Windows-1252, identical there).
    #[serde(rename = "iso-8859-1")]
    Iso8859_1,
    /// UTF-16, little-endian, after a byte-order mark `FF FE` (dropped).
    #[serde(rename = "utf-16le")]
    Utf16Le,
    /// UTF-16, big-endian, after a byte-order mark `FE FF` (dropped).
    #[serde(rename = "utf-16be")]
    Utf16Be,
    /// Not UTF-8 as a whole, but some lines with non-ASCII characters are: those read as
    /// UTF-8, the lines that are not as Windows-1252 (the name `folio words import` reports
    /// for such a list).
    #[serde(rename = "utf-8+windows-1252")]
    Utf8Windows1252,
}

impl Encoding {
    /// The name used in manifests and messages (`utf-8`, `windows-1252`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Ascii => "ascii",
            Encoding::Utf8 => "utf-8",
            Encoding::Utf8Bom => "utf-8-bom",
            Encoding::Windows1252 => "windows-1252",
            Encoding::Iso8859_1 => "iso-8859-1",
            Encoding::Utf16Le => "utf-16le",
            Encoding::Utf16Be => "utf-16be",
            Encoding::Utf8Windows1252 => "utf-8+windows-1252",
        }
    }

    /// Whether the bytes were not UTF-8 and had to be decoded as a single-byte code page
    /// (ingest warns about it, naming the file).
    pub fn is_fallback(self) -> bool {
        matches!(
            self,
            Encoding::Windows1252 | Encoding::Iso8859_1 | Encoding::Utf8Windows1252
        )
    }
}

/// Why bytes could not be decoded as a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotText {
    /// No bytes at all (or only a BOM).
    Empty,
    /// A NUL byte at this offset: a binary file, not a book.
    Binary {
        /// Byte offset of the first NUL.
        offset: usize,
    },
}

/// A text in UTF-16 with a byte-order mark, converted to UTF-8 with its encoding; `None`
/// without a mark. UTF-16 is only recognised by its mark: without one, its NUL bytes make it
/// binary (guessing would misread real binaries). Unpaired surrogates (or an odd last byte)
/// become U+FFFD, as for any decoder.
///
/// # Errors
/// `Some(Err(offset))` when the text holds a NUL character: the byte offset of its first
/// code unit in `bytes`.
pub fn utf16_with_bom(bytes: &[u8]) -> Option<Result<(String, Encoding), usize>> {
    let (codec, enc) = match bytes.get(..2)? {
        [0xFF, 0xFE] => (encoding_rs::UTF_16LE, Encoding::Utf16Le),
        [0xFE, 0xFF] => (encoding_rs::UTF_16BE, Encoding::Utf16Be),
        _ => return None,
    };
    let (text, _) = codec.decode_without_bom_handling(&bytes[2..]);
    Some(match text.find('\0') {
        // The mark, then two bytes a UTF-16 code unit.
        Some(at) => Err(2 + 2 * text[..at].chars().map(char::len_utf16).sum::<usize>()),
        None => Ok((text.into_owned(), enc)),
    })
}

/// What is wrong in a UTF-16 text: each place became U+FFFD when it was decoded
/// ([`utf16_with_bom`]), so ingest warns about it as about any text it had to guess at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Utf16Errors {
    /// Byte offset (in the file, the byte-order mark included) of the first malformed place.
    pub offset: usize,
    /// What the first one is.
    pub first: Utf16Error,
    /// How many places were replaced in all.
    pub count: usize,
}

/// One malformed place of a UTF-16 text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Utf16Error {
    /// A high surrogate not followed by a low one, or a low one alone.
    UnpairedSurrogate,
    /// An odd byte at the end: half a code unit.
    OddFinalByte,
}

impl Utf16Error {
    /// The words used in warnings (`an unpaired surrogate`).
    pub fn describe(self) -> &'static str {
        match self {
            Utf16Error::UnpairedSurrogate => "an unpaired surrogate",
            Utf16Error::OddFinalByte => "an odd final byte (half a code unit)",
        }
    }
}

/// The malformed places of UTF-16 text with a byte-order mark (`None` when there are none,
/// or `bytes` have no mark): unpaired surrogates and an odd final byte. One pass over the
/// code units, made only for UTF-16 books (rare), so the common path pays nothing.
pub fn utf16_errors(bytes: &[u8]) -> Option<Utf16Errors> {
    let big_endian = match bytes.get(..2)? {
        [0xFF, 0xFE] => false,
        [0xFE, 0xFF] => true,
        _ => return None,
    };
    let body = &bytes[2..];
    let pairs = body.chunks_exact(2);
    let odd = !pairs.remainder().is_empty();
    let units = pairs.map(|p| {
        let b = [p[0], p[1]];
        if big_endian {
            u16::from_be_bytes(b)
        } else {
            u16::from_le_bytes(b)
        }
    });
    let (mut at, mut first, mut count) = (0usize, None, 0usize);
    for c in char::decode_utf16(units) {
        match c {
            Ok(c) => at += c.len_utf16(),
            Err(_) => {
                // An error takes one unit: a high surrogate before a non-low unit leaves
                // that unit to be decoded on its own, as encoding_rs does.
                first.get_or_insert(2 + 2 * at);
                count += 1;
                at += 1;
            }
        }
    }
    let (offset, kind) = match first {
        Some(offset) => (offset, Utf16Error::UnpairedSurrogate),
        None if odd => (bytes.len() - 1, Utf16Error::OddFinalByte),
        None => return None,
    };
    Some(Utf16Errors {
        offset,
        first: kind,
        count: count + usize::from(odd),
    })
}

/// Whether bytes that are not text (they hold NUL bytes) look like UTF-16 without a
/// byte-order mark: in their first 512 bytes, taken in pairs, nine in ten pairs or more have
/// a NUL in one place (the high byte of a Latin-1 character) and not in the other. Only a
/// hint for the message: such a file is still not read (UTF-16 is recognised by its mark).
pub fn looks_like_utf16(bytes: &[u8]) -> Option<Encoding> {
    folio_core::script::not_text::utf16_by_nuls(bytes).map(|big_endian| {
        if big_endian {
            Encoding::Utf16Be
        } else {
            Encoding::Utf16Le
        }
    })
}

/// Decodes a book's bytes (see the module docs). Line endings are left as they are: every
/// later step treats `\r` as whitespace.
///
/// # Errors
/// [`NotText::Empty`] for an empty file, [`NotText::Binary`] when it holds a NUL byte (a NUL
/// character, in UTF-16).
pub fn decode(bytes: &[u8]) -> Result<(Cow<'_, str>, Encoding), NotText> {
    decode_detailed(bytes).map(|d| (d.text, d.encoding))
}

/// A book's text as [`decode_detailed`] gives it.
#[derive(Debug)]
pub struct Decoded<'a> {
    /// The text (borrowed when the bytes were UTF-8).
    pub text: Cow<'a, str>,
    /// The encoding found.
    pub encoding: Encoding,
    /// For bytes that were not UTF-8 as a whole, which lines were not (offsets from the
    /// end of a BOM); `None` otherwise.
    pub lines: Option<NonUtf8Lines>,
}

/// [`decode`], with what a warning about a text read line by line needs: the lines that
/// were not UTF-8, found by the same pass that decoded them.
///
/// # Errors
/// As [`decode`].
pub fn decode_detailed(bytes: &[u8]) -> Result<Decoded<'_>, NotText> {
    let plain = |text, encoding| Decoded {
        text,
        encoding,
        lines: None,
    };
    if let Some(utf16) = utf16_with_bom(bytes) {
        let (text, enc) = utf16.map_err(|offset| NotText::Binary { offset })?;
        if text.chars().all(char::is_whitespace) {
            return Err(NotText::Empty);
        }
        return Ok(plain(Cow::Owned(text), enc));
    }
    // One pass for both questions (the offset is only looked for in binary files).
    let (nul, high) = nul_and_high(bytes);
    if nul {
        let offset = bytes.iter().position(|&b| b == 0).unwrap_or(0);
        return Err(NotText::Binary { offset });
    }
    let (body, bom) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => (rest, true),
        None => (bytes, false),
    };
    if body.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(NotText::Empty);
    }
    // simdutf8 (AVX2/SSE4.2 when the CPU has them): the same answer as `str::from_utf8`,
    // several times faster on book text (~3% of a run's CPU with std's).
    match simdutf8::basic::from_utf8(body) {
        Ok(text) => {
            let enc = if bom {
                Encoding::Utf8Bom
            } else if !high {
                // (No BOM: `body` is all of `bytes`.)
                Encoding::Ascii
            } else {
                Encoding::Utf8
            };
            Ok(plain(Cow::Borrowed(text), enc))
        }
        Err(_) => {
            let (text, lines) = by_lines(body);
            let enc = if lines.utf8_non_ascii > 0 {
                Encoding::Utf8Windows1252
            } else if body.iter().any(|b| (0x80..0xA0).contains(b)) {
                Encoding::Windows1252
            } else {
                Encoding::Iso8859_1
            };
            Ok(Decoded {
                text: Cow::Owned(text),
                encoding: enc,
                lines: Some(lines),
            })
        }
    }
}

/// `bytes` (not UTF-8 as a whole) as text, line by line: a valid UTF-8 line as it is, any
/// other as Windows-1252; and what [`non_utf8_lines`] says of them, from the same pass.
/// UTF-8 validity holds or fails per line because lines end at ASCII bytes, which never sit
/// inside a UTF-8 sequence.
fn by_lines(bytes: &[u8]) -> (String, NonUtf8Lines) {
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
    let mut lines = NonUtf8Lines::default();
    let mut at = 0;
    for (i, line) in line_spans(bytes).enumerate() {
        match std::str::from_utf8(line) {
            Ok(t) => {
                lines.utf8_non_ascii += usize::from(!t.is_ascii());
                text.push_str(t);
            }
            Err(e) => {
                if lines.count == 0 {
                    lines.first_line = i + 1;
                    lines.first_offset = at + e.valid_up_to();
                }
                lines.count += 1;
                let (t, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(line);
                text.push_str(&t);
            }
        }
        at += line.len();
    }
    (text, lines)
}

/// The lines of `bytes`, each with its line end (LF, CR or CRLF).
fn line_spans(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = bytes;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = match rest.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) if rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n') => i + 2,
            Some(i) => i + 1,
            None => rest.len(),
        };
        let (line, tail) = rest.split_at(end);
        rest = tail;
        Some(line)
    })
}

/// Where a text that is not UTF-8 as a whole is not: what the warning about it says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NonUtf8Lines {
    /// Lines that are not valid UTF-8 (read as Windows-1252).
    pub count: usize,
    /// The first such line, from 1 (LF, CR and CRLF each end a line).
    pub first_line: usize,
    /// The byte offset of its first byte that is not UTF-8, in the bytes given.
    pub first_offset: usize,
    /// Lines with non-ASCII characters that are valid UTF-8 (read as UTF-8).
    pub utf8_non_ascii: usize,
}

/// Counts the lines of `bytes` that are not valid UTF-8, and those that are with a non-ASCII
/// character (see [`NonUtf8Lines`]). For a file with a BOM, give the bytes after it (the
/// offset is then from the BOM's end).
pub fn non_utf8_lines(bytes: &[u8]) -> NonUtf8Lines {
    by_lines(bytes).1
}

/// Whether `bytes` hold a NUL byte, and whether one of 0x80 or more, in one pass eight bytes
/// at a time: a book's bytes were read three times (a NUL search, the UTF-8 check and an
/// ASCII check) and are now read twice.
fn nul_and_high(bytes: &[u8]) -> (bool, bool) {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let (mut zero, mut high) = (0u64, 0u64);
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        let w = u64::from_le_bytes(w);
        // Non-zero exactly when some byte is zero (a borrow starts at the lowest zero byte).
        zero |= w.wrapping_sub(LO) & !w & HI;
        high |= w & HI;
    }
    let rest = chunks.remainder();
    (
        zero != 0 || rest.contains(&0),
        high != 0 || rest.iter().any(|&b| b >= 0x80),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nul_and_high_bytes_found_anywhere() {
        for len in 0..40 {
            let plain = vec![b'a'; len];
            assert_eq!(nul_and_high(&plain), (false, false), "{len}");
            for at in 0..len {
                for (byte, expect) in [
                    (0u8, (true, false)),
                    (0x80, (false, true)),
                    (0xFF, (false, true)),
                    (0x01, (false, false)),
                ] {
                    let mut b = plain.clone();
                    b[at] = byte;
                    assert_eq!(nul_and_high(&b), expect, "{len} {at} {byte:x}");
                }
            }
        }
        // A zero byte next to high bytes (the borrow trick must not miss or invent one).
        assert_eq!(
            nul_and_high(&[0x80, 0, 0x80, 1, 2, 3, 4, 5, 6]),
            (true, true)
        );
        assert_eq!(
            nul_and_high(&[0x80, 0x01, 0x80, 1, 2, 3, 4, 5]),
            (false, true)
        );
    }

    #[test]
    fn utf8_with_bom_drops_the_bom() {
        let (t, e) = decode(b"\xEF\xBB\xBFTitle\r\n").unwrap();
        assert_eq!(t, "Title\r\n");
        assert_eq!(e, Encoding::Utf8Bom);
    }

    #[test]
    fn names_in_manifests() {
        for e in [
            Encoding::Ascii,
            Encoding::Utf8,
            Encoding::Utf8Bom,
            Encoding::Windows1252,
            Encoding::Iso8859_1,
            Encoding::Utf16Le,
            Encoding::Utf16Be,
            Encoding::Utf8Windows1252,
        ] {
            assert_eq!(
                serde_json::to_string(&e).unwrap(),
                format!("\"{}\"", e.name())
            );
        }
    }

    #[test]
    fn utf16_with_a_bom_is_decoded_and_without_one_is_binary() {
        let text = "Café ‘tea’\r\n";
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(
            decode(&le).unwrap(),
            (Cow::Borrowed(text), Encoding::Utf16Le)
        );
        assert_eq!(
            decode(&be).unwrap(),
            (Cow::Borrowed(text), Encoding::Utf16Be)
        );
        assert_eq!(decode(&le[2..]), Err(NotText::Binary { offset: 1 }));
        assert_eq!(decode(&[0xFF, 0xFE]), Err(NotText::Empty));
        assert_eq!(
            decode(&[0xFF, 0xFE, b'a', 0, 0, 0]),
            Err(NotText::Binary { offset: 4 })
        );
    }

    /// Every place [`utf16_errors`] finds is one U+FFFD of the decoded text, the first at
    /// its byte offset; well-formed UTF-16 has none.
    #[test]
    fn malformed_utf16_is_found_where_it_was_replaced() {
        let le = |units: &[u16]| -> Vec<u8> {
            [0xFF, 0xFE]
                .into_iter()
                .chain(units.iter().flat_map(|u| u.to_le_bytes()))
                .collect()
        };
        let good: Vec<u16> = "Café 😀 tea".encode_utf16().collect();
        assert_eq!(utf16_errors(&le(&good)), None);
        assert_eq!(utf16_errors(b"plain text"), None);
        // An odd final byte.
        let mut odd = le(&good);
        odd.push(b'x');
        assert_eq!(
            utf16_errors(&odd),
            Some(Utf16Errors {
                offset: odd.len() - 1,
                first: Utf16Error::OddFinalByte,
                count: 1
            })
        );
        // A lone high surrogate before a letter, then a lone low one at the end; an odd
        // byte after them.
        let units = [u16::from(b'a'), 0xD800, u16::from(b'b'), 0xDC00];
        let mut bytes = le(&units);
        let (text, _) = decode(&bytes).unwrap();
        assert_eq!(text, "a\u{FFFD}b\u{FFFD}");
        assert_eq!(
            utf16_errors(&bytes),
            Some(Utf16Errors {
                offset: 4,
                first: Utf16Error::UnpairedSurrogate,
                count: 2
            })
        );
        bytes.push(0);
        assert_eq!(
            utf16_errors(&bytes).map(|e| (e.offset, e.count)),
            Some((4, 3))
        );
        // Big-endian alike.
        let be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain(units.iter().flat_map(|u| u.to_be_bytes()))
            .collect();
        assert_eq!(utf16_errors(&be).map(|e| (e.offset, e.count)), Some((4, 2)));
    }

    #[test]
    fn utf16_without_a_mark_is_recognised_only_as_a_hint() {
        let text = "Café ‘tea’ and the whale.\r\n";
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(looks_like_utf16(&le), Some(Encoding::Utf16Le));
        assert_eq!(looks_like_utf16(&be), Some(Encoding::Utf16Be));
        assert!(matches!(decode(&le), Err(NotText::Binary { .. })));
        for not in [&b"PK\x03\x04\x00\x00\x00\x00"[..], b"a\0", b"", &[0; 64]] {
            assert_eq!(looks_like_utf16(not), None, "{not:?}");
        }
    }

    #[test]
    fn ascii_and_utf8() {
        assert_eq!(decode(b"plain").unwrap().1, Encoding::Ascii);
        let (t, e) = decode("naïve".as_bytes()).unwrap();
        assert_eq!((t.as_ref(), e), ("naïve", Encoding::Utf8));
    }

    #[test]
    fn cp1252_smart_quotes_become_unicode() {
        // 0x92 is ’ in Windows-1252 (a C1 control in Latin-1: pitfall 1).
        let (t, e) = decode(b"don\x92t \x93so\x94 \x97 caf\xe9").unwrap();
        assert_eq!(t, "don\u{2019}t \u{201C}so\u{201D} \u{2014} caf\u{e9}");
        assert_eq!(e, Encoding::Windows1252);
    }

    #[test]
    fn latin1_is_reported_as_such() {
        let (t, e) = decode(b"TRAG\xD6DIE").unwrap();
        assert_eq!(t, "TRAGÖDIE");
        assert_eq!(e, Encoding::Iso8859_1);
    }

    #[test]
    fn nul_bytes_mean_binary_and_nothing_means_empty() {
        assert_eq!(
            decode(b"PK\x03\x04\x00\x00"),
            Err(NotText::Binary { offset: 4 })
        );
        assert_eq!(decode(b""), Err(NotText::Empty));
        assert_eq!(decode(b"\xEF\xBB\xBF \r\n"), Err(NotText::Empty));
    }

    #[test]
    fn one_latin1_line_in_a_utf8_book_leaves_the_others_utf8() {
        let bytes =
            "the whale\u{2019}s tail, na\u{ef}ve\r\nwhat a caf\u{e9} it was\rdon\u{2019}t\n";
        let bytes: Vec<u8> = bytes
            .chars()
            .flat_map(|c| match c {
                // The one Latin-1 byte: written as its code point, stored as one byte.
                '\u{e9}' => vec![0xE9],
                c => c.to_string().into_bytes(),
            })
            .collect();
        let (text, enc) = decode(&bytes).unwrap();
        assert_eq!(
            text,
            "the whale\u{2019}s tail, na\u{ef}ve\r\nwhat a caf\u{e9} it was\rdon\u{2019}t\n"
        );
        assert_eq!(enc, Encoding::Utf8Windows1252);
        let lines = non_utf8_lines(&bytes);
        assert_eq!(
            lines,
            NonUtf8Lines {
                count: 1,
                first_line: 2,
                first_offset: bytes.iter().position(|&b| b == 0xE9).unwrap(),
                utf8_non_ascii: 2,
            }
        );
    }

    #[test]
    fn a_latin1_book_is_still_windows_1252_throughout() {
        // No line is UTF-8 with a non-ASCII character: the whole-file names, as before.
        let (text, enc) = decode(b"caf\xe9\nna\xefve \x93quoted\x94\nplain\n").unwrap();
        assert_eq!(
            text,
            "caf\u{e9}\nna\u{ef}ve \u{201c}quoted\u{201d}\nplain\n"
        );
        assert_eq!(enc, Encoding::Windows1252);
        let (_, enc) = decode(b"caf\xe9\n").unwrap();
        assert_eq!(enc, Encoding::Iso8859_1);
    }

    proptest::proptest! {
        /// Line by line is whole-file Windows-1252 when no line is UTF-8 with a non-ASCII
        /// character, and keeps every byte's line either way (same line ends, in order).
        #[test]
        fn by_lines_agrees_with_the_whole_file_when_no_line_is_utf8(
            lines in proptest::collection::vec(
                (proptest::collection::vec(1u8..=255, 0..12), 0usize..3), 0..8)
        ) {
            let mut bytes = Vec::new();
            for (line, end) in &lines {
                bytes.extend(line.iter().map(|&b| if b == b'\n' || b == b'\r' { b'x' } else { b }));
                bytes.extend_from_slice([&b"\n"[..], b"\r", b"\r\n"][*end]);
            }
            let (text, _) = by_lines(&bytes);
            proptest::prop_assert_eq!(
                text.matches(['\n', '\r']).count(),
                bytes.iter().filter(|&&b| b == b'\n' || b == b'\r').count()
            );
            if non_utf8_lines(&bytes).utf8_non_ascii == 0 {
                let (whole, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(&bytes);
                proptest::prop_assert_eq!(text, whole.into_owned());
            }
        }
    }
}
