//! The visited set: canonical keys in an arena, found through an open-addressing table of
//! arena indexes. Keys are compared in full (no hash-only identity), so an exhausted search
//! is a proof. The caller gives each key's hash ([`super::zobrist`]), known before the key
//! is built, so that [`Table::prefetch`] can fetch the slot meanwhile.

/// A canonical state: sorted free cells, then cascades ordered by bottom card, each card as
/// `index + 1` and a 0 after the cells and after each cascade (≤ 52 + 9 bytes).
pub(crate) type Key = [u64; 8];

/// Two keys equal, word by word without a branch per word (no `memcmp` call).
#[inline]
fn same(a: &Key, b: &Key) -> bool {
    a.iter().zip(b).fold(0, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Keys in insertion order (their index is the state's number), each with the upper half
/// of its hash (the tag), and slots holding `tag << 32 | index`: a probe compares the tag
/// before touching the key. A key's first slot comes from its tag's low bits, so the table
/// grows and empties from the tags alone, never reading a key.
#[derive(Default)]
pub(crate) struct Table {
    keys: Vec<Key>,
    tags: Vec<u32>,
    slots: Vec<u64>,
    mask: usize,
}

const EMPTY: u64 = u64::MAX;
const TAG: u64 = 0xffff_ffff_0000_0000;

impl Table {
    pub(crate) fn new() -> Table {
        Table {
            keys: Vec::new(),
            tags: Vec::new(),
            slots: vec![EMPTY; 1 << 12],
            mask: (1 << 12) - 1,
        }
    }

    /// The key of state `idx`.
    #[inline]
    pub(crate) fn key(&self, idx: u32) -> &Key {
        &self.keys[idx as usize]
    }

    /// The first slot of a key of hash `h`.
    #[inline]
    fn home(&self, h: u64) -> usize {
        (h >> 32) as usize & self.mask
    }

    /// Empties the table, keeping its memory unless it grew large.
    pub(crate) fn clear(&mut self) {
        if self.slots.is_empty() || self.slots.len() > 1 << 16 {
            *self = Table::new();
        } else if self.keys.len() * 8 < self.slots.len() {
            // A small search (most are): empty only its slots, each found from its key's
            // tag (passing slots already emptied), not the whole array.
            for (idx, &tag) in self.tags.iter().enumerate() {
                let want = u64::from(tag) << 32 | idx as u64;
                let mut i = tag as usize & self.mask;
                while self.slots[i] != want {
                    i = (i + 1) & self.mask;
                }
                self.slots[i] = EMPTY;
            }
        } else {
            self.slots.fill(EMPTY);
        }
        self.keys.clear();
        self.tags.clear();
    }

    /// Asks the processor to fetch the first slot of a key of hash `h` (a hint: nothing
    /// changes, and it costs nothing where there is no such instruction).
    #[inline]
    pub(crate) fn prefetch(&self, h: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.slots[self.home(h)..].as_ptr();
            // SAFETY: a prefetch reads nothing the program sees and cannot fault; the
            // address is a slot of the table.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    p.cast::<i8>(),
                )
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = h;
    }

    /// Inserts `k` (of hash `h`) unless present; returns its index and whether it is new.
    pub(crate) fn insert(&mut self, h: u64, k: &Key) -> (u32, bool) {
        let tag = h & TAG;
        let mut i = self.home(h);
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
        self.tags.push((h >> 32) as u32);
        self.slots[i] = tag | u64::from(idx);
        if self.keys.len() * 2 > self.slots.len() {
            self.grow();
        }
        (idx, true)
    }

    fn grow(&mut self) {
        let n = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![EMPTY; n]);
        self.mask = n - 1;
        // Slot by slot from the old array, each placed by its tag: no key is read.
        for s in old {
            if s != EMPTY {
                let mut i = (s >> 32) as usize & self.mask;
                while self.slots[i] != EMPTY {
                    i = (i + 1) & self.mask;
                }
                self.slots[i] = s;
            }
        }
    }
}
