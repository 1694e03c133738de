//! `folio merge PART... -o OUT.fst`: partials (`folio ingest --partial`) merged by a
//! streaming k-way merge into the word set, counts map and manifest one `folio ingest` of
//! all their books writes — or, with `--partial`, into one partial (a node of a merge tree).

use std::path::PathBuf;
use std::time::Instant;

use folio_lexicon::partial::Merge;
use folio_lexicon::set::OutputPaths;

use super::ingest::scale::summary;
use super::Outcome;

/// Arguments of `folio merge`.
#[derive(clap::Args)]
#[command(
    after_help = "Any split of the books into partials, merged in any grouping and order, \
gives the bytes one `folio ingest` of all the books gives (docs/words.md, \"Partials and merge\").\n\n\
Exit status: 0 the outputs were written; 2 usage or I/O error (a partial that is not one, or \
damaged, partials of different policies, an output that cannot be written)."
)]
pub struct Args {
    /// Partials written by `folio ingest --partial` (or `folio merge --partial`).
    #[arg(required = true, value_name = "PART")]
    partials: Vec<PathBuf>,
    /// The word set to write (its counts and manifest go beside it), or the partial with
    /// --partial.
    #[arg(short, long, value_name = "OUT.fst", value_parser = super::args::output_file())]
    output: PathBuf,
    /// Fewest occurrences in all the books for a word to be kept (at least 1).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = super::args::min_count)]
    min_count: u64,
    /// Fewest books a word must occur in to be kept (1 to the number of books).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = super::args::min_books)]
    min_books: usize,
    /// Keep the words of this list (one a line) whenever the books have them, whatever rule
    /// of the policy dropped them. Repeatable; given to the last merge (without --partial).
    #[arg(long, value_name = "LIST")]
    include: Vec<PathBuf>,
    /// Never keep the words of this list (one a line). Repeatable; wins over --include.
    #[arg(long, value_name = "LIST")]
    exclude: Vec<PathBuf>,
    /// Write one partial (to merge further) instead of a word set.
    #[arg(long)]
    partial: bool,
    /// Where temporary files go [default: $TMPDIR, else /tmp].
    #[arg(long, value_name = "DIR")]
    temp_dir: Option<PathBuf>,
    /// No summary.
    #[arg(short, long)]
    quiet: bool,
    /// Print a JSON summary on stdout.
    #[arg(long)]
    json: bool,
}

/// Runs `folio merge`.
pub fn run(args: Args) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    if args.partial && (args.min_count != 1 || args.min_books != 1) {
        anyhow::bail!(
            "--min-count and --min-books choose the words of the whole set: give them to the \
             last merge (without --partial); a partial keeps every word"
        );
    }
    if args.partial && !(args.include.is_empty() && args.exclude.is_empty()) {
        anyhow::bail!(
            "--include and --exclude choose the words of the whole set: give them to the \
             last merge (without --partial); a partial keeps every word"
        );
    }
    // `-` once reached the partial reader as a file name: "-: No such file or directory".
    if args.partials.iter().any(|p| p.as_os_str() == "-") {
        anyhow::bail!(
            "- (stdin): folio merge reads each partial from a file, not stdin; write the \
             partial to a file and name it"
        );
    }
    let paths = OutputPaths::for_set(&args.output);
    let outputs = if args.partial {
        vec![args.output.clone()]
    } else {
        vec![
            paths.set.clone(),
            paths.counts.clone(),
            paths.manifest.clone(),
        ]
    };
    let read: Vec<PathBuf> = (args.partials.iter())
        .chain(&args.include)
        .chain(&args.exclude)
        .cloned()
        .collect();
    super::refuse_overwriting_inputs(&outputs, &read)?;
    // Before the partials are read: an output the write at the end would refuse is said now.
    crate::cmd::writing::check_outputs(args.partial, &args.output, &paths)?;
    let scratch = super::scratch::scratch(args.temp_dir.as_deref())?;
    let merge = Merge::open(&args.partials, scratch.path())?;
    let books = merge.books();
    if args.partial {
        super::writing::context_unless_input(
            merge.write_partial(&args.output),
            "cannot write the partial",
            &read,
        )?;
        if !args.quiet {
            eprintln!(
                "folio: merged {} of {} into {} in {:.2}s",
                folio_core::plural(args.partials.len(), "partial", "partials"),
                folio_core::plural(books, "book", "books"),
                folio_core::file_name::in_message(&args.output),
                started.elapsed().as_secs_f64()
            );
        }
        return Ok(Outcome::Ok);
    }
    let mut policy = merge.policy().clone();
    policy.min_count = args.min_count;
    policy.min_books = args.min_books;
    super::note_write_through(&paths.set);
    let selection = super::ingest::read_selection(&policy, &args.include, &args.exclude)?;
    let manifest = super::writing::context_unless_input(
        merge.write_outputs_with(&policy, &selection, &paths, scratch.path()),
        "cannot write the word set",
        &read,
    )?;
    super::ingest::note_lists(&manifest, args.quiet);
    summary(
        &manifest,
        &paths,
        &policy,
        args.json,
        args.quiet,
        started.elapsed().as_secs_f64(),
        "merged",
        super::ingest::scale::Extra {
            options: super::ingest::options_used(&policy, &manifest),
            ..Default::default()
        },
    )?;
    Ok(Outcome::Ok)
}
