//! End-to-end tests of `folio play`: scripted games with checked-in transcripts, the shared
//! GCG records and MAGPIE's invalid fixtures, round trips through `--write-gcg`, bad input.
//!
//! Transcripts live beside their scripts in `tests/data/scrabble/` as `NAME.expected` (exit
//! code, then stdout). They are compared byte for byte and rewritten only with
//! `FOLIO_BLESS=1`.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

use crate::common::folio;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/scrabble")
}

/// Runs `folio play` in `dir` and returns (exit code, stdout, stderr).
fn play_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = folio()
        .current_dir(dir)
        .arg("play")
        .args(args)
        .output()
        .expect("run folio");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The one report of a `--json` run of one script: the document is `{schema: 1, folio,
/// reports: [R], summary}` whatever the number of scripts (docs/formats.md §7).
fn only_report(out: &[u8]) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_slice(out).unwrap_or_else(|e| {
        panic!(
            "stdout is not one JSON document ({e}): {}",
            String::from_utf8_lossy(out)
        )
    });
    assert_eq!(v["schema"], 1, "{v}");
    assert_eq!(v["folio"], env!("CARGO_PKG_VERSION"));
    assert_eq!(v["summary"]["files"], 1, "{v}");
    let reports = v["reports"].as_array_mut().expect("reports");
    assert_eq!(reports.len(), 1);
    reports.pop().expect("one report")
}

/// Compares `actual` with the checked-in `name`, or rewrites it under `FOLIO_BLESS=1`.
fn check_transcript(name: &str, actual: &str) {
    let path = data_dir().join(name);
    if std::env::var_os("FOLIO_BLESS").is_some() {
        std::fs::write(&path, actual).expect("bless transcript");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with FOLIO_BLESS=1 to create it)",
            path.display()
        )
    });
    assert_eq!(
        actual, expected,
        "{name} differs from the checked-in transcript (FOLIO_BLESS=1 regenerates it)"
    );
}

fn transcript(code: i32, stdout: &str) -> String {
    format!("exit: {code}\n{stdout}")
}

#[test]
fn standard_game_with_a_bingo() {
    let (code, out, err) = play_in(&data_dir(), &["standard_bingo.gcg"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("bingo 50"));
    check_transcript("standard_bingo.expected", &transcript(code, &out));
    let (code, out, _) = play_in(&data_dir(), &["standard_bingo.gcg", "--json"]);
    assert_eq!(code, 0);
    let v = only_report(out.as_bytes());
    assert_eq!(v["turns"][0]["bingo"], 50);
    assert_eq!(
        v["turns"][0]["words"][0]["tiles"].as_array().map(Vec::len),
        Some(7)
    );
    // The report itself is checked in, pretty-printed (the document around it carries
    // folio's version).
    let pretty = serde_json::to_string_pretty(&v).expect("json") + "\n";
    check_transcript("standard_bingo.json.expected", &transcript(code, &pretty));
}

#[test]
fn wordbler_game_with_a_blank_and_a_repeated_word() {
    let (code, out, err) = play_in(&data_dir(), &["wordbler_repeat.gcg", "--board"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("CHART 0 (repeat)"), "{out}");
    check_transcript("wordbler_repeat.expected", &transcript(code, &out));
}

#[test]
fn course_game_against_a_word_set_built_from_two_books() {
    let Some(books) = folio_testdata::path("corpora/gutenberg") else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    let set = tmp.path().join("two-books.fst");
    folio()
        .arg("ingest")
        .arg(books.join("pg1041-shakespeares-sonnets.txt"))
        .arg(books.join("pg1080-a-modest-proposal.txt"))
        .arg("-o")
        .arg(&set)
        .arg("--quiet")
        .assert()
        .success();
    let set_arg = set.display().to_string();
    let (code, out, err) = play_in(&data_dir(), &["course_books.gcg", "--lexicon", &set_arg]);
    // RUNG is in neither book: the play fails, and that is a finding (exit 1).
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("rejected: RUNG not in the word set"), "{out}");
    assert!(out.contains("exchange") && out.contains("pass"), "{out}");
    let out = out.replace(&set_arg, "$SET");
    check_transcript("course_books.expected", &transcript(code, &out));
}

/// Every script of tests/data and some real records: written back with --write-gcg and
/// replayed, the report is the same (apart from the file name).
#[test]
fn write_gcg_round_trips_to_the_same_report() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let mut inputs: Vec<PathBuf> = [
        "standard_bingo.gcg",
        "wordbler_repeat.gcg",
        "course_books.gcg",
    ]
    .iter()
    .map(|n| data_dir().join(n))
    .collect();
    if let Some(dir) = folio_testdata::path("games/scrabble/gcg") {
        for n in [
            "liwords__r20_peter.gcg",
            "quackle__capp.gcg",
            "quackle__fivepoint.gcg",
            "magpie__six_pass.gcg",
            "quackle__multiplayer-crash.gcg",
            "macondo__some_isc_game.gcg",
            "macondo__incomplete_elise.gcg",
        ] {
            inputs.push(dir.join(n));
        }
    }
    for input in inputs {
        let out = tmp.path().join("out.gcg");
        let first = folio()
            .arg("play")
            .arg(&input)
            .arg("--json")
            .arg("--write-gcg")
            .arg(&out)
            .output()
            .expect("run");
        assert!(out.exists(), "{} not written", out.display());
        // Every event line has its fields: never an empty rack field (`>Ann:  - +0 14`).
        let written = std::fs::read_to_string(&out).expect("read the written GCG");
        for line in written.lines().filter(|l| l.starts_with('>')) {
            assert!(!line.contains(":  "), "{}: {line}", input.display());
        }
        let second = folio()
            .arg("play")
            .arg(&out)
            .arg("--json")
            .output()
            .expect("run");
        assert_eq!(
            first.status.code(),
            second.status.code(),
            "{}",
            input.display()
        );
        let a = only_report(&first.stdout);
        let b = only_report(&second.stdout);
        let (a, b) = (substance(&a), substance(&b));
        assert_eq!(a, b, "{} does not round-trip", input.display());
        std::fs::remove_file(&out).expect("remove");
    }
}

/// What a report says about the game, leaving out where things are in the file and which
/// numbers were written rather than computed (the written GCG fills every field).
fn substance(v: &serde_json::Value) -> serde_json::Value {
    let turns: Vec<serde_json::Value> = v["turns"]
        .as_array()
        .expect("turns")
        .iter()
        .map(|t| {
            serde_json::json!([
                t["kind"],
                t["seat"],
                t["player"],
                t["notation"],
                t["words"],
                t["bingo"],
                t["points"],
                t["total"],
                t["note"],
                t["rejected"]
            ])
        })
        .collect();
    let findings: Vec<serde_json::Value> = v["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| serde_json::json!([f["rule"], f["message"]]))
        .collect();
    serde_json::json!({
        "rules": v["rules"], "players": v["players"], "turns": turns, "board": v["board"],
        "result": [v["result"]["status"], v["result"]["reason"], v["result"]["winners"]],
        "findings": findings, "final_racks": v["final_racks"], "title": v["title"],
    })
}

#[test]
fn shared_records_replay_and_reproduce_the_recorded_scores() {
    let Some(dir) = folio_testdata::path("games/scrabble/gcg") else {
        return;
    };
    let (code, out, err) = play_in(&dir, &["--json", "*.gcg"]);
    // The shell is not involved: a literal *.gcg is no file.
    assert_eq!(code, 2, "{out}{err}");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("dir")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".gcg"))
        .collect();
    files.sort();
    let args: Vec<&str> = std::iter::once("--json")
        .chain(files.iter().map(|s| s.as_str()))
        .collect();
    let (code, out, err) = play_in(&dir, &args);
    assert_eq!(code, 1, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["summary"]["games"], files.len());
    let reports = v["reports"].as_array().expect("reports");
    let (mut checked, mut matched, mut tchecked, mut tmatched) = (0, 0, 0, 0);
    for r in reports {
        assert_ne!(r["result"]["status"], "not-replayed", "{}", r["file"]);
        let s = &r["stats"];
        checked += s["scores_checked"].as_u64().unwrap_or(0);
        matched += s["scores_matched"].as_u64().unwrap_or(0);
        tchecked += s["totals_checked"].as_u64().unwrap_or(0);
        tmatched += s["totals_matched"].as_u64().unwrap_or(0);
    }
    assert!(checked > 2000 && tchecked > 2000, "{checked} {tchecked}");
    assert!(
        matched * 1000 >= checked * 999,
        "scores {matched}/{checked}"
    );
    assert!(
        tmatched * 1000 >= tchecked * 999,
        "totals {tmatched}/{tchecked}"
    );
    // The one misscore of the collection is reported, at its line, with both numbers.
    let peter = reports
        .iter()
        .find(|r| r["file"] == "liwords__r20_peter.gcg")
        .expect("r20");
    let f = &peter["findings"][0];
    assert_eq!(f["rule"], "score");
    assert_eq!(f["message"], "score: recorded +115, the rules give +113");
    assert_eq!(f["text"], ">Peter: ?BCHRUY N1 BRUnCH..Y +115 392");
    // A last play challenged without success still ends the game.
    let isc = reports
        .iter()
        .find(|r| r["file"] == "macondo__some_isc_game.gcg")
        .expect("isc");
    assert_eq!(isc["result"]["status"], "finished");
    assert_eq!(isc["findings"].as_array().map(Vec::len), Some(0));
    // The text run ends with the summary line.
    let (_, text, _) = play_in(&dir, &files.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    let last = text.lines().last().unwrap_or("");
    assert!(
        last.starts_with(&format!("{} games, ", files.len())),
        "{last}"
    );
    assert!(last.contains(" findings"), "{last}");
}

#[test]
fn a_finished_game_without_its_end_line_is_reported() {
    let Some(src) = folio_testdata::path("games/scrabble/gcg/liwords__r20_peter.gcg") else {
        return;
    };
    let text = std::fs::read_to_string(src).expect("read");
    let cut: Vec<&str> = text.lines().filter(|l| !l.contains("(?ARR)")).collect();
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::write(tmp.path().join("cut.gcg"), cut.join("\n")).expect("write");
    let (code, out, _) = play_in(tmp.path(), &["cut.gcg"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("cut.gcg:30:1: warning: the game is over (Josh went out) but the end-of-game line for Josh is missing (+6 by the rules)"),
        "{out}"
    );
}

/// MAGPIE's invalid fixtures: each gives exit 1 with a finding of the kind
/// `tests/data/scrabble/magpie-invalid.tsv` names (our rule code for MAGPIE's error), never a
/// panic.
#[test]
fn invalid_records_name_their_problem() {
    let Some(dir) = folio_testdata::path("games/scrabble/gcg/invalid") else {
        return;
    };
    let manifest = std::fs::read_to_string(data_dir().join("magpie-invalid.tsv")).unwrap();
    let expected: Vec<(&str, &str)> = manifest
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_once('\t').expect("stem<TAB>rule"))
        .collect();
    let files = std::fs::read_dir(&dir).expect("dir").count();
    assert!(files >= expected.len(), "{files} files");
    for &(stem, rule) in &expected {
        let name = format!("magpie__{stem}.gcg");
        // MAGPIE refuses each record: so does folio under `--deny RULE` (some rules are
        // warnings or notes by default, docs/formats.md §8).
        let (code, out, err) = play_in(&dir, &["--json", "--deny", rule, &name]);
        assert_eq!(code, 1, "{name}: {err}");
        assert!(!err.contains("panicked"), "{name}: {err}");
        let v = only_report(out.as_bytes());
        let rules: Vec<&str> = v["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .filter_map(|f| f["rule"].as_str())
            .collect();
        assert!(
            rules.contains(&rule),
            "{name}: expected {rule}, got {rules:?}"
        );
    }
}

/// Bad input never panics: each gives a located diagnostic and exit 1.
#[test]
fn bad_input_gives_located_diagnostics() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let head = "#player1 Ann Ann\n#player2 Bob Bob\n";
    let cases: &[(&str, &[u8], &str)] = &[
        (
            "truncated",
            b">Ann: AEHNORT 8H\n",
            "t.gcg:3:17: truncated event",
        ),
        (
            "coordinate",
            b">Ann: AEHNORT P8 HORN +14 14\n",
            "t.gcg:3:15: unknown coordinate \"P8\"",
        ),
        (
            "off-board",
            b">Ann: AEHNORT 8L HORNET +20 20\n",
            // Counted from 1, as the board is labelled: just right of O8 (was "row 7,
            // column 15 (0-based)").
            "t.gcg:3:15: illegal play: the placement leaves the board at row 8, column 16 (rows \
             and columns counted from 1)",
        ),
        (
            "not-on-rack",
            b">Ann: AEHNOST 8H HORN +14 14\n",
            "t.gcg:3:18: R not on the rack AEHNOST",
        ),
        (
            "unknown-player",
            b">Carl: AEHNORT 8H HORN +14 14\n",
            "t.gcg:3:2: unknown player \"Carl\"",
        ),
        (
            "utf8",
            b"#character-encoding UTF-8\n>Ann: AEHNORT 8H HO\xffRN +14 14\n",
            "t.gcg:4:20: invalid UTF-8",
        ),
    ];
    for (what, body, diagnostic) in cases {
        let mut text = head.as_bytes().to_vec();
        if body.starts_with(b"#character-encoding") {
            text = [&body[..26], head.as_bytes(), &body[26..]].concat();
        } else {
            text.extend_from_slice(body);
        }
        std::fs::write(tmp.path().join("t.gcg"), &text).expect("write");
        let (code, out, err) = play_in(tmp.path(), &["t.gcg"]);
        assert_eq!(code, 1, "{what}: {out}{err}");
        assert!(
            out.contains(diagnostic),
            "{what}: expected {diagnostic:?} in\n{out}"
        );
        assert!(
            out.contains("    | "),
            "{what}: the line as written is shown\n{out}"
        );
    }
}

#[test]
fn usage_and_io_errors_exit_2() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let (code, _, err) = play_in(tmp.path(), &["missing.gcg"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read missing.gcg"), "{err}");
    // A Boggle round goes to the Boggle replayer: one without a board is an invalid script.
    std::fs::write(tmp.path().join("b.gcg"), "#game boggle\n").expect("write");
    let (code, out, _) = play_in(tmp.path(), &["b.gcg"]);
    assert_eq!(code, 1);
    assert!(out.contains("b.gcg:1:1: no board"), "{out}");
    let (code, _, _) = play_in(tmp.path(), &["b.gcg", "--rules", "chess"]);
    assert_eq!(code, 2);
    let (code, _, err) = play_in(
        &data_dir(),
        &["standard_bingo.gcg", "--lexicon", "/nonexistent/set.fst"],
    );
    assert_eq!(code, 2, "{err}");
    let (code, _, _) = play_in(
        &data_dir(),
        &[
            "standard_bingo.gcg",
            "wordbler_repeat.gcg",
            "--write-gcg",
            "x.gcg",
        ],
    );
    assert_eq!(code, 2);
    let (code, _, err) = play_in(
        &data_dir(),
        &[
            "standard_bingo.gcg",
            "--write-gcg",
            "/nonexistent/dir/out.gcg",
        ],
    );
    assert_eq!(code, 2, "{err}");
    // --write-gcg over the script being replayed is refused, and the script is untouched.
    std::fs::copy(
        data_dir().join("standard_bingo.gcg"),
        tmp.path().join("s.gcg"),
    )
    .expect("copy");
    let before = std::fs::read(tmp.path().join("s.gcg")).expect("read");
    let (code, _, err) = play_in(tmp.path(), &["s.gcg", "--write-gcg", "./s.gcg"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "./s.gcg (an output) is the same file as the input s.gcg; refusing to overwrite \
             an input"
        ),
        "{err}"
    );
    assert_eq!(
        std::fs::read(tmp.path().join("s.gcg")).expect("read"),
        before
    );
}

/// `folio play -` replays a script read from stdin, as `folio ingest -` reads a book;
/// `-` twice is a usage error.
#[test]
fn a_script_from_stdin() {
    let script = std::fs::read(data_dir().join("standard_bingo.gcg")).expect("fixture");
    let out = folio()
        .current_dir(data_dir())
        .args(["play", "-", "--json"])
        .write_stdin(script)
        .output()
        .expect("run folio");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = only_report(&out.stdout);
    assert_eq!(v["file"], "-");
    assert_eq!(v["stats"]["moves"], 5);
    assert_eq!(v["findings"].as_array().map(Vec::len), Some(0));
    let (code, _, err) = play_in(&data_dir(), &["-", "-"]);
    assert_eq!(code, 2);
    assert!(err.contains("stdin) is given more than once"), "{err}");
}

/// `#lexicon PATH` naming a folio word set (beside the script) checks words; a lexicon name
/// folio does not have (the real records' `#lexicon NWL2018`) is no error.
#[test]
fn lexicon_pragma_names_a_word_set_or_just_a_name() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let set = folio_lexicon::WordSet::from_words(["FARM", "HORN"]).expect("set");
    std::fs::write(
        tmp.path().join("words.fst"),
        set.as_fst_set().as_fst().as_bytes(),
    )
    .expect("write set");
    let game = "#player1 Ann Ann\n#player2 Bob Bob\n>Ann: 8F HORN +14 14\n>Bob: H6 FA.X +0 0\n";
    std::fs::write(
        tmp.path().join("g.gcg"),
        format!("#lexicon words.fst\n{game}"),
    )
    .expect("w");
    let (code, out, err) = play_in(tmp.path(), &["g.gcg"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("words checked against words.fst"), "{out}");
    assert!(
        out.contains("g.gcg:5:10: FARX is not in the word set: the play fails"),
        "{out}"
    );
    let game = game.replace("FA.X +0 0", "FA.M +9 9");
    std::fs::write(
        tmp.path().join("n.gcg"),
        format!("#lexicon NWL2018\n{game}"),
    )
    .expect("w");
    let (code, out, _) = play_in(tmp.path(), &["n.gcg"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("lexicon NWL2018 not available: words not checked"),
        "{out}"
    );
    // `--require-lexicon`: the unchecked game is a finding (exit 1), at `#lexicon`.
    let (code, out, _) = play_in(tmp.path(), &["n.gcg", "--require-lexicon"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "n.gcg:1:10: words not checked: #lexicon NWL2018 is a lexicon name, not a folio \
             word set file"
        ),
        "{out}"
    );
    let (code, out, _) = play_in(tmp.path(), &["n.gcg", "--require-lexicon", "--json"]);
    assert_eq!(code, 1, "{out}");
    let v = only_report(out.as_bytes());
    assert_eq!(v["findings"][0]["rule"], "words-not-checked");
    // ... and passes once the words are checked.
    let (code, out, _) = play_in(
        tmp.path(),
        &["n.gcg", "--require-lexicon", "--lexicon", "words.fst"],
    );
    assert_eq!(code, 0, "{out}");
}

/// A `#lexicon` written as a path (a separator, or `.fst`) must open: a missing or corrupt
/// set is an I/O error (exit 2) naming the script, its line and column, and the path.
#[test]
fn lexicon_pragma_written_as_a_path_must_open() {
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::write(tmp.path().join("bad.fst"), "not an fst at all\n".repeat(4)).expect("w");
    let game = "#player1 Ann Ann\n#player2 Bob Bob\n>Ann: 8F HORN +14 14\n";
    for (value, why) in [
        ("sets/whale.fst", "whale.fst: No such file"),
        ("../elsewhere/books", "books: No such file"),
        ("missing.FST", "missing.FST: No such file"),
        (
            "bad.fst",
            "bad.fst: not a folio word set (fst) file: truncated, or not an fst at all",
        ),
    ] {
        std::fs::write(
            tmp.path().join("p.gcg"),
            format!("#title t\n#lexicon {value}\n{game}"),
        )
        .expect("w");
        let (code, out, err) = play_in(tmp.path(), &["p.gcg"]);
        assert_eq!(code, 2, "{value}: {out}{err}");
        assert!(
            err.contains(&format!("p.gcg:2:10: #lexicon {value}: ")) && err.contains(why),
            "{value}: {err}"
        );
    }
    // A lexicon name stays a name: not checked, said so, exit 0.
    std::fs::write(tmp.path().join("p.gcg"), format!("#lexicon CSW19\n{game}")).expect("w");
    let (code, out, err) = play_in(tmp.path(), &["p.gcg"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("lexicon CSW19 not available: words not checked"),
        "{out}"
    );
}

/// Pragma numbers outside their range are script errors (exit 1) located at the value, and
/// say "out of range" with the range, not "not a number".
#[test]
fn out_of_range_pragma_numbers_are_script_errors() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let game = "#player1 Ann Ann\n#player2 Bob Bob\n>Ann: 8F HORN +14 14\n";
    for (pragma, expected) in [
        (
            "#seed 99999999999999999999",
            "s.gcg:1:7: #seed 99999999999999999999 is out of range (0 to 18446744073709551615)",
        ),
        (
            "#rounds 0",
            "s.gcg:1:9: #rounds 0 is out of range (1 to 4294967295)",
        ),
    ] {
        std::fs::write(tmp.path().join("s.gcg"), format!("{pragma}\n{game}")).expect("w");
        let (code, out, err) = play_in(tmp.path(), &["s.gcg"]);
        assert_eq!(code, 1, "{out}{err}");
        assert!(out.contains(expected), "{out}");
    }
    std::fs::write(
        tmp.path().join("b.boggle"),
        "#game boggle\n#dice new-1987\n#seed 18446744073709551616\n#player a\n",
    )
    .expect("w");
    let set = folio_lexicon::WordSet::from_words(["CAT"]).expect("set");
    std::fs::write(
        tmp.path().join("x.fst"),
        set.as_fst_set().as_fst().as_bytes(),
    )
    .expect("w");
    let (code, out, err) = play_in(tmp.path(), &["b.boggle", "--lexicon", "x.fst"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains(
            "b.boggle:3:7: `#seed` 18446744073709551616 is out of range (0 to 18446744073709551615)"
        ),
        "{out}"
    );
}

/// `--rules` and `--board` do not apply to a Boggle round: alone, the round makes them
/// meaningless, a usage error saying why (exit 2; `--board` was once silently ignored); in
/// a run with Scrabble games, which take them, a warning names the round and it is replayed.
#[test]
fn scrabble_options_with_a_boggle_round() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let set = folio_lexicon::WordSet::from_words(["ABE", "RETAINS"]).expect("set");
    std::fs::write(
        tmp.path().join("x.fst"),
        set.as_fst_set().as_fst().as_bytes(),
    )
    .expect("w");
    std::fs::write(
        tmp.path().join("r.boggle"),
        "#game boggle\n#board abcd/efgh/ijkl/mnop\n#lexicon x.fst\n#player a\n>a: abe\n",
    )
    .expect("w");
    std::fs::write(
        tmp.path().join("s.gcg"),
        "#player1 a A\n#player2 b B\n>a: AEINRST 8B RETAINS +66 66\n",
    )
    .expect("w");
    for option in [&["--rules", "course"][..], &["--board"]] {
        let mut args = vec!["r.boggle", "--require-lexicon"];
        args.extend(option);
        let (code, out, err) = play_in(tmp.path(), &args);
        assert_eq!(code, 2, "{option:?}: {out}{err}");
        assert!(out.is_empty(), "{option:?}: {out}");
        assert_eq!(
            err,
            format!(
                "folio: error: r.boggle: {} applies to Scrabble games, not to this \
                 `#game boggle` round\n",
                option.join(" ")
            )
        );
        let mut args = vec!["s.gcg", "r.boggle"];
        args.extend(option);
        let (code, out, err) = play_in(tmp.path(), &args);
        // Both are replayed (the course rules find RETAINS's recorded score wrong: exit 1).
        assert_ne!(code, 2, "{option:?}: {out}{err}");
        assert!(out.contains("boggle round r.boggle"), "{out}");
        assert!(out.contains("s.gcg: a vs b"), "{out}");
        assert_eq!(
            err,
            format!(
                "folio: warning: r.boggle: {} applies to Scrabble games, not to this \
                 `#game boggle` round\n",
                option.join(" ")
            )
        );
    }
}

/// `folio play … | head -1`: a reader that stops early must not make folio panic (exit 101,
/// "failed printing to stdout"); like `folio words export | head`, it ends quietly.
#[test]
fn a_closed_stdout_is_not_a_panic() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    for json in [false, true] {
        // Far more output than a pipe buffers, so folio is still writing when the pipe closes.
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_folio"));
        cmd.current_dir(data_dir()).arg("play");
        for _ in 0..400 {
            cmd.arg("standard_bingo.gcg");
        }
        if json {
            cmd.arg("--json");
        }
        let mut child = cmd
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run folio");
        let mut first = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut first)
            .expect("first line");
        // The reader is dropped here: the pipe is closed.
        let out = child.wait_with_output().expect("wait");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!first.is_empty());
        assert!(!err.contains("panicked"), "json={json}: {err}");
        assert_ne!(out.status.code(), Some(101), "json={json}: {err}");
    }
}

/// A Boggle round that the Boggle reader cannot take (pragma not first, or not UTF-8) is one
/// located finding naming the reason, not a cascade of Scrabble errors.
#[test]
fn misplaced_boggle_pragma_is_one_clear_finding() {
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        tmp.path().join("late.txt"),
        "#player1 a Ann\n#game boggle\n#board abcd\n",
    )
    .expect("write");
    let (code, out, _) = play_in(tmp.path(), &["late.txt"]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "late.txt:2:1: a `#game boggle` round must start with `#game boggle` on its first line\n"
    );
    std::fs::write(
        tmp.path().join("bytes.txt"),
        b"#game boggle\n#board ab\xffd\n",
    )
    .expect("write");
    let (code, out, _) = play_in(tmp.path(), &["bytes.txt"]);
    assert_eq!(code, 1);
    // The first bad byte, not line 1: the round does start with `#game boggle`.
    assert_eq!(
        out,
        "bytes.txt:2:10: invalid UTF-8: a `#game boggle` round must be UTF-8\n    \
         | #board ab\u{fffd}d\n"
    );
}

/// A binary file given as a script is invalid (exit 1): one finding at its first NUL, not
/// one per line, and the diagnostic echoes no raw control bytes (terminal escapes, NULs)
/// and no kilobyte-long line.
#[test]
fn binary_scripts_echo_no_control_bytes() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let mut bytes = b"\x7fELF\x02\x01\x01\0\0\x1b[2J\x1b]0;owned\x07".to_vec();
    bytes.extend(std::iter::repeat_n(b'\x01', 5000));
    bytes.extend(b"\n#player1 a A\n");
    std::fs::write(tmp.path().join("prog"), &bytes).expect("write");
    let (code, out, err) = play_in(tmp.path(), &["prog"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        !out.chars().any(|c| c.is_control() && c != '\n'),
        "raw control characters in: {out:?}"
    );
    assert!(
        out.contains("prog: not replayed: the script does not parse"),
        "{out}"
    );
    assert!(
        out.contains("prog:1:8: binary file (NUL byte at offset 7), not a GCG record"),
        "{out}"
    );
    assert!(out.contains("    | \\u{7f}ELF"), "{out}");
    assert_eq!(out.matches("prog:").count(), 2, "one finding: {out}");
    assert!(out.lines().all(|l| l.chars().count() < 1000), "{out}");
}

/// A file of pragmas only, with no `#playerN`, is not a game: exit 1, not a replay of
/// nobody that passes.
#[test]
fn a_script_without_players_is_invalid() {
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::write(tmp.path().join("notes.gcg"), "#title my notes\n").expect("write");
    let (code, out, _) = play_in(tmp.path(), &["notes.gcg"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("notes.gcg:1:1: no players"), "{out}");
}

/// A Boggle round with old-Mac line ends (lone `\r`) is read like one with `\n`, as GCG
/// scripts are, not reported as lacking its `#game boggle` first line.
#[test]
fn a_boggle_round_with_lone_cr_line_ends() {
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        tmp.path().join("cr.boggle"),
        "#game boggle\r#board abcd\r#player a\r>a: cab, 9\r",
    )
    .expect("write");
    let (code, out, _) = play_in(tmp.path(), &["cr.boggle"]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out,
        "cr.boggle:4:10: \"9\" is not a word (letters only)\n    | >a: cab, 9\n"
    );
    std::fs::write(
        tmp.path().join("crbad.boggle"),
        b"#game boggle\r#board ab\xffd\r",
    )
    .expect("write");
    let (_, out, _) = play_in(tmp.path(), &["crbad.boggle"]);
    assert!(out.starts_with("crbad.boggle:2:10: invalid UTF-8"), "{out}");
}

/// Every malformed line of a Boggle round is reported in one run, in line order, as the
/// GCG reader does: in the text output and as the JSON report's findings.
#[test]
fn every_bad_line_of_a_boggle_round_is_reported() {
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        tmp.path().join("bad.boggle"),
        "#game boggle\n#seed x\n#board abcd\n#player a\n>b: cab\n#bored abc\n",
    )
    .expect("write");
    let (code, out, _) = play_in(tmp.path(), &["bad.boggle"]);
    assert_eq!(code, 1, "{out}");
    let at: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split(": ").next())
        .filter(|l| l.starts_with("bad.boggle:"))
        .collect();
    assert_eq!(
        at,
        ["bad.boggle:2:7", "bad.boggle:5:1", "bad.boggle:6:2"],
        "{out}"
    );
    let (code, out, _) = play_in(tmp.path(), &["bad.boggle", "--json"]);
    assert_eq!(code, 1, "{out}");
    let v = only_report(out.as_bytes());
    let lines: Vec<u64> = v["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| f["line"].as_u64().expect("line"))
        .collect();
    assert_eq!(lines, [2, 5, 6], "{out}");
}

/// `--json` stays one JSON document when a round cannot be read or does not parse: the
/// error is the round's one located finding, not a text line on stdout.
#[test]
fn unreadable_boggle_rounds_stay_json() {
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        tmp.path().join("late.txt"),
        "#player1 a Ann\n#game boggle\n#board abcd\n",
    )
    .expect("write");
    std::fs::write(
        tmp.path().join("bytes.txt"),
        b"#game boggle\n#board ab\xffd\n",
    )
    .expect("write");
    std::fs::write(
        tmp.path().join("seed.txt"),
        "#game boggle\n#dice new-1987\n#seed x\n#player a\n",
    )
    .expect("write");
    for (file, line, col) in [("late.txt", 2, 1), ("bytes.txt", 2, 10), ("seed.txt", 3, 7)] {
        let (code, out, err) = play_in(tmp.path(), &[file, "--json"]);
        assert_eq!(code, 1, "{file}: {err}");
        let v = only_report(out.as_bytes());
        assert_eq!(v["file"], file);
        assert_eq!(v["game"], "boggle");
        let f = &v["findings"][0];
        assert_eq!(
            (&f["line"], &f["col"]),
            (&line.into(), &col.into()),
            "{file}"
        );
        assert!(
            f["message"].as_str().is_some_and(|m| !m.contains(file)),
            "{f}"
        );
    }
    let (code, out, _) = play_in(tmp.path(), &["late.txt", "seed.txt", "--json"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(v["reports"].as_array().map(Vec::len), Some(2));
    assert_eq!(v["summary"]["findings"], 2);
}

/// A script (or the word set it names) that cannot be read does not stop a run of many:
/// it gets its own error entry, the other scripts are replayed, the summary is printed, and
/// the run exits 2 at the end (2 beats 1 beats 0).
#[test]
fn an_unreadable_script_does_not_stop_the_run() {
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::copy(
        data_dir().join("standard_bingo.gcg"),
        tmp.path().join("g.gcg"),
    )
    .expect("copy");
    std::fs::write(
        tmp.path().join("nolex.boggle"),
        "#game boggle\n#lexicon nothere.fst\n#board abcdefghijklmnop\n#player a\n",
    )
    .expect("write");
    std::fs::write(
        tmp.path().join("nolex.gcg"),
        "#player1 a A\n#player2 b B\n#lexicon nothere.fst\n>a: 8H CAT +10 10\n",
    )
    .expect("write");
    // A game with a finding: exit 2 still wins over 1.
    std::fs::write(
        tmp.path().join("bad.gcg"),
        "#player1 a A\n#player2 b B\n>a: 8H CAT +11 11\n",
    )
    .expect("write");
    let (_, one, _) = play_in(tmp.path(), &["g.gcg"]);
    for bad in ["missing.gcg", "nolex.boggle", "nolex.gcg"] {
        let (code, out, err) = play_in(tmp.path(), &["--json", "g.gcg", bad, "bad.gcg"]);
        assert_eq!(code, 2, "{bad}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out)
            .unwrap_or_else(|e| panic!("{bad}: stdout is not one JSON document ({e}): {out}"));
        let reports = v["reports"].as_array().expect("reports");
        assert_eq!(reports.len(), 3, "{out}");
        assert_eq!(reports[0]["file"], "g.gcg");
        assert_eq!(reports[1]["file"], bad);
        let message = reports[1]["error"].as_str().expect("an error entry");
        assert!(message.contains(bad), "{message}");
        assert_eq!(reports[2]["file"], "bad.gcg");
        assert_eq!(reports[2]["findings"].as_array().map(Vec::len), Some(1));
        assert_eq!(v["summary"]["games"], 2);
        assert_eq!(v["summary"]["findings"], 1);
        assert_eq!(v["summary"]["unreadable"], 1);
        assert!(err.contains(message), "{err}");
        assert!(err.contains("1 of 3 scripts could not be read"), "{err}");

        let (code, out, err) = play_in(tmp.path(), &["g.gcg", bad, "bad.gcg"]);
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(out.starts_with(&one), "{out}");
        assert!(out.contains("bad.gcg:3:"), "{out}");
        assert!(out.ends_with(", 1 finding, 1 unreadable\n"), "{out}");
        assert!(err.contains(bad), "{err}");
    }
    // One script alone: its error entry is the document, and the exit code is 2.
    let (code, out, err) = play_in(tmp.path(), &["--json", "missing.gcg"]);
    assert_eq!(code, 2, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(doc["summary"]["unreadable"], 1);
    assert_eq!(doc["summary"]["exit"], 2);
    let v = only_report(out.as_bytes());
    assert_eq!(v["file"], "missing.gcg");
    assert_eq!(v["findings"][0]["rule"], "unreadable");
    assert!(
        v["error"]
            .as_str()
            .is_some_and(|m| m.contains("cannot read")),
        "{v}"
    );
    // A usage error still stops at once, before any script is replayed.
    let (code, out, _) = play_in(tmp.path(), &["--json", "g.gcg", "-", "-"]);
    assert_eq!((code, out.as_str()), (2, ""));
}

/// A gap in the seats (`#player2` alone, `#player1` and `#player3`) is a located script
/// error, not a phantom `player1` with 0 points.
#[test]
fn a_missing_seat_is_a_located_error() {
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::write(tmp.path().join("two.gcg"), "#player2 b B\n>b: 8H CAT\n").expect("write");
    std::fs::write(
        tmp.path().join("gap.gcg"),
        "#player1 a A\n#player3 c C\n>a: 8H CAT +10 10\n>c: - +0 0\n",
    )
    .expect("write");
    for (file, at, missing) in [
        ("two.gcg", "two.gcg:1:1:", 1),
        ("gap.gcg", "gap.gcg:2:1:", 2),
    ] {
        let (code, out, err) = play_in(tmp.path(), &[file]);
        assert_eq!(code, 1, "{file}: {err}");
        assert!(
            out.contains(&format!("{at} #player"))
                && out.contains(&format!("#player{missing} is not")),
            "{out}"
        );
        assert!(
            !out.contains("player1 0") && !out.contains("off-turn"),
            "{out}"
        );
    }
}

/// A megabyte token on a play line is quoted cut in every finding (80 characters, `…` and
/// the length) and in the move table, and the line echoed under a finding is cut too: once
/// a 2 MB line came back whole, up to three times.
#[test]
fn a_huge_play_line_is_quoted_cut() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let head = "#player1 Ann Ann\n#player2 Bob Bob\n";
    let word = "RETAINS1".repeat(250_000);
    let rack = "A".repeat(2_000_000);
    for (name, line) in [
        ("word.gcg", format!(">Ann: AEINRST 8B {word} +66 66\n")),
        ("rack.gcg", format!(">Ann: {rack} 8B RETAINS +66 66\n")),
        ("nick.gcg", format!(">{rack}: AEINRST 8B RETAINS +66 66\n")),
        (
            "total.gcg",
            format!(">Ann: AEINRST 8B RETAINS +66 {rack}\n"),
        ),
    ] {
        std::fs::write(tmp.path().join(name), format!("{head}{line}")).expect("write");
        let (code, out, err) = play_in(tmp.path(), &[name]);
        assert_eq!(code, 1, "{name}: {err}");
        assert!(out.len() < 3000, "{name}: {} bytes: {out}", out.len());
        assert!(out.contains("… (2000000 characters)"), "{name}: {out}");
        assert!(
            out.contains("characters)\n"),
            "{name}: the line echoed is cut: {out}"
        );
    }
}

/// A Boggle player whose nick holds `:` (the separator of `>NICK: words`) could never be
/// named on a words line: refused where declared, at the `:` (exit 1), not left to make
/// every line for it an "unknown player".
#[test]
fn a_boggle_nick_with_the_separator_is_a_script_error() {
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        tmp.path().join("n.boggle"),
        "#game boggle\n#board abcd/efgh/ijkl/mnop\n#player a:b\n#player c\n>c: abe\n",
    )
    .expect("w");
    let (code, out, err) = play_in(tmp.path(), &["n.boggle"]);
    assert_eq!(code, 1, "{out}{err}");
    assert_eq!(
        out,
        "n.boggle:3:10: player name \"a:b\" cannot be used on a `>NICK: words` line: it \
         holds `:`, which ends the name there\n    | #player a:b\n"
    );
}

/// A Boggle round with several lines that are not UTF-8 reports each of them at its line,
/// in line order with the round's other errors, in text and JSON (once only the first bad
/// line was reported, and nothing else).
#[test]
fn every_invalid_utf8_line_of_a_boggle_round_is_reported() {
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        tmp.path().join("u.boggle"),
        b"#game boggle\n#board ab\xffd\n#player a\n>a: c\xe9t\n#seed x\n>a: d\xf0g\n",
    )
    .expect("write");
    let (code, out, _) = play_in(tmp.path(), &["u.boggle"]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out,
        "u.boggle:2:10: invalid UTF-8: a `#game boggle` round must be UTF-8\n    \
         | #board ab\u{fffd}d\n\
         u.boggle:4:6: invalid UTF-8: a `#game boggle` round must be UTF-8\n    \
         | >a: c\u{fffd}t\n\
         u.boggle:5:7: `#seed` needs a non-negative integer, not \"x\"\n    | #seed x\n\
         u.boggle:6:6: invalid UTF-8: a `#game boggle` round must be UTF-8\n    \
         | >a: d\u{fffd}g\n"
    );
    let (code, out, _) = play_in(tmp.path(), &["u.boggle", "--json"]);
    assert_eq!(code, 1, "{out}");
    let v = only_report(out.as_bytes());
    let lines: Vec<u64> = v["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| f["line"].as_u64().expect("line"))
        .collect();
    assert_eq!(lines, [2, 4, 5, 6], "{out}");
}

/// A megabyte word in a Boggle round is reported clipped, in its line and its finding (the
/// word column once asked `format!` for a width it cannot pad to: a panic).
#[test]
fn a_huge_boggle_word_is_clipped_not_a_panic() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let set = folio_lexicon::WordSet::from_words(["ABE"]).expect("set");
    std::fs::write(
        tmp.path().join("x.fst"),
        set.as_fst_set().as_fst().as_bytes(),
    )
    .expect("w");
    let word = "ab".repeat(500_000);
    std::fs::write(
        tmp.path().join("w.boggle"),
        format!(
            "#game boggle\n#board abcd/efgh/ijkl/mnop\n#lexicon x.fst\n#player a\n>a: {word}\n"
        ),
    )
    .expect("w");
    let (code, out, err) = play_in(tmp.path(), &["w.boggle"]);
    assert_eq!(code, 1, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.len() < 2000, "{} bytes", out.len());
    assert!(
        out.contains("… (1000000 characters) not on the board"),
        "{out}"
    );
}

/// A megabyte nickname is clipped in the transcript: the turn table's name column once
/// asked `format!` for a width it cannot pad to (a panic).
#[test]
fn a_huge_nickname_is_clipped_not_a_panic() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let nick = "A".repeat(70_000);
    std::fs::write(
        tmp.path().join("n.gcg"),
        format!("#player1 {nick} Ann\n#player2 Bob Bob\n>{nick}: AEINRST 8B RETAINS +66 66\n"),
    )
    .expect("w");
    let (code, out, err) = play_in(tmp.path(), &["n.gcg"]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.len() < 3000, "{} bytes", out.len());
    assert!(out.contains("… (70000 characters) 66, Bob 0"), "{out}");
}

/// `folio play` dispatches each script once, by its `#game` line, to the game that claims
/// it: GCG records, Boggle rounds, KenKen sessions and FreeCell solutions in one run, each
/// report in the shared shape (`file`, `game`, `findings` with `line`, `col`, `rule`).
#[test]
fn one_run_replays_every_game_through_one_registry() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let scripts = [
        ("tests/data/kenken/solved.kenken", "kenken", 0),
        ("tests/data/kenken/conflicts.kenken", "kenken", 1),
        ("tests/data/freecell/won-deal-24.txt", "freecell", 0),
        ("tests/data/freecell/illegal-deal-1.txt", "freecell", 1),
    ];
    for (file, game, code) in scripts {
        let out = Command::cargo_bin("folio")
            .unwrap()
            .current_dir(root)
            .args(["play", file, "--json"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(code), "{file}");
        let v = only_report(&out.stdout);
        assert_eq!(v["game"], game, "{file}");
        assert_eq!(v["file"], file);
        let findings = v["findings"].as_array().expect("findings");
        assert_eq!(findings.is_empty(), code == 0, "{file}");
        for f in findings {
            assert!(
                f["line"].is_u64() && f["col"].is_u64() && f["rule"].is_string(),
                "{f}"
            );
        }
    }
    // All four in one run: one report each, and the worst verdict.
    let files: Vec<&str> = scripts.iter().map(|s| s.0).collect();
    let out = Command::cargo_bin("folio")
        .unwrap()
        .current_dir(root)
        .arg("play")
        .args(&files)
        .args(["--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let games: Vec<&str> = v["reports"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["game"].as_str().unwrap())
        .collect();
    assert_eq!(games, ["kenken", "kenken", "freecell", "freecell"]);
}

/// A `#game kenken` line that is not first is not read as a GCG record's pragma.
#[test]
fn a_misplaced_game_line_is_a_finding_of_that_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("late.kenken");
    std::fs::write(&path, "# a note\n#game kenken\n").unwrap();
    let out = Command::cargo_bin("folio")
        .unwrap()
        .args(["play", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(":2:1: a `#game kenken` script must start with `#game kenken`"),
        "{text}"
    );
}

/// Runs `folio play` over `n` copies of `gcg` with stdout a pipe closed after its first line
/// (`folio play … | head -1`); returns the exit code.
fn play_into_closed_pipe(gcg: &str, n: usize) -> i32 {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    // Enough reports to overflow a pipe's buffer, so the writes after the close fail.
    let scripts: Vec<PathBuf> = (0..n)
        .map(|i| {
            let p = dir.path().join(format!("g{i}.gcg"));
            std::fs::write(&p, gcg).unwrap();
            p
        })
        .collect();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("folio"))
        .arg("play")
        .args(&scripts)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty(), "no output before the close");
    // The reader is dropped here: the pipe is closed.
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    out.status.code().expect("exit code")
}

#[test]
fn a_closed_stdout_keeps_the_verdict() {
    let good = std::fs::read_to_string(data_dir().join("standard_bingo.gcg")).unwrap();
    // A misscored first move: every copy has a finding.
    let bad = good.replace("+66 66", "+60 60");
    assert_ne!(bad, good);
    assert_eq!(
        play_into_closed_pipe(&bad, 300),
        1,
        "findings lost on a broken pipe"
    );
    assert_eq!(play_into_closed_pipe(&good, 300), 0);
}

/// A reader closed before folio writes anything (`folio play --json x.gcg | true`): the
/// first write is refused, and the verdict still stands in every format (it was exit 0
/// for `--json` and SARIF, whose output is flushed at the end).
#[test]
fn a_stdout_closed_before_the_first_write_keeps_the_verdict() {
    let good = std::fs::read_to_string(data_dir().join("standard_bingo.gcg")).unwrap();
    let bad = good.replace("+66 66", "+60 60");
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("bad.gcg");
    std::fs::write(&script, bad).unwrap();
    for format in [
        &["--json"][..],
        &["--jsonl"],
        &["--format", "sarif"],
        &["--format", "junit"],
        &["--format", "github"],
        &["-q"],
        &[],
    ] {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("folio"))
            .arg("play")
            .args(format)
            .arg(&script)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Closed before folio has written a byte.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{format:?}: {stderr}");
        assert_eq!(out.status.code(), Some(1), "{format:?}: {stderr}");
    }
}

/// Every script of `tests/data/scrabble/MANIFEST.tsv` against its checked-in transcript.
#[test]
fn manifest_transcripts() {
    let manifest = std::fs::read_to_string(data_dir().join("MANIFEST.tsv")).unwrap();
    let mut rows = 0;
    for line in manifest
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let (script, extra, expected) = (cols[0], cols[1], cols[2]);
        let mut args = vec![script];
        args.extend(extra.split(' ').filter(|a| *a != "-"));
        let (code, out, err) = play_in(&data_dir(), &args);
        assert!(!err.contains("panicked"), "{script}: {err}");
        check_transcript(expected, &transcript(code, &out));
        rows += 1;
    }
    assert!(rows >= 5, "{rows} rows");
}

/// In a seeded game, a written rack that is not the one dealt does not make the dealt rack
/// grow: after `a` plays three tiles its dealt rack lacks, its next rack (dealt) still holds
/// the rule set's 7 tiles, not 10.
#[test]
fn a_seeded_rack_never_grows_past_the_rule_sets_size() {
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        tmp.path().join("s.gcg"),
        "#player1 a A\n#player2 b B\n#seed 7\n>a: QZXJKVW 8H QZX +1 1\n>b: - +0 0\n>a: - +0 1\n",
    )
    .expect("write");
    let (code, out, err) = play_in(tmp.path(), &["--json", "s.gcg"]);
    assert_eq!(code, 1, "{err}");
    let v = only_report(out.as_bytes());
    let rules: Vec<&str> = v["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter_map(|f| f["rule"].as_str())
        .collect();
    assert!(rules.contains(&"rack-not-dealt"), "{rules:?}");
    let turns = v["turns"].as_array().expect("turns");
    assert_eq!(turns.len(), 3);
    for t in turns {
        let rack = t["rack"].as_str().expect("a known rack");
        assert_eq!(rack.chars().count(), 7, "{t}");
    }
}

/// A convention the replay names as a note (two players sharing a nickname) becomes a
/// finding when the run weighs its code: `--deny` fails the record, `--warn` lists it as a
/// warning, and by default it stays a note and the record passes.
#[test]
fn deny_and_warn_turn_a_note_into_a_finding() {
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        tmp.path().join("nn.gcg"),
        "#player1 NoName Ann\n#player2 NoName Bob\n>NoName: AEHNORT 8H HORN +14 14\n\
         >NoName: ABC - +0 0\n",
    )
    .expect("write");
    let (code, out, _) = play_in(tmp.path(), &["nn.gcg"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("1 note (not findings):"), "{out}");
    let (code, out, _) = play_in(
        tmp.path(),
        &["-q", "nn.gcg", "--deny", "duplicate-nickname"],
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("nn.gcg:2:10: error: two players share the nickname"),
        "{out}"
    );
    let (code, out, _) = play_in(
        tmp.path(),
        &["-q", "nn.gcg", "--warn", "duplicate-nickname"],
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("warning: two players share"), "{out}");
    // A record that does not parse keeps the note a note: allowing its one error passes it.
    std::fs::write(
        tmp.path().join("bad.gcg"),
        "#player1 NoName Ann\n#player2 NoName Bob\n>NoName: AEHNORT 8H HORN +1A 14\n",
    )
    .expect("write");
    let (code, out, _) = play_in(tmp.path(), &["-q", "bad.gcg", "--allow", "malformed-score"]);
    assert_eq!(code, 0, "{out}");
    let (code, out, _) = play_in(
        tmp.path(),
        &["-q", "bad.gcg", "--deny", "duplicate-nickname"],
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("[duplicate-nickname]"), "{out}");
}
