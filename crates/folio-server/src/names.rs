//! Book names as clients give them: a plain file name inside the books folder, never a path.
//!
//! Only files directly inside the folder given to `folio serve --books` are ever read. A name
//! is refused before any file is touched when it could reach outside it or means nothing as a
//! file name; the library then also checks that the file it names is a regular file whose
//! real path lies inside the folder (a symbolic link out of it is refused).
//!
//! Requests list names separated by commas (the line protocol, `?books=a.txt,b.txt`), each
//! trimmed of blanks ([`split_names`]): so a file whose name holds a comma, or starts or ends
//! with a blank, could never be named, and is no book (the listing leaves it out, and logs
//! why once).

/// Why a book name was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// No characters.
    #[error("empty book name")]
    Empty,
    /// Longer than [`MAX_NAME_BYTES`].
    #[error("book name longer than {MAX_NAME_BYTES} bytes")]
    TooLong,
    /// Holds `/` or `\`: a path, not a name (this covers absolute paths).
    #[error("book name holds a path separator")]
    Separator,
    /// Holds `..` (a parent folder, or a name made to look like one).
    #[error("book name holds `..`")]
    DotDot,
    /// Holds a NUL byte.
    #[error("book name holds a NUL byte")]
    Nul,
    /// Holds another control character (a line break, an escape).
    #[error("book name holds a control character")]
    Control,
    /// Starts with `.`: hidden files (and `.`) are not books.
    #[error("book name starts with `.`")]
    Hidden,
    /// Holds a comma, which separates names in requests: no request could name it.
    #[error("book name holds a comma (commas separate book names)")]
    Comma,
    /// Starts or ends with a blank, which requests trim: no request could name it.
    #[error("book name starts or ends with a blank (names are trimmed)")]
    Blank,
}

/// The names of a comma-separated list, each trimmed of blanks, in order (an empty list
/// gives one empty name, which [`check_name`] refuses).
///
/// ```
/// let names: Vec<&str> = folio_server::names::split_names(" a.txt, b.txt ").collect();
/// assert_eq!(names, ["a.txt", "b.txt"]);
/// ```
pub fn split_names(list: &str) -> impl Iterator<Item = &str> {
    list.split(',').map(str::trim)
}

/// The longest book name accepted, in bytes (the usual file-name limit of Linux file systems).
pub const MAX_NAME_BYTES: usize = 255;

/// Checks that `name` is a plain file name (see the module docs).
///
/// ```
/// use folio_server::names::{check_name, NameError};
/// assert!(check_name("moby-dick.txt").is_ok());
/// assert_eq!(check_name("../etc/passwd"), Err(NameError::Separator));
/// assert_eq!(check_name(".."), Err(NameError::DotDot));
/// assert_eq!(check_name("/etc/passwd"), Err(NameError::Separator));
/// ```
///
/// # Errors
/// The first [`NameError`] found.
pub fn check_name(name: &str) -> Result<(), NameError> {
    if name.is_empty() {
        return Err(NameError::Empty);
    }
    if name.len() > MAX_NAME_BYTES {
        return Err(NameError::TooLong);
    }
    if name.contains(['/', '\\']) {
        return Err(NameError::Separator);
    }
    if name.contains('\0') {
        return Err(NameError::Nul);
    }
    if name.contains("..") {
        return Err(NameError::DotDot);
    }
    if name.chars().any(char::is_control) {
        return Err(NameError::Control);
    }
    if name.starts_with('.') {
        return Err(NameError::Hidden);
    }
    if name.contains(',') {
        return Err(NameError::Comma);
    }
    if name.trim() != name {
        return Err(NameError::Blank);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names_pass() {
        for n in [
            "book1.txt",
            "pg2701-moby-dick.txt",
            "a b.txt",
            "café.txt",
            "x",
        ] {
            assert_eq!(check_name(n), Ok(()), "{n}");
        }
    }

    #[test]
    fn paths_and_tricks_are_refused() {
        let cases = [
            ("", NameError::Empty),
            ("/etc/passwd", NameError::Separator),
            ("../x.txt", NameError::Separator),
            ("a/b.txt", NameError::Separator),
            ("a\\b.txt", NameError::Separator),
            ("..", NameError::DotDot),
            ("x..txt", NameError::DotDot),
            ("a\0b", NameError::Nul),
            ("a\nb", NameError::Control),
            ("a\u{1b}[2J", NameError::Control),
            (".", NameError::Hidden),
            (".hidden.txt", NameError::Hidden),
            ("a,b.txt", NameError::Comma),
            (" a.txt", NameError::Blank),
            ("a.txt\u{a0}", NameError::Blank),
        ];
        for (name, want) in cases {
            assert_eq!(check_name(name), Err(want), "{name:?}");
        }
        assert_eq!(check_name(&"a".repeat(256)), Err(NameError::TooLong));
        assert_eq!(check_name(&"a".repeat(255)), Ok(()));
    }
}
