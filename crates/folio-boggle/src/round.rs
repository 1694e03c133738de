//! A round: each player's words checked and scored, shared words cancelled, missed words
//! listed.
//!
//! Rules (Parker Brothers' rules, as summarised in `docs/boggle.md`): a word counts if it is
//! long enough, can be traced on the board and is in the lexicon; a player's repeat counts
//! once; a word written by two or more players scores for nobody.

use std::collections::HashMap;

use super::board::Board;
use super::score::Scoring;
use super::solve::{Found, Solver};
use folio_core::lexicon::Lexicon;

/// Why a player's word does not count. Checked in this order.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, thiserror::Error)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Rejection {
    /// The same player wrote the word before (entry `first`, from 0, in their list).
    #[error("already played by this player")]
    AlreadyPlayed {
        /// Index of the first entry of that word in the player's list.
        first: usize,
    },
    /// Shorter than the scoring's minimum (`Qu` counts two letters).
    #[error("too short: {letters} letters, the minimum is {min_len}")]
    TooShort {
        /// Letters in the word.
        letters: usize,
        /// The minimum on this board.
        min_len: usize,
    },
    /// No path of adjacent, unused cells spells it.
    #[error("not on the board")]
    NotOnBoard,
    /// Not in the lexicon.
    #[error("not in the lexicon")]
    NotInLexicon,
}

folio_core::rule_codes! {
    impl Rejection {
        /// The stable rule code of the rejection (`already-played`, `too-short`,
        /// `not-on-board`, `not-in-lexicon`): part of the JSON report's contract.
        pub fn code;
        codes {
            Rejection::AlreadyPlayed { .. } => "already-played",
            Rejection::TooShort { .. } => "too-short",
            Rejection::NotOnBoard => "not-on-board",
            Rejection::NotInLexicon => "not-in-lexicon",
        }
    }
}

/// What became of one word a player wrote.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    /// Valid and found by nobody else: scores `points`.
    Scored {
        /// Points earned.
        points: u32,
    },
    /// Valid, but also written by the players listed (indices): scores for nobody.
    Cancelled {
        /// The other players who wrote it.
        with: Vec<usize>,
        /// Points it would have scored.
        points: u32,
    },
    /// Does not count.
    Rejected {
        /// Why.
        #[serde(flatten)]
        rejection: Rejection,
    },
}

/// One word as a player wrote it, checked.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Checked {
    /// The word (upper-case key).
    pub word: String,
    /// A path spelling it, when it is on the board.
    pub path: Option<Vec<usize>>,
    /// The outcome.
    pub verdict: Verdict,
}

/// One player's result.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PlayerResult {
    /// Their words, in the order written.
    pub words: Vec<Checked>,
    /// Total of their scored words.
    pub score: u32,
}

/// The result of a round.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RoundResult {
    /// Minimum word length applied.
    pub min_len: usize,
    /// One result per player, in the order given.
    pub players: Vec<PlayerResult>,
    /// Words on the board that no player scored or cancelled, sorted, with their points.
    pub missed: Vec<(Found, u32)>,
}

impl RoundResult {
    /// Number of rejected words over all players.
    pub fn rejected(&self) -> usize {
        self.players
            .iter()
            .flat_map(|p| &p.words)
            .filter(|w| matches!(w.verdict, Verdict::Rejected { .. }))
            .count()
    }
}

/// A word checked on its own, and a path for it when it is on the board.
type FirstPass = (Result<Vec<usize>, Rejection>, Option<Vec<usize>>);

/// A board, a scoring and a lexicon: the fixed parts of a round.
pub struct Round<'a, L: Lexicon> {
    board: &'a Board,
    scoring: Scoring,
    lexicon: &'a L,
}

impl<'a, L: Lexicon> Round<'a, L> {
    /// A round on `board` scored by `scoring` against `lexicon`.
    pub fn new(board: &'a Board, scoring: Scoring, lexicon: &'a L) -> Self {
        Round {
            board,
            scoring,
            lexicon,
        }
    }

    /// Checks one word (upper-case key) on its own: its path, or why it does not count
    /// (never [`Rejection::AlreadyPlayed`], which depends on the player's list).
    pub fn check(&self, word: &str) -> Result<Vec<usize>, Rejection> {
        let letters = word.len();
        let min_len = self.scoring.min_len(self.board);
        if letters < min_len {
            return Err(Rejection::TooShort { letters, min_len });
        }
        let path = self
            .board
            .trace(word.as_bytes())
            .ok_or(Rejection::NotOnBoard)?;
        if !self.lexicon.contains(word.as_bytes()) {
            return Err(Rejection::NotInLexicon);
        }
        Ok(path)
    }

    /// Plays the round: `players[i]` is player `i`'s words (upper-case keys) in order.
    ///
    /// ```
    /// use folio_boggle::{Board, Round, Verdict, SEED}; use folio_core::{WordList};
    /// let words = WordList::new(["SEAT", "EATS", "TEAS", "EAST"]);
    /// let board = Board::parse("seat", None).unwrap();
    /// let round = Round::new(&board, SEED, &words);
    /// let r = round.play(&[vec!["SEAT".into(), "EAT".into()], vec!["SEAT".into(), "EATS".into()]]);
    /// assert_eq!(r.players[0].score, 0);
    /// assert_eq!(r.players[1].score, 4);
    /// assert!(matches!(r.players[0].words[0].verdict, Verdict::Cancelled { .. }));
    /// ```
    pub fn play(&self, players: &[Vec<String>]) -> RoundResult {
        // First pass: each word on its own, and who holds each valid word.
        let mut holders: HashMap<&str, Vec<usize>> = HashMap::new();
        let mut checked: Vec<Vec<FirstPass>> = Vec::with_capacity(players.len());
        for (p, words) in players.iter().enumerate() {
            let mut first_seen: HashMap<&str, usize> = HashMap::new();
            let mut out = Vec::with_capacity(words.len());
            for (i, word) in words.iter().enumerate() {
                if let Some(&first) = first_seen.get(word.as_str()) {
                    out.push((Err(Rejection::AlreadyPlayed { first }), None));
                    continue;
                }
                first_seen.insert(word, i);
                let result = self.check(word);
                let path = match &result {
                    Ok(p) => Some(p.clone()),
                    Err(_) => self.board.trace(word.as_bytes()),
                };
                if result.is_ok() {
                    holders.entry(word).or_default().push(p);
                }
                out.push((result, path));
            }
            checked.push(out);
        }
        // Second pass: verdicts.
        let mut results = Vec::with_capacity(players.len());
        for (p, (words, checks)) in players.iter().zip(checked).enumerate() {
            let mut score = 0;
            let mut out = Vec::with_capacity(words.len());
            for (word, (result, path)) in words.iter().zip(checks) {
                let verdict = match result {
                    Err(rejection) => Verdict::Rejected { rejection },
                    Ok(_) => {
                        let points = self.scoring.points(word.len());
                        let others: Vec<usize> = holders
                            .get(word.as_str())
                            .map(|h| h.iter().copied().filter(|&o| o != p).collect())
                            .unwrap_or_default();
                        if others.is_empty() {
                            score += points;
                            Verdict::Scored { points }
                        } else {
                            Verdict::Cancelled {
                                with: others,
                                points,
                            }
                        }
                    }
                };
                out.push(Checked {
                    word: word.clone(),
                    path,
                    verdict,
                });
            }
            results.push(PlayerResult { words: out, score });
        }
        let min_len = self.scoring.min_len(self.board);
        let missed = Solver::new()
            .solve(self.lexicon, self.board, min_len)
            .into_iter()
            .filter(|f| !holders.contains_key(f.word.as_str()))
            .map(|f| {
                let points = self.scoring.points(f.letters());
                (f, points)
            })
            .collect();
        RoundResult {
            min_len,
            players: results,
            missed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{OFFICIAL, SEED};
    use folio_core::lexicon::WordList;

    fn words(ws: &[&str]) -> Vec<String> {
        ws.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn every_rejection_reason() {
        let lex = WordList::new(["TEA", "TEAK", "EAT", "ATE", "QUIT", "TAKE"]);
        let board = Board::parse("teqtakixyyyyzzzz", None).unwrap();
        let round = Round::new(&board, OFFICIAL, &lex);
        let r = round.play(&[words(&["TEA", "TE", "KEG", "TAE", "TEA", "TEAK", "QUIT"])]);
        let v: Vec<&Verdict> = r.players[0].words.iter().map(|c| &c.verdict).collect();
        assert_eq!(v[0], &Verdict::Scored { points: 1 });
        assert!(matches!(
            v[1],
            Verdict::Rejected {
                rejection: Rejection::TooShort {
                    letters: 2,
                    min_len: 3
                }
            }
        ));
        assert!(matches!(
            v[2],
            Verdict::Rejected {
                rejection: Rejection::NotOnBoard
            }
        ));
        assert!(matches!(
            v[3],
            Verdict::Rejected {
                rejection: Rejection::NotInLexicon
            }
        ));
        assert!(matches!(
            v[4],
            Verdict::Rejected {
                rejection: Rejection::AlreadyPlayed { first: 0 }
            }
        ));
        assert_eq!(v[5], &Verdict::Scored { points: 1 });
        assert_eq!(v[6], &Verdict::Scored { points: 1 }, "Qu+I+T: 4 letters");
        assert_eq!(r.players[0].score, 3);
        assert_eq!(r.rejected(), 4);
        let missed: Vec<&str> = r.missed.iter().map(|(f, _)| f.word.as_str()).collect();
        assert_eq!(missed, ["ATE", "EAT", "TAKE"]);
    }

    #[test]
    fn shared_words_score_for_nobody() {
        let lex = WordList::new(["SEAT", "EATS", "TEAS", "EAST", "SATE"]);
        let board = Board::parse("seat", None).unwrap();
        let round = Round::new(&board, SEED, &lex);
        let r = round.play(&[
            words(&["SEAT", "EATS"]),
            words(&["SEAT", "SATE"]),
            words(&["SEAT", "EATS", "EAST"]),
        ]);
        assert_eq!(r.players[0].score, 0);
        assert_eq!(r.players[1].score, 4);
        assert_eq!(r.players[2].score, 4);
        assert_eq!(
            r.players[0].words[0].verdict,
            Verdict::Cancelled {
                with: vec![1, 2],
                points: 4
            }
        );
        let missed: Vec<&str> = r.missed.iter().map(|(f, _)| f.word.as_str()).collect();
        assert_eq!(missed, ["TEAS"]);
    }
}
