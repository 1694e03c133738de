//! [`KenKen`]: solving sessions as `folio play` sees them (the kernel's [`ScriptedGame`]).

use folio_core::script::{
    Lexicons, Options, Refusal, ScriptReport, ScriptedGame, Source, Weighing,
};

use crate::script::{play_bytes, Report};

/// KenKen solving sessions: scripts whose first line is `#game kenken` (`docs/kenken.md`).
#[derive(Clone, Copy, Debug, Default)]
pub struct KenKen;

impl ScriptReport for Report {
    fn file(&self) -> &str {
        &self.file
    }
    fn game(&self) -> &'static str {
        "kenken"
    }
    fn moves(&self) -> usize {
        self.moves
    }
    /// The findings (a session that does not solve its puzzle holds `not-solved`).
    fn findings(&self) -> usize {
        self.findings.len()
    }
    fn to_text(&self) -> String {
        Report::to_text(self)
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

impl<L: ?Sized> ScriptedGame<L> for KenKen {
    fn name(&self) -> &'static str {
        "kenken"
    }

    fn claims(&self, name: Option<&str>) -> bool {
        name == Some("kenken")
    }

    /// `.kenken`: a script of this game even without its `#game` line.
    fn extension(&self) -> Option<&'static str> {
        Some("kenken")
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
        Ok(Box::new(play_bytes(source.bytes, source.name)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The findings `folio play` lists without the JSON report are the report's own.
    #[test]
    fn findings_json_is_the_reports_findings() {
        let report = play_bytes(
            b"#game kenken\n#puzzle 3de:_aba_3a,s1m3a5m3\nA1=1 B1=1 C1=4\n",
            "k.kenken",
        );
        let findings = ScriptReport::findings_json(&report);
        // B1 repeats A1's 1, C1=4 is out of range, and the grid is not solved.
        assert_eq!(findings.as_array().map(Vec::len), Some(3));
        assert!(findings
            .as_array()
            .is_some_and(|f| f.iter().any(|f| f["rule"] == "not-solved")));
        assert_eq!(findings, ScriptReport::to_json(&report)["findings"]);
    }
}
