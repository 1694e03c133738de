//! Ingest: chosen books in, a word set, its counts and its manifest out.
//!
//! ```no_run
//! use folio_lexicon::ingest::{expand_inputs, ingest, write_outputs};
//! use folio_lexicon::{build::OutputPaths, Policy};
//! let (inputs, skipped) = expand_inputs(&["books/".into()]).unwrap();
//! let run = ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).unwrap();
//! write_outputs(&OutputPaths::for_set("g.fst".as_ref()), &run).unwrap();
//! ```
//!
//! Per book: read → SHA-256 → [`decode`](crate::decode) → [`boilerplate`](crate::boilerplate)
//! → [`clean`](crate::clean) → chunks at paragraph breaks → [`count`](crate::count) per chunk
//! (rayon) → keys through the [`Policy`]. Books run in parallel too (rayon); per-book counts
//! are merged with commutative sums and the outputs are sorted, so the bytes written do not
//! depend on the thread count or the order of the inputs.

use std::collections::HashSet;
use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use sha2::{Digest, Sha256};

use crate::boilerplate::{find_body, next_book, Boilerplate};
use crate::build::{build_kept_then, Built, OutputPaths};
use crate::clean::clean_into;
use crate::count::{merge_books, BookCounts, Tables, TokenCounts};
use crate::decode::{decode, looks_like_utf16, NotText};
use crate::error::{Error, Result};
use crate::manifest::{InputReport, Manifest, Outputs, Skipped, Totals};
use crate::policy::Policy;
use crate::pool::Pool;

/// Where a book's bytes come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A file.
    File(PathBuf),
    /// Standard input (`-`).
    Stdin,
}

/// One book to read, with the path as the user gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The path as given (files found in a given folder: folder joined with the relative path).
    pub label: String,
    /// Where to read it.
    pub source: Source,
}

/// A remark about one input that did not stop it from being read (a non-UTF-8 encoding, no
/// Gutenberg markers). The binary prints them as warnings naming the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The input's path as given.
    pub path: String,
    /// What was noticed.
    pub message: String,
}

/// Bodies larger than this are counted in parallel chunks. Large enough that merging chunk
/// counts stays cheap; small enough that the largest books (3 MB) do not leave a core idle.
const CHUNK_BYTES: usize = 1024 * 1024;

/// Expands the command-line inputs: files as they are, folders recursively into their `*.txt`
/// files (sorted), `-` for stdin (once). Folders without `.txt` files, and FIFOs, sockets
/// and devices named `*.txt` inside folders, are returned as skipped.
///
/// # Errors
/// [`Error::Io`] naming the path when it does not exist or a folder cannot be listed: a book
/// the user named is never silently left out of a word list.
pub fn expand_inputs(args: &[OsString]) -> Result<(Vec<Input>, Vec<Skipped>)> {
    let mut inputs = Vec::new();
    let mut skipped = Vec::new();
    let mut stdin = false;
    for arg in args {
        if arg == "-" {
            if !stdin {
                inputs.push(Input {
                    label: "-".into(),
                    source: Source::Stdin,
                });
                stdin = true;
            }
            continue;
        }
        let path = PathBuf::from(arg);
        let meta = std::fs::metadata(&path).map_err(|e| Error::io(&path, e))?;
        if meta.is_dir() {
            let mut found = Vec::new();
            let mut special = Vec::new();
            collect_txt(&path, &mut found, &mut special, &mut HashSet::new())?;
            found.sort();
            special.sort();
            if found.is_empty() && special.is_empty() {
                skipped.push(Skipped {
                    path: path.display().to_string(),
                    reason: "folder holds no .txt file".into(),
                });
            }
            skipped.extend(special.into_iter().map(|p| {
                Skipped {
                    path: p.display().to_string(),
                    reason: "not a regular file (a FIFO, socket or device found in a folder); \
                         name it on the command line to read it"
                        .into(),
                }
            }));
            inputs.extend(found.into_iter().map(|p| Input {
                label: p.display().to_string(),
                source: Source::File(p),
            }));
        } else {
            inputs.push(Input {
                label: path.display().to_string(),
                source: Source::File(path),
            });
        }
    }
    Ok((inputs, skipped))
}

/// Collects the `*.txt` files under `dir`, following symbolic links to folders. `visited`
/// holds the canonical path of every folder read: a folder reached again (a link to a parent,
/// two links to one folder) is not read twice, so a link cycle cannot make the walk endless.
///
/// Only regular files (or links to them) are books: a FIFO, socket or device named `*.txt`
/// goes to `special` instead (opening a FIFO waits for a writer, so reading one found in a
/// folder would hang the run; ripgrep's walk leaves them out too). A broken link stays in
/// `out`, so that reading it fails naming it.
fn collect_txt(
    dir: &Path,
    out: &mut Vec<PathBuf>,
    special: &mut Vec<PathBuf>,
    visited: &mut HashSet<PathBuf>,
) -> Result<()> {
    let canonical = std::fs::canonicalize(dir).map_err(|e| Error::io(dir, e))?;
    if !visited.insert(canonical) {
        return Ok(());
    }
    let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| Error::io(dir, e))?;
        let path = entry.path();
        let ty = entry.file_type().map_err(|e| Error::io(&path, e))?;
        if ty.is_dir() || (ty.is_symlink() && path.is_dir()) {
            collect_txt(&path, out, special, visited)?;
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("txt"))
        {
            let regular = ty.is_file()
                || (ty.is_symlink() && std::fs::metadata(&path).map_or(true, |m| m.is_file()));
            if regular {
                out.push(path);
            } else {
                special.push(path);
            }
        }
    }
    Ok(())
}

/// The result of an ingest run, ready to be written.
#[derive(Debug)]
pub struct Ingested {
    /// The manifest (output sizes filled in; output names filled by [`write_outputs`]).
    pub manifest: Manifest,
    /// The fst bytes.
    pub built: Built,
    /// Remarks per input, sorted by path.
    pub notes: Vec<Note>,
}

/// One book read and counted.
struct Book {
    report: InputReport,
    words: BookCounts,
    notes: Vec<Note>,
}

enum Outcome {
    Book(Box<Book>),
    Skipped(Skipped),
}

/// Reads, cleans and counts every input in parallel and builds the word set in memory.
/// `on_book` is called (from any thread) as each input is done, with its path and bytes.
///
/// Inputs given twice (the same label, or the same file reached twice) are read once.
///
/// # Errors
/// [`Error::Io`] naming the file when one cannot be read (nothing is built then);
/// [`Error::NothingUsable`] when no input gave a book.
pub fn ingest(
    inputs: &[Input],
    skipped: Vec<Skipped>,
    policy: &Policy,
    on_book: &(dyn Fn(&str, u64) + Sync),
) -> Result<Ingested> {
    ingest_with(inputs, skipped, policy, Reading::Map, on_book)
}

/// How ingest reads input files.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reading {
    /// Regular files are memory-mapped (no copy: ~5% of a run's CPU saved on the shared
    /// corpus). A book that another program truncates during the run ends it with SIGBUS.
    #[default]
    Map,
    /// Every input is read into a buffer (`folio ingest --no-mmap`): safe when books may
    /// change during the run.
    Read,
}

/// As [`ingest`], reading input files as `reading` says.
///
/// # Errors
/// As [`ingest`].
pub fn ingest_with(
    inputs: &[Input],
    mut skipped: Vec<Skipped>,
    policy: &Policy,
    reading: Reading,
    on_book: &(dyn Fn(&str, u64) + Sync),
) -> Result<Ingested> {
    let mut inputs = dedup(inputs);
    // Largest first: the last books to be counted are then small ones, so no thread waits
    // long for another at the end. (Results are sorted by path below: order-independent.)
    inputs.sort_by_cached_key(|i| match &i.source {
        Source::File(p) => std::cmp::Reverse(std::fs::metadata(p).map_or(0, |m| m.len())),
        Source::Stdin => std::cmp::Reverse(0),
    });
    let buffers = Buffers::default();
    let outcomes: Vec<Result<Outcome>> = inputs
        .par_iter()
        .map(|input| {
            let out = read_book(input, policy, reading, &buffers);
            let bytes = match &out {
                Ok(Outcome::Book(b)) => b.report.bytes,
                _ => 0,
            };
            on_book(&input.label, bytes);
            out
        })
        .collect();
    let mut books = Vec::with_capacity(outcomes.len());
    for o in outcomes {
        match o? {
            Outcome::Book(b) => books.push(*b),
            Outcome::Skipped(s) => skipped.push(s),
        }
    }
    // By path, then by what tells apart two inputs whose names print the same (names that
    // differ only in bytes that are not UTF-8): the order must not be the inputs'.
    skipped.sort_by(|a, b| (&a.path, &a.reason).cmp(&(&b.path, &b.reason)));
    if books.is_empty() {
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
    books.sort_by(|a, b| {
        (&a.report.path, &a.report.sha256).cmp(&(&b.report.path, &b.report.sha256))
    });

    // Merge: commutative sums over every book's keys, key range by key range, so the
    // result does not depend on the order the books finished in; the kept keys come out
    // sorted.
    let merged = {
        let refs: Vec<&BookCounts> = books.iter().map(|b| &b.words).collect();
        merge_books(&refs, policy)
    };
    // The books' counts and the read buffers are no longer needed: freed (megabytes of
    // entries and pages) by the thread that built the set while the map is still being
    // built, instead of on this thread before the outputs can be written. (Freed as a
    // task of its own, it delayed the start of one of the builds by ~5 ms.)
    let counts: Vec<BookCounts> = books
        .iter_mut()
        .map(|b| std::mem::take(&mut b.words))
        .collect();
    let built = build_kept_then(&merged.kept, move || {
        drop(counts);
        drop(buffers);
    })?;
    for ((b, n), d) in books
        .iter_mut()
        .zip(&merged.kept_per_book)
        .zip(&merged.distinct_per_book)
    {
        b.report.words_kept = *n;
        b.report.distinct_words = *d;
    }

    let mut totals = Totals {
        inputs: books.len() as u64,
        distinct_words: merged.distinct as u64,
        words: built.words as u64,
        set_bytes: built.set.len() as u64,
        counts_bytes: built.counts.len() as u64,
        ..Totals::default()
    };
    let mut notes = Vec::new();
    let mut reports = Vec::with_capacity(books.len());
    for b in books {
        totals.bytes += b.report.bytes;
        totals.tokens += b.report.tokens;
        notes.extend(b.notes);
        reports.push(b.report);
    }
    for s in &skipped {
        notes.push(Note {
            path: s.path.clone(),
            message: format!("skipped: {}", s.reason),
        });
    }
    Ok(Ingested {
        manifest: Manifest {
            folio_version: env!("CARGO_PKG_VERSION").to_string(),
            policy: policy.clone(),
            outputs: Outputs {
                set: String::new(),
                counts: String::new(),
            },
            inputs: reports,
            skipped,
            totals,
        },
        built,
        notes,
    })
}

/// Writes `OUT.fst`, `OUT.counts.fst` and `OUT.json` together and atomically (see
/// [`crate::atomic::write_files_atomic`]), filling in the output names of the manifest.
///
/// # Errors
/// [`Error::Io`] naming the file that could not be written.
pub fn write_outputs(paths: &OutputPaths, run: &Ingested) -> Result<Manifest> {
    let name = |p: &Path| {
        p.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let mut manifest = run.manifest.clone();
    manifest.outputs = Outputs {
        set: name(&paths.set),
        counts: name(&paths.counts),
    };
    let json = manifest.to_json();
    crate::atomic::write_files_atomic(&[
        (&paths.set, &run.built.set),
        (&paths.counts, &run.built.counts),
        (&paths.manifest, json.as_bytes()),
    ])?;
    Ok(manifest)
}

/// The inputs with each file once: of the names reaching one file (the same path twice, a
/// link and its target, a relative and an absolute path), the least is kept, so the manifest
/// does not depend on the order the inputs were given in.
fn dedup(inputs: &[Input]) -> Vec<Input> {
    let mut kept: std::collections::HashMap<PathBuf, usize> = std::collections::HashMap::new();
    for (n, i) in inputs.iter().enumerate() {
        let id = match &i.source {
            Source::File(p) => std::fs::canonicalize(p).unwrap_or_else(|_| p.clone()),
            Source::Stdin => PathBuf::from("-"),
        };
        kept.entry(id)
            .and_modify(|k| {
                if i.label < inputs[*k].label {
                    *k = n;
                }
            })
            .or_insert(n);
    }
    let keep: HashSet<usize> = kept.into_values().collect();
    inputs
        .iter()
        .enumerate()
        .filter(|(n, _)| keep.contains(n))
        .map(|(_, i)| i.clone())
        .collect()
}

/// Reads a whole input into `buf` (cleared first).
fn read_all(input: &Input, buf: &mut Vec<u8>) -> Result<()> {
    buf.clear();
    match &input.source {
        Source::File(p) => {
            let mut f = std::fs::File::open(p).map_err(|e| Error::io(p, e))?;
            if let Ok(meta) = f.metadata() {
                // Like `std::fs::read`: a file too large for memory is an error, not an abort.
                let len = usize::try_from(meta.len()).unwrap_or(usize::MAX);
                buf.try_reserve(len).map_err(|e| {
                    Error::io(p, std::io::Error::new(std::io::ErrorKind::OutOfMemory, e))
                })?;
            }
            f.read_to_end(buf).map_err(|e| Error::io(p, e))?;
        }
        Source::Stdin => {
            std::io::stdin()
                .lock()
                .read_to_end(buf)
                .map_err(|e| Error::io("-", e))?;
        }
    }
    Ok(())
}

/// The buffers of one run: a book's bytes, its cleaned text and the spelling tables (see
/// [`crate::pool`]).
#[derive(Default)]
struct Buffers {
    bytes: Pool<Vec<u8>>,
    text: Pool<String>,
    tables: Pool<Tables>,
}

fn read_book(
    input: &Input,
    policy: &Policy,
    reading: Reading,
    buffers: &Buffers,
) -> Result<Outcome> {
    if reading == Reading::Map {
        if let Some(map) = map_file(input)? {
            return book(input, &map, policy, buffers);
        }
    }
    let mut bytes = buffers.bytes.take();
    let out = read_all(input, &mut bytes).and_then(|()| book(input, &bytes, policy, buffers));
    buffers.bytes.put(bytes);
    out
}

/// A regular, non-empty input file mapped into memory, or `None` to read it instead (standard
/// input, pipes and other special files, empty files, a file system that cannot map).
/// Mapping saves copying every book into a buffer (~5% of a run's CPU time on the shared
/// corpus, in the kernel) and the page faults of that buffer.
fn map_file(input: &Input) -> Result<Option<memmap2::Mmap>> {
    let Source::File(p) = &input.source else {
        return Ok(None);
    };
    let file = std::fs::File::open(p).map_err(|e| Error::io(p, e))?;
    let meta = file.metadata().map_err(|e| Error::io(p, e))?;
    if !meta.is_file() || meta.len() == 0 {
        return Ok(None);
    }
    // SAFETY: the map is read-only and private to this run, and dropped when the book has
    // been counted. Like every program that maps its input (ripgrep, for one), ingest relies
    // on no other program truncating or rewriting a book while it is read (documented, with
    // `Reading::Read` / `--no-mmap` for books that may change).
    Ok(unsafe { memmap2::Mmap::map(&file) }.ok())
}

/// Decodes, cleans and counts one input's bytes.
fn book(input: &Input, bytes: &[u8], policy: &Policy, buffers: &Buffers) -> Result<Outcome> {
    let skip = |reason: String| {
        Ok(Outcome::Skipped(Skipped {
            path: input.label.clone(),
            reason,
        }))
    };
    let (text, encoding) = match decode(bytes) {
        Ok(d) => d,
        Err(NotText::Empty) => return skip("empty (no text)".into()),
        Err(NotText::Binary { offset }) => {
            let hint = match looks_like_utf16(bytes) {
                Some(enc) => format!(
                    "; it looks like {} text without a byte-order mark: save it as UTF-8 \
                     (or as UTF-16 with its mark)",
                    enc.name().to_uppercase()
                ),
                None => String::new(),
            };
            return skip(format!(
                "binary file (NUL byte at offset {offset}), not a book{hint}"
            ));
        }
    };
    let sha256 = hex(&Sha256::digest(bytes));
    let mut notes = Vec::new();
    if encoding.is_fallback() {
        notes.push(Note {
            path: input.label.clone(),
            message: format!(
                "not UTF-8: decoded as Windows-1252 (found {})",
                encoding.name()
            ),
        });
    }
    let body = find_body(&text);
    if body.found == Boilerplate::None {
        notes.push(Note {
            path: input.label.clone(),
            message: "no Project Gutenberg markers: kept whole".into(),
        });
    }
    if let Some(line) = next_book(&text, &body) {
        notes.push(Note {
            path: input.label.clone(),
            message: format!(
                "another Project Gutenberg book starts at line {line}, after this one's end \
                 marker: only the first book of the file is read (give each book as a file \
                 of its own)"
            ),
        });
    }
    let mut cleaned = buffers.text.take();
    clean_into(&text[body.range.clone()], &mut cleaned);
    let counts = count_parallel(&cleaned, &buffers.tables);
    let words = counts.to_book_counts(policy);
    let tokens = counts.tokens;
    buffers.tables.put(counts.into_tables());
    buffers.text.put(cleaned);
    Ok(Outcome::Book(Box::new(Book {
        report: InputReport {
            path: input.label.clone(),
            sha256,
            bytes: bytes.len() as u64,
            encoding,
            boilerplate: body.found,
            body_bytes: body.range.len() as u64,
            tokens,
            distinct_words: 0,
            words_kept: 0,
        },
        words,
        notes,
    })))
}

/// Counts the words of `text`, in parallel chunks cut at paragraph breaks when it is large,
/// in tables from `tables` (those left over go back).
fn count_parallel<'a>(text: &'a str, tables: &Pool<Tables>) -> TokenCounts<'a> {
    let chunks = split_paragraphs(text, CHUNK_BYTES);
    if chunks.len() == 1 {
        return TokenCounts::count_with(text, tables.take());
    }
    chunks
        .into_par_iter()
        .map(|c| TokenCounts::count_with(c, tables.take()))
        .reduce_with(|mut a, b| {
            tables.put(a.merge_reusing(b));
            a
        })
        .unwrap_or_default()
}

/// Splits `text` into pieces of about `size` bytes, each cut just after a blank line (a
/// paragraph break), else after a line break, else at whitespace: places where UAX #29
/// always breaks, so no word is cut.
pub fn split_paragraphs(text: &str, size: usize) -> Vec<&str> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    while b.len() - start > size + size / 2 {
        let target = start + size;
        let window = &b[target..(target + size / 2).min(b.len())];
        // Offset just past the separator found.
        let cut = find(window, b"\n\n")
            .map(|i| i + 2)
            .or_else(|| find(window, b"\n\r\n").map(|i| i + 3))
            .or_else(|| window.iter().position(|&c| c == b'\n').map(|i| i + 1))
            .or_else(|| window.iter().position(|&c| c == b' ').map(|i| i + 1));
        match cut {
            Some(i) => {
                let end = target + i;
                out.push(&text[start..end]);
                start = end;
            }
            None => break,
        }
    }
    out.push(&text[start..]);
    out
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::Encoding;

    fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
        let p = dir.join(name);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(&p, bytes).unwrap();
        p
    }

    fn args(paths: &[&Path]) -> Vec<OsString> {
        paths.iter().map(|p| p.as_os_str().to_owned()).collect()
    }

    #[test]
    fn paragraph_chunks_cover_the_text_and_cut_between_words() {
        let para = "The whale swam far away.\nAnd then it came back.\n\n";
        let text = para.repeat(500);
        let chunks = split_paragraphs(&text, 1000);
        assert!(chunks.len() > 5);
        assert_eq!(chunks.concat(), text);
        for c in &chunks[..chunks.len() - 1] {
            assert!(c.ends_with("\n\n"), "{c:?}");
        }
        let whole = TokenCounts::count(&text).to_words(&Policy::game());
        let parts = count_parallel(&text, &Pool::default()).to_words(&Policy::game());
        assert_eq!(whole.get("WHALE"), parts.get("WHALE"));
        assert_eq!(parts.get("WHALE").unwrap().count, 500);
    }

    #[test]
    fn folders_recurse_into_txt_files_and_report_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "books/b.txt", b"the whale");
        write(d, "books/sub/a.TXT", b"the harpoon");
        write(d, "books/notes.md", b"no");
        std::fs::create_dir_all(d.join("empty")).unwrap();
        let (inputs, skipped) =
            expand_inputs(&args(&[&d.join("books"), &d.join("empty")])).unwrap();
        let labels: Vec<&str> = inputs.iter().map(|i| i.label.as_str()).collect();
        assert_eq!(labels.len(), 2);
        assert!(
            labels[0].ends_with("b.txt") && labels[1].ends_with("a.TXT"),
            "{labels:?}"
        );
        assert_eq!(skipped.len(), 1);
        let err = expand_inputs(&args(&[&d.join("missing.txt")])).unwrap_err();
        assert!(err.to_string().contains("missing.txt"), "{err}");
    }

    /// A FIFO, socket or device named `*.txt` inside a folder is not a book: opening a FIFO
    /// waits for a writer (the run hung for ever), opening a socket fails. Skipped, recorded.
    #[cfg(unix)]
    #[test]
    fn special_files_in_folders_are_skipped_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "shelf/a.txt", b"the whale");
        let _socket = std::os::unix::net::UnixListener::bind(d.join("shelf/socket.txt")).unwrap();
        let fifo = d.join("shelf/pipe.txt");
        let made_fifo = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success());
        std::os::unix::fs::symlink("socket.txt", d.join("shelf/link-to-socket.txt")).unwrap();
        let (inputs, skipped) = expand_inputs(&args(&[&d.join("shelf")])).unwrap();
        let labels: Vec<&str> = inputs.iter().map(|i| i.label.as_str()).collect();
        assert_eq!(labels.len(), 1, "{labels:?}");
        assert!(labels[0].ends_with("a.txt"), "{labels:?}");
        let mut names: Vec<&str> = skipped.iter().map(|s| s.path.as_str()).collect();
        names.sort();
        assert_eq!(names.len(), if made_fifo { 3 } else { 2 }, "{skipped:?}");
        assert!(names.iter().any(|n| n.ends_with("socket.txt")), "{names:?}");
        assert!(
            names.iter().any(|n| n.ends_with("link-to-socket.txt")),
            "{names:?}"
        );
        assert!(
            skipped
                .iter()
                .all(|s| s.reason.contains("not a regular file")),
            "{skipped:?}"
        );
        // Named on the command line, a special file is read as given (`<(cat book)`): only
        // the folder walk leaves them out.
        if made_fifo {
            let (inputs, skipped) = expand_inputs(&args(&[&fifo])).unwrap();
            assert_eq!((inputs.len(), skipped.len()), (1, 0));
        }
    }

    #[test]
    fn books_are_counted_and_reported() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let a = write(
            d,
            "a.txt",
            b"header Darcy\r\n*** START OF THE PROJECT GUTENBERG EBOOK A ***\r\nThe whale, the whale's tail. Darcy.\r\n*** END OF THE PROJECT GUTENBERG EBOOK A ***\r\nlicense gutenberg",
        );
        let b = write(d, "b.txt", b"caf\xe9 \x93whale\x94 London");
        let e = write(d, "e.txt", b"");
        let z = write(d, "z.bin.txt", b"\x00\x01");
        let (inputs, skipped) = expand_inputs(&args(&[&a, &b, &e, &z, &a])).unwrap();
        let run = ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).unwrap();
        let m = &run.manifest;
        assert_eq!(m.inputs.len(), 2);
        assert_eq!(m.skipped.len(), 2);
        let ra = &m.inputs[0];
        assert_eq!(ra.encoding, Encoding::Ascii);
        assert_eq!(ra.boilerplate, Boilerplate::Markers);
        assert_eq!(ra.tokens, 6);
        assert_eq!(ra.words_kept, 3); // THE WHALE TAIL
        let rb = &m.inputs[1];
        assert_eq!(rb.encoding, Encoding::Windows1252);
        assert_eq!(rb.boilerplate, Boilerplate::None);
        assert_eq!(rb.sha256.len(), 64);
        let set = crate::WordSet::from_bytes(run.built.set.clone()).unwrap();
        use folio_core::Lexicon;
        for w in ["THE", "WHALE", "TAIL", "CAFE"] {
            assert!(set.contains(w.as_bytes()), "{w}");
        }
        for w in ["DARCY", "LONDON", "HEADER", "LICENSE", "GUTENBERG"] {
            assert!(!set.contains(w.as_bytes()), "{w}");
        }
        assert!(run
            .notes
            .iter()
            .any(|n| n.path.ends_with("b.txt") && n.message.contains("Windows-1252")));
        let counts = fst::Map::new(run.built.counts.clone()).unwrap();
        assert_eq!(counts.get("WHALE"), Some(3));
    }

    /// One book reached under two names (a link; also a relative and an absolute path) is
    /// read once, under the same name whatever the order of the inputs: the manifest, like the
    /// fsts, must not depend on it (docs/policy.md §7).
    #[cfg(unix)]
    #[test]
    fn a_book_given_twice_is_named_the_same_whatever_the_order() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let a = write(d, "a.txt", b"the whale");
        let b = d.join("b.txt");
        std::os::unix::fs::symlink(&a, &b).unwrap();
        let manifest = |paths: &[&Path]| {
            let (inputs, skipped) = expand_inputs(&args(paths)).unwrap();
            let run = ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).unwrap();
            assert_eq!(run.manifest.inputs.len(), 1);
            run.manifest.to_json()
        };
        assert_eq!(manifest(&[&a, &b]), manifest(&[&b, &a]));
        assert_eq!(manifest(&[&b, &a, &b]), manifest(&[&a, &b]));
    }

    /// Two books whose names differ only in bytes that are not UTF-8 get the same label
    /// (`a\u{FFFD}.txt`): their order in the manifest once followed the order they were given in.
    #[cfg(unix)]
    #[test]
    fn books_with_the_same_label_are_ordered_by_content() {
        use std::os::unix::ffi::OsStrExt;
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let a = d.join(std::ffi::OsStr::from_bytes(b"a\xFF.txt"));
        let b = d.join(std::ffi::OsStr::from_bytes(b"a\xFE.txt"));
        std::fs::write(&a, b"the whale").unwrap();
        std::fs::write(&b, b"the shark").unwrap();
        let manifest = |paths: &[&Path]| {
            let (inputs, skipped) = expand_inputs(&args(paths)).unwrap();
            let run = ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).unwrap();
            assert_eq!(run.manifest.inputs[0].path, run.manifest.inputs[1].path);
            run.manifest.to_json()
        };
        assert_eq!(manifest(&[&a, &b]), manifest(&[&b, &a]));
    }

    /// Books joined into one file (`cat *.txt > all.txt`): only the first is read, as the
    /// markers say, but no longer silently (a 20 MB file gave the 100 KB of its first book).
    #[test]
    fn a_second_book_after_the_end_marker_is_warned_about() {
        let dir = tempfile::tempdir().unwrap();
        let one = "*** START OF THE PROJECT GUTENBERG EBOOK A ***\nthe whale\n*** END OF THE PROJECT GUTENBERG EBOOK A ***\nlicense\n";
        let two = "*** START OF THE PROJECT GUTENBERG EBOOK B ***\nthe harpoon\n*** END OF THE PROJECT GUTENBERG EBOOK B ***\nlicense\n";
        let joined = write(dir.path(), "joined.txt", format!("{one}{two}").as_bytes());
        let single = write(dir.path(), "single.txt", one.as_bytes());
        let (inputs, skipped) = expand_inputs(&args(&[&joined, &single])).unwrap();
        let run = ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).unwrap();
        let notes: Vec<&Note> = run
            .notes
            .iter()
            .filter(|n| n.message.contains("another Project Gutenberg book"))
            .collect();
        assert_eq!(notes.len(), 1, "{:?}", run.notes);
        assert!(notes[0].path.ends_with("joined.txt"), "{notes:?}");
        assert!(notes[0].message.contains("line 5"), "{notes:?}");
        let set = crate::WordSet::from_bytes(run.built.set.clone()).unwrap();
        use folio_core::Lexicon;
        assert!(set.contains(b"WHALE") && !set.contains(b"HARPOON"));
    }

    /// UTF-16 without a byte-order mark is not guessed at (docs/policy.md §1), but the
    /// message says what the file looks like and what to do, instead of only "binary".
    #[test]
    fn utf16_without_a_mark_is_named_in_the_skip_reason() {
        let dir = tempfile::tempdir().unwrap();
        let text = "The whale, the harpoon, and the sea.\r\n";
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        let le = write(dir.path(), "le.txt", &le);
        let be = write(dir.path(), "be.txt", &be);
        let png = write(
            dir.path(),
            "png.txt",
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x01\0",
        );
        let (inputs, skipped) = expand_inputs(&args(&[&le, &be, &png])).unwrap();
        let err = ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).unwrap_err();
        let Error::NothingUsable { skipped } = &err else {
            panic!("{err}")
        };
        assert_eq!(skipped.len(), 3, "{skipped:?}");
        for (name, hint) in [
            ("be.txt", Some("UTF-16BE")),
            ("le.txt", Some("UTF-16LE")),
            ("png.txt", None),
        ] {
            let reason = skipped.iter().find(|s| s.contains(name)).unwrap();
            assert!(reason.contains("binary"), "{reason}");
            match hint {
                Some(h) => assert!(
                    reason.contains(&format!("looks like {h} text without a byte-order mark")),
                    "{reason}"
                ),
                None => assert!(!reason.contains("UTF-16"), "{reason}"),
            }
        }
    }

    #[test]
    fn nothing_usable_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let e = write(dir.path(), "e.txt", b"  \n");
        let (inputs, skipped) = expand_inputs(&args(&[&e])).unwrap();
        let err = ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).unwrap_err();
        assert!(
            matches!(&err, Error::NothingUsable { skipped } if skipped.len() == 1),
            "{err}"
        );
        assert!(err.to_string().contains("e.txt: empty"), "{err}");
    }

    #[test]
    fn outputs_are_written_together() {
        let dir = tempfile::tempdir().unwrap();
        let a = write(dir.path(), "a.txt", b"the whale");
        let (inputs, skipped) = expand_inputs(&args(&[&a])).unwrap();
        let run = ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).unwrap();
        let paths = OutputPaths::for_set(&dir.path().join("g.fst"));
        let m = write_outputs(&paths, &run).unwrap();
        assert_eq!(m.outputs.set, "g.fst");
        let set = crate::WordSet::open(&paths.set).unwrap();
        assert_eq!(set.len(), 2);
        let back: Manifest =
            serde_json::from_slice(&std::fs::read(&paths.manifest).unwrap()).unwrap();
        assert_eq!(back, m);
        assert!(paths.counts.exists());
    }
}
