//! Shared test vectors: the Rust reference renderings (`payload.rs`) of every code of every
//! catalogue are written as JSON next to the generated TypeScript module and schemas; then
//! `node --test tests/ts/` parses and classifies each one with the module, renders the same
//! errors from TypeScript and compares, and validates both sides with ajv against the
//! generated wire schema and the official MCP schemas (see tests/ts/vectors.test.mjs).

#![allow(clippy::unwrap_used)]

mod testkit;
mod ts_support;
mod vectors_support;

use testkit::rng::Rng;

use std::process::Command;

use errdex_codegen::emit::{json_schema, typescript};
use errdex_codegen::ir::{Catalogue, HttpBody, ReasonSource};
use errdex_codegen::payload::read_http_response;
use serde_json::{Value, json};
use ts_support::*;
use vectors_support::{http_readings, vectors};

/// The official MCP schemas the repository ships (`tests/mcp-schema/*.json`).
fn mcp_schemas() -> Vec<String> {
    let dir = repo_root().join("tests/mcp-schema");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files.iter().map(|p| p.display().to_string()).collect()
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
    for (name, cat) in catalogues().into_iter().chain(http_variants()) {
        let dir = tmp.path().join(&name);
        write_files(&dir.join("ts"), &typescript::emit(&cat));
        write_files(&dir.join("schema"), &json_schema::emit(&cat));
        let mut v = vectors(
            &cat,
            &dir.join("ts/index.js").display().to_string(),
            &dir.join("schema/wire-error.schema.json")
                .display()
                .to_string(),
        );
        v["httpFuzz"] = Value::Array(http_fuzz(&cat, &v, 0x5eed_0027, 400));
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

/// The catalogues under the other shapes of the HTTP profile (the vectors render each case
/// under its catalogue's profile): the example HTTP service under every body, and the
/// hand-built catalogues (hostile text, aliases, retired codes) as Google's error with the
/// code as the reason and no `Retry-After`, and as the wire object.
fn http_variants() -> Vec<(String, Catalogue)> {
    let src = std::fs::read_to_string(repo_root().join("examples/http-api/errors.yaml")).unwrap();
    let loaded = errdex_codegen::load_str(&src, "errors.yaml");
    let orders = loaded
        .catalogue
        .expect("examples/http-api/errors.yaml loads");
    let mut out = Vec::new();
    let mut variant =
        |name: &str, cat: &Catalogue, body: HttpBody, reason: ReasonSource, retry_after: bool| {
            let mut c = cat.clone();
            c.profiles.http.body = body;
            c.profiles.http.reason = reason;
            c.profiles.http.retry_after = retry_after;
            if body == HttpBody::Google && c.profiles.http.domain.is_none() {
                c.profiles.http.domain = Some("api.example.dev".into());
            }
            let label = format!(
                "http-{name}-{}-{}{}",
                body.as_str(),
                reason.as_str(),
                if retry_after { "" } else { "-no-retry-after" }
            );
            out.push((label, c));
        };
    for body in HttpBody::ALL {
        variant("orders", &orders, body, ReasonSource::Name, true);
    }
    variant(
        "orders",
        &orders,
        HttpBody::Google,
        ReasonSource::Code,
        false,
    );
    for (name, cat) in hand_built() {
        variant(&name, &cat, HttpBody::Google, ReasonSource::Code, false);
        variant(&name, &cat, HttpBody::Google, ReasonSource::Name, true);
        variant(&name, &cat, HttpBody::Wire, ReasonSource::Name, true);
    }
    out
}

/// Random JSON over the keys and values the reader looks at.
fn random_json(rng: &mut Rng, words: &[String], depth: usize) -> Value {
    let keys = [
        "error",
        "details",
        "@type",
        "reason",
        "message",
        "type",
        "status",
        "detail",
        "title",
        "code",
        "retryDelay",
        "domain",
        "metadata",
        "__proto__",
        "category",
    ];
    match rng.below(if depth > 3 { 5 } else { 8 }) {
        0 => Value::Null,
        1 => json!(rng.below(3) == 0),
        2 => json!(rng.pick(&[0.5, 429.0, -1.0, 1e300, 503.0, 18446744073709551615.0])),
        3 | 4 => json!(rng.pick(words)),
        5 => Value::Array(
            (0..rng.below(4))
                .map(|_| random_json(rng, words, depth + 1))
                .collect(),
        ),
        _ => {
            let mut m = serde_json::Map::new();
            for _ in 0..rng.below(5) {
                let k = if rng.below(3) == 0 {
                    rng.pick(words).clone()
                } else {
                    (*rng.pick(&keys)).to_string()
                };
                m.insert(k, random_json(rng, words, depth + 1));
            }
            Value::Object(m)
        }
    }
}

/// `n` responses a client might receive, each with the reference reader's verdict: the
/// vectors' own bodies cut, spliced and salted with tokens; random JSON over the members the
/// reader looks at; nesting around serde_json's depth limit; and `Retry-After` / `Date` in
/// valid and broken forms. The TypeScript reader must give the same reading for each.
fn http_fuzz(cat: &Catalogue, v: &Value, seed: u64, n: usize) -> Vec<Value> {
    let mut rng = Rng(seed);
    let mut corpus: Vec<String> = http_readings(cat)
        .iter()
        .filter_map(|r| r["body"].as_str().map(str::to_string))
        .collect();
    corpus.extend(
        v["cases"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| c["http"]["body"].as_str().map(str::to_string)),
    );
    let mut words: Vec<String> = ["", "x", "1.5s", "0.250s", "s", "t", "about:blank"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for e in &cat.errors {
        words.push(e.code.clone());
        words.push(errdex_codegen::names::aip_reason(&e.name));
        words.extend(e.legacy_codes.iter().cloned());
    }
    words.extend(cat.retired.iter().map(|r| r.code.clone()));
    words.push("type.googleapis.com/google.rpc.ErrorInfo".into());
    words.push("type.googleapis.com/google.rpc.RetryInfo".into());
    words.push(cat.registry.wire.code.clone());
    words.push(cat.registry.wire.message.clone());
    let tokens = [
        "\"",
        "{",
        "}",
        "[",
        "]",
        ":",
        ",",
        "\\u00e9",
        "\\ud800",
        "\\udc00x",
        "\\ud83d\\ude00",
        "1e400",
        "-1e999",
        "1e-400",
        "null",
        "\u{feff}",
        "é",
        "\u{0}",
        "\"error\":{",
        "\"code\":",
        "\"type\":\"x\",\"status\":1,",
        " ",
    ];
    let retry_values = [
        "0",
        "1",
        "120",
        "  7 ",
        "\u{85}5\u{85}",
        "\u{feff}5",
        "\u{a0}5",
        "\u{3000}9",
        "+1",
        "-1",
        "1.5",
        "",
        "99999999999999999999",
        "18446744073709551",
        "18446744073709552",
        "18446744073709551615",
        "Sun, 06 Nov 1994 08:50:07 GMT",
        "Sun, 06 Nov 1994 08:49:00 GMT",
        "Mon, 31 Feb 2000 23:59:60 GMT",
        "Sun, 06 Nov 1994 08:50:07 UTC",
        "Sun, 06 Nov 1994 24:00:00 GMT",
        "Sun, 6 Nov 1994 08:50:07 GMT ",
        "Sun, 06 Nov 0000 00:00:00 GMT",
        "Xyz, 06 Nov 1994 08:50:07 GMT",
        "Sun, 06 Nov 1994 08:50:07 GMT",
        "Fri, 01 Jan 9999 23:59:59 GMT",
        "Sun, 00 Nov 1994 08:50:07 GMT",
        "soon",
    ];
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let body = match rng.below(4) {
            0 | 1 => {
                let mut b: Vec<char> = rng.pick(&corpus).chars().collect();
                for _ in 0..=rng.below(3) {
                    let at = if b.is_empty() {
                        0
                    } else {
                        rng.below(b.len() + 1)
                    };
                    match rng.below(3) {
                        0 if !b.is_empty() => {
                            let end = (at + rng.below(8)).min(b.len());
                            b.drain(at.min(end)..end);
                        }
                        1 => {
                            let w = rng.pick(&words).clone();
                            b.splice(at..at, format!("\"{w}\"").chars());
                        }
                        _ => {
                            let t = *rng.pick(&tokens);
                            b.splice(at..at, t.chars());
                        }
                    }
                }
                b.into_iter().collect()
            }
            2 => random_json(&mut rng, &words, 0).to_string(),
            _ => {
                let depth = 124 + rng.below(8);
                let inner = random_json(&mut rng, &words, 0).to_string();
                format!(
                    "{{\"error\":{}{inner}{}}}",
                    "[".repeat(depth),
                    "]".repeat(depth)
                )
            }
        };
        let mut headers: Vec<(String, String)> = Vec::new();
        for _ in 0..rng.below(4) {
            let name = *rng.pick(&[
                "Retry-After",
                "retry-after",
                "RETRY-AFTER",
                "Date",
                "date",
                "Retry-After ",
                "Content-Type",
            ]);
            let value = match name.to_ascii_lowercase().as_str() {
                "date" => (*rng.pick(&[
                    "Sun, 06 Nov 1994 08:49:37 GMT",
                    " Sun, 06 Nov 1994 08:49:37 GMT ",
                    "yesterday",
                    "Sat, 01 Jan 2000 00:00:00 GMT",
                ]))
                .to_string(),
                "content-type" => "application/json".to_string(),
                _ => (*rng.pick(&retry_values)).to_string(),
            };
            headers.push((name.to_string(), value));
        }
        let status = *rng.pick(&[0u16, 200, 400, 404, 418, 429, 500, 503, 599]);
        let r = read_http_response(cat, status, &headers, body.as_bytes());
        out.push(json!({
            "label": format!("fuzz #{i}"),
            "status": status,
            "headers": headers.iter().map(|(n, v)| json!([n, v])).collect::<Vec<_>>(),
            "body": body,
            "expect": {"kind": r.kind, "code": r.code, "message": r.message, "status": r.status, "retryAfterMs": r.retry_after_ms},
        }));
    }
    out
}
