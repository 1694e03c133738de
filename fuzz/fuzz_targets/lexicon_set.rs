//! Opening a word set from arbitrary bytes (fixed up to pass the checksum, see
//! `common::checksummed_fst`) and walking it as every command does, under
//! `folio_lexicon::guarded`: a malformed set must give an error, never a crash, a hang or
//! unbounded memory.
#![no_main]

mod common;

use folio_core::Lexicon;
use folio_lexicon::query::{self, export, stats::SetStats};
use folio_lexicon::{guarded, Policy, WordSet};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(bytes) = common::checksummed_fst(data, false) else {
        return;
    };
    let Ok(set) = WordSet::from_bytes(bytes) else {
        return;
    };
    // The checksum was fixed up, so only the shape check may refuse it (as every command
    // opening a set does, before any walk).
    match set.verify() {
        Ok(()) => {}
        Err(folio_lexicon::Error::Malformed { .. }) => return,
        Err(e) => panic!("the checksum was fixed up: {e}"),
    }
    let policy = Policy::game();
    let _ = guarded(&["fuzz.fst"], || {
        let _ = set.len();
        let listed: Vec<String> = export::words(&set).take(10_000).collect();
        for w in listed.iter().take(20) {
            let _ = query::contains(&set, &policy, w);
            let _ = query::fuzzy(&set, &policy, w, 1);
            let _ = query::prefix(&set, &policy, &w[..w.len().min(2)]);
        }
        let _ = SetStats::of(&set);
        // The prefix cursor (the node table behind Boggle and the crossword replays).
        let mut stack = vec![(set.root(), 0usize)];
        let mut seen = 0;
        while let Some((c, depth)) = stack.pop() {
            seen += 1;
            if seen > 100_000 || depth > 64 {
                break;
            }
            let _ = set.is_word(c);
            for letter in b'A'..=b'Z' {
                if let Some(next) = set.step(c, letter) {
                    stack.push((next, depth + 1));
                }
            }
        }
        let board = folio_boggle::Board::parse("SERSPATGLINESERS", None).unwrap();
        let _ = folio_boggle::solve(&set, &board, 3);
    });
});
