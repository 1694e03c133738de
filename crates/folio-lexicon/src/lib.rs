//! Books in, word sets out.
//!
//! folio-lexicon turns chosen books into compact FST word sets and answers questions about
//! them. A [`WordSet`] is a plain `fst::Set` of upper-case keys that implements
//! [`folio_core::Lexicon`], so the rules and solvers of folio-core can ask it about words.
//!
//! Ingest runs one module per step: [`decode`] (UTF-8 or Windows-1252), [`boilerplate`]
//! (Project Gutenberg header and footer), [`clean`] (editorial tags, italics, invisible
//! characters), [`tokenize`] (UAX #29 words, ASCII fast path), [`count`] and [`policy`] (the
//! word-list rules), [`build`] (fst set and map), [`manifest`], all driven by [`ingest`].
//!
//! ```
//! use folio_core::Lexicon;
//! use folio_lexicon::{count::TokenCounts, Policy};
//! let policy = Policy::game();
//! let words = TokenCounts::count("Call me Ishmael. The whale’s tail; the whale.").to_words(&policy);
//! let kept = words.kept(&policy);
//! let built = folio_lexicon::build::build(&kept).unwrap();
//! let set = folio_lexicon::WordSet::from_bytes(built.set).unwrap();
//! assert!(set.contains(b"WHALE"));
//! assert!(!set.contains(b"ISHMAEL")); // never seen in lower case
//! let key = policy.normalize_word("whale").unwrap();
//! assert!(set.contains(key.as_bytes()));
//! ```
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
//! [`import`], [`export`], [`stats`]; [`checked`] opens sets and counts maps with their
//! checksum checked, as the CLI does.

#![deny(missing_docs)]

pub mod algebra;
pub mod anagram;
pub mod atomic;
pub mod boilerplate;
pub mod book_counts;
pub mod build;
pub mod checked;
pub mod clean;
pub mod count;
pub mod counts;
pub mod decode;
pub mod error;
pub mod export;
pub mod fst_build;
pub mod hash;
pub mod import;
pub mod ingest;
pub mod manifest;
pub mod merge;
mod node_table;
pub mod pattern;
pub mod policy;
mod pool;
pub mod query;
pub mod rack;
pub mod regex_automaton;
pub mod set;
mod short;
pub mod stats;
mod table;
pub mod tokenize;
mod word_mask;

/// The fst crate, re-exported so users of word sets and counts maps get the same version.
pub use fst;

pub use error::{Error, Result};
pub use policy::{Policy, PolicyName};
pub use set::WordSet;
