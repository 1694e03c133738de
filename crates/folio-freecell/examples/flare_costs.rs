//! Tuning the solver's probes: per deal, each search's expansions to a win (capped) and the
//! moves it found (`expansions:moves`, `-` for none), as TSV: column 2 the pruned main
//! search, 3 the complete one, then the probes (`solver::tuning`).
//!
//! `cargo run --release -p folio-freecell --example flare_costs -- CAP DEAL…`
use folio_freecell::solver::tuning;
use folio_freecell::{deal, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cap: usize = args[0].parse().unwrap();
    let deals: Vec<i64> = args[1..].iter().map(|a| a.parse().unwrap()).collect();
    for n in deals {
        let p = Position::new(&deal::deal(n).unwrap(), 4).unwrap();
        let mut row = format!("{n}");
        for c in 0..tuning::candidates() {
            match tuning::cost(&p, c, cap) {
                Some((e, m)) => row.push_str(&format!("\t{e}:{m}")),
                None => row.push_str("\t-"),
            }
        }
        println!("{row}");
    }
}
