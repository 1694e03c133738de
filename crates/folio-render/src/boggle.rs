//! Boggle: the board as SVG, and the page of a round (each word's path drawn on hover or
//! focus, every player's words scored / cancelled / rejected and why, the words nobody found).

use folio_boggle::script::Report;
use folio_boggle::{Board, Verdict};
use maud::{html, Markup, PreEscaped};

use crate::page::{Body, Linked};

/// A cell's side, in SVG user units.
const S: usize = 60;

/// The board as SVG: one `g.cell` per cube (`data-cell` its row-major index) with its face as
/// `<text>`, and `paths`: `(id, cells)` drawn as hidden `path`s a page shows on hover.
pub fn board_svg(
    board: &Board,
    paths: &[(String, Vec<usize>)],
    label: &str,
    standalone: bool,
) -> Markup {
    let (w, h) = (board.cols() * S + 8, board.rows() * S + 8);
    let centre = |i: usize| {
        let (r, c) = board.position(i);
        (4 + c * S + S / 2, 4 + r * S + S / 2)
    };
    html! {
        svg.grid.boggle xmlns=[standalone.then_some("http://www.w3.org/2000/svg")]
            viewBox={ "0 0 " (w) " " (h) } width=(w) height=(h) role="img" aria-label=(label) {
            @if standalone { style { (PreEscaped(crate::page::STYLE)) } }
            title { (label) }
            @for (i, face) in board.faces().iter().enumerate() {
                @let (r, c) = board.position(i);
                g.cell data-cell=(i) {
                    rect x=(4 + c * S + 2) y=(4 + r * S + 2) width=(S - 4) height=(S - 4) rx="6" {}
                    text x=(4 + c * S + S / 2) y=(4 + r * S + S / 2 + 9) { (face.to_string()) }
                }
            }
            g.paths {
                @for (id, cells) in paths {
                    @let d = cells.iter().enumerate().map(|(k, &i)| {
                        let (x, y) = centre(i);
                        format!("{}{x} {y}", if k == 0 { "M" } else { " L" })
                    }).collect::<String>();
                    path id=(id) d=(d) {}
                }
            }
        }
    }
}

/// The page body of a replayed round.
pub(crate) fn body(report: &Report) -> Body {
    let board = Board::parse(&report.board, Some((report.rows, report.cols))).ok();
    let word_id = |line: u32, col: u32| format!("w{line}-{col}");
    let mut paths: Vec<(String, Vec<usize>)> = Vec::new();
    for p in &report.players {
        for w in &p.words {
            if let Some(path) = &w.path {
                paths.push((format!("p{}", word_id(w.pos.line, w.pos.col)), path.clone()));
            }
        }
    }
    for (k, m) in report.missed.iter().enumerate() {
        paths.push((format!("pm{k}"), m.path.clone()));
    }
    let findings: Vec<Linked> = report
        .findings
        .iter()
        .map(|f| {
            let word = report
                .players
                .iter()
                .flat_map(|p| &p.words)
                .find(|w| w.pos == f.loc);
            let anchor = word.map(|w| (word_id(w.pos.line, w.pos.col), w.word.clone()));
            Linked::new(f, anchor)
        })
        .collect();
    let nicks: Vec<&str> = report.players.iter().map(|p| p.nick.as_str()).collect();
    let main = html! {
        p.meta {
            "board " code { (report.board) } " (" (report.rows) "×" (report.cols)
            @if let (Some(d), Some(s)) = (&report.dice, report.seed) { ", rolled from " (d) " with seed " (s) }
            ") · scoring " (report.scoring) ", words of " (report.min_len) " letters or more · lexicon " (report.lexicon)
        }
        div.turn-body {
            @if let Some(b) = &board {
                (board_svg(b, &paths, &format!("Boggle board {}", report.board), false))
            }
            div.detail {
                p.meta { "Point at a word to see its path on the board." }
                @for p in &report.players {
                    section.player data-player=(p.nick) {
                        h2 {
                            (p.nick) @if let Some(n) = &p.name { " (" (n) ")" } ": "
                            span.score { (p.score) } " points"
                            @if let Some(c) = p.claimed { @if c != p.score { " (claimed " (c) ")" } @else { " (as claimed)" } }
                        }
                        table.words {
                            thead { tr { th { "where" } th { "word" } th.num { "points" } th { "verdict" } } }
                            tbody {
                                @for w in &p.words {
                                    @let id = word_id(w.pos.line, w.pos.col);
                                    @let (class, points, why) = verdict(&w.verdict, &nicks);
                                    tr id=(id) class={ "w " (class) } tabindex="0"
                                        data-path=[w.path.as_ref().map(|_| format!("p{id}"))] {
                                        td { a href={ "#L" (w.pos.line) } { (w.pos.line) ":" (w.pos.col) } }
                                        td { (w.word) }
                                        td.num { (points) }
                                        td { (why) }
                                    }
                                }
                            }
                        }
                    }
                }
                @if !report.missed.is_empty() {
                    section #missed {
                        h2 { "Missed by everyone: " (report.missed.len()) " words, "
                            (report.missed.iter().map(|m| m.points).sum::<u32>()) " points" }
                        p.missed {
                            @for (k, m) in report.missed.iter().enumerate() {
                                span.w tabindex="0" data-path={ "pm" (k) } title={ (m.points) " points" } { (m.word) } " "
                            }
                        }
                    }
                }
            }
        }
    };
    Body {
        title: format!("Boggle round {}", report.file),
        main,
        findings,
    }
}

/// A word's class, points and reason as the table shows them.
fn verdict(v: &Verdict, nicks: &[&str]) -> (&'static str, String, String) {
    match v {
        Verdict::Scored { points } => ("scored", points.to_string(), "scored".into()),
        Verdict::Cancelled { with, points } => {
            let with: Vec<&str> = with
                .iter()
                .map(|&i| nicks.get(i).copied().unwrap_or("?"))
                .collect();
            (
                "cancelled",
                "0".into(),
                format!("cancelled, also {} (would score {points})", with.join(", ")),
            )
        }
        Verdict::Rejected { rejection } => {
            ("rejected", "-".into(), format!("rejected: {rejection}"))
        }
    }
}

/// The board of a round.
///
/// # Errors
/// A board string folio cannot read back (not expected of a replayed round).
pub fn report_svg(report: &Report) -> Result<Markup, crate::SvgError> {
    let board = Board::parse(&report.board, Some((report.rows, report.cols)))
        .map_err(|e| crate::SvgError::Nothing(format!("{}: {e}", report.file)))?;
    Ok(board_svg(
        &board,
        &[],
        &format!("Boggle board {}", report.board),
        true,
    ))
}
