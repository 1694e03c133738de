//! Scripted games: parse a script into plain data, replay it through folio-core, report.
//!
//! - [`text`]: bytes to lines (CRLF, UTF-8 or ISO-8859-1).
//! - [`gcg`]: the parser of GCG and folio's superset of it, into a [`script::Script`].
//! - [`script`]: the plain data a script parses into.

pub mod gcg;
pub mod script;
pub mod text;

pub use gcg::{parse, ParseError, ParseErrorKind, ParseErrors};
pub use script::Script;
