//! Integration tests of folio-lexicon: one test binary, a module per area.

mod boggle_cursor;
mod boggle_enable2k;
mod classes_hooks;
mod enable_queries;
mod folding;
mod fuzzy_scripts;
mod partials;
