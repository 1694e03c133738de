//! The one `#game` reader: which game a script claims to be, and where it says so.
//!
//! A script that is not a GCG record names its game on its first non-blank line
//! (`#game boggle`, `#game kenken`, `#game freecell`; any case, blanks between). `folio play`
//! reads that line once, here, and hands the script to the game that claims the name
//! ([`crate::script::ScriptedGame::claims`]); a script without it is a GCG record.

use crate::script::lines::each_line;
use crate::script::NotText;

/// What a script's lines say about its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameLine {
    /// The first non-blank line is `#game NAME` (NAME lower-cased).
    First(String),
    /// No `#game` line first; the first `#game NAME` line further down (or on the first
    /// line, but with more words after NAME), with its 1-based line number, if any.
    Elsewhere {
        /// The name written after `#game` (its first word, lower-cased).
        name: String,
        /// 1-based line number.
        line: u32,
        /// Whether that line is the first non-blank one (then it has words after NAME).
        first: bool,
    },
    /// No `#game` pragma at all: a GCG record.
    None,
}

/// Reads the `#game` pragma of `bytes` (a byte-order mark and lines that are not UTF-8 are
/// allowed: the game's own reader reports those).
pub fn game_line(bytes: &[u8]) -> GameLine {
    // UTF-16 text still names its game on its first line, so that the game's own reader
    // refuses it by its name (`not a Boggle round`), not the GCG reader.
    if let Some(head) = utf16_head(bytes) {
        return match game_line_of_text(head.as_bytes()) {
            GameLine::First(name) => GameLine::First(name),
            _ => GameLine::None,
        };
    }
    game_line_of_text(bytes)
}

/// [`game_line`] of bytes read as UTF-8 text (not asked again whether they are UTF-16).
fn game_line_of_text(bytes: &[u8]) -> GameLine {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut first_seen = false;
    // One line at a time: a file of millions of lines holds nothing per line here.
    for (i, raw) in each_line(bytes).enumerate() {
        let text = String::from_utf8_lossy(raw);
        let line = text.trim_start_matches('\u{feff}').trim();
        if line.is_empty() {
            continue;
        }
        let is_first = !first_seen;
        first_seen = true;
        let Some(rest) = pragma_value(line) else {
            continue;
        };
        let mut words = rest.split_whitespace();
        let name = words.next().unwrap_or("").to_ascii_lowercase();
        if name.is_empty() {
            continue;
        }
        if is_first && words.next().is_none() {
            return GameLine::First(name);
        }
        return GameLine::Elsewhere {
            name,
            line: u32::try_from(i + 1).unwrap_or(u32::MAX),
            first: is_first,
        };
    }
    GameLine::None
}

/// The first 4 KiB of `bytes` decoded, when they are UTF-16 text ([`NotText::of`]).
fn utf16_head(bytes: &[u8]) -> Option<String> {
    let head = &bytes[..bytes.len().min(4096) & !1];
    let bom = head.starts_with(b"\xFF\xFE") || head.starts_with(b"\xFE\xFF");
    if !bom && !head.contains(&0) {
        return None;
    }
    let NotText::Utf16 { big_endian } = NotText::of(bytes) else {
        return None;
    };
    let units = head.chunks_exact(2).map(|p| {
        let pair = [p[0], p[1]];
        if big_endian {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        }
    });
    let text: String = char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect();
    Some(text.trim_start_matches('\u{feff}').to_string())
}

/// The text after `#game` when `line` is that pragma.
fn pragma_value(line: &str) -> Option<&str> {
    let (pragma, rest) = (line.get(..5)?, line.get(5..)?);
    let spaced = rest.is_empty() || rest.starts_with(char::is_whitespace);
    (pragma.eq_ignore_ascii_case("#game") && spaced).then_some(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// UTF-16 text names its game as UTF-8 does, so its game's reader refuses it.
    #[test]
    fn utf16_text_names_its_game_on_its_first_line() {
        let utf16 = |text: &str, be: bool| -> Vec<u8> {
            "\u{feff}"
                .encode_utf16()
                .chain(text.encode_utf16())
                .flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
                .collect()
        };
        for be in [false, true] {
            assert_eq!(
                game_line(&utf16("#game boggle\n#board ab/cd\n", be)),
                GameLine::First("boggle".into())
            );
            assert_eq!(game_line(&utf16("#player1 a A\n", be)), GameLine::None);
        }
        assert_eq!(game_line(b"\x7fELF\0\0#game boggle\n"), GameLine::None);
    }

    #[test]
    fn the_pragma_first_names_the_game() {
        assert_eq!(
            game_line(b"\n  #GAME  Boggle \r\n#board x"),
            GameLine::First("boggle".into())
        );
        assert_eq!(
            game_line(b"\xEF\xBB\xBF#game kenken\n"),
            GameLine::First("kenken".into())
        );
        assert_eq!(game_line(b"#player1 a A\n>a: ..."), GameLine::None);
        assert_eq!(game_line(b"#gameboggle\n"), GameLine::None);
    }

    #[test]
    fn a_pragma_not_first_or_with_more_words_is_located() {
        assert_eq!(
            game_line(b"#player1 a A\n\n#game boggle\n"),
            GameLine::Elsewhere {
                name: "boggle".into(),
                line: 3,
                first: false
            }
        );
        assert_eq!(
            game_line(b"#game boggle extra\n"),
            GameLine::Elsewhere {
                name: "boggle".into(),
                line: 1,
                first: true
            }
        );
    }
}
