//! Messages that count read right for one and for many: `1 word`, `2 words`, never `1 words`
//! nor `word(s)` (`folio_core::plural`).

use crate::common::folio;

fn stderr_of(args: &[&str], dir: &std::path::Path, code: i32) -> (String, String) {
    let assert = folio().current_dir(dir).args(args).assert().code(code);
    let out = assert.get_output();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn ingest_of_one_word_says_one_book_and_one_word() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("one.txt"), "whale\n").unwrap();
    let (_, err) = stderr_of(
        &["ingest", "one.txt", "-o", "one.fst", "--report", "d.tsv"],
        dir.path(),
        0,
    );
    assert!(err.contains("ingested 1 book, "), "{err}");
    assert!(err.contains(" 1 word read -> 1 word ("), "{err}");
    assert!(err.contains("(1 distinct word)"), "{err}");
    assert!(!err.contains("(s)") && !err.contains("1 words"), "{err}");
}

#[test]
fn play_counts_players_and_tiles_in_the_singular() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("p.gcg"),
        "#player1 a A\n#player1 a A\n>a: AEINRST 8B RETAINS +66 66\n",
    )
    .unwrap();
    let (out, _) = stderr_of(&["play", "p.gcg"], dir.path(), 1);
    assert!(
        out.contains("1 player: the standard rules seat 2 to 4"),
        "{out}"
    );
    std::fs::write(
        dir.path().join("q.gcg"),
        "#player1 a A\n#player2 b B\n>a: QQ 8G QQ +40 40\n",
    )
    .unwrap();
    let (out, _) = stderr_of(&["play", "q.gcg"], dir.path(), 1);
    assert!(
        out.contains("2 Q written, 1 of the 1 Q in the set is not on the board"),
        "{out}"
    );
}

#[test]
fn fix_of_one_number_says_one_number() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("g.gcg"),
        "#player1 a A\n#player2 b B\n>a: AEINRST 8B RETAINS +60 66\n",
    )
    .unwrap();
    let (_, err) = stderr_of(&["play", "-q", "g.gcg", "--fix", "f.gcg"], dir.path(), 1);
    assert!(err.contains("1 number corrected from"), "{err}");
}

#[test]
fn kenken_check_counts_violations() {
    let id = "4dn:a_4a_a_a__aaba,m48d2s1a6s1m4d2";
    let (out, _) = stderr_of(
        &["kenken", "check", id, "3412/4123/2341/123."],
        std::path::Path::new("."),
        1,
    );
    assert!(out.ends_with("not solved: 1 violation\n"), "{out}");
    let (out, _) = stderr_of(
        &["kenken", "check", id, "3412/4123/2341/1243"],
        std::path::Path::new("."),
        1,
    );
    assert!(out.ends_with("not solved: 4 violations\n"), "{out}");
}

#[test]
fn word_set_commands_count_one_word_in_the_singular() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("one.txt"), "whale\n").unwrap();
    std::fs::write(dir.path().join("two.txt"), "whale zebra\n").unwrap();
    stderr_of(&["ingest", "one.txt", "-o", "one.fst"], dir.path(), 0);
    stderr_of(&["ingest", "two.txt", "-o", "two.fst"], dir.path(), 0);
    let (_, err) = stderr_of(
        &["words", "export", "--set", "one.fst", "-o", "out.txt"],
        dir.path(),
        0,
    );
    assert!(err.contains("wrote 1 word to "), "{err}");
    let (out, _) = stderr_of(&["words", "compare", "one.fst", "two.fst"], dir.path(), 0);
    assert!(out.contains("(1 word)"), "{out}");
    let (out, _) = stderr_of(
        &["words", "intersect", "one.fst", "two.fst", "-o", "i.fst"],
        dir.path(),
        0,
    );
    assert!(out.contains(": 1 word -> "), "{out}");
    assert!(!out.contains("1 words"), "{out}");
}
