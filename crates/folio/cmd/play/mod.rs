//! `folio play`: replay scripted games (GCG records or folio scripts) and check every move,
//! score and total. See `docs/formats.md` for the script format and the output contract.
//!
//! A run is a loop over its files (`inputs`), each read once, dispatched to the game that
//! claims it, replayed under a guard (a panic is that file's `internal-error` entry, and the
//! run goes on), weighed (`select`: severities, `--allow`, `--max-findings`) and handed to
//! the output format (`output`, `ci`) at once, so memory holds one file's report at a time.

mod ci;
mod entry;
mod fix;
mod html;
pub(crate) mod inputs;
pub(crate) mod lexicon;
mod names;
pub(crate) mod only;
mod output;
pub(crate) mod select;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::bail;
use folio_core::script::{
    game_line, GameLine, Loc, Options, Refusal, ScriptedGame, Source, Weighing,
};
use folio_lexicon::WordSet;
use folio_scrabble::script::RulesName;

pub(crate) use self::entry::Unit;
use self::entry::{Body, Entry, Failure, Item, Summary, Weigher};
use self::inputs::is_stdin;
use self::lexicon::{CliLexicons, LexiconPaths};
use self::output::{Format, Sink};
use self::select::{Lists, Selection};
use super::Outcome;

/// Arguments of `folio play`.
#[derive(clap::Args)]
#[command(
    after_help = "Exit status: 0 no finding of severity error; 1 at least one (each printed as \
file:line:col: rule, then the line as written), or a script that does not parse; 2 usage or \
I/O error, or a file folio could not check (it gets its own entry and the other scripts are \
still replayed). Severities: --deny/--warn/--allow RULE, or [play] deny/warn/allow in \
./folio.toml. Script format, output contract and JSON Schemas: docs/formats.md, docs/schema/."
)]
pub struct Args {
    /// Scripts to replay: GCG files, folio scripts (a superset of GCG), Boggle rounds
    /// (`#game boggle`), KenKen sessions and FreeCell solutions; a folder is walked for
    /// .gcg, .boggle, .kenken and .freecell files; `-` reads one script from stdin (its
    /// `#lexicon` is then relative to the current folder).
    #[arg(value_name = "SCRIPT", required_unless_present = "files_from")]
    scripts: Vec<PathBuf>,
    /// Also replay the scripts (or folders) listed in FILE, one per line (`-`: stdin).
    #[arg(long, value_name = "FILE")]
    files_from: Option<PathBuf>,
    /// The --files-from list is NUL-separated (`find -print0`).
    #[arg(short = '0', long = "null", requires = "files_from")]
    null: bool,
    /// Check every word formed against this folio word set (overrides `#lexicon`). Also
    /// spelled `--lexicon` (its former name).
    #[arg(long = "set", alias = "lexicon", value_name = "SET.fst")]
    lexicon: Option<PathBuf>,
    /// Which `#lexicon` paths a script may name: `script` (relative to the script's folder)
    /// or `any` (absolute paths too). Either way only regular files are opened.
    #[arg(long, value_name = "WHICH", value_enum, default_value_t = LexiconPaths::Script)]
    lexicon_paths: LexiconPaths,
    /// Rule set: course, standard or wordbler (overrides `#rules`; default standard; Scrabble
    /// games only).
    #[arg(long, value_name = "NAME", value_parser = crate::cmd::offer::offer(parse_rules, crate::cmd::offer::rule_sets()))]
    rules: Option<RulesName>,
    #[command(flatten)]
    report: ReportArgs,
    /// Print the board after every turn (text output; Scrabble games only: a Boggle round's
    /// report always shows its board).
    #[arg(long)]
    board: bool,
    /// Write the replayed game as a complete GCG file (one script only; written atomically).
    #[arg(long, value_name = "OUT", value_parser = super::args::output_file())]
    write_gcg: Option<PathBuf>,
    /// Write the record corrected to OUT: the rule set's points and running totals in place
    /// of misscored ones (an illegal play keeps its move and scores +0), every other byte as
    /// written (one Scrabble script; written atomically; OUT may not be the script).
    #[arg(long, value_name = "OUT", value_parser = super::args::output_file())]
    fix: Option<PathBuf>,
    /// Also write an HTML report (docs/render.md): one script: OUT.html is its page; several:
    /// OUT.html is an index linking one page per script in the folder OUT-files beside it.
    /// Self-contained (no network); every file written atomically.
    #[arg(long, value_name = "OUT.html", value_parser = super::args::output_file())]
    html: Option<PathBuf>,
    /// Fail (exit 1, with a finding) any game whose words could not be checked against a
    /// word set: no --set, and a #lexicon that names none folio can open (`NWL2020`).
    #[arg(long)]
    require_lexicon: bool,
    /// Crossword games: for each tile play with a written rack, the best play, the recorded
    /// play's rank and the points missed, and a summary per player (docs/moves.md).
    #[arg(long, requires = "lexicon")]
    analyse: bool,
}

/// How a run of script checks reports and weighs its findings: the one set of output
/// options of `folio play`, `folio kenken replay` and `folio freecell check`, which share
/// its writers (text, JSON, JSON lines, SARIF, JUnit, GitHub annotations; docs/formats.md).
#[derive(clap::Args)]
pub struct ReportArgs {
    /// Output format: text, json, jsonl, sarif, junit or github (docs/formats.md §7–9).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Same as --format json: one JSON document (docs/schema/play.schema.json).
    #[arg(long, conflicts_with_all = ["format", "jsonl"])]
    json: bool,
    /// Same as --format jsonl: one JSON line per file, then a summary line.
    #[arg(long, conflicts_with = "format")]
    jsonl: bool,
    /// Text output: only the findings (with their severity) and the summary line.
    #[arg(short, long)]
    quiet: bool,
    /// List at most N findings over the run (the others are still counted, and still set
    /// the exit status).
    #[arg(long, value_name = "N")]
    max_findings: Option<usize>,
    /// Make RULE's findings errors (exit 1). Repeatable.
    #[arg(long, value_name = "RULE", hide_possible_values = true,
          value_parser = crate::cmd::offer::names(crate::cmd::offer::rule_codes()))]
    deny: Vec<String>,
    /// Make RULE's findings warnings (reported, exit 0). Repeatable.
    #[arg(long, value_name = "RULE", hide_possible_values = true,
          value_parser = crate::cmd::offer::names(crate::cmd::offer::rule_codes()))]
    warn: Vec<String>,
    /// Drop RULE's findings (counted as allowed). Repeatable. RULE is the code a finding
    /// carries (`score`); a code none of the command's games reports is a usage error
    /// (exit 2) listing the known ones, here as in --deny and --warn (in folio.toml, a code
    /// of another of folio's games is skipped).
    #[arg(long, value_name = "RULE", hide_possible_values = true,
          value_parser = crate::cmd::offer::names(crate::cmd::offer::rule_codes()))]
    allow: Vec<String>,
}

impl ReportArgs {
    fn format(&self) -> Format {
        if self.json {
            Format::Json
        } else if self.jsonl {
            Format::Jsonl
        } else {
            self.format
        }
    }

    /// Whether any option other than the default text output was given.
    pub(crate) fn is_set(&self) -> bool {
        self.format() != Format::Text
            || self.quiet
            || self.max_findings.is_some()
            || !(self.deny.is_empty() && self.warn.is_empty() && self.allow.is_empty())
    }

    /// The severities of the run: `--deny/--warn/--allow`, then `./folio.toml`; each code
    /// one of `games`' ([`select::known_codes`]).
    fn selection(&self, games: &[&dyn ScriptedGame<WordSet>]) -> anyhow::Result<Selection> {
        Selection::load(
            Path::new("."),
            &Lists {
                deny: self.deny.clone(),
                warn: self.warn.clone(),
                allow: self.allow.clone(),
            },
            &select::known_codes(games),
            &select::known_codes(&self::games()),
        )
    }
}

/// Checks `scripts` with `games` alone (the first game is the default for a script without
/// a `#game` line) and reports them as `report` says: what `folio kenken replay` and `folio
/// freecell check` run, through the same loop, isolation and writers as `folio play`.
pub(crate) fn check_scripts(
    scripts: &[PathBuf],
    walk_for: &[&str],
    report: &ReportArgs,
    games: &[&dyn ScriptedGame<WordSet>],
    unit: Unit,
) -> anyhow::Result<Outcome> {
    let selection = report.selection(games)?;
    // A folder stands for its files of the command's extensions (none: it stays itself,
    // and is refused as no script).
    let scripts = &if walk_for.is_empty() {
        scripts.to_vec()
    } else {
        inputs::collect(scripts, None, false, walk_for)?
    };
    if scripts.is_empty() {
        bail!(
            "no scripts to check (a folder is walked for .{} files)",
            walk_for.join(", .")
        );
    }
    if scripts.iter().filter(|p| is_stdin(p)).count() > 1 {
        bail!("- (stdin) is given more than once: stdin holds one script");
    }
    let single = scripts.len() == 1;
    let mut sink = output::sink(report.format(), report.quiet, single);
    let runner = Runner {
        html: None,
        games,
        options: Options {
            selected: selection.selected(),
            ..Options::default()
        },
        forced: None,
        lexicon_paths: LexiconPaths::Script,
        write_gcg: None,
        fix: None,
        single,
        text: sink.wants_text(),
        json: sink.wants_json(),
        analyse: None,
        unit,
    };
    let mut out = Out::new(crate::cmd::stdout());
    let mut weigher = Weigher::new(&selection, report.max_findings);
    let (summary, last_error) = runner.run(scripts, &mut weigher, &mut *sink, &mut out)?;
    verdict(&summary, last_error, scripts.len())
}

/// The exit of a run: an error (exit 2) when a script could not be checked, else 1 when a
/// finding of severity error was reported, else 0.
fn verdict(
    summary: &Summary,
    last_error: Option<String>,
    scripts: usize,
) -> anyhow::Result<Outcome> {
    if summary.unreadable + summary.internal_errors > 0 {
        if scripts == 1 {
            bail!(last_error.unwrap_or_default());
        }
        let failed = summary.unreadable + summary.internal_errors;
        if summary.internal_errors == 0 {
            bail!(
                "{failed} of {} could not be read or opened",
                summary.unit.files(scripts)
            );
        }
        bail!(
            "{failed} of {} could not be checked ({} unreadable, {} internal errors)",
            summary.unit.files(scripts),
            summary.unreadable,
            summary.internal_errors
        );
    }
    Ok(if summary.errors == 0 {
        Outcome::Ok
    } else {
        Outcome::Invalid
    })
}

fn parse_rules(s: &str) -> Result<RulesName, String> {
    RulesName::parse(s).ok_or_else(|| {
        format!(
            "unknown rule set {} (course, standard, wordbler)",
            folio_core::quote::quoted(s)
        )
    })
}

/// The games `folio play` knows, in the order they are asked to claim a script: the first
/// line `#game NAME` picks the game that claims NAME; a script without one is a GCG record.
pub(crate) fn games() -> [&'static dyn ScriptedGame<WordSet>; 4] {
    [
        &folio_scrabble::Scrabble,
        &folio_boggle::Boggle,
        &folio_kenken::KenKen,
        &folio_freecell::FreeCell,
    ]
}

/// Runs `folio play`.
pub fn run(args: Args) -> anyhow::Result<Outcome> {
    let selection = args.report.selection(&games())?;
    if args.files_from.as_deref().is_some_and(is_stdin) && args.scripts.iter().any(|p| is_stdin(p))
    {
        bail!("--files-from - and the script - both read stdin");
    }
    let scripts = inputs::collect(
        &args.scripts,
        args.files_from.as_deref(),
        args.null,
        inputs::EXTENSIONS,
    )?;
    if scripts.is_empty() {
        bail!("no scripts to replay (a folder is walked for .gcg, .boggle, .kenken and .freecell files)");
    }
    if args.write_gcg.is_some() && scripts.len() != 1 {
        bail!(
            "--write-gcg takes exactly one script ({} given)",
            scripts.len()
        );
    }
    if args.fix.is_some() && scripts.len() != 1 {
        bail!("--fix takes exactly one script ({} given)", scripts.len());
    }
    // An output that can never be written (a folder, a socket) is refused before any
    // replay: `--html DIR` once replayed everything and wrote the pages before failing.
    for (flag, out) in [
        ("--fix", &args.fix),
        ("--html", &args.html),
        ("--write-gcg", &args.write_gcg),
    ] {
        if let Some(out) = out {
            if let Err(e) = folio_lexicon::set::atomic::Target::resolve(out) {
                bail!("{flag} {}: {e}", folio_core::file_name::in_message(out));
            }
        }
    }
    refuse_shared_outputs(&[
        ("--fix", &args.fix),
        ("--html", &args.html),
        ("--write-gcg", &args.write_gcg),
    ])?;
    if let Some(out) = &args.fix {
        // The corrected record goes beside the original, never over it.
        super::refuse_overwriting_inputs(std::slice::from_ref(out), &scripts)?;
    }
    if let Some(out) = &args.html {
        super::refuse_overwriting_inputs(std::slice::from_ref(out), &scripts)?;
        // Several scripts make an index and a folder of pages beside it: nothing is ever
        // created beside a device or a FIFO (`--html /dev/null` once made /dev/null-files).
        if scripts.len() > 1 && folio_lexicon::set::atomic::is_write_through(out) {
            bail!(
                "--html {}: not a regular file, and {} scripts need a folder of pages beside \
                 the index; name a file",
                folio_core::file_name::in_message(out),
                scripts.len()
            );
        }
        html::check_folder(out, scripts.len())?;
    }
    if let Some(out) = &args.write_gcg {
        // A rewrite drops what the parser skipped: never over the script itself.
        super::refuse_overwriting_inputs(std::slice::from_ref(out), &scripts)?;
    }
    if scripts.iter().filter(|p| is_stdin(p)).count() > 1 {
        bail!("- (stdin) is given more than once: stdin holds one script");
    }
    let forced = match &args.lexicon {
        Some(p) => Some(Arc::new(folio_lexicon::checked::open_set(p)?)),
        None => None,
    };
    let single = scripts.len() == 1;
    let mut sink = output::sink(args.report.format(), args.report.quiet, single);
    let html = args
        .html
        .as_deref()
        .map(|out| html::Html::new(out, scripts.len()));
    let runner = Runner {
        html: html.as_ref(),
        games: &games(),
        options: Options {
            rules: args.rules.map(|r| r.name().to_string()),
            boards: args.board,
            require_lexicon: args.require_lexicon,
            selected: selection.selected(),
        },
        forced: forced.as_ref().map(|set| (set, args.lexicon.as_ref())),
        lexicon_paths: args.lexicon_paths,
        write_gcg: args.write_gcg.as_deref(),
        fix: args.fix.as_deref(),
        single,
        text: sink.wants_text(),
        json: sink.wants_json(),
        analyse: args.analyse.then_some(args.rules),
        unit: Unit::Script,
    };
    let mut out = Out::new(crate::cmd::stdout());
    let mut weigher = Weigher::new(&selection, args.report.max_findings);
    let (summary, last_error) = runner.run(&scripts, &mut weigher, &mut *sink, &mut out)?;
    if let Some(html) = html {
        html.finish()?;
    }
    verdict(&summary, last_error, scripts.len())
}

/// What stays the same for every file of a run.
struct Runner<'a> {
    /// `--html`: the pages of the run.
    html: Option<&'a html::Html>,
    games: &'a [&'a dyn ScriptedGame<WordSet>],
    options: Options,
    forced: Option<(&'a Arc<WordSet>, Option<&'a PathBuf>)>,
    lexicon_paths: LexiconPaths,
    write_gcg: Option<&'a Path>,
    /// `--fix OUT`: where the corrected record goes.
    fix: Option<&'a Path>,
    /// One file only: an option that does not apply to it is a usage error.
    single: bool,
    /// The output format prints the games' text transcripts.
    text: bool,
    /// The output format prints each game's JSON report (`--json`, `--jsonl`).
    json: bool,
    /// `--analyse` (with the `--rules` given, if any): crossword games get their analysis.
    analyse: Option<Option<RulesName>>,
    /// What each file is, for the summary's words.
    unit: Unit,
}

/// Why the run stops before its end (a usage error, an unwritable `--write-gcg`): exit 2.
struct Fatal(anyhow::Error);

impl Runner<'_> {
    /// Replays every script, handing each entry to `sink` as soon as it is done. Returns
    /// the run's summary, and the message of the last error entry (said alone for a run
    /// of one file).
    ///
    /// # Errors
    /// A usage error, or a write error on `out` other than a closed pipe.
    fn run<W: Write>(
        &self,
        scripts: &[PathBuf],
        weigher: &mut Weigher<'_>,
        sink: &mut dyn Sink,
        out: &mut Out<W>,
    ) -> anyhow::Result<(Summary, Option<String>)> {
        let mut buf = Vec::new();
        sink.begin(&mut buf)?;
        out.emit(&mut buf)?;
        let mut summary = Summary {
            unit: self.unit,
            ..Summary::default()
        };
        let mut last_error = None;
        for path in scripts {
            let drawn = self.html.map_or(0, html::Html::len);
            let mut entry = self.check(path, weigher).map_err(|Fatal(e)| e)?;
            entry.name_bytes = names::exact(path);
            // No page drawn: the index lists the script with why, once it is weighed.
            let no_page = self.html.filter(|h| h.len() == drawn).map(|h| {
                let why = entry
                    .items
                    .first()
                    .map_or_else(String::new, |i| i.message.clone());
                (h, why)
            });
            if let Body::Failed { message, .. } = &entry.body {
                // Said on stderr for people whatever the format; a run of one file says
                // it once, as its error (exit 2).
                if !self.single {
                    eprintln!("folio: error: {message}");
                }
                last_error = Some(message.clone());
            } else {
                let (items, counts) = weigher.weigh(std::mem::take(&mut entry.items));
                entry.items = items;
                if let Some(html) = self.html.filter(|h| h.len() > drawn) {
                    // The index counts what the run reports (allowed findings aside).
                    html.weighed(counts.reported());
                }
                entry.counts = counts;
            }
            if let Some((html, why)) = no_page {
                // As the summary counts it: a file that could not be checked is no finding.
                let (findings, unchecked) = match &entry.body {
                    Body::Failed { failure, .. } => (
                        0,
                        Some(match failure {
                            Failure::Unreadable => folio_render::Unchecked::Unreadable,
                            Failure::Internal => folio_render::Unchecked::InternalError,
                        }),
                    ),
                    Body::Report { .. } => (entry.counts.reported(), None),
                };
                html.no_page(&entry.file, entry.game, findings, unchecked, why);
            }
            summary.add(&entry);
            sink.entry(&entry, &mut buf)?;
            out.emit(&mut buf)?;
        }
        sink.end(&summary, &mut buf)?;
        out.emit(&mut buf)?;
        Ok((summary, last_error))
    }

    /// Reads, replays and reports one script: a report, or an error entry when the file
    /// cannot be read or its replay fails inside folio. `weigher` is the run's, before this
    /// script's findings are weighed: the transcript lists them as it will.
    fn check(&self, path: &Path, weigher: &Weigher<'_>) -> Result<Entry, Fatal> {
        // Not UTF-8: escaped (`\xFF`), never lossy (docs/formats.md §9, "File names").
        let name = folio_core::file_name::shown(path).into_owned();
        let failed = |game, failure: Failure, message: String| Entry {
            items: vec![Item {
                file: name.clone(),
                line: 1,
                col: 1,
                rule: failure.code().into(),
                severity: select::Severity::Error,
                message: message.clone(),
                text: String::new(),
            }],
            file: name.clone(),
            name_bytes: None,
            game,
            moves: 0,
            body: Body::Failed { failure, message },
            counts: Default::default(),
        };
        let bytes = match read_script(path) {
            Ok(bytes) => bytes,
            Err(e) => {
                // A name from a `--files-from` list may be any bytes: shown escaped, never raw.
                let shown = folio_core::quote::shown(&name);
                let e = anyhow::Error::new(e).context(format!("cannot read {shown}"));
                return Ok(failed(None, Failure::Unreadable, crate::render(&e)));
            }
        };
        let default = self
            .game_for(None)
            .ok_or_else(|| Fatal(anyhow::anyhow!("no GCG game")))?;
        let game = match game_line(&bytes) {
            GameLine::First(g) => self.game_for(Some(&g)).unwrap_or(default),
            GameLine::Elsewhere {
                name: g,
                line,
                first,
            } => match self.game_for(Some(&g)) {
                // A script of another game that its reader cannot take: say so, rather than
                // let the GCG reader report its pragmas as unknown.
                Some(other) if other.name() != default.name() => {
                    return Ok(misplaced(&name, other, line, first, weigher));
                }
                _ => default,
            },
            // No `#game` line: the extension, then GCG (docs/formats.md).
            GameLine::None => self.game_by_extension(path).unwrap_or(default),
        };
        if game.name() != default.name() {
            for (given, option) in [
                (self.write_gcg.is_some(), "--write-gcg"),
                (self.fix.is_some(), "--fix"),
            ] {
                if given {
                    return Err(Fatal(anyhow::anyhow!(
                        "{name}: {option} applies to Scrabble games, not `#game {}` {}s",
                        game.name(),
                        noun(game)
                    )));
                }
            }
            for option in game.refuses(&self.options) {
                let why = format!(
                    "{name}: {option} applies to Scrabble games, not to this `#game {}` {}",
                    game.name(),
                    noun(game)
                );
                // Alone, the script makes the option meaningless: a usage error. In a run of
                // several scripts it may be meant for the Scrabble games among them.
                if self.single {
                    return Err(Fatal(anyhow::anyhow!(why)));
                }
                eprintln!("folio: warning: {why}");
            }
        }
        let lexicons = CliLexicons {
            script: path,
            name: &name,
            forced: self.forced,
            paths: self.lexicon_paths,
            opened: std::cell::RefCell::new(Vec::new()),
        };
        let source = Source {
            name: &name,
            bytes: &bytes,
        };
        // One guard for the whole replay: a word set that passes its checksum may still be
        // malformed, and a game may have a bug; either is this file's entry, not the run's end.
        let no_paths: &[PathBuf] = &[];
        let replayed =
            folio_lexicon::guarded(no_paths, || game.replay(source, &lexicons, &self.options));
        let report = match replayed {
            Ok(Ok(report)) => report,
            Ok(Err(Refusal::Unreadable(m))) => {
                return Ok(failed(Some(game.name()), Failure::Unreadable, m))
            }
            Ok(Err(Refusal::Usage(m))) => return Err(Fatal(anyhow::anyhow!(m))),
            Err(folio_lexicon::Error::Malformed { detail, .. }) => {
                let paths = lexicons.opened.take();
                let message = if paths.is_empty() {
                    format!("{name}: internal error while replaying it: {detail}")
                } else {
                    crate::render(&folio_lexicon::Error::Malformed { paths, detail }.into())
                };
                return Ok(failed(Some(game.name()), Failure::Internal, message));
            }
            Err(e) => {
                let message = crate::render(&e.into());
                return Ok(failed(Some(game.name()), Failure::Internal, message));
            }
        };
        if let Some(html) = self.html {
            let severity = weigher.severity_of();
            let weighing = Weighing::new(&severity, weigher.budget());
            html.page(&name, &*report, &bytes, &weighing)
                .map_err(Fatal)?;
        }
        if let Some(out) = self.write_gcg {
            match report.rewrite() {
                Some(text) => folio_lexicon::set::atomic::write_bytes_atomic(out, text.as_bytes())
                    .map_err(|e| {
                        Fatal(anyhow::Error::new(e).context(format!(
                            "cannot write {}",
                            folio_core::file_name::in_message(out)
                        )))
                    })?,
                None => eprintln!("folio: {name} does not parse: no GCG written"),
            }
        }
        // The report's JSON only where it is printed or read (`--fix` reads its turns): a
        // round of many words holds a report many times its script's size as a JSON value.
        // The findings are the list's and summary's in any format.
        let whole = self.json || self.fix.is_some();
        let mut json = if whole {
            match report.to_json() {
                serde_json::Value::Object(map) => map,
                other => {
                    let mut map = serde_json::Map::new();
                    map.insert("file".into(), name.clone().into());
                    map.insert("game".into(), game.name().into());
                    map.insert("report".into(), other);
                    map
                }
            }
        } else {
            serde_json::Map::new()
        };
        let findings = if whole {
            json.remove("findings")
        } else {
            Some(report.findings_json()).filter(|f| !f.is_null())
        };
        let items = match findings.map(serde_json::from_value::<Vec<Item>>) {
            Some(Ok(mut items)) => {
                for item in items.iter_mut().filter(|i| i.file.is_empty()) {
                    item.file.clone_from(&name);
                }
                items
            }
            Some(Err(e)) => {
                let message = format!(
                    "{name}: internal error: the {} report's findings are not the shared shape: {e}",
                    game.name()
                );
                return Ok(failed(Some(game.name()), Failure::Internal, message));
            }
            None => Vec::new(),
        };
        if let Some(out) = self.fix {
            let turns = json
                .get("turns")
                .and_then(|t| t.as_array())
                .map_or(&[][..], Vec::as_slice);
            let (fixed, changed) = fix::fix(&bytes, turns);
            folio_lexicon::set::atomic::write_bytes_atomic(out, &fixed).map_err(|e| {
                Fatal(anyhow::Error::new(e).context(format!(
                    "cannot write {}",
                    folio_core::file_name::in_message(out)
                )))
            })?;
            // A record that does not parse was not replayed: no number of it was checked,
            // so "0 corrected" would read as "all were right".
            let replayed = json
                .get("result")
                .and_then(|r| r.get("status"))
                .is_none_or(|s| s != "not-replayed");
            if replayed {
                // The points of an illegal play become the rules' (0) so that the totals
                // after it add up; the play itself is kept, and still fails the record.
                let illegal = match changed.on_illegal_plays {
                    0 => String::new(),
                    k if k == changed.numbers => {
                        " (all on illegal plays, which stay as written)".to_string()
                    }
                    k => format!(" ({k} of them on illegal plays, which stay as written)"),
                };
                eprintln!(
                    "folio: {}: {} corrected from {name}{illegal}",
                    folio_core::file_name::in_message(out),
                    folio_core::plural(changed.numbers, "number", "numbers")
                );
            } else {
                eprintln!(
                    "folio: {}: {name} copied as written: it does not parse, so none of its \
                     numbers was checked",
                    folio_core::file_name::in_message(out)
                );
            }
        }
        // Keep `findings` at its place among the report's keys (replaced when printed).
        json.insert("findings".into(), serde_json::Value::Null);
        let mut text = if self.text {
            // Weighed as the run weighs the findings (their JSON, below in `run`), so the
            // transcript lists what the summary and the machine outputs count.
            let severity = weigher.severity_of();
            report.to_text_weighed(&Weighing::new(&severity, weigher.budget()))
        } else {
            String::new()
        };
        if let (Some(rules), Some((set, _))) = (self.analyse, self.forced) {
            if let Some(a) = super::analyse::of_script(path, &bytes, rules, set) {
                json.insert(
                    "analysis".into(),
                    serde_json::to_value(&a).unwrap_or_default(),
                );
                if self.text {
                    text.push_str(&super::analyse::text(&a));
                }
            }
        }
        Ok(Entry {
            file: name,
            name_bytes: None,
            game: Some(game.name()),
            moves: report.moves(),
            body: Body::Report { json, text },
            items,
            counts: Default::default(),
        })
    }

    /// The game that claims a script whose `#game` line says `name` (`None`: no such line).
    fn game_for(&self, name: Option<&str>) -> Option<&dyn ScriptedGame<WordSet>> {
        self.games.iter().copied().find(|g| g.claims(name))
    }

    /// The game of `path`'s extension ([`game_by_extension`]).
    fn game_by_extension(&self, path: &Path) -> Option<&dyn ScriptedGame<WordSet>> {
        game_by_extension(self.games, path)
    }
}

/// The game of `games` whose [`ScriptedGame::extension`] `path` has (compared without
/// case), for a script without a `#game` line: a `.freecell` file of FC-Pro solution text is
/// FreeCell's. The precedence is the `#game` line, then this, then GCG (docs/formats.md).
pub(crate) fn game_by_extension<'g>(
    games: &[&'g dyn ScriptedGame<WordSet>],
    path: &Path,
) -> Option<&'g dyn ScriptedGame<WordSet>> {
    let ext = path.extension()?.to_str()?;
    games
        .iter()
        .copied()
        .find(|g| g.extension().is_some_and(|e| e.eq_ignore_ascii_case(ext)))
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
/// Its transcript lists the finding as `weigher` will weigh it.
fn misplaced(
    name: &str,
    game: &dyn ScriptedGame<WordSet>,
    line: u32,
    first: bool,
    weigher: &Weigher<'_>,
) -> Entry {
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
    let mut json = serde_json::Map::new();
    json.insert("file".into(), name.into());
    json.insert("game".into(), g.into());
    json.insert("findings".into(), serde_json::Value::Null);
    Entry {
        file: name.into(),
        name_bytes: None,
        game: Some(g),
        moves: 0,
        body: Body::Report {
            json,
            text: {
                let severity = weigher.severity_of();
                let weighing = Weighing::new(&severity, weigher.budget());
                let weighed = weighing.weigh([select::MISPLACED_GAME_PRAGMA]);
                let listed = weighed
                    .shown(0)
                    .map(|s| format!("{name}:{loc}: {}{message}\n", s.prefix()));
                let not_listed = weighed.not_listed().map(|l| format!("{l}\n"));
                listed.or(not_listed).unwrap_or_default()
            },
        },
        items: vec![Item {
            file: name.into(),
            line: loc.line.into(),
            col: loc.col.into(),
            rule: select::MISPLACED_GAME_PRAGMA.into(),
            severity: select::Severity::Error,
            message,
            text: String::new(),
        }],
        counts: Default::default(),
    }
}

/// The bytes of a script: the file, or stdin for `-`, at most
/// [`inputs::INPUT_MAX_BYTES`].
fn read_script(path: &Path) -> std::io::Result<Vec<u8>> {
    inputs::read_capped(path, "a script")
}

/// The output of one run, which its reader may close early (`folio play … | head -1`).
struct Out<W> {
    w: W,
    /// The reader is gone: nothing more is written, but every script is still replayed so
    /// the exit status gives the verdict of the whole run.
    closed: bool,
}

impl<W: Write> Out<W> {
    fn new(w: W) -> Self {
        Out { w, closed: false }
    }

    /// Writes and clears `buf`. Unlike `print!`, a closed stdout is neither a panic nor an
    /// error: the run stops writing and goes on, so `| head -1` keeps exit 1 on findings.
    ///
    /// # Errors
    /// Any write error but a broken pipe.
    fn emit(&mut self, buf: &mut Vec<u8>) -> std::io::Result<()> {
        let result = if self.closed || buf.is_empty() {
            Ok(())
        } else {
            match self.w.write_all(buf).and_then(|()| self.w.flush()) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                    self.closed = true;
                    Ok(())
                }
                r => r,
            }
        };
        buf.clear();
        result
    }
}

#[cfg(test)]
mod tests;

/// Refuses two of play's outputs naming one regular file (`--fix x.gcg --html x.gcg`): the
/// second written would replace the first while stderr still said the first was there.
/// A device or FIFO (`/dev/null`) may take several: each is written through it.
fn refuse_shared_outputs(outputs: &[(&str, &Option<PathBuf>)]) -> anyhow::Result<()> {
    let named: Vec<(&str, &PathBuf, PathBuf)> = outputs
        .iter()
        .filter_map(|(flag, out)| out.as_ref().map(|o| (*flag, o)))
        .filter(|(_, o)| !folio_lexicon::set::atomic::is_write_through(o))
        .map(|(flag, o)| (flag, o, same_file_key(o)))
        .collect();
    for (i, (flag_a, out_a, key_a)) in named.iter().enumerate() {
        for (flag_b, out_b, key_b) in &named[i + 1..] {
            if key_a == key_b {
                bail!(
                    "{flag_a} {} and {flag_b} {} name the same file: the second would replace \
                     the first; name two files",
                    folio_core::file_name::in_message(out_a),
                    folio_core::file_name::in_message(out_b)
                );
            }
        }
    }
    Ok(())
}

/// A path as compared for [`refuse_shared_outputs`]: the file the write would replace, as
/// [`Target::resolve`](folio_lexicon::set::atomic::Target::resolve) finds it (links followed,
/// a dangling one to the file it names), canonical when it exists (`./` resolved), else its
/// canonical folder joined with its name.
fn same_file_key(path: &Path) -> PathBuf {
    let path = match folio_lexicon::set::atomic::Target::resolve(path) {
        Ok(folio_lexicon::set::atomic::Target::Replace(p)) => p,
        _ => path.to_path_buf(),
    };
    let path = path.as_path();
    if let Ok(c) = std::fs::canonicalize(path) {
        return c;
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    match (std::fs::canonicalize(parent), path.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => path.to_path_buf(),
    }
}
