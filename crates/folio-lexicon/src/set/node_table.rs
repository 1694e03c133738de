//! A word set's fst decoded once into fixed-width nodes, for prefix walks.
//!
//! A Boggle solver (or a move generator) steps a prefix cursor hundreds of times a board, and
//! decoding an fst node (its packed transitions, variable-width addresses) on every step costs
//! most of the solve. [`NodeTable`] decodes the fst once into 8-byte [`NodeCursor`]s: each
//! node's children are stored side by side, in byte order, so a step is a bit test and one
//! load, `entries[children + (letters before b)]`. It is the same automaton as the fst, so
//! shared suffixes stay shared: its size follows the fst's transitions, not the words'
//! letters (ENABLE2K: 508 KB of fst, about 1 MB of table).
//!
//! Nodes whose children are not in the table (past [`NodeTable::build`]'s budget, or with a
//! transition on a byte outside `A`–`Z`, as in `--policy raw` sets) keep their fst address
//! and are stepped by decoding the fst node: always correct, only slower.

use fst::raw::{CompiledAddr, Fst};

use crate::hash::FxHashMap;

/// A position in a word set's prefix tree: the node's letters, final flag and where its
/// children are. 8 bytes, `Copy`.
#[derive(Clone, Copy, Debug)]
pub struct NodeCursor {
    /// Bit `b - b'A'` for each transition on an upper-case letter, then [`FINAL`],
    /// [`DECODED`] and [`OTHER_BYTES`].
    next: u32,
    /// Where the children start in the table, or (with [`DECODED`]) the node's fst address.
    link: u32,
}

/// The node ends a word.
const FINAL: u32 = 1 << 26;
/// `link` is the node's fst address: its children are not in the table.
const DECODED: u32 = 1 << 27;
/// The node has a transition on a byte outside `A`–`Z`.
const OTHER_BYTES: u32 = 1 << 31;

impl PartialEq for NodeCursor {
    /// Cursors are equal when they stand on nodes with the same letters, finality and
    /// children.
    fn eq(&self, other: &Self) -> bool {
        self.next == other.next && self.link == other.link
    }
}

impl Eq for NodeCursor {}

impl NodeCursor {
    /// Whether the letters stepped so far spell a word.
    #[inline]
    pub fn is_final(self) -> bool {
        self.next & FINAL != 0
    }

    /// The letters `A`–`Z` this node has transitions on, as bits (`A` = bit 0).
    #[inline]
    pub fn letters(self) -> u32 {
        self.next & (FINAL - 1)
    }
}

/// A byte's bit in [`NodeCursor::next`]: its letter bit, or [`OTHER_BYTES`] for a byte
/// outside `A`–`Z`.
#[inline]
fn byte_bit(b: u8) -> u32 {
    BYTE_BITS[usize::from(b)]
}

/// [`byte_bit`] as a table: one load instead of a range test and a shift on every step.
static BYTE_BITS: [u32; 256] = {
    let mut bits = [OTHER_BYTES; 256];
    let mut b = b'A';
    while b <= b'Z' {
        bits[b as usize] = 1 << (b - b'A');
        b += 1;
    }
    bits
};

/// The decoded nodes of one fst (see the module docs).
#[derive(Debug)]
pub(crate) struct NodeTable {
    entries: Vec<NodeCursor>,
    root: NodeCursor,
}

/// Most entries a table holds by default: 4 Mi (32 MiB). ENABLE2K needs about 1/30 of it;
/// a larger set keeps its deepest nodes in the fst.
pub(crate) const DEFAULT_BUDGET: usize = 1 << 22;

impl NodeTable {
    /// Decodes `fst` breadth first from the root (so the nodes a search visits most lie
    /// together at the front), each distinct node's children once, until `budget` entries.
    ///
    /// The fst must be smaller than 4 GiB (addresses are kept in 32 bits); `WordSet` refuses
    /// larger files when it opens them.
    pub(crate) fn build<D: AsRef<[u8]>>(fst: &Fst<D>, budget: usize) -> NodeTable {
        let mut entries: Vec<NodeCursor> = Vec::new();
        let mut root = cursor_at(fst, fst.root().addr());
        // Start of the children of each fst node placed so far.
        let mut placed: FxHashMap<u32, u32> = FxHashMap::default();
        // Cursors whose children are still to be placed: an index in `entries`, or the root.
        const ROOT: usize = usize::MAX;
        let mut queue = std::collections::VecDeque::from([ROOT]);
        while let Some(at) = queue.pop_front() {
            let c = if at == ROOT { root } else { entries[at] };
            if c.next & (DECODED | OTHER_BYTES) != DECODED {
                continue;
            }
            let start = match placed.get(&c.link) {
                Some(&start) => start,
                None => {
                    let node = fst.node(c.link as CompiledAddr);
                    let Ok(start) = u32::try_from(entries.len()) else {
                        continue;
                    };
                    if entries.len() + node.len() > budget {
                        continue;
                    }
                    placed.insert(c.link, start);
                    for t in node.transitions() {
                        queue.push_back(entries.len());
                        entries.push(cursor_at(fst, t.addr));
                    }
                    start
                }
            };
            let done = NodeCursor {
                next: c.next & !DECODED,
                link: start,
            };
            if at == ROOT {
                root = done;
            } else {
                entries[at] = done;
            }
        }
        NodeTable { entries, root }
    }

    /// The cursor of the empty prefix.
    #[inline]
    pub(crate) fn root(&self) -> NodeCursor {
        self.root
    }

    /// Number of decoded nodes held.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The cursor after `letter`, or `None` when no word continues so.
    #[inline(always)]
    pub(crate) fn step<D: AsRef<[u8]>>(
        &self,
        fst: &Fst<D>,
        cursor: NodeCursor,
        letter: u8,
    ) -> Option<NodeCursor> {
        let bit = byte_bit(letter);
        if cursor.next & bit == 0 {
            return None;
        }
        if cursor.next & DECODED == 0 {
            // In the table: the node has letter transitions only, stored in byte order.
            let i = cursor.link as usize + (cursor.next & (bit - 1)).count_ones() as usize;
            let child = self.entries.get(i).copied();
            if let Some(c) = child {
                self.prefetch_children(c);
            }
            return child;
        }
        step_decoded(fst, cursor, letter)
    }
}

impl NodeTable {
    /// Starts loading the first children of `c` into the cache: a search steps from a node
    /// soon after reaching it, and the table is larger than the L2 cache, so the load would
    /// otherwise wait on memory (about 25% more boards/s in `make bench-boggle`).
    #[inline(always)]
    fn prefetch_children(&self, c: NodeCursor) {
        #[cfg(target_arch = "x86_64")]
        if c.next & DECODED == 0 {
            // Not dereferenced: a prefetch of any address is only a hint, so no bounds test.
            let first = self.entries.as_ptr().wrapping_add(c.link as usize);
            // SAFETY: a prefetch has no effect on memory and never faults.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(first.cast())
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = c;
    }
}

/// The cursor of fst node `addr`, its children not (yet) in a table.
fn cursor_at<D: AsRef<[u8]>>(fst: &Fst<D>, addr: CompiledAddr) -> NodeCursor {
    let node = fst.node(addr);
    let mut next = node.transitions().fold(0, |m, t| m | byte_bit(t.inp));
    if node.is_final() {
        next |= FINAL;
    }
    if node.is_empty() {
        return NodeCursor { next, link: 0 };
    }
    // `WordSet` only opens fsts under 4 GiB, so every address fits.
    NodeCursor {
        next: next | DECODED,
        link: addr as u32,
    }
}

/// The cursor of the transition on `letter` of a node outside the table, by decoding it.
/// Kept out of line so that [`NodeTable::step`]'s bit test and load inline into a solver.
#[inline(never)]
fn step_decoded<D: AsRef<[u8]>>(
    fst: &Fst<D>,
    cursor: NodeCursor,
    letter: u8,
) -> Option<NodeCursor> {
    let node = fst.node(cursor.link as CompiledAddr);
    node.find_input(letter)
        .map(|i| cursor_at(fst, node.transition_addr(i)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk<D: AsRef<[u8]>>(t: &NodeTable, fst: &Fst<D>, w: &[u8]) -> Option<NodeCursor> {
        w.iter().try_fold(t.root(), |c, &b| t.step(fst, c, b))
    }

    /// Every budget, from none to the whole fst, gives the same answers.
    #[test]
    fn any_budget_walks_the_same_words() {
        let words = [
            "A", "AB", "ABC", "ABD", "BC", "BD", "CAFÉ", "CAT", "CATS", "DOGS", "ÉTÉ",
        ];
        let set = fst::Set::from_iter(words).unwrap();
        let fst = set.as_fst();
        let full = NodeTable::build(fst, usize::MAX);
        for budget in 0..=full.len() {
            let t = NodeTable::build(fst, budget);
            assert!(t.len() <= budget);
            for w in words {
                let c = walk(&t, fst, w.as_bytes()).expect(w);
                assert!(c.is_final(), "{w} at budget {budget}");
            }
            for probe in ["", "AC", "B", "CA", "CATSS", "DOG", "É", "Z", "ABCD"] {
                let c = walk(&t, fst, probe.as_bytes());
                assert_eq!(
                    c.is_some_and(|c| c.is_final()),
                    set.contains(probe),
                    "{probe}"
                );
            }
        }
    }

    /// Shared suffixes are decoded once: -S endings of many words share one node.
    #[test]
    fn suffixes_stay_shared() {
        let words = ["BATS", "CATS", "HATS", "MATS", "RATS"];
        let set = fst::Set::from_iter(words).unwrap();
        let t = NodeTable::build(set.as_fst(), usize::MAX);
        // B C H M R, then A, T, S once each.
        assert_eq!(t.len(), 8);
    }
}
