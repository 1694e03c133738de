//! End-to-end tests of `folio words` on ENABLE (`wordlists/enable1.txt`) and two small books.
//!
//! ENABLE is imported once per test binary, into Cargo's scratch folder for integration tests.

use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use assert_cmd::Command;
use folio_lexicon::{Policy, WordSet};

use crate::common::folio;

/// `folio words import LIST -o OUT`, ready to run.
fn import_cmd(list: &Path, out: &Path) -> Command {
    let mut c = folio();
    c.args(["words", "import"]).arg(list).arg("-o").arg(out);
    c
}

fn stdout_of(cmd: &mut Command) -> String {
    let out = cmd.output().expect("run folio");
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// The ENABLE list's path and its set, imported with `folio words import` once.
fn enable() -> Option<&'static (PathBuf, PathBuf)> {
    static ENABLE: OnceLock<Option<(PathBuf, PathBuf)>> = OnceLock::new();
    ENABLE
        .get_or_init(|| {
            let list = folio_testdata::path("wordlists/enable1.txt")?;
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("words-enable");
            std::fs::create_dir_all(&dir).expect("scratch folder");
            let set = dir.join("enable.fst");
            let out = folio()
                .args(["words", "import"])
                .arg(&list)
                .arg("-o")
                .arg(&set)
                .assert()
                .success()
                .get_output()
                .stdout
                .clone();
            let text = String::from_utf8(out).unwrap();
            assert!(text.contains(": 172820 words from 172820 lines"), "{text}");
            assert!(text.contains("duplicates: 0"), "{text}");
            assert!(text.contains("rejected lines: 0"), "{text}");
            Some((list, set))
        })
        .as_ref()
}

/// A small deterministic generator (splitmix64) for probes drawn with a fixed seed.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn import_keeps_every_enable_word_and_stats_says_so() {
    let Some((_, set)) = enable() else { return };
    let text = stdout_of(folio().args(["words", "stats", "--set"]).arg(set));
    assert!(text.contains("\nwords           172820\n"), "{text}");
    assert!(text.contains("counts map      none"), "{text}");
    let json: serde_json::Value = serde_json::from_str(&stdout_of(
        folio().args(["words", "stats", "--json", "--set"]).arg(set),
    ))
    .unwrap();
    assert_eq!(json["count"], 172_820);
    // ENABLE keeps its long words: 4,272 of them have more than 15 letters.
    let long: u64 = json["lengths"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(len, _)| len.parse::<usize>().unwrap() > 15)
        .map(|(_, n)| n.as_u64().unwrap())
        .sum();
    assert_eq!(long, 4272);
    let letters: u64 = json["letters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["count"].as_u64().unwrap())
        .sum();
    assert_eq!(letters, json["total_letters"].as_u64().unwrap());
    // The manifest says there is no counts map.
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(set.with_extension("json")).unwrap()).unwrap();
    assert_eq!(manifest["counts_map"], serde_json::Value::Null);
}

#[test]
fn contains_agrees_with_the_text_list_on_10000_probes() {
    let Some((list, set)) = enable() else { return };
    let text = std::fs::read_to_string(list).unwrap();
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let exact: HashSet<&str> = lines.iter().copied().collect();
    let mut rng = SplitMix(0x5EED_F011_0006);
    let mut probes = Vec::with_capacity(10_000);
    while probes.len() < 10_000 {
        if probes.len() % 2 == 0 {
            probes.push(lines[rng.below(lines.len())].to_string());
        } else {
            let len = 2 + rng.below(8);
            let w: String = (0..len)
                .map(|_| char::from(b'a' + rng.below(26) as u8))
                .collect();
            if !exact.contains(w.as_str()) {
                probes.push(w);
            }
        }
    }
    let out = folio()
        .args(["words", "contains", "--set"])
        .arg(set)
        .write_stdin(probes.join("\n"))
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), probes.len());
    for (probe, answer) in probes.iter().zip(answers) {
        let want = format!("{probe} {}", exact.contains(probe.as_str()));
        assert_eq!(answer, want);
    }
}

#[test]
fn contains_exit_codes_and_normalisation() {
    let Some((_, set)) = enable() else { return };
    folio()
        .args(["words", "contains", "--set"])
        .arg(set)
        .args(["Whale", "CAFÉ"])
        .assert()
        .code(0)
        .stdout("Whale true\nCAFÉ true\n");
    folio()
        .args(["words", "contains", "--set"])
        .arg(set)
        .args(["whale", "c4t"])
        .assert()
        .code(1)
        .stdout("whale true\nc4t false\n");
}

#[test]
fn anagram_aeinrst_prints_exactly_the_nine() {
    let Some((_, set)) = enable() else { return };
    let out = stdout_of(
        folio()
            .args(["words", "anagram", "--set"])
            .arg(set)
            .arg("aeinrst"),
    );
    let words: Vec<&str> = out.lines().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(
        words,
        [
            "ANESTRI", "ANTSIER", "NASTIER", "RATINES", "RETAINS", "RETINAS", "RETSINA", "STAINER",
            "STEARIN"
        ]
    );
    assert!(out.lines().all(|l| l.ends_with(" 7")), "{out}");
}

#[test]
fn listing_queries_agree_with_the_list() {
    let Some((list, set)) = enable() else { return };
    let text = std::fs::read_to_string(list).unwrap();
    let upper: Vec<String> = text.lines().map(|l| l.trim().to_uppercase()).collect();
    let run = |args: &[&str]| -> Vec<String> {
        stdout_of(folio().args(["words"]).args(args).arg("--set").arg(set))
            .lines()
            .map(String::from)
            .collect()
    };
    let want: Vec<_> = upper
        .iter()
        .filter(|w| w.starts_with("ZYM"))
        .cloned()
        .collect();
    assert_eq!(run(&["prefix", "zym"]), want);
    let want: Vec<_> = upper
        .iter()
        .filter(|w| w.len() >= 3 && w.starts_with('Q') && w.ends_with('S') && !w.contains('U'))
        .cloned()
        .collect();
    assert_eq!(
        run(&["pattern", "q*s"]).len(),
        upper
            .iter()
            .filter(|w| w.starts_with('Q') && w.ends_with('S'))
            .count()
    );
    assert_eq!(run(&["regex", "q[^u]*s"]), want);
    let fuzzy = run(&["fuzzy", "whale", "-d", "1"]);
    assert_eq!(
        fuzzy,
        ["HALE", "SHALE", "WALE", "WHALE", "WHALED", "WHALER", "WHALES", "WHILE", "WHOLE"]
    );
    let json: serde_json::Value =
        serde_json::from_str(&run(&["pattern", "c?t", "--json"]).join("\n")).unwrap();
    assert_eq!(json["count"], json["words"].as_array().unwrap().len());
    assert!(json["words"].as_array().unwrap().contains(&"CAT".into()));
}

#[test]
fn from_rack_shows_blanks_and_scores() {
    let Some((_, set)) = enable() else { return };
    let out = stdout_of(
        folio()
            .args(["words", "from-rack", "--set"])
            .arg(set)
            .args(["qai?", "--min-len", "4"]),
    );
    let lines: Vec<&str> = out.lines().collect();
    // Q (10), A and I (1 each) are real tiles; the blank scores 0 and is shown in lower case.
    assert!(
        lines.contains(&"QAId 12") && lines.contains(&"QuAI 12"),
        "{out}"
    );
    let scores: Vec<u32> = lines
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap().parse().unwrap())
        .collect();
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "not sorted by score: {out}"
    );
}

/// A set of the words of a book: whitespace-split tokens, punctuation trimmed, normalised by
/// the game policy. A stand-in until `folio ingest` lands on main.
fn book_set(rel: &str, out: &Path) -> Option<()> {
    let book = folio_testdata::path(rel)?;
    let text = String::from_utf8_lossy(&std::fs::read(book).unwrap()).into_owned();
    let policy = Policy::game();
    let words = text
        .split_whitespace()
        .map(|t| t.trim_matches(|c: char| !c.is_alphabetic()))
        .filter_map(|t| policy.normalize_word(t));
    let set = WordSet::from_words(words.collect::<Vec<_>>()).unwrap();
    std::fs::write(out, set.as_fst_set().as_fst().as_bytes()).unwrap();
    Some(())
}

fn exported(set: &Path) -> BTreeSet<String> {
    stdout_of(folio().args(["words", "export", "--set"]).arg(set))
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn set_algebra_agrees_with_a_sorted_list_comparison() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("proposal.fst");
    let b = dir.path().join("wallpaper.fst");
    if book_set("corpora/gutenberg/pg1080-a-modest-proposal.txt", &a).is_none() {
        return;
    }
    book_set("corpora/gutenberg/pg1952-the-yellow-wallpaper.txt", &b).unwrap();
    let (la, lb) = (exported(&a), exported(&b));
    assert!(la.len() > 500 && lb.len() > 500);
    let cases: [(&str, BTreeSet<String>); 3] = [
        ("union", la.union(&lb).cloned().collect()),
        ("intersect", la.intersection(&lb).cloned().collect()),
        ("difference", la.difference(&lb).cloned().collect()),
    ];
    for (op, want) in cases {
        let out = dir.path().join(format!("{op}.fst"));
        let report = stdout_of(
            folio()
                .args(["words", op])
                .arg(&a)
                .arg(&b)
                .arg("-o")
                .arg(&out),
        );
        assert!(
            report.contains(&format!("{} words", want.len())),
            "{report}"
        );
        assert!(report.contains("counts map: none"), "{report}");
        assert_eq!(exported(&out), want, "{op}");
    }
    // Several --set flags query their union.
    let word = la.difference(&lb).next().unwrap().clone();
    let other = lb.difference(&la).next().unwrap().clone();
    folio()
        .args(["words", "contains", "--set"])
        .arg(&a)
        .arg("--set")
        .arg(&b)
        .args([&word, &other])
        .assert()
        .code(0);
}

#[test]
fn import_reports_duplicates_and_rejected_lines() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    std::fs::write(
        &list,
        "zebra\r\nApple\r\n\r\nc4t\r\napple\r\nantidisestablishmentarianism\r\n",
    )
    .unwrap();
    let out = dir.path().join("l.fst");
    let json: serde_json::Value = serde_json::from_str(&stdout_of(
        folio()
            .args(["words", "import", "--json", "--max-len", "15"])
            .arg(&list)
            .arg("-o")
            .arg(&out),
    ))
    .unwrap();
    let r = &json["report"];
    assert_eq!(r["words"], 2);
    assert_eq!(r["duplicates"][0]["line"], 5);
    assert_eq!(r["duplicates"][0]["first_line"], 2);
    let rejected: Vec<u64> = r["rejected"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["line"].as_u64().unwrap())
        .collect();
    assert_eq!(rejected, [4, 6]);
    assert_eq!(
        exported(&out),
        BTreeSet::from(["APPLE".into(), "ZEBRA".into()])
    );
}

/// `contains` reads stdin as `import` reads a list: a line that is not UTF-8 is read as
/// Windows-1252 (once an error that cut the answers short), CRLF and blank lines are fine.
#[test]
fn contains_reads_latin1_and_crlf_lines_from_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("l.txt");
    std::fs::write(&list, "cafe\nwhale\n").unwrap();
    let set = dir.path().join("l.fst");
    import_cmd(&list, &set).assert().success();
    let out = folio()
        .args(["words", "contains", "--set"])
        .arg(&set)
        .write_stdin(&b"whale\r\ncaf\xe9\n\nxyzzy\n"[..])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "xyzzy is absent");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "whale true\ncaf\u{e9} true\nxyzzy false\n"
    );
    // Lone CR line ends (classic Mac OS) split lines as `import` splits a list.
    folio()
        .args(["words", "contains", "--set"])
        .arg(&set)
        .write_stdin(&b"whale\rcafe\r\rxyzzy\r\n"[..])
        .assert()
        .code(1)
        .stdout("whale true\ncafe true\nxyzzy false\n");
    folio()
        .args(["words", "contains", "--set"])
        .arg(&set)
        .write_stdin(&b"whale\rcafe\r"[..])
        .assert()
        .code(0)
        .stdout("whale true\ncafe true\n");
}

/// `-` among the words of `contains` and `hooks` is stdin, as for ingest, import and play
/// (it was looked up as the word `-`); given twice it is a usage error.
#[test]
fn a_dash_among_the_words_reads_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("l.txt");
    std::fs::write(
        &list,
        "at
cat
cats
scat
whale
",
    )
    .unwrap();
    let set = dir.path().join("l.fst");
    import_cmd(&list, &set).assert().success();
    let run = |args: &[&str], stdin: &str| {
        let mut c = folio();
        c.args(["words", args[0], "--set"])
            .arg(&set)
            .args(&args[1..]);
        c.write_stdin(stdin.to_string());
        c.assert()
    };
    run(&["contains", "-"], "whale\n")
        .code(0)
        .stdout("whale true\n");
    run(&["contains", "cat", "-", "at"], "whale\rxyzzy\n")
        .code(1)
        .stdout("cat true\nwhale true\nxyzzy false\nat true\n");
    run(&["hooks", "-"], "cat\n\nat\n")
        .code(0)
        .stdout("S CAT S\nC AT -\n");
    let err = run(&["contains", "-", "-"], "whale\n").code(2);
    let text = String::from_utf8_lossy(&err.get_output().stderr).into_owned();
    assert!(text.contains("- (stdin) is given 2 times"), "{text}");
}

/// Set algebra may rewrite an input in place, but not write a set over an input's counts
/// map (or counts over an input set): `-o emma.counts.fst` once replaced Emma's counts.
#[test]
fn algebra_does_not_write_over_an_inputs_counts_map() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (name, text) in [
        ("a", "the whale and the sea\n"),
        ("b", "the ball and the dance\n"),
    ] {
        std::fs::write(d.join(format!("{name}.txt")), text).unwrap();
        folio()
            .args(["ingest", "--quiet"])
            .arg(d.join(format!("{name}.txt")))
            .arg("-o")
            .arg(d.join(format!("{name}.fst")))
            .assert()
            .success();
    }
    let counts_before = std::fs::read(d.join("b.counts.fst")).unwrap();
    let o = folio()
        .current_dir(d)
        .args(["words", "union", "a.fst", "b.fst", "-o", "b.counts.fst"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("b.counts.fst is both an input and an output of this command"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(d.join("b.counts.fst")).unwrap(),
        counts_before
    );
    // In place is fine: a.fst becomes the union, a.counts.fst its summed counts.
    folio()
        .current_dir(d)
        .args(["words", "union", "a.fst", "b.fst", "-o", "a.fst"])
        .assert()
        .success();
    let top = stdout_of(
        folio()
            .current_dir(d)
            .args(["words", "top", "--set", "a.fst", "1"]),
    );
    assert_eq!(top, "THE 4\n");
}

/// A list without one word gives an empty set, with a warning naming it.
#[test]
fn import_warns_about_an_empty_set() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("none.txt");
    std::fs::write(&list, "c4t\n\n").unwrap();
    let out = dir.path().join("n.fst");
    import_cmd(&list, &out)
        .assert()
        .success()
        .stderr(predicates::str::contains(
            "n.fst: the word set is empty: no line of",
        ));
}

/// A binary file is not a word list: refused naming it (exit 2), nothing written. A long
/// rejected line is shortened in the text report and kept whole in the manifest.
#[test]
fn import_refuses_binary_files_and_shortens_long_rejected_lines() {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("prog");
    std::fs::write(&bin, b"\x7fELF\x02\x01\x01\0\0\0cat\n").unwrap();
    let out = dir.path().join("b.fst");
    import_cmd(&bin, &out)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "prog: binary file (NUL byte at offset 7), not a word list",
        ));
    assert!(!out.exists());
    assert!(!dir.path().join("b.json").exists());

    let list = dir.path().join("long.txt");
    let long = format!("cat\n{} x\n", "q".repeat(5000));
    std::fs::write(&list, &long).unwrap();
    let text = stdout_of(&mut import_cmd(&list, &out));
    // Named FILE:LINE, so the report says which list it is about.
    let shown = format!(
        "  {}:2: \"{}\"… (5002 bytes): not a word",
        list.display(),
        "q".repeat(80)
    );
    assert!(text.contains(&shown), "{text}");
    assert!(text.len() < 1000, "{text}");
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("b.json")).unwrap()).unwrap();
    // The manifest keeps the start of the line and its length.
    let rejected = &manifest["report"]["rejected"][0];
    assert_eq!(rejected["text"].as_str().map(str::len), Some(80));
    assert_eq!(
        (&rejected["cut"], &rejected["bytes"]),
        (&true.into(), &5002.into())
    );
}

#[test]
fn import_reads_only_the_lines_that_are_not_utf8_as_windows_1252() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("mixed.txt");
    // Line 2 is UTF-8; lines 3 and 5 are Latin-1 bytes.
    std::fs::write(&list, b"cat\nna\xC3\xAFve\ncaf\xE9\ndog\nse\xF1or\n").unwrap();
    let out = dir.path().join("m.fst");
    let assert = import_cmd(&list, &out)
        .assert()
        .success()
        .stdout(predicates::str::contains("(utf-8+windows-1252, 0 blank)"));
    let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert_eq!(
        stderr.matches("warning").count(),
        1,
        "one warning for the file: {stderr}"
    );
    assert!(
        stderr.contains("mixed.txt: 2 lines are not UTF-8 (first: line 3); read as Windows-1252"),
        "{stderr}"
    );
    let words: BTreeSet<String> = ["CAFE", "CAT", "DOG", "NAIVE", "SENOR"]
        .map(String::from)
        .into();
    assert_eq!(exported(&out), words);
    // A list that is all UTF-8 gets no warning.
    std::fs::write(&list, "na\u{ef}ve\n").unwrap();
    import_cmd(&list, &out).assert().success().stderr("");
}

#[test]
fn bad_sets_are_named_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.fst");
    let set = WordSet::from_words(["CAT", "CATS", "DOG", "DOGS", "EEL", "EELS"]).unwrap();
    let bytes = set.as_fst_set().as_fst().as_bytes().to_vec();
    std::fs::write(&good, &bytes).unwrap();
    let truncated = dir.path().join("truncated.fst");
    std::fs::write(&truncated, &bytes[..bytes.len() - 7]).unwrap();
    let text = dir.path().join("text.fst");
    std::fs::write(&text, "CAT\nDOG\n".repeat(10)).unwrap();
    let missing = dir.path().join("missing.fst");
    for bad in [&truncated, &text, &missing, &dir.path().to_path_buf()] {
        let name = bad.file_name().unwrap().to_str().unwrap();
        for sub in [
            &["contains", "cat"][..],
            &["stats"],
            &["export"],
            &["from-rack", "cat"],
        ] {
            folio()
                .arg("words")
                .arg(sub[0])
                .arg("--set")
                .arg(bad)
                .args(&sub[1..])
                .assert()
                .code(2)
                .stderr(predicates::str::contains(name));
        }
    }
    // The reason is short, not fst's "an unknown error occurred".
    let reason = |path: &Path, args: &[&str]| {
        let tail: &[&str] = if args[0] == "words" { &["cat"] } else { &[] };
        let out = folio().args(args).arg(path).args(tail).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        String::from_utf8(out.stderr).unwrap()
    };
    let contains = ["words", "contains", "--set"];
    let err = reason(&text, &contains);
    assert!(
        err.contains("text.fst: not a folio word set (fst) file: truncated, or not an fst at all"),
        "{err}"
    );
    assert!(!err.contains("unknown error"), "{err}");
    let empty = dir.path().join("empty.fst");
    std::fs::write(&empty, b"").unwrap();
    let err = reason(&empty, &contains);
    assert!(
        err.ends_with("empty.fst: not a folio word set (fst) file: empty file\n"),
        "{err}"
    );
    // A flipped byte is found by the fst checksum on every open, with or without the
    // (now no-op) --verify, and in every command that reads the set.
    let flipped = dir.path().join("flipped.fst");
    let mut b = bytes.clone();
    b[20] ^= 0x01;
    std::fs::write(&flipped, &b).unwrap();
    let corrupt =
        "flipped.fst: not a folio word set (fst) file: checksum mismatch: the file is corrupt or truncated";
    for args in [
        &["words", "contains", "--set"][..],
        &["words", "contains", "--verify", "--set"],
        &["words", "from-rack", "--set"],
        &["boggle", "solve", "--board", "catsdogseelscats", "--set"],
    ] {
        let err = reason(&flipped, args);
        assert!(err.contains(corrupt), "{args:?}: {err}");
    }
    folio()
        .args(["words", "union", "-o"])
        .arg(dir.path().join("u.fst"))
        .arg(&good)
        .arg(&flipped)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(corrupt));
    folio()
        .args(["words", "contains", "--verify", "--set"])
        .arg(&good)
        .arg("cat")
        .assert()
        .code(0);
}

/// A file crafted to pass the checksum (the `lexicon_counts` fuzz finding in
/// tests/data/lexicon: shared nodes spelling no word below one of them and far more words
/// than its header counts) is refused by every command on open, exit 2, before a walk that
/// took seconds per pass and would never end on a cycle.
#[test]
fn a_checksummed_but_malformed_set_is_refused_on_open() {
    let dir = tempfile::tempdir().unwrap();
    let hostile = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/lexicon/malformed-many-paths.counts.fst");
    let as_set = dir.path().join("hostile.fst");
    std::fs::copy(&hostile, &as_set).unwrap();
    let why = "hostile.fst: word set could not be decoded although its checksum matches \
               (a malformed fst): the node at byte 167 leads to no word";
    for args in [
        &["words", "stats", "--set"][..],
        &["words", "export", "--set"],
        &["words", "regex", ".*", "--set"],
        &["boggle", "solve", "--board", "catsdogseelscats", "--set"],
    ] {
        folio()
            .args(args)
            .arg(&as_set)
            .timeout(std::time::Duration::from_secs(20))
            .assert()
            .code(2)
            .stderr(predicates::str::contains(why));
    }
}

/// Options that are accepted and mean nothing are usage errors (exit 2) saying why.
#[test]
fn options_that_make_no_sense_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("s.fst");
    let w = WordSet::from_words(["CAT"]).unwrap();
    std::fs::write(&set, w.as_fst_set().as_fst().as_bytes()).unwrap();
    let list = dir.path().join("list.txt");
    std::fs::write(&list, "cat\n").unwrap();
    let (set, list) = (set.to_str().unwrap(), list.to_str().unwrap());
    let out = dir.path().join("o.fst");
    let out = out.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["import", list, "-o", out, "--min-len", "0"],
            "invalid value '0' for '--min-len <N>': must be at least 1",
        ),
        (
            &[
                "import",
                list,
                "-o",
                out,
                "--min-len",
                "5",
                "--max-len",
                "4",
            ],
            "--min-len 5 is more than --max-len 4: no word could be imported",
        ),
        (
            &["from-rack", "--set", set, "cat", "--min-len", "0"],
            "invalid value '0' for '--min-len <N>': must be at least 1",
        ),
        (
            &["import", list, "-o", out, "--max-len", "0"],
            "invalid value '0' for '--max-len <N>': must be at least 1",
        ),
        (
            &["prefix", "--set", set, "c", "--limit", "0"],
            "invalid value '0' for '--limit <N>': must be at least 1: 0 would print no word",
        ),
        (
            &["top", "0", "--set", set],
            "invalid value '0' for '[N]': must be at least 1: 0 would list no word",
        ),
        (
            &["top", "--limit", "0", "--set", set],
            "invalid value '0' for '--limit <N>': must be at least 1: 0 would list no word",
        ),
        (
            &["compare", set, set, "--limit", "0"],
            "invalid value '0' for '--limit <N>': must be at least 1: 0 would list no word \
             (-q prints only the summary",
        ),
        (
            &["compare", set, set, "--top", "0"],
            "invalid value '0' for '--limit <N>': must be at least 1",
        ),
        (
            &["export", "--set", set, "--counts", "--min-books", "0"],
            "invalid value '0' for '--min-books <N>': must be at least 1: every word occurs",
        ),
        (
            &["regex", "--set", set, "c.*", "--limit", "0"],
            "invalid value '0' for '--limit <N>': must be at least 1",
        ),
    ];
    for (args, why) in cases {
        let o = folio().arg("words").args(*args).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(why), "{args:?}: {err}");
    }
    assert!(!Path::new(out).exists());
}

#[test]
fn top_says_when_there_is_no_counts_map() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("plain.fst");
    let set = WordSet::from_words(["CAT"]).unwrap();
    std::fs::write(&p, set.as_fst_set().as_fst().as_bytes()).unwrap();
    folio()
        .args(["words", "top", "5", "--set"])
        .arg(&p)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no counts map"))
        .stderr(predicates::str::contains("plain.counts.fst"));
}

#[test]
fn top_reads_and_union_sums_the_counts_maps() {
    use folio_lexicon::set::{counts::write_counts, counts_path};
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, pairs: &[(&str, u64)]| {
        let p = dir.path().join(name);
        let set = WordSet::from_words(pairs.iter().map(|(w, _)| w)).unwrap();
        std::fs::write(&p, set.as_fst_set().as_fst().as_bytes()).unwrap();
        write_counts(&counts_path(&p), pairs.iter().copied()).unwrap();
        p
    };
    let a = write("a.fst", &[("CAT", 3), ("DOG", 9), ("EEL", 1)]);
    let b = write("b.fst", &[("CAT", 7), ("FOX", 2)]);
    folio()
        .args(["words", "top", "2", "--set"])
        .arg(&a)
        .assert()
        .success()
        .stdout("DOG 9\nCAT 3\n");
    folio()
        .args(["words", "top", "2", "--set"])
        .arg(&a)
        .arg("--set")
        .arg(&b)
        .assert()
        .success()
        .stdout("CAT 10\nDOG 9\n");
    let u = dir.path().join("u.fst");
    folio()
        .args(["words", "union"])
        .arg(&a)
        .arg(&b)
        .arg("-o")
        .arg(&u)
        .assert()
        .success()
        .stdout(predicates::str::contains("u.counts.fst"));
    let out = folio()
        .args(["words", "top", "10", "--json", "--set"])
        .arg(&u)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(
        v["words"][0],
        serde_json::json!({"word": "CAT", "count": 10})
    );
}

#[test]
fn bad_queries_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("s.fst");
    let set = WordSet::from_words(["CAT"]).unwrap();
    std::fs::write(&p, set.as_fst_set().as_fst().as_bytes()).unwrap();
    for q in [
        &["regex", "(ab"][..],
        &["pattern", "c4t"],
        &["from-rack", "a1"],
    ] {
        folio()
            .arg("words")
            .args(q)
            .arg("--set")
            .arg(&p)
            .assert()
            .code(2)
            .stderr(predicates::str::contains(q[1]));
    }
}

/// `export --set g.fst -o g.fst` once replaced the set with its text export, and `import
/// list.txt -o list.txt` the list with a set: an output that is an input is refused (exit 2)
/// and the input is kept.
#[test]
fn an_output_that_is_an_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("list.txt"), "zebra\napple\n").unwrap();
    folio()
        .current_dir(d)
        .args(["words", "import", "list.txt", "-o", "g.fst"])
        .assert()
        .success();
    let set = std::fs::read(d.join("g.fst")).unwrap();
    for (args, input) in [
        (&["export", "--set", "g.fst", "-o", "g.fst"][..], "g.fst"),
        (&["import", "list.txt", "-o", "list.txt"][..], "list.txt"),
        (&["import", "g.json", "-o", "g.fst"][..], "g.json"),
    ] {
        let before = std::fs::read(d.join(input)).unwrap();
        let out = folio()
            .current_dir(d)
            .arg("words")
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(input) && err.contains("input"), "{err}");
        assert_eq!(std::fs::read(d.join(input)).unwrap(), before, "{args:?}");
    }
    assert_eq!(std::fs::read(d.join("g.fst")).unwrap(), set);
}

/// Queries normalise words with the policy in the set's manifest: a `--policy raw` set finds
/// its own words (CAFÉ, 123ABC) that the game policy would refuse; and a counts map given as
/// a set is refused by name.
#[test]
fn queries_follow_the_policy_the_set_was_built_with() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.txt");
    std::fs::write(&book, "The café sold 123abc and tea.\n").unwrap();
    let raw = dir.path().join("raw.fst");
    folio()
        .args(["ingest", "--quiet", "--policy", "raw", "-o"])
        .arg(&raw)
        .arg(&book)
        .assert()
        .success();
    let out = stdout_of(
        folio()
            .args(["words", "contains", "--set"])
            .arg(&raw)
            .args(["café", "123abc", "tea"]),
    );
    assert_eq!(out, "café true\n123abc true\ntea true\n");

    let game = dir.path().join("game.fst");
    folio()
        .args(["ingest", "--quiet", "-o"])
        .arg(&game)
        .arg(&book)
        .assert()
        .success();
    let a = folio()
        .args(["words", "contains", "--set"])
        .arg(&game)
        .arg("--set")
        .arg(&raw)
        .arg("tea")
        .assert()
        .success();
    let err = String::from_utf8_lossy(&a.get_output().stderr).into_owned();
    assert!(err.contains("different policies (game and raw)"), "{err}");

    let a = folio()
        .args(["words", "stats", "--set"])
        .arg(dir.path().join("raw.counts.fst"))
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&a.get_output().stderr).into_owned();
    assert!(err.contains("raw.counts.fst: a counts map"), "{err}");
}

/// Set algebra writes a manifest for its output (replacing a stale one when an input is
/// rewritten in place), refuses sets of different policies, and a manifest that cannot be
/// read is an error, never a silent fall back to the game policy.
#[test]
fn set_algebra_manifests_and_policies() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let d = tmp.path();
    let book = |name: &str, text: &str| {
        let p = d.join(name);
        std::fs::write(&p, text).expect("write");
        p
    };
    let ingest = |book: &Path, out: &str, extra: &[&str]| {
        folio()
            .arg("ingest")
            .arg(book)
            .arg("-o")
            .arg(d.join(out))
            .args(["--quiet"])
            .args(extra)
            .assert()
            .success();
    };
    ingest(
        &book("a.txt", "the whale and the sea and the ship\n"),
        "a.fst",
        &[],
    );
    ingest(&book("b.txt", "the sea is calm\n"), "b.fst", &[]);
    ingest(
        &book("c.txt", "the café is open and the sea\n"),
        "c.fst",
        &["--keep-diacritics"],
    );

    // In place: a.json now describes a minus b, not a's ingest.
    folio()
        .args(["words", "difference"])
        .arg(d.join("a.fst"))
        .arg(d.join("b.fst"))
        .arg("-o")
        .arg(d.join("a.fst"))
        .assert()
        .success();
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(d.join("a.json")).expect("a.json"))
            .expect("a.json is JSON");
    assert_eq!(manifest["made_by"], "folio words difference");
    // THE WHALE AND SEA SHIP, minus THE SEA IS CALM.
    assert_eq!(manifest["words"], 3, "{manifest}");
    assert_eq!(manifest["policy"]["name"], "game");

    // Different spellings: refused, naming both sets, and nothing written.
    let out = folio()
        .args(["words", "union"])
        .arg(d.join("b.fst"))
        .arg(d.join("c.fst"))
        .arg("-o")
        .arg(d.join("bc.fst"))
        .output()
        .expect("run folio");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("different policies"), "{err}");
    assert!(err.contains("c.fst (game --keep-diacritics)"), "{err}");
    assert!(!d.join("bc.fst").exists() && !d.join("bc.json").exists());

    // A union of sets of one policy keeps it: CAFÉ stays reachable.
    ingest(
        &book("e.txt", "the thé is hot\n"),
        "e.fst",
        &["--keep-diacritics"],
    );
    folio()
        .args(["words", "union"])
        .arg(d.join("c.fst"))
        .arg(d.join("e.fst"))
        .arg("-o")
        .arg(d.join("cc.fst"))
        .assert()
        .success();
    folio()
        .args(["words", "contains", "--set"])
        .arg(d.join("cc.fst"))
        .arg("café")
        .assert()
        .success();

    // A corrupt manifest: exit 2 naming it.
    std::fs::write(d.join("c.json"), "garbage").expect("write");
    let out = folio()
        .args(["words", "contains", "--set"])
        .arg(d.join("c.fst"))
        .arg("café")
        .output()
        .expect("run folio");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("c.json: unreadable manifest"), "{err}");
}

/// An empty word is a usage error (exit 2) for every query, `contains` included (it once
/// answered `"" false`, exit 1, as if the word were simply absent), and nothing is printed
/// for the other words first; a blank line on stdin is still skipped.
#[test]
fn an_empty_word_is_a_usage_error_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("s.fst");
    let w = WordSet::from_words(["CAT"]).unwrap();
    std::fs::write(&set, w.as_fst_set().as_fst().as_bytes()).unwrap();
    let set = set.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["contains", "--set", set, ""], "empty word"),
        (&["contains", "--set", set, "cat", "  "], "empty word"),
        (&["prefix", "--set", set, ""], "empty prefix"),
        (&["fuzzy", "--set", set, ""], "empty word"),
        (&["anagram", "--set", set, ""], "empty rack"),
        (&["from-rack", "--set", set, " "], "empty rack"),
        (&["pattern", "--set", set, ""], "empty pattern"),
    ];
    for (args, why) in cases {
        let o = folio().arg("words").args(*args).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(why), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}: {:?}", o.stdout);
    }
    folio()
        .args(["words", "contains", "--set", set])
        .write_stdin("cat\n\n  \ncat\n")
        .assert()
        .code(0)
        .stdout("cat true\ncat true\n");
}

/// A word given to a query is never echoed raw: a word that is not a word under the policy
/// (terminal escapes, binary bytes from stdin) is shown escaped in `contains` answers and in
/// every query's errors, so it cannot rewrite the terminal. Words are shown as given.
#[test]
fn words_that_are_not_words_are_shown_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("s.fst");
    let w = WordSet::from_words(["CAT"]).unwrap();
    std::fs::write(&set, w.as_fst_set().as_fst().as_bytes()).unwrap();
    let set = set.to_str().unwrap();
    let evil = "\u{1b}]0;owned\u{7}\u{1b}[2J";
    let no_control = |bytes: &[u8]| {
        let text = String::from_utf8_lossy(bytes);
        assert!(
            !text.chars().any(|c| c.is_control() && c != '\n'),
            "raw control characters in {text:?}"
        );
        text.into_owned()
    };
    let o = folio()
        .args(["words", "contains", "--set", set, "cat", evil, "c4t"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        no_control(&o.stdout),
        "cat true\n\"\\u{1b}]0;owned\\u{7}\\u{1b}[2J\" false\nc4t false\n"
    );
    let o = folio()
        .args(["words", "contains", "--set", set])
        .write_stdin(&b"cat\n\x1b[31m\x9b\xff\n"[..])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(no_control(&o.stdout).starts_with("cat true\n\""), "{o:?}");
    for query in [
        "prefix",
        "fuzzy",
        "anagram",
        "from-rack",
        "pattern",
        "regex",
    ] {
        let arg = format!("{evil}(");
        let o = folio()
            .args(["words", query, "--set", set, &arg])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{query}");
        let err = no_control(&o.stderr);
        assert!(err.contains(r"\u{1b}]0;owned\u{7}"), "{query}: {err}");
    }
}

/// A set may come through a pipe (`--set /dev/stdin < g.fst`, `<(cat g.fst)`): a stream has
/// no length to map (once "empty file"), so it is read whole, its checksum still checked.
#[cfg(unix)]
#[test]
fn a_set_can_be_read_from_a_pipe() {
    let w = WordSet::from_words(["CAT", "DOG"]).unwrap();
    let bytes = w.as_fst_set().as_fst().as_bytes().to_vec();
    folio()
        .args(["words", "contains", "--set", "/dev/stdin", "cat", "cow"])
        .write_stdin(bytes.clone())
        .assert()
        .code(1)
        .stdout("cat true\ncow false\n");
    let mut corrupt = bytes;
    corrupt[9] ^= 1;
    folio()
        .args(["words", "contains", "--set", "/dev/stdin", "cat"])
        .write_stdin(corrupt)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "/dev/stdin: not a folio word set (fst) file: checksum mismatch",
        ));
}

/// An fst of format 1 or 2 (fst before 0.4) has no checksum: refused (exit 2) with the
/// reason docs/words.md quotes, not opened unchecked.
#[test]
fn old_fst_formats_are_refused_with_the_documented_reason() {
    let dir = tempfile::tempdir().unwrap();
    let w = WordSet::from_words(["CAT", "DOG"]).unwrap();
    let v3 = w.as_fst_set().as_fst().as_bytes();
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/words.md"))
        .unwrap();
    let reason = "no checksum to check it against (fst format 1 or 2; folio writes format 3)";
    assert!(doc.contains(reason));
    for version in [1u64, 2] {
        // Formats 1 and 2 are format 3 without the checksum at the end.
        let mut old = v3[..v3.len() - 4].to_vec();
        old[..8].copy_from_slice(&version.to_le_bytes());
        let p = dir.path().join(format!("v{version}.fst"));
        std::fs::write(&p, &old).unwrap();
        let o = folio()
            .args(["words", "contains", "--set"])
            .arg(&p)
            .arg("cat")
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(&format!(
                "v{version}.fst: not a folio word set (fst) file: {reason}"
            )),
            "{err}"
        );
    }
}

/// A huge query argument is quoted cut in the error (80 characters, `…` and the length),
/// not echoed whole: once a 100 KB rack or pattern came back whole, twice for a pattern.
#[test]
fn long_query_arguments_are_quoted_cut() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("s.fst");
    let w = WordSet::from_words(["CAT"]).unwrap();
    std::fs::write(&set, w.as_fst_set().as_fst().as_bytes()).unwrap();
    let set = set.to_str().unwrap();
    let arg = format!("{}1", "a".repeat(100_000));
    let cut = format!("\"{}\"… (100001 characters)", "a".repeat(80));
    for query in [
        "from-rack",
        "anagram",
        "pattern",
        "prefix",
        "fuzzy",
        "regex",
    ] {
        let o = folio()
            .args(["words", query, "--set", set, &arg])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(
            o.status.code(),
            Some(if query == "regex" { 0 } else { 2 }),
            "{query}"
        );
        assert!(err.len() < 400, "{query}: {} bytes: {err}", err.len());
        if query != "regex" {
            assert!(err.contains(&cut), "{query}: {err}");
        }
    }
    let o = folio()
        .args(["words", "regex", "--set", set, &format!("({arg}")])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err.ends_with("(100002 characters): unclosed group\n"),
        "{err}"
    );
}

/// `export -o` never overwrites a side file of the set it reads (its manifest once became the
/// word list, and every later query on the set failed).
#[test]
fn export_never_overwrites_the_sets_side_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("list.txt"), "cat\ndog\n").unwrap();
    folio()
        .current_dir(d)
        .args(["words", "import", "list.txt", "-o", "s.fst"])
        .assert()
        .success();
    let manifest = std::fs::read(d.join("s.json")).unwrap();
    let o = folio()
        .current_dir(d)
        .args(["words", "export", "--set", "s.fst", "-o", "s.json"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("refusing to overwrite"), "{err}");
    assert_eq!(std::fs::read(d.join("s.json")).unwrap(), manifest);
}

/// `hooks` answers a word the policy cannot spell (`c4t`) as `contains` does: not a word,
/// no hooks, exit 1 — and any absent word exits 1, as in `contains`.
#[test]
fn hooks_treats_an_unspellable_word_as_contains_does() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    std::fs::write(&list, "at\ncat\ncats\nscat\n").unwrap();
    let set = dir.path().join("s.fst");
    import_cmd(&list, &set).assert().success();
    let hooks = |words: &[&str], json: bool| {
        let mut c = folio();
        c.args(["words", "hooks", "--set"]).arg(&set);
        if json {
            c.arg("--json");
        }
        c.args(words);
        c
    };
    hooks(&["cat"], false).assert().code(0).stdout("S CAT S\n");
    hooks(&["cat", "c4t"], false)
        .assert()
        .code(1)
        .stdout("S CAT S\n- c4t* -\n");
    // --json: one value for any number of words, shaped as `contains --json`.
    let out = hooks(&["cat", "c4t"], true).assert().code(1);
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert_eq!(text.lines().count(), 1, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        v,
        serde_json::json!({
            "count": 2, "present": 1, "absent": 1, "all_present": false,
            "results": [
                {"word": "cat", "key": "CAT", "present": true, "front": "S", "back": "S"},
                {"word": "c4t", "key": null, "present": false, "front": "", "back": ""},
            ],
        })
    );
    // A spellable word absent from the set: its hooks, and exit 1.
    hooks(&["ca"], false).assert().code(1).stdout("- CA* T\n");
    // An empty word is still a usage error, before any answer.
    hooks(&["cat", ""], false).assert().code(2).stdout("");
}

/// `contains` reading stdin holds at most one line over 1 MiB (`< /dev/zero` once grew
/// until the allocator aborted): such a line is an error naming it (exit 2), after the
/// answers before it.
#[test]
fn contains_refuses_an_endless_stdin_line() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("l.txt");
    std::fs::write(&list, "whale\n").unwrap();
    let set = dir.path().join("l.fst");
    import_cmd(&list, &set).assert().success();
    let mut input = b"whale\n".to_vec();
    input.resize(input.len() + (2 << 20), b'a');
    let out = folio()
        .args(["words", "contains", "--set"])
        .arg(&set)
        .write_stdin(input)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("line 2 of stdin is longer than 1048576 bytes"),
        "{err}"
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "whale true\n");
}

/// The trial's case: a word set copied where its counts map belongs is refused when the
/// counts map is opened (it printed counts of 0 and a Zipf of `-inf`); and a count of 0 in
/// a real counts map gives an empty `zipf` field in CSV and TSV, `null` in JSON, never
/// `-inf`.
#[test]
fn a_set_as_counts_map_is_refused_and_no_zipf_is_minus_infinity() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let set = WordSet::from_words(["CAT", "DOG"]).unwrap();
    let bytes = set.as_fst_set().as_fst().as_bytes().to_vec();
    std::fs::write(d.join("y.fst"), &bytes).unwrap();
    std::fs::write(d.join("y.counts.fst"), &bytes).unwrap();
    for args in [
        &["words", "top", "--set", "y.fst", "1"][..],
        &[
            "words", "export", "--set", "y.fst", "--counts", "--format", "csv",
        ],
        &["words", "export", "--set", "y.fst", "--counts", "--json"],
    ] {
        let out = folio().current_dir(d).args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("y.counts.fst: a word set, not a counts map"),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // A counts map with a count of 0 (no ingest writes one; a hand-made map may).
    let mut b = folio_lexicon::fst::MapBuilder::memory();
    b.insert("CAT", 3).unwrap();
    b.insert("DOG", 0).unwrap();
    std::fs::write(d.join("y.counts.fst"), b.into_inner().unwrap()).unwrap();
    let export = |format: &[&str]| {
        let out = folio()
            .current_dir(d)
            .args(["words", "export", "--set", "y.fst", "--counts"])
            .args(format)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let csv = export(&["--format", "csv"]);
    assert_eq!(
        csv,
        "word,count,books,relative_frequency,zipf\nCAT,3,,1,9.0000\nDOG,0,,0,\n"
    );
    let tsv = export(&["--format", "tsv"]);
    assert!(tsv.ends_with("DOG\t0\t\t0\t\n"), "{tsv}");
    let json: serde_json::Value = serde_json::from_str(&export(&["--json"])).unwrap();
    assert!(json["words"][1]["zipf"].is_null(), "{json}");
    for text in [&csv, &tsv] {
        assert!(!text.contains("inf") && !text.contains("NaN"), "{text}");
    }
}

#[test]
fn a_set_given_twice_is_refused_by_every_command_that_sums_sets() {
    use folio_lexicon::set::{counts::write_counts, counts_path};
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.fst");
    let set = WordSet::from_words(["CAT", "DOG"]).unwrap();
    std::fs::write(&a, set.as_fst_set().as_fst().as_bytes()).unwrap();
    write_counts(&counts_path(&a), [("CAT", 3), ("DOG", 9)]).unwrap();
    let dotted = dir.path().join(".").join("a.fst");
    let copy = dir.path().join("copy.fst");
    std::fs::copy(&a, &copy).unwrap();
    let out = dir.path().join("u.fst");
    let (a, dotted, copy, out) = (
        a.to_str().unwrap(),
        dotted.to_str().unwrap(),
        copy.to_str().unwrap(),
        out.to_str().unwrap(),
    );
    let cases: &[&[&str]] = &[
        &["top", "--set", a, "--set", a, "2"],
        &["top", "--set", a, "--set", dotted, "2"],
        &["contains", "--set", a, "--set", copy, "cat"],
        &["prefix", "--set", dotted, "--set", a, "c"],
        &["export", "--counts", "--set", a, "--set", copy],
        &["union", a, a, "-o", out],
        &["intersect", a, copy, "-o", out],
        &["hooks", "--set", a, "--set", copy, "cat"],
    ];
    for args in cases {
        let o = folio().arg("words").args(*args).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(
            err.contains("are the same file: a set is read once; name it once")
                || err.contains("hold the same bytes (a copy of one set)"),
            "{args:?}: {err}"
        );
    }
    assert!(!Path::new(out).exists());
    let err = String::from_utf8(
        folio()
            .args(["words", "union", a, copy, "-o", out])
            .output()
            .unwrap()
            .stderr,
    )
    .unwrap();
    assert!(
        err.contains(&format!("{a} and {copy} hold the same bytes")),
        "{err}"
    );
    // One set alone still counts once; difference (the first set's counts) and compare
    // may set a set beside itself or its copy.
    for other in [a, copy] {
        folio()
            .args(["words", "difference", a, other, "-o", "-"])
            .assert()
            .success()
            .stdout("");
    }
    folio()
        .args(["words", "top", "--set", a, "1"])
        .assert()
        .success()
        .stdout("DOG 9\n");
    folio()
        .args(["words", "compare", a, copy, "-q"])
        .assert()
        .success()
        .stdout(predicates::str::contains("jaccard  1.0000"));
}

/// `-o /dev/null`: the summary of union, intersect, difference and import names no file
/// that was not written (`/dev/null.counts.fst`, `/dev/null.json`).
#[test]
fn a_set_written_through_a_device_claims_no_side_file() {
    use folio_lexicon::set::{counts::write_counts, counts_path};
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, pairs: &[(&str, u64)]| {
        let p = dir.path().join(name);
        let set = WordSet::from_words(pairs.iter().map(|(w, _)| w)).unwrap();
        std::fs::write(&p, set.as_fst_set().as_fst().as_bytes()).unwrap();
        write_counts(&counts_path(&p), pairs.iter().copied()).unwrap();
        p
    };
    let a = write("a.fst", &[("CAT", 3), ("DOG", 9)]);
    let b = write("b.fst", &[("CAT", 7), ("FOX", 2)]);
    for op in ["union", "intersect", "difference"] {
        let out = stdout_of(
            folio()
                .args(["words", op])
                .arg(&a)
                .arg(&b)
                .args(["-o", "/dev/null"]),
        );
        assert!(!out.contains("/dev/null.counts.fst"), "{op}: {out}");
        assert!(
            out.ends_with(
                "\ncounts map: none (/dev/null is not a regular file: no counts map or \
                 manifest written)\n"
            ),
            "{op}: {out}"
        );
        let json: serde_json::Value = serde_json::from_str(&stdout_of(
            folio()
                .args(["words", op, "--json"])
                .arg(&a)
                .arg(&b)
                .args(["-o", "/dev/null"]),
        ))
        .unwrap();
        assert_eq!(json["counts"], serde_json::Value::Null, "{op}: {json}");
        assert_eq!(json["written_through"], true, "{op}: {json}");
    }
    let list: String = (0..150).map(|i| format!("cat\n{i}x\n")).collect();
    let out = stdout_of(
        folio()
            .args(["words", "import", "-", "-o", "/dev/null"])
            .write_stdin(list),
    );
    assert!(!out.contains("/dev/null.json"), "{out}");
    assert!(
        out.contains("(the others are not listed: no manifest is written beside /dev/null)"),
        "{out}"
    );
}

/// A `-` in a pattern's class is refused with a reason that suggests no place for it: under
/// the game policy no placement makes it a member (`[a-]` once said "put - last").
#[test]
fn a_dash_in_a_pattern_class_gets_an_honest_message() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("s.fst");
    let w = WordSet::from_words(["CAT", "COT"]).unwrap();
    std::fs::write(&set, w.as_fst_set().as_fst().as_bytes()).unwrap();
    for pattern in ["[a-]", "c[-a]t"] {
        let o = folio()
            .args(["words", "pattern", "--set"])
            .arg(&set)
            .arg(pattern)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{pattern}: {err}");
        assert!(
            err.contains("a class holds letters and ranges a-z")
                && err.contains("- is not a letter under the game policy"),
            "{pattern}: {err}"
        );
        assert!(!err.contains("put - last"), "{pattern}: {err}");
    }
    folio()
        .args(["words", "top", "--set"])
        .arg(&set)
        .args(["--pattern", "[a-]"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("- is not a letter"));
}

/// `folio ingest BOOK -o OUT` of a shared book; `None` without the shared data.
fn ingested(rel: &str, out: &Path) -> Option<()> {
    let book = folio_testdata::path(rel)?;
    folio()
        .arg("ingest")
        .arg(book)
        .arg("-o")
        .arg(out)
        .assert()
        .success();
    Some(())
}

#[test]
fn set_algebra_leaves_no_books_map_of_an_older_set() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    if ingested(
        "corpora/gutenberg/pg2701-moby-dick-or-the-whale.txt",
        &d.join("moby.fst"),
    )
    .is_none()
    {
        return;
    }
    ingested("corpora/gutenberg/pg158-emma.txt", &d.join("emma.fst")).unwrap();
    // An old set of the output's name, with every companion (its books map among them).
    for e in ["fst", "counts.fst", "books.fst", "json"] {
        std::fs::copy(d.join(format!("moby.{e}")), d.join(format!("m3.{e}"))).unwrap();
    }
    let run = |args: &[&str]| folio().current_dir(d).args(args).assert();
    run(&["words", "intersect", "moby.fst", "emma.fst", "-o", "mi.fst"]).success();
    let out = run(&["words", "union", "m3.fst", "mi.fst", "-o", "m3.fst"]).success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(
        text.contains("removed the stale books map m3.books.fst"),
        "{text}"
    );
    assert!(!d.join("m3.books.fst").exists());
    // THE is in both books: no books column from a map of one of them.
    let rows = stdout_of(
        folio()
            .current_dir(d)
            .args(["words", "export", "--set", "m3.fst", "--counts"]),
    );
    let the = rows.lines().find(|l| l.starts_with("THE,")).unwrap();
    assert!(the.starts_with("THE,34264,,"), "{the}");
    let out = run(&[
        "words",
        "export",
        "--set",
        "m3.fst",
        "--counts",
        "--min-books",
        "1",
    ]);
    let err = String::from_utf8_lossy(&out.code(2).get_output().stderr).into_owned();
    assert!(err.contains("m3.fst has none"), "{err}");
    // A difference keeps the first set's books map, cut to its words.
    run(&[
        "words",
        "difference",
        "moby.fst",
        "emma.fst",
        "-o",
        "m3.fst",
    ])
    .success();
    let rows = stdout_of(
        folio()
            .current_dir(d)
            .args(["words", "export", "--set", "m3.fst", "--counts"]),
    );
    assert!(
        rows.lines()
            .any(|l| l.starts_with("WHALE,") && l.contains(",1,")),
        "{rows}"
    );
    // import writes a word list's set: no books map is left beside it either.
    std::fs::write(d.join("list.txt"), "whale\n").unwrap();
    run(&["words", "import", "list.txt", "-o", "m3.fst"]).success();
    assert!(!d.join("m3.books.fst").exists());
    assert!(!d.join("m3.counts.fst").exists());
}

/// `export --json --counts --format tsv`: JSON has no format to choose, so `--format` is
/// refused (exit 2), as it is without `--counts`, rather than silently ignored.
#[test]
fn export_format_with_json_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("l.txt");
    std::fs::write(&list, "cat\n").unwrap();
    let set = dir.path().join("l.fst");
    import_cmd(&list, &set).assert().success();
    let o = folio()
        .args(["words", "export", "--set"])
        .arg(&set)
        .args(["--json", "--counts", "--format", "tsv"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("--format") && err.contains("--json"), "{err}");
    assert!(o.stdout.is_empty());
}
