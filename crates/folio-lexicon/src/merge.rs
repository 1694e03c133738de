//! Merging every book's sorted counts ([`SortedCounts`]) into the keys the policy keeps.
//!
//! The inline keys are cut into key ranges (quantiles of the largest book's keys), merged on
//! rayon. Within a range, each book's entries go through a small hash table of the range's
//! distinct keys ([`RangeTable`]), whose few thousand keys are then sorted once: one probe
//! of a cache-resident table per entry, where a k-way heap merge of 45 books spent a sift of
//! five or six mispredicted compares and a load from a different book's stream per entry
//! (~135 ns per entry on the shared corpus, the merge ~45 ms of one thread; see
//! docs/ARCHITECTURE.md). The sums are commutative, so the order books are added in does not
//! matter, and the kept keys come out in bytewise order.

use rayon::prelude::*;

use crate::count::{add_stat, SortedCounts, WordStat};
use crate::policy::Policy;
use crate::short::{Short, SHORT};

/// The keys a policy keeps, in bytewise (fst) order, with their occurrences. Stored flat, one
/// buffer of key bytes and where each key ends: no allocation per key, and the fst builders
/// read the keys as one sequential stream.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeptKeys {
    bytes: Vec<u8>,
    /// `ends[i]`: where key `i` ends in `bytes` (it starts where key `i - 1` ends).
    ends: Vec<usize>,
    counts: Vec<u64>,
}

impl KeptKeys {
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

    /// Adds a key after the others (the caller keeps the order).
    fn push(&mut self, key: &[u8], count: u64) {
        self.bytes.extend_from_slice(key);
        self.ends.push(self.bytes.len());
        self.counts.push(count);
    }

    /// Adds `other`'s keys after these.
    fn append(&mut self, other: &KeptKeys) {
        let base = self.bytes.len();
        self.bytes.extend_from_slice(&other.bytes);
        self.ends.extend(other.ends.iter().map(|e| e + base));
        self.counts.extend_from_slice(&other.counts);
    }
}

/// What merging every book's counts gives ingest.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Merged {
    /// The keys the policy keeps, sorted bytewise, with their occurrences (as
    /// [`crate::count::WordCounts::kept`] of the merged counts).
    pub kept: KeptKeys,
    /// Number of distinct keys over all books.
    pub distinct: usize,
    /// Per book (in the order given): how many of its keys are kept (as
    /// [`crate::count::WordCounts::kept_count`]).
    pub kept_per_book: Vec<u64>,
}

/// Key ranges the inline keys are cut into: each range is merged on its own (rayon), so the
/// merge, serial after every book is counted, uses every core, and a range's table and
/// entries (~350k entries of 45 books / 64) stay in a core's cache.
const MERGE_PARTS: usize = 64;

/// Merges the books' sorted counts (occurrences and books add up, lower-case evidence is
/// kept if any book has it: the same sums as [`crate::count::WordCounts::merge`]) and
/// selects the keys `policy` keeps (key ranges in parallel, see the module docs).
pub fn merge_sorted(books: &[&SortedCounts], policy: &Policy) -> Merged {
    let mut out = Merged {
        kept_per_book: vec![0; books.len()],
        ..Merged::default()
    };
    // Range bounds: quantiles of the largest book's keys (sorted, so the ranges are too).
    let mut bounds: Vec<[u64; 3]> = Vec::new();
    if let Some(big) = books.iter().max_by_key(|b| b.short.len()) {
        let n = big.short.len();
        // (No book with an inline key: no bounds, one empty range.)
        bounds = (1..MERGE_PARTS)
            .filter_map(|i| big.short.get(i * n / MERGE_PARTS).map(|e| e.0))
            .collect();
        bounds.dedup();
    }
    let parts: Vec<RangeMerge> = (0..=bounds.len())
        .into_par_iter()
        .map(|p| {
            let lo = p.checked_sub(1).map(|i| bounds[i]);
            let hi = bounds.get(p);
            let slices: Vec<&[([u64; 3], WordStat)]> = books
                .iter()
                .map(|b| {
                    let s = &b.short[..];
                    let a = lo.map_or(0, |k| s.partition_point(|e| e.0 < k));
                    let z = hi.map_or(s.len(), |k| s.partition_point(|e| e.0 < *k));
                    &s[a..z]
                })
                .collect();
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
            add_stat(&mut stat, s);
        }
        out.distinct += 1;
        if policy.keeps(group[0].0, &stat) {
            long_kept.push((group[0].0, stat.count));
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
    for (s, n) in short_kept.iter() {
        while let Some((l, m)) = long_kept.next_if(|l| l.0.as_bytes() < s) {
            out.kept.push(l.as_bytes(), m);
        }
        out.kept.push(s, n);
    }
    for (l, m) in long_kept {
        out.kept.push(l.as_bytes(), m);
    }
    out
}

/// The merge of one key range of every book's inline keys.
struct RangeMerge {
    kept: KeptKeys,
    distinct: usize,
    kept_per_book: Vec<u64>,
}

/// Merges sorted slices of inline keys (big-endian words), one per book, through a
/// [`RangeTable`]: every entry adds to its key's statistics, the distinct keys are sorted,
/// and each book's entries are then counted against the kept ones.
fn merge_range(books: &[&[([u64; 3], WordStat)]], policy: &Policy) -> RangeMerge {
    let entries: usize = books.iter().map(|s| s.len()).sum();
    // About a third of the entries are distinct keys on the shared corpus.
    let mut table = RangeTable::with_capacity(entries / 2);
    // The id of each entry's key, book after book: read again for `kept_per_book`.
    let mut ids: Vec<u32> = Vec::with_capacity(entries);
    for s in books {
        for (key, stat) in s.iter() {
            ids.push(table.add(key, stat));
        }
    }
    let mut order: Vec<([u64; 3], u32)> = table
        .keys
        .iter()
        .enumerate()
        .map(|(id, k)| (*k, id as u32))
        .collect();
    sort_by_key_words(&mut order);
    let mut out = RangeMerge {
        kept: KeptKeys::default(),
        distinct: order.len(),
        kept_per_book: vec![0; books.len()],
    };
    let mut kept = vec![false; order.len()];
    let mut bytes = [0u8; SHORT];
    for (key, id) in order {
        let stat = &table.stats[id as usize];
        let chars = Short(key.map(u64::swap_bytes)).chars();
        if policy.keeps_len(chars, stat) {
            for (i, w) in key.iter().enumerate() {
                bytes[i * 8..i * 8 + 8].copy_from_slice(&w.to_be_bytes());
            }
            let len = bytes.iter().position(|&c| c == 0).unwrap_or(SHORT);
            out.kept.push(&bytes[..len], stat.count);
            kept[id as usize] = true;
        }
    }
    let mut ids = ids.iter();
    for (s, n) in books.iter().zip(&mut out.kept_per_book) {
        *n = ids
            .by_ref()
            .take(s.len())
            .filter(|&&id| kept[id as usize])
            .count() as u64;
    }
    out
}

/// Sorts `(key, id)` pairs bytewise by key: by the first word, one compare each, then the
/// rare runs sharing a first word (keys of 9 bytes and more with a common start) by all three.
fn sort_by_key_words(v: &mut [([u64; 3], u32)]) {
    v.sort_unstable_by_key(|e| e.0[0]);
    for run in v.chunk_by_mut(|a, b| a.0[0] == b.0[0]) {
        if run.len() > 1 {
            run.sort_unstable_by_key(|e| e.0);
        }
    }
}

/// The distinct keys of one key range, each with an id (its insertion order) and its summed
/// statistics. Open addressing with linear probing over slots of `tag << 32 | id + 1` (0 is
/// empty): a probe reads the 8-byte slot array, and the key itself only when the tag (the
/// hash's high bits) matches.
struct RangeTable {
    slots: Vec<u64>,
    shift: u32,
    keys: Vec<[u64; 3]>,
    stats: Vec<WordStat>,
}

impl RangeTable {
    /// A table for about `n` distinct keys (it grows past that).
    fn with_capacity(n: usize) -> RangeTable {
        let slots = (n + n / 3).next_power_of_two().max(64);
        RangeTable {
            slots: vec![0; slots],
            shift: 64 - slots.trailing_zeros(),
            keys: Vec::with_capacity(n),
            stats: Vec::with_capacity(n),
        }
    }

    /// Adds `stat` to `key`'s statistics; returns the key's id.
    #[inline]
    fn add(&mut self, key: &[u64; 3], stat: &WordStat) -> u32 {
        let h = hash(key);
        let tag = h >> 32;
        let mask = self.slots.len() - 1;
        let mut i = (h >> self.shift) as usize;
        loop {
            let s = self.slots[i];
            if s == 0 {
                let id = self.keys.len() as u32;
                self.slots[i] = tag << 32 | u64::from(id + 1);
                self.keys.push(*key);
                self.stats.push(*stat);
                if self.keys.len() * 4 > self.slots.len() * 3 {
                    self.grow();
                }
                return id;
            }
            let id = (s as u32).wrapping_sub(1);
            if s >> 32 == tag && self.keys[id as usize] == *key {
                add_stat(&mut self.stats[id as usize], stat);
                return id;
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
        for (id, key) in self.keys.iter().enumerate() {
            let h = hash(key);
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
        let one = WordStat {
            count: 1,
            lower_case: false,
            books: 1,
        };
        for round in 0..3 {
            for (i, k) in keys.iter().enumerate() {
                if i % 3 >= round {
                    assert_eq!(t.add(k, &one), i as u32);
                }
            }
        }
        assert_eq!(t.keys.len(), keys.len());
        for (i, s) in t.stats.iter().enumerate() {
            assert_eq!(s.count, (i % 3 + 1) as u64, "{i}");
            assert_eq!(s.books, (i % 3 + 1) as u32, "{i}");
        }
    }

    #[test]
    fn kept_keys_iterate_in_order() {
        let mut a = KeptKeys::default();
        a.push(b"CAT", 3);
        a.push(b"DOG", 1);
        let mut b = KeptKeys::default();
        b.push(b"WHALE", 9);
        a.append(&b);
        let v: Vec<(&[u8], u64)> = a.iter().collect();
        assert_eq!(v, [(&b"CAT"[..], 3), (&b"DOG"[..], 1), (&b"WHALE"[..], 9)]);
        assert_eq!(a.len(), 3);
        assert!(KeptKeys::default().iter().next().is_none());
    }
}
