//! KenKen: the grid with its cage borders, clues, digits and conflicts, and the page of a
//! solving session.

use folio_kenken::session::Report;
use folio_kenken::{check, Puzzle, Violation};
use maud::{html, Markup, PreEscaped};

use crate::page::{Body, Linked};

/// A cell's side, in SVG user units.
const S: usize = 56;
/// The margin around the grid.
const M: usize = 6;

/// The cells `grid` (N² digits row-major, 0 = empty) puts in conflict with `puzzle`: the
/// cells of row and column duplicates and of full cages off their target (empty cells are
/// not conflicts: the session may not be over).
pub fn conflicts(puzzle: &Puzzle, grid: &[u8]) -> Vec<usize> {
    let n = puzzle.size();
    if grid.len() != n * n {
        return Vec::new();
    }
    let mut cells: Vec<usize> = check(puzzle, grid)
        .iter()
        .flat_map(|v| match v {
            Violation::RowDuplicate { cells, .. }
            | Violation::ColumnDuplicate { cells, .. }
            | Violation::CageOffTarget { cells, .. } => cells.clone(),
            Violation::OutOfRange { cell, .. } => vec![*cell],
            Violation::Empty { .. } => Vec::new(),
        })
        .map(|p| p.row * n + p.col)
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The grid as SVG: thin lines between cells of one cage, thick cage borders, each cage's
/// clue in its first cell, the digits of `grid` (0 or a short grid: none) as `<text>`, and
/// the `conflicts` cells shaded.
pub fn grid_svg(
    puzzle: &Puzzle,
    grid: &[u8],
    conflicts: &[usize],
    label: &str,
    standalone: bool,
) -> Markup {
    let n = puzzle.size();
    let side = 2 * M + n * S;
    let xy = |cell: usize| (M + (cell % n) * S, M + (cell / n) * S);
    let cage = |cell: usize| puzzle.cage_of(cell);
    html! {
        svg.grid.kenken xmlns=[standalone.then_some("http://www.w3.org/2000/svg")]
            viewBox={ "0 0 " (side) " " (side) } width=(side) height=(side) role="img" aria-label=(label) {
            @if standalone { style { (PreEscaped(crate::page::STYLE)) } }
            title { (label) }
            @for cell in 0..n * n {
                @let (x, y) = xy(cell);
                rect x=(x) y=(y) width=(S) height=(S) data-cell=(cell)
                    class=[conflicts.contains(&cell).then_some("conflict")] fill="#fff" {}
            }
            // Lines inside a cage thin, between cages thick.
            @for cell in 0..n * n {
                @let (x, y) = xy(cell);
                @if cell % n + 1 < n {
                    line class=(if cage(cell) == cage(cell + 1) { "thin" } else { "cage" })
                        x1=(x + S) y1=(y) x2=(x + S) y2=(y + S) {}
                }
                @if cell / n + 1 < n {
                    line class=(if cage(cell) == cage(cell + n) { "thin" } else { "cage" })
                        x1=(x) y1=(y + S) x2=(x + S) y2=(y + S) {}
                }
            }
            rect.cage x=(M) y=(M) width=(n * S) height=(n * S) {}
            @for c in puzzle.cages() {
                @if let Some(&first) = c.cells.first() {
                    @let (x, y) = xy(first);
                    text.clue x=(x + 4) y=(y + 13) { (c.clue()) }
                }
            }
            @if grid.len() == n * n {
                @for (cell, &d) in grid.iter().enumerate() {
                    @if d != 0 {
                        @let (x, y) = xy(cell);
                        text.digit x=(x + S / 2) y=(y + S / 2 + 14) data-cell=(cell) { (folio_kenken::digit_char(d)) }
                    }
                }
            }
        }
    }
}

/// The page body of a session: the final grid, and the verdict.
pub(crate) fn body(report: &Report) -> Body {
    let findings: Vec<Linked> = report
        .findings
        .iter()
        .map(|f| Linked::new(f, None))
        .collect();
    let main = html! {
        @match &report.puzzle {
            Some(id) => {
                p.meta { "puzzle " code { (id.to_string()) } " · " (folio_core::plural(report.moves, "move", "moves")) " · "
                    @if report.solved { "solved" } @else { "not solved" } }
                @let bad = conflicts(&id.puzzle, &report.grid);
                (grid_svg(&id.puzzle, &report.grid, &bad, "The grid at the end of the session", false))
                @if !bad.is_empty() { p.why { (bad.len()) " cells in conflict (shaded)" } }
            }
            None => { p.why { "no puzzle: nothing to draw" } }
        }
    };
    Body {
        title: format!("KenKen session {}", report.file),
        main,
        findings,
    }
}

/// The final grid of a session, its conflicts shaded.
///
/// # Errors
/// A session without a puzzle.
pub fn report_svg(report: &Report) -> Result<Markup, crate::SvgError> {
    let id = report.puzzle.as_ref().ok_or_else(|| {
        crate::SvgError::Nothing(format!("{}: no puzzle: nothing to draw", report.file))
    })?;
    let bad = conflicts(&id.puzzle, &report.grid);
    Ok(grid_svg(
        &id.puzzle,
        &report.grid,
        &bad,
        "KenKen grid",
        true,
    ))
}
