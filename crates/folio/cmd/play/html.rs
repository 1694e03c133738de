//! `folio play --html OUT.html`: the run's HTML report (docs/render.md), drawn by
//! folio-render and written here, each file atomically.
//!
//! One script: OUT.html is its page. Several: OUT.html is an index page linking one page per
//! script, written in the folder `OUT-files/` beside it (`001-NAME.html`, numbered in run
//! order so two scripts of the same name never share a page).

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use anyhow::Context;
use folio_core::script::ScriptReport;
use folio_render::IndexEntry;

/// The HTML pages of one run.
pub(super) struct Html {
    out: PathBuf,
    /// The folder of the pages (several scripts), and its name as the index links it.
    dir: Option<(PathBuf, String)>,
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
        let dir = (scripts > 1).then(|| {
            let stem = out
                .file_stem()
                .map_or_else(|| "report".into(), |s| s.to_string_lossy().into_owned());
            let name = format!("{stem}-files");
            (out.with_file_name(&name), name)
        });
        Html {
            out: out.to_path_buf(),
            dir,
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
        let entries = self.entries.into_inner();
        let single_with_page = self.dir.is_none() && entries.iter().all(|e| e.href.is_some());
        if single_with_page {
            return Ok(());
        }
        let html = folio_render::index(&entries);
        folio_lexicon::set::atomic::write_bytes_atomic(&self.out, html.as_bytes())
            .with_context(|| format!("cannot write {}", self.out.display()))
    }
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
    use super::safe;

    #[test]
    fn page_names_keep_only_plain_characters() {
        assert_eq!(safe("dir/game one.gcg"), "game_one.gcg");
        assert_eq!(safe("-"), "-");
        assert_eq!(safe("a/../"), "script");
        assert_eq!(safe("ü.gcg"), "_.gcg");
    }
}
