//! The page around every game's body: head, inline style and script, the findings list and
//! the script's source with line anchors; and the index page of a run.

use folio_core::script::{Finding, Rule, ScriptReport, Severity, Weighing};
use maud::{html, Markup, PreEscaped, DOCTYPE};

/// One script of a run, as the index lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexEntry {
    /// The script as named on the command line.
    pub file: String,
    /// The game (`scrabble`, `boggle`…), when the script was replayed.
    pub game: Option<String>,
    /// Moves replayed.
    pub moves: usize,
    /// Findings (0: valid).
    pub findings: usize,
    /// The page's path relative to the index (`None`: the script could not be read; then
    /// `error` says why).
    pub href: Option<String>,
    /// Why there is no page.
    pub error: Option<String>,
    /// A script that could not be checked, counted apart from findings as the run's
    /// summary counts it (`1 unreadable`).
    pub unchecked: Option<Unchecked>,
}

/// Why a script could not be checked: the run's summary counts these apart from findings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unchecked {
    /// The file (or the word set it names) could not be read (rule `unreadable`).
    Unreadable,
    /// Its replay failed inside folio (rule `internal-error`).
    InternalError,
}

/// Style shared by every page: boards, tables, the turn stepper, print rules. Colours keep a
/// contrast of at least 4.5:1 for text.
pub(crate) const STYLE: &str = include_str!("style.css");

/// The turn stepper: arrow keys (← →, Home, End), the buttons and `#tN` links show one turn
/// at a time; without JavaScript (and when printed) every turn is shown.
const SCRIPT: &str = include_str!("stepper.js");

/// One script's page: its game's body when the report is one folio draws, else the text
/// transcript; then the findings and the source. `source` is the script's bytes (decoded
/// as UTF-8, lossily, for the listing); `back` a link to the run's index, if any.
/// `weighing` is the run's (`folio play`'s severities and `--max-findings`): the page lists
/// the findings the run's text and machine outputs list, warnings and notes marked, and
/// says how many were allowed or left out ([`Weighing::default`]: every finding an error).
pub fn page(
    report: &dyn ScriptReport,
    source: &[u8],
    back: Option<&str>,
    weighing: &Weighing<'_>,
) -> String {
    let any = report.as_any();
    let body = any
        .and_then(|a| a.downcast_ref::<folio_scrabble::Report>())
        .map(crate::crossword::body)
        .or_else(|| {
            any.and_then(|a| a.downcast_ref::<folio_boggle::script::Report>())
                .map(crate::boggle::body)
        })
        .or_else(|| {
            any.and_then(|a| a.downcast_ref::<folio_kenken::session::Report>())
                .map(crate::kenken::body)
        })
        .or_else(|| {
            any.and_then(|a| a.downcast_ref::<folio_freecell::replay::Report>())
                .map(crate::freecell::body)
        })
        .unwrap_or_else(|| Body {
            title: format!("{} ({})", report.file(), report.game()),
            main: html! { pre.transcript { (report.to_text_weighed(weighing)) } },
            findings: Vec::new(),
        });
    let weighed = weighing.weigh(body.findings.iter().map(|f| f.code));
    let listed: Vec<Linked> = body
        .findings
        .into_iter()
        .enumerate()
        .filter_map(|(i, f)| weighed.shown(i).map(|severity| Linked { severity, ..f }))
        .collect();
    let lines = source_lines(
        source,
        any.is_some_and(|a| a.is::<folio_scrabble::Report>()),
    );
    let marked: Vec<u32> = listed.iter().map(|f| f.line).collect();
    document(
        &body.title,
        html! {
            header {
                @if let Some(b) = back { p.back { a href=(b) { "← all scripts" } } }
                h1 { (body.title) }
                p.meta { "file " code { (report.file()) } " · game " (report.game())
                    " · " (folio_core::plural(report.moves(), "move", "moves")) " · " (folio_core::plural(listed.len(), "finding", "findings")) }
            }
            main { (body.main) }
            (findings_section(&listed, weighed.not_listed(), report.file()))
            section #source {
                h2 { "Script " code { (report.file()) } }
                ol.source {
                    @for (i, line) in lines.iter().enumerate() {
                        @let n = i as u32 + 1;
                        li id={ "L" (n) } class=[marked.contains(&n).then_some("marked")] {
                            code { (line) }
                        }
                    }
                }
            }
        },
    )
}

/// Most characters of one script line the listing shows: a line of a real script is far
/// shorter; a longer one is cut with `… (N characters)` (`folio_core::quote::clipped`), so a
/// megabyte token never makes a megabyte page.
pub const LISTED_CHARS: usize = 1_000;

/// The script's lines as its game read them, so the listing's line numbers are the findings'
/// (the one line splitter: `\n`, `\r\n` or a lone `\r`): a crossword record decoded by the
/// GCG rule (declared encoding, else UTF-8, else ISO-8859-1: `César`, not `C�sar`), any other
/// script as UTF-8, lossily. Each line as [`clipped`](folio_core::quote::clipped) shows it:
/// control characters escaped, cut after [`LISTED_CHARS`] characters.
fn source_lines(source: &[u8], gcg: bool) -> Vec<String> {
    let shown = |l: &str| folio_core::quote::clipped(l, LISTED_CHARS).to_string();
    if gcg {
        let decoded = folio_core::script::lines::decode(source);
        (0..decoded.lines.len())
            .map(|i| shown(decoded.lines.get(i).unwrap_or_default()))
            .collect()
    } else {
        folio_core::script::lines::each_line(source)
            .map(|l| shown(&String::from_utf8_lossy(l)))
            .collect()
    }
}

/// The index page of a run over several scripts: one row per script, linking its page.
pub fn index(entries: &[IndexEntry]) -> String {
    let findings: usize = entries.iter().map(|e| e.findings).sum();
    let moves: usize = entries.iter().map(|e| e.moves).sum();
    let count = |u: Unchecked| entries.iter().filter(|e| e.unchecked == Some(u)).count();
    let (unreadable, internal) = (
        count(Unchecked::Unreadable),
        count(Unchecked::InternalError),
    );
    document(
        "folio play",
        html! {
            header {
                h1 { "folio play: " (folio_core::plural(entries.len(), "script", "scripts")) }
                p.meta {
                    (folio_core::plural(moves, "move", "moves")) " · " (folio_core::plural(findings, "finding", "findings"))
                    @if unreadable > 0 { " · " (unreadable) " unreadable" }
                    @if internal > 0 { " · " (folio_core::plural(internal, "internal error", "internal errors")) }
                }
            }
            main {
                table.index {
                    thead { tr { th { "script" } th { "game" } th.num { "moves" } th.num { "findings" } } }
                    tbody {
                        @for e in entries {
                            tr class=[(e.findings > 0 || e.error.is_some()).then_some("bad")] {
                                td {
                                    @if let Some(h) = &e.href { a href=(h) { (e.file) } }
                                    @else { (e.file) }
                                    @if let Some(err) = &e.error { br; span.why { (err) } }
                                }
                                td { (e.game.as_deref().unwrap_or("-")) }
                                td.num { (e.moves) }
                                td.num { @if e.unchecked.is_some() { "-" } @else { (e.findings) } }
                            }
                        }
                    }
                }
            }
        },
    )
}

/// What a game's module draws for its page.
pub(crate) struct Body {
    /// The page's title (`Ann vs Bob`).
    pub title: String,
    /// The game's part of the page.
    pub main: Markup,
    /// Its findings, each linked to where it belongs on the page.
    pub findings: Vec<Linked>,
}

/// A finding as a page lists it.
pub(crate) struct Linked {
    /// Line and column in the script.
    pub line: u32,
    /// Column.
    pub col: u32,
    /// The rule's code.
    pub code: &'static str,
    /// The message.
    pub message: String,
    /// The line as written.
    pub text: String,
    /// An anchor on the page (`#t3`: the turn) and its label.
    pub anchor: Option<(String, String)>,
    /// How the run weighs it (an error unless the run says otherwise).
    pub severity: Severity,
}

impl Linked {
    /// `finding`, linked to `anchor` (an id on the page and how to name it).
    pub fn new<R: Rule>(finding: &Finding<R>, anchor: Option<(String, String)>) -> Linked {
        Linked {
            line: finding.loc.line,
            col: finding.loc.col,
            code: finding.rule.code(),
            // Some games' messages start with their code, which the page shows beside them.
            message: {
                let m = finding.rule.to_string();
                m.strip_prefix(finding.rule.code())
                    .and_then(|rest| rest.strip_prefix(": "))
                    .map_or_else(|| m.clone(), str::to_string)
            },
            text: finding.text.clone(),
            anchor,
            severity: Severity::Error,
        }
    }
}

fn findings_section(findings: &[Linked], not_listed: Option<String>, file: &str) -> Markup {
    html! {
        section #findings {
            h2 { (findings.len()) " finding" @if findings.len() != 1 { "s" } }
            @if let Some(line) = not_listed { p.meta { (line) } }
            @if !findings.is_empty() {
                ul.findings {
                    @for f in findings {
                        li {
                            a href={ "#L" (f.line) } { code { (file) ":" (f.line) ":" (f.col) } }
                            " "
                            @if let Some((id, label)) = &f.anchor { a.turnlink href={ "#" (id) } { (label) } " " }
                            (f.severity.prefix()) span.rule { (f.code) } ": " (f.message)
                            @if !f.text.is_empty() { br; code.line { (f.text) } }
                        }
                    }
                }
            }
        }
    }
}

/// The HTML document: head with the inline style, `body`, the inline script.
fn document(title: &str, body: Markup) -> String {
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="generator" content="folio";
                title { (title) }
                style { (PreEscaped(STYLE)) }
            }
            body {
                (body)
                script { (PreEscaped(SCRIPT)) }
            }
        }
    }
    .into_string();
    crate::no_controls(page)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_listing_cuts_a_huge_line_and_escapes_control_characters() {
        let mut source = b"#player1 a A\n>a: ABC 8G ".to_vec();
        source.extend(b"BA".repeat(100_000));
        source.extend(b"\n#note \x1b[2J\n");
        for gcg in [true, false] {
            let lines = source_lines(&source, gcg);
            assert_eq!(lines[0], "#player1 a A");
            assert!(lines[1].ends_with("… (200011 characters)"), "{}", lines[1]);
            assert!(lines[1].chars().count() < LISTED_CHARS + 30);
            assert_eq!(lines[2], "#note \\u{1b}[2J");
        }
    }
}
