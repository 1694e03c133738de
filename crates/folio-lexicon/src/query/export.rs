//! Export: a word set as plain text, one word a line, in key (byte) order.

use std::io::Write;

use fst::{IntoStreamer, Streamer};

use crate::set::WordSet;

/// Writes every word of `set` to `w`, one a line (`\n`), in key order; returns the count.
///
/// # Errors
/// Any error of `w`.
pub fn write_words<W: Write>(set: &WordSet, mut w: W) -> std::io::Result<usize> {
    let mut stream = set.as_fst_set().into_stream();
    let mut n = 0;
    while let Some(k) = stream.next() {
        w.write_all(k)?;
        w.write_all(b"\n")?;
        n += 1;
    }
    w.flush()?;
    Ok(n)
}

/// Every word of `set` in key order, as owned strings (keys are UTF-8; invalid bytes, which
/// folio never writes, are replaced).
pub fn words(set: &WordSet) -> impl Iterator<Item = String> + '_ {
    let mut stream = set.as_fst_set().into_stream();
    std::iter::from_fn(move || {
        stream
            .next()
            .map(|k| String::from_utf8_lossy(k).into_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_word_a_line_sorted() {
        let set = WordSet::from_words(["DOG", "CAT"]).unwrap();
        let mut out = Vec::new();
        assert_eq!(write_words(&set, &mut out).unwrap(), 2);
        assert_eq!(out, b"CAT\nDOG\n");
    }
}
