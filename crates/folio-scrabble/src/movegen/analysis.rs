//! Game analysis: for each recorded tile play whose rack is known, the best play the rack
//! had, the recorded play's rank and the points it missed; a summary per player.
//!
//! The data `folio play --analyse` is to print (issue 17, item 4). Plays are compared by
//! the rule set's score (not by equity); the recorded play's rank is 1 + the number of plays
//! scoring more (ties share a rank). A recorded play the generator does not list (a phony,
//! a word outside the lexicon) has no rank and misses `best - its score`.

use crate::rules::Rules;
use crate::script::{EventKind, Script};
use folio_core::lexicon::Lexicon;

use super::{GamePosition, Generator, Play};

/// One analysed turn.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TurnAnalysis {
    /// 1-based event number in the script (`--turn` of `folio moves`).
    pub event: usize,
    /// 1-based line of the event.
    pub line: u32,
    /// Seat of the player, from 1 (as a report's `seat` and the text's `player 1`).
    pub player: usize,
    /// The play as the rules score it (notation, points).
    pub played: String,
    /// Points the rules give the recorded play.
    pub score: u32,
    /// The best play available, in notation.
    pub best: String,
    /// Its points.
    pub best_score: u32,
    /// The recorded play's rank among the rack's plays (1 = best), `None` when the generator
    /// does not list it (a word outside the lexicon).
    pub rank: Option<usize>,
    /// `best_score - score`.
    pub missed: u32,
}

/// Per-player totals.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct PlayerSummary {
    /// Seat, from 1.
    pub player: usize,
    /// Tile plays analysed.
    pub plays: usize,
    /// Of which the best (rank 1).
    pub best_found: usize,
    /// Points missed over them.
    pub missed: u32,
}

/// The analysis of a script.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Analysis {
    /// Analysed turns in order.
    pub turns: Vec<TurnAnalysis>,
    /// One entry per seat.
    pub players: Vec<PlayerSummary>,
}

/// Analyses every tile play of `script` whose rack is written, under `rules`, with
/// `lexicon`. Events whose position cannot be set up, and plays the written rack does not
/// hold (a misstated rack: it is not the rack played from), are skipped.
pub fn analyse<L: Lexicon + ?Sized>(script: &Script, rules: Rules, lexicon: &L) -> Analysis {
    let seats = script.seats().max(2);
    let mut out = Analysis {
        turns: Vec::new(),
        players: (0..seats)
            .map(|seat| PlayerSummary {
                player: seat + 1,
                ..Default::default()
            })
            .collect(),
    };
    for (i, e) in script.events.iter().enumerate() {
        if !matches!(e.kind, EventKind::Play { .. }) || e.rack.is_none() {
            continue;
        }
        let (Ok(before), Ok(after)) = (
            GamePosition::from_script(script, rules, i + 1),
            GamePosition::from_script(script, rules, i + 2),
        ) else {
            continue;
        };
        let Some(rack) = before.rack() else { continue };
        let new: Vec<_> = after
            .board
            .tiles()
            .filter(|&(sq, _)| before.board.get(sq).is_none())
            .collect();
        let Ok(placement) = crate::placement::Placement::from_tiles(&new) else {
            continue; // a withdrawn play leaves nothing new
        };
        let Ok(mv) = rules.evaluate(&before.board, &placement, crate::NO_LEXICON) else {
            continue;
        };
        if rack.without(&mv.rack_tiles()).is_none() {
            continue; // the rack written does not hold the play: not the rack played from
        }
        let plays = Generator::new(&rules, &before.board, lexicon).plays(&rack);
        let Some(best) = plays.first() else { continue };
        let key = |p: &Play| {
            let mut k: Vec<_> = p
                .new_tiles()
                .iter()
                .map(|&(s, t)| (s, t.to_char()))
                .collect();
            k.sort();
            k
        };
        let mut mine: Vec<_> = new.iter().map(|&(s, t)| (s, t.to_char())).collect();
        mine.sort();
        let listed = plays.iter().any(|p| key(p) == mine);
        let rank = listed.then(|| 1 + plays.iter().take_while(|p| p.score > mv.score).count());
        let missed = best.score.saturating_sub(mv.score);
        let seat = e.player.min(seats - 1);
        let s = &mut out.players[seat];
        s.plays += 1;
        s.best_found += usize::from(rank == Some(1));
        s.missed += missed;
        out.turns.push(TurnAnalysis {
            event: i + 1,
            line: e.loc.line,
            player: seat + 1,
            played: best_notation(&before.board, &rules, &placement),
            score: mv.score,
            best: best.to_string(),
            best_score: best.score,
            rank,
            missed,
        });
    }
    out
}

/// The recorded play in the generator's notation, so `played` and `best` read alike: the
/// main word from its first square, `.` for tiles already on the board, and a one-tile
/// play written along the word it forms (across when it forms one both ways), as
/// [`Play`](super::Play)'s `Display` writes it. A play the rules refuse keeps its record
/// notation.
fn best_notation(
    board: &crate::board::Board,
    rules: &Rules,
    placement: &crate::placement::Placement,
) -> String {
    use crate::coord::Dir;
    let Ok(mv) = rules.evaluate(board, placement, crate::NO_LEXICON) else {
        return placement.to_string();
    };
    let word = if mv.new_tiles.len() == 1 {
        let along = |d: Dir| mv.words.iter().find(|w| w.position.dir == d);
        along(Dir::Across).or_else(|| along(Dir::Down))
    } else {
        mv.main_word()
    };
    match word {
        Some(w) => {
            let letters: String = w
                .tiles
                .iter()
                .map(|t| if t.new { t.tile.to_char() } else { '.' })
                .collect();
            format!("{} {letters}", w.position)
        }
        None => placement.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::WordList;

    #[test]
    fn a_weaker_play_is_ranked_and_its_missed_points_counted() {
        let words = WordList::new(["HORN", "HORNS", "FARM", "FARMS", "OH", "HO", "NO", "ON"]);
        let text =
            b"#player1 A A\n#player2 B B\n>A: HNORXYZ 8F HORN +14 14\n>B: AFMSTUV H6 FA.M +9 9\n";
        let script = crate::parse(text, "g.gcg").unwrap();
        let a = analyse(&script, Rules::STANDARD, &words);
        assert_eq!(a.turns.len(), 2);
        let first = &a.turns[0];
        assert_eq!(
            (first.rank, first.missed, first.best_score),
            (Some(1), 0, 14)
        );
        let second = &a.turns[1];
        assert_eq!(second.score, 9);
        assert!(second.best_score >= 9);
        assert_eq!(second.missed, second.best_score - 9);
        assert!(second.rank.unwrap() >= 1);
        assert_eq!(a.players[1].plays, 1);
        assert_eq!(a.players[1].missed, second.missed);
    }

    #[test]
    fn the_recorded_play_is_written_as_the_generator_writes_plays() {
        let words = WordList::new(["HORN", "HORNS", "HO", "OH"]);
        // A tile written as itself (`J8 S`) forms HORNS across; one written across (`9F O`)
        // forms HO down only; a word through tiles in parentheses keeps `.` for them.
        let text = b"#player1 A A\n#player2 B B\n>A: HNORXYZ 8F HORN +14 14\n\
            >B: SABCDEF J8 S +8 8\n>A: OXYZQVW 9F O +5 19\n";
        let script = crate::parse(text, "g.gcg").unwrap();
        let a = analyse(&script, Rules::STANDARD, &words);
        let played: Vec<&str> = a.turns.iter().map(|t| t.played.as_str()).collect();
        assert_eq!(played, ["8F HORN", "8F ....S", "F8 .O"]);
    }
}
