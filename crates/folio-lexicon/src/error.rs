//! Typed errors of folio-lexicon. Every error names the file it is about.

use std::path::PathBuf;

/// Errors from reading books and reading or writing word sets.
///
/// Each message is complete on its own, its cause included in short: a reporter walking
/// [`std::error::Error::source`] may stop at this error (the sources hold the fst crate's
/// longer texts, for programs that want them).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The file could not be opened, read or written.
    #[error("{}", io_message(path, source))]
    Io {
        /// The file as given.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// The file is not a readable fst (empty, truncated, wrong format or version). The
    /// message gives a short reason ([`fst_reason`]); the fst crate's own text is the source.
    #[error(
        "{}: not a folio word set (fst) file: {}",
        folio_core::file_name::in_message(path),
        fst_reason(source)
    )]
    NotAnFst {
        /// The file as given.
        path: PathBuf,
        /// What the fst crate found wrong.
        #[source]
        source: fst::Error,
    },
    /// The word set is 4 GiB or larger: its prefix cursor keeps fst addresses in 32 bits.
    #[error(
        "{}: word set too large ({bytes} bytes; at most 4 GiB is supported)",
        folio_core::file_name::in_message(path)
    )]
    TooLarge {
        /// The file as given.
        path: PathBuf,
        /// Its size in bytes.
        bytes: u64,
    },
    /// The fst checksum does not match its contents, or the file has none
    /// (`set::checked` opens every set and counts map of the CLI with the check).
    #[error(
        "{}: not a folio word set (fst) file: {}",
        folio_core::file_name::in_message(path),
        fst_reason(source)
    )]
    Corrupt {
        /// The file as given.
        path: PathBuf,
        /// What the fst crate found wrong.
        #[source]
        source: fst::Error,
    },
    /// A counts map (`OUT.counts.fst`, word → occurrences) given where a word set is wanted.
    #[error(
        "{}: a counts map (word -> occurrences), not a word set: give the set beside it",
        folio_core::file_name::in_message(path)
    )]
    CountsMapAsSet {
        /// The file as given.
        path: PathBuf,
    },
    /// A word set (`OUT.fst`, words only) given, or found, where a counts map (word →
    /// occurrences) belongs: its words would all count 0.
    #[error(
        "{}: a word set, not a counts map (word -> occurrences): its words have no counts; \
         `folio ingest` writes the counts map beside the set it builds",
        folio_core::file_name::in_message(path)
    )]
    SetAsCountsMap {
        /// The file as given.
        path: PathBuf,
    },
    /// The counts map beside a set holds other words than the set (it was left there by
    /// another set: a set copied or renamed without its counts map).
    #[error(
        "{}: not the counts map of {} ({reason}): it belongs to another set; run `folio \
         ingest` again, or remove it",
        folio_core::file_name::in_message(counts),
        folio_core::file_name::in_message(set)
    )]
    CountsNotOfSet {
        /// The counts map.
        counts: PathBuf,
        /// The set beside it.
        set: PathBuf,
        /// The word counts and the first word that differs.
        reason: String,
    },
    /// No input gave a book: every one was empty, binary or a folder without `.txt` files.
    #[error("nothing usable to ingest: {}", skipped.join("; "))]
    NothingUsable {
        /// Each skipped input as `path: reason`.
        skipped: Vec<String>,
    },
    /// The manifest beside a set (`OUT.json`) exists but cannot be read as one: queries
    /// would otherwise normalise words under a policy the set was not built with.
    #[error("{}: unreadable manifest: {reason} (rebuild the set, or remove the file to query under the game policy)", folio_core::file_name::in_message(path))]
    BadManifest {
        /// The manifest.
        path: PathBuf,
        /// Why it cannot be read.
        reason: String,
    },
    /// Set algebra over sets built under different policies: their keys are not spelled
    /// alike, so the result would hold words no query reaches.
    #[error("{} ({first_policy}) and {} ({other_policy}) were built under different policies; combine sets of one policy", folio_core::file_name::in_message(first), folio_core::file_name::in_message(other))]
    MixedPolicies {
        /// The first input.
        first: PathBuf,
        /// Its policy.
        first_policy: String,
        /// An input of another policy.
        other: PathBuf,
        /// That policy.
        other_policy: String,
    },
    /// A word list given to `import` holds a NUL byte: a binary file, not a list.
    #[error(
        "{}: binary file (NUL byte at offset {offset}), not a word list",
        folio_core::file_name::in_message(path)
    )]
    BinaryList {
        /// The list as given (`-` for stdin).
        path: PathBuf,
        /// Byte offset of the first NUL.
        offset: usize,
    },
    /// A partial (`folio ingest --partial`, `folio merge`) that cannot be read or merged:
    /// not a partial, another format version, another policy, a book given twice, a record
    /// breaking the format's rules, a checksum mismatch.
    #[error(
        "{}: cannot merge this partial: {reason}",
        folio_core::file_name::in_message(path)
    )]
    Partial {
        /// The partial as given.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The work folder of a resumable ingest (`folio ingest --work DIR`) that cannot be used:
    /// not a work folder, made under another policy or format, in use by another run.
    #[error(
        "{}: cannot use this work folder: {reason}",
        folio_core::file_name::in_message(path)
    )]
    WorkFolder {
        /// The folder as given.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// `--min-books` above the number of books read: the set would be empty.
    #[error(
        "--min-books {min_books} but only {books} book{} read (the other inputs were repeats, or \
         skipped): no word can occur in more books than that, so the set would be empty",
        if *books == 1 { " was" } else { "s were" }
    )]
    TooFewBooks {
        /// The `--min-books` given.
        min_books: usize,
        /// Books read.
        books: u64,
    },
    /// One word set given twice to a command that sums sets (the same file under two
    /// names, or two files of the same bytes): its counts would be summed twice.
    #[error(
        "{} and {} {}: a set is read once; name it once",
        folio_core::file_name::in_message(first),
        folio_core::file_name::in_message(again),
        if *same_file { "are the same file" } else { "hold the same bytes (a copy of one set)" }
    )]
    SetGivenTwice {
        /// The set as first given.
        first: PathBuf,
        /// The later name of the same set.
        again: PathBuf,
        /// `true`: one file reached twice; `false`: two files of equal bytes.
        same_file: bool,
    },
    /// A word set passed its checksum but could not be walked: fst panicked decoding a node
    /// (a file crafted, or written by a broken tool, to pass the check). Raised by
    /// [`crate::guarded`], which every walker of a set runs under.
    #[error(
        "{}: word set could not be decoded although its checksum matches (a malformed fst): \
         {detail}",
        names(paths)
    )]
    Malformed {
        /// The sets the walk read.
        paths: Vec<PathBuf>,
        /// The panic's message.
        detail: String,
    },
}

/// `PATH: REASON`, or the reason alone for an empty path (`-o ''`: no stray `: `).
fn io_message(path: &std::path::Path, source: &std::io::Error) -> String {
    if path.as_os_str().is_empty() {
        source.to_string()
    } else {
        format!("{}: {source}", folio_core::file_name::in_message(path))
    }
}

impl Error {
    /// An I/O error about `path`.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}

/// A short reason for an fst error, for messages (`FILE: not a folio word set (fst) file:
/// REASON`): the fst crate's own texts are long and, for a file that is not an fst at all,
/// say only that "an unknown error occurred".
pub fn fst_reason(err: &fst::Error) -> String {
    use fst::raw::Error as Raw;
    /// An fst header starts with its format version (fst 0.4 reads 1 to 3).
    const PLAUSIBLE_VERSION: u64 = 255;
    match err {
        fst::Error::Io(e) => e.to_string(),
        fst::Error::Fst(raw) => match raw {
            Raw::Format { size: 0 } => "empty file".to_string(),
            Raw::Format { size } if *size < 36 => {
                format!("too short for an fst ({size} bytes; at least 36)")
            }
            Raw::Format { size } => {
                format!("truncated, or not an fst at all ({size} bytes; no fst footer at the end)")
            }
            // Formats 1 and 2 open but carry no checksum (`ChecksumMissing` below), so only
            // a newer format is worth naming; 0 is no version at all.
            Raw::Version { expected, got } if *got > *expected && *got <= PLAUSIBLE_VERSION => {
                format!("fst format version {got}, newer than this folio reads (format {expected})")
            }
            Raw::Version { .. } => "no fst header (not an fst file)".to_string(),
            Raw::ChecksumMismatch { .. } => {
                "checksum mismatch: the file is corrupt or truncated".to_string()
            }
            Raw::ChecksumMissing => {
                "no checksum to check it against (fst format 1 or 2; folio writes format 3)"
                    .to_string()
            }
            Raw::WrongType { expected, got } => {
                format!("an fst of type {got}, expected type {expected}")
            }
            other => other.to_string(),
        },
    }
}

/// The paths of an [`Error::Malformed`], for its message: `a.fst, b.fst`.
fn names(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| folio_core::file_name::in_message(p))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Result with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_io_error_about_an_empty_path_has_no_stray_colon() {
        let e = Error::io(
            "",
            std::io::Error::other("an empty path names no file; name one"),
        );
        assert_eq!(e.to_string(), "an empty path names no file; name one");
        let e = Error::io("a.fst", std::io::Error::other("gone"));
        assert_eq!(e.to_string(), "a.fst: gone");
    }
    use fst::raw::Error as Raw;

    #[test]
    fn reasons_are_short_and_say_what_is_wrong() {
        let r = |e: Raw| fst_reason(&fst::Error::from(e));
        assert_eq!(r(Raw::Format { size: 0 }), "empty file");
        assert_eq!(
            r(Raw::Format { size: 20 }),
            "too short for an fst (20 bytes; at least 36)"
        );
        assert!(r(Raw::Format { size: 900 }).starts_with("truncated, or not an fst at all"));
        assert_eq!(
            r(Raw::Version {
                expected: 3,
                got: 4
            }),
            "fst format version 4, newer than this folio reads (format 3)"
        );
        assert_eq!(
            r(Raw::Version {
                expected: 3,
                got: 0
            }),
            "no fst header (not an fst file)"
        );
        // Text read as a version number is no version at all.
        let got = u64::from_le_bytes(*b"hello wo");
        assert_eq!(
            r(Raw::Version { expected: 3, got }),
            "no fst header (not an fst file)"
        );
        // docs/words.md quotes every reason as printed.
        let doc = include_str!("../../../docs/words.md");
        for raw in [
            Raw::Format { size: 0 },
            Raw::Format { size: 20 },
            Raw::Format { size: 65 },
            Raw::Version {
                expected: 3,
                got: 4,
            },
            Raw::Version { expected: 3, got },
            Raw::ChecksumMismatch {
                expected: 1,
                got: 2,
            },
            Raw::ChecksumMissing,
        ] {
            let reason = r(raw);
            assert!(doc.contains(&format!("`{reason}`")), "{reason}");
        }
        let e = Error::NotAnFst {
            path: "x.fst".into(),
            source: Raw::Format { size: 0 }.into(),
        };
        assert_eq!(
            e.to_string(),
            "x.fst: not a folio word set (fst) file: empty file"
        );
    }
}
