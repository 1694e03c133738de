//! A position to generate from: board, whose turn, racks and scores, as a record stands
//! before one of its events, or as a CGP string gives it ([`super::cgp`]).

use crate::board::Board;
use crate::coord::{Dir, Square};
use crate::placement::{Cell, Placement};
use crate::rules::Rules;
use crate::score::{Move, NO_LEXICON};
use crate::script::{EventKind, Script, WordTile};
use crate::tile::{BoardTile, Tile};
use folio_core::script::Loc;

use super::Rack;

/// A position: the board, the player to move and what is known of racks and scores.
#[derive(Clone, Debug)]
pub struct GamePosition {
    /// The rule set the position is played under.
    pub rules: Rules,
    /// Tiles on the board (with the record of premiums used and words scored, for
    /// `wordbler`, when the position comes from a record).
    pub board: Board,
    /// Seat to move (0-based).
    pub to_move: usize,
    /// Each seat's rack, when known (the mover's from the event line, others from CGP).
    pub racks: Vec<Option<Rack>>,
    /// Each seat's score.
    pub scores: Vec<i32>,
    /// Consecutive scoreless turns just before this position.
    pub scoreless_turns: u32,
}

/// Why a record cannot be set up at the turn asked for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// `--turn N` past the record's events.
    #[error("the record has {events} events; turn {turn} is past its end (turns count from 1; {events} + 1 is the position after the last)")]
    TurnOutOfRange {
        /// Turn asked for (1-based).
        turn: usize,
        /// Events in the record.
        events: usize,
    },
    /// A play before the turn is illegal on the board it was played on.
    #[error("{loc}: the play {play} cannot be set up: {reason}")]
    Illegal {
        /// The event line.
        loc: Loc,
        /// The play as written.
        play: String,
        /// The broken rule.
        reason: String,
    },
}

impl GamePosition {
    /// The position of `script` just before its `turn`-th event (1-based; `events + 1` is
    /// the position after the last), under `rules`. Plays are set up with the rules'
    /// scorer and no lexicon; a withdrawn play is taken back; the mover's rack is the
    /// `turn`-th event's rack when written.
    pub fn from_script(
        script: &Script,
        rules: Rules,
        turn: usize,
    ) -> Result<GamePosition, PositionError> {
        let events = script.events.len();
        if turn == 0 || turn > events + 1 {
            return Err(PositionError::TurnOutOfRange { turn, events });
        }
        let seats = script.seats().max(2);
        let mut pos = GamePosition {
            rules,
            board: Board::new(),
            to_move: 0,
            racks: vec![None; seats],
            scores: vec![0; seats],
            scoreless_turns: 0,
        };
        let mut last: Option<(usize, Move)> = None;
        for e in &script.events[..turn - 1] {
            let seat = e.player.min(seats - 1);
            match &e.kind {
                EventKind::Play { coord, word } => {
                    let p = placement(&pos.board, coord, word);
                    let mv = rules.evaluate(&pos.board, &p, NO_LEXICON).map_err(|err| {
                        PositionError::Illegal {
                            // The move's column, as the replay's finding gives it.
                            loc: Loc::new(
                                e.loc.line,
                                if e.cols.body == 0 {
                                    e.loc.col
                                } else {
                                    e.cols.body
                                },
                            ),
                            play: p.to_string(),
                            reason: err.to_string(),
                        }
                    })?;
                    pos.board.apply(&mv);
                    pos.scores[seat] += mv.score as i32;
                    pos.scoreless_turns = if mv.score == 0 {
                        pos.scoreless_turns + 1
                    } else {
                        0
                    };
                    last = Some((seat, mv));
                }
                EventKind::Pass | EventKind::Exchange(_) => pos.scoreless_turns += 1,
                EventKind::Withdrawn => {
                    if let Some((s, mv)) = last.take() {
                        pos.board.take_back(&mv);
                        pos.scores[s] -= mv.score as i32;
                        pos.scoreless_turns += 1;
                    }
                }
                _ => pos.scores[seat] += e.score.unwrap_or(0),
            }
            if e.kind.is_turn() {
                pos.to_move = (seat + 1) % seats;
            }
        }
        if let Some(e) = script.events.get(turn - 1) {
            pos.to_move = e.player.min(seats - 1);
            pos.racks[pos.to_move] = e.rack.as_ref().map(|t| rack_of(t));
        }
        Ok(pos)
    }

    /// The mover's rack, when known.
    pub fn rack(&self) -> Option<Rack> {
        self.racks.get(self.to_move).copied().flatten()
    }

    /// Tiles not on the board and not on `rack` (the bag and the other racks, as the
    /// mover sees them), counted by [`Tile::index`]; `None` when the board and rack hold
    /// more of a tile than the rule set's tile set has.
    pub fn unseen(&self, rack: &Rack) -> Option<[u32; crate::tile::TILE_KINDS]> {
        let mut left = [0u32; crate::tile::TILE_KINDS];
        for (i, l) in left.iter_mut().enumerate() {
            *l = self.rules.tile_set.count(Tile::from_index(i)?);
        }
        let used = self
            .board
            .tiles()
            .map(|(_, t)| t.rack_tile())
            .chain(rack.tiles());
        for t in used {
            let l = &mut left[t.index()];
            *l = l.checked_sub(1)?;
        }
        Some(left)
    }
}

/// A record's rack text (`AEI?`) as a rack; characters other than tiles are skipped (the
/// parser has already refused them).
fn rack_of(tiles: &[u8]) -> Rack {
    Rack::new(
        &tiles
            .iter()
            .filter_map(|&b| Tile::from_char(b as char))
            .collect::<Vec<_>>(),
    )
}

/// A recorded play as a placement on `board` (a letter written in full on an occupied square
/// of the same letter is read through, as the replay does).
fn placement(board: &Board, coord: &crate::script::Coord, word: &[WordTile]) -> Placement {
    let dir = match coord.dir {
        crate::script::Dir::Across => Dir::Across,
        crate::script::Dir::Down => Dir::Down,
    };
    let (dr, dc) = dir.delta();
    let (row, col) = (i32::from(coord.row), i32::from(coord.col));
    let cells = word
        .iter()
        .enumerate()
        .map(|(i, w)| match *w {
            WordTile::Through(x) => Cell::Through(x),
            WordTile::Letter { letter, blank } => {
                let (r, c) = (row + dr * i as i32, col + dc * i as i32);
                match Square::new(r, c).and_then(|s| board.get(s)) {
                    Some(t) if t.letter == letter => Cell::Through(Some(letter)),
                    _ => Cell::Tile(BoardTile { letter, blank }),
                }
            }
        })
        .collect();
    Placement::new(row, col, dir, cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_set_up_before_the_turn_asked_for() {
        let text = b"#player1 A A\n#player2 B B\n>A: HNORXYZ 8F HORN +14 14\n>B: AFMQQQQ H6 FA.M +9 9\n>A: ?XYZEEE -  +0 14\n";
        let script = crate::parse(text, "g.gcg").unwrap();
        let p = GamePosition::from_script(&script, Rules::STANDARD, 2).unwrap();
        assert_eq!(p.board.tile_count(), 4);
        assert_eq!(p.to_move, 1);
        assert_eq!(p.rack().unwrap().to_string(), "AFMQQQQ");
        let p = GamePosition::from_script(&script, Rules::STANDARD, 4).unwrap();
        assert_eq!(
            (p.board.tile_count(), p.scores.clone(), p.scoreless_turns),
            (7, vec![14, 9], 1)
        );
        assert_eq!(p.to_move, 1);
        assert_eq!(
            GamePosition::from_script(&script, Rules::STANDARD, 5).unwrap_err(),
            PositionError::TurnOutOfRange { turn: 5, events: 3 }
        );
        let unseen = p.unseen(&Rack::parse("E").unwrap()).unwrap();
        assert_eq!(unseen[Tile::Letter(b'E').index()], 11);
        assert_eq!(unseen[Tile::Letter(b'R').index()], 5);
    }
}
