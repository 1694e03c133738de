//! `folio play --html` and `folio render` (docs/render.md): the pages' structure against the
//! replay's own report, determinism, single pictures, and a headless Chromium stepping
//! through a page (`browser` below).

mod browser;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use scraper::{ElementRef, Html, Selector};
use serde_json::Value;

use crate::common::folio;

fn data(game: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(game)
}

/// Files of `dir` ending in `ext`, sorted.
fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.to_string_lossy().ends_with(ext))
        .collect();
    v.sort();
    v
}

/// Every script of tests/data/*/ that `folio play` replays but the Boggle rounds (which need
/// `--lexicon`: see [`boggle_rounds_are_drawn`]).
fn test_scripts() -> Vec<PathBuf> {
    let mut v = files(&data("scrabble"), ".gcg");
    v.extend(files(&data("kenken"), ".kenken"));
    v.extend(files(&data("freecell"), ".txt"));
    v
}

/// The 97 shared GCG records (none outside CI when the shared folder is absent).
fn shared_records() -> Vec<PathBuf> {
    folio_testdata::path("games/scrabble/gcg")
        .map(|d| files(&d, ".gcg"))
        .unwrap_or_default()
}

fn sel(s: &str) -> Selector {
    Selector::parse(s).expect("selector")
}

/// Runs `folio play --json --board SCRIPTS --html OUT`: the JSON document.
fn play_html(scripts: &[PathBuf], out: &Path) -> Value {
    play_html_with(scripts, out, &[])
}

fn play_html_with(scripts: &[PathBuf], out: &Path, extra: &[&std::ffi::OsStr]) -> Value {
    let o = folio()
        .arg("play")
        .arg("--json")
        .args(extra)
        .args(scripts)
        .arg("--html")
        .arg(out)
        .output()
        .expect("run folio");
    let code = o.status.code();
    assert!(
        matches!(code, Some(0 | 1)),
        "exit {code:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).expect("json")
}

/// The pages the index of `out` links, by script name.
fn pages(out: &Path) -> BTreeMap<String, PathBuf> {
    let index = Html::parse_document(&std::fs::read_to_string(out).expect("index"));
    let base = out.parent().expect("parent");
    index
        .select(&sel("table.index tbody tr td a"))
        .map(|a| {
            let href = a.value().attr("href").expect("href");
            (a.text().collect::<String>(), base.join(href))
        })
        .collect()
}

fn text(e: ElementRef<'_>) -> String {
    e.text().collect::<String>().trim().to_string()
}

/// The page of a crossword record against its JSON report: one board per turn, each over the
/// page's one empty board of 225 squares, every tile's letter where the text board has it (blanks marked), the standings.
fn check_crossword(page: &Html, report: &Value, file: &str) {
    let turns = report["turns"].as_array().expect("turns");
    let boards: Vec<ElementRef<'_>> = page.select(&sel("section.turn svg.board")).collect();
    assert_eq!(boards.len(), turns.len(), "{file}: one board per turn");
    // The empty board is drawn once, and every turn's board uses it.
    let empty: Vec<ElementRef<'_>> = page.select(&sel("svg.defs g#board")).collect();
    assert_eq!(empty.len(), 1, "{file}: the empty board once");
    assert_eq!(empty[0].select(&sel("rect.sq")).count(), 225, "{file}");
    assert_eq!(page.select(&sel("rect.sq")).count(), 225, "{file}");
    let (used, tile, letter) = (sel("use[href=\"#board\"]"), sel("g.tile"), sel("text.l"));
    for (i, (svg, turn)) in boards.iter().zip(turns).enumerate() {
        assert_eq!(svg.value().attr("data-turn"), Some(&*(i + 1).to_string()));
        assert_eq!(svg.select(&used).count(), 1, "{file} turn {}", i + 1);
        let mut drawn: BTreeMap<String, (String, bool)> = BTreeMap::new();
        for g in svg.select(&tile) {
            let square = g
                .value()
                .attr("data-square")
                .expect("data-square")
                .to_string();
            let l = g.select(&letter).next().map(text).unwrap_or_default();
            let blank = g.value().classes().any(|c| c == "blank");
            assert!(
                drawn.insert(square, (l, blank)).is_none(),
                "{file}: a square drawn twice"
            );
        }
        let rows = turn["board"]
            .as_array()
            .expect("--board gives every turn's board");
        let mut expected: BTreeMap<String, (String, bool)> = BTreeMap::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.as_str().expect("row").chars().enumerate() {
                if ch != '.' {
                    let name = format!("{}{}", (b'A' + c as u8) as char, r + 1);
                    expected.insert(
                        name,
                        (ch.to_ascii_uppercase().to_string(), ch.is_ascii_lowercase()),
                    );
                }
            }
        }
        assert_eq!(drawn, expected, "{file} turn {}", i + 1);
    }
    for p in report["players"].as_array().expect("players") {
        let row = sel(&format!(
            "table.standings tr[data-seat=\"{}\"] td.score",
            p["seat"]
        ));
        let shown = page.select(&row).next().map(text);
        assert_eq!(shown, Some(p["score"].to_string()), "{file}: {}", p["nick"]);
    }
}

fn check_findings(page: &Html, report: &Value, file: &str) {
    let n = report["findings"].as_array().map_or(0, Vec::len);
    assert_eq!(
        page.select(&sel("#findings ul.findings li")).count(),
        n,
        "{file}: findings"
    );
    // Each finding links to its line in the script listing.
    for a in page.select(&sel("#findings li > a:first-child")) {
        let href = a.value().attr("href").unwrap_or_default();
        let id = href.trim_start_matches('#');
        assert!(
            page.select(&sel(&format!("li[id=\"{id}\"]")))
                .next()
                .is_some(),
            "{file}: {href}"
        );
    }
}

fn check_page(page_path: &Path, report: &Value) {
    let file = report["file"].as_str().unwrap_or_default();
    let page = Html::parse_document(&std::fs::read_to_string(page_path).expect("page"));
    check_findings(&page, report, file);
    match report["game"].as_str() {
        Some("scrabble") => check_crossword(&page, report, file),
        Some("boggle") => {
            for p in report["players"].as_array().expect("players") {
                let nick = p["nick"].as_str().expect("nick");
                let s = sel(&format!(
                    "section.player[data-player=\"{nick}\"] span.score"
                ));
                assert_eq!(
                    page.select(&s).next().map(text),
                    Some(p["score"].to_string())
                );
                let rows = sel(&format!("section.player[data-player=\"{nick}\"] tr.w"));
                assert_eq!(
                    page.select(&rows).count(),
                    p["words"].as_array().map_or(0, Vec::len)
                );
            }
            assert_eq!(page.select(&sel("g.cell")).count(), 16, "{file}");
        }
        Some("kenken") => {
            let digits = report["grid"]
                .as_str()
                .unwrap_or("")
                .chars()
                .filter(|c| *c != '.' && *c != '0')
                .count();
            assert_eq!(
                page.select(&sel("svg.kenken text.digit")).count(),
                digits,
                "{file}"
            );
        }
        Some("freecell") => {
            let moves = report["moves"].as_u64().unwrap_or(0) as usize;
            assert_eq!(page.select(&sel("section.turn")).count(), moves, "{file}");
            for s in page.select(&sel("section.turn svg.cards")) {
                assert!(s.select(&sel("g.card")).count() >= 1);
                // The card face and the empty top row are drawn once, in the page's defs.
                assert_eq!(s.select(&sel("rect")).count(), 1, "{file}: the ground only");
            }
            if moves > 0 {
                assert_eq!(page.select(&sel("svg.defs rect#card")).count(), 1);
            }
        }
        other => panic!("{file}: unexpected game {other:?}"),
    }
}

/// Every script of tests/data and every shared record, drawn in one run: each page agrees
/// with the replay's JSON report (the same data the text transcript prints).
#[test]
fn html_pages_show_every_turn_as_the_report_has_it() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let mut scripts = test_scripts();
    let shared = shared_records();
    if folio_testdata::shared_dir().is_some() {
        assert_eq!(shared.len(), 97, "the shared GCG records");
    }
    scripts.extend(shared);
    let out = tmp.path().join("run.html");
    let checked = check_run(&scripts, &out, &[std::ffi::OsStr::new("--board")]);
    // course_books.gcg names a word set built by its own test: listed, without a page.
    assert!(
        checked + 1 >= scripts.len(),
        "{checked} of {} pages",
        scripts.len()
    );
}

/// Runs the scripts with `--html` and checks every page against its report; returns how
/// many pages were checked.
fn check_run(scripts: &[PathBuf], out: &Path, extra: &[&std::ffi::OsStr]) -> usize {
    let doc = play_html_with(scripts, out, extra);
    let pages = pages(out);
    let reports = doc["reports"].as_array().expect("reports");
    let mut checked = 0;
    for r in reports {
        let file = r["file"].as_str().expect("file");
        if r.get("error").is_some() || (r["game"] == "scrabble" && r.get("turns").is_none()) {
            continue; // could not be read or replayed: listed in the index, no page
        }
        let page = pages.get(file).unwrap_or_else(|| panic!("{file}: no page"));
        check_page(page, r);
        checked += 1;
    }
    checked
}

/// The Boggle rounds of tests/data, against ENABLE2K (needs the shared data).
#[test]
fn boggle_rounds_are_drawn() {
    let Some((dir, set)) = crate::boggle::import_enable2k() else {
        return;
    };
    let rounds = files(&data("boggle"), ".boggle");
    let out = dir.path().join("boggle.html");
    let checked = check_run(
        &rounds,
        &out,
        &[std::ffi::OsStr::new("--lexicon"), set.as_os_str()],
    );
    assert_eq!(checked, rounds.len());
    // Words nobody found are listed, each with its path to draw.
    let page = Html::parse_document(
        &std::fs::read_to_string(out.with_file_name("boggle-files/002-three-players.boggle.html"))
            .expect("page"),
    );
    assert!(page.select(&sel("#missed span.w[data-path]")).count() > 100);
    assert!(page.select(&sel("g.paths path")).count() > 100);
}

/// The totals a page shows are the text transcript's `final:` line (tests/data records).
#[test]
fn page_totals_are_the_text_transcripts() {
    let tmp = tempfile::tempdir().expect("tempdir");
    for name in ["standard_bingo", "wordbler_repeat", "turn_order_standard"] {
        let script = data("scrabble").join(format!("{name}.gcg"));
        let out = tmp.path().join(format!("{name}.html"));
        let o = folio()
            .arg("play")
            .arg(&script)
            .arg("--html")
            .arg(&out)
            .output()
            .expect("run");
        let stdout = String::from_utf8_lossy(&o.stdout);
        let last = stdout
            .lines()
            .find(|l| l.starts_with("final: "))
            .expect("final line");
        let page = Html::parse_document(&std::fs::read_to_string(&out).expect("page"));
        let mut shown: Vec<String> = page
            .select(&sel("table.standings tbody tr"))
            .map(|tr| {
                let cells: Vec<String> = tr.select(&sel("td")).map(text).collect();
                let nick = cells[1]
                    .trim_start_matches("■ ")
                    .split(" (")
                    .next()
                    .unwrap_or("")
                    .to_string();
                (nick, cells[2].clone())
            })
            .map(|(n, s)| format!("{n} {s}"))
            .collect();
        let mut said: Vec<String> = last["final: ".len()..]
            .split(", ")
            .map(|p| p.split(" (recorded").next().unwrap_or(p).to_string())
            .collect();
        shown.sort();
        said.sort();
        assert_eq!(shown, said, "{name}");
    }
}

/// The same scripts give the same bytes, page by page and index.
#[test]
fn html_output_is_deterministic() {
    let mut scripts = test_scripts();
    scripts.extend(shared_records().into_iter().take(12));
    let (a, b) = (
        tempfile::tempdir().expect("a"),
        tempfile::tempdir().expect("b"),
    );
    play_html(&scripts, &a.path().join("r.html"));
    play_html(&scripts, &b.path().join("r.html"));
    let listing = |d: &Path| -> Vec<(String, Vec<u8>)> {
        let mut v = vec![(
            "r.html".to_string(),
            std::fs::read(d.join("r.html")).expect("index"),
        )];
        for p in files(&d.join("r-files"), ".html") {
            let name = p.file_name().expect("name").to_string_lossy().into_owned();
            v.push((name, std::fs::read(&p).expect("page")));
        }
        v
    };
    let (la, lb) = (listing(a.path()), listing(b.path()));
    assert_eq!(la.len(), scripts.len() + 1);
    assert!(la == lb, "two runs wrote different bytes");
}

/// One script: OUT.html is its page, self-contained (no URL to fetch anything from).
#[test]
fn one_script_is_one_self_contained_page() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("game.html");
    folio()
        .arg("play")
        .arg(data("scrabble").join("standard_bingo.gcg"))
        .arg("--html")
        .arg(&out)
        .assert()
        .success();
    let html = std::fs::read_to_string(&out).expect("page");
    assert!(!tmp.path().join("game-files").exists());
    for fetch in ["src=", "<link", "@import", "url(", "http://", "https://"] {
        let at = html
            .find(fetch)
            .filter(|&i| !html[i..].starts_with("http://www.w3.org/2000/svg"));
        assert!(at.is_none(), "{fetch} in the page");
    }
    let page = Html::parse_document(&html);
    assert_eq!(page.select(&sel("svg.board")).count(), 5);
    // RETAINS on turn 1: seven new tiles; the tile at 8B is R, worth 1.
    let first = page
        .select(&sel("section#t1 svg.board"))
        .next()
        .expect("turn 1");
    assert_eq!(first.select(&sel("g.tile.new")).count(), 7);
    let b8 = first
        .select(&sel("g.tile[data-square=\"B8\"] text.l"))
        .next()
        .map(text);
    assert_eq!(b8.as_deref(), Some("R"));
    // The score detail: the bingo and the word's breakdown.
    let detail = page
        .select(&sel("section#t1 .detail"))
        .next()
        .map(text)
        .unwrap_or_default();
    assert!(
        detail.contains("RETAINS at 8B (main word): 8 × 2 = 16"),
        "{detail}"
    );
    assert!(detail.contains("bingo 50"), "{detail}");
}

/// Pages stay small: the empty board (225 squares, their premium marks, the coordinates)
/// and the FreeCell card face and top row are drawn once per page and `use`d by every turn's
/// picture. A 28-turn record's page was 860,528 bytes when each turn drew its whole board;
/// these budgets are the pages' sizes since, with some room.
#[test]
fn html_pages_draw_the_empty_board_once_and_stay_within_budget() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let mut cases: Vec<(PathBuf, usize)> = vec![
        // 122,599 bytes when each turn drew its whole board.
        (data("scrabble").join("standard_bingo.gcg"), BINGO_BUDGET),
        // 506,434 bytes when each card drew its own face and each move its empty slots.
        (data("freecell").join("won-deal-24.txt"), FREECELL_BUDGET),
    ];
    if let Some(d) = folio_testdata::path("games/scrabble/gcg") {
        // 860,528 bytes when each turn drew its whole board.
        cases.push((d.join("liwords__jesse_vs_ayo.gcg"), RECORD_BUDGET));
    }
    for (k, (script, budget)) in cases.iter().enumerate() {
        let out = tmp.path().join(format!("{k}.html"));
        folio()
            .arg("play")
            .arg(script)
            .arg("-q")
            .arg("--html")
            .arg(&out)
            .assert()
            .success();
        let html = std::fs::read_to_string(&out).expect("page");
        assert!(
            html.len() <= *budget,
            "{}: {} bytes, over the budget of {budget}",
            script.display(),
            html.len()
        );
        let page = Html::parse_document(&html);
        let turns = page.select(&sel("section.turn")).count();
        assert!(turns > 1, "{}", script.display());
        if page.select(&sel("svg.board")).next().is_some() {
            assert_eq!(page.select(&sel("rect.sq")).count(), 225);
            assert_eq!(page.select(&sel("text.pm")).count(), 61);
            assert_eq!(page.select(&sel("use[href=\"#board\"]")).count(), turns);
        } else {
            assert_eq!(page.select(&sel("rect.slot")).count(), 8);
            assert_eq!(page.select(&sel("use[href=\"#slots4\"]")).count(), turns);
        }
    }
}

/// Page budgets of [`html_pages_draw_the_empty_board_once_and_stay_within_budget`].
const BINGO_BUDGET: usize = 55_000;
const FREECELL_BUDGET: usize = 385_000;
const RECORD_BUDGET: usize = 375_000;

#[test]
fn render_draws_one_position() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let svg = |args: &[&str]| -> roxmltree::Document<'static> {
        let out = tmp.path().join("x.svg");
        let o = folio()
            .arg("render")
            .args(args)
            .arg("--svg")
            .arg(&out)
            .output()
            .expect("run");
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let text = std::fs::read_to_string(&out).expect("svg");
        roxmltree::Document::parse(Box::leak(text.into_boxed_str())).expect("well-formed SVG")
    };
    let gcg = data("scrabble").join("standard_bingo.gcg");
    let gcg = gcg.to_str().expect("utf-8 path");
    let count = |d: &roxmltree::Document<'_>, class: &str| {
        d.descendants()
            .filter(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.split(' ').any(|x| x == class))
            })
            .count()
    };
    let d = svg(&[gcg, "--turn", "1"]);
    assert_eq!(count(&d, "sq"), 225);
    assert_eq!(count(&d, "tile"), 7);
    assert_eq!(count(&d, "new"), 7);
    let d = svg(&[gcg]);
    assert_eq!(count(&d, "tile"), 18); // 7 + 5 + 4 + 2
    assert_eq!(count(&d, "new"), 2); // L13 .OT: O and T
    let d = svg(&["15/15/15/15/15/15/15/5HORn6/15/15/15/15/15/15/15 AEIRST?/ 0/0 0"]);
    assert_eq!((count(&d, "tile"), count(&d, "blank")), (4, 1));
    let d = svg(&["gripesajehutzitx"]);
    assert_eq!(count(&d, "cell"), 16);
    let d = svg(&["617"]);
    assert_eq!(count(&d, "card"), 52);
    let kenken = std::fs::read_to_string(data("kenken").join("solved.kenken")).expect("kenken");
    if let Some(id) = kenken.lines().find_map(|l| l.strip_prefix("#puzzle ")) {
        let d = svg(&[id.trim()]);
        assert!(count(&d, "clue") >= 1);
    }
    // A turn the record does not have: a usage error naming the range.
    let o = folio()
        .args(["render", gcg, "--turn", "9", "--svg"])
        .arg(tmp.path().join("y.svg"))
        .output()
        .expect("run");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("turn 9 is not in the record"));
    assert!(!tmp.path().join("y.svg").exists());
}

/// Several scripts make an index and a folder of pages beside it: when `--html` names a FIFO
/// (or a device, as `/dev/null`) it is refused before anything is written, so no `-files`
/// folder is made beside it.
#[test]
fn an_index_is_never_made_beside_a_fifo_or_device() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.html");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let scripts: Vec<PathBuf> = test_scripts().into_iter().take(2).collect();
    assert_eq!(scripts.len(), 2);
    let out = folio()
        .arg("play")
        .args(&scripts)
        .arg("--html")
        .arg(&fifo)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("not a regular file"), "{err}");
    assert!(!dir.path().join("pipe-files").exists());
}

/// A run with fewer scripts than the last one removes the pages it no longer writes from
/// `OUT-files/` (those its `.folio-pages` list names), and keeps every other file there (a
/// user's notes, a link, a folder).
#[test]
fn a_rerun_removes_only_its_own_stale_pages() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("run.html");
    let files_dir = tmp.path().join("run-files");
    let scripts = test_scripts();
    assert!(scripts.len() >= 3);
    play_html(&scripts[..3], &out);
    let first: Vec<String> = names(&files_dir);
    assert_eq!(first.len(), 3, "{first:?}");
    let list = std::fs::read_to_string(files_dir.join(".folio-pages")).unwrap();
    for page in &first {
        assert!(list.lines().any(|l| l == page), "{page} not listed: {list}");
    }
    std::fs::write(files_dir.join("notes.txt"), "mine").unwrap();
    std::fs::write(files_dir.join("999-keep"), "mine").unwrap();
    std::os::unix::fs::symlink("notes.txt", files_dir.join("998-link.html")).unwrap();
    // Named as a page, but folio never wrote it: it stays.
    std::fs::write(files_dir.join("001-index.html"), "mine").unwrap();

    play_html(&scripts[..2], &out);
    let second = names(&files_dir);
    let linked: Vec<String> = pages(&out)
        .values()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(linked.len(), 2);
    for page in &linked {
        assert!(second.contains(page), "{page} missing: {second:?}");
    }
    assert!(
        !second.contains(&first[2]),
        "stale {} kept: {second:?}",
        first[2]
    );
    for mine in ["notes.txt", "999-keep", "998-link.html", "001-index.html"] {
        assert!(
            second.iter().any(|n| n == mine),
            "{mine} removed: {second:?}"
        );
    }
    assert_eq!(second.len(), 6, "{second:?}");

    // One script: its page is OUT itself, so no page of the folder is current; the user's
    // files keep the folder, which stays folio's (its list, now empty) for the next run.
    play_html(&scripts[..1], &out);
    assert_eq!(names(&files_dir).len(), 4, "{:?}", names(&files_dir));
    assert!(files_dir.join(".folio-pages").is_file());
    play_html(&scripts[..2], &out);
    assert_eq!(names(&files_dir).len(), 6, "{:?}", names(&files_dir));
    // With only pages in it, the folder goes as well.
    let out2 = tmp.path().join("two.html");
    play_html(&scripts[..2], &out2);
    play_html(&scripts[..1], &out2);
    assert!(!tmp.path().join("two-files").exists());
}

/// SIGTERM or Ctrl-C while the pages of many scripts are being written ends the run with
/// the shell's code for the signal (143, 130) and leaves no temporary file of a page batch
/// in the folder (a trial's interrupted run left sixteen `.NAME.PID.tmp` files); the pages
/// already written stay, listed, for the next run to replace or remove.
#[test]
fn an_interrupted_run_leaves_no_temporary_page() {
    let record = data("scrabble").join("standard_bingo.gcg");
    assert!(record.is_file(), "{record:?}");
    for (signal, code) in [("TERM", 143), ("INT", 130)] {
        let tmp = tempfile::tempdir().unwrap();
        let games = tmp.path().join("games");
        std::fs::create_dir(&games).unwrap();
        for i in 0..2000 {
            std::fs::copy(&record, games.join(format!("g{i:04}.gcg"))).unwrap();
        }
        let files_dir = tmp.path().join("run-files");
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("folio"))
            .args(["play", "-q", "--html"])
            .arg(tmp.path().join("run.html"))
            .arg(&games)
            .stderr(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // The first batch on disk: the run is then writing pages.
        let status = crate::common::interrupt_when(
            &mut child,
            || std::fs::read_dir(&files_dir).map_or(0, |d| d.count()) >= 2,
            "writing a page",
            signal,
        );
        assert_eq!(status.code(), Some(code), "SIG{signal}");
        let temps: Vec<String> = std::fs::read_dir(&files_dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        assert!(temps.is_empty(), "SIG{signal} left {temps:?}");
        assert!(
            !tmp.path().join("run.html").exists(),
            "no index of a cut run"
        );
    }
}

/// The files of `dir` but folio's list of its pages.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != ".folio-pages")
        .collect();
    v.sort();
    v
}

/// `OUT-files` is written and pruned only when it is folio's own folder: one holding a
/// user's files and no `.folio-pages` list (a `2024-report.html`, a `001-index.html`), a
/// symbolic link (to `/etc` in the trial: pages were written there) and a file of that name
/// are each refused before any replay, exit 2, and left as they were.
#[cfg(unix)]
#[test]
fn pages_go_only_in_folios_own_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let scripts: Vec<PathBuf> = test_scripts().into_iter().take(2).collect();
    let run = |out: &str| {
        let o = folio()
            .arg("play")
            .arg("-q")
            .args(&scripts)
            .arg("--html")
            .arg(d.join(out))
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let user = d.join("w-files");
    std::fs::create_dir(&user).unwrap();
    for mine in ["2024-report.html", "001-index.html"] {
        std::fs::write(user.join(mine), "mine").unwrap();
    }
    let (code, err) = run("w.html");
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("w-files holds files folio did not write (it has no .folio-pages"),
        "{err}"
    );
    assert_eq!(names(&user), ["001-index.html", "2024-report.html"]);
    assert!(!d.join("w.html").exists());

    let elsewhere = d.join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    std::fs::write(elsewhere.join("001-keep.html"), "theirs").unwrap();
    std::os::unix::fs::symlink(&elsewhere, d.join("y-files")).unwrap();
    let (code, err) = run("y.html");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("y-files is a symbolic link"), "{err}");
    assert_eq!(names(&elsewhere), ["001-keep.html"]);
    // One script writes no folder: the link and what it names are left alone.
    folio()
        .arg("play")
        .arg("-q")
        .arg(&scripts[0])
        .arg("--html")
        .arg(d.join("y.html"))
        .output()
        .unwrap();
    assert_eq!(names(&elsewhere), ["001-keep.html"]);

    std::fs::write(d.join("x-files"), "a file").unwrap();
    let (code, err) = run("x.html");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("x-files exists and is not a folder"), "{err}");
    assert!(!err.contains("os error"), "{err}");

    // An empty folder is taken, and becomes folio's.
    std::fs::create_dir(d.join("e-files")).unwrap();
    let (code, err) = run("e.html");
    assert!(matches!(code, Some(0 | 1)), "{err}");
    assert_eq!(names(&d.join("e-files")).len(), 2);
}

/// OUT itself is the user's path: a symbolic link there is followed as by every output (the
/// file it names is replaced, the link stays a link), for one script's page as for several
/// scripts' index (one page once refused what the index wrote through).
#[cfg(unix)]
#[test]
fn the_html_output_follows_a_link_as_every_output_does() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let scripts: Vec<PathBuf> = test_scripts().into_iter().take(2).collect();
    for (name, run) in [("one", &scripts[..1]), ("two", &scripts[..])] {
        let real = d.join(format!("{name}-real.html"));
        std::fs::write(&real, "old").unwrap();
        let link = d.join(format!("{name}.html"));
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let o = folio()
            .arg("play")
            .arg("-q")
            .args(run)
            .arg("--html")
            .arg(&link)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(matches!(o.status.code(), Some(0 | 1)), "{name}: {err}");
        assert!(
            std::fs::symlink_metadata(&link).unwrap().is_symlink(),
            "{name}"
        );
        let page = std::fs::read_to_string(&real).unwrap();
        assert!(page.starts_with("<!DOCTYPE html>"), "{name}: {page:.40}");
    }
}

/// A folder (or device) given where a script is expected is said to be one, not read as a
/// board string; with `--game` the name is a position written out, as before.
#[test]
fn render_says_a_folder_is_no_script() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir(tmp.path().join("d.gcg")).unwrap();
    let o = folio()
        .current_dir(tmp.path())
        .args(["render", "d.gcg", "--svg", "x.svg"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(r#""d.gcg" is a folder, not a script file"#),
        "{err}"
    );
    assert!(!tmp.path().join("x.svg").exists());
    std::fs::create_dir(tmp.path().join("abcd")).unwrap();
    folio()
        .current_dir(tmp.path())
        .args(["render", "abcd", "--game", "boggle", "--svg", "b.svg"])
        .assert()
        .success();
}

/// Positions that are no position get words a user can act on: an empty one is called
/// empty (not "0 cells"), a deal past i64 is out of range (not "too large to fit in target
/// type"), and a folder that cannot be written says so once.
#[test]
fn render_names_what_is_wrong_with_a_position_or_output() {
    let tmp = tempfile::tempdir().unwrap();
    let said = |args: &[&str]| {
        let o = folio()
            .current_dir(tmp.path())
            .arg("render")
            .args(args)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    let err = said(&["", "--svg", "r.svg"]);
    assert!(err.contains("an empty position"), "{err}");
    let err = said(&["99999999999999999999", "--svg", "r.svg"]);
    assert!(
        err.contains("deal 99999999999999999999 is out of range (deals are 1..=8589934591"),
        "{err}"
    );
    std::fs::create_dir(tmp.path().join("adir")).unwrap();
    let err = said(&["617", "--svg", "adir"]);
    assert!(
        err.contains("cannot write the picture: adir: is a directory"),
        "{err}"
    );
    let err = said(&["617", "--svg", ""]);
    assert!(err.contains("an empty path names no file"), "{err}");
}

/// `--svg /dev/stdout` writes through to standard output when it is a pipe, whose
/// `/proc/self/fd/1` link names no path (`pipe:[…]`): it once failed with "No such file".
#[cfg(target_os = "linux")]
#[test]
fn svg_to_dev_stdout_on_a_pipe_is_written_through() {
    let gcg = data("scrabble").join("standard_bingo.gcg");
    let o = folio()
        .arg("render")
        .arg(&gcg)
        .args(["--svg", "/dev/stdout"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(String::from_utf8_lossy(&o.stdout).contains("<svg"), "{err}");
}

/// `--svg -` writes the picture to standard output, byte for byte what a file gets, and
/// leaves no file named `-`.
#[test]
fn svg_to_dash_is_standard_output() {
    let gcg = data("scrabble").join("standard_bingo.gcg");
    let dir = tempfile::tempdir().unwrap();
    let o = folio()
        .current_dir(dir.path())
        .arg("render")
        .arg(&gcg)
        .args(["--svg", "-"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(!dir.path().join("-").exists());
    let file = dir.path().join("b.svg");
    let w = folio()
        .arg("render")
        .arg(&gcg)
        .arg("--svg")
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(w.status.code(), Some(0));
    assert_eq!(o.stdout, std::fs::read(&file).unwrap());
}

/// The trial's case: a script named with 251 letters (a 255-byte name, the most a file
/// system allows) beside another. Its page's name is cut to fit, keeping the number, and
/// every page and the index are written (the run wrote nothing: "File name too long").
#[test]
fn a_script_with_a_long_name_gets_a_page_of_a_bounded_name() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let script = data("scrabble").join("standard_bingo.gcg");
    let long = format!("{}.gcg", "a".repeat(251));
    std::fs::copy(&script, d.join("b.gcg")).unwrap();
    std::fs::copy(&script, d.join(&long)).unwrap();
    let o = folio()
        .current_dir(d)
        .args(["play", "-q", ".", "--html", "rep.html"])
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let linked = pages(&d.join("rep.html"));
    assert_eq!(linked.len(), 2, "{linked:?}");
    for page in linked.values() {
        assert!(page.is_file(), "{}", page.display());
        let name = page.file_name().unwrap().len();
        assert!(name <= 200, "{name} bytes: {}", page.display());
    }
    let page = linked
        .iter()
        .find(|(script, _)| script.contains("aaaa"))
        .map(|(_, p)| p.file_name().unwrap().to_string_lossy().into_owned())
        .expect("the long script's page");
    assert!(page.starts_with("00") && page.contains("-aaaa"), "{page}");
}

/// A KenKen puzzle file is not replayed as a GCG record that "does not parse": render says
/// what it takes for KenKen (the Keen ID, or a session), with `--game kenken` too.
#[test]
fn a_kenken_puzzle_file_is_refused_saying_what_render_takes() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("k3.txt"),
        "kenken 3\naaa\nbbb\nccc\n\na 6+\nb 6+\nc 6+\n",
    )
    .unwrap();
    for game in [&[][..], &["--game", "kenken"]] {
        let out = folio()
            .current_dir(tmp.path())
            .args(["render", "--svg", "r.svg", "k3.txt"])
            .args(game)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{game:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("k3.txt is a KenKen puzzle file")
                && err.contains("folio kenken convert k3.txt --to keen")
                && err.contains("#game kenken"),
            "{game:?}: {err}"
        );
        assert!(!tmp.path().join("r.svg").exists());
    }
}

/// The page's script listing reads the record as the replay does: an ISO-8859-1 record's
/// `é` is `é` (it was U+FFFD), and a lone CR ends a line, so the marked line is the one
/// the finding names.
#[test]
fn an_html_listing_decodes_and_splits_lines_as_the_replay() {
    let dir = tempfile::tempdir().expect("tempdir");
    let script = dir.path().join("lat1.gcg");
    std::fs::write(
        &script,
        b"#player1 C\xe9sar C\xe9sar\n#player2 Bob Bob\r>C\xe9sar: DINNVWY 8D WINDY +30 30\n",
    )
    .expect("write");
    let page = dir.path().join("p.html");
    play_html(std::slice::from_ref(&script), &page);
    let html = std::fs::read_to_string(&page).expect("page");
    assert!(
        html.contains("<li id=\"L1\"><code>#player1 César César</code>"),
        "{html}"
    );
    assert!(
        html.contains(
            "<li id=\"L3\" class=\"marked\"><code>&gt;César: DINNVWY 8D WINDY +30 30</code>"
        ),
        "{html}"
    );
    assert!(!html.contains('\u{fffd}'));
}

/// A record played with `#tileset german` is drawn with the German values, on its page and
/// in `folio render` alike (Z 3 and Ü 6, not the English set's 10 and 0).
#[test]
fn a_records_tileset_gives_the_drawn_tile_values() {
    let dir = tempfile::tempdir().expect("tempdir");
    let script = dir.path().join("de.gcg");
    std::fs::write(
        &script,
        "#character-encoding UTF-8\n#player1 a A\n#player2 b B\n#tileset german\n\
         >a: ZÜBELRS 8G ZÜ +0 0\n",
    )
    .expect("write");
    let svg = dir.path().join("de.svg");
    folio()
        .arg("render")
        .arg(&script)
        .arg("--svg")
        .arg(&svg)
        .assert()
        .success();
    let page = dir.path().join("de.html");
    play_html(std::slice::from_ref(&script), &page);
    for drawn in [&svg, &page] {
        let text = std::fs::read_to_string(drawn).expect("drawn");
        for (letter, value) in [("Z", 3), ("Ü", 6)] {
            let want = format!(">{letter}</text><text class=\"v\"");
            let at = text
                .find(&want)
                .unwrap_or_else(|| panic!("{letter} in {drawn:?}"));
            let rest = &text[at + want.len()..];
            let shown: String = rest
                .split('>')
                .nth(1)
                .unwrap_or_default()
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            assert_eq!(shown, value.to_string(), "{letter} in {drawn:?}");
        }
    }
}

/// A Boggle round whose `#lexicon` is missing is drawn with `--set` (as `play --set`); a
/// position written out takes no `--set`.
#[test]
fn render_takes_a_scripts_word_set_with_set() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("list.txt"), "cats\ndogs\n").unwrap();
    let set = dir.path().join("s.fst");
    folio()
        .args(["words", "import"])
        .arg(dir.path().join("list.txt"))
        .arg("-o")
        .arg(&set)
        .assert()
        .success();
    let round = dir.path().join("r.boggle");
    std::fs::write(
        &round,
        "#game boggle\n#board catsdogsbirdfish\n#lexicon gone.fst\n#player a\n>a: cats\n",
    )
    .unwrap();
    let svg = dir.path().join("r.svg");
    folio()
        .arg("render")
        .arg(&round)
        .arg("--svg")
        .arg(&svg)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("gone.fst"));
    folio()
        .arg("render")
        .arg(&round)
        .arg("--set")
        .arg(&set)
        .arg("--svg")
        .arg(&svg)
        .assert()
        .success();
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    folio()
        .args(["render", "617", "--svg"])
        .arg(&svg)
        .arg("--set")
        .arg(&set)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--set applies to a script file"));
}

/// A script that does not parse, or a FreeCell script whose game never starts, is refused
/// naming its first findings at `FILE:LINE:COL` as `folio play` and `folio moves` do: it
/// once said only "not replayed: the script does not parse" / "nothing to draw".
#[test]
fn render_names_the_findings_of_a_script_it_cannot_draw() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("trunc.gcg"),
        "#player1 a A\n#player2 b B\n>a:\n",
    )
    .unwrap();
    std::fs::write(
        tmp.path().join("bf.txt"),
        "#game freecell\n#deal 24\nzz 99\n",
    )
    .unwrap();
    let said = |script: &str| {
        let o = folio()
            .current_dir(tmp.path())
            .args(["render", script, "--svg", "out.svg"])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{script}");
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    let err = said("trunc.gcg");
    assert!(
        err.contains("trunc.gcg:3:4: truncated event: no move after the nickname"),
        "{err}"
    );
    let err = said("bf.txt");
    assert!(err.contains("bf.txt:3:1: `zz` is not a move"), "{err}");
    assert!(!tmp.path().join("out.svg").exists());
}

/// A control character in a player's name: the SVG and the `--html` page once held it raw,
/// which XML 1.0 forbids (even as a character reference), so no XML reader opened the
/// picture. It is now written as the text report writes it, `\u{1}`.
#[test]
fn control_characters_in_a_record_give_well_formed_pictures() {
    let tmp = tempfile::tempdir().unwrap();
    let gcg = tmp.path().join("ctl.gcg");
    std::fs::write(
        &gcg,
        "#player1 a\u{1}b A\n#player2 b\u{1b}[31m B\n>a\u{1}b: AGILORW 8F AIRGLOW +80 80\n",
    )
    .unwrap();
    let svg = tmp.path().join("ctl.svg");
    let o = folio()
        .arg("render")
        .arg(&gcg)
        .arg("--svg")
        .arg(&svg)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    roxmltree::Document::parse(&text).expect("the SVG is well-formed XML");
    assert!(text.contains("a\\u{1}b"), "{text}");

    let html = tmp.path().join("ctl.html");
    let o = folio()
        .arg("play")
        .arg(&gcg)
        .arg("-q")
        .arg("--html")
        .arg(&html)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let page = std::fs::read_to_string(&html).unwrap();
    let bad: Vec<char> = page
        .chars()
        .filter(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    assert!(bad.is_empty(), "{bad:?}");
    assert!(page.contains("a\\u{1}b"));
    assert!(page.contains("b\\u{1b}[31m"));
    // Each inline SVG picture of the page is well-formed XML.
    let mut pictures = 0;
    for part in page.split("<svg").skip(1) {
        let end = part.find("</svg>").expect("a closed svg") + "</svg>".len();
        roxmltree::Document::parse(&format!("<svg{}", &part[..end]))
            .expect("an inline SVG is well-formed XML");
        pictures += 1;
    }
    assert!(pictures > 0);
}

/// A relative link percent-decoded into the bytes of the path it names.
#[cfg(unix)]
fn link_path(base: &Path, href: &str) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    let b = href.as_bytes();
    let mut bytes = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(&b[i + 1..i + 3]).unwrap();
            bytes.push(u8::from_str_radix(hex, 16).unwrap());
            i += 3;
        } else {
            bytes.push(b[i]);
            i += 1;
        }
    }
    base.join(std::ffi::OsStr::from_bytes(&bytes))
}

/// The index's links and the pages' links back are percent-encoded: `--html 'r #1.html'`
/// once linked `r #1-files/001-a.gcg.html`, which a browser reads as the fragment `#1…`;
/// `?`, `%` and spaces broke links too. Every link, decoded, names a file that exists, for
/// names with those characters, non-ASCII ones, and one that is not UTF-8.
#[cfg(unix)]
#[test]
fn html_links_are_percent_encoded_and_name_the_files() {
    use std::os::unix::ffi::OsStrExt;
    let tmp = tempfile::tempdir().unwrap();
    let gcg = data("scrabble").join("standard_bingo.gcg");
    let scripts = [tmp.path().join("a b.gcg"), tmp.path().join("b#?.gcg")];
    for s in &scripts {
        std::fs::copy(&gcg, s).unwrap();
    }
    let href = Selector::parse("a[href]").unwrap();
    // Two names that differ only in a byte that is not UTF-8 get folders of their own (they
    // once shared one lossy `r\u{FFFD} #-files`, the second run replacing the first's pages).
    for out in [
        std::ffi::OsStr::new("r #1?%é.html"),
        std::ffi::OsStr::from_bytes(b"r\xff #.html"),
        std::ffi::OsStr::from_bytes(b"r\xfe #.html"),
    ] {
        let out = tmp.path().join(out);
        let o = folio()
            .arg("play")
            .args(&scripts)
            .arg("-q")
            .arg("--html")
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let index = Html::parse_document(&std::fs::read_to_string(&out).unwrap());
        let links: Vec<String> = index
            .select(&href)
            .map(|a| a.value().attr("href").unwrap().to_string())
            .collect();
        assert_eq!(links.len(), 2, "{links:?}");
        for link in &links {
            assert!(!link.contains([' ', '#', '?']), "{link}");
            assert!(!link.contains("%EF%BF%BD"), "a lossy folder name: {link}");
            let page = link_path(tmp.path(), link);
            assert!(page.is_file(), "{link} -> {}", page.display());
            let page_html = Html::parse_document(&std::fs::read_to_string(&page).unwrap());
            let back: Vec<String> = page_html
                .select(&href)
                .filter_map(|a| a.value().attr("href"))
                .filter(|h| h.starts_with("../"))
                .map(str::to_string)
                .collect();
            assert_eq!(back.len(), 1, "{back:?}");
            let index_again = link_path(page.parent().unwrap(), &back[0]);
            assert_eq!(
                index_again.canonicalize().unwrap(),
                out.canonicalize().unwrap(),
                "{}",
                back[0]
            );
        }
    }
}

/// The index counts what the run's summary counts: a file that cannot be read is
/// `1 unreadable`, apart from the findings (it was once counted as `1 finding` while the
/// summary said `0 findings, 1 unreadable`).
#[test]
fn the_index_counts_an_unreadable_file_as_the_summary_does() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("idx.html");
    let scripts = [
        data("scrabble").join("standard_bingo.gcg"),
        tmp.path().join("nonexist.gcg"),
    ];
    let o = folio()
        .arg("play")
        .arg("--json")
        .args(&scripts)
        .arg("--html")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let json: Value = serde_json::from_slice(&o.stdout).unwrap();
    let summary = &json["summary"];
    assert_eq!(summary["unreadable"], 1, "{summary}");
    let page = Html::parse_document(&std::fs::read_to_string(&out).unwrap());
    let meta = text(page.select(&sel("p.meta")).next().unwrap());
    let moves = summary["moves"].as_u64().unwrap();
    let findings = summary["findings"].as_u64().unwrap();
    let plural = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    assert_eq!(
        meta,
        format!(
            "{} · {} · 1 unreadable",
            plural(moves, "move", "moves"),
            plural(findings, "finding", "findings")
        )
    );
}

/// `--html` naming a FIFO whose reader reads one byte and leaves: the page is cut short, so
/// the run fails (exit 2) saying so. A broken pipe there was once taken for a closed
/// standard output, and the run exited 0.
#[cfg(unix)]
#[test]
fn an_html_fifo_whose_reader_leaves_fails_the_run() {
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.html");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let p = fifo.clone();
    let reader = std::thread::spawn(move || {
        let mut byte = [0u8; 1];
        std::fs::File::open(p)
            .unwrap()
            .read_exact(&mut byte)
            .unwrap();
    });
    // Its page (over 300 kB: 72 layouts) is more than a pipe holds: the reader leaves
    // mid-write. (A crossword record of 5 turns, over 100 kB once, is 47 kB since its
    // boards share one empty board: a pipe could take it whole.)
    let script = data("freecell").join("won-deal-24.txt");
    let out = folio()
        .arg("play")
        .arg(&script)
        .arg("-q")
        .arg("--html")
        .arg(&fifo)
        .output()
        .unwrap();
    reader.join().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("pipe.html: the reader left before the end"),
        "{err}"
    );
}

/// A script past 64 MiB is refused as `folio play` refuses it, read no further than the
/// cap: render once read a 100 MB file whole (425 MB of memory) and drew it.
#[test]
fn render_refuses_a_script_past_the_size_cap() {
    let tmp = tempfile::tempdir().unwrap();
    let big = tmp.path().join("big.gcg");
    let f = std::fs::File::create(&big).unwrap();
    // Sparse: the file reads as zero bytes past the cap.
    f.set_len((64 << 20) + 1).unwrap();
    drop(f);
    let o = folio()
        .arg("render")
        .arg(&big)
        .args(["--svg", "out.svg"])
        .current_dir(tmp.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("big.gcg") && err.contains("longer than 67108864 bytes: not a script"),
        "{err}"
    );
    assert!(!tmp.path().join("out.svg").exists());
}

/// A missing file that looks like a file name is said to be missing (exit 2), not read as a
/// board ("unexpected '.'").
#[test]
fn a_missing_script_file_is_said_to_be_missing() {
    let tmp = tempfile::tempdir().expect("tmp");
    for arg in ["nonexist.gcg", "games/none.freecell", "sub/x"] {
        let out = crate::common::folio()
            .current_dir(tmp.path())
            .args(["render", arg, "--svg", "x.svg"])
            .output()
            .expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{arg}: {err}");
        assert!(err.contains("no such file"), "{arg}: {err}");
        assert!(!err.contains("unexpected"), "{arg}: {err}");
    }
}
