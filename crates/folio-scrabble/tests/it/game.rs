//! Game state per preset: first player, failed plays, exchanges, end of game and racks.

use folio_scrabble::game::GameEnd;
use folio_scrabble::{
    EndReason, Game, GameError, Illegal, Placement, Rules, Tile, TileSet, Turn, TurnOutcome,
    WordList, NO_LEXICON,
};

fn tiles(s: &str) -> Vec<Tile> {
    Tile::parse_rack(s).unwrap()
}

fn play(s: &str) -> Turn {
    Turn::Play(Placement::parse(s).unwrap())
}

/// A tile set of exactly `letters`, so the bag is empty once the racks are set.
fn tiny_set(letters: &str) -> TileSet {
    let mut set = TileSet::ENGLISH;
    set.name = "tiny";
    set.counts = [0; 26];
    set.blanks = 0;
    for t in tiles(letters) {
        match t {
            Tile::Letter(b) => set.counts[usize::from(b - b'A')] += 1,
            Tile::Blank => set.blanks += 1,
        }
    }
    set
}

/// A two-player game on `letters` where the mover holds `mover` and the other `other`.
fn rigged(mut rules: Rules, letters: &str, mover: &str, other: &str) -> Game {
    rules.tile_set = tiny_set(letters);
    let g = Game::new(rules, 2, 9).unwrap();
    let p = g.to_move();
    let g = g.with_rack(p, &[]).unwrap().with_rack(1 - p, &[]).unwrap();
    g.with_rack(p, &tiles(mover))
        .unwrap()
        .with_rack(1 - p, &tiles(other))
        .unwrap()
}

/// Going out with the bag empty: (preset, mover's final score, other's final score).
/// HORN scores 14; the other rack FAMQ is worth 4+1+3+10 = 18.
#[test]
fn going_out_with_the_bag_empty_per_preset() {
    let cases = [
        (Rules::STANDARD, 14 + 36, 0),
        (Rules::WORDBLER, 14 + 18, -18),
        (Rules::COURSE, 14, 0),
    ];
    for (rules, mover_score, other_score) in cases {
        let g = rigged(rules, "HORNFAMQ", "HORN", "FAMQ");
        assert!(g.bag().is_empty());
        let p = g.to_move();
        let g = g.apply(&play("8F HORN"), NO_LEXICON).unwrap();
        assert_eq!(
            g.end().map(|e| e.reason),
            Some(EndReason::Out { player: p }),
            "{}",
            rules.name
        );
        assert_eq!(
            (g.scores()[p], g.scores()[1 - p]),
            (mover_score, other_score),
            "{}",
            rules.name
        );
        assert_eq!(g.apply(&Turn::Pass, NO_LEXICON), Err(GameError::Over));
    }
}

#[test]
fn standard_ends_after_six_scoreless_turns_each_losing_own_rack() {
    let mut g = Game::new(Rules::STANDARD, 2, 4).unwrap();
    for turn in 0..6 {
        assert!(!g.is_over(), "ended after {turn} passes");
        g = g.apply(&Turn::Pass, NO_LEXICON).unwrap();
    }
    let values: Vec<i32> = g
        .racks()
        .iter()
        .map(|r| -(TileSet::ENGLISH.rack_value(r) as i32))
        .collect();
    assert_eq!(
        g.end(),
        Some(&GameEnd {
            reason: EndReason::ScorelessTurns,
            adjustments: values.clone()
        })
    );
    assert_eq!(g.scores(), values.as_slice());
}

#[test]
fn a_score_resets_the_scoreless_run() {
    let g = Game::new(Rules::STANDARD, 2, 4).unwrap();
    let g = g.with_rack(0, &tiles("HORNEST")).unwrap();
    let mut g = (0..4).fold(g, |g, _| g.apply(&Turn::Pass, NO_LEXICON).unwrap());
    g = g.apply(&play("8F HORN"), NO_LEXICON).unwrap();
    for _ in 0..5 {
        g = g.apply(&Turn::Pass, NO_LEXICON).unwrap();
    }
    assert!(!g.is_over());
    assert!(g.apply(&Turn::Pass, NO_LEXICON).unwrap().is_over());
}

/// A failed play per preset: (preset, first-move placement missing the centre, what happens).
#[test]
fn failed_plays_per_preset() {
    for rules in [Rules::COURSE, Rules::WORDBLER] {
        let g = Game::new(rules, 2, 3).unwrap();
        let p = g.to_move();
        let g = g.with_rack(p, &tiles("ABCDEFG")).unwrap();
        let after = g.apply(&play("A1 AB"), NO_LEXICON).unwrap();
        assert_eq!(after.to_move(), 1 - p, "{}: the turn passes", rules.name);
        assert_eq!(after.scores()[p], 0);
        assert_eq!(
            after.racks()[p],
            g.racks()[p],
            "{}: the tiles stay on the rack",
            rules.name
        );
        let last = after.history().last().unwrap();
        assert_eq!(
            last.outcome,
            TurnOutcome::Failed(Illegal::FirstMoveMissesCentre)
        );
    }
    // Standard: a board-rule break is refused outright; a phony is withdrawn (turn lost).
    let g = Game::new(Rules::STANDARD, 2, 3)
        .unwrap()
        .with_rack(0, &tiles("ABCDEFG"))
        .unwrap();
    assert_eq!(
        g.apply(&play("A1 AB"), NO_LEXICON),
        Err(GameError::Illegal(Illegal::FirstMoveMissesCentre))
    );
    let lex = WordList::new(["CAB"]);
    let after = g.apply(&play("8H BAD"), Some(&lex)).unwrap();
    assert!(matches!(
        after.history()[0].outcome,
        TurnOutcome::Failed(Illegal::UnknownWord { .. })
    ));
    assert_eq!((after.to_move(), after.scores()[0]), (1, 0));
    let ok = g.apply(&play("8H CAB"), Some(&lex)).unwrap();
    assert_eq!(ok.scores()[0], 14);
    assert_eq!(ok.racks()[0].len(), 7, "the rack is refilled");
}

#[test]
fn wordbler_ends_after_six_consecutive_fails() {
    let g = Game::new(Rules::WORDBLER, 2, 3).unwrap();
    let mut g = g
        .with_rack(0, &tiles("ABCDEFG"))
        .unwrap()
        .with_rack(1, &tiles("ABCDEFG"))
        .unwrap();
    // Five fails, a pass (breaks the run), five fails: not over.
    for i in 0..11 {
        let turn = if i == 5 { Turn::Pass } else { play("A1 AB") };
        g = g.apply(&turn, NO_LEXICON).unwrap();
        assert!(!g.is_over(), "turn {i}");
    }
    g = g.apply(&play("A1 AB"), NO_LEXICON).unwrap();
    assert_eq!(g.end().map(|e| e.reason), Some(EndReason::FailedPlays));
    assert_eq!(
        g.end().unwrap().adjustments,
        [-16, -16],
        "each loses own rack: ABCDEFG = 16"
    );
}

#[test]
fn wordbler_ends_when_the_bag_is_empty_and_no_rack_empties() {
    let g = rigged(Rules::WORDBLER, "HORNFAMQ", "HORN", "FAMQ");
    let p = g.to_move();
    let g = g.apply(&Turn::Pass, NO_LEXICON).unwrap();
    assert!(!g.is_over());
    let g = g.apply(&Turn::Pass, NO_LEXICON).unwrap();
    assert_eq!(g.end().map(|e| e.reason), Some(EndReason::Stalled));
    assert_eq!((g.scores()[p], g.scores()[1 - p]), (-7, -18));
}

#[test]
fn course_ends_after_the_configured_rounds_with_no_adjustment() {
    let mut g = Game::new(Rules::COURSE.with_max_rounds(2), 3, 1).unwrap();
    for _ in 0..5 {
        g = g.apply(&Turn::Pass, NO_LEXICON).unwrap();
        assert!(!g.is_over());
    }
    g = g.apply(&Turn::Pass, NO_LEXICON).unwrap();
    assert_eq!(
        g.end(),
        Some(&GameEnd {
            reason: EndReason::Rounds,
            adjustments: vec![0, 0, 0]
        })
    );
    // Without a round limit the course game goes on.
    let g = (0..20).fold(Game::new(Rules::COURSE, 2, 1).unwrap(), |g, _| {
        g.apply(&Turn::Pass, NO_LEXICON).unwrap()
    });
    assert!(!g.is_over());
}

#[test]
fn exchanges_need_seven_tiles_in_the_bag_and_tiles_on_the_rack() {
    let g = Game::new(Rules::STANDARD, 2, 11).unwrap();
    let rack = g.racks()[0].clone();
    let after = g
        .apply(&Turn::Exchange(rack[..3].to_vec()), NO_LEXICON)
        .unwrap();
    assert_eq!(after.racks()[0].len(), 7);
    assert_eq!(after.bag().len(), g.bag().len());
    assert_eq!(after.to_move(), 1);
    assert_eq!(
        g.apply(&Turn::Exchange(vec![]), NO_LEXICON),
        Err(GameError::EmptyExchange)
    );
    let g2 = g.with_rack(0, &tiles("AAAAAAA")).unwrap();
    assert_eq!(
        g2.apply(&Turn::Exchange(tiles("Z")), NO_LEXICON),
        Err(GameError::NotOnRack {
            tile: Tile::Letter(b'Z')
        })
    );
    assert_eq!(
        g2.apply(&play("8H ZA"), NO_LEXICON),
        Err(GameError::NotOnRack {
            tile: Tile::Letter(b'Z')
        })
    );
    let small = rigged(Rules::STANDARD, "HORNFAMQ", "HORN", "FAMQ");
    assert_eq!(
        small.apply(&Turn::Exchange(tiles("H")), NO_LEXICON),
        Err(GameError::ExchangeRefused { bag: 0, need: 7 })
    );
}

#[test]
fn records_drive_the_game_racks_withdrawals_and_bonuses() {
    let g = Game::new(Rules::STANDARD, 2, 0).unwrap();
    let g = g.with_rack(0, &tiles("ZOONE??")).unwrap();
    assert_eq!(
        g.with_rack(1, &tiles("??")).map(|_| ()),
        Err(GameError::Bag(folio_scrabble::BagError::NotInBag {
            tile: Tile::Blank
        }))
    );
    // A withdrawn phony is applied to the state before the play: rack kept, 0 points.
    let placement = Placement::parse("8E ZOON").unwrap();
    let withdrawn = g
        .apply(&Turn::Withdraw(placement.clone()), NO_LEXICON)
        .unwrap();
    assert_eq!(withdrawn.racks()[0], g.racks()[0]);
    assert_eq!(withdrawn.to_move(), 1);
    let played = g.apply(&Turn::Play(placement), NO_LEXICON).unwrap();
    assert_eq!(played.scores()[0], 26);
    let bonus = played.adjust(0, 5).unwrap();
    assert_eq!(bonus.scores()[0], 31);
    assert_eq!(bonus.to_move(), 1);
    assert_eq!(played.adjust(2, 5), Err(GameError::NoSuchPlayer(2)));
    let blanks = g.apply(&play("8G zOnE"), NO_LEXICON).unwrap();
    assert_eq!(blanks.scores()[0], 4);
}

/// Rank of a drawn tile for first player: a (winning) blank 0, A 1 ... Z 26.
fn rank(t: Tile) -> u32 {
    match t {
        Tile::Blank => 0,
        Tile::Letter(b) => u32::from(b - b'A') + 1,
    }
}

/// Course: lowest letter starts, a blank is redrawn, ties draw again. Checked on the
/// recorded draws of many seeded games, with blanks in the bag to exercise the redraw.
#[test]
fn course_draw_lowest_letter_starts_blank_redrawn_ties_redraw() {
    let mut rules = Rules::COURSE;
    rules.tile_set = TileSet::ENGLISH;
    let mut redraws = 0;
    for seed in 0..200 {
        let g = Game::new(rules, 4, seed).unwrap();
        let rounds = g.first_draws();
        for (i, round) in rounds.iter().enumerate() {
            assert!(
                round.iter().all(|&(_, t)| t != Tile::Blank),
                "seed {seed}: a blank is redrawn"
            );
            let best = round.iter().map(|&(_, t)| rank(t)).min().unwrap();
            let tied: Vec<usize> = round
                .iter()
                .filter(|&&(_, t)| rank(t) == best)
                .map(|&(s, _)| s)
                .collect();
            if i + 1 < rounds.len() {
                assert!(tied.len() > 1, "seed {seed}: only a tie is redrawn");
                let next: Vec<usize> = rounds[i + 1].iter().map(|&(s, _)| s).collect();
                assert_eq!(next, tied, "seed {seed}: the tied players draw again");
            } else {
                assert_eq!(
                    tied,
                    [g.first_player()],
                    "seed {seed}: lowest letter starts"
                );
            }
        }
        redraws += usize::from(rounds.len() > 1);
    }
    assert!(redraws > 0, "some seed produced a tie");
}

/// Wordbler: a blank starts, else the letter nearest A; ties go to the earliest seat.
#[test]
fn wordbler_draw_blank_starts_else_nearest_a_earliest_seat() {
    let mut blank_starts = 0;
    for seed in 0..300 {
        let g = Game::new(Rules::WORDBLER, 4, seed).unwrap();
        let [round] = g.first_draws() else {
            panic!("seed {seed}: one round, ties never redraw")
        };
        let best = round.iter().map(|&(_, t)| rank(t)).min().unwrap();
        let earliest = round
            .iter()
            .find(|&&(_, t)| rank(t) == best)
            .map(|&(s, _)| s)
            .unwrap();
        assert_eq!(g.first_player(), earliest, "seed {seed}");
        blank_starts += usize::from(best == 0);
    }
    assert!(blank_starts > 0, "some seed drew a blank");
    assert!(Game::new(Rules::STANDARD, 2, 0)
        .unwrap()
        .first_draws()
        .is_empty());
}
