//! Buffers reused across the books of one ingest run.
//!
//! Each book is read into a byte buffer and cleaned into a string of about its size. Fresh
//! allocations of megabytes come from the kernel as untouched pages, and every page costs a
//! fault the first time it is written (page faults were ~7% of a single-threaded run, a
//! quarter of them in reading the books); buffers taken from a pool and put back keep
//! their pages. A shared pool rather than a
//! thread-local one: rayon may start another book on a thread whose book is still waiting
//! for its chunks, and the pool simply hands that book another buffer.

use std::sync::Mutex;

/// A stack of reusable buffers (see the module docs).
pub(crate) struct Pool<T>(Mutex<Vec<T>>);

impl<T> Default for Pool<T> {
    fn default() -> Self {
        Pool(Mutex::new(Vec::new()))
    }
}

impl<T: Default> Pool<T> {
    /// A buffer from the pool, or a new one. Its contents are whatever it last held.
    pub(crate) fn take(&self) -> T {
        self.0
            .lock()
            .ok()
            .and_then(|mut v| v.pop())
            .unwrap_or_default()
    }

    /// Gives a buffer back for later use.
    pub(crate) fn put(&self, buf: T) {
        if let Ok(mut v) = self.0.lock() {
            v.push(buf);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_come_back() {
        let pool: Pool<Vec<u8>> = Pool::default();
        let mut a = pool.take();
        assert!(a.is_empty());
        a.extend_from_slice(b"book");
        let cap = a.capacity();
        pool.put(a);
        let b = pool.take();
        assert_eq!(b.capacity(), cap);
        assert!(pool.take().is_empty()); // the pool is empty again: a new buffer
    }
}
