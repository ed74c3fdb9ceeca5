//! Every fixture catalogue under `tests/fixtures/*/errors.yaml` loads with errdex's loader
//! without an error, and without a warning but those asking where the book is deployed
//! (EDX0604, EDX0605), and the facts each case exists for survive loading.

use std::path::{Path, PathBuf};

use errdex_codegen::{Catalogue, Severity};

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("codegen/ has a parent")
        .join("tests/fixtures")
}

/// Every case directory holding an `errors.yaml`, sorted by name.
fn cases() -> Vec<(String, PathBuf)> {
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(fixtures_dir())
        .expect("tests/fixtures exists")
        .filter_map(|e| {
            let e = e.ok()?;
            let file = e.path().join("errors.yaml");
            file.is_file()
                .then(|| (e.file_name().to_string_lossy().into_owned(), file))
        })
        .collect();
    out.sort();
    out
}

/// Loads one case, panicking with every diagnostic when there is any.
fn load(case: &str) -> Catalogue {
    let file = fixtures_dir().join(case).join("errors.yaml");
    // By path: a fixture in many files (`split`) is read with its parts.
    let loaded =
        errdex_codegen::load_path(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let rendered: Vec<String> = loaded
        .diagnostics
        .iter()
        .map(|d| {
            let at = d
                .span
                .map_or(String::new(), |s| format!("{}:{}: ", s.line, s.column));
            format!(
                "  {case}/errors.yaml:{at}{} {}[{}] {}",
                d.code.severity().as_str(),
                d.code.as_str(),
                d.code.name(),
                d.message
            )
        })
        .collect();
    let errors = loaded
        .diagnostics
        .iter()
        .filter(|d| d.code.severity() == Severity::Error)
        .count();
    assert_eq!(
        errors,
        0,
        "{case}: error diagnostics:\n{}",
        rendered.join("\n")
    );
    if !rendered.is_empty() {
        eprintln!("{case}: warnings:\n{}", rendered.join("\n"));
    }
    // Where a fixture's book is deployed is not what the fixtures test (the mcp-server
    // fixture and tests/bad/docs-*.yaml do): the warnings that ask for
    // registry.docs_site_url (EDX0604, EDX0605) are allowed, nothing else.
    let rest: Vec<&String> = rendered
        .iter()
        .filter(|r| !r.contains("[DOCS_SITE_UNSTATED]") && !r.contains("[RELATIVE_DOCS_URL]"))
        .collect();
    assert!(
        rest.is_empty(),
        "{case}: fixtures are meant to lint clean, but:\n{rest:?}"
    );
    loaded
        .catalogue
        .unwrap_or_else(|| panic!("{case}: no catalogue although there was no error"))
}

#[test]
fn every_fixture_loads_without_diagnostics() {
    let cases = cases();
    let names: Vec<&str> = cases.iter().map(|(n, _)| n.as_str()).collect();
    for expected in [
        "acme",
        "agent-cli",
        "full",
        "hostile",
        "mcp-server",
        "postgres",
        "runtime",
    ] {
        assert!(
            names.contains(&expected),
            "missing fixture case {expected}: have {names:?}"
        );
    }
    let mut failures = Vec::new();
    for (case, _) in &cases {
        if let Err(e) = std::panic::catch_unwind(|| load(case)) {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            failures.push(msg);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn acme_is_the_spec_example() {
    let c = load("acme");
    assert_eq!(c.registry.name, "acme");
    let e = c.lookup("ACM-FRM-001").expect("FRM_VALIDATION");
    assert_eq!(e.name, "FRM_VALIDATION");
    assert_eq!(e.docs_url, "https://docs.acme.dev/errors/frm#acm-frm-001");
    assert_eq!(
        (e.exit_code, e.http_status, e.jsonrpc_code),
        (1, 400, -32602)
    );
    assert!(!e.retryable && e.expected);
    assert_eq!(
        c.retired_code("ACM-FRM-009")
            .and_then(|r| r.name.as_deref()),
        Some("FRM_OLD_THING")
    );
}

#[test]
fn full_resolves_every_override() {
    let c = load("full");
    assert_eq!(c.registry.wire.code, "code");
    assert_eq!(c.registry.wire.message, "message");
    assert_eq!(c.registry.wire.category.as_deref(), Some("kind"));
    assert_eq!(c.registry.wire.retryable.as_deref(), Some("retryable"));
    assert_eq!(c.registry.wire.details.as_deref(), Some("details"));
    assert_eq!(c.registry.mcp_meta_prefix, "example.orbit/");
    assert!(c.errors.len() >= 20);
    assert!(
        c.namespaces
            .iter()
            .filter(|n| n.code_prefix.is_some())
            .count()
            >= 3
    );
    assert!(c.categories.iter().filter(|k| k.retry.is_some()).count() >= 3);

    let get = |k: &str| c.lookup(k).unwrap_or_else(|| panic!("{k}"));
    // Defaults from the registry template, with slugs.
    assert_eq!(
        get("ORB-DEP-001").docs_url,
        "https://docs.orbit.example/errors/dep/#orb-dep-001"
    );
    // The code of an entry without `code:` is its name; no namespace -> "general".
    let internal = get("INTERNAL");
    assert_eq!(internal.code, "INTERNAL");
    assert!(internal.namespace.is_none());
    assert_eq!(
        internal.docs_url,
        "https://docs.orbit.example/errors/general/#internal"
    );
    // Per-code overrides.
    assert!(!get("ORB-DEP-006").retryable, "retryable override");
    assert!(get("ORB-DEP-006").expected, "expected override");
    assert!(
        get("ORB-BIL-002").retryable,
        "retryable on a non-retryable category"
    );
    assert_eq!(
        get("ORB-DEP-005")
            .retry
            .as_ref()
            .and_then(|r| r.max_attempts),
        Some(1)
    );
    assert_eq!(get("ORB-DEP-007").exit_code, 3);
    assert_eq!(get("ORB-AUT-001").http_status, 401);
    assert_eq!(get("ORB-NET-001").jsonrpc_code, -32602);
    assert_eq!(
        get("ORB-NET-003").docs_url,
        "https://status.orbit.example/kb/tls#orb-net-003"
    );
    assert_eq!(
        get("ORB-BIL-001").docs_url,
        "https://billing.orbit.example/help/declined-cards"
    );
    // Category defaults where nothing is overridden.
    let dns = get("ORB-NET-002");
    assert_eq!(
        (dns.exit_code, dns.http_status, dns.jsonrpc_code),
        (124, 504, -32001)
    );
    assert!(dns.retryable);
    // Aliases, legacy codes, deprecation.
    assert_eq!(get("NO_SUCH_DEPLOYMENT").code, "ORB-DEP-002");
    assert_eq!(get("ORB-DEP-900").code, "ORB-DEP-002");
    let dep = get("DEP_QUOTA_LEGACY")
        .deprecated
        .clone()
        .expect("deprecated");
    assert_eq!(dep.since.as_deref(), Some("1.4.0"));
    assert_eq!(
        c.errors[dep.replaced_by.expect("replaced_by")].name,
        "DEP_QUOTA_EXCEEDED"
    );
    assert_eq!(c.retired.len(), 3);
    // Every param type is present.
    let mut types: Vec<&str> = c
        .errors
        .iter()
        .flat_map(|e| e.params.iter().map(|p| p.ty.as_str()))
        .collect();
    types.sort();
    types.dedup();
    assert_eq!(types, ["boolean", "integer", "number", "string"]);
}

#[test]
fn runtime_uses_the_default_wire_and_snake_case_codes() {
    let c = load("runtime");
    let w = &c.registry.wire;
    assert_eq!((w.code.as_str(), w.message.as_str()), ("error", "detail"));
    assert_eq!(w.category.as_deref(), Some("category"));
    assert_eq!((w.retryable.as_deref(), w.details.as_deref()), (None, None));
    let keys: Vec<&str> = c.categories.iter().map(|k| k.key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "invalid",
            "not_found",
            "permission",
            "unavailable",
            "internal",
            "config"
        ]
    );
    for k in &c.categories {
        assert_eq!(k.retryable, k.key == "unavailable", "{}", k.key);
        assert_eq!(k.exit_code == 2, k.key == "config", "{}", k.key);
    }
    assert!(c.errors.len() >= 15);
    for e in &c.errors {
        assert_eq!(e.code, e.name, "snake_case code is the name");
        assert!(
            e.code
                .chars()
                .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_')
        );
        assert_eq!(
            e.retryable,
            c.category_of(e).key == "unavailable",
            "{}",
            e.name
        );
    }
    let unknown = c.lookup("unknown_tool").expect("unknown_tool");
    assert_eq!(c.category_of(unknown).key, "not_found");
}

#[test]
fn mcp_server_overrides_retryability_per_code() {
    let c = load("mcp-server");
    let w = &c.registry.wire;
    assert_eq!((w.code.as_str(), w.message.as_str()), ("code", "error"));
    assert_eq!(w.category, None);
    assert_eq!(w.retryable.as_deref(), Some("retryable"));
    assert_eq!(w.details.as_deref(), Some("details"));
    assert_eq!(c.registry.mcp_meta_prefix, "dev.example/");
    let names: Vec<&str> = c.errors.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "VALIDATION_ERROR",
            "NOT_FOUND",
            "PERMISSION_DENIED",
            "PRECONDITION_FAILED",
            "CONFLICT",
            "INTERNAL_ERROR"
        ]
    );
    let nf = c.lookup("NOT_FOUND").expect("NOT_FOUND");
    assert!(
        nf.retryable && !c.category_of(nf).retryable,
        "NOT_FOUND retryable unlike its category"
    );
    assert!(nf.retry.as_ref().and_then(|r| r.advice.as_ref()).is_some());
    let ve = c.lookup("VALIDATION_ERROR").expect("VALIDATION_ERROR");
    assert!(!ve.retryable);
}

#[test]
fn agent_cli_has_ten_prefixed_subsystems_and_jsonrpc_codes() {
    let c = load("agent-cli");
    assert_eq!(c.namespaces.len(), 10);
    for n in &c.namespaces {
        assert_eq!(
            n.code_prefix.as_deref(),
            Some(format!("X-{}-", n.key).as_str())
        );
        assert!(
            c.errors
                .iter()
                .any(|e| e.namespace.map(|i| &c.namespaces[i]) == Some(n)),
            "{} has codes",
            n.key
        );
    }
    let frm = c.lookup("X-FRM-001").expect("X-FRM-001");
    assert_eq!(frm.name, "FRM_VALIDATION");
    let rpc: Vec<i32> = c.errors.iter().map(|e| e.jsonrpc_code).collect();
    for code in [-32700, -32602, -32601, -32603] {
        assert!(rpc.contains(&code), "JSON-RPC {code} mapped");
    }
    assert!(frm.docs_url.starts_with("https://"));
}

#[test]
fn hostile_text_survives_loading_verbatim() {
    let c = load("hostile");
    assert!(c.registry.title.contains("<script>"));
    let all: String = c
        .errors
        .iter()
        .flat_map(|e| {
            [
                e.summary.clone(),
                e.message.raw.clone(),
                e.explanation.clone().unwrap_or_default(),
            ]
            .into_iter()
            .chain(e.suggestion.as_ref().map(|s| s.raw.clone()))
        })
        .collect();
    for needle in [
        "\"",
        "\\",
        "*/",
        "/*",
        "</script>",
        "|",
        "`",
        "${x}",
        "{{",
        "}}",
        "\n",
        "\r",
        "\u{202E}",
        "-->",
        "<!--",
        "\n#",
        "*emphasis*",
        "javascript:alert(1)",
    ] {
        assert!(all.contains(needle), "hostile text lost {needle:?}");
    }
    assert!(all.chars().any(|ch| ch as u32 >= 0x1F300), "an emoji");
    for name in ["TYPE", "self", "ASYNC", "MATCH", "constructor"] {
        assert!(c.lookup(name).is_some(), "entry named {name}");
    }
    let params: Vec<&str> = c
        .errors
        .iter()
        .flat_map(|e| e.params.iter().map(|p| p.name.as_str()))
        .collect();
    for p in ["type", "class", "fn", "self", "default"] {
        assert!(params.contains(&p), "param named {p}");
    }
}
