//! `folio play --html OUT.html`: the run's HTML report (docs/render.md), drawn by
//! folio-render and written here, each file atomically.
//!
//! One script: OUT.html is its page. Several: OUT.html is an index page linking one page per
//! script, written in the folder `OUT-files/` beside it (`001-NAME.html`, numbered in run
//! order so two scripts of the same name never share a page; at most [`MAX_PAGE_NAME`]
//! bytes, NAME cut to fit). Folio lists the pages it wrote in the folder's [`MANIFEST`];
//! pages of an earlier run that this run did not write again are removed, and only those: a
//! file the list does not name is never touched. A folder folio did not make (one holding
//! other files and no list), a symbolic link or a file of that name is refused before any
//! replay ([`check_folder`]): nothing is written or removed through it.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use folio_core::script::ScriptReport;
use folio_render::IndexEntry;

/// The HTML pages of one run.
pub(super) struct Html {
    out: PathBuf,
    /// The folder of the pages (several scripts), and its name as the index links it.
    dir: Option<(PathBuf, std::ffi::OsString)>,
    /// `OUT-files/` whether or not this run writes pages there: an earlier run may have.
    files_dir: PathBuf,
    /// File names of the pages written in `files_dir` by this run.
    written: RefCell<HashSet<String>>,
    /// The pages an earlier run listed in `files_dir`'s [`MANIFEST`] (none when the folder
    /// is not folio's).
    listed: BTreeSet<String>,
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
        let (files_dir, name) = files_dir(out);
        let dir = (scripts > 1).then(|| (files_dir.clone(), name));
        if dir.is_some() {
            // Pages are written in batches, each page to a temporary file first: a Ctrl-C
            // or SIGTERM then removes the batch's temporary files before the process ends.
            crate::cmd::scratch::watch_signals();
        }
        let listed = match folder(&files_dir) {
            Folder::Ours => read_manifest(&files_dir),
            _ => BTreeSet::new(),
        };
        Html {
            out: out.to_path_buf(),
            dir,
            files_dir,
            written: RefCell::new(HashSet::new()),
            listed,
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
    /// `weighing` is the run's, so the page lists the findings the other outputs list.
    pub fn page(
        &self,
        name: &str,
        report: &dyn ScriptReport,
        source: &[u8],
        weighing: &folio_core::script::Weighing<'_>,
    ) -> anyhow::Result<()> {
        let k = self.len() + 1;
        let (path, href, back) = match &self.dir {
            None => (self.out.clone(), None, None),
            Some((dir, dir_name)) => {
                let file = page_name(k, self.width, name);
                self.written.borrow_mut().insert(file.clone());
                // Each segment percent-encoded: `r #1.html` is no fragment `#1.html`, and a
                // name that is not UTF-8 is linked by its bytes.
                let index = self.out.file_name().map_or_else(String::new, href_segment);
                (
                    dir.join(&file),
                    Some(format!(
                        "{}/{}",
                        href_segment(dir_name.as_ref()),
                        href_segment(file.as_ref())
                    )),
                    Some(format!("../{index}")),
                )
            }
        };
        let html = folio_render::page(report, source, back.as_deref(), weighing);
        if let Some((dir, _)) = &self.dir {
            std::fs::create_dir_all(dir).with_context(|| {
                format!("cannot create {}", folio_core::file_name::in_message(dir))
            })?;
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
            unchecked: None,
        });
        Ok(())
    }

    /// Writes the pages drawn so far. The folder's list is written first, naming them with
    /// every page listed before: a run stopped half-way leaves no page folio would not know
    /// as its own.
    fn flush(&self) -> anyhow::Result<()> {
        let pages = std::mem::take(&mut *self.pending.borrow_mut());
        if pages.is_empty() {
            return Ok(());
        }
        if self.dir.is_some() {
            let mut names = self.listed.clone();
            names.extend(self.written.borrow().iter().cloned());
            self.write_manifest(&names)?;
        }
        // The atomic writer follows a link: a page in the folder is never written through
        // one. OUT itself (one script's page) is the user's path and follows a link as every
        // -o does (the index of several scripts always did).
        for (path, _) in pages.iter().filter(|_| self.dir.is_some()) {
            super::super::in_folder::check_writable(path, "a page")?;
        }
        let files: Vec<(&Path, &[u8])> = pages
            .iter()
            .map(|(p, html)| (p.as_path(), html.as_bytes()))
            .collect();
        folio_lexicon::set::atomic::write_files_atomic(&files)
            .context("cannot write the HTML pages")
    }

    /// Sets the findings of the last page's index row to the run's weighed count (errors,
    /// warnings and notes; allowed findings aside), as the run's summary counts them.
    pub fn weighed(&self, findings: usize) {
        if let Some(last) = self.entries.borrow_mut().last_mut() {
            last.findings = findings;
        }
    }

    /// Lists a script that has no page (it could not be read or replayed).
    /// `findings` as the run's summary counts them; `unchecked` a file counted apart.
    pub fn no_page(
        &self,
        name: &str,
        game: Option<&str>,
        findings: usize,
        unchecked: Option<folio_render::Unchecked>,
        why: String,
    ) {
        self.entries.borrow_mut().push(IndexEntry {
            file: name.to_string(),
            game: game.map(str::to_string),
            moves: 0,
            findings,
            href: None,
            error: Some(why),
            unchecked,
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
            // The library's error names the file.
            folio_lexicon::set::atomic::write_bytes_atomic(&self.out, html.as_bytes())
                .context("cannot write the HTML index")?;
        }
        self.remove_stale_pages()
    }

    /// Removes from `OUT-files/` the pages an earlier run listed in the folder's
    /// [`MANIFEST`] and this one did not write (regular files only: a link is never
    /// followed), then lists this run's pages. A run that needs no folder (one script)
    /// removes the list and the folder when nothing else is left in it. A folder that is not
    /// folio's (no list, a link, a file) is left alone.
    fn remove_stale_pages(&self) -> anyhow::Result<()> {
        let dir = &self.files_dir;
        if !matches!(folder(dir), Folder::Ours) {
            return Ok(());
        }
        let written = self.written.borrow();
        for name in self.listed.iter().filter(|n| !written.contains(*n)) {
            let path = dir.join(name);
            // `symlink_metadata` does not follow links: a link is never a page.
            let is_file = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file());
            if is_file {
                std::fs::remove_file(&path).with_context(|| {
                    format!(
                        "cannot remove the stale page {}",
                        folio_core::file_name::in_message(&path)
                    )
                })?;
            }
        }
        let only_manifest = std::fs::read_dir(dir)
            .is_ok_and(|entries| entries.flatten().all(|e| e.file_name() == MANIFEST));
        if self.dir.is_none() && only_manifest {
            let manifest = dir.join(MANIFEST);
            std::fs::remove_file(&manifest).with_context(|| {
                format!(
                    "cannot remove {}",
                    folio_core::file_name::in_message(&manifest)
                )
            })?;
            // Fails (and is meant to) when anything else appeared meanwhile.
            let _ = std::fs::remove_dir(dir);
            return Ok(());
        }
        // A folder that keeps a user's files stays folio's: its list (empty after a
        // one-script run) says so to the next run.
        self.write_manifest(&written.iter().cloned().collect())
    }

    /// Writes the folder's [`MANIFEST`] naming `pages`.
    fn write_manifest(&self, pages: &BTreeSet<String>) -> anyhow::Result<()> {
        let mut text = String::from(MANIFEST_HEADER);
        for p in pages {
            text.push_str(p);
            text.push('\n');
        }
        let path = self.files_dir.join(MANIFEST);
        folio_lexicon::set::atomic::write_bytes_atomic(&path, text.as_bytes())
            .context("cannot write the list of pages")
    }
}

/// The file in `OUT-files/` listing the pages folio wrote there, one file name a line: the
/// only files a later run removes. Its presence makes the folder folio's.
pub(super) const MANIFEST: &str = ".folio-pages";

const MANIFEST_HEADER: &str = "# folio play --html: the pages folio wrote in this folder, one \
     a line. A later run removes those it does not write again; files not named here are \
     never touched.\n";

/// The most bytes of a [`MANIFEST`] read: a page name is under 300 bytes, so this lists
/// over 200,000 pages; a longer file is not folio's list (the rest is not read).
const MANIFEST_MAX_BYTES: u64 = 64 << 20;

/// The folder of the pages of `--html OUT.html`, `OUT-files` beside it, and its name.
/// The name keeps the stem's bytes: two outputs whose names differ only in bytes that are
/// not UTF-8 (`n\xFE.html`, `n\xFF.html`) once shared one lossy `n\u{FFFD}-files`.
fn files_dir(out: &Path) -> (PathBuf, std::ffi::OsString) {
    let mut name = out
        .file_stem()
        .map_or_else(|| std::ffi::OsString::from("report"), |s| s.to_os_string());
    name.push("-files");
    (out.with_file_name(&name), name)
}

/// What `OUT-files` is.
enum Folder {
    /// Nothing of that name.
    Missing,
    /// A symbolic link (to anything): never written or pruned through.
    Link,
    /// A file, device, FIFO or socket.
    OtherKind,
    /// A folder with folio's [`MANIFEST`].
    Ours,
    /// A folder without one: `empty` or holding files folio did not write.
    Other { empty: bool },
}

fn folder(dir: &Path) -> Folder {
    let Ok(meta) = std::fs::symlink_metadata(dir) else {
        return Folder::Missing;
    };
    if meta.file_type().is_symlink() {
        return Folder::Link;
    }
    if !meta.is_dir() {
        return Folder::OtherKind;
    }
    if std::fs::symlink_metadata(dir.join(MANIFEST)).is_ok_and(|m| m.is_file()) {
        return Folder::Ours;
    }
    let empty = std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_none());
    Folder::Other { empty }
}

/// The page names listed in `dir`'s [`MANIFEST`]: lines named as folio names its pages
/// ([`is_page_name`]: no `/`, so never a file outside the folder); anything else is skipped.
fn read_manifest(dir: &Path) -> BTreeSet<String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    if let Ok(f) = std::fs::File::open(dir.join(MANIFEST)) {
        let _ = f.take(MANIFEST_MAX_BYTES).read_to_end(&mut bytes);
    }
    String::from_utf8_lossy(&bytes)
        .lines()
        .filter(|l| is_page_name(l))
        .map(str::to_string)
        .collect()
}

/// Refuses, before any replay, a run of `scripts` scripts whose pages cannot go in
/// `OUT-files/` beside `out`: a symbolic link there (pages and their removal would follow it
/// anywhere), a file of that name, or a folder holding files folio did not write (no
/// [`MANIFEST`]). One script writes no folder, and only ever prunes folio's own.
///
/// # Errors
/// One of the above, naming the folder and what to do.
pub(super) fn check_folder(out: &Path, scripts: usize) -> anyhow::Result<()> {
    if scripts < 2 {
        return Ok(());
    }
    let (dir, _) = files_dir(out);
    let flag = format!("--html {}", folio_core::file_name::in_message(out));
    match folder(&dir) {
        Folder::Missing | Folder::Ours | Folder::Other { empty: true } => Ok(()),
        Folder::Link => bail!(
            "{flag}: {} is a symbolic link; the pages of {scripts} scripts are written only in \
             a real folder (never through a link); remove the link or name another --html",
            folio_core::file_name::in_message(&dir)
        ),
        Folder::OtherKind => bail!(
            "{flag}: {} exists and is not a folder; the pages of {scripts} scripts go in a \
             folder of that name: move it or name another --html",
            folio_core::file_name::in_message(&dir)
        ),
        Folder::Other { empty: false } => bail!(
            "{flag}: {} holds files folio did not write (it has no {MANIFEST}, folio's list of \
             its pages); folio writes and removes pages only in its own folder: empty it or \
             name another --html",
            folio_core::file_name::in_message(&dir)
        ),
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

/// The most bytes of a page's file name. File systems allow 255 (`NAME_MAX`), and the
/// atomic writer first writes `.NAME.PID.tmp` beside it: 200 leaves it room.
const MAX_PAGE_NAME: usize = 200;

/// The file name of page `k` (numbered on `width` digits) of the script `name`: the number,
/// `-`, the [`safe`] name cut to fit [`MAX_PAGE_NAME`] bytes (on a character boundary),
/// `.html`. The number keeps the names of two scripts that differ past the cut apart.
fn page_name(k: usize, width: usize, name: &str) -> String {
    let number = format!("{k:0width$}");
    let mut script = safe(name);
    let room = MAX_PAGE_NAME.saturating_sub(number.len() + "-".len() + ".html".len());
    if script.len() > room {
        let mut cut = room.max(1);
        while !script.is_char_boundary(cut) {
            cut -= 1;
        }
        script.truncate(cut);
    }
    format!("{number}-{script}.html")
}

/// A file name as one segment of a relative link: every byte but RFC 3986's unreserved
/// characters (ASCII letters, digits, `-`, `.`, `_`, `~`) percent-encoded, so that `#`, `?`,
/// `%` and spaces stay part of the name; a name that is not UTF-8 by its own bytes (a
/// browser decodes `%FF` back to the byte).
fn href_segment(name: &std::ffi::OsStr) -> String {
    #[cfg(unix)]
    let bytes = std::os::unix::ffi::OsStrExt::as_bytes(name).to_vec();
    #[cfg(not(unix))]
    let bytes = name.to_string_lossy().into_owned().into_bytes();
    let mut out = String::with_capacity(bytes.len());
    for b in bytes {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
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
    use super::{href_segment, is_page_name, page_name, safe, MAX_PAGE_NAME};

    #[test]
    fn page_names_fit_a_file_name_and_keep_their_number() {
        let long = format!("{}.gcg", "a".repeat(251));
        let one = page_name(1, 3, &long);
        let two = page_name(2, 3, &long);
        assert_eq!(one.len(), MAX_PAGE_NAME);
        assert!(
            one.starts_with("001-aaa") && one.ends_with("a.html"),
            "{one}"
        );
        assert_ne!(one, two);
        assert!(is_page_name(&one), "{one}");
        // Short names stay whole; a wider number leaves less room, never a longer name.
        assert_eq!(page_name(7, 3, "dir/game one.gcg"), "007-game_one.gcg.html");
        assert_eq!(page_name(12345, 5, &long).len(), MAX_PAGE_NAME);
        // Multi-byte names are `_` already; any name is cut within the bound.
        let wide = "ü".repeat(300);
        assert!(page_name(1, 3, &wide).len() <= MAX_PAGE_NAME);
    }

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
    fn link_segments_are_percent_encoded() {
        use std::ffi::OsStr;
        assert_eq!(href_segment(OsStr::new("r #1-files")), "r%20%231-files");
        assert_eq!(href_segment(OsStr::new("a?b%c.html")), "a%3Fb%25c.html");
        assert_eq!(
            href_segment(OsStr::new("é~x_y-z.html")),
            "%C3%A9~x_y-z.html"
        );
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            assert_eq!(href_segment(OsStr::from_bytes(b"r\xff.html")), "r%FF.html");
        }
    }

    #[test]
    fn page_names_keep_only_plain_characters() {
        assert_eq!(safe("dir/game one.gcg"), "game_one.gcg");
        assert_eq!(safe("-"), "-");
        assert_eq!(safe("a/../"), "script");
        assert_eq!(safe("ü.gcg"), "_.gcg");
    }
}
