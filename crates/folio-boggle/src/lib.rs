//! Boggle: boards, cube sets, seeded rolls, scoring tables, the solver, rounds and round
//! scripts ([`script`], with the [`Boggle`] game `folio play` dispatches to).
//!
//! - [`board`]: [`Board`] of [`Face`]s (any shape from 2x2 up to 64 cells), parsed from board
//!   strings and rendered back.
//! - [`dice`]: the cube sets of the Boggle editions, as data ([`CubeSet`]).
//! - [`roll()`]: a documented, portable seeded roll (the bag's [`SplitMix64`](folio_core::rng::SplitMix64)).
//! - [`score`]: the `official` and `seed` scoring tables ([`Scoring`]).
//! - [`solve()`] / [`Solver`]: every lexicon word on a board, by prefix-cursor DFS.
//! - [`trace`]: whether one given word can be traced ([`Board::trace`]).
//! - [`round`]: players' words checked with typed reasons, shared words cancelled.
//!
//! ```
//! use folio_boggle::{Board, Solver, OFFICIAL};
//! use folio_core::WordList;
//! let lexicon = WordList::new(["PERT", "PERTS", "SLAT"]);
//! let board = Board::parse("perslatgsineters", None).unwrap();
//! let t = Solver::new().tally(&lexicon, &board, &OFFICIAL);
//! assert_eq!((t.words, t.points), (3, 4)); // PERT 1, PERTS 2, SLAT 1
//! ```

#![deny(missing_docs)]

pub mod board;
pub mod dice;
pub mod roll;
pub mod round;
pub mod score;
pub mod solve;
pub mod trace;

pub use board::{Board, BoardError, Face};
pub use dice::{CubeError, CubeSet};
pub use roll::roll;
pub use round::{Checked, PlayerResult, Rejection, Round, RoundResult, Verdict};
pub use score::{MinLen, Points, Scoring, OFFICIAL, SEED};
pub use solve::{solve, Found, Solver, Tally};
pub mod script;

pub use script::Boggle;
