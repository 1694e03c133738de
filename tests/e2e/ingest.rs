//! End-to-end tests of `folio ingest`: bad input and exit codes on small files, and the
//! acceptance of issue 2 on the shared corpus (few runs: each full ingest costs seconds).

use std::path::{Path, PathBuf};

use folio_core::Lexicon;
use folio_lexicon::WordSet;

use crate::common::folio;

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn stderr_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs `folio ingest --quiet INPUT -o DIR/OUT EXTRA...`, which must succeed.
fn ingest_one(input: &Path, dir: &Path, out: &str, extra: &[&str]) {
    folio()
        .args(["ingest", "--quiet"])
        .arg(input)
        .arg("-o")
        .arg(dir.join(out))
        .args(extra)
        .assert()
        .success();
}

/// Asserts that the files `a` and `b` in `dir` hold the same bytes.
fn assert_same_bytes(dir: &Path, a: &str, b: &str) {
    assert_eq!(
        std::fs::read(dir.join(a)).unwrap(),
        std::fs::read(dir.join(b)).unwrap(),
        "{a} and {b} differ"
    );
}

const BOOK: &[u8] = b"The Project Gutenberg EBook of Moby Dick\r\n\
*** START OF THIS PROJECT GUTENBERG EBOOK MOBY DICK ***\r\n\
Call me Ishmael. The whale\xe2\x80\x99s harpoon; the whale.\r\n\
*** END OF THIS PROJECT GUTENBERG EBOOK MOBY DICK ***\r\n\
license gutenberg ebook\r\n";

#[test]
fn a_missing_path_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = folio()
        .args(["ingest", "no-such-book.txt", "-o"])
        .arg(dir.path().join("g.fst"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("no-such-book.txt"),
        "{}",
        stderr_of(&out)
    );
    assert!(!dir.path().join("g.fst").exists());
}

/// A link to nothing inside a folder is skipped with a warning, as `folio play` skips one,
/// and the other books are read (before, the whole run stopped, exit 2); named on the
/// command line, it is still an error naming it. A FIFO in the folder is skipped too.
#[cfg(unix)]
#[test]
fn a_link_to_nothing_in_a_folder_is_skipped_but_named_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("dl")).unwrap();
    write(&d.join("dl"), "book.txt", BOOK);
    std::os::unix::fs::symlink("/nonexistent", d.join("dl/stale.txt")).unwrap();
    let made_fifo = std::process::Command::new("mkfifo")
        .arg(d.join("dl/pipe.txt"))
        .status()
        .is_ok_and(|s| s.success());
    let out = folio()
        .current_dir(d)
        .args(["ingest", "-q", "dl", "-o", "dl.fst"])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("folio: warning: dl/stale.txt: skipped: a symbolic link to nothing"),
        "{err}"
    );
    if made_fifo {
        assert!(
            err.contains("dl/pipe.txt: skipped: not a regular file"),
            "{err}"
        );
    }
    let set = WordSet::open(d.join("dl.fst")).unwrap();
    assert!(set.contains(b"WHALE"));

    let out = folio()
        .current_dir(d)
        .args(["ingest", "-q", "dl/stale.txt", "-o", "named.fst"])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("dl/stale.txt: No such file"), "{err}");
    assert!(!d.join("named.fst").exists());
}

#[test]
fn empty_binary_and_txt_less_inputs_are_skipped_and_nothing_usable_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let empty = write(d, "empty.txt", b"");
    let binary = write(d, "photo.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR");
    let nodir = d.join("notes");
    std::fs::create_dir(&nodir).unwrap();
    write(&nodir, "readme.md", b"not a book");
    for input in [&empty, &binary, &nodir] {
        let out = folio()
            .arg("ingest")
            .arg(input)
            .arg("-o")
            .arg(d.join("g.fst"))
            .output()
            .unwrap();
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(2), "{}: {err}", input.display());
        assert!(err.contains(&input.display().to_string()), "{err}");
        assert!(err.contains("nothing usable"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    assert!(!d.join("g.fst").exists());

    // Beside a real book, the binary file is skipped with a warning and recorded.
    let book = write(d, "book.txt", BOOK);
    let out = folio()
        .arg("ingest")
        .args([&book, &binary])
        .arg("-o")
        .arg(d.join("g.fst"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("photo.txt: skipped: binary"),
        "{}",
        stderr_of(&out)
    );
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(d.join("g.json")).unwrap()).unwrap();
    assert_eq!(manifest["inputs"].as_array().unwrap().len(), 1);
    assert_eq!(manifest["skipped"][0]["path"], binary.display().to_string());
}

/// A folder is walked for `.txt` files only; one holding only HTML (or EPUB) books says how
/// many it holds and that naming them reads them, rather than just "no .txt file".
#[test]
fn a_folder_of_html_books_says_to_name_them() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let html = b"<html><body><p>Call me Ishmael. The whale.</p></body></html>";
    let hf = d.join("hf2");
    std::fs::create_dir(&hf).unwrap();
    write(&hf, "a.htm", html);
    let run = |input: &str| {
        folio()
            .current_dir(d)
            .args(["ingest", input, "-o", "h.fst"])
            .output()
            .unwrap()
    };
    let out = run("hf2");
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains(
            "hf2: folder holds no .txt file (1 .htm file: name it to ingest it as an HTML book)"
        ),
        "{}",
        stderr_of(&out)
    );
    write(&hf, "b.htm", html);
    write(&hf, "c.epub", b"PK");
    let out = run("hf2");
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains(
            "hf2: folder holds no .txt file (1 .epub file, 2 .htm files: name them to ingest \
             them as HTML and EPUB books)"
        ),
        "{}",
        stderr_of(&out)
    );
    // Named, as the hint says, an HTML book is read.
    let out = run("hf2/a.htm");
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(WordSet::open(d.join("h.fst")).unwrap().contains(b"WHALE"));
    // Beside .txt books they are not read either, and the run says so.
    write(&hf, "d.txt", b"Call me Ishmael.");
    let out = run("hf2");
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains(
            "hf2: skipped: its books other than .txt (1 .epub file, 2 .htm files: name them \
             to ingest them as HTML and EPUB books)"
        ),
        "{}",
        stderr_of(&out)
    );
    assert!(!WordSet::open(d.join("h.fst")).unwrap().contains(b"WHALE"));
}

#[test]
fn a_book_gives_a_set_counts_and_manifest() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let book = write(d, "moby.txt", BOOK);
    let out = folio()
        .arg("ingest")
        .arg(&book)
        .arg("-o")
        .arg(d.join("moby.fst"))
        .arg("--json")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["inputs"], 1);
    assert_eq!(summary["count"], 4); // CALL ME THE WHALE HARPOON minus capitalised-only CALL
    let set = WordSet::open(d.join("moby.fst")).unwrap();
    set.verify().unwrap();
    for w in ["ME", "THE", "WHALE", "HARPOON"] {
        assert!(set.contains(w.as_bytes()), "{w}");
    }
    for w in ["ISHMAEL", "CALL", "GUTENBERG", "EBOOK", "LICENSE", "MOBY"] {
        assert!(!set.contains(w.as_bytes()), "{w}");
    }
    let counts =
        folio_lexicon::fst::Map::new(std::fs::read(d.join("moby.counts.fst")).unwrap()).unwrap();
    assert_eq!(counts.get("WHALE"), Some(2));
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(d.join("moby.json")).unwrap()).unwrap();
    let input = &manifest["inputs"][0];
    assert_eq!(input["path"], book.display().to_string());
    assert_eq!(input["encoding"], "utf-8");
    assert_eq!(input["boilerplate"], "markers");
    assert_eq!(input["tokens"], 8);
    assert_eq!(manifest["policy"]["name"], "game");
    assert_eq!(manifest["policy"]["max_len"], 15);
}

#[test]
fn stdin_and_policy_options() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = folio()
        .args([
            "ingest",
            "-",
            "--quiet",
            "--keep-proper-nouns",
            "--min-len",
            "4",
            "-o",
        ])
        .arg(d.join("s.fst"))
        .write_stdin("Darcy met the whale in London; Darcy’s whale.")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(out.stderr.is_empty(), "--quiet: {}", stderr_of(&out));
    let set = WordSet::open(d.join("s.fst")).unwrap();
    let words: Vec<String> = set.as_fst_set().stream().into_strs().unwrap();
    assert_eq!(words, ["DARCY", "LONDON", "WHALE"]);

    let out = folio()
        .args(["ingest", "-", "--quiet", "--policy", "raw", "-o"])
        .arg(d.join("r.fst"))
        .write_stdin("Don’t 1,000 x")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let set = WordSet::open(d.join("r.fst")).unwrap();
    let words: Vec<String> = set.as_fst_set().stream().into_strs().unwrap();
    assert_eq!(words, ["1,000", "DON'T", "X"]);
}

/// Options that would do nothing or leave the set empty by construction are usage errors
/// (exit 2) naming the options and why, before any book is read or any output written.
/// `--min-books` is checked against the books actually read, not the inputs named: a book
/// named twice is read once and an empty one is skipped, and neither may turn the run into
/// an empty set written with exit 0.
#[test]
fn min_books_counts_the_books_read() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let a = write(d, "a.txt", BOOK);
    let empty = write(d, "empty.txt", b"");
    let out = d.join("s.fst");
    let twice = d.join(".").join("a.txt");
    for inputs in [[&a, &a], [&a, &twice], [&a, &empty]] {
        let o = folio()
            .args(["ingest", "--quiet", "--min-books", "2"])
            .args(inputs)
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap();
        let err = stderr_of(&o);
        assert_eq!(o.status.code(), Some(2), "{inputs:?}: {err}");
        assert!(
            err.contains("--min-books 2 but only 1 book was read"),
            "{inputs:?}: {err}"
        );
        assert!(!out.exists(), "{inputs:?} wrote {}", out.display());
    }
}

/// A book that yields no word gives an empty set with a warning, shown even with --quiet:
/// the run is not an error, but nobody should miss that every word will be refused.
#[test]
fn an_empty_set_is_warned_about() {
    let dir = tempfile::tempdir().unwrap();
    let book = write(dir.path(), "punct.txt", b"!!! ??? ... --- 1234\n");
    let out = dir.path().join("p.fst");
    let o = folio()
        .args(["ingest", "--quiet"])
        .arg(&book)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    let err = stderr_of(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains(
            "p.fst: the word set is empty: no word of the books passed the game policy \
             (1 word read)"
        ),
        "{err}"
    );
    // A set with words gets no such warning.
    let o = folio()
        .args(["ingest", "--quiet"])
        .arg(write(dir.path(), "a.txt", BOOK))
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(!stderr_of(&o).contains("empty"), "{}", stderr_of(&o));
}

#[test]
fn options_that_make_no_sense_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let a = write(d, "a.txt", BOOK);
    // Another book with the same words (a copy of the same bytes would be one book).
    let b = write(d, "b.txt", &[BOOK, b"\n"].concat());
    let out = d.join("s.fst");
    let cases: &[(&[&str], &str)] = &[
        (
            &["--policy", "raw", "--keep-diacritics"],
            "--keep-diacritics does nothing with --policy raw",
        ),
        (
            &["--policy", "raw", "--keep-proper-nouns"],
            "--keep-proper-nouns does nothing with --policy raw",
        ),
        (
            &["--min-books", "3"],
            "--min-books 3 but only 2 books are given",
        ),
        (
            &["--min-len", "0"],
            "invalid value '0' for '--min-len <N>': must be at least 1",
        ),
        (
            &["--min-len", "5", "--max-len", "4"],
            "--min-len 5 is more than --max-len 4: no word could be kept",
        ),
        (
            &["--min-len", "16"],
            "--min-len 16 is more than --max-len 15 (the policy's default)",
        ),
        (
            &["--min-count", "0"],
            "invalid value '0' for '--min-count <N>': must be at least 1",
        ),
        (
            &["--min-books", "0"],
            "invalid value '0' for '--min-books <N>': must be at least 1",
        ),
    ];
    for (opts, why) in cases {
        let o = folio()
            .arg("ingest")
            .args([&a, &b])
            .args(*opts)
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap();
        let err = stderr_of(&o);
        assert_eq!(o.status.code(), Some(2), "{opts:?}: {err}");
        assert!(err.contains(why), "{opts:?}: {err}");
        assert!(!out.exists(), "{opts:?} wrote {}", out.display());
    }
    // The same options where they make sense run.
    for opts in [
        &["--min-books", "2", "--min-count", "2"][..],
        &["--policy", "raw", "--min-len", "16"],
    ] {
        folio()
            .args(["ingest", "--quiet"])
            .args([&a, &b])
            .args(opts)
            .arg("-o")
            .arg(&out)
            .assert()
            .code(0);
    }
}

#[test]
fn a_failed_run_keeps_the_previous_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let book = write(d, "moby.txt", BOOK);
    let set = d.join("g.fst");
    folio()
        .arg("ingest")
        .arg(&book)
        .arg("-o")
        .arg(&set)
        .assert()
        .success();
    let before: Vec<Vec<u8>> = ["g.fst", "g.counts.fst", "g.json"]
        .iter()
        .map(|f| std::fs::read(d.join(f)).unwrap())
        .collect();
    let empty = write(d, "empty.txt", b"");
    folio()
        .arg("ingest")
        .arg(&empty)
        .arg("-o")
        .arg(&set)
        .assert()
        .code(2);
    let after: Vec<Vec<u8>> = ["g.fst", "g.counts.fst", "g.json"]
        .iter()
        .map(|f| std::fs::read(d.join(f)).unwrap())
        .collect();
    assert_eq!(before, after);
    // Writing into a folder that does not exist fails cleanly, naming it.
    let out = folio()
        .arg("ingest")
        .arg(&book)
        .arg("-o")
        .arg(d.join("missing/g.fst"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("missing"), "{}", stderr_of(&out));
}

fn ingest_corpus(files: &[PathBuf], out: &Path, threads: &str) {
    let o = folio()
        .arg("ingest")
        .args(files)
        .args(["--quiet", "-o"])
        .arg(out)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
}

/// Issue 2 acceptance on the 45 shared books, in two runs: 2 threads in the folder's order,
/// and 1 thread in reverse order. Both must write the same bytes.
#[test]
fn shared_corpus_acceptance_and_determinism() {
    let Some(books) = folio_testdata::path("corpora/gutenberg") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let a = d.join("a/g.fst");
    let b = d.join("b/g.fst");
    std::fs::create_dir_all(a.parent().unwrap()).unwrap();
    std::fs::create_dir_all(b.parent().unwrap()).unwrap();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&books)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 45);

    // Run A: the folder itself, 2 threads.
    let o = folio()
        .arg("ingest")
        .arg(&books)
        .args(["--quiet", "-o"])
        .arg(&a)
        .env("RAYON_NUM_THREADS", "2")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    // Run B: the 45 files reversed, 1 thread (paths spelled as the folder listing gives them).
    files.reverse();
    ingest_corpus(&files, &b, "1");
    for f in ["g.fst", "g.counts.fst", "g.books.fst", "g.json"] {
        let x = std::fs::read(d.join("a").join(f)).unwrap();
        let y = std::fs::read(d.join("b").join(f)).unwrap();
        assert!(x == y, "{f} differs between runs");
    }

    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(d.join("a/g.json")).unwrap()).unwrap();
    let inputs = manifest["inputs"].as_array().unwrap();
    assert_eq!(inputs.len(), 45);
    let encoding_of = |needle: &str| -> String {
        let i = inputs
            .iter()
            .find(|i| i["path"].as_str().unwrap().contains(needle))
            .unwrap();
        i["encoding"].as_str().unwrap().to_string()
    };
    assert_eq!(
        encoding_of("pg74-the-adventures-of-tom-sawyer-cp1252"),
        "windows-1252"
    );
    assert_eq!(
        encoding_of("pg84-frankenstein-or-the-modern-prometheus-cp1252"),
        "windows-1252"
    );
    assert_eq!(
        encoding_of("pg2229-faust-der-tragodie-erster-teil-latin1"),
        "iso-8859-1"
    );
    assert_eq!(
        encoding_of("pg9198-the-complete-angler-1653-latin1"),
        "iso-8859-1"
    );
    assert_eq!(encoding_of("pg1342-pride-and-prejudice"), "utf-8-bom");
    let boilerplate_of = |needle: &str| -> String {
        let i = inputs
            .iter()
            .find(|i| i["path"].as_str().unwrap().contains(needle))
            .unwrap();
        i["boilerplate"].as_str().unwrap().to_string()
    };
    assert_eq!(boilerplate_of("pg11-alices"), "none");
    assert_eq!(boilerplate_of("pg22367-die-verwandlung"), "end-only");
    assert_eq!(boilerplate_of("pg1513-romeo"), "small-print");
    assert_eq!(boilerplate_of("pg3261-news"), "small-print");
    assert_eq!(boilerplate_of("pg26-paradise-lost"), "markers");

    let set = WordSet::open(&a).unwrap();
    for w in ["THE", "WHALE", "HARPOON", "ELEPHANT", "ILLUSTRATION"] {
        assert!(set.contains(w.as_bytes()), "{w} should be a word");
    }
    for w in ["DARCY", "AHAB", "ELIZABETH", "LONDON", "GUTENBERG", "EBOOK"] {
        assert!(!set.contains(w.as_bytes()), "{w} should not be a word");
    }
    // Paradise Lost is read past "Author and End of all things" to its last book.
    let paradise = inputs
        .iter()
        .find(|i| i["path"].as_str().unwrap().contains("pg26-"))
        .unwrap();
    assert!(paradise["tokens"].as_u64().unwrap() > 75_000, "{paradise}");
}

/// The two copies of pg84 (UTF-8 and Windows-1252), ingested one at a time, give the same set.
#[test]
fn the_two_copies_of_frankenstein_give_the_same_set() {
    let Some(books) = folio_testdata::path("corpora/gutenberg") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut sets = Vec::new();
    for (name, file) in [
        ("utf8", "pg84-frankenstein-or-the-modern-prometheus.txt"),
        (
            "cp1252",
            "pg84-frankenstein-or-the-modern-prometheus-cp1252.txt",
        ),
    ] {
        let out = d.join(format!("{name}.fst"));
        ingest_corpus(&[books.join(file)], &out, "2");
        sets.push(std::fs::read(&out).unwrap());
    }
    assert!(
        sets[0] == sets[1],
        "pg84 UTF-8 and cp1252 give different sets"
    );
    assert!(WordSet::from_bytes(sets[0].clone()).unwrap().len() > 5000);
}

/// Two links from a folder to its parent: the walk once followed them without end (each
/// level doubling the paths). Every folder is now read once, whatever links lead to it.
#[cfg(unix)]
#[test]
fn symlink_cycles_in_a_folder_are_read_once() {
    let dir = tempfile::tempdir().unwrap();
    let shelf = dir.path().join("shelf");
    std::fs::create_dir(&shelf).unwrap();
    write(&shelf, "moby.txt", BOOK);
    std::os::unix::fs::symlink("..", shelf.join("up")).unwrap();
    std::os::unix::fs::symlink("..", shelf.join("again")).unwrap();
    let set = dir.path().join("g.fst");
    let out = folio()
        .arg("ingest")
        .arg(&shelf)
        .arg("-o")
        .arg(&set)
        .args(["--quiet", "--json"])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["inputs"], 1, "{summary}");
    assert!(WordSet::open(&set).unwrap().contains(b"WHALE"));
}

/// `folio ingest book.txt -o book.txt` (or a book named like the manifest) once replaced the
/// book with the word set: an output that is an input is refused, and the book is kept.
#[test]
fn an_output_that_is_an_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (book, output) in [("book.txt", "book.txt"), ("g.json", "g.fst")] {
        let path = write(d, book, BOOK);
        let out = folio()
            .current_dir(d)
            .args(["ingest", book, "-o", output])
            .output()
            .unwrap();
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(2), "{book} -o {output}: {err}");
        assert!(err.contains(book) && err.contains("input"), "{err}");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            BOOK,
            "{book} was overwritten"
        );
    }
}

/// The refusal names the output first, then the input it is the same file as: a book that
/// is a link to the set's manifest once read "inlink.txt: is an input of this command;
/// refusing to overwrite it with real.json", backwards.
#[cfg(unix)]
#[test]
fn an_output_that_is_an_input_is_named_as_the_output() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "real.json", BOOK);
    std::os::unix::fs::symlink("real.json", d.join("inlink.txt")).unwrap();
    let out = folio()
        .current_dir(d)
        .args(["ingest", "inlink.txt", "-o", "real.fst"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr_of(&out),
        "folio: error: real.json (an output) is the same file as the input inlink.txt; \
         refusing to overwrite an input\n"
    );
    assert_eq!(std::fs::read(d.join("real.json")).unwrap(), BOOK);
}

/// A book saved as UTF-16 with a byte-order mark (Windows "Unicode" text) is read as text,
/// and gives the same words as its UTF-8 copy; the manifest names the encoding.
#[test]
fn utf16_with_a_byte_order_mark_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let text = std::str::from_utf8(BOOK).unwrap();
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let a = write(d, "a.txt", BOOK);
    let b = write(d, "b.txt", &utf16);
    ingest_one(&a, d, "a.fst", &[]);
    ingest_one(&b, d, "b.fst", &[]);
    assert_same_bytes(d, "a.fst", "b.fst");
    let manifest = std::fs::read_to_string(d.join("b.json")).unwrap();
    assert!(manifest.contains("\"utf-16le\""), "{manifest}");
}

/// Malformed UTF-16 (an odd final byte, an unpaired surrogate) is read, and a warning names
/// the file, what is wrong and its byte offset, as a Windows-1252 book is warned about.
#[test]
fn malformed_utf16_is_read_with_a_warning_naming_the_place() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let text = std::str::from_utf8(BOOK).unwrap();
    let units: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let mark_and = |tail: &[u8]| -> Vec<u8> { [&[0xFF, 0xFE][..], &units, tail].concat() };
    let end = 2 + units.len();
    write(d, "odd.txt", &mark_and(b"x"));
    write(
        d,
        "surrogate.txt",
        &mark_and(&[0x00, 0xD8, b'a', 0, 0x00, 0xDC]),
    );
    write(d, "good.txt", &mark_and(b""));
    let out = folio()
        .current_dir(d)
        .args([
            "ingest",
            "odd.txt",
            "surrogate.txt",
            "good.txt",
            "-o",
            "u.fst",
        ])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert!(out.status.success(), "{err}");
    for warning in [
        format!(
            "folio: warning: odd.txt: not valid UTF-16LE: an odd final byte (half a code unit) \
             at byte offset {end}; decoded as U+FFFD"
        ),
        format!(
            "folio: warning: surrogate.txt: not valid UTF-16LE: an unpaired surrogate at byte \
             offset {end} (the first of 2 malformed places); decoded as U+FFFD"
        ),
    ] {
        assert!(err.contains(&warning), "{warning}\n{err}");
    }
    assert!(!err.contains("good.txt"), "{err}");
}

/// A book whose lines end with a lone `\r` (classic Mac OS text) has its Project Gutenberg
/// markers found like its LF copy: it was read as one line, kept whole, license and all.
#[test]
fn lone_cr_line_endings_find_the_markers() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let text = std::str::from_utf8(BOOK).unwrap();
    let lf = write(d, "lf.txt", text.replace("\r\n", "\n").as_bytes());
    let cr = write(d, "cr.txt", text.replace("\r\n", "\r").as_bytes());
    ingest_one(&lf, d, "lf.fst", &[]);
    ingest_one(&cr, d, "cr.fst", &[]);
    assert_same_bytes(d, "lf.fst", "cr.fst");
    let manifest = std::fs::read_to_string(d.join("cr.json")).unwrap();
    assert!(manifest.contains("\"markers\""), "{manifest}");
    assert!(!WordSet::open(d.join("cr.fst"))
        .unwrap()
        .contains(b"LICENSE"));
}

#[test]
fn no_mmap_reads_the_books_and_writes_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let book = write(d, "moby.txt", BOOK);
    ingest_one(&book, d, "mapped.fst", &[]);
    ingest_one(&book, d, "read.fst", &["--no-mmap"]);
    assert_same_bytes(d, "mapped.fst", "read.fst");
    assert_same_bytes(d, "mapped.counts.fst", "read.counts.fst");
}

/// Runs `script` (sh) in a private mount namespace as root, with `$FOLIO` the binary; `None`
/// (test skipped, with a message) when not root or `unshare -m` does not work, except under
/// `CI=true` as root, where it must work.
pub fn in_mount_namespace(script: &str) -> Option<std::process::Output> {
    let root = std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    if !root {
        eprintln!("skipped: not root (a device node needs mknod in a mount namespace)");
        return None;
    }
    let works = std::process::Command::new("unshare")
        .args(["-m", "true"])
        .status()
        .is_ok_and(|s| s.success());
    if !works {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true as root but `unshare -m` does not work"
        );
        eprintln!("skipped: `unshare -m` is not available");
        return None;
    }
    Some(
        std::process::Command::new("unshare")
            .args(["-m", "sh", "-c", script])
            .env("FOLIO", assert_cmd::cargo::cargo_bin("folio"))
            .output()
            .unwrap(),
    )
}

#[test]
fn a_device_output_is_written_through_never_replaced() {
    let tmp = tempfile::tempdir().unwrap();
    let book = write(
        tmp.path(),
        "book.txt",
        b"the whale and the sea and the whale\n",
    );
    let list = write(tmp.path(), "list.txt", b"whale\nsea\n");
    let gcg = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/scrabble/standard_bingo.gcg");
    let dev = tmp.path().join("dev");
    std::fs::create_dir(&dev).unwrap();
    // A tmpfs on a scratch folder holds a real null device; every output goes to it, and
    // after each run it must still be a character device, alone in its folder.
    let script = format!(
        r#"set -e
D='{dev}'
mount -t tmpfs none "$D"
mknod "$D/null" c 1 3
check() {{ test -c "$D/null" || {{ echo "$1: replaced"; exit 3; }}; test "$(ls -A "$D")" = null || {{ echo "$1: left $(ls -A "$D")"; exit 4; }}; }}
"$FOLIO" ingest --quiet '{book}' -o "$D/null"; check ingest
"$FOLIO" words import '{list}' -o "$D/null"; check import
"$FOLIO" play '{gcg}' --write-gcg "$D/null" >/dev/null; check play
ln -s "$D/null" "$D/link" && "$FOLIO" ingest --quiet '{book}' -o "$D/link" && rm "$D/link"; check link
echo ok
"#,
        dev = dev.display(),
        book = book.display(),
        list = list.display(),
        gcg = gcg.display(),
    );
    let Some(out) = in_mount_namespace(&script) else {
        return;
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("ok"),
        "status {:?}\nstdout: {stdout}\nstderr: {}",
        out.status,
        stderr_of(&out)
    );
    assert!(
        stderr_of(&out).contains("not a regular file"),
        "{}",
        stderr_of(&out)
    );
}

#[cfg(unix)]
#[test]
fn a_symlinked_output_replaces_its_target_not_the_link() {
    let tmp = tempfile::tempdir().unwrap();
    let book = write(tmp.path(), "book.txt", b"the whale and the sea\n");
    std::fs::create_dir(tmp.path().join("real")).unwrap();
    let target = write(&tmp.path().join("real"), "g.fst", b"old");
    let link = tmp.path().join("g.fst");
    std::os::unix::fs::symlink("real/g.fst", &link).unwrap();
    ingest_one(&book, tmp.path(), "g.fst", &[]);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    // The file the link names now holds the new set ("old" is no word set).
    assert_ne!(std::fs::read(&target).unwrap(), b"old");
    WordSet::open(&target).expect("the link's target is the new set");
}

/// Writes an EPUB whose package file is `OEBPS/pkg/content.opf` and whose manifest names
/// its two chapters by `hrefs` (relative to that folder); the chapters are stored at
/// `OEBPS/Text/chapter 1.xhtml` and `OEBPS/Text/two.xhtml`.
fn write_epub_with_hrefs(path: &Path, hrefs: [&str; 2]) {
    use std::io::Write;
    let mut z = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    let opts = zip::write::SimpleFileOptions::default();
    z.start_file("mimetype", opts).unwrap();
    z.write_all(b"application/epub+zip").unwrap();
    z.start_file("META-INF/container.xml", opts).unwrap();
    z.write_all(
        br#"<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/pkg/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>"#,
    )
    .unwrap();
    z.start_file("OEBPS/pkg/content.opf", opts).unwrap();
    let opf = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier>
    <dc:title>Two chapters</dc:title><dc:language>en</dc:language></metadata>
  <manifest>
    <item id="c1" href="{}" media-type="application/xhtml+xml"/>
    <item id="c2" href="{}" media-type="application/xhtml+xml"/>
  </manifest>
  <spine><itemref idref="c1"/><itemref idref="c2"/></spine>
</package>"#,
        hrefs[0], hrefs[1]
    );
    z.write_all(opf.as_bytes()).unwrap();
    let page = |word: &str| {
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><html xmlns=\"http://www.w3.org/1999/xhtml\">\
             <head><title>t</title></head><body><p>The {word} walked along the quiet shore.</p>\
             </body></html>"
        )
    };
    z.start_file("OEBPS/Text/chapter 1.xhtml", opts).unwrap();
    z.write_all(page("zephyr").as_bytes()).unwrap();
    z.start_file("OEBPS/Text/two.xhtml", opts).unwrap();
    z.write_all(page("quixote").as_bytes()).unwrap();
    z.finish().unwrap();
}

/// Manifest hrefs are URLs relative to the package file's folder: `../` climbs out of it
/// and `%20` is a space, so both chapters are read; an href climbing above the archive's
/// root is refused, naming it.
#[test]
fn epub_manifest_hrefs_resolve_dot_dot_and_percent_encoding() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let book = d.join("two.epub");
    write_epub_with_hrefs(&book, ["../Text/chapter%201.xhtml", "./../Text/two.xhtml"]);
    ingest_one(&book, d, "two.fst", &[]);
    let set = WordSet::open(d.join("two.fst")).unwrap();
    assert!(set.contains(b"ZEPHYR"), "chapter%201.xhtml not read");
    assert!(set.contains(b"QUIXOTE"), "../Text/two.xhtml not read");

    let hostile = d.join("hostile.epub");
    write_epub_with_hrefs(&hostile, ["../../../Text/two.xhtml", "../Text/two.xhtml"]);
    let out = folio()
        .arg("ingest")
        .arg(&hostile)
        .arg("-o")
        .arg(d.join("h.fst"))
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert!(
        err.contains("climbs above the archive's root"),
        "{:?} {err}",
        out.status
    );
}

/// The trial's case: *Emma* and a copy of it under another name are one book. The copy is
/// skipped with a warning naming both files, the counts are *Emma*'s (TO 5242, not twice
/// that), `--min-books 2` is refused (one book read), and `--memory` and `--partial` then
/// `merge` write the same bytes; partials holding one copy each are refused by `merge`.
#[test]
fn a_copy_of_a_book_under_another_name_counts_once() {
    let Some(emma) = folio_testdata::path("corpora/gutenberg/pg158-emma.txt") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let copy = d.join("emma_copy.txt");
    std::fs::copy(&emma, &copy).unwrap();
    let ingest = |extra: &[&str]| {
        folio()
            .current_dir(d)
            .arg("ingest")
            .arg(&emma)
            .arg("emma_copy.txt")
            .args(extra)
            .output()
            .unwrap()
    };
    let out = ingest(&["-o", "t2.fst", "--min-books", "2"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("--min-books 2 but only 1 book was read"),
        "{}",
        stderr_of(&out)
    );
    let out = ingest(&["-o", "plain.fst"]);
    assert!(out.status.success(), "{}", stderr_of(&out));
    let warning = format!(
        "folio: warning: emma_copy.txt: skipped: the same bytes as \"{}\" (the same SHA-256): \
         a book is counted once",
        emma.display()
    );
    assert!(stderr_of(&out).contains(&warning), "{}", stderr_of(&out));
    let top = folio()
        .current_dir(d)
        .args(["words", "top", "--set", "plain.fst", "1"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&top.stdout), "TO 5242\n");
    let out = ingest(&["-q", "-o", "mem.fst", "--memory", "1M"]);
    assert!(out.status.success(), "{}", stderr_of(&out));
    let out = ingest(&["-q", "--partial", "-o", "both.part"]);
    assert!(out.status.success(), "{}", stderr_of(&out));
    folio()
        .current_dir(d)
        .args(["merge", "-q", "both.part", "-o", "merged.fst"])
        .assert()
        .success();
    for other in ["mem", "merged"] {
        for ext in ["fst", "counts.fst", "books.fst"] {
            assert_same_bytes(d, &format!("plain.{ext}"), &format!("{other}.{ext}"));
        }
        let manifest = std::fs::read_to_string(d.join(format!("{other}.json"))).unwrap();
        assert_eq!(
            manifest.replace(&format!("\"{other}."), "\"plain."),
            std::fs::read_to_string(d.join("plain.json")).unwrap()
        );
    }
    // One copy in each of two partials: their sums cannot lose the copy.
    folio()
        .current_dir(d)
        .args([
            "ingest",
            "-q",
            "--partial",
            "-o",
            "copy.part",
            "emma_copy.txt",
        ])
        .assert()
        .success();
    folio()
        .current_dir(d)
        .arg("ingest")
        .args(["-q", "--partial", "-o", "emma.part"])
        .arg(&emma)
        .assert()
        .success();
    let out = folio()
        .current_dir(d)
        .args(["merge", "emma.part", "copy.part", "-o", "two.fst"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("whose bytes are those of"),
        "{}",
        stderr_of(&out)
    );
    assert!(!d.join("two.fst").exists());
}

/// The trial's case: a book read from stdin and the same bytes given as a file are one book,
/// in every mode that reads stdin. Stdin is the copy skipped (the book keeps its file's
/// name), `--min-books 2` is refused (one book read), and the set is the file's alone.
#[test]
fn a_book_on_stdin_and_its_file_count_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "book.txt", BOOK);
    ingest_one(&d.join("book.txt"), d, "alone.fst", &[]);
    let ingest = |extra: &[&str]| {
        folio()
            .current_dir(d)
            .args(["ingest", "-", "book.txt"])
            .args(extra)
            .write_stdin(BOOK)
            .output()
            .unwrap()
    };
    let warning = "folio: warning: -: skipped: the same bytes as \"book.txt\" (the same \
                   SHA-256): a book is counted once";
    for mode in [&[][..], &["--memory", "1M"]] {
        let out = ingest(&[&["-o", "t2.fst", "--min-books", "2"], mode].concat());
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(2), "{mode:?}: {err}");
        assert!(
            err.contains("--min-books 2 but only 1 book was read"),
            "{mode:?}: {err}"
        );
        assert!(!d.join("t2.fst").exists());
    }
    for (mode, out) in [
        (&["-o", "plain.fst"][..], "plain"),
        (&["-o", "mem.fst", "--memory", "1M"], "mem"),
    ] {
        let run = ingest(mode);
        assert!(run.status.success(), "{mode:?}: {}", stderr_of(&run));
        assert!(stderr_of(&run).contains(warning), "{}", stderr_of(&run));
        for ext in ["fst", "counts.fst", "books.fst"] {
            assert_same_bytes(d, &format!("alone.{ext}"), &format!("{out}.{ext}"));
        }
        let manifest = std::fs::read_to_string(d.join(format!("{out}.json"))).unwrap();
        assert!(manifest.contains("\"inputs\": 1"), "{manifest}");
    }
    let run = ingest(&["--partial", "-o", "both.part"]);
    assert!(run.status.success(), "{}", stderr_of(&run));
    assert!(stderr_of(&run).contains(warning), "{}", stderr_of(&run));
    assert!(stderr_of(&run).contains("1 book,"), "{}", stderr_of(&run));
}

/// A partial named twice (as typed, or through another spelling or a link) is refused as
/// such, not as a partial holding a book that it holds too.
#[cfg(unix)]
#[test]
fn a_partial_named_twice_is_refused_as_named_twice() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "book.txt", BOOK);
    folio()
        .current_dir(d)
        .args(["ingest", "-q", "--partial", "-o", "a.part", "book.txt"])
        .assert()
        .success();
    std::os::unix::fs::symlink("a.part", d.join("link.part")).unwrap();
    for (second, said) in [
        (
            "a.part",
            "a.part: cannot merge this partial: the same partial is named twice: give each \
             partial once",
        ),
        (
            "./a.part",
            "./a.part: cannot merge this partial: the same partial as a.part, named twice: \
             give each partial once",
        ),
        (
            "link.part",
            "link.part: cannot merge this partial: the same partial as a.part, named twice: \
             give each partial once",
        ),
    ] {
        let out = folio()
            .current_dir(d)
            .args(["merge", "a.part", second, "-o", "x.fst"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{second}");
        assert_eq!(stderr_of(&out), format!("folio: error: {said}\n"));
        assert!(!d.join("x.fst").exists());
    }
}

/// `--temp-dir` without `--memory` or `--partial` would do nothing (no run is written to a
/// temporary folder): refused, exit 2, saying so, before any book is read or output written.
#[test]
fn temp_dir_without_memory_or_partial_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let book = write(d, "book.txt", BOOK);
    let out = folio()
        .args(["ingest", "-q"])
        .arg(&book)
        .arg("-o")
        .arg(d.join("x.fst"))
        .args(["--temp-dir", "/nonexistent"])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--temp-dir only matters with --memory or --partial"),
        "{err}"
    );
    assert!(!d.join("x.fst").exists());
    // With --memory it is used (and a writable folder is accepted).
    let tmp = d.join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    ingest_one(
        &book,
        d,
        "m.fst",
        &["--memory", "64M", "--temp-dir", tmp.to_str().unwrap()],
    );
    assert!(d.join("m.fst").exists());
}

/// One Latin-1 line in a UTF-8 book: that line is read as Windows-1252 and every other as
/// UTF-8 (the whole book once went to Windows-1252: `whale’s` made WHALEA, `naïve` lost),
/// and the warning names the line and the byte offset.
#[test]
fn a_stray_latin1_line_leaves_the_rest_of_a_utf8_book_utf8() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let book = write(
        d,
        "mixed.txt",
        b"the whale\xe2\x80\x99s tail and the na\xc3\xafve whale\nwhat a caf\xe9 it was\n",
    );
    let out = folio()
        .arg("ingest")
        .arg(&book)
        .arg("-o")
        .arg(d.join("m.fst"))
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains(
            "mixed.txt: 1 line is not UTF-8 (first: line 2, byte offset 50): read as \
             Windows-1252, the others as UTF-8"
        ),
        "{err}"
    );
    let set = WordSet::open(d.join("m.fst")).unwrap();
    for w in ["WHALE", "NAIVE", "CAFE", "TAIL"] {
        assert!(set.contains(w.as_bytes()), "{w}");
    }
    assert!(!set.contains(b"WHALEA"));
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(d.join("m.json")).unwrap()).unwrap();
    assert_eq!(manifest["inputs"][0]["encoding"], "utf-8+windows-1252");
}

/// A drop report that cannot be written fails the run before the set is replaced: the
/// trial's `--report nodir/r.tsv` (and `--report SOMEDIR`) left exit 2 beside a new set.
#[test]
fn an_unwritable_report_leaves_the_old_set() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let first = write(d, "first.txt", b"the old words stay here\n");
    let second = write(d, "second.txt", b"entirely different vocabulary arrives\n");
    ingest_one(&first, d, "rp.fst", &[]);
    let names = ["rp.fst", "rp.counts.fst", "rp.books.fst", "rp.json"];
    let before: Vec<Vec<u8>> = names
        .iter()
        .map(|n| std::fs::read(d.join(n)).unwrap())
        .collect();
    std::fs::create_dir(d.join("somedir")).unwrap();
    // `/dev/full` passes every check and fails only as it is written (the third trial).
    let full = std::path::PathBuf::from("/dev/full");
    let reports = [d.join("nodir/r.tsv"), d.join("somedir"), full.clone()];
    for report in reports.iter().filter(|r| **r != full || full.exists()) {
        let out = folio()
            .args(["ingest", "-q"])
            .arg(&second)
            .arg("-o")
            .arg(d.join("rp.fst"))
            .arg("--report")
            .arg(report)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
        assert!(
            stderr_of(&out).contains("drop report"),
            "{}",
            stderr_of(&out)
        );
        for (n, b) in names.iter().zip(&before) {
            assert_eq!(&std::fs::read(d.join(n)).unwrap(), b, "{n} was replaced");
        }
    }
}

/// An output the final write would refuse (a missing folder, a folder) is refused before
/// any book is read: no warning about the books (printed once they are read) comes first.
/// The trial's `-o nodir/x.fst` on a big folder counted for seconds first.
#[test]
fn a_bad_output_is_refused_before_reading() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let binary = write(d, "binary.txt", b"PK\0\0 not a book\0");
    let book = write(d, "book.txt", b"some words to read\n");
    std::fs::create_dir(d.join("somedir")).unwrap();
    let part = d.join("p.part");
    ingest_one(&book, d, "p.part", &["--partial"]);
    let cases: Vec<(Vec<std::ffi::OsString>, &str)> = vec![
        (
            vec![
                "ingest".into(),
                binary.clone().into(),
                book.clone().into(),
                "-o".into(),
                d.join("nodir/x.fst").into(),
            ],
            "cannot create a new file in",
        ),
        (
            vec![
                "ingest".into(),
                binary.clone().into(),
                book.clone().into(),
                "-o".into(),
                d.join("somedir").into(),
            ],
            "is a directory",
        ),
        (
            vec![
                "ingest".into(),
                binary.clone().into(),
                "--memory".into(),
                "64M".into(),
                "-o".into(),
                d.join("nodir/x.fst").into(),
            ],
            "cannot create a new file in",
        ),
        (
            vec![
                "ingest".into(),
                binary.clone().into(),
                "--partial".into(),
                "-o".into(),
                d.join("somedir").into(),
            ],
            "is a directory",
        ),
        (
            vec![
                "merge".into(),
                part.clone().into(),
                "-o".into(),
                d.join("nodir/m.fst").into(),
            ],
            "cannot create a new file in",
        ),
        (
            vec![
                "merge".into(),
                part.clone().into(),
                "--partial".into(),
                "-o".into(),
                d.join("somedir").into(),
            ],
            "is a directory",
        ),
        (
            vec![
                "words".into(),
                "import".into(),
                book.clone().into(),
                "-o".into(),
                d.join("nodir/i.fst").into(),
            ],
            "cannot create a new file in",
        ),
    ];
    for (args, says) in cases {
        let out = folio().args(&args).output().unwrap();
        let err = stderr_of(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(
            !err.contains("warning"),
            "{args:?}: books were read first: {err}"
        );
        assert!(!d.join("nodir").exists());
    }
}

/// `--lang auto` on a German book keeps ÄÖÜ as `--lang de` does: the same set, byte for
/// byte, and the manifest records the tile letters (the trial's auto set had none).
#[test]
fn lang_auto_applies_the_detected_tile_letters() {
    let Some(faust) =
        folio_testdata::path("corpora/gutenberg/pg2229-faust-der-tragodie-erster-teil-latin1.txt")
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ingest_one(&faust, d, "de.fst", &["--lang", "de"]);
    ingest_one(&faust, d, "auto.fst", &["--lang", "auto"]);
    assert_same_bytes(d, "de.fst", "auto.fst");
    let set = WordSet::open(d.join("auto.fst")).unwrap();
    assert!(set.contains("ANGEFÜHRT".as_bytes()));
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(d.join("auto.json")).unwrap()).unwrap();
    assert_eq!(manifest["policy"]["tile_letters"], "ÄÖÜ");
    assert_eq!(manifest["policy"]["lang"], "auto");
}

/// `--tile-letters` that would do nothing is a usage error naming the character and why
/// (the trial's `1`, `A`, `ß`, ` `, `-`, `'` were accepted and recorded).
#[test]
fn tile_letters_that_do_nothing_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let book = write(
        dir.path(),
        "tl.txt",
        b"the 1st word caf\xc3\xa9 stra\xc3\x9fe\n",
    );
    for (given, says) in [
        ("1", "\"1\" is not a letter"),
        ("A", "\"A\" is already a tile letter"),
        ("ß", "upper-cases to SS"),
        (" ", "not a letter"),
        ("-", "not a letter"),
        ("'", "not a letter"),
        ("", "names no letter"),
    ] {
        let out = folio()
            .args(["ingest", "-q"])
            .arg(&book)
            .arg("-o")
            .arg(dir.path().join("tl.fst"))
            .args(["--tile-letters", given])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{given:?}");
        assert!(
            stderr_of(&out).contains(says),
            "{given:?}: {}",
            stderr_of(&out)
        );
        assert!(!dir.path().join("tl.json").exists());
    }
}

/// A book named with a terminal escape or a newline is warned about on one line, its name
/// escaped (the trial saw ESC reach the terminal and one warning split over two lines).
#[test]
fn warnings_escape_control_characters_in_book_names() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let books = d.join("books");
    std::fs::create_dir(&books).unwrap();
    write(&books, "\u{1b}[31mred.txt", b"hello there\n");
    write(&books, "new\nline.txt", b"\0binary\n");
    let out = folio()
        .arg("ingest")
        .arg(&books)
        .arg("-o")
        .arg(d.join("o.fst"))
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains('\u{1b}'), "{err}");
    assert!(err.contains(r"\u{1b}[31mred.txt"), "{err}");
    let binary: Vec<&str> = err.lines().filter(|l| l.contains("binary")).collect();
    assert_eq!(binary.len(), 1, "{err}");
    assert!(binary[0].contains(r"new\nline.txt"), "{err}");
}

/// Random bytes named `.epub` are said to be no EPUB archive, not only a binary file.
#[test]
fn a_binary_file_named_epub_is_said_to_be_no_epub() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let fake = write(d, "x.epub", b"\x01\x02\0\x03 not a zip");
    let book = write(d, "b.txt", b"some words here\n");
    let out = folio()
        .args(["ingest"])
        .arg(&fake)
        .arg(&book)
        .arg("-o")
        .arg(d.join("o.fst"))
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("binary file (NUL byte at offset 2), not a book; it is named .epub but is not an EPUB (zip) archive"),
        "{err}"
    );
}
