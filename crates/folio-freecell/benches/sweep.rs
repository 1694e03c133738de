//! `make bench-freecell`'s folio half: solves Microsoft deals FROM..=TO on THREADS threads,
//! checks every solution with the replayer, and prints one `key value` line per measure.
//!
//! Usage: `cargo bench -p folio-freecell --bench sweep -- FROM TO THREADS [PROVE_DEAL]`
//! (env: `DEALS` a list instead of the range; `LENGTHS_OUT`, `SOLUTIONS_OUT` per-deal files).

use std::time::Instant;

use folio_freecell::solver::{Solver, Verdict};
use folio_freecell::{deal, replay, Autoplay, Options, Position};

/// deal, moves as printed, moves with auto-moves, won on replay, states expanded (also the
/// fourth column of `LENGTHS_OUT`), the solution as printed (empty when none).
type Row = (i64, Option<usize>, Option<usize>, bool, usize, String);

/// This thread's CPU time (Linux `/proc/thread-self/schedstat`, nanoseconds on a CPU).
fn thread_cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let num = |i: usize, d: i64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (from, to, threads) = (num(0, 1), num(1, 1000), num(2, 1).max(1));
    let prove = num(3, 11982);

    // Proof of unsolvability with 4 cells, then the same deal with 5.
    let t = Instant::now();
    let cpu0 = thread_cpu_seconds();
    let p4 = Position::new(&deal::deal(prove).unwrap(), 4).unwrap();
    let o = Solver::new().solve(&p4);
    let secs = t.elapsed().as_secs_f64();
    let cpu = thread_cpu_seconds().zip(cpu0).map(|(b, a)| b - a);
    let verdict = match o.verdict {
        Verdict::Unsolvable => "unsolvable",
        Verdict::Unknown => "unknown",
        Verdict::Solved(_) => "solved",
    };
    println!(
        "prove_deal {prove}\nprove_verdict {verdict}\nprove_states {}\nprove_expanded {}\nprove_seconds {secs:.3}",
        o.states, o.expanded
    );
    // On a shared machine the wall clock depends on the neighbours: the thread's CPU time too.
    if let Some(c) = cpu {
        println!("prove_cpu_seconds {c:.3}");
    }
    let p5 = Position::new(&deal::deal(prove).unwrap(), 5).unwrap();
    let t = Instant::now();
    let o5 = Solver::new().solve(&p5);
    println!(
        "five_cells_solved {}\nfive_cells_seconds {:.3}",
        matches!(o5.verdict, Verdict::Solved(_)),
        t.elapsed().as_secs_f64()
    );

    // The sweep.
    let t = Instant::now();
    // DEALS="n n …" replaces the range (a list of hard deals while tuning).
    let deals: Vec<i64> = match std::env::var("DEALS") {
        Ok(v) => v.split_whitespace().map(|x| x.parse().unwrap()).collect(),
        Err(_) => (from..=to).collect(),
    };
    let chunks: Vec<Vec<i64>> = (0..threads as usize)
        .map(|i| {
            deals
                .iter()
                .copied()
                .skip(i)
                .step_by(threads as usize)
                .collect()
        })
        .collect();
    // Each thread solves its deals first (timed on its own CPU clock: the same work as
    // fc-solve's range), then replays every solution (timed apart: fc-solve checks nothing).
    let per_thread: Vec<(Vec<Row>, f64, f64)> = std::thread::scope(|s| {
        let hs: Vec<_> = chunks.iter().map(|c| s.spawn(move || sweep(c))).collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let solve_cpu: f64 = per_thread.iter().map(|t| t.1).sum();
    let check_cpu: f64 = per_thread.iter().map(|t| t.2).sum();
    let results: Vec<Row> = per_thread.into_iter().flat_map(|t| t.0).collect();
    let secs = t.elapsed().as_secs_f64();
    let solved = results.iter().filter(|r| r.1.is_some()).count();
    let checked = results.iter().filter(|r| r.3).count();
    let unsolved: Vec<i64> = results
        .iter()
        .filter(|r| r.1.is_none())
        .map(|r| r.0)
        .collect();
    let bad: Vec<i64> = results
        .iter()
        .filter(|r| r.1.is_some() && !r.3)
        .map(|r| r.0)
        .collect();
    let mut lens: Vec<usize> = results.iter().filter_map(|r| r.1).collect();
    let mut all: Vec<usize> = results.iter().filter_map(|r| r.2).collect();
    lens.sort_unstable();
    all.sort_unstable();
    let med = |v: &[usize]| v.get(v.len() / 2).copied().unwrap_or(0);
    let expanded: usize = results.iter().map(|r| r.4).sum();
    println!(
        "deals {}\nthreads {threads}\nseconds {secs:.3}\ndeals_per_second {:.0}",
        deals.len(),
        deals.len() as f64 / secs
    );
    println!(
        "solve_cpu_seconds {solve_cpu:.3}\nsolve_deals_per_cpu_second {:.0}\ncheck_cpu_seconds {check_cpu:.3}",
        deals.len() as f64 / solve_cpu.max(1e-9)
    );
    println!("solved {solved}\nchecked_by_replay {checked}\nunsolved {unsolved:?}\nreplay_failed {bad:?}");
    println!(
        "median_moves {}\nmax_moves {}",
        med(&lens),
        lens.last().copied().unwrap_or(0)
    );
    println!(
        "median_moves_with_auto {}\nmax_moves_with_auto {}",
        med(&all),
        all.last().copied().unwrap_or(0)
    );
    // Per-deal lengths for the bench script (deal, moves as printed, moves with auto-moves).
    if let Ok(path) = std::env::var("LENGTHS_OUT") {
        let rows: String = results
            .iter()
            .filter_map(|r| Some(format!("{}\t{}\t{}\t{}\n", r.0, r.1?, r.2?, r.4)))
            .collect();
        std::fs::write(path, rows).unwrap();
    }
    // Per-deal solutions (deal, the moves as printed): a change meant to keep the search as
    // it is must leave this file as it was.
    if let Ok(path) = std::env::var("SOLUTIONS_OUT") {
        let rows: String = results
            .iter()
            .map(|r| format!("{}\t{}\n", r.0, r.5.trim_end()))
            .collect();
        std::fs::write(path, rows).unwrap();
    }
    println!(
        "expanded_per_deal {:.0}",
        expanded as f64 / deals.len() as f64
    );
}

/// Solves `deals` (4 free cells), then replays each solution: the rows, and this thread's
/// CPU seconds spent solving and spent checking.
fn sweep(deals: &[i64]) -> (Vec<Row>, f64, f64) {
    let cpu0 = thread_cpu_seconds().unwrap_or(0.0);
    let outcomes: Vec<(i64, usize, Option<Vec<_>>)> = deals
        .iter()
        .map(|&n| {
            let p = Position::new(&deal::deal(n).unwrap(), 4).unwrap();
            let o = Solver::new().solve(&p);
            let moves = match o.verdict {
                Verdict::Solved(moves) => Some(moves),
                Verdict::Unsolvable | Verdict::Unknown => None,
            };
            (n, o.expanded, moves)
        })
        .collect();
    let cpu1 = thread_cpu_seconds().unwrap_or(0.0);
    let rows = outcomes
        .into_iter()
        .map(|(n, expanded, moves)| {
            let Some(moves) = moves else {
                return (n, None, None, false, expanded, String::new());
            };
            // The solution as `folio freecell solve` prints it, in one buffer (no string
            // per move), replayed under the MS auto-play rule.
            let mut text = String::with_capacity(4 * moves.len());
            for m in &moves {
                use std::fmt::Write;
                let _ = write!(text, "{m} ");
            }
            let opts = Options {
                deal: Some(n),
                freecells: Some(4),
                autoplay: Some(Autoplay::Ms),
            };
            let r = replay::replay("sweep", text.as_bytes(), &opts);
            let (m, a) = r.move_counts();
            (n, Some(m), Some(m + a), r.won(), expanded, text)
        })
        .collect();
    let cpu2 = thread_cpu_seconds().unwrap_or(0.0);
    (rows, cpu1 - cpu0, cpu2 - cpu1)
}
