//! Partials and budgets (issue 21) on small generated books, against the oracle of one
//! in-memory ingest: any split of the books into partials, merged in any grouping and order,
//! and any memory budget, write the same three files, byte for byte.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use folio_lexicon::ingest::budget::{ingest_streamed, Streaming, Target};
use folio_lexicon::ingest::{expand_inputs, ingest, write_outputs};
use folio_lexicon::partial::{Merge, FAN_IN};
use folio_lexicon::set::OutputPaths;
use folio_lexicon::{Policy, Reading};
use proptest::prelude::*;

/// Words with upper-case forms, non-ASCII letters, keys over 24 bytes (stored apart by
/// ingest), possessives and a word the game policy drops.
const WORDS: &[&str] = &[
    "whale",
    "Whale",
    "WHALE",
    "whale's",
    "cat",
    "Cat",
    "café",
    "CAFÉ",
    "naïve",
    "a",
    "I",
    "Ishmael",
    "antidisestablishmentarianism",
    "Antidisestablishmentarianisms",
    "supercalifragilisticexpialidocious",
    "zebra",
    "zebras",
    "ok",
    "x4",
    "straße",
    "Ærø",
    "the",
    "The",
    "of",
    "sea",
    "Sea",
];

fn write_books(dir: &Path, books: &[Vec<usize>]) -> Vec<PathBuf> {
    books
        .iter()
        .enumerate()
        .map(|(i, words)| {
            let text: Vec<&str> = words.iter().map(|&w| WORDS[w % WORDS.len()]).collect();
            let p = dir.join(format!("book{i:03}.txt"));
            // Blank lines make each file's bytes its own (the words may repeat a book's):
            // a book copied under another name is counted once (its own test).
            std::fs::write(&p, text.join(" ") + &"\n".repeat(i + 1)).unwrap();
            p
        })
        .collect()
}

fn inputs_of(paths: &[PathBuf]) -> Vec<folio_lexicon::ingest::Input> {
    let args: Vec<OsString> = paths.iter().map(|p| p.clone().into_os_string()).collect();
    expand_inputs(&args).unwrap().0
}

/// The three files of one in-memory ingest of `books` into `out/g.fst`.
fn oracle(books: &[PathBuf], policy: &Policy, out: &Path) -> Vec<Vec<u8>> {
    std::fs::create_dir_all(out).unwrap();
    let run = ingest(&inputs_of(books), Vec::new(), policy, &|_, _| {}).unwrap();
    let paths = OutputPaths::for_set(&out.join("g.fst"));
    write_outputs(&paths, &run).unwrap();
    read3(out)
}

fn read3(out: &Path) -> Vec<Vec<u8>> {
    ["g.fst", "g.counts.fst", "g.json"]
        .iter()
        .map(|f| std::fs::read(out.join(f)).unwrap())
        .collect()
}

fn streaming(memory: Option<u64>, scratch: &Path) -> Streaming {
    Streaming {
        memory,
        scratch: scratch.to_path_buf(),
        reading: Reading::Map,
    }
}

fn partial(books: &[PathBuf], policy: &Policy, memory: Option<u64>, out: &Path, tmp: &Path) {
    ingest_streamed(
        &inputs_of(books),
        Vec::new(),
        policy,
        &streaming(memory, tmp),
        Target::Partial(out),
        &|_, _| {},
    )
    .unwrap();
}

/// The three files of one budgeted ingest (`memory` bytes) of `books` into `out/g.fst`.
fn budgeted(
    books: &[PathBuf],
    policy: &Policy,
    memory: Option<u64>,
    out: &Path,
    tmp: &Path,
) -> Vec<Vec<u8>> {
    std::fs::create_dir_all(out).unwrap();
    ingest_streamed(
        &inputs_of(books),
        Vec::new(),
        policy,
        &streaming(memory, tmp),
        Target::Set(&OutputPaths::for_set(&out.join("g.fst"))),
        &|_, _| {},
    )
    .unwrap();
    read3(out)
}

/// One partial per book, `d/p{i}.part`, unbounded.
fn one_partial_each(books: &[PathBuf], policy: &Policy, d: &Path) -> Vec<PathBuf> {
    books
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let p = d.join(format!("p{i}.part"));
            partial(std::slice::from_ref(f), policy, None, &p, d);
            p
        })
        .collect()
}

fn merged(parts: &[PathBuf], policy: &Policy, out: &Path, tmp: &Path) -> Vec<Vec<u8>> {
    std::fs::create_dir_all(out).unwrap();
    let m = Merge::open(parts, tmp).unwrap();
    m.write_outputs(policy, &OutputPaths::for_set(&out.join("g.fst")), tmp)
        .unwrap();
    read3(out)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn any_split_grouping_and_budget_gives_one_ingest(
        books in proptest::collection::vec(proptest::collection::vec(0..WORDS.len(), 1..40), 1..9),
        groups in proptest::collection::vec(0..4usize, 9),
        min_count in 1u64..4,
        min_books in 1usize..4,
        raw in any::<bool>(),
        tiny_budget in any::<bool>(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let files = write_books(d, &books);
        let mut policy = if raw { Policy::raw() } else { Policy::game() };
        policy.min_count = min_count;
        policy.min_books = min_books.min(files.len());
        let want = oracle(&files, &policy, &d.join("oracle"));

        // Budgeted ingest (a budget of one byte: every book is a run of its own).
        let budget = if tiny_budget { Some(1) } else { Some(1 << 30) };
        let got = budgeted(&files, &policy, budget, &d.join("budget"), d);
        prop_assert!(got == want, "budget {budget:?}");

        // The books split into groups, each a partial.
        let mut parts = Vec::new();
        for g in 0..4 {
            let group: Vec<PathBuf> = files
                .iter()
                .zip(&groups)
                .filter(|(_, &x)| x == g)
                .map(|(f, _)| f.clone())
                .collect();
            if group.is_empty() {
                continue;
            }
            let p = d.join(format!("g{g}.part"));
            partial(&group, &policy, tiny_budget.then_some(1), &p, d);
            parts.push(p);
        }
        prop_assert!(merged(&parts, &policy, &d.join("m1"), d) == want, "flat");
        parts.reverse();
        prop_assert!(merged(&parts, &policy, &d.join("m2"), d) == want, "reversed");
        // A tree: the first two merged into a partial first.
        if parts.len() > 2 {
            let node = d.join("node.part");
            Merge::open(&parts[..2], d).unwrap().write_partial(&node).unwrap();
            let mut rest = vec![node];
            rest.extend(parts[2..].iter().cloned());
            rest.rotate_left(1);
            prop_assert!(merged(&rest, &policy, &d.join("m3"), d) == want, "tree");
        }
    }
}

#[test]
fn more_partials_than_the_fan_in_merge_in_passes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let n = FAN_IN * 2 + 5;
    let books: Vec<Vec<usize>> = (0..n).map(|i| vec![i, i * 7 + 1, i % 3]).collect();
    let files = write_books(d, &books);
    let mut policy = Policy::game();
    policy.min_books = 2;
    let want = oracle(&files, &policy, &d.join("oracle"));
    let parts = one_partial_each(&files, &policy, d);
    assert!(merged(&parts, &policy, &d.join("m"), d) == want);
    // The passes' temporary partials are gone with the merge.
    let left = std::fs::read_dir(d)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with("folio-")
        })
        .count();
    assert_eq!(left, 0);
}

/// A token whose key would pass `MAX_KEY_LEN` characters is no key on any path: the in-memory
/// ingest, a budget (every book a run) and partials merged write the same bytes, and no
/// count (a book's `distinct_words`, the totals) includes it, while a key of exactly
/// `MAX_KEY_LEN` is counted. (Such a token once reached the runs, and past the partials'
/// `MAX_KEY` bytes failed every `--memory` and `--partial` run; the binary's test of a
/// 16 MiB + 1 token is `a_token_past_a_partials_key_cap_gives_the_in_memory_outputs`.)
#[test]
fn a_token_past_the_longest_key_is_no_key_on_any_path() {
    use folio_lexicon::policy::MAX_KEY_LEN;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let at = "b".repeat(MAX_KEY_LEN);
    let past = "a".repeat(MAX_KEY_LEN + 1);
    let files = vec![d.join("one.txt"), d.join("two.txt")];
    std::fs::write(&files[0], format!("the whale {past} {at}\n")).unwrap();
    std::fs::write(&files[1], format!("the sea {past}\n")).unwrap();
    for policy in [Policy::game(), Policy::raw()] {
        let want = oracle(&files, &policy, &d.join("oracle"));
        let manifest: serde_json::Value = serde_json::from_slice(&want[2]).unwrap();
        // THE WHALE and the key at the limit; THE SEA: the longer token is not a key.
        assert_eq!(manifest["inputs"][0]["distinct_words"], 3);
        assert_eq!(manifest["inputs"][1]["distinct_words"], 2);
        assert_eq!(manifest["totals"]["distinct_words"], 4);
        assert_eq!(manifest["totals"]["tokens"], 7);

        assert!(
            budgeted(&files, &policy, Some(1), &d.join("budget"), d) == want,
            "{}",
            policy.spelling()
        );
        let parts = one_partial_each(&files, &policy, d);
        assert!(merged(&parts, &policy, &d.join("m"), d) == want);
    }
}

/// A book copied under another name counts once on every path: the in-memory ingest, a
/// budget and one partial of both skip the copy alike (the same bytes written); partials
/// holding one name each cannot take the copy out of their sums, so their merge is
/// refused, naming both books and both partials.
#[test]
fn a_copy_under_another_name_is_one_book_on_every_path() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let files = write_books(d, &[vec![0, 4, 15], vec![5, 6]]);
    let copy = d.join("copy.txt");
    std::fs::copy(&files[0], &copy).unwrap();
    let all = vec![files[0].clone(), files[1].clone(), copy.clone()];
    let policy = Policy::game();
    let want = oracle(&all, &policy, &d.join("oracle"));
    // The set and counts of the books without the copy; the manifest names it skipped.
    assert!(want[..2] == oracle(&files, &policy, &d.join("without"))[..2]);
    let m: serde_json::Value = serde_json::from_slice(&want[2]).unwrap();
    assert_eq!(m["totals"]["inputs"], 2);
    assert_eq!(m["skipped"][0]["path"], copy.display().to_string());
    assert!(budgeted(&all, &policy, Some(1), &d.join("budget"), d) == want);
    let both = d.join("both.part");
    partial(&all, &policy, Some(1), &both, d);
    assert!(merged(&[both], &policy, &d.join("m"), d) == want);

    let (p1, p2) = (d.join("p1.part"), d.join("p2.part"));
    partial(&files, &policy, None, &p1, d);
    partial(std::slice::from_ref(&copy), &policy, None, &p2, d);
    let err = Merge::open(&[p1, p2.clone()], d).err().expect("refused");
    let msg = err.to_string();
    assert!(matches!(err, folio_lexicon::Error::Partial { .. }), "{msg}");
    assert!(msg.starts_with(&format!("{}: ", p2.display())), "{msg}");
    assert!(
        msg.contains("copy.txt") && msg.contains("book000.txt"),
        "{msg}"
    );
    assert!(msg.contains("p1.part"), "{msg}");
}

/// A book large for the budget is counted in pieces (1 MiB of text at a time at small
/// budgets, cut at whitespace), each piece added to the batch and written in runs as books
/// are: the outputs are still those of the in-memory ingest, byte for byte. The book's words
/// repeat across the pieces; `Ishmael` is written capitalised only in its first piece and in
/// lower case only in its last (the evidence that keeps it a common word joins across
/// runs); a key over 24 bytes (stored apart) is in every piece; the other book shares
/// words with it (the books map counts the big book once per key); `distinct_words` and
/// `tokens` of the book are the whole book's. Through a partial too (its header written
/// before its records: the distinct keys counted by a pass of their own).
#[test]
fn a_book_counted_in_pieces_gives_the_in_memory_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut text = String::new();
    let mut i = 0u64;
    while text.len() < 3_600_000 {
        // Made-up words: many distinct ones, each piece with its own and some shared.
        let mut n = i * 7919 % 200_003;
        let mut w = String::from("q");
        while n > 0 {
            w.push(char::from(b'a' + (n % 26) as u8));
            n /= 26;
        }
        text.push_str(&w);
        text.push(' ');
        if i.is_multiple_of(50) {
            text.push_str("the Whale whale's antidisestablishmentarianisms ");
        }
        if i == 10 {
            text.push_str("Ishmael ");
        }
        if i % 12 == 11 {
            text.push('\n');
        }
        if i % 600 == 599 {
            text.push('\n');
        }
        i += 1;
    }
    text.push_str(" ishmael Zanzibar\n");
    let big = d.join("big.txt");
    let small = d.join("small.txt");
    std::fs::write(&big, &text).unwrap();
    std::fs::write(&small, "the whale Ishmael qb qc Zanzibar zebra\n").unwrap();
    let files = vec![big, small];
    let rules = Policy {
        min_books: 2,
        ..Policy::game()
    };
    // Counted in pieces indeed: the big book alone fills several runs.
    let run = ingest_streamed(
        &inputs_of(&files[..1]),
        Vec::new(),
        &Policy::game(),
        &streaming(Some(1), d),
        Target::Set(&OutputPaths::for_set(&d.join("g.fst"))),
        &|_, _| {},
    )
    .unwrap();
    assert!(run.runs >= 3, "{} runs", run.runs);
    for policy in [Policy::game(), rules, Policy::raw()] {
        let want = oracle(&files, &policy, &d.join("oracle"));
        let manifest: serde_json::Value = serde_json::from_slice(&want[2]).unwrap();
        assert!(manifest["inputs"][0]["distinct_words"].as_u64().unwrap() > 100_000);
        for memory in [1, 2 << 20, 64 << 20] {
            assert!(
                budgeted(&files, &policy, Some(memory), &d.join("budget"), d) == want,
                "{} at {memory}",
                policy.spelling()
            );
        }
        // The big book in pieces as a partial of its own, merged with the other's.
        let parts = [d.join("big.part"), d.join("small.part")];
        for (f, p) in files.iter().zip(&parts) {
            partial(std::slice::from_ref(f), &policy, Some(1), p, d);
        }
        assert!(merged(&parts, &policy, &d.join("m"), d) == want);
    }
}
