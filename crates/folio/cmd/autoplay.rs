//! `folio autoplay`: whole games between computer players, written as GCG records.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{bail, Context};
use folio_core::quote::quoted;
use folio_scrabble::movegen::autoplay::{play_game, AutoGame, Strategy};
use folio_scrabble::Rules;
use rayon::prelude::*;

use super::Outcome;

/// Arguments of `folio autoplay`.
#[derive(clap::Args)]
pub struct Args {
    /// Rule set: course, standard, wordbler.
    #[arg(long, value_name = "NAME", default_value = "standard")]
    rules: String,
    /// The word set (.fst) the computer players know.
    #[arg(long, value_name = "SET.fst")]
    set: PathBuf,
    /// Tile set instead of the rule set's own: course, english, french, german (written to the
    /// record as `#tileset`).
    #[arg(long, value_name = "NAME")]
    tileset: Option<String>,
    /// Number of players (the rule set allows 2 to 4).
    #[arg(long, value_name = "N", default_value_t = 2)]
    players: usize,
    /// Seed of the bag (of the first game, with --games).
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// `score`: the highest-scoring play; `equity`: score plus a leave heuristic
    /// (docs/moves.md).
    #[arg(long, value_name = "NAME", default_value = "score")]
    strategy: String,
    /// Games to play, seeds S, S+1, ... (on every core); with more than one, -o is a folder
    /// and each game is written to it as `game-SEED.gcg`.
    #[arg(long, value_name = "N", default_value_t = 1)]
    games: u64,
    /// Where to write the record (a folder with --games N > 1); none: print the record (one
    /// game) or only the summary.
    #[arg(short, long, value_name = "OUT")]
    output: Option<PathBuf>,
}

/// Runs `folio autoplay`.
pub fn run(a: Args) -> anyhow::Result<Outcome> {
    let rules = Rules::preset(&a.rules).with_context(|| {
        format!(
            "--rules {}: known rule sets are course, standard, wordbler",
            quoted(&a.rules)
        )
    })?;
    let strategy = match a.strategy.as_str() {
        "score" => Strategy::Score,
        "equity" => Strategy::Equity,
        s => bail!(
            "--strategy {}: known strategies are score, equity",
            quoted(s)
        ),
    };
    let rules = match &a.tileset {
        Some(t) => rules.with_tile_set(super::tiles::named(t)?),
        None => rules,
    };
    if a.games == 0 {
        bail!("--games 0: play at least one game");
    }
    if let Some(out) = &a.output {
        // The record never replaces the word set or its side files.
        let p = folio_lexicon::set::OutputPaths::for_set(&a.set);
        super::refuse_overwriting_inputs(
            std::slice::from_ref(out),
            &[p.set, p.counts, p.books, p.manifest],
        )?;
    }
    if let Some(out) = a.output.as_ref().filter(|_| a.games > 1) {
        // Several games make a folder of records: a file there is refused before any game
        // is played (it once failed after all of them, as "File exists (os error 17)").
        if out.exists() && !out.is_dir() {
            bail!(
                "-o {}: not a folder; --games {} writes a folder of records (game-SEED.gcg)",
                folio_core::file_name::shown(out),
                a.games
            );
        }
    }
    let set = folio_lexicon::checked::open_set(&a.set)?;
    super::tiles::check_alphabet(&a.set, &set, &rules.tile_set)?;
    let start = std::time::Instant::now();
    // The seeds S..S+N-1 must all exist: past 2^64-1 they once wrapped to 0 silently
    // (`--seed 18446744073709551615 --games 2` wrote game-0.gcg).
    if a.seed.checked_add(a.games - 1).is_none() {
        bail!(
            "--seed {} --games {}: the seeds S, S+1, ... of the games pass {} (the largest \
             seed); give a --seed at most {}",
            a.seed,
            a.games,
            u64::MAX,
            u64::MAX - (a.games - 1)
        );
    }
    let seeds: Vec<u64> = (0..a.games).map(|i| a.seed + i).collect();
    let games: Vec<AutoGame> = folio_lexicon::guarded(&[&a.set], || {
        seeds
            .par_iter()
            .map(|&s| play_game(rules, a.players, s, &set, strategy))
            .collect::<Result<Vec<_>, _>>()
    })??;
    let secs = start.elapsed().as_secs_f64();
    match (&a.output, games.as_slice()) {
        (Some(out), [one]) => {
            folio_lexicon::set::atomic::write_bytes_atomic(out, one.to_gcg().as_bytes())?
        }
        (Some(dir), many) => {
            std::fs::create_dir_all(dir)
                .with_context(|| folio_core::file_name::shown(dir).to_string())?;
            for g in many {
                let path = dir.join(format!("game-{}.gcg", g.seed));
                folio_lexicon::set::atomic::write_bytes_atomic(&path, g.to_gcg().as_bytes())?;
            }
        }
        (None, [one]) => write!(crate::cmd::stdout(), "{}", one.to_gcg())?,
        (None, _) => {}
    }
    let n = games.len() as f64;
    let means: Vec<String> = (0..a.players)
        .map(|p| {
            let sum: i64 = games.iter().map(|g| i64::from(g.game.scores()[p])).sum();
            format!("cpu{} {:.1}", p + 1, sum as f64 / n)
        })
        .collect();
    eprintln!(
        "{} games under {} rules ({} strategy): mean score {}; {:.1} games/s",
        games.len(),
        rules.name,
        a.strategy,
        means.join(", "),
        n / secs
    );
    Ok(Outcome::Ok)
}
