//! Integration tests of folio-freecell: one test binary, a module per area.

mod properties;
mod shared_data;
