//! Building the outputs of ingest in memory: a plain `fst::Set` of the kept keys and an
//! `fst::Map` from each kept key to its occurrences in the chosen books.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The fst bytes of a word set and its counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    /// A plain `fst::Set` (readable by any fst tool, and by [`crate::WordSet`]).
    pub set: Vec<u8>,
    /// An `fst::Map`: key → occurrences.
    pub counts: Vec<u8>,
    /// Number of keys.
    pub words: usize,
}

/// Builds the set and the counts map from keys sorted bytewise and de-duplicated (as
/// [`crate::count::WordCounts::kept`] returns them).
///
/// # Errors
/// [`Error::NotAnFst`] (empty path) if the keys are not sorted or not unique.
pub fn build<K: AsRef<[u8]> + Sync>(kept: &[(K, u64)]) -> Result<Built> {
    let fst_err = |source| Error::NotAnFst {
        path: PathBuf::new(),
        source,
    };
    // The set and the map are independent: build them on two threads.
    let (set, counts) = rayon::join(
        || -> fst::Result<Vec<u8>> {
            let mut set = fst::SetBuilder::memory();
            for (k, _) in kept {
                set.insert(k)?;
            }
            set.into_inner()
        },
        || -> fst::Result<Vec<u8>> {
            let mut map = fst::MapBuilder::memory();
            for (k, n) in kept {
                map.insert(k, *n)?;
            }
            map.into_inner()
        },
    );
    Ok(Built {
        set: set.map_err(fst_err)?,
        counts: counts.map_err(fst_err)?,
        words: kept.len(),
    })
}

/// Where ingest writes: `OUT.fst`, `OUT.counts.fst`, `OUT.json`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputPaths {
    /// The word set, as given with `-o`.
    pub set: PathBuf,
    /// The counts map: the set's name with `.fst` replaced by `.counts.fst`.
    pub counts: PathBuf,
    /// The manifest: the set's name with `.fst` replaced by `.json`.
    pub manifest: PathBuf,
}

impl OutputPaths {
    /// The three output paths for a set path (`g.fst` → `g.counts.fst`, `g.json`; a name
    /// without `.fst` gets the suffixes appended).
    pub fn for_set(set: &Path) -> OutputPaths {
        let name = set
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let stem = name.strip_suffix(".fst").unwrap_or(&name);
        OutputPaths {
            set: set.to_path_buf(),
            counts: set.with_file_name(format!("{stem}.counts.fst")),
            manifest: set.with_file_name(format!("{stem}.json")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_and_counts_agree() {
        let b = build(&[("CAT", 3), ("DOG", 1), ("WHALE", 9)]).unwrap();
        let set = fst::Set::new(b.set).unwrap();
        let map = fst::Map::new(b.counts).unwrap();
        assert_eq!(set.len(), 3);
        assert!(set.contains("WHALE"));
        assert_eq!(map.get("WHALE"), Some(9));
        assert_eq!(map.get("CAT"), Some(3));
        assert!(build(&[("DOG", 1), ("CAT", 1)]).is_err());
    }

    #[test]
    fn output_names() {
        let p = OutputPaths::for_set(Path::new("out/g.fst"));
        assert_eq!(p.counts, Path::new("out/g.counts.fst"));
        assert_eq!(p.manifest, Path::new("out/g.json"));
        let p = OutputPaths::for_set(Path::new("words"));
        assert_eq!(p.counts, Path::new("words.counts.fst"));
    }
}
