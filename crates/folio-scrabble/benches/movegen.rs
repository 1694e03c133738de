//! `make bench-movegen`: positions per second, one thread, ENABLE1 as a folio word set (fst
//! with its node table), over the 17 positions of wolges's regression set
//! (`games/scrabble/movegen-positions.tsv`) and over positions of the shared records (each
//! record before every tile play whose rack it writes).
//!
//! Two measures, as `movegen-positions.md` gives wolges's: every play (`Generator::
//! for_each_play` into a vector, unsorted; exchanges and the pass not included) and the best
//! play only (`Generator::best`). Each includes building the position's cross-checks.
//! wolges's published numbers on this kind of machine are printed beside folio's, with the
//! ratio. Rates are per second of this thread's CPU time (the machine is shared; the
//! wall-clock rate is printed beside). `MOVEGEN_REPS=N` sets the repetitions of the 17
//! positions (default 200).
//!
//! Last, computer games (`autoplay::play_game`, score strategy, 2 players) per second on 2
//! threads for each rule set, against the goal of 200 (`AUTOPLAY_GAMES=N`, default
//! 400 per rule set).

use std::time::Instant;

use folio_lexicon::WordSet;
use folio_scrabble::movegen::cgp::Cgp;
use folio_scrabble::movegen::{GamePosition, Generator, Rack};
use folio_scrabble::{Board, Rules};

/// wolges on the 17 positions, positions/s (`movegen-positions.md`).
const WOLGES_ALL: f64 = 2743.0;
const WOLGES_BEST: f64 = 4452.0;

/// What a smoke run (`cargo test --all-targets`, one repetition) prints instead of a rate.
const SMOKE: &str = "smoke run, no rate (rates need `--bench`)";

fn main() {
    let (Some(words), Some(tsv)) = (
        folio_testdata::path("wordlists/enable1.txt"),
        folio_testdata::path("games/scrabble/movegen-positions.tsv"),
    ) else {
        return;
    };
    let text = std::fs::read_to_string(words).expect("enable1.txt");
    let set = WordSet::from_words(
        text.lines()
            .map(|l| l.trim_end_matches('\r').to_ascii_uppercase())
            .filter(|w| !w.is_empty()),
    )
    .expect("enable1 set");
    let rules = Rules::STANDARD;
    let wolges: Vec<(Board, Rack)> = std::fs::read_to_string(tsv)
        .expect("tsv")
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once('\t'))
        .map(|(fen, rack)| {
            let cgp = Cgp::parse(&format!("{fen} {rack}/ 0/0 0")).expect("position parses");
            (cgp.board, Rack::parse(rack).expect("rack"))
        })
        .collect();
    let mut records = record_positions();
    // `cargo test --all-targets` runs this without `--bench`: a smoke run only.
    let benching = std::env::args().any(|a| a == "--bench");
    let reps: usize = match std::env::var("MOVEGEN_REPS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        Some(n) if benching => n,
        _ if benching => 200,
        _ => 1,
    };
    if !benching {
        records.truncate(20);
    }
    let moves: usize = wolges
        .iter()
        .map(|(b, r)| Generator::new(&rules, b, &set).plays(r).len())
        .sum();
    println!(
        "wolges's 17 positions, ENABLE1, one thread, {reps} repetitions; {:.0} plays per position",
        moves as f64 / wolges.len() as f64
    );
    let all = rate(&wolges, reps, benching, |b, r| {
        let mut v = Vec::new();
        Generator::new(&rules, b, &set).for_each_play(r, |p| v.push(p));
        v.len()
    });
    let best = rate(&wolges, reps, benching, |b, r| {
        usize::from(Generator::new(&rules, b, &set).best(r).is_some())
    });
    if benching {
        println!(
            "  every play: {all:>8.0} positions/s   wolges {WOLGES_ALL:.0}   ratio {:.2}",
            all / WOLGES_ALL
        );
        println!(
            "  best play:  {best:>8.0} positions/s   wolges {WOLGES_BEST:.0}   ratio {:.2}",
            best / WOLGES_BEST
        );
    } else {
        // One repetition takes a few milliseconds of CPU: a rate from it means nothing.
        println!("  every play, best play: {SMOKE}");
    }
    let rec_reps = reps.div_ceil(20);
    let all = rate(&records, rec_reps, benching, |b, r| {
        let mut v = Vec::new();
        Generator::new(&rules, b, &set).for_each_play(r, |p| v.push(p));
        v.len()
    });
    let best = rate(&records, rec_reps, benching, |b, r| {
        usize::from(Generator::new(&rules, b, &set).best(r).is_some())
    });
    if benching {
        println!(
            "{} positions of the shared records (recorded racks), {rec_reps} repetitions:\n  every play: {all:>8.0} positions/s\n  best play:  {best:>8.0} positions/s",
            records.len()
        );
    } else {
        println!(
            "{} positions of the shared records (recorded racks): {SMOKE}",
            records.len()
        );
    }
    let games: u64 = if benching {
        std::env::var("AUTOPLAY_GAMES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(400)
    } else {
        4
    };
    for rules in [Rules::STANDARD, Rules::WORDBLER, Rules::COURSE] {
        let (cpu, wall) = autoplay_rate(rules, games, &set);
        if !benching {
            println!("autoplay, {} rules, {games} games: {SMOKE}", rules.name);
            continue;
        }
        println!(
            "autoplay, {} rules, score strategy, 2 players, {games} games on 2 threads: {cpu:>6.0} games/s   goal 200   ratio {:.2}",
            rules.name,
            cpu / 200.0
        );
        eprintln!("    ({wall:.0} games/s by the wall clock)");
    }
}

/// Games per second of `folio autoplay`'s loop (seeds 1..=games, two threads taking every
/// other seed), as on 2 cores: games over half the threads' summed CPU time (the wall-clock
/// rate, which the shared machine's other jobs slow down, second).
fn autoplay_rate(rules: Rules, games: u64, set: &WordSet) -> (f64, f64) {
    use folio_scrabble::movegen::autoplay::{play_game, Strategy};
    let start = Instant::now();
    let cpu: Vec<Option<u64>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2u64)
            .map(|t| {
                s.spawn(move || {
                    let cpu0 = thread_cpu_ns();
                    let mut turns = 0;
                    for seed in (1..=games).filter(|g| g % 2 == t) {
                        let g = play_game(rules, 2, seed, set, Strategy::Score).expect("game");
                        turns += g.turns.len();
                    }
                    std::hint::black_box(turns);
                    Some(thread_cpu_ns()? - cpu0?)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("thread"))
            .collect()
    });
    let wall = games as f64 / start.elapsed().as_secs_f64();
    let cpu = match cpu.iter().copied().collect::<Option<Vec<u64>>>() {
        Some(ns) => games as f64 / (ns.iter().sum::<u64>() as f64 / 2e9),
        None => wall,
    };
    (cpu, wall)
}

/// Positions per second of `f` over `positions`, `reps` times each (after one warm-up pass),
/// per second of this thread's CPU time (`/proc/thread-self/schedstat`: other jobs on a
/// shared machine do not count against it), or of wall-clock time where that file is
/// missing. The wall-clock rate is printed beside, on stderr, when `benching` (a smoke run
/// prints no rate).
fn rate(
    positions: &[(Board, Rack)],
    reps: usize,
    benching: bool,
    mut f: impl FnMut(&Board, &Rack) -> usize,
) -> f64 {
    let mut sink = 0;
    for (b, r) in positions {
        sink += f(b, r);
    }
    let (start, cpu0) = (Instant::now(), thread_cpu_ns());
    for _ in 0..reps {
        for (b, r) in positions {
            sink += f(b, r);
        }
    }
    std::hint::black_box(sink);
    let n = (reps * positions.len()) as f64;
    let wall = start.elapsed().as_secs_f64();
    if benching {
        eprintln!("    ({:.0} positions/s by the wall clock)", n / wall);
    }
    match (cpu0, thread_cpu_ns()) {
        (Some(a), Some(b)) if b > a => n / ((b - a) as f64 / 1e9),
        _ => n / wall,
    }
}

/// Nanoseconds this thread has run on a CPU (`/proc/thread-self/schedstat`, Linux).
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Every shared record, before each tile play whose rack is written (standard rules).
fn record_positions() -> Vec<(Board, Rack)> {
    let Some(dir) = folio_testdata::path("games/scrabble/gcg") else {
        return Vec::new();
    };
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("gcg folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "gcg"))
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for p in paths {
        let Ok(script) = folio_scrabble::parse(&std::fs::read(&p).expect("record"), "r.gcg") else {
            continue;
        };
        for (i, e) in script.events.iter().enumerate() {
            if !matches!(e.kind, folio_scrabble::script::EventKind::Play { .. }) || e.rack.is_none()
            {
                continue;
            }
            if let Ok(pos) = GamePosition::from_script(&script, Rules::STANDARD, i + 1) {
                if let Some(rack) = pos.rack() {
                    out.push((pos.board, rack));
                }
            }
        }
    }
    out
}
