use folio_freecell::solver::{Solver, Verdict};
use folio_freecell::{deal, replay, Autoplay, Options, Position};
fn main() {
    let n: i64 = std::env::args().nth(1).unwrap().parse().unwrap();
    let cells: usize = std::env::args().nth(2).map_or(4, |s| s.parse().unwrap());
    let p = Position::new(&deal::deal(n).unwrap(), cells).unwrap();
    let t = std::time::Instant::now();
    let o = Solver::new().solve(&p);
    eprintln!(
        "states {} expanded {} in {:?}",
        o.states,
        o.expanded,
        t.elapsed()
    );
    match o.verdict {
        Verdict::Solved(m) => {
            let text: Vec<String> = m.iter().map(|m| m.to_string()).collect();
            let opts = Options {
                deal: Some(n),
                freecells: Some(cells),
                autoplay: Some(Autoplay::Ms),
            };
            let r = replay::replay("x", text.join(" ").as_bytes(), &opts);
            println!("{r}");
        }
        v => println!("{v:?}"),
    }
}
