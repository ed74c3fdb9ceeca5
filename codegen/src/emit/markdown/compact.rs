//! The large book ([`book::compact_book`]: a page per namespace, more than
//! `COMPACT_ABOVE_CODES` codes): compact code sections, and the page of every code that
//! mdBook's search indexes in place of the namespace pages.
//!
//! At 50,000 codes the full sections (a facts table of nine rows, the message as a block, a
//! params table, a retry sentence, the wire payload and the MCP tool result) made a 75 MiB
//! book whose search index mdBook could not build within 15 GB. A reader of a code in a
//! book that size needs what is particular to the code: its summary, its category and the
//! facts that differ from the category's (the category's are one click away, on the
//! index), its message, params and suggestion, and one example (the wire payload; the MCP
//! tool result, JSON-RPC error and HTTP response follow from it by the rules the index
//! describes once). Each code keeps its heading and anchor, so every docs URL and link into
//! the book still lands on it.
//!
//! Search: `book.toml` turns mdBook's search off for every namespace page
//! (`[output.html.search.chapter]`) and [`codes_md`] gives each code a heading of its code
//! and NAME and a line of its summary, linked to its section: one small search document per
//! code. The page is written directly, not through a template (one heading and one line for
//! each of tens of thousands of codes).

use askama::Template;

use super::{
    Book, PagePlan, RaisedAt, RaisedView, code_heading, default_shapes, deprecated_text, escape,
    example_texts, example_wire, explanation, fact_value, facts, raised_view, render,
};
use crate::ir::{Catalogue, ErrorEntry};
use crate::payload::Instance;
use crate::support::book;
use crate::support::facts::{FactRow, FactValue};
use crate::support::pretty_json::{Pretty, WriteJson};

#[derive(Template)]
#[template(path = "markdown/page_compact.md", syntax = "markdown")]
struct PageCompactMd<'a> {
    header: &'a str,
    title: &'a str,
    summary: Option<String>,
    code_prefix: Option<String>,
    count: usize,
    codes_page: String,
    /// `registry.docs_url`, the rule of every docs URL a section does not show.
    docs_url_template: Option<String>,
    codes: Vec<CompactView>,
}

struct CompactView {
    anchor: String,
    heading: String,
    summary: String,
    deprecated: Option<String>,
    /// The category and the facts that differ from it, as one sentence.
    facts: String,
    message: String,
    /// `name` (type), …; empty without params.
    params: String,
    suggestion: Option<String>,
    explanation: Option<String>,
    wire_example: String,
    raised_at: Option<RaisedView>,
}

/// A namespace page of a compact book.
pub(super) fn page_md(
    book: &Book,
    p: &PagePlan,
    header: &str,
    raised: Option<&RaisedAt>,
) -> String {
    let cat = book.cat;
    let fast = default_shapes(cat);
    // Every category link of the page goes to the index: its address once per page.
    let index = crate::names::book_href(&p.slug, "index", ".md");
    let page = Page {
        slug: &p.slug,
        index: &index,
    };
    let codes = p
        .entries
        .iter()
        .map(|&i| compact_view(book, &book.facts, &cat.errors[i], fast, raised, &page))
        .collect();
    let capacity = p.room(cat, 1024);
    render(
        &PageCompactMd {
            header,
            title: &p.title,
            summary: p.summary.as_deref().map(escape::inline_with_code),
            code_prefix: p.code_prefix.as_deref().map(escape::code),
            count: p.entries.len(),
            codes_page: format!("{}.md", book::CODES_PAGE),
            docs_url_template: cat.registry.docs_url.as_deref().map(escape::code),
            codes,
        },
        capacity,
    )
}

/// Whether a fact of `e` is worth its bytes in a compact section: not shown elsewhere in it
/// (the NAME is in the heading, the namespace is the page), not the category's own value
/// (the index's categories table has it), not the docs URL every code has by the registry's
/// rule (the page says the rule once).
fn shown(cat: &Catalogue, e: &ErrorEntry, row: &FactRow<'_>) -> bool {
    let c = cat.category_of(e);
    match row.label {
        "Name" | "Namespace" => false,
        "Retryable" => e.retryable != c.retryable,
        "Retry advice" => e.retry != c.retry,
        "Exit code" => e.exit_code != c.exit_code,
        "HTTP status" => e.http_status != c.http_status,
        "JSON-RPC code" => e.jsonrpc_code != c.jsonrpc_code,
        "Log level" => e.expected != c.expected,
        "Docs URL" => {
            e.docs_url != book::templated_docs_url(cat.registry.docs_url.as_deref(), cat, e)
        }
        // Category, class, since, aliases, legacy codes, and any fact added later.
        _ => true,
    }
}

/// The namespace page a section is written on: its slug, and its link to the index.
struct Page<'p> {
    slug: &'p str,
    index: &'p str,
}

fn compact_view(
    book: &Book,
    facts_of: &facts::Facts<'_>,
    e: &ErrorEntry,
    fast: bool,
    raised: Option<&RaisedAt>,
    page: &Page<'_>,
) -> CompactView {
    let cat = book.cat;
    let from = page.slug;
    let rows: Vec<FactRow<'_>> = facts_of
        .of(e)
        .into_iter()
        .filter(|row| shown(cat, e, row))
        .collect();
    let facts = facts::sentence(&rows, |v| match v {
        // The category by its key alone: its summary is on the index.
        FactValue::Category(c) => crate::text::concat(&[
            "[",
            &escape::inline(&c.key),
            "](",
            page.index,
            "#",
            &c.anchor,
            ")",
        ]),
        v => fact_value(book, v, from),
    });
    let params = e
        .params
        .iter()
        .map(|p| format!("{} ({})", escape::code(&p.name), p.ty.describe()))
        .collect::<Vec<_>>()
        .join(", ");
    let wire = if fast {
        example_wire(cat, e, &example_texts(e))
    } else {
        let mut w = Pretty::sized(cat.errors.len(), 256);
        Instance::example(e).wire(cat).write_json(&mut w);
        w.finish()
    };
    CompactView {
        anchor: e.anchor.clone(),
        heading: code_heading(e),
        summary: escape::inline_with_code(&e.summary),
        deprecated: deprecated_text(cat, e, from),
        facts,
        message: escape::code(&e.message.raw),
        params,
        suggestion: e
            .suggestion
            .as_ref()
            .map(|s| escape::inline_with_code(&s.raw)),
        explanation: e
            .explanation
            .as_deref()
            .filter(|x| !x.trim().is_empty())
            .map(|x| explanation::sanitize(x, &e.anchor)),
        wire_example: escape::code_block("json", &wire),
        raised_at: raised.map(|r| raised_view(cat, e, r)),
    }
}

/// [`book::CODES_PAGE`]: every code, in the order of the namespace pages, as a heading of
/// its code and NAME (id: its anchor) and its summary linked to its section. Search
/// documents are split at headings, so each code is one small result.
pub(super) fn codes_md(cat: &Catalogue, pages: &[PagePlan], header: &str) -> String {
    let mut s = String::with_capacity(512 + cat.errors.len() * 128);
    s.push_str(&format!(
        "<!-- {header} -->\n\n# All codes {{#errdex.page}}\n\n\
         Every code of the catalogue ({}), with its NAME and summary; each links to its \
         section. This page is what the book's search finds: at this size the namespace \
         pages are left out of the search index.\n",
        cat.errors.len()
    ));
    let from = book::CODES_PAGE;
    for p in pages {
        for &i in &p.entries {
            let e = &cat.errors[i];
            s.push_str("\n## ");
            s.push_str(&code_heading(e));
            s.push_str(" {#");
            s.push_str(&e.anchor);
            s.push_str("}\n\n[");
            s.push_str(&escape::inline_with_code(&e.summary));
            s.push_str("](");
            s.push_str(&book::address(cat, e).href_from(from, ".md"));
            s.push_str(")\n");
        }
    }
    s
}
