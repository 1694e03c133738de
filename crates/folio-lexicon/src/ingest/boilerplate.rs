//! Project Gutenberg header and footer: finding the body of a book.
//!
//! Sources: `../shared/docs/tokenization.md` §3 (c-w/gutenberg `strip_headers`, the markers
//! seen in this corpus) and the notes of `../shared/corpora/gutenberg/MANIFEST.tsv`.
//!
//! Markers are matched **case-exactly at the start of a line** (after indentation; a line
//! ends with `\n`, `\r\n` or a lone `\r`), and every marker names "Gutenberg" or "SMALL
//! PRINT", so a body line such as "Author and End of all things" (pg26) never ends a book.
//!
//! - Start: `*** START OF THE PROJECT GUTENBERG …***` or `… THIS PROJECT …`, with or without
//!   spaces after the stars (pg768), possibly wrapped over two lines (pg1661, pg76): the
//!   marker runs to the first line that ends with `***`. Or the 1990s small print, which ends
//!   with `*END*THE SMALL PRINT! …` or `*END THE SMALL PRINT! …` (pg3261): everything before
//!   it, title page included, is header.
//! - A credit paragraph right after the start ("Produced by …", "This etext was prepared by …")
//!   is header too, and so are the producer notes of the front matter (`notes`: "Transcriber's
//!   Note", "[Project Gutenberg Editor's Note: …]"), which [`Body::parts`] leaves out.
//! - End: the first line after the start that begins `*** END OF THE/THIS PROJECT GUTENBERG`,
//!   `End of the Project Gutenberg`, `End of Project Gutenberg` (also `…Gutenberg’s`),
//!   `End of this Project Gutenberg` or `END OF (THE |THIS )?PROJECT GUTENBERG`.
//! - No start marker: the body starts at the top; no end marker: it runs to the end. A book
//!   with neither is kept whole and reported as [`Boilerplate::None`], never guessed at.

use std::borrow::Cow;
use std::ops::Range;

use crate::ingest::notes::find_notes;

/// What boilerplate a book was found to have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Boilerplate {
    /// Modern `*** START OF …` and an end marker.
    Markers,
    /// 1990s small-print header and an end marker.
    SmallPrint,
    /// A start marker (modern or small print) but no end marker: kept to the end of the file.
    StartOnly,
    /// An end marker but no start marker (the header was removed upstream, as in pg22367).
    EndOnly,
    /// No marker at all: the whole file is the body (as in pg11).
    None,
}

impl Boilerplate {
    /// The name used in manifests (`markers`, `small-print`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Boilerplate::Markers => "markers",
            Boilerplate::SmallPrint => "small-print",
            Boilerplate::StartOnly => "start-only",
            Boilerplate::EndOnly => "end-only",
            Boilerplate::None => "none",
        }
    }
}

/// The body of a book and what was found around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Body {
    /// Byte range of the body in the text.
    pub range: Range<usize>,
    /// The boilerplate found.
    pub found: Boilerplate,
    /// Producer notes inside `range` (`crate::ingest::notes`): sorted, disjoint byte ranges
    /// of the text that are not the book's words. Searched for only after a start marker.
    pub notes: Vec<Range<usize>>,
}

impl Body {
    /// The byte ranges of the text that are the book's: `range` without its notes, in order.
    pub fn parts(&self) -> impl Iterator<Item = Range<usize>> + '_ {
        let mut from = self.range.start;
        let mut notes = self.notes.iter();
        std::iter::from_fn(move || {
            for n in notes.by_ref() {
                let part = from..n.start;
                from = n.end;
                if !part.is_empty() {
                    return Some(part);
                }
            }
            let part = from..self.range.end;
            from = self.range.end;
            (!part.is_empty()).then_some(part)
        })
    }

    /// The book's text: `text[range]` without its notes (borrowed when it has none). Notes
    /// are whole lines, so no two words are joined by leaving one out.
    pub fn text<'a>(&self, text: &'a str) -> Cow<'a, str> {
        if self.notes.is_empty() {
            return Cow::Borrowed(&text[self.range.clone()]);
        }
        Cow::Owned(self.parts().map(|p| &text[p]).collect())
    }

    /// Bytes of the book's text (`range` less its notes).
    pub fn len(&self) -> usize {
        self.parts().map(|p| p.len()).sum()
    }

    /// Whether the book's text is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether byte `at` of the text is in the book's text.
    pub fn holds(&self, at: usize) -> bool {
        self.range.contains(&at) && !self.notes.iter().any(|n| n.contains(&at))
    }
}

const START_PREFIXES: &[&str] = &[
    "START OF THE PROJECT GUTENBERG",
    "START OF THIS PROJECT GUTENBERG",
];
const STAR_END_PREFIXES: &[&str] = &[
    "END OF THE PROJECT GUTENBERG",
    "END OF THIS PROJECT GUTENBERG",
];
const END_PREFIXES: &[&str] = &[
    "End of the Project Gutenberg",
    "End of Project Gutenberg",
    "End of this Project Gutenberg",
    "End of The Project Gutenberg",
    "END OF PROJECT GUTENBERG",
    "END OF THE PROJECT GUTENBERG",
    "END OF THIS PROJECT GUTENBERG",
];
const SMALL_PRINT_END: &[&str] = &["*END*THE SMALL PRINT", "*END THE SMALL PRINT"];
const CREDITS: &[&str] = &[
    "Produced by",
    "This etext was prepared by",
    "This Etext was prepared by",
    "E-text prepared by",
    "Etext prepared by",
    "This eBook was produced by",
    "Transcribed from",
    // A credit whose "Produced by" sits on the marker's line (pg2600).
    "An Anonymous Volunteer",
];

/// A line of the text: its content (indentation trimmed) and where the next begins.
struct Line<'a> {
    text: &'a str,
    next: usize,
}

/// The lines of `text`, ended by `\n`, `\r\n` or a lone `\r` (classic Mac OS text: its
/// markers are at the start of lines too).
fn lines(text: &str) -> impl Iterator<Item = Line<'_>> {
    let b = text.as_bytes();
    let mut pos = 0;
    std::iter::from_fn(move || {
        if pos >= b.len() {
            return None;
        }
        let start = pos;
        let end = next_line_break(b, pos).unwrap_or(b.len());
        pos = match b.get(end) {
            Some(b'\r') if b.get(end + 1) == Some(&b'\n') => end + 2,
            Some(_) => end + 1,
            None => end,
        };
        Some(Line {
            text: text[start..end].trim_start(),
            next: pos,
        })
    })
}

fn after_stars(line: &str) -> Option<&str> {
    line.strip_prefix("***")
        .map(|r| r.trim_start_matches('*').trim_start())
}

fn is_start(line: &str) -> bool {
    line.starts_with('*')
        && after_stars(line).is_some_and(|r| START_PREFIXES.iter().any(|p| r.starts_with(p)))
}

fn is_small_print_end(line: &str) -> bool {
    line.starts_with('*') && SMALL_PRINT_END.iter().any(|p| line.starts_with(p))
}

fn is_end(line: &str) -> bool {
    // Most lines start with neither `*` nor `E`: one byte decides.
    if !matches!(line.as_bytes().first(), Some(b'*' | b'E')) {
        return false;
    }
    after_stars(line).is_some_and(|r| STAR_END_PREFIXES.iter().any(|p| r.starts_with(p)))
        || END_PREFIXES.iter().any(|p| line.starts_with(p))
}

/// Finds the body of a book (see the module docs).
pub fn find_body(text: &str) -> Body {
    let mut it = lines(text).peekable();
    let mut start: Option<(usize, bool)> = None; // (body start, small print)
    while let Some(line) = it.next() {
        if is_start(line.text) {
            // The marker may wrap: it ends at the first line ending with `***` (at most 3).
            let mut next = line.next;
            if !line.text.ends_with("***") {
                for _ in 0..2 {
                    match it.next() {
                        Some(l) => {
                            next = l.next;
                            if l.text.ends_with("***") {
                                break;
                            }
                        }
                        None => break,
                    }
                }
            }
            start = Some((next, false));
            break;
        }
        if is_small_print_end(line.text) {
            start = Some((line.next, true));
            break;
        }
    }
    let body_start = match start {
        Some((s, _)) => skip_credits(text, s),
        None => 0,
    };
    let from = start.map_or(0, |(s, _)| s);
    let end = first_end_line(&text[from..]).map(|start| from + start);
    let found = match (start, end) {
        (Some((_, false)), Some(_)) => Boilerplate::Markers,
        (Some((_, true)), Some(_)) => Boilerplate::SmallPrint,
        (Some(_), None) => Boilerplate::StartOnly,
        (None, Some(_)) => Boilerplate::EndOnly,
        (None, None) => Boilerplate::None,
    };
    let body_end = end.unwrap_or(text.len()).max(body_start);
    let notes = match start {
        Some(_) => find_notes(text, body_start..body_end),
        None => Vec::new(),
    };
    Body {
        range: body_start..body_end,
        found,
        notes,
    }
}

/// The line number (from 1) of a start marker after the end of a book's body: another
/// Project Gutenberg book in the same file (books joined with `cat`), of which ingest reads
/// only the first, as the markers say. `None` when the body runs to the end of the text, or
/// nothing after it starts a book.
pub fn next_book(text: &str, body: &Body) -> Option<usize> {
    let end = body.range.end;
    if end >= text.len() {
        return None;
    }
    let mut offset = end;
    for line in lines(&text[end..]) {
        if is_start(line.text) || is_small_print_end(line.text) {
            let before = &text.as_bytes()[..offset];
            // Lines end with `\n`, `\r\n` or a lone `\r`: count the line starts before it.
            let breaks = before
                .iter()
                .enumerate()
                .filter(|&(i, &c)| c == b'\n' || (c == b'\r' && before.get(i + 1) != Some(&b'\n')))
                .count();
            return Some(breaks + 1);
        }
        offset = end + line.next;
    }
    None
}

/// The start of the first line of `text` that is an end marker: the same line as
/// `lines(text).find(|l| is_end(l.text))`, found faster. Every end marker names "Project
/// Gutenberg" or "PROJECT GUTENBERG", so only lines holding `Gutenberg` or `GUTENBERG` are
/// looked at, and those are found by scanning for the byte `G` (rare in prose).
fn first_end_line(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(g) = next_byte(b, i, b'G') {
        let rest = &b[g + 1..];
        if !(rest.starts_with(b"utenberg") || rest.starts_with(b"UTENBERG")) {
            i = g + 1;
            continue;
        }
        let start = b[..g]
            .iter()
            .rposition(|&c| c == b'\n' || c == b'\r')
            .map_or(0, |j| j + 1);
        let end = next_line_break(b, g).unwrap_or(b.len());
        if is_end(text[start..end].trim_start()) {
            return Some(start);
        }
        i = end;
    }
    None
}

/// The offset of the first byte `x` at or after `i`, eight bytes at a time.
fn next_byte(b: &[u8], mut i: usize, x: u8) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    while let Some(chunk) = b.get(i..i + 8) {
        let mut w = [0u8; 8];
        w.copy_from_slice(chunk);
        let v = u64::from_le_bytes(w) ^ (LO * u64::from(x));
        // High bit set in the lowest zero byte of `v` (bits above it may be spurious).
        let m = v.wrapping_sub(LO) & !v & HI;
        if m != 0 {
            return Some(i + (m.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    (i..b.len()).find(|&j| b[j] == x)
}

/// The offset of the first `\n` or `\r` at or after `i`, eight bytes at a time (as
/// [`next_byte`], for two bytes).
fn next_line_break(b: &[u8], mut i: usize) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    while let Some(chunk) = b.get(i..i + 8) {
        let mut w = [0u8; 8];
        w.copy_from_slice(chunk);
        let w = u64::from_le_bytes(w);
        let n = w ^ (LO * u64::from(b'\n'));
        let r = w ^ (LO * u64::from(b'\r'));
        // Each term's lowest set bit marks its lowest zero byte (bits above it may be
        // spurious), so the lowest bit of both is the first line break.
        let m = (n.wrapping_sub(LO) & !n | r.wrapping_sub(LO) & !r) & HI;
        if m != 0 {
            return Some(i + (m.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    (i..b.len()).find(|&j| b[j] == b'\n' || b[j] == b'\r')
}

/// Skips blank lines and one credit paragraph ("Produced by …") right after the start.
fn skip_credits(text: &str, from: usize) -> usize {
    let mut it = lines(&text[from..]).skip_while(|l| l.text.is_empty());
    match it.next() {
        Some(first) if CREDITS.iter().any(|c| first.text.starts_with(c)) => {
            let mut end = first.next;
            for l in it {
                if l.text.is_empty() {
                    break;
                }
                end = l.next;
            }
            from + end
        }
        _ => from,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(text: &str) -> (&str, Boilerplate) {
        let b = find_body(text);
        (&text[b.range], b.found)
    }

    #[test]
    fn modern_markers() {
        let t = "The Project Gutenberg EBook of X\r\n*** START OF THIS PROJECT GUTENBERG EBOOK X ***\r\n\r\nProduced by Someone\r\nand Others\r\n\r\nCall me Ishmael.\r\nEnd of the Project Gutenberg EBook of X\r\n*** END OF THIS PROJECT GUTENBERG EBOOK X ***\r\nlicense";
        let (b, f) = body(t);
        assert_eq!(b.trim(), "Call me Ishmael.");
        assert_eq!(f, Boilerplate::Markers);
    }

    #[test]
    fn lone_cr_line_endings() {
        // Classic Mac OS text ends its lines with a lone `\r`: the markers are still at the
        // start of lines (the whole book once read as one line, license and all).
        let t = "The Project Gutenberg EBook of X\r*** START OF THIS PROJECT GUTENBERG EBOOK X ***\r\rProduced by Someone\rand Others\r\rCall me Ishmael.\rEnd of the Project Gutenberg EBook of X\r*** END OF THIS PROJECT GUTENBERG EBOOK X ***\rlicense";
        let (b, f) = body(t);
        assert_eq!(b.trim(), "Call me Ishmael.");
        assert_eq!(f, Boilerplate::Markers);
        let t = "x\r*END*THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*Ver.04.29.93*END*\rnews\r*** END OF THE PROJECT GUTENBERG EBOOK X ***\r";
        assert_eq!(body(t), ("news\r", Boilerplate::SmallPrint));
        // A lone `\r` ends a line in any file; `\r\n` is one line end, not two.
        let t = "h\r\n*** START OF THE PROJECT GUTENBERG EBOOK X ***\r\n\r\nbody\rmore\n*** END OF THE PROJECT GUTENBERG EBOOK X ***\n";
        assert_eq!(body(t), ("\r\nbody\rmore\n", Boilerplate::Markers));
    }

    #[test]
    fn line_breaks_found_anywhere() {
        for len in 0..40 {
            for at in 0..len {
                for x in [b'\n', b'\r', b'\x0b', b'\x8d', b'\x0a' | 0x80] {
                    let mut b = vec![b'a'; len];
                    b[at] = x;
                    let naive = b.iter().position(|&c| c == b'\n' || c == b'\r');
                    for from in 0..=len {
                        let expect = naive.filter(|&p| p >= from);
                        assert_eq!(next_line_break(&b, from), expect, "{len} {at} {x:x} {from}");
                    }
                }
            }
        }
        // A break after a zero-distance byte (the borrow trick must not invent one).
        assert_eq!(next_line_break(b"\x0c\x0e\x0b\x0d\x09\x0a", 0), Some(3));
    }

    #[test]
    fn a_second_book_after_the_end_is_found_by_line() {
        let one = "*** START OF THE PROJECT GUTENBERG EBOOK A ***\nwhale\n*** END OF THE PROJECT GUTENBERG EBOOK A ***\nlicense\n";
        let two = "*** START OF THE PROJECT GUTENBERG EBOOK B ***\nharpoon\n";
        let small = "x\n*END*THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*Ver.04.29.93*END*\nnews\n";
        for (text, line) in [
            (one.to_string(), None),
            (format!("{one}{two}"), Some(5)),
            (format!("{one}\n{small}"), Some(7)),
            (format!("{one}{two}").replace('\n', "\r\n"), Some(5)),
            (format!("{one}{two}").replace('\n', "\r"), Some(5)),
            // No end marker: the body runs to the end and holds the second start.
            (two.to_string() + two, None),
        ] {
            assert_eq!(next_book(&text, &find_body(&text)), line, "{text:?}");
        }
    }

    #[test]
    fn markers_without_spaces_indented_or_wrapped() {
        let t = "h\n***START OF THE PROJECT GUTENBERG EBOOK WUTHERING HEIGHTS***\nbody\n***END OF THE PROJECT GUTENBERG EBOOK WUTHERING HEIGHTS***\nf";
        assert_eq!(body(t), ("body\n", Boilerplate::Markers));
        let t = "h\n*** START OF THIS PROJECT GUTENBERG EBOOK THE ADVENTURES OF SHERLOCK\nHOLMES ***\nbody\n            *** END OF THE PROJECT GUTENBERG EBOOK X ***\n";
        assert_eq!(body(t), ("body\n", Boilerplate::Markers));
    }

    #[test]
    fn small_print_header_and_etext_footer() {
        let t = "Project Gutenberg Etext of Romeo\n***START**THE SMALL PRINT!**FOR PUBLIC DOMAIN ETEXTS**START***\nlegal\n*END*THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*Ver.04.29.93*END*\n\nThis etext was prepared by the PG Shakespeare Team,\na team of volunteers.\n\nROMEO AND JULIET\nEnd of Project Gutenberg Etext of Romeo and Juliet\n";
        assert_eq!(body(t), ("\nROMEO AND JULIET\n", Boilerplate::SmallPrint));
        let t = "x\n*END THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*Ver.12.12.00*END*\nnews\n";
        assert_eq!(body(t), ("news\n", Boilerplate::StartOnly));
    }

    #[test]
    fn curly_apostrophe_footer() {
        let t = "*** START OF THIS PROJECT GUTENBERG EBOOK M ***\nwhale\nEnd of Project Gutenberg’s Moby Dick\nlicense\n";
        assert_eq!(body(t), ("whale\n", Boilerplate::Markers));
    }

    #[test]
    fn body_lines_never_end_the_book() {
        // pg26 Paradise Lost: a case-insensitive or mid-line "End of" would cut the poem.
        let t = "*** START OF THIS PROJECT GUTENBERG EBOOK PARADISE LOST ***\nAuthor and End of all things\nthe end of project gutenberg talk\nEnd of all\nmore\n*** END OF THIS PROJECT GUTENBERG EBOOK PARADISE LOST ***\n";
        let (b, f) = body(t);
        assert!(b.ends_with("more\n"), "{b}");
        assert_eq!(f, Boilerplate::Markers);
    }

    proptest::proptest! {
        #[test]
        fn end_lines_are_found_like_a_line_scan(
            parts in proptest::collection::vec(
                proptest::sample::select(vec![
                    "whale", " ", "\n", "\r\n", "\r", "  ", "\u{a0}", "G", "Gutenberg", "GUTENBERG",
                    "End of the Project Gutenberg EBook", "End of Project Gutenberg’s X",
                    "*** END OF THE PROJECT GUTENBERG EBOOK X ***", "***END OF THIS PROJECT GUTENBERG",
                    "END OF PROJECT GUTENBERG", "the end of project gutenberg", "End of all",
                    "Project Gutenberg", "*", "E", "é",
                ]),
                0..24,
            ),
        ) {
            let text: String = parts.concat();
            // Where each line starts: 0, then where the previous one said the next begins.
            let starts = std::iter::once(0).chain(lines(&text).map(|l| l.next));
            let scan = lines(&text)
                .zip(starts)
                .find(|(l, _)| is_end(l.text))
                .map(|(_, start)| start);
            proptest::prop_assert_eq!(first_end_line(&text), scan);
        }
    }

    #[test]
    fn end_only_and_no_markers() {
        let t =
            "Die Verwandlung\n*** END OF THE PROJECT GUTENBERG EBOOK DIE VERWANDLUNG ***\nlicense";
        assert_eq!(body(t), ("Die Verwandlung\n", Boilerplate::EndOnly));
        let t = "Alice was beginning to get very tired\n";
        assert_eq!(body(t), (t, Boilerplate::None));
        assert_eq!(body(""), ("", Boilerplate::None));
    }
}
