//! The moves the search tries from a position: atomic supermoves, only the first empty
//! cascade and free cell as destinations, optionally pruned.

#[cfg(test)]
use super::cards::fits;
use super::cards::{red, NO_CARD};
use super::features::ColFeats;
use super::Step;
use crate::moves::Loc;
use crate::position::Position;

/// Every move the search tries from `p` (see the module doc).
pub(super) fn generate(p: &Position, out: &mut Vec<Step>) {
    generate_pruned(p, &ColFeats::of(p), out, false);
}

/// [`generate`], without the moves `prune` drops when `pruned` (never made, rather than
/// filtered: a move takes cards off a card they fit on exactly when it takes part of the
/// source's top run, not all of it).
#[allow(clippy::needless_range_loop)] // parallel arrays indexed by cascade
pub(super) fn generate_pruned(p: &Position, pf: &ColFeats, out: &mut Vec<Step>, pruned: bool) {
    let found = p.foundations();
    let cells = p.raw_cells();
    // One pass over the cascades: tops, run lengths (kept in `pf`), the first empty one.
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
        run[k] = pf.0[k].top_run as usize;
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
    // Cascade to cascade. The non-empty destinations by their top card's rank and colour
    // (a bit per cascade): the card `n` down the source's run (rank `rs + n − 1`, colour
    // that of the top flipped `n − 1` times) fits on a top of rank `rs + n` and the colour
    // `red_s ^ (n & 1)`. Destinations are taken in cascade order.
    let mut by = [[0u8; 2]; 13];
    for d in 0..8 {
        if len[d] > 0 {
            by[(top[d] >> 2) as usize][usize::from(red(top[d]))] |= 1 << d;
        }
    }
    for s in 0..8 {
        if len[s] == 0 {
            continue;
        }
        let t_s = top[s];
        let (rs, red_s) = ((t_s >> 2) as usize, usize::from(red(t_s)));
        let lim = run[s].min(cap_onto);
        // Pruned: the whole run or nothing.
        let least = if pruned { run[s] } else { 1 };
        let mut dests = 0u8;
        for n in least..=lim.min(12 - rs) {
            dests |= by[rs + n][red_s ^ (n & 1)];
        }
        while dests != 0 {
            let d = dests.trailing_zeros() as usize;
            dests &= dests - 1;
            out.push(Step {
                from: Loc::Cascade(s as u8),
                to: Loc::Cascade(d as u8),
                n: ((top[d] >> 2) as usize - rs) as u8,
            });
        }
        if let Some(e) = empty_col {
            let least = if pruned { run[s] } else { 1 };
            for n in least..=run[s].min(cap_empty) {
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
        // The tops it fits on: one rank higher, the other colour.
        let r = (c >> 2) as usize;
        let mut dests = if r < 12 {
            by[r + 1][usize::from(!red(c))]
        } else {
            0
        };
        while dests != 0 {
            let d = dests.trailing_zeros();
            dests &= dests - 1;
            out.push(Step {
                from: Loc::Cell(i as u8),
                to: Loc::Cascade(d as u8),
                n: 1,
            });
        }
        if let Some(e) = empty_col {
            out.push(Step {
                from: Loc::Cell(i as u8),
                to: Loc::Cascade(e as u8),
                n: 1,
            });
        }
    }
    // Cascade to free cell. Standard notation names the free cells `a`-`h` but reads `h`
    // as a destination as the foundation: with eight cells the last empty one is never
    // filled, so every solution the solver prints can be written and replayed.
    let writable = !(cells.len() == 8 && free == 1);
    if let Some(f) = free_cell.filter(|_| writable) {
        for s in 0..8 {
            if len[s] > 0 && !(pruned && run[s] > 1) {
                out.push(Step {
                    from: Loc::Cascade(s as u8),
                    to: Loc::Cell(f as u8),
                    n: 1,
                });
            }
        }
    }
}

/// Drops the moves that take cards off a card they fit on, except to the foundation (a run
/// split, or its top parked in a free cell): rarely needed, so a search without them is
/// faster but incomplete.
#[cfg(test)] // the rule by its definition; `generate_pruned` never makes these moves
pub(super) fn prune(p: &Position, steps: &mut Vec<Step>) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::playout::{auto_play, playouts};

    #[test]
    fn pruned_generation_is_generation_then_prune() {
        let mut seen = 0;
        let mut cut = Vec::new();
        playouts(
            (1..30).chain([11982, 617]),
            11,
            200,
            auto_play,
            |n, p, all| {
                cut.clear();
                generate_pruned(p, &ColFeats::of(p), &mut cut, true);
                let mut want = all.to_vec();
                prune(p, &mut want);
                assert_eq!(cut, want, "deal {n}");
                seen += all.len() - cut.len();
            },
        );
        assert!(seen > 1_000, "{seen} moves pruned");
    }
}
