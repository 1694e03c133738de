//! When a connection's wait ends: the idle deadline, and the whole-request deadline that
//! stops a client dribbling a line (or an HTTP request head) a byte at a time from holding a
//! connection for ever (slowloris).
//!
//! A request line must be complete within the idle timeout of its first byte; an HTTP
//! request head (request line and headers, up to the blank line), within the idle timeout of
//! its first byte. Bytes arriving meanwhile do not extend it.

use std::time::Duration;

use tokio::time::Instant;

/// Far enough to be never in practice: what [`after`] gives when the sum overflows.
const FAR: Duration = Duration::from_secs(100 * 365 * 24 * 3600);

/// `from + wait`, saturating: a wait too long for the clock (`Duration::MAX`, or an idle
/// timeout of `u64::MAX` seconds given through the library) is about a century, never a panic.
pub fn after(from: Instant, wait: Duration) -> Instant {
    from.checked_add(wait)
        .or_else(|| from.checked_add(FAR))
        .unwrap_or(from)
}

/// Where an HTTP connection is in its current request head, from the bytes read and the
/// answers written, without parsing HTTP: a head starts with its first byte that is not a CR
/// or LF (empty lines before a request are skipped, as the HTTP reader skips them) and ends
/// at its blank line (`\r\n\r\n`, or `\n\n`). What follows (a body, pipelined requests) is
/// not a head until the server writes its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Head {
    /// Between requests: nothing of the next head read yet.
    Awaiting,
    /// A head began at `since`; `end` counts the bytes of a blank line just seen (1 after an
    /// LF, 2 after LF CR).
    Reading {
        /// When its first byte was read.
        since: Instant,
        /// Progress through the LF (CR) LF that ends it.
        end: u8,
    },
    /// The head is in; its body, if any, and the answer follow.
    Read,
}

impl Head {
    /// The state after `bytes` were read at `now`.
    pub fn read(self, bytes: &[u8], now: Instant) -> Head {
        bytes.iter().fold(self, |head, &b| head.byte(b, now))
    }

    fn byte(self, b: u8, now: Instant) -> Head {
        match (self, b) {
            (Head::Awaiting, b'\r' | b'\n') | (Head::Read, _) => self,
            (Head::Awaiting, _) => Head::Reading { since: now, end: 0 },
            (Head::Reading { end: 1 | 2, .. }, b'\n') => Head::Read,
            (Head::Reading { since, end: 1 }, b'\r') => Head::Reading { since, end: 2 },
            (Head::Reading { since, .. }, b'\n') => Head::Reading { since, end: 1 },
            (Head::Reading { since, .. }, _) => Head::Reading { since, end: 0 },
        }
    }

    /// The state once the server writes (its answer): the next byte begins a new head.
    pub fn answered(self) -> Head {
        match self {
            Head::Read => Head::Awaiting,
            other => other,
        }
    }

    /// When reading must give up, after a read at `now`: the head's deadline while one is
    /// being read, else the idle deadline.
    pub fn deadline(self, now: Instant, idle: Duration) -> Instant {
        match self {
            Head::Reading { since, .. } => after(since, idle).min(after(now, idle)),
            _ => after(now, idle),
        }
    }

    /// Whether a head is being read (so a timeout now is the head's, not idleness).
    pub fn reading(self) -> bool {
        matches!(self, Head::Reading { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deadline_too_far_saturates_instead_of_panicking() {
        let now = Instant::now();
        assert_eq!(
            after(now, Duration::from_secs(3)),
            now + Duration::from_secs(3)
        );
        for wait in [
            Duration::MAX,
            Duration::from_secs(u64::MAX),
            Duration::from_secs(i64::MAX as u64),
        ] {
            let d = after(now, wait);
            assert!(d >= now + Duration::from_secs(3600 * 24 * 365), "{d:?}");
        }
        assert!(Head::Awaiting.deadline(now, Duration::MAX) > now);
    }

    #[test]
    fn a_head_runs_from_its_first_byte_to_its_blank_line() {
        let t0 = Instant::now();
        let t1 = t0 + Duration::from_secs(1);
        let idle = Duration::from_secs(3);
        // Empty lines before a request start nothing.
        let h = Head::Awaiting.read(b"\r\n\n", t0);
        assert_eq!(h, Head::Awaiting);
        let h = h.read(b"GET / HTTP/1.1\r\n", t0);
        assert!(h.reading());
        // Dribbled header lines do not move the deadline.
        let h = h
            .read(b"Host: x\r\n", t1)
            .read(b"X-A: 1\r", t1 + Duration::from_secs(1));
        assert_eq!(h.deadline(t1 + Duration::from_secs(1), idle), t0 + idle);
        // The blank line ends it; a body or the next request is no head until the answer.
        let h = h.read(b"\n\r\n{\"books\":", t1);
        assert_eq!(h, Head::Read);
        assert_eq!(h.read(b"GET /x", t1), Head::Read);
        assert_eq!(h.deadline(t1, idle), t1 + idle);
        let h = h.answered().read(b"GET /healthz HTTP/1.1\n", t1);
        assert_eq!(h.deadline(t1, idle), t1 + idle);
        assert_eq!(h.read(b"\n", t1), Head::Read, "LF LF ends a head too");
        // A CR inside a line is not a blank line.
        let h = Head::Awaiting.read(b"GET / HTTP/1.1\r\nA: b\rc\r\n", t0);
        assert!(h.reading());
        assert_eq!(h.answered(), h, "no answer before the head is in");
    }
}
