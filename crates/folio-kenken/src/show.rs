//! The grid drawn for a terminal: cage borders, each cage's clue in its first cell, and the
//! digits of a (partly) filled grid.

use crate::check::digit_char;
use crate::puzzle::Puzzle;

/// Draws `puzzle` in ASCII, with `grid`'s digits (N² row-major, 0 = empty) when given.
///
/// ```text
/// +-----+-----+-----+
/// |1-   |3x         |
/// |  2  |  1     3  |
/// +     +-----+     +
/// ```
pub fn render(puzzle: &Puzzle, grid: Option<&[u8]>) -> String {
    let n = puzzle.size();
    let clue_at = |cell: usize| {
        let k = puzzle.cage_of(cell);
        (puzzle.cages()[k].cells[0] == cell).then(|| puzzle.cages()[k].clue())
    };
    let w = (0..n * n)
        .filter_map(clue_at)
        .map(|c| c.len())
        .max()
        .unwrap_or(1)
        .max(4)
        + 1;
    let same = |a: usize, b: usize| puzzle.cage_of(a) == puzzle.cage_of(b);
    let mut out = String::new();
    let rule = |out: &mut String, r: usize| {
        // The line above row r (r == n: the bottom).
        for c in 0..n {
            out.push('+');
            let open = r > 0 && r < n && same((r - 1) * n + c, r * n + c);
            out.push_str(&if open { " ".repeat(w) } else { "-".repeat(w) });
        }
        out.push_str("+\n");
    };
    for r in 0..n {
        rule(&mut out, r);
        for line in 0..2 {
            for c in 0..n {
                let cell = r * n + c;
                let open = c > 0 && same(cell - 1, cell);
                out.push(if open { ' ' } else { '|' });
                let text = if line == 0 {
                    clue_at(cell).unwrap_or_default()
                } else {
                    let d = grid.map_or(0, |g| g[cell]);
                    let ch = if d == 0 && grid.is_none() {
                        ' '
                    } else {
                        digit_char(d)
                    };
                    format!("{:^w$}", ch)
                };
                out.push_str(&format!("{text:<w$}"));
            }
            out.push_str("|\n");
        }
    }
    rule(&mut out, n);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn borders_follow_cages() {
        let p = crate::parse_keen_id("3de:_aba_3a,s1m3a5m3").unwrap().puzzle;
        let s = render(&p, Some(&[2, 1, 3, 3, 2, 1, 1, 3, 2]));
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines.len(), 3 * 3 + 1);
        assert_eq!(lines[0], "+-----+-----+-----+");
        assert_eq!(lines[1], "|1-   |3x         |");
        assert_eq!(lines[2], "|  2  |  1     3  |");
        // Cell (0,0) and (1,0) share the 1- cage: no border between them.
        assert!(lines[3].starts_with("+     +"), "{s}");
    }
}
