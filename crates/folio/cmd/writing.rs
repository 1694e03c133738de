//! The context of an error from a step that reads its inputs while it writes its outputs
//! (a streamed ingest, a merge of partials).

use std::path::Path;

use folio_lexicon::Error;

/// `r` with `what` ("cannot write the word set") prefixed to its error, unless the error is
/// about an input: the library's message already names that input and what is wrong with it
/// (a truncated partial, a book unreadable mid-run), and "cannot write" would send the user
/// looking at the output instead.
///
/// # Errors
/// The error of `r`, with or without `what`.
pub(crate) fn context_unless_input<T>(
    r: folio_lexicon::Result<T>,
    what: &'static str,
    inputs: &[impl AsRef<Path>],
) -> anyhow::Result<T> {
    r.map_err(|e| {
        if about_input(&e, inputs) {
            anyhow::Error::new(e)
        } else {
            anyhow::Error::new(e).context(what)
        }
    })
}

/// Whether `e` is about an input rather than the outputs being written.
fn about_input(e: &Error, inputs: &[impl AsRef<Path>]) -> bool {
    match e {
        Error::Partial { .. }
        | Error::WorkFolder { .. }
        | Error::NothingUsable { .. }
        | Error::BinaryList { .. }
        | Error::MixedPolicies { .. } => true,
        // A file inside a given folder is an input too.
        Error::Io { path, .. } => inputs.iter().any(|i| path.starts_with(i.as_ref())),
        _ => false,
    }
}

/// Refuses, before any input is read, an output the final write would refuse: the partial
/// `output` (`partial`), or the word set of `paths` with its companions.
///
/// # Errors
/// The reason the write would give, after "cannot write the partial" or "cannot write the
/// word set".
pub(crate) fn check_outputs(
    partial: bool,
    output: &Path,
    paths: &folio_lexicon::set::OutputPaths,
) -> anyhow::Result<()> {
    use anyhow::Context;
    if partial {
        folio_lexicon::set::atomic::check_writable(output).context("cannot write the partial")
    } else {
        paths.check_writable().context("cannot write the word set")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn io(path: &str) -> Error {
        Error::io(path, std::io::Error::other("boom"))
    }

    #[test]
    fn an_error_about_an_input_keeps_its_own_words() {
        let inputs = [PathBuf::from("books"), PathBuf::from("a.partial")];
        let said = |e: Error| {
            let r: folio_lexicon::Result<()> = Err(e);
            // As the user reads it.
            crate::render(
                &context_unless_input(r, "cannot write the word set", &inputs).unwrap_err(),
            )
        };
        assert_eq!(said(io("books/x.txt")), "books/x.txt: boom");
        assert_eq!(said(io("a.partial")), "a.partial: boom");
        assert_eq!(
            said(io("out.fst")),
            "cannot write the word set: out.fst: boom"
        );
        let partial = Error::Partial {
            path: "a.partial".into(),
            reason: "truncated record (record 239 at byte 2999)".into(),
        };
        assert_eq!(
            said(partial),
            "a.partial: cannot merge this partial: truncated record (record 239 at byte 2999)"
        );
    }
}
