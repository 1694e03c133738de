//! One long line of a script (a whole solution or session written on one line, or a player's
//! words): parsing is linear in the line (columns counted along it once, not from its start
//! per token), and each finding quotes a bounded excerpt of the line around its column, not a
//! copy of the whole line (which made memory quadratic in the line: 40 KB of KenKen moves took
//! 963 MB). The timeouts are hang guards only; each assertion is on the output.

use std::time::Duration;

use crate::common::folio;

/// Enough for a linear run under a loaded debug build; the quadratic parsers took minutes.
const GUARD: Duration = Duration::from_secs(60);

const SHOWN_CHARS: usize = 200;

#[test]
fn a_freecell_solution_of_4_mb_on_one_line_is_read_in_one_pass() {
    let tmp = tempfile::tempdir().expect("tmp");
    // `1a a1` then moves 40 characters apart: the second move does not fit, after the whole
    // line was parsed. (Under 100,000 moves, the most a solution file may hold.)
    let line = format!("1a a1 {}", format!("1a{}", " ".repeat(38)).repeat(99_000));
    let path = tmp.path().join("one-line.txt");
    std::fs::write(&path, format!("#game freecell\n#deal 1\n{line}\n")).expect("write");
    let out = folio()
        .args(["freecell", "check", "-q"])
        .arg(&path)
        .timeout(GUARD)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains(":3:4: error: move 2 (a1)"), "{stdout}");
    let quoted = stdout.lines().nth(1).expect("the line quoted");
    assert!(
        quoted.ends_with(&format!("… ({} characters)", line.len())),
        "{quoted}"
    );
    assert!(quoted.chars().count() < SHOWN_CHARS + 10, "{quoted}");
}

#[test]
fn a_kenken_session_of_4_mb_on_one_line_is_read_in_one_pass() {
    let tmp = tempfile::tempdir().expect("tmp");
    // 20,000 moves (the most a session may hold) 200 characters apart.
    let line = format!("A1=1{}", " ".repeat(196)).repeat(20_000);
    let path = tmp.path().join("one-line.kenken");
    std::fs::write(
        &path,
        format!("#game kenken\n#puzzle 3de:_aba_3a,s1m3a5m3\n{line}\n"),
    )
    .expect("write");
    let out = folio()
        .args(["kenken", "replay", "--format", "json"])
        .arg(&path)
        .timeout(GUARD)
        .output()
        .expect("runs");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let report = &json["reports"][0];
    assert_eq!(report["moves"], 20_000, "{report}");
    // Every move legal; the one finding is the verdict: A1 alone is not a solution.
    let findings = report["findings"].as_array().expect("findings");
    assert_eq!(findings.len(), 1, "{report}");
    assert_eq!(findings[0]["rule"], "not-solved");
}

#[test]
fn findings_on_one_long_line_each_quote_a_window_at_their_column() {
    let tmp = tempfile::tempdir().expect("tmp");
    // 20 000 moves on one line, each a finding (4 is not a digit of a 3x3 grid).
    let line = "A1=4 ".repeat(20_000);
    let path = tmp.path().join("digits.kenken");
    std::fs::write(
        &path,
        format!("#game kenken\n#puzzle 3de:_aba_3a,s1m3a5m3\n{line}\n"),
    )
    .expect("write");
    let out = folio()
        .args(["kenken", "replay", "--format", "json"])
        .arg(&path)
        .timeout(GUARD)
        .output()
        .expect("runs");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let findings = json["reports"][0]["findings"].as_array().expect("findings");
    assert!(findings.len() >= 20_000, "{}", findings.len());
    let on_line = findings.iter().filter(|f| f["line"] == 3);
    let suffix = format!(" ({} characters)", line.len());
    for f in on_line {
        let text = f["text"].as_str().expect("text");
        assert!(text.chars().count() <= SHOWN_CHARS, "{text}");
        assert!(text.ends_with(&suffix), "{text}");
        assert!(text.contains("A1=4 A1=4"), "{text}");
    }
    // The whole report: bounded text per finding, so linear in the line, where a copy of
    // the line per finding would be 100 KB × 20 000 = 2 GB.
    assert!(
        out.stdout.len() < 1_000 * findings.len(),
        "{} bytes",
        out.stdout.len()
    );
}

#[test]
fn a_megabyte_word_in_a_gcg_record_is_refused_at_its_token_and_never_echoed() {
    let tmp = tempfile::tempdir().expect("tmp");
    let word = "BA".repeat(1_000_000);
    let path = tmp.path().join("bigword.gcg");
    std::fs::write(
        &path,
        format!("#player1 a A\n#player2 b B\n>a: ABCDEFG 8G {word} +7 7\n"),
    )
    .expect("write");
    let html = tmp.path().join("bw.html");
    let out = folio()
        .args(["play", "-q"])
        .arg(&path)
        .arg("--html")
        .arg(&html)
        .timeout(GUARD)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains(":3:16: error: word \"BABA"), "{stdout}");
    assert!(stdout.contains("… (2000000 characters) covers more than 15 squares"));
    assert!(stdout.contains("[word-too-long]"), "{stdout}");
    assert!(stdout.len() < 2_000, "{} bytes", stdout.len());
    let page = std::fs::read_to_string(&html).expect("the page");
    assert!(page.contains("… (2000020 characters)"));
    assert!(page.len() < 100_000, "{} bytes", page.len());
    let out = folio()
        .arg("render")
        .arg(&path)
        .args(["--svg", "-"])
        .timeout(GUARD)
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("covers more than 15 squares"), "{stderr}");
    assert!(out.stdout.len() + out.stderr.len() < 2_000, "{stderr}");
}

/// A 2 MB token in a message (a FreeCell move, a `#deal` number, a GCG `#lexicon` value) is
/// clipped there as in the line's echo: the whole output stays a few kilobytes.
#[test]
fn a_2_mb_token_is_clipped_in_every_message_that_names_it() {
    let tmp = tempfile::tempdir().expect("tmp");
    let big = |c: &str| c.repeat(2_000_000);
    let cases = [
        (
            "move.freecell",
            format!("#game freecell\n#deal 1\n4{}\n", big("h")),
            vec!["freecell", "check"],
            "unknown-move",
        ),
        (
            "deal.freecell",
            format!("#game freecell\n#deal {}\n", big("9")),
            vec!["freecell", "check"],
            "bad-deal",
        ),
        (
            "lexicon.gcg",
            format!(
                "#player1 a A\n#player2 b B\n#lexicon {}\n>a: AB 8H AB +4 4\n",
                big("L")
            ),
            vec!["play", "-q", "--require-lexicon"],
            "words not checked",
        ),
    ];
    for (name, text, args, what) in cases {
        let path = tmp.path().join(name);
        std::fs::write(&path, text).expect("write");
        let out = folio()
            .args(&args)
            .arg(&path)
            .timeout(GUARD)
            .output()
            .expect("runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{name}");
        assert!(
            stdout.contains(what),
            "{name}: {}",
            &stdout[..stdout.len().min(500)]
        );
        assert!(
            stdout.len() + out.stderr.len() < 5_000,
            "{name}: {} bytes out",
            stdout.len() + out.stderr.len()
        );
    }
}
