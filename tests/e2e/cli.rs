//! End-to-end tests of the `folio` binary: usage and exit codes.

use crate::common::folio;

#[test]
fn help_lists_the_commands() {
    let out = folio()
        .arg("--help")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    for cmd in ["ingest", "words", "play", "boggle"] {
        assert!(text.contains(cmd), "--help lacks {cmd}:\n{text}");
    }
}

#[test]
fn unknown_subcommand_is_a_usage_error() {
    folio().arg("frobnicate").assert().code(2);
}

/// `-o -` once wrote a file named `-` (and `words import - -o x` then took that file for
/// standard input). Where the output is fst files it is a usage error naming the option;
/// `words export -o -` and set algebra (`union`, `difference` ... `-o -`) write the word list
/// to standard output.
#[test]
fn dash_as_an_output_is_refused_or_means_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("book.txt"), "the whale and the sea\n").unwrap();
    std::fs::write(d.join("list.txt"), "cat\ndog\n").unwrap();
    std::fs::write(d.join("list2.txt"), "dog\n").unwrap();
    for (list, set) in [("list.txt", "a.fst"), ("list2.txt", "b.fst")] {
        folio()
            .current_dir(d)
            .args(["words", "import", list, "-o", set])
            .assert()
            .success();
    }
    for args in [
        &["ingest", "book.txt", "-o", "-"][..],
        &["words", "import", "list.txt", "-o", "-"],
        &["play", "game.gcg", "--write-gcg", "-"],
    ] {
        let out = folio().current_dir(d).args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("standard output"), "{args:?}: {err}");
    }
    let out = folio()
        .current_dir(d)
        .args(["words", "export", "--set", "a.fst", "-o", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "CAT\nDOG\n");
    for (args, words) in [
        (
            &["words", "union", "a.fst", "b.fst", "-o", "-"][..],
            "CAT\nDOG\n",
        ),
        (&["words", "difference", "a.fst", "a.fst", "--output=-"], ""),
    ] {
        let out = folio().current_dir(d).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), words, "{args:?}");
    }
    let left: Vec<_> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('-'))
        .collect();
    assert!(left.is_empty(), "files named after `-`: {left:?}");
}

/// Shell completions and the man page come from the same clap definitions as the parser.
#[test]
fn completions_man_page_and_color() {
    let out = folio()
        .args(["completions", "bash"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let bash = String::from_utf8(out).unwrap();
    assert!(
        bash.contains("complete -F _folio") && bash.contains("--files-from"),
        "{bash}"
    );
    let out = folio()
        .args(["completions", "zsh"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert!(String::from_utf8(out)
        .unwrap()
        .starts_with("#compdef folio"));
    folio().args(["completions", "tcsh"]).assert().code(2);
    let out = folio()
        .arg("man")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let man = String::from_utf8(out).unwrap();
    assert!(
        man.contains(".TH folio 1") && man.contains("play"),
        "{}",
        &man[..man.len().min(400)]
    );
    // --color always colours clap's usage errors, never leaves them plain.
    let err = |color: &str| {
        let out = folio()
            .args(["--color", color, "play", "--frobnicate"])
            .assert()
            .code(2);
        String::from_utf8(out.get_output().stderr.clone()).unwrap()
    };
    assert!(err("always").contains('\x1b'));
    assert!(!err("never").contains('\x1b'));
    let out = folio()
        .args(["play", "--color=never", "--frobnicate"])
        .assert()
        .code(2);
    assert!(!String::from_utf8_lossy(&out.get_output().stderr).contains('\x1b'));
}

/// `completions` writes through folio's own error handling: a closed pipe (`| head`) is a
/// quiet success and a full disk an error (exit 2), never a panic.
#[cfg(target_os = "linux")]
#[test]
fn completions_into_a_closed_pipe_or_a_full_disk_do_not_panic() {
    use std::process::{Command, Stdio};
    let bin = assert_cmd::cargo::cargo_bin("folio");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(&bin)
        .args(["completions", "bash"])
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("No space left on device") && !err.contains("panicked"),
        "{err}"
    );
    // The bash script (~100 KB) is more than a pipe holds: its writes meet the closed end.
    let mut child = Command::new(&bin)
        .args(["completions", "bash"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// `folio man --dir` never writes a page through a link planted in the folder (the file it
/// named was replaced), and writes nothing then.
#[cfg(unix)]
#[test]
fn man_pages_are_never_written_through_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("man")).unwrap();
    std::fs::write(d.join("precious"), "precious").unwrap();
    std::os::unix::fs::symlink("../precious", d.join("man/folio-words.1")).unwrap();
    let o = folio()
        .args(["man", "--dir"])
        .arg(d.join("man"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("folio-words.1: a symbolic link where folio writes a man page"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(d.join("precious")).unwrap(),
        "precious"
    );
    assert_eq!(
        std::fs::read_dir(d.join("man")).unwrap().count(),
        1,
        "nothing written"
    );
}

/// Every page folio(1)'s SUBCOMMANDS sections name exists: `folio man words import` prints
/// one, `folio man --dir` writes them all, and each lists its command's options.
#[test]
fn man_pages_exist_for_every_command_the_pages_name() {
    let dir = tempfile::tempdir().unwrap();
    let out = folio()
        .args(["man", "--dir"])
        .arg(dir.path())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert!(String::from_utf8(out)
        .unwrap()
        .contains("man pages written"));
    let names: std::collections::BTreeSet<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    // Each page cited as `folio\-x(1)` in any page is one of the files.
    for name in &names {
        let page = std::fs::read_to_string(dir.path().join(name)).unwrap();
        for cited in page.split("folio\\-").skip(1) {
            let end = cited
                .find(|c: char| !(c.is_ascii_lowercase() || c == '\\' || c == '-'))
                .unwrap_or(cited.len());
            if !cited[end..].starts_with("(1)") {
                continue;
            }
            let file = format!("folio-{}.1", cited[..end].replace("\\-", "-"));
            assert!(names.contains(&file), "{name} cites {file}, not written");
        }
    }
    assert!(names.contains("folio-words-import.1"), "{names:?}");
    let page = folio()
        .args(["man", "words", "import"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let page = String::from_utf8(page).unwrap();
    assert!(page.contains(".TH folio-words-import 1"), "{page}");
    // The same `.TH` fields as folio(1): source `folio VERSION`, not the bare `import `.
    let th = page.lines().find(|l| l.starts_with(".TH ")).unwrap();
    assert_eq!(
        th,
        format!(
            ".TH folio-words-import 1  \"folio {}\" ",
            env!("CARGO_PKG_VERSION")
        )
    );
    assert!(page.contains("\\-\\-min\\-len"), "{page}");
    let err = folio().args(["man", "wordz"]).assert().code(2);
    let err = String::from_utf8(err.get_output().stderr.clone()).unwrap();
    assert!(err.contains("its commands: ingest, merge, words"), "{err}");
}

/// `folio man --dir FILE` says FILE is not a folder (it said `cannot create FILE: File
/// exists`), exit 2, and leaves the file as it was.
#[test]
fn man_dir_that_is_a_file_is_named_as_not_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("folio.1");
    std::fs::write(&file, "mine").unwrap();
    let o = folio().args(["man", "--dir"]).arg(&file).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("folio.1 is not a folder"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
}
