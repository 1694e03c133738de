//! A hash of the canonical state that needs no canonical layout: each card in a cascade
//! counts with the card it rests on (or the cascade's bottom), each card in a free cell
//! alone, and the terms are combined by XOR. A set of cascades is exactly the cards' "rests
//! on" relation, so the hash ignores the order of cascades and of free cells as the key
//! does, and a move changes one term or two: a taken child's hash follows from its
//! parent's before the child is built, early enough to fetch its table slot while the
//! child and its key are made.

use super::cards::NO_CARD;
use super::Step;
use crate::moves::Loc;
use crate::position::Position;

/// What a card rests on besides another card: a cascade's bottom, a free cell.
const BOTTOM: u8 = 52;
const CELL: u8 = 53;

/// A card `c` resting on `below` (a card byte, [`BOTTOM`] or [`CELL`]): two rounds of
/// multiply and fold, so that the XOR of a position's terms spreads over all 64 bits.
#[inline]
fn term(c: u8, below: u8) -> u64 {
    let x = (u64::from(c) << 8 | u64::from(below)).wrapping_add(1);
    let x = x.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let x = (x ^ x >> 29).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^ x >> 32
}

/// The hash of `p` from scratch.
pub(super) fn of(p: &Position) -> u64 {
    let mut h = 0;
    for &c in p.raw_cells() {
        if c != NO_CARD {
            h ^= term(c, CELL);
        }
    }
    for k in 0..8 {
        let mut below = BOTTOM;
        for &c in p.raw_cascade(k) {
            h ^= term(c, below);
            below = c;
        }
    }
    h
}

/// What step `s` changes in the hash of `p` (before auto-play): only the moved run's
/// bottom card rests on something else (nothing, when it goes home).
#[inline]
pub(super) fn step(p: &Position, s: &Step) -> u64 {
    let (m, old) = match s.from {
        Loc::Cascade(k) => {
            let (col, len) = p.raw_column(k as usize);
            let i = len - s.n as usize;
            (col[i], if i > 0 { col[i - 1] } else { BOTTOM })
        }
        Loc::Cell(i) => (p.raw_cells()[i as usize], CELL),
        Loc::Foundation => return 0,
    };
    let new = match s.to {
        Loc::Cascade(d) => {
            let (col, len) = p.raw_column(d as usize);
            term(m, if len > 0 { col[len - 1] } else { BOTTOM })
        }
        Loc::Cell(_) => term(m, CELL),
        Loc::Foundation => 0,
    };
    term(m, old) ^ new
}

/// The cascades' lengths and the free cells of a position after a move, before auto-play.
#[derive(Clone, Copy)]
pub(super) struct Before {
    lens: [u8; 8],
    cells: [u8; 8],
}

impl Before {
    #[inline]
    pub(super) fn of(p: &Position) -> Before {
        let mut b = Before {
            lens: [0; 8],
            cells: [NO_CARD; 8],
        };
        for k in 0..8 {
            b.lens[k] = p.raw_column(k).1 as u8;
        }
        b.cells[..p.cell_count()].copy_from_slice(p.raw_cells());
        b
    }

    /// What auto-play changed in the hash, from `self` (before) to `p` (after): the cards
    /// sent home leave. Auto-play only shortens cascades, so the cards it took are still
    /// in each cascade's array above its new length (`Position::raw_column`).
    #[inline]
    pub(super) fn home(&self, p: &Position) -> u64 {
        let mut h = 0;
        for k in 0..8 {
            let (col, len) = p.raw_column(k);
            for i in len..self.lens[k] as usize {
                h ^= term(col[i], if i > 0 { col[i - 1] } else { BOTTOM });
            }
        }
        for (&was, &now) in self.cells.iter().zip(p.raw_cells()) {
            if was != NO_CARD && now == NO_CARD {
                h ^= term(was, CELL);
            }
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::cards::ms_home_set;
    use crate::solver::key::{decode, encode};
    use crate::solver::playout::{auto_play, playouts};

    #[test]
    fn a_childs_hash_from_its_parents_is_its_hash_and_the_keys() {
        // Along pseudo-random playouts: every child's hash by the move and auto-play equals
        // the hash from scratch, and the hash of its decoded key (the canonical layout).
        let mut checked = 0;
        let deals = (1..30).chain([11982, 617, 6240, 1941]);
        playouts(deals, 17, 300, auto_play, |n, p, steps| {
            let h = of(p);
            assert_eq!(of(&decode(&encode(p), 4)), h, "deal {n}");
            for s in steps {
                let mut q = *p;
                let mut g = h ^ step(&q, s);
                q.apply_unchecked(s.from, s.to, s.n as usize);
                let before = Before::of(&q);
                q.auto_home_set(ms_home_set);
                g ^= before.home(&q);
                assert_eq!(g, of(&q), "deal {n}, {s:?}");
                checked += 1;
            }
        });
        assert!(checked > 10_000, "{checked} children compared");
    }
}
