//! Property tests: the public parsers never panic on arbitrary text (the fuzz targets' entry
//! points), formats round-trip, and the solver's counts agree with a brute-force oracle.

use folio_kenken::{
    generate, parse_grid, parse_json, parse_keen_id, parse_puzzles, parse_text, session, to_json,
    to_text, Cage, Difficulty, KeenId, Op, Puzzle, Solver,
};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn parsers_never_panic(s in "\\PC{0,80}") {
        let _ = parse_keen_id(&s);
        let _ = parse_text(&s);
        let _ = parse_puzzles(&s);
        let _ = parse_json(&s);
        let _ = parse_grid(&s, 4);
        let _ = session::play(&s, "x");
    }

    #[test]
    fn keen_alphabet_never_panics(s in "[0-9]{1,2}(d[enhxu])?m?:[_a-z0-9]{0,40},[asmd0-9]{0,30}") {
        let _ = parse_keen_id(&s);
    }

    #[test]
    fn text_like_input_never_panics(s in "kenken [0-9]{1,2}\n([a-d ]{0,8}\n){0,6}([a-d] [0-9]{1,3}[-+x/=]?\n){0,6}") {
        let _ = parse_text(&s);
    }

    #[test]
    fn session_like_input_never_panics(s in "#game kenken\n#puzzle 4dn:a_4a_a_a__aaba,m48d2s1a6s1m4d2\n(([A-Za-z][0-9]{1,2}=[0-9a-z.])|clear [A-Z][0-9]|# x|[ \n=]){0,30}") {
        let r = session::play(&s, "x");
        prop_assert!(r.findings.windows(2).all(|w| w[0].loc <= w[1].loc));
    }

    #[test]
    fn formats_round_trip(size in 3usize..=6, seed in 0u64..1000) {
        let g = generate(size, Difficulty::Easy, seed).unwrap();
        let id = KeenId::new(g.puzzle.clone(), None).to_string();
        prop_assert_eq!(&parse_keen_id(&id).unwrap().puzzle, &g.puzzle);
        prop_assert_eq!(&parse_text(&to_text(&g.puzzle)).unwrap(), &g.puzzle);
        let j = parse_json(&to_json(&g.puzzle, Some(&g.solution)).to_string()).unwrap();
        prop_assert_eq!(&j.puzzle, &g.puzzle);
        prop_assert_eq!(j.solution.as_deref(), Some(&g.solution[..]));
    }

    /// A generated 4x4 cage structure with targets taken from another Latin square: the
    /// solver's count (no cap) equals the count of all 576 Latin squares meeting every cage.
    #[test]
    fn counts_match_brute_force(seed in 0u64..500, pick in 0usize..576, mul in any::<u16>()) {
        let squares = all_latin_squares(4);
        let base = generate(4, Difficulty::Easy, seed).unwrap().puzzle;
        let other = &squares[pick];
        let cages: Vec<Cage> = base.cages().iter().enumerate().map(|(k, c)| {
            let digits: Vec<u8> = c.cells.iter().map(|&i| other[i]).collect();
            let op = if c.cells.len() == 2 && (mul >> k) & 1 == 1 {
                if Op::Div.eval(&digits).is_some() { Op::Div } else { Op::Sub }
            } else if (mul >> k) & 1 == 1 { Op::Mul } else { Op::Add };
            Cage::new(op, op.eval(&digits).unwrap(), c.cells.clone())
        }).collect();
        let p = Puzzle::new(4, cages).unwrap();
        let oracle = squares.iter().filter(|s| p.is_solved_by(s)).count() as u64;
        prop_assert!(oracle >= 1);
        prop_assert_eq!(Solver::new(&p).count(u64::MAX).count, oracle);
    }
}

/// Every Latin square of order n, by plain recursion (the oracle).
fn all_latin_squares(n: usize) -> Vec<Vec<u8>> {
    fn rec(n: usize, i: usize, g: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if i == n * n {
            out.push(g.clone());
            return;
        }
        let (r, c) = (i / n, i % n);
        for d in 1..=n as u8 {
            if (0..c).all(|j| g[r * n + j] != d) && (0..r).all(|j| g[j * n + c] != d) {
                g[i] = d;
                rec(n, i + 1, g, out);
                g[i] = 0;
            }
        }
    }
    let mut out = Vec::new();
    rec(n, 0, &mut vec![0; n * n], &mut out);
    out
}
