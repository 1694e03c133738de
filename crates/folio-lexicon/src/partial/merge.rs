//! Merging partials by a streaming k-way merge: into another partial (a node of a merge
//! tree), or into the word set, its counts map and its manifest (the root).
//!
//! Memory: one record and a 64 KiB buffer per open partial (at most [`FAN_IN`] open at once:
//! more are merged in passes through temporary partials), the books' list and, when writing
//! the set, one counter per book; the fst builders' bounded registries. Nothing grows with
//! the number of keys. Sums are commutative and the books are sorted by path, so any
//! grouping and order of the partials writes the same bytes.

use std::path::{Path, PathBuf};

use crate::build::FstBuilder;
use crate::error::{Error, Result};
use crate::ingest::budget::prefix;
use crate::ingest::drops::Selection;
use crate::ingest::manifest::{InputReport, Manifest, Outputs, Skipped, Totals};
use crate::partial::format::{
    partial_policy, Header, PartialReader, PartialWriter, Record, FORMAT,
};
use crate::partial::select::RootSelection;
use crate::partial::tree::LoserTree;
use crate::policy::{Policy, WordStat};
use crate::set::paths::OutputPaths;

/// Most partials read at once; more are merged in passes of this many.
pub const FAN_IN: usize = 64;

/// Partials opened for merging: their headers read and checked against each other.
pub struct Merge {
    readers: Vec<PartialReader<std::fs::File>>,
    /// Per reader: its books' indices in `inputs`.
    remaps: Vec<Vec<u32>>,
    /// The policy every partial was made under.
    policy: Policy,
    /// Every book, sorted by path then sha256.
    inputs: Vec<InputReport>,
    skipped: Vec<Skipped>,
    /// Whether the partials are the runs of one bounded ingest that counted some book in
    /// pieces ([`Merge::open_pieces`]): a book may then be in several of them.
    pieces: bool,
    /// Where earlier passes left their partials (removed when the merge is dropped).
    _passes: Option<tempfile::TempDir>,
}

/// Refuses a partial named twice (`a.part a.part`, `a.part ./a.part`, a link to it): said
/// so, before its books are found twice and reported as a book two partials hold. Paths
/// are compared canonicalised; one that cannot be is left to fail, naming itself, when
/// opened.
fn refuse_named_twice(paths: &[PathBuf]) -> Result<()> {
    let mut seen: std::collections::HashMap<PathBuf, &Path> = Default::default();
    for p in paths {
        let Ok(canonical) = std::fs::canonicalize(p) else {
            continue;
        };
        if let Some(first) = seen.insert(canonical, p) {
            let (first, this) = (
                folio_core::file_name::in_message(first),
                folio_core::file_name::in_message(p),
            );
            return Err(Error::Partial {
                path: p.clone(),
                reason: if first == this {
                    "the same partial is named twice: give each partial once".into()
                } else {
                    format!("the same partial as {first}, named twice: give each partial once")
                },
            });
        }
    }
    Ok(())
}

impl Merge {
    /// Opens the partials at `paths` for merging. When there are more than [`FAN_IN`], they
    /// are first merged in passes of [`FAN_IN`] into temporary partials in a folder made in
    /// `scratch`.
    ///
    /// # Errors
    /// [`Error::Partial`] naming a file that is not a partial of this format, or whose policy
    /// differs from the first one's, or that holds a book another partial holds too (by
    /// its path, or by its bytes: the same SHA-256 under another name), or that is named
    /// twice (the same file, however spelt);
    /// [`Error::Io`] when one cannot be read or a temporary file written.
    pub fn open(paths: &[PathBuf], scratch: &Path) -> Result<Merge> {
        Merge::open_with(paths, scratch, false)
    }

    /// As [`Merge::open`], for the runs of one bounded ingest that counted a book larger
    /// than its budget allows in pieces (`ingest::budget`): the pieces of a book may be in
    /// several runs, each with the book's entry in its header (the same path and SHA-256,
    /// the tokens of its pieces). They are taken as one book: its tokens summed, its key
    /// lists merged (each key's books once), its distinct keys counted again from the
    /// records (a run's header cannot know them).
    ///
    /// # Errors
    /// As [`Merge::open`].
    pub(crate) fn open_pieces(paths: &[PathBuf], scratch: &Path) -> Result<Merge> {
        Merge::open_with(paths, scratch, true)
    }

    fn open_with(paths: &[PathBuf], scratch: &Path, pieces: bool) -> Result<Merge> {
        refuse_named_twice(paths)?;
        if paths.len() <= FAN_IN {
            return Merge::open_direct(paths, pieces);
        }
        let dir = tempfile::Builder::new()
            .prefix("folio-merge-")
            .tempdir_in(scratch)
            .map_err(|e| Error::io(scratch, e))?;
        let mut level: Vec<PathBuf> = paths.to_vec();
        let mut pass = 0;
        while level.len() > FAN_IN {
            let mut next = Vec::new();
            for (i, group) in level.chunks(FAN_IN).enumerate() {
                let out = dir.path().join(format!("pass{pass}-{i}.part"));
                Merge::open_direct(group, pieces)?.write_partial_file(&out)?;
                next.push(out);
            }
            if pass > 0 {
                for p in &level {
                    let _ = std::fs::remove_file(p);
                }
            }
            level = next;
            pass += 1;
        }
        let mut merge = Merge::open_direct(&level, pieces)?;
        merge._passes = Some(dir);
        Ok(merge)
    }

    fn open_direct(paths: &[PathBuf], pieces: bool) -> Result<Merge> {
        let mut readers = Vec::with_capacity(paths.len());
        for p in paths {
            readers.push(PartialReader::open(p)?);
        }
        let Some(first) = readers.first() else {
            return Err(Error::NothingUsable {
                skipped: vec!["no partial given".into()],
            });
        };
        let policy = first.header().policy.clone();
        for r in &readers[1..] {
            if r.header().policy != policy {
                return Err(Error::Partial {
                    path: r.path().to_path_buf(),
                    reason: format!(
                        "made under another policy ({}) than {} ({}); merge partials of one policy",
                        r.header().policy.options(),
                        folio_core::file_name::in_message(first.path()),
                        policy.options()
                    ),
                });
            }
        }
        // Every book with where it comes from, sorted as ingest sorts them.
        let mut all: Vec<(usize, usize)> = readers
            .iter()
            .enumerate()
            .flat_map(|(r, rd)| (0..rd.header().inputs.len()).map(move |i| (r, i)))
            .collect();
        let report = |&(r, i): &(usize, usize)| &readers[r].header().inputs[i];
        all.sort_by(|a, b| {
            let (x, y) = (report(a), report(b));
            (&x.path, &x.sha256).cmp(&(&y.path, &y.sha256))
        });
        // The pieces of one book (runs of one ingest only): one group, one book.
        let same = |a: &(usize, usize), b: &(usize, usize)| {
            let (x, y) = (report(a), report(b));
            pieces && x.path == y.path && x.sha256 == y.sha256
        };
        let groups: Vec<&[(usize, usize)]> = all.chunk_by(|a, b| same(a, b)).collect();
        for w in groups.windows(2) {
            let w = [w[0][0], w[1][0]];
            if report(&w[0]).path == report(&w[1]).path {
                return Err(Error::Partial {
                    path: readers[w[1].0].path().to_path_buf(),
                    reason: format!(
                        "holds the book {} that {} holds too: each book must be in one partial",
                        folio_core::quote::quoted(&report(&w[1]).path),
                        folio_core::file_name::in_message(readers[w[0].0].path())
                    ),
                });
            }
        }
        // A book copied under another name, one copy in each of two partials: ingest counts
        // it once (it skips the copy, `ingest::inputs::dedup`), but a partial's counts are
        // sums over its books, so the copy cannot be taken out here: refused, as a book
        // in two partials is.
        let mut by_hash: std::collections::HashMap<&str, &(usize, usize)> =
            std::collections::HashMap::with_capacity(all.len());
        for b in groups.iter().map(|g| &g[0]) {
            let this = report(b);
            if let Some(first) = by_hash.insert(&this.sha256, b) {
                let (x, y) = (report(first), this);
                return Err(Error::Partial {
                    path: readers[b.0].path().to_path_buf(),
                    reason: format!(
                        "holds the book {}, whose bytes are those of {} that {} holds (the \
                         same SHA-256): a book is counted once; make the partials again \
                         with the two in one (ingest counts the copy once), or without one",
                        folio_core::quote::quoted(&y.path),
                        folio_core::quote::quoted(&x.path),
                        folio_core::file_name::in_message(readers[first.0].path())
                    ),
                });
            }
        }
        let mut remaps: Vec<Vec<u32>> = readers
            .iter()
            .map(|r| vec![0; r.header().inputs.len()])
            .collect();
        let mut inputs = Vec::with_capacity(groups.len());
        for (g, group) in groups.iter().enumerate() {
            let mut book = report(&group[0]).clone();
            for &(r, i) in *group {
                remaps[r][i] = g as u32;
            }
            for piece in &group[1..] {
                book.tokens += report(piece).tokens;
            }
            inputs.push(book);
        }
        let mut skipped: Vec<Skipped> = readers
            .iter()
            .flat_map(|r| r.header().skipped.iter().cloned())
            .collect();
        skipped.sort_by(|a, b| (&a.path, &a.reason).cmp(&(&b.path, &b.reason)));
        skipped.dedup();
        Ok(Merge {
            readers,
            remaps,
            policy,
            inputs,
            skipped,
            pieces,
            _passes: None,
        })
    }

    /// Number of books in the partials.
    pub fn books(&self) -> usize {
        self.inputs.len()
    }

    /// The policy the partials were made under (`min_count` and `min_books` at 1).
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// Calls `each` with every key in bytewise order, its summed statistics and its books
    /// (indices into `self.inputs`; ascending when `sorted`, else in no particular order:
    /// the root only counts them, and a key of many books spread over many runs made the
    /// sort a large share of its merge).
    fn for_each(
        &mut self,
        sorted: bool,
        mut each: impl FnMut(&[u8], WordStat, &[u32]) -> Result<()>,
    ) -> Result<()> {
        let n = self.readers.len();
        let mut cur: Vec<Record> = vec![Record::default(); n];
        // Each reader's current key's first eight bytes (`prefix`): one integer compare
        // settles most comparisons.
        let mut heads = vec![0u64; n];
        let mut live = vec![false; n];
        for (i, r) in self.readers.iter_mut().enumerate() {
            if r.next_into(&mut cur[i])? {
                heads[i] = prefix(&cur[i].key);
                live[i] = true;
            }
        }
        let mut tree = {
            let (c, h) = (&cur, &heads);
            LoserTree::new(live, |a, b| less(c, h, a, b))
        };
        let mut key = Vec::new();
        let mut books: Vec<u32> = Vec::new();
        while let Some(top) = tree.top() {
            key.clear();
            key.extend_from_slice(&cur[top].key);
            let head = heads[top];
            let mut stat = WordStat::default();
            books.clear();
            let mut sources = 0;
            while let Some(i) = tree
                .top()
                .filter(|&i| heads[i] == head && cur[i].key == key)
            {
                let rec = &cur[i];
                stat.count = stat.count.saturating_add(rec.count);
                stat.lower_case |= rec.lower_case;
                let map = &self.remaps[i];
                books.extend(rec.books.iter().map(|&b| map[b as usize]));
                sources += 1;
                let more = self.readers[i].next_into(&mut cur[i])?;
                if more {
                    heads[i] = prefix(&cur[i].key);
                }
                let (c, h) = (&cur, &heads);
                if more {
                    tree.replay(|a, b| less(c, h, a, b));
                } else {
                    tree.pop(|a, b| less(c, h, a, b));
                }
            }
            if self.pieces && sources > 1 {
                // A book counted in pieces may come from several runs: listed once.
                books.sort_unstable();
                books.dedup();
            } else if sorted && sources > 1 {
                books.sort_unstable();
            }
            stat.books = books.len() as u32;
            each(&key, stat, &books)?;
        }
        Ok(())
    }

    fn header(&self) -> Header {
        Header {
            format: FORMAT,
            policy: partial_policy(&self.policy),
            inputs: self.inputs.clone(),
            skipped: self.skipped.clone(),
        }
    }

    /// Writes the merge as one partial at `path`, atomically (see
    /// [`crate::set::atomic::write_atomic`]).
    ///
    /// # Errors
    /// As [`Merge::open`], for the records read; [`Error::Io`] naming `path`.
    pub fn write_partial(mut self, path: &Path) -> Result<()> {
        self.count_distinct()?;
        let header = self.header();
        let mut failed = None;
        crate::set::atomic::write_atomic(path, |w| {
            let mut out = PartialWriter::new(w, &header)?;
            let r = self.for_each(true, |k, s, b| {
                out.push(k, s.count, s.lower_case, b)
                    .map_err(|e| Error::io(path, e))
            });
            if let Err(e) = r {
                failed = Some(e);
                return Err(std::io::Error::other("merge failed"));
            }
            out.finish().map(|_| ())
        })
        .map_err(|e| failed.take().unwrap_or(e))
    }

    /// When a book was counted in pieces ([`Merge::open_pieces`]): every book's distinct
    /// keys counted from the records, by a pass of their own over the same partials (the
    /// header, written first, must hold them).
    fn count_distinct(&mut self) -> Result<()> {
        if !self.pieces {
            return Ok(());
        }
        let paths: Vec<PathBuf> = self
            .readers
            .iter()
            .map(|r| r.path().to_path_buf())
            .collect();
        let mut again = Merge::open_direct(&paths, true)?;
        let mut distinct = vec![0u64; again.inputs.len()];
        again.for_each(false, |_, _, books| {
            for &b in books {
                distinct[b as usize] += 1;
            }
            Ok(())
        })?;
        for (r, d) in self.inputs.iter_mut().zip(distinct) {
            r.distinct_words = d;
        }
        Ok(())
    }

    /// As [`Merge::write_partial`], to a plain new file (a temporary partial of a pass).
    fn write_partial_file(mut self, path: &Path) -> Result<()> {
        let header = self.header();
        let file = std::fs::File::create(path).map_err(|e| Error::io(path, e))?;
        let mut out = PartialWriter::new(file, &header).map_err(|e| Error::io(path, e))?;
        self.for_each(true, |k, s, b| {
            out.push(k, s.count, s.lower_case, b)
                .map_err(|e| Error::io(path, e))
        })?;
        out.finish().map_err(|e| Error::io(path, e))?;
        Ok(())
    }

    /// Writes the word set, its counts map, its books map and its manifest, as `folio ingest` of the same
    /// books under `policy` writes them (the bytes are the same): the keys `policy` keeps
    /// (with its `min_count` and `min_books`) go into fst builders streaming to files in a
    /// temporary folder made in `scratch`, then the three outputs are written together and
    /// atomically ([`crate::set::atomic::write_files_atomic`]).
    ///
    /// # Errors
    /// [`Error::Partial`] when `policy` spells words otherwise than the partials;
    /// [`Error::TooFewBooks`] when `min_books` is over the number of books; as
    /// [`Merge::open`] for the records; [`Error::Io`].
    pub fn write_outputs(
        self,
        policy: &Policy,
        paths: &OutputPaths,
        scratch: &Path,
    ) -> Result<Manifest> {
        self.write_outputs_with(policy, &Selection::default(), paths, scratch)
    }

    /// As [`Merge::write_outputs`], with the `--include` and `--exclude` lists of
    /// `selection` applied to the keys `policy` keeps (as `folio ingest` applies them; the
    /// manifest records them).
    ///
    /// # Errors
    /// As [`Merge::write_outputs`].
    pub fn write_outputs_with(
        mut self,
        policy: &Policy,
        selection: &Selection,
        paths: &OutputPaths,
        scratch: &Path,
    ) -> Result<Manifest> {
        if partial_policy(policy) != self.policy {
            return Err(Error::Partial {
                path: self.readers[0].path().to_path_buf(),
                reason: format!(
                    "made under policy {}, not {}",
                    self.policy.options(),
                    partial_policy(policy).options()
                ),
            });
        }
        if self.inputs.is_empty() {
            return Err(Error::NothingUsable {
                skipped: if self.skipped.is_empty() {
                    vec!["no book in the partials".into()]
                } else {
                    self.skipped
                        .iter()
                        .map(|s| format!("{}: {}", s.path, s.reason))
                        .collect()
                },
            });
        }
        if policy.min_books > self.inputs.len() {
            return Err(Error::TooFewBooks {
                min_books: policy.min_books,
                books: self.inputs.len() as u64,
            });
        }
        let dir = tempfile::Builder::new()
            .prefix("folio-merge-")
            .tempdir_in(scratch)
            .map_err(|e| Error::io(scratch, e))?;
        let set_tmp = dir.path().join("set.fst");
        let counts_tmp = dir.path().join("counts.fst");
        let books_tmp = dir.path().join("books.fst");
        // folio's fst builder streaming to the files (the bytes of `fst`'s builders,
        // ~1.5-2.4x faster: `make bench-fst-build`), holding 1 MiB of each, each on a thread
        // of its own fed chunks of the kept keys (`builds`).
        let mut kept_per_book = vec![0u64; self.inputs.len()];
        // Counted from the records only when a book was counted in pieces.
        let mut distinct_per_book = vec![0u64; if self.pieces { self.inputs.len() } else { 0 }];
        let (mut distinct, mut words) = (0u64, 0u64);
        let mut lists = RootSelection::new(selection);
        let (set_len, counts_len, _) = builds(
            [&set_tmp, &counts_tmp, &books_tmp],
            |send: &mut dyn FnMut(&[u8], u64, u64)| {
                self.for_each(false, |key, stat, books| {
                    distinct += 1;
                    if !distinct_per_book.is_empty() {
                        for &b in books {
                            distinct_per_book[b as usize] += 1;
                        }
                    }
                    // Characters of a UTF-8 key: the bytes that do not continue a character.
                    let chars = key.iter().filter(|&&b| (b as i8) >= -0x40).count();
                    // A book's `words_kept` counts the keys the policy keeps, before the
                    // lists (as the in-memory ingest counts them).
                    let policy_keeps = policy.keeps_len(chars, &stat);
                    if policy_keeps {
                        for &b in books {
                            kept_per_book[b as usize] += 1;
                        }
                    }
                    if lists.keeps(key, policy_keeps) {
                        send(key, stat.count, books.len() as u64);
                        words += 1;
                    }
                    Ok(())
                })
            },
        )?;
        // Copied into place from the files (not mapped and written from memory: the pages
        // of a mapped file count in the resident set, ~10 bytes a key for each fst).

        let mut totals = Totals {
            inputs: self.inputs.len() as u64,
            distinct_words: distinct,
            words,
            set_bytes: set_len,
            counts_bytes: counts_len,
            ..Totals::default()
        };
        let mut inputs = std::mem::take(&mut self.inputs);
        for (r, d) in inputs.iter_mut().zip(distinct_per_book) {
            r.distinct_words = d;
        }
        for (r, n) in inputs.iter_mut().zip(kept_per_book) {
            r.words_kept = n;
            totals.bytes += r.bytes;
            totals.tokens += r.tokens;
        }
        let name = |p: &Path| {
            p.file_name()
                .map(|n| folio_core::file_name::shown(Path::new(n)).into_owned())
                .unwrap_or_default()
        };
        let manifest = Manifest {
            folio_version: env!("CARGO_PKG_VERSION").to_string(),
            policy: policy.recorded(inputs.iter().filter_map(|r| r.language.as_deref())),
            outputs: Outputs {
                set: name(&paths.set),
                counts: name(&paths.counts),
                books: name(&paths.books),
            },
            inputs,
            skipped: std::mem::take(&mut self.skipped),
            totals,
            lists: lists.finish(),
        };
        let json = manifest.to_json();
        use crate::set::atomic::Content;
        crate::set::atomic::write_contents_atomic(&[
            (&paths.set, Content::File(&set_tmp)),
            (&paths.counts, Content::File(&counts_tmp)),
            (&paths.books, Content::File(&books_tmp)),
            (&paths.manifest, Content::Bytes(json.as_bytes())),
        ])?;
        Ok(manifest)
    }
}

/// Kept keys handed to the fst builders' threads at a time (~20 bytes each).
const CHUNK_KEYS: usize = 16 * 1024;

/// Kept keys in order, stored flat, with their counts and numbers of books.
#[derive(Default)]
struct Chunk {
    bytes: Vec<u8>,
    ends: Vec<usize>,
    counts: Vec<u64>,
    books: Vec<u64>,
}

impl Chunk {
    fn keys(&self) -> impl Iterator<Item = (&[u8], usize)> {
        let mut start = 0;
        self.ends.iter().enumerate().map(move |(i, &end)| {
            let k = &self.bytes[start..end];
            start = end;
            (k, i)
        })
    }
}

/// Builds the set, the counts map and the books map at `paths` (streaming to the files),
/// each on a thread of its own, from the keys `produce` hands to its `send` in order (key,
/// count, books): the three builds run beside the merge and beside each other, where one
/// loop inserting each key into the three builders in turn kept every builder's registry
/// and stack competing for one core's cache. Keys go over in chunks of [`CHUNK_KEYS`], at
/// most two chunks queued per builder. Returns the three fsts' lengths in bytes.
fn builds(
    paths: [&Path; 3],
    produce: impl FnOnce(&mut dyn FnMut(&[u8], u64, u64)) -> Result<()>,
) -> Result<(u64, u64, u64)> {
    let mut builders = Vec::with_capacity(3);
    for p in paths {
        let f = std::fs::File::create(p).map_err(|e| Error::io(p, e))?;
        builders.push(FstBuilder::streaming(f));
    }
    std::thread::scope(|s| {
        let mut senders = Vec::with_capacity(3);
        let mut handles = Vec::with_capacity(3);
        for (which, (mut b, p)) in builders.into_iter().zip(paths).enumerate() {
            let (tx, rx) = std::sync::mpsc::sync_channel::<std::sync::Arc<Chunk>>(2);
            senders.push(tx);
            handles.push(s.spawn(move || -> Result<u64> {
                let fst_err = |source| Error::NotAnFst {
                    path: p.to_path_buf(),
                    source,
                };
                for c in rx {
                    for (k, i) in c.keys() {
                        let out = match which {
                            0 => 0,
                            1 => c.counts[i],
                            _ => c.books[i],
                        };
                        b.insert(k, out).map_err(fst_err)?;
                    }
                }
                b.finish_streaming().map_err(|e| Error::io(p, e))
            }));
        }
        let mut chunk = Chunk::default();
        // A builder that failed has dropped its receiver: its error is reported at the join.
        let flush = |chunk: &mut Chunk| {
            let c = std::sync::Arc::new(std::mem::take(chunk));
            for tx in &senders {
                let _ = tx.send(c.clone());
            }
        };
        let produced = produce(&mut |key, count, books| {
            chunk.bytes.extend_from_slice(key);
            chunk.ends.push(chunk.bytes.len());
            chunk.counts.push(count);
            chunk.books.push(books);
            if chunk.ends.len() >= CHUNK_KEYS {
                flush(&mut chunk);
            }
        });
        if produced.is_ok() && !chunk.ends.is_empty() {
            flush(&mut chunk);
        }
        drop(senders);
        let mut lens = [0u64; 3];
        let mut failed = produced.err();
        for (h, len) in handles.into_iter().zip(&mut lens) {
            match h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)) {
                Ok(n) => *len = n,
                Err(e) => {
                    failed.get_or_insert(e);
                }
            }
        }
        match failed {
            Some(e) => Err(e),
            None => Ok((lens[0], lens[1], lens[2])),
        }
    })
}

/// Whether reader `a`'s current record (then its index) comes before reader `b`'s.
#[inline]
fn less(cur: &[Record], heads: &[u64], a: usize, b: usize) -> bool {
    match heads[a].cmp(&heads[b]) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => (&cur[a].key, a) < (&cur[b].key, b),
    }
}
