//! Books in, word sets out.
//!
//! folio-lexicon turns chosen books into compact FST word sets and answers questions about
//! them. A [`WordSet`] is a plain `fst::Set` of upper-case keys that implements
//! [`folio_core::Lexicon`], so the rules and solvers of folio-core can ask it about words.

pub mod atomic;
pub mod error;
pub mod policy;
pub mod set;

pub use error::{Error, Result};
pub use policy::Policy;
pub use set::WordSet;
