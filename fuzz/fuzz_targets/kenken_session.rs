//! KenKen solving sessions (`folio play` on a `#game kenken` script): any text gives a report
//! with located findings, never a panic; the report prints as text and JSON.
#![no_main]

use folio_kenken::session::play;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let report = play(text, "fuzz.kenken");
    for f in &report.findings {
        assert!(f.loc.line >= 1, "{f:?}");
    }
    let _ = report.to_text();
    let _ = report.to_json();
    let _ = report.valid();
});
