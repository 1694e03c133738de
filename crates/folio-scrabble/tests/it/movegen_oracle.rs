//! The generator against a brute-force enumerator, move for move and score for score.
//!
//! Positions: the shared GCG records replayed to random turns (under each rule set; under
//! `wordbler` a quarter of them with the last play taken back, so words already scored at
//! their place come back into reach), racks drawn from the unseen tiles (blanks included).
//! The enumerator knows nothing of anchors, cross-checks or prefixes: it tries every word of
//! the list at every square and direction with every choice of rack tiles (a letter or a
//! blank) for its empty squares, and every single rack tile on every empty square, through
//! `Rules::evaluate` with the lexicon; whatever is legal is a move, keyed by the tiles it
//! puts down. Every legal play is found so: its main word holds all its new tiles, or it is
//! one tile.
//!
//! A German case plays the standard rules with the German tile set (`Ä`, `Ö`, `Ü` tiles, the
//! blanks standing for them too) over a list that adds, for each sampled word with an `A`,
//! `O` or `U`, the word with that vowel as its umlaut (keyed in UTF-8, as word sets are):
//! letters beyond `A`–`Z` through the same cross-checks, walk and scoring.
//!
//! `MOVEGEN_POSITIONS` positions per rule set (default 6: seconds); `make
//! test-movegen-sweep` runs 1,000 in an optimised build.

use std::collections::BTreeMap;

use folio_core::SplitMix64;
use folio_scrabble::movegen::{GamePosition, Generator, Rack};
use folio_scrabble::tile::{letter_code, letter_of_char, BLANK, TILE_KINDS};
use folio_scrabble::{
    Board, BoardTile, Cell, Dir, Placement, Rules, Square, Tile, TileSet, WordList,
};

/// Moves keyed by the tiles they put down (`(square, letter)`, lower case = blank), sorted.
type MoveSet = BTreeMap<Vec<(Square, char)>, u32>;

fn key(tiles: &[(Square, BoardTile)]) -> Vec<(Square, char)> {
    let mut k: Vec<_> = tiles.iter().map(|&(s, t)| (s, t.to_char())).collect();
    k.sort();
    k
}

/// Every 2- and 3-letter word of ENABLE and every 24th longer one (about 8,000 words): the
/// board's own words need not be in it; cross-checks and the enumerator use the same list.
fn word_list() -> Option<WordList> {
    let enable = folio_testdata::enable1()?;
    Some(WordList::new(sample(enable)))
}

fn sample(enable: &WordList) -> Vec<Vec<u8>> {
    enable
        .iter()
        .enumerate()
        .filter(|(i, w)| w.len() <= 3 || (w.len() <= 15 && i % 24 == 0))
        .map(|(_, w)| w.to_vec())
        .collect()
}

/// The sample plus, for each word with an `A`, `O` or `U`, the word with the first of them
/// as `Ä`, `Ö`, `Ü` (UTF-8 keys).
fn umlaut_list() -> Option<WordList> {
    let enable = folio_testdata::enable1()?;
    let words = sample(enable);
    let umlauted = words.iter().filter_map(|w| {
        let text = String::from_utf8(w.clone()).ok()?;
        let i = text.find(['A', 'O', 'U'])?;
        let umlaut = match &text[i..=i] {
            "A" => "Ä",
            "O" => "Ö",
            _ => "Ü",
        };
        Some(format!("{}{umlaut}{}", &text[..i], &text[i + 1..]).into_bytes())
    });
    let all: Vec<Vec<u8>> = words.iter().cloned().chain(umlauted).collect();
    Some(WordList::new(all))
}

/// A word's letter codes (`Ä` as `0xC4`).
fn codes(word: &[u8]) -> Vec<u8> {
    String::from_utf8_lossy(word)
        .chars()
        .map(|c| letter_of_char(c).expect("a letter").0)
        .collect()
}

fn records() -> Option<Vec<folio_scrabble::Script>> {
    let dir = folio_testdata::path("games/scrabble/gcg")?;
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "gcg"))
        .collect();
    paths.sort();
    Some(
        paths
            .iter()
            .filter_map(|p| folio_scrabble::parse(&std::fs::read(p).unwrap(), "r.gcg").ok())
            .filter(|s| !s.events.is_empty())
            .collect(),
    )
}

fn brute_force(rules: &Rules, board: &Board, rack: &Rack, words: &WordList) -> MoveSet {
    let mut found = MoveSet::new();
    let mut add = |p: &Placement| {
        if let Ok(mv) = rules.evaluate(board, p, Some(words)) {
            if let Some(old) = found.insert(key(&mv.new_tiles), mv.score) {
                assert_eq!(old, mv.score, "{p}: two scores for one move");
            }
        }
    };
    // Single tiles on every empty square (a blank as every letter of the tile set).
    let alphabet: Vec<u8> = (0..BLANK)
        .map(letter_code)
        .filter(|&l| rules.tile_set.has_letter(char::from(l)))
        .collect();
    let kinds: Vec<BoardTile> = (0..BLANK)
        .filter(|&i| rack.counts()[i] > 0)
        .map(|i| BoardTile::letter(letter_code(i)))
        .chain(
            alphabet
                .iter()
                .filter(|_| rack.blanks() > 0)
                .map(|&l| BoardTile::blank(l)),
        )
        .collect();
    for r in 0..15 {
        for c in 0..15 {
            if board.at(r, c).is_none() {
                for &t in &kinds {
                    add(&Placement::new(r, c, Dir::Across, vec![Cell::Tile(t)]));
                }
            }
        }
    }
    // Every word at every start and direction, every way the rack can supply its squares.
    // `near`: the square holds a tile, touches one, or is the centre (a necessary condition
    // for a legal word to cover it: checked here only to save evaluations).
    let mut letter = [[0u8; 15]; 15];
    let mut near = [[false; 15]; 15];
    for r in 0..15 {
        for c in 0..15 {
            letter[r][c] = board.at(r as i32, c as i32).map_or(0, |t| t.letter);
            near[r][c] = (r, c) == (7, 7)
                || [(-1, 0), (1, 0), (0, -1), (0, 1), (0, 0)]
                    .iter()
                    .any(|&(a, b)| board.at(r as i32 + a, c as i32 + b).is_some());
        }
    }
    for word in words.iter() {
        let word = codes(word);
        let len = word.len() as i32;
        for dir in [Dir::Across, Dir::Down] {
            let (dr, dc) = dir.delta();
            for r in 0..15 {
                for c in 0..15 {
                    if r + dr * (len - 1) > 14 || c + dc * (len - 1) > 14 {
                        continue;
                    }
                    let mut cells = Vec::with_capacity(word.len());
                    let mut empty = Vec::new();
                    let mut touches = false;
                    let mut fits = true;
                    for (i, &l) in word.iter().enumerate() {
                        let (rr, cc) = ((r + dr * i as i32) as usize, (c + dc * i as i32) as usize);
                        match letter[rr][cc] {
                            0 => {
                                empty.push(i);
                                cells.push(Cell::Tile(BoardTile::letter(l)));
                            }
                            on if on == l => cells.push(Cell::Through(None)),
                            _ => {
                                fits = false;
                                break;
                            }
                        }
                        touches |= near[rr][cc];
                    }
                    if !fits || !touches || empty.is_empty() || empty.len() > rack.len() {
                        continue;
                    }
                    let mut counts = *rack.counts();
                    supply(&mut cells, &empty, 0, &mut counts, &mut |cells| {
                        add(&Placement::new(r, c, dir, cells.to_vec()))
                    });
                }
            }
        }
    }
    found
}

/// Every way to fill the squares `empty[k..]` of `cells` from `counts`: the letter's own
/// tile, or a blank standing for it.
fn supply(
    cells: &mut [Cell],
    empty: &[usize],
    k: usize,
    counts: &mut [u8; TILE_KINDS],
    f: &mut dyn FnMut(&[Cell]),
) {
    let Some(&i) = empty.get(k) else {
        return f(cells);
    };
    let Cell::Tile(t) = cells[i] else {
        unreachable!()
    };
    for (tile, blank) in [(t.rack_tile().index(), false), (BLANK, true)] {
        if counts[tile] > 0 {
            counts[tile] -= 1;
            cells[i] = Cell::Tile(BoardTile {
                letter: t.letter,
                blank,
            });
            supply(cells, empty, k + 1, counts, f);
            counts[tile] += 1;
        }
    }
    cells[i] = Cell::Tile(t);
}

fn generated(rules: &Rules, board: &Board, rack: &Rack, words: &WordList) -> MoveSet {
    let plays = Generator::new(rules, board, words).plays(rack);
    let mut set = MoveSet::new();
    for p in &plays {
        assert!(
            set.insert(key(&p.new_tiles()), p.score).is_none(),
            "{p} generated twice"
        );
    }
    set
}

/// A rack of up to 7 tiles drawn from the unseen ones; a third of the time a blank first
/// when one is unseen.
fn draw_rack(rng: &mut SplitMix64, unseen: [u32; TILE_KINDS]) -> Rack {
    let mut pool: Vec<Tile> = (0..TILE_KINDS)
        .flat_map(|i| std::iter::repeat_n(Tile::from_index(i).unwrap(), unseen[i] as usize))
        .collect();
    let mut tiles = Vec::new();
    if unseen[BLANK] > 0 && rng.below(3) == 0 {
        tiles.push(Tile::Blank);
        pool.retain(|&t| t != Tile::Blank || tiles.len() > 1);
    }
    while tiles.len() < 7 && !pool.is_empty() {
        let i = rng.below(pool.len());
        tiles.push(pool.swap_remove(i));
    }
    Rack::new(&tiles)
}

/// Tiles not on the board or rack, counted with the rule set's tile set (a record's blanks
/// under the course's blankless set just make none unseen).
fn unseen(rules: &Rules, board: &Board) -> [u32; TILE_KINDS] {
    let mut left = [0u32; TILE_KINDS];
    for (i, l) in left.iter_mut().enumerate() {
        *l = rules.tile_set.count(Tile::from_index(i).unwrap());
    }
    for (_, t) in board.tiles() {
        let l = &mut left[t.rack_tile().index()];
        *l = l.saturating_sub(1);
    }
    left
}

fn sweep(rules: Rules, seed: u64) {
    let words = if rules.tile_set.extra.is_empty() {
        word_list()
    } else {
        umlaut_list()
    };
    let (Some(words), Some(records)) = (words, records()) else {
        return;
    };
    let n: usize = std::env::var("MOVEGEN_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6);
    let mut rng = SplitMix64::new(seed);
    let (mut done, mut moves, mut beyond) = (0, 0, 0);
    while done < n {
        let script = &records[rng.below(records.len())];
        let turn = 1 + rng.below(script.events.len() + 1);
        let Ok(pos) = GamePosition::from_script(script, rules, turn) else {
            continue;
        };
        let mut board = pos.board.clone();
        if !rules.rescore_repeated_words && rng.below(4) == 0 {
            // A withdrawn play: its words stay scored, its squares free again.
            if let Some((sq, _)) = board.tiles().last() {
                board.set(sq, None);
            }
        }
        let rack = draw_rack(&mut rng, unseen(&rules, &board));
        let want = brute_force(&rules, &board, &rack, &words);
        let got = generated(&rules, &board, &rack, &words);
        if want != got {
            let missing: Vec<_> = want
                .iter()
                .filter(|(k, v)| got.get(*k) != Some(v))
                .take(5)
                .collect();
            let extra: Vec<_> = got
                .iter()
                .filter(|(k, v)| want.get(*k) != Some(v))
                .take(5)
                .collect();
            panic!(
                "{}: {} turn {turn}, rack {rack}: brute force {} moves, generator {}\n\
                 brute force only (or other score): {missing:?}\ngenerator only: {extra:?}\n{board}",
                rules.name,
                script.source,
                want.len(),
                got.len()
            );
        }
        moves += got.len();
        beyond += got
            .keys()
            .filter(|k| k.iter().any(|&(_, c)| !c.is_ascii()))
            .count();
        done += 1;
    }
    eprintln!(
        "{} ({} tiles): {done} positions, {moves} moves, {beyond} placing a letter beyond A-Z, all equal",
        rules.name, rules.tile_set.name
    );
    assert!(moves > done, "the sweep must find moves");
    if !rules.tile_set.extra.is_empty() {
        assert!(beyond > 0, "the German sweep must place umlauts");
    }
}

#[test]
fn standard_moves_equal_brute_force() {
    sweep(Rules::STANDARD, 1);
}

#[test]
fn course_moves_equal_brute_force() {
    sweep(Rules::COURSE, 2);
}

#[test]
fn wordbler_moves_equal_brute_force() {
    sweep(Rules::WORDBLER, 3);
}

#[test]
fn german_tiles_moves_equal_brute_force() {
    sweep(Rules::STANDARD.with_tile_set(TileSet::GERMAN), 4);
}
