//! Any bytes given to the script parser give a script or located errors, never a panic; a
//! script that parses replays (with and without a word list) and writes back without panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match folio_scrabble::parse(data, "fuzz.gcg") {
        Ok(script) => {
            let words = folio_core::WordList::new(["AA", "QI", "HORN"]);
            for lexicon in [None, Some(&words)] {
                let report =
                    folio_scrabble::replay::replay(&script, lexicon, &Default::default());
                assert_eq!(report.turns.len(), script.events.len());
                let _ = folio_scrabble::write::to_gcg(&script, &report);
            }
        }
        Err(errors) => {
            assert!(!errors.errors.is_empty());
            for e in &errors.errors {
                assert!(e.loc.line >= 1 && e.loc.col >= 1);
            }
        }
    }
});
