//! Word patterns with letter classes, as Zyzzyva writes them: `?` one letter, `*` any run
//! of letters, `[AEIOU]` one of the letters listed, `[^S]` any letter but those listed,
//! `[A-E]` a range; every other character a letter normalised by the policy.
//! `c[aeiou]t` matches CAT, COT, CUT; `[^s]*ing` words ending in ING not starting with S.
//!
//! A pattern without a class is a [`Pattern`] (the bit-set automaton); one with a class is
//! translated to a whole-word regex ([`WholeWordRegex`]: each letter and class member
//! written as `\x{..}`, `?` as `.`, `*` as `.*`), whose DFA steps over multi-byte letters
//! (`[éè]` in a `--keep-diacritics` set) as the bit-set automaton cannot.
//!
//! ```
//! use folio_lexicon::{query::glob::Glob, Policy, WordSet};
//! let set = WordSet::from_words(["CAT", "COT", "CUT", "KIT", "SING", "RING"]).unwrap();
//! let p = Policy::game();
//! assert_eq!(Glob::parse(&p, "c[aeiou]t").unwrap().search(&set).unwrap(), ["CAT", "COT", "CUT"]);
//! assert_eq!(Glob::parse(&p, "[^s]*ing").unwrap().search(&set).unwrap(), ["RING"]);
//! ```

use crate::policy::Policy;
use crate::query::pattern::Pattern;
use crate::query::regex::WholeWordRegex;
use crate::query::QueryError;
use crate::set::WordSet;

/// A compiled word pattern (see the module docs).
#[derive(Clone, Debug)]
pub enum Glob {
    /// `?` and `*` only.
    Plain(Pattern),
    /// With letter classes: the equivalent whole-word regex.
    Classes(Box<WholeWordRegex>),
}

/// The longest pattern with classes, in characters (the DFA is bounded anyway).
pub const MAX_CHARS: usize = 256;

impl Glob {
    /// Parses `pattern` under `policy` (letters and class members normalised by it).
    ///
    /// # Errors
    /// [`QueryError::BadPattern`] when it is empty or too long, a letter run or class
    /// member is not a letter under the policy (or is more than one, as `ß` → `SS`), a
    /// class is empty or not closed, or a range runs backwards.
    pub fn parse(policy: &Policy, pattern: &str) -> Result<Glob, QueryError> {
        if !pattern.contains('[') {
            return Pattern::parse(policy, pattern).map(Glob::Plain);
        }
        let bad = |reason: String| QueryError::BadPattern {
            pattern: pattern.to_string(),
            reason,
        };
        let t = pattern.trim();
        if t.chars().count() > MAX_CHARS {
            return Err(bad(format!("longer than {MAX_CHARS} characters")));
        }
        let mut re = String::new();
        let mut run = String::new();
        let flush = |run: &mut String, re: &mut String| -> Result<(), QueryError> {
            if run.is_empty() {
                return Ok(());
            }
            let key = policy.normalize_word(run).ok_or_else(|| {
                bad(format!(
                    "{} is not letters under the {} policy (use ? for one letter, * for any \
                     run, [..] for a class)",
                    folio_core::quote::quoted(run),
                    policy.name
                ))
            })?;
            key.chars().for_each(|c| push_char(re, c));
            run.clear();
            Ok(())
        };
        let mut chars = t.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '?' => {
                    flush(&mut run, &mut re)?;
                    re.push('.');
                }
                '*' => {
                    flush(&mut run, &mut re)?;
                    if !re.ends_with(".*") {
                        re.push_str(".*");
                    }
                }
                '[' => {
                    flush(&mut run, &mut re)?;
                    let negated = chars.next_if_eq(&'^').is_some();
                    let mut members: Vec<(char, char)> = Vec::new();
                    let mut closed = false;
                    while let Some(m) = chars.next() {
                        if m == ']' {
                            closed = true;
                            break;
                        }
                        let lo = letter(policy, m).map_err(&bad)?;
                        if chars.peek() == Some(&'-') {
                            chars.next();
                            let Some(h) = chars.next().filter(|&h| h != ']') else {
                                return Err(bad(open_range(policy, m)));
                            };
                            let hi = letter(policy, h).map_err(&bad)?;
                            if hi < lo {
                                return Err(bad(format!("range {m}-{h} runs backwards")));
                            }
                            members.push((lo, hi));
                        } else {
                            members.push((lo, lo));
                        }
                    }
                    if !closed {
                        return Err(bad("a class [ is not closed by ]".into()));
                    }
                    if members.is_empty() {
                        // Quoted as typed: `[^]` is empty too (nothing listed to exclude).
                        let typed = if negated { "[^]" } else { "[]" };
                        return Err(bad(format!("an empty class {typed} matches nothing")));
                    }
                    re.push('[');
                    if negated {
                        re.push('^');
                    }
                    for (lo, hi) in members {
                        push_char(&mut re, lo);
                        if hi != lo {
                            re.push('-');
                            push_char(&mut re, hi);
                        }
                    }
                    re.push(']');
                }
                ']' => return Err(bad("] without [".into())),
                c => run.push(c),
            }
        }
        flush(&mut run, &mut re)?;
        if re.is_empty() {
            return Err(bad("empty pattern".into()));
        }
        WholeWordRegex::new(&re)
            .map(|r| Glob::Classes(Box::new(r)))
            .map_err(|e| bad(e.to_string()))
    }

    /// Whether the whole key matches.
    pub fn matches(&self, key: &[u8]) -> bool {
        match self {
            Glob::Plain(p) => p.matches(key),
            Glob::Classes(r) => r.matches(key),
        }
    }

    /// Every word of `set` the pattern matches, in key order.
    ///
    /// # Errors
    /// [`QueryError::BadRegex`] when a pattern with classes needed more DFA states than
    /// [`WholeWordRegex::SIZE_LIMIT`] (see [`WholeWordRegex::check`]).
    pub fn search(&self, set: &WordSet) -> Result<Vec<String>, QueryError> {
        match self {
            Glob::Plain(p) => Ok(crate::query::search(set, p)),
            Glob::Classes(r) => r.search(set),
        }
    }

    /// Whether the answers of [`Self::matches`] so far are whole (see
    /// [`WholeWordRegex::check`]).
    ///
    /// # Errors
    /// [`QueryError::BadRegex`] when the DFA behind a pattern with classes gave up.
    pub fn check(&self) -> Result<(), QueryError> {
        match self {
            Glob::Plain(_) => Ok(()),
            Glob::Classes(r) => r.check(),
        }
    }
}

/// Why `[m-]` is refused: a `-` after a member always starts a range. Where `-` is a letter
/// of the policy (`raw`), it is matched by putting it first; elsewhere no placement makes
/// it a member, and the message says so rather than suggest one.
fn open_range(policy: &Policy, m: char) -> String {
    if letter(policy, '-').is_ok() {
        format!("range from {m} has no end (write [{m}-z], or put - first to match a -)")
    } else {
        format!(
            "range from {m} has no end: a class holds letters and ranges a-z, and - is not a \
             letter under the {} policy",
            policy.name
        )
    }
}

/// One class member: a single letter under the policy.
fn letter(policy: &Policy, c: char) -> Result<char, String> {
    let key = policy.normalize_word(&c.to_string());
    let mut it = key.as_deref().unwrap_or("").chars();
    match (it.next(), it.next()) {
        (Some(l), None) => Ok(l),
        (Some(_), Some(_)) => Err(format!(
            "class member {c} is more than one letter under the {} policy",
            policy.name
        )),
        _ if c == '-' => Err(format!(
            "a class holds letters and ranges a-z; - is not a letter under the {} policy (it \
             only joins the two ends of a range)",
            policy.name
        )),
        _ => Err(format!(
            "class member {} is not a letter under the {} policy",
            folio_core::quote::quoted(&c.to_string()),
            policy.name
        )),
    }
}

/// Appends `c` as a regex literal (`\x{..}`: never a metacharacter).
fn push_char(re: &mut String, c: char) {
    use std::fmt::Write;
    let _ = write!(re, "\\x{{{:X}}}", u32::from(c));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(s: &str) -> Glob {
        Glob::parse(&Policy::game(), s).unwrap()
    }

    #[test]
    fn classes_ranges_and_negation() {
        assert!(g("c[aeiou]t").matches(b"CAT"));
        assert!(!g("c[aeiou]t").matches(b"CWT"));
        assert!(g("[^s]*ing").matches(b"RING"));
        assert!(!g("[^s]*ing").matches(b"SING"));
        assert!(!g("[^s]*ing").matches(b"ING"));
        assert!(g("[a-c]?").matches(b"BE"));
        assert!(!g("[a-c]?").matches(b"DE"));
        assert!(g("*[xz]").matches(b"FIZZ"));
        assert!(g("[é]t[é]").matches(b"ETE")); // folded by the game policy
    }

    #[test]
    fn classes_in_sets_beyond_a_to_z() {
        let mut pol = Policy::game();
        pol.keep_diacritics = true;
        let p = |s: &str| Glob::parse(&pol, s).unwrap();
        assert!(p("[éè]t[é]").matches("ÉTÉ".as_bytes()));
        assert!(!p("[éè]t[é]").matches("ETE".as_bytes()));
        assert!(p("[^e]t?").matches("ÉTÉ".as_bytes()));
    }

    #[test]
    fn bad_classes_are_errors() {
        let p = Policy::game();
        for bad in ["c[aeiou", "c[]t", "c]t", "[4]", "[ß]", "[z-a]", "[a-]", ""] {
            assert!(Glob::parse(&p, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn an_empty_class_is_quoted_as_typed() {
        let p = Policy::game();
        for (pattern, typed) in [("c[]t", "[]"), ("c[^]t", "[^]")] {
            match Glob::parse(&p, pattern) {
                Err(QueryError::BadPattern { reason, .. }) => {
                    assert_eq!(reason, format!("an empty class {typed} matches nothing"));
                }
                other => panic!("{pattern}: {:?}", other.is_ok()),
            }
        }
    }

    #[test]
    fn a_dash_is_refused_without_suggesting_a_place_for_it() {
        let reason = |p: &Policy, s: &str| match Glob::parse(p, s) {
            Err(QueryError::BadPattern { reason, .. }) => reason,
            other => panic!("{s}: {:?}", other.is_ok()),
        };
        let game = Policy::game();
        let honest = "a class holds letters and ranges a-z";
        for bad in ["[a-]", "c[-a]t", "[-]", "[a--]", "c[^-]t"] {
            let r = reason(&game, bad);
            assert!(r.contains(honest), "{bad}: {r}");
            assert!(
                r.contains("- is not a letter under the game policy"),
                "{bad}: {r}"
            );
            assert!(!r.contains("put - "), "{bad}: {r}");
        }
        // Under raw, - is a letter: first in a class it is matched.
        let raw = Policy::raw();
        assert!(Glob::parse(&raw, "c[-a]t").unwrap().matches(b"C-T"));
        assert_eq!(
            reason(&raw, "[a-]"),
            "range from a has no end (write [a-z], or put - first to match a -)"
        );
    }

    /// A reference: a backtracking matcher over characters.
    fn reference(p: &[char], w: &[char]) -> bool {
        match p.split_first() {
            None => w.is_empty(),
            Some(('*', rest)) => (0..=w.len()).any(|i| reference(rest, &w[i..])),
            Some(('?', rest)) => !w.is_empty() && reference(rest, &w[1..]),
            Some(('[', rest)) => {
                let end = rest.iter().position(|&c| c == ']').unwrap();
                let (neg, set) = match rest[..end].split_first() {
                    Some(('^', s)) => (true, s),
                    _ => (false, &rest[..end]),
                };
                !w.is_empty() && set.contains(&w[0]) != neg && reference(&rest[end + 1..], &w[1..])
            }
            Some((c, rest)) => w.first() == Some(c) && reference(rest, &w[1..]),
        }
    }

    proptest::proptest! {
        #[test]
        fn agrees_with_backtracking(
            parts in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::strategy::Just("?".to_string()),
                    proptest::strategy::Just("*".to_string()),
                    "[ABC]",
                    "\\[\\^?[ABC]{1,2}\\]",
                ],
                1..6,
            ),
            word in "[ABC]{0,7}",
        ) {
            let pat: String = parts.concat();
            let compiled = g(&pat);
            let (pc, wc): (Vec<char>, Vec<char>) = (pat.chars().collect(), word.chars().collect());
            proptest::prop_assert_eq!(compiled.matches(word.as_bytes()), reference(&pc, &wc), "{} vs {}", pat, word);
        }
    }
}
