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
//! 3. the rules across entries ([`super::rules`]), one function per rule. Those that only
//!    report (every one but `replaced_by`'s) may be left to the caller, which runs them
//!    beside its own work on the IR ([`Deferred`]): `errdex generate` runs them beside the
//!    emitters and writes nothing until they find no error.

use crate::diag::{Diagnostic, Severity, Span};
use crate::ir::{
    Catalogue, Category, DocsLayout, ErrorEntry, HttpProfile, Namespace, Registry, Retired,
};

use super::entry::{Checked, EntryCx, Places};
use super::format::KeyRef;
use super::format::keys::{registry, top};
use super::imports::ImportCx;
use super::rules::{self, Across};
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
    let v = validate_with(root, src, source_name, limits, None, false, false);
    (v.catalogue, v.diagnostics)
}

/// What [`validate_with`] found.
pub(super) struct Validated {
    /// The IR: when `deferred` is set, before the rules it holds have run (no error
    /// found so far); else only when no diagnostic is an error.
    pub(super) catalogue: Option<Catalogue>,
    /// In source order; when `deferred` is set, in the order they were found (its
    /// diagnostics go in among them, then all are sorted: [`Deferred::settle`]).
    pub(super) diagnostics: Vec<Diagnostic>,
    pub(super) deferred: Option<Deferred>,
}

/// [`validate`], resolving `imports:` through `icx` (refused without it). `parts_read`:
/// the sources layer has read the root's `parts:` and merged them into `root`; without it
/// a `parts:` list is refused (EDX0801) rather than silently validating the root alone.
/// `defer`: when nothing so far is an error, leave the rules across entries that only
/// report to the caller ([`Deferred`]).
pub(super) fn validate_with(
    root: &Node,
    src: &str,
    source_name: &str,
    limits: &Limits,
    icx: Option<ImportCx<'_>>,
    parts_read: bool,
    defer: bool,
) -> Validated {
    let mut cx = Cx::new(src, limits);
    let (catalogue, rules) = cx.catalogue(root, source_name, icx, parts_read);
    let mut diags = cx.diags;
    // `catalogue` returns the rules only with the IR they read.
    if let (Some(cat), Some(rules)) = (catalogue.as_ref(), rules) {
        let deferred = Deferred { rules };
        if defer && !has_errors(&diags) {
            return Validated {
                catalogue,
                diagnostics: diags,
                deferred: Some(deferred),
            };
        }
        let found = deferred.run(cat);
        deferred.place(&mut diags, found);
    }
    crate::diag::sort_by_place(&mut diags);
    let ok = !has_errors(&diags);
    Validated {
        catalogue: catalogue.filter(|_| ok),
        diagnostics: diags,
        deferred: None,
    }
}

fn has_errors(diags: &[Diagnostic]) -> bool {
    diags.iter().any(|d| d.severity() == Severity::Error)
}

/// The rules across entries that only report: every rule of [`super::rules`] but
/// `replaced_by`'s, which the IR needs. A load that asks for it (`defer`, when it found no
/// error) returns them with the IR instead of running them, so that `errdex generate` can
/// run them on one worker while the emitters start on the others, and write nothing
/// until they have found no error. Their diagnostics, the same as when they run during
/// the load, go where the load would have put them ([`Deferred::settle`]).
#[derive(Debug, Clone)]
pub struct Deferred {
    rules: Rules,
}

/// What the deferred rules read besides the IR's own entries.
#[derive(Debug, Clone)]
struct Rules {
    /// Where each own entry's parts are written (the IR's first entries, in order; the
    /// imported ones follow them and were checked in their own catalogue).
    places: Vec<Places>,
    retired: Vec<(Retired, Span)>,
    categories: Vec<(Category, Span)>,
    http: HttpProfile,
    layout: DocsLayout,
    /// How many diagnostics were found before these rules' turn.
    at: usize,
}

impl Deferred {
    /// Runs the rules on `catalogue` (the IR the load returned with them, or a catalogue
    /// changed since only in what the rules do not read: its package or its name), and
    /// returns what they found. Serial: it is meant to run beside other work of the pool,
    /// and never waits on it.
    pub fn run(&self, catalogue: &Catalogue) -> Vec<Diagnostic> {
        self.run_on(&catalogue.errors)
    }

    /// The rules on `entries`: the checked entries, or the IR's (whose own entries come
    /// first, each at its index among the places).
    fn run_on(&self, entries: &[ErrorEntry]) -> Vec<Diagnostic> {
        let r = &self.rules;
        let limits = Limits::default();
        let mut cx = Cx::new("", &limits);
        let own = r.places.len().min(entries.len());
        let all = Across {
            entries: &entries[..own],
            places: &r.places[..own],
        };
        reporting_rules(&mut cx, all, &r.retired, &r.categories, &r.http, r.layout);
        cx.diags
    }

    /// Puts `found` (what [`Deferred::run`] returned) among the load's other diagnostics
    /// where the load would have put them, and sorts them into source order: the same list,
    /// in the same order, as a load that ran the rules itself.
    pub fn settle(&self, diagnostics: &mut Vec<Diagnostic>, found: Vec<Diagnostic>) {
        self.place(diagnostics, found);
        crate::diag::sort_by_place(diagnostics);
    }

    fn place(&self, diagnostics: &mut Vec<Diagnostic>, found: Vec<Diagnostic>) {
        let at = self.rules.at.min(diagnostics.len());
        diagnostics.splice(at..at, found);
    }
}

/// The rules across entries that only report, in their order.
fn reporting_rules(
    cx: &mut Cx,
    all: Across,
    retired: &[(Retired, Span)],
    categories: &[(Category, Span)],
    http: &HttpProfile,
    layout: DocsLayout,
) {
    let codes = rules::duplicate_code(cx, all);
    let legacy = rules::legacy_code_collision(cx, all, &codes);
    rules::retired_code_reused(cx, retired, &codes, &legacy);
    rules::same_number_code(cx, all, &codes, &legacy, retired);
    rules::duplicate_name(cx, all);
    rules::duplicate_name_of_code(cx, all, &codes, &legacy);
    rules::duplicate_name_of_retired(cx, all, retired);
    rules::identifier_collision_of_alias(cx, all);
    rules::identifier_collision(cx, all, layout);
    rules::invalid_aip_reason(cx, http, all);
    rules::retry_after_ignored(cx, http, categories, all);
}

/// The keys of one kind an import brought (its namespaces, or the categories it added).
type ImportedKeys = fn(&crate::ir::Import) -> &Vec<String>;

impl Cx<'_> {
    /// Stage 1: the top level, then each section in the order later ones need them.
    fn catalogue(
        &mut self,
        root: &Node,
        source_name: &str,
        icx: Option<ImportCx<'_>>,
        parts_read: bool,
    ) -> (Option<Catalogue>, Option<Rules>) {
        if self.part_given_as_root(root, source_name) {
            return (None, None);
        }
        let Some(top_level) = self.top_fields(root) else {
            return (None, None);
        };
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
        let (errors, spans, rules) = match top_level.get(top::ERRORS) {
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
            None => (Vec::new(), Vec::new(), None),
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
        // Without a registry (an error already reported) there is no IR: the rules run on
        // the entries now, so that their diagnostics are reported all the same.
        let (Some(registry), Some((registry_key, registry_node))) =
            (registry, top_level.pair(top::REGISTRY))
        else {
            if let Some(rules) = rules {
                let deferred = Deferred { rules };
                let found = deferred.run_on(&errors);
                deferred.place(&mut self.diags, found);
            }
            return (None, None);
        };
        let links = rules::DocsLinks {
            registry: &registry,
            registry_span: registry_key.span,
            template_span: child_span(registry_node, registry::DOCS_URL),
            namespaces: &namespaces,
            categories: &categories,
            entries: &errors,
            own_spans: &docs_url_spans,
            layout: docs.docs.layout,
            external: docs.docs.external_links,
        };
        rules::docs_url_off_site(self, &links);
        rules::docs_site_unstated(self, &links);
        rules::relative_docs_url(self, &links, &profiles);
        rules::docs_url_prefix(self, &links);
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
            self.imported_keys_used(&catalogue.imports);
        }
        (Some(catalogue), rules)
    }

    /// An unknown namespace or category (EDX0302, EDX0301) that an import brought: its help
    /// says whose it is, instead of asking to declare it (which EDX0905 would then refuse).
    fn imported_keys_used(&mut self, imports: &[crate::ir::Import]) {
        for d in &mut self.diags {
            // (the template's argument, the word for it, the keys an import brought)
            let (arg, what, keys): (&str, &str, ImportedKeys) = match d.code {
                DiagCode::UnknownNamespace => ("namespace", "namespace", |i| &i.namespaces),
                DiagCode::UnknownCategory => ("key", "category", |i| &i.categories),
                _ => continue,
            };
            let Some((_, key)) = d.args.iter().find(|(k, _)| *k == arg) else {
                continue;
            };
            if let Some(import) = imports.iter().find(|i| keys(i).contains(key)) {
                d.help = Some(format!(
                    "`{key}` is a {what} of the imported registry `{}` (import `{}`): its codes are that registry's; give this code a {what} of this catalogue's own",
                    import.registry, import.name
                ));
            }
        }
    }

    /// Stages 2 and 3: the `errors` mapping, each entry's own checks, then the rules
    /// across entries. Only the entries that passed their own checks reach the IR; each
    /// comes with the spans the docs rules point at (its code, its own `docs_url`, its
    /// aliases and legacy codes).
    fn errors(
        &mut self,
        node: &Node,
        sections: &Sections<'_>,
    ) -> (Vec<ErrorEntry>, Vec<rules::EntrySpans>, Option<Rules>) {
        let Sections {
            registry,
            categories,
            namespaces,
            retired,
            http,
            layout,
        } = *sections;
        let mut repeats = Vec::new();
        let Some(entries) = self.entries_and_repeats(
            node,
            top::ERRORS.name(),
            "a mapping of error entries",
            Some(&mut repeats),
        ) else {
            return (Vec::new(), Vec::new(), None);
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
            return (Vec::new(), Vec::new(), None);
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
        let checked = self.each_entry(&entries, &shared);
        // An entry whose NAME another has (EDX0203, reported) is checked for its own
        // mistakes too, so that one run reports them all; it takes no part in the rules
        // across entries, and never reaches the IR.
        if !repeats.is_empty() {
            self.each_entry(&repeats, &shared);
        }
        // The rules that only report come first ([`reporting_rules`]); `replaced_by`'s,
        // which the IR needs, runs now, its diagnostics after theirs.
        let at = self.diags.len();
        let replacements = rules::unknown_replacement(self, Across::of(&checked));
        let complete = checked.all_complete();
        let Checked {
            mut entries,
            places,
        } = checked;
        let mut spans = Vec::with_capacity(entries.len());
        for ((e, p), replaced_by) in entries.iter_mut().zip(&places).zip(replacements) {
            if !p.complete {
                continue;
            }
            if let Some(deprecated) = e.deprecated.as_mut() {
                deprecated.replaced_by = replaced_by;
            }
            spans.push(rules::EntrySpans {
                name: p.name_span,
                code: p.code_span,
                docs_url: p.docs_url_span,
                aliases: p.aliases.iter().map(|(_, s)| *s).collect(),
                legacy: p.legacy.iter().map(|(_, s)| *s).collect(),
            });
        }
        let rules = Rules {
            places,
            retired: retired.to_vec(),
            categories: categories.to_vec(),
            http: http.clone(),
            layout,
            at,
        };
        if complete {
            // Every entry joins the IR as it is, in the memory its checks wrote it to;
            // the rules go on with the IR (or run at the end of the load).
            return (entries, spans, Some(rules));
        }
        // An incomplete entry (an error already reported) still takes part in the rules,
        // but never reaches the IR.
        let deferred = Deferred { rules };
        let found = deferred.run_on(&entries);
        deferred.place(&mut self.diags, found);
        let out = entries
            .into_iter()
            .zip(&deferred.rules.places)
            .filter(|(_, p)| p.complete)
            .map(|(e, _)| e)
            .collect();
        (out, spans, None)
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
