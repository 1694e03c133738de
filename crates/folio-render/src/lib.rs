//! Pictures of folio's games: SVG boards and self-contained HTML reports.
//!
//! Rendering is presentation: this crate takes the reports the game crates already make
//! (the kernel's [`ScriptReport`], downcast through [`ScriptReport::as_any`] to each game's
//! public report type) and turns them into markup. It does no I/O: the binary reads the
//! scripts and writes what this crate returns (`folio play --html`, `folio render`).
//!
//! - [`page`]: one script's HTML page (crossword game, Boggle, KenKen, FreeCell; any other
//!   report falls back to its text transcript), self-contained: inline SVG, CSS and a little
//!   JavaScript, no network access; readable when printed.
//! - [`index`]: the page linking the pages of a run over several scripts.
//! - [`crossword::board_svg`], [`boggle::board_svg`], [`kenken::grid_svg`],
//!   [`freecell::layout_svg`]: single pictures (`folio render`).
//!
//! Markup is built with `maud` (compile-time templates, every text escaped). Letters are SVG
//! `<text>` (selectable, read by screen readers). Output is deterministic: the same report
//! gives the same bytes (no clock, no hash-ordered maps, no random ids).

#![deny(missing_docs)]

pub mod boggle;
mod chart;
pub mod crossword;
pub mod freecell;
pub mod kenken;
mod page;

pub use page::{index, page, IndexEntry, Unchecked};

use folio_core::script::ScriptReport;

/// A whole SVG document (the XML declaration, then `svg`), as `folio render` writes it.
pub fn svg_document(svg: maud::Markup) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(&svg.into_string());
    out.push('\n');
    no_controls(out)
}

/// A finished document with every control character but tab, line feed and carriage return
/// written as the text report writes it (`\u{1}`, `char::escape_default`). maud escapes
/// `&`, `<`, `>` and `"`, but XML 1.0 forbids the other C0 controls even as character
/// references (a player named `a\x01b` made an SVG no XML reader opens) and HTML calls them,
/// DEL and C1 parse errors. The noncharacters U+FFFE and U+FFFF, which XML 1.0 forbids
/// too, are written so as well. Only user text can hold one: the templates, style and
/// script have none but line ends and tabs.
pub(crate) fn no_controls(doc: String) -> String {
    let kept = |c: char| {
        (!c.is_control() || matches!(c, '\t' | '\n' | '\r'))
            && !matches!(c, '\u{fffe}' | '\u{ffff}')
    };
    if doc.chars().all(kept) {
        return doc;
    }
    let mut out = String::with_capacity(doc.len() + 16);
    for c in doc.chars() {
        if kept(c) {
            out.push(c);
        } else {
            out.extend(c.escape_default());
        }
    }
    out
}

/// Why [`report_svg`] draws nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SvgError {
    /// `--turn N` past the record's events (or 0).
    #[error("turn {turn} is not in the record: it has {turns} (1 to {turns})")]
    NoSuchTurn {
        /// The turn asked for.
        turn: usize,
        /// How many there are.
        turns: usize,
    },
    /// `--turn` given for a game whose picture has no turns.
    #[error("--turn applies to crossword records and FreeCell solutions, not to a {0}")]
    NoTurns(&'static str),
    /// The report holds nothing to draw (a script that does not parse).
    #[error("{0}")]
    Nothing(String),
}

/// One picture of a replayed script: the board after turn `turn` (1-based; `None`: the
/// last), for the crossword game and FreeCell; the board of a Boggle round; a KenKen
/// session's final grid.
///
/// # Errors
/// [`SvgError`]: no such turn, or nothing to draw.
pub fn report_svg(
    report: &dyn ScriptReport,
    turn: Option<usize>,
) -> Result<maud::Markup, SvgError> {
    drawn(report, turn).map_err(|e| match e {
        SvgError::Nothing(why) => SvgError::Nothing(with_findings(report, &why)),
        other => other,
    })
}

/// How many of a script's error findings [`report_svg`]'s "nothing to draw" names.
const NAMED_FINDINGS: usize = 3;

/// `why` a script gives nothing to draw, led by its first error findings as `folio play`
/// and `folio moves` show them (`FILE:LINE:COL: message`), so that the user is told what
/// to fix and where: `trunc.gcg:14:19: truncated event: no move after the nickname (not
/// replayed: the script does not parse)`. `why` alone when the report has no finding.
fn with_findings(report: &dyn ScriptReport, why: &str) -> String {
    let findings = report.findings_json();
    let all: Vec<&serde_json::Value> = findings
        .as_array()
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    let errors: Vec<&serde_json::Value> = all
        .iter()
        .copied()
        .filter(|f| f.get("severity").and_then(|s| s.as_str()) == Some("error"))
        .collect();
    let chosen = if errors.is_empty() { all } else { errors };
    if chosen.is_empty() {
        return why.to_string();
    }
    let shown: Vec<String> = chosen
        .iter()
        .take(NAMED_FINDINGS)
        .map(|f| {
            let field = |k: &str| {
                f.get(k).map(|v| match v.as_str() {
                    Some(s) => s.to_string(),
                    None => v.to_string(),
                })
            };
            let file = field("file").unwrap_or_else(|| report.file().to_string());
            let message = field("message").unwrap_or_default();
            match (field("line"), field("col")) {
                (Some(l), Some(c)) => format!("{file}:{l}:{c}: {message}"),
                (Some(l), None) => format!("{file}:{l}: {message}"),
                _ => format!("{file}: {message}"),
            }
        })
        .collect();
    let more = chosen.len().saturating_sub(NAMED_FINDINGS);
    let more = if more > 0 {
        format!(
            "; {}",
            folio_core::plural(more, "more finding", "more findings")
        )
    } else {
        String::new()
    };
    let prefix = format!("{}: ", report.file());
    let why = why.strip_prefix(&prefix).unwrap_or(why);
    format!("{}{more} ({why})", shown.join("; "))
}

/// [`report_svg`] before its "nothing to draw" names the script's findings.
fn drawn(report: &dyn ScriptReport, turn: Option<usize>) -> Result<maud::Markup, SvgError> {
    let any = report.as_any();
    if let Some(r) = any.and_then(|a| a.downcast_ref::<folio_scrabble::Report>()) {
        return crossword::report_svg(r, turn);
    }
    if let Some(r) = any.and_then(|a| a.downcast_ref::<folio_freecell::replay::Report>()) {
        return freecell::report_svg(r, turn);
    }
    if turn.is_some() {
        return Err(SvgError::NoTurns(report.game()));
    }
    if let Some(r) = any.and_then(|a| a.downcast_ref::<folio_boggle::script::Report>()) {
        return boggle::report_svg(r);
    }
    if let Some(r) = any.and_then(|a| a.downcast_ref::<folio_kenken::session::Report>()) {
        return kenken::report_svg(r);
    }
    Err(SvgError::Nothing(format!(
        "{}: nothing to draw (the script was not replayed)",
        report.file()
    )))
}

/// The 1-based turn `turn` of `len` (default the last) as a 0-based index.
fn turn_index(turn: Option<usize>, len: usize) -> Result<usize, SvgError> {
    match turn {
        None if len > 0 => Ok(len - 1),
        Some(t) if (1..=len).contains(&t) => Ok(t - 1),
        t => Err(SvgError::NoSuchTurn {
            turn: t.unwrap_or(0),
            turns: len,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_written_as_the_text_report_writes_them() {
        assert_eq!(
            no_controls("<t>a\u{1}b\u{0}\u{7f}\u{9b}\tc\nd\re</t>".to_string()),
            "<t>a\\u{1}b\\u{0}\\u{7f}\\u{9b}\tc\nd\re</t>"
        );
        assert_eq!(no_controls("café".to_string()), "café");
        assert_eq!(
            no_controls("a\u{fffe}b\u{ffff}\u{fffd}".to_string()),
            "a\\u{fffe}b\\u{ffff}\u{fffd}"
        );
    }
}
