//! Auto-play: the cards a game sends home by itself after every move, as data.
//!
//! A card of rank `r` whose foundation is at `r − 1` goes home when `r ≤ always_upto`, or
//! when both opposite-colour foundations are at least `r − opposite_gap` and (if given) the
//! other same-colour foundation at least `r − same_gap`. Sources: `../shared/docs/freecell.md`
//! §3 (MS/FC-Pro rule, confirmed on 565 FC-Pro solutions; Horne's rule from
//! Games-Solitaire-Verify `HorneAutomovePrune.pm`).

use crate::card::Suit;
use crate::moves::Loc;
use crate::position::Position;

/// An auto-play convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Autoplay {
    /// Nothing moves by itself (fc-solve output, folio scripts by default).
    None,
    /// Horne's safe rule: opposite colours ≥ r−2 and the other same-colour suit ≥ r−3.
    Safe,
    /// MS FreeCell / FreeCell Pro: r ≤ 2, or both opposite colours ≥ r−1.
    Ms,
}

struct Rule {
    always_upto: u8,
    opposite_gap: u8,
    same_gap: Option<u8>,
}

impl Autoplay {
    /// Every convention, with its name.
    pub const ALL: [(&'static str, Autoplay); 3] = [
        ("none", Autoplay::None),
        ("safe", Autoplay::Safe),
        ("ms", Autoplay::Ms),
    ];

    /// The convention called `name` (`none`, `safe`, `ms`).
    pub fn by_name(name: &str) -> Option<Autoplay> {
        Autoplay::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, a)| a)
    }

    /// The convention's name.
    pub fn name(self) -> &'static str {
        Autoplay::ALL
            .iter()
            .find(|(_, a)| *a == self)
            .map(|(n, _)| *n)
            .expect("listed")
    }

    fn rule(self) -> Option<Rule> {
        match self {
            Autoplay::None => None,
            Autoplay::Safe => Some(Rule {
                always_upto: 2,
                opposite_gap: 2,
                same_gap: Some(3),
            }),
            Autoplay::Ms => Some(Rule {
                always_upto: 2,
                opposite_gap: 1,
                same_gap: None,
            }),
        }
    }

    /// Whether a card of `suit` and `rank`, next on its foundation, goes home by itself.
    pub fn sends_home(self, found: [u8; 4], suit: Suit, rank: u8) -> bool {
        let Some(rule) = self.rule() else {
            return false;
        };
        if found[suit as usize] + 1 != rank {
            return false;
        }
        if rank <= rule.always_upto {
            return true;
        }
        let (opp, same) = if suit.is_red() {
            ([0, 3], 3 - suit as usize)
        } else {
            ([1, 2], 3 - suit as usize)
        };
        let ok_opp = opp
            .iter()
            .all(|&o| found[o] as i32 >= rank as i32 - rule.opposite_gap as i32);
        let ok_same = rule
            .same_gap
            .is_none_or(|g| found[same] as i32 >= rank as i32 - g as i32);
        ok_opp && ok_same
    }

    /// Plays auto-moves until none applies (a card freed by one may go next); calls `each`
    /// with the source of every card sent home, in order.
    pub fn run(self, p: &mut Position, mut each: impl FnMut(Loc, crate::card::Card)) {
        if self == Autoplay::None {
            return;
        }
        loop {
            let found = p.foundations();
            let mut moved = false;
            for i in 0..p.cell_count() {
                if let Some(c) = p.cell(i) {
                    if self.sends_home(found, c.suit(), c.rank()) {
                        p.apply_unchecked(Loc::Cell(i as u8), Loc::Foundation, 1);
                        each(Loc::Cell(i as u8), c);
                        moved = true;
                        break;
                    }
                }
            }
            if !moved {
                for k in 0..8 {
                    if let Some(c) = p.top(k) {
                        if self.sends_home(found, c.suit(), c.rank()) {
                            p.apply_unchecked(Loc::Cascade(k as u8), Loc::Foundation, 1);
                            each(Loc::Cascade(k as u8), c);
                            moved = true;
                            break;
                        }
                    }
                }
            }
            if !moved {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ms_rule_waits_for_both_opposite_colours() {
        // ♠ ♣ at 3, ♥ at 4: 5♥ must not go home while 4♠ is in play (lsol #14).
        let found = [3, 0, 4, 3];
        assert!(!Autoplay::Ms.sends_home(found, Suit::Hearts, 5));
        assert!(Autoplay::Ms.sends_home([4, 0, 4, 4], Suit::Hearts, 5));
        assert!(Autoplay::Ms.sends_home([0, 0, 1, 0], Suit::Hearts, 2));
        assert!(!Autoplay::None.sends_home([0; 4], Suit::Hearts, 1));
    }

    #[test]
    fn horne_rule_needs_the_same_colour_too() {
        // 5♥: opposite ≥ 3, other red (♦) ≥ 2.
        assert!(Autoplay::Safe.sends_home([3, 2, 4, 3], Suit::Hearts, 5));
        assert!(!Autoplay::Safe.sends_home([3, 1, 4, 3], Suit::Hearts, 5));
    }
}
