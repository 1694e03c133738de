//! `folio`: turn chosen books into FST word sets and replay scripted word games against them.
//!
//! Exit codes: 0 ok; 1 the game, script or query answer is invalid/negative; 2 usage or I/O.

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

#[cfg(test)]
mod cli_rules;
mod cmd;

/// Turn chosen books into compact FST word sets, and replay scripted word games against them.
///
/// Exit status: 0 ok, 1 the game/script is invalid (or a queried word is absent), 2 usage or
/// I/O error.
#[derive(Parser)]
#[command(name = "folio", version, about, long_about)]
struct Cli {
    /// When to colour help and usage errors: auto (a terminal), always or never. folio's
    /// reports are plain text whatever this says.
    #[arg(long, global = true, value_name = "WHEN", default_value = "auto")]
    color: clap::ColorChoice,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Build a word set (OUT.fst, OUT.counts.fst, OUT.json) from chosen books.
    Ingest(cmd::ingest::Args),
    /// Merge partials (`folio ingest --partial`) into a word set, or into one partial.
    Merge(cmd::merge::Args),
    /// Query, combine, import and export word sets.
    #[command(subcommand)]
    Words(cmd::words::Command),
    /// Replay scripted games (GCG or folio scripts) and check every move and score.
    Play(cmd::play::Args),
    /// Every legal play for a rack on a crossword position, best first.
    Moves(cmd::moves::Args),
    /// Draw one position as SVG: a crossword record at a turn, a CGP string, a Boggle board,
    /// a Keen ID, a FreeCell deal (docs/render.md).
    Render(cmd::render::Args),
    /// Whole crossword games between computer players, written as GCG records.
    Autoplay(cmd::autoplay::Args),
    /// Solve and roll Boggle boards.
    #[command(subcommand)]
    Boggle(cmd::boggle::Command),
    /// Solve, check, generate, show and convert KenKen puzzles; replay solving sessions.
    #[command(subcommand)]
    Kenken(cmd::kenken::Command),
    /// FreeCell: print Microsoft deals, check solutions, solve deals.
    #[command(subcommand)]
    Freecell(cmd::freecell::Command),
    /// The book dictionary server: the course's line protocol, a JSON API and a word-judge page.
    Serve(cmd::serve::Args),
    /// Print a shell completion script: `folio completions bash > /etc/bash_completion.d/folio`.
    Completions {
        /// bash, elvish, fish, powershell or zsh.
        shell: clap_complete::Shell,
    },
    /// Print folio's man page (roff): `folio man > folio.1`; `folio man words import` for a
    /// command's page; `folio man --dir DIR` writes them all.
    Man(cmd::man::Args),
}

/// `--color` as given, read before parsing so that help and parse errors obey it too.
fn color_choice(args: &[std::ffi::OsString]) -> clap::ColorChoice {
    let mut choice = clap::ColorChoice::Auto;
    let mut it = args.iter().skip(1).map(|a| a.to_string_lossy());
    while let Some(arg) = it.next() {
        let value = match arg.strip_prefix("--color") {
            Some("") => it.next().map(|v| v.into_owned()),
            Some(rest) if rest.starts_with('=') => Some(rest[1..].to_string()),
            _ if arg == "--" => break,
            _ => None,
        };
        if let Some(v) = value {
            choice = clap::ValueEnum::from_str(&v, false).unwrap_or(choice);
        }
    }
    choice
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let matches = match Cli::command()
        .color(color_choice(&args))
        .try_get_matches_from(&args)
    {
        Ok(m) => m,
        // --help and --version go to stdout: a write error there is reported like any
        // command's (`folio --help > /dev/full`), a closed pipe is not.
        Err(e) if !e.use_stderr() => {
            let printed = e
                .print()
                .and_then(|()| std::io::stdout().flush())
                .map_err(cmd::stdout_error);
            return finish(
                printed
                    .map(|()| cmd::Outcome::Ok)
                    .map_err(anyhow::Error::from),
            );
        }
        Err(e) => e.exit(),
    };
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let result = match cli.command {
        Command::Ingest(args) => cmd::ingest::run(args),
        Command::Merge(args) => cmd::merge::run(args),
        Command::Words(c) => cmd::words::run(c),
        Command::Play(args) => cmd::play::run(args),
        Command::Moves(args) => cmd::moves::run(args),
        Command::Render(args) => cmd::render::run(args),
        Command::Autoplay(args) => cmd::autoplay::run(args),
        Command::Boggle(c) => cmd::boggle::run(c),
        Command::Kenken(c) => cmd::kenken::run(c),
        Command::Freecell(c) => cmd::freecell::run(c),
        Command::Serve(args) => cmd::serve::run(args),
        Command::Completions { shell } => {
            // Made in memory first: clap_complete panics on a write error (`| head`, a full
            // disk), where folio's own error handling is wanted.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "folio", &mut script);
            let mut out = cmd::stdout();
            out.write_all(&script)
                .and_then(|()| out.flush())
                .map(|()| cmd::Outcome::Ok)
                .map_err(anyhow::Error::from)
        }
        Command::Man(args) => cmd::man::run(&args, Cli::command()),
    };
    finish(result)
}

/// The exit code of a command's `result`, its error printed (exit 2). What a command left
/// in stdout's buffer is flushed first: a write error there fails the run too (`> /dev/full`
/// must not exit 0).
fn finish(result: anyhow::Result<cmd::Outcome>) -> ExitCode {
    let result = result.and_then(|outcome| match cmd::stdout().flush() {
        // The reader left (`folio play --json games/ | tool` where tool exits early): what
        // was left unwritten is lost, but the verdict stands. It once became exit 0 here,
        // passing a record with a wrong score whenever the first write was the one refused.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(outcome),
        Err(e) => Err(e.into()),
        Ok(()) => Ok(outcome),
    });
    match result {
        Ok(outcome) => outcome.exit_code(),
        Err(err) => {
            // A closed stdout (`folio words export | head`) is not an error worth a message.
            if err
                .chain()
                .filter_map(|e| e.downcast_ref::<std::io::Error>())
                .any(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
            {
                return ExitCode::SUCCESS;
            }
            eprintln!("folio: error: {}", render(&err));
            ExitCode::from(2)
        }
    }
}

/// The error and its causes on one line, each cause once: typed errors already show their
/// direct cause in their message (`PATH: permission denied`), so a cause whose text is
/// already there is not repeated. A `folio_lexicon::Error` ends the line: its message gives
/// its cause in short (`PATH: not a folio word set (fst) file: empty file`), and the fst
/// crate's long texts below it would only repeat that.
fn render(err: &anyhow::Error) -> String {
    let mut msg = String::new();
    for cause in err.chain() {
        let text = cause.to_string();
        if !msg.contains(&text) {
            if !msg.is_empty() {
                msg.push_str(": ");
            }
            msg.push_str(&text);
        }
        if cause.downcast_ref::<folio_lexicon::Error>().is_some() {
            break;
        }
    }
    msg
}
