//! Boggle board strings (`folio boggle solve BOARD`, `#board` lines) and cube notation: any
//! text is a board or a `BoardError`, never a panic; a board prints back to itself and solves
//! against a small word list.
#![no_main]

use folio_boggle::dice::cube_faces;
use folio_boggle::Board;
use folio_core::WordList;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = cube_faces(text);
    for shape in [None, Some((4, 4)), Some((5, 5)), Some((1, 3))] {
        if let Ok(board) = Board::parse(text, shape) {
            assert_eq!(board.len(), board.rows() * board.cols());
            for i in 0..board.len() {
                assert!(board.neighbours(i).len() <= 8);
            }
            let words = WordList::new(["QUIT", "SEAT", "TEAS", "EAST"]);
            let _ = folio_boggle::solve(&words, &board, 3);
            let _ = board.grid();
        }
    }
});
