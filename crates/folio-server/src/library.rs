//! The books folder as the server sees it: which books there are, and each book's sets,
//! loaded on first use and shared.
//!
//! A book named for the first time is loaded once: concurrent requests for it wait on the same
//! [`tokio::sync::OnceCell`] while one blocking task reads it from the cache folder or ingests
//! it ([`crate::book::load`]). A failed load is not kept (the next request tries again).
//! [`Library::recheck`] notices books changed or removed on disk (size, modification time,
//! inode) and drops them, so the next request loads the new text under its new hash; the
//! [`Library::generation`] counter rises then, telling connections to forget books they hold.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use folio_lexicon::Policy;
use tokio::sync::OnceCell;

use crate::book::{self, Book, LoadError, Origin};
use crate::names::{check_name, NameError};

/// Why a book cannot be answered from.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// The name is not a plain file name.
    #[error("book name {name:?} refused: {why}")]
    BadName {
        /// The name (clipped).
        name: String,
        /// Why.
        why: NameError,
    },
    /// No regular file of that name inside the books folder.
    #[error("no book named {0:?} in the books folder")]
    Unknown(String),
    /// The books folder itself is gone or unreadable (removed or renamed while the server
    /// runs): no book can be answered from until it is back.
    #[error("the books folder is unavailable: {0}")]
    Unavailable(String),
    /// The book is there but could not be loaded.
    #[error("book {name:?} could not be loaded: {error}")]
    Load {
        /// The name.
        name: String,
        /// Why.
        error: Arc<LoadError>,
    },
}

/// What identifies a file's contents cheaply: when it changes, the book is loaded again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    inode: u64,
}

impl Stamp {
    fn of(meta: &std::fs::Metadata) -> Stamp {
        use std::os::unix::fs::MetadataExt;
        Stamp {
            len: meta.len(),
            modified: meta.modified().ok(),
            inode: meta.ino(),
        }
    }
}

struct Slot {
    cell: OnceCell<Arc<Book>>,
    stamp: Stamp,
}

/// A book of the folder as `GET /v1/books` (and so the word-judge page) lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// The name clients use.
    pub name: String,
    /// Its size in bytes.
    pub bytes: u64,
    /// Why it cannot be loaded, when that is known without loading it (empty, a NUL byte
    /// near its start: binary) or its last load failed and the file is unchanged since;
    /// the reason a client is told, no server path.
    pub unreadable: Option<String>,
}

/// Bytes of a book read to tell a binary or empty file before loading it.
const SNIFF_BYTES: usize = 64 * 1024;

/// Counters shown by `/healthz` and in logs.
#[derive(Debug, Default)]
pub struct Counters {
    /// Books ingested (cache misses).
    pub ingests: AtomicU64,
    /// Books loaded from the cache folder.
    pub cache_loads: AtomicU64,
    /// Books dropped because their file changed.
    pub reloads: AtomicU64,
}

/// The books folder, the cache folder and the books loaded so far.
pub struct Library {
    books: PathBuf,
    cache: PathBuf,
    policy: Policy,
    slots: Mutex<HashMap<String, Arc<Slot>>>,
    /// Files of the books folder left out of the listing, already logged.
    noted: Mutex<HashSet<String>>,
    /// Why a book cannot be loaded, as last found for the file of this stamp: a load that
    /// failed for what the file is (no words, too large), or its first bytes (binary, empty); `None` when they looked like text.
    unreadable: Mutex<HashMap<String, (Stamp, Option<String>)>>,
    generation: AtomicU64,
    /// Counters.
    pub counters: Counters,
}

impl Library {
    /// A library over the books folder `books`, caching sets in `cache` (created if needed,
    /// with its parents; then known by its canonical path, so a symbolic link put in its
    /// place later is never written through, and a removed cache folder is made again when a
    /// set is next written: [`book::ensure_cache_folder`]).
    ///
    /// # Errors
    /// When `books` is not a folder, or `cache` cannot be created.
    pub fn new(books: &Path, cache: &Path, policy: Policy) -> std::io::Result<Library> {
        let books = std::fs::canonicalize(books).map_err(|e| {
            std::io::Error::new(
                e.kind(),
                format!(
                    "books folder {}: {e}",
                    folio_core::file_name::in_message(books)
                ),
            )
        })?;
        if !books.is_dir() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotADirectory,
                format!(
                    "{}: not a folder",
                    folio_core::file_name::in_message(&books)
                ),
            ));
        }
        let cache_error = |e: std::io::Error| {
            std::io::Error::new(
                e.kind(),
                format!(
                    "cache folder {}: {e}",
                    folio_core::file_name::in_message(cache)
                ),
            )
        };
        std::fs::create_dir_all(cache).map_err(cache_error)?;
        let cache = std::fs::canonicalize(cache).map_err(cache_error)?;
        Ok(Library {
            books,
            cache,
            policy,
            slots: Mutex::new(HashMap::new()),
            noted: Mutex::new(HashSet::new()),
            unreadable: Mutex::new(HashMap::new()),
            generation: AtomicU64::new(0),
            counters: Counters::default(),
        })
    }

    /// The policy words are normalised by.
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// The books folder (canonical).
    pub fn books_dir(&self) -> &Path {
        &self.books
    }

    /// Rises each time a loaded book is dropped because its file changed.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// How many books are loaded.
    pub fn loaded(&self) -> usize {
        let slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots.values().filter(|s| s.cell.initialized()).count()
    }

    /// The cache folder (canonical).
    pub fn cache_dir(&self) -> &Path {
        &self.cache
    }

    /// The books in the folder (regular files with acceptable names), sorted by name, each
    /// with its size and, when known without loading it, why it cannot be loaded
    /// ([`Listed::unreadable`]). A file no request could name (a comma in its name, a blank
    /// at either end, not UTF-8, a control character) is left out, and logged once; hidden
    /// files silently.
    ///
    /// # Errors
    /// [`BookError::Unavailable`] when the folder cannot be listed.
    pub fn names(&self) -> Result<Vec<Listed>, BookError> {
        let unavailable = |e: std::io::Error| BookError::Unavailable(e.to_string());
        let mut out = Vec::new();
        for entry in std::fs::read_dir(&self.books).map_err(unavailable)? {
            let entry = entry.map_err(unavailable)?;
            let name = match entry.file_name().into_string() {
                Ok(name) => name,
                Err(raw) => {
                    self.note(&raw.to_string_lossy(), "not UTF-8");
                    continue;
                }
            };
            match check_name(&name) {
                Ok(()) => {}
                Err(NameError::Hidden) => continue,
                Err(why) => {
                    self.note(&name, &why.to_string());
                    continue;
                }
            }
            if let Ok((path, meta)) = self.resolve(&name) {
                let unreadable = self.unreadable_reason(&name, &path, &meta);
                out.push(Listed {
                    name,
                    bytes: meta.len(),
                    unreadable,
                });
            }
        }
        out.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(out)
    }

    /// Why the book `name` (at `path`) cannot be loaded, if that is known: a load of this
    /// very file that failed for what it is, or its first [`SNIFF_BYTES`] (a NUL byte: binary; nothing but blanks
    /// in a file no longer than that: empty), read once per file version.
    fn unreadable_reason(
        &self,
        name: &str,
        path: &Path,
        meta: &std::fs::Metadata,
    ) -> Option<String> {
        let stamp = Stamp::of(meta);
        let mut known = self.unreadable.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((at, why)) = known.get(name) {
            if *at == stamp {
                return why.clone();
            }
        }
        let why = sniff(path, meta.len());
        known.insert(name.to_string(), (stamp, why.clone()));
        why
    }

    /// Keeps why the book `name` failed to load, for the listing (until its file changes).
    fn failed(&self, name: &str, stamp: Stamp, reason: String) {
        let mut known = self.unreadable.lock().unwrap_or_else(|e| e.into_inner());
        if matches!(known.get(name), Some((at, Some(_))) if *at == stamp) {
            return; // the first bytes' reason (a NUL at offset N) says more than the load's
        }
        if known.len() < 100_000 || known.contains_key(name) {
            known.insert(name.to_string(), (stamp, Some(reason)));
        }
    }

    /// Logs, once per name, why a file of the books folder is no book.
    fn note(&self, name: &str, why: &str) {
        let mut noted = self.noted.lock().unwrap_or_else(|e| e.into_inner());
        if noted.len() < 10_000 && noted.insert(name.to_string()) {
            tracing::warn!(
                // Escaped: a newline or terminal escape in a file name must not forge a
                // log line or reach the operator's terminal.
                file = %folio_core::quote::shown(&crate::protocol::clip(name)),
                reason = why,
                "a file of the books folder is left out: no request could name it"
            );
        }
    }

    /// Drops `book` when it is still the one loaded under its name (a request found its file
    /// changed before the once-a-second recheck did): the next request loads the new text.
    pub fn forget(&self, book: &Arc<Book>) {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        let current = slots
            .get(&book.name)
            .and_then(|s| s.cell.get())
            .is_some_and(|b| Arc::ptr_eq(b, book));
        if current {
            slots.remove(&book.name);
            tracing::info!(
                book = book.name.as_str(),
                "book changed on disk; it will be loaded again"
            );
            self.counters.reloads.fetch_add(1, Ordering::Relaxed);
            self.generation.fetch_add(1, Ordering::AcqRel);
        }
    }

    /// The book loaded, if it is.
    pub fn peek(&self, name: &str) -> Option<Arc<Book>> {
        let slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots.get(name).and_then(|s| s.cell.get().cloned())
    }

    /// The book `name`, loaded on first use (see the module docs).
    ///
    /// # Errors
    /// [`BookError`]: a refused name, no such book, or a failed load.
    pub async fn get(self: &Arc<Self>, name: &str) -> Result<Arc<Book>, BookError> {
        check_name(name).map_err(|why| BookError::BadName {
            name: crate::protocol::clip(name),
            why,
        })?;
        let slot = {
            let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
            match slots.get(name) {
                Some(s) => s.clone(),
                None => {
                    // Only names of files that are there get a slot: the map stays as small
                    // as the folder, whatever names clients send.
                    let (_, meta) = self.resolve(name)?;
                    let slot = Arc::new(Slot {
                        cell: OnceCell::new(),
                        stamp: Stamp::of(&meta),
                    });
                    slots.insert(name.to_string(), slot.clone());
                    slot
                }
            }
        };
        let book = slot
            .cell
            .get_or_try_init(|| async {
                let lib = self.clone();
                let owned = name.to_string();
                let started = std::time::Instant::now();
                let result = tokio::task::spawn_blocking(move || {
                    let path = lib.books.join(&owned);
                    book::load(&owned, &path, &lib.cache, &lib.policy)
                })
                .await
                .unwrap_or_else(|join| {
                    Err(LoadError::Io {
                        path: self.books.join(name),
                        source: std::io::Error::other(format!("load task failed: {join}")),
                    })
                });
                match result {
                    Ok(book) => {
                        let counter = match book.origin {
                            Origin::Cache => &self.counters.cache_loads,
                            Origin::Ingest => &self.counters.ingests,
                        };
                        counter.fetch_add(1, Ordering::Relaxed);
                        tracing::info!(
                            book = name,
                            origin = ?book.origin,
                            words = book.words,
                            sha256 = %book.report.sha256,
                            ms = started.elapsed().as_millis() as u64,
                            "book loaded"
                        );
                        Ok(Arc::new(book))
                    }
                    Err(e) => {
                        tracing::warn!(book = name, error = %e, "book could not be loaded");
                        // Only what the file itself is: a full cache folder or a book
                        // changing as it was read says nothing of the next load.
                        if matches!(e, LoadError::NotABook { .. } | LoadError::TooLarge { .. }) {
                            self.failed(name, slot.stamp, e.reason());
                        }
                        Err(BookError::Load {
                            name: name.to_string(),
                            error: Arc::new(e),
                        })
                    }
                }
            })
            .await?;
        Ok(book.clone())
    }

    /// Drops every loaded book whose file changed or went away since it was loaded; returns
    /// how many. Cheap (one `stat` per loaded book): the server runs it every second.
    pub fn recheck(&self) -> usize {
        self.recheck_where(|_| true)
    }

    /// [`Library::recheck`] for the books `names` only (one `stat` each), for an answer that
    /// must be of the files as they are now (a challenge's places are read from them).
    pub fn recheck_names(&self, names: &[&str]) -> usize {
        self.recheck_where(|name| names.contains(&name))
    }

    fn recheck_where(&self, only: impl Fn(&str) -> bool) -> usize {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        let before = slots.len();
        slots.retain(|name, slot| {
            if !only(name) {
                return true;
            }
            let now = self.resolve(name).ok().map(|(_, m)| Stamp::of(&m));
            let same = now == Some(slot.stamp);
            if !same {
                tracing::info!(
                    book = name.as_str(),
                    "book changed on disk; it will be loaded again"
                );
            }
            same
        });
        let dropped = before - slots.len();
        if dropped > 0 {
            self.counters
                .reloads
                .fetch_add(dropped as u64, Ordering::Relaxed);
            self.generation.fetch_add(1, Ordering::AcqRel);
        }
        dropped
    }

    /// The path of the book `name` (already a checked name) and its metadata, when it is a
    /// regular file whose real path is inside the books folder.
    fn resolve(&self, name: &str) -> Result<(PathBuf, std::fs::Metadata), BookError> {
        let unknown = || BookError::Unknown(crate::protocol::clip(name));
        let path = self.books.join(name);
        let real = std::fs::canonicalize(&path).map_err(|_| {
            // Only on this error path: is the whole folder gone, not just the book?
            match std::fs::metadata(&self.books) {
                Ok(m) if m.is_dir() => unknown(),
                Ok(_) => BookError::Unavailable("not a folder".into()),
                Err(e) => BookError::Unavailable(e.to_string()),
            }
        })?;
        if real.parent() != Some(self.books.as_path()) {
            return Err(unknown());
        }
        let meta = std::fs::metadata(&real).map_err(|_| unknown())?;
        if !meta.is_file() {
            return Err(unknown());
        }
        Ok((real, meta))
    }
}

/// What a book's first bytes tell of it: `Some(reason)` when it is binary (a NUL byte) or,
/// read whole, empty; `None` when it may be text (or cannot be read now: the load says why).
fn sniff(path: &Path, len: u64) -> Option<String> {
    use folio_lexicon::ingest::decode::{decode, NotText};
    use std::io::Read;
    let mut head = Vec::with_capacity(SNIFF_BYTES.min(len as usize));
    std::fs::File::open(path)
        .ok()?
        .take(SNIFF_BYTES as u64)
        .read_to_end(&mut head)
        .ok()?;
    let whole = (head.len() as u64) >= len && head.len() < SNIFF_BYTES;
    match decode(&head) {
        Err(e @ NotText::Binary { .. }) => Some(format!("not a book: {}", not_text(&e))),
        Err(e @ NotText::Empty) if whole => Some(format!("not a book: {}", not_text(&e))),
        _ => None,
    }
}

/// Why bytes that are not text are not a book, as the books listing and a refused load both
/// say it: `empty`, `a binary file (a NUL byte at offset N)`.
pub(crate) fn not_text(e: &folio_lexicon::ingest::decode::NotText) -> String {
    use folio_lexicon::ingest::decode::NotText;
    match e {
        NotText::Empty => "empty".into(),
        NotText::Binary { offset } => format!("a binary file (a NUL byte at offset {offset})"),
    }
}
