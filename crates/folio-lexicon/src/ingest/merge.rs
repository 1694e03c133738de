//! Merging every book's counts ([`BookCounts`]) into the keys the policy keeps.
//!
//! The inline keys are cut into key ranges (runs of `bucket`s holding about equal shares
//! of the largest book's entries), merged on rayon. Within a range, each book's entries go
//! through a small hash table of the range's distinct keys (`RangeTable`), whose few
//! thousand keys are then sorted once: one probe of a cache-resident table per entry, where
//! a k-way heap merge of per-book sorted lists spent a sift of five or six mispredicted
//! compares and a load from a different book's stream per entry (~135 ns per entry on the
//! shared corpus, the merge ~45 ms of one thread), and each book a full sort (see
//! docs/ingest-performance.md). The table also folds a book's spellings that share a key, counting
//! the book once. The sums are commutative, so the order books are added in does not
//! matter, and the kept keys come out in bytewise order.

use rayon::prelude::*;

use crate::build::{build_from, Built};
use crate::error::Result;
use crate::ingest::book_counts::{bucket, stat_of, BookCounts, BUCKETS};
use crate::ingest::short::{Short, SHORT};
use crate::policy::{Policy, WordStat};

/// The keys a policy keeps, in bytewise (fst) order, with their occurrences. Stored flat, one
/// buffer of key bytes and where each key ends: no allocation per key, and the fst builders
/// read the keys as one sequential stream.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeptKeys {
    bytes: Vec<u8>,
    /// `ends[i]`: where key `i` ends in `bytes` (it starts where key `i - 1` ends).
    ends: Vec<usize>,
    counts: Vec<u64>,
    /// Books each key occurs in (the `OUT.books.fst` map).
    books: Vec<u32>,
}

impl KeptKeys {
    /// Builds the set and the counts map of these keys ([`crate::build::build`]).
    ///
    /// # Errors
    /// As [`crate::build::build`].
    pub fn build(&self) -> Result<Built> {
        build_from(|| self.iter(), self.len(), || {})
    }

    /// As [`KeptKeys::build`], then runs `then` on the thread that built the set (the set is
    /// built faster than the map: ~55 against ~65 ms on the shared corpus), so that work
    /// ingest can do meanwhile (freeing the books' counts) neither delays the map's start nor
    /// waits for it.
    pub(crate) fn build_then(&self, then: impl FnOnce() + Send) -> Result<Built> {
        build_from(|| self.iter(), self.len(), then)
    }

    /// Number of keys.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no key.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The keys (upper-case bytes) and their occurrences, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&[u8], u64)> + Clone + '_ {
        (0..self.ends.len()).map(|i| {
            let start = i.checked_sub(1).map_or(0, |j| self.ends[j]);
            (&self.bytes[start..self.ends[i]], self.counts[i])
        })
    }

    /// The number of books each key occurs in, in key order.
    pub fn books(&self) -> &[u32] {
        &self.books
    }

    /// Adds a key after the others (the caller keeps the order).
    pub(crate) fn push(&mut self, key: &[u8], count: u64, books: u32) {
        self.bytes.extend_from_slice(key);
        self.ends.push(self.bytes.len());
        self.counts.push(count);
        self.books.push(books);
    }

    /// Adds `other`'s keys after these.
    fn append(&mut self, other: &KeptKeys) {
        let base = self.bytes.len();
        self.bytes.extend_from_slice(&other.bytes);
        self.ends.extend(other.ends.iter().map(|e| e + base));
        self.counts.extend_from_slice(&other.counts);
        self.books.extend_from_slice(&other.books);
    }
}

/// What merging every book's counts gives ingest.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Merged {
    /// The keys the policy keeps, sorted bytewise, with their occurrences (as
    /// [`crate::ingest::count::WordCounts::kept`] of the merged counts).
    pub kept: KeptKeys,
    /// Number of distinct keys over all books.
    pub distinct: usize,
    /// Per book (in the order given): how many of its keys are kept (as
    /// [`crate::ingest::count::WordCounts::kept_count`]).
    pub kept_per_book: Vec<u64>,
    /// Per book (in the order given): how many distinct keys it has.
    pub distinct_per_book: Vec<u64>,
}

/// Key ranges the inline keys are cut into: each range is merged on its own (rayon), so the
/// merge, serial after every book is counted, uses every core, and a range's table and
/// entries (~350k entries of 45 books / 64) stay in a core's cache.
const MERGE_PARTS: usize = 64;

/// Merges the books' counts (occurrences and books add up, lower-case evidence is kept if
/// any book has it: the same sums as [`crate::ingest::count::WordCounts::merge`]) and selects the
/// keys `policy` keeps (key ranges in parallel, see the module docs).
pub fn merge_books(books: &[&BookCounts], policy: &Policy) -> Merged {
    let mut out = Merged {
        kept_per_book: vec![0; books.len()],
        distinct_per_book: vec![0; books.len()],
        ..Merged::default()
    };
    // Range bounds: the buckets of quantiles of the largest book's entries (grouped by
    // bucket, so the bounds come in order).
    let mut bounds: Vec<usize> = vec![0];
    if let Some(big) = books.iter().max_by_key(|b| b.short.len()) {
        let n = big.short.len();
        bounds.extend(
            (1..MERGE_PARTS)
                .filter_map(|i| big.short.get(i * n / MERGE_PARTS).map(|e| bucket(e.0[0]))),
        );
    }
    bounds.push(BUCKETS);
    bounds.dedup();
    let parts: Vec<RangeMerge> = bounds
        .par_windows(2)
        .map(|w| {
            let slices: Vec<&[([u64; 3], u64)]> =
                books.iter().map(|b| b.bucket_range(w[0], w[1])).collect();
            merge_range(&slices, policy)
        })
        .collect();
    let mut short_kept = KeptKeys::default();
    short_kept
        .bytes
        .reserve(parts.iter().map(|p| p.kept.bytes.len()).sum());
    short_kept
        .ends
        .reserve(parts.iter().map(|p| p.kept.len()).sum());
    short_kept.counts.reserve(short_kept.ends.capacity());
    for part in parts {
        out.distinct += part.distinct;
        short_kept.append(&part.kept);
        for (o, n) in out.kept_per_book.iter_mut().zip(part.kept_per_book) {
            *o += n;
        }
        for (o, n) in out.distinct_per_book.iter_mut().zip(part.distinct_per_book) {
            *o += n;
        }
    }
    for (o, b) in out.distinct_per_book.iter_mut().zip(books) {
        *o += b.long.len() as u64;
    }
    // Long keys (rare): gathered and sorted, then grouped.
    let mut long: Vec<(&str, usize, &WordStat)> = books
        .iter()
        .enumerate()
        .flat_map(|(b, c)| c.long.iter().map(move |(k, s)| (&**k, b, s)))
        .collect();
    long.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()).then(a.1.cmp(&b.1)));
    let mut long_kept = Vec::new();
    for group in long.chunk_by(|a, b| a.0 == b.0) {
        let mut stat = WordStat::default();
        for (_, _, s) in group {
            stat.add(s);
        }
        out.distinct += 1;
        if policy.keeps(group[0].0, &stat) {
            long_kept.push((group[0].0, stat.count, stat.books));
            for &(_, b, _) in group {
                out.kept_per_book[b] += 1;
            }
        }
    }
    // Both lists are sorted bytewise: merge them (no copy when there is no long key).
    if long_kept.is_empty() {
        out.kept = short_kept;
        return out;
    }
    let mut long_kept = long_kept.into_iter().peekable();
    for ((s, n), &b) in short_kept.iter().zip(&short_kept.books) {
        while let Some((l, m, lb)) = long_kept.next_if(|l| l.0.as_bytes() < s) {
            out.kept.push(l.as_bytes(), m, lb);
        }
        out.kept.push(s, n, b);
    }
    for (l, m, lb) in long_kept {
        out.kept.push(l.as_bytes(), m, lb);
    }
    out
}

/// The merge of one key range of every book's inline keys.
struct RangeMerge {
    kept: KeptKeys,
    distinct: usize,
    kept_per_book: Vec<u64>,
    distinct_per_book: Vec<u64>,
}

/// Merges slices of inline keys (big-endian words) and [`crate::ingest::book_counts::tally`]s, one
/// per book, through a [`RangeTable`]: every entry adds to its key's statistics, the
/// distinct keys are sorted, and each book's keys are then counted against the kept ones.
fn merge_range(books: &[&[([u64; 3], u64)]], policy: &Policy) -> RangeMerge {
    let entries: usize = books.iter().map(|s| s.len()).sum();
    // About a third of the entries are distinct keys on the shared corpus.
    let mut table = RangeTable::with_capacity(entries / 2);
    // The id of each book's keys, book after book (each once): read again for
    // `kept_per_book`.
    let mut ids: Vec<u32> = Vec::with_capacity(entries);
    let mut distinct_per_book = vec![0; books.len()];
    for ((b, s), d) in books.iter().enumerate().zip(&mut distinct_per_book) {
        let before = ids.len();
        for (key, tally) in s.iter() {
            if let Some(id) = table.add(key, *tally, b as u32) {
                ids.push(id);
            }
        }
        *d = (ids.len() - before) as u64;
    }
    let order = table.key_order();
    let mut out = RangeMerge {
        kept: KeptKeys::default(),
        distinct: order.len(),
        kept_per_book: vec![0; books.len()],
        distinct_per_book,
    };
    let mut kept = vec![false; order.len()];
    let mut bytes = [0u8; SHORT];
    for (key, id) in order {
        let stat = &table.keys[id as usize].stat;
        let chars = Short(key.map(u64::swap_bytes)).chars();
        if policy.keeps_len(chars, stat) {
            for (i, w) in key.iter().enumerate() {
                bytes[i * 8..i * 8 + 8].copy_from_slice(&w.to_be_bytes());
            }
            let len = bytes.iter().position(|&c| c == 0).unwrap_or(SHORT);
            out.kept.push(&bytes[..len], stat.count, stat.books);
            kept[id as usize] = true;
        }
    }
    let mut ids = ids.iter();
    for (&d, n) in out.distinct_per_book.iter().zip(&mut out.kept_per_book) {
        *n = ids
            .by_ref()
            .take(d as usize)
            .filter(|&&id| kept[id as usize])
            .count() as u64;
    }
    out
}

/// Sorts `(key, id)` pairs bytewise by key: by the first word, one compare each, then the
/// rare runs sharing a first word (keys of 9 bytes and more with a common start) by all three.
pub(crate) fn sort_by_key_words(v: &mut [([u64; 3], u32)]) {
    v.sort_unstable_by_key(|e| e.0[0]);
    for run in v.chunk_by_mut(|a, b| a.0[0] == b.0[0]) {
        if run.len() > 1 {
            run.sort_unstable_by_key(|e| e.0);
        }
    }
}

/// The distinct keys of one key range, each with an id (its insertion order), its summed
/// statistics and the last book that added to it. Open addressing with linear probing over
/// slots of `tag << 32 | id + 1` (0 is empty): a probe reads the 8-byte slot array, and the
/// key (with all it carries, one cache line) only when the tag (the hash's high bits)
/// matches.
pub(crate) struct RangeTable {
    slots: Vec<u64>,
    shift: u32,
    /// By id.
    pub(crate) keys: Vec<RangeKey>,
}

/// A distinct key of a [`RangeTable`]: its statistics so far and the last book that added
/// to them, beside the key so that a hit reads one cache line (as three arrays, a hit read
/// three).
pub(crate) struct RangeKey {
    pub(crate) key: [u64; 3],
    pub(crate) stat: WordStat,
    last_book: u32,
}

impl RangeTable {
    /// Every key with its id, sorted bytewise by key ([`sort_by_key_words`]).
    pub(crate) fn key_order(&self) -> Vec<([u64; 3], u32)> {
        let mut order: Vec<([u64; 3], u32)> = self
            .keys
            .iter()
            .enumerate()
            .map(|(id, k)| (k.key, id as u32))
            .collect();
        sort_by_key_words(&mut order);
        order
    }

    /// A table for about `n` distinct keys (it grows past that).
    pub(crate) fn with_capacity(n: usize) -> RangeTable {
        let slots = (n + n / 3).next_power_of_two().max(64);
        RangeTable {
            slots: vec![0; slots],
            shift: 64 - slots.trailing_zeros(),
            keys: Vec::with_capacity(n),
        }
    }

    /// Adds book `book`'s `tally` of `key` (books are added one after the other); returns
    /// the key's id the first time the book adds to it (the book then counts once).
    #[inline]
    pub(crate) fn add(&mut self, key: &[u64; 3], tally: u64, book: u32) -> Option<u32> {
        let stat = stat_of(tally);
        let h = hash(key);
        let tag = h >> 32;
        let mask = self.slots.len() - 1;
        let mut i = (h >> self.shift) as usize;
        loop {
            let s = self.slots[i];
            if s == 0 {
                let id = self.keys.len() as u32;
                self.slots[i] = tag << 32 | u64::from(id + 1);
                self.keys.push(RangeKey {
                    key: *key,
                    stat,
                    last_book: book,
                });
                if self.keys.len() * 4 > self.slots.len() * 3 {
                    self.grow();
                }
                return Some(id);
            }
            let id = (s as u32).wrapping_sub(1);
            if s >> 32 == tag {
                if let Some(k) = self.keys.get_mut(id as usize).filter(|k| k.key == *key) {
                    if k.last_book == book {
                        // Another spelling of the key in the same book.
                        k.stat.count += stat.count;
                        k.stat.lower_case |= stat.lower_case;
                        return None;
                    }
                    k.last_book = book;
                    k.stat.add(&stat);
                    return Some(id);
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the slots and places every key again (ids and statistics stay).
    #[cold]
    fn grow(&mut self) {
        let slots = self.slots.len() * 2;
        self.slots = vec![0; slots];
        self.shift = 64 - slots.trailing_zeros();
        let mask = slots - 1;
        for (id, k) in self.keys.iter().enumerate() {
            let h = hash(&k.key);
            let mut i = (h >> self.shift) as usize;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = (h >> 32) << 32 | (id as u64 + 1);
        }
    }
}

/// A 64-bit hash of a key: its words folded, then a 128-bit multiply (as the counting tables).
#[inline(always)]
fn hash(k: &[u64; 3]) -> u64 {
    let x = k[0] ^ k[1].rotate_left(21) ^ k[2].rotate_left(42);
    let p = u128::from(x) * 0x9E37_79B9_7F4A_7C15_u128;
    (p as u64) ^ ((p >> 64) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_table_keeps_ids_and_sums_through_growth() {
        let keys: Vec<[u64; 3]> = (0..5000u64).map(|i| [i * 7919 + 1, i % 3, 0]).collect();
        let mut t = RangeTable::with_capacity(10);
        let one = crate::ingest::book_counts::tally(1, false);
        for book in 0..3 {
            for (i, k) in keys.iter().enumerate() {
                if i % 3 >= book as usize {
                    assert_eq!(t.add(k, one, book), Some(i as u32));
                    // The same key again in the same book: summed, the book counted once.
                    if i % 5 == 0 {
                        assert_eq!(t.add(k, one, book), None);
                    }
                }
            }
        }
        assert_eq!(t.keys.len(), keys.len());
        for (i, s) in t.keys.iter().map(|k| &k.stat).enumerate() {
            let books = i % 3 + 1;
            let extra = if i % 5 == 0 { books } else { 0 };
            assert_eq!(s.count, (books + extra) as u64, "{i}");
            assert_eq!(s.books, books as u32, "{i}");
        }
    }

    #[test]
    fn kept_keys_iterate_in_order() {
        let mut a = KeptKeys::default();
        a.push(b"CAT", 3, 1);
        a.push(b"DOG", 1, 1);
        let mut b = KeptKeys::default();
        b.push(b"WHALE", 9, 2);
        a.append(&b);
        let v: Vec<(&[u8], u64)> = a.iter().collect();
        assert_eq!(v, [(&b"CAT"[..], 3), (&b"DOG"[..], 1), (&b"WHALE"[..], 9)]);
        assert_eq!(a.len(), 3);
        assert_eq!(a.books(), [1, 1, 2]);
        assert!(KeptKeys::default().iter().next().is_none());
    }
}
