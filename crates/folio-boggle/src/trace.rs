//! Tracing one given word on a board: is it there, and along which cells?

use super::board::Board;

impl Board {
    /// One path of cells spelling `word` (upper-case key bytes), or `None` when the word
    /// cannot be traced: adjacent cells, no cell used twice, a `Qu` face matching `QU`.
    ///
    /// ```
    /// use folio_boggle::Board;
    /// let b = Board::parse("qaicdrneetasnnil", None).unwrap();
    /// assert_eq!(b.trace(b"QUA"), Some(vec![0, 1]));
    /// assert_eq!(b.trace(b"QA"), None);
    /// ```
    pub fn trace(&self, word: &[u8]) -> Option<Vec<usize>> {
        let mut path = Vec::with_capacity(word.len());
        (0..self.len()).find_map(|cell| {
            path.clear();
            self.trace_from(cell, word, 0, &mut path)
                .then(|| path.clone())
        })
    }

    fn trace_from(&self, cell: usize, rest: &[u8], used: u64, path: &mut Vec<usize>) -> bool {
        let face = self.face(cell);
        if face.is_blank() || used & (1 << cell) != 0 {
            return false;
        }
        let Some(rest) = rest.strip_prefix(face.letters()) else {
            return false;
        };
        path.push(cell);
        if rest.is_empty() {
            return true;
        }
        let used = used | (1 << cell);
        for &n in self.neighbours(cell) {
            if self.trace_from(usize::from(n), rest, used, path) {
                return true;
            }
        }
        path.pop();
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traces_and_refuses() {
        let b = Board::parse("perslatgsineters", None).unwrap();
        let p = b.trace(b"REPLASTERING").unwrap();
        assert_eq!(p.len(), 12);
        for w in p.windows(2) {
            assert!(b.neighbours(w[0]).contains(&(w[1] as u8)));
        }
        let mut sorted = p.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), p.len(), "no cell twice");
        assert!(b.trace(b"PEP").is_none(), "one P: a cell cannot be reused");
        assert!(b.trace(b"PG").is_none(), "P and G are not adjacent");
        assert!(b.trace(b"").is_none());
    }
}
