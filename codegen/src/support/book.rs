//! The reference book's map: the pages errdex writes, where each code lives in them, and the
//! redirects that keep old addresses working. Computed from the IR alone and shared by the
//! Markdown emitter (the pages, `book.toml`'s `output.html.redirect`), the loader's rules
//! (pages that would share a file, redirects that would overwrite a live page) and
//! `errdex diff` (is an old docs address still served?).
//!
//! Paths are relative to the book's root, pages without their extension (`frm`,
//! `acm-frm-001`, `frm/acm-frm-001`); redirect sources are written as mdBook's keys want
//! them, `page.html` or `page.html#fragment` (the map's `/` in front is the emitter's).

use crate::ir::{Catalogue, DocsLayout, ErrorEntry, GENERAL_SLUG};
use crate::names;
use crate::support::pretty_json::COMPACT_ABOVE_CODES;

/// Where something is in the book: a page and, on a page shared by several codes, the
/// fragment of its section.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Address {
    pub page: String,
    pub fragment: Option<String>,
}

impl Address {
    /// A link to it from the page `from`, with `ext` (`.md` inside the book's sources,
    /// `.html` for redirects).
    pub fn href_from(&self, from: &str, ext: &str) -> String {
        let mut s = names::book_href(from, &self.page, ext);
        if let Some(f) = &self.fragment {
            s.push('#');
            s.push_str(f);
        }
        s
    }

    /// `page.html` or `page.html#fragment`.
    pub fn key(&self) -> String {
        match &self.fragment {
            Some(f) => format!("{}.html#{f}", self.page),
            None => format!("{}.html", self.page),
        }
    }
}

/// The address of a code in `layout` (see [`names::code_address`]).
pub fn address_in(layout: DocsLayout, namespace_slug: &str, anchor: &str) -> Address {
    let (page, fragment) = names::code_address(layout, namespace_slug, anchor);
    Address {
        page,
        fragment: fragment.map(str::to_string),
    }
}

/// Where `e` lives in the catalogue's book.
pub fn address(cat: &Catalogue, e: &ErrorEntry) -> Address {
    address_in(cat.docs.layout, cat.page_slug(e), &e.anchor)
}

/// The page listing the retired codes.
pub const RETIRED_PAGE: &str = "retired";

/// The page of every code (code, NAME, summary, a link to its section) that a book of
/// namespace pages above [`COMPACT_ABOVE_CODES`] codes has instead of indexing its
/// namespace pages for search ([`compact_book`]). A `.` is in no slug ([`names::slug`]), so
/// no namespace's or code's page can take its file.
pub const CODES_PAGE: &str = "errdex.codes";

/// `true` when the catalogue's book is the large one: a page per namespace (or several
/// namespaces per page) and more than [`COMPACT_ABOVE_CODES`] codes. Its namespace pages
/// give each code a compact section (the facts that differ from its category, its message,
/// its wire payload) and are left out of mdBook's search index; [`CODES_PAGE`] is what
/// search finds. A book with a page per code is never compact: each page is one search
/// result already.
pub fn compact_book(cat: &Catalogue) -> bool {
    !cat.docs.layout.per_code() && cat.errors.len() > COMPACT_ABOVE_CODES
}

/// The docs URL `template` (a `docs_url` pattern; `None`: the book's own address) gives
/// `e` in `cat`: what `e.docs_url` is when neither `e` nor, for `Some`, anything else
/// overrides it.
pub fn templated_docs_url(template: Option<&str>, cat: &Catalogue, e: &ErrorEntry) -> String {
    names::docs_url(
        template,
        cat.registry.docs_site_url.as_deref(),
        cat.docs.layout,
        &names::CodeUrl {
            namespace_slug: cat.page_slug(e),
            anchor: &e.anchor,
            code: &e.code,
            name: &e.name,
            category_key: &cat.category_of(e).key,
        },
    )
}

/// Where mdBook's search leads for `e`: its entry on [`CODES_PAGE`] in a
/// [`compact_book`], else its own place ([`address`]).
pub fn search_address(cat: &Catalogue, e: &ErrorEntry) -> Address {
    if compact_book(cat) {
        Address {
            page: CODES_PAGE.to_string(),
            fragment: Some(e.anchor.clone()),
        }
    } else {
        address(cat, e)
    }
}

/// What a page of the book is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageKind {
    /// `index`: the categories and the list of pages.
    Index,
    /// `retired`: the tombstones.
    Retired,
    /// The page of a namespace (its slug; [`GENERAL_SLUG`] for codes without one): its
    /// codes' sections, or in a per-code layout the index of their pages.
    Namespace,
    /// A code's own page (index into `Catalogue::errors`).
    Code(usize),
    /// [`CODES_PAGE`]: every code, what search finds in a [`compact_book`].
    Codes,
    /// A page mdBook writes itself (`print`, `404`, `toc`).
    MdBook,
}

/// One page of the book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    pub path: String,
    pub kind: PageKind,
}

/// The namespace pages, in catalogue order of namespaces, the general page last when some
/// code has no namespace. Namespaces whose slugs coincide share a page.
pub fn namespace_pages(cat: &Catalogue) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(cat.namespaces.len() + 1);
    for ns in &cat.namespaces {
        if !out.contains(&ns.slug) {
            out.push(ns.slug.clone());
        }
    }
    if cat.errors.iter().any(|e| e.namespace.is_none()) && !out.iter().any(|s| s == GENERAL_SLUG) {
        out.push(GENERAL_SLUG.to_string());
    }
    out
}

/// Every page of the book: errdex's (index, namespaces, codes in a per-code layout,
/// retired, the page of every code in a [`compact_book`]) and mdBook's own. Two pages with the same path are what
/// [`crate::catalogue`] refuses (EDX0607); the list keeps both.
pub fn pages(cat: &Catalogue) -> Vec<Page> {
    let page = |path: &str, kind| Page {
        path: path.to_string(),
        kind,
    };
    let mut out = vec![page("index", PageKind::Index)];
    out.extend(
        namespace_pages(cat)
            .iter()
            .map(|s| page(s, PageKind::Namespace)),
    );
    if cat.docs.layout.per_code() {
        out.extend(
            cat.errors
                .iter()
                .enumerate()
                .map(|(i, e)| page(&address(cat, e).page, PageKind::Code(i))),
        );
    }
    out.push(page(RETIRED_PAGE, PageKind::Retired));
    if compact_book(cat) {
        out.push(page(CODES_PAGE, PageKind::Codes));
    }
    out.extend(MDBOOK_PAGES.map(|p| page(p, PageKind::MdBook)));
    out
}

/// The pages mdBook writes beside the chapters.
pub const MDBOOK_PAGES: [&str; 3] = ["print", "404", "toc"];

/// Where a redirect comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// `errors.<entry>.legacy_codes[index]`.
    Legacy { entry: usize, index: usize },
    /// `errors.<entry>.aliases[index]`, of an entry whose code is its NAME (the alias was
    /// its code too).
    Alias { entry: usize, index: usize },
    /// `retired[index]`: to its replacement, else its tombstone.
    Retired { index: usize },
    /// The entry's address in `docs.former_layout`.
    FormerLayout { entry: usize },
    /// `docs.moved[index]`.
    Moved { index: usize },
}

/// An old address and where it now leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redirect {
    /// `page.html` or `page.html#fragment`.
    pub from: String,
    pub to: Address,
    pub source: Source,
}

/// What a redirect would overwrite.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Conflict {
    /// A page the book writes.
    Page(Page),
    /// The section of a code on its page.
    Section(usize),
    /// A tombstone's row on the retired page.
    Tombstone(usize),
    /// A category's row on the index page.
    Category(usize),
    /// An earlier redirect from the same address to another place.
    Redirect(usize),
}

/// The namespace a code string belonged to: the one whose `code_prefix` it starts with
/// (the longest), else `fallback`.
fn namespace_of_code<'c>(
    cat: &'c Catalogue,
    code: &str,
    fallback: Option<&'c str>,
) -> Option<&'c str> {
    cat.namespaces
        .iter()
        .filter(|n| {
            n.code_prefix
                .as_deref()
                .is_some_and(|p| code.starts_with(p))
        })
        .max_by_key(|n| n.code_prefix.as_ref().map_or(0, String::len))
        .map(|n| n.slug.as_str())
        .or(fallback)
}

/// Every redirect the catalogue asks for, in a fixed order: per entry its legacy codes and
/// aliases, then the retired codes, the former layout, and `docs.moved`. Redirects that
/// lead where they start are left out; conflicts are kept ([`conflicts`] finds them).
pub fn redirects(cat: &Catalogue) -> Vec<Redirect> {
    let layout = cat.docs.layout;
    let mut out = Vec::new();
    let mut push = |from: Address, to: Address, source| {
        if from != to {
            out.push(Redirect {
                from: from.key(),
                to,
                source,
            });
        }
    };
    if cat.docs.redirects {
        for (i, e) in cat.errors.iter().enumerate() {
            let here = address(cat, e);
            let ns = cat.page_slug(e);
            for (j, old) in e.legacy_codes.iter().enumerate() {
                let old_ns = namespace_of_code(cat, old, Some(ns)).unwrap_or(ns);
                let from = address_in(layout, old_ns, &names::slug(old));
                push(from, here.clone(), Source::Legacy { entry: i, index: j });
            }
            if e.code == e.name {
                for (j, old) in e.aliases.iter().enumerate() {
                    let from = address_in(layout, ns, &names::slug(old));
                    push(from, here.clone(), Source::Alias { entry: i, index: j });
                }
            }
        }
        // A retired code's page: known by its code's prefix, or the only page there is.
        let only = cat.namespaces.is_empty().then_some(GENERAL_SLUG);
        for (i, r) in cat.retired.iter().enumerate() {
            let Some(ns) = namespace_of_code(cat, &r.code, only)
                .or((layout == DocsLayout::Code).then_some(GENERAL_SLUG))
            else {
                continue;
            };
            let to = match r.replaced_by.and_then(|k| cat.errors.get(k)) {
                Some(e) => address(cat, e),
                None => Address {
                    page: RETIRED_PAGE.to_string(),
                    fragment: Some(r.anchor.clone()),
                },
            };
            push(
                address_in(layout, ns, &r.anchor),
                to,
                Source::Retired { index: i },
            );
        }
    }
    if let Some(former) = cat.docs.former_layout.filter(|f| *f != layout) {
        for (i, e) in cat.errors.iter().enumerate() {
            let from = address_in(former, cat.page_slug(e), &e.anchor);
            push(from, address(cat, e), Source::FormerLayout { entry: i });
        }
    }
    for (i, (path, entry)) in cat.docs.moved.iter().enumerate() {
        let Some(e) = cat.errors.get(*entry) else {
            continue;
        };
        let (page, fragment) = match path.split_once('#') {
            Some((p, f)) => (p, Some(f.to_string())),
            None => (path.as_str(), None),
        };
        let from = Address {
            page: page.strip_suffix(".html").unwrap_or(page).to_string(),
            fragment,
        };
        push(from, address(cat, e), Source::Moved { index: i });
    }
    out
}

/// The ids a page of the book carries that a redirect may not take: each code's section,
/// each tombstone, each category (index page).
fn live_id(cat: &Catalogue, page: &str, fragment: &str) -> Option<Conflict> {
    if page == RETIRED_PAGE {
        return cat
            .retired
            .iter()
            .position(|r| r.anchor == fragment)
            .map(Conflict::Tombstone);
    }
    if page == "index" {
        return cat
            .categories
            .iter()
            .position(|c| c.anchor == fragment)
            .map(Conflict::Category);
    }
    cat.errors
        .iter()
        .position(|e| {
            let a = address(cat, e);
            a.page == page && a.fragment.as_deref().unwrap_or(&e.anchor) == fragment
        })
        .map(Conflict::Section)
}

/// The redirects of `redirects` that would overwrite a live page, a live section or an
/// earlier redirect: (index into `redirects`, what it would overwrite).
pub fn conflicts(cat: &Catalogue, redirects: &[Redirect]) -> Vec<(usize, Conflict)> {
    let pages = pages(cat);
    let mut out = Vec::new();
    let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for (i, r) in redirects.iter().enumerate() {
        let (file, fragment) = match r.from.split_once('#') {
            Some((p, f)) => (p, Some(f)),
            None => (r.from.as_str(), None),
        };
        let page = file.strip_suffix(".html").unwrap_or(file);
        let live = pages.iter().find(|p| p.path == page);
        let conflict = match (live, fragment) {
            (Some(p), None) => Some(Conflict::Page(p.clone())),
            (Some(_), Some(f)) => live_id(cat, page, f),
            (None, _) => None,
        };
        if let Some(c) = conflict {
            out.push((i, c));
            continue;
        }
        match seen.get(r.from.as_str()) {
            Some(&j) if redirects[j].to != r.to => out.push((i, Conflict::Redirect(j))),
            Some(_) => {}
            None => {
                seen.insert(&r.from, i);
            }
        }
    }
    out
}

/// `book.toml`'s `[output.html.redirect]` map: `/<from>` → the target relative to the
/// old page. Conflicting redirects are left out (the loader refuses them), duplicates
/// written once, and a page that only has fragment redirects and is no page of the book
/// gets the first one's page as its default (mdBook needs one). Sorted by source.
pub fn redirect_map(cat: &Catalogue) -> Vec<(String, String)> {
    let all = redirects(cat);
    let bad: std::collections::HashSet<usize> =
        conflicts(cat, &all).into_iter().map(|(i, _)| i).collect();
    let pages = pages(cat);
    let mut map: std::collections::BTreeMap<String, String> = std::collections::BTreeMap::new();
    let mut defaults: Vec<(String, String)> = Vec::new();
    for (i, r) in all.iter().enumerate() {
        if bad.contains(&i) {
            continue;
        }
        let file = r.from.split_once('#').map_or(r.from.as_str(), |(p, _)| p);
        let from_page = file.strip_suffix(".html").unwrap_or(file);
        map.entry(format!("/{}", r.from))
            .or_insert_with(|| r.to.href_from(from_page, ".html"));
        if r.from.contains('#') && !pages.iter().any(|p| p.path == from_page) {
            let to = Address {
                page: r.to.page.clone(),
                fragment: None,
            };
            defaults.push((format!("/{file}"), to.href_from(from_page, ".html")));
        }
    }
    for (k, v) in defaults {
        map.entry(k).or_insert(v);
    }
    map.into_iter().collect()
}
