//! Integration tests of folio-kenken: one test binary, a module per area.

mod generated;
mod properties;
mod shared_data;
