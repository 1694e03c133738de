//! Partials: mergeable pieces of an ingest, and their streaming merge.
//!
//! `folio ingest --partial -o PART` writes one ([`mod@format`]); `folio merge PART... -o OUT.fst`
//! merges any number of them ([`Merge`]) into the same word set, counts map and manifest as
//! one `folio ingest` of all their books. `folio ingest --memory SIZE` writes its sorted runs
//! in the same format and merges them the same way.

pub mod format;
mod merge;
mod select;
pub(crate) mod tree;

pub use format::{Header, PartialReader, PartialWriter, Record, FORMAT, MAGIC};
pub use merge::{Merge, FAN_IN};
