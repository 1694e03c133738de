//! Word patterns: `?` is exactly one letter, `*` any run of letters (also none), every other
//! character a letter normalised by the policy. `C?T*` matches CAT, COTS and CUTLASS.
//!
//! A [`Pattern`] is an [`fst::Automaton`]: the state is the set of pattern positions reached
//! (a bit set, so patterns have at most [`Pattern::MAX_TOKENS`] tokens), and a search visits
//! only the fst branches some position can still match. Positions step one key byte, which
//! is one letter for A–Z keys (the game policy); in sets beyond A–Z (`--keep-diacritics`,
//! raw), a `?` takes a whole UTF-8 character, its continuation bytes included.
//!
//! ```
//! use folio_lexicon::{query::pattern::Pattern, query, Policy, WordSet};
//! let set = WordSet::from_words(["CAT", "COTS", "CUTLASS", "SCAT"]).unwrap();
//! let p = Pattern::parse(&Policy::game(), "c?t*").unwrap();
//! assert_eq!(query::search(&set, &p), ["CAT", "COTS", "CUTLASS"]);
//! ```

use crate::policy::Policy;
use crate::query::QueryError;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Byte(u8),
    One,
    Any,
}

/// A compiled `?`/`*` word pattern (see the module docs).
#[derive(Clone, Debug)]
pub struct Pattern {
    tokens: Vec<Token>,
}

impl Pattern {
    /// The most tokens (letters, `?` and `*`, after normalisation) a pattern may have.
    pub const MAX_TOKENS: usize = 63;

    /// Parses `pattern`, normalising each run of letters between wildcards through `policy`.
    ///
    /// # Errors
    /// [`QueryError::BadPattern`] when it is empty, too long, or a letter run is rejected by
    /// the policy (digits, punctuation).
    pub fn parse(policy: &Policy, pattern: &str) -> Result<Pattern, QueryError> {
        let bad = |reason: String| QueryError::BadPattern {
            pattern: pattern.to_string(),
            reason,
        };
        let pattern_t = pattern.trim();
        if pattern_t.is_empty() {
            return Err(bad("empty pattern".into()));
        }
        let mut tokens = Vec::new();
        let mut run = String::new();
        let flush = |run: &mut String, tokens: &mut Vec<Token>| -> Result<(), QueryError> {
            if run.is_empty() {
                return Ok(());
            }
            let key = policy.normalize_word(run).ok_or_else(|| {
                bad(format!(
                    "{} is not letters under the {} policy (use ? for one letter, * for any run)",
                    folio_core::quote::quoted(run),
                    policy.name
                ))
            })?;
            tokens.extend(key.bytes().map(Token::Byte));
            run.clear();
            Ok(())
        };
        for c in pattern_t.chars() {
            match c {
                '?' | '*' => {
                    flush(&mut run, &mut tokens)?;
                    // `**` is `*`: collapsing keeps the state set small.
                    if c == '*' && tokens.last() == Some(&Token::Any) {
                        continue;
                    }
                    tokens.push(if c == '?' { Token::One } else { Token::Any });
                }
                c => run.push(c),
            }
        }
        flush(&mut run, &mut tokens)?;
        if tokens.len() > Self::MAX_TOKENS {
            return Err(bad(format!(
                "{} tokens, at most {} allowed",
                tokens.len(),
                Self::MAX_TOKENS
            )));
        }
        Ok(Pattern { tokens })
    }

    /// Whether the whole key matches (a plain scan, as the automaton does).
    pub fn matches(&self, key: &[u8]) -> bool {
        let mut s = fst::Automaton::start(self);
        for &b in key {
            s = fst::Automaton::accept(self, &s, b);
        }
        fst::Automaton::is_match(self, &s)
    }

    /// Adds the positions reachable by letting each `*` match nothing.
    fn close(&self, mut set: u64) -> u64 {
        for (i, t) in self.tokens.iter().enumerate() {
            if *t == Token::Any && set & (1 << i) != 0 {
                set |= 1 << (i + 1);
            }
        }
        set
    }
}

impl fst::Automaton for Pattern {
    /// Bit `i` set: the first `i` tokens have been matched.
    type State = u64;

    fn start(&self) -> u64 {
        self.close(1)
    }

    fn is_match(&self, s: &u64) -> bool {
        s & (1 << self.tokens.len()) != 0
    }

    fn can_match(&self, s: &u64) -> bool {
        *s != 0
    }

    fn accept(&self, s: &u64, byte: u8) -> u64 {
        let mut next = 0u64;
        let mut bits = *s;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            // A UTF-8 continuation byte (keys beyond A–Z: `--keep-diacritics`, raw) is the
            // rest of the character whose first byte a `?` just took: it stays there. Only
            // a `?` leaves a position between a character's bytes: a letter token's bytes
            // are whole characters, and `*` takes any byte anyway.
            let continuation = byte & 0xC0 == 0x80;
            if continuation && i > 0 && self.tokens[i - 1] == Token::One {
                next |= 1 << i;
            }
            match self.tokens.get(i) {
                Some(Token::Byte(b)) if *b == byte => next |= 1 << (i + 1),
                Some(Token::One) if !continuation => next |= 1 << (i + 1),
                Some(Token::Any) => next |= 1 << i,
                _ => {}
            }
        }
        self.close(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Pattern {
        Pattern::parse(&Policy::game(), s).unwrap()
    }

    #[test]
    fn wildcards() {
        assert!(p("c?t").matches(b"CAT"));
        assert!(!p("c?t").matches(b"CT"));
        assert!(p("c*t").matches(b"CT"));
        assert!(p("c*t").matches(b"CARPET"));
        assert!(!p("c*t").matches(b"CARPETS"));
        assert!(p("*").matches(b""));
        assert!(p("**a**").matches(b"A"));
        assert!(p("?*?").matches(b"AB"));
        assert!(!p("?*?").matches(b"A"));
        assert!(!p("stra?e").matches(b"STRASSE"));
        assert!(p("straße").matches(b"STRASSE"));
    }

    /// The reference: a backtracking glob matcher.
    fn glob(p: &[u8], w: &[u8]) -> bool {
        match p.split_first() {
            None => w.is_empty(),
            Some((b'*', rest)) => (0..=w.len()).any(|i| glob(rest, &w[i..])),
            Some((b'?', rest)) => !w.is_empty() && glob(rest, &w[1..]),
            Some((c, rest)) => w.first() == Some(c) && glob(rest, &w[1..]),
        }
    }

    /// `?` is one letter of a `--keep-diacritics` or raw set too, where É is two key bytes
    /// (`caf?` once found no CAFÉ, and `?` no one-letter word beyond A–Z).
    #[test]
    fn one_letter_is_one_character_in_sets_beyond_a_to_z() {
        let mut pol = Policy::game();
        pol.keep_diacritics = true;
        let p = |s: &str| Pattern::parse(&pol, s).unwrap();
        assert!(p("caf?").matches("CAFÉ".as_bytes()));
        assert!(p("?").matches("É".as_bytes()));
        assert!(p("?").matches("Ꭰ".as_bytes())); // three bytes
        assert!(p("?").matches("𐐀".as_bytes())); // four bytes
        assert!(!p("?").matches("ÉA".as_bytes()));
        assert!(!p("??").matches("É".as_bytes()));
        assert!(p("??").matches("ÉA".as_bytes()));
        assert!(p("?é").matches("ÉÉ".as_bytes()));
        assert!(p("*?").matches("É".as_bytes()));
        assert!(p("?*?").matches("ÉÉ".as_bytes()));
        assert!(!p("?*?").matches("É".as_bytes()));
        assert!(p("na?ve").matches("NAÏVE".as_bytes()));
    }

    /// A glob over characters, the reference for keys beyond A–Z.
    fn glob_chars(p: &[char], w: &[char]) -> bool {
        match p.split_first() {
            None => w.is_empty(),
            Some(('*', rest)) => (0..=w.len()).any(|i| glob_chars(rest, &w[i..])),
            Some(('?', rest)) => !w.is_empty() && glob_chars(rest, &w[1..]),
            Some((c, rest)) => w.first() == Some(c) && glob_chars(rest, &w[1..]),
        }
    }

    proptest::proptest! {
        #[test]
        fn automaton_agrees_with_a_character_glob(
            // One, two, three and four bytes, each its own NFKC upper case.
            pat in "[AÉᎠ𐐀?*]{1,8}",
            word in "[AÉᎠ𐐀]{0,8}",
        ) {
            let mut pol = Policy::raw();
            pol.min_len = 1;
            let compiled = Pattern::parse(&pol, &pat).unwrap();
            let (pc, wc): (Vec<char>, Vec<char>) = (pat.chars().collect(), word.chars().collect());
            proptest::prop_assert_eq!(
                compiled.matches(word.as_bytes()),
                glob_chars(&pc, &wc),
                "{} vs {}", pat, word
            );
        }

        #[test]
        fn automaton_agrees_with_backtracking(
            pat in "[AB?*]{1,8}",
            word in "[AB]{0,8}",
        ) {
            let compiled = p(&pat);
            proptest::prop_assert_eq!(
                compiled.matches(word.as_bytes()),
                glob(pat.as_bytes(), word.as_bytes()),
                "{} vs {}", pat, word
            );
        }
    }

    #[test]
    fn bad_patterns_are_errors() {
        let pol = Policy::game();
        assert!(Pattern::parse(&pol, "").is_err());
        assert!(Pattern::parse(&pol, "c4t").is_err());
        assert!(Pattern::parse(&pol, &"?".repeat(64)).is_err());
        assert!(Pattern::parse(&pol, &"?".repeat(63)).is_ok());
    }
}
