//! `folio moves`: every legal play for a rack on a position, best first.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use folio_core::quote::quoted;
use folio_scrabble::movegen::board_text;
use folio_scrabble::movegen::cgp::Cgp;
use folio_scrabble::movegen::{GamePosition, Generator, PositionError, Rack};
use folio_scrabble::replay::rules_for;
use folio_scrabble::script::RulesName;
use folio_scrabble::tile::{Tile, TILE_KINDS};
use folio_scrabble::Rules;

use super::Outcome;

/// Arguments of `folio moves`.
#[derive(clap::Args)]
pub struct Args {
    /// The position: a GCG record or folio script (a file; with --turn N, the position before
    /// its N-th event, else after the last), a board as folio prints it (a file; give
    /// --rack), or a CGP string (`BOARD RACKS SCORES ZEROS [OPTIONS]`, quoted).
    #[arg(value_name = "POSITION")]
    position: String,
    /// The word set (.fst) the plays' words must be in.
    #[arg(long, value_name = "SET.fst")]
    set: PathBuf,
    /// The rack to move from (`AEIRST?`, `?` = blank); default: the rack the position gives
    /// the player to move (the N-th event's, or CGP's first).
    #[arg(long, value_name = "TILES")]
    rack: Option<String>,
    /// Tile set instead of the rule set's (or the script's `#tileset`): course, english,
    /// french, german.
    #[arg(long, value_name = "NAME", value_parser = crate::cmd::offer::names(crate::cmd::offer::tile_sets()))]
    tileset: Option<String>,
    /// Rule set: course, standard, wordbler; default: the script's `#rules`, else standard.
    #[arg(long, value_name = "NAME", value_parser = crate::cmd::offer::names(crate::cmd::offer::rule_sets()))]
    rules: Option<String>,
    /// Print only the N best plays (`count` still counts them all). Also spelled `--top`
    /// (its former name).
    #[arg(long = "limit", alias = "top", value_name = "N", value_parser = super::args::moves_limit)]
    top: Option<usize>,
    /// With a script: the position before its N-th event (1-based).
    #[arg(long, value_name = "N", value_parser = super::args::turn)]
    turn: Option<usize>,
    /// Print JSON: `{rules, rack, count, moves: [{move, score, words, leave}]}`.
    #[arg(long)]
    json: bool,
    /// No table of plays: only the summary line (`N plays for RACK under R rules`).
    #[arg(short, long, conflicts_with = "json")]
    quiet: bool,
}

/// Runs `folio moves`.
pub fn run(a: Args) -> anyhow::Result<Outcome> {
    let rules_name = match &a.rules {
        Some(n) => Some(RulesName::parse(n).with_context(|| {
            format!(
                "--rules {}: known rule sets are course, standard, wordbler",
                quoted(n)
            )
        })?),
        None => None,
    };
    let tiles = a.tileset.as_deref().map(super::tiles::named).transpose()?;
    let with_tiles = |r: Rules| tiles.map_or(r, |t| r.with_tile_set(t));
    // A path that names something (a file, a device, a folder, `-`) is read as a file, never
    // as a CGP string: `folio moves /dev/null` once said "CGP column 1: the board has 3 rows".
    let is_file = a.position == "-" || std::fs::metadata(&a.position).is_ok();
    let pos = if is_file {
        let mut pos = from_script(&a, rules_name)?;
        pos.rules = with_tiles(pos.rules);
        pos
    } else {
        if a.turn.is_some() {
            bail!(
                "--turn needs a script file; {} is not one",
                quoted(&a.position)
            );
        }
        // A CGP string has four fields or more: one word is a file name that is not there
        // (`moves ../board.txt` once said "CGP column 1: the board has 2 rows").
        if !a.position.contains(|c: char| c.is_ascii_whitespace()) {
            bail!(
                "{}: no such file, and not a CGP string (BOARD RACKS SCORES ZEROS, separated \
                 by spaces)",
                folio_core::quote::shown(&a.position)
            );
        }
        let rules = with_tiles(preset(rules_name.unwrap_or(RulesName::Standard)));
        Cgp::parse(&a.position)
            .and_then(|c| c.position(rules))
            .with_context(|| format!("position {}", quoted(&a.position)))?
    };
    let rack = match &a.rack {
        Some(r) => Rack::parse(r).with_context(|| format!("--rack {}", quoted(r)))?,
        None => pos
            .rack()
            .context("the position gives no rack for the player to move: give --rack")?,
    };
    // An empty --rack is a typo or an unset variable (`--rack "$RACK"`), not a question:
    // "0 plays" with exit 0 would pass a CI check that asked nothing.
    if a.rack.is_some() && rack.is_empty() {
        bail!("--rack \"\": a rack holds at least one tile (letters, `?` for a blank)");
    }
    rack.check(&pos.rules.tile_set)
        .with_context(|| format!("rack {rack}"))?;
    // As the replay's `rack-too-long`: an 8-tile rack once listed 8-tile plays.
    if rack.len() > pos.rules.rack_size {
        bail!(
            "rack {rack} holds {} tiles, more than the {} of a rack",
            rack.len(),
            pos.rules.rack_size
        );
    }
    if a.rack.is_some() && pos.unseen(&rack).is_none() {
        // Named as the CGP path names it ("hold 2 of Z").
        match over_tile_set(&pos, &rack) {
            Some((tile, have, limit)) => bail!(
                "rack {rack}: the board and the rack hold {have} of {tile}; the {} tile set has \
                 {limit}",
                pos.rules.tile_set.name
            ),
            None => bail!(
                "rack {rack}: the board and the rack hold more tiles than the {} tile set has",
                pos.rules.tile_set.name
            ),
        }
    }
    let set = folio_lexicon::checked::open_set(&a.set)?;
    super::tiles::check_alphabet(&a.set, &set, &pos.rules.tile_set)?;
    // A set that passes its checksum may still be malformed: the walk runs guarded.
    let plays = folio_lexicon::guarded(&[&a.set], || {
        Generator::new(&pos.rules, &pos.board, &set).plays(&rack)
    })?;
    let shown = &plays[..a.top.unwrap_or(plays.len()).min(plays.len())];
    let rows: Vec<(String, u32, Vec<String>, String)> = shown
        .iter()
        .map(|p| {
            let words = p
                .evaluate(&pos.rules, &pos.board)
                .map(|m| m.words.iter().map(|w| w.text()).collect())
                .unwrap_or_default();
            (p.to_string(), p.score, words, p.leave(&rack).to_string())
        })
        .collect();
    let mut out = String::new();
    if a.json {
        let moves: Vec<serde_json::Value> = rows
            .iter()
            .map(|(m, s, w, l)| serde_json::json!({"move": m, "score": s, "words": w, "leave": l}))
            .collect();
        let v = serde_json::json!({
            "rules": pos.rules.name,
            "rack": rack.to_string(),
            "count": plays.len(),
            "moves": moves,
        });
        out.push_str(&serde_json::to_string_pretty(&v)?);
        out.push('\n');
    } else {
        let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
        for (m, s, w, l) in rows.iter().filter(|_| !a.quiet) {
            let leave = if l.is_empty() { "-" } else { l.as_str() };
            out.push_str(&format!(
                "{s:>4}  {m:<width$}  {:<24} leave {leave}\n",
                w.join(",")
            ));
        }
        out.push_str(&format!(
            "{} for {rack} under {} rules{}\n",
            folio_core::plural(plays.len(), "play", "plays"),
            pos.rules.name,
            if shown.len() < plays.len() {
                format!(" ({} shown)", shown.len())
            } else {
                String::new()
            }
        ));
    }
    use std::io::Write;
    let mut stdout = crate::cmd::stdout();
    stdout.write_all(out.as_bytes())?;
    stdout.flush()?;
    Ok(Outcome::Ok)
}

fn preset(name: RulesName) -> Rules {
    match name {
        RulesName::Course => Rules::COURSE,
        RulesName::Standard => Rules::STANDARD,
        RulesName::Wordbler => Rules::WORDBLER,
    }
}

/// The first tile the board and `rack` together hold more of than the tile set has: the
/// tile, how many they hold, how many the set has.
fn over_tile_set(pos: &GamePosition, rack: &Rack) -> Option<(Tile, u32, u32)> {
    let mut have = [0u32; TILE_KINDS];
    for (_, t) in pos.board.tiles() {
        have[t.rack_tile().index()] += 1;
    }
    for t in rack.tiles() {
        have[t.index()] += 1;
    }
    have.iter().enumerate().find_map(|(i, &n)| {
        let tile = Tile::from_index(i)?;
        let limit = pos.rules.tile_set.count(tile);
        (n > limit).then_some((tile, n, limit))
    })
}

fn from_script(a: &Args, rules_name: Option<RulesName>) -> anyhow::Result<GamePosition> {
    let path = Path::new(&a.position);
    // Escaped when it holds a control character: one line, no terminal escapes.
    let name = folio_core::file_name::in_message(path);
    if path.is_dir() {
        bail!(
            "{}: is a folder; a position is a script, a printed board or a CGP string",
            name
        );
    }
    let bytes = super::play::inputs::read_capped(path, "a script or a board")
        .with_context(|| name.clone())?;
    if bytes.iter().all(u8::is_ascii_whitespace) {
        bail!(
            "{}: empty; a position is a script, a printed board or a CGP string",
            name
        );
    }
    let text = String::from_utf8_lossy(&bytes);
    if board_text::looks_like_board(&text) {
        if a.turn.is_some() {
            bail!("--turn needs a script; {} is a printed board", name);
        }
        // FILE:LINE:COL, as every other located error of folio.
        let board = board_text::parse_board(&text)
            .map_err(|e| anyhow::anyhow!("{}:{}:{}: {}", name, e.line, e.column, e.what))?;
        return Ok(GamePosition {
            rules: preset(rules_name.unwrap_or(RulesName::Standard)),
            board,
            to_move: 0,
            racks: vec![None, None],
            scores: vec![0, 0],
            scoreless_turns: 0,
        });
    }
    let script = folio_scrabble::parse(&bytes, &name).map_err(|e| anyhow::anyhow!("{e}"))?;
    let rules = rules_for(&script, rules_name);
    let turn = a.turn.unwrap_or(script.events.len() + 1);
    GamePosition::from_script(&script, rules, turn).map_err(|e| match e {
        // `FILE:LINE:COL: …` as the replay says it (the turn is the default one when no
        // --turn was given: naming it would point at an option the user never wrote).
        PositionError::Illegal { .. } => anyhow::anyhow!("{}:{e}", name),
        PositionError::TurnOutOfRange { .. } => {
            anyhow::anyhow!("{}: --turn {turn}: {e}", name)
        }
    })
}
