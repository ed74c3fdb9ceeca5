//! The generated Rust crate, compiled and run: every accessor and rendering agrees with the
//! catalogue and with the reference renderings of `payload.rs`, value for value; MCP results
//! and JSON-RPC errors validate against the official MCP schemas.
#![allow(clippy::unwrap_used)]

mod rust_support;
mod seed_support;
mod vectors_support;

use errdex_codegen::emit::rust::{RustOptions, emit, lookup_keys};
use errdex_codegen::ir::Catalogue;
use errdex_codegen::payload::Instance;
use rust_support::harness::{Source, TestCrate, driver_main_with_readings, workspace_root};
use serde_json::{Value, json};

fn mcp_validators() -> Vec<(String, jsonschema::Validator, jsonschema::Validator)> {
    let dir = workspace_root().join("tests/mcp-schema");
    let mut out = Vec::new();
    for f in ["schema-2025-11-25.json", "schema-2026-07-28.json"] {
        let schema: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join(f)).unwrap()).unwrap();
        let def = |name: &str| {
            let mut s = schema.clone();
            s["$ref"] = json!(format!("#/$defs/{name}"));
            jsonschema::validator_for(&s).unwrap()
        };
        out.push((
            f.to_string(),
            def("CallToolResult"),
            def("JSONRPCErrorResponse"),
        ));
    }
    out
}

fn instances<'a>(cat: &'a Catalogue, i: usize) -> Vec<Instance<'a>> {
    let e = &cat.errors[i];
    let ex = Instance::example(e);
    let mut b = ex.clone();
    b.argument = Some("the-arg".into());
    b.constraint = Some(vectors_support::rich_constraint());
    b.context = vec![
        ("form".into(), json!("deploy")),
        ("argument".into(), json!("ignored")),
        (cat.registry.wire.code.clone(), json!("overwritten?")),
        ("n".into(), json!(7)),
    ];
    let mut c = ex.clone();
    c.suggestion_override = Some("Try `this` instead.".into());
    c.context = vec![("z".into(), json!([1, 2]))];
    // A raise site that words the message itself, knows better than the code whether the
    // caller can fix it, raises another class, and attaches the agent-CLI repair context.
    let mut d = ex.clone();
    d.message_override = Some("Raised as worded".into());
    d.expected_override = Some(!e.expected);
    d.error_type_override = Some("RaisedAs".into());
    d.context = vec![
        ("tool".into(), json!("deploy")),
        ("example".into(), json!("x")),
        ("schema".into(), json!({"type": "object"})),
    ];
    // The argument names the first param with an `example:` (the profile's `example` fact).
    let mut f = ex.clone();
    f.argument = Some(example_argument(e));
    vec![ex, b, c, d, f]
}

/// The first param with an `example:`, else `the-arg`.
fn example_argument(e: &errdex_codegen::ir::ErrorEntry) -> String {
    e.params
        .iter()
        .find(|p| p.example.is_some())
        .map_or_else(|| "the-arg".to_string(), |p| p.name.clone())
}

fn load_fixture(case: &str) -> Catalogue {
    let rel = format!("tests/fixtures/{case}/errors.yaml");
    let src = std::fs::read_to_string(workspace_root().join(&rel)).unwrap();
    let loaded = errdex_codegen::load_str(&src, &rel);
    loaded
        .catalogue
        .unwrap_or_else(|| panic!("{case}: {:?}", loaded.diagnostics))
}

fn check(name: &str, cat: &Catalogue) -> TestCrate {
    let text = emit(cat, &RustOptions::default());
    check_with(name, cat, Source::Text(&text))
}

fn check_with(name: &str, cat: &Catalogue, source: Source<'_>) -> TestCrate {
    let keys = lookup_keys(cat);
    let foreign = vectors_support::foreign(cat);
    let wires: Vec<Value> = foreign.iter().map(|f| f["wire"].clone()).collect();
    let readings = vectors_support::http_readings(cat);
    let krate = TestCrate::new(
        name,
        source,
        &driver_main_with_readings(&name.replace('-', "_"), cat, &keys, &wires, &readings),
    );
    let out = krate.run_json();
    let validators = mcp_validators();

    let codes = out["codes"].as_array().unwrap();
    assert_eq!(codes.len(), cat.errors.len());
    for (i, (e, got)) in cat.errors.iter().zip(codes).enumerate() {
        let c = cat.category_of(e);
        let ctx = format!("{name}: {}", e.code);
        assert_eq!(got["code"], json!(e.code), "{ctx}");
        assert_eq!(got["display"], json!(e.code), "{ctx}");
        assert_eq!(got["debug"], json!(e.ids.rust.variant), "{ctx}");
        assert_eq!(got["name"], json!(e.name), "{ctx}");
        assert_eq!(got["index"], json!(i), "{ctx}");
        assert_eq!(got["from_index"], json!(true), "{ctx}");
        assert_eq!(got["category"], json!(c.key), "{ctx}");
        assert_eq!(
            got["namespace"],
            json!(cat.namespace_of(e).map(|n| &n.key)),
            "{ctx}"
        );
        assert_eq!(got["retryable"], json!(e.retryable), "{ctx}");
        let retry = e.retry.as_ref().map(|r| json!({"max_attempts": r.max_attempts, "initial_backoff_ms": r.initial_backoff_ms, "advice": r.advice}));
        assert_eq!(got["retry"], json!(retry), "{ctx}");
        assert_eq!(got["exit_code"], json!(e.exit_code), "{ctx}");
        assert_eq!(got["http_status"], json!(e.http_status), "{ctx}");
        assert_eq!(got["jsonrpc_code"], json!(e.jsonrpc_code), "{ctx}");
        assert_eq!(got["expected"], json!(e.expected), "{ctx}");
        assert_eq!(
            got["log_level"],
            json!(if e.expected { "warn" } else { "error" }),
            "{ctx}"
        );
        assert_eq!(got["docs_url"], json!(e.docs_url), "{ctx}");
        assert_eq!(got["summary"], json!(e.summary), "{ctx}");
        assert_eq!(got["class"], json!(e.class), "{ctx}");
        assert_eq!(got["explanation"], json!(e.explanation), "{ctx}");
        assert_eq!(got["message_template"], json!(e.message.raw), "{ctx}");
        assert_eq!(
            got["suggestion_template"],
            json!(e.suggestion.as_ref().map(|t| &t.raw)),
            "{ctx}"
        );
        let params: Vec<Value> = e
            .params
            .iter()
            .map(|p| json!([p.name, p.ty.as_str()]))
            .collect();
        assert_eq!(got["params"], json!(params), "{ctx}");
        assert_eq!(got["since"], json!(e.since), "{ctx}");
        let dep = e.deprecated.as_ref().map(|d| json!({"since": d.since, "replaced_by": d.replaced_by.map(|r| &cat.errors[r].code), "note": d.note}));
        assert_eq!(got["deprecated"], json!(dep), "{ctx}");
        assert_eq!(got["aliases"], json!(e.aliases), "{ctx}");
        assert_eq!(got["legacy_codes"], json!(e.legacy_codes), "{ctx}");
        assert_eq!(got["serde"], json!(e.code), "{ctx}");
        assert_eq!(got["serde_back"], json!(true), "{ctx}");

        let got_inst = got["instances"].as_array().unwrap();
        for (j, (inst, g)) in instances(cat, i).iter().zip(got_inst).enumerate() {
            let ctx = format!("{ctx} instance {j}");
            assert_eq!(g["message"], json!(inst.message()), "{ctx}");
            assert_eq!(g["suggestion"], json!(inst.suggestion()), "{ctx}");
            assert_eq!(g["text"], json!(inst.terminal_text(cat)), "{ctx}");
            assert_eq!(g["wire"], inst.wire(cat), "{ctx}");
            assert_eq!(g["mcp"], inst.mcp_tool_result(cat), "{ctx}");
            assert_eq!(g["jsonrpc"], inst.jsonrpc_error(cat), "{ctx}");
            assert_eq!(g["problem"], inst.problem_json(cat), "{ctx}");
            // The HTTP profile's response: status, headers in order, body bytes, log level.
            assert_eq!(g["http"], vectors_support::http_json(inst, cat), "{ctx}");
            // Key order is part of the contract too (preserve_order on both sides).
            assert_eq!(g["wire"].to_string(), inst.wire(cat).to_string(), "{ctx}");
            assert_eq!(
                g["problem"].to_string(),
                inst.problem_json(cat).to_string(),
                "{ctx}"
            );
            // The tool response envelope: the same bytes as payload.rs, `content` included.
            let tool = inst.tool_response(cat, vectors_support::TOOL_ID);
            assert_eq!(g["tool_response"].to_string(), tool.to_string(), "{ctx}");
            assert_eq!(g["tool_response"]["content"], tool["content"], "{ctx}");
            assert_eq!(g["tool_content_is_to_string"], json!(true), "{ctx}");
            assert_eq!(g["wire_kind"], json!("known"), "{ctx}: constructed errors");
            assert_eq!(g["exit_code"], json!(e.exit_code), "{ctx}");
            assert_eq!(g["expected"], json!(inst.expected()), "{ctx}");
            let level = if inst.expected() { "warn" } else { "error" };
            assert_eq!(g["log_level"], json!(level), "{ctx}");
            assert_eq!(g["error_type"], json!(inst.error_type()), "{ctx}");
            assert_eq!(
                g["mcp"].to_string(),
                inst.mcp_tool_result(cat).to_string(),
                "{ctx}"
            );
            assert_eq!(
                g["jsonrpc"].to_string(),
                inst.jsonrpc_error(cat).to_string(),
                "{ctx}"
            );
            assert_eq!(g["wire_roundtrip"], json!(true), "{ctx}: {}", g["wire"]);
            assert_eq!(g["roundtrip_text"], g["text"], "{ctx}");
            for (schema, call_tool, rpc) in &validators {
                let errs: Vec<String> = call_tool
                    .iter_errors(&g["mcp"])
                    .map(|e| e.to_string())
                    .collect();
                assert!(
                    errs.is_empty(),
                    "{ctx}: MCP result invalid against {schema}: {errs:?}"
                );
                let errs: Vec<String> = rpc
                    .iter_errors(&g["jsonrpc_response"])
                    .map(|e| e.to_string())
                    .collect();
                assert!(
                    errs.is_empty(),
                    "{ctx}: JSON-RPC error invalid against {schema}: {errs:?}"
                );
            }
        }
    }

    // Every foreign vector (newer, retired and former codes, legacy payloads, garbage)
    // parses in Rust to what the vectors state, as in TypeScript (ts_vectors.rs).
    let got = out["foreign"].as_array().unwrap();
    assert_eq!(got.len(), foreign.len(), "{name}: foreign vectors");
    for (f, g) in foreign.iter().zip(got) {
        let ctx = format!("{name}: foreign {}: {}", f["label"], f["wire"]);
        let want = &f["expect"];
        for k in ["kind", "code", "category", "retryable"] {
            assert_eq!(g[k], want[k], "{ctx}: {k}");
        }
        if let Some(m) = want.get("message") {
            assert_eq!(g["message"], *m, "{ctx}: message");
        }
        assert_eq!(g["display_kind"], g["kind"], "{ctx}");
        assert_eq!(g["known"], json!(want["kind"] == "known"), "{ctx}");
        if want["kind"] == "legacy" || want["kind"] == "invalid" {
            assert_eq!(g["wire_code"], json!(""), "{ctx}: no code");
        }
    }

    // Every HTTP reading vector (each code's response under every body of the profile,
    // newer and retired codes, legacy and garbage bodies, every form of `Retry-After`) reads
    // in Rust as the reference reader says, and the reading's `Error` agrees.
    let got = out["readings"].as_array().unwrap();
    assert_eq!(got.len(), readings.len(), "{name}: HTTP readings");
    for (r, g) in readings.iter().zip(got) {
        let ctx = format!("{name}: HTTP reading {}: {}", r["label"], r["body"]);
        for k in ["kind", "code", "message", "status", "retryAfterMs"] {
            assert_eq!(g[k], r["expect"][k], "{ctx}: {k}");
        }
        assert_eq!(g["errorAgrees"], json!(true), "{ctx}");
    }

    // Every key parses to its target; retired codes say so; nothing else parses.
    let n = cat.errors.len();
    let parses = out["parses"].as_object().unwrap();
    let mut seen = std::collections::HashSet::new();
    for (k, t) in &keys {
        if !seen.insert(k) {
            continue;
        }
        let t = *t as usize;
        let want = if t < n {
            json!({"ok": cat.errors[t].code})
        } else {
            let r = &cat.retired[t - n];
            json!({"retired": r.code, "message": parses[k]["message"]})
        };
        assert_eq!(parses[k], want, "{name}: parse {k:?}");
        if t >= n {
            assert!(
                parses[k]["message"].as_str().unwrap().contains("retired"),
                "{name}: {k}"
            );
        }
    }
    assert_eq!(parses[""], json!({"unknown": true}));
    assert_eq!(parses["NO-SUCH-CODE"], json!({"unknown": true}));

    let reg = &out["registry"];
    assert_eq!(reg["name"], json!(cat.registry.name));
    assert_eq!(reg["title"], json!(cat.registry.title));
    assert_eq!(reg["mcp_meta_prefix"], json!(cat.registry.mcp_meta_prefix));
    let w = &cat.registry.wire;
    assert_eq!(
        reg["wire"],
        json!([w.code, w.message, w.category, w.retryable, w.details])
    );
    let all: Vec<&str> = cat.errors.iter().map(|e| e.code.as_str()).collect();
    assert_eq!(reg["all"], json!(all));
    for (c, g) in cat
        .categories
        .iter()
        .zip(reg["categories"].as_array().unwrap())
    {
        assert_eq!(
            *g,
            json!({"key": c.key, "summary": c.summary, "retryable": c.retryable, "exit_code": c.exit_code,
                   "http_status": c.http_status, "jsonrpc_code": c.jsonrpc_code, "expected": c.expected,
                   "parse": true, "serde": c.key})
        );
    }
    for (ns, g) in cat
        .namespaces
        .iter()
        .zip(reg["namespaces"].as_array().unwrap())
    {
        let codes: Vec<&str> = cat
            .errors
            .iter()
            .filter(|e| cat.namespace_of(e).map(|x| &x.key) == Some(&ns.key))
            .map(|e| e.code.as_str())
            .collect();
        assert_eq!(
            *g,
            json!({"key": ns.key, "title": ns.title, "summary": ns.summary, "code_prefix": ns.code_prefix, "codes": codes, "parse": true})
        );
    }
    let retired: Vec<Value> = cat
        .retired
        .iter()
        .map(|r| json!([r.code, r.name, r.since, r.note]))
        .collect();
    assert_eq!(reg["retired"], json!(retired));

    // A payload from a newer peer still parses and keeps its fields.
    let u = &reg["unknown_wire"];
    assert_eq!(u["known"], json!(false));
    assert_eq!(u["wire_code"], json!("FUTURE-999"));
    assert_eq!(u["message"], json!("something new"));
    assert_eq!(u["argument"], json!("x"));
    assert_eq!(u["context"], json!([["extra_field", {"a": 1}]]));
    if w.category.is_some() {
        let last = cat.categories.last().unwrap();
        assert_eq!(u["category"], json!(last.key));
        assert_eq!(
            u["exit_code"],
            json!(last.exit_code),
            "classified by the wire category"
        );
    } else {
        assert_eq!(u["exit_code"], json!(1));
    }
    assert_eq!(u["rewire"][&w.code], json!("FUTURE-999"));
    assert_eq!(u["junk"], json!(["", "plain text", 1]));
    krate
}

#[test]
fn generated_crates_agree_with_catalogue_and_payload() {
    // Hand-built catalogues: exercise every param type, a keyword name, CR and RTL text.
    check("errdex-rt-acme", &rust_support::acme());
    check("errdex-rt-mcp", &rust_support::mcp());
    check("errdex-rt-hostile", &rust_support::hostile());
    // The fixture catalogues, loaded by the real loader.
    for case in ["mcp-server", "runtime", "postgres", "agent-cli", "params"] {
        check(&format!("errdex-rt-fx-{case}"), &load_fixture(case));
    }
    // The seed documents' profiles: `errorData` with an `Error: {message}` text and no
    // resultType; `_meta` without prefix; a JSON-RPC `data` of chosen facts.
    for (name, src) in [
        ("errdex-rt-seed-milo", seed_support::MILO),
        ("errdex-rt-seed-tmux", seed_support::TMUX),
        ("errdex-rt-seed-tracker", seed_support::TRACKER),
        ("errdex-rt-seed-rpc", &seed_support::milo_with_rpc_profile()),
        (
            "errdex-rt-seed-examples",
            &seed_support::milo_with_param_examples(),
        ),
    ] {
        check(name, &seed_support::load(src));
    }
}

/// The README's `build.rs` snippet, verbatim, on a fixture the crate has never seen, then
/// every accessor and rendering compared with the catalogue.
#[test]
fn readme_build_rs_snippet_builds_a_fixture_crate() {
    let path = workspace_root().join("tests/fixtures/full/errors.yaml");
    let mut cat = load_fixture("full");
    cat.source_name = "errors.yaml".into();
    check_with(
        "errdex-rt-snippet-full",
        &cat,
        Source::BuildRs { catalogue: &path },
    );
}

/// `rust: {constructors: false, namespace_enums: false}`: the module declares neither (the
/// registry.json identifiers say so too), the same errors built by name through
/// `Error::from_named` agree with the catalogue value for value, and the crate is still free
/// of warnings under clippy and rustdoc (no helper is left unused).
#[test]
fn crate_without_constructors_or_namespace_enums() {
    let mut cat = load_fixture("full");
    assert!(!cat.namespaces.is_empty() && cat.errors.iter().any(|e| !e.params.is_empty()));
    let full = emit(&cat, &RustOptions::default());
    cat.rust = errdex_codegen::ir::RustItems {
        constructors: false,
        namespace_enums: false,
        integrations: Vec::new(),
    };
    let text = emit(&cat, &RustOptions::default());
    for e in &cat.errors {
        let ctor = format!("pub fn {}(", e.ids.rust.constructor);
        assert!(full.contains(&ctor), "{ctor}");
        assert!(!text.contains(&ctor), "{ctor}");
    }
    for ns in &cat.namespaces {
        let sub = format!(
            "pub enum {} {{",
            errdex_codegen::names::rust_namespace_enum(&ns.ids.rust)
        );
        assert!(full.contains(&sub), "{sub}");
        assert!(!text.contains(&sub), "{sub}");
    }
    let registry = errdex_codegen::emit::json_schema::registry_json(&cat).to_string();
    assert!(!registry.contains("rust_constructor") && !registry.contains("rust_codes"));
    let krate = check_with("errdex-rt-fx-full-lean", &cat, Source::Text(&text));
    krate.run(&["clippy", "-q", "--lib", "--", "-D", "warnings"], &[]);
    krate.run(
        &["doc", "-q", "--no-deps", "--lib"],
        &[("RUSTDOCFLAGS", "-D warnings")],
    );
}

/// The hostile fixture's crate passes `clippy -D warnings`, `cargo doc` with warnings
/// denied, and its doctests (catalogue code blocks are never compiled as doctests).
#[test]
fn hostile_crate_passes_clippy_doc_and_doctests() {
    let krate = check("errdex-rt-fx-hostile", &load_fixture("hostile"));
    krate.run(&["clippy", "-q", "--lib", "--", "-D", "warnings"], &[]);
    krate.run(
        &["doc", "-q", "--no-deps", "--lib"],
        &[("RUSTDOCFLAGS", "-D warnings")],
    );
    krate.run(&["test", "-q", "--doc"], &[]);
}

/// Above `COMPACT_ABOVE_CODES` the byte tables use the short escapes (`\0`, `\t`, `\n`,
/// `\r`, plain spaces): the crate still reads every code back (accessors, lookups of codes,
/// NAMEs, aliases and legacy codes, renderings, against the catalogue and `payload`) and
/// passes clippy with warnings denied (no `octal_escapes`).
#[test]
fn large_catalogue_crate_reads_back_its_compact_tables() {
    let n = errdex_codegen::support::pretty_json::COMPACT_ABOVE_CODES + 1;
    let mut src = String::from(
        "errdex: 1\nregistry:\n  name: big\ncategories:\n  invalid: {summary: Bad input, exit_code: 2, http_status: 400, jsonrpc_code: -32602, expected: true}\n  busy: {summary: Busy, retryable: true, exit_code: 3, http_status: 503, jsonrpc_code: -32603, expected: false}\nnamespaces:\n  FRM: {title: Forms}\nerrors:\n",
    );
    for i in 0..n {
        let category = if i % 2 == 0 { "invalid" } else { "busy" };
        src.push_str(&format!(
            "  CODE_{i}:\n    code: F{i:05}\n    namespace: FRM\n    category: {category}\n    summary: Code {i}\n    message: \"Field {{field}} failed {i}\"\n    params: {{field: string}}\n"
        ));
        if i % 10 == 3 {
            src.push_str(&format!("    aliases: [OLD_CODE_{i}]\n"));
        }
        if i % 10 == 7 {
            src.push_str(&format!("    legacy_codes: [L{i:05}]\n"));
        }
        if i == 9 {
            src.push_str("    deprecated: {since: \"2.0.0\", note: old}\n");
        }
    }
    let cat = seed_support::load(&src);
    assert_eq!(cat.errors.len(), n);
    let text = emit(&cat, &RustOptions::default());
    assert!(
        text.contains("\\0"),
        "no short zero escape in the byte tables"
    );
    let krate = check_with("errdex-rt-big-compact", &cat, Source::Text(&text));
    krate.run(&["clippy", "-q", "--lib", "--", "-D", "warnings"], &[]);
}
