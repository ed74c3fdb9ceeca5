//! Every key a reader asks a mapping for, as a constant tied to its declaration in
//! [`super`] (serde_derive's `symbol.rs`): `registry::NAME` is `REGISTRY.key("name")`,
//! evaluated at compile time, so a reader cannot ask for a key its section does not
//! declare. The readers' mappings ([`crate::catalogue`]'s `Fields`) take only these, and
//! the test below fails for a declared key that no reader asks for while the fixtures, the
//! examples and the bad-input corpus are loaded.
//!
//! The sections whose keys are rows of another table are read by iterating
//! [`super::Section::handles`]: `outputs` (one key per target) and `usage.severity` (one
//! key per EDX07 code).

use super::{KeyRef, Section};

/// The keys of the whole catalogue.
pub mod top {
    use super::super::{KeyRef, TOP};

    pub const ERRDEX: KeyRef = TOP.key("errdex");
    pub const REGISTRY: KeyRef = TOP.key("registry");
    pub const CATEGORIES: KeyRef = TOP.key("categories");
    pub const NAMESPACES: KeyRef = TOP.key("namespaces");
    pub const ERRORS: KeyRef = TOP.key("errors");
    pub const RETIRED: KeyRef = TOP.key("retired");
    pub const IMPORTS: KeyRef = TOP.key("imports");
    pub const OUTPUTS: KeyRef = TOP.key("outputs");
    pub const PACKAGE: KeyRef = TOP.key("package");
    pub const RUST: KeyRef = TOP.key("rust");
    pub const GO: KeyRef = TOP.key("go");
    pub const PROFILES: KeyRef = TOP.key("profiles");
    pub const USAGE: KeyRef = TOP.key("usage");
    pub const DOCS: KeyRef = TOP.key("docs");
    pub const PARTS: KeyRef = TOP.key("parts");
}

/// The key of `outputs` that is no target's (the targets' keys are read by iterating).
pub mod outputs {
    use super::super::{KeyRef, OUTPUTS};

    pub const CODEOWNERS: KeyRef = OUTPUTS.key("codeowners");
}

/// The keys of `registry`.
pub mod registry {
    use super::super::{KeyRef, REGISTRY};

    pub const NAME: KeyRef = REGISTRY.key("name");
    pub const CRATE_NAME: KeyRef = REGISTRY.key("crate_name");
    pub const NPM_NAME: KeyRef = REGISTRY.key("npm_name");
    pub const PYTHON_PACKAGE: KeyRef = REGISTRY.key("python_package");
    pub const GO_PACKAGE: KeyRef = REGISTRY.key("go_package");
    pub const GO_MODULE: KeyRef = REGISTRY.key("go_module");
    pub const TITLE: KeyRef = REGISTRY.key("title");
    pub const DOCS_URL: KeyRef = REGISTRY.key("docs_url");
    pub const DOCS_SITE_URL: KeyRef = REGISTRY.key("docs_site_url");
    pub const CODE_PATTERN: KeyRef = REGISTRY.key("code_pattern");
    pub const WIRE: KeyRef = REGISTRY.key("wire");
    pub const MCP_META_PREFIX: KeyRef = REGISTRY.key("mcp_meta_prefix");
    pub const CLASS: KeyRef = REGISTRY.key("class");
}

/// The keys of `imports.<name>`.
pub mod import {
    use super::super::{IMPORT, KeyRef};

    pub const FROM: KeyRef = IMPORT.key("from");
    pub const VERSION: KeyRef = IMPORT.key("version");
    pub const AS: KeyRef = IMPORT.key("as");
}

/// The keys of `package`.
pub mod package {
    use super::super::{KeyRef, PACKAGE};

    pub const VERSION: KeyRef = PACKAGE.key("version");
    pub const LICENSE: KeyRef = PACKAGE.key("license");
    pub const REPOSITORY: KeyRef = PACKAGE.key("repository");
    pub const KEYWORDS: KeyRef = PACKAGE.key("keywords");
    pub const SCHEMA_URL: KeyRef = PACKAGE.key("schema_url");
}

/// The keys of `rust`.
pub mod rust {
    use super::super::{KeyRef, RUST};

    pub const CONSTRUCTORS: KeyRef = RUST.key("constructors");
    pub const NAMESPACE_ENUMS: KeyRef = RUST.key("namespace_enums");
    pub const INTEGRATIONS: KeyRef = RUST.key("integrations");
}

/// The keys of `go`.
pub mod go {
    use super::super::{GO, KeyRef};

    pub const CONSTRUCTORS: KeyRef = GO.key("constructors");
}

/// The keys of `registry.wire`.
pub mod wire {
    use super::super::{KeyRef, WIRE};

    pub const CODE: KeyRef = WIRE.key("code");
    pub const MESSAGE: KeyRef = WIRE.key("message");
    pub const CATEGORY: KeyRef = WIRE.key("category");
    pub const RETRYABLE: KeyRef = WIRE.key("retryable");
    pub const DETAILS: KeyRef = WIRE.key("details");
}

/// The keys of `categories.<key>`.
pub mod category {
    use super::super::{CATEGORY, KeyRef};

    pub const SUMMARY: KeyRef = CATEGORY.key("summary");
    pub const TITLE: KeyRef = CATEGORY.key("title");

    /// The category facts, as `categories.<key>` writes them.
    pub const FACTS: super::Facts = super::Facts::of(&CATEGORY);
}

/// The keys of `retry` (a category's or an entry's).
pub mod retry {
    use super::super::{KeyRef, RETRY_ADVICE};

    pub const MAX_ATTEMPTS: KeyRef = RETRY_ADVICE.key("max_attempts");
    pub const INITIAL_BACKOFF_MS: KeyRef = RETRY_ADVICE.key("initial_backoff_ms");
    pub const ADVICE: KeyRef = RETRY_ADVICE.key("advice");
}

/// The keys of `namespaces.<key>`.
pub mod namespace {
    use super::super::{KeyRef, NAMESPACE};

    pub const TITLE: KeyRef = NAMESPACE.key("title");
    pub const SUMMARY: KeyRef = NAMESPACE.key("summary");
    pub const CODE_PREFIX: KeyRef = NAMESPACE.key("code_prefix");
    pub const CLASS: KeyRef = NAMESPACE.key("class");
    pub const CATEGORY: KeyRef = NAMESPACE.key("category");
}

/// The keys of `errors.<NAME>`.
pub mod entry {
    use super::super::{ENTRY, KeyRef};

    pub const CODE: KeyRef = ENTRY.key("code");
    pub const NAMESPACE: KeyRef = ENTRY.key("namespace");
    pub const CATEGORY: KeyRef = ENTRY.key("category");
    pub const SUMMARY: KeyRef = ENTRY.key("summary");
    pub const MESSAGE: KeyRef = ENTRY.key("message");
    pub const CLASS: KeyRef = ENTRY.key("class");
    pub const PARAMS: KeyRef = ENTRY.key("params");
    pub const SUGGESTION: KeyRef = ENTRY.key("suggestion");
    pub const EXPLANATION: KeyRef = ENTRY.key("explanation");
    pub const DOCS_URL: KeyRef = ENTRY.key("docs_url");
    pub const SINCE: KeyRef = ENTRY.key("since");
    pub const DEPRECATED: KeyRef = ENTRY.key("deprecated");
    pub const ALIASES: KeyRef = ENTRY.key("aliases");
    pub const LEGACY_CODES: KeyRef = ENTRY.key("legacy_codes");

    /// The category facts, as `errors.<NAME>` writes them.
    pub const FACTS: super::Facts = super::Facts::of(&ENTRY);
}

/// The keys of `errors.<NAME>.deprecated`.
pub mod deprecated {
    use super::super::{DEPRECATED, KeyRef};

    pub const SINCE: KeyRef = DEPRECATED.key("since");
    pub const REPLACED_BY: KeyRef = DEPRECATED.key("replaced_by");
    pub const NOTE: KeyRef = DEPRECATED.key("note");
}

/// The keys of `retired.<code>`.
pub mod retired {
    use super::super::{KeyRef, RETIRED};

    pub const NAME: KeyRef = RETIRED.key("name");
    pub const SINCE: KeyRef = RETIRED.key("since");
    pub const NOTE: KeyRef = RETIRED.key("note");
    pub const REPLACED_BY: KeyRef = RETIRED.key("replaced_by");
}

/// The keys of a param's long form.
pub mod param {
    use super::super::{KeyRef, PARAM};

    pub const TYPE: KeyRef = PARAM.key("type");
    pub const ITEMS: KeyRef = PARAM.key("items");
    pub const SCHEMA: KeyRef = PARAM.key("schema");
    pub const EXAMPLE: KeyRef = PARAM.key("example");
}

/// The keys of an object param's `schema`.
pub mod schema {
    use super::super::{KeyRef, SCHEMA};

    pub const TYPE: KeyRef = SCHEMA.key("type");
    pub const PROPERTIES: KeyRef = SCHEMA.key("properties");
    pub const ITEMS: KeyRef = SCHEMA.key("items");
    pub const REQUIRED: KeyRef = SCHEMA.key("required");
    pub const ENUM: KeyRef = SCHEMA.key("enum");
    pub const DESCRIPTION: KeyRef = SCHEMA.key("description");
}

/// The keys of `usage`.
pub mod usage {
    use super::super::{KeyRef, USAGE};

    pub const PATTERNS: KeyRef = USAGE.key("patterns");
    pub const FILES: KeyRef = USAGE.key("files");
    pub const IGNORE: KeyRef = USAGE.key("ignore");
    pub const SEVERITY: KeyRef = USAGE.key("severity");
    pub const DOCS: KeyRef = USAGE.key("docs");
}

/// The keys of `usage.docs`.
pub mod usage_docs {
    use super::super::{KeyRef, USAGE_DOCS};

    pub const PATHS: KeyRef = USAGE_DOCS.key("paths");
    pub const PLACES: KeyRef = USAGE_DOCS.key("places");
}

/// The keys of `profiles`.
pub mod profiles {
    use super::super::{KeyRef, PROFILES};

    pub const MCP_TOOL_ERROR: KeyRef = PROFILES.key("mcp_tool_error");
    pub const JSONRPC_ERROR: KeyRef = PROFILES.key("jsonrpc_error");
    pub const TERMINAL: KeyRef = PROFILES.key("terminal");
    pub const HTTP: KeyRef = PROFILES.key("http");
}

/// The keys of `profiles.terminal`.
pub mod terminal {
    use super::super::{KeyRef, TERMINAL};

    pub const VALUES: KeyRef = TERMINAL.key("values");
}

/// The keys of `docs`.
pub mod docs {
    use super::super::{DOCS, KeyRef};

    pub const LAYOUT: KeyRef = DOCS.key("layout");
    pub const FORMER_LAYOUT: KeyRef = DOCS.key("former_layout");
    pub const REDIRECTS: KeyRef = DOCS.key("redirects");
    pub const LINKS: KeyRef = DOCS.key("links");
    pub const MOVED: KeyRef = DOCS.key("moved");
}

/// The keys of `profiles.http`.
pub mod http {
    use super::super::{HTTP, KeyRef};

    pub const BODY: KeyRef = HTTP.key("body");
    pub const DOMAIN: KeyRef = HTTP.key("domain");
    pub const REASON: KeyRef = HTTP.key("reason");
    pub const RETRY_AFTER: KeyRef = HTTP.key("retry_after");
}

/// The keys of `profiles.mcp_tool_error`.
pub mod mcp_tool_error {
    use super::super::{KeyRef, MCP_TOOL_ERROR};

    pub const TEXT: KeyRef = MCP_TOOL_ERROR.key("text");
    pub const DATA: KeyRef = MCP_TOOL_ERROR.key("data");
    pub const PREFIX: KeyRef = MCP_TOOL_ERROR.key("prefix");
    pub const FIELDS: KeyRef = MCP_TOOL_ERROR.key("fields");
}

/// The keys of `profiles.jsonrpc_error`.
pub mod jsonrpc_error {
    use super::super::{JSONRPC_ERROR, KeyRef};

    pub const MESSAGE: KeyRef = JSONRPC_ERROR.key("message");
    pub const DATA: KeyRef = JSONRPC_ERROR.key("data");
}

/// The keys of the facts a category sets and an entry may override, in one of the two
/// sections (the same declarations: [`super::ENTRY`] takes the category's keys).
#[derive(Debug, Clone, Copy)]
pub struct Facts {
    pub retryable: KeyRef,
    pub retry: KeyRef,
    pub exit_code: KeyRef,
    pub http_status: KeyRef,
    pub jsonrpc_code: KeyRef,
    pub expected: KeyRef,
}

impl Facts {
    pub const fn of(section: &'static Section) -> Facts {
        Facts {
            retryable: section.key("retryable"),
            retry: section.key("retry"),
            exit_code: section.key("exit_code"),
            http_status: section.key("http_status"),
            jsonrpc_code: section.key("jsonrpc_code"),
            expected: section.key("expected"),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::super::{SCHEMA, SECTIONS, Section};
    use crate::catalogue::read::requested;

    /// The `.yaml` files under `dir`, outside installed packages.
    fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for path in entries {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.is_dir() && !matches!(name, "node_modules" | ".venv" | "target") {
                yaml_files(&path, out);
            } else if name.ends_with(".yaml") {
                out.push(path);
            }
        }
    }

    /// A reader cannot ask for a key its section does not declare (the handles are
    /// evaluated at compile time); this is the other direction: every declared key is asked
    /// for by a reader while the repository's catalogues are loaded — errdex's own, the
    /// examples', the fixtures', the diff and usage cases' and the bad-input corpus. A key
    /// declared and never read would otherwise be accepted and silently ignored.
    #[test]
    fn every_declared_key_is_read() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("the workspace");
        let mut files = vec![root.join("errors.yaml")];
        yaml_files(&root.join("tests"), &mut files);
        yaml_files(&root.join("examples"), &mut files);
        assert!(files.len() > 50, "the corpus: {} files", files.len());
        for file in &files {
            let bytes = std::fs::read(file).expect("readable");
            let _ = crate::catalogue::load_bytes(&bytes, "errors.yaml");
        }
        let sections: Vec<&'static Section> = SECTIONS.iter().copied().chain([&SCHEMA]).collect();
        let unread: Vec<String> = sections
            .iter()
            .flat_map(|s| s.handles())
            .filter(|key| !requested::was(*key))
            .map(|key| format!("{}.{}", key.section().path, key.name()))
            .collect();
        assert!(
            unread.is_empty(),
            "declared in format.rs but asked for by no reader over {} catalogues: {}",
            files.len(),
            unread.join(", ")
        );
    }

    /// The readers' record is kept by section path: each is one section's.
    #[test]
    fn section_paths_are_distinct() {
        let mut paths: Vec<&str> = SECTIONS
            .iter()
            .map(|s| s.path)
            .chain([SCHEMA.path])
            .collect();
        let count = paths.len();
        paths.sort_unstable();
        paths.dedup();
        assert_eq!(paths.len(), count);
    }
}
