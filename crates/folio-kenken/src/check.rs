//! The checker: a filled grid solves a puzzle iff it is a Latin square on `1..=N` and every
//! cage meets its target (− and ÷ in either order). Every violation is named and located.

use std::fmt;

use crate::code;
use crate::error::{found, ParseError, ParseErrorKind};
use crate::puzzle::{Pos, Puzzle};

/// One way a grid fails a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A cell with no digit.
    Empty {
        /// The cell.
        cell: Pos,
    },
    /// A digit outside `1..=N`.
    OutOfRange {
        /// The cell.
        cell: Pos,
        /// The digit.
        digit: u8,
        /// N.
        size: usize,
    },
    /// A digit twice or more in one row.
    RowDuplicate {
        /// The digit.
        digit: u8,
        /// The cells holding it, left to right.
        cells: Vec<Pos>,
    },
    /// A digit twice or more in one column.
    ColumnDuplicate {
        /// The digit.
        digit: u8,
        /// The cells holding it, top to bottom.
        cells: Vec<Pos>,
    },
    /// A full cage whose digits miss its target.
    CageOffTarget {
        /// The cage's index in [`Puzzle::cages`].
        cage: usize,
        /// The clue (`12+`).
        clue: String,
        /// The cage's cells.
        cells: Vec<Pos>,
        /// Their digits.
        digits: Vec<u8>,
    },
}

impl Violation {
    /// The stable rule code: `empty-cell`, `digit-out-of-range`, `row-duplicate`,
    /// `column-duplicate`, `cage-off-target`.
    pub fn rule(&self) -> &'static str {
        match self {
            Violation::Empty { .. } => code::EMPTY_CELL,
            Violation::OutOfRange { .. } => code::DIGIT_OUT_OF_RANGE,
            Violation::RowDuplicate { .. } => code::ROW_DUPLICATE,
            Violation::ColumnDuplicate { .. } => code::COLUMN_DUPLICATE,
            Violation::CageOffTarget { .. } => code::CAGE_OFF_TARGET,
        }
    }

    /// The first cell the violation concerns.
    pub fn cell(&self) -> Pos {
        match self {
            Violation::Empty { cell } | Violation::OutOfRange { cell, .. } => *cell,
            Violation::RowDuplicate { cells, .. }
            | Violation::ColumnDuplicate { cells, .. }
            | Violation::CageOffTarget { cells, .. } => cells[0],
        }
    }
}

fn names(cells: &[Pos]) -> String {
    cells.iter().map(|p| p.name()).collect::<Vec<_>>().join(" ")
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Empty { cell } => write!(f, "{} is empty", cell.name()),
            Violation::OutOfRange { cell, digit, size } => {
                write!(f, "{} holds {digit}, outside 1 to {size}", cell.name())
            }
            Violation::RowDuplicate { digit, cells } => write!(
                f,
                "{digit} appears {} times in row {} ({})",
                cells.len(),
                cells[0].row + 1,
                names(cells)
            ),
            Violation::ColumnDuplicate { digit, cells } => write!(
                f,
                "{digit} appears {} times in column {} ({})",
                cells.len(),
                cells[0].name().trim_end_matches(char::is_numeric),
                names(cells)
            ),
            Violation::CageOffTarget {
                clue,
                cells,
                digits,
                ..
            } => {
                let d: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
                write!(
                    f,
                    "cage {clue} ({}) holds {}, which misses {clue}",
                    names(cells),
                    d.join(" ")
                )
            }
        }
    }
}

/// Every violation of `grid` (N² digits, row-major, 0 = empty) against `puzzle`: empty and
/// out-of-range cells, then row duplicates, column duplicates, and full cages off target.
/// Empty when the grid solves the puzzle.
///
/// # Panics
/// When `grid.len()` is not N².
pub fn check(puzzle: &Puzzle, grid: &[u8]) -> Vec<Violation> {
    let n = puzzle.size();
    assert_eq!(grid.len(), n * n, "a grid of {n}x{n} digits");
    let mut out = Vec::new();
    let ok = |d: u8| (1..=n).contains(&(d as usize));
    for (i, &d) in grid.iter().enumerate() {
        let cell = Pos::of(i, n);
        if d == 0 {
            out.push(Violation::Empty { cell });
        } else if !ok(d) {
            out.push(Violation::OutOfRange {
                cell,
                digit: d,
                size: n,
            });
        }
    }
    for columns in [false, true] {
        for line in 0..n {
            let cells: Vec<usize> = (0..n)
                .map(|j| if columns { j * n + line } else { line * n + j })
                .collect();
            for d in 1..=n as u8 {
                let at: Vec<Pos> = cells
                    .iter()
                    .filter(|&&c| grid[c] == d)
                    .map(|&c| Pos::of(c, n))
                    .collect();
                if at.len() > 1 {
                    out.push(if columns {
                        Violation::ColumnDuplicate {
                            digit: d,
                            cells: at,
                        }
                    } else {
                        Violation::RowDuplicate {
                            digit: d,
                            cells: at,
                        }
                    });
                }
            }
        }
    }
    for (k, cage) in puzzle.cages().iter().enumerate() {
        let digits: Vec<u8> = cage.cells.iter().map(|&c| grid[c]).collect();
        if digits.iter().all(|&d| ok(d)) && !cage.is_met_by(&digits) {
            out.push(Violation::CageOffTarget {
                cage: k,
                clue: cage.clue(),
                cells: cage.cells.iter().map(|&c| Pos::of(c, n)).collect(),
                digits,
            });
        }
    }
    out
}

/// The digit a character stands for: `1`-`9`, then `a`-`g` (any case) for 10-16; `.`, `0`
/// and `_` are an empty cell (0).
pub fn digit_value(c: char) -> Option<u8> {
    match c {
        '.' | '0' | '_' => Some(0),
        '1'..='9' => Some(c as u8 - b'0'),
        'a'..='g' => Some(c as u8 - b'a' + 10),
        'A'..='G' => Some(c as u8 - b'A' + 10),
        _ => None,
    }
}

/// The character of a digit (0 = `.`).
pub fn digit_char(d: u8) -> char {
    match d {
        0 => '.',
        1..=9 => (b'0' + d) as char,
        _ => (b'a' + d - 10) as char,
    }
}

/// Reads a grid of `size`×`size` digits, row-major ([`digit_value`]'s characters; spaces,
/// line breaks, `/`, `|` and `,` between them are ignored, as is an `S` before them, Keen's
/// solution prefix). A leading UTF-8 byte-order mark is dropped (columns count after it).
/// Never panics.
///
/// # Errors
/// An unknown character (at its line and column), or a count of digits other than N².
pub fn parse_grid(text: &str, size: usize) -> Result<Vec<u8>, ParseError> {
    let text = folio_core::script::lines::strip_bom(text);
    let mut out = Vec::with_capacity(size * size);
    let body = text.trim_start();
    let skip = usize::from(body.starts_with('S'));
    let lead_lines = text[..text.len() - body.len()].matches('\n').count();
    for (li, line) in body.split('\n').enumerate() {
        for (ci, c) in line.chars().enumerate() {
            if li == 0 && ci < skip || matches!(c, ' ' | '\t' | '\r' | '/' | '|' | ',') {
                continue;
            }
            match digit_value(c) {
                Some(d) if out.len() < size * size => out.push(d),
                Some(_) => {
                    return Err(ParseError::new(
                        lead_lines + li + 1,
                        ci + 1,
                        ParseErrorKind::Layout(format!(
                            "more than {} digits for a {size}x{size} grid",
                            size * size
                        )),
                    ))
                }
                None => {
                    return Err(ParseError::new(
                        lead_lines + li + 1,
                        ci + 1,
                        ParseErrorKind::Unexpected {
                            found: found(Some(c.encode_utf8(&mut [0; 4]))),
                            expected: "a digit (1-9, a-g for 10-16, . for empty)",
                        },
                    ))
                }
            }
        }
    }
    if out.len() != size * size {
        return Err(ParseError::new(
            1,
            1,
            ParseErrorKind::Layout(format!(
                "{} digits for a {size}x{size} grid, which needs {}",
                out.len(),
                size * size
            )),
        ));
    }
    Ok(out)
}

impl Puzzle {
    /// Whether `solution` (N² digits, row-major) is a Latin square meeting every cage.
    pub fn is_solved_by(&self, solution: &[u8]) -> bool {
        check(self, solution).is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keen::parse_keen_id;

    #[test]
    fn a_solution_passes_and_each_fault_is_named() {
        let p = parse_keen_id("3de:_aba_3a,s1m3a5m3").unwrap().puzzle;
        let good = parse_grid("213321132", 3).unwrap();
        assert!(check(&p, &good).is_empty());
        // Swap two digits of row 1: the columns repeat, and cages go off target.
        let bad = parse_grid("123 321 132", 3).unwrap();
        let v = check(&p, &bad);
        let rules: Vec<&str> = v.iter().map(|v| v.rule()).collect();
        assert!(rules.contains(&"column-duplicate"), "{rules:?}");
        assert!(rules.contains(&"cage-off-target"), "{rules:?}");
        let holes = parse_grid("21.321132", 3).unwrap();
        assert_eq!(
            check(&p, &holes),
            vec![Violation::Empty {
                cell: Pos { row: 0, col: 2 }
            }]
        );
        assert!(parse_grid("21x321132", 3).unwrap_err().col == 3);
        assert!(parse_grid("2133211322", 3).is_err());
        assert!(parse_grid("S213321132", 3).is_ok());
    }
}
