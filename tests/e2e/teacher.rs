//! Issue 18, the teacher's word list, end to end: the drop report and `--include` /
//! `--exclude` on Alice + A Christmas Carol + Treasure Island, frequencies that survive set
//! algebra (`top`, `export --counts`), hooks and classes from the command line, French
//! elisions on Madame Bovary, HTML and EPUB books, set algebra to stdout and `compare`.

use std::path::{Path, PathBuf};

use crate::common::folio;

fn stderr_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The three books of the class game, or `None` without the shared corpus.
fn class_books() -> Option<Vec<PathBuf>> {
    let g = folio_testdata::path("corpora/gutenberg")?;
    Some(
        [
            "pg11-alices-adventures-in-wonderland.txt",
            "pg46-a-christmas-carol.txt",
            "pg120-treasure-island.txt",
        ]
        .iter()
        .map(|b| g.join(b))
        .collect(),
    )
}

/// `folio ingest BOOKS -o OUT EXTRA...`, which must succeed; returns the run's output.
fn ingest(books: &[PathBuf], out: &Path, extra: &[&str]) -> std::process::Output {
    let o = folio()
        .arg("ingest")
        .args(books)
        .arg("-o")
        .arg(out)
        .args(extra)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    o
}

/// The `# class<TAB>N tokens` totals of a drop report.
fn report_totals(tsv: &str) -> Vec<(String, u64)> {
    tsv.lines()
        .filter_map(|l| l.strip_prefix("# "))
        .filter_map(|l| {
            let mut f = l.split('\t');
            let name = f.next()?.to_string();
            let n = f.next()?.split(' ').next()?.parse().ok()?;
            Some((name, n))
        })
        .collect()
}

#[test]
fn the_drop_report_adds_up_and_include_brings_words_back() {
    let Some(books) = class_books() else { return };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let report = d.join("dropped.tsv");
    let o = ingest(
        &books,
        &d.join("class.fst"),
        &["--report", report.to_str().unwrap()],
    );
    let tsv = std::fs::read_to_string(&report).unwrap();
    let totals = report_totals(&tsv);
    let get = |name: &str| totals.iter().find(|(n, _)| n == name).map(|t| t.1);
    let read = get("words read").unwrap();
    let classes = [
        "kept",
        "capitalised-only",
        "apostrophe",
        "digits",
        "outside-alphabet",
        "too-short",
        "too-long",
        "too-rare",
        "too-few-books",
        "excluded",
    ];
    let sum: u64 = classes.iter().map(|c| get(c).unwrap()).sum();
    assert_eq!(sum, read, "the classes add up to the words read\n{tsv}");
    // The words read are the summary's.
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(d.join("class.json")).unwrap()).unwrap();
    assert_eq!(manifest["totals"]["tokens"].as_u64(), Some(read));
    // Each of the books' capitalised words is listed with its class, count and forms.
    for w in ["QUEEN", "TURTLE", "MOCK", "CHRISTMAS"] {
        let row = tsv
            .lines()
            .find(|l| l.split('\t').nth(1) == Some(w))
            .unwrap_or_else(|| panic!("{w} not in the report"));
        assert!(row.starts_with("capitalised-only\t"), "{row}");
    }
    assert!(tsv.contains("capitalised-only\tQUEEN\t76\t1\tQueen:67 Queen's:8 QUEEN:1\n"));
    // The summary names the classes.
    let err = stderr_of(&o);
    assert!(err.contains("capitalised-only"), "{err}");
    let line = err
        .lines()
        .find(|l| l.trim_start().starts_with("words read"))
        .unwrap();
    assert!(line.ends_with(&format!(" {read}")), "{err}");

    // --include brings them back (with their counts), --exclude removes; both recorded.
    std::fs::write(
        d.join("keep.txt"),
        "queen\nTurtle\nMOCK\n# a comment\nzyzzyva\n",
    )
    .unwrap();
    std::fs::write(d.join("ban.txt"), "the\n").unwrap();
    ingest(
        &books,
        &d.join("kept.fst"),
        &[
            "--include",
            d.join("keep.txt").to_str().unwrap(),
            "--exclude",
            d.join("ban.txt").to_str().unwrap(),
            "--quiet",
        ],
    );
    let o = folio()
        .args(["words", "contains", "--set"])
        .arg(d.join("kept.fst"))
        .args(["queen", "turtle", "mock", "the", "zyzzyva"])
        .output()
        .unwrap();
    assert_eq!(
        stdout_of(&o),
        "queen true\nturtle true\nmock true\nthe false\nzyzzyva false\n"
    );
    let m: serde_json::Value =
        serde_json::from_slice(&std::fs::read(d.join("kept.json")).unwrap()).unwrap();
    assert_eq!(
        m["lists"]["included"],
        serde_json::json!(["MOCK", "QUEEN", "TURTLE"])
    );
    assert_eq!(m["lists"]["excluded"], serde_json::json!(["THE"]));
    assert_eq!(m["lists"]["not_in_books"], serde_json::json!(["ZYZZYVA"]));
    let top = folio()
        .args(["words", "top", "1", "--pattern", "q[u]ee?", "--set"])
        .arg(d.join("kept.fst"))
        .output()
        .unwrap();
    assert!(stdout_of(&top) == "QUEEN 76\n", "{}", stdout_of(&top));
    // Without lists the manifest has no `lists` (older manifests' bytes are unchanged).
    assert!(manifest.get("lists").is_none());
}

#[test]
fn a_cleaned_list_keeps_its_counts_and_exports_frequencies() {
    let Some(books) = class_books() else { return };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let class = d.join("class.fst");
    ingest(&books, &class, &["--quiet"]);
    // A blocklist imported from a plain list has no counts map.
    std::fs::write(d.join("banned.txt"), "the\nand\nto\n").unwrap();
    folio()
        .args(["words", "import"])
        .arg(d.join("banned.txt"))
        .arg("-o")
        .arg(d.join("banned.fst"))
        .assert()
        .success();
    let clean = d.join("clean.fst");
    let o = folio()
        .args(["words", "difference"])
        .arg(&class)
        .arg(d.join("banned.fst"))
        .arg("-o")
        .arg(&clean)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    let top = folio()
        .args(["words", "top", "3", "--min-len", "4", "--set"])
        .arg(&clean)
        .output()
        .unwrap();
    assert_eq!(top.status.code(), Some(0), "{}", stderr_of(&top));
    let top = stdout_of(&top);
    assert_eq!(top.lines().count(), 3, "{top}");
    assert!(
        top.lines().all(|l| l.split(' ').next().unwrap().len() >= 4),
        "{top}"
    );
    assert!(!top.contains("THE "), "{top}");

    // export --counts --format csv: header, then one row a word, parsed as CSV.
    let o = folio()
        .args(["words", "export", "--counts", "--format", "csv", "--set"])
        .arg(&clean)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    let csv = stdout_of(&o);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("word,count,books,relative_frequency,zipf")
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert!(rows.iter().all(|r| r.len() == 5));
    let total: u64 = rows.iter().map(|r| r[1].parse::<u64>().unwrap()).sum();
    let whale = rows.iter().find(|r| r[0] == "SEA").unwrap();
    let count: u64 = whale[1].parse().unwrap();
    // Hand-checked against wordfreq's definition: zipf = log10(count / total * 1e9).
    let zipf: f64 = whale[4].parse().unwrap();
    assert!((zipf - (count as f64 / total as f64 * 1e9).log10()).abs() < 1e-4);
    let rel: f64 = whale[3].parse().unwrap();
    assert!((rel - count as f64 / total as f64).abs() < 1e-12);
    // SEA is in Treasure Island and A Christmas Carol (and Alice): its books are known.
    assert!(whale[2].parse::<u64>().unwrap() >= 2, "{whale:?}");
    // --min-books 3: only words of all three books.
    let o = folio()
        .args([
            "words",
            "export",
            "--counts",
            "--format",
            "tsv",
            "--min-books",
            "3",
            "--set",
        ])
        .arg(&clean)
        .output()
        .unwrap();
    let tsv = stdout_of(&o);
    assert!(
        tsv.lines()
            .skip(1)
            .all(|l| l.split('\t').nth(2) == Some("3")),
        "{tsv}"
    );
    assert!(tsv.lines().count() > 100 && tsv.lines().count() < rows.len());
}

#[test]
fn hooks_classes_lengths_and_count_order_from_the_command_line() {
    let Some(books) = class_books() else { return };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let class = d.join("class.fst");
    ingest(&books, &class, &["--quiet"]);
    let run = |args: &[&str]| -> String {
        let o = folio()
            .arg("words")
            .args(args)
            .arg("--set")
            .arg(&class)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr_of(&o));
        stdout_of(&o)
    };
    assert_eq!(run(&["pattern", "c[aeiou]t"]), "CAT\nCUT\n");
    let by_count = run(&["pattern", "[^s]*ing", "--by", "count", "--limit", "3"]);
    assert_eq!(by_count.lines().count(), 3);
    assert!(by_count
        .lines()
        .all(|w| w.ends_with("ING") && !w.starts_with('S')));
    let long = run(&["prefix", "th", "--min-len", "9", "--max-len", "9"]);
    assert!(long.lines().all(|w| w.len() == 9), "{long}");
    let hooks = run(&["hooks", "cat", "--json"]);
    let v: serde_json::Value = serde_json::from_str(hooks.trim()).unwrap();
    assert_eq!(v["results"][0]["key"], "CAT");
    assert!(
        v["results"][0]["back"].as_str().unwrap().contains('S'),
        "{v}"
    );
}

/// Madame Bovary with `--lang fr` keeps ABBÉ and every other word the book writes only
/// after an elision (`l'abbé`); `--lang auto` reads `Language: French` from its header and
/// gives the same set. The count recovered is printed (711 with `--keep-diacritics`).
#[test]
fn french_elisions_bring_back_the_words_after_them() {
    let Some(g) = folio_testdata::path("corpora/gutenberg") else {
        return;
    };
    let book = vec![g.join("pg14155-madame-bovary.txt")];
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ingest(
        &book,
        &d.join("plain.fst"),
        &["--keep-diacritics", "--quiet"],
    );
    let o = ingest(
        &book,
        &d.join("fr.fst"),
        &["--keep-diacritics", "--lang", "fr"],
    );
    assert!(stderr_of(&o).contains("--lang fr"), "{}", stderr_of(&o));
    ingest(
        &book,
        &d.join("auto.fst"),
        &["--keep-diacritics", "--lang", "auto", "--quiet"],
    );
    assert_eq!(
        std::fs::read(d.join("fr.fst")).unwrap(),
        std::fs::read(d.join("auto.fst")).unwrap(),
        "--lang auto reads French from the header"
    );
    let diff = |a: &str, b: &str| -> Vec<String> {
        let o = folio()
            .args(["words", "difference"])
            .arg(d.join(a))
            .arg(d.join(b))
            .args(["-o", "-"])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
        stdout_of(&o).lines().map(String::from).collect()
    };
    let recovered = diff("fr.fst", "plain.fst");
    eprintln!(
        "Madame Bovary: {} words recovered by --lang fr",
        recovered.len()
    );
    for w in ["ABBÉ", "ABAISSA"] {
        assert!(recovered.iter().any(|r| r == w), "{w}");
    }
    assert!(recovered.len() > 500, "{}", recovered.len());
    // Splitting only adds words: none is lost.
    assert_eq!(diff("plain.fst", "fr.fst"), Vec::<String>::new());
    let m: serde_json::Value =
        serde_json::from_slice(&std::fs::read(d.join("auto.json")).unwrap()).unwrap();
    assert_eq!(m["inputs"][0]["language"], "fr");
    assert_eq!(m["policy"]["lang"], "auto");
}

/// `compare` gives sizes, shared words, Jaccard and the most frequent words only in each.
#[test]
fn compare_two_books() {
    let Some(g) = folio_testdata::path("corpora/gutenberg") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ingest(
        &[g.join("pg11-alices-adventures-in-wonderland.txt")],
        &d.join("a.fst"),
        &["-q"],
    );
    ingest(
        &[g.join("pg120-treasure-island.txt")],
        &d.join("t.fst"),
        &["-q"],
    );
    let o = folio()
        .args(["words", "compare", "--json"])
        .arg(d.join("a.fst"))
        .arg(d.join("t.fst"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    let v: serde_json::Value = serde_json::from_str(stdout_of(&o).trim()).unwrap();
    let (a, b, shared) = (
        v["a"]["count"].as_u64().unwrap(),
        v["b"]["count"].as_u64().unwrap(),
        v["shared"].as_u64().unwrap(),
    );
    assert_eq!(v["a"]["only"].as_u64().unwrap(), a - shared);
    assert_eq!(v["b"]["only"].as_u64().unwrap(), b - shared);
    let j = v["jaccard"].as_f64().unwrap();
    assert!((j - shared as f64 / (a + b - shared) as f64).abs() < 1e-12);
    let first_a = &v["a"]["most_frequent_only"][0]["word"];
    // The most frequent word of Alice that Treasure Island lacks.
    assert!(first_a.is_string(), "{v}");
}

/// An HTML book given as `.txt` is warned about, naming the file.
#[test]
fn html_given_as_text_is_warned_about() {
    let Some(html) = folio_testdata::path("corpora/html/pg1041-shakespeares-sonnets.htm") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let txt = dir.path().join("sonnets.txt");
    std::fs::copy(&html, &txt).unwrap();
    let o = ingest(&[txt], &dir.path().join("s.fst"), &[]);
    let err = stderr_of(&o);
    assert!(err.contains("sonnets.txt: looks like HTML"), "{err}");
    assert!(err.contains("read as HTML"), "{err}");
}

/// Writes an EPUB (standard container layout: `mimetype` stored first, the container, an
/// OPF package with a one-item spine) holding `xhtml` as its only content document.
fn write_epub(path: &Path, xhtml: &[u8]) {
    use std::io::Write;
    let f = std::fs::File::create(path).unwrap();
    let mut z = zip::ZipWriter::new(f);
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    let deflated = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    z.start_file("mimetype", stored).unwrap();
    z.write_all(b"application/epub+zip").unwrap();
    z.start_file("META-INF/container.xml", deflated).unwrap();
    z.write_all(
        br#"<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>"#,
    )
    .unwrap();
    z.start_file("OEBPS/content.opf", deflated).unwrap();
    z.write_all(
        br#"<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">pg1041</dc:identifier>
    <dc:title>Shakespeare's Sonnets</dc:title><dc:language>en</dc:language></metadata>
  <manifest><item id="text" href="text/sonnets.xhtml" media-type="application/xhtml+xml"/></manifest>
  <spine><itemref idref="text"/></spine>
</package>"#,
    )
    .unwrap();
    z.start_file("OEBPS/text/sonnets.xhtml", deflated).unwrap();
    z.write_all(xhtml).unwrap();
    z.finish().unwrap();
}

/// The Project Gutenberg HTML edition of the Sonnets gives the same set as the text copy,
/// and so does an EPUB built from that HTML. Differences, if any, are printed and must be
/// among those explained below.
#[test]
fn html_and_epub_sonnets_give_the_text_copys_set() {
    let (Some(html), Some(txt)) = (
        folio_testdata::path("corpora/html/pg1041-shakespeares-sonnets.htm"),
        folio_testdata::path("corpora/gutenberg/pg1041-shakespeares-sonnets.txt"),
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ingest(&[txt], &d.join("txt.fst"), &["--quiet"]);
    ingest(
        std::slice::from_ref(&html),
        &d.join("html.fst"),
        &["--quiet"],
    );
    // The EPUB's content document is the HTML page as UTF-8 (EPUB requires it).
    let bytes = std::fs::read(&html).unwrap();
    let page: String = bytes.iter().map(|&b| char::from(b)).collect(); // ISO-8859-1
    let page = page.replace("charset=ISO-8859-1", "charset=UTF-8");
    write_epub(&d.join("sonnets.epub"), page.as_bytes());
    ingest(&[d.join("sonnets.epub")], &d.join("epub.fst"), &["--quiet"]);
    let diff = |a: &str, b: &str| -> Vec<String> {
        let o = folio()
            .args(["words", "difference"])
            .arg(d.join(a))
            .arg(d.join(b))
            .args(["-o", "-"])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
        stdout_of(&o).lines().map(String::from).collect()
    };
    for other in ["html.fst", "epub.fst"] {
        let only_txt = diff("txt.fst", other);
        let only_other = diff(other, "txt.fst");
        eprintln!("{other}: only in the text copy {only_txt:?}; only in {other} {only_other:?}");
        assert_eq!(only_txt, Vec::<String>::new(), "{other}");
        assert_eq!(only_other, Vec::<String>::new(), "{other}");
    }
}

/// `--report` is an output like `-o`: it never overwrites a book, a list, or the word set's
/// own files (it once replaced the set, and even the book it was reading, and exited 0).
#[test]
fn the_drop_report_overwrites_no_input_and_no_output() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let book = "The whale and the Sea, said Ahab to the sea.\n";
    std::fs::write(d.join("book.txt"), book).unwrap();
    std::fs::write(d.join("keep.txt"), "ahab\n").unwrap();
    for report in ["z.fst", "z.json", "z.counts.fst", "book.txt", "keep.txt"] {
        let out = folio()
            .current_dir(d)
            .args(["ingest", "book.txt", "-o", "z.fst", "--include", "keep.txt"])
            .args(["--report", report])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--report {report}: {err}");
        assert!(err.contains(report), "--report {report}: {err}");
    }
    assert_eq!(std::fs::read_to_string(d.join("book.txt")).unwrap(), book);
    assert_eq!(
        std::fs::read_to_string(d.join("keep.txt")).unwrap(),
        "ahab\n"
    );
    assert!(!d.join("z.fst").exists());
}

/// `--include`/`--exclude` lists are read as `words import` reads a list: a UTF-8 BOM is
/// dropped, a Windows-1252 line is decoded, a refused line is named by its number, a binary
/// file is refused, and a stream is read up to the same 256 MiB cap (so `/dev/zero` is an
/// error, not gigabytes of memory).
#[test]
fn include_and_exclude_lists_are_read_like_imported_lists() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.txt");
    std::fs::write(&book, "the cafe and the ice and Queen Mab\n").unwrap();
    let run = |list: &[u8], extra: &[&str]| {
        let l = dir.path().join("list.txt");
        std::fs::write(&l, list).unwrap();
        let out = dir.path().join("o.fst");
        let o = folio()
            .arg("ingest")
            .arg(&book)
            .arg("-o")
            .arg(&out)
            .arg("-q")
            .arg("--include")
            .arg(&l)
            .args(extra)
            .output()
            .unwrap();
        let words = folio()
            .args(["words", "export", "--set"])
            .arg(&out)
            .output()
            .unwrap();
        (o, stdout_of(&words))
    };
    // A BOM before the first word, and café in Windows-1252 (0xE9), as Notepad writes them.
    let (o, words) = run(b"\xEF\xBB\xBFqueen\r\ncaf\xE9\r\n", &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    assert!(words.lines().any(|w| w == "QUEEN"), "{words}");
    let (o, _) = run(b"queen\nice cream\nmab\n", &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr_of(&o).contains("list.txt:2: \"ice cream\""),
        "{}",
        stderr_of(&o)
    );
    let (o, _) = run(b"queen\0\0\0", &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr_of(&o).contains("NUL byte at offset 5"),
        "{}",
        stderr_of(&o)
    );
    for memory in [&[][..], &["--memory", "1M"][..]] {
        let out = dir.path().join("z.fst");
        let o = folio()
            .arg("ingest")
            .arg(&book)
            .arg("-o")
            .arg(&out)
            .args(["-q", "--exclude", "/dev/zero"])
            .args(memory)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{memory:?}");
        assert!(
            stderr_of(&o).contains("MiB from a stream"),
            "{}",
            stderr_of(&o)
        );
    }
}
