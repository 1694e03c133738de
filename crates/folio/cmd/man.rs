//! `folio man`: folio's man pages (roff), made by clap_mangen from the same definitions as
//! `--help`: folio(1), and a page per command (folio-words(1), folio-words-import(1), …),
//! the pages the SUBCOMMANDS sections name.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use clap::Command;

use super::Outcome;

/// `folio man [COMMAND…] [--dir DIR]`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The command whose page to print, as typed after `folio` (`words`, `words import`);
    /// none: folio(1).
    #[arg(value_name = "COMMAND")]
    command: Vec<String>,
    /// Write every page into DIR instead (`folio.1`, `folio-words.1`, …; DIR is created
    /// when missing; each file written atomically).
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    dir: Option<PathBuf>,
}

/// Prints the page `args` names, or writes them all into `--dir`; `root` is folio's command.
///
/// # Errors
/// A command folio does not have (naming the ones it has), or a page that cannot be written.
pub fn run(args: &Args, root: Command) -> Result<Outcome> {
    let mut root = root.disable_help_subcommand(true);
    // Built once, so each command's display name is its page's (`folio-words`).
    root.build();
    let source = source(&root);
    match &args.dir {
        Some(dir) => write_all(&root, &source, dir)?,
        None => {
            let mut out = super::stdout();
            page(find(&root, &args.command)?, &source).render(&mut out)?;
            out.flush()?;
        }
    }
    Ok(Outcome::Ok)
}

/// The command `path` names below `root` (`["words", "import"]`).
fn find<'a>(root: &'a Command, path: &[String]) -> Result<&'a Command> {
    let mut cmd = root;
    for (depth, name) in path.iter().enumerate() {
        cmd = match cmd.find_subcommand(name) {
            Some(sub) if !sub.is_hide_set() => sub,
            _ => {
                let known: Vec<&str> = cmd
                    .get_subcommands()
                    .filter(|s| !s.is_hide_set())
                    .map(Command::get_name)
                    .collect();
                let at = std::iter::once("folio")
                    .chain(path[..depth].iter().map(String::as_str))
                    .collect::<Vec<_>>()
                    .join(" ");
                if known.is_empty() {
                    bail!("`{at}` has no commands, so no page for {name:?}");
                }
                bail!(
                    "`{at}` has no command {name:?}; its commands: {}",
                    known.join(", ")
                );
            }
        };
    }
    Ok(cmd)
}

/// The `.TH` source field of every page: folio's name and version (`folio 0.1.0`), as
/// clap_mangen gives the top-level page; a command's own (`import `, no version) would not
/// say which program or release the page documents.
fn source(root: &Command) -> String {
    format!(
        "{} {}",
        root.get_name(),
        root.get_version().unwrap_or_default()
    )
}

/// `cmd`'s page, its `.TH` line as the top-level page's (title, section 1, source).
fn page(cmd: &Command, source: &str) -> clap_mangen::Man {
    clap_mangen::Man::new(cmd.clone()).source(source)
}

/// Writes `cmd`'s page and those of all its commands into `dir`.
fn write_all(cmd: &Command, source: &str, dir: &Path) -> Result<()> {
    // A file of that name: said so, not `File exists` (which reads as a refusal to overwrite).
    if dir.exists() && !dir.is_dir() {
        anyhow::bail!(
            "{} is not a folder: --dir names the folder to write the pages into",
            folio_core::file_name::in_message(dir)
        );
    }
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot create {}", folio_core::file_name::in_message(dir)))?;
    let mut pages = Vec::new();
    collect(cmd, source, &mut pages)?;
    for (name, _) in &pages {
        // Before any page is written: a link or folder of a page's name is not folio's.
        super::in_folder::check_writable(&dir.join(name), "a man page")?;
    }
    for (name, bytes) in &pages {
        folio_lexicon::set::atomic::write_bytes_atomic(&dir.join(name), bytes)?;
    }
    let mut out = super::stdout();
    writeln!(
        out,
        "{} man pages written to {}",
        pages.len(),
        folio_core::file_name::in_message(dir)
    )?;
    Ok(())
}

/// Each page's file name (`folio-words.1`) and roff, `cmd`'s first.
fn collect(cmd: &Command, source: &str, pages: &mut Vec<(String, Vec<u8>)>) -> std::io::Result<()> {
    let man = page(cmd, source);
    let mut bytes = Vec::new();
    man.render(&mut bytes)?;
    pages.push((man.get_filename(), bytes));
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        collect(sub, source, pages)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> Command {
        let mut c = Command::new("folio")
            .version("0.1.0")
            .subcommand(Command::new("words").subcommand(Command::new("import")))
            .disable_help_subcommand(true);
        c.build();
        c
    }

    #[test]
    fn a_page_per_command_named_as_the_subcommands_sections_name_it() {
        let mut pages = Vec::new();
        let r = root();
        collect(&r, &source(&r), &mut pages).unwrap();
        let names: Vec<&str> = pages.iter().map(|p| p.0.as_str()).collect();
        assert_eq!(names, ["folio.1", "folio-words.1", "folio-words-import.1"]);
    }

    /// A command's page has the top-level page's `.TH` fields: section 1, no date, source
    /// `folio VERSION` (not the command's bare name, `import `).
    #[test]
    fn a_command_page_th_line_is_like_the_top_level_one() {
        let r = root();
        let mut pages = Vec::new();
        collect(&r, &source(&r), &mut pages).unwrap();
        let th = |bytes: &[u8]| {
            String::from_utf8_lossy(bytes)
                .lines()
                .find(|l| l.starts_with(".TH "))
                .unwrap()
                .to_string()
        };
        assert_eq!(th(&pages[0].1), ".TH folio 1  \"folio 0.1.0\" ");
        assert_eq!(
            th(&pages[2].1),
            ".TH folio-words-import 1  \"folio 0.1.0\" "
        );
    }

    #[test]
    fn an_unknown_command_names_the_known_ones() {
        let r = root();
        assert_eq!(
            find(&r, &["words".into(), "import".into()])
                .unwrap()
                .get_name(),
            "import"
        );
        let e = find(&r, &["word".into()]).unwrap_err().to_string();
        assert_eq!(e, "`folio` has no command \"word\"; its commands: words");
        let e = find(&r, &["words".into(), "import".into(), "x".into()])
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("`folio words import` has no commands"), "{e}");
    }
}
