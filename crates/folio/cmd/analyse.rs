//! `folio play --analyse`: for each crossword tile play whose rack the record writes, the
//! best play available, the recorded play's rank and the points missed (docs/moves.md).

use std::path::Path;

use folio_lexicon::WordSet;
use folio_scrabble::movegen::analysis::{analyse, Analysis};
use folio_scrabble::replay::rules_for;
use folio_scrabble::script::{GameKind, RulesName};

/// The analysis of the crossword script `bytes` read from `path` (standard input
/// included: the bytes the replay read) with `set`, or `None` for a script that is not a
/// crossword game or does not parse (the replay has reported it already).
pub fn of_script(
    path: &Path,
    bytes: &[u8],
    rules: Option<RulesName>,
    set: &WordSet,
) -> Option<Analysis> {
    let script = folio_scrabble::parse(bytes, &folio_core::file_name::shown(path)).ok()?;
    if script.header.game != GameKind::Scrabble {
        return None;
    }
    let rules = rules_for(&script, rules);
    folio_lexicon::guarded(&[path], || analyse(&script, rules, set)).ok()
}

/// The analysis as text: one line per analysed play, then one per player.
pub fn text(a: &Analysis) -> String {
    let mut out = String::from("analysis (best play by score for each written rack):\n");
    for t in &a.turns {
        let rank = t.rank.map_or("-".to_string(), |r| r.to_string());
        out.push_str(&format!(
            "  line {:>3}  player {}  played {} {}  best {} {}  rank {rank}  missed {}\n",
            t.line, t.player, t.played, t.score, t.best, t.best_score, t.missed
        ));
    }
    for p in &a.players {
        out.push_str(&format!(
            "  player {}: {} plays analysed, {} best, {} points missed\n",
            p.player, p.plays, p.best_found, p.missed
        ));
    }
    out
}
