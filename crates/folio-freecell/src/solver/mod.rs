//! The solver: best-first search over canonical states with atomic supermoves and the MS
//! auto-play after every move, several heuristics alternating over one state space.
//!
//! - **State identity** ignores the order of cascades and of free cells (`table::Key`).
//! - **Moves**: every legal move, a supermove counting as one (onto a cascade the count is
//!   forced; into an empty cascade every count up to the capacity); only the first empty
//!   cascade and free cell are tried (the others give the same canonical state).
//! - **Auto-moves**: the MS rule ([`Autoplay::Ms`]) after every move. It only sends home a
//!   card no remaining card can be built on, so it never turns a won game into a lost one,
//!   and the searched graph is the whole game: exhausting it proves a deal unwinnable.
//! - **Strategy**: greedy best-first with *alternation* (Röger & Helmert 2010): one table
//!   of states, one open list per heuristic (`HEURISTICS`), the lists taking turns to give
//!   the next state to expand. Hard deals are hard for one heuristic and easy for another,
//!   so the heavy tail of a single greedy search shrinks.
//! - **Deferred duplicate detection**: a child is scored (its features updated from its
//!   parent's, only the cascades the move touched recomputed) and queued as "parent +
//!   move" on every list; its key is built and looked up only when a list gives it. Most
//!   children are never taken, so most never cost a key or a table probe. Every state taken
//!   is expanded once, whatever list gives it, so the search stays complete.
//! - **Pruning** (`PRUNE`): the main search and some probes never take cards off a card
//!   they fit on except to the foundation (no run split, no run's top parked in a free
//!   cell). That search is faster, its solutions shorter, but it is incomplete: when it
//!   runs out of states, the complete search takes over.
//! - **Probes** (`FIRST_SHARE`, `PROBE_FLARES`): the main search runs in growing shares
//!   of expansions and is resumed, not restarted; between shares a fresh probe with other
//!   heuristics, another tie order, pruned or not, gets a smaller quota. The heavy tail of
//!   a greedy search is chaotic, so diverse probes cut it.
//! - **Proof**: only the complete search running out of states proves a deal unwinnable.
//! - **Limit**: once a search has generated `max_states` children (checked between
//!   expansions) the answer is [`Verdict::Unknown`].

mod table;

use crate::autoplay::Autoplay;
use crate::moves::{EmptyTarget, Loc, Move};
use crate::position::Position;
use table::{Key, Table};

/// What a search concluded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A win: moves in standard notation, replayable with MS auto-play and count-less moves
    /// into empty cascades read as "as many as possible" (a partial run carries its count).
    Solved(Vec<Move>),
    /// Every reachable state was visited without a win.
    Unsolvable,
    /// The state limit was reached first.
    Unknown,
}

/// A search's verdict and effort.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The verdict.
    pub verdict: Verdict,
    /// Distinct states stored.
    pub states: usize,
    /// States expanded.
    pub expanded: usize,
}

/// Search settings (builder style).
#[derive(Clone, Debug)]
pub struct Solver {
    max_states: usize,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver {
            max_states: 3_000_000,
        }
    }
}

/// A move as the search makes it: `n` cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step {
    from: Loc,
    to: Loc,
    n: u8,
}

impl Solver {
    /// A solver with the default limit: 3,000,000 positions generated per search (deal
    /// 6240, 367,000 expansions in all, peaks at 40 MB).
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Stops with [`Verdict::Unknown`] after `n` positions generated in all (children
    /// scored and queued, duplicates included).
    pub fn max_states(mut self, n: usize) -> Solver {
        self.max_states = n.max(1);
        self
    }

    /// Searches from `start` (any position; auto-play is applied first); see the module
    /// doc and `FIRST_SHARE`. Only the complete search running out of states to expand is the
    /// proof of [`Verdict::Unsolvable`]; `states` and `expanded` add up every search's.
    pub fn solve(&self, start: &Position) -> Outcome {
        // Every search, started on its first turn and resumed (not restarted) on the next.
        let mut searches: Vec<Option<Search>> = (0..FLARES).map(|_| None).collect();
        let (mut states, mut expanded) = (0, 0);
        let fitted = SCHEDULE
            .iter()
            .map(|&(c, b)| Some((c as usize, b as usize)));
        // Then the main search in growing shares, a probe after each (`None`: the main
        // search, the pruned one until it runs out of states, then the complete one).
        let mut shares = Vec::new();
        let (mut share, mut k) = (FIRST_SHARE, 0);
        while share <= LAST_SHARE {
            shares.push(None);
            shares.push(Some((
                2 + k % PROBE_FLARES.len(),
                share * PROBE_PERCENT / 100,
            )));
            share = share * 7 / 5;
            k += 1;
        }
        let mut share = FIRST_SHARE;
        for step in fitted.chain(shares) {
            let (c, b) = match step {
                Some(cb) => cb,
                None => {
                    let main = if searches[0].as_ref().is_some_and(|s| s.exhausted) {
                        COMPLETE
                    } else {
                        0
                    };
                    let b = share;
                    share = share * 7 / 5;
                    (main, b)
                }
            };
            let s = searches[c].get_or_insert_with(|| {
                let (hs, seed) = flare(c);
                Search::new(start, hs, seed)
            });
            if s.exhausted || s.expanded >= b {
                continue;
            }
            let before = (s.generated, s.expanded);
            let left = self.max_states.saturating_sub(states);
            let v = s.run_until(s.generated + left, b);
            states += s.generated - before.0;
            expanded += s.expanded - before.1;
            match v {
                Verdict::Solved(_) => {
                    return Outcome {
                        verdict: v,
                        states,
                        expanded,
                    }
                }
                // Only the complete search's exhaustion is a proof.
                Verdict::Unsolvable if c == COMPLETE => {
                    return Outcome {
                        verdict: v,
                        states,
                        expanded,
                    }
                }
                Verdict::Unsolvable => s.exhausted = true,
                Verdict::Unknown => {}
            }
            if states >= self.max_states {
                return Outcome {
                    verdict: Verdict::Unknown,
                    states,
                    expanded,
                };
            }
        }
        // The complete search alone, to a win, a proof or the limit.
        let mut s = searches[COMPLETE]
            .take()
            .unwrap_or_else(|| Search::new(start, &HEURISTICS, 0));
        // The other tables go back to the pool first.
        drop(searches);
        let before = (s.generated, s.expanded);
        let left = self.max_states.saturating_sub(states);
        let verdict = s.run_until(s.generated + left, usize::MAX);
        Outcome {
            verdict,
            states: states + s.generated - before.0,
            expanded: expanded + s.expanded - before.1,
        }
    }
}

/// The searches a schedule step names: 0 the pruned main search, 1 the complete one (its
/// exhaustion is the proof), then [`PROBE_FLARES`] in order.
const FLARES: usize = 2 + PROBE_FLARES.len();
const COMPLETE: usize = 1;

fn flare(c: usize) -> (&'static [Weights], u64) {
    match c {
        0 => (&HEURISTICS, PRUNE),
        COMPLETE => (&HEURISTICS, 0),
        _ => PROBE_FLARES[c - 2],
    }
}

/// The fitted start of the schedule: (search, expansions): the search (see [`flare`]) is
/// started or resumed until it has made that many expansions in all. Fitted greedily (at
/// each step the search and budget solving the most deals per expansion spent, budgets
/// 60·1.25^k) on the costs `examples/flare_costs` printed for deals 7 and 11 mod 16 of
/// 1..32000 (4,000 deals, each search capped at 20,000 expansions).
const SCHEDULE: &[(u8, u16)] = &[
    (2, 117),
    (2, 146),
    (2, 183),
    (2, 228),
    (1, 183),
    (2, 357),
    (1, 228),
    (16, 146),
    (2, 447),
    (16, 228),
    (1, 447),
    (1, 698),
    (10, 286),
    (10, 357),
    (2, 873),
    (6, 357),
    (16, 357),
    (16, 873),
    (17, 228),
    (16, 3330),
    (6, 698),
    (15, 698),
    (6, 1364),
    (10, 5204),
];

/// After [`SCHEDULE`]: the main search in shares of expansions (`FIRST_SHARE`, then ×1.4 up
/// to `LAST_SHARE`), after each share a probe (from [`PROBE_FLARES`] in turn) given
/// `PROBE_PERCENT`% as many; then the complete search alone. This part catches the deals
/// the fitted sample had no like of.
const FIRST_SHARE: usize = 400;
const PROBE_PERCENT: usize = 30;
const LAST_SHARE: usize = 300_000;

/// The probes: heuristics alternated, and a seed (a shuffle of the children, and the
/// [`PRUNE`] bit). A greedy search that went astray on one deal rarely does so under
/// other weights.
const PROBE_FLARES: &[(&[Weights], u64)] = &[
    (PROBES[1], PRUNE),
    (&[[6, 2, 3, 8, 12, 8, 0]], 0),
    (PROBES[0], PRUNE),
    (&[[6, 0, 4, 8, 12, 0, 3]], 0),
    (&[[2, 0, 3, 4, 12, 0, 3]], PRUNE | 1),
    (&[[3, 1, 3, 6, 12, 0, 2]], 0),
    (PROBES[2], PRUNE),
    (&[[6, 0, 1, 4, 12, 0, 3]], 1),
    (&[[6, 2, 1, 8, 12, 0, 0]], PRUNE | 1),
    (&HEURISTICS, 5),
    (&[[6, 0, 3, 12, 12, 0, 3]], PRUNE),
    (&[[2, 0, 3, 4, 12, 0, 3]], 1),
    (&[[6, 2, 3, 8, 12, 8, 0]], PRUNE | 3),
    (&[[6, 0, 2, 2, 12, 0, 3]], 0),
    (&[[6, 0, 1, 4, 12, 0, 3]], PRUNE | 1),
    (PROBES[1], 7),
];

/// Further heuristics, alternated within a probe.
const PROBES: [&[Weights]; 3] = [
    &[
        [2, 0, 3, 4, 12, 0, 3],
        [6, 0, 1, 4, 12, 0, 3],
        [6, 0, 3, 8, 12, 16, 3],
    ],
    &[[6, 0, 3, 8, 12, 0, 3], [6, 2, 1, 8, 12, 0, 0]],
    &[
        [6, 1, 2, 4, 12, 0, 2],
        [6, 2, 3, 8, 12, 8, 0],
        [2, 0, 3, 4, 12, 0, 3],
    ],
];

/// Heuristic weights, in this order: cards not home, cards above a lower card of their
/// cascade, cards above each suit's next card, busy free cells, empty cascades (a bonus),
/// path length (sixteenths), cards not in a run resting on their cascade's bottom.
type Weights = [usize; 7];

/// The alternated heuristics. Measured on deals 1..2000 (expansions, a deal's search capped
/// at 200,000 states): the four together 1.05 M in all (median 102 per deal), the best
/// single one 4.0 M, the best three of them 0.99–1.64 M; the greedy restart portfolio this
/// replaced 2.5 M.
const HEURISTICS: [Weights; 4] = [
    [6, 0, 3, 8, 12, 0, 3],
    [6, 1, 2, 4, 12, 0, 2],
    [6, 2, 1, 8, 12, 0, 0],
    [6, 2, 3, 8, 12, 8, 0],
];

/// MS auto-play ([`Autoplay::Ms`]) on a card byte: next on its foundation, and an ace or a
/// two, or both opposite-colour foundations at least one rank below it.
#[inline]
fn ms_home(found: &[u8; 4], c: u8) -> bool {
    let (r0, s) = (c >> 2, (c & 3) as usize);
    // Suits C, D, H, S: C and S are black, D and H red.
    let opposite = if s == 0 || s == 3 {
        found[1].min(found[2])
    } else {
        found[0].min(found[3])
    };
    found[s] == r0 && (r0 < 2 || opposite >= r0)
}

/// The cards [`ms_home`] sends home on foundations `found`, as a bit set of card bytes.
#[inline]
fn ms_home_set(found: &[u8; 4]) -> u64 {
    let mut m = 0;
    for (s, &h) in found.iter().enumerate() {
        let c = h * 4 + s as u8;
        if h < 13 && ms_home(found, c) {
            m |= 1 << c;
        }
    }
    m
}

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
    /// The last expanded states, decoded, by index mod [`CACHE`] (the children taken next
    /// are mostly theirs; a miss decodes the key).
    cache: Vec<(u32, Position)>,
}

/// Slots of [`Work::cache`] (a power of two).
const CACHE: usize = 64;

thread_local! {
    /// Spare tables for the next searches on this thread (one per flare).
    static POOL: std::cell::RefCell<Vec<Work>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// No parent: the root.
const ROOT: u32 = u32::MAX;

/// One alternation search over one table, resumable: [`Search::run_until`] stops at a
/// budget and can be called again with a larger one, losing nothing.
struct Search<'a> {
    w: Work,
    start: Position,
    hs: &'a [Weights],
    turn: usize,
    /// Distinct states expanded.
    expanded: usize,
    /// Children generated (duplicates included): what the state limit counts.
    generated: usize,
    /// 0: children queued in generation order; else the seed of a shuffle of each
    /// expansion's children (ties between equal scores broken differently).
    rng: u64,
    /// Skips moves that take cards off a card they fit on (an incomplete search).
    prune: bool,
    /// Ran out of states (a pruned search: proves nothing; it gets no more turns).
    exhausted: bool,
}

impl<'a> Search<'a> {
    fn new(start: &Position, hs: &'a [Weights], seed: u64) -> Search<'a> {
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
        w.cache.clear();
        w.cache.resize(CACHE, (ROOT, *start));
        w.open.resize_with(hs.len(), Buckets::default);
        for list in w.open.iter_mut() {
            list.clear();
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
    fn run_until(&mut self, budget: usize, max_expanded: usize) -> Verdict {
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
        while self.generated < budget && self.expanded < max_expanded {
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
            let (p, d) = if par == ROOT {
                let mut root = self.start;
                root.auto_home_set(ms_home_set);
                (root, 0)
            } else {
                let slot = &mut cache[par as usize & (CACHE - 1)];
                if slot.0 != par {
                    *slot = (
                        par,
                        decode(&table.keys[par as usize], self.start.cell_count()),
                    );
                }
                let mut q = slot.1;
                // As at expansion: the parent was closed under auto-play, so only a move
                // home or the card it uncovers can start it.
                let auto = step.to == Loc::Foundation
                    || match step.from {
                        Loc::Cascade(k) => {
                            let (col, len) = q.raw_column(k as usize);
                            let n = step.n as usize;
                            len > n && ms_home_set(&q.foundations()) >> col[len - 1 - n] & 1 == 1
                        }
                        _ => false,
                    };
                q.apply_unchecked(step.from, step.to, step.n as usize);
                if auto {
                    q.auto_home_set(ms_home_set);
                }
                (q, depth[par as usize] + 1)
            };
            let (idx, new) = table.insert(&encode(&p));
            if !new {
                continue;
            }
            parent.push(par);
            depth.push(d);
            via.push(step);
            self.expanded += 1;
            // Children are numbered by moves from the canonical layout, the one a later
            // decode gives back.
            let p = canonical(&p);
            if p.is_won() {
                let path = path_to(parent, idx);
                return Verdict::Solved(reconstruct(&self.start, table, via, &path));
            }
            cache[idx as usize & (CACHE - 1)] = (idx, p);
            steps.clear();
            generate(&p, steps);
            if self.prune {
                prune(&p, steps);
            }
            let pf = ColFeats::of(&p);
            kids.clear();
            // `p` is closed under auto-play: after a move that sends nothing home, only the
            // card the move uncovers can go home (the others were already refused, on the
            // same foundations).
            let home_now = ms_home_set(&p.foundations());
            // Children that auto-play leaves alone are made in place on one copy of `p`
            // and the move undone (a card or run moved back); the others on a fresh copy.
            let mut m = p;
            let sums = pf.sums();
            let next = next_cards(&p.foundations());
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
                    let mut q = p;
                    q.apply_unchecked(s.from, s.to, s.n as usize);
                    q.auto_home_set(ms_home_set);
                    if q.is_won() {
                        let (w, _) = table.insert(&encode(&q));
                        parent.push(idx);
                        depth.push(d + 1);
                        via.push(*s);
                        let path = path_to(parent, w);
                        return Verdict::Solved(reconstruct(&self.start, table, via, &path));
                    }
                    Features::of(&q, pf.child(&p, &q, s), d + 1)
                } else {
                    // Nothing went home, so `m` cannot be won.
                    m.apply_unchecked(s.from, s.to, s.n as usize);
                    let f = Features::moved(&m, &pf, sums, next, s, d + 1);
                    m.apply_unchecked(s.to, s.from, s.n as usize);
                    f
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
            let mut p = p.borrow_mut();
            if p.len() < 8 {
                p.push(w);
            }
        });
    }
}

/// A bucket queue of child numbers on small integer scores, newest first within a bucket
/// (a depth-first bias among equals).
#[derive(Default)]
struct Buckets {
    b: Vec<Vec<u32>>,
    min: usize,
}

impl Buckets {
    fn push(&mut self, s: usize, idx: u32) {
        if s >= self.b.len() {
            self.b.resize_with(s + 1, Vec::new);
        }
        self.b[s].push(idx);
        self.min = self.min.min(s);
    }

    fn clear(&mut self) {
        for v in &mut self.b {
            v.clear();
        }
        self.min = 0;
    }

    fn pop(&mut self) -> Option<u32> {
        while self.min < self.b.len() {
            if let Some(i) = self.b[self.min].pop() {
                return Some(i);
            }
            self.min += 1;
        }
        None
    }
}

/// One cascade's share of the features: cards not in the run resting on its bottom, cards
/// above a lower card (outside that run), cards above a suit's next card.
#[derive(Clone, Copy, Default)]
struct ColFeat {
    misplaced: u8,
    above_lower: u8,
    above_next: u8,
    /// The cascade's cards as a bit set (for [`ColFeats::child`]).
    cards: u64,
}

impl ColFeat {
    fn of(col: &[u8], next: u64) -> ColFeat {
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
        let mut above_lower = 0;
        let mut above_next = 0;
        let mut cards = 0u64;
        let mut min_rank = col[w - 1] >> 2;
        for (i, &b) in col.iter().enumerate() {
            cards |= 1 << b;
            if next >> b & 1 == 1 {
                above_next += n - 1 - i;
            }
            if i >= w {
                let r = b >> 2;
                // Must move before a lower card beneath it can go home.
                above_lower += usize::from(r > min_rank);
                min_rank = min_rank.min(r);
            }
        }
        ColFeat {
            misplaced: (n - w) as u8,
            above_lower: above_lower as u8,
            above_next: above_next as u8,
            cards,
        }
    }
}

/// Every cascade's [`ColFeat`], for a parent whose children differ from it in one or two
/// cascades (unless auto-play moved cards, which changes the suits' next cards).
#[derive(Clone, Copy)]
struct ColFeats([ColFeat; 8]);

/// Each suit's next card as a bit (card bytes are < 52; a complete suit has none).
fn next_cards(found: &[u8; 4]) -> u64 {
    let mut next = 0u64;
    for (s, &h) in found.iter().enumerate() {
        if h < 13 {
            next |= 1 << (h as usize * 4 + s);
        }
    }
    next
}

impl ColFeats {
    fn of(p: &Position) -> ColFeats {
        let next = next_cards(&p.foundations());
        ColFeats(std::array::from_fn(|k| ColFeat::of(p.raw_cascade(k), next)))
    }

    /// The child `q` of `p` by step `s`: a cascade is recomputed when its length changed
    /// (the move or auto-play touched it; moves only push and pop) or when it holds a
    /// suit's new next card (its share of `above_next` changed).
    fn child(&self, p: &Position, q: &Position, s: &Step) -> ColFeats {
        let mut c = *self;
        if p.foundations() == q.foundations() {
            // Only the move's cascades changed.
            let next = next_cards(&q.foundations());
            for l in [s.from, s.to] {
                if let Loc::Cascade(k) = l {
                    c.0[k as usize] = ColFeat::of(q.raw_cascade(k as usize), next);
                }
            }
            return c;
        }
        let (np, nq) = (next_cards(&p.foundations()), next_cards(&q.foundations()));
        let fresh = nq & !np;
        for k in 0..8 {
            if p.raw_column(k).1 != q.raw_column(k).1 || c.0[k].cards & fresh != 0 {
                c.0[k] = ColFeat::of(q.raw_cascade(k), nq);
            }
        }
        c
    }
}

/// What the heuristics weigh (see [`Weights`]).
#[derive(Clone, Copy, Default)]
struct Features([usize; 7]);

impl ColFeats {
    /// The cascades' shares added up: above a lower card, above a next card, misplaced.
    fn sums(&self) -> [usize; 3] {
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
    /// The features of `q`, made from its parent by step `s` with nothing sent home: the
    /// parent's sums (`pf`'s [`ColFeats::sums`]) with the move's cascades recomputed
    /// (`next`: the suits' next cards, unchanged).
    fn moved(
        q: &Position,
        pf: &ColFeats,
        sums: [usize; 3],
        next: u64,
        s: &Step,
        depth: u16,
    ) -> Features {
        let [mut above_lower, mut above_next, mut misplaced] = sums;
        for l in [s.from, s.to] {
            if let Loc::Cascade(k) = l {
                let (old, new) = (
                    pf.0[k as usize],
                    ColFeat::of(q.raw_cascade(k as usize), next),
                );
                above_lower = above_lower + new.above_lower as usize - old.above_lower as usize;
                above_next = above_next + new.above_next as usize - old.above_next as usize;
                misplaced = misplaced + new.misplaced as usize - old.misplaced as usize;
            }
        }
        let empties = (0..8).filter(|&k| q.raw_column(k).1 == 0).count();
        Features([
            52 - q.home() as usize,
            above_lower,
            above_next,
            q.cell_count() - q.free_cells(),
            empties,
            depth as usize,
            misplaced,
        ])
    }

    fn of(p: &Position, cols: ColFeats, depth: u16) -> Features {
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
    fn score(&self, w: &Weights) -> usize {
        let f = &self.0;
        let s = w[0] * f[0] + w[1] * f[1] + w[2] * f[2] + w[3] * f[3] + w[6] * f[6];
        s.saturating_sub(w[4] * f[4]) + f[5] * w[5] / 16
    }
}

#[inline]
fn red(c: u8) -> bool {
    (c & 3).wrapping_sub(1) < 2
}

/// Every move the search tries from `p` (see the module doc).
#[allow(clippy::needless_range_loop)] // parallel arrays indexed by cascade
fn generate(p: &Position, out: &mut Vec<Step>) {
    let found = p.foundations();
    let cells = p.raw_cells();
    // One pass over the cascades: tops, run lengths, the first empty cascade.
    let mut top = [NO_CARD; 8];
    let mut run = [0usize; 8];
    let mut len = [0usize; 8];
    let mut empty_col = None;
    let mut empties = 0;
    for k in 0..8 {
        let (col, n) = p.raw_column(k);
        len[k] = n;
        if n == 0 {
            empty_col.get_or_insert(k);
            empties += 1;
            continue;
        }
        top[k] = col[n - 1];
        let mut r = 1;
        while r < n && fits(col[n - r], col[n - r - 1]) {
            r += 1;
        }
        run[k] = r;
    }
    let mut free = 0;
    let mut free_cell = None;
    for (i, &c) in cells.iter().enumerate() {
        if c == NO_CARD {
            free += 1;
            free_cell.get_or_insert(i);
        }
    }
    let cap_onto = (free + 1) << empties;
    let cap_empty = if empties > 0 {
        (free + 1) << (empties - 1)
    } else {
        0
    };
    let home = |c: u8| found[(c & 3) as usize] == c >> 2;
    // Home.
    for (i, &c) in cells.iter().enumerate() {
        if c != NO_CARD && home(c) {
            out.push(Step {
                from: Loc::Cell(i as u8),
                to: Loc::Foundation,
                n: 1,
            });
        }
    }
    for k in 0..8 {
        if len[k] > 0 && home(top[k]) {
            out.push(Step {
                from: Loc::Cascade(k as u8),
                to: Loc::Foundation,
                n: 1,
            });
        }
    }
    // Cascade to cascade. Per destination, its top card's rank + 1 (0 when empty) and
    // colour: the source run's card that fits is `n = rank(top d) − rank(top s)` cards down
    // (0 or a wrapped huge value when nothing fits, the same cascade or an empty one).
    let mut trank = [0usize; 8];
    let mut tred = [0usize; 8];
    for d in 0..8 {
        if len[d] > 0 {
            trank[d] = (top[d] >> 2) as usize;
            tred[d] = usize::from(red(top[d]));
        }
    }
    for s in 0..8 {
        if len[s] == 0 {
            continue;
        }
        let t_s = top[s];
        let (rs, red_s) = ((t_s >> 2) as usize, usize::from(red(t_s)));
        let lim = run[s].min(cap_onto);
        for d in 0..8 {
            let n = trank[d].wrapping_sub(rs);
            // Empty `d`: trank 0, so n is 0 or wraps; `d == s`: n is 0.
            let fits_here =
                n.wrapping_sub(1) < lim && (red_s ^ tred[d] ^ (n & 1)) == 0 && len[d] > 0;
            if fits_here {
                out.push(Step {
                    from: Loc::Cascade(s as u8),
                    to: Loc::Cascade(d as u8),
                    n: n as u8,
                });
            }
        }
        if let Some(e) = empty_col {
            for n in 1..=run[s].min(cap_empty) {
                if n == len[s] {
                    break; // a whole cascade into an empty one: the same state
                }
                out.push(Step {
                    from: Loc::Cascade(s as u8),
                    to: Loc::Cascade(e as u8),
                    n: n as u8,
                });
            }
        }
    }
    // Free cell to cascade.
    for (i, &c) in cells.iter().enumerate() {
        if c == NO_CARD {
            continue;
        }
        for d in 0..8 {
            if len[d] > 0 && fits(c, top[d]) {
                out.push(Step {
                    from: Loc::Cell(i as u8),
                    to: Loc::Cascade(d as u8),
                    n: 1,
                });
            }
        }
        if let Some(e) = empty_col {
            out.push(Step {
                from: Loc::Cell(i as u8),
                to: Loc::Cascade(e as u8),
                n: 1,
            });
        }
    }
    // Cascade to free cell.
    if let Some(f) = free_cell {
        for s in 0..8 {
            if len[s] > 0 {
                out.push(Step {
                    from: Loc::Cascade(s as u8),
                    to: Loc::Cell(f as u8),
                    n: 1,
                });
            }
        }
    }
}

const NO_CARD: u8 = 0xff;

/// A seed bit: the flare prunes (see [`prune`]).
const PRUNE: u64 = 1 << 63;

/// Drops the moves that take cards off a card they fit on, except to the foundation (a run
/// split, or its top parked in a free cell): rarely needed, so a search without them is
/// faster but incomplete.
fn prune(p: &Position, steps: &mut Vec<Step>) {
    steps.retain(|s| {
        let Loc::Cascade(k) = s.from else { return true };
        if s.to == Loc::Foundation {
            return true;
        }
        let col = p.raw_cascade(k as usize);
        let n = col.len() - s.n as usize;
        n == 0 || !fits(col[n], col[n - 1])
    });
}

/// Whether card byte `c` may go on card byte `below` in a cascade.
#[inline]
fn fits(c: u8, below: u8) -> bool {
    (c >> 2) + 1 == below >> 2 && red(c) != red(below)
}

/// The canonical key (see [`Key`]): free cells in card order, then the non-empty cascades
/// ordered by their bottom cards (distinct cards, so both orders come from bit masks).
fn encode(p: &Position) -> Key {
    // 32 spare bytes: each cascade is copied as its whole fixed-size array (no variable
    // length copy), the next one overwriting what lies past its end.
    let mut bytes = [0xffu8; 96];
    let mut i = 0;
    let mut m = 0u64;
    for &c in p.raw_cells() {
        if c != 0xff {
            m |= 1 << c;
        }
    }
    while m != 0 {
        bytes[i] = m.trailing_zeros() as u8;
        i += 1;
        m &= m - 1;
    }
    i += 1;
    let mut bottoms = 0u64;
    let mut at = [0u8; 52];
    for k in 0..8 {
        if let Some(&c) = p.raw_cascade(k).first() {
            bottoms |= 1 << c;
            at[c as usize] = k as u8;
        }
    }
    while bottoms != 0 {
        let k = at[bottoms.trailing_zeros() as usize] as usize;
        let (arr, len) = p.raw_column(k);
        bytes[i..i + 32].copy_from_slice(arr);
        bytes[i + len] = 0xff;
        i += len + 1;
        bottoms &= bottoms - 1;
    }
    bytes[i.min(64)..64].fill(0xff);
    // Cards become `index + 1` and the 0xff gaps the 0 separators.
    let mut key = [0u64; 8];
    for (w, chunk) in key.iter_mut().zip(bytes.chunks_exact(8)) {
        let b = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        *w = add_bytes_one(b);
    }
    key
}

/// The layout [`decode`] gives back from `p`'s key: free cells in card order, then the
/// non-empty cascades ordered by their bottom cards (whole arrays copied, no decoding).
fn canonical(p: &Position) -> Position {
    let mut q = Position::blank(p.cell_count());
    let mut m = 0u64;
    for &c in p.raw_cells() {
        if c != NO_CARD {
            m |= 1 << c;
        }
    }
    let mut i = 0;
    while m != 0 {
        q.set_cell_raw(i, m.trailing_zeros() as u8);
        i += 1;
        m &= m - 1;
    }
    let mut bottoms = 0u64;
    let mut at = [0u8; 52];
    for k in 0..8 {
        if let Some(&c) = p.raw_cascade(k).first() {
            bottoms |= 1 << c;
            at[c as usize] = k as u8;
        }
    }
    let mut k = 0;
    while bottoms != 0 {
        let (arr, len) = p.raw_column(at[bottoms.trailing_zeros() as usize] as usize);
        q.set_column_raw(k, arr, len);
        k += 1;
        bottoms &= bottoms - 1;
    }
    q.set_foundations(p.foundations());
    q
}

/// Adds 1 to each byte of `w` (wrapping within the byte: 0xff becomes 0).
#[inline]
fn add_bytes_one(w: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    ((w & LOW7) + 0x0101_0101_0101_0101) ^ (w & HIGH)
}

fn decode(key: &Key, ncells: usize) -> Position {
    let mut bytes = [0u8; 64];
    for (w, chunk) in key.iter().zip(bytes.chunks_exact_mut(8)) {
        chunk.copy_from_slice(&w.to_le_bytes());
    }
    let mut p = Position::blank(ncells);
    let mut present = [0u8; 4];
    let mut i = 0;
    while bytes[i] != 0 {
        let c = bytes[i] - 1;
        p.set_cell_raw(i, c);
        present[(c & 3) as usize] += 1;
        i += 1;
    }
    i += 1;
    for k in 0..8 {
        while i < 64 && bytes[i] != 0 {
            let c = bytes[i] - 1;
            p.push_raw(k, c);
            present[(c & 3) as usize] += 1;
            i += 1;
        }
        i += 1;
    }
    p.set_foundations(present.map(|n| 13 - n));
    p
}

fn path_to(parent: &[u32], mut idx: u32) -> Vec<u32> {
    let mut path = vec![idx];
    while parent[idx as usize] != u32::MAX {
        idx = parent[idx as usize];
        path.push(idx);
    }
    path.reverse();
    path
}

/// Replays the path of canonical states from the real start, finding at each step the move
/// (in the real cascade and cell order) that leads to the next state, and writes it in
/// standard notation.
fn reconstruct(start: &Position, table: &Table, via: &[Step], path: &[u32]) -> Vec<Move> {
    let mut p = *start;
    let mut out = Vec::new();
    // The replay does not auto-play before the first move: write the first card the search
    // sent home at the start; auto-play after it sends the rest.
    let mut first = None;
    Autoplay::Ms.run(&mut p, |l, _| {
        first.get_or_insert(Move::new(l, Loc::Foundation));
    });
    out.extend(first);
    let mut steps = Vec::new();
    for w in path.windows(2) {
        let want = &table.keys[w[1] as usize];
        let reach = |s: Step| {
            let mut q = p;
            q.apply_unchecked(s.from, s.to, s.n as usize);
            q.auto_home_set(ms_home_set);
            (encode(&q) == *want).then_some((s, q))
        };
        // The stored move, from the parent's canonical layout to the real one; else (it
        // should not happen) every move is tried.
        let canon = decode(&table.keys[w[0] as usize], p.cell_count());
        let found = real_step(&canon, &p, via[w[1] as usize]).and_then(reach);
        debug_assert!(found.is_some(), "the stored move maps onto the real layout");
        let (s, q) = found
            .or_else(|| {
                steps.clear();
                generate(&p, &mut steps);
                steps.iter().find_map(|&s| reach(s))
            })
            .expect("a stored child is reachable by a generated move");
        write_step(&p, s, &mut out);
        p = q;
    }
    out
}

/// Step `s` of canonical layout `canon` as a move of `real`, the same position with its
/// cascades and free cells in their own order: a cascade is found by its bottom card, a free
/// cell by its card; an empty cascade or free cell as a destination is the first one.
fn real_step(canon: &Position, real: &Position, s: Step) -> Option<Step> {
    let map = |l: Loc| -> Option<Loc> {
        Some(match l {
            Loc::Foundation => Loc::Foundation,
            Loc::Cascade(k) => match canon.raw_cascade(k as usize).first() {
                Some(&b) => {
                    Loc::Cascade((0..8).find(|&j| real.raw_cascade(j).first() == Some(&b))? as u8)
                }
                None => Loc::Cascade((0..8).find(|&j| real.raw_cascade(j).is_empty())? as u8),
            },
            Loc::Cell(i) => {
                let c = canon.raw_cells()[i as usize];
                Loc::Cell(real.raw_cells().iter().position(|&x| x == c)? as u8)
            }
        })
    };
    Some(Step {
        from: map(s.from)?,
        to: map(s.to)?,
        n: s.n,
    })
}

/// Writes one search move in standard notation: two characters when a replay reads it
/// unambiguously (MS auto-play, "as many as possible" into an empty cascade), else with its
/// count (`51/3`: part of a run into an empty cascade).
fn write_step(p: &Position, s: Step, out: &mut Vec<Move>) {
    let mut mv = Move::new(s.from, s.to);
    if p.judge(mv, EmptyTarget::Most) != Ok(s.n as usize) {
        mv.count = Some(s.n);
    }
    debug_assert_eq!(p.judge(mv, EmptyTarget::Most), Ok(s.n as usize));
    out.push(mv);
}

/// Tuning hook (not part of the API; `examples/flare_costs.rs` uses it to pick probes):
/// runs one search alone from `start` for at most `cap` expansions.
#[doc(hidden)]
pub mod tuning {
    use super::*;

    /// The searches [`cost`] can run: 0 the pruned main search, 1 the complete one, then
    /// the probes in their order.
    pub fn candidates() -> usize {
        FLARES
    }

    /// Candidate `c`'s expansions and the moves it found; `None` when it hit the cap or
    /// ran out of states.
    pub fn cost(start: &Position, c: usize, cap: usize) -> Option<(usize, usize)> {
        let (hs, seed) = flare(c);
        let mut s = Search::new(start, hs, seed);
        match s.run_until(usize::MAX, cap) {
            Verdict::Solved(m) => Some((s.expanded, m.len())),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::deal;
    use crate::position::card;

    #[test]
    fn canonical_is_the_decoded_key() {
        let mut x = 7u64;
        for n in [1, 2, 11982, 617] {
            let mut p = Position::new(&deal(n).unwrap(), 4).unwrap();
            let mut steps = Vec::new();
            for _ in 0..200 {
                let c = canonical(&p);
                let d = decode(&encode(&p), 4);
                assert_eq!(encode(&c), encode(&p));
                for k in 0..8 {
                    assert_eq!(c.raw_cascade(k), d.raw_cascade(k));
                }
                assert_eq!(c.raw_cells(), d.raw_cells());
                assert_eq!(c.foundations(), d.foundations());
                steps.clear();
                generate(&p, &mut steps);
                if steps.is_empty() {
                    break;
                }
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let s = steps[(x >> 33) as usize % steps.len()];
                p.apply_unchecked(s.from, s.to, s.n as usize);
                p.auto_home_set(ms_home_set);
            }
        }
    }

    #[test]
    fn features_from_the_parent_are_the_features() {
        let mut x = 3u64;
        for n in [1, 2, 11982, 617, 24] {
            let mut p = canonical(&Position::new(&deal(n).unwrap(), 4).unwrap());
            p.auto_home_set(ms_home_set);
            let mut steps = Vec::new();
            for _ in 0..300 {
                steps.clear();
                generate(&p, &mut steps);
                if steps.is_empty() {
                    break;
                }
                let pf = ColFeats::of(&p);
                for s in &steps {
                    let mut q = p;
                    q.apply_unchecked(s.from, s.to, s.n as usize);
                    q.auto_home_set(ms_home_set);
                    let (a, b) = (pf.child(&p, &q, s), ColFeats::of(&q));
                    for k in 0..8 {
                        let (a, b) = (a.0[k], b.0[k]);
                        let (a, b) = (
                            (a.misplaced, a.above_lower, a.above_next, a.cards),
                            (b.misplaced, b.above_lower, b.above_next, b.cards),
                        );
                        assert_eq!(a, b, "deal {n}, cascade {k}");
                    }
                }
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let s = steps[(x >> 33) as usize % steps.len()];
                p.apply_unchecked(s.from, s.to, s.n as usize);
                p.auto_home_set(ms_home_set);
            }
        }
    }

    #[test]
    fn encode_decode_round_trip() {
        let p = Position::new(&deal(1).unwrap(), 4).unwrap();
        let q = decode(&encode(&p), 4);
        assert_eq!(encode(&q), encode(&p));
        assert_eq!(q.foundations(), [0; 4]);
    }

    /// The canonical key by the definition: free cells sorted, cascades sorted by their
    /// bottom cards, as text.
    fn reference_key(p: &Position) -> String {
        let mut cells: Vec<u8> = p
            .raw_cells()
            .iter()
            .copied()
            .filter(|&c| c != 0xff)
            .collect();
        cells.sort_unstable();
        let mut cols: Vec<Vec<u8>> = (0..8)
            .map(|k| p.raw_cascade(k).to_vec())
            .filter(|c| !c.is_empty())
            .collect();
        cols.sort();
        format!("{cells:?}{cols:?}{:?}", p.foundations())
    }

    #[test]
    fn keys_are_equal_exactly_when_canonical_layouts_are() {
        // Positions along pseudo-random playouts (generated moves, auto-play) of a few deals.
        let mut seen: std::collections::HashMap<Key, String> = Default::default();
        let mut x = 12345u64;
        for n in [1, 2, 3, 11982, 617] {
            let mut p = Position::new(&deal(n).unwrap(), 4).unwrap();
            let mut steps = Vec::new();
            for _ in 0..300 {
                let k = encode(&p);
                let r = reference_key(&p);
                assert_eq!(reference_key(&decode(&k, 4)), r);
                assert_eq!(seen.entry(k).or_insert_with(|| r.clone()), &r);
                steps.clear();
                generate(&p, &mut steps);
                if steps.is_empty() {
                    break;
                }
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let s = steps[(x >> 33) as usize % steps.len()];
                p.apply_unchecked(s.from, s.to, s.n as usize);
                p.auto_home_set(ms_home_set);
            }
        }
        let distinct: std::collections::HashSet<&String> = seen.values().collect();
        assert_eq!(distinct.len(), seen.len(), "two layouts share a key");
    }

    #[test]
    fn auto_play_by_set_is_auto_play_by_card() {
        // Positions along pseudo-random playouts without auto-play, both kinds applied.
        let mut x = 99u64;
        for n in [1, 5, 11982, 617, 24] {
            let mut p = Position::new(&deal(n).unwrap(), 4).unwrap();
            let mut steps = Vec::new();
            for _ in 0..200 {
                let (mut a, mut b) = (p, p);
                a.auto_home(ms_home);
                b.auto_home_set(ms_home_set);
                assert_eq!(encode(&a), encode(&b));
                assert_eq!(a.foundations(), b.foundations());
                steps.clear();
                generate(&p, &mut steps);
                if steps.is_empty() {
                    break;
                }
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let s = steps[(x >> 33) as usize % steps.len()];
                p.apply_unchecked(s.from, s.to, s.n as usize);
            }
        }
    }

    #[test]
    fn fast_auto_play_rule_is_the_ms_rule() {
        for f in 0..14u32.pow(4) {
            let found = [0, 1, 2, 3].map(|i| (f / 14u32.pow(i) % 14) as u8);
            for c in 0..52u8 {
                let card = card(c);
                let want = Autoplay::Ms.sends_home(found, card.suit(), card.rank());
                assert_eq!(ms_home(&found, c), want, "{card} on {found:?}");
            }
        }
    }

    #[test]
    fn joke_deal_minus_2_is_proven_unwinnable_with_no_free_cells() {
        let p = Position::new(&deal(-2).unwrap(), 0).unwrap();
        assert_eq!(Solver::new().solve(&p).verdict, Verdict::Unsolvable);
    }
}
