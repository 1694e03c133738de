//! Import: any plain word list (one word a line, sorted or not, LF, CRLF or lone CR) into a
//! word set.
//!
//! Each line is trimmed and normalised by the policy's character rules
//! ([`Policy::normalize_word`]); lines it rejects are reported with their line numbers, words
//! that normalise to a key already seen are reported as duplicates, and the keys are sorted
//! and de-duplicated into an `fst::Set`. The report counts every duplicate and rejected line
//! but keeps only the first [`REPORT_SAMPLE`] of each, a rejected line's text cut after
//! [`SAMPLE_CHARS`] characters, and a line over [`MAX_LINE_BYTES`] is rejected unread: a list
//! of millions of bad lines, or one line of a gigabyte, costs no more memory than its bytes. Length limits apply only when given, so an imported
//! list keeps its long words (ENABLE has 4,272 words over 15 letters). An imported set has
//! no counts map: its manifest says so, and a stale counts map beside the output is removed.
//!
//! ```
//! use folio_lexicon::{query::import::{ImportList, ImportOptions}, Policy};
//! let list = ImportList::parse(b"cat\r\nDog\ncat\n\nc4t\n", &Policy::game(), &ImportOptions::default());
//! assert_eq!(list.keys, ["CAT", "DOG"]);
//! assert_eq!(list.report.duplicates[0].line, 3);
//! assert_eq!(list.report.rejected[0].line, 5);
//! assert_eq!((list.report.duplicate_lines, list.report.rejected_lines), (1, 1));
//! ```

use std::path::{Path, PathBuf};

use sha2::Digest;

use crate::error::{Error, Result};
use crate::policy::Policy;
use crate::set::atomic::{write_bytes_atomic, write_files_atomic};
use crate::set::paths::{
    counts_path, manifest_path, refuse_folder, remove_stale_books, remove_stale_counts,
};

/// The longest line read, in bytes (no word is near it): a longer line is rejected with its
/// length, its text not kept. `folio words contains` refuses a longer line of stdin.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// How many duplicates and how many rejected lines a report keeps (the first of each, in line
/// order); [`ImportReport::duplicate_lines`] and [`ImportReport::rejected_lines`] count all.
pub const REPORT_SAMPLE: usize = 100;

/// Most characters of a rejected line a report keeps ([`Rejected::text`]).
pub const SAMPLE_CHARS: usize = 80;

/// Optional length limits, in letters of the normalised key (none by default).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ImportOptions {
    /// Reject words shorter than this.
    pub min_len: Option<usize>,
    /// Reject words longer than this.
    pub max_len: Option<usize>,
}

/// A line the import did not take.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Rejected {
    /// 1-based line number.
    pub line: usize,
    /// The line as read (trimmed), cut after [`SAMPLE_CHARS`] characters; for a line over
    /// [`MAX_LINE_BYTES`], decoded from its first bytes only.
    pub text: String,
    /// Whether `text` is only the start of the line.
    pub cut: bool,
    /// The line's length in bytes, as read (before trimming, without its line end).
    pub bytes: usize,
    /// Why: the policy rejected it, or a length limit.
    pub reason: String,
}

/// A line whose key was already imported from an earlier line.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Duplicate {
    /// 1-based line number of the repeat.
    pub line: usize,
    /// The normalised key.
    pub word: String,
    /// 1-based line number where the key first appeared.
    pub first_line: usize,
}

/// What an import found.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ImportReport {
    /// Lines read.
    pub lines: usize,
    /// Empty (or all-whitespace) lines, skipped silently.
    pub blank_lines: usize,
    /// Distinct words kept.
    pub words: usize,
    /// `utf-8` when every line is UTF-8; `windows-1252` when every line with a byte over
    /// 127 was read as Windows-1252; `utf-8+windows-1252` when the list mixes both.
    pub encoding: String,
    /// Lines that are not valid UTF-8, each decoded as Windows-1252 on its own.
    pub windows_1252_lines: usize,
    /// The first such line (1-based), if any.
    pub first_windows_1252_line: Option<usize>,
    /// Lines whose key was already imported (all of them).
    pub duplicate_lines: usize,
    /// The first [`REPORT_SAMPLE`] repeated keys, in line order.
    pub duplicates: Vec<Duplicate>,
    /// Lines not imported (all of them).
    pub rejected_lines: usize,
    /// The first [`REPORT_SAMPLE`] rejected lines, in line order.
    pub rejected: Vec<Rejected>,
}

impl ImportReport {
    /// Counts a rejected line and keeps it while the sample has room: `text` (the trimmed
    /// line) cut after [`SAMPLE_CHARS`] characters, `bytes` the line's whole length.
    fn reject(&mut self, line: usize, bytes: usize, text: &str, reason: String) {
        self.rejected_lines += 1;
        if self.rejected.len() >= REPORT_SAMPLE {
            return;
        }
        let (text, cut) = match text.char_indices().nth(SAMPLE_CHARS) {
            Some((at, _)) => (&text[..at], true),
            // The start of a line over MAX_LINE_BYTES is cut however short it is.
            None => (text, bytes > MAX_LINE_BYTES),
        };
        self.rejected.push(Rejected {
            line,
            text: text.to_string(),
            cut,
            bytes,
            reason,
        });
    }
}

/// A parsed word list: sorted, distinct keys and the report.
#[derive(Clone, Debug)]
pub struct ImportList {
    /// Sorted, distinct keys.
    pub keys: Vec<String>,
    /// What was found on the way.
    pub report: ImportReport,
}

impl ImportList {
    /// Parses a word list, LF, CRLF or lone CR, line by line: a line that is valid UTF-8 is read as
    /// UTF-8 (a BOM at the start is dropped), and only a line that is not is read as
    /// Windows-1252 (counted in the report: lists mixing a few Latin-1 lines into UTF-8 are
    /// common, and one bad byte must not re-read every other line).
    pub fn parse(bytes: &[u8], policy: &Policy, opts: &ImportOptions) -> ImportList {
        let mut report = ImportReport::default();
        // Key -> its first line: a duplicate costs nothing kept but its count (and a sample).
        // Fx, not SipHash: hashing was a tenth of the import of a list of millions of words.
        let mut first: crate::hash::FxHashMap<String, usize> = Default::default();
        let mut utf8_non_ascii = false;
        for (i, raw) in lines(bytes).enumerate() {
            let line = i + 1;
            report.lines = line;
            let reject = |report: &mut ImportReport, text: &str, reason: String| {
                report.reject(line, raw.len(), text, reason);
            };
            if raw.len() > MAX_LINE_BYTES {
                // Not decoded whole nor kept: its start and its length say what it was.
                let why = format!("longer than the {MAX_LINE_BYTES}-byte line limit: not a word");
                reject(&mut report, &line_start(raw), why);
                continue;
            }
            let (decoded, cp1252) = decode_line(raw);
            if cp1252 {
                report.windows_1252_lines += 1;
                report.first_windows_1252_line.get_or_insert(line);
            } else if !raw.is_ascii() {
                utf8_non_ascii = true;
            }
            let t = decoded.trim();
            if t.is_empty() {
                report.blank_lines += 1;
                continue;
            }
            let Some(key) = policy.normalize_word(t) else {
                reject(
                    &mut report,
                    t,
                    format!("not a word under the {} policy", policy.name),
                );
                continue;
            };
            let n = key.chars().count();
            if let Some(min) = opts.min_len.filter(|&m| n < m) {
                reject(
                    &mut report,
                    t,
                    format!(
                        "{}, under --min-len {min}",
                        folio_core::plural(n, "letter", "letters")
                    ),
                );
                continue;
            }
            if let Some(max) = opts.max_len.filter(|&m| n > m) {
                reject(
                    &mut report,
                    t,
                    format!(
                        "{}, over --max-len {max}",
                        folio_core::plural(n, "letter", "letters")
                    ),
                );
                continue;
            }
            // No set holds a longer key, whatever the options: it bounds the builders.
            let most = crate::policy::MAX_KEY_LEN;
            if n > most {
                reject(
                    &mut report,
                    t,
                    format!("{n} letters, over the {most}-letter limit of a key"),
                );
                continue;
            }
            match first.get(&key) {
                Some(&first_line) => {
                    report.duplicate_lines += 1;
                    if report.duplicates.len() < REPORT_SAMPLE {
                        report.duplicates.push(Duplicate {
                            line,
                            word: key,
                            first_line,
                        });
                    }
                }
                None => {
                    first.insert(key, line);
                }
            }
        }
        // Sorted by their first 8 bytes held inline (zero-padded: no key holds a NUL), the
        // whole keys compared only on a tie: comparing Strings chases each one's heap
        // pointer, and that was most of the import of a list of millions of words.
        let mut keyed: Vec<(u64, String)> = first
            .into_keys()
            .map(|k| {
                let mut head = [0u8; 8];
                let n = k.len().min(8);
                head[..n].copy_from_slice(&k.as_bytes()[..n]);
                (u64::from_be_bytes(head), k)
            })
            .collect();
        keyed.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
        let keys: Vec<String> = keyed.into_iter().map(|(_, k)| k).collect();
        report.words = keys.len();
        report.encoding = match (report.windows_1252_lines, utf8_non_ascii) {
            (0, _) => "utf-8",
            (_, false) => "windows-1252",
            (_, true) => "utf-8+windows-1252",
        }
        .to_string();
        ImportList { keys, report }
    }

    /// Writes the keys as an `fst::Set` at `output`, atomically.
    ///
    /// # Errors
    /// [`Error::Io`] naming `output`.
    pub fn write_set(&self, output: &Path) -> Result<()> {
        let bytes = self.set_bytes().map_err(|e| Error::io(output, e))?;
        write_bytes_atomic(output, &bytes)
    }

    /// The keys as the bytes of an `fst::Set`.
    ///
    /// Built by folio's builder (the fst crate's bytes, as `WordSet::from_words` builds
    /// them), not `fst::SetBuilder`, whose node registry cost most of the build of a large
    /// list (a list of 6M words spent a quarter of its import there).
    fn set_bytes(&self) -> std::io::Result<Vec<u8>> {
        let bytes: usize = self.keys.iter().map(String::len).sum();
        let mut b = crate::build::FstBuilder::new(bytes.saturating_mul(2).saturating_add(64));
        for k in &self.keys {
            b.insert(k.as_bytes(), 0).map_err(std::io::Error::other)?;
        }
        Ok(b.finish())
    }
}

/// The lines of a list without their line ends, and without a leading UTF-8 BOM. A line
/// ends at `\n` (Unix), `\r\n` (Windows) or a lone `\r` (classic Mac OS, where a list
/// exported by an old program is one long "line" otherwise); a final line end ends the last
/// line, it does not open one (as `str::lines`, which knows no lone `\r`).
///
/// Split by folio's one line splitter ([`folio_core::script::each_line`]), which `contains`
/// reads stdin with too ([`folio_core::script::StreamLines`]).
pub(crate) fn lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    folio_core::script::each_line(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes))
}

/// The first [`SAMPLE_CHARS`] characters or so of a line too long to read whole, trimmed:
/// decoded like any line ([`decode_line`]) from its first bytes, cut before a character the
/// cut would split.
fn line_start(raw: &[u8]) -> String {
    let mut head = &raw[..raw.len().min(SAMPLE_CHARS * 4)];
    if let Err(e) = std::str::from_utf8(head) {
        // Valid UTF-8 cut inside its last character: drop that character, not the encoding.
        if e.error_len().is_none() {
            head = &head[..e.valid_up_to()];
        }
    }
    decode_line(head).0.trim().to_string()
}

/// One line as text: UTF-8 when it is, else Windows-1252 (`true`), which decodes any byte.
/// The rule `import` reads a list by, line by line; `folio words contains` reads words from
/// stdin by it too, so a Latin-1 `caf\xE9` probe is `CAFE` there as in an imported list.
pub fn decode_line(raw: &[u8]) -> (std::borrow::Cow<'_, str>, bool) {
    match std::str::from_utf8(raw) {
        Ok(s) => (s.into(), false),
        Err(_) => (
            encoding_rs::WINDOWS_1252.decode_without_bom_handling(raw).0,
            true,
        ),
    }
}

/// The manifest of an imported set (`OUT.json` beside `OUT.fst`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct ImportManifest {
    /// Always `import`: this set was not ingested from books.
    pub kind: &'static str,
    /// folio-lexicon's version.
    pub folio_version: &'static str,
    /// The policy whose character rules normalised the list.
    pub policy: Policy,
    /// The length limits given.
    pub options: ImportOptions,
    /// The list as given (`-` for stdin).
    pub source: String,
    /// sha256 of the list's bytes, hex.
    pub source_sha256: String,
    /// Bytes of the list.
    pub source_bytes: usize,
    /// The set written.
    #[serde(serialize_with = "folio_core::file_name::serialize")]
    pub output: PathBuf,
    /// Always `null`: an imported list has no occurrence counts, so no `OUT.counts.fst`.
    #[serde(serialize_with = "folio_core::file_name::serialize_option")]
    pub counts_map: Option<PathBuf>,
    /// Lines, blank lines, words, encoding, and the duplicates and rejected lines.
    pub report: ImportReport,
}

/// Imports the list `bytes` (read from `source`, as named in the manifest) into `output`:
/// the set, its manifest, and removal of a stale counts map beside it. Returns the manifest.
///
/// # Errors
/// [`Error::BinaryList`] naming `source` when the bytes hold a NUL (a binary file: nothing
/// is written); [`Error::Io`] naming the output or manifest when they cannot be written.
pub fn import_bytes(
    source: &str,
    bytes: &[u8],
    output: &Path,
    policy: &Policy,
    opts: &ImportOptions,
) -> Result<ImportManifest> {
    // A list in UTF-16 with a byte-order mark is read as ingest reads such a book
    // (`decode`): converted to UTF-8 first. Without a mark its NUL bytes make it binary.
    let binary = |offset| Error::BinaryList {
        path: source.into(),
        offset,
    };
    let utf16 = crate::ingest::decode::utf16_with_bom(bytes)
        .transpose()
        .map_err(binary)?;
    let text = utf16.as_ref().map_or(bytes, |(t, _)| t.as_bytes());
    // No text file holds a NUL: importing an executable or an fst by mistake would write a
    // set of whatever letters it happens to hold, and report its bytes as rejected lines.
    if let Some(offset) = text.iter().position(|&b| b == 0) {
        return Err(binary(offset));
    }
    let mut list = ImportList::parse(text, policy, opts);
    if let Some((_, encoding)) = utf16 {
        list.report.encoding = encoding.name().to_string();
    }
    let set = list.set_bytes().map_err(|e| Error::io(output, e))?;
    let manifest = ImportManifest {
        kind: "import",
        folio_version: env!("CARGO_PKG_VERSION"),
        policy: policy.clone(),
        options: opts.clone(),
        source: source.to_string(),
        source_sha256: sha2::Sha256::digest(bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect(),
        source_bytes: bytes.len(),
        output: output.to_path_buf(),
        counts_map: None,
        report: list.report,
    };
    let json = serde_json::to_vec_pretty(&manifest).map_err(std::io::Error::other);
    let mp = manifest_path(output);
    let json = json.map_err(|e| Error::io(&mp, e))?;
    // The set and its manifest are written together, and only when the stale counts and
    // books maps can be removed after: a failure leaves no new set without its manifest,
    // and no map of an older set of that name is read as this one's.
    refuse_folder(&counts_path(output))?;
    refuse_folder(&crate::set::OutputPaths::for_set(output).books)?;
    write_files_atomic(&[(output, &set), (&mp, &json)])?;
    remove_stale_counts(output)?;
    remove_stale_books(output)?;
    Ok(manifest)
}

/// Reads the list at `input` and imports it (see [`import_bytes`]).
///
/// # Errors
/// [`Error::Io`] naming `input` when it cannot be read, or the outputs.
pub fn import_file(
    input: &Path,
    output: &Path,
    policy: &Policy,
    opts: &ImportOptions,
) -> Result<ImportManifest> {
    let bytes = std::fs::read(input).map_err(|e| Error::io(input, e))?;
    import_bytes(
        &folio_core::file_name::in_message(input),
        &bytes,
        output,
        policy,
        opts,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Millions of rejected or repeated lines keep a sample of each and the whole counts; a
    /// line over the limit is rejected with its length, its text not kept.
    #[test]
    fn reports_keep_a_bounded_sample() {
        let pol = Policy::game();
        let mut text = "123\ncat\n".repeat(1000);
        text.push_str(&"q1".repeat(MAX_LINE_BYTES));
        text.push_str("\ndog\n");
        text.push_str(&format!("{}\n", "é1".repeat(100)));
        let l = ImportList::parse(text.as_bytes(), &pol, &ImportOptions::default());
        let r = &l.report;
        assert_eq!(l.keys, ["CAT", "DOG"]);
        assert_eq!(
            (r.lines, r.rejected_lines, r.duplicate_lines),
            (2003, 1002, 999)
        );
        assert_eq!(
            (r.rejected.len(), r.duplicates.len()),
            (REPORT_SAMPLE, REPORT_SAMPLE)
        );
        assert_eq!(r.duplicates[99].line, 202);
        let first = &r.rejected[0];
        assert_eq!(
            (first.line, first.text.as_str(), first.cut, first.bytes),
            (1, "123", false, 3)
        );
        let small = ImportList::parse(
            format!("{}\n{}\n", "q1".repeat(MAX_LINE_BYTES), "é1".repeat(100)).as_bytes(),
            &pol,
            &ImportOptions::default(),
        );
        // A line over the limit: its start shown, read no further.
        let long = &small.report.rejected[0];
        assert_eq!(
            (long.text.as_str(), long.cut, long.bytes),
            (
                "q1".repeat(SAMPLE_CHARS / 2).as_str(),
                true,
                2 * MAX_LINE_BYTES
            )
        );
        assert_eq!(
            long.reason,
            format!("longer than the {MAX_LINE_BYTES}-byte line limit: not a word")
        );
        // Its start cut inside a character: that character is dropped, the line stays UTF-8.
        let wide = ImportList::parse(
            "é".repeat(MAX_LINE_BYTES).as_bytes(),
            &pol,
            &ImportOptions::default(),
        );
        let wide = &wide.report.rejected[0];
        assert_eq!(
            (wide.text.as_str(), wide.cut),
            ("é".repeat(SAMPLE_CHARS).as_str(), true)
        );
        let cut = &small.report.rejected[1];
        assert_eq!(
            (cut.text.chars().count(), cut.cut, cut.bytes),
            (SAMPLE_CHARS, true, 300)
        );
        // A line of exactly the limit is read.
        let at = ImportList::parse(
            "q".repeat(MAX_LINE_BYTES).as_bytes(),
            &pol,
            &ImportOptions::default(),
        );
        assert!(at.report.rejected[0]
            .reason
            .contains("letter limit of a key"));
    }

    #[test]
    fn limits_apply_only_when_given() {
        let text = b"a\nantidisestablishmentarianism\n";
        let pol = Policy::game();
        let all = ImportList::parse(text, &pol, &ImportOptions::default());
        assert_eq!(all.keys.len(), 2);
        let some = ImportList::parse(
            text,
            &pol,
            &ImportOptions {
                min_len: Some(2),
                max_len: Some(15),
            },
        );
        assert!(some.keys.is_empty());
        assert_eq!(some.report.rejected.len(), 2);
    }

    /// A UTF-16 list with a byte-order mark imports like its UTF-8 copy.
    #[test]
    fn utf16_with_a_bom_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let text = "café\r\nwhale\r\n";
        let mut le = vec![0xFF, 0xFE];
        le.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        let mut be = vec![0xFE, 0xFF];
        be.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
        for (bytes, name) in [(le, "utf-16le"), (be, "utf-16be")] {
            let out = dir.path().join(format!("{name}.fst"));
            let m = import_bytes(
                name,
                &bytes,
                &out,
                &Policy::game(),
                &ImportOptions::default(),
            )
            .unwrap();
            assert_eq!(m.report.encoding, name);
            let words: Vec<String> =
                crate::query::export::words(&crate::WordSet::open(&out).unwrap()).collect();
            assert_eq!(words, ["CAFE", "WHALE"]);
        }
    }

    #[test]
    fn bom_and_cp1252() {
        let pol = Policy::game();
        let l = ImportList::parse(
            b"\xEF\xBB\xBFcaf\xC3\xA9\n",
            &pol,
            &ImportOptions::default(),
        );
        assert_eq!(
            (l.keys.as_slice(), l.report.encoding.as_str()),
            (&["CAFE".to_string()][..], "utf-8")
        );
        let l = ImportList::parse(b"caf\xE9\r\n", &pol, &ImportOptions::default());
        assert_eq!(l.keys, ["CAFE"]);
        assert_eq!(l.report.encoding, "windows-1252");
        assert_eq!(l.report.first_windows_1252_line, Some(1));
    }

    #[test]
    fn only_the_lines_that_are_not_utf8_are_read_as_windows_1252() {
        let pol = Policy {
            keep_diacritics: true,
            ..Policy::game()
        };
        // Line 2 is UTF-8 ("naïve"); lines 3 and 5 are Latin-1 ("café", "señor"). Read as a
        // whole in Windows-1252, line 2 would become "naÃ¯ve".
        let text = b"cat\nna\xC3\xAFve\ncaf\xE9\r\ndog\nse\xF1or\n";
        let l = ImportList::parse(text, &pol, &ImportOptions::default());
        assert_eq!(l.keys, ["CAFÉ", "CAT", "DOG", "NAÏVE", "SEÑOR"]);
        let r = &l.report;
        assert_eq!(r.encoding, "utf-8+windows-1252");
        assert_eq!(
            (r.windows_1252_lines, r.first_windows_1252_line),
            (2, Some(3))
        );
        assert_eq!(r.lines, 5);
        let plain = ImportList::parse(b"cat\n", &pol, &ImportOptions::default());
        assert_eq!(plain.report.encoding, "utf-8");
        assert_eq!(plain.report.first_windows_1252_line, None);
    }

    #[test]
    fn lines_split_like_str_lines() {
        for text in ["", "\n", "a", "a\n", "a\r\nb", "a\n\nb\r\n", "\r\n\r\n"] {
            let ours: Vec<&[u8]> = lines(text.as_bytes()).collect();
            let std: Vec<&[u8]> = text.lines().map(str::as_bytes).collect();
            assert_eq!(ours, std, "{text:?}");
        }
    }

    #[test]
    fn a_lone_cr_ends_a_line() {
        for (text, want) in [
            ("a\rb", &["a", "b"][..]),
            ("a\rb\r", &["a", "b"]),
            ("a\r\rb", &["a", "", "b"]),
            ("a\r\nb\rc\nd", &["a", "b", "c", "d"]),
            ("\r", &[""]),
            ("a\n\rb", &["a", "", "b"]),
            ("\u{feff}a\rb", &["a", "b"]),
        ] {
            let ours: Vec<&[u8]> = lines(text.as_bytes()).collect();
            let want: Vec<&[u8]> = want.iter().map(|w| w.as_bytes()).collect();
            assert_eq!(ours, want, "{text:?}");
        }
        let pol = Policy::game();
        let l = ImportList::parse(b"cat\rdog\rcow\r", &pol, &ImportOptions::default());
        assert_eq!(l.keys, ["CAT", "COW", "DOG"]);
        assert_eq!(l.report.lines, 3);
    }

    #[test]
    fn a_binary_list_is_refused_and_nothing_written() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("w.fst");
        let err = import_bytes(
            "prog",
            b"\x7fELF\x02\x01\x01\0\0cat\n",
            &out,
            &Policy::game(),
            &ImportOptions::default(),
        )
        .unwrap_err();
        assert!(
            matches!(err, Error::BinaryList { offset: 7, .. }),
            "{err:?}"
        );
        assert_eq!(
            err.to_string(),
            "prog: binary file (NUL byte at offset 7), not a word list"
        );
        assert!(!out.exists());
        assert!(!dir.path().join("w.json").exists());
    }

    #[test]
    fn an_unwritable_manifest_or_counts_path_leaves_no_set() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("w.fst");
        for blocker in ["w.json", "w.counts.fst", "w.books.fst"] {
            let b = dir.path().join(blocker);
            std::fs::create_dir(&b).unwrap();
            let err = import_bytes(
                "-",
                b"cat\n",
                &out,
                &Policy::game(),
                &ImportOptions::default(),
            )
            .unwrap_err();
            assert!(err.to_string().contains(blocker), "{err}");
            assert!(
                !out.exists(),
                "{blocker}: a set was written without its manifest"
            );
            std::fs::remove_dir(&b).unwrap();
        }
    }

    #[test]
    fn writes_set_and_manifest() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("w.fst");
        std::fs::write(counts_path(&out), b"stale").unwrap();
        let books = crate::set::OutputPaths::for_set(&out).books;
        std::fs::write(&books, b"stale").unwrap();
        let m = import_bytes(
            "-",
            b"dog\ncat\n",
            &out,
            &Policy::game(),
            &ImportOptions::default(),
        )
        .unwrap();
        assert_eq!(m.report.words, 2);
        assert_eq!(crate::WordSet::open(&out).unwrap().len(), 2);
        assert!(!counts_path(&out).exists());
        assert!(!books.exists(), "an old books map was left beside the set");
        let json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.path().join("w.json")).unwrap()).unwrap();
        assert_eq!(json["counts_map"], serde_json::Value::Null);
        assert_eq!(json["kind"], "import");
    }

    /// Keys sharing their first 8 bytes, shorter than 8 and multi-byte are sorted as
    /// `sort` sorts them, and the set's bytes are those of `fst::SetBuilder`.
    #[test]
    fn keys_sort_by_bytes_and_the_set_is_the_fst_crates() {
        let list = "ABCDEFGHZ\nABCDEFGHA\nABCDEFGH\nAB\nABCDEFG\nÉTÉ\nZ\nABCDEFGHAA\nA\n";
        let l = ImportList::parse(list.as_bytes(), &Policy::raw(), &ImportOptions::default());
        let mut want: Vec<String> = list.lines().map(str::to_string).collect();
        want.sort();
        assert_eq!(l.keys, want);
        let mut b = fst::SetBuilder::memory();
        for k in &want {
            b.insert(k).unwrap();
        }
        assert_eq!(l.set_bytes().unwrap(), b.into_inner().unwrap());
    }
}
