//! Boggle boards: a grid of cube faces, parsed from letters and rendered back.
//!
//! Board strings follow the convention of the shared test data (danvk's): row-major,
//! case-insensitive, one character per cell, `q` meaning the `Qu` face. folio also accepts
//! `qu` for that face, `[an]` for any other multi-letter face (Big Boggle 2012, Super Big
//! Boggle), `#` for a blank face, and `/` or whitespace between rows (a run of whitespace is
//! one separator; a `/` next to no row is an empty row, refused).

use std::fmt;

/// Largest number of cells a board may have: paths keep their used cells in a `u64` mask.
pub const MAX_CELLS: usize = 64;

/// Smallest number of rows or columns.
pub const MIN_SIDE: usize = 2;

/// One cube face: one or two upper-case letters (`A`, `QU`, `TH`), or blank (a word stop).
///
/// Every letter of a face counts toward a word's length and score, which is how `Qu` counts
/// as two letters (Princeton algs4 Boggle spec; OEIS A063000 attachment).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Face {
    letters: [u8; 2],
    len: u8,
}

impl Face {
    /// The `Qu` face.
    pub const QU: Face = Face {
        letters: *b"QU",
        len: 2,
    };

    /// A blank face: no word may pass through it (Super Big Boggle's "word stop").
    pub const BLANK: Face = Face {
        letters: [0, 0],
        len: 0,
    };

    /// A one-letter face; `Q` gives the `Qu` face, as on real cubes. `None` unless `b` is an
    /// ASCII letter.
    pub const fn letter(b: u8) -> Option<Face> {
        if !b.is_ascii_alphabetic() {
            return None;
        }
        let b = b.to_ascii_uppercase();
        if b == b'Q' {
            return Some(Face::QU);
        }
        Some(Face {
            letters: [b, 0],
            len: 1,
        })
    }

    /// A face of one or two ASCII letters (`"a"`, `"Qu"`, `"TH"`); a lone `Q` is `Qu`.
    /// `None` for anything else.
    pub fn from_letters(s: &str) -> Option<Face> {
        match s.as_bytes() {
            [a] => Face::letter(*a),
            [a, b] if a.is_ascii_alphabetic() && b.is_ascii_alphabetic() => Some(Face {
                letters: [a.to_ascii_uppercase(), b.to_ascii_uppercase()],
                len: 2,
            }),
            _ => None,
        }
    }

    /// The face's letters, upper-case (empty for a blank).
    #[inline]
    pub fn letters(&self) -> &[u8] {
        &self.letters[..self.len as usize]
    }

    /// Whether this is a blank face.
    #[inline]
    pub fn is_blank(&self) -> bool {
        self.len == 0
    }

    /// How the face is written in a board string: `a`, `q` for `Qu`, `[th]`, `#`.
    pub fn token(&self) -> String {
        match self.letters() {
            [] => "#".to_string(),
            b"QU" => "q".to_string(),
            [a] => (a.to_ascii_lowercase() as char).to_string(),
            ls => format!("[{}]", String::from_utf8_lossy(ls).to_ascii_lowercase()),
        }
    }
}

impl fmt::Display for Face {
    /// As printed on the cube: `A`, `Qu`, `Th`, `#`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.letters() {
            [] => f.pad("#"),
            [a] => f.pad(&(*a as char).to_string()),
            [a, b] => f.pad(&format!("{}{}", *a as char, b.to_ascii_lowercase() as char)),
            _ => unreachable!("a face has at most two letters"),
        }
    }
}

/// Why a board string or shape was refused. Offsets are byte offsets into the string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A character that is not a letter, `#`, `[`, `/` or whitespace.
    #[error("unexpected {found:?} in board at offset {offset} (letters, `[..]` faces, `#`, `/`)")]
    BadChar {
        /// Byte offset of the character.
        offset: usize,
        /// The character.
        found: char,
    },
    /// A `[` face that is not one or two letters followed by `]`.
    #[error(
        "bad multi-letter face at offset {offset}: write one or two letters in brackets, as `[th]`"
    )]
    BadFace {
        /// Byte offset of the `[`.
        offset: usize,
    },
    /// A `/` with no face between it and the previous `/` or the start, or after it and the
    /// end (`ab//cd`, `/abcd`, `abcd/`): a row with no face, most likely a typo.
    #[error("empty row at offset {offset}: each `/` must separate two rows of faces")]
    EmptyRow {
        /// Byte offset of the `/` that ends (or, at the end, starts) the empty row.
        offset: usize,
    },
    /// The number of cells does not fit the rows and columns asked for, or no square.
    #[error("{} cannot make a {expected} board", folio_core::plural(*.cells, "cell", "cells"))]
    WrongSize {
        /// Cells read (one per character; `qu` read as one cell was also tried).
        cells: usize,
        /// The shape wanted, as `RxC` or "square".
        expected: String,
    },
    /// The `/`-separated rows of the letters give one shape, the shape asked for another.
    #[error("the board's rows make it {rows}x{cols}, not the {asked_rows}x{asked_cols} asked for")]
    ShapeMismatch {
        /// Rows written.
        rows: usize,
        /// Columns written.
        cols: usize,
        /// Rows asked for.
        asked_rows: usize,
        /// Columns asked for.
        asked_cols: usize,
    },
    /// Rows separated by `/` or spaces have different lengths.
    #[error("rows have different lengths ({lengths:?})")]
    RaggedRows {
        /// The length of each row.
        lengths: Vec<usize>,
    },
    /// Fewer than 2 rows or columns, or more than 64 cells.
    #[error("a board is at least {MIN_SIDE}x{MIN_SIDE} and at most {MAX_CELLS} cells, not {rows}x{cols}")]
    BadShape {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
}

/// The neighbours of one cell (up to 8), precomputed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Neighbours {
    cells: [u8; 8],
    len: u8,
}

/// A rectangular Boggle board of [`Face`]s, row-major, with each cell's 8-neighbourhood
/// precomputed (horizontal, vertical and diagonal adjacency).
///
/// ```
/// use folio_boggle::Board;
/// let b = Board::parse("perslatgsineters", None).unwrap();
/// assert_eq!((b.rows(), b.cols()), (4, 4));
/// assert_eq!(b.to_string(), "perslatgsineters");
/// let q = Board::parse("QUAIC/DRNE/ETAS/NNIL", None).unwrap();
/// assert_eq!(q.face(0).to_string(), "Qu");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    rows: usize,
    cols: usize,
    faces: Vec<Face>,
    neighbours: Vec<Neighbours>,
}

/// A face read from a board string, before the `qu` reading is chosen.
#[derive(Clone, Copy)]
enum Token {
    Face(Face),
    /// A `u` straight after a `q`: its own cell, or part of the `Qu` cell.
    UAfterQ,
    RowBreak,
}

impl Board {
    /// A board from its faces, row-major.
    ///
    /// # Errors
    /// [`BoardError::BadShape`] unless both sides are at least 2 and there are at most 64
    /// cells; [`BoardError::WrongSize`] when `faces` has not `rows * cols` entries.
    pub fn from_faces(rows: usize, cols: usize, faces: Vec<Face>) -> Result<Board, BoardError> {
        if rows < MIN_SIDE || cols < MIN_SIDE || rows.saturating_mul(cols) > MAX_CELLS {
            return Err(BoardError::BadShape { rows, cols });
        }
        if faces.len() != rows * cols {
            return Err(BoardError::WrongSize {
                cells: faces.len(),
                expected: format!("{rows}x{cols}"),
            });
        }
        let mut neighbours = Vec::with_capacity(faces.len());
        for r in 0..rows {
            for c in 0..cols {
                let mut n = Neighbours::default();
                for dr in -1i32..=1 {
                    for dc in -1i32..=1 {
                        let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                        if (dr, dc) == (0, 0) || nr < 0 || nc < 0 {
                            continue;
                        }
                        let (nr, nc) = (nr as usize, nc as usize);
                        if nr < rows && nc < cols {
                            n.cells[n.len as usize] = (nr * cols + nc) as u8;
                            n.len += 1;
                        }
                    }
                }
                neighbours.push(n);
            }
        }
        Ok(Board {
            rows,
            cols,
            faces,
            neighbours,
        })
    }

    /// Parses a board string. With `shape = Some((rows, cols))` the cells must fill that
    /// shape; rows separated by `/` or whitespace give the shape themselves; otherwise the
    /// board must be square.
    ///
    /// `q` is the `Qu` face. A `qu` in the string is read as two cells (`Qu`, `U`) when that
    /// fits the shape, as in the shared data, and otherwise as the one `Qu` cell.
    ///
    /// # Errors
    /// A [`BoardError`] naming the offending offset or the size mismatch.
    pub fn parse(text: &str, shape: Option<(usize, usize)>) -> Result<Board, BoardError> {
        let tokens = tokenize(text)?;
        let has_rows = tokens.iter().any(|t| matches!(t, Token::RowBreak));
        // Two readings differ only where a `u` follows a `q`; the one-cell-per-letter reading
        // (the shared data's convention) is preferred.
        let mut last_err = None;
        for collapse_qu in [false, true] {
            let rows = read_rows(&tokens, collapse_qu);
            match fit(rows, shape, has_rows).and_then(|(r, c, f)| Board::from_faces(r, c, f)) {
                Ok(board) => return Ok(board),
                Err(e) => last_err = Some(e),
            }
            if !tokens.iter().any(|t| matches!(t, Token::UAfterQ)) {
                break;
            }
        }
        Err(last_err.unwrap_or(BoardError::WrongSize {
            cells: 0,
            expected: "square".into(),
        }))
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells (`rows * cols`).
    #[inline]
    pub fn len(&self) -> usize {
        self.faces.len()
    }

    /// Always false: a board has at least 4 cells.
    pub fn is_empty(&self) -> bool {
        self.faces.is_empty()
    }

    /// The face of cell `i` (row-major).
    ///
    /// # Panics
    /// When `i >= self.len()`.
    #[inline]
    pub fn face(&self, i: usize) -> Face {
        self.faces[i]
    }

    /// All faces, row-major.
    #[inline]
    pub fn faces(&self) -> &[Face] {
        &self.faces
    }

    /// The cells adjacent to cell `i` (up to 8), in row-major order.
    #[inline]
    pub fn neighbours(&self, i: usize) -> &[u8] {
        let n = &self.neighbours[i];
        &n.cells[..n.len as usize]
    }

    /// `(row, col)` of cell `i`, both from 0.
    pub fn position(&self, i: usize) -> (usize, usize) {
        (i / self.cols, i % self.cols)
    }

    /// The board as a grid of faces, one row per line, each face padded to two characters
    /// (`Qu` keeps its `u`): `"P  E  R  S\n..."`.
    pub fn grid(&self) -> String {
        let mut out = String::new();
        for row in self.faces.chunks(self.cols) {
            let line: Vec<String> = row.iter().map(|f| format!("{f:<2}")).collect();
            out.push_str(line.join(" ").trim_end());
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Board {
    /// The board string: lower-case, `q` for `Qu`, `[th]`, `#`; rows joined by `/` unless the
    /// board is square. [`Board::parse`] reads it back to the same board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, face) in self.faces.iter().enumerate() {
            if self.rows != self.cols && i > 0 && i % self.cols == 0 {
                f.write_str("/")?;
            }
            f.write_str(&face.token())?;
        }
        Ok(())
    }
}

/// Reads a board string into faces and row breaks. A run of separators between two faces is
/// one row break: whitespace (spaces, tabs, newlines) in any amount, with at most one `/` in
/// it. Whitespace before the first face and after the last is ignored; a `/` there, or a
/// second `/` in a run, would mark a row with no face: [`BoardError::EmptyRow`].
fn tokenize(text: &str) -> Result<Vec<Token>, BoardError> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::with_capacity(bytes.len());
    // The offset of the `/` in the current run of separators, if it has one.
    let mut slash: Option<usize> = None;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !matches!(b, b'/' | b' ' | b'\t' | b'\r' | b'\n') {
            slash = None;
        }
        match b {
            b'/' if tokens.is_empty() || slash.is_some() => {
                return Err(BoardError::EmptyRow { offset: i });
            }
            b'/' => {
                slash = Some(i);
                if !matches!(tokens.last(), Some(Token::RowBreak)) {
                    tokens.push(Token::RowBreak);
                }
            }
            b' ' | b'\t' | b'\r' | b'\n' => {
                if !matches!(tokens.last(), None | Some(Token::RowBreak)) {
                    tokens.push(Token::RowBreak);
                }
            }
            b'#' => tokens.push(Token::Face(Face::BLANK)),
            b'[' => {
                let end = bytes[i..]
                    .iter()
                    .position(|&c| c == b']')
                    .ok_or(BoardError::BadFace { offset: i })?;
                let inner = &text[i + 1..i + end];
                let face = Face::from_letters(inner).ok_or(BoardError::BadFace { offset: i })?;
                tokens.push(Token::Face(face));
                i += end;
            }
            b'u' | b'U' if i > 0 && bytes[i - 1].eq_ignore_ascii_case(&b'q') => {
                tokens.push(Token::UAfterQ)
            }
            _ => match Face::letter(b) {
                Some(f) => tokens.push(Token::Face(f)),
                None => {
                    let found = text[i..].chars().next().unwrap_or('\u{FFFD}');
                    return Err(BoardError::BadChar { offset: i, found });
                }
            },
        }
        i += 1;
    }
    if let Some(offset) = slash {
        return Err(BoardError::EmptyRow { offset });
    }
    if matches!(tokens.last(), Some(Token::RowBreak)) {
        tokens.pop();
    }
    Ok(tokens)
}

fn read_rows(tokens: &[Token], collapse_qu: bool) -> Vec<Vec<Face>> {
    let mut rows = vec![Vec::new()];
    for t in tokens {
        match t {
            Token::Face(f) => rows.last_mut().map_or((), |r| r.push(*f)),
            Token::UAfterQ if !collapse_qu => rows.last_mut().map_or((), |r| {
                r.push(Face {
                    letters: [b'U', 0],
                    len: 1,
                })
            }),
            Token::UAfterQ => {}
            Token::RowBreak => rows.push(Vec::new()),
        }
    }
    rows
}

type Fitted = (usize, usize, Vec<Face>);

fn fit(
    rows: Vec<Vec<Face>>,
    shape: Option<(usize, usize)>,
    has_rows: bool,
) -> Result<Fitted, BoardError> {
    let cells: usize = rows.iter().map(Vec::len).sum();
    if let Some((r, c)) = shape {
        if r < MIN_SIDE || c < MIN_SIDE || r.saturating_mul(c) > MAX_CELLS {
            return Err(BoardError::BadShape { rows: r, cols: c });
        }
    }
    let (r, c) = if has_rows {
        let lengths: Vec<usize> = rows.iter().map(Vec::len).collect();
        if lengths.iter().any(|&l| l != lengths[0]) {
            return Err(BoardError::RaggedRows { lengths });
        }
        (rows.len(), lengths[0])
    } else if let Some(s) = shape {
        s
    } else {
        // Any square (a 10x10 is a square, only too big: `from_faces` says so).
        let side = (1..=cells.max(1)).find(|s| s * s >= cells).unwrap_or(0);
        if side * side != cells {
            return Err(BoardError::WrongSize {
                cells,
                expected: "square".into(),
            });
        }
        (side, side)
    };
    if let Some((sr, sc)) = shape {
        if (sr, sc) != (r, c) {
            return Err(BoardError::ShapeMismatch {
                rows: r,
                cols: c,
                asked_rows: sr,
                asked_cols: sc,
            });
        }
    }
    if r.checked_mul(c) != Some(cells) {
        return Err(BoardError::WrongSize {
            cells,
            expected: format!("{r}x{c}"),
        });
    }
    Ok((r, c, rows.into_iter().flatten().collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_shared_convention() {
        let b = Board::parse("osgsrebuyrgoqivs", None).unwrap();
        assert_eq!(b.len(), 16);
        assert_eq!(b.face(12), Face::QU);
        assert_eq!(b.face(13).letters(), b"I");
        assert_eq!(b.to_string(), "osgsrebuyrgoqivs");
    }

    #[test]
    fn qu_is_one_cell_only_when_the_shape_needs_it() {
        // 17 characters: `qu` must be the Qu cell.
        let b = Board::parse("quaicdrneetasnnil", None).unwrap();
        assert_eq!(b.len(), 16);
        assert_eq!(b.face(0), Face::QU);
        assert_eq!(b.face(1).letters(), b"A");
        // 16 characters: `q`, `u` are two cells.
        let b = Board::parse("quaicdrneetasnni", None).unwrap();
        assert_eq!(b.face(1).letters(), b"U");
        assert_eq!(b.to_string(), "quaicdrneetasnni");
    }

    #[test]
    fn a_square_too_big_is_called_too_big_not_unsquare() {
        // 100 cells are a square (10x10), only over the 64-cell limit.
        let err = Board::parse(&"e".repeat(100), None).unwrap_err();
        assert_eq!(err, BoardError::BadShape { rows: 10, cols: 10 });
        let err = Board::parse(&"e".repeat(99), None).unwrap_err();
        assert!(
            matches!(err, BoardError::WrongSize { cells: 99, .. }),
            "{err}"
        );
        // 17 `qu` in 81 letters: too big read one cell a letter, 8x8 with Qu cells.
        let text = format!("{}{}", "qu".repeat(17), "e".repeat(47));
        assert_eq!(Board::parse(&text, None).unwrap().len(), 64);
    }

    #[test]
    fn rows_shapes_and_tokens() {
        let b = Board::parse("per/sla/tes/ind", None).unwrap();
        assert_eq!((b.rows(), b.cols()), (4, 3));
        assert_eq!(b.to_string(), "per/sla/tes/ind");
        assert_eq!(Board::parse(&b.to_string(), None).unwrap(), b);
        let b = Board::parse("perslatesind", Some((3, 4))).unwrap();
        assert_eq!(b.position(5), (1, 1));
        let b = Board::parse("[Th]a#b", None).unwrap();
        assert_eq!(b.face(0).letters(), b"TH");
        assert!(b.face(2).is_blank());
        assert_eq!(b.to_string(), "[th]a#b");
        assert_eq!(b.grid(), "Th A\n#  B\n");
    }

    #[test]
    fn refuses_bad_boards() {
        assert!(matches!(
            Board::parse("abc1", None),
            Err(BoardError::BadChar { offset: 3, .. })
        ));
        assert!(matches!(
            Board::parse("abcde", None),
            Err(BoardError::WrongSize { cells: 5, .. })
        ));
        assert!(matches!(
            Board::parse("ab/c", None),
            Err(BoardError::RaggedRows { .. })
        ));
        assert!(matches!(
            Board::parse("abcd", Some((1, 4))),
            Err(BoardError::BadShape { .. })
        ));
        // A shape that is no board is called so, whatever the letters.
        assert_eq!(
            Board::parse("abcdefghijklmnop", Some((0, 0))),
            Err(BoardError::BadShape { rows: 0, cols: 0 })
        );
        // `/` rows and a shape that disagree: the message names both shapes.
        let err = Board::parse("abcd/efgh/ijkl/mnop", Some((2, 8))).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the board's rows make it 4x4, not the 2x8 asked for"
        );
        assert!(Board::parse("abcd/efgh/ijkl/mnop", Some((4, 4))).is_ok());
        assert!(matches!(
            Board::parse("[abc]d", None),
            Err(BoardError::BadFace { offset: 0 })
        ));
        assert!(matches!(
            Board::parse("[ab", None),
            Err(BoardError::BadFace { offset: 0 })
        ));
        assert!(Board::parse(&"a".repeat(81), None).is_err());
        assert!(Board::parse("", None).is_err());
        assert!(Board::parse("é", None).is_err());
        assert!(Board::parse("abcd", Some((usize::MAX, usize::MAX))).is_err());
    }

    /// Runs of whitespace between rows (and around the board) are one row break, but a `/`
    /// with no face on one side marks an empty row: refused at that `/`, not skipped.
    #[test]
    fn empty_rows_are_refused_and_whitespace_is_not() {
        for (text, offset) in [
            ("ab//cd", 3),
            ("ab/ /cd", 4),
            ("ab/\n/cd", 4),
            ("/ab/cd", 0),
            ("  /ab/cd", 2),
            ("ab/cd/", 5),
            ("ab/cd/  \n", 5),
            ("/", 0),
        ] {
            assert_eq!(
                Board::parse(text, None),
                Err(BoardError::EmptyRow { offset }),
                "{text:?}"
            );
        }
        let want = Board::parse("ab/cd", None).unwrap();
        for text in [
            "ab cd",
            "ab  cd",
            "ab\n\ncd",
            "ab\r\ncd\r\n",
            " ab / cd ",
            "\nab/\ncd\n",
            "ab\t/\tcd",
        ] {
            assert_eq!(Board::parse(text, None).as_ref(), Ok(&want), "{text:?}");
        }
        assert_eq!(
            BoardError::EmptyRow { offset: 3 }.to_string(),
            "empty row at offset 3: each `/` must separate two rows of faces"
        );
    }

    #[test]
    fn neighbours_are_the_eight_around() {
        let b = Board::parse("abcdefghi", None).unwrap();
        assert_eq!(b.neighbours(0), &[1, 3, 4]);
        assert_eq!(b.neighbours(4), &[0, 1, 2, 3, 5, 6, 7, 8]);
        assert_eq!(b.neighbours(8), &[4, 5, 7]);
    }
}

#[cfg(test)]
mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Any text parses to a board or an error, never a panic; a board renders to a
        /// string that parses back to the same board.
        #[test]
        fn parse_never_panics_and_round_trips(text in "[a-zA-Z#/ \\[\\]qu]{0,40}") {
            if let Ok(b) = Board::parse(&text, None) {
                prop_assert_eq!(Board::parse(&b.to_string(), None), Ok(b.clone()));
            }
        }

        #[test]
        fn rendered_boards_round_trip(rows in 2usize..=8, cols in 2usize..=8, seed in any::<u64>()) {
            let mut rng = folio_core::rng::SplitMix64::new(seed);
            let faces: Vec<Face> = (0..rows * cols)
                .map(|_| match rng.below(30) {
                    26 | 29 => Face::QU,
                    27 => Face::BLANK,
                    28 => Face::from_letters("TH").unwrap(),
                    n => Face::letter(b'A' + n as u8).unwrap(),
                })
                .collect();
            let b = Board::from_faces(rows, cols, faces).unwrap();
            let shape = if rows == cols { None } else { Some((rows, cols)) };
            prop_assert_eq!(Board::parse(&b.to_string(), shape), Ok(b.clone()));
        }
    }
}
