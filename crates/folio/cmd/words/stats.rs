//! `stats` and `top`: what a set holds, and its most frequent words.

use std::io::Write;
use std::path::Path;

use anyhow::bail;
use folio_lexicon::checked;
use folio_lexicon::query::stats::SetStats;
use folio_lexicon::set::{counts::top_where, counts_path};
use serde_json::json;

use super::{Outcome, Sets};

pub(super) fn stats(
    path: &Path,
    json: bool,
    quiet: bool,
    w: &mut impl Write,
) -> anyhow::Result<Outcome> {
    let set = checked::open_set(path)?;
    let counts = checked::open_counts_beside(path, &set)?;
    let s = SetStats::of(&set);
    let counts_info = counts
        .as_ref()
        .map(|c| (c.path().to_path_buf(), c.len(), c.total()));
    if json {
        let mut v = serde_json::to_value(&s)?;
        // A count is `count` in every folio JSON output (`words` is a list of words).
        if let Some(map) = v.as_object_mut() {
            if let Some(n) = map.remove("words") {
                map.insert("count".into(), n);
            }
        }
        v["set"] = json!(path);
        v["counts_map"] = match &counts_info {
            Some((p, words, total)) => json!({ "path": p, "count": words, "occurrences": total }),
            None => serde_json::Value::Null,
        };
        writeln!(w, "{v}")?;
        return Ok(Outcome::Ok);
    }
    writeln!(
        w,
        "set             {}",
        folio_core::file_name::in_message(path)
    )?;
    writeln!(w, "words           {}", s.words)?;
    writeln!(w, "bytes           {}", s.bytes)?;
    writeln!(w, "bytes per word  {:.2}", s.bytes_per_word)?;
    writeln!(w, "letters         {}", s.total_letters)?;
    match &counts_info {
        Some((p, words, total)) => writeln!(
            w,
            "counts map      {} ({words} words, {total} occurrences)",
            folio_core::file_name::in_message(p)
        )?,
        None => writeln!(w, "counts map      none")?,
    }
    if quiet {
        return Ok(Outcome::Ok);
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

/// Which words `top` ranks.
pub(super) struct TopFilter {
    pub(super) min_len: Option<usize>,
    pub(super) max_len: Option<usize>,
    pub(super) pattern: Option<folio_lexicon::query::glob::Glob>,
}

/// The counts maps beside the sets, checked against them; an error naming a set that has
/// none.
pub(super) fn counts_maps(sets: &Sets) -> anyhow::Result<Vec<folio_lexicon::CountsMap>> {
    let opened = checked::open_sets(&sets.sets)?;
    let mut maps = Vec::new();
    for (path, set) in sets.sets.iter().zip(&opened) {
        let Some(map) = checked::open_counts_beside(path, set)? else {
            bail!(
                "{}: no counts map beside this set (expected {}); sets made by `folio words import`, \
                 or by set algebra over sets without counts, have none: `folio ingest` writes one",
                folio_core::file_name::in_message(path),
                folio_core::file_name::in_message(&counts_path(path))
            );
        };
        maps.push(map);
    }
    Ok(maps)
}

pub(super) fn top(
    sets: &Sets,
    n: usize,
    filter: &TopFilter,
    json: bool,
    w: &mut impl Write,
) -> anyhow::Result<Outcome> {
    if let (Some(min), Some(max)) = (filter.min_len, filter.max_len) {
        if min > max {
            bail!("--min-len {min} is more than --max-len {max}: no word could be listed");
        }
    }
    // Open the sets too: a bad set path is reported as such, not as a missing counts map.
    let maps = counts_maps(sets)?;
    let best = top_where(&maps, n, |k| {
        let chars = String::from_utf8_lossy(k).chars().count();
        filter.min_len.is_none_or(|m| chars >= m)
            && filter.max_len.is_none_or(|m| chars <= m)
            && filter.pattern.as_ref().is_none_or(|p| p.matches(k))
    });
    if json {
        writeln!(w, "{}", json!({ "limit": n, "words": best }))?;
    } else {
        for wc in &best {
            writeln!(w, "{} {}", wc.word, wc.count)?;
        }
    }
    Ok(Outcome::Ok)
}
