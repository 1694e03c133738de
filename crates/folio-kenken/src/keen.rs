//! Simon Tatham's Keen game IDs, both ways: `4dn:a_4a_a_a__aaba,m48d2s1a6s1m4d2`.
//!
//! `<w>[d<e|n|h|x|u>][m]:<block structure>,<clues>` (`../shared/docs/kenken.md` §2, from
//! keen.c): the block structure run-length codes the 2·w·(w−1) internal edges (vertical
//! edges in reading order, then horizontal ones in transposed order) as counts of non-edges
//! between edges (`_` = 0, `a`..`y` = 1..25, `z` = 25 and no edge, a letter followed by a
//! number repeats the letter), ending on a virtual edge. Clues follow, one per cage in the
//! order of each cage's lowest cell: `a` add, `s` subtract, `m` multiply, `d` divide.
//!
//! IDs written by Keen round-trip byte for byte. A single-cell `=` cage, which Keen never
//! makes, is written as `a<n>` (a one-cell sum), which reads back as an [`Op::Add`] cage.

use std::fmt;

use crate::error::{found, ParseError, ParseErrorKind, PuzzleError};
use crate::grade::Difficulty;
use crate::puzzle::{Cage, Op, Puzzle, MAX_SIZE, MIN_SIZE};

/// A parsed Keen game ID: the puzzle and the parameters written before its `:`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeenId {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The difficulty the ID claims (`d<letter>`), if written.
    pub difficulty: Option<Difficulty>,
    /// Keen's multiplication-only mode (a trailing `m`).
    pub multiplication_only: bool,
}

impl KeenId {
    /// An ID for `puzzle`, claiming `difficulty`.
    pub fn new(puzzle: Puzzle, difficulty: Option<Difficulty>) -> KeenId {
        KeenId {
            puzzle,
            difficulty,
            multiplication_only: false,
        }
    }
}

impl fmt::Display for KeenId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.puzzle;
        write!(f, "{}", p.size())?;
        if let Some(d) = self.difficulty {
            write!(f, "d{}", d.letter())?;
        }
        if self.multiplication_only {
            f.write_str("m")?;
        }
        f.write_str(":")?;
        f.write_str(&encode_blocks(p))?;
        f.write_str(",")?;
        for cage in p.cages() {
            let letter = match cage.op {
                Op::Add | Op::Given => 'a',
                Op::Sub => 's',
                Op::Mul => 'm',
                Op::Div => 'd',
            };
            write!(f, "{letter}{}", cage.target)?;
        }
        Ok(())
    }
}

/// The cells on either side of internal edge `k` of a `w`-wide grid, in Keen's order.
fn edge_cells(k: usize, w: usize) -> (usize, usize) {
    if k < w * (w - 1) {
        let (y, x) = (k / (w - 1), k % (w - 1));
        (y * w + x, y * w + x + 1)
    } else {
        let (x, y) = (k / (w - 1) - w, k % (w - 1));
        (y * w + x, (y + 1) * w + x)
    }
}

/// Keen's block structure of `p`, compressed as Keen compresses it.
fn encode_blocks(p: &Puzzle) -> String {
    let w = p.size();
    let edges = 2 * w * (w - 1);
    let mut raw = Vec::new();
    let mut run = 0usize;
    for k in 0..=edges {
        let edge = k == edges || {
            let (a, b) = edge_cells(k, w);
            p.cage_of(a) != p.cage_of(b)
        };
        if edge {
            while run > 25 {
                raw.push(b'z');
                run -= 25;
            }
            raw.push(if run == 0 { b'_' } else { b'a' - 1 + run as u8 });
            run = 0;
        } else {
            run += 1;
        }
    }
    let mut out = String::new();
    let mut i = 0;
    while i < raw.len() {
        let c = raw[i];
        let n = raw[i..].iter().take_while(|&&x| x == c).count();
        out.push(c as char);
        match n {
            1 => {}
            2 => out.push(c as char),
            _ => out.push_str(&n.to_string()),
        }
        i += n;
    }
    out
}

/// A cursor over the ID, reporting columns in characters (1-based).
struct Cursor<'a> {
    s: &'a str,
    i: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.s[self.i..].chars().next()
    }

    fn col_at(&self, byte: usize) -> usize {
        self.s[..byte].chars().count() + 1
    }

    fn err(&self, kind: ParseErrorKind) -> ParseError {
        ParseError::new(1, self.col_at(self.i), kind)
    }

    fn unexpected(&self, expected: &'static str) -> ParseError {
        let mut b = [0u8; 4];
        let f = self.peek().map(|c| &*c.encode_utf8(&mut b));
        self.err(ParseErrorKind::Unexpected {
            found: found(f),
            expected,
        })
    }

    /// A run of ASCII digits as a number (`None` when there are none), refusing more than
    /// `max`.
    fn number(&mut self, max: u64) -> Result<Option<u64>, ParseError> {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
        let text = &self.s[start..self.i];
        if text.is_empty() {
            return Ok(None);
        }
        match text.parse::<u64>() {
            Ok(n) if n <= max => Ok(Some(n)),
            _ => Err(ParseError::new(
                1,
                self.col_at(start),
                ParseErrorKind::Number {
                    text: text.to_string(),
                    why: "too large",
                },
            )),
        }
    }
}

/// Parses a Keen game ID (surrounding whitespace allowed). Never panics, whatever the input.
///
/// # Errors
/// A [`ParseError`] on line 1 at the offending character: a malformed size or parameter, a
/// block structure that does not end exactly after the grid's edges, too few or too many
/// clues, `s`/`d` on a cage not of two cells, or cages that make no puzzle (an unreachable
/// target is reported at its clue).
pub fn parse_keen_id(text: &str) -> Result<KeenId, ParseError> {
    let lead = text.len() - text.trim_start().len();
    let s = &text[..text.trim_end().len()];
    if s.trim().is_empty() {
        return Err(ParseError::new(1, 1, ParseErrorKind::Empty));
    }
    let mut cur = Cursor { s, i: lead };
    // Parameters.
    let size_at = cur.i;
    // Past u64, the number as written is named ("bad number 99999999999999999999: too
    // large"), never a clamped size.
    let w = cur
        .number(u64::MAX)?
        .ok_or_else(|| cur.unexpected("the grid size (a number) to start a Keen ID"))?;
    if !(MIN_SIZE as u64..=MAX_SIZE as u64).contains(&w) {
        return Err(ParseError::new(
            1,
            cur.col_at(size_at),
            PuzzleError::Size { size: w as usize }.into(),
        ));
    }
    let w = w as usize;
    let mut difficulty = None;
    let mut multiplication_only = false;
    if cur.peek() == Some('d') {
        cur.i += 1;
        difficulty = Some(
            cur.peek()
                .and_then(Difficulty::from_letter)
                .ok_or_else(|| cur.unexpected("a difficulty letter (e, n, h, x, u) after `d`"))?,
        );
        cur.i += 1;
    }
    if cur.peek() == Some('m') {
        cur.i += 1;
        multiplication_only = true;
    }
    if cur.peek() != Some(':') {
        return Err(cur.unexpected("`:` after the parameters (like `4dn:`)"));
    }
    cur.i += 1;
    // Block structure, as keen.c's parse_block_structure.
    let area = w * w;
    let edges = 2 * w * (w - 1);
    let mut parent: Vec<usize> = (0..area).collect();
    let mut pos = 0usize;
    let (mut rep_c, mut rep_n) = (0usize, 0u64);
    while rep_n > 0 || cur.peek().is_some_and(|c| c != ',') {
        let at = cur.i;
        let c = if rep_n > 0 {
            rep_n -= 1;
            rep_c
        } else {
            let ch = cur.peek().unwrap_or(',');
            // `z` is 25 non-edges *without* the edge (keen.c's encoder): see `advance` below.
            let c = match ch {
                '_' => 0,
                'a'..='y' => ch as usize - 'a' as usize + 1,
                'z' => 26,
                _ => return Err(cur.unexpected("a block letter `_` or `a`-`z`, or `,`")),
            };
            cur.i += 1;
            if let Some(n) = cur.number(u64::MAX)? {
                if n == 0 {
                    return Err(ParseError::new(
                        1,
                        cur.col_at(at + 1),
                        ParseErrorKind::Number {
                            text: "0".into(),
                            why: "a repeat count is at least 1",
                        },
                    ));
                }
                rep_c = c;
                rep_n = n - 1;
            }
            c
        };
        let too_much = || {
            ParseError::new(
                1,
                cur.col_at(at),
                ParseErrorKind::Blocks("more edges than the grid"),
            )
        };
        let (c, advance) = if c == 26 { (25, false) } else { (c, true) };
        for _ in 0..c {
            if pos >= edges {
                return Err(too_much());
            }
            let (a, b) = edge_cells(pos, w);
            union(&mut parent, a, b);
            pos += 1;
        }
        if advance {
            pos += 1;
            if pos > edges + 1 {
                return Err(too_much());
            }
        }
    }
    if pos != edges + 1 {
        return Err(cur.err(ParseErrorKind::Blocks("fewer edges than the grid")));
    }
    if cur.peek() != Some(',') {
        return Err(cur.unexpected("`,` after the block structure"));
    }
    cur.i += 1;
    // Clues: one per cage, by lowest cell.
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); area];
    for cell in 0..area {
        members[find(&mut parent, cell)].push(cell);
    }
    let mut cages = Vec::new();
    let mut clue_cols = Vec::new();
    for cell in 0..area {
        let root = find(&mut parent, cell);
        if members[root].first() != Some(&cell) {
            continue;
        }
        let at = cur.i;
        let op = match cur.peek() {
            Some('a') => Op::Add,
            Some('s') => Op::Sub,
            Some('m') => Op::Mul,
            Some('d') => Op::Div,
            None => {
                return Err(cur.err(ParseErrorKind::Clues(format!(
                    "too few clues: the block structure has more cages than the {} clues given",
                    cages.len()
                ))))
            }
            Some(_) => return Err(cur.unexpected("a clue letter a, s, m or d")),
        };
        cur.i += 1;
        let target = cur
            .number(u64::MAX)?
            .ok_or_else(|| cur.unexpected("the clue's number"))?;
        let cells = members[root].clone();
        if matches!(op, Op::Sub | Op::Div) && cells.len() != 2 {
            return Err(ParseError::new(
                1,
                cur.col_at(at),
                PuzzleError::Arity {
                    cage: cages.len(),
                    op,
                    cells: cells.len(),
                }
                .into(),
            ));
        }
        clue_cols.push(cur.col_at(at));
        cages.push(Cage::new(op, target, cells));
    }
    if cur.peek().is_some() {
        return Err(cur.err(ParseErrorKind::Clues(format!(
            "too many clues: the block structure has {} cages",
            cages.len()
        ))));
    }
    let puzzle = Puzzle::new(w, cages).map_err(|e| {
        let col = match &e {
            PuzzleError::Unreachable { cage, .. } | PuzzleError::Arity { cage, .. } => {
                clue_cols[*cage]
            }
            _ => lead + 1,
        };
        ParseError::new(1, col, e.into())
    })?;
    Ok(KeenId {
        puzzle,
        difficulty,
        multiplication_only,
    })
}

fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// Merges two classes, the smaller index becoming the root (as Keen's dsf does).
fn union(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        let (lo, hi) = (ra.min(rb), ra.max(rb));
        parent[hi] = lo;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: &str = "4dn:a_4a_a_a__aaba,m48d2s1a6s1m4d2";

    #[test]
    fn the_issue_example_round_trips() {
        let id = parse_keen_id(ID).unwrap();
        assert_eq!(id.puzzle.size(), 4);
        assert_eq!(id.difficulty, Some(Difficulty::Normal));
        assert_eq!(id.puzzle.cages().len(), 7);
        assert_eq!(id.puzzle.cages()[0].op, Op::Mul);
        assert_eq!(id.puzzle.cages()[0].target, 48);
        assert_eq!(id.to_string(), ID);
    }

    #[test]
    fn errors_point_at_the_offending_character() {
        let e = parse_keen_id("4dn:a_4a_a_a__aab?,m48").unwrap_err();
        assert_eq!((e.line, e.col), (1, 18), "{e}");
        let e = parse_keen_id("0:_,a1").unwrap_err();
        assert_eq!(
            e.kind,
            ParseErrorKind::Puzzle(PuzzleError::Size { size: 0 })
        );
        let e = parse_keen_id("100:_,a1").unwrap_err();
        assert_eq!(e.col, 1);
        let e = parse_keen_id("4dn:a_4a_a_a__aaba,m48d2s1a6s1m4").unwrap_err();
        assert!(e.to_string().contains("too few clues"), "{e}");
        let e = parse_keen_id("4dn:a_4a_a_a__aaba,m48d2s1a6s1m4d2a3").unwrap_err();
        assert!(e.to_string().contains("too many clues"), "{e}");
        // s on a cage of four cells (the first cage).
        let e = parse_keen_id("4dn:a_4a_a_a__aaba,s48d2s1a6s1m4d2").unwrap_err();
        assert_eq!(e.col, 20, "{e}");
        // Unreachable target, at its clue.
        let e = parse_keen_id("4dn:a_4a_a_a__aaba,m47d2s1a6s1m4d2").unwrap_err();
        assert_eq!(e.col, 20, "{e}");
        assert!(parse_keen_id("").is_err());
        assert!(parse_keen_id("4dq:_").is_err());
        assert!(parse_keen_id("4:z99999999999999999999,").is_err());
        // A size past u64 is named as written, not as a clamped number.
        let e = parse_keen_id("99999999999999999999:_").unwrap_err();
        assert!(
            e.to_string().contains("bad number 99999999999999999999"),
            "{e}"
        );
        let e = parse_keen_id("99:_").unwrap_err();
        assert!(e.to_string().contains("size 99 is out of range"), "{e}");
    }
}
