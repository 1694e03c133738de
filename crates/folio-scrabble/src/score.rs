//! Scoring: a placement on a board, under a rule set, becomes a scored [`Move`] or the
//! [`Illegal`] verdict naming the broken rule.
//!
//! This is the stateless entry point a replay drives: `board + placement + rules + optional
//! lexicon -> Move`, then [`Board::apply`]. `None` for the lexicon skips the word check
//! (records whose lexicon is not available).

use crate::board::Board;
use crate::coord::Square;
use crate::legality::{check_board, Illegal};
use crate::placement::{NotationError, Placement};
use crate::premium::{premium_at, Premium};
use crate::rules::{PremiumPolicy, Rules};
use crate::tile::Tile;
use crate::words::{words_formed, FormedWord, Word, WordTile};
use folio_core::lexicon::{Lexicon, WordList};

/// "No lexicon": pass as the lexicon argument to skip the word check.
pub const NO_LEXICON: Option<&WordList> = None;

pub use crate::play::Move;

/// A notation-form play that does not parse or is illegal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a placement.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The placement breaks a rule.
    #[error(transparent)]
    Illegal(#[from] Illegal),
}

impl Rules {
    /// Checks `placement` on `board` and scores it. Board rules are checked first, then (if
    /// `lexicon` is `Some`) every word formed; the first broken rule is the error.
    ///
    /// ```
    /// use folio_scrabble::{Board, Placement, Rules, NO_LEXICON};
    /// let mut board = Board::new();
    /// let horn = Rules::STANDARD.evaluate(&board, &Placement::parse("8F HORN").unwrap(), NO_LEXICON).unwrap();
    /// assert_eq!(horn.score, 14);
    /// board.apply(&horn);
    /// ```
    pub fn evaluate<L: Lexicon + ?Sized>(
        &self,
        board: &Board,
        placement: &Placement,
        lexicon: Option<&L>,
    ) -> Result<Move, Illegal> {
        let new_tiles = check_board(board, placement)?;
        let alphabet = self.tile_set.letter_mask();
        for &(square, tile) in &new_tiles {
            let known =
                crate::tile::letter_index(tile.letter).is_some_and(|i| alphabet >> i & 1 == 1);
            if !known {
                return Err(Illegal::NoSuchLetter {
                    square,
                    letter: tile.letter,
                    set: self.tile_set.name,
                });
            }
        }
        let formed = words_formed(board, placement.dir, &new_tiles);
        if let Some(lex) = lexicon {
            if let Some(w) = formed.iter().find(|w| !lex.contains(w.text().as_bytes())) {
                return Err(Illegal::UnknownWord {
                    word: w.text(),
                    position: w.position,
                });
            }
        }
        let words: Vec<Word> = formed.iter().map(|w| self.score_word(board, w)).collect();
        let bingo = if new_tiles.len() == self.rack_size {
            self.bingo_bonus
        } else {
            0
        };
        let score = words.iter().map(|w| w.score).sum::<u32>() + bingo;
        Ok(Move {
            placement: placement.clone(),
            new_tiles,
            words,
            bingo,
            score,
        })
    }

    /// Parses a notation-form play (`"8F HORN"`, `"H6 FA.M"`) and evaluates it.
    pub fn evaluate_notation<L: Lexicon + ?Sized>(
        &self,
        board: &Board,
        notation: &str,
        lexicon: Option<&L>,
    ) -> Result<Move, MoveError> {
        let placement = Placement::parse(notation)?;
        Ok(self.evaluate(board, &placement, lexicon)?)
    }

    /// The premium that applies on `square` for a word formed on `board` (before this move).
    pub(crate) fn premium_for(&self, board: &Board, square: Square, new: bool) -> Premium {
        let applies = match self.premiums {
            PremiumPolicy::NewTilesOnly => new,
            PremiumPolicy::EveryCover {
                centre_first_move_only,
            } => !(centre_first_move_only && square == Square::CENTRE && !board.is_empty()),
            PremiumPolicy::UntilUsed => !board.premium_used(square),
        };
        if applies {
            premium_at(square)
        } else {
            Premium::None
        }
    }

    /// Scores one formed word on `board` (the position before the move).
    fn score_word(&self, board: &Board, w: &FormedWord) -> Word {
        let tiles: Vec<WordTile> = w
            .tiles
            .iter()
            .map(|&(square, tile, new)| {
                let p = self.premium_for(board, square, new);
                WordTile {
                    square,
                    tile,
                    new,
                    value: if tile.blank {
                        0
                    } else {
                        self.tile_set.value(Tile::Letter(tile.letter))
                    },
                    letter_factor: p.letter_factor(),
                    word_factor: p.word_factor(),
                }
            })
            .collect();
        let mut word = Word {
            position: w.position,
            tiles,
            main: w.main,
            repeat: false,
            score: 0,
        };
        word.repeat = !self.rescore_repeated_words && board.was_scored(w.position, &word.text());
        word.score = if word.repeat {
            0
        } else {
            word.computed_score()
        };
        word
    }
}
