//! Issue 3's acceptance numbers, written as tables that read like the rules.
//!
//! Moves use the course form: tiles with `_` for a letter already on the board, 0-based
//! (row, col), direction; each is played on the board the previous rows left.

use folio_scrabble::{
    Board, BoardTile, Dir, Illegal, Move, Placement, Rules, Square, WordList, NO_LEXICON,
};

use Dir::{Across, Down};

/// The course's five-move sequence: (tiles, row, col, dir, course, standard, wordbler).
const SEQUENCE: [(&str, i32, i32, Dir, u32, u32, u32); 5] = [
    ("HORN", 7, 5, Across, 14, 14, 14),
    ("FA_M", 5, 7, Down, 9, 9, 9),
    ("PASTE", 9, 5, Across, 25, 25, 25),
    ("_OB", 8, 7, Across, 18, 16, 16),
    ("BIT", 10, 4, Across, 22, 16, 16),
];

fn lexicon() -> WordList {
    WordList::new([
        "HORN", "FARM", "FARMS", "PASTE", "MOB", "NOT", "BE", "BIT", "PI", "AT", "JOG",
    ])
}

fn play(rules: &Rules, board: &mut Board, tiles: &str, row: i32, col: i32, dir: Dir) -> Move {
    let p = Placement::course(tiles, row, col, dir).unwrap();
    let mv = rules
        .evaluate(board, &p, Some(&lexicon()))
        .unwrap_or_else(|e| panic!("{} {tiles}: {e}", rules.name));
    board.apply(&mv);
    mv
}

#[test]
fn the_five_course_moves_score_per_preset() {
    for (rules, column) in [
        (Rules::COURSE, 0),
        (Rules::STANDARD, 1),
        (Rules::WORDBLER, 2),
    ] {
        let mut board = Board::new();
        for (tiles, row, col, dir, course, standard, wordbler) in SEQUENCE {
            let want = [course, standard, wordbler][column];
            let mv = play(&rules, &mut board, tiles, row, col, dir);
            assert_eq!(mv.score, want, "{} {tiles} at ({row},{col})", rules.name);
            assert_eq!(
                mv.score,
                mv.words.iter().map(|w| w.score).sum::<u32>(),
                "no bingo here"
            );
        }
        assert_eq!(board.tile_count(), 4 + 3 + 5 + 2 + 3);
    }
}

/// Words formed and their scores, per preset: (move index, [(word, course, standard)]).
#[test]
fn words_formed_by_each_move_with_their_scores() {
    let expected: [&[(&str, u32, u32)]; 5] = [
        &[("HORN", 14, 14)],
        &[("FARM", 9, 9)],
        &[("PASTE", 15, 15), ("FARMS", 10, 10)],
        // I9 doubles O in MOB and NOT; the course also counts J10's triple under BE's E.
        &[("MOB", 8, 8), ("NOT", 4, 4), ("BE", 6, 4)],
        // E11 doubles BIT; the course also triples the P of PI on F10 again.
        &[("BIT", 10, 10), ("PI", 10, 4), ("AT", 2, 2)],
    ];
    let (mut course, mut standard) = (Board::new(), Board::new());
    for ((tiles, row, col, dir, ..), want) in SEQUENCE.into_iter().zip(expected) {
        let c = play(&Rules::COURSE, &mut course, tiles, row, col, dir);
        let s = play(&Rules::STANDARD, &mut standard, tiles, row, col, dir);
        let got_c: Vec<(String, u32)> = c.words.iter().map(|w| (w.text(), w.score)).collect();
        let got_s: Vec<(String, u32)> = s.words.iter().map(|w| (w.text(), w.score)).collect();
        let want_c: Vec<(String, u32)> = want.iter().map(|&(w, c, _)| (w.to_string(), c)).collect();
        let want_s: Vec<(String, u32)> = want.iter().map(|&(w, _, s)| (w.to_string(), s)).collect();
        assert_eq!(got_c, want_c, "course {tiles}");
        assert_eq!(got_s, want_s, "standard {tiles}");
        assert!(c.words[0].main && c.words[1..].iter().all(|w| !w.main));
    }
}

#[test]
fn per_tile_breakdown_names_squares_and_factors() {
    let mut board = Board::new();
    for (tiles, row, col, dir, ..) in &SEQUENCE[..3] {
        play(&Rules::COURSE, &mut board, tiles, *row, *col, *dir);
    }
    let mv = play(&Rules::COURSE, &mut board, "_OB", 8, 7, Across);
    let be = &mv.words[2];
    assert_eq!(be.position.to_string(), "J9");
    let rows: Vec<(String, char, bool, u32, u32, u32)> = be
        .tiles
        .iter()
        .map(|t| {
            (
                t.square.to_string(),
                t.tile.to_char(),
                t.new,
                t.value,
                t.letter_factor,
                t.word_factor,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("J9".into(), 'B', true, 3, 1, 1),
            ("J10".into(), 'E', false, 1, 3, 1)
        ]
    );
    assert_eq!(be.notation(), "B(E)");
    assert_eq!(mv.words[0].notation(), "(M)OB");
}

#[test]
fn jog_at_8g_as_first_move_scores_22() {
    for rules in Rules::presets() {
        let mv = rules
            .evaluate_notation(&Board::new(), "8G JOG", Some(&lexicon()))
            .unwrap();
        assert_eq!(mv.score, 22, "{}", rules.name);
        assert_eq!(
            mv.words[0].tiles[1].word_factor, 2,
            "centre star doubles the first word"
        );
    }
}

/// A 10-tile word on an empty board, board rules only: (row, col, dir, verdict).
#[test]
fn ten_tile_words_on_an_empty_board() {
    let cases: [(i32, i32, Dir, Option<Illegal>); 7] = [
        (0, 6, Down, Some(Illegal::FirstMoveMissesCentre)),
        (7, 6, Across, Some(Illegal::OffBoard { row: 7, col: 15 })),
        (6, 7, Down, Some(Illegal::OffBoard { row: 15, col: 7 })),
        (-1, 7, Down, Some(Illegal::OffBoard { row: -1, col: 7 })),
        (7, -1, Across, Some(Illegal::OffBoard { row: 7, col: -1 })),
        (0, 7, Down, None),
        (7, 0, Across, None),
    ];
    for rules in Rules::presets() {
        for (row, col, dir, verdict) in cases.clone() {
            let p = Placement::course("ABCDEFGHIJ", row, col, dir).unwrap();
            let got = rules.evaluate(&Board::new(), &p, NO_LEXICON).err();
            assert_eq!(got, verdict, "{} ({row},{col}) {dir:?}", rules.name);
        }
    }
}

#[test]
fn tea_over_paste_overwrites_the_p() {
    for rules in Rules::presets() {
        let mut board = Board::new();
        for (tiles, row, col, dir, ..) in &SEQUENCE[..3] {
            play(&rules, &mut board, tiles, *row, *col, *dir);
        }
        let tea = Placement::course("TEA", 9, 5, Across).unwrap();
        assert_eq!(
            rules.evaluate(&board, &tea, NO_LEXICON),
            Err(Illegal::Overwrite {
                square: Square::new(9, 5).unwrap(),
                existing: BoardTile::letter(b'P'),
                placed: BoardTile::letter(b'T'),
            }),
            "{}",
            rules.name
        );
    }
}

/// Each remaining rule, its verdict, on the board after HORN: (placement, verdict).
#[test]
fn every_rule_has_its_own_verdict() {
    let mut board = Board::new();
    play(&Rules::STANDARD, &mut board, "HORN", 7, 5, Across);
    let sq = |r, c| Square::new(r, c).unwrap();
    let cases: Vec<(Placement, Illegal)> = vec![
        (
            Placement::course("HORN", 7, 5, Across).unwrap(),
            Illegal::NoNewTile,
        ),
        (
            Placement::course("F__M", 5, 7, Down).unwrap(),
            Illegal::Gap { square: sq(6, 7) },
        ),
        (
            Placement::parse("H6 FA(X)M").unwrap(),
            Illegal::WrongThrough {
                square: sq(7, 7),
                existing: BoardTile::letter(b'R'),
                written: b'X',
            },
        ),
        (Placement::parse("A1 CAT").unwrap(), Illegal::NotConnected),
        (
            Placement::parse("8J SS").unwrap(),
            Illegal::UnknownWord {
                word: "HORNSS".into(),
                position: folio_scrabble::Position::parse("8F").unwrap(),
            },
        ),
        (
            Placement::parse("I7 A.T").unwrap(),
            Illegal::UnknownWord {
                word: "ANT".into(),
                position: folio_scrabble::Position::parse("I7").unwrap(),
            },
        ),
    ];
    for (p, want) in cases {
        assert_eq!(
            Rules::STANDARD.evaluate(&board, &p, Some(&lexicon())),
            Err(want),
            "{p}"
        );
    }
    let single = Placement::parse("8H A").unwrap();
    assert_eq!(
        Rules::STANDARD.evaluate(&Board::new(), &single, NO_LEXICON),
        Err(Illegal::SingleLetter)
    );
    // Writing the through-letter in full (old records) is the same as `.` or `(R)`.
    let full = Rules::STANDARD
        .evaluate_notation(&board, "H6 FARM", Some(&lexicon()))
        .unwrap();
    let dot = Rules::STANDARD
        .evaluate_notation(&board, "H6 FA.M", Some(&lexicon()))
        .unwrap();
    assert_eq!(
        (full.score, full.new_tiles.len()),
        (dot.score, dot.new_tiles.len())
    );
}

#[test]
fn blanks_score_zero_and_bingos_add_fifty_under_standard_only() {
    let words = WordList::new(["RETAINS"]);
    for (rules, plain, with_blank) in [
        (Rules::STANDARD, 66, 64),
        (Rules::WORDBLER, 16, 14),
        (Rules::COURSE, 16, 14),
    ] {
        let mv = rules
            .evaluate_notation(&Board::new(), "8H RETAINS", Some(&words))
            .unwrap();
        assert_eq!(mv.score, plain, "{}", rules.name);
        let mv = rules
            .evaluate_notation(&Board::new(), "8H rETAINS", Some(&words))
            .unwrap();
        assert_eq!(mv.score, with_blank, "{}", rules.name);
        assert_eq!(mv.words[0].tiles[0].value, 0);
    }
}

/// A tile set on a premium square without being scored (a set-up position): the course counts
/// the premium every time, the standard never (old tile), Wordbler once.
#[test]
fn premiums_under_old_tiles_per_preset() {
    // A on D8 (a DLS), then AT (8D .T), then ATE (8D ..E): (course, standard, wordbler).
    let want = [(3, 2, 3), (4, 3, 3)];
    for (rules, column) in [
        (Rules::COURSE, 0),
        (Rules::STANDARD, 1),
        (Rules::WORDBLER, 2),
    ] {
        let mut board = Board::new();
        board.set(Square::parse("D8").unwrap(), Some(BoardTile::letter(b'A')));
        for (notation, scores) in ["8D .T", "8D ..E"].into_iter().zip(want) {
            let mv = rules
                .evaluate_notation(&board, notation, NO_LEXICON)
                .unwrap();
            let expect = [scores.0, scores.1, scores.2][column];
            assert_eq!(mv.score, expect, "{} {notation}", rules.name);
            board.apply(&mv);
        }
    }
}

/// Wordbler: a word already scored at the same position is not scored again (here HORN is
/// withdrawn and put back); the centre star was used up by the first HORN.
#[test]
fn wordbler_does_not_rescore_a_word_at_the_same_position() {
    let mut board = Board::new();
    let horn = play(&Rules::WORDBLER, &mut board, "HORN", 7, 5, Across);
    assert_eq!(horn.score, 14);
    board.take_back(&horn);
    assert!(board.is_empty());
    let again = Rules::WORDBLER
        .evaluate_notation(&board, "8F HORN", NO_LEXICON)
        .unwrap();
    assert!(again.words[0].repeat);
    assert_eq!(again.score, 0);
    assert_eq!(again.words[0].computed_score(), 7, "centre star used up");
    // The standard rules score it again in full.
    let mut std_board = Board::new();
    let first = play(&Rules::STANDARD, &mut std_board, "HORN", 7, 5, Across);
    std_board.take_back(&first);
    assert_eq!(
        Rules::STANDARD
            .evaluate_notation(&std_board, "8F HORN", NO_LEXICON)
            .unwrap()
            .score,
        14
    );
}

#[test]
fn notation_errors_and_verdicts_come_through_evaluate_notation() {
    use folio_scrabble::MoveError;
    assert!(matches!(
        Rules::STANDARD.evaluate_notation(&Board::new(), "8H", NO_LEXICON),
        Err(MoveError::Notation(_))
    ));
    assert_eq!(
        Rules::STANDARD.evaluate_notation(&Board::new(), "A1 AB", NO_LEXICON),
        Err(MoveError::Illegal(Illegal::FirstMoveMissesCentre))
    );
}

/// Moves and verdicts serialize for reports, squares and positions in notation.
#[test]
fn moves_and_verdicts_serialize_in_notation() {
    let mv = Rules::STANDARD
        .evaluate_notation(&Board::new(), "8G JoG", NO_LEXICON)
        .unwrap();
    let json = serde_json::to_value(&mv).unwrap();
    assert_eq!(json["placement"], "8G JoG");
    assert_eq!(json["score"], 20);
    assert_eq!(json["words"][0]["position"], "8G");
    assert_eq!(json["words"][0]["tiles"][1]["square"], "H8");
    assert_eq!(json["words"][0]["tiles"][1]["tile"], "o");
    assert_eq!(json["words"][0]["tiles"][1]["word_factor"], 2);
    assert_eq!(json["new_tiles"][0], serde_json::json!(["G8", "J"]));
    let verdict = Illegal::WrongThrough {
        square: Square::CENTRE,
        existing: BoardTile::blank(b'R'),
        written: b'X',
    };
    assert_eq!(
        serde_json::to_value(&verdict).unwrap(),
        serde_json::json!({"rule": "WrongThrough", "square": "H8", "existing": "r", "written": "X"})
    );
}
