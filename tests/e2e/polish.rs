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
        err.starts_with("folio: error: --allow scroe: unknown rule code; the known codes are: "),
        "{err}"
    );
    // The list is every game's: a crossword code, a Boggle one, KenKen's, FreeCell's.
    for known in [
        "score,",
        "not-on-board,",
        "row-duplicate,",
        "not-won,",
        "unreadable,",
    ] {
        assert!(err.contains(known), "{known} missing: {err}");
    }
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
        err.contains("folio.toml [play]") && err.contains("--warn scroe: unknown rule code"),
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
