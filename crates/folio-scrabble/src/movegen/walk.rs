//! The Appel–Jacobson walk ("The World's Fastest Scrabble Program", CACM 31(5), 1988) on the
//! [`Lexicon`] prefix cursor, one row at a time.
//!
//! For each anchor (an empty square next to a tile) the walk either takes the tiles just left
//! of it as the fixed left part, or builds every left part from the rack on the empty
//! squares to its left that are not anchors themselves; then it extends right through the
//! anchor, placing rack tiles allowed by the cross-checks and reading through tiles on the
//! board, and records every whole word that ends before an empty square or the edge. A play
//! is found from the leftmost anchor it covers only, so it is found once per direction.
//! Plays of a single tile are left to [`single_tiles`], which finds each once, whichever way
//! it forms words.

use crate::board::Board;
use crate::coord::{Position, SIZE};
use crate::rules::Rules;
use crate::tile::{letter_code, letter_index, step_index, step_letter, BLANK, LETTERS, TILE_KINDS};
use folio_core::lexicon::Lexicon;

use super::grid::Grid;
use super::{Play, Rack};

/// Flag of a word square: the tile is placed by the play.
pub(crate) const NEW: u8 = 1;
/// Flag of a word square: the tile is a blank.
pub(crate) const BLANK_FLAG: u8 = 2;

/// Where plays go as they are found.
pub(crate) trait Sink {
    fn play(&mut self, play: Play);
    /// Whether a play of `score` points could be wanted: false lets the walk skip building
    /// it (the best-only search passes over plays below its best so far).
    #[inline]
    fn wants(&self, _score: u32) -> bool {
        true
    }
}

impl<F: FnMut(Play)> Sink for F {
    fn play(&mut self, play: Play) {
        self(play)
    }
}

/// The rack being spent, with the mask of its letters kept up to date.
struct Spend {
    counts: [u8; TILE_KINDS],
    /// Letters held (bit [`crate::Tile::index`]), blanks aside.
    letters: u64,
    /// The tile set's alphabet: what a blank may stand for.
    alphabet: u64,
    left: usize,
}

impl Spend {
    fn new(rack: &Rack, alphabet: u64) -> Spend {
        Spend {
            counts: *rack.counts(),
            letters: rack.letter_mask(0),
            alphabet,
            left: rack.len(),
        }
    }

    /// Letters a tile of the rack can be: the whole alphabet while a blank is held.
    #[inline]
    fn mask(&self) -> u64 {
        if self.counts[BLANK] > 0 {
            self.alphabet
        } else {
            self.letters
        }
    }

    #[inline]
    fn take(&mut self, i: usize) {
        self.counts[i] -= 1;
        self.left -= 1;
        if i < LETTERS && self.counts[i] == 0 {
            self.letters &= !(1 << i);
        }
    }

    #[inline]
    fn put(&mut self, i: usize) {
        self.counts[i] += 1;
        self.left += 1;
        if i < LETTERS {
            self.letters |= 1 << i;
        }
    }
}

/// The letters worth trying after `cur`: the lexicon's `A`–`Z` mask (a superset) plus the
/// alphabet's letters beyond `A`–`Z`, which the lexicon's mask does not cover (their steps
/// decide).
#[inline]
pub(crate) fn next_letters<L: Lexicon + ?Sized>(lex: &L, cur: L::Cursor, beyond: u64) -> u64 {
    u64::from(lex.letters(cur)) | beyond
}

/// Walks every row of one grid.
pub(crate) struct Walker<'a, L: Lexicon + ?Sized, S> {
    lex: &'a L,
    rules: &'a Rules,
    board: &'a Board,
    grid: &'a Grid,
    rack: Spend,
    sink: &'a mut S,
    row: usize,
    anchor: usize,
    start: usize,
    word: [(u8, u8); SIZE],
    check_repeats: bool,
    /// The alphabet's letters beyond `A`–`Z` (German `Ä`, `Ö`, `Ü`); 0 for English.
    beyond: u64,
    /// Tile values by letter code.
    values: [u8; 256],
}

impl<'a, L: Lexicon + ?Sized, S: Sink> Walker<'a, L, S> {
    pub fn new(
        lex: &'a L,
        rules: &'a Rules,
        board: &'a Board,
        grid: &'a Grid,
        rack: &Rack,
        sink: &'a mut S,
    ) -> Self {
        Walker {
            lex,
            rules,
            board,
            grid,
            rack: Spend::new(rack, rules.tile_set.letter_mask()),
            sink,
            row: 0,
            anchor: 0,
            start: 0,
            word: [(0, 0); SIZE],
            check_repeats: !rules.rescore_repeated_words && !board.scored_words().is_empty(),
            beyond: rules.tile_set.letter_mask() & !crate::tile::A_TO_Z,
            values: rules.tile_set.value_table(),
        }
    }

    /// Every play of two or more tiles along this grid's rows.
    pub fn run(&mut self) {
        if self.rack.left < 2 {
            return;
        }
        for row in 0..SIZE {
            self.row = row;
            let mut free = 0; // empty non-anchor squares just left of `col`
            for col in 0..SIZE {
                if self.grid.letter[row][col] != 0 {
                    free = 0;
                    continue;
                }
                if !self.grid.anchor[row][col] {
                    free += 1;
                    continue;
                }
                self.anchor = col;
                if col > 0 && self.grid.letter[row][col - 1] != 0 {
                    self.fixed_left_part();
                } else {
                    let limit = free.min(self.rack.left - 1);
                    self.left_part(self.lex.root(), 0, limit);
                }
                free = 0;
            }
        }
    }

    /// The tiles just left of the anchor are the left part.
    fn fixed_left_part(&mut self) {
        let row = self.row;
        let mut start = self.anchor;
        while start > 0 && self.grid.letter[row][start - 1] != 0 {
            start -= 1;
        }
        let mut cur = self.lex.root();
        for col in start..self.anchor {
            let l = self.grid.letter[row][col];
            match step_letter(self.lex, cur, l) {
                Some(next) => cur = next,
                None => return,
            }
            self.word[col - start] = (
                l,
                if self.grid.blank[row][col] {
                    BLANK_FLAG
                } else {
                    0
                },
            );
        }
        self.start = start;
        self.extend(cur, self.anchor, self.anchor - start, 0);
    }

    /// Left parts of `k` rack tiles ending just left of the anchor, up to `limit` tiles.
    fn left_part(&mut self, cur: L::Cursor, k: usize, limit: usize) {
        self.start = self.anchor - k;
        self.extend(cur, self.anchor, k, k);
        if k >= limit {
            return;
        }
        let mut bits = self.rack.mask() & next_letters(self.lex, cur, self.beyond);
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (letter, next) = step_index(self.lex, cur, i);
            let Some(next) = next else {
                continue;
            };
            for (tile, flags) in [(i, NEW), (BLANK, NEW | BLANK_FLAG)] {
                if self.rack.counts[tile] == 0 {
                    continue;
                }
                self.rack.take(tile);
                self.word[k] = (letter, flags);
                self.left_part(next, k + 1, limit);
                self.rack.put(tile);
            }
        }
    }

    /// Extends the word (`idx` squares so far, `placed` of them new) right from `col`.
    fn extend(&mut self, cur: L::Cursor, col: usize, idx: usize, placed: usize) {
        let row = self.row;
        if col < SIZE && self.grid.letter[row][col] != 0 {
            let l = self.grid.letter[row][col];
            if let Some(next) = step_letter(self.lex, cur, l) {
                self.word[idx] = (
                    l,
                    if self.grid.blank[row][col] {
                        BLANK_FLAG
                    } else {
                        0
                    },
                );
                self.extend(next, col + 1, idx + 1, placed);
            }
            return;
        }
        if col > self.anchor && placed >= 2 && self.lex.is_word(cur) {
            self.record(idx, placed);
        }
        if col == SIZE || self.rack.left == 0 {
            return;
        }
        let mut bits =
            self.grid.cross[row][col] & self.rack.mask() & next_letters(self.lex, cur, self.beyond);
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (letter, next) = step_index(self.lex, cur, i);
            let Some(next) = next else {
                continue;
            };
            for (tile, flags) in [(i, NEW), (BLANK, NEW | BLANK_FLAG)] {
                if self.rack.counts[tile] == 0 {
                    continue;
                }
                self.rack.take(tile);
                self.word[idx] = (letter, flags);
                self.extend(next, col + 1, idx + 1, placed + 1);
                self.rack.put(tile);
            }
        }
    }

    /// Scores the word `self.word[..len]` from `self.start` and hands the play to the sink.
    fn record(&mut self, len: usize, placed: usize) {
        let (row, g) = (self.row, self.grid);
        let values = &self.values;
        let (mut main_sum, mut main_wf, mut crosses) = (0u32, 1u32, 0u32);
        for (i, &(letter, flags)) in self.word[..len].iter().enumerate() {
            let col = self.start + i;
            let value = if flags & BLANK_FLAG != 0 {
                0
            } else {
                u32::from(values[usize::from(letter)])
            };
            let (lf, wf) = (u32::from(g.lf[row][col]), u32::from(g.wf[row][col]));
            main_sum += value * lf;
            main_wf *= wf;
            if flags & NEW != 0
                && g.has_cross[row][col]
                && g.cross_repeat[row][col] & 1 << letter_index(letter).unwrap_or(63) == 0
            {
                crosses += (g.cross_sum[row][col] + value * lf) * g.cross_wf[row][col] * wf;
            }
        }
        let position = Position {
            square: g.square(row, self.start),
            dir: g.dir,
        };
        let mut main = main_sum * main_wf;
        if self.check_repeats && main > 0 && g.scored_start[row][self.start] {
            let text: String = self.word[..len]
                .iter()
                .map(|&(l, _)| char::from(l))
                .collect();
            if self.board.was_scored(position, &text) {
                main = 0;
            }
        }
        let bingo = if placed == self.rules.rack_size {
            self.rules.bingo_bonus
        } else {
            0
        };
        let score = main + crosses + bingo;
        if self.sink.wants(score) {
            self.sink
                .play(Play::new(position, &self.word[..len], score));
        }
    }
}

/// Every play of exactly one tile: each empty square next to a tile, each rack letter (and
/// each letter a blank may stand for) that both cross-checks allow. Written across when it
/// forms an across word, else down.
pub(crate) fn single_tiles<S: Sink>(
    rules: &Rules,
    across: &Grid,
    down: &Grid,
    rack: &Rack,
    sink: &mut S,
) {
    if rack.is_empty() {
        return;
    }
    let values = rules.tile_set.value_table();
    let held = rack.letter_mask(rules.tile_set.letter_mask());
    let bingo = if rules.rack_size == 1 {
        rules.bingo_bonus
    } else {
        0
    };
    for r in 0..SIZE {
        for c in 0..SIZE {
            // `across` checks the down word through (r, c); `down` (transposed) the across word.
            if !across.anchor[r][c] {
                continue;
            }
            let (has_down, has_across) = (across.has_cross[r][c], down.has_cross[c][r]);
            if !has_down && !has_across {
                continue; // the centre of an empty board: a lone tile is no word
            }
            let allowed = across.cross[r][c] & down.cross[c][r] & held;
            let (lf, wf) = (u32::from(across.lf[r][c]), u32::from(across.wf[r][c]));
            let mut bits = allowed;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let letter = letter_code(i);
                for (tile, blank) in [(i, false), (BLANK, true)] {
                    if rack.counts()[tile] == 0 {
                        continue;
                    }
                    let value = if blank {
                        0
                    } else {
                        u32::from(values[usize::from(letter)])
                    };
                    let word_score = |g: &Grid, r: usize, c: usize| {
                        if g.has_cross[r][c] && g.cross_repeat[r][c] & 1 << i == 0 {
                            (g.cross_sum[r][c] + value * lf) * g.cross_wf[r][c] * wf
                        } else {
                            0
                        }
                    };
                    let score = word_score(across, r, c) + word_score(down, c, r) + bingo;
                    if !sink.wants(score) {
                        continue;
                    }
                    let flags = NEW | if blank { BLANK_FLAG } else { 0 };
                    // Written along the across word if there is one, else down: in the grid
                    // whose perpendicular is that direction, the word is column `gc`'s run.
                    let (g, gr, gc) = if has_across {
                        (down, c, r)
                    } else {
                        (across, r, c)
                    };
                    let mut top = gr;
                    while top > 0 && g.letter[top - 1][gc] != 0 {
                        top -= 1;
                    }
                    let mut word = [(0u8, 0u8); SIZE];
                    let mut len = 0;
                    let mut rr = top;
                    while rr < SIZE && (rr == gr || g.letter[rr][gc] != 0) {
                        word[len] = if rr == gr {
                            (letter, flags)
                        } else {
                            (
                                g.letter[rr][gc],
                                if g.blank[rr][gc] { BLANK_FLAG } else { 0 },
                            )
                        };
                        len += 1;
                        rr += 1;
                    }
                    let position = Position {
                        square: g.square(top, gc),
                        dir: g.dir.cross(),
                    };
                    sink.play(Play::new(position, &word[..len], score));
                }
            }
        }
    }
}
