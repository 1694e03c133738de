//! Real records: before every recorded tile play whose rack the record writes, with a word
//! list of ENABLE plus the words that game forms, the generator lists the recorded play, at
//! the score `Rules::evaluate` gives it, and no play it lists scores above its best; the
//! analysis ranks every such play and never reports a best below it.
//!
//! `MOVEGEN_RECORDS=N`: every N-th record (default 8; `make test-movegen-sweep`: all).

use folio_core::lexicon::{Lexicon, WordList};
use folio_scrabble::movegen::{GamePosition, Generator};
use folio_scrabble::script::EventKind;
use folio_scrabble::{Rules, NO_LEXICON};

/// Words of either list: a cursor per list, `None` once the prefix leaves it.
struct Either<'a>(&'a WordList, &'a WordList);

impl Lexicon for Either<'_> {
    type Cursor = (
        Option<<WordList as Lexicon>::Cursor>,
        Option<<WordList as Lexicon>::Cursor>,
    );
    fn root(&self) -> Self::Cursor {
        (Some(self.0.root()), Some(self.1.root()))
    }
    fn step(&self, c: Self::Cursor, letter: u8) -> Option<Self::Cursor> {
        let a = c.0.and_then(|c| self.0.step(c, letter));
        let b = c.1.and_then(|c| self.1.step(c, letter));
        (a.is_some() || b.is_some()).then_some((a, b))
    }
    fn is_word(&self, c: Self::Cursor) -> bool {
        c.0.is_some_and(|c| self.0.is_word(c)) || c.1.is_some_and(|c| self.1.is_word(c))
    }
}

#[test]
fn every_recorded_play_with_its_rack_is_generated_at_its_score() {
    let (Some(enable), Some(dir)) = (
        folio_testdata::enable1(),
        folio_testdata::path("games/scrabble/gcg"),
    ) else {
        return;
    };
    let every: usize = std::env::var("MOVEGEN_RECORDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(8);
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "gcg"))
        .collect();
    paths.sort();
    let rules = Rules::STANDARD;
    let (mut checked, mut skipped) = (0, 0);
    for path in paths.iter().step_by(every.max(1)) {
        let Ok(script) = folio_scrabble::parse(&std::fs::read(path).unwrap(), "r.gcg") else {
            continue;
        };
        let n = script.events.len();
        // The words this game forms, as the rules read them.
        let mut formed = Vec::new();
        for turn in 1..=n {
            let e = &script.events[turn - 1];
            if !matches!(e.kind, EventKind::Play { .. }) {
                continue;
            }
            let (Ok(before), Ok(after)) = (
                GamePosition::from_script(&script, rules, turn),
                GamePosition::from_script(&script, rules, turn + 1),
            ) else {
                continue;
            };
            let new: Vec<_> = after
                .board
                .tiles()
                .filter(|&(sq, _)| before.board.get(sq).is_none())
                .collect();
            if let Ok(p) = folio_scrabble::Placement::from_tiles(&new) {
                if let Ok(mv) = rules.evaluate(&before.board, &p, NO_LEXICON) {
                    formed.extend(mv.words.iter().map(|w| w.text()));
                }
            }
        }
        let extra = WordList::new(formed.iter().map(|w| w.as_bytes()));
        let words = Either(enable, &extra);
        // The analysis never reports a best below the recorded play, and ranks every one.
        let analysis = folio_scrabble::movegen::analysis::analyse(&script, rules, &words);
        for t in &analysis.turns {
            assert!(t.best_score >= t.score, "{}: {t:?}", path.display());
            assert!(t.rank.is_some(), "{}: {t:?}", path.display());
            assert_eq!(t.missed, t.best_score - t.score);
        }
        for turn in 1..=n {
            let e = &script.events[turn - 1];
            if !matches!(e.kind, EventKind::Play { .. }) || e.rack.is_none() {
                continue;
            }
            let (Ok(before), Ok(after)) = (
                GamePosition::from_script(&script, rules, turn),
                GamePosition::from_script(&script, rules, turn + 1),
            ) else {
                continue;
            };
            let rack = before.rack().unwrap();
            let mut new: Vec<_> = after
                .board
                .tiles()
                .filter(|&(sq, _)| before.board.get(sq).is_none())
                .collect();
            new.sort_by_key(|&(sq, t)| (sq, t.to_char()));
            let used: Vec<_> = new.iter().map(|(_, t)| t.rack_tile()).collect();
            if new.is_empty() || rack.without(&used).is_none() {
                skipped += 1; // a withdrawn play, or a rack the record misstates
                continue;
            }
            let p = folio_scrabble::Placement::from_tiles(&new).unwrap();
            let want = rules.evaluate(&before.board, &p, NO_LEXICON).unwrap().score;
            let plays = Generator::new(&rules, &before.board, &words).plays(&rack);
            let found = plays.iter().find(|g| {
                let mut k = g.new_tiles();
                k.sort_by_key(|&(sq, t)| (sq, t.to_char()));
                k == new
            });
            let found = found.unwrap_or_else(|| {
                panic!(
                    "{}: turn {turn} ({}): recorded play {p} not generated for {rack}",
                    path.display(),
                    e.loc
                )
            });
            assert_eq!(
                found.score,
                want,
                "{}: turn {turn}: {found}",
                path.display()
            );
            assert!(plays[0].score >= want, "{}: turn {turn}", path.display());
            // The analysis writes the recorded play as the generator writes it.
            if let Some(t) = analysis.turns.iter().find(|t| t.event == turn) {
                assert_eq!(
                    t.played,
                    found.to_string(),
                    "{}: turn {turn}",
                    path.display()
                );
            }
            checked += 1;
        }
    }
    eprintln!("{checked} recorded plays generated at their scores ({skipped} skipped)");
    assert!(checked > 0);
}
