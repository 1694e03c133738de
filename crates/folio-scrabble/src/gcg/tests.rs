use super::*;

const HEAD: &str = "#player1 Joel Joel Sherman\n#player2 Ann Ann Other\n";

fn ok(body: &str) -> Script {
    let text = format!("{HEAD}{body}");
    match parse(text.as_bytes(), "t.gcg") {
        Ok(s) => s,
        Err(e) => panic!("{body:?} failed: {:?}", e.errors),
    }
}

fn err(body: &str) -> ParseError {
    let text = format!("{HEAD}{body}");
    let errs = parse(text.as_bytes(), "t.gcg").expect_err(body).errors;
    errs.into_iter()
        .find(|e| e.kind.is_fatal())
        .expect("a fatal error")
}

fn one(body: &str) -> Event {
    let s = ok(body);
    assert_eq!(s.events.len(), 1, "{body}");
    s.events.into_iter().next().unwrap()
}

#[test]
fn tile_play_with_every_field() {
    let e = one(">Joel: DROWNUG 8G WOUND +28 28\n");
    assert_eq!(e.player, 0);
    assert_eq!(e.rack.as_deref(), Some(&b"DROWNUG"[..]));
    let EventKind::Play { coord, word } = &e.kind else {
        panic!("{e:?}")
    };
    assert_eq!(
        *coord,
        Coord {
            row: 7,
            col: 6,
            dir: Dir::Across
        }
    );
    assert_eq!(word.len(), 5);
    assert_eq!((e.score, e.cumulative), (Some(28), Some(28)));
    assert_eq!(e.loc, Loc::new(3, 1));
    assert_eq!(e.cols.rack, 8);
    assert_eq!(e.cols.body, 16);
    assert_eq!(e.cols.word, 19);
    assert_eq!(e.cols.score, 25);
    assert_eq!(e.cols.cumulative, 29);
}

#[test]
fn coordinates_both_directions_and_case() {
    assert_eq!(
        parse_coord("H8"),
        Some(Coord {
            row: 7,
            col: 7,
            dir: Dir::Down
        })
    );
    assert_eq!(
        parse_coord("15o"),
        Some(Coord {
            row: 14,
            col: 14,
            dir: Dir::Across
        })
    );
    assert_eq!(parse_coord("h2").map(|c| c.dir), Some(Dir::Down));
    for bad in [
        "M70", "P8", "8P", "0A", "A16", "16A", "88", "H", "8", "", "A1B",
    ] {
        assert_eq!(parse_coord(bad), None, "{bad}");
    }
}

#[test]
fn word_notations() {
    let e = one(">Joel: AEILPST H8 .PIL(A)TEs +83 223\n");
    let EventKind::Play { word, .. } = e.kind else {
        panic!()
    };
    assert_eq!(word[0], WordTile::Through(None));
    assert_eq!(word[4], WordTile::Through(Some(b'A')));
    assert_eq!(
        word[7],
        WordTile::Letter {
            letter: b'S',
            blank: true
        }
    );
    assert_eq!(word.len(), 8);
}

#[test]
fn non_play_events() {
    let s = ok(concat!(
        ">Joel: DROWNUG - +0 0\n",
        ">Ann: ABC -ABC +0 0\n",
        ">Joel: DROWNUG -3 +0 0\n",
        ">Ann: ABC 8G CAB +14 14\n",
        ">Ann: ABC -- -14 0\n",
        ">Joel:  (challenge) +5 5\n",
        ">Joel: (DIIT) +10 15\n",
        ">Ann: T (T) -1 -1\n",
        ">Ann:  (time) -10 -11\n",
        ">Joel: X -0 +0 15\n",
    ));
    let kinds: Vec<_> = s.events.iter().map(|e| e.kind.clone()).collect();
    assert_eq!(kinds[0], EventKind::Pass);
    assert_eq!(
        kinds[1],
        EventKind::Exchange(Exchanged::Tiles(b"ABC".to_vec()))
    );
    assert_eq!(kinds[2], EventKind::Exchange(Exchanged::Count(3)));
    assert_eq!(kinds[4], EventKind::Withdrawn);
    assert_eq!(s.events[4].score, Some(-14));
    assert_eq!(kinds[5], EventKind::ChallengeBonus);
    assert_eq!(s.events[5].rack, None);
    assert_eq!(kinds[6], EventKind::EndRack(b"DIIT".to_vec()));
    assert_eq!(kinds[7], EventKind::EndRack(b"T".to_vec()));
    assert_eq!(s.events[7].rack.as_deref(), Some(&b"T"[..]));
    assert_eq!(kinds[8], EventKind::TimePenalty);
    assert_eq!(kinds[9], EventKind::Pass);
}

#[test]
fn folio_optional_fields() {
    let e = one(">Joel: 8G WOUND\n");
    assert_eq!((e.rack.clone(), e.score, e.cumulative), (None, None, None));
    let e = one(">Joel: DROWNUG 8G WOUND +28\n");
    assert_eq!((e.score, e.cumulative), (Some(28), None));
    let e = one(">Joel: -\n");
    assert_eq!(e.kind, EventKind::Pass);
}

#[test]
fn trailing_crossword_list_is_kept() {
    let e = one(">Joel: OXGSHYD   i12 OXY             +44   70  KO, EX\n");
    assert_eq!(e.trailing, ["KO,", "EX"]);
    assert_eq!(e.score, Some(44));
}

#[test]
fn notes_attach_to_the_previous_event() {
    let s = ok(">Joel: DROWNUG 8G WOUND +28 28\n#note good\nand more\n\n#note x\n");
    assert_eq!(s.events[0].note.as_deref(), Some("good\nand more\nx"));
    assert!(s.issues.is_empty());
}

#[test]
fn header_pragmas() {
    let s = ok(concat!(
        "#title A game\n#lexicon sets/whale.fst\n#rules course\n#seed 42\n#rounds 10\n",
        "#tile-set english\n#game scrabble\n",
    ));
    let h = &s.header;
    assert_eq!(h.title.as_deref(), Some("A game"));
    assert_eq!(
        h.lexicon.as_ref().map(|l| l.0.as_str()),
        Some("sets/whale.fst")
    );
    assert_eq!(h.lexicon.as_ref().map(|l| l.1), Some(Loc::new(4, 10)));
    assert_eq!(h.rules, Some(RulesName::Course));
    assert_eq!((h.seed, h.rounds), (Some(42), Some(10)));
    assert_eq!(h.other, [("tile-set".to_string(), "english".to_string())]);
    assert_eq!(h.players[1].name, "Ann Other");
    let s = ok("#game boggle\n");
    assert_eq!(s.header.game, GameKind::Boggle);
}

#[test]
fn bad_pragma_values_are_located() {
    let e = err("#rules chess\n");
    assert_eq!(e.kind, ParseErrorKind::UnknownRules("chess".into()));
    assert_eq!(e.loc, Loc::new(3, 8));
    let e = err("#tileset klingon\n");
    assert_eq!(e.kind, ParseErrorKind::UnknownTileSet("klingon".into()));
    assert_eq!(e.loc, Loc::new(3, 10));
    assert_eq!(
        ok("#tileset French\n").header.tileset,
        Some(crate::TileSet::FRENCH)
    );
    assert_eq!(err("#seed x4\n").kind.code(), "bad-number");
    assert_eq!(err("#rounds 2.5\n").kind.code(), "bad-number");
    // A whole number outside the range says so, and gives the range.
    let e = err("#seed 18446744073709551616\n");
    assert_eq!(
        e.to_string(),
        "t.gcg:3:7: #seed 18446744073709551616 is out of range (0 to 18446744073709551615)"
    );
    assert_eq!(err("#seed -4\n").kind.code(), "number-out-of-range");
    let e = err("#rounds 0\n");
    assert_eq!(e.loc, Loc::new(3, 9));
    assert_eq!(
        e.kind.to_string(),
        "#rounds 0 is out of range (1 to 4294967295)"
    );
    assert_eq!(
        err("#rounds 4294967296\n").kind.code(),
        "number-out-of-range"
    );
    assert_eq!(ok("#rounds +3\n").header.rounds, Some(3));
    assert_eq!(err("#game go\n").kind.code(), "unknown-game");
    assert_eq!(err("#player5 X X\n").kind.code(), "bad-player-pragma");
}

#[test]
fn malformed_lines_are_located_with_the_line_as_written() {
    let e = err(">Joel: KLMO8RTV 4D VOLK +33 433\n");
    assert_eq!(e.kind.code(), "malformed-rack");
    assert_eq!(e.loc, Loc::new(3, 12));
    assert_eq!(e.text, ">Joel: KLMO8RTV 4D VOLK +33 433");
    assert_eq!(e.to_string(), format!("t.gcg:3:12: {}", e.kind));

    let e = err(">Joel: ?CDILRS K4 D.CR2IaLS +70 162\n");
    assert_eq!(e.kind.code(), "malformed-word");
    assert_eq!(e.loc.col, 23);

    let e = err(">Joel: Q M70 Q. +21 362\n");
    assert_eq!(e.kind, ParseErrorKind::BadCoordinate("M70".into()));
    assert_eq!(e.loc.col, 10);

    assert_eq!(
        err(">Joel: ABC -K.OI +0 0\n").kind.code(),
        "malformed-exchange"
    );
    assert_eq!(err(">Joel: (#) +2 378\n").kind.code(), "malformed-rack");
    assert_eq!(
        err(">Joel: DEII--R (challenge) +5 398\n").kind.code(),
        "malformed-rack"
    );
    assert_eq!(
        err(">Joel: ABC 8G CAB 14 14\n").kind.code(),
        "malformed-score"
    );
    assert_eq!(
        err(">Joel: ABC 8G CAB +14 x\n").kind.code(),
        "malformed-cumulative"
    );
    assert_eq!(
        err(">Joel: ABC 8G CAB +99999999999 14\n").kind.code(),
        "score-out-of-range"
    );
    assert_eq!(
        err(">Joel: ABC 8G CAB -2147483649 14\n").kind.code(),
        "score-out-of-range"
    );
    assert_eq!(
        err(">Joel: ABC 8G CAB +14 99999999999\n").kind.code(),
        "cumulative-out-of-range"
    );
    assert_eq!(
        err(">Joel: ABC 8G CAB +14 +14\n").kind.code(),
        "malformed-cumulative"
    );
    assert_eq!(err(">Joel: ABC 8G CAB(\n").kind.code(), "malformed-word");
    // Parentheses that do not pair up, or hold nothing, are said so, at the `(`.
    let e = err(">Joel: AEHNORT 8G HO(R +14 14\n");
    assert_eq!(e.kind.code(), "malformed-word");
    assert!(e.to_string().contains("this `(` is not closed"), "{e}");
    assert_eq!(e.loc.col, 21, "{e}");
    let e = err(">Joel: AEHNORT 8G HO()RN +14 14\n");
    assert_eq!(e.kind.code(), "malformed-word");
    assert!(e.to_string().contains("`()` holds no letter"), "{e}");
    assert_eq!(err(">Joel: ABC ZZZ +1 1\n").kind.code(), "unknown-move");
}

#[test]
fn truncated_lines() {
    for (line, code) in [
        (">Joel: DROWNUG 8G\n", "truncated"),
        (">Joel: DROWNUG\n", "truncated"),
        (">Joel:\n", "truncated"),
        (">Joel\n", "missing-colon"),
        (">: ABC - +0 0\n", "empty-nickname"),
        (">Nobody: ABC - +0 0\n", "unknown-player"),
    ] {
        assert_eq!(err(line).kind.code(), code, "{line}");
    }
    let e = err(">Joel: DROWNUG 8G\n");
    assert_eq!(e.loc, Loc::new(3, 18));
}

#[test]
fn every_bad_line_is_reported_not_only_the_first() {
    let text = format!("{HEAD}>Joel: A1B 8G X +1 1\n>Ann: ABC 8G Q2 +1 1\n>Bob: - +0 0\n");
    let errs = parse(text.as_bytes(), "t.gcg").unwrap_err().errors;
    let lines: Vec<u32> = errs.iter().map(|e| e.loc.line).collect();
    assert_eq!(lines, [3, 4, 5]);
}

#[test]
fn non_fatal_issues_are_kept() {
    let s = ok(concat!(
        ">Joel: DROWNUG 8G WOUND +28 28\n",
        "#description late\n",
        "stray text\n",
    ));
    let codes: Vec<_> = s.issues.iter().map(|e| e.kind.code()).collect();
    assert_eq!(codes, ["pragma-after-events", "stray-line"]);
}

/// A pragma given twice with the same value is redundant (a note); a pragma that changes
/// the replay given again with another value is a conflict: the record says two things.
#[test]
fn a_pragma_given_twice_is_redundant_or_a_conflict() {
    let s =
        ok("#rules course\n#rules COURSE\n#title a\n#title b\n>Joel: DROWNUG 8G WOUND +28 28\n");
    let codes: Vec<_> = s.issues.iter().map(|e| e.kind.code()).collect();
    assert_eq!(codes, ["redundant-pragma", "redundant-pragma"]);
    let s = ok("#rules course\n#rules wordbler\n>Joel: DROWNUG 8G WOUND +28 28\n");
    let e = &s.issues[0];
    assert_eq!(e.kind.code(), "conflicting-pragma");
    assert_eq!(e.loc.line, 4);
    assert!(
        e.to_string().contains(
            r#"#rules given again with another value (line 3 says "course"); the first is replayed"#
        ),
        "{e}"
    );
    assert_eq!(s.header.rules, Some(crate::script::RulesName::Course));
}

#[test]
fn header_rules_of_order() {
    let t = "#player1 Tim Tim W\n#note hi\n>Tim: A - +0 0\n#player2 Josh Josh C\n>Josh: B - +0 0\n";
    let s = parse(t.as_bytes(), "t").unwrap();
    let codes: Vec<_> = s.issues.iter().map(|e| e.kind.code()).collect();
    assert_eq!(codes, ["note-before-events", "player-after-events"]);
    assert_eq!(s.header.note.as_deref(), Some("hi"));

    let t = "#player1 Tim Tim W\n#player1 Josh Josh C\n";
    let s = parse(t.as_bytes(), "t").unwrap();
    assert_eq!(s.issues[0].kind, ParseErrorKind::SeatRedeclared(1));

    let t = "#player1 Tim Tim W\n#player2 Tim Josh C\n#player3 Ann Tim W\n";
    let s = parse(t.as_bytes(), "t").unwrap();
    let codes: Vec<_> = s.issues.iter().map(|e| e.kind.code()).collect();
    assert_eq!(codes, ["duplicate-nickname", "duplicate-name"]);

    let t = "#player1 A A\n#player2 B B\n>A: X - +0 0\n#rack2 ABC\n>B: Y - +0 0\n";
    let s = parse(t.as_bytes(), "t").unwrap();
    assert_eq!(s.issues[0].kind, ParseErrorKind::EventAfterFinalRack);
    assert_eq!(s.final_racks[0].tiles, b"ABC");
}

#[test]
fn shared_nicknames_alternate() {
    let t = "#player1 NoName A\n#player2 NoName B\n>NoName: A - +0 0\n>NoName: B - +0 0\n>NoName: C - +0 0\n";
    let s = parse(t.as_bytes(), "t").unwrap();
    let seats: Vec<_> = s.events.iter().map(|e| e.player).collect();
    assert_eq!(seats, [0, 1, 0]);
}

#[test]
fn encodings() {
    let t = b"#player1 c\xe9sar c\xe9sar\n#player2 h h\n>c\xe9sar: DINNVWY 8D WINDY +32 32\n";
    let s = parse(t, "t").unwrap();
    assert_eq!(s.header.players[0].nick, "césar");
    assert_eq!(s.events[0].player, 0);

    let t = b"#character-encoding UTF-8\n#player1 c\xe9sar c\n";
    let e = parse(t, "t").unwrap_err().errors;
    assert_eq!(e[0].kind, ParseErrorKind::InvalidUtf8);
    assert_eq!(e[0].loc, Loc::new(2, 11));

    let t = b"#character-encoding ASCII\n#player1 a a\n";
    let s = parse(t, "t").unwrap();
    assert_eq!(s.issues[0].kind.code(), "unsupported-encoding");

    let e = parse(b"", "t").unwrap_err().errors;
    assert_eq!(e[0].kind, ParseErrorKind::Empty);
    let e = parse(b"\n \n", "t").unwrap_err().errors;
    assert_eq!(e[0].kind, ParseErrorKind::Empty);
}

#[test]
fn a_binary_or_utf16_file_is_one_error_at_its_first_nul() {
    let e = parse(b"\x7fELF\x02\x01\x01\0\0\n#player1 a a\n", "prog")
        .unwrap_err()
        .errors;
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].kind, ParseErrorKind::Binary(7, NotText::Binary));
    assert!(e[0]
        .kind
        .to_string()
        .starts_with("binary file (NUL byte at offset 7), not a GCG record"));
    assert!(!e[0].kind.to_string().contains("UTF-16"));
    assert_eq!(e[0].kind.code(), "binary");
    assert_eq!(e[0].loc, Loc::new(1, 8));
    // UTF-16 (little-endian, with its BOM): the NUL after `#` on line 1.
    let utf16: Vec<u8> = "\u{feff}#player1 a a\n"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let e = parse(&utf16, "u16").unwrap_err().errors;
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(
        e[0].kind,
        ParseErrorKind::Binary(3, NotText::Utf16 { big_endian: false })
    );
    assert!(e[0]
        .kind
        .to_string()
        .starts_with("UTF-16 text (little-endian) (NUL byte at offset 3)"));
    // A NUL on a later line is located there.
    let e = parse(b"#player1 a a\n#play\0er2 b b\n", "t")
        .unwrap_err()
        .errors;
    assert_eq!(e[0].loc, Loc::new(2, 6));
}

#[test]
fn a_script_without_players_does_not_replay() {
    for text in ["#title notes\n", "hello\n", "#title x\n#description y\n"] {
        let e = parse(text.as_bytes(), "t").unwrap_err().errors;
        assert!(
            e.iter().any(|e| e.kind == ParseErrorKind::NoPlayers),
            "{text:?}: {e:?}"
        );
    }
    // One player is a game (a solo record); an empty file is `empty`, not `no-players`.
    assert!(parse(b"#player1 a A\n", "t").is_ok());
    let e = parse(b"", "t").unwrap_err().errors;
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].kind, ParseErrorKind::Empty);
}

#[test]
fn crlf_lines() {
    let t = "#player1 A A\r\n#player2 B B\r\n>A: X 8H XI +9 9\r\n";
    let s = parse(t.as_bytes(), "t").unwrap();
    assert_eq!(s.events[0].cumulative, Some(9));
    assert_eq!(s.line(3), ">A: X 8H XI +9 9");
}

mod props {
    use super::super::parse;
    use proptest::prelude::*;

    proptest! {
        /// Whatever the bytes, the parser returns (never panics), and every error is located
        /// inside the file.
        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            let n = folio_core::script::lines::decode(&bytes).lines.len() as u32;
            if let Err(e) = parse(&bytes, "fuzz") {
                for err in e.errors {
                    prop_assert!(err.loc.line >= 1 && err.loc.line <= n.max(1));
                    prop_assert!(err.loc.col >= 1);
                }
            }
        }

        /// Lines made of GCG-looking tokens never panic either.
        #[test]
        fn gcg_shaped_lines_never_panic(
            lines in proptest::collection::vec(
                "(#player[0-9] [a-z]{0,3} [a-z ]{0,5}|>[a-z]{0,2}:? ?[A-Z?]{0,8} [0-9A-Pa-p(.)\\-]{0,6} [A-Za-z.()]{0,9} [+-]?[0-9]{0,4} -?[0-9]{0,4}|#[a-z-]{0,10} [a-z0-9]{0,4})",
                0..12)
        ) {
            let text = lines.join("\n");
            let _ = parse(text.as_bytes(), "fuzz");
        }
    }
}

#[test]
fn seats_run_from_player1_without_a_gap() {
    let kinds = |text: &str| -> Vec<(u32, String, ParseErrorKind)> {
        parse(text.as_bytes(), "t")
            .unwrap_err()
            .errors
            .into_iter()
            .map(|e| (e.loc.line, e.kind.code().to_string(), e.kind))
            .collect()
    };
    let missing = |missing, declared| ParseErrorKind::MissingSeat { missing, declared };
    assert_eq!(
        kinds("#player2 b B\n>b: 8H CAT\n"),
        [(1, "missing-player".into(), missing(1, 2))]
    );
    assert_eq!(
        kinds("#player1 a A\n#player3 c C\n>a: 8H CAT\n"),
        [(2, "missing-player".into(), missing(2, 3))]
    );
    // Declared out of order: the gap is still found, at the seat above it; one per gap.
    assert_eq!(
        kinds("#player4 d D\n#player1 a A\n#player2 b B\n"),
        [(1, "missing-player".into(), missing(3, 4))]
    );
    assert_eq!(
        kinds("#player4 d D\n").last().map(|k| k.2.to_string()),
        Some("#player4 is declared but #player1 is not: players are #player1 to #playerN, without a gap".into())
    );
    assert!(parse(b"#player2 b B\n#player1 a A\n", "t").is_ok());
}

/// Found by the `scrabble_gcg` fuzz target: a coordinate ending in a multi-byte character
/// sliced the token inside that character (a panic). It is now an ordinary error.
#[test]
fn coordinate_ending_in_a_multibyte_character_is_an_error() {
    assert_eq!(parse_coord("12é"), None);
    assert_eq!(parse_coord("8\u{FFFD}"), None);
    let text = format!("{HEAD}>Joel: AERWZ 12\u{FFFD}\u{FFFD} WAZ +10 10\n");
    assert!(parse(text.as_bytes(), "t.gcg").is_err());
}

/// Bounded by design: a file of more events than any game stops at the limit with one fatal
/// error (a million-line record must not be replayed into gigabytes of report).
#[test]
fn more_events_than_any_game_is_refused_at_the_limit() {
    let mut text = String::from(HEAD);
    for i in 0..MAX_EVENTS + 5 {
        text.push_str(if i % 2 == 0 {
            ">Joel: - +0\n"
        } else {
            ">Ann: - +0\n"
        });
    }
    let errors = parse(text.as_bytes(), "t.gcg").unwrap_err().errors;
    let fatal: Vec<_> = errors.iter().filter(|e| e.kind.is_fatal()).collect();
    assert_eq!(fatal.len(), 1, "{fatal:?}");
    assert_eq!(fatal[0].kind, ParseErrorKind::TooManyEvents(MAX_EVENTS));
    assert_eq!(fatal[0].loc.line as usize, MAX_EVENTS + 3);
    // A file of bad lines stops collecting problems at the limit.
    let junk = "garbage line\n".repeat(MAX_PROBLEMS * 3);
    let errors = parse(format!("{HEAD}{junk}").as_bytes(), "t.gcg")
        .unwrap_err()
        .errors;
    assert!(errors.len() <= MAX_PROBLEMS + 2, "{}", errors.len());
    assert_eq!(
        errors.last().unwrap().kind,
        ParseErrorKind::TooManyProblems(MAX_PROBLEMS)
    );
}

/// An unknown `#game-type` is kept as an issue whose text says what happens: the record is
/// replayed as classic (not "only classic is replayed", which reads as a refusal).
#[test]
fn unknown_game_type_says_it_is_replayed_as_classic() {
    let s = ok("#game-type lonify\n>Joel: DROWNUG 8G WOUND +28 28\n");
    let issue = s
        .issues
        .iter()
        .find(|e| e.kind.code() == "unknown-game-variant")
        .expect("an issue");
    assert!(!issue.kind.is_fatal());
    assert_eq!(
        issue.kind.to_string(),
        "unrecognised game variant \"lonify\": replayed as classic"
    );
}

#[test]
fn a_word_longer_than_a_board_line_is_refused_at_its_token() {
    // 15 squares fit a line (one of them played through); 16 do not, whatever the notation.
    ok(">Joel: ABCDEFG 8A ABCDEFG(H)ABCDEFG\n");
    for word in ["ABCDEFGHIJKLMNOP", "ABCDEFG(HI)JKLMNOP", "........ABCDEFGH"] {
        let e = err(&format!(">Joel: ABCDEFG 8A {word}\n"));
        assert_eq!(e.kind.code(), "word-too-long", "{word}");
        assert_eq!(e.loc, Loc::new(3, 19), "{word}");
    }
    // A megabyte token: the error holds and shows only a shortened copy.
    let huge = "BA".repeat(500_000);
    let e = err(&format!(">Joel: ABCDEFG 8G {huge} +7 7\n"));
    let ParseErrorKind::WordTooLong { word, max } = &e.kind else {
        panic!("{e:?}")
    };
    assert_eq!(*max, 15);
    assert!(word.ends_with("… (1000000 characters)"), "{word}");
    assert!(e.to_string().len() < 300, "{e}");
}

#[test]
fn many_notes_before_the_first_event_are_one_warning_not_too_many_problems() {
    let notes: String = (0..1_500)
        .map(|i| format!("#note header line {i}\n"))
        .collect();
    let s = ok(&format!("{notes}>Joel: DROWNUG 8G WOUND +28 28\n"));
    let warned: Vec<_> = s
        .issues
        .iter()
        .filter(|e| e.kind == ParseErrorKind::NoteBeforeEvents)
        .collect();
    assert_eq!(warned.len(), 1, "{:?}", s.issues.len());
    assert!(!s
        .issues
        .iter()
        .any(|e| matches!(e.kind, ParseErrorKind::TooManyProblems(_))));
    let note = s.header.note.as_deref().expect("the notes are kept");
    assert_eq!(note.lines().count(), 1_500);
    assert_eq!(s.events.len(), 1);
}
