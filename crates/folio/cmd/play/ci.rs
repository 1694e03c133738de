//! The formats CI systems read: SARIF 2.1.0 (OASIS; GitHub code scanning) and JUnit XML
//! (the Ant/Jenkins/GitLab shape), both written as the run goes.

use std::collections::BTreeSet;
use std::io::Write;

use super::entry::{Body, Entry, Item, Summary};
use super::output::{Sink, VERSION};
use super::select::Severity;

/// `--format sarif`: one run of the tool `folio`, a result per finding (its `level` the
/// severity in this run). The rules met are listed after the results (`tool.driver.rules`,
/// each with its default level), once known: JSON keys have no order.
#[derive(Default)]
pub struct Sarif {
    first: bool,
    rules: BTreeSet<String>,
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// The SARIF `result` of one finding.
/// The SARIF `result` of one finding of `entry`: its URI made from the file's exact bytes
/// when its name is not UTF-8 (`item.file` then shows it escaped).
fn result(item: &Item, entry: &Entry) -> serde_json::Value {
    let uri = match &entry.name_bytes {
        Some(bytes) if item.file == entry.file => super::names::uri(bytes),
        _ => super::names::uri(item.file.as_bytes()),
    };
    serde_json::json!({
        "ruleId": item.rule,
        "level": level(item.severity),
        "message": {"text": item.message},
        "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": uri},
            "region": {"startLine": item.line.max(1), "startColumn": item.col.max(1)},
        }}],
    })
}

impl Sink for Sarif {
    fn begin(&mut self, buf: &mut Vec<u8>) -> std::io::Result<()> {
        self.first = true;
        buf.extend_from_slice(
            b"{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\
              \"runs\":[{\"results\":[",
        );
        Ok(())
    }

    fn entry(&mut self, entry: &Entry, buf: &mut Vec<u8>) -> std::io::Result<()> {
        for item in &entry.items {
            buf.extend_from_slice(if self.first { b"\n" } else { b",\n" });
            self.first = false;
            serde_json::to_writer(&mut *buf, &result(item, entry))?;
            if !self.rules.contains(&item.rule) {
                self.rules.insert(item.rule.clone());
            }
        }
        Ok(())
    }

    fn end(&mut self, summary: &Summary, buf: &mut Vec<u8>) -> std::io::Result<()> {
        let rules: Vec<_> = self
            .rules
            .iter()
            .map(|r| {
                let level = level(super::select::default_severity(r));
                serde_json::json!({"id": r, "defaultConfiguration": {"level": level}})
            })
            .collect();
        let tail = serde_json::json!({
            "tool": {"driver": {"name": "folio", "version": VERSION, "rules": rules}},
            "invocations": [{
                "executionSuccessful": summary.unreadable + summary.internal_errors == 0,
                "exitCode": summary.exit,
            }],
            "properties": {"summary": summary},
        });
        buf.extend_from_slice(b"\n],");
        // The tail object's members, without its braces, close the run.
        let tail = serde_json::to_string(&tail)?;
        buf.extend_from_slice(&tail.as_bytes()[1..]);
        buf.extend_from_slice(b"]}\n");
        Ok(())
    }
}

/// `--format junit`: `<testsuites>` holding a `<testsuite>` per file; a file without errors
/// is one passing `<testcase>`, a file with errors a failing `<testcase>` per error, a file
/// that could not be checked one `<testcase>` with an `<error>`. Warnings and notes go to
/// the suite's `<system-out>`.
pub struct Junit;

/// `s` as an XML 1.0 attribute value: as [`xml`], and tab, LF and CR written as the
/// character references `&#9;`, `&#10;`, `&#13;`, which a parser keeps (a raw one in an
/// attribute is normalised to a space, so `new⏎line.gcg` would read `new line.gcg`).
pub fn xml_attr(s: &str) -> String {
    let text = xml(s);
    if !text.contains(['\t', '\n']) {
        return text;
    }
    text.replace('\t', "&#9;").replace('\n', "&#10;")
}

/// `s` as XML 1.0 character data: markup escaped, CR as `&#13;`, and the characters XML 1.0
/// forbids (C0 controls but tab, CR, LF; U+FFFE, U+FFFF) shown as `\u{…}` (ESC is `\u{1b}`).
/// An attribute value goes through [`xml_attr`].
pub fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // A parser turns a raw CR (or CR LF) into LF: the reference keeps it.
            '\r' => out.push_str("&#13;"),
            '\t' | '\n' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

impl Sink for Junit {
    fn begin(&mut self, buf: &mut Vec<u8>) -> std::io::Result<()> {
        writeln!(buf, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
        // One name for every command that checks scripts (play, kenken replay/check,
        // freecell check); each suite's class names the game.
        writeln!(buf, "<testsuites name=\"folio\">")
    }

    fn entry(&mut self, entry: &Entry, buf: &mut Vec<u8>) -> std::io::Result<()> {
        let file = xml_attr(&entry.file);
        let class = format!("folio.{}", entry.game.unwrap_or("play"));
        let errors: Vec<&Item> = entry
            .items
            .iter()
            .filter(|i| i.severity == Severity::Error)
            .collect();
        match &entry.body {
            Body::Failed { message, .. } => {
                writeln!(
                    buf,
                    "  <testsuite name=\"{file}\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">"
                )?;
                writeln!(
                    buf,
                    "    <testcase name=\"{file}\" classname=\"{class}\">\n      <error message=\"{}\" type=\"{}\"/>\n    </testcase>",
                    xml_attr(message),
                    xml_attr(entry.items.first().map_or("internal-error", |i| i.rule.as_str()))
                )?;
            }
            Body::Report { .. } => {
                let tests = errors.len().max(1);
                writeln!(
                    buf,
                    "  <testsuite name=\"{file}\" tests=\"{tests}\" failures=\"{}\" errors=\"0\" skipped=\"0\">",
                    errors.len()
                )?;
                if errors.is_empty() {
                    writeln!(buf, "    <testcase name=\"{file}\" classname=\"{class}\"/>")?;
                }
                for item in &errors {
                    writeln!(
                        buf,
                        "    <testcase name=\"{file}:{}:{} {}\" classname=\"{class}\">\n      <failure message=\"{}\" type=\"{}\">{}</failure>\n    </testcase>",
                        item.line,
                        item.col,
                        xml_attr(&item.rule),
                        xml_attr(&item.message),
                        xml_attr(&item.rule),
                        xml(&format!("{}:{}:{}: {}\n{}", item.file, item.line, item.col, item.message, item.text)),
                    )?;
                }
            }
        }
        let others: Vec<&Item> = entry
            .items
            .iter()
            .filter(|i| i.severity != Severity::Error)
            .collect();
        if !others.is_empty() {
            write!(buf, "    <system-out>")?;
            for item in others {
                write!(
                    buf,
                    "{}",
                    xml(&format!(
                        "{}:{}:{}: {}: {} [{}]\n",
                        item.file,
                        item.line,
                        item.col,
                        item.severity.as_str(),
                        item.message,
                        item.rule
                    ))
                )?;
            }
            writeln!(buf, "</system-out>")?;
        }
        writeln!(buf, "  </testsuite>")
    }

    fn end(&mut self, _summary: &Summary, buf: &mut Vec<u8>) -> std::io::Result<()> {
        writeln!(buf, "</testsuites>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_text_is_escaped() {
        assert_eq!(
            xml("<a & \"b\">\u{1b}[2J"),
            "&lt;a &amp; &quot;b&quot;&gt;\\u{1b}[2J"
        );
    }

    /// In an attribute, tab, LF and CR are character references (a parser would read a raw
    /// one as a space); other C0 controls are shown as `\u{…}`, as in text.
    #[test]
    fn xml_attributes_keep_line_breaks_and_tabs() {
        let name = "new\nline\r\tx\u{7}.gcg";
        let attr = xml_attr(name);
        assert_eq!(attr, "new&#10;line&#13;&#9;x\\u{7}.gcg");
        let doc = format!("<t a=\"{attr}\"/>");
        let parsed = roxmltree::Document::parse(&doc).expect("well-formed XML");
        assert_eq!(
            parsed.root_element().attribute("a"),
            Some("new\nline\r\tx\\u{7}.gcg")
        );
        assert_eq!(xml("a\nb\r"), "a\nb&#13;", "text keeps its line breaks");
    }
}
