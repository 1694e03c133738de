//! Games replayed per second over the shared GCG collection (`make bench-play`).
//!
//! One iteration parses and replays every record of `shared/games/scrabble/gcg/*.gcg` (no
//! lexicon, standard rules); criterion's throughput line reads as games per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn records() -> Vec<(String, Vec<u8>)> {
    let Some(dir) = folio_testdata::path("games/scrabble/gcg") else {
        return Vec::new();
    };
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("read gcg dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "gcg"))
        .map(|p| {
            let bytes = std::fs::read(&p).expect("read record");
            (p.display().to_string(), bytes)
        })
        .collect();
    out.sort();
    out
}

fn replay_all(records: &[(String, Vec<u8>)]) -> usize {
    let no_words: Option<&folio_scrabble::WordList> = None;
    let opts = folio_scrabble::replay::Options::default();
    let mut moves = 0;
    for (name, bytes) in records {
        if let Ok(script) = folio_scrabble::parse(bytes, name) {
            moves += folio_scrabble::replay::replay(&script, no_words, &opts)
                .stats
                .moves;
        }
    }
    moves
}

fn bench(c: &mut Criterion) {
    let records = records();
    if records.is_empty() {
        return;
    }
    let moves = replay_all(&records);
    eprintln!("{} records, {moves} moves per iteration", records.len());
    let mut g = c.benchmark_group("play");
    g.throughput(Throughput::Elements(records.len() as u64));
    g.bench_function("parse+replay shared GCG records (elements = games)", |b| {
        b.iter(|| replay_all(std::hint::black_box(&records)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
