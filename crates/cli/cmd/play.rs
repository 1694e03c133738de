//! `folio play`: replay scripted games (GCG records or folio scripts) and check every move,
//! score and total. See `docs/formats.md` for the script format and the JSON report.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use folio_lexicon::WordSet;
use folio_play::replay::{self, Options};
use folio_play::report::{summary_line, Report};
use folio_play::script::{GameKind, RulesName};

use super::Outcome;

/// Arguments of `folio play`.
#[derive(clap::Args)]
#[command(
    after_help = "Exit status: 0 every move legal and every recorded number right; 1 at \
least one finding (each printed as file:line:col: rule, then the line as written) or a script \
that does not parse; 2 usage or I/O error (a script or word set that cannot be read is \
reported and the other scripts are still replayed). Script format and JSON schema: \
docs/formats.md."
)]
pub struct Args {
    /// Scripts to replay: GCG files, folio scripts (a superset of GCG) or Boggle rounds
    /// (`#game boggle`, docs/formats-boggle.md); `-` reads one from stdin (its `#lexicon`
    /// is then relative to the current folder).
    #[arg(required = true, value_name = "SCRIPT")]
    scripts: Vec<PathBuf>,
    /// Check every word formed against this folio word set (overrides `#lexicon`).
    #[arg(long, value_name = "SET.fst")]
    lexicon: Option<PathBuf>,
    /// Rule set: course, standard or wordbler (overrides `#rules`; default standard; Scrabble
    /// games only).
    #[arg(long, value_name = "NAME", value_parser = parse_rules)]
    rules: Option<RulesName>,
    /// Print the full report as JSON (schema in docs/formats.md).
    #[arg(long)]
    json: bool,
    /// Print the board after every turn (text output; Scrabble games only: a Boggle round's
    /// report always shows its board).
    #[arg(long)]
    board: bool,
    /// Write the replayed game as a complete GCG file (one script only; written atomically).
    #[arg(long, value_name = "OUT", value_parser = super::args::output_file)]
    write_gcg: Option<PathBuf>,
    /// Fail (exit 1, with a finding) any game whose words could not be checked against a
    /// word set: no --lexicon, and a #lexicon that names none folio can open (`NWL2020`).
    #[arg(long)]
    require_lexicon: bool,
}

fn parse_rules(s: &str) -> Result<RulesName, String> {
    RulesName::parse(s).ok_or_else(|| {
        format!(
            "unknown rule set {} (course, standard, wordbler)",
            folio_core::quote::quoted(s)
        )
    })
}

/// Runs `folio play`.
pub fn run(args: Args) -> anyhow::Result<Outcome> {
    if args.write_gcg.is_some() && args.scripts.len() != 1 {
        bail!(
            "--write-gcg takes exactly one script ({} given)",
            args.scripts.len()
        );
    }
    if let Some(out) = &args.write_gcg {
        // A rewrite drops what the parser skipped: never over the script itself.
        super::refuse_overwriting_inputs(std::slice::from_ref(out), &args.scripts)?;
    }
    let forced = match &args.lexicon {
        Some(p) => Some(folio_lexicon::checked::open_set(p)?),
        None => None,
    };
    if args.scripts.iter().filter(|p| is_stdin(p)).count() > 1 {
        bail!("- (stdin) is given more than once: stdin holds one script");
    }
    let mut tally = Tally::default();
    let mut json_reports = Vec::new();
    let mut unreadable = 0usize;
    let mut only_error = None;
    for path in &args.scripts {
        let name = path.display().to_string();
        match play_path(path, &args, forced.as_ref()) {
            Ok(played) => {
                tally.add(played.moves, played.findings);
                match played.output {
                    Output::Text(text) => emit(&text)?,
                    Output::Json(value) => json_reports.push(value),
                }
            }
            Err(Failure::Fatal(e)) => return Err(e),
            Err(Failure::File(e)) => {
                // One file that cannot be read or opened does not stop the run: it gets its
                // own entry, the others are replayed, and the run exits 2 at the end.
                unreadable += 1;
                let mut message = crate::render(&e);
                if !message.contains(&name) {
                    message = format!("{name}: {message}");
                }
                if args.json {
                    json_reports.push(serde_json::json!({"file": name, "error": message}));
                }
                if args.scripts.len() == 1 {
                    only_error = Some(e);
                } else {
                    eprintln!("folio: error: {message}");
                }
            }
        }
    }
    if args.json {
        let out = if json_reports.len() == 1 {
            serde_json::to_string_pretty(&json_reports[0])?
        } else {
            serde_json::to_string_pretty(&serde_json::json!({
                "reports": json_reports,
                "summary": {
                    "games": tally.games,
                    "moves": tally.moves,
                    "findings": tally.findings,
                    "unreadable": unreadable,
                },
            }))?
        };
        emit(&format!("{out}\n"))?;
    } else if args.scripts.len() > 1 {
        let mut line = summary_line(tally.games, tally.moves, tally.findings);
        if unreadable > 0 {
            line.push_str(&format!(", {unreadable} unreadable"));
        }
        emit(&format!("{line}\n"))?;
    }
    if let Some(e) = only_error {
        return Err(e);
    }
    if unreadable > 0 {
        bail!(
            "{unreadable} of {} scripts could not be read or opened",
            args.scripts.len()
        );
    }
    Ok(if tally.findings == 0 {
        Outcome::Ok
    } else {
        Outcome::Invalid
    })
}

/// What replaying one script gave: its counts for the summary and its report, as text or
/// JSON.
struct Played {
    moves: usize,
    findings: usize,
    output: Output,
}

/// One script's report, in the run's output form.
enum Output {
    Text(String),
    Json(serde_json::Value),
}

/// Why a script gave no report.
enum Failure {
    /// The script, or the word set it names, cannot be read or opened: reported for that
    /// file, and the run goes on (exit 2 at the end).
    File(anyhow::Error),
    /// The run cannot go on (a usage error, an unwritable `--write-gcg` output): exit 2 now.
    Fatal(anyhow::Error),
}

impl From<serde_json::Error> for Failure {
    fn from(e: serde_json::Error) -> Self {
        Failure::Fatal(e.into())
    }
}

/// Reads and replays one script, of either game.
fn play_path(path: &Path, args: &Args, forced: Option<&WordSet>) -> Result<Played, Failure> {
    let name = path.display().to_string();
    let bytes = read_script(path)
        .with_context(|| format!("cannot read {name}"))
        .map_err(Failure::File)?;
    if let Some(misfit) = misplaced_boggle_pragma(&bytes) {
        // A Boggle round the Boggle reader cannot take: say so, rather than let the
        // Scrabble reader report its pragmas as unknown.
        let output = if args.json {
            Output::Json(invalid_round_json(
                &name,
                &[(misfit.line, misfit.col, misfit.message.clone())],
            ))
        } else {
            Output::Text(format!(
                "{name}:{}:{}: {}\n",
                misfit.line, misfit.col, misfit.message
            ))
        };
        return Ok(Played {
            moves: 0,
            findings: 1,
            output,
        });
    }
    if folio_play::boggle::is_boggle(&bytes) {
        if args.write_gcg.is_some() {
            return Err(Failure::Fatal(anyhow::anyhow!(
                "{name}: --write-gcg applies to Scrabble games, not `#game boggle` rounds"
            )));
        }
        for option in scrabble_only_options(args) {
            let why = format!(
                "{name}: {option} applies to Scrabble games, not to this `#game boggle` round"
            );
            // Alone, the round makes the option meaningless: a usage error. In a run of
            // several scripts it may be meant for the Scrabble games among them: a warning.
            if args.scripts.len() == 1 {
                return Err(Failure::Fatal(anyhow::anyhow!(why)));
            }
            eprintln!("folio: warning: {why}");
        }
        return play_boggle(path, &bytes, args);
    }
    let report = play_one(path, &bytes, args, forced)?;
    let output = if args.json {
        Output::Json(serde_json::to_value(&report)?)
    } else {
        Output::Text(report.to_text())
    };
    Ok(Played {
        moves: report.stats.moves,
        findings: report.findings.len(),
        output,
    })
}

/// The options given that only Scrabble games use, as written: `--rules NAME` (a Boggle
/// round has its own `#scoring`) and `--board` (a round's report always shows its board).
fn scrabble_only_options(args: &Args) -> Vec<String> {
    let mut given = Vec::new();
    if let Some(rules) = args.rules {
        given.push(format!("--rules {}", rules.name()));
    }
    if args.board {
        given.push("--board".to_string());
    }
    given
}

/// Whether `path` is `-`, stdin.
fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The bytes of a script: the file, or stdin for `-`.
fn read_script(path: &Path) -> std::io::Result<Vec<u8>> {
    if is_stdin(path) {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes)?;
        Ok(bytes)
    } else {
        std::fs::read(path)
    }
}

/// Writes `text` to stdout. Unlike `print!`, a closed stdout (`folio play … | head`) is an
/// error returned to `main` (which exits quietly), not a panic.
fn emit(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Games, moves (Boggle: words played) and findings over every script of one run.
#[derive(Default)]
struct Tally {
    games: usize,
    moves: usize,
    findings: usize,
}

impl Tally {
    fn add(&mut self, moves: usize, findings: usize) {
        self.games += 1;
        self.moves += moves;
        self.findings += findings;
    }
}

/// Why a script holding a `#game boggle` pragma is not read as a Boggle round.
struct Misfit {
    line: usize,
    col: usize,
    message: String,
}

/// Where and why a script with a `#game boggle` pragma is not a Boggle round
/// (`folio_play::boggle::is_boggle`): the pragma is not first (its line). `None` when the
/// script is a round or has no such pragma. (A round whose lines are not all UTF-8 is a
/// round: the Boggle reader reports each such line.)
fn misplaced_boggle_pragma(bytes: &[u8]) -> Option<Misfit> {
    if folio_play::boggle::is_boggle(bytes) {
        return None;
    }
    let lossy = String::from_utf8_lossy(bytes);
    let line = folio_play::text::lines(&lossy).position(|l| {
        let mut words = l.split_whitespace();
        words
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("#game"))
            && words
                .next()
                .is_some_and(|w| w.eq_ignore_ascii_case("boggle"))
    });
    let first = folio_play::text::lines(&lossy).position(|l| !l.trim().is_empty());
    line.map(|i| Misfit {
        line: i + 1,
        col: 1,
        message: if Some(i) == first {
            // First, but with more words: `#game boggle extra`.
            "`#game boggle` takes nothing after it on its line".into()
        } else {
            "a `#game boggle` round must start with `#game boggle` on its first line".into()
        },
    })
}

/// The JSON report of a Boggle round that could not be replayed: its located errors as
/// findings, in the shape of a round's findings (`pos` {`line`, `col`}, `message`).
fn invalid_round_json(name: &str, errors: &[(usize, usize, String)]) -> serde_json::Value {
    let findings: Vec<serde_json::Value> = errors
        .iter()
        .map(|(line, col, message)| {
            serde_json::json!({"pos": {"line": line, "col": col}, "message": message})
        })
        .collect();
    serde_json::json!({
        "file": name,
        "game": "boggle",
        "findings": findings,
    })
}

/// Replays one Boggle round: a malformed round gives its errors as findings (exit 1), an
/// unreadable lexicon is a [`Failure::File`] (exit 2).
fn play_boggle(path: &Path, text: &[u8], args: &Args) -> Result<Played, Failure> {
    use folio_play::boggle::{play_script, LexiconChoice, Options};
    let options = Options {
        lexicon: args
            .lexicon
            .clone()
            .map(LexiconChoice::Path)
            .unwrap_or_default(),
    };
    // The walk of the word set runs guarded (a set that passes its checksum may still be
    // malformed). folio-play opens a `#lexicon` set itself, so its path is not known here:
    // the error names the script's lexicon instead, until the binary opens Boggle's sets.
    let sets = match &args.lexicon {
        Some(p) => vec![p.clone()],
        None => vec![PathBuf::from(format!("{} (its #lexicon)", path.display()))],
    };
    let played = folio_lexicon::guarded(&sets, || play_script(path, text, &options))
        .map_err(|e| Failure::File(e.into()))?;
    match played {
        Ok(report) => Ok(Played {
            moves: report.players.iter().map(|p| p.words.len()).sum(),
            findings: report.findings.len(),
            output: if args.json {
                Output::Json(serde_json::to_value(&report)?)
            } else {
                Output::Text(report.to_string())
            },
        }),
        Err(e) if e.is_invalid_script() => {
            let errors = match &e {
                folio_play::boggle::Error::Script {
                    line,
                    col,
                    kind,
                    more,
                    ..
                } => std::iter::once((*line, *col, kind.to_string()))
                    .chain(more.iter().map(|m| (m.line, m.col, m.kind.to_string())))
                    .collect(),
                _ => vec![(0, 0, e.to_string())],
            };
            Ok(Played {
                moves: 0,
                findings: errors.len(),
                output: if args.json {
                    Output::Json(invalid_round_json(&path.display().to_string(), &errors))
                } else {
                    Output::Text(format!("{e}\n"))
                },
            })
        }
        Err(e) => Err(Failure::File(e.into())),
    }
}

/// Whether a `#lexicon` value is written as a path to a word set (`sets/books.fst`,
/// `..\\books`, `books.fst`) rather than as a lexicon's name (`CSW19`, `NWL2020`).
fn looks_like_path(value: &str) -> bool {
    value.contains(['/', '\\'])
        || Path::new(value)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("fst"))
}

/// Reads, parses and replays one script (and writes it back with `--write-gcg`).
fn play_one(
    path: &Path,
    bytes: &[u8],
    args: &Args,
    forced: Option<&WordSet>,
) -> Result<Report, Failure> {
    let name = path.display().to_string();
    let script = match folio_play::parse(bytes, &name) {
        Ok(s) => s,
        Err(errors) => {
            if args.write_gcg.is_some() {
                eprintln!("folio: {name} does not parse: no GCG written");
            }
            return Ok(Report::not_replayed(&name, &errors));
        }
    };
    if script.header.game == GameKind::Boggle {
        // `#game boggle` after other header lines: the Boggle reader (which wants it
        // first) did not take it.
        return Err(Failure::File(anyhow::anyhow!(
            "{name}: a `#game boggle` round must start with `#game boggle`"
        )));
    }
    // `--lexicon`, else a `#lexicon` naming a word set (relative to the script), else a
    // lexicon name we do not have (NWL2018...): words are then not checked.
    let named = script.header.lexicon.as_ref().map(|(v, _)| v.clone());
    let mut opts = Options {
        rules: args.rules,
        lexicon_name: args
            .lexicon
            .as_ref()
            .map(|p| p.display().to_string())
            .or(named.clone()),
        boards: args.board,
        require_lexicon: args.require_lexicon,
    };
    let own;
    let mut lexicon_path = args.lexicon.clone();
    let lexicon = match (forced, &script.header.lexicon) {
        (Some(set), _) => Some(set),
        (None, Some((value, loc))) => {
            let candidate = path.parent().unwrap_or(Path::new(".")).join(value);
            // A value written as a path must open; a bare name (`CSW19`) is a lexicon name
            // unless a file of that name sits beside the script.
            if looks_like_path(value) || candidate.is_file() {
                own = folio_lexicon::checked::open_set(&candidate)
                    .with_context(|| format!("{name}:{loc}: #lexicon {value}"))
                    .map_err(Failure::File)?;
                opts.lexicon_name = Some(value.clone());
                lexicon_path = Some(candidate);
                Some(&own)
            } else {
                None
            }
        }
        (None, None) => None,
    };
    // Words are looked up in the set: a set that passes its checksum may still be
    // malformed, so the replay runs guarded.
    let report = match &lexicon_path {
        Some(p) if lexicon.is_some() => folio_lexicon::guarded(std::slice::from_ref(p), || {
            replay::replay(&script, lexicon, &opts)
        })
        .map_err(|e| Failure::File(e.into()))?,
        _ => replay::replay(&script, lexicon, &opts),
    };
    if let Some(out) = &args.write_gcg {
        let text = folio_play::write::to_gcg(&script, &report);
        folio_lexicon::set::atomic::write_bytes_atomic(out, text.as_bytes())
            .with_context(|| format!("cannot write {}", out.display()))
            .map_err(Failure::Fatal)?;
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::looks_like_path;

    #[test]
    fn lexicon_values_written_as_paths() {
        for v in [
            "sets/books.fst",
            "..\\books",
            "books.fst",
            "BOOKS.FST",
            "/abs/x",
        ] {
            assert!(looks_like_path(v), "{v}");
        }
        for v in ["CSW19", "NWL2020", "TWL06", "fst", "NWL2018.txt"] {
            assert!(!looks_like_path(v), "{v}");
        }
    }
}
