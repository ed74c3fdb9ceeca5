//! The book with a page per code (`docs.layout: code` or `namespace/code`): the summary
//! lists each namespace's page with its codes' pages under it, a namespace's page is the
//! index of its codes, and each code's page holds what its section holds in the namespace
//! layout, with its explanation's headings kept (demoted below the page's sections), its
//! example payloads (wire, MCP tool result, JSON-RPC error, the HTTP response of
//! `profiles.http`, and problem+json when that is not the HTTP body), and links to what is
//! related to it.
//!
//! A code's page is `<anchor>.md` (`code`) or `<namespace>/<anchor>.md` (`namespace/code`);
//! its title carries the explicit id `{#<anchor>}`, so `<page>.html#<anchor>` lands on it
//! too. Every other heading errdex writes there has an id containing a `.`; the
//! explanation's headings get slugs of their text that are never the code's anchor.

use askama::Template;

use super::{
    Book, CodeRow, CodeView, PagePlan, RaisedAt, code_href, code_row, code_view, default_shapes,
    escape, explanation, render,
};
use crate::ir::{Catalogue, HttpBody};
use crate::names;
use crate::payload::Instance;
use crate::payload::http::HttpResponse;
use crate::support::book;
use crate::support::pretty_json::to_string_pretty;

/// The level of the explanation's highest heading on a code's page: below the page's title
/// (`#`) and its sections (`##`).
const EXPLANATION_TOP: usize = 3;

/// `SUMMARY.md`: the index, each namespace's page with its codes' pages nested under it,
/// then the retired codes. Written directly (ten thousand lines for as many codes).
pub(super) fn summary_md(cat: &Catalogue, pages: &[PagePlan], header: &str) -> String {
    let mut s = String::with_capacity(128 + cat.errors.len() * 64);
    s.push_str(&format!(
        "<!-- {header} -->\n\n# Summary\n\n[{}](index.md)\n\n",
        escape::summary_text(&cat.registry.title)
    ));
    for p in pages {
        s.push_str(&format!(
            "- [{}]({}.md)\n",
            escape::summary_text(&p.title),
            p.slug
        ));
        for &i in &p.entries {
            let e = &cat.errors[i];
            let title = if e.code == e.name {
                e.code.clone()
            } else {
                format!("{} {}", e.code, e.name)
            };
            s.push_str(&format!(
                "  - [{}]({}.md)\n",
                escape::summary_text(&title),
                book::address(cat, e).page
            ));
        }
    }
    s.push_str("- [Retired codes](retired.md)\n");
    s
}

#[derive(Template)]
#[template(path = "markdown/namespace.md", syntax = "markdown")]
struct NamespaceMd<'a> {
    header: &'a str,
    title: &'a str,
    summary: Option<String>,
    code_prefix: Option<String>,
    show_name: bool,
    show_class: bool,
    codes: Vec<CodeRow>,
}

/// A namespace's page: its summary and the table of its codes, each linking to its page.
pub(super) fn namespace_md(book: &Book, p: &PagePlan, header: &str) -> String {
    let cat = book.cat;
    render(
        &NamespaceMd {
            header,
            title: &p.title,
            summary: p.summary.as_deref().map(escape::inline_with_code),
            code_prefix: p.code_prefix.as_deref().map(escape::code),
            show_name: p.shows_name(cat),
            show_class: book.facts.show_class(),
            codes: p
                .entries
                .iter()
                .map(|&i| code_row(cat, &cat.errors[i], &p.slug))
                .collect(),
        },
        4096 + 384 * p.entries.len(),
    )
}

#[derive(Template)]
#[template(path = "markdown/code.md", syntax = "markdown")]
struct CodeMd<'a> {
    header: &'a str,
    c: CodeView,
    jsonrpc_example: String,
    /// The HTTP response (`profiles.http`): status line, headers, body.
    http_example: String,
    /// problem+json, when the HTTP body is another shape (else it is the HTTP body).
    problem_example: Option<String>,
    /// List items of the "Related" section.
    related: Vec<String>,
}

/// Every code's page, `(path, text)`, in catalogue order; a large catalogue's on every core.
pub(super) fn code_pages(
    book: &Book,
    header: &str,
    raised: Option<&RaisedAt>,
) -> Vec<(String, String)> {
    let cat = book.cat;
    let fast = default_shapes(cat);
    let facts_of = book.facts;
    let relations = Relations::new(cat);
    let page = |i: usize| {
        let e = &cat.errors[i];
        let here = book::address(cat, e).page;
        let mut c = code_view(book, &facts_of, e, fast, raised, &here);
        c.explanation = e
            .explanation
            .as_deref()
            .filter(|x| !x.trim().is_empty())
            .map(|x| explanation::sanitize_on_own_page(x, &e.anchor, EXPLANATION_TOP));
        let ex = Instance::example(e);
        let text = render(
            &CodeMd {
                header,
                c,
                jsonrpc_example: escape::code_block(
                    "json",
                    &to_string_pretty(&ex.jsonrpc_error(cat)),
                ),
                http_example: escape::code_block("http", &http_text(&ex.http_response(cat))),
                problem_example: (cat.profiles.http.body != HttpBody::Problem)
                    .then(|| escape::code_block("json", &to_string_pretty(&ex.problem_json(cat)))),
                related: relations.of(cat, i, &here),
            },
            8192 + 2 * e.explanation.as_ref().map_or(0, String::len),
        );
        (format!("src/{here}.md"), text)
    };
    /// Fewer codes than this per thread do not pay for the thread.
    const MIN_PER_THREAD: usize = 256;
    let n = cat.errors.len();
    let threads = crate::par::threads().min(n / MIN_PER_THREAD).max(1);
    if threads == 1 {
        return (0..n).map(page).collect();
    }
    let chunk = n.div_ceil(threads);
    let ranges: Vec<std::ops::Range<usize>> = (0..threads)
        .map(|t| t * chunk..((t + 1) * chunk).min(n))
        .collect();
    crate::par::map(&ranges, |r| r.clone().map(page).collect::<Vec<_>>())
        .into_iter()
        .flat_map(|r| r.unwrap_or_else(|p| std::panic::resume_unwind(p)))
        .collect()
}

/// An HTTP response as a reader sees it on the wire: the status line, the headers, a blank
/// line, the body pretty-printed.
fn http_text(r: &HttpResponse) -> String {
    let mut s = format!("HTTP/1.1 {}\n", r.status);
    for (name, value) in &r.headers {
        s.push_str(&format!("{name}: {value}\n"));
    }
    s.push('\n');
    s.push_str(&to_string_pretty(&r.body));
    s
}

/// What the "Related" lists need, for every code at once.
struct Relations<'c> {
    /// Codes per namespace page.
    counts: std::collections::HashMap<&'c str, usize>,
    /// By entry: the retired codes it replaces.
    retired: Vec<Vec<usize>>,
    /// By entry: the deprecated codes that recommend it.
    deprecated: Vec<Vec<usize>>,
}

impl<'c> Relations<'c> {
    fn new(cat: &'c Catalogue) -> Self {
        let mut r = Relations {
            counts: std::collections::HashMap::new(),
            retired: vec![Vec::new(); cat.errors.len()],
            deprecated: vec![Vec::new(); cat.errors.len()],
        };
        for (k, e) in cat.errors.iter().enumerate() {
            *r.counts.entry(cat.page_slug(e)).or_insert(0) += 1;
            if let Some(to) = e.deprecated.as_ref().and_then(|d| d.replaced_by) {
                r.deprecated[to].push(k);
            }
        }
        for (k, t) in cat.retired.iter().enumerate() {
            if let Some(to) = t.replaced_by {
                r.retired[to].push(k);
            }
        }
        r
    }

    /// The "Related" list of the code `i` on its page `here`: its namespace's page, the
    /// codes it replaces (retired, or deprecated in its favour).
    fn of(&self, cat: &Catalogue, i: usize, here: &str) -> Vec<String> {
        let e = &cat.errors[i];
        let ns_page = cat.page_slug(e);
        let ns_title = cat.namespace_of(e).map_or("General", |n| n.title.as_str());
        let mut out = vec![format!(
            "All codes of [{}]({}) ({})",
            escape::inline(ns_title),
            names::book_href(here, ns_page, ".md"),
            self.counts.get(ns_page).copied().unwrap_or(0)
        )];
        for &k in &self.retired[i] {
            let r = &cat.retired[k];
            out.push(format!(
                "Replaces the retired code [{}]({}#{})",
                escape::code_nowrap(&r.code),
                names::book_href(here, book::RETIRED_PAGE, ".md"),
                r.anchor
            ));
        }
        for &k in &self.deprecated[i] {
            let o = &cat.errors[k];
            out.push(format!(
                "Recommended instead of the deprecated [{}]({})",
                escape::code_nowrap(&o.code),
                code_href(cat, o, here)
            ));
        }
        out
    }
}
