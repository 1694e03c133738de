//! `folio play`: replay scripted games (GCG records or folio scripts) and check every move,
//! score and total. See `docs/formats.md` for the script format and the JSON report.

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
that does not parse; 2 usage or I/O error. Script format and JSON schema: docs/formats.md."
)]
pub struct Args {
    /// Scripts to replay: GCG files or folio scripts (a superset of GCG).
    #[arg(required = true, value_name = "SCRIPT")]
    scripts: Vec<PathBuf>,
    /// Check every word formed against this folio word set (overrides `#lexicon`).
    #[arg(long, value_name = "SET.fst")]
    lexicon: Option<PathBuf>,
    /// Rule set: course, standard or wordbler (overrides `#rules`; default standard).
    #[arg(long, value_name = "NAME", value_parser = parse_rules)]
    rules: Option<RulesName>,
    /// Print the full report as JSON (schema in docs/formats.md).
    #[arg(long)]
    json: bool,
    /// Print the board after every turn (text output).
    #[arg(long)]
    board: bool,
    /// Write the replayed game as a complete GCG file (one script only; written atomically).
    #[arg(long, value_name = "OUT")]
    write_gcg: Option<PathBuf>,
}

fn parse_rules(s: &str) -> Result<RulesName, String> {
    RulesName::parse(s)
        .ok_or_else(|| format!("unknown rule set {s:?} (course, standard, wordbler)"))
}

/// Runs `folio play`.
pub fn run(args: Args) -> anyhow::Result<Outcome> {
    if args.write_gcg.is_some() && args.scripts.len() != 1 {
        bail!(
            "--write-gcg takes exactly one script ({} given)",
            args.scripts.len()
        );
    }
    let forced = match &args.lexicon {
        Some(p) => Some(
            WordSet::open(p).with_context(|| format!("cannot open word set {}", p.display()))?,
        ),
        None => None,
    };
    let mut reports = Vec::new();
    for path in &args.scripts {
        let report = play_one(path, &args, forced.as_ref())?;
        if !args.json {
            print!("{}", report.to_text());
        }
        reports.push(report);
    }
    let findings: usize = reports.iter().map(|r| r.findings.len()).sum();
    let moves: usize = reports.iter().map(|r| r.stats.moves).sum();
    if args.json {
        let out = if reports.len() == 1 {
            serde_json::to_string_pretty(&reports[0])?
        } else {
            serde_json::to_string_pretty(&serde_json::json!({
                "reports": reports,
                "summary": {"games": reports.len(), "moves": moves, "findings": findings},
            }))?
        };
        println!("{out}");
    } else if reports.len() > 1 {
        println!("{}", summary_line(reports.len(), moves, findings));
    }
    Ok(if reports.iter().all(Report::is_valid) {
        Outcome::Ok
    } else {
        Outcome::Invalid
    })
}

/// Reads, parses and replays one script (and writes it back with `--write-gcg`).
fn play_one(path: &Path, args: &Args, forced: Option<&WordSet>) -> anyhow::Result<Report> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {name}"))?;
    let script = match folio_play::parse(&bytes, &name) {
        Ok(s) => s,
        Err(errors) => {
            if args.write_gcg.is_some() {
                eprintln!("folio: {name} does not parse: no GCG written");
            }
            return Ok(Report::not_replayed(&name, &errors));
        }
    };
    if script.header.game == GameKind::Boggle {
        bail!(
            "{name}: unsupported game: `#game boggle` scripts are not replayed by `folio play` yet"
        );
    }
    // `--lexicon`, else a `#lexicon` naming a readable file (relative to the script), else
    // a lexicon name we do not have (NWL2018...): words are then not checked.
    let named = script.header.lexicon.as_ref().map(|(v, _)| v.clone());
    let mut opts = Options {
        rules: args.rules,
        lexicon_name: args
            .lexicon
            .as_ref()
            .map(|p| p.display().to_string())
            .or(named.clone()),
        boards: args.board,
    };
    let own;
    let lexicon = match (forced, &named) {
        (Some(set), _) => Some(set),
        (None, Some(value)) => {
            let candidate = path.parent().unwrap_or(Path::new(".")).join(value);
            if candidate.is_file() {
                own = WordSet::open(&candidate).with_context(|| {
                    format!(
                        "{name}: #lexicon {value}: cannot open word set {}",
                        candidate.display()
                    )
                })?;
                opts.lexicon_name = Some(value.clone());
                Some(&own)
            } else {
                None
            }
        }
        (None, None) => None,
    };
    let report = replay::replay(&script, lexicon, &opts);
    if let Some(out) = &args.write_gcg {
        let text = folio_play::write::to_gcg(&script, &report);
        folio_lexicon::atomic::write_bytes_atomic(out, text.as_bytes())
            .with_context(|| format!("cannot write {}", out.display()))?;
    }
    Ok(report)
}
