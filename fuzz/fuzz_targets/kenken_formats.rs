//! KenKen puzzle readers: Keen IDs, folio's text format, JSON lines, the verbatim formats and
//! the any-format reader. Any text gives a puzzle or a located error, never a panic; a puzzle
//! read prints back (as a Keen ID, as text, as JSON) to the same puzzle.
#![no_main]

use folio_kenken::{parse_json, parse_keen_id, parse_puzzles, parse_text, to_json, to_text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(id) = parse_keen_id(text) {
        let again = parse_keen_id(&id.to_string()).expect("a Keen ID re-parses");
        assert_eq!(again.puzzle, id.puzzle);
    }
    if let Ok(p) = parse_text(text) {
        let again = parse_text(&to_text(&p)).expect("folio text re-parses");
        assert_eq!(again, p);
    }
    if let Ok(e) = parse_json(text) {
        let json = to_json(&e.puzzle, None).to_string();
        let again = parse_json(&json).expect("folio JSON re-parses");
        assert_eq!(again.puzzle, e.puzzle);
    }
    match parse_puzzles(text) {
        Ok(entries) => {
            for e in entries {
                let _ = to_text(&e.puzzle);
            }
        }
        Err(e) => assert!(e.line >= 1 && e.col >= 1, "{e:?}"),
    }
});
