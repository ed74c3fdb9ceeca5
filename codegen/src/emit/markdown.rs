//! Emitter: the Markdown reference, an mdBook source tree (`book.toml` + `src/`).
//!
//! Files (relative to the docs directory): `book.toml`, `errdex.css` (the book's
//! additional style sheet, see [`book_css`]), `src/SUMMARY.md`, `src/index.md`
//! (title, how to read a code, the categories table, the list of pages), one
//! `src/<namespace slug>.md` per namespace (codes without a namespace on
//! `src/general.md`), and `src/retired.md`; above `COMPACT_ABOVE_CODES` codes (a book of
//! namespace pages) also `src/errdex.codes.md`, the page of every code that search indexes,
//! and each code's section is compact (see `markdown/compact.rs`).
//!
//! Anchors: each code's section heading carries the explicit id `{#<code slug>}` (mdBook
//! 0.5 honours heading attributes), which is exactly the fragment of the code's resolved
//! `docs_url`. Every other heading errdex writes has an explicit id containing a `.`
//! (`errdex.codes`, …), which no slug can contain, and explanations cannot add headings
//! (see [`explanation`]); so no id mdBook generates or errdex writes can shadow a code's
//! anchor. Links inside the book are relative `<page>.md#<anchor>` links (mdBook turns them
//! into `.html`), so the book works offline.
//!
//! `book.toml` targets mdBook 0.5 (the version `.ci/steps/30-mdbook.sh` installs): smart
//! punctuation and definition lists are turned off so text renders as written and no `<dt>`
//! gets an automatic id.
//!
//! Escaping: plain text goes through [`escape::inline`] (askama's escaper for `.md`
//! templates, see `codegen/askama.toml`); explanations go through
//! [`explanation::sanitize`]; code blocks through [`escape::code_block`].
//!
//! Example payloads are [`crate::payload::Instance::example`] rendered by
//! [`crate::payload`], the reference renderer every target is tested against, pretty-printed
//! with two-space indentation.

mod compact;
pub mod escape;
pub mod explanation;
mod per_code;

use std::collections::HashSet;

use askama::Template;

use crate::ir::{
    Catalogue, ErrorEntry, GENERAL_SLUG, JsonRpcData, Param, ParamType, ProfileField, Profiles,
    Retry, ValueStyle, WireField,
};
use crate::names;
use crate::payload::{Instance, display_value, example_value};
use crate::support::book;
use crate::support::facts::{self, FactValue};
use crate::support::header::header_text;
use crate::support::pretty_json::{Pretty, WriteJson};
use crate::support::raised_at::RaisedAt;

/// One page of codes: a namespace (or several whose slugs coincide), or the general page.
#[derive(Debug, Clone)]
pub struct PagePlan {
    pub slug: String,
    pub title: String,
    pub summary: Option<String>,
    pub code_prefix: Option<String>,
    /// Indices into `Catalogue::errors`, in catalogue order.
    pub entries: Vec<usize>,
}

impl PagePlan {
    /// Room for the page's text ([`render`]): `per_code` bytes a code and its explanation,
    /// and 4 KiB for the rest.
    fn room(&self, cat: &Catalogue, per_code: usize) -> usize {
        let codes: usize = self
            .entries
            .iter()
            .map(|&i| per_code + cat.errors[i].explanation.as_ref().map_or(0, String::len))
            .sum();
        4096 + codes
    }

    /// Whether the page's table needs a NAME column: some code's NAME is not its code.
    fn shows_name(&self, cat: &Catalogue) -> bool {
        self.entries
            .iter()
            .any(|&i| cat.errors[i].code != cat.errors[i].name)
    }
}

/// The pages of codes, in catalogue order of namespaces, the general page last. Codes are
/// grouped by page slug, so a namespace whose slug is `general` shares its page with the
/// codes that have no namespace (their docs URLs name the same page).
pub fn plan_pages(cat: &Catalogue) -> Vec<PagePlan> {
    let mut pages: Vec<PagePlan> = Vec::new();
    for ns in &cat.namespaces {
        if let Some(p) = pages.iter_mut().find(|p| p.slug == ns.slug) {
            p.title = format!("{} / {}", p.title, ns.title);
            continue;
        }
        pages.push(PagePlan {
            slug: ns.slug.clone(),
            title: ns.title.clone(),
            summary: ns.summary.clone(),
            code_prefix: ns.code_prefix.clone(),
            entries: Vec::new(),
        });
    }
    for (i, e) in cat.errors.iter().enumerate() {
        let slug = cat.page_slug(e);
        match pages.iter_mut().find(|p| p.slug == slug) {
            Some(p) => p.entries.push(i),
            None => pages.push(PagePlan {
                slug: GENERAL_SLUG.to_string(),
                title: "General".to_string(),
                summary: Some("Codes that belong to no namespace.".to_string()),
                code_prefix: None,
                entries: vec![i],
            }),
        }
    }
    pages
}

/// Files of this target: (path relative to the docs directory, contents).
pub fn emit(cat: &Catalogue) -> Vec<(String, String)> {
    emit_with(cat, None)
}

/// [`emit`], and under each code where the source code raises it when `raised` is given
/// (`usage.docs`; see [`raised_view`]). Without it, the bytes are [`emit`]'s.
pub fn emit_with(cat: &Catalogue, raised: Option<&RaisedAt>) -> Vec<(String, String)> {
    let header = escape::comment_text(&header_text(&cat.source_name));
    let book = Book::new(cat);
    let pages = plan_pages(cat);
    let per_code = cat.docs.layout.per_code();
    let mut files = vec![
        ("book.toml".to_string(), book_toml(cat)),
        ("errdex.css".to_string(), book_css(cat)),
        (
            "src/SUMMARY.md".to_string(),
            if per_code {
                per_code::summary_md(cat, &pages, &header)
            } else {
                summary_md(cat, &pages, &header)
            },
        ),
        ("src/index.md".to_string(), index_md(cat, &pages, &header)),
    ];
    if per_code {
        for p in &pages {
            files.push((
                format!("src/{}.md", p.slug),
                per_code::namespace_md(&book, p, &header),
            ));
        }
        files.extend(per_code::code_pages(&book, &header, raised));
    } else if book::compact_book(cat) {
        for p in &pages {
            files.push((
                format!("src/{}.md", p.slug),
                compact::page_md(&book, p, &header, raised),
            ));
        }
        files.push((
            format!("src/{}.md", book::CODES_PAGE),
            compact::codes_md(cat, &pages, &header),
        ));
    } else {
        for p in &pages {
            files.push((
                format!("src/{}.md", p.slug),
                page_md(&book, p, &header, raised),
            ));
        }
    }
    files.push(("src/retired.md".to_string(), retired_md(cat, &header)));
    files
}

fn book_toml(cat: &Catalogue) -> String {
    format!(
        "# {}\n\n[book]\ntitle = {}\nlanguage = \"en\"\nsrc = \"src\"\n\n[build]\n\
         # every page is generated: a link to a missing one is an error, not a blank page\n\
         create-missing = false\n\n[output.html]\n\
         # catalogue text is shown as written: no curly quotes or dashes, no definition lists\n\
         # (whose terms would get ids that could shadow a code's anchor)\n\
         smart-punctuation = false\ndefinition-lists = false\n\
         # tables that fit the content column (see the file)\n\
         additional-css = [\"errdex.css\"]\n{}\n\
         [output.html.playground]\n\
         # code in explanations is illustrative, not sent to the Rust playground\n\
         runnable = false\n",
        header_text(&cat.source_name).replace(['\n', '\r'], " "),
        escape::toml_string(&cat.registry.title),
        site_url_line(cat),
    ) + &book_toml_pages(cat)
}

/// `book.toml`'s tables for a page per code (a folding sidebar, a search result per code,
/// no print page), for a compact book (search over the page of every code only, no print
/// page) and for the redirects (`docs:`); nothing for a book of namespace pages below
/// `COMPACT_ABOVE_CODES` codes without redirects.
fn book_toml_pages(cat: &Catalogue) -> String {
    let mut s = String::new();
    if book::compact_book(cat) {
        s.push_str(&format!(
            "\n[output.html.print]\n\
             # no page of every section: {} codes, read a namespace at a time\n\
             enable = false\n\n\
             [output.html.search.chapter]\n\
             # search indexes the page of every code ({}.md: code, NAME, summary), not the\n\
             # namespace pages' sections (at 50,000 codes their index would be ~400 MiB)\n",
            cat.errors.len(),
            book::CODES_PAGE
        ));
        for slug in book::namespace_pages(cat) {
            s.push_str(&format!(
                "{} = {{ enable = false }}\n",
                escape::toml_string(&format!("{slug}.md"))
            ));
        }
    }
    if cat.docs.layout.per_code() {
        s.push_str(
            "\n[output.html.fold]\n\
             # a page per code: the sidebar lists the namespaces, each unfolds to its codes\n\
             enable = true\nlevel = 0\n\n\
             [output.html.search]\n\
             # one search result per code (its page), not one per section of its page\n\
             heading-split-level = 1\n\n\
             [output.html.print]\n\
             # no page of every code: read a page at a time (at 10,000 codes the print page\n\
             # is 40 MB and a third of the build)\n\
             enable = false\n",
        );
    }
    let redirects = book::redirect_map(cat);
    if !redirects.is_empty() {
        s.push_str(
            "\n[output.html.redirect]\n\
             # old addresses of the book -> where their code is now (docs: legacy codes, aliases,\n\
             # retired codes, former_layout, moved)\n",
        );
        for (from, to) in redirects {
            s.push_str(&format!(
                "{} = {}\n",
                escape::toml_string(&from),
                escape::toml_string(&to)
            ));
        }
    }
    s
}

/// `site-url`, the path the book is served under (`registry.docs_site_url`'s path), so
/// the 404 page's links and assets resolve from any depth; nothing when the site is not
/// stated (mdBook's default `/`).
fn site_url_line(cat: &Catalogue) -> String {
    let Some(url) = cat.registry.docs_site_url.as_deref() else {
        return String::new();
    };
    // The loader guarantees `scheme://host/…/`: absolute, ending in `/`, no query or fragment.
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let path = after_scheme.find('/').map_or("/", |i| &after_scheme[i..]);
    format!(
        "# where the book is deployed (registry.docs_site_url): the 404 page's links resolve\n\
         site-url = {}\n",
        escape::toml_string(path)
    )
}

/// The book's additional style sheet: the generated tables fit mdBook's content column
/// (`--content-max-width`, 750 px) at every desktop width. mdBook pads each cell by 20 px
/// on both sides, which alone takes a quarter of the column from a six-column table; codes
/// (`X-FRM-001`) must not break at their hyphens; long names in the sidebar wrap. The
/// browser check
/// (`codegen/tests/docs_browser.rs`) holds the pages to it.
fn book_css(cat: &Catalogue) -> String {
    format!(
        "/* {} */\n\n\
         /* Narrower cell padding than mdBook's 20 px: the generated tables fit the column. */\n\
         .content main table td,\n.content main table th {{\n    padding: 3px 10px;\n}}\n\n\
         /* A code is one word: `X-FRM-001` never wraps at a hyphen. */\n\
         code.errdex-code {{\n    white-space: nowrap;\n}}\n\n\
         /* Long codes and names in the sidebar wrap instead of being cut off at its edge. */\n\
         .sidebar .chapter li a,\n.sidebar .chapter code {{\n    overflow-wrap: anywhere;\n    min-width: 0;\n}}\n",
        header_text(&cat.source_name)
            .replace(['\n', '\r'], " ")
            .replace("*/", "* /"),
    )
}

/// `t` rendered into room for `capacity` bytes ([`super::render_sized`]: a page of codes
/// grown by doubling from askama's small size hint was copied four times over), with LF
/// line endings and exactly one trailing newline.
fn render<T: Template>(t: &T, capacity: usize) -> String {
    let mut s =
        super::render_sized(t, capacity).unwrap_or_else(|e| format!("template error: {e}\n"));
    // Normalise to LF and exactly one trailing newline.
    if s.contains('\r') {
        s = s.replace("\r\n", "\n");
    }
    let trimmed = s.trim_end_matches('\n').len();
    s.truncate(trimmed);
    s.push('\n');
    s
}

#[derive(Template)]
#[template(path = "markdown/summary.md", syntax = "markdown")]
struct SummaryMd<'a> {
    header: &'a str,
    title: String,
    /// [`book::CODES_PAGE`]'s file in a compact book.
    codes_page: Option<String>,
    pages: Vec<PageLink>,
}

struct PageLink {
    title: String,
    summary_title: String,
    file: String,
    count: usize,
    summary: String,
}

fn page_links(pages: &[PagePlan]) -> Vec<PageLink> {
    pages
        .iter()
        .map(|p| PageLink {
            title: p.title.clone(),
            summary_title: escape::summary_text(&p.title),
            file: format!("{}.md", p.slug),
            count: p.entries.len(),
            summary: p
                .summary
                .as_deref()
                .map(escape::inline_with_code)
                .unwrap_or_default(),
        })
        .collect()
}

fn summary_md(cat: &Catalogue, pages: &[PagePlan], header: &str) -> String {
    render(
        &SummaryMd {
            header,
            title: escape::summary_text(&cat.registry.title),
            codes_page: codes_page_file(cat),
            pages: page_links(pages),
        },
        2048 + 256 * pages.len(),
    )
}

/// `errdex.codes.md` when the book is compact ([`book::compact_book`]).
fn codes_page_file(cat: &Catalogue) -> Option<String> {
    book::compact_book(cat).then(|| format!("{}.md", book::CODES_PAGE))
}

#[derive(Template)]
#[template(path = "markdown/index.md", syntax = "markdown")]
struct IndexMd<'a> {
    header: &'a str,
    title: &'a str,
    registry: &'a str,
    wire_code_key: &'a str,
    wire_shape: String,
    categories: Vec<CategoryRow>,
    retry_notes: Vec<String>,
    profiles: ProfilesView,
    pages: Vec<PageLink>,
    retired_count: usize,
    /// A compact book ([`book::compact_book`]): its sections show the wire payload only.
    compact: bool,
    /// [`book::CODES_PAGE`]'s file in a compact book, and how many codes it lists.
    codes_page: Option<String>,
    code_count: usize,
    /// With a page per code: each category's codes, linked (heading, id, links).
    by_category: Option<Vec<(String, String, String)>>,
}

/// The catalogue's `profiles:` as the index page shows them.
struct ProfilesView {
    /// `content[0].text`, the template as a code span.
    mcp_text: String,
    mcp_member: String,
    result_type: Option<String>,
    /// (output key with its prefix, fact), as code spans.
    mcp_fields: Vec<(String, String)>,
    rpc_message: String,
    /// What `data` holds, in words.
    rpc_data: String,
    rpc_fields: Vec<(String, String)>,
    /// How the terminal form prints the constraint, in words.
    terminal_values: &'static str,
}

fn profile_rows(fields: &[ProfileField], prefix: &str) -> Vec<(String, String)> {
    fields
        .iter()
        .map(|f| {
            (
                escape::code(&format!("{prefix}{}", f.key)),
                escape::code(&f.fact.spelling()),
            )
        })
        .collect()
}

fn profiles_view(profiles: &Profiles) -> ProfilesView {
    let mcp = &profiles.mcp_tool_error;
    let rpc = &profiles.jsonrpc_error;
    let (rpc_data, rpc_fields) = match &rpc.data {
        JsonRpcData::Wire => ("the wire object above".to_string(), Vec::new()),
        JsonRpcData::Omitted => (
            "absent: the error object has no `data`".to_string(),
            Vec::new(),
        ),
        JsonRpcData::Fields(f) => ("an object of these facts".to_string(), profile_rows(f, "")),
    };
    ProfilesView {
        mcp_text: escape::code(&mcp.text.raw),
        mcp_member: escape::code(mcp.data.member()),
        result_type: mcp.result_type.as_deref().map(escape::code),
        mcp_fields: profile_rows(&mcp.fields, &mcp.prefix),
        rpc_message: escape::code(&rpc.message.raw),
        rpc_data,
        rpc_fields,
        terminal_values: match profiles.terminal.values {
            ValueStyle::Json => "as compact JSON (`{\"minLength\":1}`)",
            ValueStyle::Python => "as Python prints it (`{'minLength': 1}`, its `repr()`)",
        },
    }
}

struct CategoryRow {
    anchor: String,
    title: String,
    wire: String,
    exit_code: String,
    retryable: &'static str,
    http_status: String,
    jsonrpc_code: String,
    summary: String,
}

fn wire_shape(cat: &Catalogue) -> String {
    let w = &cat.registry.wire;
    let mut parts = vec![
        format!("{} holds the code", escape::code(&w.code)),
        format!("{} the message", escape::code(&w.message)),
    ];
    if let Some(k) = &w.category {
        parts.push(format!("{} the category", escape::code(k)));
    }
    if let Some(k) = &w.retryable {
        parts.push(format!("{} the retryable flag", escape::code(k)));
    }
    let extras = match &w.details {
        Some(k) => format!(
            "; parameters, `argument`, `constraint`, `suggestion` and context nest under {}.",
            escape::code(k)
        ),
        None => "; parameters, `argument`, `constraint`, `suggestion` and context sit beside them."
            .to_string(),
    };
    format!("{}{extras}", parts.join(", "))
}

/// A retry advice as Markdown: errdex's words for the limits, then the catalogue's advice.
fn retry_text(retry: &Retry) -> String {
    facts::retry_text(
        &facts::retry_limits(retry),
        retry.advice.as_deref(),
        escape::inline,
    )
}

/// One fact's value as Markdown, for the facts table of a code on the page `from`.
fn fact_value(book: &Book, value: &FactValue<'_>, from: &str) -> String {
    match value {
        FactValue::Words(w) => w.clone(),
        FactValue::Code(c) => escape::code(c),
        FactValue::Codes(cs) => join_codes(cs),
        FactValue::Text(t) => escape::inline(t),
        FactValue::Category(c) => format!(
            "[{}]({}#{}): {}",
            escape::inline(&c.key),
            names::book_href(from, "index", ".md"),
            c.anchor,
            escape::inline(&c.summary)
        ),
        FactValue::Namespace(n) => {
            format!("{}: {}", escape::code(&n.key), escape::inline(&n.title))
        }
        FactValue::Retry { limits, advice } => facts::retry_text(limits, *advice, escape::inline),
        FactValue::Url(u) => format!(
            "[{}]({})",
            escape::inline(u),
            escape::url(&docs_href(book, u, from))
        ),
    }
}

fn index_md(cat: &Catalogue, pages: &[PagePlan], header: &str) -> String {
    let categories = cat
        .categories
        .iter()
        .map(|c| CategoryRow {
            anchor: c.anchor.clone(),
            title: escape::inline(&c.title),
            wire: escape::code_breakable(&c.key),
            exit_code: c.exit_code.to_string(),
            retryable: facts::yes_no(c.retryable),
            http_status: c.http_status.to_string(),
            jsonrpc_code: c.jsonrpc_code.to_string(),
            summary: escape::inline_with_code(&c.summary),
        })
        .collect();
    let retry_notes = cat
        .categories
        .iter()
        .filter_map(|c| {
            let r = c.retry.as_ref()?;
            let t = retry_text(r);
            (!t.is_empty())
                .then(|| format!("[{}](index.md#{}): {t}", escape::inline(&c.key), c.anchor))
        })
        .collect();
    // A page per code lists every code by category.
    let capacity = 8192 + 1024 * cat.categories.len() + 256 * pages.len();
    let capacity = match cat.docs.layout.per_code() {
        true => capacity + 256 * cat.errors.len(),
        false => capacity,
    };
    render(
        &IndexMd {
            header,
            title: &cat.registry.title,
            registry: &cat.registry.name,
            wire_code_key: &cat.registry.wire.code,
            wire_shape: wire_shape(cat),
            categories,
            retry_notes,
            profiles: profiles_view(&cat.profiles),
            pages: page_links(pages),
            retired_count: cat.retired.len(),
            compact: book::compact_book(cat),
            codes_page: codes_page_file(cat),
            code_count: cat.errors.len(),
            by_category: cat.docs.layout.per_code().then(|| by_category(cat)),
        },
        capacity,
    )
}

/// The index's codes by category (a page per code): each category's title with its codes,
/// each a link to its page.
fn by_category(cat: &Catalogue) -> Vec<(String, String, String)> {
    let mut links: Vec<Vec<String>> = vec![Vec::new(); cat.categories.len()];
    for e in &cat.errors {
        links[e.category].push(format!(
            "[{}]({})",
            escape::code_nowrap(&e.code),
            code_href(cat, e, "index")
        ));
    }
    cat.categories
        .iter()
        .zip(links)
        .map(|(c, l)| {
            let list = if l.is_empty() {
                "No code of this category yet.".to_string()
            } else {
                l.join(" · ")
            };
            (
                format!("{} ({})", escape::inline(&c.title), escape::code(&c.key)),
                format!("errdex.codes.{}", names::slug(&c.key)),
                list,
            )
        })
        .collect()
}

#[derive(Template)]
#[template(path = "markdown/page.md", syntax = "markdown")]
struct PageMd<'a> {
    header: &'a str,
    title: &'a str,
    /// Inline Markdown (`` `code` `` spans rendered).
    summary: Option<String>,
    code_prefix: Option<String>,
    /// The codes table has a "Name" column: some code on the page differs from its NAME
    /// (where every code is its NAME, the column would repeat the "Code" column).
    show_name: bool,
    /// The codes table has a "Class" column (the catalogue declares classes).
    show_class: bool,
    codes: Vec<CodeView>,
}

struct CodeView {
    anchor: String,
    heading: String,
    code_link: String,
    name_cell: String,
    category_link: String,
    class_cell: String,
    retryable: &'static str,
    summary: String,
    deprecated: Option<String>,
    facts: Vec<(&'static str, String)>,
    message_block: String,
    params: Vec<(String, String, String)>,
    suggestion: Option<String>,
    retry: String,
    explanation: Option<String>,
    wire_example: String,
    mcp_example: String,
    raised_at: Option<RaisedView>,
}

/// Where a code is raised, as its section shows it.
struct RaisedView {
    /// The sentence that opens the list (or says that nothing raises the code).
    lead: String,
    /// List items: a place each, then "and N more" when the list is cut.
    items: Vec<String>,
}

/// The "Raised at" paragraph of `e`: at most `usage.docs.places` places (in path, line,
/// column order) as `path:line:column` code spans, then how many more there are.
fn raised_view(cat: &Catalogue, e: &ErrorEntry, raised: &RaisedAt) -> RaisedView {
    let shown = cat.usage.docs.as_ref().map_or_else(
        || crate::catalogue::format::defaults::usage_docs().places,
        |d| d.places,
    );
    let places = raised.places(&e.code);
    if places.is_empty() {
        return RaisedView {
            lead: "nowhere in the scanned source code (generated files and tests aside).".into(),
            items: Vec::new(),
        };
    }
    let mut items: Vec<String> = places
        .iter()
        .take(shown)
        .map(|p| escape::code_path(&format!("{}:{}:{}", p.path, p.line, p.column)))
        .collect();
    if places.len() > shown {
        items.push(format!("and {} more", places.len() - shown));
    }
    let lead = match places.len() {
        1 => "1 place (generated files and tests aside):".to_string(),
        n => format!("{n} places (generated files and tests aside):"),
    };
    RaisedView { lead, items }
}

/// Relative link to a code's place in the book from its page `from`.
pub fn code_href(cat: &Catalogue, e: &ErrorEntry, from: &str) -> String {
    book::address(cat, e).href_from(from, ".md")
}

/// What every page of a book needs to know of the others.
struct Book<'a> {
    cat: &'a Catalogue,
    /// Every page errdex writes, by path (see [`book::pages`]).
    pages: HashSet<String>,
    /// The facts of the catalogue's codes, worked out once for every page (at 50,000
    /// codes in 50 pages, a scan of every code per page was 2 % of `generate`).
    facts: facts::Facts<'a>,
}

impl<'a> Book<'a> {
    fn new(cat: &'a Catalogue) -> Self {
        Book {
            cat,
            pages: book::pages(cat).into_iter().map(|p| p.path).collect(),
            facts: facts::Facts::new(cat),
        }
    }
}

/// `true` when the catalogue keeps the default wire order and profiles: then the docs' example
/// payloads are written straight from the IR ([`example_wire`], [`example_mcp`]); otherwise
/// they are `payload`'s renderings, which apply the order and profiles.
fn default_shapes(cat: &Catalogue) -> bool {
    cat.registry.wire.order == WireField::ALL
        && cat.profiles
            == crate::catalogue::format::defaults::profiles(&cat.registry.mcp_meta_prefix)
}

/// The example wire payload and MCP tool result of a code, pretty-printed (on one line,
/// compact, above [`COMPACT_ABOVE_CODES`] codes: at 50,000 codes the indentation of the
/// examples was a sixth of the book's bytes and of its search index): what
/// `payload::Instance::example` renders, written directly when `fast` ([`default_shapes`]).
fn example_payloads(cat: &Catalogue, e: &ErrorEntry, fast: bool) -> (String, String) {
    if fast {
        let texts = example_texts(e);
        (example_wire(cat, e, &texts), example_mcp(cat, e, &texts))
    } else {
        let ex = Instance::example(e);
        let text = |v: &serde_json::Value| {
            let mut w = Pretty::sized(cat.errors.len(), 512);
            v.write_json(&mut w);
            w.finish()
        };
        (text(&ex.wire(cat)), text(&ex.mcp_tool_result(cat)))
    }
}

/// A code's heading: its code, then its NAME when they differ.
fn code_heading(e: &ErrorEntry) -> String {
    let mut heading = escape::code(&e.code);
    if e.code != e.name {
        heading.push(' ');
        heading.push_str(&escape::inline(&e.name));
    }
    heading
}

/// `e`'s row of a codes table on the page `from`.
struct CodeRow {
    code_link: String,
    name_cell: String,
    category_link: String,
    class_cell: String,
    retryable: &'static str,
    summary: String,
    deprecated: bool,
}

fn code_row(cat: &Catalogue, e: &ErrorEntry, from: &str) -> CodeRow {
    let cat_ = cat.category_of(e);
    CodeRow {
        code_link: format!(
            "[{}]({})",
            escape::code_nowrap(&e.code),
            code_href(cat, e, from)
        ),
        name_cell: escape::code_breakable(&e.name),
        category_link: format!(
            "[{}]({}#{})",
            escape::inline_breakable(&cat_.key),
            names::book_href(from, "index", ".md"),
            cat_.anchor
        ),
        class_cell: escape::code(&e.class),
        retryable: facts::yes_no(e.retryable),
        summary: escape::inline_with_code(&e.summary),
        deprecated: e.deprecated.is_some(),
    }
}

/// `e`'s section (or page) on the page `from`.
fn code_view(
    book: &Book,
    facts_of: &facts::Facts<'_>,
    e: &ErrorEntry,
    fast: bool,
    raised: Option<&RaisedAt>,
    from: &str,
) -> CodeView {
    let cat = book.cat;
    let heading = code_heading(e);
    let deprecated = deprecated_text(cat, e, from);
    // The retry advice has its own paragraph below the table (`retry`), in full sentences.
    let facts = facts_of
        .of(e)
        .iter()
        .filter(|row| !matches!(row.value, FactValue::Retry { .. }))
        .map(|row| (row.label, fact_value(book, &row.value, from)))
        .collect();

    let params = e
        .params
        .iter()
        .map(|p| {
            (
                escape::code(&p.name),
                p.ty.describe(),
                escape::code(&example_value(p).to_string()),
            )
        })
        .collect();
    let advice = e.retry.as_ref().map(retry_text).unwrap_or_default();
    let retry = match (e.retryable, advice.is_empty()) {
        (true, true) => "retryable: the same request may succeed later.".to_string(),
        (true, false) => format!("retryable: {advice}"),
        (false, true) => {
            "not retryable: retrying the same request fails the same way; fix the cause first."
                .to_string()
        }
        (false, false) => {
            format!("not retryable: retrying the same request fails the same way. {advice}")
        }
    };
    let (wire_example, mcp_example) = example_payloads(cat, e, fast);
    let CodeRow {
        code_link,
        name_cell,
        category_link,
        class_cell,
        retryable,
        summary,
        deprecated: _,
    } = code_row(cat, e, from);
    CodeView {
        anchor: e.anchor.clone(),
        heading,
        code_link,
        name_cell,
        category_link,
        class_cell,
        retryable,
        summary,
        deprecated,
        facts,
        message_block: escape::code_block("text", &e.message.raw),
        params,
        suggestion: e
            .suggestion
            .as_ref()
            .map(|s| escape::inline_with_code(&s.raw)),
        retry,
        // A code's own page sanitizes it its own way (`per_code`).
        explanation: e
            .explanation
            .as_deref()
            .filter(|x| !x.trim().is_empty() && !cat.docs.layout.per_code())
            .map(|x| explanation::sanitize(x, &e.anchor)),
        wire_example: escape::code_block("json", &wire_example),
        mcp_example: escape::code_block("json", &mcp_example),
        raised_at: raised.map(|r| raised_view(cat, e, r)),
    }
}

/// What follows "**Deprecated**" for a deprecated code on the page `from`: since when, its
/// replacement, the note.
fn deprecated_text(cat: &Catalogue, e: &ErrorEntry, from: &str) -> Option<String> {
    e.deprecated.as_ref().map(|d| {
        let mut s = String::new();
        if let Some(v) = &d.since {
            s.push_str(&format!(" since {}", escape::inline(v)));
        }
        s.push('.');
        if let Some(r) = d.replaced_by.and_then(|i| cat.errors.get(i)) {
            s.push_str(&format!(
                " Use [{}]({}) instead.",
                if r.code == r.name {
                    escape::code(&r.code)
                } else {
                    format!("{} {}", escape::code(&r.code), escape::inline(&r.name))
                },
                code_href(cat, r, from)
            ));
        }
        if let Some(n) = &d.note {
            s.push(' ');
            s.push_str(&escape::inline(n));
        }
        s
    })
}

/// An example value's text inside a message (what `payload::display_value` gives).
fn example_display(p: &Param) -> String {
    match (p.ty, &p.example) {
        (ParamType::String, None) => format!("<{}>", p.name),
        (ParamType::Integer, None) => "42".into(),
        (ParamType::Number, None) => "1.5".into(),
        (ParamType::Boolean, None) => "true".into(),
        _ => display_value(&example_value(p)),
    }
}

/// An example value as a member of a JSON object (what `payload::example_value` gives).
fn write_example_value(w: &mut Pretty, p: &Param) {
    match (p.ty, &p.example) {
        (ParamType::String, None) => w.str(&format!("<{}>", p.name)),
        (ParamType::Integer, None) => w.int(42),
        // serde_json's text of `json!(1.5)` and `json!(true)`.
        (ParamType::Number, None) => w.raw("1.5"),
        (ParamType::Boolean, None) => w.raw("true"),
        _ => example_value(p).write_json(w),
    }
}

/// The example message and suggestion of an entry, rendered with its example values.
struct ExampleTexts {
    message: String,
    suggestion: Option<String>,
}

fn example_texts(e: &ErrorEntry) -> ExampleTexts {
    let values: Vec<String> = e.params.iter().map(example_display).collect();
    ExampleTexts {
        message: e.message.render(&values),
        suggestion: e.suggestion.as_ref().map(|t| t.render(&values)),
    }
}

/// `pretty(&Instance::example(e).wire(cat))`, written straight from the IR (no `Value`
/// tree per code; the docs of a large catalogue spent most of their time building and
/// dropping them). The reference stays `payload`; a test compares the two on every
/// catalogue in the repository.
fn example_wire(cat: &Catalogue, e: &ErrorEntry, texts: &ExampleTexts) -> String {
    let w = &cat.registry.wire;
    let ExampleTexts {
        message,
        suggestion,
    } = texts;
    let reserved = w.reserved_keys();
    let mut out = Pretty::sized(cat.errors.len(), 256);
    out.object(|o| {
        // Extras: every param (never a reserved key: validation refuses that), then the
        // suggestion unless a wire key already has its name.
        let extras = |o: &mut Pretty| {
            for p in &e.params {
                o.key(&p.name);
                write_example_value(o, p);
            }
            if let Some(s) = &suggestion
                && !reserved.contains(&"suggestion")
            {
                o.field("suggestion", s);
            }
        };
        // The reserved members in the order the registry's `wire:` block lists them.
        for &field in &w.order {
            let Some(k) = w.key(field) else { continue };
            match field {
                WireField::Code => o.field(k, &e.code),
                WireField::Message => o.field(k, message),
                WireField::Category => o.field(k, &cat.category_of(e).key),
                WireField::Retryable => o.field(k, e.retryable),
                WireField::Details => o.field_object(k, extras),
            }
        }
        // Flat extras (no details key) follow the reserved members.
        if w.details.is_none() {
            extras(o);
        }
    });
    out.finish()
}

/// `pretty(&Instance::example(e).mcp_tool_result(cat))`, written straight from the IR for
/// errdex's default profile (only called when [`default_shapes`]).
fn example_mcp(cat: &Catalogue, e: &ErrorEntry, texts: &ExampleTexts) -> String {
    let ExampleTexts {
        message,
        suggestion,
    } = texts;
    let mut text = String::with_capacity(e.code.len() + message.len() + 16);
    text.push_str(&e.code);
    text.push_str(": ");
    text.push_str(message);
    if let Some(h) = &suggestion {
        text.push_str("\n  hint: ");
        text.push_str(h);
    }
    let prefix = &cat.registry.mcp_meta_prefix;
    let mut key = String::with_capacity(prefix.len() + 16);
    let mut meta = |o: &mut Pretty, k: &str, v: &dyn WriteJson| {
        key.clear();
        key.push_str(prefix);
        key.push_str(k);
        o.key(&key);
        v.write_json(o);
    };
    let mut out = Pretty::sized(cat.errors.len(), 512);
    out.object(|o| {
        o.key("content").array(|a| {
            a.object(|c| {
                c.field("type", "text");
                c.field("text", &text);
            });
        });
        o.field("isError", true);
        o.field("resultType", "complete");
        o.field_object("_meta", |m| {
            meta(m, "code", &e.code);
            meta(m, "category", &cat.category_of(e).key);
            meta(m, "retryable", &e.retryable);
            meta(m, "expected", &e.expected);
            meta(m, "docs_url", &e.docs_url);
            if let Some(s) = &suggestion {
                meta(m, "suggestion", s);
            }
        });
    });
    out.finish()
}

/// The link target for a docs URL shown on the page `from`: a relative URL naming a page
/// of this book (no registry template: `page.html#x`, `frm/acm-frm-001.html`) is written
/// as a link to its `.md` source, so mdBook checks it and resolves it from any page.
fn docs_href(book: &Book, url: &str, from: &str) -> String {
    if !url.contains("://") {
        let (path, frag) = match url.split_once('#') {
            Some((p, f)) => (p, Some(f)),
            None => (url, None),
        };
        if let Some(page) = path.strip_suffix(".html")
            && book.pages.contains(page)
        {
            let mut href = names::book_href(from, page, ".md");
            if let Some(f) = frag {
                href.push('#');
                href.push_str(f);
            }
            return href;
        }
    }
    url.to_string()
}

fn join_codes(items: &[String]) -> String {
    items
        .iter()
        .map(|s| escape::code(s))
        .collect::<Vec<_>>()
        .join(", ")
}

fn page_md(book: &Book, p: &PagePlan, header: &str, raised: Option<&RaisedAt>) -> String {
    let cat = book.cat;
    let fast = default_shapes(cat);
    let codes = p
        .entries
        .iter()
        .map(|&i| code_view(book, &book.facts, &cat.errors[i], fast, raised, &p.slug))
        .collect();
    // About 1.7 KiB a code without an explanation (the facts, the payload examples).
    let capacity = p.room(cat, 2560);
    render(
        &PageMd {
            header,
            title: &p.title,
            summary: p.summary.as_deref().map(escape::inline_with_code),
            code_prefix: p.code_prefix.as_deref().map(escape::code),
            show_name: p.shows_name(cat),
            show_class: book.facts.show_class(),
            codes,
        },
        capacity,
    )
}

#[derive(Template)]
#[template(path = "markdown/retired.md", syntax = "markdown")]
struct RetiredMd<'a> {
    header: &'a str,
    rows: Vec<RetiredRow>,
}

struct RetiredRow {
    anchor: String,
    code: String,
    name: String,
    since: String,
    note: String,
}

fn retired_md(cat: &Catalogue, header: &str) -> String {
    let rows: Vec<RetiredRow> = cat
        .retired
        .iter()
        .map(|r| RetiredRow {
            anchor: r.anchor.clone(),
            code: escape::code_nowrap(&r.code),
            name: r
                .name
                .as_deref()
                .map(escape::code_breakable)
                .unwrap_or_default(),
            since: escape::inline(r.since.as_deref().unwrap_or_default()),
            note: {
                let note = r.note.as_deref().map(escape::inline_with_code);
                let replacement = r.replaced_by.and_then(|i| cat.errors.get(i)).map(|e| {
                    format!(
                        "Replaced by [{}]({}).",
                        escape::code_nowrap(&e.code),
                        code_href(cat, e, book::RETIRED_PAGE)
                    )
                });
                match (replacement, note) {
                    (Some(r), Some(n)) => format!("{r} {n}"),
                    (r, n) => r.or(n).unwrap_or_default(),
                }
            },
        })
        .collect();
    let capacity = 2048 + 512 * rows.len();
    render(&RetiredMd { header, rows }, capacity)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::support::pretty_json::to_string_pretty;

    /// Every entry of `cat`: the docs' example payloads equal the reference renderings.
    fn check(cat: &Catalogue, what: &str) -> usize {
        let fast = default_shapes(cat);
        // The reference renderings: pretty, or serde_json's compact above the threshold.
        let reference = |v: &serde_json::Value| {
            if cat.errors.len() > crate::support::pretty_json::COMPACT_ABOVE_CODES {
                serde_json::to_string(v).expect("a Value serializes")
            } else {
                to_string_pretty(v)
            }
        };
        for e in &cat.errors {
            let ex = Instance::example(e);
            for fast in [fast, false] {
                let (wire, mcp) = example_payloads(cat, e, fast);
                assert_eq!(
                    wire,
                    reference(&ex.wire(cat)),
                    "{what}: wire example of {}",
                    e.name
                );
                assert_eq!(
                    mcp,
                    reference(&ex.mcp_tool_result(cat)),
                    "{what}: MCP example of {}",
                    e.name
                );
            }
        }
        cat.errors.len()
    }

    /// A catalogue with the agent-CLI framework's MCP profile, a JSON-RPC profile of facts
    /// and the runtime's wire order: the pages show exactly what `payload` renders, and the
    /// index shows the profiles.
    #[test]
    fn example_payloads_follow_profiles_and_wire_order() {
        let src = "errdex: 1\nregistry:\n  name: milo\n  wire: {code: error, category: category, message: detail}\ncategories:\n  invalid: {summary: Bad input, exit_code: 2, http_status: 400, jsonrpc_code: -32602, expected: true}\nnamespaces:\n  FRM: {title: Forms, class: FormError}\nprofiles:\n  mcp_tool_error:\n    text: \"Error: {message}\"\n    data: errorData\n    prefix: \"\"\n    fields: {errorCode: code, type: error_type, argument: argument, suggestion: suggestion}\n  jsonrpc_error:\n    message: \"{code}: {message}\"\n    data: {code: code, type: error_type}\nerrors:\n  FRM_VALIDATION:\n    code: M-FRM-001\n    namespace: FRM\n    category: invalid\n    summary: Validation failed\n    message: \"{field} is invalid\"\n    params: {field: string}\n    suggestion: \"Fix {field}.\"\n";
        let l = crate::load_str(src, "milo.yaml");
        let cat = l.catalogue.unwrap_or_else(|| panic!("{:?}", l.diagnostics));
        assert!(!default_shapes(&cat));
        check(&cat, "custom profile");
        let files = emit(&cat);
        let file = |p: &str| &files.iter().find(|(q, _)| q == p).expect(p).1;
        let ex = Instance::example(&cat.errors[0]);
        for shape in [ex.wire(&cat), ex.mcp_tool_result(&cat)] {
            let block = escape::code_block("json", &to_string_pretty(&shape));
            assert!(file("src/frm.md").contains(&block), "{block}");
        }
        let wire = to_string_pretty(&ex.wire(&cat));
        assert!(
            wire.find("\"error\"") < wire.find("\"category\"")
                && wire.find("\"category\"") < wire.find("\"detail\""),
            "{wire}"
        );
        let index = file("src/index.md");
        for needle in [
            "<code>Error: &#123;message&#125;</code>",
            "<code>errorData</code>",
            "| <code>errorCode</code> | <code>code</code> |",
            "| <code>type</code> | <code>error\\_type</code> |",
        ] {
            assert!(index.contains(needle), "{needle} in\n{index}");
        }
    }

    /// Above `COMPACT_ABOVE_CODES` codes the examples are compact, one line each, and still
    /// the reference renderings.
    #[test]
    fn example_payloads_of_a_large_catalogue_are_compact() {
        let n = crate::support::pretty_json::COMPACT_ABOVE_CODES + 1;
        let mut src = String::from(
            "errdex: 1\nregistry:\n  name: big\ncategories:\n  invalid: {summary: Bad input, exit_code: 2, http_status: 400, jsonrpc_code: -32602, expected: true}\nnamespaces:\n  FRM: {title: Forms}\nerrors:\n",
        );
        for i in 0..n {
            src.push_str(&format!(
                "  FRM_V{i}:\n    code: F{i:05}\n    namespace: FRM\n    category: invalid\n    summary: Check {i} failed\n    message: \"{{field}} failed {i}\"\n    params: {{field: string}}\n    suggestion: \"Fix {{field}}.\"\n"
            ));
        }
        let l = crate::load_str(&src, "big.yaml");
        let cat = l.catalogue.unwrap_or_else(|| panic!("{:?}", l.diagnostics));
        assert!(default_shapes(&cat));
        assert_eq!(check(&cat, "large"), n);
        let (wire, mcp) = example_payloads(&cat, &cat.errors[0], true);
        assert!(!wire.contains('\n') && !mcp.contains('\n'), "{wire}\n{mcp}");
    }

    #[test]
    fn example_payloads_match_the_reference_renderings() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut files = vec![root.join("errors.yaml")];
        for dir in ["tests/fixtures", "examples"] {
            for e in std::fs::read_dir(root.join(dir))
                .into_iter()
                .flatten()
                .flatten()
            {
                let f = e.path().join("errors.yaml");
                if f.exists() {
                    files.push(f);
                }
            }
        }
        let mut entries = 0;
        for f in &files {
            let l = crate::load_path(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            if let Some(cat) = l.catalogue {
                entries += check(&cat, &f.display().to_string());
            }
        }
        assert!(entries > 500, "only {entries} entries checked");
        // Wire keys that take the extras' names, nested details, every param type.
        for wire in [
            "{code: suggestion, message: argument}",
            "{code: code, message: message, category: constraint, retryable: retryable, details: extra}",
            "{code: error, message: detail, category: null, details: suggestion}",
        ] {
            let src = format!(
                "errdex: 1\nregistry: {{name: w, wire: {wire}, mcp_meta_prefix: x.dev/}}\ncategories:\n  c: {{summary: C, retryable: true, exit_code: 1, http_status: 503, jsonrpc_code: -32603, expected: false}}\nerrors:\n  A_B:\n    category: c\n    summary: S\n    message: \"m {{s}} {{i}} {{num}} {{flag}}\"\n    params: {{s: string, i: integer, num: number, flag: boolean}}\n    suggestion: \"try {{s}}\"\n  C_D:\n    category: c\n    summary: S\n    message: plain \"quoted\" \\\\ text\n"
            );
            let l = crate::load_str(&src, "w.yaml");
            let cat = l
                .catalogue
                .unwrap_or_else(|| panic!("{wire}: {:?}", l.diagnostics));
            check(&cat, wire);
        }
    }
}

#[cfg(test)]
mod class_tests {
    /// The codes table gets a "Class" column, and each code a "Class" fact, only when some
    /// code's class is not the registry's.
    #[test]
    fn classes_show_when_declared() {
        let src = "errdex: 1\nregistry: {name: milo}\ncategories:\n  c: {summary: C, exit_code: 1, http_status: 400, jsonrpc_code: -32602}\nnamespaces:\n  FRM: {title: Forms, class: FormError}\n  CFG: {title: Config}\nerrors:\n  FRM_A: {namespace: FRM, category: c, summary: S}\n  CFG_A: {namespace: CFG, category: c, summary: S}\n";
        let cat = crate::load_str(src, "e.yaml").catalogue.expect("loads");
        let files = super::emit(&cat);
        let page = |slug: &str| {
            files
                .iter()
                .find(|(p, _)| p == &format!("src/{slug}.md"))
                .map(|(_, t)| t.clone())
                .expect("page")
        };
        // Every code is its NAME here: no "Name" column repeats the "Code" column.
        assert!(page("frm").contains("| Code | Class | Category |"));
        assert!(page("frm").contains("| Class | <code>FormError</code> |"));
        assert!(page("cfg").contains("| Class | <code>MiloError</code> |"));
        let plain = crate::load_str(&src.replace(", class: FormError", ""), "e.yaml")
            .catalogue
            .expect("loads");
        let files = super::emit(&plain);
        assert!(files.iter().all(|(_, t)| !t.contains("Class")));
    }
}
