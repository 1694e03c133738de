//! Whole-word regular expressions as an [`fst::Automaton`].
//!
//! regex-automata 0.4 no longer implements fst's `Automaton` trait, so [`WholeWordRegex`]
//! wraps one of its lazy DFAs: anchored at the start of the key, matching only when the
//! DFA is in a match state after the end of the key (`^(?:RE)$` semantics), so `c.t` matches
//! CAT but not CATS or SCAT. Matching is case-insensitive, so lower-case regexes work on
//! upper-case keys. A search prunes every fst branch on which the DFA is dead.
//!
//! The DFA is lazy (`regex_automata::hybrid`): a state is determinized when a key first
//! reaches it, so a query costs the states the set's keys visit, not the whole DFA of the
//! regex. Built up front (a dense DFA), `.` or a class under Unicode case folding cost the
//! regex's every state before the first key was read: a 54-byte regex of dots took seconds.
//! The states are bounded by [`WholeWordRegex::SIZE_LIMIT`]; a search that would need more
//! gives up and [`WholeWordRegex::search`] reports it, never a partial list.
//!
//! ```
//! use folio_lexicon::{query::regex::WholeWordRegex, WordSet};
//! let set = WordSet::from_words(["CAT", "CATS", "COT", "SCAT"]).unwrap();
//! let re = WholeWordRegex::new("c[ao]t").unwrap();
//! assert_eq!(re.search(&set).unwrap(), ["CAT", "COT"]);
//! ```

use std::cell::{Cell, RefCell};

use regex_automata::hybrid::dfa::{self, Cache, DFA};
use regex_automata::hybrid::LazyStateID;
use regex_automata::util::{start, syntax};
use regex_automata::{Anchored, MatchKind};

use crate::query::QueryError;
use crate::WordSet;

/// A whole-word regex compiled to a lazy DFA (see the module docs).
#[derive(Debug)]
pub struct WholeWordRegex {
    regex: Box<str>,
    dfa: DFA,
    /// The states determinized so far. Never cleared (a clear would invalidate the states an
    /// fst stream holds on its stack): when full, the DFA gives up instead.
    cache: RefCell<Cache>,
    /// The anchored start state; `None` when the DFA gave up computing it.
    start: Option<LazyStateID>,
    /// Whether a step needed more than [`Self::SIZE_LIMIT`] of states.
    gave_up: Cell<bool>,
}

impl Clone for WholeWordRegex {
    /// The same regex with a cache of its own (empty).
    fn clone(&self) -> Self {
        let mut cache = self.dfa.create_cache();
        let start = start_state(&self.dfa, &mut cache);
        WholeWordRegex {
            regex: self.regex.clone(),
            dfa: self.dfa.clone(),
            gave_up: Cell::new(start.is_none()),
            cache: RefCell::new(cache),
            start,
        }
    }
}

fn start_state(dfa: &DFA, cache: &mut Cache) -> Option<LazyStateID> {
    dfa.start_state(cache, &start::Config::new().anchored(Anchored::Yes))
        .ok()
}

impl WholeWordRegex {
    /// Size limit of the DFA's states (and of its NFA), in bytes. A regex whose NFA is past
    /// it is refused; a search whose states would pass it gives up with an error, rather
    /// than eating the machine's memory.
    pub const SIZE_LIMIT: usize = 64 << 20;

    /// Compiles `regex` (regex-automata syntax, case-insensitive, whole-word).
    ///
    /// # Errors
    /// [`QueryError::BadRegex`] on a syntax error, a feature a DFA cannot do (look-around,
    /// Unicode word boundaries) or an NFA over [`Self::SIZE_LIMIT`].
    pub fn new(regex: &str) -> Result<WholeWordRegex, QueryError> {
        Self::with_limit(regex, Self::SIZE_LIMIT)
    }

    /// As [`Self::new`], with `limit` bytes in place of [`Self::SIZE_LIMIT`].
    fn with_limit(regex: &str, limit: usize) -> Result<WholeWordRegex, QueryError> {
        let bad = |reason: String| QueryError::BadRegex {
            regex: regex.to_string(),
            reason,
        };
        // No word is empty: an empty (or blank) regex is a query that cannot match, most
        // likely an unset variable, refused like an empty pattern.
        if regex.trim().is_empty() {
            return Err(bad("empty regular expression".into()));
        }
        let config = syntax::Config::new().case_insensitive(true);
        // The user's regex is parsed on its own first: wrapped as `(?:RE)$`, an unbalanced
        // `zz)|(qi` would parse (as `(?:zz)|(qi)$`) and run with another meaning, and a
        // syntax error would quote the wrapper instead of what the user wrote.
        syntax::parse_with(regex, &config).map_err(|e| bad(syntax_reason(regex, e.to_string())))?;
        let dfa = DFA::builder()
            .syntax(config)
            .thompson(
                regex_automata::nfa::thompson::Config::new().nfa_size_limit(Some(Self::SIZE_LIMIT)),
            )
            .configure(
                dfa::Config::new()
                    // `All`: no leftmost-first pruning, so a longer alternative that ends
                    // exactly at the end of the key is never dropped for a shorter one.
                    .match_kind(MatchKind::All)
                    .cache_capacity(limit)
                    // Give up at the first time the cache is full rather than clear it.
                    .minimum_cache_clear_count(Some(0)),
            )
            .build(&format!("(?:{regex})$"))
            .map_err(|e| bad(with_causes(&e)))?;
        let mut cache = dfa.create_cache();
        let start = start_state(&dfa, &mut cache);
        Ok(WholeWordRegex {
            regex: regex.into(),
            dfa,
            gave_up: Cell::new(start.is_none()),
            cache: RefCell::new(cache),
            start,
        })
    }

    /// Whether the whole key matches (`false` once the DFA gave up: see [`Self::check`]).
    pub fn matches(&self, key: &[u8]) -> bool {
        let mut s = fst::Automaton::start(self);
        for &b in key {
            s = fst::Automaton::accept(self, &s, b);
        }
        fst::Automaton::is_match(self, &s)
    }

    /// Every word of `set` the regex matches, in key order.
    ///
    /// # Errors
    /// [`QueryError::BadRegex`] when the search needed more than [`Self::SIZE_LIMIT`] of DFA
    /// states (see [`Self::check`]).
    pub fn search(&self, set: &WordSet) -> Result<Vec<String>, QueryError> {
        let words = crate::query::search(set, self);
        self.check()?;
        Ok(words)
    }

    /// Whether every step so far had its states: after a search through
    /// [`crate::query::search`] or [`Self::matches`], an error means their answer is
    /// incomplete.
    ///
    /// # Errors
    /// [`QueryError::BadRegex`] when the DFA gave up (its states passed [`Self::SIZE_LIMIT`]).
    pub fn check(&self) -> Result<(), QueryError> {
        if self.gave_up.get() {
            return Err(QueryError::BadRegex {
                regex: self.regex.to_string(),
                reason: format!(
                    "its DFA needs more than {} MiB of states on this set",
                    Self::SIZE_LIMIT >> 20
                ),
            });
        }
        Ok(())
    }
}

impl fst::Automaton for WholeWordRegex {
    /// `None`: the DFA gave up (no match below).
    type State = Option<LazyStateID>;

    fn start(&self) -> Self::State {
        self.start
    }

    fn is_match(&self, s: &Self::State) -> bool {
        let Some(s) = *s else { return false };
        // DFA matches are reported one byte late; the end-of-input transition settles them.
        match self.dfa.next_eoi_state(&mut self.cache.borrow_mut(), s) {
            Ok(eoi) => eoi.is_match(),
            Err(_) => {
                self.gave_up.set(true);
                false
            }
        }
    }

    fn can_match(&self, s: &Self::State) -> bool {
        s.is_some_and(|s| !s.is_dead() && !s.is_quit())
    }

    fn accept(&self, s: &Self::State, byte: u8) -> Self::State {
        let s = (*s)?;
        match self.dfa.next_state(&mut self.cache.borrow_mut(), s, byte) {
            Ok(next) => Some(next),
            Err(_) => {
                self.gave_up.set(true);
                None
            }
        }
    }
}

/// The reason of a syntax error. regex-syntax's message draws the regex, with a caret under
/// the fault, and ends with an `error: WHAT` line. The drawing is kept when the regex prints
/// as itself on one line of at most `QUOTED_CHARS` characters; otherwise only WHAT is: the
/// regex would be echoed raw (control characters reach the terminal) or whole (a megabyte),
/// and escaped or cut it would no longer line up with the caret.
fn syntax_reason(regex: &str, message: String) -> String {
    let fits = regex.chars().nth(folio_core::quote::QUOTED_CHARS).is_none();
    if fits && !folio_core::quote::needs_escaping(regex) {
        return message;
    }
    match message
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("error: "))
    {
        Some(what) => what.to_string(),
        None => message,
    }
}

/// An error's message followed by its causes: regex-automata's build error says only "error
/// building NFA"; the syntax error that explains it (an unclosed group, look-around) is its
/// source.
fn with_causes(e: &dyn std::error::Error) -> String {
    let mut msg = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        let text = c.to_string();
        if !msg.contains(&text) {
            msg.push_str(": ");
            msg.push_str(&text);
        }
        cause = c.source();
    }
    msg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_word_only() {
        let re = WholeWordRegex::new("c.t").unwrap();
        assert!(re.matches(b"CAT"));
        assert!(!re.matches(b"CATS"));
        assert!(!re.matches(b"SCAT"));
        assert!(!re.matches(b"CT"));
        let alt = WholeWordRegex::new("a|ab").unwrap();
        assert!(alt.matches(b"A"));
        assert!(alt.matches(b"AB"));
        assert!(!alt.matches(b"ABC"));
        let anchored = WholeWordRegex::new("^ab$").unwrap();
        assert!(anchored.matches(b"AB"));
        for empty in ["", "   "] {
            let Err(e) = WholeWordRegex::new(empty) else {
                panic!("an empty regex is refused");
            };
            assert!(e.to_string().contains("empty regular expression"), "{e}");
        }
    }

    #[test]
    fn a_search_past_the_limit_is_an_error_not_a_partial_list() {
        // `(a|b)*a(a|b){11}`: the DFA must remember the last 12 letters, 4,096 states, all
        // reached by the 4,096 words of 12 letters (plus a prefix of As).
        let words: Vec<String> = (0..4096u32)
            .map(|n| {
                let tail: String = (0..12)
                    .map(|i| if n >> i & 1 == 1 { 'A' } else { 'B' })
                    .collect();
                format!("AA{tail}")
            })
            .collect();
        let set = WordSet::from_words(&words).unwrap();
        let re = "(a|b)*a(a|b){11}";
        let full = WholeWordRegex::new(re).unwrap();
        let want: Vec<&String> = words.iter().filter(|w| w.as_bytes()[2] == b'A').collect();
        let mut want: Vec<String> = want.into_iter().cloned().collect();
        want.sort();
        assert_eq!(full.search(&set).unwrap(), want);
        assert!(full.check().is_ok());
        // The smallest cache the DFA builds with holds a few states: the search gives up.
        let small = (10..24)
            .find_map(|bits| WholeWordRegex::with_limit(re, 1 << bits).ok())
            .unwrap();
        let err = small.search(&set).unwrap_err().to_string();
        assert!(err.contains("MiB of states"), "{err}");
        assert!(small.check().is_err());
        // A clone starts with an empty cache of its own.
        assert_eq!(full.clone().search(&set).unwrap(), want);
    }

    #[test]
    fn bad_regexes_are_errors() {
        assert!(matches!(
            WholeWordRegex::new("(ab"),
            Err(QueryError::BadRegex { .. })
        ));
        assert!(WholeWordRegex::new(r"\bcat").is_err());
        // Unbalanced groups are errors, though `(?:RE)$` around them would parse, and the
        // message quotes the regex as written.
        for unbalanced in ["zz)|(qi", "a)", "(?:a"] {
            let msg = WholeWordRegex::new(unbalanced).err().map(|e| e.to_string());
            assert!(
                msg.as_deref()
                    .is_some_and(|m| m.contains(unbalanced) && !m.contains("(?:a)")),
                "{unbalanced}: {msg:?}"
            );
        }
        // A regex with control characters is not echoed raw by regex-syntax's drawing.
        let msg = WholeWordRegex::new("\u{1b}]0;x(")
            .err()
            .map(|e| e.to_string());
        assert_eq!(
            msg.as_deref(),
            Some(r#"regex "\u{1b}]0;x(": unclosed group"#),
            "{msg:?}"
        );
        // The reason is said, not only "error building NFA".
        let msg = WholeWordRegex::new("(ab").err().map(|e| e.to_string());
        assert!(
            msg.as_deref().is_some_and(|m| m.contains("unclosed group")),
            "{msg:?}"
        );
    }
}
