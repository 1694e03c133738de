//! Starting and stopping the server: bind, serve both listeners, drain on a signal.

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::config::Config;
use crate::library::Library;

/// A server whose listeners are bound, ready to [`Server::run`].
pub struct Server {
    line: TcpListener,
    http: Option<TcpListener>,
    library: Arc<Library>,
    config: Arc<Config>,
}

impl Server {
    /// Opens the library and binds the listeners (a port of 0 takes any free port).
    ///
    /// # Errors
    /// When the books folder is not one, the cache folder cannot be made, or a port is taken.
    pub async fn bind(config: Config) -> std::io::Result<Server> {
        let library = Arc::new(Library::new(
            &config.books,
            &config.cache,
            folio_lexicon::Policy::game(),
        )?);
        // The error names the address: "Address already in use" alone does not say which.
        let listen = |what: &'static str, port: u16| async move {
            let addr = SocketAddr::new(config.bind, port);
            TcpListener::bind(addr)
                .await
                .map_err(|e| std::io::Error::new(e.kind(), format!("{what} {addr}: {e}")))
        };
        let line = listen("line protocol on", config.port).await?;
        let http = match config.http_port {
            Some(p) => Some(listen("HTTP on", p).await?),
            None => None,
        };
        Ok(Server {
            line,
            http,
            library,
            config: Arc::new(config),
        })
    }

    /// The line protocol's address.
    pub fn line_addr(&self) -> std::io::Result<SocketAddr> {
        self.line.local_addr()
    }

    /// HTTP's address, when it listens.
    pub fn http_addr(&self) -> Option<SocketAddr> {
        self.http.as_ref().and_then(|l| l.local_addr().ok())
    }

    /// The library answering (for in-process benchmarks and tests).
    pub fn library(&self) -> &Arc<Library> {
        &self.library
    }

    /// Serves until `shutdown` completes, then stops accepting, lets open connections finish
    /// the requests they have read (up to the drain timeout) and returns.
    pub async fn run(self, shutdown: impl std::future::Future<Output = ()>) {
        let (tx, rx) = watch::channel(false);
        let Server {
            line,
            http,
            library,
            config,
        } = self;
        let recheck = {
            let library = library.clone();
            let every = config.recheck;
            let mut rx = rx.clone();
            tokio::spawn(async move {
                let mut tick = tokio::time::interval(every);
                loop {
                    tokio::select! {
                        _ = tick.tick() => {}
                        _ = rx.wait_for(|s| *s) => break,
                    }
                    let lib = library.clone();
                    let _ = tokio::task::spawn_blocking(move || lib.recheck()).await;
                }
            })
        };
        let line_task = tokio::spawn(crate::line::serve(
            line,
            library.clone(),
            config.clone(),
            rx.clone(),
        ));
        let http_task = http.map(|listener| {
            let router = crate::http::router(library.clone(), config.clone());
            let listener =
                crate::http::Limited::new(listener, config.max_connections, config.idle_timeout);
            let mut rx = rx.clone();
            let drain = config.drain_timeout;
            tokio::spawn(async move {
                let mut stopped = rx.clone();
                let serve = axum::serve(listener, router).with_graceful_shutdown(async move {
                    let _ = rx.wait_for(|s| *s).await;
                });
                // Past the drain timeout after the signal, stop waiting for connections.
                let deadline = async move {
                    let _ = stopped.wait_for(|s| *s).await;
                    tokio::time::sleep(drain).await;
                };
                tokio::select! {
                    r = serve => if let Err(e) = r { tracing::error!(error = %e, "http server failed") },
                    () = deadline => tracing::warn!("http drain timed out"),
                }
            })
        });
        shutdown.await;
        tracing::info!("shutting down: draining connections");
        let _ = tx.send(true);
        let _ = line_task.await;
        if let Some(t) = http_task {
            let _ = t.await;
        }
        let _ = recheck.await;
        tracing::info!("stopped");
    }
}

/// Completes on SIGINT or SIGTERM.
pub async fn signals() {
    use tokio::signal::unix::{signal, SignalKind};
    let term = signal(SignalKind::terminate());
    let int = signal(SignalKind::interrupt());
    match (term, int) {
        (Ok(mut term), Ok(mut int)) => {
            tokio::select! {
                _ = term.recv() => tracing::info!("SIGTERM"),
                _ = int.recv() => tracing::info!("SIGINT"),
            }
        }
        _ => {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// Raises the soft limit on open files to the hard limit (each connection is a file
/// descriptor; the usual soft limit of 1,024 would cap connections below `--max-connections`).
/// Returns the limit now in force.
pub fn raise_fd_limit() -> Option<u64> {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit/setrlimit only read and write the struct passed.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) != 0 {
            return None;
        }
        if lim.rlim_cur < lim.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: lim.rlim_max,
                rlim_max: lim.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                lim = raised;
            }
        }
    }
    Some(lim.rlim_cur)
}

/// Sends tracing events to stderr, as text or one JSON object a line, filtered by `RUST_LOG`
/// (default `info`).
pub fn init_logging(json: bool) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(false);
    let _ = if json {
        builder.json().try_init()
    } else {
        builder.try_init()
    };
}
