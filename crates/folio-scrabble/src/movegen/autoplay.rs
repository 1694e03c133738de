//! Computer players: a whole game between generators, with a seeded bag, written as GCG.
//!
//! Each turn the player to move takes, by its [`Strategy`], a tile play; with none, it
//! exchanges (keeping what the strategy values most) when the bag allows, else passes. The
//! game runs through [`Game`], so every turn is judged by the rules the replay uses, and
//! [`AutoGame::to_gcg`] writes it with `#rules` and `#seed`, so `folio play --set SET` replays it
//! from the same seeded bag.

use std::fmt::Write as _;

use crate::end::EndReason;
use crate::game::{Game, GameError, Turn, TurnOutcome};
use crate::rules::Rules;
use crate::tile::{rack_string, Tile};
use folio_core::lexicon::Lexicon;

use super::{exchanges, Generator, Play, Rack};

/// How a computer player chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// The highest-scoring play (ties by notation).
    Score,
    /// The highest score plus [`leave_value`] of the tiles kept.
    Equity,
}

/// A documented heuristic value of the tiles a player keeps (points, as if a score): each
/// tile's worth (blank 25, S 8, X 3, Z 2, E R 1.5/1, A I N T L 0.5..1, awkward tiles
/// negative, Q -7, U -3), a penalty of 3 per duplicate beyond the first (5 for
/// vowels), and of 2 per step the vowel/consonant split is off by more than one. Letters
/// beyond `A`–`Z` (German `Ä`) are worth 0, accented vowels counted as vowels. The
/// weights are a folio choice in the spirit of Quackle's static leave values, not a copy.
pub fn leave_value(rack: &Rack) -> i32 {
    // Tenths of a point, A..Z.
    const TILE: [i32; 26] = [
        5, -20, 5, 0, 15, -20, -20, 5, 0, -25, -5, 5, 0, 5, -10, -5, -70, 10, 80, 5, -30, -50, -40,
        30, -5, 20,
    ];
    let counts = rack.counts();
    let mut v = i32::from(counts[crate::tile::BLANK]) * 250;
    let (mut vowels, mut consonants) = (0i32, 0i32);
    for (i, &n) in counts[..crate::tile::LETTERS].iter().enumerate() {
        let n = i32::from(n);
        if n == 0 {
            continue;
        }
        let letter = char::from(crate::tile::letter_code(i));
        let vowel = "AEIOUÀÁÂÃÄÅÆÈÉÊËÌÍÎÏÒÓÔÕÖØÙÚÛÜ".contains(letter);
        let worth = TILE.get(i).copied().unwrap_or(0);
        v += worth * n - (n - 1) * if vowel { 50 } else { 30 };
        if vowel {
            vowels += n;
        } else {
            consonants += n;
        }
    }
    v -= 20 * ((vowels - consonants).abs() - 1).max(0);
    v / 10
}

/// The turn `strategy` takes for the player to move in `game`.
pub fn choose<L: Lexicon + ?Sized>(game: &Game, lexicon: &L, strategy: Strategy) -> Turn {
    let rules = game.rules();
    let p = game.to_move();
    let rack = Rack::new(&game.racks()[p]);
    let gen = Generator::new(rules, game.board(), lexicon);
    let pick = match strategy {
        Strategy::Score => gen.best(&rack),
        Strategy::Equity => {
            let mut best: Option<(i32, Play)> = None;
            // Keeping tiles matters only while there are tiles to draw.
            let weigh = !game.bag().is_empty();
            gen.for_each_play(&rack, |play| {
                let e = play.score as i32
                    + if weigh {
                        leave_value(&play.leave_counts(&rack))
                    } else {
                        0
                    };
                let better = match &best {
                    None => true,
                    Some((be, bp)) => e > *be || (e == *be && play.notation() < bp.notation()),
                };
                if better {
                    best = Some((e, play));
                }
            });
            best.map(|b| b.1)
        }
    };
    if let Some(play) = pick {
        return Turn::Play(play.placement());
    }
    if !rack.is_empty() && game.bag().len() >= rules.exchange_min_bag {
        // Give back what leaves the most valuable rack.
        let give = exchanges(&rack)
            .into_iter()
            .max_by_key(|t| leave_value(&rack.without(t).unwrap_or_default()))
            .unwrap_or_default();
        return Turn::Exchange(give);
    }
    Turn::Pass
}

/// A game the computer played: the final state and the turns taken, in order (the game's
/// history holds one record per turn).
#[derive(Clone, Debug)]
pub struct AutoGame {
    /// The game as it ended (or stopped).
    pub game: Game,
    /// The seed its bag was drawn from.
    pub seed: u64,
    /// Each turn as chosen.
    pub turns: Vec<Turn>,
}

/// Plays a whole game of `players` computer players under `rules` from `seed`. A game the
/// rules would not end (the course ends only when a player goes out or after a set number
/// of rounds) is stopped after two rounds in which no player could place a tile (passes
/// and exchanges alike: under the course and wordbler rules an exchange is neither a pass
/// nor a failed play, so players with no play exchanging forever never ended a game);
/// such turns go on until the rules' own scoreless-turn limit when it is longer (standard:
/// six, so a two-player game stuck with the bag empty ends by the rules, not unfinished).
pub fn play_game<L: Lexicon + ?Sized>(
    rules: Rules,
    players: usize,
    seed: u64,
    lexicon: &L,
    strategy: Strategy,
) -> Result<AutoGame, GameError> {
    let mut game = Game::new(rules, players, seed)?;
    let mut turns = Vec::new();
    let mut stuck = 0;
    let limit = (2 * players).max(rules.end.scoreless_turns.map_or(0, |n| n as usize));
    while !game.is_over() && stuck < limit {
        let turn = choose(&game, lexicon, strategy);
        stuck = if matches!(turn, Turn::Play(_)) {
            0
        } else {
            stuck + 1
        };
        game = game.apply(&turn, Some(lexicon))?;
        turns.push(turn);
    }
    Ok(AutoGame { game, seed, turns })
}

impl AutoGame {
    /// The game as a GCG record: `#player` lines (`cpu1`...), `#rules`, `#seed`, every turn
    /// with the rack before it, and the end-of-game rack lines when the game ended.
    pub fn to_gcg(&self) -> String {
        let game = &self.game;
        let n = game.racks().len();
        let nick = |p: usize| format!("cpu{}", p + 1);
        let mut out = String::from("#character-encoding UTF-8\n");
        for p in 0..n {
            let _ = writeln!(out, "#player{} {} Computer {}", p + 1, nick(p), p + 1);
        }
        let _ = writeln!(out, "#rules {}", game.rules().name);
        // A tile set other than the rule set's own is written, so the replay deals from it.
        if Rules::preset(game.rules().name).is_none_or(|r| r.tile_set != game.rules().tile_set) {
            let _ = writeln!(out, "#tileset {}", game.rules().tile_set.name);
        }
        let _ = writeln!(out, "#seed {}", self.seed);
        let mut total = vec![0i32; n];
        for (t, turn) in game.history().iter().zip(&self.turns) {
            let body = match (&t.outcome, turn) {
                (TurnOutcome::Played(mv), _) => mv.placement.to_string(),
                (TurnOutcome::Exchanged(_), Turn::Exchange(tiles)) => {
                    format!("-{}", rack_string(tiles))
                }
                _ => "-".into(),
            };
            total[t.player] += t.points;
            let _ = writeln!(
                out,
                ">{}: {} {body} {:+} {}",
                nick(t.player),
                rack_string(&t.rack),
                t.points,
                total[t.player]
            );
        }
        if let Some(end) = game.end() {
            let racks = game.racks();
            let out_player = match end.reason {
                EndReason::Out { player } => Some(player),
                _ => None,
            };
            if let Some(o) = out_player {
                let others: Vec<Tile> = (0..n)
                    .filter(|&p| p != o)
                    .flat_map(|p| racks[p].clone())
                    .collect();
                total[o] += end.adjustments[o];
                let _ = writeln!(
                    out,
                    ">{}: ({}) {:+} {}",
                    nick(o),
                    rack_string(&others),
                    end.adjustments[o],
                    total[o]
                );
            }
            // Every line the rules give a seat, even one of +0 (a rack of blanks under
            // wordbler's each-loses-own): the replay reports a due line that is missing.
            let values: Vec<i32> = (0..n)
                .map(|p| game.rules().tile_set.rack_value(&racks[p]) as i32)
                .collect();
            let total_value: i32 = values.iter().sum();
            let due = |p: usize| {
                end.adjustments[p] != 0
                    || (!racks[p].is_empty()
                        && game
                            .rules()
                            .end
                            .adjustment(end.reason, p, Some(values[p]), total_value - values[p])
                            .is_some())
            };
            for p in (0..n).filter(|&p| Some(p) != out_player && due(p)) {
                total[p] += end.adjustments[p];
                let r = rack_string(&racks[p]);
                let _ = writeln!(
                    out,
                    ">{}: {r} ({r}) {:+} {}",
                    nick(p),
                    end.adjustments[p],
                    total[p]
                );
            }
        }
        out
    }
}
