//! JSON in and out, in the shape of `../shared/games/kenken/*.jsonl`:
//! `{"size": N, "cages": [{"op": "+|-|x|/|=", "target": T, "cells": [[row, col], ...]}],
//! "solution": [[...], ...]}`, rows and columns 0-based, `solution` optional. Other fields
//! (`id`, `difficulty`, sources) are ignored on input.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserializer, IgnoredAny, SeqAccess, Visitor};
use serde::Deserialize;

use crate::error::{ParseError, ParseErrorKind, PuzzleError};
use crate::puzzle::{Cage, Op, Puzzle, MAX_SIZE, MIN_SIZE};

/// The most cells a puzzle has (16x16): so the most cages, and the most cells of a cage.
const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

#[derive(Deserialize)]
struct JsonPuzzle {
    size: Size,
    cages: Capped<JsonCage, Cages>,
    #[serde(default)]
    solution: Option<Capped<Capped<u8, Digits>, Rows>>,
    #[serde(default)]
    difficulty: Loose,
    #[serde(default)]
    id: Loose,
}

#[derive(Deserialize)]
struct JsonCage {
    op: String,
    target: Target,
    cells: Capped<[usize; 2], Cells>,
}

/// How long one JSON array of a puzzle may be, and what it holds (for the message).
trait Cap {
    const MAX: usize;
    const WHAT: &'static str;
}
/// The caps, as data: a marker type per array, its limit and what it holds.
macro_rules! caps {
    ($($name:ident: $max:expr, $what:literal;)*) => {
        $(
            struct $name;
            impl Cap for $name {
                const MAX: usize = $max;
                const WHAT: &'static str = $what;
            }
        )*
    };
}

caps! {
    Cages: MAX_CELLS, "cages (a puzzle of at most 16x16 has at most 256)";
    Cells: MAX_CELLS, "cells in a cage (a puzzle of at most 16x16 has at most 256)";
    Rows: MAX_SIZE, "rows in the solution (at most 16)";
    Digits: MAX_SIZE, "digits in a solution row (at most 16)";
}

/// A JSON array of at most `C::MAX` items, refused at the item past that while it is read:
/// a 60 MB file of a million cages is refused at once, never held (it once took 1.8 GB).
struct Capped<T, C>(Vec<T>, PhantomData<C>);

impl<'de, T: Deserialize<'de>, C: Cap> Deserialize<'de> for Capped<T, C> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Seq<T, C>(PhantomData<(T, C)>);
        impl<'de, T: Deserialize<'de>, C: Cap> Visitor<'de> for Seq<T, C> {
            type Value = Capped<T, C>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "an array of at most {} {}", C::MAX, C::WHAT)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element()? {
                    if items.len() == C::MAX {
                        return Err(de::Error::custom(format_args!(
                            "more than {} {}",
                            C::MAX,
                            C::WHAT
                        )));
                    }
                    items.push(item);
                }
                Ok(Capped(items, PhantomData))
            }
        }
        d.deserialize_seq(Seq(PhantomData))
    }
}

/// `size`, checked where it is read so that an error points at the value (a size out of
/// range, a fraction or a negative number), not at the start of the file.
struct Size(usize);

/// A cage's `target`: a whole number that fits in 64 bits (`1e23`, `-3` and `2.5` are
/// refused where they stand, with what a target is).
struct Target(u64);

/// Reads a JSON number as a whole number; anything else is refused with `what` it is.
fn whole<'de, D: Deserializer<'de>>(d: D, what: &'static str) -> Result<u64, D::Error> {
    struct Whole(&'static str);
    impl Visitor<'_> for Whole {
        type Value = u64;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(self.0)
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
            Ok(v)
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
            u64::try_from(v).map_err(|_| E::custom(format_args!("{v} is not {}", self.0)))
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<u64, E> {
            // `1e23`, not its 24 digits (or 300 of them for 1e300).
            if v.abs() < 1e15 {
                Err(E::custom(format_args!("{v} is not {}", self.0)))
            } else {
                Err(E::custom(format_args!("{v:e} is not {}", self.0)))
            }
        }
    }
    d.deserialize_any(Whole(what))
}

impl<'de> Deserialize<'de> for Size {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let size = whole(d, "a size: a whole number from 1 to 16")?;
        match usize::try_from(size) {
            Ok(size) if (MIN_SIZE..=MAX_SIZE).contains(&size) => Ok(Size(size)),
            _ => Err(de::Error::custom(PuzzleError::Size {
                size: usize::try_from(size).unwrap_or(usize::MAX),
            })),
        }
    }
}

impl<'de> Deserialize<'de> for Target {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        whole(d, "a target: a whole number from 0 to 18446744073709551615").map(Target)
    }
}

/// serde_json's message without the " at line L column C" it appends: the error carries
/// the place already.
fn json_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let place = format!(" at line {} column {}", e.line(), e.column());
    match text.strip_suffix(&place) {
        Some(bare) => bare.to_string(),
        None => text,
    }
}

/// A field read for its text when it is a string (`id`, `difficulty`), and skipped
/// without being held when it is anything else.
#[derive(Default)]
struct Loose(Option<String>);

impl<'de> Deserialize<'de> for Loose {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Any;
        impl<'de> Visitor<'de> for Any {
            type Value = Loose;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Loose, E> {
                Ok(Loose(Some(s.to_string())))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<Loose, E> {
                Ok(Loose(None))
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<Loose, E> {
                Ok(Loose(None))
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<Loose, E> {
                Ok(Loose(None))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<Loose, E> {
                Ok(Loose(None))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Loose, E> {
                Ok(Loose(None))
            }
            fn visit_none<E: de::Error>(self) -> Result<Loose, E> {
                Ok(Loose(None))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Loose, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(Loose(None))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Loose, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(Loose(None))
            }
        }
        d.deserialize_any(Any)
    }
}

/// A puzzle read from JSON, with the solution it carries, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonEntry {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The `solution` field: N² digits, row-major; checked to solve the puzzle.
    pub solution: Option<Vec<u8>>,
    /// The `difficulty` field, when it is a string (`"hard"`).
    pub difficulty: Option<String>,
    /// The `id` field, when it is a string.
    pub id: Option<String>,
}

/// Parses one puzzle from JSON. Never panics.
///
/// # Errors
/// JSON that does not parse or lacks a field (serde's line and column), a `size` outside
/// 1..=16 or a `target` that is not a whole number of 64 bits (at the value), an array longer
/// than any puzzle needs (more than 256 cages, 256 cells in a cage, 16 solution rows or 16
/// digits in one: refused where it is read, before the rest is held), an unknown `op`, a
/// cell outside the grid, a solution of the wrong shape or that does not solve the puzzle,
/// or cages that make no puzzle (reported at 1:1, naming the cage by its 1-based place in
/// `cages`).
pub fn parse_json(text: &str) -> Result<JsonEntry, ParseError> {
    let j: JsonPuzzle = serde_json::from_str(text).map_err(|e| {
        ParseError::new(
            e.line().max(1),
            e.column().max(1),
            ParseErrorKind::Json(json_message(&e)),
        )
    })?;
    let at = |kind: ParseErrorKind| ParseError::new(1, 1, kind);
    let n = j.size.0;
    let mut cages = Vec::with_capacity(j.cages.0.len());
    for (k, c) in j.cages.0.iter().enumerate() {
        let op = Op::from_symbol(&c.op)
            .ok_or_else(|| at(ParseErrorKind::Op(format!("{:?} (cage {})", c.op, k + 1))))?;
        let mut cells = Vec::with_capacity(c.cells.0.len());
        for &[r, col] in &c.cells.0 {
            if r >= n || col >= n {
                return Err(at(ParseErrorKind::Layout(format!(
                    "cage {}: cell [{r}, {col}] is outside the {n}x{n} grid",
                    k + 1
                ))));
            }
            cells.push(r * n + col);
        }
        cages.push(Cage::new(op, c.target.0, cells));
    }
    let puzzle = Puzzle::new(n, cages).map_err(|e| at(e.into()))?;
    let solution = match j.solution {
        None => None,
        Some(Capped(rows, _)) => {
            if rows.len() != n || rows.iter().any(|r| r.0.len() != n) {
                return Err(at(ParseErrorKind::Layout(format!(
                    "the solution is not {n} rows of {n} digits"
                ))));
            }
            let digits: Vec<u8> = rows.into_iter().flat_map(|r| r.0).collect();
            // A stored solution is the puzzle's answer: one that breaks a rule (all ones)
            // was once printed beside the real one and copied by `convert`.
            let violations = crate::check(&puzzle, &digits);
            if let Some(v) = violations.first() {
                return Err(at(ParseErrorKind::WrongSolution {
                    first: format!("{}: {}: {v}", v.cell().name(), v.rule()),
                    count: violations.len(),
                }));
            }
            Some(digits)
        }
    };
    Ok(JsonEntry {
        puzzle,
        solution,
        difficulty: j.difficulty.0,
        id: j.id.0,
    })
}

/// The puzzle as JSON (`size`, `cages`), plus `solution` as rows when given.
pub fn to_json(puzzle: &Puzzle, solution: Option<&[u8]>) -> serde_json::Value {
    let n = puzzle.size();
    let cages: Vec<serde_json::Value> = puzzle
        .cages()
        .iter()
        .map(|c| {
            let cells: Vec<[usize; 2]> = c.cells.iter().map(|&i| [i / n, i % n]).collect();
            serde_json::json!({"op": c.op.symbol().to_string(), "target": c.target, "cells": cells})
        })
        .collect();
    let mut v = serde_json::json!({"size": n, "cages": cages});
    if let Some(s) = solution {
        let rows: Vec<&[u8]> = s.chunks(n).collect();
        v["solution"] = serde_json::json!(rows);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let p = crate::parse_keen_id("3de:_aba_3a,s1m3a5m3").unwrap().puzzle;
        let sol = [2, 1, 3, 3, 2, 1, 1, 3, 2];
        let v = to_json(&p, Some(&sol));
        let back = parse_json(&v.to_string()).unwrap();
        assert_eq!(back.puzzle, p);
        assert_eq!(back.solution.as_deref(), Some(&sol[..]));
        let e = parse_json("{\"size\": 3,\n \"cages\": 7}").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(parse_json("{\"size\": 0, \"cages\": []}").is_err());
        // A size out of range, or a target that is no whole number, is located at its
        // value, and the message says so once.
        let e = parse_json("{\"size\": 1000000000, \"cages\": []}").unwrap_err();
        assert_eq!((e.line, e.col), (1, 19), "{e}");
        assert!(
            e.to_string().contains("size 1000000000 is out of range"),
            "{e}"
        );
        let e = parse_json(
            "{\"size\": 4,\n \"cages\": [{\"op\":\"+\",\"target\":1e23,\"cells\":[[0,0]]}]}",
        )
        .unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(e.to_string().contains("1e23 is not a target"), "{e}");
        assert!(!e.to_string().contains("at line"), "{e}");
        let e = parse_json("{\"size\": 2.5, \"cages\": []}").unwrap_err();
        assert!(e.to_string().contains("2.5 is not a size"), "{e}");
        let e = parse_json(
            "{\"size\": 3, \"cages\": [{\"op\":\"+\",\"target\":-3,\"cells\":[[0,0]]}]}",
        )
        .unwrap_err();
        assert!(e.to_string().contains("-3 is not a target"), "{e}");
        assert!(parse_json(
            "{\"size\": 2, \"cages\": [{\"op\":\"+\",\"target\":3,\"cells\":[[0,9]]}]}"
        )
        .is_err());
    }

    #[test]
    fn arrays_longer_than_any_puzzle_are_refused_while_read() {
        let cage = r#"{"op":"+","target":3,"cells":[[0,0]]}"#;
        let many = format!(r#"{{"size":4,"cages":[{}]}}"#, vec![cage; 300].join(","));
        let e = parse_json(&many).unwrap_err();
        assert!(e.to_string().contains("more than 256 cages"), "{e}");
        // Refused at the 257th cage, not at the end of the array.
        let at = many.find(&vec![cage; 257].join(",")).unwrap() + 257 * (cage.len() + 1) - 1;
        assert!((e.col as usize) <= at + 1, "{e} (257th cage ends at {at})");
        let cells = format!(
            r#"{{"size":4,"cages":[{{"op":"+","target":3,"cells":[{}]}}]}}"#,
            vec!["[0,0]"; 257].join(",")
        );
        let e = parse_json(&cells).unwrap_err();
        assert!(
            e.to_string().contains("more than 256 cells in a cage"),
            "{e}"
        );
        let rows = format!(
            r#"{{"size":1,"cages":[{{"op":"=","target":1,"cells":[[0,0]]}}],"solution":[{}]}}"#,
            vec!["[1]"; 17].join(",")
        );
        let e = parse_json(&rows).unwrap_err();
        assert!(e.to_string().contains("more than 16 rows"), "{e}");
        // `id` and `difficulty` of other types are skipped, not held nor refused.
        let other = r#"{"size":1,"cages":[{"op":"=","target":1,"cells":[[0,0]]}],"id":[[1,2],{"a":3}],"difficulty":"hard"}"#;
        let j = parse_json(other).unwrap();
        assert_eq!((j.id, j.difficulty.as_deref()), (None, Some("hard")));
    }

    #[test]
    fn a_stored_solution_that_does_not_solve_the_puzzle_is_refused() {
        let p = crate::parse_keen_id("3de:_aba_3a,s1m3a5m3").unwrap().puzzle;
        let mut v = to_json(&p, Some(&[1; 9]));
        let e = parse_json(&v.to_string()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "1:1: the stored \"solution\" does not solve the puzzle: A1: row-duplicate: \
             1 appears 3 times in row 1 (A1 B1 C1) (10 violations in all)",
        );
        v["solution"] = serde_json::json!([[2, 1, 3], [3, 2, 1], [1, 3, 2]]);
        assert!(parse_json(&v.to_string()).is_ok());
    }
}
