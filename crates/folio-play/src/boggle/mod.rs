//! Boggle round scripts: parse → validate → play, and the report.
//!
//! A script (`docs/formats-boggle.md`) names a board (letters, or a cube set and a seed), a
//! scoring, a lexicon and each player's words. [`play_script`] replays it through
//! `folio_core::boggle::Round` and returns a [`Report`]; malformed scripts give an
//! [`Error::Script`] naming file, line and column.
//!
//! ```no_run
//! use std::path::Path;
//! use folio_play::boggle::{play_script, Options};
//! let path = Path::new("round.boggle");
//! let text = std::fs::read_to_string(path).unwrap();
//! let report = play_script(path, &text, &Options::default()).unwrap();
//! print!("{report}");
//! std::process::exit(if report.has_findings() { 1 } else { 0 });
//! ```

pub mod error;
pub mod game;
pub mod report;
pub mod script;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use folio_core::boggle::{Round, Verdict};
use folio_core::quote::{clipped, QUOTED_CHARS};
use folio_lexicon::WordSet;

pub use error::{Error, Located, ScriptError};
pub use report::{Finding, MissedWord, PlayerReport, Report, WordReport};
pub use script::{is_boggle, parse, Pos, Script};

/// Where the lexicon of a round comes from.
#[derive(Clone, Default)]
pub enum LexiconChoice {
    /// The script's `#lexicon`, relative to the script's folder.
    #[default]
    FromScript,
    /// This file, whatever the script says (`--lexicon`).
    Path(PathBuf),
    /// A set already open (tests, or a caller replaying many scripts).
    Loaded {
        /// The set.
        set: Arc<WordSet>,
        /// How to name it in the report.
        label: String,
    },
}

/// Options of [`play_script`].
#[derive(Clone, Default)]
pub struct Options {
    /// The lexicon to check words against.
    pub lexicon: LexiconChoice,
}

/// Parses, validates and replays the Boggle script `text` (a `str`, or the bytes of the
/// file: a line that is not UTF-8 is then a script error at that line) read from `path`.
///
/// # Errors
/// [`Error::Script`] (file:line:col) for a malformed or inconsistent script (exit 1);
/// [`Error::Lexicon`] when the lexicon cannot be opened (exit 2). Rejected words and wrong
/// claimed scores are not errors: they are the report's findings.
pub fn play_script<T: AsRef<[u8]> + ?Sized>(
    path: &Path,
    text: &T,
    options: &Options,
) -> Result<Report, Error> {
    let (script, mut errors) = script::read(text).map_err(|e| Located::all_at(e, path))?;
    // The checks of the whole script run on the lines that read, so that one run reports
    // every error; that a board or a player is missing follows from a bad line, if any.
    let game = match game::validate(&script) {
        Ok(game) if errors.is_empty() => game,
        Ok(_) => return Err(Located::all_at(errors, path)),
        Err(more) => {
            let consequence = !errors.is_empty();
            errors.extend(
                more.into_iter()
                    .filter(|e| !(consequence && e.kind.is_absence())),
            );
            return Err(Located::all_at(errors, path));
        }
    };
    let (set, label) = open_lexicon(path, &script, options)?;
    let keys: Vec<Vec<String>> = game
        .players
        .iter()
        .map(|p| p.words.iter().map(|(_, key, _)| key.clone()).collect())
        .collect();
    let result = Round::new(&game.board, game.scoring, set.as_ref()).play(&keys);

    let mut findings = Vec::new();
    let mut players = Vec::with_capacity(game.players.len());
    for (p, r) in game.players.iter().zip(result.players) {
        let mut words = Vec::with_capacity(p.words.len());
        for ((written, _, pos), c) in p.words.iter().zip(r.words) {
            if let Verdict::Rejected { rejection } = &c.verdict {
                findings.push(Finding {
                    pos: *pos,
                    player: p.nick.clone(),
                    message: format!("{} {rejection}", clipped(&c.word, QUOTED_CHARS)),
                });
            }
            words.push(WordReport {
                written: written.clone(),
                word: c.word,
                pos: *pos,
                path: c.path,
                verdict: c.verdict,
            });
        }
        if let Some(claim) = &p.claimed {
            if claim.value != r.score {
                findings.push(Finding {
                    pos: claim.pos,
                    player: p.nick.clone(),
                    message: format!(
                        "claimed score {} but the replay gives {}",
                        claim.value, r.score
                    ),
                });
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
    findings.sort_by_key(|f| (f.pos.line, f.pos.col));
    let missed = result
        .missed
        .into_iter()
        .map(|(f, points)| MissedWord {
            word: f.word,
            points,
            path: f.path,
        })
        .collect();
    Ok(Report {
        file: path.display().to_string(),
        game: "boggle",
        board: game.board.to_string(),
        rows: game.board.rows(),
        cols: game.board.cols(),
        dice: game.rolled.as_ref().map(|(d, _)| d.clone()),
        seed: game.rolled.as_ref().map(|&(_, s)| s),
        scoring: game.scoring.name.to_string(),
        min_len: result.min_len,
        lexicon: label,
        players,
        missed,
        findings,
        grid: game.board.grid(),
    })
}

fn open_lexicon(
    path: &Path,
    script: &Script,
    options: &Options,
) -> Result<(Arc<WordSet>, String), Error> {
    let open = |file: PathBuf, pos: Option<Pos>, label: String| {
        folio_lexicon::checked::open_set(&file)
            .map(|s| (Arc::new(s), label))
            .map_err(|source| Error::Lexicon {
                path: path.to_path_buf(),
                line: pos.map_or(0, |p| p.line),
                col: pos.map_or(0, |p| p.col),
                source: Box::new(source),
            })
    };
    match &options.lexicon {
        LexiconChoice::Loaded { set, label } => Ok((Arc::clone(set), label.clone())),
        LexiconChoice::Path(p) => open(p.clone(), None, p.display().to_string()),
        LexiconChoice::FromScript => {
            let Some(l) = &script.lexicon else {
                return Err(Located {
                    line: 1,
                    col: 1,
                    kind: ScriptError::NoLexicon,
                }
                .at(path));
            };
            let file = path.parent().unwrap_or(Path::new("")).join(&l.value);
            open(file, Some(l.pos), l.value.clone())
        }
    }
}
