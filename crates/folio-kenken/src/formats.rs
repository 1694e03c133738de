//! Reading a puzzle in any supported format, told apart by its first line.

use crate::error::{ParseError, ParseErrorKind};
use crate::grade::Difficulty;
use crate::json::parse_json;
use crate::keen::parse_keen_id;
use crate::puzzle::Puzzle;
use crate::text::{lines, parse_text};
use crate::verbatim::{parse_kk, parse_symbol_grid};

/// A supported puzzle format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Keen game IDs, one per line.
    KeenId,
    /// folio's text format (`kenken N` header).
    Text,
    /// One JSON object, or JSON lines (one object per line).
    Json,
    /// `.KK` letter tableaux.
    LetterTableau,
    /// A symbol grid and a clue table.
    SymbolGrid,
}

impl Format {
    /// The format of `text`, from its first non-blank line: `{` JSON, `.KK` letter tableau,
    /// `kenken N` folio text, `<digits>[d<letter>][m]:` a Keen ID, else a symbol grid.
    pub fn detect(text: &str) -> Format {
        let first = lines(text)
            .map(|(_, l)| l.trim())
            .find(|l| !l.is_empty() && !l.starts_with("# "))
            .unwrap_or("");
        let params = first.split(':').next().unwrap_or("");
        if first.starts_with('{') {
            Format::Json
        } else if first.starts_with(".KK") {
            Format::LetterTableau
        } else if first.split_whitespace().next() == Some("kenken") {
            Format::Text
        } else if first.contains(':')
            && params.starts_with(|c: char| c.is_ascii_digit())
            && params.chars().all(|c| c.is_ascii_alphanumeric())
        {
            Format::KeenId
        } else {
            Format::SymbolGrid
        }
    }
}

/// One puzzle read from a file, with what the format says beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// A solution carried by the format (JSON `solution`).
    pub solution: Option<Vec<u8>>,
    /// A difficulty the format claims (Keen's `d<letter>`).
    pub difficulty: Option<Difficulty>,
    /// A title or id (`.KK` title, JSON `id`).
    pub name: Option<String>,
    /// Keen's multiplication-only flag (the `m` of a Keen ID's parameters), carried so a
    /// Keen ID converts back to itself byte for byte. No other format writes it.
    pub multiplication_only: bool,
}

impl From<Puzzle> for Entry {
    /// An entry with nothing beside the puzzle.
    fn from(puzzle: Puzzle) -> Entry {
        Entry {
            puzzle,
            solution: None,
            difficulty: None,
            name: None,
            multiplication_only: false,
        }
    }
}

/// The most puzzles one file may hold (Keen IDs, JSON lines, `.KK` tableaux): published
/// collections hold hundreds; 10,000 16x16 puzzles take about 100 MB once read.
pub const MAX_PUZZLES: usize = 10_000;

/// `Err` at line `n` when `count` puzzles were already read ([`MAX_PUZZLES`]).
pub(crate) fn room_for_one_more(count: usize, n: usize) -> Result<(), ParseError> {
    if count >= MAX_PUZZLES {
        return Err(ParseError::new(
            n,
            1,
            ParseErrorKind::TooManyPuzzles(MAX_PUZZLES),
        ));
    }
    Ok(())
}

/// Reads every puzzle of `text`, in whatever supported format it is. A leading UTF-8
/// byte-order mark is dropped (columns count after it). Never panics.
///
/// # Errors
/// The first fault, at its line and column (for JSON lines and Keen IDs, the line in `text`);
/// [`ParseErrorKind::TooManyPuzzles`] past [`MAX_PUZZLES`].
pub fn parse_puzzles(text: &str) -> Result<Vec<Entry>, ParseError> {
    let text = folio_core::script::lines::strip_bom(text);
    let relocate = |n: usize, mut e: ParseError| {
        e.line = e.line.saturating_add(n as u32 - 1);
        e
    };
    match Format::detect(text) {
        Format::Text => Ok(vec![Entry::from(parse_text(text)?)]),
        Format::SymbolGrid => Ok(vec![Entry::from(parse_symbol_grid(text)?)]),
        Format::LetterTableau => Ok(parse_kk(text)?
            .into_iter()
            .map(|t| Entry {
                name: Some(t.title),
                ..Entry::from(t.puzzle)
            })
            .collect()),
        Format::KeenId => lines(text)
            .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .enumerate()
            .map(|(k, (n, l))| {
                room_for_one_more(k, n)?;
                let id = parse_keen_id(l).map_err(|e| relocate(n, e))?;
                Ok(Entry {
                    difficulty: id.difficulty,
                    multiplication_only: id.multiplication_only,
                    ..Entry::from(id.puzzle)
                })
            })
            .collect(),
        Format::Json => {
            let trimmed = text.trim();
            // One object over several lines, or JSON lines.
            // (Read as `IgnoredAny`: nothing is held, so a huge array costs no memory.)
            let one = serde_json::from_str::<serde::de::IgnoredAny>(trimmed).is_ok();
            let chunks: Vec<(usize, &str)> = if one {
                vec![(
                    1 + text[..text.len() - text.trim_start().len()]
                        .matches('\n')
                        .count(),
                    trimmed,
                )]
            } else {
                lines(text).filter(|(_, l)| !l.trim().is_empty()).collect()
            };
            chunks
                .into_iter()
                .enumerate()
                .map(|(k, (n, chunk))| {
                    room_for_one_more(k, n)?;
                    let j = parse_json(chunk).map_err(|e| relocate(n, e))?;
                    Ok(Entry {
                        puzzle: j.puzzle,
                        solution: j.solution,
                        difficulty: j.difficulty.as_deref().and_then(Difficulty::from_name),
                        name: j.id,
                        multiplication_only: false,
                    })
                })
                .collect()
        }
    }
    .and_then(|v: Vec<Entry>| {
        if v.is_empty() {
            Err(ParseError::new(1, 1, ParseErrorKind::Empty))
        } else {
            Ok(v)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: &str = "4dn:a_4a_a_a__aaba,m48d2s1a6s1m4d2";

    /// A file of more puzzles than any collection is refused at the first one too many,
    /// in each many-puzzle format, so reading it never holds more than the cap.
    #[test]
    fn a_file_past_the_puzzle_cap_is_refused_at_the_one_too_many() {
        let ids = format!("{ID}\n").repeat(MAX_PUZZLES);
        assert_eq!(parse_puzzles(&ids).map(|v| v.len()), Ok(MAX_PUZZLES));
        let over = format!("{ids}{ID}\n");
        let err = parse_puzzles(&over).unwrap_err();
        assert_eq!(err.kind, ParseErrorKind::TooManyPuzzles(MAX_PUZZLES));
        assert_eq!(err.line as usize, MAX_PUZZLES + 1);
        let json = r#"{"size":1,"cages":[{"op":"=","target":1,"cells":[[0,0]]}]}"#;
        let lines = format!("{json}\n").repeat(MAX_PUZZLES + 1);
        let err = parse_puzzles(&lines).unwrap_err();
        assert_eq!(err.kind, ParseErrorKind::TooManyPuzzles(MAX_PUZZLES));
        let kk = ".KK \"t\"\na\n\na 1\n\n".repeat(MAX_PUZZLES + 1);
        let err = parse_puzzles(&kk).unwrap_err();
        assert_eq!(err.kind, ParseErrorKind::TooManyPuzzles(MAX_PUZZLES));
    }
}
