//! What ingest dropped, and why: the drop report (`folio ingest --report dropped.tsv`), and
//! the word lists applied after the policy (`--include`, `--exclude`).
//!
//! A survey is taken per book from the same spellings the set is counted from (the cleaned
//! body's UAX #29 words), so its classes add up to the words read: every token is either
//! kept or falls in exactly one [`DropClass`]. Tokens the policy refuses outright are
//! classed by their spelling (digits, apostrophe, outside the alphabet); the others by their
//! key's totals over every book (capitalised only, too short, too long, too rare, in too few
//! books, excluded). Words of the Gutenberg header and footer are counted apart
//! (`boilerplate`): they are not words read.
//!
//! ```
//! use folio_lexicon::ingest::count::TokenCounts;
//! use folio_lexicon::ingest::drops::{BookSurvey, DropClass, Selection, Survey};
//! use folio_lexicon::Policy;
//! let p = Policy::game();
//! let tc = TokenCounts::count("The Queen said: the cat can't count 12 cats.");
//! let survey = Survey::merge(vec![BookSurvey::of(&tc, &p, 0)], &p, &Selection::default());
//! assert_eq!(survey.tokens(), 9);
//! assert_eq!(survey.class(DropClass::CapitalisedOnly).tokens, 1); // Queen
//! assert_eq!(survey.class(DropClass::Apostrophe).tokens, 1); // can't
//! assert_eq!(survey.class(DropClass::Digits).tokens, 1); // 12
//! assert_eq!(survey.kept_tokens(), 6);
//! ```

use std::collections::{BTreeMap, BTreeSet};

use crate::hash::FxHashMap;
use crate::ingest::count::TokenCounts;
use crate::ingest::manifest::ListsApplied;
use crate::ingest::merge::KeptKeys;
use crate::policy::{Policy, PolicyName, Refusal, WordStat, APOSTROPHES, MAX_KEY_LEN};

/// Why a token of running text is not in the word set. The order is the report's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DropClass {
    /// Never written in lower case: a proper noun, or a word the books always capitalise
    /// (QUEEN, TURTLE in *Alice*). Kept by `--keep-proper-nouns` or `--include`.
    CapitalisedOnly,
    /// A contraction or elision the policy does not split (`can't`, `o'clock`).
    Apostrophe,
    /// Has a digit (`1815`, `10th`).
    Digits,
    /// Has a character outside the policy's alphabet (`.`, `@`, `_`, Greek under `game`).
    OutsideAlphabet,
    /// Fewer letters than `--min-len`.
    TooShort,
    /// More letters than `--max-len` (or than [`crate::policy::MAX_KEY_LEN`], the most any
    /// key has: such a token is refused by its spelling's length, [`Policy::key_of`]).
    TooLong,
    /// Fewer occurrences than `--min-count`.
    TooRare,
    /// In fewer books than `--min-books`.
    TooFewBooks,
    /// In an `--exclude` list.
    Excluded,
}

impl DropClass {
    /// Every class, in report order.
    pub const ALL: [DropClass; 9] = [
        DropClass::CapitalisedOnly,
        DropClass::Apostrophe,
        DropClass::Digits,
        DropClass::OutsideAlphabet,
        DropClass::TooShort,
        DropClass::TooLong,
        DropClass::TooRare,
        DropClass::TooFewBooks,
        DropClass::Excluded,
    ];

    /// The name used in the report (`capitalised-only`, ...).
    pub fn name(self) -> &'static str {
        match self {
            DropClass::CapitalisedOnly => "capitalised-only",
            DropClass::Apostrophe => "apostrophe",
            DropClass::Digits => "digits",
            DropClass::OutsideAlphabet => "outside-alphabet",
            DropClass::TooShort => "too-short",
            DropClass::TooLong => "too-long",
            DropClass::TooRare => "too-rare",
            DropClass::TooFewBooks => "too-few-books",
            DropClass::Excluded => "excluded",
        }
    }

    /// Whether the class is decided by the token's spelling alone (no key is made).
    fn by_spelling(self) -> bool {
        matches!(
            self,
            DropClass::Apostrophe | DropClass::Digits | DropClass::OutsideAlphabet
        )
    }
}

/// A word list read by [`Selection::parse_list`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParsedList {
    /// Its words, normalised by the policy.
    pub keys: BTreeSet<String>,
    /// The lines the policy refuses: 1-based line number and the line, trimmed.
    pub refused: Vec<(usize, String)>,
}

/// Word lists applied after the policy: `include` keys are kept whenever the books have
/// them (whatever case, length or count rule dropped them), `exclude` keys never.
/// Exclusion wins over inclusion.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// Keys to keep when the books have them.
    pub include: BTreeSet<String>,
    /// Keys never kept.
    pub exclude: BTreeSet<String>,
}

impl Selection {
    /// Whether there is no list.
    pub fn is_empty(&self) -> bool {
        self.include.is_empty() && self.exclude.is_empty()
    }

    /// The keys of a word list (one word a line, `#` comments and blank lines skipped),
    /// each normalised by `policy`; lines the policy refuses are returned apart, each with
    /// its 1-based line number.
    ///
    /// The bytes are read as `folio words import` reads a list: a UTF-8 BOM is dropped, a
    /// UTF-16 list with a BOM is converted, a line that is not UTF-8 is Windows-1252, LF,
    /// CRLF or a lone CR ends a line.
    ///
    /// # Errors
    /// The byte offset of a NUL (a binary file or UTF-16 without a BOM is no list).
    pub fn parse_list(policy: &Policy, bytes: &[u8]) -> std::result::Result<ParsedList, usize> {
        let utf16 = crate::ingest::decode::utf16_with_bom(bytes).transpose()?;
        let text = utf16.as_ref().map_or(bytes, |(t, _)| t.as_bytes());
        if let Some(offset) = text.iter().position(|&b| b == 0) {
            return Err(offset);
        }
        let mut keys = BTreeSet::new();
        let mut refused = Vec::new();
        for (n, raw) in crate::query::import::lines(text).enumerate() {
            let (line, _) = crate::query::import::decode_line(raw);
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            match policy.normalize_word(t) {
                Some(k) => {
                    keys.insert(k);
                }
                None => refused.push((n + 1, t.to_string())),
            }
        }
        Ok(ParsedList { keys, refused })
    }

    /// The class a key with these totals is dropped in, or `None` when it is kept.
    pub fn judge(&self, policy: &Policy, key: &str, stat: &WordStat) -> Option<DropClass> {
        if self.exclude.contains(key) {
            return Some(DropClass::Excluded);
        }
        if self.include.contains(key) {
            return None;
        }
        if !(stat.lower_case || policy.keep_proper_nouns || policy.name == PolicyName::Raw) {
            return Some(DropClass::CapitalisedOnly);
        }
        let chars = key.chars().count();
        if chars < policy.min_len {
            return Some(DropClass::TooShort);
        }
        if policy.max_len.is_some_and(|m| chars > m) {
            return Some(DropClass::TooLong);
        }
        if stat.count < policy.min_count {
            return Some(DropClass::TooRare);
        }
        if (stat.books as usize) < policy.min_books {
            return Some(DropClass::TooFewBooks);
        }
        None
    }
}

/// The class of a token the policy refuses outright, by its spelling.
pub fn spelling_class(token: &str) -> DropClass {
    if token.chars().any(char::is_numeric) {
        DropClass::Digits
    } else if token.trim_matches(APOSTROPHES).contains(APOSTROPHES) {
        DropClass::Apostrophe
    } else {
        DropClass::OutsideAlphabet
    }
}

/// How many forms of a word the report lists (most frequent first).
const FORMS_SHOWN: usize = 5;

/// How many characters of a spelling longer than any key ([`MAX_KEY_LEN`]) the report keeps.
pub const LONG_SPELLING_CHARS: usize = 80;

/// A spelling as the report holds it: as written when it has at most [`MAX_KEY_LEN`]
/// characters, else its first [`LONG_SPELLING_CHARS`] then `… (N bytes)` (as `import` shows
/// a long line), so that a book's 300 MB token costs the report a hundred bytes, not copies
/// of itself. The second value tells cut spellings apart (the Fx hash of the whole
/// spelling; 0 for one kept whole), so that two long tokens with the same start and length
/// still count as two words.
fn held_spelling(w: &str) -> (String, u64) {
    // Bytes first: a spelling has at least as many bytes as characters.
    if w.len() <= MAX_KEY_LEN || w.chars().nth(MAX_KEY_LEN).is_none() {
        return (w.to_string(), 0);
    }
    let start = w
        .char_indices()
        .nth(LONG_SPELLING_CHARS)
        .map_or(w, |(at, _)| &w[..at]);
    let mut h = crate::hash::FxHasher::default();
    std::hash::Hasher::write(&mut h, w.as_bytes());
    let hash = std::hash::Hasher::finish(&h);
    (format!("{start}… ({} bytes)", w.len()), hash | 1)
}

/// One key (or refused spelling) as seen in the books.
#[derive(Clone, Debug, Default)]
struct Seen {
    stat: WordStat,
    /// Spelling (as [`held_spelling`] holds it) → occurrences.
    forms: BTreeMap<String, u64>,
}

/// One book's survey: its keys and its refused spellings, with their forms.
#[derive(Debug, Default)]
pub struct BookSurvey {
    tokens: u64,
    boilerplate: u64,
    keys: FxHashMap<String, Seen>,
    /// Refused spellings, as [`held_spelling`] holds them.
    refused: FxHashMap<(String, u64), (DropClass, u64)>,
}

impl BookSurvey {
    /// Surveys one book's spellings (its cleaned body, counted) under `policy`;
    /// `boilerplate` is the number of words in its header and footer.
    pub fn of(counts: &TokenCounts<'_>, policy: &Policy, boilerplate: u64) -> BookSurvey {
        let mut s = BookSurvey {
            tokens: counts.tokens,
            boilerplate,
            ..BookSurvey::default()
        };
        let mut key = String::new();
        counts.for_each_spelling(&mut |w: &str, n: u64| match policy.key_of(w, &mut key) {
            Ok(k) => {
                let e = s.keys.entry(key.clone()).or_default();
                e.stat.count += n;
                e.stat.lower_case |= k.lower_case;
                e.stat.books = 1;
                *e.forms.entry(held_spelling(w).0).or_default() += n;
            }
            Err(Refusal::TooLong) => {
                s.refused
                    .entry(held_spelling(w))
                    .or_insert((DropClass::TooLong, 0))
                    .1 += n;
            }
            Err(Refusal::Spelling) => {
                s.refused
                    .entry(held_spelling(w))
                    .or_insert((spelling_class(w), 0))
                    .1 += n;
            }
        });
        s
    }
}

/// The totals of one drop class.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ClassTotal {
    /// Tokens (occurrences) dropped in this class.
    pub tokens: u64,
    /// Distinct words (keys, or spellings for the classes decided by spelling).
    pub words: u64,
}

/// A word of the report.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DroppedWord {
    /// The class it was dropped in.
    pub class: DropClass,
    /// Its key (or, for classes decided by spelling and for a token too long for any key,
    /// the spelling itself; one over [`MAX_KEY_LEN`] characters cut, [`LONG_SPELLING_CHARS`]).
    pub word: String,
    /// Occurrences in the books.
    pub count: u64,
    /// Books it occurs in.
    pub books: u32,
    /// Its most frequent forms as written, with their occurrences.
    pub forms: Vec<(String, u64)>,
}

/// The survey of a whole run: every token kept or dropped, by class.
#[derive(Clone, Debug, Default)]
pub struct Survey {
    tokens: u64,
    boilerplate: u64,
    kept_tokens: u64,
    kept_words: u64,
    classes: BTreeMap<DropClass, ClassTotal>,
    words: Vec<DroppedWord>,
    /// Keys kept only because an `--include` list names them, with their totals.
    included: Vec<(String, WordStat)>,
    /// `--include` keys the books do not have (not added).
    not_in_books: Vec<String>,
    /// `--exclude` keys the set would otherwise have kept.
    excluded_kept: u64,
}

impl Survey {
    /// Merges the books' surveys (in any order: the result is sorted) and judges every key
    /// by its totals under `policy` and `selection`.
    pub fn merge(books: Vec<BookSurvey>, policy: &Policy, selection: &Selection) -> Survey {
        let mut keys: FxHashMap<String, Seen> = FxHashMap::default();
        let mut refused: FxHashMap<(String, u64), (DropClass, u64, u32)> = FxHashMap::default();
        let mut out = Survey::default();
        for b in books {
            out.tokens += b.tokens;
            out.boilerplate += b.boilerplate;
            for (k, s) in b.keys {
                let e = keys.entry(k).or_default();
                e.stat.add(&s.stat);
                for (f, n) in s.forms {
                    *e.forms.entry(f).or_default() += n;
                }
            }
            for (w, (c, n)) in b.refused {
                let e = refused.entry(w).or_insert((c, 0, 0));
                e.1 += n;
                e.2 += 1;
            }
        }
        out.not_in_books = (selection.include.iter())
            .filter(|k| !keys.contains_key(k.as_str()))
            .cloned()
            .collect();
        let no_lists = Selection::default();
        for (k, seen) in keys {
            match selection.judge(policy, &k, &seen.stat) {
                None => {
                    out.kept_tokens += seen.stat.count;
                    out.kept_words += 1;
                    if no_lists.judge(policy, &k, &seen.stat).is_some() {
                        out.included.push((k, seen.stat));
                    }
                }
                Some(class) => {
                    if class == DropClass::Excluded
                        && no_lists.judge(policy, &k, &seen.stat).is_none()
                    {
                        out.excluded_kept += 1;
                    }
                    out.push(class, k, seen.stat.count, seen.stat.books, seen.forms);
                }
            }
        }
        for ((w, _), (class, n, books)) in refused {
            let forms = BTreeMap::from([(w.clone(), n)]);
            out.push(class, w, n, books, forms);
        }
        out.words.sort_by(|a, b| {
            (a.class, std::cmp::Reverse(a.count), &a.word).cmp(&(
                b.class,
                std::cmp::Reverse(b.count),
                &b.word,
            ))
        });
        out.included.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    fn push(
        &mut self,
        class: DropClass,
        word: String,
        count: u64,
        books: u32,
        forms: BTreeMap<String, u64>,
    ) {
        let t = self.classes.entry(class).or_default();
        t.tokens += count;
        t.words += 1;
        let mut forms: Vec<(String, u64)> = forms.into_iter().collect();
        forms.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        forms.truncate(FORMS_SHOWN);
        self.words.push(DroppedWord {
            class,
            word,
            count,
            books,
            forms,
        });
    }

    /// Words read (UAX #29 words of the books' bodies).
    pub fn tokens(&self) -> u64 {
        self.tokens
    }

    /// Words of the Gutenberg headers and footers (not words read).
    pub fn boilerplate(&self) -> u64 {
        self.boilerplate
    }

    /// Tokens whose key is in the set.
    pub fn kept_tokens(&self) -> u64 {
        self.kept_tokens
    }

    /// Keys in the set.
    pub fn kept_words(&self) -> u64 {
        self.kept_words
    }

    /// The totals of one class (zero when nothing was dropped in it).
    pub fn class(&self, class: DropClass) -> ClassTotal {
        self.classes.get(&class).cloned().unwrap_or_default()
    }

    /// Every dropped word, by class, most frequent first.
    pub fn words(&self) -> &[DroppedWord] {
        &self.words
    }

    /// Keys kept only because an `--include` list names them, sorted, with their totals.
    pub fn included(&self) -> &[(String, WordStat)] {
        &self.included
    }

    /// `--include` keys the books do not have (not added to the set).
    pub fn not_in_books(&self) -> &[String] {
        &self.not_in_books
    }

    /// `--exclude` keys the policy would have kept.
    pub fn excluded_kept(&self) -> u64 {
        self.excluded_kept
    }

    /// The report as TSV: a `#` header with the totals per class (which add up to the
    /// words read), then `class word count books forms` a line, forms as `Form:N` joined by
    /// spaces.
    pub fn to_tsv(&self) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let _ = writeln!(s, "# folio drop report");
        let _ = writeln!(s, "# words read\t{}", self.tokens);
        let _ = writeln!(
            s,
            "# kept\t{} tokens\t{} words",
            self.kept_tokens, self.kept_words
        );
        for c in DropClass::ALL {
            let t = self.class(c);
            let _ = writeln!(s, "# {}\t{} tokens\t{} words", c.name(), t.tokens, t.words);
        }
        let _ = writeln!(
            s,
            "# boilerplate (header and footer, not words read)\t{} tokens",
            self.boilerplate
        );
        let _ = writeln!(s, "class\tword\tcount\tbooks\tforms");
        for w in &self.words {
            let forms: Vec<String> = w
                .forms
                .iter()
                .map(|(f, n)| format!("{}:{n}", tsv_field(f)))
                .collect();
            let _ = writeln!(
                s,
                "{}\t{}\t{}\t{}\t{}",
                w.class.name(),
                tsv_field(&w.word),
                w.count,
                w.books,
                forms.join(" ")
            );
        }
        s
    }

    /// Up to `n` examples of `class`, most frequent first.
    pub fn examples(&self, class: DropClass, n: usize) -> impl Iterator<Item = &DroppedWord> {
        self.words.iter().filter(move |w| w.class == class).take(n)
    }

    /// Whether the class is decided by spelling (its words are spellings, not keys).
    pub fn by_spelling(class: DropClass) -> bool {
        class.by_spelling()
    }
}

/// Words (UAX #29) of `text` outside `body`'s parts: the Gutenberg header and footer and the
/// producer notes of the front matter.
pub fn words_outside(text: &str, body: &crate::ingest::boilerplate::Body) -> u64 {
    let mut n = 0u64;
    let mut from = 0;
    for part in body.parts().chain(std::iter::once(text.len()..text.len())) {
        crate::ingest::tokenize::for_each_span(&text[from..part.start], |_, _| n += 1);
        from = part.end;
    }
    n
}

/// Applies the lists to the keys the policy kept: `exclude` keys removed, `include` keys
/// the survey found added back with their counts; returns what was done, for the manifest.
pub(crate) fn apply(
    kept: &mut KeptKeys,
    selection: &Selection,
    survey: Option<&Survey>,
) -> ListsApplied {
    let included: &[(String, WordStat)] = survey.map_or(&[], |s| s.included());
    let mut out = KeptKeys::default();
    let mut excluded = Vec::new();
    let mut extra = included.iter().peekable();
    for ((k, n), &b) in kept.iter().zip(kept.books()) {
        while let Some((e, s)) = extra.next_if(|e| e.0.as_bytes() < k) {
            out.push(e.as_bytes(), s.count, s.books);
        }
        if extra.peek().is_some_and(|e| e.0.as_bytes() == k) {
            extra.next();
        }
        match std::str::from_utf8(k) {
            Ok(key) if selection.exclude.contains(key) => excluded.push(key.to_string()),
            _ => out.push(k, n, b),
        }
    }
    for (e, s) in extra {
        out.push(e.as_bytes(), s.count, s.books);
    }
    *kept = out;
    ListsApplied {
        include: selection.include.iter().cloned().collect(),
        exclude: selection.exclude.iter().cloned().collect(),
        included: included.iter().map(|(k, _)| k.clone()).collect(),
        not_in_books: survey.map_or_else(Vec::new, |s| s.not_in_books().to_vec()),
        excluded,
    }
}

/// A TSV field: tabs, line breaks and other control characters escaped (`\t`, `\n`, `\u{..}`)
/// so every row stays one line of five fields.
fn tsv_field(s: &str) -> String {
    if !s.chars().any(char::is_control) {
        return s.to_string();
    }
    s.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn survey(text: &str, policy: &Policy, sel: &Selection) -> Survey {
        let tc = TokenCounts::count(text);
        Survey::merge(vec![BookSurvey::of(&tc, policy, 0)], policy, sel)
    }

    #[test]
    fn a_spelling_longer_than_any_key_is_held_by_its_start_and_length() {
        let p = Policy::game();
        let (a, b) = ("ab".repeat(3000), format!("{}ba", "ab".repeat(2999)));
        let text = format!("the cat {a} {b} {a} x{} 12", "1".repeat(5000));
        let s = survey(&text, &p, &Selection::default());
        let long = s.class(DropClass::TooLong);
        assert_eq!((long.tokens, long.words), (3, 2));
        let start = "ab".repeat(40);
        let words: Vec<_> = s.examples(DropClass::TooLong, 9).collect();
        assert_eq!(words[0].word, format!("{start}… (6000 bytes)"));
        assert_eq!(words[0].count, 2);
        assert_eq!(words[0].forms, [(format!("{start}… (6000 bytes)"), 2)]);
        let digits: Vec<_> = s.examples(DropClass::Digits, 9).map(|w| &w.word).collect();
        assert_eq!(digits[1], &format!("x{}… (5001 bytes)", "1".repeat(79)));
        assert!(s.to_tsv().len() < 2000, "{}", s.to_tsv());
    }

    #[test]
    fn classes_add_up_to_words_read() {
        let p = Policy::game();
        let text = "The Queen met a Mock Turtle at 10 o'clock; the turtle's e-mail U.S.A \
                    λόγος I x antidisestablishmentarianism";
        let s = survey(text, &p, &Selection::default());
        let dropped: u64 = DropClass::ALL.iter().map(|&c| s.class(c).tokens).sum();
        assert_eq!(s.kept_tokens() + dropped, s.tokens());
        assert_eq!(s.class(DropClass::CapitalisedOnly).words, 3); // QUEEN MOCK I
        assert_eq!(s.class(DropClass::TooShort).tokens, 3); // a, e (of e-mail), x
        assert_eq!(s.class(DropClass::TooLong).tokens, 1);
        assert_eq!(s.class(DropClass::Digits).tokens, 1);
        assert_eq!(s.class(DropClass::Apostrophe).tokens, 1);
        assert_eq!(s.class(DropClass::OutsideAlphabet).tokens, 2); // U.S.A, λόγος
        let turtle = s.words().iter().find(|w| w.word == "TURTLE");
        assert!(turtle.is_none(), "turtle is seen in lower case");
    }

    #[test]
    fn a_token_past_the_longest_key_is_dropped_as_too_long() {
        // Under raw, whose --max-len is far below: the token is no key at all
        // (`Policy::key_of`), and the report still classes it, so the classes add up.
        let p = Policy::raw();
        let long = "a".repeat(crate::policy::MAX_KEY_LEN + 1);
        let s = survey(&format!("the {long} cat"), &p, &Selection::default());
        let dropped: u64 = DropClass::ALL.iter().map(|&c| s.class(c).tokens).sum();
        assert_eq!(s.tokens(), 3);
        assert_eq!(s.kept_tokens() + dropped, 3);
        assert_eq!(s.class(DropClass::TooLong).tokens, 1);
    }

    #[test]
    fn include_brings_words_back_and_exclude_wins() {
        let p = Policy::game();
        let mut sel = Selection::default();
        sel.include.insert("QUEEN".into());
        sel.include.insert("ZEBRA".into());
        sel.exclude.insert("CAT".into());
        let s = survey("The Queen and the cat. QUEEN", &p, &sel);
        assert_eq!(s.included().len(), 1);
        assert_eq!(s.included()[0].0, "QUEEN");
        assert_eq!(s.included()[0].1.count, 2);
        assert_eq!(s.not_in_books(), ["ZEBRA"]);
        assert_eq!(s.class(DropClass::Excluded).tokens, 1);
        assert_eq!(s.excluded_kept(), 1);
        let q = s.words().iter().find(|w| w.word == "QUEEN");
        assert!(q.is_none());
    }

    #[test]
    fn report_rows_are_one_line_each() {
        let p = Policy::game();
        let s = survey("Queen QUEEN Queen 12", &p, &Selection::default());
        let tsv = s.to_tsv();
        assert!(tsv.contains("capitalised-only\tQUEEN\t3\t1\tQueen:2 QUEEN:1\n"));
        assert!(tsv.contains("digits\t12\t1\t1\t12:1\n"));
        assert!(tsv.contains("# words read\t4\n"));
    }
}
