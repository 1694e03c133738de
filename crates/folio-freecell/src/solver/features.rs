//! What the heuristics weigh: per-cascade facts ([`ColFeat`]), kept for every expanded
//! state and carried to its children, and the features of a child derived from its
//! parent's without building it ([`Features::moved`]).

use super::cards::{fits, next_cards};
use super::Step;
use crate::moves::Loc;
use crate::position::Position;

/// One cascade's share of the features: cards not in the run resting on its bottom, cards
/// above a lower card (outside that run), cards above a suit's next card.
#[derive(Clone, Copy, Default, Debug, PartialEq)]
pub(super) struct ColFeat {
    misplaced: u8,
    above_lower: u8,
    above_next: u8,
    /// The cascade's cards as a bit set (for [`ColFeats::child`]).
    cards: u64,
    /// What [`Features::moved`] needs to derive a child's share without the child: the
    /// length, the bottom run's length, bit `i` set when card `i` counts in `above_lower`,
    /// bit `i` set when card `i` is a suit's next card, the lowest rank from the bottom
    /// run's last card up, and the top card's rank.
    len: u8,
    run: u8,
    lower_bits: u32,
    next_bits: u32,
    min_rank: u8,
    top_rank: u8,
    /// The length of the run on top (the most cards that can move together).
    pub(super) top_run: u8,
}

impl ColFeat {
    pub(super) fn of(col: &[u8], next: u64) -> ColFeat {
        let n = col.len();
        if n == 0 {
            return ColFeat::default();
        }
        // The run resting on the bottom never needs to move but home; its cards are
        // each lower than everything beneath them.
        let mut w = 1;
        while w < n && fits(col[w], col[w - 1]) {
            w += 1;
        }
        // The card set and the next cards by position in one pass, without branches.
        let mut cards = 0u64;
        let mut next_bits = 0u32;
        for (i, &b) in col.iter().enumerate() {
            cards |= 1 << b;
            next_bits |= ((next >> b & 1) as u32) << i;
        }
        let above_next = above(next_bits, n);
        let mut min_rank = col[w - 1] >> 2;
        let mut lower_bits = 0u32;
        for (i, &b) in col.iter().enumerate().skip(w) {
            let r = b >> 2;
            // Must move before a lower card beneath it can go home.
            lower_bits |= u32::from(r > min_rank) << i;
            min_rank = min_rank.min(r);
        }
        let above_lower = lower_bits.count_ones() as usize;
        ColFeat {
            misplaced: (n - w) as u8,
            above_lower: above_lower as u8,
            above_next,
            cards,
            len: n as u8,
            run: w as u8,
            lower_bits,
            next_bits,
            min_rank,
            top_rank: col[n - 1] >> 2,
            top_run: if w == n {
                // The whole cascade is one run.
                n as u8
            } else {
                let mut r = 1;
                while r < n && fits(col[n - r], col[n - r - 1]) {
                    r += 1;
                }
                r as u8
            },
        }
    }
}

impl ColFeat {
    /// `next_bits` and `above_next` again for the same cascade `col` under new next cards
    /// `next` (the rest depends on the cards alone).
    fn renext(&mut self, col: &[u8], next: u64) {
        let mut next_bits = 0u32;
        for (i, &b) in col.iter().enumerate() {
            next_bits |= ((next >> b & 1) as u32) << i;
        }
        self.next_bits = next_bits;
        self.above_next = above(next_bits, col.len());
    }
}

impl ColFeat {
    /// This cascade's features once a run has left its top: `col` is what is left, `moved`
    /// the moved cards as a bit set.
    fn popped(&self, col: &[u8], moved: u64) -> ColFeat {
        let n = col.len();
        if n == 0 {
            return ColFeat::default();
        }
        let gone = self.len as usize - n;
        let low = (1u32 << n) - 1;
        let w = (self.run as usize).min(n);
        let lower_bits = self.lower_bits & low;
        let next_bits = self.next_bits & low;
        // The lowest rank from the bottom run's last card up, over what is left.
        let mut min_rank = col[w - 1] >> 2;
        for &b in &col[w..] {
            min_rank = min_rank.min(b >> 2);
        }
        ColFeat {
            misplaced: (n - w) as u8,
            above_lower: lower_bits.count_ones() as u8,
            above_next: above(next_bits, n),
            cards: self.cards & !moved,
            len: n as u8,
            run: w as u8,
            lower_bits,
            next_bits,
            min_rank,
            top_rank: col[n - 1] >> 2,
            top_run: if self.top_run as usize > gone {
                // What is left of the top run is still a run, on a card it does not fit.
                self.top_run - gone as u8
            } else if w == n {
                n as u8
            } else {
                let mut r = 1;
                while r < n && fits(col[n - r], col[n - r - 1]) {
                    r += 1;
                }
                r as u8
            },
        }
    }

    /// This cascade's features once a run (`moved`, as a bit set) has arrived on its top:
    /// `col` is the cascade now, `old` its length before. On a non-empty cascade the run
    /// fits on the top card (a legal move); `p` (the position before) gives the next cards.
    fn pushed(&self, col: &[u8], old: usize, moved: u64, p: &Position) -> ColFeat {
        let next = next_cards(&p.foundations());
        if old == 0 {
            return ColFeat::of(col, next);
        }
        let n = col.len();
        let mut next_bits = self.next_bits;
        let (mut lower_bits, mut min_rank) = (self.lower_bits, self.min_rank);
        let whole = self.run as usize == old;
        for (i, &b) in col.iter().enumerate().skip(old) {
            next_bits |= ((next >> b & 1) as u32) << i;
            if !whole {
                // Above the bottom run: go on with `ColFeat::of`'s scan.
                let r = b >> 2;
                lower_bits |= u32::from(r > min_rank) << i;
                min_rank = min_rank.min(r);
            }
        }
        if whole {
            // The bottom run grew: it is the whole cascade.
            min_rank = col[n - 1] >> 2;
        }
        let run = if whole { n } else { self.run as usize };
        ColFeat {
            misplaced: (n - run) as u8,
            above_lower: lower_bits.count_ones() as u8,
            above_next: above(next_bits, n),
            cards: self.cards | moved,
            len: n as u8,
            run: run as u8,
            lower_bits,
            next_bits,
            min_rank,
            top_rank: col[n - 1] >> 2,
            top_run: self.top_run + (n - old) as u8,
        }
    }
}

/// The cards above the positions set in `bits` of a cascade of `n` cards, in all.
pub(super) fn above(bits: u32, n: usize) -> u8 {
    let mut sum = 0;
    let mut t = bits;
    while t != 0 {
        sum += n - 1 - t.trailing_zeros() as usize;
        t &= t - 1;
    }
    sum as u8
}

/// Every cascade's [`ColFeat`], for a parent whose children differ from it in one or two
/// cascades (unless auto-play moved cards, which changes the suits' next cards).
#[derive(Clone, Copy)]
pub(super) struct ColFeats(pub(super) [ColFeat; 8]);

impl ColFeats {
    pub(super) fn of(p: &Position) -> ColFeats {
        let next = next_cards(&p.foundations());
        ColFeats(std::array::from_fn(|k| ColFeat::of(p.raw_cascade(k), next)))
    }

    /// The child `q` of `p` by step `s`: a cascade is recomputed when its length changed
    /// (the move or auto-play touched it; moves only push and pop) or when it holds a
    /// suit's new next card (its share of `above_next` changed).
    pub(super) fn child(&self, p: &Position, q: &Position, s: &Step) -> ColFeats {
        let mut c = *self;
        if p.foundations() == q.foundations() {
            // Only the move's cascades changed: a run of `n` cards left the top of one
            // and/or arrived on top of the other; their features follow from the old ones.
            let n = s.n as usize;
            let moved = match s.to {
                Loc::Cascade(d) => {
                    let col = q.raw_cascade(d as usize);
                    let (below, run) = col.split_at(col.len() - n);
                    let mut moved = 0u64;
                    for &b in run {
                        moved |= 1 << b;
                    }
                    c.0[d as usize] = c.0[d as usize].pushed(col, below.len(), moved, p);
                    moved
                }
                Loc::Cell(i) => 1 << q.raw_cells()[i as usize],
                Loc::Foundation => 0,
            };
            if let Loc::Cascade(k) = s.from {
                c.0[k as usize] = c.0[k as usize].popped(q.raw_cascade(k as usize), moved);
            }
            return c;
        }
        let (np, nq) = (next_cards(&p.foundations()), next_cards(&q.foundations()));
        let fresh = nq & !np;
        for k in 0..8 {
            if p.raw_column(k).1 != q.raw_column(k).1 {
                c.0[k] = ColFeat::of(q.raw_cascade(k), nq);
            } else if c.0[k].cards & fresh != 0 {
                // The same cards, one of them now next home: only `above_next` changes.
                c.0[k].renext(q.raw_cascade(k), nq);
            }
        }
        c
    }
}

/// Heuristic weights, in this order: cards not home, cards above a lower card of their
/// cascade, cards above each suit's next card, busy free cells, empty cascades (a bonus),
/// path length (sixteenths), cards not in a run resting on their cascade's bottom.
pub(super) type Weights = [usize; 7];

/// What the heuristics weigh (see [`Weights`]).
#[derive(Clone, Copy, Default)]
pub(super) struct Features(pub(super) [usize; 7]);

impl ColFeats {
    /// The cascades' shares added up: above a lower card, above a next card, misplaced.
    pub(super) fn sums(&self) -> [usize; 3] {
        let mut t = [0; 3];
        for c in &self.0 {
            t[0] += c.above_lower as usize;
            t[1] += c.above_next as usize;
            t[2] += c.misplaced as usize;
        }
        t
    }
}

impl Features {
    /// The features of the child of `p` by step `s` when nothing goes home, from the
    /// parent's per-cascade facts alone (`pf`, and `sums`: its [`ColFeats::sums`]); the
    /// child itself is never built. A step moves `n` cards that form a run (onto a card
    /// they fit on, into an empty cascade or a free cell, or one card from a free cell).
    #[inline] // into the search loop, as when they shared a module
    pub(super) fn moved(
        p: &Position,
        pf: &ColFeats,
        sums: [usize; 3],
        s: &Step,
        depth: u16,
    ) -> Features {
        let [mut above_lower, mut above_next, mut misplaced] = sums;
        let n = s.n as usize;
        // The moved cards' share of `above_next`: next cards among them, each with the
        // moved cards above it; it leaves the source and arrives with them.
        let mut moved_next = 0;
        let mut empties = (0..8).filter(|&k| pf.0[k].len == 0).count();
        let mut busy = p.cell_count() - p.free_cells();
        match s.from {
            Loc::Cascade(k) => {
                let c = &pf.0[k as usize];
                let (len, rest) = (c.len as usize, c.len as usize - n);
                let low = (1u32 << rest) - 1;
                let mut top = c.next_bits & !low;
                while top != 0 {
                    moved_next += len - 1 - top.trailing_zeros() as usize;
                    top &= top - 1;
                }
                // The cards left: each next card among them has `n` fewer cards above it.
                above_next -= n * (c.next_bits & low).count_ones() as usize + moved_next;
                above_lower -= (c.lower_bits & !low).count_ones() as usize;
                misplaced -= c.misplaced as usize - (rest - rest.min(c.run as usize));
                empties += usize::from(rest == 0);
            }
            Loc::Cell(_) => busy -= 1,
            Loc::Foundation => {}
        }
        match s.to {
            Loc::Cascade(k) => {
                let c = &pf.0[k as usize];
                if c.len == 0 {
                    // A run of its own: nothing misplaced, nothing above a lower card.
                    empties -= 1;
                    above_next += moved_next;
                } else {
                    above_next += n * c.next_bits.count_ones() as usize + moved_next;
                    if c.run < c.len {
                        // Above the bottom run: the moved cards are misplaced, and those
                        // above the lowest rank beneath them rest above a lower card.
                        misplaced += n;
                        above_lower += (c.top_rank as usize)
                            .saturating_sub(c.min_rank as usize + 1)
                            .min(n);
                    }
                    // Else they lengthen the bottom run: nothing changes.
                }
            }
            Loc::Cell(_) => busy += 1,
            Loc::Foundation => {}
        }
        Features([
            52 - p.home() as usize,
            above_lower,
            above_next,
            busy,
            empties,
            depth as usize,
            misplaced,
        ])
    }

    #[inline]
    pub(super) fn of(p: &Position, cols: ColFeats, depth: u16) -> Features {
        let (mut above_lower, mut above_next, mut misplaced, mut empties) = (0, 0, 0, 0);
        for (k, c) in cols.0.iter().enumerate() {
            above_lower += c.above_lower as usize;
            above_next += c.above_next as usize;
            misplaced += c.misplaced as usize;
            empties += usize::from(p.raw_column(k).1 == 0);
        }
        Features([
            52 - p.home() as usize,
            above_lower,
            above_next,
            p.cell_count() - p.free_cells(),
            empties,
            depth as usize,
            misplaced,
        ])
    }

    /// Lower is better.
    pub(super) fn score(&self, w: &Weights) -> usize {
        let f = &self.0;
        let s = w[0] * f[0] + w[1] * f[1] + w[2] * f[2] + w[3] * f[3] + w[6] * f[6];
        s.saturating_sub(w[4] * f[4]) + f[5] * w[5] / 16
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::cards::ms_home_set;
    use crate::solver::playout::{canonical_auto_play, playouts};

    #[test]
    fn features_from_the_parent_are_the_features() {
        playouts(
            [1, 2, 11982, 617, 24],
            3,
            300,
            canonical_auto_play,
            |n, p, steps| {
                let pf = ColFeats::of(p);
                for s in steps {
                    let mut q = *p;
                    q.apply_unchecked(s.from, s.to, s.n as usize);
                    q.auto_home_set(ms_home_set);
                    let (a, b) = (pf.child(p, &q, s), ColFeats::of(&q));
                    for k in 0..8 {
                        assert_eq!(a.0[k], b.0[k], "deal {n}, cascade {k}");
                    }
                }
            },
        );
    }

    #[test]
    fn features_of_an_unbuilt_child_are_the_features() {
        let mut checked = 0;
        let deals = (1..40).chain([11982, 617, 6240, 1941]);
        playouts(deals, 5, 300, canonical_auto_play, |n, p, steps| {
            let pf = ColFeats::of(p);
            for s in steps {
                let mut q = *p;
                q.apply_unchecked(s.from, s.to, s.n as usize);
                let mut r = q;
                r.auto_home_set(ms_home_set);
                if r.foundations() != p.foundations() {
                    continue; // scored on the built child
                }
                let want = Features::of(&q, ColFeats::of(&q), 7).0;
                let got = Features::moved(p, &pf, pf.sums(), s, 7).0;
                assert_eq!(got, want, "deal {n}, {s:?}");
                checked += 1;
            }
        });
        assert!(checked > 10_000, "{checked} children compared");
    }
}
