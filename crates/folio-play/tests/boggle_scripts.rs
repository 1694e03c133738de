//! Boggle round scripts in `tests/data/boggle/`, replayed through the library entry point and
//! compared with their expected transcripts (text and JSON). Regenerate the transcripts only
//! on purpose: `FOLIO_BLESS=1 cargo test -p folio-play --test boggle_scripts`.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use folio_lexicon::WordSet;
use folio_play::boggle::{play_script, Error, LexiconChoice, Options, ScriptError};

/// ENABLE2K built once per test binary (CRLF stripped, upper-cased).
fn enable2k() -> Option<Arc<WordSet>> {
    static SET: OnceLock<Option<Arc<WordSet>>> = OnceLock::new();
    SET.get_or_init(|| {
        let path = folio_shared::path("games/boggle/wordlists/enable2k.txt")?;
        let text = std::fs::read_to_string(path).expect("enable2k.txt");
        let words = text
            .lines()
            .map(|l| l.trim_end_matches('\r').to_ascii_uppercase())
            .filter(|w| !w.is_empty());
        Some(Arc::new(WordSet::from_words(words).expect("enable2k set")))
    })
    .clone()
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn options(set: Arc<WordSet>) -> Options {
    Options {
        lexicon: LexiconChoice::Loaded {
            set,
            label: "ENABLE2K".into(),
        },
    }
}

/// Replays `name` and compares (or, with FOLIO_BLESS=1, rewrites) its transcripts.
fn check_transcript(name: &str) -> folio_play::boggle::Report {
    let set = enable2k().expect("enable2k");
    let rel = format!("tests/data/boggle/{name}.boggle");
    let text = std::fs::read_to_string(repo().join(&rel)).unwrap();
    let report = play_script(Path::new(&rel), &text, &options(set)).unwrap();
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
        folio_core::boggle::Verdict::Cancelled { with, points: 2 } if with == &[1, 2]
    ));
    // Rejections (PAUS, AT, QUIZ, the second THUJA) and cal's wrong claim.
    assert_eq!(r.findings.len(), 5);
    assert!(r
        .findings
        .iter()
        .any(|f| f.player == "cal" && f.message.contains("claimed score 15")));
}

#[test]
fn malformed_scripts_name_file_line_and_column() {
    let set = Arc::new(WordSet::from_words(["CAT"]).unwrap());
    let path = Path::new("bad.boggle");
    let err = play_script(
        path,
        "#game boggle\n#board ca1t\n#player a\n",
        &options(set.clone()),
    )
    .unwrap_err();
    assert!(err.is_invalid_script());
    assert_eq!(err.to_string().split(": ").next(), Some("bad.boggle:2:10"));
    let err = play_script(
        path,
        "#game boggle\n#player a\n#board cat\n",
        &options(set.clone()),
    )
    .unwrap_err();
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
    let err = play_script(path, "#player1 a A\n", &options(set)).unwrap_err();
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

#[test]
fn lexicon_from_the_script_is_opened_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let set = WordSet::from_words(["CAT", "ACT"]).unwrap();
    let bytes = set.as_fst_set().as_fst().as_bytes().to_vec();
    std::fs::write(dir.path().join("tiny.fst"), bytes).unwrap();
    let script = dir.path().join("r.boggle");
    let text = "#game boggle\n#board ca/tx\n#lexicon tiny.fst\n#player a\n>a: cat act\n";
    let r = play_script(&script, text, &Options::default()).unwrap();
    assert_eq!(r.players[0].score, 2);
    assert!(!r.has_findings());
    assert_eq!(r.lexicon, "tiny.fst");

    let missing = "#game boggle\n#board ca/tx\n#lexicon gone.fst\n#player a\n";
    let err = play_script(&script, missing, &Options::default()).unwrap_err();
    assert!(!err.is_invalid_script());
    assert!(err.to_string().contains("gone.fst"), "{err}");
}

/// One run reports every error, in line order: malformed lines and the checks of the whole
/// script (board, scoring, cube set, words) alike.
#[test]
fn every_error_of_a_script_is_reported_in_line_order() {
    let set = Arc::new(WordSet::from_words(["CAT"]).unwrap());
    let text = "#game boggle\n#board abcdefghijklmnoX1\n#scoring weird\n#player ann\n\
                >ann: c4t, dog!\n#dice foo\n#bored x\n";
    let err = play_script(Path::new("t.boggle"), text, &options(set.clone())).unwrap_err();
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
        Path::new("t.boggle"),
        "#game boggle\n#board\n#player a\n",
        &options(set),
    )
    .unwrap_err();
    assert_eq!(err.to_string(), "t.boggle:2:1: `#board` needs a value");
}
