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

/// How a `--json` answer of `contains` and `hooks` opens: its results come first, written
/// one by one as the words are answered, so a batch of any size streams through in bounded
/// memory; the counts, known only at the end, close the object ([`json_close`]).
const JSON_OPEN: &[u8] = b"{\"results\":[";

/// Writes result number `n` (0-based) of a streamed `--json` answer.
fn json_result(w: &mut dyn Write, n: usize, r: &serde_json::Value) -> std::io::Result<()> {
    if n > 0 {
        w.write_all(b",")?;
    }
    serde_json::to_writer(&mut *w, r).map_err(std::io::Error::other)
}

/// Closes a streamed `--json` answer: the counts of its `total` words, `absent` of them not
/// in the set, then a line end.
fn json_close(w: &mut dyn Write, total: usize, absent: usize) -> std::io::Result<()> {
    let counts = json!({
        "count": total,
        "present": total - absent,
        "absent": absent,
        "all_present": absent == 0,
    });
    // `counts` is an object: its text without the opening brace continues ours.
    let text = counts.to_string();
    write!(w, "],{}", &text[1..])?;
    w.write_all(b"\n")
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
    // Answers are written as the words come, so a long batch on stdin streams through; in
    // JSON too: each result is written as its word is answered, and the counts close the
    // object (nothing is kept per word).
    let mut answer = |word: &str, w: &mut dyn Write| -> std::io::Result<()> {
        let key = query::key(policy, word).ok().flatten();
        let present = if fold_accents {
            let folded = fold::fold(word);
            folded.is_some_and(|f| !fold::matches(&set, |k| k == f.as_bytes()).is_empty())
        } else {
            key.as_ref().is_some_and(|k| fst.contains(k))
        };
        if json {
            let r = json!({ "word": word, "key": key, "present": present });
            json_result(w, total, &r)?;
        }
        total += 1;
        absent += usize::from(!present);
        if json {
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
    if json {
        w.write_all(JSON_OPEN)?;
    }
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
        json_close(w, total, absent)?;
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
    for word in words.iter().filter(|w| *w != "-") {
        query::key(policy, word)?;
    }
    let set = load(sets)?;
    let finder = query::hooks::HookFinder::new(&set);
    let (mut total, mut absent) = (0usize, 0usize);
    // Each word is answered as it comes (stdin's too): nothing is kept per word.
    let mut answer = |word: &str, w: &mut dyn Write| -> anyhow::Result<()> {
        // A word the policy cannot spell (`c4t`) is no word of the set and hooks nothing,
        // as `contains` answers it false: given back as typed (escaped in text).
        let key = query::key(policy, word)?;
        let h = match &key {
            Some(_) => finder.hooks(policy, word)?,
            None => query::hooks::Hooks {
                word: word.to_string(),
                present: false,
                front: String::new(),
                back: String::new(),
            },
        };
        if json {
            // Shaped as `contains --json`'s results.
            let r = json!({
                "word": word,
                "key": key,
                "present": h.present,
                "front": h.front,
                "back": h.back,
            });
            json_result(w, total, &r)?;
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
        total += 1;
        absent += usize::from(!h.present);
        Ok(())
    };
    if json {
        w.write_all(JSON_OPEN)?;
    }
    for word in words {
        if word == "-" {
            stdin_words(&mut |t| {
                answer(t, w).map_err(|e| std::io::Error::other(format!("{e:#}")))
            })?;
        } else {
            answer(word, w)?;
        }
    }
    if json {
        json_close(w, total, absent)?;
    }
    Ok(if absent > 0 {
        Outcome::Invalid
    } else {
        Outcome::Ok
    })
}
