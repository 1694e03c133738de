//! `folio ingest` (skeleton: being built).

use super::Outcome;

/// Arguments of `folio ingest`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `folio ingest`.
pub fn run(_args: Args) -> anyhow::Result<Outcome> {
    anyhow::bail!("folio ingest is not built yet")
}
