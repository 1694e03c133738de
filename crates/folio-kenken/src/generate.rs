//! The generator: from a seed, a puzzle with exactly one solution at exactly the asked level,
//! built as Keen builds them (keen.c `new_game_desc`, `../shared/docs/kenken.md` §3).
//!
//! 1. A random Latin square, row by row: each row is a random perfect matching of columns to
//!    the digits their column still lacks (one always exists, by Hall's theorem).
//! 2. Cages: in a random order of cells, each single cell joins its earliest-ordered single
//!    neighbour as a domino with probability 3/4; left-over single cells join their
//!    earliest-ordered neighbouring cage of fewer than 6 cells. A single cell that cannot
//!    join any starts the attempt over (no 1-cell cages).
//! 3. Operations: cages of 3+ cells get + or ×; dominoes may take any operation, avoiding
//!    sums of 3, 4, 2N−2 and 2N−1 (they force the pair), products with two or fewer
//!    factorisations above Normal, and differences of N−1 (never); ÷ needs an integer
//!    quotient of at most N/2. Operations are dealt round-robin (÷, −, ×, +) to keep them
//!    balanced, good candidates first.
//! 4. The grader must give exactly the asked level (so deduction fails one level below);
//!    Unreasonable puzzles must have a unique solution.
//!
//! Randomness comes only from [`SplitMix64`] seeded with the seed, so a seed gives the same
//! puzzle on every platform.

use folio_core::rng::SplitMix64;
use thiserror::Error;

use crate::grade::{grade_within, Difficulty, Grade};
use crate::puzzle::{Cage, Op, Puzzle};

/// Keen's largest cage.
const MAX_CAGE: usize = 6;

/// Attempts before giving up (far beyond what any size and level needs).
const MAX_ATTEMPTS: u64 = 1_000_000;

/// The sizes the generator makes (Keen's range).
pub const GENERATE_SIZES: std::ops::RangeInclusive<usize> = 3..=9;

/// Why no puzzle was generated.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum GenerateError {
    /// The size is outside [`GENERATE_SIZES`].
    #[error("cannot generate a {size}x{size} puzzle: sizes are 3 to 9")]
    Size {
        /// The size asked for.
        size: usize,
    },
    /// 3×3 puzzles go no harder than Normal (as in Keen).
    #[error("3x3 puzzles go no harder than normal ({difficulty} asked)")]
    TooHardForSize {
        /// The level asked for.
        difficulty: Difficulty,
    },
    /// No attempt met the level within the attempt limit.
    #[error("no {difficulty} {size}x{size} puzzle in {attempts} attempts")]
    GaveUp {
        /// The size.
        size: usize,
        /// The level.
        difficulty: Difficulty,
        /// The attempts made.
        attempts: u64,
    },
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its only solution, N² digits row-major.
    pub solution: Vec<u8>,
    /// Its grade, the level asked for.
    pub difficulty: Difficulty,
    /// Attempts it took (Latin squares and cage cuts tried).
    pub attempts: u64,
}

/// Generates a `size`×`size` puzzle of exactly `difficulty` from `seed`.
///
/// # Errors
/// A size outside 3..=9, Hard or above at 3×3, or (in theory) no success in a million
/// attempts.
pub fn generate(
    size: usize,
    difficulty: Difficulty,
    seed: u64,
) -> Result<Generated, GenerateError> {
    if !GENERATE_SIZES.contains(&size) {
        return Err(GenerateError::Size { size });
    }
    if size == 3 && difficulty > Difficulty::Normal {
        return Err(GenerateError::TooHardForSize { difficulty });
    }
    let mut rng = SplitMix64::new(seed);
    for attempt in 1..=MAX_ATTEMPTS {
        let grid = latin_square(size, &mut rng);
        let Some(blocks) = cut_cages(size, &mut rng) else {
            continue;
        };
        let cages = choose_clues(size, &grid, &blocks, difficulty, &mut rng);
        let puzzle = Puzzle::new(size, cages).expect("cages cut from a solution make a puzzle");
        if grade_within(&puzzle, difficulty) == Some(Grade::Unique(difficulty)) {
            return Ok(Generated {
                puzzle,
                solution: grid,
                difficulty,
                attempts: attempt,
            });
        }
    }
    Err(GenerateError::GaveUp {
        size,
        difficulty,
        attempts: MAX_ATTEMPTS,
    })
}

fn shuffle<T>(v: &mut [T], rng: &mut SplitMix64) {
    for i in (1..v.len()).rev() {
        v.swap(i, rng.below(i + 1));
    }
}

/// A random Latin square of order `n`, row-major digits.
fn latin_square(n: usize, rng: &mut SplitMix64) -> Vec<u8> {
    let mut grid = vec![0u8; n * n];
    let mut col_has = vec![0u16; n];
    for r in 0..n {
        let mut cols: Vec<usize> = (0..n).collect();
        shuffle(&mut cols, rng);
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        shuffle(&mut digits, rng);
        let mut owner = vec![usize::MAX; n + 1]; // digit -> column
        for &c in &cols {
            let mut seen = vec![false; n + 1];
            let ok = augment(c, &digits, &col_has, &mut owner, &mut seen);
            debug_assert!(ok, "a Latin rectangle always extends");
        }
        for (d, &c) in owner.iter().enumerate().skip(1) {
            grid[r * n + c] = d as u8;
            col_has[c] |= 1 << (d - 1);
        }
    }
    grid
}

/// Kuhn's augmenting path from column `c`.
fn augment(
    c: usize,
    digits: &[u8],
    col_has: &[u16],
    owner: &mut [usize],
    seen: &mut [bool],
) -> bool {
    for &d in digits {
        let d = d as usize;
        if col_has[c] & (1 << (d - 1)) != 0 || seen[d] {
            continue;
        }
        seen[d] = true;
        if owner[d] == usize::MAX || augment(owner[d], digits, col_has, owner, seen) {
            owner[d] = c;
            return true;
        }
    }
    false
}

/// Cuts the grid into cages of 2..=6 cells as Keen does; `None` when a single cell is left.
/// Returns the cells of each block.
fn cut_cages(n: usize, rng: &mut SplitMix64) -> Option<Vec<Vec<usize>>> {
    let a = n * n;
    let mut order: Vec<usize> = (0..a).collect();
    shuffle(&mut order, rng);
    let mut rank = vec![0usize; a];
    for (i, &c) in order.iter().enumerate() {
        rank[c] = i;
    }
    let mut parent: Vec<usize> = (0..a).collect();
    let mut size = vec![1usize; a];
    let mut single = vec![true; a];
    let neighbours = |i: usize| {
        let (x, y) = (i % n, i / n);
        [
            (x > 0).then(|| i - 1),
            (x + 1 < n).then(|| i + 1),
            (y > 0).then(|| i - n),
            (y + 1 < n).then(|| i + n),
        ]
        .into_iter()
        .flatten()
    };
    for i in 0..a {
        if !single[i] {
            continue;
        }
        let best = neighbours(i)
            .filter(|&j| single[j])
            .min_by_key(|&j| rank[j]);
        if let Some(b) = best {
            if rng.below(4) != 0 {
                single[i] = false;
                single[b] = false;
                merge(&mut parent, &mut size, i, b);
            }
        }
    }
    for i in 0..a {
        if !single[i] {
            continue;
        }
        let best = neighbours(i)
            .filter(|&j| size[root(&parent, j)] < MAX_CAGE)
            .min_by_key(|&j| rank[j]);
        if let Some(b) = best {
            single[i] = false;
            single[b] = false;
            merge(&mut parent, &mut size, i, b);
        }
    }
    if single.iter().any(|&s| s) {
        return None;
    }
    let mut blocks: Vec<Vec<usize>> = vec![Vec::new(); a];
    for i in 0..a {
        let r = find(&mut parent, i);
        blocks[r].push(i);
    }
    Some(blocks.into_iter().filter(|b| !b.is_empty()).collect())
}

fn root(parent: &[usize], mut x: usize) -> usize {
    while parent[x] != x {
        x = parent[x];
    }
    x
}

fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

fn merge(parent: &mut [usize], size: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        let (lo, hi) = (ra.min(rb), ra.max(rb));
        parent[hi] = lo;
        size[lo] += size[hi];
    }
}

const GOOD: [Op; 4] = [Op::Div, Op::Sub, Op::Mul, Op::Add];

/// Chooses each block's operation as Keen does and computes the targets from the solution.
fn choose_clues(
    n: usize,
    grid: &[u8],
    blocks: &[Vec<usize>],
    difficulty: Difficulty,
    rng: &mut SplitMix64,
) -> Vec<Cage> {
    // For each block: the operations it may take well, and those it may take if need be.
    let mut good = vec![[false; 4]; blocks.len()];
    let mut bad = vec![[false; 4]; blocks.len()];
    for (k, b) in blocks.iter().enumerate() {
        if b.len() > 2 {
            good[k][2] = true;
            good[k][3] = true;
            continue;
        }
        let (p, q) = (
            grid[b[0]].max(grid[b[1]]) as usize,
            grid[b[0]].min(grid[b[1]]) as usize,
        );
        let sum = p + q;
        if sum > 4 && sum + 2 < 2 * n {
            good[k][3] = true;
        } else {
            bad[k][3] = true;
        }
        let prod = p * q;
        let factorisations = (1..=n)
            .filter(|&f| prod % f == 0 && prod / f <= n && prod / f != f)
            .count();
        if factorisations <= 2 && difficulty > Difficulty::Normal {
            bad[k][2] = true;
        } else {
            good[k][2] = true;
        }
        if p - q < n - 1 {
            good[k][1] = true;
        }
        if p % q == 0 && 2 * (p / q) <= n {
            good[k][0] = true;
        }
    }
    let mut order: Vec<usize> = (0..blocks.len()).collect();
    shuffle(&mut order, rng);
    let mut op: Vec<Option<Op>> = vec![None; blocks.len()];
    loop {
        let mut done_something = false;
        for (t, &o) in GOOD.iter().enumerate() {
            let pick = order
                .iter()
                .copied()
                .find(|&k| op[k].is_none() && good[k][t])
                .or_else(|| {
                    order
                        .iter()
                        .copied()
                        .find(|&k| op[k].is_none() && bad[k][t])
                });
            if let Some(k) = pick {
                op[k] = Some(o);
                done_something = true;
            }
        }
        if !done_something {
            break;
        }
    }
    blocks
        .iter()
        .zip(op)
        .map(|(b, o)| {
            let o = o.expect("+ is always possible");
            let digits: Vec<u8> = b.iter().map(|&c| grid[c]).collect();
            let target = o
                .eval(&digits)
                .expect("the op was chosen to fit its digits");
            Cage::new(o, target, b.clone())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Solver;

    #[test]
    fn latin_squares_are_latin() {
        let mut rng = SplitMix64::new(7);
        for n in 1..=9 {
            let g = latin_square(n, &mut rng);
            for i in 0..n {
                let row: u16 = (0..n).fold(0, |m, j| m | 1 << (g[i * n + j] - 1));
                let col: u16 = (0..n).fold(0, |m, j| m | 1 << (g[j * n + i] - 1));
                assert_eq!(row.count_ones() as usize, n);
                assert_eq!(col.count_ones() as usize, n);
            }
        }
    }

    #[test]
    fn a_seed_gives_one_puzzle() {
        let a = generate(5, Difficulty::Hard, 42).unwrap();
        let b = generate(5, Difficulty::Hard, 42).unwrap();
        assert_eq!(a, b);
        assert_eq!(Solver::new(&a.puzzle).count(2).count, 1);
        assert!(a.puzzle.is_solved_by(&a.solution));
        assert!(a
            .puzzle
            .cages()
            .iter()
            .all(|c| (2..=MAX_CAGE).contains(&c.cells.len())));
    }

    #[test]
    fn refusals() {
        assert_eq!(
            generate(2, Difficulty::Easy, 1),
            Err(GenerateError::Size { size: 2 })
        );
        assert!(matches!(
            generate(3, Difficulty::Hard, 1),
            Err(GenerateError::TooHardForSize { .. })
        ));
    }
}
