//! Typed errors of folio-lexicon. Every error names the file it is about.

use std::path::PathBuf;

/// Errors from reading books and reading or writing word sets.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The file could not be opened, read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file as given.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// The file is not a readable fst (missing, truncated, wrong format or version).
    #[error("{}: not a folio word set (fst): {source}", path.display())]
    NotAnFst {
        /// The file as given.
        path: PathBuf,
        /// What the fst crate found wrong.
        #[source]
        source: fst::Error,
    },
    /// The word set is 4 GiB or larger: its prefix cursor keeps fst addresses in 32 bits.
    #[error("{}: word set too large ({bytes} bytes; at most 4 GiB is supported)", path.display())]
    TooLarge {
        /// The file as given.
        path: PathBuf,
        /// Its size in bytes.
        bytes: u64,
    },
    /// The fst checksum does not match its contents (`--verify`).
    #[error("{}: word set is corrupt (fst checksum mismatch): {source}", path.display())]
    Corrupt {
        /// The file as given.
        path: PathBuf,
        /// What the fst crate found wrong.
        #[source]
        source: fst::Error,
    },
    /// No input gave a book: every one was empty, binary or a folder without `.txt` files.
    #[error("nothing usable to ingest: {}", skipped.join("; "))]
    NothingUsable {
        /// Each skipped input as `path: reason`.
        skipped: Vec<String>,
    },
}

impl Error {
    /// An I/O error about `path`.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}

/// Result with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
