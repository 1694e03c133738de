//! `contains`, `prefix`, `pattern`, `regex` and `fuzzy`: membership and searches.

use std::io::{IsTerminal, Write};

use anyhow::{bail, Context};
use folio_lexicon::query::{self, fold, glob::Glob, regex::WholeWordRegex};
use folio_lexicon::Policy;
use serde_json::json;

use super::{load, print_list, shape, ListOut, Outcome, Sets};

/// The longest line `contains` reads from stdin, in bytes (no word is near it): the limit
/// of a line `import` reads.
const STDIN_MAX_LINE: usize = folio_lexicon::query::import::MAX_LINE_BYTES;

/// `-` may stand for stdin once among the words: its lines are read once.
fn refuse_stdin_twice(words: &[String]) -> anyhow::Result<()> {
    let n = words.iter().filter(|w| *w == "-").count();
    if n > 1 {
        bail!("- (stdin) is given {n} times: its words can be read once");
    }
    Ok(())
}

/// Calls `each` with every word of stdin, one a line: lines end as `import` splits a list
/// (LF, CRLF or lone CR: folio's one splitter), read as they come so a long batch streams
/// through; a line is read as `import` reads it (UTF-8, else that line alone as
/// Windows-1252; a BOM opening the input dropped), trimmed, and a blank one skipped. At most
/// one line over the limit is held (`< /dev/zero` has no line end): it is an error naming
/// its number, after the words before it.
fn stdin_words(each: &mut dyn FnMut(&str) -> std::io::Result<()>) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let mut input = folio_core::script::StreamLines::new(stdin.lock(), STDIN_MAX_LINE);
    let mut line = Vec::new();
    let mut number = 0u64;
    loop {
        number += 1;
        if !input
            .next_line(&mut line)
            .context("reading words from stdin")?
        {
            return Ok(());
        }
        let mut text = &line[..];
        if text.len() > STDIN_MAX_LINE {
            bail!("line {number} of stdin is longer than {STDIN_MAX_LINE} bytes: not a word list");
        }
        if number == 1 {
            text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
        }
        let (text, _) = folio_lexicon::query::import::decode_line(text);
        let t = text.trim();
        if !t.is_empty() {
            each(t)?;
        }
    }
}

pub(super) fn contains(
    sets: &Sets,
    policy: &Policy,
    words: Vec<String>,
    json: bool,
    fold_accents: bool,
    w: &mut impl Write,
) -> anyhow::Result<Outcome> {
    // An empty word on the command line is a usage error (exit 2), as for every other
    // query, found before any answer is printed; blank lines of stdin are skipped instead.
    refuse_stdin_twice(&words)?;
    for word in words.iter().filter(|w| *w != "-") {
        query::key(policy, word)?;
    }
    let set = load(sets)?;
    let fst = set.as_fst_set();
    let (mut total, mut absent) = (0usize, 0usize);
    let mut results = Vec::new();
    // Answers are written as the words come, so a long batch on stdin streams through.
    let mut answer = |word: &str, w: &mut dyn Write| -> std::io::Result<()> {
        let key = query::key(policy, word).ok().flatten();
        let present = if fold_accents {
            let folded = fold::fold(word);
            folded.is_some_and(|f| !fold::matches(&set, |k| k == f.as_bytes()).is_empty())
        } else {
            key.as_ref().is_some_and(|k| fst.contains(k))
        };
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
        if std::io::stdin().is_terminal() {
            bail!("no words given: name them, or pipe them in one a line");
        }
        stdin_words(&mut |t| answer(t, w))?;
    } else {
        for word in &words {
            // `-` is stdin, as for ingest, import and play: its words, answered there.
            if word == "-" {
                stdin_words(&mut |t| answer(t, w))?;
            } else {
                answer(word.trim(), w)?;
            }
        }
    }
    if json {
        let v = json!({
            "count": total,
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

pub(super) fn prefix(
    sets: &Sets,
    policy: &Policy,
    prefix: &str,
    out: &ListOut,
    fold_accents: bool,
    w: &mut impl Write,
) -> anyhow::Result<Outcome> {
    let set = load(sets)?;
    let words = if fold_accents {
        if prefix.trim().is_empty() {
            return Err(query::QueryError::Empty("prefix").into());
        }
        let p = fold::fold(prefix).ok_or_else(|| query::QueryError::NotAWord {
            input: prefix.to_string(),
            policy: "game (folded)".into(),
        })?;
        fold::matches(&set, |k| k.starts_with(p.as_bytes()))
    } else {
        query::prefix(&set, policy, prefix)?
    };
    let words = shape(sets, out, words)?;
    print_list(w, out, json!({ "prefix": prefix }), &words)
}

pub(super) fn pattern(
    sets: &Sets,
    policy: &Policy,
    pattern: &str,
    out: &ListOut,
    fold_accents: bool,
    w: &mut impl Write,
) -> anyhow::Result<Outcome> {
    let set = load(sets)?;
    let words = if fold_accents {
        // The pattern's letters fold as the keys do: parsed under the game policy.
        let p = Glob::parse(&Policy::game(), pattern)?;
        let words = fold::matches(&set, |k| p.matches(k));
        p.check()?;
        words
    } else {
        Glob::parse(policy, pattern)?.search(&set)?
    };
    let words = shape(sets, out, words)?;
    print_list(w, out, json!({ "pattern": pattern }), &words)
}

pub(super) fn regex(
    sets: &Sets,
    regex: &str,
    out: &ListOut,
    w: &mut impl Write,
) -> anyhow::Result<Outcome> {
    let re = WholeWordRegex::new(regex)?;
    let set = load(sets)?;
    let words = shape(sets, out, re.search(&set)?)?;
    print_list(w, out, json!({ "regex": regex }), &words)
}

pub(super) fn fuzzy(
    sets: &Sets,
    policy: &Policy,
    word: &str,
    distance: u32,
    out: &ListOut,
    w: &mut impl Write,
) -> anyhow::Result<Outcome> {
    let set = load(sets)?;
    let found = query::fuzzy(&set, policy, word, distance)?;
    let kept = shape(sets, out, found.iter().map(|m| m.word.clone()).collect())?;
    let mut by_word: std::collections::HashMap<String, query::FuzzyMatch> =
        found.into_iter().map(|m| (m.word.clone(), m)).collect();
    let found: Vec<query::FuzzyMatch> = kept.iter().filter_map(|k| by_word.remove(k)).collect();
    if out.json && !out.count {
        let shown = &found[..out.limit.unwrap_or(usize::MAX).min(found.len())];
        let v = json!({ "word": word, "distance": distance, "count": found.len(), "words": shown });
        writeln!(w, "{v}")?;
        Ok(Outcome::Ok)
    } else {
        let words: Vec<String> = found.into_iter().map(|m| m.word).collect();
        let q = json!({ "word": word, "distance": distance });
        print_list(w, out, q, &words)
    }
}

pub(super) fn hooks(
    sets: &Sets,
    policy: &Policy,
    words: &[String],
    json: bool,
    w: &mut impl Write,
) -> anyhow::Result<Outcome> {
    // As for `contains`: `-` is stdin's words, one a line (blank lines skipped), and an
    // empty word is a usage error found before any answer.
    refuse_stdin_twice(words)?;
    let mut given = Vec::with_capacity(words.len());
    for word in words {
        if word == "-" {
            stdin_words(&mut |t| {
                given.push(t.to_string());
                Ok(())
            })?;
        } else {
            given.push(word.clone());
        }
    }
    let words = &given;
    for word in words {
        query::key(policy, word)?;
    }
    let set = load(sets)?;
    let mut absent = 0usize;
    let mut results = Vec::new();
    for word in words {
        // A word the policy cannot spell (`c4t`) is no word of the set and hooks nothing,
        // as `contains` answers it false: given back as typed (escaped in text).
        let key = query::key(policy, word)?;
        let h = match &key {
            Some(_) => query::hooks::hooks(&set, policy, word)?,
            None => query::hooks::Hooks {
                word: word.to_string(),
                present: false,
                front: String::new(),
                back: String::new(),
            },
        };
        absent += usize::from(!h.present);
        if json {
            // One JSON value for the whole run, shaped as `contains --json`'s.
            results.push(json!({
                "word": word,
                "key": key,
                "present": h.present,
                "front": h.front,
                "back": h.back,
            }));
        } else {
            // Zyzzyva's layout: front hooks, the word, back hooks (`-`: none); `*` marks a
            // word that is not itself in the set.
            let none = |s: &str| {
                if s.is_empty() {
                    "-".to_string()
                } else {
                    s.to_string()
                }
            };
            let mark = if h.present { "" } else { "*" };
            let shown = folio_core::quote::shown(&h.word);
            writeln!(w, "{} {shown}{mark} {}", none(&h.front), none(&h.back))?;
        }
    }
    if json {
        let v = json!({
            "count": words.len(),
            "present": words.len() - absent,
            "absent": absent,
            "all_present": absent == 0,
            "results": results,
        });
        writeln!(w, "{v}")?;
    }
    Ok(if absent > 0 {
        Outcome::Invalid
    } else {
        Outcome::Ok
    })
}
