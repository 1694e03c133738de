//! Any bytes given to the Boggle script parser, board parser and replay give a report or a
//! located error, never a panic.
#![no_main]

use std::sync::OnceLock;

use folio_boggle::script::{play_script, Error};
use folio_core::WordList;
use libfuzzer_sys::fuzz_target;

fn words() -> &'static WordList {
    static W: OnceLock<WordList> = OnceLock::new();
    W.get_or_init(|| WordList::new(["CAT", "QUIT", "TEA", "EAT", "SEAT"]))
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = folio_boggle::Board::parse(text, None);
    }
    // Bytes, not text: a line that is not UTF-8 is a located error like any other.
    match play_script("fuzz.boggle", data, words(), "tiny") {
        Ok(report) => {
            let _ = report.to_string();
            let _ = report.to_json();
        }
        Err(Error::Script { line, col, .. }) => assert!(line >= 1 && col >= 1),
        Err(e) => panic!("a given lexicon cannot fail to open: {e}"),
    }
});
