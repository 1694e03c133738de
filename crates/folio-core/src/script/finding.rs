//! [`Finding`]: one located problem in a script, the one shape every game reports.
//!
//! A finding is `file:line:col: message` plus the line as written, and a stable rule code
//! (`score`, `unknown-word`, `not-on-board`…) for tools. The rule itself stays typed in
//! each game ([`Rule`] is the kernel's view of it: a code and a message), so a game keeps
//! its verdicts as values and the kernel prints and serialises them all alike.

use std::fmt;

use crate::quote::clipped;
use crate::script::excerpt::excerpt;
use crate::script::{Loc, Severity};

/// What the kernel needs of a game's typed rule: a stable code, and a message (`Display`).
pub trait Rule: fmt::Display {
    /// The stable, kebab-case code of the rule (`score`, `off-turn`, `not-on-board`):
    /// part of the JSON contract, never reworded.
    fn code(&self) -> &'static str;
}

/// A rule known only by its stable code and a message: for games whose rules are checked
/// by code and reported as text (KenKen, FreeCell).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coded {
    /// The stable, kebab-case code (`row-duplicate`, `does-not-fit`).
    pub code: &'static str,
    /// What is wrong, for a person.
    pub message: String,
}

impl fmt::Display for Coded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl Rule for Coded {
    fn code(&self) -> &'static str {
        self.code
    }
}

impl Finding<Coded> {
    /// A finding of a [`Coded`] rule at `line`:`col` of `file`, on the line `text` (kept
    /// as its [`excerpt`] around the column: pass an [`crate::script::Excerpter`]'s cut when
    /// a long line has many findings, and this costs O([`SHOWN_CHARS`])).
    pub fn coded(
        file: &str,
        loc: Loc,
        code: &'static str,
        message: String,
        text: impl AsRef<str>,
    ) -> Self {
        Finding {
            file: file.to_string(),
            loc,
            rule: Coded { code, message },
            text: excerpt(text.as_ref(), loc.col),
        }
    }
}

/// One located finding of a game whose rules are `R`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding<R> {
    /// The file as named on the command line (`-` for stdin).
    pub file: String,
    /// Line and column (1-based).
    pub loc: Loc,
    /// The rule broken, typed by the game.
    pub rule: R,
    /// The line as written (decoded), or, for a line over [`SHOWN_CHARS`] characters, its
    /// [`excerpt`] around the column (`…WINDOW… (N characters)`): a finding holds bounded
    /// text, so many findings on one long line cost memory linear in it. Build it with
    /// [`excerpt`] or an [`crate::script::Excerpter`].
    pub text: String,
}

/// The longest line a finding keeps and a text diagnostic echoes, in characters (longer ones
/// are cut to a window around the column, with `…` and their length: [`excerpt`]).
pub const SHOWN_CHARS: usize = 200;

impl<R: Rule> Finding<R> {
    /// The diagnostic: `file:line:col: message` then the line as written, indented. Control
    /// characters in the line are shown escaped (`\u{1b}`), and a line over [`SHOWN_CHARS`]
    /// characters shows its excerpt (`…WINDOW… (N characters)`, [`excerpt`]; a text built
    /// otherwise is cut by [`clipped`]): a binary file given as a script must not write
    /// terminal escapes or kilobytes of bytes to the screen.
    pub fn diagnostic(&self) -> String {
        format!("{self}\n    | {}", clipped(&self.text, SHOWN_CHARS))
    }

    /// The [`diagnostic`](Self::diagnostic) of a finding weighed `severity` in a run:
    /// `file:line:col: warning: message` for a warning (`note: ` for a note), the plain
    /// diagnostic for an error.
    pub fn diagnostic_as(&self, severity: Severity) -> String {
        format!(
            "{}:{}: {}{}\n    | {}",
            self.file,
            self.loc,
            severity.prefix(),
            self.rule,
            clipped(&self.text, SHOWN_CHARS)
        )
    }
}

impl<R: Rule> fmt::Display for Finding<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.loc, self.rule)
    }
}

/// `{file, line, col, rule, message, text}`: the finding object of every report
/// (docs/formats.md).
impl<R: Rule> serde::Serialize for Finding<R> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Finding", 6)?;
        st.serialize_field("file", &self.file)?;
        st.serialize_field("line", &self.loc.line)?;
        st.serialize_field("col", &self.loc.col)?;
        st.serialize_field("rule", self.rule.code())?;
        st.serialize_field("message", &self.rule.to_string())?;
        st.serialize_field("text", &self.text)?;
        st.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Empty;
    impl fmt::Display for Empty {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("the script is empty")
        }
    }
    impl Rule for Empty {
        fn code(&self) -> &'static str {
            "empty"
        }
    }

    fn finding(text: &str) -> Finding<Empty> {
        Finding {
            file: "f.gcg".into(),
            loc: Loc::new(3, 1),
            rule: Empty,
            text: text.into(),
        }
    }

    #[test]
    fn diagnostics_escape_control_characters_and_cut_long_lines() {
        let d = finding("\u{7f}ELF\u{1b}[2J\0\tx").diagnostic();
        let echoed = d.lines().nth(1).unwrap();
        assert_eq!(echoed, "    | \\u{7f}ELF\\u{1b}[2J\\u{0}\tx");
        let long = "é".repeat(SHOWN_CHARS + 50);
        let d = finding(&long).diagnostic();
        let echoed = d.lines().nth(1).unwrap();
        assert_eq!(
            echoed,
            format!(
                "    | {}… ({} characters)",
                "é".repeat(SHOWN_CHARS),
                SHOWN_CHARS + 50
            )
        );
        let plain = finding(">ann: 8H HORN +14 14").diagnostic();
        assert_eq!(
            plain,
            "f.gcg:3:1: the script is empty\n    | >ann: 8H HORN +14 14"
        );
    }

    #[test]
    fn a_weighed_diagnostic_says_warning_or_note_and_an_error_as_ever() {
        let f = finding(">ann: 8H HORN +14 14");
        assert_eq!(f.diagnostic_as(Severity::Error), f.diagnostic());
        assert_eq!(
            f.diagnostic_as(Severity::Warning),
            "f.gcg:3:1: warning: the script is empty\n    | >ann: 8H HORN +14 14"
        );
        assert!(f
            .diagnostic_as(Severity::Note)
            .starts_with("f.gcg:3:1: note: the script"));
    }

    #[test]
    fn serialises_as_the_shared_finding_object() {
        let v = serde_json::to_value(finding("x")).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"file": "f.gcg", "line": 3, "col": 1, "rule": "empty",
                "message": "the script is empty", "text": "x"})
        );
    }
}
