//! End-to-end tests of `folio freecell` (deal, check, solve) and the checked-in transcripts
//! in tests/data/freecell (MANIFEST.tsv: file, expected exit code, what it shows).

use serde_json::Value;

use crate::common::folio;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/freecell");

#[test]
fn transcripts_match_the_manifest() {
    let manifest = std::fs::read_to_string(format!("{DATA}/MANIFEST.tsv")).unwrap();
    let mut n = 0;
    for row in manifest.lines().skip(1) {
        let f: Vec<&str> = row.split('\t').collect();
        let (file, code) = (f[0], f[1].parse::<i32>().unwrap());
        let want = std::fs::read_to_string(format!("{DATA}/{}", file.replace(".txt", ".expected")))
            .unwrap();
        let out = folio()
            .current_dir(DATA)
            .args(["freecell", "check", file])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(code), "{file}");
        assert_eq!(String::from_utf8(out.stdout).unwrap(), want, "{file}");
        n += 1;
    }
    assert!(n >= 2);
}

#[test]
fn deal_prints_deals_txt_lines_and_json_columns() {
    let out = folio().args(["freecell", "deal", "617"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 8);
    assert_eq!(text.lines().next(), Some("7D TD TH KD 4C 4S JD"));
    let out = folio()
        .args(["freecell", "deal", "-2", "--json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["columns"][0][0], "AS");
    assert_eq!(v["columns"].as_array().unwrap().len(), 8);
}

#[test]
fn deal_out_of_range_is_a_usage_error() {
    for n in ["0", "8589934592", "-3", "x"] {
        folio().args(["freecell", "deal", n]).assert().code(2);
    }
}

#[test]
fn solve_output_is_accepted_by_check() {
    let out = folio().args(["freecell", "solve", "11"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("11.txt");
    std::fs::write(&p, &out.stdout).unwrap();
    folio().args(["freecell", "check"]).arg(&p).assert().code(0);
    let out = folio()
        .args(["freecell", "solve", "11", "--json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (
            v["deal"].as_i64(),
            v["solvable"].as_bool(),
            v["autoplay"].as_str()
        ),
        (Some(11), Some(true), Some("ms"))
    );
    // Two characters, or two and a count (`51/3`) for part of a run into an empty cascade.
    assert!(v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m.as_str().unwrap().len() == 2 || m.as_str().unwrap().as_bytes()[2] == b'/'));
}

#[test]
fn deal_11982_is_unsolvable_with_four_cells_and_solved_with_five() {
    let out = folio()
        .args(["freecell", "solve", "11982", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["verdict"], "unsolvable");
    assert_eq!(v["solvable"], false);
    let out = folio()
        .args(["freecell", "solve", "11982", "--freecells", "5", "--json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["solvable"], true);
    // As text the verdict goes to stderr: stdout holds a solution or nothing.
    let out = folio()
        .args(["freecell", "solve", "11982"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("deal 11982: unsolvable with 4 free cells"),
        "{err}"
    );
}

/// An option that says other than the file is a finding, not dropped in silence: a 5-cell
/// solution checked "with --freecells 4" once said won.
#[test]
fn an_option_the_file_overrides_is_a_finding() {
    let out = folio()
        .args(["freecell", "solve", "11982", "--freecells", "5"])
        .output()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("s5.txt");
    std::fs::write(&p, &out.stdout).unwrap();
    folio()
        .args(["freecell", "check", "-q"])
        .arg(&p)
        .assert()
        .code(0);
    let o = folio()
        .args(["freecell", "check", "--freecells", "4", "--deal", "11982"])
        .arg(&p)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(
        text.contains("--freecells 4, but the file says 5: the file's is replayed"),
        "{text}"
    );
}

#[test]
fn a_tiny_state_limit_says_unknown_never_unsolvable() {
    let out = folio()
        .args([
            "freecell",
            "solve",
            "11982",
            "--max-states",
            "100",
            "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["verdict"], "unknown");
    assert!(v["solvable"].is_null());
}

#[test]
fn published_solutions_check_from_the_cli() {
    let Some(dir) = folio_testdata::path("games/freecell/solutions") else {
        return;
    };
    // FC-Pro: the header gives the deal and the free cells.
    folio()
        .arg("freecell")
        .arg("check")
        .arg(dir.join("ms5333098828.fcpro-sn.txt"))
        .assert()
        .code(0);
    folio()
        .args(["freecell", "check", "--deal", "24", "--json"])
        .arg(dir.join("ms24.fcs-verbose.txt"))
        .assert()
        .code(0);
    let out = folio()
        .args(["freecell", "check", "--deal", "24", "--json"])
        .arg(dir.join("ms24.INVALID-2.fcs-verbose.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let v = &doc["reports"][0];
    assert_eq!(v["valid"], false);
    assert_eq!(v["game"], "freecell");
    assert_eq!(v["findings"][0]["rule"], "does-not-fit");
    assert!(v["findings"][0]["line"].as_u64().unwrap() > 1);
}

#[test]
fn binary_and_missing_files() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("bin");
    std::fs::write(&p, b"#game freecell\n#deal 1\n\x00\x01\x02").unwrap();
    let out = folio()
        .args(["freecell", "check"])
        .arg(&p)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains(":3:1: binary-input"));
    // Allowing the finding leaves the game unplayed, so unwon: still invalid.
    for game in [&["freecell", "check"][..], &["play"][..]] {
        let out = folio()
            .args(game)
            .arg(&p)
            .args(["--allow", "binary-input"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{game:?}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("not-won"));
    }
    let k = dir.path().join("k.kenken");
    std::fs::write(&k, b"#game kenken\n\x00").unwrap();
    folio()
        .arg("play")
        .arg(&k)
        .args(["--allow", "binary-input"])
        .assert()
        .code(1);
    folio()
        .args(["freecell", "check", "/nonexistent/x.txt"])
        .assert()
        .code(2);
    folio()
        .args(["freecell", "check", "x", "--autoplay", "always"])
        .assert()
        .code(2);
}

/// `deal` and `solve` print through folio's error handling: a full disk is an error
/// (exit 2), never a panic.
#[cfg(target_os = "linux")]
#[test]
fn printing_to_a_full_disk_is_an_error_not_a_panic() {
    for args in [
        &["freecell", "deal", "1"][..],
        &["freecell", "deal", "1", "--json"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("folio"))
            .args(args)
            .stdout(full)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("No space left on device") && !err.contains("panicked"),
            "{err}"
        );
    }
}

/// Dispatch without a `#game` line goes by the extension (docs/formats.md): a folder of
/// FC-Pro solutions saved as `.freecell` replays as FreeCell in `folio play`, exactly as
/// `folio freecell check` reads them, and a `.kenken` session without its line as KenKen.
#[test]
fn play_reads_a_freecell_file_without_a_game_line_as_freecell() {
    let Some(src) = folio_testdata::path("games/freecell/solutions/ms5333098828.fcpro-sn.txt")
    else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("solutions");
    std::fs::create_dir(&dir).unwrap();
    std::fs::copy(&src, dir.join("fcpro.freecell")).unwrap();
    let session = std::fs::read_to_string("tests/data/kenken/solved.kenken").unwrap();
    let without: Vec<&str> = session
        .lines()
        .filter(|l| !l.starts_with("#game"))
        .collect();
    std::fs::write(dir.join("s.KENKEN"), without.join("\n") + "\n").unwrap();
    let one = dir.join("fcpro.freecell");
    let one = one.to_str().unwrap();
    let play = folio().args(["play", "-q", one]).output().unwrap();
    let check = folio()
        .args(["freecell", "check", "-q", one])
        .output()
        .unwrap();
    assert_eq!(play.status.code(), Some(0), "{play:?}");
    assert_eq!(play.stdout, check.stdout);
    let out = folio()
        .args(["play", "--json", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let games: Vec<&str> = v["reports"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["game"].as_str().unwrap())
        .collect();
    assert_eq!(games, ["freecell", "kenken"]);
    // The `#game` line still comes first: a GCG record named `.freecell` is read as GCG
    // only when it says so.
    std::fs::write(
        dir.join("g.freecell"),
        "#game scrabble\n#player1 A Ann\n#player2 B Bob\n>A: AEINRST 8D RETAINS +66 66\n",
    )
    .unwrap();
    let out = folio()
        .args(["play", "--json", dir.join("g.freecell").to_str().unwrap()])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["reports"][0]["game"], "scrabble", "{v}");
}

/// An unwon game exits 1 in every format, whatever `--allow` says: allowing the illegal
/// move's rule leaves the `not-won` verdict, which cannot itself be allowed.
#[test]
fn an_unwon_game_is_invalid_whatever_is_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let script = std::fs::read("tests/data/freecell/illegal-deal-1.txt").unwrap();
    let copy = dir.path().join("illegal.freecell");
    std::fs::write(&copy, &script).unwrap();
    let file = "tests/data/freecell/illegal-deal-1.txt";
    for format in [
        &["-q"][..],
        &["--json"],
        &["--jsonl"],
        &["--format", "sarif"],
        &["--format", "junit"],
        &["--format", "github"],
        &[],
    ] {
        let out = folio()
            .args(["freecell", "check", "--allow", "does-not-fit", file])
            .args(format)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{format:?}: {text}");
        assert!(text.contains("not-won"), "{format:?}: {text}");
        let out = folio()
            .args(["play", "--allow", "does-not-fit"])
            .arg(&copy)
            .args(format)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "play {format:?}");
    }
    let out = folio()
        .args([
            "freecell",
            "check",
            "--json",
            "--allow",
            "does-not-fit",
            file,
        ])
        .output()
        .unwrap();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let v = &doc["reports"][0];
    assert_eq!(
        (v["valid"].clone(), v["won"].clone()),
        (false.into(), false.into())
    );
    assert_eq!(v["findings"][0]["rule"], "not-won");
    for flag in ["--allow", "--warn"] {
        let out = folio()
            .args(["freecell", "check", flag, "not-won", file])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("not-won is the verdict (the game is not won)"),
            "{err}"
        );
    }
}

/// An fc-solve file whose printed boards were edited: each finding names cards and
/// foundations as the file writes them (never Rust's debug text), and a bad starting board
/// is located at its `Foundations:` line with that line shown.
#[test]
fn edited_fc_solve_boards_are_named_in_the_files_notation() {
    let Some(dir) = folio_testdata::path("games/freecell/solutions") else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("ms24.fcs-verbose.txt")).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let check = |name: &str, edited: String| -> Value {
        let path = tmp.path().join(name);
        std::fs::write(&path, edited).unwrap();
        let out = folio()
            .args(["freecell", "check", "--json"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{name}");
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
        doc["reports"][0]["findings"][0].clone()
    };
    // The free cell printed after move 2 holds QD instead of JD.
    let f = check(
        "cell.txt",
        text.replacen("Freecells:  JD", "Freecells:  QD", 1),
    );
    assert_eq!(f["rule"], "board-mismatch");
    assert!(
        f["message"]
            .as_str()
            .unwrap()
            .ends_with("free cell a holds JD, the file QD"),
        "{f}"
    );
    // The foundations printed after move 1 claim the two of spades.
    let f = check(
        "found.txt",
        text.replacen(
            "Foundations: H-0 C-0 D-0 S-A",
            "Foundations: H-0 C-0 D-0 S-2",
            1,
        ),
    );
    assert!(
        f["message"]
            .as_str()
            .unwrap()
            .ends_with("foundations H-0 C-0 D-0 S-A, the file H-0 C-0 D-0 S-2"),
        "{f}"
    );
    // The starting board holds 4C twice: at line 3, the board's first line.
    let f = check("start.txt", text.replacen(": 4C 2C", ": 4C 4C", 1));
    assert_eq!(f["rule"], "bad-board");
    assert_eq!((f["line"].as_u64(), f["col"].as_u64()), (Some(3), Some(1)));
    assert_eq!(f["text"], "Foundations: H-0 C-0 D-0 S-0");
}
