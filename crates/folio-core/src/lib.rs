//! Pure rules of the games folio knows: no I/O, no fst.
//!
//! The Scrabble-style engine is layered so a replay can use any level:
//!
//! - data: [`Tile`], [`TileSet`] (letter values and distributions), the premium
//!   [`LAYOUT`](premium::LAYOUT), [`Rules`] presets (`course`, `standard`, `wordbler`);
//! - positions: [`Square`] (0-based `(row, col)`), [`Position`] (`8H` across, `H8` down),
//!   [`Board`] (with a plain-text rendering);
//! - moves: [`Placement`] (course form or notation form), checked by [`check_board`] and
//!   [`Rules::evaluate`] into a scored [`Move`] (words formed with per-tile breakdown) or an
//!   [`Illegal`] verdict naming the broken rule; [`Board::apply`] puts a move down;
//! - games: [`Game`], a state machine with a seeded [`Bag`] ([`SplitMix64`]) and racks, where
//!   each [`Turn`] returns the new state or a typed [`GameError`];
//! - [`boggle`]: Boggle boards, cube sets, seeded rolls, scoring tables, the solver and rounds;
//! - [`quote`]: user text as messages and answers show it (escaped, never raw control bytes).
//!
//! Place HORN, then FARM through its R, under the course rules:
//!
//! ```
//! use folio_core::{Board, Dir, Placement, Rules, WordList};
//!
//! let words = WordList::new(["HORN", "FARM"]);
//! let rules = Rules::COURSE;
//! let mut board = Board::new();
//! for placement in [
//!     Placement::course("HORN", 7, 5, Dir::Across)?, // 0-based (row, col): 8F across
//!     Placement::parse("H6 FA.M")?,                   // notation form: FARM down through R
//! ] {
//!     let mv = rules.evaluate(&board, &placement, Some(&words))?;
//!     for w in &mv.words {
//!         println!("{placement}: {} at {} scores {}", w.text(), w.position, w.score);
//!     }
//!     board.apply(&mv);
//!     println!("move total {}", mv.score);
//! }
//! assert_eq!(board.tile_count(), 7);
//! print!("{board}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Words are checked through the [`Lexicon`] trait (membership and a prefix cursor), which
//! folio-lexicon implements over fst; [`WordList`] is an in-memory implementation for tests.
//!
//! `docs/rules.md` states every rule of each preset with its source.

pub mod bag;
pub mod board;
pub mod boggle;
pub mod coord;
pub mod game;
pub mod legality;
pub mod lexicon;
pub mod placement;
pub mod premium;
pub mod quote;
pub mod rng;
pub mod rules;
pub mod score;
pub mod tile;
pub mod tileset;
pub mod words;

pub use bag::{Bag, BagError};
pub use board::{Board, ScoredWord};
pub use coord::{CoordError, Dir, Position, Square};
pub use game::{EndReason, Game, GameEnd, GameError, Turn, TurnOutcome, TurnRecord};
pub use legality::{check_board, Illegal};
pub use lexicon::{Lexicon, WordList};
pub use placement::{Cell, NotationError, Placement};
pub use premium::Premium;
pub use rng::SplitMix64;
pub use rules::{EndRules, FailedPlay, FirstPlayer, OnFail, PremiumPolicy, Rules};
pub use score::{Move, MoveError, NO_LEXICON};
pub use tile::{BoardTile, Tile};
pub use tileset::TileSet;
pub use words::{words_formed, Word, WordTile};
