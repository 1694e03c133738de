//! What `folio serve` is told: folders, addresses and limits.

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

/// The longest idle timeout `folio serve --idle-timeout` takes: one day, in seconds. (Any
/// [`Config::idle_timeout`] is safe: deadlines saturate, see [`crate::deadline::after`].)
pub const MAX_IDLE_TIMEOUT_SECS: u64 = 24 * 3600;

/// The server's settings. [`Config::new`] gives the defaults below.
#[derive(Clone, Debug)]
pub struct Config {
    /// The books folder: only regular files directly inside it are ever read.
    pub books: PathBuf,
    /// Where word sets are cached (created if needed).
    pub cache: PathBuf,
    /// Address both listeners bind to (default loopback, 127.0.0.1).
    pub bind: IpAddr,
    /// Port of the line protocol (0: any free port).
    pub port: u16,
    /// Port of HTTP (the JSON API and the page); `None`: no HTTP listener.
    pub http_port: Option<u16>,
    /// Open connections allowed at once, line protocol and HTTP each (default 1,024); past it
    /// a new connection is closed at once (and logged).
    pub max_connections: usize,
    /// Longest request line in bytes, LF excluded (default 4,096). A longer line is answered
    /// `false` and its connection closed, after reading at most this much of it.
    pub max_line: usize,
    /// Most books one request may name (default 64).
    pub max_books: usize,
    /// Most words one `POST /v1/check` may hold (default 1,000).
    pub max_words: usize,
    /// A connection that sends nothing for this long is closed (default 120 s); so is one
    /// whose request line (HTTP: request head) is not complete this long after its first byte.
    pub idle_timeout: Duration,
    /// A connection whose answers cannot be written for this long is closed (default 10 s).
    pub write_timeout: Duration,
    /// How long a shutdown waits for connections to finish their requests (default 5 s).
    pub drain_timeout: Duration,
    /// How often books on disk are checked for changes (default 1 s).
    pub recheck: Duration,
}

impl Config {
    /// The defaults, over `books` and `cache`, on loopback with ephemeral ports.
    pub fn new(books: PathBuf, cache: PathBuf) -> Config {
        Config {
            books,
            cache,
            bind: IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
            port: 0,
            http_port: Some(0),
            max_connections: 1024,
            max_line: 4096,
            max_books: 64,
            max_words: 1000,
            idle_timeout: Duration::from_secs(120),
            write_timeout: Duration::from_secs(10),
            drain_timeout: Duration::from_secs(5),
            recheck: Duration::from_secs(1),
        }
    }
}
