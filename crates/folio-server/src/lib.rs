//! The book dictionary server: `folio serve`.
//!
//! A game host asks whether a word is legal for the books chosen for its game, one line per
//! question over TCP, as the Book Scrabble course's dictionary server is asked
//! ([`protocol`]); a JSON API and a word-judge page answer the same over HTTP ([`http`]).
//! Each book's word set is built once by folio-lexicon's ingest, cached on disk under the
//! book's SHA-256 and read into memory ([`book`], [`library`]); a question over several books
//! asks each book's set. docs/serve.md describes the protocol and the API.
//!
//! Without the default `net` feature only [`protocol`], [`names`] and [`params`] build: the
//! parsers the fuzz target exercises, free of tokio.

pub mod names;
pub mod params;
pub mod protocol;

#[cfg(feature = "net")]
pub mod answer;
#[cfg(feature = "net")]
pub mod book;
#[cfg(feature = "net")]
pub mod config;
#[cfg(feature = "net")]
pub mod deadline;
#[cfg(feature = "net")]
pub mod http;
#[cfg(feature = "net")]
pub mod library;
#[cfg(feature = "net")]
pub mod line;

#[cfg(feature = "net")]
pub mod run;
#[cfg(feature = "net")]
pub mod scan;

#[cfg(feature = "net")]
pub use config::Config;
#[cfg(feature = "net")]
pub use run::Server;
