//! Fuzzes the partial reader (`folio merge`'s input): any bytes give records or a typed
//! error, never a panic, a hang or memory beyond the bytes given. A partial read to its end
//! (checksum included) is written back by `PartialWriter` to the same bytes.
#![no_main]

use folio_lexicon::partial::{PartialReader, PartialWriter, Record};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let path = std::path::Path::new("fuzz.part");
    let Ok(mut reader) = PartialReader::new(data, path) else {
        return;
    };
    let header = reader.header().clone();
    let mut records = Vec::new();
    let mut rec = Record::default();
    loop {
        match reader.next_into(&mut rec) {
            Ok(true) => records.push(rec.clone()),
            Ok(false) => break,
            Err(e) => {
                assert!(e.to_string().starts_with("fuzz.part: "), "{e}");
                return;
            }
        }
    }
    // Accepted whole: the same bytes come back when written again (header JSON aside,
    // which serde may spell otherwise: compared as values).
    let mut out = PartialWriter::new(Vec::new(), &header).unwrap();
    for r in &records {
        out.push(&r.key, r.count, r.lower_case, &r.books).unwrap();
    }
    let again = out.finish().unwrap();
    let mut reread = PartialReader::new(&again[..], path).unwrap();
    assert_eq!(reread.header(), &header);
    for r in &records {
        assert!(reread.next_into(&mut rec).unwrap());
        assert_eq!(&rec, r);
    }
    assert!(!reread.next_into(&mut rec).unwrap());
});
