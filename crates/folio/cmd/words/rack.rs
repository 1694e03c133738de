//! `anagram` and `from-rack`: words made from a rack of tiles, with their tile scores.

use std::io::Write;

use folio_lexicon::query::anagram;
use folio_lexicon::query::rack::{self, LetterValues, Rack, RackWord};
use folio_lexicon::Policy;
use serde_json::json;

use super::{load, Outcome, Sets};

/// The English tile values (A=1 ... Q=Z=10) racks are scored with.
///
/// Transitional: this will come from folio-scrabble's `TileSet` (the game owns its tile
/// values; folio-lexicon takes them as a parameter) once the Scrabble crate lands.
fn english() -> LetterValues {
    let values = folio_scrabble::TileSet::ENGLISH.values;
    LetterValues::from_fn(|b| match b {
        b'A'..=b'Z' => u32::from(values[usize::from(b - b'A')]),
        _ => 0,
    })
}

pub(super) fn anagram(
    sets: &Sets,
    policy: &Policy,
    letters: &str,
    json: bool,
    w: &mut impl Write,
) -> anyhow::Result<Outcome> {
    let r = Rack::parse(policy, letters)?;
    let set = load(sets)?;
    let found = anagram::anagrams(&set, &r, &english());
    print_scored(w, json, json!({ "letters": letters }), &found)
}

pub(super) fn from_rack(
    sets: &Sets,
    policy: &Policy,
    letters: &str,
    min_len: usize,
    json: bool,
    w: &mut impl Write,
) -> anyhow::Result<Outcome> {
    let r = Rack::parse(policy, letters)?;
    let set = load(sets)?;
    let found = rack::from_rack(&set, &r, min_len, &english());
    let q = json!({ "rack": letters, "min_len": min_len });
    print_scored(w, json, q, &found)
}

fn print_scored(
    w: &mut impl Write,
    json: bool,
    mut query: serde_json::Value,
    found: &[RackWord],
) -> anyhow::Result<Outcome> {
    if json {
        query["count"] = json!(found.len());
        query["words"] = json!(found);
        writeln!(w, "{query}")?;
    } else {
        for f in found {
            writeln!(w, "{} {}", f.display(), f.score)?;
        }
    }
    Ok(Outcome::Ok)
}
