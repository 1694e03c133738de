//! The word-list policy: how a word of running text becomes a key of a word set, and which
//! keys a set keeps. Every rule, with its reason and source, is in `docs/policy.md`.
//!
//! Two named policies:
//! - [`Policy::game`] (the default): keys are upper-case `A–Z`; diacritics folded (é→E, ß→SS,
//!   æ→AE) unless `keep_diacritics`; tokens with digits, `.` or `@` dropped; a possessive `'s`
//!   stripped; other tokens with an apostrophe (contractions) dropped; a word is kept only if it
//!   was seen in lower case at least once (no proper nouns, no all-caps headings) unless
//!   `keep_proper_nouns`; 2 to 15 letters.
//! - [`Policy::raw`]: every UAX #29 word, NFKC-normalised and upper-cased, nothing dropped.
//!
//! Queries and plays call [`Policy::normalize_word`], which applies the same per-token rules
//! as ingest, so `whale`, `Whale` and `whale's` all look up `WHALE`.
//!
//! ```
//! use folio_lexicon::Policy;
//! let p = Policy::game();
//! assert_eq!(p.normalize_word("Whale’s").as_deref(), Some("WHALE"));
//! assert_eq!(p.normalize_word("naïve").as_deref(), Some("NAIVE"));
//! assert_eq!(p.normalize_word("can't"), None);
//! assert_eq!(p.normalize_word("1815"), None);
//! ```

use unicode_normalization::UnicodeNormalization;

/// Which named policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PolicyName {
    /// The word-game policy (the default).
    Game,
    /// Every normalised UAX #29 word.
    Raw,
}

impl PolicyName {
    /// `game` or `raw`.
    pub fn as_str(self) -> &'static str {
        match self {
            PolicyName::Game => "game",
            PolicyName::Raw => "raw",
        }
    }
}

impl std::fmt::Display for PolicyName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for PolicyName {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "game" => Ok(PolicyName::Game),
            "raw" => Ok(PolicyName::Raw),
            other => Err(format!(
                "unknown policy {} (expected game or raw)",
                folio_core::quote::quoted(other)
            )),
        }
    }
}

/// A named, documented word-list policy with every option (all recorded in the manifest).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Policy {
    /// Policy name (`game` or `raw`).
    pub name: PolicyName,
    /// Keep diacritics (upper-cased, NFC) instead of folding them to A–Z. Game policy only.
    pub keep_diacritics: bool,
    /// Keep words never seen in lower case (proper nouns, headings). Game policy only; the raw
    /// policy keeps them always.
    pub keep_proper_nouns: bool,
    /// Shortest word kept, in characters.
    pub min_len: usize,
    /// Longest word kept, in characters (`None`: no limit). The game default, 15, is the board.
    pub max_len: Option<usize>,
    /// Fewest occurrences (over all chosen books) for a word to be kept.
    pub min_count: u64,
    /// Fewest distinct books a word must occur in to be kept.
    pub min_books: usize,
    /// Letters kept as themselves, beside `A`–`Z`, while every other diacritic folds: the
    /// tile alphabet a set is built for (`ÄÖÜ` for German tiles; `ß` still spells `SS`).
    /// Upper case. Game policy without `keep_diacritics` only; empty (the default, not
    /// written to a manifest): `A`–`Z` only.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tile_letters: String,
    /// The books' language (ISO 639-1, `--lang`), or `auto` to read it from each book's
    /// Project Gutenberg header; `None`: no language rules. French, Italian and Catalan
    /// split elisions (`l'homme` → HOMME, see [`crate::ingest::elision`]). Game policy only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
}

/// The tile letters beyond `A`–`Z` of a language's crossword tile set (ISO 639-1 code →
/// letters), as data: what `folio ingest --lang CODE` keeps when neither `--tile-letters`
/// nor `--keep-diacritics` is given. German tiles have `Ä`, `Ö`, `Ü` (and no `ß`: spelt `SS`);
/// a language not listed (French: unaccented tiles) folds every diacritic.
pub const LANGUAGE_TILE_LETTERS: &[(&str, &str)] = &[("de", "ÄÖÜ")];

/// The tile letters of language `lang` ([`LANGUAGE_TILE_LETTERS`]), if it has any.
pub fn language_tile_letters(lang: &str) -> Option<&'static str> {
    LANGUAGE_TILE_LETTERS
        .iter()
        .find(|(code, _)| *code == lang)
        .map(|&(_, letters)| letters)
}

/// The tile letters `--tile-letters` gives, upper-cased, checked in one place: each must be
/// a letter, not one of `A`–`Z` (always tiles), and one letter in upper case (`ß` is `SS`);
/// none at all names no letter. A value that would do nothing is refused, saying why.
///
/// # Errors
/// The reason, naming the first character refused.
pub fn parse_tile_letters(given: &str) -> std::result::Result<String, String> {
    if given.is_empty() {
        return Err("names no letter: leave the option out for A–Z only".into());
    }
    let mut letters = String::new();
    for c in given.chars() {
        let one = c.to_string();
        let shown = folio_core::quote::quoted(&one);
        if !c.is_alphabetic() {
            return Err(format!("{shown} is not a letter"));
        }
        let mut upper = c.to_uppercase();
        let (Some(u), None) = (upper.next(), upper.next()) else {
            return Err(format!(
                "{shown} upper-cases to {}, more than one letter: it already spells those",
                c.to_uppercase()
            ));
        };
        if u.is_ascii_uppercase() {
            return Err(format!(
                "{shown} is already a tile letter: A–Z are always kept"
            ));
        }
        if !letters.contains(u) {
            letters.push(u);
        }
    }
    Ok(letters)
}

impl Policy {
    /// Whether words are spelled alike under both policies (same name and diacritics
    /// rule): then keys of one can be queried, and combined, with the other. Length and
    /// count limits only choose which words are kept.
    pub fn spells_like(&self, other: &Policy) -> bool {
        (self.name, self.keep_diacritics, &self.tile_letters)
            == (other.name, other.keep_diacritics, &other.tile_letters)
    }

    /// The game policy keeping `letters` (e.g. `ÄÖÜ`) as tiles beside `A`–`Z`.
    pub fn with_tile_letters(mut self, letters: &str) -> Policy {
        self.tile_letters = letters.chars().flat_map(char::to_uppercase).collect();
        self
    }

    /// `game`, `game --keep-diacritics` or `raw`: how the policy spells words.
    pub fn spelling(&self) -> String {
        if self.keep_diacritics && self.name == PolicyName::Game {
            format!("{} --keep-diacritics", self.name)
        } else if !self.tile_letters.is_empty() && self.name == PolicyName::Game {
            format!("{} --tile-letters {}", self.name, self.tile_letters)
        } else {
            self.name.to_string()
        }
    }

    /// The policy in a message, as the options that make it: its [`Policy::spelling`], then
    /// `--keep-proper-nouns`, `--min-len`, `--max-len`, `--lang` (what tells two partials'
    /// or two work folders' policies apart when one is refused for the other).
    pub fn options(&self) -> String {
        let mut s = self.spelling();
        if self.keep_proper_nouns {
            s.push_str(" --keep-proper-nouns");
        }
        s.push_str(&format!(" --min-len {}", self.min_len));
        if let Some(m) = self.max_len {
            s.push_str(&format!(" --max-len {m}"));
        }
        if let Some(lang) = &self.lang {
            s.push_str(&format!(" --lang {lang}"));
        }
        s
    }
}

impl Default for Policy {
    fn default() -> Self {
        Policy::game()
    }
}

/// What ingest knows about one key: the evidence [`Policy::keeps`] judges it by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WordStat {
    /// Occurrences in the chosen books (every spelling that normalises to the key).
    pub count: u64,
    /// Seen at least once written in lower case.
    pub lower_case: bool,
    /// Number of books it occurs in.
    pub books: u32,
}

impl WordStat {
    /// Adds `other` to `self`: occurrences and books add up, lower-case evidence is kept.
    pub fn add(&mut self, other: &WordStat) {
        self.count += other.count;
        self.lower_case |= other.lower_case;
        self.books += other.books;
    }
}

/// What the policy made of one token of running text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TokenKey {
    /// The token was written all in lower case (no upper-case letter): evidence that the
    /// word is a common word, not a proper noun or a heading.
    pub lower_case: bool,
}

/// Why a policy makes no key of a token ([`Policy::key_of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Its spelling: a digit, `.`, `@`, a contraction, a character outside the alphabet, or
    /// nothing left once apostrophes are trimmed.
    Spelling,
    /// Its key would have more than [`MAX_KEY_LEN`] characters.
    TooLong,
}

/// Letters that Unicode does not decompose but a tile alphabet spells out (game policy).
/// Source: the issue's examples (ß→SS, æ→AE) and the usual Latin transliterations.
const FOLDS: &[(char, &str)] = &[
    ('ß', "SS"),
    ('ẞ', "SS"),
    ('æ', "AE"),
    ('Æ', "AE"),
    ('œ', "OE"),
    ('Œ', "OE"),
    ('ø', "O"),
    ('Ø', "O"),
    ('đ', "D"),
    ('Đ', "D"),
    ('ð', "D"),
    ('Ð', "D"),
    ('þ', "TH"),
    ('Þ', "TH"),
    ('ł', "L"),
    ('Ł', "L"),
    ('ı', "I"),
];

/// The longest key `raw` keeps unless `--max-len` says otherwise, in characters. Words of
/// running text are far shorter (chemical names and German compounds stay under 100); a
/// longer UAX #29 "word" is a run of data, a URL or a token of a machine-made file, and
/// keeping it would cost the set builders about 100 bytes of memory per byte of key.
pub const RAW_MAX_LEN: usize = 100;

/// The longest key any folio word set holds, in characters: the ceiling of `--max-len` for
/// `ingest` and `import`, and what `import` applies when no `--max-len` is given. It bounds
/// the set builders' memory (they hold a node per byte of the key being added) whatever the
/// input: a word list of one 100 MB line is one rejected line, not gigabytes. Ingest makes
/// no longer key ([`Policy::key_of`]): such a token is read and counted as a token only.
pub const MAX_KEY_LEN: usize = 1000;

/// Characters used as an apostrophe, unified to `'` (pitfall 4 of the tokenization notes).
pub const APOSTROPHES: &[char] = &['\'', '\u{2019}', '\u{2018}', '\u{02BC}'];

impl Policy {
    /// The default game policy: upper-case A–Z keys, diacritics folded, possessives stripped,
    /// contractions and tokens with digits, `.` or `@` dropped, lower-case evidence required,
    /// 2–15 letters, at least 1 occurrence in at least 1 book.
    pub fn game() -> Policy {
        Policy {
            name: PolicyName::Game,
            keep_diacritics: false,
            keep_proper_nouns: false,
            min_len: 2,
            max_len: Some(15),
            min_count: 1,
            min_books: 1,
            tile_letters: String::new(),
            lang: None,
        }
    }

    /// The raw policy: every UAX #29 word, NFKC-normalised, curly apostrophes unified,
    /// upper-cased; at most [`RAW_MAX_LEN`] characters; proper nouns kept.
    pub fn raw() -> Policy {
        Policy {
            name: PolicyName::Raw,
            keep_diacritics: true,
            keep_proper_nouns: true,
            min_len: 1,
            max_len: Some(RAW_MAX_LEN),
            min_count: 1,
            min_books: 1,
            tile_letters: String::new(),
            lang: None,
        }
    }

    /// The named policy with its defaults.
    pub fn named(name: PolicyName) -> Policy {
        match name {
            PolicyName::Game => Policy::game(),
            PolicyName::Raw => Policy::raw(),
        }
    }

    /// Normalises one word given by a user (a query, a word-list line, a played word) the way
    /// ingest normalises a word of running text. `None` when the policy rejects it (digits,
    /// `.`, `@`, a contraction, characters outside the alphabet, whitespace).
    ///
    /// Length and count limits are not applied here: they decide which keys a set keeps, and
    /// a key the set does not keep is simply absent from it.
    pub fn normalize_word(&self, word: &str) -> Option<String> {
        let word = word.trim();
        if word.is_empty() || word.chars().any(char::is_whitespace) {
            return None;
        }
        let mut out = String::new();
        // A user's word is judged whole, however long: `import` says how long it is.
        self.spell(word, &mut out, usize::MAX).ok()?;
        Some(out)
    }

    /// Normalises one UAX #29 token of running text into `out` (cleared first). Returns
    /// `None` when the policy drops the token ([`Policy::key_of`] says why), else whether it
    /// counts as lower-case evidence.
    pub fn normalize_token(&self, token: &str, out: &mut String) -> Option<TokenKey> {
        self.key_of(token, out).ok()
    }

    /// The key of one UAX #29 token of running text, in `out` (cleared first; empty when the
    /// token is refused), or why the policy makes none: its spelling, or a key of more than
    /// [`MAX_KEY_LEN`] characters. No word set can hold such a key whatever `--max-len`
    /// says, so it is never made: a book's 30 MB run of letters is a token read, not a key
    /// counted, held or written into a run of `--memory` or a partial, and every path
    /// (in memory, `--memory`, `--partial` and `merge`) counts the same keys.
    ///
    /// # Errors
    /// [`Refusal::Spelling`] (digits, `.`, `@`, a contraction, outside the alphabet) is
    /// judged before [`Refusal::TooLong`].
    pub fn key_of(&self, token: &str, out: &mut String) -> Result<TokenKey, Refusal> {
        self.spell(token, out, MAX_KEY_LEN)
    }

    /// The key of `token` in `out` if it has at most `most` characters.
    fn spell(&self, token: &str, out: &mut String, most: usize) -> Result<TokenKey, Refusal> {
        out.clear();
        let key = match self.name {
            PolicyName::Game => self.game_token(token, out, most),
            PolicyName::Raw => raw_token(token, out, most),
        }?;
        // Bytes first: a key has at least as many bytes as characters.
        if out.len() > most && out.chars().count() > most {
            out.clear();
            return Err(Refusal::TooLong);
        }
        Ok(key)
    }

    /// Whether a key of `chars` characters is within `min_len..=max_len`.
    pub fn length_ok(&self, chars: usize) -> bool {
        chars >= self.min_len && self.max_len.is_none_or(|m| chars <= m)
    }

    /// Whether a word with these totals is kept in the set.
    pub fn keeps(&self, key: &str, stats: &WordStat) -> bool {
        self.keeps_len(key.chars().count(), stats)
    }

    /// As [`Policy::keeps`], for a key of `chars` characters.
    pub fn keeps_len(&self, chars: usize, stats: &WordStat) -> bool {
        (stats.lower_case || self.keep_proper_nouns || self.name == PolicyName::Raw)
            && stats.count >= self.min_count
            && stats.books as usize >= self.min_books
            && self.length_ok(chars)
    }

    /// This policy for one book whose text is `text`: `lang: auto` becomes the language
    /// of the book's Project Gutenberg header (no language rules without one), with that
    /// language's tile letters ([`LANGUAGE_TILE_LETTERS`]) as `--lang CODE` gives them.
    pub fn for_book(&self, text: &str) -> std::borrow::Cow<'_, Policy> {
        if self.lang.as_deref() != Some("auto") {
            return std::borrow::Cow::Borrowed(self);
        }
        let mut p = self.clone();
        p.lang = crate::ingest::elision::language_of(text);
        if let Some(letters) = p.lang.as_deref().and_then(|l| self.auto_tile_letters(l)) {
            p = p.with_tile_letters(letters);
        }
        std::borrow::Cow::Owned(p)
    }

    /// The tile letters `lang: auto` gives a book of language `lang`: the language's own
    /// ([`language_tile_letters`]), unless the policy chose its letters (`--tile-letters`,
    /// `--keep-diacritics`) or is not the game policy.
    fn auto_tile_letters(&self, lang: &str) -> Option<&'static str> {
        let chosen = self.keep_diacritics || !self.tile_letters.is_empty();
        (self.name == PolicyName::Game && !chosen)
            .then(|| language_tile_letters(lang))
            .flatten()
    }

    /// The policy a set's manifest records, given the languages its books were read in:
    /// under `lang: auto`, the tile letters of every language found (each book was read
    /// with its own language's, [`Policy::for_book`]), so the set is spelt, and queried,
    /// as `--lang CODE` would record it (`auto` over German books: `ÄÖÜ`, as `--lang de`).
    pub fn recorded<'a>(&self, languages: impl IntoIterator<Item = &'a str>) -> Policy {
        let mut p = self.clone();
        if self.lang.as_deref() != Some("auto") {
            return p;
        }
        let mut letters = String::new();
        let mut langs: Vec<&str> = languages.into_iter().collect();
        langs.sort_unstable();
        langs.dedup();
        for l in langs.into_iter().filter_map(|l| self.auto_tile_letters(l)) {
            for c in l.chars() {
                if !letters.contains(c) {
                    letters.push(c);
                }
            }
        }
        if !letters.is_empty() {
            p = p.with_tile_letters(&letters);
        }
        p
    }

    /// Whether tokens lose a leading elided particle (`l'`, `qu'`) under this policy.
    pub fn splits_elisions(&self) -> bool {
        self.name == PolicyName::Game
            && self
                .lang
                .as_deref()
                .is_some_and(crate::ingest::elision::splits_elisions)
    }

    /// The game key of `token` in `out`; a plain ASCII token whose key would pass `most`
    /// characters is refused before any of it is copied (a 200 MB run of letters costs no
    /// second 200 MB).
    fn game_token(&self, token: &str, out: &mut String, most: usize) -> Result<TokenKey, Refusal> {
        let token = if self.splits_elisions() {
            crate::ingest::elision::elided(token)
        } else {
            token
        };
        // Fast path: plain ASCII letters with at most straight apostrophes.
        if token.is_ascii() {
            let t = token.trim_matches('\'');
            let t = strip_possessive(t);
            let b = t.as_bytes();
            if b.is_empty() || !b.iter().all(u8::is_ascii_alphabetic) {
                // Digits, `.`, `@`, `_`, a contraction's apostrophe, other symbols.
                return Err(Refusal::Spelling);
            }
            if b.len() > most {
                return Err(Refusal::TooLong);
            }
            out.reserve(b.len());
            let mut lower = true;
            for &c in b {
                lower &= !c.is_ascii_uppercase();
                out.push(c.to_ascii_uppercase() as char);
            }
            return Ok(TokenKey { lower_case: lower });
        }
        let unified = unify_apostrophes(token);
        let t = unified.trim_matches('\'');
        let t = strip_possessive(t);
        if t.is_empty()
            || t.chars()
                .any(|c| c.is_numeric() || c == '.' || c == '@' || c == '\'')
        {
            return Err(Refusal::Spelling);
        }
        let lower = !t.chars().any(char::is_uppercase);
        if self.keep_diacritics {
            for c in t.nfkc() {
                if !(c.is_alphabetic() || unicode_normalization::char::is_combining_mark(c)) {
                    return Err(Refusal::Spelling);
                }
                push_upper(out, c);
            }
            let composed: String = out.nfc().collect();
            *out = composed;
        } else if self.tile_letters.is_empty() {
            fold_to_a_z(t.nfkd(), out).ok_or(Refusal::Spelling)?;
        } else {
            for whole in t.nfc() {
                // A letter the tile alphabet has (`Ä`) stays itself, upper case.
                let mut up = whole.to_uppercase();
                if let (Some(u), None) = (up.next(), up.next()) {
                    if !u.is_ascii() && self.tile_letters.contains(u) {
                        out.push(u);
                        continue;
                    }
                }
                fold_to_a_z(std::iter::once(whole).nfkd(), out).ok_or(Refusal::Spelling)?;
            }
        }
        (!out.is_empty())
            .then_some(TokenKey { lower_case: lower })
            .ok_or(Refusal::Spelling)
    }
}

/// Pushes decomposed characters folded to `A`–`Z` (marks dropped, `ß` → `SS`); `None` for a
/// character outside the alphabet.
fn fold_to_a_z(decomposed: impl Iterator<Item = char>, out: &mut String) -> Option<()> {
    for c in decomposed {
        if unicode_normalization::char::is_combining_mark(c) {
            continue;
        }
        if c.is_ascii_alphabetic() {
            out.push(c.to_ascii_uppercase());
        } else if let Some((_, s)) = FOLDS.iter().find(|(f, _)| *f == c) {
            out.push_str(s);
        } else {
            // Greek, Cyrillic, symbols: outside the A–Z alphabet.
            return None;
        }
    }
    Some(())
}

/// The raw key of `token` in `out`; an ASCII token of more than `most` characters is refused
/// before it is copied (as in `game_token`).
fn raw_token(token: &str, out: &mut String, most: usize) -> Result<TokenKey, Refusal> {
    // Fast path: ASCII is its own NFKC and NFC, and its one apostrophe is the straight one.
    if token.is_ascii() {
        let b = token.as_bytes();
        if b.len() > most {
            return Err(Refusal::TooLong);
        }
        out.reserve(b.len());
        let mut lower = true;
        for &c in b {
            lower &= !c.is_ascii_uppercase();
            out.push(c.to_ascii_uppercase() as char);
        }
        return (!out.is_empty())
            .then_some(TokenKey { lower_case: lower })
            .ok_or(Refusal::Spelling);
    }
    let lower = !token.chars().any(char::is_uppercase);
    for c in token.nfkc() {
        if APOSTROPHES.contains(&c) {
            out.push('\'');
        } else {
            push_upper(out, c);
        }
    }
    // Upper-casing can leave a letter decomposed (`ǰ` → `J` + caron): recompose, so that
    // every spelling of a word has one key.
    if !out.is_ascii() {
        let composed: String = out.nfc().collect();
        *out = composed;
    }
    (!out.is_empty())
        .then_some(TokenKey { lower_case: lower })
        .ok_or(Refusal::Spelling)
}

/// Pushes `c` upper-cased. Capital sharp s `ẞ` becomes `SS`, as `ß` does (Unicode's full
/// case folding of both is `ss`): one key for `STRAẞE`, `STRASSE` and `straße`.
fn push_upper(out: &mut String, c: char) {
    if c == '\u{1E9E}' {
        out.push_str("SS");
    } else {
        out.extend(c.to_uppercase());
    }
}

fn unify_apostrophes(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains(&APOSTROPHES[1..]) {
        s.chars()
            .map(|c| if APOSTROPHES.contains(&c) { '\'' } else { c })
            .collect::<String>()
            .into()
    } else {
        s.into()
    }
}

/// `whale's` → `whale` (also `'S`). A trailing lone apostrophe is already trimmed.
fn strip_possessive(t: &str) -> &str {
    t.strip_suffix("'s")
        .or_else(|| t.strip_suffix("'S"))
        .unwrap_or(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(w: &str) -> Option<String> {
        Policy::game().normalize_word(w)
    }

    fn key(p: &Policy, t: &str) -> Option<(String, bool)> {
        let mut out = String::new();
        p.normalize_token(t, &mut out)
            .map(|k| (out.clone(), k.lower_case))
    }

    #[test]
    fn keys_are_upper_case_a_to_z() {
        assert_eq!(game("whale").as_deref(), Some("WHALE"));
        assert_eq!(game("Whale").as_deref(), Some("WHALE"));
        assert_eq!(game("  harpoon ").as_deref(), Some("HARPOON"));
    }

    #[test]
    fn diacritics_fold_unless_kept() {
        assert_eq!(game("café").as_deref(), Some("CAFE"));
        assert_eq!(game("cafe\u{301}").as_deref(), Some("CAFE")); // decomposed (pitfall 12)
        assert_eq!(game("groß").as_deref(), Some("GROSS"));
        assert_eq!(game("æsthetic").as_deref(), Some("AESTHETIC"));
        assert_eq!(game("œuvre").as_deref(), Some("OEUVRE"));
        assert_eq!(game("ﬁne").as_deref(), Some("FINE")); // ligature, NFKC (pitfall 13)
        let keep = Policy {
            keep_diacritics: true,
            ..Policy::game()
        };
        assert_eq!(keep.normalize_word("café").as_deref(), Some("CAFÉ"));
        assert_eq!(keep.normalize_word("cafe\u{301}").as_deref(), Some("CAFÉ"));
        assert_eq!(keep.normalize_word("groß").as_deref(), Some("GROSS"));
    }

    #[test]
    fn no_key_of_a_token_is_longer_than_max_key_len() {
        let raw = Policy::raw();
        let keep = Policy {
            keep_diacritics: true,
            ..Policy::game()
        };
        let german = Policy::game().with_tile_letters("ÄÖÜ");
        let mut out = String::new();
        for p in [&Policy::game(), &raw, &keep, &german] {
            // ASCII (the fast paths) and non-ASCII, at the limit and one past it.
            for letter in ["a", "é", "ä"] {
                let at = letter.repeat(MAX_KEY_LEN);
                assert!(p.key_of(&at, &mut out).is_ok(), "{}", p.spelling());
                assert_eq!(out.chars().count(), MAX_KEY_LEN);
                let past = letter.repeat(MAX_KEY_LEN + 1);
                assert_eq!(p.key_of(&past, &mut out), Err(Refusal::TooLong));
                assert!(out.is_empty());
                assert_eq!(p.normalize_token(&past, &mut out), None);
            }
        }
        // Characters are counted in the key, not the token: 1,001 marks on one letter make
        // a key of one letter; `ß` folds to two.
        let marked = format!("e{}", "\u{301}".repeat(MAX_KEY_LEN + 1));
        assert_eq!(key(&Policy::game(), &marked), Some(("E".into(), true)));
        let sharp = "ß".repeat(MAX_KEY_LEN / 2 + 1);
        assert_eq!(
            Policy::game().key_of(&sharp, &mut out),
            Err(Refusal::TooLong)
        );
        // Its spelling is judged first: digits refuse a token whatever its length.
        let digits = format!("{}1", "a".repeat(MAX_KEY_LEN * 2));
        assert_eq!(
            Policy::game().key_of(&digits, &mut out),
            Err(Refusal::Spelling)
        );
        // A word given by a user is normalised whole: `import` says how long it is.
        let long = "a".repeat(MAX_KEY_LEN + 1);
        assert_eq!(game(&long).map(|k| k.len()), Some(MAX_KEY_LEN + 1));
    }

    #[test]
    fn digits_dots_and_at_signs_drop_the_token() {
        // Pitfalls 14 and 15.
        for w in [
            "1815",
            "10th",
            "3.14",
            "U.S.A",
            "www.gutenberg.org",
            "a@b",
            "_12",
        ] {
            assert_eq!(game(w), None, "{w}");
        }
    }

    #[test]
    fn possessive_stripped_contractions_dropped() {
        // Pitfalls 4 and 5: curly and straight apostrophes alike.
        assert_eq!(game("whale's").as_deref(), Some("WHALE"));
        assert_eq!(game("whale’s").as_deref(), Some("WHALE"));
        assert_eq!(game("JANE'S").as_deref(), Some("JANE"));
        assert_eq!(game("James'").as_deref(), Some("JAMES"));
        assert_eq!(game("’Tis").as_deref(), Some("TIS"));
        for w in ["can't", "don’t", "o'clock", "l’homme", "qu'il"] {
            assert_eq!(game(w), None, "{w}");
        }
    }

    #[test]
    fn tile_letters_that_would_do_nothing_are_refused() {
        assert_eq!(parse_tile_letters("äöü").unwrap(), "ÄÖÜ");
        for (given, says) in [
            ("", "names no letter"),
            ("1", "not a letter"),
            (" ", "not a letter"),
            ("-", "not a letter"),
            ("'", "not a letter"),
            ("A", "already a tile letter"),
            ("Äa", "already a tile letter"),
            ("ß", "upper-cases to SS"),
        ] {
            let e = parse_tile_letters(given).unwrap_err();
            assert!(e.contains(says), "{given:?}: {e}");
        }
    }

    /// `lang: auto` reads a German book with ÄÖÜ and records them, as `--lang de`; an
    /// English book, or letters chosen by the user, are left alone.
    #[test]
    fn auto_applies_and_records_the_detected_tile_letters() {
        let mut auto = Policy::game();
        auto.lang = Some("auto".into());
        let german = "Title: Faust\nLanguage: German\n\nMädchen";
        assert_eq!(auto.for_book(german).tile_letters, "ÄÖÜ");
        assert_eq!(auto.for_book(german).lang.as_deref(), Some("de"));
        assert_eq!(auto.for_book("Language: English\n").tile_letters, "");
        assert_eq!(auto.recorded(["de", "en"]).tile_letters, "ÄÖÜ");
        assert_eq!(auto.recorded(["en"]).tile_letters, "");
        let chosen = auto.clone().with_tile_letters("Ñ");
        assert_eq!(chosen.for_book(german).tile_letters, "Ñ");
        assert_eq!(chosen.recorded(["de"]).tile_letters, "Ñ");
    }

    #[test]
    fn tile_letters_stay_while_other_diacritics_fold() {
        let german = Policy::game().with_tile_letters("äöü");
        assert_eq!(german.tile_letters, "ÄÖÜ");
        let key = |w: &str| german.normalize_word(w);
        assert_eq!(key("Mädchen").as_deref(), Some("MÄDCHEN"));
        assert_eq!(key("Straße").as_deref(), Some("STRASSE"));
        assert_eq!(key("café").as_deref(), Some("CAFE"));
        // A decomposed Ä (A + combining diaeresis) is the same tile.
        assert_eq!(key("u\u{0308}ber").as_deref(), Some("ÜBER"));
        assert_eq!(
            Policy::game().normalize_word("Mädchen").as_deref(),
            Some("MADCHEN")
        );
        assert!(!german.spells_like(&Policy::game()));
        assert_eq!(german.spelling(), "game --tile-letters ÄÖÜ");
        // `--lang de` keeps the German tiles' letters; French tiles have no accents.
        assert_eq!(language_tile_letters("de"), Some("ÄÖÜ"));
        assert_eq!(language_tile_letters("fr"), None);
    }

    #[test]
    fn other_scripts_and_symbols_are_outside_the_alphabet() {
        assert_eq!(game("λόγος"), None);
        assert_eq!(game("well-known"), None); // a compound is two words, never one key
        assert_eq!(game("two words"), None);
        assert_eq!(game(""), None);
    }

    #[test]
    fn lower_case_evidence() {
        let p = Policy::game();
        assert_eq!(key(&p, "whale"), Some(("WHALE".into(), true)));
        assert_eq!(key(&p, "Whale"), Some(("WHALE".into(), false)));
        assert_eq!(key(&p, "LONDON"), Some(("LONDON".into(), false)));
        assert_eq!(key(&p, "naïve"), Some(("NAIVE".into(), true)));
        assert_eq!(key(&p, "Émile"), Some(("EMILE".into(), false)));
    }

    #[test]
    fn raw_keeps_everything_normalised() {
        let p = Policy::raw();
        assert_eq!(key(&p, "can’t"), Some(("CAN'T".into(), true)));
        assert_eq!(key(&p, "3.14"), Some(("3.14".into(), true)));
        assert_eq!(key(&p, "ﬁne"), Some(("FINE".into(), true)));
        assert_eq!(p.normalize_word("Darcy").as_deref(), Some("DARCY"));
    }

    #[test]
    fn raw_ascii_fast_path_agrees_with_nfkc() {
        // Every printable ASCII character alone, in a word, and as a word's case variants:
        // the fast path gives what NFKC, upper-casing and NFC give.
        let mut tokens: Vec<String> = (0x20u8..0x7F)
            .flat_map(|c| [format!("{}", c as char), format!("a{}B", c as char)])
            .collect();
        tokens.extend(["don't", "Darcy", "X-RAY", "o'clock", "''", "3.14"].map(String::from));
        for t in &tokens {
            let want: String = t.nfkc().flat_map(char::to_uppercase).collect::<String>();
            let want: String = want.nfc().collect();
            let lower = !t.chars().any(char::is_uppercase);
            let mut out = String::new();
            let got = raw_token(t, &mut out, MAX_KEY_LEN)
                .ok()
                .map(|k| (out.clone(), k.lower_case));
            assert_eq!(got, (!want.is_empty()).then_some((want, lower)), "{t:?}");
        }
    }

    #[test]
    fn length_limits() {
        let p = Policy::game();
        assert!(!p.length_ok(1));
        assert!(p.length_ok(2));
        assert!(p.length_ok(15));
        assert!(!p.length_ok(16));
        assert!(Policy::raw().length_ok(100));
    }

    #[test]
    fn policy_names_parse() {
        assert_eq!("game".parse::<PolicyName>(), Ok(PolicyName::Game));
        assert_eq!("raw".parse::<PolicyName>(), Ok(PolicyName::Raw));
        assert!("scrabble".parse::<PolicyName>().is_err());
    }
}
