//! Queries over ENABLE (`wordlists/enable1.txt`) agree with a brute-force scan of the text
//! list: from-rack, anagram, pattern, regex and fuzzy, on generated queries (proptest).
//!
//! ENABLE is imported once per test binary (a `OnceLock`); each property scans the list once
//! per case, so the case counts are kept to a few hundred.

use std::sync::OnceLock;

use folio_lexicon::query::import::{ImportList, ImportOptions};
use folio_lexicon::query::pattern::Pattern;
use folio_lexicon::query::rack::{self, LetterValues, Rack};
use folio_lexicon::query::regex::WholeWordRegex;
use folio_lexicon::query::{self, anagram};
use folio_lexicon::{Policy, WordSet};

/// English tile values, A to Z (the standard set; the oracle's own copy).
const ENGLISH: [u32; 26] = [
    1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10,
];

fn english() -> LetterValues {
    LetterValues::from_pairs((b'A'..=b'Z').zip(ENGLISH))
}
use proptest::prelude::*;

struct Enable {
    set: WordSet,
    /// The text list's lines, upper-cased: the brute-force reference.
    lines: Vec<String>,
    /// Letter counts of each line, for the rack scan.
    letter_counts: Vec<[u8; 26]>,
}

fn enable() -> Option<&'static Enable> {
    static ENABLE: OnceLock<Option<Enable>> = OnceLock::new();
    ENABLE
        .get_or_init(|| {
            let path = folio_testdata::path("wordlists/enable1.txt")?;
            let bytes = std::fs::read(path).expect("read ENABLE");
            let list = ImportList::parse(&bytes, &Policy::game(), &ImportOptions::default());
            let set = WordSet::from_words(&list.keys).expect("build set");
            let text = String::from_utf8(bytes).expect("ENABLE is ASCII");
            let lines: Vec<String> = text
                .lines()
                .map(|l| l.trim().to_ascii_uppercase())
                .filter(|l| !l.is_empty())
                .collect();
            let letter_counts = lines
                .iter()
                .map(|w| {
                    let mut c = [0u8; 26];
                    for b in w.bytes() {
                        c[usize::from(b - b'A')] += 1;
                    }
                    c
                })
                .collect();
            Some(Enable {
                set,
                lines,
                letter_counts,
            })
        })
        .as_ref()
}

/// A letter, drawn with roughly English frequencies so queries find words.
fn letter() -> impl Strategy<Value = char> {
    prop::sample::select(
        "EEEEAAAIIIOOONNRRTTLLSSUDGBCMPFHVWYKJXQZ"
            .chars()
            .collect::<Vec<_>>(),
    )
}

/// A word of the list, as a seed for queries that should match something.
fn list_word() -> impl Strategy<Value = String> {
    any::<prop::sample::Index>().prop_map(|i| {
        let e = enable().expect("ENABLE is loaded before strategies run");
        e.lines[i.index(e.lines.len())].clone()
    })
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Brute force for racks: per word, the letters the rack lacks must be covered by blanks;
/// the score counts the letters covered by real tiles.
fn brute_rack(
    e: &Enable,
    tiles: &str,
    blanks: usize,
    exact: bool,
    min_len: usize,
) -> Vec<(String, u32)> {
    let mut have = [0usize; 26];
    for b in tiles.bytes() {
        have[usize::from(b - b'A')] += 1;
    }
    let n_tiles = tiles.len() + blanks;
    let mut out: Vec<(String, u32)> = e
        .lines
        .iter()
        .zip(&e.letter_counts)
        .filter(|(w, _)| {
            if exact {
                w.len() == n_tiles
            } else {
                w.len() >= min_len.max(1) && w.len() <= n_tiles
            }
        })
        .filter_map(|(w, need)| {
            let mut missing = 0;
            let mut score = 0;
            for i in 0..26 {
                let need = usize::from(need[i]);
                missing += need.saturating_sub(have[i]);
                score += ENGLISH[i] * need.min(have[i]) as u32;
            }
            (missing <= blanks).then(|| (w.clone(), score))
        })
        .collect();
    out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    out.dedup();
    out
}

/// Brute force for patterns: a backtracking glob matcher.
fn glob(p: &[u8], w: &[u8]) -> bool {
    match p.split_first() {
        None => w.is_empty(),
        Some((b'*', rest)) => (0..=w.len()).any(|i| glob(rest, &w[i..])),
        Some((b'?', rest)) => !w.is_empty() && glob(rest, &w[1..]),
        Some((c, rest)) => w.first() == Some(c) && glob(rest, &w[1..]),
    }
}

#[test]
fn anagram_of_aeinrst() {
    let Some(e) = enable() else { return };
    let r = Rack::parse(&Policy::game(), "aeinrst").unwrap();
    let got: Vec<_> = anagram::anagrams(&e.set, &r, &english())
        .into_iter()
        .map(|w| w.word)
        .collect();
    assert_eq!(
        got,
        [
            "ANESTRI", "ANTSIER", "NASTIER", "RATINES", "RETAINS", "RETINAS", "RETSINA", "STAINER",
            "STEARIN"
        ]
    );
    assert_eq!(e.set.len(), 172_820);
}

proptest! {
    #![proptest_config(config(200))]

    #[test]
    fn from_rack_and_anagram_agree_with_a_scan(
        tiles in prop::collection::vec(letter(), 1..8),
        blanks in 0usize..=2,
        min_len in 1usize..4,
    ) {
        let Some(e) = enable() else { return Ok(()) };
        let tiles: String = tiles.into_iter().collect();
        let rack_text = format!("{}{}", tiles.to_lowercase(), "?".repeat(blanks));
        let r = Rack::parse(&Policy::game(), &rack_text).unwrap();
        let got: Vec<_> = rack::from_rack(&e.set, &r, min_len, &english()).into_iter().map(|w| (w.word, w.score)).collect();
        prop_assert_eq!(got, brute_rack(e, &tiles, blanks, false, min_len));
        let got: Vec<_> = anagram::anagrams(&e.set, &r, &english()).into_iter().map(|w| (w.word, w.score)).collect();
        prop_assert_eq!(got, brute_rack(e, &tiles, blanks, true, 0));
    }

    #[test]
    fn pattern_agrees_with_a_scan(
        seed in list_word(),
        edits in prop::collection::vec((0usize..16, 0u8..4, letter()), 1..4),
    ) {
        let Some(e) = enable() else { return Ok(()) };
        // Start from a real word and put wildcards (or other letters) into it.
        let mut p: Vec<u8> = seed.into_bytes();
        for (pos, kind, c) in edits {
            let i = pos % (p.len() + 1);
            match kind {
                0 if i < p.len() => p[i] = b'?',
                1 if i < p.len() => p[i] = b'*',
                2 => p.insert(i, b'*'),
                _ if i < p.len() => p[i] = c as u8,
                _ => p.push(b'?'),
            }
        }
        let text = String::from_utf8(p.clone()).unwrap().to_lowercase();
        let pat = Pattern::parse(&Policy::game(), &text).unwrap();
        let got = query::search(&e.set, &pat);
        // Cheap length bounds first: without `*` the length is exact.
        let fixed = p.iter().filter(|&&b| b != b'*').count();
        let open = p.contains(&b'*');
        let mut want: Vec<_> = e
            .lines
            .iter()
            .filter(|w| if open { w.len() >= fixed } else { w.len() == fixed })
            .filter(|w| glob(&p, w.as_bytes()))
            .cloned()
            .collect();
        want.sort();
        prop_assert_eq!(got, want, "pattern {}", text);
    }

    #[test]
    fn regex_agrees_with_a_scan(
        atoms in prop::collection::vec((0u8..6, letter(), letter(), 0u8..5), 1..6),
    ) {
        let Some(e) = enable() else { return Ok(()) };
        let mut re = String::new();
        for (kind, a, b, quant) in atoms {
            let (a, b) = (a.to_ascii_lowercase(), b.to_ascii_lowercase());
            match kind {
                0 | 1 => re.push(a),
                2 => re.push('.'),
                3 => re.push_str(&format!("[{a}{b}]")),
                4 => re.push_str(&format!("[^{a}{b}]")),
                _ => re.push_str(&format!("({a}|{b}{a})")),
            }
            re.push_str(["", "*", "+", "?", "{1,2}"][usize::from(quant)]);
        }
        let dfa = WholeWordRegex::new(&re).unwrap();
        let got = dfa.search(&e.set).unwrap();
        // The reference: regex-automata's meta engine, a different matcher, on every line.
        let meta = regex_automata::meta::Regex::builder()
            .syntax(regex_automata::util::syntax::Config::new().case_insensitive(true))
            .build(&format!("^(?:{re})$"))
            .unwrap();
        let mut want: Vec<_> = e.lines.iter().filter(|w| meta.is_match(w.as_str())).cloned().collect();
        want.sort();
        prop_assert_eq!(got, want, "regex {}", re);
    }
}

proptest! {
    #![proptest_config(config(200))]

    #[test]
    fn fuzzy_agrees_with_a_scan(
        seed in list_word(),
        edit in (0usize..16, letter()),
        k in 0u32..=2,
    ) {
        let Some(e) = enable() else { return Ok(()) };
        let mut q = seed.into_bytes();
        let i = edit.0 % q.len();
        q[i] = edit.1 as u8;
        let q = String::from_utf8(q).unwrap();
        let got: Vec<_> = query::fuzzy(&e.set, &Policy::game(), &q.to_lowercase(), k)
            .unwrap()
            .into_iter()
            .map(|m| (m.word, m.distance))
            .collect();
        let k = k as usize;
        let mut want: Vec<_> = e
            .lines
            .iter()
            .filter(|w| w.len().abs_diff(q.len()) <= k)
            .map(|w| (w.clone(), query::levenshtein(q.as_bytes(), w.as_bytes())))
            .filter(|(_, d)| *d <= k)
            .collect();
        want.sort();
        prop_assert_eq!(got, want, "fuzzy {} -d {}", q, k);
    }
}
