use super::*;
use crate::report::TurnKind;
use crate::WordList;

const AB: &str = "#player1 A Ann\n#player2 B Bob\n";

fn run_with(text: &str, lexicon: Option<&WordList>) -> Report {
    let script = match crate::parse(text.as_bytes(), "t.gcg") {
        Ok(s) => s,
        Err(e) => panic!("{text}\n{:#?}", e.errors),
    };
    replay(&script, lexicon, &Options::default())
}

fn run(text: &str) -> Report {
    run_with(text, None)
}

fn codes(r: &Report) -> Vec<&'static str> {
    r.findings.iter().map(|f| f.rule.code()).collect()
}

/// Every tile of the standard set in a fixed order (blanks first, designated as `e`).
fn all_tiles() -> Vec<char> {
    let mut out = vec!['e', 'e'];
    for (i, &n) in crate::tileset::ENGLISH_COUNTS.iter().enumerate() {
        out.extend(std::iter::repeat_n((b'A' + i as u8) as char, n as usize));
    }
    out
}

/// A synthetic two-player game without a lexicon: 14 plays of 7 tiles stacked in rows
/// around row 8 (columns B–H), which empties the bag; B goes out with the 14th play and A
/// keeps the last two tiles of the set. Returns the event lines and A's last two tiles.
fn full_game() -> (Vec<String>, String) {
    let tiles = all_tiles();
    let rows = [8, 9, 7, 10, 6, 11, 5, 12, 4, 13, 3, 14, 2, 15];
    let mut lines = Vec::new();
    for (k, row) in rows.iter().enumerate() {
        let word: String = tiles[k * 7..k * 7 + 7].iter().collect();
        let who = if k % 2 == 0 { "A" } else { "B" };
        lines.push(format!(">{who}: {row}B {word}"));
    }
    let left: String = tiles[98..].iter().collect();
    (lines, left)
}

fn text(lines: &[String]) -> String {
    format!("{AB}{}\n", lines.join("\n"))
}

#[test]
fn first_play_scores_and_totals() {
    let r = run(&format!(
        "{AB}>A: AEHNORT 8F HORN +14 14\n>B: AFIMRST H6 FA.M +9 9\n"
    ));
    assert_eq!(r.turns[0].points, 14);
    assert_eq!(r.turns[0].words[0].word, "HORN");
    assert_eq!(r.turns[0].words[0].tiles[2].square, "H8");
    assert_eq!(r.turns[0].words[0].tiles[2].word_factor, 2);
    assert_eq!(r.turns[1].notation, "H6 FA.M");
    assert!(r.is_valid(), "{:#?}", r.findings);
    assert_eq!(r.result.status, "unfinished");
    assert_eq!(r.players[1].score, i64::from(r.turns[1].points));
}

#[test]
fn misscore_is_one_finding_at_the_score_column() {
    let r = run(&format!(
        "{AB}>A: AEHNORT 8F HORN +15 15\n>B: AFIMRST H6 FA.M +9 9\n>A: AEPST 10F PASTE +25 40\n"
    ));
    assert_eq!(codes(&r), ["score"]);
    assert_eq!(r.findings[0].loc, Loc::new(3, 21));
    assert_eq!(
        r.findings[0].rule,
        Rule::Score {
            recorded: 15,
            computed: 14
        }
    );
    assert_eq!(r.stats.scores_checked, 3);
    assert_eq!(r.stats.scores_matched, 2);
}

#[test]
fn a_wrong_cumulative_is_reported_once_whichever_way_the_record_goes_on() {
    // The record fixes its total at once...
    let r = run(&format!(
        "{AB}>A: 8H HORN +14 15\n>B: - +0 0\n>A: - +0 14\n"
    ));
    assert_eq!(codes(&r), ["cumulative"]);
    // ...or builds on the wrong number.
    let r = run(&format!(
        "{AB}>A: 8H HORN +14 15\n>B: - +0 0\n>A: - +0 15\n"
    ));
    assert_eq!(codes(&r), ["cumulative"]);
}

/// A play that fails still took its tiles from the rack the record writes: they are judged
/// as for a play that stood, beside the reason it failed.
#[test]
fn a_failed_plays_tiles_are_judged_against_the_rack() {
    // Refused for missing the centre, and R is not on the rack.
    let r = run(&format!("{AB}>A: AEHNOTT 8A HORN +0 0\n"));
    assert_eq!(codes(&r), ["first-move-misses-centre", "not-on-rack"]);
    assert_eq!(
        r.findings[1].rule,
        Rule::NotOnRack {
            tiles: "R".into(),
            rack: "AEHNOTT".into()
        }
    );
    // A word outside the set, challenged off: the same.
    let words = WordList::new(["HORN"]);
    let r = run_with(&format!("{AB}>A: AEHNOTT 8H HORT +0 0\n"), Some(&words));
    assert_eq!(codes(&r), ["unknown-word", "not-on-rack"]);
    // Tiles that are on the rack give no second finding.
    let r = run(&format!("{AB}>A: AEHNORT 8A HORN +0 0\n"));
    assert_eq!(codes(&r), ["first-move-misses-centre"]);
}

/// A player's overtime is penalised once: a second `(time)` line for the same player is
/// a finding (applied as written), one for each player is not.
#[test]
fn a_time_penalty_is_given_once_per_player() {
    let end = "#player1 A Ann\n#player2 B Bob\n>A: AEHNORT 8H HORN +14 14\n>B: - +0 0\n\
               >A: - +0 14\n>B: - +0 0\n>A: - +0 14\n>B: - +0 0\n";
    let r = run(&format!("{end}>A: (time) -10 4\n>B: (time) -20 -20\n"));
    assert!(
        !codes(&r).contains(&"time-penalty-twice"),
        "{:?}",
        codes(&r)
    );
    let r = run(&format!("{end}>A: (time) -10 4\n>A: (time) -10 -6\n"));
    let twice: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.rule.code() == "time-penalty-twice")
        .collect();
    assert_eq!(twice.len(), 1, "{:?}", codes(&r));
    assert_eq!(twice[0].rule, Rule::TimePenaltyTwice { line: 9 });
    assert_eq!(twice[0].loc.line, 10);
    assert_eq!(r.players[0].score, -6);
}

#[test]
fn out_of_turn_and_rack_problems() {
    let r = run(&format!(
        "{AB}>A: AEHNORT 8H HORN +14 14\n>A: XYZ - +0 14\n"
    ));
    assert_eq!(codes(&r), ["off-turn"]);
    let r = run(&format!("{AB}>A: AEHNOTT 8H HORN +14 14\n"));
    assert_eq!(codes(&r), ["not-on-rack"]);
    assert_eq!(
        r.findings[0].rule,
        Rule::NotOnRack {
            tiles: "R".into(),
            rack: "AEHNOTT".into()
        }
    );
    let r = run(&format!("{AB}>A: QQ - +0 0\n"));
    assert_eq!(codes(&r), ["not-in-bag"]);
    let r = run(&format!("{AB}>A: ABC -ABD +0 0\n"));
    assert_eq!(codes(&r), ["not-on-rack"]);
}

#[test]
fn illegal_plays_are_located_and_forfeit_the_turn_where_the_rules_say_so() {
    // Course (and wordbler): a board-rule break forfeits the turn; B moves next.
    let r = run(&format!(
        "#rules course\n{AB}>A: 8A HORN +0 0\n>B: H8 HORN +14 14\n>A: 8H HORN +14 14\n"
    ));
    let c = codes(&r);
    assert_eq!(c[0], "first-move-misses-centre");
    assert_eq!(r.findings[0].loc, Loc::new(4, 5));
    assert_eq!(r.turns[0].kind, TurnKind::Rejected);
    assert_eq!(r.turns[0].points, 0);
    // The second play is legal on an empty board; the third plays over it.
    assert_eq!(r.turns[1].kind, TurnKind::Play);
    assert_eq!(r.turns[2].notation, "8H .ORN");
}

/// docs/rules.md, "failed play": under the standard rules a board-rule break is refused and
/// the same player plays again; under the course and wordbler rules the turn is lost.
#[test]
fn after_an_illegal_play_the_turn_follows_the_rule_set() {
    let record = ">P: AEINRST 8A RETAINS +0 0\n>P: AEINRST 8H AT +4 4\n";
    for (rules, off_turn) in [("standard", false), ("course", true), ("wordbler", true)] {
        let r = run(&format!(
            "#rules {rules}\n#player1 P P\n#player2 Q Q\n{record}"
        ));
        let c = codes(&r);
        assert_eq!(c[0], "first-move-misses-centre", "{rules}");
        assert_eq!(c.contains(&"off-turn"), off_turn, "{rules}: {c:?}");
        assert_eq!(r.turns[1].kind, TurnKind::Play, "{rules}");
    }
}

#[test]
fn withdrawn_phony_restores_board_racks_and_score() {
    let r = run(&format!(
        "{AB}>A: AEHNORT 8F HORN +14 14\n>B: AFIMRST H6 FA.M +9 9\n>B: AFIMRST -- -9 0\n>A: AEPST H7 A.T +3 17\n"
    ));
    assert!(r.is_valid(), "{:#?}", r.findings);
    assert_eq!(r.turns[2].kind, TurnKind::Withdrawn);
    assert_eq!(r.turns[2].points, -9);
    assert_eq!(r.turns[2].total, 0);
    assert_eq!(r.players[1].score, 0);
    // H7 is free again: ART through the R of HORN, with no premium square, scores 3.
    assert_eq!(r.turns[3].words[0].word, "ART");
    assert_eq!(r.turns[3].points, 3);
    // Withdrawal points that disagree with the play are reported; the cumulative is trusted.
    let r = run(&format!(
        "{AB}>A: 8F HORN +14 14\n>B: H6 FA.M +9 9\n>B: -- +0 0\n"
    ));
    assert_eq!(codes(&r), ["withdrawn-points"]);
    let r = run(&format!(
        "{AB}>A: 8H HORN +14 14\n>B: - +0 0\n>B: -- -18 0\n"
    ));
    assert!(codes(&r).contains(&"withdrawn-without-play"));
    let r = run(&format!(
        "{AB}>A: AEHNORT 8H HORN +14 14\n>A: AEHNORS -- -14 0\n"
    ));
    assert_eq!(codes(&r), ["withdrawn-rack-mismatch"]);
}

#[test]
fn challenge_bonus_follows_a_play_by_the_same_player() {
    let r = run(&format!(
        "{AB}>A: 8H HORN +14 14\n>A:  (challenge) +5 19\n>B: - +0 0\n"
    ));
    assert!(r.is_valid(), "{:#?}", r.findings);
    assert_eq!(r.players[0].score, 19);
    let r = run(&format!("{AB}>A: 8H HORN +14 14\n>B:  (challenge) +5 5\n"));
    assert_eq!(codes(&r), ["challenge-without-play"]);
    let r = run(&format!("{AB}>A: - +0 0\n>A:  (challenge) +5 5\n"));
    assert_eq!(codes(&r), ["challenge-without-play"]);
    // A bonus is never negative (the mirror of a positive time penalty), and +0 is allowed.
    let r = run(&format!(
        "{AB}>A: 8H HORN +14 14\n>A: (challenge) -5 9\n>B: - +0 0\n"
    ));
    assert_eq!(codes(&r), ["negative-challenge-bonus"]);
    assert_eq!((r.findings[0].loc.line, r.findings[0].loc.col), (4, 17));
    assert!(r.findings[0]
        .to_string()
        .contains("challenge bonus must not be negative (-5)"));
    let r = run(&format!(
        "{AB}>A: 8H HORN +14 14\n>A: (challenge) +0 14\n>B: - +0 0\n"
    ));
    assert!(r.is_valid(), "{:#?}", r.findings);
}

#[test]
fn six_scoreless_turns_end_the_game() {
    let passes = ">A: ABC - +0 0\n>B: DEF - +0 0\n".repeat(3);
    let r = run(&format!(
        "{AB}{passes}>A: ABC (ABC) -7 -7\n>B: DEF (DEF) -7 -7\n"
    ));
    assert!(r.is_valid(), "{:#?}", r.findings);
    assert_eq!(r.result.status, "finished");
    assert_eq!(r.result.reason.as_deref(), Some("six scoreless turns"));
    assert_eq!(r.result.ended_at_line, Some(8));
    // A rack field disagreeing, a move after the end, a missing line.
    let r = run(&format!(
        "{AB}{passes}>A: ABC (ABD) -6 -6\n>B: DEF - +0 0\n"
    ));
    assert_eq!(
        codes(&r),
        [
            "missing-end-line",
            "end-rack-mismatch",
            "move-after-game-over"
        ]
    );
    let r = run(&format!(
        "{AB}{passes}>A: ABC (ABC) -6 -6\n>B: DEF (DEF) -7 -7\n"
    ));
    assert_eq!(codes(&r), ["end-penalty"]);
}

#[test]
fn end_lines_before_the_end_are_reported() {
    let r = run(&format!(
        "{AB}>A: 8H HORN +14 14\n>B:  (time) -10 -10\n>B: (AB) +8 -2\n"
    ));
    assert_eq!(
        codes(&r),
        ["end-line-before-game-over", "end-line-before-game-over"]
    );
}

#[test]
fn going_out_is_detected_from_the_tile_count() {
    let (mut lines, left) = full_game();
    let value = crate::TileSet::ENGLISH.rack_value(&crate::Tile::parse_rack(&left).unwrap()) as i32;
    lines.push(format!(">B:  ({left}) +{} ", 2 * value));
    let r = run(&text(&lines));
    assert!(r.is_valid(), "{:#?}", r.findings);
    assert_eq!(r.result.status, "finished");
    assert_eq!(r.result.reason.as_deref(), Some("B went out"));
    assert_eq!(r.result.ended_at_line, Some(16));
    assert_eq!(r.turns.last().unwrap().kind, TurnKind::EndPoints);
    assert_eq!(r.turns.last().unwrap().points, 2 * value);
    assert_eq!(r.stats.moves, 14);
}

#[test]
fn a_missing_end_line_is_reported_and_applied() {
    let (lines, left) = full_game();
    let value = crate::TileSet::ENGLISH.rack_value(&crate::Tile::parse_rack(&left).unwrap()) as i32;
    let r = run(&text(&lines));
    assert_eq!(codes(&r), ["missing-end-line"]);
    assert_eq!(r.findings[0].loc.line, 16);
    let b_turns: i32 = r
        .turns
        .iter()
        .filter(|t| t.seat == 2)
        .map(|t| t.points)
        .sum();
    assert_eq!(r.players[1].score, i64::from(b_turns + 2 * value));
    assert!(r.findings[0].to_string().contains("B went out"));
}

#[test]
fn a_challenged_last_play_still_reaches_game_over() {
    let (mut lines, left) = full_game();
    let value = crate::TileSet::ENGLISH.rack_value(&crate::Tile::parse_rack(&left).unwrap()) as i32;
    lines.push(">B:  (challenge) +5".into());
    lines.push(format!(">B:  ({left}) +{}", 2 * value));
    let r = run(&text(&lines));
    assert!(r.is_valid(), "{:#?}", r.findings);
    assert_eq!(r.result.status, "finished");
    assert_eq!(r.turns[14].kind, TurnKind::Challenge);
}

#[test]
fn old_international_end_rule_is_accepted() {
    let (mut lines, left) = full_game();
    let value = crate::TileSet::ENGLISH.rack_value(&crate::Tile::parse_rack(&left).unwrap()) as i32;
    lines.push(format!(">B:  ({left}) +{value}"));
    lines.push(format!(">A: {left} ({left}) -{value}"));
    let r = run(&text(&lines));
    assert!(r.is_valid(), "{:#?}", r.findings);
    // Without the opponent's line the old rule is incomplete.
    lines.pop();
    let r = run(&text(&lines));
    assert_eq!(codes(&r), ["missing-end-line"]);
    // A wrong amount names both conventions.
    lines.pop();
    lines.push(format!(">B:  ({left}) +{}", value + 1));
    let r = run(&text(&lines));
    assert_eq!(codes(&r), ["end-points"]);
    assert!(r.findings[0].to_string().contains("old international"));
}

#[test]
fn end_rack_must_be_the_tiles_left() {
    let (mut lines, _) = full_game();
    lines.push(">B:  (QZ) +40".into());
    let r = run(&text(&lines));
    assert!(codes(&r).contains(&"end-rack-tiles"), "{:?}", codes(&r));
}

#[test]
fn four_players_count_their_racks() {
    let four = "#player1 A A\n#player2 B B\n#player3 C C\n#player4 D D\n";
    let r = run(&format!("{four}>A: 8H HORN\n>B: - \n>C: -\n>D: -\n>A: -\n"));
    assert!(r.is_valid(), "{:#?}", r.findings);
    assert_eq!(r.players.len(), 4);
    assert_eq!(r.turns[4].seat, 1);
    let r = run(&format!("{four}>A: 8H HORN\n>C: -\n"));
    assert_eq!(codes(&r), ["off-turn"]);
}

#[test]
fn seeded_games_deal_racks_and_check_them() {
    let mut bag = crate::Bag::new(crate::TileSet::ENGLISH, 9);
    let a: String = bag.draw_up_to(7).iter().map(|t| t.to_char()).collect();
    let r = run(&format!("#seed 9\n{AB}>A: {a} -{a} +0 0\n"));
    assert!(r.is_valid(), "{:#?}", r.findings);
    assert_eq!(r.turns[0].rack.as_deref(), Some(a.as_str()));
    let r = run(&format!("#seed 9\n{AB}>A: AAAAAAA - +0 0\n"));
    assert_eq!(codes(&r), ["rack-not-dealt"]);
    let r = run(&format!("#seed 9\n{AB}>A: -2 +0 0\n"));
    assert_eq!(codes(&r), ["exchange-needs-tiles"]);
    // The tiles of a seeded play must come from the dealt rack.
    let missing = ('A'..='Z').find(|c| !a.contains(*c)).unwrap();
    let r = run(&format!("#seed 9\n{AB}>A: 8H {missing}{missing}\n"));
    assert_eq!(codes(&r), ["not-on-rack"]);
}

#[test]
fn words_are_checked_against_a_lexicon() {
    let words = WordList::new(["HORN", "FARM"]);
    // A word outside the set with no points recorded: the play fails, nothing is placed.
    let r = run_with(
        &format!(
            "#rules course\n{AB}>A: 8F HORN +14 14\n>B: H6 FA.X +0 0\n>A: - +0 14\n>B: H6 FA.M\n"
        ),
        Some(&words),
    );
    assert_eq!(codes(&r), ["unknown-word"]);
    assert_eq!(r.turns[1].kind, TurnKind::Rejected);
    assert_eq!(r.turns[3].kind, TurnKind::Play);
    // Recorded with points, the phony stood: reported, kept on the board.
    let r = run_with(
        &format!("{AB}>A: 8H HORX +28 28\n>B: - +0 0\n"),
        Some(&words),
    );
    assert_eq!(codes(&r), ["unknown-word"]);
    assert_eq!(r.turns[0].kind, TurnKind::Play);
    // Challenged off: the withdrawal was right, nothing to report.
    let r = run_with(
        &format!("{AB}>A: 8H HORX +28 28\n>A: -- -28 0\n"),
        Some(&words),
    );
    assert!(r.is_valid(), "{:#?}", r.findings);
    // A valid play withdrawn is reported.
    let r = run_with(
        &format!("{AB}>A: 8H HORN +14 14\n>A: -- -14 0\n"),
        Some(&words),
    );
    assert_eq!(codes(&r), ["withdrawn-valid-play"]);
}

#[test]
fn require_lexicon_makes_an_unchecked_game_a_finding() {
    let require = Options {
        require_lexicon: true,
        lexicon_name: Some("NWL2018".into()),
        ..Options::default()
    };
    let text = format!("{AB}#lexicon NWL2018\n>A: 8H HORN +14 14\n");
    let script = crate::parse(text.as_bytes(), "t.gcg").unwrap();
    let none: Option<&WordList> = None;
    let r = replay(&script, none, &require);
    assert_eq!(codes(&r), ["words-not-checked"]);
    let f = &r.findings[0];
    assert_eq!(
        (f.loc, f.text.as_str()),
        (Loc::new(3, 10), "#lexicon NWL2018")
    );
    assert!(
        f.to_string().starts_with(
            "t.gcg:3:10: words not checked: #lexicon NWL2018 is a lexicon name, not a folio word set file"
        ),
        "{f}"
    );
    // Without `#lexicon`: at the first line, saying none was given.
    let script = crate::parse(format!("{AB}>A: 8H HORN +14 14\n").as_bytes(), "t.gcg").unwrap();
    let r = replay(
        &script,
        none,
        &Options {
            require_lexicon: true,
            ..Options::default()
        },
    );
    assert_eq!(r.findings[0].loc, Loc::new(1, 1));
    assert!(r.findings[0].to_string().contains("no lexicon given"));
    // With a lexicon, or without the requirement, no such finding.
    let words = WordList::new(["HORN"]);
    assert!(replay(&script, Some(&words), &require).is_valid());
    assert!(replay(&script, none, &Options::default()).is_valid());
}

#[test]
fn rounds_end_a_course_game() {
    let r = run(&format!(
        "#rules course\n#rounds 1\n{AB}>A: 8H HORN\n>B: -\n>A: -\n"
    ));
    assert_eq!(r.result.status, "finished");
    assert_eq!(r.result.reason.as_deref(), Some("rounds played"));
    assert_eq!(codes(&r), ["move-after-game-over"]);
    assert_eq!(r.rules, "course");
}

#[test]
fn old_notation_plays_through_letters_written_in_full() {
    // FARM written in full through the R; FIT written through a blank f in upper case.
    let r = run(&format!(
        "{AB}>A: 8F HORN +14 14\n>B: H6 fARM +5 5\n>A: 6H FIT +4 18\n"
    ));
    assert_eq!(r.turns[1].notation, "H6 fA.M");
    assert_eq!(r.turns[2].notation, "6H .IT");
    assert!(r.is_valid(), "{:#?}", r.findings);
}

mod props {
    use super::*;
    use proptest::prelude::*;

    fn event() -> impl Strategy<Value = String> {
        let nick = prop_oneof![Just("A"), Just("B")];
        let rack = "[A-Z?]{0,8}";
        let coord = prop_oneof!["[1-9][A-O]", "1[0-5][a-o]", "[A-Oa-o][1-9]", "[A-O]1[0-5]"];
        let word = "[A-Za-z.]{1,9}";
        // Points then cumulative, both optional (a cumulative needs points before it).
        let numbers = prop_oneof![
            Just(String::new()),
            "[+-][0-9]{1,3}",
            "[+-][0-9]{1,3} -?[0-9]{1,4}",
            Just("+2147483647 2147483647".to_string()),
            Just("-2147483647 -2147483647".to_string()),
        ];
        let body = prop_oneof![
            (coord, word).prop_map(|(c, w)| format!("{c} {w}")),
            Just("-".to_string()),
            "-[A-Z?]{1,7}",
            "-[0-9]",
            Just("--".to_string()),
            Just("(challenge)".to_string()),
            Just("(time)".to_string()),
            "\\([A-Z?]{0,7}\\)",
        ];
        (nick, rack, body, numbers).prop_map(|(n, r, b, x)| format!(">{n}: {r} {b} {x}"))
    }

    proptest! {
        /// Whatever events a script holds, the replay (and writing it back) never panics,
        /// every finding is located on a line of the file, and the report has one turn per
        /// event.
        #[test]
        fn replay_never_panics(
            events in proptest::collection::vec(event(), 0..40),
            header in prop_oneof![Just(""), Just("#seed 3\n"), Just("#rules course\n#rounds 2\n"), Just("#rules wordbler\n")],
        ) {
            let text = format!("{header}{AB}{}\n", events.join("\n"));
            let parsed = crate::parse(text.as_bytes(), "p.gcg");
            // The generator writes well-formed lines only: they must all parse.
            prop_assert!(parsed.is_ok(), "{:?}", parsed.as_ref().err());
            if let Ok(script) = parsed {
                let words = WordList::new(["AA", "AB"]);
                for lex in [None, Some(&words)] {
                    let r = replay(&script, lex, &Options { boards: true, ..Options::default() });
                    prop_assert_eq!(r.turns.len(), script.events.len());
                    let lines = script.lines.len() as u32;
                    for f in &r.findings {
                        prop_assert!(f.loc.line >= 1 && f.loc.line <= lines, "{}", f);
                    }
                    let _ = crate::write::to_gcg(&script, &r);
                }
            }
        }
    }
}

#[test]
fn totals_do_not_clamp_at_the_32_bit_limit() {
    // Each number fits a signed 32-bit field; their sum does not, and must not be clamped
    // into a total that makes the wrong cumulative look right.
    let r = run(&format!(
        "{AB}>B: (time) -2147483648 -2147483648\n>B: (time) -2147483648 -2147483648\n"
    ));
    assert_eq!(r.players[1].score, -4_294_967_296);
    assert_eq!(r.turns[1].total, -4_294_967_296);
    assert!(codes(&r).contains(&"cumulative"), "{:#?}", r.findings);
    let f = r.findings.iter().find(|f| f.rule.code() == "cumulative");
    assert!(
        f.is_some_and(|f| f.to_string().contains("= -4294967296")),
        "{f:?}"
    );
    // The text report shows the true total, not a clamped one.
    assert!(r.to_text().contains("-4294967296"), "{}", r.to_text());
}

/// Double challenge: B goes out, A challenges the out-play and loses, which costs A a turn,
/// recorded as a pass after the out-play and before the end-of-game line (Macondo accepts
/// such records). It replays clean, with a note.
#[test]
fn a_lost_challenge_of_the_going_out_play_is_a_pass_with_a_note() {
    let (mut lines, left) = full_game();
    let value = crate::TileSet::ENGLISH.rack_value(&crate::Tile::parse_rack(&left).unwrap()) as i32;
    lines.push(format!(">A: {left} - +0"));
    lines.push(format!(">B:  ({left}) +{}", 2 * value));
    let r = run(&text(&lines));
    assert!(r.is_valid(), "{:#?}", r.findings);
    assert_eq!(r.result.reason.as_deref(), Some("B went out"));
    let notes: Vec<_> = r
        .notes
        .iter()
        .map(|f| (f.rule.code(), f.loc.line))
        .collect();
    assert_eq!(notes, [("lost-challenge-pass", 17)]);
    // A bonus for the going-out play belongs right after it, not after the end line.
    let mut late = lines.clone();
    late.push(">B: (challenge) +5".to_string());
    let l = run(&text(&late));
    assert_eq!(codes(&l), ["challenge-without-play"], "{:#?}", l.findings);
    // Written with points, it is still that pass: the points are the line's score finding.
    let mut scored = lines.clone();
    let n = scored.len();
    scored[n - 2] = format!(">A: {left} - +5");
    let s = run(&text(&scored));
    assert_eq!(codes(&s), ["score"], "{:#?}", s.findings);
    assert_eq!(s.findings[0].loc.line, 17);
    // The player of the pass challenged and lost; the other went out.
    assert!(r.notes[0]
        .rule
        .to_string()
        .contains("A challenged B's play and lost"));
    assert_eq!(r.turns[14].kind, TurnKind::Pass);
    assert_eq!(r.turns[14].points, 0);
    assert_eq!(r.turns[15].kind, TurnKind::EndPoints);
    assert!(r.to_text().contains("1 note (not findings):"));
    assert_eq!(r.stats.moves, 14, "the lost turn is no move");
}

#[test]
fn only_one_pass_after_the_going_out_play_is_a_lost_challenge() {
    let (mut lines, left) = full_game();
    let value = crate::TileSet::ENGLISH.rack_value(&crate::Tile::parse_rack(&left).unwrap()) as i32;
    let end = format!(">B:  ({left}) +{}", 2 * value);
    // The player who went out cannot pass; a second pass is a move after the game.
    for extra in [
        vec![">B: - +0".to_string()],
        vec![format!(">A: {left} - +0"); 2],
    ] {
        let mut l = lines.clone();
        l.extend(extra);
        l.push(end.clone());
        let r = run(&text(&l));
        assert_eq!(codes(&r), ["move-after-game-over"], "{l:?}");
    }
    // After the end-of-game line, a pass is a move after the game too.
    lines.push(end);
    lines.push(format!(">A: {left} - +0"));
    assert_eq!(codes(&run(&text(&lines))), ["move-after-game-over"]);
}

/// Quackle writes `NoName` for both players: seats then follow turn order (a `(challenge)`
/// line and the end-of-game points belong to the last mover), with a note, not a finding.
#[test]
fn players_sharing_a_nickname_take_seats_from_turn_order() {
    let (lines, left) = full_game();
    let value = crate::TileSet::ENGLISH.rack_value(&crate::Tile::parse_rack(&left).unwrap()) as i32;
    let mut lines: Vec<String> = lines
        .iter()
        .map(|l| format!(">NoName:{}", &l[3..]))
        .collect();
    lines.insert(3, ">NoName: (challenge) +5".into());
    lines.push(format!(">NoName: {left} - +0"));
    lines.push(format!(">NoName:  ({left}) +{}", 2 * value));
    let head = "#player1 NoName Ann\n#player2 NoName Bob\n";
    let r = run(&format!("{head}{}\n", lines.join("\n")));
    assert!(r.is_valid(), "{:#?}", r.findings);
    let seats: Vec<usize> = r.turns.iter().map(|t| t.seat).collect();
    // Three plays, A's challenge bonus, eleven more plays (B's last goes out), A's lost
    // turn, B's end-of-game points.
    assert_eq!(seats, [1, 2, 1, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2]);
    assert_eq!(r.turns[3].kind, TurnKind::Challenge);
    let notes: Vec<_> = r.notes.iter().map(|f| f.rule.code()).collect();
    assert_eq!(notes, ["duplicate-nickname", "lost-challenge-pass"]);
    assert_eq!(r.result.reason.as_deref(), Some("NoName went out"));
    // The transcript tells the two NoNames apart by their full names.
    let winner = if r.players[0].score > r.players[1].score {
        "Ann"
    } else {
        "Bob"
    };
    assert!(
        r.result_text()
            .starts_with(&format!("NoName ({winner}) wins")),
        "{}",
        r.result_text()
    );
    assert!(r.to_text().contains("final: NoName ("), "{}", r.to_text());
}

/// With a shared nickname, the seat of a turn after an illegal play follows the rule set
/// too: refused under `standard` (the same player again), forfeited elsewhere.
#[test]
fn shared_nicknames_follow_the_rule_set_after_an_illegal_play() {
    let record = ">P: AEINRST 8A RETAINS +0 0\n>P: AEINRST 8H AT +4 4\n>P: DEFGHIJ 9H FE +9 9\n";
    for (rules, seats) in [
        ("standard", [1, 1, 2]),
        ("course", [1, 2, 1]),
        ("wordbler", [1, 2, 1]),
    ] {
        let r = run(&format!(
            "#rules {rules}\n#player1 P Ann\n#player2 P Bob\n{record}"
        ));
        let got: Vec<usize> = r.turns.iter().map(|t| t.seat).collect();
        assert_eq!(got, seats, "{rules}");
        assert!(!codes(&r).contains(&"off-turn"), "{rules}: {:?}", codes(&r));
    }
}

#[test]
fn german_tiles_play_umlauts_and_blanks_as_umlauts() {
    // SCHÖN across from E8 (S1 C4 H2 Ö8 N1 = 16, the star under Ö doubles: 32), then ÄH
    // down with a blank as `ä` above the H (a blank scores 0, the H 2).
    let words = WordList::new(["SCHÖN", "ÄH"]);
    let text =
        format!("{AB}#tileset german\n>A: SCHÖNEE 8E SCHÖN +32 32\n>B: ?EEIIRR G7 ä. +2 2\n");
    let r = run_with(&text, Some(&words));
    assert_eq!(codes(&r), Vec::<&str>::new(), "{:#?}", r.findings);
    assert_eq!(r.turns[0].words[0].word, "SCHÖN");
    assert_eq!(r.turns[1].words[0].word, "ÄH");
    // English tiles have no Ö: the play is illegal, a rule of the board.
    let english = text.replace("#tileset german\n", "");
    let r = run_with(&english, None);
    assert!(codes(&r).contains(&"no-such-letter"), "{:?}", codes(&r));
}

#[test]
fn a_word_set_for_another_alphabet_is_one_finding() {
    let game = format!("{AB}>A: AEHNORT 8F HORN +14 14\n>B: AFIMRST H6 FA.M +9 9\n");
    // Accented French words against English tiles: once, at line 1, whatever the moves.
    let french = WordList::new(["HORN", "FARM", "CAFÉ", "ÉTÉ"]);
    let r = run_with(&game, Some(&french));
    assert_eq!(codes(&r), ["alphabet-mismatch"]);
    assert_eq!(r.findings[0].loc, Loc::new(1, 1));
    assert!(
        r.findings[0].rule.to_string().contains("\"É\""),
        "{}",
        r.findings[0].rule
    );
    // An A-Z set under German tiles: a subset of the tiles' alphabet, fine.
    let plain = WordList::new(["HORN", "FARM"]);
    let german = game.replace(AB, &format!("{AB}#tileset german\n"));
    let r = run_with(&german, Some(&plain));
    assert!(!codes(&r).contains(&"alphabet-mismatch"), "{:?}", codes(&r));
    // A German set under German tiles: fine; under English tiles, Ä Ö Ü are outside.
    let umlauts = WordList::new(["HORN", "FARM", "SCHÖN"]);
    let r = run_with(&german, Some(&umlauts));
    assert!(!codes(&r).contains(&"alphabet-mismatch"), "{:?}", codes(&r));
    let r = run_with(&game, Some(&umlauts));
    assert_eq!(codes(&r), ["alphabet-mismatch"]);
}

#[test]
fn a_rack_of_more_tiles_than_a_rack_holds_is_a_finding() {
    let r = run(&format!("{AB}>A: ABCDEFGHIJ 8H CAB +14 14\n"));
    assert_eq!(codes(&r), ["rack-too-long"], "{:#?}", r.findings);
    assert_eq!(
        r.findings[0].rule.to_string(),
        "rack ABCDEFGHIJ holds 10 tiles, more than the 7 of a rack"
    );
    // Seven is a full rack, and the same play is clean.
    let r = run(&format!("{AB}>A: ABCDEFG 8H CAB +14 14\n"));
    assert!(r.is_valid(), "{:#?}", r.findings);
}

/// Replays `text` under the named rule set (whatever its `#rules` says).
fn run_under(text: &str, rules: RulesName) -> Report {
    let script = crate::parse(text.as_bytes(), "t.gcg").expect("parses");
    let opts = Options {
        rules: Some(rules),
        ..Options::default()
    };
    replay(&script, None::<&WordList>, &opts)
}

#[test]
fn a_pass_or_an_exchange_scores_nothing_whatever_the_record_writes() {
    let text = format!("{AB}>A: ABCDEFG -ABC +50 50\n>B: HIJKLMN - +7 7\n>A: DEFGOPQ - +0 50\n");
    for rules in [RulesName::Course, RulesName::Standard, RulesName::Wordbler] {
        let r = run_under(&text, rules);
        // One finding per wrong number, at the points: the rules give 0.
        assert_eq!(codes(&r), ["score", "score"], "{rules:?}");
        assert_eq!(r.findings[0].loc, Loc::new(3, 18), "{rules:?}");
        assert_eq!(
            r.findings[0].rule,
            Rule::Score {
                recorded: 50,
                computed: 0
            }
        );
        assert_eq!(r.findings[1].loc, Loc::new(4, 15), "{rules:?}");
        // The totals are the rules' (0), the record's are kept beside them; the cumulative
        // is judged as after a misscored play: built on the written points, it is no second
        // finding, and the next line builds on it.
        assert_eq!((r.turns[0].points, r.turns[0].total), (0, 0));
        assert_eq!(r.turns[0].recorded_points, Some(50));
        assert_eq!((r.players[0].score, r.players[0].recorded), (0, Some(50)));
        assert_eq!((r.players[1].score, r.players[1].recorded), (0, Some(7)));
        // Every written points field is a checked score, the passes' +0 too.
        assert_eq!((r.stats.scores_checked, r.stats.scores_matched), (3, 1));
    }
    // A cumulative that does not follow the written points is still its own finding.
    let r = run(&format!("{AB}>A: ABCDEFG -ABC +50 0\n"));
    assert_eq!(codes(&r), ["score", "cumulative"]);
}

#[test]
fn a_play_stands_one_challenge_and_gets_one_bonus() {
    let play = ">A: AGILORW 8F AIRGLOW +80 80\n>A: (challenge) +5 85\n";
    let r = run(&format!(
        "{AB}{play}>A: (challenge) +5 90\n>B: ACEOOQR -OOQ +0 0\n"
    ));
    assert_eq!(codes(&r), ["challenge-bonus-twice"]);
    assert_eq!(r.findings[0].loc, Loc::new(5, 5));
    assert_eq!(r.findings[0].rule, Rule::ChallengeBonusTwice { line: 4 });
    // The second line scores nothing by the rules; the record's 90 is shown beside it.
    assert_eq!((r.turns[2].points, r.turns[2].total), (0, 85));
    assert_eq!((r.players[0].score, r.players[0].recorded), (85, Some(90)));
    // Written without points, it is still a second bonus, and still worth nothing.
    let r = run(&format!("{AB}{play}>A: (challenge)\n"));
    assert_eq!(codes(&r), ["challenge-bonus-twice"]);
    assert_eq!(r.players[0].score, 85);
    // One bonus per play: the same player's next play may have its own.
    let r = run(&format!(
        "{AB}{play}>B: - +0 0\n>A: AEHNORT K7 H.\n>A: (challenge) +5\n"
    ));
    assert!(r.is_valid(), "{:#?}", r.findings);
}

#[test]
fn a_play_that_stood_its_challenge_cannot_be_withdrawn() {
    let play = ">A: AGILORW 8F AIRGLOW +80 80\n>A: (challenge) +5 85\n";
    let r = run(&format!(
        "{AB}{play}>A: AGILORW -- -80 0\n>B: ACEOOQR -OOQ +0 0\n"
    ));
    assert_eq!(codes(&r), ["withdrawn-after-challenge-bonus"]);
    assert_eq!(
        r.findings[0].rule,
        Rule::WithdrawnAfterChallengeBonus { bonus: 5, line: 4 }
    );
    // The record goes on from the withdrawal: the play and the bonus given for it are taken
    // back, and the line shows what left the total (85 - 85 = 0), not -80.
    let t = &r.turns[2];
    assert_eq!((t.kind, t.points, t.total), (TurnKind::Withdrawn, -85, 0));
    assert_eq!(t.recorded_points, Some(-80));
    assert_eq!(r.players[0].score, 0);
    assert!(r.board.iter().all(|row| row.chars().all(|c| c == '.')));
    // Taking the bonus back in the points too is no second finding.
    let r = run(&format!("{AB}{play}>A: AGILORW -- -85 0\n"));
    assert_eq!(codes(&r), ["withdrawn-after-challenge-bonus"]);
    // After a withdrawal there is no play left to give a bonus to.
    let r = run(&format!(
        "{AB}>A: AGILORW 8F AIRGLOW +80 80\n>A: AGILORW -- -80 0\n>A: (challenge) +5 5\n"
    ));
    assert_eq!(codes(&r), ["challenge-without-play"]);
}

#[test]
fn a_withdrawal_without_a_play_has_its_own_cumulative_checked_on_its_line() {
    // `-- -5 7` after a total of 0: the record's chain breaks on this line, and the next
    // line, which goes on from 7, is right by the record's chain.
    let r = run(&format!(
        "{AB}>A: AGILORW 8F AIRGLOW +80 80\n>B: -- -5 7\n>B: ABC - +0 7\n"
    ));
    assert_eq!(codes(&r), ["withdrawn-without-play", "cumulative"]);
    assert_eq!(r.findings[1].loc.line, 4);
    assert_eq!(
        r.findings[1].rule,
        Rule::Cumulative {
            recorded: 7,
            previous: 0,
            points: -5,
            expected: -5
        }
    );
    // A chain that adds up has no cumulative finding, whatever points the line writes.
    let r = run(&format!(
        "{AB}>A: AGILORW 8F AIRGLOW +80 80\n>B: -- -5 -5\n>B: ABC - +0 -5\n"
    ));
    assert_eq!(codes(&r), ["withdrawn-without-play"]);
}

/// A withdrawal takes back its own player's play only: a stray challenge bonus the other
/// player wrote between the play and the `--` stands (it was wiped with the play, so the
/// totals after it broke and `--fix` wrote a cumulative that failed).
#[test]
fn a_withdrawal_leaves_the_other_players_lines_since_the_play() {
    let r = run(&format!(
        "{AB}>A: AGILORW 8F AIRGLOW +80 80\n>B: ADEEGIL 9E GALE +13 13\n\
         >A: (challenge) +5 85\n>B: ADEEGIL -- -13 0\n>A: - +0 85\n"
    ));
    assert_eq!(codes(&r), ["challenge-without-play"], "{:#?}", r.findings);
    assert_eq!(r.players[0].score, 85);
    assert_eq!(r.players[1].score, 0);
}

#[test]
fn a_withdrawal_cumulative_drops_back_by_the_play_withdrawn() {
    let r = run(&format!(
        "{AB}>A: AGILORW 8F AIRGLOW +80 80\n>A: AGILORW -- -80 1\n"
    ));
    assert_eq!(codes(&r), ["cumulative"]);
    assert_eq!(
        r.findings[0].rule,
        Rule::Cumulative {
            recorded: 1,
            previous: 80,
            points: -80,
            expected: 0
        }
    );
    assert!(r.findings[0]
        .to_string()
        .contains("recorded 1, but 80 -80 = 0"));
    // Old Quackle's `-- +0` with the right cumulative: the points are wrong, the total is not.
    let r = run(&format!(
        "{AB}>A: AGILORW 8F AIRGLOW +80 80\n>A: AGILORW -- +0 0\n"
    ));
    assert_eq!(codes(&r), ["withdrawn-points"]);
    // A wrong cumulative on the play is one finding, whichever total the withdrawal drops
    // back from: the written 81 (81 - 80 = 1) or the right 80 (0).
    for back in [1, 0] {
        let r = run(&format!(
            "{AB}>A: AGILORW 8F AIRGLOW +80 81\n>A: AGILORW -- -80 {back}\n"
        ));
        assert_eq!(codes(&r), ["cumulative"], "{back}");
        assert_eq!(r.findings[0].loc.line, 3);
    }
}
