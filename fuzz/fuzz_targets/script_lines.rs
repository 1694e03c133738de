//! The kernel's script readers, shared by every game: the line splitter (LF, CRLF, lone CR),
//! GCG's UTF-8 / ISO-8859-1 decoding and the `#game` line reader. Any bytes, never a panic;
//! the lines cover the input; the streaming splitter (`StreamLines`, reads of any size, a
//! `\r\n` split across two) gives the lines `each_line` gives.
#![no_main]

use folio_core::script::{decode, each_line, game_line, split_lines, StreamLines};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let split = split_lines(data);
    let text_bytes: usize = split.iter().map(|l| l.len()).sum();
    assert!(text_bytes <= data.len());
    let decoded = decode(data);
    assert!(decoded.lines.len() <= split.len().max(1));
    let _ = game_line(data);
    // Streamed in reads of 1 to 8 bytes (the first byte picks), with no cap on a line.
    let chunk = usize::from(data.first().copied().unwrap_or(0) % 8) + 1;
    let reader = std::io::BufReader::with_capacity(chunk, data);
    let mut stream = StreamLines::new(reader, usize::MAX);
    let mut line = Vec::new();
    let mut streamed: Vec<Vec<u8>> = Vec::new();
    while stream.next_line(&mut line).expect("a slice reads") {
        streamed.push(line.clone());
    }
    let whole: Vec<&[u8]> = each_line(data).collect();
    assert_eq!(streamed, whole);
});
