//! Boggle round scripts: parse → validate → play, and the report.
//!
//! A script (`docs/formats-boggle.md`) names a board (letters, or a cube set and a seed), a
//! scoring, a lexicon and each player's words. [`play_script`] replays it through
//! `Round` against a lexicon the caller opened and returns a [`Report`];
//! malformed scripts give an [`Error::Script`] naming file, line and column.
//! [`Boggle`] is the game `folio play` dispatches `#game boggle` scripts to.
//!
//! ```
//! use folio_boggle::script::play_script;
//! use folio_core::WordList;
//! let text = "#game boggle\n#board ABCD/EFGH/IJKL/MNOP\n#player ann\n>ann: fine glop\n";
//! let words = WordList::new(["FINE", "GLOP", "KNIFE"]);
//! let report = play_script("round.boggle", text, &words, "words").unwrap();
//! assert_eq!(report.findings.len(), 1); // FINE cannot be traced on this board
//! print!("{report}");
//! ```

pub mod error;
mod findings;
pub mod game;
pub mod parse;
pub mod report;
mod scripted;

use folio_core::quote::{clipped, QUOTED_CHARS};
use folio_core::script::each_line;
use folio_core::Lexicon;

use crate::{Round, Verdict};

pub use error::{Error, Located, ScriptError};
pub use findings::{Finding, Rule};
pub use parse::{is_boggle, parse, Loc, Script};
pub use report::{MissedWord, PlayerReport, Report, WordReport};
pub use scripted::Boggle;

/// Parses and validates the Boggle script `text` (a `str`, or the bytes of the file: a line
/// that is not UTF-8 is then a script error at that line) read from `path`, with players'
/// words normalised by `normalize`; the lexicon is not needed yet.
///
/// # Errors
/// [`Error::Script`] (file:line:col) for a malformed or inconsistent script.
pub fn check<T: AsRef<[u8]> + ?Sized>(
    path: &str,
    text: &T,
    normalize: &dyn Fn(&str) -> Option<String>,
) -> Result<(Script, game::Game), Error> {
    let (script, mut errors) = parse::read(text).map_err(|e| Located::all_at(e, path))?;
    // The checks of the whole script run on the lines that read, so that one run reports
    // every error; that a board or a player is missing follows from a bad line, if any.
    // Unknown pragmas do not stop the replay; a round that cannot be replayed lists them
    // with its errors, as every finding is listed in one run.
    let unknown = || script.unknown_as_errors();
    match game::validate(&script, normalize) {
        Ok(game) if errors.is_empty() => Ok((script, game)),
        Ok(_) => {
            errors.extend(unknown());
            Err(Located::all_at(errors, path))
        }
        Err(more) => {
            let consequence = !errors.is_empty();
            errors.extend(
                more.into_iter()
                    .filter(|e| !(consequence && e.kind.is_absence())),
            );
            errors.extend(unknown());
            Err(Located::all_at(errors, path))
        }
    }
}

/// Parses, validates and replays the Boggle script `text` read from `path` against
/// `lexicon` (named `label` in the report), normalising players' words with the lexicon's
/// own rule ([`Lexicon::normalize`]).
///
/// # Errors
/// [`Error::Script`] (file:line:col) for a malformed or inconsistent script (exit 1).
/// Rejected words and wrong claimed scores are not errors: they are the report's findings.
pub fn play_script<T, L>(path: &str, text: &T, lexicon: &L, label: &str) -> Result<Report, Error>
where
    T: AsRef<[u8]> + ?Sized,
    L: Lexicon + ?Sized,
{
    let (script, game) = check(path, text, &|w| lexicon.normalize(w))?;
    Ok(play(
        path,
        text.as_ref(),
        &game,
        &script.unknown_pragmas,
        lexicon,
        label,
    ))
}

/// Plays a checked round; its `unknown` pragmas are findings beside the replay's.
fn play<L: Lexicon + ?Sized>(
    path: &str,
    text: &[u8],
    game: &game::Game,
    unknown: &[parse::Spanned<String>],
    lexicon: &L,
    label: &str,
) -> Report {
    let keys: Vec<Vec<String>> = game
        .players
        .iter()
        .map(|p| p.words.iter().map(|(_, key, _)| key.clone()).collect())
        .collect();
    let result = Round::new(&game.board, game.scoring, &lexicon).play(&keys);
    // Each line a finding may quote (one holding a word or a `#score`: at most MAX_WORDS +
    // MAX_PLAYERS, however many lines the file has) decoded once, and quoted by findings as
    // a bounded excerpt around the column: a long line of rejected words costs memory and
    // time linear in it.
    let wanted: std::collections::HashSet<u32> = game
        .players
        .iter()
        .flat_map(|p| {
            let words = p.words.iter().map(|(_, _, loc)| loc.line);
            words.chain(p.claimed.iter().map(|c| c.pos.line))
        })
        .chain(unknown.iter().map(|u| u.pos.line))
        .collect();
    let lines: std::collections::HashMap<u32, std::borrow::Cow<'_, str>> = each_line(text)
        .enumerate()
        .filter_map(|(i, l)| {
            let n = u32::try_from(i + 1).ok()?;
            wanted.contains(&n).then(|| (n, String::from_utf8_lossy(l)))
        })
        .collect();
    let mut excerpts = folio_core::script::Excerpter::new();
    let mut finding = |loc: Loc, rule: Rule| {
        let line = lines.get(&loc.line).map_or("", |l| l.as_ref());
        Finding {
            file: path.to_string(),
            loc,
            rule,
            text: excerpts.cut(loc.line, line, loc.col),
        }
    };

    let mut findings: Vec<Finding> = unknown
        .iter()
        .map(|u| {
            finding(
                u.pos,
                Rule::UnknownPragma {
                    name: u.value.clone(),
                },
            )
        })
        .collect();
    let mut players = Vec::with_capacity(game.players.len());
    for (p, r) in game.players.iter().zip(result.players) {
        let mut words = Vec::with_capacity(p.words.len());
        for ((written, _, loc), c) in p.words.iter().zip(r.words) {
            if let Verdict::Rejected { rejection } = &c.verdict {
                let rule = Rule::Rejected {
                    player: p.nick.clone(),
                    word: clipped(&c.word, QUOTED_CHARS).to_string(),
                    rejection: rejection.clone(),
                };
                findings.push(finding(*loc, rule));
            }
            words.push(WordReport {
                written: written.clone(),
                word: c.word,
                pos: *loc,
                path: c.path,
                verdict: c.verdict,
            });
        }
        if let Some(claim) = &p.claimed {
            if claim.value != r.score {
                let rule = Rule::ClaimedScore {
                    player: p.nick.clone(),
                    claimed: claim.value,
                    replay: r.score,
                };
                findings.push(finding(claim.pos, rule));
            }
        }
        players.push(PlayerReport {
            nick: p.nick.clone(),
            name: p.name.clone(),
            score: r.score,
            claimed: p.claimed.as_ref().map(|c| c.value),
            words,
        });
    }
    findings.sort_by_key(|f| f.loc);
    let missed = result
        .missed
        .into_iter()
        .map(|(f, points)| MissedWord {
            word: f.word,
            points,
            path: f.path,
        })
        .collect();
    Report {
        file: path.to_string(),
        game: "boggle",
        board: game.board.to_string(),
        rows: game.board.rows(),
        cols: game.board.cols(),
        dice: game.rolled.as_ref().map(|(d, _)| d.clone()),
        seed: game.rolled.as_ref().map(|&(_, s)| s),
        scoring: game.scoring.name.to_string(),
        min_len: result.min_len,
        lexicon: label.to_string(),
        players,
        missed,
        findings,
        grid: game.board.grid(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use folio_core::script::SHOWN_CHARS;
    use folio_core::WordList;

    #[test]
    fn findings_on_one_long_line_quote_a_bounded_excerpt_at_their_column() {
        // 6000 words on one line, each a finding (not on the board, or played already): each finding
        // quotes at most SHOWN_CHARS characters of the line, around its own column, so the
        // report holds text linear in the line, not a copy of it per finding.
        let words = "perse, ".repeat(6000);
        let text = format!("#game boggle\n#board PERS/LATG/SINE/TERS\n#player a\n>a: {words}\n");
        let report = play_script("long.boggle", &text, &WordList::new(["PERSE"]), "w").unwrap();
        assert_eq!(report.findings.len(), 6000);
        let total = ">a: ".len() + words.len();
        for (i, f) in report.findings.iter().enumerate() {
            // Words are 7 characters apart, from column 5.
            assert_eq!(f.loc.col as usize, 5 + i * 7, "{i}");
            assert!(f.text.chars().count() <= SHOWN_CHARS, "{}", f.text);
            assert!(
                f.text.ends_with(&format!(" ({total} characters)")),
                "{}",
                f.text
            );
            assert!(f.text.contains("perse, perse"), "{}", f.text);
        }
        assert!(report.findings[5999].text.starts_with('…'));
    }
}
