//! Any bytes given to the Boggle script parser, board parser and replay give a report or a
//! located error, never a panic.
#![no_main]

use std::path::Path;
use std::sync::{Arc, OnceLock};

use folio_play::boggle::{play_script, Error, LexiconChoice, Options};
use libfuzzer_sys::fuzz_target;

fn options() -> &'static Options {
    static O: OnceLock<Options> = OnceLock::new();
    O.get_or_init(|| {
        let set = folio_lexicon::WordSet::from_words(["CAT", "QUIT", "TEA", "EAT", "SEAT"])
            .expect("tiny set");
        Options {
            lexicon: LexiconChoice::Loaded {
                set: Arc::new(set),
                label: "tiny".into(),
            },
        }
    })
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = folio_core::boggle::Board::parse(text, None);
    }
    // Bytes, not text: a line that is not UTF-8 is a located error like any other.
    match play_script(Path::new("fuzz.boggle"), data, options()) {
        Ok(report) => {
            let _ = report.to_string();
            let _ = report.to_json();
        }
        Err(Error::Script { line, col, .. }) => assert!(line >= 1 && col >= 1),
        Err(e) => panic!("a loaded lexicon cannot fail to open: {e}"),
    }
});
