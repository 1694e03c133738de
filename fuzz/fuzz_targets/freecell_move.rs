//! FreeCell standard-notation move tokens (`3a`, `a4`, `5h`, `21/3`): any text is a move or
//! `None`, never a panic; a move read prints back to a token that reads as the same move.
#![no_main]

use folio_freecell::parse::parse_move;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for tok in text.split_whitespace().take(64).chain([text]) {
        if let Some(mv) = parse_move(tok) {
            assert_eq!(parse_move(&mv.to_string()), Some(mv), "{tok:?} -> {mv}");
        }
    }
});
