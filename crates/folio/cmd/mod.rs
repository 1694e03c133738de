//! One module per subcommand. Each `run` returns an [`Outcome`] (exit 0 or 1) or an error
//! (usage or I/O: exit 2).

pub mod analyse;
pub mod args;
pub mod autoplay;
pub mod boggle;
pub mod freecell;
pub mod ingest;
pub mod kenken;
pub mod merge;
pub mod moves;
pub mod play;
pub mod render;
mod scratch;
pub mod serve;
pub mod tiles;
pub mod words;
mod writing;

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
            set.display()
        );
    }
}

/// Refuses to write an output that is one of the inputs (`folio words export --set g.fst -o
/// g.fst`, `folio ingest book.txt -o book.txt`, `folio play s.gcg --write-gcg s.gcg`): the
/// input would be destroyed. Paths are compared canonicalised; an output not there yet
/// cannot be an input.
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
                anyhow::bail!(
                    "{}: is an input of this command; refusing to overwrite it with {}",
                    input.display(),
                    out.display()
                );
            }
        }
    }
    Ok(())
}
