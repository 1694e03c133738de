//! The replay report: each player's score and words with verdicts, the words nobody found,
//! and the findings (rejected words, wrong claimed scores), as text or JSON.

use std::fmt::{self, Write as _};

use crate::Verdict;
use folio_core::quote::{clipped, QUOTED_CHARS};
use folio_core::script::Weighing;

use super::parse::Loc;
use super::Finding;

/// The result of replaying a Boggle script.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Report {
    /// The script, as given (`file`, as in a Scrabble game's report).
    pub file: String,
    /// Always `boggle`: which game the report is of, as in a Scrabble game's report, so
    /// that `folio play --json` over mixed scripts can be told apart.
    pub game: &'static str,
    /// The board string (`perslatgsineters`; rows joined by `/` unless square).
    pub board: String,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The cube set, when the board was rolled.
    pub dice: Option<String>,
    /// The seed, when the board was rolled.
    pub seed: Option<u64>,
    /// The scoring's name.
    pub scoring: String,
    /// The minimum word length applied.
    pub min_len: usize,
    /// The lexicon, as named by the script or the caller.
    pub lexicon: String,
    /// One entry per player, in declaration order.
    pub players: Vec<PlayerReport>,
    /// Words on the board nobody scored or cancelled, sorted.
    pub missed: Vec<MissedWord>,
    /// Everything that did not check out, in script order.
    pub findings: Vec<Finding>,
    #[serde(skip)]
    pub(crate) grid: String,
}

/// One player's part of the report.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PlayerReport {
    /// Nickname.
    pub nick: String,
    /// Full name, if given.
    pub name: Option<String>,
    /// Points from the replay.
    pub score: u32,
    /// The score the script claims, if any.
    pub claimed: Option<u32>,
    /// The player's words in order.
    pub words: Vec<WordReport>,
}

/// One word a player wrote.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct WordReport {
    /// As written in the script.
    pub written: String,
    /// The key it normalises to (upper-case).
    pub word: String,
    /// Where it was written.
    pub pos: Loc,
    /// A path of cells spelling it, if it is on the board.
    pub path: Option<Vec<usize>>,
    /// What became of it.
    #[serde(flatten)]
    pub verdict: Verdict,
}

/// A word on the board that no player found.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MissedWord {
    /// The word.
    pub word: String,
    /// Its points.
    pub points: u32,
    /// One path spelling it.
    pub path: Vec<usize>,
}

impl Report {
    /// Whether anything did not check out: a rejected word or a wrong claimed score. Cancelled
    /// words are the rules working, not findings.
    pub fn has_findings(&self) -> bool {
        !self.findings.is_empty()
    }

    /// The report as pretty-printed JSON (stable field order).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }
}

fn verdict_text(v: &Verdict, nicks: &[&str]) -> String {
    match v {
        Verdict::Scored { points } => format!("{points}"),
        Verdict::Cancelled { with, points } => {
            let with: Vec<&str> = with
                .iter()
                .map(|&i| nicks.get(i).copied().unwrap_or("?"))
                .collect();
            format!(
                "0  cancelled, also {} (would score {points})",
                with.join(", ")
            )
        }
        Verdict::Rejected { rejection } => format!("-  {rejection}"),
    }
}

impl fmt::Display for Report {
    /// The text transcript.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_text(f, &Weighing::default())
    }
}

impl Report {
    /// The transcript (`Display`) with the findings as `weighing` weighs them: allowed
    /// ones and those past its limit counted on a `not listed:` line, warnings and notes
    /// marked as such (`  r.boggle:5:9: warning: …`); `findings: N` counts those listed.
    pub fn to_text_weighed(&self, weighing: &Weighing<'_>) -> String {
        let mut out = String::new();
        let _ = self.write_text(&mut out, weighing);
        out
    }

    fn write_text(&self, f: &mut dyn fmt::Write, weighing: &Weighing<'_>) -> fmt::Result {
        writeln!(f, "boggle round {}", folio_core::quote::shown(&self.file))?;
        write!(f, "board {} ({}x{}", self.board, self.rows, self.cols)?;
        if let (Some(d), Some(s)) = (&self.dice, self.seed) {
            write!(f, ", rolled from {d} with seed {s}")?;
        }
        writeln!(f, ")")?;
        for line in self.grid.lines() {
            writeln!(f, "  {line}")?;
        }
        writeln!(
            f,
            "scoring {}, words of {} letters or more; lexicon {}",
            self.scoring, self.min_len, self.lexicon
        )?;
        let nicks: Vec<&str> = self.players.iter().map(|p| p.nick.as_str()).collect();
        // Words and names as written may be anything: shown clipped (a megabyte word is one
        // short line, and a column that wide is past what `{:<width$}` can pad: it panicked).
        let shown = |word: &str| clipped(word, QUOTED_CHARS).to_string();
        // The word column: as wide as the longest word (Big Boggle words run past 16).
        let width = self
            .players
            .iter()
            .flat_map(|p| &p.words)
            .map(|w| shown(&w.word).chars().count())
            .max()
            .unwrap_or(0)
            .max(16);
        for p in &self.players {
            writeln!(f)?;
            let name = p
                .name
                .as_ref()
                .map(|n| format!(" ({})", shown(n)))
                .unwrap_or_default();
            let unit = if p.score == 1 { "point" } else { "points" };
            write!(f, "{}{name}: {} {unit}", shown(&p.nick), p.score)?;
            match p.claimed {
                Some(c) if c == p.score => write!(f, " (as claimed)")?,
                Some(c) => write!(f, " (claimed {c})")?,
                None => {}
            }
            writeln!(f)?;
            for w in &p.words {
                let at = format!("{}:{}", w.pos.line, w.pos.col);
                writeln!(
                    f,
                    "  {at:<7} {:<width$} {}",
                    shown(&w.word),
                    verdict_text(&w.verdict, &nicks)
                )?;
            }
        }
        writeln!(f)?;
        let weighed = weighing.weigh(self.findings.iter().map(|x| x.rule.code()));
        writeln!(f, "findings: {}", weighed.listed())?;
        // One `file:line:col` diagnostic a finding, as for a Scrabble game.
        for (i, x) in self.findings.iter().enumerate() {
            if let Some(severity) = weighed.shown(i) {
                writeln!(f, "  {}:{}: {}{}", x.file, x.loc, severity.prefix(), x.rule)?;
            }
        }
        if let Some(line) = weighed.not_listed() {
            writeln!(f, "{line}")?;
        }
        let points: u32 = self.missed.iter().map(|m| m.points).sum();
        let plural =
            |n: usize, one: &'static str, many: &'static str| if n == 1 { one } else { many };
        writeln!(
            f,
            "missed by everyone: {} {}, {points} {}",
            self.missed.len(),
            plural(self.missed.len(), "word", "words"),
            plural(points as usize, "point", "points"),
        )?;
        let mut line = String::new();
        for m in &self.missed {
            if !line.is_empty() && line.len() + 1 + m.word.len() > 78 {
                writeln!(f, "  {line}")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            let _ = write!(line, "{}", m.word);
        }
        if !line.is_empty() {
            writeln!(f, "  {line}")?;
        }
        Ok(())
    }
}
