//! HTML detection: a book that is an HTML page (a Project Gutenberg `.htm` edition, or one
//! saved as `.txt`) would have its tags and attributes read as words (`DIV`, `CLASS`,
//! `HREF`). Ingest warns about it, naming the file.
//!
//! ```
//! use folio_lexicon::ingest::html::looks_like_html;
//! assert!(looks_like_html("\u{feff}<!DOCTYPE html>\n<html>"));
//! assert!(looks_like_html("  <?xml version=\"1.0\"?>\n<!DOCTYPE html PUBLIC"));
//! assert!(!looks_like_html("The Project Gutenberg eBook of <Title>"));
//! ```

/// How far into a book its start is looked at, in bytes.
const SNIFF_BYTES: usize = 1024;

/// Whether `text` starts (after a byte-order mark, blanks and an XML declaration or
/// comments) with `<!DOCTYPE html`, `<html` or `<head`, in any case: an HTML or XHTML page.
pub fn looks_like_html(text: &str) -> bool {
    let mut end = text.len().min(SNIFF_BYTES);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let mut t = text[..end].trim_start_matches('\u{feff}').trim_start();
    loop {
        let lower = t.get(..14).unwrap_or(t).to_ascii_lowercase();
        if lower.starts_with("<!doctype html")
            || lower.starts_with("<html")
            || lower.starts_with("<head")
        {
            return true;
        }
        let skip = if lower.starts_with("<?xml") {
            t.find("?>").map(|i| i + 2)
        } else if lower.starts_with("<!--") {
            t.find("-->").map(|i| i + 3)
        } else {
            None
        };
        match skip {
            Some(i) => t = t[i..].trim_start(),
            None => return false,
        }
    }
}
