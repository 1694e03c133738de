//! The solver: every word of a lexicon that can be traced on a board.
//!
//! A depth-first search from each cell, stepping the lexicon's prefix cursor one face at a
//! time, so a path stops as soon as no word starts with its letters. Paths use the 8
//! neighbours (precomputed by [`Board`]) and never reuse a cell (a `u64` mask). Neighbours are
//! filtered by the letters the cursor continues with ([`Lexicon::letters`]) before any step,
//! and the search runs over an explicit stack, not recursion. A word found along several
//! paths counts once: found words are packed into a `u64` (5 bits a letter, words up to 12
//! letters; longer ones are kept whole) in a small open-addressing set reused between boards.
//! [`Solver::tally`] logs hits into a buffer without a branch and de-duplicates them in
//! batches: whether a path ends a word is as good as random, and a mispredicted branch costs
//! more than the store.

use std::collections::HashSet;
use std::hint::select_unpredictable;

use super::board::{Board, MAX_CELLS};
use super::score::Scoring;
use folio_core::lexicon::Lexicon;

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
/// use folio_boggle::{Board, Solver, OFFICIAL};
/// use folio_core::WordList;
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
        let mut points = [0u32; 2 * MAX_CELLS + 1];
        scoring.points_by_len(&mut points[..=2 * board.len()]);
        let mut count = Count {
            seen: &mut self.seen,
            points,
            cands: [0; Count::CANDS],
            n: 0,
            tally: Tally::default(),
        };
        count.seen.clear();
        search(lexicon, board, scoring.min_len(board), &mut count);
        count.flush();
        count.tally
    }

    /// Calls `visit(word, path)` once for each distinct word of at least `min_len` letters,
    /// with the first path found for it. `word` is upper-case key bytes, `path` cell indices.
    pub fn for_each_word<L, F>(&mut self, lexicon: &L, board: &Board, min_len: usize, visit: F)
    where
        L: Lexicon,
        F: FnMut(&[u8], &[u8]),
    {
        self.seen.clear();
        let mut each = Visit {
            seen: &mut self.seen,
            word: [0; 2 * MAX_CELLS],
            visit,
        };
        search(lexicon, board, min_len, &mut each);
    }
}

/// Every word of at least `min_len` letters on `board`, sorted (a one-off [`Solver`]).
pub fn solve<L: Lexicon>(lexicon: &L, board: &Board, min_len: usize) -> Vec<Found> {
    Solver::new().solve(lexicon, board, min_len)
}

/// Runs the search of `board`, handing every path that ends a word to `report`.
fn search<L: Lexicon, R: Report>(lexicon: &L, board: &Board, min_len: usize, report: &mut R) {
    let cells = board.len();
    let mut around = [0u64; MAX_CELLS];
    let mut faces = [[0u8; 2]; MAX_CELLS];
    let mut first_bit = [0u32; MAX_CELLS];
    for cell in 0..cells {
        around[cell] = board
            .neighbours(cell)
            .iter()
            .fold(0, |m, &n| m | (1u64 << n));
        let face = board.face(cell);
        // Faces are one or two upper-case letters; blanks stay [0, 0] with no letter bit,
        // so they are never entered.
        faces[cell][..face.letters().len()].copy_from_slice(face.letters());
        if let Some(&first) = face.letters().first() {
            first_bit[cell] = 1 << (first - b'A');
        }
    }
    let mut cells_of = [0u64; 33];
    for cell in 0..cells {
        if first_bit[cell] != 0 {
            cells_of[first_bit[cell].trailing_zeros() as usize] |= 1u64 << cell;
        }
    }
    let mut near_letters = [0u32; MAX_CELLS];
    for (cell, near) in near_letters.iter_mut().enumerate().take(cells) {
        *near = board
            .neighbours(cell)
            .iter()
            .fold(0, |m, &n| m | first_bit[usize::from(n)]);
    }
    let root = lexicon.root();
    let mut dfs = Dfs {
        lexicon,
        around,
        faces,
        first_bit,
        cells_of,
        near_letters,
        min_len,
        report,
        path: [0; MAX_CELLS],
        stack: [Frame {
            cursor: root,
            todo: 0,
            used: 0,
            len: 0,
            depth: 0,
            key: 0,
        }; MAX_CELLS],
    };
    dfs.run(root, cells);
}

/// What the search does with a path that ends on a word node.
trait Report {
    /// Called at every cell entered, with `hit` true when the path (`path`, spelling `len`
    /// letters packed as `key`, see [`WordSeen::pack`]) spells a word of at least the
    /// minimum length. Called for misses too, so that a counter can work without a branch
    /// on `hit`, which the CPU cannot predict.
    fn report(&mut self, hit: bool, len: usize, key: u64, path: &[u8], faces: &Faces);
}

/// Each cell's face letters; the second is 0 for a one-letter face.
type Faces = [[u8; 2]; MAX_CELLS];

/// The letters a path spells, written into `word`; their number.
fn spell(path: &[u8], faces: &Faces, word: &mut [u8; 2 * MAX_CELLS]) -> usize {
    let mut len = 0;
    for &cell in path {
        for &b in &faces[usize::from(cell)] {
            if b != 0 {
                word[len] = b;
                len += 1;
            }
        }
    }
    len
}

/// Hands each distinct word, with its first path, to a closure ([`Solver::for_each_word`]).
struct Visit<'a, F> {
    seen: &'a mut WordSeen,
    word: [u8; 2 * MAX_CELLS],
    visit: F,
}

impl<F: FnMut(&[u8], &[u8])> Report for Visit<'_, F> {
    #[inline(always)]
    fn report(&mut self, hit: bool, len: usize, key: u64, path: &[u8], faces: &Faces) {
        if !hit {
            return;
        }
        let new = if len <= WordSeen::MAX_PACKED {
            self.seen.insert_packed(key)
        } else {
            spell(path, faces, &mut self.word);
            self.seen.insert(&self.word[..len])
        };
        if new {
            spell(path, faces, &mut self.word);
            (self.visit)(&self.word[..len], path);
        }
    }
}

/// Counts distinct words and their points ([`Solver::tally`]). Hits are logged without a
/// branch into a small buffer of packed keys, which is de-duplicated when full and at the end.
struct Count<'a> {
    seen: &'a mut WordSeen,
    /// Points by word length.
    points: [u32; 2 * MAX_CELLS + 1],
    /// Packed keys of words found, not yet de-duplicated.
    cands: [u64; Count::CANDS],
    n: usize,
    tally: Tally,
}

impl Count<'_> {
    const CANDS: usize = 64;

    #[inline(never)]
    fn flush(&mut self) {
        for &key in &self.cands[..self.n] {
            if self.seen.insert_packed(key) {
                self.tally.words += 1;
                self.tally.points += self.points[WordSeen::packed_len(key)];
            }
        }
        self.n = 0;
    }

    #[cold]
    fn long(&mut self, len: usize, path: &[u8], faces: &Faces) {
        let mut word = [0; 2 * MAX_CELLS];
        spell(path, faces, &mut word);
        if self.seen.insert(&word[..len]) {
            self.tally.words += 1;
            self.tally.points += self.points[len];
        }
    }
}

impl Report for Count<'_> {
    #[inline(always)]
    fn report(&mut self, hit: bool, len: usize, key: u64, path: &[u8], faces: &Faces) {
        let short = len <= WordSeen::MAX_PACKED;
        // Always written, kept only on a hit: no branch on `hit`.
        self.cands[self.n % Count::CANDS] = key;
        self.n += usize::from(hit & short);
        if self.n == Count::CANDS {
            self.flush();
        }
        if hit & !short {
            self.long(len, path, faces);
        }
    }
}

/// The depth-first search of one board.
struct Dfs<'a, L: Lexicon, R> {
    lexicon: &'a L,
    /// Each cell's neighbours as a bit mask.
    around: [u64; MAX_CELLS],
    faces: Faces,
    /// Each cell's first face letter as a [`Lexicon::letters`] bit (0 for a blank).
    first_bit: [u32; MAX_CELLS],
    /// The cells whose face starts with each letter `A`–`Z`; entries 26.. are empty, so that
    /// the bit index of an empty letter set (32) finds no cell.
    cells_of: [u64; 33],
    /// The first face letters (as [`Lexicon::letters`] bits) of each cell's neighbours
    /// together: a node with none of these letters ends the path there.
    near_letters: [u32; MAX_CELLS],
    min_len: usize,
    report: &'a mut R,
    /// Cells of the current path.
    path: [u8; MAX_CELLS],
    /// Ancestors of the current cell with neighbours left to try, nearest last.
    stack: [Frame<L::Cursor>; MAX_CELLS],
}

/// One cell of the current path: where the lexicon stands after it, and which neighbours
/// are still to be tried from it.
#[derive(Clone, Copy)]
struct Frame<C> {
    cursor: C,
    /// Unused neighbours whose first letter the cursor continues with, not tried yet.
    todo: u64,
    /// Cells on the path up to here.
    used: u64,
    /// Letters on the path up to here.
    len: u32,
    /// Where the cell is on the path: `path[depth]`.
    depth: u32,
    /// Those letters packed (see [`WordSeen::pack`]).
    key: u64,
}

impl<L: Lexicon, R: Report> Dfs<'_, L, R> {
    /// Every word on the board's first `cells` cells. On x86-64 CPUs with `popcnt` (nearly
    /// all since 2008) the search is compiled a second time to use it: stepping an fst
    /// cursor counts bits at every step, and the portable bit count is a dozen instructions
    /// on the critical path.
    fn run(&mut self, root: L::Cursor, cells: usize) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has `popcnt`, checked just above; nothing else is assumed.
            unsafe { self.run_popcnt(root, cells) };
            return;
        }
        self.run_portable(root, cells);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn run_popcnt(&mut self, root: L::Cursor, cells: usize) {
        self.run_portable(root, cells);
    }

    #[inline(always)]
    fn run_portable(&mut self, root: L::Cursor, cells: usize) {
        let letters = self.lexicon.letters(root);
        for cell in 0..cells {
            if letters & self.first_bit[cell] != 0 {
                self.search_from(cell, root);
            }
        }
    }

    /// Every word on a path starting at `start` (not a blank). A loop over an explicit
    /// stack rather than recursion: a step costs no call. The current cell's frame lives in
    /// locals; the stack holds only ancestors with neighbours left to try, so going back is
    /// always one level, chosen with a select rather than a branch: whether a cell's
    /// neighbours are all tried is as good as random.
    #[inline(always)]
    fn search_from(&mut self, start: usize, root: L::Cursor) {
        let Some((cursor, len, key)) = self.enter(start, root, 0, 0) else {
            return;
        };
        self.path[0] = start as u8;
        let mut top = self.arrive(start, cursor, 1u64 << start, 0, len, key);
        // Frames on the stack.
        let mut depth = 0;
        while top.todo != 0 {
            // Neighbours in increasing cell order, as `Board::neighbours` lists them.
            let n = top.todo.trailing_zeros() as usize;
            top.todo &= top.todo - 1;
            if let Some((cursor, len, key)) = self.enter(n, top.cursor, top.len as usize, top.key) {
                let at = top.depth as usize + 1;
                self.path[at % MAX_CELLS] = n as u8;
                let frame = self.arrive(n, cursor, top.used | (1u64 << n), at, len, key);
                // A cell with nothing to try (the common case) is done once its word is
                // reported: it takes no place on the stack.
                if frame.todo != 0 {
                    self.stack[depth % MAX_CELLS] = top;
                    depth += usize::from(top.todo != 0);
                    top = frame;
                    continue;
                }
            }
            let back = top.todo == 0;
            if back & (depth == 0) {
                return;
            }
            depth -= usize::from(back);
            top = select_unpredictable(back, self.stack[depth % MAX_CELLS], top);
        }
    }

    /// Steps `cursor` through the letters of `cell`'s face (not a blank), packing them into
    /// `key`; the new cursor, length and key, or `None` when no word continues so.
    #[inline(always)]
    fn enter(
        &mut self,
        cell: usize,
        cursor: L::Cursor,
        len: usize,
        key: u64,
    ) -> Option<(L::Cursor, usize, u64)> {
        let [first, second] = self.faces[cell];
        let mut cursor = self.lexicon.step(cursor, first)?;
        let key = WordSeen::pack(key, first);
        if second == 0 {
            return Some((cursor, len + 1, key));
        }
        cursor = self.lexicon.step(cursor, second)?;
        Some((cursor, len + 2, WordSeen::pack(key, second)))
    }

    /// The frame of `cell`, just entered at `depth` (`used` includes it): reports the path,
    /// and finds the neighbours worth trying: the unused ones whose first letter the cursor
    /// continues with, by masks, without a step per neighbour (whether a letter continues a
    /// prefix is unpredictable). The first two such letters are taken without a branch: a
    /// loop whose trip count varies node to node mispredicts its exit.
    #[inline(always)]
    fn arrive(
        &mut self,
        cell: usize,
        cursor: L::Cursor,
        used: u64,
        depth: usize,
        len: usize,
        key: u64,
    ) -> Frame<L::Cursor> {
        let hit = (len >= self.min_len) & self.lexicon.is_word(cursor);
        self.report
            .report(hit, len, key, &self.path[..=depth], &self.faces);
        let mut letters = self.lexicon.letters(cursor) & self.near_letters[cell];
        // `trailing_zeros` of no letters is 32: an empty `cells_of` entry.
        let mut todo = self.cells_of[letters.trailing_zeros() as usize];
        letters &= letters.wrapping_sub(1);
        todo |= self.cells_of[letters.trailing_zeros() as usize];
        letters &= letters.wrapping_sub(1);
        while letters != 0 {
            todo |= self.cells_of[letters.trailing_zeros() as usize];
            letters &= letters - 1;
        }
        todo &= self.around[cell] & !used;
        Frame {
            cursor,
            todo,
            used,
            len: len as u32,
            depth: depth as u32,
            key,
        }
    }
}

/// The words found so far on the current board.
#[derive(Debug)]
struct WordSeen {
    /// Open addressing, linear probing; 0 marks an empty slot.
    table: Vec<u64>,
    /// Slots in use, to clear them without sweeping the table.
    filled: Vec<usize>,
    /// Words too long to pack (more than [`WordSeen::MAX_PACKED`] letters).
    long: HashSet<Vec<u8>>,
}

impl Default for WordSeen {
    fn default() -> Self {
        WordSeen {
            table: vec![0; WordSeen::SMALL],
            filled: Vec::new(),
            long: HashSet::new(),
        }
    }
}

impl WordSeen {
    /// Longest word packed into a `u64` key; longer ones (rare on a board) go to `long`.
    const MAX_PACKED: usize = 12;

    /// `key` with `letter` (upper-case) appended: 5 bits a letter, `A` = 1. Past
    /// [`Self::MAX_PACKED`] letters the high ones fall off; such keys are never used.
    #[inline(always)]
    fn pack(key: u64, letter: u8) -> u64 {
        (key << 5) | u64::from(letter.wrapping_sub(b'@') & 31)
    }

    /// The number of letters packed in `key` (each letter's 5 bits are never all 0).
    #[inline]
    fn packed_len(key: u64) -> usize {
        (64 - key.leading_zeros() as usize).div_ceil(5)
    }

    /// Slots of a fresh table: enough for the hundred-odd words of a typical 4x4 board at
    /// most half full, and small enough (4 KB) to stay in the L1 cache beside the lexicon.
    const SMALL: usize = 512;

    /// Empties the set. A table grown for a rich board is dropped when the board just done
    /// used less than a quarter of it: a table larger than needed spreads the next board's
    /// words over more cache lines.
    fn clear(&mut self) {
        if self.table.len() > Self::SMALL && 4 * self.filled.len() < self.table.len() {
            self.table = vec![0; Self::SMALL];
        } else {
            for &i in &self.filled {
                self.table[i] = 0;
            }
        }
        self.filled.clear();
        self.long.clear();
    }

    /// Inserts `word` (upper-case ASCII letters); true when it was not there yet.
    fn insert(&mut self, word: &[u8]) -> bool {
        if word.len() > Self::MAX_PACKED || !word.iter().all(u8::is_ascii_uppercase) {
            return self.long.insert(word.to_vec());
        }
        let key = word.iter().fold(0u64, |k, &b| Self::pack(k, b));
        self.insert_packed(key)
    }

    /// Inserts a word of at most [`Self::MAX_PACKED`] upper-case letters packed 5 bits a
    /// letter (`A` = 1 .. `Z` = 26, first letter highest); true when it was not there yet.
    /// Letters are never 0, so distinct words (of any length) pack to distinct keys.
    #[inline]
    fn insert_packed(&mut self, key: u64) -> bool {
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
    fn slot(&self, key: u64) -> usize {
        let mask = self.table.len() - 1;
        let mut i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & mask;
        while self.table[i] != 0 && self.table[i] != key {
            i = (i + 1) & mask;
        }
        i
    }

    fn grow(&mut self) {
        let keys: Vec<u64> = self.filled.iter().map(|&i| self.table[i]).collect();
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
    use crate::score::OFFICIAL;
    use folio_core::lexicon::WordList;

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

    /// Boards with more hits than the tally's buffer holds (every path of an all-A board
    /// spells a word), and words longer than a packed key (a row of `Qu` faces).
    #[test]
    fn tally_counts_each_word_once() {
        use crate::score::SEED;
        let words: Vec<String> = (1..=9).map(|n| "A".repeat(n)).collect();
        let lex = WordList::new(words.iter().map(|w| w.as_bytes()));
        let b = Board::parse(&"a".repeat(9), None).unwrap();
        let t = Solver::new().tally(&lex, &b, &SEED.with_min_len(1));
        // A .. AAAAAAAAA, one point a letter: 1 + 2 + .. + 9.
        assert_eq!((t.words, t.points), (9, 45));

        let words = ["QUQUQUQUQUQUQU", "QUQUQUQUQUQU", "QUQUQUQU"];
        let lex = WordList::new(words.iter().map(|w| w.as_bytes()));
        let b = Board::parse("qqqqzzzqzzzqzzzq", None).unwrap();
        let t = Solver::new().tally(&lex, &b, &SEED.with_min_len(1));
        assert_eq!((t.words, t.points), (3, 14 + 12 + 8));
        assert_eq!(solve(&lex, &b, 13).len(), 1);
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
    use crate::board::Face;
    use folio_core::lexicon::WordList;
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
        /// traced, each with a valid path spelling it; `tally` (hits logged without a branch,
        /// de-duplicated in batches) counts those words and scores them by their lengths.
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
            let scoring = crate::score::OFFICIAL.with_min_len(min_len);
            let tally = Solver::new().tally(&lex, &board, &scoring);
            prop_assert_eq!(tally.words, found.len());
            let points: u32 = found.iter().map(|f| scoring.points(f.letters())).sum();
            prop_assert_eq!(tally.points, points);
        }
    }
}
