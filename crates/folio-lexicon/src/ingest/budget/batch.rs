//! A batch of sorted books merged into the records of one run, by key ranges.
//!
//! The batch's keys are cut into ranges of about [`RANGE_ENTRIES`] entries (bounds at
//! quantiles of the largest book's keys; each book's slice of a range found by binary
//! search). Within a range, every book's entries go through a [`RangeTable`] of the range's
//! distinct keys, which are then sorted once, and the books of each key are found by
//! inverting the books' id lists (a counting pass): the range-table merge of the unbounded
//! path (docs/ingest-performance.md) where a k-way heap over the batch's books spent a sift
//! of several mispredicted compares and a load from another book's stream per entry.
//! Ranges are merged on rayon a few at a time and written in order, so what is held beyond
//! the batch is a few ranges' tables (well under a MiB each).

use rayon::prelude::*;

use super::SortedBook;
use crate::ingest::merge::RangeTable;
use crate::partial::format::PartialWriter;

/// Entries (over all the batch's books) in a key range, about: ~60 bytes each while merged.
const RANGE_ENTRIES: usize = 8192;

/// Longest key held inline in a [`RangeTable`] (three big-endian words); longer keys (rare)
/// are sorted apart.
const INLINE: usize = 24;

/// Writes the merge of `books` (sorted by path) on `out`, every key once, in bytewise
/// order. `owners[b]` is book `b`'s index in the run's header: ascending, from 0, the same
/// for the pieces of one book (adjacent), whose keys are then merged as one book's.
pub(super) fn write_batch<W: std::io::Write>(
    out: &mut PartialWriter<W>,
    books: &[SortedBook],
    owners: &[u32],
) -> std::io::Result<()> {
    let entries: usize = books.iter().map(|b| b.ends.len()).sum();
    let Some(big) = books.iter().max_by_key(|b| b.ends.len()) else {
        return Ok(());
    };
    // Range bounds: keys of the largest book at quantiles; range `r` holds the keys from
    // `bounds[r - 1]` (or the start) up to `bounds[r]` (excluded, or the end).
    let parts = (entries / RANGE_ENTRIES).clamp(1, big.ends.len().max(1));
    let n = big.ends.len();
    let mut bounds: Vec<&[u8]> = Vec::with_capacity(parts);
    for i in 1..parts {
        let k = big.key(i * n / parts);
        if bounds.last().is_none_or(|&l| l < k) {
            bounds.push(k);
        }
    }
    // Per book: where each range starts in its keys, and its end.
    let cuts: Vec<Vec<usize>> = books
        .iter()
        .map(|b| {
            let mut v = Vec::with_capacity(bounds.len() + 2);
            v.push(0);
            v.extend(bounds.iter().map(|k| b.lower_bound(k)));
            v.push(b.ends.len());
            v
        })
        .collect();
    let ranges = bounds.len() + 1;
    let window = rayon::current_num_threads().max(1) * 2;
    let mut first = 0;
    while first < ranges {
        let last = (first + window).min(ranges);
        let merged: Vec<Range> = (first..last)
            .into_par_iter()
            .map(|r| merge_range(books, owners, &cuts, r))
            .collect();
        for m in &merged {
            m.write(out)?;
        }
        first = last;
    }
    Ok(())
}

/// The merged records of one key range, in order, stored flat.
#[derive(Default)]
struct Range {
    bytes: Vec<u8>,
    /// Where each key ends in `bytes`.
    ends: Vec<usize>,
    /// Per key: `count << 1 | lower_case`.
    tallies: Vec<u64>,
    /// Per key: where its books end in `books`.
    book_ends: Vec<usize>,
    books: Vec<u32>,
}

impl Range {
    fn push(&mut self, key: &[u8], tally: u64, books: &[u32]) {
        self.bytes.extend_from_slice(key);
        self.ends.push(self.bytes.len());
        self.tallies.push(tally);
        self.books.extend_from_slice(books);
        self.book_ends.push(self.books.len());
    }

    fn write<W: std::io::Write>(&self, out: &mut PartialWriter<W>) -> std::io::Result<()> {
        let (mut k, mut b) = (0, 0);
        for i in 0..self.ends.len() {
            let t = self.tallies[i];
            out.push(
                &self.bytes[k..self.ends[i]],
                t >> 1,
                t & 1 != 0,
                &self.books[b..self.book_ends[i]],
            )?;
            k = self.ends[i];
            b = self.book_ends[i];
        }
        Ok(())
    }
}

/// A key of at most [`INLINE`] bytes as three big-endian words, zeros past its end (UTF-8
/// keys hold no zero byte, so the words compare as the keys do).
#[inline]
fn inline(key: &[u8]) -> [u64; 3] {
    let mut buf = [0u8; INLINE];
    buf[..key.len()].copy_from_slice(key);
    let w = |i: usize| {
        u64::from_be_bytes([
            buf[i],
            buf[i + 1],
            buf[i + 2],
            buf[i + 3],
            buf[i + 4],
            buf[i + 5],
            buf[i + 6],
            buf[i + 7],
        ])
    };
    [w(0), w(8), w(16)]
}

/// Merges range `r` of every book (see the module docs).
fn merge_range(books: &[SortedBook], owners: &[u32], cuts: &[Vec<usize>], r: usize) -> Range {
    let slice = |b: usize| cuts[b][r]..cuts[b][r + 1];
    let entries: usize = (0..books.len()).map(|b| slice(b).len()).sum();
    let mut table = RangeTable::with_capacity(entries / 2);
    // Each book's key ids, book after book (a key adds an id the first time a book, or
    // any piece of it, adds to it: the pieces of a book come one after the other).
    let mut ids: Vec<u32> = Vec::with_capacity(entries);
    let mut id_ends: Vec<usize> = Vec::with_capacity(books.len());
    let mut long: Vec<(&[u8], u32, u64)> = Vec::new();
    for (b, book) in books.iter().enumerate() {
        let owner = owners[b];
        for i in slice(b) {
            let k = book.key(i);
            let t = book.tallies[i];
            if k.len() <= INLINE {
                if let Some(id) = table.add(&inline(k), t, owner) {
                    ids.push(id);
                }
            } else {
                long.push((k, owner, t));
            }
        }
        if owners.get(b + 1) != Some(&owner) {
            id_ends.push(ids.len());
        }
    }
    let order = table.key_order();
    // Each key's place in the book lists (in key order), then the books placed there, book
    // after book: each list comes out ascending.
    let mut next = vec![0usize; order.len()];
    let mut total = 0;
    for &(_, id) in &order {
        next[id as usize] = total;
        total += table.keys[id as usize].stat.books as usize;
    }
    let mut lists = vec![0u32; total];
    let mut start = 0;
    for (b, &end) in id_ends.iter().enumerate() {
        for &id in &ids[start..end] {
            let at = &mut next[id as usize];
            lists[*at] = b as u32;
            *at += 1;
        }
        start = end;
    }
    // Long keys: sorted with their books (each piece of a book holds a key once), then
    // grouped.
    long.sort_unstable_by(|a, b| a.0.cmp(b.0).then(a.1.cmp(&b.1)));
    let mut long = long.chunk_by(|a, b| a.0 == b.0).peekable();
    let mut out = Range::default();
    out.bytes.reserve(order.len() * 8);
    out.ends.reserve(order.len());
    out.tallies.reserve(order.len());
    out.book_ends.reserve(order.len());
    out.books.reserve(total);
    let mut long_books: Vec<u32> = Vec::new();
    let mut push_long = |out: &mut Range, group: &[(&[u8], u32, u64)]| {
        long_books.clear();
        let (mut count, mut lower) = (0u64, 0u64);
        for &(_, b, t) in group {
            count += t >> 1;
            lower |= t & 1;
            // The pieces of a book: the book once.
            if long_books.last() != Some(&b) {
                long_books.push(b);
            }
        }
        out.push(group[0].0, count << 1 | lower, &long_books);
    };
    let mut bytes = [0u8; INLINE];
    let mut at = 0;
    for (key, id) in order {
        for (i, w) in key.iter().enumerate() {
            bytes[i * 8..i * 8 + 8].copy_from_slice(&w.to_be_bytes());
        }
        let len = bytes.iter().position(|&c| c == 0).unwrap_or(INLINE);
        let k = &bytes[..len];
        while let Some(group) = long.next_if(|g| g[0].0 < k) {
            push_long(&mut out, group);
        }
        let stat = &table.keys[id as usize].stat;
        let n = stat.books as usize;
        out.push(
            k,
            stat.count << 1 | u64::from(stat.lower_case),
            &lists[at..at + n],
        );
        at += n;
    }
    for group in long {
        push_long(&mut out, group);
    }
    out
}
