//! A Levenshtein automaton over UTF-8 keys that counts edits in characters, for `fuzzy`.
//!
//! fst's own automaton misses words with multi-byte characters, the query itself included
//! (BurntSushi/fst#38, #160: `CAFÉ` at distance 1 finds nothing, nor do Cyrillic, Greek,
//! CJK or Hangul keys). This one is the textbook dynamic programme run as an automaton (a
//! state is the row of edit distances from the query's prefixes to the key read so far, as
//! in BurntSushi's "Index 1,600,000,000 Keys with Automata and Rust"): a key's bytes are
//! gathered into characters, each character computes the next row, and a branch of the fst
//! is left as soon as every entry of the row is over the distance. No state limit: any
//! query length and distance works, in O(|query|) time per character read.

use fst::Automaton;

/// Matches the keys within `distance` edits (insertions, deletions, substitutions of one
/// character each) of `query`.
#[derive(Clone, Debug)]
pub struct CharLevenshtein {
    query: Vec<char>,
    distance: u32,
}

/// The state after some bytes of a key: the distance row, and the bytes of a character not
/// yet complete. `None` (in [`Automaton::State`]) is a dead branch.
#[derive(Clone, Debug)]
pub struct Row {
    dist: Vec<u32>,
    pending: [u8; 4],
    len: u8,
}

impl CharLevenshtein {
    /// The automaton for `query` at `distance`.
    pub fn new(query: &str, distance: u32) -> CharLevenshtein {
        CharLevenshtein {
            query: query.chars().collect(),
            distance,
        }
    }

    fn step(&self, row: &[u32], c: char) -> Vec<u32> {
        let mut next = Vec::with_capacity(row.len());
        next.push(row[0] + 1);
        for (j, &q) in self.query.iter().enumerate() {
            let sub = row[j] + u32::from(q != c);
            next.push(sub.min(row[j + 1] + 1).min(next[j] + 1));
        }
        next
    }
}

/// The length of the UTF-8 sequence a lead byte starts (1 for a stray continuation byte:
/// keys are valid UTF-8, so this only keeps the automaton total).
fn utf8_len(lead: u8) -> usize {
    match lead {
        0xF0..=0xF7 => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}

impl Automaton for CharLevenshtein {
    type State = Option<Row>;

    fn start(&self) -> Option<Row> {
        Some(Row {
            dist: (0..=self.query.len() as u32).collect(),
            pending: [0; 4],
            len: 0,
        })
    }

    fn is_match(&self, state: &Option<Row>) -> bool {
        state
            .as_ref()
            .is_some_and(|r| r.len == 0 && r.dist.last().is_some_and(|&d| d <= self.distance))
    }

    fn can_match(&self, state: &Option<Row>) -> bool {
        state
            .as_ref()
            .is_some_and(|r| r.dist.iter().any(|&d| d <= self.distance))
    }

    fn accept(&self, state: &Option<Row>, byte: u8) -> Option<Row> {
        let r = state.as_ref()?;
        let mut pending = r.pending;
        pending[usize::from(r.len)] = byte;
        let len = usize::from(r.len) + 1;
        if len < utf8_len(pending[0]) {
            return Some(Row {
                dist: r.dist.clone(),
                pending,
                len: len as u8,
            });
        }
        let c = std::str::from_utf8(&pending[..len])
            .ok()
            .and_then(|s| s.chars().next())
            .unwrap_or(char::REPLACEMENT_CHARACTER);
        let dist = self.step(&r.dist, c);
        if dist.iter().all(|&d| d > self.distance) {
            return None;
        }
        Some(Row {
            dist,
            pending: [0; 4],
            len: 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fst::{IntoStreamer, Set};

    fn matches(keys: &[&str], q: &str, k: u32) -> Vec<String> {
        let mut keys = keys.to_vec();
        keys.sort_unstable();
        let set = Set::from_iter(keys).unwrap();
        set.search(CharLevenshtein::new(q, k))
            .into_stream()
            .into_strs()
            .unwrap()
    }

    #[test]
    fn multibyte_characters_are_one_edit_each() {
        assert_eq!(matches(&["CAFE", "CAFÉ", "CAFÉS"], "CAFÉ", 0), ["CAFÉ"]);
        assert_eq!(
            matches(&["CAFE", "CAFÉ", "CAFÉS", "TEA"], "CAFÉ", 1),
            ["CAFE", "CAFÉ", "CAFÉS"]
        );
        // The query of fst#38, which fst's own automaton misses.
        let k = "寿司は焦げられない";
        assert_eq!(matches(&[k], k, 2), [k]);
        assert_eq!(
            matches(&["한국어", "한국"], "한국어", 1),
            ["한국", "한국어"]
        );
    }
}
