//! The partial file: a mergeable piece of an ingest, written by `folio ingest --partial` (and
//! by `--memory` when the counting tables reach their budget) and read by `folio merge`.
//!
//! ```text
//! "FOLIOPRT"                    8 bytes, the magic
//! format                        u32 little-endian, FORMAT (1)
//! header length                 u64 little-endian
//! header                        JSON: Header (format, policy, inputs, skipped)
//! record*                       sorted by key, bytewise, each key once:
//!     key length (varint >= 1), key bytes (UTF-8),
//!     count (varint >= 1), lower-case evidence (one byte, 0 or 1),
//!     books (varint >= 1), then the books' indices into header.inputs, ascending:
//!     the first as is, each next one as the gap from the one before (varint >= 1)
//! end                           varint 0, then the number of records (varint)
//! checksum                      SHA-256 of every byte before it (32 bytes)
//! ```
//!
//! Every key of the books is there, before any selection rule (case evidence, length,
//! counts): those are applied once, by the merge that writes the word set, so that any
//! split of the books gives the same set. Reading checks everything it relies on (order,
//! ranges, UTF-8, the checksum at the end) and reports a typed error naming the file and the
//! byte offset; a record never takes more memory than [`MAX_KEY`] bytes and the header's
//! number of books.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::error::{Error, Result};
use crate::ingest::manifest::{InputReport, Skipped};
use crate::policy::Policy;

/// The first bytes of every partial.
pub const MAGIC: &[u8; 8] = b"FOLIOPRT";
/// The format version this folio writes and reads.
pub const FORMAT: u32 = 1;
/// Longest key read or written, in bytes: a bound on one record's memory. Partials hold
/// every key before the length rules, and ingest makes no key of more than
/// [`crate::policy::MAX_KEY_LEN`] characters ([`Policy::key_of`]: a longer token, a run of
/// data up to a book's size, is no key on any path), so every key a policy makes fits, 4
/// bytes a character at most; the rest is room for partials of other writers.
pub const MAX_KEY: usize = 16 << 20;

// Every key ingest makes fits a partial (a key it could not write would fail a `--memory`
// or `--partial` run that the in-memory ingest finishes).
const _: () = assert!(4 * crate::policy::MAX_KEY_LEN <= MAX_KEY);
/// Largest header read (about 300 bytes a book: millions of books).
const MAX_HEADER: u64 = 1 << 32;
/// Bytes read or written at a time.
const BUF: usize = 64 * 1024;

/// What a partial says about itself: the format, the policy its keys were made under, and
/// its books (as the manifest of `folio ingest` lists them).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Header {
    /// [`FORMAT`].
    pub format: u32,
    /// The policy, with `min_count` and `min_books` at 1: the merge that writes the word set
    /// chooses those.
    pub policy: Policy,
    /// The books, sorted by path then sha256; `words_kept` is 0 (known only once merged).
    pub inputs: Vec<InputReport>,
    /// Inputs given but not read as books, sorted by path then reason.
    pub skipped: Vec<Skipped>,
}

/// One key of a partial with its statistics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The key (UTF-8 bytes).
    pub key: Vec<u8>,
    /// Occurrences in the partial's books.
    pub count: u64,
    /// Seen at least once in lower case.
    pub lower_case: bool,
    /// The books it occurs in: indices into [`Header::inputs`], ascending.
    pub books: Vec<u32>,
}

/// The policy as a partial records it: selection by counts is the merge's.
pub fn partial_policy(policy: &Policy) -> Policy {
    Policy {
        min_count: 1,
        min_books: 1,
        ..policy.clone()
    }
}

/// Writes a partial record by record (keys in strictly increasing bytewise order).
pub struct PartialWriter<W: Write> {
    out: std::io::BufWriter<Hashing<W>>,
    prev: Vec<u8>,
    records: u64,
    books: usize,
    /// One record's bytes (reused).
    buf: Vec<u8>,
}

/// A writer that hashes what goes through it.
struct Hashing<W> {
    inner: W,
    hasher: Sha256,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

fn invalid(msg: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidInput, msg.to_string())
}

impl<W: Write> PartialWriter<W> {
    /// Starts a partial with `header` on `inner`.
    ///
    /// # Errors
    /// An I/O error from `inner`.
    pub fn new(inner: W, header: &Header) -> std::io::Result<Self> {
        let mut out = std::io::BufWriter::with_capacity(
            BUF,
            Hashing {
                inner,
                hasher: Sha256::new(),
            },
        );
        let json = serde_json::to_vec(header).map_err(std::io::Error::other)?;
        out.write_all(MAGIC)?;
        out.write_all(&FORMAT.to_le_bytes())?;
        out.write_all(&(json.len() as u64).to_le_bytes())?;
        out.write_all(&json)?;
        Ok(PartialWriter {
            out,
            prev: Vec::new(),
            records: 0,
            books: header.inputs.len(),
            buf: Vec::new(),
        })
    }

    /// Adds a key, after every key added before. `books` are indices into the header's
    /// inputs, ascending.
    ///
    /// # Errors
    /// An I/O error, or `InvalidInput` when the record breaks the format's rules (a key out
    /// of order or empty, a count of 0, books out of order or range).
    pub fn push(
        &mut self,
        key: &[u8],
        count: u64,
        lower_case: bool,
        books: &[u32],
    ) -> std::io::Result<()> {
        if key.is_empty() || key.len() > MAX_KEY || (self.records > 0 && key <= &self.prev[..]) {
            return Err(invalid(
                "partial keys must be non-empty and strictly increasing",
            ));
        }
        if count == 0 || books.is_empty() || books.windows(2).any(|w| w[0] >= w[1]) {
            return Err(invalid(
                "a partial record needs a count and ascending books",
            ));
        }
        if books.last().is_some_and(|&b| b as usize >= self.books) {
            return Err(invalid(
                "a partial record names a book its header does not list",
            ));
        }
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        varint(&mut buf, key.len() as u64);
        buf.extend_from_slice(key);
        varint(&mut buf, count);
        buf.push(u8::from(lower_case));
        varint(&mut buf, books.len() as u64);
        let mut last = 0;
        for &b in books {
            // The first as is, then gaps (each at least 1).
            varint(&mut buf, u64::from(b - last));
            last = b;
        }
        let written = self.out.write_all(&buf);
        self.buf = buf;
        written?;
        self.prev.clear();
        self.prev.extend_from_slice(key);
        self.records += 1;
        Ok(())
    }

    /// Writes the end and the checksum; returns the inner writer (flushed).
    ///
    /// # Errors
    /// An I/O error.
    pub fn finish(mut self) -> std::io::Result<W> {
        let mut buf = Vec::new();
        varint(&mut buf, 0);
        varint(&mut buf, self.records);
        self.out.write_all(&buf)?;
        let Hashing { mut inner, hasher } = self.out.into_inner().map_err(|e| e.into_error())?;
        inner.write_all(&hasher.finalize())?;
        inner.flush()?;
        Ok(inner)
    }
}

/// Appends `v` as a LEB128 varint.
fn varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Reads a partial record by record, checking it as it goes.
pub struct PartialReader<R: Read> {
    input: Bytes<R>,
    header: Header,
    path: PathBuf,
    records: u64,
    prev: Vec<u8>,
    done: bool,
}

impl PartialReader<std::fs::File> {
    /// Opens the partial at `path` and reads its header.
    ///
    /// # Errors
    /// [`Error::Io`] when it cannot be read; [`Error::Partial`] naming it when it is not a
    /// partial of this format.
    pub fn open(path: &Path) -> Result<Self> {
        let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
        PartialReader::new(file, path)
    }
}

impl<R: Read> PartialReader<R> {
    /// Reads the header of a partial from `inner` (`path` names it in errors).
    ///
    /// # Errors
    /// As [`PartialReader::open`].
    pub fn new(inner: R, path: &Path) -> Result<Self> {
        let mut input = Bytes {
            inner,
            buf: vec![0; BUF].into_boxed_slice(),
            pos: 0,
            end: 0,
            hashed: 0,
            hasher: Sha256::new(),
            offset: 0,
        };
        let bad = |reason: String| Error::Partial {
            path: path.to_path_buf(),
            reason,
        };
        let io = |e: std::io::Error| Error::io(path, e);
        let mut magic = [0u8; 8];
        if !input.exact(&mut magic).map_err(io)? || &magic != MAGIC {
            return Err(bad(
                "no partial header (not a file written by `folio ingest --partial`)".into(),
            ));
        }
        let mut word = [0u8; 4];
        if !input.exact(&mut word).map_err(io)? {
            return Err(bad("truncated header".into()));
        }
        let format = u32::from_le_bytes(word);
        if format != FORMAT {
            return Err(bad(format!(
                "partial format version {format}; this folio reads version {FORMAT} (make the partials again with this folio)"
            )));
        }
        let mut len = [0u8; 8];
        if !input.exact(&mut len).map_err(io)? {
            return Err(bad("truncated header".into()));
        }
        let len = u64::from_le_bytes(len);
        if len > MAX_HEADER {
            return Err(bad(format!("header of {len} bytes (at most {MAX_HEADER})")));
        }
        let mut json = Vec::new();
        if !input.take_into(len, &mut json).map_err(io)? {
            return Err(bad("truncated header".into()));
        }
        let header: Header =
            serde_json::from_slice(&json).map_err(|e| bad(format!("unreadable header: {e}")))?;
        if header.format != FORMAT {
            return Err(bad(format!(
                "header says format {}, the file format {FORMAT}",
                header.format
            )));
        }
        if header.policy.min_count != 1 || header.policy.min_books != 1 {
            return Err(bad(
                "header policy selects by counts (a partial keeps every key)".into(),
            ));
        }
        if header
            .inputs
            .windows(2)
            .any(|w| (&w[0].path, &w[0].sha256) >= (&w[1].path, &w[1].sha256))
        {
            return Err(bad("header books not sorted by path".into()));
        }
        if u32::try_from(header.inputs.len()).is_err() {
            return Err(bad("more books than 2^32".into()));
        }
        Ok(PartialReader {
            input,
            header,
            path: path.to_path_buf(),
            records: 0,
            prev: Vec::new(),
            done: false,
        })
    }

    /// The header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The file's path as given.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the next record into `rec`; `false` at the end (the checksum checked).
    ///
    /// # Errors
    /// [`Error::Partial`] naming the file and the offset when a record breaks the format's
    /// rules, the file ends early or the checksum differs; [`Error::Io`] when it cannot be
    /// read.
    pub fn next_into(&mut self, rec: &mut Record) -> Result<bool> {
        if self.done {
            return Ok(false);
        }
        let at = self.input.offset();
        match self.record(rec) {
            Ok(more) => {
                self.done = !more;
                Ok(more)
            }
            Err(Fault::Io(e)) => Err(Error::io(&self.path, e)),
            Err(Fault::Bad(reason)) => {
                self.done = true;
                Err(Error::Partial {
                    path: self.path.clone(),
                    reason: format!("{reason} (record {} at byte {at})", self.records + 1),
                })
            }
        }
    }

    fn record(&mut self, rec: &mut Record) -> std::result::Result<bool, Fault> {
        let len = self.varint()?;
        if len == 0 {
            let n = self.varint()?;
            if n != self.records {
                return Err(Fault::Bad(format!(
                    "ends after {} records, says {n}",
                    self.records
                )));
            }
            let want = self.input.digest();
            let mut got = [0u8; 32];
            if !self.input.exact(&mut got)? {
                return Err(Fault::Bad("truncated checksum".into()));
            }
            if got[..] != want[..] {
                return Err(Fault::Bad("checksum mismatch: the file is corrupt".into()));
            }
            if self.input.more()? {
                return Err(Fault::Bad("bytes after the checksum".into()));
            }
            return Ok(false);
        }
        if len > MAX_KEY as u64 {
            return Err(Fault::Bad(format!(
                "key of {len} bytes (at most {MAX_KEY})"
            )));
        }
        rec.key.clear();
        if !self.input.take_into(len, &mut rec.key)? {
            return Err(Fault::Bad("truncated record".into()));
        }
        if std::str::from_utf8(&rec.key).is_err() {
            return Err(Fault::Bad("key is not UTF-8".into()));
        }
        if self.records > 0 && rec.key <= self.prev {
            return Err(Fault::Bad("keys out of order".into()));
        }
        self.prev.clear();
        self.prev.extend_from_slice(&rec.key);
        rec.count = self.varint()?;
        if rec.count == 0 {
            return Err(Fault::Bad("count of 0".into()));
        }
        let mut lower = [0u8; 1];
        if !self.input.exact(&mut lower)? {
            return Err(Fault::Bad("truncated record".into()));
        }
        rec.lower_case = match lower[0] {
            0 => false,
            1 => true,
            b => return Err(Fault::Bad(format!("lower-case flag {b}"))),
        };
        let n = self.varint()?;
        let books = self.header.inputs.len() as u64;
        if n == 0 || n > books {
            return Err(Fault::Bad(format!(
                "{} (the header lists {books})",
                folio_core::plural(n, "book", "books")
            )));
        }
        rec.books.clear();
        let mut next = 0u64;
        for i in 0..n {
            let gap = self.varint()?;
            if i > 0 && gap == 0 {
                return Err(Fault::Bad("books not ascending".into()));
            }
            next = next.saturating_add(gap);
            if next >= books {
                return Err(Fault::Bad(format!(
                    "book {next} (the header lists {books})"
                )));
            }
            rec.books.push(next as u32);
        }
        self.records += 1;
        Ok(true)
    }

    fn varint(&mut self) -> std::result::Result<u64, Fault> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let mut b = [0u8; 1];
            if !self.input.exact(&mut b)? {
                return Err(Fault::Bad("truncated record".into()));
            }
            let part = u64::from(b[0] & 0x7F);
            if shift == 63 && part > 1 {
                break;
            }
            v |= part << shift;
            if b[0] & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(Fault::Bad("varint too long".into()))
    }
}

enum Fault {
    Io(std::io::Error),
    Bad(String),
}

impl From<std::io::Error> for Fault {
    fn from(e: std::io::Error) -> Self {
        Fault::Io(e)
    }
}

/// A buffered reader that hashes the bytes as they are consumed (so the checksum at the end
/// can be compared with the hash of everything before it).
struct Bytes<R> {
    inner: R,
    buf: Box<[u8]>,
    pos: usize,
    end: usize,
    /// `buf[..hashed]` is in `hasher`.
    hashed: usize,
    hasher: Sha256,
    /// File offset of `buf[0]`.
    offset: u64,
}

impl<R: Read> Bytes<R> {
    fn offset(&self) -> u64 {
        self.offset + self.pos as u64
    }

    /// Refills an exhausted buffer; false at the end of the file.
    fn fill(&mut self) -> std::io::Result<bool> {
        self.hasher.update(&self.buf[self.hashed..self.end]);
        self.offset += self.end as u64;
        self.pos = 0;
        self.end = 0;
        self.hashed = 0;
        loop {
            match self.inner.read(&mut self.buf) {
                Ok(n) => {
                    self.end = n;
                    return Ok(n > 0);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Fills `out` whole; false when the file ends first.
    fn exact(&mut self, out: &mut [u8]) -> std::io::Result<bool> {
        let mut done = 0;
        while done < out.len() {
            if self.pos == self.end && !self.fill()? {
                return Ok(false);
            }
            let n = (out.len() - done).min(self.end - self.pos);
            out[done..done + n].copy_from_slice(&self.buf[self.pos..self.pos + n]);
            self.pos += n;
            done += n;
        }
        Ok(true)
    }

    /// Appends `n` bytes to `out` (growing it only as bytes arrive); false when the file
    /// ends first.
    fn take_into(&mut self, mut n: u64, out: &mut Vec<u8>) -> std::io::Result<bool> {
        while n > 0 {
            if self.pos == self.end && !self.fill()? {
                return Ok(false);
            }
            let k = (self.end - self.pos).min(usize::try_from(n).unwrap_or(usize::MAX));
            out.extend_from_slice(&self.buf[self.pos..self.pos + k]);
            self.pos += k;
            n -= k as u64;
        }
        Ok(true)
    }

    /// The SHA-256 of every byte consumed so far.
    fn digest(&mut self) -> [u8; 32] {
        self.hasher.update(&self.buf[self.hashed..self.pos]);
        self.hashed = self.pos;
        self.hasher.clone().finalize().into()
    }

    /// Whether any byte is left.
    fn more(&mut self) -> std::io::Result<bool> {
        if self.pos < self.end {
            return Ok(true);
        }
        self.fill()
    }
}

/// Reads `path`'s header only.
///
/// # Errors
/// As [`PartialReader::open`].
pub fn read_header(path: &Path) -> Result<Header> {
    Ok(PartialReader::open(path)?.header)
}
