//! The script parser: GCG and folio's superset of it, from bytes to a [`Script`].
//!
//! Line grammar (Poslfit GCG 1.2 as summarised in `shared/docs/gcg-format.md`, with the
//! readers' quirks; folio extensions in `docs/formats.md`):
//!
//! ```text
//! #pragma VALUE…
//! >NICK: [RACK] BODY [±SCORE [CUMULATIVE [TRAILING…]]]
//! BODY = COORD WORD | - | -TILES | -N | -- | (challenge) | (time) | (TILES)
//! ```
//!
//! Every line is parsed independently, so one bad line does not hide the next: [`parse`]
//! returns all fatal errors at once ([`ParseErrors`]), or a [`Script`] whose
//! [`issues`](Script::issues) hold the non-fatal ones (a pragma out of place, an unsupported
//! encoding name). Every error names `file:line:col` and keeps the line as written.

use std::collections::HashMap;

use crate::script::{
    Coord, Dir, Event, EventCols, EventKind, Exchanged, FinalRack, GameKind, Header, Loc,
    PlayerDecl, RulesName, Script, Tiles, WordTile,
};
use folio_core::quote::quoted;
use folio_core::script::lines as text;
use folio_core::script::NotText;

/// Most players a script may declare (`#player1`…`#player4`; Quackle reads four).
pub const MAX_PLAYERS: usize = 4;

pub use crate::parse_error::{ParseError, ParseErrorKind, ParseErrors, MAX_EVENTS, MAX_PROBLEMS};

/// Parses a script from its bytes. `file` is the name diagnostics give it.
///
/// # Errors
/// [`ParseErrors`] with every problem of the file when any of them is fatal (see
/// [`ParseErrorKind::is_fatal`]).
///
/// ```
/// let text = b"#player1 Joel Joel S\n#player2 Ann Ann T\n>Joel: DROWNUG 8G WOUND +28 28\n";
/// let script = folio_scrabble::gcg::parse(text, "game.gcg").unwrap();
/// assert_eq!(script.events.len(), 1);
/// assert_eq!(script.events[0].score, Some(28));
/// ```
pub fn parse(bytes: &[u8], file: &str) -> Result<Script, ParseErrors> {
    let decoded = text::decode(bytes);
    let mut p = Parser {
        file,
        lines: &decoded.lines,
        header: Header::default(),
        events: Vec::new(),
        final_racks: Vec::new(),
        problems: Vec::new(),
        seen: HashMap::new(),
        nick_seats: HashMap::new(),
        in_note: false,
        event_after_rack_reported: false,
        note_before_events_reported: false,
    };
    // A NUL byte: located as every game locates it (`text_stop`); without one, bytes that
    // are not UTF-8 are read as ISO-8859-1.
    if let Some(stop) = folio_core::script::text_stop(bytes).filter(|_| bytes.contains(&0)) {
        // Nothing else is read: every line of a binary file would be a stray line.
        let offset = stop.offset;
        p.problem(stop.loc, ParseErrorKind::Binary(offset, NotText::of(bytes)));
        return Err(ParseErrors { errors: p.problems });
    }
    for &(line, col) in &decoded.invalid_utf8 {
        p.problem(Loc::new(line, col), ParseErrorKind::InvalidUtf8);
    }
    if let Some((value, line)) = &decoded.declared {
        if text::encoding_named(value).is_none() {
            p.problem(
                Loc::new(*line, 21),
                ParseErrorKind::UnsupportedEncoding(value.clone()),
            );
        }
        if *line != 1 {
            p.problem(Loc::new(*line, 1), ParseErrorKind::EncodingNotFirst);
        }
        p.header.encoding_declared = Some(value.clone());
    }
    if decoded.lines.iter().all(|l| l.trim().is_empty()) {
        p.problem(Loc::new(1, 1), ParseErrorKind::Empty);
    }
    for (i, line) in decoded.lines.iter().enumerate() {
        let n = i as u32 + 1;
        p.line(n, line);
        if p.events.len() > MAX_EVENTS {
            p.problem(Loc::new(n, 1), ParseErrorKind::TooManyEvents(MAX_EVENTS));
            break;
        }
        if p.problems.len() > MAX_PROBLEMS {
            p.problem(
                Loc::new(n, 1),
                ParseErrorKind::TooManyProblems(MAX_PROBLEMS),
            );
            break;
        }
    }
    p.check_players();
    let Parser {
        header,
        events,
        final_racks,
        mut problems,
        ..
    } = p;
    problems.sort_by_key(|e| e.loc);
    if problems.iter().any(|e| e.kind.is_fatal()) {
        return Err(ParseErrors { errors: problems });
    }
    Ok(Script {
        source: file.to_string(),
        lines: decoded.lines,
        encoding: decoded.encoding,
        header,
        events,
        final_racks,
        issues: problems,
    })
}

/// `value` as a whole number in `min..=max`: [`ParseErrorKind::BadNumber`] when it is not a
/// whole number at all, [`ParseErrorKind::OutOfRange`] when it is one (negative, or too big
/// for 64 bits, included) outside the range.
fn number_in(pragma: &str, value: &str, min: u64, max: u64) -> Result<u64, ParseErrorKind> {
    let digits = value.strip_prefix(['-', '+']).unwrap_or(value);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseErrorKind::BadNumber(
            pragma.to_string(),
            value.to_string(),
        ));
    }
    match value.strip_prefix('+').unwrap_or(value).parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(ParseErrorKind::OutOfRange {
            pragma: pragma.to_string(),
            value: value.to_string(),
            min,
            max,
        }),
    }
}

struct Parser<'a> {
    file: &'a str,
    lines: &'a folio_core::script::TextLines,
    header: Header,
    events: Vec<Event>,
    final_racks: Vec<FinalRack>,
    problems: Vec<ParseError>,
    /// Single-valued pragmas already seen.
    /// Each single-valued pragma met so far: where, and its value as written.
    seen: HashMap<String, (Loc, String)>,
    /// Nickname → seats (several when nicknames collide).
    nick_seats: HashMap<String, Vec<usize>>,
    /// The previous non-blank line was a note (or its continuation).
    in_note: bool,
    /// An event after `#rackN` was reported (once per file).
    event_after_rack_reported: bool,
    /// A `#note` before the first event was reported (once per file: a header of many
    /// notes is legitimate GCG, and must not reach the problem limit).
    note_before_events_reported: bool,
}

/// A token of a line: its 1-based character column and text.
type Token<'s> = (u32, &'s str);

/// Splits `s` on white space, keeping each token's 1-based character column (`base` is the
/// column of `s`'s first character).
fn tokens(s: &str, base: u32) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(u32, usize)> = None;
    for (col, (i, c)) in (base..).zip(s.char_indices()) {
        if c.is_whitespace() {
            if let Some((tc, ti)) = start.take() {
                out.push((tc, &s[ti..i]));
            }
        } else if start.is_none() {
            start = Some((col, i));
        }
    }
    if let Some((tc, ti)) = start {
        out.push((tc, &s[ti..]));
    }
    out
}

impl Parser<'_> {
    fn problem(&mut self, loc: Loc, kind: ParseErrorKind) {
        // The line quoted as a bounded excerpt around the column (a problem never holds a
        // copy of a megabyte line).
        let text = self
            .lines
            .get(loc.line as usize - 1)
            .map(|l| folio_core::script::excerpt(l, loc.col))
            .unwrap_or_default();
        self.problems.push(ParseError {
            file: self.file.to_string(),
            loc,
            kind,
            text,
        });
    }

    fn line(&mut self, n: u32, line: &str) {
        let trimmed = line.trim_start();
        let indent = (line.chars().count() - trimmed.chars().count()) as u32;
        if trimmed.is_empty() {
            return;
        }
        let loc = Loc::new(n, indent + 1);
        if let Some(rest) = trimmed.strip_prefix('#') {
            self.pragma(loc, rest);
        } else if let Some(rest) = trimmed.strip_prefix('>') {
            self.in_note = false;
            if !self.final_racks.is_empty() && !self.event_after_rack_reported {
                self.event_after_rack_reported = true;
                self.problem(loc, ParseErrorKind::EventAfterFinalRack);
            }
            if let Some(event) = self.event(loc, rest) {
                self.events.push(event);
            }
        } else if self.in_note {
            self.append_note(trimmed.trim_end());
        } else {
            self.problem(loc, ParseErrorKind::StrayLine);
        }
    }

    /// Appends a note line to the last event's note, or to the game note before any event.
    fn append_note(&mut self, text: &str) {
        let note = match self.events.last_mut() {
            Some(ev) => &mut ev.note,
            None => &mut self.header.note,
        };
        match note {
            Some(n) => {
                n.push('\n');
                n.push_str(text);
            }
            None => *note = Some(text.to_string()),
        }
    }

    /// `rest` is the line after `#`; `loc` the column of `#`.
    fn pragma(&mut self, loc: Loc, rest: &str) {
        let name_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let name = &rest[..name_end];
        let value = rest[name_end..].trim();
        let value_col = loc.col + 1 + name.chars().count() as u32 + {
            let after = &rest[name_end..];
            (after.chars().count() - after.trim_start().chars().count()) as u32
        };
        let vloc = Loc::new(loc.line, value_col);
        let lname = name.to_ascii_lowercase();
        let after_events = !self.events.is_empty();

        if lname == "note" || lname == "-" {
            if self.events.is_empty() && lname == "note" && !self.note_before_events_reported {
                self.note_before_events_reported = true;
                self.problem(loc, ParseErrorKind::NoteBeforeEvents);
            }
            self.append_note(value);
            self.in_note = true;
            return;
        }
        self.in_note = false;

        if let Some(seat) = lname.strip_prefix("rack") {
            match seat.parse::<usize>() {
                Ok(s) if (1..=MAX_PLAYERS).contains(&s) => {
                    if let Some(tiles) = self.tiles(vloc, value, value) {
                        self.final_racks.push(FinalRack {
                            player: s - 1,
                            tiles,
                            loc,
                            after_events: self.events.len(),
                        });
                    }
                }
                _ => self.problem(loc, ParseErrorKind::BadSeat(format!("#{name}"))),
            }
            return;
        }
        if let Some(seat) = lname.strip_prefix("player") {
            if after_events {
                self.problem(loc, ParseErrorKind::PlayerAfterEvents);
            }
            let seat = match seat.parse::<usize>() {
                Ok(s) if (1..=MAX_PLAYERS).contains(&s) => s - 1,
                _ => {
                    self.problem(loc, ParseErrorKind::BadSeat(format!("#{name}")));
                    return;
                }
            };
            let toks = tokens(value, value_col);
            let Some(&(_, nick)) = toks.first() else {
                self.problem(loc, ParseErrorKind::MissingNick);
                return;
            };
            let full = value[nick.len()..].trim();
            let full = if full.is_empty() { nick } else { full };
            if self.header.players.iter().any(|p| p.seat == seat) {
                self.problem(loc, ParseErrorKind::SeatRedeclared(seat + 1));
                return;
            }
            if self.header.players.iter().any(|p| p.nick == nick) {
                self.problem(vloc, ParseErrorKind::DuplicateNick(nick.to_string()));
            }
            if self.header.players.iter().any(|p| p.name == full) {
                self.problem(vloc, ParseErrorKind::DuplicateName(full.to_string()));
            }
            self.nick_seats
                .entry(nick.to_string())
                .or_default()
                .push(seat);
            self.header.players.push(PlayerDecl {
                seat,
                nick: nick.to_string(),
                name: full.to_string(),
                loc,
            });
            self.header.players.sort_by_key(|p| p.seat);
            return;
        }

        if after_events && lname != "incomplete" && lname != "character-encoding" {
            self.problem(loc, ParseErrorKind::PragmaAfterEvents(name.to_string()));
        }
        let single = [
            "title",
            "description",
            "id",
            "lexicon",
            "rules",
            "tileset",
            "seed",
            "rounds",
            "game",
            "game-type",
            "character-encoding",
        ];
        if single.contains(&lname.as_str()) {
            if let Some((first, was)) = self.seen.get(&lname) {
                // The same value again is redundant; another value of a pragma that changes
                // the replay leaves the record saying two things (`#rules course` then
                // `#rules wordbler` was only a note).
                let replayed = ["lexicon", "rules", "tileset", "seed", "rounds", "game-type"];
                let kind = if replayed.contains(&lname.as_str()) && !was.eq_ignore_ascii_case(value)
                {
                    ParseErrorKind::ConflictingPragma {
                        name: name.to_string(),
                        first: was.clone(),
                        line: first.line,
                    }
                } else {
                    ParseErrorKind::RedundantPragma(name.to_string())
                };
                self.problem(loc, kind);
                return;
            }
            self.seen.insert(lname.clone(), (loc, value.to_string()));
        }
        let needs_value = ["lexicon", "rules", "tileset", "seed", "rounds", "game"];
        if value.is_empty() && needs_value.contains(&lname.as_str()) {
            self.problem(loc, ParseErrorKind::MissingValue(name.to_string()));
            return;
        }
        let h = &mut self.header;
        match lname.as_str() {
            "character-encoding" => {} // decided by `text::decode`
            "title" => h.title = Some(value.to_string()),
            "description" => h.description = Some(value.to_string()),
            "id" => h.id = Some(value.to_string()),
            "lexicon" => h.lexicon = Some((value.to_string(), vloc)),
            "incomplete" => h.incomplete = true,
            "rules" => match RulesName::parse(value) {
                Some(r) => h.rules = Some(r),
                None => self.problem(vloc, ParseErrorKind::UnknownRules(value.to_string())),
            },
            "tileset" => match crate::tileset::TileSet::crossword(&value.to_ascii_lowercase()) {
                Some(t) => h.tileset = Some(t),
                None => self.problem(vloc, ParseErrorKind::UnknownTileSet(value.to_string())),
            },
            "seed" => match number_in(name, value, 0, u64::MAX) {
                Ok(n) => h.seed = Some(n),
                Err(kind) => self.problem(vloc, kind),
            },
            "rounds" => match number_in(name, value, 1, u64::from(u32::MAX)) {
                Ok(n) => h.rounds = u32::try_from(n).ok(),
                Err(kind) => self.problem(vloc, kind),
            },
            "game" => match value.to_ascii_lowercase().as_str() {
                "scrabble" => h.game = GameKind::Scrabble,
                "boggle" => h.game = GameKind::Boggle,
                _ => self.problem(vloc, ParseErrorKind::UnknownGame(value.to_string())),
            },
            "game-type" => {
                h.game_type = Some(value.to_string());
                if !value.eq_ignore_ascii_case("classic") {
                    self.problem(vloc, ParseErrorKind::UnknownGameType(value.to_string()));
                }
            }
            _ => h.other.push((name.to_string(), value.to_string())),
        }
    }

    /// Parses tiles (letters `A`–`Z` and Latin-1 letters such as `Ä`, `?`; lower case
    /// accepted as upper) from `tok`, reporting a malformed rack at the offending character.
    /// Whether the game's tile set has such a tile is the replay's to judge.
    fn tiles(&mut self, loc: Loc, tok: &str, shown: &str) -> Option<Tiles> {
        let mut out = Vec::with_capacity(tok.len());
        for (i, c) in tok.chars().enumerate() {
            match (c, crate::tile::letter_of_char(c)) {
                ('?', _) => out.push(b'?'),
                (_, Some((code, _))) => out.push(code),
                _ => {
                    self.problem(
                        Loc::new(loc.line, loc.col + i as u32),
                        ParseErrorKind::MalformedRack {
                            rack: shown.to_string(),
                            ch: c,
                        },
                    );
                    return None;
                }
            }
        }
        Some(out)
    }

    /// The seat an event's nickname names. When players share a nickname (Quackle writes
    /// `NoName` for both), the seat comes from turn order and the event's kind: a `--` or
    /// `(challenge)` line belongs to the last mover, an end-of-game line with points to the
    /// last player who placed tiles (the one who went out), and anything else to the seat
    /// after the last event's.
    fn seat_of(&self, nick: &str, kind: &EventKind, score: Option<i32>) -> Option<usize> {
        let seats = self.nick_seats.get(nick)?;
        if seats.len() > 1 {
            let last = self.events.last().map(|e| e.player);
            let last_play = || {
                self.events
                    .iter()
                    .rev()
                    .find(|e| matches!(e.kind, EventKind::Play { .. }))
                    .map(|e| e.player)
            };
            let n = self.header.players.len().max(1);
            let wanted = match kind {
                EventKind::Withdrawn | EventKind::ChallengeBonus => last,
                EventKind::EndRack(_) if score.is_none_or(|s| s >= 0) => last_play(),
                _ => last.map(|l| (l + 1) % n),
            };
            if let Some(seat) = wanted.filter(|s| seats.contains(s)) {
                return Some(seat);
            }
        }
        seats.first().copied()
    }

    /// `rest` is the line after `>`; `loc` is the column of `>`.
    fn event(&mut self, loc: Loc, rest: &str) -> Option<Event> {
        let Some(colon) = rest.find(':') else {
            self.problem(loc, ParseErrorKind::MissingColon);
            return None;
        };
        let nick = rest[..colon].trim();
        if nick.is_empty() {
            self.problem(Loc::new(loc.line, loc.col + 1), ParseErrorKind::EmptyNick);
            return None;
        }
        let player = match self.nick_seats.get(nick).and_then(|s| s.first()) {
            Some(&s) => s,
            None => {
                self.problem(
                    Loc::new(loc.line, loc.col + 1),
                    ParseErrorKind::UnknownPlayer(nick.to_string()),
                );
                return None;
            }
        };
        let body_col = loc.col + 1 + rest[..=colon].chars().count() as u32;
        let toks = tokens(&rest[colon + 1..], body_col);
        let at = |c: u32| Loc::new(loc.line, c);
        let mut cols = EventCols::default();
        let mut i = 0;
        let Some(&(c0, t0)) = toks.first() else {
            self.problem(
                at(body_col),
                ParseErrorKind::Truncated("no move after the nickname"),
            );
            return None;
        };
        let mut rack = None;
        if !t0.starts_with('-') && !t0.starts_with('(') && parse_coord(t0).is_none() {
            rack = Some(self.tiles(at(c0), t0, t0)?);
            cols.rack = c0;
            i = 1;
        }
        let Some(&(bc, body)) = toks.get(i) else {
            self.problem(
                at(c0 + t0.chars().count() as u32),
                ParseErrorKind::Truncated("no move after the rack"),
            );
            return None;
        };
        cols.body = bc;
        i += 1;
        let kind = if body == "--" {
            EventKind::Withdrawn
        } else if body == "-" || body == "-0" {
            EventKind::Pass
        } else if let Some(ex) = body.strip_prefix('-') {
            if ex.bytes().all(|b| b.is_ascii_digit()) {
                match ex.parse::<u8>() {
                    Ok(n) => EventKind::Exchange(Exchanged::Count(n)),
                    Err(_) => {
                        self.problem(at(bc), ParseErrorKind::MalformedExchange(body.into()));
                        return None;
                    }
                }
            } else if ex
                .chars()
                .all(|c| c == '?' || crate::tile::letter_of_char(c).is_some())
            {
                EventKind::Exchange(Exchanged::Tiles(
                    ex.chars()
                        .map(|c| crate::tile::letter_of_char(c).map_or(b'?', |(code, _)| code))
                        .collect(),
                ))
            } else {
                self.problem(at(bc), ParseErrorKind::MalformedExchange(body.into()));
                return None;
            }
        } else if body.eq_ignore_ascii_case("(challenge)") {
            EventKind::ChallengeBonus
        } else if body.eq_ignore_ascii_case("(time)") {
            EventKind::TimePenalty
        } else if let Some(inner) = body.strip_prefix('(') {
            let Some(inner) = inner.strip_suffix(')') else {
                self.problem(at(bc), ParseErrorKind::UnknownMove(body.into()));
                return None;
            };
            EventKind::EndRack(self.tiles(at(bc + 1), inner, body)?)
        } else if let Some(coord) = parse_coord(body) {
            let Some(&(wc, word)) = toks.get(i) else {
                self.problem(
                    at(bc + body.chars().count() as u32),
                    ParseErrorKind::Truncated("play without a word after its coordinate"),
                );
                return None;
            };
            cols.word = wc;
            i += 1;
            EventKind::Play {
                coord,
                word: self.word(at(wc), word)?,
            }
        } else if body.chars().any(|c| c.is_ascii_digit()) {
            self.problem(at(bc), ParseErrorKind::BadCoordinate(body.into()));
            return None;
        } else {
            self.problem(at(bc), ParseErrorKind::UnknownMove(body.into()));
            return None;
        };

        let mut score = None;
        if let Some(&(sc, s)) = toks.get(i) {
            match parse_signed(s) {
                Ok(v) => {
                    score = Some(v);
                    cols.score = sc;
                }
                Err(kind) => {
                    self.problem(at(sc), kind);
                    return None;
                }
            }
            i += 1;
        }
        let mut cumulative = None;
        if let Some(&(cc, s)) = toks.get(i) {
            match s.parse::<i32>() {
                Ok(v) if !s.starts_with('+') => {
                    cumulative = Some(v);
                    cols.cumulative = cc;
                }
                _ => {
                    let digits = s.strip_prefix('-').unwrap_or(s);
                    let kind = if !digits.is_empty() && digits.bytes().all(|d| d.is_ascii_digit()) {
                        ParseErrorKind::CumulativeOutOfRange(s.into())
                    } else {
                        ParseErrorKind::MalformedCumulative(s.into())
                    };
                    self.problem(at(cc), kind);
                    return None;
                }
            }
            i += 1;
        }
        let trailing = toks[i.min(toks.len())..]
            .iter()
            .map(|&(_, t)| t.to_string())
            .collect();
        let player = self.seat_of(nick, &kind, score).unwrap_or(player);
        Some(Event {
            loc,
            cols,
            player,
            rack,
            kind,
            score,
            cumulative,
            trailing,
            note: None,
        })
    }

    /// Parses a written word: letters (lower case = blank), `.`, and `(…)` runs.
    ///
    /// A word covering more squares than a board line has ([`crate::coord::SIZE`]) is
    /// refused here, at its token ([`ParseErrorKind::WordTooLong`]): no board can hold it,
    /// and a record's megabyte token then costs no tile list, placement or picture.
    fn word(&mut self, loc: Loc, tok: &str) -> Option<Vec<WordTile>> {
        let mut out = Vec::with_capacity(tok.len().min(crate::coord::SIZE + 1));
        let mut in_paren = false;
        let bad = |s: &mut Self, i: usize, ch: char| {
            s.problem(
                Loc::new(loc.line, loc.col + i as u32),
                ParseErrorKind::MalformedWord {
                    word: tok.to_string(),
                    ch,
                },
            );
            None
        };
        let unbalanced = |s: &mut Self, i: usize, why: &'static str| {
            s.problem(
                Loc::new(loc.line, loc.col + i as u32),
                ParseErrorKind::UnbalancedWord {
                    word: tok.to_string(),
                    why,
                },
            );
            None
        };
        let too_long = |s: &mut Self| {
            s.problem(
                loc,
                ParseErrorKind::WordTooLong {
                    word: quoted(tok).to_string(),
                    max: crate::coord::SIZE,
                },
            );
            None
        };
        // Where the open `(` is, and the tiles before it (an empty `()` is no play-through).
        let mut opened = (0, 0);
        for (i, c) in tok.chars().enumerate() {
            if out.len() > crate::coord::SIZE {
                return too_long(self);
            }
            match c {
                '(' if !in_paren => {
                    in_paren = true;
                    opened = (i, out.len());
                }
                ')' if in_paren => {
                    in_paren = false;
                    if out.len() == opened.1 {
                        return unbalanced(self, opened.0, "`()` holds no letter");
                    }
                }
                '.' if !in_paren => out.push(WordTile::Through(None)),
                c => match crate::tile::letter_of_char(c) {
                    Some((code, _)) if in_paren => out.push(WordTile::Through(Some(code))),
                    Some((letter, blank)) => out.push(WordTile::Letter { letter, blank }),
                    None => return bad(self, i, c),
                },
            }
        }
        if out.len() > crate::coord::SIZE {
            return too_long(self);
        }
        if in_paren {
            return unbalanced(self, opened.0, "this `(` is not closed");
        }
        if out.is_empty() {
            return bad(self, 0, tok.chars().next().unwrap_or(' '));
        }
        Some(out)
    }

    /// Cross-checks players once the whole file is read.
    fn check_players(&mut self) {
        let seats: Vec<usize> = self.header.players.iter().map(|p| p.seat).collect();
        let empty = self.lines.iter().all(|l| l.trim().is_empty());
        if seats.is_empty() && !empty && !self.problems.iter().any(|e| e.kind.is_fatal()) {
            // A file of pragmas and notes only (or of stray lines) is not a game; without
            // this it would "replay" with nobody and pass.
            self.problem(Loc::new(1, 1), ParseErrorKind::NoPlayers);
        }
        // Seats 1..N without a gap: each gap is reported once, at the line of the first
        // declared seat above it (players are sorted by seat).
        let mut next = 0;
        for p in self.header.players.clone() {
            if p.seat > next {
                let kind = ParseErrorKind::MissingSeat {
                    missing: next + 1,
                    declared: p.seat + 1,
                };
                self.problem(p.loc, kind);
            }
            next = p.seat + 1;
        }
        for r in &self.final_racks.clone() {
            if !seats.contains(&r.player) {
                self.problem(r.loc, ParseErrorKind::RackForUnknownSeat(r.player + 1));
            }
        }
    }
}

/// Parses a coordinate: row first (`8H`, across) or column first (`H8`, down);
/// case-insensitive; rows 1–15, columns A–O.
pub fn parse_coord(tok: &str) -> Option<Coord> {
    let b = tok.as_bytes();
    let (dir, letter, digits) = match b.first()? {
        // The column letter is one ASCII byte; anything else (`12é`) is no coordinate.
        c if c.is_ascii_digit() && b.last()?.is_ascii() => {
            (Dir::Across, *b.last()?, &tok[..tok.len() - 1])
        }
        c if c.is_ascii_alphabetic() => (Dir::Down, *c, &tok[1..]),
        _ => return None,
    };
    if digits.is_empty() || !digits.bytes().all(|d| d.is_ascii_digit()) || digits.len() > 2 {
        return None;
    }
    let row: u8 = digits.parse().ok()?;
    let col = letter.to_ascii_uppercase().checked_sub(b'A')?;
    if !(1..=15).contains(&row) || col > 14 {
        return None;
    }
    Some(Coord {
        row: row - 1,
        col,
        dir,
    })
}

/// Parses `+N` or `-N` (the sign is required).
/// A move's score: `+N` or `-N`, a signed 32-bit number.
fn parse_signed(s: &str) -> Result<i32, ParseErrorKind> {
    let malformed = || ParseErrorKind::MalformedScore(s.into());
    let (neg, digits) = match s.as_bytes().first() {
        Some(b'+') => (false, &s[1..]),
        Some(b'-') => (true, &s[1..]),
        _ => return Err(malformed()),
    };
    if digits.is_empty() || !digits.bytes().all(|d| d.is_ascii_digit()) {
        return Err(malformed());
    }
    let v: i64 = digits
        .parse()
        .unwrap_or(i64::MAX)
        .saturating_mul(if neg { -1 } else { 1 });
    i32::try_from(v).map_err(|_| ParseErrorKind::ScoreOutOfRange(s.into()))
}

#[cfg(test)]
mod tests;
