//! The course's line protocol: one request a line, one answer a line, in order.
//!
//! A request is `Q,NAME,…,WORD` (query: is WORD in the word set of any named book?) or
//! `C,NAME,…,WORD` (challenge: does the text of any named book hold WORD?), fields separated by
//! commas, at least one book name, the line ended by LF (a CR before it is dropped). The answer
//! is `true` or `false` and LF. The protocol has no error reply: a malformed line is answered
//! `false` and the server logs why ([`Malformed`]). Book names and the word are trimmed of
//! blanks (`Q, a.txt ,whale ` asks for `whale` in `a.txt`), as over HTTP.
//!
//! ```
//! use folio_server::protocol::{parse_line, Command, Malformed};
//! let r = parse_line(b"Q,moby-dick.txt,emma.txt,whale\r", 64).unwrap();
//! assert_eq!(r.command, Command::Query);
//! assert_eq!(r.books().collect::<Vec<_>>(), ["moby-dick.txt", "emma.txt"]);
//! assert_eq!(r.word, "whale");
//! assert_eq!(parse_line(b"X,a.txt,word", 64).unwrap_err(), Malformed::UnknownCommand);
//! ```

use crate::names::{check_name, split_names, NameError};

/// The answer to a request that holds.
pub const TRUE: &[u8] = b"true\n";
/// The answer to a request that does not hold, and to a malformed line.
pub const FALSE: &[u8] = b"false\n";

/// What a request asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// `Q`: the word is in the word set of one of the books.
    Query,
    /// `C`: the text of one of the books holds the word (a challenge).
    Challenge,
}

/// One well-formed request, borrowing the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request<'a> {
    /// `Q` or `C`.
    pub command: Command,
    /// The book names, comma-separated (each checked by [`check_name`] once trimmed); see
    /// [`Request::books`].
    pub names: &'a str,
    /// The word as given (not yet normalised; never empty or blank).
    pub word: &'a str,
}

impl<'a> Request<'a> {
    /// The book names, in the order given, trimmed of blanks.
    pub fn books(&self) -> impl Iterator<Item = &'a str> + 'a {
        split_names(self.names)
    }
}

/// Why a line is not a request. Each is answered `false` and logged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Malformed {
    /// The line is empty (or only a CR).
    #[error("empty line")]
    Empty,
    /// The line is not UTF-8.
    #[error("not UTF-8 text")]
    NotUtf8,
    /// The first field is not `Q` or `C`.
    #[error("unknown command (expected `Q` or `C` as the first field)")]
    UnknownCommand,
    /// Fewer than three fields: a command, at least one book and a word.
    #[error("too few fields (expected `Q,BOOK,…,WORD`)")]
    TooFewFields,
    /// More books than the server accepts in one request.
    #[error("too many books in one request ({given}; at most {max})")]
    TooManyBooks {
        /// Books named.
        given: usize,
        /// The limit.
        max: usize,
    },
    /// A book name that is not a plain file name.
    #[error("book name {name:?} refused: {why}")]
    BadName {
        /// The name, clipped to 80 characters.
        name: String,
        /// Why.
        why: NameError,
    },
    /// The word field is empty or blank.
    #[error("empty word")]
    EmptyWord,
}

/// Parses one line (without its LF) into a request, allowing at most `max_books` names.
///
/// # Errors
/// A [`Malformed`] saying what is wrong with the line.
pub fn parse_line(line: &[u8], max_books: usize) -> Result<Request<'_>, Malformed> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.is_empty() {
        return Err(Malformed::Empty);
    }
    let line = std::str::from_utf8(line).map_err(|_| Malformed::NotUtf8)?;
    let (command, rest) = line.split_once(',').ok_or(Malformed::TooFewFields)?;
    let command = match command {
        "Q" => Command::Query,
        "C" => Command::Challenge,
        _ => return Err(Malformed::UnknownCommand),
    };
    let (names, word) = rest.rsplit_once(',').ok_or(Malformed::TooFewFields)?;
    let mut given = 0;
    for name in split_names(names) {
        given += 1;
        check_name(name).map_err(|why| Malformed::BadName {
            name: clip(name),
            why,
        })?;
    }
    if given > max_books {
        return Err(Malformed::TooManyBooks {
            given,
            max: max_books,
        });
    }
    if word.trim().is_empty() {
        return Err(Malformed::EmptyWord);
    }
    Ok(Request {
        command,
        names,
        word,
    })
}

/// At most 80 characters of `s`, for logs.
pub fn clip(s: &str) -> String {
    match s.char_indices().nth(80) {
        Some((i, _)) => format!("{}… ({} characters)", &s[..i], s.chars().count()),
        None => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests() {
        let r = parse_line(b"C,a.txt,Whale's", 4).unwrap();
        assert_eq!(r.command, Command::Challenge);
        assert_eq!(r.books().collect::<Vec<_>>(), ["a.txt"]);
        assert_eq!(r.word, "Whale's");
        let r = parse_line(b"Q,a.txt,b.txt,c.txt,zyzzyva\r", 4).unwrap();
        assert_eq!(r.books().count(), 3);
        assert_eq!(r.word, "zyzzyva");
        // Names are trimmed as words are (the word is trimmed when normalised).
        let r = parse_line(b"Q, a.txt ,\tb.txt, whale ", 4).unwrap();
        assert_eq!(r.books().collect::<Vec<_>>(), ["a.txt", "b.txt"]);
    }

    #[test]
    fn malformed_lines() {
        let cases: &[(&[u8], Malformed)] = &[
            (b"", Malformed::Empty),
            (b"\r", Malformed::Empty),
            (b"Q", Malformed::TooFewFields),
            (b"Q,word", Malformed::TooFewFields),
            (b"q,a.txt,word", Malformed::UnknownCommand),
            (b"QQ,a.txt,word", Malformed::UnknownCommand),
            (b"Q,a.txt,", Malformed::EmptyWord),
            (b"Q,a.txt,  ", Malformed::EmptyWord),
            (
                b"Q,,word",
                Malformed::BadName {
                    name: String::new(),
                    why: NameError::Empty,
                },
            ),
            (
                b"Q,a.txt,,word",
                Malformed::BadName {
                    name: String::new(),
                    why: NameError::Empty,
                },
            ),
            (
                b"Q,../x,word",
                Malformed::BadName {
                    name: "../x".into(),
                    why: NameError::Separator,
                },
            ),
            (
                b"Q,a.txt,b.txt,c.txt,d.txt,e.txt,w",
                Malformed::TooManyBooks { given: 5, max: 4 },
            ),
            (b"Q,a\xff.txt,word", Malformed::NotUtf8),
            (
                b"Q, ,word",
                Malformed::BadName {
                    name: String::new(),
                    why: NameError::Empty,
                },
            ),
        ];
        for (line, want) in cases {
            assert_eq!(
                &parse_line(line, 4).unwrap_err(),
                want,
                "{:?}",
                String::from_utf8_lossy(line)
            );
        }
    }

    #[test]
    fn clip_keeps_short_text() {
        assert_eq!(clip("abc"), "abc");
        assert!(clip(&"x".repeat(200)).ends_with("… (200 characters)"));
    }
}
