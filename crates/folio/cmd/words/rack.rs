//! `anagram` and `from-rack`: words made from a rack of tiles, with their tile scores.

use std::io::Write;

use folio_lexicon::query::anagram;
use folio_lexicon::query::rack::{self, LetterValues, Rack, RackWord};
use folio_lexicon::Policy;
use serde_json::json;

use super::{load, Outcome, Sets};

/// The values of a tile set's letters (`A`–`Z` and those beyond, German `Ä`), as racks are
/// scored with (`--tileset`, default english).
fn values(tileset: Option<&str>) -> anyhow::Result<LetterValues> {
    let set = match tileset {
        Some(name) => crate::cmd::tiles::any(name)?,
        None => folio_scrabble::TileSet::ENGLISH,
    };
    Ok(LetterValues::from_chars(
        ('A'..='Z')
            .chain(set.extra.iter().map(|e| e.letter))
            .map(|c| (c, set.letter_value(c))),
    ))
}

pub(super) fn anagram(
    sets: &Sets,
    policy: &Policy,
    letters: &str,
    tileset: Option<&str>,
    json: bool,
    w: &mut impl Write,
) -> anyhow::Result<Outcome> {
    let values = values(tileset)?;
    let r = Rack::parse(policy, letters)?;
    let set = load(sets)?;
    let found = anagram::anagrams(&set, &r, &values);
    print_scored(w, json, json!({ "letters": letters }), &found)
}

pub(super) fn from_rack(
    sets: &Sets,
    policy: &Policy,
    letters: &str,
    min_len: usize,
    tileset: Option<&str>,
    json: bool,
    w: &mut impl Write,
) -> anyhow::Result<Outcome> {
    let values = values(tileset)?;
    let r = Rack::parse(policy, letters)?;
    let set = load(sets)?;
    let found = rack::from_rack(&set, &r, min_len, &values);
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
