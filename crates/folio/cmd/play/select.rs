//! Severity and selection: what each rule code weighs in a run of `folio play`.
//!
//! Every rule code has a default severity ([`default_severity`]: a table, docs/formats.md
//! §8); `--deny RULE` makes it an error, `--warn RULE` a warning, `--allow RULE` drops its
//! findings (counted as `allowed` in the summary). The same three lists may be given in a
//! `folio.toml` in the working directory, under `[play]`; the command line wins over the
//! file. Only errors make a run exit 1.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use anyhow::{bail, Context};
use folio_core::script::ScriptedGame;
use folio_lexicon::WordSet;

pub use folio_core::script::Severity;

/// The rule codes whose default is not [`Severity::Error`]: the script can still be
/// replayed and checked as its author meant it. Every other code is an error.
const DEFAULTS: &[(&str, Severity)] = &[
    // `#character-encoding` names an encoding folio does not read: the file is read by the
    // GCG rule (UTF-8, else ISO-8859-1), which is what the pragma usually meant.
    ("unsupported-encoding", Severity::Warning),
    ("encoding-not-first", Severity::Warning),
    // Pragmas folio does not know, or that repeat an earlier value: nothing is lost.
    ("unknown-pragma", Severity::Warning),
    ("unknown-game-variant", Severity::Warning),
    ("redundant-pragma", Severity::Note),
    ("note-before-events", Severity::Note),
    // A finished game whose record stops before its end-of-game line: every move checked.
    ("missing-end-line", Severity::Warning),
];

/// Codes that say folio could not check a file at all: always errors, never selectable
/// (the run exits 2 for them).
pub const FIXED: &[&str] = &["internal-error", "unreadable"];

/// The verdict codes: a game not won, a puzzle not solved. A run holding one is invalid
/// (exit 1) whatever else is selected, so `--allow` and `--warn` refuse them (`--deny` is
/// what they already are).
pub const VERDICTS: &[(&str, &str)] = &[
    ("not-won", "the game is not won"),
    ("not-solved", "the puzzle is not solved"),
];

/// The one code `folio play` gives itself rather than a game: a `#game` line that is not
/// the script's first.
pub const MISPLACED_GAME_PRAGMA: &str = "misplaced-game-pragma";

/// The registry of rule codes a run knows: every code its games' findings can carry (each
/// game's own tables, [`ScriptedGame::codes`]), folio play's own and the [`FIXED`] ones. A
/// code given to `--deny`, `--warn`, `--allow` or `folio.toml` must be one of them.
pub fn known_codes(games: &[&dyn ScriptedGame<WordSet>]) -> BTreeSet<&'static str> {
    games
        .iter()
        .flat_map(|g| g.codes())
        .chain([MISPLACED_GAME_PRAGMA])
        .chain(FIXED.iter().copied())
        .collect()
}

/// The default severity of `rule`.
pub fn default_severity(rule: &str) -> Severity {
    DEFAULTS
        .iter()
        .find(|(code, _)| *code == rule)
        .map_or(Severity::Error, |&(_, s)| s)
}

/// The severities of one run: the defaults, then `folio.toml`, then the command line.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// `None`: the rule is allowed (its findings are dropped).
    overrides: BTreeMap<String, Option<Severity>>,
}

/// Three lists of rule codes, from the command line or one `[play]` table.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lists {
    /// Rules made errors.
    #[serde(default)]
    pub deny: Vec<String>,
    /// Rules made warnings.
    #[serde(default)]
    pub warn: Vec<String>,
    /// Rules whose findings are dropped.
    #[serde(default)]
    pub allow: Vec<String>,
}

/// `folio.toml`: settings of a project's checks.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Config {
    #[serde(default)]
    play: Lists,
}

/// The name of the settings file looked for in the working directory.
pub const CONFIG: &str = "folio.toml";

/// The most bytes of `folio.toml` read: a settings file is a few lines.
const CONFIG_MAX_BYTES: u64 = 1 << 20;

/// The text of the settings file at `path`: a regular file (a link to one is followed) of
/// at most [`CONFIG_MAX_BYTES`]. A FIFO would hang the run and `/dev/zero` fill memory, so
/// anything else is an error, as is a longer file.
fn read_config(path: &Path) -> std::io::Result<String> {
    use std::io::Read;
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "a folder"
        } else {
            "not a regular file"
        };
        return Err(std::io::Error::other(what));
    }
    let mut text = String::new();
    std::fs::File::open(path)?
        .take(CONFIG_MAX_BYTES + 1)
        .read_to_string(&mut text)?;
    if text.len() as u64 > CONFIG_MAX_BYTES {
        return Err(std::io::Error::other(format!(
            "longer than {CONFIG_MAX_BYTES} bytes"
        )));
    }
    Ok(text)
}

impl Selection {
    /// The run's selection: `dir/folio.toml` (if there is one), overridden by `cli`. A code
    /// on the command line must be in `known` (the command's games, [`known_codes`]); one
    /// in the file may also be one of `every` game's (every game `folio play` knows), and
    /// is then skipped: a repository's one `folio.toml` serves all its games, so `allow =
    /// ["score"]` is no error for `folio kenken replay`.
    ///
    /// # Errors
    /// An unreadable or malformed `folio.toml` (its message names the line), a code that is
    /// not kebab-case or not known (a typo would otherwise select nothing, silently), a
    /// fixed code, or one code in two lists of the same source.
    pub fn load(
        dir: &Path,
        cli: &Lists,
        known: &BTreeSet<&str>,
        every: &BTreeSet<&str>,
    ) -> anyhow::Result<Self> {
        let path = dir.join(CONFIG);
        let mut selection = Selection::default();
        match read_config(&path) {
            Ok(text) => {
                let config: Config = toml::from_str(&text)
                    .with_context(|| folio_core::file_name::in_message(&path))?;
                selection
                    .apply(&config.play, known, Some(every))
                    .with_context(|| {
                        format!("{} [play]", folio_core::file_name::in_message(&path))
                    })?;
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                return Err(anyhow::Error::new(e).context(format!("cannot read {CONFIG}")));
            }
        }
        selection.apply(cli, known, None)?;
        Ok(selection)
    }

    /// Lays `lists` over the selection so far; a code of `other` games (not in `known`) is
    /// skipped.
    fn apply(
        &mut self,
        lists: &Lists,
        known: &BTreeSet<&str>,
        other: Option<&BTreeSet<&str>>,
    ) -> anyhow::Result<()> {
        let mut seen: BTreeMap<&str, &str> = BTreeMap::new();
        // A code is named as the user wrote it: `--allow scroe` on the command line, `"scroe"
        // in allow` from folio.toml (which has no flags to name).
        let from_file = other.is_some();
        let named = |flag: &str, code: &str| {
            if from_file {
                format!("{} in {flag}", folio_core::quote::quoted(code))
            } else {
                format!("--{flag} {code}")
            }
        };
        let list = |flag: &str| {
            if from_file {
                flag.to_string()
            } else {
                format!("--{flag}")
            }
        };
        for (flag, codes, level) in [
            ("deny", &lists.deny, Some(Severity::Error)),
            ("warn", &lists.warn, Some(Severity::Warning)),
            ("allow", &lists.allow, None),
        ] {
            for code in codes {
                if code.is_empty()
                    || !code
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                {
                    let code = if from_file {
                        named(flag, code)
                    } else {
                        format!("--{flag} {}", folio_core::quote::quoted(code))
                    };
                    bail!("{code}: a rule code is kebab-case (`unknown-word`)");
                }
                if !known.contains(code.as_str()) {
                    if other.is_some_and(|o| o.contains(code.as_str())) {
                        continue;
                    }
                    bail!("{}: {}", named(flag, code), unknown_code(code, known));
                }
                if FIXED.contains(&code.as_str()) {
                    bail!(
                        "{}: {code} is always an error (folio could not check the file)",
                        named(flag, code)
                    );
                }
                if let Some((_, what)) = VERDICTS.iter().find(|(v, _)| v == code) {
                    if level != Some(Severity::Error) {
                        bail!(
                            "{}: {code} is the verdict ({what}): always an error, so the run \
                             is invalid (exit 1) whatever is allowed",
                            named(flag, code)
                        );
                    }
                }
                if let Some(other) = seen.insert(code.as_str(), flag) {
                    if other != flag {
                        bail!("{code} is given to both {} and {}", list(other), list(flag));
                    }
                }
                self.overrides.insert(code.clone(), level);
            }
        }
        Ok(())
    }

    /// The codes given a severity explicitly (`--deny`, `--warn`, folio.toml's lists): a
    /// game's note of one of them becomes a finding ([`folio_core::script::Options::selected`]).
    pub fn selected(&self) -> Vec<String> {
        self.overrides
            .iter()
            .filter(|(_, level)| level.is_some())
            .map(|(code, _)| code.clone())
            .collect()
    }

    /// The severity of `rule` in this run; `None` when it is allowed.
    pub fn severity(&self, rule: &str) -> Option<Severity> {
        match self.overrides.get(rule) {
            Some(level) => *level,
            None => Some(default_severity(rule)),
        }
    }
}

/// What to say of a code none of the games reports: the closest known codes (a typo, or a
/// word of the code), then every known code, a few to a line.
fn unknown_code(code: &str, known: &BTreeSet<&str>) -> String {
    let mut near: Vec<(usize, &str)> = known
        .iter()
        .map(|k| (strsim::damerau_levenshtein(code, k), *k))
        .filter(|&(d, k)| d <= 2.max(code.len() / 4) || k.split('-').any(|w| w == code))
        .collect();
    near.sort();
    let mut message = String::from("unknown rule code");
    if !near.is_empty() {
        let shown: Vec<_> = near.iter().take(3).map(|(_, k)| *k).collect();
        message.push_str(&format!(" (did you mean {}?)", shown.join(", ")));
    }
    message.push_str(&format!("; the {} known codes:", known.len()));
    let mut line = String::new();
    for k in known {
        if !line.is_empty() && line.len() + k.len() > 90 {
            message.push_str(&format!("\n  {line}"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(k);
    }
    message.push_str(&format!("\n  {line}"));
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known() -> BTreeSet<&'static str> {
        known_codes(&crate::cmd::play::games())
    }

    #[test]
    fn the_registry_holds_every_game_s_codes_and_the_defaults() {
        let known = known();
        for code in [
            "score",
            "unknown-word",
            "bad-player-pragma",
            "not-on-board",
            "claimed-score",
        ]
        .into_iter()
        .chain(["row-duplicate", "empty-cell", "not-won", "does-not-fit"])
        .chain(FIXED.iter().copied())
        .chain(DEFAULTS.iter().map(|(c, _)| *c))
        {
            assert!(known.contains(code), "{code} is not in the registry");
        }
        assert!(!known.contains("scroe"));
    }

    #[test]
    fn an_unknown_code_is_refused_naming_it_and_the_known_ones() {
        let tmp = tempfile::tempdir().unwrap();
        let e = Selection::load(tmp.path(), &lists(&[], &[], &["scroe"]), &known(), &known())
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("--allow scroe: unknown rule code (did you mean score?)"),
            "{e}"
        );
        assert!(e.contains(" row-duplicate"), "{e}");
        // A word of a code finds it; nothing near, no guess.
        let words = unknown_code("duplicate", &known());
        assert!(words.contains("did you mean") && words.contains("row-duplicate"));
        assert!(!unknown_code("zzzzzzzzzzzz", &known()).contains("did you mean"));
        std::fs::write(tmp.path().join(CONFIG), "[play]\nwarn = [\"not-a-rule\"]\n").unwrap();
        let e = format!(
            "{:#}",
            Selection::load(tmp.path(), &Lists::default(), &known(), &known()).unwrap_err()
        );
        assert!(
            e.contains("folio.toml") && e.contains("\"not-a-rule\" in warn: unknown"),
            "{e}"
        );
    }

    /// A code of another game in `folio.toml` is skipped by a one-game command; on its
    /// command line it is refused, and a code no game knows is refused from either.
    #[test]
    fn a_file_code_of_another_game_is_skipped_a_command_line_one_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let kenken: Vec<&dyn ScriptedGame<WordSet>> = vec![&folio_kenken::KenKen];
        let only = known_codes(&kenken);
        std::fs::write(
            tmp.path().join(CONFIG),
            "[play]\nallow = [\"score\"]\nwarn = [\"row-duplicate\"]\n",
        )
        .unwrap();
        let s = Selection::load(tmp.path(), &Lists::default(), &only, &known()).unwrap();
        assert_eq!(s.severity("row-duplicate"), Some(Severity::Warning));
        let e = Selection::load(tmp.path(), &lists(&[], &[], &["score"]), &only, &known())
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("--allow score: unknown rule code"), "{e}");
        std::fs::write(tmp.path().join(CONFIG), "[play]\nallow = [\"scroe\"]\n").unwrap();
        let e = format!(
            "{:#}",
            Selection::load(tmp.path(), &Lists::default(), &only, &known()).unwrap_err()
        );
        assert!(e.contains("\"scroe\" in allow: unknown rule code"), "{e}");
    }

    fn lists(deny: &[&str], warn: &[&str], allow: &[&str]) -> Lists {
        let v = |l: &[&str]| l.iter().map(|s| s.to_string()).collect();
        Lists {
            deny: v(deny),
            warn: v(warn),
            allow: v(allow),
        }
    }

    #[test]
    fn defaults_then_file_then_command_line() {
        let tmp = tempfile::tempdir().unwrap();
        let none = Selection::load(tmp.path(), &Lists::default(), &known(), &known()).unwrap();
        assert_eq!(none.severity("score"), Some(Severity::Error));
        assert_eq!(
            none.severity("unsupported-encoding"),
            Some(Severity::Warning)
        );
        assert_eq!(none.severity("redundant-pragma"), Some(Severity::Note));
        std::fs::write(
            tmp.path().join(CONFIG),
            "[play]\nallow = [\"score\"]\ndeny = [\"unsupported-encoding\"]\n",
        )
        .unwrap();
        let file = Selection::load(tmp.path(), &Lists::default(), &known(), &known()).unwrap();
        assert_eq!(file.severity("score"), None);
        assert_eq!(file.severity("unsupported-encoding"), Some(Severity::Error));
        let cli =
            Selection::load(tmp.path(), &lists(&[], &["score"], &[]), &known(), &known()).unwrap();
        assert_eq!(cli.severity("score"), Some(Severity::Warning));
        assert_eq!(cli.severity("unsupported-encoding"), Some(Severity::Error));
    }

    #[test]
    fn bad_selections_are_usage_errors() {
        let tmp = tempfile::tempdir().unwrap();
        for (l, why) in [
            (lists(&["Score"], &[], &[]), "kebab-case"),
            (lists(&[], &[], &["internal-error"]), "always an error"),
            (lists(&[], &[], &["not-won"]), "not-won is the verdict"),
            (
                lists(&[], &["not-solved"], &[]),
                "not-solved is the verdict",
            ),
            (
                lists(&["score"], &[], &["score"]),
                "both --deny and --allow",
            ),
        ] {
            let e = Selection::load(tmp.path(), &l, &known(), &known())
                .unwrap_err()
                .to_string();
            assert!(e.contains(why), "{e}");
        }
        std::fs::write(tmp.path().join(CONFIG), "[play]\ndeny = \"score\"\n").unwrap();
        let e = format!(
            "{:#}",
            Selection::load(tmp.path(), &Lists::default(), &known(), &known()).unwrap_err()
        );
        assert!(e.contains("folio.toml") && e.contains("line 2"), "{e}");
        std::fs::write(tmp.path().join(CONFIG), "[play]\ndenny = [\"score\"]\n").unwrap();
        let e = format!(
            "{:#}",
            Selection::load(tmp.path(), &Lists::default(), &known(), &known()).unwrap_err()
        );
        assert!(e.contains("denny"), "{e}");
    }
}
