//! Ingest in bounded memory (`--memory SIZE`) and into partials (`--partial`).
//!
//! Books are read and counted as by [`super::ingest_with`]; each book's counts are then
//! sorted by key (on the worker that counted it) and added to a batch. When the batch's
//! tables reach half the budget, the batch is written as a sorted run, a partial
//! ([`crate::partial`]), into a temporary folder, and a new batch starts: one batch is
//! written while the next fills, so the two stay within the budget. At the end the runs
//! are merged by streaming ([`crate::partial::Merge`]) into the word set, its counts and its
//! manifest — the same bytes as an unbounded run, whatever the budget and the thread count —
//! or into one partial.
//!
//! A book large for the budget (more than 1.5 pieces of `piece_bytes`: a 64th of the
//! budget, 1 to 4 MiB) is counted in pieces cut at paragraph breaks or whitespace
//! (`Pieces`), each sorted and added to the batch as it is counted, so its
//! counting tables honour the budget too; its pieces may land in several runs. A run's
//! header holds the book once (the pieces' tokens summed, `write_run_to`), and the merge
//! of the runs (`Merge::open_pieces`) takes the same book in several runs as one book,
//! listing it once per key and counting its distinct keys from the records. Not in a work
//! folder (`--work`): its journal trusts a finished run's books as done, so there a book is
//! counted whole.
//!
//! Above the budget: per worker thread, the book being counted (its mapped or read bytes,
//! its cleaned text) and, for the text counted at a time (the book or one piece), its
//! spelling tables and its keys while sorted: up to ~14 bytes a byte of text of only
//! distinct words; the merge's buffers (64 KiB per run, at most [`crate::partial::FAN_IN`]
//! runs open); the fst builders' registries; the books' manifest entries (~300 bytes a
//! book) (docs/ingest-scale.md states the bound and measures it).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

mod batch;

use super::{dedup, read_book, Book, Buffers, Input, Note, Outcome, Pieces, Reading};
use crate::error::{Error, Result};
use crate::ingest::book_counts::{bucket, BookCounts};
use crate::ingest::drops::Selection;
use crate::ingest::journal::Work;
use crate::ingest::manifest::{InputReport, Manifest, Skipped};
use crate::partial::format::{partial_policy, Header, PartialWriter, FORMAT};
use crate::partial::Merge;
use crate::policy::Policy;
use crate::set::paths::OutputPaths;

/// What a streamed ingest writes.
#[derive(Clone, Copy, Debug)]
pub enum Target<'a> {
    /// The word set, its counts map and its manifest.
    Set(&'a OutputPaths),
    /// One partial (`folio ingest --partial`), to be merged by `folio merge`.
    Partial(&'a Path),
    /// As [`Target::Set`], with `--include` / `--exclude` lists applied at the merge.
    SetWith(&'a OutputPaths, &'a Selection),
}

/// How a streamed ingest runs.
#[derive(Clone, Debug)]
pub struct Streaming {
    /// The budget for the counting tables, in bytes (`None`: no budget, one batch).
    pub memory: Option<u64>,
    /// Where the temporary folder of runs is made.
    pub scratch: PathBuf,
    /// How input files are read.
    pub reading: Reading,
}

/// What a streamed ingest did.
#[derive(Debug)]
pub struct Streamed {
    /// The manifest written (for [`Target::Set`]).
    pub manifest: Option<Manifest>,
    /// Books read (by this run: not those resumed from a work folder).
    pub books: u64,
    /// Books resumed from the work folder's finished runs (not read again).
    pub resumed: u64,
    /// Bytes of the books read.
    pub bytes: u64,
    /// Runs written (batches that reached the budget, and the last one).
    pub runs: usize,
    /// Remarks per input, sorted by path.
    pub notes: Vec<Note>,
}

/// One book's keys sorted bytewise, each once, with `count << 1 | lower_case`; stored flat.
struct SortedBook {
    report: InputReport,
    notes: Vec<Note>,
    bytes: Vec<u8>,
    ends: Vec<u32>,
    tallies: Vec<u64>,
}

impl SortedBook {
    fn new(book: Book) -> SortedBook {
        let Book {
            mut report,
            words,
            notes,
            ..
        } = book;
        let BookCounts {
            mut short, long, ..
        } = words;
        // Grouped by bucket already (a monotone function of the key's first bytes): sorting
        // each bucket's few entries sorts them all, in cache.
        for run in short.chunk_by_mut(|a, b| bucket(a.0[0]) == bucket(b.0[0])) {
            if run.len() > 1 {
                run.sort_unstable_by_key(|e| e.0);
            }
        }
        // Room for the keys' bytes (at most: a key spelled two ways counts twice). A guess
        // of 8 bytes a key, short by one for a book of 9-letter words, doubled the buffer.
        let key_bytes: usize = short.iter().map(|e| inline_len(&e.0)).sum::<usize>()
            + long.iter().map(|l| l.0.len()).sum::<usize>();
        let mut out = SortedBook {
            report: InputReport {
                path: String::new(),
                sha256: String::new(),
                ..report.clone()
            },
            notes,
            bytes: Vec::with_capacity(key_bytes),
            ends: Vec::with_capacity(short.len() + long.len()),
            tallies: Vec::with_capacity(short.len() + long.len()),
        };
        let mut long = long.into_iter().peekable();
        let mut i = 0;
        while i < short.len() {
            // A key's spellings (`whale`, `Whale`) are folded into one entry.
            let (key, mut tally) = short[i];
            i += 1;
            while i < short.len() && short[i].0 == key {
                let t = short[i].1;
                tally = (((tally >> 1) + (t >> 1)) << 1) | ((tally | t) & 1);
                i += 1;
            }
            let mut buf = [0u8; 24];
            for (j, w) in key.iter().enumerate() {
                buf[j * 8..j * 8 + 8].copy_from_slice(&w.to_be_bytes());
            }
            let len = buf.iter().position(|&c| c == 0).unwrap_or(24);
            let k = &buf[..len];
            while let Some((l, s)) = long.next_if(|(l, _)| l.as_bytes() < k) {
                out.push(l.as_bytes(), s.count << 1 | u64::from(s.lower_case));
            }
            out.push(k, tally);
        }
        for (l, s) in long {
            out.push(l.as_bytes(), s.count << 1 | u64::from(s.lower_case));
        }
        report.distinct_words = out.ends.len() as u64;
        report.words_kept = 0;
        out.report = report;
        out
    }

    fn push(&mut self, key: &[u8], tally: u64) {
        self.bytes.extend_from_slice(key);
        self.ends.push(self.bytes.len() as u32);
        self.tallies.push(tally);
    }

    fn key(&self, i: usize) -> &[u8] {
        let start = i.checked_sub(1).map_or(0, |j| self.ends[j] as usize);
        &self.bytes[start..self.ends[i] as usize]
    }

    /// The index of the first key not less than `key`.
    fn lower_bound(&self, key: &[u8]) -> usize {
        let (mut lo, mut hi) = (0, self.ends.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if self.key(mid) < key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// Bytes held.
    fn size(&self) -> usize {
        self.bytes.capacity() + self.ends.capacity() * 4 + self.tallies.capacity() * 8 + 512
    }
}

/// The length of an inline key (big-endian words, zeros past its end; a key holds no zero
/// byte).
fn inline_len(k: &[u64; 3]) -> usize {
    match k.iter().take_while(|&&w| w != 0).count() {
        0 => 0,
        n => 8 * n - k[n - 1].trailing_zeros() as usize / 8,
    }
}

/// The books waiting to be written as a run.
#[derive(Default)]
struct Batch {
    books: Vec<SortedBook>,
    bytes: usize,
}

/// Reads, cleans and counts `inputs` and writes `target`, holding the counting tables
/// within `streaming.memory` (see the module docs). The outputs are those
/// [`super::ingest_with`] and [`super::write_outputs`] write, byte for byte.
///
/// # Errors
/// As [`super::ingest`]; [`Error::TooFewBooks`] when the policy's `min_books` is over the
/// books read; [`Error::Io`] naming a temporary file that cannot be written.
pub fn ingest_streamed(
    inputs: &[Input],
    skipped: Vec<Skipped>,
    policy: &Policy,
    streaming: &Streaming,
    target: Target<'_>,
    on_book: &(dyn Fn(&str, u64) + Sync),
) -> Result<Streamed> {
    ingest_resumable(inputs, skipped, policy, streaming, None, target, on_book)
}

/// As [`ingest_streamed`], keeping the runs in the work folder `work` (opened by
/// [`Work::open`] for these inputs and this policy) and journaling each as it is finished:
/// the books of its finished runs are not read again, and the outputs are those of one
/// uninterrupted run (see [`super::journal`]). The caller removes the folder
/// ([`Work::remove`]) once the outputs are written.
///
/// # Errors
/// As [`ingest_streamed`].
pub fn ingest_resumable(
    inputs: &[Input],
    skipped: Vec<Skipped>,
    policy: &Policy,
    streaming: &Streaming,
    work: Option<&mut Work>,
    target: Target<'_>,
    on_book: &(dyn Fn(&str, u64) + Sync),
) -> Result<Streamed> {
    let distinct = dedup(inputs);
    let mut inputs = distinct.inputs;
    let mut skipped = skipped;
    skipped.extend(distinct.same_bytes);
    let resumed = work.as_ref().map_or(0, |w| w.resumed_books() as u64);
    if let Some(w) = &work {
        inputs.retain(|i| !w.is_done(i));
    }
    inputs.sort_by_cached_key(|i| std::cmp::Reverse(super::inputs::known_len(i)));
    let scratch = &streaming.scratch;
    let dir = tempfile::Builder::new()
        .prefix("folio-ingest-")
        .tempdir_in(scratch)
        .map_err(|e| Error::io(scratch, e))?;
    let buffers = Buffers::default();
    let batch = Mutex::new(Batch::default());
    let runs: Mutex<Vec<PathBuf>> = Mutex::new(work.as_ref().map_or_else(Vec::new, |w| w.runs()));
    let in_work_folder = work.is_some();
    let work = Mutex::new(work);
    let skipped = Mutex::new(skipped);
    let totals = Mutex::new((0u64, 0u64));
    let notes: Mutex<Vec<Note>> = Mutex::new(Vec::new());
    // One batch is written while the next fills: each gets half the budget.
    let limit = streaming
        .memory
        .map(|m| usize::try_from(m / 2).unwrap_or(usize::MAX));
    // A sorted book (or piece) into the batch; a full batch written as a run.
    let add = |book: Book| -> Result<()> {
        let mut sorted = SortedBook::new(book);
        lock(&notes).append(&mut sorted.notes);
        let full = {
            let mut b = lock(&batch);
            b.bytes += sorted.size();
            b.books.push(sorted);
            match limit {
                Some(l) if b.bytes > l => Some(std::mem::take(&mut *b)),
                _ => None,
            }
        };
        if let Some(full) = full {
            // One run written at a time: a thread that fills a batch meanwhile waits here.
            let mut runs = lock(&runs);
            let path = store_run(&mut lock(&work), dir.path(), runs.len(), full.books, policy)?;
            runs.push(path);
            release_free_memory();
        }
        Ok(())
    };
    // A book large for the budget is counted in pieces, each added as it is counted (not
    // in a work folder: its journal trusts a run's books as finished).
    let pieced = AtomicBool::new(false);
    let each = |piece: Book| {
        pieced.store(true, Ordering::Relaxed);
        add(piece)
    };
    let pieces = match (streaming.memory, in_work_folder) {
        (Some(m), false) => Some(Pieces {
            size: piece_bytes(m),
            each: &each,
        }),
        _ => None,
    };
    inputs.par_iter().try_for_each(|input| -> Result<()> {
        let outcome = read_book(
            input,
            policy,
            streaming.reading,
            false,
            &buffers,
            pieces.as_ref(),
        )?;
        let book = match outcome {
            Outcome::Book(b) => *b,
            Outcome::Skipped(s) => {
                on_book(&input.label, 0);
                lock(&skipped).push(s);
                return Ok(());
            }
        };
        let bytes = book.report.bytes;
        on_book(&input.label, bytes);
        {
            let mut t = lock(&totals);
            t.0 += 1;
            t.1 += bytes;
        }
        add(book)
    })?;
    let pieced = pieced.into_inner();
    let mut skipped = skipped.into_inner().unwrap_or_else(|e| e.into_inner());
    skipped.sort_by(|a, b| (&a.path, &a.reason).cmp(&(&b.path, &b.reason)));
    let last = batch.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut runs = runs.into_inner().unwrap_or_else(|e| e.into_inner());
    let (books, bytes) = totals.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut work = work.into_inner().unwrap_or_else(|e| e.into_inner());
    drop(buffers);
    release_free_memory();
    if books + resumed == 0 {
        return Err(Error::NothingUsable {
            skipped: if skipped.is_empty() {
                vec!["no input given".into()]
            } else {
                skipped
                    .iter()
                    .map(|s| format!("{}: {}", s.path, s.reason))
                    .collect()
            },
        });
    }
    let mut notes = notes.into_inner().unwrap_or_else(|e| e.into_inner());
    notes.sort_by(|a, b| a.path.cmp(&b.path));
    for s in &skipped {
        notes.push(Note {
            path: s.path.clone(),
            message: format!("skipped: {}", s.reason),
        });
    }
    if runs.is_empty() && !pieced {
        if let Target::Partial(path) = target {
            // One batch: written straight to the partial.
            crate::set::atomic::write_atomic(path, |w| {
                write_run_to(w, last.books, policy, skipped)
            })?;
            return Ok(Streamed {
                manifest: None,
                books,
                resumed,
                bytes,
                runs: 1,
                notes,
            });
        }
    }
    if work.is_some() {
        // The last batch journaled too (a run killed while merging resumes from it); the
        // skipped inputs, judged again by every run, in a temporary partial of no book.
        if !last.books.is_empty() {
            runs.push(store_run(
                &mut work,
                dir.path(),
                runs.len(),
                last.books,
                policy,
            )?);
        }
        let path = dir.path().join("skipped.part");
        write_run(Vec::new(), policy, skipped, &path)?;
        runs.push(path);
    } else {
        let path = dir.path().join(format!("run-{}.part", runs.len()));
        write_run(last.books, policy, skipped, &path)?;
        runs.push(path);
    }
    let merge = if pieced {
        Merge::open_pieces(&runs, dir.path())?
    } else {
        Merge::open(&runs, dir.path())?
    };
    let none = Selection::default();
    let (paths, selection) = match target {
        Target::Partial(path) => (Err(path), &none),
        Target::Set(paths) => (Ok(paths), &none),
        Target::SetWith(paths, selection) => (Ok(paths), selection),
    };
    let mut manifest = None;
    match paths {
        Err(path) => merge.write_partial(path)?,
        Ok(paths) => {
            if policy.min_books as u64 > books + resumed {
                return Err(Error::TooFewBooks {
                    min_books: policy.min_books,
                    books: books + resumed,
                });
            }
            manifest = Some(merge.write_outputs_with(policy, selection, paths, dir.path())?);
        }
    }
    Ok(Streamed {
        manifest,
        books,
        resumed,
        bytes,
        runs: runs.len(),
        notes,
    })
}

/// Writes a full batch as a run: into the temporary folder `dir` (as `run-N.part`), or
/// into the work folder, durably and journaled.
fn store_run(
    work: &mut Option<&mut Work>,
    dir: &Path,
    n: usize,
    books: Vec<SortedBook>,
    policy: &Policy,
) -> Result<PathBuf> {
    match work {
        None => {
            let path = dir.join(format!("run-{n}.part"));
            write_run(books, policy, Vec::new(), &path)?;
            Ok(path)
        }
        Some(w) => {
            let reports: Vec<InputReport> = books.iter().map(|b| b.report.clone()).collect();
            w.store(&reports, |p| write_run(books, policy, Vec::new(), p))
        }
    }
}

/// The text counted at a time of a book large for the budget `memory` ([`Pieces`]): a
/// 64th of the budget, at least 1 MiB (the chunk counted on one thread) and at most 4 MiB
/// (a 3 MB book stays whole at a budget of 256M: pieces come only past 1.5 × this). Its
/// counting tables (spellings, keys, sorted keys) are at most ~14 bytes a byte of text,
/// for text of only distinct words.
fn piece_bytes(memory: u64) -> usize {
    const MIB: u64 = 1 << 20;
    let size = (memory / 64).clamp(MIB, 4 * MIB);
    usize::try_from(size).unwrap_or(1 << 20)
}

/// Gives the pages of freed memory back to the system. glibc keeps freed memory in the arena
/// of the thread that allocated it, one arena per thread: a batch filled by one worker and
/// freed after its run is written stayed resident beside the next batch filling in another
/// arena (on the synthetic corpus of docs/ingest-scale.md, ~60 MB of a 256 MB budget's
/// peak). `malloc_trim` releases the free pages of every arena.
fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` only returns free pages to the system; it takes the arenas'
    // locks itself.
    unsafe {
        libc::malloc_trim(0);
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Writes a batch of books as a partial at `path` (a new file).
fn write_run(
    books: Vec<SortedBook>,
    policy: &Policy,
    skipped: Vec<Skipped>,
    path: &Path,
) -> Result<()> {
    let file = std::fs::File::create(path).map_err(|e| Error::io(path, e))?;
    write_run_to(file, books, policy, skipped).map_err(|e| Error::io(path, e))
}

/// Writes a batch of books as a partial on `w`: the books sorted by path, their keys merged
/// (by key ranges, [`batch`]).
fn write_run_to(
    w: impl std::io::Write,
    mut books: Vec<SortedBook>,
    policy: &Policy,
    skipped: Vec<Skipped>,
) -> std::io::Result<()> {
    books.sort_by(|a, b| {
        (&a.report.path, &a.report.sha256).cmp(&(&b.report.path, &b.report.sha256))
    });
    // The pieces of a book (adjacent now) are one book of the header: their tokens summed
    // (their distinct keys too, as a placeholder: the merge of the runs counts them).
    let mut inputs: Vec<InputReport> = Vec::with_capacity(books.len());
    let mut owners: Vec<u32> = Vec::with_capacity(books.len());
    for b in &books {
        match inputs.last_mut() {
            Some(last) if last.path == b.report.path && last.sha256 == b.report.sha256 => {
                last.tokens += b.report.tokens;
                last.distinct_words += b.report.distinct_words;
            }
            _ => inputs.push(b.report.clone()),
        }
        owners.push(inputs.len().saturating_sub(1) as u32);
    }
    let header = Header {
        format: FORMAT,
        policy: partial_policy(policy),
        inputs,
        skipped,
    };
    let mut out = PartialWriter::new(w, &header)?;
    batch::write_batch(&mut out, &books, &owners)?;
    out.finish()?;
    Ok(())
}

/// The first eight bytes of `key`, big-endian, zeros past its end: ordered as the keys are
/// whenever two differ (a key that is a prefix of another has the smaller value or the same).
#[inline]
pub(crate) fn prefix(key: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    let n = key.len().min(8);
    b[..n].copy_from_slice(&key[..n]);
    u64::from_be_bytes(b)
}
