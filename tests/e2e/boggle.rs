//! End-to-end tests of `folio boggle solve` and `folio boggle roll`.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

use crate::common::folio;

fn stdout(cmd: &mut Command) -> String {
    String::from_utf8(cmd.assert().success().get_output().stdout.clone()).unwrap()
}

/// A tiny set written with `folio words import` from a word list.
fn import(dir: &Path, words: &str) -> PathBuf {
    let list = dir.join("list.txt");
    std::fs::write(&list, words).unwrap();
    let set = dir.join("tiny.fst");
    import_list(&list, &set);
    set
}

/// `folio words import LIST -o SET`, which must succeed.
fn import_list(list: &Path, set: &Path) {
    folio()
        .args(["words", "import"])
        .arg(list)
        .arg("-o")
        .arg(set)
        .assert()
        .success();
}

/// ENABLE2K (CRLF) imported with `folio words import` into a temporary folder, or `None`
/// when the shared data is absent (see `folio_shared`).
pub(crate) fn import_enable2k() -> Option<(tempfile::TempDir, PathBuf)> {
    let list = folio_testdata::path("games/boggle/wordlists/enable2k.txt")?;
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("enable2k.fst");
    import_list(&list, &set);
    Some((dir, set))
}

#[test]
fn imported_enable2k_solves_the_best_4x4_board() {
    let Some((_dir, set)) = import_enable2k() else {
        return;
    };
    let out = stdout(
        folio()
            .args(["boggle", "solve", "--board", "perslatgsineters", "--set"])
            .arg(&set),
    );
    assert!(
        out.ends_with("words 1045, points 3625\n"),
        "{}",
        &out[out.len().saturating_sub(200)..]
    );
    assert!(out.contains("REPLASTERING\t11\n"));
    // The proven-optimal 3x4 board, given as rows and as --rows/--cols.
    let out = stdout(
        folio()
            .args([
                "boggle",
                "solve",
                "--board",
                "perslatesind",
                "--rows",
                "3",
                "--cols",
                "4",
                "--set",
            ])
            .arg(&set),
    );
    assert!(out.ends_with("words 600, points 1651\n"), "{out}");
    // Best known 5x5 at danvk's min length 3, and JSON.
    let out = stdout(
        folio()
            .args([
                "boggle",
                "solve",
                "--board",
                "ligdrmanesietildsracsepes",
                "--min-len",
                "3",
                "--json",
                "--set",
            ])
            .arg(&set),
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["points"].as_u64(), v["count"].as_u64()),
        (Some(10406), Some(2344))
    );
}

#[test]
fn solve_with_seed_scoring_and_qu() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "quit\nqat\nquite\nsuit\ntie\n");
    // Qu I / T E: QUIT (4 letters), QUITE (5), TIE; QAT can never be formed.
    let out = stdout(
        folio()
            .args([
                "boggle",
                "solve",
                "--board",
                "quite",
                "--rows",
                "2",
                "--cols",
                "2",
                "--scoring",
                "seed",
                "--set",
            ])
            .arg(&set),
    );
    assert_eq!(out, "QUIT\t4\nQUITE\t5\nwords 2, points 9\n");
    let out = stdout(
        folio()
            .args(["boggle", "solve", "--board", "qi/te", "--set"])
            .arg(&set),
    );
    assert_eq!(out, "QUIT\t1\nQUITE\t2\nTIE\t1\nwords 3, points 4\n");
}

#[test]
fn roll_is_deterministic_and_feeds_solve() {
    let a = stdout(folio().args(["boggle", "roll", "--dice", "new-1987", "--seed", "4"]));
    assert_eq!(a, "gripesajehutzitx\n");
    let grid = stdout(folio().args([
        "boggle", "roll", "--dice", "new-1987", "--seed", "4", "--grid",
    ]));
    assert!(grid.contains("G  R  I  P\n"), "{grid}");
    let big = stdout(folio().args([
        "boggle",
        "roll",
        "--dice",
        "big-boggle-1979",
        "--seed",
        "1",
        "--json",
    ]));
    let v: serde_json::Value = serde_json::from_str(&big).unwrap();
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(5), Some(5)));
    assert_ne!(
        stdout(folio().args(["boggle", "roll", "--dice", "classic-1976", "--seed", "1"])),
        stdout(folio().args(["boggle", "roll", "--dice", "classic-1976", "--seed", "2"]))
    );
}

#[test]
fn bad_input_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "cat\n");
    let err = folio()
        .args(["boggle", "solve", "--board", "ca1t", "--set"])
        .arg(&set)
        .assert()
        .code(2);
    let msg = String::from_utf8_lossy(&err.get_output().stderr).into_owned();
    assert!(msg.contains("offset 2"), "{msg}");
    folio()
        .args(["boggle", "solve", "--board", "abcde", "--set"])
        .arg(&set)
        .assert()
        .code(2);
    folio()
        .args([
            "boggle",
            "solve",
            "--board",
            "abcd",
            "--scoring",
            "fast",
            "--set",
        ])
        .arg(&set)
        .assert()
        .code(2);
    folio()
        .args(["boggle", "solve", "--board", "abcd", "--set"])
        .arg(dir.path().join("missing.fst"))
        .assert()
        .code(2);
    folio()
        .args(["boggle", "roll", "--dice", "nope", "--seed", "1"])
        .assert()
        .code(2);
    folio()
        .args(["boggle", "roll", "--dice", "new-1987"])
        .assert()
        .code(2);
}

/// Options that are accepted and mean nothing are usage errors (exit 2) saying why.
#[test]
fn options_that_make_no_sense_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "cat\n");
    let set = set.to_str().unwrap();
    let board = "abcd/efgh/ijkl/mnop";
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "solve", "--board", board, "--rows", "2", "--cols", "8", "--set", set,
            ],
            "the board's rows make it 4x4, not the 2x8 asked for",
        ),
        (
            &[
                "solve",
                "--board",
                "abcdefghijklmnop",
                "--rows",
                "0",
                "--cols",
                "0",
                "--set",
                set,
            ],
            "a board is at least 2x2 and at most 64 cells, not 0x0",
        ),
        (
            &["solve", "--board", board, "--min-len", "0", "--set", set],
            "invalid value '0' for '--min-len <N>': must be at least 1",
        ),
        (
            &[
                "roll", "--dice", "new-1987", "--seed", "1", "--grid", "--json",
            ],
            "'--grid' cannot be used with '--json'",
        ),
    ];
    for (args, why) in cases {
        let out = folio().arg("boggle").args(*args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(why), "{args:?}: {err}");
    }
    // Rows and columns that agree with the `/` rows are fine.
    folio()
        .args([
            "boggle", "solve", "--board", board, "--rows", "4", "--cols", "4", "--set",
        ])
        .arg(set)
        .assert()
        .success();
}

/// `folio play` replays a `#game boggle` round: the transcript is the one checked in beside
/// the script (but for the lexicon's label), and the round's findings make it exit 1.
#[test]
fn folio_play_replays_a_boggle_round() {
    let Some((_dir, set)) = import_enable2k() else {
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = folio()
        .current_dir(root)
        .args([
            "play",
            "tests/data/boggle/three-players.boggle",
            "--lexicon",
        ])
        .arg(&set)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out)
        .unwrap()
        .replace(&format!("lexicon {}", set.display()), "lexicon ENABLE2K");
    let expected =
        std::fs::read_to_string(root.join("tests/data/boggle/three-players.expected.txt")).unwrap();
    assert_eq!(out, expected);

    // JSON goes through the same dispatch.
    let json = folio()
        .current_dir(root)
        .args([
            "play",
            "--json",
            "tests/data/boggle/one-player.boggle",
            "--lexicon",
        ])
        .arg(&set)
        .assert()
        .get_output()
        .stdout
        .clone();
    let doc: serde_json::Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(doc["schema"], 1);
    let v = &doc["reports"][0];
    assert_eq!(v["players"][0]["nick"], "solo");
}

/// `#GAME Boggle` (pragmas are case-insensitive) is a Boggle round, not a Scrabble script
/// with "unknown player pragma" errors.
#[test]
fn folio_play_dispatches_on_game_boggle_in_any_case() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "SAT\nSEAT\n");
    std::fs::write(
        dir.path().join("r.boggle"),
        "\n#GAME Boggle\n#board perslatgsineters\n#player ann\n>ann: sat\n",
    )
    .unwrap();
    let out = folio()
        .current_dir(dir.path())
        .args(["play", "r.boggle", "--lexicon"])
        .arg(&set)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.starts_with("boggle round r.boggle"), "{stdout}");
}

/// A huge `--board` is quoted shortened in the error, not echoed whole.
#[test]
fn a_long_board_is_quoted_shortened() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "cat\n");
    let board = format!("{}ab", "ab/".repeat(2999));
    let a = folio()
        .args(["boggle", "solve", "--board", &board, "--set"])
        .arg(&set)
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&a.get_output().stderr).into_owned();
    assert!(err.len() < 300, "{err}");
    assert!(
        err.contains(&format!(
            "--board \"{}\"… (8999 characters): a board is at least 2x2",
            "ab/".repeat(26) + "ab"
        )),
        "{err}"
    );
}

/// An empty row between `/` separators (or a `/` at either end) is a usage error naming
/// its offset, not skipped (`ab//cd` once solved as `ab/cd`); runs of spaces and newlines
/// between rows are still one separator.
#[test]
fn an_empty_board_row_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "bad\ncab\n");
    for (board, offset) in [("ab//cd", 3), ("/ab/cd", 0), ("ab/cd/", 5)] {
        let out = folio()
            .args(["boggle", "solve", "--board", board, "--set"])
            .arg(&set)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{board}: {err}");
        assert!(
            err.contains(&format!(
                "--board \"{board}\": empty row at offset {offset}: each `/` must separate two rows"
            )),
            "{board}: {err}"
        );
    }
    for board in ["ab cd", "ab \n cd", "ab/\ncd\n"] {
        let out = stdout(
            folio()
                .args([
                    "boggle",
                    "solve",
                    "--board",
                    board,
                    "--min-len",
                    "2",
                    "--set",
                ])
                .arg(&set),
        );
        assert!(out.ends_with("words 2, points 2\n"), "{board}: {out}");
    }
}

/// A player's word is keyed by the word set's own rule (the game policy, as ingest keys the
/// books): `café` is CAFE, found on the board and in the set.
#[test]
fn players_words_are_keyed_as_the_word_set_keys_words() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "CAFE\n");
    let round = dir.path().join("r.boggle");
    std::fs::write(
        &round,
        "#game boggle\n#board cafe/xxxx/xxxx/xxxx\n#player a\n>a: café\n",
    )
    .unwrap();
    let out = stdout(folio().arg("play").arg(&round).arg("--lexicon").arg(&set));
    assert!(out.contains("CAFE") && out.contains("findings: 0"), "{out}");
}
