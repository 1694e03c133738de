//! Tuning the solver's schedule: per deal, each search run alone up to CAP expansions, as
//! TSV: the deal, then per search (`solver::tuning`: column 2 the pruned main search, 3
//! the complete one, then the probes) `expansions:moves` for a win, `xEXPANSIONS` when it
//! ran out of states first, `-` at the cap. `examples/schedule_fit` reads these tables.
//!
//! `cargo run --release -p folio-freecell --example flare_costs -- CAP DEAL…`
use folio_freecell::solver::tuning::{self, Cost};
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
                Cost::Won { expanded, moves } => row.push_str(&format!("\t{expanded}:{moves}")),
                Cost::Exhausted { expanded } => row.push_str(&format!("\tx{expanded}")),
                Cost::Capped => row.push_str("\t-"),
            }
        }
        println!("{row}");
    }
}
