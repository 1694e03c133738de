//! Producer notes of a Project Gutenberg book's front matter ("Transcriber's Note", "[Project
//! Gutenberg Editor's Note: …]", "This etext was produced from …") are the volunteers'
//! words: none of them reaches a word set (issue 13, point 4).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::common::folio;

/// `tests/data/lexicon/`.
fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/lexicon")
}

/// One row of `pg-notes.tsv`: a book, and the first and last line of a note in it.
struct Listed {
    book: String,
    first: usize,
    last: usize,
}

fn listed() -> Vec<Listed> {
    let tsv = std::fs::read_to_string(data().join("pg-notes.tsv")).unwrap();
    tsv.lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Listed {
                book: f[0].to_string(),
                first: f[1].parse().unwrap(),
                last: f[2].parse().unwrap(),
            }
        })
        .collect()
}

/// The line (from 1) holding byte `at`: LF, CRLF and lone CR end a line.
fn line_of(text: &str, at: usize) -> usize {
    let b = &text.as_bytes()[..at];
    1 + b
        .iter()
        .enumerate()
        .filter(|&(i, &c)| c == b'\n' || (c == b'\r' && b.get(i + 1) != Some(&b'\n')))
        .count()
}

/// The lines of `text` as the test reads them (LF, CRLF and lone CR end a line).
fn split_lines(text: &str) -> Vec<&str> {
    folio_core::script::lines::lines(text).collect()
}

/// The words of `text` as the test cuts them: runs of letters, in upper case.
fn words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_uppercase)
        .collect()
}

#[test]
fn the_shared_books_producer_notes_are_found_line_for_line() {
    let Some(dir) = folio_testdata::path("corpora/gutenberg") else {
        return;
    };
    let mut expected: BTreeSet<(String, usize, usize)> = listed()
        .into_iter()
        .map(|l| (l.book, l.first, l.last))
        .collect();
    let mut books = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        books += 1;
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        let (text, _) = folio_lexicon::ingest::decode::decode(&bytes).unwrap();
        let body = folio_lexicon::ingest::boilerplate::find_body(&text);
        for n in &body.notes {
            // A note runs from the start of its first line to the start of the line after it.
            let found = (
                name.clone(),
                line_of(&text, n.start),
                line_of(&text, n.end) - 1,
            );
            assert!(
                expected.remove(&found),
                "{name}: a note not listed in pg-notes.tsv: lines {}..={}",
                found.1,
                found.2
            );
        }
    }
    assert_eq!(books, 45, "the shared books");
    assert!(expected.is_empty(), "listed notes not found: {expected:?}");
}

#[test]
fn no_word_found_only_in_a_producer_note_reaches_the_books_set() {
    let Some(dir) = folio_testdata::path("corpora/gutenberg") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for l in listed() {
        let path = dir.join(&l.book);
        let bytes = std::fs::read(&path).unwrap();
        let (text, _) = folio_lexicon::ingest::decode::decode(&bytes).unwrap();
        let lines = split_lines(&text);
        let note = words(&lines[l.first - 1..l.last].join("\n"));
        let mut elsewhere = lines[..l.first - 1].join("\n");
        elsewhere.push('\n');
        elsewhere.push_str(&lines[l.last..].join("\n"));
        let elsewhere = words(&elsewhere);
        let only_in_note: Vec<&String> = note.difference(&elsewhere).collect();
        checked += only_in_note.len();

        // Proper nouns and diacritics kept: the widest game set a book gives.
        let out = tmp.path().join(&l.book);
        folio()
            .args([
                "ingest",
                "-q",
                "--keep-proper-nouns",
                "--keep-diacritics",
                "-o",
            ])
            .arg(&out)
            .arg(&path)
            .assert()
            .success();
        let exported = folio()
            .args(["words", "export", "--set"])
            .arg(&out)
            .output()
            .unwrap();
        let set: BTreeSet<String> = String::from_utf8(exported.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        let leaked: Vec<&&String> = only_in_note.iter().filter(|w| set.contains(**w)).collect();
        assert!(
            leaked.is_empty(),
            "{}: note words in the set: {leaked:?}",
            l.book
        );
    }
    // The check has teeth: the notes hold words found nowhere else in their books
    // (ETEXT, TRANSCRIBER, VERFUEGUNG, WYLLIE …).
    assert!(checked > 100, "words only in notes: {checked}");
}

#[test]
fn a_book_written_with_every_kind_of_note_keeps_only_its_own_words() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("notes");
    folio()
        .args(["ingest", "-q", "-o"])
        .arg(&out)
        .arg(data().join("producer-notes.txt"))
        .assert()
        .success();
    let exported = folio()
        .args(["words", "export", "--set"])
        .arg(&out)
        .output()
        .unwrap();
    let expected = std::fs::read_to_string(data().join("producer-notes.expected")).unwrap();
    // The author's "Note: the maps are at the end" stays; the credit, the bracketed and the
    // headed transcriber's notes, the HTML-version and file-naming notes go.
    assert_eq!(String::from_utf8(exported.stdout).unwrap(), expected);
}
