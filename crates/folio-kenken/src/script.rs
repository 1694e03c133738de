//! Scripted solving sessions (`#game kenken`): parse a script into plain data, replay it move
//! by move, and report every conflict where it happens and whether the final grid solves the
//! puzzle.
//!
//! ```text
//! #game kenken
//! #puzzle 3de:_aba_3a,s1m3a5m3
//! # a note: anything after `# ` is a comment
//! A1=2 B1=1 C1=3
//! A2=3
//! clear A2
//! ```
//!
//! - `#game kenken` (optional, first) and `#puzzle <Keen ID>` (before the first move).
//!   `#note …` lines and `# …` comments are notes; any other `#word` is an unknown pragma.
//! - A move is `CELL=DIGIT` (`B3=4`: column B, row 3; digits `1`-`9`, `a`-`g` for 10-16) or
//!   `clear CELL`; a line may hold several, separated by spaces.
//!
//! Findings (stable rule codes): `binary-input` (a NUL byte or bytes not UTF-8: the one
//! finding of such a file), `syntax`, `wrong-game`, `unknown-pragma`, `no-puzzle`,
//! `bad-puzzle`, `puzzle-twice`, `cell-off-grid`, `digit-out-of-range` (not played),
//! `row-duplicate`, `column-duplicate` (the digit already stands in that row or column),
//! `cage-off-target` (the move fills a cage whose digits miss its target). A move with a
//! conflict is still played, as on paper. The session is valid when it has no finding and
//! its final grid solves the puzzle.
//!
//! Limits (bounded by design): a session holds at most [`MAX_MOVES`] moves
//! (`too-many-moves`, at the first move over) and its parse collects at most
//! [`MAX_PROBLEMS`] findings (`too-many-problems`, at the one over); either way the file is
//! not read further and no move of it is replayed (as a GCG record past its limits).

use std::fmt;

use crate::check::{check, digit_char, digit_value};
use crate::code;
use crate::keen::{parse_keen_id, KeenId};
use crate::puzzle::Pos;
use crate::show::render;
use crate::text::lines;
use folio_core::quote::quoted;
use folio_core::script::{Columns, Excerpter, Weighing};

/// One problem found in a script, in the kernel's shape: where (1-based line and column,
/// columns in characters), which rule (a stable kebab-case code), what, and the line as
/// written.
pub type Finding = folio_core::script::Finding<folio_core::script::Coded>;

/// A finding at `line`:`col`; the file is filled in by [`replay`].
fn finding(
    line: usize,
    col: usize,
    rule: &'static str,
    message: String,
    text: impl AsRef<str>,
) -> Finding {
    Finding::coded(
        "",
        folio_core::script::Loc::at_index(line.saturating_sub(1), col),
        rule,
        message,
        text,
    )
}

/// The most moves a session may hold. A session by hand or a solver's log has a few
/// hundred (the largest grid, 16x16, has 256 cells); 20,000 is the largest grid filled
/// eighty times over, and keeps a parse and its replay (up to three findings a move)
/// bounded whatever the file.
pub const MAX_MOVES: usize = 20_000;

/// The most findings a parse collects before it stops, as for GCG: a file that is not a
/// session (a book, a dump) gets a clear finding early, not one per line or token.
pub const MAX_PROBLEMS: usize = 1_000;

/// Whether reading stops at a limit: past [`MAX_MOVES`] the move over is dropped and named
/// (`too-many-moves`); past [`MAX_PROBLEMS`] the finding over is named
/// (`too-many-problems`). The finding saying so is added. Checked after every token, so
/// `raw` is the line of what passed the limit.
fn past_limits(s: &mut Script, raw: &str) -> bool {
    let (line, col, rule, message) = match (s.moves.len() > MAX_MOVES, s.findings.last()) {
        (true, _) => {
            let Some(m) = s.moves.pop() else {
                return false;
            };
            (
                m.line,
                m.col,
                code::TOO_MANY_MOVES,
                format!("more than {MAX_MOVES} moves: a session has far fewer; the file is not read further"),
            )
        }
        (false, Some(f)) if s.findings.len() > MAX_PROBLEMS => (
            f.loc.line,
            f.loc.col,
            code::TOO_MANY_PROBLEMS,
            format!("more than {MAX_PROBLEMS} problems: the file is not read further"),
        ),
        _ => return false,
    };
    let text = folio_core::script::excerpt(raw, col);
    s.findings
        .push(finding(line as usize, col as usize, rule, message, text));
    true
}

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Writes a digit (as written: it may be out of range, which the replay reports).
    Set {
        /// The digit.
        digit: u8,
        /// Column of the digit in the line.
        digit_col: u32,
    },
    /// Empties the cell.
    Clear,
}

/// One move as parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// 1-based line.
    pub line: u32,
    /// Column where the move starts.
    pub col: u32,
    /// The cell (checked against the grid at replay).
    pub cell: Pos,
    /// What it does.
    pub action: Action,
    /// The move as written (`B3=4`).
    pub written: String,
}

/// A parsed script: plain data, with the problems parsing found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    /// The puzzle of the `#puzzle` line, and that line's number.
    pub puzzle: Option<(KeenId, u32)>,
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// Problems found while parsing, in line order.
    pub findings: Vec<Finding>,
    /// The lines that hold a move, the first line and the `#puzzle` line, as written (for
    /// findings found at replay), by line number: blank and comment lines are not kept.
    lines: Vec<(u32, String)>,
}

/// Whether `text` is a KenKen session: its first non-blank line is `#game kenken`.
pub fn claims(text: &str) -> bool {
    lines(text)
        .map(|(_, l)| l.trim())
        .find(|l| !l.is_empty())
        .is_some_and(|l| {
            let mut w = l.split_whitespace();
            w.next().is_some_and(|p| p.eq_ignore_ascii_case("#game"))
                && w.next().is_some_and(|g| g.eq_ignore_ascii_case("kenken"))
                && w.next().is_none()
        })
}

/// Parses a session script. Never panics; what does not parse becomes a finding.
pub fn parse_script(text: &str) -> Script {
    let mut s = Script {
        puzzle: None,
        moves: Vec::new(),
        findings: Vec::new(),
        lines: Vec::new(),
    };
    let mut seen_content = false;
    let mut excerpts = Excerpter::new();
    for (n, raw) in lines(text) {
        let moves_before = s.moves.len();
        if n == 1 {
            s.lines.push((1, raw.to_string()));
        }
        let trimmed = raw.trim_start();
        if trimmed.is_empty() {
            continue;
        }
        let first = !seen_content;
        seen_content = true;
        if let Some(rest) = trimmed.strip_prefix('#') {
            if rest.is_empty() || rest.starts_with(char::is_whitespace) {
                continue; // a comment
            }
            let word = rest.split_whitespace().next().unwrap_or("");
            let value = rest[word.len()..].trim();
            let value_col = if value.is_empty() {
                raw.chars().count() + 1
            } else {
                crate::text::col_of(raw, value)
            };
            let col = crate::text::col_of(raw, trimmed);
            match word.to_ascii_lowercase().as_str() {
                "note" => {}
                "game" => {
                    if !value.eq_ignore_ascii_case("kenken") {
                        s.findings.push(finding(
                            n,
                            value_col,
                            code::WRONG_GAME,
                            format!("this is a kenken session, not {}", quoted(value)),
                            raw,
                        ));
                    } else if !first {
                        s.findings.push(finding(
                            n,
                            col,
                            code::SYNTAX,
                            "`#game kenken` belongs on the first line".into(),
                            raw,
                        ));
                    }
                }
                "puzzle" => {
                    if s.puzzle.is_some() {
                        s.findings.push(finding(
                            n,
                            col,
                            code::PUZZLE_TWICE,
                            "a session has one #puzzle".into(),
                            raw,
                        ));
                    } else if !s.moves.is_empty() {
                        s.findings.push(finding(
                            n,
                            col,
                            code::SYNTAX,
                            "#puzzle comes before the first move".into(),
                            raw,
                        ));
                    } else {
                        match parse_keen_id(value) {
                            Ok(id) => {
                                s.puzzle = Some((id, n as u32));
                                // Kept: a session with no move is judged at this line.
                                if n > 1 {
                                    s.lines.push((n as u32, raw.to_string()));
                                }
                            }
                            Err(e) => s.findings.push(finding(
                                n,
                                value_col + e.col as usize - 1,
                                code::BAD_PUZZLE,
                                format!("not a Keen game ID: {}", e.kind),
                                raw,
                            )),
                        }
                    }
                }
                _ => s.findings.push(finding(
                    n,
                    col,
                    code::UNKNOWN_PRAGMA,
                    format!("unknown pragma #{word} (known: #game, #puzzle, #note)"),
                    raw,
                )),
            }
            if past_limits(&mut s, raw) {
                break;
            }
            continue;
        }
        let body = raw.split(" #").next().unwrap_or("");
        let mut toks = body.split_whitespace().peekable();
        // Columns counted along the line once and the line quoted as an excerpt per
        // finding: a long line of moves costs time and memory linear in it.
        let mut cols = Columns::new(raw);
        let mut at = |col: usize, rule: &'static str, message: String| {
            let line = u32::try_from(n).unwrap_or(u32::MAX);
            let text = excerpts.cut(line, raw, u32::try_from(col).unwrap_or(u32::MAX));
            finding(n, col, rule, message, text)
        };
        let mut stop = false;
        while let Some(t) = toks.next() {
            if past_limits(&mut s, raw) {
                stop = true;
                break;
            }
            let col = cols.col_of(t);
            if t.eq_ignore_ascii_case("clear") {
                match toks.next() {
                    Some(c) => match parse_cell(c) {
                        Some(cell) => s.moves.push(Move {
                            line: n as u32,
                            col: col as u32,
                            cell,
                            action: Action::Clear,
                            written: format!("{t} {c}"),
                        }),
                        None => s.findings.push(at(
                            cols.col_of(c),
                            code::SYNTAX,
                            format!("{} is not a cell (like B3)", quoted(c)),
                        )),
                    },
                    None => s.findings.push(at(
                        col,
                        code::SYNTAX,
                        "`clear` needs a cell (clear B3)".into(),
                    )),
                }
                continue;
            }
            let Some((c, d)) = t.split_once('=') else {
                s.findings.push(at(
                    col,
                    code::SYNTAX,
                    format!("{} is not a move (B3=4 or clear B3)", quoted(t)),
                ));
                break; // the rest of the line cannot be read reliably
            };
            let Some(cell) = parse_cell(c) else {
                s.findings.push(at(
                    col,
                    code::SYNTAX,
                    format!("{} is not a cell (like B3)", quoted(c)),
                ));
                continue;
            };
            let digit_col = col + c.chars().count() + 1;
            let mut chars = d.chars();
            let digit = match (chars.next().and_then(digit_value), chars.next()) {
                (Some(v), None) => v,
                _ => {
                    s.findings.push(at(
                        digit_col,
                        code::SYNTAX,
                        format!("{} is not a digit (1-9, a-g for 10-16)", quoted(d)),
                    ));
                    continue;
                }
            };
            s.moves.push(Move {
                line: n as u32,
                col: col as u32,
                cell,
                action: Action::Set {
                    digit,
                    digit_col: digit_col as u32,
                },
                written: t.to_string(),
            });
        }
        stop = stop || past_limits(&mut s, raw);
        if n > 1 && s.moves.len() > moves_before {
            s.lines.push((n as u32, raw.to_string()));
        }
        if stop {
            // Refused, as a GCG record past its limits: no move of a cut file is replayed.
            s.moves.clear();
            break;
        }
    }
    s
}

/// `B3` → column 1, row 2 (0-based); `None` when malformed (not when off the grid).
fn parse_cell(s: &str) -> Option<Pos> {
    let mut chars = s.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    if !letter.is_ascii_uppercase() {
        return None;
    }
    let row: usize = chars.as_str().parse().ok()?;
    if row == 0 || !chars.as_str().bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(Pos {
        row: row - 1,
        col: (letter as u8 - b'A') as usize,
    })
}

/// One script's report: findings in line order, the final grid, and the verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The script's name as given.
    pub file: String,
    /// The puzzle's Keen ID, when the script has one.
    pub puzzle: Option<KeenId>,
    /// Moves played.
    pub moves: usize,
    /// Every finding, in line order.
    pub findings: Vec<Finding>,
    /// The final grid (N² digits row-major, 0 = empty); empty without a puzzle.
    pub grid: Vec<u8>,
    /// Whether the final grid solves the puzzle.
    pub solved: bool,
}

impl Report {
    /// No finding, and the final grid solves the puzzle.
    pub fn valid(&self) -> bool {
        self.findings.is_empty() && self.solved
    }

    /// The `findings` of [`Report::to_json`] alone: a list of finding objects.
    pub fn findings_json(&self) -> serde_json::Value {
        serde_json::Value::Array(
            self.findings
                .iter()
                .map(|f| serde_json::to_value(f).unwrap_or_default())
                .collect(),
        )
    }

    /// The report as JSON: `file`, `game` ("kenken"), `puzzle`, `size`, `moves`,
    /// `findings` [{`line`, `col`, `rule`, `message`}], `grid`, `solved`, `valid`.
    pub fn to_json(&self) -> serde_json::Value {
        let findings = self.findings_json();
        serde_json::json!({
            "file": self.file,
            "game": "kenken",
            "puzzle": self.puzzle.as_ref().map(|p| p.to_string()),
            "size": self.puzzle.as_ref().map(|p| p.puzzle.size()),
            "moves": self.moves,
            "findings": findings,
            "grid": self.grid.iter().map(|&d| digit_char(d)).collect::<String>(),
            "solved": self.solved,
            "valid": self.valid(),
        })
    }

    /// The transcript (same as `Display`).
    pub fn to_text(&self) -> String {
        self.to_string()
    }

    /// The transcript with the findings as `weighing` weighs them: allowed ones and those
    /// past its limit counted on a `not listed:` line, warnings and notes marked as such
    /// (`  s.kenken:3:1: warning: row-duplicate: …`); `findings: N` counts those listed.
    pub fn to_text_weighed(&self, weighing: &Weighing<'_>) -> String {
        let mut out = String::new();
        let _ = self.write_text(&mut out, weighing);
        out
    }

    fn write_text(&self, f: &mut dyn fmt::Write, weighing: &Weighing<'_>) -> fmt::Result {
        writeln!(f, "kenken session {}", folio_core::quote::shown(&self.file))?;
        if let Some(id) = &self.puzzle {
            let n = id.puzzle.size();
            writeln!(f, "puzzle {id} ({n}x{n})")?;
            writeln!(f, "moves {}", self.moves)?;
            f.write_str(&render(&id.puzzle, Some(&self.grid)))?;
        }
        let weighed = weighing.weigh(self.findings.iter().map(|x| x.rule.code));
        writeln!(f, "findings: {}", weighed.listed())?;
        for (i, x) in self.findings.iter().enumerate() {
            let Some(severity) = weighed.shown(i) else {
                continue;
            };
            writeln!(
                f,
                "  {}:{}:{}: {}{}: {}",
                folio_core::quote::shown(&self.file),
                x.loc.line,
                x.loc.col,
                severity.prefix(),
                x.rule.code,
                x.rule.message
            )?;
            // As every game's diagnostic: control characters escaped, a long line cut, so
            // a binary file or a line with terminal escapes never reaches the screen raw.
            let shown =
                folio_core::quote::clipped(&x.text, folio_core::script::finding::SHOWN_CHARS);
            writeln!(f, "    {shown}")?;
        }
        if let Some(line) = weighed.not_listed() {
            writeln!(f, "{line}")?;
        }
        let verdict = match (&self.puzzle, self.solved) {
            (None, _) => "no puzzle",
            (_, true) => "the final grid solves the puzzle",
            (_, false) => "the final grid does not solve the puzzle",
        };
        writeln!(f, "{verdict}")?;
        // By severity, as the exit status: a session with only warnings is valid.
        let valid = weighed.errors == 0;
        writeln!(f, "{}", if valid { "valid" } else { "invalid" })
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_text(f, &Weighing::default())
    }
}

/// Replays a parsed script: plays each move in order, reporting conflicts where they happen.
pub fn replay(script: &Script, file: &str) -> Report {
    let mut findings = script.findings.clone();
    let line_text = |l: u32| {
        script
            .lines
            .binary_search_by_key(&l, |(n, _)| *n)
            .map_or("", |i| script.lines[i].1.as_str())
    };
    let Some((id, _)) = &script.puzzle else {
        let (line, col) = script.moves.first().map_or((1, 1), |m| (m.line, m.col));
        if !findings.iter().any(|f| {
            matches!(
                f.rule.code,
                code::BAD_PUZZLE | code::WRONG_GAME | code::BINARY_INPUT
            )
        }) {
            findings.push(finding(
                line as usize,
                col as usize,
                code::NO_PUZZLE,
                "no #puzzle line before the moves".into(),
                line_text(line),
            ));
        }
        push_unsolved_without_puzzle(&mut findings, &line_text);
        findings.sort_by_key(|f| (f.loc.line, f.loc.col));
        for f in &mut findings {
            f.file = file.to_string();
        }
        return Report {
            file: file.to_string(),
            puzzle: None,
            moves: 0,
            findings,
            grid: Vec::new(),
            solved: false,
        };
    };
    let p = &id.puzzle;
    let n = p.size();
    let mut grid = vec![0u8; n * n];
    let mut played = 0;
    let mut excerpts = Excerpter::new();
    for m in &script.moves {
        let text = line_text(m.line);
        // The line quoted as an excerpt, its index kept across the line's moves.
        let mut at = |col: u32, rule, msg| {
            let cut = excerpts.cut(m.line, text, col);
            finding(m.line as usize, col as usize, rule, msg, cut)
        };
        if m.cell.row >= n || m.cell.col >= n {
            findings.push(at(
                m.col,
                code::CELL_OFF_GRID,
                format!("{} is off the {n}x{n} grid", m.written),
            ));
            continue;
        }
        let cell = m.cell.row * n + m.cell.col;
        let Action::Set { digit, digit_col } = m.action else {
            grid[cell] = 0;
            played += 1;
            continue;
        };
        if !(1..=n).contains(&(digit as usize)) {
            findings.push(at(
                digit_col,
                code::DIGIT_OUT_OF_RANGE,
                format!("{digit} is outside 1 to {n}"),
            ));
            continue;
        }
        played += 1;
        grid[cell] = digit;
        let name = m.cell.name();
        let (r, c) = (m.cell.row, m.cell.col);
        if let Some(o) = (0..n).find(|&j| j != c && grid[r * n + j] == digit) {
            findings.push(at(
                m.col,
                code::ROW_DUPLICATE,
                format!(
                    "{name}={digit}: {digit} is already in row {} at {}",
                    r + 1,
                    Pos { row: r, col: o }.name()
                ),
            ));
        }
        if let Some(o) = (0..n).find(|&j| j != r && grid[j * n + c] == digit) {
            findings.push(at(
                m.col,
                code::COLUMN_DUPLICATE,
                format!(
                    "{name}={digit}: {digit} is already in column {} at {}",
                    (b'A' + c as u8) as char,
                    Pos { row: o, col: c }.name()
                ),
            ));
        }
        let cage = &p.cages()[p.cage_of(cell)];
        let digits: Vec<u8> = cage.cells.iter().map(|&x| grid[x]).collect();
        if !digits.contains(&0) && !cage.is_met_by(&digits) {
            let d: Vec<String> = digits.iter().map(u8::to_string).collect();
            findings.push(at(
                m.col,
                code::CAGE_OFF_TARGET,
                format!(
                    "{name}={digit} fills cage {} with {}, which misses it",
                    cage.clue(),
                    d.join(" ")
                ),
            ));
        }
    }
    let solved = check(p, &grid).is_empty();
    // A file not read to its end had no move replayed.
    let cut_short = findings
        .iter()
        .find(|f| matches!(f.rule.code, code::TOO_MANY_MOVES | code::TOO_MANY_PROBLEMS))
        .map(|f| (f.loc.line, f.loc.col, f.text.clone()));
    if !solved {
        // The verdict is a finding of its own, as FreeCell's `not-won`: a session that ends
        // short of a solution is invalid (exit 1) even when every move was legal, and stays
        // so when its conflicts, or the finding that cut it short, are allowed. At the last
        // move, else the `#puzzle` line; a session cut short, where it was cut.
        let (line, col, text) = cut_short.clone().unwrap_or_else(|| {
            let (line, col) = script
                .moves
                .last()
                .map_or((id_line(script), 1), |m| (m.line, m.col));
            (line, col, line_text(line).to_string())
        });
        let filled = grid.iter().filter(|&&d| d != 0).count();
        let message = if cut_short.is_some() {
            "the session is not played: it is not read to its end".to_string()
        } else {
            format!(
                "the final grid does not solve the puzzle ({filled} of {} cells filled)",
                grid.len()
            )
        };
        findings.push(finding(
            line as usize,
            col as usize,
            code::NOT_SOLVED,
            message,
            // A session cut short is not kept past its cut: the finding there quotes it.
            &text,
        ));
    }
    findings.sort_by_key(|f| (f.loc.line, f.loc.col));
    for f in &mut findings {
        f.file = file.to_string();
    }
    Report {
        file: file.to_string(),
        puzzle: Some(id.clone()),
        moves: played,
        findings,
        grid,
        solved,
    }
}

/// The verdict of a session with no puzzle to solve (`no-puzzle`, `bad-puzzle`, a file of
/// another game, not text, or not read to its end): `not-solved` at the first finding, so
/// that allowing that finding never makes the session valid.
fn push_unsolved_without_puzzle<'a>(
    findings: &mut Vec<Finding>,
    line_text: &dyn Fn(u32) -> &'a str,
) {
    let Some(loc) = findings
        .iter()
        .map(|f| f.loc)
        .min_by_key(|l| (l.line, l.col))
    else {
        return;
    };
    let message = if findings.iter().any(|f| f.rule.code == code::BINARY_INPUT) {
        "the session is not played: the file is not text"
    } else {
        "no puzzle to solve: the session has no readable #puzzle"
    };
    findings.push(finding(
        loc.line as usize,
        loc.col as usize,
        code::NOT_SOLVED,
        message.into(),
        line_text(loc.line),
    ));
}

/// The line of the script's `#puzzle` (1 when it has none).
fn id_line(script: &Script) -> u32 {
    script.puzzle.as_ref().map_or(1, |(_, line)| *line)
}

/// Parses and replays `text`, naming it `file` in the report.
pub fn play(text: &str, file: &str) -> Report {
    replay(&parse_script(text), file)
}

/// Parses and replays a session given as bytes: a binary file (a NUL byte or bytes that are
/// not UTF-8) is one `binary-input` finding where the text stops, not a finding per line of
/// noise.
pub fn play_bytes(bytes: &[u8], file: &str) -> Report {
    let Some(stop) = folio_core::script::text_stop(bytes) else {
        let text = std::str::from_utf8(bytes).unwrap_or("");
        return play(folio_core::script::lines::strip_bom(text), file);
    };
    let script = Script {
        puzzle: None,
        moves: Vec::new(),
        findings: vec![finding(
            stop.loc.line as usize,
            stop.loc.col as usize,
            code::BINARY_INPUT,
            folio_core::script::NotText::refusal(bytes, "a KenKen session"),
            &stop.before,
        )],
        // Its one finding says it all: no other finding quotes a line.
        lines: Vec::new(),
    };
    replay(&script, file)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "#game kenken\n#puzzle 3de:_aba_3a,s1m3a5m3\n";

    /// A huge value, cell, move or `#game` is shown shortened, never in full.
    #[test]
    fn messages_shorten_a_huge_token() {
        let huge = "9".repeat(100_000);
        for (text, code) in [
            (format!("{HEAD}A1={huge}\n"), code::SYNTAX),
            (format!("{HEAD}A{huge}=1\n"), code::SYNTAX),
            (format!("{HEAD}{huge}\n"), code::SYNTAX),
            (format!("#game {huge}\n"), code::WRONG_GAME),
        ] {
            let s = parse_script(&text);
            let f = s
                .findings
                .iter()
                .find(|f| f.rule.code == code)
                .expect("a finding");
            assert!(f.rule.message.contains("… ("), "{}", f.rule.message);
            assert!(f.rule.message.len() < 300, "{} bytes", f.rule.message.len());
        }
    }

    /// MAX_MOVES moves read and replay; one more is a `too-many-moves` finding at that move,
    /// and nothing after it is read (the syntax error on the last line is not reported).
    #[test]
    fn a_session_holds_at_most_max_moves() {
        let session = |n: usize| {
            format!(
                "{HEAD}{}{}zz\n",
                "A1=1 clear A1\n".repeat(n / 2),
                "A1=2\n".repeat(n % 2)
            )
        };
        let s = parse_script(&session(MAX_MOVES));
        assert_eq!(s.moves.len(), MAX_MOVES);
        assert_eq!(s.findings.len(), 1);
        assert_eq!(s.findings[0].rule.code, code::SYNTAX);
        let r = play(&session(MAX_MOVES), "s");
        assert_eq!(r.moves, MAX_MOVES);
        let s = parse_script(&session(MAX_MOVES + 1));
        assert_eq!(s.moves.len(), 0);
        assert_eq!(s.findings.len(), 1);
        let f = &s.findings[0];
        assert_eq!(f.rule.code, "too-many-moves");
        assert_eq!((f.loc.line as usize, f.loc.col), (3 + MAX_MOVES / 2, 1));
        assert_eq!(f.text, "A1=2");
        assert_eq!(
            f.rule.message,
            "more than 20000 moves: a session has far fewer; the file is not read further"
        );
        // On one line: at the column of the move over, and no move is replayed.
        let line = "A1=1 ".repeat(MAX_MOVES + 3);
        let r = play(&format!("{HEAD}{line}\n"), "one");
        assert_eq!((r.moves, r.findings.len()), (0, 2));
        let over = &r.findings[0];
        assert_eq!(over.rule.code, "too-many-moves");
        // The verdict at it: allowing `too-many-moves` leaves the session unsolved.
        assert_eq!(r.findings[1].rule.code, "not-solved");
        assert_eq!(r.findings[1].loc, over.loc);
        // Quoting the line it is cut at, as the finding there does.
        assert!(!over.text.is_empty());
        assert_eq!(r.findings[1].text, over.text);
        assert_eq!(
            (over.loc.line, over.loc.col as usize),
            (3, 1 + 5 * MAX_MOVES)
        );
        assert!(!r.valid());
    }

    /// MAX_PROBLEMS parse findings are each reported; one more stops the reading there,
    /// whether they are lines or tokens of one line.
    #[test]
    fn reading_stops_past_max_problems() {
        let lines = |n: usize| format!("{HEAD}{}A1=1\n", "#x\n".repeat(n));
        let s = parse_script(&lines(MAX_PROBLEMS));
        assert_eq!((s.findings.len(), s.moves.len()), (MAX_PROBLEMS, 1));
        let s = parse_script(&lines(MAX_PROBLEMS + 1));
        assert_eq!((s.findings.len(), s.moves.len()), (MAX_PROBLEMS + 2, 0));
        let last = s.findings.last().unwrap();
        assert_eq!(last.rule.code, "too-many-problems");
        assert_eq!(
            (last.loc.line as usize, last.loc.col),
            (MAX_PROBLEMS + 3, 1)
        );
        assert_eq!(
            last.rule.message,
            "more than 1000 problems: the file is not read further"
        );
        let tokens = |n: usize| format!("{HEAD}{}A1=1\n", "A1=x ".repeat(n));
        let s = parse_script(&tokens(MAX_PROBLEMS));
        assert_eq!((s.findings.len(), s.moves.len()), (MAX_PROBLEMS, 1));
        let s = parse_script(&tokens(MAX_PROBLEMS + 1));
        assert_eq!((s.findings.len(), s.moves.len()), (MAX_PROBLEMS + 2, 0));
        let last = s.findings.last().unwrap();
        assert_eq!(last.rule.code, "too-many-problems");
        assert_eq!(
            (last.loc.line, last.loc.col as usize),
            (3, 4 + 5 * MAX_PROBLEMS)
        );
    }

    /// Blank and comment lines are not kept: only lines a replay finding can quote (the
    /// first, the `#puzzle` line, those with moves).
    #[test]
    fn only_lines_a_finding_can_quote_are_kept() {
        let s = parse_script(&format!("{HEAD}{}A1=1\n", "# a comment\n\n".repeat(1000)));
        assert_eq!(
            s.lines.len(),
            3,
            "{:?}",
            s.lines.iter().map(|l| l.0).collect::<Vec<_>>()
        );
        let r = play(&format!("{HEAD}\n# note\nA1=1 B1=1\n"), "k");
        assert_eq!(r.findings[0].text, "A1=1 B1=1");
    }

    #[test]
    fn findings_on_one_long_line_quote_a_bounded_excerpt_at_their_column() {
        // 8000 moves on one line, every one a finding (4 does not fit a 3x3 grid): each
        // finding quotes at most SHOWN_CHARS characters of the line, around its own column,
        // so the report is linear in the line, not a copy of it per finding.
        // Moves apart by a no-break space (two bytes, one character, a blank).
        let moves = "A1=4\u{a0}".repeat(8000);
        let r = play_bytes(format!("{HEAD}{moves}\n").as_bytes(), "long");
        let on_line: Vec<&Finding> = r.findings.iter().filter(|f| f.loc.line == 3).collect();
        assert!(on_line.len() >= 8000, "{}", on_line.len());
        let total = moves.chars().count();
        for (i, f) in on_line.iter().enumerate().step_by(97) {
            assert!(
                f.text.chars().count() <= folio_core::script::SHOWN_CHARS,
                "{}",
                f.text
            );
            assert!(
                f.text.ends_with(&format!(" ({total} characters)")),
                "{}",
                f.text
            );
            // Moves are 5 characters apart; the excerpt holds the move's own text.
            assert_eq!(f.loc.col as usize, i * 5 + 4, "{i}: at the digit");
            assert!(f.text.contains("A1=4\u{a0}A1=4"), "{}", f.text);
        }
        let near_end = on_line.last().expect("a finding");
        assert!(near_end.text.starts_with('…'), "{}", near_end.text);
    }

    #[test]
    fn move_columns_along_one_line_are_counted_once() {
        // Columns from one pass along the line: the 5000th move of a line with a multi-byte
        // character before it is at its character column.
        let line = format!("\u{a0}\u{a0}{}", "A1=1\u{a0}".repeat(5000));
        let s = parse_script(&format!("{HEAD}{line}\n"));
        assert_eq!(s.moves.len(), 5000);
        for (i, m) in s.moves.iter().enumerate() {
            assert_eq!(m.col as usize, 3 + i * 5, "move {i}");
        }
    }

    #[test]
    fn a_binary_file_is_one_finding_where_the_text_stops_and_the_verdict() {
        let mut bytes = format!("{HEAD}A1=1\nB").into_bytes();
        bytes.extend_from_slice(&[0xff, 0xfe, 0, 1, 2]);
        bytes.extend_from_slice(b"\nA1=2\n".repeat(500).as_slice());
        let r = play_bytes(&bytes, "b");
        let codes: Vec<&str> = r.findings.iter().map(|f| f.rule.code).collect();
        // The verdict beside it: allowing `binary-input` leaves the session unsolved.
        assert_eq!(codes, ["binary-input", "not-solved"]);
        assert_eq!(r.findings[1].loc, r.findings[0].loc);
        // At the NUL (as every game locates it), the two bytes before it one column each.
        assert_eq!((r.findings[0].loc.line, r.findings[0].loc.col), (4, 4));
        // Text is replayed as text, a BOM dropped.
        let r = play_bytes(format!("\u{feff}{HEAD}").as_bytes(), "t");
        assert!(!r.findings.iter().any(|f| f.rule.code == "binary-input"));
    }

    #[test]
    fn the_text_report_escapes_control_characters_and_cuts_long_lines() {
        let r = play(
            &format!("{HEAD}A1=\u{1b}]0;title\u{7}\n{}\n", "D9=1 ".repeat(100)),
            "s",
        );
        let text = r.to_string();
        assert!(
            !text.contains('\u{1b}') && !text.contains('\u{7}'),
            "{text}"
        );
        assert!(text.contains("    A1=\\u{1b}]0;title\\u{7}"), "{text}");
        assert!(text.contains("… (500 characters)"), "{text}");
    }

    #[test]
    fn a_solved_session_is_valid() {
        let r = play(
            &format!("{HEAD}A1=2 B1=1 C1=3\nA2=3 B2=2 C2=1\n# last row\nA3=1 B3=3 C3=2\n"),
            "s",
        );
        assert!(r.findings.is_empty(), "{r}");
        assert!(r.solved && r.valid());
        assert_eq!(r.moves, 9);
        assert!(claims(HEAD));
        assert!(!claims("#puzzle x\n#game kenken"));
    }

    #[test]
    fn a_session_that_does_not_solve_its_puzzle_is_a_not_solved_finding() {
        // Every move legal, the grid unfinished: located at the last move.
        let r = play(&format!("{HEAD}A1=2 B1=1\n"), "s");
        let got: Vec<(u32, u32, &str)> = r
            .findings
            .iter()
            .map(|f| (f.loc.line, f.loc.col, f.rule.code))
            .collect();
        assert_eq!(got, [(3, 6, "not-solved")]);
        assert!(r.findings[0].rule.message.contains("2 of 9 cells filled"));
        assert!(!r.valid());
        // No move at all: at the `#puzzle` line.
        let r = play(HEAD, "s");
        let got: Vec<(u32, &str)> = r
            .findings
            .iter()
            .map(|f| (f.loc.line, f.rule.code))
            .collect();
        assert_eq!(got, [(2, "not-solved")]);
        // ... quoting that line, as written.
        assert!(
            r.findings[0].text.starts_with("#puzzle "),
            "{:?}",
            r.findings[0]
        );
        // The JSON lists it, so every output format weighs it.
        assert_eq!(r.findings_json()[0]["rule"], "not-solved");
    }

    #[test]
    fn conflicts_are_reported_where_they_happen() {
        let r = play(
            &format!("{HEAD}A1=2 B1=2\nC1=7\nC1=3\nD9=1\nwhat\nclear A2\n#board x\n"),
            "s",
        );
        let got: Vec<(u32, u32, &str)> = r
            .findings
            .iter()
            .map(|f| (f.loc.line, f.loc.col, f.rule.code))
            .collect();
        assert_eq!(
            got,
            [
                (3, 6, "row-duplicate"),
                (4, 4, "digit-out-of-range"),
                (5, 1, "cage-off-target"),
                (6, 1, "cell-off-grid"),
                (7, 1, "syntax"),
                (8, 1, "not-solved"),
                (9, 1, "unknown-pragma"),
            ]
        );
        assert!(!r.solved && !r.valid());
        assert_eq!(r.findings[0].text, "A1=2 B1=2");
    }

    #[test]
    fn puzzle_problems() {
        // The puzzle's finding, then the verdict at it: allowing `bad-puzzle` or
        // `no-puzzle` leaves the session unsolved.
        let r = play("#game kenken\n#puzzle 3de:_aba_3a,s1m3a5\nA1=1\n", "s");
        let codes: Vec<&str> = r.findings.iter().map(|f| f.rule.code).collect();
        assert_eq!(codes, ["bad-puzzle", "not-solved"], "{r}");
        assert_eq!(r.findings[1].loc, r.findings[0].loc);
        let r = play("A1=1\n", "s");
        let codes: Vec<&str> = r.findings.iter().map(|f| f.rule.code).collect();
        assert_eq!(codes, ["no-puzzle", "not-solved"], "{r}");
        let r = play("#game boggle\n", "s");
        let codes: Vec<&str> = r.findings.iter().map(|f| f.rule.code).collect();
        assert_eq!(codes, ["wrong-game", "not-solved"], "{r}");
    }
}
