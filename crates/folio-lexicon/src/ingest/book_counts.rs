//! One book's keys and occurrences, grouped by key range for [`crate::ingest::merge::merge_books`].
//!
//! The merge needs each book's keys cut into the same key ranges, not sorted: within a range
//! it sums through a hash table and sorts the range's distinct keys once, over all books. So
//! a book's inline keys are only grouped by `bucket` (a monotone function of the first two
//! bytes) in one counting pass and one in-place permutation, where a full sort per book
//! took ~7% of a one-thread run. Spellings that share a key (`whale`, `Whale`, `whale's`)
//! stay separate entries here; the merge folds them, counting the book once.

use crate::policy::WordStat;

/// Number of [`bucket`]s.
pub(crate) const BUCKETS: usize = 256 * 33;

/// The bucket of an inline key given its first big-endian word: the first byte times 33 plus
/// a class of the second (none or below `A`; each of `A`–`Z`; five ranges above). Monotone
/// in the key, so buckets in order are key ranges in order; game keys (A–Z) fall into 26 × 27
/// buckets of a few hundred keys or less each.
#[inline(always)]
pub(crate) fn bucket(k0: u64) -> usize {
    let b0 = (k0 >> 56) as usize;
    let b1 = ((k0 >> 48) & 0xFF) as usize;
    let class = match b1 {
        0..=0x40 => 0,
        0x41..=0x5A => b1 - 0x40,
        _ => 27 + ((b1 - 0x5B) >> 5),
    };
    b0 * 33 + class
}

/// An inline key's occurrences and lower-case evidence in one word: `count << 1 | lower`.
/// (A count is at most the bytes of a book, far below 2⁶³.)
#[inline(always)]
pub(crate) fn tally(count: u64, lower_case: bool) -> u64 {
    count << 1 | u64::from(lower_case)
}

/// The statistics of a [`tally`] of one book.
#[inline(always)]
pub(crate) fn stat_of(tally: u64) -> WordStat {
    WordStat {
        count: tally >> 1,
        lower_case: tally & 1 != 0,
        books: 1,
    }
}

/// One book's keys (see the module docs).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct BookCounts {
    /// Inline keys as big-endian words (so `[u64; 3]` order is bytewise order) with their
    /// [`tally`], grouped by [`bucket`] in bucket order; a key may occur more than once.
    pub(crate) short: Vec<([u64; 3], u64)>,
    /// Each bucket holding entries, with where they start in `short`, in order: the merge
    /// finds its key ranges here (a few hundred entries, in cache) rather than by binary
    /// searches over megabytes of entries (a cache miss a step).
    starts: Vec<(usize, usize)>,
    /// Keys longer than 24 bytes, sorted bytewise, each once.
    pub(crate) long: Vec<(Box<str>, WordStat)>,
}

impl BookCounts {
    /// Groups `short` (in any order) by bucket; `long` must be sorted and de-duplicated.
    pub(crate) fn new(mut short: Vec<([u64; 3], u64)>, long: Vec<(Box<str>, WordStat)>) -> Self {
        group_by_bucket(&mut short);
        let mut starts = Vec::new();
        let mut last = None;
        for (i, e) in short.iter().enumerate() {
            let b = bucket(e.0[0]);
            if last != Some(b) {
                starts.push((b, i));
                last = Some(b);
            }
        }
        BookCounts {
            short,
            starts,
            long,
        }
    }

    /// Number of entries (a key spelled several ways counts several times; the merge gives
    /// each book's distinct keys).
    pub fn entries(&self) -> usize {
        self.short.len() + self.long.len()
    }

    /// Whether there is no key.
    pub fn is_empty(&self) -> bool {
        self.entries() == 0
    }

    /// The inline entries of buckets `lo..hi`.
    pub(crate) fn bucket_range(&self, lo: usize, hi: usize) -> &[([u64; 3], u64)] {
        let at = |b: usize| {
            let i = self.starts.partition_point(|&(x, _)| x < b);
            self.starts
                .get(i)
                .map_or(self.short.len(), |&(_, start)| start)
        };
        let (a, z) = (at(lo), at(hi));
        &self.short[a..z.max(a)]
    }

    /// Every key once with its summed statistics, sorted bytewise (tests compare books by it).
    #[cfg(test)]
    pub(crate) fn totals(&self) -> Vec<(Vec<u8>, u64, bool)> {
        let mut v: Vec<(Vec<u8>, u64, bool)> = self
            .short
            .iter()
            .map(|(k, t)| {
                let bytes: Vec<u8> = k.iter().flat_map(|w| w.to_be_bytes()).collect();
                let len = bytes.iter().position(|&c| c == 0).unwrap_or(bytes.len());
                (bytes[..len].to_vec(), t >> 1, t & 1 != 0)
            })
            .chain(
                self.long
                    .iter()
                    .map(|(k, s)| (k.as_bytes().to_vec(), s.count, s.lower_case)),
            )
            .collect();
        v.sort();
        v.dedup_by(|a, b| {
            a.0 == b.0 && {
                b.1 += a.1;
                b.2 |= a.2;
                true
            }
        });
        v
    }
}

/// Entries up to which [`group_by_bucket`] sorts rather than counts (the counting pass walks
/// all [`BUCKETS`] whatever the entries).
const SMALL: usize = 512;

/// Permutes `v` so that its entries are in bucket order (an in-place counting sort: one pass
/// to count each bucket, then each entry swapped straight into its bucket's next place).
fn group_by_bucket(v: &mut [([u64; 3], u64)]) {
    if v.len() <= SMALL {
        // A short text (a page, a fuzz input): sorting its few entries by bucket costs less
        // than clearing and walking the 8,448 buckets' two tables.
        v.sort_unstable_by_key(|e| bucket(e.0[0]));
        return;
    }
    if u32::try_from(v.len()).is_err() {
        // Beyond the 32-bit positions below (no book comes near): a plain sort by bucket.
        v.sort_unstable_by_key(|e| bucket(e.0[0]));
        return;
    }
    // 32-bit positions: the two arrays are 33 KiB each, not 66.
    let mut next = vec![0u32; BUCKETS];
    for e in v.iter() {
        next[bucket(e.0[0])] += 1;
    }
    let mut ends = Vec::with_capacity(BUCKETS);
    let mut sum = 0;
    for n in next.iter_mut() {
        let start = sum;
        sum += *n;
        *n = start;
        ends.push(sum);
    }
    for b in 0..BUCKETS {
        while next[b] < ends[b] {
            let i = next[b] as usize;
            let d = bucket(v[i].0[0]);
            if d != b {
                v.swap(i, next[d] as usize);
            }
            next[d] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ingest::short::Short;

    fn be(w: &str) -> [u64; 3] {
        Short::new(w).unwrap().0.map(u64::swap_bytes)
    }

    #[test]
    fn buckets_follow_key_order() {
        let mut keys: Vec<[u64; 3]> = [
            "A",
            "AA",
            "AB",
            "A'",
            "AZ",
            "A\u{e9}",
            "B",
            "ZZ",
            "Z\u{ff}",
            "\u{e9}T",
            "\u{1F600}",
            "Q",
            "QU",
            "Q~",
        ]
        .iter()
        .map(|w| be(w))
        .collect();
        keys.sort();
        for w in keys.windows(2) {
            assert!(bucket(w[0][0]) <= bucket(w[1][0]), "{w:x?}");
        }
        assert!(keys.iter().all(|k| bucket(k[0]) < BUCKETS));
        assert!(bucket(u64::MAX) < BUCKETS);
    }

    #[test]
    fn grouping_puts_every_entry_in_its_bucket_in_order() {
        // Past SMALL (counted) and below it (sorted).
        grouping_of(3000);
        grouping_of(SMALL - 12);
    }

    fn grouping_of(n: usize) {
        let words: Vec<String> = (0..n)
            .map(|i| {
                format!(
                    "{}{}",
                    ["WHALE", "ZEBRA", "A", "\u{e9}T\u{e9}", "QUA"][i % 5],
                    i % 41
                )
            })
            .collect();
        let short: Vec<([u64; 3], u64)> = words
            .iter()
            .enumerate()
            .map(|(i, w)| (be(w), tally(i as u64, i % 2 == 0)))
            .collect();
        let book = BookCounts::new(short.clone(), Vec::new());
        assert_eq!(book.entries(), short.len());
        assert!(book
            .short
            .windows(2)
            .all(|w| bucket(w[0].0[0]) <= bucket(w[1].0[0])));
        let mut a = short;
        let mut b = book.short.clone();
        a.sort();
        b.sort();
        assert_eq!(a, b);
        let z = bucket(be("Z")[0]);
        assert!(book
            .bucket_range(z, z + 33)
            .iter()
            .all(|e| e.0 >= be("ZEBRA0") && e.0 < be("ZEBRA9~")));
        assert_eq!(book.bucket_range(z, z + 33).len(), n / 5);
        assert_eq!(stat_of(tally(7, true)).count, 7);
    }
}
