//! The two third-party text formats kept verbatim in `../shared/games/kenken/verbatim/`.
//!
//! - **Letter tableau** (`.KK`, ghfbsd/kenken `trial-grids`): blocks that start with
//!   `.KK "title"`, then N rows of N characters (a letter names a cage; a digit is a given
//!   single cell holding that digit), a blank line, and `<letter> <target><op>` lines (`x`
//!   multiplies). A file may hold several blocks.
//! - **Symbol grid** (2015xli/KenKen `input/`): N rows of N symbols separated by spaces (any
//!   non-space character names a cage), a blank line, then `<symbol> <target> <op>` lines.

use crate::error::{found, ParseError, ParseErrorKind};
use crate::puzzle::{Op, Puzzle, MAX_SIZE};
use crate::text::{col_of, from_named_grid, lines, parse_clue, Clue, NamedGrid};

/// A titled puzzle of a `.KK` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Titled {
    /// The title between the quotes.
    pub title: String,
    /// The puzzle.
    pub puzzle: Puzzle,
}

fn unexpected(line: usize, col: usize, what: &str, expected: &'static str) -> ParseError {
    ParseError::new(
        line,
        col,
        ParseErrorKind::Unexpected {
            found: found(Some(what)),
            expected,
        },
    )
}

/// Parses every `.KK` block of a letter-tableau file. Never panics.
///
/// # Errors
/// The first fault, at its line and column.
pub fn parse_kk(text: &str) -> Result<Vec<Titled>, ParseError> {
    let all: Vec<(usize, &str)> = lines(text).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < all.len() {
        let (n, l) = all[i];
        if l.trim().is_empty() {
            i += 1;
            continue;
        }
        let Some(title) = l.trim_start().strip_prefix(".KK") else {
            return Err(unexpected(n, 1, l.trim(), "a block starting with .KK"));
        };
        crate::formats::room_for_one_more(out.len(), n)?;
        let title = title.trim().trim_matches('"').to_string();
        i += 1;
        // The grid: rows until a blank line.
        let mut grid = NamedGrid {
            size: 0,
            cells: Vec::new(),
        };
        let mut clues: Vec<(String, Clue)> = Vec::new();
        let mut givens = 0usize;
        while i < all.len() && !all[i].1.trim().is_empty() {
            let (n, l) = all[i];
            let row = l.trim();
            let width = row.chars().count();
            if grid.size == 0 {
                if !(1..=MAX_SIZE).contains(&width) {
                    return Err(ParseError::new(
                        n,
                        1,
                        ParseErrorKind::Layout(format!(
                            "a grid row of {width} cells: a .KK grid has 1 to {MAX_SIZE}"
                        )),
                    ));
                }
                grid.size = width;
            } else if width != grid.size {
                return Err(ParseError::new(
                    n,
                    1,
                    ParseErrorKind::Layout(format!(
                        "a grid row has {} cells, this one has {width}",
                        grid.size
                    )),
                ));
            }
            let c0 = col_of(l, row);
            for (j, ch) in row.chars().enumerate() {
                if ch.is_ascii_digit() {
                    // A given: its own one-cell cage, named so no letter can clash.
                    let name = format!("#given{givens}");
                    givens += 1;
                    clues.push((
                        name.clone(),
                        Clue {
                            op: Op::Given,
                            target: u64::from(ch as u8 - b'0'),
                            line: n,
                            col: c0 + j,
                        },
                    ));
                    grid.cells.push((name, n, c0 + j));
                } else if ch.is_alphabetic() {
                    grid.cells.push((ch.to_string(), n, c0 + j));
                } else {
                    return Err(unexpected(
                        n,
                        c0 + j,
                        &ch.to_string(),
                        "a cage letter or a given digit",
                    ));
                }
            }
            i += 1;
        }
        if grid.size == 0 || grid.cells.len() != grid.size * grid.size {
            return Err(ParseError::new(
                all[i.min(all.len() - 1)].0,
                1,
                ParseErrorKind::Layout(format!("the grid of {title:?} is not square")),
            ));
        }
        // The clues: until the next .KK block.
        while i < all.len() && !all[i].1.trim_start().starts_with(".KK") {
            let (n, l) = all[i];
            i += 1;
            let t = l.trim();
            if t.is_empty() {
                continue;
            }
            let name = t.split_whitespace().next().unwrap_or("");
            let rest = &t[name.len()..];
            clues.push((
                name.to_string(),
                parse_clue(rest, n, col_of(l, rest.trim_start()))?,
            ));
        }
        let end = all[i.saturating_sub(1)].0;
        out.push(Titled {
            title,
            puzzle: from_named_grid(&grid, &clues, end)?,
        });
    }
    if out.is_empty() {
        return Err(ParseError::new(1, 1, ParseErrorKind::Empty));
    }
    Ok(out)
}

/// Parses a symbol-grid file (one puzzle). Never panics.
///
/// # Errors
/// The first fault, at its line and column.
pub fn parse_symbol_grid(text: &str) -> Result<Puzzle, ParseError> {
    let all: Vec<(usize, &str)> = lines(text).collect();
    let mut i = all
        .iter()
        .position(|(_, l)| !l.trim().is_empty())
        .ok_or(ParseError::new(1, 1, ParseErrorKind::Empty))?;
    let mut grid = NamedGrid {
        size: 0,
        cells: Vec::new(),
    };
    while i < all.len() && !all[i].1.trim().is_empty() {
        let (n, l) = all[i];
        let toks: Vec<&str> = l.split_whitespace().collect();
        if grid.size == 0 {
            if toks.len() > MAX_SIZE {
                return Err(ParseError::new(
                    n,
                    1,
                    ParseErrorKind::Layout(format!(
                        "a grid row of {} cells: at most {MAX_SIZE}",
                        toks.len()
                    )),
                ));
            }
            grid.size = toks.len();
        } else if toks.len() != grid.size {
            return Err(ParseError::new(
                n,
                1,
                ParseErrorKind::Layout(format!(
                    "a grid row has {} symbols, this one has {}",
                    grid.size,
                    toks.len()
                )),
            ));
        }
        for t in toks {
            if t.chars().count() != 1 {
                return Err(unexpected(
                    n,
                    col_of(l, t),
                    t,
                    "one symbol per cell, separated by spaces",
                ));
            }
            grid.cells.push((t.to_string(), n, col_of(l, t)));
        }
        i += 1;
    }
    if grid.cells.len() != grid.size * grid.size {
        return Err(ParseError::new(
            all[i.min(all.len() - 1)].0,
            1,
            ParseErrorKind::Layout(format!(
                "{} grid rows of {} symbols: not square",
                grid.cells.len() / grid.size.max(1),
                grid.size
            )),
        ));
    }
    let mut clues = Vec::new();
    let mut end = all.last().map_or(1, |x| x.0);
    for &(n, l) in &all[i..] {
        let t = l.trim();
        if t.is_empty() {
            continue;
        }
        end = n;
        let name = t.split_whitespace().next().unwrap_or("");
        let rest = &t[name.len()..];
        clues.push((
            name.to_string(),
            parse_clue(rest, n, col_of(l, rest.trim_start()))?,
        ));
    }
    from_named_grid(&grid, &clues, end)
}
