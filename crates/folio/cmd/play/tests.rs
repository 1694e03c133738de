//! The run loop with stub games: isolation of a failing file, and the output contract.

use super::*;
use folio_core::script::{Lexicons, ScriptReport};

/// A game that claims `#game stub`: one move, and a `score` finding per line `bad`.
struct Stub;
/// A game that claims `#game boom` and panics, as a bug would.
struct Boom;

struct StubReport {
    file: String,
    bad: Vec<u32>,
}

impl ScriptReport for StubReport {
    fn file(&self) -> &str {
        &self.file
    }
    fn game(&self) -> &'static str {
        "stub"
    }
    fn moves(&self) -> usize {
        1
    }
    fn findings(&self) -> usize {
        self.bad.len()
    }
    fn to_text(&self) -> String {
        format!("{}: stub report\n", self.file)
    }
    fn to_json(&self) -> serde_json::Value {
        let findings: Vec<_> = self
            .bad
            .iter()
            .map(|&line| {
                serde_json::json!({"file": self.file, "line": line, "col": 1, "rule": "score",
                    "message": "wrong score", "text": "bad"})
            })
            .collect();
        serde_json::json!({"file": self.file, "game": "stub", "moves": 1, "findings": findings})
    }
}

impl<L: ?Sized> ScriptedGame<L> for Stub {
    fn name(&self) -> &'static str {
        "stub"
    }
    fn codes(&self) -> Vec<&'static str> {
        vec!["score"]
    }
    fn claims(&self, name: Option<&str>) -> bool {
        name == Some("stub")
    }
    fn replay(
        &self,
        source: Source<'_>,
        _: &dyn Lexicons<L>,
        _: &Options,
    ) -> Result<Box<dyn ScriptReport>, Refusal> {
        let text = String::from_utf8_lossy(source.bytes);
        let bad = (1..)
            .zip(text.lines())
            .filter(|(_, l)| *l == "bad")
            .map(|(n, _)| n)
            .collect();
        Ok(Box::new(StubReport {
            file: source.name.into(),
            bad,
        }))
    }
}

impl<L: ?Sized> ScriptedGame<L> for Boom {
    fn name(&self) -> &'static str {
        "boom"
    }
    fn codes(&self) -> Vec<&'static str> {
        Vec::new()
    }
    fn claims(&self, name: Option<&str>) -> bool {
        name == Some("boom")
    }
    fn replay(
        &self,
        _: Source<'_>,
        _: &dyn Lexicons<L>,
        _: &Options,
    ) -> Result<Box<dyn ScriptReport>, Refusal> {
        let v: Vec<u8> = Vec::new();
        let i = v.len() + 3;
        Ok(Box::new(StubReport {
            file: format!("{}", v[i]),
            bad: Vec::new(),
        }))
    }
}

/// Runs the stub registry over `files` (name, content) in `format`; returns the output
/// and the summary.
fn run_stubs(files: &[(&str, &str)], format: Format, selection: &Selection) -> (String, Summary) {
    run_limited(files, format, selection, None)
}

fn run_limited(
    files: &[(&str, &str)],
    format: Format,
    selection: &Selection,
    max: Option<usize>,
) -> (String, Summary) {
    let tmp = tempfile::tempdir().unwrap();
    let scripts: Vec<PathBuf> = files
        .iter()
        .map(|(name, text)| {
            let p = tmp.path().join(name);
            std::fs::write(&p, text).unwrap();
            p
        })
        .collect();
    let games: [&dyn ScriptedGame<WordSet>; 3] = [&folio_scrabble::Scrabble, &Stub, &Boom];
    let mut sink = output::sink(format, false, false);
    let runner = Runner {
        html: None,
        games: &games,
        options: Options::default(),
        forced: None,
        lexicon_paths: LexiconPaths::Script,
        write_gcg: None,
        fix: None,
        single: false,
        text: true,
        json: sink.wants_json(),
        analyse: None,
        unit: Unit::Script,
    };
    let mut out = Out::new(Vec::new());
    let mut weigher = Weigher::new(selection, max);
    let (summary, _) = runner
        .run(&scripts, &mut weigher, &mut *sink, &mut out)
        .unwrap();
    let text = String::from_utf8(out.w).unwrap();
    (
        text.replace(&tmp.path().display().to_string(), "D"),
        summary,
    )
}

const VALID: &str = "#game stub\nok\n";
const PANICS: &str = "#game boom\n";

#[test]
fn a_panicking_file_is_its_own_entry_and_the_run_goes_on() {
    let files = [("a.txt", VALID), ("b.txt", PANICS), ("c.txt", VALID)];
    let (out, summary) = run_stubs(&files, Format::Json, &Selection::default());
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(v["schema"], 1);
    let reports = v["reports"].as_array().unwrap();
    assert_eq!(reports.len(), 3, "{out}");
    assert_eq!(reports[0]["file"], "D/a.txt");
    assert_eq!(reports[0]["findings"], serde_json::json!([]));
    assert_eq!(reports[2]["file"], "D/c.txt");
    let boom = &reports[1];
    assert_eq!(boom["game"], "boom");
    let message = boom["error"].as_str().unwrap();
    assert!(
        message.contains("internal error") && message.contains("index out of bounds"),
        "{message}"
    );
    assert_eq!(boom["findings"][0]["rule"], "internal-error");
    assert_eq!(boom["findings"][0]["severity"], "error");
    assert_eq!((summary.games, summary.internal_errors), (2, 1));
    assert_eq!(summary.exit, 2);
    assert_eq!(v["summary"]["exit"], 2);
    // The text run prints both reports, and the summary counts the failure.
    let (text, _) = run_stubs(&files, Format::Text, &Selection::default());
    assert_eq!(
        text,
        "D/a.txt: stub report\nD/c.txt: stub report\n\
         2 games, 2 moves, 0 findings, 1 internal error\n"
    );
}

#[test]
fn exit_status_is_the_worst_and_only_errors_fail() {
    let files = [("a.txt", "#game stub\nbad\n"), ("c.txt", VALID)];
    let (_, summary) = run_stubs(&files, Format::Jsonl, &Selection::default());
    assert_eq!((summary.errors, summary.exit), (1, 1));
    let warn = Selection::load(
        Path::new("/nonexistent"),
        &Lists {
            warn: vec!["score".into()],
            ..Lists::default()
        },
        &super::select::known_codes(&[&Stub]),
        &super::select::known_codes(&[&Stub]),
    )
    .unwrap();
    let (out, summary) = run_stubs(&files, Format::Jsonl, &warn);
    assert_eq!((summary.warnings, summary.errors, summary.exit), (1, 0, 0));
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0]["findings"][0]["severity"], "warning");
    assert_eq!(lines[2]["summary"]["warnings"], 1);
    let files = [("a.txt", "#game stub\nbad\n"), ("b.txt", PANICS)];
    let (_, summary) = run_stubs(&files, Format::Text, &Selection::default());
    assert_eq!(summary.exit, 2);
}

#[test]
fn max_findings_lists_fewer_and_counts_all() {
    let files = [
        ("a.txt", "#game stub\nbad\nbad\n"),
        ("b.txt", "#game stub\nbad\n"),
    ];
    let (out, summary) = run_limited(&files, Format::Json, &Selection::default(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["reports"][0]["findings"].as_array().unwrap().len(), 1);
    assert_eq!(v["reports"][0]["omitted"], 1);
    assert_eq!(v["reports"][1]["findings"], serde_json::json!([]));
    assert_eq!(v["reports"][1]["omitted"], 1);
    assert_eq!((summary.findings, summary.omitted, summary.exit), (3, 2, 1));
}

/// Without a `#game` line a script goes by its extension (any case), else it is GCG's.
#[test]
fn the_extension_chooses_the_game_of_a_script_without_a_game_line() {
    let games = super::games();
    let by = |p: &str| super::game_by_extension(&games, Path::new(p)).map(|g| g.name());
    assert_eq!(by("deals/1.freecell"), Some("freecell"));
    assert_eq!(by("s.KenKen"), Some("kenken"));
    assert_eq!(by("r.boggle"), Some("boggle"));
    assert_eq!(by("g.gcg"), None);
    assert_eq!(by("solution.txt"), None);
    assert_eq!(by("freecell"), None);
}
