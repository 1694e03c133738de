//! Scripted games: parse a script into plain data, replay it through folio-core, report.
//!
//! - [`boggle`]: Boggle round scripts (`#game boggle`): [`boggle::play_script`] returns a
//!   [`boggle::Report`] (text via `Display`, JSON via `to_json`).

pub mod boggle;
