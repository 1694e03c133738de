//! Rule sets as values: the presets `course`, `standard` and `wordbler`.
//!
//! Every difference between the presets is a field of [`Rules`]; the engine reads the fields
//! and never the preset's name, so a new variant is a new value, not a new code path.
//! `docs/rules.md` states each rule with its source.

use crate::tileset::TileSet;

/// When a premium square multiplies a word that covers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PremiumPolicy {
    /// Only under tiles placed this turn (NASPA/WESPA). The centre star, a DWS, so counts for
    /// the first move only.
    NewTilesOnly,
    /// Every time a word covers the square, even under a tile placed on an earlier turn (the
    /// Book Scrabble course). With `centre_first_move_only` the centre star doubles only the
    /// first move's words.
    EveryCover {
        /// The centre star counts only on the first move.
        centre_first_move_only: bool,
    },
    /// Until a word has scored through the square; then it is used up (Wordbler). All words of
    /// one move through a fresh premium use it.
    UntilUsed,
}

/// How the first player is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstPlayer {
    /// Seating order as given: player 0 starts (NASPA/WESPA records; the draw happens off
    /// the record).
    Seating,
    /// Each player draws a tile; the letter nearest `A` starts. Drawn tiles go back.
    Draw {
        /// What a drawn blank does.
        blank: DrawnBlank,
        /// What happens when the best draws are equal.
        ties: DrawTies,
    },
}

/// A blank drawn for first player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawnBlank {
    /// The blank is put back and that player draws again (course).
    Redraw,
    /// The blank beats every letter (Wordbler).
    Wins,
}

/// Equal best draws for first player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawTies {
    /// The tied players draw again, in seat order, until one is best (course).
    Redraw,
    /// The earliest seat among the tied starts (Wordbler).
    EarliestSeat,
}

/// What a play that breaks a rule does to the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnFail {
    /// The play is refused with its verdict; the game is unchanged and the player tries again.
    Reject,
    /// The play scores 0, its tiles stay on (go back to) the rack and the turn passes.
    Forfeit,
}

/// Failed plays: board-rule breaks and unknown words may be treated differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FailedPlay {
    /// A play breaking a board rule (off board, gap, not connected...).
    pub board_rule: OnFail,
    /// A play forming a word not in the lexicon (a phony).
    pub unknown_word: OnFail,
}

/// Rack values moved when a player goes out (empties the rack with the bag empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutAdjustment {
    /// Nothing changes (course: no rack adjustment stated).
    None,
    /// The player gains twice the sum of the others' racks; the others keep their scores
    /// (NASPA, current WESPA).
    TwiceOthers,
    /// The player gains the sum of the others' racks, each of whom loses his own (Wordbler).
    Transfer,
}

/// Rack values moved when the game ends without anyone going out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StallAdjustment {
    /// Nothing changes.
    None,
    /// Each player loses the value of his own rack.
    EachLosesOwn,
}

/// When a game ends and what racks are worth then.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndRules {
    /// End after this many full rounds (every player one turn), if set (course, configurable).
    pub max_rounds: Option<u32>,
    /// A player emptying the rack while the bag is empty ends the game (all presets).
    pub out: OutAdjustment,
    /// End after this many consecutive scoreless turns by all players (passes, exchanges,
    /// failed plays, plays worth 0), if set (NASPA/WESPA: 6).
    pub scoreless_turns: Option<u32>,
    /// End after this many consecutive failed plays, if set (Wordbler: 6).
    pub failed_plays: Option<u32>,
    /// End when, with the bag empty, every player has had a scoreless turn in a row (so no
    /// rack will be emptied) (Wordbler's "bag empty and no rack empty").
    pub stall_when_bag_empty: bool,
    /// Rack values when the game ends by `scoreless_turns`, `failed_plays`, stalling or
    /// `max_rounds`.
    pub stalled: StallAdjustment,
}

/// A whole rule set: tiles, scoring, turn and end-of-game rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The preset's name (`"course"`, `"standard"`, `"wordbler"`), for reports only.
    pub name: &'static str,
    /// The tiles in play.
    pub tile_set: TileSet,
    /// When premium squares count.
    pub premiums: PremiumPolicy,
    /// Added when a move places `rack_size` tiles (0 = no bingo).
    pub bingo_bonus: u32,
    /// Tiles on a full rack.
    pub rack_size: usize,
    /// Whether a word already scored at the same position scores again (`false` in Wordbler).
    pub rescore_repeated_words: bool,
    /// Fewest players.
    pub min_players: usize,
    /// Most players.
    pub max_players: usize,
    /// How the first player is chosen.
    pub first_player: FirstPlayer,
    /// An exchange needs at least this many tiles in the bag.
    pub exchange_min_bag: usize,
    /// What failed plays do.
    pub failed_play: FailedPlay,
    /// End of game.
    pub end: EndRules,
}

impl Rules {
    /// The Book Scrabble course (seed document `helper.txt`): 98 tiles without blanks,
    /// premiums count every time a word covers them (the centre star only for the first
    /// word), no bingo, lowest letter starts (a blank is redrawn), a failed play scores 0
    /// and forfeits the turn, the game ends after `max_rounds` (unset here; see
    /// [`Rules::with_max_rounds`]) or when the bag and a rack are empty.
    pub const COURSE: Rules = Rules {
        name: "course",
        tile_set: TileSet::COURSE,
        premiums: PremiumPolicy::EveryCover {
            centre_first_move_only: true,
        },
        bingo_bonus: 0,
        rack_size: 7,
        rescore_repeated_words: true,
        min_players: 2,
        max_players: 4,
        first_player: FirstPlayer::Draw {
            blank: DrawnBlank::Redraw,
            ties: DrawTies::Redraw,
        },
        exchange_min_bag: 7,
        failed_play: FailedPlay {
            board_rule: OnFail::Forfeit,
            unknown_word: OnFail::Forfeit,
        },
        end: EndRules {
            max_rounds: None,
            out: OutAdjustment::None,
            scoreless_turns: None,
            failed_plays: None,
            stall_when_bag_empty: false,
            stalled: StallAdjustment::None,
        },
    };

    /// NASPA/WESPA tournament rules: 100 tiles with 2 blanks, premiums only under new tiles,
    /// +50 for playing all 7 tiles, seating order starts, a board-rule break is taken back
    /// (rejected) and a phony is withdrawn (turn lost), going out with the bag empty earns
    /// twice the opponents' racks, six consecutive scoreless turns end the game with each
    /// player losing his own rack.
    pub const STANDARD: Rules = Rules {
        name: "standard",
        tile_set: TileSet::ENGLISH,
        premiums: PremiumPolicy::NewTilesOnly,
        bingo_bonus: 50,
        rack_size: 7,
        rescore_repeated_words: true,
        min_players: 2,
        max_players: 4,
        first_player: FirstPlayer::Seating,
        exchange_min_bag: 7,
        failed_play: FailedPlay {
            board_rule: OnFail::Reject,
            unknown_word: OnFail::Forfeit,
        },
        end: EndRules {
            max_rounds: None,
            out: OutAdjustment::TwiceOthers,
            scoreless_turns: Some(6),
            failed_plays: None,
            stall_when_bag_empty: false,
            stalled: StallAdjustment::EachLosesOwn,
        },
    };

    /// The Wordbler rules (seed article): 100 tiles with 2 blanks, a premium is used up once a
    /// word has scored through it, no bingo, a word already scored at the same position is not
    /// scored again, a blank (else the letter nearest A, ties to the earliest seat) starts,
    /// a failed play returns its tiles and counts as a fail; six consecutive fails, or the bag
    /// empty and a rack empty, or the bag empty and no rack emptied, end the game.
    pub const WORDBLER: Rules = Rules {
        name: "wordbler",
        tile_set: TileSet::ENGLISH,
        premiums: PremiumPolicy::UntilUsed,
        bingo_bonus: 0,
        rack_size: 7,
        rescore_repeated_words: false,
        min_players: 2,
        max_players: 4,
        first_player: FirstPlayer::Draw {
            blank: DrawnBlank::Wins,
            ties: DrawTies::EarliestSeat,
        },
        exchange_min_bag: 7,
        failed_play: FailedPlay {
            board_rule: OnFail::Forfeit,
            unknown_word: OnFail::Forfeit,
        },
        end: EndRules {
            max_rounds: None,
            out: OutAdjustment::Transfer,
            scoreless_turns: None,
            failed_plays: Some(6),
            stall_when_bag_empty: true,
            stalled: StallAdjustment::EachLosesOwn,
        },
    };

    /// The presets by name: `course`, `standard`, `wordbler`.
    pub fn preset(name: &str) -> Option<Rules> {
        Rules::presets().into_iter().find(|r| r.name == name)
    }

    /// All presets.
    pub fn presets() -> [Rules; 3] {
        [Rules::COURSE, Rules::STANDARD, Rules::WORDBLER]
    }

    /// The same rules played with `tile_set` (`#tileset`, `--tileset`): its counts, blanks
    /// and letter values.
    pub fn with_tile_set(mut self, tile_set: TileSet) -> Rules {
        self.tile_set = tile_set;
        self
    }

    /// The same rules ending after `rounds` full rounds (the course's configurable length).
    pub fn with_max_rounds(mut self, rounds: u32) -> Rules {
        self.end.max_rounds = Some(rounds);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_found_by_name() {
        for r in Rules::presets() {
            assert_eq!(Rules::preset(r.name), Some(r));
        }
        assert_eq!(Rules::preset("boggle"), None);
        assert_eq!(Rules::COURSE.with_max_rounds(10).end.max_rounds, Some(10));
    }

    #[test]
    fn presets_state_their_tiles_bonus_and_rack() {
        // (preset, tiles, blanks, bingo, rack)
        let table = [
            ("course", 98, 0, 0, 7),
            ("standard", 100, 2, 50, 7),
            ("wordbler", 100, 2, 0, 7),
        ];
        for (name, tiles, blanks, bingo, rack) in table {
            let r = Rules::preset(name).unwrap();
            assert_eq!(r.tile_set.total(), tiles, "{name}");
            assert_eq!(u32::from(r.tile_set.blanks), blanks, "{name}");
            assert_eq!(r.bingo_bonus, bingo, "{name}");
            assert_eq!(r.rack_size, rack, "{name}");
            assert_eq!((r.min_players, r.max_players), (2, 4), "{name}");
            assert_eq!(r.exchange_min_bag, 7, "{name}");
        }
        assert_eq!(Rules::STANDARD.end.scoreless_turns, Some(6));
        assert_eq!(Rules::WORDBLER.end.failed_plays, Some(6));
    }
}
