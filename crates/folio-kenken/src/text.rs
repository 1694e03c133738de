//! folio's text format: a header, a grid of cage names, a table of clues.
//!
//! ```text
//! kenken 4
//! # a comment, to the end of the line
//! a a b c
//! d a b c
//! d e e f
//! g g e f
//!
//! a 8+
//! b 5+
//! c 11+
//! d 2-
//! e 6+
//! f 1-
//! g 3/
//! ```
//!
//! - `kenken N` comes first (after blank and comment lines).
//! - N grid rows follow: N names separated by spaces, or (when every name is one character)
//!   N characters run together (`aabc`). A name is letters, digits and `_`.
//! - Then one line per cage: its name and its clue: the target and the operation, together
//!   (`8+`) or apart (`8 +`); `+`, `-`, `x` (or `*`), `/`, or `=`/nothing for a given (one
//!   cell). Every name of the grid has exactly one clue line, and every clue names a cage of
//!   the grid; the cells of one name must touch side to side.
//!
//! The writer ([`to_text`]) names cages `a`..`z`, `A`..`Z`, then two letters, in clue order.

use std::collections::HashMap;

use crate::error::{found, ParseError, ParseErrorKind, PuzzleError};
use crate::puzzle::{Cage, Op, Puzzle, MAX_SIZE, MIN_SIZE};

/// A clue as read: operation, target, and where its line is.
#[derive(Clone, Debug)]
pub(crate) struct Clue {
    pub op: Op,
    pub target: u64,
    pub line: usize,
    pub col: usize,
}

/// A grid of names, each with its place in the text (line, col).
pub(crate) struct NamedGrid {
    pub size: usize,
    /// Row-major: the name of each cell and where it is written.
    pub cells: Vec<(String, usize, usize)>,
}

/// Builds a puzzle from a grid of names and their clues, locating every fault.
pub(crate) fn from_named_grid(
    grid: &NamedGrid,
    clues: &[(String, Clue)],
    end_line: usize,
) -> Result<Puzzle, ParseError> {
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut first_at: Vec<(usize, usize)> = Vec::new();
    let mut members: Vec<Vec<usize>> = Vec::new();
    for (cell, (name, line, col)) in grid.cells.iter().enumerate() {
        let k = *index.entry(name.as_str()).or_insert_with(|| {
            members.push(Vec::new());
            first_at.push((*line, *col));
            members.len() - 1
        });
        members[k].push(cell);
    }
    let mut clue_of: Vec<Option<&Clue>> = vec![None; members.len()];
    for (name, clue) in clues {
        let Some(&k) = index.get(name.as_str()) else {
            return Err(ParseError::new(
                clue.line,
                clue.col,
                ParseErrorKind::Layout(format!(
                    "cage {name:?} has a clue but no cells in the grid"
                )),
            ));
        };
        if clue_of[k].is_some() {
            return Err(ParseError::new(
                clue.line,
                clue.col,
                ParseErrorKind::Layout(format!("cage {name:?} has a second clue")),
            ));
        }
        clue_of[k] = Some(clue);
    }
    let mut cages = Vec::with_capacity(members.len());
    for (k, cells) in members.iter().enumerate() {
        let Some(clue) = clue_of[k] else {
            let name = &grid.cells[cells[0]].0;
            return Err(ParseError::new(
                end_line,
                1,
                ParseErrorKind::Layout(format!(
                    "cage {name:?} (line {}, column {}) has no clue line",
                    first_at[k].0, first_at[k].1
                )),
            ));
        };
        cages.push(Cage::new(clue.op, clue.target, cells.clone()));
    }
    Puzzle::new(grid.size, cages).map_err(|e| {
        let (line, col) = match &e {
            PuzzleError::Disconnected { cage } => first_at[*cage],
            PuzzleError::Arity { cage, .. } | PuzzleError::Unreachable { cage, .. } => {
                let c = clue_of[*cage].expect("every cage has a clue");
                (c.line, c.col)
            }
            _ => (1, 1),
        };
        // The user named the cages (`a`, `b`): say which by its name, not its number.
        let kind = match e.cage() {
            Some(k) => ParseErrorKind::Layout(e.naming_cage(&grid.cells[members[k][0]].0)),
            None => e.into(),
        };
        ParseError::new(line, col, kind)
    })
}

/// Reads a clue written as `8+`, `8 +`, `3`, `3=`; `rest` starts at column `col`.
pub(crate) fn parse_clue(rest: &str, line: usize, col: usize) -> Result<Clue, ParseError> {
    let compact: String = rest.split_whitespace().collect();
    let digits: String = compact.chars().take_while(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() {
        return Err(ParseError::new(
            line,
            col,
            ParseErrorKind::Unexpected {
                found: found(compact.get(..compact.chars().next().map_or(0, char::len_utf8))),
                expected: "a clue: a target and an operation, like 8+",
            },
        ));
    }
    let target: u64 = digits.parse().map_err(|_| {
        ParseError::new(
            line,
            col,
            ParseErrorKind::Number {
                text: digits.clone(),
                why: "too large",
            },
        )
    })?;
    let op_text = &compact[digits.len()..];
    let op = if op_text.is_empty() {
        Op::Given
    } else {
        Op::from_symbol(op_text)
            .ok_or_else(|| ParseError::new(line, col, ParseErrorKind::Op(format!("{op_text:?}"))))?
    };
    Ok(Clue {
        op,
        target,
        line,
        col,
    })
}

/// The lines of a text (LF, CRLF or lone CR), 1-based numbers.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n')
        .flat_map(|l| l.strip_suffix('\r').unwrap_or(l).split('\r'))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
}

fn is_name(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// The column (1-based, in characters) where `part`, a subslice of `line`, starts.
pub(crate) fn col_of(line: &str, part: &str) -> usize {
    let off = part.as_ptr() as usize - line.as_ptr() as usize;
    line[..off].chars().count() + 1
}

/// Parses folio's text format. Never panics, whatever the input.
///
/// # Errors
/// A [`ParseError`] at the offending line and column: a missing or malformed header, a
/// grid row of the wrong width, a bad name or clue, a cage with no clue or two, or cages
/// that make no puzzle.
pub fn parse_text(text: &str) -> Result<Puzzle, ParseError> {
    let mut it = lines(text).map(|(n, l)| (n, l.split('#').next().unwrap_or("")));
    let mut last = 1;
    let (hline, header) = loop {
        match it.next() {
            None => return Err(ParseError::new(last, 1, ParseErrorKind::Empty)),
            Some((n, l)) if l.trim().is_empty() => last = n,
            Some(x) => break x,
        }
    };
    let words: Vec<&str> = header.split_whitespace().collect();
    if words.first() != Some(&"kenken") || words.len() != 2 {
        return Err(ParseError::new(
            hline,
            col_of(header, header.trim_start()),
            ParseErrorKind::Unexpected {
                found: found(Some(header.trim())),
                expected: "the header `kenken N`",
            },
        ));
    }
    let size = match words[1].parse::<usize>() {
        Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) => n,
        Ok(n) => {
            return Err(ParseError::new(
                hline,
                col_of(header, words[1]),
                PuzzleError::Size { size: n }.into(),
            ))
        }
        Err(_) => {
            return Err(ParseError::new(
                hline,
                col_of(header, words[1]),
                ParseErrorKind::Number {
                    text: words[1].to_string(),
                    why: "the size is a number from 1 to 16",
                },
            ))
        }
    };
    let mut grid = NamedGrid {
        size,
        cells: Vec::with_capacity(size * size),
    };
    let mut clues = Vec::new();
    let mut end = hline;
    for (n, l) in it {
        end = n;
        if l.trim().is_empty() {
            continue;
        }
        let toks: Vec<&str> = l.split_whitespace().collect();
        if grid.cells.len() < size * size {
            let row: Vec<(String, usize)> = if toks.len() == 1 && size > 1 {
                let t = toks[0];
                let c0 = col_of(l, t);
                t.chars()
                    .enumerate()
                    .map(|(i, c)| (c.to_string(), c0 + i))
                    .collect()
            } else {
                toks.iter().map(|t| (t.to_string(), col_of(l, t))).collect()
            };
            if row.len() != size {
                return Err(ParseError::new(
                    n,
                    col_of(l, toks[0]),
                    ParseErrorKind::Layout(format!(
                        "a grid row has {size} cage names, this one has {}",
                        row.len()
                    )),
                ));
            }
            for (name, col) in row {
                if !is_name(&name) {
                    return Err(ParseError::new(
                        n,
                        col,
                        ParseErrorKind::Unexpected {
                            found: found(Some(&name)),
                            expected: "a cage name (letters, digits, _)",
                        },
                    ));
                }
                grid.cells.push((name, n, col));
            }
            continue;
        }
        let name = toks[0];
        if !is_name(name) {
            return Err(ParseError::new(
                n,
                col_of(l, name),
                ParseErrorKind::Unexpected {
                    found: found(Some(name)),
                    expected: "a cage name starting a clue line",
                },
            ));
        }
        let rest = &l[col_byte(l, name) + name.len()..];
        let rest_col = col_of(l, rest.trim_start());
        if rest.trim().is_empty() {
            return Err(ParseError::new(
                n,
                rest_col,
                ParseErrorKind::Unexpected {
                    found: found(None),
                    expected: "a clue after the cage name, like 8+",
                },
            ));
        }
        clues.push((name.to_string(), parse_clue(rest, n, rest_col)?));
    }
    if grid.cells.len() < size * size {
        return Err(ParseError::new(
            end,
            1,
            ParseErrorKind::Layout(format!(
                "the grid stops after {} of its {size} rows",
                grid.cells.len() / size
            )),
        ));
    }
    from_named_grid(&grid, &clues, end)
}

fn col_byte(line: &str, part: &str) -> usize {
    part.as_ptr() as usize - line.as_ptr() as usize
}

/// The name the writer gives cage `k`: `a`..`z`, `A`..`Z`, then two letters.
fn cage_name(k: usize) -> String {
    const L: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    if k < L.len() {
        (L[k] as char).to_string()
    } else {
        let k = k - L.len();
        format!(
            "{}{}",
            L[(k / L.len()) % L.len()] as char,
            L[k % L.len()] as char
        )
    }
}

/// Writes `puzzle` in folio's text format ([`parse_text`] reads it back to the same puzzle).
pub fn to_text(puzzle: &Puzzle) -> String {
    let n = puzzle.size();
    let names: Vec<String> = (0..puzzle.cages().len()).map(cage_name).collect();
    let width = names.iter().map(String::len).max().unwrap_or(1);
    let mut out = format!("kenken {n}\n");
    for r in 0..n {
        let row: Vec<String> = (0..n)
            .map(|c| format!("{:<width$}", names[puzzle.cage_of(r * n + c)]))
            .collect();
        out.push_str(row.join(" ").trim_end());
        out.push('\n');
    }
    out.push('\n');
    for (k, cage) in puzzle.cages().iter().enumerate() {
        let clue = match cage.op {
            Op::Given => format!("{}=", cage.target),
            _ => cage.clue(),
        };
        out.push_str(&format!("{} {clue}\n", names[k]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keen::parse_keen_id;

    #[test]
    fn round_trips_through_the_writer() {
        let p = parse_keen_id("4dn:a_4a_a_a__aaba,m48d2s1a6s1m4d2")
            .unwrap()
            .puzzle;
        let text = to_text(&p);
        assert_eq!(parse_text(&text).unwrap(), p, "{text}");
    }

    #[test]
    fn compact_rows_and_givens() {
        let p = parse_text("kenken 2\r\nab\nac # comment\n\na 3+\nb 2\nc 1 =\n").unwrap();
        assert_eq!(p.cages().len(), 3);
        assert_eq!(p.cages()[1].op, Op::Given);
    }

    #[test]
    fn faults_are_located() {
        let e = parse_text("kenken 2\nab\nac\n\na 3+\nb 2\n").unwrap_err();
        assert!(e.to_string().contains("\"c\""), "{e}");
        let e = parse_text("kenken 2\nab\nabc\n").unwrap_err();
        assert_eq!((e.line, e.col), (3, 1), "{e}");
        let e = parse_text("kenken 2\nab\nba\na 3+\nb 3+\n").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        // The cage is called by the name the text gives it, not by a number.
        assert!(
            e.to_string()
                .ends_with(r#"cage "a" is not connected: its cells must touch side to side"#),
            "{e}"
        );
        let e = parse_text("kenken 2\nab\nab\na 3=\nb 3+\n").unwrap_err();
        assert!(
            e.to_string().contains(r#"cage "a": = takes 1 cell, not 2"#),
            "{e}"
        );
        let e = parse_text("kenken 2\nab\nac\na 3+\nb 2?\nc 1\n").unwrap_err();
        assert_eq!((e.line, e.col), (5, 3), "{e}");
        let e = parse_text("kenken 0\n").unwrap_err();
        assert_eq!((e.line, e.col), (1, 8), "{e}");
        assert!(parse_text("").is_err());
        assert!(parse_text("kenken 99999999999999999999999").is_err());
    }
}
