//! `make bench-kenken`: the shared 9×9 puzzles solved with proof of uniqueness (count to 2),
//! and unique 9×9 puzzles generated at each difficulty.
//!
//! Prints, per 9×9 puzzle set, the median and max solve-with-proof time (each puzzle's time
//! is its best of R runs) beside a baseline measured in the same run: a plain backtracker
//! (Latin eliminations, cages checked once full, most constrained cell first: the seed
//! program's method). Then the median time to generate a unique 9×9 at each level (seeds
//! 1..=K), beside Keen's C generator (`../shared/docs/kenken.md` §6: five 9×9 Unreasonable in
//! 0.115 s, five Normal in 0.126 s on one core). Goals: median ≤ 1 ms, max ≤ 10 ms.
//! `KENKEN_GEN=K` sets the number of seeds per level.

use std::time::{Duration, Instant};

use folio_kenken::{generate, grade, parse_puzzles, Cage, Difficulty, Puzzle, Solver};

fn main() {
    let benching = std::env::args().any(|a| a == "--bench");
    let Some(dir) = folio_testdata::path("games/kenken") else {
        return;
    };
    let mut sets: Vec<(&str, Vec<Puzzle>)> = Vec::new();
    for (label, file) in [
        ("keen 9x9", "keen-generated.jsonl"),
        ("external 9x9", "external-puzzles.jsonl"),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).expect("shared puzzles");
        let nines: Vec<Puzzle> = parse_puzzles(&text)
            .expect("shared puzzles parse")
            .into_iter()
            .map(|e| e.puzzle)
            .filter(|p| p.size() == 9)
            .collect();
        sets.push((label, nines));
    }
    let reps = if benching { 21 } else { 1 };
    println!("solve with proof (count to 2), best of {reps} runs per puzzle");
    println!(
        "{:<14} {:>3} {:>11} {:>11} {:>13} {:>13} {:>9} {:>11}",
        "set", "n", "median", "max", "base median", "base max", "speedup", "grade max"
    );
    let mut all = Vec::new();
    for (label, puzzles) in &sets {
        let mut ours = Vec::new();
        let mut base = Vec::new();
        let mut grading = Vec::new();
        for p in puzzles {
            ours.push(best_of(reps, || {
                let found = Solver::new(p).count(2);
                assert_eq!(found.count, 1);
            }));
            base.push(best_of(reps.min(3), || {
                assert_eq!(baseline_count(p, 2), 1);
            }));
            grading.push(best_of(reps.min(5), || {
                std::hint::black_box(grade(p));
            }));
        }
        all.extend(ours.iter().copied());
        let (m, x) = (median(&ours), max(&ours));
        let (bm, bx) = (median(&base), max(&base));
        println!(
            "{label:<14} {:>3} {:>11} {:>11} {:>13} {:>13} {:>8.1}x {:>11}",
            puzzles.len(),
            ms(m),
            ms(x),
            ms(bm),
            ms(bx),
            bm.as_secs_f64() / m.as_secs_f64(),
            ms(max(&grading)),
        );
    }
    let (m, x) = (median(&all), max(&all));
    println!(
        "all 9x9: median {} (goal <= 1 ms: {}), max {} (goal <= 10 ms: {})",
        ms(m),
        if m <= Duration::from_millis(1) {
            "met"
        } else {
            "MISSED"
        },
        ms(x),
        if x <= Duration::from_millis(10) {
            "met"
        } else {
            "MISSED"
        },
    );

    let k: u64 = std::env::var("KENKEN_GEN")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if benching { 5 } else { 1 });
    println!("\ngenerate a unique 9x9, seeds 1..={k} per level");
    println!(
        "{:<13} {:>11} {:>11} {:>9} {:>16}",
        "level", "median", "max", "attempts", "vs Keen (x fast)"
    );
    // Keen's C generator, per puzzle (kenken.md §6): Unreasonable 0.115 s / 5, Normal 0.126 s / 5.
    let keen = |d: Difficulty| match d {
        Difficulty::Unreasonable => Some(0.115 / 5.0),
        Difficulty::Normal => Some(0.126 / 5.0),
        _ => None,
    };
    for d in Difficulty::ALL {
        let mut times = Vec::new();
        let mut attempts = 0;
        for seed in 1..=k {
            let t0 = Instant::now();
            let g = generate(9, d, seed).expect("generates");
            times.push(t0.elapsed());
            attempts += g.attempts;
        }
        let m = median(&times);
        println!(
            "{:<13} {:>11} {:>11} {:>9.1} {:>16}",
            d.name(),
            ms(m),
            ms(max(&times)),
            attempts as f64 / k as f64,
            keen(d).map_or("-".to_string(), |s| format!("{:.1}x", s / m.as_secs_f64())),
        );
    }
}

fn best_of(reps: usize, mut f: impl FnMut()) -> Duration {
    (0..reps.max(1))
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap()
}

fn median(v: &[Duration]) -> Duration {
    let mut s = v.to_vec();
    s.sort();
    s[s.len() / 2]
}

fn max(v: &[Duration]) -> Duration {
    v.iter().copied().max().unwrap_or_default()
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

/// The baseline, as `../shared/docs/kenken.md` §4's independent checker works: every cage's
/// layouts listed up front; search fills the cage with the fewest layouts still consistent
/// with the digits placed (rows and columns), one layout at a time.
fn baseline_count(p: &Puzzle, cap: u64) -> u64 {
    let n = p.size();
    let tuples: Vec<Vec<Vec<u8>>> = p.cages().iter().map(|c| layouts(c, n)).collect();
    let mut rows = vec![0u16; n];
    let mut cols = vec![0u16; n];
    let mut done = vec![false; tuples.len()];
    let mut count = 0;
    go(
        p, n, &tuples, &mut rows, &mut cols, &mut done, cap, &mut count,
    );
    count
}

fn fits(c: &Cage, n: usize, t: &[u8], rows: &[u16], cols: &[u16]) -> bool {
    c.cells.iter().zip(t).all(|(&cell, &d)| {
        let b = 1u16 << (d - 1);
        rows[cell / n] & b == 0 && cols[cell % n] & b == 0
    })
}

#[allow(clippy::too_many_arguments)]
fn go(
    p: &Puzzle,
    n: usize,
    tuples: &[Vec<Vec<u8>>],
    rows: &mut [u16],
    cols: &mut [u16],
    done: &mut [bool],
    cap: u64,
    count: &mut u64,
) {
    let mut best: Option<(usize, usize)> = None;
    for (k, ts) in tuples.iter().enumerate() {
        if done[k] {
            continue;
        }
        let c = &p.cages()[k];
        let live = ts.iter().filter(|t| fits(c, n, t, rows, cols)).count();
        if best.is_none_or(|(_, b)| live < b) {
            best = Some((k, live));
        }
    }
    let Some((k, _)) = best else {
        *count += 1;
        return;
    };
    let c = &p.cages()[k];
    done[k] = true;
    for t in &tuples[k] {
        if !fits(c, n, t, rows, cols) {
            continue;
        }
        for (&cell, &d) in c.cells.iter().zip(t) {
            rows[cell / n] |= 1 << (d - 1);
            cols[cell % n] |= 1 << (d - 1);
        }
        go(p, n, tuples, rows, cols, done, cap, count);
        for (&cell, &d) in c.cells.iter().zip(t) {
            rows[cell / n] &= !(1 << (d - 1));
            cols[cell % n] &= !(1 << (d - 1));
        }
        if *count >= cap {
            break;
        }
    }
    done[k] = false;
}

/// Every layout of a cage: digits per cell, distinct within each row and column.
fn layouts(c: &Cage, n: usize) -> Vec<Vec<u8>> {
    fn rec(c: &Cage, n: usize, i: usize, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if i == c.cells.len() {
            if c.is_met_by(cur) {
                out.push(cur.clone());
            }
            return;
        }
        for d in 1..=n as u8 {
            let clash = c.cells[..i]
                .iter()
                .zip(cur.iter())
                .any(|(&o, &od)| od == d && (o / n == c.cells[i] / n || o % n == c.cells[i] % n));
            if !clash {
                cur.push(d);
                rec(c, n, i + 1, cur, out);
                cur.pop();
            }
        }
    }
    let mut out = Vec::new();
    rec(c, n, 0, &mut Vec::new(), &mut out);
    out
}
