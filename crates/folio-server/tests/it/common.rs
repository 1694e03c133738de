//! A server in process over a folder of small books, and a small HTTP/1.1 client.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use folio_server::{Config, Server};

/// Two small books (the first with Project Gutenberg markers).
pub const BOOKS: [(&str, &str); 2] = [
    (
        "whales.txt",
        "*** START OF THE PROJECT GUTENBERG EBOOK WHALES ***\nCall me Ishmael.\nThe whale \
         swam; the whales sang.\nA harpoon flew.\n*** END OF THE PROJECT GUTENBERG EBOOK \
         WHALES ***\nlicense words here\n",
    ),
    (
        "sea.txt",
        "The sea was calm.\nWaves rolled over the sand, and the gulls cried.\n",
    ),
];

/// A server running on its own runtime thread; stopped when dropped.
pub struct Running {
    pub line: SocketAddr,
    pub http: SocketAddr,
    _dir: tempfile::TempDir,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// Starts a server over [`BOOKS`] with `tune` applied to its configuration.
pub fn start(tune: impl FnOnce(&mut Config)) -> Running {
    let dir = tempfile::tempdir().unwrap();
    let books = dir.path().join("books");
    std::fs::create_dir(&books).unwrap();
    for (name, text) in BOOKS {
        std::fs::write(books.join(name), text).unwrap();
    }
    let mut config = Config::new(books, dir.path().join("cache"));
    tune(&mut config);
    let (addr_tx, addr_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let server = Server::bind(config).await.unwrap();
            addr_tx
                .send((server.line_addr().unwrap(), server.http_addr().unwrap()))
                .unwrap();
            server
                .run(async {
                    let _ = stop_rx.await;
                })
                .await;
        });
    });
    let (line, http) = addr_rx.recv().unwrap();
    Running {
        line,
        http,
        _dir: dir,
        stop: Some(stop_tx),
        thread: Some(thread),
    }
}

impl Running {
    /// The books folder the server reads.
    pub fn books(&self) -> std::path::PathBuf {
        self._dir.path().join("books")
    }

    /// The cache folder the server writes word sets into.
    pub fn cache(&self) -> std::path::PathBuf {
        self._dir.path().join("cache")
    }

    /// The temporary folder holding both (and room for the tests' own files).
    pub fn root(&self) -> &std::path::Path {
        self._dir.path()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Sends `lines` on one connection and reads one answer line each.
pub fn ask(addr: SocketAddr, lines: &[&str]) -> Vec<String> {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let payload: String = lines.iter().map(|l| format!("{l}\n")).collect();
    s.write_all(payload.as_bytes()).unwrap();
    let mut r = BufReader::new(s);
    lines
        .iter()
        .map(|_| {
            let mut l = String::new();
            r.read_line(&mut l).unwrap();
            l.trim_end().to_string()
        })
        .collect()
}

/// One HTTP/1.1 request: status, content type and body.
pub fn request(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String, String) {
    request_typed(addr, method, path, "application/json", body)
}

/// One HTTP/1.1 request with a body of content type `ctype`: status, content type and body.
/// The server may answer before reading a large body: a failed write is then not an error.
pub fn request_typed(
    addr: SocketAddr,
    method: &str,
    path: &str,
    ctype: &str,
    body: &str,
) -> (u16, String, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let _ = write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Type: \
         {ctype}\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut resp = Vec::new();
    // A server answering before reading the whole body may reset the connection after.
    if let Err(e) = s.read_to_end(&mut resp) {
        assert!(!resp.is_empty(), "no answer: {e}");
    }
    let text = String::from_utf8_lossy(&resp).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head[9..12].parse().unwrap();
    let ctype = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("content-type")
                .then(|| v.trim().to_string())
        })
        .unwrap_or_default();
    (status, ctype, body.to_string())
}

/// A JSON request: status and parsed body.
pub fn json(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, serde_json::Value) {
    let (status, ctype, body) = request(addr, method, path, body);
    assert!(
        ctype.starts_with("application/json"),
        "{status} {ctype}: {body}"
    );
    (status, serde_json::from_str(&body).unwrap())
}

/// The names in a `/v1/books`-shaped answer's `books` list, in order.
pub fn book_names(body: &serde_json::Value) -> Vec<&str> {
    body["books"]
        .as_array()
        .expect("a books list")
        .iter()
        .map(|b| b["name"].as_str().expect("a name"))
        .collect()
}
