//! What the server answers when its folders change under it: the cache folder removed (made
//! again) or replaced by a link (refused, never written through), the books folder gone
//! (503 `books-unavailable`), files no request could name (left out of the listing), and a
//! book changed inside the once-a-second recheck window (a challenge's `found` and `places`
//! come from one text).

use std::time::Duration;

use crate::common::{ask, book_names, json, start};

#[test]
fn a_removed_cache_folder_is_made_again() {
    let s = start(|_| {});
    let (status, body) = json(s.http, "GET", "/v1/words/whale?books=whales.txt", "");
    assert_eq!((status, &body["legal"]), (200, &serde_json::json!(true)));
    std::fs::remove_dir_all(s.cache()).unwrap();
    // A book not loaded yet is ingested, and its sets written into the folder made again.
    let (status, body) = json(s.http, "GET", "/v1/words/sand?books=sea.txt", "");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["legal"], true);
    assert!(s.cache().is_dir());
    assert!(std::fs::read_dir(s.cache()).unwrap().count() >= 4);
    // A book changed since it was loaded, likewise (over the line protocol too).
    std::fs::remove_dir_all(s.cache()).unwrap();
    std::fs::write(s.books().join("whales.txt"), "The narwhal dove.\n").unwrap();
    let t = std::time::Instant::now();
    while ask(s.line, &["Q,whales.txt,narwhal"]) != ["true"] {
        assert!(t.elapsed() < Duration::from_secs(20), "never answered true");
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(s.cache().is_dir());
}

#[test]
fn a_link_planted_for_the_cache_folder_is_not_written_through() {
    let s = start(|_| {});
    let elsewhere = s.root().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    std::fs::remove_dir_all(s.cache()).unwrap();
    std::os::unix::fs::symlink(&elsewhere, s.cache()).unwrap();
    let (status, body) = json(s.http, "GET", "/v1/words/sand?books=sea.txt", "");
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["code"], "book-unreadable");
    let error = body["error"].as_str().unwrap();
    assert!(error.contains("cache"), "{error}");
    assert!(!error.contains(&*s.root().to_string_lossy()), "{error}");
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);
    // The link gone, the folder is made again and the book answered.
    std::fs::remove_file(s.cache()).unwrap();
    let (status, _) = json(s.http, "GET", "/v1/words/sand?books=sea.txt", "");
    assert_eq!(status, 200);
}

#[test]
fn a_books_folder_gone_is_503_books_unavailable() {
    let s = start(|_| {});
    let away = s.root().join("away");
    std::fs::rename(s.books(), &away).unwrap();
    for path in ["/v1/books", "/v1/words/sand?books=sea.txt"] {
        let (status, body) = json(s.http, "GET", path, "");
        assert_eq!(status, 503, "{path}: {body}");
        assert_eq!(body["code"], "books-unavailable", "{path}");
        let error = body["error"].as_str().unwrap();
        assert!(!error.contains(&*s.root().to_string_lossy()), "{error}");
    }
    assert_eq!(ask(s.line, &["Q,sea.txt,sand"]), ["false"]);
    std::fs::rename(&away, s.books()).unwrap();
    let (status, _) = json(s.http, "GET", "/v1/books", "");
    assert_eq!(status, 200);
    assert_eq!(ask(s.line, &["Q,sea.txt,sand"]), ["true"]);
}

/// A file named with a comma (or a blank at either end) could be named by no request: it is
/// no book anywhere — not listed (so the page shows no box for it), refused by name.
#[test]
fn files_no_request_can_name_are_not_listed() {
    let s = start(|_| {});
    for odd in ["a,b.txt", " lead.txt", "trail.txt "] {
        std::fs::write(s.books().join(odd), "The sea was calm.\n").unwrap();
    }
    let (_, body) = json(s.http, "GET", "/v1/books", "");
    let names = book_names(&body);
    assert_eq!(names, ["sea.txt", "whales.txt"]);
    let (status, body) = json(
        s.http,
        "POST",
        "/v1/check",
        r#"{"books":["a,b.txt"],"words":["sea"]}"#,
    );
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["code"], "bad-book-name");
    assert!(body["error"].as_str().unwrap().contains("comma"), "{body}");
    // Names are trimmed everywhere: ` lead.txt` asks for `lead.txt`, which is not there.
    let (status, body) = json(s.http, "GET", "/v1/words/sea?books=%20lead.txt", "");
    assert_eq!(
        (status, &body["code"]),
        (404, &serde_json::json!("unknown-book"))
    );
    assert_eq!(
        ask(s.line, &["Q,a,b.txt,sea", "Q, lead.txt,sea"]),
        ["false", "false"]
    );
}

/// Inside the recheck window (here made an hour long) a changed book's challenge is answered
/// from its new text, `found` and `places` alike: never `found` from the old set with no
/// place in the new file.
#[test]
fn a_challenge_inside_the_recheck_window_answers_from_one_text() {
    let s = start(|c| c.recheck = Duration::from_secs(3600));
    let path = "/v1/challenge/ishmael?books=sea.txt,whales.txt";
    let (status, body) = json(s.http, "GET", path, "");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["found"], true);
    assert_eq!(body["places"][0]["place"], "whales.txt:2");
    // Ishmael gone from the text: not found, no places.
    std::fs::write(s.books().join("whales.txt"), "The whale swam.\n").unwrap();
    let (status, body) = json(s.http, "GET", path, "");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["found"], false, "{body}");
    assert_eq!(body["places"], serde_json::json!([]));
    // Back, on another line: found there.
    std::fs::write(
        s.books().join("whales.txt"),
        "The whale swam.\n\nIshmael saw it.\n",
    )
    .unwrap();
    let (status, body) = json(s.http, "GET", path, "");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["found"], true, "{body}");
    assert_eq!(body["places"][0]["place"], "whales.txt:3", "{body}");
    let (_, h) = json(s.http, "GET", "/healthz", "");
    assert!(h["reloads"].as_u64() >= Some(2), "{h}");
}
