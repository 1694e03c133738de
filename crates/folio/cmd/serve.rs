//! `folio serve --books DIR`: the book dictionary server (docs/serve.md). The work is done by
//! `folio_server`; this module parses options, sets up logging and the runtime, and prints the
//! bound addresses on stdout, one a line (`line ADDR`, `http ADDR`), for scripts and tests.

use std::io::Write;
use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;

use super::Outcome;

/// The HTTP port without `--http-port`.
const DEFAULT_HTTP_PORT: u16 = 8080;

/// Arguments of `folio serve`.
#[derive(clap::Args)]
#[command(
    after_help = "Protocol and API: docs/serve.md. Logs go to stderr (RUST_LOG filters \
them). SIGINT or SIGTERM stop the server after open connections finish their requests."
)]
pub struct Args {
    /// The books folder: only regular files directly inside it are served, by file name.
    #[arg(long, value_name = "DIR")]
    books: PathBuf,
    /// Address to listen on (both listeners).
    #[arg(long, default_value = "127.0.0.1", value_name = "ADDR")]
    bind: IpAddr,
    /// Port of the line protocol (`Q,BOOK,…,WORD`); 0 takes any free port.
    #[arg(long, default_value_t = 4000, value_name = "P")]
    port: u16,
    /// Port of HTTP (JSON API and word-judge page); 0 takes any free port [default: 8080].
    #[arg(long, value_name = "P")]
    http_port: Option<u16>,
    /// Don't listen for HTTP.
    #[arg(long)]
    no_http: bool,
    /// Where word sets are cached [default: DIR/../.folio-serve-cache].
    #[arg(long, value_name = "D")]
    cache_dir: Option<PathBuf>,
    /// Open connections allowed at once, per listener; more are closed at once.
    #[arg(long, default_value_t = 1024, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_connections: u32,
    /// Longest request line, in bytes; a longer one is answered `false` and closed.
    #[arg(long, default_value_t = 4096, value_name = "BYTES", value_parser = clap::value_parser!(u32).range(16..=1_048_576))]
    max_line: u32,
    /// Seconds a connection may stay silent, or take to send one request line (HTTP: one
    /// request head) from its first byte, before it is closed; at most 86400 (one day).
    #[arg(long, default_value_t = 120, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..=folio_server::config::MAX_IDLE_TIMEOUT_SECS))]
    idle_timeout: u64,
    /// Log one JSON object a line instead of text.
    #[arg(long)]
    log_json: bool,
    /// Worker threads (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
}

/// Runs the server until SIGINT or SIGTERM.
pub fn run(args: Args) -> anyhow::Result<Outcome> {
    // An option that would do nothing is refused (as ingest's --temp-dir without --memory):
    // said here, not by clap's `conflicts_with`, so the message says why.
    if let (true, Some(p)) = (args.no_http, args.http_port) {
        anyhow::bail!(
            "--http-port {p} would do nothing with --no-http: no HTTP listener is started \
             (give one or the other)"
        );
    }
    let http_port = args.http_port.unwrap_or(DEFAULT_HTTP_PORT);
    // One port for both listeners is a usage error, said before anything binds (not the
    // second bind's "Address already in use"); port 0 takes a free port for each.
    if let Some(clash) = same_port(args.port, http_port, args.no_http) {
        anyhow::bail!("--port and --http-port are both {clash}");
    }
    folio_server::run::init_logging(args.log_json);
    let fds = folio_server::run::raise_fd_limit();
    let cache = match args.cache_dir {
        Some(c) => c,
        None => args
            .books
            .canonicalize()
            .with_context(|| {
                format!(
                    "{}: books folder",
                    folio_core::file_name::in_message(&args.books)
                )
            })?
            .parent()
            .map(|p| p.join(".folio-serve-cache"))
            .context("the books folder has no parent; give --cache-dir")?,
    };
    let mut config = folio_server::Config::new(args.books.clone(), cache);
    config.bind = args.bind;
    config.port = args.port;
    config.http_port = (!args.no_http).then_some(http_port);
    config.max_connections = args.max_connections as usize;
    config.max_line = args.max_line as usize;
    config.idle_timeout = Duration::from_secs(args.idle_timeout);
    let mut runtime = tokio::runtime::Builder::new_multi_thread();
    runtime.enable_all();
    if let Some(n) = args.threads {
        runtime.worker_threads(n as usize);
    }
    let runtime = runtime.build().context("starting the async runtime")?;
    runtime.block_on(async move {
        // Each error of `bind` names what failed (the books folder, the cache folder, or the
        // address a listener could not take): no path is put in front of it.
        let server = folio_server::Server::bind(config)
            .await
            .context("cannot serve")?;
        let line = server.line_addr()?;
        let mut out = crate::cmd::stdout();
        writeln!(out, "line {line}")?;
        if let Some(http) = server.http_addr() {
            writeln!(out, "http {http}")?;
        }
        out.flush()?;
        drop(out);
        tracing::info!(%line, http = ?server.http_addr(), open_files_limit = ?fds, "serving");
        server.run(folio_server::run::signals()).await;
        anyhow::Ok(())
    })?;
    Ok(Outcome::Ok)
}

/// The port both listeners would be given, when they would be given the same one (HTTP on,
/// and not 0, which takes any free port).
fn same_port(port: u16, http_port: u16, no_http: bool) -> Option<u16> {
    (!no_http && port != 0 && port == http_port).then_some(port)
}

#[cfg(test)]
mod tests {
    use super::same_port;

    #[test]
    fn one_port_for_both_listeners_is_a_clash() {
        assert_eq!(same_port(14000, 14000, false), Some(14000));
        assert_eq!(same_port(14000, 14000, true), None);
        assert_eq!(same_port(0, 0, false), None);
        assert_eq!(same_port(4000, 8080, false), None);
    }
}
