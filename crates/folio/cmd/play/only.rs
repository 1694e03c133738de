//! [`Only`]: one game that takes every script of a run, whatever its `#game` line says —
//! what a game's own subcommand (`folio kenken replay`, `folio freecell check`) checks with
//! `folio play`'s loop and writers.

use folio_core::script::{Lexicons, Options, Refusal, ScriptReport, ScriptedGame, Source};
use folio_lexicon::WordSet;

/// Claims every script for the game it wraps (a FreeCell solution in FC-Pro notation has
/// no `#game` line, and is still FreeCell's to read).
pub(crate) struct Only<'a>(pub &'a dyn ScriptedGame<WordSet>);

impl ScriptedGame<WordSet> for Only<'_> {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn claims(&self, _name: Option<&str>) -> bool {
        true
    }

    fn codes(&self) -> Vec<&'static str> {
        self.0.codes()
    }

    fn extension(&self) -> Option<&'static str> {
        self.0.extension()
    }

    fn takes_rules(&self) -> bool {
        self.0.takes_rules()
    }

    fn takes_boards(&self) -> bool {
        self.0.takes_boards()
    }

    fn replay(
        &self,
        source: Source<'_>,
        lexicons: &dyn Lexicons<WordSet>,
        options: &Options,
    ) -> Result<Box<dyn ScriptReport>, Refusal> {
        self.0.replay(source, lexicons, options)
    }
}
