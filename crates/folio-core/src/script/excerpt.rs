//! [`excerpt`]: the part of a script line a finding keeps and shows.
//!
//! A finding quotes the line it is on. A line of at most [`SHOWN_CHARS`] characters is kept
//! whole; a longer one is cut to a window of it around the finding's column, so that a
//! finding holds a bounded amount of text whatever the line's length (a megabyte line with a
//! finding per word would otherwise hold a copy of the line per finding: memory quadratic in
//! the input). The cut form is `…WINDOW… (N characters)`: `…` where the window starts after
//! the line's start or ends before its end, then the whole line's length. At most
//! [`SHOWN_CHARS`] characters in all, so an excerpt of an excerpt is itself.

use std::collections::HashMap;

use crate::script::finding::SHOWN_CHARS;

/// Characters between two byte offsets the index of a long line keeps.
const STRIDE: usize = 64;

/// `line` as a finding at column `col` (1-based, in characters) quotes it (module doc).
/// Costs O(length of `line`) when the line is long; [`Excerpter`] cuts many findings of
/// one line in O(excerpt) each.
pub fn excerpt(line: &str, col: u32) -> String {
    if is_short(line) {
        return line.to_string();
    }
    cut(line, &LineIndex::new(line), col)
}

/// Cuts the lines of many findings of one script to excerpts, indexing each long line once:
/// every cut costs O([`SHOWN_CHARS`] + 64) after a pass over its line, so a script's
/// findings cost time linear in the script plus their number.
#[derive(Debug, Default)]
pub struct Excerpter {
    /// Long lines seen, by 1-based line number.
    index: HashMap<u32, LineIndex>,
}

impl Excerpter {
    /// A new excerpter, with no line indexed.
    pub fn new() -> Excerpter {
        Excerpter::default()
    }

    /// `line`, line number `line_no` of the script, as a finding at `col` quotes it. The
    /// same number must always be given the same line (its index is kept by number).
    pub fn cut(&mut self, line_no: u32, line: &str, col: u32) -> String {
        if is_short(line) {
            return line.to_string();
        }
        let index = self
            .index
            .entry(line_no)
            .or_insert_with(|| LineIndex::new(line));
        cut(line, index, col)
    }

    /// How many long lines were indexed (each costs one pass over its line).
    pub fn indexed(&self) -> usize {
        self.index.len()
    }
}

/// Whether `line` is kept whole: at most [`SHOWN_CHARS`] characters (O([`SHOWN_CHARS`])).
fn is_short(line: &str) -> bool {
    line.len() <= SHOWN_CHARS || line.chars().nth(SHOWN_CHARS).is_none()
}

/// A long line's length in characters and the byte offset of every [`STRIDE`]th character.
#[derive(Debug)]
struct LineIndex {
    chars: usize,
    /// `marks[k]` is the byte offset of character `k * STRIDE`; empty for an ASCII line,
    /// where characters are bytes.
    marks: Vec<usize>,
}

impl LineIndex {
    fn new(line: &str) -> LineIndex {
        if line.is_ascii() {
            return LineIndex {
                chars: line.len(),
                marks: Vec::new(),
            };
        }
        let mut marks = Vec::new();
        let mut chars = 0;
        for (i, (at, _)) in line.char_indices().enumerate() {
            if i % STRIDE == 0 {
                marks.push(at);
            }
            chars = i + 1;
        }
        LineIndex { chars, marks }
    }

    /// The byte offset of character `k` (0-based, at most `chars`).
    fn byte_of(&self, line: &str, k: usize) -> usize {
        if self.marks.is_empty() {
            return k.min(line.len());
        }
        let mark = k / STRIDE;
        let from = self.marks.get(mark).copied().unwrap_or(line.len());
        line[from..]
            .char_indices()
            .nth(k - mark * STRIDE)
            .map_or(line.len(), |(at, _)| from + at)
    }
}

/// The excerpt of a long `line` around `col`.
fn cut(line: &str, index: &LineIndex, col: u32) -> String {
    let n = index.chars;
    let suffix = format!(" ({n} characters)");
    // Room for the window: both `…` and the suffix within SHOWN_CHARS.
    let width = SHOWN_CHARS - 2 - suffix.chars().count();
    let at = (col as usize).saturating_sub(1).min(n);
    let start = at.saturating_sub(width / 2).min(n.saturating_sub(width));
    let end = (start + width).min(n);
    let (from, to) = (index.byte_of(line, start), index.byte_of(line, end));
    let mut out = String::with_capacity(to - from + suffix.len() + 6);
    if start > 0 {
        out.push('…');
    }
    out.push_str(&line[from..to]);
    if end < n {
        out.push('…');
    }
    out.push_str(&suffix);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lines_are_kept_whole() {
        assert_eq!(excerpt("B3=4 C1=2", 6), "B3=4 C1=2");
        let full = "é".repeat(SHOWN_CHARS);
        assert_eq!(excerpt(&full, 1), full);
    }

    #[test]
    fn long_lines_are_cut_around_the_column_within_shown_chars() {
        let line: String = (0..5000)
            .map(|i| char::from(b'a' + (i % 26) as u8))
            .collect();
        for col in [1, 2, 150, 2500, 4999, 5000, 5001, 90_000] {
            let e = excerpt(&line, col);
            assert!(e.chars().count() <= SHOWN_CHARS, "{col}: {e}");
            assert!(e.ends_with(" (5000 characters)"), "{col}: {e}");
            assert_eq!(excerpt(&e, col), e, "an excerpt of an excerpt is itself");
        }
        let head = excerpt(&line, 1);
        assert!(
            head.starts_with("abcdef") && head.contains("… (5000"),
            "{head}"
        );
        let tail = excerpt(&line, 5000);
        assert!(
            tail.starts_with('…') && tail.contains("cdefgh (5000"),
            "{tail}"
        );
        // The window holds the column's character and its neighbours.
        let mid = excerpt(&line, 2500);
        let around = &line[2490..2510];
        assert!(mid.starts_with('…') && mid.contains(around), "{mid}");
    }

    #[test]
    fn cuts_count_characters_not_bytes() {
        let line = format!("{}X{}", "é".repeat(3000), "ß".repeat(3000));
        let e = excerpt(&line, 3001);
        assert!(e.contains("éX") && e.contains("Xß"), "{e}");
        assert!(e.chars().count() <= SHOWN_CHARS);
        assert!(e.ends_with(" (6001 characters)"));
        let mut x = Excerpter::new();
        for col in (1..6001).step_by(7) {
            assert_eq!(x.cut(4, &line, col), excerpt(&line, col), "{col}");
        }
        assert_eq!(
            x.indexed(),
            1,
            "a line is indexed once, whatever its findings"
        );
        assert_eq!(x.cut(5, "short", 1), "short");
        assert_eq!(x.indexed(), 1);
    }
}
