//! Where a word set's companions live, by one rule: `OUT.fst` → `OUT.counts.fst` (the counts
//! map) and `OUT.json` (the manifest); a name without `.fst` gets the suffixes appended.
//! Ingest, import, set algebra and the checked opening all name files through
//! [`OutputPaths::for_set`].

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The files of one word set: `OUT.fst`, `OUT.counts.fst`, `OUT.json`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputPaths {
    /// The word set, as given with `-o`.
    pub set: PathBuf,
    /// The counts map: the set's name with `.fst` replaced by `.counts.fst`.
    pub counts: PathBuf,
    /// The manifest: the set's name with `.fst` replaced by `.json`.
    pub manifest: PathBuf,
    /// The books map (written by ingest): the set's name with `.fst` replaced by
    /// `.books.fst`.
    pub books: PathBuf,
}

impl OutputPaths {
    /// The three output paths for a set path (`g.fst` → `g.counts.fst`, `g.json`; a name
    /// without `.fst` gets the suffixes appended).
    ///
    /// The name is taken as the system holds it (bytes on Unix), so a name that is not UTF-8
    /// keeps its bytes in its companions' names.
    pub fn for_set(set: &Path) -> OutputPaths {
        let name = set.file_name().unwrap_or_default();
        let stem = strip_fst(name);
        let beside = |suffix: &str| {
            let mut n = stem.to_os_string();
            n.push(suffix);
            set.with_file_name(n)
        };
        OutputPaths {
            set: set.to_path_buf(),
            counts: beside(".counts.fst"),
            manifest: beside(".json"),
            books: beside(".books.fst"),
        }
    }
}

impl OutputPaths {
    /// Checks, before any work, that a set written with these companions (set, counts map,
    /// books map, manifest; [`crate::set::atomic::write_files_atomic`]) can be written:
    /// [`crate::set::atomic::check_writable`] on each. Beside a set written through (a
    /// device or FIFO) no companion is written, so none is checked.
    ///
    /// # Errors
    /// [`Error::Io`] naming the first output that could not be written.
    pub fn check_writable(&self) -> Result<()> {
        crate::set::atomic::check_writable(&self.set)?;
        if crate::set::atomic::is_write_through(&self.set) {
            return Ok(());
        }
        for p in [&self.counts, &self.books, &self.manifest] {
            crate::set::atomic::check_writable(p)?;
        }
        Ok(())
    }
}

/// `name` without a final `.fst`, if it has one (on Unix, by its bytes).
fn strip_fst(name: &OsStr) -> &OsStr {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        name.as_bytes()
            .strip_suffix(b".fst")
            .map_or(name, OsStr::from_bytes)
    }
    #[cfg(not(unix))]
    {
        name.to_str()
            .and_then(|n| n.strip_suffix(".fst"))
            .map_or(name, OsStr::new)
    }
}

/// Where the counts map of the set at `set_path` lives: `X.fst` → `X.counts.fst` (any other
/// name gets `.counts.fst` appended).
///
/// ```
/// use std::path::Path;
/// let p = folio_lexicon::set::counts_path(Path::new("books/g.fst"));
/// assert_eq!(p, Path::new("books/g.counts.fst"));
/// ```
pub fn counts_path(set_path: &Path) -> PathBuf {
    OutputPaths::for_set(set_path).counts
}

/// Where the manifest of the set at `set_path` goes: `X.fst` → `X.json` (any other name
/// gets `.json` appended).
pub fn manifest_path(set_path: &Path) -> PathBuf {
    OutputPaths::for_set(set_path).manifest
}

/// An error naming `path` when it is a folder: checked before writing a set whose stale
/// counts map at `path` must then be removed, so the set is not written when it cannot be.
pub(crate) fn refuse_folder(path: &Path) -> Result<()> {
    if path.is_dir() {
        return Err(Error::io(
            path,
            std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a directory"),
        ));
    }
    Ok(())
}

/// Removes the counts map beside `set_path`, if any, returning its path. Call it after
/// writing a set that has no counts, so an older map of another set is not read as its own.
///
/// # Errors
/// [`Error::Io`] naming the counts file when it exists but cannot be removed.
pub fn remove_stale_counts(set_path: &Path) -> Result<Option<PathBuf>> {
    remove_stale(set_path, counts_path(set_path))
}

/// Removes the books map beside `set_path` (`OUT.books.fst`), if any, returning its path.
/// Call it after writing a set without a books map (set algebra, `import`), so an older
/// map of another set is never read as this set's (`export --counts`, `--min-books`).
///
/// # Errors
/// [`Error::Io`] naming the books map when it exists but cannot be removed.
pub fn remove_stale_books(set_path: &Path) -> Result<Option<PathBuf>> {
    remove_stale(set_path, OutputPaths::for_set(set_path).books)
}

fn remove_stale(set_path: &Path, p: PathBuf) -> Result<Option<PathBuf>> {
    // Nothing beside a device or FIFO is ours to remove (no `/dev/null.counts.fst`).
    if crate::set::atomic::is_write_through(set_path) {
        return Ok(None);
    }
    match std::fs::remove_file(&p) {
        Ok(()) => Ok(Some(p)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Error::io(p, e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_names() {
        let p = OutputPaths::for_set(Path::new("out/g.fst"));
        assert_eq!(p.counts, Path::new("out/g.counts.fst"));
        assert_eq!(p.manifest, Path::new("out/g.json"));
        let p = OutputPaths::for_set(Path::new("words"));
        assert_eq!(p.counts, Path::new("words.counts.fst"));
    }

    #[test]
    fn companions_follow_one_rule() {
        assert_eq!(
            counts_path(Path::new("x/g.fst")),
            Path::new("x/g.counts.fst")
        );
        assert_eq!(
            counts_path(Path::new("g.set")),
            Path::new("g.set.counts.fst")
        );
        assert_eq!(manifest_path(Path::new("x/g.fst")), Path::new("x/g.json"));
        assert_eq!(manifest_path(Path::new("g.txt")), Path::new("g.txt.json"));
    }

    /// A name that is not UTF-8 keeps its bytes in its companions' names (it was made
    /// lossy: `o\xFF.fst` gave `o\u{FFFD}.json`, another file).
    #[cfg(unix)]
    #[test]
    fn companions_of_a_non_utf8_name_keep_its_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let p = OutputPaths::for_set(Path::new(OsStr::from_bytes(b"d/o\xff.fst")));
        assert_eq!(p.manifest.as_os_str().as_bytes(), b"d/o\xff.json");
        assert_eq!(p.counts.as_os_str().as_bytes(), b"d/o\xff.counts.fst");
        assert_eq!(p.books.as_os_str().as_bytes(), b"d/o\xff.books.fst");
    }
}
