//! The `registry:` block: names, wire keys, docs URLs.

use super::*;

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
            let moved = self.urls_moved_by_template();
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
            } else if moved > 0 {
                self.push(
                    &s,
                    ChangeKind::DocsUrlTemplateChanged,
                    "registry.docs_url",
                    o.docs_url.clone(),
                    n.docs_url.clone(),
                    format!(
                        "The docs URL of {moved} code(s) changes: links in messages, logs and \
                         problem+json `type` URIs break. Keep the old template, or redirect \
                         every old URL to its new one before changing it."
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

    /// How many matched codes changed their docs URL only because the registry template
    /// changed (see [`Differ::url_by_template`]).
    pub(super) fn urls_moved_by_template(&self) -> usize {
        self.matches()
            .iter()
            .filter(|(o, n, _)| self.moved_by_template(o, n))
            .count()
    }

    /// The URL the registry template (or the no-template default) gives an entry.
    pub(super) fn url_by_template(
        template: Option<&str>,
        cat: &Catalogue,
        e: &ErrorEntry,
    ) -> String {
        names::docs_url(
            template,
            cat.registry.docs_site_url.as_deref(),
            cat.page_slug(e),
            &e.anchor,
            &e.name,
            &cat.category_of(e).key,
        )
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
}
