//! Whose turn follows, judged once for [`Game`](crate::Game) and the replay alike.
//!
//! A play that breaks a rule is either refused, and the same player plays again, or
//! forfeited, and the turn passes ([`OnFail`], per rule set and per kind of break:
//! `docs/rules.md`, "failed play"). Every other turn passes to the next seat.

use crate::legality::Illegal;
use crate::rules::{OnFail, Rules};

impl Rules {
    /// What the rule set does with a play that broke `verdict`: a word outside the word set
    /// is judged by [`FailedPlay::unknown_word`](crate::FailedPlay::unknown_word), every
    /// board rule by [`FailedPlay::board_rule`](crate::FailedPlay::board_rule).
    pub fn on_fail(&self, verdict: &Illegal) -> OnFail {
        match verdict {
            Illegal::UnknownWord { .. } => self.failed_play.unknown_word,
            _ => self.failed_play.board_rule,
        }
    }
}

/// The seat to move after `mover` (0-based) of `seats` took a turn; `refused`: the turn was
/// a play the rules refused ([`OnFail::Reject`]), so the same player plays again.
pub fn next_seat(mover: usize, seats: usize, refused: bool) -> usize {
    if refused {
        mover
    } else {
        (mover + 1) % seats.max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_rule_break_is_refused_in_standard_and_forfeited_elsewhere() {
        let gap = Illegal::NotConnected;
        assert_eq!(Rules::STANDARD.on_fail(&gap), OnFail::Reject);
        assert_eq!(Rules::COURSE.on_fail(&gap), OnFail::Forfeit);
        assert_eq!(Rules::WORDBLER.on_fail(&gap), OnFail::Forfeit);
        let phony = Illegal::UnknownWord {
            word: "QXZ".into(),
            position: crate::Position::parse("8H").unwrap(),
        };
        for rules in Rules::presets() {
            assert_eq!(rules.on_fail(&phony), OnFail::Forfeit, "{}", rules.name);
        }
        assert_eq!(next_seat(1, 2, true), 1);
        assert_eq!(next_seat(1, 2, false), 0);
    }
}
