//! What one file gave a run of `folio play` ([`Entry`]: a report, or an error entry), its
//! findings once weighed ([`Item`]), and the run's totals ([`Summary`]). Every output format
//! prints these; none sees a game's own types.

use super::select::{Selection, Severity};

/// One finding as every output format prints it: the kernel's shared finding object
/// (`{file, line, col, rule, message, text}`, docs/formats.md §7) with its severity in this
/// run.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Item {
    /// The file as named (a game that leaves it out gets the report's own).
    #[serde(default)]
    pub file: String,
    /// 1-based line.
    pub line: u64,
    /// 1-based column.
    pub col: u64,
    /// The stable rule code.
    pub rule: String,
    /// Its weight in this run (a game's report has none: it is set here).
    #[serde(default = "error")]
    pub severity: Severity,
    /// For people.
    pub message: String,
    /// The line as written, where the game keeps it.
    #[serde(default)]
    pub text: String,
}

fn error() -> Severity {
    Severity::Error
}

/// Why a file gave no report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The file, or the word set it names, cannot be read or opened (rule `unreadable`).
    Unreadable,
    /// Replaying it panicked: a bug of folio's, or a word set that passes its checksum but
    /// cannot be decoded (rule `internal-error`).
    Internal,
}

impl Failure {
    /// The rule code of the entry's one finding.
    pub fn code(self) -> &'static str {
        match self {
            Failure::Unreadable => "unreadable",
            Failure::Internal => "internal-error",
        }
    }
}

/// What one file gave.
pub enum Body {
    /// A report: the game's JSON object (its `findings` replaced by the weighed list when
    /// printed) and its text transcript (empty unless the format prints it).
    Report {
        json: serde_json::Map<String, serde_json::Value>,
        text: String,
    },
    /// No report: why, and the message naming the file.
    Failed { failure: Failure, message: String },
}

/// One file of a run, as every output format gets it.
pub struct Entry {
    /// The file as named (`-` for stdin); a name that is not UTF-8 escaped
    /// (`folio_core::file_name`).
    pub file: String,
    /// The name's exact bytes when it is not UTF-8 (SARIF's URI is made from them).
    pub name_bytes: Option<Vec<u8>>,
    /// The game that claimed it, when one did.
    pub game: Option<&'static str>,
    /// Moves replayed (0 for an error entry).
    pub moves: usize,
    /// The report, or why there is none.
    pub body: Body,
    /// The findings listed (allowed ones dropped, at most `--max-findings` over the run); an
    /// error entry has one, at 1:1, with its failure's code.
    pub items: Vec<Item>,
    /// Counts of this file's findings by severity, listed or not (an error entry: none).
    pub counts: Counts,
}

/// Findings counted by weight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Findings of severity error.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// Notes.
    pub notes: usize,
    /// Findings of allowed rules (dropped).
    pub allowed: usize,
    /// Findings not listed because of `--max-findings`.
    pub omitted: usize,
}

impl Counts {
    /// Findings reported (listed or omitted), allowed ones aside.
    pub fn reported(&self) -> usize {
        self.errors + self.warnings + self.notes
    }
}

/// Weighs findings and keeps the run's `--max-findings` budget.
pub struct Weigher<'a> {
    selection: &'a Selection,
    /// Findings that may still be listed in this run (`None`: no limit).
    budget: Option<usize>,
}

impl<'a> Weigher<'a> {
    /// A weigher for one run.
    pub fn new(selection: &'a Selection, max_findings: Option<usize>) -> Self {
        Weigher {
            selection,
            budget: max_findings,
        }
    }

    /// The weighing a game's text transcript lists its findings by: this run's severities,
    /// and what is left of the budget (the next entry's findings are weighed after it).
    pub fn severity_of(&self) -> impl Fn(&str) -> Option<Severity> + '_ {
        |rule| self.selection.severity(rule)
    }

    /// What is left of the `--max-findings` budget (`None`: no limit).
    pub fn budget(&self) -> Option<usize> {
        self.budget
    }

    /// Sets each finding's severity, drops the allowed ones and those past the budget.
    pub fn weigh(&mut self, findings: Vec<Item>) -> (Vec<Item>, Counts) {
        let mut counts = Counts::default();
        let mut listed = Vec::new();
        for mut item in findings {
            let Some(severity) = self.selection.severity(&item.rule) else {
                counts.allowed += 1;
                continue;
            };
            item.severity = severity;
            match severity {
                Severity::Error => counts.errors += 1,
                Severity::Warning => counts.warnings += 1,
                Severity::Note => counts.notes += 1,
            }
            match &mut self.budget {
                Some(0) => counts.omitted += 1,
                Some(n) => {
                    *n -= 1;
                    listed.push(item);
                }
                None => listed.push(item),
            }
        }
        (listed, counts)
    }
}

/// What each file of a run is, for the words of its text summary and its messages: a
/// script (a game of moves: `3 games, 12 moves`, `1 of 3 scripts could not be read`) or a
/// grid (`folio kenken check`: `3 grids`, `1 of 3 grid files could not be read`). The JSON
/// summary keeps its fields (`games`, `moves`) whatever the unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Unit {
    /// A script or round replayed.
    #[default]
    Script,
    /// A filled grid checked against a puzzle.
    Grid,
}

impl Unit {
    /// `N scripts` / `N grid files`, as the run's error message counts the files given.
    pub fn files(self, n: usize) -> String {
        match self {
            Self::Script => folio_core::plural(n, "script", "scripts"),
            Self::Grid => folio_core::plural(n, "grid file", "grid files"),
        }
    }
}

/// The totals of a run: the last line of every format.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Summary {
    /// What each file is (the words of [`Summary::line`]; not in the JSON).
    #[serde(skip)]
    pub unit: Unit,
    /// Files given (reports and error entries).
    pub files: usize,
    /// Files replayed (reports).
    pub games: usize,
    /// Moves replayed.
    pub moves: usize,
    /// Findings reported (errors + warnings + notes; listed or omitted).
    pub findings: usize,
    /// Findings of severity error.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// Notes.
    pub notes: usize,
    /// Findings of allowed rules (not listed, not counted in `findings`).
    pub allowed: usize,
    /// Findings counted but not listed (`--max-findings`).
    pub omitted: usize,
    /// Files (or word sets they name) that could not be read or opened.
    pub unreadable: usize,
    /// Files whose replay failed inside folio (`internal-error`).
    pub internal_errors: usize,
    /// The run's exit status: 2 if a file could not be checked, else 1 if an error was
    /// found, else 0.
    pub exit: u8,
}

impl Summary {
    /// Counts `entry` in.
    pub fn add(&mut self, entry: &Entry) {
        self.files += 1;
        match &entry.body {
            Body::Report { .. } => {
                self.games += 1;
                self.moves += entry.moves;
            }
            Body::Failed {
                failure: Failure::Unreadable,
                ..
            } => self.unreadable += 1,
            Body::Failed {
                failure: Failure::Internal,
                ..
            } => self.internal_errors += 1,
        }
        let c = entry.counts;
        self.findings += c.reported();
        self.errors += c.errors;
        self.warnings += c.warnings;
        self.notes += c.notes;
        self.allowed += c.allowed;
        self.omitted += c.omitted;
        self.exit = if self.unreadable + self.internal_errors > 0 {
            2
        } else if self.errors > 0 {
            1
        } else {
            0
        };
    }

    /// The text summary: `N games, N moves, N findings` and what else is not zero
    /// (`(1 error, 2 warnings)`, `1 unreadable`, `1 internal error`).
    pub fn line(&self) -> String {
        let mut line = match self.unit {
            Unit::Script => {
                folio_scrabble::report::summary_line(self.games, self.moves, self.findings)
            }
            Unit::Grid => format!(
                "{}, {}",
                folio_core::plural(self.games, "grid", "grids"),
                folio_core::plural(self.findings, "finding", "findings")
            ),
        };
        let s = |n: usize| if n == 1 { "" } else { "s" };
        if self.warnings + self.notes + self.allowed > 0 {
            let mut parts = vec![format!("{} error{}", self.errors, s(self.errors))];
            if self.warnings > 0 {
                parts.push(format!("{} warning{}", self.warnings, s(self.warnings)));
            }
            if self.notes > 0 {
                parts.push(format!("{} note{}", self.notes, s(self.notes)));
            }
            if self.allowed > 0 {
                parts.push(format!("{} allowed", self.allowed));
            }
            line.push_str(&format!(" ({})", parts.join(", ")));
        }
        if self.omitted > 0 {
            line.push_str(&format!(", {} not listed (--max-findings)", self.omitted));
        }
        if self.unreadable > 0 {
            line.push_str(&format!(", {} unreadable", self.unreadable));
        }
        if self.internal_errors > 0 {
            line.push_str(&format!(
                ", {} internal error{}",
                self.internal_errors,
                s(self.internal_errors)
            ));
        }
        line
    }
}
