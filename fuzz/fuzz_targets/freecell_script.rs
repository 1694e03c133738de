//! FreeCell solution files (folio scripts, FC-Pro, fc-solve verbose output, bare move lists):
//! any bytes parse into a script or a located error, and replay (under each free-cell count
//! and auto-play convention) into a report, never a panic.
#![no_main]

use folio_freecell::parse::parse;
use folio_freecell::replay::{replay, Options};
use folio_freecell::Autoplay;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(script) = parse(data) {
        for m in &script.moves {
            assert!(m.line >= 1 && m.col >= 1, "{m:?}");
        }
    }
    let base = replay("fuzz.txt", data, &Options::default());
    let _ = base.to_json();
    let _ = base.to_string();
    let _ = (base.won(), base.valid(), base.move_counts());
    for (freecells, (_, autoplay)) in [0, 2, 8].into_iter().zip(Autoplay::ALL) {
        let opts = Options {
            deal: Some(617),
            freecells: Some(freecells),
            autoplay: Some(autoplay),
        };
        let _ = replay("fuzz.txt", data, &opts).to_json();
    }
});
