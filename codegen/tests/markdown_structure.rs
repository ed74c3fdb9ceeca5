//! Parses the generated Markdown of every catalogue in the repository (errdex's own and each
//! fixture) with pulldown-cmark, the parser mdBook uses, and checks what a reader sees:
//! - every table has the same number of cells in every row, in the source and parsed;
//! - the categories, codes and retired tables match the catalogue row by row, cell by cell
//!   (catalogue text renders exactly as written: nothing is lost, nothing becomes markup);
//! - every code has one section whose explicit heading id is its anchor, the fragment of its
//!   docs URL is an id of its page, and ids are unique on each page;
//! - every relative link points at a generated page and an id on it;
//! - no raw HTML appears except the few tags errdex itself writes;
//! - the example payloads are the reference renderer's output, byte for byte;
//! - no mdBook `{{#…}}` directive survives anywhere.

#![allow(clippy::unwrap_used)]

mod md_support;
mod testkit;

use std::collections::{BTreeMap, BTreeSet};

use errdex_codegen::Catalogue;
use errdex_codegen::emit::markdown::{explanation::mdbook_options, plan_pages};
use errdex_codegen::ir::{ErrorEntry, HttpBody};
use errdex_codegen::payload::Instance;
use errdex_codegen::support::book;
use md_support::*;
use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};

#[derive(Debug, Default)]
struct Page {
    tables: Vec<Vec<Vec<String>>>,
    /// (level, explicit id, text)
    headings: Vec<(u32, Option<String>, String)>,
    ids: Vec<String>,
    links: Vec<String>,
    /// (language, text) of every code block, `<pre><code>` ones included.
    code_blocks: Vec<(String, String)>,
    bad_html: Vec<String>,
}

fn decode_entities(s: &str) -> String {
    // Only the entities errdex writes inside <pre><code>.
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#123;", "{")
        .replace("&#125;", "}")
        .replace("&amp;", "&")
}

fn allowed_inline_html(h: &str) -> Option<Option<String>> {
    // Some(Some(id)) for an anchor, Some(None) for another allowed tag, None: not allowed.
    if let Some(rest) = h.strip_prefix("<a id=\"") {
        let id = rest.strip_suffix("\">")?;
        if id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '_' | '-' | '.'))
        {
            return Some(Some(id.to_string()));
        }
        return None;
    }
    matches!(
        h,
        "</a>"
            | "<br>"
            | "<wbr>"
            | "<code>"
            | "<code class=\"errdex-code\">"
            | "</code>"
            | "<bdi>"
            | "</bdi>"
    )
    .then_some(None)
}

fn parse_page(text: &str) -> Page {
    let mut page = Page::default();
    let mut table: Option<Vec<Vec<String>>> = None;
    let mut row: Option<Vec<String>> = None;
    let mut cell: Option<String> = None;
    let mut heading: Option<(u32, Option<String>, String)> = None;
    let mut code: Option<(String, String)> = None;
    let mut first_html = true;
    let mut html_block: Option<String> = None;
    for (ev, _range) in Parser::new_ext(text, mdbook_options()).into_offset_iter() {
        let push_text =
            |t: &str,
             cell: &mut Option<String>,
             heading: &mut Option<(u32, Option<String>, String)>| {
                if let Some(c) = cell.as_mut() {
                    c.push_str(t);
                }
                if let Some(h) = heading.as_mut() {
                    h.2.push_str(t);
                }
            };
        match ev {
            Event::Start(Tag::Table(_)) => table = Some(Vec::new()),
            Event::End(TagEnd::Table) => page.tables.push(table.take().unwrap()),
            Event::Start(Tag::TableHead | Tag::TableRow) => row = Some(Vec::new()),
            Event::End(TagEnd::TableHead | TagEnd::TableRow) => {
                table.as_mut().unwrap().push(row.take().unwrap())
            }
            Event::Start(Tag::TableCell) => cell = Some(String::new()),
            Event::End(TagEnd::TableCell) => row
                .as_mut()
                .unwrap()
                .push(cell.take().unwrap().trim().to_string()),
            Event::Start(Tag::Heading { level, id, .. }) => {
                heading = Some((level as u32, id.map(|i| i.to_string()), String::new()))
            }
            Event::End(TagEnd::Heading(_)) => {
                let h = heading.take().unwrap();
                if let Some(id) = &h.1 {
                    page.ids.push(id.clone());
                }
                page.headings.push(h);
            }
            Event::Start(Tag::Link { dest_url, .. }) => page.links.push(dest_url.to_string()),
            Event::Start(Tag::CodeBlock(kind)) => {
                let lang = match kind {
                    CodeBlockKind::Fenced(l) => l.to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                code = Some((lang, String::new()));
            }
            Event::End(TagEnd::CodeBlock) => {
                let (l, mut t) = code.take().unwrap();
                if t.ends_with('\n') {
                    t.pop();
                }
                page.code_blocks.push((l, t));
            }
            Event::Text(t) => {
                if let Some(c) = code.as_mut() {
                    c.1.push_str(&t);
                } else {
                    push_text(&t, &mut cell, &mut heading);
                }
            }
            Event::Code(t) => push_text(&t, &mut cell, &mut heading),
            Event::InlineHtml(h) => match allowed_inline_html(&h) {
                Some(Some(id)) => page.ids.push(id),
                Some(None) => {
                    if &*h == "<br>" {
                        push_text("\n", &mut cell, &mut heading);
                    }
                }
                None => page.bad_html.push(h.to_string()),
            },
            Event::Start(Tag::HtmlBlock) => html_block = Some(String::new()),
            Event::Html(h) => html_block.get_or_insert_with(String::new).push_str(&h),
            Event::End(TagEnd::HtmlBlock) => {
                let h = html_block.take().unwrap_or_default();
                if first_html && h.starts_with("<!-- @generated by errdex") {
                    first_html = false;
                    continue;
                }
                if let Some(rest) = h.strip_prefix("<pre><code class=\"language-") {
                    let (lang, body) = rest.split_once("\">").unwrap();
                    let body = body.trim_end().strip_suffix("</code></pre>").unwrap();
                    page.code_blocks
                        .push((lang.to_string(), decode_entities(body)));
                } else {
                    page.bad_html.push(h);
                }
            }
            _ => {}
        }
    }
    page
}

/// What a plain-text field renders as: line breaks kept, tabs as spaces, other control
/// characters as U+FFFD, surrounding whitespace trimmed (as in table cells).
/// [`shown`] for text whose `` `code` `` spans render as code (summaries): the reader sees
/// the span's text, not its backticks.
fn shown_with_code(s: &str) -> String {
    let span = regex::Regex::new(r"`([^`]+)`").unwrap();
    shown(&span.replace_all(s, "$1"))
}

fn shown(s: &str) -> String {
    s.replace("\r\n", "\n")
        .replace('\r', "\n")
        .chars()
        .map(|c| match c {
            '\t' => ' ',
            c if c.is_control() && c != '\n' => '\u{FFFD}',
            c => c,
        })
        .collect::<String>()
        .trim()
        .to_string()
}

/// Cells per source line of a table, counting unescaped pipes.
fn raw_cell_counts(src: &str) -> Vec<Vec<usize>> {
    let mut tables = Vec::new();
    let mut cur: Vec<usize> = Vec::new();
    for line in src.lines() {
        if line.starts_with('|') {
            let mut n = 0;
            let mut backslashes = 0;
            for c in line.chars() {
                if c == '|' && backslashes % 2 == 0 {
                    n += 1;
                }
                backslashes = if c == '\\' { backslashes + 1 } else { 0 };
            }
            cur.push(n - 1);
        } else if !cur.is_empty() {
            tables.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        tables.push(cur);
    }
    tables
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn check_catalogue(case: &str, cat: &Catalogue) {
    let files: BTreeMap<String, String> = errdex_codegen::emit::markdown::emit(cat)
        .into_iter()
        .collect();
    let mut pages: BTreeMap<String, Page> = BTreeMap::new();
    let directive = regex::Regex::new(r"\{\{\s*#").unwrap();
    for (rel, text) in &files {
        assert!(!text.contains('\r'), "{case}/{rel}: CR in output");
        assert!(
            text.starts_with("<!-- @generated by errdex from")
                || text.starts_with("# @generated by errdex from")
                || text.starts_with("/* @generated by errdex from"),
            "{case}/{rel}: header"
        );
        if rel.ends_with(".md") {
            assert!(
                !directive.is_match(text),
                "{case}/{rel}: an mdBook directive survived"
            );
        }
        let Some(name) = rel.strip_prefix("src/") else {
            continue;
        };
        if name == "SUMMARY.md" {
            continue;
        }
        for (i, t) in raw_cell_counts(text).iter().enumerate() {
            assert!(
                t.iter().all(|n| *n == t[0]),
                "{case}/{rel}: table {i} has rows of {t:?} cells"
            );
        }
        let page = parse_page(text);
        assert!(
            page.bad_html.is_empty(),
            "{case}/{rel}: unexpected HTML {:?}",
            page.bad_html
        );
        for (i, t) in page.tables.iter().enumerate() {
            assert!(
                t.iter().all(|r| r.len() == t[0].len()),
                "{case}/{rel}: parsed table {i} is ragged"
            );
        }
        for h in &page.headings {
            assert!(
                h.1.is_some(),
                "{case}/{rel}: heading without an explicit id: {h:?}"
            );
        }
        let unique: BTreeSet<&String> = page.ids.iter().collect();
        assert_eq!(
            unique.len(),
            page.ids.len(),
            "{case}/{rel}: duplicate ids {:?}",
            page.ids
        );
        pages.insert(name.to_string(), page);
    }

    // SUMMARY links exist.
    let summary = &files["src/SUMMARY.md"];
    for p in Parser::new(summary) {
        if let Event::Start(Tag::Link { dest_url, .. }) = p {
            assert!(
                files.contains_key(&format!("src/{dest_url}")),
                "{case}: SUMMARY links {dest_url}"
            );
        }
    }
    // Every relative link resolves to a page and an id on it.
    for (name, page) in &pages {
        for l in &page.links {
            // errdex writes links into the book as `page.md#anchor`, relative to the page
            // (`../index.md` from a code's page in its namespace's folder); anything else
            // (absolute URLs, per-code docs URL overrides outside the book) is not checked.
            let (file, frag) = l.split_once('#').unwrap_or((l.as_str(), ""));
            if l.contains("://") || !file.ends_with(".md") {
                continue;
            }
            let resolved = resolve(name, file);
            let target = pages
                .get(&resolved)
                .unwrap_or_else(|| panic!("{case}/{name}: link to missing page {l} ({resolved})"));
            assert!(
                frag.is_empty() || target.ids.iter().any(|i| i == frag),
                "{case}/{name}: link {l} has no target id"
            );
        }
    }

    // Categories table, row by row.
    let index = &pages["index.md"];
    let header = [
        "Category",
        "Retryable",
        "Exit",
        "HTTP",
        "JSON\u{2011}RPC",
        "Meaning",
    ];
    let table = index
        .tables
        .iter()
        .find(|t| t[0] == header)
        .unwrap_or_else(|| panic!("{case}: categories table"));
    assert_eq!(
        table.len() - 1,
        cat.categories.len(),
        "{case}: category rows"
    );
    for (row, c) in table[1..].iter().zip(&cat.categories) {
        assert!(
            row[0].ends_with(&shown(&c.key)),
            "{case}: wire value of {}: {row:?}",
            c.key
        );
        assert_eq!(row[1], yes_no(c.retryable));
        assert_eq!(row[2], c.exit_code.to_string());
        assert_eq!(row[3], c.http_status.to_string());
        assert_eq!(row[4], c.jsonrpc_code.to_string());
        assert_eq!(
            row[5],
            shown_with_code(&c.summary),
            "{case}: meaning of {}",
            c.key
        );
        assert!(
            index.ids.contains(&c.anchor),
            "{case}: category anchor {}",
            c.anchor
        );
    }

    if cat.docs.layout.per_code() {
        check_code_pages(case, cat, &pages);
    }
    let compact = book::compact_book(cat);
    check_codes_page(case, cat, &pages);
    // One page per namespace (plus general), codes table and sections (a page per code:
    // the table only).
    for plan in plan_pages(cat) {
        let name = format!("{}.md", plan.slug);
        let page = pages
            .get(&name)
            .unwrap_or_else(|| panic!("{case}: page {name}"));
        let entries: Vec<_> = plan.entries.iter().map(|&i| &cat.errors[i]).collect();
        // A compact book's pages have no codes table: the page of every code lists them.
        if !entries.is_empty() && !compact {
            // The "Name" column only where some code differs from its NAME (otherwise it
            // repeats the "Code" column).
            let show_name = entries.iter().any(|e| e.code != e.name);
            let mut header = vec!["Code"];
            if show_name {
                header.push("Name");
            }
            header.extend(["Category", "Retryable", "Meaning"]);
            let table = page
                .tables
                .iter()
                .find(|t| t[0] == header)
                .unwrap_or_else(|| panic!("{case}/{name}: codes table {header:?}"));
            assert_eq!(table.len() - 1, entries.len(), "{case}/{name}: code rows");
            for (row, e) in table[1..].iter().zip(&entries) {
                let rest = if show_name {
                    assert_eq!(row[1], shown(&e.name));
                    &row[2..]
                } else {
                    &row[1..]
                };
                assert_eq!(row[0], shown(&e.code));
                assert_eq!(rest[0], shown(&cat.category_of(e).key));
                assert_eq!(rest[1], yes_no(e.retryable));
                let meaning = if e.deprecated.is_some() {
                    format!("{} (deprecated)", shown_with_code(&e.summary))
                } else {
                    shown_with_code(&e.summary)
                };
                assert_eq!(rest[2], meaning, "{case}/{name}: meaning of {}", e.code);
            }
        }
        if cat.docs.layout.per_code() {
            assert_eq!(
                page.headings.len(),
                2,
                "{case}/{name}: title and codes table only"
            );
            continue;
        }
        let sections: Vec<_> = page
            .headings
            .iter()
            .filter(|h| h.0 == 2 && h.1.as_deref() != Some("errdex.codes"))
            .collect();
        assert_eq!(
            sections.len(),
            entries.len(),
            "{case}/{name}: one section per code"
        );
        let json_blocks: Vec<&String> = page
            .code_blocks
            .iter()
            .filter(|(l, _)| l == "json")
            .map(|(_, t)| t)
            .collect();
        // Compact sections: the wire payload only.
        let per_code = if compact { 1 } else { 2 };
        assert_eq!(
            json_blocks.len(),
            per_code * entries.len(),
            "{case}/{name}: {per_code} examples per code"
        );
        for (i, (e, h)) in entries.iter().zip(&sections).enumerate() {
            assert_eq!(
                h.1.as_deref(),
                Some(e.anchor.as_str()),
                "{case}/{name}: anchor of {}",
                e.code
            );
            let want_heading = if e.code == e.name {
                shown(&e.code)
            } else {
                format!("{} {}", shown(&e.code), shown(&e.name))
            };
            assert_eq!(h.2, want_heading, "{case}/{name}: heading of {}", e.code);
            // A docs URL into this book (no registry template) names this page and anchor;
            // one built from a registry template `…{namespace}…#{code}` carries them too.
            let in_book = format!("{}.html#{}", plan.slug, e.anchor);
            if !e.docs_url.contains("://") && !e.docs_url.contains('/') {
                assert_eq!(e.docs_url, in_book, "{case}: docs URL of {}", e.code);
            } else if let Some(t) = cat.registry.docs_url.as_deref()
                && t.ends_with("#{code}")
            {
                let from_template = t
                    .replace("{namespace}", &plan.slug)
                    .replace("{code}", &e.anchor);
                if e.docs_url.split('#').next() == from_template.split('#').next() {
                    assert_eq!(e.docs_url, from_template, "{case}: docs URL of {}", e.code);
                }
            }
            let ex = Instance::example(e);
            if compact {
                assert_eq!(
                    json_blocks[i],
                    &serde_json::to_string(&ex.wire(cat)).unwrap(),
                    "{case}/{name}: wire example of {}",
                    e.code
                );
                continue;
            }
            let wire = serde_json::to_string_pretty(&ex.wire(cat)).unwrap();
            let mcp = serde_json::to_string_pretty(&ex.mcp_tool_result(cat)).unwrap();
            assert_eq!(
                json_blocks[2 * i],
                &wire,
                "{case}/{name}: wire example of {}",
                e.code
            );
            assert_eq!(
                json_blocks[2 * i + 1],
                &mcp,
                "{case}/{name}: MCP example of {}",
                e.code
            );
        }
    }

    // Retired codes.
    let retired = &pages["retired.md"];
    if !cat.retired.is_empty() {
        let table = retired
            .tables
            .iter()
            .find(|t| t[0] == ["Code", "Name", "Retired in", "Note"])
            .unwrap();
        assert_eq!(table.len() - 1, cat.retired.len());
        for (row, r) in table[1..].iter().zip(&cat.retired) {
            assert_eq!(row[0], shown(&r.code));
            assert_eq!(row[1], shown(r.name.as_deref().unwrap_or("")));
            assert_eq!(row[2], shown(r.since.as_deref().unwrap_or("")));
            // The note, after "Replaced by <code>." when the tombstone names a replacement.
            assert!(
                row[3].ends_with(&shown_with_code(r.note.as_deref().unwrap_or(""))),
                "{case}: note of {}: {row:?}",
                r.code
            );
            if let Some(e) = r.replaced_by.map(|i| &cat.errors[i]) {
                assert!(
                    row[3].starts_with(&format!("Replaced by {}.", shown(&e.code))),
                    "{row:?}"
                );
            }
            assert!(retired.ids.contains(&r.anchor));
        }
    }
}

/// The page of every code: in a compact book, a heading per code (its code and NAME, its
/// anchor as id) in the order of the namespace pages, each followed by its summary linked
/// to its section (the links are resolved with every other link); otherwise no such page.
fn check_codes_page(case: &str, cat: &Catalogue, pages: &BTreeMap<String, Page>) {
    let name = format!("{}.md", book::CODES_PAGE);
    if !book::compact_book(cat) {
        assert!(
            !pages.contains_key(&name),
            "{case}: {name} below the threshold"
        );
        return;
    }
    let page = pages
        .get(&name)
        .unwrap_or_else(|| panic!("{case}: no {name}"));
    let order: Vec<&ErrorEntry> = plan_pages(cat)
        .iter()
        .flat_map(|p| p.entries.iter().map(|&i| &cat.errors[i]))
        .collect();
    let headings: Vec<_> = page.headings.iter().filter(|h| h.0 == 2).collect();
    assert_eq!(
        headings.len(),
        order.len(),
        "{case}/{name}: a heading per code"
    );
    assert_eq!(
        page.links.len(),
        order.len(),
        "{case}/{name}: a link per code"
    );
    for ((h, l), e) in headings.iter().zip(&page.links).zip(&order) {
        assert_eq!(
            h.1.as_deref(),
            Some(e.anchor.as_str()),
            "{case}/{name}: id of {}",
            e.code
        );
        let want = if e.code == e.name {
            shown(&e.code)
        } else {
            format!("{} {}", shown(&e.code), shown(&e.name))
        };
        assert_eq!(h.2, want, "{case}/{name}: heading of {}", e.code);
        assert_eq!(
            l,
            &format!("{}.md#{}", cat.page_slug(e), e.anchor),
            "{case}/{name}: link of {}",
            e.code
        );
    }
}

/// A link `file` on the page `from` (both relative to `src/`), resolved.
fn resolve(from: &str, file: &str) -> String {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for c in file.split('/') {
        match c {
            ".." => {
                parts.pop();
            }
            "." => {}
            c => parts.push(c),
        }
    }
    parts.join("/")
}

/// A page per code: each code's page at its address, titled with the code and carrying its
/// anchor, with the four example payloads exactly as `payload` renders them.
fn check_code_pages(case: &str, cat: &Catalogue, pages: &BTreeMap<String, Page>) {
    for e in &cat.errors {
        let address = book::address(cat, e);
        let name = format!("{}.md", address.page);
        let page = pages
            .get(&name)
            .unwrap_or_else(|| panic!("{case}: {}'s page {name}", e.code));
        let title = &page.headings[0];
        assert_eq!(title.0, 1, "{case}/{name}: the title is the only h1");
        assert_eq!(
            title.1.as_deref(),
            Some(e.anchor.as_str()),
            "{case}/{name}: anchor"
        );
        let want_heading = if e.code == e.name {
            shown(&e.code)
        } else {
            format!("{} {}", shown(&e.code), shown(&e.name))
        };
        assert_eq!(title.2, want_heading, "{case}/{name}: title of {}", e.code);
        assert_eq!(
            page.headings.iter().filter(|h| h.0 == 1).count(),
            1,
            "{case}/{name}: one h1"
        );
        // The explanation's headings sit below the page's sections.
        let sections = [
            "errdex.message",
            "errdex.explanation",
            "errdex.examples",
            "errdex.raised-at",
            "errdex.related",
        ];
        for h in &page.headings[1..] {
            let id = h.1.as_deref().unwrap_or("");
            if h.0 == 2 {
                assert!(sections.contains(&id), "{case}/{name}: section {h:?}");
            } else {
                assert!(h.0 >= 3, "{case}/{name}: {h:?}");
                assert_ne!(
                    id, e.anchor,
                    "{case}/{name}: a heading takes the code's anchor"
                );
            }
        }
        // A relative docs URL into this book names the code's page.
        let url_page = e.docs_url.split('#').next().unwrap_or("");
        if !e.docs_url.contains("://")
            && url_page.ends_with(".html")
            && pages.contains_key(&url_page.replace(".html", ".md"))
        {
            assert_eq!(e.docs_url, address.key(), "{case}: docs URL of {}", e.code);
        }
        let ex = Instance::example(e);
        let mut shapes = vec![ex.wire(cat), ex.mcp_tool_result(cat), ex.jsonrpc_error(cat)];
        // problem+json is the HTTP body by default; shown apart only when it is not.
        if cat.profiles.http.body != HttpBody::Problem {
            shapes.push(ex.problem_json(cat));
        }
        let want: Vec<String> = shapes
            .iter()
            .map(|v| serde_json::to_string_pretty(v).unwrap())
            .collect();
        // The HTTP response: status line, headers in order, a blank line, the body.
        let r = ex.http_response(cat);
        let mut http = format!("HTTP/1.1 {}\n", r.status);
        for (k, v) in &r.headers {
            http.push_str(&format!("{k}: {v}\n"));
        }
        http.push('\n');
        http.push_str(&serde_json::to_string_pretty(&r.body).unwrap());
        let http_blocks: Vec<&String> = page
            .code_blocks
            .iter()
            .filter(|(l, _)| l == "http")
            .map(|(_, t)| t)
            .collect();
        assert_eq!(
            http_blocks,
            [&http],
            "{case}/{name}: HTTP response of {}",
            e.code
        );
        let json: Vec<&String> = page
            .code_blocks
            .iter()
            .filter(|(l, _)| l == "json")
            .map(|(_, t)| t)
            .collect();
        assert_eq!(
            json,
            want.iter().collect::<Vec<_>>(),
            "{case}/{name}: examples of {}",
            e.code
        );
    }
}

#[test]
fn every_catalogue_renders_faithfully() {
    let cats = all_catalogues_in_every_layout();
    assert!(
        cats.len() >= 9,
        "errdex's own catalogue and the md-* fixtures, in every layout"
    );
    let per_code = cats
        .iter()
        .filter(|(_, c)| c.docs.layout.per_code())
        .count();
    assert!(
        per_code >= cats.len() / 2,
        "only {per_code} books with a page per code"
    );
    for (case, cat) in &cats {
        check_catalogue(case, cat);
    }
}

/// Above `COMPACT_ABOVE_CODES` codes (a book of namespace pages): everything
/// [`check_catalogue`] holds every book to, and the compact form itself: the page of every
/// code in `SUMMARY.md` and the index, the namespace pages out of mdBook's search and no
/// print page in `book.toml`, and in each section the category and only the facts that
/// differ from it. One code fewer, and nothing of it is there.
#[test]
fn a_large_catalogue_renders_compactly() {
    let n = errdex_codegen::support::pretty_json::COMPACT_ABOVE_CODES + 1;
    let cat = large_catalogue(n);
    assert_eq!(cat.errors.len(), n);
    assert!(book::compact_book(&cat));
    check_catalogue("large", &cat);

    let files: BTreeMap<String, String> = errdex_codegen::emit::markdown::emit(&cat)
        .into_iter()
        .collect();
    let codes_md = format!("{}.md", book::CODES_PAGE);
    assert!(files.contains_key(&format!("src/{codes_md}")));
    assert!(files["src/SUMMARY.md"].contains(&format!("\n\n[All codes]({codes_md})\n")));
    assert!(
        files["src/index.md"].contains(&format!("| [All codes]({codes_md}) | {n} |")),
        "the index lists the page of every code"
    );
    let toml = &files["book.toml"];
    let search = toml
        .split("[output.html.search.chapter]\n")
        .nth(1)
        .expect("book.toml turns search off for chapters");
    let excluded: Vec<&str> = search
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .take_while(|l| !l.starts_with('['))
        .collect();
    let want: Vec<String> = book::namespace_pages(&cat)
        .iter()
        .map(|s| format!("\"{s}.md\" = {{ enable = false }}"))
        .collect();
    assert_eq!(
        excluded, want,
        "every namespace page, and only they, out of search"
    );
    assert!(toml.contains("[output.html.print]\n# no page of every section: 2001 codes, read a namespace at a time\nenable = false\n"));

    // Each section of a namespace page: its category, then only the facts that differ.
    let section = |e: &ErrorEntry| -> String {
        let page = &files[&format!("src/{}.md", cat.page_slug(e))];
        let start = page
            .find(&format!(" {{#{}}}\n", e.anchor))
            .unwrap_or_else(|| panic!("section of {}", e.code));
        let rest = &page[start..];
        rest[..rest.find("\n## ").unwrap_or(rest.len())].to_string()
    };
    let by_name = |name: &str| cat.errors.iter().find(|e| e.name == name).unwrap();
    let plain = section(by_name("E_7"));
    assert!(
        plain.contains("\nCategory: [invalid](index.md#") && plain.contains("\nMessage: <code>"),
        "{plain}"
    );
    for fact in [
        "Retryable",
        "retryable:",
        "xit code",
        "HTTP status",
        "JSON-RPC",
        "og level",
        "ocs URL",
        "MCP",
        "isError",
    ] {
        assert!(
            !plain.contains(fact),
            "{fact} in a section that repeats its category:\n{plain}"
        );
    }
    for (name, facts) in [
        ("E_11", &["HTTP status: 409"][..]),
        ("E_12", &["retryable: yes", "exit code: 9"]),
        ("E_13", &["since: 1.2", "aliases: <code>ALIAS\\_13</code>"]),
        (
            "E_14",
            &[
                "legacy codes: <code>OLD-14</code>",
                "JSON-RPC code: -32000",
                "log level: ERROR (unexpected",
            ],
        ),
        (
            "E_28",
            &["retry advice: at most 7 attempts. Back off &lt;slowly&gt; \\| then retry"],
        ),
    ] {
        let s = section(by_name(name));
        for f in facts {
            assert!(s.contains(f), "{name}: {f} in\n{s}");
        }
    }
    assert!(section(by_name("E_26")).contains(
        "> **Deprecated** since 2.0. Use [<code>F-00000</code> E\\_0](frm.md#f-00000) instead."
    ));
    assert!(section(by_name("E_16")).contains("Raised when *this* check fails."));

    // One code fewer: the book as it always was.
    let small = large_catalogue(n - 1);
    assert!(!book::compact_book(&small));
    let files = errdex_codegen::emit::markdown::emit(&small);
    assert!(files.iter().all(|(p, t)| !p.contains(book::CODES_PAGE)
        && !t.contains("search.chapter")
        && !t.contains("All codes")));
}
