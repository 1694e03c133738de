//! [`WordSet`]: a word set file (`fst::Set`) opened for queries and play.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use folio_core::Lexicon;
use fst::raw::{CompiledAddr, Fst};

use crate::error::{Error, Result};

/// Bytes behind a word set: a memory map of its file, or owned bytes.
pub enum SetBytes {
    /// The file, memory-mapped read-only.
    Mmap(memmap2::Mmap),
    /// Bytes held in memory (built in this process, or read from stdin).
    Owned(Vec<u8>),
}

impl AsRef<[u8]> for SetBytes {
    fn as_ref(&self) -> &[u8] {
        match self {
            SetBytes::Mmap(m) => m,
            SetBytes::Owned(v) => v,
        }
    }
}

/// An immutable set of words (upper-case keys under the game policy) stored as an `fst::Set`.
///
/// The file is a plain `fst::Set`, readable by any fst tool. Opening maps it into memory and
/// checks its header; [`WordSet::verify`] also checks the checksum. It implements
/// [`folio_core::Lexicon`] by walking fst nodes, so solvers need no second trie.
///
/// ```
/// use folio_core::Lexicon;
/// let set = folio_lexicon::WordSet::from_words(["HORN", "FARM"]).unwrap();
/// assert!(set.contains(b"HORN"));
/// assert!(!set.contains(b"HOR"));
/// ```
pub struct WordSet {
    set: fst::Set<SetBytes>,
    path: Option<PathBuf>,
    /// Decoded top levels of the fst, built on the first [`Lexicon::root`] call.
    top: OnceLock<Vec<NodeCursor>>,
}

impl WordSet {
    /// Opens the word set at `path`.
    ///
    /// # Errors
    /// [`Error::Io`] when the file cannot be read; [`Error::NotAnFst`] when it is empty,
    /// truncated or not an fst.
    pub fn open(path: impl AsRef<Path>) -> Result<WordSet> {
        let path = path.as_ref();
        let bytes = map_file(path)?;
        let set = check_footer(bytes.as_ref())
            .and_then(|()| fst::Set::new(bytes))
            .map_err(|source| Error::NotAnFst {
                path: path.to_path_buf(),
                source,
            })?;
        Ok(WordSet {
            set,
            path: Some(path.to_path_buf()),
            top: OnceLock::new(),
        })
    }

    /// Opens every set in `paths`, in order, stopping at the first that fails.
    ///
    /// # Errors
    /// As [`WordSet::open`], naming the file that failed.
    pub fn open_all<P: AsRef<Path>>(paths: &[P]) -> Result<Vec<WordSet>> {
        paths.iter().map(WordSet::open).collect()
    }

    /// A word set from fst bytes already in memory.
    ///
    /// # Errors
    /// [`Error::NotAnFst`] (with an empty path) when the bytes are not an fst set.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<WordSet> {
        let set = check_footer(&bytes)
            .and_then(|()| fst::Set::new(SetBytes::Owned(bytes)))
            .map_err(|source| Error::NotAnFst {
                path: PathBuf::new(),
                source,
            })?;
        Ok(WordSet {
            set,
            path: None,
            top: OnceLock::new(),
        })
    }

    /// A word set of the given keys, taken as they are (sorted and de-duplicated here).
    /// Meant for tests and small lists; books go through ingest.
    ///
    /// # Errors
    /// Only if fst construction fails, which it does not for in-memory buffers.
    pub fn from_words<I, W>(words: I) -> Result<WordSet>
    where
        I: IntoIterator<Item = W>,
        W: AsRef<[u8]>,
    {
        let mut keys: Vec<Vec<u8>> = words.into_iter().map(|w| w.as_ref().to_vec()).collect();
        keys.sort_unstable();
        keys.dedup();
        let set = fst::Set::from_iter(keys).map_err(|source| Error::NotAnFst {
            path: PathBuf::new(),
            source,
        })?;
        WordSet::from_bytes(set.into_fst().into_inner())
    }

    /// Checks the fst checksum (fst format 3 and later).
    ///
    /// # Errors
    /// [`Error::Corrupt`] when the contents do not match the checksum.
    pub fn verify(&self) -> Result<()> {
        self.set.as_fst().verify().map_err(|source| Error::Corrupt {
            path: self.path.clone().unwrap_or_default(),
            source,
        })
    }

    /// The underlying `fst::Set`, for streams, automata and set operations.
    pub fn as_fst_set(&self) -> &fst::Set<SetBytes> {
        &self.set
    }

    /// The file this set was opened from, if any.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Number of words.
    pub fn len(&self) -> usize {
        self.set.len()
    }

    /// Whether the set holds no word.
    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }

    /// Size of the fst in bytes.
    pub fn size_bytes(&self) -> usize {
        self.set.as_fst().size()
    }

    fn raw(&self) -> &Fst<SetBytes> {
        self.set.as_fst()
    }
}

/// A [`WordSet`] cursor: an fst node address, with the node's final flag and the set of letters
/// `A`–`Z` it has transitions on.
///
/// Keeping the letters in the cursor makes a failed step (the common case for a Boggle solver
/// trying every neighbour of a cell) a bit test instead of an fst node decode, and makes
/// `is_word` free. A successful step from one of the top levels of the fst (the nodes a few
/// letters from the root, where a Boggle search spends most of its steps) reads the child
/// from a table decoded once per set; deeper, it decodes the parent node once and the child
/// once.
#[derive(Clone, Copy, Debug)]
pub struct NodeCursor {
    addr: CompiledAddr,
    /// Bit `b - b'A'` for each transition on an upper-case ASCII letter; [`OTHER_BYTES`] when
    /// the node has a transition on any other byte.
    next: u32,
    is_final: bool,
    /// Where this node's children start in the set's top-level table ([`NOT_CACHED`] when
    /// they are not there): child `b` is at `children + (letters before b in next)`.
    children: u32,
}

/// [`NodeCursor::children`] of a node outside the top-level table.
const NOT_CACHED: u32 = u32::MAX;

/// Most cursors the top-level table holds (24 bytes each: 65,536 entries are 1.5 MiB). Levels
/// are added whole while they fit: for ENABLE2K (26, 318, 3,056, 13,910 and 32,128 distinct
/// prefixes of 1 to 5 letters) every prefix of up to 5 letters is in it, about 49,000
/// entries, decoded in a few milliseconds on the first `root()`.
const TOP_BUDGET: usize = 1 << 16;

impl PartialEq for NodeCursor {
    /// Cursors are equal when they stand on the same fst node.
    fn eq(&self, other: &Self) -> bool {
        self.addr == other.addr
    }
}

impl Eq for NodeCursor {}

/// Bit of [`NodeCursor`]'s letter mask standing for every byte outside `A`–`Z`.
const OTHER_BYTES: u32 = 1 << 31;

#[inline]
fn byte_bit(b: u8) -> u32 {
    if b.is_ascii_uppercase() {
        1 << (b - b'A')
    } else {
        OTHER_BYTES
    }
}

impl NodeCursor {
    /// The fst node address.
    pub fn addr(&self) -> CompiledAddr {
        self.addr
    }
}

impl WordSet {
    #[inline]
    fn cursor_at(&self, addr: CompiledAddr) -> NodeCursor {
        let node = self.raw().node(addr);
        let next = node.transitions().fold(0, |m, t| m | byte_bit(t.inp));
        NodeCursor {
            addr,
            next,
            is_final: node.is_final(),
            children: NOT_CACHED,
        }
    }

    /// The cursor of `addr`'s transition on `letter` (known to exist), by decoding nodes.
    /// Kept out of line so that [`Lexicon::step`]'s bit test and table read inline into a
    /// solver's loop.
    #[inline(never)]
    fn step_decoded(&self, cursor: NodeCursor, letter: u8) -> Option<NodeCursor> {
        let node = self.raw().node(cursor.addr);
        node.find_input(letter)
            .map(|i| self.cursor_at(node.transition_addr(i)))
    }

    /// The top-level table: the children of the root, then of each of them, level by level
    /// while the next level fits in [`TOP_BUDGET`], each entry a cursor whose `children`
    /// points further into the table when its own children are in it. Nodes with a
    /// transition outside `A`–`Z` keep their children out (the popcount index would not hold).
    fn build_top(&self) -> Vec<NodeCursor> {
        let mut table: Vec<NodeCursor> = Vec::new();
        let mut root = self.cursor_at(self.raw().root().addr());
        // The last level added: index in `table` (`None` for the root).
        let mut level: Vec<Option<usize>> = vec![None];
        loop {
            let parents: Vec<(Option<usize>, NodeCursor)> = level
                .iter()
                .map(|&at| (at, at.map_or(root, |i| table[i])))
                .filter(|(_, c)| c.next & OTHER_BYTES == 0)
                .collect();
            let adds: usize = parents
                .iter()
                .map(|(_, c)| c.next.count_ones() as usize)
                .sum();
            if adds == 0 || table.len() + adds > TOP_BUDGET {
                break;
            }
            let mut next_level = Vec::with_capacity(adds);
            for (at, parent) in parents {
                let start = table.len() as u32;
                let node = self.raw().node(parent.addr);
                for t in node.transitions() {
                    next_level.push(Some(table.len()));
                    table.push(self.cursor_at(t.addr));
                }
                match at {
                    None => root.children = start,
                    Some(i) => table[i].children = start,
                }
            }
            level = next_level;
        }
        table.push(root);
        table
    }

    /// The top-level table, built on first use; its last entry is the root cursor.
    #[inline]
    fn top(&self) -> &[NodeCursor] {
        self.top.get_or_init(|| self.build_top())
    }
}

/// Checks that the root address in an fst's footer points at the end of the bytes, as it does
/// in every fst written whole. fst 0.4.7 means to check this in `Fst::new` but only does for
/// an empty root (its condition joins the two cases with `&&`), so a truncated file would
/// open and later panic inside a lookup; here it is refused up front. Also used for counts
/// maps.
pub(crate) fn check_footer(bytes: &[u8]) -> std::result::Result<(), fst::Error> {
    let format = || fst::Error::from(fst::raw::Error::Format { size: bytes.len() });
    if bytes.len() < 36 {
        return Err(format());
    }
    let word = |at: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(b)
    };
    let version = word(0);
    // Format 3 ends with a 4-byte checksum; 1 and 2 do not (fst rejects other versions).
    let (end, empty_len, root_offset) = if version >= 3 {
        (bytes.len() - 4, 36, 21)
    } else {
        (bytes.len(), 32, 17)
    };
    let root = usize::try_from(word(end - 8)).map_err(|_| format())?;
    let whole = if root == 0 {
        bytes.len() == empty_len
    } else {
        root.checked_add(root_offset) == Some(bytes.len())
    };
    if whole {
        Ok(())
    } else {
        Err(format())
    }
}

/// Maps the file at `path` read-only (an empty file gives empty owned bytes).
///
/// # Errors
/// [`Error::Io`] naming `path` when it is missing, a directory or unreadable.
pub(crate) fn map_file(path: &Path) -> Result<SetBytes> {
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
    let meta = file.metadata().map_err(|e| Error::io(path, e))?;
    if meta.is_dir() {
        return Err(Error::io(
            path,
            std::io::Error::new(std::io::ErrorKind::InvalidInput, "is a directory"),
        ));
    }
    // An empty file cannot be mapped on every platform; fst reports it as too short.
    if meta.len() == 0 {
        return Ok(SetBytes::Owned(Vec::new()));
    }
    // SAFETY: the map is read-only; folio never writes a set in place (outputs are written to
    // a temporary file and renamed), so the mapped bytes do not change under us unless another
    // program truncates the file, as with any mmap reader.
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| Error::io(path, e))?;
    Ok(SetBytes::Mmap(map))
}

impl Lexicon for WordSet {
    type Cursor = NodeCursor;

    fn root(&self) -> NodeCursor {
        let top = self.top();
        top[top.len() - 1]
    }

    #[inline(always)]
    fn step(&self, cursor: NodeCursor, letter: u8) -> Option<NodeCursor> {
        let bit = byte_bit(letter);
        if cursor.next & bit == 0 {
            return None;
        }
        if cursor.children != NOT_CACHED {
            // Cached nodes have letter transitions only, stored in byte order.
            let i = cursor.children as usize + (cursor.next & (bit - 1)).count_ones() as usize;
            return self.top().get(i).copied();
        }
        self.step_decoded(cursor, letter)
    }

    #[inline]
    fn is_word(&self, cursor: NodeCursor) -> bool {
        cursor.is_final
    }

    fn contains(&self, word: &[u8]) -> bool {
        self.set.contains(word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursor_walk_agrees_with_membership() {
        let words = ["CAT", "CATS", "CAB", "DOG", "A"];
        let set = WordSet::from_words(words).unwrap();
        let list = folio_core::WordList::new(words);
        for probe in [
            "CAT", "CATS", "CA", "CAB", "CABS", "DOG", "DO", "A", "", "Z",
        ] {
            let via_cursor = set.walk(probe.as_bytes()).is_some_and(|c| set.is_word(c));
            assert_eq!(via_cursor, list.contains(probe.as_bytes()), "{probe}");
            assert_eq!(
                set.contains(probe.as_bytes()),
                list.contains(probe.as_bytes()),
                "{probe}"
            );
        }
        assert!(set.walk(b"CA").is_some());
        assert!(set.walk(b"CX").is_none());
    }

    #[test]
    fn cursor_handles_bytes_outside_a_to_z() {
        let words = ["CAFÉ", "CAFE", "ÉTÉ", "A-B"];
        let set = WordSet::from_words(words).unwrap();
        for w in words {
            let c = set.walk(w.as_bytes()).expect(w);
            assert!(set.is_word(c), "{w}");
        }
        assert!(set.walk("CAFÈ".as_bytes()).is_none());
        assert!(set.walk(b"A-C").is_none());
        assert!(!set.is_word(set.walk(b"A-").unwrap()));
    }

    #[test]
    fn garbage_is_not_an_fst() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("bad.fst");
        std::fs::write(&p, b"this is not an fst at all, just text").unwrap();
        let err = WordSet::open(&p).err().expect("must fail");
        assert!(matches!(err, Error::NotAnFst { .. }), "{err}");
        assert!(err.to_string().contains("bad.fst"), "{err}");

        let good = WordSet::from_words(["CAT", "CATS", "DOG"]).unwrap();
        let bytes = good.as_fst_set().as_fst().as_bytes();
        for cut in 1..bytes.len() {
            std::fs::write(&p, &bytes[..bytes.len() - cut]).unwrap();
            let err = WordSet::open(&p)
                .err()
                .expect("a truncated set must not open");
            assert!(matches!(err, Error::NotAnFst { .. }), "{err}");
        }
        let empty = WordSet::from_words(Vec::<&str>::new()).unwrap();
        std::fs::write(&p, empty.as_fst_set().as_fst().as_bytes()).unwrap();
        assert!(WordSet::open(&p).unwrap().is_empty());

        std::fs::write(&p, b"").unwrap();
        assert!(matches!(WordSet::open(&p), Err(Error::NotAnFst { .. })));

        let missing = dir.path().join("missing.fst");
        let err = WordSet::open(&missing).err().expect("must fail");
        assert!(matches!(err, Error::Io { .. }));
        assert!(err.to_string().contains("missing.fst"));
    }
}
