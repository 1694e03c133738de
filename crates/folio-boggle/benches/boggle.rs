//! `make bench-boggle`: random 4x4 boards, rolled from the new-1987 cubes with fixed seeds,
//! solved (words and official score) per second with ENABLE2K, one thread.
//!
//! Prints boards/s for the fst-backed `WordSet` (its node table) and, for scale, the count of
//! cursor steps, the same search decoding fst nodes at every step, and a 26-way pointer trie.
//! `BOGGLE_PROFILE=1` runs the `WordSet` search only (for `perf record`); `BOGGLE_BOARDS=N`
//! sets the number of boards.

use std::time::Instant;

use folio_boggle::{roll, CubeSet, Solver, OFFICIAL};
use folio_lexicon::WordSet;

fn main() {
    let Some(path) = folio_testdata::path("games/boggle/wordlists/enable2k.txt") else {
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
    // `cargo test --all-targets` runs this without `--bench`: a smoke run only.
    let benching = std::env::args().any(|a| a == "--bench");
    let n: u64 = match std::env::var("BOGGLE_BOARDS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        Some(n) if benching => n,
        _ if benching => 100_000,
        _ => 50,
    };
    let boards: Vec<_> = (0..n).map(|seed| roll(dice, seed).expect("roll")).collect();
    let mut solver = Solver::new();
    // Warm up caches and the page cache of the set.
    for b in boards.iter().take(1000) {
        std::hint::black_box(solver.tally(&set, b, &OFFICIAL));
    }
    let start = Instant::now();
    let cpu_start = thread_cpu_ns();
    let (mut words, mut points) = (0u64, 0u64);
    // The fastest stretch of CHUNK boards (wall clock): on a shared machine, what the code
    // does while it has a core to itself. Every binary sees the same stretches of boards.
    const CHUNK: usize = 2000;
    let mut fastest = f64::INFINITY;
    for chunk in boards.chunks(CHUNK) {
        let t0 = Instant::now();
        for b in chunk {
            let t = solver.tally(&set, std::hint::black_box(b), &OFFICIAL);
            words += t.words as u64;
            points += u64::from(t.points);
        }
        if chunk.len() == CHUNK {
            fastest = fastest.min(t0.elapsed().as_secs_f64());
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu_secs = thread_cpu_ns()
        .zip(cpu_start)
        .map(|(b, a)| (b - a) as f64 / 1e9);
    // BOGGLE_PROFILE=1 runs the fst solver only (for `perf record`).
    let profiling = std::env::var_os("BOGGLE_PROFILE").is_some();
    let trie_cpu = if profiling {
        None
    } else {
        count_steps(&set, &boards[..boards.len().min(2000)]);
        raw_comparison(&set, &boards);
        trie_comparison(&set, &boards)
    };
    println!();
    println!(
        "boggle solve, ENABLE2K fst ({} words, {} bytes), {n} boards rolled from new-1987 seeds 0..{n}, 1 thread",
        set.len(),
        set.size_bytes()
    );
    if let (Some(cpu), Some(trie)) = (cpu_secs, trie_cpu) {
        println!(
            "  for scale, a 26-way pointer trie (bench-only, {:.0} boards/s of CPU time) runs at {:.2}x the fst cursor's speed here",
            n as f64 / trie,
            cpu / trie
        );
    }
    if let Some(cpu) = cpu_secs {
        println!(
            "  {:.0} boards/s of CPU time ({:.2} us/board on-CPU; the 2-core machine is shared)",
            n as f64 / cpu,
            cpu * 1e6 / n as f64
        );
    }
    println!(
        "  {:.0} boards/s wall clock ({:.2} us/board); mean {:.1} words, {:.1} points per board",
        n as f64 / secs,
        secs * 1e6 / n as f64,
        words as f64 / n as f64,
        points as f64 / n as f64
    );
    if fastest.is_finite() {
        println!(
            "  {:.0} boards/s in the fastest stretch of {CHUNK} boards (wall clock: the speed on a quiet core)",
            CHUNK as f64 / fastest
        );
    }
}

/// Counts cursor steps (bench diagnostics only).
struct Counting<'a> {
    set: &'a WordSet,
    tries: std::cell::Cell<u64>,
    hits: std::cell::Cell<u64>,
}

impl folio_core::Lexicon for Counting<'_> {
    type Cursor = <WordSet as folio_core::Lexicon>::Cursor;
    fn root(&self) -> Self::Cursor {
        self.set.root()
    }
    fn step(&self, c: Self::Cursor, b: u8) -> Option<Self::Cursor> {
        self.tries.set(self.tries.get() + 1);
        let r = self.set.step(c, b);
        if r.is_some() {
            self.hits.set(self.hits.get() + 1);
        }
        r
    }
    fn is_word(&self, c: Self::Cursor) -> bool {
        self.set.is_word(c)
    }
    fn letters(&self, c: Self::Cursor) -> u32 {
        self.set.letters(c)
    }
}

/// Cursor steps per board of the search as `make bench-boggle` times it (with the letter
/// filter), and without `Lexicon::letters` (a step tried on every unused neighbour).
fn count_steps(set: &WordSet, boards: &[folio_boggle::Board]) {
    let c = Counting {
        set,
        tries: 0.into(),
        hits: 0.into(),
    };
    let mut solver = Solver::new();
    for b in boards {
        solver.tally(&c, b, &OFFICIAL);
    }
    let n = boards.len() as f64;
    let filtered = (c.tries.replace(0), c.hits.replace(0));
    for b in boards {
        solver.tally(&Unfiltered(&c), b, &OFFICIAL);
    }
    println!(
        "  cursor steps per board: {:.0} tried, {:.0} succeeded ({:.0} tried without the letter filter)",
        filtered.0 as f64 / n,
        filtered.1 as f64 / n,
        c.tries.get() as f64 / n,
    );
}

/// A lexicon without `Lexicon::letters`: every letter may continue every prefix.
struct Unfiltered<'a, L>(&'a L);

impl<L: folio_core::Lexicon> folio_core::Lexicon for Unfiltered<'_, L> {
    type Cursor = L::Cursor;
    fn root(&self) -> Self::Cursor {
        self.0.root()
    }
    fn step(&self, c: Self::Cursor, b: u8) -> Option<Self::Cursor> {
        self.0.step(c, b)
    }
    fn is_word(&self, c: Self::Cursor) -> bool {
        self.0.is_word(c)
    }
}

/// Nanoseconds this thread has run on a CPU (Linux `/proc/thread-self/schedstat`), so the
/// figure is not diluted by other processes on a shared machine.
fn thread_cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

/// The same search over the fst walked node by node, decoding a node at every step (what
/// `WordSet` did before its node table), to show what the table buys.
fn raw_comparison(set: &WordSet, boards: &[folio_boggle::Board]) {
    let raw = RawFst(set.as_fst_set().as_fst());
    let mut solver = Solver::new();
    let n = boards.len().min(20_000);
    let Some(a) = thread_cpu_ns() else { return };
    for b in &boards[..n] {
        std::hint::black_box(solver.tally(&raw, std::hint::black_box(b), &OFFICIAL));
    }
    let Some(z) = thread_cpu_ns() else { return };
    println!(
        "  fst nodes decoded at every step (no node table): {:.0} boards/s of CPU time",
        n as f64 / ((z - a) as f64 / 1e9)
    );
}

struct RawFst<'a>(&'a fst::raw::Fst<folio_lexicon::set::SetBytes>);

impl folio_core::Lexicon for RawFst<'_> {
    type Cursor = (fst::raw::CompiledAddr, bool);
    fn root(&self) -> Self::Cursor {
        let r = self.0.root();
        (r.addr(), r.is_final())
    }
    #[inline]
    fn step(&self, c: Self::Cursor, b: u8) -> Option<Self::Cursor> {
        let node = self.0.node(c.0);
        let t = node.transition(node.find_input(b)?);
        let next = self.0.node(t.addr);
        Some((t.addr, next.is_final()))
    }
    #[inline]
    fn is_word(&self, c: Self::Cursor) -> bool {
        c.1
    }
}

/// A 26-way pointer trie of the same words (danvk's data structure), built here only to put
/// the fst cursor's speed in context. Returns the CPU seconds it takes over `boards`.
fn trie_comparison(set: &WordSet, boards: &[folio_boggle::Board]) -> Option<f64> {
    use fst::Streamer;
    let mut trie = Trie {
        next: vec![[0; 26]],
        is_final: vec![false],
    };
    let mut stream = set.as_fst_set().stream();
    while let Some(word) = stream.next() {
        if !word.iter().all(u8::is_ascii_uppercase) {
            continue;
        }
        let mut node = 0usize;
        for &b in word {
            let slot = usize::from(b - b'A');
            if trie.next[node][slot] == 0 {
                trie.next.push([0; 26]);
                trie.is_final.push(false);
                trie.next[node][slot] = (trie.next.len() - 1) as u32;
            }
            node = trie.next[node][slot] as usize;
        }
        trie.is_final[node] = true;
    }
    let mut solver = Solver::new();
    let mut check = 0u64;
    for b in boards.iter().take(1000) {
        check += u64::from(solver.tally(&trie, b, &OFFICIAL).points);
    }
    std::hint::black_box(check);
    let a = thread_cpu_ns()?;
    for b in boards {
        std::hint::black_box(solver.tally(&trie, std::hint::black_box(b), &OFFICIAL));
    }
    Some((thread_cpu_ns()? - a) as f64 / 1e9)
}

struct Trie {
    next: Vec<[u32; 26]>,
    is_final: Vec<bool>,
}

impl folio_core::Lexicon for Trie {
    type Cursor = u32;
    fn root(&self) -> u32 {
        0
    }
    #[inline]
    fn step(&self, c: u32, b: u8) -> Option<u32> {
        let i = b.wrapping_sub(b'A');
        if i >= 26 {
            return None;
        }
        let n = self.next[c as usize][usize::from(i)];
        (n != 0).then_some(n)
    }
    #[inline]
    fn is_word(&self, c: u32) -> bool {
        self.is_final[c as usize]
    }
}
