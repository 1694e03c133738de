//! KenKen (Calcudoku, Simon Tatham's Keen): an N×N grid becomes a Latin square on `1..=N`
//! while each cage's digits reach its target with its operation (+ − × ÷, or `=` for a given).
//!
//! This crate reads and writes puzzles (Keen game IDs, folio's text format, JSON, and two
//! third-party text formats), checks filled grids, solves and counts solutions (proving
//! uniqueness), grades on Keen's difficulty ladder, generates unique puzzles from a seed, and
//! replays scripted solving sessions. It does no I/O: callers pass text.
//!
//! ```
//! use folio_kenken::{grade, parse_keen_id, Difficulty, Grade, Solver};
//!
//! let id = parse_keen_id("4dn:a_4a_a_a__aaba,m48d2s1a6s1m4d2")?;
//! let found = Solver::new(&id.puzzle).count(2);
//! assert!(found.is_unique());
//! assert_eq!(grade(&id.puzzle), Grade::Unique(Difficulty::Normal));
//! assert_eq!(id.to_string(), "4dn:a_4a_a_a__aaba,m48d2s1a6s1m4d2");
//! # Ok::<(), folio_kenken::ParseError>(())
//! ```
//!
//! Rules, formats and sources: `docs/kenken.md` in the repository, and
//! `../shared/docs/kenken.md`.

mod check;
mod codes;
mod error;
mod formats;
mod generate;
mod grade;
mod grid;
mod json;
mod keen;
mod layouts;
mod puzzle;
mod script;
mod scripted;
mod show;
mod solver;
mod text;
mod verbatim;

pub use check::{check, digit_char, digit_value, parse_grid, Violation};
pub use codes::code;
pub use error::{ParseError, ParseErrorKind, PuzzleError};
pub use formats::{parse_puzzles, Entry, Format, MAX_PUZZLES};
pub use generate::{generate, GenerateError, Generated, GENERATE_SIZES};
pub use grade::{deduce, grade, grade_within, Difficulty, Grade};
pub use json::{parse_json, to_json, JsonEntry};
pub use keen::{parse_keen_id, KeenId};
pub use puzzle::{Cage, Op, Pos, Puzzle, MAX_SIZE, MIN_SIZE};
pub use scripted::KenKen;
pub use show::render;
pub use solver::{count_latin_squares, Solutions, Solver};
pub use text::{parse_text, to_text};
pub use verbatim::{parse_kk, parse_symbol_grid, Titled};

/// Scripted solving sessions: parse, replay, report (see the module's docs for the format).
pub mod session {
    pub use crate::script::{
        claims, parse_script, play, play_bytes, replay, Action, Finding, Move, Report, Script,
    };
}
