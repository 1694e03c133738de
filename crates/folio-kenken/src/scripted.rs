//! [`KenKen`]: solving sessions as `folio play` sees them (the kernel's [`ScriptedGame`]).

use folio_core::script::{Lexicons, Options, Refusal, ScriptReport, ScriptedGame, Source};

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
    /// The findings, and one more when the session ends on a grid that does not solve the
    /// puzzle without any conflict found on the way (the verdict counts: exit 1).
    fn findings(&self) -> usize {
        self.findings.len() + usize::from(self.findings.is_empty() && !self.solved)
    }
    fn to_text(&self) -> String {
        Report::to_text(self)
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
