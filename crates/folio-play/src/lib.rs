//! Scripted games: parse a script into plain data, replay it through folio-core, report.
