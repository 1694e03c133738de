//! Invariants over random boards and moves (proptest), with no lexicon (board rules only).

use folio_scrabble::premium::premium_at;
use folio_scrabble::{
    Board, BoardTile, Cell, Dir, Game, Move, Placement, Rules, Square, Tile, Turn, NO_LEXICON,
};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

/// A placement built around an anchor: `len` squares from `offset` before the anchor along
/// `dir`; occupied squares are read through, empty ones get the next of `letters`.
fn around(
    board: &Board,
    anchor: (i32, i32),
    dir: Dir,
    offset: i32,
    len: usize,
    letters: &[BoardTile],
) -> Placement {
    let (dr, dc) = dir.delta();
    let (row, col) = (anchor.0 - dr * offset, anchor.1 - dc * offset);
    let mut next = letters.iter().cycle();
    let cells = (0..len as i32)
        .map(|i| match board.at(row + dr * i, col + dc * i) {
            Some(_) => Cell::Through(None),
            None => Cell::Tile(*next.next().unwrap()),
        })
        .collect();
    Placement::new(row, col, dir, cells)
}

fn tile() -> impl Strategy<Value = BoardTile> {
    (0u8..26, prop::bool::weighted(0.1)).prop_map(|(l, blank)| BoardTile {
        letter: b'A' + l,
        blank,
    })
}

/// Raw move material: anchor pick, direction, offset, length, letters.
fn raw_move() -> impl Strategy<Value = (usize, bool, i32, usize, Vec<BoardTile>)> {
    (
        any::<usize>(),
        any::<bool>(),
        0i32..8,
        1usize..9,
        prop::collection::vec(tile(), 8),
    )
}

/// Builds a board by applying every legal move of `raws` under `rules`.
fn board_from(rules: &Rules, raws: &[(usize, bool, i32, usize, Vec<BoardTile>)]) -> Board {
    let mut board = Board::new();
    for raw in raws {
        let p = placement_on(&board, raw);
        if let Ok(mv) = rules.evaluate(&board, &p, NO_LEXICON) {
            board.apply(&mv);
        }
    }
    board
}

fn placement_on(
    board: &Board,
    (pick, across, offset, len, letters): &(usize, bool, i32, usize, Vec<BoardTile>),
) -> Placement {
    let tiles: Vec<Square> = board.tiles().map(|(s, _)| s).collect();
    let anchor = if tiles.is_empty() {
        Square::CENTRE
    } else {
        tiles[pick % tiles.len()]
    };
    let dir = if *across { Dir::Across } else { Dir::Down };
    // Anchor beside an existing tile half the time, so cross-words are common.
    let (mut r, mut c) = (i32::from(anchor.row()), i32::from(anchor.col()));
    if pick % 2 == 1 && !tiles.is_empty() {
        match dir {
            Dir::Across => r += 1,
            Dir::Down => c += 1,
        }
    }
    around(board, (r, c), dir, *offset, *len, letters)
}

fn rules_strategy() -> impl Strategy<Value = Rules> {
    prop::sample::select(Rules::presets().to_vec())
}

/// The score recomputed from scratch under the standard rules: each word's letters (0 for a
/// blank) times the layout's letter factor under new tiles, times the word factors under new
/// tiles; plus 50 for 7 tiles.
fn standard_score_from_scratch(mv: &Move) -> u32 {
    let words: u32 = mv
        .words
        .iter()
        .map(|w| {
            let mut sum = 0;
            let mut factor = 1;
            for t in &w.tiles {
                let value = if t.tile.blank {
                    0
                } else {
                    folio_scrabble::TileSet::ENGLISH.value(Tile::Letter(t.tile.letter))
                };
                let p = if t.new {
                    premium_at(t.square)
                } else {
                    folio_scrabble::Premium::None
                };
                sum += value * p.letter_factor();
                factor *= p.word_factor();
            }
            sum * factor
        })
        .sum();
    words + if mv.new_tiles.len() == 7 { 50 } else { 0 }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Transposing the board and the move keeps the verdict and the score.
    #[test]
    fn transposition_keeps_legality_and_score(rules in rules_strategy(), raws in prop::collection::vec(raw_move(), 0..12), raw in raw_move()) {
        let board = board_from(&rules, &raws);
        let p = placement_on(&board, &raw);
        let straight = rules.evaluate(&board, &p, NO_LEXICON);
        let mirrored = rules.evaluate(&board.transposed(), &p.transposed(), NO_LEXICON);
        match (straight, mirrored) {
            (Ok(a), Ok(b)) => {
                prop_assert_eq!(a.score, b.score);
                let wa: Vec<String> = a.words.iter().map(|w| w.text()).collect();
                let wb: Vec<String> = b.words.iter().map(|w| w.text()).collect();
                prop_assert_eq!(wa, wb);
            }
            (Err(a), Err(b)) => prop_assert_eq!(std::mem::discriminant(&a), std::mem::discriminant(&b)),
            (a, b) => prop_assert!(false, "{:?} vs {:?}", a.map(|m| m.score), b.map(|m| m.score)),
        }
    }

    /// A blank's designated letter never changes a score.
    #[test]
    fn blank_letter_never_changes_the_score(rules in rules_strategy(), raws in prop::collection::vec(raw_move(), 0..12), raw in raw_move(), letter in 0u8..26) {
        let board = board_from(&rules, &raws);
        let mut p = placement_on(&board, &raw);
        let Some(i) = p.cells.iter().position(|c| matches!(c, Cell::Tile(_))) else { return Ok(()) };
        p.cells[i] = Cell::Tile(BoardTile::blank(b'E'));
        let mut q = p.clone();
        q.cells[i] = Cell::Tile(BoardTile::blank(b'A' + letter));
        let a = rules.evaluate(&board, &p, NO_LEXICON).map(|m| m.score);
        let b = rules.evaluate(&board, &q, NO_LEXICON).map(|m| m.score);
        prop_assert_eq!(a, b);
    }

    /// A move's score is the sum of its words' scores plus the bingo; under the standard rules
    /// both match a from-scratch recomputation.
    #[test]
    fn score_is_the_sum_of_the_words(rules in rules_strategy(), raws in prop::collection::vec(raw_move(), 0..12), raw in raw_move()) {
        let board = board_from(&rules, &raws);
        let p = placement_on(&board, &raw);
        if let Ok(mv) = rules.evaluate(&board, &p, NO_LEXICON) {
            let words: u32 = mv.words.iter().map(|w| w.score).sum();
            prop_assert_eq!(mv.score, words + mv.bingo);
            for w in &mv.words {
                prop_assert_eq!(w.score, if w.repeat { 0 } else { w.computed_score() });
                prop_assert!(w.tiles.iter().any(|t| t.new), "every word formed uses a new tile");
            }
            prop_assert_eq!(mv.bingo, if mv.new_tiles.len() == 7 { rules.bingo_bonus } else { 0 });
            if rules == Rules::STANDARD {
                prop_assert_eq!(mv.score, standard_score_from_scratch(&mv));
            }
        }
    }

    /// Bag + racks + board always hold exactly the tile set, whatever the turns.
    #[test]
    fn tiles_are_conserved(rules in rules_strategy(), players in 2usize..=4, seed in any::<u64>(),
                           turns in prop::collection::vec((0u8..4, raw_move(), any::<usize>()), 1..40)) {
        let mut game = Game::new(rules, players, seed).unwrap();
        for (kind, raw, pick) in turns {
            if game.is_over() { break; }
            let rack = game.racks()[game.to_move()].clone();
            let turn = match kind {
                0 => Turn::Pass,
                1 => Turn::Exchange(rack.iter().copied().take(1 + pick % rack.len().max(1)).collect()),
                _ => {
                    // Letters from the rack: blanks designated from the raw letters.
                    let letters: Vec<BoardTile> = rack.iter().zip(raw.4.iter()).map(|(t, l)| match t {
                        Tile::Letter(b) => BoardTile::letter(*b),
                        Tile::Blank => BoardTile::blank(l.letter),
                    }).collect();
                    if letters.is_empty() { Turn::Pass } else {
                        let (a, b, c, d, _) = raw;
                        let p = placement_on(game.board(), &(a, b, c, d.min(letters.len()), letters));
                        Turn::Play(p)
                    }
                }
            };
            if let Ok(next) = game.apply(&turn, NO_LEXICON) { game = next; }
            let mut counts = game.bag().quantities();
            for r in game.racks() { for t in r { counts[t.index()] += 1; } }
            for (_, t) in game.board().tiles() { counts[t.rack_tile().index()] += 1; }
            let want: Vec<u32> = (0..folio_scrabble::tile::TILE_KINDS).map(|i| rules.tile_set.count(Tile::from_index(i).unwrap())).collect();
            prop_assert_eq!(counts.to_vec(), want);
        }
    }
}

/// The generators do reach legal multi-word moves (guards the properties against vacuity).
#[test]
fn generators_produce_legal_moves_with_cross_words() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = prop::collection::vec(raw_move(), 12);
    let (mut legal, mut multi) = (0, 0);
    for _ in 0..50 {
        let raws = strategy.new_tree(&mut runner).unwrap().current();
        let mut board = Board::new();
        for raw in &raws {
            if let Ok(mv) = Rules::STANDARD.evaluate(&board, &placement_on(&board, raw), NO_LEXICON)
            {
                legal += 1;
                multi += usize::from(mv.words.len() > 1);
                board.apply(&mv);
            }
        }
    }
    assert!(legal > 100, "{legal} legal moves");
    assert!(multi > 20, "{multi} moves with cross-words");
}
