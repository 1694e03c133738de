//! Opening word sets and counts maps with their fst checksum checked, as every `folio`
//! command does: a flipped byte is then an error naming the file, never a wrong answer.
//!
//! [`WordSet::open`] and [`CountsMap::open`] only map the file and check its header and
//! footer, so a corrupt node inside it goes unnoticed (fst does not bounds-check nodes: a
//! query may then miss words, list words that are not there, or panic). The functions here
//! also check the fst checksum (crc32c over every byte, fst format 3), then the shape every
//! walk relies on (`set/shape.rs`: no cycle, no node leading to no word, as many words as
//! the header counts), so that a file crafted to pass the checksum cannot make a walk run
//! forever. The checksum reads the whole file once (about 2.6 GB/s); the shape check
//! decodes each node reachable from the root twice, which costs more: opening ENABLE's
//! 508 KB set takes 4.2 ms with both, 0.015 ms without; the 45 shared books' 396 KB set
//! 3.1 ms, their 570 KB counts map 4.3 ms (`make bench-verify`, best of 200, page cache
//! warm, load ~5 on 2 cores) — about what a process takes to start, paid once per open. It
//! grows with the file: `folio words contains` on the 47 MB set of 4.5 M random words that
//! `make bench-ingest` builds takes 0.6 s of CPU and 99 MB, most of it this check.
//!
//! ```
//! # let dir = tempfile::tempdir().unwrap();
//! # let path = dir.path().join("w.fst");
//! let set = folio_lexicon::WordSet::from_words(["CAT", "DOG"]).unwrap();
//! let mut bytes = set.as_fst_set().as_fst().as_bytes().to_vec();
//! std::fs::write(&path, &bytes).unwrap();
//! assert_eq!(folio_lexicon::checked::open_set(&path).unwrap().len(), 2);
//! bytes[9] ^= 1; // one flipped bit
//! std::fs::write(&path, &bytes).unwrap();
//! let err = folio_lexicon::checked::open_set(&path).err().unwrap();
//! assert!(err.to_string().ends_with("w.fst: not a folio word set (fst) file: checksum mismatch: the file is corrupt or truncated"));
//! ```

use std::path::Path;

use crate::error::{Error, Result};
use crate::policy::Policy;
use crate::set::counts::CountsMap;
use crate::set::paths::counts_path;
use crate::set::paths::OutputPaths;
use crate::set::WordSet;

/// Opens the word set at `path` and checks its checksum.
///
/// # Errors
/// As [`WordSet::open`]; [`Error::Corrupt`] naming the file when the
/// checksum does not match or the file has none (fst formats 1 and 2; folio writes 3).
/// [`Error::CountsMapAsSet`] when the file is a counts map, not a set;
/// [`Error::Malformed`] when its root node cannot be decoded although the checksum matches.
pub fn open_set(path: impl AsRef<Path>) -> Result<WordSet> {
    checked_set(path.as_ref(), WordSet::open(path.as_ref())?)
}

/// Reads the word set at `path` into memory ([`WordSet::read`]: owned bytes, so the file
/// changing later cannot fault a query) and checks it as [`open_set`] does.
///
/// # Errors
/// As [`open_set`].
pub fn read_set(path: impl AsRef<Path>) -> Result<WordSet> {
    checked_set(path.as_ref(), WordSet::read(path.as_ref())?)
}

/// `set`, opened from `path`, once its checksum and shape are checked and it is no counts map.
fn checked_set(path: &Path, set: WordSet) -> Result<WordSet> {
    set.verify()?;
    // A counts map is an fst too, and opens as a set. Its words all have a count of at least
    // 1, and fst keeps outputs as close to the root as they can go, so every transition out
    // of its root carries a non-zero output; a set's outputs are all zero.
    // Decoding the root is the first walk of the set: guarded, as every walk is.
    let root_has_outputs = crate::set::guard::guarded(&[path], || {
        let root = set.as_fst_set().as_fst().root();
        root.transitions().any(|t| t.out.value() != 0)
    })?;
    if root_has_outputs {
        return Err(Error::CountsMapAsSet {
            path: path.to_path_buf(),
        });
    }
    Ok(set)
}

/// The word-list policy recorded in the manifest beside the set at `set_path` (`OUT.json`,
/// named as [`OutputPaths::for_set`] names it), so queries normalise words as the set was
/// built (a `--policy raw` or `--keep-diacritics` set keeps `CAFÉ`). `Ok(None)` when there
/// is no manifest, or it records no policy (sets made by `folio words import`, which
/// follow the game policy).
///
/// # Errors
/// [`Error::BadManifest`] naming the manifest when it exists but is not readable JSON or its
/// policy is not one folio knows: never a silent fall back to another policy.
pub fn policy_beside(set_path: &Path) -> Result<Option<Policy>> {
    let path = OutputPaths::for_set(set_path).manifest;
    let bad = |reason: String| Error::BadManifest {
        path: path.clone(),
        reason,
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(bad(e.to_string())),
    };
    let json: serde_json::Value = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
    match json.get("policy") {
        None => Ok(None),
        Some(p) => serde_json::from_value(p.clone())
            .map(Some)
            .map_err(|e| bad(format!("policy: {e}"))),
    }
}

/// The policy of the set at `set_path`: the one in its manifest ([`policy_beside`]), else
/// the game policy.
///
/// # Errors
/// As [`policy_beside`].
pub fn policy_of(set_path: &Path) -> Result<Policy> {
    Ok(policy_beside(set_path)?.unwrap_or_else(Policy::game))
}

/// The policy the sets at `paths` were built under ([`policy_of`]; the game policy for no
/// set), which must spell words alike for all of them ([`Policy::spells_like`]).
///
/// # Errors
/// As [`policy_beside`]; [`Error::MixedPolicies`] naming the first set and the first of
/// another spelling.
pub fn common_policy<P: AsRef<Path>>(paths: &[P]) -> Result<Policy> {
    let mut first: Option<(&Path, Policy)> = None;
    for p in paths {
        let p = p.as_ref();
        let policy = policy_of(p)?;
        match &first {
            None => first = Some((p, policy)),
            Some((f, fp)) if !fp.spells_like(&policy) => {
                return Err(Error::MixedPolicies {
                    first: f.to_path_buf(),
                    first_policy: fp.spelling(),
                    other: p.to_path_buf(),
                    other_policy: policy.spelling(),
                })
            }
            Some(_) => {}
        }
    }
    Ok(first.map_or_else(Policy::game, |(_, p)| p))
}

/// Refuses one set given twice to a command that sums sets (the `--set`s of a query,
/// `union`, `intersect`): the same file under two names (`a.fst`, `./a.fst`, a link; one
/// canonical path) or two files of the same bytes (one SHA-256, hashed only for files of
/// equal sizes), as ingest tells one book given twice. Summed, its counts would double.
/// A path that cannot be resolved or read is left to fail, naming itself, when opened.
///
/// # Errors
/// [`Error::SetGivenTwice`] naming the first pair found (in the order given).
pub fn refuse_repeated_sets<P: AsRef<Path>>(paths: &[P]) -> Result<()> {
    let mut by_path: std::collections::HashMap<std::path::PathBuf, usize> = Default::default();
    let mut by_size: std::collections::HashMap<u64, Vec<usize>> = Default::default();
    for (n, p) in paths.iter().enumerate() {
        let p = p.as_ref();
        let id = std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
        if let Some(&first) = by_path.get(&id) {
            return Err(given_twice(paths, first, n, true));
        }
        by_path.insert(id, n);
        if let Some(m) = std::fs::metadata(p).ok().filter(|m| m.is_file()) {
            by_size.entry(m.len()).or_default().push(n);
        }
    }
    let mut found: Option<(usize, usize)> = None;
    for group in by_size.into_values().filter(|g| g.len() > 1) {
        let mut by_hash: std::collections::HashMap<[u8; 32], usize> = Default::default();
        for n in group {
            let Some(hash) = crate::ingest::inputs::file_sha256(paths[n].as_ref()) else {
                continue;
            };
            match by_hash.get(&hash) {
                Some(&first) if found.is_none_or(|(_, again)| n < again) => {
                    found = Some((first, n));
                }
                Some(_) => {}
                None => {
                    by_hash.insert(hash, n);
                }
            }
        }
    }
    match found {
        Some((first, again)) => Err(given_twice(paths, first, again, false)),
        None => Ok(()),
    }
}

fn given_twice<P: AsRef<Path>>(paths: &[P], first: usize, again: usize, same_file: bool) -> Error {
    Error::SetGivenTwice {
        first: paths[first].as_ref().to_path_buf(),
        again: paths[again].as_ref().to_path_buf(),
        same_file,
    }
}

/// Opens and checks every set in `paths`, in order, stopping at the first that fails.
///
/// # Errors
/// As [`open_set`], naming the file that failed.
pub fn open_sets<P: AsRef<Path>>(paths: &[P]) -> Result<Vec<WordSet>> {
    paths.iter().map(open_set).collect()
}

/// Opens the counts map at `path` and checks its checksum.
///
/// # Errors
/// As [`CountsMap::open`]; [`Error::Corrupt`] as for [`open_set`];
/// [`Error::SetAsCountsMap`] when the file is a word set, not a map of counts.
pub fn open_counts(path: impl AsRef<Path>) -> Result<CountsMap> {
    checked_counts(path.as_ref(), CountsMap::open(path.as_ref())?)
}

/// Reads the counts map at `path` into memory ([`CountsMap::read`]) and checks it as
/// [`open_counts`] does.
///
/// # Errors
/// As [`open_counts`].
pub fn read_counts(path: impl AsRef<Path>) -> Result<CountsMap> {
    checked_counts(path.as_ref(), CountsMap::read(path.as_ref())?)
}

/// `map`, opened from `path`, once its checksum is checked and it is no word set.
fn checked_counts(path: &Path, map: CountsMap) -> Result<CountsMap> {
    map.verify()?;
    // A set opens as a map too, every word mapped to 0. Every count (occurrences, books) is
    // at least 1 and fst keeps outputs as close to the root as they go, so a map of counts
    // has a non-zero output on every transition out of its root; a set, on none (the test
    // `open_set` makes the other way round). An empty map and an empty set are alike.
    let root_has_outputs = crate::set::guard::guarded(&[path], || {
        let root = map.as_fst_map().as_fst().root();
        root.is_empty() || root.transitions().any(|t| t.out.value() != 0)
    })?;
    if !root_has_outputs {
        return Err(Error::SetAsCountsMap {
            path: path.to_path_buf(),
        });
    }
    Ok(map)
}

/// Opens and checks the counts map beside the set at `set_path` ([`counts_path`]), or
/// `Ok(None)` when there is none. Its words must be exactly the words of `set` (the set
/// opened from `set_path`): ingest and set algebra write them so, and a map left beside
/// another set (a set copied or renamed without its counts) would give that set's counts.
/// Comparing the keys streams both fsts once (a few milliseconds for 100,000 words).
///
/// # Errors
/// As [`open_counts`] when the file exists; [`Error::CountsNotOfSet`] naming both files
/// and the first word that differs when the words are not the set's.
pub fn open_counts_beside(set_path: &Path, set: &WordSet) -> Result<Option<CountsMap>> {
    let p = counts_path(set_path);
    if !p.exists() {
        return Ok(None);
    }
    let map = open_counts(&p)?;
    if let Some(reason) = keys_differ(set, &map) {
        return Err(Error::CountsNotOfSet {
            counts: p,
            set: set_path.to_path_buf(),
            reason,
        });
    }
    Ok(Some(map))
}

/// Opens the books map beside the set at `set_path` (`OUT.books.fst`, written by ingest:
/// word → books it occurs in), checksum checked, or `Ok(None)` when there is none or its
/// words are not the set's (a map left beside another set is not this set's: ignored).
///
/// # Errors
/// As [`open_counts`] when the file exists but is not a sound fst map.
pub fn open_books_beside(set_path: &Path, set: &WordSet) -> Result<Option<CountsMap>> {
    let p = crate::set::paths::OutputPaths::for_set(set_path).books;
    if !p.is_file() {
        return Ok(None);
    }
    let map = open_counts(&p)?;
    Ok(keys_differ(set, &map).is_none().then_some(map))
}

/// How the words of `map` differ from those of `set`, or `None` when they are the same.
fn keys_differ(set: &WordSet, map: &CountsMap) -> Option<String> {
    use fst::{IntoStreamer, Streamer};
    let shown = |k: &[u8]| folio_core::quote::quoted(&String::from_utf8_lossy(k)).to_string();
    let mut a = set.as_fst_set().into_stream();
    let mut b = map.as_fst_map().keys();
    loop {
        match (a.next(), b.next()) {
            (None, None) => return None,
            (Some(x), Some(y)) if x == y => {}
            (x, y) => {
                let word = match (x, y) {
                    (Some(x), Some(y)) => {
                        if x < y {
                            format!("{} is in the set only", shown(x))
                        } else {
                            format!("{} is in the counts map only", shown(y))
                        }
                    }
                    (Some(x), None) => format!("{} is in the set only", shown(x)),
                    (None, Some(y)) => format!("{} is in the counts map only", shown(y)),
                    (None, None) => String::new(),
                };
                let n = map.len();
                return Some(format!(
                    "it holds {n} word{}, the set {}; {word}",
                    if n == 1 { "" } else { "s" },
                    set.len()
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_given_twice_by_name_or_by_bytes_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let bytes = WordSet::from_words(["CAT", "DOG"]).unwrap();
        let bytes = bytes.as_fst_set().as_fst().as_bytes().to_vec();
        let a = write(dir.path(), "a.fst", &bytes);
        let copy = write(dir.path(), "copy.fst", &bytes);
        let other = WordSet::from_words(["CAT", "EMU"]).unwrap();
        let b = write(dir.path(), "b.fst", other.as_fst_set().as_fst().as_bytes());
        assert!(refuse_repeated_sets(&[&a, &b]).is_ok());
        let dotted = dir.path().join(".").join("a.fst");
        let err = refuse_repeated_sets(&[&a, &b, &dotted]).unwrap_err();
        assert!(
            matches!(&err, Error::SetGivenTwice { first, again, same_file: true }
                if *first == a && *again == dotted),
            "{err}"
        );
        assert!(err.to_string().contains("are the same file"), "{err}");
        let err = refuse_repeated_sets(&[&b, &a, &copy]).unwrap_err();
        assert!(
            matches!(&err, Error::SetGivenTwice { first, again, same_file: false }
                if *first == a && *again == copy),
            "{err}"
        );
        assert!(err.to_string().contains("hold the same bytes"), "{err}");
    }

    #[test]
    fn a_counts_map_is_not_a_set() {
        let dir = tempfile::tempdir().unwrap();
        let mut b = fst::MapBuilder::memory();
        b.insert("CAT", 3).unwrap();
        b.insert("DOG", 1).unwrap();
        let p = write(dir.path(), "w.counts.fst", &b.into_inner().unwrap());
        let err = open_set(&p)
            .err()
            .expect("a counts map must not open as a set");
        assert!(matches!(err, Error::CountsMapAsSet { .. }), "{err}");
        assert!(err.to_string().contains("w.counts.fst"), "{err}");
    }

    #[test]
    fn a_set_is_not_a_counts_map() {
        let dir = tempfile::tempdir().unwrap();
        let set = WordSet::from_words(["CAT", "DOG"]).unwrap();
        let bytes = set.as_fst_set().as_fst().as_bytes().to_vec();
        let p = write(dir.path(), "w.counts.fst", &bytes);
        let err = open_counts(&p)
            .err()
            .expect("a set must not open as a counts map");
        assert!(matches!(err, Error::SetAsCountsMap { .. }), "{err}");
        assert!(err
            .to_string()
            .starts_with(&format!("{}: a word set", p.display())));
        // Beside a set of the same words (a set copied as its own counts map), too.
        let s = write(dir.path(), "w.fst", &bytes);
        let err = open_counts_beside(&s, &open_set(&s).unwrap())
            .err()
            .unwrap();
        assert!(matches!(err, Error::SetAsCountsMap { .. }), "{err}");
        // A map of counts opens, however its counts fall; so does an empty one.
        let mut b = fst::MapBuilder::memory();
        for (w, n) in [("A", 1), ("AB", 7), ("B", 1), ("BA", 1)] {
            b.insert(w, n).unwrap();
        }
        let p = write(dir.path(), "m.counts.fst", &b.into_inner().unwrap());
        assert_eq!(open_counts(&p).unwrap().get(b"AB"), Some(7));
        let empty = fst::MapBuilder::memory().into_inner().unwrap();
        let p = write(dir.path(), "e.counts.fst", &empty);
        assert!(open_counts(&p).unwrap().is_empty());
    }

    #[test]
    fn the_policy_comes_from_the_manifest_beside_the_set() {
        let dir = tempfile::tempdir().unwrap();
        let set = dir.path().join("raw.fst");
        assert_eq!(policy_beside(&set).unwrap(), None);
        let manifest = serde_json::json!({ "policy": Policy::raw() });
        write(dir.path(), "raw.json", manifest.to_string().as_bytes());
        assert_eq!(policy_beside(&set).unwrap(), Some(Policy::raw()));
        write(dir.path(), "raw.json", br#"{"kind": "import"}"#);
        assert_eq!(policy_beside(&set).unwrap(), None);
        // A manifest that is there but unreadable is an error, not the game policy.
        for garbage in [&b"garbage"[..], br#"{"policy": "fancy"}"#] {
            write(dir.path(), "raw.json", garbage);
            let err = policy_beside(&set).unwrap_err();
            assert!(matches!(err, Error::BadManifest { .. }), "{err}");
            assert!(err.to_string().contains("raw.json"), "{err}");
        }
    }

    /// A set and a counts map read into memory answer from their own bytes: the files
    /// truncated afterwards (a mapped set would then fault with SIGBUS) change nothing, and
    /// reading the truncated files again is an error naming them.
    #[test]
    fn sets_read_into_memory_outlive_their_files() {
        let dir = tempfile::tempdir().unwrap();
        let set = WordSet::from_words(["CAT", "DOG"]).unwrap();
        let sp = write(dir.path(), "w.fst", set.as_fst_set().as_fst().as_bytes());
        let cp = counts_path(&sp);
        crate::set::counts::write_counts(&cp, [("CAT", 3u64), ("DOG", 9)]).unwrap();
        let (set, counts) = (read_set(&sp).unwrap(), read_counts(&cp).unwrap());
        assert!(matches!(
            set.as_fst_set().as_fst().as_inner(),
            crate::set::SetBytes::Owned(_)
        ));
        for p in [&sp, &cp] {
            std::fs::File::create(p).unwrap();
        }
        assert!(set.as_fst_set().contains("DOG") && !set.as_fst_set().contains("EMU"));
        assert_eq!(counts.get(b"CAT"), Some(3));
        for err in [read_set(&sp).err(), read_counts(&cp).err()] {
            let err = err.expect("an empty file is no fst");
            assert!(matches!(err, Error::NotAnFst { .. }), "{err}");
        }
        assert!(read_set(&sp).err().unwrap().to_string().contains("w.fst"));
    }

    fn write(dir: &Path, name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    }

    /// Found by the `lexicon_counts` fuzz target: 1 KB of shared nodes, checksum fixed up,
    /// that spell no word below one node and far more words than the header counts. A walk
    /// of it took seconds; opening it is now refused, in microseconds, before any walk.
    #[test]
    fn a_checksummed_map_whose_nodes_lead_nowhere_is_refused_on_open() {
        let p = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/data/lexicon/malformed-many-paths.counts.fst");
        let err = open_counts(&p).err().expect("malformed");
        assert!(matches!(err, Error::Malformed { .. }), "{err}");
        assert!(
            err.to_string().ends_with(
                "malformed-many-paths.counts.fst: word set could not be decoded although its \
                 checksum matches (a malformed fst): the node at byte 167 leads to no word"
            ),
            "{err}"
        );
        let err = open_set(&p).err().expect("malformed");
        assert!(matches!(err, Error::Malformed { .. }), "{err}");
    }

    #[test]
    fn every_flipped_byte_is_an_error_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let set = WordSet::from_words(["CAT", "CATS", "DOG", "DOGE", "EEL"]).unwrap();
        let good = set.as_fst_set().as_fst().as_bytes().to_vec();
        assert_eq!(
            open_set(write(dir.path(), "ok.fst", &good)).unwrap().len(),
            5
        );
        for i in 0..good.len() {
            let mut bad = good.clone();
            bad[i] ^= 0x10;
            let p = write(dir.path(), "bad.fst", &bad);
            match open_set(&p) {
                Err(e) => assert!(e.to_string().starts_with(&format!("{}: ", p.display()))),
                Ok(_) => panic!("byte {i} flipped, yet the set opened"),
            }
        }
    }

    #[test]
    fn counts_maps_are_checked_too() {
        let dir = tempfile::tempdir().unwrap();
        let set_path = dir.path().join("w.fst");
        let set = WordSet::from_words(["CAT", "DOG"]).unwrap();
        assert!(open_counts_beside(&set_path, &set).unwrap().is_none());
        let cp = counts_path(&set_path);
        crate::set::counts::write_counts(&cp, [("CAT", 3u64), ("DOG", 9)]).unwrap();
        assert_eq!(
            open_counts_beside(&set_path, &set).unwrap().unwrap().len(),
            2
        );
        let mut bytes = std::fs::read(&cp).unwrap();
        bytes[10] ^= 0x01;
        std::fs::write(&cp, &bytes).unwrap();
        let e = open_counts_beside(&set_path, &set).err().unwrap();
        assert!(e.to_string().contains("checksum mismatch"), "{e}");
    }

    /// A counts map left beside a set it does not belong to (`cp new.fst g.fst` without its
    /// counts): `top` once listed the other set's words and counts, `stats` its totals.
    #[test]
    fn a_counts_map_of_other_words_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let set_path = dir.path().join("w.fst");
        let cp = counts_path(&set_path);
        let set = WordSet::from_words(["CAT", "DOG"]).unwrap();
        for (pairs, why) in [
            (
                &[("CAT", 3u64), ("EMU", 1)][..],
                "\"DOG\" is in the set only",
            ),
            (&[("CAT", 3u64)][..], "1 word, the set 2"),
            (
                &[("CAT", 3u64), ("DOG", 1), ("EMU", 1)][..],
                "\"EMU\" is in the counts map only",
            ),
        ] {
            crate::set::counts::write_counts(&cp, pairs.iter().copied()).unwrap();
            let e = open_counts_beside(&set_path, &set).err().unwrap();
            assert!(matches!(e, Error::CountsNotOfSet { .. }), "{e}");
            let msg = e.to_string();
            assert!(
                msg.contains("w.counts.fst") && msg.contains("w.fst"),
                "{msg}"
            );
            assert!(msg.contains(why), "{msg}");
        }
    }
}
