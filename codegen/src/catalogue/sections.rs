//! The section readers: the format version, the registry and its wire keys, categories,
//! namespaces and retired codes. Each reads its mapping against its [`format`] section.

use crate::diag::{DiagCode, Diagnostic, Span};
use crate::ir::{
    Category, GENERAL_SLUG, KeyIds, Namespace, RustIntegration, OutputPaths, Package, Registry, Retired, RustItems,
    Wire, WireField,
};
use crate::names;
use crate::support::suggest::did_you_mean;
use crate::targets::TARGETS;

use super::docs_url::check_url;
use super::format::{self, FORMAT_VERSION, default_wire, defaults};
use super::read::Fields;
use super::sink::Cx;
use super::tree::{Kind, Node};

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

impl Cx<'_> {
    /// EDX0105: the catalogue says its format version, and it is the one this errdex reads.
    pub(super) fn format_version(&mut self, root: &Node, top: &Fields) {
        match top.get("errdex") {
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
    }

    /// EDX0104: the sections every catalogue needs (the format version has its own code).
    pub(super) fn missing_sections(&mut self, root: &Node, top: &Fields) {
        for key in format::TOP.required().filter(|key| *key != "errdex") {
            if top.get(key).is_none() {
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
    }

    pub(super) fn registry(&mut self, node: &Node, owner: Span) -> Option<Registry> {
        let f = self.fields_at(node, "registry", "`registry`", &format::REGISTRY, owner)?;
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
        let title = self.optional_text(&f, "title");
        let docs_url = f.get("docs_url").and_then(|n| self.docs_url_template(n));
        let docs_site_url = f.get("docs_site_url").and_then(|n| self.docs_site_url(n));
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
        let mcp_meta_prefix = self
            .optional_text(&f, "mcp_meta_prefix")
            .unwrap_or_default();
        let crate_name = self.optional_text(&f, "crate_name");
        let npm_name = self.optional_text(&f, "npm_name");
        let python_package = f.get("python_package").and_then(|n| {
            let s = self.text(n, "python_package")?;
            let ok = s.starts_with(|c: char| c.is_ascii_lowercase())
                && s.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                && !names::PY_KEYWORDS.contains(&s.as_str());
            if !ok {
                self.err(
                    DiagCode::InvalidName,
                    n.span,
                    &[
                        ("name", &s),
                        ("kind", "Python package name"),
                        (
                            "rule",
                            "use lower-case letters, digits and `_`, starting with a letter, and no Python keyword",
                        ),
                    ],
                );
                return None;
            }
            Some(s)
        });
        let go_package = f.get("go_package").and_then(|n| {
            let s = self.text(n, "go_package")?;
            let ok = s.starts_with(|c: char| c.is_ascii_lowercase())
                && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
                && !names::GO_KEYWORDS.contains(&s.as_str());
            if !ok {
                self.err(
                    DiagCode::InvalidName,
                    n.span,
                    &[
                        ("name", &s),
                        ("kind", "Go package name"),
                        (
                            "rule",
                            "use lower-case letters and digits, starting with a letter, and no Go keyword",
                        ),
                    ],
                );
                return None;
            }
            Some(s)
        });
        let go_module = f.get("go_module").and_then(|n| {
            let s = self.text(n, "go_module")?;
            if !names::is_go_module_path(&s) {
                self.err(
                    DiagCode::InvalidName,
                    n.span,
                    &[
                        ("name", &s),
                        ("kind", "Go module path"),
                        (
                            "rule",
                            "use `/`-separated elements of ASCII letters, digits, `-`, `.`, `_` and `~`, none empty or starting or ending with `.`",
                        ),
                    ],
                );
                return None;
            }
            Some(s)
        });
        let class = self.class_name(&f, "class");
        let name = name?;
        let go_package = go_package.unwrap_or_else(|| names::go_package(&name));
        Some(Registry {
            go_module: go_module.unwrap_or_else(|| go_package.clone()),
            go_package,
            title: title.unwrap_or_else(|| format!("{name} error reference")),
            docs_url,
            docs_site_url,
            code_pattern,
            wire: wire?,
            mcp_meta_prefix,
            crate_name: crate_name.unwrap_or_else(|| names::package_name(&name)),
            npm_name: npm_name.unwrap_or_else(|| names::package_name(&name)),
            python_package: python_package.unwrap_or_else(|| names::python_package(&name)),
            class: class.unwrap_or_else(|| names::default_class(&name)),
            name,
        })
    }

    fn wire(&mut self, node: &Node) -> Option<Wire> {
        let f = self.fields(node, "wire", "`registry.wire`", &format::WIRE)?;
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
            order: wire_order(node),
        })
    }

    pub(super) fn categories(&mut self, node: &Node) -> Vec<(Category, Span)> {
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
            let Some(f) = self.fields_at(v, key, &what, &format::CATEGORY, knode.span) else {
                continue;
            };
            let summary = self.optional_text(&f, "summary");
            let title = self.optional_text(&f, "title");
            let facts = self.facts(&f);
            let ids = KeyIds::derive(key);
            let rust_variant = &ids.rust;
            if let Some((other, _)) = out.iter().find(|(c, _)| {
                c.ids.rust == *rust_variant || c.anchor == names::category_anchor(key)
            }) {
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
                    ids,
                    title: title.unwrap_or_else(|| names::category_title(key)),
                    anchor: names::category_anchor(key),
                },
                f.node.span,
            ));
        }
        out
    }

    pub(super) fn namespaces(
        &mut self,
        node: &Node,
        categories: &[(Category, Span)],
    ) -> Vec<(Namespace, Span)> {
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
                self.fields(v, key, &what, &format::NAMESPACE)
            };
            let (title, summary, code_prefix, class, category) = match &f {
                Some(f) => (
                    self.optional_text(f, "title"),
                    self.optional_text(f, "summary"),
                    self.optional_text(f, "code_prefix"),
                    self.class_name(f, "class"),
                    self.category_ref(f, categories),
                ),
                None => (None, None, None, None, None),
            };
            let ids = KeyIds::derive(key);
            let rust_variant = &ids.rust;
            if let Some((other, _)) = out
                .iter()
                .find(|(n, _)| n.ids.rust == *rust_variant || n.slug == slug)
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
                    class,
                    category,
                    ids,
                    slug,
                },
                knode.span,
            ));
        }
        out
    }

    /// The retired codes, each with its `replaced_by` NAME as written (resolved against the
    /// live entries by [`super::rules::unknown_replacement_of_retired`]).
    pub(super) fn retired(&mut self, node: &Node) -> Vec<RetiredRead> {
        let Some(entries) = self.entries(node, "retired", "a mapping of retired codes") else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (code, knode, v) in entries {
            let what = format!("retired code `{code}`");
            let (name, since, note, replaced_by) = if matches!(v.kind, Kind::Null) {
                (None, None, None, None)
            } else if let Some(f) = self.fields(v, code, &what, &format::RETIRED) {
                (
                    self.optional_text(&f, "name"),
                    self.optional_text(&f, "since"),
                    self.optional_text(&f, "note"),
                    f.get("replaced_by")
                        .and_then(|r| self.text(r, "replaced_by").map(|s| (s, r.span))),
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
                    replaced_by: None,
                    anchor: names::slug(code),
                },
                knode.span,
                replaced_by,
            ));
        }
        out
    }
}

/// A retired code as read: the tombstone, its key's span, and its `replaced_by` NAME with
/// that value's span.
pub(super) type RetiredRead = (Retired, Span, Option<(String, Span)>);

/// The wire order a `wire:` block declares: its keys as written, then the fields it leaves
/// out in the default order.
fn wire_order(node: &Node) -> Vec<WireField> {
    let mut order: Vec<WireField> = Vec::with_capacity(WireField::ALL.len());
    if let Kind::Map(pairs) = &node.kind {
        for (key, _) in pairs {
            let field = key
                .as_str()
                .and_then(|k| WireField::ALL.into_iter().find(|f| f.as_str() == k));
            if let Some(field) = field
                && !order.contains(&field)
            {
                order.push(field);
            }
        }
    }
    for field in WireField::ALL {
        if !order.contains(&field) {
            order.push(field);
        }
    }
    order
}

impl Cx<'_> {
    /// The `package:` section over its defaults.
    pub(super) fn package(&mut self, node: Option<&Node>) -> Package {
        let mut package = Package::default();
        let Some(node) = node else {
            return package;
        };
        let Some(f) = self.fields(node, "package", "`package`", &format::PACKAGE) else {
            return package;
        };
        if let Some(n) = f.get("version")
            && let Some(version) = self.text(n, "version")
        {
            if format::is_package_version(&version) {
                package.version = version;
            } else {
                self.err(
                    DiagCode::BadValue,
                    n.span,
                    &[
                        ("key", "version"),
                        ("found", &format!("\"{version}\"")),
                        ("expected", "a package version is MAJOR.MINOR.PATCH (semantic versioning), e.g. 1.0.0 or 2.0.0-rc.1"),
                    ],
                );
            }
        }
        package.license = self.optional_nonempty(&f, "license");
        package.repository = f.get("repository").and_then(|n| {
            let url = self.text(n, "repository")?;
            self.absolute_url(n, &url).then_some(url)
        });
        if let Some(n) = f.get("keywords") {
            package.keywords = self
                .string_list(n, "keywords")
                .into_iter()
                .map(|(k, _)| k)
                .collect();
        }
        package.schema_url = f.get("schema_url").and_then(|n| {
            let url = self.text(n, "schema_url")?;
            if !self.absolute_url(n, &url) {
                return None;
            }
            if !url.ends_with('/') {
                self.err(
                    DiagCode::BadValue,
                    n.span,
                    &[
                        ("key", "schema_url"),
                        ("found", &format!("\"{url}\"")),
                        (
                            "expected",
                            "it is a base the file names follow, so it ends in `/`",
                        ),
                    ],
                )
                .help = Some(format!("write \"{url}/\""));
                return None;
            }
            Some(url)
        });
        package
    }

    /// A non-empty optional string (EDX0106 when empty).
    pub(super) fn optional_nonempty(&mut self, f: &Fields, key: &'static str) -> Option<String> {
        let n = f.get(key)?;
        let text = self.text(n, key)?;
        if text.trim().is_empty() {
            self.err(
                DiagCode::BadValue,
                n.span,
                &[
                    ("key", key),
                    ("found", "empty"),
                    ("expected", "leave the key out instead"),
                ],
            );
            return None;
        }
        Some(text)
    }

    /// An absolute http(s) URL, or EDX0602 at `n`.
    fn absolute_url(&mut self, n: &Node, url: &str) -> bool {
        let problem = match check_url(url) {
            Err(problem) => problem,
            Ok(()) if url.contains("://") => return true,
            Ok(()) => "it is relative; an absolute `https://` URL is needed here",
        };
        self.err(
            DiagCode::MalformedUrl,
            n.span,
            &[("url", url), ("problem", problem)],
        );
        false
    }
}

impl Cx<'_> {
    /// The `rust:` section: which per-code items the Rust module declares.
    pub(super) fn rust_items(&mut self, node: Option<&Node>) -> RustItems {
        let mut items = RustItems::default();
        let Some(node) = node else {
            return items;
        };
        let Some(f) = self.fields(node, "rust", "`rust`", &format::RUST) else {
            return items;
        };
        for (key, slot) in [
            ("constructors", &mut items.constructors),
            ("namespace_enums", &mut items.namespace_enums),
        ] {
            if let Some(n) = f.get(key)
                && let Some(value) = self.boolean(n, key)
            {
                *slot = value;
            }
        }
        if let Some(n) = f.get("integrations") {
            for (word, span) in self.string_list(n, "integrations") {
                match RustIntegration::ALL.into_iter().find(|i| i.as_str() == word) {
                    Some(i) if !items.integrations.contains(&i) => items.integrations.push(i),
                    Some(_) => {
                        self.err(
                            DiagCode::BadValue,
                            span,
                            &[
                                ("key", "integrations"),
                                ("found", &format!("`{word}` twice")),
                                ("expected", "each integration once"),
                            ],
                        );
                    }
                    None => {
                        let d = self.err(
                            DiagCode::UnknownIntegration,
                            span,
                            &[
                                ("name", &word),
                                ("known", &format::RUST_INTEGRATIONS.join(", ")),
                            ],
                        );
                        d.help = did_you_mean(&word, format::RUST_INTEGRATIONS);
                    }
                }
            }
        }
        items
    }

    /// The `outputs:` section: relative paths that stay inside the catalogue's folder.
    pub(super) fn outputs(&mut self, node: Option<&Node>) -> OutputPaths {
        let mut out = OutputPaths::default();
        let Some(node) = node else {
            return out;
        };
        let Some(f) = self.fields(node, "outputs", "`outputs`", &format::OUTPUTS) else {
            return out;
        };
        let path = |cx: &mut Self, key: &'static str| {
            let n = f.get(key)?;
            let text = cx.text(n, key)?;
            let p = std::path::Path::new(&text);
            let inside = !text.trim().is_empty()
                && p.is_relative()
                && !text.starts_with(['/', '\\'])
                && p.components().all(|c| {
                    matches!(
                        c,
                        std::path::Component::Normal(_) | std::path::Component::CurDir
                    )
                });
            if !inside {
                cx.err(
                    DiagCode::BadValue,
                    n.span,
                    &[
                        ("key", key),
                        ("found", &format!("\"{text}\"")),
                        ("expected", "an output path is relative to the catalogue's folder and stays inside it (no `..`, not absolute); a command-line flag can point anywhere"),
                    ],
                );
                return None;
            }
            Some(text)
        };
        for target in &TARGETS {
            if let Some(p) = path(self, target.output.key) {
                out.paths.insert(target.id, p);
            }
        }
        out
    }
}
