//! Every command's `--json` output against its JSON Schema in docs/schema/ (docs/formats.md
//! §7 lists them): each command runs on real inputs — word sets ingested from two books of
//! the shared corpus, the Scrabble records of tests/data — and its output is validated.
//! `folio play`, `kenken replay` and `freecell check` share docs/schema/play.schema.json
//! (tests/e2e/play_ci.rs, tests/e2e/game_ci.rs).

use std::path::Path;

use crate::common::folio;
use crate::play_ci::{assert_valid, root};

/// The validator of docs/schema/NAME.schema.json.
fn schema(name: &str) -> jsonschema::Validator {
    let path = root().join(format!("docs/schema/{name}.schema.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let schema: serde_json::Value = serde_json::from_str(&text).expect("schema is JSON");
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    jsonschema::validator_for(&schema).expect("a valid JSON Schema")
}

/// Runs `folio ARGS` in `dir`, expecting exit `code`: its stdout as JSON values (one
/// document, or one per line).
fn json_of(dir: &Path, args: &[&str], code: i32) -> Vec<serde_json::Value> {
    let out = folio()
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run folio");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "folio {args:?}: {stderr}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    // `--json` of every `folio words` command prints one JSON value, whatever it is asked.
    if args.first() == Some(&"words") {
        let v = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: {e}: {text}"));
        return vec![v];
    }
    match serde_json::from_str(&text) {
        Ok(v) => vec![v],
        Err(_) => text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{args:?}: {e}: {l}")))
            .collect(),
    }
}

#[test]
fn every_commands_json_follows_its_schema() {
    let (Some(a), Some(b)) = (
        folio_testdata::path("corpora/gutenberg/pg1080-a-modest-proposal.txt"),
        folio_testdata::path("corpora/gutenberg/pg1952-the-yellow-wallpaper.txt"),
    ) else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    let d = tmp.path();
    let data = root().join("tests/data");
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let position = "15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 AEINRST/ 0/0 0";
    let freecell = data.join("freecell/won-deal-24.txt");
    let freecell = freecell.to_str().unwrap();
    // (schema, command line, exit status)
    let runs: &[(&str, &[&str], i32)] = &[
        ("ingest", &["ingest", a, "-o", "a.fst", "-q", "--json"], 0),
        ("ingest", &["ingest", b, "-o", "b.fst", "-q", "--json"], 0),
        (
            "ingest",
            &["ingest", b, "-o", "p.part", "--partial", "-q", "--json"],
            0,
        ),
        (
            "ingest",
            &["merge", "p.part", "-o", "m.fst", "-q", "--json"],
            0,
        ),
        (
            "ingest",
            &[
                "ingest", b, "-o", "w.fst", "--memory", "1M", "--work", "w", "-q", "--json",
            ],
            0,
        ),
        (
            "words-contains",
            &[
                "words", "contains", "--set", "a.fst", "--json", "child", "zzzq",
            ],
            1,
        ),
        (
            "words-list",
            &["words", "prefix", "--set", "a.fst", "--json", "chil"],
            0,
        ),
        (
            "words-list",
            &[
                "words", "prefix", "--set", "a.fst", "--json", "--count", "a",
            ],
            0,
        ),
        (
            "words-list",
            &[
                "words", "pattern", "--set", "a.fst", "--json", "--limit", "3", "c?t*",
            ],
            0,
        ),
        (
            "words-list",
            &[
                "words", "regex", "--set", "a.fst", "--json", "--by", "count", "th.*",
            ],
            0,
        ),
        (
            "words-list",
            &["words", "fuzzy", "--set", "a.fst", "--json", "child"],
            0,
        ),
        (
            "words-hooks",
            // A word absent from the book's set exits 1, as for `contains`.
            &["words", "hooks", "--set", "a.fst", "--json", "hat", "one"],
            1,
        ),
        (
            "words-rack",
            &["words", "anagram", "--set", "a.fst", "--json", "tea?"],
            0,
        ),
        (
            "words-rack",
            &["words", "from-rack", "--set", "a.fst", "--json", "retains"],
            0,
        ),
        (
            "words-compare",
            &[
                "words", "compare", "a.fst", "b.fst", "--json", "--limit", "3",
            ],
            0,
        ),
        (
            "words-stats",
            &["words", "stats", "--set", "a.fst", "--json"],
            0,
        ),
        (
            "words-top",
            &["words", "top", "--set", "a.fst", "--json", "--limit", "5"],
            0,
        ),
        (
            "words-export",
            &["words", "export", "--set", "b.fst", "--json"],
            0,
        ),
        (
            "words-algebra",
            &["words", "union", "a.fst", "b.fst", "-o", "u.fst", "--json"],
            0,
        ),
        (
            "words-algebra",
            &[
                "words",
                "difference",
                "a.fst",
                "b.fst",
                "-o",
                "x.fst",
                "--json",
            ],
            0,
        ),
        (
            "moves",
            &[
                "moves", position, "--set", "a.fst", "--json", "--limit", "5",
            ],
            0,
        ),
        ("play", &["freecell", "check", freecell, "--json"], 0),
        (
            "boggle-solve",
            &[
                "boggle",
                "solve",
                "--board",
                "setaroninedlsomp",
                "--set",
                "a.fst",
                "--json",
            ],
            0,
        ),
        (
            "boggle-roll",
            &[
                "boggle", "roll", "--dice", "new-1987", "--seed", "4", "--json",
            ],
            0,
        ),
        (
            "kenken-solve",
            &[
                "kenken",
                "solve",
                "4dn:a_4a_a_a__aaba,m48d2s1a6s1m4d2",
                "--json",
            ],
            0,
        ),
        (
            "kenken-generate",
            &[
                "kenken",
                "generate",
                "--size",
                "4",
                "--difficulty",
                "easy",
                "--seed",
                "3",
                "--json",
            ],
            0,
        ),
        ("freecell-solve", &["freecell", "solve", "11", "--json"], 0),
        ("freecell-deal", &["freecell", "deal", "1", "--json"], 0),
    ];
    let mut checked = 0;
    for (name, args, code) in runs {
        let validator = schema(name);
        let values = json_of(d, args, *code);
        assert!(!values.is_empty(), "{args:?} printed nothing");
        for v in &values {
            assert_valid(&validator, v);
            checked += 1;
        }
    }
    assert!(checked >= runs.len());
    // Every schema file is exercised (play's by play_ci and game_ci).
    let mut used: Vec<&str> = runs.iter().map(|r| r.0).collect();
    used.push("play");
    for entry in std::fs::read_dir(root().join("docs/schema")).unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        let name = file.trim_end_matches(".schema.json");
        assert!(
            used.contains(&name),
            "docs/schema/{file} is validated by no test"
        );
    }
}

#[test]
fn a_count_is_count_and_words_is_a_list_everywhere() {
    // The rule of docs/formats.md: wherever a `words` key appears in a schema it is a list,
    // and wherever a number of words is given it is `count`.
    for entry in std::fs::read_dir(root().join("docs/schema")).unwrap() {
        let path = entry.unwrap().path();
        let schema: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let mut stack = vec![&schema];
        while let Some(v) = stack.pop() {
            if let Some(words) = v.get("properties").and_then(|p| p.get("words")) {
                let list = words["type"] == "array"
                    || words["oneOf"]
                        .as_array()
                        .is_some_and(|o| o.iter().all(|s| s["type"] == "array"));
                assert!(list, "{}: `words` is not a list: {words}", path.display());
            }
            match v {
                serde_json::Value::Object(m) => stack.extend(m.values()),
                serde_json::Value::Array(a) => stack.extend(a),
                _ => {}
            }
        }
    }
}
