//! Scripted games: parse a script into plain data, replay it through folio-core, report.
//!
//! A script is a GCG record or folio's superset of GCG (optional rack, score and cumulative
//! fields; `#rules`, `#lexicon PATH`, `#seed`, `#rounds`, `#game` pragmas: see
//! `docs/formats.md`). The pipeline is parse → replay → report:
//!
//! ```
//! let text = b"#player1 Joel Joel\n#player2 Ann Ann\n>Joel: DROWNUG 8G WOUND +18 18\n>Ann: - +0 0\n";
//! let script = folio_play::parse(text, "game.gcg").unwrap();
//! let no_words: Option<&folio_core::WordList> = None; // words unchecked
//! let report = folio_play::replay::replay(&script, no_words, &Default::default());
//! assert_eq!(report.turns[0].points, 18); // (4+1+1+1+2) x 2: O on the centre star
//! assert!(report.is_valid());
//! print!("{}", report.to_text());
//! ```
//!
//! - [`text`]: bytes to lines (CRLF, UTF-8 or ISO-8859-1).
//! - [`gcg`]: the parser, into a [`script::Script`]; typed, located [`ParseError`]s.
//! - [`script`]: the plain data a script parses into.
//! - [`replay`]: drives folio-core through every event, collecting [`findings::Finding`]s.
//! - [`findings`]: the rules a script can break, each located with the line as written.
//! - [`report`]: the report (JSON schema in `docs/formats.md`) and its text transcript.
//! - [`mod@write`]: writes a report back as a complete GCG file.
//! - [`boggle`]: Boggle round scripts (`#game boggle`): [`boggle::play_script`] returns a
//!   [`boggle::Report`] (text via `Display`, JSON via `to_json`).

pub mod boggle;
pub mod findings;
pub mod gcg;
pub mod replay;
pub mod report;
pub mod script;
pub mod text;
pub mod write;

pub use findings::{Finding, Rule};
pub use gcg::{parse, ParseError, ParseErrorKind, ParseErrors};
pub use report::Report;
pub use script::Script;
