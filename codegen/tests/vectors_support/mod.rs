//! The "foreign" wire vectors, shared by the Rust crate test (`rust_crate.rs`, through
//! `Error::from_wire`) and the TypeScript vectors (`ts_vectors.rs` → `parseWireError`):
//! payloads a client of this registry may receive that are not the reference rendering of
//! one of its errors: former (legacy) codes, codes of a newer catalogue, retired codes,
//! legacy code-less payloads (among them the seed documents' own) and garbage. Each vector
//! states what every parser must report (`expect`: kind, code, category, retryable and,
//! when all targets agree on it, message); `foreign` checks each `expect.kind` against the
//! reference classifier `payload::wire_kind`.

#![allow(dead_code, clippy::unwrap_used)]

use errdex_codegen::emit::typescript;
use errdex_codegen::ir::HttpBody;
use errdex_codegen::ir::{Catalogue, ErrorEntry, Fact, JsonRpcData, ParamType, ProfileField};
use errdex_codegen::payload::{Instance, read_http_response, wire_kind};
use serde_json::{Map, Value, json};

/// The request id of the tool response envelope in the vectors (the seed's sample id).
pub const TOOL_ID: &str = "toolu_abc123";

/// What parsing the reference rendering of `e` reports.
pub fn expect(cat: &Catalogue, e: &ErrorEntry, message: &str) -> Value {
    json!({
        "kind": "known",
        "code": e.code,
        "category": cat.category_of(e).key,
        "retryable": e.retryable,
        "message": message,
    })
}

/// A wire object in this registry's shape with the given code and extras.
pub fn wire_with(
    cat: &Catalogue,
    code: &str,
    message: &str,
    category: Option<&str>,
    retryable: Option<bool>,
) -> Value {
    let w = &cat.registry.wire;
    let mut m = Map::new();
    m.insert(w.code.clone(), json!(code));
    m.insert(w.message.clone(), json!(message));
    if let (Some(k), Some(c)) = (&w.category, category) {
        m.insert(k.clone(), json!(c));
    }
    if let (Some(k), Some(r)) = (&w.retryable, retryable) {
        m.insert(k.clone(), json!(r));
    }
    if let Some(k) = &w.details {
        m.insert(k.clone(), json!({"trace_id": "t-1"}));
    } else if !w.reserved_keys().contains(&"trace_id") {
        m.insert("trace_id".into(), json!("t-1"));
    }
    Value::Object(m)
}

/// A constraint printed as JSON, or as Python's repr (`profiles.terminal.values: python`):
/// quotes, escapes, non-printable code points, floats, true/false/null, nesting. Its floats
/// are ones every language prints alike in JSON (non-integral, 1e-4 to 1e16): outside that
/// range serde_json, `JSON.stringify` and Python's `json.dumps` differ (`1e16`,
/// `10000000000000000`, `1e+16`). Python-repr floats outside it are checked in `py_repr.rs`.
pub fn rich_constraint() -> Value {
    serde_json::from_str(RICH_CONSTRAINT).unwrap()
}

/// The text of [`rich_constraint`] (also in the Rust driver: `rust_support/harness.rs`).
pub const RICH_CONSTRAINT: &str = include_str!("rich-constraint.json");

/// A code string no version of this catalogue has (live, legacy or retired).
pub fn fresh_code(cat: &Catalogue) -> String {
    let mut fresh = String::from("ZZ-NEWER-999");
    while cat.lookup(&fresh).is_some() || cat.retired_code(&fresh).is_some() {
        fresh.push('9');
    }
    fresh
}

fn legacy(label: &str, wire: Value, message: &str) -> Value {
    json!({
        "label": label, "wire": wire,
        "expect": {"kind": "legacy", "code": null, "category": null, "retryable": false, "message": message},
    })
}

fn invalid(label: &str, wire: Value) -> Value {
    json!({
        "label": label, "wire": wire,
        "expect": {"kind": "invalid", "code": null, "category": null, "retryable": false, "message": ""},
    })
}

/// Every foreign vector of `cat`: `{label, wire, expect}`.
pub fn foreign(cat: &Catalogue) -> Vec<Value> {
    let w = &cat.registry.wire;
    let mut out = Vec::new();

    // Former codes still parse to the entry.
    for e in &cat.errors {
        let plain = Instance::example(e);
        for legacy in &e.legacy_codes {
            let mut wire = plain.wire(cat);
            wire[&w.code] = json!(legacy);
            out.push(json!({
                "label": format!("legacy code {legacy}"),
                "wire": wire,
                "expect": expect(cat, e, &plain.message()),
            }));
        }
    }

    // A newer catalogue's codes: classified by the wire's category / retryable flag.
    let fresh = fresh_code(cat);
    for c in &cat.categories {
        let flag = w.retryable.as_ref().map(|_| !c.retryable);
        let retryable = flag.unwrap_or(c.retryable);
        out.push(json!({
            "label": format!("unknown code, category {}", c.key),
            "wire": wire_with(cat, &fresh, "from the future", Some(&c.key), flag),
            "expect": {
                "kind": "unknown", "code": fresh,
                "category": w.category.as_ref().map(|_| &c.key),
                "retryable": if w.category.is_some() || flag.is_some() { retryable } else { false },
                "message": "from the future",
            },
        }));
    }
    out.push(json!({
        "label": "unknown code, unknown category",
        "wire": wire_with(cat, &fresh, "m", Some("brand_new_category"), None),
        "expect": {
            "kind": "unknown", "code": fresh,
            "category": w.category.as_ref().map(|_| "brand_new_category"),
            "retryable": false, "message": "m",
        },
    }));
    for r in &cat.retired {
        out.push(json!({
            "label": format!("retired {}", r.code),
            "wire": wire_with(cat, &r.code, "old peer", None, None),
            "expect": {"kind": "retired", "code": r.code, "category": null, "retryable": false, "message": "old peer"},
        }));
    }

    // Legacy payloads: `{"error": "text"}` whatever the wire's key names. The seed
    // documents' own: the runtime's earlier flat format and the MCP server's string
    // overload of `error()`. Skipped where the text happens to be a code of the catalogue
    // (then it is that code, not legacy text).
    let is_code = |s: &str| {
        cat.errors
            .iter()
            .any(|e| e.code == s || e.legacy_codes.iter().any(|c| c == s))
            || cat.retired.iter().any(|r| r.code == s)
    };
    for (label, wire, message) in [
        (
            "legacy {error: text}",
            json!({"error": "connection refused"}),
            "connection refused",
        ),
        (
            "legacy {message: text}",
            json!({"message": "it broke", "status": 500}),
            "it broke",
        ),
        (
            "seed runtime: earlier flat format",
            json!({"error": "human message"}),
            "human message",
        ),
        (
            "seed MCP server: string overload of error()",
            json!({"error": "Human-readable error message"}),
            "Human-readable error message",
        ),
        (
            "legacy non-ASCII text",
            json!({"error": "échec \"quoted\" \u{202e} 🎉\n"}),
            "échec \"quoted\" \u{202e} 🎉\n",
        ),
        ("legacy empty text", json!({"error": ""}), ""),
        (
            "legacy {error, message}: error first",
            json!({"message": "second", "error": "first"}),
            "first",
        ),
    ] {
        let text_is_code = wire
            .as_object()
            .and_then(|o| o.get(&w.code))
            .and_then(Value::as_str)
            .is_some_and(is_code);
        if !text_is_code {
            out.push(legacy(label, wire, message));
        }
    }
    // A legacy payload carrying the category key: still legacy, unclassified.
    if let Some(k) = w.category.as_ref().filter(|k| *k != "error") {
        let mut m = Map::new();
        m.insert("error".into(), json!("flat with a category"));
        m.insert(k.clone(), json!(cat.categories[0].key));
        out.push(legacy(
            "legacy text with a category",
            Value::Object(m),
            "flat with a category",
        ));
    }
    // The code key holds no string: legacy by `message` (or `error`), else invalid.
    let mut m = Map::new();
    m.insert(w.code.clone(), json!(7));
    if w.code != "message" {
        m.insert("message".into(), json!("numeric code"));
        out.push(legacy(
            "code key not a string",
            Value::Object(m),
            "numeric code",
        ));
    }
    // A code string that is no code, without a string message: legacy text only when the
    // code key itself is `error` or `message`.
    let mut m = Map::new();
    m.insert(w.code.clone(), json!(fresh));
    m.insert(w.message.clone(), json!(17));
    let wire = Value::Object(m);
    if w.code == "error" || w.code == "message" {
        out.push(legacy("unknown code, message not a string", wire, &fresh));
    } else {
        out.push(invalid("unknown code, message not a string", wire));
    }
    // A live code without a message is that code (known, with problems), never legacy.
    if let Some(e) = cat.errors.first() {
        let mut m = Map::new();
        m.insert(w.code.clone(), json!(e.code));
        out.push(json!({
            "label": format!("live code {} without a message", e.code),
            "wire": Value::Object(m),
            // The message is left out: TypeScript renders the template, Rust keeps "".
            "expect": {"kind": "known", "code": e.code, "category": cat.category_of(e).key, "retryable": e.retryable},
        }));
    }
    out.push(invalid("not an error at all", json!({"ok": true})));
    out.push(invalid("empty object", json!({})));

    for v in &out {
        assert_eq!(
            v["expect"]["kind"].as_str(),
            Some(wire_kind(cat, &v["wire"])),
            "{}: {} vs the reference classifier",
            v["label"],
            v["wire"]
        );
    }
    out
}

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
        "terminal": inst.terminal_text(cat),
        "toolId": TOOL_ID,
        "toolResponse": inst.tool_response(cat, TOOL_ID),
        "http": http_json(inst, cat),
    })
}

/// An HTTP response as the vectors carry it: status, headers in order (`[name, value]`),
/// the body as the compact JSON text sent.
pub fn http_json(inst: &Instance<'_>, cat: &Catalogue) -> Value {
    let r = inst.http_response(cat);
    json!({
        "status": r.status,
        "headers": r.headers.iter().map(|(n, v)| json!([n, v])).collect::<Vec<_>>(),
        "body": r.body.to_string(),
        "logLevel": if inst.expected() { "warn" } else { "error" },
    })
}

/// One reading vector: what a client receives and what every target's reader reports
/// (the reference `payload::read_http_response`).
fn reading(
    cat: &Catalogue,
    label: &str,
    status: u16,
    headers: &[(&str, &str)],
    body: &str,
) -> Value {
    let owned: Vec<(String, String)> = headers
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    let r = read_http_response(cat, status, &owned, body.as_bytes());
    json!({
        "label": label,
        "status": status,
        "headers": headers.iter().map(|(n, v)| json!([n, v])).collect::<Vec<_>>(),
        "body": body,
        "expect": {
            "kind": r.kind,
            "code": r.code,
            "message": r.message,
            "status": r.status,
            "retryAfterMs": r.retry_after_ms,
        },
    })
}

/// The HTTP responses a client of this registry may receive: every code's reference response
/// under each body of the HTTP profile (a reader takes any of them), newer and retired codes,
/// legacy and garbage bodies, and `Retry-After` / `RetryInfo` in their valid and broken forms.
pub fn http_readings(cat: &Catalogue) -> Vec<Value> {
    let mut out = Vec::new();
    let fresh = fresh_code(cat);
    for body in HttpBody::ALL {
        let mut c = cat.clone();
        c.profiles.http.body = body;
        if c.profiles.http.domain.is_none() {
            c.profiles.http.domain = Some("api.example.dev".into());
        }
        for e in cat.errors.iter().take(40) {
            let mut inst = Instance::example(e);
            inst.context = vec![("trace".into(), json!("t-1"))];
            let r = inst.http_response(&c);
            let headers: Vec<(&str, &str)> =
                r.headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
            out.push(reading(
                cat,
                &format!("{} as {}", e.code, body.as_str()),
                r.status,
                &headers,
                &r.body.to_string(),
            ));
        }
        // A newer catalogue's code in this body.
        let text = match body {
            HttpBody::Problem => {
                json!({"type": "https://x.example/e", "title": "t", "status": 418, "detail": "from the future", "code": fresh})
            }
            HttpBody::Wire => wire_with(cat, &fresh, "from the future", None, None),
            HttpBody::Google => {
                json!({"error": {"code": 418, "message": "from the future", "status": "UNKNOWN", "details": [
                {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "SOMETHING_NEW", "domain": "api.example.dev", "metadata": {}},
                {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "1.5s"}]}})
            }
        };
        out.push(reading(
            cat,
            &format!("newer code as {}", body.as_str()),
            418,
            &[],
            &text.to_string(),
        ));
    }
    for r in &cat.retired {
        let problem = json!({"type": "about:blank", "title": "t", "status": 410, "detail": "old", "code": r.code});
        out.push(reading(
            cat,
            &format!("retired {} as problem", r.code),
            410,
            &[],
            &problem.to_string(),
        ));
    }
    let date = "Sun, 06 Nov 1994 08:49:37 GMT";
    let legacy = r#"{"error":"connection refused"}"#;
    for (label, status, headers, body) in [
        ("legacy {error}", 502, vec![], legacy),
        (
            "legacy {message}",
            500,
            vec![],
            r#"{"message":"it broke","status":500}"#,
        ),
        (
            "plain text body",
            500,
            vec![("Content-Type", "text/plain")],
            "Internal Server Error",
        ),
        ("empty body", 503, vec![("Retry-After", "3")], ""),
        ("JSON array", 400, vec![], "[1,2]"),
        ("JSON string", 400, vec![], r#""nope""#),
        ("truncated JSON", 400, vec![], r#"{"error":"#),
        (
            "problem without code",
            404,
            vec![],
            r#"{"type":"about:blank","title":"Not Found","status":404}"#,
        ),
        (
            "problem without code, with detail",
            404,
            vec![],
            r#"{"type":"about:blank","title":"Not Found","status":404,"detail":"no such thing"}"#,
        ),
        (
            "google without ErrorInfo",
            500,
            vec![],
            r#"{"error":{"code":500,"message":"boom","status":"INTERNAL"}}"#,
        ),
        (
            "google without message",
            500,
            vec![],
            r#"{"error":{"code":500,"details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"NEW_THING"}]}}"#,
        ),
        (
            "google error not an object",
            500,
            vec![],
            r#"{"error":"flat text"}"#,
        ),
        (
            "Retry-After seconds",
            429,
            vec![("Retry-After", "120")],
            legacy,
        ),
        (
            "Retry-After lower-case name, spaces",
            429,
            vec![("retry-after", "  7 ")],
            legacy,
        ),
        (
            "Retry-After first of two",
            429,
            vec![("Retry-After", "2"), ("Retry-After", "9")],
            legacy,
        ),
        (
            "Retry-After HTTP-date with Date",
            503,
            vec![
                ("Retry-After", "Sun, 06 Nov 1994 08:50:07 GMT"),
                ("Date", date),
            ],
            legacy,
        ),
        (
            "Retry-After HTTP-date in the past",
            503,
            vec![
                ("Retry-After", "Sun, 06 Nov 1994 08:49:00 GMT"),
                ("Date", date),
            ],
            legacy,
        ),
        (
            "Retry-After HTTP-date without Date",
            503,
            vec![("Retry-After", "Sun, 06 Nov 1994 08:50:07 GMT")],
            legacy,
        ),
        (
            "Retry-After negative",
            503,
            vec![("Retry-After", "-1")],
            legacy,
        ),
        (
            "Retry-After fraction",
            503,
            vec![("Retry-After", "1.5")],
            legacy,
        ),
        (
            "Retry-After garbage",
            503,
            vec![("Retry-After", "soon")],
            legacy,
        ),
        (
            "Retry-After huge",
            503,
            vec![("Retry-After", "99999999999999999999")],
            legacy,
        ),
        (
            "Retry-After hostile",
            503,
            vec![(
                "Retry-After",
                "1
X-Injected: 1",
            )],
            legacy,
        ),
        (
            "RetryInfo only",
            503,
            vec![],
            r#"{"error":{"code":503,"message":"down","status":"UNAVAILABLE","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"0.250s"}]}}"#,
        ),
        (
            "RetryInfo malformed",
            503,
            vec![],
            r#"{"error":{"code":503,"message":"down","status":"UNAVAILABLE","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"soon"}]}}"#,
        ),
        (
            "header wins over RetryInfo",
            503,
            vec![("Retry-After", "4")],
            r#"{"error":{"code":503,"message":"down","status":"UNAVAILABLE","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"0.250s"}]}}"#,
        ),
    ] {
        out.push(reading(cat, label, status, &headers, body));
    }
    out
}

/// Every rendering of every code of `cat` (`cases`), with the foreign and negative payloads,
/// as the vectors.json the TypeScript and Python tests read; `module` names the generated
/// module under test.
pub fn vectors(cat: &Catalogue, module: &str, wire_schema: &str) -> Value {
    let w = &cat.registry.wire;
    let mut cases = Vec::new();
    let mut negative = Vec::new();
    let foreign = foreign(cat);
    for e in &cat.errors {
        let plain = Instance::example(e);
        cases.push(case(cat, format!("{} example", e.code), &plain));
        let mut rich = Instance::example(e);
        rich.argument = Some("arg `x` \"q\"".into());
        rich.constraint = Some(rich_constraint());
        rich.context = vec![
            ("form".into(), json!("deploy")),
            ("attempt".into(), json!(2)),
            // Escapes in the tool response's `content`: JSON.stringify and serde_json agree.
            (
                "text".into(),
                json!("\u{1}\u{1f}\u{7f}\u{2028}\u{2029} \"é\" \\ 🎉\r\n\t"),
            ),
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
            cases.push(case(
                cat,
                format!("{} with argument {}", e.code, p.name),
                &argued,
            ));
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
        "httpReadings": http_readings(cat),
    })
}
