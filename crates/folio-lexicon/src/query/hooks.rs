//! Hooks, as Zyzzyva shows them: the letters that make another word of the set when put
//! in front of a word (front hooks) or after it (back hooks). CAT: front `S` (SCAT), back
//! `S` (CATS) in a set with those words.
//!
//! Found with two whole-word regex searches (`.WORD` and `WORD.`), so a hook is one letter
//! of any alphabet the set holds (É in a `--keep-diacritics` set), and only the branches of
//! the set that can match are visited.
//!
//! ```
//! use folio_lexicon::{query::hooks::hooks, Policy, WordSet};
//! let set = WordSet::from_words(["AT", "CAT", "CATS", "SCAT", "CATE"]).unwrap();
//! let h = hooks(&set, &Policy::game(), "cat").unwrap();
//! assert_eq!((h.front.as_str(), h.back.as_str()), ("S", "ES"));
//! ```

use crate::policy::Policy;
use crate::query::regex::WholeWordRegex;
use crate::query::{normalize, QueryError};
use crate::set::WordSet;

/// The hooks of one word.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Hooks {
    /// The word's key.
    pub word: String,
    /// Whether the word itself is in the set.
    pub present: bool,
    /// Front hooks, in key order, as one string of letters.
    pub front: String,
    /// Back hooks, in key order, as one string of letters.
    pub back: String,
}

/// The front and back hooks of `word` (normalised by `policy`) in `set`.
///
/// # Errors
/// [`QueryError::Empty`] or [`QueryError::NotAWord`] for the word.
pub fn hooks(set: &WordSet, policy: &Policy, word: &str) -> Result<Hooks, QueryError> {
    if word.trim().is_empty() {
        return Err(QueryError::Empty("word"));
    }
    let key = normalize(policy, word)?;
    let lit: String = key
        .chars()
        .map(|c| format!("\\x{{{:X}}}", u32::from(c)))
        .collect();
    let run =
        |re: String| -> Result<Vec<String>, QueryError> { WholeWordRegex::new(&re)?.search(set) };
    let front: String = run(format!(".{lit}"))?
        .iter()
        .filter_map(|w| w.chars().next())
        .collect();
    let back: String = run(format!("{lit}."))?
        .iter()
        .filter_map(|w| w.chars().last())
        .collect();
    Ok(Hooks {
        present: set.as_fst_set().contains(&key),
        word: key,
        front,
        back,
    })
}
