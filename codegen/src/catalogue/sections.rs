//! The section readers: the format version, the registry and its wire keys, categories,
//! namespaces and retired codes. Each reads its mapping against its [`format`] section.

use crate::diag::{DiagCode, Diagnostic, Span};
use crate::ir::{
    Category, GENERAL_SLUG, GoItems, KeyIds, Namespace, OutputPaths, Package, Registry, Retired,
    RustIntegration, RustItems, Wire, WireField,
};
use crate::names;
use crate::support::suggest::did_you_mean;
use crate::targets::TARGETS;

use super::docs_url::check_url;
use super::entry::NAME_RULE;
use super::format::keys::{
    category, go, namespace, outputs, package, registry, retired, rust, top, wire,
};
use super::format::{self, FORMAT_VERSION, KeyRef, Presence, Type, defaults};
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
    pub(super) fn format_version(&mut self, root: &Node, top_level: &Fields) {
        match top_level.get(top::ERRDEX) {
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
                _ => self.wrong_type(n, top::ERRDEX.name(), "the format version (the integer 1)"),
            },
        }
    }

    /// EDX0813: a part file given as the root catalogue (`errdex lint teams/x.yaml`), said
    /// once instead of as every root section missing and every category unknown. A file is
    /// taken for a part when it has no `errdex:` and either a `part:` header, or `errors` or
    /// `namespaces` without `registry` and `categories`, or is a folder part's `<CODE>.yaml`
    /// (`name:` with `summary` or `category`). True when it was reported.
    pub(super) fn part_given_as_root(&mut self, root: &Node, file: &str) -> bool {
        let Kind::Map(entries) = &root.kind else {
            return false;
        };
        let key = |name: &str| {
            entries
                .iter()
                .find(|(k, _)| matches!(&k.kind, Kind::Str(s) if s == name))
                .map(|(k, _)| k)
        };
        if key(top::ERRDEX.name()).is_some() {
            return false;
        }
        let header = key("part");
        let body = key(top::ERRORS.name()).or_else(|| key(top::NAMESPACES.name()));
        let root_sections = key(top::REGISTRY.name()).or_else(|| key(top::CATEGORIES.name()));
        // A folder part's `<CODE>.yaml`: one entry, its NAME under `name:`.
        let one_code = key("name").filter(|_| key("summary").or_else(|| key("category")).is_some());
        let (at, why) = match (header, body, root_sections, one_code) {
            (Some(h), _, _, _) => (h.span, "it has a `part:` header"),
            (None, Some(b), None, _) => (
                b.span,
                "it has codes but no `errdex:`, `registry` or `categories`",
            ),
            (None, None, None, Some(n)) => (
                n.span,
                "it is one code of a folder part (a `<CODE>.yaml`, its NAME under `name:`)",
            ),
            _ => return false,
        };
        self.push(
            Diagnostic::new(
                DiagCode::PartGivenAsRoot,
                Some(at),
                &[("file", file), ("why", why)],
            )
            .with_label("a part's section")
            .with_help(
                "give errdex the root catalogue, the file whose `parts:` lists this one (`errdex lint path/to/errors.yaml`)",
            ),
        );
        true
    }

    /// EDX0104: the sections every catalogue needs (the format version has its own code).
    pub(super) fn missing_sections(&mut self, root: &Node, top_level: &Fields) {
        let required = format::TOP
            .handles()
            .filter(|key| matches!(key.decl().presence, Presence::Required));
        for key in required.filter(|key| key.index() != top::ERRDEX.index()) {
            if top_level.get(key).is_none() {
                self.err(
                    DiagCode::MissingKey,
                    Span {
                        len: 1,
                        ..root.span
                    },
                    &[("context", "the catalogue"), ("key", key.name())],
                );
            }
        }
    }

    pub(super) fn registry(&mut self, node: &Node, owner: Span) -> Option<Registry> {
        let f = self.fields_at(
            node,
            top::REGISTRY.name(),
            "`registry`",
            top::REGISTRY,
            owner,
        )?;
        let name = self.declared_text(&f, registry::NAME, |cx, n, s| {
            cx.err(
                DiagCode::InvalidName,
                n.span,
                &[
                    ("name", s),
                    ("kind", "registry name"),
                    (
                        "rule",
                        "use letters, digits, `_` and `-`, starting with a letter",
                    ),
                ],
            );
        });
        let title = self.optional_text(&f, registry::TITLE);
        let docs_url = f
            .get(registry::DOCS_URL)
            .and_then(|n| self.docs_url_template(n, registry::DOCS_URL));
        let docs_site_url = f
            .get(registry::DOCS_SITE_URL)
            .and_then(|n| self.docs_site_url(n));
        let code_pattern = self.declared_text(&f, registry::CODE_PATTERN, |cx, n, s| {
            let detail = regex::Regex::new(s)
                .err()
                .map(|e| {
                    e.to_string()
                        .lines()
                        .last()
                        .unwrap_or("")
                        .trim()
                        .to_string()
                })
                .unwrap_or_default();
            cx.err(
                DiagCode::InvalidCodePattern,
                n.span,
                &[("problem", &detail)],
            );
        });
        let wire = match f.get(registry::WIRE) {
            Some(n) => self.wire(n),
            None => Some(defaults::wire()),
        };
        // Left out, the prefix is none: the empty string.
        let mcp_meta_prefix = self
            .optional_text(&f, registry::MCP_META_PREFIX)
            .unwrap_or_default();
        let crate_name = self.optional_text(&f, registry::CRATE_NAME);
        let npm_name = self.optional_text(&f, registry::NPM_NAME);
        let refuse_package = |cx: &mut Self, n: &Node, s: &str| {
            cx.err(
                DiagCode::InvalidName,
                n.span,
                &[
                    ("name", s),
                    ("kind", "Python package name"),
                    (
                        "rule",
                        "use lower-case letters, digits and `_`, starting with a letter, and no Python keyword",
                    ),
                ],
            );
        };
        let python_package = self
            .declared_text(&f, registry::PYTHON_PACKAGE, refuse_package)
            .and_then(|s| {
                if !names::PY_KEYWORDS.contains(&s.as_str()) {
                    return Some(s);
                }
                if let Some(n) = f.get(registry::PYTHON_PACKAGE) {
                    refuse_package(self, n, &s);
                }
                None
            });
        let refuse_go_package = |cx: &mut Self, n: &Node, s: &str| {
            cx.err(
                DiagCode::InvalidName,
                n.span,
                &[
                    ("name", s),
                    ("kind", "Go package name"),
                    (
                        "rule",
                        "use lower-case letters and digits, starting with a letter, and no Go keyword",
                    ),
                ],
            );
        };
        let go_package = self
            .declared_text(&f, registry::GO_PACKAGE, refuse_go_package)
            .and_then(|s| {
                if !names::GO_KEYWORDS.contains(&s.as_str()) {
                    return Some(s);
                }
                if let Some(n) = f.get(registry::GO_PACKAGE) {
                    refuse_go_package(self, n, &s);
                }
                None
            });
        let go_module = self.declared_text(&f, registry::GO_MODULE, |cx, n, s| {
            cx.err(
                DiagCode::InvalidName,
                n.span,
                &[
                    ("name", s),
                    ("kind", "Go module path"),
                    (
                        "rule",
                        "use `/`-separated elements of ASCII letters, digits, `-`, `.`, `_` and `~`, none empty or starting or ending with `.`",
                    ),
                ],
            );
        });
        let class = self.class_name(&f, registry::CLASS);
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
        let f = self.fields(
            node,
            registry::WIRE.name(),
            "`registry.wire`",
            registry::WIRE,
        )?;
        let code = self.nullable_text(&f, wire::CODE);
        let message = self.nullable_text(&f, wire::MESSAGE);
        let category = self.nullable_text(&f, wire::CATEGORY);
        let retryable = self.nullable_text(&f, wire::RETRYABLE);
        let details = self.nullable_text(&f, wire::DETAILS);
        let mut ok = true;
        // The keys declared a string, not a string or null, are always on the wire.
        for key in format::WIRE.handles() {
            if matches!(key.ty(), Type::TextOrNull) {
                continue;
            }
            if let Some(n) = f.get(key).filter(|n| matches!(n.kind, Kind::Null)) {
                self.err(
                    DiagCode::BadValue,
                    n.span,
                    &[
                        ("key", key.name()),
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
        for (key, value) in [
            (wire::CODE, &code),
            (wire::MESSAGE, &message),
            (wire::CATEGORY, &category),
            (wire::RETRYABLE, &retryable),
            (wire::DETAILS, &details),
        ] {
            let Some(v) = value else { continue };
            let field = key.name();
            let span = f.get(key).map_or(node.span, |n| n.span);
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
        let Some(entries) = self.entries(node, top::CATEGORIES.name(), "a mapping of categories")
        else {
            return Vec::new();
        };
        let mut out: Vec<(Category, Span)> = Vec::new();
        for (key, knode, v) in entries {
            if !top::CATEGORIES.accepts_name(key) {
                self.err(DiagCode::InvalidName, knode.span, &[("name", key), ("kind", "category key"), ("rule", "a category key is its wire value: letters, digits and `_`, starting with a letter")]);
                continue;
            }
            let what = format!("category `{key}`");
            let Some(f) = self.fields_at(v, key, &what, top::CATEGORIES, knode.span) else {
                continue;
            };
            let summary = self.optional_text(&f, category::SUMMARY);
            let title = self.optional_text(&f, category::TITLE);
            let facts = self.facts(&f, category::FACTS);
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
        let Some(entries) = self.entries(node, top::NAMESPACES.name(), "a mapping of namespaces")
        else {
            return Vec::new();
        };
        let mut out: Vec<(Namespace, Span)> = Vec::new();
        for (key, knode, v) in entries {
            if !top::NAMESPACES.accepts_name(key) {
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
                self.fields(v, key, &what, top::NAMESPACES)
            };
            let (title, summary, code_prefix, class, category) = match &f {
                Some(f) => (
                    self.optional_text(f, namespace::TITLE),
                    self.optional_text(f, namespace::SUMMARY),
                    self.optional_text(f, namespace::CODE_PREFIX),
                    self.class_name(f, namespace::CLASS),
                    self.category_ref(f, namespace::CATEGORY, categories),
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
        let Some(entries) = self.entries(node, top::RETIRED.name(), "a mapping of retired codes")
        else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (code, knode, v) in entries {
            let what = format!("retired code `{code}`");
            let (name, since, note, replaced_by) = if matches!(v.kind, Kind::Null) {
                (None, None, None, None)
            } else if let Some(f) = self.fields(v, code, &what, top::RETIRED) {
                (
                    self.declared_text(&f, retired::NAME, |cx, n, s| {
                        cx.err(
                            DiagCode::InvalidName,
                            n.span,
                            &[
                                ("name", s),
                                ("kind", "name of a retired code"),
                                ("rule", NAME_RULE),
                            ],
                        );
                    }),
                    self.optional_text(&f, retired::SINCE),
                    self.optional_text(&f, retired::NOTE),
                    // Not checked against the NAME pattern here: only a live entry's NAME
                    // resolves, and one that does not is EDX0303.
                    f.get(retired::REPLACED_BY).and_then(|r| {
                        self.text(r, retired::REPLACED_BY.name())
                            .map(|s| (s, r.span))
                    }),
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
        let mut package = defaults::package();
        let Some(node) = node else {
            return package;
        };
        let Some(f) = self.fields(node, top::PACKAGE.name(), "`package`", top::PACKAGE) else {
            return package;
        };
        if let Some(version) = self.declared_text(&f, package::VERSION, |cx, n, version| {
            cx.err(
                DiagCode::BadValue,
                n.span,
                &[
                    ("key", package::VERSION.name()),
                    ("found", &format!("\"{version}\"")),
                    ("expected", "a package version is MAJOR.MINOR.PATCH (semantic versioning), e.g. 1.0.0 or 2.0.0-rc.1"),
                ],
            );
        }) {
            package.version = version;
        }
        package.license = self.optional_nonempty(&f, package::LICENSE);
        package.repository = self
            .declared_text(&f, package::REPOSITORY, |cx, n, url| {
                cx.absolute_url(n, url);
            })
            .filter(|url| {
                f.get(package::REPOSITORY)
                    .is_some_and(|n| self.absolute_url(n, url))
            });
        if let Some(keywords) = self.nonempty_list(&f, package::KEYWORDS) {
            package.keywords = keywords.into_iter().map(|(k, _)| k).collect();
        }
        package.schema_url = self
            .declared_text(&f, package::SCHEMA_URL, |cx, n, url| {
                cx.absolute_url(n, url);
            })
            .and_then(|url| {
                let n = f.get(package::SCHEMA_URL)?;
                if !self.absolute_url(n, &url) {
                    return None;
                }
                if !url.ends_with('/') {
                    self.err(
                        DiagCode::BadValue,
                        n.span,
                        &[
                            ("key", package::SCHEMA_URL.name()),
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

    /// A non-empty string key (EDX0106 when empty or blank: leave the key out instead).
    pub(super) fn optional_nonempty(&mut self, f: &Fields, key: KeyRef) -> Option<String> {
        let refuse = |cx: &mut Self, n: &Node, _: &str| {
            cx.err(
                DiagCode::BadValue,
                n.span,
                &[
                    ("key", key.name()),
                    ("found", "empty"),
                    ("expected", "leave the key out instead"),
                ],
            );
        };
        let text = self.declared_text(f, key, refuse)?;
        if text.trim().is_empty() {
            if let Some(n) = f.get(key) {
                refuse(self, n, &text);
            }
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
        let Some(f) =
            node.and_then(|node| self.fields(node, top::RUST.name(), "`rust`", top::RUST))
        else {
            return defaults::rust_items();
        };
        let mut items = RustItems {
            constructors: self.bool_or_default(&f, rust::CONSTRUCTORS),
            namespace_enums: self.bool_or_default(&f, rust::NAMESPACE_ENUMS),
            integrations: Vec::new(),
        };
        // A word the declaration does not list is EDX0107, with its own message.
        let listed = self.list(&f, rust::INTEGRATIONS, |cx, span, word| {
            let d = cx.err(
                DiagCode::UnknownIntegration,
                span,
                &[
                    ("name", word),
                    ("known", &rust::INTEGRATIONS.words().join(", ")),
                ],
            );
            d.help = did_you_mean(word, rust::INTEGRATIONS.words().iter().copied());
        });
        for (word, span) in listed.unwrap_or_default() {
            let Some(i) = RustIntegration::ALL
                .into_iter()
                .find(|i| i.as_str() == word)
            else {
                continue;
            };
            if items.integrations.contains(&i) {
                self.err(
                    DiagCode::BadValue,
                    span,
                    &[
                        ("key", rust::INTEGRATIONS.name()),
                        ("found", &format!("`{word}` twice")),
                        ("expected", "each integration once"),
                    ],
                );
            } else {
                items.integrations.push(i);
            }
        }
        items
    }

    /// The `go:` section: which per-code items the Go package declares.
    pub(super) fn go_items(&mut self, node: Option<&Node>) -> GoItems {
        let Some(f) = node.and_then(|node| self.fields(node, top::GO.name(), "`go`", top::GO))
        else {
            return defaults::go_items();
        };
        GoItems {
            constructors: self.bool_or_default(&f, go::CONSTRUCTORS),
        }
    }

    /// The `outputs:` section: relative paths that stay inside the catalogue's folder.
    pub(super) fn outputs(&mut self, node: Option<&Node>) -> OutputPaths {
        let mut out = OutputPaths::default();
        let Some(node) = node else {
            return out;
        };
        let Some(f) = self.fields(node, top::OUTPUTS.name(), "`outputs`", top::OUTPUTS) else {
            return out;
        };
        let path = |cx: &mut Self, key: KeyRef| {
            let n = f.get(key)?;
            let text = cx.text(n, key.name())?;
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
                        ("key", key.name()),
                        ("found", &format!("\"{text}\"")),
                        ("expected", "an output path is relative to the catalogue's folder and stays inside it (no `..`, not absolute); a command-line flag can point anywhere"),
                    ],
                );
                return None;
            }
            Some(text)
        };
        // One key per target, in the order of `TARGETS` (`format::OUTPUTS`).
        for (key, target) in format::OUTPUTS.handles().zip(&TARGETS) {
            debug_assert_eq!(key.name(), target.output.key);
            if let Some(p) = path(self, key) {
                out.paths.insert(target.id, p);
            }
        }
        if let Some((path, span)) = self.codeowners_path(&f) {
            out.codeowners = Some(path);
            out.codeowners_span = Some(span);
        }
        out
    }

    /// `outputs.codeowners`: a relative path (it may lead out of the catalogue's folder, to
    /// the repository's `.github/`) to a file named `CODEOWNERS`, the only name GitHub and
    /// GitLab read owners from: `CODEOWNERS.txt` would leave the parts without owners,
    /// silently. Where in the repository it sits is checked by `errdex generate`, which
    /// finds the repository.
    fn codeowners_path(&mut self, f: &Fields) -> Option<(String, Span)> {
        let key = outputs::CODEOWNERS;
        let n = f.get(key)?;
        let text = self.text(n, key.name())?;
        let p = std::path::Path::new(&text);
        let expected = if text.trim().is_empty()
            || !p.is_relative()
            || text.starts_with(['/', '\\'])
        {
            "a path relative to the catalogue's folder (`.github/CODEOWNERS`, `../.github/CODEOWNERS`)".to_string()
        } else if p.file_name().is_none_or(|name| name != "CODEOWNERS") {
            format!(
                "the file must be named `CODEOWNERS`, the only name GitHub and GitLab read owners from (`{}`)",
                p.with_file_name("CODEOWNERS").display()
            )
        } else {
            return Some((text, n.span));
        };
        self.err(
            DiagCode::BadValue,
            n.span,
            &[
                ("key", key.name()),
                ("found", &format!("\"{text}\"")),
                ("expected", &expected),
            ],
        );
        None
    }
}
