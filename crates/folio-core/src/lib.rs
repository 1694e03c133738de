//! Pure rules of the games folio knows: no I/O, no fst.
//!
//! - [`lexicon`]: the [`Lexicon`](lexicon::Lexicon) trait (membership and a prefix cursor)
//!   that rules and solvers ask about words, and [`WordList`](lexicon::WordList), an in-memory
//!   implementation for tests.
//! - [`boggle`]: Boggle boards, cube sets, seeded rolls, scoring tables, the solver and
//!   rounds.

pub mod boggle;
pub mod lexicon;

pub use lexicon::{Lexicon, WordList};
