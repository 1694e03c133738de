//! FreeCell for folio: Microsoft deals by number, one move judge, replay of published
//! solutions (FC-Pro standard notation, fc-solve verbose output, folio scripts) and a solver.
//!
//! ```
//! use folio_freecell::{deal, replay, Options};
//!
//! // Deal 1, column 1, bottom to top.
//! assert_eq!(deal::deal(1).unwrap()[0][0].to_string(), "JD");
//!
//! // Replay a folio script: an illegal first move is a finding at its line and column.
//! let r = replay::replay("s.txt", b"#game freecell\n#deal 1\n1h\n", &Options::default());
//! assert_eq!(r.findings[0].rule.code, "foundation-order");
//! assert_eq!((r.findings[0].loc.line, r.findings[0].loc.col), (3, 1));
//! ```

pub mod autoplay;
pub mod card;
mod codes;
pub mod deal;
pub mod moves;
pub mod parse;
pub mod position;
pub mod replay;
mod scripted;

pub use autoplay::Autoplay;
pub use card::{Card, Suit};
pub use codes::code;
pub use moves::{EmptyTarget, Loc, Move, MoveError};
pub use position::Position;
pub use replay::{Finding, Options, Report};
pub use scripted::FreeCell;
pub mod solver;
