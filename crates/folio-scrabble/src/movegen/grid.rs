//! One orientation of a position, read along its rows: tiles, anchors, per-square premium
//! factors as the rule set applies them, and cross-checks.
//!
//! The generator walks rows only; columns are walked as the rows of the transposed grid, so
//! every per-direction table here is built twice (across and down), from the same [`Board`].
//!
//! A **cross-check** of an empty square is the set of letters that may go there as far as the
//! perpendicular word is concerned: the tiles just above and below, with the letter between,
//! must spell a word of the lexicon. It is a letter mask (bit [`crate::Tile::index`]: `A` = bit
//! 0, `Ä` = bit 30), all bits set when the
//! square has no perpendicular neighbour. Beside it the grid keeps what scoring that
//! perpendicular word needs without building it: the old tiles' points, their word factor,
//! and (Wordbler) the letters for which the word would repeat one already scored there.

use crate::board::Board;
use crate::coord::{Dir, Position, Square, SIZE};
use crate::rules::Rules;
use crate::tile::{letter_code, step_index, step_letter, A_TO_Z};
use folio_core::lexicon::Lexicon;

/// One orientation of the board, rows along `dir`.
pub(crate) struct Grid {
    /// `Dir::Across`: `cells[r][c]` is the board's `(r, c)`; `Dir::Down`: the board's `(c, r)`.
    pub dir: Dir,
    /// Letter code, 0 when empty.
    pub letter: [[u8; SIZE]; SIZE],
    /// A tile on the square is a blank (scores 0).
    pub blank: [[bool; SIZE]; SIZE],
    /// Empty square adjacent to a tile (or the centre of an empty board).
    pub anchor: [[bool; SIZE]; SIZE],
    /// Letter factor applied to whatever tile is (or would be placed) on the square.
    pub lf: [[u8; SIZE]; SIZE],
    /// Word factor likewise.
    pub wf: [[u8; SIZE]; SIZE],
    /// Cross-check mask of an empty square.
    pub cross: [[u64; SIZE]; SIZE],
    /// The empty square has a perpendicular neighbour: a tile there forms a cross-word.
    pub has_cross: [[bool; SIZE]; SIZE],
    /// Points of the cross-word's old tiles (values x letter factors).
    pub cross_sum: [[u32; SIZE]; SIZE],
    /// Product of the cross-word's old tiles' word factors.
    pub cross_wf: [[u32; SIZE]; SIZE],
    /// Letters for which the cross-word was already scored at its position (Wordbler: 0).
    pub cross_repeat: [[u64; SIZE]; SIZE],
    /// A word was scored starting on this cell along the rows (Wordbler: a main word
    /// starting here may be a repeat; elsewhere it cannot be).
    pub scored_start: [[bool; SIZE]; SIZE],
}

impl Grid {
    /// The board read along `dir`, cross-checked against `lexicon`.
    pub fn new<L: Lexicon + ?Sized>(rules: &Rules, board: &Board, lexicon: &L, dir: Dir) -> Grid {
        let mut g = Grid {
            dir,
            letter: [[0; SIZE]; SIZE],
            blank: [[false; SIZE]; SIZE],
            anchor: [[false; SIZE]; SIZE],
            lf: [[1; SIZE]; SIZE],
            wf: [[1; SIZE]; SIZE],
            cross: [[u64::MAX; SIZE]; SIZE],
            has_cross: [[false; SIZE]; SIZE],
            cross_sum: [[0; SIZE]; SIZE],
            cross_wf: [[1; SIZE]; SIZE],
            cross_repeat: [[0; SIZE]; SIZE],
            scored_start: [[false; SIZE]; SIZE],
        };
        // Starts of scored words, by direction (`[across, down]`, board coordinates).
        let mut starts = [[[false; SIZE]; SIZE]; 2];
        if !rules.rescore_repeated_words {
            for w in board.scored_words() {
                let (r, c) = (
                    usize::from(w.position.square.row),
                    usize::from(w.position.square.col),
                );
                starts[usize::from(w.position.dir == Dir::Down)][r][c] = true;
            }
        }
        for r in 0..SIZE {
            for c in 0..SIZE {
                let sq = g.square(r, c);
                if let Some(t) = board.get(sq) {
                    g.letter[r][c] = t.letter;
                    g.blank[r][c] = t.blank;
                }
                let (lf, wf) = factors(rules, board, sq, board.get(sq).is_none());
                g.scored_start[r][c] =
                    starts[usize::from(dir == Dir::Down)][usize::from(sq.row)][usize::from(sq.col)];
                g.lf[r][c] = lf;
                g.wf[r][c] = wf;
            }
        }
        let empty_board = board.is_empty();
        let beyond = rules.tile_set.letter_mask() & !A_TO_Z;
        let values = rules.tile_set.value_table();
        for r in 0..SIZE {
            for c in 0..SIZE {
                if g.letter[r][c] != 0 {
                    continue;
                }
                g.anchor[r][c] = if empty_board {
                    g.square(r, c) == Square::CENTRE
                } else {
                    g.occupied(r as i32 - 1, c as i32)
                        || g.occupied(r as i32 + 1, c as i32)
                        || g.occupied(r as i32, c as i32 - 1)
                        || g.occupied(r as i32, c as i32 + 1)
                };
                g.cross_check(&values, beyond, board, lexicon, r, c, &starts);
            }
        }
        g
    }

    /// The board square of grid cell `(r, c)`.
    pub fn square(&self, r: usize, c: usize) -> Square {
        let (row, col) = match self.dir {
            Dir::Across => (r, c),
            Dir::Down => (c, r),
        };
        Square {
            row: row as u8,
            col: col as u8,
        }
    }

    fn occupied(&self, r: i32, c: i32) -> bool {
        (0..SIZE as i32).contains(&r)
            && (0..SIZE as i32).contains(&c)
            && self.letter[r as usize][c as usize] != 0
    }

    /// Fills the cross-check tables of empty cell `(r, c)` from the tiles above and below
    /// (`values`: tile values by letter code; `beyond`: the alphabet's letters past `Z`).
    #[allow(clippy::too_many_arguments)]
    fn cross_check<L: Lexicon + ?Sized>(
        &mut self,
        values: &[u8; 256],
        beyond: u64,
        board: &Board,
        lexicon: &L,
        r: usize,
        c: usize,
        starts: &[[[bool; SIZE]; SIZE]; 2],
    ) {
        let mut top = r;
        while top > 0 && self.letter[top - 1][c] != 0 {
            top -= 1;
        }
        let mut bottom = r;
        while bottom + 1 < SIZE && self.letter[bottom + 1][c] != 0 {
            bottom += 1;
        }
        if top == r && bottom == r {
            return;
        }
        self.has_cross[r][c] = true;
        let (mut sum, mut wf) = (0, 1);
        for rr in (top..=bottom).filter(|&rr| rr != r) {
            if !self.blank[rr][c] {
                sum +=
                    u32::from(values[usize::from(self.letter[rr][c])]) * u32::from(self.lf[rr][c]);
            }
            wf *= u32::from(self.wf[rr][c]);
        }
        self.cross_sum[r][c] = sum;
        self.cross_wf[r][c] = wf;
        let mut mask = 0;
        if let Some(above) = (top..r).try_fold(lexicon.root(), |cur, rr| {
            step_letter(lexicon, cur, self.letter[rr][c])
        }) {
            let mut bits = u64::from(lexicon.letters(above)) | beyond;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let fits = step_index(lexicon, above, i)
                    .1
                    .and_then(|cur| {
                        (r + 1..=bottom)
                            .try_fold(cur, |cur, rr| step_letter(lexicon, cur, self.letter[rr][c]))
                    })
                    .is_some_and(|cur| lexicon.is_word(cur));
                if fits {
                    mask |= 1 << i;
                }
            }
        }
        self.cross[r][c] = mask;
        let position = Position {
            square: self.square(top, c),
            dir: self.dir.cross(),
        };
        let (sr, sc) = (
            usize::from(position.square.row),
            usize::from(position.square.col),
        );
        if starts[usize::from(position.dir == Dir::Down)][sr][sc] {
            let mut text: Vec<char> = (top..=bottom)
                .map(|rr| char::from(self.letter[rr][c]))
                .collect();
            let mut bits = mask;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                text[r - top] = char::from(letter_code(i));
                let word: String = text.iter().collect();
                if board.was_scored(position, &word) {
                    self.cross_repeat[r][c] |= 1 << i;
                }
            }
        }
    }
}

/// The letter and word factors a word formed this move gets on `square`: the rule set's own
/// judgement (`Rules::premium_for`, the one `Rules::evaluate` uses).
fn factors(rules: &Rules, board: &Board, square: Square, new: bool) -> (u8, u8) {
    let p = rules.premium_for(board, square, new);
    (p.letter_factor() as u8, p.word_factor() as u8)
}
