//! `export` and `import`: a set to a word list, a word list to a set.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use folio_lexicon::checked;
use folio_lexicon::ingest::read_stream;
use folio_lexicon::query::export;
use folio_lexicon::query::frequency::{self, Format, Frequency};
use folio_lexicon::query::import::{import_bytes, ImportOptions, REPORT_SAMPLE};
use folio_lexicon::set::{counts_path, manifest_path};
use folio_lexicon::{Policy, WordSet};
use serde_json::json;

use super::{load, refuse_overwriting_inputs, Outcome, Sets};

/// `export --counts`: a frequency list instead of a word list.
pub(super) struct FrequencyExport {
    pub(super) format: Format,
    pub(super) min_books: Option<u64>,
}

pub(super) fn export(
    sets: &Sets,
    output: Option<PathBuf>,
    json: bool,
    freq: Option<FrequencyExport>,
    w: &mut impl Write,
) -> anyhow::Result<Outcome> {
    let output = output.filter(|p| p.as_os_str() != "-");
    if let Some(path) = &output {
        // A set is read with its side files (counts and books maps, manifest): none of them
        // may be overwritten by the export.
        let read: Vec<PathBuf> = sets
            .sets
            .iter()
            .flat_map(|s| {
                let p = folio_lexicon::set::OutputPaths::for_set(s);
                [p.set, p.counts, p.books, p.manifest]
            })
            .collect();
        refuse_overwriting_inputs(std::slice::from_ref(path), &read)?;
    }
    if let Some(freq) = freq {
        let rows = frequency_rows(sets, freq.min_books)?;
        let write = |f: &mut dyn Write| -> std::io::Result<()> {
            if json {
                let v = json!({ "count": rows.len(), "words": rows });
                writeln!(f, "{v}")
            } else {
                frequency::write_rows(&rows, freq.format, f)
            }
        };
        match output {
            Some(path) => {
                folio_lexicon::set::atomic::write_atomic(&path, |mut f| write(&mut f))?;
                eprintln!(
                    "wrote {} to {}",
                    folio_core::plural(rows.len(), "word", "words"),
                    folio_core::file_name::in_message(&path)
                );
            }
            None => write(w)?,
        }
        return Ok(Outcome::Ok);
    }
    let set = load(sets)?;
    match output {
        Some(path) => {
            folio_lexicon::set::atomic::write_atomic(&path, |f| write_export(&set, json, f))?;
            eprintln!(
                "wrote {} to {}",
                folio_core::plural(set.len(), "word", "words"),
                folio_core::file_name::in_message(&path)
            );
        }
        None => write_export(&set, json, w)?,
    }
    Ok(Outcome::Ok)
}

/// The frequency rows of the sets (one set, or several whose counts are summed; books
/// are known only for a single set with its books map).
fn frequency_rows(sets: &Sets, min_books: Option<u64>) -> anyhow::Result<Vec<Frequency>> {
    let maps = super::stats::counts_maps(sets)?;
    let set = load(sets)?;
    let books = match sets.sets.as_slice() {
        [one] => checked::open_books_beside(one, &set)?,
        _ => None,
    };
    if min_books.is_some() && books.is_none() {
        bail!(
            "--min-books needs the books map `folio ingest` writes beside a set \
             (OUT.books.fst, matching the set's words); {} has none",
            sets.sets
                .iter()
                .map(|p| folio_core::file_name::in_message(p))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let total: u64 = maps.iter().map(|m| m.total()).sum();
    let mut rows = Vec::with_capacity(set.len());
    for word in export::words(&set) {
        let count = maps.iter().fold(0u64, |a, m| {
            a.saturating_add(m.get(word.as_bytes()).unwrap_or(0))
        });
        let b = books.as_ref().and_then(|m| m.get(word.as_bytes()));
        if min_books.is_some_and(|min| b.unwrap_or(0) < min) {
            continue;
        }
        rows.push(Frequency::new(word, count, b, total));
    }
    Ok(rows)
}

fn write_export(set: &WordSet, json: bool, w: &mut impl Write) -> std::io::Result<()> {
    if json {
        let words: Vec<String> = export::words(set).collect();
        let v = json!({ "count": words.len(), "words": words });
        writeln!(w, "{v}")
    } else {
        export::write_words(set, w).map(|_| ())
    }
}

/// How many duplicates and rejected lines the text report lists (the manifest keeps the first
/// `REPORT_SAMPLE`).
const REPORT_LINES: usize = 20;

pub(super) fn import(
    list: &Path,
    output: &Path,
    policy: &Policy,
    opts: ImportOptions,
    (json, quiet): (bool, bool),
    w: &mut impl Write,
) -> anyhow::Result<Outcome> {
    if let (Some(min), Some(max)) = (opts.min_len, opts.max_len) {
        if min > max {
            bail!("--min-len {min} is more than --max-len {max}: no word could be imported");
        }
    }
    refuse_overwriting_inputs(
        &[
            output.to_path_buf(),
            manifest_path(output),
            counts_path(output),
        ],
        &[list.to_path_buf()],
    )?;
    // Before the list is read (stdin may be long): an output the write would refuse.
    folio_lexicon::set::atomic::check_writable(output).context("cannot write the word set")?;
    if !folio_lexicon::set::atomic::is_write_through(output) {
        folio_lexicon::set::atomic::check_writable(&manifest_path(output))
            .context("cannot write the word set")?;
    }
    // Not UTF-8: escaped (`\xFF`), never lossy (docs/formats.md §9, "File names").
    let shown = folio_core::file_name::in_message(list);
    // A stream (stdin, a FIFO, a device) is read up to ingest's stream limit: `/dev/zero`
    // never ends.
    let (name, bytes) = if list == Path::new("-") {
        let mut b = Vec::new();
        read_stream(std::io::stdin().lock(), &mut b).context("reading the word list from stdin")?;
        ("-".to_string(), b)
    } else if std::fs::metadata(list).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        let mut b = Vec::new();
        let f = std::fs::File::open(list).with_context(|| shown.clone())?;
        read_stream(f, &mut b).with_context(|| shown.clone())?;
        (shown, b)
    } else {
        let b = std::fs::read(list).with_context(|| shown.clone())?;
        (shown, b)
    };
    super::super::note_write_through(output);
    let m = import_bytes(&name, &bytes, output, policy, &opts)?;
    let r = &m.report;
    if r.words == 0 {
        eprintln!(
            "folio: warning: {}: the word set is empty: no line of {name} was a word",
            folio_core::file_name::in_message(output)
        );
    }
    if let Some(first) = r.first_windows_1252_line {
        let n = r.windows_1252_lines;
        eprintln!(
            "folio: warning: {name}: {n} line{} not UTF-8 (first: line {first}); read as \
             Windows-1252",
            if n == 1 { " is" } else { "s are" }
        );
    }
    if json {
        writeln!(w, "{}", serde_json::to_string(&m)?)?;
        return Ok(Outcome::Ok);
    }
    writeln!(
        w,
        "imported {name} -> {}: {} word{} from {} line{} ({}, {} blank)",
        folio_core::file_name::in_message(output),
        r.words,
        if r.words == 1 { "" } else { "s" },
        r.lines,
        if r.lines == 1 { "" } else { "s" },
        r.encoding,
        r.blank_lines
    )?;
    // Each listed line is named FILE:LINE, as compilers name a place: a report pasted
    // elsewhere still says which list it is about.
    writeln!(w, "duplicates: {}", r.duplicate_lines)?;
    let shown = if quiet { 0 } else { REPORT_LINES };
    for d in r.duplicates.iter().take(shown) {
        writeln!(
            w,
            "  {name}:{}: {} (first on line {})",
            d.line, d.word, d.first_line
        )?;
    }
    writeln!(w, "rejected lines: {}", r.rejected_lines)?;
    for x in r.rejected.iter().take(shown) {
        let text = folio_core::quote::quoted(&x.text);
        if x.cut {
            let n = x.bytes;
            writeln!(w, "  {name}:{}: {text}… ({n} bytes): {}", x.line, x.reason)?;
        } else {
            writeln!(w, "  {name}:{}: {text}: {}", x.line, x.reason)?;
        }
    }
    let manifest = manifest_path(output);
    let through = folio_lexicon::set::atomic::is_write_through(output);
    if r.duplicate_lines.max(r.rejected_lines) > shown {
        if through {
            writeln!(
                w,
                "  (the others are not listed: no manifest is written beside {})",
                folio_core::file_name::in_message(output)
            )?;
        } else {
            writeln!(
                w,
                "  (the first {REPORT_SAMPLE} of each are listed in {})",
                folio_core::file_name::in_message(&manifest)
            )?;
        }
    }
    if through {
        writeln!(w, "counts map: none (a word list has no occurrence counts)")?;
    } else {
        writeln!(
            w,
            "counts map: none (a word list has no occurrence counts; {} says so)",
            folio_core::file_name::in_message(&manifest)
        )?;
    }
    Ok(Outcome::Ok)
}
