//! `-q/--quiet` on the commands that print tables: the table goes, the summary line stays,
//! and the exit status is the same as without it.

use std::path::Path;

use crate::common::folio;

/// Runs `folio ARGS` in `dir`: (exit code, stdout).
fn run(dir: &Path, args: &[&str]) -> (i32, String) {
    let out = folio()
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run folio");
    assert!(
        out.status.code() != Some(2),
        "folio {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8"),
    )
}

/// The same command with and without `-q`: same exit, the quiet output's lines are the
/// last lines of the full one (the summary), and fewer of them.
fn quiet_keeps_the_summary(dir: &Path, args: &[&str], summary: &str) -> (String, String) {
    let (code, full) = run(dir, args);
    let mut q = args.to_vec();
    q.push("-q");
    let (qcode, quiet) = run(dir, &q);
    assert_eq!(code, qcode, "{args:?}");
    assert!(
        quiet.lines().count() < full.lines().count(),
        "{args:?}:\n{quiet}\n---\n{full}"
    );
    assert!(quiet.contains(summary), "{args:?}: {quiet}");
    assert!(full.contains(summary), "{args:?}: {full}");
    (full, quiet)
}

#[test]
fn tables_go_summaries_stay() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let d = tmp.path();
    std::fs::write(
        d.join("a.txt"),
        "The cat sat on the mat. The rat ate the oat. A tea set, a seat, an east wind.\n",
    )
    .unwrap();
    std::fs::write(d.join("b.txt"), "The dog sat on the log. The cat ran.\n").unwrap();
    for (book, set) in [("a.txt", "a.fst"), ("b.txt", "b.fst")] {
        let (code, _) = run(d, &["ingest", book, "-o", set, "-q", "--min-len", "2"]);
        assert_eq!(code, 0);
    }

    let (_, quiet) = quiet_keeps_the_summary(d, &["words", "stats", "--set", "a.fst"], "words ");
    assert!(!quiet.contains("length histogram"), "{quiet}");

    let (full, quiet) =
        quiet_keeps_the_summary(d, &["words", "compare", "a.fst", "b.fst"], "jaccard ");
    assert!(full.contains("most frequent only in A"));
    assert!(!quiet.contains("most frequent"), "{quiet}");

    let position = "15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 AEST/ 0/0 0";
    let (full, quiet) = quiet_keeps_the_summary(
        d,
        &["moves", position, "--set", "a.fst"],
        " plays for AEST under standard rules",
    );
    assert!(full.lines().count() > 1);
    assert_eq!(quiet.lines().count(), 1, "{quiet}");

    let (_, quiet) = quiet_keeps_the_summary(
        d,
        &[
            "boggle",
            "solve",
            "--board",
            "catsmateroatsean",
            "--set",
            "a.fst",
            "--min-len",
            "3",
        ],
        "words ",
    );
    assert_eq!(quiet.lines().count(), 1, "{quiet}");
    assert!(
        quiet.starts_with("words ") && quiet.contains(", points "),
        "{quiet}"
    );

    let (_, quiet) = quiet_keeps_the_summary(
        d,
        &["kenken", "solve", "4dn:a_4a_a_a__aaba,m48d2s1a6s1m4d2"],
        "unique solution",
    );
    assert_eq!(quiet.lines().count(), 1, "{quiet}");

    // Set algebra and import: the summary line stays, the rest goes.
    let (_, quiet) = quiet_keeps_the_summary(
        d,
        &["words", "union", "a.fst", "b.fst", "-o", "u.fst"],
        "union of 2 sets",
    );
    assert_eq!(quiet.lines().count(), 1, "{quiet}");
    std::fs::write(d.join("list.txt"), "cat\ncat\nc4t\ndog\n").unwrap();
    let (_, quiet) = quiet_keeps_the_summary(
        d,
        &["words", "import", "list.txt", "-o", "l.fst"],
        "imported list.txt",
    );
    assert!(
        quiet.contains("duplicates: 1") && quiet.contains("rejected lines: 1"),
        "{quiet}"
    );
    assert!(!quiet.contains("line 2:"), "{quiet}");

    // -q is no table, so it does not go with --json.
    let out = folio()
        .current_dir(d)
        .args(["words", "stats", "--set", "a.fst", "--json", "-q"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
