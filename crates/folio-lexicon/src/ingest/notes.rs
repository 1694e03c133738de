//! Producer notes in the front matter of a Project Gutenberg book: who transcribed the file,
//! which edition it was scanned from, that an HTML version exists, a translation's copyright.
//! They are the volunteers' words, not the book's, so ingest leaves them out of its words
//! (as it leaves out the credit paragraph right after the start marker, in `boilerplate`).
//!
//! Sources: the front matter of the 45 books of `../shared/corpora/gutenberg` (every note
//! there is listed with its lines in `tests/data/lexicon/pg-notes.tsv`, which a test checks
//! both ways) and Project Gutenberg's own wording of such notes ("Transcriber's Note",
//! "Project Gutenberg Editor's Note", "This etext was produced from …").
//!
//! A note is a paragraph whose first line starts, after indentation and an optional `[`,
//! with one of the [`LEADS`] (ASCII case and the apostrophe's style ignored), found
//! - among the first [`FRONT_LINES`] lines of the body, any lead; a generic lead ("Note:")
//!   counts only when the paragraph speaks of the file ([`FILE_WORDS`]: "etext", "Project
//!   Gutenberg", "HTML" …), so an author's "Note:" stays;
//! - among the first [`STRONG_FRONT_LINES`], a strong lead (one that only a producer writes:
//!   "Original Transcriber's Notes" stands after pg2701's 300 lines of contents);
//! - among the last [`BACK_LINES`] lines of the body, a strong lead: transcribers list
//!   their corrections at the end ("Typographical errors corrected by the etext
//!   transcriber:", pg345), while a "Note:" there is the author's;
//! - anywhere, a strong lead that names the etext (`anywhere`: "ETEXT EDITOR'S
//!   BOOKMARKS", before each of pg3600's books), found by a search of the body for its `x`.
//!
//! The note then runs
//! - for a bracketed note, to the line that closes the bracket;
//! - otherwise to the end of its section: the next run of two or more blank lines, which is
//!   how Project Gutenberg's front matter parts its sections (a note of several paragraphs,
//!   as pg3207's and pg26's, is one section), or the end of the body;
//! - and when that end is not within [`MAX_NOTE_LINES`] lines (a text set with one blank
//!   line everywhere), to the end of its paragraph — and of the next one when the lead is a
//!   heading alone ("PREPARER'S NOTE").

use std::ops::Range;

/// How many lines from the start of the body are searched for notes of any lead. Producer
/// notes stand before the book's text (the furthest generic one in the shared books is 60
/// lines in); past this a paragraph starting "Note:" is the author's.
pub const FRONT_LINES: usize = 200;

/// How many lines from the start of the body are searched for strong leads: past a long
/// table of contents (pg2701's note is 310 lines in).
pub const STRONG_FRONT_LINES: usize = 1_000;

/// How many lines before the end of the body are searched for notes of any lead.
pub const BACK_LINES: usize = 200;

/// The longest note, in lines (the longest in the shared books, pg3207's, has 60): a note
/// whose section or bracket does not end within it ends with its paragraph.
pub const MAX_NOTE_LINES: usize = 80;

/// A lead: how a note's first line starts (lower case, `'` for any apostrophe).
#[derive(Clone, Copy, Debug)]
pub struct Lead {
    /// The text the line starts with.
    pub text: &'static str,
    /// Whether the paragraph must also speak of the file (hold one of [`FILE_WORDS`]).
    pub about_file: bool,
}

const fn strong(text: &'static str) -> Lead {
    Lead {
        text,
        about_file: false,
    }
}

const fn generic(text: &'static str) -> Lead {
    Lead {
        text,
        about_file: true,
    }
}

/// The leads of producer notes.
pub const LEADS: &[Lead] = &[
    strong("produced by"),
    strong("this etext"),
    strong("this e-text"),
    strong("this ebook"),
    strong("this e-book"),
    strong("this file was produced"),
    strong("this file should be named"),
    strong("e-text prepared by"),
    strong("etext prepared by"),
    strong("transcribed from"),
    strong("transcriber's note"),
    strong("transcribers' note"),
    strong("original transcriber's note"),
    strong("project gutenberg editor's note"),
    strong("pg editor's note"),
    strong("preparer's note"),
    strong("producer's note"),
    strong("note from the original file"),
    strong("notes from the original file"),
    strong("html version by"),
    strong("copyright (c)"),
    strong("copyright ©"),
    strong("etext editor's bookmarks"),
    strong("typographical errors corrected"),
    generic("dieses buch wurde"),
    generic("note:"),
    generic("notes:"),
    generic("note."),
    generic("editor's note"),
    generic("there is also"),
    generic("there is an"),
    generic("this book"),
    generic("this is the"),
    generic("this text"),
    generic("this edition"),
    generic("also available"),
];

/// Words by which a paragraph speaks of the file rather than of the book (lower case,
/// matched where a word starts, anywhere in the paragraph).
pub const FILE_WORDS: &[&str] = &[
    "etext",
    "e-text",
    "ebook",
    "e-book",
    "gutenberg",
    "html",
    "ascii",
    "latin-1",
    "transcri",
    ".txt",
    ".zip",
    "scanned",
    "proofread",
];

/// One line of the body: where it starts, where its text ends (before the line break) and
/// where the next line starts, as offsets in the whole text.
#[derive(Clone, Copy)]
struct Line {
    start: usize,
    end: usize,
    next: usize,
}

/// Whether a strong lead is looked for anywhere in the body: it names the etext, which no
/// author's text does.
fn anywhere(lead: &Lead) -> bool {
    !lead.about_file && ["etext", "e-text"].iter().any(|w| lead.text.contains(w))
}

/// The producer notes of `text[body]` (see the module docs for where they are looked for):
/// sorted, disjoint byte ranges of `text`, each from the start of a line to the start of
/// the line after the note.
pub fn find_notes(text: &str, body: Range<usize>) -> Vec<Range<usize>> {
    let mut notes = Vec::new();
    // The front: any lead in the first lines, strong leads a little further.
    let front = lines_from(text, body.start, body.end, STRONG_FRONT_LINES);
    scan(text, &front, false, &mut notes, |lead, i| {
        i < FRONT_LINES || !lead.about_file
    });
    // The back, past the lines where any lead was looked for already (a note the strong
    // front also found is merged below).
    let generic_end = front.get(FRONT_LINES).map_or(body.end, |l| l.start);
    let back_from = back_start(text, body.clone(), BACK_LINES).max(generic_end);
    if back_from < body.end {
        let back = lines_from(text, back_from, body.end, BACK_LINES + 1);
        // Strong leads only: "Note:" or "There is an" ending a chapter is the author's, and
        // a file word in it ("scanned the horizon") proves nothing there.
        scan(text, &back, true, &mut notes, |lead, _| !lead.about_file);
    }
    // Anywhere between: the paragraphs starting at a line that holds one of the words.
    let base = front.last().map_or(body.start, |l| l.next);
    let until = back_from.max(base);
    let mut past = base;
    for x in etext_words(&text.as_bytes()[base..until]) {
        let at = base + x;
        if at < past {
            continue; // inside a note just found
        }
        let line_start = text.as_bytes()[body.start..at]
            .iter()
            .rposition(|&c| c == b'\n' || c == b'\r')
            .map_or(body.start, |n| body.start + n + 1);
        // The line before (for the paragraph test) and enough after for a whole note.
        let before = back_start(text, body.start..line_start, 1);
        let window = lines_from(text, before, body.end, MAX_NOTE_LINES + 3);
        let found = notes.len();
        scan(text, &window, false, &mut notes, |lead, i| {
            i <= 1 && anywhere(&lead)
        });
        past = notes[found..].last().map_or(at + 1, |n| n.end);
    }
    notes.sort_by_key(|r| r.start);
    notes.dedup_by(|b, a| {
        // Overlapping finds (a note reached from two windows) are one.
        if b.start < a.end {
            a.end = a.end.max(b.end);
            true
        } else {
            false
        }
    });
    notes
}

/// Where the words of [`anywhere`] leads may be in `bytes`: the offset of each `x` of
/// `etext` or `e-text`, in any ASCII case. A search for the rare `x` (memchr, several
/// GB/s) then a look at the bytes before it: an automaton over every byte of the books took
/// a sixth of ingest's time.
fn etext_words(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    memchr::memchr2_iter(b'x', b'X', bytes).filter(move |&x| {
        let before = |n: usize| x.checked_sub(n).map(|i| bytes[i].to_ascii_lowercase());
        before(1) == Some(b'e')
            && before(2) == Some(b't')
            && (before(3) == Some(b'e') || (before(3) == Some(b'-') && before(4) == Some(b'e')))
    })
}

/// Whether `text` (lower case) holds `word` where a word starts: `etext` is not in
/// `pretext`. A word starting with punctuation (`.txt`) may follow anything.
fn holds_word(text: &str, word: &str) -> bool {
    let starts_alpha = word.starts_with(|c: char| c.is_ascii_alphabetic());
    text.match_indices(word)
        .any(|(at, _)| !starts_alpha || !text[..at].ends_with(|c: char| c.is_alphanumeric()))
}

/// Finds notes among `lines` whose lead `wanted(lead, index)` accepts, into `notes`;
/// `ends_body`: the last line is the body's last, so a section may end there.
fn scan(
    text: &str,
    lines: &[Line],
    ends_body: bool,
    notes: &mut Vec<Range<usize>>,
    wanted: impl Fn(Lead, usize) -> bool,
) {
    let blank = |j: usize| text[lines[j].start..lines[j].end].trim().is_empty();
    let mut i = 0;
    while i < lines.len() {
        if blank(i) || (i > 0 && !blank(i - 1)) {
            i += 1;
            continue;
        }
        let line = &text[lines[i].start..lines[i].end];
        let Some((lead, rest)) = lead_of(line).filter(|&(lead, _)| wanted(lead, i)) else {
            i += 1;
            continue;
        };
        let para = paragraph_end(lines.len(), i, blank);
        // A heading alone ("PREPARER'S NOTE"): its text is the next paragraph.
        let first = match next_paragraph(lines.len(), para, blank) {
            Some(p) if para == i && rest.trim_matches([':', '.', ' ']).is_empty() => {
                paragraph_end(lines.len(), p, blank)
            }
            _ => para,
        };
        if lead.about_file {
            let t = text[lines[i].start..lines[first].end].to_ascii_lowercase();
            if !FILE_WORDS.iter().any(|w| holds_word(&t, w)) {
                i = first + 1;
                continue;
            }
        }
        let end = if line.trim_start().starts_with('[') {
            closing_bracket(text, &lines[i..]).map_or(first, |n| i + n)
        } else {
            // Only a producer's own lead takes the rest of the body with it.
            section_end(lines.len(), i, blank, ends_body && !lead.about_file).unwrap_or(first)
        };
        notes.push(lines[i].start..lines[end].next);
        i = end + 1;
    }
}

/// Up to `max` lines of `text[from..until]` (`from` at a line start).
fn lines_from(text: &str, from: usize, until: usize, max: usize) -> Vec<Line> {
    let b = &text.as_bytes()[..until];
    let mut out = Vec::new();
    let mut pos = from;
    while pos < until && out.len() < max {
        let end = b[pos..]
            .iter()
            .position(|&c| c == b'\n' || c == b'\r')
            .map_or(b.len(), |n| pos + n);
        let next = match b.get(end) {
            Some(b'\r') if b.get(end + 1) == Some(&b'\n') => end + 2,
            Some(_) => end + 1,
            None => end,
        };
        out.push(Line {
            start: pos,
            end,
            next,
        });
        pos = next;
    }
    out
}

/// Where the last `n` lines of `text[range]` start (`range.end` at a line start or the
/// text's end; LF, CR and CRLF each end a line): `range.start` when it has no more.
fn back_start(text: &str, range: Range<usize>, n: usize) -> usize {
    let b = text.as_bytes();
    let mut pos = range.end;
    for _ in 0..n {
        if pos <= range.start {
            return range.start;
        }
        // Step over the line end before `pos` (CRLF as one), then back to the line's start.
        let mut p = pos;
        if p >= 2 && b[p - 1] == b'\n' && b[p - 2] == b'\r' {
            p -= 2;
        } else if p > range.start && (b[p - 1] == b'\n' || b[p - 1] == b'\r') {
            p -= 1;
        }
        pos = b[range.start..p]
            .iter()
            .rposition(|&c| c == b'\n' || c == b'\r')
            .map_or(range.start, |k| range.start + k + 1);
    }
    pos.max(range.start)
}

/// The lead `line` starts with, and the rest of the line after it.
fn lead_of(line: &str) -> Option<(Lead, &str)> {
    let t = line.trim_start();
    let t = t.strip_prefix('[').unwrap_or(t).trim_start();
    // Compare at most the longest lead's length in characters, folded.
    let mut folded = String::new();
    let mut ends = Vec::new();
    for (at, c) in t.char_indices().take(40) {
        folded.push(match c {
            '\u{2019}' | '\u{2018}' | '`' => '\'',
            c => c.to_ascii_lowercase(),
        });
        ends.push(at + c.len_utf8());
    }
    LEADS.iter().find_map(|lead| {
        folded.starts_with(lead.text).then(|| {
            let chars = lead.text.chars().count();
            (*lead, &t[ends[chars - 1]..])
        })
    })
}

/// The index of the last line of the paragraph starting at line `i` of `n`.
fn paragraph_end(n: usize, i: usize, blank: impl Fn(usize) -> bool) -> usize {
    let mut j = i;
    while j + 1 < n && !blank(j + 1) && j + 1 - i < MAX_NOTE_LINES {
        j += 1;
    }
    j
}

/// The first line of the paragraph after the one ending at line `end`, if within the lines.
fn next_paragraph(n: usize, end: usize, blank: impl Fn(usize) -> bool) -> Option<usize> {
    (end + 1..n).find(|&j| !blank(j))
}

/// The last line of the section holding line `i`, the section ending where two or more
/// blank lines follow (Project Gutenberg's front matter parts its sections so, and the
/// paragraphs inside them with one blank line), or at the last non-blank line when the
/// lines are the body's last (`ends_body`); `None` unless it ends within
/// [`MAX_NOTE_LINES`] lines, the text then being set with one blank line everywhere.
fn section_end(
    n: usize,
    i: usize,
    blank: impl Fn(usize) -> bool,
    ends_body: bool,
) -> Option<usize> {
    let stop = n.min(i + MAX_NOTE_LINES);
    if let Some(last) = (i..stop).find(|&j| !blank(j) && j + 2 < n && blank(j + 1) && blank(j + 2))
    {
        return Some(last);
    }
    if ends_body && n <= i + MAX_NOTE_LINES {
        return (i..n).rev().find(|&j| !blank(j));
    }
    None
}

/// How many lines after `lines[0]` the line closing its first `[` is, if within
/// [`MAX_NOTE_LINES`].
fn closing_bracket(text: &str, lines: &[Line]) -> Option<usize> {
    let mut depth = 0usize;
    for (n, l) in lines.iter().take(MAX_NOTE_LINES).enumerate() {
        for c in text[l.start..l.end].chars() {
            match c {
                '[' => depth += 1,
                ']' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Some(n);
                    }
                }
                _ => {}
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The notes found in `text` (the whole text is the body), as text.
    fn notes(text: &str) -> Vec<&str> {
        find_notes(text, 0..text.len())
            .into_iter()
            .map(|r| &text[r])
            .collect()
    }

    #[test]
    fn a_bracketed_editors_note_runs_to_its_closing_bracket() {
        let t = "GREAT EXPECTATIONS\n\n[Project Gutenberg Editor’s Note: There is also\nanother version scanned from a different edition]\n\nChapter I\n";
        assert_eq!(
            notes(t),
            ["[Project Gutenberg Editor’s Note: There is also\nanother version scanned from a different edition]\n"]
        );
    }

    #[test]
    fn a_note_of_several_paragraphs_runs_to_the_section_break() {
        let t = "TITLE\n\n     Original Transcriber's Note: This etext is\n     prepared directly.\n\n     Additions to the text include\n     underscores.\n\n\nCHAPTER I\n";
        assert_eq!(
            notes(t),
            ["     Original Transcriber's Note: This etext is\n     prepared directly.\n\n     Additions to the text include\n     underscores.\n"]
        );
    }

    #[test]
    fn without_a_section_break_a_note_is_its_paragraph() {
        // A text set with one blank line everywhere: the note cannot take the book with it.
        let mut t = String::from("Transcriber's note: one paragraph.\n\n");
        t.push_str(&"The book's own paragraph.\n\n".repeat(MAX_NOTE_LINES));
        assert_eq!(notes(&t), ["Transcriber's note: one paragraph.\n"]);
    }

    #[test]
    fn a_heading_alone_takes_the_next_paragraph() {
        let t = "FAIRY TALES\n\nPREPARER’S NOTE\n\n     The text is based on translations\n     by Edgar Taylor.\n\nCONTENTS:\n\n     THE GOLDEN BIRD\n";
        assert_eq!(
            notes(t),
            ["PREPARER’S NOTE\n\n     The text is based on translations\n     by Edgar Taylor.\n"]
        );
    }

    #[test]
    fn a_generic_lead_needs_the_file_spoken_of() {
        assert_eq!(
            notes("THE REPUBLIC\r\n\r\nNote: The Republic by Plato, Jowett, etext #150\r\n\r\nINTRODUCTION\r\n"),
            ["Note: The Republic by Plato, Jowett, etext #150\r\n"]
        );
        // An author's note is the book's.
        assert!(notes("PREFACE\n\nNote: the reader will find the maps at the end.\n").is_empty());
    }

    #[test]
    fn a_lead_starts_a_paragraph() {
        // "Produced by" inside a paragraph of the book is the book's.
        assert!(notes("The play was first\nproduced by Mr. Alexander.\n").is_empty());
        assert_eq!(
            notes("Copyright (C) 2002 David Wyllie.\n\nMetamorphosis\n").len(),
            1
        );
    }

    #[test]
    fn a_generic_lead_is_looked_for_at_the_front_only() {
        let late = "\nNote: this etext was scanned.\n\n";
        let mut t = "x\n".repeat(FRONT_LINES);
        t.push_str(late);
        t.push_str(&"y\n".repeat(BACK_LINES + 5));
        assert!(notes(&t).is_empty(), "{:?}", notes(&t));
        // Nor among the last lines, where the author's notes and last chapter stand.
        let mut t = "x\n".repeat(FRONT_LINES);
        t.push_str(late);
        t.push_str("There is an hour before sunrise. The captain scanned\nthe horizon.\n");
        assert!(notes(&t).is_empty(), "{:?}", notes(&t));
    }

    #[test]
    fn a_file_word_counts_where_a_word_starts() {
        // The trial's book: "pretext" holds "etext" but speaks of no file.
        let t = "TITLE\n\nNote: the old sailor swore the storm was a mere pretext.\n\nBOOK\n";
        assert!(notes(t).is_empty(), "{:?}", notes(t));
        assert_eq!(
            notes("TITLE\n\nNote: see the file moby.txt.\n\nBOOK\n"),
            ["Note: see the file moby.txt.\n"]
        );
    }

    #[test]
    fn a_strong_lead_after_a_long_table_of_contents_is_a_note() {
        let mut t = "CHAPTER 1.\n\n".repeat(150);
        t.push_str("\n\nOriginal Transcriber's Notes:\n\nThis text is a combination of etexts.\n\n\n\nETYMOLOGY.\n");
        assert_eq!(
            notes(&t),
            ["Original Transcriber's Notes:\n\nThis text is a combination of etexts.\n"]
        );
    }

    #[test]
    fn corrections_at_the_end_run_to_the_end_of_the_body() {
        let mut t = "The book.\n\n".repeat(300);
        t.push_str("Typographical errors corrected by the etext transcriber:\n\nGoldaming=> Godalming\n\nTranslyvania=> Transylvania\n\n");
        assert_eq!(
            notes(&t),
            ["Typographical errors corrected by the etext transcriber:\n\nGoldaming=> Godalming\n\nTranslyvania=> Transylvania\n"]
        );
    }

    #[test]
    fn a_lead_naming_the_etext_is_a_note_anywhere() {
        let mut t = "The book.\n\n".repeat(2 * STRONG_FRONT_LINES);
        t.push_str("     ETEXT EDITOR’S BOOKMARKS:\n\n     A quote\n\n\n\nBOOK TWO\n");
        t.push_str(&"The book.\n\n".repeat(2 * BACK_LINES));
        assert_eq!(
            notes(&t),
            ["     ETEXT EDITOR’S BOOKMARKS:\n\n     A quote\n"]
        );
        // A book's own paragraph about a text, or a transcriber in running text, stays.
        let mut t = "The book.\n\n".repeat(2 * STRONG_FRONT_LINES);
        t.push_str("The context of the etext.\n\nHe was a transcriber of deeds.\n");
        t.push_str(&"The book.\n\n".repeat(2 * BACK_LINES));
        assert!(notes(&t).is_empty());
    }

    #[test]
    fn an_unclosed_bracket_ends_with_its_paragraph() {
        let t = "[Transcriber's note: open\nstill\n\nBook text.\n";
        assert_eq!(notes(t), ["[Transcriber's note: open\nstill\n"]);
    }
}
