//! Test positions: pseudo-random playouts of real deals, the ground the solver's unit tests
//! check their incremental shortcuts on (auto-play by set, keys, features, hashes, pruning).

use crate::deal::deal;
use crate::position::Position;

use super::generate::generate;
use super::Step;

/// Plays each deal of `deals` (4 free cells) for at most `moves` moves, each picked from
/// [`generate`]'s by a linear congruential generator seeded with `seed`. `settle` is applied
/// to the deal and after every move (auto-play, a canonical layout, or nothing); `visit`
/// sees each position with its generated moves before one is played (no moves: the playout
/// of that deal ends after the visit).
pub(super) fn playouts(
    deals: impl IntoIterator<Item = i64>,
    seed: u64,
    moves: usize,
    settle: impl Fn(&mut Position),
    mut visit: impl FnMut(i64, &Position, &[Step]),
) {
    let mut x = seed;
    let mut steps = Vec::new();
    for n in deals {
        let mut p = Position::new(&deal(n).expect("a deal in range"), 4).expect("52 cards");
        settle(&mut p);
        for _ in 0..moves {
            steps.clear();
            generate(&p, &mut steps);
            visit(n, &p, &steps);
            if steps.is_empty() {
                break;
            }
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let s = steps[(x >> 33) as usize % steps.len()];
            p.apply_unchecked(s.from, s.to, s.n as usize);
            settle(&mut p);
        }
    }
}

/// MS auto-play by set (the solver's), as a `settle` step.
pub(super) fn auto_play(p: &mut Position) {
    p.auto_home_set(super::cards::ms_home_set);
}

/// MS auto-play, then the canonical layout (the solver's stored form), as a `settle` step.
pub(super) fn canonical_auto_play(p: &mut Position) {
    auto_play(p);
    *p = super::key::canonical(p);
}
