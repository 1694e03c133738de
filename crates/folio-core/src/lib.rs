//! folio's kernel: what every game and tool of folio shares, and nothing game-specific.
//!
//! - [`Lexicon`]: what rules and solvers may ask about words (membership and a prefix
//!   cursor); [`WordList`] is an in-memory implementation for tests and examples, and
//!   folio-lexicon implements it over fst.
//! - [`rng`]: [`SplitMix64`], the portable seeded generator behind every bag, roll and deal.
//! - [`quote`]: user text as messages show it (escaped, clipped).
//! - [`file_name`]: a file's name as outputs show it (a name that is not UTF-8 escaped, `\xFF`).
//! - [`script`]: what every scripted game shares: [`Loc`](script::Loc), the line splitter and
//!   encodings, [`Finding`](script::Finding), the `#game` reader and the
//!   [`ScriptedGame`](script::ScriptedGame) trait `folio play` dispatches through.
//!
//! No I/O, no fst, no game: each game lives in its own crate (folio-scrabble, folio-boggle,
//! …) on top of this one.
//!
//! ```
//! use folio_core::{Lexicon, WordList};
//! let words = WordList::new(["HORN", "HORNS", "FARM"]);
//! assert!(words.contains(b"HORN"));
//! let horn = words.walk(b"HORN").unwrap();
//! assert!(words.step(horn, b'S').is_some_and(|c| words.is_word(c)));
//! ```

#![deny(missing_docs)]

pub mod file_name;
pub mod lexicon;
pub mod quote;
pub mod rng;
pub mod script;

pub use lexicon::{Lexicon, WordList};
pub use rng::SplitMix64;
