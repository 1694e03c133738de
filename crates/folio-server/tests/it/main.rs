//! Integration tests of folio-server: the server in process on free loopback ports, over
//! small books written by the tests. (The `folio serve` binary is tested end to end in the
//! repository's tests/e2e/serve.rs.)

mod common;

mod api;
mod browser;
mod on_disk;
mod protocol;
