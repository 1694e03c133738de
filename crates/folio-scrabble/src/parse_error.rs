//! The catalogue of what can be wrong with a GCG record or folio script: [`ParseErrorKind`]
//! (each with a stable code), located as a [`ParseError`]. The GCG parser
//! produces them; a [`Script`](crate::Script) keeps the non-fatal ones.

use std::fmt;

use folio_core::quote::{clipped, quoted, QUOTED_CHARS};

use folio_core::script::{Loc, NotText};

/// What is wrong with a line. The message names the rule of the format that is broken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    /// The file holds nothing (MAGPIE: `GCG_EMPTY`).
    #[error("empty script: no pragma and no event")]
    Empty,
    /// The file holds a NUL byte (at this offset): a binary file, or UTF-16 text (named so
    /// only when its bytes are: [`NotText`]), not a script. Reported once, at the first NUL,
    /// instead of one stray line per line.
    #[error("{looks} (NUL byte at offset {offset}), not a GCG record: GCG is UTF-8 or ISO-8859-1 text{hint}", offset = .0, looks = .1, hint = .1.hint())]
    Binary(usize, NotText),
    /// A line of a file that declares UTF-8 is not valid UTF-8.
    #[error("invalid UTF-8 (the file declares #character-encoding UTF-8)")]
    InvalidUtf8,
    /// `#character-encoding` names something other than UTF-8 or ISO-8859-1.
    #[error("unsupported character encoding {} (GCG allows UTF-8 and ISO-8859-1); read as UTF-8 when valid, else ISO-8859-1", quoted(.0))]
    UnsupportedEncoding(String),
    /// `#character-encoding` is not the first line.
    #[error("#character-encoding must be the first line")]
    EncodingNotFirst,
    /// More than `MAX_EVENTS` events: not a game record.
    #[error("more than {0} events: a game has far fewer; the file is not read further")]
    TooManyEvents(usize),
    /// More than `MAX_PROBLEMS` problems: not a game record.
    #[error("more than {0} problems: the file is not read further")]
    TooManyProblems(usize),
    /// `#playerN` with N outside 1–4 or not a number.
    #[error("unknown player pragma {} (expected #player1 to #player4)", quoted(.0))]
    BadSeat(String),
    /// No `#playerN` at all in a script that is not empty: nobody to replay a game for.
    #[error("no players: declare them with #player1 NICK NAME and #player2 NICK NAME")]
    NoPlayers,
    /// `#playerN` without a nickname.
    #[error("player pragma without a nickname")]
    MissingNick,
    /// The same `#playerN` twice (MAGPIE: `PLAYER_NUMBER_REDUNDANT`).
    #[error("#player{0} is declared twice")]
    SeatRedeclared(usize),
    /// Two players share a nickname (MAGPIE: `DUPLICATE_NICKNAMES`; Quackle writes `NoName`
    /// for both). Seats are then taken from turn order, and this is a note
    /// ([`ParseErrorKind::is_note`]), not a finding.
    #[error("two players share the nickname {}: seats are taken from turn order", quoted(.0))]
    DuplicateNick(String),
    /// Two players share a full name (MAGPIE: `DUPLICATE_NAMES`).
    #[error("two players share the name {}", quoted(.0))]
    DuplicateName(String),
    /// A `#playerN` comes after an event (MAGPIE: `GAME_EVENT_BEFORE_PLAYER`).
    #[error("player declared after the first event: every #playerN must precede the events")]
    PlayerAfterEvents,
    /// Another header pragma after the events (MAGPIE: `PRAGMA_SUCCEEDED_EVENT`).
    #[error("#{} after the first event: header pragmas must precede the events", clipped(.0, QUOTED_CHARS))]
    PragmaAfterEvents(String),
    /// A single-valued pragma given twice (MAGPIE: `REDUNDANT_PRAGMA`).
    #[error("#{} given twice (the first value is kept)", clipped(.0, QUOTED_CHARS))]
    RedundantPragma(String),
    /// A single-valued pragma that changes the replay given again with another value
    /// (`#rules course`, then `#rules wordbler`): the first is replayed, and the record is
    /// invalid, since it says two things.
    #[error("#{} given again with another value (line {line} says {}); the first is replayed", clipped(.name, QUOTED_CHARS), quoted(.first))]
    ConflictingPragma {
        /// The pragma's name as written.
        name: String,
        /// The first value, as written.
        first: String,
        /// The line of the first.
        line: u32,
    },
    /// `#game-type` other than `classic` (MAGPIE: `UNRECOGNIZED_GAME_VARIANT`).
    #[error("unrecognised game variant {}: replayed as classic", quoted(.0))]
    UnknownGameType(String),
    /// `#game` other than `scrabble` or `boggle` (folio).
    #[error("unknown game {} (expected scrabble or boggle)", quoted(.0))]
    UnknownGame(String),
    /// `#rules` other than course, standard, wordbler (folio).
    #[error("unknown rule set {} (expected course, standard or wordbler)", quoted(.0))]
    UnknownRules(String),
    /// `#tileset` other than a known tile set (folio).
    #[error("unknown tile set {} (expected course, english, french or german)", quoted(.0))]
    UnknownTileSet(String),
    /// A numeric pragma value that is not a number.
    #[error("#{} needs a non-negative number, found {}", clipped(.0, QUOTED_CHARS), quoted(.1))]
    BadNumber(String, String),
    /// A numeric pragma value that is a whole number outside its range (`#seed` 0 to
    /// 2^64 − 1, `#rounds` 1 to 2^32 − 1: a game of no rounds would end before it starts).
    #[error("#{} {} is out of range ({min} to {max})", clipped(.pragma, QUOTED_CHARS), clipped(.value, QUOTED_CHARS))]
    OutOfRange {
        /// The pragma as written.
        pragma: String,
        /// The value as written.
        value: String,
        /// Smallest value allowed.
        min: u64,
        /// Largest value allowed.
        max: u64,
    },
    /// A pragma that needs a value has none.
    #[error("#{} needs a value", clipped(.0, QUOTED_CHARS))]
    MissingValue(String),
    /// A `#note` before any event (MAGPIE: `NOTE_PRECEDENT_EVENT`): kept as a game note.
    #[error("#note before the first event (a note annotates the event before it)")]
    NoteBeforeEvents,
    /// An event after a `#rackN` pragma (MAGPIE: `EVENT_AFTER_LAST_RACK`).
    #[error("event after a #rack pragma: #rack1/#rack2 close the record")]
    EventAfterFinalRack,
    /// A line that is neither a pragma, an event nor a note continuation; ignored.
    #[error("line is neither a pragma (#) nor an event (>): ignored")]
    StrayLine,
    /// `>NICK` without the colon.
    #[error("event line needs ':' after the nickname (>NICK: …)")]
    MissingColon,
    /// `>: …`.
    #[error("event line has an empty nickname")]
    EmptyNick,
    /// An event names a nickname no `#playerN` declared.
    #[error("unknown player {} (not declared by any #playerN)", quoted(.0))]
    UnknownPlayer(String),
    /// The line stops before its move.
    #[error("truncated event: {0}")]
    Truncated(&'static str),
    /// A rack with something other than letters (`A`–`Z`, Latin-1 letters such as `Ä`) or `?`
    /// (MAGPIE: `RACK_MALFORMED`).
    #[error("malformed rack {}: {ch:?} is not a tile (a letter, or ? for a blank)", quoted(.rack))]
    MalformedRack {
        /// The token as written.
        rack: String,
        /// The offending character.
        ch: char,
    },
    /// A coordinate that is not `8H`/`H8` with rows 1–15 and columns A–O.
    #[error("unknown coordinate {} (row 1-15 and column A-O: 8H across, H8 down)", quoted(.0))]
    BadCoordinate(String),
    /// A word with a character that is not a letter, `.` or `(…)`.
    #[error("malformed word {}: {ch:?} is not a letter, '.' or '(…)'", quoted(.word))]
    MalformedWord {
        /// The token as written.
        word: String,
        /// The offending character.
        ch: char,
    },
    /// A word whose `(…)` runs do not pair up or hold nothing: `HO(R`, `HO()RN`.
    #[error("malformed word {}: {why}", quoted(.word))]
    UnbalancedWord {
        /// The token as written.
        word: String,
        /// What is wrong with its parentheses.
        why: &'static str,
    },
    /// A word covering more squares than a line of the board has: no board can hold it.
    /// Refused when the record is parsed, at the word's token, so a huge token costs no
    /// tile list, placement or picture.
    #[error("word {word} covers more than {max} squares: no line of the board is longer")]
    WordTooLong {
        /// The token as a message shows it: quoted, and shortened past
        /// [`QUOTED_CHARS`] characters (never a copy of a megabyte token).
        word: String,
        /// The most squares a line of the board has.
        max: usize,
    },
    /// An exchange whose tiles are not letters or `?`, nor a count.
    #[error("malformed exchange {} (expected -TILES or -N)", quoted(.0))]
    MalformedExchange(String),
    /// The move token is none of the GCG forms.
    #[error("unrecognised move {} (expected a coordinate and word, -, -TILES, -N, --, (challenge), (time) or (RACK))", quoted(.0))]
    UnknownMove(String),
    /// The score token is not `+N`/`-N`.
    #[error("malformed score {} (expected a signed number like +28 or -5)", quoted(.0))]
    MalformedScore(String),
    /// The cumulative token is not a number.
    #[error("malformed cumulative score {} (expected a number like 328)", quoted(.0))]
    MalformedCumulative(String),
    /// The score token is a signed number too large for a score.
    #[error("score {} is out of range ({min} to +{max})", clipped(.0, QUOTED_CHARS), min = i32::MIN, max = i32::MAX)]
    ScoreOutOfRange(String),
    /// The cumulative token is a number too large for a score.
    #[error("cumulative score {} is out of range ({min} to {max})", clipped(.0, QUOTED_CHARS), min = i32::MIN, max = i32::MAX)]
    CumulativeOutOfRange(String),
    /// `#rackN` names a seat no player sits in.
    #[error("#rack{0} names no declared player")]
    RackForUnknownSeat(usize),
    /// A seat below a declared one has no `#playerN` (`#player2` without `#player1`,
    /// `#player1` and `#player3` without `#player2`); one per gap, naming its first seat.
    /// GCG numbers the players of a game
    /// `#player1`, `#player2` (Quackle: up to `#player4`; `../shared/docs/gcg-format.md`,
    /// pragmas), and play goes round the seats in that order: a gap would be a seat nobody
    /// sits in. Fields: the missing seat, the declared seat above it (both 1-based).
    #[error("#player{declared} is declared but #player{missing} is not: players are #player1 to #playerN, without a gap")]
    MissingSeat {
        /// The seat with no declaration.
        missing: usize,
        /// The first declared seat above it (this error is at its line).
        declared: usize,
    },
}

/// The most events a script may hold. A real game has a few dozen (a four-player game with
/// every pass and challenge line stays under a thousand); the limit keeps the memory of a
/// parse and its replay bounded whatever the file (a million-line record is refused at its
/// 10,001st event, not replayed into gigabytes of report).
pub const MAX_EVENTS: usize = 10_000;

/// The most problems one parse collects before it stops: a file that is not a record at all
/// (a book, a binary dump) gets a clear error early instead of one per line.
pub const MAX_PROBLEMS: usize = 1_000;

impl ParseErrorKind {
    /// Whether the script cannot be replayed with this error. Non-fatal kinds are kept in
    /// [`Script::issues`](crate::script::Script::issues) and reported as findings.
    pub fn is_fatal(&self) -> bool {
        use ParseErrorKind::*;
        !matches!(
            self,
            UnsupportedEncoding(_)
                | EncodingNotFirst
                | SeatRedeclared(_)
                | DuplicateNick(_)
                | DuplicateName(_)
                | PlayerAfterEvents
                | PragmaAfterEvents(_)
                | RedundantPragma(_)
                | ConflictingPragma { .. }
                | UnknownGameType(_)
                | NoteBeforeEvents
                | EventAfterFinalRack
                | StrayLine
        )
    }

    /// Whether this is only a note: the script is read as its author meant, and the replay
    /// reports it in [`crate::Report::notes`], not as a finding.
    pub fn is_note(&self) -> bool {
        matches!(self, ParseErrorKind::DuplicateNick(_))
    }
}

folio_core::rule_codes! {
    impl ParseErrorKind {
        /// A short stable code naming the rule (used in JSON reports).
        pub fn code;
        codes {
            ParseErrorKind::Empty => "empty",
            ParseErrorKind::Binary(..) => "binary",
            ParseErrorKind::NoPlayers => "no-players",
            ParseErrorKind::InvalidUtf8 => "invalid-utf8",
            ParseErrorKind::UnsupportedEncoding(_) => "unsupported-encoding",
            ParseErrorKind::EncodingNotFirst => "encoding-not-first",
            ParseErrorKind::TooManyEvents(_) => "too-many-events",
            ParseErrorKind::TooManyProblems(_) => "too-many-problems",
            ParseErrorKind::BadSeat(_) => "bad-player-pragma",
            ParseErrorKind::MissingNick => "missing-nickname",
            ParseErrorKind::SeatRedeclared(_) => "player-redeclared",
            ParseErrorKind::DuplicateNick(_) => "duplicate-nickname",
            ParseErrorKind::DuplicateName(_) => "duplicate-name",
            ParseErrorKind::PlayerAfterEvents => "player-after-events",
            ParseErrorKind::PragmaAfterEvents(_) => "pragma-after-events",
            ParseErrorKind::RedundantPragma(_) => "redundant-pragma",
            ParseErrorKind::ConflictingPragma { .. } => "conflicting-pragma",
            ParseErrorKind::UnknownGameType(_) => "unknown-game-variant",
            ParseErrorKind::UnknownGame(_) => "unknown-game",
            ParseErrorKind::UnknownRules(_) => "unknown-rules",
            ParseErrorKind::UnknownTileSet(_) => "unknown-tileset",
            ParseErrorKind::BadNumber(..) => "bad-number",
            ParseErrorKind::OutOfRange { .. } => "number-out-of-range",
            ParseErrorKind::MissingValue(_) => "missing-value",
            ParseErrorKind::NoteBeforeEvents => "note-before-events",
            ParseErrorKind::EventAfterFinalRack => "event-after-final-rack",
            ParseErrorKind::StrayLine => "stray-line",
            ParseErrorKind::MissingColon => "missing-colon",
            ParseErrorKind::EmptyNick => "empty-nickname",
            ParseErrorKind::UnknownPlayer(_) => "unknown-player",
            ParseErrorKind::Truncated(_) => "truncated",
            ParseErrorKind::MalformedRack { .. } => "malformed-rack",
            ParseErrorKind::BadCoordinate(_) => "bad-coordinate",
            ParseErrorKind::MalformedWord { .. } => "malformed-word",
            ParseErrorKind::UnbalancedWord { .. } => "malformed-word",
            ParseErrorKind::WordTooLong { .. } => "word-too-long",
            ParseErrorKind::MalformedExchange(_) => "malformed-exchange",
            ParseErrorKind::UnknownMove(_) => "unknown-move",
            ParseErrorKind::MalformedScore(_) => "malformed-score",
            ParseErrorKind::ScoreOutOfRange(_) => "score-out-of-range",
            ParseErrorKind::CumulativeOutOfRange(_) => "cumulative-out-of-range",
            ParseErrorKind::MalformedCumulative(_) => "malformed-cumulative",
            ParseErrorKind::RackForUnknownSeat(_) => "rack-for-unknown-player",
            ParseErrorKind::MissingSeat { .. } => "missing-player",
        }
    }
}

/// One located problem of a script: `file:line:col: message`, with the line as written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{loc}: {kind}")]
pub struct ParseError {
    /// The file name as given.
    pub file: String,
    /// Line and column.
    pub loc: Loc,
    /// What is wrong.
    pub kind: ParseErrorKind,
    /// The line as written (decoded).
    pub text: String,
}

/// Every fatal problem of a script that cannot be replayed, plus its non-fatal issues, in
/// line order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseErrors {
    /// All problems, fatal and not, sorted by location.
    pub errors: Vec<ParseError>,
}

impl fmt::Display for ParseErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fatal = self.errors.iter().find(|e| e.kind.is_fatal());
        match (fatal, self.errors.len()) {
            (Some(e), 1) => write!(f, "{e}"),
            (Some(e), n) => write!(f, "{e} (and {} more)", n - 1),
            (None, _) => write!(f, "script cannot be parsed"),
        }
    }
}

impl std::error::Error for ParseErrors {}
