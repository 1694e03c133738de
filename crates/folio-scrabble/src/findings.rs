//! Findings: every way a script breaks a rule, located and typed.
//!
//! A [`Finding`] is `file:line:col: <rule broken>` plus the line as written. Parse problems
//! ([`crate::gcg::ParseErrorKind`]) and replay problems ([`Rule`]) both become findings, so a
//! report lists them all in line order.

use folio_core::quote::{clipped, QUOTED_CHARS};

use crate::gcg::{ParseError, ParseErrorKind};
use crate::script::{Loc, Script};

/// A rule of the game or of the record that a replayed event breaks. Text taken from the
/// script (racks, tiles, nicknames) is shown clipped (`folio_core::quote::clipped`: control
/// characters escaped, cut after 80 characters with the total length).
///
/// Sources: the rule set in force (`docs/rules.md`), the GCG format (Poslfit spec 1.2 and
/// MAGPIE's validation, summarised in `shared/docs/gcg-format.md`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Rule {
    /// A problem found while parsing (see [`ParseErrorKind`]).
    #[error("{0}")]
    Script(ParseErrorKind),
    /// The placement breaks a board rule (folio-core's verdict).
    #[error("illegal play: {0}")]
    Illegal(crate::Illegal),
    /// A word formed is not in the word set given (several: `VUM, UR are not …`).
    #[error("{word} {} not in the word set{}", if .word.contains(", ") { "are" } else { "is" }, if *.stood { " (the play stood: it is scored by the rules)" } else { ": the play fails" })]
    UnknownWord {
        /// The word, or the words comma-separated.
        word: String,
        /// Whether the record kept the play on the board anyway (a phony never challenged).
        stood: bool,
    },
    /// A play was withdrawn (`--`) though every word it formed is in the word set.
    #[error("withdrawn play formed only words of the word set ({words})")]
    WithdrawnValidPlay {
        /// The words, comma-separated.
        words: String,
    },
    /// The recorded points of a turn differ from the rules' score: a play's, or the 0 of a
    /// pass or an exchange.
    #[error("score: recorded {recorded:+}, the rules give {computed:+}")]
    Score {
        /// Written.
        recorded: i32,
        /// Computed.
        computed: i32,
    },
    /// The cumulative is not the previous cumulative plus the points (MAGPIE:
    /// `CUMULATIVE_SCORING_ERROR`).
    #[error("cumulative: recorded {recorded}, but {previous} {points:+} = {expected}")]
    Cumulative {
        /// Written.
        recorded: i64,
        /// The player's previous cumulative (as written, or implied).
        previous: i64,
        /// Points of this event.
        points: i32,
        /// previous + points, exact (64-bit).
        expected: i64,
    },
    /// Tiles played or exchanged are not on the rack written (MAGPIE: `MOVE_VALIDATION_ERROR`).
    #[error("{} not on the rack {}", clipped(.tiles, QUOTED_CHARS), clipped(.rack, QUOTED_CHARS))]
    NotOnRack {
        /// The missing tiles.
        tiles: String,
        /// The rack.
        rack: String,
    },
    /// A rack (or the tiles of a play) holds more of a tile than the bag and racks can still
    /// hold, given the tiles on the board (MAGPIE: `RACK_NOT_IN_BAG`).
    #[error("{} cannot be drawn: {detail}", clipped(.tiles, QUOTED_CHARS))]
    NotInBag {
        /// The tiles written.
        tiles: String,
        /// Which tile is over its count.
        detail: String,
    },
    /// The rack written differs from the rack dealt by the seeded bag (`#seed`).
    #[error("rack {} is not the rack dealt ({dealt})", clipped(.written, QUOTED_CHARS))]
    RackNotDealt {
        /// Written.
        written: String,
        /// Dealt.
        dealt: String,
    },
    /// A turn by the wrong player (MAGPIE: `GAME_EVENT_OFF_TURN`).
    #[error("{} moves out of turn: it is {}'s turn", clipped(.player, QUOTED_CHARS), clipped(.expected, QUOTED_CHARS))]
    OffTurn {
        /// Who moved.
        player: String,
        /// Whose turn it was.
        expected: String,
    },
    /// An exchange when the bag is too small (rule set's `exchange_min_bag`).
    #[error("exchange with {} in the bag: at least {min} {} needed", folio_core::plural(*.bag, "tile", "tiles"), folio_core::noun(*.min, "is", "are"))]
    ExchangeBagTooSmall {
        /// Tiles in the bag.
        bag: usize,
        /// Minimum.
        min: usize,
    },
    /// An exchange of more tiles than the rack holds.
    #[error("exchange of {} from a rack of {rack}", folio_core::plural(*.count, "tile", "tiles"))]
    ExchangeTooMany {
        /// Tiles exchanged.
        count: usize,
        /// Tiles on the rack.
        rack: usize,
    },
    /// An exchange by count (`-3`) in a seeded game: the dealt racks need the tiles named.
    #[error("exchange by count in a seeded game: name the tiles exchanged (-TILES)")]
    ExchangeNeedsTiles,
    /// A rack written with more tiles than the rule set's racks hold (NASPA: racks of 7).
    #[error("rack {} holds {tiles} tiles, more than the {size} of a rack", clipped(.rack, QUOTED_CHARS))]
    RackTooLong {
        /// The rack as written.
        rack: String,
        /// Its tiles.
        tiles: usize,
        /// The rule set's rack size.
        size: usize,
    },
    /// A play uses more tiles than the mover holds.
    #[error("the play uses {} but the rack holds {rack}", folio_core::plural(*.used, "tile", "tiles"))]
    TooManyTiles {
        /// Tiles placed.
        used: usize,
        /// Tiles on the rack.
        rack: usize,
    },
    /// `--` not right after a play by the same player (MAGPIE:
    /// `PHONY_TILES_RETURNED_WITHOUT_PLAY`).
    #[error("withdrawal (--) without a play by the same player just before")]
    WithdrawnWithoutPlay,
    /// The rack of a `--` line differs from the rack of the play withdrawn (MAGPIE:
    /// `PHONY_TILES_RETURNED_MISMATCH`).
    #[error("withdrawal rack {} differs from the rack {} of the play", clipped(.withdrawn, QUOTED_CHARS), clipped(.played, QUOTED_CHARS))]
    WithdrawnRackMismatch {
        /// Rack on the `--` line.
        withdrawn: String,
        /// Rack on the play line.
        played: String,
    },
    /// The points of a `--` line are not minus the play's points.
    #[error("withdrawal points: recorded {recorded:+}, but the play withdrawn scored {played:+}")]
    WithdrawnPoints {
        /// Written on the `--` line.
        recorded: i32,
        /// Written (or computed) on the play.
        played: i32,
    },
    /// `(challenge)` not right after a play by the same player (MAGPIE:
    /// `CHALLENGE_BONUS_WITHOUT_PLAY`, `INVALID_CHALLENGE_BONUS_PLAYER_INDEX`).
    #[error("challenge bonus without a play by {} just before", clipped(.0, QUOTED_CHARS))]
    ChallengeWithoutPlay(String),
    /// A second `(challenge)` bonus for the same play: a play is challenged once, all its
    /// words at once, and a challenge that fails gives one bonus (NASPA; MAGPIE reads a bonus
    /// line only right after a play: `CHALLENGE_BONUS_WITHOUT_PLAY`). The second line scores
    /// nothing.
    #[error(
        "second challenge bonus for the same play (the first is at line {line}): it scores nothing"
    )]
    ChallengeBonusTwice {
        /// Line of the first bonus.
        line: u32,
    },
    /// A withdrawal (`--`) of a play that was given a challenge bonus: the bonus is given when
    /// the play stands its challenge, so the record contradicts itself (MAGPIE reads `--` only
    /// right after a play: `PHONY_TILES_RETURNED_WITHOUT_PLAY`). The replay follows the
    /// withdrawal: the play and its bonus are taken back.
    #[error("withdrawal of a play that stood its challenge (bonus {bonus:+} at line {line}): the play and its bonus are taken back")]
    WithdrawnAfterChallengeBonus {
        /// The bonus given.
        bonus: i32,
        /// Line of the bonus.
        line: u32,
    },
    /// An end-of-game line before the game is over (MAGPIE: `END_GAME_EVENT_BEFORE_GAME_END`).
    #[error("{0} before the game is over")]
    EndLineBeforeGameOver(&'static str),
    /// A turn after the game is over (MAGPIE: `MOVE_EVENT_AFTER_GAME_END`).
    #[error("move after the game is over ({0})")]
    MoveAfterGameOver(String),
    /// A note, not a finding: a pass by the opponent right after the going-out play, before
    /// the end-of-game lines. Under the double-challenge rule a player who challenges the
    /// final play and loses the challenge loses a turn, written as this pass (Macondo and
    /// Quackle records); it scores nothing and the game stays over.
    #[error("pass after the going-out play: {} challenged {}'s play and lost (double challenge); no turn is played", clipped(.challenger, QUOTED_CHARS), clipped(.out, QUOTED_CHARS))]
    LostChallengePass {
        /// Who challenged and lost: the player of the pass.
        challenger: String,
        /// Who went out.
        out: String,
    },
    /// End-of-game rack points by someone other than the player who went out.
    #[error("end-of-game rack points go to {}, who went out", clipped(.expected, QUOTED_CHARS))]
    EndPointsWrongPlayer {
        /// Who went out.
        expected: String,
    },
    /// The rack in `(RACK)` is not what is left (MAGPIE: `RACK_END_POINTS_INCORRECT`).
    #[error("end-of-game rack ({}) is not the tiles left ({left})", clipped(.written, QUOTED_CHARS))]
    EndRackTiles {
        /// Written.
        written: String,
        /// Left by the tile count (bag empty: every tile not on the board).
        left: String,
    },
    /// Wrong end-of-game rack points (MAGPIE: `RACK_END_POINTS_INCORRECT`).
    #[error("end-of-game rack points: recorded {recorded:+}, the rules give {expected:+}{}", if *.accepted_single != 0 { format!(" (or {:+} under the old international rule)", .accepted_single) } else { String::new() })]
    EndPoints {
        /// Written.
        recorded: i32,
        /// By the rule set.
        expected: i32,
        /// Also accepted (value once, with the others' own-rack penalties), or 0.
        accepted_single: i32,
    },
    /// Wrong end-of-game penalty (MAGPIE: `END_RACK_PENALTY_INCORRECT`).
    #[error(
        "end-of-game rack penalty: recorded {recorded:+}, the rack ({}) gives {expected:+}",
        clipped(.rack, QUOTED_CHARS)
    )]
    EndPenalty {
        /// Written.
        recorded: i32,
        /// Minus the rack's value.
        expected: i32,
        /// The rack.
        rack: String,
    },
    /// A `(RACK)` penalty that differs from the rack field on the same line (MAGPIE:
    /// `PLAYED_LETTERS_NOT_IN_RACK`).
    #[error("end-of-game rack ({}) differs from the rack {} on the same line", clipped(.penalty, QUOTED_CHARS), clipped(.rack, QUOTED_CHARS))]
    EndRackMismatch {
        /// In parentheses.
        penalty: String,
        /// The rack field.
        rack: String,
    },
    /// An end-of-game penalty that the way the game ended does not call for.
    #[error("end-of-game penalty not due: {0}")]
    PenaltyNotDue(String),
    /// The same end-of-game line twice.
    #[error("second end-of-game line for {}", clipped(.0, QUOTED_CHARS))]
    EndLineTwice(String),
    /// A finished game without its end-of-game line(s).
    #[error("the game is over ({reason}) but the end-of-game line for {} is missing{}", clipped(.player, QUOTED_CHARS), match .adjustment { Some(a) => format!(" ({a:+} by the rules)"), None => String::new() })]
    MissingEndLine {
        /// How the game ended.
        reason: String,
        /// Whose line is missing.
        player: String,
        /// The adjustment the rules give, when the racks are known (applied to the computed
        /// totals).
        adjustment: Option<i32>,
    },
    /// A second `(time)` line for one player: a player's overtime is penalised once, at the
    /// end of the game (NASPA Official Tournament Rules: 10 points a minute over). Both
    /// lines are applied as written (the record decides a penalty).
    #[error("second time penalty for the same player (the first is at line {line}): a player's time is penalised once")]
    TimePenaltyTwice {
        /// Line of the first penalty.
        line: u32,
    },
    /// A time penalty that is positive.
    #[error("time penalty must not be positive ({0:+})")]
    PositiveTimePenalty(i32),
    /// A challenge bonus that is negative: the bonus is what the challenged player gains for
    /// a play that stood (`../shared/docs/gcg-format.md`, challenge bonus: `+5` under WESPA,
    /// `+10` at some events), the mirror of a time penalty's sign.
    #[error("challenge bonus must not be negative ({0:+})")]
    NegativeChallengeBonus(i32),
    /// An event by a seat the rule set does not allow (more players than it seats).
    #[error("{}: the {rules} rules seat {min} to {max}", folio_core::plural(*.players, "player", "players"))]
    PlayerCount {
        /// Players declared.
        players: usize,
        /// Rule set name.
        rules: &'static str,
        /// Minimum.
        min: usize,
        /// Maximum.
        max: usize,
    },
    /// The word set's words use letters the game's tile set has no tile of (a set built for
    /// another alphabet: `É` from a French set kept with diacritics, in an English game):
    /// once per game, at `#lexicon`, else at line 1. A set whose letters are a subset of the
    /// tiles' (an English set in a German game) is fine.
    #[error("the word set's words use {} beside A-Z, which the {tileset} tile set has no tiles for: it was built for another alphabet (the game policy folds accents; --tile-letters keeps a tile set's own)", folio_core::quote::quoted(.letters))]
    AlphabetMismatch {
        /// The letters without tiles, in order.
        letters: String,
        /// The tile set's name.
        tileset: &'static str,
    },
    /// `#lexicon` names a file that exists but is not a readable folio word set.
    #[error("#lexicon {}", clipped(.0, QUOTED_CHARS))]
    Lexicon(String),
    /// No word of the game was checked against a lexicon, and the caller requires it
    /// (`folio play --require-lexicon`). Located at `#lexicon`, else at the first line.
    #[error("words not checked: {} (--require-lexicon: give --set SET.fst, or #lexicon PATH.fst)", match .lexicon { Some(n) => format!("#lexicon {} is a lexicon name, not a folio word set file", clipped(n, QUOTED_CHARS)), None => "no lexicon given".to_string() })]
    WordsNotChecked {
        /// The `#lexicon` value, when the script names one.
        lexicon: Option<String>,
    },
}

folio_core::rule_codes! {
    impl Rule {
        /// A short stable code naming the rule (the `rule` field of JSON findings).
        pub fn code;
        via {
            Rule::Script(k) => k.code(),
            Rule::Illegal(i) => i.code(),
        }
        codes {
            Rule::UnknownWord { .. } => "unknown-word",
            Rule::WithdrawnValidPlay { .. } => "withdrawn-valid-play",
            Rule::Score { .. } => "score",
            Rule::Cumulative { .. } => "cumulative",
            Rule::NotOnRack { .. } => "not-on-rack",
            Rule::NotInBag { .. } => "not-in-bag",
            Rule::RackNotDealt { .. } => "rack-not-dealt",
            Rule::OffTurn { .. } => "off-turn",
            Rule::ExchangeBagTooSmall { .. } => "exchange-bag-too-small",
            Rule::ExchangeTooMany { .. } => "exchange-too-many",
            Rule::ExchangeNeedsTiles => "exchange-needs-tiles",
            Rule::TooManyTiles { .. } => "too-many-tiles",
            Rule::RackTooLong { .. } => "rack-too-long",
            Rule::WithdrawnWithoutPlay => "withdrawn-without-play",
            Rule::WithdrawnRackMismatch { .. } => "withdrawn-rack-mismatch",
            Rule::WithdrawnPoints { .. } => "withdrawn-points",
            Rule::ChallengeWithoutPlay(_) => "challenge-without-play",
            Rule::ChallengeBonusTwice { .. } => "challenge-bonus-twice",
            Rule::WithdrawnAfterChallengeBonus { .. } => "withdrawn-after-challenge-bonus",
            Rule::EndLineBeforeGameOver(_) => "end-line-before-game-over",
            Rule::MoveAfterGameOver(_) => "move-after-game-over",
            Rule::LostChallengePass { .. } => "lost-challenge-pass",
            Rule::EndPointsWrongPlayer { .. } => "end-points-wrong-player",
            Rule::EndRackTiles { .. } => "end-rack-tiles",
            Rule::EndPoints { .. } => "end-points",
            Rule::EndPenalty { .. } => "end-penalty",
            Rule::EndRackMismatch { .. } => "end-rack-mismatch",
            Rule::PenaltyNotDue(_) => "penalty-not-due",
            Rule::EndLineTwice(_) => "end-line-twice",
            Rule::MissingEndLine { .. } => "missing-end-line",
            Rule::PositiveTimePenalty(_) => "positive-time-penalty",
            Rule::TimePenaltyTwice { .. } => "time-penalty-twice",
            Rule::NegativeChallengeBonus(_) => "negative-challenge-bonus",
            Rule::PlayerCount { .. } => "player-count",
            Rule::Lexicon(_) => "lexicon",
            Rule::AlphabetMismatch { .. } => "alphabet-mismatch",
            Rule::WordsNotChecked { .. } => "words-not-checked",
        }
    }
}

/// Every code a crossword game's findings can carry, in no order (a code may repeat).
pub fn all_codes() -> impl Iterator<Item = &'static str> {
    Rule::CODES
        .iter()
        .chain(ParseErrorKind::CODES)
        .chain(crate::Illegal::CODES)
        .copied()
}

/// One located finding: the kernel's shape ([`folio_core::script::Finding`]) with this
/// game's typed [`Rule`].
pub type Finding = folio_core::script::Finding<Rule>;

impl folio_core::script::Rule for Rule {
    fn code(&self) -> &'static str {
        Rule::code(self)
    }
}

/// A finding at `loc` of `script`, keeping the line as written (a long line as its excerpt
/// around the column, [`folio_core::script::excerpt()`]).
pub fn at(script: &Script, loc: Loc, rule: Rule) -> Finding {
    Finding {
        file: script.source.clone(),
        loc,
        rule,
        text: folio_core::script::excerpt(script.line(loc.line), loc.col),
    }
}

/// The finding for a parse problem.
pub fn from_parse(e: &ParseError) -> Finding {
    Finding {
        file: e.file.clone(),
        loc: e.loc,
        rule: Rule::Script(e.kind.clone()),
        text: e.text.clone(),
    }
}

pub use folio_core::script::SHOWN_CHARS;
