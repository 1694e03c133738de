//! End-to-end tests of user-facing refusals and messages: an unknown rule code, language or
//! size is a usage error naming the known ones; a full stdout is an error; and the like.

use std::path::{Path, PathBuf};

use crate::common::folio;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

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

const MISSCORED: &str = "#player1 a A\n#player2 b B\n>a: 8H CAT +11 11\n";

#[test]
fn an_unknown_rule_code_is_a_usage_error_listing_the_known_ones() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("b.gcg"), MISSCORED).unwrap();
    // A typo selected nothing before: the misscore still failed the run, silently.
    let (code, out, err) = run_in(d, &["play", "--allow", "scroe", "b.gcg"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.starts_with("folio: error: --allow scroe: unknown rule code (did you mean score?); "),
        "{err}"
    );
    // The list is every game's: a crossword code, a Boggle one, KenKen's, FreeCell's; a few
    // to a line.
    let listed: Vec<&str> = err
        .lines()
        .skip(1)
        .flat_map(|l| l.split_whitespace())
        .collect();
    for known in [
        "score",
        "not-on-board",
        "row-duplicate",
        "not-won",
        "unreadable",
    ] {
        assert!(listed.contains(&known), "{known} missing: {err}");
    }
    assert!(err.lines().all(|l| l.len() <= 100), "{err}");
    // The right code still works; --deny and --warn and folio.toml are checked alike.
    assert_eq!(run_in(d, &["play", "--allow", "score", "b.gcg"]).0, 0);
    let (code, _, err) = run_in(d, &["play", "--deny", "not-a-rule", "b.gcg"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--deny not-a-rule: unknown rule code"),
        "{err}"
    );
    std::fs::write(d.join("folio.toml"), "[play]\nwarn = [\"scroe\"]\n").unwrap();
    let (code, _, err) = run_in(d, &["play", "b.gcg"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("folio.toml [play]: \"scroe\" in warn: unknown rule code"),
        "{err}"
    );
    std::fs::remove_file(d.join("folio.toml")).unwrap();
    // A game's own command knows that game's codes only.
    let kenken = root().join("tests/data/kenken/conflicts.kenken");
    let kenken = kenken.to_str().unwrap();
    let (code, _, err) = run_in(d, &["kenken", "replay", "--allow", "score", kenken]);
    assert_eq!(code, 2);
    assert!(err.contains("--allow score: unknown rule code"), "{err}");
    assert!(
        err.contains("row-duplicate") && !err.contains("not-on-board"),
        "{err}"
    );
    let (code, _, err) = run_in(d, &["kenken", "replay", "--allow", "row-duplicate", kenken]);
    assert_ne!(code, 2, "{err}");
}

#[test]
fn an_unknown_language_is_a_usage_error_listing_the_known_ones() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("book.txt"), "The cat sat on the mat.\n").unwrap();
    // `xx` had the shape of a code and was taken; a typo of a real one too.
    for lang in ["xx", "fre", "FR", ""] {
        let (code, _, err) = run_in(d, &["ingest", "--lang", lang, "-o", "o.fst", "book.txt"]);
        assert_eq!(code, 2, "--lang {lang:?}: {err}");
        assert!(err.contains("--lang <LANG>"), "{err}");
        assert!(
            err.contains("[possible values: auto, en, fr, it, ca, de, es, pt, nl, la]"),
            "{err}"
        );
        assert!(!d.join("o.fst").exists());
    }
    let (code, _, err) = run_in(
        d,
        &["ingest", "-q", "--lang", "es", "-o", "o.fst", "book.txt"],
    );
    assert_eq!(code, 0, "{err}");
    let (_, help, _) = run_in(d, &["ingest", "--help"]);
    assert!(help.contains("- de:   German"), "{help}");
}

#[test]
fn an_absurd_memory_budget_is_a_usage_error_naming_the_bounds() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("book.txt"), "The cat sat on the mat.\n").unwrap();
    for (size, why) in [
        ("0", "at least 1M: "),
        ("1", "at least 1M: "),
        ("512K", "at least 1M: "),
        ("10P", "at most "),
        ("99999999999999999999", "at most "),
        ("12Q", "unknown unit"),
    ] {
        let (code, _, err) = run_in(d, &["ingest", "--memory", size, "-o", "o.fst", "book.txt"]);
        assert_eq!(code, 2, "--memory {size}: {err}");
        assert!(
            err.contains(&format!(
                "invalid value '{size}' for '--memory <SIZE>': {why}"
            )),
            "--memory {size}: {err}"
        );
        assert!(!d.join("o.fst").exists());
    }
    // Past physical memory the message says so and what to do instead.
    let (_, _, err) = run_in(d, &["ingest", "--memory", "10P", "-o", "o.fst", "book.txt"]);
    assert!(
        err.contains("leave --memory out for an unbounded run"),
        "{err}"
    );
    let (code, _, err) = run_in(
        d,
        &["ingest", "-q", "--memory", "1M", "-o", "o.fst", "book.txt"],
    );
    assert_eq!(code, 0, "{err}");
    let (_, help, _) = run_in(d, &["ingest", "--help"]);
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("SIZE is at least 1M")
            && help.contains("at most the machine's physical memory"),
        "{help}"
    );
}

/// `folio ARGS > /dev/full`: (exit code, stderr).
fn to_full_disk(dir: &Path, args: &[&str]) -> (i32, String) {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("folio"))
        .current_dir(dir)
        .args(args)
        .stdout(full)
        .output()
        .expect("run folio");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `folio ARGS` whose stdout is a pipe closed before it writes (`| head -1` once head has
/// its line): (exit code, stderr).
fn to_closed_pipe(dir: &Path, args: &[&str]) -> (i32, String) {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("folio"))
        .current_dir(dir)
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run folio");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A small word set in `dir`: `w.fst`.
fn small_set(dir: &Path) {
    std::fs::write(dir.join("list.txt"), "cat\ncot\ncut\ndog\n").unwrap();
    let (code, _, err) = run_in(dir, &["words", "import", "list.txt", "-o", "w.fst"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_full_stdout_is_an_error_and_a_closed_pipe_is_not() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    small_set(d);
    let commands: [&[&str]; 7] = [
        &["man"],
        &["completions", "bash"],
        &["freecell", "deal", "1"],
        &["words", "pattern", "--set", "w.fst", "c?t"],
        &["words", "regex", "--set", "w.fst", "c.t"],
        &["words", "export", "--set", "w.fst"],
        &["--help"],
    ];
    for args in commands {
        let (code, err) = to_full_disk(d, args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(
            err, "folio: error: cannot write to stdout: No space left on device (os error 28)\n",
            "{args:?}"
        );
        let (code, err) = to_closed_pipe(d, args);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?} | head -1");
    }
    // An error of its own still wins over where its output would have gone.
    let (code, err) = to_full_disk(d, &["words", "pattern", "--set", "w.fst", "[a"]);
    assert_eq!(code, 2);
    assert!(err.contains("is not closed by ]"), "{err}");
}

#[test]
fn words_regex_pattern_ingest_and_merge_help_give_the_exit_status() {
    let tmp = tempfile::tempdir().unwrap();
    for (args, says) in [
        (
            &["words", "pattern", "--help"][..],
            "Exit 0 when the query ran",
        ),
        (&["words", "regex", "--help"], "Exit 0 when the query ran"),
        (
            &["ingest", "--help"],
            "Exit status: 0 the outputs were written; 2 usage or I/O",
        ),
        (
            &["merge", "--help"],
            "Exit status: 0 the outputs were written; 2 usage or I/O",
        ),
    ] {
        let (code, help, _) = run_in(tmp.path(), args);
        assert_eq!(code, 0);
        assert!(help.contains(says), "{args:?}: {help}");
    }
    // No match is still exit 0, as the help says; a malformed regex is exit 2.
    small_set(tmp.path());
    let (code, out, _) = run_in(tmp.path(), &["words", "regex", "--set", "w.fst", "zz.*"]);
    assert_eq!((code, out.as_str()), (0, ""));
    assert_eq!(
        run_in(tmp.path(), &["words", "regex", "--set", "w.fst", "(a"]).0,
        2
    );
}

#[test]
fn ingest_json_gives_the_number_of_books() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("a.txt"), "The cat sat on the mat.\n").unwrap();
    std::fs::write(d.join("b.txt"), "A dog ran.\n").unwrap();
    // The same book twice is read once.
    let (code, out, err) = run_in(
        d,
        &[
            "ingest", "-q", "--json", "-o", "o.fst", "a.txt", "b.txt", "a.txt",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["books"], 2, "{json}");
    assert_eq!(json["inputs"], json["books"]);
    for args in [
        &[
            "ingest", "-q", "--json", "--memory", "1M", "-o", "m.fst", "a.txt", "b.txt",
        ][..],
        &[
            "ingest",
            "-q",
            "--json",
            "--partial",
            "-o",
            "p.part",
            "a.txt",
            "b.txt",
        ],
    ] {
        let (code, out, err) = run_in(d, args);
        assert_eq!(code, 0, "{err}");
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(json["books"], 2, "{args:?}: {json}");
    }
    // The schema requires it in both shapes.
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("docs/schema/ingest.schema.json")).unwrap(),
    )
    .unwrap();
    for shape in schema["oneOf"].as_array().unwrap() {
        assert!(shape["required"]
            .as_array()
            .unwrap()
            .contains(&"books".into()));
    }
}

/// The work folder is removed when the run ends: an output inside it (written directly, or
/// through `..` or a symbolic link) is refused before any work, and nothing is made.
#[test]
fn an_output_inside_the_work_folder_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("a.txt"), "The cat sat on the mat.\n").unwrap();
    std::fs::create_dir(d.join("w")).unwrap();
    std::os::unix::fs::symlink("w", d.join("link")).unwrap();
    for out in [
        "w/out.fst",
        "w/sub/out.fst",
        "link/out.fst",
        "w/../w/out.fst",
    ] {
        let (code, _, err) = run_in(
            d,
            &[
                "ingest", "-q", "--memory", "1M", "--work", "w", "-o", out, "a.txt",
            ],
        );
        assert_eq!(code, 2, "{out}: {err}");
        assert!(
            err.contains(&format!("{out}: is inside the work folder w")),
            "{out}: {err}"
        );
        assert_eq!(std::fs::read_dir(d.join("w")).unwrap().count(), 0, "{out}");
    }
    // Beside it, the same run works, and the folder is gone after it.
    let (code, _, err) = run_in(
        d,
        &[
            "ingest", "-q", "--memory", "1M", "--work", "w", "-o", "w.fst", "a.txt",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(d.join("w.fst").exists() && !d.join("w").exists());
}

#[test]
fn a_work_folder_with_an_empty_journal_starts_afresh() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("a.txt"), "The cat sat on the mat.\n").unwrap();
    let (code, _, err) = run_in(d, &["ingest", "-q", "-o", "plain.fst", "a.txt"]);
    assert_eq!(code, 0, "{err}");
    // Killed at once: the journal made but nothing in it, a run not finished; and a head
    // torn before its line end.
    for journal in ["", "{\"folio_work\":1,\"parti"] {
        let work = d.join("work");
        std::fs::create_dir(&work).unwrap();
        std::fs::write(work.join("journal"), journal).unwrap();
        std::fs::write(work.join("run-0.part.tmp"), "half a run").unwrap();
        let (code, _, err) = run_in(
            d,
            &[
                "ingest", "-q", "--memory", "1M", "--work", "work", "-o", "w.fst", "a.txt",
            ],
        );
        assert_eq!(code, 0, "journal {journal:?}: {err}");
        assert_eq!(err, "", "journal {journal:?}");
        assert_eq!(
            std::fs::read(d.join("w.fst")).unwrap(),
            std::fs::read(d.join("plain.fst")).unwrap()
        );
        assert!(
            !work.exists(),
            "the folder is removed once the set is written"
        );
    }
    // A journal whose head is complete but wrong is still refused, by name.
    let work = d.join("work");
    std::fs::create_dir(&work).unwrap();
    std::fs::write(work.join("journal"), "not json\n").unwrap();
    let (code, _, err) = run_in(
        d,
        &[
            "ingest", "-q", "--memory", "1M", "--work", "work", "-o", "w.fst", "a.txt",
        ],
    );
    assert_eq!(code, 2);
    assert!(err.contains("journal line 1"), "{err}");
}

#[test]
fn words_import_splits_lone_cr_line_ends() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // A list saved by a classic Mac OS program: CR alone ends each line.
    std::fs::write(d.join("mac.txt"), "cat\rdog\r\rcow\r").unwrap();
    let (code, _, err) = run_in(d, &["words", "import", "mac.txt", "-o", "m.fst"]);
    assert_eq!(code, 0, "{err}");
    let (code, out, _) = run_in(d, &["words", "export", "--set", "m.fst"]);
    assert_eq!((code, out.as_str()), (0, "CAT\nCOW\nDOG\n"));
    let (code, out, _) = run_in(d, &["words", "contains", "--set", "m.fst", "cow", "catdog"]);
    assert_eq!((code, out.as_str()), (1, "cow true\ncatdog false\n"));
}

#[test]
fn ctrl_c_during_a_journaled_ingest_says_where_the_work_is_kept() {
    let Some(dir) = folio_testdata::path("corpora/gutenberg") else {
        return;
    };
    let mut books: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    books.sort();
    let tmp = tempfile::tempdir().unwrap();
    let work = tmp.path().join("work");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("folio"))
        .args(["ingest", "-q", "--memory", "1M", "--work"])
        .arg(&work)
        .args(&books)
        .arg("-o")
        .arg(tmp.path().join("g.fst"))
        .env("RAYON_NUM_THREADS", "1")
        .env("TMPDIR", tmp.path())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Interrupted once a run is journaled (the head, then one run): there is work to keep.
    let journaled =
        || std::fs::read_to_string(work.join("journal")).map_or(0, |t| t.lines().count());
    let started = std::time::Instant::now();
    while journaled() < 2 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the ingest ended before a run was journaled"
        );
        assert!(started.elapsed().as_secs() < 300, "no run in 5 minutes");
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let sent = std::process::Command::new("kill")
        .arg("-INT")
        .arg(child.id().to_string())
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err,
        format!(
            "folio: interrupted: the work done so far is kept in {}; run the same command \
             again to resume it\n",
            work.display()
        )
    );
    assert!(journaled() >= 2, "the journal is kept");
    assert!(!tmp.path().join("g.fst").exists());
}

/// A play forming several words the set lacks says they "are" not in it ("VUM, UR is not in
/// the word set" once); one word still "is".
#[test]
fn several_unknown_words_are_not_in_the_word_set() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    small_set(d);
    let game = "#lexicon w.fst\n#player1 a A\n#player2 b B\n>a: ACTDEFG 8H CAT +10 10\n";
    std::fs::write(d.join("g.gcg"), format!("{game}>b: AXEFGHI 7H AX +0 0\n")).unwrap();
    let (code, out, err) = run_in(d, &["play", "-q", "g.gcg"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("g.gcg:5:16: error: AX, AC, XA are not in the word set: the play fails"),
        "{out}"
    );
    std::fs::write(d.join("h.gcg"), format!("{game}>b: SDEFGHI 8H ...S +0 0\n")).unwrap();
    let (code, out, err) = run_in(d, &["play", "-q", "h.gcg"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("h.gcg:5:16: error: CATS is not in the word set: the play fails"),
        "{out}"
    );
}
