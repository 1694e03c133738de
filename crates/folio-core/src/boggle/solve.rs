//! The solver: every word of a lexicon that can be traced on a board.
//!
//! A depth-first search from each cell, stepping the lexicon's prefix cursor one face at a
//! time, so a path stops as soon as no word starts with its letters. Paths use the 8
//! neighbours (precomputed by [`Board`]) and never reuse a cell (a `u64` mask). A word found
//! along several paths counts once: found words are packed into a `u128` (5 bits a letter,
//! words up to 25 letters) and kept in a small open-addressing set reused between boards.

use std::collections::HashSet;

use super::board::{Board, MAX_CELLS};
use super::score::Scoring;
use crate::lexicon::Lexicon;

/// A word found on a board, with one path that spells it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Found {
    /// The word, upper-case (`QUEEN`).
    pub word: String,
    /// Cells of one path spelling it, row-major indices.
    pub path: Vec<usize>,
}

impl Found {
    /// Length in letters (`Qu` counts two).
    pub fn letters(&self) -> usize {
        self.word.len()
    }
}

/// Words and points of a board under one scoring.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    /// Distinct words found.
    pub words: usize,
    /// Their total points.
    pub points: u32,
}

/// Reusable solver state (the set of words already found). Keep one per thread and call it
/// for board after board; it allocates only while growing.
///
/// ```
/// use folio_core::{boggle::{Board, Solver, OFFICIAL}, WordList};
/// let words = WordList::new(["ATE", "EAT", "TEA", "ETA", "TEAK"]);
/// let board = Board::parse("texxaxxxyyyyzzzz", None).unwrap();
/// let tally = Solver::new().tally(&words, &board, &OFFICIAL);
/// assert_eq!((tally.words, tally.points), (4, 4));
/// ```
#[derive(Debug, Default)]
pub struct Solver {
    seen: WordSeen,
}

impl Solver {
    /// A solver with empty scratch space.
    pub fn new() -> Self {
        Solver::default()
    }

    /// Every word of at least `min_len` letters on `board`, sorted, each with one path.
    pub fn solve<L: Lexicon>(&mut self, lexicon: &L, board: &Board, min_len: usize) -> Vec<Found> {
        let mut found = Vec::new();
        self.for_each_word(lexicon, board, min_len, |word, path| {
            found.push(Found {
                word: String::from_utf8_lossy(word).into_owned(),
                path: path.iter().map(|&c| usize::from(c)).collect(),
            })
        });
        found.sort_unstable_by(|a, b| a.word.cmp(&b.word));
        found
    }

    /// The number of words and the points of `board` under `scoring`, without building the
    /// word list (the benchmark path).
    pub fn tally<L: Lexicon>(&mut self, lexicon: &L, board: &Board, scoring: &Scoring) -> Tally {
        let mut t = Tally::default();
        self.for_each_word(lexicon, board, scoring.min_len(board), |word, _| {
            t.words += 1;
            t.points += scoring.points(word.len());
        });
        t
    }

    /// Calls `visit(word, path)` once for each distinct word of at least `min_len` letters,
    /// with the first path found for it. `word` is upper-case key bytes, `path` cell indices.
    pub fn for_each_word<L, F>(&mut self, lexicon: &L, board: &Board, min_len: usize, visit: F)
    where
        L: Lexicon,
        F: FnMut(&[u8], &[u8]),
    {
        self.seen.clear();
        let cells = board.len();
        let mut around = [0u64; MAX_CELLS];
        let mut faces = [[0u8; 2]; MAX_CELLS];
        for cell in 0..cells {
            around[cell] = board
                .neighbours(cell)
                .iter()
                .fold(0, |m, &n| m | (1u64 << n));
            let face = board.face(cell);
            // Faces are one or two upper-case letters; blanks stay [0, 0] and are never
            // entered (they start out in every path's `used` mask below).
            faces[cell][..face.letters().len()].copy_from_slice(face.letters());
        }
        let blanks = (0..cells)
            .filter(|&c| board.face(c).is_blank())
            .fold(0u64, |m, c| m | (1u64 << c));
        let mut dfs = Dfs {
            lexicon,
            around,
            faces,
            min_len,
            seen: &mut self.seen,
            word: [0; 2 * MAX_CELLS],
            path: [0; MAX_CELLS],
            visit,
        };
        let root = lexicon.root();
        for cell in 0..cells {
            if blanks & (1u64 << cell) != 0 {
                continue;
            }
            if let Some((cursor, len, key)) = dfs.enter(cell, root, 0, 0) {
                dfs.path[0] = cell as u8;
                dfs.extend(cell, cursor, blanks | (1u64 << cell), 1, len, key);
            }
        }
    }
}

/// Every word of at least `min_len` letters on `board`, sorted (a one-off [`Solver`]).
pub fn solve<L: Lexicon>(lexicon: &L, board: &Board, min_len: usize) -> Vec<Found> {
    Solver::new().solve(lexicon, board, min_len)
}

struct Dfs<'a, L: Lexicon, F> {
    lexicon: &'a L,
    /// Each cell's neighbours as a bit mask.
    around: [u64; MAX_CELLS],
    /// Each cell's face letters; the second is 0 for a one-letter face.
    faces: [[u8; 2]; MAX_CELLS],
    min_len: usize,
    seen: &'a mut WordSeen,
    word: [u8; 2 * MAX_CELLS],
    path: [u8; MAX_CELLS],
    visit: F,
}

impl<L: Lexicon, F: FnMut(&[u8], &[u8])> Dfs<'_, L, F> {
    /// Steps `cursor` through the letters of `cell`'s face (not a blank), writing them at
    /// `len` and packing them into `key` (see [`WordSeen::insert_packed`]); the new cursor,
    /// length and key, or `None` when no word continues so.
    #[inline(always)]
    fn enter(
        &mut self,
        cell: usize,
        cursor: L::Cursor,
        len: usize,
        key: u128,
    ) -> Option<(L::Cursor, usize, u128)> {
        let [first, second] = self.faces[cell];
        let mut cursor = self.lexicon.step(cursor, first)?;
        self.word[len] = first;
        let key = (key << 5) | u128::from(first - b'@');
        if second == 0 {
            return Some((cursor, len + 1, key));
        }
        cursor = self.lexicon.step(cursor, second)?;
        self.word[len + 1] = second;
        Some((cursor, len + 2, (key << 5) | u128::from(second - b'@')))
    }

    /// At `cell` (already on the path, `depth` cells, `len` letters, cells `used`, blanks
    /// counted as used): report the word if it is one, then try each unused neighbour.
    /// Recursion happens only for neighbours the lexicon continues with, so failed steps cost
    /// no call.
    fn extend(
        &mut self,
        cell: usize,
        cursor: L::Cursor,
        used: u64,
        depth: usize,
        len: usize,
        key: u128,
    ) {
        if len >= self.min_len && self.lexicon.is_word(cursor) && self.insert(len, key) {
            (self.visit)(&self.word[..len], &self.path[..depth]);
        }
        // Neighbours in increasing cell order, as `Board::neighbours` lists them.
        let mut todo = self.around[cell] & !used;
        while todo != 0 {
            let n = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            if let Some((next, next_len, next_key)) = self.enter(n, cursor, len, key) {
                self.path[depth] = n as u8;
                self.extend(n, next, used | (1u64 << n), depth + 1, next_len, next_key);
            }
        }
    }

    /// Records the word of `len` letters in `self.word` (packed as `key` when short
    /// enough); true the first time.
    #[inline]
    fn insert(&mut self, len: usize, key: u128) -> bool {
        if len <= WordSeen::MAX_PACKED {
            self.seen.insert_packed(key)
        } else {
            self.seen.insert(&self.word[..len])
        }
    }
}

/// The words found so far on the current board.
#[derive(Debug)]
struct WordSeen {
    /// Open addressing, linear probing; 0 marks an empty slot.
    table: Vec<u128>,
    /// Slots in use, to clear them without sweeping the table.
    filled: Vec<usize>,
    /// Words too long to pack (more than 25 letters).
    long: HashSet<Vec<u8>>,
}

impl Default for WordSeen {
    fn default() -> Self {
        WordSeen {
            table: vec![0; 1024],
            filled: Vec::new(),
            long: HashSet::new(),
        }
    }
}

impl WordSeen {
    const MAX_PACKED: usize = 25;

    fn clear(&mut self) {
        for &i in &self.filled {
            self.table[i] = 0;
        }
        self.filled.clear();
        self.long.clear();
    }

    /// Inserts `word` (upper-case ASCII letters); true when it was not there yet.
    fn insert(&mut self, word: &[u8]) -> bool {
        if word.len() > Self::MAX_PACKED || !word.iter().all(u8::is_ascii_uppercase) {
            return self.long.insert(word.to_vec());
        }
        let key = word
            .iter()
            .fold(0u128, |k, &b| (k << 5) | u128::from(b - b'@'));
        self.insert_packed(key)
    }

    /// Inserts a word of at most [`Self::MAX_PACKED`] upper-case letters packed 5 bits a
    /// letter (`A` = 1 .. `Z` = 26, first letter highest); true when it was not there yet.
    /// Letters are never 0, so distinct words (of any length) pack to distinct keys.
    #[inline]
    fn insert_packed(&mut self, key: u128) -> bool {
        if 2 * (self.filled.len() + 1) > self.table.len() {
            self.grow();
        }
        let slot = self.slot(key);
        if self.table[slot] == key {
            return false;
        }
        self.table[slot] = key;
        self.filled.push(slot);
        true
    }

    /// The slot holding `key`, or the empty slot where it belongs.
    fn slot(&self, key: u128) -> usize {
        let mask = self.table.len() - 1;
        let h = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        let mut i = (h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & mask;
        while self.table[i] != 0 && self.table[i] != key {
            i = (i + 1) & mask;
        }
        i
    }

    fn grow(&mut self) {
        let keys: Vec<u128> = self.filled.iter().map(|&i| self.table[i]).collect();
        self.table = vec![0; self.table.len() * 2];
        self.filled.clear();
        for key in keys {
            let slot = self.slot(key);
            self.table[slot] = key;
            self.filled.push(slot);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boggle::score::OFFICIAL;
    use crate::lexicon::WordList;

    /// performance-boggle's `4x4/boggler_test.cc` vectors.
    #[test]
    fn tiny_dictionary_vectors() {
        let words = WordList::new(["ATE", "TEA", "ETA", "EAT", "TEAK", "FIVER", "SIXERS"]);
        let mut s = Solver::new();
        for (board, points) in [
            ("texxaxxxyyyyzzzz", 4),
            ("texxakxxyyyyzzzz", 5),
            ("sxxxixxxexxxrsxx", 3),
        ] {
            let b = Board::parse(board, None).unwrap();
            assert_eq!(s.tally(&words, &b, &OFFICIAL).points, points, "{board}");
        }
    }

    #[test]
    fn words_count_once_and_cells_are_not_reused() {
        // AAA can be traced along many paths; AAAAA needs five cells but there are four.
        let words = WordList::new(["AAA", "AAAA", "AAAAA"]);
        let b = Board::parse("aaaa", None).unwrap();
        let found = solve(&words, &b, 3);
        let names: Vec<&str> = found.iter().map(|f| f.word.as_str()).collect();
        assert_eq!(names, ["AAA", "AAAA"]);
        assert_eq!(found[1].path.len(), 4);
    }

    #[test]
    fn qu_steps_two_letters_and_blanks_stop() {
        let words = WordList::new(["QUA", "QAT", "QUIT", "AT"]);
        let b = Board::parse("qa#t", None).unwrap();
        let found = solve(&words, &b, 2);
        let names: Vec<&str> = found.iter().map(|f| f.word.as_str()).collect();
        // QUA: Qu, A. AT: A, T (diagonal). No path goes through the blank.
        assert_eq!(names, ["AT", "QUA"]);
        assert_eq!(found[1].path, [0, 1]);
        assert_eq!(found[1].letters(), 3);
    }

    #[test]
    fn seen_set_grows_and_clears() {
        let mut seen = WordSeen::default();
        let mut n = 0;
        for i in 0..3000u32 {
            let w: Vec<u8> = i.to_string().bytes().map(|d| b'A' + d - b'0').collect();
            assert!(seen.insert(&w));
            assert!(!seen.insert(&w));
            n += 1;
        }
        assert_eq!(seen.filled.len(), n);
        let long = vec![b'Z'; 30];
        assert!(seen.insert(&long));
        assert!(!seen.insert(&long));
        seen.clear();
        assert!(seen.insert(b"A"));
        assert!(seen.insert(&long));
    }
}

#[cfg(test)]
mod props {
    use super::*;
    use crate::boggle::board::Face;
    use crate::lexicon::WordList;
    use proptest::prelude::*;

    fn board_from(rows: usize, cols: usize, letters: &[u8]) -> Board {
        let faces = letters[..rows * cols]
            .iter()
            .map(|&l| match l % 6 {
                5 => Face::QU,
                l => Face::letter(b'A' + l).unwrap_or(Face::QU),
            })
            .collect();
        Board::from_faces(rows, cols, faces).unwrap()
    }

    proptest! {
        /// The solver finds exactly the lexicon words of at least `min_len` letters that can be
        /// traced, each with a valid path spelling it.
        #[test]
        fn solver_agrees_with_tracing(
            rows in 2usize..=4,
            cols in 2usize..=4,
            letters in proptest::collection::vec(0u8..6, 16),
            words in proptest::collection::vec("[ABCDEQU]{1,7}", 0..60),
            min_len in 1usize..=4,
        ) {
            let board = board_from(rows, cols, &letters);
            let lex = WordList::new(words.iter().map(|w| w.as_bytes()));
            let found = solve(&lex, &board, min_len);
            for f in &found {
                prop_assert!(lex.contains(f.word.as_bytes()));
                prop_assert!(f.letters() >= min_len);
                let spelled: Vec<u8> = f.path.iter().flat_map(|&c| board.face(c).letters().to_vec()).collect();
                prop_assert_eq!(&spelled, &f.word.as_bytes().to_vec());
                for w in f.path.windows(2) {
                    prop_assert!(board.neighbours(w[0]).contains(&(w[1] as u8)));
                }
                let mut cells = f.path.clone();
                cells.sort_unstable();
                cells.dedup();
                prop_assert_eq!(cells.len(), f.path.len());
            }
            let expected: Vec<&[u8]> = lex
                .iter()
                .filter(|w| w.len() >= min_len && board.trace(w).is_some())
                .collect();
            let got: Vec<&[u8]> = found.iter().map(|f| f.word.as_bytes()).collect();
            prop_assert_eq!(got, expected);
        }
    }
}
