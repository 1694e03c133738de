//! Tile sets for the crossword commands: `--tileset NAME`, and the check that a word set's
//! alphabet fits the tiles in play.

use std::path::Path;

use anyhow::{bail, Context};
use folio_core::quote::quoted;
use folio_lexicon::WordSet;
use folio_scrabble::TileSet;

/// The tile set named by `--tileset` for a crossword game (`course`, `english`, `french`,
/// `german`).
pub fn named(name: &str) -> anyhow::Result<TileSet> {
    let known = any(name)?;
    TileSet::crossword(known.name).with_context(|| {
        format!(
            "--tileset {}: its letters are beyond what folio's crossword board places",
            quoted(name)
        )
    })
}

/// Any tile set by name, for word queries (`course`, `english`, `french`, `german`).
pub fn any(name: &str) -> anyhow::Result<TileSet> {
    TileSet::named(&name.to_lowercase()).with_context(|| {
        format!(
            "--tileset {}: known tile sets are course, english, french, german",
            quoted(name)
        )
    })
}

/// Refuses a word set built for another alphabet than `tiles`: a word with a letter no tile
/// shows (`É` with English tiles) could never be played, and a set holding such words was
/// built with diacritics kept (the game policy folds them to `A`–`Z`; `--tile-letters ÄÖÜ`
/// keeps the German tiles' own). A set whose letters are a subset of the tiles' is fine.
pub fn check_alphabet(path: &Path, set: &WordSet, tiles: &TileSet) -> anyhow::Result<()> {
    let outside: Vec<char> = set
        .letters_outside_a_to_z()
        .into_iter()
        .filter(|&c| !tiles.has_letter(c))
        .collect();
    if outside.is_empty() {
        return Ok(());
    }
    // At most 12 shown; a longer list says it goes on (the letters past À matter as much).
    let mut shown: String = outside.iter().take(12).collect();
    if outside.len() > 12 {
        shown.push('…');
    }
    let has: String = tiles.extra.iter().map(|e| e.letter).collect();
    bail!(
        "{}: its words use {} beside A-Z{}; the {} tile set has no tiles for them: the set was \
         built for another alphabet (build it with the game policy, which folds accents{})",
        folio_core::file_name::in_message(path),
        quoted(&shown),
        if has.is_empty() {
            String::new()
        } else {
            format!(" and {has}")
        },
        tiles.name,
        // A German set (`--lang de`) is built with the game policy too: say what to drop.
        if has.is_empty() {
            String::from(", without --lang de or --tile-letters")
        } else {
            format!(", and --tile-letters {has}")
        }
    )
}
