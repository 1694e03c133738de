//! `folio play` judges the points of every crossword line alike: a pass or an exchange
//! recorded with points, a second challenge bonus for one play, or a withdrawal of a play
//! that stood its challenge is a finding of severity error (exit 1), not a silent `[recorded]`
//! mark that lets a wrong winner pass CI.

use std::path::Path;

use crate::common::folio;

const AB: &str = "#player1 A A\n#player2 B B\n>A: AGILORW 8F AIRGLOW +80 80\n";

/// `folio play --json [ARGS] SCRIPT`: the exit status, the rules found (with their lines) and
/// the report.
fn replay(script: &Path, args: &[&str]) -> (i32, Vec<(u64, String)>, serde_json::Value) {
    let out = folio()
        .args(["play", "--json"])
        .args(args)
        .arg(script)
        .output()
        .expect("run folio");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let report = doc["reports"][0].clone();
    let rules = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| {
            let rule = f["rule"].as_str().unwrap_or_default().to_string();
            (f["line"].as_u64().unwrap_or(0), rule)
        })
        .collect();
    (out.status.code().unwrap_or(-1), rules, report)
}

fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write script");
    path
}

#[test]
fn a_pass_or_an_exchange_recorded_with_points_fails_under_every_rule_set() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let text = format!("{AB}>B: ACEOOQR -OOQ +50 50\n>A: DEFHIJK - +7 87\n");
    let script = write(tmp.path(), "exmini.gcg", &text);
    for rules in ["course", "standard", "wordbler"] {
        let (code, found, report) = replay(&script, &["--rules", rules]);
        assert_eq!(code, 1, "{rules}");
        for line in [4, 5] {
            assert!(
                found.contains(&(line, "score".into())),
                "{rules}: {found:?}"
            );
        }
        // The rules' totals leave the exchange's and the pass's points out.
        assert_eq!(report["players"][1]["score"], 0, "{rules}");
        assert_eq!(report["players"][1]["recorded"], 50, "{rules}");
    }
    // --fix writes the rules' 0 and the totals that follow; the fixed record passes.
    let fixed = tmp.path().join("fixed.gcg");
    let status = folio()
        .args(["play", "-q"])
        .arg(&script)
        .arg("--fix")
        .arg(&fixed)
        .output()
        .expect("run folio")
        .status;
    assert_eq!(status.code(), Some(1), "the original's verdict");
    let written = std::fs::read_to_string(&fixed).expect("fixed");
    assert!(
        written.ends_with(">B: ACEOOQR -OOQ +0 0\n>A: DEFHIJK - +0 80\n"),
        "{written}"
    );
    let (code, found, _) = replay(&fixed, &[]);
    assert_eq!((code, found), (0, vec![]));
}

/// The trial's record: the loser's `-OOQ +0 106` written `+50 156`, later totals shifted, so
/// that the record names him the winner (504-499).
#[test]
fn an_exchange_scored_in_a_real_record_is_an_error() {
    let Some(dir) = folio_testdata::path("games/scrabble/gcg") else {
        return;
    };
    let record = dir.join("liwords__jesse_vs_ayo.gcg");
    let (code, found, _) = replay(&record, &[]);
    assert_eq!((code, found), (0, vec![]), "the record as published");
    let text = std::fs::read_to_string(&record).expect("record");
    let mut after = false;
    let edited: Vec<String> = text
        .lines()
        .map(|l| {
            if l == ">JD: ACEOOQR -OOQ +0 106" {
                after = true;
                return ">JD: ACEOOQR -OOQ +50 156".to_string();
            }
            match l.rsplit_once(' ') {
                Some((head, total)) if after && l.starts_with(">JD:") => {
                    let total: i64 = total.parse().expect("cumulative");
                    format!("{head} {}", total + 50)
                }
                _ => l.to_string(),
            }
        })
        .collect();
    assert!(after, "the exchange line is in the record");
    let tmp = tempfile::tempdir().expect("tempdir");
    let script = write(tmp.path(), "jd50.gcg", &(edited.join("\n") + "\n"));
    let (code, found, report) = replay(&script, &[]);
    assert_eq!(code, 1);
    // One wrong number, one finding: the cumulatives built on it are not findings.
    assert_eq!(found, vec![(8, "score".to_string())]);
    assert_eq!(report["result"]["winners"][0], "Ayotunde_Adeyeri");
}

#[test]
fn challenge_lines_that_contradict_the_record_fail_the_run() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let bonus = ">A: (challenge) +5 85\n";
    let twice = format!("{AB}{bonus}>A: (challenge) +5 90\n>B: ACEOOQR -OOQ +0 0\n");
    let (code, found, report) = replay(&write(tmp.path(), "chdup.gcg", &twice), &[]);
    assert_eq!(
        (code, found),
        (1, vec![(5, "challenge-bonus-twice".into())])
    );
    assert_eq!(report["players"][0]["score"], 85);
    let withdrawn = format!("{AB}{bonus}>A: AGILORW -- -80 0\n>B: ACEOOQR -OOQ +0 0\n");
    let (code, found, report) = replay(&write(tmp.path(), "chwd0.gcg", &withdrawn), &[]);
    let want = vec![(5, "withdrawn-after-challenge-bonus".to_string())];
    assert_eq!((code, found), (1, want));
    // The withdrawal line shows what left the total: 85 - 85 = 0.
    let turn = &report["turns"][2];
    assert_eq!(
        (&turn["points"], &turn["total"]),
        (&(-85).into(), &0.into())
    );
}
