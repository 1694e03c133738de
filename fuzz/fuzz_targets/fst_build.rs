//! Fuzzes folio's fst builder against the `fst` crate's: the lines of the input, sorted and
//! de-duplicated, must give the same bytes. An input whose first byte is odd builds a map
//! (outputs made from each key's bytes), an even one a set: one reference build per input,
//! not two (the `fst` crate's builder fills a 20,000-cell registry each time, most of an
//! exec's cost), and the fuzzer still reaches both kinds.
#![no_main]

use folio_lexicon::build::FstBuilder;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut keys: Vec<(&[u8], u64)> = data
        .split(|&b| b == b'\n')
        .map(|k| (k, k.iter().fold(0u64, |h, &b| h.rotate_left(7) ^ u64::from(b))))
        .collect();
    keys.sort();
    keys.dedup_by(|a, b| a.0 == b.0);
    let map = data.first().is_some_and(|b| b & 1 == 1);
    let mut ours = FstBuilder::new(0);
    let mut theirs = fst::raw::Builder::memory();
    for &(k, v) in &keys {
        let v = if map { v } else { 0 };
        ours.insert(k, v).unwrap();
        theirs.insert(k, v).unwrap();
    }
    assert_eq!(ours.finish(), theirs.into_inner().unwrap());
});
