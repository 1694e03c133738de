//! Unit tests: small positions whose plays can be counted by hand, each rule set's scoring
//! specifics, exchanges. The brute-force oracle over real positions is
//! `tests/movegen_oracle.rs`.

use super::*;
use crate::{Board, Placement, Rules, WordList, NO_LEXICON};

fn board_after(rules: &Rules, plays: &[&str]) -> Board {
    let mut b = Board::new();
    for p in plays {
        let mv = rules.evaluate_notation(&b, p, NO_LEXICON).unwrap();
        b.apply(&mv);
    }
    b
}

fn notations(plays: &[Play]) -> Vec<String> {
    plays.iter().map(|p| format!("{p} {}", p.score)).collect()
}

#[test]
fn first_move_covers_the_centre_with_two_or_more_tiles() {
    let words = WordList::new(["AT", "TA", "A"]);
    let b = Board::new();
    let plays = Generator::new(&Rules::STANDARD, &b, &words).plays(&Rack::parse("AT").unwrap());
    // AT and TA, across and down, each with either tile on the star.
    assert_eq!(
        notations(&plays),
        ["8G AT 4", "8G TA 4", "8H AT 4", "8H TA 4", "H7 AT 4", "H7 TA 4", "H8 AT 4", "H8 TA 4"]
    );
}

#[test]
fn single_tiles_are_listed_once_along_the_word_they_form() {
    let words = WordList::new(["HORN", "HORNS", "ON", "NO", "OH"]);
    let b = board_after(&Rules::STANDARD, &["8F HORN"]);
    let plays = Generator::new(&Rules::STANDARD, &b, &words).plays(&Rack::parse("S").unwrap());
    assert_eq!(notations(&plays), ["8F ....S 8"]);
    let plays = Generator::new(&Rules::STANDARD, &b, &words).plays(&Rack::parse("O").unwrap());
    // OH down before H, ON down before N (I7 is a DLS), NO down after N (I9 a DLS).
    assert_eq!(notations(&plays), ["F7 O. 5", "I7 O. 3", "I8 .O 3"]);
    for p in &plays {
        assert_eq!(p.tile_count(), 1);
        assert_eq!(p.evaluate(&Rules::STANDARD, &b).unwrap().score, p.score);
    }
}

#[test]
fn every_generated_play_scores_as_evaluate_scores_it_under_each_rule_set() {
    let words = WordList::new([
        "HORN", "FARM", "PASTE", "MOB", "BIT", "HORNS", "OBIT", "AT", "TA", "IT", "TI", "BA", "AB",
        "MA", "AM", "SAT", "TAB", "BAT", "STAB", "BITS", "MOBS", "OBA", "BOA", "MI",
    ]);
    for rules in Rules::presets() {
        let b = board_after(&rules, &["8F HORN", "H6 FA.M", "10F PASTE"]);
        let gen = Generator::new(&rules, &b, &words);
        let plays = gen.plays(&Rack::parse("TABIMOS").unwrap());
        assert!(plays.len() >= 9, "{}: {}", rules.name, plays.len());
        for p in &plays {
            let mv = rules
                .evaluate(&b, &p.placement(), Some(&words))
                .unwrap_or_else(|e| panic!("{}: {p} is illegal: {e}", rules.name));
            assert_eq!(mv.score, p.score, "{}: {p}", rules.name);
        }
    }
}

#[test]
fn wordbler_does_not_score_a_word_again_at_the_same_place() {
    let words = WordList::new(["HORN", "HORNS", "NOR"]);
    let rules = Rules::WORDBLER;
    let mut b = board_after(&rules, &["8F HORN"]);
    // Take HORN off and put it back: the same word at the same place scores 0 now.
    let horn = rules
        .evaluate_notation(&Board::new(), "8F HORN", NO_LEXICON)
        .unwrap();
    b.take_back(&horn);
    let plays = Generator::new(&rules, &b, &words).plays(&Rack::parse("HORN").unwrap());
    let again = plays.iter().find(|p| p.to_string() == "8F HORN").unwrap();
    assert_eq!(again.score, 0);
    let elsewhere = plays.iter().find(|p| p.to_string() == "8E HORN").unwrap();
    assert!(elsewhere.score > 0);
}

#[test]
fn course_premiums_persist_under_old_tiles_and_the_star_counts_once() {
    let words = WordList::new(["HORN", "HORNS"]);
    let rules = Rules::COURSE;
    let b = board_after(&rules, &["8F HORN"]);
    let plays = Generator::new(&rules, &b, &words).plays(&Rack::parse("S").unwrap());
    // HORNS across from F8: the star under O no longer doubles; plain letters 4+1+1+1+1.
    assert_eq!(notations(&plays), ["8F ....S 8"]);
    let p = Placement::parse("8F ....S").unwrap();
    assert_eq!(rules.evaluate(&b, &p, Some(&words)).unwrap().score, 8);
}

#[test]
fn blanks_take_every_letter_and_score_nothing() {
    let words = WordList::new(["AT", "TA"]);
    let b = Board::new();
    let plays = Generator::new(&Rules::STANDARD, &b, &words).plays(&Rack::parse("??").unwrap());
    // The 8 placements of AT and TA, each spelt with two blanks.
    assert_eq!(plays.len(), 8);
    assert!(plays.iter().all(|p| p.score == 0));
    assert!(plays.iter().any(|p| p.to_string() == "8G at"));
}

#[test]
fn exchanges_are_the_distinct_sub_racks() {
    let r = Rack::parse("AAB?").unwrap();
    let all = exchanges(&r);
    assert_eq!(all.len(), 3 * 2 * 2 - 1);
    assert_eq!(crate::tile::rack_string(&all[0]), "A");
    assert_eq!(crate::tile::rack_string(all.last().unwrap()), "AAB?");
    let words = WordList::new(["AB"]);
    let b = Board::new();
    let gen = Generator::new(&Rules::STANDARD, &b, &words);
    let with_bag = gen.candidates(&r, 7);
    let late = gen.candidates(&r, 6);
    assert_eq!(with_bag.len(), late.len() + 11);
    assert_eq!(late.last(), Some(&Candidate::Pass));
}

#[test]
fn notation_and_leave_counts_agree_with_the_text_and_the_tile_list() {
    let words = WordList::new([
        "HORN", "HORNS", "THORN", "THORNS", "ON", "NO", "OH", "SH", "TO",
    ]);
    let b = board_after(&Rules::STANDARD, &["8F HORN", "I7 O."]);
    let rack = Rack::parse("ST?O").unwrap();
    let plays = Generator::new(&Rules::STANDARD, &b, &words).plays(&rack);
    assert!(plays.len() > 10);
    for p in &plays {
        assert_eq!(p.notation().as_bytes(), p.to_string().as_bytes());
        assert_eq!(p.leave_counts(&rack), p.leave(&rack));
    }
    // Rows 10–15 write two digits, and "10A" sorts before "8A" as text does.
    let far = board_after(&Rules::STANDARD, &["H8 THORNS"]);
    let plays = Generator::new(&Rules::STANDARD, &far, &words).plays(&rack);
    assert!(plays.iter().any(|p| p.position.square.row >= 9));
    for p in &plays {
        assert_eq!(p.notation().as_bytes(), p.to_string().as_bytes());
    }
    let mut texts: Vec<String> = plays
        .iter()
        .map(|p| format!("{:03} {p}", 999 - p.score))
        .collect();
    texts.sort();
    let sorted: Vec<String> = plays
        .iter()
        .map(|p| format!("{:03} {p}", 999 - p.score))
        .collect();
    assert_eq!(sorted, texts);
}
