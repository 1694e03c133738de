//! Fitting and simulating the solver's schedule (`SCHEDULE`, then the shares) on cost
//! tables from `examples/flare_costs` (per deal, each search's expansions to a win alone).
//!
//! The searches of a schedule are independent (each its own table, resumed, not
//! restarted), so a schedule's cost on a deal follows from the table: step by step, a
//! search given a budget of `b` expansions in all wins there if it wins alone within `b`,
//! else spends up to `b` (or until it runs out of states). The simulation replays the
//! solver's loop (`Solver::solve`): the fitted steps, then the main search in shares
//! (FIRST, ×7/5 each, up to LAST; the complete search once the pruned one ran out of
//! states), after each share the probes of the lanes (`LANES`), then the complete search
//! alone. A deal whose schedule would need a search past the table's cap is *censored*
//! (counted, its cost so far kept as a lower bound).
//!
//! The deals are split: those with `deal % HOLDOUT == FOLD` are held out for validation, the
//! rest train. The fit is the greedy of task-switching schedules (Streeter, Golovin &
//! Smith 2007): at each step the search and budget (60·1.25^k) that solve the most of the
//! training deals still unsolved per expansion spent, until fewer than MIN_LEFT training
//! deals are left unsolved; then the shares.
//!
//! ```text
//! cargo run --release -p folio-freecell --example schedule_fit -- [OPTIONS] TSV…
//!   --cap N        the cap the tables were made with (default 50000; a line `#cap N` in a
//!                  table sets it for the rows after it; a deal's last row counts)
//!   --holdout K    validate on deals ≡ R mod K (default 4)
//!   --fold R       (default 0; R = 0..K in turn is a K-fold cross-validation)
//!   --min-left N   stop the greedy fit with N training deals unsolved (default 100)
//!   --shares F,L   the first and last share after the fitted steps (default: the
//!                  solver's; `F,P,L`: also one lane of every probe in turn, one a share
//!                  at P%, the solver's form before the seventh round)
//!   --lane S,S…:N:P  the probes after each share (repeatable; replaces the solver's
//!                  `LANES`): the next N of the searches S… in turn, each at P% of the
//!                  share
//!   --model A,K    count the n-th expansion of a search as 1 + A·log2(1 + n/K) (the CPU
//!                  cost of an expansion grows with the search; default 0: expansions);
//!                  the fit and `--polish` minimise this cost, the reports print both
//!   --current      only evaluate the solver's own schedule
//!   --per-deal F   with --current: write per deal `deal moves expansions` to F (to compare
//!                  with the sweep's LENGTHS_OUT)
//!   --schedule F   start from the schedule in file F (lines `search budget` or the
//!                  `(search, budget),` this tool prints; `solver`: the solver's own)
//!                  instead of fitting
//!   --polish N     then N rounds of local search on the training mean (see `polish`)
//!   --folds K      a polish change must lower the mean on each of K parts (default 1)
//!   --clip T       the polish counts each deal's expansions up to T only (the rare
//!                  costliest deals are too few to fit on)
//! ```
//! Prints, for the training and the held-out deals, the mean expansions per deal, their
//! percentiles, the censored deals, and the median moves (as the solver prints them) of
//! the solutions the schedule would return; after a fit, the new `SCHEDULE` as Rust.
use folio_freecell::solver::tuning;

/// One search alone on one deal.
#[derive(Clone, Copy)]
enum Cost {
    Won(u32, u16),
    Exhausted(u32),
    Capped,
}

struct Deal {
    n: i64,
    /// The cap its row was measured with.
    cap: usize,
    cost: Vec<Cost>,
}

#[derive(Clone, Copy)]
enum Step {
    /// A search and its budget of expansions in all.
    Fixed(usize, usize),
    /// The next share of the main search.
    Main,
}

#[derive(Clone)]
struct Schedule {
    fitted: Vec<(usize, usize)>,
    first: usize,
    last: usize,
    /// The probes after each share (the solver's `LANES`).
    lanes: Vec<Lane>,
}

/// After each share of the main search, the next `per_share` probes of `probes` in turn,
/// each given `percent`% of the share.
#[derive(Clone, Debug)]
struct Lane {
    probes: Vec<usize>,
    per_share: usize,
    percent: usize,
}

/// The modelled CPU cost of a search's expansions: the n-th costs `1 + a·log2(1 + n/k)`
/// (a large search's table and arenas outgrow the caches); `a = 0`: expansions.
#[derive(Clone, Copy)]
struct Model {
    a: f64,
    k: f64,
}

impl Model {
    /// The cost of a search's first `n` expansions.
    fn total(&self, n: usize) -> f64 {
        let n = n as f64;
        if self.a == 0.0 {
            return n;
        }
        let x = n / self.k;
        n + self.a * self.k * ((1.0 + x) * (1.0 + x).ln() - x) / std::f64::consts::LN_2
    }

    /// From `a` to `b` expansions.
    fn span(&self, a: usize, b: usize) -> f64 {
        self.total(b) - self.total(a)
    }
}

static MODEL: std::sync::OnceLock<Model> = std::sync::OnceLock::new();

fn model() -> Model {
    *MODEL.get_or_init(|| Model { a: 0.0, k: 1000.0 })
}

/// The pruned main search, the complete one; the probes follow.
const MAIN: usize = 0;
const COMPLETE: usize = 1;

impl Schedule {
    /// The steps as `Solver::solve` takes them.
    fn steps(&self) -> Vec<Step> {
        let mut v: Vec<Step> = self
            .fitted
            .iter()
            .map(|&(c, b)| Step::Fixed(c, b))
            .collect();
        let lanes = &self.lanes;
        let mut next = vec![0usize; lanes.len()];
        let mut share = self.first;
        while share <= self.last {
            v.push(Step::Main);
            for (l, k) in lanes.iter().zip(&mut next) {
                for _ in 0..l.per_share {
                    v.push(Step::Fixed(
                        l.probes[*k % l.probes.len()],
                        share * l.percent / 100,
                    ));
                    *k += 1;
                }
            }
            share = share * 7 / 5;
        }
        v
    }
}

/// The simulated outcome on one deal: expansions, and the solution's moves (`None`:
/// censored, the expansions a lower bound).
fn simulate(d: &Deal, steps: &[Step], first: usize) -> (u64, Option<u16>) {
    let (x, _, m) = simulate_cost(d, steps, first);
    (x, m)
}

/// As [`simulate`], with the modelled cost (see [`Model`]) as well.
fn simulate_cost(d: &Deal, steps: &[Step], first: usize) -> (u64, f64, Option<u16>) {
    let md = model();
    let mut cost = 0.0;
    let cap = d.cap;
    let m = d.cost.len();
    let mut e = vec![0usize; m];
    let mut dead = vec![false; m];
    let mut spent = 0u64;
    let mut share = first;
    for &st in steps {
        let (c, b) = match st {
            Step::Fixed(c, b) => (c, b),
            Step::Main => {
                let c = if dead[MAIN] { COMPLETE } else { MAIN };
                let b = share;
                share = share * 7 / 5;
                (c, b)
            }
        };
        if dead[c] || e[c] >= b {
            continue;
        }
        match d.cost[c] {
            Cost::Won(w, moves) if w as usize <= b => {
                cost += md.span(e[c], w as usize);
                return (spent + (w as usize - e[c]) as u64, cost, Some(moves));
            }
            Cost::Exhausted(x) if x as usize <= b => {
                spent += (x as usize - e[c]) as u64;
                cost += md.span(e[c], x as usize);
                e[c] = x as usize;
                dead[c] = true;
                if c == COMPLETE {
                    return (spent, cost, None);
                }
            }
            _ if b > cap => {
                // Past the table: unknown from here.
                cost += md.span(e[c], cap.max(e[c]));
                return (spent + (cap.saturating_sub(e[c])) as u64, cost, None);
            }
            _ => {
                spent += (b - e[c]) as u64;
                cost += md.span(e[c], b);
                e[c] = b;
            }
        }
    }
    match d.cost[COMPLETE] {
        Cost::Won(w, moves) => {
            let w = (w as usize).max(e[COMPLETE]);
            cost += md.span(e[COMPLETE], w);
            (spent + (w - e[COMPLETE]) as u64, cost, Some(moves))
        }
        _ => (spent, cost, None),
    }
}

struct Summary {
    deals: usize,
    mean: f64,
    /// The mean modelled cost (see [`Model`]).
    cost: f64,
    pct: [u64; 4],
    censored: usize,
    median_moves: u16,
    over_2000_share: f64,
}

fn summarize(deals: &[&Deal], s: &Schedule) -> Summary {
    let steps = s.steps();
    let mut exp = Vec::with_capacity(deals.len());
    let mut moves = Vec::new();
    let mut censored = 0;
    let mut cost = 0.0;
    for d in deals {
        let (x, c, m) = simulate_cost(d, &steps, s.first);
        cost += c;
        exp.push(x);
        match m {
            Some(m) => moves.push(m),
            None => censored += 1,
        }
    }
    let total: u64 = exp.iter().sum();
    let big: u64 = exp.iter().filter(|&&x| x > 2000).sum();
    exp.sort_unstable();
    moves.sort_unstable();
    let at = |q: f64| exp[((exp.len() as f64 * q) as usize).min(exp.len() - 1)];
    Summary {
        deals: deals.len(),
        mean: total as f64 / deals.len() as f64,
        cost: cost / deals.len() as f64,
        pct: [at(0.5), at(0.9), at(0.99), *exp.last().unwrap()],
        censored,
        median_moves: moves.get(moves.len() / 2).copied().unwrap_or(0),
        over_2000_share: big as f64 / total as f64,
    }
}

fn report(name: &str, deals: &[&Deal], s: &Schedule) -> f64 {
    if deals.is_empty() {
        println!("{name}: no deals");
        return 0.0;
    }
    let r = summarize(deals, s);
    println!(
        "{name}: {} deals, mean {:.1} expansions, cost {:.1} (p50 {} p90 {} p99 {} max {}; {:.0}% in deals over 2,000), censored {}, median moves {}",
        r.deals,
        r.mean,
        r.cost,
        r.pct[0],
        r.pct[1],
        r.pct[2],
        r.pct[3],
        100.0 * r.over_2000_share,
        r.censored,
        r.median_moves
    );
    r.mean
}

/// The greedy fit: steps until fewer than `min_left` deals are unsolved.
fn fit(deals: &[&Deal], min_left: usize, cap: usize) -> Vec<(usize, usize)> {
    let m = deals[0].cost.len();
    let budgets: Vec<usize> = (0..)
        .map(|k| (60.0 * 1.25f64.powi(k)).round() as usize)
        .take_while(|&b| b <= cap.min(u16::MAX as usize))
        .collect();
    // Shared by every unsolved deal: each search's expansions so far.
    let mut e = vec![0usize; m];
    // Per deal: solved, and which searches ran out of states.
    let mut solved = vec![false; deals.len()];
    let mut dead = vec![vec![false; m]; deals.len()];
    let mut out = Vec::new();
    loop {
        let left = solved.iter().filter(|s| !**s).count();
        if left < min_left {
            break;
        }
        let mut best: Option<(f64, usize, usize)> = None;
        for c in 0..m {
            for &b in budgets.iter().filter(|&&b| b > e[c]) {
                let (mut wins, mut cost) = (0usize, 0f64);
                let md = model();
                for (i, d) in deals.iter().enumerate() {
                    if solved[i] || dead[i][c] {
                        continue;
                    }
                    cost += match d.cost[c] {
                        Cost::Won(w, _) if w as usize <= b => {
                            wins += 1;
                            md.span(e[c], w as usize)
                        }
                        Cost::Exhausted(x) if (x as usize) <= b => md.span(e[c], x as usize),
                        _ => md.span(e[c], b),
                    };
                }
                if wins == 0 || cost <= 0.0 {
                    continue;
                }
                let r = wins as f64 / cost;
                if best.is_none_or(|(br, _, _)| r > br) {
                    best = Some((r, c, b));
                }
            }
        }
        let Some((_, c, b)) = best else { break };
        for (i, d) in deals.iter().enumerate() {
            if solved[i] || dead[i][c] {
                continue;
            }
            match d.cost[c] {
                Cost::Won(w, _) if w as usize <= b => solved[i] = true,
                Cost::Exhausted(x) if (x as usize) <= b => dead[i][c] = true,
                _ => {}
            }
        }
        e[c] = b;
        out.push((c, b));
    }
    out
}

/// Deal by deal, `b`'s expansions minus `a`'s: the mean difference and its standard error
/// (the tail makes single means noisy; the paired difference much less so).
fn paired(name: &str, deals: &[&Deal], a: &Schedule, b: &Schedule) {
    if deals.is_empty() {
        return;
    }
    let (sa, sb) = (a.steps(), b.steps());
    let (dx, dc): (Vec<f64>, Vec<f64>) = deals
        .iter()
        .map(|d| {
            let (xa, ca, _) = simulate_cost(d, &sa, a.first);
            let (xb, cb, _) = simulate_cost(d, &sb, b.first);
            (xb as f64 - xa as f64, cb - ca)
        })
        .unzip();
    let stat = |d: &[f64]| {
        let n = d.len() as f64;
        let m = d.iter().sum::<f64>() / n;
        let var = d.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0).max(1.0);
        (m, (var / n).sqrt())
    };
    let ((mx, sx), (mc, sc)) = (stat(&dx), stat(&dc));
    println!(
        "{name}: {mx:+.1} expansions per deal against the solver's (standard error {sx:.1}); cost {mc:+.1} ({sc:.1})"
    );
}

/// The mean expansions per deal, each deal's counted up to `clip`.
fn mean(deals: &[&Deal], s: &Schedule, clip: u64) -> f64 {
    let steps = s.steps();
    let total: f64 = deals
        .iter()
        .map(|d| simulate_cost(d, &steps, s.first).1.min(clip as f64))
        .sum();
    total / deals.len() as f64
}

/// Local search on the training mean: `rounds` random changes (a step's budget ×1.25 or
/// ÷1.25, its search, a step dropped, inserted or swapped with the next; the first share
/// ×1.25 or ÷1.25, the probes' percentage ±5; each deal counted up to `clip`), each kept
/// only when the mean falls and rises on none of `folds` parts of the deals (deal by deal
/// in turn): a change that only suits a few hard deals of one part is not kept. (On the
/// deals 32001..96000 it gained on the training deals and not on the held-out ones.)
fn polish(deals: &[&Deal], s: &mut Schedule, rounds: usize, folds: usize, clip: u64) {
    let parts: Vec<Vec<&Deal>> = (0..folds)
        .map(|f| deals.iter().skip(f).step_by(folds).copied().collect())
        .collect();
    let means = |t: &Schedule| -> Vec<f64> { parts.iter().map(|p| mean(p, t, clip)).collect() };
    let m = deals[0].cost.len();
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut rnd = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    let mut best = means(s);
    for _ in 0..rounds {
        let mut t = s.clone();
        let n = t.fitted.len();
        match rnd(8) {
            0 | 1 if n > 0 => {
                let i = rnd(n);
                let b = t.fitted[i].1 as f64;
                let b = if rnd(2) == 0 { b * 1.25 } else { b / 1.25 };
                t.fitted[i].1 = (b.round() as usize).clamp(10, u16::MAX as usize);
            }
            2 if n > 0 => {
                let i = rnd(n);
                t.fitted[i].0 = rnd(m);
            }
            3 if n > 0 => {
                t.fitted.remove(rnd(n));
            }
            4 => {
                let i = rnd(n + 1);
                let b = (60.0 * 1.25f64.powi(rnd(40) as i32)).round() as usize;
                t.fitted.insert(i, (rnd(m), b.min(u16::MAX as usize)));
            }
            5 if n > 1 => {
                let i = rnd(n - 1);
                t.fitted.swap(i, i + 1);
            }
            6 => {
                let f = t.first as f64;
                t.first = (if rnd(2) == 0 { f * 1.25 } else { f / 1.25 }).round() as usize;
                t.first = t.first.max(10);
            }
            7 => {
                let up = rnd(2) == 0;
                for l in &mut t.lanes {
                    l.percent = if up {
                        l.percent + 5
                    } else {
                        l.percent.saturating_sub(5).max(5)
                    };
                }
            }
            _ => continue,
        }
        let v = means(&t);
        let sum = |v: &[f64]| v.iter().sum::<f64>();
        if v.iter().zip(&best).all(|(a, b)| a <= b) && sum(&v) < sum(&best) {
            best = v;
            *s = t;
        }
    }
}

fn parse(line: &str, cap: usize) -> Option<Deal> {
    let mut f = line.split('\t');
    let n = f.next()?.parse().ok()?;
    let cost = f
        .map(|t| {
            if t == "-" {
                Cost::Capped
            } else if let Some(x) = t.strip_prefix('x') {
                Cost::Exhausted(x.parse().unwrap())
            } else {
                let (e, m) = t.split_once(':').unwrap();
                Cost::Won(e.parse().unwrap(), m.parse().unwrap())
            }
        })
        .collect();
    Some(Deal { n, cap, cost })
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut cap, mut holdout, mut min_left) = (50_000usize, 4i64, 100usize);
    let (first, last) = tuning::shares();
    let solver_lanes: Vec<Lane> = tuning::lanes()
        .iter()
        .map(|&(p, n, percent)| Lane {
            probes: p.iter().map(|&c| c as usize).collect(),
            per_share: n,
            percent,
        })
        .collect();
    let mut shares = (first, last);
    let (mut current, mut file, mut polish_rounds) = (false, None, 0usize);
    let mut per_deal = None;
    let mut folds = 1;
    let mut fold = 0i64;
    let mut clip = u64::MAX;
    let mut lanes = Vec::new();
    let mut paths = Vec::new();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--cap" => cap = args.next().unwrap().parse().unwrap(),
            "--holdout" => holdout = args.next().unwrap().parse().unwrap(),
            "--fold" => fold = args.next().unwrap().parse().unwrap(),
            "--min-left" => min_left = args.next().unwrap().parse().unwrap(),
            "--shares" => {
                let v: Vec<usize> = args
                    .next()
                    .unwrap()
                    .split(',')
                    .map(|x| x.parse().unwrap())
                    .collect();
                shares = (v[0], *v.last().unwrap());
                if v.len() == 3 {
                    lanes = vec![Lane {
                        probes: (2..tuning::candidates()).collect(),
                        per_share: 1,
                        percent: v[1],
                    }];
                }
            }
            "--current" => current = true,
            "--per-deal" => per_deal = args.next(),
            "--polish" => polish_rounds = args.next().unwrap().parse().unwrap(),
            "--folds" => folds = args.next().unwrap().parse().unwrap(),
            "--clip" => clip = args.next().unwrap().parse().unwrap(),
            "--schedule" => file = args.next(),
            "--model" => {
                let v: Vec<f64> = args
                    .next()
                    .unwrap()
                    .split(',')
                    .map(|x| x.parse().unwrap())
                    .collect();
                let _ = MODEL.set(Model { a: v[0], k: v[1] });
            }
            "--lane" => {
                // PROBE,PROBE…:PER_SHARE:PERCENT
                let a = args.next().unwrap();
                let v: Vec<&str> = a.split(':').collect();
                lanes.push(Lane {
                    probes: v[0].split(',').map(|x| x.parse().unwrap()).collect(),
                    per_share: v[1].parse().unwrap(),
                    percent: v[2].parse().unwrap(),
                });
            }
            _ => paths.push(a),
        }
    }
    // A later row of the same deal replaces an earlier one (a rerun with a higher cap).
    let mut rows = std::collections::BTreeMap::new();
    for p in &paths {
        let text = std::fs::read_to_string(p).unwrap();
        let mut file_cap = cap;
        for l in text.lines() {
            if let Some(c) = l.strip_prefix("#cap ") {
                file_cap = c.trim().parse().unwrap();
            } else if let Some(d) = parse(l, file_cap) {
                rows.insert(d.n, d);
            }
        }
    }
    let all: Vec<Deal> = rows.into_values().collect();
    assert!(!all.is_empty(), "no cost rows read");
    assert_eq!(
        all[0].cost.len(),
        tuning::candidates(),
        "a table of other searches"
    );
    let train: Vec<&Deal> = all.iter().filter(|d| d.n % holdout != fold).collect();
    let valid: Vec<&Deal> = all.iter().filter(|d| d.n % holdout == fold).collect();
    let solver = Schedule {
        fitted: tuning::schedule()
            .iter()
            .map(|&(c, b)| (c as usize, b as usize))
            .collect(),
        first,
        last,
        lanes: solver_lanes.clone(),
    };
    println!("the solver's schedule:");
    report("  train", &train, &solver);
    report("  held out", &valid, &solver);
    if current {
        if let Some(path) = per_deal {
            let steps = solver.steps();
            let rows: String = all
                .iter()
                .map(|d| {
                    let (x, m) = simulate(d, &steps, solver.first);
                    let m = m.map_or("-".to_string(), |m| m.to_string());
                    format!("{}\t{m}\t{x}\n", d.n)
                })
                .collect();
            std::fs::write(path, rows).unwrap();
        }
        return;
    }
    let fitted = match file {
        Some(f) if f == "solver" => solver.fitted.clone(),
        Some(f) => std::fs::read_to_string(f)
            .unwrap()
            .lines()
            .filter(|l| {
                l.trim_start()
                    .starts_with(|c: char| c == '(' || c.is_ascii_digit())
            })
            .filter_map(|l| {
                // `search budget`, or the `(search, budget),` this tool prints.
                let mut w = l
                    .split(|c: char| !c.is_ascii_digit())
                    .filter(|w| !w.is_empty());
                Some((w.next()?.parse().ok()?, w.next()?.parse().ok()?))
            })
            .collect(),
        None => fit(&train, min_left, cap),
    };
    assert!(
        fitted.iter().all(|&(c, _)| c < tuning::candidates()),
        "a step names no search"
    );
    let mut s = Schedule {
        fitted,
        first: shares.0,
        last: shares.1,
        lanes: if lanes.is_empty() {
            solver_lanes
        } else {
            lanes
        },
    };
    if polish_rounds > 0 {
        report("  fitted, train", &train, &s);
        report("  fitted, held out", &valid, &s);
        polish(&train, &mut s, polish_rounds, folds, clip);
    }
    println!(
        "this schedule ({} fitted steps, shares {},{}, lanes {:?}):",
        s.fitted.len(),
        s.first,
        s.last,
        s.lanes
    );
    report("  train", &train, &s);
    report("  held out", &valid, &s);
    paired("  train", &train, &solver, &s);
    paired("  held out", &valid, &solver, &s);
    // Steps of one search in a row are one step (it is resumed): only the last is kept.
    let mut out: Vec<(usize, usize)> = Vec::new();
    for &(c, b) in &s.fitted {
        match out.last_mut() {
            Some(l) if l.0 == c => l.1 = l.1.max(b),
            _ => out.push((c, b)),
        }
    }
    println!("const SCHEDULE: &[(u8, u16)] = &[");
    for (c, b) in &out {
        println!("    ({c}, {b}),");
    }
    println!("];");
    println!("const FIRST_SHARE: usize = {};", s.first);
    println!("const LANES: &[(&[u8], usize, usize)] = &[");
    for l in &s.lanes {
        println!("    (&{:?}, {}, {}),", l.probes, l.per_share, l.percent);
    }
    println!("];");
    println!("const LAST_SHARE: usize = {};", s.last);
}
