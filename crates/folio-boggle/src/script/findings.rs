//! The rules a Boggle round script can break, typed, in the kernel's finding shape.

use std::fmt;

use folio_core::quote::{clipped, QUOTED_CHARS};

use crate::Rejection;

/// A rule a round broke: a word rejected (with its typed [`Rejection`]) or a claimed score
/// the replay does not give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// A player's word scores nothing, and why.
    Rejected {
        /// The player's nick.
        player: String,
        /// The word, normalised (clipped when huge).
        word: String,
        /// Why it is rejected.
        rejection: Rejection,
    },
    /// A pragma folio does not know (`#bogus 1`): the round is replayed without it.
    UnknownPragma {
        /// The pragma's name, without `#`.
        name: String,
    },
    /// A `#score` claim differs from the replay's total.
    ClaimedScore {
        /// The player's nick.
        player: String,
        /// The score claimed.
        claimed: u32,
        /// The score the replay gives.
        replay: u32,
    },
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Rejected {
                player,
                word,
                rejection,
            } => write!(f, "{}: {word} {rejection}", clipped(player, QUOTED_CHARS)),
            // The words of the script error it was before it stopped being one.
            Rule::UnknownPragma { name } => {
                super::error::ScriptError::UnknownPragma(name.clone()).fmt(f)
            }
            Rule::ClaimedScore {
                player,
                claimed,
                replay,
            } => write!(
                f,
                "{}: claimed score {claimed} but the replay gives {replay}",
                clipped(player, QUOTED_CHARS)
            ),
        }
    }
}

folio_core::rule_codes! {
    impl Rule {
        /// The stable rule code: a rejected word's is its rejection's (`not-on-board`).
        pub fn code;
        via { Rule::Rejected { rejection, .. } => rejection.code() }
        codes {
            Rule::ClaimedScore { .. } => "claimed-score",
            Rule::UnknownPragma { .. } => "unknown-pragma",
        }
    }
}

impl folio_core::script::Rule for Rule {
    fn code(&self) -> &'static str {
        Rule::code(self)
    }
}

/// One located finding of a round.
pub type Finding = folio_core::script::Finding<Rule>;
