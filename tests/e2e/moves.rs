//! End-to-end tests of `folio moves`: positions from CGP strings and records, text and JSON.

use std::path::{Path, PathBuf};

use crate::common::folio;

/// A tiny set written with `folio words import` from a word list.
fn import(dir: &Path, words: &str) -> PathBuf {
    let list = dir.join("list.txt");
    std::fs::write(&list, words).unwrap();
    let set = dir.join("tiny.fst");
    folio()
        .args(["words", "import"])
        .arg(&list)
        .arg("-o")
        .arg(&set)
        .assert()
        .success();
    set
}

const EMPTY: &str = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";
const WORD: &str = "15/15/15/15/15/15/15/4WORD7/15/15/15/15/15/15/15";

#[test]
fn plays_are_listed_best_first_with_words_and_leave() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "WORD\nWORDS\nSWORD\nSO\nOS\nDO\nOD\nOW\n");
    let out = folio()
        .args(["moves", &format!("{WORD} SOX/ 0/0 0"), "--set"])
        .arg(&set)
        .arg("--json")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(v["count"].as_u64().unwrap() as usize, moves.len());
    // SWORD and WORDS take the S before or after WORD.
    let first = &moves[0];
    let scores: Vec<u64> = moves.iter().map(|m| m["score"].as_u64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    assert!(moves
        .iter()
        .any(|m| m["move"] == "8D S...." && m["words"][0] == "SWORD"));
    assert!(moves
        .iter()
        .any(|m| m["move"] == "8E ....S" && m["leave"] == "OX"));
    assert!(first["words"].as_array().is_some());
}

#[test]
fn top_cuts_the_list_and_text_ends_with_a_count() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "AT\nTA\n");
    let out = folio()
        .args([
            "moves",
            &format!("{EMPTY} AT/ 0/0 0"),
            "--top",
            "3",
            "--set",
        ])
        .arg(&set)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].starts_with("   4  8G AT"), "{text}");
    assert_eq!(lines[3], "8 plays for AT under standard rules (3 shown)");
}

#[test]
fn a_record_gives_the_position_before_the_turn_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "HORN\nHORNS\nFARM\nFARMS\n");
    let gcg = dir.path().join("g.gcg");
    std::fs::write(
        &gcg,
        "#player1 A A\n#player2 B B\n>A: HNORXYZ 8F HORN +14 14\n>B: AFMSTUV H6 FA.M +9 9\n",
    )
    .unwrap();
    let out = folio()
        .arg("moves")
        .arg(&gcg)
        .args(["--turn", "2", "--set"])
        .arg(&set)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("H6 FA.M"), "{text}");
    assert!(text.contains("8F ....S"), "{text}");
    assert!(
        text.ends_with("plays for AFMSTUV under standard rules\n"),
        "{text}"
    );
}

/// A record whose play before the turn cannot be set up is named as the replay names it,
/// `FILE:LINE:COL` at the play's coordinate, without a `--turn` the user never gave.
#[test]
fn a_record_that_cannot_be_set_up_is_located_as_the_replay_locates_it() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "HORN\nHORNS\n");
    let gcg = dir.path().join("g.gcg");
    std::fs::write(
        &gcg,
        "#player1 A A\n#player2 B B\n>A: HNORSXY 8F HORN +14 14\n>B: AFMSTUV 8M FARM +9 9\n",
    )
    .unwrap();
    let o = folio()
        .arg("moves")
        .arg(&gcg)
        .arg("--set")
        .arg(&set)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("g.gcg:4:13: the play 8M FARM cannot be set up"),
        "{err}"
    );
    assert!(!err.contains("--turn"), "{err}");
    let o = folio()
        .arg("moves")
        .arg(&gcg)
        .args(["--turn", "9", "--set"])
        .arg(&set)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("g.gcg: --turn 9: the record has 2 events"),
        "{err}"
    );
}

#[test]
fn bad_positions_and_racks_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "AT\n");
    let cases = [
        (
            format!("{EMPTY} A1/ 0/0 0"),
            vec![],
            "CGP column 47: unexpected `1`",
        ),
        (format!("{EMPTY} / 0/0 0"), vec![], "give --rack"),
        (
            format!("{EMPTY} / 0/0 0"),
            vec!["--rack", "ZZ"],
            "the english tile set has 1",
        ),
        (
            format!("{EMPTY} / 0/0 0"),
            vec!["--rack", "A?", "--rules", "course"],
            "the course tile set has 0",
        ),
        (
            format!("{EMPTY} / 0/0 0"),
            vec!["--rack", "AT", "--turn", "2"],
            "--turn needs a script file",
        ),
    ];
    for (pos, extra, want) in cases {
        folio()
            .args(["moves", &pos, "--set"])
            .arg(&set)
            .args(&extra)
            .assert()
            .code(2)
            .stderr(predicates::str::contains(want));
    }
}

#[test]
fn play_analyse_ranks_each_play_with_a_written_rack() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "HORN\nHORNS\nFARM\nFARMS\nOH\nHO\nNO\nON\n");
    let gcg = dir.path().join("g.gcg");
    std::fs::write(
        &gcg,
        "#player1 A A\n#player2 B B\n>A: HNORXYZ 8F HORN +14 14\n>B: AFMSTUV H6 FA.M +9 9\n",
    )
    .unwrap();
    let out = folio()
        .arg("play")
        .arg(&gcg)
        .arg("--lexicon")
        .arg(&set)
        .args(["--analyse", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let v = &doc["reports"][0];
    let turns = v["analysis"]["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 2);
    // Seats count from 1, as the report's own `seat` does.
    assert_eq!(turns[0]["player"], 1);
    assert_eq!(turns[1]["player"], 2);
    assert_eq!(turns[1]["player"], v["turns"][1]["seat"]);
    assert_eq!(v["analysis"]["players"][0]["player"], 1);
    assert_eq!(turns[0]["rank"], 1);
    assert_eq!(turns[0]["missed"], 0);
    let (score, best) = (
        turns[1]["score"].as_u64().unwrap(),
        turns[1]["best_score"].as_u64().unwrap(),
    );
    assert_eq!(score, 9);
    assert!(best >= score);
    assert_eq!(turns[1]["missed"].as_u64().unwrap(), best - score);
    // Text: a line per play and per player; --analyse needs --lexicon.
    folio()
        .arg("play")
        .arg(&gcg)
        .arg("--lexicon")
        .arg(&set)
        .arg("--analyse")
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "player 1: 1 plays analysed, 1 best, 0 points missed",
        ));
    folio()
        .arg("play")
        .arg(&gcg)
        .arg("--analyse")
        .assert()
        .code(2);
    // A record on standard input is analysed as the same file is (it was skipped unsaid).
    folio()
        .args(["play", "-", "--lexicon"])
        .arg(&set)
        .arg("--analyse")
        .write_stdin(std::fs::read(&gcg).unwrap())
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "player 1: 1 plays analysed, 1 best, 0 points missed",
        ));
}

#[test]
fn a_printed_board_is_a_position() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "WORD\nWORDS\n");
    let mut text = String::from("   A B C D E F G H I J K L M N O\n");
    for r in 1..=15 {
        let row = if r == 8 {
            "= . . ' W O R D . . ' . . . ="
        } else {
            ". . . . . . . . . . . . . . ."
        };
        text.push_str(&format!("{r:>2} {row}\n"));
    }
    let board = dir.path().join("board.txt");
    std::fs::write(&board, &text).unwrap();
    let out = folio()
        .arg("moves")
        .arg(&board)
        .args(["--rack", "S", "--set"])
        .arg(&set)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(out.starts_with("   9  8E ....S  WORDS"), "{out}");
    // A square that does not read is located FILE:LINE:COL, as every located error.
    std::fs::write(&board, text.replacen(" 2 . .", " 2 . 0", 1)).unwrap();
    let out = folio()
        .arg("moves")
        .arg(&board)
        .args(["--rack", "S", "--set"])
        .arg(&set)
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let said = String::from_utf8(out).unwrap();
    let at = format!("{}:3:6: `0` is not a square", board.display());
    assert!(said.contains(&at), "{said}");
}
