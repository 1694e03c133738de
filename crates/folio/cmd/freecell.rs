//! `folio freecell`: print Microsoft deals, check solutions, solve deals.

use std::io::Write;
use std::path::PathBuf;

use folio_core::script::{
    Lexicons, Options as ScriptOptions, Refusal, ScriptReport, ScriptedGame, Source,
};
use folio_freecell::solver::{Solver, Verdict};
use folio_freecell::{deal, replay, Autoplay, Options, Position};
use folio_lexicon::WordSet;
use serde_json::json;

use super::Outcome;

/// Subcommands of `folio freecell`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Print Microsoft deal N: eight lines, one per cascade, bottom to top (as deals.txt).
    ///
    /// N is 1..=8589934591 (FreeCell Pro's extended range) or the joke deals -1 and -2.
    Deal(DealArgs),
    /// Replay a solution (folio script, FC-Pro standard notation or fc-solve verbose output).
    ///
    /// Exit 0 when the moves win, 1 when a move is illegal or the game is not won, 2 for
    /// usage or I/O. What the file says (its deal, free cells, auto-play) wins over options.
    Check(CheckArgs),
    /// Solve deal N; prints a folio script (`#game freecell` …) that `check` accepts.
    ///
    /// Exit 0 solved, 1 proven unsolvable or unknown (the state limit was reached).
    Solve(SolveArgs),
}

/// Arguments of `folio freecell deal`.
#[derive(clap::Args)]
pub struct DealArgs {
    /// The deal number.
    #[arg(allow_negative_numbers = true, value_parser = super::args::deal_number)]
    n: i64,
    /// Print JSON (`deal`, `columns`) instead of text.
    #[arg(long)]
    json: bool,
}

/// Arguments of `folio freecell check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// The solution files (`-` reads one from stdin); a folder stands for its `.freecell`
    /// and `.txt` files.
    #[arg(value_name = "SOLUTION", required = true)]
    solutions: Vec<PathBuf>,
    /// The deal, when the file does not name one.
    #[arg(long, allow_negative_numbers = true, value_parser = super::args::deal_number)]
    deal: Option<i64>,
    /// Free cells (0..=8), when the file does not say; default 4.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u8).range(0..=8))]
    freecells: Option<u8>,
    /// Auto-play when the file does not imply one: none, safe (Horne) or ms (MS/FC-Pro);
    /// default ms, none for fc-solve output.
    #[arg(long, value_name = "RULE", value_parser = ["none", "safe", "ms"])]
    autoplay: Option<String>,
    /// Output: text (the transcript), `--json`/`--jsonl` (the report contract of `folio
    /// play`, docs/formats.md), `--format sarif|junit|github`; `-q` findings and summary.
    #[command(flatten)]
    report: super::play::ReportArgs,
}

/// Arguments of `folio freecell solve`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// The deal number.
    #[arg(allow_negative_numbers = true, value_parser = super::args::deal_number)]
    n: i64,
    /// Free cells (0..=8).
    #[arg(long, default_value_t = 4, value_name = "K", value_parser = clap::value_parser!(u8).range(0..=8))]
    freecells: u8,
    /// Give up (verdict `unknown`) once the searches have generated this many positions in
    /// all, N at least 1 (checked between expansions: one expansion's children may go past it).
    #[arg(long, default_value_t = 3_000_000, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_states: u64,
    /// Print JSON (`deal`, `freecells`, `solvable`: true/false/null, `verdict`, `moves`,
    /// `autoplay`, `states`).
    #[arg(long)]
    json: bool,
}

/// Runs a `folio freecell` subcommand.
pub fn run(c: Command) -> anyhow::Result<Outcome> {
    match c {
        Command::Deal(a) => deal_cmd(a),
        Command::Check(a) => check(a),
        Command::Solve(a) => solve(a),
    }
}

fn deal_cmd(a: DealArgs) -> anyhow::Result<Outcome> {
    let cols = deal::deal(a.n)?;
    if a.json {
        let columns: Vec<Vec<String>> = cols
            .iter()
            .map(|c| c.iter().map(|x| x.to_string()).collect())
            .collect();
        writeln!(
            crate::cmd::stdout(),
            "{}",
            json!({"deal": a.n, "columns": columns})
        )?;
    } else {
        write!(crate::cmd::stdout(), "{}", deal::to_text(&cols))?;
    }
    Ok(Outcome::Ok)
}

/// Replays solutions through `folio play`'s loop (the same writers, severities and
/// per-file isolation), each read as FreeCell with the options given.
fn check(a: CheckArgs) -> anyhow::Result<Outcome> {
    if let Some(n) = a.deal {
        deal::deal(n)?; // a usage error, before reading the files
    }
    let game = WithOptions(Options {
        deal: a.deal,
        freecells: a.freecells.map(usize::from),
        autoplay: a.autoplay.as_deref().and_then(Autoplay::by_name),
    });
    // Solutions are folio scripts or other programs' `.txt` outputs (FC-Pro, fc-solve).
    super::play::check_scripts(
        &a.solutions,
        &["freecell", "txt"],
        &a.report,
        &[&game],
        super::play::Unit::Script,
    )
}

/// FreeCell read with `check`'s options: what the file says (its deal, free cells,
/// auto-play) still wins over them. Claims every file: FC-Pro and fc-solve solutions have
/// no `#game` line.
struct WithOptions(Options);

impl ScriptedGame<WordSet> for WithOptions {
    fn name(&self) -> &'static str {
        "freecell"
    }

    fn claims(&self, _name: Option<&str>) -> bool {
        true
    }

    fn codes(&self) -> Vec<&'static str> {
        folio_freecell::code::ALL.to_vec()
    }

    fn replay(
        &self,
        source: Source<'_>,
        _lexicons: &dyn Lexicons<WordSet>,
        _options: &ScriptOptions,
    ) -> Result<Box<dyn ScriptReport>, Refusal> {
        Ok(Box::new(replay::replay(source.name, source.bytes, &self.0)))
    }
}

fn solve(a: SolveArgs) -> anyhow::Result<Outcome> {
    let cells = usize::from(a.freecells);
    let start = Position::new(&deal::deal(a.n)?, cells)?;
    let out = Solver::new()
        .max_states(usize::try_from(a.max_states).unwrap_or(usize::MAX))
        .solve(&start);
    let (verdict, solvable) = match &out.verdict {
        Verdict::Solved(_) => ("solved", Some(true)),
        Verdict::Unsolvable => ("unsolvable", Some(false)),
        Verdict::Unknown => ("unknown", None),
    };
    let moves: Vec<String> = match &out.verdict {
        Verdict::Solved(m) => m.iter().map(|m| m.to_string()).collect(),
        _ => Vec::new(),
    };
    if a.json {
        let v = json!({
            "deal": a.n,
            "freecells": cells,
            "solvable": solvable,
            "verdict": verdict,
            "moves": moves,
            "autoplay": Autoplay::Ms.name(),
            "states": out.states,
        });
        writeln!(crate::cmd::stdout(), "{v}")?;
    } else if matches!(out.verdict, Verdict::Solved(_)) {
        writeln!(
            crate::cmd::stdout(),
            "#game freecell\n#deal {}\n#freecells {cells}\n#autoplay ms",
            a.n
        )?;
        writeln!(
            crate::cmd::stdout(),
            "# solved: {} moves, {} states searched",
            moves.len(),
            out.states
        )?;
        for line in moves.chunks(10) {
            writeln!(crate::cmd::stdout(), "{}", line.join(" "))?;
        }
    } else {
        let why = if verdict == "unsolvable" {
            "every reachable state searched"
        } else if out.states < usize::try_from(a.max_states).unwrap_or(usize::MAX) {
            // Eight cells: the eighth is never a destination in standard notation.
            "no solution standard notation can write: its `h` is the foundation, never the 8th free cell"
        } else {
            "state limit reached"
        };
        // On stderr: stdout holds a solution or nothing, so `solve N > N.txt` never leaves
        // a file that `check` reads as a broken script (the exit status says it too).
        eprintln!(
            "deal {}: {verdict} with {} ({why}: {} states)",
            a.n,
            folio_freecell::replay::free_cells(cells),
            out.states
        );
    }
    Ok(if solvable == Some(true) {
        Outcome::Ok
    } else {
        Outcome::Invalid
    })
}
