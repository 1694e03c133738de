//! The crossword game: the board as SVG, and the page of a replayed record (the board after
//! every turn, each play's per-tile score breakdown, standings over the turns, findings).

use folio_scrabble::premium::premium_at;
use folio_scrabble::report::{TurnKind, TurnReport, WordReport};
use folio_scrabble::{Premium, Report, Square, Tile, TileSet};
use maud::{html, Markup, PreEscaped};

use crate::page::{Body, Linked};

/// Squares per side.
const N: usize = 15;
/// A square's side, in SVG user units.
const S: u32 = 34;
/// The margin holding the coordinates.
const M: u32 = 20;

/// What a board picture shows.
pub struct BoardView<'a> {
    /// 15 rows of 15 characters: `.` empty, upper case a tile, lower case a blank (as
    /// [`folio_scrabble::Report::board`]); shorter or missing rows are empty squares.
    pub rows: &'a [String],
    /// Squares whose tiles the last move placed (highlighted), as `(row, col)` 0-based.
    pub new: &'a [(usize, usize)],
    /// Letter values for the small numbers on tiles.
    pub tiles: &'a TileSet,
    /// An accessible name for the picture (`Board after turn 3`).
    pub label: &'a str,
    /// `data-turn` of the picture, when it is one turn's board on a page.
    pub turn: Option<usize>,
    /// A standalone SVG file: carries the `xmlns` and its own style, and draws the whole
    /// board. Otherwise a board on one of folio's pages, which `use`s the empty board and the
    /// tile face the page draws once.
    pub standalone: bool,
}

/// The id of the empty board (squares, premium marks, coordinates) a page draws once, in
/// [`page_defs`], and every board of the page `use`s.
const BOARD_ID: &str = "board";
/// The id of a tile's face, drawn once in [`page_defs`] and `use`d by every tile of a page.
const TILE_ID: &str = "tile";

/// The board's side, margin included.
const SIDE: u32 = M + S * N as u32 + 2;

/// The board as SVG: 225 squares (`rect.sq`, premium in its class:
/// `tw` `dw` `tl` `dl`, `st` the centre star, `pl` plain), coordinates A–O and 1–15, and each
/// tile a `g.tile` (`data-square`, class `new` when just placed, `blank` for a blank) with
/// its letter and value as `<text>`.
///
/// A standalone picture draws all of it. A board on a page (`standalone: false`) draws only
/// its tiles, over a `use` of the empty board and with each tile's face a `use` of the tile,
/// both drawn once per page (in a hidden `svg.defs`): a game of 28 turns
/// once drew the 225 squares 29 times.
pub fn board_svg(v: &BoardView<'_>) -> Markup {
    let cell = |r: usize, c: usize| -> char {
        v.rows
            .get(r)
            .and_then(|row| row.chars().nth(c))
            .unwrap_or('.')
    };
    html! {
        svg.board xmlns=[v.standalone.then_some("http://www.w3.org/2000/svg")]
            viewBox={ "0 0 " (SIDE) " " (SIDE) } width=(SIDE) height=(SIDE)
            role="img" aria-label=(v.label) data-turn=[v.turn] {
            @if v.standalone { style { (PreEscaped(crate::page::STYLE)) } }
            title { (v.label) }
            @if v.standalone { (empty_board()) } @else { use href={ "#" (BOARD_ID) } {} }
            @for r in 0..N {
                @for c in 0..N {
                    @let ch = cell(r, c);
                    @if ch != '.' {
                        (tile(r, c, ch, v.new.contains(&(r, c)), v.tiles, v.standalone))
                    }
                }
            }
        }
    }
}

/// The empty board: the white ground, the coordinates and the 225 squares.
fn empty_board() -> Markup {
    html! {
        rect x="0" y="0" width=(SIDE) height=(SIDE) fill="#fff" {}
        @for c in 0..N {
            text.co x=(M + S * c as u32 + S / 2) y=(M - 6) { ((b'A' + c as u8) as char) }
        }
        @for r in 0..N {
            text.co x=(M / 2) y=(M + S * r as u32 + S / 2 + 4) { (r + 1) }
        }
        @for r in 0..N {
            @for c in 0..N {
                (square(r, c))
            }
        }
    }
}

/// What every board of a page `use`s, drawn once in a hidden `svg`: the empty board
/// (`g#board`) and a tile's face (`rect#tile`, filled by its tile's class).
pub(crate) fn page_defs() -> Markup {
    html! {
        svg.defs aria-hidden="true" focusable="false" width="0" height="0" {
            defs {
                g id=(BOARD_ID) { (empty_board()) }
                rect id=(TILE_ID) x="2" y="2" width=(S - 4) height=(S - 4) rx="3" {}
            }
        }
    }
}

fn square_name(r: usize, c: usize) -> String {
    format!("{}{}", (b'A' + c as u8) as char, r + 1)
}

fn square(r: usize, c: usize) -> Markup {
    let sq = Square::new(r as i32, c as i32);
    let (class, mark) = if sq == Some(Square::CENTRE) {
        ("st", "★")
    } else {
        match sq.map_or(Premium::None, premium_at) {
            Premium::TripleWord => ("tw", "TW"),
            Premium::DoubleWord => ("dw", "DW"),
            Premium::TripleLetter => ("tl", "TL"),
            Premium::DoubleLetter => ("dl", "DL"),
            Premium::None => ("pl", ""),
        }
    };
    let (x, y) = (M + S * c as u32, M + S * r as u32);
    html! {
        rect class={ "sq " (class) } x=(x) y=(y) width=(S) height=(S) {}
        @if !mark.is_empty() {
            text class={ "pm" @if matches!(class, "tw" | "tl") { " on-dark" } } x=(x + S / 2) y=(y + S / 2 + 3) { (mark) }
        }
    }
}

/// One tile: its face a `use` of the page's tile face, or (standalone) a rect of its own.
fn tile(r: usize, c: usize, ch: char, new: bool, tiles: &TileSet, standalone: bool) -> Markup {
    // `ä` is a blank shown as Ä (the letters are the crate's Latin-1 tile letters).
    let (letter, blank) = folio_scrabble::tile::letter_of_char(ch).unwrap_or((b'?', false));
    let value = if blank {
        0
    } else {
        tiles.value(Tile::Letter(letter))
    };
    let (x, y) = (M + S * c as u32, M + S * r as u32);
    let class = match (new, blank) {
        (true, true) => "tile new blank",
        (true, false) => "tile new",
        (false, true) => "tile blank",
        (false, false) => "tile",
    };
    html! {
        g class=(class) data-square=(square_name(r, c)) {
            @if standalone {
                rect x=(x + 2) y=(y + 2) width=(S - 4) height=(S - 4) rx="3" {}
            } @else {
                use href={ "#" (TILE_ID) } x=(x) y=(y) {}
            }
            @if blank { circle cx=(x + S / 2) cy=(y + S / 2) r=(S / 2 - 4) {} }
            text.l x=(x + S / 2) y=(y + S / 2 + 7) { (char::from(letter)) }
            @if !blank { text.v x=(x + S - 4) y=(y + S - 4) { (value) } }
        }
    }
}

/// The squares holding a tile in `after` and not in `before` (what a turn placed).
fn placed(before: &[String], after: &[String]) -> Vec<(usize, usize)> {
    let at = |rows: &[String], r: usize, c: usize| {
        rows.get(r)
            .and_then(|row| row.chars().nth(c))
            .unwrap_or('.')
    };
    let mut out = Vec::new();
    for r in 0..N {
        for c in 0..N {
            let (b, a) = (at(before, r, c), at(after, r, c));
            if a != '.' && a != b {
                out.push((r, c));
            }
        }
    }
    out
}

/// The tiles a report's game was played with (its record's `#tileset`, else its rule
/// set's): a German record's Ü is worth 6, not the English set's 0.
fn tile_set(report: &Report) -> TileSet {
    report.tile_set
}

/// The seat colours of the standings chart and the turn list (dark enough for text on white).
pub(crate) const SEAT_COLOURS: [&str; 6] = [
    "#1f5fa8", "#b3261e", "#2e7d32", "#6a1b9a", "#8d5a00", "#00695c",
];

/// The page body of a replayed record.
pub(crate) fn body(report: &Report) -> Body {
    let tiles = tile_set(report);
    let names: Vec<&str> = report.players.iter().map(|p| p.nick.as_str()).collect();
    let title = report.title.clone().unwrap_or_else(|| {
        if names.is_empty() {
            report.file.clone()
        } else {
            names.join(" vs ")
        }
    });
    let n = report.turns.len();
    let turn_of_line = |line: u32| report.turns.iter().position(|t| t.line == line);
    let findings: Vec<Linked> = report
        .findings
        .iter()
        .map(|f| {
            let anchor = turn_of_line(f.loc.line)
                .map(|i| (format!("t{}", i + 1), format!("turn {}", i + 1)));
            Linked::new(f, anchor)
        })
        .collect();
    let empty: Vec<String> = Vec::new();
    let lexicon = match (&report.lexicon.name, report.lexicon.checked) {
        (Some(name), true) => format!("words checked against {name}"),
        (Some(name), false) => format!("lexicon {name} not available: words not checked"),
        (None, _) => "words not checked".to_string(),
    };
    let main = html! {
        @if n > 0 || !report.board.is_empty() { (page_defs()) }
        p.meta { (report.rules) " rules · " (lexicon) " · " (report.result_text()) }
        section #standings {
            h2 { "Standings" }
            table.standings {
                thead { tr { th { "seat" } th { "player" } th.num { "score" } th.num { "recorded" } } }
                tbody {
                    @for p in &report.players {
                        tr data-seat=(p.seat) {
                            td { (p.seat) }
                            td { span style={ "color:" (colour(p.seat)) } { "■ " } (p.nick) @if p.name != p.nick { " (" (p.name) ")" } }
                            td.num.score { (p.score) }
                            td.num { @if let Some(r) = p.recorded { (r) } }
                        }
                    }
                }
            }
            (crate::chart::standings(report))
        }
        @if n > 0 {
            section #turns {
                h2 { "Turns" }
                table.turns {
                    thead { tr { th { "#" } th { "line" } th { "player" } th { "rack" } th { "move" } th.num { "points" } th.num { "total" } th { "" } } }
                    tbody {
                        @for (i, t) in report.turns.iter().enumerate() {
                            tr data-turn=(i + 1) class=[report.findings.iter().any(|f| f.loc.line == t.line).then_some("bad")] {
                                td.n { a href={ "#t" (i + 1) } { (i + 1) } }
                                td { a href={ "#L" (t.line) } { (t.line) } }
                                td { (t.player) }
                                td { code { (t.rack.as_deref().unwrap_or("")) } }
                                td { code { (t.notation) } }
                                td.num { (signed(t.points)) }
                                td.num { (t.total) }
                                td { (t.summary()) }
                            }
                        }
                    }
                }
            }
            section #board-view {
                h2 { "Board" }
                div.stepper-controls {
                    button type="button" data-step="-1" aria-label="previous turn" { "◀" }
                    span { "turn " strong #shown-turn { (n) } " of " (n) }
                    button type="button" data-step="1" aria-label="next turn" { "▶" }
                    span.meta { "(← → Home End)" }
                }
                @for (i, t) in report.turns.iter().enumerate() {
                    @let before = if i == 0 { &empty } else { &report.turns[i - 1].board_after };
                    (turn_section(report, i, t, before, &tiles))
                }
            }
        } @else if !report.board.is_empty() {
            section #board-view {
                h2 { "Board" }
                (board_svg(&BoardView { rows: &report.board, new: &[], tiles: &tiles, label: "Final board", turn: None, standalone: false }))
            }
        }
    };
    Body {
        title,
        main,
        findings,
    }
}

fn colour(seat: usize) -> &'static str {
    SEAT_COLOURS[(seat + SEAT_COLOURS.len() - 1) % SEAT_COLOURS.len()]
}

fn signed(points: i32) -> String {
    format!("{points:+}")
}

fn turn_section(
    report: &Report,
    i: usize,
    t: &TurnReport,
    before: &[String],
    tiles: &TileSet,
) -> Markup {
    let n = report.turns.len();
    let new = placed(before, &t.board_after);
    let label = format!(
        "Board after turn {} of {n}: {} {}",
        i + 1,
        t.player,
        t.notation
    );
    // Everyone's total after this turn: the last total each seat reached so far.
    let standing: Vec<(String, i64)> = report
        .players
        .iter()
        .map(|p| {
            let total = report.turns[..=i]
                .iter()
                .rev()
                .find(|u| u.seat == p.seat)
                .map_or(0, |u| u.total);
            (p.nick.clone(), total)
        })
        .collect();
    let here: Vec<&folio_scrabble::Finding> = report
        .findings
        .iter()
        .filter(|f| f.loc.line == t.line)
        .collect();
    html! {
        section.turn id={ "t" (i + 1) } data-turn=(i + 1) data-line=(t.line) {
            h3 {
                "Turn " (i + 1) " of " (n) " · "
                a href={ "#L" (t.line) } { "line " (t.line) } " · "
                (t.player) " · " code { (t.notation) } " · " (signed(t.points)) " → " (t.total)
            }
            div.turn-body {
                (board_svg(&BoardView { rows: &t.board_after, new: &new, tiles, label: &label, turn: Some(i + 1), standalone: false }))
                div.detail {
                    @if let Some(rack) = &t.rack { p { "rack " code { (rack) } } }
                    p { (t.summary()) }
                    @if t.kind == TurnKind::Play {
                        @for w in &t.words { (word_table(w)) }
                        p.sum {
                            @for (k, w) in t.words.iter().enumerate() {
                                @if k > 0 { " + " }
                                (w.word) " " (w.score)
                            }
                            @if t.bingo > 0 { " + bingo " (t.bingo) }
                            " = " strong { (t.points) }
                        }
                    }
                    @if let Some(r) = t.recorded_points { @if r != t.points { p.why { "recorded " (signed(r)) ", the rules give " (signed(t.points)) } } }
                    @if let Some(r) = t.recorded_total { @if i64::from(r) != t.total { p.why { "recorded total " (r) ", the rules give " (t.total) } } }
                    @if let Some(note) = &t.note { p.note { (note) } }
                    @for f in &here {
                        p.why { a href={ "#L" (f.loc.line) } { code { (f.file) ":" (f.loc.line) ":" (f.loc.col) } } " " (f.rule.to_string()) }
                    }
                    p.standing {
                        @for (k, (nick, total)) in standing.iter().enumerate() {
                            @if k > 0 { " · " }
                            (nick) " " strong { (total) }
                        }
                    }
                }
            }
        }
    }
}

/// One word's score detail, tile by tile: letter, value, letter multiplier (the premium
/// under a tile placed by this play), word multipliers; then sum × word factor.
fn word_table(w: &WordReport) -> Markup {
    let sum: u32 = w.tiles.iter().map(|t| t.value * t.letter_factor).sum();
    let factor: u32 = w.tiles.iter().map(|t| t.word_factor).product();
    html! {
        table.word data-word=(w.word) {
            caption {
                (w.word) " at " code { (w.position) } @if w.main { " (main word)" }
                ": " (sum) @if factor > 1 { " × " (factor) } " = "
                @if w.repeat { "0 (a repeat scores nothing)" } @else { (w.score) }
            }
            tr { th { "square" } @for t in &w.tiles { td { (t.square) } } }
            tr { th { "letter" } @for t in &w.tiles { td class=[t.new.then_some("newt")] { (t.letter) @if t.blank { "·" } } } }
            tr { th { "value" } @for t in &w.tiles { td { (t.value) } } }
            tr { th { "× letter" } @for t in &w.tiles { td { @if t.letter_factor > 1 { "×" (t.letter_factor) } } } }
            tr { th { "× word" } @for t in &w.tiles { td { @if t.word_factor > 1 { "×" (t.word_factor) } } } }
            tr { th { "points" } @for t in &w.tiles { td { (t.value * t.letter_factor) } } }
        }
    }
}

/// The board after turn `turn` (1-based; `None`: the last) of a replayed record, its tiles
/// placed by that turn highlighted; the final board of a record with no event.
///
/// # Errors
/// No such turn, or a record that did not parse.
pub fn report_svg(report: &Report, turn: Option<usize>) -> Result<Markup, crate::SvgError> {
    let tiles = tile_set(report);
    if report.turns.is_empty() && turn.is_none() && !report.board.is_empty() {
        return Ok(board_svg(&BoardView {
            rows: &report.board,
            new: &[],
            tiles: &tiles,
            label: "Board",
            turn: None,
            standalone: true,
        }));
    }
    if report.result.status == "not-replayed" {
        return Err(crate::SvgError::Nothing(format!(
            "{}: not replayed: the script does not parse",
            report.file
        )));
    }
    let i = crate::turn_index(turn, report.turns.len())?;
    let t = &report.turns[i];
    let before: &[String] = if i == 0 {
        &[]
    } else {
        &report.turns[i - 1].board_after
    };
    let new = placed(before, &t.board_after);
    let label = format!("Board after turn {}: {} {}", i + 1, t.player, t.notation);
    Ok(board_svg(&BoardView {
        rows: &t.board_after,
        new: &new,
        tiles: &tiles,
        label: &label,
        turn: Some(i + 1),
        standalone: true,
    }))
}
