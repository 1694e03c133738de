//! The per-chunk spelling counter: an open-addressing table (linear probing, at most three
//! quarters full) of inline keys of `W` words and their occurrences.
//!
//! One probe per token, no entry API, no separate cache: a slot is the key's words and its
//! count, so a hit is one multiply, one (usually cached) load and `W` compares. Counting
//! uses a table of one-word keys (spellings of up to 8 bytes, 16-byte slots: most tokens,
//! and a table half the size stays in cache better) and one of three-word keys.

/// One slot: an inline key (all zero when empty: a spelling never starts with NUL) and its
/// occurrences.
#[derive(Clone, Copy)]
struct Slot<const W: usize> {
    key: [u64; W],
    n: u64,
}

impl<const W: usize> Default for Slot<W> {
    fn default() -> Self {
        Slot { key: [0; W], n: 0 }
    }
}

/// Occurrences per inline key (see the module docs).
pub(crate) struct SpellingTable<const W: usize> {
    slots: Vec<Slot<W>>,
    len: usize,
    /// `64 - log2(slots.len())`: the hash's top bits index the table.
    shift: u32,
}

impl<const W: usize> Default for SpellingTable<W> {
    fn default() -> Self {
        SpellingTable::with_capacity(0)
    }
}

impl<const W: usize> std::fmt::Debug for SpellingTable<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SpellingTable")
            .field("len", &self.len)
            .finish()
    }
}

/// Smallest table (slots).
const MIN_SLOTS: usize = 64;

impl<const W: usize> SpellingTable<W> {
    /// A table for about `n` keys without growing.
    pub(crate) fn with_capacity(n: usize) -> Self {
        let slots = (n + n / 3).next_power_of_two().max(MIN_SLOTS);
        SpellingTable {
            slots: vec![Slot::default(); slots],
            len: 0,
            shift: 64 - slots.trailing_zeros(),
        }
    }

    /// Empties the table for about `n` keys. Its slots are kept (cleared) when there are
    /// enough: a table reused from chunk to chunk costs no fresh pages, where a new one
    /// page-faulted in each of its pages (a quarter of a run's page faults).
    /// (A table more than four times too large is replaced too: clearing and reading back
    /// its slots would cost more than the pages, for a small book after a large one.)
    pub(crate) fn reset(&mut self, n: usize) {
        let want = (n + n / 3).next_power_of_two().max(MIN_SLOTS);
        if !(want..=want.saturating_mul(4)).contains(&self.slots.len()) {
            *self = SpellingTable::with_capacity(n);
        } else {
            self.slots.fill(Slot::default());
            self.len = 0;
        }
    }

    /// Number of distinct keys.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Adds `n` occurrences of `key`.
    #[inline(always)]
    pub(crate) fn add(&mut self, key: [u64; W], n: u64) {
        let mask = self.slots.len() - 1;
        let mut i = (Self::hash(&key) >> self.shift) as usize;
        loop {
            let s = &mut self.slots[i];
            if same(&s.key, &key) {
                s.n += n;
                return;
            }
            if s.key[0] == 0 {
                *s = Slot { key, n };
                self.len += 1;
                if self.len * 4 > self.slots.len() * 3 {
                    self.grow();
                }
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// The keys and their counts, in table order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = ([u64; W], u64)> + '_ {
        self.slots
            .iter()
            .filter(|s| s.key[0] != 0)
            .map(|s| (s.key, s.n))
    }

    /// Adds every count of `other`.
    ///
    /// Room for all of `other`'s keys is made first. Without it, merging was quadratic on
    /// text of many distinct words: `other` is read in slot order, that is in the order of
    /// the hash's top bits, and into a table with fewer slots its first half all lands in
    /// this table's first half, which overfills into one long probe run while the second
    /// half stays empty (the classic merge trap of open addressing with one hash function).
    /// With at least as many slots as keys need, keys land spread as evenly as they came.
    pub(crate) fn merge(&mut self, other: &SpellingTable<W>) {
        self.reserve(other.len);
        for (k, n) in other.iter() {
            self.add(k, n);
        }
    }

    /// Makes room for `additional` more keys without growing while they are added.
    fn reserve(&mut self, additional: usize) {
        let need = self.len + additional;
        if need * 4 > self.slots.len() * 3 {
            let old = std::mem::replace(self, SpellingTable::with_capacity(need));
            for s in old.slots.into_iter().filter(|s| s.key[0] != 0) {
                self.add(s.key, s.n);
            }
        }
    }

    /// The hash of a key; its top bits index the table.
    #[inline(always)]
    fn hash(k: &[u64; W]) -> u64 {
        // Fold the words into one, then a 64x64→128 multiply folded back: every input bit
        // moves the top bits.
        let mut x = k[0];
        for (j, w) in k.iter().enumerate().skip(1) {
            x ^= w.rotate_left(21 * j as u32);
        }
        let p = u128::from(x) * 0x9E37_79B9_7F4A_7C15_u128;
        (p as u64) ^ ((p >> 64) as u64)
    }

    #[cold]
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        let bigger = SpellingTable::with_capacity(old.len());
        *self = bigger;
        for s in old.into_iter().filter(|s| s.key[0] != 0) {
            self.add(s.key, s.n);
        }
    }
}

/// `a == b`, word by word with the first word first: the key is in registers, and an array
/// compare would store it to the stack and read it back as one vector (a store-forwarding
/// stall per token).
#[inline(always)]
fn same<const W: usize>(a: &[u64; W], b: &[u64; W]) -> bool {
    a.iter().zip(b).all(|(x, y)| x == y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ingest::short::Short;

    #[test]
    fn counts_add_up_through_growth_and_merges() {
        let words: Vec<String> = (0..5000).map(|i| format!("w{i}")).collect();
        let mut t = SpellingTable::<3>::default();
        for (i, w) in words.iter().enumerate() {
            for _ in 0..=(i % 3) {
                t.add(Short::new(w).unwrap().0, 1);
            }
        }
        assert_eq!(t.len(), words.len());
        let mut u = SpellingTable::with_capacity(10);
        u.add(Short::new("w7").unwrap().0, 5);
        u.add(Short::new("new").unwrap().0, 1);
        t.merge(&u);
        assert_eq!(t.len(), words.len() + 1);
        let mut buf = [0u8; crate::ingest::short::SHORT];
        for (k, n) in t.iter() {
            let w = Short(k).to_str(&mut buf).unwrap().to_string();
            let expect = match w.as_str() {
                "new" => 1,
                "w7" => 7 % 3 + 1 + 5,
                _ => w[1..].parse::<u64>().unwrap() % 3 + 1,
            };
            assert_eq!(n, expect, "{w}");
        }
    }
}
