//! The line-protocol listener: one task per connection, answers written in order, as many
//! requests per connection as the client sends, pipelined.
//!
//! Bounds (see [`Config`]): at most `max_connections` at once (past it a connection is
//! closed at once); a line longer than `max_line` is answered `false` and its connection
//! closed after at most `max_line` bytes of it were held; a connection silent for
//! `idle_timeout`, sending a line that is not complete `idle_timeout` after its first byte
//! (slowloris), or not reading its answers for `write_timeout`, is closed. Each connection
//! holds a fixed read buffer, so memory grows with connections, not with what they send.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Semaphore};
use tokio::task::JoinSet;

use crate::answer::{Answerer, Refusal};
use crate::config::Config;
use crate::deadline;
use crate::library::Library;
use crate::protocol::{FALSE, TRUE};

/// Malformed lines logged one by one per connection; past this, counted and logged at close.
const LOGGED_REFUSALS: usize = 8;

/// Connections open now (both listeners), for `/healthz`.
pub static OPEN: AtomicUsize = AtomicUsize::new(0);

/// Accepts line-protocol connections until `stop` turns true, then waits up to
/// `drain_timeout` for open connections to answer what they have read and close.
pub async fn serve(
    listener: TcpListener,
    library: Arc<Library>,
    config: Arc<Config>,
    mut stop: watch::Receiver<bool>,
) {
    let permits = Arc::new(Semaphore::new(config.max_connections));
    let mut tasks = JoinSet::new();
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = stop.wait_for(|s| *s) => break,
        };
        // Reap finished tasks so the set does not grow.
        while tasks.try_join_next().is_some() {}
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(e) => {
                // Out of file descriptors and the like: wait a little rather than spin.
                tracing::warn!(error = %e, "accept failed");
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = permits.clone().try_acquire_owned() else {
            tracing::warn!(%peer, max = config.max_connections, "refused: too many connections");
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let library = library.clone();
        let config = config.clone();
        let stop = stop.clone();
        tasks.spawn(async move {
            OPEN.fetch_add(1, Ordering::Relaxed);
            connection(stream, peer, library, &config, stop).await;
            OPEN.fetch_sub(1, Ordering::Relaxed);
            drop(permit);
        });
    }
    drop(listener);
    let drain = async { while tasks.join_next().await.is_some() {} };
    if tokio::time::timeout(config.drain_timeout, drain)
        .await
        .is_err()
    {
        tracing::warn!("drain timed out; closing the remaining connections");
        tasks.abort_all();
    }
}

/// Why a connection ended.
#[derive(Debug)]
enum End {
    Closed,
    ClosedMidLine(usize),
    Idle,
    SlowLine(usize),
    LineTooLong,
    WriteTimeout,
    Io(std::io::Error),
    Shutdown,
}

async fn connection(
    mut stream: TcpStream,
    peer: std::net::SocketAddr,
    library: Arc<Library>,
    config: &Config,
    mut stop: watch::Receiver<bool>,
) {
    let mut answerer = Answerer::new(library, config.max_books);
    // Room for a whole line of the longest allowed length, and more for pipelined ones.
    let mut buf = vec![0u8; (config.max_line + 1).max(16 * 1024)];
    let mut out: Vec<u8> = Vec::with_capacity(8 * 1024);
    let (mut start, mut end) = (0usize, 0usize);
    let mut refused = 0usize;
    let mut answered = 0u64;
    // When the first byte of the line held in part arrived: it must be whole by then + idle.
    let mut line_began: Option<tokio::time::Instant> = None;
    let end_reason = loop {
        // Answer every complete line held (up to one over the limit).
        let mut too_long = false;
        let held = start;
        while let Some(pos) = buf[start..end].iter().position(|&b| b == b'\n') {
            if pos > config.max_line {
                too_long = true;
                break;
            }
            let line = &buf[start..start + pos];
            let yes = answer_or_refuse(&mut answerer, line, &mut refused, &peer).await;
            out.extend_from_slice(if yes { TRUE } else { FALSE });
            answered += 1;
            start += pos + 1;
        }
        if !out.is_empty() {
            match tokio::time::timeout(config.write_timeout, stream.write_all(&out)).await {
                Ok(Ok(())) => out.clear(),
                Ok(Err(e)) => break End::Io(e),
                Err(_) => break End::WriteTimeout,
            }
        }
        if *stop.borrow() {
            break End::Shutdown;
        }
        // What is left is the start of a line: too long already?
        if too_long || end - start > config.max_line {
            tracing::warn!(%peer, max_line = config.max_line, "refused: line too long; closing");
            let _ = tokio::time::timeout(config.write_timeout, stream.write_all(FALSE)).await;
            break End::LineTooLong;
        }
        line_began = began(line_began, start > held, start < end);
        if start == end {
            (start, end) = (0, 0);
        } else if end == buf.len() {
            buf.copy_within(start..end, 0);
            (start, end) = (0, end - start);
        }
        let now = tokio::time::Instant::now();
        let deadline = deadline::after(line_began.unwrap_or(now), config.idle_timeout);
        let read = tokio::select! {
            r = tokio::time::timeout_at(deadline, stream.read(&mut buf[end..])) => r,
            _ = stop.wait_for(|s| *s) => break End::Shutdown,
        };
        match read {
            Ok(Ok(0)) if start == end => break End::Closed,
            Ok(Ok(0)) => {
                // A last line without its LF, as line-oriented tools read one: answered
                // (`printf 'Q,book,whale' | nc` gets its `true`).
                let bytes = end - start;
                let yes =
                    answer_or_refuse(&mut answerer, &buf[start..end], &mut refused, &peer).await;
                answered += 1;
                let answer = if yes { TRUE } else { FALSE };
                match tokio::time::timeout(config.write_timeout, stream.write_all(answer)).await {
                    Ok(Ok(())) => break End::ClosedMidLine(bytes),
                    Ok(Err(e)) => break End::Io(e),
                    Err(_) => break End::WriteTimeout,
                }
            }
            Ok(Ok(n)) => end += n,
            Ok(Err(e)) => break End::Io(e),
            Err(_) if start < end => break End::SlowLine(end - start),
            Err(_) => break End::Idle,
        }
    };
    if refused > LOGGED_REFUSALS {
        tracing::warn!(%peer, refused, "malformed or refused lines on this connection (first {LOGGED_REFUSALS} logged)");
    }
    match &end_reason {
        End::Closed | End::Shutdown => {
            tracing::debug!(%peer, answered, reason = ?end_reason, "connection closed")
        }
        End::ClosedMidLine(bytes) => {
            tracing::info!(%peer, answered, bytes, "client closed the connection mid-line: its last line, without LF, was answered")
        }
        End::Idle => tracing::info!(%peer, answered, "closed: idle timeout"),
        End::SlowLine(bytes) => {
            tracing::warn!(%peer, answered, bytes, "closed: request line not complete within the idle timeout of its first byte")
        }
        End::WriteTimeout => {
            tracing::warn!(%peer, answered, "closed: answers not read (write timeout)")
        }
        End::LineTooLong => {}
        End::Io(e) => tracing::info!(%peer, answered, error = %e, "connection error"),
    }
    let _ = stream.shutdown().await;
    if matches!(end_reason, End::LineTooLong | End::Shutdown) {
        discard(&mut stream).await;
    }
}

/// When the line held in part (`partial`) began: now when the lines before it were just
/// answered (`answered_some`: it began in the last read), else when it did; `None` with no
/// line held.
fn began(
    was: Option<tokio::time::Instant>,
    answered_some: bool,
    partial: bool,
) -> Option<tokio::time::Instant> {
    match (partial, was) {
        (false, _) => None,
        (true, Some(t)) if !answered_some => Some(t),
        (true, _) => Some(tokio::time::Instant::now()),
    }
}

/// Reads and drops what the client still sends, for a moment (at most 2 s and 64 MiB), after
/// our side is shut: closing a socket with unread input resets the connection, and a reset
/// can destroy answers the client has not read yet (the `false` of a refused line, or the
/// answers written while draining).
async fn discard(stream: &mut TcpStream) {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(2);
    let mut sink = [0u8; 8192];
    let mut total = 0usize;
    while total < 64 << 20 {
        match tokio::time::timeout_at(deadline, stream.read(&mut sink)).await {
            Ok(Ok(n)) if n > 0 => total += n,
            _ => break,
        }
    }
}

/// The answer to one line: a refused line is answered `false`, counted in `refused`, and
/// logged while the count is within [`LOGGED_REFUSALS`].
async fn answer_or_refuse(
    answerer: &mut Answerer,
    line: &[u8],
    refused: &mut usize,
    peer: &std::net::SocketAddr,
) -> bool {
    answerer.answer(line).await.unwrap_or_else(|why| {
        *refused += 1;
        if *refused <= LOGGED_REFUSALS {
            log_refusal(peer, &why);
        }
        false
    })
}

fn log_refusal(peer: &std::net::SocketAddr, why: &Refusal) {
    match why {
        Refusal::Malformed(m) => tracing::warn!(%peer, reason = %m, "refused: malformed line"),
        Refusal::Book(b) => tracing::warn!(%peer, reason = %b, "refused: book"),
    }
}
