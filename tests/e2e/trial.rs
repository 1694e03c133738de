//! End-to-end tests of the defects a new-user trial found: a word list's rejected lines kept
//! bounded, a BOM on `contains`'s stdin, `--max-states` at its extremes, a FreeCell header
//! after a parse error, negative deals in `render`, control characters in file names, and
//! what `-o /dev/null` says was written.

use std::path::Path;

use serde_json::Value;

use crate::common::folio;

fn json_of(out: &std::process::Output) -> Value {
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn import_keeps_a_bounded_sample_of_rejected_lines() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("rej.txt");
    let mut body = "123\n".repeat(50_000);
    body.push_str(&"a".repeat(3 << 20));
    body.push_str("\ncat\ncat\n");
    std::fs::write(&list, body).unwrap();
    let out = dir.path().join("rej.fst");
    let run = folio()
        .args(["words", "import", "--json"])
        .arg(&list)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let r = &json_of(&run)["report"];
    assert_eq!(r["rejected_lines"], 50_001);
    assert_eq!(r["rejected"].as_array().unwrap().len(), 100);
    assert_eq!((&r["duplicate_lines"], &r["words"]), (&1.into(), &1.into()));
    // The manifest holds the sample, not the megabytes.
    let manifest = std::fs::metadata(dir.path().join("rej.json"))
        .unwrap()
        .len();
    assert!(manifest < 64 << 10, "{manifest} bytes");

    // A line over 1 MiB is one rejected line with its start and its length, the rest unread.
    std::fs::write(&list, format!("{}\ncat\n", "a".repeat(3 << 20))).unwrap();
    let run = folio()
        .args(["words", "import"])
        .arg(&list)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0));
    let shown = text(&run.stdout);
    assert!(
        shown.contains(&format!(
            "  {}:1: \"{}\"… (3145728 bytes): longer than the 1048576-byte line limit: not a word",
            list.display(),
            "a".repeat(80)
        )),
        "{shown}"
    );
    let m: Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("rej.json")).unwrap()).unwrap();
    let first = &m["report"]["rejected"][0];
    assert_eq!(
        (&first["text"], &first["bytes"]),
        (&"a".repeat(80).into(), &(3 << 20).into())
    );
}

#[test]
fn contains_drops_a_bom_opening_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("s.fst");
    folio()
        .args(["words", "import", "-", "-o"])
        .arg(&set)
        .write_stdin("cat\n")
        .assert()
        .code(0);
    folio()
        .args(["words", "contains", "--set"])
        .arg(&set)
        .write_stdin("\u{feff}cat\r\n")
        .assert()
        .code(0)
        .stdout("cat true\n");
}

#[test]
fn max_states_extremes() {
    folio()
        .args(["freecell", "solve", "1", "--max-states", "0"])
        .assert()
        .code(2);
    let run = folio()
        .args(["freecell", "solve", "1", "--json", "--max-states"])
        .arg(u64::MAX.to_string())
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stdout));
    let v = json_of(&run);
    assert_eq!(v["verdict"], "solved");
    assert!(v["states"].as_u64().unwrap() > 0);
}

#[test]
fn check_keeps_the_header_before_a_parse_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("u.fc");
    std::fs::write(&file, "#game freecell\n#deal 1\n#freecells 1\n1a zz\n").unwrap();
    let run = folio()
        .current_dir(dir.path())
        .args(["freecell", "check", "u.fc"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let shown = text(&run.stdout);
    assert!(
        shown.starts_with("u.fc: freecell (folio), deal 1, 1 free cell, autoplay ms\n"),
        "{shown}"
    );
    let run = folio()
        .current_dir(dir.path())
        .args(["freecell", "check", "--json", "u.fc"])
        .output()
        .unwrap();
    let v = &json_of(&run)["reports"][0];
    assert_eq!((&v["format"], &v["deal"]), (&"folio".into(), &1.into()));
}

#[test]
fn a_repeated_deal_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("d.fc");
    std::fs::write(&file, "#game freecell\n#deal 1\n#deal 2\n").unwrap();
    let run = folio()
        .current_dir(dir.path())
        .args(["freecell", "check", "d.fc"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let shown = text(&run.stdout);
    assert!(
        shown.contains("d.fc:3:1: duplicate-directive: `#deal` given twice (first on line 2)"),
        "{shown}"
    );
}

#[test]
fn render_draws_the_joke_deals() {
    let dir = tempfile::tempdir().unwrap();
    for n in ["-1", "-2"] {
        let svg = dir.path().join(format!("r{n}.svg"));
        folio()
            .args(["render", "--svg"])
            .arg(&svg)
            .args(["--", n])
            .assert()
            .code(0);
        let drawn = std::fs::read_to_string(&svg).unwrap();
        assert!(drawn.contains(&format!("FreeCell deal {n}")), "{n}");
    }
}

#[test]
fn a_newline_in_a_file_name_is_escaped_in_text_reports() {
    let dir = tempfile::tempdir().unwrap();
    let name = "bad\nname.fc";
    std::fs::write(dir.path().join(name), "#game freecell\n#deal 1\n1a zz\n").unwrap();
    let run = folio()
        .current_dir(dir.path())
        .args(["freecell", "check", name])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let shown = text(&run.stdout);
    assert!(
        shown.contains(r#""bad\nname.fc":3:4: unknown-move"#),
        "{shown}"
    );
    assert!(!shown.lines().any(|l| l.starts_with("name.fc")), "{shown}");
}

#[test]
fn dev_null_outputs_say_only_the_set_was_written() {
    if !Path::new("/dev/null").exists() {
        return;
    }
    let run = folio()
        .args(["words", "import", "-", "-o", "/dev/null"])
        .write_stdin("cat\n")
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0));
    let shown = text(&run.stdout);
    assert!(!shown.contains("/dev/null.json"), "{shown}");
    assert!(shown.contains("counts map: none"), "{shown}");

    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("x.txt");
    std::fs::write(&book, "the whale and the sea\n").unwrap();
    let run = folio()
        .arg("ingest")
        .arg(&book)
        .args(["-o", "/dev/null"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let said = text(&run.stderr);
    assert!(!said.contains("/dev/null.counts.fst"), "{said}");
    assert!(!said.contains("/dev/null.json"), "{said}");
    assert!(said.contains("no counts map or manifest written"), "{said}");
}
