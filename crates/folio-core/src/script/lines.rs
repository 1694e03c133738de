//! Bytes to lines: line ends and character encodings of real GCG files.
//!
//! GCG's default encoding is ISO-8859-1; `#character-encoding UTF-8` switches to UTF-8
//! (Poslfit spec 1.2). Real files without the pragma still carry UTF-8 names, so an
//! undeclared file is read as UTF-8 when every line is valid UTF-8 and as ISO-8859-1
//! otherwise (Macondo's reader does the same). A file that *declares* UTF-8 must be valid
//! UTF-8: each bad line is reported with the column of its first bad byte.

use super::TextLines;

/// How a script's bytes were decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Encoding {
    /// UTF-8 (declared, or detected because every line is valid UTF-8).
    #[serde(rename = "UTF-8")]
    Utf8,
    /// ISO-8859-1, the GCG default when the file declares nothing and is not valid UTF-8.
    #[serde(rename = "ISO-8859-1")]
    Latin1,
}

impl Encoding {
    /// The name used by the `#character-encoding` pragma.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Latin1 => "ISO-8859-1",
        }
    }
}

/// Decoded text of a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// Lines without terminators (`\n`, `\r\n` or a stray `\r`).
    pub lines: TextLines,
    /// The encoding used.
    pub encoding: Encoding,
    /// The value of a `#character-encoding` pragma, with its 1-based line.
    pub declared: Option<(String, u32)>,
    /// Lines (1-based) that are not valid UTF-8 although the file declares UTF-8, with the
    /// 1-based character column of the first bad byte. Such lines are decoded lossily.
    pub invalid_utf8: Vec<(u32, u32)>,
}

/// `text` without a leading UTF-8 byte-order mark (U+FEFF), which Windows editors write:
/// every folio reader of text files drops it before reading.
///
/// ```
/// assert_eq!(folio_core::script::lines::strip_bom("\u{feff}kenken 4"), "kenken 4");
/// assert_eq!(folio_core::script::lines::strip_bom("kenken 4"), "kenken 4");
/// ```
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Splits `bytes` into lines and decodes them (see the module doc for the policy).
pub fn decode(bytes: &[u8]) -> Decoded {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    // The lines walked again for each pass, not held: a slice per line is 16 bytes.
    let raw = || each_line(bytes);
    let declared = raw().enumerate().find_map(|(i, l)| {
        l.strip_prefix(b"#character-encoding").map(|rest| {
            let value = String::from_utf8_lossy(rest).trim().to_string();
            (value, i as u32 + 1)
        })
    });
    let declared_enc = declared.as_ref().and_then(|(v, _)| encoding_named(v));
    let all_utf8 = raw().all(|l| std::str::from_utf8(l).is_ok());
    let encoding = match declared_enc {
        Some(e) => e,
        None if all_utf8 => Encoding::Utf8,
        None => Encoding::Latin1,
    };
    let mut invalid_utf8 = Vec::new();
    let mut lines = TextLines::default();
    for (i, l) in raw().enumerate() {
        match encoding {
            Encoding::Latin1 => lines.push(&l.iter().map(|&b| b as char).collect::<String>()),
            Encoding::Utf8 => match std::str::from_utf8(l) {
                Ok(s) => lines.push(s),
                Err(e) => {
                    let good = std::str::from_utf8(&l[..e.valid_up_to()]).unwrap_or("");
                    invalid_utf8.push((i as u32 + 1, good.chars().count() as u32 + 1));
                    lines.push(&String::from_utf8_lossy(l));
                }
            },
        }
    }
    Decoded {
        lines,
        encoding,
        declared,
        invalid_utf8,
    }
}

/// The encoding a `#character-encoding` value names, if folio supports it.
pub fn encoding_named(value: &str) -> Option<Encoding> {
    let v: String = value
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' '))
        .collect::<String>()
        .to_ascii_uppercase();
    match v.as_str() {
        "UTF8" => Some(Encoding::Utf8),
        "ISO88591" | "LATIN1" => Some(Encoding::Latin1),
        _ => None,
    }
}

/// The lines of `text` as every folio script reader splits them: on `\n`, `\r\n` and lone
/// `\r` (old Mac files), a final line without terminator kept.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    // Splitting at ASCII bytes keeps every piece valid UTF-8.
    each_line(text.as_bytes()).map(|l| std::str::from_utf8(l).unwrap_or_default())
}

/// Splits on `\n`, `\r\n` and lone `\r`; a final line without terminator is kept. A
/// reader that goes through the lines once should use [`each_line`]: this holds a slice
/// per line (16 bytes each, so 1 GB for 64 MiB of line ends).
pub fn split_lines(bytes: &[u8]) -> Vec<&[u8]> {
    each_line(bytes).collect()
}

/// The lines of [`split_lines`], one at a time (no memory per line).
pub fn each_line(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = Some(bytes);
    std::iter::from_fn(move || {
        let text = rest.filter(|r| !r.is_empty())?;
        match text.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) => {
                let skip = if text[i] == b'\r' && text.get(i + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                rest = Some(&text[i + skip..]);
                Some(&text[..i])
            }
            None => {
                rest = None;
                Some(text)
            }
        }
    })
}

/// The lines of a stream, split as [`each_line`] splits bytes (`\n`, `\r\n` and lone `\r`;
/// a final line without terminator kept), read one at a time as they arrive: a reader that
/// answers line by line (`folio words contains` on stdin) answers each line as soon as it
/// ends, and a `\r\n` split across two reads is still one line end.
#[derive(Debug)]
pub struct StreamLines<R> {
    inner: R,
    max: usize,
    /// The last line ended with `\r`: a `\n` opening the next read belongs to it.
    skip_lf: bool,
}

impl<R: std::io::BufRead> StreamLines<R> {
    /// Lines of `inner`; a line is held up to `max` bytes (see [`StreamLines::next_line`]).
    pub fn new(inner: R, max: usize) -> Self {
        StreamLines {
            inner,
            max,
            skip_lf: false,
        }
    }

    /// Reads the next line into `line` (cleared first), without its terminator; `false` at
    /// the end of the stream. A line longer than `max` bytes is cut after `max + 1` bytes
    /// and the rest of it is not read: `line.len() > max` says it was too long (no more of
    /// it is ever held, so `< /dev/zero` costs `max` bytes).
    ///
    /// # Errors
    /// The stream's read errors (`Interrupted` is retried).
    pub fn next_line(&mut self, line: &mut Vec<u8>) -> std::io::Result<bool> {
        line.clear();
        let mut any = false;
        loop {
            let buf = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(any);
            }
            if std::mem::take(&mut self.skip_lf) && buf[0] == b'\n' {
                self.inner.consume(1);
                continue;
            }
            any = true;
            // Saturating: `max` may be `usize::MAX` (no cap), never a panic.
            let room = self.max.saturating_add(1).saturating_sub(line.len());
            match buf.iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(i) if i < room => {
                    line.extend_from_slice(&buf[..i]);
                    self.skip_lf = buf[i] == b'\r';
                    self.inner.consume(i + 1);
                    return Ok(true);
                }
                _ => {
                    let n = buf.len().min(room);
                    line.extend_from_slice(&buf[..n]);
                    self.inner.consume(n);
                    if line.len() > self.max {
                        return Ok(true);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stream_lines_split_as_each_line_whatever_the_reads() {
        let cases: [&[u8]; 12] = [
            b"",
            b"a",
            b"a\n",
            b"a\r",
            b"\r\n",
            b"\n\n",
            b"a\r\r\nb",
            b"a\n\rb\r\n\nc",
            b"whale\rcat\r",
            b"ab\r\ncd\r\r\n\r",
            b"\r\r\r",
            b"abc\rdef\nghi\r\njkl",
        ];
        for bytes in cases {
            let want: Vec<&[u8]> = each_line(bytes).collect();
            // A buffer of 1, 2, 3 bytes splits `\r\n` across reads.
            for cap in [1, 2, 3, 64] {
                let mut r = StreamLines::new(std::io::BufReader::with_capacity(cap, bytes), 100);
                let (mut got, mut line) = (Vec::new(), Vec::new());
                while r.next_line(&mut line).unwrap() {
                    got.push(line.clone());
                }
                assert_eq!(got, want, "{bytes:?} read {cap} bytes at a time");
            }
        }
    }

    #[test]
    fn a_stream_line_over_the_limit_is_cut_unread() {
        let bytes: &[u8] = b"ab\nabcdef\ncd";
        let mut r = StreamLines::new(std::io::BufReader::with_capacity(2, bytes), 3);
        let mut line = Vec::new();
        assert!(r.next_line(&mut line).unwrap());
        assert_eq!(line, b"ab");
        assert!(r.next_line(&mut line).unwrap());
        assert_eq!(line, b"abcd", "max + 1 bytes say the line is too long");
    }

    #[test]
    fn line_ends() {
        let d = decode(b"a\r\nb\rc\nd");
        assert_eq!(d.lines.iter().collect::<Vec<_>>(), ["a", "b", "c", "d"]);
        let d = decode(b"a\n\nb\n");
        assert_eq!(d.lines.iter().collect::<Vec<_>>(), ["a", "", "b"]);
        assert!(decode(b"").lines.is_empty());
    }

    #[test]
    fn each_line_splits_as_split_lines_did() {
        let cases: [(&[u8], &[&[u8]]); 8] = [
            (b"", &[]),
            (b"a", &[b"a"]),
            (b"a\n", &[b"a"]),
            (b"a\r", &[b"a"]),
            (b"\r\n", &[b""]),
            (b"\n\n", &[b"", b""]),
            (b"a\r\r\nb", &[b"a", b"", b"b"]),
            (b"a\n\rb\r\n\nc", &[b"a", b"", b"b", b"", b"c"]),
        ];
        for (bytes, want) in cases {
            assert_eq!(each_line(bytes).collect::<Vec<_>>(), want, "{bytes:?}");
            assert_eq!(split_lines(bytes), want, "{bytes:?}");
        }
    }

    #[test]
    fn undeclared_latin1_falls_back() {
        let d = decode(b"#player1 c\xe9sar c\xe9sar\n");
        assert_eq!(d.encoding, Encoding::Latin1);
        assert_eq!(d.lines.get(0).unwrap(), "#player1 césar césar");
        let d = decode("#player1 césar x\n".as_bytes());
        assert_eq!(d.encoding, Encoding::Utf8);
        assert_eq!(d.lines.get(0).unwrap(), "#player1 césar x");
    }

    #[test]
    fn declared_utf8_reports_bad_bytes_with_column() {
        let d = decode(b"#character-encoding UTF-8\n#player1 ab\xffc x\n");
        assert_eq!(d.encoding, Encoding::Utf8);
        assert_eq!(d.invalid_utf8, [(2, 12)]);
        assert_eq!(d.declared, Some(("UTF-8".to_string(), 1)));
    }

    #[test]
    fn declared_latin1() {
        let d = decode(b"#character-encoding ISO-8859-1\n#player1 \xe9 x\n");
        assert_eq!(d.encoding, Encoding::Latin1);
        assert_eq!(d.lines.get(1).unwrap(), "#player1 é x");
        assert_eq!(encoding_named("latin1"), Some(Encoding::Latin1));
        assert_eq!(encoding_named("ASCII"), None);
    }
}
