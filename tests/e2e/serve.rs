//! `folio serve`: the real binary on free loopback ports. Course-protocol answers against
//! `folio words contains` and a plain scan of the books, the cache across a restart, a book
//! changed on disk, hostile clients, and a graceful stop.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use folio_core::rng::SplitMix64;
use folio_lexicon::Policy;

/// The three shared books the tests serve (small ones: the tests stay quick).
const BOOKS: [&str; 3] = [
    "pg11-alices-adventures-in-wonderland.txt",
    "pg1080-a-modest-proposal.txt",
    "pg1952-the-yellow-wallpaper.txt",
];

/// A folder holding copies of the three books (the server reads only files inside it), or
/// `None` when the shared folder is absent outside CI.
fn books_dir(tmp: &Path) -> Option<PathBuf> {
    let dir = tmp.join("books");
    std::fs::create_dir_all(&dir).unwrap();
    for b in BOOKS {
        let src = folio_testdata::path(&format!("corpora/gutenberg/{b}"))?;
        std::fs::copy(src, dir.join(b)).unwrap();
    }
    Some(dir)
}

/// A running `folio serve`, stopped (SIGTERM) when dropped.
struct Served {
    child: Child,
    line: SocketAddr,
    http: SocketAddr,
    log: PathBuf,
}

fn start(books: &Path, cache: &Path, extra: &[&str]) -> Served {
    let log = cache.with_file_name(format!(
        "serve-{}-{}.log",
        std::process::id(),
        SERVES.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    let mut child = Command::new(env!("CARGO_BIN_EXE_folio"))
        .args(["serve", "--port", "0", "--http-port", "0", "--books"])
        .arg(books)
        .arg("--cache-dir")
        .arg(cache)
        .args(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .expect("folio serve starts");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut addr = |want: &str| {
        let mut l = String::new();
        out.read_line(&mut l).unwrap();
        let Some(a) = l.trim().strip_prefix(want) else {
            panic!(
                "expected `{want}ADDR` on stdout, got {l:?}; log:\n{}",
                std::fs::read_to_string(&log).unwrap_or_default()
            );
        };
        a.parse::<SocketAddr>().unwrap()
    };
    let line = addr("line ");
    let http = addr("http ");
    Served {
        child,
        line,
        http,
        log,
    }
}

static SERVES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl Served {
    /// Sends SIGTERM and waits (at most 20 s) for the exit.
    fn stop(&mut self) -> std::process::ExitStatus {
        // SAFETY: kill(2) on our own child's pid.
        unsafe { libc::kill(self.child.id() as i32, libc::SIGTERM) };
        let t = Instant::now();
        loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                return s;
            }
            assert!(
                t.elapsed() < Duration::from_secs(20),
                "no exit 20 s after SIGTERM"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The server's resident memory, in KiB.
    fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap()
    }

    fn health(&self) -> serde_json::Value {
        let (status, body) = http(self.http, "GET", "/healthz", None);
        assert_eq!(status, 200);
        body
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        let _ = std::fs::remove_file(&self.log);
    }
}

/// Sends `lines` pipelined on one connection (from another thread) and reads one answer each.
fn ask(addr: SocketAddr, lines: &[String]) -> Vec<String> {
    let stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut w = stream.try_clone().unwrap();
    let payload: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let writer = std::thread::spawn(move || w.write_all(payload.as_bytes()));
    let mut r = BufReader::new(stream);
    let mut out = Vec::with_capacity(lines.len());
    for _ in lines {
        let mut l = String::new();
        assert!(r.read_line(&mut l).unwrap() > 0, "connection closed early");
        out.push(l.trim_end().to_string());
    }
    writer.join().unwrap().unwrap();
    out
}

/// One HTTP/1.1 request (connection closed after it): the status and the JSON body.
fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (u16, serde_json::Value) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let body = body.unwrap_or("");
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Type: \
         application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut resp = Vec::new();
    s.read_to_end(&mut resp).unwrap();
    let text = String::from_utf8_lossy(&resp);
    let status = text[9..12].parse().unwrap();
    let json = text.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or("");
    (
        status,
        serde_json::from_str(json).unwrap_or(serde_json::Value::Null),
    )
}

/// Every token of the books' text (split at what is not a letter, digit or apostrophe).
fn tokens(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for b in BOOKS {
        let text = String::from_utf8_lossy(&std::fs::read(dir.join(b)).unwrap()).into_owned();
        out.extend(
            text.split(|c: char| !(c.is_alphanumeric() || c == '\''))
                .filter(|t| !t.is_empty() && !t.starts_with('\''))
                .map(str::to_string),
        );
    }
    out
}

/// `n` seeded probe words: words of the books as written and changed (case, a letter, an
/// ending), random letters, digits and accents. No blank, comma or whitespace.
fn probes(tokens: &[String], n: usize, seed: u64) -> Vec<String> {
    let mut rng = SplitMix64::new(seed);
    let letters: Vec<char> = "abcdefghijklmnopqrstuvwxyzéß".chars().collect();
    (0..n)
        .map(|_| {
            let t = &tokens[rng.below(tokens.len())];
            match rng.below(10) {
                0..=3 => t.clone(),
                4 => t.to_uppercase(),
                5 => {
                    let mut c: Vec<char> = t.chars().collect();
                    let i = rng.below(c.len());
                    c[i] = letters[rng.below(26)];
                    c.into_iter().collect()
                }
                6 => format!("{t}{}", ["s", "ed", "ing", "'s"][rng.below(4)]),
                7 => (0..1 + rng.below(10))
                    .map(|_| letters[rng.below(letters.len())])
                    .collect(),
                8 => format!("{t}{}", rng.below(10)),
                _ => t.to_lowercase(),
            }
        })
        .collect()
}

/// `folio words contains --set SET` over `words` (from stdin): the answers in order.
fn contains(set: &Path, words: &[String]) -> Vec<bool> {
    let input: String = words.iter().map(|w| format!("{w}\n")).collect();
    let out = crate::common::folio()
        .args(["words", "contains", "--set"])
        .arg(set)
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<bool> = text
        .lines()
        .map(|l| match l.rsplit_once(' ') {
            Some((_, "true")) => true,
            Some((_, "false")) => false,
            _ => panic!("odd contains line {l:?}"),
        })
        .collect();
    assert_eq!(answers.len(), words.len());
    answers
}

fn ingest(inputs: &[PathBuf], out: &Path) {
    crate::common::folio()
        .arg("ingest")
        .args(inputs)
        .arg("-o")
        .arg(out)
        .arg("--quiet")
        .assert()
        .success();
}

/// The plain scan a challenge must agree with: every word of each book's body (decoded,
/// boilerplate cut, cleaned as ingest does), split by `unicode-segmentation` (not folio's own
/// tokenizer) and normalised by the game policy.
fn scanned_keys(path: &Path) -> std::collections::HashSet<String> {
    use unicode_segmentation::UnicodeSegmentation;
    let bytes = std::fs::read(path).unwrap();
    let (text, _) = folio_lexicon::ingest::decode::decode(&bytes).unwrap();
    let body = folio_lexicon::ingest::boilerplate::find_body(&text);
    let cleaned = folio_lexicon::ingest::clean::clean(&text[body.range]);
    let policy = Policy::game();
    cleaned
        .unicode_words()
        .filter_map(|w| policy.normalize_word(w))
        .collect()
}

#[test]
fn course_protocol_answers_match_words_contains_and_a_scan() {
    let tmp = tempfile::tempdir().unwrap();
    let Some(dir) = books_dir(tmp.path()) else {
        return;
    };
    let paths: Vec<PathBuf> = BOOKS.iter().map(|b| dir.join(b)).collect();
    // One set of all three books, and one per book.
    ingest(&paths, &tmp.path().join("all.fst"));
    for (i, p) in paths.iter().enumerate() {
        ingest(
            std::slice::from_ref(p),
            &tmp.path().join(format!("b{i}.fst")),
        );
    }
    let probes = probes(&tokens(&dir), 10_000, 19);
    let want_all = contains(&tmp.path().join("all.fst"), &probes);
    let per_book: Vec<Vec<bool>> = (0..3)
        .map(|i| contains(&tmp.path().join(format!("b{i}.fst")), &probes))
        .collect();
    let scans: Vec<_> = paths.iter().map(|p| scanned_keys(p)).collect();
    assert!(
        want_all.iter().filter(|&&b| b).count() > 3_000,
        "probes find words"
    );
    assert!(
        want_all.iter().filter(|&&b| !b).count() > 2_000,
        "and miss some"
    );

    let mut served = start(&dir, &tmp.path().join("cache"), &[]);
    // Q over all three books against the set of all three.
    let all = BOOKS.join(",");
    let lines: Vec<String> = probes.iter().map(|w| format!("Q,{all},{w}")).collect();
    let got = ask(served.line, &lines);
    for ((w, g), want) in probes.iter().zip(&got).zip(&want_all) {
        assert_eq!(g, if *want { "true" } else { "false" }, "Q {w:?}");
    }
    // Q and C over seeded subsets of the books (in seeded orders): each book's set is asked.
    let mut rng = SplitMix64::new(7);
    let mut lines = Vec::new();
    let mut want = Vec::new();
    let policy = Policy::game();
    for (i, w) in probes.iter().enumerate() {
        let mut chosen: Vec<usize> = (0..3).filter(|_| rng.below(2) == 0).collect();
        if chosen.is_empty() {
            chosen.push(rng.below(3));
        }
        if rng.below(2) == 0 {
            chosen.reverse();
        }
        let names: Vec<&str> = chosen.iter().map(|&b| BOOKS[b]).collect();
        lines.push(format!("Q,{},{w}", names.join(",")));
        want.push(chosen.iter().any(|&b| per_book[b][i]));
        lines.push(format!("C,{},{w}", names.join(",")));
        let key = policy.normalize_word(w);
        want.push(key.is_some_and(|k| chosen.iter().any(|&b| scans[b].contains(&k))));
    }
    let got = ask(served.line, &lines);
    for ((l, g), w) in lines.iter().zip(&got).zip(&want) {
        assert_eq!(g, if *w { "true" } else { "false" }, "{l:?}");
    }
    // A word of the text that is no word of the set: the challenge finds it, the query not.
    let book = BOOKS[0];
    assert_eq!(
        ask(
            served.line,
            &[format!("Q,{book},Alice"), format!("C,{book},Alice")]
        ),
        ["false", "true"]
    );
    // The HTTP challenge gives places as book:line with the line's text.
    let (status, body) = http(
        served.http,
        "GET",
        &format!("/v1/challenge/Alice?books={book}&limit=3"),
        None,
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["found"], true);
    let places = body["places"].as_array().unwrap();
    assert_eq!(places.len(), 3);
    let text = std::fs::read_to_string(dir.join(book)).unwrap();
    let file_lines: Vec<&str> = text.lines().collect();
    for p in places {
        let line = p["line"].as_u64().unwrap() as usize;
        assert_eq!(p["place"], format!("{book}:{line}"));
        assert_eq!(p["text"], file_lines[line - 1]);
        assert!(file_lines[line - 1].contains("Alice"));
    }
    assert!(served.stop().success(), "{}", served.log());
}

#[test]
fn the_cache_survives_a_restart_and_a_changed_book_gives_new_answers() {
    let tmp = tempfile::tempdir().unwrap();
    let Some(dir) = books_dir(tmp.path()) else {
        return;
    };
    let cache = tmp.path().join("cache");
    let all = BOOKS.join(",");
    let made_up = "quizzaciously";
    let mut first = start(&dir, &cache, &[]);
    assert_eq!(
        ask(
            first.line,
            &[format!("Q,{all},rabbit"), format!("Q,{all},{made_up}")]
        ),
        ["true", "false"]
    );
    let h = first.health();
    assert_eq!(
        (h["ingests"].as_u64(), h["cache_loads"].as_u64()),
        (Some(3), Some(0))
    );
    assert!(first.stop().success());

    let mut second = start(&dir, &cache, &[]);
    assert_eq!(
        ask(
            second.line,
            &[format!("Q,{all},rabbit"), format!("Q,{all},{made_up}")]
        ),
        ["true", "false"]
    );
    let h = second.health();
    assert_eq!(
        (h["ingests"].as_u64(), h["cache_loads"].as_u64()),
        (Some(0), Some(3)),
        "the second start ingests nothing: {h}"
    );

    // The book changes on disk: the server notices and answers from the new text.
    let path = dir.join(BOOKS[1]);
    let mut text = std::fs::read_to_string(&path).unwrap();
    // Inside the body: just after the start marker's line (the end may be marked earlier
    // than `*** END OF`, by an older `End of the Project Gutenberg EBook` line).
    let start = text.find("*** START OF").expect("a Gutenberg start marker");
    let after = start + text[start..].find('\n').expect("a line break") + 1;
    text.insert_str(after, &format!("\nA {made_up} new line.\n\n"));
    std::fs::write(&path, text).unwrap();
    let t = Instant::now();
    loop {
        let got = ask(second.line, &[format!("Q,{},{made_up}", BOOKS[1])]);
        if got == ["true"] {
            break;
        }
        assert!(
            t.elapsed() < Duration::from_secs(15),
            "the change was not noticed"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let h = second.health();
    assert_eq!(h["ingests"].as_u64(), Some(1), "{h}");
    assert!(h["reloads"].as_u64() >= Some(1), "{h}");
    assert_eq!(ask(second.line, &[format!("C,{all},{made_up}")]), ["true"]);
    assert!(second.stop().success());
}

/// Cache files truncated under a running server (once a SIGBUS, exit 135): the loaded books
/// answer from memory as before, and a restart over the damaged entries builds them again.
#[test]
fn cache_files_truncated_under_the_server_change_no_answer() {
    let tmp = tempfile::tempdir().unwrap();
    let Some(dir) = books_dir(tmp.path()) else {
        return;
    };
    let cache = tmp.path().join("cache");
    let all = BOOKS.join(",");
    let questions = [
        format!("Q,{all},rabbit"),
        format!("Q,{all},quizzaciously"),
        format!("C,{all},Alice"),
    ];
    let mut served = start(&dir, &cache, &[]);
    assert_eq!(ask(served.line, &questions), ["true", "false", "true"]);
    let (_, before) = http(
        served.http,
        "GET",
        &format!("/v1/words/rabbit?books={all}"),
        None,
    );
    let mut truncated = 0;
    for entry in std::fs::read_dir(&cache).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "fst") {
            std::fs::File::create(&path).unwrap();
            truncated += 1;
        }
    }
    assert!(
        truncated >= 9,
        "a set, a counts map and text keys per book: {truncated}"
    );
    assert_eq!(ask(served.line, &questions), ["true", "false", "true"]);
    let (status, after) = http(
        served.http,
        "GET",
        &format!("/v1/words/rabbit?books={all}"),
        None,
    );
    assert_eq!((status, &after), (200, &before));
    assert_eq!(served.health()["status"], "ok");
    assert!(served.stop().success(), "{}", served.log());

    let mut again = start(&dir, &cache, &[]);
    assert_eq!(ask(again.line, &questions), ["true", "false", "true"]);
    let h = again.health();
    assert_eq!(
        h["ingests"].as_u64(),
        Some(3),
        "damaged entries built again: {h}"
    );
    assert!(again.log().contains("building it again"), "{}", again.log());
    assert!(again.stop().success());
}

/// Raises this process's open-file limit to its hard limit; returns the soft limit in force.
fn raise_fd_limit() -> u64 {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit/setrlimit only read and write the struct passed.
    unsafe {
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim);
        lim.rlim_cur = lim.rlim_max;
        libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim);
    }
    lim.rlim_cur
}

#[test]
fn hostile_clients_leave_the_others_answered_and_memory_bounded() {
    let tmp = tempfile::tempdir().unwrap();
    let Some(dir) = books_dir(tmp.path()) else {
        return;
    };
    // A link out of the books folder is no book.
    std::os::unix::fs::symlink("/etc/passwd", dir.join("passwd.txt")).unwrap();
    let mut served = start(&dir, &tmp.path().join("cache"), &[]);
    let book = BOOKS[0];
    let good = |s: &Served| {
        ask(
            s.line,
            &[format!("Q,{book},rabbit"), format!("Q,{book},xqzt")],
        )
    };
    assert_eq!(good(&served), ["true", "false"]);
    let rss_before = served.rss_kib();

    // Traversal and odd names: `false` on the line protocol, 400/404 over HTTP.
    let names = [
        "../../../../etc/passwd",
        "/etc/passwd",
        "..",
        "passwd.txt",
        "a\0b",
        "./x",
        "nothere.txt",
    ];
    let lines: Vec<String> = names.iter().map(|n| format!("Q,{n},root")).collect();
    assert!(ask(served.line, &lines).iter().all(|a| a == "false"));
    for (name, status) in [
        ("..%2F..%2Fetc%2Fpasswd", 400),
        ("%2Fetc%2Fpasswd", 400),
        ("..", 400),
        ("passwd.txt", 404),
        ("nothere.txt", 404),
    ] {
        let (got, body) = http(
            served.http,
            "GET",
            &format!("/v1/words/root?books={name}"),
            None,
        );
        assert_eq!(got, status, "{name}: {body}");
        assert!(body["error"].is_string(), "{body}");
    }

    // A 10 MB line: answered `false` and closed, without holding it.
    {
        let mut s = TcpStream::connect(served.line).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let mut w = s.try_clone().unwrap();
        let writer = std::thread::spawn(move || {
            let chunk = vec![b'A'; 1 << 20];
            for _ in 0..10 {
                if w.write_all(&chunk).is_err() {
                    break; // closed by the server: expected
                }
            }
        });
        let mut answer = Vec::new();
        let _ = s.read_to_end(&mut answer);
        assert_eq!(answer, b"false\n");
        writer.join().unwrap();
    }
    assert_eq!(good(&served), ["true", "false"]);

    // A client gone mid-line, and clients sending random bytes.
    {
        let mut s = TcpStream::connect(served.line).unwrap();
        s.write_all(format!("Q,{book},rab").as_bytes()).unwrap();
    }
    let mut rng = SplitMix64::new(42);
    for _ in 0..20 {
        let mut s = TcpStream::connect(served.line).unwrap();
        let bytes: Vec<u8> = (0..64 * 1024).map(|_| rng.next_u64() as u8).collect();
        let _ = s.write_all(&bytes);
        let _ = s.shutdown(std::net::Shutdown::Write);
        let mut sink = Vec::new();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let _ = s.read_to_end(&mut sink);
        assert!(
            sink.iter().all(|&b| b"truefals\n".contains(&b)),
            "only answers come back"
        );
    }
    assert_eq!(good(&served), ["true", "false"]);

    // 1,000 idle connections (fewer when the open-file limit cannot be raised for them).
    let limit = raise_fd_limit();
    let idle_n = 1000.min(limit.saturating_sub(100) as usize);
    if idle_n < 1000 {
        eprintln!("note: open-file limit {limit}: holding {idle_n} idle connections, not 1,000");
    }
    let idle: Vec<TcpStream> = (0..idle_n)
        .map(|_| TcpStream::connect(served.line).unwrap())
        .collect();
    assert_eq!(good(&served), ["true", "false"]);
    let t = Instant::now();
    while served.health()["connections"].as_u64() < Some(idle_n as u64) {
        assert!(t.elapsed() < Duration::from_secs(10), "{}", served.health());
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(idle);

    let grown = served.rss_kib().saturating_sub(rss_before);
    assert!(grown < 64 * 1024, "memory grew by {grown} KiB");
    let log = served.log();
    for reason in ["line too long", "mid-line", "malformed line", "book"] {
        assert!(log.contains(reason), "no `{reason}` in the log:\n{log}");
    }
    assert!(served.stop().success(), "{}", served.log());
}

#[test]
fn limits_close_extra_and_silent_connections() {
    let tmp = tempfile::tempdir().unwrap();
    let Some(dir) = books_dir(tmp.path()) else {
        return;
    };
    let served = start(
        &dir,
        &tmp.path().join("cache"),
        &["--max-connections", "2", "--idle-timeout", "1"],
    );
    let book = BOOKS[2];
    let a = TcpStream::connect(served.line).unwrap();
    let b = TcpStream::connect(served.line).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    // The third is closed at once: EOF without an answer.
    let mut c = TcpStream::connect(served.line).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let _ = c.write_all(format!("Q,{book},paper\n").as_bytes());
    let mut got = Vec::new();
    let _ = c.read_to_end(&mut got);
    assert!(got.is_empty(), "{got:?}");
    // The silent ones are closed after the idle timeout; then a new one is answered.
    for mut s in [a, b] {
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut buf = [0u8; 8];
        assert_eq!(s.read(&mut buf).unwrap_or(0), 0, "closed");
    }
    assert_eq!(ask(served.line, &[format!("Q,{book},paper")]), ["true"]);
    assert!(served.log().contains("idle timeout"));
    assert!(served.log().contains("too many connections"));
}

/// Sends `bytes` one at a time, every 300 ms (well within the idle timeout of 2 s), until the
/// server closes the connection; returns how long that took.
fn dribble_until_closed(addr: SocketAddr, bytes: &[u8]) -> Duration {
    dribble_after(addr, b"", bytes).0
}

/// Sends `head` at once, then `bytes` one at a time, every 300 ms, until the server closes
/// the connection; returns how long the dribble took and what the server answered.
fn dribble_after(addr: SocketAddr, head: &[u8], bytes: &[u8]) -> (Duration, Vec<u8>) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(head).unwrap();
    s.set_read_timeout(Some(Duration::from_millis(300)))
        .unwrap();
    let t = Instant::now();
    let mut answer = Vec::new();
    for b in bytes.iter().cycle() {
        assert!(
            t.elapsed() < Duration::from_secs(15),
            "a dribbling connection was kept 15 s"
        );
        if s.write_all(&[*b]).is_err() {
            break;
        }
        let mut buf = [0u8; 512];
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => answer.extend_from_slice(&buf[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => break,
        }
    }
    (t.elapsed(), answer)
}

/// Slowloris: a request line (HTTP: a request head) dribbled a byte at a time must be whole
/// within the idle timeout of its first byte, or its connection is closed; with the one
/// connection allowed free again, a normal client is answered.
#[test]
fn a_dribbled_line_or_head_is_closed_at_the_idle_timeout() {
    let tmp = tempfile::tempdir().unwrap();
    let Some(dir) = books_dir(tmp.path()) else {
        return;
    };
    let served = start(
        &dir,
        &tmp.path().join("cache"),
        &["--max-connections", "1", "--idle-timeout", "2"],
    );
    let book = BOOKS[2];
    let took = dribble_until_closed(served.line, format!("Q,{book},paperpaperpaper").as_bytes());
    assert!(
        took >= Duration::from_millis(1500),
        "closed too early: {took:?}"
    );
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(ask(served.line, &[format!("Q,{book},paper")]), ["true"]);
    assert!(
        served.log().contains("request line not complete"),
        "{}",
        served.log()
    );

    let head = b"GET /healthz HTTP/1.1\r\nHost: test\r\nX-Slow: 1\r\nX-Slow: 2\r\nX-Slow: 3\r\n";
    let took = dribble_until_closed(served.http, head);
    assert!(
        took >= Duration::from_millis(1500),
        "closed too early: {took:?}"
    );
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(served.health()["status"], "ok");
    assert!(
        served.log().contains("http request head not complete"),
        "{}",
        served.log()
    );

    // A whole head, then its body dribbled: the body too must be whole within the idle
    // timeout, and it is refused with 408 (it once held the connection byte by byte).
    let body = br#"{"books":["a.txt"],"words":["paper","paper","paper","paper"]}"#;
    let (took, answer) = dribble_after(
        served.http,
        b"POST /v1/check HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\
          Content-Length: 1000\r\n\r\n",
        body,
    );
    assert!(
        took >= Duration::from_millis(1500),
        "closed too early: {took:?}"
    );
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains(r#""code":"body-timeout""#), "{answer}");
}

/// Sends `head` and `part` of a body, then (when `cut`) shuts the writing side, and reads
/// the answer until the server closes: what it answered.
fn partial_body(addr: SocketAddr, head: &[u8], part: &[u8], cut: bool) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(head).unwrap();
    s.write_all(part).unwrap();
    if cut {
        s.shutdown(std::net::Shutdown::Write).unwrap();
    }
    s.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

/// A body that stops coming is 408 `body-timeout`, and one cut short by the client (its
/// writing side shut) is 400 `body-incomplete`: neither is "too large" (both were 413).
#[test]
fn a_stalled_or_cut_body_is_told_apart_from_a_body_too_large() {
    let tmp = tempfile::tempdir().unwrap();
    let Some(dir) = books_dir(tmp.path()) else {
        return;
    };
    let served = start(&dir, &tmp.path().join("cache"), &["--idle-timeout", "2"]);
    let head = b"POST /v1/check HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\
          Content-Length: 100\r\n\r\n";
    let stalled = partial_body(served.http, head, br#"{"bo"#, false);
    assert!(stalled.starts_with("HTTP/1.1 408"), "{stalled}");
    assert!(stalled.contains(r#""code":"body-timeout""#), "{stalled}");
    let cut = partial_body(
        served.http,
        head,
        br#"{"books":["a.txt"],"words":["pap"#,
        true,
    );
    assert!(cut.starts_with("HTTP/1.1 400"), "{cut}");
    assert!(cut.contains(r#""code":"body-incomplete""#), "{cut}");
}

/// `folio serve --port 0 ARGS --books EMPTY`, expected to be refused before anything binds
/// (exit 2, nothing served): its stderr.
fn serve_refused(args: &[&str]) -> String {
    let tmp = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_folio"))
        .args(["serve", "--port", "0"])
        .args(args)
        .arg("--books")
        .arg(tmp.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}: nothing was served");
    err
}

/// `--idle-timeout` past one day is a usage error (a huge one once made every HTTP request
/// panic: "overflow when adding duration to instant").
#[test]
fn an_idle_timeout_past_a_day_is_a_usage_error() {
    for secs in ["9223372036854775807", "86401"] {
        let err = serve_refused(&["--no-http", "--idle-timeout", secs]);
        assert!(
            err.contains("--idle-timeout") && err.contains("86400"),
            "{err}"
        );
    }
}

/// `--http-port` with `--no-http` would do nothing: refused, saying why (exit 2), before
/// anything binds.
#[test]
fn http_port_with_no_http_is_a_usage_error() {
    let err = serve_refused(&["--no-http", "--http-port", "5"]);
    assert!(
        err.contains("--http-port 5 would do nothing with --no-http"),
        "{err}"
    );
}

#[test]
fn sigterm_drains_and_stops() {
    let tmp = tempfile::tempdir().unwrap();
    let Some(dir) = books_dir(tmp.path()) else {
        return;
    };
    let mut served = start(&dir, &tmp.path().join("cache"), &[]);
    let book = BOOKS[1];
    let lines: Vec<String> = (0..5_000).map(|i| format!("Q,{book},word{i}")).collect();
    let stream = TcpStream::connect(served.line).unwrap();
    let mut w = stream.try_clone().unwrap();
    let payload: String = lines.iter().map(|l| format!("{l}\n")).collect();
    w.write_all(payload.as_bytes()).unwrap();
    // Read the first answer, so the requests are in; then stop while the rest are answered.
    let mut r = BufReader::new(stream);
    let mut first = String::new();
    r.read_line(&mut first).unwrap();
    assert_eq!(first, "false\n");
    let status = served.stop();
    assert!(status.success(), "{status:?}: {}", served.log());
    let mut rest = String::new();
    let _ = r.read_to_string(&mut rest);
    // Answers read before the close are whole lines, each `false`.
    let whole = &rest[..rest.rfind('\n').map_or(0, |i| i + 1)];
    assert!(whole.lines().all(|l| l == "false"), "{whole:?}");
    assert!(served.log().contains("stopped"), "{}", served.log());
}

/// `folio serve` with `ports`, books from `books` and the cache in `dir/cache`, run to its
/// exit (for refusals: it never gets to serve).
fn serve_to_exit(
    ports: &[&str],
    books: &std::path::Path,
    dir: &std::path::Path,
) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_folio"))
        .arg("serve")
        .args(ports)
        .arg("--books")
        .arg(books)
        .arg("--cache-dir")
        .arg(dir.join("cache"))
        .output()
        .unwrap()
}

/// One port for both listeners is a usage error said before anything binds, and names the
/// port, not the books folder.
#[test]
fn the_same_port_for_both_listeners_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = serve_to_exit(
        &["--port", "14000", "--http-port", "14000"],
        dir.path(),
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--port and --http-port are both 14000"),
        "{err}"
    );
    assert!(!dir.path().join("cache").exists(), "nothing was set up");
}

/// A port already taken: the error names the address, not the books folder.
#[test]
fn a_port_taken_is_named_by_its_address_not_the_books_folder() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let dir = tempfile::tempdir().unwrap();
    let books = dir.path().join("shelf");
    std::fs::create_dir(&books).unwrap();
    let out = serve_to_exit(&["--port", &port, "--http-port", "0"], &books, dir.path());
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "cannot serve: line protocol on 127.0.0.1:{port}: "
        )),
        "{err}"
    );
    assert!(!err.contains("shelf"), "{err}");
}
