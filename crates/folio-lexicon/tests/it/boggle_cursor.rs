//! The `WordSet` cursor (fst node table) against the reference `WordList` cursor, through the
//! Boggle solver: both must find exactly the same words with the same paths on any board.

use folio_boggle::{solve, Board, Face};
use folio_core::{Lexicon, WordList};
use folio_lexicon::WordSet;
use proptest::prelude::*;

fn board_from(rows: usize, cols: usize, letters: &[u8]) -> Board {
    let faces = letters[..rows * cols]
        .iter()
        .map(|&l| match l % 8 {
            7 => Face::BLANK,
            6 => Face::QU,
            l => Face::letter(b'A' + l).unwrap_or(Face::QU),
        })
        .collect();
    Board::from_faces(rows, cols, faces).unwrap()
}

proptest! {
    #[test]
    fn node_table_solves_like_a_word_list(
        rows in 2usize..=4,
        cols in 2usize..=5,
        letters in proptest::collection::vec(0u8..8, 20),
        words in proptest::collection::vec("[ABCDEFQU]{1,9}", 0..120),
        min_len in 1usize..=4,
    ) {
        let board = board_from(rows, cols, &letters);
        let list = WordList::new(words.iter().map(|w| w.as_bytes()));
        let set = WordSet::from_words(words.iter().map(|w| w.as_bytes())).unwrap();
        prop_assert_eq!(solve(&set, &board, min_len), solve(&list, &board, min_len));
        for w in &words {
            prop_assert!(set.walk(w.as_bytes()).is_some_and(|c| set.is_word(c)));
        }
    }
}
