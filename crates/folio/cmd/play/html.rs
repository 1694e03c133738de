//! `folio play --html OUT.html`: the run's HTML report (docs/render.md), drawn by
//! folio-render and written here, each file atomically.
//!
//! One script: OUT.html is its page. Several: OUT.html is an index page linking one page per
//! script, written in the folder `OUT-files/` beside it (`001-NAME.html`, numbered in run
//! order so two scripts of the same name never share a page). Pages of an earlier run that
//! this run did not write again are removed from that folder (only files named as folio names
//! its pages; anything else a user put there stays).

use std::cell::RefCell;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

use anyhow::Context;
use folio_core::script::ScriptReport;
use folio_render::IndexEntry;

/// The HTML pages of one run.
pub(super) struct Html {
    out: PathBuf,
    /// The folder of the pages (several scripts), and its name as the index links it.
    dir: Option<(PathBuf, String)>,
    /// `OUT-files/` whether or not this run writes pages there: an earlier run may have.
    files_dir: PathBuf,
    /// File names of the pages written in `files_dir` by this run.
    written: RefCell<HashSet<String>>,
    /// Digits of the page numbers.
    width: usize,
    entries: RefCell<Vec<IndexEntry>>,
    /// Pages drawn and not yet written (at most [`BATCH`]).
    pending: RefCell<Vec<(PathBuf, String)>>,
}

/// Pages written together: each file is synced to disk before it replaces the old one, and
/// a batch's syncs overlap (`write_files_atomic`) instead of adding up, while memory holds
/// no more than this many pages.
const BATCH: usize = 16;

impl Html {
    /// The report of a run of `scripts` scripts, written to `out`.
    pub fn new(out: &Path, scripts: usize) -> Html {
        let stem = out
            .file_stem()
            .map_or_else(|| "report".into(), |s| s.to_string_lossy().into_owned());
        let name = format!("{stem}-files");
        let files_dir = out.with_file_name(&name);
        let dir = (scripts > 1).then(|| (files_dir.clone(), name));
        Html {
            out: out.to_path_buf(),
            dir,
            files_dir,
            written: RefCell::new(HashSet::new()),
            width: scripts.to_string().len().max(3),
            entries: RefCell::new(Vec::new()),
            pending: RefCell::new(Vec::new()),
        }
    }

    /// How many scripts have an entry so far.
    pub fn len(&self) -> usize {
        self.entries.borrow().len()
    }

    /// Draws and writes the page of a replayed script.
    ///
    /// # Errors
    /// The page cannot be written.
    pub fn page(&self, name: &str, report: &dyn ScriptReport, source: &[u8]) -> anyhow::Result<()> {
        let k = self.len() + 1;
        let (path, href, back) = match &self.dir {
            None => (self.out.clone(), None, None),
            Some((dir, dir_name)) => {
                let file = format!("{k:0w$}-{}.html", safe(name), w = self.width);
                self.written.borrow_mut().insert(file.clone());
                let index = self
                    .out
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                (
                    dir.join(&file),
                    Some(format!("{dir_name}/{file}")),
                    Some(format!("../{index}")),
                )
            }
        };
        let html = folio_render::page(report, source, back.as_deref());
        if let Some((dir, _)) = &self.dir {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        self.pending.borrow_mut().push((path, html));
        if self.pending.borrow().len() >= BATCH {
            self.flush()?;
        }
        self.entries.borrow_mut().push(IndexEntry {
            file: name.to_string(),
            game: Some(report.game().to_string()),
            moves: report.moves(),
            findings: report.findings(),
            href: href.or_else(|| Some(String::new())),
            error: None,
        });
        Ok(())
    }

    /// Writes the pages drawn so far.
    fn flush(&self) -> anyhow::Result<()> {
        let pages = std::mem::take(&mut *self.pending.borrow_mut());
        let files: Vec<(&Path, &[u8])> = pages
            .iter()
            .map(|(p, html)| (p.as_path(), html.as_bytes()))
            .collect();
        folio_lexicon::set::atomic::write_files_atomic(&files)
            .context("cannot write the HTML pages")
    }

    /// Lists a script that has no page (it could not be read or replayed).
    pub fn no_page(&self, name: &str, game: Option<&str>, findings: usize, why: String) {
        self.entries.borrow_mut().push(IndexEntry {
            file: name.to_string(),
            game: game.map(str::to_string),
            moves: 0,
            findings,
            href: None,
            error: Some(why),
        });
    }

    /// Writes the index page (several scripts), or, for a single script that got no page,
    /// a page saying why.
    ///
    /// # Errors
    /// The index cannot be written.
    pub fn finish(self) -> anyhow::Result<()> {
        self.flush()?;
        let entries = self.entries.take();
        let single_with_page = self.dir.is_none() && entries.iter().all(|e| e.href.is_some());
        if !single_with_page {
            let html = folio_render::index(&entries);
            folio_lexicon::set::atomic::write_bytes_atomic(&self.out, html.as_bytes())
                .with_context(|| format!("cannot write {}", self.out.display()))?;
        }
        self.remove_stale_pages()
    }

    /// Removes from `OUT-files/` the pages an earlier run wrote and this one did not: regular
    /// files named as folio names its pages ([`is_page_name`]), nothing else. A folder left
    /// empty by a run that needs none (one script) is removed too.
    fn remove_stale_pages(&self) -> anyhow::Result<()> {
        let dir = &self.files_dir;
        let entries = match std::fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            // A non-folder of that name is not ours to judge.
            Err(e) if e.kind() == std::io::ErrorKind::NotADirectory => return Ok(()),
            Err(e) => return Err(e).with_context(|| format!("cannot list {}", dir.display())),
        };
        let written = self.written.borrow();
        for entry in entries {
            let entry = entry.with_context(|| format!("cannot list {}", dir.display()))?;
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            // `file_type` does not follow symlinks: a link is never a page.
            let is_file = entry.file_type().is_ok_and(|t| t.is_file());
            if is_file && is_page_name(name) && !written.contains(name) {
                let path = entry.path();
                std::fs::remove_file(&path)
                    .with_context(|| format!("cannot remove the stale page {}", path.display()))?;
            }
        }
        if self.dir.is_none() {
            // Fails (and is meant to) when anything else is still there.
            let _ = std::fs::remove_dir(dir);
        }
        Ok(())
    }
}

/// Whether `name` is how [`Html::page`] names a page: at least three digits, `-`, the
/// [`safe`] script name, `.html`.
fn is_page_name(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(".html") else {
        return false;
    };
    let Some((number, script)) = stem.split_once('-') else {
        return false;
    };
    number.len() >= 3
        && number.bytes().all(|b| b.is_ascii_digit())
        && !script.is_empty()
        && script
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// A script's name as a page's file name: its last component, with anything but ASCII
/// letters, digits, `.`, `_` and `-` as `_`.
fn safe(name: &str) -> String {
    let base = Path::new(name).file_name().map_or_else(
        || "script".to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let s: String = base
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() || s == "." || s == ".." {
        "script".into()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::{is_page_name, safe};

    #[test]
    fn page_names_are_recognised_and_nothing_else() {
        assert!(is_page_name("001-game_one.gcg.html"));
        assert!(is_page_name("0042-a-b.html"));
        assert!(!is_page_name("01-a.html"));
        assert!(!is_page_name("001-.html"));
        assert!(!is_page_name("notes.html"));
        assert!(!is_page_name("001-a.htm"));
        assert!(!is_page_name("001-a b.html"));
        assert!(!is_page_name("x01-a.html"));
    }

    #[test]
    fn page_names_keep_only_plain_characters() {
        assert_eq!(safe("dir/game one.gcg"), "game_one.gcg");
        assert_eq!(safe("-"), "-");
        assert_eq!(safe("a/../"), "script");
        assert_eq!(safe("ü.gcg"), "_.gcg");
    }
}
