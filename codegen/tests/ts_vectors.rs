//! Shared test vectors: the Rust reference renderings (`payload.rs`) of every code of every
//! catalogue are written as JSON next to the generated TypeScript module and schemas; then
//! `node --test tests/ts/` parses and classifies each one with the module, renders the same
//! errors from TypeScript and compares, and validates both sides with ajv against the
//! generated wire schema and the official MCP schemas (see tests/ts/vectors.test.mjs).

#![allow(clippy::unwrap_used)]

mod ts_support;
mod vectors_support;

use std::process::Command;

use errdex_codegen::emit::{json_schema, typescript};
use errdex_codegen::ir::{Catalogue, Fact, JsonRpcData, ParamType, ProfileField};
use errdex_codegen::payload::Instance;
use serde_json::{Map, Value, json};
use ts_support::*;
use vectors_support::{TOOL_ID, expect};

/// What a parser makes of a profile rendering: the error when the profile's facts carry its
/// code (the message recovered from the text), else a legacy error with the whole text.
fn profile_expect(
    cat: &Catalogue,
    inst: &Instance<'_>,
    fields: &[ProfileField],
    text: &Value,
) -> Value {
    if fields.iter().any(|f| f.fact == Fact::Code) {
        expect(cat, inst.entry, &inst.message())
    } else {
        json!({"kind": "legacy", "code": null, "category": null, "retryable": false, "message": text})
    }
}

fn case(cat: &Catalogue, label: String, inst: &Instance<'_>) -> Value {
    let e = inst.entry;
    let params: Map<String, Value> = e
        .params
        .iter()
        .zip(&inst.values)
        .map(|(p, v)| (p.name.clone(), v.clone()))
        .collect();
    let context: Map<String, Value> = inst.context.iter().cloned().collect();
    // The context that reaches the wire: reserved keys, params and errdex's own extras are
    // never replaced, and the first writer wins.
    let w = &cat.registry.wire;
    let mut taken: Vec<String> = w.reserved_keys().iter().map(|s| s.to_string()).collect();
    taken.extend(e.params.iter().map(|p| p.name.clone()));
    taken.extend(inst.argument.as_ref().map(|_| "argument".to_string()));
    taken.extend(inst.constraint.as_ref().map(|_| "constraint".to_string()));
    taken.extend(inst.suggestion().map(|_| "suggestion".to_string()));
    let mut wire_context = Map::new();
    for (k, v) in &inst.context {
        if !taken.contains(k) && !wire_context.contains_key(k) {
            wire_context.insert(k.clone(), v.clone());
        }
    }
    let mcp = inst.mcp_tool_result(cat);
    let jsonrpc = inst.jsonrpc_error(cat);
    let mcp_expect = profile_expect(
        cat,
        inst,
        &cat.profiles.mcp_tool_error.fields,
        &mcp["content"][0]["text"],
    );
    let jsonrpc_expect = match &cat.profiles.jsonrpc_error.data {
        JsonRpcData::Wire => expect(cat, e, &inst.message()),
        JsonRpcData::Omitted => profile_expect(cat, inst, &[], &jsonrpc["message"]),
        JsonRpcData::Fields(f) => profile_expect(cat, inst, f, &jsonrpc["message"]),
    };
    json!({
        "label": label,
        "expect": expect(cat, e, &inst.message()),
        "mcpExpect": mcp_expect,
        "jsonrpcExpect": jsonrpc_expect,
        // Raise-site overrides (null: none) and what they make of the error.
        "message": inst.message_override,
        "suggestion": inst.suggestion_override,
        "expected": inst.expected_override,
        "errorType": inst.error_type_override,
        "class": e.class,
        "name": inst.error_type(),
        "expectedNow": inst.expected(),
        "logLevel": if inst.expected() { "warn" } else { "error" },
        "params": params,
        "argument": inst.argument,
        "constraint": inst.constraint,
        "context": context,
        "wireContext": wire_context,
        "wire": inst.wire(cat),
        "mcp": mcp,
        "jsonrpc": jsonrpc,
        "problem": inst.problem_json(cat),
        "terminal": inst.terminal_text(),
        "toolId": TOOL_ID,
        "toolResponse": inst.tool_response(cat, TOOL_ID),
    })
}

fn vectors(cat: &Catalogue, module: &str, wire_schema: &str) -> Value {
    let w = &cat.registry.wire;
    let mut cases = Vec::new();
    let mut negative = Vec::new();
    let foreign = vectors_support::foreign(cat);
    for e in &cat.errors {
        let plain = Instance::example(e);
        cases.push(case(cat, format!("{} example", e.code), &plain));
        let mut rich = Instance::example(e);
        rich.argument = Some("arg `x` \"q\"".into());
        rich.constraint = Some(json!({"minLength": 1, "pattern": "^[a-z]+$"}));
        rich.context = vec![
            ("form".into(), json!("deploy")),
            ("attempt".into(), json!(2)),
            // Escapes in the tool response's `content`: JSON.stringify and serde_json agree.
            ("text".into(), json!("\u{1}\u{1f}\u{7f}\u{2028}\u{2029} \"é\" \\ 🎉\r\n\t")),
            // Never replaces a reserved key (first writer wins).
            (w.code.clone(), json!("HIJACK")),
            (w.message.clone(), json!("HIJACK")),
        ];
        if let Some(p) = e.params.first() {
            rich.context.push((p.name.clone(), json!("HIJACK")));
        }
        cases.push(case(
            cat,
            format!("{} with argument, constraint, context", e.code),
            &rich,
        ));
        // A raise site that words the message itself, knows better about `expected`, raises
        // the base class, and passes the context keys the seed profiles carry.
        let mut raised = Instance::example(e);
        raised.message_override = Some("Raised as is: {not a placeholder} `x` \"q\" */".into());
        raised.expected_override = Some(!e.expected);
        raised.error_type_override = Some(cat.registry.class.clone());
        raised.suggestion_override = Some("Try {the} other thing.".into());
        raised.argument = Some("environment".into());
        raised.constraint = Some(json!({"minLength": 1}));
        raised.context = vec![
            ("tool".into(), json!("deploy")),
            ("example".into(), json!("x")),
            (
                "schema".into(),
                json!({"type": "object", "properties": {"environment": {"type": "string"}}}),
            ),
            ("reason".into(), json!(null)),
        ];
        cases.push(case(
            cat,
            format!("{} with message, expected and error type overrides", e.code),
            &raised,
        ));
        // The argument names a param with an `example:`: the profile's `example` fact is it.
        if let Some(p) = e.params.iter().find(|p| p.example.is_some()) {
            let mut argued = Instance::example(e);
            argued.argument = Some(p.name.clone());
            cases.push(case(cat, format!("{} with argument {}", e.code, p.name), &argued));
        }
        // Only `expected` overridden: the error type stays the code's class.
        let mut unexpected = Instance::example(e);
        unexpected.expected_override = Some(!e.expected);
        unexpected.context = vec![("tool".into(), json!("t"))];
        cases.push(case(
            cat,
            format!("{} with expected overridden", e.code),
            &unexpected,
        ));

        // Negative payloads: the schema rejects them; the parser reports problems.
        let good = plain.wire(cat);
        if let Some(k) = &w.category {
            let mut bad = good.clone();
            let other = cat
                .categories
                .iter()
                .map(|c| c.key.as_str())
                .find(|c| *c != cat.category_of(e).key)
                .unwrap_or("no_such_category");
            bad[k] = json!(other);
            negative.push(json!({"label": format!("{}: category {other}", e.code), "wire": bad}));
        }
        if let Some(k) = &w.retryable {
            let mut bad = good.clone();
            bad[k] = json!(!e.retryable);
            negative.push(json!({"label": format!("{}: retryable flipped", e.code), "wire": bad}));
        }
        if let Some(p) = e.params.first() {
            let wrong = match p.ty {
                ParamType::String => json!(7),
                ParamType::Integer => json!(1.5),
                ParamType::Number => json!("1.5"),
                ParamType::Boolean => json!("true"),
                ParamType::List(_) => json!("not a list"),
                ParamType::Object => json!([1]),
            };
            let mut bad = good.clone();
            match &w.details {
                Some(d) => bad[d][&p.name] = wrong,
                None => bad[&p.name] = wrong,
            }
            negative.push(
                json!({"label": format!("{}: param {} mistyped", e.code, p.name), "wire": bad}),
            );
            let mut missing = good.clone();
            let target = match &w.details {
                Some(d) => &mut missing[d],
                None => &mut missing,
            };
            if let Some(o) = target.as_object_mut() {
                o.remove(&p.name);
            }
            negative.push(
                json!({"label": format!("{}: param {} missing", e.code, p.name), "wire": missing}),
            );
        }
        let mut no_message = good.clone();
        no_message[&w.message] = json!(17);
        negative.push(
            json!({"label": format!("{}: message not a string", e.code), "wire": no_message}),
        );
    }

    let meta: Vec<Value> = cat
        .errors
        .iter()
        .map(|e| {
            json!({
                "code": e.code,
                "name": e.name,
                "namespace": cat.namespace_of(e).map(|n| &n.key),
                "category": cat.category_of(e).key,
                "summary": e.summary,
                "message": e.message.raw,
                "suggestion": e.suggestion.as_ref().map(|s| &s.raw),
                "retryable": e.retryable,
                "retry": typescript::retry_json(&e.retry),
                "exitCode": e.exit_code,
                "httpStatus": e.http_status,
                "jsonrpcCode": e.jsonrpc_code,
                "expected": e.expected,
                "docsUrl": e.docs_url,
                "since": e.since,
                "aliases": e.aliases,
                "legacyCodes": e.legacy_codes,
                "class": e.class,
                "params": e.params.iter().map(|p| {
                    let mut info = json!({"name": p.name, "type": p.ty.as_str()});
                    if let Some(items) = p.ty.items() {
                        info["items"] = json!(items.as_str());
                    }
                    if let Some(example) = &p.example {
                        info["example"] = example.clone();
                    }
                    info
                }).collect::<Vec<_>>(),
                "deprecated": e.deprecated.as_ref().map(|d| json!({
                    "since": d.since,
                    "replacedBy": d.replaced_by.map(|i| &cat.errors[i].code),
                    "note": d.note,
                })),
            })
        })
        .collect();

    json!({
        "module": module,
        "wireSchema": wire_schema,
        "baseClass": cat.registry.class,
        "jsonrpcData": match &cat.profiles.jsonrpc_error.data {
            JsonRpcData::Wire => "wire",
            JsonRpcData::Omitted => "omitted",
            JsonRpcData::Fields(_) => "fields",
        },
        "codes": cat.errors.iter().map(|e| &e.code).collect::<Vec<_>>(),
        "retired": cat.retired.iter().map(|r| &r.code).collect::<Vec<_>>(),
        "meta": meta,
        "cases": cases,
        "foreign": foreign,
        "negative": negative,
    })
}

fn mcp_schemas() -> Vec<String> {
    let mut out = Vec::new();
    for dir in [
        repo_root().join("tests/mcp-schema"),
        "/work/shared/fixtures/mcp".into(),
    ] {
        if let Ok(rd) = std::fs::read_dir(&dir) {
            let mut files: Vec<_> = rd
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect();
            files.sort();
            out.extend(files.iter().map(|p| p.display().to_string()));
        }
        if !out.is_empty() {
            break;
        }
    }
    out
}

#[test]
fn typescript_agrees_with_the_rust_reference() {
    let Some(_tools) = node_tools() else { return };
    let schemas = mcp_schemas();
    assert!(
        !schemas.is_empty(),
        "the MCP schemas are missing (tests/mcp-schema)"
    );
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("mcp-schemas.json"),
        serde_json::to_string(&schemas).unwrap(),
    )
    .unwrap();
    for (name, cat) in catalogues() {
        let dir = tmp.path().join(&name);
        write_files(&dir.join("ts"), &typescript::emit(&cat));
        write_files(&dir.join("schema"), &json_schema::emit(&cat));
        let v = vectors(
            &cat,
            &dir.join("ts/index.js").display().to_string(),
            &dir.join("schema/wire-error.schema.json")
                .display()
                .to_string(),
        );
        std::fs::write(
            dir.join("vectors.json"),
            serde_json::to_string_pretty(&v).unwrap(),
        )
        .unwrap();
    }
    let out = run(Command::new("node")
        .arg("--test")
        .arg("--test-reporter=spec")
        .arg(repo_root().join("tests/ts/vectors.test.mjs"))
        .env("ERRDEX_VECTORS_DIR", tmp.path()));
    // The node summary (`ℹ tests 120`, `ℹ pass 120`...), shown with `--nocapture`.
    for line in out.lines().filter(|l| l.starts_with('ℹ')) {
        eprintln!("node: {line}");
    }
    assert!(out.contains("# pass") || out.contains("pass"), "{out}");
    assert!(
        !out.contains("# skipped 1") && !out.contains("ℹ skipped 1"),
        "node skipped the vectors:\n{out}"
    );
}
