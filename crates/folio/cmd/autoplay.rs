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
    #[arg(long, value_name = "NAME", default_value = "standard",
          value_parser = crate::cmd::offer::names(crate::cmd::offer::rule_sets()))]
    rules: String,
    /// The word set (.fst) the computer players know.
    #[arg(long, value_name = "SET.fst")]
    set: PathBuf,
    /// Tile set instead of the rule set's own: course, english, french, german (written to the
    /// record as `#tileset`).
    #[arg(long, value_name = "NAME", value_parser = crate::cmd::offer::names(crate::cmd::offer::tile_sets()))]
    tileset: Option<String>,
    /// Number of players (the rule set allows 2 to 4).
    #[arg(long, value_name = "N", default_value_t = 2)]
    players: usize,
    /// Seed of the bag (of the first game, with --games).
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// `score`: the highest-scoring play; `equity`: score plus a leave heuristic
    /// (docs/moves.md).
    #[arg(long, value_name = "NAME", default_value = "score",
          value_parser = crate::cmd::offer::names(["score", "equity"]))]
    strategy: String,
    /// Games to play, seeds S, S+1, ... (on every core), at most 1000000; with more than
    /// one, -o is a folder and each game is written to it as `game-SEED.gcg`.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(0..=MAX_GAMES))]
    games: u64,
    /// Where to write the record: a file, or a folder (with --games N > 1, or a folder that
    /// exists) that gets `game-SEED.gcg`; `-`: print the record (one game only); none: print
    /// the record of one game, only the summary of several.
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
    let out = Out::of(a.output.as_deref(), a.games)?;
    if let Out::File(path) | Out::Folder(path) = &out {
        // The record never replaces the word set or its side files.
        let p = folio_lexicon::set::OutputPaths::for_set(&a.set);
        super::refuse_overwriting_inputs(
            std::slice::from_ref(path),
            &[p.set, p.counts, p.books, p.manifest],
        )?;
    }
    if let Out::Folder(dir) = &out {
        // Refused before any game is played, nothing written.
        for i in 0..a.games.min(MAX_CHECKED) {
            record_path(dir, a.seed.saturating_add(i))?;
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
    if let Out::Folder(dir) = &out {
        std::fs::create_dir_all(dir).with_context(|| folio_core::file_name::in_message(dir))?;
    }
    // Streamed: a batch of games is played on every core, written, and dropped; only the
    // players' score sums are kept (nothing up front grows with --games).
    let mut sums = vec![0i64; a.players];
    let mut done: u64 = 0;
    while done < a.games {
        let batch = (a.games - done).min(BATCH);
        let first = a.seed + done;
        let games: Vec<AutoGame> = folio_lexicon::guarded(&[&a.set], || {
            // Inclusive: the last seed may be 2^64-1 (checked above).
            (first..=first + (batch - 1))
                .into_par_iter()
                .map(|s| play_game(rules, a.players, s, &set, strategy))
                .collect::<Result<Vec<_>, _>>()
        })??;
        for g in &games {
            for (sum, score) in sums.iter_mut().zip(g.game.scores()) {
                *sum += i64::from(*score);
            }
            match &out {
                Out::File(path) => {
                    folio_lexicon::set::atomic::write_bytes_atomic(path, g.to_gcg().as_bytes())?
                }
                Out::Folder(dir) => {
                    // Checked again: a link may have been made while the games were played.
                    let path = record_path(dir, g.seed)?;
                    folio_lexicon::set::atomic::write_bytes_atomic(&path, g.to_gcg().as_bytes())?;
                }
                Out::Stdout => write!(crate::cmd::stdout(), "{}", g.to_gcg())?,
                Out::Nowhere => {}
            }
        }
        done += batch;
    }
    let secs = start.elapsed().as_secs_f64();
    let n = done as f64;
    let means: Vec<String> = sums
        .iter()
        .enumerate()
        .map(|(p, sum)| format!("cpu{} {:.1}", p + 1, *sum as f64 / n))
        .collect();
    eprintln!(
        "{} under {} rules ({} strategy): mean score {}; {:.1} games/s",
        folio_core::plural(done, "game", "games"),
        rules.name,
        a.strategy,
        means.join(", "),
        n / secs
    );
    Ok(Outcome::Ok)
}

/// Where `folio autoplay` writes its records.
#[derive(Debug, PartialEq, Eq)]
enum Out {
    /// Print the one record on stdout (no -o, or `-o -`).
    Stdout,
    /// Several games and no -o: the summary alone.
    Nowhere,
    /// The one record, atomically, to this file.
    File(PathBuf),
    /// A folder of `game-SEED.gcg` records.
    Folder(PathBuf),
}

/// The most games one run plays (`--games`; a larger N is a usage error from clap). A
/// million games is hours of play; the games are streamed, so memory does not grow with N.
pub const MAX_GAMES: u64 = 1_000_000;

/// Games played at once (on every core) before they are written and dropped.
const BATCH: u64 = 256;

/// Seeds whose record path is checked before the games are played (every one is checked
/// again just before it is written).
const MAX_CHECKED: u64 = 100_000;

impl Out {
    /// Where `-o` (if any) sends the records of `games` games.
    ///
    /// # Errors
    /// `-o -` with several games (stdout holds one record), or a path that is not a folder
    /// with several games (refused before any game is played: it once failed after all of
    /// them, as "File exists (os error 17)").
    fn of(output: Option<&std::path::Path>, games: u64) -> anyhow::Result<Out> {
        match output {
            None if games == 1 => Ok(Out::Stdout),
            None => Ok(Out::Nowhere),
            Some(p) if p.as_os_str() == "-" => {
                if games > 1 {
                    bail!(
                        "-o -: --games {games} writes a folder of records (game-SEED.gcg); \
                         standard output takes one record: give a folder, or no -o for the \
                         summary alone"
                    );
                }
                Ok(Out::Stdout)
            }
            Some(p) if p.is_dir() => Ok(Out::Folder(p.to_path_buf())),
            Some(p) if games > 1 => {
                if p.symlink_metadata().is_ok() {
                    bail!(
                        "-o {}: not a folder; --games {games} writes a folder of records \
                         (game-SEED.gcg)",
                        folio_core::file_name::in_message(p)
                    );
                }
                Ok(Out::Folder(p.to_path_buf()))
            }
            Some(p) => Ok(Out::File(p.to_path_buf())),
        }
    }
}

/// The record of game `seed` in the folder `dir`: `game-SEED.gcg`, which may be a regular
/// file (replaced) or nothing yet.
///
/// # Errors
/// The name is taken by a symbolic link, a folder or anything else that is not a regular
/// file ([`super::in_folder::check_writable`]).
fn record_path(dir: &std::path::Path, seed: u64) -> anyhow::Result<PathBuf> {
    let path = dir.join(format!("game-{seed}.gcg"));
    super::in_folder::check_writable(&path, "a record")?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dash_is_stdout_for_one_game_and_refused_for_several() {
        let dash = std::path::Path::new("-");
        assert_eq!(Out::of(Some(dash), 1).unwrap(), Out::Stdout);
        assert_eq!(Out::of(None, 1).unwrap(), Out::Stdout);
        assert_eq!(Out::of(None, 3).unwrap(), Out::Nowhere);
        let e = Out::of(Some(dash), 3).unwrap_err().to_string();
        assert!(e.starts_with("-o -: --games 3 writes a folder"), "{e}");
    }

    #[test]
    fn an_existing_folder_takes_one_game_as_a_record_in_it() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        assert_eq!(Out::of(Some(d), 1).unwrap(), Out::Folder(d.to_path_buf()));
        let new = d.join("new");
        assert_eq!(Out::of(Some(&new), 1).unwrap(), Out::File(new.clone()));
        assert_eq!(Out::of(Some(&new), 2).unwrap(), Out::Folder(new));
        let file = d.join("f.gcg");
        std::fs::write(&file, "").unwrap();
        assert!(Out::of(Some(&file), 2).is_err());
    }

    /// The rule itself is `in_folder`'s (tested there); here, the name it is applied to.
    #[cfg(unix)]
    #[test]
    fn a_record_is_named_after_its_seed_and_never_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::os::unix::fs::symlink("elsewhere.txt", d.join("game-1.gcg")).unwrap();
        assert!(record_path(d, 1).is_err());
        assert_eq!(record_path(d, 4).unwrap(), d.join("game-4.gcg"));
    }
}
