//! The standard 15x15 premium layout, held as data.
//!
//! Source: the standard English crossword-game board (issue 3 lists it square by square; the
//! same layout is used by NASPA/WESPA boards, Quackle and Macondo). Squares are written column
//! letter then row number. The centre star `H8` is a double-word square whose use depends on
//! the rule set (see [`crate::rules::PremiumPolicy`]).

use crate::coord::{Square, SIZE};

/// What a square multiplies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Premium {
    /// Plain square.
    None,
    /// Double letter score (DLS).
    DoubleLetter,
    /// Triple letter score (TLS).
    TripleLetter,
    /// Double word score (DWS); includes the centre star.
    DoubleWord,
    /// Triple word score (TWS).
    TripleWord,
}

impl Premium {
    /// The factor applied to the letter on this square (1, 2 or 3).
    pub fn letter_factor(self) -> u32 {
        match self {
            Premium::DoubleLetter => 2,
            Premium::TripleLetter => 3,
            _ => 1,
        }
    }

    /// The factor applied to a word through this square (1, 2 or 3).
    pub fn word_factor(self) -> u32 {
        match self {
            Premium::DoubleWord => 2,
            Premium::TripleWord => 3,
            _ => 1,
        }
    }

    /// The two-character mark used in the plain-text board (`2L`, `3L`, `2W`, `3W`, `..`).
    pub fn mark(self) -> &'static str {
        match self {
            Premium::None => " .",
            Premium::DoubleLetter => "2L",
            Premium::TripleLetter => "3L",
            Premium::DoubleWord => "2W",
            Premium::TripleWord => "3W",
        }
    }
}

/// Double letter squares (column letter, row number).
pub const DLS: [(u8, u8); 24] = [
    (b'A', 4),
    (b'A', 12),
    (b'C', 7),
    (b'C', 9),
    (b'D', 1),
    (b'D', 8),
    (b'D', 15),
    (b'G', 3),
    (b'G', 7),
    (b'G', 9),
    (b'G', 13),
    (b'H', 4),
    (b'H', 12),
    (b'I', 3),
    (b'I', 7),
    (b'I', 9),
    (b'I', 13),
    (b'L', 1),
    (b'L', 8),
    (b'L', 15),
    (b'M', 7),
    (b'M', 9),
    (b'O', 4),
    (b'O', 12),
];

/// Triple letter squares.
pub const TLS: [(u8, u8); 12] = [
    (b'B', 6),
    (b'B', 10),
    (b'F', 2),
    (b'F', 6),
    (b'F', 10),
    (b'F', 14),
    (b'J', 2),
    (b'J', 6),
    (b'J', 10),
    (b'J', 14),
    (b'N', 6),
    (b'N', 10),
];

/// Double word squares, the centre star `H8` included.
pub const DWS: [(u8, u8); 17] = [
    (b'B', 2),
    (b'C', 3),
    (b'D', 4),
    (b'E', 5),
    (b'K', 5),
    (b'L', 4),
    (b'M', 3),
    (b'N', 2),
    (b'B', 14),
    (b'C', 13),
    (b'D', 12),
    (b'E', 11),
    (b'K', 11),
    (b'L', 12),
    (b'M', 13),
    (b'N', 14),
    (b'H', 8),
];

/// Triple word squares.
pub const TWS: [(u8, u8); 8] = [
    (b'A', 1),
    (b'H', 1),
    (b'O', 1),
    (b'A', 8),
    (b'O', 8),
    (b'A', 15),
    (b'H', 15),
    (b'O', 15),
];

/// The layout as a 15x15 table, `LAYOUT[row][col]`, built at compile time from the lists.
pub const LAYOUT: [[Premium; SIZE]; SIZE] = build();

const fn mark(
    mut t: [[Premium; SIZE]; SIZE],
    list: &[(u8, u8)],
    p: Premium,
) -> [[Premium; SIZE]; SIZE] {
    let mut i = 0;
    while i < list.len() {
        let (col, row) = list[i];
        t[(row - 1) as usize][(col - b'A') as usize] = p;
        i += 1;
    }
    t
}

const fn build() -> [[Premium; SIZE]; SIZE] {
    let t = [[Premium::None; SIZE]; SIZE];
    let t = mark(t, &DLS, Premium::DoubleLetter);
    let t = mark(t, &TLS, Premium::TripleLetter);
    let t = mark(t, &DWS, Premium::DoubleWord);
    mark(t, &TWS, Premium::TripleWord)
}

/// The premium of `square` on the standard board.
pub fn premium_at(square: Square) -> Premium {
    LAYOUT[usize::from(square.row)][usize::from(square.col)]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layout exactly as issue 3 writes it.
    const ISSUE: [(&str, Premium); 4] = [
        (
            "A4 A12 C7 C9 D1 D8 D15 G3 G7 G9 G13 H4 H12 I3 I7 I9 I13 L1 L8 L15 M7 M9 O4 O12",
            Premium::DoubleLetter,
        ),
        (
            "B6 B10 F2 F6 F10 F14 J2 J6 J10 J14 N6 N10",
            Premium::TripleLetter,
        ),
        (
            "B2 C3 D4 E5 K5 L4 M3 N2 B14 C13 D12 E11 K11 L12 M13 N14 H8",
            Premium::DoubleWord,
        ),
        ("A1 H1 O1 A8 O8 A15 H15 O15", Premium::TripleWord),
    ];

    #[test]
    fn layout_matches_the_issue_square_by_square() {
        let mut premium_squares = 0;
        for (list, p) in ISSUE {
            for sq in list.split(' ') {
                assert_eq!(premium_at(Square::parse(sq).unwrap()), p, "{sq}");
                premium_squares += 1;
            }
        }
        let all = (0..15).flat_map(|r| (0..15).map(move |c| Square::new(r, c).unwrap()));
        assert_eq!(
            all.filter(|&s| premium_at(s) != Premium::None).count(),
            premium_squares
        );
        assert_eq!(premium_squares, 24 + 12 + 17 + 8);
    }

    #[test]
    fn layout_is_symmetric_under_transposition_and_rotation() {
        for r in 0..15 {
            for c in 0..15 {
                let p = LAYOUT[r][c];
                assert_eq!(p, LAYOUT[c][r]);
                assert_eq!(p, LAYOUT[14 - r][c]);
                assert_eq!(p, LAYOUT[r][14 - c]);
            }
        }
    }
}
