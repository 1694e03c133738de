//! `folio boggle`: solve a board against a word set, or roll one from a cube set.

use std::path::PathBuf;

use anyhow::Context;
use folio_boggle::{roll, Board, CubeSet, Scoring, Solver};
use folio_core::quote::quoted;

use super::Outcome;

/// Subcommands of `folio boggle`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Find every word of a word set on a board, with its score.
    ///
    /// Prints one line per word (`WORD<TAB>points`, sorted), then `words N, points P`.
    Solve(SolveArgs),
    /// Roll a board from a cube set with a seed (same seed, same board, everywhere).
    ///
    /// Prints the board string (`q` = Qu), usable as `--board`.
    Roll(RollArgs),
}

/// Arguments of `folio boggle solve`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// The board: row-major letters, `q` or `qu` for Qu, `[th]` multi-letter faces, `#`
    /// blank, optional `/` between rows.
    #[arg(long)]
    board: String,
    /// Rows (with --cols) when the letters are not a square and have no `/`.
    #[arg(long, requires = "cols")]
    rows: Option<usize>,
    /// Columns (with --rows).
    #[arg(long, requires = "rows")]
    cols: Option<usize>,
    /// The word set (.fst).
    #[arg(long, value_name = "SET.fst")]
    set: PathBuf,
    /// Minimum word length in letters (Qu counts two, at least 1), overriding the scoring's.
    #[arg(long, value_name = "N", value_parser = super::args::min_len)]
    min_len: Option<usize>,
    /// Scoring table: `official` (3-4:1 5:2 6:3 7:5 8+:11; min 3, or 4 on 5x5 and up) or
    /// `seed` (min 4, a point a letter).
    #[arg(long, default_value = "official", value_name = "NAME",
          value_parser = crate::cmd::offer::names(folio_boggle::Scoring::ALL.iter().map(|s| s.name)))]
    scoring: String,
    /// Print JSON instead of text: `{board, rows, cols, scoring, min_len, count, points,
    /// words: [{word, points, path}]}`.
    #[arg(long)]
    json: bool,
    /// No table of words: only the summary line (`words N, points P`).
    #[arg(short, long, conflicts_with = "json")]
    quiet: bool,
}

/// Arguments of `folio boggle roll`.
#[derive(clap::Args)]
pub struct RollArgs {
    /// Cube set: classic-1976, new-1987, big-boggle-1979, big-boggle-deluxe-master,
    /// big-boggle-2012, super-big-boggle-2011.
    #[arg(long, value_name = "NAME", value_parser = crate::cmd::offer::names(folio_boggle::CubeSet::names()))]
    dice: String,
    /// Seed of the roll.
    #[arg(long, value_name = "N")]
    seed: u64,
    /// Also print the board as a grid (text output; the JSON has rows and cols).
    #[arg(long, conflicts_with = "json")]
    grid: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs a `folio boggle` subcommand.
pub fn run(c: Command) -> anyhow::Result<Outcome> {
    match c {
        Command::Solve(a) => solve(a),
        Command::Roll(a) => roll_cmd(a),
    }
}

fn solve(a: SolveArgs) -> anyhow::Result<Outcome> {
    let shape = a.rows.zip(a.cols);
    let board =
        Board::parse(&a.board, shape).with_context(|| format!("--board {}", quoted(&a.board)))?;
    let mut scoring = Scoring::by_name(&a.scoring).with_context(|| {
        format!(
            "--scoring {}: known scorings are official, seed",
            quoted(&a.scoring)
        )
    })?;
    if let Some(n) = a.min_len {
        scoring = scoring.with_min_len(n);
    }
    let set = folio_lexicon::checked::open_set(&a.set)?;
    let min_len = scoring.min_len(&board);
    // A set that passes its checksum may still be malformed: the walk runs guarded.
    let found = folio_lexicon::guarded(&[&a.set], || Solver::new().solve(&set, &board, min_len))?;
    let points: u32 = found.iter().map(|f| scoring.points(f.letters())).sum();
    let mut out = String::new();
    if a.json {
        let words: Vec<serde_json::Value> = found
            .iter()
            .map(|f| {
                serde_json::json!({
                    "word": f.word,
                    "points": scoring.points(f.letters()),
                    "path": f.path,
                })
            })
            .collect();
        let v = serde_json::json!({
            "board": board.to_string(),
            "rows": board.rows(),
            "cols": board.cols(),
            "scoring": scoring.name,
            "min_len": min_len,
            "count": found.len(),
            "points": points,
            "words": words,
        });
        out.push_str(&serde_json::to_string_pretty(&v)?);
        out.push('\n');
    } else {
        for f in found.iter().filter(|_| !a.quiet) {
            out.push_str(&format!("{}\t{}\n", f.word, scoring.points(f.letters())));
        }
        out.push_str(&format!("words {}, points {points}\n", found.len()));
    }
    print_out(&out)?;
    Ok(Outcome::Ok)
}

fn roll_cmd(a: RollArgs) -> anyhow::Result<Outcome> {
    let set = CubeSet::by_name(&a.dice).with_context(|| {
        format!(
            "--dice {}: known cube sets are {}",
            quoted(&a.dice),
            CubeSet::names().join(", ")
        )
    })?;
    let board = roll(set, a.seed)?;
    let out = if a.json {
        let v = serde_json::json!({
            "dice": set.name,
            "seed": a.seed,
            "board": board.to_string(),
            "rows": board.rows(),
            "cols": board.cols(),
        });
        format!("{}\n", serde_json::to_string_pretty(&v)?)
    } else if a.grid {
        format!("{board}\n{}", board.grid())
    } else {
        format!("{board}\n")
    };
    print_out(&out)?;
    Ok(Outcome::Ok)
}

fn print_out(s: &str) -> anyhow::Result<()> {
    use std::io::Write;
    let mut stdout = crate::cmd::stdout();
    stdout.write_all(s.as_bytes())?;
    stdout.flush()?;
    Ok(())
}
