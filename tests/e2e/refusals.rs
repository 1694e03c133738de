//! What folio says when it refuses: a refused value's hint names an option the command has,
//! a message about a word set or a tile says all it found, and two outputs, a rack too long
//! or a file where a folder is needed are refused before any work.

use std::path::{Path, PathBuf};

use crate::common::folio;

/// A tiny set written with `folio words import` from a word list.
fn import(dir: &Path, words: &str) -> PathBuf {
    let list = dir.join("list.txt");
    std::fs::write(&list, words).unwrap();
    let set = dir.join("tiny.fst");
    folio()
        .args(["words", "import"])
        .arg(&list)
        .arg("-o")
        .arg(&set)
        .assert()
        .success();
    set
}

const WORD: &str = "15/15/15/15/15/15/15/4WORD7/15/15/15/15/15/15/15";

/// `moves --limit 0` (and its former spelling `--top 0`) is refused with a hint at `-q`,
/// not at `--count`, which `moves` does not have.
#[test]
fn moves_limit_zero_points_at_quiet_not_count() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "WORD\nWORDS\n");
    for spelling in ["--limit", "--top"] {
        let out = folio()
            .args(["moves", &format!("{WORD} S/ 0/0 0"), "--set"])
            .arg(&set)
            .args([spelling, "0"])
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        let err = String::from_utf8_lossy(&out);
        assert!(err.contains("must be at least 1"), "{err}");
        assert!(err.contains("-q"), "{err}");
        assert!(!err.contains("--count"), "{err}");
    }
}

/// `words top --limit 0` is refused as its positional N is, without naming `--count`.
#[test]
fn words_top_limit_zero_names_no_missing_option() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "WORD\nWORDS\n");
    let out = folio()
        .args(["words", "top", "--set"])
        .arg(&set)
        .args(["--limit", "0"])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8_lossy(&out);
    assert!(err.contains("must be at least 1"), "{err}");
    assert!(!err.contains("--count"), "{err}");
}

/// A word set with more than 12 letters beyond the tiles' is refused with the list marked
/// as cut (`…`), not cut silently after `À` as if that were the last one.
#[test]
fn a_cut_list_of_foreign_letters_says_it_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    // 15 letters outside A-Z, none of them a German tile.
    std::fs::write(&list, "ÀÂÇ\nÈÉÊ\nËÎÏ\nÔÙÛ\nÁÍÓ\n").unwrap();
    let set = dir.path().join("wide.fst");
    folio()
        .args(["ingest", "--policy", "raw", "-o"])
        .arg(&set)
        .arg(&list)
        .assert()
        .success();
    let out = folio()
        .args([
            "moves",
            &format!("{WORD} S/ 0/0 0"),
            "--tileset",
            "german",
            "--set",
        ])
        .arg(&set)
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8_lossy(&out);
    assert!(err.contains("another alphabet"), "{err}");
    assert!(err.contains('…'), "{err}");
}

/// A German set (`--lang de`, built with the game policy) under English tiles: the refusal's
/// advice is to drop `--lang de`, not only "use the game policy", which it already used.
#[test]
fn a_german_set_under_english_tiles_is_told_to_drop_lang_de() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("de.txt");
    std::fs::write(&list, "Ärger über Wörter und Bären\n").unwrap();
    let set = dir.path().join("de.fst");
    folio()
        .args(["ingest", "--lang", "de", "-o"])
        .arg(&set)
        .arg(&list)
        .assert()
        .success();
    let out = folio()
        .args(["moves", &format!("{WORD} S/ 0/0 0"), "--set"])
        .arg(&set)
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8_lossy(&out);
    assert!(err.contains("another alphabet"), "{err}");
    assert!(err.contains("without --lang de"), "{err}");
}

/// `play --fix X --html X` (or `--write-gcg X`): two outputs on one file are a usage error
/// before any replay, not a fixed record silently replaced by the page while stderr says
/// "X: N number(s) corrected".
#[test]
fn fix_and_another_output_on_one_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let gcg = dir.path().join("game.gcg");
    std::fs::write(
        &gcg,
        "#player1 a A\n#player2 b B\n>a: WORDSXY 8D WORDS +99 99\n",
    )
    .unwrap();
    for other in ["--html", "--write-gcg"] {
        let out = dir.path().join("out.gcg");
        let _ = std::fs::remove_file(&out);
        // Spelt once plainly and once through `./`: the same file either way.
        let dotted = dir.path().join(".").join("out.gcg");
        let assert = folio()
            .arg("play")
            .arg(&gcg)
            .arg("--fix")
            .arg(&out)
            .arg(other)
            .arg(&dotted)
            .assert()
            .code(2);
        let err = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
        assert!(err.contains("name the same file"), "{other}: {err}");
        assert!(!out.exists(), "{other}: nothing is written");
    }
    // Two distinct files are fine, and /dev/null may take both.
    folio()
        .arg("play")
        .arg(&gcg)
        .arg("--fix")
        .arg(dir.path().join("fixed.gcg"))
        .arg("--html")
        .arg(dir.path().join("page.html"))
        .assert()
        .code(1);
    let fixed = std::fs::read_to_string(dir.path().join("fixed.gcg")).unwrap();
    assert!(fixed.contains("+26 26"), "{fixed}");
    #[cfg(unix)]
    folio()
        .arg("play")
        .arg(&gcg)
        .args(["--fix", "/dev/null", "--write-gcg", "/dev/null"])
        .assert()
        .code(1);
}

/// A rack holding a letter the game's tile set lacks (`É` under English tiles) is not-in-bag
/// with that said plainly, not "0 of the 0 É in the set are not on the board".
#[test]
fn a_rack_letter_with_no_tile_says_the_tile_set_has_none() {
    let dir = tempfile::tempdir().unwrap();
    let gcg = dir.path().join("cafe.gcg");
    std::fs::write(
        &gcg,
        "#character-encoding UTF-8\n#player1 a A\n#player2 b B\n>a: CAFÉSTR 8E CAFÉ +14 14\n",
    )
    .unwrap();
    let out = folio()
        .args(["play", "-q"])
        .arg(&gcg)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8_lossy(&out);
    assert!(
        text.contains("the english tile set has no É tile [not-in-bag]"),
        "{text}"
    );
    assert!(!text.contains("of the 0"), "{text}");
    assert!(text.contains("[no-such-letter]"), "{text}");
}

/// `autoplay --games 3 -o FILE`: a regular file cannot hold several records; it is refused
/// before any game is played, saying a folder is wanted, and the file is left as it was.
#[test]
fn autoplay_games_into_a_file_is_refused_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "AT\nTA\nCAT\nACT\nTAN\nANT\n");
    let file = dir.path().join("records");
    std::fs::write(&file, "keep me\n").unwrap();
    let out = folio()
        .args(["autoplay", "--games", "3", "--set"])
        .arg(&set)
        .arg("-o")
        .arg(&file)
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8_lossy(&out);
    assert!(err.contains("not a folder"), "{err}");
    assert!(!err.contains("os error"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me\n");
}

/// A German CGP position is drawn with `render --tileset german` (as `moves --tileset`);
/// without it the English tile set refuses the umlaut, exit 2.
#[test]
fn render_draws_a_german_cgp_with_tileset_german() {
    let dir = tempfile::tempdir().unwrap();
    let cgp = "15/15/15/15/15/15/15/7ÄRGEr3/15/15/15/15/15/15/15 ÜBEN/ 0/0 0";
    let svg = dir.path().join("de.svg");
    folio()
        .args(["render", cgp, "--tileset", "german", "--svg"])
        .arg(&svg)
        .assert()
        .success();
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains('Ä'), "the umlaut tile is drawn");
    let plain = dir.path().join("en.svg");
    let out = folio()
        .args(["render", cgp, "--svg"])
        .arg(&plain)
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    assert!(String::from_utf8_lossy(&out).contains("english tile set"));
    assert!(!plain.exists());
}

/// `--fix` on a record that does not parse: the copy is written as the record was, and
/// stderr says none of its numbers was checked, not "0 number(s) corrected".
#[test]
fn fix_of_an_unparsable_record_says_nothing_was_checked() {
    let dir = tempfile::tempdir().unwrap();
    let gcg = dir.path().join("bad.gcg");
    let text = "#player1 a A\n#player2 b B\n>a: WORDSXY 8D WORDS +99 X\n";
    std::fs::write(&gcg, text).unwrap();
    let out = dir.path().join("fixed.gcg");
    let assert = folio()
        .args(["play", "-q"])
        .arg(&gcg)
        .arg("--fix")
        .arg(&out)
        .assert()
        .code(1);
    let err = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(err.contains("none of its numbers was checked"), "{err}");
    assert!(!err.contains("0 number(s) corrected"), "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
}

/// `moves --turn 0` is a usage error saying turns count from 1, not "turn 0 is past its
/// end" of the record.
#[test]
fn moves_turn_zero_says_turns_count_from_one() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "WORDS\n");
    let gcg = dir.path().join("g.gcg");
    std::fs::write(
        &gcg,
        "#player1 a A\n#player2 b B\n>a: WORDSXY 8D WORDS +26 26\n",
    )
    .unwrap();
    let out = folio()
        .arg("moves")
        .arg(&gcg)
        .arg("--set")
        .arg(&set)
        .args(["--turn", "0"])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8_lossy(&out);
    assert!(err.contains("turns count from 1"), "{err}");
    assert!(!err.contains("past its end"), "{err}");
}

/// `moves --rack` with more tiles than a rack holds is refused (exit 2) as the replay's
/// `rack-too-long`, not walked for plays of 8 tiles.
#[test]
fn moves_refuses_a_rack_longer_than_the_rules_racks() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "WORDS\nSWORDS\n");
    let out = folio()
        .args([
            "moves",
            "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ABCDEFGH/ 0/0 0",
            "--set",
        ])
        .arg(&set)
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8_lossy(&out);
    assert!(
        err.contains("holds 8 tiles, more than the 7 of a rack"),
        "{err}"
    );
    for rack in ["ABCDEFG", "WORDS"] {
        folio()
            .args(["moves", "--rack", rack, "-q"])
            .arg("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 / 0/0 0")
            .arg("--set")
            .arg(&set)
            .assert()
            .success();
    }
}

/// `render --rules` and `--tileset` are never accepted and ignored: `--rules` overrides a
/// crossword script's `#rules` as in `play` (an unknown name is exit 2), `--tileset` is
/// refused for a script (its tiles come with its rule set), and both are refused for a
/// position that is no CGP string and for a game that has no rule sets.
#[test]
fn render_never_ignores_rules_or_tileset() {
    let dir = tempfile::tempdir().unwrap();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let gcg = data.join("scrabble/standard_bingo.gcg");
    let svg = dir.path().join("out.svg");
    folio()
        .arg("render")
        .arg(&gcg)
        .args(["--rules", "course", "--svg"])
        .arg(&svg)
        .assert()
        .success();
    assert!(svg.exists());
    let refused = |args: &[&std::ffi::OsStr], says: &str| {
        let out = dir.path().join("refused.svg");
        let err = folio()
            .arg("render")
            .args(args)
            .arg("--svg")
            .arg(&out)
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        let err = String::from_utf8_lossy(&err).into_owned();
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!out.exists(), "{args:?} wrote an SVG");
    };
    let boggle = data.join("boggle/one-player.boggle");
    refused(
        &[gcg.as_os_str(), "--rules".as_ref(), "nope".as_ref()],
        "nope",
    );
    refused(
        &[gcg.as_os_str(), "--tileset".as_ref(), "german".as_ref()],
        "--tileset",
    );
    refused(
        &[boggle.as_os_str(), "--rules".as_ref(), "standard".as_ref()],
        "boggle",
    );
    refused(
        &[
            "ABCDEFGHIJKLMNOP".as_ref(),
            "--rules".as_ref(),
            "standard".as_ref(),
        ],
        "not to \"ABCDEFGHIJKLMNOP\"",
    );
    refused(
        &["11982".as_ref(), "--tileset".as_ref(), "german".as_ref()],
        "--tileset",
    );
}

/// `moves --rack ""` (an unset variable in a CI script) is a usage error, not "0 plays".
#[test]
fn moves_with_an_empty_rack_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "WORD\nWORDS\n");
    let err = folio()
        .args(["moves", &format!("{WORD} S/ 0/0 0"), "--rack", "", "--set"])
        .arg(&set)
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    assert!(
        String::from_utf8_lossy(&err).contains("at least one tile"),
        "{}",
        String::from_utf8_lossy(&err)
    );
}

/// A merge of a truncated partial names the partial and what is wrong with it, not "cannot
/// write the word set" (the output is fine; the input is not).
#[test]
fn a_truncated_partial_is_named_as_the_input_at_fault() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("b.txt");
    // 400 distinct words (letters only: the game policy drops digits).
    let word = |mut n: usize| {
        let mut w = String::from("word");
        while n > 0 {
            w.push(char::from(b'a' + (n % 26) as u8));
            n /= 26;
        }
        w
    };
    let text: Vec<String> = (1..=400).map(word).collect();
    std::fs::write(&book, text.join(" ")).unwrap();
    let part = dir.path().join("a.partial");
    folio()
        .args(["ingest", "-q", "--partial", "-o"])
        .arg(&part)
        .arg(&book)
        .assert()
        .code(0);
    let bytes = std::fs::read(&part).unwrap();
    let cut = dir.path().join("t.partial");
    std::fs::write(&cut, &bytes[..bytes.len() * 3 / 4]).unwrap();
    for extra in [&[][..], &["--partial"][..]] {
        let out = folio()
            .arg("merge")
            .arg(&cut)
            .args(extra)
            .arg("-o")
            .arg(dir.path().join(if extra.is_empty() {
                "m.fst"
            } else {
                "m.partial"
            }))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains("t.partial: cannot merge this partial: truncated"),
            "{err}"
        );
        assert!(!err.contains("cannot write"), "{err}");
    }
}
