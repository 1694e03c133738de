//! End-to-end tests of one `folio.toml` serving every game of a repository: a one-game
//! command skips the file's codes of other games, and still refuses codes no game knows
//! and, on its command line, codes its game does not report.

use std::path::Path;

use crate::common::folio;

fn run_in(dir: &Path, args: &[&str]) -> (i32, String) {
    let out = folio().current_dir(dir).args(args).output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn data(path: &str) -> String {
    std::fs::canonicalize(Path::new("tests/data").join(path))
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

#[test]
fn a_file_code_of_another_game_is_skipped_by_a_one_game_command() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("folio.toml"),
        "[play]\nallow = [\"score\"]\n",
    )
    .unwrap();
    let kenken = data("kenken/solved.kenken");
    let freecell = data("freecell/won-deal-24.txt");
    for args in [
        vec!["kenken", "replay", "-q", kenken.as_str()],
        vec!["freecell", "check", "-q", freecell.as_str()],
        vec!["play", "-q", freecell.as_str()],
    ] {
        let (code, err) = run_in(tmp.path(), &args);
        assert_eq!(code, 0, "{args:?}: {err}");
    }
    // The file's codes of the command's own game still apply.
    let conflicts = data("kenken/conflicts.kenken");
    std::fs::write(
        tmp.path().join("folio.toml"),
        "[play]\nallow = [\"score\"]\nwarn = [\"row-duplicate\"]\n",
    )
    .unwrap();
    let out = folio()
        .current_dir(tmp.path())
        .args(["kenken", "replay", "-q", &conflicts])
        .output()
        .unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.contains("warning: B1=3: 3 is already in row 1"),
        "{out}"
    );
}

#[test]
fn a_code_no_game_knows_or_a_foreign_one_on_the_command_line_is_a_usage_error() {
    let tmp = tempfile::tempdir().unwrap();
    let kenken = data("kenken/solved.kenken");
    let (code, err) = run_in(
        tmp.path(),
        &["kenken", "replay", "--allow", "score", &kenken],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--allow score: unknown rule code"), "{err}");
    std::fs::write(
        tmp.path().join("folio.toml"),
        "[play]\nallow = [\"scroe\"]\n",
    )
    .unwrap();
    let (code, err) = run_in(tmp.path(), &["kenken", "replay", &kenken]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("folio.toml [play]: \"scroe\" in allow: unknown rule code"),
        "{err}"
    );
}
