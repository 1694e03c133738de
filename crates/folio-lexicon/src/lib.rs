//! Books in, word sets out.
//!
//! folio-lexicon turns chosen books into compact FST word sets and answers questions about
//! them. A [`WordSet`] is a plain `fst::Set` of upper-case keys that implements
//! [`folio_core::Lexicon`], so the rules and solvers of folio-core can ask it about words.
//!
//! Queries (`folio words`) normalise their input through [`Policy::normalize_word`], as
//! ingest does:
//!
//! ```
//! use folio_lexicon::{anagram, query, rack::Rack, Policy, WordSet};
//! let set = WordSet::from_words(["EAST", "EATS", "SEAT", "WHALE"]).unwrap();
//! let policy = Policy::game();
//! assert!(query::contains(&set, &policy, "whale"));
//! let rack = Rack::parse(&policy, "tase").unwrap();
//! assert_eq!(anagram::anagrams(&set, &rack).len(), 3);
//! ```
//!
//! Modules for `folio words`: [`query`] (contains, prefix, fuzzy), [`pattern`] (`?`/`*`),
//! [`regex_automaton`] (whole-word regexes), [`anagram`], [`rack`] (from-rack, tile scores),
//! [`algebra`] (union, intersect, difference), [`counts`] (the counts map and `top`),
//! [`import`], [`export`], [`stats`].

pub mod algebra;
pub mod anagram;
pub mod atomic;
pub mod counts;
pub mod error;
pub mod export;
pub mod import;
pub mod pattern;
pub mod policy;
pub mod query;
pub mod rack;
pub mod regex_automaton;
pub mod set;
pub mod stats;

pub use error::{Error, Result};
pub use policy::Policy;
pub use set::WordSet;
