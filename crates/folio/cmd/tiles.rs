//! Tile sets for the crossword commands: `--tileset NAME`, and the check that a word set's
//! alphabet fits the tiles in play.

use std::path::Path;

use anyhow::{bail, Context};
use folio_core::quote::quoted;
use folio_lexicon::WordSet;
use folio_scrabble::TileSet;

/// The tile set named by `--tileset` for a crossword game (`course`, `english`, `french`).
pub fn named(name: &str) -> anyhow::Result<TileSet> {
    let known = any(name)?;
    if !known.extra.is_empty() {
        let letters: String = known.extra.iter().map(|e| e.letter).collect();
        bail!(
            "--tileset {}: its tiles {} are beyond A-Z, which folio's crossword engine does \
             not place yet; crossword tile sets are course, english, french (the {} set \
             scores words from-rack and anagram)",
            quoted(name),
            quoted(&letters),
            known.name
        );
    }
    Ok(known)
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
/// shows (`É`, `Ä`) could never be played, and a set holding such words was built with
/// diacritics kept (the game policy folds them to `A`–`Z`).
pub fn check_alphabet(path: &Path, set: &WordSet, tiles: &TileSet) -> anyhow::Result<()> {
    let outside = set.letters_outside_a_to_z();
    if outside.is_empty() {
        return Ok(());
    }
    let shown: String = outside.iter().take(12).collect();
    bail!(
        "{}: its words use {} beside A-Z; the {} tile set has tiles A-Z only: the set was \
         built for another alphabet (build it with the game policy, which folds accents)",
        path.display(),
        quoted(&shown),
        tiles.name
    )
}
