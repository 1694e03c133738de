//! The `--include` and `--exclude` lists applied where the words of the set are chosen: at
//! the root merge of partials (`folio merge`, `folio ingest --memory`). Partials keep every
//! key with its totals, so the lists give the set, counts, books map and manifest of an
//! in-memory `folio ingest` with the same lists ([`crate::ingest::drops::apply`]), byte for
//! byte.

use crate::ingest::drops::Selection;
use crate::ingest::manifest::ListsApplied;

/// The lists at the root merge, fed every key in bytewise order; records what they did for
/// the manifest.
pub(crate) struct RootSelection<'a> {
    selection: &'a Selection,
    /// Keys in the set only because `--include` names them.
    included: Vec<String>,
    /// Keys the policy kept that `--exclude` removed.
    excluded: Vec<String>,
    /// `--include` keys found in the books, in key order (to list the others).
    seen: Vec<String>,
}

impl<'a> RootSelection<'a> {
    pub(crate) fn new(selection: &'a Selection) -> Self {
        RootSelection {
            selection,
            included: Vec::new(),
            excluded: Vec::new(),
            seen: Vec::new(),
        }
    }

    /// Whether `key` goes into the set, given whether the policy alone keeps it: excluded
    /// keys never, included keys whenever the books have them (exclusion wins).
    pub(crate) fn keeps(&mut self, key: &[u8], policy_keeps: bool) -> bool {
        if self.selection.is_empty() {
            return policy_keeps;
        }
        let Ok(k) = std::str::from_utf8(key) else {
            return policy_keeps;
        };
        let include = self.selection.include.contains(k);
        if include {
            self.seen.push(k.to_string());
        }
        if self.selection.exclude.contains(k) {
            if policy_keeps {
                self.excluded.push(k.to_string());
            }
            return false;
        }
        if include && !policy_keeps {
            self.included.push(k.to_string());
            return true;
        }
        policy_keeps
    }

    /// What the lists did, for the manifest (`None` without lists).
    pub(crate) fn finish(self) -> Option<ListsApplied> {
        if self.selection.is_empty() {
            return None;
        }
        let seen: std::collections::BTreeSet<&String> = self.seen.iter().collect();
        Some(ListsApplied {
            include: self.selection.include.iter().cloned().collect(),
            exclude: self.selection.exclude.iter().cloned().collect(),
            included: self.included,
            not_in_books: (self.selection.include.iter())
                .filter(|k| !seen.contains(k))
                .cloned()
                .collect(),
            excluded: self.excluded,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exclusion_wins_and_the_lists_are_recorded() {
        let mut sel = Selection::default();
        sel.include
            .extend(["QUEEN".to_string(), "ZEBRA".into(), "CAT".into()]);
        sel.exclude.extend(["CAT".to_string(), "DOG".into()]);
        let mut r = RootSelection::new(&sel);
        assert!(!r.keeps(b"CAT", true));
        assert!(!r.keeps(b"DOG", true));
        assert!(r.keeps(b"QUEEN", false));
        assert!(r.keeps(b"THE", true));
        assert!(!r.keeps(b"X", false));
        let l = r.finish().unwrap();
        assert_eq!(l.included, ["QUEEN"]);
        assert_eq!(l.excluded, ["CAT", "DOG"]);
        assert_eq!(l.not_in_books, ["ZEBRA"]);
    }
}
