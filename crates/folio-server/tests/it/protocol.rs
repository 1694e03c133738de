//! The line protocol in process: answers, refusals, pipelining across reads.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use crate::common::{ask, start};

#[test]
fn queries_and_challenges() {
    let s = start(|_| {});
    let got = ask(
        s.line,
        &[
            "Q,whales.txt,whale",
            "Q,whales.txt,WHALES",
            "Q,whales.txt,Ishmael",
            "C,whales.txt,Ishmael",
            "C,whales.txt,license",
            "Q,sea.txt,whale",
            "Q,sea.txt,whales.txt,whale",
            "C,sea.txt,GULLS",
            "Q,whales.txt,c4t",
            "Q,whales.txt,  harpoon ",
            "Q,whales.txt,harpoon\r",
        ],
    );
    assert_eq!(
        got,
        [
            "true", "true", "false", "true", "false", "false", "true", "true", "false", "true",
            "true"
        ]
    );
}

#[test]
fn malformed_lines_are_false_and_the_connection_goes_on() {
    let s = start(|_| {});
    let got = ask(
        s.line,
        &[
            "",
            "hello",
            "X,whales.txt,whale",
            "Q,whale",
            "Q,whales.txt,",
            "Q,../books/whales.txt,whale",
            "Q,missing.txt,whale",
            "Q,whales.txt,whale",
        ],
    );
    assert_eq!(
        got,
        ["false", "false", "false", "false", "false", "false", "false", "true"]
    );
}

#[test]
fn a_request_split_across_writes_is_answered_once_whole() {
    let s = start(|_| {});
    let mut c = TcpStream::connect(s.line).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    for piece in ["Q,wha", "les.txt,wh", "ale\nQ,sea.txt,", "sand\n"] {
        c.write_all(piece.as_bytes()).unwrap();
        std::thread::sleep(Duration::from_millis(30));
    }
    c.shutdown(std::net::Shutdown::Write).unwrap();
    let mut out = String::new();
    c.read_to_string(&mut out).unwrap();
    assert_eq!(out, "true\ntrue\n");
}

/// A last line without LF is answered at the end of input, as line-oriented tools read one
/// (`printf 'Q,book,whale' | nc`); book names are trimmed as words are.
#[test]
fn a_last_line_without_lf_is_answered_and_names_are_trimmed() {
    let s = start(|_| {});
    for (sent, want) in [
        ("Q,whales.txt,whale", "true\n"),
        ("Q,sea.txt,whale\nQ,whales.txt,harpoon", "false\ntrue\n"),
        ("Q,whales.txt,zzxq\r", "false\n"),
        ("Q, whales.txt , whale ", "true\n"),
        ("C,sea.txt,\twhales.txt,Ishmael", "true\n"),
        ("Q,../x,whale", "false\n"),
    ] {
        let mut c = TcpStream::connect(s.line).unwrap();
        c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        c.write_all(sent.as_bytes()).unwrap();
        c.shutdown(std::net::Shutdown::Write).unwrap();
        let mut out = String::new();
        c.read_to_string(&mut out).unwrap();
        assert_eq!(out, want, "{sent:?}");
    }
}

#[test]
fn a_line_over_the_limit_is_refused_and_closed() {
    let s = start(|c| c.max_line = 64);
    let mut c = TcpStream::connect(s.line).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let long = format!("Q,whales.txt,{}\nQ,whales.txt,whale\n", "a".repeat(100));
    c.write_all(long.as_bytes()).unwrap();
    let mut out = String::new();
    let _ = c.read_to_string(&mut out);
    assert_eq!(out, "false\n");
    // A line of exactly the limit is fine.
    let line = format!("Q,whales.txt,{}", "a".repeat(64 - 13));
    assert_eq!(line.len(), 64);
    assert_eq!(
        ask(s.line, &[&line, "Q,whales.txt,whale"]),
        ["false", "true"]
    );
}

#[test]
fn many_books_in_one_request_are_refused_past_the_limit() {
    let s = start(|c| c.max_books = 2);
    assert_eq!(
        ask(
            s.line,
            &[
                "Q,sea.txt,whales.txt,whale",
                "Q,sea.txt,whales.txt,sea.txt,whale"
            ]
        ),
        ["true", "false"]
    );
}

#[test]
fn concurrent_first_requests_share_one_ingest() {
    let s = start(|_| {});
    let addr = s.line;
    let threads: Vec<_> = (0..16)
        .map(|_| std::thread::spawn(move || ask(addr, &["Q,whales.txt,whale"])))
        .collect();
    for t in threads {
        assert_eq!(t.join().unwrap(), ["true"]);
    }
    let (_, h) = crate::common::json(s.http, "GET", "/healthz", "");
    assert_eq!(h["ingests"], 1, "{h}");
}

/// A request naming a book that is not there is refused (`refused: book`, answered `false`)
/// whatever the other books hold, whichever place the unknown book has, and whatever the
/// word (docs/serve.md): never looked up in the books that are there.
#[test]
fn an_unknown_book_is_a_refusal_even_when_another_book_holds_the_word() {
    use folio_server::answer::{Answerer, Refusal};
    use folio_server::library::{BookError, Library};
    let dir = tempfile::tempdir().unwrap();
    let books = dir.path().join("books");
    std::fs::create_dir(&books).unwrap();
    for (name, text) in crate::common::BOOKS {
        std::fs::write(books.join(name), text).unwrap();
    }
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let library = std::sync::Arc::new(
            Library::new(
                &books,
                &dir.path().join("cache"),
                folio_lexicon::Policy::game(),
            )
            .unwrap(),
        );
        let mut answerer = Answerer::new(library, 64);
        assert!(answerer.answer(b"Q,whales.txt,whale").await.unwrap());
        for line in [
            "Q,whales.txt,missing.txt,whale",
            "Q,missing.txt,whales.txt,whale",
            "C,whales.txt,missing.txt,Ishmael",
            "Q,whales.txt,missing.txt,c4t",
        ] {
            let got = answerer.answer(line.as_bytes()).await;
            assert!(
                matches!(got, Err(Refusal::Book(BookError::Unknown(_)))),
                "{line}: {got:?}"
            );
        }
    });
    // Over the wire the refusal is the protocol's `false`, and the connection goes on.
    let s = start(|_| {});
    assert_eq!(
        ask(
            s.line,
            &[
                "Q,whales.txt,missing.txt,whale",
                "Q,missing.txt,whales.txt,whale",
                "Q,whales.txt,whale"
            ]
        ),
        ["false", "false", "true"]
    );
}

/// A port already taken or a cache folder that cannot be made is named in the error.
#[test]
fn bind_errors_name_the_address_and_the_cache_folder() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let dir = tempfile::tempdir().unwrap();
    let books = dir.path().join("books");
    std::fs::create_dir(&books).unwrap();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut config = folio_server::Config::new(books.clone(), dir.path().join("cache"));
    config.port = port;
    let err = rt
        .block_on(folio_server::Server::bind(config))
        .err()
        .expect("the port is taken");
    assert!(
        err.to_string()
            .contains(&format!("line protocol on 127.0.0.1:{port}")),
        "{err}"
    );
    let file = dir.path().join("file");
    std::fs::write(&file, "x").unwrap();
    let config = folio_server::Config::new(books, file.join("cache"));
    let err = rt
        .block_on(folio_server::Server::bind(config))
        .err()
        .expect("the cache cannot be made");
    assert!(err.to_string().contains("cache folder"), "{err}");
}

/// A books folder whose name holds a newline and an escape sequence is named escaped, so the
/// error stays one line and sends nothing to the terminal.
#[test]
fn a_books_folder_with_control_characters_is_named_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let books = dir.path().join("odd\nname\u{1b}[2J");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let config = folio_server::Config::new(books, dir.path().join("cache"));
    let err = rt
        .block_on(folio_server::Server::bind(config))
        .err()
        .expect("the books folder is missing");
    let text = err.to_string();
    assert!(text.contains(r"odd\nname\u{1b}[2J"), "{text}");
    assert!(!text.contains('\n') && !text.contains('\u{1b}'), "{text}");
}
