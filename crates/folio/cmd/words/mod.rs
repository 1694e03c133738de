//! `folio words`: query, combine, import and export word sets.
//!
//! Every query word goes through the set's policy (`Policy::normalize_word`, the policy read
//! from the manifest beside the set, else the game policy), exactly as ingest
//! normalises running text. Several `--set`s act as their union. `--json` prints one JSON
//! value on stdout. Exit: 0 ok; 1 a `contains` word is absent; 2 usage, I/O or a bad set.

use std::io::{BufWriter, Write};
use std::path::PathBuf;

use folio_lexicon::query::algebra::{self as set_algebra, SetOp};
use folio_lexicon::query::import::ImportOptions;
use folio_lexicon::{checked, Policy, WordSet};
use serde_json::json;

use super::refuse_overwriting_inputs;
use super::Outcome;

mod algebra;
mod compare;
mod files;
mod lookup;
mod rack;
mod stats;

pub use algebra::Algebra;

/// The word sets a query reads.
#[derive(clap::Args)]
pub struct Sets {
    /// A word set file (`OUT.fst`); repeat it to query the union of several sets.
    #[arg(long = "set", value_name = "PATH", required = true)]
    pub(super) sets: Vec<PathBuf>,
    /// Does nothing, kept so older command lines run: every set's checksum is checked when
    /// it is opened.
    #[arg(long = "verify", hide = true)]
    _verify: bool,
}

/// How a list of words is printed.
#[derive(clap::Args)]
pub struct ListOut {
    /// Print one JSON object instead of one word a line.
    #[arg(long)]
    pub(super) json: bool,
    /// Print only the number of words found.
    #[arg(long)]
    pub(super) count: bool,
    /// Print at most this many words, at least 1 (the count is still the full one).
    #[arg(long, value_name = "N", value_parser = super::args::limit)]
    pub(super) limit: Option<usize>,
    /// List only words of at least N letters.
    #[arg(long, value_name = "N", value_parser = super::args::min_len)]
    pub(super) min_len: Option<usize>,
    /// List only words of at most N letters.
    #[arg(long, value_name = "N", value_parser = super::args::max_len)]
    pub(super) max_len: Option<usize>,
    /// Order: `alpha` (key order) or `count` (most frequent in the books first, from the
    /// counts map beside each set; ties in key order).
    #[arg(long, value_name = "ORDER", default_value = "alpha")]
    pub(super) by: Order,
}

/// How a list of words is ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Order {
    /// Key (alphabetical, byte) order.
    Alpha,
    /// Most frequent in the books first.
    Count,
}

/// Accent-insensitive matching for sets built with `--keep-diacritics`.
#[derive(clap::Args)]
pub struct Folding {
    /// Match letters with their diacritics folded (É as E, ß as SS): `ete` finds ÉTÉ.
    #[arg(long)]
    pub(super) fold_accents: bool,
}

/// Subcommands of `folio words`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Is each word in the set? Prints `WORD true|false`; exit 0 when all are present, 1
    /// otherwise. Without WORDs, reads words from stdin, one a line.
    Contains {
        #[command(flatten)]
        sets: Sets,
        /// Words to look up (any case; normalised like ingest); `-` reads words from
        /// stdin there, one a line.
        words: Vec<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        fold: Folding,
    },
    /// Every word starting with PREFIX.
    Prefix {
        #[command(flatten)]
        sets: Sets,
        /// The prefix.
        prefix: String,
        #[command(flatten)]
        out: ListOut,
        #[command(flatten)]
        fold: Folding,
    },
    /// Every word matching PATTERN: `?` is one letter, `*` any run of letters, `[aeiou]` one
    /// of those letters, `[^s]` any letter but S, `[a-e]` a range (`c[aeiou]t`, `[^s]*ing`).
    ///
    /// Exit 0 when the query ran (also when no word matches: nothing is printed), 2 for a
    /// malformed pattern, usage or I/O.
    Pattern {
        #[command(flatten)]
        sets: Sets,
        /// The pattern.
        pattern: String,
        #[command(flatten)]
        out: ListOut,
        #[command(flatten)]
        fold: Folding,
    },
    /// The front and back hooks of WORD: letters that make a word of the set when put
    /// before it or after it (as Zyzzyva shows them); exit 0 when every WORD is in the set,
    /// 1 otherwise (a word the set cannot spell, `c4t`, is absent, as for `contains`).
    Hooks {
        #[command(flatten)]
        sets: Sets,
        /// The words; `-` reads words from stdin there, one a line.
        #[arg(required = true)]
        words: Vec<String>,
        /// Print one JSON object for all the words, as `contains --json` (each result with
        /// `front` and `back` as strings of letters).
        #[arg(long)]
        json: bool,
    },
    /// Compare two sets: sizes, shared words, words only in each, Jaccard index, and the
    /// most frequent words only in each (from their counts maps).
    Compare {
        /// The first set.
        a: PathBuf,
        /// The second set.
        b: PathBuf,
        /// How many of the most frequent words only in each to show, at least 1 (`-q` shows
        /// only the summary). Also spelled `--top` (its former name).
        #[arg(
            long = "limit",
            alias = "top",
            value_name = "N",
            default_value_t = 10,
            value_parser = super::args::compare_limit
        )]
        top: usize,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Only the summary (sizes, shared, only in each, Jaccard), not the word lists.
        #[arg(short, long, conflicts_with = "json")]
        quiet: bool,
    },
    /// Every word the regular expression matches as a whole (case-insensitive).
    ///
    /// Exit 0 when the query ran (also when no word matches: nothing is printed), 2 for a
    /// malformed regex, usage or I/O.
    Regex {
        #[command(flatten)]
        sets: Sets,
        /// The regex (regex-automata syntax; `^`/`$` implied).
        regex: String,
        #[command(flatten)]
        out: ListOut,
    },
    /// Every word within Levenshtein distance K of WORD.
    Fuzzy {
        #[command(flatten)]
        sets: Sets,
        /// The word.
        word: String,
        /// Largest edit distance (insertions, deletions, substitutions).
        #[arg(short = 'd', long = "distance", value_name = "K", default_value_t = 1)]
        distance: u32,
        #[command(flatten)]
        out: ListOut,
    },
    /// Exact anagrams of LETTERS (`?` is a blank), with their tile scores.
    Anagram {
        #[command(flatten)]
        sets: Sets,
        /// The tiles, e.g. `aeinrst` or `aeinr??`.
        letters: String,
        /// Tile values from this tile set: english (default), course, french, german.
        #[arg(long, value_name = "NAME",
              value_parser = crate::cmd::offer::names(crate::cmd::offer::tile_sets()))]
        tileset: Option<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Every word a rack can make (`?` is a blank), best tile score first.
    FromRack {
        #[command(flatten)]
        sets: Sets,
        /// The rack, e.g. `retains` or `aeinr??`.
        letters: String,
        /// Shortest word listed, in letters (at least 1).
        #[arg(long, value_name = "N", default_value_t = 2, value_parser = super::args::min_len)]
        min_len: usize,
        /// Tile values from this tile set: english (default), course, french, german.
        #[arg(long, value_name = "NAME",
              value_parser = crate::cmd::offer::names(crate::cmd::offer::tile_sets()))]
        tileset: Option<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Words, bytes, bytes per word, length histogram and letter frequencies of a set.
    Stats {
        /// The word set file.
        #[arg(long = "set", value_name = "PATH")]
        set: PathBuf,
        /// Does nothing, kept so older command lines run: checksums are always checked.
        #[arg(long = "verify", hide = true)]
        _verify: bool,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Only the summary (words, bytes, letters, counts map), not the length histogram
        /// and letter table.
        #[arg(short, long, conflicts_with = "json")]
        quiet: bool,
    },
    /// The N most frequent words, from the counts map beside each set (`OUT.counts.fst`).
    Top {
        #[command(flatten)]
        sets: Sets,
        /// How many words (at least 1; default 20); the same as `--limit N`.
        #[arg(value_parser = super::args::top_n, conflicts_with = "limit")]
        n: Option<usize>,
        /// How many words (at least 1; default 20).
        #[arg(long, value_name = "N", value_parser = super::args::top_n)]
        limit: Option<usize>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Only words of at least N letters.
        #[arg(long, value_name = "N", value_parser = super::args::min_len)]
        min_len: Option<usize>,
        /// Only words of at most N letters.
        #[arg(long, value_name = "N", value_parser = super::args::max_len)]
        max_len: Option<usize>,
        /// Only words matching this pattern (as `folio words pattern`).
        #[arg(long, value_name = "PATTERN")]
        pattern: Option<String>,
    },
    /// Words in any of the sets, written to OUT (counts maps summed).
    Union(Algebra),
    /// Words in every set, written to OUT (counts maps summed).
    Intersect(Algebra),
    /// Words in the first set and in none of the others, written to OUT.
    Difference(Algebra),
    /// Every word, one a line, in key order (to stdout, or to OUT).
    Export {
        #[command(flatten)]
        sets: Sets,
        /// Write to this file (atomically) instead of stdout (`-o -`: stdout, as without it).
        #[arg(short = 'o', long = "output", value_name = "OUT")]
        output: Option<PathBuf>,
        /// Print one JSON object instead of one word a line.
        #[arg(long)]
        json: bool,
        /// Write a frequency list instead: word, count, books, relative frequency and Zipf
        /// value (docs/words.md), from the counts map (and books map) beside the set.
        #[arg(long)]
        counts: bool,
        /// The frequency list's format: `csv` or `tsv`.
        #[arg(
            long,
            value_name = "FORMAT",
            default_value = "csv",
            requires = "counts",
            conflicts_with = "json",
            value_parser = crate::cmd::offer::offer(
                |s: &str| s.parse::<folio_lexicon::query::frequency::Format>(),
                ["csv", "tsv"],
            )
        )]
        format: folio_lexicon::query::frequency::Format,
        /// Only words that occur in at least N books (needs the books map ingest writes).
        #[arg(long, value_name = "N", requires = "counts", value_parser = super::args::export_min_books)]
        min_books: Option<u64>,
    },
    /// Import a plain word list (one word a line, any order; LF, CRLF or lone CR line ends) as
    /// a word set.
    Import {
        /// The list (`-` for stdin).
        list: PathBuf,
        /// The word set to write (its manifest goes to OUT.json).
        #[arg(short = 'o', long = "output", value_name = "OUT", value_parser = super::args::output_file())]
        output: PathBuf,
        /// Reject words shorter than N letters, N at least 1 (no limit by default).
        #[arg(long, value_name = "N", value_parser = super::args::min_len)]
        min_len: Option<usize>,
        /// Reject words longer than N letters (no limit by default: lists keep long words).
        #[arg(long, value_name = "N", value_parser = super::args::max_len)]
        max_len: Option<usize>,
        /// Print the manifest (report included) as JSON.
        #[arg(long)]
        json: bool,
        /// Only the summary line and the counts of duplicates and rejected lines, not the
        /// lines themselves (the manifest keeps the first 100 of each).
        #[arg(short, long, conflicts_with = "json")]
        quiet: bool,
    },
}

impl Command {
    /// The word set files this command reads.
    fn set_paths(&self) -> Vec<PathBuf> {
        match self {
            Command::Contains { sets, .. }
            | Command::Prefix { sets, .. }
            | Command::Pattern { sets, .. }
            | Command::Regex { sets, .. }
            | Command::Fuzzy { sets, .. }
            | Command::Anagram { sets, .. }
            | Command::FromRack { sets, .. }
            | Command::Top { sets, .. }
            | Command::Hooks { sets, .. }
            | Command::Export { sets, .. } => sets.sets.clone(),
            Command::Compare { a, b, .. } => vec![a.clone(), b.clone()],
            Command::Stats { set, .. } => vec![set.clone()],
            Command::Union(a) | Command::Intersect(a) | Command::Difference(a) => a.sets.clone(),
            Command::Import { .. } => Vec::new(),
        }
    }

    /// The sets whose words and counts this command sums (a query's `--set`s, `union`,
    /// `intersect`), where one set given twice would count twice. `difference` keeps the
    /// first set's counts (and a set minus its copy is truly empty: a check that two builds
    /// agree), `compare` reads its two sets side by side, and `stats` reads one.
    fn summed_paths(&self) -> Vec<PathBuf> {
        match self {
            Command::Compare { .. } | Command::Stats { .. } | Command::Difference(_) => Vec::new(),
            _ => self.set_paths(),
        }
    }
}

/// Runs a `folio words` subcommand.
///
/// One set given twice to a command that sums sets is refused first
/// (`checked::refuse_repeated_sets`: the same file, or the same bytes). Every set and counts
/// map is opened with its checksum checked (`folio_lexicon::checked`),
/// so a flipped byte is an error naming the file; the whole run is `folio_lexicon::guarded`,
/// so a set crafted to pass the checksum that makes fst panic is an error naming the sets
/// (exit 2), not a crash.
pub fn run(c: Command) -> anyhow::Result<Outcome> {
    checked::refuse_repeated_sets(&c.summed_paths())?;
    let paths = c.set_paths();
    folio_lexicon::guarded(&paths, || run_inner(c))?
}

fn run_inner(c: Command) -> anyhow::Result<Outcome> {
    let policy = query_policy(&c.set_paths())?;
    let mut w = BufWriter::new(super::stdout());
    let outcome = match c {
        Command::Contains {
            sets,
            words,
            json,
            fold,
        } => lookup::contains(&sets, &policy, words, json, fold.fold_accents, &mut w)?,
        Command::Prefix {
            sets,
            prefix,
            out,
            fold,
        } => lookup::prefix(&sets, &policy, &prefix, &out, fold.fold_accents, &mut w)?,
        Command::Pattern {
            sets,
            pattern,
            out,
            fold,
        } => lookup::pattern(&sets, &policy, &pattern, &out, fold.fold_accents, &mut w)?,
        Command::Hooks { sets, words, json } => {
            lookup::hooks(&sets, &policy, &words, json, &mut w)?
        }
        Command::Compare {
            a,
            b,
            top,
            json,
            quiet,
        } => compare::compare(&a, &b, top, json, quiet, &mut w)?,
        Command::Regex { sets, regex, out } => lookup::regex(&sets, &regex, &out, &mut w)?,
        Command::Fuzzy {
            sets,
            word,
            distance,
            out,
        } => lookup::fuzzy(&sets, &policy, &word, distance, &out, &mut w)?,
        Command::Anagram {
            sets,
            letters,
            tileset,
            json,
        } => rack::anagram(&sets, &policy, &letters, tileset.as_deref(), json, &mut w)?,
        Command::FromRack {
            sets,
            letters,
            min_len,
            tileset,
            json,
        } => rack::from_rack(
            &sets,
            &policy,
            &letters,
            min_len,
            tileset.as_deref(),
            json,
            &mut w,
        )?,
        Command::Stats {
            set, json, quiet, ..
        } => stats::stats(&set, json, quiet, &mut w)?,
        Command::Top {
            sets,
            n,
            limit,
            json,
            min_len,
            max_len,
            pattern,
        } => {
            let filter = stats::TopFilter {
                min_len,
                max_len,
                pattern: pattern
                    .map(|p| folio_lexicon::query::glob::Glob::parse(&policy, &p))
                    .transpose()?,
            };
            stats::top(&sets, n.or(limit).unwrap_or(20), &filter, json, &mut w)?
        }
        Command::Union(a) => algebra::combine(a, SetOp::Union, &mut w)?,
        Command::Intersect(a) => algebra::combine(a, SetOp::Intersect, &mut w)?,
        Command::Difference(a) => algebra::combine(a, SetOp::Difference, &mut w)?,
        Command::Export {
            sets,
            output,
            json,
            counts,
            format,
            min_books,
        } => {
            let freq = counts.then_some(files::FrequencyExport { format, min_books });
            files::export(&sets, output, json, freq, &mut w)?
        }
        Command::Import {
            list,
            output,
            min_len,
            max_len,
            json,
            quiet,
        } => files::import(
            &list,
            &output,
            &policy,
            ImportOptions { min_len, max_len },
            (json, quiet),
            &mut w,
        )?,
    };
    w.flush()?;
    Ok(outcome)
}

/// The policy query words are normalised with: the one recorded in the manifest beside the
/// first set (so a `--policy raw` set finds `café`), else the game policy. Sets built under
/// different policies get a warning: their keys are not spelled alike.
fn query_policy(paths: &[PathBuf]) -> anyhow::Result<Policy> {
    match checked::common_policy(paths) {
        Err(folio_lexicon::Error::MixedPolicies {
            first,
            first_policy,
            other,
            other_policy,
        }) => {
            eprintln!(
                "folio: warning: {} and {} were built under different policies ({first_policy} \
                 and {other_policy}); query words are normalised as for the first",
                folio_core::file_name::in_message(&first),
                folio_core::file_name::in_message(&other),
            );
            Ok(checked::policy_of(&first)?)
        }
        policy => Ok(policy?),
    }
}

/// Opens the sets, checksums checked; several become their union, in memory.
pub(super) fn load(sets: &Sets) -> anyhow::Result<WordSet> {
    let mut opened = checked::open_sets(&sets.sets)?;
    if opened.len() == 1 {
        if let Some(s) = opened.pop() {
            return Ok(s);
        }
    }
    Ok(set_algebra::combine(&opened, SetOp::Union)?)
}

/// Keeps the words within `out`'s length range and orders them as `out` says (`--by
/// count` reads the counts maps beside the sets: an error naming a set without one).
pub(super) fn shape(
    sets: &Sets,
    out: &ListOut,
    mut words: Vec<String>,
) -> anyhow::Result<Vec<String>> {
    if let (Some(min), Some(max)) = (out.min_len, out.max_len) {
        if min > max {
            anyhow::bail!("--min-len {min} is more than --max-len {max}: no word could be listed");
        }
    }
    words.retain(|w| {
        let n = w.chars().count();
        out.min_len.is_none_or(|m| n >= m) && out.max_len.is_none_or(|m| n <= m)
    });
    if out.by == Order::Count {
        let maps = stats::counts_maps(sets)?;
        let count = |w: &str| {
            maps.iter().fold(0u64, |a, m| {
                a.saturating_add(m.get(w.as_bytes()).unwrap_or(0))
            })
        };
        let mut keyed: Vec<(u64, String)> = words.into_iter().map(|w| (count(&w), w)).collect();
        keyed.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        words = keyed.into_iter().map(|(_, w)| w).collect();
    }
    Ok(words)
}

pub(super) fn print_list(
    w: &mut impl Write,
    out: &ListOut,
    mut query: serde_json::Value,
    words: &[String],
) -> anyhow::Result<Outcome> {
    let shown = &words[..out.limit.unwrap_or(usize::MAX).min(words.len())];
    if out.json {
        query["count"] = json!(words.len());
        if !out.count {
            query["words"] = json!(shown);
        }
        writeln!(w, "{query}")?;
    } else if out.count {
        writeln!(w, "{}", words.len())?;
    } else {
        for word in shown {
            writeln!(w, "{word}")?;
        }
    }
    Ok(Outcome::Ok)
}
