//! Issue 21 on the 45 shared books: `ingest --memory` budgets and `ingest --partial` +
//! `folio merge` give the bytes one unbounded `folio ingest` gives.

use std::path::{Path, PathBuf};

use crate::common::folio;

fn stderr_of(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The 45 books, sorted by name.
fn books() -> Option<Vec<PathBuf>> {
    let dir = folio_testdata::path("corpora/gutenberg")?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 45);
    Some(files)
}

/// Runs folio with `args`, expecting exit 0.
fn run(args: &[&std::ffi::OsStr], threads: &str, tmp: &Path) {
    let o = folio()
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .env("TMPDIR", tmp)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr_of(&o));
}

/// `folio ingest BOOKS -o DIR/g.fst EXTRA...`.
fn ingest(books: &[PathBuf], out: &Path, extra: &[&str], threads: &str, tmp: &Path) {
    std::fs::create_dir_all(out).unwrap();
    let mut args: Vec<&std::ffi::OsStr> = vec!["ingest".as_ref(), "-q".as_ref()];
    args.extend(books.iter().map(|b| b.as_os_str()));
    let set = out.join("g.fst");
    args.extend(["-o".as_ref(), set.as_os_str()]);
    args.extend(extra.iter().map(std::ffi::OsStr::new));
    run(&args, threads, tmp);
}

/// `folio ingest BOOKS --partial -o PART`.
fn partial(books: &[PathBuf], part: &Path, tmp: &Path) {
    let mut args: Vec<&std::ffi::OsStr> = vec!["ingest".as_ref(), "-q".as_ref()];
    args.extend(books.iter().map(|b| b.as_os_str()));
    args.extend(["--partial".as_ref(), "-o".as_ref(), part.as_os_str()]);
    run(&args, "2", tmp);
}

/// `folio merge PARTS -o OUT EXTRA...`.
fn merge(parts: &[PathBuf], out: &Path, extra: &[&str], tmp: &Path) {
    let mut args: Vec<&std::ffi::OsStr> = vec!["merge".as_ref(), "-q".as_ref()];
    args.extend(parts.iter().map(|b| b.as_os_str()));
    args.extend(["-o".as_ref(), out.as_os_str()]);
    args.extend(extra.iter().map(std::ffi::OsStr::new));
    run(&args, "2", tmp);
}

/// The three outputs in `a` and `b` (each `g.*`) are the same bytes.
fn same_outputs(a: &Path, b: &Path, what: &str) {
    for f in ["g.fst", "g.counts.fst", "g.json"] {
        let x = std::fs::read(a.join(f)).unwrap();
        let y = std::fs::read(b.join(f)).unwrap();
        assert!(x == y, "{what}: {f} differs from one unbounded ingest");
    }
}

#[test]
fn memory_budgets_give_the_bytes_of_an_unbounded_run() {
    let Some(books) = books() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ingest(&books, &d.join("all"), &[], "2", d);
    for (budget, threads) in [("1M", "1"), ("1M", "2"), ("16M", "2"), ("16M", "1")] {
        let out = d.join(format!("m{budget}-{threads}"));
        ingest(&books, &out, &["--memory", budget], threads, d);
        same_outputs(
            &d.join("all"),
            &out,
            &format!("--memory {budget}, {threads} threads"),
        );
    }
    // With the selection rules too.
    let rules = ["--min-count", "3", "--min-books", "2"];
    ingest(&books, &d.join("all-rules"), &rules, "2", d);
    let mut with_budget = rules.to_vec();
    with_budget.extend(["--memory", "1M"]);
    ingest(&books, &d.join("m-rules"), &with_budget, "2", d);
    same_outputs(
        &d.join("all-rules"),
        &d.join("m-rules"),
        "--memory 1M --min-count 3 --min-books 2",
    );
    // Runs are temporary: nothing is left in the temporary folder.
    let left: Vec<_> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("folio-"))
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

/// The memory a budgeted ingest may take above its budget `budget` (docs/ingest-scale.md):
/// 16 MiB (the binary, its Unicode tables, the merge's buffers and the fst builders'
/// registries) plus, per worker thread, the largest book's bytes and 14 times the text
/// counted at a time (the spelling tables, its keys and their sorted copy): the whole book,
/// or, for a book past 1.5 pieces, a piece of a 64th of the budget, 1 to 4 MiB.
fn allowance(threads: u64, largest_book: u64, budget: u64) -> u64 {
    let piece = (budget / 64).clamp(1 << 20, 4 << 20);
    let counted = largest_book.min(piece + piece / 2);
    16 * 1024 * 1024 + threads * (largest_book + 14 * counted)
}

/// Peak RSS of `folio ARGS` in bytes, by `/usr/bin/time -f %M` (the child's own
/// `ru_maxrss`: `wait4` from this process would count this test's image too, see
/// play_ci.rs); `None` when `time` is not installed (a failure under CI).
fn peak_rss(args: &[&std::ffi::OsStr], threads: &str, tmp: &Path) -> Option<u64> {
    let time = Path::new("/usr/bin/time");
    if !time.exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "/usr/bin/time is needed (Debian package `time`)"
        );
        eprintln!("skipped: no /usr/bin/time");
        return None;
    }
    let report = tmp.join("time.txt");
    let o = std::process::Command::new(time)
        .arg("-f")
        .arg("%M")
        .arg("-o")
        .arg(&report)
        .arg(assert_cmd::cargo::cargo_bin("folio"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .env("TMPDIR", tmp)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr_of(&o));
    let text = std::fs::read_to_string(&report).unwrap();
    let kib: u64 = text.trim().lines().last().unwrap().trim().parse().unwrap();
    Some(kib * 1024)
}

#[test]
fn peak_memory_stays_within_the_budget_plus_the_stated_allowance() {
    let Some(books) = books() else {
        return;
    };
    let largest = books
        .iter()
        .map(|b| std::fs::metadata(b).unwrap().len())
        .max()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (budget, bytes, threads) in [
        ("1M", 1u64 << 20, 1u64),
        ("1M", 1 << 20, 2),
        ("16M", 16 << 20, 2),
    ] {
        let set = d.join("g.fst");
        let mut args: Vec<&std::ffi::OsStr> = vec!["ingest".as_ref(), "-q".as_ref()];
        args.extend(books.iter().map(|b| b.as_os_str()));
        args.extend(["-o".as_ref(), set.as_os_str(), "--memory".as_ref()]);
        args.push(budget.as_ref());
        let Some(peak) = peak_rss(&args, &threads.to_string(), d) else {
            return;
        };
        let bound = bytes + allowance(threads, largest, bytes);
        assert!(
            peak <= bound,
            "--memory {budget}, {threads} threads: peak RSS {peak} bytes over the budget plus \
             the allowance, {bound}"
        );
    }
}

#[test]
fn partials_merged_in_any_grouping_and_order_give_one_ingest() {
    let Some(books) = books() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let rules = ["--min-count", "3", "--min-books", "2"];
    ingest(&books, &d.join("all"), &[], "2", d);
    ingest(&books, &d.join("all-rules"), &rules, "2", d);
    let p = |name: &str| d.join(format!("{name}.part"));

    // 1 partial.
    partial(&books, &p("one"), d);
    // 3 partials: books interleaved (every third), not in runs of the folder's order.
    for i in 0..3 {
        let group: Vec<PathBuf> = books.iter().skip(i).step_by(3).cloned().collect();
        partial(&group, &p(&format!("three{i}")), d);
    }
    // 45 partials, one a book.
    for (i, b) in books.iter().enumerate() {
        partial(std::slice::from_ref(b), &p(&format!("b{i:02}")), d);
    }
    let three = |order: &[usize]| -> Vec<PathBuf> {
        order.iter().map(|i| p(&format!("three{i}"))).collect()
    };
    let singles: Vec<PathBuf> = (0..45).map(|i| p(&format!("b{i:02}"))).collect();

    // Trees: ((three2 + three0) + three1); 45 singles in 9 groups of 5, then merged in
    // reverse order; a partial of three merged with singles of the others is impossible
    // (a book twice), so singles of group 0 + the partials of groups 1 and 2.
    merge(&three(&[2, 0]), &p("t20"), &["--partial"], d);
    let mut fives = Vec::new();
    for (g, chunk) in singles.chunks(5).enumerate() {
        let out = p(&format!("five{g}"));
        merge(chunk, &out, &["--partial"], d);
        fives.push(out);
    }
    fives.reverse();
    let group0: Vec<PathBuf> = (0..45).step_by(3).map(|i| p(&format!("b{i:02}"))).collect();
    let mut mixed = three(&[2, 1]);
    mixed.extend(group0.iter().rev().cloned());

    let mut reversed = singles.clone();
    reversed.reverse();
    let groupings: Vec<(&str, Vec<PathBuf>)> = vec![
        ("1 partial", vec![p("one")]),
        ("3 partials", three(&[0, 1, 2])),
        ("3 partials, reordered", three(&[1, 2, 0])),
        ("(2 + 0) + 1", vec![p("t20"), p("three1")]),
        ("45 partials", singles.clone()),
        ("45 partials reversed", reversed),
        ("9 merges of 5, reversed", fives),
        ("2 of 3 partials + 15 singles", mixed),
    ];
    for (what, parts) in &groupings {
        for (extra, expected) in [(&[][..], "all"), (&rules[..], "all-rules")] {
            let out = d.join(format!("m-{}-{}", what.replace(' ', "_"), extra.len()));
            std::fs::create_dir_all(&out).unwrap();
            merge(parts, &out.join("g.fst"), extra, d);
            same_outputs(&d.join(expected), &out, &format!("{what} {extra:?}"));
        }
    }
}

#[test]
fn partials_of_other_policies_formats_or_the_same_book_are_refused_by_name() {
    let Some(books) = books() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let a = d.join("a.part");
    let b = d.join("b.part");
    partial(&books[..2], &a, d);
    let o = folio()
        .args(["ingest", "-q", "--policy", "raw", "--partial", "-o"])
        .arg(&b)
        .arg(&books[2])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    let refuse = |parts: &[&Path], needle: &str| {
        let o = folio()
            .arg("merge")
            .args(parts)
            .arg("-o")
            .arg(d.join("x.fst"))
            .env("TMPDIR", d)
            .output()
            .unwrap();
        let err = stderr_of(&o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(needle), "{err} lacks {needle}");
        assert!(!d.join("x.fst").exists());
    };
    refuse(&[&a, &b], "another policy (raw");
    refuse(&[&a, &b], &b.display().to_string());
    // The same book in two partials.
    let c = d.join("c.part");
    partial(&books[1..3], &c, d);
    refuse(&[&a, &c], "each book must be in one partial");
    // Another format version: the version word after the magic.
    let mut bytes = std::fs::read(&a).unwrap();
    bytes[8] = 2;
    let v2 = d.join("v2.part");
    std::fs::write(&v2, &bytes).unwrap();
    refuse(
        &[&v2],
        "partial format version 2; this folio reads version 1",
    );
    // One flipped byte in the records: the checksum.
    let mut bytes = std::fs::read(&a).unwrap();
    let n = bytes.len();
    bytes[n - 40] ^= 0x01;
    let bad = d.join("bad.part");
    std::fs::write(&bad, &bytes).unwrap();
    refuse(&[&bad], "bad.part: cannot merge this partial");
    // A word set is not a partial.
    let set = d.join("s.fst");
    std::fs::write(&set, b"not a partial").unwrap();
    refuse(&[&set], "no partial header");
    // Selection rules belong to the last merge.
    let o = folio()
        .args(["ingest", "-q", "--partial", "--min-count", "2", "-o"])
        .arg(d.join("y.part"))
        .arg(&books[0])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr_of(&o).contains("give them to `folio merge`"));
}

/// Lines of the work folder's journal (its head, then one a finished run).
fn journal_lines(work: &Path) -> usize {
    std::fs::read_to_string(work.join("journal")).map_or(0, |t| t.lines().count())
}

/// `folio ingest BOOKS -o DIR/g.fst --memory 1M --work WORK --json`: its JSON summary.
fn ingest_work(
    books: &[PathBuf],
    out: &Path,
    work: &Path,
    extra: &[&str],
    tmp: &Path,
) -> (serde_json::Value, String) {
    std::fs::create_dir_all(out).unwrap();
    let o = folio()
        .args(["ingest", "--json", "--memory", "1M", "--work"])
        .arg(work)
        .args(books)
        .arg("-o")
        .arg(out.join("g.fst"))
        .args(extra)
        .env("RAYON_NUM_THREADS", "2")
        .env("TMPDIR", tmp)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    (serde_json::from_slice(&o.stdout).unwrap(), stderr_of(&o))
}

/// Starts `folio ingest --memory 1M --work WORK` (one thread) and kills it (SIGKILL) once
/// its journal names `runs` finished runs.
fn kill_after_runs(
    books: &[PathBuf],
    out: &Path,
    work: &Path,
    extra: &[&str],
    runs: usize,
    tmp: &Path,
) {
    std::fs::create_dir_all(out).unwrap();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("folio"))
        .args(["ingest", "-q", "--memory", "1M", "--work"])
        .arg(work)
        .args(books)
        .arg("-o")
        .arg(out.join("g.fst"))
        .args(extra)
        .env("RAYON_NUM_THREADS", "1")
        .env("TMPDIR", tmp)
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while journal_lines(work) < runs + 1 {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the ingest ended ({status}) before {runs} runs were journaled");
        }
        assert!(
            started.elapsed().as_secs() < 300,
            "no run journaled in 5 minutes"
        );
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert!(!status.success(), "killed, not finished");
    assert!(
        !out.join("g.fst").exists(),
        "no set written by a killed run"
    );
}

#[test]
fn an_interrupted_ingest_resumes_from_its_work_folder_to_the_same_bytes() {
    let Some(books) = books() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let rules = ["--min-count", "3", "--min-books", "2"];
    ingest(&books, &d.join("all"), &rules, "2", d);

    // Killed after two finished runs, then the same command again.
    let work = d.join("work");
    kill_after_runs(&books, &d.join("r"), &work, &rules, 2, d);
    let journaled = journal_lines(&work) - 1;
    assert!(journaled >= 2);
    let (json, err) = ingest_work(&books, &d.join("r"), &work, &rules, d);
    same_outputs(&d.join("all"), &d.join("r"), "killed after 2 runs, resumed");
    let resumed = json["resumed"].as_u64().unwrap();
    assert!(
        (2..45).contains(&resumed),
        "{resumed} books resumed of {journaled} runs"
    );
    assert_eq!(json["inputs"], 45);
    assert!(
        err.contains(&format!("resumed {resumed} books"))
            && err.contains(&format!("counted {}", 45 - resumed)),
        "{err}"
    );
    assert!(!work.exists(), "the work folder is removed after success");

    // Killed twice, with one run's file corrupted in between: that run's books are counted
    // again, the others resumed; same bytes.
    kill_after_runs(&books, &d.join("r2"), &work, &rules, 3, d);
    let n = journal_lines(&work) - 1;
    kill_after_runs(&books, &d.join("r2"), &work, &rules, n + 1, d);
    let run0 = work.join("run-0.part");
    let mut bytes = std::fs::read(&run0).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 0x20;
    std::fs::write(&run0, &bytes).unwrap();
    let (json, err) = ingest_work(&books, &d.join("r2"), &work, &rules, d);
    same_outputs(
        &d.join("all"),
        &d.join("r2"),
        "killed twice, one run corrupted",
    );
    assert!(
        err.contains("run-0.part") && err.contains("counted again"),
        "{err}"
    );
    assert!(json["resumed"].as_u64().unwrap() >= 1, "{json}");

    // A folder made under another policy is refused by name; one that is not a work folder
    // too.
    kill_after_runs(&books, &d.join("r3"), &work, &[], 1, d);
    let o = folio()
        .args([
            "ingest", "-q", "--policy", "raw", "--memory", "1M", "--work",
        ])
        .arg(&work)
        .args(&books)
        .arg("-o")
        .arg(d.join("r3/g.fst"))
        .output()
        .unwrap();
    let err = stderr_of(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&work.display().to_string()) && err.contains("another policy"),
        "{err}"
    );
    let other = d.join("other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("notes.txt"), "mine").unwrap();
    let o = folio()
        .args(["ingest", "-q", "--memory", "1M", "--work"])
        .arg(&other)
        .args(&books[..2])
        .arg("-o")
        .arg(d.join("r3/g.fst"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr_of(&o).contains("not a work folder"),
        "{}",
        stderr_of(&o)
    );
}

#[test]
fn a_partial_resumes_from_its_work_folder_to_the_same_bytes() {
    let Some(books) = books() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let whole = d.join("whole.part");
    partial(&books, &whole, d);
    let work = d.join("work");
    let part = d.join("p/g.part");
    std::fs::create_dir_all(d.join("p")).unwrap();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("folio"))
        .args(["ingest", "-q", "--partial", "--memory", "1M", "--work"])
        .arg(&work)
        .args(&books)
        .arg("-o")
        .arg(&part)
        .env("RAYON_NUM_THREADS", "1")
        .env("TMPDIR", d)
        .spawn()
        .unwrap();
    while journal_lines(&work) < 2 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "ended before a run was journaled"
        );
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let o = folio()
        .args([
            "ingest",
            "-q",
            "--json",
            "--partial",
            "--memory",
            "1M",
            "--work",
        ])
        .arg(&work)
        .args(&books)
        .arg("-o")
        .arg(&part)
        .env("TMPDIR", d)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(json["resumed"].as_u64().unwrap() >= 1, "{json}");
    assert_eq!(json["inputs"], 45);
    let total: u64 = books
        .iter()
        .map(|b| std::fs::metadata(b).unwrap().len())
        .sum();
    assert_eq!(json["bytes"], total, "resumed books' bytes counted too");
    // A partial's bytes are those of one uninterrupted partial.
    assert!(std::fs::read(&whole).unwrap() == std::fs::read(&part).unwrap());
    assert!(!work.exists());
}

#[test]
fn include_and_exclude_at_the_root_merge_give_the_in_memory_bytes() {
    let Some(books) = books() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Capitalised-only words, a too-short one, one the books lack, one in both lists.
    let inc = d.join("inc.txt");
    std::fs::write(
        &inc,
        "# brought back\nLondon\nParis\nzzxqv\na\nI\nElizabeth\n",
    )
    .unwrap();
    let exc = d.join("exc.txt");
    std::fs::write(&exc, "the\nand\nparis\nwhale\n").unwrap();
    let (inc, exc) = (inc.to_str().unwrap(), exc.to_str().unwrap());
    let lists = ["--include", inc, "--exclude", exc];
    let mut with_rules = lists.to_vec();
    with_rules.extend(["--min-count", "3", "--min-books", "2"]);
    let p = |name: &str| d.join(format!("{name}.part"));
    for i in 0..3 {
        let group: Vec<PathBuf> = books.iter().skip(i).step_by(3).cloned().collect();
        partial(&group, &p(&format!("three{i}")), d);
    }
    let three: Vec<PathBuf> = [2, 0, 1].iter().map(|i| p(&format!("three{i}"))).collect();
    for (n, extra) in [&lists[..], &with_rules[..]].into_iter().enumerate() {
        let all = d.join(format!("all{n}"));
        ingest(&books, &all, extra, "2", d);
        let m: serde_json::Value =
            serde_json::from_slice(&std::fs::read(all.join("g.json")).unwrap()).unwrap();
        assert_eq!(m["lists"]["not_in_books"], serde_json::json!(["ZZXQV"]));
        assert!(m["lists"]["included"].as_array().unwrap().len() >= 3, "{m}");
        for threads in ["1", "2"] {
            let out = d.join(format!("mem{n}-{threads}"));
            let mut args = extra.to_vec();
            args.extend(["--memory", "1M"]);
            ingest(&books, &out, &args, threads, d);
            same_outputs(
                &all,
                &out,
                &format!("--memory 1M {extra:?}, {threads} threads"),
            );
            assert!(
                std::fs::read(all.join("g.books.fst")).unwrap()
                    == std::fs::read(out.join("g.books.fst")).unwrap()
            );
        }
        let out = d.join(format!("merged{n}"));
        std::fs::create_dir_all(&out).unwrap();
        merge(&three, &out.join("g.fst"), extra, d);
        same_outputs(&all, &out, &format!("3 partials merged {extra:?}"));
        assert!(
            std::fs::read(all.join("g.books.fst")).unwrap()
                == std::fs::read(out.join("g.books.fst")).unwrap()
        );
    }
    // The drop report is not made from runs or partials: refused, saying why.
    let o = folio()
        .args(["ingest", "-q", "--memory", "1M", "--report"])
        .arg(d.join("r.tsv"))
        .arg("-o")
        .arg(d.join("r.fst"))
        .arg(&books[0])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr_of(&o).contains("--report is not available with --memory"),
        "{}",
        stderr_of(&o)
    );
    assert!(!d.join("r.fst").exists() && !d.join("r.tsv").exists());
    // Lists choose the words of the whole set: refused on a partial.
    let o = folio()
        .args(["ingest", "-q", "--partial", "--include", inc, "-o"])
        .arg(d.join("y.part"))
        .arg(&books[0])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr_of(&o).contains("give them to `folio merge`"),
        "{}",
        stderr_of(&o)
    );
    let o = folio()
        .args(["merge", "-q", "--partial", "--exclude", exc, "-o"])
        .arg(d.join("y.part"))
        .arg(p("three0"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr_of(&o).contains("last merge"), "{}", stderr_of(&o));
}

#[test]
fn a_book_changed_since_its_run_is_counted_again() {
    let Some(mut books) = books() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A book larger than the shared ones: read first (largest first), so in the first run.
    let big = d.join("big.txt");
    let line = "The whale and the sea, said Ishmael; the sea and the ship.\n";
    std::fs::write(&big, line.repeat(4 << 20 >> 6)).unwrap();
    books.push(big.clone());
    ingest(&books, &d.join("all"), &[], "2", d);
    let work = d.join("work");
    kill_after_runs(&books, &d.join("r"), &work, &[], 1, d);
    let journal = std::fs::read_to_string(work.join("journal")).unwrap();
    assert!(journal.contains("big.txt"), "{journal}");
    // Same bytes, another modification time: its run is not trusted.
    let f = std::fs::File::options().write(true).open(&big).unwrap();
    f.set_modified(std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1 << 30))
        .unwrap();
    drop(f);
    let (json, err) = ingest_work(&books, &d.join("r"), &work, &[], d);
    assert!(err.contains("which has changed since"), "{err}");
    assert_eq!(json["inputs"], 46);
    same_outputs(
        &d.join("all"),
        &d.join("r"),
        "a book touched between the runs",
    );
    // A book no longer among the inputs: its run is counted again, without it.
    kill_after_runs(&books, &d.join("r2"), &work, &[], 1, d);
    let fewer = &books[..45];
    ingest(fewer, &d.join("all45"), &[], "2", d);
    let (_, err) = ingest_work(fewer, &d.join("r2"), &work, &[], d);
    assert!(err.contains("not among the inputs now"), "{err}");
    assert!(err.contains("the run is dropped"), "{err}");
    same_outputs(
        &d.join("all45"),
        &d.join("r2"),
        "a book left out on resuming",
    );
    // The same books under another spelling of their paths: refused, the work kept; the
    // first spelling then resumes.
    kill_after_runs(fewer, &d.join("r3"), &work, &[], 1, d);
    let respelled: Vec<PathBuf> = fewer
        .iter()
        .map(|b| b.parent().unwrap().join(".").join(b.file_name().unwrap()))
        .collect();
    let o = folio()
        .args(["ingest", "-q", "--memory", "1M", "--work"])
        .arg(&work)
        .args(&respelled)
        .arg("-o")
        .arg(d.join("r3/g.fst"))
        .env("TMPDIR", d)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr_of(&o));
    assert!(
        stderr_of(&o).contains("spelled as the first time"),
        "{}",
        stderr_of(&o)
    );
    let (json, _) = ingest_work(fewer, &d.join("r3"), &work, &[], d);
    assert!(json["resumed"].as_u64().unwrap() >= 1, "{json}");
    same_outputs(&d.join("all45"), &d.join("r3"), "resumed as first spelled");
}

/// Ctrl-C (SIGINT) or SIGTERM during a budgeted ingest removes its scratch folder, sorted
/// runs and all, and ends with the shell's code for the signal (130, 143): gigabytes of
/// runs are not left in `$TMPDIR`.
#[test]
fn an_interrupted_ingest_leaves_no_scratch_folder() {
    let Some(books) = books() else {
        return;
    };
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let dir = tempfile::tempdir().unwrap();
        let tmp = dir.path().join("tmp");
        std::fs::create_dir(&tmp).unwrap();
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("folio"))
            .args(["ingest", "-q", "--memory", "1M"])
            .args(&books)
            .arg("-o")
            .arg(dir.path().join("g.fst"))
            .env("RAYON_NUM_THREADS", "1")
            .env("TMPDIR", &tmp)
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Wait for the first sorted run on disk: the scratch folder then holds real work.
        let holds_a_run = |p: &Path| {
            walk_files(p)
                .iter()
                .any(|f| f.to_string_lossy().ends_with(".part"))
        };
        let status = crate::common::interrupt_when(
            &mut child,
            || holds_a_run(&tmp),
            "writing a run",
            signal,
        );
        assert_eq!(status.code(), Some(code), "SIG{signal}");
        let left: Vec<_> = std::fs::read_dir(&tmp).unwrap().collect();
        assert!(left.is_empty(), "SIG{signal} left {left:?}");
        assert!(!dir.path().join("g.fst").exists());
    }
}

/// Every file under `p`, recursively (an unreadable or vanishing entry is skipped).
fn walk_files(p: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(p) else {
        return out;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            out.extend(walk_files(&path));
        } else {
            out.push(path);
        }
    }
    out
}

/// `--work` naming a file is refused saying so (not "File exists (os error 17)"), and the
/// file is left as it was.
#[test]
fn a_work_folder_that_is_a_file_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("b.txt");
    std::fs::write(&book, "the whale and the sea\n").unwrap();
    let file = dir.path().join("w");
    std::fs::write(&file, "keep me\n").unwrap();
    let o = folio()
        .args(["ingest", "-q", "--memory", "1M", "--work"])
        .arg(&file)
        .arg(&book)
        .arg("-o")
        .arg(dir.path().join("g.fst"))
        .env("TMPDIR", dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr_of(&o).contains("is a file, not a folder"),
        "{}",
        stderr_of(&o)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me\n");
}
