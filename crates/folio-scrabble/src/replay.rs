//! Replay: drive folio-core through every event of a [`Script`] and collect findings.
//!
//! The replay never stops at the first problem. Each event is checked against the rule set
//! (board legality, words when a lexicon is given, scores, racks, turn order, the end of the
//! game) and against the record itself (cumulative = previous cumulative + points). Where the
//! record and the rules disagree, the finding names both numbers and the replay carries on
//! from the record's intent: a misscored play still goes on the board; a cumulative is checked
//! against the *written* previous cumulative, so one wrong number gives one finding, not a
//! cascade.
//!
//! Tile accounting: without `#seed`, rack contents are known only where the record writes
//! them, but rack *sizes* and the bag size are exact (racks are refilled to 7 while the bag
//! has tiles), so the replay knows when a player goes out. With `#seed N`, racks are dealt
//! from folio-core's seeded [`Bag`] in seat order and every move is checked against them.

use crate::end::{EndReason, Progress};
use crate::rules::{OnFail, OutAdjustment};
use crate::turn::next_seat;
use crate::{Bag, Board, BoardTile, Cell, Dir as CoreDir, Lexicon, Move, Placement, Rules, Tile};

use crate::findings::{Finding, Rule};
use crate::report::{
    GameResult, LexiconInfo, PlayerReport, RackReport, Report, Stats, TileReport, TurnKind,
    TurnReport, WordReport,
};
use crate::script::{Dir, Event, EventKind, Exchanged, Loc, RulesName, Script, Tiles, WordTile};

/// What the caller decides about a replay.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Rule set; `None`: the script's `#rules`, else `standard`.
    pub rules: Option<RulesName>,
    /// Name of the word list for the report (`--set` path or `#lexicon` value).
    pub lexicon_name: Option<String>,
    /// Record the board after every event in the report.
    pub boards: bool,
    /// A replay without a lexicon is a finding ([`Rule::WordsNotChecked`]): for callers,
    /// like CI, that must not pass a game whose words nobody checked.
    pub require_lexicon: bool,
    /// Codes of notes (`duplicate-nickname`, `lost-challenge-pass`) to report as findings
    /// instead: the caller weighs them (`--deny duplicate-nickname` fails such a record).
    pub notes_as_findings: Vec<String>,
}

/// The rule set a script is replayed with: `override_` (e.g. `--rules`), else `#rules`, else
/// `standard`; `#rounds N` sets the game length and `#tileset NAME` the tiles.
pub fn rules_for(script: &Script, override_: Option<RulesName>) -> Rules {
    let name = override_
        .or(script.header.rules)
        .unwrap_or(RulesName::Standard);
    let rules = match name {
        RulesName::Course => Rules::COURSE,
        RulesName::Standard => Rules::STANDARD,
        RulesName::Wordbler => Rules::WORDBLER,
    };
    let rules = match script.header.tileset {
        Some(t) => rules.with_tile_set(t),
        None => rules,
    };
    match script.header.rounds {
        Some(n) => rules.with_max_rounds(n),
        None => rules,
    }
}

/// Replays `script`; words are checked when `lexicon` is given.
///
/// ```
/// let text = b"#player1 A Ann\n#player2 B Bob\n>A: AEHNORT 8H HORN +14 14\n";
/// let script = folio_scrabble::parse(text, "g.gcg").unwrap();
/// let no_words: Option<&folio_scrabble::WordList> = None;
/// let report = folio_scrabble::replay::replay(&script, no_words, &Default::default());
/// assert_eq!(report.turns[0].points, 14); // (4+1+1+1) x 2: H8 is the centre star (DWS)
/// assert!(report.findings.is_empty());
/// ```
pub fn replay<L: Lexicon + ?Sized>(script: &Script, lexicon: Option<&L>, opts: &Options) -> Report {
    let rules = rules_for(script, opts.rules);
    let mut r = Replayer::new(script, rules, lexicon, opts);
    for (i, e) in script.events.iter().enumerate() {
        r.final_racks(i);
        r.event(i, e);
    }
    r.final_racks(script.events.len());
    r.finish()
}

/// Everything a withdrawal restores (the board takes its tiles back itself: cheap to copy).
#[derive(Clone)]
struct State {
    bag_left: usize,
    rack_len: Vec<usize>,
    /// Seeded games: the bag and every rack.
    dealt: Option<(Bag, Vec<Vec<Tile>>)>,
    /// Running totals by the rules. 64-bit: a record's points are 32-bit numbers, and their
    /// sum must not wrap or clamp (a clamped total would let a wrong cumulative pass).
    totals: Vec<i64>,
    /// Each player's last cumulative as written (or filled in when absent).
    recorded: Vec<i64>,
    /// After a wrong cumulative, the value it should have had: the next line may build on
    /// either (one wrong number gives one finding, whichever way the record goes on).
    corrected: Vec<Option<i64>>,
    /// The counters the end rules read (one judge: [`crate::end`]).
    progress: Progress,
    over: Option<(EndReason, u32)>,
}

/// The last play, for `--` and `(challenge)` lines.
struct LastPlay {
    before: State,
    seat: usize,
    rack: Option<Tiles>,
    /// Points as written (or computed when absent).
    points_written: i32,
    /// The move, taken back from the board on withdrawal.
    mv: Move,
    /// Words formed were all in the lexicon (None: not checked).
    all_words_known: Option<bool>,
    words: Vec<String>,
    /// The challenge bonus the play was given, once it stood a challenge.
    bonus: Option<Bonus>,
}

/// A `(challenge)` line's bonus, kept with the play it was given for.
#[derive(Clone, Copy)]
struct Bonus {
    line: u32,
    /// As written (5 when absent): the record decides the bonus, so the rules give this too.
    points: i32,
}

/// The finding for points written unlike the rules' number, as judged by
/// [`Replayer::judge_points`]: given the written points, the rule they break, or `None`
/// where another finding of the same line already says why the rules give what they give.
type Mismatch<'f> = &'f dyn Fn(i32) -> Option<Rule>;

/// A turn's points (a play, a pass, an exchange) differ from the rules' score.
fn score_rule(computed: i32) -> impl Fn(i32) -> Option<Rule> {
    move |recorded| Some(Rule::Score { recorded, computed })
}

/// The line carries another finding that explains its points (an illegal play, an
/// end-of-game line before the end, a second challenge bonus).
fn explained(_: i32) -> Option<Rule> {
    None
}

struct Replayer<'a, L: ?Sized> {
    script: &'a Script,
    rules: Rules,
    lexicon: Option<&'a L>,
    opts: &'a Options,
    seats: usize,
    board: Board,
    /// Tiles on the board per tile index (letters, blank), kept with the board.
    on_board: [u32; crate::tile::TILE_KINDS],
    st: State,
    next: Option<usize>,
    last_play: Option<LastPlay>,
    /// Old international end rule in use (out-player +1x, others minus own).
    single_convention: bool,
    end_lines: Vec<bool>,
    /// Per seat, the line of its time penalty (a player's time is penalised once).
    time_lines: Vec<Option<u32>>,
    /// The turn being replayed was a play that failed (forfeited).
    failed_now: bool,
    /// The turn being replayed was a play the rules refused: the same player plays again.
    refused_now: bool,
    /// A lost challenge of the going-out play was recorded as a pass (accepted once).
    lost_challenge_pass: bool,
    findings: Vec<Finding>,
    /// Notes: accepted conventions, reported but never findings.
    notes: Vec<Finding>,
    turns: Vec<TurnReport>,
    stats: Stats,
}

fn rack_string(t: &[Tile]) -> String {
    t.iter().map(|t| t.to_char()).collect()
}

fn tiles_of(t: &Tiles) -> Vec<Tile> {
    t.iter()
        .filter_map(|&b| Tile::from_char(b as char))
        .collect()
}

/// Counts per tile index (letters, blank).
fn counts(tiles: &[Tile]) -> [u32; crate::tile::TILE_KINDS] {
    let mut c = [0; crate::tile::TILE_KINDS];
    for t in tiles {
        c[t.index()] += 1;
    }
    c
}

/// Tiles of `want` missing from `have` (multiset difference), as a string.
fn missing(want: &[Tile], have: &[Tile]) -> String {
    let mut h = counts(have);
    let mut out = String::new();
    for t in want {
        if h[t.index()] > 0 {
            h[t.index()] -= 1;
        } else {
            out.push(t.to_char());
        }
    }
    out
}

/// The finding for a word set whose words use letters `rules`' tile set has no tile of
/// ([`Rule::AlphabetMismatch`]), if it is one.
pub fn alphabet_mismatch<L: Lexicon + ?Sized>(lexicon: &L, rules: &Rules) -> Option<Rule> {
    let letters: String = lexicon
        .letters_beyond_a_to_z()?
        .into_iter()
        .filter(|&c| !rules.tile_set.has_letter(c))
        .collect();
    (!letters.is_empty()).then_some(Rule::AlphabetMismatch {
        letters,
        tileset: rules.tile_set.name,
    })
}

fn sorted(mut t: Vec<Tile>) -> Vec<Tile> {
    t.sort();
    t
}

impl<'a, L: Lexicon + ?Sized> Replayer<'a, L> {
    fn new(script: &'a Script, rules: Rules, lexicon: Option<&'a L>, opts: &'a Options) -> Self {
        let seats = script.seats().max(1);
        let total = rules.tile_set.total() as usize;
        let (notes, mut findings): (Vec<Finding>, Vec<Finding>) = script
            .issues
            .iter()
            .map(crate::findings::from_parse)
            .partition(|f| {
                matches!(&f.rule, Rule::Script(k) if k.is_note())
                    && !opts.notes_as_findings.iter().any(|c| c == f.rule.code())
            });
        if script.seats() > rules.max_players
            || (script.seats() < rules.min_players && !script.events.is_empty())
        {
            let loc = script
                .header
                .players
                .first()
                .map_or(Loc::new(1, 1), |p| p.loc);
            findings.push(crate::findings::at(
                script,
                loc,
                Rule::PlayerCount {
                    players: script.seats(),
                    rules: rules.name,
                    min: rules.min_players,
                    max: rules.max_players,
                },
            ));
        }
        // A seeded game is dealt exactly as folio-core's `Game` deals it: first player by the
        // rule set's draw, then a rack per seat from the first player on.
        let game = script
            .header
            .seed
            .and_then(|seed| crate::Game::new(rules, seats, seed).ok());
        let first = game.as_ref().map(|g| g.first_player());
        let dealt = game.map(|g| (g.bag().clone(), g.racks().to_vec()));
        let per_rack = rules.rack_size.min(total / seats);
        let st = State {
            bag_left: total.saturating_sub(per_rack * seats),
            rack_len: vec![per_rack; seats],
            dealt,
            totals: vec![0; seats],
            recorded: vec![0; seats],
            corrected: vec![None; seats],
            progress: Progress::new(seats),
            over: None,
        };
        Replayer {
            script,
            rules,
            lexicon,
            opts,
            seats,
            board: Board::new(),
            on_board: [0; crate::tile::TILE_KINDS],
            st,
            next: first,
            last_play: None,
            single_convention: false,
            end_lines: vec![false; seats],
            time_lines: vec![None; seats],
            failed_now: false,
            refused_now: false,
            lost_challenge_pass: false,
            findings,
            notes,
            turns: Vec::new(),
            stats: Stats::default(),
        }
    }

    /// The reason a game ended, in words (`Ann went out`, `six scoreless turns`).
    fn describe(&self, end: EndReason) -> String {
        end.describe(&self.rules.end, |s| self.script.nick(s))
    }

    fn find(&mut self, loc: Loc, rule: Rule) {
        self.findings
            .push(crate::findings::at(self.script, loc, rule));
    }

    fn col(&self, e: &Event, col: u32) -> Loc {
        Loc::new(e.loc.line, if col == 0 { e.loc.col } else { col })
    }

    /// Tiles not on the board: what the bag and all racks hold together.
    fn unseen(&self) -> [u32; crate::tile::TILE_KINDS] {
        let mut c = [0u32; crate::tile::TILE_KINDS];
        for (i, slot) in c.iter_mut().enumerate() {
            if let Some(t) = Tile::from_index(i) {
                *slot = self.rules.tile_set.count(t);
            }
        }
        for (slot, on_board) in c.iter_mut().zip(self.on_board) {
            *slot = slot.saturating_sub(on_board);
        }
        c
    }

    fn unseen_tiles(&self) -> Vec<Tile> {
        let c = self.unseen();
        (0..crate::tile::TILE_KINDS)
            .flat_map(|i| std::iter::repeat_n(Tile::from_index(i), c[i] as usize))
            .flatten()
            .collect()
    }

    /// Checks that `tiles` can be held given the board (MAGPIE's `rack_not_in_bag`).
    fn check_drawable(&mut self, loc: Loc, tiles: &[Tile]) -> bool {
        let have = self.unseen();
        let want = counts(tiles);
        for i in 0..crate::tile::TILE_KINDS {
            if want[i] > have[i] {
                let t = Tile::from_index(i).map_or('?', |t| t.to_char());
                let total = Tile::from_index(i).map_or(0, |t| self.rules.tile_set.count(t));
                // A letter the tile set lacks (É under English tiles) has no count to show.
                let detail = if total == 0 {
                    format!("the {} tile set has no {t} tile", self.rules.tile_set.name)
                } else {
                    format!(
                        "{} {t} written, {} of the {total} {t} in the set {} not on the board",
                        want[i],
                        have[i],
                        folio_core::noun(have[i], "is", "are")
                    )
                };
                self.find(
                    loc,
                    Rule::NotInBag {
                        tiles: rack_string(tiles),
                        detail,
                    },
                );
                return false;
            }
        }
        true
    }

    /// The mover's rack as known: written, else dealt.
    fn known_rack(&self, e: &Event) -> Option<Vec<Tile>> {
        match &e.rack {
            Some(r) => Some(tiles_of(r)),
            None => self
                .st
                .dealt
                .as_ref()
                .and_then(|(_, racks)| racks.get(e.player).cloned()),
        }
    }

    /// The mover of `e`. When players share a nickname, the parser could only follow the
    /// order of lines; a turn then goes to whoever moves next by the rule set (after a play
    /// refused under `standard`, the same player again: `crate::turn`).
    fn mover(&self, e: &Event) -> usize {
        let p = e.player.min(self.seats - 1);
        match self.next {
            Some(n) if e.kind.is_turn() && n != p && self.script.nick(n) == self.script.nick(p) => {
                n
            }
            _ => p,
        }
    }

    fn event(&mut self, index: usize, e: &Event) {
        let p = self.mover(e);
        // Racks written must be drawable; in a seeded game they must be the rack dealt.
        if let Some(rack) = &e.rack {
            let tiles = tiles_of(rack);
            let loc = self.col(e, e.cols.rack);
            let checks_rack = !matches!(
                e.kind,
                EventKind::ChallengeBonus | EventKind::TimePenalty | EventKind::Withdrawn
            );
            // A rack of more tiles than the rule set's racks hold is said to be one, not
            // replayed as if it could be (`ABCDEFGHIJ` once gave no finding).
            let too_long = checks_rack && tiles.len() > self.rules.rack_size;
            if too_long {
                self.find(
                    loc,
                    Rule::RackTooLong {
                        rack: rack_string(&tiles),
                        tiles: tiles.len(),
                        size: self.rules.rack_size,
                    },
                );
            }
            if checks_rack && !too_long && self.check_drawable(loc, &tiles) {
                if let Some((_, racks)) = &self.st.dealt {
                    if e.kind.is_turn() && sorted(tiles.clone()) != sorted(racks[p].clone()) {
                        let dealt = rack_string(&racks[p]);
                        self.find(
                            loc,
                            Rule::RackNotDealt {
                                written: rack_string(&tiles),
                                dealt,
                            },
                        );
                    }
                }
            }
        }
        match &e.kind {
            EventKind::Play { .. } | EventKind::Pass | EventKind::Exchange(_) => {
                self.turn(index, e, p)
            }
            EventKind::Withdrawn => self.withdraw(e, p),
            EventKind::ChallengeBonus => self.challenge(e, p),
            EventKind::EndRack(t) => self.end_rack(e, p, t),
            EventKind::TimePenalty => self.time(e, p),
        }
    }

    /// A convention accepted and named: a note, or a finding when the caller weighs its
    /// code ([`Options::notes_as_findings`]).
    fn note(&mut self, note: Finding) {
        let code = note.rule.code();
        if self.opts.notes_as_findings.iter().any(|c| c == code) {
            self.findings.push(note);
        } else {
            self.notes.push(note);
        }
    }

    fn turn(&mut self, index: usize, e: &Event, p: usize) {
        if let Some((end, _)) = self.st.over {
            if self.is_lost_challenge_pass(e, p, end) {
                self.lost_challenge_pass = true;
                let out = self
                    .script
                    .nick(self.last_play.as_ref().map_or(p, |l| l.seat));
                let note = crate::findings::at(
                    self.script,
                    e.loc,
                    Rule::LostChallengePass {
                        challenger: self.script.nick(p),
                        out,
                    },
                );
                self.note(note);
                self.account(e, p, 0, Some(&score_rule(0)));
                self.push_turn(e, p, TurnKind::Pass, "-".into(), 0);
                return;
            }
            let why = self.describe(end);
            self.find(e.loc, Rule::MoveAfterGameOver(why));
            let shown = match &e.kind {
                EventKind::Play { coord, word } => notation(*coord, &self.placement(*coord, word)),
                EventKind::Exchange(x) => exchange_notation(x),
                _ => "-".into(),
            };
            self.push_turn(e, p, TurnKind::Ignored, shown, 0);
            return;
        }
        if let Some(n) = self.next {
            if n != p {
                let (player, expected) = (self.script.nick(p), self.script.nick(n));
                self.find(e.loc, Rule::OffTurn { player, expected });
            }
        }
        self.stats.moves += 1;
        self.failed_now = false;
        self.refused_now = false;
        let before = self.st.clone();
        let mut scored = 0;
        match &e.kind {
            EventKind::Play { coord, word } => {
                self.stats.plays += 1;
                scored = self.play(index, e, p, *coord, word, before);
            }
            EventKind::Pass => {
                self.last_play = None;
                // A pass scores nothing, whatever the record writes (NASPA).
                self.account(e, p, 0, Some(&score_rule(0)));
                self.push_turn(e, p, TurnKind::Pass, "-".into(), 0);
            }
            EventKind::Exchange(x) => {
                self.last_play = None;
                self.exchange(e, p, x);
                // So does an exchange.
                self.account(e, p, 0, Some(&score_rule(0)));
                self.push_turn(e, p, TurnKind::Exchange, exchange_notation(x), 0);
            }
            _ => {}
        }
        // Whose turn follows, and what the turn counts towards the end: one judge for the
        // replay and `Game` (crate::turn, crate::end). A refused play is no turn at all.
        self.next = Some(next_seat(p, self.seats, self.refused_now));
        if !self.refused_now {
            self.st.progress.turn(p, scored, self.failed_now);
        }
        self.check_end(e);
    }

    /// Whether `e`, after the game ended, is the pass that records a lost challenge of the
    /// going-out play (double challenge): a pass scoring nothing, by another player, right
    /// after that play (no end-of-game line yet), once.
    fn is_lost_challenge_pass(&self, e: &Event, p: usize, end: EndReason) -> bool {
        let EndReason::Out { player: out } = end else {
            return false;
        };
        // Whatever points the pass writes: a lost turn scores 0, and a written `+5` is that
        // line's `score` finding, not a reason to read the pass as a move after the end.
        matches!(e.kind, EventKind::Pass)
            && p != out
            && !self.lost_challenge_pass
            && !self.end_lines.iter().any(|&l| l)
            && self
                .turns
                .last()
                .is_some_and(|t| t.kind == TurnKind::Play && t.seat == out + 1)
    }

    /// Decides whether the game just ended (not by going out: see `play`).
    fn check_end(&mut self, e: &Event) {
        if self.st.over.is_some() {
            return;
        }
        let reason = self
            .rules
            .end
            .reason(&self.st.progress, self.st.bag_left == 0);
        if let Some(r) = reason {
            self.st.over = Some((r, e.loc.line));
        }
    }

    fn placement(&self, coord: crate::script::Coord, word: &[WordTile]) -> Placement {
        let dir = match coord.dir {
            Dir::Across => CoreDir::Across,
            Dir::Down => CoreDir::Down,
        };
        let (dr, dc) = dir.delta();
        let cells = word
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let (r, c) = (
                    i32::from(coord.row) + dr * i as i32,
                    i32::from(coord.col) + dc * i as i32,
                );
                match *w {
                    WordTile::Through(x) => Cell::Through(x),
                    // Old notation writes played-through letters in full, a played-through
                    // blank in upper case: compare letters only.
                    WordTile::Letter { letter, blank } => match self.board.at(r, c) {
                        Some(t) if t.letter == letter => Cell::Through(Some(letter)),
                        _ => Cell::Tile(BoardTile { letter, blank }),
                    },
                }
            })
            .collect();
        Placement::new(i32::from(coord.row), i32::from(coord.col), dir, cells)
    }

    /// Replays a tile play; returns the points it scored.
    fn play(
        &mut self,
        index: usize,
        e: &Event,
        p: usize,
        coord: crate::script::Coord,
        word: &[WordTile],
        before: State,
    ) -> i32 {
        let placement = self.placement(coord, word);
        let notation = notation(coord, &placement);
        let withdrawn_next = self
            .script
            .events
            .get(index + 1)
            .is_some_and(|n| n.kind == EventKind::Withdrawn && n.player == e.player);
        let no_lexicon: Option<&crate::WordList> = None;
        let unchecked = self.rules.evaluate(&self.board, &placement, no_lexicon);
        let mv = match unchecked {
            Ok(mv) => mv,
            Err(ill) => {
                self.find(self.col(e, e.cols.body), Rule::Illegal(ill.clone()));
                // The record still says which tiles left the rack: judged as for a play
                // that stood (`8A QXZ` from AEINRST is two findings, whatever the board).
                let used: Vec<Tile> = placement
                    .cells
                    .iter()
                    .filter_map(|c| match c {
                        Cell::Tile(t) => Some(t.rack_tile()),
                        Cell::Through(_) => None,
                    })
                    .collect();
                self.check_tiles(e, p, &used);
                // Refused (standard: a board-rule break): the same player plays again;
                // forfeited (course, wordbler): the turn is lost.
                self.refused_now = self.rules.on_fail(&ill) == OnFail::Reject;
                return self.failed(e, p, notation, ill.to_string());
            }
        };
        let mut all_words_known = None;
        if let Some(lex) = self.lexicon {
            let unknown: Vec<String> = mv
                .words
                .iter()
                .map(|w| w.text())
                .filter(|w| !lex.contains(w.as_bytes()))
                .collect();
            all_words_known = Some(unknown.is_empty());
            if !unknown.is_empty() && !withdrawn_next {
                let stood = e.score.is_some_and(|s| s != 0);
                let word = unknown.join(", ");
                let rule = Rule::UnknownWord {
                    word: word.clone(),
                    stood,
                };
                self.find(self.col(e, e.cols.word), rule);
                if !stood {
                    self.check_tiles(e, p, &mv.rack_tiles());
                    let why = format!("{word} not in the word set");
                    return self.failed(e, p, notation, why);
                }
            }
        }
        let used = mv.rack_tiles();
        self.check_tiles(e, p, &used);
        let points = mv.score as i32;
        self.board.apply(&mv);
        for &(_, t) in &mv.new_tiles {
            self.on_board[t.rack_tile().index()] += 1;
        }
        self.draw_after_play(p, &used);
        self.last_play = Some(LastPlay {
            before,
            seat: p,
            rack: e.rack.clone(),
            points_written: e.score.unwrap_or(points),
            mv: mv.clone(),
            all_words_known,
            words: mv.words.iter().map(|w| w.text()).collect(),
            bonus: None,
        });
        self.account(e, p, points, Some(&score_rule(points)));
        if self.st.rack_len[p] == 0 && self.st.bag_left == 0 {
            self.st.over = Some((EndReason::Out { player: p }, e.loc.line));
        }
        self.push_play(e, p, notation, &mv);
        points
    }

    /// The one judge of a play's tiles against the record: from the rack written (or
    /// dealt), drawable, not more than the rack holds. A refused or forfeited play is judged
    /// too: its tiles still came from the rack.
    fn check_tiles(&mut self, e: &Event, p: usize, used: &[Tile]) {
        match self.known_rack(e) {
            Some(rack) => {
                let miss = missing(used, &rack);
                if !miss.is_empty() {
                    let rule = Rule::NotOnRack {
                        tiles: miss,
                        rack: rack_string(&rack),
                    };
                    self.find(self.col(e, e.cols.word), rule);
                }
            }
            None => {
                let loc = self.col(e, e.cols.word);
                self.check_drawable(loc, used);
            }
        }
        if used.len() > self.st.rack_len[p] {
            let rule = Rule::TooManyTiles {
                used: used.len(),
                rack: self.st.rack_len[p],
            };
            self.find(self.col(e, e.cols.word), rule);
        }
    }

    /// A play that fails (illegal, or a word outside the set): nothing is placed, 0 points,
    /// the turn is lost (every preset's rule for a failed play, as replayed).
    fn failed(&mut self, e: &Event, p: usize, notation: String, why: String) -> i32 {
        self.last_play = None;
        self.failed_now = !self.refused_now;
        // The board-rule or word finding of the line says why the play scores nothing.
        self.account(e, p, 0, Some(&explained));
        let i = self.push_turn(e, p, TurnKind::Rejected, notation, 0);
        self.turns[i].rejected = Some(why);
        0
    }

    fn draw_after_play(&mut self, p: usize, used: &[Tile]) {
        let n = used.len();
        self.st.rack_len[p] = self.st.rack_len[p].saturating_sub(n);
        let draw = n.min(self.st.bag_left);
        self.st.rack_len[p] += draw;
        self.st.bag_left -= draw;
        if let Some((bag, racks)) = &mut self.st.dealt {
            let rack = &mut racks[p];
            for t in used {
                if let Some(i) = rack.iter().position(|r| r == t) {
                    rack.swap_remove(i);
                }
            }
            // A written rack that is not the one dealt (`rack-not-dealt`) plays tiles the
            // dealt rack lacks: draw only what it has room for, never past the rule set's size.
            let room = self.rules.rack_size.saturating_sub(rack.len());
            rack.extend(bag.draw_up_to(draw.min(room)));
        }
    }

    fn exchange(&mut self, e: &Event, p: usize, x: &Exchanged) {
        let loc = self.col(e, e.cols.body);
        let count = match x {
            Exchanged::Tiles(t) => t.len(),
            Exchanged::Count(n) => usize::from(*n),
        };
        if self.st.bag_left < self.rules.exchange_min_bag {
            let rule = Rule::ExchangeBagTooSmall {
                bag: self.st.bag_left,
                min: self.rules.exchange_min_bag,
            };
            self.find(loc, rule);
        }
        if count > self.st.rack_len[p] {
            let rule = Rule::ExchangeTooMany {
                count,
                rack: self.st.rack_len[p],
            };
            self.find(loc, rule);
        }
        if matches!(x, Exchanged::Count(_)) && self.st.dealt.is_some() {
            self.find(loc, Rule::ExchangeNeedsTiles);
        }
        if let Exchanged::Tiles(t) = x {
            let tiles = tiles_of(t);
            if let Some(rack) = self.known_rack(e) {
                let miss = missing(&tiles, &rack);
                if !miss.is_empty() {
                    let rule = Rule::NotOnRack {
                        tiles: miss,
                        rack: rack_string(&rack),
                    };
                    self.find(loc, rule);
                }
            }
            if let Some((bag, racks)) = &mut self.st.dealt {
                let rack = &mut racks[p];
                let mut given = Vec::new();
                for t in &tiles {
                    if let Some(i) = rack.iter().position(|r| r == t) {
                        given.push(rack.swap_remove(i));
                    }
                }
                match bag.exchange(&given) {
                    Ok(drawn) => rack.extend(drawn),
                    Err(_) => rack.extend(given),
                }
            }
        }
    }

    /// The one judge of a line's written points, for every kind of line: they must be
    /// `due`, the rules' number for the line (a play's score; 0 for a pass, an exchange or
    /// a failed play; the end-of-game adjustment; minus what a withdrawal takes back). A
    /// difference is the finding `mismatch` names. Points the record leaves out are not
    /// judged (the replay fills them in).
    fn judge_points(&mut self, e: &Event, due: i32, mismatch: Mismatch<'_>) {
        let Some(r) = e.score else {
            return;
        };
        self.stats.scores_checked += 1;
        if r == due {
            self.stats.scores_matched += 1;
        } else if let Some(rule) = mismatch(r) {
            self.find(self.col(e, e.cols.score), rule);
        }
    }

    /// Judges the points of `e` against the rules' `computed` ([`Self::judge_points`];
    /// `None`: the record decides them, as a challenge bonus or a time penalty, and they are
    /// not counted as checked), checks its cumulative and moves the totals on by `computed`.
    fn account(&mut self, e: &Event, p: usize, computed: i32, mismatch: Option<Mismatch<'_>>) {
        if let Some(mismatch) = mismatch {
            self.judge_points(e, computed, mismatch);
        }
        let written = e.score.unwrap_or(computed);
        let previous = self.st.recorded[p];
        // 32-bit points into 64-bit totals: exact for any record a file can hold (saturating
        // only so that no input can make the replay panic).
        let expected = previous.saturating_add(i64::from(written));
        self.st.totals[p] = self.st.totals[p].saturating_add(i64::from(computed));
        self.check_cumulative(e, p, previous, written, expected);
    }

    fn check_cumulative(&mut self, e: &Event, p: usize, previous: i64, points: i32, expected: i64) {
        let alternative = self.st.corrected[p]
            .take()
            .map(|c| c.saturating_add(expected.saturating_sub(previous)));
        if let Some(c) = e.cumulative.map(i64::from) {
            self.stats.totals_checked += 1;
            if c == self.st.totals[p] {
                self.stats.totals_matched += 1;
            }
            if c != expected && Some(c) != alternative {
                self.st.corrected[p] = Some(expected);
                let rule = Rule::Cumulative {
                    recorded: c,
                    previous,
                    points,
                    expected,
                };
                self.find(self.col(e, e.cols.cumulative), rule);
            }
        }
        self.st.recorded[p] = e.cumulative.map_or(expected, i64::from);
    }

    fn withdraw(&mut self, e: &Event, p: usize) {
        let Some(last) = self.last_play.take().filter(|l| l.seat == p) else {
            self.find(self.col(e, e.cols.body), Rule::WithdrawnWithoutPlay);
            // Nothing to take back, so the rules' total stands; the record's own chain is
            // still checked on this line (`-- -5 7` after a total of 0 does not add up),
            // not one line later.
            let previous = self.st.recorded[p];
            let points = e.score.unwrap_or(0);
            let expected = previous.saturating_add(i64::from(points));
            self.check_cumulative(e, p, previous, points, expected);
            self.push_turn(e, p, TurnKind::Withdrawn, "--".into(), 0);
            return;
        };
        if let (Some(w), Some(pr)) = (&e.rack, &last.rack) {
            if sorted(tiles_of(w)) != sorted(tiles_of(pr)) {
                let rule = Rule::WithdrawnRackMismatch {
                    withdrawn: crate::script::tiles_text(w),
                    played: crate::script::tiles_text(pr),
                };
                self.find(self.col(e, e.cols.rack), rule);
            }
        }
        if last.all_words_known == Some(true) {
            let rule = Rule::WithdrawnValidPlay {
                words: last.words.join(", "),
            };
            self.find(self.col(e, e.cols.body), rule);
        }
        // A bonus is given for a play that stood its challenge: the record contradicts
        // itself. The withdrawal is what the record goes on from, so the play goes, and the
        // bonus given for it with it (the state before the play is restored).
        let bonus = last.bonus.map_or(0, |b| b.points);
        if let Some(b) = last.bonus {
            let rule = Rule::WithdrawnAfterChallengeBonus {
                bonus: b.points,
                line: b.line,
            };
            self.find(self.col(e, e.cols.body), rule);
        }
        // What the record should take back: the play's points as written (a misscored
        // play's wrong number is its own finding), and a bonus given for it.
        let taken = last.points_written.saturating_add(bonus);
        let played = last.points_written;
        self.judge_points(e, played.saturating_neg(), &|recorded| {
            (recorded != taken.saturating_neg())
                .then_some(Rule::WithdrawnPoints { recorded, played })
        });
        // The turn is lost: racks, bag and scores back as before the play. The board takes the
        // tiles back with folio-core's `take_back`, which keeps the record of premiums used
        // and words scored (it matters to wordbler: docs/rules.md). The record's own running
        // totals are not the rules' state: they stay as written.
        let taken_turns = self.st.progress.turns_taken.clone();
        let next = self.next;
        let recorded = std::mem::take(&mut self.st.recorded);
        let corrected = std::mem::take(&mut self.st.corrected);
        for (_, t) in self.board.take_back(&last.mv) {
            let i = t.rack_tile().index();
            self.on_board[i] = self.on_board[i].saturating_sub(1);
        }
        let shown = self.st.totals[p] - last.before.totals[p];
        // Only this player's play is taken back: what another player's lines did since
        // (a stray challenge bonus, challenge-without-play) stands.
        let totals_now = self.st.totals.clone();
        self.st = last.before;
        for (q, total) in totals_now.into_iter().enumerate() {
            if q != p {
                if let Some(t) = self.st.totals.get_mut(q) {
                    *t = total;
                }
            }
        }
        self.st.recorded = recorded;
        self.st.corrected = corrected;
        self.st.progress.turns_taken = taken_turns;
        self.next = next;
        // A lost turn: scoreless, and a failed play where the rules count those.
        self.st.progress.after(0, true);
        // The cumulative drops back by what was taken back, whatever points the line
        // writes (old Quackle wrote `-- +0` with the right cumulative: gcg-format.md §3.4).
        let previous = self.st.recorded[p];
        let points = taken.saturating_neg();
        let expected = previous.saturating_add(i64::from(points));
        self.check_cumulative(e, p, previous, points, expected);
        // Shown as the change to the rules' total (the play's computed score, and a bonus):
        // small numbers, within i32.
        let shown = i32::try_from(-shown).unwrap_or(i32::MIN);
        self.push_turn(e, p, TurnKind::Withdrawn, "--".into(), shown);
        self.check_end(e);
    }

    fn challenge(&mut self, e: &Event, p: usize) {
        // Just after the play: an end-of-game line between them (the bonus for a going-out
        // play written after the racks were counted) leaves the bonus without its play.
        let ended = self.end_lines.iter().any(|&l| l);
        let last = self.last_play.as_ref().filter(|l| l.seat == p && !ended);
        let (after_play, earlier) = (last.is_some(), last.and_then(|l| l.bonus));
        if !after_play {
            let rule = Rule::ChallengeWithoutPlay(self.script.nick(p));
            self.find(self.col(e, e.cols.body), rule);
        }
        if let Some(first) = earlier {
            // A play is challenged once (all its words at once) and given one bonus: a
            // second line gives nothing by the rules, whatever it writes.
            self.find(
                self.col(e, e.cols.body),
                Rule::ChallengeBonusTwice { line: first.line },
            );
            self.account(e, p, 0, Some(&explained));
            self.push_turn(e, p, TurnKind::Challenge, "(challenge)".into(), 0);
            return;
        }
        // The bonus depends on the event (5 under WESPA, sometimes 10): the record decides.
        let points = e.score.unwrap_or(5);
        if points < 0 {
            // Applied as written, like a positive time penalty: the finding says it is wrong.
            self.find(
                self.col(e, e.cols.score),
                Rule::NegativeChallengeBonus(points),
            );
        }
        if let Some(l) = self.last_play.as_mut().filter(|l| l.seat == p) {
            l.bonus = Some(Bonus {
                line: e.loc.line,
                points,
            });
        }
        // The record decides the bonus (its sign is judged above).
        self.account(e, p, points, None);
        self.push_turn(e, p, TurnKind::Challenge, "(challenge)".into(), points);
    }

    fn time(&mut self, e: &Event, p: usize) {
        if self.st.over.is_none() {
            self.find(e.loc, Rule::EndLineBeforeGameOver("time penalty"));
        }
        match self.time_lines.get_mut(p) {
            Some(Some(first)) => {
                let line = *first;
                self.find(self.col(e, e.cols.body), Rule::TimePenaltyTwice { line });
            }
            Some(slot) => *slot = Some(e.loc.line),
            None => {}
        }
        let points = e.score.unwrap_or(0);
        if points > 0 {
            self.find(self.col(e, e.cols.score), Rule::PositiveTimePenalty(points));
        }
        // The record decides the penalty (its sign is judged above).
        self.account(e, p, points, None);
        self.push_turn(e, p, TurnKind::Time, "(time)".into(), points);
    }

    fn end_rack(&mut self, e: &Event, p: usize, written: &Tiles) {
        let tiles = tiles_of(written);
        let value = self.rules.tile_set.rack_value(&tiles) as i32;
        let notation = format!("({})", crate::script::tiles_text(written));
        let Some((end, _)) = self.st.over else {
            self.find(e.loc, Rule::EndLineBeforeGameOver("end-of-game rack line"));
            self.account(e, p, 0, Some(&explained));
            self.push_turn(e, p, TurnKind::EndPoints, notation, 0);
            return;
        };
        let positive = match e.score {
            Some(s) => s > 0 || (s == 0 && end == EndReason::Out { player: p }),
            None => end == EndReason::Out { player: p },
        };
        let body = self.col(e, e.cols.body);
        if self.end_lines[p] {
            self.find(e.loc, Rule::EndLineTwice(self.script.nick(p)));
        }
        self.end_lines[p] = true;
        if positive {
            let EndReason::Out { player: out } = end else {
                // Points for going out when no one went out: the rules give nothing.
                let why = format!("{}: no one went out", self.describe(end));
                self.account(e, p, 0, Some(&|_| Some(Rule::PenaltyNotDue(why.clone()))));
                self.push_turn(e, p, TurnKind::EndPoints, notation, 0);
                return;
            };
            if out != p {
                let expected = self.script.nick(out);
                self.find(e.loc, Rule::EndPointsWrongPlayer { expected });
            }
            let left = self.unseen_tiles();
            if sorted(tiles.clone()) != sorted(left.clone()) {
                let rule = Rule::EndRackTiles {
                    written: rack_string(&tiles),
                    left: rack_string(&sorted(left)),
                };
                self.find(body, rule);
            }
            let (expected, single) = match self.rules.end.out {
                OutAdjustment::TwiceOthers => (2 * value, value),
                OutAdjustment::Transfer => (value, 0),
                OutAdjustment::None => (0, 0),
            };
            let computed = if single != 0 && e.score == Some(single) && single != expected {
                self.single_convention = true;
                single
            } else {
                expected
            };
            self.account(
                e,
                p,
                computed,
                Some(&|recorded| {
                    Some(Rule::EndPoints {
                        recorded,
                        expected,
                        accepted_single: single,
                    })
                }),
            );
            self.push_turn(e, p, TurnKind::EndPoints, notation, computed);
        } else {
            let due = match end {
                EndReason::Out { player: o } => {
                    o != p
                        && (self.single_convention
                            || self.rules.end.out == OutAdjustment::Transfer
                            || (self.rules.end.out == OutAdjustment::TwiceOthers
                                && !self.end_lines[o]))
                }
                _ => self.rules.end.adjustment(end, p, None, 0).is_some(),
            };
            if matches!(end, EndReason::Out { .. })
                && due
                && self.rules.end.out == OutAdjustment::TwiceOthers
            {
                // A penalty line before the out-player's line: the old international rule.
                self.single_convention = true;
            }
            if let Some(rack) = &e.rack {
                if sorted(tiles_of(rack)) != sorted(tiles.clone()) {
                    let rule = Rule::EndRackMismatch {
                        penalty: rack_string(&tiles),
                        rack: crate::script::tiles_text(rack),
                    };
                    self.find(body, rule);
                }
            }
            self.check_drawable(body, &tiles);
            if !due {
                // A line stating no adjustment (`-0`) is fine where none is due.
                let why = format!("the game ended because {}", self.describe(end));
                self.account(e, p, 0, Some(&|_| Some(Rule::PenaltyNotDue(why.clone()))));
                self.push_turn(e, p, TurnKind::EndPenalty, notation, 0);
                return;
            }
            let computed = -value;
            let rack = rack_string(&tiles);
            self.account(
                e,
                p,
                computed,
                Some(&|recorded| {
                    Some(Rule::EndPenalty {
                        recorded,
                        expected: computed,
                        rack: rack.clone(),
                    })
                }),
            );
            self.push_turn(e, p, TurnKind::EndPenalty, notation, computed);
        }
    }

    fn push_turn(
        &mut self,
        e: &Event,
        p: usize,
        kind: TurnKind,
        notation: String,
        points: i32,
    ) -> usize {
        let rack = self.known_rack(e).map(|r| rack_string(&r));
        self.turns.push(TurnReport {
            line: e.loc.line,
            seat: p + 1,
            player: self.script.nick(p),
            kind,
            rack,
            notation,
            rejected: None,
            words: Vec::new(),
            bingo: 0,
            points,
            recorded_points: e.score,
            total: self.st.totals[p],
            recorded_total: e.cumulative,
            note: e.note.clone(),
            board: self.opts.boards.then(|| board_rows(&self.board)),
            board_after: board_rows(&self.board),
        });
        self.turns.len() - 1
    }

    fn push_play(&mut self, e: &Event, p: usize, notation: String, mv: &Move) {
        // The rack shown is the one before the play (written, or dealt before drawing).
        let i = self.push_turn(e, p, TurnKind::Play, notation, mv.score as i32);
        if e.rack.is_none() {
            self.turns[i].rack = self
                .last_play
                .as_ref()
                .and_then(|l| l.before.dealt.as_ref())
                .map(|(_, racks)| rack_string(&racks[p]));
        }
        self.turns[i].bingo = mv.bingo;
        self.turns[i].words = mv
            .words
            .iter()
            .map(|w| WordReport {
                word: w.text(),
                position: w.position.to_string(),
                main: w.main,
                repeat: w.repeat,
                score: w.score,
                tiles: w
                    .tiles
                    .iter()
                    .map(|t| TileReport {
                        square: t.square.to_string(),
                        letter: char::from(t.tile.letter).to_string(),
                        blank: t.tile.blank,
                        new: t.new,
                        value: t.value,
                        letter_factor: t.letter_factor,
                        word_factor: t.word_factor,
                    })
                    .collect(),
            })
            .collect();
    }

    /// Checks the `#rackN` pragmas written after `events` events against the board then.
    fn final_racks(&mut self, events: usize) {
        let script = self.script;
        for r in script
            .final_racks
            .iter()
            .filter(|r| r.after_events == events)
        {
            let tiles = tiles_of(&r.tiles);
            self.check_drawable(r.loc, &tiles);
        }
    }

    fn finish(mut self) -> Report {
        let script = self.script;
        let mut status = "unfinished";
        let mut reason = None;
        let mut ended_at_line = None;
        if let Some((end, line)) = self.st.over {
            status = "finished";
            reason = Some(self.describe(end));
            ended_at_line = Some(line);
            self.missing_end_lines(end, line);
        }
        let winners = if status == "finished" {
            let best = self.st.totals.iter().copied().max().unwrap_or(0);
            (0..self.seats)
                .filter(|&s| self.st.totals[s] == best)
                .map(|s| script.nick(s))
                .collect()
        } else {
            Vec::new()
        };
        let recorded_any: Vec<bool> = (0..self.seats)
            .map(|s| {
                script
                    .events
                    .iter()
                    .any(|e| e.player == s && e.cumulative.is_some())
            })
            .collect();
        let players = (0..script.seats())
            .map(|s| PlayerReport {
                seat: s + 1,
                nick: script.nick(s),
                name: script
                    .header
                    .players
                    .iter()
                    .find(|p| p.seat == s)
                    .map_or_else(|| script.nick(s), |p| p.name.clone()),
                score: self.st.totals[s],
                recorded: recorded_any[s].then_some(self.st.recorded[s]),
            })
            .collect();
        if let Some(rule) = self.lexicon.and_then(|l| alphabet_mismatch(l, &self.rules)) {
            let loc = script
                .header
                .lexicon
                .as_ref()
                .map_or(Loc::new(1, 1), |(_, loc)| *loc);
            self.findings.push(crate::findings::at(script, loc, rule));
        }
        if self.opts.require_lexicon && self.lexicon.is_none() {
            let loc = script
                .header
                .lexicon
                .as_ref()
                .map_or(Loc::new(1, 1), |(_, loc)| *loc);
            let rule = Rule::WordsNotChecked {
                lexicon: self.opts.lexicon_name.clone(),
            };
            self.findings.push(crate::findings::at(script, loc, rule));
        }
        self.findings.sort_by_key(|f| f.loc);
        let lexicon = LexiconInfo {
            name: self.opts.lexicon_name.clone(),
            checked: self.lexicon.is_some(),
        };
        Report {
            file: script.source.clone(),
            game: "scrabble",
            rules: self.rules.name.to_string(),
            tile_set: self.rules.tile_set,
            lexicon,
            encoding: script.encoding,
            title: script.header.title.clone(),
            seed: script.header.seed,
            players,
            turns: self.turns,
            final_racks: script
                .final_racks
                .iter()
                .map(|r| RackReport {
                    player: script.nick(r.player),
                    rack: crate::script::tiles_text(&r.tiles),
                })
                .collect(),
            result: GameResult {
                status,
                reason,
                ended_at_line,
                winners,
            },
            board: board_rows(&self.board),
            stats: self.stats,
            findings: self.findings,
            notes: self.notes,
        }
    }

    /// Reports the end-of-game lines a finished game lacks and applies their adjustment to
    /// the computed totals.
    fn missing_end_lines(&mut self, end: EndReason, line: u32) {
        let loc = Loc::new(line, 1);
        let reason = self.describe(end);
        let left = self.unseen_tiles();
        let left_value = self.rules.tile_set.rack_value(&left) as i32;
        let own = |s: &Self, seat: usize| -> Option<i32> {
            if let Some((_, racks)) = &s.st.dealt {
                return Some(s.rules.tile_set.rack_value(&racks[seat]) as i32);
            }
            match end {
                // Out: the out-player holds nothing; two players: the other holds every
                // tile left.
                EndReason::Out { player } if player == seat => Some(0),
                EndReason::Out { .. } if s.seats == 2 => Some(left_value),
                _ => None,
            }
        };
        // What the rules give each seat (one judge: crate::end); the old international rule
        // (single value to the out-player, each other loses own), when the record follows
        // it, on top.
        let mut due: Vec<(usize, Option<i32>)> = Vec::new();
        for seat in 0..self.seats {
            let value = own(self, seat);
            let adjustment = match end {
                EndReason::Out { player } if self.single_convention => Some(if player == seat {
                    Some(left_value)
                } else {
                    value.map(|v| -v)
                }),
                _ => self.rules.end.adjustment(end, seat, value, left_value),
            };
            if let Some(a) = adjustment {
                due.push((seat, a));
            }
        }
        // The out-player's line first, as records write it.
        if let EndReason::Out { player } = end {
            due.sort_by_key(|&(seat, _)| seat != player);
        }
        for (seat, adjustment) in due {
            if self.end_lines[seat] {
                continue;
            }
            let rule = Rule::MissingEndLine {
                reason: reason.clone(),
                player: self.script.nick(seat),
                adjustment,
            };
            self.find(loc, rule);
            self.st.totals[seat] =
                self.st.totals[seat].saturating_add(i64::from(adjustment.unwrap_or(0)));
        }
    }
}

/// `-TILES` or `-N`.
fn exchange_notation(x: &Exchanged) -> String {
    match x {
        Exchanged::Tiles(t) => format!("-{}", crate::script::tiles_text(t)),
        Exchanged::Count(n) => format!("-{n}"),
    }
}

/// GCG notation of a placement: coordinate, then the word with `.` for squares played
/// through and lower case for blanks.
fn notation(coord: crate::script::Coord, p: &Placement) -> String {
    let word: String = p
        .cells
        .iter()
        .map(|c| match c {
            Cell::Tile(t) => t.to_char(),
            Cell::Through(_) => '.',
        })
        .collect();
    format!("{coord} {word}")
}

/// The board as 15 strings: `.` empty, upper case tile, lower case blank.
pub fn board_rows(board: &Board) -> Vec<String> {
    (0..15)
        .map(|r| {
            (0..15)
                .map(|c| board.at(r, c).map_or('.', |t| t.to_char()))
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests;
