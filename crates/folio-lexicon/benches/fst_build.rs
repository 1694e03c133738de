//! `make bench-fst-build`: folio's fst builder (`folio_lexicon::build::FstBuilder`) against the `fst`
//! crate's, on the same keys, one thread each; both write the same bytes (checked here).
//!
//! Keys: ENABLE (`wordlists/enable1.txt`, upper-cased, outputs = line numbers) and the 45
//! shared books' counts map as ingest builds it (`corpora/gutenberg`). For each, the best of N
//! builds of the set and of the map, in milliseconds, and the ratio.

use std::time::Instant;

use folio_lexicon::build::FstBuilder;

/// Best time of `runs` calls of `f`, in seconds.
fn best(runs: usize, mut f: impl FnMut() -> Vec<u8>) -> f64 {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(f());
            t.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
}

fn ours(keys: &[(Vec<u8>, u64)], map: bool) -> Vec<u8> {
    let mut b = FstBuilder::new(keys.len() * 8);
    for (k, v) in keys {
        b.insert(k, if map { *v } else { 0 }).expect("sorted keys");
    }
    b.finish()
}

fn theirs(keys: &[(Vec<u8>, u64)], map: bool) -> Vec<u8> {
    let out = Vec::with_capacity(keys.len() * 8);
    if map {
        let mut b = fst::MapBuilder::new(out).expect("builder");
        for (k, v) in keys {
            b.insert(k, *v).expect("sorted keys");
        }
        b.into_inner().expect("fst")
    } else {
        let mut b = fst::SetBuilder::new(out).expect("builder");
        for (k, _) in keys {
            b.insert(k).expect("sorted keys");
        }
        b.into_inner().expect("fst")
    }
}

fn report(label: &str, keys: &[(Vec<u8>, u64)], runs: usize) {
    for map in [false, true] {
        assert_eq!(ours(keys, map), theirs(keys, map), "{label}: bytes differ");
        let (a, b) = (
            best(runs, || theirs(keys, map)),
            best(runs, || ours(keys, map)),
        );
        println!(
            "{label:<22} {:>7} keys  {}  fst {:>7.2} ms  folio {:>7.2} ms  {:>5.2}x",
            keys.len(),
            if map { "map" } else { "set" },
            a * 1e3,
            b * 1e3,
            a / b,
        );
    }
}

fn main() {
    // `cargo test --all-targets` runs this without `--bench`: a smoke run only.
    let benching = std::env::args().any(|a| a == "--bench");
    let runs = if benching { 30 } else { 1 };
    if let Some(list) = folio_testdata::path("wordlists/enable1.txt") {
        let text = std::fs::read_to_string(&list).expect("ENABLE");
        let mut keys: Vec<(Vec<u8>, u64)> = text
            .lines()
            .enumerate()
            .map(|(i, w)| (w.trim().to_ascii_uppercase().into_bytes(), i as u64))
            .filter(|(k, _)| !k.is_empty())
            .collect();
        keys.sort();
        keys.dedup_by(|a, b| a.0 == b.0);
        report("ENABLE", &keys, runs);
    }
    if let Some(books) = folio_testdata::path("corpora/gutenberg") {
        let (inputs, skipped) =
            folio_lexicon::ingest::expand_inputs(&[books.into_os_string()]).expect("books");
        let run = folio_lexicon::ingest::ingest(
            &inputs,
            skipped,
            &folio_lexicon::Policy::game(),
            &|_, _| {},
        )
        .expect("ingest");
        let map = fst::Map::new(run.built.counts).expect("counts map");
        let mut keys = Vec::new();
        let mut stream = fst::IntoStreamer::into_stream(&map);
        while let Some((k, v)) = fst::Streamer::next(&mut stream) {
            keys.push((k.to_vec(), v));
        }
        report("45 books (counts)", &keys, runs);
    }
}
