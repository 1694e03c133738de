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

/// Block-level elements: their text is set apart by a blank line, as paragraphs are in a
/// plain-text book (so no word runs into the next block's, and Gutenberg markers start a
/// line). Inline elements (`<i>`, `<span>`, `<a>`) add nothing, so `<i>wh</i>ale` is WHALE.
const BLOCKS: &[&str] = &[
    "address",
    "article",
    "aside",
    "blockquote",
    "body",
    "center",
    "dd",
    "div",
    "dl",
    "dt",
    "figcaption",
    "figure",
    "footer",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hr",
    "li",
    "main",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "tr",
    "ul",
];

/// Elements whose content is no text of the book.
const SKIPPED: &[&str] = &["head", "script", "style", "template", "noscript"];

/// The text of an HTML (or XHTML) page, parsed by `scraper` (html5ever, the WHATWG
/// parsing algorithm): tags dropped, character references decoded (`&amp;`, `&#8217;`),
/// `<head>`, scripts and styles left out, blocks set apart by blank lines and `<br>` a line
/// break.
pub fn to_text(html: &str) -> String {
    let doc = scraper::Html::parse_document(html);
    let mut out = String::with_capacity(html.len() / 2);
    walk(doc.root_element(), &mut out);
    out
}

fn walk(el: scraper::ElementRef<'_>, out: &mut String) {
    for child in el.children() {
        match child.value() {
            scraper::Node::Text(t) => out.push_str(t),
            scraper::Node::Element(e) => {
                let name = e.name();
                if SKIPPED.contains(&name) {
                    continue;
                }
                if name == "br" {
                    out.push('\n');
                    continue;
                }
                let block = BLOCKS.contains(&name);
                if block {
                    out.push_str("\n\n");
                }
                if let Some(c) = scraper::ElementRef::wrap(child) {
                    walk(c, out);
                }
                if block {
                    out.push_str("\n\n");
                }
            }
            _ => {}
        }
    }
}

/// The most bytes an EPUB's entries may inflate to, in total: a zip bomb is refused, not
/// expanded.
pub const EPUB_MAX_BYTES: u64 = 512 << 20;

/// Whether `bytes` are a zip archive (an EPUB is one).
pub fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04")
}

/// The text of an EPUB book: `META-INF/container.xml` names the package (OPF) file, whose
/// spine lists the content documents in reading order; each is read as HTML
/// ([`to_text`]) and the texts joined by blank lines.
///
/// # Errors
/// A message saying what is wrong: not a zip, no container or package, a spine item
/// missing, an entry that is not UTF-8, or more than [`EPUB_MAX_BYTES`] inflated.
pub fn epub_text(bytes: &[u8]) -> Result<String, String> {
    use std::io::Read;
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes))
        .map_err(|e| format!("not a readable zip archive ({e})"))?;
    let mut budget = EPUB_MAX_BYTES;
    let mut read = |zip: &mut zip::ZipArchive<std::io::Cursor<&[u8]>>, name: &str| {
        let entry = zip
            .by_name(name)
            .map_err(|_| format!("the EPUB has no {name}"))?;
        let mut buf = Vec::new();
        entry
            .take(budget + 1)
            .read_to_end(&mut buf)
            .map_err(|e| format!("{name}: {e}"))?;
        if buf.len() as u64 > budget {
            return Err(format!(
                "its entries inflate to more than {EPUB_MAX_BYTES} bytes: not read"
            ));
        }
        budget -= buf.len() as u64;
        String::from_utf8(buf).map_err(|_| format!("{name} is not UTF-8"))
    };
    let container = read(&mut zip, "META-INF/container.xml")?;
    let opf_path = {
        let doc = roxmltree::Document::parse(&container)
            .map_err(|e| format!("META-INF/container.xml: {e}"))?;
        doc.descendants()
            .find(|n| n.has_tag_name("rootfile"))
            .and_then(|n| n.attribute("full-path"))
            .ok_or("META-INF/container.xml names no rootfile")?
            .to_string()
    };
    let opf = read(&mut zip, &opf_path)?;
    let base = opf_path.rfind('/').map_or("", |i| &opf_path[..=i]);
    let items: Vec<String> = {
        let doc = roxmltree::Document::parse(&opf).map_err(|e| format!("{opf_path}: {e}"))?;
        let href_of = |id: &str| {
            doc.descendants()
                .find(|n| n.has_tag_name("item") && n.attribute("id") == Some(id))
                .and_then(|n| n.attribute("href"))
        };
        let mut v = Vec::new();
        for r in doc.descendants().filter(|n| n.has_tag_name("itemref")) {
            let id = r.attribute("idref").unwrap_or("");
            let href = href_of(id)
                .ok_or_else(|| format!("{opf_path}: spine item {id:?} is not in the manifest"))?;
            v.push(format!("{base}{href}"));
        }
        v
    };
    let mut text = String::new();
    for item in items {
        let page = read(&mut zip, &item)?;
        text.push_str(&to_text(&page));
        text.push_str("\n\n");
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_go_entities_decode_blocks_stay_apart() {
        let t = to_text(
            "<html><head><title>No</title><style>p{}</style></head><body><p>The \
             <i>wh</i>ale&rsquo;s &amp; tail</p><p>next</p>a<br/>b<script>x</script></body></html>",
        );
        let words = crate::ingest::tokenize::words(&t);
        assert_eq!(words, ["The", "whale’s", "tail", "next", "a", "b"]);
    }
}
