//! `folio kenken`: solve, check, generate, show and convert KenKen puzzles, and replay
//! solving sessions. Formats and JSON fields: docs/kenken.md.

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Context};
use folio_kenken::{
    check, grade, parse_grid, parse_keen_id, parse_puzzles, render, to_json, to_text, Difficulty,
    Entry, Grade, KeenId, Solver,
};

use super::Outcome;

mod grid_check;

/// Subcommands of `folio kenken`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Solve a puzzle, proving its solution unique, and grade it on Keen's ladder.
    ///
    /// Exit status: 0 exactly one solution (with --cap 1: a solution found, uniqueness not
    /// checked); 1 none, more than one, or the search limit reached.
    Solve(SolveArgs),
    /// Check a filled grid against a puzzle: exit 0 when it solves it, 1 with each violation.
    Check(CheckArgs),
    /// Generate a puzzle with exactly one solution at exactly a difficulty, from a seed.
    ///
    /// Prints its Keen game ID. The same seed gives the same puzzle everywhere.
    Generate(GenerateArgs),
    /// Draw a puzzle with its cage borders and clues (with --solution, its solution too).
    Show(ShowArgs),
    /// Write a puzzle in another format: keen (game ID), text (folio's), json.
    Convert(ConvertArgs),
    /// Replay a solving session (`#game kenken`): every conflict where it happens, and
    /// whether the final grid solves the puzzle. Exit 0 valid, 1 not.
    Replay(ReplayArgs),
}

/// A puzzle argument: a Keen game ID, or a file in any supported format.
#[derive(clap::Args)]
pub struct PuzzleArg {
    /// A Keen game ID (`4dn:a_4a_a_a__aaba,m48d2s1a6s1m4d2`) or a file: Keen IDs, folio
    /// text (`kenken N`), JSON or JSON lines, `.KK` tableaux, or a symbol grid. `-` reads
    /// stdin. A path is anything with a `/` or no `:` (every ID has one), or naming an
    /// existing file; at most 64 MiB are read.
    #[arg(value_name = "PUZZLE")]
    puzzle: String,
    /// Which puzzle of a file holding several (1-based).
    #[arg(long, value_name = "N")]
    index: Option<usize>,
}

/// Arguments of `folio kenken solve`.
#[derive(clap::Args)]
pub struct SolveArgs {
    #[command(flatten)]
    puzzle: PuzzleArg,
    /// Print only the number of solutions (up to --cap).
    #[arg(long)]
    count: bool,
    /// Stop counting at this many solutions (2 proves uniqueness; 1 only finds a solution,
    /// verdict `found`, uniqueness not checked).
    #[arg(long, default_value_t = 2, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    cap: u64,
    /// Print JSON: size, solution, solutions, difficulty, verdict (unique, found, none,
    /// several, unknown) and states (search states spent).
    #[arg(long)]
    json: bool,
    /// No solution grid: only the verdict line (`unique solution, difficulty D`).
    #[arg(short, long, conflicts_with_all = ["json", "count"])]
    quiet: bool,
    /// Give up (verdict `unknown: limit reached`, exit 1) after this many search states
    /// (guesses and cage-layout steps; about ten million a second), checked between
    /// propagations: the count reported may pass N by one propagation's steps (the first
    /// lays out every cage). The shared puzzles up to 9×9 need at most 23,000.
    #[arg(long, default_value_t = DEFAULT_MAX_STATES, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_states: u64,
}

/// The default of `solve --max-states` (and the bound of `show --solution`): over 400 times
/// what any shared puzzle needs (22,845), and about a second of search.
const DEFAULT_MAX_STATES: u64 = 10_000_000;

/// Arguments of `folio kenken check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    #[command(flatten)]
    puzzle: PuzzleArg,
    /// The grid: N² digits row-major (1-9, a-g for 10-16, `.` empty; spaces, `/` and line
    /// breaks ignored), or files holding them (`-`: stdin), each checked and reported as
    /// `folio play` reports a script. A GRID is a file when it is `-`, names an existing
    /// file or folder, or has a `/` and a character no grid holds (`/nonexistent`).
    #[arg(value_name = "GRID", required = true)]
    grids: Vec<String>,
    /// Output, for grids given as files: text, `--json`/`--jsonl` (the report contract of
    /// `folio play`), `--format sarif|junit|github`; `-q` findings and summary.
    #[command(flatten)]
    report: super::play::ReportArgs,
}

/// Arguments of `folio kenken generate`.
#[derive(clap::Args)]
pub struct GenerateArgs {
    /// Grid size, 3 to 9.
    #[arg(long, value_name = "N")]
    size: usize,
    /// easy, normal, hard, extreme or unreasonable (or e n h x u).
    #[arg(long, value_name = "D",
          value_parser = crate::cmd::offer::offer(parse_difficulty, Difficulty::ALL.map(Difficulty::name)))]
    difficulty: Difficulty,
    /// Seed of the generator.
    #[arg(long, value_name = "S")]
    seed: u64,
    /// Print JSON: id, size, difficulty, seed, solution, attempts.
    #[arg(long)]
    json: bool,
}

/// Arguments of `folio kenken show`.
#[derive(clap::Args)]
pub struct ShowArgs {
    #[command(flatten)]
    puzzle: PuzzleArg,
    /// Also draw the solution.
    #[arg(long)]
    solution: bool,
}

/// Arguments of `folio kenken convert`.
#[derive(clap::Args)]
pub struct ConvertArgs {
    #[command(flatten)]
    puzzle: PuzzleArg,
    /// keen, text or json.
    #[arg(long, value_name = "FORMAT", value_parser = ["keen", "text", "json"])]
    to: String,
}

/// Arguments of `folio kenken replay`.
#[derive(clap::Args)]
pub struct ReplayArgs {
    /// The session scripts (`-` reads one from stdin); a folder stands for its `.kenken` files.
    #[arg(value_name = "SCRIPT", required = true)]
    scripts: Vec<std::path::PathBuf>,
    /// Output: text (the transcript), `--json`/`--jsonl` (the report contract of `folio
    /// play`, docs/formats.md), `--format sarif|junit|github`; `-q` findings and summary.
    #[command(flatten)]
    report: super::play::ReportArgs,
}

fn parse_difficulty(s: &str) -> Result<Difficulty, String> {
    Difficulty::from_name(s).ok_or_else(|| {
        format!("unknown difficulty {s:?} (easy, normal, hard, extreme, unreasonable)")
    })
}

/// Runs a `folio kenken` subcommand.
pub fn run(c: Command) -> anyhow::Result<Outcome> {
    match c {
        Command::Solve(a) => solve(a),
        Command::Check(a) => check_cmd(a),
        Command::Generate(a) => generate(a),
        Command::Show(a) => show(a),
        Command::Convert(a) => convert(a),
        Command::Replay(a) => replay(a),
    }
}

/// Whether a PUZZLE argument names a file (else it is a Keen ID): `-` (stdin), anything
/// with a `/` or without the `:` every Keen ID has, and any existing filesystem entry.
fn puzzle_is_path(arg: &str) -> bool {
    arg == "-" || arg.contains('/') || !arg.contains(':') || exists(arg)
}

/// Whether a GRID argument names a file (else it is the grid's digits): `-` (stdin), an
/// existing filesystem entry, or text with a `/` and a character no grid holds (a grid is
/// digits, `a`-`g`, `.`, `_`, Keen's `S` and the separators ` / | ,`, so `/` alone makes no
/// path, and a typo in digits is still shown where it is).
fn grid_is_path(arg: &str) -> bool {
    arg == "-"
        || exists(arg)
        || arg.contains('/')
            && arg.chars().any(|c| {
                folio_kenken::digit_value(c).is_none()
                    && !matches!(c, ' ' | '\t' | '\r' | '\n' | '/' | '|' | ',' | 'S')
            })
}

/// Whether `arg` names a filesystem entry (a dangling link counts: reading it says why).
fn exists(arg: &str) -> bool {
    std::fs::symlink_metadata(arg).is_ok()
}

/// Reads the puzzle argument: a file (or stdin) in any format, else a Keen ID.
fn load(arg: &PuzzleArg) -> anyhow::Result<Entry> {
    let (entries, name) = if puzzle_is_path(&arg.puzzle) {
        let path = Path::new(&arg.puzzle);
        let name = if arg.puzzle == "-" {
            "stdin".to_string()
        } else {
            folio_core::file_name::in_message(path)
        };
        let shown = folio_core::quote::shown(&name);
        // The same reader and 64 MiB cap as `kenken replay` and `check`'s grid files: a
        // 1 GB file was read whole before it was refused.
        let bytes = super::play::inputs::read_capped(path, "a puzzle")
            .with_context(|| format!("cannot read {shown}"))?;
        let text = std::str::from_utf8(&bytes).map_err(|e| {
            anyhow::anyhow!(
                "cannot read {shown}: not UTF-8 text (byte {})",
                e.valid_up_to()
            )
        })?;
        (
            parse_puzzles(text).map_err(|e| anyhow::anyhow!("{name}:{e}"))?,
            name,
        )
    } else {
        let id = parse_keen_id(&arg.puzzle).map_err(|e| {
            anyhow::anyhow!(
                "{:?} is no file, and not a Keen game ID: column {}: {}",
                arg.puzzle,
                e.col,
                e.kind
            )
        })?;
        (
            vec![Entry {
                difficulty: id.difficulty,
                multiplication_only: id.multiplication_only,
                ..Entry::from(id.puzzle)
            }],
            "the game ID".to_string(),
        )
    };
    let total = entries.len();
    match arg.index {
        Some(i) if i == 0 || i > total => bail!(
            "--index {i}: {name} holds {} (counted from 1)",
            folio_core::plural(total, "puzzle", "puzzles")
        ),
        Some(i) => Ok(entries.into_iter().nth(i - 1).expect("checked")),
        None if total > 1 => bail!("{name} holds {total} puzzles: choose one with --index N"),
        None => Ok(entries.into_iter().next().expect("at least one")),
    }
}

fn digits(d: &[u8]) -> String {
    d.iter().map(|&x| folio_kenken::digit_char(x)).collect()
}

/// What `kenken solve` concludes from a search: judged here once for the text, the JSON
/// and the exit status.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verdict {
    /// The search stopped at `--max-states`: nothing is proven.
    Unknown,
    /// No solution.
    None,
    /// Exactly one solution (the cap was 2 or more).
    Unique,
    /// One solution found with `--cap 1`: uniqueness was not checked.
    Found,
    /// More than one solution.
    Several,
}

impl Verdict {
    fn of(found: &folio_kenken::Solutions, cap: u64) -> Self {
        match found.count {
            _ if found.limit_reached => Self::Unknown,
            0 => Self::None,
            1 if cap < 2 => Self::Found,
            1 => Self::Unique,
            _ => Self::Several,
        }
    }

    /// The `verdict` field of `--json`.
    fn name(self) -> &'static str {
        match self {
            Self::Unknown => "unknown",
            Self::None => "none",
            Self::Unique => "unique",
            Self::Found => "found",
            Self::Several => "several",
        }
    }

    /// Exit 0 for a unique solution, or for the one solution `--cap 1` asked for.
    fn outcome(self) -> Outcome {
        match self {
            Self::Unique | Self::Found => Outcome::Ok,
            _ => Outcome::Invalid,
        }
    }
}

fn solve(a: SolveArgs) -> anyhow::Result<Outcome> {
    let entry = load(&a.puzzle)?;
    let p = &entry.puzzle;
    let found = Solver::new(p).max_states(a.max_states).count(a.cap);
    let verdict = Verdict::of(&found, a.cap);
    // Graded only when unique (the grader's last level searches too).
    let difficulty = match verdict {
        Verdict::Unique => match grade(p) {
            Grade::Unique(d) => Some(d.name()),
            _ => None,
        },
        _ => None,
    };
    let out = if a.json {
        let v = serde_json::json!({
            "size": p.size(),
            "solution": found.first.as_deref().map(digits),
            "solutions": found.count,
            "difficulty": difficulty,
            "verdict": verdict.name(),
            "states": found.states,
        });
        format!("{}\n", serde_json::to_string_pretty(&v)?)
    } else if a.count && verdict != Verdict::Unknown {
        format!("{}\n", found.count)
    } else {
        let mut s = String::new();
        match &found.first {
            Some(_) if a.quiet || a.count => {}
            Some(sol) => {
                s.push_str(&format!("{}\n", digits(sol)));
                s.push_str(&render(p, Some(sol)));
            }
            None if verdict == Verdict::Unknown => {}
            None => s.push_str("no solution\n"),
        }
        let how_many = match verdict {
            Verdict::Unknown => format!(
                "unknown: limit reached ({} searched, {} found; raise --max-states)",
                folio_core::plural(found.states, "state", "states"),
                folio_core::plural(found.count, "solution", "solutions")
            ),
            Verdict::None => String::new(),
            Verdict::Unique => "unique solution".to_string(),
            Verdict::Found => "a solution (uniqueness not checked: --cap 1)".to_string(),
            Verdict::Several if found.count >= a.cap => {
                format!("at least {} solutions", found.count)
            }
            Verdict::Several => format!("{} solutions", found.count),
        };
        if !how_many.is_empty() {
            s.push_str(&how_many);
            s.push_str(&difficulty.map_or(String::new(), |d| format!(", difficulty {d}")));
            s.push('\n');
        }
        s
    };
    emit(&out)?;
    Ok(verdict.outcome())
}

fn check_cmd(a: CheckArgs) -> anyhow::Result<Outcome> {
    // Stdin holds one text: the puzzle and a grid cannot both be read from it (the grid
    // then read what the puzzle left: nothing), nor two grids.
    let stdin_uses =
        usize::from(a.puzzle.puzzle == "-") + a.grids.iter().filter(|g| *g == "-").count();
    if stdin_uses > 1 {
        bail!(
            "- (stdin) is given more than once ({}): stdin holds one text, so give the others as files",
            if a.puzzle.puzzle == "-" {
                "as the PUZZLE and as a GRID"
            } else {
                "as two GRIDs"
            }
        );
    }
    let entry = load(&a.puzzle)?;
    if a.grids.iter().all(|g| grid_is_path(g)) {
        // Files (and stdin) go through `folio play`'s loop: a missing file, a folder or a
        // device is that file's unreadable entry, named, exit 2.
        let game = grid_check::GridCheck {
            puzzle: entry.puzzle,
            label: a.puzzle.puzzle.clone(),
            several: a.grids.len() > 1,
        };
        let paths: Vec<std::path::PathBuf> = a.grids.iter().map(Into::into).collect();
        return super::play::check_scripts(
            &paths,
            &[],
            &a.report,
            &[&game],
            super::play::Unit::Grid,
        );
    }
    let [grid] = a.grids.as_slice() else {
        bail!(
            "several grids are given as files (or `-`), not as digits: {} is read as digits \
             (no such file)",
            folio_core::quote::quoted(
                a.grids
                    .iter()
                    .find(|g| !grid_is_path(g))
                    .map_or("", String::as_str)
            )
        );
    };
    if a.report.is_set() {
        bail!("a grid written on the command line has no file for --format, --json or -q to point at: give it in a file (or `-` for stdin)");
    }
    let p = &entry.puzzle;
    let grid = parse_grid(grid, p.size()).map_err(|e| {
        // `mygrid.txt` not found reads as digits: say that it was looked for as a file too.
        // (Two letters running, one past `g`: a name, not a digit typo.)
        let letters: Vec<char> = grid.chars().collect();
        let file = letters.windows(2).any(|w| {
            w.iter().all(char::is_ascii_alphabetic)
                && w.iter().any(|c| c.to_ascii_lowercase() > 'g')
        });
        let also = if file {
            format!(" (no file {} either)", folio_core::quote::quoted(grid))
        } else {
            String::new()
        };
        anyhow::anyhow!("GRID:{e}{also}")
    })?;
    let v = check(p, &grid);
    let mut out = String::new();
    if v.is_empty() {
        out.push_str("solved\n");
    } else {
        for x in &v {
            out.push_str(&format!("{}: {}: {x}\n", x.cell().name(), x.rule()));
        }
        out.push_str(&format!(
            "not solved: {}\n",
            folio_core::plural(v.len(), "violation", "violations")
        ));
    }
    emit(&out)?;
    Ok(if v.is_empty() {
        Outcome::Ok
    } else {
        Outcome::Invalid
    })
}

fn generate(a: GenerateArgs) -> anyhow::Result<Outcome> {
    let g = folio_kenken::generate(a.size, a.difficulty, a.seed)?;
    let id = KeenId::new(g.puzzle, Some(g.difficulty)).to_string();
    let out = if a.json {
        let v = serde_json::json!({
            "id": id,
            "size": a.size,
            "difficulty": g.difficulty.name(),
            "seed": a.seed,
            "solution": digits(&g.solution),
            "attempts": g.attempts,
        });
        format!("{}\n", serde_json::to_string_pretty(&v)?)
    } else {
        format!("{id}\n")
    };
    emit(&out)?;
    Ok(Outcome::Ok)
}

fn show(a: ShowArgs) -> anyhow::Result<Outcome> {
    let entry = load(&a.puzzle)?;
    let p = &entry.puzzle;
    let mut out = render(p, None);
    if a.solution {
        let found = Solver::new(p).max_states(DEFAULT_MAX_STATES).count(2);
        match (&found.first, found.count) {
            (Some(sol), 1) if !found.limit_reached => out.push_str(&render(p, Some(sol))),
            (Some(sol), 1) => {
                out.push_str(&render(p, Some(sol)));
                out.push_str(&format!(
                    "(uniqueness not proven within {DEFAULT_MAX_STATES} search states)\n"
                ));
            }
            (Some(sol), _) => {
                out.push_str(&render(p, Some(sol)));
                out.push_str("(one of several solutions)\n");
            }
            (None, _) if found.limit_reached => out.push_str(&format!(
                "no solution found within {DEFAULT_MAX_STATES} search states\n"
            )),
            (None, _) => out.push_str("no solution\n"),
        }
    }
    emit(&out)?;
    Ok(Outcome::Ok)
}

fn convert(a: ConvertArgs) -> anyhow::Result<Outcome> {
    let entry = load(&a.puzzle)?;
    let out = match a.to.as_str() {
        "keen" => format!(
            "{}\n",
            KeenId {
                multiplication_only: entry.multiplication_only,
                ..KeenId::new(entry.puzzle.clone(), entry.difficulty)
            }
        ),
        "text" => to_text(&entry.puzzle),
        _ => format!(
            "{}\n",
            serde_json::to_string(&to_json(&entry.puzzle, entry.solution.as_deref()))?
        ),
    };
    emit(&out)?;
    Ok(Outcome::Ok)
}

/// Replays sessions through `folio play`'s loop: the same writers, severities and
/// per-file isolation; every script is read as a KenKen session, whatever its first line.
fn replay(a: ReplayArgs) -> anyhow::Result<Outcome> {
    let only = super::play::only::Only(&folio_kenken::KenKen);
    super::play::check_scripts(
        &a.scripts,
        &["kenken"],
        &a.report,
        &[&only],
        super::play::Unit::Script,
    )
}

fn emit(s: &str) -> std::io::Result<()> {
    let mut out = crate::cmd::stdout();
    out.write_all(s.as_bytes())?;
    out.flush()
}
