//! Issue 18's search against brute-force scans: pattern letter classes, hooks and
//! accent-folded lookups, over ENABLE (`wordlists/enable1.txt`) and over a French set built
//! from Madame Bovary with `--keep-diacritics --lang fr`.

use std::sync::OnceLock;

use folio_lexicon::ingest::{expand_inputs, ingest};
use folio_lexicon::query::{fold, glob::Glob, hooks::hooks};
use folio_lexicon::{Policy, WordSet};
use proptest::prelude::*;

/// A word list as a set and as the plain list the oracle scans.
struct Words {
    set: WordSet,
    list: Vec<String>,
}

fn enable() -> Option<&'static Words> {
    static W: OnceLock<Option<Words>> = OnceLock::new();
    W.get_or_init(|| {
        let list: Vec<String> = folio_testdata::enable1()?
            .iter()
            .map(|w| String::from_utf8(w.to_ascii_uppercase()).unwrap())
            .collect();
        let set = WordSet::from_words(&list).unwrap();
        Some(Words { set, list })
    })
    .as_ref()
}

/// The policy the French set is built with.
fn french_policy() -> Policy {
    Policy {
        keep_diacritics: true,
        lang: Some("fr".into()),
        ..Policy::game()
    }
}

fn french() -> Option<&'static Words> {
    static W: OnceLock<Option<Words>> = OnceLock::new();
    W.get_or_init(|| {
        let book = folio_testdata::path("corpora/gutenberg/pg14155-madame-bovary.txt")?;
        let (inputs, skipped) = expand_inputs(&[book.into()]).unwrap();
        let run = ingest(&inputs, skipped, &french_policy(), &|_, _| {}).unwrap();
        let set = WordSet::from_bytes(run.built.set).unwrap();
        let list = folio_lexicon::query::export::words(&set).collect();
        Some(Words { set, list })
    })
    .as_ref()
}

/// The oracle: a backtracking matcher over characters for `?`, `*`, `[..]`, `[^..]`.
fn reference(p: &[char], w: &[char]) -> bool {
    match p.split_first() {
        None => w.is_empty(),
        Some(('*', rest)) => (0..=w.len()).any(|i| reference(rest, &w[i..])),
        Some(('?', rest)) => !w.is_empty() && reference(rest, &w[1..]),
        Some(('[', rest)) => {
            let end = rest.iter().position(|&c| c == ']').unwrap();
            let (neg, set) = match rest[..end].split_first() {
                Some(('^', s)) => (true, s),
                _ => (false, &rest[..end]),
            };
            !w.is_empty() && set.contains(&w[0]) != neg && reference(&rest[end + 1..], &w[1..])
        }
        Some((c, rest)) => w.first() == Some(c) && reference(rest, &w[1..]),
    }
}

fn scan(words: &[String], pattern: &str) -> Vec<String> {
    let p: Vec<char> = pattern.chars().collect();
    let mut v: Vec<String> = words
        .iter()
        .filter(|w| reference(&p, &w.chars().collect::<Vec<_>>()))
        .cloned()
        .collect();
    v.sort();
    v
}

/// A pattern made from `word` (so it matches something): each letter kept, made `?`, a
/// class holding it and `extra`, or a negated class of `extra` letters it is not; a suffix
/// may become `*`.
fn pattern_from(word: &str, choices: &[u8], extra: &[char], star_at: Option<usize>) -> String {
    let mut p = String::new();
    for (i, c) in word.chars().enumerate() {
        if star_at == Some(i) {
            p.push('*');
            return p;
        }
        let e = extra[i % extra.len()];
        match choices[i % choices.len()] % 4 {
            0 => p.push(c),
            1 => p.push('?'),
            2 => p.push_str(&format!("[{e}{c}]")),
            _ if e != c => p.push_str(&format!("[^{e}]")),
            _ => p.push(c),
        }
    }
    p
}

fn index() -> impl Strategy<Value = prop::sample::Index> {
    any::<prop::sample::Index>()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn enable_classes_agree_with_a_scan(
        i in index(),
        choices in prop::collection::vec(any::<u8>(), 1..8),
        extra in prop::collection::vec(prop::sample::select(('A'..='Z').collect::<Vec<_>>()), 1..4),
        star in prop::option::of(0usize..8),
    ) {
        let Some(e) = enable() else { return Ok(()) };
        let word = &e.list[i.index(e.list.len())];
        let pat = pattern_from(word, &choices, &extra, star);
        let got = Glob::parse(&Policy::game(), &pat).unwrap().search(&e.set).unwrap();
        prop_assert!(got.contains(word), "{} misses {}", pat, word);
        prop_assert_eq!(got, scan(&e.list, &pat), "{}", pat);
    }

    #[test]
    fn enable_hooks_agree_with_a_scan(i in index()) {
        let Some(e) = enable() else { return Ok(()) };
        let word = &e.list[i.index(e.list.len())];
        let h = hooks(&e.set, &Policy::game(), word).unwrap();
        let n = word.len();
        let front: String = e.list.iter()
            .filter(|w| w.len() == n + 1 && &w[1..] == word)
            .map(|w| w.chars().next().unwrap())
            .collect();
        let back: String = e.list.iter()
            .filter(|w| w.len() == n + 1 && w.starts_with(word.as_str()))
            .map(|w| w.chars().last().unwrap())
            .collect();
        prop_assert_eq!(&h.front, &front, "{}", word);
        prop_assert_eq!(&h.back, &back, "{}", word);
        prop_assert!(h.present);
    }

    #[test]
    fn french_classes_and_hooks_agree_with_a_scan(
        i in index(),
        choices in prop::collection::vec(any::<u8>(), 1..8),
        extra in prop::collection::vec(prop::sample::select(vec!['E', 'É', 'È', 'A', 'À', 'S']), 1..4),
        star in prop::option::of(0usize..8),
    ) {
        let Some(f) = french() else { return Ok(()) };
        let word = &f.list[i.index(f.list.len())];
        let pat = pattern_from(word, &choices, &extra, star);
        let got = Glob::parse(&french_policy(), &pat).unwrap().search(&f.set).unwrap();
        prop_assert!(got.contains(word), "{} misses {}", pat, word);
        prop_assert_eq!(got, scan(&f.list, &pat), "{}", pat);

        let h = hooks(&f.set, &french_policy(), word).unwrap();
        let wc: Vec<char> = word.chars().collect();
        let front: String = f.list.iter()
            .filter_map(|w| {
                let c: Vec<char> = w.chars().collect();
                (c.len() == wc.len() + 1 && c[1..] == wc[..]).then(|| c[0])
            })
            .collect();
        let back: String = f.list.iter()
            .filter_map(|w| {
                let c: Vec<char> = w.chars().collect();
                (c.len() == wc.len() + 1 && c[..wc.len()] == wc[..]).then(|| c[wc.len()])
            })
            .collect();
        prop_assert_eq!(&h.front, &front, "{}", word);
        prop_assert_eq!(&h.back, &back, "{}", word);
    }

    #[test]
    fn french_folded_lookups_agree_with_a_scan(i in index()) {
        let Some(f) = french() else { return Ok(()) };
        let word = &f.list[i.index(f.list.len())];
        // The query typed without accents, in lower case.
        let typed = fold::fold(word).unwrap().to_lowercase();
        let folded = fold::fold(&typed).unwrap();
        let got = fold::matches(&f.set, |k| k == folded.as_bytes());
        let want: Vec<String> = f.list.iter()
            .filter(|w| fold::fold(w).as_deref() == Some(folded.as_str()))
            .cloned()
            .collect();
        prop_assert!(got.contains(word));
        prop_assert_eq!(&got, &want);
        // A folded prefix: every key whose folded form starts with it.
        let pre: String = folded.chars().take(3).collect();
        let got = fold::matches(&f.set, |k| k.starts_with(pre.as_bytes()));
        let want: Vec<String> = f.list.iter()
            .filter(|w| fold::fold(w).is_some_and(|x| x.starts_with(&pre)))
            .cloned()
            .collect();
        prop_assert_eq!(got, want);
    }
}

/// ÉTÉ is found by `ete` only when accents are folded.
#[test]
fn french_ete_needs_folding() {
    let Some(f) = french() else { return };
    assert!(f.set.as_fst_set().contains("ÉTÉ"));
    assert!(!f.set.as_fst_set().contains("ETE"));
    assert_eq!(fold::matches(&f.set, |k| k == b"ETE"), ["ÉTÉ"]);
}
