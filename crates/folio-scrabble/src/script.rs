//! A parsed script as plain data: header pragmas, events, notes and final racks.
//!
//! Nothing here knows the rules: a [`Script`] is what the text says, located line by line.
//! The GCG parser builds it; the replay checks it against the rules.
//! The format is GCG (see `docs/formats.md` and the Poslfit spec summarised in
//! `shared/docs/gcg-format.md`) plus folio's optional fields and pragmas.

use std::fmt;

pub use folio_core::script::{Encoding, Loc};

/// Which game a script records (`#game`, a folio pragma; default Scrabble-style).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// A crossword game (the default; every GCG file).
    #[default]
    Scrabble,
    /// Boggle rounds (`#game boggle`): handled by another module, not by this replayer.
    Boggle,
}

/// The rule set a script names with `#rules` (folio pragma).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RulesName {
    /// The Book Scrabble course rules.
    Course,
    /// NASPA/WESPA tournament scoring (the default for GCG records).
    Standard,
    /// The Wordbler rules.
    Wordbler,
}

impl RulesName {
    /// Every rule set, in the order help lists them.
    pub const ALL: [RulesName; 3] = [RulesName::Course, RulesName::Standard, RulesName::Wordbler];

    /// Parses `course`, `standard` or `wordbler` (ASCII case-insensitive).
    pub fn parse(s: &str) -> Option<RulesName> {
        match s.to_ascii_lowercase().as_str() {
            "course" => Some(RulesName::Course),
            "standard" => Some(RulesName::Standard),
            "wordbler" => Some(RulesName::Wordbler),
            _ => None,
        }
    }

    /// The pragma spelling.
    pub fn name(self) -> &'static str {
        match self {
            RulesName::Course => "course",
            RulesName::Standard => "standard",
            RulesName::Wordbler => "wordbler",
        }
    }
}

/// A player declared by `#playerN NICK FULL NAME`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerDecl {
    /// Seat, 0-based (`#player1` is seat 0).
    pub seat: usize,
    /// The nickname events use (one token).
    pub nick: String,
    /// The full name (rest of the line; the nickname when absent).
    pub name: String,
    /// Where the pragma is.
    pub loc: Loc,
}

/// The header: every pragma that describes the game as a whole.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// Declared players, in seat order (seats without a declaration are absent).
    pub players: Vec<PlayerDecl>,
    /// `#title`.
    pub title: Option<String>,
    /// `#description`.
    pub description: Option<String>,
    /// `#id AUTHORITY ID`, kept as written.
    pub id: Option<String>,
    /// `#lexicon NAME-OR-PATH`, with the location of its value. Whether it names a folio word
    /// set is decided by the caller (it needs I/O).
    pub lexicon: Option<(String, Loc)>,
    /// `#character-encoding` value as written.
    pub encoding_declared: Option<String>,
    /// `#rules` (folio).
    pub rules: Option<RulesName>,
    /// `#tileset NAME` (folio): the tiles in play instead of the rule set's own
    /// ([`TileSet::crossword`](crate::tileset::TileSet::crossword): `course`, `english`,
    /// `french`, `german`).
    pub tileset: Option<crate::tileset::TileSet>,
    /// `#seed N` (folio): deal from a seeded bag and check every rack against it.
    pub seed: Option<u64>,
    /// `#rounds N` (folio): the game ends after N rounds (course rules).
    pub rounds: Option<u32>,
    /// `#game` (folio): which game the script records.
    pub game: GameKind,
    /// `#game-type` value as written (GCG variant; `classic` is the only one replayed).
    pub game_type: Option<String>,
    /// Note lines before the first event (GCG attaches a note to the event before it; a
    /// note with no event before it is kept here and reported).
    pub note: Option<String>,
    /// `#incomplete` was present.
    pub incomplete: bool,
    /// Pragmas kept but not interpreted (`#tile-set english`, `#style wsc2001`...), in order.
    pub other: Vec<(String, String)>,
}

/// A string of tiles as written: letter codes (`A`–`Z`, Latin-1 letters such as `Ä` as
/// their Latin-1 byte: see [`crate::tile`]), and `?` for a blank. [`tiles_text`] writes it.
pub type Tiles = Vec<u8>;

/// The text of written tiles (`AEÄ?`): each byte is a letter code or `?`.
pub fn tiles_text(tiles: &[u8]) -> String {
    tiles.iter().map(|&b| char::from(b)).collect()
}

/// One square of a written word, before the board says whether it is new or played through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordTile {
    /// A letter as written: upper case `letter`; `blank` when written in lower case (a blank
    /// designated as that letter). On an occupied square it names the letter played through
    /// (old Quackle/Elise notation), compared case-insensitively.
    Letter {
        /// Upper-case letter code (`b'A'`, `0xC4` for `Ä`).
        letter: u8,
        /// Written in lower case.
        blank: bool,
    },
    /// A square already on the board: `.` (letter unknown) or `(X)` (letter given).
    Through(Option<u8>),
}

/// Direction of a play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    /// Along a row (coordinate written row first: `8H`).
    Across,
    /// Down a column (coordinate written column first: `H8`).
    Down,
}

/// A board coordinate in Scrabble notation, 0-based inside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coord {
    /// 0-based row (`1` is row 0).
    pub row: u8,
    /// 0-based column (`A` is column 0).
    pub col: u8,
    /// Across when written row first.
    pub dir: Dir,
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = (b'A' + self.col) as char;
        match self.dir {
            Dir::Across => write!(f, "{}{}", self.row + 1, c),
            Dir::Down => write!(f, "{}{}", c, self.row + 1),
        }
    }
}

/// How an exchange names its tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exchanged {
    /// `-DWN`: the tiles returned.
    Tiles(Tiles),
    /// `-3`: only the count is known.
    Count(u8),
}

/// What an event line does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// A tile placement: `8G WOUND`.
    Play {
        /// Start square and direction.
        coord: Coord,
        /// The main word as written, from the start square.
        word: Vec<WordTile>,
    },
    /// `-`: pass.
    Pass,
    /// `-TILES` or `-N`: exchange.
    Exchange(Exchanged),
    /// `--`: the mover's previous play was challenged off (a withdrawn phony).
    Withdrawn,
    /// `(challenge)`: bonus to the player whose play was challenged without success.
    ChallengeBonus,
    /// `(RACK)`: end-of-game rack points (`+`, rack of an opponent) or penalty (`-`, own rack).
    EndRack(Tiles),
    /// `(time)`: time penalty.
    TimePenalty,
}

impl EventKind {
    /// Whether this is a turn (play, pass, exchange) rather than an adjustment line.
    pub fn is_turn(&self) -> bool {
        matches!(
            self,
            EventKind::Play { .. } | EventKind::Pass | EventKind::Exchange(_)
        )
    }
}

/// Column of each field of an event line (1-based; 0 when the field is absent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EventCols {
    /// The rack.
    pub rack: u32,
    /// The move body (coordinate, `-`, `(…)`).
    pub body: u32,
    /// The word of a play.
    pub word: u32,
    /// The signed score.
    pub score: u32,
    /// The cumulative total.
    pub cumulative: u32,
}

/// One `>NICK: …` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Where the line starts (column 1).
    pub loc: Loc,
    /// Columns of the fields, for precise diagnostics.
    pub cols: EventCols,
    /// Seat of the player named (0-based).
    pub player: usize,
    /// The mover's rack before the event, when written (folio: optional).
    pub rack: Option<Tiles>,
    /// What happens.
    pub kind: EventKind,
    /// Signed points written (`+28`, `-37`); folio: optional, computed when absent.
    pub score: Option<i32>,
    /// Cumulative total written; folio: optional, computed when absent.
    pub cumulative: Option<i32>,
    /// Tokens after the cumulative (old Quackle cross-word lists), kept and ignored.
    pub trailing: Vec<String>,
    /// `#note` text attached to this event (several note lines joined by newlines).
    pub note: Option<String>,
}

/// `#rackN TILES` after the last event: a player's rack in an unfinished record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalRack {
    /// Seat (0-based).
    pub player: usize,
    /// The tiles.
    pub tiles: Tiles,
    /// Where the pragma is.
    pub loc: Loc,
    /// How many events precede it (a `#rackN` belongs after the last event; one in the
    /// middle is checked against the board at that point).
    pub after_events: usize,
}

/// A whole script: what the text says, located.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    /// The name diagnostics give the file (usually its path as given).
    pub source: String,
    /// Decoded lines as written (without line terminators); `lines[0]` is line 1.
    pub lines: folio_core::script::TextLines,
    /// How the bytes were decoded.
    pub encoding: Encoding,
    /// Header pragmas.
    pub header: Header,
    /// Event lines in order.
    pub events: Vec<Event>,
    /// `#rackN` pragmas.
    pub final_racks: Vec<FinalRack>,
    /// Problems that do not stop the replay (a pragma out of place, an unsupported encoding
    /// name...). They become findings.
    pub issues: Vec<crate::parse_error::ParseError>,
}

impl Script {
    /// The line as written (1-based), or `""` past the end.
    pub fn line(&self, line: u32) -> &str {
        (line as usize)
            .checked_sub(1)
            .and_then(|i| self.lines.get(i))
            .unwrap_or("")
    }

    /// Number of player seats (the highest declared seat + 1).
    pub fn seats(&self) -> usize {
        self.header
            .players
            .iter()
            .map(|p| p.seat + 1)
            .max()
            .unwrap_or(0)
    }

    /// The nickname of a seat, or `player N`.
    pub fn nick(&self, seat: usize) -> String {
        self.header
            .players
            .iter()
            .find(|p| p.seat == seat)
            .map(|p| p.nick.clone())
            .unwrap_or_else(|| format!("player{}", seat + 1))
    }
}
