//! Writes a replayed script back as a complete GCG file.
//!
//! Every event line gets every field: the rack (as written, or dealt by `#seed`; when
//! neither, the tiles the line itself uses — a partial rack, which GCG allows; no tiles at
//! all, as in a pass: the field is left out, never written empty), the move in
//! current notation (`.` for played-through squares, lower case for blanks), the signed
//! points and the cumulative. Numbers written in the script are kept as written (so a
//! misscore stays visible to whoever reads the file back); absent ones are filled with the
//! replay's values. Header pragmas, notes and `#rackN` lines are kept; folio's pragmas
//! (`#rules`, `#seed`, `#rounds`) are written too, and other GCG readers ignore them.

use std::fmt::Write as _;

use crate::report::{Report, TurnKind};
use crate::script::{EventKind, Exchanged, Script};

/// The GCG text of `script` as replayed into `report` (same events, in order).
pub fn to_gcg(script: &Script, report: &Report) -> String {
    let mut out = String::from("#character-encoding UTF-8\n");
    let h = &script.header;
    for p in &h.players {
        let _ = writeln!(out, "#player{} {} {}", p.seat + 1, p.nick, p.name);
    }
    let mut pragma = |name: &str, value: &Option<String>| {
        if let Some(v) = value {
            let _ = writeln!(out, "#{name} {v}");
        }
    };
    pragma("title", &h.title);
    pragma("description", &h.description);
    pragma("id", &h.id);
    pragma("lexicon", &h.lexicon.as_ref().map(|l| l.0.clone()));
    pragma("game-type", &h.game_type);
    for (k, v) in &h.other {
        let _ = writeln!(out, "#{k} {v}");
    }
    let _ = writeln!(out, "#rules {}", report.rules);
    if let Some(t) = h.tileset {
        let _ = writeln!(out, "#tileset {}", t.name);
    }
    if let Some(s) = h.seed {
        let _ = writeln!(out, "#seed {s}");
    }
    if let Some(r) = h.rounds {
        let _ = writeln!(out, "#rounds {r}");
    }
    if h.incomplete {
        out.push_str("#incomplete\n");
    }
    write_note(&mut out, &h.note);

    let seats = script.seats().max(1);
    let mut written = vec![0i32; seats];
    // Cumulative before each player's last play, for `--` lines.
    let mut before_play = vec![0i32; seats];
    for (e, t) in script.events.iter().zip(&report.turns) {
        let p = e.player.min(seats - 1);
        let points = e.score.unwrap_or(t.points);
        let cumulative = match (&e.kind, e.cumulative) {
            (_, Some(c)) => c,
            (EventKind::Withdrawn, None) => before_play[p],
            _ => written[p].saturating_add(points),
        };
        if matches!(e.kind, EventKind::Play { .. }) {
            before_play[p] = written[p];
        }
        written[p] = cumulative;
        let rack = t.rack.clone().unwrap_or_else(|| implied_rack(&e.kind, t));
        let body = match &e.kind {
            EventKind::Play { .. } => t.notation.clone(),
            EventKind::Pass => "-".into(),
            EventKind::Exchange(Exchanged::Tiles(x)) => {
                format!("-{}", crate::script::tiles_text(x))
            }
            EventKind::Exchange(Exchanged::Count(n)) => format!("-{n}"),
            EventKind::Withdrawn => "--".into(),
            EventKind::ChallengeBonus => "(challenge)".into(),
            EventKind::EndRack(x) => format!("({})", crate::script::tiles_text(x)),
            EventKind::TimePenalty => "(time)".into(),
        };
        let nick = script.nick(p);
        // No rack known (a pass, a challenge bonus): the field is left out, as GCG allows;
        // an empty field (`>Ann:  - +0 14`) is refused by other readers (Macondo).
        let rack = if rack.is_empty() { rack } else { rack + " " };
        let _ = writeln!(out, ">{nick}: {rack}{body} {points:+} {cumulative}");
        if t.kind == TurnKind::Rejected && e.note.is_none() {
            if let Some(why) = &t.rejected {
                let _ = writeln!(out, "#note folio: play rejected ({why})");
            }
        }
        write_note(&mut out, &e.note);
    }
    for r in &script.final_racks {
        let _ = writeln!(
            out,
            "#rack{} {}",
            r.player + 1,
            crate::script::tiles_text(&r.tiles)
        );
    }
    out
}

fn write_note(out: &mut String, note: &Option<String>) {
    if let Some(n) = note {
        for line in n.lines() {
            let _ = writeln!(out, "#note {line}");
        }
    }
}

/// The tiles a line itself shows when its rack is unknown: placed tiles (`?` for blanks),
/// exchanged tiles, or the rack of an end-of-game penalty.
fn implied_rack(kind: &EventKind, t: &crate::report::TurnReport) -> String {
    match kind {
        EventKind::Play { .. } => {
            let word = t.notation.split_whitespace().nth(1).unwrap_or("");
            word.chars()
                .filter(|&c| c != '.')
                .map(|c| if c.is_lowercase() { '?' } else { c })
                .collect()
        }
        EventKind::Exchange(Exchanged::Tiles(x)) => crate::script::tiles_text(x),
        EventKind::EndRack(x) if t.kind == TurnKind::EndPenalty => crate::script::tiles_text(x),
        _ => String::new(),
    }
}
