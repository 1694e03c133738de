//! Whole-word regular expressions as an [`fst::Automaton`].
//!
//! regex-automata 0.4 no longer implements fst's `Automaton` trait, so [`WholeWordRegex`]
//! wraps one of its dense DFAs: anchored at the start of the key, matching only when the
//! DFA is in a match state after the end of the key (`^(?:RE)$` semantics), so `c.t` matches
//! CAT but not CATS or SCAT. Matching is case-insensitive, so lower-case regexes work on
//! upper-case keys. A search prunes every fst branch on which the DFA is dead.
//!
//! ```
//! use folio_lexicon::{query, query::regex::WholeWordRegex, WordSet};
//! let set = WordSet::from_words(["CAT", "CATS", "COT", "SCAT"]).unwrap();
//! let re = WholeWordRegex::new("c[ao]t").unwrap();
//! assert_eq!(query::search(&set, &re), ["CAT", "COT"]);
//! ```

use regex_automata::dfa::{dense, Automaton as _, StartKind};
use regex_automata::util::primitives::StateID;
use regex_automata::util::{start, syntax};
use regex_automata::{Anchored, MatchKind};

use crate::query::QueryError;

/// A whole-word regex compiled to a dense DFA (see the module docs).
#[derive(Clone, Debug)]
pub struct WholeWordRegex {
    dfa: dense::DFA<Vec<u32>>,
    start: StateID,
}

impl WholeWordRegex {
    /// Size limit of the DFA and of its construction, in bytes. A regex past it is refused
    /// rather than eating the machine's memory.
    pub const SIZE_LIMIT: usize = 64 << 20;

    /// Compiles `regex` (regex-automata syntax, case-insensitive, whole-word).
    ///
    /// # Errors
    /// [`QueryError::BadRegex`] on a syntax error, a feature a DFA cannot do (look-around,
    /// Unicode word boundaries) or a DFA over [`Self::SIZE_LIMIT`].
    pub fn new(regex: &str) -> Result<WholeWordRegex, QueryError> {
        let bad = |reason: String| QueryError::BadRegex {
            regex: regex.to_string(),
            reason,
        };
        let config = syntax::Config::new().case_insensitive(true);
        // The user's regex is parsed on its own first: wrapped as `(?:RE)$`, an unbalanced
        // `zz)|(qi` would parse (as `(?:zz)|(qi)$`) and run with another meaning, and a
        // syntax error would quote the wrapper instead of what the user wrote.
        syntax::parse_with(regex, &config).map_err(|e| bad(syntax_reason(regex, e.to_string())))?;
        let dfa = dense::Builder::new()
            .syntax(config)
            .configure(
                dense::Config::new()
                    // `All`: no leftmost-first pruning, so a longer alternative that ends
                    // exactly at the end of the key is never dropped for a shorter one.
                    .match_kind(MatchKind::All)
                    .start_kind(StartKind::Anchored)
                    .dfa_size_limit(Some(Self::SIZE_LIMIT))
                    .determinize_size_limit(Some(Self::SIZE_LIMIT)),
            )
            .build(&format!("(?:{regex})$"))
            .map_err(|e| bad(with_causes(&e)))?;
        let start = dfa
            .start_state(&start::Config::new().anchored(Anchored::Yes))
            .map_err(|e| bad(with_causes(&e)))?;
        Ok(WholeWordRegex { dfa, start })
    }

    /// Whether the whole key matches.
    pub fn matches(&self, key: &[u8]) -> bool {
        let mut s = self.start;
        for &b in key {
            s = self.dfa.next_state(s, b);
        }
        fst::Automaton::is_match(self, &s)
    }
}

impl fst::Automaton for WholeWordRegex {
    type State = StateID;

    fn start(&self) -> StateID {
        self.start
    }

    fn is_match(&self, s: &StateID) -> bool {
        // DFA matches are reported one byte late; the end-of-input transition settles them.
        self.dfa.is_match_state(self.dfa.next_eoi_state(*s))
    }

    fn can_match(&self, s: &StateID) -> bool {
        !self.dfa.is_dead_state(*s) && !self.dfa.is_quit_state(*s)
    }

    fn accept(&self, s: &StateID, byte: u8) -> StateID {
        self.dfa.next_state(*s, byte)
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
        assert!(WholeWordRegex::new("").unwrap().matches(b""));
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
