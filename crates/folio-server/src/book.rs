//! One book loaded for answering: its word set, counts map and text keys, read into memory
//! from the cache folder, built there first when they are not.
//!
//! The cache key is the SHA-256 of the book's bytes, the policy and [`FORMAT_VERSION`]
//! together, so a changed book, another policy or a new layout of the cache never reuses old
//! files. Four files per key, written atomically through `folio_lexicon::set::atomic`:
//! `KEY.text.fst` (every key of the text, for challenges), then `KEY.fst`, `KEY.counts.fst`
//! and `KEY.json` (what `folio ingest` writes for that one book). The manifest is written
//! last, so a cache entry is complete when it is there; every file is read whole into memory
//! with its checksum checked, and an entry that fails is built again. Nothing is mapped: a
//! cache file truncated or rewritten by another program while the server runs cannot fault
//! it (SIGBUS), as a mapped one would.

use std::io::Read;
use std::path::{Path, PathBuf};

use folio_lexicon::checked;
use folio_lexicon::ingest::manifest::{InputReport, Manifest};
use folio_lexicon::ingest::{ingest_with, Input, Reading, Source};
use folio_lexicon::set::OutputPaths;
use folio_lexicon::{CountsMap, Policy, WordSet};
use sha2::{Digest, Sha256};

use crate::scan;

/// The layout of the cache's files. Raised whenever what is written there changes meaning.
pub const FORMAT_VERSION: u32 = 1;

/// The largest book read, in bytes. The largest of the shared books is 3 MB; this bounds the
/// memory one request can make the server use.
pub const MAX_BOOK_BYTES: u64 = 256 * 1024 * 1024;

/// Why a book could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The book's path.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// Larger than [`MAX_BOOK_BYTES`].
    #[error("{path}: too large to serve ({bytes} bytes; at most {MAX_BOOK_BYTES})")]
    TooLarge {
        /// The book's path.
        path: PathBuf,
        /// Its size.
        bytes: u64,
    },
    /// Not a book: empty, or binary.
    #[error("{path}: not a book: {reason}")]
    NotABook {
        /// The book's path.
        path: PathBuf,
        /// What ingest said.
        reason: String,
    },
    /// The file changed while it was being read (its hash differs between two reads).
    #[error("{path}: changed while being read; try again")]
    Changed {
        /// The book's path.
        path: PathBuf,
    },
    /// The cache folder is gone and cannot be made again, or something else is in its place.
    #[error("cache folder {path}: {reason}")]
    CacheFolder {
        /// The cache folder.
        path: PathBuf,
        /// Why it cannot be written into.
        reason: String,
    },
    /// Ingest or the cache failed.
    #[error(transparent)]
    Lexicon(#[from] folio_lexicon::Error),
}

impl LoadError {
    /// Why, without the server's paths: what a client is told (the log keeps the whole
    /// error, paths included).
    pub fn reason(&self) -> String {
        match self {
            LoadError::Io { source, .. } => source.to_string(),
            LoadError::TooLarge { bytes, .. } => {
                format!("too large to serve ({bytes} bytes; at most {MAX_BOOK_BYTES})")
            }
            LoadError::NotABook { reason, .. } => format!("not a book: {reason}"),
            LoadError::Changed { .. } => "changed while being read; try again".into(),
            LoadError::CacheFolder { .. } => {
                "the word set could not be cached (the server's cache folder is unusable)".into()
            }
            LoadError::Lexicon(_) => "the word set could not be built or read".into(),
        }
    }
}

/// How a book was loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// From files already in the cache folder.
    Cache,
    /// Ingested now (and written to the cache).
    Ingest,
}

/// A book ready to answer: its sets read into memory from the cache.
pub struct Book {
    /// The name clients use (the file name in the books folder).
    pub name: String,
    /// What ingest found in it (sha256, encoding, boilerplate, words kept).
    pub report: InputReport,
    /// Words in its set.
    pub words: usize,
    /// Its word set (what `Q` asks).
    pub set: WordSet,
    /// Occurrences of each word of its set.
    pub counts: CountsMap,
    /// Every key its text holds (what `C` asks).
    pub text: WordSet,
    /// How it was loaded.
    pub origin: Origin,
}

impl Book {
    /// Whether the word set holds `key` (already normalised).
    #[inline]
    pub fn has_word(&self, key: &str) -> bool {
        self.set.as_fst_set().contains(key)
    }

    /// Whether the text holds `key` (already normalised).
    #[inline]
    pub fn text_holds(&self, key: &str) -> bool {
        self.text.as_fst_set().contains(key)
    }
}

/// The cache key of a book with SHA-256 `sha256` (hex) under `policy`.
pub fn cache_key(sha256: &str, policy: &Policy) -> String {
    let mut h = Sha256::new();
    h.update(format!("folio-server cache format {FORMAT_VERSION}\n").as_bytes());
    h.update(serde_json::to_vec(policy).unwrap_or_default());
    h.update(b"\n");
    h.update(sha256.as_bytes());
    hex(&h.finalize())
}

/// Loads the book `name` at `path`: from `cache` when its files are there and sound, else by
/// ingesting it and writing them. Blocking (file I/O and CPU): run it off the async threads.
///
/// # Errors
/// A [`LoadError`] naming the book.
pub fn load(name: &str, path: &Path, cache: &Path, policy: &Policy) -> Result<Book, LoadError> {
    let bytes = read_book(path)?;
    let sha256 = sha256_hex(&bytes);
    let key = cache_key(&sha256, policy);
    let set_path = cache.join(format!("{key}.fst"));
    let paths = OutputPaths::for_set(&set_path);
    let text_path = cache.join(format!("{key}.text.fst"));
    match open_cached(name, &paths, &text_path) {
        Ok(book) => return Ok(book),
        Err(e) if paths.manifest.exists() => {
            tracing::warn!(book = name, error = %e, "cache entry unusable; building it again");
        }
        Err(_) => {}
    }
    // The text keys come from the bytes hashed above; ingest reads the file again (read, not
    // mapped: a book rewritten meanwhile must not end the server with SIGBUS), and its
    // sha256 must be the same, or the book changed between the two reads.
    let text = scan::text_keys(&bytes, policy).ok_or_else(|| LoadError::NotABook {
        path: path.to_path_buf(),
        reason: match folio_lexicon::ingest::decode::decode(&bytes) {
            Err(e) => crate::library::not_text(&e),
            Ok(_) => "not text".into(),
        },
    })?;
    drop(bytes);
    let input = Input {
        label: name.to_string(),
        source: Source::File(path.to_path_buf()),
    };
    let run = ingest_with(&[input], Vec::new(), policy, Reading::Read, &|_, _| {}).map_err(
        |e| match e {
            folio_lexicon::Error::NothingUsable { skipped } => LoadError::NotABook {
                path: path.to_path_buf(),
                reason: skipped.join("; "),
            },
            e => LoadError::Lexicon(e),
        },
    )?;
    if run.manifest.inputs.first().map(|r| r.sha256.as_str()) != Some(sha256.as_str()) {
        return Err(LoadError::Changed {
            path: path.to_path_buf(),
        });
    }
    // The cache folder may have been removed while the server runs: made again, as at start.
    ensure_cache_folder(cache)?;
    folio_lexicon::set::atomic::write_bytes_atomic(&text_path, &text)?;
    folio_lexicon::ingest::write_outputs(&paths, &run)?;
    let mut book = open_cached(name, &paths, &text_path)?;
    book.origin = Origin::Ingest;
    Ok(book)
}

/// Makes sure `cache` (the canonical path found at start) is still a folder before cache
/// files are written into it: when it is gone (`rm -rf` while the server runs), it is made
/// again with its parents, as at start. Something else in its place — a file, or a symbolic
/// link planted there, even to a folder — is refused, never written through; so is a link
/// planted between the look and the `mkdir`, which does not follow it.
///
/// # Errors
/// [`LoadError::CacheFolder`] naming the folder.
pub fn ensure_cache_folder(cache: &Path) -> Result<(), LoadError> {
    let refuse = |reason: String| LoadError::CacheFolder {
        path: cache.to_path_buf(),
        reason,
    };
    let not_a_folder = || {
        refuse("something other than a folder is in its place (a file or a symbolic link); not written through".into())
    };
    match std::fs::symlink_metadata(cache) {
        Ok(m) if m.file_type().is_dir() => return Ok(()),
        Ok(_) => return Err(not_a_folder()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(refuse(e.to_string())),
    }
    if let Some(parent) = cache.parent() {
        std::fs::create_dir_all(parent).map_err(|e| refuse(e.to_string()))?;
    }
    match std::fs::create_dir(cache) {
        Ok(()) => {
            tracing::warn!(cache = %folio_core::file_name::in_message(cache), "the cache folder was gone; made again")
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(refuse(e.to_string())),
    }
    match std::fs::symlink_metadata(cache) {
        Ok(m) if m.file_type().is_dir() => Ok(()),
        Ok(_) => Err(not_a_folder()),
        Err(e) => Err(refuse(e.to_string())),
    }
}

/// Reads a cache entry into memory, every file with its checksum checked.
fn open_cached(name: &str, paths: &OutputPaths, text_path: &Path) -> Result<Book, LoadError> {
    let json = std::fs::read(&paths.manifest).map_err(|source| LoadError::Io {
        path: paths.manifest.clone(),
        source,
    })?;
    let manifest: Manifest =
        serde_json::from_slice(&json).map_err(|e| folio_lexicon::Error::BadManifest {
            path: paths.manifest.clone(),
            reason: e.to_string(),
        })?;
    let report =
        manifest
            .inputs
            .into_iter()
            .next()
            .ok_or_else(|| folio_lexicon::Error::BadManifest {
                path: paths.manifest.clone(),
                reason: "no input".into(),
            })?;
    let set = checked::read_set(&paths.set)?;
    let counts = checked::read_counts(&paths.counts)?;
    let text = checked::read_set(text_path)?;
    Ok(Book {
        name: name.to_string(),
        report,
        words: set.len(),
        set,
        counts,
        text,
        origin: Origin::Cache,
    })
}

/// Reads a book whole (bounded by [`MAX_BOOK_BYTES`]).
pub(crate) fn read_book(path: &Path) -> Result<Vec<u8>, LoadError> {
    let io = |source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let len = file.metadata().map_err(io)?.len();
    if len > MAX_BOOK_BYTES {
        return Err(LoadError::TooLarge {
            path: path.to_path_buf(),
            bytes: len,
        });
    }
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(MAX_BOOK_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_BOOK_BYTES {
        return Err(LoadError::TooLarge {
            path: path.to_path_buf(),
            bytes: bytes.len() as u64,
        });
    }
    Ok(bytes)
}

/// The SHA-256 of `bytes` in hex, as ingest reports a book's (`InputReport::sha256`).
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}
