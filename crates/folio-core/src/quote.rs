//! User text as folio's messages and answers show it: never raw control characters.
//!
//! A word, rack, script line or option value comes from a user (or from a file someone
//! gave a user), so it may hold terminal escapes, NULs or invisible characters. Echoed raw,
//! they would rewrite the user's screen; every message and answer that repeats such text goes
//! through this module.
//!
//! - [`quoted`]: for messages. Always quoted and escaped as Rust's `{:?}` does (`"c4t"`,
//!   `"\u{1b}[31m"`).
//! - [`shown`]: for answers that list the text a user gave (`folio words contains`): the text
//!   as given when every character prints as itself, else as [`quoted`] shows it.
//!
//! ```
//! use folio_core::quote::{quoted, shown};
//! assert_eq!(quoted("c4t").to_string(), r#""c4t""#);
//! assert_eq!(shown("c4t").to_string(), "c4t");
//! assert_eq!(shown("\u{1b}[2J").to_string(), r#""\u{1b}[2J""#);
//! ```

use std::fmt;

/// `text` for a message: in double quotes, escaped as `{:?}` escapes a `str` (control and
/// other non-printing characters as `\u{..}`, `"` and `\` with a backslash).
pub fn quoted(text: &str) -> Quoted<'_> {
    Quoted(text)
}

/// `text` for an answer line: as given when [`needs_escaping`] is false, else as
/// [`quoted`] shows it (the quotes then say that the text is escaped).
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
        write!(f, "{:?}", self.0)
    }
}

/// User text shown in an answer; see [`shown`].
#[derive(Clone, Copy, Debug)]
pub struct Shown<'a>(&'a str);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if needs_escaping(self.0) {
            Quoted(self.0).fmt(f)
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
}
