//! `folio kenken replay` and `folio freecell check` as CI runs them: the output options of
//! `folio play` (one shared args struct, one set of writers), so their `--json` follows
//! docs/schema/play.schema.json, their SARIF validates against the OASIS 2.1.0 schema, their
//! JUnit has the shape CI readers expect, and `-q` prints findings and the summary only.

use std::path::Path;

use crate::common::folio;
use crate::play_ci::{assert_junit_shape, assert_valid, root, sarif_validator, schema};

/// Runs `folio ARGS` in `dir`: (exit code, stdout, stderr).
fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = folio()
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run folio");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The two commands, each over one valid and one invalid script of tests/data.
const RUNS: &[(&str, &str, &[&str])] = &[
    (
        "kenken",
        "tests/data/kenken",
        &["kenken", "replay", "solved.kenken", "conflicts.kenken"],
    ),
    (
        "freecell",
        "tests/data/freecell",
        &["freecell", "check", "won-deal-24.txt", "illegal-deal-1.txt"],
    ),
];

fn with(base: &[&str], more: &[&str]) -> Vec<String> {
    base.iter().chain(more).map(|s| s.to_string()).collect()
}

fn run(dir: &str, args: &[String]) -> (i32, String, String) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run_in(&root().join(dir), &args)
}

#[test]
fn json_and_jsonl_follow_the_play_schema() {
    for (game, dir, base) in RUNS {
        let (code, out, err) = run(dir, &with(base, &["--json"]));
        assert_eq!(code, 1, "{game}: {err}");
        let doc: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
        assert_valid(&schema(None), &doc);
        assert_eq!(doc["schema"], 1);
        let reports = doc["reports"].as_array().unwrap();
        assert_eq!(reports.len(), 2, "{game}");
        assert!(reports.iter().all(|r| r["game"] == *game));
        assert_eq!(reports[0]["findings"].as_array().map(Vec::len), Some(0));
        assert!(!reports[1]["findings"].as_array().unwrap().is_empty());
        assert_eq!(doc["summary"]["files"], 2);
        assert_eq!(doc["summary"]["exit"], 1);

        let (code, out, _) = run(dir, &with(base, &["--jsonl"]));
        assert_eq!(code, 1);
        let lines: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect();
        assert_eq!(lines.len(), 3, "{game}: two reports and the summary");
        let line = schema(Some("line"));
        for l in &lines {
            assert_valid(&line, l);
        }
    }
}

#[test]
fn sarif_and_junit_validate() {
    let sarif_schema = sarif_validator();
    for (game, dir, base) in RUNS {
        let (code, out, _) = run(dir, &with(base, &["--format", "sarif"]));
        assert_eq!(code, 1, "{game}");
        let sarif: serde_json::Value = serde_json::from_str(&out).expect("SARIF is JSON");
        assert_valid(&sarif_schema, &sarif);
        let results = sarif["runs"][0]["results"].as_array().unwrap();
        assert!(!results.is_empty(), "{game}");
        assert!(results.iter().any(|r| r["level"] == "error"), "{game}");

        let (code, out, _) = run(dir, &with(base, &["--format", "junit"]));
        assert_eq!(code, 1);
        let doc = roxmltree::Document::parse(&out).expect("well-formed XML");
        assert!(assert_junit_shape(&doc) >= 1, "{game}: {out}");

        let (code, out, _) = run(dir, &with(base, &["--format", "github"]));
        assert_eq!(code, 1);
        assert!(out.lines().any(|l| l.starts_with("::error file=")), "{out}");
    }
}

#[test]
fn quiet_prints_findings_and_the_summary_and_allow_never_hides_the_verdict() {
    let (code, out, _) = run(
        "tests/data/freecell",
        &with(&["freecell", "check", "illegal-deal-1.txt"], &["-q"]),
    );
    assert_eq!(code, 1);
    assert!(out.starts_with("illegal-deal-1.txt:7:1: error: "), "{out}");
    assert!(out.lines().last().unwrap().starts_with("1 game, "), "{out}");
    // Severities are play's, but the verdict is not weighed: allowing the illegal move's
    // rule leaves the game not won (exit 1), and `not-won` cannot be allowed (exit 2).
    let (code, out, _) = run(
        "tests/data/freecell",
        &with(
            &["freecell", "check", "illegal-deal-1.txt"],
            &["--allow", "does-not-fit"],
        ),
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(":7:1: not-won: "), "{out}");
    let (code, _, err) = run(
        "tests/data/freecell",
        &with(
            &["freecell", "check", "illegal-deal-1.txt"],
            &["--allow", "not-won"],
        ),
    );
    assert_eq!(code, 2);
    assert!(err.contains("not-won is the verdict"), "{err}");
    let (code, out, _) = run(
        "tests/data/kenken",
        &with(&["kenken", "replay", "conflicts.kenken"], &["--quiet"]),
    );
    assert_eq!(code, 1);
    assert!(
        out.contains(": error: ") && out.contains("[row-duplicate]"),
        "{out}"
    );
}

/// `folio kenken check PUZZLE GRID…` with grid files: the same output options, each
/// violation located at the digit of its cell.
#[test]
fn kenken_check_of_grid_files_takes_the_same_formats() {
    const ID: &str = "4dn:a_4a_a_a__aaba,m48d2s1a6s1m4d2";
    let tmp = tempfile::tempdir().expect("tempdir");
    let d = tmp.path();
    std::fs::write(d.join("good.grid"), "3412\n4123\n2341\n1234\n").unwrap();
    std::fs::write(d.join("bad.grid"), "3412\n4123\n2341\n1243\n").unwrap();
    let base = ["kenken", "check", ID, "good.grid", "bad.grid"];

    let (code, out, err) = run_in(d, &[&base[..], &["--json"]].concat());
    assert_eq!(code, 1, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_valid(&schema(None), &doc);
    assert_eq!(doc["reports"][0]["solved"], true);
    assert_eq!(doc["reports"][1]["solved"], false);
    let findings = doc["reports"][1]["findings"].as_array().unwrap();
    assert!(!findings.is_empty());
    // In position order, as every checker lists them.
    let places: Vec<(u64, u64)> = findings
        .iter()
        .map(|f| (f["line"].as_u64().unwrap(), f["col"].as_u64().unwrap()))
        .collect();
    assert!(places.windows(2).all(|w| w[0] <= w[1]), "{places:?}");
    for f in findings {
        // Located at the digit of the cell the message names first (`C3: …`): one digit
        // per cell, one row per line, so column C of row 3 is 3:3.
        let cell = f["message"].as_str().unwrap().split(':').next().unwrap();
        let col = u64::from(cell.as_bytes()[0] - b'A' + 1);
        let row: u64 = cell[1..].parse().unwrap();
        assert_eq!(
            (f["line"].as_u64(), f["col"].as_u64()),
            (Some(row), Some(col)),
            "{f}"
        );
        assert_eq!(
            f["text"],
            ["3412", "4123", "2341", "1243"][row as usize - 1]
        );
    }

    let (code, out, _) = run_in(d, &[&base[..], &["--format", "sarif"]].concat());
    assert_eq!(code, 1);
    let sarif: serde_json::Value = serde_json::from_str(&out).expect("SARIF is JSON");
    assert_valid(&sarif_validator(), &sarif);

    let (code, out, _) = run_in(d, &[&base[..], &["--format", "junit"]].concat());
    assert_eq!(code, 1);
    let xml = roxmltree::Document::parse(&out).expect("well-formed XML");
    assert!(assert_junit_shape(&xml) >= 1, "{out}");

    // Text output is what `kenken check` always printed; a literal grid still works, but
    // has no file for a CI format to point at.
    let (code, out, _) = run_in(d, &["kenken", "check", ID, "good.grid"]);
    assert_eq!((code, out.as_str()), (0, "solved\n"));
    let (code, _, err) = run_in(d, &["kenken", "check", ID, "3412 4123 2341 1234", "--json"]);
    assert_eq!(code, 2);
    assert!(err.contains("give it in a file"), "{err}");
}

#[test]
fn a_folder_stands_for_its_scripts() {
    // kenken replay walks for .kenken files: the two of tests/data, in name order.
    let (code, out, err) = run_in(
        &root(),
        &["kenken", "replay", "tests/data/kenken", "--jsonl"],
    );
    assert_eq!(code, 1, "{err}");
    let files: Vec<String> = out
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["file"].as_str().map(str::to_string))
        .collect();
    assert_eq!(
        files,
        [
            "tests/data/kenken/conflicts.kenken",
            "tests/data/kenken/solved.kenken"
        ]
    );
    // freecell check walks for .freecell and .txt files (other programs' solutions).
    let (code, out, err) = run_in(&root(), &["freecell", "check", "tests/data/freecell", "-q"]);
    assert_ne!(code, 2, "{err}");
    let n = std::fs::read_dir(root().join("tests/data/freecell"))
        .unwrap()
        .filter(|e| {
            let p = e.as_ref().unwrap().path();
            p.extension().is_some_and(|x| x == "txt" || x == "freecell")
        })
        .count();
    assert!(out.contains(&format!("{n} games, ")), "{n} scripts: {out}");
    // A folder with no script of the command's kind is a usage error naming what it looks for.
    let tmp = tempfile::tempdir().unwrap();
    let (code, _, err) = run_in(tmp.path(), &["kenken", "replay", "."]);
    assert_eq!(code, 2);
    assert!(err.contains(".kenken"), "{err}");
}
