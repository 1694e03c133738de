//! The kernel's script readers, shared by every game: the line splitter (LF, CRLF, lone CR),
//! GCG's UTF-8 / ISO-8859-1 decoding and the `#game` line reader. Any bytes, never a panic;
//! the lines cover the input.
#![no_main]

use folio_core::script::{decode, game_line, split_lines};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let split = split_lines(data);
    let text_bytes: usize = split.iter().map(|l| l.len()).sum();
    assert!(text_bytes <= data.len());
    let decoded = decode(data);
    assert!(decoded.lines.len() <= split.len().max(1));
    let _ = game_line(data);
});
