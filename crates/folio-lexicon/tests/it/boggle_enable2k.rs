//! Acceptance: with ENABLE2K, every published board score (and word count, and word list
//! where given) in the shared Boggle data is reproduced exactly by the fst-backed solver.

use std::path::PathBuf;
use std::sync::OnceLock;

use folio_boggle::{Board, Solver, OFFICIAL};
use folio_lexicon::WordSet;

/// ENABLE2K as a word set, built once per test binary (CRLF stripped, upper-cased).
fn enable2k() -> Option<&'static WordSet> {
    static SET: OnceLock<Option<WordSet>> = OnceLock::new();
    SET.get_or_init(|| {
        let path = folio_testdata::path("games/boggle/wordlists/enable2k.txt")?;
        let text = std::fs::read_to_string(path).expect("enable2k.txt");
        let words = text
            .lines()
            .map(|l| l.trim_end_matches('\r').to_ascii_uppercase())
            .filter(|w| !w.is_empty());
        Some(WordSet::from_words(words).expect("enable2k set"))
    })
    .as_ref()
}

fn shared(rel: &str) -> Option<PathBuf> {
    folio_testdata::path(rel)
}

/// Checks one board at `min_len`: score, and word count when given.
fn check(
    solver: &mut Solver,
    board: &str,
    shape: (usize, usize),
    min_len: usize,
    score: u32,
    words: Option<usize>,
) {
    let set = enable2k().expect("enable2k");
    let b = Board::parse(board, Some(shape)).unwrap_or_else(|e| panic!("{board}: {e}"));
    let t = solver.tally(set, &b, &OFFICIAL.with_min_len(min_len));
    assert_eq!(t.points, score, "{board} score");
    if let Some(w) = words {
        assert_eq!(t.words, w, "{board} word count");
    }
}

fn tsv_rows(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect()
}

#[test]
fn anchors_reproduce_published_scores_and_counts() {
    let (Some(_), Some(p)) = (enable2k(), shared("games/boggle/anchors.tsv")) else {
        return;
    };
    let text = std::fs::read_to_string(p).unwrap();
    let mut solver = Solver::new();
    let mut n = 0;
    for f in tsv_rows(&text) {
        assert_eq!(f[3], "enable2k", "only ENABLE2K anchors are stored");
        let shape = (f[1].parse().unwrap(), f[2].parse().unwrap());
        check(
            &mut solver,
            f[0],
            shape,
            f[4].parse().unwrap(),
            f[5].parse().unwrap(),
            Some(f[6].parse().unwrap()),
        );
        n += 1;
    }
    assert_eq!(n, 15);
}

#[test]
fn rolled_vectors_reproduce_scores_counts_and_word_lists() {
    let (Some(set), Some(p), Some(w)) = (
        enable2k(),
        shared("games/boggle/vectors-enable2k.tsv"),
        shared("games/boggle/vectors-enable2k.words.txt"),
    ) else {
        return;
    };
    let text = std::fs::read_to_string(p).unwrap();
    let mut solver = Solver::new();
    let rows = tsv_rows(&text);
    for f in &rows {
        let shape = (f[1].parse().unwrap(), f[2].parse().unwrap());
        check(
            &mut solver,
            f[0],
            shape,
            f[3].parse().unwrap(),
            f[6].parse().unwrap(),
            Some(f[5].parse().unwrap()),
        );
    }
    let lists = std::fs::read_to_string(w).unwrap();
    let mut n = 0;
    for line in lists.lines().filter(|l| !l.trim().is_empty()) {
        let (head, words) = line.split_once('\t').unwrap();
        let h: Vec<&str> = head.split(' ').collect();
        let shape = (h[1].parse().unwrap(), h[2].parse().unwrap());
        let min_len: usize = h[3].strip_prefix("minlen=").unwrap().parse().unwrap();
        let board = Board::parse(h[0], Some(shape)).unwrap();
        let ours: Vec<String> = solver
            .solve(set, &board, min_len)
            .into_iter()
            .map(|f| f.word.to_ascii_lowercase())
            .collect();
        let theirs: Vec<&str> = words.split(' ').filter(|w| !w.is_empty()).collect();
        assert_eq!(ours, theirs, "{head}");
        n += 1;
    }
    assert_eq!(n, rows.len(), "a word list for every vector");
}

#[test]
fn danvk_results_reproduce() {
    let Some(_) = enable2k() else { return };
    let mut solver = Solver::new();
    let mut n = 0;
    for (file, shape) in [
        ("best-boards-4x4.enable2k.txt", (4, 4)),
        ("best-boards-3x4.enable2k.txt", (3, 4)),
    ] {
        let text =
            std::fs::read_to_string(shared(&format!("games/boggle/danvk-results/{file}")).unwrap())
                .unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let (board, score) = line.split_once(": ").unwrap();
            check(
                &mut solver,
                board,
                shape,
                3,
                score.trim().parse().unwrap(),
                None,
            );
            n += 1;
        }
    }
    let text = std::fs::read_to_string(
        shared("games/boggle/danvk-results/hillclimb-5x5.enable2k.txt").unwrap(),
    )
    .unwrap();
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() == 3 && f[0].parse::<u32>().is_ok() {
            check(&mut solver, f[1], (5, 5), 3, f[0].parse().unwrap(), None);
            n += 1;
        }
    }
    assert_eq!(n, 32 + 33 + 500);
}
