//! `folio ingest --memory SIZE` and `folio ingest --partial`: the streamed ingest of
//! `folio_lexicon::ingest::budget` (bounded counting tables, sorted runs merged at the end),
//! and the progress bar and summary the streamed commands share (`folio merge` too).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use folio_lexicon::ingest::budget::{ingest_resumable, Streaming, Target};
use folio_lexicon::ingest::journal::Work;
use folio_lexicon::ingest::manifest::Manifest;
use folio_lexicon::ingest::{expand_inputs, Input, Reading, Source};
use folio_lexicon::set::OutputPaths;
use folio_lexicon::Policy;

use super::{Args, Outcome};

/// Runs the streamed ingest (`--memory`, `--partial`).
pub(super) fn run(args: Args) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    args.check()?;
    if args.partial && (args.min_count != 1 || args.min_books != 1) {
        anyhow::bail!(
            "--min-count and --min-books choose the words of the whole set: give them to \
             `folio merge`, not to `folio ingest --partial` (a partial keeps every word)"
        );
    }
    if args.report.is_some() {
        anyhow::bail!(
            "--report is not available with --memory or --partial (yet): the drop report needs \
             every word's forms as written and the spellings the policy refuses, which runs \
             and partials do not hold; run `folio ingest --report` without them \
             (docs/ingest-scale.md)"
        );
    }
    if args.partial && !(args.include.is_empty() && args.exclude.is_empty()) {
        anyhow::bail!(
            "--include and --exclude choose the words of the whole set: give them to \
             `folio merge`, not to `folio ingest --partial` (a partial keeps every word)"
        );
    }
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
    let outputs = if args.partial {
        vec![args.output.clone()]
    } else {
        vec![
            paths.set.clone(),
            paths.counts.clone(),
            paths.manifest.clone(),
        ]
    };
    crate::cmd::refuse_overwriting_inputs(&outputs, &books)?;
    // The more precise refusal first: an output in the work folder (whose subfolder may
    // not exist yet either).
    if let Some(dir) = &args.work {
        refuse_output_inside(&args.output, dir)?;
    }
    // Before any book is read: an output the write at the end would refuse is said now.
    crate::cmd::writing::check_outputs(args.partial, &args.output, &paths)?;
    if !args.partial && !inputs.is_empty() && policy.min_books > inputs.len() {
        anyhow::bail!(
            "--min-books {} but only {} book{} given: no word can occur in more books than \
             that, so the set would be empty",
            policy.min_books,
            inputs.len(),
            if inputs.len() == 1 { " is" } else { "s are" }
        );
    }
    // A work folder: the books of its finished runs are not read again (nor counted on
    // the progress bar).
    let mut work = match &args.work {
        Some(dir) => {
            refuse_output_inside(&args.output, dir)?;
            let work = Work::open(dir, &policy, &inputs)?;
            crate::cmd::scratch::say_on_signal(format!(
                "folio: interrupted: the work done so far is kept in {}; run the same command \
                 again to resume it",
                folio_core::file_name::in_message(dir)
            ));
            Some(work)
        }
        None => None,
    };
    let todo: Vec<Input> = match &work {
        Some(w) => {
            for note in w.notes() {
                eprintln!("folio: warning: {note}");
            }
            inputs.iter().filter(|i| !w.is_done(i)).cloned().collect()
        }
        None => inputs.clone(),
    };
    // Read before the run: the folder's finished runs grow as this run journals its own.
    let bytes_resumed = work.as_ref().map_or(0, Work::resumed_bytes);
    let bar = progress_bar(&todo, args.quiet);
    let on_book = |_label: &str, bytes: u64| {
        if let Some(bar) = &bar {
            bar.book(bytes);
        }
    };
    let scratch = crate::cmd::scratch::scratch(args.temp_dir.as_deref())?;
    let streaming = Streaming {
        memory: args.memory,
        scratch: scratch.path().to_path_buf(),
        reading: if args.no_mmap {
            Reading::Read
        } else {
            Reading::Map
        },
    };
    let selection = super::read_selection(&policy, &args.include, &args.exclude)?;
    let target = if args.partial {
        Target::Partial(&args.output)
    } else {
        crate::cmd::note_write_through(&paths.set);
        Target::SetWith(&paths, &selection)
    };
    let result = ingest_resumable(
        &inputs,
        skipped,
        &policy,
        &streaming,
        work.as_mut(),
        target,
        &on_book,
    );
    if let Some(bar) = &bar {
        bar.finish();
    }
    let run = crate::cmd::writing::context_unless_input(
        result,
        if args.partial {
            "cannot write the partial"
        } else {
            "cannot write the word set"
        },
        &books,
    )?;
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
    if let Some(w) = work {
        let dir = w.dir().to_path_buf();
        if run.resumed > 0 && !args.quiet {
            eprintln!(
                "folio: resumed {} from {}; counted {}",
                folio_core::plural(run.resumed, "book", "books"),
                folio_core::file_name::in_message(&dir),
                run.books
            );
        }
        if let Some(note) = w.remove().context("cannot remove the work folder")? {
            eprintln!("folio: warning: {note}");
        }
    }
    let bytes = run.bytes + bytes_resumed;
    let secs = started.elapsed().as_secs_f64();
    let mut extra = Extra::default();
    if args.work.is_some() {
        extra
            .json
            .insert("resumed".into(), serde_json::json!(run.resumed));
    }
    match &run.manifest {
        Some(m) => {
            super::note_lists(m, args.quiet);
            extra.options = super::options_used(&policy, m);
            summary(
                m, &paths, &policy, args.json, args.quiet, secs, "ingested", extra,
            )?
        }
        None => {
            if args.json {
                let mut s = serde_json::json!({
                    "partial": folio_core::file_name::shown(&args.output).to_string(),
                    "books": run.books + run.resumed,
                    "inputs": run.books + run.resumed,
                    "bytes": bytes,
                    "runs": run.runs,
                    "seconds": secs,
                });
                if let Some(m) = s.as_object_mut() {
                    m.extend(extra.json);
                }
                writeln!(
                    crate::cmd::stdout(),
                    "{}",
                    serde_json::to_string_pretty(&s)?
                )?;
            }
            if !args.quiet {
                eprintln!(
                    "folio: wrote partial {}: {}, {:.1} MB in {secs:.2}s ({}); \
                     merge partials with `folio merge`",
                    folio_core::file_name::in_message(&args.output),
                    folio_core::plural(run.books + run.resumed, "book", "books"),
                    bytes as f64 / 1e6,
                    folio_core::plural(run.runs, "run", "runs")
                );
            }
        }
    }
    Ok(Outcome::Ok)
}

/// A progress bar on a terminal: books done, bytes, rate and ETA.
pub(crate) struct Progress {
    bar: indicatif::ProgressBar,
    done: std::sync::atomic::AtomicU64,
    books: usize,
}

impl Progress {
    /// One book (or skipped input) done, of `bytes` bytes.
    pub(crate) fn book(&self, bytes: u64) {
        let n = self.done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        self.bar.inc(bytes.max(1));
        self.bar.set_message(format!("{n}/{} books", self.books));
    }

    /// Clears the bar.
    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// A progress bar on a terminal (books, bytes, rate, ETA), none otherwise or with `--quiet`.
pub(crate) fn progress_bar(inputs: &[Input], quiet: bool) -> Option<Progress> {
    if quiet || !std::io::stderr().is_terminal() {
        return None;
    }
    let total: u64 = inputs
        .iter()
        .map(|i| match &i.source {
            Source::File(p) => std::fs::metadata(p).map_or(1, |m| m.len().max(1)),
            Source::Stdin => 1,
        })
        .sum();
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} ingest [{bar:30}] {msg} {bytes}/{total_bytes} {bytes_per_sec} ETA {eta}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar.set_message(format!("0/{} books", inputs.len()));
    Some(Progress {
        bar,
        done: std::sync::atomic::AtomicU64::new(0),
        books: inputs.len(),
    })
}

/// What a run adds to its summary: `--json` fields after `policy` (`lang`, `dropped`) and
/// the options shown beside the policy's name on the summary line.
#[derive(Default)]
pub(crate) struct Extra {
    pub json: serde_json::Map<String, serde_json::Value>,
    pub options: String,
}

/// The warning about an empty set, the `--json` summary and the summary line, as `folio
/// ingest` and `folio merge` print them (one place for both).
#[allow(clippy::too_many_arguments)]
pub(crate) fn summary(
    manifest: &Manifest,
    paths: &OutputPaths,
    policy: &Policy,
    json: bool,
    quiet: bool,
    secs: f64,
    verb: &str,
    extra: Extra,
) -> anyhow::Result<()> {
    let t = &manifest.totals;
    if t.words == 0 {
        eprintln!(
            "folio: warning: {}: the word set is empty: no word of the books passed the {} \
             policy ({} word{} read)",
            folio_core::file_name::in_message(&paths.set),
            policy.name,
            t.tokens,
            if t.tokens == 1 { "" } else { "s" }
        );
    }
    // Through a device or FIFO (`-o /dev/null`) only the set is written.
    let through = folio_lexicon::set::atomic::is_write_through(&paths.set);
    let companion =
        |p: &std::path::Path| (!through).then(|| folio_core::file_name::shown(p).to_string());
    // The books map is written beside the set when there are books to count (not by every
    // merge): named when it is there.
    let books_map = companion(&paths.books).filter(|_| paths.books.is_file());
    if json {
        let mut summary = serde_json::json!({
            "set": folio_core::file_name::shown(&paths.set).to_string(),
            "counts": companion(&paths.counts),
            "books_map": books_map.clone(),
            "manifest": companion(&paths.manifest),
            "policy": policy.name.as_str(),
        });
        let totals = serde_json::json!({
            "books": t.inputs,
            "inputs": t.inputs,
            "skipped": manifest.skipped.len(),
            "bytes": t.bytes,
            "tokens": t.tokens,
            "distinct_words": t.distinct_words,
            "count": t.words,
            "set_bytes": t.set_bytes,
            "counts_bytes": t.counts_bytes,
            "seconds": secs,
        });
        if let (Some(m), serde_json::Value::Object(totals)) = (summary.as_object_mut(), totals) {
            m.extend(extra.json);
            m.extend(totals);
        }
        let mut out = crate::cmd::stdout();
        writeln!(out, "{}", serde_json::to_string_pretty(&summary)?)?;
        out.flush()?;
    }
    if !quiet {
        let companions = match (companion(&paths.counts), companion(&paths.manifest)) {
            (Some(c), Some(m)) => match &books_map {
                Some(b) => format!("{c}, {b}, {m}"),
                None => format!("{c}, {m}"),
            },
            _ => "no counts map or manifest written".to_string(),
        };
        eprintln!(
            "folio: {verb} {}, {:.1} MB, {} read -> {} ({} policy{}) in {:.2}s \
             ({:.0} MB/s): {} ({}), {companions}",
            folio_core::plural(t.inputs, "book", "books"),
            t.bytes as f64 / 1e6,
            folio_core::plural(t.tokens, "word", "words"),
            folio_core::plural(t.words, "word", "words"),
            policy.name,
            extra.options,
            secs,
            t.bytes as f64 / 1e6 / secs.max(1e-9),
            folio_core::file_name::in_message(&paths.set),
            folio_core::plural(t.set_bytes, "byte", "bytes"),
        );
    }
    Ok(())
}

/// An output inside the work folder would be removed with it when the run ends (or, kept
/// beside a journal, make the folder unusable for the next run): refused before any work.
fn refuse_output_inside(output: &std::path::Path, work: &std::path::Path) -> anyhow::Result<()> {
    let (Some(out), Some(dir)) = (resolved(output), resolved(work)) else {
        return Ok(());
    };
    if out.starts_with(&dir) {
        anyhow::bail!(
            "{}: is inside the work folder {}, which is removed when the run ends: write the \
             set outside it",
            folio_core::file_name::in_message(output),
            folio_core::file_name::in_message(work)
        );
    }
    Ok(())
}

/// `path` made absolute, its longest existing ancestor's symbolic links resolved (the rest,
/// not there yet, taken as written); `None` when the current folder cannot be read.
fn resolved(path: &std::path::Path) -> Option<std::path::PathBuf> {
    let absolute = std::path::absolute(path).ok()?;
    let mut rest = Vec::new();
    let mut base = absolute.as_path();
    loop {
        if let Ok(real) = std::fs::canonicalize(base) {
            return Some(rest.iter().rev().fold(real, |p, c| p.join(c)));
        }
        rest.push(base.file_name()?.to_owned());
        base = base.parent()?;
    }
}
