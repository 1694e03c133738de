//! Atomic output: write to a temporary file in the destination folder, then rename.
//!
//! A failed or interrupted run leaves no partial file at the output paths and never spoils a
//! previous good one. (A process killed by a signal while writing may leave its hidden
//! temporary file, `.NAME.PID.tmp`, behind: nothing removes it then.)

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::error::{Error, Result};

/// Writes the file at `path` through `fill`, atomically.
///
/// `fill` receives a buffered writer on a temporary file beside `path`; when it returns `Ok`,
/// the file is flushed, synced and renamed over `path`. On any error the temporary file is
/// removed and `path` is untouched.
///
/// # Errors
/// [`Error::Io`] naming `path` when the folder is not writable, or `fill` or the rename fails.
pub fn write_atomic<F>(path: &Path, fill: F) -> Result<()>
where
    F: FnOnce(&mut BufWriter<std::fs::File>) -> std::io::Result<()>,
{
    let tmp = temp_path(path);
    let result = (|| -> std::io::Result<()> {
        let file = std::fs::File::create(&tmp)?;
        let mut w = BufWriter::new(file);
        fill(&mut w)?;
        let file = w.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Error::io(path, e)
    })
}

/// Writes `bytes` to `path` atomically (see [`write_atomic`]).
///
/// # Errors
/// As [`write_atomic`].
pub fn write_bytes_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    write_atomic(path, |w| w.write_all(bytes))
}

/// Writes several files that belong together (a word set, its counts, its manifest): every
/// file goes to a temporary file first, and only when all are written and synced are they
/// renamed into place. A failure while writing leaves every previous file untouched and no
/// temporary file behind.
///
/// # Errors
/// [`Error::Io`] naming the file that could not be written or renamed.
pub fn write_files_atomic(files: &[(&Path, &[u8])]) -> Result<()> {
    let mut temps: Vec<PathBuf> = Vec::with_capacity(files.len());
    let cleanup = |temps: &[PathBuf]| {
        for t in temps {
            let _ = std::fs::remove_file(t);
        }
    };
    // Written and synced on parallel threads: each `sync_all` waits for the disk, and
    // the waits overlap instead of adding up.
    temps.extend(files.iter().map(|(path, _)| temp_path(path)));
    let written: Vec<std::io::Result<()>> = files
        .par_iter()
        .zip(&temps)
        .map(|((_, bytes), tmp)| {
            let mut file = std::fs::File::create(tmp)?;
            file.write_all(bytes)?;
            file.sync_all()
        })
        .collect();
    for ((path, _), w) in files.iter().zip(written) {
        if let Err(e) = w {
            cleanup(&temps);
            return Err(Error::io(path, e));
        }
    }
    // A rename fails when its target is a folder: found before any rename, so no file of
    // the group is replaced when another cannot be (`g.counts.fst/` once left a new `g.fst`
    // beside the old counts map).
    for (path, _) in files {
        if path.is_dir() {
            cleanup(&temps);
            return Err(Error::io(
                path,
                std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a directory"),
            ));
        }
    }
    for (i, ((path, _), tmp)) in files.iter().zip(&temps).enumerate() {
        if let Err(e) = std::fs::rename(tmp, path) {
            cleanup(&temps[i..]);
            return Err(Error::io(path, e));
        }
    }
    Ok(())
}

fn temp_path(path: &Path) -> PathBuf {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    dir.join(format!(".{name}.{}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failure_keeps_the_previous_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.txt");
        write_bytes_atomic(&p, b"good").unwrap();
        let err = write_atomic(&p, |w| {
            w.write_all(b"partial")?;
            Err(std::io::Error::other("boom"))
        });
        assert!(err.is_err());
        assert_eq!(std::fs::read(&p).unwrap(), b"good");
        let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "temporary file left behind");
    }

    #[test]
    fn files_written_together_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.fst");
        let b = dir.path().join("b.json");
        write_files_atomic(&[(&a, b"set"), (&b, b"{}")]).unwrap();
        assert_eq!(std::fs::read(&a).unwrap(), b"set");
        // The second file's folder does not exist: nothing changes, no temporary file stays.
        let bad = dir.path().join("missing/c.json");
        let err = write_files_atomic(&[(&a, b"new"), (&bad, b"x")]).unwrap_err();
        assert!(err.to_string().contains("c.json"), "{err}");
        assert_eq!(std::fs::read(&a).unwrap(), b"set");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
        // The second target is a folder: its rename would fail, so the first is not renamed.
        std::fs::create_dir(dir.path().join("d.json")).unwrap();
        let folder = dir.path().join("d.json");
        let err = write_files_atomic(&[(&a, b"new"), (&folder, b"x")]).unwrap_err();
        assert!(err.to_string().contains("d.json"), "{err}");
        assert_eq!(std::fs::read(&a).unwrap(), b"set");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
    }
}
