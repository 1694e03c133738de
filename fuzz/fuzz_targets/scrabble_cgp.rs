//! Any text given to the CGP reader (and the printed-board reader) gives a position or an
//! error with a column (line) inside the text, never a panic. A CGP that parses writes its
//! board back to the same board; under every preset its position is either refused as too
//! many tiles or generated from, and every generated play scores what `Rules::evaluate` says.
#![no_main]

use folio_scrabble::movegen::board_text::parse_board;
use folio_scrabble::movegen::cgp::{board_text, Cgp};
use folio_scrabble::movegen::Generator;
use folio_scrabble::Rules;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match Cgp::parse(text) {
        Ok(cgp) => {
            let again = Cgp::parse(&format!("{} ?/ 0/0 0", board_text(&cgp.board)))
                .expect("a written board parses");
            assert_eq!(again.board, cgp.board);
            let words = folio_core::WordList::new(["AA", "QI", "HORN", "ZA", "AB", "BA"]);
            for rules in Rules::presets() {
                let Ok(pos) = cgp.position(rules) else { continue };
                let Some(Some(rack)) = pos.racks.first() else { continue };
                let gen = Generator::new(&pos.rules, &pos.board, &words);
                for play in gen.plays(rack).iter().take(50) {
                    // A board from CGP may be disconnected; a play the generator finds still
                    // scores through the rules' evaluate when that judges it legal.
                    if let Ok(mv) = play.evaluate(&pos.rules, &pos.board) {
                        assert_eq!(mv.score, play.score, "{play}");
                    }
                }
            }
        }
        Err(e) => {
            assert!(e.column >= 1 && e.column <= text.chars().count() + 1, "{e}");
        }
    }
    if let Err(e) = parse_board(text) {
        assert!(e.line >= 1 && e.column >= 1, "{e}");
    }
});
