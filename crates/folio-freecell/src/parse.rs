//! Solution files into plain data: folio scripts, FC-Pro standard notation, fc-solve
//! verbose output. Parsing never plays a move; the replay judges them.
//!
//! The format is recognised from the first non-blank line: `#game freecell` (folio script),
//! `#<deal> … NumFcs=K` (FC-Pro), `-=-=` or `Foundations:` (fc-solve verbose); anything else
//! is read as a bare standard-notation move list.

use crate::autoplay::Autoplay;
use crate::card::{Card, Suit};
use crate::code;
use crate::deal::{Cascades, MAX_DEAL};
use crate::moves::{EmptyTarget, Loc, Move};

/// A parsed solution file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Script {
    /// The format recognised.
    pub format: Format,
    /// The deal number the file names (`#deal N`, FC-Pro header).
    pub deal: Option<i64>,
    /// The free-cell count the file names (`#freecells K`, `NumFcs=K`).
    pub freecells: Option<usize>,
    /// The auto-play convention the file names or implies.
    pub autoplay: Option<Autoplay>,
    /// How a count-less move into an empty cascade reads, when the file implies it.
    pub empty_target: Option<EmptyTarget>,
    /// The starting position the file prints (fc-solve verbose).
    pub start: Option<Board>,
    /// 1-based line of that position's `Foundations:` line (0 when there is none).
    pub start_line: u32,
    /// The moves, in order, each with where it was written.
    pub moves: Vec<ScriptMove>,
}

/// A board as fc-solve prints it: foundations, free cells by slot, cascades.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    /// Foundation heights in suit order C, D, H, S.
    pub foundations: [u8; 4],
    /// Free cells by slot (`None` empty); trailing empty slots may be missing.
    pub cells: Vec<Option<Card>>,
    /// Cascades bottom to top.
    pub cascades: Cascades,
}

/// A move and its place in the file, plus (fc-solve verbose) the board printed after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptMove {
    /// The move.
    pub mv: Move,
    /// 1-based line.
    pub line: u32,
    /// 1-based column (in characters) of the move's first character.
    pub col: u32,
    /// The board the file prints after this move, if any, and its line. Boxed: most
    /// formats print none, and a move then costs a pointer, not a board.
    pub after: Option<Box<(u32, Board)>>,
}

/// The most moves a solution file may hold. Real solutions are short (fc-solve's and
/// FC-Pro's run to a few hundred moves; a deal has 52 cards, each moved a bounded number of
/// times in any sensible play); 100,000 is far above any, and keeps a parse and its replay
/// bounded whatever the file (a 64 MiB file of moves would be millions). Past it the file is
/// refused at the first move over (`too-many-moves`).
pub const MAX_MOVES: usize = 100_000;

/// Adds `m` to `moves`, or refuses it past [`MAX_MOVES`] (`text`: its line as written).
fn push_move(moves: &mut Vec<ScriptMove>, m: ScriptMove, text: &str) -> Result<(), ParseError> {
    if moves.len() == MAX_MOVES {
        return Err(err(
            m.line,
            m.col,
            code::TOO_MANY_MOVES,
            format!("more than {MAX_MOVES} moves: a solution has far fewer; the file is not read further"),
            text,
        ));
    }
    moves.push(m);
    Ok(())
}

/// The solution formats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// `#game freecell` with `#deal`, `#freecells`, `#autoplay` directives, then moves.
    #[default]
    Folio,
    /// FreeCell Pro: a `#<deal> Attempt: 1 NumFcs=K …` header, single-card moves, MS auto-play.
    FcPro,
    /// A bare standard-notation move list.
    Standard,
    /// fc-solve's verbose output (`Move a card from stack 3 to freecell 0`, boards between).
    FcsVerbose,
}

impl Format {
    /// The format's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Format::Folio => "folio",
            Format::FcPro => "fcpro",
            Format::Standard => "standard",
            Format::FcsVerbose => "fcs-verbose",
        }
    }
}

/// A file that cannot be read as a solution, at a line and column (1-based).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{col}: {message}")]
pub struct ParseError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column (characters).
    pub col: u32,
    /// Stable kebab-case code.
    pub rule: &'static str,
    /// What is wrong.
    pub message: String,
    /// The line as written; a long line cut around the column
    /// ([`folio_core::script::excerpt()`]).
    pub text: String,
}

/// Splits text into lines (LF, CRLF or a lone CR), numbered from 1.
pub fn lines(text: &str) -> impl Iterator<Item = (u32, &str)> {
    let mut rest = text;
    let mut n = 0u32;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        n += 1;
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        let line = &rest[..end];
        let skip = match rest.as_bytes().get(end) {
            Some(b'\r') if rest.as_bytes().get(end + 1) == Some(&b'\n') => 2,
            Some(_) => 1,
            None => 0,
        };
        rest = &rest[end + skip..];
        Some((n, line))
    })
}

fn err(
    line: u32,
    col: u32,
    rule: &'static str,
    message: impl Into<String>,
    text: &str,
) -> ParseError {
    ParseError {
        line,
        col,
        rule,
        message: message.into(),
        text: folio_core::script::excerpt(text, col),
    }
}

/// Column (1-based, characters) of byte offset `at` in `line`.
fn col_of(line: &str, at: usize) -> u32 {
    line.get(..at).map_or(at, |s| s.chars().count()) as u32 + 1
}

/// Decodes bytes as UTF-8 text, refusing binary input (a NUL byte or invalid UTF-8) at the
/// line and column where it starts.
///
/// # Errors
/// A [`ParseError`] with rule `binary-input`.
pub fn decode(bytes: &[u8]) -> Result<&str, ParseError> {
    let Some(stop) = folio_core::script::text_stop(bytes) else {
        let s = std::str::from_utf8(bytes).unwrap_or("");
        return Ok(s.strip_prefix('\u{feff}').unwrap_or(s));
    };
    Err(err(
        stop.loc.line,
        stop.loc.col,
        code::BINARY_INPUT,
        folio_core::script::NotText::refusal(bytes, "a FreeCell solution"),
        "",
    ))
}

/// Parses a solution file of any supported format (see the module doc).
///
/// # Errors
/// The first [`ParseError`]: binary input, an unknown move token or directive, a malformed
/// board or header.
pub fn parse(bytes: &[u8]) -> Result<Script, ParseError> {
    let text = decode(bytes)?;
    let first = lines(text)
        .map(|(_, l)| l.trim())
        .find(|l| !l.is_empty())
        .unwrap_or("");
    if first.starts_with("#game") || first.starts_with('#') && !is_fcpro_header(first) {
        parse_folio(text)
    } else if is_fcpro_header(first) {
        parse_standard(text, true)
    } else if first.starts_with("-=-=") || first.starts_with("Foundations:") {
        parse_fcs_verbose(text)
    } else {
        parse_standard(text, false)
    }
}

fn is_fcpro_header(l: &str) -> bool {
    l.strip_prefix('#')
        .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit() || c == '-'))
}

/// Parses one standard-notation token: `3a`, `a4`, `5h`, `21`, optionally `21/3` with a
/// count. Columns `1`-`8`, free cells `a`-`h` (as a destination `h` is home), case ignored.
pub fn parse_move(tok: &str) -> Option<Move> {
    let (mv, count) = match tok.split_once('/') {
        Some((m, n)) if !n.is_empty() && n.len() <= 2 && n.bytes().all(|b| b.is_ascii_digit()) => {
            (m, Some(n.parse::<u8>().ok()?))
        }
        Some(_) => return None,
        None => (tok, None),
    };
    let b = mv.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let place = |c: u8, dest: bool| match c.to_ascii_lowercase() {
        d @ b'1'..=b'8' => Some(Loc::Cascade(d - b'1')),
        b'h' if dest => Some(Loc::Foundation),
        l @ b'a'..=b'h' => Some(Loc::Cell(l - b'a')),
        _ => None,
    };
    let m = Move {
        from: place(b[0], false)?,
        to: place(b[1], true)?,
        count,
    };
    if count.is_some() && !matches!((m.from, m.to), (Loc::Cascade(_), Loc::Cascade(_))) {
        return None;
    }
    Some(m)
}

/// Tokens of a move line with their byte offsets.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split_ascii_whitespace()
        .map(move |t| (t.as_ptr() as usize - line.as_ptr() as usize, t))
}

fn moves_on_line(n: u32, line: &str, out: &mut Vec<ScriptMove>) -> Result<(), ParseError> {
    // Columns counted along the line once, not from its start per move: a solution written
    // on one line parses in time linear in it.
    let mut cols = folio_core::script::Columns::new(line);
    let mut col_of = |at: usize| u32::try_from(cols.col_at(at)).unwrap_or(u32::MAX);
    for (at, tok) in tokens(line) {
        let col = col_of(at);
        if tok.bytes().all(|b| b == b'-') {
            continue; // FC-Pro's end marker `----`
        }
        let mv = parse_move(tok).ok_or_else(|| {
            err(
                n,
                col,
                code::UNKNOWN_MOVE,
                format!(
                    "`{}` is not a move (standard notation: 3a, a4, 5h, 21, 21/3)",
                    folio_core::quote::clipped(tok, folio_core::quote::QUOTED_CHARS)
                ),
                line,
            )
        })?;
        push_move(
            out,
            ScriptMove {
                mv,
                line: n,
                col,
                after: None,
            },
            line,
        )?;
    }
    Ok(())
}

fn parse_standard(text: &str, fcpro: bool) -> Result<Script, ParseError> {
    let mut s = Script {
        format: if fcpro {
            Format::FcPro
        } else {
            Format::Standard
        },
        ..Script::default()
    };
    let mut header_done = false;
    for (n, line) in lines(text) {
        let t = line.trim();
        if t.starts_with("-=-=") && header_done {
            break; // FC-Pro files may end with a board dump
        }
        if fcpro && !header_done && t.starts_with('#') {
            header_done = true;
            let num: String = t[1..]
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '-')
                .collect();
            s.deal = Some(parse_deal(&num).map_err(|m| err(n, 2, code::BAD_DEAL, m, line))?);
            if let Some(at) = t.find("NumFcs=") {
                let v: String = t[at + 7..]
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                let k = v.parse::<usize>().ok().filter(|&k| k <= 8).ok_or_else(|| {
                    err(
                        n,
                        col_of(line, line.find("NumFcs=").unwrap_or(0) + 7),
                        code::BAD_FREECELLS,
                        "NumFcs must be 0..=8",
                        line,
                    )
                })?;
                s.freecells = Some(k);
            }
            // FC-Pro: the MS auto-play rule, single-card moves (docs §3, MANIFEST).
            s.autoplay = Some(Autoplay::Ms);
            s.empty_target = Some(EmptyTarget::One);
            continue;
        }
        header_done = true;
        if t.is_empty() {
            continue;
        }
        moves_on_line(n, line, &mut s.moves)?;
    }
    Ok(s)
}

/// A deal number: an integer in −2, −1, 1..=2^33−1.
fn parse_deal(v: &str) -> Result<i64, String> {
    let n: i64 = v.parse().map_err(|_| {
        format!(
            "`{}` is not a deal number",
            folio_core::quote::clipped(v, folio_core::quote::QUOTED_CHARS)
        )
    })?;
    if n == -1 || n == -2 || (1..=MAX_DEAL).contains(&n) {
        Ok(n)
    } else {
        Err(format!("deal {n} is out of range (1..=8589934591, -1, -2)"))
    }
}

fn parse_folio(text: &str) -> Result<Script, ParseError> {
    let mut s = Script {
        format: Format::Folio,
        ..Script::default()
    };
    let mut seen_game = false;
    const KNOWN: [&str; 5] = ["game", "deal", "freecells", "autoplay", "empty"];
    let mut said: Vec<(&str, u32)> = Vec::new();
    for (n, line) in lines(text) {
        let t = line.trim_start();
        let indent = line.len() - t.len();
        if t.trim().is_empty() {
            continue;
        }
        if let Some(d) = t.strip_prefix('#') {
            if d.is_empty() || d.starts_with(char::is_whitespace) {
                continue; // `# comment`
            }
            let (key, val) = d.split_once(char::is_whitespace).unwrap_or((d, ""));
            let val = val.trim();
            let vcol = if val.is_empty() {
                col_of(line, indent)
            } else {
                col_of(line, val.as_ptr() as usize - line.as_ptr() as usize)
            };
            // Each directive says one thing once: a second `#deal` would silently win.
            if let Some(&(_, first)) = said.iter().find(|&&(k, _)| k == key) {
                return Err(err(
                    n,
                    col_of(line, indent),
                    code::DUPLICATE_DIRECTIVE,
                    format!("`#{key}` given twice (first on line {first})"),
                    line,
                ));
            }
            if KNOWN.contains(&key) {
                said.push((key, n));
            }
            match key {
                "game" => {
                    if val != "freecell" {
                        return Err(err(
                            n,
                            vcol,
                            code::WRONG_GAME,
                            format!(
                                "`#game {}`: this is the FreeCell reader",
                                folio_core::quote::clipped(val, folio_core::quote::QUOTED_CHARS)
                            ),
                            line,
                        ));
                    }
                    seen_game = true;
                }
                _ if !seen_game => {
                    return Err(err(
                        n,
                        col_of(line, indent),
                        code::MISSING_GAME,
                        "a folio script starts with `#game freecell`",
                        line,
                    ))
                }
                "deal" => {
                    s.deal =
                        Some(parse_deal(val).map_err(|m| err(n, vcol, code::BAD_DEAL, m, line))?)
                }
                "freecells" => {
                    let k = val
                        .parse::<usize>()
                        .ok()
                        .filter(|&k| k <= 8)
                        .ok_or_else(|| {
                            err(
                                n,
                                vcol,
                                code::BAD_FREECELLS,
                                format!(
                                    "`{}`: free cells are 0..=8",
                                    folio_core::quote::clipped(
                                        val,
                                        folio_core::quote::QUOTED_CHARS
                                    )
                                ),
                                line,
                            )
                        })?;
                    s.freecells = Some(k);
                }
                "autoplay" => {
                    s.autoplay = Some(Autoplay::by_name(val).ok_or_else(|| {
                        err(
                            n,
                            vcol,
                            code::BAD_AUTOPLAY,
                            format!(
                                "`{}`: auto-play is none, safe or ms",
                                folio_core::quote::clipped(val, folio_core::quote::QUOTED_CHARS)
                            ),
                            line,
                        )
                    })?)
                }
                "empty" => {
                    s.empty_target = Some(match val {
                        "most" => EmptyTarget::Most,
                        "one" => EmptyTarget::One,
                        _ => {
                            return Err(err(
                                n,
                                vcol,
                                code::BAD_EMPTY,
                                format!(
                                    "`{}`: #empty is most or one",
                                    folio_core::quote::clipped(
                                        val,
                                        folio_core::quote::QUOTED_CHARS
                                    )
                                ),
                                line,
                            ))
                        }
                    })
                }
                _ => {
                    return Err(err(
                        n,
                        col_of(line, indent),
                        code::UNKNOWN_DIRECTIVE,
                        format!(
                        "`#{}` is not a directive (#game, #deal, #freecells, #autoplay, #empty)",
                        folio_core::quote::clipped(key, folio_core::quote::QUOTED_CHARS)
                    ),
                        line,
                    ))
                }
            }
            continue;
        }
        if !seen_game {
            return Err(err(
                n,
                col_of(line, indent),
                code::MISSING_GAME,
                "a folio script starts with `#game freecell`",
                line,
            ));
        }
        moves_on_line(n, line, &mut s.moves)?;
    }
    if !seen_game {
        return Err(err(
            1,
            1,
            code::MISSING_GAME,
            "a folio script starts with `#game freecell`",
            "",
        ));
    }
    Ok(s)
}

fn parse_fcs_verbose(text: &str) -> Result<Script, ParseError> {
    let mut s = Script {
        format: Format::FcsVerbose,
        autoplay: Some(Autoplay::None),
        empty_target: Some(EmptyTarget::One),
        ..Script::default()
    };
    let all: Vec<(u32, &str)> = lines(text).collect();
    let mut i = 0;
    while i < all.len() {
        let (n, line) = all[i];
        let t = line.trim();
        if t.starts_with("Foundations:") {
            let (board, next) = parse_board(&all, i)?;
            match s.moves.last_mut() {
                None if s.start.is_none() => {
                    s.start = Some(board);
                    s.start_line = n;
                }
                Some(m) if m.after.is_none() => m.after = Some(Box::new((n, board))),
                _ => {
                    return Err(err(
                        n,
                        1,
                        code::UNEXPECTED_BOARD,
                        "a second board without a move between",
                        line,
                    ))
                }
            }
            i = next;
            continue;
        }
        if t.starts_with("Move ") {
            let mv = parse_fcs_move(t).ok_or_else(|| {
                err(
                    n,
                    col_of(line, line.len() - line.trim_start().len()),
                    code::UNKNOWN_MOVE,
                    format!(
                        "`{}` is not an fc-solve move",
                        folio_core::quote::clipped(t, folio_core::quote::QUOTED_CHARS)
                    ),
                    line,
                )
            })?;
            if s.start.is_none() {
                return Err(err(
                    n,
                    1,
                    code::MISSING_BOARD,
                    "the first move comes before the starting board",
                    line,
                ));
            }
            let m = ScriptMove {
                mv,
                line: n,
                col: col_of(line, line.len() - line.trim_start().len()),
                after: None,
            };
            push_move(&mut s.moves, m, line)?;
        } else if !(t.is_empty()
            || t.starts_with("-=-=")
            || t.starts_with("====")
            || t.starts_with("This game is solveable")
            || t.starts_with("Total number of states")
            || t.starts_with("This scan generated"))
        {
            return Err(err(
                n,
                1,
                code::UNKNOWN_LINE,
                format!(
                    "`{}` is not part of fc-solve's verbose output",
                    folio_core::quote::clipped(t, folio_core::quote::QUOTED_CHARS)
                ),
                line,
            ));
        }
        i += 1;
    }
    if s.start.is_none() {
        return Err(err(
            1,
            1,
            code::MISSING_BOARD,
            "no starting board (`Foundations:` …)",
            "",
        ));
    }
    Ok(s)
}

/// `Move a card from stack 3 to freecell 0`, `Move 3 cards from stack 1 to stack 5`, `…to
/// the foundations` (stacks and free cells numbered from 0).
fn parse_fcs_move(t: &str) -> Option<Move> {
    let w: Vec<&str> = t.split_ascii_whitespace().collect();
    let (count, rest) = match w.as_slice() {
        ["Move", "a", "card", "from", rest @ ..] => (1u8, rest),
        ["Move", n, "cards", "from", rest @ ..] => {
            (n.parse::<u8>().ok().filter(|&n| n >= 1)?, rest)
        }
        _ => return None,
    };
    let idx = |s: &str| s.parse::<u8>().ok().filter(|&i| i < 8);
    let (from, to) = match rest {
        [kind, i, "to", dest @ ..] => {
            let from = match *kind {
                "stack" => Loc::Cascade(idx(i)?),
                "freecell" => Loc::Cell(idx(i)?),
                _ => return None,
            };
            let to = match dest {
                ["the", "foundations"] => Loc::Foundation,
                ["stack", j] => Loc::Cascade(idx(j)?),
                ["freecell", j] => Loc::Cell(idx(j)?),
                _ => return None,
            };
            (from, to)
        }
        _ => return None,
    };
    let cascades = matches!((from, to), (Loc::Cascade(_), Loc::Cascade(_)));
    if count > 1 && !cascades {
        return None;
    }
    Some(Move {
        from,
        to,
        count: cascades.then_some(count),
    })
}

/// Reads `Foundations:`, `Freecells:` and eight `:` lines starting at `all[i]`.
fn parse_board(all: &[(u32, &str)], i: usize) -> Result<(Board, usize), ParseError> {
    let mut b = Board::default();
    let (n, line) = all[i];
    let bad = |n: u32, line: &str, what: String| err(n, 1, code::BAD_BOARD, what, line);
    for part in line.trim()["Foundations:".len()..].split_ascii_whitespace() {
        let (suit, rank) = part.split_once('-').ok_or_else(|| {
            bad(
                n,
                line,
                format!(
                    "`{}` is not like H-5",
                    folio_core::quote::clipped(part, folio_core::quote::QUOTED_CHARS)
                ),
            )
        })?;
        let s = match suit {
            "C" => Suit::Clubs,
            "D" => Suit::Diamonds,
            "H" => Suit::Hearts,
            "S" => Suit::Spades,
            _ => {
                return Err(bad(
                    n,
                    line,
                    format!(
                        "`{}`: no such suit",
                        folio_core::quote::clipped(suit, folio_core::quote::QUOTED_CHARS)
                    ),
                ))
            }
        };
        let h = match rank {
            "0" => 0,
            r => Card::parse(&format!("{r}C"))
                .map(|c| c.rank())
                .ok_or_else(|| {
                    bad(
                        n,
                        line,
                        format!(
                            "`{}`: no such rank",
                            folio_core::quote::clipped(r, folio_core::quote::QUOTED_CHARS)
                        ),
                    )
                })?,
        };
        b.foundations[s as usize] = h;
    }
    let (n, line) = *all
        .get(i + 1)
        .ok_or_else(|| bad(n, line, "the board ends early".into()))?;
    let rest = line
        .strip_prefix("Freecells:")
        .ok_or_else(|| bad(n, line, "expected `Freecells:`".into()))?;
    let chars: Vec<char> = rest.chars().collect();
    for slot in chars.chunks(4) {
        let s: String = slot.iter().collect();
        let s = s.trim();
        b.cells.push(if s.is_empty() {
            None
        } else {
            Some(Card::parse(s).ok_or_else(|| {
                bad(
                    n,
                    line,
                    format!(
                        "`{}` is not a card",
                        folio_core::quote::clipped(s, folio_core::quote::QUOTED_CHARS)
                    ),
                )
            })?)
        });
    }
    if b.cells.len() > 8 {
        return Err(bad(n, line, "more than 8 free cells".into()));
    }
    for k in 0..8 {
        let (n, line) = *all
            .get(i + 2 + k)
            .ok_or_else(|| bad(n, line, "the board has fewer than 8 cascades".into()))?;
        let rest = line
            .strip_prefix(':')
            .ok_or_else(|| bad(n, line, "expected a cascade line `: …`".into()))?;
        for c in rest.split_ascii_whitespace() {
            b.cascades[k].push(Card::parse(c).ok_or_else(|| {
                bad(
                    n,
                    line,
                    format!(
                        "`{}` is not a card",
                        folio_core::quote::clipped(c, folio_core::quote::QUOTED_CHARS)
                    ),
                )
            })?);
        }
    }
    Ok((b, i + 10))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_on_one_long_line_get_their_character_columns() {
        let line = format!("  {}", "1a a1 ".repeat(20_000));
        let s = parse(format!("#game freecell\n#deal 1\n{line}\n").as_bytes()).expect("parses");
        assert_eq!(s.moves.len(), 40_000);
        for (i, m) in s.moves.iter().enumerate() {
            assert_eq!((m.line, m.col as usize), (3, 3 + i * 3), "move {i}");
        }
        // A bad token far along the line: its column, and the line quoted as a bounded
        // excerpt around it.
        let bad = format!("{}zz", "1a a1 ".repeat(20_000));
        let e = parse(format!("#game freecell\n#deal 1\n{bad}\n").as_bytes()).unwrap_err();
        assert_eq!((e.line, e.col), (3, 120_001));
        assert!(e.text.chars().count() <= folio_core::script::SHOWN_CHARS);
        assert!(e.text.contains("a1 zz (120002 characters)"), "{}", e.text);
    }

    /// MAX_MOVES moves read, in every format that lists them; one more is refused at that
    /// move (line and column), and nothing after it is read.
    #[test]
    fn a_file_holds_at_most_max_moves() {
        let moves = |n: usize| "1a a1\n".repeat(n / 2) + if n % 2 == 1 { "1a\n" } else { "" };
        for head in ["#game freecell\n#deal 5\n", "#5 Attempt: 1 NumFcs=4\n", ""] {
            let s = parse(format!("{head}{}", moves(MAX_MOVES)).as_bytes()).expect("parses");
            assert_eq!(s.moves.len(), MAX_MOVES, "{head:?}");
            let e = parse(format!("{head}{}zz\n", moves(MAX_MOVES + 1)).as_bytes()).unwrap_err();
            let line = head.lines().count() + MAX_MOVES / 2 + 1;
            assert_eq!(
                (e.line as usize, e.col, e.rule),
                (line, 1, "too-many-moves"),
                "{head:?}"
            );
            assert_eq!(
                e.message,
                "more than 100000 moves: a solution has far fewer; the file is not read further"
            );
        }
        // On one line: the column of the move over.
        let line = "1a a1 ".repeat(MAX_MOVES / 2 + 1);
        let e = parse(format!("#game freecell\n#deal 5\n{line}\n").as_bytes()).unwrap_err();
        assert_eq!((e.line, e.col as usize), (3, 1 + 3 * MAX_MOVES));
    }

    /// A move holds no board unless the file prints one after it.
    #[test]
    fn a_move_without_a_board_is_small() {
        assert!(
            std::mem::size_of::<ScriptMove>() <= 48,
            "{}",
            std::mem::size_of::<ScriptMove>()
        );
    }

    #[test]
    fn standard_tokens() {
        assert_eq!(
            parse_move("3a"),
            Some(Move::new(Loc::Cascade(2), Loc::Cell(0)))
        );
        assert_eq!(
            parse_move("a4"),
            Some(Move::new(Loc::Cell(0), Loc::Cascade(3)))
        );
        assert_eq!(
            parse_move("5h"),
            Some(Move::new(Loc::Cascade(4), Loc::Foundation))
        );
        assert_eq!(parse_move("21/3").and_then(|m| m.count), Some(3));
        for bad in [
            "", "9a", "3", "33a", "a", "hh1", "3a/2", "21/", "21/x", "x1",
        ] {
            assert_eq!(parse_move(bad), None, "{bad}");
        }
    }

    #[test]
    fn unknown_token_is_named_at_its_column() {
        let e = parse(b"#game freecell\n#deal 1\n3a zz 5h\n").unwrap_err();
        assert_eq!((e.line, e.col, e.rule), (3, 4, "unknown-move"));
    }

    #[test]
    fn binary_is_refused_at_its_place() {
        let e = parse(b"#game freecell\n3a\0").unwrap_err();
        assert_eq!((e.line, e.col, e.rule), (2, 3, "binary-input"));
        let e = parse(b"3a \xff\xfe").unwrap_err();
        assert_eq!((e.line, e.col, e.rule), (1, 4, "binary-input"));
    }

    #[test]
    fn a_directive_given_twice_is_refused() {
        let e = parse(b"#game freecell\n#deal 1\n#deal 2\n").unwrap_err();
        assert_eq!((e.line, e.col, e.rule), (3, 1, "duplicate-directive"));
        assert_eq!(e.message, "`#deal` given twice (first on line 2)");
        let e = parse(b"#game freecell\n#game freecell\n").unwrap_err();
        assert_eq!((e.line, e.rule), (2, "duplicate-directive"));
    }

    #[test]
    fn deal_out_of_range_at_its_value() {
        let e = parse(b"#game freecell\n#deal 8589934592\n").unwrap_err();
        assert_eq!((e.line, e.col, e.rule), (2, 7, "bad-deal"));
    }

    #[test]
    fn fcpro_header() {
        let s = parse(b"#5333098828 Attempt: 1 NumFcs=3 (FCPro - Solved)\n5c 2b\n52 ----").unwrap();
        assert_eq!(
            (s.format, s.deal, s.freecells, s.moves.len()),
            (Format::FcPro, Some(5333098828), Some(3), 3)
        );
        assert_eq!(s.autoplay, Some(Autoplay::Ms));
    }

    #[test]
    fn fcs_moves() {
        let m = parse_fcs_move("Move 3 cards from stack 1 to stack 5").unwrap();
        assert_eq!(
            m,
            Move {
                from: Loc::Cascade(1),
                to: Loc::Cascade(5),
                count: Some(3)
            }
        );
        let m = parse_fcs_move("Move a card from freecell 1 to the foundations").unwrap();
        assert_eq!(m, Move::new(Loc::Cell(1), Loc::Foundation));
        assert_eq!(
            parse_fcs_move("Move 3 cards from freecell 1 to stack 5"),
            None
        );
    }
}
