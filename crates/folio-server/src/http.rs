//! The JSON API and the word-judge page over HTTP (axum).
//!
//! Routes (docs/serve.md gives examples): `GET /` the page, `GET /healthz`, `GET /v1/books`,
//! `GET /v1/words/{word}?books=a.txt,b.txt`, `POST /v1/check`,
//! `GET /v1/challenge/{word}?books=…&limit=N`. Every error is JSON, `{"error": …, "code": …}`,
//! with its status: 400 a malformed request, 404 an unknown book or route, 405 a method the
//! route does not take, 408 a body not whole within the idle timeout, 413 a body over
//! [`MAX_BODY`], 415 a body that is not JSON, 422 a book
//! that is there but cannot be read as one, 503 when the books folder itself is gone, 500
//! otherwise. Query strings are read by [`crate::params`].

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Path, RawQuery, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::book::Book;
use crate::config::Config;
use crate::deadline::{self, Head};
use crate::library::{BookError, Library};
use crate::line::OPEN;
use crate::names::split_names;
use crate::params::{ParamError, Params};
use crate::scan;

/// The word-judge page, served at `/`.
pub const PAGE: &str = include_str!("../page/index.html");

/// Largest request body accepted, in bytes.
pub const MAX_BODY: usize = 1024 * 1024;

/// Most places a challenge lists.
pub const MAX_PLACES: usize = 100;

#[derive(Clone)]
struct App {
    library: Arc<Library>,
    config: Arc<Config>,
}

/// The router of every route, over `library`.
pub fn router(library: Arc<Library>, config: Arc<Config>) -> Router {
    let app = App { library, config };
    Router::new()
        .route("/", get(page))
        .route("/healthz", get(healthz))
        .route("/v1/books", get(list_books))
        .route("/v1/words/{word}", get(word))
        .route("/v1/check", post(check))
        .route("/v1/challenge/{word}", get(challenge))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no-route", "no such route") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "method-not-allowed",
                "this route does not take that method",
            )
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            bounded_body,
        ))
        .with_state(app)
}

/// Reads a request's body whole before any route sees it, within bounds: a
/// `Content-Length` over [`MAX_BODY`] is refused with 413 on the header, before any of the
/// body is read (a client announcing 2 MB and sending none held its connection until the
/// idle timeout), and a body not complete within the idle timeout of its head is refused with
/// 408 (bytes dribbled one at a time kept the connection: the head has its own deadline,
/// [`crate::deadline`]).
async fn bounded_body(
    State(app): State<App>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let announced = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|s| s.trim().parse::<u64>().ok());
    if let Some(n) = announced.filter(|&n| n > MAX_BODY as u64) {
        return ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body-too-large",
            format!("the request announces a body of {n} bytes; at most {MAX_BODY} are taken"),
        )
        .into_response();
    }
    let (parts, body) = req.into_parts();
    let wait = app.config.idle_timeout;
    let read = axum::body::to_bytes(body, MAX_BODY);
    let bytes = match tokio::time::timeout(wait, read).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(e)) => return body_failure(&e, wait).into_response(),
        Err(_) => return body_timeout(wait).into_response(),
    };
    next.run(axum::extract::Request::from_parts(
        parts,
        axum::body::Body::from(bytes),
    ))
    .await
}

/// An error answer: a status and a JSON body.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
}

impl ApiError {
    fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad-request", message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if self.status.is_server_error() {
            tracing::error!(status = self.status.as_u16(), code = self.code, error = %self.message, "http error");
        } else {
            tracing::info!(status = self.status.as_u16(), code = self.code, error = %self.message, "http request refused");
        }
        (
            self.status,
            Json(json!({"error": self.message, "code": self.code})),
        )
            .into_response()
    }
}

impl From<BookError> for ApiError {
    fn from(e: BookError) -> ApiError {
        let (status, code) = match &e {
            BookError::BadName { .. } => (StatusCode::BAD_REQUEST, "bad-book-name"),
            BookError::Unknown(_) => (StatusCode::NOT_FOUND, "unknown-book"),
            BookError::Unavailable(why) => {
                // The log has the folder; the client is told only that it is gone.
                tracing::error!(error = %why, "the books folder is unavailable");
                return ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "books-unavailable",
                    "the books folder is unavailable (removed or unreadable); try again later",
                );
            }
            BookError::Load { name, error } => {
                // The log has the path; the client is not told where the server keeps books.
                tracing::warn!(book = name.as_str(), error = %error, "book not loaded");
                return ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "book-unreadable",
                    format!("book {name:?} could not be loaded: {}", error.reason()),
                );
            }
        };
        ApiError::new(status, code, e.to_string())
    }
}

impl From<PathRejection> for ApiError {
    fn from(e: PathRejection) -> ApiError {
        ApiError::bad(e.body_text())
    }
}

/// Why a body could not be read whole: past [`MAX_BODY`] (a chunked body gives no length
/// first: 413), stalled until the connection's idle deadline (408, as when the body's own
/// deadline passes first), or cut off by the client (400).
fn body_failure(e: &axum::Error, wait: Duration) -> ApiError {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(c) = cause {
        if c.is::<http_body_util::LengthLimitError>() {
            return ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "body-too-large",
                format!("the request body is over {MAX_BODY} bytes"),
            );
        }
        if c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::TimedOut)
        {
            return body_timeout(wait);
        }
        cause = c.source();
    }
    ApiError::new(
        StatusCode::BAD_REQUEST,
        "body-incomplete",
        format!("the request body ended before the length it announced: {e}"),
    )
}

/// 408: the body was not whole within the idle timeout of its head.
fn body_timeout(wait: Duration) -> ApiError {
    ApiError::new(
        StatusCode::REQUEST_TIMEOUT,
        "body-timeout",
        format!(
            "the request body was not complete within the idle timeout ({} s)",
            wait.as_secs()
        ),
    )
}

impl From<ParamError> for ApiError {
    fn from(e: ParamError) -> ApiError {
        ApiError::bad(e.to_string())
    }
}

impl From<JsonRejection> for ApiError {
    fn from(e: JsonRejection) -> ApiError {
        // The rejection knows its status: 413 past the body limit, 415 without a JSON
        // content type, 400 or 422 for a body that is not the request's shape.
        let code = match e.status() {
            StatusCode::PAYLOAD_TOO_LARGE => "body-too-large",
            StatusCode::UNSUPPORTED_MEDIA_TYPE => "not-json",
            _ => "bad-request",
        };
        let status = match e.status() {
            s @ (StatusCode::PAYLOAD_TOO_LARGE | StatusCode::UNSUPPORTED_MEDIA_TYPE) => s,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::new(status, code, e.body_text())
    }
}

async fn page() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        PAGE,
    )
}

async fn healthz(State(app): State<App>) -> Json<Value> {
    let c = &app.library.counters;
    Json(json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "books_loaded": app.library.loaded(),
        "ingests": c.ingests.load(Ordering::Relaxed),
        "cache_loads": c.cache_loads.load(Ordering::Relaxed),
        "reloads": c.reloads.load(Ordering::Relaxed),
        "connections": OPEN.load(Ordering::Relaxed),
    }))
}

fn book_json(name: &str, bytes: u64, book: Option<&Book>) -> Value {
    match book {
        None => json!({"name": name, "bytes": bytes, "loaded": false}),
        Some(b) => json!({
            "name": name,
            "bytes": bytes,
            "loaded": true,
            "words": b.words,
            "sha256": b.report.sha256,
            "encoding": b.report.encoding,
            "boilerplate": b.report.boilerplate,
            "tokens": b.report.tokens,
        }),
    }
}

async fn list_books(
    State(app): State<App>,
    RawQuery(q): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let q = Params::parse(q.as_deref())?;
    let load = q.flag("load")?;
    let lib = app.library.clone();
    let names = tokio::task::spawn_blocking(move || lib.names())
        .await
        .map_err(|e| {
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string())
        })??;
    let mut books = Vec::with_capacity(names.len());
    for listed in names {
        let mut unreadable = listed.unreadable;
        let book = if load && unreadable.is_none() {
            match app.library.get(&listed.name).await {
                Ok(book) => Some(book),
                Err(BookError::Load { error, .. }) => {
                    unreadable = Some(error.reason());
                    None
                }
                Err(_) => None,
            }
        } else {
            app.library.peek(&listed.name)
        };
        let mut json = book_json(&listed.name, listed.bytes, book.as_deref());
        if let (None, Some(why)) = (&book, unreadable) {
            json["unreadable"] = Value::String(why);
        }
        books.push(json);
    }
    Ok(Json(
        json!({"policy": app.library.policy(), "books": books}),
    ))
}

/// The books named by `books=a.txt,b.txt` (or `books=a.txt&books=b.txt`), loaded.
async fn named_books(app: &App, q: &Params) -> Result<Vec<Arc<Book>>, ApiError> {
    let list = q
        .books()
        .filter(|s| !s.is_empty())
        .ok_or_else(|| ApiError::bad("give the books: ?books=a.txt,b.txt"))?;
    books_of(app, split_names(&list).collect()).await
}

/// The books `names` (as given, trimmed), loaded, in order; a book named twice is one book
/// (listed once, where first named), as a book given twice to `folio ingest` is read once.
async fn books_of(app: &App, mut names: Vec<&str>) -> Result<Vec<Arc<Book>>, ApiError> {
    let mut seen = std::collections::HashSet::new();
    names.retain(|n| seen.insert(*n));
    if names.len() > app.config.max_books {
        return Err(ApiError::bad(format!(
            "too many books ({}; at most {})",
            names.len(),
            app.config.max_books
        )));
    }
    let mut books = Vec::with_capacity(names.len());
    for name in names {
        books.push(app.library.get(name).await?);
    }
    Ok(books)
}

/// The key of a word given by a client: `Ok(None)` when the policy rejects it (absent).
fn key_of(app: &App, word: &str) -> Result<Option<String>, ApiError> {
    if word.trim().is_empty() {
        return Err(ApiError::bad("empty word: give at least one letter"));
    }
    if word.len() > app.config.max_line {
        return Err(ApiError::bad(format!(
            "word longer than {} bytes",
            app.config.max_line
        )));
    }
    Ok(app.library.policy().normalize_word(word))
}

async fn word(
    State(app): State<App>,
    word: Result<Path<String>, PathRejection>,
    RawQuery(q): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let Path(word) = word?;
    let q = Params::parse(q.as_deref())?;
    let key = key_of(&app, &word)?;
    let books = named_books(&app, &q).await?;
    let per_book: Vec<Value> = books
        .iter()
        .map(|b| {
            let count = key.as_deref().and_then(|k| b.counts.get(k.as_bytes()));
            json!({"name": b.name, "present": count.is_some(), "count": count.unwrap_or(0)})
        })
        .collect();
    let legal = key
        .as_deref()
        .is_some_and(|k| books.iter().any(|b| b.has_word(k)));
    Ok(Json(
        json!({"word": word, "key": key, "legal": legal, "books": per_book}),
    ))
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckBody {
    books: Vec<String>,
    words: Vec<String>,
}

async fn check(
    State(app): State<App>,
    body: Result<Json<CheckBody>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(body) = body?;
    if body.words.is_empty() {
        return Err(ApiError::bad("no words: give at least one"));
    }
    if body.words.len() > app.config.max_words {
        return Err(ApiError::bad(format!(
            "too many words ({}; at most {})",
            body.words.len(),
            app.config.max_words
        )));
    }
    if body.books.is_empty() {
        return Err(ApiError::bad("no books: give at least one"));
    }
    // Each name is checked as a name: one holding a comma is refused (400 bad-book-name), as
    // no such file is a book.
    let books = books_of(&app, body.books.iter().map(|b| b.trim()).collect()).await?;
    let mut results = Vec::with_capacity(body.words.len());
    let mut valid = true;
    for w in &body.words {
        let key = key_of(&app, w)?;
        let legal = key
            .as_deref()
            .is_some_and(|k| books.iter().any(|b| b.has_word(k)));
        valid &= legal;
        results.push(json!({"word": w, "key": key, "legal": legal}));
    }
    Ok(Json(json!({"valid": valid, "words": results})))
}

async fn challenge(
    State(app): State<App>,
    word: Result<Path<String>, PathRejection>,
    RawQuery(q): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let Path(word) = word?;
    let q = Params::parse(q.as_deref())?;
    let limit = match q.get("limit") {
        None => 10,
        Some(s) => s
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_PLACES).contains(n))
            .ok_or_else(|| ApiError::bad(format!("limit={s:?}: give 1 to {MAX_PLACES}")))?,
    };
    let key = key_of(&app, &word)?;
    // `found` comes from the books' loaded sets, the places from their files read now: both
    // must be of the same text. The named books are rechecked first (the server's own
    // recheck runs once a second); a file whose hash is still not the loaded book's (changed
    // meanwhile) has its book dropped, and the answer is made again from the new text.
    let list = q.books().unwrap_or_default();
    let names: Vec<&str> = split_names(&list).collect();
    for _ in 0..3 {
        // One `stat` a book: a file changed since it was loaded is loaded again first.
        app.library.recheck_names(&names);
        let books = named_books(&app, &q).await?;
        match challenge_once(&app, &books, key.as_deref(), limit).await? {
            Ok((found, places)) => {
                return Ok(Json(
                    json!({"word": word, "key": key, "found": found, "places": places}),
                ))
            }
            Err(stale) => app.library.forget(&stale),
        }
    }
    Err(ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "book-changing",
        "a book kept changing while the challenge was answered; try again",
    ))
}

/// Whether the `books` hold `key` and the first `limit` places, or the first book whose file
/// is no longer the text it was loaded from.
async fn challenge_once(
    app: &App,
    books: &[Arc<Book>],
    key: Option<&str>,
    limit: usize,
) -> Result<Result<(bool, Vec<Value>), Arc<Book>>, ApiError> {
    let Some(key) = key.map(str::to_string) else {
        return Ok(Ok((false, Vec::new())));
    };
    let holding: Vec<Arc<Book>> = books
        .iter()
        .filter(|b| b.text_holds(&key))
        .cloned()
        .collect();
    if holding.is_empty() {
        return Ok(Ok((false, Vec::new())));
    }
    let dir = app.library.books_dir().to_path_buf();
    let policy = app.library.policy().clone();
    tokio::task::spawn_blocking(move || {
        let mut out = Vec::new();
        for book in holding {
            // The first book holding the word is always read, so `found` is of its text now.
            if out.len() >= limit {
                break;
            }
            // A file gone or unreadable is no longer the text loaded either.
            let Ok(bytes) = crate::book::read_book(&dir.join(&book.name)) else {
                return Err(book);
            };
            if crate::book::sha256_hex(&bytes) != book.report.sha256 {
                return Err(book);
            }
            for p in scan::places(&bytes, &policy, &key, limit - out.len()) {
                out.push(json!({
                    "place": format!("{}:{}", book.name, p.line),
                    "book": book.name,
                    "line": p.line,
                    "text": p.text,
                }));
            }
        }
        Ok((true, out))
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string()))
}

/// A TCP listener that holds at most `max` connections at once (others are closed at once,
/// and logged) and closes a connection silent for `idle`, or whose request head is not
/// complete `idle` after its first byte ([`Head`]).
pub struct Limited {
    listener: TcpListener,
    permits: Arc<Semaphore>,
    max: usize,
    idle: Duration,
}

impl Limited {
    /// Wraps `listener`.
    pub fn new(listener: TcpListener, max: usize, idle: Duration) -> Limited {
        Limited {
            listener,
            permits: Arc::new(Semaphore::new(max)),
            max,
            idle,
        }
    }
}

impl axum::serve::Listener for Limited {
    type Io = LimitedStream;
    type Addr = std::net::SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            let (stream, peer) = match self.listener.accept().await {
                Ok(a) => a,
                Err(e) => {
                    tracing::warn!(error = %e, "http accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            let Ok(permit) = self.permits.clone().try_acquire_owned() else {
                tracing::warn!(%peer, max = self.max, "refused: too many http connections");
                continue;
            };
            let _ = stream.set_nodelay(true);
            OPEN.fetch_add(1, Ordering::Relaxed);
            return (
                LimitedStream {
                    inner: stream,
                    _permit: permit,
                    peer,
                    idle: self.idle,
                    head: Head::Awaiting,
                    deadline: Box::pin(tokio::time::sleep_until(deadline::after(
                        tokio::time::Instant::now(),
                        self.idle,
                    ))),
                },
                peer,
            );
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        self.listener.local_addr()
    }
}

/// A connection accepted by [`Limited`]: its permit is given back when it closes, and reading
/// fails with `TimedOut` after `idle` without a byte, or once a request head has taken
/// `idle` since its first byte.
pub struct LimitedStream {
    inner: TcpStream,
    _permit: OwnedSemaphorePermit,
    peer: std::net::SocketAddr,
    idle: Duration,
    head: Head,
    deadline: Pin<Box<tokio::time::Sleep>>,
}

impl LimitedStream {
    /// The error that ends the connection when its deadline passes, logged.
    fn timed_out(&self) -> std::io::Error {
        let why = if self.head.reading() {
            tracing::warn!(peer = %self.peer, "closed: http request head not complete within the idle timeout of its first byte");
            "request head timeout"
        } else {
            "idle timeout"
        };
        std::io::Error::new(std::io::ErrorKind::TimedOut, why)
    }
}

impl Drop for LimitedStream {
    fn drop(&mut self) {
        OPEN.fetch_sub(1, Ordering::Relaxed);
    }
}

impl AsyncRead for LimitedStream {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = &mut *self;
        let before = buf.filled().len();
        match Pin::new(&mut this.inner).poll_read(cx, buf) {
            Poll::Ready(r) => {
                let now = tokio::time::Instant::now();
                this.head = this.head.read(&buf.filled()[before..], now);
                let next = this.head.deadline(now, this.idle);
                if next <= now {
                    return Poll::Ready(Err(this.timed_out()));
                }
                this.deadline.as_mut().reset(next);
                Poll::Ready(r)
            }
            Poll::Pending => match this.deadline.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Err(this.timed_out())),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl AsyncWrite for LimitedStream {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        self.head = self.head.answered();
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        self.head = self.head.answered();
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}
