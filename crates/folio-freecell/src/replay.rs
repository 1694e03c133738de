//! Replays a parsed solution through the move judge ([`Position::play`]) and reports.
//!
//! Precedence: what the file says (FC-Pro header, `#deal`/`#freecells`/`#autoplay`, an
//! fc-solve starting board) wins over [`Options`], which win over the defaults (4 free
//! cells, MS auto-play for standard notation, none for fc-solve output).

use std::fmt::{self, Write as _};

use serde_json::{json, Value};

use crate::autoplay::Autoplay;
use crate::card::Card;
use crate::code;
use crate::deal;
use crate::moves::{EmptyTarget, Loc, Move};
use crate::parse::{self, Board, Format, Script};
use crate::position::Position;
use folio_core::script::Weighing;

/// Defaults for what a file does not say.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The deal, when the file does not name one.
    pub deal: Option<i64>,
    /// Free cells (default 4).
    pub freecells: Option<usize>,
    /// Auto-play (default: MS for standard notation and folio scripts, none for fc-solve).
    pub autoplay: Option<Autoplay>,
}

/// One problem found in a solution file, in the kernel's shape: where (1-based line and
/// column), which rule (a stable code), what, and the line as written.
pub type Finding = folio_core::script::Finding<folio_core::script::Coded>;

/// A problem as this module finds it; the file is named when the report is made.
struct Raw {
    line: u32,
    col: u32,
    rule: &'static str,
    message: String,
    text: String,
}

impl From<Raw> for Finding {
    fn from(r: Raw) -> Finding {
        Finding::coded(
            "",
            folio_core::script::Loc::new(r.line, r.col),
            r.rule,
            r.message,
            r.text,
        )
    }
}

/// One move played, and the cards auto-play then sent home.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// 1-based line and column of the move.
    pub line: u32,
    /// Column.
    pub col: u32,
    /// The move as written.
    pub mv: Move,
    /// Cards it moved.
    pub count: u8,
    /// The bottom card moved.
    pub card: Card,
    /// Auto-moves after it: the source and the card.
    pub auto: Vec<(Loc, Card)>,
    /// The position after the move and its auto-moves (what a picture of the game draws).
    pub after: Position,
}

/// The result of replaying one script.
#[derive(Clone, Debug)]
pub struct Report {
    /// The file's name as given.
    pub file: String,
    /// The format recognised.
    pub format: Format,
    /// The deal played (`None` for an fc-solve board without `--deal`, or when unknown).
    pub deal: Option<i64>,
    /// Free cells in play.
    pub freecells: usize,
    /// The auto-play convention applied.
    pub autoplay: Autoplay,
    /// Moves legally played, in order.
    pub steps: Vec<Step>,
    /// Problems; empty when the script is valid (all moves legal and the game won).
    pub findings: Vec<Finding>,
    /// The position before the first move (`None` when no game could start).
    pub start: Option<Position>,
    /// The position after the last legal move (`None` when no game could start).
    pub position: Option<Position>,
}

impl Report {
    /// True when all 52 cards reached the foundations.
    pub fn won(&self) -> bool {
        self.position.is_some_and(|p| p.is_won())
    }

    /// True when there are no findings (every move legal, the game won).
    pub fn valid(&self) -> bool {
        self.findings.is_empty()
    }

    /// Moves played, plus the auto-moves they triggered.
    pub fn move_counts(&self) -> (usize, usize) {
        (
            self.steps.len(),
            self.steps.iter().map(|s| s.auto.len()).sum(),
        )
    }

    /// The `findings` of [`Report::to_json`] alone: a list of finding objects.
    pub fn findings_json(&self) -> Value {
        Value::Array(
            self.findings
                .iter()
                .map(|f| serde_json::to_value(f).unwrap_or_default())
                .collect(),
        )
    }

    /// The report as JSON: `file`, `game`, `format`, `deal`, `freecells`, `autoplay`,
    /// `findings` [{line, col, rule, message}], `valid`, `won`, `moves`, `final`
    /// {foundations (C D H S heights), freecells, cascades}.
    pub fn to_json(&self) -> Value {
        let findings = self.findings_json();
        let final_ = self.position.map(|p| {
            json!({
                "foundations": p.foundations(),
                "freecells": (0..p.cell_count()).map(|i| p.cell(i).map(|c| c.to_string())).collect::<Vec<_>>(),
                "cascades": (0..8).map(|k| p.cascade(k).map(|c| c.to_string()).collect::<Vec<_>>()).collect::<Vec<_>>(),
            })
        });
        json!({
            "file": self.file,
            "game": "freecell",
            "format": self.format.name(),
            "deal": self.deal,
            "freecells": self.freecells,
            "autoplay": self.autoplay.name(),
            "findings": findings,
            "valid": self.valid(),
            "won": self.won(),
            "moves": self.steps.len(),
            "final": final_,
        })
    }
}

/// Transcript: a header, one line per move (`line:col  move  card(s)  [auto: …]`), the
/// findings as `file:line:col: rule: message`, the verdict and the final layout.
/// `n free cells`, `1 free cell` for one: as every message counts them.
pub fn free_cells(n: usize) -> String {
    format!("{n} free cell{}", if n == 1 { "" } else { "s" })
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_text(f, &Weighing::default())
    }
}

impl Report {
    /// The transcript (`Display`) with the findings as `weighing` weighs them: allowed
    /// ones and those past its limit counted on a `not listed:` line, warnings and notes
    /// marked as such (`s.freecell:3:1: warning: not-won: …`).
    pub fn to_text_weighed(&self, weighing: &Weighing<'_>) -> String {
        let mut out = String::new();
        let _ = self.write_text(&mut out, weighing);
        out
    }

    fn write_text(&self, f: &mut dyn fmt::Write, weighing: &Weighing<'_>) -> fmt::Result {
        // An fc-solve file carries its own layout and need not name a deal.
        let deal = self.deal.map_or_else(
            || match self.format {
                Format::FcsVerbose => "layout from the file".to_string(),
                _ => "no deal named".to_string(),
            },
            |d| format!("deal {d}"),
        );
        writeln!(
            f,
            "{}: freecell ({}), {deal}, {}, autoplay {}",
            folio_core::quote::shown(&self.file),
            self.format.name(),
            free_cells(self.freecells),
            self.autoplay.name()
        )?;
        for (i, s) in self.steps.iter().enumerate() {
            let mut line = format!(
                "{:4}. {:>4}:{:<3} {:<6} {}",
                i + 1,
                s.line,
                s.col,
                s.mv.to_string(),
                s.card
            );
            if s.count > 1 {
                let _ = write!(line, " +{}", s.count - 1);
            }
            if !s.auto.is_empty() {
                let auto: Vec<String> = s.auto.iter().map(|(l, c)| format!("{l}h {c}")).collect();
                let _ = write!(line, "  auto: {}", auto.join(" "));
            }
            writeln!(f, "{line}")?;
        }
        let weighed = weighing.weigh(self.findings.iter().map(|x| x.rule.code));
        for (i, x) in self.findings.iter().enumerate() {
            let Some(severity) = weighed.shown(i) else {
                continue;
            };
            writeln!(
                f,
                "{}:{}:{}: {}{}: {}",
                folio_core::quote::shown(&self.file),
                x.loc.line,
                x.loc.col,
                severity.prefix(),
                x.rule.code,
                x.rule.message
            )?;
            if !x.text.is_empty() {
                writeln!(f, "    {}", x.text)?;
            }
        }
        if let Some(line) = weighed.not_listed() {
            writeln!(f, "{line}")?;
        }
        let (moves, auto) = self.move_counts();
        match self.position {
            Some(p) if p.is_won() => writeln!(f, "won in {moves} moves (+{auto} auto-moves)")?,
            Some(p) => writeln!(
                f,
                "not won: {} cards home after {moves} moves (+{auto} auto-moves)",
                p.home()
            )?,
            None => writeln!(f, "not played")?,
        }
        if let Some(p) = self.position {
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// Parses and replays a solution file (`file` names it in the report).
pub fn replay(file: &str, bytes: &[u8], opts: &Options) -> Report {
    let mut report = replay_unnamed(file, bytes, opts);
    for f in &mut report.findings {
        f.file = file.to_string();
    }
    report
}

/// [`replay`], with findings not yet naming the file.
fn replay_unnamed(file: &str, bytes: &[u8], opts: &Options) -> Report {
    let mut report = play_script(file, bytes, opts);
    add_not_won(&mut report, parse::decode(bytes).unwrap_or(""));
    report
}

/// The verdict of a replay stopped short (an illegal move, a board that differs, a script
/// that does not read, a file not text or not read to its end): a `not-won` finding of its
/// own at the finding that stopped it, so that allowing that finding's rule never makes an
/// unwon game valid.
fn add_not_won(report: &mut Report, text: &str) {
    let Some(stop) = report.findings.first() else {
        return;
    };
    if report.won() || report.findings.iter().any(|f| f.rule.code == code::NOT_WON) {
        return;
    }
    let loc = stop.loc;
    let message = match report.position {
        Some(p) => format!(
            "the replay stops after move {} with {} of 52 cards home",
            report.steps.len(),
            p.home()
        ),
        None => "the script is not played".to_string(),
    };
    let line = parse::lines(text)
        .find(|&(k, _)| k == loc.line)
        .map_or(String::new(), |(_, s)| s.to_string());
    report
        .findings
        .push(Finding::coded("", loc, code::NOT_WON, message, line));
}

/// Parses and replays the script: its findings up to the first that stops the replay, and
/// `not-won` when every move is legal but the game is not won.
fn play_script(file: &str, bytes: &[u8], opts: &Options) -> Report {
    let text = parse::decode(bytes).unwrap_or("");
    // Looked up when quoted, not held per line: a replay quotes a line or two (it stops at
    // the first illegal move), and a file of millions of lines holds nothing per line.
    let line_text = |n: u32| {
        parse::lines(text)
            .find(|&(k, _)| k == n)
            .map_or(String::new(), |(_, s)| s.to_string())
    };
    let mut report = Report {
        file: file.to_string(),
        format: Format::Standard,
        deal: opts.deal,
        freecells: opts.freecells.unwrap_or(4),
        autoplay: opts.autoplay.unwrap_or(Autoplay::Ms),
        steps: Vec::new(),
        findings: Vec::new(),
        start: None,
        position: None,
    };
    let script = match parse::parse(bytes) {
        Ok(s) => s,
        Err(e) => {
            // What the lines before the error said (format, deal, free cells, auto-play)
            // still heads the report.
            if let Ok(before) = parse::parse(before_line(text, e.line).as_bytes()) {
                report.format = before.format;
                report.deal = before.deal.or(opts.deal);
                report.freecells = before.freecells.or(opts.freecells).unwrap_or(4);
                let auto = if before.format == Format::FcsVerbose {
                    Autoplay::None
                } else {
                    Autoplay::Ms
                };
                report.autoplay = before.autoplay.or(opts.autoplay).unwrap_or(auto);
            }
            report.findings.push(
                Raw {
                    line: e.line,
                    col: e.col,
                    rule: e.rule,
                    message: e.message,
                    text: e.text,
                }
                .into(),
            );
            return report;
        }
    };
    report.format = script.format;
    report.deal = script.deal.or(opts.deal);
    report.freecells = script.freecells.or(opts.freecells).unwrap_or(4);
    let default_auto = if script.format == Format::FcsVerbose {
        Autoplay::None
    } else {
        Autoplay::Ms
    };
    report.autoplay = script.autoplay.or(opts.autoplay).unwrap_or(default_auto);
    // The file wins, but an option the user typed is not dropped in silence: checking a
    // 5-cell solution "with --freecells 4" once said won.
    for (option, given, file) in [
        (
            "--deal",
            opts.deal.map(|d| d.to_string()),
            script.deal.map(|d| d.to_string()),
        ),
        (
            "--freecells",
            opts.freecells.map(|k| k.to_string()),
            script.freecells.map(|k| k.to_string()),
        ),
        (
            "--autoplay",
            opts.autoplay.map(|a| a.name().to_string()),
            script.autoplay.map(|a| a.name().to_string()),
        ),
    ] {
        if let (Some(given), Some(file)) = (given, file) {
            if given != file {
                report.findings.push(Finding::coded(
                    "",
                    folio_core::script::Loc::new(1, 1),
                    code::OPTION_MISMATCH,
                    format!(
                        "{option} {given}, but the file says {file}: the file's is replayed \
                         (what a file says wins over the options)"
                    ),
                    line_text(1),
                ));
            }
        }
    }
    let empty = script.empty_target.unwrap_or(EmptyTarget::Most);
    let mut pos = match start(&script, &report) {
        Ok(p) => p,
        Err(mut f) => {
            f.text = line_text(f.loc.line);
            report.findings.push(f);
            return report;
        }
    };
    report.start = Some(pos);
    // No auto-play before the first move: FC-Pro solutions may begin with e.g. `7h`.
    for m in &script.moves {
        match pos.play(m.mv, empty) {
            Ok(played) => {
                let mut auto = Vec::new();
                report.autoplay.run(&mut pos, |l, c| auto.push((l, c)));
                report.steps.push(Step {
                    line: m.line,
                    col: m.col,
                    mv: m.mv,
                    count: played.count,
                    card: played.card,
                    auto,
                    after: pos,
                });
            }
            Err(e) => {
                let raw = Raw {
                    line: m.line,
                    col: m.col,
                    rule: e.rule(),
                    message: format!("move {} ({}): {e}", report.steps.len() + 1, m.mv),
                    text: line_text(m.line),
                };
                report.findings.push(raw.into());
                report.position = Some(pos);
                return report;
            }
        }
        if let Some((n, board)) = m.after.as_deref() {
            if let Some(why) = differs(&pos, board) {
                report.findings.push(Finding::coded(
                    "",
                    folio_core::script::Loc::new(*n, 1),
                    code::BOARD_MISMATCH,
                    format!(
                        "after move {} the file prints another board: {why}",
                        report.steps.len()
                    ),
                    line_text(*n),
                ));
                report.position = Some(pos);
                return report;
            }
        }
    }
    if !pos.is_won() {
        let (line, col) = script.moves.last().map_or((1, 1), |m| (m.line, m.col));
        report.findings.push(Finding::coded(
            "",
            folio_core::script::Loc::new(line, col),
            code::NOT_WON,
            format!("the moves end with {} of 52 cards home", pos.home()),
            line_text(line),
        ));
    }
    report.position = Some(pos);
    report
}

/// The text before line `n` (1-based) of `text`.
fn before_line(text: &str, n: u32) -> &str {
    match parse::lines(text).find(|&(k, _)| k == n) {
        Some((_, line)) => &text[..line.as_ptr() as usize - text.as_ptr() as usize],
        None => text,
    }
}

/// The starting position: the board the file prints (checked against the deal it names),
/// or the deal's. A finding is located at the printed board, else at line 1; the caller
/// fills in the line's text.
fn start(script: &Script, report: &Report) -> Result<Position, Finding> {
    let at = script.start_line.max(1);
    let fail = |rule, message: String| {
        Finding::coded(
            "",
            folio_core::script::Loc::new(at, 1),
            rule,
            message,
            String::new(),
        )
    };
    let dealt = match report.deal {
        Some(n) => Some(deal::deal(n).map_err(|e| fail(code::BAD_DEAL, e.to_string()))?),
        None => None,
    };
    match (&script.start, dealt) {
        (Some(b), dealt) => {
            let mut slots = b.cells.clone();
            if slots.len() > report.freecells {
                if slots[report.freecells..].iter().any(Option::is_some) {
                    let n = report.freecells;
                    return Err(fail(
                        code::BAD_FREECELLS,
                        format!("the board uses more than {}", free_cells(n)),
                    ));
                }
                slots.truncate(report.freecells);
            }
            slots.resize(report.freecells, None);
            let p = Position::with_parts(&b.cascades, &slots, b.foundations)
                .map_err(|e| fail(code::BAD_BOARD, e.to_string()))?;
            if let Some(d) = dealt {
                if b.foundations != [0; 4] || b.cascades != d {
                    return Err(fail(
                        code::START_MISMATCH,
                        format!(
                            "the starting board is not deal {}",
                            report.deal.unwrap_or(0)
                        ),
                    ));
                }
            }
            Ok(p)
        }
        (None, Some(d)) => Position::new(&d, report.freecells)
            .map_err(|e| fail(code::BAD_FREECELLS, e.to_string())),
        (None, None) => Err(fail(
            code::MISSING_DEAL,
            "no deal: the file names none (`#deal N`) and no --deal was given".into(),
        )),
    }
}

/// Where `p` and a printed board differ, if they do.
fn differs(p: &Position, b: &Board) -> Option<String> {
    if p.foundations() != b.foundations {
        return Some(format!(
            "foundations {}, the file {}",
            crate::position::foundations_text(&p.foundations()),
            crate::position::foundations_text(&b.foundations)
        ));
    }
    for i in 0..p.cell_count().max(b.cells.len()) {
        let ours = if i < p.cell_count() { p.cell(i) } else { None };
        let theirs = b.cells.get(i).copied().flatten();
        if ours != theirs {
            let card = |c: Option<Card>| c.map_or_else(|| "nothing".to_string(), |c| c.to_string());
            return Some(format!(
                "free cell {} holds {}, the file {}",
                (b'a' + i as u8) as char,
                card(ours),
                card(theirs)
            ));
        }
    }
    for k in 0..8 {
        if !p.cascade(k).eq(b.cascades[k].iter().copied()) {
            let cards = |c: &mut dyn Iterator<Item = Card>| {
                let text: Vec<String> = c.map(|c| c.to_string()).collect();
                if text.is_empty() {
                    "empty".to_string()
                } else {
                    text.join(" ")
                }
            };
            return Some(format!(
                "cascade {} is {}, the file {}",
                k + 1,
                cards(&mut p.cascade(k)),
                cards(&mut b.cascades[k].iter().copied())
            ));
        }
    }
    None
}
