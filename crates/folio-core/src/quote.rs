//! User text as folio's messages and answers show it: never raw control characters, never
//! a megabyte.
//!
//! A word, rack, script line or option value comes from a user (or from a file someone
//! gave a user), so it may hold terminal escapes, NULs or invisible characters, or be huge.
//! Echoed raw, it would rewrite the user's screen or flood it; every message and answer that
//! repeats such text goes through this module.
//!
//! - [`quoted`]: for messages. Quoted and escaped as Rust's `{:?}` does (`"c4t"`,
//!   `"\u{1b}[31m"`); past [`QUOTED_CHARS`] characters, cut with `…` and the total length
//!   (`"qqqq"… (5000 characters)`).
//! - [`clipped`]: for text a message shows unquoted (a rack, a script line): control
//!   characters escaped, cut the same way at a length the caller chooses.
//! - [`shown`]: for answers that list the text a user gave (`folio words contains`): the text
//!   as given when every character prints as itself, else escaped as by `{:?}`; never cut.
//!
//! ```
//! use folio_core::quote::{clipped, quoted, shown};
//! assert_eq!(quoted("c4t").to_string(), r#""c4t""#);
//! assert_eq!(shown("c4t").to_string(), "c4t");
//! assert_eq!(shown("\u{1b}[2J").to_string(), r#""\u{1b}[2J""#);
//! let long = "q".repeat(5000);
//! assert_eq!(quoted(&long).to_string(), format!("{:?}… (5000 characters)", &long[..80]));
//! assert_eq!(clipped("AB\u{7}", 2).to_string(), "AB… (3 characters)");
//! ```

use std::fmt;

/// Most characters of user text a message quotes ([`quoted`]); a longer text is cut.
pub const QUOTED_CHARS: usize = 80;

/// `text` for a message: in double quotes, escaped as `{:?}` escapes a `str` (control and
/// other non-printing characters as `\u{..}`, `"` and `\` with a backslash). A text of more
/// than [`QUOTED_CHARS`] characters shows only those, then `… (N characters)`.
pub fn quoted(text: &str) -> Quoted<'_> {
    Quoted(text)
}

/// `text` for a message that shows it unquoted (a rack, a line as written): control
/// characters but tab escaped (`\u{1b}`), cut after `max` characters with `… (N
/// characters)`, N the whole text's length.
pub fn clipped(text: &str, max: usize) -> Clipped<'_> {
    Clipped { text, max }
}

/// `text` cut after `max` characters: the part kept, and the whole text's length in
/// characters when it was cut.
fn cut(text: &str, max: usize) -> (&str, Option<usize>) {
    match text.char_indices().nth(max) {
        Some((at, _)) => (&text[..at], Some(text.chars().count())),
        None => (text, None),
    }
}

/// Writes the tail of a cut text: `… (N characters)`.
fn write_cut(f: &mut fmt::Formatter<'_>, total: Option<usize>) -> fmt::Result {
    match total {
        Some(n) => write!(f, "… ({n} characters)"),
        None => Ok(()),
    }
}

/// `text` for an answer line: as given when [`needs_escaping`] is false, else quoted and
/// escaped as by `{:?}` (the quotes then say that the text is escaped). Never cut: an
/// answer gives back all of what was asked.
pub fn shown(text: &str) -> Shown<'_> {
    Shown(text)
}

/// Whether some character of `text` would not print as itself: a control character (C0,
/// DEL, C1) or another character `{:?}` escapes (format characters such as U+202E, unassigned
/// code points, combining marks). Quotes and backslashes print as themselves.
pub fn needs_escaping(text: &str) -> bool {
    text.chars()
        .any(|c| !matches!(c, '"' | '\'' | '\\') && c.escape_debug().len() > 1)
}

/// User text quoted for a message; see [`quoted`].
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kept, total) = cut(self.0, QUOTED_CHARS);
        write!(f, "{kept:?}")?;
        write_cut(f, total)
    }
}

/// User text shown unquoted in a message; see [`clipped`].
#[derive(Clone, Copy, Debug)]
pub struct Clipped<'a> {
    text: &'a str,
    max: usize,
}

impl fmt::Display for Clipped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kept, total) = cut(self.text, self.max);
        for c in kept.chars() {
            if c.is_control() && c != '\t' {
                write!(f, "{}", c.escape_default())?;
            } else {
                fmt::Write::write_char(f, c)?;
            }
        }
        write_cut(f, total)
    }
}

/// User text shown in an answer; see [`shown`].
#[derive(Clone, Copy, Debug)]
pub struct Shown<'a>(&'a str);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if needs_escaping(self.0) {
            write!(f, "{:?}", self.0)
        } else {
            f.write_str(self.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_and_invisible_characters_are_escaped() {
        for raw in [
            "\u{1b}[31mred\u{7}",
            "a\0b",
            "tab\there",
            "new\nline",
            "\u{7f}ELF",
            "\u{9b}31m",
            "evil\u{202e}txt",
        ] {
            assert!(needs_escaping(raw), "{raw:?}");
            let s = shown(raw).to_string();
            assert!(!s.chars().any(char::is_control), "{s:?}");
            assert_eq!(s, format!("{raw:?}"));
        }
        for plain in ["c4t", "café", "don't", "a\"b", r"back\slash", "ÉTÉ", ""] {
            assert!(!needs_escaping(plain), "{plain:?}");
            assert_eq!(shown(plain).to_string(), plain);
            assert_eq!(quoted(plain).to_string(), format!("{plain:?}"));
        }
    }

    #[test]
    fn long_text_is_cut_with_its_length() {
        let long = "é".repeat(QUOTED_CHARS + 1);
        let q = quoted(&long).to_string();
        assert_eq!(
            q,
            format!("\"{}\"… (81 characters)", "é".repeat(QUOTED_CHARS))
        );
        let exact = "é".repeat(QUOTED_CHARS);
        assert_eq!(quoted(&exact).to_string(), format!("{exact:?}"));
        assert_eq!(shown(&long).to_string(), long);
        assert_eq!(clipped("a\u{1b}b\tc", 10).to_string(), "a\\u{1b}b\tc");
        assert_eq!(clipped("abcdef", 3).to_string(), "abc… (6 characters)");
        // The cut counts characters, not bytes, and escapes are added after it.
        assert_eq!(
            quoted(&"\u{1b}".repeat(100)).to_string(),
            format!("{:?}… (100 characters)", "\u{1b}".repeat(80))
        );
    }
}
