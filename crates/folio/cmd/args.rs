//! Value parsers for options whose zero would be accepted and mean nothing: clap reports a
//! refused value as a usage error naming the option (exit 2), with the reason given here.

/// Parses a whole number of at least 1; `why_not_zero` says what 0 would (not) mean.
fn at_least_one<T>(s: &str, why_not_zero: &str) -> Result<T, String>
where
    T: std::str::FromStr + PartialEq + From<u8>,
    T::Err: std::fmt::Display,
{
    let n: T = s.trim().parse().map_err(|e| format!("{e}"))?;
    if n == T::from(0) {
        return Err(format!("must be at least 1: {why_not_zero}"));
    }
    Ok(n)
}

/// `--min-len N`: a word has at least one letter.
pub fn min_len(s: &str) -> Result<usize, String> {
    at_least_one(
        s,
        "every word has at least one letter, so 0 would be no limit (leave the option out)",
    )
}

/// `--max-len N`: a word has at least one letter, and no key is longer than
/// [`folio_lexicon::policy::MAX_KEY_LEN`] characters (it bounds the set builders' memory).
pub fn max_len(s: &str) -> Result<usize, String> {
    let n = at_least_one(
        s,
        "every word has at least one letter, so 0 would keep no word",
    )?;
    let most = folio_lexicon::policy::MAX_KEY_LEN;
    if n > most {
        return Err(format!(
            "at most {most}: no word set holds a key longer than {most} characters"
        ));
    }
    Ok(n)
}

/// `--limit N` of a listing query.
pub fn limit(s: &str) -> Result<usize, String> {
    at_least_one(
        s,
        "0 would print no word (--count prints only the number found)",
    )
}

/// `folio moves --limit N`: the plays are a table, not a word list, and `-q` (not
/// `--count`, which moves has not) is how to see only their number.
pub fn moves_limit(s: &str) -> Result<usize, String> {
    at_least_one(
        s,
        "0 would print no play (-q prints only the summary line with the count)",
    )
}

/// `folio moves --turn N`: turns count from 1 (0 was reported as "past its end").
pub fn turn(s: &str) -> Result<usize, String> {
    at_least_one(
        s,
        "turns count from 1 (--turn 1 is the position before the first event)",
    )
}

/// `--min-count N`: a word read from the books occurs at least once.
pub fn min_count(s: &str) -> Result<u64, String> {
    at_least_one(
        s,
        "every word read occurs at least once, so 0 would keep the same words as 1 (the default)",
    )
}

/// `--min-books N`: a word read occurs in at least one book.
pub fn min_books(s: &str) -> Result<usize, String> {
    at_least_one(
        s,
        "every word read occurs in at least one book, so 0 would keep the same words as 1 \
         (the default)",
    )
}

/// `folio words compare --limit N`: how many of the most frequent words only in each set
/// are shown; `-q` (not 0) is how to see only the summary.
pub fn compare_limit(s: &str) -> Result<usize, String> {
    at_least_one(
        s,
        "0 would list no word (-q prints only the summary: sizes, shared, only in each, \
         Jaccard)",
    )
}

/// `folio words export --counts --min-books N`: every word of a set with a books map occurs
/// in at least one book.
pub fn export_min_books(s: &str) -> Result<u64, String> {
    at_least_one(
        s,
        "every word occurs in at least one book, so 0 would keep the same words as 1 (leave \
         the option out)",
    )
}

/// `folio words top N`: the number of words listed.
pub fn top_n(s: &str) -> Result<usize, String> {
    at_least_one(s, "0 would list no word")
}

/// A FreeCell deal number: any `i64` (the deal's own range, 1..=2^33-1 or -1 and -2, is
/// judged by `folio_freecell::deal`); a number past `i64` is out of range in those words,
/// not clap's "number too large to fit in target type".
pub fn deal_number(s: &str) -> Result<i64, String> {
    let range = format!(
        "1..={}, or the joke deals -1 and -2",
        folio_freecell::deal::MAX_DEAL
    );
    s.trim().parse().map_err(|e: std::num::ParseIntError| {
        use std::num::IntErrorKind::{NegOverflow, PosOverflow};
        match e.kind() {
            PosOverflow | NegOverflow => format!("deal {s} is out of range (deals are {range})"),
            _ => format!("a deal is a number ({range})"),
        }
    })
}

/// `-o OUT` of a command that writes files (fst sets with their counts and manifest beside
/// them, a GCG record): `-` is refused rather than taken for a file named `-` (standard
/// output cannot hold them; `-` means standard input or output everywhere else).
///
/// Any path the system takes, UTF-8 or not: a parser of `OsString`s, as `PathBuf` is.
pub fn output_file() -> impl clap::builder::TypedValueParser<Value = std::path::PathBuf> {
    use clap::builder::TypedValueParser;
    clap::builder::OsStringValueParser::new().try_map(output_path)
}

/// `--svg OUT` of `folio render`: one picture, so `-` is standard output, as a reader of
/// the picture (`| rsvg-convert`, a web server's CGI) expects; any other path as
/// [`output_file`].
pub fn picture_output() -> impl clap::builder::TypedValueParser<Value = std::path::PathBuf> {
    use clap::builder::TypedValueParser;
    clap::builder::OsStringValueParser::new().try_map(|s| {
        if s == "-" {
            Ok(std::path::PathBuf::from("-"))
        } else {
            output_path(s)
        }
    })
}

fn output_path(s: std::ffi::OsString) -> Result<std::path::PathBuf, String> {
    // An unset variable (`--svg "$OUT"`): refused before any work, not after it.
    if s.is_empty() {
        return Err("an empty path names no file; name one".into());
    }
    if s == "-" {
        return Err(
            "`-` is not taken for standard output here: this option writes a file \
                    (a word set beside its counts and manifest, a GCG record, an HTML \
                    report); name one, or /dev/stdout to write through to standard \
                    output"
                .into(),
        );
    }
    Ok(s.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_is_refused_with_a_reason_and_others_pass() {
        assert_eq!(min_len("3"), Ok(3));
        assert_eq!(min_count("1"), Ok(1));
        let e = min_len("0").unwrap_err();
        assert!(e.starts_with("must be at least 1: every word has"), "{e}");
        assert!(min_books("0").unwrap_err().contains("at least one book"));
        assert!(top_n("x").is_err());
        assert!(max_len("0").unwrap_err().contains("keep no word"));
        assert!(limit("0").unwrap_err().contains("--count"));
        assert!(compare_limit("0")
            .unwrap_err()
            .contains("-q prints only the summary"));
        assert_eq!(compare_limit("3"), Ok(3));
        assert!(export_min_books("0")
            .unwrap_err()
            .contains("at least one book"));
        assert!(min_count("-1").is_err());
        assert!(output_path("-".into())
            .unwrap_err()
            .contains("standard output"));
        assert_eq!(output_path("-x.fst".into()), Ok("-x.fst".into()));
        assert!(output_path("".into()).unwrap_err().contains("empty path"));
        assert_eq!(deal_number("-2"), Ok(-2));
        assert!(deal_number("99999999999999999999")
            .unwrap_err()
            .starts_with("deal 99999999999999999999 is out of range (deals are 1..=8589934591"));
        assert!(deal_number("x")
            .unwrap_err()
            .starts_with("a deal is a number"));
    }
}

/// The smallest `--memory` budget: one bucket of a batch's counting tables (below it every
/// book would be a run of its own, and runs of a few entries each); the budget the tests
/// measure peak memory at (docs/ingest-scale.md).
pub const MEMORY_MIN: u64 = 1 << 20;

/// The largest `--memory` budget where the machine's physical memory cannot be read: 1 PiB,
/// past any machine folio runs on.
pub const MEMORY_CEILING: u64 = 1 << 50;

/// The machine's physical memory in bytes (`MemTotal` of `/proc/meminfo`), where it can be
/// read.
fn physical_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find_map(|l| l.strip_prefix("MemTotal:"))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kib.checked_mul(1024)
}

/// A byte count for people: `1.5G`, `512M`, `2048` (powers of 1024, as `--memory` reads).
fn shown_size(bytes: u64) -> String {
    let mut value = bytes as f64;
    for unit in ["", "K", "M", "G", "T", "P"] {
        if value < 1024.0 || unit == "P" {
            return if unit.is_empty() {
                format!("{bytes}")
            } else {
                format!("{}{unit}", (value * 10.0).floor() / 10.0)
            };
        }
        value /= 1024.0;
    }
    unreachable!("the loop returns at P")
}

/// `--memory SIZE`: bytes, or a number with `K`, `M`, `G`, `T` or `P` (powers of 1024;
/// `512M`, `2G`, `1.5G`), from [`MEMORY_MIN`] to the machine's physical memory
/// ([`memory_size_within`]).
pub fn memory_size(s: &str) -> Result<u64, String> {
    memory_size_within(s, physical_memory())
}

/// `--memory SIZE` read against a machine of `physical` bytes (`None`: unknown, then
/// [`MEMORY_CEILING`]). A budget past physical memory never spills a run before the machine
/// swaps or the kernel kills the run: it would be an unbounded run that fails later.
pub fn memory_size_within(s: &str, physical: Option<u64>) -> Result<u64, String> {
    let t = s.trim();
    let (num, unit) = match t.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((i, _)) => (&t[..i], &t[i..]),
        None => (t, ""),
    };
    let not_a_size = || {
        format!(
            "{} is not a size (512M, 2G, 1048576)",
            folio_core::quote::quoted(s)
        )
    };
    // No number at all (`abc`): not a size, whatever its letters.
    if num.trim().is_empty() {
        return Err(not_a_size());
    }
    let shift = match unit.to_ascii_uppercase().trim_end_matches(['B', 'I']) {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        "P" => 50,
        // Named as typed (`12q`: "q", not "Q"), so the user finds it in the command.
        _ => {
            return Err(format!(
                "unknown unit {}: give bytes or K, M, G, T, P (512M, 2G)",
                folio_core::quote::quoted(unit)
            ))
        }
    };
    let n: f64 = num.trim().parse().map_err(|_| not_a_size())?;
    let bytes = n * (1u64 << shift) as f64;
    if bytes.is_nan() || bytes < MEMORY_MIN as f64 {
        return Err(format!(
            "at least {}: the budget holds the counting tables of a batch of books, and \
             below 1M every book would be a run of its own",
            shown_size(MEMORY_MIN)
        ));
    }
    let most = physical.unwrap_or(MEMORY_CEILING);
    if bytes > most as f64 {
        let whose = if physical.is_some() {
            "this machine's physical memory"
        } else {
            "1P, past any machine's memory"
        };
        return Err(format!(
            "at most {} ({whose}): a larger budget never spills a run to disk before the \
             machine runs out of memory; leave --memory out for an unbounded run",
            shown_size(most)
        ));
    }
    Ok(bytes as u64)
}

#[cfg(test)]
mod memory_tests {
    use super::{memory_size, memory_size_within};

    #[test]
    fn sizes_read_with_units_and_refuse_below_one_mebibyte() {
        assert_eq!(memory_size("512M"), Ok(512 << 20));
        assert_eq!(memory_size("1MiB"), Ok(1 << 20));
        assert_eq!(memory_size("1048576"), Ok(1 << 20));
        let big = Some(1 << 40);
        assert_eq!(memory_size_within("2G", big), Ok(2 << 30));
        assert_eq!(memory_size_within("1.5g", big), Ok(3 << 29));
        for small in ["0", "1", "1K", "1023K", "0.5M", "-3G"] {
            let e = memory_size_within(small, big).unwrap_err();
            assert!(e.starts_with("at least 1M: "), "{small}: {e}");
        }
        assert!(memory_size("12Q").unwrap_err().contains("unknown unit"));
        assert!(memory_size("lots").is_err());
    }

    /// A message quotes what the user typed, as typed: `12q` is not shown as `"Q"`, and
    /// letters without a number are not a size rather than a unit.
    #[test]
    fn a_bad_size_is_echoed_as_typed() {
        assert_eq!(
            memory_size("12qb").unwrap_err(),
            "unknown unit \"qb\": give bytes or K, M, G, T, P (512M, 2G)"
        );
        assert_eq!(
            memory_size("abc").unwrap_err(),
            "\"abc\" is not a size (512M, 2G, 1048576)"
        );
        assert_eq!(
            memory_size("1.2.3m").unwrap_err(),
            "\"1.2.3m\" is not a size (512M, 2G, 1048576)"
        );
        assert!(memory_size("NaNM").is_err());
    }

    #[test]
    fn sizes_past_physical_memory_are_refused() {
        let e = memory_size_within("17G", Some(16 << 30)).unwrap_err();
        assert!(
            e.starts_with("at most 16G (this machine's physical memory)"),
            "{e}"
        );
        assert_eq!(memory_size_within("16G", Some(16 << 30)), Ok(16 << 30));
        let e = memory_size_within("1.5P", None).unwrap_err();
        assert!(e.starts_with("at most 1P (1P, past any"), "{e}");
        for huge in ["10P", "99999999999999999999", "inf", "1e300"] {
            assert!(memory_size_within(huge, None).is_err(), "{huge}");
        }
    }
}
