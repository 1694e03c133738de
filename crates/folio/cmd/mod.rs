//! One module per subcommand. Each `run` returns an [`Outcome`] (exit 0 or 1) or an error
//! (usage or I/O: exit 2).

pub mod analyse;
pub mod args;
pub mod autoplay;
pub mod boggle;
pub mod freecell;
mod in_folder;
pub mod ingest;
pub mod kenken;
pub mod man;
pub mod merge;
pub mod moves;
pub mod offer;
pub mod play;
pub mod render;
mod scratch;
pub mod serve;
pub mod tiles;
pub mod words;
mod writing;

/// Standard output, locked, whose write errors say where they happened: `cannot write to
/// stdout: No space left on device` (`folio man > /dev/full`) rather than the bare OS
/// error, which could be any file's. The error keeps its kind, so a closed pipe (`| head
/// -1`) is still told apart and ends the run quietly (main).
pub(crate) struct Stdout(std::io::StdoutLock<'static>);

/// [`Stdout`]: every command writes its output through this.
pub(crate) fn stdout() -> Stdout {
    Stdout(std::io::stdout().lock())
}

/// A write error of standard output (see [`Stdout`]).
#[derive(Debug)]
struct StdoutError(std::io::Error);

impl std::fmt::Display for StdoutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot write to stdout: {}", self.0)
    }
}

impl std::error::Error for StdoutError {}

/// `e` as a write error of standard output, of the same kind.
pub(crate) fn stdout_error(e: std::io::Error) -> std::io::Error {
    if e.get_ref().is_some_and(|inner| inner.is::<StdoutError>()) {
        return e;
    }
    std::io::Error::new(e.kind(), StdoutError(e))
}

impl std::io::Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf).map_err(stdout_error)
    }
    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.0.write_all(buf).map_err(stdout_error)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().map_err(stdout_error)
    }
}

/// What a command concluded, when it ran to the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Everything checked out: exit 0.
    Ok,
    /// The input was read but is invalid (an illegal move, a wrong score, an absent word): exit 1.
    Invalid,
}

impl Outcome {
    /// The process exit code for this outcome.
    pub fn exit_code(self) -> std::process::ExitCode {
        match self {
            Outcome::Ok => std::process::ExitCode::SUCCESS,
            Outcome::Invalid => std::process::ExitCode::from(1),
        }
    }
}

/// Says on stderr that a word set's output is a device or FIFO (`-o /dev/null`): the set is
/// written through it and its companions (`OUT.counts.fst`, `OUT.json`) are not written, as
/// `folio_lexicon::set::atomic` does; nothing is ever created beside a device.
pub(crate) fn note_write_through(set: &std::path::Path) {
    if folio_lexicon::set::atomic::is_write_through(set) {
        eprintln!(
            "folio: note: {} is not a regular file: the set is written through it; its counts \
             map and manifest are not written",
            folio_core::file_name::in_message(set)
        );
    }
}

/// Refuses to write an output that is one of the inputs (`folio words export --set g.fst -o
/// g.fst`, `folio ingest book.txt -o book.txt`, `folio play s.gcg --write-gcg s.gcg`): the
/// input would be destroyed. Paths are compared canonicalised; an output not there yet
/// cannot be an input. The message names the output, then the input it is (`real.json (an
/// output) is the same file as the input inlink.txt`).
pub(crate) fn refuse_overwriting_inputs(
    outputs: &[std::path::PathBuf],
    inputs: &[std::path::PathBuf],
) -> anyhow::Result<()> {
    for out in outputs {
        let Ok(out_canonical) = std::fs::canonicalize(out) else {
            continue; // not there yet: it cannot be an input
        };
        for input in inputs {
            if std::fs::canonicalize(input).is_ok_and(|c| c == out_canonical) {
                // The output first: it is what would be written, and the input what is lost.
                let (out, input) = (
                    folio_core::file_name::in_message(out),
                    folio_core::file_name::in_message(input),
                );
                if out == input {
                    anyhow::bail!(
                        "{out} is both an input and an output of this command; refusing to \
                         overwrite an input"
                    );
                }
                anyhow::bail!(
                    "{out} (an output) is the same file as the input {input}; refusing to \
                     overwrite an input"
                );
            }
        }
    }
    Ok(())
}
