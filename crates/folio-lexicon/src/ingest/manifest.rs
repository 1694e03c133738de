//! The manifest written beside a word set (`OUT.json`): what was read, how, and what came out.
//!
//! It holds no timestamps and lists inputs sorted by path, so two runs over the same books
//! write the same bytes whatever the thread count or input order.

use crate::ingest::boilerplate::Boilerplate;
use crate::ingest::decode::Encoding;
use crate::policy::Policy;

/// The manifest of one ingest run.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Manifest {
    /// Version of folio that wrote it.
    pub folio_version: String,
    /// The policy with every option.
    pub policy: Policy,
    /// File names of the outputs (no folder: the manifest sits beside them).
    pub outputs: Outputs,
    /// The books read, sorted by path.
    pub inputs: Vec<InputReport>,
    /// Inputs given but not read as books (empty, binary, folder without `.txt`).
    pub skipped: Vec<Skipped>,
    /// Sums over the inputs and sizes of the outputs.
    pub totals: Totals,
    /// The `--include` / `--exclude` lists applied after the policy (absent without them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lists: Option<ListsApplied>,
}

/// The word lists applied after the policy, as recorded in the manifest.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ListsApplied {
    /// The `--include` keys, sorted.
    pub include: Vec<String>,
    /// The `--exclude` keys, sorted.
    pub exclude: Vec<String>,
    /// Keys in the set only because `--include` names them.
    pub included: Vec<String>,
    /// `--include` keys the books do not have (not added).
    pub not_in_books: Vec<String>,
    /// Keys the policy kept that `--exclude` removed.
    pub excluded: Vec<String>,
}

/// Output file names.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Outputs {
    /// The word set (`fst::Set`).
    pub set: String,
    /// The counts (`fst::Map` key → occurrences).
    pub counts: String,
    /// The books map (`fst::Map` key → number of books it occurs in); empty in manifests
    /// written before it existed.
    #[serde(default)]
    pub books: String,
}

/// What ingest found in one book.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct InputReport {
    /// The path as given (a file inside a given folder: the folder joined with its relative
    /// path); `-` for stdin.
    pub path: String,
    /// SHA-256 of the file's bytes, lower-case hex.
    pub sha256: String,
    /// Size in bytes.
    pub bytes: u64,
    /// Encoding found.
    pub encoding: Encoding,
    /// Boilerplate found.
    pub boilerplate: Boilerplate,
    /// Bytes of decoded text kept as the body (after header and footer removal).
    pub body_bytes: u64,
    /// UAX #29 words in the cleaned body.
    pub tokens: u64,
    /// Distinct keys the policy made of them.
    pub distinct_words: u64,
    /// How many of those are in the word set.
    pub words_kept: u64,
    /// The language rules applied to this book (`--lang`, or its header's `Language:`
    /// under `--lang auto`); absent without `--lang`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
}

/// An input that was given but not read as a book.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Skipped {
    /// The path as given.
    pub path: String,
    /// Why it was skipped.
    pub reason: String,
}

/// Totals of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Totals {
    /// Books read.
    pub inputs: u64,
    /// Bytes read.
    pub bytes: u64,
    /// UAX #29 words.
    pub tokens: u64,
    /// Distinct keys over all books, before the selection rules (case evidence, length,
    /// counts).
    pub distinct_words: u64,
    /// Words in the set.
    pub words: u64,
    /// Size of the set file in bytes.
    pub set_bytes: u64,
    /// Size of the counts file in bytes.
    pub counts_bytes: u64,
}

impl Manifest {
    /// The manifest as pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }
}
