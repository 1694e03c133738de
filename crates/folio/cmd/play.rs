//! `folio play`: replay scripted games (GCG records or folio scripts) and check every move,
//! score and total. See `docs/formats.md` for the script format and the JSON report.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::bail;
use folio_core::script::{
    game_line, GameLine, LexiconRequest, Lexicons, Loc, Options, Refusal, Resolved, ScriptedGame,
    Source,
};
use folio_lexicon::WordSet;
use folio_scrabble::report::summary_line;
use folio_scrabble::script::RulesName;

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
    /// Crossword games: for each tile play with a written rack, the best play, the recorded
    /// play's rank and the points missed, and a summary per player (docs/moves.md).
    #[arg(long, requires = "lexicon")]
    analyse: bool,
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
        Some(p) => Some(Arc::new(folio_lexicon::checked::open_set(p)?)),
        None => None,
    };
    if args.scripts.iter().filter(|p| is_stdin(p)).count() > 1 {
        bail!("- (stdin) is given more than once: stdin holds one script");
    }
    let mut tally = Tally::default();
    let mut stdout = Stdout::default();
    let mut json_reports = Vec::new();
    let mut unreadable = 0usize;
    let mut only_error = None;
    for path in &args.scripts {
        let name = path.display().to_string();
        match play_path(path, &args, forced.as_ref()) {
            Ok(played) => {
                tally.add(played.moves, played.findings);
                let analysis = forced
                    .as_ref()
                    .filter(|_| args.analyse)
                    .and_then(|set| super::analyse::of_path(path, args.rules, set));
                match played.output {
                    Output::Text(text) => stdout.emit(&text)?,
                    Output::Json(mut value) => {
                        if let (Some(a), Some(obj)) = (&analysis, value.as_object_mut()) {
                            obj.insert("analysis".into(), serde_json::to_value(a)?);
                        }
                        json_reports.push(value)
                    }
                }
                if let (Some(a), false) = (&analysis, args.json) {
                    stdout.emit(&super::analyse::text(a))?;
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
        stdout.emit(&format!("{out}\n"))?;
    } else if args.scripts.len() > 1 {
        let mut line = summary_line(tally.games, tally.moves, tally.findings);
        if unreadable > 0 {
            line.push_str(&format!(", {unreadable} unreadable"));
        }
        stdout.emit(&format!("{line}\n"))?;
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

/// The games `folio play` knows, in the order they are asked to claim a script: the first
/// line `#game NAME` picks the game that claims NAME; a script without one is a GCG record.
fn games() -> [&'static dyn ScriptedGame<WordSet>; 4] {
    [
        &folio_scrabble::Scrabble,
        &folio_boggle::Boggle,
        &folio_kenken::KenKen,
        &folio_freecell::FreeCell,
    ]
}

/// The game that claims a script whose `#game` line says `name` (`None`: no such line).
fn game_for(name: Option<&str>) -> Option<&'static dyn ScriptedGame<WordSet>> {
    games().into_iter().find(|g| g.claims(name))
}

/// The replay options of this run, as every game reads them.
fn options(args: &Args) -> Options {
    Options {
        rules: args.rules.map(|r| r.name().to_string()),
        boards: args.board,
        require_lexicon: args.require_lexicon,
    }
}

/// Reads and replays one script, dispatched once to the game that claims it.
fn play_path(path: &Path, args: &Args, forced: Option<&Arc<WordSet>>) -> Result<Played, Failure> {
    let name = path.display().to_string();
    let bytes = read_script(path)
        .map_err(|e| Failure::File(anyhow::Error::new(e).context(format!("cannot read {name}"))))?;
    let default = game_for(None).ok_or_else(|| Failure::Fatal(anyhow::anyhow!("no GCG game")))?;
    let game = match game_line(&bytes) {
        GameLine::First(g) => game_for(Some(&g)).unwrap_or(default),
        GameLine::Elsewhere {
            name: g,
            line,
            first,
        } => match game_for(Some(&g)) {
            // A script of another game that its reader cannot take: say so, rather than let
            // the GCG reader report its pragmas as unknown.
            Some(other) if other.name() != default.name() => {
                return Ok(misplaced(&name, other, line, first, args.json));
            }
            _ => default,
        },
        GameLine::None => default,
    };
    let opts = options(args);
    if game.name() != default.name() {
        if args.write_gcg.is_some() {
            return Err(Failure::Fatal(anyhow::anyhow!(
                "{name}: --write-gcg applies to Scrabble games, not `#game {}` {}s",
                game.name(),
                noun(game)
            )));
        }
        for option in game.refuses(&opts) {
            let why = format!(
                "{name}: {option} applies to Scrabble games, not to this `#game {}` {}",
                game.name(),
                noun(game)
            );
            // Alone, the script makes the option meaningless: a usage error. In a run of
            // several scripts it may be meant for the Scrabble games among them: a warning.
            if args.scripts.len() == 1 {
                return Err(Failure::Fatal(anyhow::anyhow!(why)));
            }
            eprintln!("folio: warning: {why}");
        }
    }
    let lexicons = CliLexicons {
        script: path,
        name: &name,
        forced: forced.map(|set| (set, args.lexicon.as_ref())),
        opened: std::cell::RefCell::new(Vec::new()),
    };
    let source = Source {
        name: &name,
        bytes: &bytes,
    };
    // Words are looked up in word sets: a set that passes its checksum may still be
    // malformed, so the replay runs guarded (one guard for every walk: folio_lexicon).
    let no_paths: &[PathBuf] = &[];
    let replayed = match folio_lexicon::guarded(no_paths, || game.replay(source, &lexicons, &opts))
    {
        Ok(replayed) => replayed,
        Err(folio_lexicon::Error::Malformed { detail, .. }) => {
            let paths = lexicons.opened.take();
            let e = if paths.is_empty() {
                anyhow::anyhow!("{name}: internal error while replaying it: {detail}")
            } else {
                folio_lexicon::Error::Malformed { paths, detail }.into()
            };
            return Err(Failure::File(e));
        }
        Err(e) => return Err(Failure::File(e.into())),
    };
    let report = replayed.map_err(|r| match r {
        Refusal::Unreadable(m) => Failure::File(anyhow::anyhow!(m)),
        Refusal::Usage(m) => Failure::Fatal(anyhow::anyhow!(m)),
    })?;
    if let Some(out) = &args.write_gcg {
        match report.rewrite() {
            Some(text) => folio_lexicon::set::atomic::write_bytes_atomic(out, text.as_bytes())
                .map_err(|e| {
                    Failure::Fatal(
                        anyhow::Error::new(e).context(format!("cannot write {}", out.display())),
                    )
                })?,
            None => eprintln!("folio: {name} does not parse: no GCG written"),
        }
    }
    Ok(Played {
        moves: report.moves(),
        findings: report.findings(),
        output: if args.json {
            Output::Json(report.to_json())
        } else {
            Output::Text(report.to_text())
        },
    })
}

/// What a game calls one of its scripts, in messages (`round` for Boggle).
fn noun(game: &dyn ScriptedGame<WordSet>) -> &'static str {
    if game.name() == "boggle" {
        "round"
    } else {
        "script"
    }
}

/// The report of a script whose `#game` line is not its first line, or has more words.
fn misplaced(
    name: &str,
    game: &dyn ScriptedGame<WordSet>,
    line: u32,
    first: bool,
    json: bool,
) -> Played {
    let g = game.name();
    let message = if first {
        format!("`#game {g}` takes nothing after it on its line")
    } else {
        format!(
            "a `#game {g}` {} must start with `#game {g}` on its first line",
            noun(game)
        )
    };
    let loc = Loc::new(line, 1);
    let output = if json {
        Output::Json(serde_json::json!({
            "file": name,
            "game": g,
            "findings": [{"file": name, "line": loc.line, "col": loc.col,
                "rule": "misplaced-game-pragma", "message": message}],
        }))
    } else {
        Output::Text(format!("{name}:{loc}: {message}\n"))
    };
    Played {
        moves: 0,
        findings: 1,
        output,
    }
}

/// The binary's side of word sets: `--lexicon` (opened once for the run), else the
/// script's `#lexicon`, relative to the script's folder.
struct CliLexicons<'a> {
    script: &'a Path,
    name: &'a str,
    forced: Option<(&'a Arc<WordSet>, Option<&'a PathBuf>)>,
    /// The sets walked for this script, named in a malformed-set error.
    opened: std::cell::RefCell<Vec<PathBuf>>,
}

impl Lexicons<WordSet> for CliLexicons<'_> {
    fn resolve(&self, request: LexiconRequest<'_>) -> Result<Option<Resolved<WordSet>>, String> {
        if let Some((set, path)) = self.forced {
            self.opened.borrow_mut().extend(path.cloned());
            return Ok(Some(Resolved {
                lexicon: Arc::clone(set),
                label: path.map(|p| p.display().to_string()).unwrap_or_default(),
            }));
        }
        let Some((value, loc)) = request.named else {
            return Ok(None);
        };
        let candidate = self.script.parent().unwrap_or(Path::new("")).join(value);
        // A value written as a path must open; a bare name (`CSW19`) is a lexicon name
        // unless a file of that name sits beside the script (GCG records only).
        if !(request.path_only || looks_like_path(value) || candidate.is_file()) {
            return Ok(None);
        }
        let name = self.name;
        self.opened.borrow_mut().push(candidate.clone());
        folio_lexicon::checked::open_set(&candidate)
            .map(|set| {
                Some(Resolved {
                    lexicon: Arc::new(set),
                    label: value.to_string(),
                })
            })
            .map_err(|e| {
                let why = crate::render(&anyhow::Error::new(e));
                if request.path_only {
                    format!("{name}:{loc}: #lexicon: {why}")
                } else {
                    format!("{name}:{loc}: #lexicon {value}: {why}")
                }
            })
    }
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

/// Standard output of one run, which its reader may close early (`folio play … | head -1`).
#[derive(Default)]
struct Stdout {
    /// The reader is gone: nothing more is written, but every script is still replayed so
    /// the exit status gives the verdict of the whole run.
    closed: bool,
}

impl Stdout {
    /// Writes `text` to stdout. Unlike `print!`, a closed stdout is neither a panic nor an
    /// error: the run stops writing and goes on, so `| head -1` keeps exit 1 on findings.
    ///
    /// # Errors
    /// Any write error but a broken pipe.
    fn emit(&mut self, text: &str) -> std::io::Result<()> {
        if self.closed {
            return Ok(());
        }
        let mut out = std::io::stdout().lock();
        match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            r => r,
        }
    }
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

/// Whether a `#lexicon` value is written as a path to a word set (`sets/books.fst`,
/// `..\\books`, `books.fst`) rather than as a lexicon's name (`CSW19`, `NWL2020`).
fn looks_like_path(value: &str) -> bool {
    value.contains(['/', '\\'])
        || Path::new(value)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("fst"))
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
