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
/// "X: N numbers corrected".
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
/// stderr says none of its numbers was checked, not "0 numbers corrected".
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
    assert!(!err.contains("0 numbers corrected"), "{err}");
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

/// The binary as a plain `Command`, whose stdin can be any file or stream.
fn folio_with_stdin(stdin: impl Into<std::process::Stdio>) -> std::process::Command {
    let mut c = std::process::Command::new(assert_cmd::cargo::cargo_bin("folio"));
    c.stdin(stdin);
    c
}

/// Runs `folio ARGS`: (exit code, stderr).
fn refused(args: &[&std::ffi::OsStr]) -> (i32, String) {
    let out = folio().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A `--files-from` list that never ends (`/dev/zero`, by line or NUL, or stdin fed from it)
/// is refused after 64 MiB, naming the list and the limit, instead of growing until memory
/// runs out (2.1 GB once).
#[cfg(unix)]
#[test]
fn an_endless_files_from_list_is_refused_at_its_limit() {
    for null in [false, true] {
        let mut args = vec!["play", "-q", "--files-from", "/dev/zero"];
        if null {
            args.push("-0");
        }
        let out = folio().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains("the --files-from list /dev/zero is longer than 64 MiB (67108864 bytes)"),
            "{err}"
        );
    }
    let zero = std::fs::File::open("/dev/zero").unwrap();
    let out = folio_with_stdin(zero)
        .args(["play", "-q", "--files-from", "-"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the --files-from list from stdin is longer than 64 MiB"),
        "{err}"
    );
}

/// A word set read from a pipe whose first bytes are a real set's header, then endless
/// bytes (`--set <(head -c 16 g.fst; yes)`), is refused at 256 MiB naming the path,
/// instead of being read until memory runs out (2.6 GB once); a whole set from a pipe
/// still answers.
#[cfg(unix)]
#[test]
fn a_word_set_from_an_endless_pipe_is_refused_at_its_limit() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "WHALE\nWHALES\n");
    let bytes = std::fs::read(&set).unwrap();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("folio"))
        .args(["words", "contains", "--set", "/dev/stdin", "whale"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let head = bytes[..16].to_vec();
    let feeder = std::thread::spawn(move || {
        let yes = b"y\n".repeat(1 << 15);
        // Fed until folio stops reading (the write then fails: a broken pipe).
        let _ = stdin.write_all(&head);
        let mut fed = 0u64;
        while stdin.write_all(&yes).is_ok() {
            fed += yes.len() as u64;
        }
        fed
    });
    let out = child.wait_with_output().unwrap();
    let fed = feeder.join().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("/dev/stdin: a word set read from a pipe or device is at most 256 MiB"),
        "{err}"
    );
    assert!(fed < 300 << 20, "{fed} bytes were read");
    let whole = std::fs::File::open(&set).unwrap();
    let out = folio_with_stdin(whole)
        .args(["words", "contains", "--set", "/dev/stdin", "whale"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "whale true\n");
}

/// `--fix A --write-gcg L` with L a dangling link to A: one file, refused before any replay
/// as when A exists (both were written, one replacing the other).
#[cfg(unix)]
#[test]
fn two_outputs_through_a_dangling_link_are_one_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let gcg = d.join("game.gcg");
    std::fs::write(
        &gcg,
        "#player1 a A\n#player2 b B\n>a: WORDSXY 8D WORDS +99 99\n",
    )
    .unwrap();
    std::os::unix::fs::symlink("a.gcg", d.join("l.gcg")).unwrap();
    std::fs::create_dir(d.join("sub")).unwrap();
    std::os::unix::fs::symlink("../b.gcg", d.join("sub/l.gcg")).unwrap();
    for (fix, other) in [("a.gcg", "l.gcg"), ("b.gcg", "sub/l.gcg")] {
        let out = folio()
            .current_dir(d)
            .args(["play", "game.gcg", "--fix", fix, "--write-gcg", other])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("name the same file"), "{err}");
        assert!(!d.join(fix).exists(), "nothing is written");
    }
}

/// An output path that is empty (`--fix ''`, an unset variable) is a usage error before any
/// replay, not "cannot write : : No such file or directory" after it; and an output that
/// exists but whose folder takes no new file (`/proc/version`) says so.
#[cfg(target_os = "linux")]
#[test]
fn an_empty_or_unwritable_output_path_says_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let gcg = dir.path().join("game.gcg");
    std::fs::write(
        &gcg,
        "#player1 a A\n#player2 b B\n>a: ADEIRST 8D WORDS +24 24\n",
    )
    .unwrap();
    for flag in ["--fix", "--write-gcg", "--html"] {
        let (code, err) = refused(&[
            "play".as_ref(),
            "-q".as_ref(),
            gcg.as_os_str(),
            flag.as_ref(),
            "".as_ref(),
        ]);
        assert_eq!(code, 2, "{flag}: {err}");
        assert!(
            err.contains(flag) && err.contains("an empty path names no file"),
            "{err}"
        );
    }
    let (code, err) = refused(&[
        "play".as_ref(),
        "-q".as_ref(),
        gcg.as_os_str(),
        "--fix".as_ref(),
        "/proc/version".as_ref(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("cannot create a new file in /proc to write it to"),
        "{err}"
    );
}

/// `folio moves` reads a POSITION that names something on disk as a file, never as a CGP
/// string: an empty device, a folder, stdin and an endless device each get a message about
/// the file ("CGP column 1: the board has 3 rows" once).
#[cfg(unix)]
#[test]
fn moves_reads_a_path_like_position_as_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "AT\nTA\n");
    let run = |position: &str, stdin: std::process::Stdio| {
        let out = folio_with_stdin(stdin)
            .args(["moves", position, "--rack", "AT", "--set"])
            .arg(&set)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    for (position, said) in [
        ("/dev/null", "/dev/null: empty; a position is a script"),
        (".", ".: is a folder; a position is a script"),
        ("-", "-: empty; a position is a script"),
        ("/dev/zero", "/dev/zero: longer than 67108864 bytes"),
        (
            "no/board.txt",
            "no/board.txt: no such file, and not a CGP string",
        ),
    ] {
        let (code, err) = run(position, std::process::Stdio::null());
        assert_eq!(code, Some(2), "{position}: {err}");
        assert!(err.contains(said), "{position}: {err}");
        assert!(!err.contains("CGP column"), "{position}: {err}");
    }
    // A record on stdin is a position like a file's.
    let gcg = dir.path().join("g.gcg");
    std::fs::write(&gcg, "#player1 a A\n#player2 b B\n>a: AT 8H AT +2 2\n").unwrap();
    let (code, err) = run("-", std::fs::File::open(&gcg).unwrap().into());
    assert_eq!(code, Some(0), "{err}");
}

/// A rack that overfills the tile set together with the board names the tile, as the CGP
/// path does ("hold 2 of Z").
#[test]
fn moves_names_the_tile_a_board_and_rack_hold_too_many_of() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "AT\nTA\n");
    let mut board = String::from("    A B C D E F G H I J K L M N O\n");
    for row in 1..=15 {
        let cells = if row == 8 {
            ". . . A A A A A A A A A . . ."
        } else {
            ". . . . . . . . . . . . . . ."
        };
        board.push_str(&format!("{row:>3} {cells}\n"));
    }
    let file = dir.path().join("board.txt");
    std::fs::write(&file, board).unwrap();
    let out = folio()
        .arg("moves")
        .arg(&file)
        .args(["--rack", "A", "--set"])
        .arg(&set)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("rack A: the board and the rack hold 10 of A; the english tile set has 9"),
        "{err}"
    );
}

/// `merge a.partial -`: stdin is said not to be read by merge, not "-: No such file".
#[test]
fn merge_says_it_does_not_read_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let (code, err) = refused(&[
        "merge".as_ref(),
        "a.partial".as_ref(),
        "-".as_ref(),
        "-o".as_ref(),
        dir.path().join("m.fst").as_os_str(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("- (stdin): folio merge reads each partial from a file, not stdin"),
        "{err}"
    );
}

/// `anagram` and `from-rack` with a rack of hundreds of letters: "rack too long", naming the
/// limit, not "not a word under the game policy".
#[test]
fn a_rack_of_hundreds_of_letters_is_too_long() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "AT\nTA\n");
    let rack = "A".repeat(300);
    for verb in ["anagram", "from-rack"] {
        let out = folio()
            .args(["words", verb, "--set"])
            .arg(&set)
            .arg(&rack)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{verb}: {err}");
        assert!(
            err.contains("rack too long (300 tiles): at most 15 letters"),
            "{verb}: {err}"
        );
        assert!(!err.contains("not a word"), "{verb}: {err}");
    }
}

/// `autoplay --seed 2^64-1 --games 2`: the second seed does not exist; refused (the seeds
/// once wrapped silently to game-0.gcg), while the last seed alone plays.
#[test]
fn autoplay_seeds_past_the_largest_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "AT\nTA\nCAT\nACT\nTAN\nANT\n");
    let games = dir.path().join("games");
    let out = folio()
        .args([
            "autoplay",
            "--seed",
            "18446744073709551615",
            "--games",
            "2",
            "--set",
        ])
        .arg(&set)
        .arg("-o")
        .arg(&games)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("give a --seed at most 18446744073709551614"),
        "{err}"
    );
    assert!(!games.join("game-0.gcg").exists());
    folio()
        .args(["autoplay", "--seed", "18446744073709551615", "--set"])
        .arg(&set)
        .assert()
        .success();
}

/// `autoplay --games N` past the documented limit (1,000,000) is a usage error from the
/// argument parser: 2^64-1 once panicked with "capacity overflow", 2^32 tried to allocate
/// 34 GB of seeds up front.
#[test]
fn autoplay_games_past_the_limit_are_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let set = import(dir.path(), "AT\nTA\nCAT\nACT\nTAN\nANT\n");
    for n in ["18446744073709551615", "4294967296", "1000001"] {
        let out = folio()
            .args(["autoplay", "--games", n, "--set"])
            .arg(&set)
            .arg("-o")
            .arg(dir.path().join("games"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{n}: {err}");
        assert!(err.contains("--games <N>"), "{n}: {err}");
        assert!(err.contains("0..=1000000"), "{n}: {err}");
    }
    assert!(!dir.path().join("games").exists());
}

/// `render -` is no Boggle board: stdin is not read, and the message says so; a file name
/// that names no file says that too, not only that a `.` is no board's letter.
#[test]
fn render_says_what_a_missing_position_file_or_stdin_is() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("out.svg");
    for (position, says) in [
        ("-", "- (stdin): folio render reads a position from a file or from the command line, not stdin"),
        ("missing.gcg", "\"missing.gcg\": no such file"),
    ] {
        let out = folio()
            .current_dir(dir.path())
            .args(["render", position, "--svg"])
            .arg(&svg)
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        let err = String::from_utf8_lossy(&out);
        assert!(err.contains(says), "{position}: {err}");
        assert!(!svg.exists(), "{position} wrote an SVG");
    }
}
