//! [`Scrabble`]: the crossword game as `folio play` sees it (the kernel's
//! [`ScriptedGame`]): GCG records and folio scripts in, a [`Report`] out.

use std::sync::Arc;

use folio_core::script::{
    LexiconRequest, Lexicons, Options, Refusal, ScriptReport, ScriptedGame, Source, Weighing,
};
use folio_core::Lexicon;

use crate::replay::{self, Options as ReplayOptions};
use crate::report::Report;
use crate::script::{GameKind, RulesName, Script};

/// The crossword game: it claims every script without a `#game` line (GCG records) and
/// `#game scrabble`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Scrabble;

/// A replayed record: the report, and the script for writing it back.
struct Replayed {
    script: Option<Script>,
    report: Report,
}

impl ScriptReport for Replayed {
    fn file(&self) -> &str {
        &self.report.file
    }
    fn game(&self) -> &'static str {
        self.report.game
    }
    fn moves(&self) -> usize {
        self.report.stats.moves
    }
    fn findings(&self) -> usize {
        self.report.findings.len()
    }
    fn to_text(&self) -> String {
        self.report.to_text()
    }
    fn to_text_weighed(&self, weighing: &Weighing<'_>) -> String {
        self.report.to_text_weighed(weighing)
    }
    fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(&self.report).unwrap_or_else(|e| {
            serde_json::json!({
                "file": self.report.file, "game": self.report.game, "error": e.to_string()
            })
        })
    }
    /// The findings alone, without the turns and board of the report.
    fn findings_json(&self) -> serde_json::Value {
        serde_json::to_value(&self.report.findings).unwrap_or_default()
    }
    fn rewrite(&self) -> Option<String> {
        let script = self.script.as_ref()?;
        Some(crate::write::to_gcg(script, &self.report))
    }
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(&self.report)
    }
}

impl<L: Lexicon + ?Sized> ScriptedGame<L> for Scrabble {
    fn name(&self) -> &'static str {
        "scrabble"
    }

    fn claims(&self, name: Option<&str>) -> bool {
        matches!(name, None | Some("scrabble"))
    }

    fn codes(&self) -> Vec<&'static str> {
        crate::findings::all_codes().collect()
    }

    fn takes_rules(&self) -> bool {
        true
    }

    fn takes_boards(&self) -> bool {
        true
    }

    fn replay(
        &self,
        source: Source<'_>,
        lexicons: &dyn Lexicons<L>,
        options: &Options,
    ) -> Result<Box<dyn ScriptReport>, Refusal> {
        let name = source.name;
        let script = match crate::parse(source.bytes, name) {
            Ok(s) => s,
            Err(errors) => {
                return Ok(Box::new(Replayed {
                    script: None,
                    report: Report::not_replayed(name, &errors, &options.selected),
                }))
            }
        };
        if script.header.game == GameKind::Boggle {
            // `#game boggle` after other header lines: not a round, and not a record.
            return Err(Refusal::Unreadable(format!(
                "{name}: a `#game boggle` round must start with `#game boggle`"
            )));
        }
        let rules = match &options.rules {
            None => None,
            Some(r) => Some(RulesName::parse(r).ok_or_else(|| {
                Refusal::Usage(format!(
                    "unknown rule set {} (course, standard, wordbler)",
                    folio_core::quote::quoted(r)
                ))
            })?),
        };
        let named = script
            .header
            .lexicon
            .as_ref()
            .map(|(v, loc)| (v.as_str(), *loc));
        let request = LexiconRequest {
            named,
            path_only: false,
        };
        let resolved = lexicons.resolve(request).map_err(Refusal::Unreadable)?;
        let opts = ReplayOptions {
            rules,
            lexicon_name: resolved
                .as_ref()
                .map(|r| r.label.clone())
                .or_else(|| named.map(|(v, _)| v.to_string())),
            boards: options.boards,
            require_lexicon: options.require_lexicon,
            notes_as_findings: options.selected.clone(),
        };
        let lexicon: Option<Arc<L>> = resolved.map(|r| r.lexicon);
        let report = replay::replay(&script, lexicon.as_deref(), &opts);
        Ok(Box::new(Replayed {
            script: Some(script),
            report,
        }))
    }
}
