//! The rule "one spelling of each option across commands" (issue 14, point 9), checked on
//! the clap command tree itself so that a new subcommand cannot break it unnoticed:
//!
//! - a word set read by a command is chosen with `--set` (never `--lexicon`, `--dict`…);
//! - a cap on the number of results printed is `--limit` (never `--top`, `--max-results`…);
//! - word-length bounds are `--min-len` / `--max-len` (never `--min-length`…).
//!
//! Former spellings live on as hidden aliases, so old command lines still run.

use clap::CommandFactory;

/// Long option names no subcommand may show: each has one documented spelling instead.
const FORBIDDEN: &[(&str, &str)] = &[
    ("lexicon", "set"),
    ("wordset", "set"),
    ("word-set", "set"),
    ("dict", "set"),
    ("dictionary", "set"),
    ("top", "limit"),
    ("max-results", "limit"),
    ("count-limit", "limit"),
    ("min-length", "min-len"),
    ("max-length", "max-len"),
    ("minlen", "min-len"),
    ("maxlen", "max-len"),
];

/// Every subcommand path (`folio words top`) with its command, depth first.
fn walk(cmd: &clap::Command, path: String, out: &mut Vec<(String, clap::Command)>) {
    for sub in cmd.get_subcommands() {
        let p = format!("{path} {}", sub.get_name());
        out.push((p.clone(), sub.clone()));
        walk(sub, p, out);
    }
}

fn commands() -> Vec<(String, clap::Command)> {
    let mut root = crate::Cli::command();
    root.build();
    let mut all = Vec::new();
    walk(&root, "folio".into(), &mut all);
    all
}

#[test]
fn no_subcommand_shows_a_forbidden_spelling() {
    let mut broken = Vec::new();
    let all = commands();
    assert!(all.len() > 30, "{} subcommands walked", all.len());
    for (path, cmd) in &all {
        for arg in cmd.get_arguments() {
            let Some(long) = arg.get_long() else { continue };
            if let Some((_, want)) = FORBIDDEN.iter().find(|(bad, _)| *bad == long) {
                broken.push(format!("{path}: --{long} (spell it --{want})"));
            }
            for alias in arg.get_visible_aliases().into_iter().flatten() {
                if let Some((_, want)) = FORBIDDEN.iter().find(|(bad, _)| *bad == alias) {
                    broken.push(format!(
                        "{path}: visible alias --{alias} (spell it --{want})"
                    ));
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "forbidden spellings:\n{}",
        broken.join("\n")
    );
}

#[test]
fn a_word_set_read_is_chosen_with_set() {
    // An option whose value is a word set file (`SET.fst`, `OUT.fst`) is `--set` when the
    // command reads it, `-o/--output` when it writes it.
    let mut broken = Vec::new();
    for (path, cmd) in commands() {
        for arg in cmd.get_arguments() {
            let (Some(long), Some(names)) = (arg.get_long(), arg.get_value_names()) else {
                continue;
            };
            let fst = names.iter().any(|n| n.as_str().ends_with(".fst"));
            if fst && long != "set" && long != "output" {
                broken.push(format!("{path}: --{long} <{}>", names[0]));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "word sets not chosen with --set:\n{}",
        broken.join("\n")
    );
}

#[test]
fn former_spellings_still_parse() {
    for argv in [
        &["folio", "play", "--lexicon", "x.fst", "a.gcg"][..],
        &["folio", "play", "--set", "x.fst", "a.gcg"][..],
        &["folio", "moves", "p.gcg", "--set", "x.fst", "--top", "3"][..],
        &["folio", "moves", "p.gcg", "--set", "x.fst", "--limit", "3"][..],
        &["folio", "words", "compare", "a.fst", "b.fst", "--top", "3"][..],
        &[
            "folio", "words", "compare", "a.fst", "b.fst", "--limit", "3",
        ][..],
        &["folio", "words", "top", "--set", "a.fst", "5"][..],
        &["folio", "words", "top", "--set", "a.fst", "--limit", "5"][..],
    ] {
        if let Err(e) = crate::Cli::command().try_get_matches_from(argv) {
            panic!("{argv:?} does not parse: {e}");
        }
    }
    // The count of `words top` is given once.
    assert!(crate::Cli::command()
        .try_get_matches_from(["folio", "words", "top", "--set", "a", "5", "--limit", "6"])
        .is_err());
}
