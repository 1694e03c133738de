//! The inputs of ingest: command-line arguments expanded into books (files, folders of
//! `*.txt`, stdin), each file once, and how a book's bytes are read (mapped or read).

use std::collections::HashSet;
use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::ingest::manifest::Skipped;

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
            let mut other_books = std::collections::BTreeMap::new();
            collect_txt(&path, &mut found, &mut special, &mut other_books)?;
            found.sort();
            special.sort();
            if found.is_empty() && special.is_empty() {
                skipped.push(Skipped {
                    path: folio_core::file_name::shown(&path).into_owned(),
                    reason: format!(
                        "folder holds no .txt file{}",
                        other_books_hint(&other_books)
                    ),
                });
            } else if !other_books.is_empty() {
                // Read beside the .txt books, they would be left out without a word.
                skipped.push(Skipped {
                    path: folio_core::file_name::shown(&path).into_owned(),
                    reason: format!(
                        "its books other than .txt{}",
                        other_books_hint(&other_books)
                    ),
                });
            }
            skipped.extend(special.into_iter().map(|(p, kind)| {
                let reason = match kind {
                    Special::NotRegular => {
                        "not a regular file (a FIFO, socket or device found in a folder); \
                         name it on the command line to read it"
                    }
                    Special::LinkToNothing => "a symbolic link to nothing",
                };
                Skipped {
                    path: folio_core::file_name::shown(&p).into_owned(),
                    reason: reason.into(),
                }
            }));
            inputs.extend(found.into_iter().map(|p| Input {
                label: folio_core::file_name::shown(&p).into_owned(),
                source: Source::File(p),
            }));
        } else {
            inputs.push(Input {
                label: folio_core::file_name::shown(&path).into_owned(),
                source: Source::File(path),
            });
        }
    }
    Ok((inputs, skipped))
}

/// The extensions of books read only when named (HTML and EPUB): a folder is walked for
/// `*.txt` files alone (docs/policy.md §7), so a folder of them gets a hint, not a read.
const NAMED_ONLY: [&str; 4] = ["htm", "html", "xhtml", "epub"];

/// What a folder without `.txt` files holds that could be read if named: ` (2 .htm files:
/// name them to ingest them as HTML books)`, or nothing when it holds none.
fn other_books_hint(found: &std::collections::BTreeMap<&'static str, usize>) -> String {
    if found.is_empty() {
        return String::new();
    }
    let counts: Vec<String> = found
        .iter()
        .map(|(ext, &n)| folio_core::plural(n, &format!(".{ext} file"), &format!(".{ext} files")))
        .collect();
    let epub = found.contains_key("epub");
    let html = found.len() > usize::from(epub);
    let kind = match (html, epub) {
        (true, true) => "HTML and EPUB",
        (false, true) => "EPUB",
        _ => "HTML",
    };
    let what = if found.values().sum::<usize>() == 1 {
        format!("name it to ingest it as an {kind} book")
    } else {
        format!("name them to ingest them as {kind} books")
    };
    format!(" ({}: {what})", counts.join(", "))
}

/// Why a `*.txt` entry found in a folder is not a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Special {
    /// A FIFO, socket or device (or a link to one).
    NotRegular,
    /// A symbolic link whose target does not exist.
    LinkToNothing,
}

/// Collects the `*.txt` files under `dir`, following symbolic links to folders. A folder
/// reached again (a link to a parent, two links to one folder) is not read twice, so a link
/// cycle cannot make the walk endless; folders are told apart by device and inode.
///
/// The walk is iterative and reads each folder whole before going down, so it holds one
/// open folder at a time however deep the tree (a chain of 2,000 nested folders works under
/// a 256-file limit), and it resolves no path again per level (no `canonicalize`: each
/// entry's identity comes from `fstatat` on its open folder), so time grows with the
/// number of entries, not with the square of the depth.
///
/// Only regular files (or links to them) are books: a FIFO, socket or device named `*.txt`
/// goes to `special` instead (opening a FIFO waits for a writer, so reading one found in a
/// folder would hang the run; ripgrep's walk leaves them out too), and so does a link to
/// nothing (as `folio play` skips one: a stale link in a library is not a missing book).
/// Any other link that cannot be followed (a loop) stays in `out`, so that reading it
/// fails naming it. A file named on the command line is never skipped this way.
///
/// Entries named like books read only when named (`.htm`, `.epub`: [`NAMED_ONLY`]) are
/// counted in `other_books` by extension, for the hint of a folder without `.txt` files.
fn collect_txt(
    dir: &Path,
    out: &mut Vec<PathBuf>,
    special: &mut Vec<(PathBuf, Special)>,
    other_books: &mut std::collections::BTreeMap<&'static str, usize>,
) -> Result<()> {
    let mut visited = HashSet::new();
    let root = std::fs::metadata(dir).map_err(|e| Error::io(dir, e))?;
    visited.insert(folder_id(dir, &root)?);
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| Error::io(&dir, e))?;
        for entry in entries {
            let entry = entry.map_err(|e| Error::io(&dir, e))?;
            let path = entry.path();
            let ty = entry.file_type().map_err(|e| Error::io(&path, e))?;
            let folder = if ty.is_dir() {
                Some(entry.metadata().map_err(|e| Error::io(&path, e))?)
            } else if ty.is_symlink() {
                std::fs::metadata(&path).ok().filter(|m| m.is_dir())
            } else {
                None
            };
            if let Some(meta) = folder {
                if visited.insert(folder_id(&path, &meta)?) {
                    stack.push(path);
                }
            } else if let Some(ext) = path
                .extension()
                .and_then(|e| NAMED_ONLY.into_iter().find(|n| e.eq_ignore_ascii_case(n)))
            {
                *other_books.entry(ext).or_default() += 1;
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("txt"))
            {
                let target = if ty.is_symlink() {
                    Some(std::fs::metadata(&path))
                } else {
                    None
                };
                match target {
                    None if ty.is_file() => out.push(path),
                    None => special.push((path, Special::NotRegular)),
                    Some(Ok(m)) if m.is_file() => out.push(path),
                    Some(Ok(_)) => special.push((path, Special::NotRegular)),
                    Some(Err(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                        special.push((path, Special::LinkToNothing));
                    }
                    // Read later, failing with its own error and its name.
                    Some(Err(_)) => out.push(path),
                }
            }
        }
        // `entries` is dropped here: its folder is closed before the next one is opened.
    }
    Ok(())
}

/// What identifies a folder: device and inode.
#[cfg(unix)]
fn folder_id(_path: &Path, meta: &std::fs::Metadata) -> Result<(u64, u64, PathBuf)> {
    use std::os::unix::fs::MetadataExt;
    Ok((meta.dev(), meta.ino(), PathBuf::new()))
}

/// What identifies a folder: its canonical path (no inode numbers here).
#[cfg(not(unix))]
fn folder_id(path: &Path, _meta: &std::fs::Metadata) -> Result<(u64, u64, PathBuf)> {
    let canonical = std::fs::canonicalize(path).map_err(|e| Error::io(path, e))?;
    Ok((0, 0, canonical))
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

/// The inputs with each book once, and the inputs left out because their bytes are a book's
/// given under another name.
pub(crate) struct Distinct {
    /// The inputs to read, in the order given.
    pub inputs: Vec<Input>,
    /// A [`Skipped`] entry per input whose bytes are those of a kept one ([`same_bytes`]).
    pub same_bytes: Vec<Skipped>,
}

/// The inputs with each book once.
///
/// - Each file once: of the names reaching one file (the same path twice, a link and its
///   target, a relative and an absolute path), the least is kept, silently.
/// - Each content once: of regular files with the same bytes (a book copied under another
///   name: same SHA-256), the least name is kept and the others are skipped, saying which
///   book they repeat, so a book counts once in every count (`--min-books` included).
///   Only files of equal sizes are hashed to find them (most libraries have few such
///   pairs); a file that cannot be read here is left to fail, naming itself, when read.
///   Standard input takes part too (read ahead for it, see [`stdin_ahead`], when a file
///   is given beside it); a copy read from it is the one skipped, so the book keeps the
///   name of its file.
///
/// Both choices depend on the names only, never on the order given, so the manifest does
/// not either; every path of ingest (in memory, `--memory`, `--partial`, the work folder's
/// journal) calls this one function.
pub(crate) fn dedup(inputs: &[Input]) -> Distinct {
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
    let files: Vec<Input> = inputs
        .iter()
        .enumerate()
        .filter(|(n, _)| keep.contains(n))
        .map(|(_, i)| i.clone())
        .collect();
    let repeats = same_bytes(&files);
    let mut same = Vec::new();
    let inputs = files
        .into_iter()
        .enumerate()
        .filter_map(|(n, i)| match repeats.get(&n) {
            None => Some(i),
            Some(first) => {
                same.push(Skipped {
                    path: i.label.clone(),
                    reason: format!(
                        "the same bytes as {} (the same SHA-256): a book is counted once",
                        folio_core::quote::quoted(first)
                    ),
                });
                None
            }
        })
        .collect();
    Distinct {
        inputs,
        same_bytes: same,
    }
}

/// The inputs (by index) whose bytes are those of another input with a lesser name (standard
/// input counting as the greatest), each with that name: regular, non-empty files and
/// standard input of one size, then of one SHA-256.
fn same_bytes(inputs: &[Input]) -> std::collections::HashMap<usize, String> {
    let mut by_size: std::collections::HashMap<u64, Vec<usize>> = Default::default();
    // Standard input is read ahead only when there is a file it could repeat.
    let files = inputs.iter().any(|i| matches!(i.source, Source::File(_)));
    for (n, i) in inputs.iter().enumerate() {
        let len = match &i.source {
            // Only regular files: reading a FIFO here would take what the book read needs.
            Source::File(p) => std::fs::metadata(p)
                .ok()
                .filter(std::fs::Metadata::is_file)
                .map(|m| m.len()),
            Source::Stdin if files => stdin_ahead(true, |b| b.len() as u64),
            Source::Stdin => None,
        };
        if let Some(len) = len.filter(|&l| l > 0) {
            by_size.entry(len).or_default().push(n);
        }
    }
    let mut repeats = std::collections::HashMap::new();
    for group in by_size.into_values().filter(|g| g.len() > 1) {
        let mut by_hash: std::collections::HashMap<[u8; 32], usize> = Default::default();
        let mut hashed: Vec<(usize, [u8; 32])> = group
            .into_iter()
            .filter_map(|n| match &inputs[n].source {
                Source::File(p) => Some((n, file_sha256(p)?)),
                Source::Stdin => Some((n, stdin_ahead(false, sha256)?)),
            })
            .collect();
        // The least name of each content is the book; the others repeat it. A file is
        // the book rather than stdin (`-`, less than any name but no name of a book).
        let key = |n: usize| (inputs[n].source == Source::Stdin, &inputs[n].label);
        hashed.sort_by(|a, b| key(a.0).cmp(&key(b.0)));
        for (n, hash) in hashed {
            match by_hash.get(&hash) {
                Some(&first) => {
                    repeats.insert(n, inputs[first].label.clone());
                }
                None => {
                    by_hash.insert(hash, n);
                }
            }
        }
    }
    repeats
}

/// Standard input read ahead of the run (by [`same_bytes`], to compare it with the files),
/// or the error reading it gave, until [`read_all`] takes it: a stream can be read once.
static STDIN_AHEAD: std::sync::Mutex<Option<std::io::Result<Vec<u8>>>> =
    std::sync::Mutex::new(None);

/// `f` of the bytes of standard input read ahead, reading them first when `read` says so
/// and they were not yet read; `None` when they are not there (not read, or the read
/// failed: [`read_all`] then reports the error, naming `-`).
fn stdin_ahead<T>(read: bool, f: impl FnOnce(&[u8]) -> T) -> Option<T> {
    let mut ahead = STDIN_AHEAD.lock().unwrap_or_else(|e| e.into_inner());
    if ahead.is_none() && read {
        let mut buf = Vec::new();
        *ahead = Some(read_stream(std::io::stdin().lock(), &mut buf).map(|()| buf));
    }
    match ahead.as_ref()? {
        Ok(bytes) => Some(f(bytes)),
        Err(_) => None,
    }
}

/// The size of an input when known before reading it (a file's, or standard input's when
/// read ahead), else 0: books are counted largest first.
pub(crate) fn known_len(input: &Input) -> u64 {
    match &input.source {
        Source::File(p) => std::fs::metadata(p).map_or(0, |m| m.len()),
        Source::Stdin => stdin_ahead(false, |b| b.len() as u64).unwrap_or(0),
    }
}

fn sha256(bytes: &[u8]) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes).into()
}

/// The SHA-256 of the file at `p`, or `None` when it cannot be read (the caller then lets
/// the read that matters fail, naming the file). What "the same bytes" means for books
/// (ingest) and word sets ([`crate::checked::refuse_repeated_sets`]).
pub(crate) fn file_sha256(p: &Path) -> Option<[u8; 32]> {
    use sha2::{Digest, Sha256};
    let mut f = std::fs::File::open(p).ok()?;
    let mut h = Sha256::new();
    std::io::copy(&mut f, &mut h).ok()?;
    Some(h.finalize().into())
}

/// The most bytes read from a stream (standard input, a pipe, a device): a stream has no
/// size to check first, and `/dev/zero` never ends. A regular file has no such limit (its
/// size is known, and one too large for memory is an error before reading).
pub const MAX_STREAM_BYTES: u64 = 256 << 20;

/// Reads `r` to its end into `buf`, refusing more than [`MAX_STREAM_BYTES`]: an
/// `InvalidData` error that says so.
pub fn read_stream(r: impl Read, buf: &mut Vec<u8>) -> std::io::Result<()> {
    r.take(MAX_STREAM_BYTES + 1).read_to_end(buf)?;
    if buf.len() as u64 > MAX_STREAM_BYTES {
        buf.clear();
        buf.shrink_to_fit();
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "more than {} MiB from a stream (a pipe or a device): save it to a file first",
                MAX_STREAM_BYTES >> 20
            ),
        ));
    }
    Ok(())
}

/// Reads a whole input into `buf` (cleared first): a regular file whatever its size (if
/// memory allows), a stream up to [`MAX_STREAM_BYTES`].
pub(crate) fn read_all(input: &Input, buf: &mut Vec<u8>) -> Result<()> {
    buf.clear();
    match &input.source {
        Source::File(p) => {
            let f = std::fs::File::open(p).map_err(|e| Error::io(p, e))?;
            let meta = f.metadata().map_err(|e| Error::io(p, e))?;
            if !meta.is_file() {
                // A FIFO or a device named as a book.
                return read_stream(f, buf).map_err(|e| Error::io(p, e));
            }
            // Like `std::fs::read`: a file too large for memory is an error, not an abort.
            let len = usize::try_from(meta.len()).unwrap_or(usize::MAX);
            buf.try_reserve(len).map_err(|e| {
                Error::io(p, std::io::Error::new(std::io::ErrorKind::OutOfMemory, e))
            })?;
            let mut f = f;
            f.read_to_end(buf).map_err(|e| Error::io(p, e))?;
        }
        Source::Stdin => {
            let ahead = STDIN_AHEAD.lock().unwrap_or_else(|e| e.into_inner()).take();
            match ahead {
                Some(read) => *buf = read.map_err(|e| Error::io("-", e))?,
                None => {
                    read_stream(std::io::stdin().lock(), buf).map_err(|e| Error::io("-", e))?;
                }
            }
        }
    }
    Ok(())
}

/// A regular, non-empty input file mapped into memory, or `None` to read it instead (standard
/// input, pipes and other special files, empty files, a file system that cannot map).
/// Mapping saves copying every book into a buffer (~5% of a run's CPU time on the shared
/// corpus, in the kernel) and the page faults of that buffer.
pub(crate) fn map_file(input: &Input) -> Result<Option<memmap2::Mmap>> {
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
