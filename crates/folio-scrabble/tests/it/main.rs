//! Integration tests of folio-scrabble: one test binary, a module per area.

mod game;
mod movegen_oracle;
mod movegen_records;
mod properties;
mod scoring;
mod shared_parse;
