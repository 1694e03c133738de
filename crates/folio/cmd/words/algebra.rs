//! `union`, `intersect` and `difference`: set algebra written to a new set.

use std::io::Write;
use std::path::PathBuf;

use folio_lexicon::query::algebra::{self, SetOp};
use folio_lexicon::set::{counts_path, OutputPaths};

use super::{refuse_overwriting_inputs, Outcome};

/// Arguments of `union`, `intersect` and `difference`.
#[derive(clap::Args)]
pub struct Algebra {
    /// The word sets (at least two; for a difference, the first minus the rest).
    #[arg(value_name = "SET", num_args = 2.., required = true)]
    pub(super) sets: Vec<PathBuf>,
    /// The word set to write; `-o -` prints the words to stdout instead, one a line (no
    /// counts map, no manifest).
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    output: PathBuf,
    /// Does nothing, kept so older command lines run: checksums are always checked.
    #[arg(long = "verify", hide = true)]
    _verify: bool,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Only the summary line (what was combined into how many words), not the counts map
    /// lines.
    #[arg(short, long, conflicts_with = "json")]
    quiet: bool,
}

pub(super) fn combine(a: Algebra, op: SetOp, w: &mut impl Write) -> anyhow::Result<Outcome> {
    if a.output.as_os_str() == "-" {
        // Same checks as a written set: the inputs must spell words alike.
        folio_lexicon::checked::common_policy(&a.sets)?;
        let sets = folio_lexicon::checked::open_sets(&a.sets)?;
        let out = algebra::combine(&sets, op)?;
        folio_lexicon::query::export::write_words(&out, w)?;
        return Ok(Outcome::Ok);
    }
    if a.output.as_os_str().is_empty() {
        anyhow::bail!("-o needs a file name (or - for stdout)");
    }
    // Rewriting an input in place (`union a.fst b.fst -o a.fst`: set over set, counts over
    // counts) is allowed; writing one input's file with another kind of output is not:
    // `-o b.counts.fst` would replace b's counts map with a set.
    // Nor may a companion the output removes or writes (`OUT.books.fst`) be an input set.
    let input_maps: Vec<PathBuf> = a
        .sets
        .iter()
        .flat_map(|p| [counts_path(p), OutputPaths::for_set(p).books])
        .collect();
    refuse_overwriting_inputs(std::slice::from_ref(&a.output), &input_maps)?;
    refuse_overwriting_inputs(
        &[
            counts_path(&a.output),
            OutputPaths::for_set(&a.output).books,
        ],
        &a.sets,
    )?;
    // Before the sets are read and checked: an output the write would refuse.
    folio_lexicon::set::atomic::check_writable(&a.output)
        .map_err(|e| anyhow::Error::new(e).context("cannot write the word set"))?;
    super::super::note_write_through(&a.output);
    let r = algebra::write_combined(&a.sets, op, &a.output)?;
    if a.json {
        let mut v = serde_json::to_value(&r)?;
        // A count is `count` in every folio JSON output (`words` is a list of words).
        if let Some(map) = v.as_object_mut() {
            if let Some(n) = map.remove("words") {
                map.insert("count".into(), n);
            }
        }
        writeln!(w, "{v}")?;
        return Ok(Outcome::Ok);
    }
    writeln!(
        w,
        "{} of {} sets: {} -> {}",
        op.name(),
        a.sets.len(),
        folio_core::plural(r.words, "word", "words"),
        folio_core::file_name::in_message(&r.output)
    )?;
    if a.quiet {
        return Ok(Outcome::Ok);
    }
    match &r.counts {
        Some(p) => writeln!(w, "counts map: {}", folio_core::file_name::in_message(p))?,
        None if r.written_through => writeln!(
            w,
            "counts map: none ({} is not a regular file: no counts map or manifest written)",
            folio_core::file_name::in_message(&r.output)
        )?,
        None => {
            let names: Vec<_> = r
                .sets_without_counts
                .iter()
                .map(|p| folio_core::file_name::in_message(p))
                .collect();
            writeln!(
                w,
                "counts map: none (no counts map beside {})",
                names.join(", ")
            )?;
        }
    }
    if let Some(p) = &r.removed_stale_counts {
        writeln!(
            w,
            "removed the stale counts map {}",
            folio_core::file_name::in_message(p)
        )?;
    }
    if let Some(p) = &r.removed_stale_books {
        writeln!(
            w,
            "removed the stale books map {}",
            folio_core::file_name::in_message(p)
        )?;
    }
    Ok(Outcome::Ok)
}
