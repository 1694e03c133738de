//! The binary's side of word sets for `folio play`: `--set` (opened once for the run),
//! else the script's `#lexicon`, which is read only from a regular file and, unless
//! `--lexicon-paths any`, only relative to the script's folder. A script is data from
//! anywhere (a pull request): it must not make folio read a FIFO or a device and hang
//! (`#lexicon /dev/stdin`), nor name any file of the machine.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use folio_core::script::{LexiconRequest, Lexicons, Resolved};
use folio_lexicon::WordSet;

/// Which `#lexicon` paths a script may name (`--lexicon-paths`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LexiconPaths {
    /// Relative paths only, taken from the script's folder.
    #[default]
    Script,
    /// Absolute paths too (still regular files only).
    Any,
}

/// The word sets of one script.
pub struct CliLexicons<'a> {
    /// The script (`-`: stdin, whose `#lexicon` is relative to the current folder).
    pub script: &'a Path,
    /// The script as named, in messages.
    pub name: &'a str,
    /// `--set`: the set and its path.
    pub forced: Option<(&'a Arc<WordSet>, Option<&'a PathBuf>)>,
    /// `--lexicon-paths`.
    pub paths: LexiconPaths,
    /// The sets walked for this script, named in a malformed-set error.
    pub opened: std::cell::RefCell<Vec<PathBuf>>,
}

impl Lexicons<WordSet> for CliLexicons<'_> {
    fn resolve(&self, request: LexiconRequest<'_>) -> Result<Option<Resolved<WordSet>>, String> {
        if let Some((set, path)) = self.forced {
            self.opened.borrow_mut().extend(path.cloned());
            return Ok(Some(Resolved {
                lexicon: Arc::clone(set),
                label: path
                    .map(|p| folio_core::file_name::in_message(p))
                    .unwrap_or_default(),
            }));
        }
        let Some((value, loc)) = request.named else {
            return Ok(None);
        };
        let name = self.name;
        let located = |why: String| {
            if request.path_only {
                format!("{name}:{loc}: #lexicon: {why}")
            } else {
                format!("{name}:{loc}: #lexicon {value}: {why}")
            }
        };
        let base = if super::inputs::is_stdin(self.script) {
            Path::new("")
        } else {
            self.script.parent().unwrap_or(Path::new(""))
        };
        let candidate = base.join(value);
        // A value written as a path must open; a bare name (`CSW19`) is a lexicon name
        // unless a file of that name sits beside the script (GCG records only).
        if !(request.path_only || looks_like_path(value) || candidate.is_file()) {
            return Ok(None);
        }
        allowed(value, &candidate, self.paths).map_err(located)?;
        self.opened.borrow_mut().push(candidate.clone());
        folio_lexicon::checked::open_set(&candidate)
            .map(|set| {
                Some(Resolved {
                    lexicon: Arc::new(set),
                    label: value.to_string(),
                })
            })
            .map_err(|e| located(crate::render(&anyhow::Error::new(e))))
    }
}

/// Whether the script may open `value` (found at `candidate`): not an absolute path unless
/// `any`, never under `/dev` or `/proc`, and a regular file (after symbolic links) when it
/// exists — a missing file is left to the opening, which names it.
fn allowed(value: &str, candidate: &Path, paths: LexiconPaths) -> Result<(), String> {
    let written = Path::new(value);
    let absolute = written.has_root()
        || written
            .components()
            .any(|c| matches!(c, Component::Prefix(_)));
    if absolute && paths == LexiconPaths::Script {
        return Err(
            "an absolute path: a script names its word set relative to its own folder \
             (--lexicon-paths any allows absolute paths, or give --set)"
                .into(),
        );
    }
    let system = |p: &Path| p.starts_with("/dev") || p.starts_with("/proc");
    if system(candidate) || std::fs::canonicalize(candidate).is_ok_and(|c| system(&c)) {
        return Err("a device or process file: word sets are read from regular files only".into());
    }
    match std::fs::metadata(candidate) {
        Ok(meta) if !meta.is_file() => Err(format!(
            "not a regular file ({}): word sets are read from regular files only",
            kind(&meta)
        )),
        _ => Ok(()),
    }
}

/// What a file that is not a regular file is, in messages.
pub(super) fn kind(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if meta.is_dir() {
        "a folder"
    } else {
        "not a file"
    }
}

/// Whether a `#lexicon` value is written as a path to a word set (`sets/books.fst`,
/// `..\\books`, `books.fst`) rather than as a lexicon's name (`CSW19`, `NWL2020`).
pub fn looks_like_path(value: &str) -> bool {
    value.contains(['/', '\\'])
        || Path::new(value)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("fst"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexicon_values_written_as_paths() {
        for v in [
            "sets/books.fst",
            "..\\books",
            "books.fst",
            "BOOKS.FST",
            "/abs/x",
        ] {
            assert!(looks_like_path(v), "{v}");
        }
        for v in ["CSW19", "NWL2020", "TWL06", "fst", "NWL2018.txt"] {
            assert!(!looks_like_path(v), "{v}");
        }
    }

    #[test]
    fn only_regular_files_relative_to_the_script() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        std::fs::write(dir.join("w.fst"), "").unwrap();
        let script = LexiconPaths::Script;
        assert_eq!(allowed("w.fst", &dir.join("w.fst"), script), Ok(()));
        assert_eq!(allowed("gone.fst", &dir.join("gone.fst"), script), Ok(()));
        let abs = dir.join("w.fst");
        let abs = abs.to_str().unwrap();
        assert!(allowed(abs, Path::new(abs), script)
            .unwrap_err()
            .contains("absolute"));
        assert_eq!(allowed(abs, Path::new(abs), LexiconPaths::Any), Ok(()));
        let any = LexiconPaths::Any;
        for dev in ["/dev/stdin", "/dev/null", "/proc/self/fd/0"] {
            let e = allowed(dev, Path::new(dev), any).unwrap_err();
            assert!(e.contains("regular files only"), "{dev}: {e}");
        }
        assert!(allowed(".", dir, any).unwrap_err().contains("a folder"));
        #[cfg(unix)]
        {
            let fifo = dir.join("f.fst");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            assert!(made.is_ok_and(|s| s.success()), "mkfifo");
            let e = allowed("f.fst", &fifo, script).unwrap_err();
            assert!(e.contains("a FIFO"), "{e}");
        }
    }
}
