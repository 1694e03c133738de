//! [`Boggle`]: Boggle rounds as `folio play` sees them (the kernel's [`ScriptedGame`]).

use folio_core::script::{
    LexiconRequest, Lexicons, Loc, Options, Refusal, ScriptReport, ScriptedGame, Source, Weighing,
};
use folio_core::Lexicon;

use super::{Error, Report};

/// Boggle rounds: scripts whose first line is `#game boggle`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Boggle;

impl ScriptReport for Report {
    fn file(&self) -> &str {
        &self.file
    }
    fn game(&self) -> &'static str {
        self.game
    }
    fn moves(&self) -> usize {
        self.players.iter().map(|p| p.words.len()).sum()
    }
    fn findings(&self) -> usize {
        self.findings.len()
    }
    fn to_text(&self) -> String {
        self.to_string()
    }
    fn to_text_weighed(&self, weighing: &Weighing<'_>) -> String {
        Report::to_text_weighed(self, weighing)
    }
    fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_else(
            |e| serde_json::json!({"file": self.file, "game": self.game, "error": e.to_string()}),
        )
    }
    /// The findings alone: a round of many words is not turned into JSON word by word.
    fn findings_json(&self) -> serde_json::Value {
        serde_json::to_value(&self.findings).unwrap_or_default()
    }
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }
}

/// A round that could not be replayed: its located errors.
struct Invalid {
    file: String,
    error: Error,
    /// The text of each line a finding names (as the file was read; lossy), in line order:
    /// quoted under each finding as every game's diagnostics quote their line.
    quoted: Vec<(u32, String)>,
}

impl Invalid {
    /// `error` of the script `bytes`, with the lines its findings name.
    fn new(file: String, error: Error, bytes: &[u8]) -> Invalid {
        let mut invalid = Invalid {
            file,
            error,
            quoted: Vec::new(),
        };
        // Each named line once, with the column of its first finding (the excerpt's centre
        // on a long line), in line order.
        let mut wanted: Vec<(u32, u32)> = invalid
            .findings()
            .iter()
            .map(|f| (f.0.line, f.0.col))
            .collect();
        wanted.sort_by_key(|&(line, _)| line);
        wanted.dedup_by_key(|&mut (line, _)| line);
        // One pass over the lines, whatever their number; only the named ones are kept.
        let mut next = wanted.iter().peekable();
        for (i, line) in folio_core::script::lines::each_line(bytes).enumerate() {
            let n = u32::try_from(i + 1).unwrap_or(u32::MAX);
            if let Some(&&(_, col)) = next.peek().filter(|&&&(w, _)| w == n) {
                let text = String::from_utf8_lossy(line);
                invalid.quoted.push((
                    n,
                    folio_core::script::excerpt(folio_core::script::lines::strip_bom(&text), col),
                ));
                next.next();
            }
            if next.peek().is_none() {
                break;
            }
        }
        invalid
    }

    /// The quoted text of line `n` ("" when none is kept).
    fn text_of(&self, n: u32) -> &str {
        // `quoted` is in line order.
        self.quoted
            .binary_search_by_key(&n, |(k, _)| *k)
            .map_or("", |i| self.quoted[i].1.as_str())
    }

    fn findings(&self) -> Vec<(Loc, String, &'static str)> {
        match &self.error {
            Error::Script {
                line,
                col,
                kind,
                more,
                ..
            } => std::iter::once((loc(*line, *col), kind.to_string(), kind.code()))
                .chain(
                    more.iter()
                        .map(|m| (loc(m.line, m.col), m.kind.to_string(), m.kind.code())),
                )
                .collect(),
            Error::Lexicon { .. } => {
                vec![(Loc::new(0, 0), self.error.to_string(), self.error.code())]
            }
        }
    }
}

fn loc(line: u32, col: u32) -> Loc {
    Loc::new(line, col)
}

impl ScriptReport for Invalid {
    fn file(&self) -> &str {
        &self.file
    }
    fn game(&self) -> &'static str {
        "boggle"
    }
    fn moves(&self) -> usize {
        0
    }
    fn findings(&self) -> usize {
        Invalid::findings(self).len()
    }
    fn to_text(&self) -> String {
        format!("{}\n", self.error)
    }
    /// One `file:line:col: message` line a listed error (`warning: ` before a warning's
    /// message), as [`to_text`](ScriptReport::to_text) gives them all.
    fn to_text_weighed(&self, weighing: &Weighing<'_>) -> String {
        if matches!(self.error, Error::Lexicon { .. }) {
            return self.to_text();
        }
        let findings = Invalid::findings(self);
        let weighed = weighing.weigh(findings.iter().map(|f| f.2));
        let mut out = String::new();
        for (i, (loc, message, _)) in findings.iter().enumerate() {
            if let Some(severity) = weighed.shown(i) {
                out.push_str(&format!(
                    "{}:{loc}: {}{message}\n",
                    folio_core::quote::shown(&self.file),
                    severity.prefix()
                ));
                let text = self.text_of(loc.line);
                if !text.is_empty() {
                    let shown = folio_core::quote::clipped(text, folio_core::script::SHOWN_CHARS);
                    out.push_str(&format!("    | {shown}\n"));
                }
            }
        }
        if let Some(line) = weighed.not_listed() {
            out.push_str(&format!("{line}\n"));
        }
        out
    }
    fn to_json(&self) -> serde_json::Value {
        let findings: Vec<serde_json::Value> = Invalid::findings(self)
            .into_iter()
            .map(|(loc, message, rule)| {
                serde_json::json!({"file": self.file, "line": loc.line, "col": loc.col,
                    "rule": rule, "message": message, "text": self.text_of(loc.line)})
            })
            .collect();
        serde_json::json!({"file": self.file, "game": "boggle", "findings": findings})
    }
}

impl<L: Lexicon + ?Sized> ScriptedGame<L> for Boggle {
    fn name(&self) -> &'static str {
        "boggle"
    }

    fn claims(&self, name: Option<&str>) -> bool {
        name == Some("boggle")
    }

    /// `.boggle`: a script of this game even without its `#game` line.
    fn extension(&self) -> Option<&'static str> {
        Some("boggle")
    }

    fn codes(&self) -> Vec<&'static str> {
        super::Rule::CODES
            .iter()
            .chain(crate::Rejection::CODES)
            .chain(super::ScriptError::CODES)
            .chain(super::Error::CODES)
            .copied()
            .collect()
    }

    fn replay(
        &self,
        source: Source<'_>,
        lexicons: &dyn Lexicons<L>,
        _options: &Options,
    ) -> Result<Box<dyn ScriptReport>, Refusal> {
        let file = source.name.to_string();
        let invalid = |error: Error| -> Box<dyn ScriptReport> {
            Box::new(Invalid::new(file.clone(), error, source.bytes))
        };
        // Checked first, so a malformed round is reported whole before any word set is
        // opened; words are keyed by the lexicon's own rule after (a word is then only
        // required to be one token of letters).
        let token = |w: &str| {
            let w = w.trim();
            let word_like = w
                .chars()
                .all(|c| c.is_alphabetic() || matches!(c, '\'' | '’'));
            (!w.is_empty() && word_like).then(|| w.to_uppercase())
        };
        let (script, _) = match super::check(source.name, source.bytes, &token) {
            Ok(checked) => checked,
            Err(e) => return Ok(invalid(e)),
        };
        let named = script.lexicon.as_ref().map(|l| (l.value.as_str(), l.pos));
        let request = LexiconRequest {
            named,
            path_only: true,
        };
        let Some(resolved) = lexicons.resolve(request).map_err(Refusal::Unreadable)? else {
            let e = super::Located {
                line: 1,
                col: 1,
                kind: super::ScriptError::NoLexicon,
            };
            return Ok(invalid(e.at(source.name)));
        };
        match super::play_script(
            source.name,
            source.bytes,
            resolved.lexicon.as_ref(),
            &resolved.label,
        ) {
            Ok(report) => Ok(Box::new(report)),
            Err(e) => Ok(invalid(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use folio_core::script::Severity;
    use folio_core::WordList;

    /// The findings `folio play` lists without the JSON report are the report's own.
    #[test]
    fn findings_json_is_the_reports_findings() {
        let text =
            "#game boggle\n#board PERS/LATG/SINE/TERS\n#player a\n#score a 9\n>a: perse xyz\n";
        let report = super::super::play_script("r.boggle", text, &WordList::new(["PERSE"]), "w")
            .expect("replays");
        let findings = ScriptReport::findings_json(&report);
        // xyz is rejected and the claimed score is wrong, at least.
        assert!(
            findings.as_array().is_some_and(|f| f.len() >= 2),
            "{findings}"
        );
        assert_eq!(findings, ScriptReport::to_json(&report)["findings"]);
    }

    /// A round that does not parse lists its errors as weighed too, and as ever by default.
    #[test]
    fn an_invalid_round_lists_its_errors_as_weighed() {
        let text = "#game boggle\n#board PERS/LATG/SINE/TERS\n#frob x\nwhat\n";
        let Err(error) = super::super::check("r.boggle", text.as_bytes(), &|w: &str| {
            Some(w.to_uppercase())
        }) else {
            panic!("a malformed round");
        };
        let report = Invalid::new("r.boggle".into(), error, text.as_bytes());
        let all = ScriptReport::to_text_weighed(&report, &Weighing::default());
        // Every error as `to_text` gives them, each with its line quoted.
        let unquoted: String = all
            .lines()
            .filter(|l| !l.starts_with("    | "))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(unquoted, ScriptReport::to_text(&report));
        assert!(all.contains("\n    | #frob x\n"), "{all}");
        assert!(all.contains("\n    | what\n"), "{all}");
        let weigh = |rule: &str| (rule != "unknown-pragma").then_some(Severity::Warning);
        let out = ScriptReport::to_text_weighed(&report, &Weighing::new(&weigh, None));
        assert!(!out.contains("#frob"), "{out}");
        assert!(out.contains("r.boggle:4:1: warning: "), "{out}");
        assert!(out.ends_with("not listed: 1 allowed\n"), "{out}");
    }

    /// A pragma folio does not know is a finding beside the replay's, not a reason to skip
    /// the replay: a round with one once checked no word and exited 0.
    #[test]
    fn an_unknown_pragma_does_not_turn_the_checks_off() {
        let text = "#game boggle\n#bogus 1\n#board PERS/LATG/SINE/TERS\n#player a\n\
                    >a: zzzz\n#score a 1000\n";
        let report = super::super::play_script("r.boggle", text, &WordList::new(["PERSE"]), "w")
            .expect("replays");
        let codes: Vec<(u32, &str)> = report
            .findings
            .iter()
            .map(|f| (f.loc.line, f.rule.code()))
            .collect();
        assert_eq!(
            codes,
            [
                (2, "unknown-pragma"),
                (5, "not-on-board"),
                (6, "claimed-score")
            ]
        );
        let text = ScriptReport::to_text(&report);
        assert!(text.contains("unknown pragma `#bogus`"), "{text}");
    }

    /// The transcript lists the findings as the caller weighs them: allowed ones counted
    /// apart, warnings marked, the count that of those listed.
    #[test]
    fn the_transcript_lists_findings_as_weighed() {
        let text =
            "#game boggle\n#board PERS/LATG/SINE/TERS\n#player a\n#score a 9\n>a: perse xyz\n";
        let report = super::super::play_script("r.boggle", text, &WordList::new(["PERSE"]), "w")
            .expect("replays");
        let codes: Vec<&str> = report.findings.iter().map(|f| f.rule.code()).collect();
        let (allowed, warned) = (codes[0], codes[1]);
        assert_ne!(allowed, warned);
        let weigh = |rule: &str| {
            if rule == allowed {
                None
            } else if rule == warned {
                Some(Severity::Warning)
            } else {
                Some(Severity::Error)
            }
        };
        let out = ScriptReport::to_text_weighed(&report, &Weighing::new(&weigh, None));
        let n = codes.iter().filter(|c| **c != allowed).count();
        assert!(out.contains(&format!("findings: {n}\n")), "{out}");
        assert!(out.contains(": warning: "), "{out}");
        let m = codes.iter().filter(|c| **c == allowed).count();
        assert!(out.contains(&format!("not listed: {m} allowed")), "{out}");
        assert_eq!(ScriptReport::to_text(&report), report.to_string());
    }
}
