//! HTML and EPUB books: detection and text extraction ([`HtmlText`], [`epub_text`]).
//!
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

use std::cell::RefCell;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};
use html5ever::TokenizerResult;

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

/// Start tags that close an open `<p>` though they are no [`BLOCKS`] (WHATWG "in body":
/// "close a p element"): `<p>wh<form>ale` is two words, as in the DOM.
const CLOSES_P: &[&str] = &[
    "details",
    "dialog",
    "dir",
    "fieldset",
    "form",
    "hgroup",
    "listing",
    "menu",
    "plaintext",
    "search",
    "summary",
    "xmp",
];

/// Blocks inside a table, which leave an open `<p>` (of a cell) open.
const TABLE_PARTS: &[&str] = &["body", "tbody", "td", "tfoot", "th", "thead", "tr"];

/// Head content that comes before the body (the tree builder puts it in the `<head>`
/// even after `</head>`): void elements, and elements whose text is left out with the head.
const HEAD_VOID: &[&str] = &["base", "basefont", "bgsound", "link", "meta"];
const HEAD_TEXT: &[&str] = &["noframes", "title"];

/// HTML start tags that end SVG or MathML content (WHATWG "parsing tokens in foreign
/// content").
const BREAKS_FOREIGN: &[&str] = &[
    "b",
    "big",
    "blockquote",
    "body",
    "br",
    "center",
    "code",
    "dd",
    "div",
    "dl",
    "dt",
    "em",
    "embed",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "head",
    "hr",
    "i",
    "img",
    "li",
    "listing",
    "menu",
    "meta",
    "nobr",
    "ol",
    "p",
    "pre",
    "ruby",
    "s",
    "small",
    "span",
    "strong",
    "strike",
    "sub",
    "sup",
    "table",
    "tt",
    "u",
    "ul",
    "var",
];

/// How the tokenizer reads an HTML element's content: as text up to its end tag (script,
/// style, title…), as text to the end of the page (`plaintext`), or as markup (`None`).
fn raw_kind(name: &str) -> Option<TokenSinkResult<()>> {
    Some(match name {
        "script" => TokenSinkResult::RawData(RawKind::ScriptData),
        // `noscript` is raw text with scripting enabled, html5ever's default.
        "style" | "xmp" | "iframe" | "noembed" | "noframes" | "noscript" => {
            TokenSinkResult::RawData(RawKind::Rawtext)
        }
        "title" | "textarea" => TokenSinkResult::RawData(RawKind::Rcdata),
        "plaintext" => TokenSinkResult::Plaintext,
        _ => return None,
    })
}

/// Whether `c` is HTML whitespace (tab, line feed, form feed, carriage return, space).
fn is_html_space(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ')
}

/// The text of a page as its tokens come: what the WHATWG tree builder would put in the
/// `<body>`, without building the tree.
#[derive(Default)]
struct Extract {
    out: String,
    /// Whether the body has started (a start tag or text that is not head content).
    in_body: bool,
    /// Whether `</head>` was read before the body started.
    after_head: bool,
    /// The skipped element being read, and how deep it nests in itself (`template`).
    skip: Option<(String, usize)>,
    /// How deep in SVG or MathML content (where `<style>` is markup, not raw text).
    foreign: usize,
    /// Whether a `<p>` may be open, so that [`CLOSES_P`] sets the text apart.
    p_open: bool,
    /// Whether a line feed right after this token is dropped (after `<pre>`).
    drop_lf: bool,
}

impl Extract {
    /// Starts the body (implied by text or a start tag that is not head content): the
    /// body is a block.
    fn enter_body(&mut self) {
        if !self.in_body {
            self.in_body = true;
            self.out.push_str("\n\n");
        }
    }

    fn text(&mut self, t: &str) {
        let drop_lf = std::mem::take(&mut self.drop_lf);
        if self.skip.is_some() {
            return;
        }
        let mut t = if drop_lf {
            t.strip_prefix('\n').unwrap_or(t)
        } else {
            t
        };
        if !self.in_body {
            // Whitespace before the body is dropped (or the head's), except after
            // `</head>`: the tree builder puts it between the head and the body.
            let rest = t.trim_start_matches(is_html_space);
            if self.after_head {
                self.out.push_str(&t[..t.len() - rest.len()]);
            }
            t = rest;
            if t.is_empty() {
                return;
            }
            self.enter_body();
        }
        self.out.push_str(t);
    }

    fn tag(&mut self, tag: &Tag) -> TokenSinkResult<()> {
        self.drop_lf = false;
        let name: &str = &tag.name;
        let start = tag.kind == TagKind::StartTag;
        let raw = if start && self.foreign == 0 {
            raw_kind(name)
        } else {
            None
        };
        let raw = raw.unwrap_or(TokenSinkResult::Continue);
        if let Some((skipped, depth)) = &mut self.skip {
            if name == skipped.as_str() {
                if start && !(self.foreign > 0 && tag.self_closing) {
                    *depth += 1;
                } else if !start {
                    *depth -= 1;
                    if *depth == 0 {
                        self.skip = None;
                    }
                }
            }
            return raw;
        }
        if !start {
            self.end_tag(name);
            return raw;
        }
        if self.foreign > 0 && BREAKS_FOREIGN.contains(&name) {
            self.foreign = 0;
        }
        if !self.in_body {
            if name == "html" || name == "head" {
                return raw;
            }
            if HEAD_VOID.contains(&name) {
                return raw;
            }
            if SKIPPED.contains(&name) || HEAD_TEXT.contains(&name) {
                self.skip = Some((name.to_string(), 1));
                return raw;
            }
            self.enter_body();
        }
        if matches!(name, "html" | "head" | "body" | "frameset") {
            return raw;
        }
        if SKIPPED.contains(&name) {
            if !(self.foreign > 0 && tag.self_closing) {
                self.skip = Some((name.to_string(), 1));
            }
            return raw;
        }
        let block = BLOCKS.contains(&name);
        if self.p_open && (CLOSES_P.contains(&name) || (block && !TABLE_PARTS.contains(&name))) {
            // The open `<p>` ends here.
            self.out.push_str("\n\n");
            self.p_open = false;
        }
        if name == "br" {
            self.out.push('\n');
        } else if name == "hr" {
            // A void block: it opens and closes at once.
            self.out.push_str("\n\n\n\n");
        } else if block {
            self.out.push_str("\n\n");
            self.p_open = self.p_open || name == "p";
        }
        if matches!(name, "pre" | "listing" | "textarea") {
            self.drop_lf = true;
        }
        if matches!(name, "svg" | "math") && !tag.self_closing {
            self.foreign += 1;
        }
        raw
    }

    fn end_tag(&mut self, name: &str) {
        if !self.in_body {
            // `</body>`, `</html>` and `</br>` start the body; other end tags before it
            // are ignored.
            if name == "head" {
                self.after_head = true;
            }
            if !matches!(name, "body" | "html" | "br") {
                return;
            }
            self.enter_body();
        }
        if self.foreign > 0 && matches!(name, "br" | "p") {
            self.foreign = 0;
        }
        if name == "br" {
            // `</br>` is read as `<br>`.
            self.out.push('\n');
        } else if name == "body" || name == "html" {
            // The body ends with the page ([`Extract::finish`]): text after `</body>` is
            // still the body's.
        } else if name == "p" && !self.p_open {
            // A `</p>` with no `<p>` open is an empty paragraph.
            self.out.push_str("\n\n\n\n");
        } else if BLOCKS.contains(&name) {
            self.out.push_str("\n\n");
            self.p_open = false;
        } else if matches!(name, "svg" | "math") {
            self.foreign = self.foreign.saturating_sub(1);
        }
    }

    fn finish(mut self) -> String {
        self.enter_body();
        if self.p_open {
            self.out.push_str("\n\n");
        }
        self.out.push_str("\n\n");
        self.out
    }
}

/// The tokenizer's sink: the extraction behind a cell (the sink is shared by reference).
struct Sink(RefCell<Extract>);

impl TokenSink for Sink {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        let mut x = self.0.borrow_mut();
        match token {
            Token::CharacterTokens(t) => x.text(&t),
            Token::TagToken(tag) => return x.tag(&tag),
            // U+0000 in the body is dropped; comments, doctypes and errors are no text.
            _ => x.drop_lf = false,
        }
        TokenSinkResult::Continue
    }

    fn adjusted_current_node_present_but_not_in_html_namespace(&self) -> bool {
        // `<![CDATA[…]]>` is text inside SVG or MathML, a comment elsewhere.
        self.0.borrow().foreign > 0
    }
}

/// How many bytes of a page are handed to the tokenizer at a time.
const CHUNK_BYTES: usize = 64 << 10;

/// The text of an HTML (or XHTML) page read piece by piece ([`HtmlText::push`]) with
/// html5ever's tokenizer (the WHATWG tokenization algorithm) and no document tree: memory
/// is the text out plus a piece and the longest tag or comment, whatever the nesting or
/// the number of elements.
///
/// The text is what the tree builder would put in the `<body>`: tags dropped, character
/// references decoded (`&amp;`, `&#8217;`), `<head>` content, scripts, styles, templates
/// and `noscript` left out, blocks (`p`, `div`, headings, list items, cells…) set apart by blank lines and `<br>` a line
/// break. It is the text the DOM walk that came before gave (byte for byte on the
/// Gutenberg HTML edition of the Sonnets; the same words on every page the tests try),
/// except where the tree builder rearranges a page that is not well formed: text directly
/// inside a `<table>` stays where it is written (the tree builder moves it before the
/// table), a stray end tag of a block (`</div>` with no `<div>` open) still sets text
/// apart, and where the tree builder implies an end tag (an unclosed `<li>`, a `<tbody>`
/// it adds) there may be fewer blank lines.
pub struct HtmlText {
    tokenizer: Tokenizer<Sink>,
    queue: BufferQueue,
    /// Some of the page was read (its byte-order mark, if any, is behind).
    started: bool,
}

impl Default for HtmlText {
    fn default() -> Self {
        // html5ever's `discard_bom` drops a U+FEFF at the start of *every* feed, so the
        // text would depend on where the pieces are cut: the page's own mark is dropped
        // here instead, once (found by the `html_book` fuzz target).
        let opts = TokenizerOpts {
            discard_bom: false,
            ..TokenizerOpts::default()
        };
        HtmlText {
            tokenizer: Tokenizer::new(Sink(RefCell::default()), opts),
            queue: BufferQueue::default(),
            started: false,
        }
    }
}

impl HtmlText {
    /// Reads the next piece of the page (a piece may end inside a tag or a reference).
    pub fn push(&mut self, html: &str) {
        let mut rest = html;
        if !self.started && !rest.is_empty() {
            rest = rest.strip_prefix('\u{feff}').unwrap_or(rest);
            self.started = true;
        }
        while !rest.is_empty() {
            let mut end = rest.len().min(CHUNK_BYTES);
            while !rest.is_char_boundary(end) {
                end += 1;
            }
            self.queue.push_back(StrTendril::from_slice(&rest[..end]));
            // The sink never pauses the tokenizer for a script: one feed reads the piece.
            while let TokenizerResult::Script(()) = self.tokenizer.feed(&self.queue) {}
            rest = &rest[end..];
        }
    }

    /// Ends the page: its text.
    pub fn finish(self) -> String {
        self.tokenizer.end();
        let Sink(x) = self.tokenizer.sink;
        x.into_inner().finish()
    }
}

/// The text of an HTML (or XHTML) page: [`HtmlText`] on the whole page.
pub fn to_text(html: &str) -> String {
    let mut t = HtmlText::default();
    t.push(html);
    t.finish()
}

/// The most bytes an EPUB's entries may inflate to, in total, counting an entry each time
/// the spine lists it: the cap on a book read from a stream
/// ([`crate::ingest::MAX_STREAM_BYTES`], 256 MiB), since an archive's inflated size
/// is not known before reading either. Reading stops at the cap (a zip bomb is refused,
/// not expanded), and the entries are read through [`HtmlText`] piece by piece, so memory
/// is the book's text, not its inflated bytes.
pub const EPUB_MAX_BYTES: u64 = crate::ingest::MAX_STREAM_BYTES;

/// The most bytes `META-INF/container.xml` or the package file may inflate to: both are
/// parsed whole (a real package is a few kilobytes; a large one lists thousands of files
/// in under a megabyte).
pub const EPUB_MAX_PACKAGE_BYTES: u64 = 16 << 20;

/// Whether `bytes` are a zip archive (an EPUB is one).
pub fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04")
}

type Archive<'a> = zip::ZipArchive<std::io::Cursor<&'a [u8]>>;

/// The text of an EPUB book: `META-INF/container.xml` names the package (OPF) file, whose
/// spine lists the content documents in reading order; each is read as HTML
/// ([`HtmlText`], streamed from the archive) and the texts joined by blank lines.
///
/// # Errors
/// A message saying what is wrong: not a zip, no container or package, a spine item
/// missing, an entry that is not UTF-8, a container or package file larger than
/// [`EPUB_MAX_PACKAGE_BYTES`], or entries inflating to more than [`EPUB_MAX_BYTES`].
pub fn epub_text(bytes: &[u8]) -> Result<String, String> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes))
        .map_err(|e| format!("not a readable zip archive ({e})"))?;
    let mut left = EPUB_MAX_BYTES;
    let container = read_package(&mut zip, "META-INF/container.xml", &mut left)?;
    let opf_path = {
        let doc = roxmltree::Document::parse(&container)
            .map_err(|e| format!("META-INF/container.xml: {e}"))?;
        doc.descendants()
            .find(|n| n.has_tag_name("rootfile"))
            .and_then(|n| n.attribute("full-path"))
            .ok_or("META-INF/container.xml names no rootfile")?
            .to_string()
    };
    let opf = read_package(&mut zip, &opf_path, &mut left)?;
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
        let mut page = HtmlText::default();
        read_entry(&mut zip, &item, &mut left, |piece| page.push(piece))?;
        text.push_str(&page.finish());
        text.push_str("\n\n");
    }
    Ok(text)
}

/// Reads the container or package file `name` whole (at most
/// [`EPUB_MAX_PACKAGE_BYTES`]), counting it in `left`.
fn read_package(zip: &mut Archive, name: &str, left: &mut u64) -> Result<String, String> {
    let cap = (*left).min(EPUB_MAX_PACKAGE_BYTES);
    let mut rest = cap;
    let mut text = String::new();
    read_entry(zip, name, &mut rest, |piece| text.push_str(piece)).map_err(|e| {
        if e.starts_with(INFLATE_ERROR) && cap < *left {
            format!("{name} inflates to more than {} MiB: not read", cap >> 20)
        } else {
            e
        }
    })?;
    *left -= cap - rest;
    Ok(text)
}

/// The start of the error of an EPUB past [`EPUB_MAX_BYTES`].
const INFLATE_ERROR: &str = "its entries inflate to more than";

/// Inflates the entry `name` piece by piece (at most [`CHUNK_BYTES`] at a time, cut at
/// character boundaries) into `each`, taking its size from `left` and stopping with an
/// error as soon as it would pass it, before reading further.
fn read_entry(
    zip: &mut Archive,
    name: &str,
    left: &mut u64,
    mut each: impl FnMut(&str),
) -> Result<(), String> {
    use std::io::Read;
    let entry = zip
        .by_name(name)
        .map_err(|_| format!("the EPUB has no {name}"))?;
    let mut reader = entry.take(*left + 1);
    let not_utf8 = || format!("{name} is not UTF-8");
    // A piece and up to 3 bytes of a character cut at the end of the last one.
    let mut buf = vec![0u8; CHUNK_BYTES + 3];
    let mut carry = 0;
    loop {
        let n = reader
            .read(&mut buf[carry..carry + CHUNK_BYTES])
            .map_err(|e| format!("{name}: {e}"))?;
        if n as u64 > *left {
            return Err(format!(
                "{INFLATE_ERROR} {} MiB (the spine's entries, each time listed): not read",
                EPUB_MAX_BYTES >> 20
            ));
        }
        *left -= n as u64;
        if n == 0 {
            return if carry == 0 { Ok(()) } else { Err(not_utf8()) };
        }
        let filled = carry + n;
        let valid = match std::str::from_utf8(&buf[..filled]) {
            Ok(s) => s.len(),
            // A character cut at the end of the piece: its bytes wait for the next one.
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            Err(_) => return Err(not_utf8()),
        };
        each(std::str::from_utf8(&buf[..valid]).map_err(|_| not_utf8())?);
        buf.copy_within(valid..filled, 0);
        carry = filled - valid;
    }
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

    /// The DOM walk the streaming extraction replaced (`scraper`: html5ever's tree
    /// builder, then a walk of the tree), kept as its oracle.
    fn dom_text(html: &str) -> String {
        let doc = scraper::Html::parse_document(html);
        let mut out = String::new();
        let root = doc.root_element();
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
        out
    }

    fn words(text: &str) -> Vec<&str> {
        crate::ingest::tokenize::words(text)
    }

    /// Pages shaped as books and sloppy pages write them: the same words, in the same
    /// order, as the DOM walk.
    #[test]
    fn the_same_words_as_the_dom_walk() {
        let pages = [
            "<!DOCTYPE html><html><head><title>No</title><meta charset=utf-8>\
             <style>p{}</style><script>if (a<b) x()</script></head>\
             <body><h1>Moby&nbsp;Dick</h1><p>Call me <i>Ish</i>mael.<p>Some years ago\
             <div>never <b>mind</b> how long</div><ul><li>one<li>two</ul></body></html>",
            "<title>Only a title</title>text before any body<p>para",
            "<html><head></head>\n<body>\n<pre>\nline one\nline two</pre></body></html>",
            "<p>wh<form>ale</form>s</p><p>a<details>b</details>c",
            "<body><p>x</p></body>after the body</html>after the html",
            "<head><noscript>no</noscript><template><p>t</p></template></head><p>yes",
            "<body><template><p>in<template>nested</template>still</p></template>out",
            "<p>x<svg><style>s{}</style><title>svg title</title><text>drawn</text></svg>y",
            "<p>a<math><mi>m</mi><![CDATA[cdata]]></math>b<![CDATA[not]]>c",
            "<table><tr><td>cell</td><td>two</td></tr><tr><th>h</th></tr></table>",
            "<p>&amp;&lt;&gt;&#8217;&#x2014;&eacute;&notit; &zzz; &amp</p>",
            "<br>a</br>b<hr>c<wbr>d<img alt=x>e",
            "<body><textarea>\nkept</textarea><title>in body</title><noframes>nf</noframes>",
            "<div><p>unclosed<div>inner</div>tail</div><blockquote>q</blockquote>",
            "<a href=x>link <b>bold <i>both</b> italic</i> plain</a>",
            "<!-- comment --><p>x<!-- inner -->y</p><?pi?>z",
            "<plaintext><p>all text</p> &amp;",
            "",
            "just text",
            "<h2>one</h2><h3>two<h4>three</h3>four",
        ];
        for page in pages {
            assert_eq!(words(&to_text(page)), words(&dom_text(page)), "{page:?}");
        }
    }

    #[test]
    fn tags_go_entities_decode_blocks_stay_apart() {
        let t = to_text(
            "<html><head><title>No</title><style>p{}</style></head><body><p>The \
             <i>wh</i>ale&rsquo;s &amp; tail</p><p>next</p>a<br/>b<script>x</script></body></html>",
        );
        assert_eq!(words(&t), ["The", "whale’s", "tail", "next", "a", "b"]);
        assert_eq!(t, dom_text_of_this_page());
        assert!(t.contains("\n\nnext\n\n"), "{t:?}");
        assert!(t.contains("a\nb"), "{t:?}");
    }

    fn dom_text_of_this_page() -> String {
        dom_text(
            "<html><head><title>No</title><style>p{}</style></head><body><p>The \
             <i>wh</i>ale&rsquo;s &amp; tail</p><p>next</p>a<br/>b<script>x</script></body></html>",
        )
    }

    /// Where the tree builder moves text or ignores a stray end tag, the stream keeps the
    /// page's order and break (the documented differences).
    #[test]
    fn stray_block_ends_and_table_text_keep_the_page_order() {
        assert_eq!(words(&to_text("<p>wh</div>ale")), ["wh", "ale"]);
        assert_eq!(words(&dom_text("<p>wh</div>ale")), ["whale"]);
        assert_eq!(words(&to_text("<table>x<tr><td>y")), ["x", "y"]);
        assert_eq!(words(&dom_text("<table>x<tr><td>y")), ["x", "y"]);
    }

    /// A piece may end anywhere (inside a tag, a reference, a character): the text is the
    /// same as the page read whole.
    #[test]
    fn pieces_cut_anywhere_give_the_same_text() {
        let page = "<html><head><title>t</title></head><body><p>caf\u{e9} &amp; \
                    &#8217;<i>whale</i></p><script>a<b</script><pre>\nx</pre>end</body>";
        let whole = to_text(page);
        for step in 1..8 {
            let mut t = HtmlText::default();
            let mut i = 0;
            while i < page.len() {
                let mut j = (i + step).min(page.len());
                while !page.is_char_boundary(j) {
                    j += 1;
                }
                t.push(&page[i..j]);
                i = j;
            }
            assert_eq!(t.finish(), whole, "pieces of {step} bytes");
        }
    }

    /// A U+FEFF inside the page is text wherever a piece starts; only the page's own
    /// byte-order mark is dropped (html5ever dropped one at the start of every piece: the
    /// `html_book` fuzz finding, cut before the mark).
    #[test]
    fn a_mark_inside_the_page_is_kept_wherever_a_piece_starts() {
        let page = "v<x \0\0\0\0\0\0\0e<p/><\u{fffd}\0\u{feff}!--->\u{8}s";
        let whole = to_text(page);
        for cut in (0..=page.len()).filter(|&c| page.is_char_boundary(c)) {
            let mut t = HtmlText::default();
            t.push(&page[..cut]);
            t.push(&page[cut..]);
            assert_eq!(t.finish(), whole, "cut at {cut}");
        }
        assert_eq!(to_text("\u{feff}<p>a</p>"), to_text("<p>a</p>"));
        let mut t = HtmlText::default();
        t.push("");
        t.push("\u{feff}<p>a");
        t.push("\u{feff}b</p>");
        assert_eq!(t.finish(), to_text("<p>a\u{feff}b</p>"));
    }

    /// Nesting costs neither stack nor time: a page nested 200,000 deep (the tree builder
    /// once took minutes, and a recursive walk overflowed) reads on a small stack.
    #[test]
    fn deep_nesting_needs_no_stack() {
        let n = 200_000;
        let page = format!("<body>{}deep{}", "<div>".repeat(n), "</div>".repeat(n));
        let t = std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(move || to_text(&page))
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(words(&t), ["deep"]);
    }

    /// The Gutenberg HTML edition of the Sonnets: the same text as the DOM walk, byte for
    /// byte.
    #[test]
    fn the_gutenberg_html_edition_reads_as_the_dom_walk_read_it() {
        let Some(dir) = folio_testdata::path("corpora/html") else {
            return;
        };
        let bytes = std::fs::read(dir.join("pg1041-shakespeares-sonnets.htm")).unwrap();
        let page = String::from_utf8(bytes).unwrap();
        let (ours, dom) = (to_text(&page), dom_text(&page));
        assert_eq!(words(&ours), words(&dom));
        assert_eq!(ours, dom);
    }

    /// One piece of a page for [`same_words_on_generated_pages`]: words, entities,
    /// inline and block elements properly nested, breaks, comments, scripts and styles.
    fn piece() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            "[a-zA-Z]{1,6}",
            Just(" ".to_string()),
            Just("\n".to_string()),
            Just("&amp;".to_string()),
            Just("&eacute;".to_string()),
            Just("&#8217;".to_string()),
            Just("<br>".to_string()),
            Just("<hr>".to_string()),
            Just("<!-- c <p> -->".to_string()),
            Just("<script>if(a<b){x='</p>'}</script>".to_string()),
            Just("<style>p>i{}</style>".to_string()),
            Just("<img alt=\"a b\">".to_string()),
        ];
        leaf.prop_recursive(4, 24, 4, |inner| {
            let tags = prop::sample::select(vec![
                "i",
                "b",
                "span",
                "a",
                "em",
                "div",
                "blockquote",
                "section",
                "h2",
                "li",
                "center",
                "small",
            ]);
            (tags, prop::collection::vec(inner, 0..4))
                .prop_map(|(tag, kids)| format!("<{tag}>{}</{tag}>", kids.concat()))
        })
    }

    proptest::proptest! {
        /// Generated well-nested pages (`<p>` as books close it, or left open): the same
        /// words as the DOM walk.
        #[test]
        fn same_words_on_generated_pages(
            body in proptest::collection::vec(piece(), 0..8),
            head in proptest::bool::ANY,
            paragraphs in proptest::bool::ANY,
        ) {
            let joiner = if paragraphs { "<p>" } else { "" };
            let mut page = String::new();
            if head {
                page.push_str("<!DOCTYPE html><html><head><title>T t</title></head><body>");
            }
            page.push_str(&body.join(joiner));
            let (ours, dom) = (to_text(&page), dom_text(&page));
            proptest::prop_assert_eq!(words(&ours), words(&dom), "{:?}", page);
        }
    }

    /// An EPUB built in memory: a container, a package whose spine lists `spine` (ids of
    /// `chapters`, by index), and the chapters' bytes.
    fn epub(chapters: &[&[u8]], spine: &[usize]) -> Vec<u8> {
        use std::io::Write;
        let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        z.start_file("META-INF/container.xml", opts).unwrap();
        z.write_all(
            br#"<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/p.opf"/></rootfiles></container>"#,
        )
        .unwrap();
        let items: String = (0..chapters.len())
            .map(|i| format!(r#"<item id="c{i}" href="c{i}.xhtml"/>"#))
            .collect();
        let refs: String = spine
            .iter()
            .map(|i| format!(r#"<itemref idref="c{i}"/>"#))
            .collect();
        z.start_file("OEBPS/p.opf", opts).unwrap();
        write!(
            z,
            r#"<package xmlns="http://www.idpf.org/2007/opf"><manifest>{items}</manifest><spine>{refs}</spine></package>"#
        )
        .unwrap();
        for (i, c) in chapters.iter().enumerate() {
            z.start_file(format!("OEBPS/c{i}.xhtml"), opts).unwrap();
            z.write_all(c).unwrap();
        }
        z.finish().unwrap().into_inner()
    }

    /// Entries are inflated in pieces: a character cut at a piece's end waits for the
    /// next one, a repeated spine item is read each time, and bytes that are not UTF-8
    /// (wherever they are) refuse the book, naming the entry.
    #[test]
    fn epub_entries_stream_across_pieces_and_repeat() {
        // 3-byte characters from offset 1, so piece ends (64 KiB) cut one.
        let long = format!("<p>x{}</p>", "\u{2014}é".repeat(60_000));
        let book = epub(&[long.as_bytes(), b"<p>whale</p>"], &[0, 1, 1]);
        let text = epub_text(&book).unwrap();
        assert_eq!(text, {
            let mut t = to_text(&long);
            t.push_str("\n\n");
            for _ in 0..2 {
                t.push_str(&to_text("<p>whale</p>"));
                t.push_str("\n\n");
            }
            t
        });
        let mut bad = long.clone().into_bytes();
        bad[100_000] = 0xFF;
        let err = epub_text(&epub(&[&bad], &[0])).unwrap_err();
        assert!(err.contains("OEBPS/c0.xhtml is not UTF-8"), "{err}");
        let cut = &long.as_bytes()[..long.len() - 1 - "</p>".len()];
        let err = epub_text(&epub(&[cut], &[0])).unwrap_err();
        assert!(err.contains("is not UTF-8"), "{err}");
    }
}
