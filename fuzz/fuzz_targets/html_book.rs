//! Fuzzes the text extraction of HTML and EPUB books: `html::to_text` (html5ever's
//! tokenizer, streamed) on any page and `html::epub_text` on any archive. None may panic;
//! a page read in two pieces, cut anywhere, gives the same text as read whole.
#![no_main]

use folio_lexicon::ingest::html::{epub_text, is_zip, to_text, HtmlText};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if is_zip(data) {
        let _ = epub_text(data);
        return;
    }
    let page = String::from_utf8_lossy(data);
    let whole = to_text(&page);
    // The first byte chooses where the page is cut (inside a tag, a reference…).
    let mut cut = usize::from(data.first().copied().unwrap_or(0)) % (page.len() + 1);
    while !page.is_char_boundary(cut) {
        cut -= 1;
    }
    let mut pieces = HtmlText::default();
    pieces.push(&page[..cut]);
    pieces.push(&page[cut..]);
    assert_eq!(pieces.finish(), whole);
});
