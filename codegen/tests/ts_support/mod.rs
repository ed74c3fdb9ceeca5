//! Shared by the `ts_*` and `schema_*` tests: the catalogues they run against, and the
//! node tool checks. A test that includes this module declares `mod testkit;` too.
//!
//! Every fixture under `tests/fixtures/<case>/errors.yaml` that the loader accepts, plus
//! hand-built catalogues that exercise what fixtures may not (hostile text in every
//! position, each wire shape, `__proto__` codes, empty catalogues).

#![allow(dead_code, clippy::unwrap_used)]

#[path = "../seed_support/mod.rs"]
mod seed;

use std::path::{Path, PathBuf};
use std::process::Command;

use errdex_codegen::ir::*;
use errdex_codegen::names;
use errdex_codegen::template::Template;

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// `(case name, catalogue)`: errdex's own `errors.yaml`, every loadable fixture, then the
/// hand-built ones.
pub fn catalogues() -> Vec<(String, Catalogue)> {
    let mut out = Vec::new();
    if let Ok(src) = std::fs::read_to_string(repo_root().join("errors.yaml")) {
        let loaded = errdex_codegen::load_str(&src, "errors.yaml");
        out.extend(loaded.catalogue.map(|c| ("errdex-own".to_string(), c)));
    }
    out.extend(fixture_catalogues());
    out.extend(hand_built());
    out.extend(seed_catalogues());
    out
}

/// The seed registries' profiles (as in `seed_payloads.rs`): the agent-CLI framework's
/// `errorData` result raised through a base class, the MCP-results PR's `_meta` with no
/// prefix (`resultType` stays: the 2026-07-28 MCP schema requires it), the MCP server's
/// `{wire}` text, and a JSON-RPC profile whose `data` lists facts.
pub fn seed_catalogues() -> Vec<(String, Catalogue)> {
    let load = |src: &str| {
        let loaded = errdex_codegen::load_str(src, "errors.yaml");
        assert!(!loaded.has_errors(), "{:#?}", loaded.diagnostics);
        loaded.catalogue.unwrap()
    };
    let jsonrpc = SEED_MILO
        .replace(
            "errors:\n",
            "errors:\n  CMD_NOT_FOUND:\n    code: M-CMD-001\n    category: invalid_params\n    jsonrpc_code: -32601\n    summary: Command was not found\n",
        )
        .replace(
            "  mcp_tool_error:\n",
            "  jsonrpc_error:\n    message: \"{code}: {message}\"\n    data:\n      errorCode: code\n      type: error_type\n      tool: context.tool\n      field: param.field\n  mcp_tool_error:\n",
        );
    vec![
        ("seed-milo".into(), load(SEED_MILO)),
        ("seed-tmux".into(), load(seed::TMUX)),
        ("seed-jsonrpc".into(), load(&jsonrpc)),
        ("seed-tracker".into(), load(seed::TRACKER)),
        (
            "seed-milo-examples".into(),
            load(&SEED_MILO.replace(
                "errors:\n",
                "errors:\n  FRM_CHOICE:\n    code: M-FRM-009\n    namespace: FRM\n    summary: A field is not one of its choices\n    message: \"{environment} is not one of {allowed}\"\n    params:\n      environment: { type: string, example: staging }\n      allowed: { type: list, items: string, example: [staging, production] }\n",
            )),
        ),
    ]
}

/// `seed_payloads.rs`'s agent-CLI registry, with a second class and a param.
pub const SEED_MILO: &str = r#"
errdex: 1
registry:
  name: milo
  class: MiloError
categories:
  invalid_params:
    summary: Validation, config, form and input errors
    jsonrpc_code: -32602
    expected: true
  internal:
    summary: Bugs and broken environments
    expected: false
namespaces:
  FRM:
    title: Forms
    class: FormError
    category: invalid_params
    code_prefix: M-FRM-
  CFG:
    title: Configuration
    class: ConfigError
    category: internal
    code_prefix: M-CFG-
profiles:
  terminal:
    values: python
  mcp_tool_error:
    text: "Error: {message}"
    data: errorData
    fields:
      tool: context.tool
      errorCode: code
      type: error_type
      argument: argument
      constraint: constraint
      example: example
      suggestion: suggestion
      schema: context.schema
      reason: context.reason
errors:
  FRM_VALIDATION:
    code: M-FRM-001
    namespace: FRM
    summary: Form validation failure
  FRM_REQUIRED:
    code: M-FRM-002
    namespace: FRM
    summary: A required field is empty
    message: "{field} is required"
    suggestion: "Provide a non-empty {field}."
    params:
      field: string
  CFG_BROKEN:
    code: M-CFG-001
    namespace: CFG
    summary: The configuration cannot be read
  RAW_FAILURE:
    code: M-GEN-001
    category: internal
    summary: Something failed
"#;

/// Fixture catalogues the loader accepts (none while the loader is a stub).
pub fn fixture_catalogues() -> Vec<(String, Catalogue)> {
    let mut out = Vec::new();
    let Ok(dir) = std::fs::read_dir(repo_root().join("tests/fixtures")) else {
        return out;
    };
    let mut cases: Vec<PathBuf> = dir.flatten().map(|e| e.path()).collect();
    cases.sort();
    for case in cases {
        let file = case.join("errors.yaml");
        let Ok(src) = std::fs::read_to_string(&file) else {
            continue;
        };
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let loaded = errdex_codegen::load_str(&src, "errors.yaml");
        match loaded.catalogue {
            Some(c) => out.push((name, c)),
            None => eprintln!(
                "note: fixture {name} not loaded ({} diagnostics)",
                loaded.diagnostics.len()
            ),
        }
    }
    out
}

pub fn hand_built() -> Vec<(String, Catalogue)> {
    vec![
        ("hand-acme".into(), acme()),
        ("hand-mcp".into(), mcp_server()),
        ("hand-hostile".into(), hostile()),
        ("hand-empty".into(), empty()),
        ("hand-app".into(), app()),
    ]
}

/// A registry named `app`: its default base class is `AppError` itself, and one namespace
/// has a class of its own.
pub fn app() -> Catalogue {
    let mut c = base("app", default_wire(), "app/");
    c.namespaces.push(Namespace {
        key: "DB".into(),
        title: "Database".into(),
        summary: None,
        code_prefix: Some("APP-DB-".into()),
        class: Some("DatabaseError".into()),
        category: None,
        ids: errdex_codegen::ir::KeyIds::derive("DB"),
        slug: "db".into(),
    });
    let e1 = entry(
        &c,
        E {
            name: "DB_DOWN",
            code: "APP-DB-001",
            category: 1,
            namespace: Some(0),
            message: "database {name} is down",
            params: &[("name", ParamType::String)],
            suggestion: None,
        },
    );
    let e2 = entry(
        &c,
        E {
            name: "BAD_INPUT",
            code: "APP-001",
            category: 0,
            namespace: None,
            message: "bad input",
            params: &[],
            suggestion: None,
        },
    );
    c.errors = vec![e1, e2];
    c
}

fn category(key: &str, retryable: bool, exit: u8, http: u16, rpc: i32, expected: bool) -> Category {
    Category {
        key: key.into(),
        summary: format!("{key} errors"),
        retryable,
        retry: retryable.then(|| Retry {
            max_attempts: Some(3),
            initial_backoff_ms: Some(200),
            advice: Some("Wait briefly, then retry.".into()),
        }),
        exit_code: exit,
        http_status: http,
        jsonrpc_code: rpc,
        expected,
        ids: errdex_codegen::ir::KeyIds::derive(key),
        title: names::category_title(key),
        anchor: names::category_anchor(key),
    }
}

pub struct E<'a> {
    pub name: &'a str,
    pub code: &'a str,
    pub category: usize,
    pub namespace: Option<usize>,
    pub message: &'a str,
    pub params: &'a [(&'a str, ParamType)],
    pub suggestion: Option<&'a str>,
}

fn entry(cat: &Catalogue, e: E<'_>) -> ErrorEntry {
    let names: Vec<&str> = e.params.iter().map(|p| p.0).collect();
    let c = &cat.categories[e.category];
    let ns_slug = e
        .namespace
        .map_or(GENERAL_SLUG.to_string(), |i| cat.namespaces[i].slug.clone());
    ErrorEntry {
        name: e.name.into(),
        code: e.code.into(),
        namespace: e.namespace,
        category: e.category,
        summary: format!("Summary of {}", e.name),
        message: Template::parse(e.message, &names).unwrap(),
        params: e
            .params
            .iter()
            .map(|(n, ty)| Param {
                name: (*n).into(),
                ty: *ty,
                ids: errdex_codegen::ir::ParamIds {
                    rust: names::rust_snake(n),
                    ts: n.to_string(),
                    py: names::py_param(n),
                    go: names::go_param(n),
                },
                schema: None,
                example: None,
            })
            .collect(),
        suggestion: e.suggestion.map(|s| Template::parse(s, &names).unwrap()),
        explanation: Some("Long *Markdown* explanation.".into()),
        retryable: c.retryable,
        retry: c.retry.clone(),
        exit_code: c.exit_code,
        http_status: c.http_status,
        jsonrpc_code: c.jsonrpc_code,
        expected: c.expected,
        docs_url: format!("{ns_slug}.html#{}", names::slug(e.code)),
        since: None,
        deprecated: None,
        aliases: vec![],
        legacy_codes: vec![],
        ids: errdex_codegen::ir::EntryIds::derive(e.name),
        anchor: names::slug(e.code),
        class: match e.namespace {
            Some(i) => cat.namespaces[i]
                .class
                .clone()
                .unwrap_or_else(|| cat.registry.class.clone()),
            None => cat.registry.class.clone(),
        },
    }
}

fn base(name: &str, wire: Wire, prefix: &str) -> Catalogue {
    let mcp_prefix = prefix.to_string();
    Catalogue {
        source_name: "errors.yaml".into(),
        registry: Registry {
            name: name.into(),
            title: format!("{name} error reference"),
            docs_url: None,
            docs_site_url: None,
            code_pattern: None,
            wire,
            mcp_meta_prefix: prefix.into(),
            crate_name: names::package_name(name),
            npm_name: names::package_name(name),
            python_package: names::python_package(name),
            go_package: names::go_package(name),
            go_module: names::go_package(name),
            class: format!("{}Error", names::rust_variant(name)),
        },
        categories: vec![
            category("invalid", false, 1, 400, -32602, true),
            category("unavailable", true, 1, 503, -32603, false),
            category("not_found", false, 1, 404, -32001, true),
        ],
        namespaces: vec![],
        errors: vec![],
        retired: vec![],
        profiles: errdex_codegen::catalogue::defaults::profiles(&mcp_prefix),
        package: errdex_codegen::catalogue::defaults::package(),
        outputs: errdex_codegen::ir::OutputPaths::default(),
        usage: errdex_codegen::ir::Usage::default(),
        rust: errdex_codegen::catalogue::defaults::rust_items(),
        go: errdex_codegen::catalogue::defaults::go_items(),
        docs: errdex_codegen::ir::Docs::default(),
        imports: Vec::new(),
    }
}

/// The wire shape of a registry without a `wire` block.
pub fn default_wire() -> Wire {
    errdex_codegen::catalogue::defaults::wire()
}

/// The example of `docs/catalogue.md`, grown: every param type, a deprecated entry with a legacy
/// code, an alias, a retired code.
pub fn acme() -> Catalogue {
    let mut c = base("acme", default_wire(), "dev.acme/");
    c.namespaces.push(Namespace {
        key: "FRM".into(),
        title: "Forms".into(),
        summary: Some("Form fields, validation, submit behaviour".into()),
        code_prefix: Some("ACM-FRM-".into()),
        class: Some("FormError".into()),
        category: None,
        ids: errdex_codegen::ir::KeyIds::derive("FRM"),
        slug: "frm".into(),
    });
    let e1 = entry(
        &c,
        E {
            name: "FRM_VALIDATION",
            code: "ACM-FRM-001",
            category: 0,
            namespace: Some(0),
            message: "{field} is required",
            params: &[("field", ParamType::String)],
            suggestion: Some("Provide a non-empty value for `{field}`."),
        },
    );
    let mut e2 = entry(
        &c,
        E {
            name: "FRM_LIMIT",
            code: "ACM-FRM-002",
            category: 0,
            namespace: Some(0),
            message: "{count} items exceed the limit of {limit} (ratio {ratio}, strict {strict})",
            params: &[
                ("count", ParamType::Integer),
                ("limit", ParamType::Integer),
                ("ratio", ParamType::Number),
                ("strict", ParamType::Boolean),
            ],
            suggestion: None,
        },
    );
    e2.aliases = vec!["FORM_LIMIT".into()];
    let mut e3 = entry(
        &c,
        E {
            name: "UPSTREAM_DOWN",
            code: "ACM-NET-001",
            category: 1,
            namespace: None,
            message: "upstream {host} is down",
            params: &[("host", ParamType::String)],
            suggestion: Some("Wait, then retry."),
        },
    );
    e3.legacy_codes = vec!["ACM-NET-01".into()];
    e3.deprecated = Some(Deprecation {
        since: Some("1.4.0".into()),
        replaced_by: Some(0),
        note: Some("use the other one".into()),
    });
    e3.since = Some("1.0.0".into());
    c.errors = vec![e1, e2, e3];
    c.retired.push(Retired {
        code: "ACM-FRM-009".into(),
        name: Some("FRM_OLD_THING".into()),
        since: Some("1.3.0".into()),
        note: Some("merged into FRM_VALIDATION".into()),
        replaced_by: None,
        anchor: "acm-frm-009".into(),
    });
    c
}

/// An MCP server's wire: `{"error": message, "code": code, "retryable": bool, "details": {...}}`,
/// per-code retryability different from the category.
pub fn mcp_server() -> Catalogue {
    let wire = Wire {
        code: "code".into(),
        message: "error".into(),
        category: None,
        retryable: Some("retryable".into()),
        details: Some("details".into()),
        // The seed's own order: `{"error": message, "code": code, "retryable", "details"}`.
        order: {
            use errdex_codegen::ir::WireField::*;
            vec![Message, Code, Retryable, Details, Category]
        },
    };
    let mut c = base("mcp_server", wire, "");
    let mut nf = entry(
        &c,
        E {
            name: "NOT_FOUND",
            code: "NOT_FOUND",
            category: 2,
            namespace: None,
            message: "{resource} not found",
            params: &[("resource", ParamType::String)],
            suggestion: None,
        },
    );
    nf.retryable = true;
    let ve = entry(
        &c,
        E {
            name: "VALIDATION_ERROR",
            code: "VALIDATION_ERROR",
            category: 0,
            namespace: None,
            message: "invalid input",
            params: &[],
            suggestion: Some("Check the input schema."),
        },
    );
    c.errors = vec![nf, ve];
    c
}

/// Hostile text everywhere it can go.
pub fn hostile() -> Catalogue {
    let wire = Wire {
        code: "__proto__".into(),
        message: "message \"quoted\"".into(),
        category: Some("constructor".into()),
        retryable: Some("retry*/able".into()),
        details: None,
        order: errdex_codegen::ir::WireField::ALL.to_vec(),
    };
    let mut c = base("hostile", wire, "x\"/</script>");
    c.registry.title = "Hostile */ </script> `${x}` \u{202e}rtl\u{202c} 🎉\r\nline".into();
    c.categories[0].summary = "*/ alert(1) /*".into();
    c.namespaces.push(Namespace {
        key: "toString".into(),
        title: "Title with \"quotes\" and \\backslash\\".into(),
        summary: Some("@deprecated not really\n*/ end".into()),
        code_prefix: None,
        class: None,
        category: None,
        ids: errdex_codegen::ir::KeyIds::derive("toString"),
        slug: "tostring".into(),
    });
    let mut e1 = entry(
        &c,
        E {
            name: "TYPE",
            code: "</script><script>alert(1)</script>",
            category: 0,
            namespace: Some(0),
            message: "`${{x}}` {{literal}} \"q\" \\ */ {value} \u{2028}\u{2029} 🎉",
            params: &[("value", ParamType::String), ("class", ParamType::Integer)],
            suggestion: Some("Try ${{class}} `{class}` */"),
        },
    );
    e1.summary = "Summary with */ and @param and \r\n newline".into();
    e1.docs_url = "https://x.test/a\"b*/c".into();
    let e2 = entry(
        &c,
        E {
            name: "constructor",
            code: "__proto__",
            category: 1,
            namespace: None,
            message: "proto {hasOwnProperty}",
            params: &[("hasOwnProperty", ParamType::Boolean)],
            suggestion: None,
        },
    );
    let e3 = entry(
        &c,
        E {
            name: "DELETE",
            code: "toString",
            category: 2,
            namespace: None,
            message: "plain",
            params: &[],
            suggestion: None,
        },
    );
    c.errors = vec![e1, e2, e3];
    c.retired.push(Retired {
        code: "valueOf".into(),
        name: None,
        since: None,
        note: Some("*/ gone".into()),
        replaced_by: None,
        anchor: "valueof".into(),
    });
    c
}

pub fn empty() -> Catalogue {
    let mut c = base("empty", default_wire(), "");
    c.categories.truncate(1);
    c
}

/// `tools/node/node_modules` (installed by `.ci/steps/20-node.sh`) when node runs and it holds
/// typescript and ajv; otherwise `None` with the reason printed, and a failure under CI.
pub fn node_tools() -> Option<PathBuf> {
    let dir = repo_root().join("tools/node/node_modules");
    let found = crate::testkit::tool::program("node").and_then(|_| {
        crate::testkit::tool::file(dir.join("typescript"), "bash .ci/steps/20-node.sh")?;
        crate::testkit::tool::file(dir.join("ajv"), "bash .ci/steps/20-node.sh")?;
        Ok(dir.clone())
    });
    crate::testkit::tool::require_tool("the TypeScript checks (node, tsc, ajv)", found)
}

/// Runs a command, panicking with its output when it fails.
pub fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{cmd:?} failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    stdout
}

/// Writes the emitter's files under `dir`.
pub fn write_files(dir: &Path, files: &[(String, String)]) {
    for (rel, text) in files {
        let p = dir.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}
