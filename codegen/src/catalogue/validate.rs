//! Located tree → validated IR: the order of the stages, and nothing else.
//!
//! The typed model is read from the generic tree by hand (a serde derive would stop at the
//! first unknown key or wrong type), so every problem is collected before stopping. Each
//! rule of the format (`docs/catalogue.md`) has its own [`crate::diag::DiagCode`]; the
//! stages below say where each is checked:
//!
//! 1. the top level and its sections ([`super::sections`]), each read against its
//!    [`super::format`] section;
//! 2. each entry's own checks ([`super::entry`]), on several threads for a large catalogue;
//! 3. the rules across entries ([`super::rules`]), one function per rule.

use crate::diag::{Diagnostic, Severity, Span};
use crate::ir::{
    Catalogue, Category, DocsLayout, ErrorEntry, HttpProfile, Namespace, Registry, Retired,
};

use super::entry::EntryCx;
use super::format::KeyRef;
use super::format::keys::{registry, top};
use super::imports::ImportCx;
use super::rules;
use super::sink::Cx;
use super::tree::{Kind, Limits, Node};
use crate::diag::DiagCode;

/// Validates a parsed tree. Returns the IR only when no diagnostic is an error.
pub fn validate(
    root: &Node,
    src: &str,
    source_name: &str,
    limits: &Limits,
) -> (Option<Catalogue>, Vec<Diagnostic>) {
    validate_with(root, src, source_name, limits, None, false)
}

/// [`validate`], resolving `imports:` through `icx` (refused without it). `parts_read`:
/// the sources layer has read the root's `parts:` and merged them into `root`; without it
/// a `parts:` list is refused (EDX0801) rather than silently validating the root alone.
pub(super) fn validate_with(
    root: &Node,
    src: &str,
    source_name: &str,
    limits: &Limits,
    icx: Option<ImportCx<'_>>,
    parts_read: bool,
) -> (Option<Catalogue>, Vec<Diagnostic>) {
    let mut cx = Cx::new(src, limits);
    let catalogue = cx.catalogue(root, source_name, icx, parts_read);
    let mut diags = cx.diags;
    diags.sort_by_key(|d| d.span.map_or((usize::MAX, 0), |s| (s.offset, s.len)));
    let ok = !diags.iter().any(|d| d.severity() == Severity::Error);
    (catalogue.filter(|_| ok), diags)
}

impl Cx<'_> {
    /// Stage 1: the top level, then each section in the order later ones need them.
    fn catalogue(
        &mut self,
        root: &Node,
        source_name: &str,
        icx: Option<ImportCx<'_>>,
        parts_read: bool,
    ) -> Option<Catalogue> {
        let top_level = self.top_fields(root)?;
        self.format_version(root, &top_level);
        self.missing_sections(root, &top_level);
        let registry = top_level
            .pair(top::REGISTRY)
            .and_then(|(key, value)| self.registry(value, key.span));
        let categories = top_level
            .get(top::CATEGORIES)
            .map(|n| self.categories(n))
            .unwrap_or_default();
        let namespaces = top_level
            .get(top::NAMESPACES)
            .map(|n| self.namespaces(n, &categories))
            .unwrap_or_default();
        let (retired, retired_replacements): (Vec<_>, Vec<_>) = top_level
            .get(top::RETIRED)
            .map(|n| self.retired(n))
            .unwrap_or_default()
            .into_iter()
            .map(|(r, span, replaced_by)| ((r, span), replaced_by))
            .unzip();
        let profiles = self.profiles(
            top_level.get(top::PROFILES),
            registry.as_ref().map_or("", |r| r.mcp_meta_prefix.as_str()),
        );
        let docs = self.docs(top_level.get(top::DOCS));
        let (errors, spans) = match top_level.get(top::ERRORS) {
            Some(n) => {
                let sections = Sections {
                    registry: registry.as_ref(),
                    categories: &categories,
                    namespaces: &namespaces,
                    retired: &retired,
                    http: &profiles.http,
                    layout: docs.docs.layout,
                };
                self.errors(n, &sections)
            }
            None => (Vec::new(), Vec::new()),
        };
        let docs_url_spans: Vec<Option<Span>> = spans.iter().map(|s| s.docs_url).collect();
        let moved = self.resolve_moved(&docs.moved, &errors);
        let mut retired = retired;
        rules::unknown_replacement_of_retired(self, &mut retired, &retired_replacements, &errors);
        let retired_spans: Vec<Span> = retired.iter().map(|(_, s)| *s).collect();
        let package = self.package(top_level.get(top::PACKAGE));
        let outputs = self.outputs(top_level.get(top::OUTPUTS));
        let rust = self.rust_items(top_level.get(top::RUST));
        let go = self.go_items(top_level.get(top::GO));
        if rust.namespace_enums {
            rules::identifier_collision_of_namespace(self, &namespaces);
        }
        // `parts` is read by the sources layer, before this tree was whole; here its shape,
        // and a refusal when nothing read it (text given without its folder).
        if let Some(listed) = self.nonempty_list(&top_level, top::PARTS)
            && let Some((part, span)) = listed.first()
            && !parts_read
        {
            self.err(
                DiagCode::PartNotFound,
                *span,
                &[
                    ("part", part),
                    (
                        "reason",
                        "the catalogue was given as text, not as a file, so there is no folder to read it from",
                    ),
                ],
            );
        }
        let usage = top_level
            .get(top::USAGE)
            .map(|n| self.usage(n))
            .unwrap_or_default();
        let registry = registry?;
        let (registry_key, registry_node) = top_level.pair(top::REGISTRY)?;
        let links = rules::DocsLinks {
            registry: &registry,
            registry_span: registry_key.span,
            template_span: child_span(registry_node, registry::DOCS_URL),
            namespaces: &namespaces,
            entries: &errors,
            own_spans: &docs_url_spans,
            layout: docs.docs.layout,
            external: docs.docs.external_links,
        };
        rules::docs_url_off_site(self, &links);
        rules::docs_site_unstated(self, &links);
        rules::relative_docs_url(self, &links, &profiles);
        let mut catalogue = Catalogue {
            source_name: source_name.to_string(),
            registry,
            categories: categories.into_iter().map(|(c, _)| c).collect(),
            namespaces: namespaces.into_iter().map(|(n, _)| n).collect(),
            errors,
            retired: retired.into_iter().map(|(r, _)| r).collect(),
            profiles,
            package,
            outputs,
            usage,
            rust,
            go,
            docs: crate::ir::Docs { moved, ..docs.docs },
            imports: Vec::new(),
        };
        let book = rules::BookSpans {
            entries: &spans,
            retired: &retired_spans,
            moved: &docs.moved,
            former_layout: docs.former_layout_span,
            layout: docs.layout_span,
        };
        rules::docs_page_collision(self, &catalogue, &book);
        rules::redirect_over_live_page(self, &catalogue, &book);
        // Last: the imported codes join the catalogue's own after every rule about those
        // has run (the imported ones were checked in their own catalogue).
        if let Some(node) = top_level.get(top::IMPORTS) {
            self.imports(node, &mut catalogue, &spans, icx);
        }
        Some(catalogue)
    }

    /// Stages 2 and 3: the `errors` mapping, each entry's own checks, then the rules
    /// across entries. Only the entries that passed their own checks reach the IR; each
    /// comes with the spans the docs rules point at (its code, its own `docs_url`, its
    /// aliases and legacy codes).
    fn errors(
        &mut self,
        node: &Node,
        sections: &Sections<'_>,
    ) -> (Vec<ErrorEntry>, Vec<rules::EntrySpans>) {
        let Sections {
            registry,
            categories,
            namespaces,
            retired,
            http,
            layout,
        } = *sections;
        let Some(entries) = self.entries(node, top::ERRORS.name(), "a mapping of error entries")
        else {
            return (Vec::new(), Vec::new());
        };
        if entries.len() > self.limits.max_codes {
            self.err(
                DiagCode::TooManyCodes,
                node.span,
                &[
                    ("count", &entries.len().to_string()),
                    ("limit", &self.limits.max_codes.to_string()),
                ],
            );
            return (Vec::new(), Vec::new());
        }
        let pattern = registry
            .and_then(|r| r.code_pattern.as_deref())
            .and_then(|p| regex::Regex::new(p).ok());
        let wire_reserved: Vec<String> = registry
            .map(|r| {
                r.wire
                    .reserved_keys()
                    .into_iter()
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default();
        let shared = EntryCx {
            registry,
            categories,
            namespaces,
            pattern: pattern.as_ref(),
            wire_reserved: &wire_reserved,
            layout,
        };
        let mut pending = self.each_entry(&entries, &shared);

        let codes = rules::duplicate_code(self, &pending);
        let legacy = rules::legacy_code_collision(self, &pending, &codes);
        rules::retired_code_reused(self, retired, &codes, &legacy);
        rules::duplicate_name(self, &pending);
        rules::duplicate_name_of_code(self, &pending, &codes, &legacy);
        rules::duplicate_name_of_retired(self, &pending, retired);
        rules::identifier_collision_of_alias(self, &pending);
        rules::identifier_collision(self, &pending, layout);
        rules::invalid_aip_reason(self, http, &pending);
        rules::retry_after_ignored(self, http, categories, &pending);
        let replacements = rules::unknown_replacement(self, &pending);

        let mut spans = Vec::with_capacity(pending.len());
        for (p, replaced_by) in pending.iter_mut().zip(replacements) {
            if !p.complete {
                continue;
            }
            if let Some(deprecated) = p.entry.deprecated.as_mut() {
                deprecated.replaced_by = replaced_by;
            }
            spans.push(rules::EntrySpans {
                code: p.code_span,
                docs_url: p.docs_url_span,
                aliases: p.aliases.iter().map(|(_, s)| *s).collect(),
                legacy: p.legacy.iter().map(|(_, s)| *s).collect(),
            });
        }
        // Collected in place: the entries stay in the memory the checks wrote them to
        // (an `ErrorEntry` is no larger than its `Pending`), instead of being copied into
        // a vector of fresh pages.
        let out = pending
            .into_iter()
            .filter(|p| p.complete)
            .map(|p| p.entry)
            .collect();
        (out, spans)
    }
}

/// The sections read before the `errors` mapping, which its checks read.
#[derive(Clone, Copy)]
struct Sections<'s> {
    registry: Option<&'s Registry>,
    categories: &'s [(Category, Span)],
    namespaces: &'s [(Namespace, Span)],
    retired: &'s [(Retired, Span)],
    http: &'s HttpProfile,
    /// `docs.layout`: where default docs URLs point.
    layout: DocsLayout,
}

/// The span of `key`'s value in the mapping `node`, if it has that key.
fn child_span(node: &Node, key: KeyRef) -> Option<Span> {
    match &node.kind {
        Kind::Map(entries) => entries
            .iter()
            .find(|(k, _)| matches!(&k.kind, Kind::Str(s) if s == key.name()))
            .map(|(_, v)| v.span),
        _ => None,
    }
}
