//! Shared helpers of the Rust-target tests: hand-built catalogues (used until fixture YAML
//! can be loaded) and the throwaway-crate harness.
#![allow(dead_code, clippy::unwrap_used)]

pub mod harness;

use errdex_codegen::ir::*;
use errdex_codegen::names;
use errdex_codegen::template::Template;

pub fn category(
    key: &str,
    retryable: bool,
    exit: u8,
    http: u16,
    rpc: i32,
    expected: bool,
) -> Category {
    Category {
        key: key.into(),
        summary: format!("{key} summary"),
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

pub fn entry(cat: &Catalogue, e: E<'_>) -> ErrorEntry {
    let pnames: Vec<&str> = e.params.iter().map(|p| p.0).collect();
    let c = &cat.categories[e.category];
    let ns_slug = e
        .namespace
        .map_or("general".to_string(), |i| cat.namespaces[i].slug.clone());
    ErrorEntry {
        name: e.name.into(),
        code: e.code.into(),
        namespace: e.namespace,
        category: e.category,
        summary: format!("{} summary", e.name),
        message: Template::parse(e.message, &pnames).unwrap(),
        params: e
            .params
            .iter()
            .map(|(n, ty)| Param {
                name: n.to_string(),
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
        suggestion: e.suggestion.map(|s| Template::parse(s, &pnames).unwrap()),
        explanation: None,
        retryable: c.retryable,
        retry: c.retry.clone(),
        exit_code: c.exit_code,
        http_status: c.http_status,
        jsonrpc_code: c.jsonrpc_code,
        expected: c.expected,
        docs_url: format!(
            "https://docs.example.dev/errors/{ns_slug}#{}",
            names::slug(e.code)
        ),
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

pub fn base(name: &str, wire: Wire) -> Catalogue {
    let mcp_prefix = format!("dev.{name}/");
    Catalogue {
        source_name: "errors.yaml".into(),
        registry: Registry {
            name: name.into(),
            title: format!("{name} error reference"),
            docs_url: Some("https://docs.example.dev/errors/{namespace}#{code}".into()),
            docs_site_url: None,
            code_pattern: None,
            wire,
            mcp_meta_prefix: mcp_prefix.clone(),
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
            category("config", false, 2, 500, -32603, false),
        ],
        namespaces: vec![Namespace {
            key: "FRM".into(),
            title: "Forms".into(),
            summary: Some("Form fields".into()),
            code_prefix: Some("ACM-FRM-".into()),
            class: Some("FormError".into()),
            category: None,
            ids: errdex_codegen::ir::KeyIds {
                rust: "Frm".into(),
                py: names::py_constant("Frm"),
                go: names::go_camel("Frm"),
            },
            slug: "frm".into(),
        }],
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

/// A small catalogue in the spirit of the example in `docs/catalogue.md`, with every feature
/// used once.
pub fn acme() -> Catalogue {
    let mut cat = base(
        "acme",
        Wire {
            code: "error".into(),
            message: "detail".into(),
            category: Some("category".into()),
            retryable: None,
            details: None,
            order: errdex_codegen::ir::WireField::ALL.to_vec(),
        },
    );
    use ParamType::*;
    let specs = [
        E {
            name: "FRM_VALIDATION",
            code: "ACM-FRM-001",
            category: 0,
            namespace: Some(0),
            message: "{field} is required",
            params: &[("field", String)],
            suggestion: Some("Provide a non-empty value for `{field}`."),
        },
        E {
            name: "FRM_TOO_LONG",
            code: "ACM-FRM-002",
            category: 0,
            namespace: Some(0),
            message: "{field} is {len} chars, max {max} ({ratio}x; strict={strict}) {{literal}}",
            params: &[
                ("field", String),
                ("len", Integer),
                ("max", Integer),
                ("ratio", Number),
                ("strict", Boolean),
            ],
            suggestion: None,
        },
        E {
            name: "NET_DOWN",
            code: "ACM-NET-001",
            category: 1,
            namespace: None,
            message: "upstream is down",
            params: &[],
            suggestion: Some("Retry later."),
        },
        E {
            name: "type",
            code: "ACM-CFG-001",
            category: 2,
            namespace: None,
            message: "bad config key {type}",
            params: &[("type", String)],
            suggestion: None,
        },
    ];
    let entries: Vec<ErrorEntry> = specs.into_iter().map(|s| entry(&cat, s)).collect();
    cat.errors = entries;
    cat.errors[0].aliases = vec!["FORM_INVALID".into()];
    cat.errors[0].legacy_codes = vec!["ACM-FORM-01".into()];
    cat.errors[0].explanation = Some(
        "Raised when a submitted form misses a required field.\n\n```\nlet x = not rust;\n```\n"
            .into(),
    );
    cat.errors[0].since = Some("1.2.0".into());
    cat.errors[2].retryable = false;
    cat.errors[2].http_status = 502;
    cat.errors[3].deprecated = Some(Deprecation {
        since: Some("1.4.0".into()),
        replaced_by: Some(0),
        note: Some("merged".into()),
    });
    cat.retired = vec![Retired {
        code: "ACM-FRM-009".into(),
        name: Some("FRM_OLD_THING".into()),
        since: Some("1.3.0".into()),
        note: Some("merged into FRM_VALIDATION".into()),
        replaced_by: None,
        anchor: "acm-frm-009".into(),
    }];
    cat
}

/// An MCP-server-style registry: nested details, a retryable key, message under `error`.
pub fn mcp() -> Catalogue {
    let mut cat = base(
        "mcp_srv",
        Wire {
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
        },
    );
    cat.namespaces.clear();
    use ParamType::*;
    let specs = [
        E {
            name: "NOT_FOUND",
            code: "NOT_FOUND",
            category: 0,
            namespace: None,
            message: "no such {what}: {id}",
            params: &[("what", String), ("id", Integer)],
            suggestion: Some("List the {what}s first."),
        },
        E {
            name: "VALIDATION_ERROR",
            code: "VALIDATION_ERROR",
            category: 0,
            namespace: None,
            message: "invalid input",
            params: &[],
            suggestion: None,
        },
    ];
    cat.errors = specs.into_iter().map(|s| entry(&cat, s)).collect();
    cat.errors[0].retryable = true;
    cat.registry.mcp_meta_prefix = std::string::String::new();
    cat.profiles.mcp_tool_error.prefix = std::string::String::new();
    cat
}

/// Hostile text everywhere text can go.
pub fn hostile() -> Catalogue {
    let evil = "q\"uote \\back */ </script> | `tick` ${x} {{ }} \n new\r\n line \u{202e}rtl 🎉 */ /* # [link](x) <b>";
    let mut cat = acme();
    cat.source_name = "we\"ird */ name.yaml".into();
    cat.registry.title = evil.into();
    cat.registry.mcp_meta_prefix = "\"};/".into();
    cat.profiles.mcp_tool_error.prefix = "\"};/".into();
    for c in &mut cat.categories {
        c.summary = evil.into();
    }
    cat.namespaces[0].title = evil.into();
    cat.namespaces[0].summary = Some(evil.into());
    for e in &mut cat.errors {
        e.summary = evil.into();
        e.explanation = Some(format!(
            "{evil}\n\n    indented code\n\n```rust\nfn main() {{ panic!() }}\n```\n"
        ));
        e.docs_url = format!("https://x.dev/{}#a\"b>", e.anchor);
        e.since = Some(evil.into());
    }
    cat.errors[0].message =
        Template::parse("{field} \"{{\"}} */ `x` \u{202e} \r\n ${field}", &["field"]).unwrap();
    cat.errors[3].deprecated.as_mut().unwrap().note = Some(evil.into());
    cat.retired[0].note = Some(evil.into());
    cat
}
