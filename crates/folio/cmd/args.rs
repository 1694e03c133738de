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

/// `folio words top N`: the number of words listed.
pub fn top_n(s: &str) -> Result<usize, String> {
    at_least_one(s, "0 would list no word")
}

/// `-o OUT` of a command that writes files (fst sets with their counts and manifest beside
/// them, a GCG record): `-` is refused rather than taken for a file named `-` (standard
/// output cannot hold them; `-` means standard input or output everywhere else).
pub fn output_file(s: &str) -> Result<std::path::PathBuf, String> {
    if s == "-" {
        return Err(
            "`-` is not taken for standard output here: this option writes a file \
                    (a word set beside its counts and manifest, a GCG record, an HTML or \
                    SVG picture); name one, or /dev/stdout to write through to standard \
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
        assert!(min_count("-1").is_err());
        assert!(output_file("-").unwrap_err().contains("standard output"));
        assert_eq!(output_file("-x.fst"), Ok("-x.fst".into()));
    }
}

/// `--memory SIZE`: bytes, or a number with `K`, `M`, `G` or `T` (powers of 1024; `512M`,
/// `2G`, `1.5G`), at least 1 MiB (below that every book is a run of its own anyway).
pub fn memory_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let (num, unit) = match t.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((i, _)) => (&t[..i], t[i..].to_ascii_uppercase()),
        None => (t, String::new()),
    };
    let shift = match unit.trim_end_matches(['B', 'I']) {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => {
            return Err(format!(
                "unknown unit {unit:?}: give bytes or K, M, G, T (512M, 2G)"
            ))
        }
    };
    let n: f64 = num
        .trim()
        .parse()
        .map_err(|_| format!("{s:?} is not a size (512M, 2G, 1048576)"))?;
    let bytes = n * (1u64 << shift) as f64;
    if bytes.is_nan() || bytes < (1u64 << 20) as f64 || !bytes.is_finite() {
        return Err("at least 1M: the budget holds the counting tables of a batch of books".into());
    }
    Ok(bytes as u64)
}

#[cfg(test)]
mod memory_tests {
    use super::memory_size;

    #[test]
    fn sizes_read_with_units_and_refuse_below_one_mebibyte() {
        assert_eq!(memory_size("512M"), Ok(512 << 20));
        assert_eq!(memory_size("2G"), Ok(2 << 30));
        assert_eq!(memory_size("1.5g"), Ok(3 << 29));
        assert_eq!(memory_size("1MiB"), Ok(1 << 20));
        assert_eq!(memory_size("1048576"), Ok(1 << 20));
        assert!(memory_size("1K").unwrap_err().contains("at least 1M"));
        assert!(memory_size("12Q").unwrap_err().contains("unknown unit"));
        assert!(memory_size("lots").is_err());
        assert!(memory_size("NaNM").is_err());
    }
}
