//! [`FreeCell`]: solution scripts as `folio play` sees them (the kernel's [`ScriptedGame`]).

use folio_core::script::{
    Lexicons, Options, Refusal, ScriptReport, ScriptedGame, Source, Weighing,
};

use crate::replay::{replay, Options as ReplayOptions, Report};

/// FreeCell solutions: scripts whose first line is `#game freecell` (`docs/freecell.md`).
#[derive(Clone, Copy, Debug, Default)]
pub struct FreeCell;

impl ScriptReport for Report {
    fn file(&self) -> &str {
        &self.file
    }
    fn game(&self) -> &'static str {
        "freecell"
    }
    fn moves(&self) -> usize {
        self.steps.len()
    }
    /// The findings, and one more when every move is legal but the game is not won (the
    /// verdict counts: exit 1).
    fn findings(&self) -> usize {
        // An unwon game is a `not-won` finding of its own (`replay`).
        self.findings.len()
    }
    fn to_text(&self) -> String {
        self.to_string()
    }
    fn to_text_weighed(&self, weighing: &Weighing<'_>) -> String {
        Report::to_text_weighed(self, weighing)
    }
    fn to_json(&self) -> serde_json::Value {
        Report::to_json(self)
    }
    fn findings_json(&self) -> serde_json::Value {
        Report::findings_json(self)
    }
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }
}

impl<L: ?Sized> ScriptedGame<L> for FreeCell {
    fn name(&self) -> &'static str {
        "freecell"
    }

    fn claims(&self, name: Option<&str>) -> bool {
        name == Some("freecell")
    }

    /// `.freecell`: a script of this game even without its `#game` line.
    fn extension(&self) -> Option<&'static str> {
        Some("freecell")
    }

    fn codes(&self) -> Vec<&'static str> {
        crate::code::ALL.to_vec()
    }

    fn replay(
        &self,
        source: Source<'_>,
        _lexicons: &dyn Lexicons<L>,
        _options: &Options,
    ) -> Result<Box<dyn ScriptReport>, Refusal> {
        Ok(Box::new(replay(
            source.name,
            source.bytes,
            &ReplayOptions::default(),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The findings `folio play` lists without the JSON report are the report's own.
    #[test]
    fn findings_json_is_the_reports_findings() {
        let report = replay(
            "f.freecell",
            b"#game freecell\n#deal 1\n1a a1\n",
            &ReplayOptions::default(),
        );
        let findings = ScriptReport::findings_json(&report);
        // The illegal `a1`, then the verdict at it.
        assert_eq!(findings.as_array().map(Vec::len), Some(2));
        assert_eq!(findings[1]["rule"], "not-won");
        assert_eq!(findings, ScriptReport::to_json(&report)["findings"]);
    }

    /// An unwon game counts its `not-won` finding once, in the count and in the list alike.
    #[test]
    fn an_unwon_game_counts_one_finding() {
        let report = replay(
            "f.freecell",
            b"#game freecell\n#deal 1\n1a\n",
            &ReplayOptions::default(),
        );
        assert!(!report.won());
        assert_eq!(ScriptReport::findings(&report), 1);
        assert_eq!(report.findings_json()[0]["rule"], "not-won");
    }
}
