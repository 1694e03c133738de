//! JSON in and out, in the shape of `../shared/games/kenken/*.jsonl`:
//! `{"size": N, "cages": [{"op": "+|-|x|/|=", "target": T, "cells": [[row, col], ...]}],
//! "solution": [[...], ...]}`, rows and columns 0-based, `solution` optional. Other fields
//! (`id`, `difficulty`, sources) are ignored on input.

use serde::Deserialize;

use crate::error::{ParseError, ParseErrorKind, PuzzleError};
use crate::puzzle::{Cage, Op, Puzzle, MAX_SIZE, MIN_SIZE};

#[derive(Deserialize)]
struct JsonPuzzle {
    size: usize,
    cages: Vec<JsonCage>,
    #[serde(default)]
    solution: Option<Vec<Vec<u8>>>,
}

#[derive(Deserialize)]
struct JsonCage {
    op: String,
    target: u64,
    cells: Vec<[usize; 2]>,
}

/// A puzzle read from JSON, with the solution it carries, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonEntry {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The `solution` field: N² digits, row-major.
    pub solution: Option<Vec<u8>>,
}

/// Parses one puzzle from JSON. Never panics.
///
/// # Errors
/// JSON that does not parse or lacks a field (serde's line and column), an unknown `op`, a
/// cell outside the grid, a solution of the wrong shape, or cages that make no puzzle
/// (reported at 1:1, naming the cage by its 1-based place in `cages`).
pub fn parse_json(text: &str) -> Result<JsonEntry, ParseError> {
    let j: JsonPuzzle = serde_json::from_str(text).map_err(|e| {
        ParseError::new(
            e.line().max(1),
            e.column().max(1),
            ParseErrorKind::Json(e.to_string()),
        )
    })?;
    let at = |kind: ParseErrorKind| ParseError::new(1, 1, kind);
    if !(MIN_SIZE..=MAX_SIZE).contains(&j.size) {
        return Err(at(PuzzleError::Size { size: j.size }.into()));
    }
    let n = j.size;
    let mut cages = Vec::with_capacity(j.cages.len());
    for (k, c) in j.cages.iter().enumerate() {
        let op = Op::from_symbol(&c.op)
            .ok_or_else(|| at(ParseErrorKind::Op(format!("{:?} (cage {})", c.op, k + 1))))?;
        let mut cells = Vec::with_capacity(c.cells.len());
        for &[r, col] in &c.cells {
            if r >= n || col >= n {
                return Err(at(ParseErrorKind::Layout(format!(
                    "cage {}: cell [{r}, {col}] is outside the {n}x{n} grid",
                    k + 1
                ))));
            }
            cells.push(r * n + col);
        }
        cages.push(Cage::new(op, c.target, cells));
    }
    let puzzle = Puzzle::new(n, cages).map_err(|e| at(e.into()))?;
    let solution = match j.solution {
        None => None,
        Some(rows) => {
            if rows.len() != n || rows.iter().any(|r| r.len() != n) {
                return Err(at(ParseErrorKind::Layout(format!(
                    "the solution is not {n} rows of {n} digits"
                ))));
            }
            Some(rows.concat())
        }
    };
    Ok(JsonEntry { puzzle, solution })
}

/// The puzzle as JSON (`size`, `cages`), plus `solution` as rows when given.
pub fn to_json(puzzle: &Puzzle, solution: Option<&[u8]>) -> serde_json::Value {
    let n = puzzle.size();
    let cages: Vec<serde_json::Value> = puzzle
        .cages()
        .iter()
        .map(|c| {
            let cells: Vec<[usize; 2]> = c.cells.iter().map(|&i| [i / n, i % n]).collect();
            serde_json::json!({"op": c.op.symbol().to_string(), "target": c.target, "cells": cells})
        })
        .collect();
    let mut v = serde_json::json!({"size": n, "cages": cages});
    if let Some(s) = solution {
        let rows: Vec<&[u8]> = s.chunks(n).collect();
        v["solution"] = serde_json::json!(rows);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let p = crate::parse_keen_id("3de:_aba_3a,s1m3a5m3").unwrap().puzzle;
        let sol = [2, 1, 3, 3, 2, 1, 1, 3, 2];
        let v = to_json(&p, Some(&sol));
        let back = parse_json(&v.to_string()).unwrap();
        assert_eq!(back.puzzle, p);
        assert_eq!(back.solution.as_deref(), Some(&sol[..]));
        let e = parse_json("{\"size\": 3,\n \"cages\": 7}").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(parse_json("{\"size\": 0, \"cages\": []}").is_err());
        assert!(parse_json(
            "{\"size\": 2, \"cages\": [{\"op\":\"+\",\"target\":3,\"cells\":[[0,9]]}]}"
        )
        .is_err());
    }
}
