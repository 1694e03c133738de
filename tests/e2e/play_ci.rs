//! End-to-end tests of `folio play` as CI uses it: the versioned JSON contract (validated
//! against docs/schema/play.schema.json), `--jsonl` in bounded memory, SARIF 2.1.0 (validated
//! against the OASIS schema), JUnit XML, GitHub annotations, severities and selection,
//! folders and file lists, and `#lexicon` paths a script may not name.

use std::path::{Path, PathBuf};

use crate::common::folio;

pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `folio play ARGS` in `dir`: (exit code, stdout, stderr).
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

const VALID: &str = "#player1 a A\n#player2 b B\n>a: 8H CAT +10 10\n";
const MISSCORED: &str = "#player1 a A\n#player2 b B\n>a: 8H CAT +11 11\n";
/// `#character-encoding` of an encoding folio does not read: a warning by default.
const ODD_ENCODING: &str =
    "#character-encoding EBCDIC\n#player1 a A\n#player2 b B\n>a: 8H CAT +10 10\n";

/// A folder with a valid game, a misscored one, one with a warning, a Boggle round naming
/// a missing word set (unreadable), and the KenKen and FreeCell samples.
fn mixed() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("tempdir");
    let d = tmp.path();
    std::fs::write(d.join("a.gcg"), VALID).unwrap();
    std::fs::write(d.join("b.gcg"), MISSCORED).unwrap();
    std::fs::write(d.join("c.gcg"), ODD_ENCODING).unwrap();
    std::fs::write(
        d.join("d.boggle"),
        "#game boggle\n#lexicon nothere.fst\n#board abcdefghijklmnop\n#player a\n",
    )
    .unwrap();
    std::fs::copy(
        root().join("tests/data/kenken/conflicts.kenken"),
        d.join("e.kenken"),
    )
    .unwrap();
    std::fs::copy(
        root().join("tests/data/freecell/won-deal-24.txt"),
        d.join("f.freecell"),
    )
    .unwrap();
    std::fs::write(d.join("notes.txt"), "not a script").unwrap();
    tmp
}

pub(crate) fn schema(pointer: Option<&str>) -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join("docs/schema/play.schema.json")).unwrap();
    let mut schema: serde_json::Value = serde_json::from_str(&text).expect("schema is JSON");
    if let Some(def) = pointer {
        // One definition of the same file, as the root (its `$defs` kept for its `$ref`s).
        schema = serde_json::json!({
            "$schema": schema["$schema"],
            "$defs": schema["$defs"],
            "$ref": format!("#/$defs/{def}"),
        });
    }
    jsonschema::validator_for(&schema).expect("a valid JSON Schema")
}

pub(crate) fn assert_valid(v: &jsonschema::Validator, doc: &serde_json::Value) {
    let errors: Vec<String> = v
        .iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{doc:#}");
}

#[test]
fn json_document_and_lines_follow_the_published_schema() {
    let tmp = mixed();
    let (code, out, err) = play_in(tmp.path(), &["--json", "."]);
    assert_eq!(code, 2, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_valid(&schema(None), &doc);
    let files: Vec<&str> = doc["reports"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        files,
        [
            "./a.gcg",
            "./b.gcg",
            "./c.gcg",
            "./d.boggle",
            "./e.kenken",
            "./f.freecell"
        ]
    );
    let s = &doc["summary"];
    assert_eq!(
        (s["files"].as_u64(), s["games"].as_u64()),
        (Some(6), Some(5))
    );
    assert_eq!(
        (s["unreadable"].as_u64(), s["exit"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(doc["reports"][2]["findings"][0]["severity"], "warning");
    assert_eq!(doc["reports"][3]["findings"][0]["rule"], "unreadable");

    // One file: the same top-level shape.
    let (code, out, _) = play_in(tmp.path(), &["--json", "a.gcg"]);
    assert_eq!(code, 0);
    let one: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_valid(&schema(None), &one);
    assert_eq!(one["reports"].as_array().map(Vec::len), Some(1));

    // --jsonl: every line valid; the reports are the document's, then the summary.
    let (code, out, _) = play_in(tmp.path(), &["--jsonl", "."]);
    assert_eq!(code, 2);
    let line = schema(Some("line"));
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    for l in &lines {
        assert_valid(&line, l);
    }
    assert_eq!(lines.len(), 7);
    assert_eq!(&lines[..6], doc["reports"].as_array().unwrap().as_slice());
    assert_eq!(lines[6]["summary"], doc["summary"]);
}

/// `--jsonl` writes each report as its file finishes and keeps nothing: 10,000 records
/// (each with a finding) stay well under 100 MB of resident memory.
///
/// The peak is the child's own `VmHWM` (/proc/PID/status), read each time the child waits
/// on a full pipe of 4 KiB: after its last wait it only writes the summary and exits.
/// (`wait4`'s `ru_maxrss` cannot serve: Linux counts in it the image of this test process,
/// which the child is a copy of until it runs folio.)
#[cfg(target_os = "linux")]
#[test]
fn jsonl_over_ten_thousand_records_stays_small() {
    use std::io::Read;
    use std::os::fd::AsRawFd;
    let tmp = tempfile::tempdir().expect("tempdir");
    let games = tmp.path().join("games");
    std::fs::create_dir(&games).unwrap();
    const N: usize = 10_000;
    for i in 0..N {
        std::fs::write(games.join(format!("{i:05}.gcg")), MISSCORED).unwrap();
    }
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("folio"))
        .current_dir(tmp.path())
        .args(["play", "--jsonl", "games"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawn folio");
    let mut stdout = child.stdout.take().unwrap();
    // SAFETY: a valid pipe descriptor; F_SETPIPE_SZ takes an int.
    unsafe { libc::fcntl(stdout.as_raw_fd(), libc::F_SETPIPE_SZ, 4096) };
    let status_file = format!("/proc/{}/status", child.id());
    let hwm = || -> Option<u64> {
        let status = std::fs::read_to_string(&status_file).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    };
    let (mut peak_kib, mut reads) = (0, 0);
    let mut text = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        if let Some(kib) = hwm() {
            peak_kib = peak_kib.max(kib);
            reads += 1;
        }
        let n = stdout.read(&mut chunk).unwrap();
        if n == 0 {
            break;
        }
        text.extend_from_slice(&chunk[..n]);
    }
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(1), "{status:?}");
    let text = String::from_utf8(text).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), N + 1);
    let last: serde_json::Value = serde_json::from_str(lines[N]).unwrap();
    assert_eq!(last["summary"]["games"], N);
    assert_eq!(last["summary"]["errors"], N);
    assert!(reads > 100, "VmHWM read {reads} times");
    assert!(
        peak_kib < 100 * 1024,
        "folio play --jsonl over {N} records peaked at {peak_kib} KiB"
    );
}

/// The OASIS SARIF 2.1.0 schema, as shipped in the serde-sarif crate (0.8.0, src/schema.json).
pub(crate) fn sarif_validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join("tests/data/play/sarif-schema-2.1.0.json"))
        .expect("the vendored SARIF schema");
    let mut schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    // The schema's one typo: the `language` patterns (of `run` and `toolComponent`) end
    // `]?$` with no `[`, a stray bracket the validator's regex check refuses. folio writes
    // no `language`; they are set to what their description says (`en` or `en-US`), and
    // everything else is as shipped.
    fn fix_language(v: &mut serde_json::Value) -> usize {
        match v {
            serde_json::Value::Object(map) => {
                let mut fixed = 0;
                if map.get("pattern").and_then(|p| p.as_str())
                    == Some("^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$")
                {
                    map.insert("pattern".into(), "^[a-zA-Z]{2}(-[a-zA-Z]{2})?$".into());
                    fixed += 1;
                }
                fixed + map.values_mut().map(fix_language).sum::<usize>()
            }
            serde_json::Value::Array(items) => items.iter_mut().map(fix_language).sum(),
            _ => 0,
        }
    }
    assert_eq!(fix_language(&mut schema), 2);
    jsonschema::validator_for(&schema).expect("SARIF schema compiles")
}

#[test]
fn sarif_validates_against_the_oasis_schema() {
    let tmp = mixed();
    let (code, out, _) = play_in(tmp.path(), &["--format", "sarif", "."]);
    assert_eq!(code, 2);
    let sarif: serde_json::Value = serde_json::from_str(&out).expect("SARIF is JSON");
    assert_valid(&sarif_validator(), &sarif);
    assert_eq!(sarif["version"], "2.1.0");
    let run = &sarif["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "folio");
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let encoding = rules
        .iter()
        .find(|r| r["id"] == "unsupported-encoding")
        .expect("the rules met are listed");
    assert_eq!(encoding["defaultConfiguration"]["level"], "warning");
    let results = run["results"].as_array().unwrap();
    let b = results
        .iter()
        .find(|r| r["ruleId"] == "score")
        .expect("the misscore");
    assert_eq!(b["level"], "error");
    let loc = &b["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], "./b.gcg");
    assert_eq!(loc["region"]["startLine"], 3);
    assert!(results
        .iter()
        .any(|r| r["ruleId"] == "unsupported-encoding" && r["level"] == "warning"));
    assert_eq!(run["invocations"][0]["executionSuccessful"], false);
    assert_eq!(run["invocations"][0]["exitCode"], 2);
}

/// JUnit XML as Jenkins, GitLab and the Ant schema read it: `<testsuites>` of
/// `<testsuite name tests failures errors>` of `<testcase name classname>` with at most one
/// `<failure>` or `<error>`, counts that agree, `<system-out>` after the test cases.
/// (No XSD validator runs here: the structure the XSD requires is checked element by
/// element.)
/// Checks the structure the JUnit XSD requires, element by element; returns the failures.
pub(crate) fn assert_junit_shape(doc: &roxmltree::Document<'_>) -> usize {
    let top = doc.root_element();
    assert_eq!(top.tag_name().name(), "testsuites");
    let suites: Vec<_> = top.children().filter(|n| n.is_element()).collect();
    let mut failures_seen = 0;
    for suite in &suites {
        assert_eq!(suite.tag_name().name(), "testsuite");
        let count = |a: &str| -> usize { suite.attribute(a).expect(a).parse().expect(a) };
        let cases: Vec<_> = suite
            .children()
            .filter(|n| n.has_tag_name("testcase"))
            .collect();
        assert_eq!(count("tests"), cases.len());
        let failing = |tag: &str| {
            cases
                .iter()
                .filter(|c| c.children().any(|n| n.has_tag_name(tag)))
                .count()
        };
        assert_eq!(count("failures"), failing("failure"));
        assert_eq!(count("errors"), failing("error"));
        failures_seen += count("failures");
        for case in &cases {
            assert!(case.attribute("name").is_some() && case.attribute("classname").is_some());
            let outcomes = case.children().filter(|n| n.is_element()).count();
            assert!(outcomes <= 1);
        }
        // <system-out> only after the test cases.
        let kids: Vec<_> = suite.children().filter(|n| n.is_element()).collect();
        if let Some(i) = kids.iter().position(|n| n.has_tag_name("system-out")) {
            assert_eq!(i, kids.len() - 1);
        }
    }
    failures_seen
}

#[test]
fn junit_xml_has_the_shape_ci_readers_expect() {
    let tmp = mixed();
    let (code, out, _) = play_in(tmp.path(), &["--format", "junit", "."]);
    assert_eq!(code, 2);
    let doc = roxmltree::Document::parse(&out).expect("well-formed XML");
    let failures_seen = assert_junit_shape(&doc);
    let suites: Vec<_> = doc
        .root_element()
        .children()
        .filter(|n| n.is_element())
        .collect();
    assert_eq!(suites.len(), 6);
    assert!(failures_seen >= 2, "{out}");
    let b = suites
        .iter()
        .find(|s| s.attribute("name") == Some("./b.gcg"))
        .unwrap();
    let failure = b.descendants().find(|n| n.has_tag_name("failure")).unwrap();
    assert_eq!(failure.attribute("type"), Some("score"));
    let c = suites
        .iter()
        .find(|s| s.attribute("name") == Some("./c.gcg"))
        .unwrap();
    assert_eq!(c.attribute("failures"), Some("0"));
    let said = c
        .descendants()
        .find(|n| n.has_tag_name("system-out"))
        .and_then(|n| n.text())
        .unwrap_or_default();
    assert!(said.contains("warning:"), "{said}");
}

#[test]
fn github_annotations_one_per_finding() {
    let tmp = mixed();
    let (code, out, _) = play_in(tmp.path(), &["--format", "github", "b.gcg", "c.gcg"]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].starts_with("::error file=b.gcg,line=3,col=")
            && lines[0].contains(",title=folio score::"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("::warning file=c.gcg,line=1,col="),
        "{out}"
    );
    assert!(
        lines[2].starts_with("2 games, 2 moves, 2 findings (1 error, 1 warning)"),
        "{out}"
    );
}

#[test]
fn severities_decide_the_exit_status() {
    let tmp = mixed();
    let d = tmp.path();
    // A warning alone exits 0; denied, it fails; a misscore warned exits 0, allowed vanishes.
    assert_eq!(play_in(d, &["c.gcg"]).0, 0);
    assert_eq!(
        play_in(d, &["--deny", "unsupported-encoding", "c.gcg"]).0,
        1
    );
    assert_eq!(play_in(d, &["b.gcg"]).0, 1);
    assert_eq!(play_in(d, &["--warn", "score", "b.gcg"]).0, 0);
    let (code, out, _) = play_in(d, &["-q", "--allow", "score", "b.gcg", "a.gcg"]);
    assert_eq!(
        (code, out.as_str()),
        (0, "2 games, 2 moves, 0 findings (0 errors, 1 allowed)\n")
    );
    // The same from folio.toml in the working directory; the command line wins.
    std::fs::write(d.join("folio.toml"), "[play]\nallow = [\"score\"]\n").unwrap();
    assert_eq!(play_in(d, &["b.gcg"]).0, 0);
    assert_eq!(play_in(d, &["--deny", "score", "b.gcg"]).0, 1);
    std::fs::write(d.join("folio.toml"), "[play]\nalow = [\"score\"]\n").unwrap();
    let (code, _, err) = play_in(d, &["b.gcg"]);
    assert_eq!(code, 2);
    assert!(err.contains("folio.toml") && err.contains("alow"), "{err}");
    std::fs::remove_file(d.join("folio.toml")).unwrap();
    let (code, _, err) = play_in(d, &["--allow", "internal-error", "b.gcg"]);
    assert_eq!(code, 2);
    assert!(err.contains("always an error"), "{err}");
}

#[test]
fn quiet_text_prints_findings_and_the_summary() {
    let tmp = mixed();
    let (code, out, _) = play_in(tmp.path(), &["-q", "a.gcg", "b.gcg", "c.gcg"]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(
        lines[0].starts_with("b.gcg:3:")
            && lines[0].contains(": error: ")
            && lines[0].ends_with(" [score]"),
        "{out}"
    );
    assert_eq!(lines[1], "    | >a: 8H CAT +11 11");
    assert!(
        lines[2].starts_with("c.gcg:1:") && lines[2].contains(": warning: "),
        "{out}"
    );
    assert_eq!(
        lines[4],
        "3 games, 3 moves, 2 findings (1 error, 1 warning)"
    );
}

#[test]
fn max_findings_caps_the_listing_not_the_verdict() {
    let tmp = mixed();
    let (code, out, _) = play_in(
        tmp.path(),
        &["--json", "--max-findings", "0", "b.gcg", "c.gcg"],
    );
    assert_eq!(code, 1);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_valid(&schema(None), &doc);
    assert_eq!(doc["reports"][0]["findings"], serde_json::json!([]));
    assert_eq!(doc["reports"][0]["omitted"], 1);
    assert_eq!(
        (
            doc["summary"]["findings"].as_u64(),
            doc["summary"]["omitted"].as_u64()
        ),
        (Some(2), Some(2))
    );
}

#[test]
fn folders_and_file_lists() {
    let tmp = mixed();
    let d = tmp.path();
    // A folder: the known extensions only, sorted (notes.txt is skipped).
    let (_, out, _) = play_in(d, &["--jsonl", "."]);
    assert_eq!(out.lines().count(), 7);
    assert!(!out.contains("notes.txt"));
    // --files-from FILE and stdin, by line or NUL.
    std::fs::write(d.join("list"), "a.gcg\n\nb.gcg\r\n").unwrap();
    let (code, out, _) = play_in(d, &["-q", "--files-from", "list"]);
    assert_eq!(code, 1);
    assert!(out.ends_with("2 games, 2 moves, 1 finding\n"), "{out}");
    let out = folio()
        .current_dir(d)
        .args(["play", "-q", "-0", "--files-from", "-", "c.gcg"])
        .write_stdin("a.gcg\0b.gcg\0")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.ends_with("3 games, 3 moves, 2 findings (1 error, 1 warning)\n"),
        "{text}"
    );
    // Stdin cannot be both the list and a script; an empty folder is a usage error.
    let (code, _, err) = play_in(d, &["--files-from", "-", "-"]);
    assert_eq!(code, 2, "{err}");
    std::fs::create_dir(d.join("empty")).unwrap();
    let (code, _, err) = play_in(d, &["empty"]);
    assert_eq!(code, 2);
    assert!(err.contains("no scripts"), "{err}");
}

/// A folder's entry named as a script that is not a regular file (a FIFO, a link to
/// nothing) is not replayed, and the run says so: a CI job learns a `.gcg` was left out.
#[cfg(unix)]
#[test]
fn a_folder_walk_says_which_script_names_it_skipped() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::create_dir(d.join("games")).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(d.join("games/p.gcg"))
        .status()
        .expect("mkfifo");
    assert!(made.success());
    std::os::unix::fs::symlink("nowhere.gcg", d.join("games/b.gcg")).unwrap();
    std::fs::write(
        d.join("games/g.gcg"),
        "#player1 a A\n#player2 b B\n>a: AGILORW 8F AIRGLOW +80 80\n",
    )
    .unwrap();
    let (code, out, err) = play_in(d, &["-q", "games"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("1 game,"), "{out}");
    assert!(
        err.contains("warning: skipped games/p.gcg: not a regular file (a FIFO)"),
        "{err}"
    );
    assert!(
        err.contains("warning: skipped games/b.gcg: a symbolic link to nothing"),
        "{err}"
    );
}

/// A script names its word set relative to its folder, and only a regular file is opened:
/// never a FIFO, a device or `/dev/stdin` (each would hang or read what it must not).
#[cfg(unix)]
#[test]
fn lexicon_pragmas_open_only_regular_files_beside_the_script() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let made = std::process::Command::new("mkfifo")
        .arg(d.join("fifo.fst"))
        .status()
        .expect("mkfifo");
    assert!(made.success());
    let game = "#player1 a A\n#player2 b B\n>a: 8H CAT +10 10\n";
    for (value, why) in [
        ("fifo.fst", "not a regular file (a FIFO)"),
        ("/dev/stdin", "an absolute path"),
        ("/etc/passwd", "an absolute path"),
    ] {
        std::fs::write(d.join("g.gcg"), format!("#lexicon {value}\n{game}")).unwrap();
        let out = folio()
            .current_dir(d)
            .args(["play", "g.gcg"])
            .timeout(std::time::Duration::from_secs(20))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{value}: {err}");
        assert!(
            err.contains(&format!("g.gcg:1:10: #lexicon {value}: {why}")),
            "{err}"
        );
    }
    // --lexicon-paths any lets an absolute path through, but still no device.
    std::fs::write(d.join("g.gcg"), format!("#lexicon /dev/stdin\n{game}")).unwrap();
    let out = folio()
        .current_dir(d)
        .args(["play", "--lexicon-paths", "any", "g.gcg"])
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("regular files only"), "{err}");
}

/// A `--files-from` list may hold any bytes (a binary file given by mistake, a name with a
/// terminal escape): a name that cannot be read is reported escaped, never written raw.
#[test]
fn unreadable_names_from_a_list_are_shown_escaped() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("list"), "x\u{1b}]0;title\u{7}.gcg\n").unwrap();
    let (code, out, err) = play_in(d, &["-q", "--files-from", "list"]);
    assert_eq!(code, 2, "{err}");
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    assert!(
        err.contains(r#"cannot read "x\u{1b}]0;title\u{7}.gcg""#),
        "{err}"
    );
    assert!(out.ends_with("1 unreadable\n"), "{out}");
}

/// `folio.toml` is read only as a regular file of at most 1 MiB: a FIFO would hang the run
/// and a link to `/dev/zero` fill memory; each is a usage error naming it.
#[cfg(target_os = "linux")]
#[test]
fn folio_toml_that_is_no_regular_file_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("a.gcg"), VALID).unwrap();
    let cfg = d.join("folio.toml");
    let made = std::process::Command::new("mkfifo")
        .arg(&cfg)
        .status()
        .unwrap();
    assert!(made.success());
    let (code, _, err) = play_in(d, &["a.gcg"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("cannot read folio.toml: not a regular file"),
        "{err}"
    );
    std::fs::remove_file(&cfg).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &cfg).unwrap();
    let (code, _, err) = play_in(d, &["a.gcg"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a regular file"), "{err}");
    std::fs::remove_file(&cfg).unwrap();
    std::fs::write(&cfg, "#".repeat(2 << 20)).unwrap();
    let (code, _, err) = play_in(d, &["a.gcg"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("longer than 1048576 bytes"), "{err}");
    // A link to a regular settings file is followed.
    std::fs::write(d.join("real.toml"), "[play]\nallow = [\"score\"]\n").unwrap();
    std::fs::remove_file(&cfg).unwrap();
    std::os::unix::fs::symlink("real.toml", &cfg).unwrap();
    assert_eq!(play_in(d, &["a.gcg"]).0, 0);
}

/// A script is read up to 64 MiB: a path or stdin that never ends (`/dev/zero`) is a
/// script that cannot be read (exit 2), not a run that grows until memory runs out.
#[cfg(target_os = "linux")]
#[test]
fn a_script_that_never_ends_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let (code, out, err) = play_in(tmp.path(), &["-q", "/dev/zero"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("cannot read /dev/zero: longer than 67108864 bytes: not a script"),
        "{err}"
    );
    assert!(out.ends_with("1 unreadable\n"), "{out}");
}

/// An output path that is a folder is refused before any replay: nothing on stdout, no
/// pages written beside it (`--html DIR` once wrote `DIR-files/` and then failed).
#[test]
fn an_output_that_is_a_folder_is_refused_before_the_replay() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("a.gcg"), VALID).unwrap();
    std::fs::write(d.join("b.gcg"), MISSCORED).unwrap();
    std::fs::create_dir(d.join("out.html")).unwrap();
    for (flag, scripts) in [
        ("--html", &["a.gcg", "b.gcg"][..]),
        ("--html", &["a.gcg"][..]),
        ("--write-gcg", &["a.gcg"][..]),
        ("--fix", &["b.gcg"][..]),
    ] {
        let mut args = scripts.to_vec();
        args.extend([flag, "out.html"]);
        let (code, out, err) = play_in(d, &args);
        assert_eq!(code, 2, "{flag}: {err}");
        assert!(
            err.contains(&format!("{flag} out.html: is a directory")),
            "{err}"
        );
        assert_eq!(out, "", "{flag}: replayed anyway");
        assert!(!d.join("out-files").exists());
    }
}

/// A script the folder walk cannot reach — here 1,100 folders deep, past `PATH_MAX` — is an
/// `unreadable` entry naming the path (exit 2), never silently left out of the run.
#[cfg(unix)]
#[test]
fn a_script_the_walk_cannot_reach_is_unreadable_not_skipped() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::create_dir(d.join("deep")).unwrap();
    let game = "#player1 a A\n#player2 b B\n>a: AEINRST 8H RETAINS +66 66\n";
    std::fs::write(d.join("deep/top.gcg"), game).unwrap();
    // Two chains of 550 folders, each made by a path under PATH_MAX, the second moved to the
    // bottom of the first: x.gcg's path is then about 5,500 bytes.
    let chain = |n: usize| "dddd/".repeat(n);
    std::fs::create_dir_all(d.join("deep").join(chain(550))).unwrap();
    std::fs::create_dir_all(d.join("tail").join(chain(549))).unwrap();
    std::fs::write(d.join("tail").join(chain(549)).join("x.gcg"), game).unwrap();
    std::fs::rename(d.join("tail"), d.join("deep").join(chain(550)).join("dddd")).unwrap();
    let (code, out, err) = play_in(d, &["-q", "deep"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        out.contains("1 game, 1 move, 0 findings, 1 unreadable"),
        "{out}"
    );
    assert!(
        err.contains("cannot read deep/dddd/dddd/") && err.contains("File name too long"),
        "{}",
        &err[err.len().saturating_sub(300)..]
    );
    // Alone, it is still an entry of the run, not "no scripts to replay".
    std::fs::remove_file(d.join("deep/top.gcg")).unwrap();
    let (code, out, err) = play_in(d, &["-q", "deep"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        out.contains("0 games, 0 moves, 0 findings, 1 unreadable"),
        "{out}"
    );
}

/// A script that is a link loop is unreadable (exit 2), not a link to nothing.
#[cfg(unix)]
#[test]
fn a_link_loop_in_a_folder_is_unreadable() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::create_dir(d.join("games")).unwrap();
    std::os::unix::fs::symlink("loop.gcg", d.join("games/loop.gcg")).unwrap();
    let (code, out, err) = play_in(d, &["-q", "games"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.contains("1 unreadable"), "{out}");
    assert!(err.contains("cannot read games/loop.gcg"), "{err}");
}
