//! `folio serve`'s line-protocol parser, book-name check and HTTP query-string reader: any
//! bytes, never a panic; a parsed request's names all pass the check and its word is not
//! blank; a query string's `books` values are all kept, joined by commas.
#![no_main]

use folio_server::names::check_name;
use folio_server::params::Params;
use folio_server::protocol::parse_line;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for line in data.split(|&b| b == b'\n') {
        if let Ok(r) = parse_line(line, 64) {
            let mut n = 0;
            for name in r.books() {
                assert!(check_name(name).is_ok());
                assert!(!name.contains('/') && !name.contains(".."));
                n += 1;
            }
            assert!((1..=64).contains(&n));
            assert!(!r.word.trim().is_empty());
        }
        if let Ok(Some(p)) = std::str::from_utf8(line).map(|q| Params::parse(Some(q)).ok()) {
            let given = line
                .split(|&b| b == b'&')
                .filter(|piece| piece.starts_with(b"books=") || *piece == b"books")
                .count();
            if let Some(books) = p.books() {
                assert!(books.matches(',').count() + 1 >= given);
            } else {
                assert_eq!(given, 0);
            }
        }
    }
});
