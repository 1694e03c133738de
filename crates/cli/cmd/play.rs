//! `folio play` (skeleton: being built).

use super::Outcome;

/// Arguments of `folio play`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `folio play`.
pub fn run(_args: Args) -> anyhow::Result<Outcome> {
    anyhow::bail!("folio play is not built yet")
}
