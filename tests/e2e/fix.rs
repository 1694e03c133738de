//! `folio play --fix OUT`: a misscored record corrected — the rule set's points and running
//! totals in place of the wrong ones, every other byte kept — and the fixed record replays
//! with no score or cumulative finding.

use std::path::Path;

use crate::common::folio;

const MISSCORED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/scrabble/misscored.gcg"
);

/// `folio play --json SCRIPT`: the exit status and the rules of its findings.
fn rules_found(script: &Path) -> (i32, Vec<String>) {
    let out = folio()
        .args(["play", "--json"])
        .arg(script)
        .output()
        .expect("run folio");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let rules = doc["reports"][0]["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| f["rule"].as_str().unwrap_or_default().to_string())
        .collect();
    (out.status.code().unwrap_or(-1), rules)
}

#[test]
fn fix_writes_the_rules_numbers_and_keeps_every_other_byte() {
    let (code, rules) = rules_found(Path::new(MISSCORED));
    assert_eq!(code, 1);
    assert!(rules.contains(&"score".to_string()), "{rules:?}");
    assert!(rules.contains(&"cumulative".to_string()), "{rules:?}");

    let tmp = tempfile::tempdir().expect("tempdir");
    let fixed = tmp.path().join("fixed.gcg");
    let out = folio()
        .args(["play", "-q", MISSCORED, "--fix"])
        .arg(&fixed)
        .output()
        .expect("run folio");
    // The exit status is the original record's verdict.
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("4 numbers corrected"), "{said}");

    let before = std::fs::read(MISSCORED).unwrap();
    let after = std::fs::read(&fixed).unwrap();
    let want = String::from_utf8(before.clone())
        .unwrap()
        .replace("RETAINS +64 64\r\n", "RETAINS +66 66\r\n")
        .replace(".OUGHT +14   15\r\n", ".OUGHT +14   14\r\n")
        .replace(".OWED +10 74 OWED\r\n", ".OWED +10 76 OWED\r\n");
    assert_ne!(
        want.as_bytes(),
        before.as_slice(),
        "the fixture is misscored"
    );
    assert_eq!(String::from_utf8(after).unwrap(), want);

    let (code, rules) = rules_found(&fixed);
    assert_eq!(code, 0, "{rules:?}");
    assert!(rules.is_empty(), "{rules:?}");
}

/// An illegal play recorded with points: the play stays (the fixed record still fails on
/// it), its points become the rules' 0 so that the totals after it add up, and stderr
/// says which of the corrected numbers were on the illegal play.
#[test]
fn fix_gives_an_illegal_play_the_rules_zero_and_keeps_the_play() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let script = tmp.path().join("illegal.gcg");
    std::fs::write(
        &script,
        "#rules standard\n#player1 P Pat\n#player2 Q Quinn\n\
         >P: AEINRST 8A RETAINS +66 66\n>P: AEINRST 8H AT +4 70\n",
    )
    .unwrap();
    let fixed = tmp.path().join("fixed.gcg");
    let out = folio()
        .args(["play", "-q"])
        .arg(&script)
        .arg("--fix")
        .arg(&fixed)
        .output()
        .expect("run folio");
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("3 numbers corrected") && said.contains("2 of them on illegal plays"),
        "{said}"
    );
    assert_eq!(
        std::fs::read_to_string(&fixed).unwrap(),
        "#rules standard\n#player1 P Pat\n#player2 Q Quinn\n\
         >P: AEINRST 8A RETAINS +0 0\n>P: AEINRST 8H AT +4 4\n"
    );
    let (code, rules) = rules_found(&fixed);
    assert_eq!(code, 1);
    assert_eq!(rules, ["first-move-misses-centre"]);
}

#[test]
fn fix_refuses_the_script_itself_and_several_scripts() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let copy = tmp.path().join("m.gcg");
    std::fs::copy(MISSCORED, &copy).unwrap();
    let out = folio()
        .arg("play")
        .arg(&copy)
        .arg("--fix")
        .arg(&copy)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        std::fs::read(&copy).unwrap(),
        std::fs::read(MISSCORED).unwrap()
    );
    let out = folio()
        .arg("play")
        .arg(&copy)
        .arg(MISSCORED)
        .arg("--fix")
        .arg(tmp.path().join("x.gcg"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--fix takes exactly one script"));
}

/// The numeric rules `--fix` corrects.
const NUMBERS: &[&str] = &["score", "cumulative", "withdrawn-points"];

/// Over every record of the shared corpus: a record whose numbers are right is written back
/// byte for byte; one with wrong numbers replays, fixed, with none.
#[test]
fn fix_over_the_shared_records() {
    let Some(dir) = folio_testdata::path("games/scrabble/gcg") else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    let mut records: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "gcg"))
        .collect();
    records.sort();
    assert!(records.len() >= 50, "{} records", records.len());
    let (mut kept, mut mended) = (0, 0);
    for record in &records {
        let (code, rules) = rules_found(record);
        if code == 2 {
            continue; // not checked (a missing #lexicon file): nothing to fix
        }
        let wrong = rules
            .iter()
            .filter(|r| NUMBERS.contains(&r.as_str()))
            .count();
        let out = tmp.path().join("fixed.gcg");
        let status = folio()
            .args(["play", "-q"])
            .arg(record)
            .arg("--fix")
            .arg(&out)
            .output()
            .unwrap()
            .status;
        assert_eq!(status.code(), Some(code), "{}", record.display());
        if wrong == 0 {
            assert_eq!(
                std::fs::read(&out).unwrap(),
                std::fs::read(record).unwrap(),
                "{} has no wrong number and must be kept as it is",
                record.display()
            );
            kept += 1;
        } else {
            let (_, after) = rules_found(&out);
            let left: Vec<_> = after
                .iter()
                .filter(|r| NUMBERS.contains(&r.as_str()))
                .collect();
            assert!(left.is_empty(), "{}: {left:?}", record.display());
            mended += 1;
        }
    }
    assert!(kept >= 50 && mended >= 1, "kept {kept}, mended {mended}");
}
