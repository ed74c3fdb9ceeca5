//! One entry's own checks, one function per part (its NAME, code, references, params,
//! templates, overrides, deprecation, aliases), and the fan-out that runs them for every
//! entry of a large catalogue on several threads. The rules across entries are in
//! [`super::rules`].

use crate::diag::{DiagCode, Diagnostic, Span};
use crate::ir::{
    Category, Deprecation, EXTRA_KEYS, EntryIds, ErrorEntry, GENERAL_SLUG, Namespace, Param,
    ParamIds, Registry,
};
use crate::names;
use crate::support::suggest::did_you_mean;
use crate::template::Template;

use super::facts::Facts;
use super::format::keys::{deprecated, entry, top};
use super::format::{KeyRef, defaults};
use super::read::{Entries, Fields};
use super::sink::Cx;
use super::tree::{Kind, Node};

/// What a NAME is, as EDX0201 says it ([`super::format::ENTRY_NAME`]).
pub(super) const NAME_RULE: &str =
    "a NAME is UPPER_SNAKE or lower_snake: letters, digits and single `_`, starting with a letter";

/// Where an entry's parts are written, and whether it is whole: what the rules across
/// entries read beside its `ErrorEntry` (at the same index of [`Checked`]).
#[derive(Debug, Clone)]
pub(super) struct Places {
    pub(super) name_span: Span,
    pub(super) code_span: Span,
    pub(super) aliases: Vec<(String, Span)>,
    pub(super) legacy: Vec<(String, Span)>,
    pub(super) replaced_by: Option<(String, Span)>,
    /// The entry's own `docs_url` value, when it has one (it overrides the registry's).
    pub(super) docs_url_span: Option<Span>,
    /// Every part the IR needs was read; an incomplete entry still takes part in the rules
    /// across entries (so one run reports its duplicate code too), but never reaches the IR.
    pub(super) complete: bool,
}

/// Every entry after its own checks, before the rules across entries: the entries and
/// their places, index by index. Two vectors rather than one of pairs, so that the
/// entries, when every one is whole, become the IR's as they are, and the rules can still
/// read the places beside the IR's entries (`validate::Deferred`).
#[derive(Default)]
pub(super) struct Checked {
    pub(super) entries: Vec<ErrorEntry>,
    pub(super) places: Vec<Places>,
}

impl Checked {
    fn with_capacity(n: usize) -> Self {
        Checked {
            entries: Vec::with_capacity(n),
            places: Vec::with_capacity(n),
        }
    }

    fn push(&mut self, (entry, places): (ErrorEntry, Places)) {
        self.entries.push(entry);
        self.places.push(places);
    }

    /// Every entry's own checks passed, so every one may join the IR.
    pub(super) fn all_complete(&self) -> bool {
        self.places.iter().all(|p| p.complete)
    }
}

/// What every entry's checks read from the rest of the catalogue.
#[derive(Clone, Copy)]
pub(super) struct EntryCx<'c> {
    pub(super) registry: Option<&'c Registry>,
    pub(super) categories: &'c [(Category, Span)],
    pub(super) namespaces: &'c [(Namespace, Span)],
    pub(super) pattern: Option<&'c regex::Regex>,
    pub(super) wire_reserved: &'c [String],
    /// `docs.layout`: where default docs URLs point.
    pub(super) layout: crate::ir::DocsLayout,
}

/// An entry's params after their checks.
#[derive(Default)]
struct Params {
    params: Vec<Param>,
    /// The span of each param's name, by index.
    spans: Vec<Span>,
    /// Names of params refused for another reason: templates may still use them without a
    /// second, cascading "undeclared placeholder" diagnostic.
    refused: Vec<String>,
}

impl Params {
    /// Every name a template may use.
    fn usable(&self) -> Vec<&str> {
        self.params
            .iter()
            .map(|p| p.name.as_str())
            .chain(self.refused.iter().map(String::as_str))
            .collect()
    }
}

impl Cx<'_> {
    /// Every entry's own checks, in order. A large mapping is split across threads, each
    /// with its own diagnostics, appended in entry order: the same list one thread makes.
    pub(super) fn each_entry(&mut self, entries: &Entries, shared: &EntryCx) -> Checked {
        /// Fewer entries than this per thread do not pay for the thread.
        const MIN_PER_THREAD: usize = 64;
        let threads = self
            .limits
            .threads()
            .min(entries.len() / MIN_PER_THREAD)
            .max(1);
        // An entry is large (its `ErrorEntry` and spans): room for every one up front, not
        // a vector that doubles and copies its way up from four.
        if threads < 2 {
            let mut checked = Checked::with_capacity(entries.len());
            for &(name, name_node, value) in entries {
                if let Some(one) = self.entry(name, name_node, value, shared) {
                    checked.push(one);
                }
            }
            return checked;
        }
        // Each entry's checks a task of the pool (rayon's splitting keeps both workers busy
        // to the end; two fixed halves ended up to 80 ms apart at 50,000 codes), its
        // results written in place at its index. An entry refused before it has an
        // `ErrorEntry` (its NAME, or a value that is no mapping) leaves `None` there.
        let (src, limits) = (self.src, self.limits);
        let one = |&(name, name_node, value): &(&str, &Node, &Node)| {
            let mut cx = Cx::new(src, limits);
            match cx.entry(name, name_node, value, shared) {
                Some((entry, places)) => (Some(entry), (Some(places), cx.diags)),
                None => (None, (None, cx.diags)),
            }
        };
        let (entries, rest) = crate::par::map_unzip(entries, MIN_PER_THREAD / 4, one);
        let mut places = Vec::with_capacity(rest.len());
        for (p, diags) in rest {
            places.extend(p);
            self.diags.extend(diags);
        }
        // In place, when every entry has one (the standard library collects a `map_while`
        // into the vector it iterates, and an `Option<ErrorEntry>` is the size of an
        // `ErrorEntry`); `flatten` would grow a new vector, copying as it doubles.
        const _: () = assert!(size_of::<Option<ErrorEntry>>() == size_of::<ErrorEntry>());
        let entries: Vec<ErrorEntry> = if entries.iter().all(Option::is_some) {
            entries.into_iter().map_while(|e| e).collect()
        } else {
            entries.into_iter().flatten().collect()
        };
        Checked { entries, places }
    }

    /// One entry's own checks (everything but the rules across entries), part by part.
    fn entry(
        &mut self,
        name: &str,
        name_node: &Node,
        value: &Node,
        shared: &EntryCx,
    ) -> Option<(ErrorEntry, Places)> {
        if !self.entry_name(name, name_node) {
            return None;
        }
        let what = format!("error `{name}`");
        let fields = self.fields_at(value, name, &what, top::ERRORS, name_node.span)?;
        let (code, code_span) = self.code(&fields, name, name_node);
        let category = self.category_ref(&fields, entry::CATEGORY, shared.categories);
        let namespace = self.namespace_ref(&fields, shared.namespaces);
        let category = match (category, fields.get(entry::CATEGORY)) {
            (None, None) => self.namespace_category(namespace, shared, &what, name_node.span),
            (category, _) => category,
        };
        self.code_shape(&code, code_span, namespace, shared);
        let params = self.params(&fields, shared.wire_reserved);
        let summary = self.optional_text(&fields, entry::SUMMARY);
        let message = match fields.get(entry::MESSAGE) {
            Some(_) => self.message(&fields, &params),
            None => summary.as_deref().map(|s| self.summary_message(s, &params)),
        };
        let suggestion = self.template(&fields, entry::SUGGESTION, &params.usable());
        let class = self.class_name(&fields, entry::CLASS);
        let explanation = self.optional_text(&fields, entry::EXPLANATION);
        let since = self.optional_text(&fields, entry::SINCE);
        let overrides = self.facts(&fields, entry::FACTS);
        let docs_url = fields
            .get(entry::DOCS_URL)
            .and_then(|n| self.docs_url_template(n, entry::DOCS_URL));
        let (deprecated, replaced_by) = self.deprecation(&fields);
        let aliases = self.aliases(&fields);
        let legacy = self
            .nonempty_list(&fields, entry::LEGACY_CODES)
            .unwrap_or_default();
        let complete = category.is_some() && message.is_some() && summary.is_some();
        let category_facts = category.map(|i| &shared.categories[i].0);
        let mut entry = ErrorEntry {
            name: name.to_string(),
            anchor: names::slug(&code),
            code,
            namespace,
            category: category.unwrap_or(0),
            summary: summary.unwrap_or_default(),
            message: message.unwrap_or_else(|| Template {
                raw: String::new(),
                parts: Vec::new(),
            }),
            params: params.params,
            suggestion,
            explanation,
            retryable: defaults::RETRYABLE,
            retry: None,
            exit_code: defaults::EXIT_CODE,
            http_status: defaults::HTTP_STATUS,
            jsonrpc_code: defaults::JSONRPC_CODE,
            expected: defaults::EXPECTED,
            docs_url: String::new(),
            since,
            deprecated,
            aliases: aliases.iter().map(|(a, _)| a.clone()).collect(),
            legacy_codes: legacy.iter().map(|(c, _)| c.clone()).collect(),
            ids: EntryIds::derive(name),
            class: class
                .or_else(|| namespace.and_then(|i| shared.namespaces[i].0.class.clone()))
                .or_else(|| shared.registry.map(|r| r.class.clone()))
                .unwrap_or_default(),
        };
        inherit_facts(&mut entry, overrides, category_facts);
        entry.docs_url = docs_url_of(&entry, docs_url.as_deref(), shared);
        Some((
            entry,
            Places {
                name_span: name_node.span,
                code_span,
                aliases,
                legacy,
                replaced_by,
                docs_url_span: fields.get(entry::DOCS_URL).map(|n| n.span),
                complete,
            },
        ))
    }

    /// EDX0201: the NAME is UPPER_SNAKE or lower_snake.
    fn entry_name(&mut self, name: &str, name_node: &Node) -> bool {
        let ok = top::ERRORS.accepts_name(name);
        if !ok {
            self.err(
                DiagCode::InvalidName,
                name_node.span,
                &[("name", name), ("kind", "error name"), ("rule", NAME_RULE)],
            );
        }
        ok
    }

    /// The code (the NAME when left out) and where it is written; EDX0210 when it has no
    /// characters (its declaration) or has spaces or control characters.
    fn code(&mut self, fields: &Fields, name: &str, name_node: &Node) -> (String, Span) {
        let (code, code_span) = match fields.get(entry::CODE) {
            Some(n) => (
                self.text(n, entry::CODE.name())
                    .unwrap_or_else(|| name.to_string()),
                n.span,
            ),
            None => (name.to_string(), name_node.span),
        };
        if !entry::CODE.accepts(&code) || code.chars().any(|c| c.is_whitespace() || c.is_control())
        {
            self.err(
                DiagCode::InvalidCode,
                code_span,
                &[
                    ("code", &code),
                    (
                        "rule",
                        "a code must be non-empty, without spaces or control characters",
                    ),
                ],
            );
        }
        (code, code_span)
    }

    /// EDX0301: the category (`key`: a namespace's or an entry's) is declared; its index.
    pub(super) fn category_ref(
        &mut self,
        fields: &Fields,
        key: KeyRef,
        categories: &[(Category, Span)],
    ) -> Option<usize> {
        let n = fields.get(key)?;
        let key = self.text(n, key.name())?;
        if let Some(i) = categories.iter().position(|(c, _)| c.key == key) {
            return Some(i);
        }
        let mut d = Diagnostic::new(DiagCode::UnknownCategory, Some(n.span), &[("key", &key)]);
        d.help = did_you_mean(&key, categories.iter().map(|(c, _)| c.key.as_str())).or_else(|| {
            Some(format!(
                "declare it under `categories:`; known: {}",
                categories
                    .iter()
                    .map(|(c, _)| c.key.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        });
        self.push(d);
        None
    }

    /// EDX0302: the namespace, when given, is declared; its index.
    fn namespace_ref(
        &mut self,
        fields: &Fields,
        namespaces: &[(Namespace, Span)],
    ) -> Option<usize> {
        let n = fields.get(entry::NAMESPACE)?;
        let key = self.text(n, entry::NAMESPACE.name())?;
        if let Some(i) = namespaces.iter().position(|(ns, _)| ns.key == key) {
            return Some(i);
        }
        let mut d = Diagnostic::new(
            DiagCode::UnknownNamespace,
            Some(n.span),
            &[("namespace", &key)],
        );
        d.help = did_you_mean(&key, namespaces.iter().map(|(ns, _)| ns.key.as_str()))
            .or_else(|| Some("declare it under `namespaces:`".into()));
        self.push(d);
        None
    }

    /// EDX0206, EDX0207: the code matches the registry's `code_pattern` and starts with its
    /// namespace's `code_prefix`.
    fn code_shape(
        &mut self,
        code: &str,
        code_span: Span,
        namespace: Option<usize>,
        shared: &EntryCx,
    ) {
        if let (Some(re), Some(p)) = (
            &shared.pattern,
            shared.registry.and_then(|r| r.code_pattern.as_deref()),
        ) && !re.is_match(code)
        {
            self.err(
                DiagCode::CodePatternMismatch,
                code_span,
                &[("code", code), ("pattern", p)],
            );
        }
        if let Some(i) = namespace {
            let ns = &shared.namespaces[i].0;
            if let Some(prefix) = &ns.code_prefix
                && !code.starts_with(prefix.as_str())
            {
                self.err(
                    DiagCode::CodePrefixMismatch,
                    code_span,
                    &[("code", code), ("prefix", prefix), ("namespace", &ns.key)],
                );
            }
        }
    }

    /// EDX0404, EDX0405, EDX0106, EDX0205: params are identifiers, shadow no wire key, have
    /// a known type, and stay distinct once they are Rust identifiers.
    fn params(&mut self, fields: &Fields, wire_reserved: &[String]) -> Params {
        let mut out = Params::default();
        let Some(params_node) = fields.get(entry::PARAMS) else {
            return out;
        };
        let Some(declared) = self.entries(
            params_node,
            entry::PARAMS.name(),
            "a mapping of param names to types",
        ) else {
            return out;
        };
        for (param, param_node, type_node) in declared {
            if !entry::PARAMS.accepts_name(param) {
                self.err(
                    DiagCode::InvalidParamName,
                    param_node.span,
                    &[("param", param)],
                )
                .help = Some(
                    "a param name is letters, digits and `_`, starting with a letter or `_`".into(),
                );
                continue;
            }
            out.refused.push(param.to_string());
            if wire_reserved.iter().any(|k| k == param) || EXTRA_KEYS.contains(&param) {
                self.err(
                    DiagCode::ParamShadowsWireKey,
                    param_node.span,
                    &[("param", param)],
                )
                .help = Some(format!(
                    "rename the param; reserved here: {}",
                    wire_reserved
                        .iter()
                        .map(String::as_str)
                        .chain(EXTRA_KEYS)
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
                continue;
            }
            let Some(form) = self.param_form(param, type_node) else {
                continue;
            };
            let rust_ident = names::rust_snake(param);
            if let Some(other) = out
                .params
                .iter()
                .find(|p| names::unraw(&p.ids.rust) == names::unraw(&rust_ident))
            {
                self.err(
                    DiagCode::IdentifierCollision,
                    param_node.span,
                    &[
                        ("name", param),
                        ("language", "Rust"),
                        ("ident", &rust_ident),
                        ("other", &other.name),
                    ],
                );
                continue;
            }
            let py_ident = names::py_param(param);
            if let Some(other) = out.params.iter().find(|p| p.ids.py == py_ident) {
                self.err(
                    DiagCode::IdentifierCollision,
                    param_node.span,
                    &[
                        ("name", param),
                        ("language", "Python"),
                        ("ident", &py_ident),
                        ("other", &other.name),
                    ],
                );
                continue;
            }
            let go_ident = names::go_param(param);
            if let Some(other) = out.params.iter().find(|p| p.ids.go == go_ident) {
                self.err(
                    DiagCode::IdentifierCollision,
                    param_node.span,
                    &[
                        ("name", param),
                        ("language", "Go"),
                        ("ident", &go_ident),
                        ("other", &other.name),
                    ],
                );
                continue;
            }
            out.refused.pop();
            out.params.push(Param {
                name: param.to_string(),
                ty: form.ty,
                ids: ParamIds {
                    rust: rust_ident,
                    ts: param.to_string(),
                    py: py_ident,
                    go: go_ident,
                },
                schema: form.schema,
                example: form.example,
            });
            out.spans.push(param_node.span);
        }
        out
    }

    /// The message: a non-empty template over the declared params (EDX0106, EDX0401,
    /// EDX0402), which uses every one of them (EDX0403, a warning).
    fn message(&mut self, fields: &Fields, params: &Params) -> Option<Template> {
        let n = fields.get(entry::MESSAGE)?;
        let raw = self.text(n, entry::MESSAGE.name())?;
        if raw.trim().is_empty() {
            self.err(
                DiagCode::BadValue,
                n.span,
                &[
                    ("key", entry::MESSAGE.name()),
                    ("found", "empty"),
                    ("expected", "every error needs a message"),
                ],
            );
            return None;
        }
        let message = self.parse_template(n, entry::MESSAGE.name(), &raw, &params.usable())?;
        let used: Vec<usize> = message.used_params().collect();
        for (i, p) in params.params.iter().enumerate() {
            if !used.contains(&i) {
                self.err(
                    DiagCode::UnusedParam,
                    params.spans[i],
                    &[("param", &p.name)],
                )
                .help = Some(format!(
                    "use `{{{}}}` in the message, or remove the param",
                    p.name
                ));
            }
        }
        Some(message)
    }

    /// A code without a category takes its namespace's; EDX0304 when neither has one (a
    /// fact across sections: the general editor schema cannot see it, the catalogue's own
    /// schema can).
    fn namespace_category(
        &mut self,
        namespace: Option<usize>,
        shared: &EntryCx,
        what: &str,
        name_span: Span,
    ) -> Option<usize> {
        let category = namespace.and_then(|i| shared.namespaces[i].0.category);
        if category.is_none() {
            let whence = match namespace {
                Some(i) => format!("its namespace `{}` gives none", shared.namespaces[i].0.key),
                None => "it has no namespace to give one".to_string(),
            };
            let d = self.err(
                DiagCode::NoCategory,
                name_span,
                &[("what", what), ("whence", &whence)],
            );
            d.label = Some("`category` is required here".into());
            d.help =
                Some("give the error a `category:`, or its namespace a default `category:`".into());
        }
        category
    }

    /// The message of a code that declares none: its summary, braces literal (as in
    /// PostgreSQL's list and rustc's index, most codes of a real registry have only a
    /// meaning line). Such a message uses no param: EDX0403 for each.
    fn summary_message(&mut self, summary: &str, params: &Params) -> Template {
        for (p, span) in params.params.iter().zip(&params.spans) {
            self.err(DiagCode::UnusedParam, *span, &[("param", &p.name)])
                .help = Some(format!(
                "the message is the summary (no `message:`), which uses no param; add a `message:` that uses `{{{}}}`, or remove the param",
                p.name
            ));
        }
        let raw = summary.replace('{', "{{").replace('}', "}}");
        Template::parse(&raw, &[]).unwrap_or(Template {
            raw,
            parts: Vec::new(),
        })
    }

    /// The template under `key`, if any, parsed against the params it may use.
    fn template(&mut self, fields: &Fields, key: KeyRef, usable: &[&str]) -> Option<Template> {
        let n = fields.get(key)?;
        let raw = self.optional_text(fields, key)?;
        self.parse_template(n, key.name(), &raw, usable)
    }

    /// EDX0401, EDX0402: `raw` (the text of `node`) is a template over `usable` params.
    fn parse_template(
        &mut self,
        node: &Node,
        key: &str,
        raw: &str,
        usable: &[&str],
    ) -> Option<Template> {
        match Template::parse(raw, usable) {
            Ok(t) => Some(t),
            Err(e) => {
                self.template_error(node, key, &e);
                None
            }
        }
    }

    /// `deprecated: true` or `{since, replaced_by, note}`; `replaced_by` is resolved by
    /// the rules across entries.
    fn deprecation(&mut self, fields: &Fields) -> (Option<Deprecation>, Option<(String, Span)>) {
        let Some(n) = fields.get(entry::DEPRECATED) else {
            return (None, None);
        };
        match &n.kind {
            Kind::Bool(true) => (
                Some(Deprecation {
                    since: None,
                    replaced_by: None,
                    note: None,
                }),
                None,
            ),
            Kind::Bool(false) => (None, None),
            Kind::Map(_) => {
                let Some(deprecated) = self.fields(
                    n,
                    entry::DEPRECATED.name(),
                    "`deprecated`",
                    entry::DEPRECATED,
                ) else {
                    return (None, None);
                };
                // Not checked against the NAME pattern here: only a live entry's NAME
                // resolves, and one that does not is EDX0303.
                let replaced_by = deprecated.get(deprecated::REPLACED_BY).and_then(|r| {
                    self.text(r, deprecated::REPLACED_BY.name())
                        .map(|s| (s, r.span))
                });
                let deprecation = Deprecation {
                    since: self.optional_text(&deprecated, deprecated::SINCE),
                    replaced_by: None,
                    note: self.optional_text(&deprecated, deprecated::NOTE),
                };
                (Some(deprecation), replaced_by)
            }
            _ => {
                self.wrong_type(
                    n,
                    entry::DEPRECATED.name(),
                    "a mapping {since, replaced_by, note} or `true`",
                );
                (None, None)
            }
        }
    }

    /// EDX0201: every alias is a NAME.
    fn aliases(&mut self, fields: &Fields) -> Vec<(String, Span)> {
        self.list(fields, entry::ALIASES, |cx, span, alias| {
            cx.err(
                DiagCode::InvalidName,
                span,
                &[
                    ("name", alias),
                    ("kind", "alias"),
                    ("rule", "an alias is a NAME: UPPER_SNAKE or lower_snake"),
                ],
            );
        })
        .unwrap_or_default()
    }
}

/// The facts an entry leaves out come from its category, then from the format's defaults.
/// `retry` comes from the category only when the entry keeps the category's retryability:
/// advice written for retryable codes ("back off, then retry") does not fit a code that
/// overrides `retryable: false`, nor the reverse. On a code that is not retryable the advice
/// says what to fix before trying again; it never makes the code retryable.
fn inherit_facts(entry: &mut ErrorEntry, overrides: Facts, category: Option<&Category>) {
    entry.retryable = overrides
        .retryable
        .or(category.map(|c| c.retryable))
        .unwrap_or(defaults::RETRYABLE);
    entry.retry = overrides.retry.or_else(|| {
        category
            .filter(|c| c.retryable == entry.retryable)
            .and_then(|c| c.retry.clone())
    });
    entry.exit_code = overrides
        .exit_code
        .or(category.map(|c| c.exit_code))
        .unwrap_or(defaults::EXIT_CODE);
    entry.http_status = overrides
        .http_status
        .or(category.map(|c| c.http_status))
        .unwrap_or(defaults::HTTP_STATUS);
    entry.jsonrpc_code = overrides
        .jsonrpc_code
        .or(category.map(|c| c.jsonrpc_code))
        .unwrap_or(defaults::JSONRPC_CODE);
    entry.expected = overrides
        .expected
        .or(category.map(|c| c.expected))
        .unwrap_or(defaults::EXPECTED);
}

/// The docs URL: the entry's template or the registry's, filled in; without either, the
/// entry's place in the generated docs (its page and anchor in the book's layout).
fn docs_url_of(entry: &ErrorEntry, own_template: Option<&str>, shared: &EntryCx) -> String {
    let ns_slug = entry
        .namespace
        .map_or(GENERAL_SLUG, |n| shared.namespaces[n].0.slug.as_str());
    let category_key = shared
        .categories
        .get(entry.category)
        .map_or("", |c| c.0.key.as_str());
    let template = own_template.or_else(|| shared.registry.and_then(|r| r.docs_url.as_deref()));
    let site = shared.registry.and_then(|r| r.docs_site_url.as_deref());
    names::docs_url(
        template,
        site,
        shared.layout,
        &names::CodeUrl {
            namespace_slug: ns_slug,
            anchor: &entry.anchor,
            code: &entry.code,
            name: &entry.name,
            category_key,
        },
    )
}
