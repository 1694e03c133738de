//! Books in, word sets out.
//!
//! folio-lexicon turns chosen books into compact FST word sets and answers questions about
//! them. A [`WordSet`] is a plain `fst::Set` of upper-case keys that implements
//! [`folio_core::Lexicon`], so games can ask it about words.
//!
//! The crate has four parts, each a module:
//! - [`mod@ingest`]: books → counted, normalised keys (decode, Gutenberg boilerplate, cleaning,
//!   UAX #29 words, counting, merging, the manifest), driven by [`ingest()`].
//! - [`build`]: keys → fst bytes (a set and a counts map), written by [`build::FstBuilder`].
//! - [`set`]: the files: [`WordSet`], [`CountsMap`], opening with the checksum checked
//!   ([`set::checked`]), the companion files' names ([`set::OutputPaths`]), atomic writes,
//!   and [`guarded`], the one guard every walker of a set runs under.
//! - [`query`]: what `folio words` asks: contains, prefix, pattern, regex, fuzzy, rack and
//!   anagram (letter values given by the caller), set algebra, import, export, stats.
//!
//! [`Policy`] is the word-list rule both sides share: ingest keys running text with it and
//! queries normalise their input with it.
//!
//! Build a set from text and ask it about words:
//!
//! ```
//! use folio_core::Lexicon;
//! use folio_lexicon::{ingest::count::TokenCounts, Policy, WordSet};
//! let policy = Policy::game();
//! let words = TokenCounts::count("Call me Ishmael. The whale’s tail; the whale.").to_words(&policy);
//! let built = folio_lexicon::build::build(&words.kept(&policy)).unwrap();
//! let set = WordSet::from_bytes(built.set).unwrap();
//! assert!(set.contains(b"WHALE"));
//! assert!(!set.contains(b"ISHMAEL")); // never seen in lower case
//! assert!(folio_lexicon::query::contains(&set, &policy, "whale"));
//! ```
//!
//! Query a set as `folio words` does (files are opened with
//! [`set::checked::open_set`], and walks run under [`guarded`]):
//!
//! ```
//! use folio_lexicon::query::{anagram, rack::{LetterValues, Rack}};
//! use folio_lexicon::{Policy, WordSet};
//! let set = WordSet::from_words(["EAST", "EATS", "SEAT", "WHALE"]).unwrap();
//! let rack = Rack::parse(&Policy::game(), "tase").unwrap();
//! let values = LetterValues::default();
//! assert_eq!(anagram::anagrams(&set, &rack, &values).len(), 3);
//! ```

pub mod build;
pub mod error;
mod hash;
pub mod ingest;
pub mod partial;
pub mod policy;
pub mod query;
pub mod set;

/// The fst crate, re-exported so users of word sets and counts maps get the same version.
pub use fst;

pub use error::{Error, Result};
pub use ingest::{ingest, ingest_with, Reading};
pub use policy::{Policy, PolicyName};
pub use set::checked;
pub use set::guard::guarded;
pub use set::{CountsMap, WordSet};
