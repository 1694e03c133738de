//! Pure rules of the games folio knows: no I/O, no fst.
//!
//! - [`lexicon`]: the [`Lexicon`](lexicon::Lexicon) trait (membership and a prefix cursor)
//!   that rules and solvers ask about words, and [`WordList`](lexicon::WordList), an in-memory
//!   implementation for tests.

pub mod lexicon;

pub use lexicon::{Lexicon, WordList};
