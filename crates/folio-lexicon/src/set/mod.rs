//! [`WordSet`]: a word set file (`fst::Set`) opened for queries and play.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use folio_core::Lexicon;
use fst::raw::Fst;

pub mod atomic;
pub mod checked;
pub mod counts;
pub mod guard;
mod node_table;
pub mod paths;
mod shape;

pub use counts::CountsMap;
pub use node_table::NodeCursor;
pub use paths::{counts_path, manifest_path, OutputPaths};

use crate::error::{Error, Result};
use node_table::{NodeTable, DEFAULT_BUDGET};

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
/// [`folio_core::Lexicon`] by walking the fst's nodes, decoded once into a table of 8-byte
/// cursors on the first [`Lexicon::root`] (see [`NodeCursor`]): the same automaton, no second
/// trie of the words.
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
    /// The fst decoded for prefix walks, built on the first [`Lexicon::root`] call.
    nodes: OnceLock<NodeTable>,
    /// [`WordSet::letters_outside_a_to_z`], computed on first use.
    alphabet: OnceLock<std::collections::BTreeSet<char>>,
}

impl WordSet {
    /// Opens the word set at `path`.
    ///
    /// # Errors
    /// [`Error::Io`] when the file cannot be read; [`Error::NotAnFst`] when it is empty,
    /// truncated or not an fst; [`Error::TooLarge`] when it is 4 GiB or larger.
    pub fn open(path: impl AsRef<Path>) -> Result<WordSet> {
        let path = path.as_ref();
        WordSet::of_file(path, map_file(path)?)
    }

    /// Reads the word set at `path` into memory (owned bytes, not a map), for a process that
    /// must outlive changes to the file: a server whose cache file another program truncates
    /// keeps answering from its copy, where a mapped set would end it with SIGBUS.
    ///
    /// # Errors
    /// As [`WordSet::open`].
    pub fn read(path: impl AsRef<Path>) -> Result<WordSet> {
        let path = path.as_ref();
        WordSet::of_file(path, read_file(path)?)
    }

    /// The set of the bytes of the file at `path` (mapped or read).
    fn of_file(path: &Path, bytes: SetBytes) -> Result<WordSet> {
        fits_cursor(path, bytes.as_ref())?;
        let set = check_footer(bytes.as_ref())
            .and_then(|()| fst::Set::new(bytes))
            .map_err(|source| Error::NotAnFst {
                path: path.to_path_buf(),
                source,
            })?;
        Ok(WordSet {
            set,
            path: Some(path.to_path_buf()),
            nodes: OnceLock::new(),
            alphabet: OnceLock::new(),
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
    /// [`Error::NotAnFst`] (with an empty path) when the bytes are not an fst set;
    /// [`Error::TooLarge`] at 4 GiB or more.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<WordSet> {
        fits_cursor(Path::new(""), &bytes)?;
        let set = check_footer(&bytes)
            .and_then(|()| fst::Set::new(SetBytes::Owned(bytes)))
            .map_err(|source| Error::NotAnFst {
                path: PathBuf::new(),
                source,
            })?;
        Ok(WordSet {
            set,
            path: None,
            nodes: OnceLock::new(),
            alphabet: OnceLock::new(),
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
        // folio's builder: the fst crate's bytes, without its registry's ~1 ms of set-up.
        let bytes: usize = keys.iter().map(Vec::len).sum();
        let mut b = crate::build::FstBuilder::new(bytes.saturating_mul(2).saturating_add(64));
        for k in &keys {
            b.insert(k, 0).map_err(|source| Error::NotAnFst {
                path: PathBuf::new(),
                source,
            })?;
        }
        WordSet::from_bytes(b.finish())
    }

    /// Checks the fst checksum (fst format 3 and later), then the shape every walk relies on
    /// (no cycle, no node leading to no word, as many words as the header counts: see
    /// `set/shape.rs`), in time linear in the file.
    ///
    /// # Errors
    /// [`Error::Corrupt`] when the contents do not match the checksum;
    /// [`Error::Malformed`] when they do but the nodes are not what a builder writes.
    pub fn verify(&self) -> Result<()> {
        let path = self.path.clone().unwrap_or_default();
        self.set
            .as_fst()
            .verify()
            .map_err(|source| Error::Corrupt {
                path: path.clone(),
                source,
            })?;
        shape::verify(self.set.as_fst(), &path)
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

    /// The alphabet the set was built for, as its words record it: every character of its
    /// words outside `A`–`Z`, in order (empty for a set of the game policy, whose keys are
    /// folded to `A`–`Z`; `Ä`, `Ö`, `Ü` for a set kept with diacritics). A crossword game
    /// checks it against its tile set's letters. One pass over the keys (ENABLE: a few ms),
    /// on first use; kept with the set.
    pub fn letters_outside_a_to_z(&self) -> std::collections::BTreeSet<char> {
        self.alphabet
            .get_or_init(|| self.scan_letters_outside_a_to_z())
            .clone()
    }

    fn scan_letters_outside_a_to_z(&self) -> std::collections::BTreeSet<char> {
        use fst::Streamer;
        let mut out = std::collections::BTreeSet::new();
        let mut keys = self.set.stream();
        while let Some(key) = keys.next() {
            if key.iter().all(u8::is_ascii_uppercase) {
                continue;
            }
            out.extend(
                String::from_utf8_lossy(key)
                    .chars()
                    .filter(|c| !c.is_ascii_uppercase()),
            );
        }
        out
    }

    /// Size of the fst in bytes.
    pub fn size_bytes(&self) -> usize {
        self.set.as_fst().size()
    }

    fn raw(&self) -> &Fst<SetBytes> {
        self.set.as_fst()
    }

    /// The node table, built on first use.
    #[inline]
    fn nodes(&self) -> &NodeTable {
        self.nodes
            .get_or_init(|| NodeTable::build(self.raw(), DEFAULT_BUDGET))
    }
}

/// Refuses sets of 4 GiB or more, whose node addresses do not fit a [`NodeCursor`].
fn fits_cursor(path: &Path, bytes: &[u8]) -> Result<()> {
    if u32::try_from(bytes.len()).is_ok() {
        return Ok(());
    }
    Err(Error::TooLarge {
        path: path.to_path_buf(),
        bytes: bytes.len() as u64,
    })
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
        return Ok(());
    }
    // A format-3 file whose footer does not add up: its checksum tells a damaged file (a
    // flipped bit in the root address) from one that is not an fst at all.
    if version == 3 {
        let mut stored = [0u8; 4];
        stored.copy_from_slice(&bytes[end..]);
        let expected = u32::from_le_bytes(stored);
        let got = crate::build::fst_builder::crc32c(&bytes[..end]);
        if got != expected {
            return Err(fst::raw::Error::ChecksumMismatch { expected, got }.into());
        }
    }
    Err(format())
}

/// Opens `path` for [`map_file`] and [`read_file`]: the file and its metadata when it is a
/// regular file, else (a pipe, a device) its bytes read whole as [`read_stream`] reads them.
///
/// # Errors
/// [`Error::Io`] naming `path` when it is missing, a directory or unreadable.
fn open_regular(
    path: &Path,
) -> Result<std::result::Result<(std::fs::File, std::fs::Metadata), SetBytes>> {
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
    let meta = file.metadata().map_err(|e| Error::io(path, e))?;
    if meta.is_dir() {
        return Err(Error::io(
            path,
            std::io::Error::new(std::io::ErrorKind::InvalidInput, "is a directory"),
        ));
    }
    if !meta.is_file() {
        return read_stream(path, file).map(Err);
    }
    Ok(Ok((file, meta)))
}

/// Maps the file at `path` read-only (an empty file gives empty owned bytes). A path that is
/// not a regular file (a pipe, `/dev/stdin`, `<(cmd)`) has no length to map: it is read
/// whole into memory instead ([`read_stream`]).
///
/// # Errors
/// [`Error::Io`] naming `path` when it is missing, a directory or unreadable; for a stream,
/// as [`read_stream`].
pub(crate) fn map_file(path: &Path) -> Result<SetBytes> {
    let (file, meta) = match open_regular(path)? {
        Ok(opened) => opened,
        Err(stream) => return Ok(stream),
    };
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

/// Reads the file at `path` whole into memory (a stream as [`map_file`] reads one), at most
/// 4 GiB, the largest a [`NodeCursor`] addresses: one byte more is read, so a longer file is
/// refused by [`fits_cursor`] without being read whole.
pub(crate) fn read_file(path: &Path) -> Result<SetBytes> {
    use std::io::Read;
    let (file, _) = match open_regular(path)? {
        Ok(opened) => opened,
        Err(stream) => return Ok(stream),
    };
    let mut bytes = Vec::new();
    file.take(u64::from(u32::MAX) + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(path, e))?;
    Ok(SetBytes::Owned(bytes))
}

/// Largest word set read from a stream (a pipe, `/dev/stdin`, `<(zcat g.fst.gz)`), in
/// bytes: 256 MiB, as a book read from a stream. A stream has no length to check first, so
/// it is read into memory, and a pipe whose first 8 bytes look like an fst (`head -c 16
/// g.fst; yes`) once grew to 2.6 GB before memory ran out. The largest real set is far
/// below: ENABLE (172,820 words) is 0.5 MB, 1/500 of the limit. A file is mapped, not
/// read, and has only the 4 GiB limit of a [`NodeCursor`]'s 32-bit addresses (as
/// [`fits_cursor`] checks).
const STREAM_LIMIT: u64 = 256 << 20;

/// Reads a stream (not a regular file: its metadata length is 0) whole into memory. The
/// first 8 bytes of an fst are its format version (fst 0.4 reads 1 to 3); when they are not,
/// reading stops there, so `/dev/zero` or `/dev/urandom` is refused at once instead of being
/// read for ever. The checksum is checked afterwards as for a file.
///
/// # Errors
/// [`Error::Io`] when reading fails, or past [`STREAM_LIMIT`] (256 MiB), where reading
/// stops; [`Error::NotAnFst`] when the stream does not start with an fst version.
fn read_stream(path: &Path, mut file: std::fs::File) -> Result<SetBytes> {
    use std::io::Read;
    let mut bytes = Vec::new();
    let mut read = |limit: u64, bytes: &mut Vec<u8>| {
        (&mut file)
            .take(limit)
            .read_to_end(bytes)
            .map_err(|e| Error::io(path, e))
    };
    read(8, &mut bytes)?;
    if let Ok(head) = <[u8; 8]>::try_from(bytes.as_slice()) {
        let version = u64::from_le_bytes(head);
        if !(1..=fst::raw::VERSION).contains(&version) {
            return Err(Error::NotAnFst {
                path: path.to_path_buf(),
                source: fst::raw::Error::Version {
                    expected: fst::raw::VERSION,
                    got: version,
                }
                .into(),
            });
        }
    }
    read(STREAM_LIMIT + 1 - 8, &mut bytes)?;
    if bytes.len() as u64 > STREAM_LIMIT {
        return Err(Error::io(
            path,
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!(
                    "a word set read from a pipe or device is at most {} MiB ({STREAM_LIMIT} \
                     bytes), and this one is longer (reading stopped there): not a word set, \
                     or write it to a file first (a file is mapped, not read)",
                    STREAM_LIMIT >> 20
                ),
            ),
        ));
    }
    Ok(SetBytes::Owned(bytes))
}

impl Lexicon for WordSet {
    type Cursor = NodeCursor;

    /// A player's word keyed as ingest keys the books' words (the game policy: case folded,
    /// diacritics folded, typographic apostrophes; `None` for what the policy drops).
    fn normalize(&self, word: &str) -> Option<String> {
        crate::Policy::game().normalize_word(word)
    }

    fn root(&self) -> NodeCursor {
        self.nodes().root()
    }

    #[inline(always)]
    fn step(&self, cursor: NodeCursor, letter: u8) -> Option<NodeCursor> {
        self.nodes().step(self.raw(), cursor, letter)
    }

    #[inline]
    fn is_word(&self, cursor: NodeCursor) -> bool {
        cursor.is_final()
    }

    #[inline]
    fn letters(&self, cursor: NodeCursor) -> u32 {
        cursor.letters()
    }

    fn contains(&self, word: &[u8]) -> bool {
        self.set.contains(word)
    }

    fn letters_beyond_a_to_z(&self) -> Option<Vec<char>> {
        Some(self.letters_outside_a_to_z().into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A damaged footer is named a checksum mismatch when the checksum says so (a cut file's
    /// checksum fails too: the message says "corrupt or truncated").
    #[test]
    fn a_flipped_bit_in_the_footer_is_a_checksum_mismatch_not_a_truncation() {
        let set = fst::Set::from_iter(["CAT", "CATS", "DOG"]).unwrap();
        let mut bytes = set.as_fst().as_bytes().to_vec();
        let n = bytes.len();
        assert!(check_footer(&bytes).is_ok());
        bytes[n - 5] ^= 1;
        let err = check_footer(&bytes).unwrap_err();
        assert!(
            matches!(
                err,
                fst::Error::Fst(fst::raw::Error::ChecksumMismatch { .. })
            ),
            "{err}"
        );
        let cut = &set.as_fst().as_bytes()[..n - 1];
        let err = check_footer(cut).unwrap_err();
        assert!(
            matches!(
                err,
                fst::Error::Fst(fst::raw::Error::ChecksumMismatch { .. })
            ),
            "{err}"
        );
        assert!(crate::error::fst_reason(&err).contains("corrupt or truncated"));
    }

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
    fn the_alphabet_is_what_the_words_use() {
        let set = WordSet::from_words(["CAFE", "ÉTÉ", "MÜDE"]).unwrap();
        assert_eq!(
            set.letters_outside_a_to_z().into_iter().collect::<String>(),
            "ÉÜ"
        );
        let plain = WordSet::from_words(["CAFE", "DOG"]).unwrap();
        assert!(plain.letters_outside_a_to_z().is_empty());
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

        // Devices are streams: read, not mapped; an endless one is refused at its first bytes.
        #[cfg(unix)]
        {
            let err = WordSet::open("/dev/null").err().expect("empty");
            assert!(err.to_string().ends_with("empty file"), "{err}");
            let err = WordSet::open("/dev/zero").err().expect("not an fst");
            assert!(matches!(err, Error::NotAnFst { .. }), "{err}");
        }

        let missing = dir.path().join("missing.fst");
        let err = WordSet::open(&missing).err().expect("must fail");
        assert!(matches!(err, Error::Io { .. }));
        assert!(err.to_string().contains("missing.fst"));
    }
}
