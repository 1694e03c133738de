//! The report of a replay: plain data (serialised as JSON, schema in `docs/formats.md`) and
//! its text transcript.

use std::fmt::Write as _;

use folio_core::script::Weighing;
use serde::Serialize;

use crate::findings::Finding;
use crate::script::Encoding;

/// Everything a replay established about one script.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The file as named.
    pub file: String,
    /// Always `scrabble` (Boggle scripts are replayed elsewhere).
    pub game: &'static str,
    /// The rule set used (`course`, `standard`, `wordbler`).
    pub rules: String,
    /// The tiles the game was played with: the rule set's, or the record's `#tileset`
    /// (drawn boards show these values). Not in the JSON report (the record names it).
    #[serde(skip)]
    pub tile_set: crate::TileSet,
    /// The word list: its name or path, and whether words were checked against it.
    pub lexicon: LexiconInfo,
    /// How the file was decoded.
    pub encoding: Encoding,
    /// `#title`, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// `#seed`, when given (racks dealt from the seeded bag).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Players in seat order, with final scores.
    pub players: Vec<PlayerReport>,
    /// Every event line, in order.
    pub turns: Vec<TurnReport>,
    /// `#rackN` pragmas (racks of an unfinished record).
    pub final_racks: Vec<RackReport>,
    /// How the game ended (or that it did not).
    pub result: GameResult,
    /// The board after the last event: 15 rows, `.` for an empty square, lower case = blank.
    pub board: Vec<String>,
    /// Counts of what was checked.
    pub stats: Stats,
    /// Every finding, in line order. Empty means the script is valid.
    pub findings: Vec<Finding>,
    /// Notes, in line order: conventions of other programs that folio accepts and names
    /// (players sharing a nickname, a lost challenge of the going-out play recorded as a
    /// pass). Same shape as findings; they never make a script invalid.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Finding>,
}

/// The word list a replay used.
#[derive(Clone, Debug, Default, Serialize)]
pub struct LexiconInfo {
    /// `--set` path or `#lexicon` value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Whether every word formed was looked up in it (only folio word sets are).
    pub checked: bool,
}

/// A player and their final scores.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerReport {
    /// 1-based seat (`#player1` = 1).
    pub seat: usize,
    /// Nickname used on event lines.
    pub nick: String,
    /// Full name.
    pub name: String,
    /// Final score by the rules (computed), end-of-game adjustments included (64-bit: the
    /// sum of a record's 32-bit points).
    pub score: i64,
    /// Last cumulative written in the record, when any (or the sum the record implies, when
    /// its last line wrote points without a cumulative).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded: Option<i64>,
}

/// What an event line does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TurnKind {
    /// Tiles placed.
    Play,
    /// A play that failed (illegal or a word outside the set): no tile placed.
    Rejected,
    /// `-`.
    Pass,
    /// `-TILES` / `-N`.
    Exchange,
    /// `--`: the previous play taken back.
    Withdrawn,
    /// `(challenge)` bonus.
    Challenge,
    /// `(RACK) +N`: end-of-game rack points.
    EndPoints,
    /// `(RACK) -N`: end-of-game penalty (own rack).
    EndPenalty,
    /// `(time) -N`.
    Time,
    /// A turn ignored because the game was over.
    Ignored,
}

impl TurnReport {
    /// What the turn did, in the transcript's words: each word formed with its score and
    /// the bingo bonus (`CAT 10, AT 2, bingo 50`), `rejected: …`, `pass`, `exchange`,
    /// `end-of-game rack points`… (the text report's detail column, and the HTML report's).
    pub fn summary(&self) -> String {
        let t = self;
        match t.kind {
            TurnKind::Play => {
                let mut words: Vec<String> = t
                    .words
                    .iter()
                    .map(|w| {
                        if w.repeat {
                            format!("{} 0 (repeat)", w.word)
                        } else {
                            format!("{} {}", w.word, w.score)
                        }
                    })
                    .collect();
                if t.bingo > 0 {
                    words.push(format!("bingo {}", t.bingo));
                }
                words.join(", ")
            }
            TurnKind::Rejected => format!("rejected: {}", t.rejected.as_deref().unwrap_or("")),
            TurnKind::Pass => "pass".into(),
            TurnKind::Exchange => "exchange".into(),
            TurnKind::Withdrawn => "play withdrawn".into(),
            TurnKind::Challenge => "challenge bonus".into(),
            TurnKind::EndPoints => "end-of-game rack points".into(),
            TurnKind::EndPenalty if t.points == 0 => "end-of-game rack: no adjustment".into(),
            TurnKind::EndPenalty => "end-of-game rack penalty".into(),
            TurnKind::Time => "time penalty".into(),
            TurnKind::Ignored => "ignored: the game is over".into(),
        }
    }
}

/// One event line replayed.
#[derive(Clone, Debug, Serialize)]
pub struct TurnReport {
    /// 1-based line of the event.
    pub line: u32,
    /// 1-based seat of the mover.
    pub seat: usize,
    /// Nickname of the mover.
    pub player: String,
    /// What the line does.
    pub kind: TurnKind,
    /// The mover's rack before the event, when known (written, or dealt by `#seed`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rack: Option<String>,
    /// The move in GCG notation (`8G WOUND`, `H8 .PILATEs`, `-DWN`, `-3`, `-`, `--`, `(DIIT)`).
    pub notation: String,
    /// Why a play was rejected.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rejected: Option<String>,
    /// Words formed (main word first), with per-tile breakdown.
    pub words: Vec<WordReport>,
    /// Bingo bonus included in `points`.
    pub bingo: u32,
    /// Points by the rules.
    pub points: i32,
    /// Points written in the record.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded_points: Option<i32>,
    /// Running total by the rules after this event (64-bit: see [`PlayerReport::score`]).
    pub total: i64,
    /// Cumulative written in the record.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded_total: Option<i32>,
    /// `#note` text attached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The board after this event (only when boards were asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
    /// The board after this event, always recorded (15 rows as [`Report::board`]): what a
    /// picture of the game draws turn by turn. Not part of the JSON report.
    #[serde(skip)]
    pub board_after: Vec<String>,
}

/// A word formed by a play.
#[derive(Clone, Debug, Serialize)]
pub struct WordReport {
    /// The letters, upper case.
    pub word: String,
    /// Start and direction (`8G` across, `G8` down).
    pub position: String,
    /// Whether this is the main word (along the play).
    pub main: bool,
    /// Whether it scored 0 as a repeat (wordbler: same word at the same place).
    pub repeat: bool,
    /// Its score.
    pub score: u32,
    /// Each tile of the word.
    pub tiles: Vec<TileReport>,
}

/// One tile of a word and what it scored.
#[derive(Clone, Debug, Serialize)]
pub struct TileReport {
    /// Square, column letter then row (`H8`).
    pub square: String,
    /// The letter (upper case).
    pub letter: String,
    /// A blank designated as `letter`.
    pub blank: bool,
    /// Placed by this play (otherwise already on the board).
    pub new: bool,
    /// Face value (0 for a blank).
    pub value: u32,
    /// Letter multiplier applied (1, 2, 3).
    pub letter_factor: u32,
    /// Word multiplier applied (1, 2, 3).
    pub word_factor: u32,
}

/// A `#rackN` pragma.
#[derive(Clone, Debug, Serialize)]
pub struct RackReport {
    /// Nickname.
    pub player: String,
    /// Tiles.
    pub rack: String,
}

/// How the game ended.
#[derive(Clone, Debug, Serialize)]
pub struct GameResult {
    /// `finished`, `unfinished`, or `not-replayed` (the script did not parse).
    pub status: &'static str,
    /// How it ended: `went out`, `six scoreless turns`, `six failed plays`, `rounds played`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Line of the event that ended it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended_at_line: Option<u32>,
    /// Nicknames with the highest computed score (several on a tie); empty when unfinished.
    pub winners: Vec<String>,
}

/// What was checked and matched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Turns (plays, passes, exchanges) replayed.
    pub moves: usize,
    /// Tile plays.
    pub plays: usize,
    /// Written points compared with the rules' number for their line: plays, passes,
    /// exchanges, withdrawals and end-of-game lines (a challenge bonus and a time penalty
    /// are the record's to set, so not counted).
    pub scores_checked: usize,
    /// Of those, equal.
    pub scores_matched: usize,
    /// Recorded cumulatives compared with the computed running total.
    pub totals_checked: usize,
    /// Of those, equal.
    pub totals_matched: usize,
}

impl Stats {
    /// Adds another report's counts.
    pub fn add(&mut self, o: &Stats) {
        self.moves += o.moves;
        self.plays += o.plays;
        self.scores_checked += o.scores_checked;
        self.scores_matched += o.scores_matched;
        self.totals_checked += o.totals_checked;
        self.totals_matched += o.totals_matched;
    }
}

impl Report {
    /// The report of a script that does not parse: its problems as findings, nothing replayed.
    /// A convention it names (`duplicate-nickname`) stays a note, as in a replayed record,
    /// unless its code is in `notes_as_findings` (the run's `--deny`/`--warn`).
    pub fn not_replayed(
        file: &str,
        errors: &crate::gcg::ParseErrors,
        notes_as_findings: &[String],
    ) -> Report {
        let (notes, findings): (Vec<Finding>, Vec<Finding>) = errors
            .errors
            .iter()
            .map(crate::findings::from_parse)
            .partition(|f| {
                matches!(&f.rule, crate::findings::Rule::Script(k) if k.is_note())
                    && !notes_as_findings.iter().any(|c| c == f.rule.code())
            });
        Report {
            file: file.to_string(),
            game: "scrabble",
            rules: String::new(),
            tile_set: crate::Rules::STANDARD.tile_set,
            lexicon: LexiconInfo::default(),
            encoding: Encoding::Utf8,
            title: None,
            seed: None,
            players: Vec::new(),
            turns: Vec::new(),
            final_racks: Vec::new(),
            result: GameResult {
                status: "not-replayed",
                reason: Some("the script does not parse".into()),
                ended_at_line: None,
                winners: Vec::new(),
            },
            board: Vec::new(),
            stats: Stats::default(),
            findings,
            notes,
        }
    }

    /// Whether the script is valid: no finding.
    pub fn is_valid(&self) -> bool {
        self.findings.is_empty()
    }

    /// The text transcript: a header line, one line per event (each followed by the board
    /// when the replay recorded boards), the final board, standings, result, then every
    /// finding with the line as written.
    pub fn to_text(&self) -> String {
        self.to_text_weighed(&Weighing::default())
    }

    /// [`to_text`](Self::to_text) with the findings as `weighing` weighs them: the ones of
    /// allowed rules and those past its limit counted on a `not listed:` line, warnings and
    /// notes marked as such (`file:4:24: warning: …`).
    pub fn to_text_weighed(&self, weighing: &Weighing<'_>) -> String {
        let mut out = String::new();
        let names: Vec<String> = self.players.iter().map(|p| clip(&p.nick)).collect();
        let lex = match (&self.lexicon.name, self.lexicon.checked) {
            (Some(n), true) => format!("words checked against {}", clip(n)),
            (Some(n), false) => format!("lexicon {} not available: words not checked", clip(n)),
            (None, _) => "words not checked".to_string(),
        };
        if self.result.status == "not-replayed" {
            let _ = writeln!(
                out,
                "{}: not replayed: the script does not parse",
                folio_core::quote::shown(&self.file)
            );
        } else {
            let _ = writeln!(
                out,
                "{}: {} ({} rules, {lex})",
                folio_core::quote::shown(&self.file),
                names.join(" vs "),
                self.rules
            );
        }
        if let Some(t) = &self.title {
            let _ = writeln!(out, "title: {t}");
        }
        let w = names
            .iter()
            .map(|n| n.chars().count())
            .max()
            .unwrap_or(4)
            .max(4);
        for t in &self.turns {
            let _ = writeln!(out, "{}", turn_line(t, w));
            if let Some(rows) = &t.board {
                out.push_str(&render_board(rows));
            }
        }
        // The final board, unless the last turn just showed it.
        let shown = self.turns.last().is_some_and(|t| t.board.is_some());
        if !self.board.is_empty() && !shown {
            out.push_str(&render_board(&self.board));
        }
        if self.result.status != "not-replayed" {
            let mut standings: Vec<&PlayerReport> = self.players.iter().collect();
            standings.sort_by_key(|p| (std::cmp::Reverse(p.score), p.seat));
            let parts: Vec<String> = standings
                .iter()
                .map(|p| match p.recorded {
                    Some(r) if r != p.score => {
                        format!("{} {} (recorded {r})", self.player_shown(p), p.score)
                    }
                    _ => format!("{} {}", self.player_shown(p), p.score),
                })
                .collect();
            let _ = writeln!(out, "final: {}", parts.join(", "));
            let _ = writeln!(out, "result: {}", self.result_text());
        }
        if !self.notes.is_empty() {
            let n = self.notes.len();
            let _ = writeln!(
                out,
                "{n} note{} (not findings):",
                if n == 1 { "" } else { "s" }
            );
            for f in &self.notes {
                let _ = writeln!(out, "{}", f.diagnostic());
            }
        }
        let weighed = weighing.weigh(self.findings.iter().map(|f| f.rule.code()));
        let n = weighed.listed();
        if n > 0 {
            let _ = writeln!(out, "{n} finding{}:", if n == 1 { "" } else { "s" });
            for (i, f) in self.findings.iter().enumerate() {
                if let Some(severity) = weighed.shown(i) {
                    let _ = writeln!(out, "{}", f.diagnostic_as(severity));
                }
            }
        }
        if let Some(line) = weighed.not_listed() {
            let _ = writeln!(out, "{line}");
        }
        out
    }

    /// One line saying how the game ended.
    pub fn result_text(&self) -> String {
        let r = &self.result;
        match r.status {
            "finished" => {
                let how = r.reason.clone().unwrap_or_default();
                let at = r
                    .ended_at_line
                    .map(|l| format!(" at line {l}"))
                    .unwrap_or_default();
                // Players sharing a nickname (Quackle's `NoName`) are told apart by name.
                let winners: Vec<String> = if self.shared_nicks() {
                    let top = self.players.iter().map(|p| p.score).max();
                    self.players
                        .iter()
                        .filter(|p| Some(p.score) == top)
                        .map(|p| self.player_shown(p))
                        .collect()
                } else {
                    r.winners.clone()
                };
                match winners.as_slice() {
                    [one] => format!("{one} wins (game over{at}: {how})"),
                    many => format!("tie between {} (game over{at}: {how})", many.join(", ")),
                }
            }
            "unfinished" => "unfinished (the record stops before the game ends)".to_string(),
            other => other.to_string(),
        }
    }
}

impl Report {
    /// Whether two players share a nickname.
    fn shared_nicks(&self) -> bool {
        self.players
            .iter()
            .enumerate()
            .any(|(i, p)| self.players[..i].iter().any(|q| q.nick == p.nick))
    }

    /// A player as the standings name them: the nickname, with the full name beside it
    /// when another player has the same nickname (`NoName (Ann)`).
    fn player_shown(&self, p: &PlayerReport) -> String {
        let shared = self
            .players
            .iter()
            .any(|q| q.seat != p.seat && q.nick == p.nick);
        if shared && p.name != p.nick {
            format!("{} ({})", clip(&p.nick), clip(&p.name))
        } else {
            clip(&p.nick)
        }
    }
}

/// Text of the script (a nickname, a rack, a move) as the transcript shows it: clipped
/// (`folio_core::quote::clipped`), so a megabyte token stays one short row, and a column is
/// never wider than `format!` can pad (a wider one panicked).
fn clip(text: &str) -> String {
    folio_core::quote::clipped(text, folio_core::quote::QUOTED_CHARS).to_string()
}

fn turn_line(t: &TurnReport, w: usize) -> String {
    let rack = clip(t.rack.as_deref().unwrap_or(""));
    let notation = clip(&t.notation);
    let mut detail = t.summary();
    let mut marks = Vec::new();
    if let Some(r) = t.recorded_points {
        if r != t.points {
            marks.push(format!("recorded {r:+}"));
        }
    }
    if let Some(r) = t.recorded_total {
        if i64::from(r) != t.total {
            marks.push(format!("recorded total {r}"));
        }
    }
    if !marks.is_empty() {
        let _ = write!(detail, "  [{}]", marks.join(", "));
    }
    format!(
        "{:>4}  {:<w$}  {:<7}  {:<18} {:>+5} {:>5}  {}",
        t.line,
        clip(&t.player),
        rack,
        notation,
        t.points,
        t.total,
        detail,
        w = w
    )
    .trim_end()
    .to_string()
}

/// Renders board rows (from [`Report::board`]) with column letters and row numbers.
pub fn render_board(rows: &[String]) -> String {
    let mut out = String::from("   ");
    for c in 0..rows.first().map_or(0, |r| r.chars().count()) {
        let _ = write!(out, " {}", (b'A' + c as u8) as char);
    }
    out.push('\n');
    for (i, r) in rows.iter().enumerate() {
        let _ = write!(out, "{:>3}", i + 1);
        for ch in r.chars() {
            let _ = write!(out, " {ch}");
        }
        out.push('\n');
    }
    out
}

/// The summary line of a run over several scripts: `N games, N moves, N findings`.
pub fn summary_line(games: usize, moves: usize, findings: usize) -> String {
    let s = |n: usize| if n == 1 { "" } else { "s" };
    format!(
        "{games} game{}, {moves} move{}, {findings} finding{}",
        s(games),
        s(moves),
        s(findings)
    )
}
