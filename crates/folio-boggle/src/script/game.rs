//! Validating a parsed script into a game ready to play: board, scoring, players' keys.

use crate::{roll, Board, BoardError, CubeSet, Scoring, OFFICIAL};

use super::error::{Located, ScriptError};
use super::parse::{Loc, Script, Spanned};

/// A checked script: everything needed to play, with positions kept for the report.
#[derive(Clone, Debug)]
pub struct Game {
    /// The board.
    pub board: Board,
    /// `(set, seed)` when the board was rolled.
    pub rolled: Option<(String, u64)>,
    /// The scoring, with any `#min-len` applied.
    pub scoring: Scoring,
    /// The players.
    pub players: Vec<Player>,
}

/// A player with normalised words.
#[derive(Clone, Debug)]
pub struct Player {
    /// Nickname.
    pub nick: String,
    /// Full name, if given.
    pub name: Option<String>,
    /// `(as written, key, position)` for each word, in order.
    pub words: Vec<(String, String, Loc)>,
    /// Claimed final score and where it was written.
    pub claimed: Option<Spanned<u32>>,
}

fn located(pos: Loc, kind: ScriptError) -> Located {
    Located {
        line: pos.line,
        col: pos.col,
        kind,
    }
}

/// Checks a parsed script (everything but the lexicon, which the caller opens), keying
/// players' words with `normalize` (the lexicon's own rule, [`folio_core::Lexicon::normalize`]).
///
/// # Errors
/// A [`Located`] error at each pragma or word at fault, in script order of the checks
/// (board, scoring, players, words); the caller sorts them by position.
pub fn validate(
    script: &Script,
    normalize: &dyn Fn(&str) -> Option<String>,
) -> Result<Game, Vec<Located>> {
    let mut errors = Vec::new();
    let board = match board(script) {
        Ok(b) => Some(b),
        Err(e) => {
            errors.push(e);
            // Given both ways: whatever else is wrong with either is worth saying too.
            if let (Some(b), Some(d)) = (&script.board, &script.dice) {
                let shape = script.shape.as_ref().map(|s| s.value);
                errors.extend(letters_board(b, shape).err());
                errors.extend(cube_set(d).err());
            }
            None
        }
    };
    let mut scoring = match &script.scoring {
        None => OFFICIAL,
        Some(s) => Scoring::by_name(&s.value).unwrap_or_else(|| {
            errors.push(located(s.pos, ScriptError::UnknownScoring(s.value.clone())));
            OFFICIAL
        }),
    };
    if let Some(m) = &script.min_len {
        scoring = scoring.with_min_len(m.value);
    }
    if script.players.is_empty() {
        errors.push(located(Loc { line: 1, col: 1 }, ScriptError::NoPlayers));
    }
    let mut players = Vec::with_capacity(script.players.len());
    for p in &script.players {
        let mut words = Vec::with_capacity(p.words.len());
        for w in &p.words {
            match normalize(&w.value) {
                Some(key) => words.push((w.value.clone(), key, w.pos)),
                None => errors.push(located(w.pos, ScriptError::BadWord(w.value.clone()))),
            }
        }
        players.push(Player {
            nick: p.nick.value.clone(),
            name: p.name.clone(),
            words,
            claimed: p.claimed.clone(),
        });
    }
    match board {
        Some((board, rolled)) if errors.is_empty() => Ok(Game {
            board,
            rolled,
            scoring,
            players,
        }),
        _ => Err(errors),
    }
}

/// The board: given as letters, or rolled from `#dice` with `#seed`.
fn board(script: &Script) -> Result<(Board, Option<(String, u64)>), Located> {
    match (&script.board, &script.dice, &script.seed) {
        (Some(_), Some(d), _) => Err(located(
            d.pos,
            ScriptError::Conflict("give `#board` or `#dice`, not both"),
        )),
        (Some(_), None, Some(s)) => Err(located(
            s.pos,
            ScriptError::Conflict("`#seed` rolls `#dice`; a `#board` needs none"),
        )),
        (Some(b), None, None) => {
            let shape = script.shape.as_ref().map(|s| s.value);
            Ok((letters_board(b, shape)?, None))
        }
        (None, Some(d), seed) => {
            let set = cube_set(d)?;
            let seed = seed
                .as_ref()
                .ok_or_else(|| located(d.pos, ScriptError::Missing("`#dice` needs `#seed N`")))?;
            if let Some(s) = &script.shape {
                return Err(located(
                    s.pos,
                    ScriptError::Conflict("the cube set fixes the shape; drop `#shape`"),
                ));
            }
            let board =
                roll(set, seed.value).map_err(|e| located(d.pos, ScriptError::BadBoard(e)))?;
            Ok((board, Some((set.name.to_string(), seed.value))))
        }
        (None, None, Some(s)) => Err(located(
            s.pos,
            ScriptError::Missing("`#seed` needs `#dice SET`"),
        )),
        (None, None, None) => Err(located(Loc { line: 1, col: 1 }, ScriptError::NoBoard)),
    }
}

/// A board given as letters (`#board`, with `#shape` if any), the error at the bad face.
fn letters_board(b: &Spanned<String>, shape: Option<(usize, usize)>) -> Result<Board, Located> {
    Board::parse(&b.value, shape).map_err(|e| {
        let offset = match &e {
            BoardError::BadChar { offset, .. }
            | BoardError::BadFace { offset }
            | BoardError::EmptyRow { offset } => b.value[..*offset].chars().count(),
            _ => 0,
        };
        located(
            Loc {
                line: b.pos.line,
                col: b
                    .pos
                    .col
                    .saturating_add(u32::try_from(offset).unwrap_or(u32::MAX)),
            },
            ScriptError::BadBoard(e),
        )
    })
}

/// The cube set `#dice` names.
fn cube_set(d: &Spanned<String>) -> Result<&'static CubeSet, Located> {
    CubeSet::by_name(&d.value).ok_or_else(|| {
        located(
            d.pos,
            ScriptError::UnknownDice {
                name: d.value.clone(),
                known: CubeSet::names().join(", "),
            },
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::parse;

    /// The default key rule (folio_core's `Lexicon::normalize`), as a plain lexicon gives it.
    fn key(word: &str) -> Option<String> {
        folio_core::Lexicon::normalize(&folio_core::WordList::default(), word)
    }

    fn err(text: &str) -> Located {
        validate(&parse(text).unwrap(), &key).unwrap_err().remove(0)
    }

    #[test]
    fn rolls_dice_and_applies_min_len() {
        let g = validate(
            &parse("#game boggle\n#dice new-1987\n#seed 3\n#min-len 5\n#player a\n>a: cat\n")
                .unwrap(),
            &key,
        )
        .unwrap();
        assert_eq!(g.board.len(), 16);
        assert_eq!(g.rolled, Some(("new-1987".into(), 3)));
        assert_eq!(g.scoring.min_len(&g.board), 5);
        assert_eq!(g.players[0].words[0].1, "CAT");
    }

    #[test]
    fn refuses_inconsistent_scripts_at_the_right_place() {
        let e = err("#game boggle\n#board abcd\n#dice new-1987\n#player a\n");
        assert_eq!((e.line, e.col), (3, 7));
        let e = err("#game boggle\n#board ab1d\n#player a\n");
        assert_eq!((e.line, e.col), (2, 10));
        assert!(matches!(e.kind, ScriptError::BadBoard(_)));
        // An empty row: the column of the `/` that makes it.
        let e = err("#game boggle\n#board ab//cd\n#player a\n");
        assert_eq!((e.line, e.col), (2, 11));
        assert!(matches!(
            e.kind,
            ScriptError::BadBoard(BoardError::EmptyRow { offset: 3 })
        ));
        let e = err("#game boggle\n#dice nope\n#seed 1\n#player a\n");
        assert!(matches!(e.kind, ScriptError::UnknownDice { .. }));
        let e = err("#game boggle\n#dice new-1987\n#player a\n");
        assert!(matches!(e.kind, ScriptError::Missing(_)));
        let e = err("#game boggle\n#board abcd\n#scoring fast\n#player a\n");
        assert_eq!(
            (e.line, e.col, e.kind),
            (3, 10, ScriptError::UnknownScoring("fast".into()))
        );
        let e = err("#game boggle\n#board abcd\n");
        assert_eq!(e.kind, ScriptError::NoPlayers);
        let e = err("#game boggle\n#player a\n");
        assert_eq!(e.kind, ScriptError::NoBoard);
        let e = err("#game boggle\n#board abcd\n#player a\n>a: ok x-1\n");
        assert_eq!((e.line, e.col), (4, 8));
    }
}
