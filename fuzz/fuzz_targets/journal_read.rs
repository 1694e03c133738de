//! Fuzzes the work folder's journal reader (`folio ingest --work DIR` resuming): any bytes
//! give the finished runs or a typed error naming the folder, never a panic; a torn last
//! line (bytes after the last line break) changes nothing.
#![no_main]

use folio_lexicon::ingest::journal::parse_journal;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let dir = std::path::Path::new("fuzz.work");
    match parse_journal(dir, data) {
        Ok(runs) => {
            for (name, _) in &runs {
                assert!(name.starts_with("run-") && name.ends_with(".part"), "{name}");
            }
            let mut torn = data.to_vec();
            torn.extend_from_slice(b"{\"run\":\"run-");
            let again = parse_journal(dir, &torn).expect("a torn last line is left out");
            assert_eq!(again, runs);
        }
        Err(e) => assert!(e.to_string().starts_with("fuzz.work: "), "{e}"),
    }
});
