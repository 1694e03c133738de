//! Any text: parsing never panics; what parses prints back to itself (modulo case of the
//! coordinate and spacing) and evaluates without panicking under every preset.
#![no_main]

use folio_scrabble::{Board, Dir, Placement, Rules, NO_LEXICON};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut board = Board::new();
    if let Ok(mv) = Rules::STANDARD.evaluate_notation(&board, "8F HORN", NO_LEXICON) {
        board.apply(&mv);
    }
    if let Ok(p) = Placement::parse(text) {
        let again = Placement::parse(&p.to_string()).expect("display re-parses");
        assert_eq!(again, p);
        for rules in Rules::presets() {
            let _ = rules.evaluate(&Board::new(), &p, NO_LEXICON);
            let _ = rules.evaluate(&board, &p, NO_LEXICON);
        }
    }
    if let Ok(p) = Placement::course(text, 7, 3, Dir::Across) {
        for rules in Rules::presets() {
            let _ = rules.evaluate(&board, &p, NO_LEXICON);
        }
    }
});
