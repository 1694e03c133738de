//! `folio words`: query, combine, import and export word sets.
//!
//! Every query word goes through the set's policy (`Policy::normalize_word`, the policy read
//! from the manifest beside the set, else the game policy), exactly as ingest
//! normalises running text. Several `--set`s act as their union. `--json` prints one JSON
//! value on stdout. Exit: 0 ok; 1 a `contains` word is absent; 2 usage, I/O or a bad set.

use std::io::{BufRead, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use folio_lexicon::algebra::{self, SetOp};
use folio_lexicon::counts::counts_path;
use folio_lexicon::import::{import_bytes, manifest_path, ImportOptions};
use folio_lexicon::pattern::Pattern;
use folio_lexicon::rack::{Rack, RackWord};
use folio_lexicon::regex_automaton::WholeWordRegex;
use folio_lexicon::stats::SetStats;
use folio_lexicon::{anagram, checked, export, query, rack, Policy, WordSet};
use serde_json::json;

use super::refuse_overwriting_inputs;

use super::Outcome;

/// The word sets a query reads.
#[derive(clap::Args)]
pub struct Sets {
    /// A word set file (`OUT.fst`); repeat it to query the union of several sets.
    #[arg(long = "set", value_name = "PATH", required = true)]
    sets: Vec<PathBuf>,
    /// Does nothing, kept so older command lines run: every set's checksum is checked when
    /// it is opened.
    #[arg(long = "verify")]
    _verify: bool,
}

/// How a list of words is printed.
#[derive(clap::Args)]
pub struct ListOut {
    /// Print one JSON object instead of one word a line.
    #[arg(long)]
    json: bool,
    /// Print only the number of words found.
    #[arg(long)]
    count: bool,
    /// Print at most this many words, at least 1 (the count is still the full one).
    #[arg(long, value_name = "N", value_parser = super::args::limit)]
    limit: Option<usize>,
}

/// Subcommands of `folio words`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Is each word in the set? Prints `WORD true|false`; exit 0 when all are present, 1
    /// otherwise. Without WORDs, reads words from stdin, one a line.
    Contains {
        #[command(flatten)]
        sets: Sets,
        /// Words to look up (any case; normalised like ingest).
        words: Vec<String>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Every word starting with PREFIX.
    Prefix {
        #[command(flatten)]
        sets: Sets,
        /// The prefix.
        prefix: String,
        #[command(flatten)]
        out: ListOut,
    },
    /// Every word matching PATTERN: `?` is one letter, `*` any run of letters (`c?t*`).
    Pattern {
        #[command(flatten)]
        sets: Sets,
        /// The pattern.
        pattern: String,
        #[command(flatten)]
        out: ListOut,
    },
    /// Every word the regular expression matches as a whole (case-insensitive).
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
        #[arg(long = "verify")]
        _verify: bool,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The N most frequent words, from the counts map beside each set (`OUT.counts.fst`).
    Top {
        #[command(flatten)]
        sets: Sets,
        /// How many words (at least 1).
        #[arg(default_value_t = 20, value_parser = super::args::top_n)]
        n: usize,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
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
    },
    /// Import a plain word list (one word a line, any order, LF or CRLF) as a word set.
    Import {
        /// The list (`-` for stdin).
        list: PathBuf,
        /// The word set to write (its manifest goes to OUT.json).
        #[arg(short = 'o', long = "output", value_name = "OUT", value_parser = super::args::output_file)]
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
    },
}

/// Arguments of `union`, `intersect` and `difference`.
#[derive(clap::Args)]
pub struct Algebra {
    /// The word sets (at least two; for a difference, the first minus the rest).
    #[arg(value_name = "SET", num_args = 2.., required = true)]
    sets: Vec<PathBuf>,
    /// The word set to write.
    #[arg(short = 'o', long = "output", value_name = "OUT", value_parser = super::args::output_file)]
    output: PathBuf,
    /// Does nothing, kept so older command lines run: checksums are always checked.
    #[arg(long = "verify")]
    _verify: bool,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
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
            | Command::Export { sets, .. } => sets.sets.clone(),
            Command::Stats { set, .. } => vec![set.clone()],
            Command::Union(a) | Command::Intersect(a) | Command::Difference(a) => a.sets.clone(),
            Command::Import { .. } => Vec::new(),
        }
    }
}

/// Runs a `folio words` subcommand.
///
/// Every set and counts map is opened with its checksum checked (`folio_lexicon::checked`),
/// so a flipped byte is an error naming the file. fst decodes nodes without bounds checks of
/// its own, so a file crafted to pass the checksum could still make it panic; such a panic is
/// caught here and reported as an error naming the sets (exit 2), not a crash.
pub fn run(c: Command) -> anyhow::Result<Outcome> {
    let paths = c.set_paths();
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run_inner(c)));
    std::panic::set_hook(previous_hook);
    result.unwrap_or_else(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let names: Vec<_> = paths.iter().map(|p| p.display().to_string()).collect();
        bail!(
            "{}: word set could not be decoded although its checksum matches (a malformed \
             fst): {what}",
            names.join(", ")
        )
    })
}

fn run_inner(c: Command) -> anyhow::Result<Outcome> {
    let policy = query_policy(&c.set_paths())?;
    let stdout = std::io::stdout();
    let mut w = BufWriter::new(stdout.lock());
    let outcome = match c {
        Command::Contains { sets, words, json } => contains(&sets, &policy, words, json, &mut w)?,
        Command::Prefix { sets, prefix, out } => {
            let set = load(&sets)?;
            let words = query::prefix(&set, &policy, &prefix)?;
            print_list(&mut w, &out, json!({ "prefix": prefix }), &words)?
        }
        Command::Pattern { sets, pattern, out } => {
            let p = Pattern::parse(&policy, &pattern)?;
            let set = load(&sets)?;
            let words = query::search(&set, &p);
            print_list(&mut w, &out, json!({ "pattern": pattern }), &words)?
        }
        Command::Regex { sets, regex, out } => {
            let re = WholeWordRegex::new(&regex)?;
            let set = load(&sets)?;
            let words = query::search(&set, &re);
            print_list(&mut w, &out, json!({ "regex": regex }), &words)?
        }
        Command::Fuzzy {
            sets,
            word,
            distance,
            out,
        } => {
            let set = load(&sets)?;
            let found = query::fuzzy(&set, &policy, &word, distance)?;
            if out.json && !out.count {
                let shown = &found[..out.limit.unwrap_or(usize::MAX).min(found.len())];
                let v = json!({ "word": word, "distance": distance, "count": found.len(), "words": shown });
                writeln!(w, "{v}")?;
                Outcome::Ok
            } else {
                let words: Vec<String> = found.into_iter().map(|m| m.word).collect();
                let q = json!({ "word": word, "distance": distance });
                print_list(&mut w, &out, q, &words)?
            }
        }
        Command::Anagram {
            sets,
            letters,
            json,
        } => {
            let r = Rack::parse(&policy, &letters)?;
            let set = load(&sets)?;
            let found = anagram::anagrams(&set, &r);
            print_scored(&mut w, json, json!({ "letters": letters }), &found)?
        }
        Command::FromRack {
            sets,
            letters,
            min_len,
            json,
        } => {
            let r = Rack::parse(&policy, &letters)?;
            let set = load(&sets)?;
            let found = rack::from_rack(&set, &r, min_len);
            let q = json!({ "rack": letters, "min_len": min_len });
            print_scored(&mut w, json, q, &found)?
        }
        Command::Stats { set, json, .. } => stats(&set, json, &mut w)?,
        Command::Top { sets, n, json } => top(&sets, n, json, &mut w)?,
        Command::Union(a) => combine(a, SetOp::Union, &mut w)?,
        Command::Intersect(a) => combine(a, SetOp::Intersect, &mut w)?,
        Command::Difference(a) => combine(a, SetOp::Difference, &mut w)?,
        Command::Export { sets, output, json } => {
            let output = output.filter(|p| p.as_os_str() != "-");
            if let Some(path) = &output {
                refuse_overwriting_inputs(std::slice::from_ref(path), &sets.sets)?;
            }
            let set = load(&sets)?;
            match output {
                Some(path) => {
                    folio_lexicon::atomic::write_atomic(&path, |f| write_export(&set, json, f))?;
                    eprintln!("wrote {} words to {}", set.len(), path.display());
                }
                None => write_export(&set, json, &mut w)?,
            }
            Outcome::Ok
        }
        Command::Import {
            list,
            output,
            min_len,
            max_len,
            json,
        } => import(
            &list,
            &output,
            &policy,
            ImportOptions { min_len, max_len },
            json,
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
                first.display(),
                other.display(),
            );
            Ok(checked::policy_of(&first)?)
        }
        policy => Ok(policy?),
    }
}

/// Opens the sets, checksums checked; several become their union, in memory.
fn load(sets: &Sets) -> anyhow::Result<WordSet> {
    let mut opened = checked::open_sets(&sets.sets)?;
    if opened.len() == 1 {
        if let Some(s) = opened.pop() {
            return Ok(s);
        }
    }
    Ok(algebra::combine(&opened, SetOp::Union)?)
}

fn contains(
    sets: &Sets,
    policy: &Policy,
    words: Vec<String>,
    json: bool,
    w: &mut impl Write,
) -> anyhow::Result<Outcome> {
    // An empty word on the command line is a usage error (exit 2), as for every other
    // query, found before any answer is printed; blank lines of stdin are skipped instead.
    for word in &words {
        query::key(policy, word)?;
    }
    let set = load(sets)?;
    let fst = set.as_fst_set();
    let (mut total, mut absent) = (0usize, 0usize);
    let mut results = Vec::new();
    // Answers are written as the words come, so a long batch on stdin streams through.
    let mut answer = |word: &str, w: &mut dyn Write| -> std::io::Result<()> {
        let key = query::key(policy, word).ok().flatten();
        let present = key.as_ref().is_some_and(|k| fst.contains(k));
        total += 1;
        absent += usize::from(!present);
        if json {
            results.push(json!({ "word": word, "key": key, "present": present }));
            Ok(())
        } else {
            // A word that is not a word under the policy may be anything (terminal escapes
            // from a binary file on stdin): shown escaped. A word is shown as given.
            if key.is_some() {
                w.write_all(word.as_bytes())?;
            } else {
                write!(w, "{}", folio_core::quote::shown(word))?;
            }
            w.write_all(if present { b" true\n" } else { b" false\n" })
        }
    };
    if words.is_empty() {
        let stdin = std::io::stdin();
        if stdin.is_terminal() {
            bail!("no words given: name them, or pipe them in one a line");
        }
        let mut input = stdin.lock();
        let mut line = Vec::new();
        loop {
            line.clear();
            let n = input
                .read_until(b'\n', &mut line)
                .context("reading words from stdin")?;
            if n == 0 {
                break;
            }
            // As `import` reads a list: UTF-8, else that line alone as Windows-1252.
            let (text, _) = folio_lexicon::import::decode_line(&line);
            let t = text.trim();
            if !t.is_empty() {
                answer(t, w)?;
            }
        }
    } else {
        for word in &words {
            answer(word.trim(), w)?;
        }
    }
    if json {
        let v = json!({
            "words": total,
            "present": total - absent,
            "absent": absent,
            "all_present": absent == 0,
            "results": results,
        });
        writeln!(w, "{v}")?;
    }
    Ok(if absent == 0 {
        Outcome::Ok
    } else {
        Outcome::Invalid
    })
}

fn print_list(
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

fn print_scored(
    w: &mut impl Write,
    json: bool,
    mut query: serde_json::Value,
    found: &[RackWord],
) -> anyhow::Result<Outcome> {
    if json {
        query["count"] = json!(found.len());
        query["words"] = json!(found);
        writeln!(w, "{query}")?;
    } else {
        for f in found {
            writeln!(w, "{} {}", f.display(), f.score)?;
        }
    }
    Ok(Outcome::Ok)
}

fn stats(path: &Path, json: bool, w: &mut impl Write) -> anyhow::Result<Outcome> {
    let set = checked::open_set(path)?;
    let counts = checked::open_counts_beside(path, &set)?;
    let s = SetStats::of(&set);
    let counts_info = counts
        .as_ref()
        .map(|c| (c.path().to_path_buf(), c.len(), c.total()));
    if json {
        let mut v = serde_json::to_value(&s)?;
        v["set"] = json!(path);
        v["counts_map"] = match &counts_info {
            Some((p, words, total)) => json!({ "path": p, "words": words, "occurrences": total }),
            None => serde_json::Value::Null,
        };
        writeln!(w, "{v}")?;
        return Ok(Outcome::Ok);
    }
    writeln!(w, "set             {}", path.display())?;
    writeln!(w, "words           {}", s.words)?;
    writeln!(w, "bytes           {}", s.bytes)?;
    writeln!(w, "bytes per word  {:.2}", s.bytes_per_word)?;
    writeln!(w, "letters         {}", s.total_letters)?;
    match &counts_info {
        Some((p, words, total)) => writeln!(
            w,
            "counts map      {} ({words} words, {total} occurrences)",
            p.display()
        )?,
        None => writeln!(w, "counts map      none")?,
    }
    writeln!(w, "length histogram (letters: words)")?;
    for (len, n) in &s.lengths {
        writeln!(w, "  {len:>3}  {n}")?;
    }
    writeln!(w, "letter frequencies (letter: count, share)")?;
    for l in &s.letters {
        writeln!(
            w,
            "  {}  {:>9}  {:5.2}%",
            l.letter,
            l.count,
            l.share * 100.0
        )?;
    }
    Ok(Outcome::Ok)
}

fn top(sets: &Sets, n: usize, json: bool, w: &mut impl Write) -> anyhow::Result<Outcome> {
    // Open the sets too: a bad set path is reported as such, not as a missing counts map.
    let opened = checked::open_sets(&sets.sets)?;
    let mut maps = Vec::new();
    for (path, set) in sets.sets.iter().zip(&opened) {
        let Some(map) = checked::open_counts_beside(path, set)? else {
            bail!(
                "{}: no counts map beside this set (expected {}); sets made by `folio words import`, \
                 or by set algebra over sets without counts, have none: `folio ingest` writes one",
                path.display(),
                counts_path(path).display()
            );
        };
        maps.push(map);
    }
    let best = folio_lexicon::counts::top(&maps, n);
    if json {
        writeln!(w, "{}", json!({ "n": n, "words": best }))?;
    } else {
        for wc in &best {
            writeln!(w, "{} {}", wc.word, wc.count)?;
        }
    }
    Ok(Outcome::Ok)
}

fn combine(a: Algebra, op: SetOp, w: &mut impl Write) -> anyhow::Result<Outcome> {
    // Rewriting an input in place (`union a.fst b.fst -o a.fst`: set over set, counts over
    // counts) is allowed; writing one input's file with another kind of output is not:
    // `-o b.counts.fst` would replace b's counts map with a set.
    let input_counts: Vec<PathBuf> = a.sets.iter().map(|p| counts_path(p)).collect();
    refuse_overwriting_inputs(std::slice::from_ref(&a.output), &input_counts)?;
    refuse_overwriting_inputs(&[counts_path(&a.output)], &a.sets)?;
    let r = algebra::write_combined(&a.sets, op, &a.output)?;
    if a.json {
        writeln!(w, "{}", serde_json::to_string(&r)?)?;
        return Ok(Outcome::Ok);
    }
    writeln!(
        w,
        "{} of {} sets: {} words -> {}",
        op.name(),
        a.sets.len(),
        r.words,
        r.output.display()
    )?;
    match &r.counts {
        Some(p) => writeln!(w, "counts map: {}", p.display())?,
        None => {
            let names: Vec<_> = r
                .sets_without_counts
                .iter()
                .map(|p| p.display().to_string())
                .collect();
            writeln!(
                w,
                "counts map: none (no counts map beside {})",
                names.join(", ")
            )?;
        }
    }
    if let Some(p) = &r.removed_stale_counts {
        writeln!(w, "removed the stale counts map {}", p.display())?;
    }
    Ok(Outcome::Ok)
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

/// How many duplicates and rejected lines the text report lists (all are in the manifest).
const REPORT_LINES: usize = 20;

fn import(
    list: &Path,
    output: &Path,
    policy: &Policy,
    opts: ImportOptions,
    json: bool,
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
    let (name, bytes) = if list == Path::new("-") {
        let mut b = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut b)
            .context("reading the word list from stdin")?;
        ("-".to_string(), b)
    } else {
        let b = std::fs::read(list).with_context(|| list.display().to_string())?;
        (list.display().to_string(), b)
    };
    let m = import_bytes(&name, &bytes, output, policy, &opts)?;
    let r = &m.report;
    if r.words == 0 {
        eprintln!(
            "folio: warning: {}: the word set is empty: no line of {name} was a word",
            output.display()
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
        "imported {name} -> {}: {} words from {} lines ({}, {} blank)",
        output.display(),
        r.words,
        r.lines,
        r.encoding,
        r.blank_lines
    )?;
    writeln!(w, "duplicates: {}", r.duplicates.len())?;
    for d in r.duplicates.iter().take(REPORT_LINES) {
        writeln!(
            w,
            "  line {}: {} (first on line {})",
            d.line, d.word, d.first_line
        )?;
    }
    writeln!(w, "rejected lines: {}", r.rejected.len())?;
    for x in r.rejected.iter().take(REPORT_LINES) {
        writeln!(
            w,
            "  line {}: {}: {}",
            x.line,
            folio_core::quote::quoted(&x.text),
            x.reason
        )?;
    }
    let manifest = folio_lexicon::import::manifest_path(output);
    if r.duplicates.len().max(r.rejected.len()) > REPORT_LINES {
        writeln!(w, "  (all of them are listed in {})", manifest.display())?;
    }
    writeln!(
        w,
        "counts map: none (a word list has no occurrence counts; {} says so)",
        manifest.display()
    )?;
    Ok(Outcome::Ok)
}
