//! The scratch folder of one streamed run (`ingest --memory/--partial`, `merge`): a folder
//! of its own under `--temp-dir` (else `$TMPDIR`), removed when the run ends — normally, by
//! an error, or by SIGINT, SIGTERM or SIGHUP. A run's sorted runs can take gigabytes; a
//! Ctrl-C must not leave them behind (SIGKILL cannot be caught: `--work` keeps what a
//! killed run did, in a folder the user named).

use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once};

use anyhow::Context;

/// Folders to remove if a signal ends the process.
static ON_SIGNAL: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Lines to print on stderr if a signal ends the process (what was kept, and how to go on).
static SAY_ON_SIGNAL: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Prints `line` (`folio: interrupted: …`) on stderr if SIGINT, SIGTERM or SIGHUP ends the
/// run: `folio ingest --work DIR` says its work is kept in DIR and how to resume it.
pub(crate) fn say_on_signal(line: String) {
    if let Ok(mut lines) = SAY_ON_SIGNAL.lock() {
        lines.push(line);
    }
    watch_signals();
}

/// A run's scratch folder; removed when dropped.
pub(crate) struct Scratch {
    dir: tempfile::TempDir,
}

impl Scratch {
    /// Its path.
    pub(crate) fn path(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Ok(mut dirs) = ON_SIGNAL.lock() {
            dirs.retain(|d| d != self.dir.path());
        }
    }
}

/// A new scratch folder under `given` (`--temp-dir`), else `$TMPDIR`, else `/tmp`, removed
/// on a normal end and on SIGINT (exit 130), SIGTERM (143) or SIGHUP (129).
///
/// # Errors
/// The parent folder cannot hold a new folder (missing, not a folder, read-only).
pub(crate) fn scratch(given: Option<&Path>) -> anyhow::Result<Scratch> {
    let parent = given.map_or_else(std::env::temp_dir, Path::to_path_buf);
    let dir = tempfile::Builder::new()
        .prefix("folio-run-")
        .tempdir_in(&parent)
        .with_context(|| {
            format!(
                "cannot make a scratch folder in {} (give --temp-dir a writable folder)",
                folio_core::file_name::in_message(&parent)
            )
        })?;
    if let Ok(mut dirs) = ON_SIGNAL.lock() {
        dirs.push(dir.path().to_path_buf());
    }
    watch_signals();
    Ok(Scratch { dir })
}

/// Starts, once, a thread that waits for SIGINT, SIGTERM and SIGHUP, removes the scratch
/// folders and the temporary files of outputs being written, and ends the process with the shell's code for the signal (128 + its number).
/// Signals are received through tokio's registry, on this thread, so the removal runs
/// outside a signal handler.
pub(crate) fn watch_signals() {
    static START: Once = Once::new();
    START.call_once(|| {
        let (ready, wait) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("folio-signals".into())
            .spawn(move || {
                let Ok(rt) = tokio::runtime::Builder::new_current_thread()
                    .enable_io()
                    .build()
                else {
                    let _ = ready.send(());
                    return;
                };
                rt.block_on(async move {
                    use tokio::signal::unix::{signal, SignalKind};
                    let (Ok(mut int), Ok(mut term), Ok(mut hup)) = (
                        signal(SignalKind::interrupt()),
                        signal(SignalKind::terminate()),
                        signal(SignalKind::hangup()),
                    ) else {
                        let _ = ready.send(());
                        return;
                    };
                    let _ = ready.send(());
                    let code = tokio::select! {
                        _ = int.recv() => 130,
                        _ = term.recv() => 143,
                        _ = hup.recv() => 129,
                    };
                    // An output being written (a batch of `play --html` pages, a word
                    // set) leaves no temporary file beside it.
                    folio_lexicon::set::atomic::remove_temps_in_flight();
                    let dirs = ON_SIGNAL.lock().map(|d| d.clone()).unwrap_or_default();
                    for d in dirs {
                        let _ = std::fs::remove_dir_all(d);
                    }
                    let lines = SAY_ON_SIGNAL.lock().map(|l| l.clone()).unwrap_or_default();
                    for line in lines {
                        // Not eprintln!: a closed stderr (SIGHUP: the terminal is gone) must
                        // not turn the exit into a panic.
                        use std::io::Write;
                        let _ = writeln!(std::io::stderr(), "{line}");
                    }
                    std::process::exit(code);
                });
            });
        // The handlers are in place before the run starts writing.
        if spawned.is_ok() {
            let _ = wait.recv();
        }
    });
}
