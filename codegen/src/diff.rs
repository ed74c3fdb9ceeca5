//! `errdex diff`: every change between two catalogue versions, classified as breaking or
//! compatible.
//!
//! Error codes are a public contract: clients match on codes, scripts on exit codes, agents
//! on retryability, links on docs URLs, Rust and TypeScript code on generated identifiers.
//! [`diff`] compares two validated catalogues (the IR, so every category default is already
//! applied: a changed category default shows up on every code that inherits it) and returns
//! one [`Finding`] per changed fact. Whether a finding is breaking depends only on its
//! [`ChangeKind`] ([`ChangeKind::is_breaking`]).
//!
//! # How entries are matched
//!
//! An old entry is matched to a new one, in this order, among new entries not matched yet:
//! 1. the same NAME;
//! 2. a new entry that lists the old NAME among its `aliases` (a rename);
//! 3. the same wire code (a rename);
//! 4. a new entry that lists the old code among its `legacy_codes` (a rename and a new code).
//!
//! An old entry left unmatched was retired (its code is in the new `retired:` list:
//! compatible) or removed (breaking). A new entry left unmatched is a new code (compatible),
//! unless its code was retired in the old catalogue (breaking: codes are never reused).
//!
//! # Choices (where `docs/catalogue.md` is silent)
//!
//! - **Renames are breaking, even when the old NAME is kept as an alias.** Aliases make the
//!   old NAME parse (`FromStr`, `errdex explain`, TypeScript lookups), but no target
//!   generates identifiers for aliases: `ErrorCode::OldName`, `Error::old_name(..)` and
//!   TypeScript's `ErrorCode.OLD_NAME` disappear, so code that names them stops compiling.
//!   The advice says so; the compatible way is to keep the NAME and add the new spelling as
//!   an alias.
//! - **A changed code is breaking even when the old code is kept in `legacy_codes`**: legacy
//!   codes let new readers parse old payloads, but old clients still see a code they do not
//!   know.
//! - **Docs URLs are contract** (they are problem+json `type` URIs and the links in every
//!   message): a per-code URL change is breaking; a change of the registry's `docs_url`
//!   template is reported once at registry level (breaking, with the number of codes whose
//!   URL it changes) instead of once per code. Publishing URLs for the first time is
//!   compatible: a registry that had no template (codes linked relative to the generated
//!   book, `frm.html#acm-frm-001`) gaining one, or such a code gaining an absolute
//!   per-code `docs_url`. Dropping the template again is breaking.
//! - **Wire keys**: renaming the code or message key, removing or renaming the category or
//!   retryable key, and any change of the details key (extras move) are breaking. Adding a
//!   category or retryable key to a wire object that had none is compatible (readers ignore
//!   keys they do not know).
//! - **Registry name** names the npm package (`<name>-errors`) and the default crate name:
//!   breaking. `mcp_meta_prefix` renames every MCP `_meta` key: breaking.
//! - **Profiles** (`profiles:`): the keys agents read are contract. Removing or renaming a
//!   key of the MCP tool-error facts or of the JSON-RPC `data`, giving a key another fact,
//!   moving the facts (`_meta` → `errorData`, another prefix, JSON-RPC `data` from the wire
//!   object to chosen facts) are breaking; a new key is compatible. The texts
//!   (`content[0].text`, the JSON-RPC `message`, the terminal form's value style) are for
//!   humans: compatible, reported. Key order is not compared (JSON objects are unordered).
//! - **Categories and namespaces**: removing one is breaking (`Category::X` /
//!   `Namespace::X` disappear; clients classify codes they do not know by the category on
//!   the wire). A category's own retryable flag, exit code, HTTP status and JSON-RPC code
//!   are contract too (they classify unknown codes), so changing them is breaking at
//!   category level as well as on each code that inherits them.
//! - **Compatible, but reported**: a changed `expected` flag (it changes the log level, not
//!   what a client sees), retry advice, text (summary, message template wording,
//!   suggestion, explanation, titles), `since`, deprecations, new aliases and legacy codes,
//!   `code_pattern` and namespace `code_prefix` (validation rules only), retiring a live
//!   code (moving it to `retired:` is the compatible way to remove it; the advice
//!   recommends deprecating first so the compiler warns users), a new tombstone.
//! - **Tombstones**: removing a code from `retired:` is breaking (the tombstone is what stops
//!   the code from being reused); using it again is reported as a reused retired code.
//! - A message template whose placeholders change is a text edit; the param list itself
//!   (names, types, order: the Rust constructor's signature and the wire keys) is what is
//!   compared as contract.

use std::fmt::Write as _;

use crate::ir::{
    Catalogue, Category, ErrorEntry, JsonRpcData, Namespace, Param, ProfileField, Retry,
};
use crate::names;
use crate::support::facts;
use crate::support::text::escape_controls_in_line;

/// What a finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scope {
    /// The `registry:` block (wire keys, docs URL template, names).
    Registry,
    /// One category, named by its key.
    Category,
    /// One namespace, named by its key.
    Namespace,
    /// One live error code (or one that was live in the old catalogue).
    Code,
    /// One tombstone of `retired:`.
    Retired,
}

impl Scope {
    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Registry => "registry",
            Scope::Category => "category",
            Scope::Namespace => "namespace",
            Scope::Code => "code",
            Scope::Retired => "retired",
        }
    }
}

macro_rules! change_kinds {
    ($( $(#[$doc:meta])* $variant:ident = $id:literal, $breaking:literal; )*) => {
        /// Every kind of change `errdex diff` reports. The id (`as_str`) is stable: tools
        /// and the test corpus match on it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ChangeKind {
            $( $(#[$doc])* $variant, )*
        }

        impl ChangeKind {
            /// Every kind, breaking ones first.
            pub const ALL: &'static [ChangeKind] = &[$(ChangeKind::$variant),*];

            /// The stable kebab-case id, e.g. `category-changed`.
            pub fn as_str(self) -> &'static str {
                match self { $(ChangeKind::$variant => $id,)* }
            }

            /// Whether a change of this kind breaks clients of the old catalogue.
            pub fn is_breaking(self) -> bool {
                match self { $(ChangeKind::$variant => $breaking,)* }
            }

            /// Parses an id back (`None` for an unknown id).
            pub fn from_id(id: &str) -> Option<ChangeKind> {
                match id { $($id => Some(ChangeKind::$variant),)* _ => None }
            }
        }
    };
}

change_kinds! {
    // ---- breaking
    /// A live code disappeared without being moved to `retired:`.
    CodeRemoved = "code-removed", true;
    /// A code retired in the old catalogue is used again (as a code or legacy code).
    RetiredCodeReused = "retired-code-reused", true;
    /// A tombstone was dropped from `retired:` (the code could be reused later).
    TombstoneRemoved = "tombstone-removed", true;
    /// The wire code of a NAME changed.
    CodeChanged = "code-changed", true;
    /// The NAME changed: Rust and TypeScript identifiers change.
    Renamed = "renamed", true;
    /// The NAME kept, but a generated identifier changed (naming rules changed).
    IdentifierChanged = "identifier-changed", true;
    /// The code's category changed.
    CategoryChanged = "category-changed", true;
    /// The retryable flag changed (of a code, or of a category).
    RetryableChanged = "retryable-changed", true;
    /// The exit code changed.
    ExitCodeChanged = "exit-code-changed", true;
    /// The HTTP status changed.
    HttpStatusChanged = "http-status-changed", true;
    /// The JSON-RPC error code changed.
    JsonrpcCodeChanged = "jsonrpc-code-changed", true;
    /// A param was added (the Rust constructor's signature changes).
    ParamAdded = "param-added", true;
    /// A param was removed.
    ParamRemoved = "param-removed", true;
    /// A param's type changed.
    ParamRetyped = "param-retyped", true;
    /// The params were reordered (positional constructor arguments).
    ParamsReordered = "params-reordered", true;
    /// An object param's JSON Schema changed: its generated TypeScript and Python types, and
    /// the wire schema, change with it.
    ParamSchemaChanged = "param-schema-changed", true;
    /// The code moved to another namespace.
    NamespaceChanged = "namespace-changed", true;
    /// The code's resolved docs URL changed.
    DocsUrlChanged = "docs-url-changed", true;
    /// An alias (another NAME) was removed.
    AliasRemoved = "alias-removed", true;
    /// A legacy code was removed.
    LegacyCodeRemoved = "legacy-code-removed", true;
    /// A category was removed (or renamed: its key is its wire value).
    CategoryRemoved = "category-removed", true;
    /// A namespace was removed (or renamed).
    NamespaceRemoved = "namespace-removed", true;
    /// The registry name changed: npm package and default crate names change.
    PackageNameChanged = "package-name-changed", true;
    /// The registry's docs URL template changed the URL of existing codes.
    DocsUrlTemplateChanged = "docs-url-template-changed", true;
    /// A key of the wire object was renamed or removed, or extras moved.
    WireKeyChanged = "wire-key-changed", true;
    /// The MCP `_meta` key prefix changed.
    McpMetaPrefixChanged = "mcp-meta-prefix-changed", true;
    /// A key of the MCP tool-error facts or of the JSON-RPC error's `data` is gone (removed
    /// or renamed): agents that repair calls from it stop finding it.
    ProfileFieldRemoved = "profile-field-removed", true;
    /// A key of the MCP tool-error facts or of the JSON-RPC `data` now carries another fact.
    ProfileFieldChanged = "profile-field-changed", true;
    /// The facts moved: another MCP result member (`_meta`, `structuredContent`,
    /// `errorData`), another key prefix, or a JSON-RPC `data` of another kind (the wire
    /// object, chosen facts, none).
    ProfileShapeChanged = "profile-shape-changed", true;
    // ---- compatible
    /// A new code.
    CodeAdded = "code-added", false;
    /// A live code moved to `retired:`.
    CodeRetired = "code-retired", false;
    /// A new tombstone for a code that was not live.
    TombstoneAdded = "tombstone-added", false;
    /// A new category.
    CategoryAdded = "category-added", false;
    /// A new namespace.
    NamespaceAdded = "namespace-added", false;
    /// A code was deprecated.
    Deprecated = "deprecated", false;
    /// A deprecation was lifted.
    Undeprecated = "undeprecated", false;
    /// The deprecation's note, version or replacement changed.
    DeprecationChanged = "deprecation-changed", false;
    /// A new alias.
    AliasAdded = "alias-added", false;
    /// A new legacy code.
    LegacyCodeAdded = "legacy-code-added", false;
    /// A summary changed.
    SummaryChanged = "summary-changed", false;
    /// The wording of a message template changed.
    MessageChanged = "message-changed", false;
    /// A suggestion was added, changed or removed.
    SuggestionChanged = "suggestion-changed", false;
    /// The explanation changed.
    ExplanationChanged = "explanation-changed", false;
    /// `since` changed.
    SinceChanged = "since-changed", false;
    /// A title changed (registry, category or namespace).
    TitleChanged = "title-changed", false;
    /// A param's `example` changed (docs and example payloads only).
    ParamExampleChanged = "param-example-changed", false;
    /// The `expected` flag changed: the log level (WARN / ERROR), not the client contract.
    LogLevelChanged = "log-level-changed", false;
    /// Retry advice (attempts, backoff, text) changed.
    RetryAdviceChanged = "retry-advice-changed", false;
    /// `registry.code_pattern` changed (a validation rule).
    CodePatternChanged = "code-pattern-changed", false;
    /// A namespace's `code_prefix` changed (a validation rule).
    CodePrefixChanged = "code-prefix-changed", false;
    /// A docs URL template where the registry had none: codes get published URLs
    /// instead of links relative to the generated book.
    DocsUrlTemplateAdded = "docs-url-template-added", false;
    /// A code that had only the in-book relative link gets a published docs URL.
    DocsUrlAdded = "docs-url-added", false;
    /// A category or retryable key was added to the wire object.
    WireKeyAdded = "wire-key-added", false;
    /// A tombstone's note, name, version or replacement changed.
    TombstoneChanged = "tombstone-changed", false;
    /// A new key in the MCP tool-error facts or the JSON-RPC `data`.
    ProfileFieldAdded = "profile-field-added", false;
    /// A text for humans changed its form: the MCP result's `content[0].text`, the JSON-RPC
    /// `message`, or how the terminal form prints values.
    ProfileTextChanged = "profile-text-changed", false;
}

/// One changed fact.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub kind: ChangeKind,
    /// `kind.is_breaking()`, kept as a field for consumers.
    pub breaking: bool,
    pub scope: Scope,
    /// The subject: the wire code (old one for entries that existed before) for
    /// [`Scope::Code`] and [`Scope::Retired`], the key for categories and namespaces,
    /// `registry` for the registry.
    pub code: String,
    /// The entry's NAME (old NAME for entries that existed before), when there is one.
    pub name: Option<String>,
    /// The catalogue field, e.g. `category`, `params.limit`, `wire.code`.
    pub field: String,
    pub old: Option<String>,
    pub new: Option<String>,
    /// How to make the change compatible (breaking findings), or a note (may be empty).
    pub advice: String,
}

impl Finding {
    /// The JSON object `errdex diff --format json` prints for this finding.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "kind": self.kind.as_str(),
            "breaking": self.breaking,
            "scope": self.scope.as_str(),
            "code": self.code,
            "name": self.name,
            "field": self.field,
            "old": self.old,
            "new": self.new,
            "advice": self.advice,
        })
    }
}

/// Every change from `old` to `new`, in a stable order: registry, categories, namespaces,
/// codes (old catalogue order, then new codes), tombstones.
pub fn diff(old: &Catalogue, new: &Catalogue) -> Vec<Finding> {
    let mut d = Differ {
        old,
        new,
        out: Vec::new(),
    };
    d.registry();
    d.categories();
    d.namespaces();
    d.entries();
    d.retired();
    d.profiles();
    d.out
}

/// Findings reordered for reading: grouped by subject (scope + code), groups with a
/// breaking finding first, breaking findings first inside each group; otherwise the order
/// of [`diff`].
pub fn grouped(findings: &[Finding]) -> Vec<Vec<&Finding>> {
    let mut groups: Vec<Vec<&Finding>> = Vec::new();
    for f in findings {
        match groups
            .iter_mut()
            .find(|g| g[0].scope == f.scope && g[0].code == f.code)
        {
            Some(g) => g.push(f),
            None => groups.push(vec![f]),
        }
    }
    for g in &mut groups {
        g.sort_by_key(|f| !f.breaking);
    }
    groups.sort_by_key(|g| !g.iter().any(|f| f.breaking));
    groups
}

/// The human report: one block per subject, breaking first, then a summary line.
/// Catalogue text is printed with control and bidi characters escaped.
pub fn render_human(findings: &[Finding], old_name: &str, new_name: &str) -> String {
    let mut s = String::new();
    for group in grouped(findings) {
        let head = group[0];
        let _ = match (&head.scope, &head.name) {
            (Scope::Registry, _) => writeln!(s, "registry"),
            (scope, Some(name)) => writeln!(
                s,
                "{} {} ({})",
                scope.as_str(),
                escape_controls_in_line(&head.code, 200),
                escape_controls_in_line(name, 200)
            ),
            (scope, None) => writeln!(
                s,
                "{} {}",
                scope.as_str(),
                escape_controls_in_line(&head.code, 200)
            ),
        };
        for f in group {
            let tag = if f.breaking {
                "BREAKING  "
            } else {
                "compatible"
            };
            let change = match (&f.old, &f.new) {
                (Some(o), Some(n)) => format!("{} → {}", show(o), show(n)),
                (None, Some(n)) => format!("(none) → {}", show(n)),
                (Some(o), None) => format!("{} → (none)", show(o)),
                (None, None) => String::new(),
            };
            let _ = writeln!(
                s,
                "  {tag} {}: {}: {change}",
                f.kind.as_str(),
                escape_controls_in_line(&f.field, 200)
            );
            if !f.advice.is_empty() {
                let label = if f.breaking { "fix" } else { "note" };
                let _ = writeln!(
                    s,
                    "             {label}: {}",
                    escape_controls_in_line(&f.advice, 2000)
                );
            }
        }
        s.push('\n');
    }
    let breaking = findings.iter().filter(|f| f.breaking).count();
    let _ = writeln!(
        s,
        "{breaking} breaking, {} compatible change(s) between {} and {}",
        findings.len() - breaking,
        escape_controls_in_line(old_name, 500),
        escape_controls_in_line(new_name, 500)
    );
    s
}

/// The JSON report of `errdex diff --format json`.
pub fn to_json(findings: &[Finding], old_name: &str, new_name: &str) -> serde_json::Value {
    let breaking = findings.iter().filter(|f| f.breaking).count();
    let items: Vec<_> = grouped(findings)
        .into_iter()
        .flatten()
        .map(Finding::to_json)
        .collect();
    serde_json::json!({
        "old": old_name,
        "new": new_name,
        "breaking": breaking,
        "compatible": findings.len() - breaking,
        "findings": items,
    })
}

/// A value for one line of the human report: quoted when it has spaces or is empty,
/// shortened, control characters escaped.
fn show(v: &str) -> String {
    let c = escape_controls_in_line(v, 120);
    if c.is_empty() || c.contains(char::is_whitespace) {
        format!("\"{c}\"")
    } else {
        c
    }
}

struct Differ<'a> {
    old: &'a Catalogue,
    new: &'a Catalogue,
    out: Vec<Finding>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Matched {
    Name,
    Alias,
    Code,
    Legacy,
}

/// Subject of the findings being pushed.
struct Subject<'s> {
    scope: Scope,
    code: &'s str,
    name: Option<&'s str>,
}

/// A retry advice in errdex's words, the catalogue's advice quoted.
fn retry_text(r: &Option<Retry>) -> Option<String> {
    let r = r.as_ref()?;
    Some(facts::retry_text(&facts::retry_limits(r), r.advice.as_deref(), |a| format!("{a:?}")))
}

/// The `expected` flag and the log level it means.
fn log_level(expected: bool) -> String {
    format!("{expected}: {}", facts::log_level_text(expected))
}

fn signature(e: &ErrorEntry) -> String {
    let params: Vec<String> = e.params.iter().map(param_text).collect();
    format!("Error::{}({})", e.rust_fn, params.join(", "))
}

fn compact_json(v: &serde_json::Value) -> String {
    v.to_string()
}

fn param_text(p: &Param) -> String {
    format!("{}: {}", p.name, p.ty.describe())
}

impl<'a> Differ<'a> {
    fn push(
        &mut self,
        subject: &Subject<'_>,
        kind: ChangeKind,
        field: &str,
        old: Option<String>,
        new: Option<String>,
        advice: impl Into<String>,
    ) {
        self.out.push(Finding {
            kind,
            breaking: kind.is_breaking(),
            scope: subject.scope,
            code: subject.code.to_string(),
            name: subject.name.map(str::to_string),
            field: field.to_string(),
            old,
            new,
            advice: advice.into(),
        });
    }

    /// A finding without advice when a text field differs (`None`: the field is absent).
    fn text_changed(
        &mut self,
        subject: &Subject<'_>,
        kind: ChangeKind,
        field: &str,
        old: Option<&str>,
        new: Option<&str>,
    ) {
        if old != new {
            self.push(
                subject,
                kind,
                field,
                old.map(str::to_string),
                new.map(str::to_string),
                "",
            );
        }
    }

    // ------------------------------------------------------------------ registry

    fn registry(&mut self) {
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
    fn urls_moved_by_template(&self) -> usize {
        self.matches()
            .iter()
            .filter(|(o, n, _)| self.moved_by_template(o, n))
            .count()
    }

    /// The URL the registry template (or the no-template default) gives an entry.
    fn url_by_template(template: Option<&str>, cat: &Catalogue, e: &ErrorEntry) -> String {
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
    fn unpublished(cat: &Catalogue, e: &ErrorEntry) -> bool {
        cat.registry.docs_url.is_none()
            && cat.registry.docs_site_url.is_none()
            && e.docs_url == Self::url_by_template(None, cat, e)
    }

    /// `true` when the URL change of a matched pair is explained by the registry template
    /// alone: neither side overrides it, and the old template applied to the new entry
    /// gives the old URL.
    fn moved_by_template(&self, o: &ErrorEntry, n: &ErrorEntry) -> bool {
        let ot = self.old.registry.docs_url.as_deref();
        let nt = self.new.registry.docs_url.as_deref();
        ot != nt
            && o.docs_url != n.docs_url
            && o.docs_url == Self::url_by_template(ot, self.old, o)
            && n.docs_url == Self::url_by_template(nt, self.new, n)
            && Self::url_by_template(ot, self.new, n) == o.docs_url
    }

    // ---------------------------------------------------------------- categories

    fn categories(&mut self) {
        let old = self.old;
        let new = self.new;
        for oc in &old.categories {
            let s = Subject {
                scope: Scope::Category,
                code: &oc.key,
                name: None,
            };
            match new.categories.iter().find(|c| c.key == oc.key) {
                None => {
                    let users = old
                        .errors
                        .iter()
                        .filter(|e| old.category_of(e).key == oc.key)
                        .count();
                    self.push(
                        &s,
                        ChangeKind::CategoryRemoved,
                        "categories",
                        Some(oc.key.clone()),
                        None,
                        format!(
                            "The key is the wire value: `Category::{}` and the TypeScript \
                             \"{}\" disappear, and clients that classify codes by category \
                             ({users} code(s) used it) lose it. Keep the category, even if no \
                             code uses it any more.",
                            oc.rust_variant, oc.key
                        ),
                    );
                }
                Some(nc) => self.category_pair(&s, oc, nc),
            }
        }
        for nc in &new.categories {
            if !old.categories.iter().any(|c| c.key == nc.key) {
                let s = Subject {
                    scope: Scope::Category,
                    code: &nc.key,
                    name: None,
                };
                self.push(
                    &s,
                    ChangeKind::CategoryAdded,
                    "categories",
                    None,
                    Some(nc.key.clone()),
                    "",
                );
            }
        }
    }

    /// The mapping fields a category and a code share; `advice(field, old value)` says how
    /// to make a change of a contract field compatible.
    fn mappings(
        &mut self,
        s: &Subject<'_>,
        o: &Mapping<'_>,
        n: &Mapping<'_>,
        advice: &dyn Fn(&str, String) -> String,
    ) {
        if o.retryable != n.retryable {
            self.push(
                s,
                ChangeKind::RetryableChanged,
                "retryable",
                Some(o.retryable.to_string()),
                Some(n.retryable.to_string()),
                advice("retryable", o.retryable.to_string()),
            );
        }
        if o.exit_code != n.exit_code {
            self.push(
                s,
                ChangeKind::ExitCodeChanged,
                "exit_code",
                Some(o.exit_code.to_string()),
                Some(n.exit_code.to_string()),
                advice("exit_code", o.exit_code.to_string()),
            );
        }
        if o.http_status != n.http_status {
            self.push(
                s,
                ChangeKind::HttpStatusChanged,
                "http_status",
                Some(o.http_status.to_string()),
                Some(n.http_status.to_string()),
                advice("http_status", o.http_status.to_string()),
            );
        }
        if o.jsonrpc_code != n.jsonrpc_code {
            self.push(
                s,
                ChangeKind::JsonrpcCodeChanged,
                "jsonrpc_code",
                Some(o.jsonrpc_code.to_string()),
                Some(n.jsonrpc_code.to_string()),
                advice("jsonrpc_code", o.jsonrpc_code.to_string()),
            );
        }
        if o.expected != n.expected {
            self.push(
                s,
                ChangeKind::LogLevelChanged,
                "expected",
                Some(log_level(o.expected)),
                Some(log_level(n.expected)),
                "",
            );
        }
        if o.retry != n.retry {
            self.push(
                s,
                ChangeKind::RetryAdviceChanged,
                "retry",
                retry_text(o.retry),
                retry_text(n.retry),
                "",
            );
        }
    }

    fn category_pair(&mut self, s: &Subject<'_>, o: &Category, n: &Category) {
        let keep = |field: &str, v: String| {
            format!(
                "Clients classify codes they do not know by their category's mapping, and \
                 every code that inherits it changes too. Keep `{field}: {v}` on the category; \
                 give individual codes a per-code override instead."
            )
        };
        self.mappings(s, &Mapping::of_category(o), &Mapping::of_category(n), &keep);
        self.text_changed(
            s,
            ChangeKind::SummaryChanged,
            "summary",
            Some(o.summary.as_str()),
            Some(n.summary.as_str()),
        );
        self.text_changed(
            s,
            ChangeKind::TitleChanged,
            "title",
            Some(o.title.as_str()),
            Some(n.title.as_str()),
        );
        if o.rust_variant != n.rust_variant {
            self.push(
                s,
                ChangeKind::IdentifierChanged,
                "rust_variant",
                Some(format!("Category::{}", o.rust_variant)),
                Some(format!("Category::{}", n.rust_variant)),
                "The generated Rust identifier changed although the key did not (a change \
                 of errdex's naming rules); code that names it stops compiling.",
            );
        }
    }

    // ---------------------------------------------------------------- namespaces

    fn namespaces(&mut self) {
        let old = self.old;
        let new = self.new;
        for on in &old.namespaces {
            let s = Subject {
                scope: Scope::Namespace,
                code: &on.key,
                name: None,
            };
            match new.namespaces.iter().find(|x| x.key == on.key) {
                None => self.push(
                    &s,
                    ChangeKind::NamespaceRemoved,
                    "namespaces",
                    Some(on.key.clone()),
                    None,
                    format!(
                        "`Namespace::{}` and the docs page `{}.md` disappear (every docs URL \
                         on it breaks). Keep the namespace.",
                        on.rust_variant, on.slug
                    ),
                ),
                Some(nn) => self.namespace_pair(&s, on, nn),
            }
        }
        for nn in &new.namespaces {
            if !old.namespaces.iter().any(|x| x.key == nn.key) {
                let s = Subject {
                    scope: Scope::Namespace,
                    code: &nn.key,
                    name: None,
                };
                self.push(
                    &s,
                    ChangeKind::NamespaceAdded,
                    "namespaces",
                    None,
                    Some(nn.key.clone()),
                    "",
                );
            }
        }
    }

    fn namespace_pair(&mut self, s: &Subject<'_>, o: &Namespace, n: &Namespace) {
        self.text_changed(
            s,
            ChangeKind::TitleChanged,
            "title",
            Some(o.title.as_str()),
            Some(n.title.as_str()),
        );
        self.text_changed(
            s,
            ChangeKind::SummaryChanged,
            "summary",
            o.summary.as_deref(),
            n.summary.as_deref(),
        );
        self.text_changed(
            s,
            ChangeKind::CodePrefixChanged,
            "code_prefix",
            o.code_prefix.as_deref(),
            n.code_prefix.as_deref(),
        );
        if o.rust_variant != n.rust_variant {
            self.push(
                s,
                ChangeKind::IdentifierChanged,
                "rust_variant",
                Some(format!("Namespace::{}", o.rust_variant)),
                Some(format!("Namespace::{}", n.rust_variant)),
                "The generated Rust identifier changed although the key did not (a change \
                 of errdex's naming rules); code that names it stops compiling.",
            );
        }
    }

    // ------------------------------------------------------------------- entries

    /// Old entries matched to new ones (see the module docs), in old catalogue order.
    fn matches(&self) -> Vec<(&'a ErrorEntry, &'a ErrorEntry, Matched)> {
        let old = &self.old.errors;
        let new = &self.new.errors;
        let mut old_to_new: Vec<Option<(usize, Matched)>> = vec![None; old.len()];
        let mut taken = vec![false; new.len()];
        type Pred = fn(&ErrorEntry, &ErrorEntry) -> bool;
        let passes: [(Matched, Pred); 4] = [
            (Matched::Name, |o, n| o.name == n.name),
            (Matched::Alias, |o, n| n.aliases.contains(&o.name)),
            (Matched::Code, |o, n| o.code == n.code),
            (Matched::Legacy, |o, n| n.legacy_codes.contains(&o.code)),
        ];
        for (how, pred) in passes {
            for (i, o) in old.iter().enumerate() {
                if old_to_new[i].is_some() {
                    continue;
                }
                if let Some(j) = (0..new.len()).find(|&j| !taken[j] && pred(o, &new[j])) {
                    taken[j] = true;
                    old_to_new[i] = Some((j, how));
                }
            }
        }
        old_to_new
            .iter()
            .enumerate()
            .filter_map(|(i, m)| m.map(|(j, how)| (&old[i], &new[j], how)))
            .collect()
    }

    fn entries(&mut self) {
        let old = self.old;
        let new = self.new;
        let matches = self.matches();
        for o in &old.errors {
            let s = Subject {
                scope: Scope::Code,
                code: &o.code,
                name: Some(&o.name),
            };
            match matches.iter().find(|(mo, _, _)| std::ptr::eq(*mo, o)) {
                Some(&(_, n, how)) => self.entry_pair(&s, o, n, how),
                None => self.entry_gone(&s, o),
            }
        }
        for n in &new.errors {
            if matches.iter().any(|(_, mn, _)| std::ptr::eq(*mn, n)) {
                continue;
            }
            if old.retired.iter().any(|r| r.code == n.code) {
                // Reported once, by `retired()`.
                continue;
            }
            let s = Subject {
                scope: Scope::Code,
                code: &n.code,
                name: Some(&n.name),
            };
            self.push(
                &s,
                ChangeKind::CodeAdded,
                "errors",
                None,
                Some(n.code.clone()),
                "",
            );
        }
    }

    /// An old entry with no counterpart: retired (compatible) or removed (breaking).
    fn entry_gone(&mut self, s: &Subject<'_>, o: &ErrorEntry) {
        if let Some(r) = self.new.retired.iter().find(|r| r.code == o.code) {
            let advice = if o.deprecated.is_none() {
                format!(
                    "`ErrorCode::{}` and `Error::{}` disappear; deprecating a code for a \
                     release before retiring it lets the compiler warn its users.",
                    o.rust_variant, o.rust_fn
                )
            } else {
                String::new()
            };
            let new_text = match &r.since {
                Some(v) => format!("retired since {v}"),
                None => "retired".to_string(),
            };
            self.push(
                s,
                ChangeKind::CodeRetired,
                "retired",
                Some("live".into()),
                Some(new_text),
                advice,
            );
            return;
        }
        let absorbed = self
            .new
            .errors
            .iter()
            .find(|n| n.legacy_codes.contains(&o.code) || n.aliases.contains(&o.name));
        let (new_text, advice) = match absorbed {
            Some(n) => (
                Some(format!("merged into {} ({})", n.name, n.code)),
                format!(
                    "Old clients still match on `{}` and code names `ErrorCode::{}`. Keep `{}` \
                     as an entry with `deprecated: {{ replaced_by: {} }}` until you retire it.",
                    o.code, o.rust_variant, o.name, n.name
                ),
            ),
            None => (
                None,
                format!(
                    "Move it to `retired:` so the code can never be reused (`{}: {{ name: {}, \
                     since: \"<version>\", note: \"...\" }}`), after deprecating it for a \
                     release; or keep it.",
                    o.code, o.name
                ),
            ),
        };
        self.push(
            s,
            ChangeKind::CodeRemoved,
            "errors",
            Some(o.code.clone()),
            new_text,
            advice,
        );
    }

    fn entry_pair(&mut self, s: &Subject<'_>, o: &ErrorEntry, n: &ErrorEntry, how: Matched) {
        let old = self.old;
        let new = self.new;
        // NAME and identifiers.
        if o.name != n.name {
            let idents = format!(
                "Rust `ErrorCode::{}` → `ErrorCode::{}`, `Error::{}` → `Error::{}`; \
                 TypeScript `ErrorCode.{}` → `ErrorCode.{}`",
                o.rust_variant, n.rust_variant, o.rust_fn, n.rust_fn, o.ts_key, n.ts_key
            );
            let advice = if how == Matched::Alias {
                format!(
                    "`{}` still parses as an alias, but aliases generate no identifiers: {idents}; \
                     code that names them stops compiling. Keep the NAME `{}` and add `{}` as an \
                     alias instead.",
                    o.name, o.name, n.name
                )
            } else {
                format!(
                    "Generated identifiers change ({idents}) and `{}` no longer parses. Keep the \
                     NAME `{}` and add `{}` as an alias instead.",
                    o.name, o.name, n.name
                )
            };
            self.push(
                s,
                ChangeKind::Renamed,
                "name",
                Some(o.name.clone()),
                Some(n.name.clone()),
                advice,
            );
        } else {
            for (field, a, b, show) in [
                (
                    "rust_variant",
                    &o.rust_variant,
                    &n.rust_variant,
                    "ErrorCode::",
                ),
                ("rust_fn", &o.rust_fn, &n.rust_fn, "Error::"),
                ("ts_key", &o.ts_key, &n.ts_key, "ErrorCode."),
                ("ts_type", &o.ts_type, &n.ts_type, ""),
                ("py_fn", &o.py_fn, &n.py_fn, ""),
            ] {
                if a != b {
                    self.push(
                        s,
                        ChangeKind::IdentifierChanged,
                        field,
                        Some(format!("{show}{a}")),
                        Some(format!("{show}{b}")),
                        "The generated identifier changed although the NAME did not (a \
                         change of errdex's naming rules, or a new collision); code that \
                         names it stops compiling.",
                    );
                }
            }
        }
        // The wire code.
        if o.code != n.code {
            let kept = if n.legacy_codes.contains(&o.code) {
                " Listing it in `legacy_codes` lets new readers parse old payloads, but old \
                 clients still receive a code they do not know."
            } else {
                ""
            };
            self.push(
                s,
                ChangeKind::CodeChanged,
                "code",
                Some(o.code.clone()),
                Some(n.code.clone()),
                format!(
                    "Clients match on `{}`.{kept} Keep the code; if a new code is needed, add a \
                     new entry and deprecate this one (`deprecated: {{ replaced_by: ... }}`).",
                    o.code
                ),
            );
        }
        // Mappings (resolved: category defaults applied).
        let (oc, nc) = (old.category_of(o), new.category_of(n));
        if oc.key != nc.key {
            self.push(
                s,
                ChangeKind::CategoryChanged,
                "category",
                Some(oc.key.clone()),
                Some(nc.key.clone()),
                "Clients branch on the category. Keep it; if the classification was wrong, add a \
                 new code in the right category and deprecate this one.",
            );
        }
        let restore = |field: &str, v: String| {
            format!(
                "Restore it with a per-code override `{field}: {v}` (it wins over the \
                 category default), or add a new code with the new mapping and deprecate this \
                 one."
            )
        };
        self.mappings(s, &Mapping::of_entry(o), &Mapping::of_entry(n), &restore);
        // Namespace and docs URL.
        let ons = old.namespace_of(o).map(|x| x.key.clone());
        let nns = new.namespace_of(n).map(|x| x.key.clone());
        if ons != nns {
            self.push(
                s,
                ChangeKind::NamespaceChanged,
                "namespace",
                ons.clone(),
                nns,
                format!(
                    "The code's docs section moves to another page and `namespace()` changes. \
                     Keep it in {}.",
                    ons.map_or("no namespace".to_string(), |k| format!("`{k}`"))
                ),
            );
        }
        if o.docs_url != n.docs_url
            && !self.moved_by_template(o, n)
            && Self::unpublished(old, o)
            && n.docs_url.contains("://")
        {
            self.push(
                s,
                ChangeKind::DocsUrlAdded,
                "docs_url",
                Some(o.docs_url.clone()),
                Some(n.docs_url.clone()),
                "The code had only a link relative to the generated book; it now has a \
                 published docs URL.",
            );
        } else if o.docs_url != n.docs_url && !self.moved_by_template(o, n) {
            self.push(
                s,
                ChangeKind::DocsUrlChanged,
                "docs_url",
                Some(o.docs_url.clone()),
                Some(n.docs_url.clone()),
                format!(
                    "Links in messages and logs and the problem+json `type` URI change. Pin the \
                     old URL with a per-code `docs_url: \"{}\"`, or redirect it.",
                    o.docs_url.replace('{', "{{").replace('}', "}}")
                ),
            );
        }
        // Params: the constructor signature and the wire keys.
        self.params(s, o, n);
        // Text.
        self.text_changed(
            s,
            ChangeKind::SummaryChanged,
            "summary",
            Some(o.summary.as_str()),
            Some(n.summary.as_str()),
        );
        if o.message.raw != n.message.raw {
            self.push(
                s,
                ChangeKind::MessageChanged,
                "message",
                Some(o.message.raw.clone()),
                Some(n.message.raw.clone()),
                "",
            );
        }
        let (osg, nsg) = (
            o.suggestion.as_ref().map(|t| t.raw.clone()),
            n.suggestion.as_ref().map(|t| t.raw.clone()),
        );
        if osg != nsg {
            self.push(s, ChangeKind::SuggestionChanged, "suggestion", osg, nsg, "");
        }
        self.text_changed(
            s,
            ChangeKind::ExplanationChanged,
            "explanation",
            o.explanation.as_deref(),
            n.explanation.as_deref(),
        );
        self.text_changed(
            s,
            ChangeKind::SinceChanged,
            "since",
            o.since.as_deref(),
            n.since.as_deref(),
        );
        // Deprecation.
        let od = o.deprecated.as_ref().map(|d| deprecation_text(old, d));
        let nd = n.deprecated.as_ref().map(|d| deprecation_text(new, d));
        match (&od, &nd) {
            (None, Some(_)) => {
                self.push(s, ChangeKind::Deprecated, "deprecated", od, nd, "");
            }
            (Some(_), None) => {
                self.push(s, ChangeKind::Undeprecated, "deprecated", od, nd, "");
            }
            (Some(a), Some(b)) if a != b => {
                self.push(s, ChangeKind::DeprecationChanged, "deprecated", od, nd, "");
            }
            _ => {}
        }
        // Aliases and legacy codes.
        for a in &o.aliases {
            if !n.aliases.contains(a) && *a != n.name {
                let elsewhere = new.lookup(a).map(|x| x.name.clone());
                self.push(
                    s,
                    ChangeKind::AliasRemoved,
                    "aliases",
                    Some(a.clone()),
                    elsewhere.as_ref().map(|x| format!("now names {x}")),
                    format!(
                        "Code and payloads that say `{a}` no longer parse to `{}`. Keep the \
                         alias.",
                        n.name
                    ),
                );
            }
        }
        for a in &n.aliases {
            if !o.aliases.contains(a) && *a != o.name {
                self.push(
                    s,
                    ChangeKind::AliasAdded,
                    "aliases",
                    None,
                    Some(a.clone()),
                    "",
                );
            }
        }
        for c in &o.legacy_codes {
            if !n.legacy_codes.contains(c) && *c != n.code {
                self.push(
                    s,
                    ChangeKind::LegacyCodeRemoved,
                    "legacy_codes",
                    Some(c.clone()),
                    None,
                    format!(
                        "Stored payloads and old servers that send `{c}` no longer parse to \
                         `{}`. Keep it in `legacy_codes` (or retire it once nothing sends it).",
                        n.name
                    ),
                );
            }
        }
        for c in &n.legacy_codes {
            if !o.legacy_codes.contains(c) && *c != o.code {
                self.push(
                    s,
                    ChangeKind::LegacyCodeAdded,
                    "legacy_codes",
                    None,
                    Some(c.clone()),
                    "",
                );
            }
        }
    }

    fn params(&mut self, s: &Subject<'_>, o: &ErrorEntry, n: &ErrorEntry) {
        let sig = format!("`{}` → `{}`", signature(o), signature(n));
        let fix = "Keep the param list; if the error needs other data, pass it as context \
                   (`with_context`), or add a new code with the new params and deprecate this one.";
        for p in &o.params {
            match n.params.iter().find(|q| q.name == p.name) {
                None => self.push(
                    s,
                    ChangeKind::ParamRemoved,
                    &format!("params.{}", p.name),
                    Some(param_text(p)),
                    None,
                    format!(
                        "The constructor changes ({sig}) and the `{}` key leaves the wire \
                         payload. {fix}",
                        p.name
                    ),
                ),
                Some(q) if q.ty != p.ty => self.push(
                    s,
                    ChangeKind::ParamRetyped,
                    &format!("params.{}", p.name),
                    Some(param_text(p)),
                    Some(param_text(q)),
                    format!(
                        "The constructor changes ({sig}) and readers of `{}` get another JSON \
                         type. {fix}",
                        p.name
                    ),
                ),
                Some(q) => {
                    if q.schema != p.schema {
                        self.push(
                            s,
                            ChangeKind::ParamSchemaChanged,
                            &format!("params.{}.schema", p.name),
                            p.schema.as_ref().map(compact_json),
                            q.schema.as_ref().map(compact_json),
                            format!(
                                "The TypeScript and Python types of `{}` and the wire schema \
                                 change: code built against the old shape may not compile, and \
                                 payloads valid before may be refused. Widen the schema rather \
                                 than narrowing it, or add a new code.",
                                p.name
                            ),
                        );
                    }
                    if q.example != p.example {
                        self.push(
                            s,
                            ChangeKind::ParamExampleChanged,
                            &format!("params.{}.example", p.name),
                            p.example.as_ref().map(compact_json),
                            q.example.as_ref().map(compact_json),
                            "",
                        );
                    }
                }
            }
        }
        for q in &n.params {
            if !o.params.iter().any(|p| p.name == q.name) {
                self.push(
                    s,
                    ChangeKind::ParamAdded,
                    &format!("params.{}", q.name),
                    None,
                    Some(param_text(q)),
                    format!("The constructor changes ({sig}); every call site must change. {fix}"),
                );
            }
        }
        let common_old: Vec<&str> = o
            .params
            .iter()
            .map(|p| p.name.as_str())
            .filter(|x| n.params.iter().any(|q| q.name == *x))
            .collect();
        let common_new: Vec<&str> = n
            .params
            .iter()
            .map(|p| p.name.as_str())
            .filter(|x| o.params.iter().any(|q| q.name == *x))
            .collect();
        if common_old != common_new {
            self.push(
                s,
                ChangeKind::ParamsReordered,
                "params",
                Some(common_old.join(", ")),
                Some(common_new.join(", ")),
                format!(
                    "Constructor arguments are positional ({sig}): calls still compile when \
                     the types agree, but pass values to the wrong params. Keep the order."
                ),
            );
        }
    }

    // ------------------------------------------------------------------- retired

    fn retired(&mut self) {
        let old = self.old;
        let new = self.new;
        for r in &old.retired {
            let s = Subject {
                scope: Scope::Retired,
                code: &r.code,
                name: r.name.as_deref(),
            };
            match new.retired.iter().find(|x| x.code == r.code) {
                Some(nr) => {
                    for (field, a, b) in [
                        ("retired.name", &r.name, &nr.name),
                        ("retired.since", &r.since, &nr.since),
                        ("retired.note", &r.note, &nr.note),
                        (
                            "retired.replaced_by",
                            &r.replaced_by.map(|i| old.errors[i].name.clone()),
                            &nr.replaced_by.map(|i| new.errors[i].name.clone()),
                        ),
                    ] {
                        if a != b {
                            self.push(
                                &s,
                                ChangeKind::TombstoneChanged,
                                field,
                                a.clone(),
                                b.clone(),
                                "",
                            );
                        }
                    }
                }
                None => {
                    let reuse = new
                        .errors
                        .iter()
                        .find(|e| e.code == r.code || e.legacy_codes.contains(&r.code));
                    match reuse {
                        Some(e) => self.push(
                            &s,
                            ChangeKind::RetiredCodeReused,
                            "retired",
                            Some("retired".into()),
                            Some(format!("used by {}", e.name)),
                            format!(
                                "`{}` was retired: old clients, logs and stored payloads give it \
                                 another meaning. Pick a new code for {} and keep the tombstone.",
                                r.code, e.name
                            ),
                        ),
                        None => self.push(
                            &s,
                            ChangeKind::TombstoneRemoved,
                            "retired",
                            Some(r.code.clone()),
                            None,
                            "The tombstone is what stops the code from being reused. Keep it \
                             in `retired:`.",
                        ),
                    }
                }
            }
        }
        for nr in &new.retired {
            let known = old.retired.iter().any(|x| x.code == nr.code)
                || old.errors.iter().any(|e| e.code == nr.code);
            if !known {
                let s = Subject {
                    scope: Scope::Retired,
                    code: &nr.code,
                    name: nr.name.as_deref(),
                };
                self.push(
                    &s,
                    ChangeKind::TombstoneAdded,
                    "retired",
                    None,
                    Some(nr.code.clone()),
                    "",
                );
            }
        }
    }
}

impl Differ<'_> {
    // ------------------------------------------------------------------ profiles

    /// `profiles:`: what agents read (the keys of the MCP tool-error facts and of the
    /// JSON-RPC `data`, and where they sit) is contract; the texts are for humans.
    fn profiles(&mut self) {
        let (o, n) = (&self.old.profiles, &self.new.profiles);
        let s = Subject {
            scope: Scope::Registry,
            code: "registry",
            name: None,
        };
        let (om, nm) = (&o.mcp_tool_error, &n.mcp_tool_error);
        if om.data != nm.data {
            self.push(
                &s,
                ChangeKind::ProfileShapeChanged,
                "profiles.mcp_tool_error.data",
                Some(om.data.member().to_string()),
                Some(nm.data.member().to_string()),
                format!(
                    "MCP clients read the error's facts from `{}` of the tool result. Keep                      `data: {}`.",
                    om.data.member(),
                    om.data.member()
                ),
            );
        }
        // A prefix that follows `registry.mcp_meta_prefix` is reported there.
        let follows = om.prefix == self.old.registry.mcp_meta_prefix
            && nm.prefix == self.new.registry.mcp_meta_prefix;
        if om.prefix != nm.prefix && !follows {
            self.push(
                &s,
                ChangeKind::ProfileShapeChanged,
                "profiles.mcp_tool_error.prefix",
                Some(om.prefix.clone()),
                Some(nm.prefix.clone()),
                "Every key of the tool-error facts is renamed; MCP clients read them by name.                  Keep the old prefix.",
            );
        }
        if om.data == nm.data && om.prefix == nm.prefix {
            self.profile_fields(&s, "profiles.mcp_tool_error.fields", &om.fields, &nm.fields);
        }
        self.text_changed(
            &s,
            ChangeKind::ProfileTextChanged,
            "profiles.mcp_tool_error.text",
            Some(om.text.raw.as_str()),
            Some(nm.text.raw.as_str()),
        );
        let (or, nr) = (&o.jsonrpc_error, &n.jsonrpc_error);
        let kind = |d: &JsonRpcData| match d {
            JsonRpcData::Wire => "wire",
            JsonRpcData::Omitted => "null",
            JsonRpcData::Fields(_) => "fields",
        };
        match (&or.data, &nr.data) {
            (JsonRpcData::Fields(a), JsonRpcData::Fields(b)) => {
                self.profile_fields(&s, "profiles.jsonrpc_error.data", a, b);
            }
            (a, b) if kind(a) != kind(b) => self.push(
                &s,
                ChangeKind::ProfileShapeChanged,
                "profiles.jsonrpc_error.data",
                Some(kind(a).to_string()),
                Some(kind(b).to_string()),
                "JSON-RPC clients read the error's `data` in this form. Keep the old one.",
            ),
            _ => {}
        }
        self.text_changed(
            &s,
            ChangeKind::ProfileTextChanged,
            "profiles.jsonrpc_error.message",
            Some(or.message.raw.as_str()),
            Some(nr.message.raw.as_str()),
        );
        self.text_changed(
            &s,
            ChangeKind::ProfileTextChanged,
            "profiles.terminal.values",
            Some(o.terminal.values.as_str()),
            Some(n.terminal.values.as_str()),
        );
    }

    /// Output key → fact lists of a profile, old against new, by key.
    fn profile_fields(
        &mut self,
        s: &Subject<'_>,
        field: &str,
        old: &[ProfileField],
        new: &[ProfileField],
    ) {
        for of in old {
            match new.iter().find(|nf| nf.key == of.key) {
                None => {
                    let moved = new.iter().find(|nf| nf.fact == of.fact);
                    self.push(
                        s,
                        ChangeKind::ProfileFieldRemoved,
                        field,
                        Some(format!("{}: {}", of.key, of.fact.spelling())),
                        moved.map(|m| format!("{}: {}", m.key, m.fact.spelling())),
                        format!(
                            "Agents read `{}` by name. Keep the key{}.",
                            of.key,
                            if moved.is_some() {
                                " (add the new one beside it if you need both)"
                            } else {
                                ""
                            }
                        ),
                    );
                }
                Some(nf) if nf.fact != of.fact => self.push(
                    s,
                    ChangeKind::ProfileFieldChanged,
                    field,
                    Some(format!("{}: {}", of.key, of.fact.spelling())),
                    Some(format!("{}: {}", nf.key, nf.fact.spelling())),
                    format!(
                        "`{}` now carries another fact; agents read the old meaning. Give the new                          fact a new key.",
                        of.key
                    ),
                ),
                Some(_) => {}
            }
        }
        for nf in new {
            if !old.iter().any(|of| of.key == nf.key) {
                self.push(
                    s,
                    ChangeKind::ProfileFieldAdded,
                    field,
                    None,
                    Some(format!("{}: {}", nf.key, nf.fact.spelling())),
                    "",
                );
            }
        }
    }
}

fn deprecation_text(cat: &Catalogue, d: &crate::ir::Deprecation) -> String {
    let mut parts = vec!["deprecated".to_string()];
    if let Some(v) = &d.since {
        parts.push(format!("since {v}"));
    }
    if let Some(e) = d.replaced_by.and_then(|i| cat.errors.get(i)) {
        parts.push(format!("replaced by {}", e.name));
    }
    if let Some(note) = &d.note {
        parts.push(format!("note: {note}"));
    }
    parts.join(", ")
}

/// The mapping fields a category and an entry share (an entry's are resolved: category
/// defaults applied).
struct Mapping<'a> {
    retryable: bool,
    exit_code: u8,
    http_status: u16,
    jsonrpc_code: i32,
    expected: bool,
    retry: &'a Option<crate::ir::Retry>,
}

impl<'a> Mapping<'a> {
    fn of_category(c: &'a Category) -> Self {
        Mapping {
            retryable: c.retryable,
            exit_code: c.exit_code,
            http_status: c.http_status,
            jsonrpc_code: c.jsonrpc_code,
            expected: c.expected,
            retry: &c.retry,
        }
    }

    fn of_entry(e: &'a ErrorEntry) -> Self {
        Mapping {
            retryable: e.retryable,
            exit_code: e.exit_code,
            http_status: e.http_status,
            jsonrpc_code: e.jsonrpc_code,
            expected: e.expected,
            retry: &e.retry,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for k in ChangeKind::ALL {
            assert!(seen.insert(k.as_str()), "duplicate id {}", k.as_str());
            assert_eq!(ChangeKind::from_id(k.as_str()), Some(*k));
        }
    }
}
