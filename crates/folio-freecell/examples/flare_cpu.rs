//! CPU seconds by a search's size (the model of `schedule_fit --model`): each named search
//! (`solver::tuning` numbering) run alone on each deal up to each cap, the best of REPS
//! runs of the thread's CPU clock (Linux), printed as `deal search cap seconds`, then
//! `done` when the search won or ran out of states before the cap (the larger caps are
//! skipped). docs/freecell.md, "Seventh round", has the figures.
//!
//! `cargo run --release -p folio-freecell --example flare_cpu -- REPS SEARCH,… CAP,… DEAL…`
use folio_freecell::solver::tuning::{self, Cost};
use folio_freecell::{deal, Position};

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, t: *mut Timespec) -> i32;
}

/// This thread's CPU seconds (`CLOCK_THREAD_CPUTIME_ID`, Linux).
fn cpu() -> f64 {
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `t` is a valid timespec to write; clock 3 is the thread's CPU clock.
    unsafe { clock_gettime(3, &mut t) };
    t.sec as f64 + t.nsec as f64 / 1e9
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let reps: usize = args[0].parse().unwrap();
    let list = |s: &str| -> Vec<usize> { s.split(',').map(|x| x.parse().unwrap()).collect() };
    let (cs, caps) = (list(&args[1]), list(&args[2]));
    for n in args[3..].iter().map(|a| a.parse::<i64>().unwrap()) {
        let p = Position::new(&deal::deal(n).unwrap(), 4).unwrap();
        for &c in &cs {
            for &cap in &caps {
                let mut best = f64::MAX;
                let mut done = false;
                for _ in 0..reps {
                    let t = cpu();
                    let r = tuning::cost(&p, c, cap);
                    best = best.min(cpu() - t);
                    done = r != Cost::Capped;
                }
                println!(
                    "{n}\t{c}\t{cap}\t{best:.6}\t{}",
                    if done { "done" } else { "" }
                );
                if done {
                    break;
                }
            }
        }
    }
}
