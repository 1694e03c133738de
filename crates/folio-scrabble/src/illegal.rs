//! [`Illegal`]: why a placement breaks a board rule (or, with a lexicon, forms an unknown
//! word): one rule, named, with the squares involved. Below the board and the placement, so
//! both can return it.

use crate::coord::{Position, Square};
use crate::tile::BoardTile;

/// Why a placement is illegal: exactly one rule, named, with the squares involved.
///
/// Serializes (serde) as `{"rule": "Overwrite", "square": "F10", ...}`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[serde(tag = "rule")]
pub enum Illegal {
    /// A square of the placement lies outside the 15x15 board (0-based row/col given).
    /// The message counts rows and columns from 1, as the board's labels do (row 8, column
    /// 16 is just right of O8); the fields stay 0-based.
    #[error(
        "the placement leaves the board at row {}, column {} (rows and columns counted from 1)",
        i64::from(*.row) + 1,
        i64::from(*.col) + 1
    )]
    OffBoard {
        /// 0-based row of the first square off the board.
        row: i32,
        /// 0-based column of that square.
        col: i32,
    },
    /// Loose tiles do not share one row or one column.
    #[error("the tiles are not in one row or one column")]
    NotInLine,
    /// Nothing new is put on the board.
    #[error("the placement puts no new tile on the board")]
    NoNewTile,
    /// A square inside the word is empty but the placement expected a tile there.
    #[error("{square} is empty: the word would have a gap")]
    Gap {
        /// The empty square.
        square: Square,
    },
    /// A tile would cover a different letter already on the board.
    #[error("{square} already holds {existing}; {placed} cannot go there")]
    Overwrite {
        /// The occupied square.
        square: Square,
        /// The tile on the board.
        existing: BoardTile,
        /// The tile the placement puts there.
        placed: BoardTile,
    },
    /// The placement names a played-through letter the board does not have (`FA(X)M` over R).
    #[error("{square} holds {existing}, not {}", char::from(*written))]
    WrongThrough {
        /// The occupied square.
        square: Square,
        /// The tile on the board.
        existing: BoardTile,
        /// The letter the placement names.
        #[serde(serialize_with = "serialize_letter")]
        written: u8,
    },
    /// The first move of the game does not cover the centre star `H8`.
    #[error("the first move must cover the centre square H8")]
    FirstMoveMissesCentre,
    /// The first move forms no word of two or more letters (a single tile).
    #[error("the first move must form a word of at least two letters")]
    SingleLetter,
    /// A later move neither touches nor plays through any tile already on the board.
    #[error("the move does not touch any tile already on the board")]
    NotConnected,
    /// A new tile shows a letter the rule set's tile set has no tile of (`É` with English
    /// tiles, `Ä` with French ones): no lettered tile shows it, and a blank stands only for
    /// a letter of the set's alphabet.
    #[error("{square}: the {set} tile set has no {} tile, and a blank stands only for its letters", char::from(*letter))]
    NoSuchLetter {
        /// The square of the tile.
        square: Square,
        /// The letter shown.
        #[serde(serialize_with = "serialize_letter")]
        letter: u8,
        /// The tile set's name.
        set: &'static str,
    },
    /// A word formed is not in the lexicon.
    #[error("{word} (at {position}) is not in the word list")]
    UnknownWord {
        /// The word, upper case.
        word: String,
        /// Where it starts and which way it reads.
        position: Position,
    },
}

fn serialize_letter<S: serde::Serializer>(b: &u8, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&char::from(*b))
}

folio_core::rule_codes! {
    impl Illegal {
        /// The stable code of the broken rule (the `rule` field of JSON findings).
        pub fn code;
        codes {
            Illegal::OffBoard { .. } => "off-board",
            Illegal::NotInLine => "not-in-line",
            Illegal::NoNewTile => "no-new-tile",
            Illegal::Gap { .. } => "gap",
            Illegal::Overwrite { .. } => "overwrite",
            Illegal::WrongThrough { .. } => "wrong-through",
            Illegal::FirstMoveMissesCentre => "first-move-misses-centre",
            Illegal::SingleLetter => "single-letter",
            Illegal::NotConnected => "not-connected",
            Illegal::UnknownWord { .. } => "unknown-word",
            Illegal::NoSuchLetter { .. } => "no-such-letter",
        }
    }
}
