//! Boggle round scripts in `tests/data/boggle/`, replayed through the library entry point and
//! compared with their expected transcripts (text and JSON). Regenerate the transcripts only
//! on purpose: `FOLIO_BLESS=1 cargo test -p folio-boggle --test boggle_scripts`.

use std::path::{Path, PathBuf};

use folio_boggle::script::{play_script, Error, ScriptError};
use folio_core::WordList;

/// ENABLE2K, loaded once (folio-testdata).
fn enable2k() -> Option<&'static WordList> {
    folio_testdata::enable2k()
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Replays `name` and compares (or, with FOLIO_BLESS=1, rewrites) its transcripts.
fn check_transcript(name: &str) -> folio_boggle::script::Report {
    let set = enable2k().expect("enable2k");
    let rel = format!("tests/data/boggle/{name}.boggle");
    let text = std::fs::read_to_string(repo().join(&rel)).unwrap();
    let report = play_script(&rel, &text, set, "ENABLE2K").unwrap();
    let outputs = [
        (
            format!("tests/data/boggle/{name}.expected.txt"),
            report.to_string(),
        ),
        (
            format!("tests/data/boggle/{name}.expected.json"),
            report.to_json() + "\n",
        ),
    ];
    for (file, got) in outputs {
        let path = repo().join(&file);
        if std::env::var_os("FOLIO_BLESS").is_some_and(|v| v == "1") {
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{file}: {e} (bless with FOLIO_BLESS=1)"));
        assert_eq!(
            got, want,
            "{file} differs (FOLIO_BLESS=1 regenerates it on purpose)"
        );
    }
    report
}

#[test]
fn one_player_round_against_seed_scoring() {
    if enable2k().is_none() {
        return;
    }
    let r = check_transcript("one-player");
    assert_eq!(r.scoring, "seed");
    assert_eq!(r.min_len, 4);
    let solo = &r.players[0];
    // QUIRE 5 + QUIRES 6 + REBUS 5 + OGRES 5 + GOUGER 6 + GOUGERS 7 + BOGS 4.
    assert_eq!(solo.score, 38);
    assert_eq!(solo.claimed, Some(38));
    // BOG too short, SEBU not a word, XYLOPHONE not on the board, QUIRE again.
    assert_eq!(r.findings.len(), 4);
    assert!(r.has_findings());
    assert!(r.missed.iter().all(|m| m.word.len() >= 4));
    assert!(!r.missed.iter().any(|m| m.word == "QUIRE"));
}

#[test]
fn three_player_round_cancels_shared_words() {
    if enable2k().is_none() {
        return;
    }
    let r = check_transcript("three-players");
    assert_eq!(r.board, "gripesajehutzitx");
    assert_eq!((r.dice.as_deref(), r.seed), (Some("new-1987"), Some(4)));
    let scores: Vec<u32> = r.players.iter().map(|p| p.score).collect();
    assert_eq!(scores, [8, 9, 13]);
    // SHARE was written by all three: it scores for nobody.
    let share = &r.players[0].words[2];
    assert_eq!(share.word, "SHARE");
    assert!(matches!(
        &share.verdict,
        folio_boggle::Verdict::Cancelled { with, points: 2 } if with == &[1, 2]
    ));
    // Rejections (PAUS, AT, QUIZ, the second THUJA) and cal's wrong claim.
    assert_eq!(r.findings.len(), 5);
    assert!(r
        .findings
        .iter()
        .any(|f| f.rule.to_string().starts_with("cal: claimed score 15")));
}

#[test]
fn malformed_scripts_name_file_line_and_column() {
    let set = WordList::new(["CAT"]);
    let path = "bad.boggle";
    let err = play_script(
        path,
        "#game boggle\n#board ca1t\n#player a\n",
        &set,
        "words",
    )
    .unwrap_err();
    assert!(err.is_invalid_script());
    assert_eq!(err.to_string().split(": ").next(), Some("bad.boggle:2:10"));
    let err =
        play_script(path, "#game boggle\n#player a\n#board cat\n", &set, "words").unwrap_err();
    assert!(
        matches!(
            err,
            Error::Script {
                kind: ScriptError::BadBoard(_),
                line: 3,
                ..
            }
        ),
        "{err}"
    );
    let err = play_script(path, "#player1 a A\n", &set, "words").unwrap_err();
    assert!(matches!(
        err,
        Error::Script {
            kind: ScriptError::NotBoggle,
            line: 1,
            col: 1,
            ..
        }
    ));
}

/// One run reports every error, in line order: malformed lines and the checks of the whole
/// script (board, scoring, cube set, words) alike.
#[test]
fn every_error_of_a_script_is_reported_in_line_order() {
    let set = WordList::new(["CAT"]);
    let text = "#game boggle\n#board abcdefghijklmnoX1\n#scoring weird\n#player ann\n\
                >ann: c4t, dog!\n#dice foo\n#bored x\n";
    let err = play_script("t.boggle", text, &set, "words").unwrap_err();
    assert!(err.is_invalid_script());
    let message = err.to_string();
    let at: Vec<&str> = message
        .lines()
        .map(|l| l.split(": ").next().unwrap_or(""))
        .map(|l| l.trim_start_matches("t.boggle:"))
        .collect();
    assert_eq!(
        at,
        ["2:24", "3:10", "5:7", "5:12", "6:7", "6:7", "7:2"],
        "{err}"
    );
    // A missing board is not reported when the `#board` line itself is bad.
    let err = play_script(
        "t.boggle",
        "#game boggle\n#board\n#player a\n",
        &set,
        "words",
    )
    .unwrap_err();
    assert_eq!(err.to_string(), "t.boggle:2:1: `#board` needs a value");
}
