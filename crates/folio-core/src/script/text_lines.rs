//! A script's decoded lines held as one string and a sparse index.
//!
//! A `Vec<String>` costs 24 bytes a line before any text: a 64 MiB file of empty lines
//! took 1.5 GB. [`TextLines`] keeps the lines joined by `\n` in one string, and the start
//! of every [`MARK_EVERY`]th line; a line is found from the mark before it by skipping at
//! most `MARK_EVERY - 1` line ends. The cost is the text's bytes plus 8 bytes every 64
//! lines.

/// Lines between two recorded starts.
pub const MARK_EVERY: usize = 64;

/// Decoded lines (without terminators), addressed by 0-based index.
///
/// ```
/// use folio_core::script::TextLines;
///
/// let lines: TextLines = ["#player1 A A", "", ">A: AB 8H AB +8 8"].into_iter().collect();
/// assert_eq!(lines.len(), 3);
/// assert_eq!(lines.get(2), Some(">A: AB 8H AB +8 8"));
/// assert_eq!(lines.get(3), None);
/// assert_eq!(lines.iter().filter(|l| l.is_empty()).count(), 1);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextLines {
    /// The lines joined by `\n` (a decoded line never holds `\n` or `\r`).
    text: String,
    /// How many lines.
    len: usize,
    /// Byte offset in `text` of lines 0, 64, 128…
    marks: Vec<usize>,
}

impl TextLines {
    /// Appends a line; `line` must not contain `\n` (the decoder splits on it).
    pub fn push(&mut self, line: &str) {
        debug_assert!(!line.contains('\n'));
        if self.len > 0 {
            self.text.push('\n');
        }
        if self.len.is_multiple_of(MARK_EVERY) {
            self.marks.push(self.text.len());
        }
        self.text.push_str(line);
        self.len += 1;
    }

    /// Number of lines.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no line at all (an empty file).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Line `i` (0-based), or `None` past the end.
    pub fn get(&self, i: usize) -> Option<&str> {
        if i >= self.len {
            return None;
        }
        let from = self.marks[i / MARK_EVERY];
        self.text[from..].split('\n').nth(i % MARK_EVERY)
    }

    /// The lines in order.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        // `split` of an empty string yields one empty piece: `take` drops it for no lines.
        self.text.split('\n').take(self.len)
    }
}

impl<S: AsRef<str>> FromIterator<S> for TextLines {
    fn from_iter<I: IntoIterator<Item = S>>(iter: I) -> Self {
        let mut lines = TextLines::default();
        for l in iter {
            lines.push(l.as_ref());
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn no_lines_is_not_one_empty_line() {
        let none = TextLines::default();
        assert!(none.is_empty());
        assert_eq!(none.iter().count(), 0);
        assert_eq!(none.get(0), None);
        let one: TextLines = [""].into_iter().collect();
        assert_eq!(one.len(), 1);
        assert_eq!(one.iter().collect::<Vec<_>>(), [""]);
        assert_eq!(one.get(0), Some(""));
    }

    proptest! {
        /// Every line comes back by index and in order, across marks, as a `Vec` holds it.
        #[test]
        fn matches_a_vec_of_lines(
            lines in proptest::collection::vec("[a-c é\r]{0,4}", 0..300),
        ) {
            let stored: TextLines = lines.iter().collect();
            prop_assert_eq!(stored.len(), lines.len());
            prop_assert_eq!(stored.iter().collect::<Vec<_>>(), lines.iter().map(String::as_str).collect::<Vec<_>>());
            for (i, l) in lines.iter().enumerate() {
                prop_assert_eq!(stored.get(i), Some(l.as_str()));
            }
            prop_assert_eq!(stored.get(lines.len()), None);
        }
    }
}
