//! [`ScriptedGame`]: what a game gives `folio play`, and what it gets from it.
//!
//! `folio play` reads a script's bytes, finds the game that claims it (the `#game` line,
//! [`crate::script::pragma`]; no such line: a GCG record), and asks that game to replay it.
//! The game parses, validates and replays by itself and returns a [`ScriptReport`]; word sets
//! are opened by the caller, through [`Lexicons`], because only the binary does I/O.
//!
//! The trait is generic over the lexicon type `L` (the binary's word set), so a game replays
//! against the same type its own tests use (`WordList`) and the binary holds one registry of
//! `&dyn ScriptedGame<WordSet>`.

use std::sync::Arc;

use crate::script::{Loc, Weighing};

/// A script as the caller read it.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    /// The file as named on the command line (`-` for stdin): used in every diagnostic.
    pub name: &'a str,
    /// Its bytes, whatever they are (each game decodes them and reports what it cannot read).
    pub bytes: &'a [u8],
}

/// What the caller decided for every script of a run (command-line options). A game uses
/// what applies to it and [`ScriptedGame::refuses`] what does not.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// A rule-set name given on the command line (`--rules`), overriding the script's.
    pub rules: Option<String>,
    /// Show the board after every move in the text report (`--board`).
    pub boards: bool,
    /// A game whose words nobody checked is a finding (`--require-lexicon`).
    pub require_lexicon: bool,
    /// Rule codes the run weighs explicitly (`--deny`, `--warn`, folio.toml): a game that
    /// would name one of them as a note (an accepted convention, not a finding) reports it
    /// as a finding instead, for the run to weigh.
    pub selected: Vec<String>,
}

/// A word set the caller opened for a script, and how the report names it.
pub struct Resolved<L: ?Sized> {
    /// The word set.
    pub lexicon: Arc<L>,
    /// Its name in the report: the path as written in the script or on the command line.
    pub label: String,
}

/// What a script asks of the word sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LexiconRequest<'a> {
    /// The script's `#lexicon` value and where it was written, if any.
    pub named: Option<(&'a str, Loc)>,
    /// Whether the value is always a word-set path (Boggle), or may be a lexicon's name
    /// (`CSW19`) that folio does not have, in which case words are left unchecked (GCG).
    pub path_only: bool,
}

/// The caller's side of opening word sets (the binary: files, `--set`, caches).
pub trait Lexicons<L: ?Sized> {
    /// The word set for `request`: `Ok(None)` when there is none to check words against (no
    /// `--set`, and the script names none, or only a lexicon folio does not have).
    ///
    /// # Errors
    /// A message naming the file, when a word set is named but cannot be opened: the script
    /// is then reported as unreadable (exit 2) and the run goes on.
    fn resolve(&self, request: LexiconRequest<'_>) -> Result<Option<Resolved<L>>, String>;
}

/// Why a game gave no report for a script.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The script, or a file it names, cannot be read or opened (reported for that file; the
    /// run goes on and exits 2).
    #[error("{0}")]
    Unreadable(String),
    /// The run's options do not fit this script (exit 2 now).
    #[error("{0}")]
    Usage(String),
}

/// A game `folio play` can replay.
pub trait ScriptedGame<L: ?Sized>: Sync {
    /// The game's name, as written after `#game` and in every report (`scrabble`, `boggle`).
    fn name(&self) -> &'static str;

    /// Whether this game reads scripts whose first line is `#game NAME` (`name` lower-case),
    /// or, for `None`, scripts without a `#game` line (GCG records).
    fn claims(&self, name: Option<&str>) -> bool;

    /// The file extension (without its dot; compared without case) that marks a script of
    /// this game when it has no `#game` line: `freecell` for FC-Pro and fc-solve solution
    /// text saved as `.freecell`. The caller's precedence is the `#game` line, then this,
    /// then GCG. Default: none (the game is known by its `#game` line alone).
    fn extension(&self) -> Option<&'static str> {
        None
    }

    /// Every rule code this game's findings can carry (`score`, `row-duplicate`…), in no
    /// particular order: the list `folio play --deny/--warn/--allow CODE` checks a code
    /// against. Made from the game's own code tables ([`crate::rule_codes!`]), not copied.
    fn codes(&self) -> Vec<&'static str>;

    /// Whether the game reads a rule-set name (`--rules`); default: no.
    fn takes_rules(&self) -> bool {
        false
    }

    /// Whether the text report can show the board after every move (`--board`); default: no.
    fn takes_boards(&self) -> bool {
        false
    }

    /// The options of `options` that mean nothing for this game, as written on the command
    /// line (`--rules standard`, `--board`): a usage error for a run of this game alone, a
    /// warning in a mixed run.
    fn refuses(&self, options: &Options) -> Vec<String> {
        let mut given = Vec::new();
        if let Some(rules) = options.rules.as_ref().filter(|_| !self.takes_rules()) {
            given.push(format!("--rules {rules}"));
        }
        if options.boards && !self.takes_boards() {
            given.push("--board".to_string());
        }
        given
    }

    /// Parses, validates and replays `source`. A script that breaks the game's rules or
    /// format is a report with findings, not an error.
    ///
    /// # Errors
    /// [`Refusal`] when the script gives no report at all (see its variants).
    fn replay(
        &self,
        source: Source<'_>,
        lexicons: &dyn Lexicons<L>,
        options: &Options,
    ) -> Result<Box<dyn ScriptReport>, Refusal>;
}

/// One replayed script, as `folio play` prints, counts and writes it.
pub trait ScriptReport {
    /// The file as named.
    fn file(&self) -> &str;
    /// The game's name (`scrabble`, `boggle`, …).
    fn game(&self) -> &'static str;
    /// Moves replayed (Scrabble: turns; Boggle: words played), for the run's summary.
    fn moves(&self) -> usize;
    /// How many findings the report holds (0: the script is valid).
    fn findings(&self) -> usize;
    /// The text transcript (each finding as `file:line:col: message` and the line), every
    /// finding listed as an error.
    fn to_text(&self) -> String;
    /// The text transcript with its findings as the run weighs them (`folio play`'s
    /// `--deny/--warn/--allow` and `--max-findings`): allowed findings and those past the
    /// limit are not listed but counted on a line of their own
    /// ([`Weighed::not_listed`](crate::script::Weighed::not_listed)), warnings and notes carry their severity word, and a count of findings
    /// counts those listed. Findings are weighed in the order of
    /// [`findings_json`](Self::findings_json), as the caller weighs them for its other
    /// outputs. Default, for a report that cannot: [`to_text`](Self::to_text).
    fn to_text_weighed(&self, weighing: &Weighing<'_>) -> String {
        let _ = weighing;
        self.to_text()
    }
    /// The JSON report: an object whose first keys are `file`, `game`, and which holds
    /// `findings`, a list of [`crate::script::Finding`] objects (docs/formats.md).
    fn to_json(&self) -> serde_json::Value;
    /// The `findings` value of [`to_json`](Self::to_json) alone (a list of finding objects),
    /// for a caller that prints no JSON report (`folio play`'s text, SARIF, JUnit…): a game
    /// whose report grows with its script (every word of a round, every move) overrides it
    /// so that the report's JSON is not built for its findings. Default: taken from
    /// `to_json`.
    fn findings_json(&self) -> serde_json::Value {
        match self.to_json() {
            serde_json::Value::Object(mut map) => {
                map.remove("findings").unwrap_or(serde_json::Value::Null)
            }
            _ => serde_json::Value::Null,
        }
    }
    /// The record written back in its own format, every field filled (`--write-gcg`), where
    /// the game has one.
    fn rewrite(&self) -> Option<String> {
        None
    }
    /// The game's own typed report, for a presentation layer (folio-render's HTML and SVG)
    /// that downcasts it to the game crate's public report type; `None` when the game has
    /// none to give (a script that did not parse into one).
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Json(serde_json::Value);

    impl ScriptReport for Json {
        fn file(&self) -> &str {
            "f"
        }
        fn game(&self) -> &'static str {
            "stub"
        }
        fn moves(&self) -> usize {
            0
        }
        fn findings(&self) -> usize {
            0
        }
        fn to_text(&self) -> String {
            String::new()
        }
        fn to_json(&self) -> serde_json::Value {
            self.0.clone()
        }
    }

    /// By default the findings are taken from the JSON report; none there is `null`.
    #[test]
    fn findings_json_defaults_to_the_reports_findings() {
        let findings = serde_json::json!([{"line": 1, "col": 2, "rule": "r", "message": "m"}]);
        let with = Json(serde_json::json!({"file": "f", "findings": findings}));
        assert_eq!(with.findings_json(), findings);
        let without = Json(serde_json::json!({"file": "f"}));
        assert_eq!(without.findings_json(), serde_json::Value::Null);
        assert_eq!(
            Json(serde_json::json!([1])).findings_json(),
            serde_json::Value::Null
        );
    }
}
