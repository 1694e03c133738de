//! Word frequencies: a set's words with their occurrences in the books, the number of books
//! they occur in, their relative frequency and their Zipf value, as `folio words export
//! --counts` writes them (CSV or TSV).
//!
//! - **relative frequency** = count / total, where total is the sum of the counts map (the
//!   occurrences of every word *in the set*, so a cleaned list's frequencies still sum to 1);
//! - **Zipf** = log10(relative frequency × 10⁹): the base-10 logarithm of the frequency per
//!   billion words, as wordfreq defines it (`zipf_frequency`, after van Heuven et al.'s
//!   scale: 3 is a word seen once in a million words, 6 once in a thousand).
//!
//! ```
//! use folio_lexicon::query::frequency::{zipf, Frequency};
//! // CAT 3 and DOG 1: CAT is 3/4 of the occurrences, log10(0.75e9) = 8.875...
//! assert!((zipf(3, 4) - 8.875_061_263_391_7).abs() < 1e-12);
//! let row = Frequency::new("CAT".into(), 3, Some(2), 4);
//! assert_eq!(row.csv(), "CAT,3,2,0.75,8.8751");
//! ```

use std::io::Write;

use fst::{IntoStreamer, Streamer};

use crate::set::counts::CountsMap;
use crate::set::WordSet;

/// The Zipf value of a word seen `count` times among `total` occurrences: log10 of its
/// frequency per billion words (wordfreq's definition). `-inf` for a count of 0.
pub fn zipf(count: u64, total: u64) -> f64 {
    ((count as f64 / total.max(1) as f64) * 1e9).log10()
}

/// Output formats of a frequency list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// RFC 4180 comma-separated values, with a header line.
    Csv,
    /// Tab-separated values, with a header line.
    Tsv,
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Format, String> {
        match s {
            "csv" => Ok(Format::Csv),
            "tsv" => Ok(Format::Tsv),
            other => Err(format!(
                "unknown format {} (expected csv or tsv)",
                folio_core::quote::quoted(other)
            )),
        }
    }
}

/// The columns, in order, as the header line names them.
pub const COLUMNS: [&str; 5] = ["word", "count", "books", "relative_frequency", "zipf"];

/// One word of a frequency list.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Frequency {
    /// The word key.
    pub word: String,
    /// Occurrences in the books.
    pub count: u64,
    /// Books it occurs in (`None` when the set has no books map).
    pub books: Option<u64>,
    /// count / total.
    pub relative_frequency: f64,
    /// log10(relative frequency × 10⁹).
    pub zipf: f64,
}

impl Frequency {
    /// The row of `word` seen `count` times among `total`.
    pub fn new(word: String, count: u64, books: Option<u64>, total: u64) -> Frequency {
        Frequency {
            word,
            count,
            books,
            relative_frequency: count as f64 / total.max(1) as f64,
            zipf: zipf(count, total),
        }
    }

    /// The row's fields as written in CSV and TSV. A value that is no number (the Zipf
    /// value of a count of 0, `-inf`) is an empty field, as JSON writes it `null`: no
    /// spreadsheet or CSV reader takes `-inf` or `NaN` as a number.
    fn fields(&self) -> [String; 5] {
        let number = |x: f64, text: String| if x.is_finite() { text } else { String::new() };
        [
            self.word.clone(),
            self.count.to_string(),
            self.books.map(|b| b.to_string()).unwrap_or_default(),
            number(
                self.relative_frequency,
                format!("{}", self.relative_frequency),
            ),
            number(self.zipf, format!("{:.4}", self.zipf)),
        ]
    }

    /// The row as a CSV line (no line end); a field with `,`, `"` or a line break quoted.
    pub fn csv(&self) -> String {
        self.fields().map(|f| csv_field(&f)).join(",")
    }

    /// The row as a TSV line (no line end); control characters escaped.
    pub fn tsv(&self) -> String {
        self.fields()
            .map(|f| {
                f.chars()
                    .map(|c| {
                        if c.is_control() {
                            c.escape_default().to_string()
                        } else {
                            c.to_string()
                        }
                    })
                    .collect::<String>()
            })
            .join("\t")
    }
}

fn csv_field(f: &str) -> String {
    if f.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", f.replace('"', "\"\""))
    } else {
        f.to_string()
    }
}

/// Every word of `set` with its count from `counts` (0 when absent), its books from `books`
/// and its frequencies, in key order. Total: the sum of `counts`.
pub fn frequencies(set: &WordSet, counts: &CountsMap, books: Option<&CountsMap>) -> Vec<Frequency> {
    let total = counts.total();
    let mut out = Vec::with_capacity(set.len());
    let mut stream = set.as_fst_set().into_stream();
    while let Some(k) = stream.next() {
        let count = counts.get(k).unwrap_or(0);
        let b = books.and_then(|m| m.get(k));
        out.push(Frequency::new(
            String::from_utf8_lossy(k).into_owned(),
            count,
            b,
            total,
        ));
    }
    out
}

/// Writes `rows` with a header line in `format`.
///
/// # Errors
/// Any error of `w`.
pub fn write_rows<W: Write>(rows: &[Frequency], format: Format, mut w: W) -> std::io::Result<()> {
    let sep = match format {
        Format::Csv => ",",
        Format::Tsv => "\t",
    };
    writeln!(w, "{}", COLUMNS.join(sep))?;
    for r in rows {
        match format {
            Format::Csv => writeln!(w, "{}", r.csv())?,
            Format::Tsv => writeln!(w, "{}", r.tsv())?,
        }
    }
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zipf_is_log10_per_billion() {
        // Hand-computed: 1 in 1000 words is 10^6 per billion: Zipf 6.
        assert!((zipf(1, 1000) - 6.0).abs() < 1e-12);
        // Once in a billion words: 0; once in a million: 3.
        assert!((zipf(1, 1_000_000) - 3.0).abs() < 1e-12);
        assert!((zipf(1, 1_000_000_000) - 0.0).abs() < 1e-12);
        assert!((zipf(5, 5) - 9.0).abs() < 1e-12);
        assert_eq!(zipf(0, 5), f64::NEG_INFINITY);
    }

    #[test]
    fn csv_quotes_only_what_needs_it() {
        let r = Frequency::new("A,\"B\"".into(), 1, None, 2);
        assert_eq!(r.csv(), "\"A,\"\"B\"\"\",1,,0.5,8.6990");
        assert_eq!(r.tsv(), "A,\"B\"\t1\t\t0.5\t8.6990");
    }

    #[test]
    fn a_value_that_is_no_number_is_an_empty_field_as_json_null() {
        let r = Frequency::new("CAT".into(), 0, Some(0), 0);
        assert_eq!(r.zipf, f64::NEG_INFINITY);
        assert_eq!(r.csv(), "CAT,0,0,0,");
        assert_eq!(r.tsv(), "CAT\t0\t0\t0\t");
        let json = serde_json::to_value(&r).unwrap();
        assert!(json["zipf"].is_null());
        let nan = Frequency {
            relative_frequency: f64::NAN,
            ..r
        };
        assert_eq!(nan.csv(), "CAT,0,0,,");
    }
}
