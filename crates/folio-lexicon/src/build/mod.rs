//! Building the outputs of ingest in memory: a plain `fst::Set` of the kept keys and an
//! `fst::Map` from each kept key to its occurrences in the chosen books.

use std::path::PathBuf;

use crate::error::{Error, Result};
pub(crate) mod fst_builder;

pub use fst_builder::FstBuilder;

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
/// [`crate::ingest::count::WordCounts::kept`] returns them).
///
/// # Errors
/// [`Error::NotAnFst`] (empty path) if the keys are not sorted or not unique.
pub fn build<K: AsRef<[u8]> + Sync>(kept: &[(K, u64)]) -> Result<Built> {
    build_from(
        || kept.iter().map(|(k, n)| (k.as_ref(), *n)),
        kept.len(),
        || {},
    )
}

/// Builds both fsts from `keys()`, called once for each, on two threads (they are
/// independent): the map, the longer, starts on this one at once. Written by
/// [`crate::build::fst_builder`]: the bytes `fst`'s builders write, faster.
pub(crate) fn build_from<'k, I>(
    keys: impl Fn() -> I + Sync,
    words: usize,
    after_set: impl FnOnce() + Send,
) -> Result<Built>
where
    I: Iterator<Item = (&'k [u8], u64)>,
{
    let fst_err = |source| Error::NotAnFst {
        path: PathBuf::new(),
        source,
    };
    // Room for the whole fst up front (the shared corpus: ~4.4 bytes a key for the set,
    // ~6.3 for the map): growing the vector as it is written copied it again and again
    // (realloc), on the serial tail of ingest. Pages never written cost nothing.
    let out_bytes = words.saturating_mul(8).saturating_add(1024);
    let (counts, set) = rayon::join(
        || -> fst::Result<Vec<u8>> {
            let mut map = FstBuilder::new(out_bytes);
            for (k, n) in keys() {
                map.insert(k, n)?;
            }
            Ok(map.finish())
        },
        || -> fst::Result<Vec<u8>> {
            let mut set = FstBuilder::new(out_bytes);
            for (k, _) in keys() {
                set.insert(k, 0)?;
            }
            let set = set.finish();
            after_set();
            Ok(set)
        },
    );
    Ok(Built {
        set: set.map_err(fst_err)?,
        counts: counts.map_err(fst_err)?,
        words,
    })
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
}
