//! `make bench-serve`: a bounded load test of `folio serve` on loopback.
//!
//! The server runs in this process (2 worker threads) over three shared books; a load
//! generator (its own 2 threads: both share the machine's cores with the server) opens 64
//! connections and, on each, sends pipelined batches of `Q,BOOK1,BOOK2,BOOK3,WORD` lines and
//! waits for their answers before the next batch. It reports queries/s and the p50/p99 of the
//! time from a batch's write to its last answer (every query of the batch counts that time),
//! then the same over HTTP (`GET /v1/words/WORD?books=…`, one request at a time on each
//! keep-alive connection). The baseline, measured in the same run, is the same queries
//! answered in process on one thread without any network.
//!
//! Environment: `BENCH_SECONDS` (default 5) per measurement, `BENCH_CONNECTIONS` (64),
//! `BENCH_BATCH` (32 lines per pipelined batch).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const BOOKS: [&str; 3] = [
    "pg2701-moby-dick-or-the-whale.txt",
    "pg1342-pride-and-prejudice.txt",
    "pg84-frankenstein-or-the-modern-prometheus.txt",
];

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let Some(shared) = folio_testdata::shared_dir() else {
        return;
    };
    let secs = env("BENCH_SECONDS", 5);
    let conns = env("BENCH_CONNECTIONS", 64) as usize;
    let batch = env("BENCH_BATCH", 32) as usize;
    let tmp = tempfile::tempdir().unwrap();
    let books = tmp.path().join("books");
    std::fs::create_dir(&books).unwrap();
    let mut words = Vec::new();
    for b in BOOKS {
        let src = shared.join("corpora/gutenberg").join(b);
        std::fs::copy(&src, books.join(b)).unwrap();
        let text = std::fs::read_to_string(&src).unwrap();
        words.extend(
            text.split(|c: char| !c.is_ascii_alphabetic())
                .filter(|w| !w.is_empty())
                .take(20_000)
                .map(str::to_string),
        );
    }
    // Seeded mix: words of the books, and the same with a letter changed (mostly absent).
    let mut rng = folio_core::rng::SplitMix64::new(2024);
    let probes: Vec<String> = (0..8192)
        .map(|_| {
            let w = &words[rng.below(words.len())];
            if rng.below(2) == 0 {
                w.clone()
            } else {
                let mut c: Vec<char> = w.chars().collect();
                let i = rng.below(c.len());
                c[i] = (b'a' + rng.below(26) as u8) as char;
                c.into_iter().collect()
            }
        })
        .collect();
    let names = BOOKS.join(",");
    let lines: Arc<Vec<Vec<u8>>> = Arc::new(
        probes
            .iter()
            .map(|w| format!("Q,{names},{w}\n").into_bytes())
            .collect(),
    );

    let server_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let mut config = folio_server::Config::new(books.clone(), tmp.path().join("cache"));
    config.max_connections = 4096;
    let server = server_rt
        .block_on(folio_server::Server::bind(config))
        .unwrap();
    let (line, http) = (server.line_addr().unwrap(), server.http_addr().unwrap());
    let library = server.library().clone();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let served = server_rt.spawn(server.run(async {
        let _ = stop_rx.await;
    }));

    // Load the books once (ingest or cache), then the baseline: the same answers in process.
    let client_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let t = Instant::now();
    client_rt.block_on(async {
        let mut a = folio_server::answer::Answerer::new(library.clone(), 64);
        a.answer(lines[0].strip_suffix(b"\n").unwrap())
            .await
            .unwrap();
    });
    println!("books loaded in {:.2} s", t.elapsed().as_secs_f64());
    let baseline = client_rt.block_on(async {
        let mut a = folio_server::answer::Answerer::new(library.clone(), 64);
        let t = Instant::now();
        let mut n = 0u64;
        while t.elapsed() < Duration::from_secs(1) {
            for l in lines.iter() {
                a.answer(l.strip_suffix(b"\n").unwrap()).await.unwrap();
            }
            n += lines.len() as u64;
        }
        n as f64 / t.elapsed().as_secs_f64()
    });
    println!("baseline: in-process answers, one thread, no network: {baseline:.0} Q/s");

    let (qps, p50, p99, n) = client_rt.block_on(line_load(line, lines.clone(), conns, batch, secs));
    println!(
        "line protocol: {conns} connections x {batch} pipelined: {qps:.0} Q/s ({n} queries in {secs} s), \
         p50 {:.3} ms, p99 {:.3} ms; {:.2}x of the in-process baseline",
        p50,
        p99,
        qps / baseline
    );
    let goal = qps >= 200_000.0 && p99 < 5.0;
    println!(
        "goal (>= 200,000 Q/s, p99 < 5 ms): {}",
        if goal { "met" } else { "NOT met" }
    );
    let (rps, p50, p99, n) = client_rt.block_on(http_load(http, &probes, &names, conns, secs));
    println!(
        "http GET /v1/words: {conns} keep-alive connections: {rps:.0} req/s ({n} requests in {secs} s), \
         p50 {p50:.3} ms, p99 {p99:.3} ms; {:.3}x of the in-process baseline",
        rps / baseline
    );
    let _ = stop_tx.send(());
    let _ = server_rt.block_on(served);
}

/// Percentile `p` (0–100) of sorted latencies in µs, in ms.
fn pct(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p / 100.0).round() as usize;
    f64::from(sorted[i]) / 1000.0
}

async fn line_load(
    addr: SocketAddr,
    lines: Arc<Vec<Vec<u8>>>,
    conns: usize,
    batch: usize,
    secs: u64,
) -> (f64, f64, f64, u64) {
    let start = Instant::now();
    let warm = Duration::from_millis(500);
    let end = start + warm + Duration::from_secs(secs);
    let tasks: Vec<_> = (0..conns)
        .map(|c| {
            let lines = lines.clone();
            tokio::spawn(async move {
                let mut s = TcpStream::connect(addr).await.unwrap();
                s.set_nodelay(true).unwrap();
                let mut lat: Vec<u32> = Vec::new();
                let mut n = 0u64;
                let mut i = c * 97;
                let mut out = Vec::with_capacity(batch * 64);
                let mut buf = vec![0u8; 64 * 1024];
                loop {
                    let now = Instant::now();
                    if now >= end {
                        break;
                    }
                    out.clear();
                    for _ in 0..batch {
                        out.extend_from_slice(&lines[i % lines.len()]);
                        i += 1;
                    }
                    s.write_all(&out).await.unwrap();
                    let mut answers = 0;
                    while answers < batch {
                        let r = s.read(&mut buf).await.unwrap();
                        assert!(r > 0, "server closed");
                        answers += buf[..r].iter().filter(|&&b| b == b'\n').count();
                    }
                    if now >= start + warm {
                        let us = now.elapsed().as_micros().min(u32::MAX as u128) as u32;
                        lat.extend(std::iter::repeat_n(us, batch));
                        n += batch as u64;
                    }
                }
                (n, lat)
            })
        })
        .collect();
    let mut n = 0;
    let mut lat = Vec::new();
    for t in tasks {
        let (k, l) = t.await.unwrap();
        n += k;
        lat.extend(l);
    }
    lat.sort_unstable();
    (n as f64 / secs as f64, pct(&lat, 50.0), pct(&lat, 99.0), n)
}

async fn http_load(
    addr: SocketAddr,
    probes: &[String],
    names: &str,
    conns: usize,
    secs: u64,
) -> (f64, f64, f64, u64) {
    let start = Instant::now();
    let warm = Duration::from_millis(500);
    let end = start + warm + Duration::from_secs(secs);
    let requests: Arc<Vec<Vec<u8>>> = Arc::new(
        probes
            .iter()
            .map(|w| {
                format!("GET /v1/words/{w}?books={names} HTTP/1.1\r\nHost: bench\r\n\r\n")
                    .into_bytes()
            })
            .collect(),
    );
    let tasks: Vec<_> = (0..conns)
        .map(|c| {
            let requests = requests.clone();
            tokio::spawn(async move {
                let mut s = TcpStream::connect(addr).await.unwrap();
                s.set_nodelay(true).unwrap();
                let mut lat = Vec::new();
                let mut n = 0u64;
                let mut i = c * 97;
                let mut buf = vec![0u8; 64 * 1024];
                loop {
                    let now = Instant::now();
                    if now >= end {
                        break;
                    }
                    s.write_all(&requests[i % requests.len()]).await.unwrap();
                    i += 1;
                    read_response(&mut s, &mut buf).await;
                    if now >= start + warm {
                        lat.push(now.elapsed().as_micros().min(u32::MAX as u128) as u32);
                        n += 1;
                    }
                }
                (n, lat)
            })
        })
        .collect();
    let mut n = 0;
    let mut lat = Vec::new();
    for t in tasks {
        let (k, l) = t.await.unwrap();
        n += k;
        lat.extend(l);
    }
    lat.sort_unstable();
    (n as f64 / secs as f64, pct(&lat, 50.0), pct(&lat, 99.0), n)
}

/// Reads one HTTP/1.1 response with a Content-Length (what axum sends for JSON).
async fn read_response(s: &mut TcpStream, buf: &mut [u8]) {
    let mut have = 0;
    loop {
        let r = s.read(&mut buf[have..]).await.unwrap();
        assert!(r > 0, "server closed");
        have += r;
        let Some(head_end) = buf[..have].windows(4).position(|w| w == b"\r\n\r\n") else {
            continue;
        };
        let head = std::str::from_utf8(&buf[..head_end]).unwrap();
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        let len: usize = head
            .lines()
            .find_map(|l| {
                let (k, v) = l.split_once(':')?;
                k.eq_ignore_ascii_case("content-length")
                    .then(|| v.trim().parse().ok())?
            })
            .unwrap();
        let total = head_end + 4 + len;
        while have < total {
            let r = s.read(&mut buf[have..]).await.unwrap();
            assert!(r > 0, "server closed");
            have += r;
        }
        return;
    }
}
