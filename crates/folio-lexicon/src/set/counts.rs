//! The counts map beside a word set: `OUT.counts.fst`, an `fst::Map` word → occurrences.
//!
//! `folio ingest` writes it next to `OUT.fst`; sets built by `import`, or by set algebra over
//! sets without counts, have none. [`counts_path`] names where it would be.

use std::collections::BinaryHeap;
use std::path::{Path, PathBuf};

use fst::{IntoStreamer, Streamer};

use crate::error::{Error, Result};
use crate::set::paths::counts_path;
use crate::set::{check_footer, map_file, read_file, SetBytes};

/// An opened counts map: word key → number of occurrences in the chosen books.
pub struct CountsMap {
    map: fst::Map<SetBytes>,
    path: PathBuf,
}

impl CountsMap {
    /// Opens the counts map at `path`.
    ///
    /// # Errors
    /// [`Error::Io`] when it cannot be read, [`Error::NotAnFst`] when it is not an fst.
    pub fn open(path: impl AsRef<Path>) -> Result<CountsMap> {
        let path = path.as_ref();
        CountsMap::of_file(path, map_file(path)?)
    }

    /// Reads the counts map at `path` into memory (owned bytes, not a map), as
    /// [`crate::WordSet::read`] reads a set: changes to the file later cannot fault it.
    ///
    /// # Errors
    /// As [`CountsMap::open`].
    pub fn read(path: impl AsRef<Path>) -> Result<CountsMap> {
        let path = path.as_ref();
        CountsMap::of_file(path, read_file(path)?)
    }

    /// The map of the bytes of the file at `path` (mapped or read).
    fn of_file(path: &Path, bytes: SetBytes) -> Result<CountsMap> {
        let map = check_footer(bytes.as_ref())
            .and_then(|()| fst::Map::new(bytes))
            .map_err(|source| Error::NotAnFst {
                path: path.to_path_buf(),
                source,
            })?;
        Ok(CountsMap {
            map,
            path: path.to_path_buf(),
        })
    }

    /// A counts map from fst bytes already in memory (`path` names it in errors).
    ///
    /// # Errors
    /// [`Error::NotAnFst`] when the bytes are not an fst map.
    pub fn from_bytes(bytes: Vec<u8>, path: impl Into<PathBuf>) -> Result<CountsMap> {
        let path = path.into();
        let map = check_footer(&bytes)
            .and_then(|()| fst::Map::new(SetBytes::Owned(bytes)))
            .map_err(|source| Error::NotAnFst {
                path: path.clone(),
                source,
            })?;
        Ok(CountsMap { map, path })
    }

    /// Opens the counts map beside the set at `set_path`, or `Ok(None)` when there is none.
    ///
    /// # Errors
    /// As [`CountsMap::open`] when the file exists but cannot be read.
    pub fn open_beside(set_path: &Path) -> Result<Option<CountsMap>> {
        let p = counts_path(set_path);
        if !p.exists() {
            return Ok(None);
        }
        CountsMap::open(p).map(Some)
    }

    /// Checks the fst checksum, then the shape every walk relies on (as
    /// [`crate::WordSet::verify`] does).
    ///
    /// # Errors
    /// [`Error::Corrupt`] naming the file when the checksum does not match;
    /// [`Error::Malformed`] when it does but the nodes are not what a builder writes.
    pub fn verify(&self) -> Result<()> {
        self.map
            .as_fst()
            .verify()
            .map_err(|source| Error::Corrupt {
                path: self.path.clone(),
                source,
            })?;
        crate::set::shape::verify(self.map.as_fst(), &self.path)
    }

    /// The file this map was opened from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Occurrences of `word` (a key), if it is in the map.
    pub fn get(&self, word: &[u8]) -> Option<u64> {
        self.map.get(word)
    }

    /// Number of words in the map.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether the map holds no word.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Sum of all occurrences.
    pub fn total(&self) -> u64 {
        let mut s = self.map.stream();
        let mut total = 0u64;
        while let Some((_, v)) = s.next() {
            total = total.saturating_add(v);
        }
        total
    }

    /// The underlying `fst::Map`, for streams and set operations.
    pub fn as_fst_map(&self) -> &fst::Map<SetBytes> {
        &self.map
    }
}

/// Writes a counts map at `path` (atomically) from `(key, occurrences)` pairs in strictly
/// increasing key order; returns the number of words.
///
/// # Errors
/// [`Error::Io`] naming `path` when it cannot be written or the keys are out of order.
pub fn write_counts<I, K>(path: &Path, pairs: I) -> Result<usize>
where
    I: IntoIterator<Item = (K, u64)>,
    K: AsRef<[u8]>,
{
    let mut n = 0;
    crate::set::atomic::write_atomic(path, |w| {
        let mut b = fst::MapBuilder::new(w).map_err(std::io::Error::other)?;
        for (k, v) in pairs {
            b.insert(k, v).map_err(std::io::Error::other)?;
            n += 1;
        }
        b.finish().map_err(std::io::Error::other)
    })?;
    Ok(n)
}

/// A word and its number of occurrences.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct WordCount {
    /// The word key.
    pub word: String,
    /// Occurrences (summed over every map given).
    pub count: u64,
}

/// The `n` most frequent words over `maps` (their union, counts summed), most frequent first,
/// ties alphabetical. Streams every map once; memory is O(min(n, words)), so any `n` (even
/// `usize::MAX`, "all of them") is fine.
pub fn top(maps: &[CountsMap], n: usize) -> Vec<WordCount> {
    top_where(maps, n, |_| true)
}

/// As [`top`], among the words `keep` accepts (a length range, a pattern).
pub fn top_where(maps: &[CountsMap], n: usize, accept: impl Fn(&[u8]) -> bool) -> Vec<WordCount> {
    if n == 0 {
        return Vec::new();
    }
    let mut op = fst::map::OpBuilder::new();
    for m in maps {
        op.push(m.map.stream());
    }
    let mut stream = op.union().into_stream();
    // Never more than the words there are: `n` comes from the user and may be huge.
    let words = maps
        .iter()
        .fold(0usize, |a, m| a.saturating_add(m.map.len()));
    let keep = n.min(words);
    // Min-heap on (count, Reverse-alphabetical) keeps the best n: the root is the worst kept.
    let mut heap: BinaryHeap<std::cmp::Reverse<(u64, std::cmp::Reverse<Vec<u8>>)>> =
        BinaryHeap::with_capacity(keep.saturating_add(1));
    while let Some((key, values)) = stream.next() {
        if !accept(key) {
            continue;
        }
        let count = values.iter().fold(0u64, |a, v| a.saturating_add(v.value));
        let item = std::cmp::Reverse((count, std::cmp::Reverse(key.to_vec())));
        if heap.len() < n {
            heap.push(item);
        } else if heap.peek().is_some_and(|worst| item < *worst) {
            heap.pop();
            heap.push(item);
        }
    }
    let mut out: Vec<_> = heap
        .into_iter()
        .map(|std::cmp::Reverse((count, std::cmp::Reverse(k)))| (count, k))
        .collect();
    out.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    out.into_iter()
        .map(|(count, k)| WordCount {
            word: String::from_utf8_lossy(&k).into_owned(),
            count,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_map(dir: &Path, name: &str, pairs: &[(&str, u64)]) -> CountsMap {
        let p = dir.join(name);
        let map = fst::Map::from_iter(pairs.iter().map(|(k, v)| (*k, *v))).unwrap();
        std::fs::write(&p, map.as_fst().as_bytes()).unwrap();
        CountsMap::open(&p).unwrap()
    }

    #[test]
    fn top_sums_and_orders() {
        let dir = tempfile::tempdir().unwrap();
        let a = write_map(
            dir.path(),
            "a.counts.fst",
            &[("CAT", 3), ("DOG", 5), ("EEL", 1)],
        );
        let b = write_map(dir.path(), "b.counts.fst", &[("CAT", 3), ("FOX", 6)]);
        let got = top(&[a, b], 3);
        let pairs: Vec<_> = got.iter().map(|w| (w.word.as_str(), w.count)).collect();
        assert_eq!(pairs, [("CAT", 6), ("FOX", 6), ("DOG", 5)]);
    }

    #[test]
    fn top_with_a_huge_n_lists_every_word() {
        // `folio words top 99999999999` once aborted allocating a heap of n entries.
        let dir = tempfile::tempdir().unwrap();
        let a = write_map(dir.path(), "a.counts.fst", &[("CAT", 3), ("DOG", 5)]);
        for n in [99_999_999_999, usize::MAX] {
            let got = top(std::slice::from_ref(&a), n);
            let pairs: Vec<_> = got.iter().map(|w| (w.word.as_str(), w.count)).collect();
            assert_eq!(pairs, [("DOG", 5), ("CAT", 3)], "n = {n}");
        }
    }

    #[test]
    fn top_where_filters_before_ranking() {
        let dir = tempfile::tempdir().unwrap();
        let a = write_map(
            dir.path(),
            "a.counts.fst",
            &[("A", 90), ("CAT", 3), ("DOG", 5), ("HORSE", 1)],
        );
        let got = top_where(std::slice::from_ref(&a), 2, |k| k.len() >= 3);
        let pairs: Vec<_> = got.iter().map(|w| (w.word.as_str(), w.count)).collect();
        assert_eq!(pairs, [("DOG", 5), ("CAT", 3)]);
    }

    #[test]
    fn write_counts_refuses_unsorted_keys() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("c.counts.fst");
        assert_eq!(write_counts(&p, [("A", 1), ("B", 2)]).unwrap(), 2);
        assert_eq!(CountsMap::open(&p).unwrap().total(), 3);
        let err = write_counts(&p, [("B", 1), ("A", 2)]).unwrap_err();
        assert!(err.to_string().contains("c.counts.fst"), "{err}");
        assert_eq!(CountsMap::open(&p).unwrap().len(), 2, "previous map kept");
    }
}
