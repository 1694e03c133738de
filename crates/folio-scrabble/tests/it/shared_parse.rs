//! Every real GCG record of the shared collection parses; every MAGPIE invalid fixture whose
//! problem is a matter of syntax or header order is reported with the matching kind.

use std::path::PathBuf;

fn gcg_files(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read gcg dir")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "gcg"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_real_record_parses() {
    let Some(dir) = folio_testdata::path("games/scrabble/gcg") else {
        return;
    };
    let files = gcg_files(&dir);
    assert!(files.len() >= 90, "only {} records", files.len());
    let mut events = 0;
    for f in &files {
        let bytes = std::fs::read(f).expect("read record");
        let name = f.display().to_string();
        match folio_scrabble::parse(&bytes, &name) {
            Ok(s) => {
                events += s.events.len();
                assert!(s.seats() >= 2, "{name}: {} seats", s.seats());
            }
            Err(e) => panic!("{name}: {:#?}", e.errors),
        }
    }
    assert!(events > 2000, "{events} events");
}

/// The parse-level fixtures and the kind (our code) each must be reported with. The others
/// are replay-level (tested with the replayer).
const PARSE_LEVEL: &[(&str, &str)] = &[
    ("challenge_bonus_rack_malformed", "malformed-rack"),
    ("description_after_events", "pragma-after-events"),
    ("duplicate_names", "duplicate-name"),
    ("duplicate_nicknames", "duplicate-nickname"),
    ("empty", "empty"),
    ("end_points_rack_malformed", "malformed-rack"),
    ("event_after_last_rack", "event-after-final-rack"),
    ("exchange_malformed", "malformed-exchange"),
    ("invalid_tile_placement", "bad-coordinate"),
    ("malformed_play", "malformed-word"),
    ("malformed_rack", "malformed-rack"),
    ("move_before_player", "player-after-events"),
    ("note_before_events", "note-before-events"),
    ("pass_rack_malformed", "malformed-rack"),
    ("player_number_redundant", "player-redeclared"),
    ("unrecognized_game_variant", "unknown-game-variant"),
    ("unsupported_character_encoding", "unsupported-encoding"),
];

#[test]
fn parse_level_invalid_fixtures_name_their_problem() {
    let Some(dir) = folio_testdata::path("games/scrabble/gcg/invalid") else {
        return;
    };
    for (stem, code) in PARSE_LEVEL {
        let path = dir.join(format!("magpie__{stem}.gcg"));
        let bytes = std::fs::read(&path).expect("read fixture");
        let problems = match folio_scrabble::parse(&bytes, stem) {
            Ok(s) => s.issues,
            Err(e) => e.errors,
        };
        assert!(
            problems.iter().any(|p| p.kind.code() == *code),
            "{stem}: expected {code}, got {problems:#?}"
        );
    }
    // Every other fixture parses (its problem shows in the replay).
    for f in gcg_files(&dir) {
        let stem = f
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .replace("magpie__", "");
        if PARSE_LEVEL.iter().any(|(s, _)| *s == stem) {
            continue;
        }
        let bytes = std::fs::read(&f).expect("read fixture");
        if let Err(e) = folio_scrabble::parse(&bytes, &stem) {
            panic!("{stem} should parse: {:#?}", e.errors);
        }
    }
}
