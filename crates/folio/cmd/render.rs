//! `folio render POSITION --svg OUT.svg`: one picture of one position (docs/render.md),
//! drawn by folio-render and written atomically.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use folio_core::quote::quoted;
use folio_core::script::{game_line, GameLine, Options, Source};
use folio_scrabble::movegen::cgp::Cgp;
use folio_scrabble::script::RulesName;
use folio_scrabble::Rules;

use super::play::lexicon::{CliLexicons, LexiconPaths};
use super::Outcome;

/// Arguments of `folio render`.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  folio render game.gcg --turn 5 --svg board.svg\n  \
folio render '15/15/15/15/15/15/15/3HORN8/15/15/15/15/15/15/15 AEIRST?/ 0/0 0' --svg cgp.svg\n  \
folio render gripesajehutzitx --svg boggle.svg\n  folio render 617 --svg deal.svg\n  folio render --svg joke.svg -- -1       (a negative deal: options before --)\n\
See docs/render.md."
)]
pub struct Args {
    /// The position: a script file (a GCG record or folio script: the board after its last
    /// event, or after --turn N; a Boggle round: its board; a KenKen session: its final grid;
    /// a FreeCell solution: the layout after its last move, or --turn N), a CGP string, a
    /// Boggle board (`gripesajehutzitx`, rows joined by `/`), a Keen ID (`4:…`), or a
    /// FreeCell deal number.
    #[arg(value_name = "POSITION")]
    position: String,
    /// The game POSITION is of, when it is not a file and its form could be another's.
    #[arg(long, value_enum)]
    game: Option<Game>,
    /// With a crossword record or a FreeCell solution: the position after its N-th event
    /// or move (1-based).
    #[arg(long, value_name = "N")]
    turn: Option<usize>,
    /// The rule set (course, standard, wordbler): a CGP string's (default standard), or one
    /// overriding a crossword script's `#rules` as `folio play --rules` does.
    #[arg(long, value_name = "NAME", value_parser = crate::cmd::offer::names(crate::cmd::offer::rule_sets()))]
    rules: Option<String>,
    /// A CGP string's tile set instead of the rule set's: course, english, french, german
    /// (a German position's `Ä`, `Ö`, `Ü`), as `folio moves --tileset`.
    #[arg(long, value_name = "NAME", value_parser = crate::cmd::offer::names(crate::cmd::offer::tile_sets()))]
    tileset: Option<String>,
    /// A script's word set, instead of its `#lexicon` (as `folio play --set`): for a record
    /// or a Boggle round whose word set is elsewhere or missing. The drawing needs none, but
    /// a Boggle round is replayed against one.
    #[arg(long = "set", value_name = "SET.fst")]
    set: Option<PathBuf>,
    /// Where to write the SVG (atomically); `-` writes it to standard output.
    #[arg(long, value_name = "OUT.svg", value_parser = super::args::picture_output())]
    svg: PathBuf,
}

/// What `folio render` can draw from a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Game {
    /// A CGP string.
    Scrabble,
    /// A board string.
    Boggle,
    /// A Keen ID.
    Kenken,
    /// A Microsoft deal number.
    Freecell,
}

/// Whether a position argument names a file rather than a position written out: it holds a
/// `/` and no space (a CGP string's rows are split by `/`, its fields by spaces), or ends in
/// a script's extension (`.gcg`, `.boggle`, `.kenken`, `.freecell`).
fn looks_like_file_name(arg: &str) -> bool {
    let lower = arg.to_ascii_lowercase();
    (arg.contains('/') && !arg.contains(char::is_whitespace))
        || [".gcg", ".boggle", ".kenken", ".freecell"]
            .iter()
            .any(|ext| lower.ends_with(ext))
}

/// Runs `folio render`.
pub fn run(a: Args) -> anyhow::Result<Outcome> {
    // A folder, device or FIFO of that name is no script, and reading its name as a board
    // (`d.gcg`: "unexpected '.' in board") would only mislead; `--game` says it is a
    // position written out.
    if a.game.is_none() {
        // A missing file that looks like a file name (a `/`, or a script's extension) is
        // said to be missing: read as a board it gave "unexpected '.'" (exit 1).
        if std::fs::symlink_metadata(&a.position).is_err() && looks_like_file_name(&a.position) {
            return Err(anyhow::Error::new(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "no such file",
            ))
            .context(quoted(&a.position).to_string()));
        }
        if let Ok(meta) = std::fs::metadata(&a.position) {
            if meta.is_dir() {
                bail!(
                    "{} is a folder, not a script file: render draws one game (`folio play \
                     FOLDER --html OUT.html` draws every script of a folder)",
                    quoted(&a.position)
                );
            }
            if !meta.is_file() {
                bail!(
                    "{} is not a regular file, not a script file (give --game to read it as \
                     a position)",
                    quoted(&a.position)
                );
            }
        }
    }
    let svg = if Path::new(&a.position).is_file() {
        if let Some(game) = a.game {
            let path = Path::new(&a.position);
            if let Ok(bytes) = super::play::inputs::read_capped(path, "a script") {
                refuse_kenken_puzzle(folio_core::file_name::in_message(path).as_ref(), &bytes)?;
            }
            bail!(
                "--game {} applies to a position written out, not to a script file (its #game \
                 line says)",
                format!("{game:?}").to_lowercase()
            );
        }
        // A record's tile set comes with its rule set (or its #lexicon's letters): accepting
        // --tileset and ignoring it would draw other letter values than the user asked for.
        if a.tileset.is_some() {
            bail!(
                "--tileset applies to a CGP string written out; a script file is drawn with \
                 the tiles of its rule set (--rules overrides the script's #rules, as in play)"
            );
        }
        let set = match &a.set {
            Some(p) => Some(std::sync::Arc::new(folio_lexicon::checked::open_set(p)?)),
            None => None,
        };
        let forced = set.as_ref().map(|s| (s, a.set.as_ref()));
        from_script(Path::new(&a.position), a.turn, a.rules.clone(), forced)?
    } else {
        if a.set.is_some() {
            bail!(
                "--set applies to a script file; {} is not one",
                quoted(&a.position)
            );
        }
        if a.turn.is_some() {
            bail!(
                "--turn needs a script file; {} is not one",
                quoted(&a.position)
            );
        }
        from_text(&a)?
    };
    let document = folio_render::svg_document(svg);
    if a.svg.as_os_str() == "-" {
        use std::io::Write;
        super::stdout()
            .write_all(document.as_bytes())
            .context("cannot write the picture to standard output")?;
        return Ok(Outcome::Ok);
    }
    super::refuse_overwriting_inputs(std::slice::from_ref(&a.svg), &[PathBuf::from(&a.position)])?;
    folio_lexicon::set::atomic::write_bytes_atomic(&a.svg, document.as_bytes())
        // The library's error names the file.
        .context("cannot write the picture")?;
    Ok(Outcome::Ok)
}

/// Replays a script as `folio play` does (its `#lexicon` read the same way) and draws it.
fn from_script(
    path: &Path,
    turn: Option<usize>,
    rules: Option<String>,
    forced: Option<(&std::sync::Arc<folio_lexicon::WordSet>, Option<&PathBuf>)>,
) -> anyhow::Result<maud::Markup> {
    // Capped as `folio play` reads a script: a 100 MB "record" once took 425 MB of memory.
    // A file named `-` is that file here, not stdin (render reads no position from stdin).
    let file = if super::play::inputs::is_stdin(path) {
        Path::new("./-")
    } else {
        path
    };
    let bytes = super::play::inputs::read_capped(file, "a script")
        .with_context(|| format!("cannot read {}", folio_core::file_name::in_message(path)))?;
    let name = folio_core::file_name::in_message(path);
    let games = super::play::games();
    let wanted = match game_line(&bytes) {
        GameLine::First(g) => Some(g),
        _ => None,
    };
    // As `folio play` dispatches: the `#game` line, then the extension, then GCG.
    let game = match wanted.as_deref() {
        Some(w) => games.iter().copied().find(|g| g.claims(Some(w))),
        None => super::play::game_by_extension(&games, path),
    }
    .unwrap_or(games[0]);
    // No `#game` line: a KenKen puzzle file would be replayed as what it is not.
    if wanted.is_none() && game.name() != "kenken" {
        refuse_kenken_puzzle(&name, &bytes)?;
    }
    let lexicons = CliLexicons {
        script: path,
        name: &name,
        forced,
        paths: LexiconPaths::Script,
        opened: std::cell::RefCell::new(Vec::new()),
    };
    let source = Source {
        name: &name,
        bytes: &bytes,
    };
    let options = Options {
        rules,
        ..Options::default()
    };
    if let Some(given) = game.refuses(&options).first() {
        bail!(
            "{given} does not apply to {} ({} script)",
            quoted(&name),
            game.name()
        );
    }
    let report = folio_lexicon::guarded(&[] as &[PathBuf], || {
        game.replay(source, &lexicons, &options)
    })?
    .map_err(|e| anyhow::anyhow!(e))?;
    Ok(folio_render::report_svg(&*report, turn)?)
}

/// Refuses a KenKen puzzle file (folio text, JSON, `.KK`, Keen IDs: what `folio kenken`
/// reads) by saying what render takes for KenKen: it would otherwise be replayed as a GCG
/// record that "does not parse".
fn refuse_kenken_puzzle(name: &str, bytes: &[u8]) -> anyhow::Result<()> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Ok(());
    };
    let Ok(puzzles) = folio_kenken::parse_puzzles(text) else {
        return Ok(());
    };
    if puzzles.is_empty() {
        return Ok(());
    }
    let shown = folio_core::quote::shown(name);
    bail!(
        "{shown} is a KenKen puzzle file ({}): render draws a KenKen puzzle from its \
         Keen ID (`folio kenken convert {shown} --to keen`, then `folio render 'ID' --svg \
         OUT.svg`), or a session's final grid (a `#game kenken` script with its `#puzzle ID`); \
         `folio kenken show` draws it as text",
        folio_core::plural(puzzles.len(), "puzzle", "puzzles")
    )
}

/// The first of `--rules` and `--tileset` given: both only choose how a CGP string is read.
fn scrabble_only_flag(a: &Args) -> Option<&'static str> {
    if a.rules.is_some() {
        Some("--rules")
    } else if a.tileset.is_some() {
        Some("--tileset")
    } else {
        None
    }
}

/// Draws a position written out: CGP, a Boggle board, a Keen ID or a deal number.
fn from_text(a: &Args) -> anyhow::Result<maud::Markup> {
    let text = a.position.trim();
    if text.is_empty() {
        bail!(
            "an empty position: give a script file, a CGP string, a Boggle board, a Keen ID or \
             a FreeCell deal number"
        );
    }
    if text == "-" {
        bail!("- (stdin): folio render reads a position from a file or from the command line, not stdin: save it to a file first");
    }
    // A number is a deal, a negative one too (the joke deals -1 and -2): no board, Keen ID
    // or CGP string is one.
    let digits = text.strip_prefix('-').unwrap_or(text);
    let game = match a.game {
        Some(g) => g,
        None if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => Game::Freecell,
        None if text.contains(':') => Game::Kenken,
        None if text.contains(' ') => Game::Scrabble,
        None => Game::Boggle,
    };
    let what = quoted(text);
    if game != Game::Scrabble {
        if let Some(flag) = scrabble_only_flag(a) {
            bail!("{flag} applies to a CGP string (a crossword position), not to {what}");
        }
    }
    Ok(match game {
        Game::Scrabble => {
            let name = a.rules.as_deref().unwrap_or("standard");
            let rules = RulesName::parse(name)
                .and_then(|r| Rules::preset(r.name()))
                .with_context(|| {
                    format!(
                        "--rules {}: known rule sets are course, standard, wordbler",
                        quoted(name)
                    )
                })?;
            let rules = match a.tileset.as_deref() {
                Some(name) => rules.with_tile_set(super::tiles::named(name)?),
                None => rules,
            };
            let pos = Cgp::parse(text)
                .and_then(|c| c.position(rules))
                .with_context(|| format!("CGP position {what}"))?;
            let rows = folio_scrabble::replay::board_rows(&pos.board);
            folio_render::crossword::board_svg(&folio_render::crossword::BoardView {
                rows: &rows,
                new: &[],
                tiles: &pos.rules.tile_set,
                label: "Board",
                turn: None,
                standalone: true,
            })
        }
        Game::Boggle => {
            // No board holds a `.`: `game.gcg` is a file name that names no file.
            let also = if a.game.is_none() && text.contains('.') {
                " (and no file of that name)"
            } else {
                ""
            };
            let board = folio_boggle::Board::parse(text, None)
                .with_context(|| format!("Boggle board {what}{also}"))?;
            folio_render::boggle::board_svg(&board, &[], &format!("Boggle board {text}"), true)
        }
        Game::Kenken => {
            let id =
                folio_kenken::parse_keen_id(text).with_context(|| format!("Keen ID {what}"))?;
            folio_render::kenken::grid_svg(
                &id.puzzle,
                &[],
                &[],
                &format!("KenKen puzzle {text}"),
                true,
            )
        }
        Game::Freecell => {
            let n = super::args::deal_number(text)
                .map_err(|e| anyhow::anyhow!("FreeCell deal {what}: {e}"))?;
            let cascades =
                folio_freecell::deal::deal(n).with_context(|| format!("FreeCell deal {what}"))?;
            let pos = folio_freecell::Position::new(&cascades, 4)
                .with_context(|| format!("FreeCell deal {what}"))?;
            folio_render::freecell::layout_svg(&pos, &[], &format!("FreeCell deal {n}"), true)
        }
    })
}
