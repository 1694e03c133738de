//! Any bytes given to the script parser give a script or located errors, never a panic;
//! a parsed script that replays never panics either.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match folio_play::parse(data, "fuzz.gcg") {
        Ok(script) => {
            for issue in &script.issues {
                assert!(issue.loc.line >= 1 && issue.loc.col >= 1);
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
