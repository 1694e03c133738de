//! End-to-end tests of `folio kenken`: solve, check, generate, show, convert, and the
//! session transcripts of `tests/data/kenken/` (listed in its MANIFEST.tsv).

use std::path::Path;

use crate::common::folio;

/// Runs `folio ARGS`, expecting exit `code`; returns stdout and stderr.
fn run(args: &[&str], code: i32) -> (String, String) {
    let out = folio().args(args).assert().code(code).get_output().clone();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const ID: &str = "4dn:a_4a_a_a__aaba,m48d2s1a6s1m4d2";

#[test]
fn session_transcripts_match_the_manifest() {
    let dir = Path::new("tests/data/kenken");
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let mut cases = 0;
    for line in manifest
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let script = format!("tests/data/kenken/{}", f[0]);
        let code: i32 = f[1].parse().unwrap();
        for (expected, json) in [(f[2], false), (f[3], true)] {
            let mut args = vec!["kenken", "replay", script.as_str()];
            if json {
                args.push("--json");
            }
            let (out, _) = run(&args, code);
            let want = std::fs::read_to_string(dir.join(expected)).unwrap();
            assert_eq!(out, want, "{script} against {expected}");
        }
        cases += 1;
    }
    assert!(cases >= 2);
}

#[test]
fn the_conflict_session_names_each_rule_where_it_happens() {
    let (out, _) = run(
        &[
            "kenken",
            "replay",
            "tests/data/kenken/conflicts.kenken",
            "--json",
        ],
        1,
    );
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    // The report contract of `folio play` (docs/formats.md §7): one document, one report.
    assert_eq!(doc["schema"], 1);
    assert_eq!(doc["summary"]["exit"], 1);
    let v = &doc["reports"][0];
    assert_eq!(v["game"], "kenken");
    assert_eq!(v["valid"], false);
    let rules: Vec<(u64, u64, &str)> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["line"].as_u64().unwrap(),
                f["col"].as_u64().unwrap(),
                f["rule"].as_str().unwrap(),
            )
        })
        .collect();
    for want in [
        (4, 6, "row-duplicate"),
        (5, 4, "digit-out-of-range"),
        (6, 6, "column-duplicate"),
        (6, 6, "cage-off-target"),
        (8, 1, "cell-off-grid"),
    ] {
        assert!(rules.contains(&want), "{want:?} in {rules:?}");
    }
}

#[test]
fn solve_prints_the_interface_json() {
    let (out, _) = run(&["kenken", "solve", ID, "--json"], 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["size"], 4);
    assert_eq!(v["solution"], "3412412323411234");
    assert_eq!(v["solutions"], 1);
    assert_eq!(v["difficulty"], "normal");
    let (out, _) = run(&["kenken", "solve", ID, "--count"], 0);
    assert_eq!(out, "1\n");
}

#[test]
fn an_ambiguous_puzzle_exits_1() {
    // Two dominoes of sum 3 on a 2x2: both Latin squares fit.
    let (out, _) = run(&["kenken", "solve", "2:b__,a3a3", "--json"], 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["solutions"], 2);
    assert_eq!(v["difficulty"], serde_json::Value::Null);
    let (out, _) = run(
        &["kenken", "solve", "2:b__,a3a3", "--count", "--cap", "10"],
        1,
    );
    assert_eq!(out, "2\n");
}

#[test]
fn shared_puzzles_solve_through_every_format() {
    let Some(dir) = folio_testdata::path("games/kenken") else {
        return;
    };
    let ext = dir.join("external-puzzles.jsonl");
    let ext = ext.to_str().unwrap();
    let (out, _) = run(&["kenken", "solve", ext, "--index", "2", "--json"], 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["solution"], "2351442351541233124515432");
    let kk = dir.join("verbatim/ghfbsd-trial-grids.txt");
    let (out, _) = run(
        &[
            "kenken",
            "solve",
            kk.to_str().unwrap(),
            "--index",
            "1",
            "--count",
        ],
        0,
    );
    assert_eq!(out, "1\n");
    // A file of several puzzles without --index is a usage error.
    let (_, err) = run(&["kenken", "solve", ext], 2);
    assert!(err.contains("holds 10 puzzles"), "{err}");
}

#[test]
fn check_lists_each_violation() {
    run(&["kenken", "check", ID, "3412 4123 2341 1234"], 0);
    let (out, _) = run(&["kenken", "check", ID, "3412/4123/2341/1243"], 1);
    assert!(out.contains("column-duplicate"), "{out}");
    assert!(out.contains("cage-off-target"), "{out}");
    let (_, err) = run(&["kenken", "check", ID, "34x2412323411234"], 2);
    assert!(err.contains("1:3"), "{err}");
}

#[test]
fn generate_is_deterministic_and_its_puzzle_solves() {
    let args = [
        "kenken",
        "generate",
        "--size",
        "5",
        "--difficulty",
        "hard",
        "--seed",
        "11",
        "--json",
    ];
    let (a, _) = run(&args, 0);
    let (b, _) = run(&args, 0);
    assert_eq!(a, b);
    let v: serde_json::Value = serde_json::from_str(&a).unwrap();
    let id = v["id"].as_str().unwrap();
    assert!(id.starts_with("5dh:"), "{id}");
    let (out, _) = run(&["kenken", "solve", id, "--json"], 0);
    let s: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(s["solution"], v["solution"]);
    assert_eq!(s["difficulty"], "hard");
    let (plain, _) = run(&args[..8], 0);
    assert_eq!(plain.trim(), id);
    run(
        &[
            "kenken",
            "generate",
            "--size",
            "3",
            "--difficulty",
            "x",
            "--seed",
            "1",
        ],
        2,
    );
    run(
        &[
            "kenken",
            "generate",
            "--size",
            "5",
            "--difficulty",
            "medium",
            "--seed",
            "1",
        ],
        2,
    );
}

#[test]
fn bad_puzzles_are_located_never_a_panic() {
    for (id, col) in [
        ("4dn:a_4a_a_a__aab?,m48d2s1a6s1m4d2", "column 18"),
        ("0:_,a1", "column 1"),
        ("100:_,a1", "column 1"),
        ("4dn:a_4a_a_a__aaba,m47d2s1a6s1m4d2", "column 20"),
    ] {
        let (_, err) = run(&["kenken", "solve", id], 2);
        assert!(err.contains(col), "{id}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn show_and_convert() {
    let (out, _) = run(&["kenken", "show", ID], 0);
    assert!(
        out.starts_with("+-----+-----+-----+-----+\n|48x        |2/   |1-   |\n"),
        "{out}"
    );
    let (text, _) = run(&["kenken", "convert", ID, "--to", "text"], 0);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.txt");
    std::fs::write(&file, &text).unwrap();
    let (back, _) = run(
        &["kenken", "convert", file.to_str().unwrap(), "--to", "keen"],
        0,
    );
    assert_eq!(back, "4:a_4a_a_a__aaba,m48d2s1a6s1m4d2\n");
    let (json, _) = run(&["kenken", "convert", ID, "--to", "json"], 0);
    std::fs::write(&file, &json).unwrap();
    let (back, _) = run(
        &["kenken", "convert", file.to_str().unwrap(), "--to", "keen"],
        0,
    );
    assert_eq!(back, "4:a_4a_a_a__aaba,m48d2s1a6s1m4d2\n");
}

/// A grid argument naming a device or folder is said to be one, not parsed as digits
/// (`/dev/null` once gave "GRID:1:4: unexpected \"v\"").
#[cfg(unix)]
#[test]
fn check_says_a_device_or_folder_is_no_grid() {
    let tmp = tempfile::tempdir().unwrap();
    for (grid, what) in [("/dev/null", "not a regular file"), (".", "a folder")] {
        let o = folio()
            .current_dir(tmp.path())
            .args([
                "kenken",
                "check",
                "4dn:a_4a_a_a__aaba,m48d2s1a6s1m4d2",
                grid,
            ])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(&format!("{grid:?} is {what}")), "{err}");
    }
}
