//! End-to-end tests of the `folio` binary: usage and exit codes.

use assert_cmd::Command;

fn folio() -> Command {
    Command::cargo_bin("folio").expect("folio binary")
}

#[test]
fn help_lists_the_commands() {
    let out = folio()
        .arg("--help")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    for cmd in ["ingest", "words", "play", "boggle"] {
        assert!(text.contains(cmd), "--help lacks {cmd}:\n{text}");
    }
}

#[test]
fn unknown_subcommand_is_a_usage_error() {
    folio().arg("frobnicate").assert().code(2);
}
