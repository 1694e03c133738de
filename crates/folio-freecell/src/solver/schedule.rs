//! The schedule: which search gets the next turn and for how many expansions (the
//! driver, [`run`]), the heuristics' weights and the probes (see the solver's module doc).
//! The numbers are data, fitted and measured (docs/freecell.md, "Schedule").

use super::features::Weights;
use super::search::{Search, PRUNE};
use super::{Outcome, Verdict};
use crate::position::Position;

/// Runs the schedule from `start` up to `max_states` positions generated in all (see
/// [`Solver::solve`](super::Solver::solve)).
pub(super) fn run(start: &Position, max_states: usize) -> Outcome {
    // Every search, started on its first turn and resumed (not restarted) on the next.
    let mut searches: Vec<Option<Search>> = (0..FLARES).map(|_| None).collect();
    let (mut states, mut expanded) = (0, 0);
    let fitted = SCHEDULE
        .iter()
        .map(|&(c, b)| Some((c as usize, b as usize)));
    // Then the main search in growing shares, probes after each (`None`: the main
    // search, the pruned one until it runs out of states, then the complete one).
    let mut shares = Vec::new();
    let mut next = [0usize; LANES.len()];
    let mut share = FIRST_SHARE;
    while share <= LAST_SHARE {
        shares.push(None);
        for (&(probes, per_share, percent), k) in LANES.iter().zip(&mut next) {
            for _ in 0..per_share {
                shares.push(Some((
                    probes[*k % probes.len()] as usize,
                    share * percent / 100,
                )));
                *k += 1;
            }
        }
        share = share * 7 / 5;
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
        let left = max_states.saturating_sub(states);
        let v = s.run_until(s.generated.saturating_add(left), b);
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
        if states >= max_states {
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
    let left = max_states.saturating_sub(states);
    let verdict = s.run_until(s.generated.saturating_add(left), usize::MAX);
    Outcome {
        verdict,
        states: states + s.generated - before.0,
        expanded: expanded + s.expanded - before.1,
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
/// to `LAST_SHARE`), after each share the probes of [`LANES`]; then the complete search
/// alone. This part catches the deals the fitted sample had no like of.
const FIRST_SHARE: usize = 400;
const LAST_SHARE: usize = 300_000;

/// After each share of the main search, per lane: the next `per_share` searches of its
/// list in turn (see [`flare`]), each given `percent`% of the share. Here the unpruned
/// probes, two a share at 10%: each gets a turn every fourth share, at budgets 3.8×
/// apart. Before (the sixth round and earlier): every probe in turn, one a share at 30%,
/// a probe's turns 1.4^16 = 217× apart, and the pruned probes among them, which win little
/// where the pruned main search has failed. On deals 32001..64000 (`examples/schedule_fit`
/// over `flare_costs` tables): −4.6 ± 1.4 expansions per deal; 1..32000: 296 → 287
/// (docs/freecell.md, "Seventh round").
const LANES: &[(&[u8], usize, usize)] = &[(&[3, 5, 7, 9, 11, 13, 15, 17], 2, 10)];

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

    /// The fitted start of the schedule, `SCHEDULE`: (search, expansions in all).
    pub fn schedule() -> &'static [(u8, u16)] {
        SCHEDULE
    }

    /// The shares after it: (`FIRST_SHARE`, `LAST_SHARE`); each share is the last ×7/5
    /// (integer).
    pub fn shares() -> (usize, usize) {
        (FIRST_SHARE, LAST_SHARE)
    }

    /// The probes after each share: (searches taken in turn, how many a share, percent of
    /// the share each).
    pub fn lanes() -> &'static [(&'static [u8], usize, usize)] {
        LANES
    }

    /// What one search alone cost on a deal.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Cost {
        /// Won after `expanded` expansions with a solution of `moves` moves.
        Won { expanded: usize, moves: usize },
        /// Ran out of states after `expanded` expansions (a pruned search: no win in its
        /// graph; the complete one: a proof).
        Exhausted { expanded: usize },
        /// Neither within the cap of expansions.
        Capped,
    }

    /// Candidate `c` run alone on `start` up to `cap` expansions.
    pub fn cost(start: &Position, c: usize, cap: usize) -> Cost {
        let (hs, seed) = flare(c);
        let mut s = Search::new(start, hs, seed);
        match s.run_until(usize::MAX, cap) {
            Verdict::Solved(m) => Cost::Won {
                expanded: s.expanded,
                moves: m.len(),
            },
            Verdict::Unsolvable => Cost::Exhausted {
                expanded: s.expanded,
            },
            Verdict::Unknown => Cost::Capped,
        }
    }
}
