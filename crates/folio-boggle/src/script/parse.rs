//! Parsing a Boggle round script into plain data (no checking beyond the syntax of values).
//!
//! Format: `docs/formats-boggle.md`. One line per item: `#pragma value` lines, `>nick: words`
//! lines, blank lines; `#note` lines are comments.

use super::error::{Located, ScriptError};

pub use folio_core::script::Loc;

/// The most words a round may hold, all players' together. The densest boards known have a
/// few thousand words to find under ENABLE2K at three letters: 2,344 on the best-known 5x5
/// board (`ligdrmanesietildsracsepes`, danvk/hybrid-boggle), 2,971 on a 6x6 Super Big
/// Boggle board grown from it (`folio boggle solve`); 20,000 is more than six players each
/// writing every word of such a board. Past it the round is refused at the first word over
/// (`too-many-words`), so a parse and its report stay bounded whatever the file (a 64 MiB
/// line of words would otherwise be millions of findings).
pub const MAX_WORDS: usize = 20_000;

/// The most players a round may declare: far above a table's or a classroom's, it keeps
/// the per-player parts of a parse and its report bounded (`too-many-players`).
pub const MAX_PLAYERS: usize = 1_000;

/// The most malformed lines one parse collects before it stops (`too-many-problems`), as
/// for GCG: a file that is not a round gets a clear error early, not one per line.
pub const MAX_PROBLEMS: usize = 1_000;

/// A value with where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it starts.
    pub pos: Loc,
}

/// A declared player and what the script says of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSpec {
    /// Nickname used on `>nick:` lines.
    pub nick: Spanned<String>,
    /// Full name, if given.
    pub name: Option<String>,
    /// Words as written, in order.
    pub words: Vec<Spanned<String>>,
    /// The score the script claims for the player (`#score nick N`), if any.
    pub claimed: Option<Spanned<u32>>,
}

/// A parsed script: every pragma as written, players in declaration order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Script {
    /// `#board` letters.
    pub board: Option<Spanned<String>>,
    /// `#shape RxC`.
    pub shape: Option<Spanned<(usize, usize)>>,
    /// `#dice` set name.
    pub dice: Option<Spanned<String>>,
    /// `#seed`.
    pub seed: Option<Spanned<u64>>,
    /// `#scoring` name.
    pub scoring: Option<Spanned<String>>,
    /// `#min-len`.
    pub min_len: Option<Spanned<usize>>,
    /// `#lexicon` path, as written.
    pub lexicon: Option<Spanned<String>>,
    /// Players.
    pub players: Vec<PlayerSpec>,
    /// Pragmas folio does not know (`#bogus 1`), by name: each is a finding of the round
    /// (`unknown-pragma`, a warning by default), and the round is replayed without them.
    pub unknown_pragmas: Vec<Spanned<String>>,
}

/// Whether `text` (a `str` or bytes) is a Boggle script: its first non-blank line is
/// `#game boggle`. This is what `folio play` dispatches on; the other lines need not be
/// UTF-8 (each line that is not is then an error of the round, at that line).
pub fn is_boggle<T: AsRef<[u8]> + ?Sized>(text: &T) -> bool {
    folio_core::script::each_line(text.as_ref())
        .map(String::from_utf8_lossy)
        .find(|l| !l.trim_start_matches('\u{feff}').trim().is_empty())
        .is_some_and(|l| is_game_boggle(l.trim_start_matches('\u{feff}').trim()))
}

/// Whether a trimmed line is the `#game boggle` pragma (any case, any blanks between).
fn is_game_boggle(line: &str) -> bool {
    match (line.get(..5), line.get(5..)) {
        (Some(pragma), Some(rest)) if pragma.eq_ignore_ascii_case("#game") => {
            rest.trim().eq_ignore_ascii_case("boggle")
        }
        _ => false,
    }
}

fn col_of(line: &str, sub: &str) -> u32 {
    let offset = sub.as_ptr() as usize - line.as_ptr() as usize;
    u32::try_from(line[..offset].chars().count() + 1).unwrap_or(u32::MAX)
}

/// Why a player nick could not be written on a `>NICK: words` line, with the byte offset of
/// the character at fault: the line's nick ends at its first `:` and is trimmed, so a nick
/// must be non-empty, without `:` and without whitespace.
fn nick_problem(nick: &str) -> Option<(usize, &'static str)> {
    if nick.is_empty() {
        return Some((0, "it is empty"));
    }
    nick.char_indices().find_map(|(i, c)| match c {
        ':' => Some((i, "it holds `:`, which ends the name there")),
        c if c.is_whitespace() => Some((i, "it holds whitespace")),
        _ => None,
    })
}

/// Parses a script (a `str`, or bytes: a line that is not UTF-8 is then an error at that
/// line, the column of its first bad byte, and the other lines are read).
///
/// # Errors
/// A [`Located`] error for each malformed line, in line order (every line is read, so that
/// one run shows them all); only the first when the script does not start with
/// `#game boggle`, since the rest would then mean nothing. An unknown pragma is one of
/// them here, a strict parse; [`super::play_script`] replays the round without it and
/// reports it as a finding.
pub fn parse<T: AsRef<[u8]> + ?Sized>(text: &T) -> Result<Script, Vec<Located>> {
    match read(text) {
        Ok((script, errors)) if errors.is_empty() && script.unknown_pragmas.is_empty() => {
            Ok(script)
        }
        Ok((script, mut errors)) => {
            errors.extend(script.unknown_as_errors());
            errors.sort_by_key(|e| (e.line, e.col));
            Err(errors)
        }
        Err(errors) => Err(errors),
    }
}

impl Script {
    /// The unknown pragmas as the script errors they are to a strict parse.
    pub(crate) fn unknown_as_errors(&self) -> impl Iterator<Item = Located> + '_ {
        self.unknown_pragmas.iter().map(|p| Located {
            line: p.pos.line,
            col: p.pos.col,
            kind: ScriptError::UnknownPragma(p.value.clone()),
        })
    }
}

/// Reads every line: the script made of the lines that read, and an error for each line
/// that did not; `Err` with the one error when the script is not a Boggle round.
///
/// Lines are decoded one by one: a line that is not UTF-8 is an error at its first bad
/// byte ([`ScriptError::InvalidUtf8`]), and the lines after it are still read, as every
/// other malformed line is.
pub(crate) fn read<T: AsRef<[u8]> + ?Sized>(
    text: &T,
) -> Result<(Script, Vec<Located>), Vec<Located>> {
    let mut script = Script::default();
    let mut seen_game = false;
    let mut errors = Vec::new();
    let mut reading = Reading::default();
    let bytes = text.as_ref();
    // A binary or UTF-16 file is one error saying which, not a round without `#game boggle`.
    if bytes.contains(&0) || bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        // Located as every game locates it: at the NUL, else the first byte not UTF-8.
        let loc = folio_core::script::text_stop(bytes)
            .map_or(folio_core::script::Loc::new(1, 1), |s| s.loc);
        return Err(vec![Located {
            line: loc.line,
            col: loc.col,
            kind: ScriptError::NotText(folio_core::script::NotText::refusal(
                bytes,
                "a Boggle round",
            )),
        }]);
    }
    for (i, raw) in folio_core::script::each_line(bytes).enumerate() {
        let line_no = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let raw = if i == 0 {
            raw.strip_prefix("\u{feff}".as_bytes()).unwrap_or(raw)
        } else {
            raw
        };
        let line = match std::str::from_utf8(raw) {
            Ok(line) => line,
            Err(e) => {
                let good = std::str::from_utf8(&raw[..e.valid_up_to()]).unwrap_or_default();
                let bad = Located {
                    line: line_no,
                    col: u32::try_from(good.chars().count() + 1).unwrap_or(u32::MAX),
                    kind: ScriptError::InvalidUtf8,
                };
                if !seen_game {
                    // The first line is not `#game boggle`: not a round, as for any other.
                    return Err(vec![Located {
                        col: 1,
                        kind: ScriptError::NotBoggle,
                        ..bad
                    }]);
                }
                errors.push(bad);
                if too_many_problems(&mut errors, line_no) {
                    break;
                }
                continue;
            }
        };
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        if !seen_game {
            if !is_boggle(trimmed) {
                return Err(vec![Located {
                    line: line_no,
                    col: col_of(line, trimmed),
                    kind: ScriptError::NotBoggle,
                }]);
            }
            seen_game = true;
            continue;
        }
        if let Err(e) = parse_line(&mut script, &mut reading, line_no, line, trimmed) {
            // A pragma folio does not know is no reason not to check the round: it once
            // turned every check off, and a round of made-up words exited 0.
            if let ScriptError::UnknownPragma(name) = e.kind {
                script.unknown_pragmas.push(Spanned {
                    value: name,
                    pos: Loc {
                        line: e.line,
                        col: e.col,
                    },
                });
                if script.unknown_pragmas.len() > MAX_PROBLEMS {
                    errors.push(Located {
                        line: line_no,
                        col: 1,
                        kind: ScriptError::TooManyProblems(MAX_PROBLEMS),
                    });
                    break;
                }
                continue;
            }
            let over = matches!(
                e.kind,
                ScriptError::TooManyWords(_) | ScriptError::TooManyPlayers(_)
            );
            errors.push(e);
            if over || too_many_problems(&mut errors, line_no) {
                break;
            }
        }
    }
    if !seen_game {
        return Err(vec![Located {
            line: 1,
            col: 1,
            kind: ScriptError::NotBoggle,
        }]);
    }
    Ok((script, errors))
}

/// Whether `errors` has passed [`MAX_PROBLEMS`]: then the error saying so is added, at
/// line `line_no`, and reading stops.
fn too_many_problems(errors: &mut Vec<Located>, line_no: u32) -> bool {
    let over = errors.len() > MAX_PROBLEMS;
    if over {
        errors.push(Located {
            line: line_no,
            col: 1,
            kind: ScriptError::TooManyProblems(MAX_PROBLEMS),
        });
    }
    over
}

/// What a parse keeps besides the script: the words read so far, all players together
/// (against [`MAX_WORDS`]), and each nick's player, so a line finds its player in constant
/// time (a scan of the players per line made a round of many players quadratic).
#[derive(Default)]
struct Reading {
    words: usize,
    players: std::collections::HashMap<String, usize>,
}

/// Reads one line after `#game boggle` (`trimmed` is `line` without surrounding blanks)
/// into `script`.
fn parse_line(
    script: &mut Script,
    reading: &mut Reading,
    line_no: u32,
    line: &str,
    trimmed: &str,
) -> Result<(), Located> {
    let at = |sub: &str, kind| Located {
        line: line_no,
        col: col_of(line, sub),
        kind,
    };
    if let Some(rest) = trimmed.strip_prefix('>') {
        let (nick, words) = rest
            .split_once(':')
            .ok_or_else(|| at(trimmed, ScriptError::BadLine))?;
        let nick = nick.trim();
        let player = reading
            .players
            .get(nick)
            .and_then(|&i| script.players.get_mut(i))
            .ok_or_else(|| at(trimmed, ScriptError::UnknownPlayer(nick.to_string())))?;
        // Columns counted along the line once, not from its start per word.
        let mut cols = folio_core::script::Columns::new(line);
        for w in words.split(|c: char| c.is_whitespace() || c == ',') {
            if !w.is_empty() {
                let col = u32::try_from(cols.col_of(w)).unwrap_or(u32::MAX);
                if reading.words == MAX_WORDS {
                    return Err(Located {
                        line: line_no,
                        col,
                        kind: ScriptError::TooManyWords(MAX_WORDS),
                    });
                }
                reading.words += 1;
                player.words.push(Spanned {
                    value: w.to_string(),
                    pos: Loc { line: line_no, col },
                });
            }
        }
        return Ok(());
    }
    let Some(body) = trimmed.strip_prefix('#') else {
        return Err(at(trimmed, ScriptError::BadLine));
    };
    let (name, value) = match body.find(char::is_whitespace) {
        Some(k) => (&body[..k], body[k..].trim()),
        None => (body, ""),
    };
    let spanned_value = |v: &str| Spanned {
        value: v.to_string(),
        pos: Loc {
            line: line_no,
            col: col_of(line, v),
        },
    };
    let pragma: &'static str = match name.to_ascii_lowercase().as_str() {
        "note" => return Ok(()),
        "game" => return Err(at(trimmed, ScriptError::Duplicate("game"))),
        "board" => "board",
        "shape" => "shape",
        "dice" => "dice",
        "seed" => "seed",
        "scoring" => "scoring",
        "min-len" => "min-len",
        "lexicon" => "lexicon",
        "player" => "player",
        "score" => "score",
        _ => return Err(at(name, ScriptError::UnknownPragma(name.to_string()))),
    };
    if value.is_empty() {
        return Err(at(trimmed, ScriptError::MissingValue(pragma)));
    }
    let dup = |set: bool| {
        if set {
            Err(at(trimmed, ScriptError::Duplicate(pragma)))
        } else {
            Ok(())
        }
    };
    // A whole number in `min..=max`; a whole number outside it (negative, or over 64
    // bits, included) is out of range, anything else is not a number.
    let number = |v: &str, min: u64, max: u64| {
        let digits = v.strip_prefix(['-', '+']).unwrap_or(v);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(at(
                v,
                ScriptError::BadNumber {
                    pragma,
                    value: v.to_string(),
                },
            ));
        }
        match v.strip_prefix('+').unwrap_or(v).parse::<u64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(n),
            _ => Err(at(
                v,
                ScriptError::OutOfRange {
                    pragma,
                    value: v.to_string(),
                    min,
                    max,
                },
            )),
        }
    };
    match pragma {
        "board" => {
            dup(script.board.is_some())?;
            script.board = Some(spanned_value(value));
        }
        "shape" => {
            dup(script.shape.is_some())?;
            let bad = || at(value, ScriptError::BadShape(value.to_string()));
            let (r, c) = value.split_once(['x', 'X']).ok_or_else(bad)?;
            let (r, c) = (
                r.trim().parse().map_err(|_| bad())?,
                c.trim().parse().map_err(|_| bad())?,
            );
            script.shape = Some(Spanned {
                value: (r, c),
                pos: spanned_value(value).pos,
            });
        }
        "dice" => {
            dup(script.dice.is_some())?;
            script.dice = Some(spanned_value(value));
        }
        "seed" => {
            dup(script.seed.is_some())?;
            script.seed = Some(Spanned {
                value: number(value, 0, u64::MAX)?,
                pos: spanned_value(value).pos,
            });
        }
        "scoring" => {
            dup(script.scoring.is_some())?;
            script.scoring = Some(spanned_value(value));
        }
        "min-len" => {
            dup(script.min_len.is_some())?;
            // A word has at least one letter: `#min-len 0` would mean nothing.
            let n = number(value, 1, u64::MAX)?;
            script.min_len = Some(Spanned {
                value: usize::try_from(n).unwrap_or(usize::MAX),
                pos: spanned_value(value).pos,
            });
        }
        "lexicon" => {
            dup(script.lexicon.is_some())?;
            script.lexicon = Some(spanned_value(value));
        }
        "player" => {
            let (nick, name) = match value.split_once(char::is_whitespace) {
                Some((n, rest)) => (n, Some(rest.trim().to_string())),
                None => (value, None),
            };
            if let Some((offset, reason)) = nick_problem(nick) {
                let col = col_of(line, nick).saturating_add(
                    u32::try_from(nick[..offset].chars().count()).unwrap_or(u32::MAX),
                );
                return Err(Located {
                    line: line_no,
                    col,
                    kind: ScriptError::BadNick {
                        nick: nick.to_string(),
                        reason,
                    },
                });
            }
            if reading.players.contains_key(nick) {
                return Err(at(nick, ScriptError::DuplicatePlayer(nick.to_string())));
            }
            if script.players.len() == MAX_PLAYERS {
                return Err(at(trimmed, ScriptError::TooManyPlayers(MAX_PLAYERS)));
            }
            reading
                .players
                .insert(nick.to_string(), script.players.len());
            script.players.push(PlayerSpec {
                nick: spanned_value(nick),
                name,
                words: Vec::new(),
                claimed: None,
            });
        }
        "score" => {
            let (nick, n) = value
                .split_once(char::is_whitespace)
                .ok_or_else(|| at(trimmed, ScriptError::MissingValue("score")))?;
            let n = n.trim();
            let player = reading
                .players
                .get(nick)
                .and_then(|&i| script.players.get_mut(i))
                .ok_or_else(|| at(nick, ScriptError::UnknownPlayer(nick.to_string())))?;
            if player.claimed.is_some() {
                return Err(at(trimmed, ScriptError::Duplicate("score")));
            }
            let points = number(n, 0, u64::from(u32::MAX))?;
            player.claimed = Some(Spanned {
                value: u32::try_from(points).unwrap_or(u32::MAX),
                pos: spanned_value(n).pos,
            });
        }
        _ => unreachable!("every pragma name is matched above"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "#game boggle\n#board PERS/LATG/SINE/TERS\n#scoring seed\n#lexicon a.fst\n#player al Al Smith\n#player bo\n>al: pert, perts  slat\n#note hi\n>bo: pert\n>al: Gist\n#score al 9\n";

    #[test]
    fn parses_a_round() {
        let s = parse(GOOD).unwrap();
        assert_eq!(s.board.as_ref().unwrap().value, "PERS/LATG/SINE/TERS");
        assert_eq!(s.players.len(), 2);
        let al = &s.players[0];
        assert_eq!(al.name.as_deref(), Some("Al Smith"));
        let words: Vec<&str> = al.words.iter().map(|w| w.value.as_str()).collect();
        assert_eq!(words, ["pert", "perts", "slat", "Gist"]);
        assert_eq!(al.words[1].pos, Loc { line: 7, col: 12 });
        assert_eq!(al.claimed.as_ref().unwrap().value, 9);
        assert!(is_boggle(GOOD));
        assert!(!is_boggle("#character-encoding UTF-8\n#player1 a A\n"));
        // Pragmas are case-insensitive, `#game` included.
        assert!(is_boggle("\n#GAME Boggle\n"));
        assert!(!is_boggle("#gam\n"));
        assert!(!is_boggle("#é\n"));
    }

    #[test]
    fn lone_cr_and_crlf_line_ends_read_as_lf() {
        let lf = "#game boggle\n#board abcd\n#player a\n>a: cab\n";
        for ends in ["\r", "\r\n"] {
            let text = lf.replace('\n', ends);
            assert!(is_boggle(&text), "{text:?}");
            let s = parse(&text).unwrap_or_else(|e| panic!("{text:?}: {e:?}"));
            assert_eq!(s.players[0].words[0].pos, Loc { line: 4, col: 5 });
            let e = parse(&format!("{text}#seed x{ends}"))
                .unwrap_err()
                .remove(0);
            assert_eq!((e.line, e.col), (5, 7), "{text:?}");
        }
    }

    #[test]
    fn errors_are_located() {
        let cases: &[(&str, usize, usize)] = &[
            ("#player1 x\n", 1, 1),
            ("#game boggle\n#bored abc\n", 2, 2),
            ("#game boggle\n#seed x1\n", 2, 7),
            ("#game boggle\n#seed 18446744073709551616\n", 2, 7),
            ("#game boggle\n#min-len 0\n", 2, 10),
            ("#game boggle\n#player a\n>b: cat\n", 3, 1),
            ("#game boggle\nhello\n", 2, 1),
            ("#game boggle\n#board abcd\n#board abcd\n", 3, 1),
            ("#game boggle\n#shape 4by4\n", 2, 8),
            ("#game boggle\n#board\n", 2, 1),
            ("#game boggle\n#player a\n#player a\n", 3, 9),
            ("", 1, 1),
        ];
        for &(text, line, col) in cases {
            let (line, col) = (line as u32, col as u32);
            let e = parse(text).unwrap_err().remove(0);
            assert_eq!((e.line, e.col), (line, col), "{text:?}: {:?}", e.kind);
        }
    }

    /// Every malformed line is reported, in line order, and the good lines are still read.
    #[test]
    fn every_bad_line_is_reported() {
        let text = "#game boggle\n#seed x\n#player a\nhello\n>b: cat\n#bored abc\n";
        let errors = parse(text).unwrap_err();
        let at: Vec<(u32, u32)> = errors.iter().map(|e| (e.line, e.col)).collect();
        assert_eq!(at, [(2, 7), (4, 1), (5, 1), (6, 2)]);
        assert!(matches!(errors[2].kind, ScriptError::UnknownPlayer(ref n) if n == "b"));
    }

    /// A nick that no `>NICK:` line could name is refused where it is declared, at the
    /// character at fault; it once was accepted and every line for it was "unknown player".
    #[test]
    fn nicks_a_words_line_cannot_name_are_refused() {
        let errors = parse("#game boggle\n#player a:b Al\n#player :x\n>a:b: cat\n").unwrap_err();
        let at: Vec<(u32, u32)> = errors.iter().map(|e| (e.line, e.col)).collect();
        assert_eq!(at, [(2, 10), (3, 9), (4, 1)]);
        assert_eq!(
            errors[0].kind.to_string(),
            "player name \"a:b\" cannot be used on a `>NICK: words` line: it holds `:`, which \
             ends the name there"
        );
        assert!(matches!(errors[2].kind, ScriptError::UnknownPlayer(ref n) if n == "a"));
        assert_eq!(nick_problem("a b"), Some((1, "it holds whitespace")));
        assert_eq!(nick_problem(""), Some((0, "it is empty")));
        assert_eq!(nick_problem("ann-2"), None);
    }

    /// Lines are decoded one by one: each line that is not UTF-8 is an error at its first
    /// bad byte, in line order with the other errors (once only the first was reported).
    #[test]
    fn every_line_that_is_not_utf8_is_reported() {
        let text =
            b"\xef\xbb\xbf#game boggle\n#board ab\xffd\n#player a\n>a: c\xe9t\n#seed x\n>a: \xf0\n";
        assert!(is_boggle(&text[..]));
        let errors = parse(&text[..]).unwrap_err();
        let at: Vec<(u32, u32)> = errors.iter().map(|e| (e.line, e.col)).collect();
        assert_eq!(at, [(2, 10), (4, 6), (5, 7), (6, 5)]);
        assert_eq!(errors[1].kind, ScriptError::InvalidUtf8);
        // A first line that is not UTF-8 is no `#game boggle` line.
        assert!(!is_boggle(&b"#game boggle\xff\n"[..]));
        let e = parse(&b"\xff\n#game boggle\n"[..]).unwrap_err();
        assert_eq!(
            (e[0].line, e[0].col, &e[0].kind),
            (1, 1, &ScriptError::NotBoggle)
        );
    }

    /// A UTF-16 round is said to be UTF-16, and random bytes binary, at 1:1: neither is
    /// reported as a round that lacks its `#game boggle` line.
    #[test]
    fn utf16_and_binary_files_are_named_so() {
        let utf16: Vec<u8> = "\u{feff}#game boggle\n#board ab/cd\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let e = parse(&utf16[..]).unwrap_err();
        assert_eq!(e[0].kind.code(), "binary-input");
        let message = e[0].kind.to_string();
        assert!(
            message.starts_with("UTF-16 text (little-endian), not a Boggle round"),
            "{message}"
        );
        let e = parse(&b"\x7fELF\x02\x01\x01\0\0\0\x9c\x13\xfe"[..]).unwrap_err();
        let message = e[0].kind.to_string();
        assert!(
            message.starts_with("binary file (a NUL byte), not a Boggle round"),
            "{message}"
        );
        assert!(!message.contains("UTF-16"), "{message}");
    }

    /// A round of MAX_WORDS words reads (two players sharing them); one more is refused at
    /// that word, and nothing after it is read.
    #[test]
    fn a_round_holds_at_most_max_words() {
        let round = |n: usize| {
            let half = "cat ".repeat(n / 2);
            let rest = "dog ".repeat(n - n / 2);
            format!(
                "#game boggle\n#board abcd\n#player a\n#player b\n>a: {half}\n>b: {rest}\nzzz\n"
            )
        };
        let (script, errors) = read(&round(MAX_WORDS)).unwrap();
        let words: usize = script.players.iter().map(|p| p.words.len()).sum();
        assert_eq!(words, MAX_WORDS);
        assert_eq!(errors.len(), 1, "{:?}", errors.first()); // only `zzz`
        let (script, errors) = read(&round(MAX_WORDS + 1)).unwrap();
        let words: usize = script.players.iter().map(|p| p.words.len()).sum();
        assert_eq!(words, MAX_WORDS);
        assert_eq!(errors.len(), 1);
        let e = &errors[0];
        // The last word of line 6 (`>b: ` then words of 4 characters).
        let col = 5 + 4 * (MAX_WORDS / 2);
        assert_eq!((e.line, e.col as usize), (6, col));
        assert_eq!(e.kind, ScriptError::TooManyWords(MAX_WORDS));
        assert_eq!(e.kind.code(), "too-many-words");
        assert_eq!(
            e.kind.to_string(),
            "more than 20000 words in one round: no board holds that many to find; the file is \
             not read further"
        );
    }

    /// MAX_PLAYERS players read; one more is refused at its `#player` line, and nothing
    /// after it is read. Words lines find their player however many there are.
    #[test]
    fn a_round_declares_at_most_max_players() {
        let round = |n: usize| {
            let players: String = (0..n).map(|i| format!("#player p{i}\n")).collect();
            format!(
                "#game boggle\n#board abcd\n{players}>p{}: cat\n#score p0 1\n",
                n - 1
            )
        };
        let (script, errors) = read(&round(MAX_PLAYERS)).unwrap();
        assert!(errors.is_empty(), "{:?}", errors.first());
        assert_eq!(script.players.len(), MAX_PLAYERS);
        assert_eq!(script.players[MAX_PLAYERS - 1].words.len(), 1);
        assert_eq!(script.players[0].claimed.as_ref().map(|c| c.value), Some(1));
        let (script, errors) = read(&round(MAX_PLAYERS + 1)).unwrap();
        assert_eq!(script.players.len(), MAX_PLAYERS);
        assert_eq!(errors.len(), 1);
        let e = &errors[0];
        assert_eq!((e.line as usize, e.col), (MAX_PLAYERS + 3, 1));
        assert_eq!(e.kind.code(), "too-many-players");
        assert_eq!(
            e.kind.to_string(),
            "more than 1000 players in one round; the file is not read further"
        );
    }

    /// MAX_PROBLEMS malformed lines are each reported; one more stops the reading there.
    #[test]
    fn reading_stops_past_max_problems() {
        let text = |n: usize| format!("#game boggle\n{}#seed x\n", "bad\n".repeat(n));
        let (_, errors) = read(&text(MAX_PROBLEMS - 1)).unwrap();
        assert_eq!(errors.len(), MAX_PROBLEMS);
        assert!(errors
            .iter()
            .all(|e| e.kind != ScriptError::TooManyProblems(MAX_PROBLEMS)));
        let (_, errors) = read(&text(MAX_PROBLEMS)).unwrap();
        assert_eq!(errors.len(), MAX_PROBLEMS + 2);
        let last = errors.last().unwrap();
        assert_eq!(last.kind, ScriptError::TooManyProblems(MAX_PROBLEMS));
        assert_eq!((last.line as usize, last.col), (MAX_PROBLEMS + 2, 1));
        assert_eq!(last.kind.code(), "too-many-problems");
        // Lines that are not UTF-8 count as problems too.
        let bytes = [&b"#game boggle\n"[..], &b"\xff\n".repeat(MAX_PROBLEMS + 5)].concat();
        let (_, errors) = read(&bytes[..]).unwrap();
        assert_eq!(errors.len(), MAX_PROBLEMS + 2);
    }

    #[test]
    fn numbers_out_of_range_say_so() {
        let msg = |text: &str| parse(text).unwrap_err().remove(0).kind.to_string();
        assert_eq!(
            msg("#game boggle\n#seed 99999999999999999999\n"),
            "`#seed` 99999999999999999999 is out of range (0 to 18446744073709551615)"
        );
        assert_eq!(
            msg("#game boggle\n#seed -1\n"),
            "`#seed` -1 is out of range (0 to 18446744073709551615)"
        );
        assert_eq!(
            msg("#game boggle\n#seed 4x\n"),
            "`#seed` needs a non-negative integer, not \"4x\""
        );
        assert_eq!(
            msg("#game boggle\n#min-len 0\n"),
            "`#min-len` 0 is out of range (1 to 18446744073709551615)"
        );
        assert_eq!(
            msg("#game boggle\n#player a\n#score a 4294967296\n"),
            "`#score` 4294967296 is out of range (0 to 4294967295)"
        );
    }
}
