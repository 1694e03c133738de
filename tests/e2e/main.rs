//! End-to-end tests of the `folio` binary: one test binary, one module per command group,
//! one helper module ([`common`]). Data comes from `tests/data/<game>/` and, through
//! `folio_testdata`, from the shared folder (`FOLIO_SHARED`).

mod common;

mod autoplay;
mod boggle;
mod bounded;
mod cli;
mod file_names;
mod fix;
mod freecell;
mod game_ci;
mod ingest;
mod kenken;
mod long_lines;
mod moves;
mod not_text;
mod notes;
mod play;
mod play_ci;
mod plurals;
mod polish;
mod quiet;
mod refusals;
mod render;
mod scale;
mod schemas;
mod scrabble_points;
mod serve;
mod shared_config;
mod teacher;
mod transcripts;
mod trial;
mod words;
