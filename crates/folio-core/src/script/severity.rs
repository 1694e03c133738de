//! [`Severity`] and [`Weighing`]: what a finding weighs in a run, and how a game's text
//! transcript lists its findings once weighed.
//!
//! The caller (`folio play`) decides each rule code's weight (`--deny/--warn/--allow`,
//! `folio.toml`, defaults) and how many findings may still be listed (`--max-findings`); a
//! game's transcript asks a [`Weighing`] which of its findings to list and with which word,
//! so the transcript says what the run's summary and machine outputs say:
//!
//! ```
//! use folio_core::script::{Severity, Weighing};
//!
//! let weigh = |rule: &str| match rule {
//!     "score" => None,                       // --allow score
//!     "unknown-pragma" => Some(Severity::Warning),
//!     _ => Some(Severity::Error),
//! };
//! let weighing = Weighing::new(&weigh, None);
//! let weighed = weighing.weigh(["score", "unknown-pragma", "off-turn"]);
//! assert_eq!(weighed.listed(), 2);
//! assert_eq!(weighed.shown(0), None);
//! assert_eq!(weighed.shown(1), Some(Severity::Warning));
//! assert_eq!(Severity::Warning.prefix(), "warning: ");
//! assert_eq!(Severity::Error.prefix(), "");
//! assert_eq!(weighed.not_listed().as_deref(), Some("not listed: 1 allowed"));
//! ```

/// How much a finding weighs, lowest first. Serialised lower-case (`"error"`).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; the script is fine.
    Note,
    /// Probably a mistake, but not a broken rule of the game: reported, exit 0.
    Warning,
    /// A broken rule, a wrong number, a script that cannot be read as written: exit 1.
    Error,
}

impl Severity {
    /// `error`, `warning` or `note`, as in the JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// What a text diagnostic writes before the message: nothing for an error (the form
    /// every transcript has always had), `warning: ` or `note: ` otherwise, as compilers do.
    pub fn prefix(self) -> &'static str {
        match self {
            Severity::Error => "",
            Severity::Warning => "warning: ",
            Severity::Note => "note: ",
        }
    }
}

/// The caller's weighing of a report's findings: each rule code's severity (`None`: the
/// rule is allowed, its findings dropped), and how many findings may still be listed.
#[derive(Clone, Copy)]
pub struct Weighing<'a> {
    severity: &'a dyn Fn(&str) -> Option<Severity>,
    /// Findings that may still be listed (`--max-findings` left over); `None`: no limit.
    limit: Option<usize>,
}

fn all_errors(_: &str) -> Option<Severity> {
    Some(Severity::Error)
}

impl std::fmt::Debug for Weighing<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Weighing")
            .field("limit", &self.limit)
            .finish_non_exhaustive()
    }
}

impl Default for Weighing<'_> {
    /// Every finding an error, all listed: a report read on its own.
    fn default() -> Self {
        Weighing {
            severity: &all_errors,
            limit: None,
        }
    }
}

impl<'a> Weighing<'a> {
    /// A weighing by `severity` (a rule code's weight; `None`: allowed), listing at most
    /// `limit` findings.
    pub fn new(severity: &'a dyn Fn(&str) -> Option<Severity>, limit: Option<usize>) -> Self {
        Weighing { severity, limit }
    }

    /// Weighs findings of these rule codes, in the order the report lists them (the order
    /// of its JSON `findings`, so that `--max-findings` keeps the same ones).
    pub fn weigh<'r>(&self, rules: impl IntoIterator<Item = &'r str>) -> Weighed {
        let mut weighed = Weighed::default();
        let mut left = self.limit;
        for rule in rules {
            let shown = match (self.severity)(rule) {
                None => {
                    weighed.allowed += 1;
                    None
                }
                Some(s) if left == Some(0) => {
                    weighed.omitted += 1;
                    weighed.errors += usize::from(s == Severity::Error);
                    None
                }
                Some(s) => {
                    weighed.errors += usize::from(s == Severity::Error);
                    if let Some(n) = &mut left {
                        *n -= 1;
                    }
                    Some(s)
                }
            };
            weighed.shown.push(shown);
        }
        weighed
    }
}

/// A report's findings once weighed: which are listed, and with which severity.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Weighed {
    /// Per finding, in order: its severity when listed, `None` when it is not.
    shown: Vec<Option<Severity>>,
    /// Findings of allowed rules.
    pub allowed: usize,
    /// Findings past the limit.
    pub omitted: usize,
    /// Findings weighed as errors, listed or past the limit: none, and the report is valid
    /// (the exit status's verdict).
    pub errors: usize,
}

impl Weighed {
    /// The severity of finding `i` when it is listed; `None` when it is not.
    pub fn shown(&self, i: usize) -> Option<Severity> {
        self.shown.get(i).copied().flatten()
    }

    /// How many findings are listed.
    pub fn listed(&self) -> usize {
        self.shown.iter().flatten().count()
    }

    /// The line saying what was weighed but not listed (`not listed: 2 allowed, 1 past
    /// --max-findings`), so that nothing is hidden silently; `None` when all were listed.
    pub fn not_listed(&self) -> Option<String> {
        let mut parts = Vec::new();
        if self.allowed > 0 {
            parts.push(format!("{} allowed", self.allowed));
        }
        if self.omitted > 0 {
            parts.push(format!("{} past --max-findings", self.omitted));
        }
        (!parts.is_empty()).then(|| format!("not listed: {}", parts.join(", ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn weigh(rule: &str) -> Option<Severity> {
        match rule {
            "allowed" => None,
            "warned" => Some(Severity::Warning),
            "noted" => Some(Severity::Note),
            _ => Some(Severity::Error),
        }
    }

    #[test]
    fn allowed_findings_are_not_listed_but_counted() {
        let w = Weighing::new(&weigh, None).weigh(["allowed", "score", "allowed"]);
        assert_eq!(w.listed(), 1);
        assert_eq!(
            (w.shown(0), w.shown(1), w.shown(2)),
            (None, Some(Severity::Error), None)
        );
        assert_eq!(w.not_listed().as_deref(), Some("not listed: 2 allowed"));
    }

    #[test]
    fn the_limit_counts_listed_findings_only_and_the_rest_are_omitted() {
        let w = Weighing::new(&weigh, Some(1)).weigh(["allowed", "warned", "noted", "score"]);
        assert_eq!(w.listed(), 1);
        assert_eq!(w.shown(1), Some(Severity::Warning));
        assert_eq!((w.allowed, w.omitted), (1, 2));
        // The error past the limit still counts against the verdict.
        assert_eq!(w.errors, 1);
        assert_eq!(
            w.not_listed().as_deref(),
            Some("not listed: 1 allowed, 2 past --max-findings")
        );
        let none = Weighing::new(&weigh, Some(0)).weigh(["score"]);
        assert_eq!((none.listed(), none.omitted), (0, 1));
    }

    #[test]
    fn by_default_every_finding_is_a_listed_error() {
        let w = Weighing::default().weigh(["allowed", "warned"]);
        assert_eq!(w.listed(), 2);
        assert_eq!(w.shown(1), Some(Severity::Error));
        assert_eq!(w.not_listed(), None);
    }

    #[test]
    fn only_warnings_and_notes_say_their_severity_in_text() {
        assert_eq!(Severity::Error.prefix(), "");
        assert_eq!(Severity::Warning.prefix(), "warning: ");
        assert_eq!(Severity::Note.prefix(), "note: ");
        assert_eq!(
            serde_json::to_value(Severity::Warning).unwrap(),
            serde_json::json!("warning")
        );
    }
}
