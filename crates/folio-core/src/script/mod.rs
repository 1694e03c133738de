//! What every scripted game shares: one location type, one line splitter with its encodings,
//! one finding shape, one `#game` reader and the [`ScriptedGame`] trait.
//!
//! A game crate parses a script into its own plain data, validates and replays it through its
//! own rules, and reports through these types, so `folio play` can treat every game alike:
//!
//! ```
//! use folio_core::script::{Finding, Loc, Rule};
//!
//! #[derive(Debug)]
//! struct Duplicate(u8);
//! impl std::fmt::Display for Duplicate {
//!     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
//!         write!(f, "{} is already in this row", self.0)
//!     }
//! }
//! impl Rule for Duplicate {
//!     fn code(&self) -> &'static str { "row-duplicate" }
//! }
//!
//! let f = Finding { file: "s.kenken".into(), loc: Loc::new(4, 1), rule: Duplicate(3), text: "B3=3".into() };
//! assert_eq!(f.to_string(), "s.kenken:4:1: 3 is already in this row");
//! ```

pub mod codes;
pub mod excerpt;
pub mod finding;
pub mod game;
pub mod lines;
pub mod loc;
pub mod not_text;
pub mod pragma;
pub mod severity;
pub mod text_lines;

pub use excerpt::{excerpt, Excerpter};
pub use finding::{Coded, Finding, Rule, SHOWN_CHARS};
pub use game::{
    LexiconRequest, Lexicons, Options, Refusal, Resolved, ScriptReport, ScriptedGame, Source,
};
pub use lines::{decode, each_line, split_lines, Decoded, Encoding, StreamLines};
pub use loc::{Columns, Loc};
pub use not_text::{text_stop, NotText, TextStop};
pub use pragma::{game_line, GameLine};
pub use severity::{Severity, Weighed, Weighing};
pub use text_lines::TextLines;
