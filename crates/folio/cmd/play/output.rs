//! The output formats of `folio play`, each written as the run goes: a [`Sink`] turns the
//! run's start, each file's [`Entry`] and the [`Summary`] into bytes, and the caller writes
//! them out at once. Nothing holds more than one file's report (docs/formats.md §7).

use std::io::Write;

use super::entry::{Body, Entry, Item, Summary};

/// The version of the JSON contract (`schema` in `--json` and `--jsonl` output, and in the
/// JSON Schema files under docs/schema/). Bumped when a key changes meaning or goes away.
pub const SCHEMA: u32 = 1;

/// folio's version, written in every machine-readable output.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// An output format of `folio play` (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Each game's transcript, then a summary line (`-q`: findings and summary only).
    Text,
    /// One JSON document: `{schema, folio, reports: [...], summary}`.
    Json,
    /// One JSON object per line: a line per report, then `{schema, folio, summary}`.
    Jsonl,
    /// SARIF 2.1.0 (code scanning).
    Sarif,
    /// JUnit XML: a test suite per file, a failing test case per error.
    Junit,
    /// GitHub Actions workflow commands: `::error file=…,line=…,col=…::message`.
    Github,
}

/// One output format, fed as the run goes.
pub trait Sink {
    /// What comes before the first entry.
    fn begin(&mut self, buf: &mut Vec<u8>) -> std::io::Result<()> {
        let _ = buf;
        Ok(())
    }
    /// One file's entry.
    fn entry(&mut self, entry: &Entry, buf: &mut Vec<u8>) -> std::io::Result<()>;
    /// What ends the output.
    fn end(&mut self, summary: &Summary, buf: &mut Vec<u8>) -> std::io::Result<()>;
    /// Whether entries need the game's text transcript.
    fn wants_text(&self) -> bool {
        false
    }
    /// Whether entries need the game's JSON report (else only its findings are read).
    fn wants_json(&self) -> bool {
        false
    }
}

/// The sink of `format`. `quiet`: text prints findings and the summary only; `single`: one
/// file is given, and text prints no summary line (as before: the transcript says it all).
pub fn sink(format: Format, quiet: bool, single: bool) -> Box<dyn Sink> {
    match format {
        Format::Text => Box::new(Text { quiet, single }),
        Format::Json => Box::new(Json { first: true }),
        Format::Jsonl => Box::new(Jsonl),
        Format::Sarif => Box::new(super::ci::Sarif::default()),
        Format::Junit => Box::new(super::ci::Junit),
        Format::Github => Box::new(Github),
    }
}

/// `text` with every control character but LF and tab escaped (`\u{1b}`): a report names
/// its file as given, and a file name holding ESC must not drive the reader's terminal.
fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t')
    {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '\n' | '\t' => out.push(c),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The text format.
struct Text {
    quiet: bool,
    single: bool,
}

impl Sink for Text {
    fn entry(&mut self, entry: &Entry, buf: &mut Vec<u8>) -> std::io::Result<()> {
        match &entry.body {
            Body::Report { text, .. } if !self.quiet => {
                buf.extend_from_slice(printable(text).as_bytes())
            }
            // Error entries are said on stderr by the run (`folio: error: …`).
            Body::Failed { .. } => {}
            Body::Report { .. } => {
                for item in &entry.items {
                    writeln!(
                        buf,
                        "{}:{}:{}: {}: {} [{}]",
                        folio_core::quote::shown(&item.file),
                        item.line,
                        item.col,
                        item.severity.as_str(),
                        item.message,
                        item.rule
                    )?;
                    if !item.text.is_empty() {
                        writeln!(
                            buf,
                            "    | {}",
                            folio_core::quote::clipped(&item.text, folio_core::script::SHOWN_CHARS)
                        )?;
                    }
                }
            }
        }
        Ok(())
    }

    fn end(&mut self, summary: &Summary, buf: &mut Vec<u8>) -> std::io::Result<()> {
        if !self.single || self.quiet {
            writeln!(buf, "{}", summary.line())?;
        }
        Ok(())
    }

    fn wants_text(&self) -> bool {
        !self.quiet
    }
}

/// An entry as a JSON object: the game's report with its findings weighed (and `omitted`
/// when `--max-findings` left some out), or `{file, game?, error, findings}`.
pub fn entry_json(entry: &Entry) -> serde_json::Map<String, serde_json::Value> {
    let findings = serde_json::to_value(&entry.items).unwrap_or_default();
    match &entry.body {
        Body::Report { json, .. } => {
            let mut map = json.clone();
            map.insert("findings".into(), findings);
            // A game's own `valid` (KenKen, FreeCell) counts every finding; the run's verdict
            // is by severity (warnings, notes and allowed rules pass), so `valid` says what
            // the exit status says.
            if let Some(valid) = map.get_mut("valid") {
                *valid = (entry.counts.errors == 0).into();
            }
            if entry.counts.omitted > 0 {
                map.insert("omitted".into(), entry.counts.omitted.into());
            }
            map
        }
        Body::Failed { message, .. } => {
            let mut map = serde_json::Map::new();
            map.insert("file".into(), entry.file.clone().into());
            if let Some(game) = entry.game {
                map.insert("game".into(), game.into());
            }
            map.insert("error".into(), message.clone().into());
            map.insert("findings".into(), findings);
            map
        }
    }
}

/// `--json`: `{"schema":1,"folio":V,"reports":[` then a report per line, then `],
/// "summary":{…}}`.
struct Json {
    first: bool,
}

impl Sink for Json {
    fn begin(&mut self, buf: &mut Vec<u8>) -> std::io::Result<()> {
        write!(
            buf,
            "{{\"schema\":{SCHEMA},\"folio\":{},\"reports\":[",
            serde_json::to_string(VERSION)?
        )
    }

    fn entry(&mut self, entry: &Entry, buf: &mut Vec<u8>) -> std::io::Result<()> {
        buf.extend_from_slice(if self.first { b"\n" } else { b",\n" });
        self.first = false;
        serde_json::to_writer(&mut *buf, &entry_json(entry))?;
        Ok(())
    }

    fn end(&mut self, summary: &Summary, buf: &mut Vec<u8>) -> std::io::Result<()> {
        buf.extend_from_slice(b"\n],\"summary\":");
        serde_json::to_writer(&mut *buf, summary)?;
        buf.extend_from_slice(b"}\n");
        Ok(())
    }

    fn wants_json(&self) -> bool {
        true
    }
}

/// `--jsonl`: a report per line, then `{"schema":1,"folio":V,"summary":{…}}`.
struct Jsonl;

impl Sink for Jsonl {
    fn entry(&mut self, entry: &Entry, buf: &mut Vec<u8>) -> std::io::Result<()> {
        serde_json::to_writer(&mut *buf, &entry_json(entry))?;
        buf.push(b'\n');
        Ok(())
    }

    fn end(&mut self, summary: &Summary, buf: &mut Vec<u8>) -> std::io::Result<()> {
        serde_json::to_writer(
            &mut *buf,
            &serde_json::json!({"schema": SCHEMA, "folio": VERSION, "summary": summary}),
        )?;
        buf.push(b'\n');
        Ok(())
    }

    fn wants_json(&self) -> bool {
        true
    }
}

/// `--format github`: a workflow command per finding (`::error`, `::warning`, `::notice`),
/// then the summary line.
struct Github;

/// GitHub's escaping of a workflow command's message (`%`, CR, LF); other control
/// characters (a file name holding ESC) are percent-escaped too, never passed to the log raw.
fn gh_data(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            c if c.is_control() => out.push_str(&format!("%{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// GitHub's escaping of a workflow command's property value (also `:` and `,`).
fn gh_property(s: &str) -> String {
    gh_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// The workflow command of one finding.
pub fn github_line(item: &Item) -> String {
    let command = match item.severity {
        super::select::Severity::Error => "error",
        super::select::Severity::Warning => "warning",
        super::select::Severity::Note => "notice",
    };
    format!(
        "::{command} file={},line={},col={},title={}::{}",
        gh_property(&item.file),
        item.line,
        item.col,
        gh_property(&format!("folio {}", item.rule)),
        gh_data(&item.message)
    )
}

impl Sink for Github {
    fn entry(&mut self, entry: &Entry, buf: &mut Vec<u8>) -> std::io::Result<()> {
        for item in &entry.items {
            writeln!(buf, "{}", github_line(item))?;
        }
        Ok(())
    }

    fn end(&mut self, summary: &Summary, buf: &mut Vec<u8>) -> std::io::Result<()> {
        writeln!(buf, "{}", summary.line())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::play::select::Severity;

    #[test]
    fn text_reports_never_carry_a_terminal_escape() {
        assert_eq!(
            printable("== e\u{1b}[31mvil.gcg\n\tok\n"),
            "== e\\u{1b}[31mvil.gcg\n\tok\n"
        );
        assert!(matches!(
            printable("plain\n"),
            std::borrow::Cow::Borrowed(_)
        ));
    }

    #[test]
    fn github_commands_escape_their_fields() {
        let item = Item {
            file: "a,b:c.gcg".into(),
            line: 3,
            col: 7,
            rule: "score".into(),
            severity: Severity::Warning,
            message: "100% wrong\nreally".into(),
            text: String::new(),
        };
        assert_eq!(
            github_line(&item),
            "::warning file=a%2Cb%3Ac.gcg,line=3,col=7,title=folio score::100%25 wrong%0Areally"
        );
        // A file name holding ESC never reaches the log as a terminal escape.
        let item = Item {
            file: "e\u{1b}[31mvil.gcg".into(),
            message: "tab\there".into(),
            ..item
        };
        assert_eq!(
            github_line(&item),
            "::warning file=e%1B[31mvil.gcg,line=3,col=7,title=folio score::tab%09here"
        );
    }
}
