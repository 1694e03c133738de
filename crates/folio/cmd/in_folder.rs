//! Files folio writes into a folder of its outputs (`autoplay --games`' records, `man`'s
//! pages, `play --html`'s pages): a name there is folio's only as a regular file.
//!
//! A single output path is the user's and follows a symbolic link (the atomic writer's
//! rule); a file *inside* an output folder is named by folio, so a link there is someone
//! else's: `autoplay -o out` once replaced `/etc/passwd` through `out/game-2.gcg ->
//! /etc/passwd`.

use std::path::Path;

use anyhow::bail;

/// Checks that `path`, a file folio is about to write in a folder of its outputs, is a
/// regular file (replaced) or nothing yet (created). `what` names it: "a record".
///
/// # Errors
/// `path` is a symbolic link, a folder, or anything else that is not a regular file.
pub(crate) fn check_writable(path: &Path, what: &str) -> anyhow::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => bail!(
            "{}: a symbolic link where folio writes {what}; refusing to write through it \
             (remove it)",
            folio_core::file_name::in_message(path)
        ),
        Ok(m) if !m.is_file() => bail!(
            "{}: not a regular file where folio writes {what}; refusing to replace it",
            folio_core::file_name::in_message(path)
        ),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn only_a_regular_file_or_nothing_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::os::unix::fs::symlink("elsewhere.txt", d.join("link")).unwrap();
        std::fs::create_dir(d.join("folder")).unwrap();
        std::fs::write(d.join("file"), "old").unwrap();
        let e = check_writable(&d.join("link"), "a record")
            .unwrap_err()
            .to_string();
        assert!(e.ends_with("link: a symbolic link where folio writes a record; refusing to write through it (remove it)"), "{e}");
        let e = check_writable(&d.join("folder"), "a page")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("not a regular file where folio writes a page"),
            "{e}"
        );
        check_writable(&d.join("file"), "a record").unwrap();
        check_writable(&d.join("new"), "a record").unwrap();
    }
}
