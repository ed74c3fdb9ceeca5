//! Located tree → validated IR, collecting every problem before stopping.
//!
//! The typed model is extracted from the generic tree by hand (not by a serde derive, which
//! would stop at the first unknown key or wrong type). Each rule of catalogue.md has its own
//! [`DiagCode`]; search this file for the code's variant to find the rule.

use std::collections::{BTreeMap, HashMap};

use crate::diag::{DiagCode, Diagnostic, Severity, Span};
use crate::ir::{
    Catalogue, Category, Deprecation, EXTRA_KEYS, ErrorEntry, GENERAL_SLUG, Namespace, Param,
    ParamType, Registry, Retired, Retry, Wire,
};
use crate::names;
use crate::support::suggest::did_you_mean;
use crate::template::{Template, TemplateError, placeholders};
use super::tree::{Kind, Limits, Node};

/// The format version this errdex reads.
pub const FORMAT_VERSION: i128 = 1;

/// Docs-site page slugs errdex itself uses; a namespace may not take them.
/// `print`, `404` and `toc` are pages mdBook writes itself.
pub const RESERVED_PAGES: [&str; 7] = [
    GENERAL_SLUG,
    "index",
    "retired",
    "summary",
    "print",
    "404",
    "toc",
];

/// Placeholders a `docs_url` template may use.
pub const DOCS_URL_PLACEHOLDERS: [&str; 4] = ["namespace", "code", "name", "category"];

const STANDARD_JSONRPC: [i64; 5] = [-32700, -32600, -32601, -32602, -32603];

/// Category defaults for keys a category leaves out.
pub mod defaults {
    pub const RETRYABLE: bool = false;
    pub const EXIT_CODE: u8 = 1;
    pub const HTTP_STATUS: u16 = 500;
    pub const JSONRPC_CODE: i32 = -32603;
    pub const EXPECTED: bool = false;
}

/// Validates a parsed tree. Returns the IR only when no diagnostic is an error.
pub fn validate(
    root: &Node,
    src: &str,
    source_name: &str,
    limits: &Limits,
) -> (Option<Catalogue>, Vec<Diagnostic>) {
    let mut cx = Cx {
        diags: Vec::new(),
        src,
        limits,
    };
    let cat = cx.catalogue(root, source_name);
    let mut diags = cx.diags;
    diags.sort_by_key(|d| d.span.map_or((usize::MAX, 0), |s| (s.offset, s.len)));
    let ok = !diags.iter().any(|d| d.severity() == Severity::Error);
    (cat.filter(|_| ok), diags)
}

/// An entry after its own checks, before the rules across entries.
struct Pending {
    entry: ErrorEntry,
    name_span: Span,
    code_span: Span,
    aliases: Vec<(String, Span)>,
    legacy: Vec<(String, Span)>,
    replaced_by: Option<(String, Span)>,
    complete: bool,
}

/// A category's facts, or an entry's overrides of them.
struct Facts {
    retryable: Option<bool>,
    retry: Option<Retry>,
    exit_code: Option<u8>,
    http_status: Option<u16>,
    jsonrpc_code: Option<i32>,
    expected: Option<bool>,
}

/// What every entry's checks read from the rest of the catalogue.
#[derive(Clone, Copy)]
struct EntryCx<'c> {
    registry: Option<&'c Registry>,
    categories: &'c [(Category, Span)],
    namespaces: &'c [(Namespace, Span)],
    pattern: Option<&'c regex::Regex>,
    wire_reserved: &'c [String],
}

struct Cx<'s> {
    diags: Vec<Diagnostic>,
    src: &'s str,
    limits: &'s Limits,
}

/// A mapping's fields after the shape checks, by key.
struct Fields<'a> {
    node: &'a Node,
    map: BTreeMap<&'a str, (&'a Node, &'a Node)>,
}

impl<'a> Fields<'a> {
    fn get(&self, key: &str) -> Option<&'a Node> {
        self.map.get(key).map(|(_, v)| *v)
    }
}

/// Ordered entries of a mapping whose keys are user-chosen (categories, errors, ...).
type Entries<'a> = Vec<(&'a str, &'a Node, &'a Node)>;

impl<'s> Cx<'s> {
    fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    fn err(
        &mut self,
        code: DiagCode,
        span: Span,
        args: &[(&'static str, &str)],
    ) -> &mut Diagnostic {
        self.diags.push(Diagnostic::new(code, Some(span), args));
        let last = self.diags.len() - 1;
        &mut self.diags[last]
    }

    /// Narrows `span` (a string node) to the first occurrence of `needle` inside it.
    fn narrow(&self, span: Span, needle: &str) -> Span {
        let end = (span.offset + span.len).min(self.src.len());
        let Some(hay) = self.src.get(span.offset..end) else {
            return span;
        };
        match hay.find(needle) {
            Some(i) => {
                let offset = span.offset + i;
                let line_start = self.src[..offset].rfind('\n').map_or(0, |p| p + 1);
                Span {
                    offset,
                    len: needle.len(),
                    line: span.line + self.src[span.offset..offset].matches('\n').count(),
                    column: self.src[line_start..offset].chars().count() + 1,
                }
            }
            None => span,
        }
    }

    // ---- shape helpers -------------------------------------------------------------------

    /// Checks a mapping's keys: type, duplicates, unknown keys (with "did you mean"),
    /// required keys. `what` names the mapping in messages ("the registry").
    fn fields<'a>(
        &mut self,
        node: &'a Node,
        key: &str,
        what: &str,
        allowed: &[&str],
        required: &[&str],
    ) -> Option<Fields<'a>> {
        self.fields_at(node, key, what, allowed, required, node.span)
    }

    /// [`Self::fields`], reporting missing keys at `owner` (the key that holds the mapping).
    fn fields_at<'a>(
        &mut self,
        node: &'a Node,
        key: &str,
        what: &str,
        allowed: &[&str],
        required: &[&str],
        owner: Span,
    ) -> Option<Fields<'a>> {
        let entries = self.entries(node, key, "a mapping")?;
        let mut map = BTreeMap::new();
        for (k, knode, v) in entries {
            if !allowed.contains(&k) {
                let mut d = Diagnostic::new(
                    DiagCode::UnknownKey,
                    Some(knode.span),
                    &[("key", k), ("context", what)],
                )
                .with_label("unknown key");
                d.help = did_you_mean(k, allowed.iter().copied())
                    .or_else(|| Some(format!("allowed keys here: {}", allowed.join(", "))));
                self.push(d);
                continue;
            }
            map.insert(k, (knode, v));
        }
        for r in required {
            if !map.contains_key(r) {
                self.err(
                    DiagCode::MissingKey,
                    owner,
                    &[("context", what), ("key", r)],
                )
                .label = Some(format!("`{r}` is required here"));
            }
        }
        Some(Fields { node, map })
    }

    /// A mapping's entries in order, string keys only; duplicates reported (first kept).
    fn entries<'a>(&mut self, node: &'a Node, key: &str, expected: &str) -> Option<Entries<'a>> {
        let Kind::Map(pairs) = &node.kind else {
            if !matches!(node.kind, Kind::Null) || expected == "a mapping" {
                self.wrong_type(node, key, expected);
            }
            return None;
        };
        // Small mappings (every entry's own keys) look for duplicates among the kept keys;
        // large ones (the `errors` mapping) through a map.
        let small = pairs.len() <= 16;
        let mut seen: HashMap<&str, Span> = HashMap::new();
        let mut out: Vec<(&'a str, &'a Node, &'a Node)> = Vec::with_capacity(pairs.len());
        for (k, v) in pairs {
            let Some(ks) = k.as_str() else {
                let found = k.kind.describe();
                self.err(
                    DiagCode::WrongType,
                    k.span,
                    &[
                        ("key", key),
                        ("expected", "a mapping with string keys"),
                        ("found", &format!("the key {found}")),
                    ],
                )
                .help = Some("quote the key to make it a string".into());
                continue;
            };
            let first = if small {
                out.iter()
                    .find(|(s, _, _)| *s == ks)
                    .map(|(_, k, _)| k.span)
            } else {
                seen.get(ks).copied()
            };
            if let Some(first) = first {
                let d = Diagnostic::new(DiagCode::DuplicateKey, Some(k.span), &[("key", ks)])
                    .with_label("duplicate key")
                    .with_note(Some(first), "first defined here")
                    .with_help("YAML keys must be unique: remove or rename one of them");
                self.push(d);
                continue;
            }
            if !small {
                seen.insert(ks, k.span);
            }
            out.push((ks, k, v));
        }
        Some(out)
    }

    fn wrong_type(&mut self, node: &Node, key: &str, expected: &str) {
        let found = node.kind.describe();
        let mut d = Diagnostic::new(
            DiagCode::WrongType,
            Some(node.span),
            &[("key", key), ("expected", expected), ("found", &found)],
        );
        if expected == "a string"
            && matches!(node.kind, Kind::Int(_) | Kind::Float(_) | Kind::Bool(_))
        {
            d.help = Some("quote the value to make it a string".into());
        }
        self.push(d);
    }

    fn text(&mut self, node: &Node, key: &str) -> Option<String> {
        match &node.kind {
            Kind::Str(s) => {
                if s.len() > self.limits.max_text {
                    self.err(
                        DiagCode::TextTooLong,
                        node.span,
                        &[
                            ("length", &s.len().to_string()),
                            ("limit", &self.limits.max_text.to_string()),
                        ],
                    );
                    return None;
                }
                Some(s.clone())
            }
            _ => {
                self.wrong_type(node, key, "a string");
                None
            }
        }
    }

    fn opt_text(&mut self, f: &Fields, key: &str) -> Option<String> {
        f.get(key).and_then(|n| self.text(n, key))
    }

    /// A string or null (`null` = "omit", used by `wire` keys).
    fn nullable_text(&mut self, f: &Fields, key: &str, default: Option<&str>) -> Option<String> {
        match f.get(key) {
            None => default.map(str::to_string),
            Some(n) if matches!(n.kind, Kind::Null) => None,
            Some(n) => self.text(n, key),
        }
    }

    fn boolean(&mut self, node: &Node, key: &str) -> Option<bool> {
        match node.kind {
            Kind::Bool(b) => Some(b),
            _ => {
                self.wrong_type(node, key, "`true` or `false`");
                None
            }
        }
    }

    fn integer(&mut self, node: &Node, key: &str) -> Option<i128> {
        match node.kind {
            Kind::Int(i) => Some(i),
            _ => {
                self.wrong_type(node, key, "an integer");
                None
            }
        }
    }

    fn string_list(&mut self, node: &Node, key: &str) -> Vec<(String, Span)> {
        let Kind::Seq(items) = &node.kind else {
            self.wrong_type(node, key, "a list of strings");
            return Vec::new();
        };
        items
            .iter()
            .filter_map(|n| self.text(n, key).map(|s| (s, n.span)))
            .collect()
    }

    // ---- numeric mappings ----------------------------------------------------------------

    fn exit_code(&mut self, node: &Node) -> Option<u8> {
        let v = self.integer(node, "exit_code")?;
        if !(0..=255).contains(&v) {
            self.err(
                DiagCode::ExitCodeRange,
                node.span,
                &[("value", &v.to_string())],
            );
            return None;
        }
        if v == 0 {
            self.err(
                DiagCode::ExitCodeUnusual,
                node.span,
                &[("value", "0"), ("why", "means success to shells and CI")],
            )
            .help = Some("use 1 for a general failure, or a sysexits.h code (64..=78)".into());
        } else if v > 125 {
            self.err(DiagCode::ExitCodeUnusual, node.span, &[("value", &v.to_string()), ("why", "collides with the codes shells use for signals and missing commands (126..=255)")])
                .help = Some("pick a code in 1..=125".into());
        }
        u8::try_from(v).ok()
    }

    fn http_status(&mut self, node: &Node) -> Option<u16> {
        let v = self.integer(node, "http_status")?;
        if !(100..=599).contains(&v) {
            self.err(
                DiagCode::HttpStatusRange,
                node.span,
                &[("value", &v.to_string())],
            );
            return None;
        }
        if v < 400 {
            self.err(
                DiagCode::HttpStatusNotError,
                node.span,
                &[("value", &v.to_string())],
            )
            .help =
                Some("errors usually map to 4xx (caller's fault) or 5xx (server's fault)".into());
        }
        u16::try_from(v).ok()
    }

    fn jsonrpc_code(&mut self, node: &Node) -> Option<i32> {
        let v = self.integer(node, "jsonrpc_code")?;
        let Ok(v32) = i32::try_from(v) else {
            self.err(
                DiagCode::JsonrpcCodeRange,
                node.span,
                &[("value", &v.to_string())],
            );
            return None;
        };
        let v64 = i64::from(v32);
        if (-32768..=-32000).contains(&v64)
            && !STANDARD_JSONRPC.contains(&v64)
            && !(-32019..=-32000).contains(&v64)
        {
            self.err(DiagCode::JsonrpcCodeReserved, node.span, &[("value", &v.to_string())])
                .help = Some("use a standard code (-32700, -32600, -32601, -32602, -32603), MCP's implementation range -32000..=-32019, or a code outside -32768..=-32000".into());
        }
        Some(v32)
    }

    /// The facts a category sets and an entry may override, each checked; `None` where a
    /// mapping leaves one out (or it is refused).
    fn facts(&mut self, f: &Fields) -> Facts {
        Facts {
            retryable: f
                .get("retryable")
                .and_then(|n| self.boolean(n, "retryable")),
            retry: f.get("retry").and_then(|n| self.retry(n)),
            exit_code: f.get("exit_code").and_then(|n| self.exit_code(n)),
            http_status: f.get("http_status").and_then(|n| self.http_status(n)),
            jsonrpc_code: f.get("jsonrpc_code").and_then(|n| self.jsonrpc_code(n)),
            expected: f.get("expected").and_then(|n| self.boolean(n, "expected")),
        }
    }

    fn retry(&mut self, node: &Node) -> Option<Retry> {
        let f = self.fields(
            node,
            "retry",
            "`retry`",
            &["max_attempts", "initial_backoff_ms", "advice"],
            &[],
        )?;
        let mut r = Retry::default();
        if let Some(n) = f.get("max_attempts")
            && let Some(v) = self.integer(n, "max_attempts")
        {
            match u32::try_from(v) {
                Ok(v) if v >= 1 => r.max_attempts = Some(v),
                _ => {
                    self.err(
                        DiagCode::BadValue,
                        n.span,
                        &[
                            ("key", "max_attempts"),
                            ("found", &v.to_string()),
                            ("expected", "it must be a whole number from 1 to 4294967295"),
                        ],
                    );
                }
            }
        }
        if let Some(n) = f.get("initial_backoff_ms")
            && let Some(v) = self.integer(n, "initial_backoff_ms")
        {
            match u64::try_from(v) {
                Ok(v) => r.initial_backoff_ms = Some(v),
                Err(_) => {
                    self.err(
                        DiagCode::BadValue,
                        n.span,
                        &[
                            ("key", "initial_backoff_ms"),
                            ("found", &v.to_string()),
                            ("expected", "it must be zero or more milliseconds"),
                        ],
                    );
                }
            }
        }
        r.advice = self.opt_text(&f, "advice");
        Some(r)
    }

    // ---- URLs ----------------------------------------------------------------------------

    /// Checks a docs URL template: known placeholders only, well-formed once filled in.
    fn docs_url_template(&mut self, node: &Node) -> Option<String> {
        let raw = self.text(node, "docs_url")?;
        let holes = match placeholders(&raw) {
            Ok(h) => h,
            Err(e) => {
                self.template_error(node, "docs_url", &e);
                return None;
            }
        };
        let mut ok = true;
        for (name, _) in &holes {
            if !DOCS_URL_PLACEHOLDERS.contains(&name.as_str()) {
                let span = self.narrow(node.span, &format!("{{{name}}}"));
                let known = DOCS_URL_PLACEHOLDERS.map(|p| format!("{{{p}}}")).join(", ");
                let mut d = Diagnostic::new(
                    DiagCode::DocsUrlPlaceholder,
                    Some(span),
                    &[("placeholder", name), ("known", &known)],
                );
                d.help = did_you_mean(name, DOCS_URL_PLACEHOLDERS);
                self.push(d);
                ok = false;
            }
        }
        let sample = names::fill_docs_url(&raw, "namespace", "code", "name", "category");
        if let Err(why) = check_url(&sample) {
            self.err(
                DiagCode::MalformedUrl,
                node.span,
                &[("url", &raw), ("problem", why)],
            );
            ok = false;
        }
        ok.then_some(raw)
    }

    fn template_error(&mut self, node: &Node, key: &str, e: &TemplateError) {
        match e {
            TemplateError::Unbalanced { .. } => {
                self.err(
                    DiagCode::TemplateSyntax,
                    node.span,
                    &[("problem", &format!("unbalanced `{{` or `}}` in `{key}`"))],
                )
                .help = Some("write `{{` and `}}` for literal braces".into());
            }
            TemplateError::BadPlaceholder { text, .. } => {
                let span = self.narrow(node.span, &format!("{{{text}}}"));
                self.err(DiagCode::TemplateSyntax, span, &[("problem", &format!("`{{{text}}}` is not a placeholder: a placeholder is `{{name}}` with an identifier inside"))])
                    .help = Some("write `{{` and `}}` for literal braces".into());
            }
            TemplateError::UnknownParam { name, .. } => {
                let span = self.narrow(node.span, &format!("{{{name}}}"));
                self.err(DiagCode::UndeclaredPlaceholder, span, &[("param", name)])
                    .help = Some(format!(
                    "declare it under `params:` (e.g. `{name}: string`), or write `{{{{{name}}}}}` for literal braces"
                ));
            }
        }
    }

    // ---- sections ------------------------------------------------------------------------

    fn catalogue(&mut self, root: &Node, source_name: &str) -> Option<Catalogue> {
        let f = self.fields(
            root,
            "(top level)",
            "the catalogue",
            &[
                "errdex",
                "registry",
                "categories",
                "namespaces",
                "errors",
                "retired",
            ],
            &[],
        )?;
        // EDX0105: format version.
        match f.get("errdex") {
            None => {
                let d = Diagnostic::new(
                    DiagCode::FormatVersion,
                    Some(Span {
                        len: 1,
                        ..root.span
                    }),
                    &[("problem", "the catalogue does not say its format version")],
                )
                .with_help("add `errdex: 1` as the first key");
                self.push(d);
            }
            Some(n) => match n.kind {
                Kind::Int(FORMAT_VERSION) => {}
                Kind::Int(v) => {
                    self.err(DiagCode::FormatVersion, n.span, &[("problem", &format!("unsupported format version {v}; this errdex reads format {FORMAT_VERSION}"))])
                        .help = Some("upgrade errdex, or write the catalogue in format 1".into());
                }
                _ => self.wrong_type(n, "errdex", "the format version (the integer 1)"),
            },
        }
        for key in ["registry", "categories", "errors"] {
            if f.get(key).is_none() {
                self.err(
                    DiagCode::MissingKey,
                    Span {
                        len: 1,
                        ..root.span
                    },
                    &[("context", "the catalogue"), ("key", key)],
                );
            }
        }
        let registry = f
            .map
            .get("registry")
            .and_then(|(k, n)| self.registry(n, k.span));
        let categories = f
            .get("categories")
            .map(|n| self.categories(n))
            .unwrap_or_default();
        let namespaces = f
            .get("namespaces")
            .map(|n| self.namespaces(n))
            .unwrap_or_default();
        let retired = f
            .get("retired")
            .map(|n| self.retired(n))
            .unwrap_or_default();
        let mut errors = Vec::new();
        if let Some(n) = f.get("errors") {
            errors = self.errors(n, registry.as_ref(), &categories, &namespaces, &retired);
        }
        let registry = registry?;
        Some(Catalogue {
            source_name: source_name.to_string(),
            registry,
            categories: categories.into_iter().map(|(c, _)| c).collect(),
            namespaces: namespaces.into_iter().map(|(n, _)| n).collect(),
            errors,
            retired: retired.into_iter().map(|(r, _)| r).collect(),
        })
    }

    fn registry(&mut self, node: &Node, owner: Span) -> Option<Registry> {
        let f = self.fields_at(
            node,
            "registry",
            "`registry`",
            &[
                "name",
                "title",
                "docs_url",
                "code_pattern",
                "wire",
                "mcp_meta_prefix",
                "crate_name",
                "npm_name",
            ],
            &["name"],
            owner,
        )?;
        let name = f.get("name").and_then(|n| {
            let s = self.text(n, "name")?;
            let ok = s.starts_with(|c: char| c.is_ascii_alphabetic())
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
            if !ok {
                self.err(
                    DiagCode::InvalidName,
                    n.span,
                    &[
                        ("name", &s),
                        ("kind", "registry name"),
                        (
                            "rule",
                            "use letters, digits, `_` and `-`, starting with a letter",
                        ),
                    ],
                );
                return None;
            }
            Some(s)
        });
        let title = self.opt_text(&f, "title");
        let docs_url = f.get("docs_url").and_then(|n| self.docs_url_template(n));
        let code_pattern = f.get("code_pattern").and_then(|n| {
            let s = self.text(n, "code_pattern")?;
            match regex::Regex::new(&s) {
                Ok(_) => Some(s),
                Err(e) => {
                    let detail = e
                        .to_string()
                        .lines()
                        .last()
                        .unwrap_or("")
                        .trim()
                        .to_string();
                    self.err(
                        DiagCode::InvalidCodePattern,
                        n.span,
                        &[("problem", &detail)],
                    );
                    None
                }
            }
        });
        let wire = match f.get("wire") {
            Some(n) => self.wire(n),
            None => Some(default_wire()),
        };
        let mcp_meta_prefix = self.opt_text(&f, "mcp_meta_prefix").unwrap_or_default();
        let crate_name = self.opt_text(&f, "crate_name");
        let npm_name = self.opt_text(&f, "npm_name");
        let name = name?;
        Some(Registry {
            title: title.unwrap_or_else(|| format!("{name} error reference")),
            docs_url,
            code_pattern,
            wire: wire?,
            mcp_meta_prefix,
            crate_name: crate_name.unwrap_or_else(|| names::package_name(&name)),
            npm_name: npm_name.unwrap_or_else(|| names::package_name(&name)),
            name,
        })
    }

    fn wire(&mut self, node: &Node) -> Option<Wire> {
        let f = self.fields(
            node,
            "wire",
            "`registry.wire`",
            &["code", "message", "category", "retryable", "details"],
            &[],
        )?;
        let d = default_wire();
        let code = self.nullable_text(&f, "code", Some(&d.code));
        let message = self.nullable_text(&f, "message", Some(&d.message));
        let category = self.nullable_text(&f, "category", d.category.as_deref());
        let retryable = self.nullable_text(&f, "retryable", None);
        let details = self.nullable_text(&f, "details", None);
        let mut ok = true;
        for (key, required) in [("code", true), ("message", true)] {
            if required && f.get(key).is_some_and(|n| matches!(n.kind, Kind::Null)) {
                let n = f.get(key).unwrap_or(node);
                self.err(
                    DiagCode::BadValue,
                    n.span,
                    &[
                        ("key", key),
                        ("found", "null"),
                        (
                            "expected",
                            "the wire object always carries the code and the message",
                        ),
                    ],
                );
                ok = false;
            }
        }
        // The keys must be distinct and non-empty.
        let mut seen: Vec<(&str, &str)> = Vec::new();
        for (field, value) in [
            ("code", &code),
            ("message", &message),
            ("category", &category),
            ("retryable", &retryable),
            ("details", &details),
        ] {
            let Some(v) = value else { continue };
            let span = f.get(field).map_or(node.span, |n| n.span);
            if v.is_empty() {
                self.err(
                    DiagCode::BadValue,
                    span,
                    &[
                        ("key", field),
                        ("found", "empty"),
                        ("expected", "a wire key needs a name"),
                    ],
                );
                ok = false;
            } else if let Some((other, _)) = seen.iter().find(|(_, s)| *s == v.as_str()) {
                self.err(
                    DiagCode::BadValue,
                    span,
                    &[
                        ("key", field),
                        ("found", &format!("`{v}`")),
                        (
                            "expected",
                            &format!("the key is already used by `wire.{other}`"),
                        ),
                    ],
                );
                ok = false;
            }
            seen.push((field, v.as_str()));
        }
        if !ok {
            return None;
        }
        Some(Wire {
            code: code?,
            message: message?,
            category,
            retryable,
            details,
        })
    }

    fn categories(&mut self, node: &Node) -> Vec<(Category, Span)> {
        let Some(entries) = self.entries(node, "categories", "a mapping of categories") else {
            return Vec::new();
        };
        let mut out: Vec<(Category, Span)> = Vec::new();
        for (key, knode, v) in entries {
            if !names::is_identifier(key) {
                self.err(DiagCode::InvalidName, knode.span, &[("name", key), ("kind", "category key"), ("rule", "a category key is its wire value: letters, digits and `_`, starting with a letter")]);
                continue;
            }
            let what = format!("category `{key}`");
            let Some(f) = self.fields_at(
                v,
                key,
                &what,
                &[
                    "summary",
                    "retryable",
                    "retry",
                    "exit_code",
                    "http_status",
                    "jsonrpc_code",
                    "expected",
                ],
                &["summary"],
                knode.span,
            ) else {
                continue;
            };
            let summary = self.opt_text(&f, "summary");
            let facts = self.facts(&f);
            let rust_variant = names::rust_variant(key);
            if let Some((other, _)) = out
                .iter()
                .find(|(c, _)| c.rust_variant == rust_variant || c.anchor == names::slug(key))
            {
                let d = Diagnostic::new(
                    DiagCode::IdentifierCollision,
                    Some(knode.span),
                    &[
                        ("name", key),
                        ("language", "Rust"),
                        ("ident", &format!("Category::{rust_variant}")),
                        ("other", &other.key),
                    ],
                );
                self.push(d);
                continue;
            }
            out.push((
                Category {
                    key: key.to_string(),
                    summary: summary.unwrap_or_default(),
                    retryable: facts.retryable.unwrap_or(defaults::RETRYABLE),
                    retry: facts.retry,
                    exit_code: facts.exit_code.unwrap_or(defaults::EXIT_CODE),
                    http_status: facts.http_status.unwrap_or(defaults::HTTP_STATUS),
                    jsonrpc_code: facts.jsonrpc_code.unwrap_or(defaults::JSONRPC_CODE),
                    expected: facts.expected.unwrap_or(defaults::EXPECTED),
                    rust_variant,
                    anchor: names::slug(key),
                },
                f.node.span,
            ));
        }
        out
    }

    fn namespaces(&mut self, node: &Node) -> Vec<(Namespace, Span)> {
        let Some(entries) = self.entries(node, "namespaces", "a mapping of namespaces") else {
            return Vec::new();
        };
        let mut out: Vec<(Namespace, Span)> = Vec::new();
        for (key, knode, v) in entries {
            if !names::is_identifier(key) {
                self.err(
                    DiagCode::InvalidName,
                    knode.span,
                    &[
                        ("name", key),
                        ("kind", "namespace key"),
                        ("rule", "letters, digits and `_`, starting with a letter"),
                    ],
                );
                continue;
            }
            let slug = names::slug(key);
            if RESERVED_PAGES.contains(&slug.as_str()) {
                self.err(
                    DiagCode::InvalidName,
                    knode.span,
                    &[
                        ("name", key),
                        ("kind", "namespace key"),
                        (
                            "rule",
                            &format!(
                                "its docs page `{slug}.md` is reserved by errdex ({})",
                                RESERVED_PAGES.join(", ")
                            ),
                        ),
                    ],
                );
                continue;
            }
            let what = format!("namespace `{key}`");
            let f = if matches!(v.kind, Kind::Null) {
                None
            } else {
                self.fields(v, key, &what, &["title", "summary", "code_prefix"], &[])
            };
            let (title, summary, code_prefix) = match &f {
                Some(f) => (
                    self.opt_text(f, "title"),
                    self.opt_text(f, "summary"),
                    self.opt_text(f, "code_prefix"),
                ),
                None => (None, None, None),
            };
            let rust_variant = names::rust_variant(key);
            if let Some((other, _)) = out
                .iter()
                .find(|(n, _)| n.rust_variant == rust_variant || n.slug == slug)
            {
                let d = Diagnostic::new(
                    DiagCode::IdentifierCollision,
                    Some(knode.span),
                    &[
                        ("name", key),
                        ("language", "Rust / docs page"),
                        ("ident", &format!("Namespace::{rust_variant} / {slug}.md")),
                        ("other", &other.key),
                    ],
                );
                self.push(d);
                continue;
            }
            out.push((
                Namespace {
                    key: key.to_string(),
                    title: title.unwrap_or_else(|| key.to_string()),
                    summary,
                    code_prefix,
                    rust_variant,
                    slug,
                },
                knode.span,
            ));
        }
        out
    }

    fn retired(&mut self, node: &Node) -> Vec<(Retired, Span)> {
        let Some(entries) = self.entries(node, "retired", "a mapping of retired codes") else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (code, knode, v) in entries {
            let what = format!("retired code `{code}`");
            let (name, since, note) = if matches!(v.kind, Kind::Null) {
                (None, None, None)
            } else if let Some(f) = self.fields(v, code, &what, &["name", "since", "note"], &[]) {
                (
                    self.opt_text(&f, "name"),
                    self.opt_text(&f, "since"),
                    self.opt_text(&f, "note"),
                )
            } else {
                continue;
            };
            out.push((
                Retired {
                    code: code.to_string(),
                    name,
                    since,
                    note,
                    anchor: names::slug(code),
                },
                knode.span,
            ));
        }
        out
    }

    #[allow(clippy::too_many_lines)]
    /// Every entry's own checks, in order. A large mapping is split across threads, each
    /// with its own diagnostics, appended in entry order: the same list one thread makes.
    fn each_entry(&mut self, entries: &Entries, shared: &EntryCx) -> Vec<Pending> {
        /// Fewer entries than this per thread do not pay for the thread.
        const MIN_PER_THREAD: usize = 256;
        let threads = self
            .limits
            .threads()
            .min(entries.len() / MIN_PER_THREAD)
            .max(1);
        if threads < 2 {
            return entries
                .iter()
                .filter_map(|&(name, k, v)| self.entry(name, k, v, shared))
                .collect();
        }
        let (src, limits) = (self.src, self.limits);
        let run = move |part: &[(&str, &Node, &Node)]| {
            let mut cx = Cx {
                diags: Vec::new(),
                src,
                limits,
            };
            let pending: Vec<Pending> = part
                .iter()
                .filter_map(|&(name, k, v)| cx.entry(name, k, v, shared))
                .collect();
            (pending, cx.diags)
        };
        let parts: Vec<_> = entries.chunks(entries.len().div_ceil(threads)).collect();
        let done = crate::par::map(&parts, |part| run(part));
        let mut pending = Vec::with_capacity(entries.len());
        for part in done {
            let (p, d) = part.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            pending.extend(p);
            self.diags.extend(d);
        }
        pending
    }

    /// One entry's own checks (everything but the rules across entries).
    fn entry(&mut self, name: &str, knode: &Node, v: &Node, shared: &EntryCx) -> Option<Pending> {
        let EntryCx {
            registry,
            categories,
            namespaces,
            pattern,
            wire_reserved,
        } = *shared;
        if !names::is_entry_name(name) {
            self.err(DiagCode::InvalidName, knode.span, &[("name", name), ("kind", "error name"), ("rule", "a NAME is UPPER_SNAKE or lower_snake: letters, digits and single `_`, starting with a letter")]);
            return None;
        }
        let what = format!("error `{name}`");
        let f = self.fields_at(
            v,
            name,
            &what,
            &[
                "code",
                "namespace",
                "category",
                "summary",
                "message",
                "params",
                "suggestion",
                "explanation",
                "retryable",
                "retry",
                "exit_code",
                "http_status",
                "jsonrpc_code",
                "expected",
                "docs_url",
                "since",
                "deprecated",
                "aliases",
                "legacy_codes",
            ],
            &["category", "summary", "message"],
            knode.span,
        )?;
        // Code.
        let (code, code_span) = match f.get("code") {
            Some(n) => (
                self.text(n, "code").unwrap_or_else(|| name.to_string()),
                n.span,
            ),
            None => (name.to_string(), knode.span),
        };
        if code.is_empty() || code.chars().any(|c| c.is_whitespace() || c.is_control()) {
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
        // Category (EDX0301).
        let category = f.get("category").and_then(|n| {
            let c = self.text(n, "category")?;
            match categories.iter().position(|(cat, _)| cat.key == c) {
                Some(i) => Some(i),
                None => {
                    let mut d =
                        Diagnostic::new(DiagCode::UnknownCategory, Some(n.span), &[("key", &c)]);
                    d.help = did_you_mean(&c, categories.iter().map(|(c, _)| c.key.as_str()))
                        .or_else(|| {
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
            }
        });
        // Namespace (EDX0302).
        let mut namespace = None;
        if let Some(n) = f.get("namespace")
            && let Some(ns) = self.text(n, "namespace")
        {
            match namespaces.iter().position(|(x, _)| x.key == ns) {
                Some(i) => namespace = Some(i),
                None => {
                    let mut d = Diagnostic::new(
                        DiagCode::UnknownNamespace,
                        Some(n.span),
                        &[("namespace", &ns)],
                    );
                    d.help = did_you_mean(&ns, namespaces.iter().map(|(x, _)| x.key.as_str()))
                        .or_else(|| Some("declare it under `namespaces:`".into()));
                    self.push(d);
                }
            }
        }
        // Code pattern and prefix (EDX0206, EDX0207).
        if let (Some(re), Some(p)) = (&pattern, registry.and_then(|r| r.code_pattern.as_deref()))
            && !re.is_match(&code)
        {
            self.err(
                DiagCode::CodePatternMismatch,
                code_span,
                &[("code", &code), ("pattern", p)],
            );
        }
        if let Some(i) = namespace {
            let ns = &namespaces[i].0;
            if let Some(prefix) = &ns.code_prefix
                && !code.starts_with(prefix.as_str())
            {
                self.err(
                    DiagCode::CodePrefixMismatch,
                    code_span,
                    &[("code", &code), ("prefix", prefix), ("namespace", &ns.key)],
                );
            }
        }
        // Params (EDX0404, EDX0405, EDX0106, EDX0205).
        let mut params: Vec<Param> = Vec::new();
        let mut param_spans: Vec<Span> = Vec::new();
        // Names of params refused for another reason: templates may still use them
        // without a second, cascading "undeclared placeholder" diagnostic.
        let mut refused: Vec<String> = Vec::new();
        if let Some(pn) = f.get("params")
            && let Some(pe) = self.entries(pn, "params", "a mapping of param names to types")
        {
            for (pname, pk, pv) in pe {
                if !names::is_param_name(pname) {
                    self.err(DiagCode::InvalidParamName, pk.span, &[("param", pname)])
                        .help = Some(
                        "a param name is letters, digits and `_`, starting with a letter or `_`"
                            .into(),
                    );
                    continue;
                }
                refused.push(pname.to_string());
                if wire_reserved.iter().any(|k| k == pname) || EXTRA_KEYS.contains(&pname) {
                    self.err(DiagCode::ParamShadowsWireKey, pk.span, &[("param", pname)])
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
                let ty = match pv.as_str() {
                    Some("string") => ParamType::String,
                    Some("integer") => ParamType::Integer,
                    Some("number") => ParamType::Number,
                    Some("boolean") => ParamType::Boolean,
                    Some(other) => {
                        let mut d = Diagnostic::new(
                            DiagCode::BadValue,
                            Some(pv.span),
                            &[
                                ("key", pname),
                                ("found", &format!("`{other}`")),
                                (
                                    "expected",
                                    "a param type is `string`, `integer`, `number` or `boolean`",
                                ),
                            ],
                        );
                        d.help = did_you_mean(other, ["string", "integer", "number", "boolean"]);
                        self.push(d);
                        continue;
                    }
                    None => {
                        self.wrong_type(
                            pv,
                            pname,
                            "a param type (`string`, `integer`, `number` or `boolean`)",
                        );
                        continue;
                    }
                };
                let rust_ident = names::rust_snake(pname);
                if let Some(other) = params
                    .iter()
                    .find(|p| names::unraw(&p.rust_ident) == names::unraw(&rust_ident))
                {
                    self.err(
                        DiagCode::IdentifierCollision,
                        pk.span,
                        &[
                            ("name", pname),
                            ("language", "Rust"),
                            ("ident", &rust_ident),
                            ("other", &other.name),
                        ],
                    );
                    continue;
                }
                refused.pop();
                params.push(Param {
                    name: pname.to_string(),
                    ty,
                    rust_ident,
                    ts_ident: pname.to_string(),
                });
                param_spans.push(pk.span);
            }
        }
        let pnames: Vec<&str> = params
            .iter()
            .map(|p| p.name.as_str())
            .chain(refused.iter().map(String::as_str))
            .collect();
        // Message and suggestion templates (EDX0401, EDX0402, EDX0403).
        let message = f.get("message").and_then(|n| {
            let raw = self.text(n, "message")?;
            if raw.trim().is_empty() {
                self.err(
                    DiagCode::BadValue,
                    n.span,
                    &[
                        ("key", "message"),
                        ("found", "empty"),
                        ("expected", "every error needs a message"),
                    ],
                );
                return None;
            }
            match Template::parse(&raw, &pnames) {
                Ok(t) => Some(t),
                Err(e) => {
                    self.template_error(n, "message", &e);
                    None
                }
            }
        });
        if let Some(m) = &message {
            let used: Vec<usize> = m.used_params().collect();
            for (i, p) in params.iter().enumerate() {
                if !used.contains(&i) {
                    self.err(DiagCode::UnusedParam, param_spans[i], &[("param", &p.name)])
                        .help = Some(format!(
                        "use `{{{}}}` in the message, or remove the param",
                        p.name
                    ));
                }
            }
        }
        let suggestion = f.get("suggestion").and_then(|n| {
            let raw = self.text(n, "suggestion")?;
            match Template::parse(&raw, &pnames) {
                Ok(t) => Some(t),
                Err(e) => {
                    self.template_error(n, "suggestion", &e);
                    None
                }
            }
        });
        let summary = self.opt_text(&f, "summary");
        let explanation = self.opt_text(&f, "explanation");
        let since = self.opt_text(&f, "since");
        // Overrides.
        let Facts {
            retryable,
            retry,
            exit_code,
            http_status,
            jsonrpc_code,
            expected,
        } = self.facts(&f);
        let docs_url = f.get("docs_url").and_then(|n| self.docs_url_template(n));
        // Deprecation.
        let mut replaced_by = None;
        let deprecated = f.get("deprecated").and_then(|n| match &n.kind {
            Kind::Bool(true) => Some(Deprecation {
                since: None,
                replaced_by: None,
                note: None,
            }),
            Kind::Bool(false) => None,
            Kind::Map(_) => {
                let df = self.fields(
                    n,
                    "deprecated",
                    "`deprecated`",
                    &["since", "replaced_by", "note"],
                    &[],
                )?;
                replaced_by = df
                    .get("replaced_by")
                    .and_then(|r| self.text(r, "replaced_by").map(|s| (s, r.span)));
                Some(Deprecation {
                    since: self.opt_text(&df, "since"),
                    replaced_by: None,
                    note: self.opt_text(&df, "note"),
                })
            }
            _ => {
                self.wrong_type(
                    n,
                    "deprecated",
                    "a mapping {since, replaced_by, note} or `true`",
                );
                None
            }
        });
        let aliases = f
            .get("aliases")
            .map(|n| self.string_list(n, "aliases"))
            .unwrap_or_default();
        for (a, span) in &aliases {
            if !names::is_entry_name(a) {
                self.err(
                    DiagCode::InvalidName,
                    *span,
                    &[
                        ("name", a),
                        ("kind", "alias"),
                        ("rule", "an alias is a NAME: UPPER_SNAKE or lower_snake"),
                    ],
                );
            }
        }
        let legacy = f
            .get("legacy_codes")
            .map(|n| self.string_list(n, "legacy_codes"))
            .unwrap_or_default();
        // An entry with an error in it still takes part in the cross-entry rules below
        // (so one run reports its duplicate code too); the catalogue is refused anyway.
        let complete = category.is_some() && message.is_some() && summary.is_some();
        let cat = category.map(|i| &categories[i].0);
        let retryable = retryable.unwrap_or(cat.is_some_and(|c| c.retryable));
        let retry = retry.or_else(|| {
            if retryable {
                cat.and_then(|c| c.retry.clone())
            } else {
                None
            }
        });
        let message = message.unwrap_or_else(|| Template {
            raw: String::new(),
            parts: Vec::new(),
        });
        let summary = summary.unwrap_or_default();
        let mut p = Pending {
            entry: ErrorEntry {
                name: name.to_string(),
                anchor: names::slug(&code),
                code,
                namespace,
                category: category.unwrap_or(0),
                summary,
                message,
                params,
                suggestion,
                explanation,
                retryable,
                retry,
                exit_code: exit_code
                    .or(cat.map(|c| c.exit_code))
                    .unwrap_or(defaults::EXIT_CODE),
                http_status: http_status
                    .or(cat.map(|c| c.http_status))
                    .unwrap_or(defaults::HTTP_STATUS),
                jsonrpc_code: jsonrpc_code
                    .or(cat.map(|c| c.jsonrpc_code))
                    .unwrap_or(defaults::JSONRPC_CODE),
                expected: expected
                    .or(cat.map(|c| c.expected))
                    .unwrap_or(defaults::EXPECTED),
                docs_url: String::new(),
                since,
                deprecated,
                aliases: aliases.iter().map(|(a, _)| a.clone()).collect(),
                legacy_codes: legacy.iter().map(|(c, _)| c.clone()).collect(),
                rust_variant: names::rust_variant(name),
                rust_fn: names::rust_constructor(name),
                ts_key: names::ts_key(name),
                ts_type: names::ts_type(name),
            },
            name_span: knode.span,
            code_span,
            aliases,
            legacy,
            replaced_by,
            complete,
        };
        // The docs URL: this entry's template or the registry's.
        let e = &mut p.entry;
        let ns_slug = e
            .namespace
            .map_or(GENERAL_SLUG, |n| namespaces[n].0.slug.as_str());
        let cat_slug = categories
            .get(e.category)
            .map_or("", |c| c.0.anchor.as_str());
        let template = docs_url
            .as_deref()
            .or_else(|| registry.and_then(|r| r.docs_url.as_deref()));
        e.docs_url = match template {
            Some(t) => names::fill_docs_url(t, ns_slug, &e.anchor, &names::slug(&e.name), cat_slug),
            None => format!("{ns_slug}.html#{}", e.anchor),
        };
        Some(p)
    }

    fn errors(
        &mut self,
        node: &Node,
        registry: Option<&Registry>,
        categories: &[(Category, Span)],
        namespaces: &[(Namespace, Span)],
        retired: &[(Retired, Span)],
    ) -> Vec<ErrorEntry> {
        let Some(entries) = self.entries(node, "errors", "a mapping of error entries") else {
            return Vec::new();
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
            return Vec::new();
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
        };
        let pending = self.each_entry(&entries, &shared);

        // ---- cross-entry rules ---------------------------------------------------------
        // Codes (EDX0202), legacy codes (EDX0204), retired codes (EDX0209).
        let mut codes: HashMap<&str, (&str, Span)> = HashMap::with_capacity(pending.len());
        for p in &pending {
            if let Some((other, first)) = codes.get(p.entry.code.as_str()) {
                let d = Diagnostic::new(DiagCode::DuplicateCode, Some(p.code_span), &[("code", &p.entry.code), ("other", other)])
                    .with_note(Some(*first), "first used here")
                    .with_help("every entry needs its own code; codes are never shared (use `aliases` for a second NAME)");
                self.push(d);
            } else {
                codes.insert(&p.entry.code, (&p.entry.name, p.code_span));
            }
        }
        let mut legacy_seen: HashMap<&str, (&str, Span)> = HashMap::new();
        for p in &pending {
            for (lc, span) in &p.legacy {
                let clash = codes
                    .get(lc.as_str())
                    .or_else(|| legacy_seen.get(lc.as_str()))
                    .copied();
                if let Some((other, first)) = clash {
                    let d = Diagnostic::new(
                        DiagCode::LegacyCodeCollision,
                        Some(*span),
                        &[("code", lc), ("other", other)],
                    )
                    .with_note(Some(first), "used here");
                    self.push(d);
                } else {
                    legacy_seen.insert(lc, (&p.entry.name, *span));
                }
            }
        }
        for (r, rspan) in retired {
            let uses = codes
                .get(r.code.as_str())
                .map(|(_, s)| *s)
                .or_else(|| legacy_seen.get(r.code.as_str()).map(|(_, s)| *s));
            if let Some(span) = uses {
                let d = Diagnostic::new(DiagCode::RetiredCodeReused, Some(span), &[("code", &r.code)])
                    .with_note(Some(*rspan), "retired here")
                    .with_help("pick a new code; a retired code is a tombstone so old clients never misread it");
                self.push(d);
            }
        }
        // Names and aliases (EDX0203).
        let mut names_seen: HashMap<&str, (&str, Span)> = HashMap::with_capacity(pending.len());
        for p in &pending {
            names_seen.insert(&p.entry.name, (&p.entry.name, p.name_span));
        }
        for p in &pending {
            for (a, span) in &p.aliases {
                if let Some((other, first)) = names_seen.get(a.as_str()) {
                    let d = Diagnostic::new(
                        DiagCode::DuplicateName,
                        Some(*span),
                        &[("name", a), ("other", other)],
                    )
                    .with_note(Some(*first), "already used here");
                    self.push(d);
                } else {
                    names_seen.insert(a, (&p.entry.name, *span));
                }
            }
        }
        // Every string that parses to an entry (code, NAME, alias, legacy code) must parse to
        // one entry only: a NAME or alias may not be another entry's code or legacy code.
        for p in &pending {
            let own_names = std::iter::once((&p.entry.name, p.name_span))
                .chain(p.aliases.iter().map(|(a, s)| (a, *s)));
            for (n, span) in own_names {
                let clash = codes
                    .get(n.as_str())
                    .filter(|(other, _)| other != &p.entry.name)
                    .or_else(|| {
                        legacy_seen
                            .get(n.as_str())
                            .filter(|(other, _)| other != &p.entry.name)
                    });
                if let Some((other, first)) = clash {
                    let d = Diagnostic::new(
                        DiagCode::DuplicateName,
                        Some(span),
                        &[("name", n), ("other", other)],
                    )
                    .with_note(Some(*first), "a code that parses to another entry")
                    .with_help("a NAME or alias may not equal another entry's code: parsing it would be ambiguous");
                    self.push(d);
                }
            }
            // A retired code's NAME stays with the tombstone.
            for (r, rspan) in retired {
                let Some(rname) = &r.name else { continue };
                let hit = std::iter::once((&p.entry.name, p.name_span))
                    .chain(p.aliases.iter().map(|(a, s)| (a, *s)))
                    .find(|(n, _)| *n == rname);
                if let Some((n, span)) = hit {
                    let other = format!("retired code {}", r.code);
                    let d = Diagnostic::new(
                        DiagCode::DuplicateName,
                        Some(span),
                        &[("name", n), ("other", &other)],
                    )
                    .with_note(Some(*rspan), "retired here")
                    .with_help("pick a new NAME; the retired code keeps its old one");
                    self.push(d);
                }
            }
        }
        // Identifiers after conversion (EDX0205). Each is one of the entry's converted names
        // between a fixed prefix and suffix: two entries share the identifier exactly when
        // they share that name, so the names are compared and the identifier is only
        // written out for a diagnostic.
        type Ident = for<'e> fn(&'e ErrorEntry) -> &'e str;
        let checks: [(&str, &str, &str, Ident); 5] = [
            ("Rust", "ErrorCode::", "", |e| &e.rust_variant),
            ("Rust", "Error::", "", |e| names::unraw(&e.rust_fn)),
            ("TypeScript", "ErrorCode.", "", |e| &e.ts_key),
            ("TypeScript", "", "Params", |e| &e.ts_type),
            ("docs anchor", "#", "", |e| &e.anchor),
        ];
        // Aliases become identifiers too where targets expose them (TS keys, Rust consts):
        // an alias may not convert to another entry's identifier.
        {
            let mut taken: HashMap<String, (&str, Span)> = HashMap::with_capacity(pending.len());
            for p in &pending {
                taken.insert(p.entry.ts_key.clone(), (&p.entry.name, p.name_span));
            }
            for p in &pending {
                for (a, span) in &p.aliases {
                    let key = names::ts_key(a);
                    if let Some((other, first)) = taken.get(&key) {
                        if *other == p.entry.name || a == other {
                            continue;
                        }
                        let ident = format!("ErrorCode.{key}");
                        let d = Diagnostic::new(
                            DiagCode::IdentifierCollision,
                            Some(*span),
                            &[
                                ("name", a),
                                ("language", "TypeScript"),
                                ("ident", &ident),
                                ("other", other),
                            ],
                        )
                        .with_note(Some(*first), "taken here");
                        self.push(d);
                    } else {
                        taken.insert(key, (&p.entry.name, *span));
                    }
                }
            }
        }
        // One diagnostic per pair of entries (the first identifier they share); entries
        // with the same code are already reported as duplicate codes.
        let mut reported: std::collections::HashSet<(String, String)> =
            std::collections::HashSet::new();
        for (language, prefix, suffix, ident_of) in checks {
            // converted name → index of the first entry that has it.
            let mut seen: HashMap<&str, usize> = HashMap::with_capacity(pending.len());
            for (i, p) in pending.iter().enumerate() {
                let key = ident_of(&p.entry);
                if let Some(&j) = seen.get(key) {
                    let (other, first) = (&pending[j].entry.name, &pending[j].name_span);
                    let same_code = pending
                        .iter()
                        .any(|q| &q.entry.name == other && q.entry.code == p.entry.code);
                    if other == &p.entry.name
                        || same_code
                        || !reported.insert((p.entry.name.clone(), other.clone()))
                    {
                        continue;
                    }
                    let ident = format!("{prefix}{key}{suffix}");
                    let d = Diagnostic::new(
                        DiagCode::IdentifierCollision,
                        Some(p.name_span),
                        &[
                            ("name", &p.entry.name),
                            ("language", language),
                            ("ident", &ident),
                            ("other", other),
                        ],
                    )
                    .with_note(Some(*first), "taken here")
                    .with_help("rename one of the entries so their generated identifiers differ");
                    self.push(d);
                } else {
                    seen.insert(key, i);
                }
            }
        }
        // replaced_by (EDX0303).
        let index: HashMap<&str, usize> = pending
            .iter()
            .enumerate()
            .flat_map(|(i, p)| {
                std::iter::once((p.entry.name.as_str(), i))
                    .chain(p.entry.aliases.iter().map(move |a| (a.as_str(), i)))
            })
            .collect();
        let mut resolved: Vec<Option<usize>> = vec![None; pending.len()];
        for (i, p) in pending.iter().enumerate() {
            if let Some((target, span)) = &p.replaced_by {
                match index.get(target.as_str()) {
                    Some(&j) if j != i => resolved[i] = Some(j),
                    _ => {
                        let mut d = Diagnostic::new(
                            DiagCode::UnknownReplacement,
                            Some(*span),
                            &[("target", target)],
                        );
                        let itself = index.get(target.as_str()) == Some(&i);
                        d.help = if itself {
                            Some(
                                "an entry cannot replace itself: name the entry that takes over"
                                    .into(),
                            )
                        } else {
                            did_you_mean(target, index.keys().copied())
                        }
                        .or_else(|| {
                            Some(if itself {
                                "an entry cannot replace itself".into()
                            } else {
                                "name a live entry (a retired code cannot be a replacement)".into()
                            })
                        });
                        self.push(d);
                    }
                }
            }
        }
        let mut out = Vec::with_capacity(pending.len());
        for (i, mut p) in pending.into_iter().enumerate() {
            if !p.complete {
                continue;
            }
            if let Some(d) = p.entry.deprecated.as_mut() {
                d.replaced_by = resolved[i];
            }
            out.push(p.entry);
        }
        out
    }
}

/// The wire shape when the registry has no `wire` block.
pub fn default_wire() -> Wire {
    Wire {
        code: "error".into(),
        message: "detail".into(),
        category: Some("category".into()),
        retryable: None,
        details: None,
    }
}

/// A light URL check: absolute URLs need a scheme and a host; nothing may contain
/// whitespace, control characters, quotes or angle brackets.
pub fn check_url(url: &str) -> Result<(), &'static str> {
    if url.is_empty() {
        return Err("it is empty");
    }
    if url
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '<' | '>' | '\\' | '`'))
    {
        return Err("it contains whitespace, a control character, a quote, `\\`, `<` or `>`");
    }
    if let Some((scheme, rest)) = url.split_once("://") {
        let scheme_ok = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
        if !scheme_ok {
            return Err("the scheme before `://` is malformed");
        }
        let host = rest.split(['/', '?', '#']).next().unwrap_or("");
        if host.is_empty() {
            return Err("it has no host after `://`");
        }
        if !matches!(scheme.to_ascii_lowercase().as_str(), "http" | "https") {
            return Err("only http and https URLs are accepted");
        }
    } else if url.contains(':') && !url.starts_with(['/', '.', '#']) {
        let scheme = url.split(':').next().unwrap_or("");
        if scheme.eq_ignore_ascii_case("javascript") || scheme.eq_ignore_ascii_case("data") {
            return Err("javascript: and data: URLs are refused");
        }
        return Err("an absolute URL needs `scheme://host`");
    }
    Ok(())
}
