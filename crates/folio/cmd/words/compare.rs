//! `compare A B`: how two word sets differ, in one report.

use std::io::Write;
use std::path::Path;

use folio_lexicon::checked;
use folio_lexicon::query::algebra::{combine, SetOp};
use folio_lexicon::query::export;
use folio_lexicon::CountsMap;
use serde_json::json;

use super::Outcome;

/// The `n` most frequent words of `words` by `map` (ties in key order); empty without a map.
fn most_frequent(words: &[String], map: Option<&CountsMap>, n: usize) -> Vec<(String, u64)> {
    let Some(map) = map else {
        return Vec::new();
    };
    let mut v: Vec<(String, u64)> = words
        .iter()
        .map(|w| (w.clone(), map.get(w.as_bytes()).unwrap_or(0)))
        .collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    v.truncate(n);
    v
}

pub(super) fn compare(
    a: &Path,
    b: &Path,
    n: usize,
    json: bool,
    quiet: bool,
    w: &mut impl Write,
) -> anyhow::Result<Outcome> {
    let sets = checked::open_sets(&[a, b])?;
    let counts_a = checked::open_counts_beside(a, &sets[0])?;
    let counts_b = checked::open_counts_beside(b, &sets[1])?;
    let shared = combine(&sets, SetOp::Intersect)?.len();
    let only_a: Vec<String> = export::words(&combine(&sets, SetOp::Difference)?).collect();
    let rev = checked::open_sets(&[b, a])?;
    let only_b: Vec<String> = export::words(&combine(&rev, SetOp::Difference)?).collect();
    let union = shared + only_a.len() + only_b.len();
    let jaccard = if union == 0 {
        1.0
    } else {
        shared as f64 / union as f64
    };
    let top_a = most_frequent(&only_a, counts_a.as_ref(), n);
    let top_b = most_frequent(&only_b, counts_b.as_ref(), n);
    if json {
        let v = json!({
            "a": { "set": a, "count": sets[0].len(), "only": only_a.len(),
                   "most_frequent_only": top_a.iter().map(|(w, c)| json!({"word": w, "count": c})).collect::<Vec<_>>() },
            "b": { "set": b, "count": sets[1].len(), "only": only_b.len(),
                   "most_frequent_only": top_b.iter().map(|(w, c)| json!({"word": w, "count": c})).collect::<Vec<_>>() },
            "shared": shared,
            "union": union,
            "jaccard": jaccard,
        });
        writeln!(w, "{v}")?;
        return Ok(Outcome::Ok);
    }
    writeln!(
        w,
        "A        {} ({})",
        folio_core::file_name::in_message(a),
        folio_core::plural(sets[0].len(), "word", "words")
    )?;
    writeln!(
        w,
        "B        {} ({})",
        folio_core::file_name::in_message(b),
        folio_core::plural(sets[1].len(), "word", "words")
    )?;
    writeln!(w, "shared   {shared}")?;
    writeln!(w, "only A   {}", only_a.len())?;
    writeln!(w, "only B   {}", only_b.len())?;
    writeln!(w, "jaccard  {jaccard:.4}")?;
    for (name, top, has) in [
        ("A", &top_a, counts_a.is_some()),
        ("B", &top_b, counts_b.is_some()),
    ] {
        if quiet {
            break;
        }
        if !has {
            writeln!(w, "most frequent only in {name}: (no counts map)")?;
        } else {
            let shown: Vec<String> = top.iter().map(|(w, c)| format!("{w} {c}")).collect();
            writeln!(w, "most frequent only in {name}: {}", shown.join(", "))?;
        }
    }
    Ok(Outcome::Ok)
}
