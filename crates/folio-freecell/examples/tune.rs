use folio_freecell::solver::{Solver, Verdict};
use folio_freecell::{deal, Position};
fn main() {
    let a: Vec<i64> = std::env::args()
        .skip(1)
        .map(|s| s.parse().unwrap())
        .collect();
    let t = std::time::Instant::now();
    let (mut exp, mut lens, mut unk) = (0, vec![], vec![]);
    for n in a[0]..=a[1] {
        let p = Position::new(&deal::deal(n).unwrap(), 4).unwrap();
        let o = Solver::new().max_states(200_000).solve(&p);
        exp += o.expanded;
        match o.verdict {
            Verdict::Solved(m) => lens.push(m.len()),
            _ => unk.push(n),
        }
    }
    lens.sort();
    println!(
        "{:?} exp/deal {} median {} max {} unk {:?}",
        t.elapsed(),
        exp / (a[1] - a[0] + 1) as usize,
        lens[lens.len() / 2],
        lens.last().unwrap(),
        unk
    );
}
