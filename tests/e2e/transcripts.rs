//! End-to-end tests of the text transcript against the run's severities: a transcript lists
//! what the summary and the machine outputs count (`--allow`, `--warn`, `--deny`, default
//! warnings, `--max-findings`), in every game.

use std::path::Path;

use crate::common::folio;

/// A record whose one finding is `score` at 4:24 (recorded +70, the rules give +66).
const MISSCORED: &str = "#character-encoding UTF-8\n#player1 A Ann\n#player2 B Bob\n\
>A: AEINRST 8D RETAINS +70 70\n>B: ABCDEFG - +0 0\n";

/// Runs `folio ARGS` in `dir`; returns exit code and stdout.
fn play_in(dir: &Path, args: &[&str]) -> (i32, String) {
    let out = folio().current_dir(dir).args(args).output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
}

fn two_misscored() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    for name in ["ms.gcg", "ms2.gcg"] {
        std::fs::write(tmp.path().join(name), MISSCORED).unwrap();
    }
    tmp
}

#[test]
fn allowed_findings_are_not_listed_but_said_to_be_allowed() {
    let tmp = two_misscored();
    let (code, out) = play_in(
        tmp.path(),
        &["play", "ms.gcg", "ms2.gcg", "--allow", "score"],
    );
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("finding:"), "{out}");
    assert!(!out.contains("recorded +70, the rules give"), "{out}");
    assert_eq!(out.matches("\nnot listed: 1 allowed\n").count(), 2, "{out}");
    assert!(
        out.ends_with("2 games, 4 moves, 0 findings (0 errors, 2 allowed)\n"),
        "{out}"
    );
}

#[test]
fn a_warning_says_warning_and_an_error_keeps_its_form() {
    let tmp = two_misscored();
    let (code, out) = play_in(tmp.path(), &["play", "ms.gcg", "--warn", "score"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("1 finding:\nms.gcg:4:24: warning: score: recorded +70, the rules give +66\n"),
        "{out}"
    );
    let (code, out) = play_in(tmp.path(), &["play", "ms.gcg"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("1 finding:\nms.gcg:4:24: score: recorded +70, the rules give +66\n"),
        "{out}"
    );
}

#[test]
fn a_default_note_says_note_in_the_transcript_as_in_the_json() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("p.gcg"),
        "#player1 A Ann\n#player2 B Bob\n#note hello\n>A: AEINRST 8D RETAINS +66 66\n",
    )
    .unwrap();
    let (code, out) = play_in(tmp.path(), &["play", "p.gcg"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("1 finding:\np.gcg:3:1: note: #note before the first event"),
        "{out}"
    );
    let (_, json) = play_in(tmp.path(), &["play", "--json", "p.gcg"]);
    assert!(json.contains(r#""severity":"note""#), "{json}");
}

#[test]
fn max_findings_omissions_agree_with_the_summary() {
    let tmp = two_misscored();
    let (code, out) = play_in(
        tmp.path(),
        &["play", "ms.gcg", "ms2.gcg", "--max-findings", "1"],
    );
    assert_eq!(code, 1, "{out}");
    assert_eq!(out.matches("1 finding:\n").count(), 1, "{out}");
    assert!(
        out.contains("\nnot listed: 1 past --max-findings\n"),
        "{out}"
    );
    assert!(out.ends_with(", 1 not listed (--max-findings)\n"), "{out}");
}

#[test]
fn every_game_weighs_its_transcript() {
    let tmp = tempfile::tempdir().unwrap();
    let data = std::fs::canonicalize("tests/data").unwrap();
    // KenKen: its conflicts session holds row-duplicate at 4:6.
    let kenken = data.join("kenken/conflicts.kenken");
    let kenken = kenken.to_str().unwrap();
    let (_, out) = play_in(tmp.path(), &["play", kenken, "--warn", "row-duplicate"]);
    assert!(out.contains(":4:6: warning: row-duplicate: B1=3"), "{out}");
    let (_, out) = play_in(tmp.path(), &["play", kenken, "--allow", "row-duplicate"]);
    assert!(!out.contains("row-duplicate"), "{out}");
    assert!(out.contains("not listed: 1 allowed"), "{out}");
    // FreeCell: a deal that is not won.
    std::fs::write(
        tmp.path().join("n.freecell"),
        "#game freecell\n#deal 1\n1a\n",
    )
    .unwrap();
    // The verdict is never weighed down: `--warn`/`--allow not-won` are usage errors.
    for flag in ["--warn", "--allow"] {
        let (code, out) = play_in(tmp.path(), &["play", "n.freecell", flag, "not-won"]);
        assert_eq!(code, 2, "{out}");
    }
    let (code, out) = play_in(tmp.path(), &["play", "n.freecell"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(": not-won: "), "{out}");
}

/// The HTML pages and their index list what the text does: an allowed finding is not on
/// the page (which says it was allowed) nor counted in the index; a warning is marked.
#[test]
fn html_pages_are_weighed_as_the_run() {
    let tmp = two_misscored();
    let (code, out) = play_in(
        tmp.path(),
        &[
            "play", "ms.gcg", "ms2.gcg", "--allow", "score", "--html", "rep.html", "-q",
        ],
    );
    assert_eq!(code, 0, "{out}");
    let index = std::fs::read_to_string(tmp.path().join("rep.html")).unwrap();
    assert!(index.contains("4 moves · 0 findings"), "{index}");
    let pages: Vec<String> = std::fs::read_dir(tmp.path().join("rep-files"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "html"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    assert_eq!(pages.len(), 2);
    for page in &pages {
        assert!(page.contains("0 findings</h2>"), "{page}");
        assert!(page.contains("not listed: 1 allowed"), "{page}");
        // The turn still explains its score; the findings list is empty.
        assert!(!page.contains("<ul class=\"findings\">"), "{page}");
    }
    let (code, _) = play_in(
        tmp.path(),
        &[
            "play", "ms.gcg", "--warn", "score", "--html", "one.html", "-q",
        ],
    );
    assert_eq!(code, 0);
    let page = std::fs::read_to_string(tmp.path().join("one.html")).unwrap();
    assert!(page.contains("1 finding</h2>"), "{page}");
    assert!(
        page.contains(
            "warning: <span class=\"rule\">score</span>: recorded +70, the rules give +66"
        ),
        "{page}"
    );
}
