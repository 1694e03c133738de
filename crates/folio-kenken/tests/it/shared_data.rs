//! The acceptance checks over `../shared/games/kenken/` (found through `folio_testdata`).

use folio_kenken::{
    count_latin_squares, grade, parse_json, parse_keen_id, parse_kk, parse_puzzles,
    parse_symbol_grid, Difficulty, Grade, Solver,
};

fn read(rel: &str) -> Option<String> {
    let p = folio_testdata::path(&format!("games/kenken/{rel}"))?;
    Some(std::fs::read_to_string(p).expect("readable shared file"))
}

#[test]
fn keen_puzzles_parse_round_trip_and_solve_uniquely() {
    let Some(text) = read("keen-generated.jsonl") else {
        return;
    };
    let mut graded_as_keen = 0;
    let mut disagreements = Vec::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let meta: serde_json::Value = serde_json::from_str(line).unwrap();
        let game_id = meta["tatham_game_id"].as_str().unwrap();
        let from_json = parse_json(line).unwrap();
        let id = parse_keen_id(game_id).unwrap_or_else(|e| panic!("{game_id}: {e}"));
        assert_eq!(
            id.puzzle, from_json.puzzle,
            "{game_id}: ID and JSON disagree"
        );
        assert_eq!(id.to_string(), game_id, "round trip");
        let found = Solver::new(&id.puzzle).count(2);
        assert_eq!(found.count, 1, "{game_id}: not unique");
        // Far below `folio kenken solve`'s default --max-states (10,000,000): 22,845 at most.
        assert!(found.states < 100_000, "{game_id}: {} states", found.states);
        assert_eq!(
            found.first, from_json.solution,
            "{game_id}: another solution"
        );
        let claimed = Difficulty::from_name(meta["difficulty"].as_str().unwrap()).unwrap();
        assert_eq!(id.difficulty, Some(claimed));
        match grade(&id.puzzle) {
            Grade::Unique(d) if d == claimed => graded_as_keen += 1,
            g => disagreements.push(format!("{game_id}: Keen {claimed}, folio {g:?}")),
        }
        count += 1;
    }
    assert_eq!(count, 64);
    assert!(
        disagreements.is_empty(),
        "{graded_as_keen}/64 agree; {disagreements:#?}"
    );
}

#[test]
fn the_tsv_agrees_with_the_jsonl() {
    let Some(tsv) = read("keen-generated.tsv") else {
        return;
    };
    for line in tsv.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let id = parse_keen_id(f[3]).unwrap();
        assert_eq!(id.puzzle.size().to_string(), f[1]);
        let sol: Vec<u8> = f[4].bytes().map(|b| b - b'0').collect();
        assert!(id.puzzle.is_solved_by(&sol), "{}", f[0]);
        assert_eq!(id.puzzle.cages().len().to_string(), f[5]);
    }
}

#[test]
fn external_puzzles_solve_to_their_solution() {
    let Some(text) = read("external-puzzles.jsonl") else {
        return;
    };
    let entries = parse_puzzles(&text).unwrap();
    assert_eq!(entries.len(), 10);
    for e in entries {
        let found = Solver::new(&e.puzzle).count(2);
        assert_eq!(found.count, 1, "{:?}", e.name);
        assert!(
            found.states < 100_000,
            "{:?}: {} states",
            e.name,
            found.states
        );
        assert_eq!(found.first, e.solution, "{:?}", e.name);
    }
}

#[test]
fn verbatim_files_parse_and_solve() {
    let Some(kk) = read("verbatim/ghfbsd-trial-grids.txt") else {
        return;
    };
    let puzzles = parse_kk(&kk).unwrap();
    let sizes: Vec<usize> = puzzles.iter().map(|t| t.puzzle.size()).collect();
    assert_eq!(sizes, [4, 6, 7, 6]);
    for t in &puzzles {
        assert_eq!(Solver::new(&t.puzzle).count(2).count, 1, "{}", t.title);
    }
    let sym = read("verbatim/2015xli-input.6.txt").unwrap();
    let p = parse_symbol_grid(&sym).unwrap();
    assert_eq!(p.size(), 6);
    assert_eq!(p.cages().len(), 16);
    assert_eq!(Solver::new(&p).count(2).count, 1);
    // The generic reader tells both formats apart.
    assert_eq!(parse_puzzles(&kk).unwrap().len(), 4);
    assert_eq!(parse_puzzles(&sym).unwrap()[0].puzzle, p);
}

#[test]
fn latin_square_counts_match_the_table() {
    let Some(tsv) = read("latin-square-counts.tsv") else {
        return;
    };
    let mut checked = 0;
    for line in tsv.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let n: usize = f[0].parse().unwrap();
        if n <= 5 {
            assert_eq!(count_latin_squares(n).to_string(), f[1], "n = {n}");
            checked += 1;
        }
    }
    assert_eq!(checked, 5);
}
