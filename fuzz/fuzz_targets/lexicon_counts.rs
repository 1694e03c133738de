//! Opening a counts map from arbitrary bytes (fixed up to pass the checksum, see
//! `common::checksummed_fst`) and walking it as `folio words top` and `stats` do, under
//! `folio_lexicon::guarded`.
#![no_main]

mod common;

use folio_lexicon::fst::Streamer;
use folio_lexicon::set::counts::top;
use folio_lexicon::{guarded, CountsMap};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(bytes) = common::checksummed_fst(data, true) else {
        return;
    };
    let Ok(map) = CountsMap::from_bytes(bytes, "fuzz.counts.fst") else {
        return;
    };
    // The checksum was fixed up, so only the shape check may refuse it (as every command
    // opening a set does, before any walk).
    match map.verify() {
        Ok(()) => {}
        Err(folio_lexicon::Error::Malformed { .. }) => return,
        Err(e) => panic!("the checksum was fixed up: {e}"),
    }
    let _ = guarded(&["fuzz.counts.fst"], || {
        let _ = map.len();
        let _ = map.total();
        let mut keys = Vec::new();
        let mut s = map.as_fst_map().stream();
        while let Some((k, _)) = s.next() {
            if keys.len() < 20 {
                keys.push(k.to_vec());
            }
        }
        for k in &keys {
            let _ = map.get(k);
        }
        let maps = [map];
        let _ = top(&maps, 10);
    });
});
