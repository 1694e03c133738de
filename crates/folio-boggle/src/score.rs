//! Scoring tables as data: minimum word length and points by word length.
//!
//! Word length counts letters, so a `Qu` face counts two (Princeton algs4 Boggle spec; OEIS
//! A063000 attachment). Sources of the tables: see `docs/boggle.md`.

use super::board::Board;

/// How many points a word of a given length is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Points {
    /// `(min_letters, points)` rows in increasing length: a word scores the points of the last
    /// row whose length it reaches, and 0 below the first row (so `--min-len 2` admits
    /// two-letter words at 0 points under `official`).
    Table(&'static [(usize, u32)]),
    /// Each letter scores this many points.
    PerLetter(u32),
}

/// The shortest word allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MinLen {
    /// `small` letters on boards narrower than `large_from` on either side, `large` on the
    /// others.
    BySize {
        /// Minimum on small boards (4x4 and below).
        small: usize,
        /// Minimum on large boards.
        large: usize,
        /// Side from which a board is large (both rows and columns at least this).
        large_from: usize,
    },
    /// The same minimum on every board.
    Fixed(usize),
}

/// A named scoring rule: minimum length and points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scoring {
    /// Name used on the command line and in scripts.
    pub name: &'static str,
    /// The shortest word that counts.
    pub min_len: MinLen,
    /// Points by length.
    pub points: Points,
}

/// The official table printed with Boggle and Big Boggle: 3–4 letters 1 point, 5 → 2, 6 → 3,
/// 7 → 5, 8 or more → 11. Minimum 3 letters on 4x4 (and smaller), 4 on 5x5 and larger
/// (Big Boggle rules sheet, Parker Brothers 1979/1983, quoted in the OEIS A063000 attachment).
pub const OFFICIAL: Scoring = Scoring {
    name: "official",
    min_len: MinLen::BySize {
        small: 3,
        large: 4,
        large_from: 5,
    },
    points: Points::Table(&[(3, 1), (5, 2), (6, 3), (7, 5), (8, 11)]),
};

/// The seed program's scoring (CS106B Boggle): words of 4 letters or more, one point per
/// letter.
pub const SEED: Scoring = Scoring {
    name: "seed",
    min_len: MinLen::Fixed(4),
    points: Points::PerLetter(1),
};

impl Scoring {
    /// Every built-in scoring.
    pub const ALL: &'static [Scoring] = &[OFFICIAL, SEED];

    /// The scoring called `name` (case-insensitive).
    pub fn by_name(name: &str) -> Option<Scoring> {
        Scoring::ALL
            .iter()
            .copied()
            .find(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// The same scoring with a fixed minimum length (`--min-len`).
    pub fn with_min_len(self, min_len: usize) -> Scoring {
        Scoring {
            min_len: MinLen::Fixed(min_len),
            ..self
        }
    }

    /// The minimum word length (in letters) on `board`.
    pub fn min_len(&self, board: &Board) -> usize {
        match self.min_len {
            MinLen::Fixed(n) => n,
            MinLen::BySize {
                small,
                large,
                large_from,
            } => {
                if board.rows().min(board.cols()) >= large_from {
                    large
                } else {
                    small
                }
            }
        }
    }

    /// Points for a word of `letters` letters, ignoring the minimum length.
    #[inline]
    pub fn points(&self, letters: usize) -> u32 {
        match self.points {
            Points::Table(rows) => rows
                .iter()
                .take_while(|&&(len, _)| letters >= len)
                .last()
                .map_or(0, |&(_, p)| p),
            Points::PerLetter(p) => p.saturating_mul(letters as u32),
        }
    }

    /// The points of every word length `0..out.len()` in one pass: `out[n]` is
    /// [`Scoring::points`]`(n)`. A solver tallying many words looks them up here.
    pub fn points_by_len(&self, out: &mut [u32]) {
        match self.points {
            Points::Table(rows) => {
                let (mut points, mut rows) = (0, rows.iter().peekable());
                for (len, out) in out.iter_mut().enumerate() {
                    while let Some(&&(from, p)) = rows.peek() {
                        if len < from {
                            break;
                        }
                        points = p;
                        rows.next();
                    }
                    *out = points;
                }
            }
            Points::PerLetter(p) => {
                for (len, out) in out.iter_mut().enumerate() {
                    *out = p.saturating_mul(len as u32);
                }
            }
        }
    }

    /// Points for a word of `letters` letters on `board`: 0 when it is too short.
    pub fn score(&self, board: &Board, letters: usize) -> u32 {
        if letters < self.min_len(board) {
            0
        } else {
            self.points(letters)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn official_table() {
        let got: Vec<u32> = (0..=17).map(|n| OFFICIAL.points(n)).collect();
        assert_eq!(
            got,
            [0, 0, 0, 1, 1, 2, 3, 5, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11]
        );
        let b4 = Board::parse("abcdefghijklmnop", None).unwrap();
        let b5 = Board::parse(&"a".repeat(25), None).unwrap();
        let b34 = Board::parse("abcdefghijkl", Some((3, 4))).unwrap();
        assert_eq!(OFFICIAL.min_len(&b4), 3);
        assert_eq!(OFFICIAL.min_len(&b34), 3);
        assert_eq!(OFFICIAL.min_len(&b5), 4);
        assert_eq!(OFFICIAL.score(&b5, 3), 0);
        assert_eq!(OFFICIAL.with_min_len(3).score(&b5, 3), 1);
    }

    #[test]
    fn seed_scores_length() {
        let b = Board::parse("abcdefghijklmnop", None).unwrap();
        assert_eq!(SEED.score(&b, 3), 0);
        assert_eq!(SEED.score(&b, 4), 4);
        assert_eq!(SEED.score(&b, 12), 12);
        assert_eq!(Scoring::by_name("Seed"), Some(SEED));
        assert!(Scoring::by_name("nope").is_none());
    }

    #[test]
    fn points_by_len_is_points_of_each_length() {
        for scoring in Scoring::ALL {
            let mut by_len = [0u32; 40];
            scoring.points_by_len(&mut by_len);
            for (len, &p) in by_len.iter().enumerate() {
                assert_eq!(p, scoring.points(len), "{} {len}", scoring.name);
            }
        }
    }
}
