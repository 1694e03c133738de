//! Writes a synthetic corpus for `make bench-scale`: books whose words are drawn by Zipf's
//! law over the shared books' own vocabulary (ranked by their counts map), extended past it
//! by made-up words (two real words' halves joined), so the vocabulary keeps growing with the
//! corpus as a real library's does. Streaming and seeded: the same arguments give the same
//! bytes.
//!
//! `synth_corpus COUNTS.fst OUT_DIR TOTAL_BYTES [BOOK_BYTES]`

use std::io::Write;

use folio_core::rng::SplitMix64;
use folio_lexicon::fst::{IntoStreamer, Map, Streamer};

/// Ranks past the real vocabulary: the extended vocabulary is this many times larger.
const EXTEND: usize = 200;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: synth_corpus COUNTS.fst OUT_DIR TOTAL_BYTES [BOOK_BYTES]");
        std::process::exit(2);
    }
    let map = Map::new(std::fs::read(&args[1])?)?;
    let out = std::path::Path::new(&args[2]);
    let total: u64 = args[3].parse()?;
    let book_bytes: u64 = args.get(4).map_or(Ok(3_000_000), |s| s.parse())?;
    // The real words, most frequent first, in lower case (as running text has them).
    let mut words: Vec<(u64, String)> = Vec::new();
    let mut s = map.into_stream();
    while let Some((k, n)) = s.next() {
        words.push((n, String::from_utf8_lossy(k).to_lowercase()));
    }
    words.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    let words: Vec<String> = words.into_iter().map(|(_, w)| w).collect();
    let real = words.len();
    let vocab = (real * EXTEND) as f64;
    std::fs::create_dir_all(out)?;
    let mut rng = SplitMix64::new(0x5CA1E);
    let mut written = 0u64;
    let mut book = 0u64;
    let mut line = String::with_capacity(256);
    while written < total {
        let path = out.join(format!("synth{book:06}.txt"));
        let mut w = std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(path)?);
        let mut n = 0u64;
        let mut in_line = 0;
        while n < book_bytes {
            // Zipf with exponent 1 by inverse transform of its continuous form: rank =
            // vocab^u, u uniform in [0, 1).
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            let rank = (vocab.powf(u) as usize).saturating_sub(1);
            if rank < real {
                line.push_str(&words[rank]);
            } else {
                let a = &words[rank % real];
                let b = &words[(rank / real * 7919) % real];
                line.push_str(&a[..a.len().div_ceil(2)]);
                line.push_str(&b[b.len() / 2..]);
            }
            in_line += 1;
            if in_line == 12 {
                line.push_str(".\n");
                in_line = 0;
                w.write_all(line.as_bytes())?;
                n += line.len() as u64;
                line.clear();
            } else {
                line.push(' ');
            }
        }
        w.flush()?;
        written += n;
        book += 1;
    }
    eprintln!("synth_corpus: {book} books, {written} bytes, {real} real words extended {EXTEND}x");
    Ok(())
}
