//! End-to-end tests of `folio autoplay`: games between computer players replay clean through
//! `folio play --lexicon`, and a seed always gives the same record.

use std::path::PathBuf;

use crate::common::folio;

/// ENABLE imported with `folio words import`, or `None` without the shared data.
fn enable1() -> Option<(tempfile::TempDir, PathBuf)> {
    let list = folio_testdata::path("wordlists/enable1.txt")?;
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("enable1.fst");
    folio()
        .args(["words", "import"])
        .arg(list)
        .arg("-o")
        .arg(&set)
        .assert()
        .success();
    Some((dir, set))
}

#[test]
fn computer_games_replay_clean_under_each_rule_set() {
    let Some((dir, set)) = enable1() else { return };
    for rules in ["standard", "course", "wordbler"] {
        for strategy in ["score", "equity"] {
            let out = dir.path().join(format!("{rules}-{strategy}"));
            folio()
                .args(["autoplay", "--rules", rules, "--strategy", strategy])
                .args(["--seed", "40", "--games", "2", "--set"])
                .arg(&set)
                .arg("-o")
                .arg(&out)
                .assert()
                .success()
                .stderr(predicates::str::contains("2 games under"));
            for seed in [40, 41] {
                let gcg = out.join(format!("game-{seed}.gcg"));
                let text = std::fs::read_to_string(&gcg).unwrap();
                assert!(
                    text.contains(&format!("#rules {rules}\n#seed {seed}\n")),
                    "{text}"
                );
                folio()
                    .arg("play")
                    .arg(&gcg)
                    .arg("--lexicon")
                    .arg(&set)
                    .assert()
                    .success();
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_record() {
    let Some((dir, set)) = enable1() else { return };
    let run = |name: &str| {
        let out = dir.path().join(name);
        folio()
            .args(["autoplay", "--players", "3", "--seed", "9", "--set"])
            .arg(&set)
            .arg("-o")
            .arg(&out)
            .assert()
            .success();
        std::fs::read(out).unwrap()
    };
    let (a, b) = (run("a.gcg"), run("b.gcg"));
    assert_eq!(a, b);
    assert!(String::from_utf8(a).unwrap().contains("#player3 cpu3"));
}
