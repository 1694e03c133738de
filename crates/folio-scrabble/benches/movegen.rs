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

use std::time::Instant;

use folio_lexicon::WordSet;
use folio_scrabble::movegen::cgp::Cgp;
use folio_scrabble::movegen::{GamePosition, Generator, Rack};
use folio_scrabble::{Board, Rules};

/// wolges on the 17 positions, positions/s (`movegen-positions.md`).
const WOLGES_ALL: f64 = 2743.0;
const WOLGES_BEST: f64 = 4452.0;

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
    let all = rate(&wolges, reps, |b, r| {
        let mut v = Vec::new();
        Generator::new(&rules, b, &set).for_each_play(r, |p| v.push(p));
        v.len()
    });
    let best = rate(&wolges, reps, |b, r| {
        usize::from(Generator::new(&rules, b, &set).best(r).is_some())
    });
    println!(
        "  every play: {all:>8.0} positions/s   wolges {WOLGES_ALL:.0}   ratio {:.2}",
        all / WOLGES_ALL
    );
    println!(
        "  best play:  {best:>8.0} positions/s   wolges {WOLGES_BEST:.0}   ratio {:.2}",
        best / WOLGES_BEST
    );
    let rec_reps = reps.div_ceil(20);
    let all = rate(&records, rec_reps, |b, r| {
        let mut v = Vec::new();
        Generator::new(&rules, b, &set).for_each_play(r, |p| v.push(p));
        v.len()
    });
    let best = rate(&records, rec_reps, |b, r| {
        usize::from(Generator::new(&rules, b, &set).best(r).is_some())
    });
    println!(
        "{} positions of the shared records (recorded racks), {rec_reps} repetitions:\n  every play: {all:>8.0} positions/s\n  best play:  {best:>8.0} positions/s",
        records.len()
    );
}

/// Positions per second of `f` over `positions`, `reps` times each (after one warm-up pass),
/// per second of this thread's CPU time (`/proc/thread-self/schedstat`: other jobs on a
/// shared machine do not count against it), or of wall-clock time where that file is
/// missing. The wall-clock rate is printed beside, on stderr.
fn rate(
    positions: &[(Board, Rack)],
    reps: usize,
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
    eprintln!("    ({:.0} positions/s by the wall clock)", n / wall);
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
