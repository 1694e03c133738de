//! `folio kenken check PUZZLE GRID…` as CI reads it: each GRID file is checked as a script
//! of `folio play`'s loop, so it takes the same output options (`--format
//! sarif|junit|github`, `--json`, `-q`, severities) and each violation is a finding located
//! at the digit of the cell it names (the first cell, for a row, column or cage).

use folio_core::script::{
    Lexicons, Options, Refusal, ScriptReport, ScriptedGame, Source, Weighing,
};
use folio_kenken::{check, code, digit_value, parse_grid, ParseErrorKind, Puzzle};
use folio_lexicon::WordSet;
use serde_json::json;

/// A puzzle whose grids are checked: every file given is read as a grid of it.
pub(super) struct GridCheck {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The puzzle as given (a Keen ID or a file), for the report.
    pub label: String,
    /// Several grid files are checked: each text report starts with a `grid FILE` line,
    /// as each of `folio play`'s transcripts names its script.
    pub several: bool,
}

/// One violation or parse error, located in the grid file.
struct Finding {
    line: u32,
    col: u32,
    rule: &'static str,
    message: String,
    text: String,
}

/// A checked grid: its findings and the verdict, as text (what `kenken check` always
/// printed) and as JSON.
struct GridReport {
    file: String,
    puzzle: String,
    size: usize,
    solved: bool,
    findings: Vec<Finding>,
    /// One line a violation (`B1: row-duplicate: …`), in the checker's order (by rule, as
    /// `kenken check` has always printed them), with the index of its finding in
    /// `findings` (in position order).
    lines: Vec<(String, usize)>,
    /// `solved`, or `not solved: 1 violation` / `not solved: N violations`.
    verdict: String,
    /// The text report starts with `grid FILE` (several files are checked).
    header: bool,
}

impl ScriptReport for GridReport {
    fn file(&self) -> &str {
        &self.file
    }
    fn game(&self) -> &'static str {
        "kenken"
    }
    fn moves(&self) -> usize {
        0
    }
    fn findings(&self) -> usize {
        self.findings.len()
    }
    fn to_text(&self) -> String {
        self.to_text_weighed(&Weighing::default())
    }
    /// The violations listed as the run weighs them (`warning: ` before a warning's line;
    /// allowed ones and those past `--max-findings` counted on a `not listed:` line).
    fn to_text_weighed(&self, weighing: &Weighing<'_>) -> String {
        let weighed = weighing.weigh(self.findings.iter().map(|f| f.rule));
        let mut out = String::new();
        if self.header {
            out.push_str(&format!(
                "grid {} (puzzle {})\n",
                folio_core::quote::shown(&self.file),
                folio_core::quote::shown(&self.puzzle)
            ));
        }
        for (line, finding) in &self.lines {
            if let Some(severity) = weighed.shown(*finding) {
                out.push_str(&format!("{}{line}\n", severity.prefix()));
            }
        }
        if let Some(line) = weighed.not_listed() {
            out.push_str(&format!("{line}\n"));
        }
        out.push_str(&self.verdict);
        out
    }
    fn to_json(&self) -> serde_json::Value {
        let findings: Vec<serde_json::Value> = self
            .findings
            .iter()
            .map(|f| {
                json!({"file": self.file, "line": f.line, "col": f.col, "rule": f.rule,
                       "message": f.message, "text": f.text})
            })
            .collect();
        json!({"file": self.file, "game": "kenken", "puzzle": self.puzzle, "size": self.size,
               "solved": self.solved, "findings": findings})
    }
}

/// Where each cell's digit is written, row-major: (line, column), both 1-based, as
/// `parse_grid` reads the text (leading blank lines, an `S` prefix, separators skipped).
fn cell_places(text: &str) -> Vec<(u32, u32)> {
    let body = text.trim_start();
    let skip = usize::from(body.starts_with('S'));
    let lead = text[..text.len() - body.len()].matches('\n').count();
    let mut places = Vec::new();
    for (li, line) in body.split('\n').enumerate() {
        for (ci, c) in line.chars().enumerate() {
            if li == 0 && ci < skip || digit_value(c).is_none() {
                continue;
            }
            places.push(((lead + li + 1) as u32, (ci + 1) as u32));
        }
    }
    places
}

impl GridReport {
    /// The findings of a grid that does not read: `rule` at `line:col`, then `not-solved`
    /// there too.
    fn unread(&mut self, line: u32, col: u32, rule: &'static str, why: String, text: &str) {
        for (rule, message) in [
            (rule, why),
            (
                code::NOT_SOLVED,
                "the grid does not read, so it solves nothing".to_string(),
            ),
        ] {
            let at = self.findings.len();
            self.lines
                .push((format!("{line}:{col}: {rule}: {message}"), at));
            self.findings.push(Finding {
                line,
                col,
                rule,
                message,
                text: text.to_string(),
            });
        }
        self.verdict = "not solved: the grid does not read\n".to_string();
    }
}

impl ScriptedGame<WordSet> for GridCheck {
    fn name(&self) -> &'static str {
        "kenken"
    }

    fn claims(&self, _name: Option<&str>) -> bool {
        true
    }

    fn codes(&self) -> Vec<&'static str> {
        folio_kenken::code::ALL.to_vec()
    }

    fn replay(
        &self,
        source: Source<'_>,
        _lexicons: &dyn Lexicons<WordSet>,
        _options: &Options,
    ) -> Result<Box<dyn ScriptReport>, Refusal> {
        let text = String::from_utf8_lossy(source.bytes);
        // A BOM is dropped as `parse_grid` drops it, so cells are placed where it reads them.
        let text = folio_core::script::lines::strip_bom(&text);
        let line_text = |n: u32| {
            text.split('\n')
                .nth(n as usize - 1)
                .unwrap_or("")
                .trim_end_matches('\r')
                .to_string()
        };
        let size = self.puzzle.size();
        let mut report = GridReport {
            file: source.name.to_string(),
            puzzle: self.label.clone(),
            size,
            solved: false,
            findings: Vec::new(),
            lines: Vec::new(),
            verdict: String::new(),
            header: self.several,
        };
        // A grid that does not read (a file not text, a character no grid holds, too few or
        // too many digits) is a grid that does not solve the puzzle: its finding where the
        // reading stopped, and `not-solved` there, which no `--allow` lifts (exit 1).
        if let Some(stop) = folio_core::script::text_stop(source.bytes) {
            let why = folio_core::script::NotText::refusal(source.bytes, "a grid");
            report.unread(
                stop.loc.line,
                stop.loc.col,
                code::BINARY_INPUT,
                why,
                &stop.before,
            );
            return Ok(Box::new(report));
        }
        let grid = match parse_grid(text, size) {
            Ok(grid) => grid,
            Err(e) => {
                let rule = match e.kind {
                    ParseErrorKind::Unexpected { .. } => code::SYNTAX,
                    _ => code::GRID_SHAPE,
                };
                let at = line_text(e.line);
                report.unread(e.line, e.col, rule, e.kind.to_string(), &at);
                return Ok(Box::new(report));
            }
        };
        let places = cell_places(text);
        let violations = check(&self.puzzle, &grid);
        for v in &violations {
            let cell = v.cell();
            let (line, col) = places
                .get(cell.row * size + cell.col)
                .copied()
                .unwrap_or((1, 1));
            let at = report.findings.len();
            report
                .lines
                .push((format!("{}: {}: {v}", cell.name(), v.rule()), at));
            report.findings.push(Finding {
                line,
                col,
                rule: v.rule(),
                message: format!("{}: {v}", cell.name()),
                text: line_text(line),
            });
        }
        // In position order, as every other checker lists its findings (the text keeps the
        // checker's order: by rule, as `kenken check` has always printed it).
        let mut order: Vec<usize> = (0..report.findings.len()).collect();
        order.sort_by_key(|&i| (report.findings[i].line, report.findings[i].col));
        let mut place = vec![0; order.len()];
        for (sorted, &i) in order.iter().enumerate() {
            place[i] = sorted;
        }
        let mut findings: Vec<Option<Finding>> = report.findings.drain(..).map(Some).collect();
        report.findings = order.iter().filter_map(|&i| findings[i].take()).collect();
        for (_, finding) in &mut report.lines {
            *finding = place[*finding];
        }
        report.solved = violations.is_empty();
        report.verdict = if report.solved {
            "solved\n".to_string()
        } else {
            format!(
                "not solved: {}\n",
                folio_core::plural(violations.len(), "violation", "violations")
            )
        };
        Ok(Box::new(report))
    }
}

#[cfg(test)]
mod tests {
    use super::cell_places;

    #[test]
    fn cells_are_placed_where_their_digits_are_written() {
        assert_eq!(
            cell_places("\n12/\n 3.\n"),
            [(2, 1), (2, 2), (3, 2), (3, 3)]
        );
        assert_eq!(cell_places("S12\n34"), [(1, 2), (1, 3), (2, 1), (2, 2)]);
    }
}
