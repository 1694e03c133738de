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

/// Runs `folio ARGS` in `dir` with `stdin`; returns exit code, stdout and stderr.
fn run_in(dir: &Path, args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let o = folio()
        .current_dir(dir)
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// A GRID that looks like a path is one: a missing file, a folder or a device is named in
/// an I/O error (exit 2), with or without `-q` (which once said "a grid written on the
/// command line has no file…", and `/nonexistent` was read as digits: `GRID:1:2:
/// unexpected "n"`). Digits with `/` separators stay digits; a bare name
/// that is no file is read as digits, and its error says it is no file either.
#[cfg(unix)]
#[test]
fn grid_paths_get_errors_naming_them() {
    let tmp = tempfile::tempdir().unwrap();
    for (grid, why) in [
        ("/nonexistent", "cannot read /nonexistent: No such file"),
        ("./missing.grid", "cannot read ./missing.grid: No such file"),
        (".", "cannot read .: Is a directory"),
        (
            "/dev/zero",
            "cannot read /dev/zero: longer than 67108864 bytes",
        ),
    ] {
        for quiet in [false, true] {
            let mut args = vec!["kenken", "check", ID, grid];
            if quiet {
                args.push("-q");
            }
            let (code, _, err) = run_in(tmp.path(), &args, "");
            assert_eq!(code, Some(2), "{args:?}: {err}");
            assert!(err.contains(why), "{args:?}: {err}");
        }
    }
    // An empty file reads (it is no I/O error): a grid of 0 digits, which solves nothing.
    for quiet in [false, true] {
        let mut args = vec!["kenken", "check", ID, "/dev/null"];
        if quiet {
            args.push("-q");
        }
        let (code, out, err) = run_in(tmp.path(), &args, "");
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(
            out.contains("1:1:") && out.contains("0 digits for a 4x4 grid, which needs 16"),
            "{args:?}: {out}"
        );
    }
    // The solution as digits, rows split by `/`: read as a grid, not a path.
    let (code, out, err) = run_in(
        tmp.path(),
        &["kenken", "check", ID, "3412/4123/2341/1234"],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "solved\n");
    // A bare name that is no file is read as digits, and the error says it was no file
    // either; a digit typo is shown where it is, nothing more.
    let (code, _, err) = run_in(tmp.path(), &["kenken", "check", ID, "mygrid.txt"], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("GRID:1:1: unexpected \"m\"")
            && err.contains("(no file \"mygrid.txt\" either)"),
        "{err}"
    );
    let (code, _, err) = run_in(tmp.path(), &["kenken", "check", ID, "341241232341123x"], "");
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("GRID:1:16: unexpected \"x\"") && !err.contains("no file"),
        "{err}"
    );
}

/// A PUZZLE that looks like a path is one (`-` is stdin, as for `check`'s grids); only an
/// argument with a `:` and no `/` that names no file is read as a Keen ID.
#[cfg(unix)]
#[test]
fn puzzle_paths_and_stdin() {
    let tmp = tempfile::tempdir().unwrap();
    let (code, out, err) = run_in(tmp.path(), &["kenken", "solve", "-", "-q"], ID);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "unique solution, difficulty normal\n");
    for (puzzle, why) in [
        ("/dev/null", "/dev/null:1:1: no puzzle: the text is empty"),
        ("/nonexistent", "cannot read /nonexistent: No such file"),
        ("puzzle.txt", "cannot read puzzle.txt: No such file"),
        (".", "cannot read .: Is a directory"),
        (
            "4x:abc",
            "\"4x:abc\" is no file, and not a Keen game ID: column",
        ),
    ] {
        let (code, _, err) = run_in(tmp.path(), &["kenken", "solve", puzzle], "");
        assert_eq!(code, Some(2), "{puzzle}: {err}");
        assert!(err.contains(why), "{puzzle}: {err}");
    }
}

/// Puzzle files are read through the same 64 MiB cap as scripts and grid files: a 1 GB
/// file was read whole (1 GB of memory, seconds) before it was refused.
#[test]
fn puzzle_files_over_64_mib_are_refused_unread() {
    let tmp = tempfile::tempdir().unwrap();
    let big = tmp.path().join("big.txt");
    // Sparse: 64 MiB and one byte of NULs, no disk written.
    std::fs::File::create(&big)
        .unwrap()
        .set_len((64 << 20) + 1)
        .unwrap();
    let big = big.to_str().unwrap();
    for args in [
        vec!["kenken", "solve", big],
        vec!["kenken", "show", big],
        vec!["kenken", "convert", big, "--to", "keen"],
        vec!["kenken", "check", big, "3412412323411234"],
    ] {
        let (_, err) = run(&args, 2);
        assert!(
            err.contains("longer than 67108864 bytes: not a puzzle"),
            "{args:?}: {err}"
        );
    }
}

/// A UTF-8 byte-order mark at the start of a puzzle file (text, JSON, a Keen ID) or a grid
/// file is dropped, as every other folio reader drops it.
#[test]
fn a_bom_is_dropped_from_puzzle_and_grid_files() {
    let tmp = tempfile::tempdir().unwrap();
    let (json, _) = run(&["kenken", "convert", ID, "--to", "json"], 0);
    let (text, _) = run(&["kenken", "convert", ID, "--to", "text"], 0);
    for (name, body) in [
        ("id.txt", format!("{ID}\n")),
        ("p.json", json),
        ("p.txt", text),
    ] {
        let path = tmp.path().join(name);
        std::fs::write(&path, format!("\u{feff}{body}")).unwrap();
        let (out, err) = run(&["kenken", "solve", path.to_str().unwrap(), "-q"], 0);
        assert_eq!(out, "unique solution, difficulty normal\n", "{name}: {err}");
    }
    let grid = tmp.path().join("g.grid");
    std::fs::write(&grid, "\u{feff}3412\n4123\n2341\n1234\n").unwrap();
    let (out, _) = run(&["kenken", "check", ID, grid.to_str().unwrap()], 0);
    assert_eq!(out, "solved\n");
    // A violation on the first line is still placed where its digit is written (C1, the
    // first cell of column C's duplicate), the BOM not counted.
    std::fs::write(&grid, "\u{feff}3421\n4123\n2341\n1234\n").unwrap();
    let (out, _) = run(
        &["kenken", "check", ID, grid.to_str().unwrap(), "--json"],
        1,
    );
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let f = &doc["reports"][0]["findings"][0];
    assert_eq!(
        (f["line"].as_u64(), f["col"].as_u64()),
        (Some(1), Some(3)),
        "{f}"
    );
}

/// 9×9, rows 1–4 one `+` cage and rows 5–9 another, each one off its rows' sum (every row
/// holds 1..9): refused at once by the cage's Latin sum bound (it ran without end).
const WHOLE_ROWS: &str = "kenken 9\naaaaaaaaa\naaaaaaaaa\naaaaaaaaa\naaaaaaaaa\nbbbbbbbbb\n\
                          bbbbbbbbb\nbbbbbbbbb\nbbbbbbbbb\nbbbbbbbbb\n\na 181+\nb 224+\n";

/// The same cages but cell I4 moved to the lower one: each target fits its cage alone
/// (a = 180 − I4, b = 225 + I4 ask I4 = 1 and 2), which no bound sees; the search alone
/// finds that out, in more states than can be visited.
const SPLIT_ROWS: &str = "kenken 9\naaaaaaaaa\naaaaaaaaa\naaaaaaaaa\naaaaaaaab\nbbbbbbbbb\n\
                          bbbbbbbbb\nbbbbbbbbb\nbbbbbbbbb\nbbbbbbbbb\n\na 179+\nb 227+\n";

#[test]
fn an_impossible_sum_of_whole_rows_is_refused_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let p = tmp.path().join("rows.txt");
    std::fs::write(&p, WHOLE_ROWS).unwrap();
    let (_, err) = run(&["kenken", "solve", p.to_str().unwrap()], 2);
    assert!(
        err.contains(r#"cage "a" (181+, 36 cells) cannot be met with digits 1 to 9"#),
        "{err}"
    );
}

#[test]
fn the_search_stops_at_max_states_with_an_unknown_verdict() {
    let tmp = tempfile::tempdir().unwrap();
    let p = tmp.path().join("split.txt");
    std::fs::write(&p, SPLIT_ROWS).unwrap();
    let p = p.to_str().unwrap();
    let (out, _) = run(&["kenken", "solve", p, "--max-states", "20000"], 1);
    assert!(out.starts_with("unknown: limit reached ("), "{out}");
    assert!(!out.contains("no solution"), "{out}");
    let (out, _) = run(
        &["kenken", "solve", p, "--max-states", "20000", "--json"],
        1,
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["verdict"], "unknown");
    assert_eq!(v["solutions"], 0);
    assert_eq!(v["solution"], serde_json::Value::Null);
    let states = v["states"].as_u64().unwrap();
    // Stopped at the limit, overrun by at most one propagation (a few cage budgets).
    assert!((20_000..1_000_000).contains(&states), "{states}");
    // `--count` does not print a count it has not finished.
    let (out, _) = run(
        &["kenken", "solve", p, "--max-states", "20000", "--count"],
        1,
    );
    assert!(out.starts_with("unknown: limit reached"), "{out}");
    // A unique puzzle within the limit is unaffected, and says how many states it took.
    let (out, _) = run(&["kenken", "solve", ID, "--json"], 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["verdict"], "unique");
    assert!(v["states"].as_u64().unwrap() > 0);
}

/// A session that ends short of a solution is invalid (docs/kenken.md): exit 1 with a
/// located `not-solved` finding, in `kenken replay` and `folio play`, in every format.
#[test]
fn a_session_that_does_not_solve_its_puzzle_exits_1_with_a_finding() {
    let tmp = tempfile::tempdir().unwrap();
    let empty = tmp.path().join("k_empty.kenken");
    std::fs::write(&empty, format!("#game kenken\n#puzzle {ID}\n")).unwrap();
    // The first moves of a solved session: legal, but not a solution.
    let solved = std::fs::read_to_string("tests/data/kenken/solved.kenken").unwrap();
    let part = tmp.path().join("part.kenken");
    let head: Vec<&str> = solved.lines().take(6).collect();
    std::fs::write(&part, head.join("\n") + "\n").unwrap();
    for script in [&empty, &part] {
        let script = script.to_str().unwrap();
        let (out, _) = run(&["kenken", "replay", script], 1);
        assert!(
            out.contains(": not-solved: the final grid does not solve"),
            "{out}"
        );
        let (out, _) = run(&["play", "-q", script], 1);
        assert!(
            out.contains("error: the final grid does not solve the puzzle"),
            "{out}"
        );
        assert!(out.contains("[not-solved]"), "{out}");
        let (out, _) = run(&["kenken", "replay", "--json", script], 1);
        assert!(out.contains(r#""rule":"not-solved""#), "{out}");
        assert!(out.contains(r#""exit":1"#), "{out}");
        for format in ["sarif", "junit", "github"] {
            let (out, _) = run(&["kenken", "replay", "--format", format, script], 1);
            assert!(out.contains("not-solved"), "{format}: {out}");
        }
    }
    let (out, _) = run(&["kenken", "replay", empty.to_str().unwrap()], 1);
    assert!(out.contains("k_empty.kenken:2:1: not-solved: "), "{out}");
}

/// `kenken check`'s text lists violations as the run weighs them, as its JSON does.
#[test]
fn check_lists_violations_as_weighed() {
    let tmp = tempfile::tempdir().unwrap();
    let grid = tmp.path().join("g.txt");
    std::fs::write(&grid, "3412\n4123\n2341\n1243\n").unwrap();
    let grid = grid.to_str().unwrap();
    let (out, _) = run(
        &[
            "kenken",
            "check",
            ID,
            grid,
            "--warn",
            "column-duplicate",
            "--allow",
            "cage-off-target",
        ],
        0,
    );
    assert!(out.starts_with("warning: C3: column-duplicate: "), "{out}");
    assert!(!out.contains("cage-off-target"), "{out}");
    assert!(out.contains("\nnot listed: 2 allowed\n"), "{out}");
    // --max-findings keeps the first in position order, in text as in JSON.
    let (out, _) = run(&["kenken", "check", ID, grid, "--max-findings", "1"], 1);
    assert!(out.starts_with("D2: column-duplicate: "), "{out}");
    assert!(
        out.contains("\nnot listed: 3 past --max-findings\n"),
        "{out}"
    );
    let (json, _) = run(
        &["kenken", "check", ID, grid, "--max-findings", "1", "--json"],
        1,
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        v["reports"][0]["findings"][0]["message"]
            .as_str()
            .unwrap()
            .get(..3),
        Some("D2:")
    );
}

#[test]
fn cap_1_finds_a_solution_without_calling_it_unique() {
    // Three row cages of 6+ on a 3x3: all 12 Latin squares fit.
    let dir = tempfile::tempdir().unwrap();
    let k3 = dir.path().join("k3.txt");
    std::fs::write(&k3, "kenken 3\naaa\nbbb\nccc\n\na 6+\nb 6+\nc 6+\n").unwrap();
    let k3 = k3.to_str().unwrap();
    let (out, _) = run(&["kenken", "solve", k3, "--cap", "1"], 0);
    assert!(!out.contains("unique solution"), "{out}");
    assert!(
        out.ends_with("a solution (uniqueness not checked: --cap 1)\n"),
        "{out}"
    );
    let (out, _) = run(&["kenken", "solve", k3, "--cap", "1", "--json"], 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["verdict"], "found");
    assert_eq!(v["difficulty"], serde_json::Value::Null);
    // The default cap still proves it ambiguous.
    let (out, _) = run(&["kenken", "solve", k3, "-q"], 1);
    assert_eq!(out, "at least 2 solutions\n");
    let (out, _) = run(&["kenken", "solve", k3, "--count", "--cap", "100"], 1);
    assert_eq!(out, "12\n");
}

/// An unsolved session exits 1 in every format: its conflicts may be allowed, its
/// `not-solved` verdict may not (a usage error, exit 2).
#[test]
fn an_unsolved_session_is_invalid_whatever_is_allowed() {
    let file = "tests/data/kenken/conflicts.kenken";
    for format in [
        &["-q"][..],
        &["--json"],
        &["--format", "sarif"],
        &["--format", "github"],
        &[],
    ] {
        let mut args = vec!["kenken", "replay", "--allow", "row-duplicate", file];
        args.extend(format);
        let (out, _) = run(&args, 1);
        assert!(out.contains("not-solved"), "{format:?}: {out}");
    }
    for flag in ["--allow", "--warn"] {
        let (_, err) = run(&["kenken", "replay", flag, "not-solved", file], 2);
        assert!(err.contains("not-solved is the verdict"), "{err}");
    }
    // A session without its puzzle solves nothing, its `no-puzzle` allowed or not.
    let dir = tempfile::tempdir().unwrap();
    let np = dir.path().join("np.kenken");
    std::fs::write(&np, "#game kenken\nA1=1\n").unwrap();
    let np = np.to_str().unwrap();
    let (out, _) = run(&["kenken", "replay", "-q", "--allow", "no-puzzle", np], 1);
    assert!(out.contains(":2:1: error: no puzzle to solve"), "{out}");
}

/// A session whose only finding is a warning, or an allowed one, is valid in the text
/// verdict and in the JSON `valid`, as the exit status says; an error makes it invalid.
#[test]
fn the_valid_verdict_follows_the_severities_as_the_exit_status() {
    let tmp = tempfile::tempdir().unwrap();
    let session = tmp.path().join("warn.kenken");
    std::fs::write(
        &session,
        format!(
            "#game kenken\n#puzzle {ID}\n#weird\nA1=3 B1=4 C1=1 D1=2\nA2=4 B2=1 C2=2 D2=3\n\
             A3=2 B3=3 C3=4 D3=1\nA4=1 B4=2 C4=3 D4=4\n"
        ),
    )
    .unwrap();
    let s = session.to_str().unwrap();
    let (text, _) = run(&["kenken", "replay", s, "--allow", "unknown-pragma"], 0);
    assert!(text.ends_with("\nvalid\n"), "{text}");
    let (json, _) = run(&["kenken", "replay", s, "--json"], 0);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["reports"][0]["valid"], true, "{json}");
    let (json, _) = run(
        &["kenken", "replay", s, "--json", "--deny", "unknown-pragma"],
        1,
    );
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["reports"][0]["valid"], false, "{json}");
}

/// Every puzzle docs/kenken.md shows — the `kenken N` text block and each Keen game ID
/// written in backticks — solves with exactly one solution, so the docs cannot drift.
#[test]
fn the_puzzles_in_docs_kenken_md_solve_uniquely() {
    let doc = std::fs::read_to_string("docs/kenken.md").unwrap();
    let mut blocks = Vec::new();
    let mut block: Option<String> = None;
    for line in doc.lines() {
        match (&mut block, line) {
            (None, "```text") => block = Some(String::new()),
            (Some(_), "```") => blocks.push(block.take().unwrap()),
            (Some(b), _) => {
                b.push_str(line);
                b.push('\n');
            }
            (None, _) => {}
        }
    }
    let texts: Vec<&String> = blocks.iter().filter(|b| b.starts_with("kenken ")).collect();
    assert_eq!(texts.len(), 1, "the folio text example");
    for text in texts {
        let out = folio()
            .args(["kenken", "solve", "-"])
            .write_stdin(text.as_str())
            .assert()
            .code(0)
            .get_output()
            .clone();
        let out = String::from_utf8(out.stdout).unwrap();
        assert!(out.contains("unique solution"), "{out}");
        assert!(out.starts_with("1324243131424213\n"), "{out}");
    }
    // Keen IDs in backticks: `<N>[d<x>][m]:<blocks>,<clues>`.
    let ids: Vec<&str> = doc
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            let Some((head, body)) = s.split_once(':') else {
                return false;
            };
            head.starts_with(|c: char| c.is_ascii_digit())
                && head.chars().all(|c| c.is_ascii_alphanumeric())
                && body.contains(',')
                && !body.contains(' ')
        })
        .collect();
    assert!(!ids.is_empty());
    for id in ids {
        let (out, _) = run(&["kenken", "solve", id], 0);
        assert!(out.contains("unique solution"), "{id}: {out}");
    }
}

/// Several grid files: each text report is headed by its file, and the summary counts
/// grids (not `games, moves`), as does the message for one that could not be read.
#[test]
fn several_grid_files_are_each_named_and_counted_as_grids() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("g1.txt"), "3412412323411234\n").unwrap();
    std::fs::write(dir.join("g2.txt"), "1234123412341234\n").unwrap();
    std::fs::write(dir.join("g2b.txt"), "12x4\n").unwrap();
    std::fs::create_dir(dir.join("g3.txt")).unwrap();
    let (code, out, err) = run_in(
        dir,
        &[
            "kenken", "check", ID, "g1.txt", "g2.txt", "g2b.txt", "g3.txt",
        ],
        "",
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        out.starts_with(&format!("grid g1.txt (puzzle {ID})\nsolved\n")),
        "{out}"
    );
    assert!(
        out.contains(&format!("grid g2.txt (puzzle {ID})\nA1: column-duplicate")),
        "{out}"
    );
    // A grid that does not read is checked, not unreadable: where it stops reading, and
    // not solved; a folder is what could not be read.
    assert!(
        out.ends_with(&format!(
            "not solved: 10 violations\ngrid g2b.txt (puzzle {ID})\n\
             1:3: syntax: unexpected \"x\": expected a digit (1-9, a-g for 10-16, . for empty)\n\
             1:3: not-solved: the grid does not read, so it solves nothing\n\
             not solved: the grid does not read\n3 grids, 12 findings, 1 unreadable\n"
        )),
        "{out}"
    );
    assert!(err.contains("cannot read g3.txt: Is a directory"), "{err}");
    assert!(
        err.contains("1 of 4 grid files could not be read or opened"),
        "{err}"
    );
    // Allowing the reading's finding leaves the verdict: still exit 1.
    let (code, _, err) = run_in(
        dir,
        &["kenken", "check", ID, "g2b.txt", "--allow", "syntax"],
        "",
    );
    assert_eq!(code, Some(1), "{err}");
    // One file: no header, no summary, as before.
    let (code, out, _) = run_in(dir, &["kenken", "check", ID, "g1.txt"], "");
    assert_eq!((code, out.as_str()), (Some(0), "solved\n"));
}

/// Stdin holds one text: `-` as the puzzle and as a grid (or as two grids) is refused.
#[test]
fn stdin_given_twice_is_a_usage_error() {
    let (_, err) = run(&["kenken", "check", "-", "-"], 2);
    assert!(
        err.contains("- (stdin) is given more than once (as the PUZZLE and as a GRID)"),
        "{err}"
    );
    let (_, err) = run(&["kenken", "check", ID, "-", "-"], 2);
    assert!(
        err.contains("- (stdin) is given more than once (as two GRIDs)"),
        "{err}"
    );
}

/// A 60 MB JSON puzzle of 1.5 million one-cell cages (it once took 1.8 GB) is refused at
/// its 257th cage, quickly, under a 512 MiB address-space limit, naming the file.
#[test]
fn a_json_puzzle_of_a_million_cages_is_refused_in_bounded_memory() {
    let tmp = tempfile::tempdir().unwrap();
    let cage = r#"{"op":"+","target":3,"cells":[[0,0]]}"#;
    let mut text = String::from(r#"{"size":4,"cages":["#);
    for i in 0..1_500_000 {
        if i > 0 {
            text.push(',');
        }
        text.push_str(cage);
    }
    text.push_str("]}");
    std::fs::write(tmp.path().join("big60.json"), text).unwrap();
    let started = std::time::Instant::now();
    let out = std::process::Command::new("sh")
        .current_dir(tmp.path())
        .arg("-c")
        .arg(r#"ulimit -v 524288 && exec "$@""#)
        .arg("sh")
        .arg(assert_cmd::cargo::cargo_bin("folio"))
        .args(["kenken", "solve", "big60.json"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("big60.json:1:"), "{err}");
    assert!(err.contains("more than 256 cages"), "{err}");
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
}

/// Keen's `m` (multiplication only) flag survives parse, convert and print.
#[test]
fn the_keen_m_flag_round_trips() {
    for id in [
        "4dnm:a_4a_a_a__aaba,m48d2s1a6s1m4d2",
        "4m:a_4a_a_a__aaba,m48d2s1a6s1m4d2",
    ] {
        let (out, _) = run(&["kenken", "convert", id, "--to", "keen"], 0);
        assert_eq!(out, format!("{id}\n"));
    }
}

/// A JSON puzzle whose stored solution breaks the rules is refused, naming the file.
#[test]
fn a_json_puzzle_with_a_wrong_solution_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let (json, _) = run(&["kenken", "convert", ID, "--to", "json"], 0);
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["solution"] = serde_json::json!(vec![vec![1; 4]; 4]);
    std::fs::write(tmp.path().join("wrong.json"), v.to_string()).unwrap();
    for cmd in ["solve", "convert"] {
        let mut args = vec!["kenken", cmd, "wrong.json"];
        if cmd == "convert" {
            args.extend(["--to", "json"]);
        }
        let (code, out, err) = run_in(tmp.path(), &args, "");
        assert_eq!((code, out.as_str()), (Some(2), ""), "{err}");
        assert!(
            err.contains("wrong.json:1:1: the stored \"solution\" does not solve the puzzle: A1: row-duplicate"),
            "{err}"
        );
    }
    v["solution"] = serde_json::json!([[3, 4, 1, 2], [4, 1, 2, 3], [2, 3, 4, 1], [1, 2, 3, 4]]);
    std::fs::write(tmp.path().join("right.json"), v.to_string()).unwrap();
    let (code, out, err) = run_in(tmp.path(), &["kenken", "solve", "right.json"], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("3412412323411234\n"), "{out}");
}

/// The help says what `show` draws and what `solve --json` prints.
#[test]
fn kenken_help_lists_what_is_printed() {
    let (out, _) = run(&["kenken", "show", "--help"], 0);
    assert!(!out.contains("a grid's digits"), "{out}");
    assert!(out.contains("with --solution, its solution too"), "{out}");
    let (out, _) = run(&["kenken", "solve", "--help"], 0);
    assert!(out.contains("difficulty, verdict"), "{out}");
    assert!(out.contains("states (search states spent)"), "{out}");
}
