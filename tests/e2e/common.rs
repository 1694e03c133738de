//! What every end-to-end test of the binary shares.

use assert_cmd::Command;

/// The `folio` binary built for this test run.
pub fn folio() -> Command {
    Command::cargo_bin("folio").expect("folio binary")
}
