//! FreeCell: the layout (free cells, foundations, cascades) as SVG, and the page of a
//! solution: the layout at each move with the cards it moved highlighted.

use folio_freecell::replay::Report;
use folio_freecell::{Card, Position, Suit};
use maud::{html, Markup, PreEscaped};

use crate::page::{Body, Linked};

const CW: usize = 52;
const CH: usize = 70;
const GAP: usize = 8;
/// How far down each card of a cascade lies under the one before.
const FAN: usize = 22;

fn suit_symbol(s: Suit) -> char {
    match s {
        Suit::Clubs => '♣',
        Suit::Diamonds => '♦',
        Suit::Hearts => '♥',
        Suit::Spades => '♠',
    }
}

/// The id of a card's face, drawn once per page and `use`d by every card of the page.
const CARD_ID: &str = "card";

/// The id of the empty slots of the top row (free cells, then foundations) with `cells`
/// free cells, drawn once per page.
fn slots_id(cells: usize) -> String {
    format!("slots{cells}")
}

/// One card: its face a `use` of the page's card face, or (standalone) a rect of its own.
/// On a page the colour of its text comes from its suit (the style reads `data-card`); a
/// standalone picture names it (`red`, `black`) for SVG readers with less CSS.
fn card_at(x: usize, y: usize, c: Card, moved: bool, standalone: bool) -> Markup {
    let colour = standalone.then_some(if c.is_red() { "red" } else { "black" });
    html! {
        g class={ "card" @if moved { " moved" } } data-card=(c.to_string()) {
            @if standalone {
                rect x=(x) y=(y) width=(CW) height=(CH) rx="5" {}
            } @else {
                use href={ "#" (CARD_ID) } x=(x) y=(y) {}
            }
            text class=[colour] x=(x + 5) y=(y + 17) {
                (c.rank_char()) (suit_symbol(c.suit()))
            }
        }
    }
}

fn col_x(k: usize) -> usize {
    GAP + k * (CW + GAP)
}

/// The empty slots of the top row: `cells` free cells (at most 4 drawn), then the four
/// foundations.
fn slots(cells: usize) -> Markup {
    html! {
        @for i in 0..cells.min(4) {
            rect.slot x=(col_x(i)) y=(GAP) width=(CW) height=(CH) rx="5" {}
        }
        @for s in 0..4 {
            rect.slot x=(col_x(4 + s)) y=(GAP) width=(CW) height=(CH) rx="5" {}
        }
    }
}

/// What every layout of a page `use`s, drawn once in a hidden `svg`: a card's face
/// (`rect#card`, filled by its card's class) and the empty top row for each number of free
/// cells in `cells`.
fn page_defs(cells: &[usize]) -> Markup {
    html! {
        svg.defs aria-hidden="true" focusable="false" width="0" height="0" {
            defs {
                rect id=(CARD_ID) x="0" y="0" width=(CW) height=(CH) rx="5" {}
                @for &n in cells {
                    g id=(slots_id(n)) { (slots(n)) }
                }
            }
        }
    }
}

/// Every card of `p` with where it lies (`(place, depth)`: cascades 0..8, cells 8.., the
/// foundations 100+suit), so two positions can be compared card by card.
fn places(p: &Position) -> Vec<(Card, usize, usize)> {
    let mut out = Vec::new();
    for k in 0..8 {
        out.extend(p.cascade(k).enumerate().map(|(d, c)| (c, k, d)));
    }
    for i in 0..p.cell_count() {
        out.extend(p.cell(i).map(|c| (c, 8 + i, 0)));
    }
    for (s, &h) in p.foundations().iter().enumerate() {
        for r in 1..=h {
            out.extend(Card::new(r, Suit::from_index(s as u8)).map(|c| (c, 100 + s, 0)));
        }
    }
    out
}

/// The cards whose place differs between `before` and `after` (a move and its auto-moves).
pub fn moved(before: &Position, after: &Position) -> Vec<Card> {
    let b = places(before);
    let mut out: Vec<Card> = places(after)
        .into_iter()
        .filter(|x| !b.contains(x))
        .map(|(c, _, _)| c)
        .collect();
    out.sort_by_key(|c| c.index());
    out
}

/// The layout as SVG: free cells and foundations on top, the eight cascades fanned below;
/// the `moved` cards highlighted. A standalone picture draws all of it; a layout on a page
/// `use`s the card face and the empty top row the page draws once.
pub fn layout_svg(p: &Position, moved: &[Card], label: &str, standalone: bool) -> Markup {
    let deepest = (0..8).map(|k| p.cascade_len(k)).max().unwrap_or(0);
    let w = 8 * (CW + GAP) + GAP;
    let h = GAP * 3 + CH * 2 + deepest.saturating_sub(1) * FAN + GAP;
    let found = p.foundations();
    let card = |x: usize, y: usize, c: Card| card_at(x, y, c, moved.contains(&c), standalone);
    html! {
        svg.cards xmlns=[standalone.then_some("http://www.w3.org/2000/svg")]
            viewBox={ "0 0 " (w) " " (h) } width=(w) height=(h) role="img" aria-label=(label) {
            @if standalone { style { (PreEscaped(crate::page::STYLE)) } }
            title { (label) }
            rect x="0" y="0" width=(w) height=(h) fill="#e6f0e6" {}
            @if standalone { (slots(p.cell_count())) } @else { use href={ "#" (slots_id(p.cell_count())) } {} }
            @for i in 0..p.cell_count().min(4) {
                @if let Some(c) = p.cell(i) { (card(col_x(i), GAP, c)) }
            }
            @for s in 0..4 {
                @if found[s] > 0 {
                    @if let Some(c) = Card::new(found[s], Suit::from_index(s as u8)) {
                        (card(col_x(4 + s), GAP, c))
                    }
                }
            }
            @for k in 0..8 {
                @for (d, c) in p.cascade(k).enumerate() {
                    (card(col_x(k), 2 * GAP + CH + GAP + d * FAN, c))
                }
            }
        }
    }
}

/// The page body of a solution: the deal, then one section per move.
pub(crate) fn body(report: &Report) -> Body {
    let turn_of_line = |line: u32| report.steps.iter().position(|s| s.line == line);
    let findings: Vec<Linked> = report
        .findings
        .iter()
        .map(|f| {
            let anchor = turn_of_line(f.loc.line)
                .map(|i| (format!("t{}", i + 1), format!("move {}", i + 1)));
            Linked::new(f, anchor)
        })
        .collect();
    let n = report.steps.len();
    let deal = report.deal.map_or("-".to_string(), |d| d.to_string());
    // The numbers of free cells the page's layouts have (one, unless a position says else).
    let mut cells: Vec<usize> = report
        .start
        .iter()
        .chain(report.position.iter())
        .chain(report.steps.iter().map(|s| &s.after))
        .map(Position::cell_count)
        .collect();
    cells.sort_unstable();
    cells.dedup();
    let main = html! {
        @if report.start.is_some() { (page_defs(&cells)) }
        p.meta { "deal " (deal) " · " (folio_freecell::replay::free_cells(report.freecells)) " · autoplay " (report.autoplay.name())
            " · " (folio_core::plural(n, "move", "moves")) " · " @if report.won() { "won" } @else { "not won" } }
        @if let Some(start) = &report.start {
            @if n == 0 {
                (layout_svg(report.position.as_ref().unwrap_or(start), &[], "The deal", false))
            } @else {
                div.stepper-controls {
                    button type="button" data-step="-1" aria-label="previous move" { "◀" }
                    span { "move " strong #shown-turn { (n) } " of " (n) }
                    button type="button" data-step="1" aria-label="next move" { "▶" }
                    span.meta { "(← → Home End)" }
                }
                @for (i, s) in report.steps.iter().enumerate() {
                    @let before = if i == 0 { start } else { &report.steps[i - 1].after };
                    section.turn id={ "t" (i + 1) } data-turn=(i + 1) data-line=(s.line) {
                        h3 { "Move " (i + 1) " of " (n) " · " a href={ "#L" (s.line) } { "line " (s.line) }
                            " · " code { (s.mv.to_string()) } " · " (s.card.to_string())
                            @if s.count > 1 { " and " (s.count - 1) " more" }
                            @if !s.auto.is_empty() { " · auto: "
                                @for (k, (_, c)) in s.auto.iter().enumerate() { @if k > 0 { " " } (c.to_string()) } }
                        }
                        (layout_svg(&s.after, &moved(before, &s.after), &format!("The layout after move {}", i + 1), false))
                    }
                }
            }
        } @else {
            p.why { "no game could start: nothing to draw" }
        }
    };
    Body {
        title: format!("FreeCell solution {}", report.file),
        main,
        findings,
    }
}

/// The layout after move `turn` (1-based; `None`: the last; a solution without a legal move:
/// the deal) of a replayed solution, the cards that move moved highlighted.
///
/// # Errors
/// No such move, or no game could start.
pub fn report_svg(report: &Report, turn: Option<usize>) -> Result<Markup, crate::SvgError> {
    let Some(start) = &report.start else {
        return Err(crate::SvgError::Nothing(format!(
            "{}: no game could start: nothing to draw",
            report.file
        )));
    };
    if report.steps.is_empty() && turn.is_none() {
        return Ok(layout_svg(start, &[], "The deal", true));
    }
    let i = crate::turn_index(turn, report.steps.len())?;
    let before = if i == 0 {
        start
    } else {
        &report.steps[i - 1].after
    };
    let after = &report.steps[i].after;
    Ok(layout_svg(
        after,
        &moved(before, after),
        &format!("The layout after move {}", i + 1),
        true,
    ))
}
