//! Set algebra over word sets: union, intersection and difference, streamed with fst's
//! `OpBuilder` (the inputs are never loaded whole), plus the counts maps beside them. The
//! output and its counts map are built in memory and written together.
//!
//! ```
//! use folio_lexicon::{query::algebra::{self, SetOp}, WordSet};
//! let moby = WordSet::from_words(["SEA", "WHALE", "SHIP"]).unwrap();
//! let emma = WordSet::from_words(["SEA", "BALL"]).unwrap();
//! let only_moby = algebra::combine(&[moby, emma], SetOp::Difference).unwrap();
//! let words: Vec<_> = folio_lexicon::query::export::words(&only_moby).collect();
//! assert_eq!(words, ["SHIP", "WHALE"]);
//! ```

use std::io::Write;
use std::path::{Path, PathBuf};

use fst::{IntoStreamer, Streamer};

use crate::error::{Error, Result};
use crate::set::atomic::write_files_atomic;
use crate::set::counts::CountsMap;
use crate::set::paths::{
    counts_path, refuse_folder, remove_stale_books, remove_stale_counts, OutputPaths,
};
use crate::set::WordSet;

/// A set operation over one or more sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SetOp {
    /// Words in any set.
    Union,
    /// Words in every set.
    Intersect,
    /// Words in the first set and in none of the others.
    Difference,
}

impl SetOp {
    /// The operation's name, as the command spells it.
    pub fn name(self) -> &'static str {
        match self {
            SetOp::Union => "union",
            SetOp::Intersect => "intersect",
            SetOp::Difference => "difference",
        }
    }
}

/// Streams `op` over `sets` into an fst set builder writing to `w`; returns the word count.
fn build_into<W: Write>(sets: &[WordSet], op: SetOp, w: W) -> fst::Result<usize> {
    let mut builder = fst::SetBuilder::new(w)?;
    let mut ops = fst::set::OpBuilder::new();
    for s in sets {
        ops.push(s.as_fst_set());
    }
    let n = match op {
        SetOp::Union => insert_all(&mut builder, ops.union())?,
        SetOp::Intersect => insert_all(&mut builder, ops.intersection())?,
        SetOp::Difference => insert_all(&mut builder, ops.difference())?,
    };
    builder.finish()?;
    Ok(n)
}

fn insert_all<W: Write, S>(builder: &mut fst::SetBuilder<W>, mut stream: S) -> fst::Result<usize>
where
    S: for<'a> Streamer<'a, Item = &'a [u8]>,
{
    let mut n = 0;
    while let Some(k) = stream.next() {
        builder.insert(k)?;
        n += 1;
    }
    Ok(n)
}

/// `op` over `sets`, built in memory. One set gives a copy of it; no set gives an empty set.
/// Used when several `--set`s act as one (their union).
///
/// # Errors
/// Only if fst construction fails, which it does not for in-memory buffers.
pub fn combine(sets: &[WordSet], op: SetOp) -> Result<WordSet> {
    let mut buf = Vec::new();
    build_into(sets, op, &mut buf).map_err(|source| Error::NotAnFst {
        path: PathBuf::new(),
        source,
    })?;
    WordSet::from_bytes(buf)
}

/// What [`write_combined`] wrote.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CombineReport {
    /// The operation.
    pub op: SetOp,
    /// The set written.
    #[serde(serialize_with = "folio_core::file_name::serialize")]
    pub output: PathBuf,
    /// Words in it.
    pub words: usize,
    /// The counts map written beside it (see [`write_combined`] for when); `None` when
    /// none was, among them whenever the output is written through.
    #[serde(serialize_with = "folio_core::file_name::serialize_option")]
    pub counts: Option<PathBuf>,
    /// The output is a device or FIFO (`-o /dev/null`): the set was written through it, and
    /// no counts map or manifest was written beside it.
    pub written_through: bool,
    /// Inputs without a counts map.
    #[serde(serialize_with = "folio_core::file_name::serialize_list")]
    pub sets_without_counts: Vec<PathBuf>,
    /// An older counts map beside the output that no longer matched it and was removed.
    #[serde(serialize_with = "folio_core::file_name::serialize_option")]
    pub removed_stale_counts: Option<PathBuf>,
    /// An older books map beside the output, removed: only a difference keeps one (the
    /// first set's), so any other left there would be another set's.
    #[serde(serialize_with = "folio_core::file_name::serialize_option")]
    pub removed_stale_books: Option<PathBuf>,
}

/// Writes `op` over the sets at `inputs` to `output` (atomically), and the counts map beside
/// it: for a union, when every input has one, the sum; for an intersection, the sum over
/// the inputs that have one (when any does); for a difference, the first set's counts
/// (when it has them: a blocklist without counts does not matter). When no counts map is written,
/// a stale one beside `output` is removed, so `top` never reads counts of another set. The
/// books map is written only for a difference whose first set has one (that map, cut to
/// the output's words); otherwise a stale one beside `output` is removed the same way.
///
/// Inputs and their counts maps are opened with their checksums checked
/// ([`crate::set::checked`]), so a corrupt input is an error, not a wrong output.
///
/// # Errors
/// As [`crate::set::checked::open_set`] and [`crate::set::checked::open_counts`] for the inputs;
/// [`Error::Io`] naming the output when it cannot be written.
pub fn write_combined(inputs: &[PathBuf], op: SetOp, output: &Path) -> Result<CombineReport> {
    let sets = crate::set::checked::open_sets(inputs)?;
    let policy = crate::set::checked::common_policy(inputs)?;
    let mut maps = Vec::new();
    let mut without = Vec::new();
    for (i, (p, set)) in inputs.iter().zip(&sets).enumerate() {
        match crate::set::checked::open_counts_beside(p, set)? {
            Some(m) => maps.push((i, m)),
            None => without.push(p.clone()),
        }
    }
    // Which counts the output gets: a union needs every input's (a word of a set without
    // counts would have none); an intersection sums the inputs that have counts (every
    // word of it is in each of them); a difference keeps the first set's.
    let counted = match op {
        SetOp::Union => without.is_empty(),
        SetOp::Intersect => !maps.is_empty(),
        SetOp::Difference => maps.first().is_some_and(|(i, _)| *i == 0),
    };
    if op == SetOp::Difference {
        maps.truncate(1);
    }
    let maps: Vec<CountsMap> = maps.into_iter().map(|(_, m)| m).collect();
    // Both files are built in memory and written together (`write_files_atomic`): a counts
    // map that cannot be written (`OUT.counts.fst/` a folder) leaves no new set behind.
    let as_io = |e: fst::Error| Error::io(output, std::io::Error::other(e));
    let mut set_bytes = Vec::new();
    let words = build_into(&sets, op, &mut set_bytes).map_err(as_io)?;
    let counts_out = counts_path(output);
    let mut report = CombineReport {
        op,
        output: output.to_path_buf(),
        words,
        counts: None,
        sets_without_counts: without,
        removed_stale_counts: None,
        removed_stale_books: None,
        written_through: crate::set::atomic::is_write_through(output),
    };
    // The manifest records the inputs' policy (queries normalise words with it) and how
    // the set was made; it replaces any older manifest beside the output.
    let manifest_out = OutputPaths::for_set(output).manifest;
    let manifest = serde_json::json!({
        "folio_version": env!("CARGO_PKG_VERSION"),
        "made_by": format!("folio words {}", op.name()),
        "inputs": inputs
            .iter()
            .map(|p| folio_core::file_name::shown(p).into_owned())
            .collect::<Vec<_>>(),
        "words": words,
        "policy": policy,
    });
    let manifest_bytes = serde_json::to_vec_pretty(&manifest)
        .map_err(|e| Error::io(&manifest_out, std::io::Error::other(e)))?;
    // Every companion is written with the set or removed after it: a counts or books map
    // left by an earlier set of that name would be read as this set's (`top`, `export
    // --counts`, `--min-books`). A folder in a companion's place is refused before anything
    // is written, so a companion that cannot be removed leaves no new set behind.
    let books_out = OutputPaths::for_set(output).books;
    let written = WordSet::from_bytes(set_bytes.clone())?;
    let counts_bytes = if counted {
        let mut b = Vec::new();
        combine_counts(&maps, op, &written, &mut b)
            .map_err(|e| Error::io(&counts_out, std::io::Error::other(e)))?;
        Some(b)
    } else {
        None
    };
    // A difference keeps the first set's books map (its words are a subset of the first
    // set's, each in the same books). A union or intersection cannot know in how many
    // distinct books a word occurs (two sets may share books), so it gets none.
    let mut books_bytes = None;
    if op == SetOp::Difference {
        if let Some(books) = crate::set::checked::open_books_beside(&inputs[0], &sets[0])? {
            let mut b = Vec::new();
            combine_counts(&[books], op, &written, &mut b)
                .map_err(|e| Error::io(&books_out, std::io::Error::other(e)))?;
            books_bytes = Some(b);
        }
    }
    let mut files: Vec<(&Path, &[u8])> = vec![(output, &set_bytes)];
    match &counts_bytes {
        Some(b) => files.push((&counts_out, b)),
        None => refuse_folder(&counts_out)?,
    }
    files.push((&manifest_out, &manifest_bytes));
    match &books_bytes {
        Some(b) => files.push((&books_out, b)),
        None => refuse_folder(&books_out)?,
    }
    write_files_atomic(&files)?;
    // Beside a device or FIFO nothing was written (`write_files_atomic`) or removed.
    if counted {
        report.counts = (!report.written_through).then_some(counts_out);
    } else {
        report.removed_stale_counts = remove_stale_counts(output)?;
    }
    if books_bytes.is_none() {
        report.removed_stale_books = remove_stale_books(output)?;
    }
    Ok(report)
}

/// The counts of every word of `out`: for each word, the sum of the maps' values (only the
/// first map's for a difference).
fn combine_counts<W: Write>(maps: &[CountsMap], op: SetOp, out: &WordSet, w: W) -> fst::Result<()> {
    let mut builder = fst::MapBuilder::new(w)?;
    let mut ops = fst::map::OpBuilder::new();
    for m in maps {
        ops.push(m.as_fst_map().stream());
    }
    let mut stream = ops.union().into_stream();
    while let Some((key, values)) = stream.next() {
        if !out.as_fst_set().contains(key) {
            continue;
        }
        let count = values
            .iter()
            .filter(|v| op != SetOp::Difference || v.index == 0)
            .fold(0u64, |a, v| a.saturating_add(v.value));
        builder.insert(key, count)?;
    }
    builder.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_set(dir: &Path, name: &str, words: &[&str], counts: Option<&[u64]>) -> PathBuf {
        let p = dir.join(name);
        let set = WordSet::from_words(words).unwrap();
        std::fs::write(&p, set.as_fst_set().as_fst().as_bytes()).unwrap();
        if let Some(c) = counts {
            let mut pairs: Vec<_> = words.iter().zip(c).collect();
            pairs.sort();
            let m = fst::Map::from_iter(pairs.into_iter().map(|(k, v)| (*k, *v))).unwrap();
            std::fs::write(counts_path(&p), m.as_fst().as_bytes()).unwrap();
        }
        p
    }

    #[test]
    fn union_sums_counts_difference_keeps_first() {
        let dir = tempfile::tempdir().unwrap();
        let a = write_set(dir.path(), "a.fst", &["CAT", "DOG"], Some(&[2, 3]));
        let b = write_set(dir.path(), "b.fst", &["CAT", "EEL"], Some(&[5, 7]));
        let out = dir.path().join("u.fst");
        let r = write_combined(&[a.clone(), b.clone()], SetOp::Union, &out).unwrap();
        assert_eq!(r.words, 3);
        let m = CountsMap::open(r.counts.unwrap()).unwrap();
        assert_eq!(
            (m.get(b"CAT"), m.get(b"DOG"), m.get(b"EEL")),
            (Some(7), Some(3), Some(7))
        );

        let out = dir.path().join("d.fst");
        let r = write_combined(&[a.clone(), b.clone()], SetOp::Difference, &out).unwrap();
        assert_eq!(r.words, 1);
        let m = CountsMap::open(r.counts.unwrap()).unwrap();
        assert_eq!((m.get(b"DOG"), m.len()), (Some(3), 1));

        let out = dir.path().join("i.fst");
        let r = write_combined(&[a, b], SetOp::Intersect, &out).unwrap();
        let m = CountsMap::open(r.counts.unwrap()).unwrap();
        assert_eq!((m.get(b"CAT"), m.len()), (Some(7), 1));
    }

    #[test]
    fn a_blocklist_without_counts_keeps_the_first_sets_counts() {
        let dir = tempfile::tempdir().unwrap();
        let class = write_set(
            dir.path(),
            "c.fst",
            &["CAT", "DOG", "EEL"],
            Some(&[2, 3, 4]),
        );
        let banned = write_set(dir.path(), "b.fst", &["DOG"], None);
        let out = dir.path().join("d.fst");
        let r = write_combined(&[class.clone(), banned.clone()], SetOp::Difference, &out).unwrap();
        let m = CountsMap::open(r.counts.unwrap()).unwrap();
        assert_eq!(
            (m.get(b"CAT"), m.get(b"EEL"), m.len()),
            (Some(2), Some(4), 2)
        );
        // Without counts in the first set, none.
        let r = write_combined(&[banned.clone(), class.clone()], SetOp::Difference, &out).unwrap();
        assert_eq!(r.counts, None);
        // An intersection sums the sets that have counts.
        let out = dir.path().join("i.fst");
        let r = write_combined(&[class, banned], SetOp::Intersect, &out).unwrap();
        let m = CountsMap::open(r.counts.unwrap()).unwrap();
        assert_eq!((m.get(b"DOG"), m.len()), (Some(3), 1));
    }

    #[test]
    fn an_unwritable_counts_map_leaves_no_set() {
        let dir = tempfile::tempdir().unwrap();
        let a = write_set(dir.path(), "a.fst", &["CAT"], Some(&[2]));
        let b = write_set(dir.path(), "b.fst", &["DOG"], Some(&[1]));
        let nc = write_set(dir.path(), "nc.fst", &["EEL"], None);
        let out = dir.path().join("u.fst");
        std::fs::create_dir(counts_path(&out)).unwrap();
        // With counts (written beside the set), and without (a stale map to remove).
        for inputs in [[&a, &b], [&a, &nc]] {
            let inputs = inputs.map(|p| p.to_path_buf());
            let err = write_combined(&inputs, SetOp::Union, &out).unwrap_err();
            assert!(err.to_string().contains("u.counts.fst"), "{err}");
            assert!(
                !out.exists(),
                "a set was written beside a failed counts map"
            );
        }
    }

    #[test]
    fn a_stale_books_map_is_removed_unless_a_difference_keeps_the_first() {
        let dir = tempfile::tempdir().unwrap();
        let a = write_set(dir.path(), "a.fst", &["CAT", "DOG"], Some(&[2, 3]));
        let b = write_set(dir.path(), "b.fst", &["CAT", "EEL"], Some(&[5, 7]));
        let books = |p: &Path| OutputPaths::for_set(p).books;
        let m = fst::Map::from_iter([("CAT", 1u64), ("DOG", 4)]).unwrap();
        std::fs::write(books(&a), m.as_fst().as_bytes()).unwrap();
        // An old set of the output's name, with every companion.
        let out = dir.path().join("o.fst");
        for op in [SetOp::Union, SetOp::Intersect] {
            std::fs::copy(&a, &out).unwrap();
            std::fs::copy(books(&a), books(&out)).unwrap();
            let r = write_combined(&[a.clone(), b.clone()], op, &out).unwrap();
            assert!(r.counts.is_some(), "{op:?}");
            assert_eq!(r.removed_stale_books, Some(books(&out)), "{op:?}");
            assert!(!books(&out).exists(), "{op:?} left the old books map");
        }
        // A difference cuts the first set's books map to its words.
        std::fs::write(books(&out), b"stale").unwrap();
        let r = write_combined(&[a.clone(), b.clone()], SetOp::Difference, &out).unwrap();
        assert_eq!(r.removed_stale_books, None);
        let set = WordSet::open(&out).unwrap();
        let m = crate::set::checked::open_books_beside(&out, &set)
            .unwrap()
            .unwrap();
        assert_eq!((m.get(b"DOG"), m.len()), (Some(4), 1));
        // A books map that cannot be removed (a folder) leaves no new set behind.
        let out = dir.path().join("f.fst");
        std::fs::create_dir(books(&out)).unwrap();
        let err = write_combined(&[a, b], SetOp::Union, &out).unwrap_err();
        assert!(err.to_string().contains("f.books.fst"), "{err}");
        assert!(!out.exists());
    }

    #[test]
    fn missing_counts_removes_a_stale_map() {
        let dir = tempfile::tempdir().unwrap();
        let a = write_set(dir.path(), "a.fst", &["CAT"], Some(&[2]));
        let b = write_set(dir.path(), "b.fst", &["DOG"], None);
        let out = write_set(dir.path(), "o.fst", &["OLD"], Some(&[1]));
        let r = write_combined(&[a, b.clone()], SetOp::Union, &out).unwrap();
        assert_eq!(r.counts, None);
        assert_eq!(r.sets_without_counts, [b]);
        assert!(r.removed_stale_counts.is_some());
        assert!(!counts_path(&out).exists());
    }
}
