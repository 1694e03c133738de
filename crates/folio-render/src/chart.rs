//! The standings over a game's turns: one line per player, drawn as SVG by hand (a few
//! polylines and labels need no chart library).

use folio_scrabble::Report;
use maud::{html, Markup};

use crate::crossword::SEAT_COLOURS;

const W: f64 = 640.0;
const H: f64 = 240.0;
/// Left, right, top and bottom margins (axis labels, legend).
const L: f64 = 44.0;
const R: f64 = 110.0;
const T: f64 = 12.0;
const B: f64 = 28.0;

/// Each player's running total after every turn (the last total their seat reached), from
/// 0 before the first turn, as a line; turn numbers along x, points along y.
pub(crate) fn standings(report: &Report) -> Markup {
    let n = report.turns.len();
    if n == 0 || report.players.is_empty() {
        return html! {};
    }
    // series[p][i]: seat p's total after turn i (i = 0: before the first turn).
    let mut series: Vec<Vec<i64>> = vec![vec![0]; report.players.len()];
    for t in &report.turns {
        for (p, s) in series.iter_mut().enumerate() {
            let last = *s.last().unwrap_or(&0);
            s.push(if t.seat == p + 1 { t.total } else { last });
        }
    }
    let max = series.iter().flatten().copied().max().unwrap_or(0).max(1);
    let min = series.iter().flatten().copied().min().unwrap_or(0).min(0);
    let span = (max - min) as f64;
    let x = |i: usize| L + (W - L - R) * i as f64 / n as f64;
    let y = |v: i64| T + (H - T - B) * (max - v) as f64 / span;
    let step = nice_step(span);
    let ticks: Vec<i64> = {
        let first = (min as f64 / step).ceil() as i64;
        let last = (max as f64 / step).floor() as i64;
        (first..=last).map(|k| (k as f64 * step) as i64).collect()
    };
    let xticks: Vec<usize> = {
        let every = (n / 10).max(1);
        (0..=n).filter(|i| i % every == 0 || *i == n).collect()
    };
    html! {
        svg.chart viewBox={ "0 0 " (W) " " (H) } width=(W) height=(H) role="img"
            aria-label="Running totals over the turns" {
            title { "Running totals over the turns" }
            @for v in &ticks {
                line.gridline x1=(L) x2=(W - R) y1=(fmt(y(*v))) y2=(fmt(y(*v))) {}
                text x=(L - 4.0) y=(fmt(y(*v) + 4.0)) text-anchor="end" { (v) }
            }
            line.axis x1=(L) x2=(L) y1=(T) y2=(H - B) {}
            line.axis x1=(L) x2=(W - R) y1=(fmt(y(0))) y2=(fmt(y(0))) {}
            @for i in &xticks {
                text x=(fmt(x(*i))) y=(H - B + 14.0) text-anchor="middle" { (i) }
            }
            text x=(fmt((L + W - R) / 2.0)) y=(H - 2.0) text-anchor="middle" { "turn" }
            @for (p, s) in series.iter().enumerate() {
                @let seat = report.players[p].seat;
                @let c = SEAT_COLOURS[(seat + SEAT_COLOURS.len() - 1) % SEAT_COLOURS.len()];
                @let pts = s.iter().enumerate().map(|(i, v)| format!("{},{}", fmt(x(i)), fmt(y(*v)))).collect::<Vec<_>>().join(" ");
                polyline points=(pts) fill="none" stroke=(c) stroke-width="2" data-seat=(seat) {}
                @let last = *s.last().unwrap_or(&0);
                text x=(W - R + 6.0) y=(fmt(y(last) + 4.0)) style={ "fill:" (c) } data-seat=(seat) {
                    (report.players[p].nick) " " (last)
                }
            }
        }
    }
}

/// A tick step of 1, 2 or 5 × 10^k giving at most about 6 ticks over `span`.
fn nice_step(span: f64) -> f64 {
    let raw = (span / 6.0).max(1.0);
    let pow = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * pow)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * pow)
}

/// A coordinate with one decimal: short, and the same bytes on every machine.
fn fmt(v: f64) -> String {
    format!("{v:.1}")
}

#[cfg(test)]
mod tests {
    use super::nice_step;

    #[test]
    fn ticks_are_round_numbers() {
        assert_eq!(nice_step(500.0), 100.0);
        assert_eq!(nice_step(30.0), 5.0);
        assert_eq!(nice_step(3.0), 1.0);
        assert_eq!(nice_step(1100.0), 200.0);
    }
}
