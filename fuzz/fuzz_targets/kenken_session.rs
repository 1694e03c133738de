//! KenKen solving sessions (`folio play` on a `#game kenken` script): any bytes give a report
//! with located findings, never a panic (binary input one `binary-input` finding); the report
//! prints as text and JSON.
#![no_main]

use folio_kenken::session::play_bytes;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let report = play_bytes(data, "fuzz.kenken");
    for f in &report.findings {
        assert!(f.loc.line >= 1, "{f:?}");
    }
    if std::str::from_utf8(data).is_err() {
        assert!(report
            .findings
            .iter()
            .any(|f| f.rule.code == "binary-input"));
    }
    let _ = report.to_text();
    let _ = report.to_json();
    let _ = report.valid();
});
