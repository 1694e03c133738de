//! Languages in ingest: elisions split as wordfreq splits them, and a book's language read
//! from its Project Gutenberg header.
//!
//! French, Italian and Catalan write an article or particle elided before a vowel or `h`
//! with an apostrophe: `l'homme`, `d'abord`, `qu'il`, `dell'anno`, `l'any`. UAX #29 keeps
//! such a run as one word, which the game policy drops with the contractions, so a French
//! book loses every word it only ever writes after an elision (ABBÉ in *Madame Bovary*).
//! wordfreq's tokenizer (`wordfreq/tokens.py`, the `TOKEN_RE` rule "the start of the token
//! must not consist of 1-2 letters, an apostrophe, and a vowel or 'h'") splits them; folio
//! does the same for these languages and drops the particle (`l'`, `qu'`), which is no word
//! of a game.
//!
//! ```
//! use folio_lexicon::ingest::elision::{elided, language_of};
//! assert_eq!(elided("l'homme"), "homme");
//! assert_eq!(elided("qu'il"), "il");
//! assert_eq!(elided("aujourd'hui"), "aujourd'hui"); // 7 letters before the apostrophe
//! assert_eq!(elided("o'clock"), "o'clock"); // not before a vowel or h
//! assert_eq!(language_of("Title: X\nLanguage: French\n").as_deref(), Some("fr"));
//! ```

/// Languages whose elisions are split (ISO 639-1 codes).
pub const ELIDING: [&str; 3] = ["fr", "it", "ca"];

/// Whether `lang` (an ISO 639-1 code) splits elisions.
pub fn splits_elisions(lang: &str) -> bool {
    ELIDING.contains(&lang)
}

/// `token` without a leading elided particle: 1 or 2 letters and an apostrophe (any of
/// [`crate::policy::APOSTROPHES`]) before a vowel or `h` (any case, any diacritic).
/// Unchanged when it has none.
pub fn elided(token: &str) -> &str {
    let mut chars = token.char_indices();
    for _ in 0..3 {
        match chars.next() {
            Some((i, c)) if i > 0 && crate::policy::APOSTROPHES.contains(&c) => {
                let rest = &token[i + c.len_utf8()..];
                return if rest.chars().next().is_some_and(vowel_or_h) {
                    rest
                } else {
                    token
                };
            }
            Some((_, c)) if c.is_alphabetic() => {}
            _ => return token,
        }
    }
    token
}

/// A vowel (with or without diacritics: `é`, `à`, `œ`) or `h`, in any case.
fn vowel_or_h(c: char) -> bool {
    use unicode_normalization::UnicodeNormalization;
    let base = c.to_string().nfd().next().unwrap_or(c);
    matches!(
        base.to_ascii_lowercase(),
        'a' | 'e' | 'i' | 'o' | 'u' | 'y' | 'h'
    ) || matches!(c, 'œ' | 'Œ' | 'æ' | 'Æ')
}

/// How far into a book its Project Gutenberg header is searched for `Language:`.
const HEADER_BYTES: usize = 16 * 1024;

/// The languages folio knows: (ISO 639-1 code, English name as a Project Gutenberg
/// `Language:` line writes it). The codes are what `folio ingest --lang` takes (besides
/// `auto`); the names are what [`language_of`] reads. French, Italian and Catalan split
/// elisions ([`ELIDING`]), German keeps its tile letters
/// ([`crate::policy::LANGUAGE_TILE_LETTERS`]); the others are recorded in the manifest only.
pub const LANGUAGES: &[(&str, &str)] = &[
    ("en", "English"),
    ("fr", "French"),
    ("it", "Italian"),
    ("ca", "Catalan"),
    ("de", "German"),
    ("es", "Spanish"),
    ("pt", "Portuguese"),
    ("nl", "Dutch"),
    ("la", "Latin"),
];

/// The English name of language `code` ([`LANGUAGES`]), if folio knows it.
pub fn language_name(code: &str) -> Option<&'static str> {
    LANGUAGES
        .iter()
        .find(|(c, _)| *c == code)
        .map(|&(_, name)| name)
}

/// The language of a book from its Project Gutenberg header (`Language: French`), as an
/// ISO 639-1 code when folio knows the name ([`LANGUAGES`]), else the name in lower case.
/// `None` without the line.
pub fn language_of(text: &str) -> Option<String> {
    let mut end = text.len().min(HEADER_BYTES);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let line = text[..end]
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("Language:"))?;
    let name = line.trim().to_lowercase();
    if name.is_empty() {
        return None;
    }
    let code = LANGUAGES
        .iter()
        .find(|(_, n)| n.eq_ignore_ascii_case(&name))
        .map_or(name.as_str(), |&(code, _)| code);
    Some(code.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn particles_before_vowels_and_h() {
        for (t, want) in [
            ("l'homme", "homme"),
            ("L'Angleterre", "Angleterre"),
            ("d’abord", "abord"),
            ("qu'il", "il"),
            ("l'été", "été"),
            ("s'élança", "élança"),
            ("c'œur", "œur"),
            ("j'ai", "ai"),
            ("dell'anno", "dell'anno"), // 4 letters: wordfreq keeps it whole too
            ("can't", "can't"),
            ("l'", "l'"),
            ("'abord", "'abord"),
            ("homme", "homme"),
            ("3'a", "3'a"),
        ] {
            assert_eq!(elided(t), want, "{t}");
        }
    }

    #[test]
    fn every_language_with_rules_is_known() {
        for code in ELIDING
            .iter()
            .chain(crate::policy::LANGUAGE_TILE_LETTERS.iter().map(|(c, _)| c))
        {
            assert!(language_name(code).is_some(), "{code}");
        }
        assert_eq!(language_name("de"), Some("German"));
        assert_eq!(language_name("xx"), None);
    }

    #[test]
    fn header_language() {
        assert_eq!(language_of("Language: Italian\r\n").as_deref(), Some("it"));
        assert_eq!(
            language_of("Language: Esperanto").as_deref(),
            Some("esperanto")
        );
        assert_eq!(language_of("no header"), None);
    }
}
