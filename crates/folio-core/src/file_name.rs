//! A file's name as folio's outputs show it: one stable text for any name, including
//! names that are not UTF-8 (docs/formats.md §9, "File names").
//!
//! On Unix a file name is any bytes but NUL. Shown lossily (`U+FFFD` for each bad byte),
//! two different names look the same and a CI system cannot map a finding back to its file;
//! so every output that names a file uses [`shown`]:
//!
//! - a name that is valid UTF-8 is the name itself, unchanged (an output that escapes text,
//!   such as the text format for a name holding a newline, still does so afterwards);
//! - a name that is not UTF-8 is written as Rust writes bytes: its valid UTF-8 parts as they
//!   are, each byte outside them as `\xFF` (two upper-case hex digits), a backslash as `\\`
//!   and a character that does not print as itself (a control character, U+202E…) escaped
//!   as by `{:?}` (`\n`, `\u{1b}`). The result holds no control character, and reads back
//!   to exactly one byte string ([`unescaped`]).
//!
//! Where an output can carry the exact bytes it does (SARIF's percent-encoded URIs take
//! [`bytes`]). Off Unix, a path's name is its lossy UTF-8 text.
//!
//! ```
//! use folio_core::file_name::escaped;
//! assert_eq!(escaped(b"games/a b.gcg"), "games/a b.gcg");
//! assert_eq!(escaped(b"x\xff\xfe.gcg"), r"x\xFF\xFE.gcg");
//! assert_eq!(escaped(b"caf\xc3\xa9\\\xe9.gcg"), r"café\\\xE9.gcg");
//! ```

use std::borrow::Cow;
use std::fmt::Write;
use std::path::Path;

/// `path` as outputs name it: see the module's rules. Borrowed when it is valid UTF-8.
pub fn shown(path: &Path) -> Cow<'_, str> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        escaped(path.as_os_str().as_bytes())
    }
    #[cfg(not(unix))]
    {
        path.to_string_lossy()
    }
}

/// `path` as a message names it: [`shown`], then quoted and escaped as by `{:?}` when it
/// holds a character that would not print as itself (`"odd2/x\ny\u{1b}[2J.txt"`), so a
/// newline in a name never splits a `FILE:LINE:COL` diagnostic and no escape sequence
/// reaches the terminal. A plain name is unchanged. Applying [`crate::quote::shown`] to the
/// result again leaves it as it is.
///
/// ```
/// use folio_core::file_name::in_message;
/// use std::path::Path;
/// assert_eq!(in_message(Path::new("games/a.gcg")), "games/a.gcg");
/// assert_eq!(in_message(Path::new("x\ny\u{1b}.gcg")), r#""x\ny\u{1b}.gcg""#);
/// ```
pub fn in_message(path: &Path) -> String {
    crate::quote::shown(&shown(path)).to_string()
}

/// The bytes of `path`'s name, as the system holds them (Unix); elsewhere the bytes of its
/// lossy UTF-8 text.
pub fn bytes(path: &Path) -> Cow<'_, [u8]> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Cow::Borrowed(path.as_os_str().as_bytes())
    }
    #[cfg(not(unix))]
    {
        match path.to_string_lossy() {
            Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
            Cow::Owned(s) => Cow::Owned(s.into_bytes()),
        }
    }
}

/// A file name's bytes as text: the name itself when it is valid UTF-8, else escaped (valid
/// parts as they are, `\xFF` per other byte, `\\`, and `{:?}` escapes for characters that
/// do not print as themselves).
pub fn escaped(name: &[u8]) -> Cow<'_, str> {
    if let Ok(text) = std::str::from_utf8(name) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(name.len() + 16);
    for chunk in name.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c == '\\' || crate::quote::needs_escaping(c.encode_utf8(&mut [0; 4])) {
                out.extend(c.escape_debug());
            } else {
                out.push(c);
            }
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02X}");
        }
    }
    Cow::Owned(out)
}

/// The bytes an [`escaped`] text of a name that is not UTF-8 stands for; `None` when `text`
/// is not such a text (a backslash starting no escape, or the bytes are valid UTF-8, whose
/// names are never escaped).
pub fn unescaped(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        out.extend_from_slice(&rest.as_bytes()[..at]);
        let tail = &rest[at + 1..];
        let (bytes, used): (Vec<u8>, usize) = match tail.as_bytes().first()? {
            b'\\' => (vec![b'\\'], 1),
            b'n' => (vec![b'\n'], 1),
            b'r' => (vec![b'\r'], 1),
            b't' => (vec![b'\t'], 1),
            b'0' => (vec![0], 1),
            b'\'' => (vec![b'\''], 1),
            b'"' => (vec![b'"'], 1),
            b'x' => {
                let hex = tail.get(1..3)?;
                if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                    return None;
                }
                (vec![u8::from_str_radix(hex, 16).ok()?], 3)
            }
            b'u' => {
                let close = tail.find('}')?;
                let hex = tail.get(1..close)?.strip_prefix('{')?;
                let c = char::from_u32(u32::from_str_radix(hex, 16).ok()?)?;
                (c.to_string().into_bytes(), close + 1)
            }
            _ => return None,
        };
        out.extend_from_slice(&bytes);
        rest = &tail[used..];
    }
    out.extend_from_slice(rest.as_bytes());
    std::str::from_utf8(&out).is_err().then_some(out)
}

/// Serializes a path as [`shown`] names it: for `#[serde(serialize_with = "…")]` on a
/// `PathBuf` field of a report or manifest (serde's own impl fails on a name that is not
/// UTF-8).
pub fn serialize<P: AsRef<Path>, S: serde::Serializer>(path: &P, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&shown(path.as_ref()))
}

/// [`serialize`] for an `Option<PathBuf>` field (`None` is `null`).
pub fn serialize_option<P: AsRef<Path>, S: serde::Serializer>(
    path: &Option<P>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match path {
        Some(p) => serialize(p, s),
        None => s.serialize_none(),
    }
}

/// [`serialize`] for a `Vec<PathBuf>` field (a list of names).
pub fn serialize_list<P: AsRef<Path>, S: serde::Serializer>(
    paths: &[P],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(paths.iter().map(|p| shown(p.as_ref())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_utf8_names_are_unchanged() {
        for name in [
            "ex.gcg",
            "games/a b%.gcg",
            "café/ÉTÉ.gcg",
            r"back\slash\xFF.gcg",
            "bad\nname.gcg",
            "",
        ] {
            assert!(matches!(escaped(name.as_bytes()), Cow::Borrowed(s) if s == name));
            assert_eq!(unescaped(name), None, "{name:?}");
        }
    }

    #[test]
    fn each_invalid_byte_is_one_hex_escape() {
        // A lone continuation byte; a truncated two-byte and three-byte sequence (the bytes
        // of a cut `é` and `€`), then a valid character; bytes never valid in UTF-8.
        let cases: [(&[u8], &str); 6] = [
            (b"x\xff\xfe.gcg", r"x\xFF\xFE.gcg"),
            (b"\x80.gcg", r"\x80.gcg"),
            (b"a\xc3.gcg", r"a\xC3.gcg"),
            (b"a\xe2\x82z", r"a\xE2\x82z"),
            (b"\xc0\xaf\xf5", r"\xC0\xAF\xF5"),
            (b"caf\xc3\xa9-\xe9", r"café-\xE9"),
        ];
        for (bytes, text) in cases {
            assert_eq!(escaped(bytes), text, "{bytes:?}");
            assert_eq!(unescaped(text).as_deref(), Some(bytes), "{text}");
        }
    }

    #[test]
    fn escapes_read_back_to_exactly_one_name() {
        // A backslash is doubled and control characters escaped once the name needs
        // escaping, so the text holds no control character and two names never meet.
        let cases: [(&[u8], &str); 4] = [
            (b"a\\xFF\xff", r"a\\xFF\xFF"),
            (b"a\xff\\xFF", r"a\xFF\\xFF"),
            (b"new\nline\x1b\xff", r"new\nline\u{1b}\xFF"),
            (b"evil\xe2\x80\xae\xff\"q'", r#"evil\u{202e}\xFF"q'"#),
        ];
        for (bytes, text) in cases {
            let shown = escaped(bytes);
            assert_eq!(shown, text);
            assert!(!shown.chars().any(char::is_control), "{shown}");
            assert_eq!(unescaped(&shown).as_deref(), Some(bytes), "{text}");
        }
        assert_ne!(escaped(b"a\\xFF\xff"), escaped(b"a\xff\\xFF"));
        for bad in [
            r"a\",
            r"a\q\xFF",
            r"\xF",
            r"\xZZ",
            r"\u{110000}\xFF",
            r"\u{41",
        ] {
            assert_eq!(unescaped(bad), None, "{bad}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn paths_are_shown_from_their_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let path = Path::new(std::ffi::OsStr::from_bytes(b"dir/x\xff\xfe.gcg"));
        assert_eq!(shown(path), r"dir/x\xFF\xFE.gcg");
        assert_eq!(&*bytes(path), b"dir/x\xff\xfe.gcg");
        assert_eq!(shown(Path::new("dir/ok.gcg")), "dir/ok.gcg");
    }
}
