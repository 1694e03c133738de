//! Locates folio's shared, read-only test data (books, recorded games, word lists).
//!
//! Every test that reads real data goes through [`shared_dir`] (or [`path`]), so the rule is
//! kept in one place:
//!
//! - `FOLIO_SHARED` names the folder; a relative value is taken from the repository root.
//! - Without it, the folder is `../shared` beside the repository root.
//! - When the folder is missing, a test is **skipped** with a message on stderr, except under
//!   `CI=true`, where a missing data folder is a failure (panic), so CI never passes by skipping.
//!
//! ```no_run
//! let Some(books) = folio_testdata::path("corpora/gutenberg") else { return };
//! assert!(books.join("MANIFEST.tsv").exists());
//! ```

#![deny(missing_docs)]

use std::path::{Path, PathBuf};

/// The repository root (two levels above this crate's manifest).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap_or_else(|_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
}

/// The shared data folder, or `None` (after printing why) when it is absent outside CI.
///
/// # Panics
/// Under `CI=true` when the folder does not exist: CI must not pass by skipping.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("FOLIO_SHARED") {
        Some(v) if !v.is_empty() => {
            let p = PathBuf::from(v);
            if p.is_absolute() {
                p
            } else {
                repo_root().join(p)
            }
        }
        _ => repo_root().join("../shared"),
    };
    if dir.is_dir() {
        return Some(dir);
    }
    if std::env::var("CI").map(|v| v == "true").unwrap_or(false) {
        panic!(
            "shared data folder {} is missing (CI=true: this is a failure; set FOLIO_SHARED)",
            dir.display()
        );
    }
    eprintln!(
        "skipped: shared data folder {} not found (set FOLIO_SHARED)",
        dir.display()
    );
    None
}

/// A path inside the shared folder, or `None` when the folder is absent (see [`shared_dir`]).
///
/// # Panics
/// When the shared folder exists but `rel` does not: the data a test relies on has gone.
pub fn path(rel: &str) -> Option<PathBuf> {
    let p = shared_dir()?.join(rel);
    assert!(p.exists(), "shared data {} is missing", p.display());
    Some(p)
}

/// A word list of the shared folder (`wordlists/enable1.txt`,
/// `games/boggle/wordlists/enable2k.txt`): one word a line, CRLF stripped, upper-cased, built
/// once per test binary. `None` when the shared folder is absent (see [`shared_dir`]).
///
/// # Panics
/// When the shared folder exists but the list cannot be read.
fn word_list(
    cell: &'static std::sync::OnceLock<Option<folio_core::WordList>>,
    rel: &str,
) -> Option<&'static folio_core::WordList> {
    cell.get_or_init(|| {
        let p = path(rel)?;
        let text = std::fs::read_to_string(&p)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()));
        Some(folio_core::WordList::new(
            text.lines()
                .map(|l| l.trim_end_matches('\r').to_ascii_uppercase())
                .filter(|w| !w.is_empty()),
        ))
    })
    .as_ref()
}

/// ENABLE (`wordlists/enable1.txt`, 172,823 words) as an in-memory [`folio_core::WordList`],
/// loaded once per test binary.
pub fn enable1() -> Option<&'static folio_core::WordList> {
    static LIST: std::sync::OnceLock<Option<folio_core::WordList>> = std::sync::OnceLock::new();
    word_list(&LIST, "wordlists/enable1.txt")
}

/// ENABLE2K (`games/boggle/wordlists/enable2k.txt`), the word list of the published Boggle
/// results, as an in-memory [`folio_core::WordList`], loaded once per test binary.
pub fn enable2k() -> Option<&'static folio_core::WordList> {
    static LIST: std::sync::OnceLock<Option<folio_core::WordList>> = std::sync::OnceLock::new();
    word_list(&LIST, "games/boggle/wordlists/enable2k.txt")
}
