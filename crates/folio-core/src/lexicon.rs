//! The [`Lexicon`] trait: what rules and solvers may ask about words.
//!
//! Words are keys of upper-case bytes (`b"WHALE"`), as built by folio-lexicon's game policy.
//! Besides membership, a lexicon exposes a *prefix cursor*: a position in its prefix tree that
//! can be stepped one letter at a time. Solvers (Boggle, move generation) walk it to prune
//! every path that no word starts with. folio-lexicon implements it over fst nodes;
//! [`WordList`] here is a small in-memory implementation for tests and examples.

/// Membership and prefix walking over a set of words.
///
/// A cursor names the set of words that start with the letters stepped so far; the root names
/// every word. Cursors are small `Copy` values (an fst node address, a range), so a solver can
/// keep one per path cell without allocating.
pub trait Lexicon {
    /// A position in the prefix tree.
    type Cursor: Copy;

    /// The cursor of the empty prefix.
    fn root(&self) -> Self::Cursor;

    /// The cursor after appending `letter` (one byte of a key), or `None` when no word
    /// continues that way.
    fn step(&self, cursor: Self::Cursor, letter: u8) -> Option<Self::Cursor>;

    /// Whether the letters stepped so far spell a whole word.
    fn is_word(&self, cursor: Self::Cursor) -> bool;

    /// The upper-case letters `A`–`Z` that [`Lexicon::step`] may succeed on from `cursor`, as
    /// bits (`A` = bit 0 .. `Z` = bit 25): a superset, so a clear bit means the step fails.
    /// Lets a solver drop dead neighbours with a mask instead of a step each. The default
    /// claims every letter.
    #[inline]
    fn letters(&self, cursor: Self::Cursor) -> u32 {
        let _ = cursor;
        ALL_LETTERS
    }

    /// The key a word written by a player has in this lexicon (`whale` → `WHALE`), or `None`
    /// when no key of this lexicon can be written so (empty, several words, a character the
    /// lexicon does not hold). Each lexicon normalises as it was built; this default takes
    /// one token of ASCII letters and upper-cases it.
    fn normalize(&self, word: &str) -> Option<String> {
        let word = word.trim();
        (!word.is_empty() && word.bytes().all(|b| b.is_ascii_alphabetic()))
            .then(|| word.to_ascii_uppercase())
    }

    /// The characters its words use beyond `A`–`Z` (`Ä`, `É`), in order, when the lexicon
    /// knows them: the alphabet it was built for. A crossword game checks them against its
    /// tile set once. `None` (the default): not known.
    fn letters_beyond_a_to_z(&self) -> Option<Vec<char>> {
        None
    }

    /// Whether `word` (upper-case key bytes) is in the lexicon.
    fn contains(&self, word: &[u8]) -> bool {
        self.walk(word).is_some_and(|c| self.is_word(c))
    }

    /// The cursor after stepping every byte of `prefix` from the root, if some word starts so.
    fn walk(&self, prefix: &[u8]) -> Option<Self::Cursor> {
        prefix.iter().try_fold(self.root(), |c, &b| self.step(c, b))
    }
}

/// Every letter bit of [`Lexicon::letters`].
pub const ALL_LETTERS: u32 = (1 << 26) - 1;

impl<L: Lexicon + ?Sized> Lexicon for &L {
    type Cursor = L::Cursor;
    fn root(&self) -> Self::Cursor {
        (**self).root()
    }
    fn step(&self, cursor: Self::Cursor, letter: u8) -> Option<Self::Cursor> {
        (**self).step(cursor, letter)
    }
    fn is_word(&self, cursor: Self::Cursor) -> bool {
        (**self).is_word(cursor)
    }
    fn letters(&self, cursor: Self::Cursor) -> u32 {
        (**self).letters(cursor)
    }
    fn normalize(&self, word: &str) -> Option<String> {
        (**self).normalize(word)
    }
    fn letters_beyond_a_to_z(&self) -> Option<Vec<char>> {
        (**self).letters_beyond_a_to_z()
    }
}

/// A sorted, de-duplicated in-memory word list: the reference [`Lexicon`] for tests.
///
/// A cursor is the range of words sharing the prefix plus the prefix length; a step is two
/// binary searches. Keys are stored as given (callers pass upper-case words).
///
/// ```
/// use folio_core::lexicon::{Lexicon, WordList};
/// let words = WordList::new(["HORN", "FARM", "HORNS"]);
/// assert!(words.contains(b"HORN"));
/// assert!(!words.contains(b"HOR"));
/// let c = words.walk(b"HOR").unwrap();
/// assert!(!words.is_word(c));
/// ```
#[derive(Clone, Debug, Default)]
pub struct WordList {
    words: Vec<Vec<u8>>,
}

/// Cursor of a [`WordList`]: words `lo..hi` share the first `depth` bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RangeCursor {
    lo: usize,
    hi: usize,
    depth: usize,
}

impl WordList {
    /// Builds a list from any words; they are sorted and de-duplicated.
    pub fn new<I, W>(words: I) -> Self
    where
        I: IntoIterator<Item = W>,
        W: AsRef<[u8]>,
    {
        let mut words: Vec<Vec<u8>> = words.into_iter().map(|w| w.as_ref().to_vec()).collect();
        words.sort_unstable();
        words.dedup();
        WordList { words }
    }

    /// Number of words.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether the list holds no word.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The words in byte order.
    pub fn iter(&self) -> impl Iterator<Item = &[u8]> {
        self.words.iter().map(|w| w.as_slice())
    }
}

impl Lexicon for WordList {
    type Cursor = RangeCursor;

    fn root(&self) -> RangeCursor {
        RangeCursor {
            lo: 0,
            hi: self.words.len(),
            depth: 0,
        }
    }

    fn step(&self, c: RangeCursor, letter: u8) -> Option<RangeCursor> {
        let slice = &self.words[c.lo..c.hi];
        // Words in the range are sorted and share `depth` bytes, so those with `letter` next
        // form one contiguous run (shorter words sort first and are skipped).
        let start = slice.partition_point(|w| w.get(c.depth).is_none_or(|&b| b < letter));
        let end = slice.partition_point(|w| w.get(c.depth).is_none_or(|&b| b <= letter));
        (start < end).then_some(RangeCursor {
            lo: c.lo + start,
            hi: c.lo + end,
            depth: c.depth + 1,
        })
    }

    fn is_word(&self, c: RangeCursor) -> bool {
        c.lo < c.hi && self.words[c.lo].len() == c.depth
    }

    fn letters_beyond_a_to_z(&self) -> Option<Vec<char>> {
        let mut seen: Vec<char> = self
            .words
            .iter()
            .filter(|w| !w.iter().all(u8::is_ascii_uppercase))
            .flat_map(|w| String::from_utf8_lossy(w).chars().collect::<Vec<_>>())
            .filter(|c| !c.is_ascii_uppercase())
            .collect();
        seen.sort_unstable();
        seen.dedup();
        Some(seen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn membership_and_prefixes() {
        let l = WordList::new(["CAT", "CATS", "CAB", "DOG", "CAT"]);
        assert_eq!(l.len(), 4);
        for w in ["CAT", "CATS", "CAB", "DOG"] {
            assert!(l.contains(w.as_bytes()), "{w}");
        }
        for w in ["", "C", "CA", "CATSS", "DO", "A", "Z"] {
            assert!(!l.contains(w.as_bytes()), "{w}");
        }
        assert!(l.walk(b"CA").is_some());
        assert!(l.walk(b"CX").is_none());
        let cat = l.walk(b"CAT").unwrap();
        assert!(l.is_word(cat));
        assert!(l.is_word(l.step(cat, b'S').unwrap()));
        assert_eq!(l.letters_beyond_a_to_z(), Some(vec![]));
        let german = WordList::new(["MÄDCHEN", "ÜBER", "OBER"]);
        assert_eq!(german.letters_beyond_a_to_z(), Some(vec!['Ä', 'Ü']));
    }

    #[test]
    fn empty_list_has_no_words() {
        let l = WordList::default();
        assert!(l.is_empty());
        assert!(!l.contains(b"A"));
        assert!(l.step(l.root(), b'A').is_none());
    }
}
