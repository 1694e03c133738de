//! Fuzzes the parsers of `folio words` user input: word lists (`import`), `?`/`*` patterns,
//! whole-word regexes and racks. None may panic; each must return a value or a typed error,
//! and whatever parses must run against a small set without panicking.
#![no_main]

use folio_lexicon::query::import::{ImportList, ImportOptions};
use folio_lexicon::query::pattern::Pattern;
use folio_lexicon::query::rack::{self, LetterValues, Rack};
use folio_lexicon::query::regex::WholeWordRegex;
use folio_lexicon::query::{self, anagram};
use folio_lexicon::{Policy, WordSet};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let policy = Policy::game();
    let list = ImportList::parse(data, &policy, &ImportOptions::default());
    let Ok(set) = WordSet::from_words(&list.keys) else {
        return;
    };
    let text = String::from_utf8_lossy(data);
    if let Ok(p) = Pattern::parse(&policy, &text) {
        let _ = query::search(&set, &p);
    }
    if text.len() < 64 {
        if let Ok(re) = WholeWordRegex::new(&text) {
            let _ = re.search(&set);
        }
    }
    if let Ok(r) = Rack::parse(&policy, &text) {
        if r.len() <= 12 {
            let _ = rack::from_rack(&set, &r, 1, &LetterValues::default());
            let _ = anagram::anagrams(&set, &r, &LetterValues::default());
        }
    }
});
