//! Ingest: chosen books in, a word set, its counts and its manifest out.
//!
//! ```no_run
//! use folio_lexicon::ingest::{expand_inputs, ingest, write_outputs};
//! use folio_lexicon::{set::OutputPaths, Policy};
//! let (inputs, skipped) = expand_inputs(&["books/".into()]).unwrap();
//! let run = ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).unwrap();
//! write_outputs(&OutputPaths::for_set("g.fst".as_ref()), &run).unwrap();
//! ```
//!
//! Per book: read → SHA-256 → [`decode`](mod@decode) → [`boilerplate`]
//! → [`clean`] → chunks at paragraph breaks → [`count`] per chunk
//! (rayon) → keys through the [`Policy`]. Books run in parallel too (rayon); per-book counts
//! are merged with commutative sums and the outputs are sorted, so the bytes written do not
//! depend on the thread count or the order of the inputs.

use std::path::Path;

use rayon::prelude::*;
use sha2::{Digest, Sha256};

pub mod boilerplate;
pub mod book_counts;
pub mod budget;
pub mod clean;
pub mod count;
pub mod decode;
pub mod drops;
pub mod elision;
pub mod html;
pub(crate) mod inputs;
pub mod journal;
pub mod manifest;
pub mod merge;
pub mod notes;
mod pool;
mod short;
mod table;
pub mod tokenize;
mod word_mask;

use inputs::{dedup, map_file, read_all};
pub use inputs::{expand_inputs, Input, Reading, Source};
pub use inputs::{read_stream, MAX_STREAM_BYTES};

use crate::build::Built;
use crate::error::{Error, Result};
use crate::ingest::boilerplate::{find_body, next_book, Boilerplate};
use crate::ingest::clean::{is_clean, try_clean_into};
use crate::ingest::count::{merge_books, BookCounts, Tables, TokenCounts};
use crate::ingest::decode::{looks_like_utf16, NotText};
use crate::ingest::manifest::{InputReport, Manifest, Outputs, Skipped, Totals};
use crate::ingest::pool::Pool;
use crate::policy::Policy;
use crate::set::paths::OutputPaths;

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

/// The result of an ingest run, ready to be written.
#[derive(Debug)]
pub struct Ingested {
    /// The manifest (output sizes filled in; output names filled by [`write_outputs`]).
    pub manifest: Manifest,
    /// The fst bytes.
    pub built: Built,
    /// The books map (`OUT.books.fst`): an `fst::Map` from each word to the number of
    /// books it occurs in.
    pub books: Vec<u8>,
    /// Remarks per input, sorted by path.
    pub notes: Vec<Note>,
    /// What was dropped and why, when [`Extras::report`] asked for it (or an include list
    /// needed it).
    pub survey: Option<drops::Survey>,
}

/// What a run does beyond the policy: the drop report and the word lists applied after it.
#[derive(Clone, Debug, Default)]
pub struct Extras {
    /// Survey every token for the drop report ([`drops::Survey`]).
    pub report: bool,
    /// `--include` / `--exclude` lists.
    pub selection: drops::Selection,
}

/// One book read and counted.
struct Book {
    report: InputReport,
    words: BookCounts,
    notes: Vec<Note>,
    survey: Option<drops::BookSurvey>,
}

enum Outcome {
    Book(Box<Book>),
    Skipped(Skipped),
}

/// How a bounded ingest counts a book of more than `size` bytes of text (1.5 × `size`, as
/// [`split_paragraphs`] cuts): in pieces of about `size` bytes cut at paragraph breaks (or
/// whitespace: no word is cut), so that the counting tables of one piece are held at a time.
/// Each piece but the last is handed to `each` as a [`Book`] of its own (the book's report
/// with the piece's tokens and distinct keys, no notes) before the next is counted; the
/// last is the book returned.
struct Pieces<'a> {
    size: usize,
    each: &'a (dyn Fn(Book) -> Result<()> + Sync),
}

/// Reads, cleans and counts every input in parallel and builds the word set in memory.
/// `on_book` is called (from any thread) as each input is done, with its path and bytes.
///
/// Inputs given twice (the same label, or the same file reached twice) are read once; an
/// input whose bytes are those of another (a copy under another name) is skipped, saying
/// which it repeats: a book counts once.
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

/// As [`ingest`], reading input files as `reading` says.
///
/// # Errors
/// As [`ingest`].
pub fn ingest_with(
    inputs: &[Input],
    skipped: Vec<Skipped>,
    policy: &Policy,
    reading: Reading,
    on_book: &(dyn Fn(&str, u64) + Sync),
) -> Result<Ingested> {
    ingest_extra(
        inputs,
        skipped,
        policy,
        reading,
        &Extras::default(),
        on_book,
    )
}

/// As [`ingest_with`], with the drop report and word lists of `extras`.
///
/// # Errors
/// As [`ingest`].
pub fn ingest_extra(
    inputs: &[Input],
    mut skipped: Vec<Skipped>,
    policy: &Policy,
    reading: Reading,
    extras: &Extras,
    on_book: &(dyn Fn(&str, u64) + Sync),
) -> Result<Ingested> {
    let survey = extras.report || !extras.selection.include.is_empty();
    let distinct = dedup(inputs);
    let mut inputs = distinct.inputs;
    skipped.extend(distinct.same_bytes);
    // Largest first: the last books to be counted are then small ones, so no thread waits
    // long for another at the end. (Results are sorted by path below: order-independent.)
    inputs.sort_by_cached_key(|i| std::cmp::Reverse(inputs::known_len(i)));
    let buffers = Buffers::default();
    let outcomes: Vec<Result<Outcome>> = inputs
        .par_iter()
        .map(|input| {
            let out = read_book(input, policy, reading, survey, &buffers, None);
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
    let mut merged = {
        let refs: Vec<&BookCounts> = books.iter().map(|b| &b.words).collect();
        merge_books(&refs, policy)
    };
    let survey = survey.then(|| {
        let surveys = books.iter_mut().filter_map(|b| b.survey.take()).collect();
        drops::Survey::merge(surveys, policy, &extras.selection)
    });
    let lists = (!extras.selection.is_empty())
        .then(|| drops::apply(&mut merged.kept, &extras.selection, survey.as_ref()));
    // The books' counts and the read buffers are no longer needed: freed (megabytes of
    // entries and pages) by the thread that built the set while the map is still being
    // built, instead of on this thread before the outputs can be written. (Freed as a
    // task of its own, it delayed the start of one of the builds by ~5 ms.)
    let counts: Vec<BookCounts> = books
        .iter_mut()
        .map(|b| std::mem::take(&mut b.words))
        .collect();
    // The books map beside the set and the counts map: on a run of many distinct words the
    // three builds are most of the time, and the books map alone at the end left a core
    // idle.
    let (built, books_map) = rayon::join(
        || {
            merged.kept.build_then(move || {
                drop(counts);
                drop(buffers);
            })
        },
        || books_map(&merged.kept),
    );
    let (built, books_map) = (built?, books_map?);
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
    let recorded = policy.recorded(reports.iter().filter_map(|r| r.language.as_deref()));
    Ok(Ingested {
        manifest: Manifest {
            folio_version: env!("CARGO_PKG_VERSION").to_string(),
            policy: recorded,
            outputs: Outputs {
                set: String::new(),
                counts: String::new(),
                books: String::new(),
            },
            inputs: reports,
            skipped,
            totals,
            lists,
        },
        built,
        books: books_map,
        notes,
        survey,
    })
}

/// Writes `OUT.fst`, `OUT.counts.fst` and `OUT.json` together and atomically (see
/// [`crate::set::atomic::write_files_atomic`]), filling in the output names of the manifest.
///
/// # Errors
/// [`Error::Io`] naming the file that could not be written.
pub fn write_outputs(paths: &OutputPaths, run: &Ingested) -> Result<Manifest> {
    write_outputs_with(paths, run, &[])
}

/// As [`write_outputs`], with `also` (the drop report) written in the same group: a file of
/// `also` that cannot be written leaves the set and its companions as they were. Beside a
/// set written through (a device or FIFO), which has no companions, each file of `also` is
/// written on its own after the set.
///
/// # Errors
/// [`Error::Io`] naming the file that could not be written.
pub fn write_outputs_with(
    paths: &OutputPaths,
    run: &Ingested,
    also: &[(&Path, &[u8])],
) -> Result<Manifest> {
    let name = |p: &Path| {
        p.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let mut manifest = run.manifest.clone();
    manifest.outputs = Outputs {
        set: name(&paths.set),
        counts: name(&paths.counts),
        books: name(&paths.books),
    };
    let json = manifest.to_json();
    let mut files: Vec<(&Path, &[u8])> = vec![
        (&paths.set, &run.built.set),
        (&paths.counts, &run.built.counts),
        (&paths.books, &run.books),
        (&paths.manifest, json.as_bytes()),
    ];
    if crate::set::atomic::is_write_through(&paths.set) {
        crate::set::atomic::write_files_atomic(&files)?;
        for (path, bytes) in also {
            crate::set::atomic::write_bytes_atomic(path, bytes)?;
        }
    } else {
        files.extend_from_slice(also);
        crate::set::atomic::write_files_atomic(&files)?;
    }
    Ok(manifest)
}

/// The books map of the kept keys: key → number of books it occurs in.
fn books_map(kept: &merge::KeptKeys) -> Result<Vec<u8>> {
    let mut b = crate::build::FstBuilder::new(kept.len().saturating_mul(4).saturating_add(1024));
    for ((k, _), &n) in kept.iter().zip(kept.books()) {
        b.insert(k, u64::from(n))
            .map_err(|source| Error::NotAnFst {
                path: std::path::PathBuf::new(),
                source,
            })?;
    }
    Ok(b.finish())
}

/// The buffers of one run: a book's bytes, its cleaned text and the spelling tables (see
/// [`crate::ingest::pool`]).
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
    survey: bool,
    buffers: &Buffers,
    pieces: Option<&Pieces<'_>>,
) -> Result<Outcome> {
    if reading == Reading::Map {
        if let Some(map) = map_file(input)? {
            return book(input, &map, policy, survey, buffers, pieces);
        }
    }
    let mut bytes = buffers.bytes.take();
    let out = read_all(input, &mut bytes)
        .and_then(|()| book(input, &bytes, policy, survey, buffers, pieces));
    buffers.bytes.put(bytes);
    out
}

/// Decodes, cleans and counts one input's bytes (in pieces, as `pieces` says, when it is
/// given and the book is large; never with `survey`).
fn book(
    input: &Input,
    bytes: &[u8],
    policy: &Policy,
    survey: bool,
    buffers: &Buffers,
    pieces: Option<&Pieces<'_>>,
) -> Result<Outcome> {
    let skip = |reason: String| {
        Ok(Outcome::Skipped(Skipped {
            path: input.label.clone(),
            reason,
        }))
    };
    let label = input.label.to_ascii_lowercase();
    let epub = html::is_zip(bytes) && label.ends_with(".epub");
    let decoded = if epub {
        match html::epub_text(bytes) {
            Ok(t) => Ok(decode::Decoded {
                text: std::borrow::Cow::Owned(t),
                encoding: decode::Encoding::Utf8,
                lines: None,
            }),
            Err(e) => return skip(format!("EPUB not read: {e}")),
        }
    } else {
        decode::decode_detailed(bytes)
    };
    let decode::Decoded {
        text,
        encoding,
        lines,
    } = match decoded {
        Ok(d) => d,
        Err(NotText::Empty) => return skip("empty (no text)".into()),
        Err(NotText::Binary { offset }) => {
            let hint = match looks_like_utf16(bytes) {
                // Named as an EPUB but no zip archive: a damaged or mislabelled download.
                None if label.ends_with(".epub") => {
                    "; it is named .epub but is not an EPUB (zip) archive".to_string()
                }
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
    if let (true, Some(lines)) = (encoding.is_fallback(), lines) {
        let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let first = format!(
            "line {}, byte offset {}",
            lines.first_line,
            lines.first_offset + (bytes.len() - body.len())
        );
        let message = if encoding == decode::Encoding::Utf8Windows1252 {
            format!(
                "{} not UTF-8 (first: {first}): read as Windows-1252, the others as UTF-8",
                folio_core::plural(lines.count, "line is", "lines are"),
            )
        } else {
            format!(
                "not UTF-8 (first at {first}): decoded as Windows-1252 (found {})",
                encoding.name()
            )
        };
        notes.push(Note {
            path: input.label.clone(),
            message,
        });
    }
    if let Some(e) = decode::utf16_errors(bytes) {
        notes.push(Note {
            path: input.label.clone(),
            message: format!(
                "not valid {}: {} at byte offset {}{}; decoded as U+FFFD",
                encoding.name().to_uppercase(),
                e.first.describe(),
                e.offset,
                match e.count {
                    1 => String::new(),
                    n => format!(
                        " (the first of {})",
                        folio_core::plural(n, "malformed place", "malformed places")
                    ),
                },
            ),
        });
    }
    let named_html = [".htm", ".html", ".xhtml"]
        .iter()
        .any(|e| label.ends_with(e));
    let text = if !epub && (named_html || html::looks_like_html(&text)) {
        if !named_html {
            notes.push(Note {
                path: input.label.clone(),
                message: "looks like HTML (starts with <!DOCTYPE html> or <html>) though \
                          not named .htm or .html: read as HTML, tags dropped"
                    .into(),
            });
        }
        std::borrow::Cow::Owned(html::to_text(&text))
    } else {
        text
    };
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
    let book_policy = policy.for_book(&text);
    let policy = &*book_policy;
    let mut cleaned = buffers.text.take();
    let body_text = body.text(&text);
    // A body with nothing to clean (plain ASCII without `_` or `[`) is counted where it is:
    // no second full-size copy. A copy is reserved fallibly: a book too large for it in
    // memory is an error naming the book (exit 2), not an abort.
    let clean = is_clean(&body_text);
    if !clean {
        if let Err(e) = try_clean_into(&body_text, &mut cleaned) {
            buffers.text.put(cleaned);
            let why = format!(
                "not enough memory for a cleaned copy of its {} bytes of text ({e})",
                body_text.len()
            );
            return Err(Error::io(
                &input.label,
                std::io::Error::new(std::io::ErrorKind::OutOfMemory, why),
            ));
        }
    }
    let report = |tokens: u64| InputReport {
        path: input.label.clone(),
        sha256: sha256.clone(),
        bytes: bytes.len() as u64,
        encoding,
        boilerplate: body.found,
        body_bytes: body.len() as u64,
        tokens,
        distinct_words: 0,
        words_kept: 0,
        language: policy.lang.clone(),
    };
    let whole: &str = if clean { &body_text } else { &cleaned };
    let mut parts = match pieces.filter(|p| !survey && whole.len() > p.size + p.size / 2) {
        Some(p) => split_paragraphs(whole, p.size),
        None => vec![whole],
    };
    let last = parts.pop().unwrap_or_default();
    for part in parts {
        let counts = count_parallel(part, &buffers.tables);
        let words = counts.to_book_counts(policy);
        let tokens = counts.tokens;
        buffers.tables.put(counts.into_tables());
        let piece = Book {
            report: report(tokens),
            words,
            notes: Vec::new(),
            survey: None,
        };
        if let Some(p) = pieces {
            if let Err(e) = (p.each)(piece) {
                buffers.text.put(cleaned);
                return Err(e);
            }
        }
    }
    let counts = count_parallel(last, &buffers.tables);
    let words = counts.to_book_counts(policy);
    let survey = survey.then(|| {
        let outside = drops::words_outside(&text, &body);
        drops::BookSurvey::of(&counts, policy, outside)
    });
    let tokens = counts.tokens;
    buffers.tables.put(counts.into_tables());
    let report = report(tokens);
    buffers.text.put(cleaned);
    Ok(Outcome::Book(Box::new(Book {
        report,
        words,
        notes,
        survey,
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
mod tests;
