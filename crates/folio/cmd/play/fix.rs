//! `folio play --fix OUT`: the record as written, with the rule set's points and running
//! totals in place of the numbers the replay found wrong — every other byte kept (line
//! endings, encoding, notes, spacing, trailing tokens). Numbers the record leaves out stay
//! out; a line whose numbers cannot be found as written is left as it is.

/// One event line's numbers, as the Scrabble report's `turns` give them.
#[derive(Debug, PartialEq, Eq)]
struct Numbers {
    /// 1-based line of the event.
    line: u64,
    /// Points by the rules, and as written.
    points: i64,
    recorded_points: Option<i64>,
    /// Running total by the rules, and as written.
    total: i64,
    recorded_total: Option<i64>,
    /// The play was refused or forfeited (the report's `rejected`): its points are the
    /// rules' 0 and the play itself stays as written.
    illegal: bool,
}

impl Numbers {
    fn of(turn: &serde_json::Value) -> Option<Numbers> {
        Some(Numbers {
            line: turn["line"].as_u64()?,
            points: turn["points"].as_i64()?,
            recorded_points: turn["recorded_points"].as_i64(),
            total: turn["total"].as_i64()?,
            recorded_total: turn["recorded_total"].as_i64(),
            illegal: turn.get("rejected").is_some_and(|r| !r.is_null()),
        })
    }
}

/// How many numbers `fix` changed.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Corrected {
    /// Every number changed.
    pub(crate) numbers: usize,
    /// Of them, those on the lines of illegal plays (which stay illegal: `--fix` mends
    /// arithmetic, not games).
    pub(crate) on_illegal_plays: usize,
}

/// The record `bytes` with the numbers of `turns` (a Scrabble report's `turns`) corrected,
/// and how many numbers were changed.
pub(crate) fn fix(bytes: &[u8], turns: &[serde_json::Value]) -> (Vec<u8>, Corrected) {
    // By line: a record of a million events with many wrong numbers stays linear.
    let wrong: std::collections::HashMap<u64, Numbers> = turns
        .iter()
        .filter_map(Numbers::of)
        .filter(|n| {
            n.recorded_points.is_some_and(|p| p != n.points)
                || n.recorded_total.is_some_and(|t| t != n.total)
        })
        .map(|n| (n.line, n))
        .collect();
    let mut out = Vec::with_capacity(bytes.len() + 16);
    let mut changed = Corrected::default();
    for (i, (line, end)) in lines(bytes).enumerate() {
        match wrong.get(&(i as u64 + 1)) {
            Some(n) => {
                let (fixed, k) = fix_line(line, n);
                out.extend_from_slice(&fixed);
                changed.numbers += k;
                if n.illegal {
                    changed.on_illegal_plays += k;
                }
            }
            None => out.extend_from_slice(line),
        }
        out.extend_from_slice(end);
    }
    (out, changed)
}

/// The lines of `bytes` with their endings (`\n`, `\r\n`, a lone `\r`, or none at the end),
/// as the script reader counts them.
fn lines(bytes: &[u8]) -> impl Iterator<Item = (&[u8], &[u8])> {
    let mut rest = bytes;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let cut = rest.iter().position(|&b| b == b'\n' || b == b'\r');
        let (line, end_len) = match cut {
            None => (rest, 0),
            Some(i) if rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n') => (&rest[..i], 2),
            Some(i) => (&rest[..i], 1),
        };
        let end = &rest[line.len()..line.len() + end_len];
        rest = &rest[line.len() + end_len..];
        Some((line, end))
    })
}

/// Signed points (`+28`, `-5`) as GCG writes them.
fn signed(token: &[u8]) -> Option<i64> {
    let s = std::str::from_utf8(token).ok()?;
    if !(s.starts_with('+') || s.starts_with('-')) || s.len() < 2 {
        return None;
    }
    s.parse().ok()
}

/// A cumulative (`76`, `-3`): never with `+`.
fn cumulative(token: &[u8]) -> Option<i64> {
    let s = std::str::from_utf8(token).ok()?;
    if s.starts_with('+') {
        return None;
    }
    s.parse().ok()
}

/// One event line with its points and cumulative replaced where they are wrong: the
/// points are the last signed token whose value is the written points (and which the
/// written cumulative follows, when there is one), so a `-3` exchange or a `-0` pass before
/// them is not taken for them.
fn fix_line(line: &[u8], n: &Numbers) -> (Vec<u8>, usize) {
    let Some(colon) = line.iter().position(|&b| b == b':') else {
        return (line.to_vec(), 0);
    };
    // Token spans after the colon.
    let mut spans = Vec::new();
    let mut i = colon + 1;
    while i < line.len() {
        if line[i] == b' ' || line[i] == b'\t' {
            i += 1;
            continue;
        }
        let start = i;
        while i < line.len() && line[i] != b' ' && line[i] != b'\t' {
            i += 1;
        }
        spans.push(start..i);
    }
    let Some(written) = n.recorded_points else {
        return (line.to_vec(), 0);
    };
    let at = (0..spans.len()).rev().find(|&k| {
        signed(&line[spans[k].clone()]) == Some(written)
            && n.recorded_total.is_none_or(|t| {
                spans
                    .get(k + 1)
                    .is_some_and(|s| cumulative(&line[s.clone()]) == Some(t))
            })
    });
    let Some(k) = at else {
        return (line.to_vec(), 0);
    };
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    if written != n.points {
        edits.push((spans[k].clone(), format!("{:+}", n.points)));
    }
    if n.recorded_total.is_some_and(|t| t != n.total) {
        edits.push((spans[k + 1].clone(), n.total.to_string()));
    }
    let mut out = line.to_vec();
    for (span, text) in edits.iter().rev() {
        out.splice(span.clone(), text.bytes());
    }
    (out, edits.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_the_wrong_numbers_change_and_every_other_byte_stays() {
        let record = b"#player1 a A\r\n#player2 b B\r\n>a: AEINRST 8B RETAINS +64 64 RETAINS\r\n>b: -3 +0 0\r\n>a: DEFLOTW 13H .OWED +10 74\r\n>b: -  +0 0";
        let turns = [
            json!({"line": 3, "points": 66, "recorded_points": 64, "total": 66, "recorded_total": 64}),
            json!({"line": 4, "points": 0, "recorded_points": 0, "total": 0, "recorded_total": 0}),
            json!({"line": 5, "points": 10, "recorded_points": 10, "total": 76, "recorded_total": 74}),
            json!({"line": 6, "points": 0, "recorded_points": 0, "total": 0, "recorded_total": 0}),
        ];
        let (out, changed) = fix(record, &turns);
        assert_eq!(
            changed,
            Corrected {
                numbers: 3,
                on_illegal_plays: 0
            }
        );
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "#player1 a A\r\n#player2 b B\r\n>a: AEINRST 8B RETAINS +66 66 RETAINS\r\n>b: -3 +0 0\r\n>a: DEFLOTW 13H .OWED +10 76\r\n>b: -  +0 0"
        );
    }

    #[test]
    fn an_exchange_of_n_tiles_is_not_taken_for_the_points() {
        // `-2 -2 5`: an exchange of two tiles whose points were written -2 (wrong: 0).
        let n = Numbers {
            line: 1,
            points: 0,
            recorded_points: Some(-2),
            total: 7,
            recorded_total: Some(5),
            illegal: false,
        };
        let (out, k) = fix_line(b">b: -2 -2 5", &n);
        assert_eq!((out.as_slice(), k), (&b">b: -2 +0 7"[..], 2));
        // Numbers not written stay out; a line without them is kept.
        let n = Numbers {
            recorded_points: None,
            recorded_total: None,
            ..n
        };
        assert_eq!(fix_line(b">b: -2", &n), (b">b: -2".to_vec(), 0));
    }

    #[test]
    fn an_illegal_plays_points_become_the_rules_zero_and_are_counted_apart() {
        let record = b">a: AEINRST 8A RETAINS +66 66\n>a: AEINRST 8H AT +4 70\n";
        let turns = [
            json!({"line": 1, "points": 0, "recorded_points": 66, "total": 0,
                   "recorded_total": 66, "rejected": "the first move must cover H8"}),
            json!({"line": 2, "points": 4, "recorded_points": 4, "total": 4,
                   "recorded_total": 70, "rejected": null}),
        ];
        let (out, changed) = fix(record, &turns);
        assert_eq!(
            out,
            b">a: AEINRST 8A RETAINS +0 0\n>a: AEINRST 8H AT +4 4\n"
        );
        assert_eq!(
            changed,
            Corrected {
                numbers: 3,
                on_illegal_plays: 2
            }
        );
    }

    #[test]
    fn nothing_wrong_gives_the_same_bytes() {
        let right = [
            json!({"line": 1, "points": 5, "recorded_points": 5, "total": 5, "recorded_total": 5}),
        ];
        for bytes in [
            &b""[..],
            b">a: 8H CAT +5 5",
            b">a: 8H CAT +5 5\r\r\n\n\r",
            b"\xef\xbb\xbf>a: \xe9 +5 5\n\xff\xfe\x00",
            b"\r\n\r\n",
        ] {
            assert_eq!(fix(bytes, &right), (bytes.to_vec(), Corrected::default()));
            assert_eq!(fix(bytes, &[]), (bytes.to_vec(), Corrected::default()));
        }
    }

    #[test]
    fn lines_split_as_the_reader_counts_them() {
        let got: Vec<(&[u8], &[u8])> = lines(b"a\r\nb\rc\nd").collect();
        assert_eq!(
            got,
            [
                (&b"a"[..], &b"\r\n"[..]),
                (&b"b"[..], &b"\r"[..]),
                (&b"c"[..], &b"\n"[..]),
                (&b"d"[..], &b""[..])
            ]
        );
    }
}
