//! The JSON API: answers, and errors as JSON with their status.

use crate::common::{book_names, json, request, start};

#[test]
fn books_list_and_load() {
    let s = start(|_| {});
    let (status, body) = json(s.http, "GET", "/v1/books", "");
    assert_eq!(status, 200);
    let names = book_names(&body);
    assert_eq!(names, ["sea.txt", "whales.txt"]);
    assert_eq!(body["books"][0]["loaded"], false);
    let (_, body) = json(s.http, "GET", "/v1/books?load=true", "");
    let whales = &body["books"][1];
    assert_eq!(whales["loaded"], true);
    assert_eq!(whales["boilerplate"], "markers");
    assert_eq!(whales["encoding"], "ascii");
    assert_eq!(whales["sha256"].as_str().unwrap().len(), 64);
    assert!(whales["words"].as_u64().unwrap() > 5);
}

#[test]
fn words_say_legal_and_where() {
    let s = start(|_| {});
    let (status, body) = json(
        s.http,
        "GET",
        "/v1/words/Whale?books=whales.txt,sea.txt",
        "",
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["legal"], true);
    assert_eq!(body["key"], "WHALE");
    assert_eq!(body["books"][0]["name"], "whales.txt");
    assert_eq!(body["books"][0]["count"], 1);
    assert_eq!(body["books"][1]["present"], false);
    let (_, body) = json(s.http, "GET", "/v1/words/c4t?books=sea.txt", "");
    assert_eq!(body["legal"], false);
    assert_eq!(body["key"], serde_json::Value::Null);
}

#[test]
fn check_judges_many_words() {
    let s = start(|_| {});
    let (status, body) = json(
        s.http,
        "POST",
        "/v1/check",
        r#"{"books":["whales.txt","sea.txt"],"words":["whale","sand","zzyzx"]}"#,
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["valid"], false);
    let legal: Vec<bool> = body["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["legal"].as_bool().unwrap())
        .collect();
    assert_eq!(legal, [true, true, false]);
}

#[test]
fn challenge_gives_places() {
    let s = start(|_| {});
    let (status, body) = json(s.http, "GET", "/v1/challenge/ishmael?books=whales.txt", "");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["found"], true);
    assert_eq!(body["places"][0]["place"], "whales.txt:2");
    assert_eq!(body["places"][0]["text"], "Call me Ishmael.");
    let (_, body) = json(s.http, "GET", "/v1/challenge/license?books=whales.txt", "");
    assert_eq!(body["found"], false, "boilerplate is not the book");
}

#[test]
fn errors_are_json_with_a_status() {
    let s = start(|c| c.max_words = 2);
    let cases = [
        (
            "GET",
            "/v1/words/whale?books=nothere.txt",
            "",
            404,
            "unknown-book",
        ),
        (
            "GET",
            "/v1/words/whale?books=..%2Fx",
            "",
            400,
            "bad-book-name",
        ),
        ("GET", "/v1/words/whale", "", 400, "bad-request"),
        ("GET", "/v1/words/%20?books=sea.txt", "", 400, "bad-request"),
        ("GET", "/v1/words/%FF?books=sea.txt", "", 400, "bad-request"),
        ("GET", "/v1/nothing", "", 404, "no-route"),
        ("POST", "/v1/check", "{not json", 400, "bad-request"),
        (
            "POST",
            "/v1/check",
            r#"{"books":["sea.txt"],"words":[]}"#,
            400,
            "bad-request",
        ),
        (
            "POST",
            "/v1/check",
            r#"{"books":["sea.txt"],"words":["a","b","c"]}"#,
            400,
            "bad-request",
        ),
        (
            "POST",
            "/v1/check",
            r#"{"books":[],"words":["a"]}"#,
            400,
            "bad-request",
        ),
        (
            "GET",
            "/v1/challenge/sea?books=sea.txt&limit=0",
            "",
            400,
            "bad-request",
        ),
        ("GET", "/v1/books?load=maybe", "", 400, "bad-request"),
        // A book name not UTF-8 once decoded is malformed, as such a word is: not 404 `�`.
        ("GET", "/v1/words/whale?books=%FF", "", 400, "bad-request"),
        (
            "GET",
            "/v1/challenge/sea?books=sea.txt,%C3",
            "",
            400,
            "bad-request",
        ),
        // Only `books` may be repeated.
        (
            "GET",
            "/v1/challenge/sea?books=sea.txt&limit=1&limit=2",
            "",
            400,
            "bad-request",
        ),
        (
            "GET",
            "/v1/books?load=true&load=false",
            "",
            400,
            "bad-request",
        ),
        ("DELETE", "/v1/books", "", 405, "method-not-allowed"),
        ("GET", "/v1/check", "", 405, "method-not-allowed"),
    ];
    for (method, path, body, status, code) in cases {
        let (got, json) = json(s.http, method, path, body);
        assert_eq!(got, status, "{method} {path}: {json}");
        assert_eq!(json["code"], code, "{method} {path}: {json}");
        assert!(json["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
}

/// A boolean query parameter is `true` or `false`, and nothing else: `load=1` was taken as
/// true while `load=yes` was refused. Every other spelling is 400, saying what is accepted.
#[test]
fn boolean_parameters_are_true_or_false_only() {
    let s = start(|_| {});
    for (value, loaded) in [("true", true), ("false", false)] {
        let (status, body) = json(s.http, "GET", &format!("/v1/books?load={value}"), "");
        assert_eq!(status, 200, "{value}: {body}");
        if loaded {
            assert!(body["books"]
                .as_array()
                .unwrap()
                .iter()
                .all(|b| b["loaded"] == true));
        }
    }
    for value in ["1", "0", "yes", "no", "TRUE", "True", ""] {
        let (status, body) = json(s.http, "GET", &format!("/v1/books?load={value}"), "");
        assert_eq!(status, 400, "load={value}: {body}");
        assert_eq!(body["code"], "bad-request");
        assert_eq!(
            body["error"],
            format!(
                "load={value:?}: give true or false (the only spellings of a boolean parameter)"
            )
        );
    }
}

/// A book named twice in `?books=` (or in `/v1/check`'s `books`) is one book: listed once.
#[test]
fn a_book_named_twice_is_listed_once() {
    let s = start(|_| {});
    for path in [
        "/v1/words/sea?books=sea.txt,sea.txt",
        "/v1/words/sea?books=sea.txt&books=%20sea.txt",
    ] {
        let (status, body) = json(s.http, "GET", path, "");
        assert_eq!(status, 200, "{path}: {body}");
        let names = book_names(&body);
        assert_eq!(names, ["sea.txt"], "{path}: {body}");
    }
}

#[test]
fn a_body_past_the_limit_is_413_in_json() {
    let s = start(|_| {});
    let words = vec!["whale"; folio_server::http::MAX_BODY / 8];
    let body = serde_json::json!({"books": ["sea.txt"], "words": words}).to_string();
    assert!(body.len() > folio_server::http::MAX_BODY);
    let (status, json) = json(s.http, "POST", "/v1/check", &body);
    assert_eq!(status, 413, "{json}");
    assert_eq!(json["code"], "body-too-large");
}

#[test]
fn a_body_announced_past_the_limit_is_413_before_it_is_sent() {
    use std::io::{Read, Write};
    let s = start(|_| {});
    let mut c = std::net::TcpStream::connect(s.http).unwrap();
    // Only the head: the server must answer without waiting for the 2 MB announced.
    c.write_all(
        b"POST /v1/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
          Content-Length: 2000000\r\n\r\n",
    )
    .unwrap();
    c.set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    while !answer.ends_with(b"}") {
        let n = c.read(&mut buf).expect("an answer before the body is sent");
        assert!(n > 0, "closed without an answer: {answer:?}");
        answer.extend_from_slice(&buf[..n]);
    }
    let text = String::from_utf8_lossy(&answer);
    assert!(text.starts_with("HTTP/1.1 413"), "{text}");
    assert!(text.contains(r#""code":"body-too-large""#), "{text}");
}

#[test]
fn a_body_sent_as_text_is_415_in_json() {
    let s = start(|_| {});
    let (status, _, body) = crate::common::request_typed(
        s.http,
        "POST",
        "/v1/check",
        "text/plain",
        r#"{"books":["sea.txt"],"words":["sea"]}"#,
    );
    assert_eq!(status, 415, "{body}");
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["code"], "not-json");
}

/// The listing (and so the word-judge page) says which books cannot be loaded: a binary
/// or empty file before any load, a NUL byte past the first bytes once a load failed, each until its
/// file changes; a readable book is not marked.
#[test]
fn books_that_cannot_be_loaded_are_listed_with_the_reason() {
    let s = start(|_| {});
    std::fs::write(s.books().join("blob.txt"), [b'a', 0, 1, 2]).unwrap();
    std::fs::write(s.books().join("empty.txt"), "").unwrap();
    // Text for its first 72 KB, then a NUL: binary, found only by a load.
    let mut late = "words ".repeat(12_000).into_bytes();
    late.push(0);
    std::fs::write(s.books().join("marks.txt"), late).unwrap();
    let unreadable = |body: &serde_json::Value, name: &str| {
        let book = body["books"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["name"] == name)
            .unwrap_or_else(|| panic!("{name} not listed: {body}"))
            .clone();
        book.get("unreadable")
            .and_then(|v| v.as_str())
            .map(String::from)
    };
    let (status, body) = json(s.http, "GET", "/v1/books", "");
    assert_eq!(status, 200, "{body}");
    let blob = unreadable(&body, "blob.txt").expect("blob.txt marked");
    assert!(
        blob.contains("binary") && blob.contains("offset 1"),
        "{blob}"
    );
    assert_eq!(
        unreadable(&body, "empty.txt").as_deref(),
        Some("not a book: empty")
    );
    assert_eq!(
        unreadable(&body, "marks.txt"),
        None,
        "not known before a load"
    );
    assert_eq!(unreadable(&body, "sea.txt"), None);
    let (status, _) = json(s.http, "GET", "/v1/words/sea?books=marks.txt", "");
    assert_eq!(status, 422);
    // A failed load keeps the first bytes' more precise reason.
    let (status, _) = json(s.http, "GET", "/v1/words/sea?books=blob.txt", "");
    assert_eq!(status, 422);
    let (_, body) = json(s.http, "GET", "/v1/books", "");
    let marks = unreadable(&body, "marks.txt").expect("marks.txt marked after its load");
    assert_eq!(unreadable(&body, "blob.txt"), Some(blob.clone()));
    // The reason of a failed load is as precise as the first bytes' (it said "empty or
    // binary").
    assert_eq!(
        marks,
        "not a book: a binary file (a NUL byte at offset 72000)"
    );
    assert!(!marks.contains(&*s.books().to_string_lossy()), "{marks}");
    // Written again with words, it is listed as a book again.
    std::fs::write(s.books().join("empty.txt"), "Some words at last.\n").unwrap();
    std::fs::write(s.books().join("marks.txt"), "The sea and the sand.\n").unwrap();
    let (_, body) = json(s.http, "GET", "/v1/books?load=true", "");
    assert_eq!(unreadable(&body, "empty.txt"), None, "{body}");
    assert_eq!(unreadable(&body, "marks.txt"), None, "{body}");
    assert!(unreadable(&body, "blob.txt").is_some());
}

#[test]
fn a_file_that_is_not_a_book_is_422_without_the_servers_path() {
    let s = start(|_| {});
    std::fs::write(s.books().join("blob.txt"), [0u8, 159, 146, 150, 0, 0, 1, 2]).unwrap();
    let (status, json) = json(s.http, "GET", "/v1/words/sea?books=blob.txt", "");
    assert_eq!(status, 422, "{json}");
    assert_eq!(json["code"], "book-unreadable");
    let error = json["error"].as_str().unwrap();
    assert!(
        error.contains("blob.txt") && error.contains("not a book"),
        "{error}"
    );
    let folder = s.books().to_string_lossy().into_owned();
    assert!(
        !error.contains(&folder),
        "the server's folder leaks: {error}"
    );
}

#[test]
fn the_page_is_served() {
    let s = start(|_| {});
    let (status, ctype, body) = request(s.http, "GET", "/", "");
    assert_eq!(status, 200);
    assert!(ctype.starts_with("text/html"));
    assert!(body.contains("id=\"verdict\""));
}

/// `?books=a&books=b` is the comma list `?books=a,b`, not only the last; another parameter
/// given twice is refused, naming it; a name not UTF-8 is refused naming `books`.
#[test]
fn repeated_books_join_and_other_repeats_are_refused() {
    let s = start(|_| {});
    let (status, body) = json(
        s.http,
        "GET",
        "/v1/words/whale?books=whales.txt&books=sea.txt",
        "",
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["legal"], true, "{body}");
    let names = book_names(&body);
    assert_eq!(names, ["whales.txt", "sea.txt"]);
    let (status, body) = json(
        s.http,
        "GET",
        "/v1/challenge/ishmael?books=sea.txt&books=%20whales.txt%20",
        "",
    );
    assert_eq!(
        (status, &body["found"]),
        (200, &serde_json::json!(true)),
        "{body}"
    );
    let (status, body) = json(
        s.http,
        "GET",
        "/v1/challenge/sea?books=sea.txt&limit=1&limit=2",
        "",
    );
    assert_eq!(status, 400);
    assert!(
        body["error"].as_str().unwrap().contains("`limit`"),
        "{body}"
    );
    let (status, body) = json(s.http, "GET", "/v1/words/whale?books=%FF", "");
    assert_eq!(status, 400);
    assert!(
        body["error"].as_str().unwrap().contains("`books`"),
        "{body}"
    );
}

/// An idle timeout too long for the clock (given through the library, which takes any
/// `Duration`) once made every HTTP request panic ("overflow when adding duration to
/// instant"); deadlines now saturate.
#[test]
fn an_idle_timeout_too_long_for_the_clock_still_answers() {
    let s = start(|c| c.idle_timeout = std::time::Duration::MAX);
    for _ in 0..2 {
        let (status, body) = json(s.http, "GET", "/v1/words/whale?books=whales.txt", "");
        assert_eq!(
            (status, &body["legal"]),
            (200, &serde_json::json!(true)),
            "{body}"
        );
    }
    assert_eq!(
        crate::common::ask(s.line, &["Q,whales.txt,whale"]),
        ["true"]
    );
}
