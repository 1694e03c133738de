//! File names that are not UTF-8 (Unix): every output of `folio play` and the commands that
//! share its loop names such a file exactly, as `x\xFF\xFE.gcg` (docs/formats.md §9, "File
//! names"), and SARIF's URI percent-encodes its bytes; never lossily as `x��.gcg`.
#![cfg(unix)]

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use serde_json::Value;

use crate::common::folio;

/// A game whose second line has a wrong score: one finding, at 4:18.
const GAME: &str =
    "#player1 A A\n#player2 B B\n>A: AGILORW 8F AIRGLOW +80 80\n>B: ACEOOQR -OOQ +50 50\n";

fn name(bytes: &[u8]) -> &OsStr {
    OsStr::from_bytes(bytes)
}

fn play(dir: &Path, args: &[&str], file: &[u8]) -> (Option<i32>, String) {
    let run = folio()
        .current_dir(dir)
        .arg("play")
        .args(args)
        .arg(name(file))
        .output()
        .unwrap();
    let out = String::from_utf8(run.stdout).expect("outputs are UTF-8");
    (run.status.code(), out)
}

#[test]
fn every_play_format_names_a_non_utf8_file_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let file = b"x\xff\xfe.gcg";
    std::fs::write(dir.path().join(name(file)), GAME).unwrap();
    let shown = r"x\xFF\xFE.gcg";

    let (code, out) = play(dir.path(), &["--json"], file);
    assert_eq!(code, Some(1));
    let doc: Value = serde_json::from_str(&out).unwrap();
    let report = &doc["reports"][0];
    assert_eq!(report["file"], shown, "{out}");
    assert_eq!(report["findings"][0]["file"], shown, "{out}");

    let (_, out) = play(dir.path(), &["--format", "sarif"], file);
    let doc: Value = serde_json::from_str(&out).unwrap();
    let location = &doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "x%FF%FE.gcg", "{out}");

    let (_, out) = play(dir.path(), &[], file);
    assert!(
        out.starts_with(&format!("{shown}: A vs B (standard rules")),
        "{out}"
    );
    let (_, out) = play(dir.path(), &["-q"], file);
    assert!(
        out.starts_with(&format!("{shown}:4:18: error: score:")),
        "{out}"
    );
    let (_, out) = play(dir.path(), &["--format", "github"], file);
    assert!(
        out.starts_with(&format!("::error file={shown},line=4,col=18,")),
        "{out}"
    );
    let (_, out) = play(dir.path(), &["--format", "junit"], file);
    assert!(
        out.contains(&format!("<testsuite name=\"{shown}\"")),
        "{out}"
    );
    assert!(!out.contains('\u{fffd}'), "{out}");
}

#[test]
fn two_names_a_lossy_display_would_merge_stay_apart() {
    let dir = tempfile::tempdir().unwrap();
    // Both read `x�.gcg` lossily; a backslash in a name that needs escaping is doubled.
    let files: [&[u8]; 3] = [b"x\xff.gcg", b"x\xfe.gcg", b"y\\\xff.gcg"];
    for f in files {
        std::fs::write(dir.path().join(name(f)), GAME).unwrap();
    }
    let run = folio()
        .current_dir(dir.path())
        .args(["play", "--jsonl"])
        .args(files.map(name))
        .output()
        .unwrap();
    let out = String::from_utf8(run.stdout).unwrap();
    let named: Vec<String> = out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter_map(|v| v["file"].as_str().map(String::from))
        .collect();
    assert_eq!(named, [r"x\xFF.gcg", r"x\xFE.gcg", r"y\\\xFF.gcg"], "{out}");

    let run = folio()
        .current_dir(dir.path())
        .args(["play", "--format", "sarif"])
        .args(files.map(name))
        .output()
        .unwrap();
    let doc: Value = serde_json::from_slice(&run.stdout).unwrap();
    let uris: Vec<&str> = doc["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .unwrap()
        })
        .collect();
    assert_eq!(uris, ["x%FF.gcg", "x%FE.gcg", "y%5C%FF.gcg"]);
}

#[test]
fn an_unreadable_non_utf8_name_is_named_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let run = folio()
        .current_dir(dir.path())
        .args(["play", "--json"])
        .arg(name(b"gone\xc3.gcg"))
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    let doc: Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(doc["reports"][0]["file"], r"gone\xC3.gcg");
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(err.contains(r"cannot read gone\xC3.gcg"), "{err}");
}

#[test]
fn freecell_check_and_words_import_name_non_utf8_files_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let solution = b"bad\xe9.fc";
    std::fs::write(
        dir.path().join(name(solution)),
        "#game freecell\n#deal 1\n1a zz\n",
    )
    .unwrap();
    let run = folio()
        .current_dir(dir.path())
        .args(["freecell", "check", "-q"])
        .arg(name(solution))
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let out = String::from_utf8(run.stdout).unwrap();
    assert!(out.starts_with(r"bad\xE9.fc:3:4: error: "), "{out}");
    assert!(
        out.lines().next().unwrap().ends_with("[unknown-move]"),
        "{out}"
    );

    let list = b"w\xff.txt";
    std::fs::write(dir.path().join(name(list)), "cat\ndog\n").unwrap();
    let run = folio()
        .current_dir(dir.path())
        .args(["words", "import"])
        .arg(name(list))
        .args(["-o", "w.fst"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0));
    let out = String::from_utf8(run.stdout).unwrap();
    assert!(
        out.starts_with(r"imported w\xFF.txt -> w.fst: 2 words"),
        "{out}"
    );
    let manifest: Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("w.json")).unwrap()).unwrap();
    assert_eq!(manifest["source"], r"w\xFF.txt");
}

#[test]
fn ingest_names_non_utf8_books_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let books = dir.path().join("books");
    std::fs::create_dir(&books).unwrap();
    std::fs::write(books.join(name(b"b\xff.txt")), "the cat sat on the mat\n").unwrap();
    let run = folio()
        .current_dir(dir.path())
        .args(["ingest", "books", "-o", "out.fst"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0));
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(
        err.contains(r"books/b\xFF.txt: no Project Gutenberg markers"),
        "{err}"
    );
    let manifest: Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("out.json")).unwrap()).unwrap();
    assert_eq!(manifest["inputs"][0]["path"], r"books/b\xFF.txt");
}

#[test]
fn words_union_names_non_utf8_sets_exactly() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("list.txt"), "cat\ndog\n").unwrap();
    folio()
        .current_dir(dir.path())
        .args(["words", "import", "list.txt", "-o", "a.fst"])
        .assert()
        .code(0);
    std::fs::write(dir.path().join("list2.txt"), "cat\neel\n").unwrap();
    let other = name(b"s\xff.fst");
    folio()
        .current_dir(dir.path())
        .args(["words", "import", "list2.txt", "-o"])
        .arg(other)
        .assert()
        .code(0);
    let run = folio()
        .current_dir(dir.path())
        .args(["words", "union", "a.fst"])
        .arg(other)
        .args(["-o", "u.fst"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0));
    let out = String::from_utf8(run.stdout).unwrap();
    assert!(out.contains(r"beside a.fst, s\xFF.fst)"), "{out}");
    let manifest: Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("u.json")).unwrap()).unwrap();
    assert_eq!(manifest["inputs"][1], r"s\xFF.fst");
}

/// Output paths and the paths of a failed open are named exactly too: the message a user
/// reads names the file they gave, byte for byte.
#[test]
fn outputs_and_failed_opens_name_non_utf8_paths_exactly() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("w.txt"), "cat\ndog\n").unwrap();
    let run = folio()
        .current_dir(dir.path())
        .args(["words", "import", "w.txt", "-o"])
        .arg(name(b"o\xff.fst"))
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0));
    let out = String::from_utf8(run.stdout).unwrap();
    assert!(out.contains(r"-> o\xFF.fst: 2 words"), "{out}");

    // A word set that is not there: the error names it escaped, not as `s��.fst`.
    let run = folio()
        .current_dir(dir.path())
        .args(["words", "stats", "--set"])
        .arg(name(b"s\xff\xfe.fst"))
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8(run.stderr).unwrap();
    assert!(err.contains(r"s\xFF\xFE.fst"), "{err}");
    assert!(!err.contains('\u{FFFD}'), "{err}");
}

/// A file name holding a line break, in JUnit: the attributes carry it as `&#10;`, so a real
/// XML parser reads the name back exactly (a raw LF would be normalised to a space).
#[test]
fn junit_attributes_keep_a_line_break_in_a_file_name() {
    let dir = tempfile::tempdir().unwrap();
    let file = b"new\nline.gcg";
    std::fs::write(dir.path().join(name(file)), GAME).unwrap();
    let (code, out) = play(dir.path(), &["--format", "junit"], file);
    assert_eq!(code, Some(1));
    assert!(
        out.contains("<testsuite name=\"new&#10;line.gcg\""),
        "{out}"
    );
    let doc = roxmltree::Document::parse(&out).expect("well-formed XML");
    let suite = doc
        .descendants()
        .find(|n| n.has_tag_name("testsuite"))
        .unwrap();
    assert_eq!(suite.attribute("name"), Some("new\nline.gcg"));
    let case = suite
        .descendants()
        .find(|n| n.has_tag_name("testcase"))
        .unwrap();
    assert_eq!(case.attribute("name"), Some("new\nline.gcg:4:18 score"));
}

/// A name with a newline and a terminal escape (`x\ny\e[2J`): every command's message names
/// it escaped and quoted on one line, never with the raw newline or ESC byte.
#[test]
fn control_characters_in_names_are_escaped_in_every_message() {
    let dir = tempfile::tempdir().unwrap();
    let odd = dir.path().join("odd2");
    std::fs::create_dir(&odd).unwrap();
    let stem = "odd2/x\ny\u{1b}[2J";
    let txt = format!("{stem}.txt");
    let gcg = format!("{stem}.gcg");
    let kk = format!("{stem}.kenken");
    std::fs::write(dir.path().join(&txt), "hello\nworld\n").unwrap();
    std::fs::write(
        dir.path().join(&gcg),
        "#player1 a A\n#player2 b B\n>a: XYZ 8H ZZ?Z +1\n",
    )
    .unwrap();
    std::fs::write(dir.path().join(&kk), "garbage\n").unwrap();
    let shown = r#""odd2/x\ny\u{1b}[2J"#;
    let runs: Vec<Vec<&str>> = vec![
        vec!["words", "contains", "--set", &txt, "foo"],
        vec!["play", "--set", &txt, &gcg],
        vec!["kenken", "solve", &kk],
        vec!["kenken", "check", &kk, &kk],
        vec!["render", &gcg, "--svg", "o.svg"],
        vec!["moves", "--set", &txt, &gcg],
        vec!["merge", "-o", "m.fst", &txt],
    ];
    for args in runs {
        let run = folio()
            .current_dir(dir.path())
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&run.stderr);
        assert_ne!(run.status.code(), Some(0), "{args:?}: {err}");
        assert!(err.contains(shown), "{args:?}: {err}");
        assert!(!err.contains('\u{1b}'), "{args:?}: {err:?}");
        assert!(!err.contains("x\ny"), "{args:?}: {err:?}");
    }
    // A successful import names its list escaped too.
    let run = folio()
        .current_dir(dir.path())
        .args(["words", "import", &txt, "-o", "w.fst"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{out}");
    assert!(out.contains(shown), "{out}");
    assert!(!out.contains('\u{1b}') && !out.contains("x\ny"), "{out:?}");
}
