//! Fuzzes folio's fst builder against the `fst` crate's: the lines of the input, sorted and
//! de-duplicated, with outputs made from their bytes, must give the same set and map bytes.
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
    for map in [false, true] {
        let mut ours = FstBuilder::new(0);
        let mut theirs = fst::raw::Builder::memory();
        for &(k, v) in &keys {
            let v = if map { v } else { 0 };
            ours.insert(k, v).unwrap();
            theirs.insert(k, v).unwrap();
        }
        assert_eq!(ours.finish(), theirs.into_inner().unwrap());
    }
});
