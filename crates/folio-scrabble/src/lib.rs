//! The crossword game ("book scrabble"): rules, games, scripts, replay and reports.
//!
//! One crate owns the game whole, layered so a replay can use any level:
//!
//! - data: [`Tile`], [`TileSet`] (letter values and distributions), the premium
//!   [`LAYOUT`](premium::LAYOUT), [`Rules`] presets (`course`, `standard`, `wordbler`);
//! - positions: [`Square`] (0-based `(row, col)`), [`Position`] (`8H` across, `H8` down),
//!   [`Board`] (with a plain-text rendering);
//! - moves: [`Placement`] (course form or notation form), checked by [`check_board`] and
//!   [`Rules::evaluate`] into a scored [`Move`] (words formed with per-tile breakdown) or an
//!   [`Illegal`] verdict naming the broken rule; [`Board::apply`] puts a move down;
//! - games: [`Game`], a state machine with a seeded [`Bag`] and racks, where each [`Turn`]
//!   returns the new state or a typed [`GameError`]; [`end`] and [`turn`] judge the end of a
//!   game, its rack adjustments and whose turn follows, once, for `Game` and the replay alike;
//! - scripts: [`gcg`] parses GCG records and folio scripts into a plain [`Script`];
//!   [`replay`] drives the rules through every event and collects [`Finding`]s; [`report`]
//!   is the report (text transcript and JSON), [`mod@write`] writes a record back as GCG;
//!   [`Scrabble`] is the game `folio play` dispatches to.
//!
//! Place HORN, then FARM through its R, under the course rules:
//!
//! ```
//! use folio_core::WordList;
//! use folio_scrabble::{Board, Dir, Placement, Rules};
//!
//! let words = WordList::new(["HORN", "FARM"]);
//! let rules = Rules::COURSE;
//! let mut board = Board::new();
//! for placement in [
//!     Placement::course("HORN", 7, 5, Dir::Across)?, // 0-based (row, col): 8F across
//!     Placement::parse("H6 FA.M")?,                   // notation form: FARM down through R
//! ] {
//!     let mv = rules.evaluate(&board, &placement, Some(&words))?;
//!     board.apply(&mv);
//!     println!("{placement}: move total {}", mv.score);
//! }
//! assert_eq!(board.tile_count(), 7);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Replay a record:
//!
//! ```
//! let text = b"#player1 Joel Joel\n#player2 Ann Ann\n>Joel: DROWNUG 8G WOUND +18 18\n>Ann: - +0 0\n";
//! let script = folio_scrabble::parse(text, "game.gcg").unwrap();
//! let no_words: Option<&folio_core::WordList> = None; // words unchecked
//! let report = folio_scrabble::replay::replay(&script, no_words, &Default::default());
//! assert_eq!(report.turns[0].points, 18); // (4+1+1+1+2) x 2: O on the centre star
//! assert!(report.is_valid());
//! ```
//!
//! `docs/rules.md` states every rule of each preset with its source; `docs/formats.md` the
//! script format and the report.

#![deny(missing_docs)]

pub mod bag;
pub mod board;
pub mod coord;
pub mod end;
pub mod findings;
pub mod game;
pub mod gcg;
pub mod illegal;
pub mod legality;
pub mod movegen;
pub mod parse_error;
pub mod placement;
pub mod play;
pub mod premium;
pub mod replay;
pub mod report;
pub mod rules;
pub mod score;
pub mod script;
mod scripted;
pub mod tile;
pub mod tileset;
pub mod turn;
pub mod words;
pub mod write;

pub use bag::{Bag, BagError};
pub use board::{Board, ScoredWord};
pub use coord::{CoordError, Dir, Position, Square};
pub use end::EndReason;
pub use findings::{Finding, Rule};
pub use folio_core::{Lexicon, WordList};
pub use game::{Game, GameEnd, GameError, Turn, TurnOutcome, TurnRecord};
pub use gcg::{parse, ParseError, ParseErrorKind, ParseErrors};
pub use legality::{check_board, Illegal};
pub use placement::{Cell, NotationError, Placement};
pub use premium::Premium;
pub use report::Report;
pub use rules::{EndRules, FailedPlay, FirstPlayer, OnFail, PremiumPolicy, Rules};
pub use score::{Move, MoveError, NO_LEXICON};
pub use script::Script;
pub use scripted::Scrabble;
pub use tile::{BoardTile, Tile};
pub use tileset::TileSet;
pub use words::{words_formed, Word, WordTile};
