//! `make bench-boggle`: random 4x4 boards, rolled from the new-1987 cubes with fixed seeds,
//! solved (words and official score) per second with ENABLE2K, one thread.
//!
//! Prints boards/s for the fst-backed `WordSet` and, for scale, the count of cursor steps.

use std::time::Instant;

use folio_core::boggle::{roll, CubeSet, Solver, OFFICIAL};
use folio_lexicon::WordSet;

fn main() {
    let Some(path) = folio_shared::path("games/boggle/wordlists/enable2k.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).expect("enable2k.txt");
    let set = WordSet::from_words(
        text.lines()
            .map(|l| l.trim_end_matches('\r').to_ascii_uppercase())
            .filter(|w| !w.is_empty()),
    )
    .expect("enable2k set");
    let dice = CubeSet::by_name("new-1987").expect("new-1987");
    let n: u64 = std::env::var("BOGGLE_BOARDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let boards: Vec<_> = (0..n).map(|seed| roll(dice, seed).expect("roll")).collect();
    let mut solver = Solver::new();
    // Warm up caches and the page cache of the set.
    for b in boards.iter().take(1000) {
        std::hint::black_box(solver.tally(&set, b, &OFFICIAL));
    }
    let start = Instant::now();
    let (mut words, mut points) = (0u64, 0u64);
    for b in &boards {
        let t = solver.tally(&set, std::hint::black_box(b), &OFFICIAL);
        words += t.words as u64;
        points += u64::from(t.points);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "boggle solve, ENABLE2K fst ({} words, {} bytes), {n} boards rolled from new-1987 seeds 0..{n}, 1 thread",
        set.len(),
        set.size_bytes()
    );
    println!(
        "  {:.0} boards/s ({:.2} us/board); mean {:.1} words, {:.1} points per board",
        n as f64 / secs,
        secs * 1e6 / n as f64,
        words as f64 / n as f64,
        points as f64 / n as f64
    );
}
