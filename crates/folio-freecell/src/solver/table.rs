//! The visited set: canonical keys in an arena, found through an open-addressing table of
//! arena indexes. Keys are compared in full (no hash-only identity), so an exhausted search
//! is a proof.

/// A canonical state: sorted free cells, then cascades ordered by bottom card, each card as
/// `index + 1` and a 0 after the cells and after each cascade (≤ 52 + 9 bytes).
pub(crate) type Key = [u64; 8];

pub(crate) fn hash(k: &Key) -> u64 {
    // FxHash-style mixing over the eight words.
    let mut h = 0u64;
    for &w in k {
        h = (h.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    h ^ (h >> 29)
}

/// Two keys equal, word by word without a branch per word (no `memcmp` call).
#[inline]
fn same(a: &Key, b: &Key) -> bool {
    a.iter().zip(b).fold(0, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Keys in insertion order (their index is the state's number), and slots holding
/// `hash tag << 32 | index`: a probe compares the tag before touching the key.
#[derive(Default)]
pub(crate) struct Table {
    pub(crate) keys: Vec<Key>,
    slots: Vec<u64>,
    mask: usize,
}

const EMPTY: u64 = u64::MAX;
const TAG: u64 = 0xffff_ffff_0000_0000;

impl Table {
    pub(crate) fn new() -> Table {
        Table {
            keys: Vec::new(),
            slots: vec![EMPTY; 1 << 12],
            mask: (1 << 12) - 1,
        }
    }

    /// Empties the table, keeping its memory unless it grew large.
    pub(crate) fn clear(&mut self) {
        if self.slots.is_empty() || self.slots.len() > 1 << 16 {
            *self = Table::new();
        } else if self.keys.len() * 8 < self.slots.len() {
            // A small search (most are): empty only its slots, each found from its key's
            // hash (passing slots already emptied), not the whole array.
            for (idx, k) in self.keys.iter().enumerate() {
                let h = hash(k);
                let want = (h & TAG) | idx as u64;
                let mut i = h as usize & self.mask;
                while self.slots[i] != want {
                    i = (i + 1) & self.mask;
                }
                self.slots[i] = EMPTY;
            }
        } else {
            self.slots.fill(EMPTY);
        }
        self.keys.clear();
    }

    /// Inserts `k` unless present; returns its index and whether it is new.
    pub(crate) fn insert(&mut self, k: &Key) -> (u32, bool) {
        let h = hash(k);
        let tag = h & TAG;
        let mut i = h as usize & self.mask;
        loop {
            let s = self.slots[i];
            if s == EMPTY {
                break;
            }
            if s & TAG == tag && same(&self.keys[s as u32 as usize], k) {
                return (s as u32, false);
            }
            i = (i + 1) & self.mask;
        }
        let idx = self.keys.len() as u32;
        self.keys.push(*k);
        self.slots[i] = tag | u64::from(idx);
        if self.keys.len() * 2 > self.slots.len() {
            self.grow();
        }
        (idx, true)
    }

    fn grow(&mut self) {
        let n = self.slots.len() * 2;
        self.slots = vec![EMPTY; n];
        self.mask = n - 1;
        for (idx, k) in self.keys.iter().enumerate() {
            let h = hash(k);
            let mut i = h as usize & self.mask;
            while self.slots[i] != EMPTY {
                i = (i + 1) & self.mask;
            }
            self.slots[i] = (h & TAG) | idx as u64;
        }
    }
}
