//! Errors of Boggle scripts: located script errors (exit 1) and lexicon I/O (exit 2).

use std::path::PathBuf;

use crate::BoardError;
use folio_core::quote::{clipped, quoted, QUOTED_CHARS};

/// What is wrong with a script line (the location is in [`Error::Script`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScriptError {
    /// The first pragma is not `#game boggle`.
    #[error("not a Boggle script: the first line must be `#game boggle`")]
    NotBoggle,
    /// A line that is not valid UTF-8 (the column is its first bad byte's).
    #[error("invalid UTF-8: a `#game boggle` round must be UTF-8")]
    InvalidUtf8,
    /// A file of NUL bytes or UTF-16 text (its one error, at 1:1): UTF-16 is named only when
    /// the bytes are ([`folio_core::script::NotText::refusal`]).
    #[error("{0}")]
    NotText(String),
    /// A `#` line folio does not know.
    #[error("unknown pragma `#{}` (known: #game #board #shape #dice #seed #scoring #min-len #lexicon #player #score #note)", clipped(.0, QUOTED_CHARS))]
    UnknownPragma(String),
    /// A pragma without its value.
    #[error("`#{0}` needs a value")]
    MissingValue(&'static str),
    /// A pragma given twice.
    #[error("`#{0}` is given twice")]
    Duplicate(&'static str),
    /// A line that is neither a pragma, a `>nick:` words line nor blank.
    #[error("expected a `#pragma` or a `>nick: words` line")]
    BadLine,
    /// The board letters are malformed or do not fit the shape.
    #[error("bad board: {0}")]
    BadBoard(BoardError),
    /// `#shape` is not `RxC`.
    #[error("bad shape {}: write rows x columns, as `4x4`", quoted(.0))]
    BadShape(String),
    /// `#dice` names no cube set.
    #[error("unknown cube set {} (known: {known})", quoted(.name))]
    UnknownDice {
        /// As written.
        name: String,
        /// The known sets.
        known: String,
    },
    /// A number that does not parse.
    #[error("`#{pragma}` needs a non-negative integer, not {}", quoted(.value))]
    BadNumber {
        /// The pragma.
        pragma: &'static str,
        /// As written.
        value: String,
    },
    /// A whole number outside what the pragma allows (`#seed` 0 to 2^64 − 1, `#min-len` at
    /// least 1, `#score` 0 to 2^32 − 1).
    #[error("`#{pragma}` {} is out of range ({min} to {max})", clipped(.value, QUOTED_CHARS))]
    OutOfRange {
        /// The pragma.
        pragma: &'static str,
        /// As written.
        value: String,
        /// Smallest value allowed.
        min: u64,
        /// Largest value allowed.
        max: u64,
    },
    /// `#scoring` names no scoring.
    #[error("unknown scoring {} (known: official, seed)", quoted(.0))]
    UnknownScoring(String),
    /// Both `#board` and `#dice`, or `#seed` with `#board`, or `#shape` with dice.
    #[error("{0}")]
    Conflict(&'static str),
    /// A pragma that needs another one given without it: `#dice` without `#seed`, `#seed`
    /// without `#dice`.
    #[error("{0}")]
    Missing(&'static str),
    /// Neither `#board` nor `#dice`/`#seed`.
    #[error("no board: give `#board LETTERS` or `#dice SET` with `#seed N`")]
    NoBoard,
    /// No `#lexicon` and none given by the caller.
    #[error("no lexicon: give `#lexicon PATH.fst` (or --set)")]
    NoLexicon,
    /// No `#player`.
    #[error("no players: declare them with `#player NICK [full name]`")]
    NoPlayers,
    /// A `#player` nick that no `>NICK:` line could name: one holding the `:` that ends the
    /// nick there, whitespace, or nothing.
    #[error("player name {} cannot be used on a `>NICK: words` line: {reason}", quoted(.nick))]
    BadNick {
        /// As written.
        nick: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// `#player` declares a nick twice.
    #[error("player {} is declared twice", quoted(.0))]
    DuplicatePlayer(String),
    /// A `>nick:` or `#score` for an undeclared nick.
    #[error("unknown player {} (declare it with `#player`)", quoted(.0))]
    UnknownPlayer(String),
    /// A word the game policy cannot normalise (digits, punctuation).
    #[error("{} is not a word (letters only)", quoted(.0))]
    BadWord(String),
    /// More than [`MAX_WORDS`](super::parse::MAX_WORDS) words in the round (all players
    /// together), at the first word past the limit: the file is not read further.
    #[error("more than {0} words in one round: no board holds that many to find; the file is not read further")]
    TooManyWords(usize),
    /// More than [`MAX_PLAYERS`](super::parse::MAX_PLAYERS) players, at the `#player` line
    /// past the limit: the file is not read further.
    #[error("more than {0} players in one round; the file is not read further")]
    TooManyPlayers(usize),
    /// More than [`MAX_PROBLEMS`](super::parse::MAX_PROBLEMS) malformed lines: not a round
    /// (a book, a binary dump); the file is not read further.
    #[error("more than {0} problems: the file is not read further")]
    TooManyProblems(usize),
}

/// Errors of [`play_script`](super::play_script).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The script is malformed or inconsistent: an invalid script (exit 1). The first
    /// error, then any further malformed lines in line order, one per line of the message.
    #[error("{}", script_message(path, *line, *col, kind, more))]
    Script {
        /// The script file.
        path: PathBuf,
        /// Line, from 1.
        line: u32,
        /// Column (character), from 1.
        col: u32,
        /// What is wrong.
        kind: ScriptError,
        /// Further malformed lines, after the first.
        more: Vec<Located>,
    },
    /// The lexicon could not be opened (I/O or not a word set: exit 2).
    #[error("{}: {message}", lexicon_place(path, *line, *col))]
    Lexicon {
        /// The script file.
        path: PathBuf,
        /// Line of `#lexicon` (0 when given by the caller).
        line: u32,
        /// Column of its value (0 when given by the caller).
        col: u32,
        /// Why, naming the lexicon file (the caller's message).
        message: String,
    },
}

folio_core::rule_codes! {
    impl ScriptError {
        /// The stable rule code of the error (`unknown-pragma`, `bad-board`…), as JSON reports
        /// give it.
        pub fn code;
        codes {
            ScriptError::NotBoggle => "not-boggle",
            ScriptError::InvalidUtf8 => "invalid-utf8",
            ScriptError::NotText(..) => "binary-input",
            ScriptError::UnknownPragma(..) => "unknown-pragma",
            ScriptError::MissingValue(..) => "missing-value",
            ScriptError::Duplicate(..) => "duplicate",
            ScriptError::BadLine => "bad-line",
            ScriptError::BadBoard(..) => "bad-board",
            ScriptError::BadShape(..) => "bad-shape",
            ScriptError::UnknownDice { .. } => "unknown-dice",
            ScriptError::BadNumber { .. } => "bad-number",
            ScriptError::OutOfRange { .. } => "out-of-range",
            ScriptError::UnknownScoring(..) => "unknown-scoring",
            ScriptError::Conflict(..) => "conflict",
            ScriptError::Missing(..) => "missing",
            ScriptError::NoBoard => "no-board",
            ScriptError::NoLexicon => "no-lexicon",
            ScriptError::NoPlayers => "no-players",
            ScriptError::BadNick { .. } => "bad-nick",
            ScriptError::DuplicatePlayer(..) => "duplicate-player",
            ScriptError::UnknownPlayer(..) => "unknown-player",
            ScriptError::BadWord(..) => "bad-word",
            ScriptError::TooManyWords(..) => "too-many-words",
            ScriptError::TooManyPlayers(..) => "too-many-players",
            ScriptError::TooManyProblems(..) => "too-many-problems",
        }
    }
}

impl ScriptError {
    /// Whether the error is that something is missing from the script: after a line that
    /// did not read, that may only follow from it.
    pub fn is_absence(&self) -> bool {
        matches!(
            self,
            ScriptError::NoBoard | ScriptError::NoPlayers | ScriptError::Missing(_)
        )
    }
}

folio_core::rule_codes! {
    impl Error {
        /// The stable rule code of the error's first finding: its script error's, or
        /// `lexicon` for a word set that could not be opened.
        pub fn code;
        via { Error::Script { kind, .. } => kind.code() }
        codes { Error::Lexicon { .. } => "lexicon" }
    }
}

impl Error {
    /// Whether the error is about the script itself (exit 1) rather than I/O (exit 2).
    pub fn is_invalid_script(&self) -> bool {
        matches!(self, Error::Script { .. })
    }
}

/// A script error at a position, before the path is attached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// Line, from 1.
    pub line: u32,
    /// Column (character), from 1.
    pub col: u32,
    /// What is wrong.
    pub kind: ScriptError,
}

impl Located {
    /// Attaches the script path.
    pub fn at(self, path: impl Into<PathBuf>) -> Error {
        Error::Script {
            path: path.into(),
            line: self.line,
            col: self.col,
            kind: self.kind,
            more: Vec::new(),
        }
    }

    /// Attaches the script path to `errors`, in line order (at least one).
    pub(crate) fn all_at(mut errors: Vec<Located>, path: impl Into<PathBuf>) -> Error {
        errors.sort_by_key(|e| (e.line, e.col));
        let mut errors = errors.into_iter();
        let first = errors.next().unwrap_or(Located {
            line: 1,
            col: 1,
            kind: ScriptError::NotBoggle,
        });
        Error::Script {
            path: path.into(),
            line: first.line,
            col: first.col,
            kind: first.kind,
            more: errors.collect(),
        }
    }
}

/// Where a lexicon that did not open was named: `script:line:col: #lexicon`, or the script
/// alone (`script: lexicon`) when the caller gave it.
fn lexicon_place(path: &std::path::Path, line: u32, col: u32) -> String {
    if line == 0 {
        format!("{}: lexicon", folio_core::file_name::in_message(path))
    } else {
        format!(
            "{}:{line}:{col}: #lexicon",
            folio_core::file_name::in_message(path)
        )
    }
}

/// `path:line:col: what` for each error of [`Error::Script`], one per line.
fn script_message(
    path: &std::path::Path,
    line: u32,
    col: u32,
    kind: &ScriptError,
    more: &[Located],
) -> String {
    let mut text = format!(
        "{}:{line}:{col}: {kind}",
        folio_core::file_name::in_message(path)
    );
    for e in more {
        text.push_str(&format!(
            "\n{}:{}:{}: {}",
            folio_core::file_name::in_message(path),
            e.line,
            e.col,
            e.kind
        ));
    }
    text
}
