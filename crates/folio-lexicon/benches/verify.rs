//! `make bench-verify`: what checking the fst checksum and the nodes' shape (no cycle, no
//! dead end, the header's word count: `set/shape.rs`) on every open costs
//! (`folio_lexicon::checked`, which every `folio` command uses).
//!
//! Sets: ENABLE imported (`wordlists/enable1.txt`) and, with `--bench`, the set and counts
//! map of the 45 shared books (`corpora/gutenberg`). For each: the best of N runs of
//! `WordSet::open` (map + header/footer) and of `checked::open_set` (the same + checksum + shape),
//! in milliseconds, and the verification's throughput. Page cache warm.

use std::ffi::OsString;
use std::path::Path;
use std::time::Instant;

use folio_lexicon::set::OutputPaths;
use folio_lexicon::{checked, ingest, CountsMap, Policy, WordSet};

/// Best time of `runs` calls of `f`, in seconds.
fn best(runs: usize, mut f: impl FnMut()) -> f64 {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
}

fn report(label: &str, path: &Path, runs: usize, set: bool) {
    let bytes = std::fs::metadata(path).expect("size").len() as f64;
    let (plain, with_check) = if set {
        (
            best(runs, || drop(WordSet::open(path).expect("open"))),
            best(runs, || drop(checked::open_set(path).expect("open"))),
        )
    } else {
        (
            best(runs, || drop(CountsMap::open(path).expect("open"))),
            best(runs, || drop(checked::open_counts(path).expect("open"))),
        )
    };
    let check = (with_check - plain).max(1e-9);
    println!(
        "{label:<28} {:>8.0} KB  open {:>7.3} ms  open+verify {:>7.3} ms  verify {:>6.0} MB/s",
        bytes / 1e3,
        plain * 1e3,
        with_check * 1e3,
        bytes / check / 1e6,
    );
}

fn main() {
    // `cargo test --all-targets` runs this without `--bench`: a smoke run only.
    let benching = std::env::args().any(|a| a == "--bench");
    let runs = if benching { 200 } else { 1 };
    let dir = tempfile::tempdir().expect("tempdir");
    if let Some(list) = folio_testdata::path("wordlists/enable1.txt") {
        let set = dir.path().join("enable.fst");
        folio_lexicon::query::import::import_file(
            &list,
            &set,
            &Policy::game(),
            &Default::default(),
        )
        .expect("import ENABLE");
        report("ENABLE set", &set, runs, true);
    }
    if !benching {
        return;
    }
    if let Some(books) = folio_testdata::path("corpora/gutenberg") {
        let (inputs, skipped) =
            ingest::expand_inputs(&[OsString::from(books)]).expect("the shared books");
        let run = ingest::ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).expect("ingest");
        let paths = OutputPaths::for_set(&dir.path().join("books.fst"));
        ingest::write_outputs(&paths, &run).expect("write");
        report("45 books: set", &paths.set, runs, true);
        report("45 books: counts map", &paths.counts, runs, false);
    }
}
