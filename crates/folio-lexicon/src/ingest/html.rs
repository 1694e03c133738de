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

/// The deepest element nesting a page may have ([`to_text`]). Books nest a few levels;
/// html5ever's tree builder scans its stack of open elements per tag, so a page nested
/// hundreds of thousands deep would take minutes (quadratic) to parse.
pub const MAX_NESTING: usize = 10_000;

/// The text of an HTML (or XHTML) page, parsed by `scraper` (html5ever, the WHATWG
/// parsing algorithm): tags dropped, character references decoded (`&amp;`, `&#8217;`),
/// `<head>`, scripts and styles left out, blocks set apart by blank lines and `<br>` a line
/// break.
///
/// # Errors
/// A message when the page nests elements deeper than [`MAX_NESTING`] (judged before
/// parsing, on the tags as written).
pub fn to_text(html: &str) -> Result<String, String> {
    let depth = written_depth(html);
    if depth > MAX_NESTING {
        return Err(format!(
            "elements nested deeper than {MAX_NESTING} (at least {depth})"
        ));
    }
    let doc = scraper::Html::parse_document(html);
    let mut out = String::with_capacity(html.len() / 2);
    let root = doc.root_element();
    // An explicit walk (open and close edges), not recursion: depth costs no stack.
    let mut skipping: Option<ego_tree::NodeId> = None;
    for edge in root.traverse() {
        match edge {
            ego_tree::iter::Edge::Open(node) => {
                if skipping.is_some() || node.id() == root.id() {
                    continue;
                }
                match node.value() {
                    scraper::Node::Text(t) => out.push_str(t),
                    scraper::Node::Element(e) => {
                        let name = e.name();
                        if SKIPPED.contains(&name) {
                            skipping = Some(node.id());
                        } else if name == "br" {
                            out.push('\n');
                        } else if BLOCKS.contains(&name) {
                            out.push_str("\n\n");
                        }
                    }
                    _ => {}
                }
            }
            ego_tree::iter::Edge::Close(node) => {
                if let Some(id) = skipping {
                    if id == node.id() {
                        skipping = None;
                    }
                    continue;
                }
                if node.id() == root.id() {
                    continue;
                }
                if let scraper::Node::Element(e) = node.value() {
                    if BLOCKS.contains(&e.name()) {
                        out.push_str("\n\n");
                    }
                }
            }
        }
    }
    Ok(out)
}

/// The deepest nesting of the tags as written: start tags count up, end tags down; void
/// elements, self-closed tags and the elements HTML closes by themselves (`p`, `li`, table
/// cells...) do not count, so sloppy but real pages stay shallow.
fn written_depth(html: &str) -> usize {
    const UNCOUNTED: &[&str] = &[
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr", "p", "li", "dt", "dd", "tr", "td", "th", "option", "optgroup", "rb", "rt",
        "rp", "colgroup", "tbody", "thead", "tfoot", "html", "head", "body",
    ];
    let b = html.as_bytes();
    let (mut depth, mut max) = (0usize, 0usize);
    let mut i = 0;
    while let Some(off) = b[i..].iter().position(|&c| c == b'<') {
        i += off + 1;
        let close = b.get(i) == Some(&b'/');
        let start = i + usize::from(close);
        let len = b[start..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric())
            .count();
        if len == 0 || !b[start].is_ascii_alphabetic() {
            continue;
        }
        let name = html[start..start + len].to_ascii_lowercase();
        if UNCOUNTED.contains(&name.as_str()) {
            continue;
        }
        if close {
            depth = depth.saturating_sub(1);
            continue;
        }
        let end = b[start..].iter().position(|&c| c == b'>');
        if end.is_some_and(|e| e > 0 && b[start + e - 1] == b'/') {
            continue;
        }
        depth += 1;
        max = max.max(depth);
    }
    max
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
    let base = opf_path.rfind('/').map_or("", |i| &opf_path[..i]);
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
            v.push(
                manifest_entry(base, href)
                    .map_err(|e| format!("{opf_path}: manifest href {href:?}: {e}"))?,
            );
        }
        v
    };
    let mut text = String::new();
    for item in items {
        let page = read(&mut zip, &item)?;
        text.push_str(&to_text(&page)?);
        text.push_str("\n\n");
    }
    Ok(text)
}

/// The archive entry a manifest `href` of the package file names: a URL relative to the
/// package file's folder `base` (EPUB 3.3 §3.3, OCF "file paths and file names"), so each
/// segment is percent-decoded (`chapter%201.xhtml`), `.` dropped and `..` climbs one
/// folder. A fragment or query is not part of the entry's name.
///
/// # Errors
/// An href that is a URL with a scheme (`http://…`, the entry is not in the archive), one
/// whose `..` climbs above the archive's root, or whose decoded bytes are not UTF-8.
fn manifest_entry(base: &str, href: &str) -> Result<String, &'static str> {
    let href = href.split(['#', '?']).next().unwrap_or("");
    let scheme = href.split_once(':').is_some_and(|(s, _)| {
        !s.is_empty()
            && !s.contains('/')
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
    });
    if scheme {
        return Err("not a file of the archive");
    }
    // An href starting with `/` is from the archive's root.
    let mut path: Vec<String> = if href.starts_with('/') {
        Vec::new()
    } else {
        base.split('/')
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    };
    for segment in href.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                path.pop().ok_or("climbs above the archive's root")?;
            }
            _ => {
                let name = percent_encoding::percent_decode_str(segment)
                    .decode_utf8()
                    .map_err(|_| "not UTF-8 once percent-decoded")?;
                path.push(name.into_owned());
            }
        }
    }
    if path.is_empty() {
        return Err("names no file");
    }
    Ok(path.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_hrefs_resolve_from_the_package_folder() {
        assert_eq!(
            manifest_entry("OEBPS", "ch1.xhtml").unwrap(),
            "OEBPS/ch1.xhtml"
        );
        assert_eq!(manifest_entry("", "ch1.xhtml").unwrap(), "ch1.xhtml");
        assert_eq!(
            manifest_entry("OEBPS/pkg", "../Text/chapter%201.xhtml").unwrap(),
            "OEBPS/Text/chapter 1.xhtml"
        );
        assert_eq!(
            manifest_entry("a", "./b/../c.xhtml#x").unwrap(),
            "a/c.xhtml"
        );
        assert_eq!(manifest_entry("a", "/c.xhtml").unwrap(), "c.xhtml");
        assert_eq!(
            manifest_entry("a", "caf%C3%A9.xhtml").unwrap(),
            "a/café.xhtml"
        );
        assert!(manifest_entry("a", "../../c.xhtml").is_err());
        assert!(manifest_entry("", "../c.xhtml").is_err());
        assert!(manifest_entry("a", "http://example.com/c.xhtml").is_err());
        assert!(manifest_entry("a", "%FF.xhtml").is_err());
        assert!(manifest_entry("a", "..").is_err());
    }

    #[test]
    fn tags_go_entities_decode_blocks_stay_apart() {
        let t = to_text(
            "<html><head><title>No</title><style>p{}</style></head><body><p>The \
             <i>wh</i>ale&rsquo;s &amp; tail</p><p>next</p>a<br/>b<script>x</script></body></html>",
        )
        .unwrap();
        let words = crate::ingest::tokenize::words(&t);
        assert_eq!(words, ["The", "whale’s", "tail", "next", "a", "b"]);
    }

    /// A page nested far deeper than any book is refused before parsing (a stack overflow
    /// once, and minutes of html5ever's quadratic tree building); one just under the limit
    /// reads without a deep stack.
    #[test]
    fn deep_nesting_is_refused_and_the_walk_needs_no_stack() {
        let page = |n: usize| {
            format!(
                "<html><body>{}deep{}</body></html>",
                "<div>".repeat(n),
                "</div>".repeat(n)
            )
        };
        let err = to_text(&page(MAX_NESTING + 1)).unwrap_err();
        assert!(err.contains("nested deeper"), "{err}");
        let t = std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(move || to_text(&page(MAX_NESTING)).unwrap())
            .unwrap()
            .join()
            .unwrap();
        assert!(t.contains("deep"));
        // Unclosed paragraphs and void elements are not nesting.
        let sloppy = format!("<body>{}", "<p>para<br><img src=x>".repeat(MAX_NESTING * 2));
        assert!(to_text(&sloppy).is_ok());
    }
}
