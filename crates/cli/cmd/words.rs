//! `folio words` (skeleton: being built).

use super::Outcome;

/// Subcommands of `folio words`.
#[derive(clap::Subcommand)]
pub enum Command {}

/// Runs a `folio words` subcommand.
pub fn run(c: Command) -> anyhow::Result<Outcome> {
    match c {}
}
