//! Microsoft FreeCell deals by number (source: `../shared/docs/freecell.md` §1, fc-solve
//! `gen_ms_boards__rand.h`).
//!
//! - 1..2^31−1: the MS C runtime `rand()` (`state = state*214013 + 2531011`,
//!   `r = (state >> 16) & 0x7fff`) seeded with the deal number.
//! - 2^31..2^32−1 (FreeCell Pro): the same, with `r |= 0x8000`.
//! - 2^32..2^33−1 (FreeCell Pro): seed `deal − 2^32`, `r = ((state >> 16) & 0xffff) + 1`.
//! - −1 and −2: the hard-coded joke deals of MS FreeCell (both unwinnable).

use crate::card::{Card, Suit};

/// The highest deal number (FreeCell Pro's range ends at 2^33 − 1).
pub const MAX_DEAL: i64 = (1 << 33) - 1;

/// The eight cascades of a fresh deal, each bottom (covered) to top (exposed).
pub type Cascades = [Vec<Card>; 8];

/// A deal number outside −2, −1, 1..=2^33−1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("deal {0} is out of range (deals are 1..=8589934591, or the joke deals -1 and -2)")]
pub struct DealOutOfRange(pub i64);

/// The layout of Microsoft deal `n`.
///
/// # Errors
/// [`DealOutOfRange`] for 0, a number below −2, or one above [`MAX_DEAL`].
pub fn deal(n: i64) -> Result<Cascades, DealOutOfRange> {
    match n {
        -1 => Ok(joke_minus_1()),
        -2 => Ok(joke_minus_2()),
        1..=MAX_DEAL => Ok(ms_deal(n as u64)),
        _ => Err(DealOutOfRange(n)),
    }
}

/// The Microsoft generator's stream for deal `n` (one of the three ranges).
struct MsRand {
    state: u32,
    extended: Extension,
}

#[derive(Clone, Copy)]
enum Extension {
    Classic,
    HighBit,
    Wide,
}

impl MsRand {
    fn new(n: u64) -> MsRand {
        if n >= 1 << 32 {
            MsRand {
                state: (n - (1 << 32)) as u32,
                extended: Extension::Wide,
            }
        } else if n >= 1 << 31 {
            MsRand {
                state: n as u32,
                extended: Extension::HighBit,
            }
        } else {
            MsRand {
                state: n as u32,
                extended: Extension::Classic,
            }
        }
    }

    fn next(&mut self) -> u32 {
        self.state = self.state.wrapping_mul(214013).wrapping_add(2531011);
        let hi = self.state >> 16;
        match self.extended {
            Extension::Classic => hi & 0x7fff,
            Extension::HighBit => (hi & 0x7fff) | 0x8000,
            Extension::Wide => (hi & 0xffff) + 1,
        }
    }
}

fn ms_deal(n: u64) -> Cascades {
    let mut deck: Vec<Card> = (0..52)
        .map(|i| Card::from_index(i).expect("0..52"))
        .collect();
    let mut rng = MsRand::new(n);
    let mut cols: Cascades = Default::default();
    for i in 0..52 {
        let left = deck.len();
        let j = rng.next() as usize % left;
        cols[i % 8].push(deck[j]);
        deck[j] = deck[left - 1];
        deck.pop();
    }
    cols
}

/// Deal −2 (fc-solve `docs/ms-freecell-game-minus-2.board`): each column one suit, descending.
fn joke_minus_2() -> Cascades {
    let order = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];
    let mut cols: Cascades = Default::default();
    for (k, &s) in order.iter().enumerate() {
        // Columns 1-4: A then K..8; columns 5-8: 7..2.
        cols[k].push(Card::new(1, s).expect("ace"));
        cols[k].extend((8..=13).rev().map(|r| Card::new(r, s).expect("rank")));
        cols[k + 4].extend((2..=7).rev().map(|r| Card::new(r, s).expect("rank")));
    }
    cols
}

/// Deal −1 (a reconstruction, lower confidence; see `deals.txt`): columns 1-4 the odd ranks
/// A,3..K of C, D, H, S; columns 5-8 the even ranks Q,T..2.
fn joke_minus_1() -> Cascades {
    let mut cols: Cascades = Default::default();
    for (k, &s) in Suit::ALL.iter().enumerate() {
        cols[k].extend((1..=13).step_by(2).map(|r| Card::new(r, s).expect("rank")));
        cols[k + 4].extend(
            (2..=12)
                .rev()
                .step_by(2)
                .map(|r| Card::new(r, s).expect("rank")),
        );
    }
    cols
}

/// The layout as `deals.txt` writes it: eight lines, one per cascade, bottom to top.
pub fn to_text(cols: &Cascades) -> String {
    let mut out = String::new();
    for col in cols {
        let cards: Vec<String> = col.iter().map(Card::to_string).collect();
        out.push_str(&cards.join(" "));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_values_for_seed_1() {
        let mut r = MsRand::new(1);
        assert_eq!([r.next(), r.next(), r.next()], [41, 18467, 6334]);
    }

    #[test]
    fn deal_1_first_column() {
        let cols = deal(1).unwrap();
        assert_eq!(to_text(&cols).lines().next(), Some("JD KD 2S 4C 3S 6D 6S"));
        assert_eq!(
            cols.iter().map(Vec::len).collect::<Vec<_>>(),
            [7, 7, 7, 7, 6, 6, 6, 6]
        );
    }

    #[test]
    fn every_deal_is_a_permutation() {
        for n in [1, 2, 1 << 31, (1 << 32) + 5, MAX_DEAL, -1, -2] {
            let mut seen: Vec<u8> = deal(n)
                .unwrap()
                .iter()
                .flatten()
                .map(|c| c.index())
                .collect();
            seen.sort();
            assert_eq!(seen, (0..52).collect::<Vec<_>>(), "deal {n}");
        }
    }

    #[test]
    fn out_of_range() {
        for n in [0, -3, MAX_DEAL + 1, i64::MIN, i64::MAX] {
            assert_eq!(deal(n), Err(DealOutOfRange(n)));
        }
    }
}
