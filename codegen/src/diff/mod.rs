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
//! 3. the same wire code (a rename), unless the NAME changed and the summary and the
//!    message share less than half their words (of the shorter, little words left out)
//!    with the old: then the code was given
//!    another meaning (`code-reused`, breaking, one finding instead of a rename and a change
//!    of every fact);
//! 4. a new entry that lists the old code among its `legacy_codes` (a rename and a new code).
//!
//! An old entry left unmatched was retired (its code is in the new `retired:` list:
//! compatible) or removed (breaking). A new entry left unmatched is a new code (compatible),
//! unless its code was retired in the old catalogue (breaking: codes are never reused) or
//! was another old entry's code, that entry now under another code (`code-reused`,
//! breaking).
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
//!   template, or of `docs.layout` for codes with the default URL, is reported once at
//!   registry level (breaking, with the number of codes whose URL it changes) instead of
//!   once per code. A change is compatible (`docs-url-redirected`) when the new book still
//!   opens each code at its old address: the old URL names the same page, or the new
//!   `book.toml` redirects it to the code (legacy codes, aliases, retired codes,
//!   `docs.former_layout`, `docs.moved`; [`crate::support::book`]). Publishing URLs for
//!   the first time is compatible: a registry that had no template (codes linked relative
//!   to the generated book, `frm.html#acm-frm-001`) gaining one, or such a code gaining an
//!   absolute per-code `docs_url`. Dropping the template again is breaking.
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

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

mod categories;
mod entries;
mod namespaces;
mod profiles;
mod registry;
mod retired;

use crate::diag::{SourceMap, Span};
use crate::ir::{
    Catalogue, Category, ErrorEntry, JsonRpcData, Namespace, Param, ProfileField, Retry,
};
use crate::names;
use crate::support::facts;
use crate::text::escape_controls_in_line;

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
    /// A live code was given to another entry with another meaning: a new NAME and other
    /// words (the old entry deleted and a new one written with its code), or a new entry
    /// took the code of an old one that moved to another code.
    CodeReused = "code-reused", true;
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
    /// The code's error class changed (its own `class`, its namespace's, or the registry's):
    /// the TypeScript and Python exception class it is raised as, and the MCP `error_type`.
    ClassChanged = "class-changed", true;
    /// The code's resolved docs URL changed, and the new book does not redirect the old
    /// address to it.
    DocsUrlChanged = "docs-url-changed", true;
    /// `docs.layout` changed the default docs URL of existing codes, and the new book does
    /// not redirect every old address.
    DocsLayoutChanged = "docs-layout-changed", true;
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
    /// The Rust module stops declaring the typed constructors or the namespace sub-enums
    /// (`rust:`): every use of them stops compiling.
    RustItemsRemoved = "rust-items-removed", true;
    /// The Go package stops declaring the typed constructors (`go.constructors`): every call
    /// of one stops compiling.
    GoItemsRemoved = "go-items-removed", true;
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
    /// Docs URLs changed (a code's, a template's or a layout's), and the new book still
    /// opens each code's place at its old address (through its redirects).
    DocsUrlRedirected = "docs-url-redirected", false;
    /// A category or retryable key was added to the wire object.
    WireKeyAdded = "wire-key-added", false;
    /// A tombstone's note, name, version or replacement changed.
    TombstoneChanged = "tombstone-changed", false;
    /// A new key in the MCP tool-error facts or the JSON-RPC `data`.
    ProfileFieldAdded = "profile-field-added", false;
    /// A text for humans changed its form: the MCP result's `content[0].text`, the JSON-RPC
    /// `message`, or how the terminal form prints values.
    ProfileTextChanged = "profile-text-changed", false;
    /// The `Retry-After` header of a code's HTTP response changed (value, presence, or the
    /// profile's `retry_after`): clients wait differently, nothing stops working.
    RetryAfterChanged = "retry-after-changed", false;
    /// The Rust module declares the typed constructors or the namespace sub-enums again.
    RustItemsAdded = "rust-items-added", false;
    /// The Go package declares the typed constructors again.
    GoItemsAdded = "go-items-added", false;
    /// An import was added or removed, or its version, file or mode changed. What that
    /// does to the codes is reported code by code (an imported code is one of the
    /// registry's own), so the finding itself only says what was edited.
    ImportChanged = "import-changed", false;
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
    /// The import a code or tombstone came with (`imports.<name>`, `as: codes`), on either
    /// side: its changes come with the imported registry, not from this catalogue.
    pub import: Option<String>,
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
            "import": self.import,
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
        redirects: registry::redirect_lookup(new),
    };
    d.registry();
    d.docs_layout();
    d.categories();
    d.namespaces();
    d.entries();
    d.retired();
    d.profiles();
    d.rust_items();
    d.go_items();
    d.imports();
    let mut out = d.out;
    imported_codes(old, new, &mut out);
    out
}

/// The mode of the import named `name`, if `cat` has one.
fn import_mode(cat: &Catalogue, name: &str) -> Option<crate::ir::ImportMode> {
    cat.imports.iter().find(|i| i.name == name).map(|i| i.mode)
}

/// Marks the findings about codes an import brought (`as: codes`), on either side, with
/// that import, and gives their breaking ones advice an importer can follow: the change
/// is the imported registry's, made by the upgrade, and no per-code override here undoes
/// it.
fn imported_codes(old: &Catalogue, new: &Catalogue, out: &mut Vec<Finding>) {
    use crate::ir::ImportMode;
    // A tombstone an import brought `as: codes` that the same import, now `as: reference`,
    // still holds: still reserved, so nothing was removed.
    out.retain(|f| {
        !(f.kind == ChangeKind::TombstoneRemoved
            && new
                .import_of_retired(&f.code)
                .is_some_and(|(i, _)| i.mode == ImportMode::Reference))
    });
    // A category or namespace an import brought `as: codes` (on either side): the import's,
    // as its codes are. Gone because the import is now `as: reference`: the switch's doing,
    // said so; changed or gone with an upgrade: the imported registry's, which no edit of
    // this catalogue's categories or namespaces undoes.
    for f in out
        .iter_mut()
        .filter(|f| matches!(f.scope, Scope::Category | Scope::Namespace))
    {
        let brings = |i: &&crate::ir::Import| {
            i.mode == ImportMode::Codes
                && match f.scope {
                    Scope::Category => i.categories.contains(&f.code),
                    _ => i.namespaces.contains(&f.code),
                }
        };
        let Some(i) = new
            .imports
            .iter()
            .find(brings)
            .or_else(|| old.imports.iter().find(brings))
        else {
            continue;
        };
        f.import = Some(i.name.clone());
        if !f.breaking {
            continue;
        }
        let what = match f.scope {
            Scope::Category => "category",
            _ => "namespace",
        };
        f.advice = if import_mode(old, &i.name) == Some(ImportMode::Codes)
            && import_mode(new, &i.name) == Some(ImportMode::Reference)
        {
            format!(
                "It came with import `{}`, now `as: reference`: it leaves with the import's codes. Keep `as: codes` until the clients take them from the imported registry's own packages.",
                i.name
            )
        } else {
            imported_advice(old, new, &i.name, what)
        };
    }
    for f in out
        .iter_mut()
        .filter(|f| matches!(f.scope, Scope::Code | Scope::Retired))
    {
        let Some(name) = old
            .import_of(&f.code)
            .or_else(|| new.import_of(&f.code))
            .or_else(|| {
                (f.scope == Scope::Retired)
                    .then(|| {
                        old.import_of_retired(&f.code)
                            .or_else(|| new.import_of_retired(&f.code))
                    })
                    .flatten()
                    .map(|(i, _)| i)
            })
            .map(|i| i.name.clone())
        else {
            continue;
        };
        f.import = Some(name.clone());
        if !f.breaking {
            continue;
        }
        // The same import, switched from `as: codes` to `as: reference`: its codes are no
        // longer generated here, whatever the imported registry did.
        if import_mode(old, &name) == Some(ImportMode::Codes)
            && import_mode(new, &name) == Some(ImportMode::Reference)
        {
            f.advice = format!(
                "Import `{name}` is now `as: reference`: its codes are no longer generated here, so clients that take them from this registry's packages lose them. Keep `as: codes` until they take them from the imported registry's own packages."
            );
            continue;
        }
        f.advice = imported_advice(old, new, &name, "code");
    }
}

/// The fix of a breaking change an upgrade of import `name` brought to one of its `what`s
/// (code, category, namespace): the imported registry's, which this catalogue cannot
/// override; keep the old pin, or tell the clients.
fn imported_advice(old: &Catalogue, new: &Catalogue, name: &str, what: &str) -> String {
    let pin = |cat: &Catalogue| {
        cat.imports
            .iter()
            .find(|i| i.name == name)
            .map(|i| i.version.clone())
    };
    let (was, is) = (pin(old), pin(new));
    let versions = match (&was, &is) {
        (Some(a), Some(b)) if a != b => format!(" ({a} → {b})"),
        _ => String::new(),
    };
    let todo = match &was {
        Some(v) => {
            format!("Keep `version: {v}` until the clients handle it, or tell them what changed")
        }
        None => "Tell the clients what changed".to_string(),
    };
    format!(
        "The {what} is import `{name}`'s: the change came with the imported registry{versions}, and a catalogue cannot override an imported {what}. {todo} (and the imported registry's owners, if it was not meant)."
    )
}

/// Findings reordered for reading: grouped by subject (scope, code and NAME: a code given
/// to another entry is two subjects), groups with a breaking finding first, breaking
/// findings first inside each group; otherwise the order of [`diff`].
pub fn grouped(findings: &[Finding]) -> Vec<Vec<&Finding>> {
    let mut groups: Vec<Vec<&Finding>> = Vec::new();
    for f in findings {
        match groups
            .iter_mut()
            .find(|g| g[0].scope == f.scope && g[0].code == f.code && g[0].name == f.name)
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

/// One side of a diff as the reports place its findings: where each entry (by NAME) and
/// tombstone (by code) of the catalogue is declared, in the files it was read from.
#[derive(Debug)]
pub struct Located<'a> {
    /// The spans of the load, the first for each key.
    spans: HashMap<&'a str, Span>,
    /// Each entry's NAME, by code.
    names: HashMap<&'a str, &'a str>,
    /// The entries' NAMEs.
    entries: HashSet<&'a str>,
    /// Where each import's pinned version is written (`Loaded::import_spans`), by its name.
    imports: HashMap<&'a str, Span>,
    sources: &'a SourceMap,
    /// The file a span falls in when `sources` has none (one file read as text).
    name: &'a str,
}

impl<'a> Located<'a> {
    /// `spans` and `imports` are the load's (`Loaded::entry_spans`, `Loaded::import_spans`),
    /// `sources` the files it read.
    pub fn new(
        cat: &'a Catalogue,
        spans: &'a [(String, Span)],
        imports: &'a [(String, Span)],
        sources: &'a SourceMap,
        name: &'a str,
    ) -> Located<'a> {
        let mut by_key = HashMap::with_capacity(spans.len());
        for (key, span) in spans {
            by_key.entry(key.as_str()).or_insert(*span);
        }
        Located {
            spans: by_key,
            names: cat
                .errors
                .iter()
                .map(|e| (e.code.as_str(), e.name.as_str()))
                .collect(),
            entries: cat.errors.iter().map(|e| e.name.as_str()).collect(),
            imports: imports.iter().map(|(k, s)| (k.as_str(), *s)).collect(),
            sources,
            name,
        }
    }

    /// Where `f`'s subject is declared on this side, when it is a code or a tombstone the
    /// side has: the file, and the span (its line and column are that file's). What an
    /// import brought (its codes, tombstones, categories and namespaces) is declared in the
    /// imported registry, so it is placed where this side pins the import (`version:`),
    /// as is the edit of an import itself (`import-changed`).
    pub fn place(&self, f: &Finding) -> Option<(&'a str, Span)> {
        let own = match f.scope {
            // The entry with the finding's (old) NAME, else the one with its code.
            Scope::Code => f
                .name
                .as_deref()
                .filter(|n| self.entries.contains(n))
                .or_else(|| self.names.get(f.code.as_str()).copied())
                .and_then(|n| self.spans.get(n)),
            Scope::Retired => self.spans.get(f.code.as_str()),
            Scope::Registry | Scope::Category | Scope::Namespace => None,
        };
        let import = || {
            let name = match &f.import {
                Some(name) => name.as_str(),
                None if f.kind == ChangeKind::ImportChanged => {
                    let rest = f.field.strip_prefix("imports.")?;
                    rest.split('.').next()?
                }
                None => return None,
            };
            self.imports.get(name)
        };
        let span = own.or_else(import)?;
        let file = self
            .sources
            .file_of(span.offset)
            .map_or(self.name, |f| f.name.as_str());
        Some((file, *span))
    }
}

/// Both sides of a diff, located: where the reports place each finding.
#[derive(Debug)]
pub struct Places<'a> {
    pub old: Located<'a>,
    pub new: Located<'a>,
}

impl Places<'_> {
    /// Where `f`'s code or tombstone is declared: in NEW (`true`), else in OLD (`false`: a
    /// code NEW no longer has).
    fn of(&self, f: &Finding) -> Option<(bool, &str, Span)> {
        match self.new.place(f) {
            Some((file, span)) => Some((true, file, span)),
            None => self.old.place(f).map(|(file, span)| (false, file, span)),
        }
    }
}

/// The human report: one block per subject, breaking first, then a summary line.
/// Catalogue text is printed with control and bidi characters escaped.
pub fn render_human(findings: &[Finding], old_name: &str, new_name: &str) -> String {
    render_human_at(findings, old_name, new_name, None)
}

/// [`render_human`], each code and tombstone with where it is declared: `at FILE:LINE:COL`
/// in NEW, or `was at FILE:LINE:COL` in OLD when NEW has none (a removed code).
pub fn render_human_at(
    findings: &[Finding],
    old_name: &str,
    new_name: &str,
    places: Option<&Places<'_>>,
) -> String {
    let mut s = String::new();
    for group in grouped(findings) {
        let place = places
            .and_then(|p| p.of(group[0]))
            .map(|(in_new, file, span)| {
                format!(
                    " {}at {}:{}:{}",
                    if in_new { "" } else { "was " },
                    escape_controls_in_line(file, 500),
                    span.line,
                    span.column
                )
            });
        let _ = writeln!(s, "{}{}", subject(group[0]), place.unwrap_or_default());
        for f in group {
            let tag = if f.breaking {
                "BREAKING  "
            } else {
                "compatible"
            };
            let _ = writeln!(
                s,
                "  {tag} {}: {}: {}",
                f.kind.as_str(),
                escape_controls_in_line(&f.field, 200),
                change(f)
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
    to_json_at(findings, old_name, new_name, None)
}

/// [`to_json`], each finding with `"at"`: where its code or tombstone is declared
/// (`{"side": "new" | "old", "file", "line", "column"}`, as [`render_human_at`] places it),
/// `null` for any other finding.
pub fn to_json_at(
    findings: &[Finding],
    old_name: &str,
    new_name: &str,
    places: Option<&Places<'_>>,
) -> serde_json::Value {
    let breaking = findings.iter().filter(|f| f.breaking).count();
    let items: Vec<_> = grouped(findings)
        .into_iter()
        .flatten()
        .map(|f| {
            let mut item = f.to_json();
            if let (Some(places), Some(map)) = (places, item.as_object_mut()) {
                let at = places
                    .of(f)
                    .map_or(serde_json::Value::Null, |(in_new, file, span)| {
                        serde_json::json!({
                            "side": if in_new { "new" } else { "old" },
                            "file": file,
                            "line": span.line,
                            "column": span.column,
                        })
                    });
                map.insert("at".into(), at);
            }
            item
        })
        .collect();
    serde_json::json!({
        "old": old_name,
        "new": new_name,
        "breaking": breaking,
        "compatible": findings.len() - breaking,
        "findings": items,
    })
}

/// The `--format github` report: one GitHub Actions workflow command per finding, in the
/// human report's order ([`grouped`]): `::error` for a breaking change, `::notice` for a
/// compatible one, titled with its kind. A finding about a code the new catalogue still
/// declares (by its NAME, else its code; a tombstone by its code) points at that entry's
/// key in the file that holds it ([`Located::place`]); any other finding has no location.
pub fn render_github(findings: &[Finding], new: &Located<'_>) -> String {
    use crate::diag::github::{Level, Location, annotation};
    let mut out = String::new();
    for f in grouped(findings).into_iter().flatten() {
        let place = new.place(f);
        let file = place.map(|(file, _)| crate::diag::github::from_workspace(file));
        let location = place.zip(file.as_deref()).map(|((_, s), file)| Location {
            file,
            line: s.line,
            column: s.column,
        });
        let mut message = format!(
            "{}: {}: {}",
            subject(f),
            escape_controls_in_line(&f.field, 200),
            change(f)
        );
        if !f.advice.is_empty() {
            let label = if f.breaking { "fix" } else { "note" };
            let _ = write!(
                message,
                "\n{label}: {}",
                escape_controls_in_line(&f.advice, 2000)
            );
        }
        let level = if f.breaking {
            Level::Error
        } else {
            Level::Notice
        };
        out.push_str(&annotation(level, f.kind.as_str(), location, &message));
    }
    out
}

/// What a finding is about, as the reports name it: `registry`, `category invalid`,
/// `code ACM-FRM-001 (FRM_VALIDATION)`.
fn subject(f: &Finding) -> String {
    match (&f.scope, &f.name) {
        (Scope::Registry, _) => "registry".to_string(),
        (scope, Some(name)) => format!(
            "{} {} ({}){}",
            scope.as_str(),
            escape_controls_in_line(&f.code, 200),
            escape_controls_in_line(name, 200),
            from_import(f)
        ),
        (scope, None) => format!(
            "{} {}{}",
            scope.as_str(),
            escape_controls_in_line(&f.code, 200),
            from_import(f)
        ),
    }
}

/// `, from import `platform`` for a finding about an imported code.
fn from_import(f: &Finding) -> String {
    f.import.as_deref().map_or(String::new(), |i| {
        format!(", from import `{}`", escape_controls_in_line(i, 200))
    })
}

/// The change of a finding's value: `old → new`, `(none)` for a side without one.
fn change(f: &Finding) -> String {
    match (&f.old, &f.new) {
        (Some(o), Some(n)) => {
            let (o, n) = from_difference(o, n);
            format!("{} → {}", show(&o), show(&n))
        }
        (None, Some(n)) => format!("(none) → {}", show(n)),
        (Some(o), None) => format!("{} → (none)", show(o)),
        (None, None) => String::new(),
    }
}

/// How many characters of a value one line of the human report shows.
const SHOWN_CHARS: usize = 120;

/// Two values as [`show`] should cut them: as they are when they differ within the part
/// shown, else each from a little before their first difference, after `…` (two long
/// explanations that differ in their last sentence would otherwise be shown as the same
/// text twice).
fn from_difference(old: &str, new: &str) -> (String, String) {
    /// Characters of common text kept before the difference.
    const CONTEXT: usize = 30;
    let same = old
        .chars()
        .zip(new.chars())
        .take_while(|(a, b)| a == b)
        .count();
    if same < SHOWN_CHARS - CONTEXT {
        return (old.to_string(), new.to_string());
    }
    let from = |v: &str| {
        let mut out = String::from("…");
        out.extend(v.chars().skip(same - CONTEXT));
        out
    };
    (from(old), from(new))
}

/// A value for one line of the human report: quoted when it has spaces or is empty,
/// shortened, control characters escaped.
fn show(v: &str) -> String {
    let c = escape_controls_in_line(v, SHOWN_CHARS);
    if c.is_empty() || c.contains(char::is_whitespace) {
        // Quotes in the value escaped, so that one value reads as one.
        format!("\"{}\"", c.replace('"', "\\\""))
    } else {
        c
    }
}

struct Differ<'a> {
    old: &'a Catalogue,
    new: &'a Catalogue,
    out: Vec<Finding>,
    /// The new book's redirects (those the loader accepts): old address → new place.
    redirects: std::collections::HashMap<String, crate::support::book::Address>,
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
    Some(facts::retry_text(
        &facts::retry_limits(r),
        r.advice.as_deref(),
        |a| format!("{a:?}"),
    ))
}

/// The `expected` flag and the log level it means.
fn log_level(expected: bool) -> String {
    format!("{expected}: {}", facts::log_level_text(expected))
}

/// The Rust constructor's signature, as the generated module declares it.
fn signature(e: &ErrorEntry) -> String {
    let params: Vec<String> = e
        .params
        .iter()
        .map(|p| format!("{}: {}", p.ids.rust, p.ty.rust()))
        .collect();
    format!("Error::{}({})", e.ids.rust.constructor, params.join(", "))
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
            import: None,
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
    fn long_values_are_shown_from_where_they_differ() {
        let start =
            "Ask the customer to contact their card issuer for more information. ".repeat(3);
        let old = format!("{start}Or use another card.");
        let new = format!("{start}Or pay by bank transfer.");
        let (o, n) = show_pair(&old, &new);
        assert_ne!(o, n, "the shown texts differ");
        assert!(
            o.starts_with("\"…") && o.contains("Or use another card."),
            "{o}"
        );
        assert!(n.contains("Or pay by bank transfer."), "{n}");
        assert!(!change_text(&old, &new).contains(&start[..40]));
        // Short values, or a difference near the start: as they are.
        assert_eq!(from_difference("a b", "a c"), ("a b".into(), "a c".into()));
        let (o, _) = from_difference(&format!("x{old}"), &format!("y{old}"));
        assert!(o.starts_with("xAsk"));
    }

    #[test]
    fn quotes_inside_a_shown_value_are_escaped() {
        assert_eq!(
            show("at most 3 attempts. \"Retry shortly.\""),
            "\"at most 3 attempts. \\\"Retry shortly.\\\"\""
        );
        assert_eq!(show("plain"), "plain");
    }

    fn change_text(old: &str, new: &str) -> String {
        let (o, n) = from_difference(old, new);
        format!("{} → {}", show(&o), show(&n))
    }

    fn show_pair(old: &str, new: &str) -> (String, String) {
        let (o, n) = from_difference(old, new);
        (show(&o), show(&n))
    }

    #[test]
    fn ids_are_unique_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for k in ChangeKind::ALL {
            assert!(seen.insert(k.as_str()), "duplicate id {}", k.as_str());
            assert_eq!(ChangeKind::from_id(k.as_str()), Some(*k));
        }
    }
}
