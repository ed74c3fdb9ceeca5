//! The `registry:` block: names, wire keys, docs URLs.

use super::*;
use crate::support::book;

/// The redirects of `cat`'s book that the loader accepts: source → target.
pub(super) fn redirect_lookup(cat: &Catalogue) -> std::collections::HashMap<String, book::Address> {
    let all = book::redirects(cat);
    let bad: std::collections::HashSet<usize> = book::conflicts(cat, &all)
        .into_iter()
        .map(|(i, _)| i)
        .collect();
    let mut out = std::collections::HashMap::with_capacity(all.len());
    for (i, r) in all.into_iter().enumerate() {
        if !bad.contains(&i) {
            out.entry(r.from).or_insert(r.to);
        }
    }
    out
}

impl<'a> Differ<'a> {
    // ------------------------------------------------------------------ registry

    pub(super) fn registry(&mut self) {
        let (o, n) = (&self.old.registry, &self.new.registry);
        let s = Subject {
            scope: Scope::Registry,
            code: "registry",
            name: None,
        };
        if o.name != n.name {
            self.push(
                &s,
                ChangeKind::PackageNameChanged,
                "registry.name",
                Some(o.name.clone()),
                Some(n.name.clone()),
                format!(
                    "The registry name names the npm package (`{}` → `{}`) and the default crate; \
                     dependents import it by that name. Keep `name: {}`.",
                    o.npm_name, n.npm_name, o.name
                ),
            );
        }
        if o.class != n.class {
            self.push(
                &s,
                ChangeKind::ClassChanged,
                "registry.class",
                Some(o.class.clone()),
                Some(n.class.clone()),
                format!(
                    "The base error class of the TypeScript and Python packages (and the MCP \
                     `error_type` of every code without a class of its own) is renamed: code \
                     that catches `{}` stops compiling or matching. Keep `class: {}` in \
                     `registry:`.",
                    o.class, o.class
                ),
            );
        }
        if o.python_package != n.python_package && o.name == n.name {
            self.push(
                &s,
                ChangeKind::PackageNameChanged,
                "registry.python_package",
                Some(o.python_package.clone()),
                Some(n.python_package.clone()),
                format!(
                    "Python code imports the generated package by this name (`import {}`). \
                     Keep `python_package: {}`.",
                    o.python_package, o.python_package
                ),
            );
        }
        // A renamed registry is reported once, above (as the Python package is).
        if o.name == n.name && o.go_module != n.go_module {
            self.push(
                &s,
                ChangeKind::PackageNameChanged,
                "registry.go_module",
                Some(o.go_module.clone()),
                Some(n.go_module.clone()),
                format!(
                    "Go code imports the generated package by its module path (`import \"{}\"`). \
                     Keep `go_module: {}`.",
                    o.go_module, o.go_module
                ),
            );
        } else if o.name == n.name && o.go_package != n.go_package {
            self.push(
                &s,
                ChangeKind::PackageNameChanged,
                "registry.go_package",
                Some(o.go_package.clone()),
                Some(n.go_package.clone()),
                format!(
                    "Go code names the package (`{}.CodeX`) unless it imports it under its own \
                     name. Keep `go_package: {}`.",
                    o.go_package, o.go_package
                ),
            );
        }
        if o.title != n.title {
            self.push(
                &s,
                ChangeKind::TitleChanged,
                "registry.title",
                Some(o.title.clone()),
                Some(n.title.clone()),
                "",
            );
        }
        if o.code_pattern != n.code_pattern {
            self.push(
                &s,
                ChangeKind::CodePatternChanged,
                "registry.code_pattern",
                o.code_pattern.clone(),
                n.code_pattern.clone(),
                "",
            );
        }
        if o.docs_url != n.docs_url {
            let moved: Vec<_> = self
                .matches()
                .into_iter()
                .filter(|(o, n, _)| self.moved_by_template(o, n))
                .collect();
            let served = moved
                .iter()
                .filter(|(o, n, _)| self.served(&o.docs_url, n))
                .count();
            let moved = moved.len();
            if moved > 0 && o.docs_url.is_none() {
                self.push(
                    &s,
                    ChangeKind::DocsUrlTemplateAdded,
                    "registry.docs_url",
                    None,
                    n.docs_url.clone(),
                    format!(
                        "{moved} code(s) get a published docs URL instead of a link relative to \
                         the generated book."
                    ),
                );
            } else if moved > 0 && served == moved {
                self.push(
                    &s,
                    ChangeKind::DocsUrlRedirected,
                    "registry.docs_url",
                    o.docs_url.clone(),
                    n.docs_url.clone(),
                    format!(
                        "The docs URL of {moved} code(s) changes; the new book still opens each \
                         code at its old address."
                    ),
                );
            } else if moved > 0 {
                self.push(
                    &s,
                    ChangeKind::DocsUrlTemplateChanged,
                    "registry.docs_url",
                    o.docs_url.clone(),
                    n.docs_url.clone(),
                    format!(
                        "The docs URL of {moved} code(s) changes: links in messages, logs and \
                         problem+json `type` URIs break{}. Keep the old template, or redirect \
                         every old URL to its new one (`docs.former_layout`, `docs.moved`).",
                        if served > 0 {
                            format!(" ({served} of them still redirect to their code)")
                        } else {
                            String::new()
                        }
                    ),
                );
            }
        }
        let wo = &o.wire;
        let wn = &n.wire;
        for (field, a, b) in [
            ("wire.code", Some(&wo.code), Some(&wn.code)),
            ("wire.message", Some(&wo.message), Some(&wn.message)),
            ("wire.category", wo.category.as_ref(), wn.category.as_ref()),
            (
                "wire.retryable",
                wo.retryable.as_ref(),
                wn.retryable.as_ref(),
            ),
            ("wire.details", wo.details.as_ref(), wn.details.as_ref()),
        ] {
            if a == b {
                continue;
            }
            let added = a.is_none() && field != "wire.details";
            let (kind, advice) = if added {
                (
                    ChangeKind::WireKeyAdded,
                    "A new key in the wire object; readers ignore keys they do not know."
                        .to_string(),
                )
            } else if field == "wire.details" {
                (
                    ChangeKind::WireKeyChanged,
                    format!(
                        "Params, argument, constraint, suggestion and context move {} in every \
                         wire payload; readers look for them where they were. Keep `{field}: {}`.",
                        match b {
                            Some(k) => format!("under `{k}`"),
                            None => "to the top level".to_string(),
                        },
                        a.map_or("null".to_string(), |k| k.to_string())
                    ),
                )
            } else {
                (
                    ChangeKind::WireKeyChanged,
                    format!(
                        "Every client reads this key of every wire payload. Keep `{field}: {}`.",
                        a.map_or("null".to_string(), |k| k.to_string())
                    ),
                )
            };
            self.push(&s, kind, field, a.cloned(), b.cloned(), advice);
        }
        if o.mcp_meta_prefix != n.mcp_meta_prefix {
            self.push(
                &s,
                ChangeKind::McpMetaPrefixChanged,
                "registry.mcp_meta_prefix",
                Some(o.mcp_meta_prefix.clone()),
                Some(n.mcp_meta_prefix.clone()),
                format!(
                    "Every `_meta` key of MCP tool results is renamed; MCP clients read them by \
                     name. Keep `mcp_meta_prefix: {}`.",
                    if o.mcp_meta_prefix.is_empty() {
                        "(absent)"
                    } else {
                        o.mcp_meta_prefix.as_str()
                    }
                ),
            );
        }
    }

    /// `docs.layout`: a new layout moves the default docs URL of every code that has no
    /// template; breaking unless the new book redirects each old address (e.g. with
    /// `docs.former_layout`).
    pub(super) fn docs_layout(&mut self) {
        let (o, n) = (self.old.docs.layout, self.new.docs.layout);
        if o == n {
            return;
        }
        let moved: Vec<_> = self
            .matches()
            .into_iter()
            .filter(|(a, b, _)| self.moved_by_layout(a, b))
            .collect();
        if moved.is_empty() {
            return;
        }
        let served = moved
            .iter()
            .filter(|(a, b, _)| self.served(&a.docs_url, b))
            .count();
        let s = Subject {
            scope: Scope::Registry,
            code: "registry",
            name: None,
        };
        let count = moved.len();
        if served == count {
            self.push(
                &s,
                ChangeKind::DocsUrlRedirected,
                "docs.layout",
                Some(o.as_str().to_string()),
                Some(n.as_str().to_string()),
                format!(
                    "The docs URL of {count} code(s) changes; the new book still opens each code \
                     at its old address."
                ),
            );
        } else {
            self.push(
                &s,
                ChangeKind::DocsLayoutChanged,
                "docs.layout",
                Some(o.as_str().to_string()),
                Some(n.as_str().to_string()),
                format!(
                    "The docs URL of {count} code(s) changes ({served} still redirect to their \
                     code): links in messages, logs and problem+json `type` URIs break. Add \
                     `former_layout: {}` to `docs:` so every old address redirects to its code.",
                    o.as_str()
                ),
            );
        }
    }

    /// `true` when the docs URL of a matched pair changed only because `docs.layout` did:
    /// both are the default URL, and the old layout gives the new entry the old URL.
    pub(super) fn moved_by_layout(&self, o: &ErrorEntry, n: &ErrorEntry) -> bool {
        let (old, new) = (self.old, self.new);
        old.docs.layout != new.docs.layout
            && o.docs_url != n.docs_url
            && o.docs_url == Self::url_by_template(None, old, o)
            && n.docs_url == Self::url_by_template(None, new, n)
            && names::docs_url(
                None,
                new.registry.docs_site_url.as_deref(),
                old.docs.layout,
                &names::CodeUrl {
                    namespace_slug: new.page_slug(n),
                    anchor: &n.anchor,
                    code: &n.code,
                    name: &n.name,
                    category_key: &new.category_of(n).key,
                },
            ) == o.docs_url
    }

    /// Where the docs URL `url` lands in the new book, when it points into it: the page
    /// (path without `.html`) and the fragment (empty when none).
    fn in_new_book<'u>(&self, url: &'u str) -> Option<(&'u str, &'u str)> {
        match self.new.registry.docs_site_url.as_deref() {
            Some(site) => names::book_target(url, site),
            // A link relative to the book.
            None if !url.contains("://") => {
                let (path, fragment) = url.split_once('#').unwrap_or((url, ""));
                Some((path.strip_suffix(".html").unwrap_or(path), fragment))
            }
            None => None,
        }
    }

    /// Where the new book sends `page#fragment` through its redirects (one hop): the place,
    /// and the fragment kept when a redirect page is opened with one it does not map.
    fn redirected(&self, page: &str, fragment: &str) -> Option<(String, String)> {
        if !fragment.is_empty()
            && let Some(to) = self.redirects.get(&format!("{page}.html#{fragment}"))
        {
            return Some((to.page.clone(), to.fragment.clone().unwrap_or_default()));
        }
        let to = self.redirects.get(&format!("{page}.html"))?;
        let kept = if fragment.is_empty() {
            to.fragment.clone().unwrap_or_default()
        } else {
            fragment.to_string()
        };
        Some((to.page.clone(), kept))
    }

    /// Whether the docs URL `url` (of an old code) opens `n`'s place in the new book: the
    /// new book redirects it there, or it names that place as the code's new URL does (the
    /// same page, spelt another way: `page` and `page.html`). An old URL that still opens
    /// the code while the new one leads out of the book is no address kept: it is a moved
    /// link.
    pub(super) fn served(&self, url: &str, n: &ErrorEntry) -> bool {
        let Some((page, fragment)) = self.in_new_book(url) else {
            return false;
        };
        let lands_at = |u: &str| {
            self.in_new_book(u)
                .is_some_and(|(p, f)| Self::lands_on(self.new, n, p, f))
        };
        if lands_at(url) {
            return lands_at(&n.docs_url);
        }
        self.redirected(page, fragment)
            .is_some_and(|(p, f)| Self::lands_on(self.new, n, &p, &f))
    }

    /// Whether `page#fragment` is `n`'s place in `cat`'s book: its page, and its section
    /// on a page of several codes.
    fn lands_on(cat: &Catalogue, n: &ErrorEntry, page: &str, fragment: &str) -> bool {
        let want = book::address(cat, n);
        page == want.page
            && match &want.fragment {
                Some(f) => fragment == f,
                None => fragment.is_empty() || fragment == n.anchor,
            }
    }

    /// For a code whose docs URL changed: how `docs.moved` would redirect its old address,
    /// when that address is in the book.
    pub(super) fn moved_entry_hint(&self, o: &ErrorEntry, n: &ErrorEntry) -> String {
        match self.in_new_book(&o.docs_url) {
            Some((page, fragment)) => {
                let from = if fragment.is_empty() {
                    format!("{page}.html")
                } else {
                    format!("{page}.html#{fragment}")
                };
                format!(
                    " in the book (`docs: {{moved: {{\"{from}\": {}}}}}`)",
                    n.code
                )
            }
            None => String::new(),
        }
    }

    /// For a retired code: what its old docs address opens in the new book through a
    /// redirect, in words (`None` when nothing redirects it).
    pub(super) fn retired_address(&self, o: &ErrorEntry) -> Option<String> {
        let (page, fragment) = self.in_new_book(&o.docs_url)?;
        let (to, f) = self.redirected(page, fragment)?;
        if to == book::RETIRED_PAGE {
            return Some(format!("its tombstone (`{to}.html#{f}`)"));
        }
        let target = self.new.errors.iter().find(|e| {
            let a = book::address(self.new, e);
            a.page == to && a.fragment.as_deref().is_none_or(|x| x == f)
        })?;
        Some(format!(
            "{} (`{}`)",
            target.code,
            book::address(self.new, target).key()
        ))
    }

    /// The URL the registry template (or the no-template default) gives an entry.
    pub(super) fn url_by_template(
        template: Option<&str>,
        cat: &Catalogue,
        e: &ErrorEntry,
    ) -> String {
        book::templated_docs_url(template, cat, e)
    }

    /// `true` when an entry has no published docs URL: no registry template, no site and no
    /// override, only the default link relative to the generated book.
    pub(super) fn unpublished(cat: &Catalogue, e: &ErrorEntry) -> bool {
        cat.registry.docs_url.is_none()
            && cat.registry.docs_site_url.is_none()
            && e.docs_url == Self::url_by_template(None, cat, e)
    }

    /// `true` when the URL change of a matched pair is explained by the registry template
    /// alone: neither side overrides it, and the old template applied to the new entry
    /// gives the old URL.
    pub(super) fn moved_by_template(&self, o: &ErrorEntry, n: &ErrorEntry) -> bool {
        let ot = self.old.registry.docs_url.as_deref();
        let nt = self.new.registry.docs_url.as_deref();
        ot != nt
            && o.docs_url != n.docs_url
            && o.docs_url == Self::url_by_template(ot, self.old, o)
            && n.docs_url == Self::url_by_template(nt, self.new, n)
            && Self::url_by_template(ot, self.new, n) == o.docs_url
    }

    /// `rust:`: the typed constructors and the namespace sub-enums are API of the crate.
    pub(super) fn rust_items(&mut self) {
        let (o, n) = (&self.old.rust, &self.new.rust);
        let s = Subject {
            scope: Scope::Registry,
            code: "registry",
            name: None,
        };
        let items = [
            (
                "rust.constructors",
                o.constructors,
                n.constructors,
                "Every call of a typed constructor (`Error::<code>(…)`) stops compiling; \
                 `Error::from_named` is what is left. Keep `constructors: true`, or move the \
                 callers first.",
            ),
            (
                "rust.namespace_enums",
                o.namespace_enums,
                n.namespace_enums,
                "Every use of a namespace's sub-enum (`FrmCode`) stops compiling. Keep \
                 `namespace_enums: true`, or move the users to `ErrorCode` first.",
            ),
        ];
        for (field, was, is, advice) in items {
            let kind = match (was, is) {
                (true, false) => ChangeKind::RustItemsRemoved,
                (false, true) => ChangeKind::RustItemsAdded,
                _ => continue,
            };
            let advice = if is {
                "The Rust module declares them again."
            } else {
                advice
            };
            self.push(
                &s,
                kind,
                field,
                Some(was.to_string()),
                Some(is.to_string()),
                advice,
            );
        }
        // A framework integration is an `impl` a handler relies on (`Result<T, Error>` as
        // its return type).
        for integration in crate::ir::RustIntegration::ALL {
            let (was, is) = (
                o.integrations.contains(&integration),
                n.integrations.contains(&integration),
            );
            let (kind, advice) = match (was, is) {
                (true, false) => (
                    ChangeKind::RustItemsRemoved,
                    format!(
                        "Handlers that return `Result<_, Error>` to {} stop compiling. Keep \
                         `{}` in `rust.integrations`, or convert the errors in the handlers first.",
                        integration.as_str(),
                        integration.as_str()
                    ),
                ),
                (false, true) => (
                    ChangeKind::RustItemsAdded,
                    format!(
                        "The crate that includes the module now depends on `{}`.",
                        integration.as_str()
                    ),
                ),
                _ => continue,
            };
            self.push(
                &s,
                kind,
                "rust.integrations",
                was.then(|| integration.as_str().to_string()),
                is.then(|| integration.as_str().to_string()),
                advice,
            );
        }
    }

    // ------------------------------------------------------------------ imports

    /// `imports:`: each import added, removed, or pinned, read or used differently.
    pub(super) fn imports(&mut self) {
        let s = Subject {
            scope: Scope::Registry,
            code: "registry",
            name: None,
        };
        let describe = |i: &crate::ir::Import| {
            format!(
                "{} {} ({}, as {})",
                i.registry,
                i.version,
                i.from,
                i.mode.as_str()
            )
        };
        for o in &self.old.imports {
            let field = format!("imports.{}", o.name);
            match self.new.imports.iter().find(|n| n.name == o.name) {
                None => self.push(
                    &s,
                    ChangeKind::ImportChanged,
                    &field,
                    Some(describe(o)),
                    None,
                    "The import is gone; its codes are reported one by one above.",
                ),
                Some(n) => {
                    let pairs = [
                        ("version", &o.version, &n.version),
                        ("from", &o.from, &n.from),
                        ("registry", &o.registry, &n.registry),
                    ];
                    for (key, was, is) in pairs {
                        if was != is {
                            self.push(
                                &s,
                                ChangeKind::ImportChanged,
                                &format!("{field}.{key}"),
                                Some(was.clone()),
                                Some(is.clone()),
                                "What the upgrade changes in the imported codes is reported code by code.",
                            );
                        }
                    }
                    if o.mode != n.mode {
                        self.push(
                            &s,
                            ChangeKind::ImportChanged,
                            &format!("{field}.as"),
                            Some(o.mode.as_str().into()),
                            Some(n.mode.as_str().into()),
                            "Imported codes generated here (`as: codes`) are this registry's own; referenced ones are not generated: see the codes added or removed.",
                        );
                    }
                }
            }
        }
        for n in &self.new.imports {
            if !self.old.imports.iter().any(|o| o.name == n.name) {
                self.push(
                    &s,
                    ChangeKind::ImportChanged,
                    &format!("imports.{}", n.name),
                    None,
                    Some(describe(n)),
                    String::new(),
                );
            }
        }
    }

    /// `go:`: the typed constructors are API of the package.
    pub(super) fn go_items(&mut self) {
        let (was, is) = (self.old.go.constructors, self.new.go.constructors);
        let (kind, advice) = match (was, is) {
            (true, false) => (
                ChangeKind::GoItemsRemoved,
                "Every call of a typed constructor (`NewFrmValidation(…)`) stops compiling; \
                 `New(CodeFrmValidation, …)` is what is left. Keep `constructors: true`, or \
                 move the callers first.",
            ),
            (false, true) => (
                ChangeKind::GoItemsAdded,
                "The Go package declares them again.",
            ),
            _ => return,
        };
        let s = Subject {
            scope: Scope::Registry,
            code: "registry",
            name: None,
        };
        self.push(
            &s,
            kind,
            "go.constructors",
            Some(was.to_string()),
            Some(is.to_string()),
            advice,
        );
    }
}
