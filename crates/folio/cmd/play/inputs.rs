//! The scripts of a run: files named on the command line or in a list (`--files-from`), and
//! folders walked for the script extensions folio knows.

use std::path::{Path, PathBuf};

use anyhow::Context;

/// The extensions a folder is walked for (compared without case): GCG records and the
/// folio scripts of each game. Other files (`.txt`, a README) are replayed only when named
/// or listed: a folder of notes must not turn into findings.
pub const EXTENSIONS: &[&str] = &["gcg", "boggle", "kenken", "freecell"];

/// Whether `path` is `-`, stdin.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The most bytes of one input file read: a script, a KenKen puzzle or grid (a record of a
/// game is a few kilobytes).
pub const INPUT_MAX_BYTES: u64 = 64 << 20;

/// The bytes of `path`, or of stdin for `-`, refused past [`INPUT_MAX_BYTES`] (`what`, e.g.
/// "a script", names what so long a file is not).
///
/// # Errors
/// The file cannot be read, or is longer than the limit.
pub fn read_capped(path: &Path, what: &str) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    // At most one byte over the limit is read: `- < /dev/zero` or a path to a device never
    // ends, and once grew until memory ran out.
    let limit = INPUT_MAX_BYTES + 1;
    if is_stdin(path) {
        std::io::stdin()
            .lock()
            .take(limit)
            .read_to_end(&mut bytes)?;
    } else {
        std::fs::File::open(path)?
            .take(limit)
            .read_to_end(&mut bytes)?;
    }
    if bytes.len() as u64 > INPUT_MAX_BYTES {
        return Err(std::io::Error::other(format!(
            "longer than {INPUT_MAX_BYTES} bytes: not {what}"
        )));
    }
    Ok(bytes)
}

/// The most bytes of a `--files-from` list read: 64 MiB, as a script. A path is at most
/// 4,096 bytes (Linux's `PATH_MAX`), so the longest list holds 16,384 paths of that length
/// and about a million of 60 bytes, past what one run reports usefully; `--files-from
/// /dev/zero` once grew to 2.1 GB before memory ran out.
pub const FILES_FROM_MAX_BYTES: u64 = 64 << 20;

/// The bytes of the `--files-from` list `list` (`-`: stdin), refused past
/// [`FILES_FROM_MAX_BYTES`] (at most one byte more is read).
fn read_list(list: &Path) -> anyhow::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    let limit = FILES_FROM_MAX_BYTES + 1;
    let name = if is_stdin(list) {
        std::io::stdin()
            .lock()
            .take(limit)
            .read_to_end(&mut bytes)
            .context("cannot read the --files-from list from stdin")?;
        "from stdin".to_string()
    } else {
        std::fs::File::open(list)
            .and_then(|f| f.take(limit).read_to_end(&mut bytes))
            .with_context(|| {
                format!(
                    "cannot read the --files-from list {}",
                    folio_core::file_name::in_message(list)
                )
            })?;
        folio_core::file_name::in_message(list)
    };
    if bytes.len() as u64 > FILES_FROM_MAX_BYTES {
        anyhow::bail!(
            "the --files-from list {name} is longer than {} MiB ({FILES_FROM_MAX_BYTES} bytes): \
             not a list of paths (a run of more scripts is split into several)",
            FILES_FROM_MAX_BYTES >> 20
        );
    }
    Ok(bytes)
}

/// The scripts of a run, in order: each of `named`, then each entry of the `files_from`
/// list (`-`: stdin; `nul`: entries end with NUL rather than a newline), a folder replaced
/// by the files under it with one of `extensions` (folio play: [`EXTENSIONS`]; `kenken
/// replay`: `kenken` only).
///
/// # Errors
/// The list cannot be read, or is longer than [`FILES_FROM_MAX_BYTES`].
pub fn collect(
    named: &[PathBuf],
    files_from: Option<&Path>,
    nul: bool,
    extensions: &[&str],
) -> anyhow::Result<Vec<PathBuf>> {
    let mut listed = named.to_vec();
    if let Some(list) = files_from {
        let bytes = read_list(list)?;
        listed.extend(entries(&bytes, nul));
    }
    let mut out = Vec::new();
    let mut skipped = Vec::new();
    for path in listed {
        if !is_stdin(&path) && path.is_dir() {
            walk(&path, extensions, &mut out, &mut skipped);
        } else {
            out.push(path);
        }
    }
    // Said, not silent: a CI run must learn that a `.gcg` under its folder was not replayed.
    for (path, why) in &skipped {
        eprintln!(
            "folio: warning: skipped {}: {why}",
            folio_core::file_name::in_message(path)
        );
    }
    Ok(out)
}

/// The paths of a list: one per line (a CR before the LF is dropped) or per NUL; empty
/// entries are skipped.
fn entries(bytes: &[u8], nul: bool) -> Vec<PathBuf> {
    let sep = if nul { b'\0' } else { b'\n' };
    bytes
        .split(|&b| b == sep)
        .map(|e| {
            if nul {
                e
            } else {
                e.strip_suffix(b"\r").unwrap_or(e)
            }
        })
        .filter(|e| !e.is_empty())
        .map(path_of)
        .collect()
}

#[cfg(unix)]
fn path_of(bytes: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    PathBuf::from(std::ffi::OsStr::from_bytes(bytes))
}

#[cfg(not(unix))]
fn path_of(bytes: &[u8]) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(bytes).into_owned())
}

/// Adds the scripts under `dir` to `out`, sorted by name at each level (a stable order on
/// every machine). Hidden entries (`.git`) are skipped, and symbolic links to folders are
/// not followed (no loops). Whatever the walk cannot list, enter or look at — a folder it
/// cannot read (`EACCES`), a path longer than `PATH_MAX` (`ENAMETOOLONG`), a link loop
/// (`ELOOP`), an I/O error — is added as itself, so reading it fails and it becomes that
/// run's `unreadable` entry naming the path (exit 2), never silently missing. An entry named
/// as a script that is not a regular file (a FIFO, a device, a link to nothing) goes to
/// `skipped`, with why.
fn walk(
    dir: &Path,
    extensions: &[&str],
    out: &mut Vec<PathBuf>,
    skipped: &mut Vec<(PathBuf, String)>,
) {
    // The folder is read whole, then closed, before going down: one open folder at a time.
    let listed: std::io::Result<Vec<_>> = std::fs::read_dir(dir)
        .and_then(|rd| rd.map(|e| e.map(|e| (e.path(), e.file_type()))).collect());
    let mut children = match listed {
        Ok(children) => children,
        Err(_) => {
            out.push(dir.to_path_buf());
            return;
        }
    };
    children.sort_by(|a, b| a.0.cmp(&b.0));
    for (child, ty) in children {
        let hidden = child
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if hidden {
            continue;
        }
        // The entry's type comes from the folder's listing where the file system gives it;
        // looking it up by path fails past `PATH_MAX`, and then the entry is unreadable.
        let Ok(ty) = ty else {
            out.push(child);
            continue;
        };
        if ty.is_dir() {
            walk(&child, extensions, out, skipped);
        } else if is_script(&child, extensions) {
            match std::fs::metadata(&child) {
                Ok(m) if m.is_file() => out.push(child),
                // A link to a folder is not followed, as above.
                Ok(m) if m.is_dir() => {}
                Ok(m) => {
                    let why = format!("not a regular file ({})", super::lexicon::kind(&m));
                    skipped.push((child, why));
                }
                Err(e) if ty.is_symlink() && e.kind() == std::io::ErrorKind::NotFound => {
                    skipped.push((child, "a symbolic link to nothing".into()));
                }
                // Read again by the run, which names it and the error.
                Err(_) => out.push(child),
            }
        }
    }
}

/// Whether `path` has one of `extensions`.
fn is_script(path: &Path, extensions: &[&str]) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| extensions.iter().any(|k| k.eq_ignore_ascii_case(e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_split_on_lines_or_nul() {
        assert_eq!(
            entries(b"a.gcg\r\n\nb c.gcg\n", false),
            [PathBuf::from("a.gcg"), PathBuf::from("b c.gcg")]
        );
        assert_eq!(
            entries(b"a\nb.gcg\0c.gcg\0", true),
            [PathBuf::from("a\nb.gcg"), PathBuf::from("c.gcg")]
        );
    }

    #[test]
    fn folders_are_walked_for_known_extensions_in_order() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        for f in [
            "b.gcg",
            "a.BOGGLE",
            "notes.txt",
            "sub/c.kenken",
            "sub/d.freecell",
            ".hidden/e.gcg",
        ] {
            let p = root.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "").unwrap();
        }
        #[cfg(unix)]
        std::os::unix::fs::symlink(root, root.join("sub/loop")).unwrap();
        let got = collect(&[root.to_path_buf()], None, false, EXTENSIONS).unwrap();
        let names: Vec<_> = got
            .iter()
            .map(|p| p.strip_prefix(root).unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            names,
            ["a.BOGGLE", "b.gcg", "sub/c.kenken", "sub/d.freecell"]
        );
    }
}
