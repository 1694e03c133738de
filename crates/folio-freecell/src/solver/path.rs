//! The solution: the path of states back from a win, each stored move mapped onto the real
//! layout (cascades and free cells in their own order) and written in standard notation.

use super::cards::ms_home_set;
use super::features::{ColFeat, ColFeats};
use super::generate::generate;
use super::key::{canonical_into, encode};
use super::table::Table;
use super::Step;
use crate::autoplay::Autoplay;
use crate::moves::{EmptyTarget, Loc, Move};
use crate::position::Position;

pub(super) fn path_to(parent: &[u32], mut idx: u32) -> Vec<u32> {
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
pub(super) fn reconstruct(
    start: &Position,
    table: &Table,
    via: &[Step],
    path: &[u32],
) -> Vec<Move> {
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
        let want = table.key(w[1]);
        let reach = |s: Step| {
            let mut q = p;
            q.apply_unchecked(s.from, s.to, s.n as usize);
            q.auto_home_set(ms_home_set);
            (encode(&q) == *want).then_some((s, q))
        };
        // The stored move, from the parent's canonical layout (that of `p`, the same state)
        // to the real one; else (it should not happen) every move is tried.
        let mut canon = p;
        let mut feats = ColFeats([ColFeat::default(); 8]);
        canonical_into(
            &p,
            &ColFeats([ColFeat::default(); 8]),
            &mut canon,
            &mut feats,
        );
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
