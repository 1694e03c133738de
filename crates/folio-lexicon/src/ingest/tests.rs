//! Tests of the ingest run (unit tests of each step sit beside the step).

use super::*;
use crate::ingest::decode::Encoding;
use std::ffi::OsString;
use std::path::PathBuf;

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&p, bytes).unwrap();
    p
}

fn args(paths: &[&Path]) -> Vec<OsString> {
    paths.iter().map(|p| p.as_os_str().to_owned()).collect()
}

#[test]
fn paragraph_chunks_cover_the_text_and_cut_between_words() {
    let para = "The whale swam far away.\nAnd then it came back.\n\n";
    let text = para.repeat(500);
    let chunks = split_paragraphs(&text, 1000);
    assert!(chunks.len() > 5);
    assert_eq!(chunks.concat(), text);
    for c in &chunks[..chunks.len() - 1] {
        assert!(c.ends_with("\n\n"), "{c:?}");
    }
    let whole = TokenCounts::count(&text).to_words(&Policy::game());
    let parts = count_parallel(&text, &Pool::default()).to_words(&Policy::game());
    assert_eq!(whole.get("WHALE"), parts.get("WHALE"));
    assert_eq!(parts.get("WHALE").unwrap().count, 500);
}

#[test]
fn folders_recurse_into_txt_files_and_report_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "books/b.txt", b"the whale");
    write(d, "books/sub/a.TXT", b"the harpoon");
    write(d, "books/notes.md", b"no");
    std::fs::create_dir_all(d.join("empty")).unwrap();
    let (inputs, skipped) = expand_inputs(&args(&[&d.join("books"), &d.join("empty")])).unwrap();
    let labels: Vec<&str> = inputs.iter().map(|i| i.label.as_str()).collect();
    assert_eq!(labels.len(), 2);
    assert!(
        labels[0].ends_with("b.txt") && labels[1].ends_with("a.TXT"),
        "{labels:?}"
    );
    assert_eq!(skipped.len(), 1);
    let err = expand_inputs(&args(&[&d.join("missing.txt")])).unwrap_err();
    assert!(err.to_string().contains("missing.txt"), "{err}");
}

/// A FIFO, socket or device named `*.txt` inside a folder is not a book: opening a FIFO
/// waits for a writer (the run hung for ever), opening a socket fails. Skipped, recorded.
#[cfg(unix)]
#[test]
fn special_files_in_folders_are_skipped_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "shelf/a.txt", b"the whale");
    let _socket = std::os::unix::net::UnixListener::bind(d.join("shelf/socket.txt")).unwrap();
    let fifo = d.join("shelf/pipe.txt");
    let made_fifo = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    std::os::unix::fs::symlink("socket.txt", d.join("shelf/link-to-socket.txt")).unwrap();
    let (inputs, skipped) = expand_inputs(&args(&[&d.join("shelf")])).unwrap();
    let labels: Vec<&str> = inputs.iter().map(|i| i.label.as_str()).collect();
    assert_eq!(labels.len(), 1, "{labels:?}");
    assert!(labels[0].ends_with("a.txt"), "{labels:?}");
    let mut names: Vec<&str> = skipped.iter().map(|s| s.path.as_str()).collect();
    names.sort();
    assert_eq!(names.len(), if made_fifo { 3 } else { 2 }, "{skipped:?}");
    assert!(names.iter().any(|n| n.ends_with("socket.txt")), "{names:?}");
    assert!(
        names.iter().any(|n| n.ends_with("link-to-socket.txt")),
        "{names:?}"
    );
    assert!(
        skipped
            .iter()
            .all(|s| s.reason.contains("not a regular file")),
        "{skipped:?}"
    );
    // Named on the command line, a special file is read as given (`<(cat book)`): only
    // the folder walk leaves them out.
    if made_fifo {
        let (inputs, skipped) = expand_inputs(&args(&[&fifo])).unwrap();
        assert_eq!((inputs.len(), skipped.len()), (1, 0));
    }
}

#[test]
fn books_are_counted_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let a = write(
        d,
        "a.txt",
        b"header Darcy\r\n*** START OF THE PROJECT GUTENBERG EBOOK A ***\r\nThe whale, the whale's tail. Darcy.\r\n*** END OF THE PROJECT GUTENBERG EBOOK A ***\r\nlicense gutenberg",
    );
    let b = write(d, "b.txt", b"caf\xe9 \x93whale\x94 London");
    let e = write(d, "e.txt", b"");
    let z = write(d, "z.bin.txt", b"\x00\x01");
    let (inputs, skipped) = expand_inputs(&args(&[&a, &b, &e, &z, &a])).unwrap();
    let run = ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).unwrap();
    let m = &run.manifest;
    assert_eq!(m.inputs.len(), 2);
    assert_eq!(m.skipped.len(), 2);
    let ra = &m.inputs[0];
    assert_eq!(ra.encoding, Encoding::Ascii);
    assert_eq!(ra.boilerplate, Boilerplate::Markers);
    assert_eq!(ra.tokens, 6);
    assert_eq!(ra.words_kept, 3); // THE WHALE TAIL
    let rb = &m.inputs[1];
    assert_eq!(rb.encoding, Encoding::Windows1252);
    assert_eq!(rb.boilerplate, Boilerplate::None);
    assert_eq!(rb.sha256.len(), 64);
    let set = crate::WordSet::from_bytes(run.built.set.clone()).unwrap();
    use folio_core::Lexicon;
    for w in ["THE", "WHALE", "TAIL", "CAFE"] {
        assert!(set.contains(w.as_bytes()), "{w}");
    }
    for w in ["DARCY", "LONDON", "HEADER", "LICENSE", "GUTENBERG"] {
        assert!(!set.contains(w.as_bytes()), "{w}");
    }
    assert!(run
        .notes
        .iter()
        .any(|n| n.path.ends_with("b.txt") && n.message.contains("Windows-1252")));
    let counts = fst::Map::new(run.built.counts.clone()).unwrap();
    assert_eq!(counts.get("WHALE"), Some(3));
}

/// One book reached under two names (a link; also a relative and an absolute path) is
/// read once, under the same name whatever the order of the inputs: the manifest, like the
/// fsts, must not depend on it (docs/policy.md §7).
#[cfg(unix)]
#[test]
fn a_book_given_twice_is_named_the_same_whatever_the_order() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let a = write(d, "a.txt", b"the whale");
    let b = d.join("b.txt");
    std::os::unix::fs::symlink(&a, &b).unwrap();
    let manifest = |paths: &[&Path]| {
        let (inputs, skipped) = expand_inputs(&args(paths)).unwrap();
        let run = ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).unwrap();
        assert_eq!(run.manifest.inputs.len(), 1);
        run.manifest.to_json()
    };
    assert_eq!(manifest(&[&a, &b]), manifest(&[&b, &a]));
    assert_eq!(manifest(&[&b, &a, &b]), manifest(&[&a, &b]));
}

/// Two books whose names differ only in bytes that are not UTF-8 once got the same lossy
/// label (`a\u{FFFD}.txt`), and their order in the manifest followed the order they were
/// given in. Their labels are now the names escaped (`a\xFF.txt`, `folio_core::file_name`):
/// told apart, in one order whatever the order given.
#[cfg(unix)]
#[test]
fn books_whose_names_are_not_utf8_are_told_apart_in_one_order() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let a = d.join(std::ffi::OsStr::from_bytes(b"a\xFF.txt"));
    let b = d.join(std::ffi::OsStr::from_bytes(b"a\xFE.txt"));
    std::fs::write(&a, b"the whale").unwrap();
    std::fs::write(&b, b"the shark").unwrap();
    let manifest = |paths: &[&Path]| {
        let (inputs, skipped) = expand_inputs(&args(paths)).unwrap();
        let run = ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).unwrap();
        let mut paths: Vec<&str> = run.manifest.inputs.iter().map(|i| &*i.path).collect();
        paths.sort_unstable();
        assert!(paths[0].ends_with(r"/a\xFE.txt"), "{paths:?}");
        assert!(paths[1].ends_with(r"/a\xFF.txt"), "{paths:?}");
        run.manifest.to_json()
    };
    assert_eq!(manifest(&[&a, &b]), manifest(&[&b, &a]));
}

/// Books joined into one file (`cat *.txt > all.txt`): only the first is read, as the
/// markers say, but no longer silently (a 20 MB file gave the 100 KB of its first book).
#[test]
fn a_second_book_after_the_end_marker_is_warned_about() {
    let dir = tempfile::tempdir().unwrap();
    let one = "*** START OF THE PROJECT GUTENBERG EBOOK A ***\nthe whale\n*** END OF THE PROJECT GUTENBERG EBOOK A ***\nlicense\n";
    let two = "*** START OF THE PROJECT GUTENBERG EBOOK B ***\nthe harpoon\n*** END OF THE PROJECT GUTENBERG EBOOK B ***\nlicense\n";
    let joined = write(dir.path(), "joined.txt", format!("{one}{two}").as_bytes());
    let single = write(dir.path(), "single.txt", one.as_bytes());
    let (inputs, skipped) = expand_inputs(&args(&[&joined, &single])).unwrap();
    let run = ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).unwrap();
    let notes: Vec<&Note> = run
        .notes
        .iter()
        .filter(|n| n.message.contains("another Project Gutenberg book"))
        .collect();
    assert_eq!(notes.len(), 1, "{:?}", run.notes);
    assert!(notes[0].path.ends_with("joined.txt"), "{notes:?}");
    assert!(notes[0].message.contains("line 5"), "{notes:?}");
    let set = crate::WordSet::from_bytes(run.built.set.clone()).unwrap();
    use folio_core::Lexicon;
    assert!(set.contains(b"WHALE") && !set.contains(b"HARPOON"));
}

/// UTF-16 without a byte-order mark is not guessed at (docs/policy.md §1), but the
/// message says what the file looks like and what to do, instead of only "binary".
#[test]
fn utf16_without_a_mark_is_named_in_the_skip_reason() {
    let dir = tempfile::tempdir().unwrap();
    let text = "The whale, the harpoon, and the sea.\r\n";
    let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let le = write(dir.path(), "le.txt", &le);
    let be = write(dir.path(), "be.txt", &be);
    let png = write(
        dir.path(),
        "png.txt",
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x01\0",
    );
    let (inputs, skipped) = expand_inputs(&args(&[&le, &be, &png])).unwrap();
    let err = ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).unwrap_err();
    let Error::NothingUsable { skipped } = &err else {
        panic!("{err}")
    };
    assert_eq!(skipped.len(), 3, "{skipped:?}");
    for (name, hint) in [
        ("be.txt", Some("UTF-16BE")),
        ("le.txt", Some("UTF-16LE")),
        ("png.txt", None),
    ] {
        let reason = skipped.iter().find(|s| s.contains(name)).unwrap();
        assert!(reason.contains("binary"), "{reason}");
        match hint {
            Some(h) => assert!(
                reason.contains(&format!("looks like {h} text without a byte-order mark")),
                "{reason}"
            ),
            None => assert!(!reason.contains("UTF-16"), "{reason}"),
        }
    }
}

#[test]
fn nothing_usable_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let e = write(dir.path(), "e.txt", b"  \n");
    let (inputs, skipped) = expand_inputs(&args(&[&e])).unwrap();
    let err = ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).unwrap_err();
    assert!(
        matches!(&err, Error::NothingUsable { skipped } if skipped.len() == 1),
        "{err}"
    );
    assert!(err.to_string().contains("e.txt: empty"), "{err}");
}

#[test]
fn outputs_are_written_together() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "a.txt", b"the whale");
    let (inputs, skipped) = expand_inputs(&args(&[&a])).unwrap();
    let run = ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).unwrap();
    let paths = OutputPaths::for_set(&dir.path().join("g.fst"));
    let m = write_outputs(&paths, &run).unwrap();
    assert_eq!(m.outputs.set, "g.fst");
    let set = crate::WordSet::open(&paths.set).unwrap();
    assert_eq!(set.len(), 2);
    let back: Manifest = serde_json::from_slice(&std::fs::read(&paths.manifest).unwrap()).unwrap();
    assert_eq!(back, m);
    assert!(paths.counts.exists());
}

/// A book copied under another name (the same bytes, the same SHA-256) is one book: the
/// least name is read, the other skipped naming it, whatever the order given; a file of the
/// same size and other bytes is a book of its own.
#[test]
fn a_copy_under_another_name_is_counted_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let a = write(d, "a.txt", b"the whale and the sea");
    let z = write(d, "z/copy.txt", b"the whale and the sea");
    let c = write(d, "c.txt", b"the whale and the sky");
    let run = |paths: &[&Path]| {
        let (inputs, skipped) = expand_inputs(&args(paths)).unwrap();
        ingest(&inputs, skipped, &Policy::game(), &|_, _| {}).unwrap()
    };
    let one = run(&[&z, &a, &c]);
    let m = &one.manifest;
    let read: Vec<&str> = m.inputs.iter().map(|i| i.path.as_str()).collect();
    assert_eq!(read, [a.to_str().unwrap(), c.to_str().unwrap()]);
    assert_eq!(m.totals.inputs, 2);
    assert_eq!(m.skipped.len(), 1);
    assert_eq!(m.skipped[0].path, z.display().to_string());
    assert_eq!(
        m.skipped[0].reason,
        format!(
            "the same bytes as \"{}\" (the same SHA-256): a book is counted once",
            a.display()
        )
    );
    let counts = fst::Map::new(one.built.counts.clone()).unwrap();
    assert_eq!(counts.get("WHALE"), Some(2), "a and c, not the copy");
    assert!(one
        .notes
        .iter()
        .any(|n| n.path == z.display().to_string()
            && n.message.starts_with("skipped: the same bytes")));
    assert_eq!(m.to_json(), run(&[&a, &c, &z]).manifest.to_json());
}
