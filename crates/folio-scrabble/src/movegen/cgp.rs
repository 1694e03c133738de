//! CGP, the position format of Macondo and Woogles: one line of four fields and options.
//!
//! ```text
//! 15/15/15/15/15/15/15/4WORD7/15/15/15/15/15/15/15 EIRST?/ 12/30 0 lex NWL20;
//! ```
//!
//! 1. the board, rows top to bottom separated by `/`: a number is that many empty squares,
//!    an upper-case letter a tile, a lower-case letter a blank standing for that letter;
//! 2. the racks, `/`-separated, the player to move first (`?` = blank; empty = unknown);
//! 3. the scores, `/`-separated, in the same order;
//! 4. the number of consecutive scoreless turns;
//! 5. options, each `opcode value;` (`lex NWL20;`, `ld english;`), kept as written.
//!
//! Errors name the 1-based column of the text where the problem is ([`CgpError`]).

use crate::board::Board;
use crate::coord::{Square, SIZE};
use crate::rules::Rules;
use crate::tile::{BoardTile, Tile};

use super::{GamePosition, Rack};

/// A parsed CGP string: plain data, checked against a tile set by [`Cgp::position`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cgp {
    /// Tiles on the board.
    pub board: Board,
    /// Racks, the player to move first.
    pub racks: Vec<Rack>,
    /// Scores, in the same order.
    pub scores: Vec<i32>,
    /// Consecutive scoreless turns.
    pub scoreless_turns: u32,
    /// Options as `(opcode, value)`, in order.
    pub options: Vec<(String, String)>,
    /// The 1-based column of the racks field, where [`Cgp::position`]'s errors point (0 for
    /// a value not parsed from text).
    racks_column: usize,
}

/// A CGP string that does not parse, or a position the tile set cannot hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("CGP column {column}: {kind}")]
pub struct CgpError {
    /// 1-based column (character) in the text.
    pub column: usize,
    /// What is wrong.
    pub kind: CgpErrorKind,
}

/// What is wrong with a CGP string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CgpErrorKind {
    /// A required field is missing.
    #[error("missing the {0} (want BOARD RACKS SCORES SCORELESS-TURNS [OPTIONS])")]
    Missing(&'static str),
    /// The board does not have 15 rows.
    #[error("the board has {}; it needs 15", folio_core::plural(*.0, "row", "rows"))]
    Rows(usize),
    /// A row does not cover 15 squares.
    #[error("row {row} covers {width} squares; it needs 15")]
    Width {
        /// 1-based row.
        row: usize,
        /// Squares it covers.
        width: usize,
    },
    /// A character that is not a letter, a digit or `/` on the board, or not a tile on a rack.
    #[error("unexpected `{0}`")]
    Char(char),
    /// Two racks or scores fields disagree in count, or fewer than two players.
    #[error("{racks} racks and {scores} scores; want the same number, at least 2")]
    Players {
        /// Racks given.
        racks: usize,
        /// Scores given.
        scores: usize,
    },
    /// A score or count that is not a number.
    #[error("`{0}` is not a number")]
    Number(String),
    /// More (or fewer) racks than the rule set seats.
    #[error("{players} players; {rules} rules seat {min} to {max}")]
    PlayerCount {
        /// Racks given.
        players: usize,
        /// The rule set's name.
        rules: &'static str,
        /// Its fewest and most players.
        min: usize,
        /// See `min`.
        max: usize,
    },
    /// A score or count written with digits, too large (or small) to be one.
    #[error("`{0}` is out of range")]
    OutOfRange(String),
    /// An option without its value or its `;`.
    #[error("option `{0}` needs a value and a `;`")]
    Option(String),
    /// The board and racks hold more of a tile than the tile set has.
    #[error("the board and racks hold {have} of {tile}; the {set} tile set has {limit}")]
    TooMany {
        /// The tile.
        tile: Tile,
        /// How many the position holds.
        have: u32,
        /// How many the set has.
        limit: u32,
        /// The set's name.
        set: &'static str,
    },
}

fn err(column: usize, kind: CgpErrorKind) -> CgpError {
    CgpError { column, kind }
}

/// Fields of the text with their 1-based starting columns (split on ASCII whitespace).
fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (col, (i, ch)) in text.char_indices().enumerate() {
        match (ch.is_whitespace(), start) {
            (true, Some((c, s))) => {
                out.push((c, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some((col + 1, i)),
            _ => {}
        }
    }
    if let Some((c, s)) = start {
        out.push((c, &text[s..]));
    }
    out
}

impl Cgp {
    /// Parses a CGP string.
    ///
    /// ```
    /// use folio_scrabble::movegen::cgp::Cgp;
    /// let c = Cgp::parse("15/15/15/15/15/15/15/4WORD7/15/15/15/15/15/15/15 EIRST?/ 12/30 2 lex NWL20;")?;
    /// assert_eq!(c.board.tile_count(), 4);
    /// assert_eq!(c.racks[0].to_string(), "EIRST?");
    /// assert_eq!((c.scores.clone(), c.scoreless_turns), (vec![12, 30], 2));
    /// assert_eq!(c.options, [("lex".to_string(), "NWL20".to_string())]);
    /// # Ok::<(), folio_scrabble::movegen::cgp::CgpError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Cgp, CgpError> {
        let f = fields(text);
        let end = text.chars().count() + 1;
        let get = |i: usize, what| {
            f.get(i)
                .copied()
                .ok_or(err(end, CgpErrorKind::Missing(what)))
        };
        let (bcol, board_text) = get(0, "board")?;
        let board = parse_board(bcol, board_text)?;
        let (rcol, racks_text) = get(1, "racks")?;
        let mut racks = Vec::new();
        let mut col = rcol;
        for part in racks_text.split('/') {
            let mut tiles = Vec::new();
            for (i, ch) in part.chars().enumerate() {
                tiles.push(Tile::from_char(ch).ok_or(err(col + i, CgpErrorKind::Char(ch)))?);
            }
            racks.push(Rack::new(&tiles));
            col += part.chars().count() + 1;
        }
        let (scol, scores_text) = get(2, "scores")?;
        let mut scores = Vec::new();
        let mut col = scol;
        for part in scores_text.split('/') {
            scores.push(
                part.parse::<i32>()
                    .map_err(|e| err(col, number_error(part, &e)))?,
            );
            col += part.chars().count() + 1;
        }
        if racks.len() != scores.len() || racks.len() < 2 {
            return Err(err(
                rcol,
                CgpErrorKind::Players {
                    racks: racks.len(),
                    scores: scores.len(),
                },
            ));
        }
        let (zcol, zero_text) = get(3, "scoreless-turn count")?;
        let scoreless_turns = zero_text
            .parse::<u32>()
            .map_err(|e| err(zcol, number_error(zero_text, &e)))?;
        let mut options = Vec::new();
        let mut rest = f[4.min(f.len())..].iter();
        while let Some(&(ocol, op)) = rest.next() {
            let op_name = op.trim_end_matches(';');
            let value = match (op.ends_with(';'), rest.next()) {
                (false, Some(&(_, v))) if v.ends_with(';') && v.len() > 1 => {
                    v.trim_end_matches(';').to_string()
                }
                _ => return Err(err(ocol, CgpErrorKind::Option(op_name.to_string()))),
            };
            options.push((op_name.to_string(), value));
        }
        Ok(Cgp {
            board,
            racks,
            scores,
            scoreless_turns,
            options,
            racks_column: rcol,
        })
    }

    /// The value of option `op` (`lex`), if given.
    pub fn option(&self, op: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(o, _)| o == op)
            .map(|(_, v)| v.as_str())
    }

    /// The position under `rules`: checks that the racks are as many as the rules seat and
    /// that the board and racks hold no more of a tile than the rules' tile set (the error's
    /// column is the racks field's: a tile too many is counted over the board and the racks,
    /// and the racks are what a position's writer most often gets wrong).
    pub fn position(&self, rules: Rules) -> Result<GamePosition, CgpError> {
        let players = self.racks.len();
        if !(rules.min_players..=rules.max_players).contains(&players) {
            return Err(err(
                self.racks_column.max(1),
                CgpErrorKind::PlayerCount {
                    players,
                    rules: rules.name,
                    min: rules.min_players,
                    max: rules.max_players,
                },
            ));
        }
        let mut have = [0u32; crate::tile::TILE_KINDS];
        for (_, t) in self.board.tiles() {
            have[t.rack_tile().index()] += 1;
        }
        for r in &self.racks {
            for (i, &n) in r.counts().iter().enumerate() {
                have[i] += u32::from(n);
            }
        }
        for (i, &n) in have.iter().enumerate() {
            let tile = Tile::from_index(i).expect("a tile index");
            let limit = rules.tile_set.count(tile);
            if n > limit {
                return Err(err(
                    self.racks_column.max(1),
                    CgpErrorKind::TooMany {
                        tile,
                        have: n,
                        limit,
                        set: rules.tile_set.name,
                    },
                ));
            }
        }
        Ok(GamePosition {
            rules,
            board: self.board.clone(),
            to_move: 0,
            // An empty CGP rack is an unknown one.
            racks: self
                .racks
                .iter()
                .map(|r| (!r.is_empty()).then_some(*r))
                .collect(),
            scores: self.scores.clone(),
            scoreless_turns: self.scoreless_turns,
        })
    }
}

fn parse_board(start: usize, text: &str) -> Result<Board, CgpError> {
    let mut board = Board::new();
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != SIZE {
        return Err(err(start, CgpErrorKind::Rows(rows.len())));
    }
    let mut col0 = start;
    for (r, row) in rows.iter().enumerate() {
        let mut width = 0usize;
        let mut digits = String::new();
        let chars: Vec<char> = row.chars().collect();
        for (i, &ch) in chars.iter().enumerate() {
            let at = col0 + i;
            if ch.is_ascii_digit() {
                digits.push(ch);
                if chars.get(i + 1).is_some_and(|c| c.is_ascii_digit()) {
                    continue;
                }
                let n: usize = digits
                    .parse()
                    .map_err(|e| err(at, number_error(&digits, &e)))?;
                digits.clear();
                width = width.saturating_add(n);
                if width > SIZE {
                    return Err(err(at, CgpErrorKind::Width { row: r + 1, width }));
                }
                continue;
            }
            let tile = BoardTile::from_char(ch).ok_or(err(at, CgpErrorKind::Char(ch)))?;
            if width >= SIZE {
                return Err(err(
                    at,
                    CgpErrorKind::Width {
                        row: r + 1,
                        width: width + 1,
                    },
                ));
            }
            let sq = Square::new(r as i32, width as i32).expect("checked width");
            board.set(sq, Some(tile));
            width += 1;
        }
        if width != SIZE {
            return Err(err(col0, CgpErrorKind::Width { row: r + 1, width }));
        }
        col0 += chars.len() + 1;
    }
    Ok(board)
}

/// Writes the board part of a CGP string (`15/15/.../4WORD7/...`).
pub fn board_text(board: &Board) -> String {
    let mut rows = Vec::with_capacity(SIZE);
    for r in 0..SIZE {
        let mut s = String::new();
        let mut run = 0;
        for c in 0..SIZE {
            match board.at(r as i32, c as i32) {
                Some(t) => {
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push(t.to_char());
                }
                None => run += 1,
            }
        }
        if run > 0 {
            s.push_str(&run.to_string());
        }
        rows.push(s);
    }
    rows.join("/")
}

/// What a number that does not parse is: digits past the type's range are out of range
/// (`99999999999999999999999` once read "is not a number"), anything else not a number.
fn number_error(text: &str, e: &std::num::ParseIntError) -> CgpErrorKind {
    use std::num::IntErrorKind;
    match e.kind() {
        IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => {
            CgpErrorKind::OutOfRange(text.to_string())
        }
        _ => CgpErrorKind::Number(text.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WOLGES: &str = "ZONULE1B2APAID/1KY2RHANJA4/GAM4R2HUI2/7G6D/6FECIT3O/6AE1TOWIES/6I7E/1EnGUARD6D/NAOI2W8/6AT7/5PYE7/5L1L7/2COVE1L7/5X1E7/7N7";

    #[test]
    fn a_crowded_board_round_trips() {
        let c = Cgp::parse(&format!("{WOLGES} ST/ 0/0 0")).unwrap();
        assert_eq!(board_text(&c.board), WOLGES);
        assert_eq!(c.board.at(7, 2), Some(BoardTile::blank(b'N')));
        assert!(c.position(Rules::STANDARD).is_ok());
        assert!(matches!(
            c.position(Rules::COURSE).unwrap_err().kind,
            CgpErrorKind::TooMany {
                tile: Tile::Blank,
                ..
            }
        ));
    }

    #[test]
    fn errors_name_their_column() {
        let empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";
        let cases: [(String, usize, CgpErrorKind); 8] = [
            ("".into(), 1, CgpErrorKind::Missing("board")),
            (
                format!("{empty} A/B 1/x 0"),
                52,
                CgpErrorKind::Number("x".into()),
            ),
            (
                format!("{empty} A/B 1/99999999999999999999999 0"),
                52,
                CgpErrorKind::OutOfRange("99999999999999999999999".into()),
            ),
            (format!("{empty} A1/B 1/2 0"), 47, CgpErrorKind::Char('1')),
            (
                format!("{empty} A/B/C 1/2 0"),
                46,
                CgpErrorKind::Players {
                    racks: 3,
                    scores: 2,
                },
            ),
            ("15/15 / 0/0 0".into(), 1, CgpErrorKind::Rows(2)),
            (
                format!("14/{} / 0/0 0", &empty[3..]),
                1,
                CgpErrorKind::Width { row: 1, width: 14 },
            ),
            (
                format!("{empty} / 0/0 0 lex"),
                54,
                CgpErrorKind::Option("lex".into()),
            ),
        ];
        for (text, column, kind) in cases {
            assert_eq!(Cgp::parse(&text), Err(CgpError { column, kind }), "{text}");
        }
        // Five racks: the standard rules seat two to four players.
        let five = format!("{empty} A/B/C/D/E 0/0/0/0/0 0");
        assert_eq!(
            Cgp::parse(&five)
                .unwrap()
                .position(Rules::STANDARD)
                .unwrap_err()
                .kind,
            CgpErrorKind::PlayerCount {
                players: 5,
                rules: "standard",
                min: 2,
                max: 4
            }
        );
        let too_many = format!("{empty} ZZ/ 0/0 0");
        let e = Cgp::parse(&too_many)
            .unwrap()
            .position(Rules::STANDARD)
            .unwrap_err();
        assert!(matches!(
            e.kind,
            CgpErrorKind::TooMany {
                have: 2,
                limit: 1,
                ..
            }
        ));
        // Both point at the racks, not at column 1 (the position as a whole).
        assert_eq!(e.column, empty.len() + 2);
        assert_eq!(
            Cgp::parse(&five)
                .unwrap()
                .position(Rules::STANDARD)
                .unwrap_err()
                .column,
            empty.len() + 2
        );
    }
}

#[cfg(test)]
mod proptests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Arbitrary text never panics; text made of CGP's own characters neither.
        #[test]
        fn any_text_gives_a_position_or_a_located_error(text in "\\PC{0,80}") {
            if let Err(e) = Cgp::parse(&text) {
                prop_assert!(e.column >= 1 && e.column <= text.chars().count() + 1);
            }
        }

        #[test]
        fn cgp_shaped_text_never_panics(text in "[0-9A-Za-z?/; ]{0,120}") {
            if let Ok(c) = Cgp::parse(&text) {
                let _ = c.position(Rules::STANDARD);
                prop_assert_eq!(Cgp::parse(&format!("{} / 0/0 0", board_text(&c.board))).map(|d| d.board), Ok(c.board));
            }
        }
    }
}
