//! `folio boggle` (skeleton: being built).

use super::Outcome;

/// Subcommands of `folio boggle`.
#[derive(clap::Subcommand)]
pub enum Command {}

/// Runs a `folio boggle` subcommand.
pub fn run(c: Command) -> anyhow::Result<Outcome> {
    match c {}
}
