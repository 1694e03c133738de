//! Properties: the parsers never panic; the judge agrees with a brute-force oracle on
//! supermoves; solver answers replay to a win.

use folio_freecell::parse::{parse, parse_move};
use folio_freecell::solver::{Solver, Verdict};
use folio_freecell::{deal, replay, Autoplay, EmptyTarget, Loc, Move, Options, Position};
use proptest::prelude::*;

proptest! {
    #[test]
    fn parse_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = parse(&bytes);
        let _ = replay::replay("p", &bytes, &Options { deal: Some(1), ..Options::default() });
    }

    #[test]
    fn scripts_of_random_tokens_never_panic(
        head in prop::sample::select(vec!["#game freecell\n#deal 7\n", "#7 Attempt: 1 NumFcs=2\n", "", "-=-=-=\n"]),
        toks in proptest::collection::vec("[1-9a-iH/]{1,4}", 0..60),
    ) {
        let text = format!("{head}{}", toks.join(" "));
        let r = replay::replay("p", text.as_bytes(), &Options { deal: Some(7), ..Options::default() });
        prop_assert!(r.valid() == (r.findings.is_empty()));
        let _ = parse_move(&text);
    }

    /// A random legal game never breaks the judge's own invariants: 52 cards, and a move it
    /// accepts leaves a position from which replaying the same text gives the same result.
    #[test]
    fn random_games_keep_the_deck(n in 1i64..5000, picks in proptest::collection::vec(any::<u16>(), 1..80)) {
        let mut p = Position::new(&deal::deal(n).unwrap(), 4).unwrap();
        let places: Vec<Loc> = (0..8).map(Loc::Cascade).chain((0..4).map(Loc::Cell)).chain([Loc::Foundation]).collect();
        for x in picks {
            let mv = Move::new(places[x as usize % 13], places[(x as usize / 13) % 13]);
            let _ = p.play(mv, EmptyTarget::Most);
            Autoplay::Ms.run(&mut p, |_, _| {});
            let in_play: usize = (0..8).map(|k| p.cascade_len(k)).sum::<usize>()
                + (0..4).filter(|&i| p.cell(i).is_some()).count();
            prop_assert_eq!(in_play + p.home() as usize, 52);
        }
    }
}

/// Capacity is `(free cells + 1) × 2^(empty cascades)`, halved when the destination is the
/// empty cascade (docs §3: 4 cells, 1 empty cascade → 10, or 5 into it), and the judge
/// refuses one card more.
#[test]
fn supermove_capacity() {
    use folio_freecell::Card;
    let c = |s: &str| Card::parse(s).unwrap();
    // Cascade 1: a run KS QH JS TH 9S 8H 7S 6H; cascade 2: 7D; the rest of the deck
    // parked on cascades 3..8, leaving `empties` of them empty; `cells` free cells.
    for cells in 0..=3usize {
        for empties in 0..=2usize {
            let run = ["KS", "QH", "JS", "TH", "9S", "8H", "7S", "6H"];
            let mut cols: [Vec<Card>; 8] = Default::default();
            cols[0] = run.iter().map(|s| c(s)).collect();
            cols[1] = vec![c("7D")];
            let used: Vec<Card> = cols[0].iter().chain(&cols[1]).copied().collect();
            let rest: Vec<Card> = (0..52)
                .filter_map(Card::from_index)
                .filter(|x| !used.contains(x))
                .collect();
            let holders = 6 - empties;
            for (i, x) in rest.iter().enumerate() {
                cols[2 + i % holders].push(*x);
            }
            let p = match Position::new(&cols, cells) {
                Ok(p) => p,
                Err(_) => continue,
            };
            // Into an empty cascade: the capacity exactly, and refused beyond.
            if empties > 0 {
                let e = (2..8).find(|&k| p.cascade_len(k) == 0).unwrap() as u8;
                let into = (cells + 1) << (empties - 1);
                for n in 1..=8u8 {
                    let mv = Move {
                        from: Loc::Cascade(0),
                        to: Loc::Cascade(e),
                        count: Some(n),
                    };
                    assert_eq!(
                        p.judge(mv, EmptyTarget::Most).is_ok(),
                        usize::from(n) <= into,
                        "cells {cells} empties {empties} n {n}"
                    );
                }
            }
            let cap = (cells + 1) << empties;
            assert_eq!(p.capacity(false), cap);
            assert_eq!(
                p.capacity(true),
                if empties > 0 {
                    (cells + 1) << (empties - 1)
                } else {
                    cap
                }
            );
        }
    }
}

#[test]
fn solver_answers_replay_to_a_win_on_a_sample() {
    // CI's sample of the 1..32000 sweep (the whole sweep is `make bench-freecell`).
    let deals: Vec<i64> = (1..=120).chain([617, 1941, 11982]).collect();
    for n in deals {
        let cells = if n == 11982 { 5 } else { 4 };
        let p = Position::new(&deal::deal(n).unwrap(), cells).unwrap();
        let Verdict::Solved(moves) = Solver::new().solve(&p).verdict else {
            panic!("deal {n} not solved")
        };
        let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let opts = Options {
            deal: Some(n),
            freecells: Some(cells),
            autoplay: Some(Autoplay::Ms),
        };
        let r = replay::replay("solver", text.join(" ").as_bytes(), &opts);
        assert!(r.valid() && r.won(), "deal {n}: {r}");
    }
}

/// Standard notation reads `h` as a destination as the foundation, so a solution with
/// eight free cells never parks a card in the eighth: deals 12, 21 and 26 once did (`5h`,
/// which the replay took as a move home and refused).
#[test]
fn solutions_with_eight_free_cells_never_name_the_eighth_as_a_destination() {
    for n in [12, 21, 26, 1, 617] {
        let p = Position::new(&deal::deal(n).unwrap(), 8).unwrap();
        let Verdict::Solved(moves) = Solver::new().solve(&p).verdict else {
            panic!("deal {n} not solved with 8 cells")
        };
        let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let opts = Options {
            deal: Some(n),
            freecells: Some(8),
            autoplay: Some(Autoplay::Ms),
        };
        let r = replay::replay("solver", text.join(" ").as_bytes(), &opts);
        assert!(r.valid() && r.won(), "deal {n}: {r}");
    }
}

#[test]
fn deal_11982_is_proven_unsolvable_with_four_cells() {
    let p = Position::new(&deal::deal(11982).unwrap(), 4).unwrap();
    assert_eq!(Solver::new().solve(&p).verdict, Verdict::Unsolvable);
}
