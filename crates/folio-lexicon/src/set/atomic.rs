//! Atomic output: write to a temporary file in the destination folder, then rename.
//!
//! A failed or interrupted run leaves no partial file at the output paths and never spoils a
//! previous good one. The temporary files being written are listed while they exist, so a
//! binary's signal handler can remove them ([`remove_temps_in_flight`]); a process killed
//! by a signal it does not catch (SIGKILL) leaves its hidden `.NAME.PID.tmp` behind.
//!
//! Only regular files are ever replaced ([`Target::resolve`]): an output path that is a
//! character or block device or a FIFO (`-o /dev/null`, `-o /dev/stdout`, a named pipe) is
//! opened and written through, never renamed over; a socket or a folder is refused; a
//! symbolic link is followed, and the file it names is replaced atomically (the temporary file
//! is made in the target's folder), never the link itself. In a group of files
//! ([`write_files_atomic`]) whose first, main file is written through, the companions are not
//! written at all: a device has no folder of its own to hold them (no `/dev/null.json`).

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rayon::prelude::*;

use crate::error::{Error, Result};

/// Symbolic links followed before giving up (as Linux's `ELOOP` limit).
const MAX_LINKS: usize = 40;

/// Temporary files that exist now (made and not yet renamed or removed).
static IN_FLIGHT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Removes every temporary file this process is writing now, and makes any later one fail
/// to register: for a signal handler that ends the process (SIGINT, SIGTERM, SIGHUP) and
/// must not leave `.NAME.PID.tmp` files beside the outputs (a run writing a folder of pages
/// in batches had sixteen of them at a time). Best effort: a file that cannot be removed is
/// passed over.
pub fn remove_temps_in_flight() {
    let mut temps = IN_FLIGHT.lock().unwrap_or_else(|e| e.into_inner());
    for t in temps.drain(..) {
        let _ = std::fs::remove_file(t);
    }
    // Held until the process ends: a writer that would make a new temporary file now waits
    // on the lock instead of leaving one behind.
    std::mem::forget(temps);
}

/// A temporary file listed in [`IN_FLIGHT`] for as long as this lives.
struct InFlight(PathBuf);

impl InFlight {
    /// Creates the temporary file `tmp` ([`create_temp`]) and lists it, both under the
    /// list's lock: a signal handler's [`remove_temps_in_flight`] then either finds it or
    /// keeps it from being made.
    fn create(tmp: &Path) -> std::io::Result<(std::fs::File, InFlight)> {
        let mut temps = IN_FLIGHT.lock().unwrap_or_else(|e| e.into_inner());
        let file = create_temp(tmp)?;
        temps.push(tmp.to_path_buf());
        Ok((file, InFlight(tmp.to_path_buf())))
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let mut temps = IN_FLIGHT.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = temps.iter().rposition(|t| *t == self.0) {
            temps.swap_remove(i);
        }
    }
}

/// Where and how an output path is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A regular file or a path that does not exist yet (symbolic links resolved): written to a
    /// temporary file in the same folder, then renamed over this path.
    Replace(PathBuf),
    /// A character or block device or a FIFO: opened for writing (no creation, no truncation,
    /// no rename) and written through.
    WriteThrough(PathBuf),
}

impl Target {
    /// How `path` is written: symbolic links are followed (a dangling link resolves to the
    /// file it names, which is then created); a regular or missing file is replaced; a
    /// device or FIFO is written through.
    ///
    /// # Errors
    /// An I/O error when `path` is empty, a folder or a socket, when a link cannot be read,
    /// or after more than 40 links.
    pub fn resolve(path: &Path) -> std::io::Result<Target> {
        // `--fix ''` (an unset variable) once failed after the work with "cannot write : :
        // No such file or directory".
        if path.as_os_str().is_empty() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "an empty path names no file; name one",
            ));
        }
        let mut p = path.to_path_buf();
        for _ in 0..MAX_LINKS {
            let meta = match std::fs::symlink_metadata(&p) {
                Ok(m) => m,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    return Ok(Target::Replace(p))
                }
                Err(e) => return Err(e),
            };
            let ft = meta.file_type();
            if ft.is_symlink() {
                // A link the kernel follows to a FIFO or device may name no path at all:
                // `/dev/stdout` on a pipe reads `pipe:[1234]`. Such a target is written
                // through the link (a socket is refused, below).
                if let Ok(end) = std::fs::metadata(&p) {
                    let end = end.file_type();
                    if !end.is_file() && !end.is_dir() {
                        return special(p, end);
                    }
                }
                let link = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
                continue;
            }
            if ft.is_file() {
                return Ok(Target::Replace(p));
            }
            if ft.is_dir() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::IsADirectory,
                    "is a directory",
                ));
            }
            return special(p, ft);
        }
        Err(std::io::Error::other(format!(
            "more than {MAX_LINKS} symbolic links"
        )))
    }

    /// True when the output is written through (a device or FIFO), not replaced.
    pub fn is_write_through(&self) -> bool {
        matches!(self, Target::WriteThrough(_))
    }
}

/// A path that is neither a regular file nor a folder: a socket is refused, a device or
/// FIFO written through.
fn special(p: PathBuf, ft: std::fs::FileType) -> std::io::Result<Target> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_socket() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "is a socket: refused as an output (only files, devices and FIFOs)",
            ));
        }
    }
    #[cfg(not(unix))]
    let _ = ft;
    Ok(Target::WriteThrough(p))
}

/// True when `path` names a device or FIFO (through any symbolic links), which outputs are
/// written through and whose companion files are not written (see the module doc).
pub fn is_write_through(path: &Path) -> bool {
    matches!(Target::resolve(path), Ok(Target::WriteThrough(_)))
}

/// A device or FIFO whose reader left before the end (`EPIPE`) as an error of its own
/// kind: a broken pipe is what a closed standard output gives, which the binary takes as
/// the reader's choice (`folio words export | head`), but an output the user named that
/// got only part of its bytes is a failed write.
fn reader_left(e: std::io::Error) -> std::io::Error {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::io::Error::other(
            "the reader left before the end: the output is incomplete (broken pipe)",
        )
    } else {
        e
    }
}

/// Checks, before any work, that `path` can be written as [`write_atomic`] and
/// [`write_files_atomic`] will write it: the same resolution ([`Target::resolve`]: not empty,
/// not a folder or socket, links followed), and for a file to replace, a temporary file
/// created (and removed at once) in its folder, so a missing folder, a file where the folder
/// should be or a folder that takes no new file is said before the books are read, not after.
/// A device or FIFO is not opened (opening a FIFO would wait for its reader).
///
/// # Errors
/// [`Error::Io`] naming `path`, with the reason the write would give.
pub fn check_writable(path: &Path) -> Result<()> {
    match Target::resolve(path).map_err(|e| Error::io(path, e))? {
        Target::WriteThrough(_) => Ok(()),
        Target::Replace(target) => {
            let tmp = temp_path(&target);
            let listed = InFlight::create(&tmp).map_err(|e| Error::io(path, e))?;
            let _ = std::fs::remove_file(&tmp);
            drop(listed);
            Ok(())
        }
    }
}

/// Opens a device or FIFO for writing: no creation, no truncation.
fn open_through(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::OpenOptions::new().write(true).open(path)
}

/// Writes the file at `path` through `fill`, atomically.
///
/// `fill` receives a buffered writer on a temporary file beside `path` (beside the file a
/// symbolic link names); when it returns `Ok`, the file is flushed, synced and renamed over
/// it. On any error the temporary file is removed and `path` is untouched. A device or FIFO
/// is written through instead (see [`Target::resolve`]).
///
/// # Errors
/// [`Error::Io`] naming `path` when the folder is not writable, `path` is a folder or a
/// socket, or `fill` or the rename fails.
pub fn write_atomic<F>(path: &Path, fill: F) -> Result<()>
where
    F: FnOnce(&mut BufWriter<std::fs::File>) -> std::io::Result<()>,
{
    let target = match Target::resolve(path).map_err(|e| Error::io(path, e))? {
        Target::Replace(t) => t,
        Target::WriteThrough(t) => {
            return (|| -> std::io::Result<()> {
                let mut w = BufWriter::new(open_through(&t)?);
                fill(&mut w)?;
                w.flush()
            })()
            .map_err(|e| Error::io(path, reader_left(e)));
        }
    };
    let tmp = temp_path(&target);
    let mut listed = None;
    let result = (|| -> std::io::Result<()> {
        let (file, l) = InFlight::create(&tmp)?;
        listed = Some(l);
        let mut w = BufWriter::new(file);
        fill(&mut w)?;
        let file = w.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        keep_permissions(&tmp, &target)?;
        std::fs::rename(&tmp, &target)
    })();
    let result = result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Error::io(path, e)
    });
    drop(listed);
    result
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
/// Paths are resolved as in [`Target::resolve`]. When the first (main) file is a device or
/// FIFO, it alone is written through and the others are skipped (callers can tell with
/// [`is_write_through`]); a companion that is itself a device or FIFO is written through
/// once the others are written and synced, before any is renamed, so its failure leaves
/// every file as it was.
///
/// # Errors
/// [`Error::Io`] naming the file that could not be written or renamed, or whose path is a
/// folder or a socket.
pub fn write_files_atomic(files: &[(&Path, &[u8])]) -> Result<()> {
    let contents: Vec<(&Path, Content<'_>)> =
        files.iter().map(|(p, b)| (*p, Content::Bytes(b))).collect();
    write_contents_atomic(&contents)
}

/// What one file of [`write_contents_atomic`] holds.
#[derive(Clone, Copy, Debug)]
pub enum Content<'a> {
    /// These bytes.
    Bytes(&'a [u8]),
    /// The bytes of this file, copied by the kernel where it can (`copy_file_range`): none of
    /// its pages are read into (or mapped by) this process, so a large file built on disk
    /// (the bounded-memory ingest's fsts) costs no memory to be written.
    File(&'a Path),
}

impl Content<'_> {
    fn write_to(&self, w: &mut std::fs::File) -> std::io::Result<()> {
        match self {
            Content::Bytes(b) => w.write_all(b),
            Content::File(p) => {
                let mut f = std::fs::File::open(p)?;
                std::io::copy(&mut f, w).map(|_| ())
            }
        }
    }
}

/// As [`write_files_atomic`], each file's content given as bytes or as a file to copy.
///
/// # Errors
/// As [`write_files_atomic`]; [`Error::Io`] naming the output when a source file cannot be
/// read.
pub fn write_contents_atomic(files: &[(&Path, Content<'_>)]) -> Result<()> {
    // Resolved before anything is written: a folder or socket among the targets (a rename
    // onto a folder fails; `g.counts.fst/` once left a new `g.fst` beside the old counts
    // map) refuses the whole group.
    let mut targets = Vec::with_capacity(files.len());
    for (path, content) in files {
        let t = Target::resolve(path).map_err(|e| Error::io(path, e))?;
        if targets.is_empty() && t.is_write_through() {
            return write_through(path, &t, content);
        }
        targets.push(t);
    }
    let temps: Vec<Option<PathBuf>> = targets
        .iter()
        .map(|t| match t {
            Target::Replace(p) => Some(temp_path(p)),
            Target::WriteThrough(_) => None,
        })
        .collect();
    // Listed when made (`InFlight::create`), unlisted when the group is done.
    let listed: Mutex<Vec<InFlight>> = Mutex::new(Vec::new());
    let cleanup = |temps: &[Option<PathBuf>]| {
        for t in temps.iter().flatten() {
            let _ = std::fs::remove_file(t);
        }
    };
    // Written and synced on parallel threads: each `sync_all` waits for the disk, and
    // the waits overlap instead of adding up.
    let written: Vec<std::io::Result<()>> = files
        .par_iter()
        .zip(&temps)
        .map(|((_, content), tmp)| match tmp {
            Some(tmp) => {
                let (mut file, l) = InFlight::create(tmp)?;
                listed.lock().unwrap_or_else(|e| e.into_inner()).push(l);
                content.write_to(&mut file)?;
                file.sync_all()
            }
            None => Ok(()),
        })
        .collect();
    for ((path, _), w) in files.iter().zip(written) {
        if let Err(e) = w {
            cleanup(&temps);
            return Err(Error::io(path, e));
        }
    }
    // A device or FIFO of the group (a report to /dev/stdout) is written before any rename:
    // its failure (`/dev/full`, a reader that left) then leaves every file as it was.
    for ((path, content), target) in files.iter().zip(&targets) {
        if target.is_write_through() {
            if let Err(e) = write_through(path, target, content) {
                cleanup(&temps);
                return Err(e);
            }
        }
    }
    // Two runs writing the same group (`words import -o s.fst` twice at once) rename in
    // turn, each its whole group: interleaved renames once left one run's set beside the
    // other's manifest. Released when `_locks` drops, after the last rename.
    let _locks = lock_folders(targets.iter().filter_map(|t| match t {
        Target::Replace(p) => Some(p.as_path()),
        Target::WriteThrough(_) => None,
    }));
    for (i, ((path, _), (tmp, target))) in files.iter().zip(temps.iter().zip(&targets)).enumerate()
    {
        if let (Some(tmp), Target::Replace(t)) = (tmp, target) {
            if let Err(e) = keep_permissions(tmp, t).and_then(|()| std::fs::rename(tmp, t)) {
                cleanup(&temps[i..]);
                return Err(Error::io(path, e));
            }
        }
    }
    Ok(())
}

/// Takes an exclusive `flock` on the folder of each of `files` (each folder once, in order,
/// so two runs cannot wait on each other), and returns the open folders: the locks hold
/// until they are dropped. A lock is a courtesy among folio runs, not a guarantee: a folder
/// that cannot be opened or locked (another system's file system) is passed over, and the
/// group is then renamed as before.
fn lock_folders<'a>(files: impl Iterator<Item = &'a Path>) -> Vec<std::fs::File> {
    let mut dirs: Vec<PathBuf> = files
        .map(|p| match p.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        })
        .filter_map(|d| std::fs::canonicalize(d).ok())
        .collect();
    dirs.sort();
    dirs.dedup();
    dirs.into_iter()
        .filter_map(|d| {
            let f = std::fs::File::open(d).ok()?;
            lock_exclusive(&f).then_some(f)
        })
        .collect()
}

/// Waits for an exclusive `flock` on `f`; false when it cannot be taken.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn lock_exclusive(f: &std::fs::File) -> bool {
    use std::os::fd::AsRawFd;
    // SAFETY: `flock` on a descriptor `f` owns and keeps open; it touches no memory.
    unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX) == 0 }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn lock_exclusive(_: &std::fs::File) -> bool {
    false
}

fn write_through(path: &Path, target: &Target, content: &Content<'_>) -> Result<()> {
    let (Target::WriteThrough(t) | Target::Replace(t)) = target;
    open_through(t)
        .and_then(|mut f| content.write_to(&mut f))
        .map_err(|e| Error::io(path, reader_left(e)))
}

/// Gives the temporary file `tmp` the permissions of the regular file `target` it is about
/// to replace, so a replaced file keeps its mode (a private `0600` file does not become
/// world-readable, a read-only one stays read-only). A new file keeps the default mode.
fn keep_permissions(tmp: &Path, target: &Path) -> std::io::Result<()> {
    match std::fs::symlink_metadata(target) {
        Ok(m) if m.is_file() => std::fs::set_permissions(tmp, m.permissions()),
        _ => Ok(()),
    }
}

/// Creates the temporary file `tmp`; its error says that this file, beside the output, is
/// what could not be made (`/proc/version` is a file, but `/proc` takes no new file: the
/// bare "No such file or directory" named an output that exists).
fn create_temp(tmp: &Path) -> std::io::Result<std::fs::File> {
    std::fs::File::create(tmp).map_err(|e| {
        let dir = tmp.parent().unwrap_or(Path::new("."));
        std::io::Error::new(
            e.kind(),
            format!(
                "cannot create a new file in {} to write it to (an output is written beside \
                 itself, then renamed over it): {e}",
                folio_core::file_name::in_message(dir)
            ),
        )
    })
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

    /// A group's renames wait for another run's: while the folder's lock is held elsewhere,
    /// nothing of the group appears; once it is released, all of it does.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[test]
    fn a_group_is_renamed_while_its_folder_is_locked_by_no_other_run() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().to_path_buf();
        let held = lock_folders(std::iter::once(d.join("s.fst").as_path()));
        assert_eq!(held.len(), 1);
        let writer = std::thread::spawn({
            let d = d.clone();
            move || write_files_atomic(&[(&d.join("s.fst"), b"set"), (&d.join("s.json"), b"{}")])
        });
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert!(!d.join("s.fst").exists() && !d.join("s.json").exists());
        drop(held);
        writer.join().unwrap().unwrap();
        assert_eq!(std::fs::read(d.join("s.fst")).unwrap(), b"set");
        assert_eq!(std::fs::read(d.join("s.json")).unwrap(), b"{}");
    }

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

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let private = dir.path().join("private.gcg");
        let shared = dir.path().join("shared.fst");
        std::fs::write(&private, b"old").unwrap();
        std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).unwrap();
        std::fs::write(&shared, b"old").unwrap();
        std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_bytes_atomic(&private, b"new").unwrap();
        write_files_atomic(&[(&shared, b"new")]).unwrap();
        assert_eq!(std::fs::read(&private).unwrap(), b"new");
        assert_eq!(mode(&private), 0o600);
        assert_eq!(std::fs::read(&shared).unwrap(), b"new");
        assert_eq!(mode(&shared), 0o640);
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

    /// Makes a FIFO at `p` with the `mkfifo` command; false when it is not available.
    #[cfg(unix)]
    fn mkfifo(p: &Path) -> bool {
        std::process::Command::new("mkfifo")
            .arg(p)
            .status()
            .map(|s| s.success())
            .unwrap_or(false)
    }

    /// Reads the FIFO at `p` to its end on another thread (opening a FIFO for writing waits
    /// for a reader).
    #[cfg(unix)]
    fn drain(p: &Path) -> std::thread::JoinHandle<Vec<u8>> {
        let p = p.to_path_buf();
        std::thread::spawn(move || std::fs::read(p).unwrap())
    }

    /// A FIFO whose reader reads one byte and leaves: the write fails naming the FIFO,
    /// and no broken pipe is in its causes (the binary takes that for a closed stdout and
    /// once exited 0 with a truncated output).
    #[cfg(unix)]
    #[test]
    fn a_fifo_whose_reader_leaves_is_a_failed_write() {
        use std::io::Read;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        if !mkfifo(&fifo) {
            eprintln!("skipped: no mkfifo command");
            return;
        }
        let p = fifo.clone();
        let reader = std::thread::spawn(move || {
            let mut byte = [0u8; 1];
            std::fs::File::open(p)
                .unwrap()
                .read_exact(&mut byte)
                .unwrap();
        });
        // Past any pipe's buffer: the writer is still writing when the reader leaves.
        let big = vec![b'x'; 4 << 20];
        let err = write_bytes_atomic(&fifo, &big).unwrap_err();
        reader.join().unwrap();
        let text = err.to_string();
        assert!(
            text.contains("pipe") && text.contains("the reader left"),
            "{text}"
        );
        let mut cause: Option<&dyn std::error::Error> = Some(&err);
        while let Some(c) = cause {
            if let Some(io) = c.downcast_ref::<std::io::Error>() {
                assert_ne!(io.kind(), std::io::ErrorKind::BrokenPipe, "{text}");
            }
            cause = c.source();
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_written_through_never_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        if !mkfifo(&fifo) {
            eprintln!("skipped: no mkfifo command");
            return;
        }
        let is_fifo = |p: &Path| std::fs::symlink_metadata(p).unwrap().file_type().is_fifo();
        assert_eq!(
            Target::resolve(&fifo).unwrap(),
            Target::WriteThrough(fifo.clone())
        );
        let reader = drain(&fifo);
        write_bytes_atomic(&fifo, b"through").unwrap();
        assert_eq!(reader.join().unwrap(), b"through");
        assert!(is_fifo(&fifo));
        // A group whose main file is a FIFO: the main file alone, no companions beside it.
        let reader = drain(&fifo);
        let side = dir.path().join("pipe.json");
        write_files_atomic(&[(&fifo, b"set"), (&side, b"{}")]).unwrap();
        assert_eq!(reader.join().unwrap(), b"set");
        assert!(is_fifo(&fifo));
        assert!(!side.exists(), "a companion was written beside a FIFO");
        // A FIFO as a companion is written through after the regular files are renamed.
        let main = dir.path().join("g.fst");
        let reader = drain(&fifo);
        write_files_atomic(&[(&main, b"set"), (&fifo, b"{}")]).unwrap();
        assert_eq!(reader.join().unwrap(), b"{}");
        assert_eq!(std::fs::read(&main).unwrap(), b"set");
        assert!(is_fifo(&fifo));
        // No temporary file left: the folder holds the FIFO and g.fst.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_is_followed_and_its_target_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let real_dir = dir.path().join("real");
        std::fs::create_dir(&real_dir).unwrap();
        let target = real_dir.join("out.txt");
        std::fs::write(&target, b"old").unwrap();
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink("real/out.txt", &link).unwrap();
        assert_eq!(
            Target::resolve(&link).unwrap(),
            Target::Replace(dir.path().join("real/out.txt"))
        );
        write_bytes_atomic(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
        // The temporary file was made in the target's folder and is gone.
        assert_eq!(std::fs::read_dir(&real_dir).unwrap().count(), 1);
        // Through a group too, and a dangling link creates the file it names.
        let dangling = dir.path().join("dangling.fst");
        std::os::unix::fs::symlink(real_dir.join("made.fst"), &dangling).unwrap();
        write_files_atomic(&[(&dangling, b"set"), (&link, b"again")]).unwrap();
        assert_eq!(std::fs::read(real_dir.join("made.fst")).unwrap(), b"set");
        assert_eq!(std::fs::read(&target).unwrap(), b"again");
        assert!(std::fs::symlink_metadata(&dangling)
            .unwrap()
            .file_type()
            .is_symlink());
        // A loop of links is an error, not a hang.
        let a = dir.path().join("a");
        let b = dir.path().join("b");
        std::os::unix::fs::symlink(&b, &a).unwrap();
        std::os::unix::fs::symlink(&a, &b).unwrap();
        assert!(write_bytes_atomic(&a, b"x").is_err());
    }

    /// The check before the work refuses what the write after it would: a missing folder,
    /// a folder as the output, a file as the output's folder; it accepts a new or regular
    /// file and a device, and leaves nothing behind.
    #[test]
    fn check_writable_refuses_what_the_write_would() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("file"), b"x").unwrap();
        let refused = |p: &Path| check_writable(p).unwrap_err().to_string();
        assert!(refused(&d.join("nodir/x.fst")).contains("cannot create a new file in"));
        assert!(refused(d).contains("is a directory"));
        assert!(refused(&d.join("file/x.fst")).contains("file/x.fst"));
        check_writable(&d.join("new.fst")).unwrap();
        check_writable(&d.join("file")).unwrap();
        #[cfg(unix)]
        check_writable(Path::new("/dev/null")).unwrap();
        assert_eq!(
            std::fs::read_dir(d).unwrap().count(),
            1,
            "a probe was left behind"
        );
    }

    #[test]
    fn an_empty_path_is_refused_before_writing() {
        let e = Target::resolve(Path::new("")).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput);
        let e = write_bytes_atomic(Path::new(""), b"x").unwrap_err();
        assert!(e.to_string().contains("an empty path names no file"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_socket_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let sock = dir.path().join("s.sock");
        let _listener = std::os::unix::net::UnixListener::bind(&sock).unwrap();
        let err = write_bytes_atomic(&sock, b"x").unwrap_err();
        assert!(err.to_string().contains("socket"), "{err}");
        let err = write_files_atomic(&[(&sock, b"x")]).unwrap_err();
        assert!(err.to_string().contains("s.sock"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn dev_null_is_written_through() {
        use std::os::unix::fs::FileTypeExt;
        let null = Path::new("/dev/null");
        if !null.exists() {
            return;
        }
        assert!(is_write_through(null));
        write_bytes_atomic(null, b"x").unwrap();
        assert!(std::fs::symlink_metadata(null)
            .unwrap()
            .file_type()
            .is_char_device());
    }
}
