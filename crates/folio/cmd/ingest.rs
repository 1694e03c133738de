//! `folio ingest <INPUT>... -o OUT.fst`: chosen books in; a word set (`OUT.fst`), its counts
//! (`OUT.counts.fst`) and its manifest (`OUT.json`) out. The work is done by
//! `folio_lexicon::ingest`; this module parses options, reports progress and prints summaries.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use folio_lexicon::ingest::drops::{DropClass, Selection, Survey};
use folio_lexicon::ingest::{
    expand_inputs, ingest_extra, write_outputs_with, Extras, Reading, Source,
};
use folio_lexicon::set::OutputPaths;
use folio_lexicon::{Policy, PolicyName};

use super::Outcome;

pub(crate) mod scale;

/// Arguments of `folio ingest`.
#[derive(clap::Args)]
#[command(
    after_help = "Outputs: OUT.fst (fst::Set), OUT.counts.fst (fst::Map word -> \
occurrences), OUT.books.fst (fst::Map word -> books it occurs in), OUT.json (manifest). The word-list policy is described in docs/policy.md.\n\n\
A book counts once: a file given twice is read once, and a copy under another name (the same \
bytes, the same SHA-256; stdin included) is skipped with a warning naming the book it \
repeats, so --min-books counts distinct books (docs/words.md, \"One book, one count\").\n\n\
Exit status: 0 the outputs were written; 2 usage or I/O error (an unreadable book, an output \
that cannot be written, an interrupted run: with --work DIR, the same command resumes it)."
)]
pub struct Args {
    /// Books: files, folders (read recursively for *.txt files), or - for stdin.
    #[arg(required = true, value_name = "INPUT")]
    inputs: Vec<OsString>,
    /// The word set to write (an fst::Set); the counts and manifest go beside it.
    #[arg(short, long, value_name = "OUT.fst", value_parser = super::args::output_file())]
    output: PathBuf,
    /// Word-list policy: `game` (A–Z words for word games) or `raw` (every normalised word).
    #[arg(long, default_value = "game", value_name = "NAME")]
    policy: PolicyName,
    /// Keep diacritics (CAFÉ) instead of folding them to A–Z (CAFE).
    #[arg(long)]
    keep_diacritics: bool,
    /// Keep these letters as tiles beside A–Z while other diacritics fold (German tiles:
    /// `ÄÖÜ`; ß still spells SS). The set's manifest records them. Default: the tile letters
    /// of --lang's tile set (`de`: ÄÖÜ), else none.
    /// Each must be a letter other than A–Z that upper-cases to one letter (`1`, `A`, `ß`
    /// or an empty value would do nothing: a usage error, exit 2).
    #[arg(
        long,
        value_name = "LETTERS",
        conflicts_with = "keep_diacritics",
        value_parser = folio_lexicon::policy::parse_tile_letters
    )]
    tile_letters: Option<String>,
    /// Keep words never seen in lower case (proper nouns, all-caps headings).
    #[arg(long)]
    keep_proper_nouns: bool,
    /// Shortest word kept, in letters, at least 1 [game: 2, raw: 1].
    #[arg(long, value_name = "N", value_parser = super::args::min_len)]
    min_len: Option<usize>,
    /// Longest word kept, in letters [game: 15, the board; raw: no limit].
    #[arg(long, value_name = "N", value_parser = super::args::max_len)]
    max_len: Option<usize>,
    /// Fewest occurrences in the chosen books for a word to be kept (at least 1).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = super::args::min_count)]
    min_count: u64,
    /// Fewest books a word must occur in to be kept (1 to the number of books).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = super::args::min_books)]
    min_books: usize,
    /// No progress bar, no summary, no notes (warnings about skipped inputs remain).
    #[arg(short, long)]
    quiet: bool,
    /// Print a JSON summary on stdout.
    #[arg(long)]
    json: bool,
    /// Read books into memory instead of mapping them: ~5% more CPU, but safe when another
    /// program may truncate or rewrite a book during the run (a mapped book cut short ends
    /// the run with SIGBUS).
    #[arg(long)]
    no_mmap: bool,
    /// Bound the counting tables to SIZE (512M, 2G): past it, sorted runs go to a temporary
    /// folder and are merged by streaming at the end. Same outputs, byte for byte. SIZE is
    /// at least 1M (below it every book would be a run of its own) and at most the
    /// machine's physical memory (a larger budget never spills before memory runs out:
    /// leave --memory out for an unbounded run); otherwise a usage error (exit 2).
    #[arg(long, value_name = "SIZE", value_parser = super::args::memory_size)]
    memory: Option<u64>,
    /// Write a mergeable partial to -o instead of a word set (merge partials with `folio
    /// merge`); --min-count and --min-books are then given to the merge.
    #[arg(long)]
    partial: bool,
    /// Keep the sorted runs in this work folder, journaled as each is finished, instead of a
    /// temporary folder: the same command given again after an interruption counts only the
    /// books not yet in a finished run. The folder is removed once the outputs are written
    /// (docs/ingest-scale.md, "Resuming"), so an output inside it is refused.
    #[arg(long, value_name = "DIR", requires = "memory")]
    work: Option<PathBuf>,
    /// Where temporary runs go, with --memory or --partial (without either nothing is
    /// written there, so the option is refused: exit 2) [default: $TMPDIR, else /tmp].
    #[arg(long, value_name = "DIR")]
    temp_dir: Option<PathBuf>,
    /// The books' language (ISO 639-1 code), or `auto` to read it from each book's Project
    /// Gutenberg `Language:` line. French, Italian and Catalan split elisions as wordfreq
    /// does (`l'homme` -> HOMME, the particle dropped); German keeps its tile letters ÄÖÜ
    /// (as --tile-letters ÄÖÜ; with `auto`, in each book found German); the others are
    /// recorded in the manifest. Any other value is a usage error (exit 2) listing these.
    #[arg(long, value_name = "LANG", value_parser = languages())]
    lang: Option<String>,
    /// Write the drop report here (TSV: every dropped word with its class, count, books and
    /// forms; the totals per class in `#` lines) and print its summary.
    // The drop report needs every key's forms as written and the refused spellings, which
    // runs and partials do not hold (yet): not with --memory or --partial.
    #[arg(long, value_name = "FILE.tsv", value_parser = super::args::output_file())]
    report: Option<PathBuf>,
    /// Keep the words of this list (one a line) whenever the books have them, whatever rule
    /// of the policy dropped them. Repeatable. (With --partial: give it to `folio merge`.)
    #[arg(long, value_name = "LIST")]
    include: Vec<PathBuf>,
    /// Never keep the words of this list (one a line). Repeatable; wins over --include.
    #[arg(long, value_name = "LIST")]
    exclude: Vec<PathBuf>,
}

/// `--lang`'s values: `auto` and the languages folio knows
/// (`folio_lexicon::ingest::elision::LANGUAGES`), each with its name in `--help`.
fn languages() -> clap::builder::PossibleValuesParser {
    use clap::builder::PossibleValue;
    let auto = PossibleValue::new("auto").help("each book's Project Gutenberg Language: line");
    let known = folio_lexicon::ingest::elision::LANGUAGES
        .iter()
        .map(|&(code, name)| PossibleValue::new(code).help(name));
    std::iter::once(auto)
        .chain(known)
        .collect::<Vec<_>>()
        .into()
}

impl Args {
    /// Refuses options that would be accepted and do nothing, or leave the set empty by
    /// construction, before any book is read.
    fn check(&self) -> anyhow::Result<()> {
        // Said here, not by clap's `requires`: its message would not name --temp-dir.
        if self.temp_dir.is_some() && self.memory.is_none() && !self.partial {
            anyhow::bail!(
                "--temp-dir only matters with --memory or --partial: without them no run is \
                 written to a temporary folder; drop the flag, or add --memory SIZE"
            );
        }
        if self.policy == PolicyName::Raw {
            for (given, flag) in [
                (self.keep_diacritics, "--keep-diacritics"),
                (self.keep_proper_nouns, "--keep-proper-nouns"),
                (self.tile_letters.is_some(), "--tile-letters"),
                (self.lang.is_some(), "--lang"),
            ] {
                if given {
                    anyhow::bail!(
                        "{flag} does nothing with --policy raw, which keeps every word as \
                         normalised (diacritics and proper nouns included); drop the flag, or \
                         use --policy game"
                    );
                }
            }
        }
        let policy = self.policy();
        if let Some(max) = policy.max_len.filter(|&m| m < policy.min_len) {
            let (min_from, max_from) = (self.min_len.is_some(), self.max_len.is_some());
            let from = |given: bool| if given { "" } else { " (the policy's default)" };
            anyhow::bail!(
                "--min-len {}{} is more than --max-len {max}{}: no word could be kept",
                policy.min_len,
                from(min_from),
                from(max_from),
            );
        }
        Ok(())
    }

    fn policy(&self) -> Policy {
        let mut p = Policy::named(self.policy);
        if self.policy == PolicyName::Game {
            p.keep_diacritics = self.keep_diacritics;
            p.keep_proper_nouns = self.keep_proper_nouns;
            let lang = self.lang.as_deref().map(|l| l.trim().to_lowercase());
            let by_lang = lang
                .as_deref()
                .and_then(folio_lexicon::policy::language_tile_letters)
                .filter(|_| !self.keep_diacritics);
            if let Some(letters) = self.tile_letters.as_deref().or(by_lang) {
                p = p.with_tile_letters(letters);
            }
        }
        if let Some(n) = self.min_len {
            p.min_len = n;
        }
        if let Some(n) = self.max_len {
            p.max_len = Some(n);
        }
        p.min_count = self.min_count;
        p.min_books = self.min_books;
        p.lang = self.lang.as_ref().map(|l| l.trim().to_lowercase());
        p
    }
}

/// Runs `folio ingest`.
pub fn run(args: Args) -> anyhow::Result<Outcome> {
    if args.partial || args.memory.is_some() {
        return scale::run(args);
    }
    let started = Instant::now();
    args.check()?;
    // Ctrl-C or SIGTERM while the outputs are written removes their temporary files (three
    // of ~47 MB each for 50 MB of distinct words).
    super::scratch::watch_signals();
    let policy = args.policy();
    let paths = OutputPaths::for_set(&args.output);
    let (inputs, skipped) = expand_inputs(&args.inputs)?;
    let books: Vec<PathBuf> = inputs
        .iter()
        .filter_map(|i| match &i.source {
            Source::File(p) => Some(p.clone()),
            Source::Stdin => None,
        })
        .collect();
    super::refuse_overwriting_inputs(
        &[
            paths.set.clone(),
            paths.counts.clone(),
            paths.books.clone(),
            paths.manifest.clone(),
        ],
        &books,
    )?;
    if let Some(report) = &args.report {
        refuse_report_clash(report, &paths, &books, &args)?;
    }
    // Before any book is read: an output the write at the end would refuse is said now.
    paths
        .check_writable()
        .context("cannot write the word set")?;
    if let Some(report) = &args.report {
        folio_lexicon::set::atomic::check_writable(report)
            .context("cannot write the drop report")?;
    }
    if !inputs.is_empty() && policy.min_books > inputs.len() {
        anyhow::bail!(
            "--min-books {} but only {} book{} given: no word can occur in more books than \
             that, so the set would be empty",
            policy.min_books,
            inputs.len(),
            if inputs.len() == 1 { " is" } else { "s are" }
        );
    }

    // Books, bytes, rate and ETA on a terminal; nothing otherwise.
    let bar = scale::progress_bar(&inputs, args.quiet);
    let on_book = |_label: &str, bytes: u64| {
        if let Some(bar) = &bar {
            bar.book(bytes);
        }
    };
    let reading = if args.no_mmap {
        Reading::Read
    } else {
        Reading::Map
    };
    let extras = Extras {
        report: args.report.is_some(),
        selection: read_selection(&policy, &args.include, &args.exclude)?,
    };
    let result = ingest_extra(&inputs, skipped, &policy, reading, &extras, &on_book);
    if let Some(bar) = &bar {
        bar.finish();
    }
    let run = result?;

    for note in &run.notes {
        let skipped = note.message.starts_with("skipped");
        if skipped || !args.quiet {
            // A name with a control character (a newline, a terminal escape) is quoted and
            // escaped, so one warning stays one line and cannot recolour the terminal.
            eprintln!(
                "folio: warning: {}: {}",
                folio_core::quote::shown(&note.path),
                note.message
            );
        }
    }
    // Checked again on the books actually read: an input given twice is read once, and an
    // empty or binary one is skipped, so `a.txt a.txt --min-books 2` would pass the check
    // above and write an empty set.
    let books = run.manifest.totals.inputs;
    if usize::try_from(books).is_ok_and(|b| policy.min_books > b) {
        anyhow::bail!(
            "--min-books {} but only {books} book{} read (the other inputs were repeats, or \
             skipped): no word can occur in more books than that, so the set would be empty",
            policy.min_books,
            if books == 1 { " was" } else { "s were" },
        );
    }
    super::note_write_through(&paths.set);
    // The drop report is written in the set's group: a report that cannot be written
    // leaves the set as it was (exit 2 never follows a replaced set).
    let report = match (&args.report, &run.survey) {
        (Some(path), Some(survey)) => Some((path, survey, survey.to_tsv())),
        _ => None,
    };
    let also: Vec<(&std::path::Path, &[u8])> = report
        .iter()
        .map(|(path, _, tsv)| (path.as_path(), tsv.as_bytes()))
        .collect();
    let manifest = write_outputs_with(&paths, &run, &also).context(if also.is_empty() {
        "cannot write the word set"
    } else {
        "cannot write the word set and its drop report"
    })?;
    if let Some((path, survey, _)) = &report {
        if !args.quiet {
            eprint!("{}", summary(survey, path));
        }
    }
    note_lists(&manifest, args.quiet);
    let secs = started.elapsed().as_secs_f64();
    let mut json = serde_json::Map::new();
    if args.json {
        json.insert("lang".into(), serde_json::json!(policy.lang));
        json.insert(
            "dropped".into(),
            serde_json::json!(run.survey.as_ref().map(|s| {
                let classes: serde_json::Map<String, serde_json::Value> = DropClass::ALL
                    .iter()
                    .map(|&c| {
                        (
                            c.name().to_string(),
                            serde_json::to_value(s.class(c)).unwrap_or_default(),
                        )
                    })
                    .collect();
                serde_json::json!({
                    "words_read": s.tokens(),
                    "kept": s.kept_tokens(),
                    "classes": classes,
                    "boilerplate": s.boilerplate(),
                })
            })),
        );
    }
    let options = options_used(&policy, &manifest);
    scale::summary(
        &manifest,
        &paths,
        &policy,
        args.json,
        args.quiet,
        secs,
        "ingested",
        scale::Extra { json, options },
    )?;
    Ok(Outcome::Ok)
}

/// Reads the `--include` and `--exclude` lists (one word a line, `#` comments), each word
/// normalised by the policy; a word the policy refuses is an error naming the list.
pub(crate) fn read_selection(
    policy: &Policy,
    include: &[PathBuf],
    exclude: &[PathBuf],
) -> anyhow::Result<Selection> {
    let mut sel = Selection::default();
    for (paths, into) in [(include, &mut sel.include), (exclude, &mut sel.exclude)] {
        for p in paths {
            let bytes = read_list(p)
                .with_context(|| format!("cannot read {}", folio_core::file_name::in_message(p)))?;
            let list = Selection::parse_list(policy, &bytes).map_err(|offset| {
                anyhow::anyhow!(
                    "{}: not a word list: a NUL byte at offset {offset} (a binary file, or \
                     UTF-16 without a byte-order mark)",
                    folio_core::file_name::in_message(p)
                )
            })?;
            if let Some((line, first)) = list.refused.first() {
                anyhow::bail!(
                    "{}:{line}: {} is not a word under the {} policy{}",
                    folio_core::file_name::in_message(p),
                    folio_core::quote::quoted(first),
                    policy.name,
                    match list.refused.len() {
                        1 => String::new(),
                        n => format!(" ({} more such lines)", n - 1),
                    }
                );
            }
            into.extend(list.keys);
        }
    }
    Ok(sel)
}

/// The bytes of an `--include`/`--exclude` list: a regular file whole, a stream (a pipe,
/// `/dev/zero`) up to `MAX_STREAM_BYTES`, as books and `words import` read them.
fn read_list(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    let file = std::fs::File::open(path)?;
    if file.metadata()?.is_file() {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut &file, &mut bytes)?;
        return Ok(bytes);
    }
    let mut bytes = Vec::new();
    folio_lexicon::ingest::read_stream(file, &mut bytes)?;
    Ok(bytes)
}

/// The drop report's summary for the terminal: the words read, kept and dropped per class
/// (with examples), which add up to the words read.
fn summary(s: &Survey, path: &std::path::Path) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "folio: drop report -> {}",
        folio_core::file_name::in_message(path)
    );
    let _ = writeln!(out, "  words read        {:>9}", s.tokens());
    let _ = writeln!(
        out,
        "  kept              {:>9}  ({} distinct {})",
        s.kept_tokens(),
        s.kept_words(),
        folio_core::noun(s.kept_words(), "word", "words")
    );
    for c in DropClass::ALL {
        let t = s.class(c);
        if t.tokens == 0 {
            continue;
        }
        let examples: Vec<String> = s
            .examples(c, 4)
            .map(|w| format!("{} ({})", folio_core::quote::shown(&w.word), w.count))
            .collect();
        let _ = writeln!(
            out,
            "  {:<17} {:>9}  ({} distinct; e.g. {})",
            c.name(),
            t.tokens,
            t.words,
            examples.join(", ")
        );
    }
    if !s.included().is_empty() {
        let _ = writeln!(
            out,
            "  (kept by --include: {}, e.g. {})",
            folio_core::plural(s.included().len(), "word", "words"),
            s.included()
                .iter()
                .take(4)
                .map(|(k, st)| format!("{k} {}", st.count))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let _ = writeln!(
        out,
        "  boilerplate       {:>9}  (header and footer words, not words read)",
        s.boilerplate()
    );
    out
}

/// The note about `--include` words the books do not have (unless `quiet`).
pub(crate) fn note_lists(manifest: &folio_lexicon::ingest::manifest::Manifest, quiet: bool) {
    if let Some(lists) = &manifest.lists {
        if !lists.not_in_books.is_empty() && !quiet {
            eprintln!(
                "folio: note: {} --include word{} not in the books, not added (first: {})",
                lists.not_in_books.len(),
                if lists.not_in_books.len() == 1 {
                    " is"
                } else {
                    "s are"
                },
                lists.not_in_books[0]
            );
        }
    }
}

/// The policy options a run used beyond the defaults, for the summary line
/// (`, --lang fr, --include 3 words`).
pub(crate) fn options_used(
    policy: &Policy,
    manifest: &folio_lexicon::ingest::manifest::Manifest,
) -> String {
    let mut o = String::new();
    if policy.keep_diacritics && policy.name == PolicyName::Game {
        o.push_str(", --keep-diacritics");
    }
    if policy.keep_proper_nouns && policy.name == PolicyName::Game {
        o.push_str(", --keep-proper-nouns");
    }
    if let Some(lang) = &policy.lang {
        let mut langs: Vec<&str> = manifest
            .inputs
            .iter()
            .filter_map(|i| i.language.as_deref())
            .collect();
        langs.sort_unstable();
        langs.dedup();
        if lang == "auto" {
            o.push_str(&format!(
                ", --lang auto ({})",
                if langs.is_empty() {
                    "no Language: line".to_string()
                } else {
                    langs.join(", ")
                }
            ));
        } else {
            o.push_str(&format!(", --lang {lang}"));
        }
    }
    if let Some(l) = &manifest.lists {
        if !l.include.is_empty() {
            o.push_str(&format!(
                ", --include {} ({} brought back)",
                folio_core::plural(l.include.len(), "word", "words"),
                l.included.len()
            ));
        }
        if !l.exclude.is_empty() {
            o.push_str(&format!(
                ", --exclude {} ({} removed)",
                folio_core::plural(l.exclude.len(), "word", "words"),
                l.excluded.len()
            ));
        }
    }
    o
}

/// The drop report may overwrite neither a file this run reads (a book, an `--include` or
/// `--exclude` list) nor one it writes (the set, its counts and books maps, its manifest).
fn refuse_report_clash(
    report: &std::path::Path,
    paths: &OutputPaths,
    books: &[PathBuf],
    args: &Args,
) -> anyhow::Result<()> {
    let read: Vec<PathBuf> = books
        .iter()
        .chain(&args.include)
        .chain(&args.exclude)
        .cloned()
        .collect();
    super::refuse_overwriting_inputs(std::slice::from_ref(&report.to_path_buf()), &read)?;
    let same = |a: &std::path::Path, b: &std::path::Path| match (
        std::fs::canonicalize(a),
        std::fs::canonicalize(b),
    ) {
        (Ok(x), Ok(y)) => x == y,
        _ => std::path::absolute(a).ok() == std::path::absolute(b).ok(),
    };
    for out in [&paths.set, &paths.counts, &paths.books, &paths.manifest] {
        if same(report, out) {
            anyhow::bail!(
                "--report {}: is one of the word set's own outputs; choose another name",
                folio_core::file_name::in_message(report)
            );
        }
    }
    Ok(())
}
