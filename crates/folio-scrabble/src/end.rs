//! The end of a game and its rack adjustments, judged once for [`Game`](crate::Game) and
//! the replay alike.
//!
//! [`Progress`] holds the counters the end rules read (the run of scoreless turns, the run of
//! failed plays, the turns each seat has taken); [`EndRules::reason`] says whether they end
//! the game, and [`EndRules::adjustment`] what each seat's rack then adds or costs. The
//! counts come from the rule set ([`EndRules`]), never from the preset's name; the sources
//! of each rule are in `docs/rules.md`.

use crate::rules::{EndRules, OutAdjustment, StallAdjustment};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// This player emptied the rack with the bag empty.
    Out {
        /// Seat of the player who went out (0-based).
        player: usize,
    },
    /// [`EndRules::scoreless_turns`] consecutive scoreless turns (standard: 6).
    ScorelessTurns,
    /// [`EndRules::failed_plays`] consecutive failed plays (wordbler: 6).
    FailedPlays,
    /// The bag is empty and a full round passed without a score (wordbler).
    Stalled,
    /// [`EndRules::max_rounds`] full rounds were played (course, when set).
    Rounds,
}

impl EndReason {
    /// The reason in words, with the rule's own counts: `Ann went out`, `six scoreless
    /// turns`. `nick` names a seat.
    pub fn describe(self, rules: &EndRules, nick: impl Fn(usize) -> String) -> String {
        match self {
            EndReason::Out { player } => format!("{} went out", nick(player)),
            EndReason::ScorelessTurns => {
                format!(
                    "{} scoreless turns",
                    count(rules.scoreless_turns.unwrap_or(0))
                )
            }
            EndReason::FailedPlays => {
                format!("{} failed plays", count(rules.failed_plays.unwrap_or(0)))
            }
            EndReason::Stalled => "a round without a score with the bag empty".into(),
            EndReason::Rounds => "rounds played".into(),
        }
    }
}

/// A small count in words, as rule books write them ("six scoreless turns").
fn count(n: u32) -> String {
    const WORDS: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// The counters the end rules read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Consecutive turns that scored nothing (passes, exchanges, failed, withdrawn or
    /// zero-point plays).
    pub scoreless_run: u32,
    /// Consecutive failed plays (forfeited or withdrawn).
    pub fail_run: u32,
    /// Turns taken, by seat.
    pub turns_taken: Vec<u32>,
}

impl Progress {
    /// No turn taken yet, for `seats` players.
    pub fn new(seats: usize) -> Progress {
        Progress {
            scoreless_run: 0,
            fail_run: 0,
            turns_taken: vec![0; seats],
        }
    }

    /// Counts a turn of `seat` (0-based; out of range: not counted per seat) that scored
    /// `points` and did or did not fail.
    pub fn turn(&mut self, seat: usize, points: i32, failed: bool) {
        if let Some(t) = self.turns_taken.get_mut(seat) {
            *t += 1;
        }
        self.after(points, failed);
    }

    /// Moves the runs on for an outcome without counting a turn (a play withdrawn is the
    /// turn it took back: scoreless and failed).
    pub fn after(&mut self, points: i32, failed: bool) {
        self.scoreless_run = if points == 0 {
            self.scoreless_run + 1
        } else {
            0
        };
        self.fail_run = if failed { self.fail_run + 1 } else { 0 };
    }
}

impl EndRules {
    /// Why the game ends after the turns counted in `progress`, other than by a player going
    /// out (which the caller sees: the mover's rack and the bag are empty). `bag_empty`: no
    /// tile left to draw.
    pub fn reason(&self, progress: &Progress, bag_empty: bool) -> Option<EndReason> {
        let seats = progress.turns_taken.len() as u32;
        if self
            .scoreless_turns
            .is_some_and(|k| progress.scoreless_run >= k)
        {
            Some(EndReason::ScorelessTurns)
        } else if self.failed_plays.is_some_and(|k| progress.fail_run >= k) {
            Some(EndReason::FailedPlays)
        } else if self.stall_when_bag_empty && bag_empty && progress.scoreless_run >= seats {
            Some(EndReason::Stalled)
        } else if self
            .max_rounds
            .is_some_and(|r| progress.turns_taken.iter().all(|&t| t >= r))
        {
            Some(EndReason::Rounds)
        } else {
            None
        }
    }

    /// The rack adjustment due to `seat` when the game ended for `reason`: `None` when the
    /// rule gives that seat none; else its points, from `own` (the value of the seat's rack,
    /// when known) and `others` (the value of every other rack together, which is also every
    /// tile left unplayed when a player went out). `Some(None)`: due, but its value unknown.
    pub fn adjustment(
        &self,
        reason: EndReason,
        seat: usize,
        own: Option<i32>,
        others: i32,
    ) -> Option<Option<i32>> {
        match reason {
            EndReason::Out { player } if player == seat => match self.out {
                OutAdjustment::None => None,
                OutAdjustment::TwiceOthers => Some(Some(2 * others)),
                OutAdjustment::Transfer => Some(Some(others)),
            },
            EndReason::Out { .. } => match self.out {
                OutAdjustment::Transfer => Some(own.map(|v| -v)),
                OutAdjustment::None | OutAdjustment::TwiceOthers => None,
            },
            _ => match self.stalled {
                StallAdjustment::None => None,
                StallAdjustment::EachLosesOwn => Some(own.map(|v| -v)),
            },
        }
    }

    /// Every seat's adjustment when all rack values are known (`values[seat]`); 0 where none
    /// is due.
    pub fn adjustments(&self, reason: EndReason, values: &[i32]) -> Vec<i32> {
        let total: i32 = values.iter().sum();
        values
            .iter()
            .enumerate()
            .map(|(seat, &own)| {
                self.adjustment(reason, seat, Some(own), total - own)
                    .flatten()
                    .unwrap_or(0)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    #[test]
    fn six_scoreless_turns_end_a_standard_game_and_each_loses_own_rack() {
        let end = Rules::STANDARD.end;
        let mut p = Progress::new(2);
        for i in 0..5 {
            p.turn(i % 2, 0, false);
            assert_eq!(end.reason(&p, false), None);
        }
        p.turn(1, 0, false);
        assert_eq!(end.reason(&p, false), Some(EndReason::ScorelessTurns));
        assert_eq!(
            EndReason::ScorelessTurns.describe(&end, |_| String::new()),
            "six scoreless turns"
        );
        assert_eq!(
            end.adjustments(EndReason::ScorelessTurns, &[7, 3]),
            [-7, -3]
        );
    }

    #[test]
    fn going_out_doubles_the_others_racks_in_standard_and_transfers_in_wordbler() {
        let out = EndReason::Out { player: 0 };
        assert_eq!(Rules::STANDARD.end.adjustments(out, &[0, 5, 4]), [18, 0, 0]);
        assert_eq!(
            Rules::WORDBLER.end.adjustments(out, &[0, 5, 4]),
            [9, -5, -4]
        );
        assert_eq!(Rules::COURSE.end.adjustments(out, &[0, 5, 4]), [0, 0, 0]);
        assert_eq!(Rules::WORDBLER.end.adjustment(out, 1, None, 9), Some(None));
    }

    #[test]
    fn counts_come_from_the_rule_values() {
        let mut end = Rules::WORDBLER.end;
        end.failed_plays = Some(3);
        let mut p = Progress::new(2);
        for seat in [0, 1, 0] {
            p.turn(seat, 0, true);
        }
        assert_eq!(end.reason(&p, false), Some(EndReason::FailedPlays));
        assert_eq!(
            EndReason::FailedPlays.describe(&end, |_| String::new()),
            "three failed plays"
        );
        let rounds = Rules::COURSE.with_max_rounds(2).end;
        let mut p = Progress::new(2);
        for seat in [0, 1, 0] {
            p.turn(seat, 5, false);
            assert_eq!(rounds.reason(&p, false), None);
        }
        p.turn(1, 5, false);
        assert_eq!(rounds.reason(&p, false), Some(EndReason::Rounds));
    }
}
