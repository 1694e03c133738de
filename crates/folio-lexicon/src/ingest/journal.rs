//! The work folder of a resumable ingest (`folio ingest … --memory SIZE --work DIR`): the
//! sorted runs kept as partials, and a journal of the runs that are finished and the books
//! each holds, so that an interrupted run, given the same command again, counts only the
//! books still to do and merges the old runs with the new ones.
//!
//! ```text
//! DIR/journal        one JSON object a line, appended and fsynced as each run is finished:
//!                    first {"folio_work":1,"partial_format":1,"policy":{…}}, then one
//!                    {"run":"run-3.part","bytes":…,"checksum":"…","books":[{"path":…,
//!                    "bytes":…,"modified":[s,ns]}, …]} per finished run
//! DIR/run-N.part     the runs (partials, docs/formats.md); written as run-N.part.tmp,
//!                    fsynced, renamed into place, the folder fsynced, then journaled
//! DIR/lock           held (flock) while a run uses the folder
//! ```
//!
//! A run is trusted only once its journal line is complete on disk: a run file without a
//! line (the process was killed between the rename and the journal), a `.tmp` file, or a
//! torn last line are left over by an interrupted run and are removed when the folder is
//! opened again. A journaled run is checked whole before it is trusted (its size, its
//! checksum as the journal recorded it, every record and the partial's own SHA-256, its
//! policy and its books); one that fails is removed and its books are counted again, as
//! are the books of a run that holds a book no longer among the inputs or changed since
//! (another size or modification time). A folder made under another policy or another
//! partial format is refused by name.

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::ingest::manifest::InputReport;
use crate::ingest::{Input, Source};
use crate::partial::format::{partial_policy, PartialReader, Record, FORMAT};
use crate::policy::Policy;

/// The version of the work folder's layout and journal.
pub const WORK_FORMAT: u32 = 1;
const JOURNAL: &str = "journal";
const LOCK: &str = "lock";

/// The journal's first line.
#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct Head {
    folio_work: u32,
    partial_format: u32,
    policy: Policy,
}

/// How a book is recognised again: its path as given, its size and its modification time
/// (seconds and nanoseconds since the Unix epoch), as `rsync` recognises unchanged files.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BookId {
    /// The path as given (the manifest's `path`).
    pub path: String,
    /// Its size in bytes.
    pub bytes: u64,
    /// Its modification time: seconds and nanoseconds since the Unix epoch.
    pub modified: (i64, u32),
}

impl BookId {
    /// The book at `path` (labelled `label`) as it is now.
    fn of(label: &str, path: &Path) -> std::io::Result<BookId> {
        let meta = std::fs::metadata(path)?;
        let modified = meta.modified()?;
        let modified = match modified.duration_since(std::time::UNIX_EPOCH) {
            Ok(d) => (d.as_secs() as i64, d.subsec_nanos()),
            Err(e) => (
                -(e.duration().as_secs() as i64),
                e.duration().subsec_nanos(),
            ),
        };
        Ok(BookId {
            path: label.to_string(),
            bytes: meta.len(),
            modified,
        })
    }
}

/// One finished run as the journal records it.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct RunEntry {
    /// The file's name in the work folder.
    run: String,
    /// Its size.
    bytes: u64,
    /// The partial's SHA-256 (its last 32 bytes), in hex.
    checksum: String,
    /// Its books.
    books: Vec<BookId>,
}

/// An open work folder (see the module docs): the runs it holds that are trusted, and the
/// books they hold. Held locked until dropped.
#[derive(Debug)]
pub struct Work {
    dir: PathBuf,
    journal: std::fs::File,
    runs: Vec<RunEntry>,
    done: HashSet<String>,
    /// Every input as it was when the folder was opened: what a run journals of its books
    /// (a book changed during the run is then read again when resuming).
    now: HashMap<String, Option<BookId>>,
    next: usize,
    notes: Vec<String>,
    _lock: std::fs::File,
}

fn bad(dir: &Path, reason: String) -> Error {
    Error::WorkFolder {
        path: dir.to_path_buf(),
        reason,
    }
}

impl Work {
    /// Opens the work folder `dir` for an ingest of `inputs` under `policy`, making it when it
    /// does not exist, and decides which of its runs are trusted (see the module docs).
    ///
    /// # Errors
    /// [`Error::WorkFolder`] naming `dir` when it holds other files than a work folder's, was
    /// made under another policy or partial format, has an unreadable journal, is in use by
    /// another run, or when an input is standard input (a stream cannot be recognised
    /// again); [`Error::Io`] when it cannot be read or written.
    pub fn open(dir: &Path, policy: &Policy, inputs: &[Input]) -> Result<Work> {
        if inputs.iter().any(|i| i.source == Source::Stdin) {
            return Err(bad(
                dir,
                "standard input (-) cannot be resumed: give the books as files".into(),
            ));
        }
        if let Ok(meta) = std::fs::metadata(dir) {
            if !meta.is_dir() {
                return Err(bad(
                    dir,
                    "is a file, not a folder: give --work a new or empty folder".into(),
                ));
            }
        }
        std::fs::create_dir_all(dir).map_err(|e| {
            bad(
                dir,
                format!("cannot make the work folder ({e}): give --work a folder folio can write"),
            )
        })?;
        let journal_path = dir.join(JOURNAL);
        let fresh = !journal_path.exists();
        if fresh {
            let mut entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
            if let Some(e) = entries.next() {
                let e = e.map_err(|e| Error::io(dir, e))?;
                if e.file_name() != LOCK {
                    return Err(bad(
                        dir,
                        format!(
                            "not a work folder of folio ingest (no journal, and it holds {}): \
                             give an empty or new folder",
                            folio_core::quote::quoted(&e.file_name().to_string_lossy())
                        ),
                    ));
                }
            }
        }
        let lock = lock(dir)?;
        let head = Head {
            folio_work: WORK_FORMAT,
            partial_format: FORMAT,
            policy: partial_policy(policy),
        };
        let mut notes = Vec::new();
        let mut runs = Vec::new();
        if !fresh {
            let text = std::fs::read(&journal_path).map_err(|e| Error::io(&journal_path, e))?;
            // No complete line (the run that made the folder ended before its head was
            // on disk): nothing was journaled, so the folder starts afresh; its leftover
            // run files are removed below like any run the journal does not name.
            if let Some((found, entries)) = read_journal(dir, &text)? {
                check_head(dir, &found, &head)?;
                runs = entries;
            }
        }
        // Runs holding a book that is no longer given as it was are counted again.
        let mut now: HashMap<String, Option<BookId>> = HashMap::new();
        for i in crate::ingest::dedup(inputs).inputs {
            if let Source::File(p) = &i.source {
                now.insert(i.label.clone(), BookId::of(&i.label, p).ok());
            }
        }
        // A book journaled under one spelling of its path and given now under another
        // (`bk/a.txt`, `./bk/a.txt`, an absolute path): its run names it as first given, so
        // reusing it would not give one run's bytes, and dropping it would throw the work
        // away. Refused, the folder kept, with what to do.
        let canonical: HashMap<PathBuf, &str> = now
            .keys()
            .filter_map(|label| Some((std::fs::canonicalize(label).ok()?, label.as_str())))
            .collect();
        for run in &runs {
            for b in run.books.iter().filter(|b| !now.contains_key(&b.path)) {
                let Some(given) = std::fs::canonicalize(&b.path)
                    .ok()
                    .and_then(|c| canonical.get(&c))
                else {
                    continue;
                };
                return Err(bad(
                    dir,
                    format!(
                        "its runs name the books as first given ({}), this run gives them \
                         otherwise ({}): rerun with the paths spelled as the first time, or \
                         give another --work folder",
                        folio_core::quote::quoted(&b.path),
                        folio_core::quote::quoted(given)
                    ),
                ));
            }
        }
        let mut trusted = Vec::new();
        for run in runs {
            let changed = run
                .books
                .iter()
                .find(|b| now.get(&b.path).and_then(Option::as_ref) != Some(*b));
            let still = run
                .books
                .iter()
                .filter(|b| now.contains_key(&b.path))
                .count();
            let run_path = dir.join(&run.run);
            let again = |why: String| {
                format!(
                    "{}: {why}: its {} counted again",
                    folio_core::file_name::in_message(&run_path),
                    match run.books.len() {
                        1 => "book is".to_string(),
                        n => format!("{n} books are"),
                    }
                )
            };
            let note = match changed {
                Some(b) if !now.contains_key(&b.path) => Some(format!(
                    "{}: holds {}, which is not among the inputs now: the run is dropped, and \
                     the {still} of its {} still given {} counted again",
                    folio_core::file_name::in_message(&run_path),
                    folio_core::quote::quoted(&b.path),
                    folio_core::plural(run.books.len(), "book", "books"),
                    folio_core::noun(still, "is", "are")
                )),
                Some(b) => Some(again(format!(
                    "holds {}, which has changed since (size or modification time)",
                    folio_core::quote::quoted(&b.path)
                ))),
                None => verify(dir, &run, &head.policy).err().map(again),
            };
            match note {
                None => trusted.push(run),
                Some(note) => notes.push(note),
            }
        }
        // What the journal does not name was left by an interrupted run: never trusted.
        let keep: HashSet<&str> = trusted.iter().map(|r| r.run.as_str()).collect();
        let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
        for e in entries {
            let e = e.map_err(|e| Error::io(dir, e))?;
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with("run-") && !keep.contains(name.as_str()) {
                let p = e.path();
                std::fs::remove_file(&p).map_err(|e| Error::io(&p, e))?;
            }
        }
        // The journal rewritten with the trusted runs only, atomically; then appended to.
        let mut text = serde_json::to_string(&head).map_err(|e| bad(dir, e.to_string()))?;
        text.push('\n');
        for r in &trusted {
            text.push_str(&serde_json::to_string(r).map_err(|e| bad(dir, e.to_string()))?);
            text.push('\n');
        }
        let tmp = dir.join("journal.tmp");
        {
            let mut f = std::fs::File::create(&tmp).map_err(|e| Error::io(&tmp, e))?;
            f.write_all(text.as_bytes())
                .and_then(|()| f.sync_all())
                .map_err(|e| Error::io(&tmp, e))?;
        }
        std::fs::rename(&tmp, &journal_path).map_err(|e| Error::io(&journal_path, e))?;
        sync_dir(dir)?;
        let journal = std::fs::OpenOptions::new()
            .append(true)
            .open(&journal_path)
            .map_err(|e| Error::io(&journal_path, e))?;
        let next = trusted
            .iter()
            .filter_map(|r| run_number(&r.run))
            .max()
            .map_or(0, |n| n + 1);
        let done = trusted
            .iter()
            .flat_map(|r| r.books.iter().map(|b| b.path.clone()))
            .collect();
        Ok(Work {
            dir: dir.to_path_buf(),
            journal,
            runs: trusted,
            done,
            now,
            next,
            notes,
            _lock: lock,
        })
    }

    /// Whether `input` is in a finished run (and is not to be read again).
    pub fn is_done(&self, input: &Input) -> bool {
        self.done.contains(&input.label)
    }

    /// The books held by the finished runs (those this run journals included).
    pub fn resumed_books(&self) -> usize {
        self.done.len()
    }

    /// The bytes of the books held by the finished runs (those this run journals included).
    pub fn resumed_bytes(&self) -> u64 {
        self.runs
            .iter()
            .flat_map(|r| &r.books)
            .map(|b| b.bytes)
            .sum()
    }

    /// The finished runs' paths.
    pub fn runs(&self) -> Vec<PathBuf> {
        self.runs.iter().map(|r| self.dir.join(&r.run)).collect()
    }

    /// What was noticed opening the folder: runs not trusted, whose books are counted again.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// The work folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Writes a run by `write` (into the path it is given, a new file), makes it durable,
    /// moves it into place and journals it with its `books`; returns its path.
    ///
    /// # Errors
    /// As `write`; [`Error::Io`] naming the file that cannot be synced, renamed or journaled.
    pub(crate) fn store(
        &mut self,
        books: &[InputReport],
        write: impl FnOnce(&Path) -> Result<()>,
    ) -> Result<PathBuf> {
        let name = format!("run-{}.part", self.next);
        self.next += 1;
        let tmp = self.dir.join(format!("{name}.tmp"));
        let path = self.dir.join(&name);
        write(&tmp)?;
        let (bytes, checksum) = {
            let f = std::fs::File::open(&tmp).map_err(|e| Error::io(&tmp, e))?;
            f.sync_all().map_err(|e| Error::io(&tmp, e))?;
            trailing_checksum(&f).map_err(|e| Error::io(&tmp, e))?
        };
        std::fs::rename(&tmp, &path).map_err(|e| Error::io(&path, e))?;
        sync_dir(&self.dir)?;
        // A book not recognised at the start (it could not be read then) is journaled as
        // never seen: its run is counted again when resuming.
        let ids = books
            .iter()
            .map(|b| match self.now.get(&b.path) {
                Some(Some(id)) => id.clone(),
                _ => BookId {
                    path: b.path.clone(),
                    bytes: u64::MAX,
                    modified: (i64::MIN, 0),
                },
            })
            .collect();
        let entry = RunEntry {
            run: name,
            bytes,
            checksum,
            books: ids,
        };
        let mut line = serde_json::to_string(&entry).map_err(|e| bad(&self.dir, e.to_string()))?;
        line.push('\n');
        let jp = self.dir.join(JOURNAL);
        self.journal
            .write_all(line.as_bytes())
            .and_then(|()| self.journal.sync_data())
            .map_err(|e| Error::io(&jp, e))?;
        self.done.extend(entry.books.iter().map(|b| b.path.clone()));
        self.runs.push(entry);
        Ok(path)
    }

    /// Removes the work folder after a successful run: its runs, its journal, its lock, then
    /// the folder itself (left in place, with a note, when it holds anything else).
    ///
    /// # Errors
    /// [`Error::Io`] naming a file that cannot be removed.
    pub fn remove(self) -> Result<Option<String>> {
        let Work { dir, runs, .. } = self;
        for r in &runs {
            let p = dir.join(&r.run);
            std::fs::remove_file(&p).map_err(|e| Error::io(&p, e))?;
        }
        for f in [JOURNAL, LOCK] {
            let p = dir.join(f);
            match std::fs::remove_file(&p) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(Error::io(&p, e)),
            }
        }
        Ok(std::fs::remove_dir(&dir).err().map(|e| {
            format!(
                "{}: not removed: {e}",
                folio_core::file_name::in_message(&dir)
            )
        }))
    }
}

/// Reads a journal's text as [`Work::open`] does (without touching the folder `dir` names):
/// the finished runs it names, each with the paths of its books.
///
/// # Errors
/// [`Error::WorkFolder`] naming `dir` when the text is not a work folder's journal (as
/// [`Work::open`]).
pub fn parse_journal(dir: &Path, text: &[u8]) -> Result<Vec<(String, Vec<String>)>> {
    let runs = read_journal(dir, text)?.map_or_else(Vec::new, |(_, runs)| runs);
    Ok(runs
        .into_iter()
        .map(|r| (r.run, r.books.into_iter().map(|b| b.path).collect()))
        .collect())
}

/// The journal's head and its finished runs; a torn last line (no line break: the process
/// was killed while appending it) is left out. `None` when no line is complete (an empty
/// journal, or a torn head): nothing was journaled, the folder is as good as new.
fn read_journal(dir: &Path, text: &[u8]) -> Result<Option<(Head, Vec<RunEntry>)>> {
    let text = String::from_utf8_lossy(text);
    let complete = match text.rfind('\n') {
        Some(i) => &text[..=i],
        None => "",
    };
    let mut lines = complete.lines();
    let Some(first) = lines.next() else {
        return Ok(None);
    };
    let head: Head = serde_json::from_str(first).map_err(|e| {
        bad(
            dir,
            format!(
                "journal line 1 is not a folio work folder's head ({e}); it was made by \
                 another version of folio, or is not a work folder: remove it or give \
                 another --work folder"
            ),
        )
    })?;
    let mut runs = Vec::new();
    for (n, line) in lines.enumerate() {
        let entry: RunEntry = serde_json::from_str(line).map_err(|e| {
            bad(
                dir,
                format!(
                    "journal line {} unreadable ({e}): remove the folder to start over",
                    n + 2
                ),
            )
        })?;
        if run_number(&entry.run).is_none() {
            return Err(bad(
                dir,
                format!("journal line {} names {:?}, not a run", n + 2, entry.run),
            ));
        }
        runs.push(entry);
    }
    Ok(Some((head, runs)))
}

fn check_head(dir: &Path, found: &Head, want: &Head) -> Result<()> {
    if found.folio_work != want.folio_work || found.partial_format != want.partial_format {
        return Err(bad(
            dir,
            format!(
                "made by another folio (work folder version {}, partial format {}; this folio \
                 writes {} and {}): remove it or give another --work folder",
                found.folio_work, found.partial_format, want.folio_work, want.partial_format
            ),
        ));
    }
    if found.policy != want.policy {
        return Err(bad(
            dir,
            format!(
                "made under another policy ({}, not {}): resume with the options it was made \
                 with, or give another --work folder",
                found.policy.options(),
                want.policy.options()
            ),
        ));
    }
    Ok(())
}

/// `run-N.part` → N.
fn run_number(name: &str) -> Option<usize> {
    name.strip_prefix("run-")?
        .strip_suffix(".part")?
        .parse()
        .ok()
}

/// Checks a journaled run whole: its size and checksum as journaled, every record and the
/// partial's own SHA-256, its policy and its books.
fn verify(dir: &Path, run: &RunEntry, policy: &Policy) -> std::result::Result<(), String> {
    let path = dir.join(&run.run);
    let f = std::fs::File::open(&path).map_err(|e| format!("cannot be read ({e})"))?;
    let (bytes, checksum) = trailing_checksum(&f).map_err(|e| format!("cannot be read ({e})"))?;
    if bytes != run.bytes || checksum != run.checksum {
        return Err(format!(
            "is not the run the journal recorded ({bytes} bytes, {} journaled)",
            run.bytes
        ));
    }
    let mut reader = PartialReader::new(std::io::BufReader::new(f), &path).map_err(short)?;
    if reader.header().policy != *policy {
        return Err("was made under another policy".into());
    }
    let held: Vec<&str> = reader
        .header()
        .inputs
        .iter()
        .map(|i| i.path.as_str())
        .collect();
    let mut journaled: Vec<&str> = run.books.iter().map(|b| b.path.as_str()).collect();
    journaled.sort_unstable();
    let mut sorted = held.clone();
    sorted.sort_unstable();
    if sorted != journaled {
        return Err("holds other books than the journal says".into());
    }
    let mut rec = Record::default();
    while reader.next_into(&mut rec).map_err(short)? {}
    Ok(())
}

fn short(e: Error) -> String {
    match e {
        Error::Partial { reason, .. } => reason,
        e => e.to_string(),
    }
}

/// A file's size and its last 32 bytes in hex (a partial's SHA-256 of everything before).
fn trailing_checksum(f: &std::fs::File) -> std::io::Result<(u64, String)> {
    use std::os::unix::fs::FileExt;
    let len = f.metadata()?.len();
    let mut tail = [0u8; 32];
    if len >= 32 {
        f.read_exact_at(&mut tail, len - 32)?;
    }
    Ok((len, crate::ingest::hex(&tail)))
}

fn sync_dir(dir: &Path) -> Result<()> {
    std::fs::File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| Error::io(dir, e))
}

/// Takes the folder's lock (`DIR/lock`, `flock`), refusing a folder another run holds.
fn lock(dir: &Path) -> Result<std::fs::File> {
    let p = dir.join(LOCK);
    let f = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&p)
        .map_err(|e| Error::io(&p, e))?;
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: `flock` on a descriptor this function owns; it touches no memory.
        let r = unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
        if r != 0 {
            return Err(bad(
                dir,
                "in use by another folio ingest (its lock is held): wait for it, or give \
                 another --work folder"
                    .into(),
            ));
        }
    }
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_torn_last_line_is_left_out() {
        let d = Path::new("/nonexistent");
        let head = serde_json::to_string(&Head {
            folio_work: WORK_FORMAT,
            partial_format: FORMAT,
            policy: Policy::game(),
        })
        .unwrap();
        let text = format!("{head}\n{{\"run\":\"run-0.pa");
        let (h, runs) = read_journal(d, text.as_bytes()).unwrap().unwrap();
        assert_eq!(h.folio_work, WORK_FORMAT);
        assert!(runs.is_empty());
        // Nothing journaled yet: no head to check, no run.
        assert!(read_journal(d, b"").unwrap().is_none());
        assert!(read_journal(d, &head.as_bytes()[..10]).unwrap().is_none());
        let text = format!("{head}\n{{\"run\":\"run-0.pa\n");
        let err = read_journal(d, text.as_bytes()).unwrap_err().to_string();
        assert!(err.contains("journal line 2 unreadable"), "{err}");
    }

    #[test]
    fn run_names_are_numbered() {
        assert_eq!(run_number("run-12.part"), Some(12));
        assert_eq!(run_number("run-12.part.tmp"), None);
        assert_eq!(run_number("journal"), None);
    }
}
