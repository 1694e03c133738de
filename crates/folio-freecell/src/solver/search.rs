//! One alternation search over one table of states (see the solver's module doc): its
//! work space kept per thread, the expansion loop with deferred duplicate detection.

use super::buckets::Buckets;
use super::cards::ms_home_set;
use super::features::{ColFeat, ColFeats, Features, Weights};
use super::generate::generate_pruned;
use super::key::{canonical_into, decode, encode};
use super::path::{path_to, reconstruct};
use super::table::Table;
use super::zobrist;
use super::{Step, Verdict};
use crate::moves::Loc;
use crate::position::Position;

/// A search's tables, kept per thread and reused (cleared) from one search to the next so
/// that a sweep over many deals does not allocate per deal.
#[derive(Default)]
struct Work {
    /// Expanded states: their keys, and per state its parent and depth.
    table: Table,
    parent: Vec<u32>,
    depth: Vec<u16>,
    /// The move from the parent's canonical layout (the root's is a placeholder).
    via: Vec<Step>,
    /// Generated children, numbered: the expanded state they come from and the move.
    /// A child's key is computed (and checked against the table) only when a list gives it.
    child: Vec<(u32, Step)>,
    taken: Vec<bool>,
    open: Vec<Buckets>,
    kids: Vec<(u32, Features)>,
    steps: Vec<Step>,
    /// The last expanded states, decoded, with their cascades' features and their hash, by
    /// index mod the slots (the children taken next are mostly theirs; a miss decodes the
    /// key). Its slots grow with the search (see [`CACHE`]).
    cache: Vec<(u32, Position, ColFeats, u64)>,
}

/// Slots of [`Work::cache`] (powers of two): `CACHE` at the start; a search that has
/// expanded `CACHE_GROW` times as many states as there are slots doubles them, up to
/// `CACHE_MAX` (a large search takes children of older states: on deals 1941 and 26693, 64
/// slots missed the parent of 46% of the expanded states, 1,024 slots 28%). 128 at the
/// start rather than 64: deals 3 mod 64, 4.7% of taken children missed with 64 slots;
/// 128 cost 1.6% fewer instructions and 10–15% less CPU time (deals 3 and 5 mod 16), 256
/// no better.
const CACHE: usize = 128;
const CACHE_GROW: usize = 8;
const CACHE_MAX: usize = 1024;

thread_local! {
    /// Spare tables for the next searches on this thread (one per search a solve ran).
    static POOL: std::cell::RefCell<Vec<Work>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A seed bit: the search prunes (see `generate::prune`).
pub(super) const PRUNE: u64 = 1 << 63;

/// No parent: the root.
const ROOT: u32 = u32::MAX;

/// One alternation search over one table, resumable: [`Search::run_until`] stops at a
/// budget and can be called again with a larger one, losing nothing.
pub(super) struct Search<'a> {
    w: Work,
    start: Position,
    hs: &'a [Weights],
    turn: usize,
    /// Distinct states expanded.
    pub(super) expanded: usize,
    /// Children generated (duplicates included): what the state limit counts.
    pub(super) generated: usize,
    /// 0: children queued in generation order; else the seed of a shuffle of each
    /// expansion's children (ties between equal scores broken differently).
    rng: u64,
    /// Skips moves that take cards off a card they fit on (an incomplete search).
    prune: bool,
    /// Ran out of states (a pruned search: proves nothing; it gets no more turns).
    pub(super) exhausted: bool,
}

impl<'a> Search<'a> {
    pub(super) fn new(start: &Position, hs: &'a [Weights], seed: u64) -> Search<'a> {
        let mut w = POOL.with(|p| p.borrow_mut().pop()).unwrap_or_default();
        w.table.clear();
        w.parent.clear();
        w.depth.clear();
        w.via.clear();
        w.child.clear();
        w.taken.clear();
        w.child.push((
            ROOT,
            Step {
                from: Loc::Foundation,
                to: Loc::Foundation,
                n: 0,
            },
        ));
        w.taken.push(false);
        // Back to `CACHE` slots, all empty (a slot's state number is `ROOT`); the slots'
        // layouts are left as they are (never read before being written).
        if w.cache.len() < CACHE {
            w.cache.clear();
            w.cache
                .resize(CACHE, (ROOT, *start, ColFeats([ColFeat::default(); 8]), 0));
        } else {
            w.cache.truncate(CACHE);
            for e in &mut w.cache {
                e.0 = ROOT;
            }
        }
        // Lists are never dropped (a probe of one list leaves a later search of four its
        // buckets' memory); a search uses the first `hs.len()`.
        if w.open.len() < hs.len() {
            w.open.resize_with(hs.len(), Buckets::default);
        }
        for list in w.open.iter_mut() {
            list.clear();
        }
        for list in &mut w.open[..hs.len()] {
            list.push(0, 0);
        }
        Search {
            w,
            start: *start,
            hs,
            turn: 0,
            expanded: 0,
            generated: 1,
            rng: seed & !PRUNE,
            prune: seed & PRUNE != 0,
            exhausted: false,
        }
    }

    /// Searches until a win (`Solved`), an exhausted graph (`Unsolvable`), or `budget`
    /// children generated in all or `max_expanded` states expanded (`Unknown`; checked
    /// between expansions, so that a later call resumes with every child queued).
    pub(super) fn run_until(&mut self, budget: usize, max_expanded: usize) -> Verdict {
        let Work {
            table,
            parent,
            depth,
            via,
            child,
            taken,
            open,
            kids,
            steps,
            cache,
        } = &mut self.w;
        let n = self.hs.len();
        let mut cur: Position;
        while self.generated < budget && self.expanded < max_expanded {
            if self.expanded > CACHE_GROW * cache.len() && cache.len() < CACHE_MAX {
                // Re-slot the cached states (index mod the new size).
                let mut old = std::mem::take(cache);
                let m = old.len() * 2;
                cache.resize(m, old[0]);
                for e in old.iter_mut() {
                    cache[e.0 as usize & (m - 1)] = *e;
                }
                for (i, e) in cache.iter_mut().enumerate() {
                    if e.0 as usize & (m - 1) != i {
                        e.0 = ROOT;
                    }
                }
            }
            let cmask = cache.len() - 1;
            // The next child: the best one not yet taken of the list whose turn it is (or
            // of the next list that has one).
            let mut next = None;
            for j in 0..n {
                let list = &mut open[(self.turn + j) % n];
                while let Some(i) = list.pop() {
                    if !taken[i as usize] {
                        next = Some(i);
                        break;
                    }
                }
                if next.is_some() {
                    break;
                }
            }
            self.turn = (self.turn + 1) % n;
            let Some(c) = next else {
                return Verdict::Unsolvable;
            };
            taken[c as usize] = true;
            let (par, step) = child[c as usize];
            // The child, built in `cur` (one copy of the parent, not a layout moved about).
            // Its hash from its parent's and the move, before it is built: its table slot
            // is fetched while it and its key are made.
            let (d, h) = if par == ROOT {
                cur = self.start;
                cur.auto_home_set(ms_home_set);
                (0, zobrist::of(&cur))
            } else {
                let slot = &mut cache[par as usize & cmask];
                if slot.0 != par {
                    let q = decode(table.key(par), self.start.cell_count());
                    *slot = (par, q, ColFeats::of(&q), zobrist::of(&q));
                }
                cur = slot.1;
                let mut h = slot.3 ^ zobrist::step(&cur, &step);
                // As at expansion: the parent was closed under auto-play, so only a move
                // home or the card it uncovers can start it.
                let auto = step.to == Loc::Foundation
                    || match step.from {
                        Loc::Cascade(k) => {
                            let (col, len) = cur.raw_column(k as usize);
                            let n = step.n as usize;
                            len > n && ms_home_set(&cur.foundations()) >> col[len - 1 - n] & 1 == 1
                        }
                        _ => false,
                    };
                if auto {
                    cur.apply_unchecked(step.from, step.to, step.n as usize);
                    let before = zobrist::Before::of(&cur);
                    cur.auto_home_set(ms_home_set);
                    h ^= before.home(&cur);
                    table.prefetch(h);
                } else {
                    table.prefetch(h);
                    cur.apply_unchecked(step.from, step.to, step.n as usize);
                }
                (depth[par as usize] + 1, h)
            };
            let p = &cur;
            let (idx, new) = table.insert(h, &encode(p));
            if !new {
                continue;
            }
            parent.push(par);
            depth.push(d);
            via.push(step);
            self.expanded += 1;
            // Its cascades' features: its parent's (still in the cache, which is written
            // only below) with the cascades the move and auto-play changed recomputed.
            let pf = if par == ROOT {
                ColFeats::of(p)
            } else {
                let (_, pp, ppf, _) = &cache[par as usize & cmask];
                ppf.child(pp, p, &step)
            };
            if p.is_won() {
                let path = path_to(parent, idx);
                return Verdict::Solved(reconstruct(&self.start, table, via, &path));
            }
            // Children are numbered by moves from the canonical layout, the one a later
            // decode gives back; it is written straight into the cache and read there.
            let slot = &mut cache[idx as usize & cmask];
            slot.0 = idx;
            slot.3 = h;
            canonical_into(p, &pf, &mut slot.1, &mut slot.2);
            let (_, p, pf, _) = &cache[idx as usize & cmask];
            steps.clear();
            generate_pruned(p, pf, steps, self.prune);
            kids.clear();
            // `p` is closed under auto-play: after a move that sends nothing home, only the
            // card the move uncovers can go home (the others were already refused, on the
            // same foundations).
            let home_now = ms_home_set(&p.foundations());
            // Children that auto-play leaves alone are scored from `p`'s facts (never
            // built); the others are built on a copy.
            let sums = pf.sums();
            for s in steps.iter() {
                let uncovered = match s.from {
                    Loc::Cascade(k) => {
                        let (col, len) = p.raw_column(k as usize);
                        (len > s.n as usize).then(|| col[len - 1 - s.n as usize])
                    }
                    _ => None,
                };
                let f = if s.to == Loc::Foundation
                    || uncovered.is_some_and(|c| home_now >> c & 1 == 1)
                {
                    let mut q = *p;
                    q.apply_unchecked(s.from, s.to, s.n as usize);
                    q.auto_home_set(ms_home_set);
                    if q.is_won() {
                        let (w, _) = table.insert(zobrist::of(&q), &encode(&q));
                        parent.push(idx);
                        depth.push(d + 1);
                        via.push(*s);
                        let path = path_to(parent, w);
                        return Verdict::Solved(reconstruct(&self.start, table, via, &path));
                    }
                    Features::of(&q, pf.child(p, &q, s), d + 1)
                } else {
                    // Nothing goes home, so it cannot be won.
                    Features::moved(p, pf, sums, s, d + 1)
                };
                let cid = child.len() as u32;
                child.push((idx, *s));
                taken.push(false);
                kids.push((cid, f));
            }
            self.generated += kids.len();
            if self.rng != 0 {
                for i in (1..kids.len()).rev() {
                    self.rng ^= self.rng << 13;
                    self.rng ^= self.rng >> 7;
                    self.rng ^= self.rng << 17;
                    kids.swap(i, (self.rng % (i as u64 + 1)) as usize);
                }
            }
            for (list, w) in open.iter_mut().zip(self.hs) {
                for (c, f) in kids.iter() {
                    list.push(f.score(w), *c);
                }
            }
        }
        Verdict::Unknown
    }
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        let w = std::mem::take(&mut self.w);
        POOL.with(|p| {
            // No cap needed: the pool never holds more tables than were in use at once (a
            // solve keeps one per search it runs).
            p.borrow_mut().push(w);
        });
    }
}
