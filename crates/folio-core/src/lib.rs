//! folio's kernel: what every game and tool of folio shares, and nothing game-specific.
//!
//! - [`Lexicon`]: what rules and solvers may ask about words (membership and a prefix
//!   cursor); [`WordList`] is an in-memory implementation for tests and examples, and
//!   folio-lexicon implements it over fst.
//! - [`rng`]: [`SplitMix64`], the portable seeded generator behind every bag, roll and deal.
//! - [`quote`]: user text as messages show it (escaped, clipped).
//! - [`file_name`]: a file's name as outputs show it (a name that is not UTF-8 escaped, `\xFF`).
//! - [`script`]: what every scripted game shares: [`Loc`](script::Loc), the line splitter and
//!   encodings, [`Finding`](script::Finding), the `#game` reader and the
//!   [`ScriptedGame`](script::ScriptedGame) trait `folio play` dispatches through.
//!
//! No I/O, no fst, no game: each game lives in its own crate (folio-scrabble, folio-boggle,
//! …) on top of this one.
//!
//! ```
//! use folio_core::{Lexicon, WordList};
//! let words = WordList::new(["HORN", "HORNS", "FARM"]);
//! assert!(words.contains(b"HORN"));
//! let horn = words.walk(b"HORN").unwrap();
//! assert!(words.step(horn, b'S').is_some_and(|c| words.is_word(c)));
//! ```

#![deny(missing_docs)]

pub mod file_name;
pub mod lexicon;
pub mod quote;
pub mod rng;
pub mod script;

pub use lexicon::{Lexicon, WordList};
pub use rng::SplitMix64;

/// A count with its noun, singular for 1 and plural otherwise: `plural(1, "word", "words")`
/// is `"1 word"`, `plural(0, "word", "words")` is `"0 words"`. Every message that counts
/// something goes through it, so no message reads `1 words` or `book(s)`.
///
/// ```
/// assert_eq!(folio_core::plural(1, "book", "books"), "1 book");
/// assert_eq!(folio_core::plural(2, "run", "runs"), "2 runs");
/// ```
pub fn plural<N: Count>(n: N, one: &str, many: &str) -> String {
    format!("{n} {}", noun(n, one, many))
}

/// A number [`plural`] and [`noun`] count with: any integer type.
pub trait Count: Copy + std::fmt::Display {
    /// Whether the count is exactly one (takes the singular).
    fn is_one(self) -> bool;
}

macro_rules! count_impl {
    ($($t:ty),*) => {$(
        impl Count for $t {
            fn is_one(self) -> bool {
                self == 1
            }
        }
    )*};
}
count_impl!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

/// The noun alone, for a count written elsewhere: `noun(1, "word", "words")` is `"word"`.
pub fn noun<'a, N: Count>(n: N, one: &'a str, many: &'a str) -> &'a str {
    if n.is_one() {
        one
    } else {
        many
    }
}

#[cfg(test)]
mod tests {
    use super::{noun, plural};

    #[test]
    fn plural_reads_one_and_many() {
        assert_eq!(plural(1u32, "word", "words"), "1 word");
        assert_eq!(plural(0u32, "word", "words"), "0 words");
        assert_eq!(plural(2usize, "violation", "violations"), "2 violations");
        assert_eq!(noun(1u8, "is", "are"), "is");
        assert_eq!(noun(3u8, "is", "are"), "are");
    }
}
