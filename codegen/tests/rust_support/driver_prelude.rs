fn opt<T: Into<Value>>(v: Option<T>) -> Value {
    v.map_or(Value::Null, Into::into)
}

fn renders(e: &Error) -> Value {
    let wire = e.to_wire();
    let back = Error::from_wire(&wire);
    let via_serde: Error = serde_json::from_value(serde_json::to_value(e).unwrap()).unwrap();
    json!({
        "message": e.message(),
        "suggestion": e.suggestion(),
        "text": e.to_string(),
        "wire": wire,
        "mcp": e.to_mcp_tool_result(),
        "jsonrpc": e.to_jsonrpc_error(),
        "jsonrpc_response": e.to_jsonrpc_response(7),
        "tool_response": e.to_tool_response("toolu_abc123"),
        "tool_content_is_to_string": e.to_tool_response(1)["content"] == json!(serde_json::to_string(&wire).unwrap()),
        "wire_kind": e.wire_kind().as_str(),
        "problem": e.to_problem_json(),
        "http": http_report(&e.to_http_response()),
        "exit_code": e.exit_code(),
        "expected": e.expected(),
        "log_level": e.log_level().as_str(),
        "error_type": e.error_type(),
        "wire_roundtrip": back.to_wire() == wire && back.code() == e.code() && via_serde.to_wire() == wire,
        "roundtrip_text": back.to_string(),
    })
}

/// The five instances each code is rendered as: its example values; with an argument, a
/// constraint and context (some of it colliding with the wire's own members); with a
/// suggestion override; worded, typed and expected otherwise at the raise site; and with the
/// argument its params name.
fn instances(c: ErrorCode, argument: &str, make: fn() -> Error) -> Vec<Error> {
    vec![
        make(),
        make()
            .with_argument("the-arg")
            .with_constraint(serde_json::from_str::<Value>(RICH_CONSTRAINT).unwrap())
            .with_context("form", "deploy")
            .with_context("argument", "ignored")
            .with_context(WIRE.code, "overwritten?")
            .with_context("n", 7),
        make()
            .with_suggestion("Try `this` instead.")
            .with_context("z", json!([1, 2])),
        make()
            .with_message("Raised as worded")
            .with_expected(!c.expected())
            .with_error_type("RaisedAs")
            .with_context("tool", "deploy")
            .with_context("example", "x")
            .with_context("schema", json!({"type": "object"})),
        make().with_argument(argument),
    ]
}

fn code_report(c: ErrorCode, instances: Vec<Error>) -> Value {
    json!({
        "code": c.as_str(),
        "display": c.to_string(),
        "debug": format!("{c:?}"),
        "name": c.name(),
        "index": c.index(),
        "from_index": ErrorCode::from_index(c.index()) == Some(c),
        "category": c.category().as_str(),
        "namespace": opt(c.namespace().map(|n| n.as_str())),
        "retryable": c.retryable(),
        "retry": c.retry().map(|r| json!({"max_attempts": r.max_attempts, "initial_backoff_ms": r.initial_backoff_ms, "advice": r.advice})),
        "exit_code": c.exit_code(),
        "http_status": c.http_status(),
        "jsonrpc_code": c.jsonrpc_code(),
        "expected": c.expected(),
        "log_level": c.log_level().as_str(),
        "class": c.class(),
        "docs_url": c.docs_url(),
        "summary": c.summary(),
        "explanation": c.explanation(),
        "message_template": c.message_template(),
        "suggestion_template": c.suggestion_template(),
        "params": c.params().iter().map(|p| json!([p.name, p.ty.as_str()])).collect::<Vec<_>>(),
        "since": c.since(),
        "deprecated": c.deprecation().map(|d| json!({"since": d.since, "replaced_by": d.replaced_by.map(|r| r.as_str()), "note": d.note})),
        "aliases": c.aliases().collect::<Vec<_>>(),
        "legacy_codes": c.legacy_codes().collect::<Vec<_>>(),
        "serde": serde_json::to_value(c).unwrap(),
        "serde_back": serde_json::from_value::<ErrorCode>(serde_json::to_value(c).unwrap()).unwrap() == c,
        "instances": instances.iter().map(renders).collect::<Vec<_>>(),
    })
}

fn parse_report(s: &str) -> Value {
    match s.parse::<ErrorCode>() {
        Ok(c) => json!({"ok": c.as_str()}),
        Err(ParseCodeError::Retired(r)) => json!({"retired": r.code, "message": ParseCodeError::Retired(r).to_string()}),
        Err(ParseCodeError::Unknown) => json!({"unknown": true}),
    }
}

fn registry_report() -> Value {
    json!({
        "name": REGISTRY_NAME,
        "title": REGISTRY_TITLE,
        "mcp_meta_prefix": MCP_META_PREFIX,
        "wire": [WIRE.code, WIRE.message, WIRE.category, WIRE.retryable, WIRE.details],
        "categories": Category::ALL.iter().map(|c| json!({
            "key": c.as_str(), "summary": c.summary(), "retryable": c.retryable(),
            "exit_code": c.exit_code(), "http_status": c.http_status(), "jsonrpc_code": c.jsonrpc_code(),
            "expected": c.expected(), "parse": c.as_str().parse::<Category>().ok() == Some(*c),
            "serde": serde_json::to_value(c).unwrap(),
        })).collect::<Vec<_>>(),
        "namespaces": Namespace::ALL.iter().map(|n| json!({
            "key": n.as_str(), "title": n.title(), "summary": n.summary(), "code_prefix": n.code_prefix(),
            "codes": n.codes().map(|c| c.as_str()).collect::<Vec<_>>(),
            "parse": n.as_str().parse::<Namespace>().ok() == Some(*n),
        })).collect::<Vec<_>>(),
        "all": ErrorCode::ALL.iter().map(|c| c.as_str()).collect::<Vec<_>>(),
        "retired": RETIRED.iter().map(|r| json!([r.code, r.name, r.since, r.note])).collect::<Vec<_>>(),
        "unknown_wire": unknown_wire(),
    })
}

/// A payload from a newer peer: unknown code, a known category, extra fields.
fn unknown_wire() -> Value {
    let mut m = serde_json::Map::new();
    m.insert(WIRE.code.into(), "FUTURE-999".into());
    m.insert(WIRE.message.into(), "something new".into());
    if let Some(k) = WIRE.category {
        m.insert(k.into(), Category::ALL[Category::ALL.len() - 1].as_str().into());
    }
    m.insert("extra_field".into(), json!({"a": 1}));
    m.insert("argument".into(), "x".into());
    let v = Value::Object(m);
    let e = Error::from_wire(&v);
    let junk = Error::from_wire(&json!("plain text"));
    json!({
        "known": e.is_known(),
        "wire_code": e.wire_code(),
        "message": e.message(),
        "category": e.category_str(),
        "exit_code": e.exit_code(),
        "argument": e.argument(),
        "context": e.context().iter().map(|(k, v)| json!([k, v])).collect::<Vec<_>>(),
        "rewire": e.to_wire(),
        "junk": [junk.wire_code(), junk.message(), junk.exit_code()],
    })
}

/// Every foreign vector (a JSON array of wire values) through `Error::from_wire`: what the
/// vectors' `expect` states (`code` as the TypeScript parser reports it: the current code
/// for known codes, the wire string for unknown and retired ones, null for legacy and
/// invalid payloads), plus the raw `wire_code`.
fn foreign_report(wires: &str) -> Value {
    let wires: Vec<Value> = serde_json::from_str(wires).unwrap();
    wires
        .iter()
        .map(|w| {
            let e = Error::from_wire(w);
            let kind = e.wire_kind();
            let code = match kind {
                WireKind::Legacy | WireKind::Invalid => Value::Null,
                _ => e.wire_code().into(),
            };
            json!({
                "kind": kind.as_str(),
                "display_kind": kind.to_string(),
                "code": code,
                "wire_code": e.wire_code(),
                "category": e.category_str(),
                "retryable": e.retryable(),
                "message": e.message(),
                "known": e.is_known(),
            })
        })
        .collect()
}

/// An HTTP response as the vectors carry it (`vectors_support::http_json`).
fn http_report(r: &HttpErrorResponse) -> Value {
    json!({
        "status": r.status,
        "headers": r.headers.iter().map(|(n, v)| json!([n, v])).collect::<Vec<_>>(),
        "body": r.body,
        "logLevel": r.log_level.as_str(),
    })
}

/// Every `httpReadings` vector (a JSON array) through `read_http_response`, as the vectors'
/// `expect` states it, plus whether the reading's `Error` agrees with its verdict.
fn readings_report(readings: &str) -> Value {
    let readings: Vec<Value> = serde_json::from_str(readings).unwrap();
    readings
        .iter()
        .map(|v| {
            let headers: Vec<(String, String)> = v["headers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| (h[0].as_str().unwrap().to_string(), h[1].as_str().unwrap().to_string()))
                .collect();
            let status = v["status"].as_u64().unwrap() as u16;
            let r = read_http_response(status, headers, v["body"].as_str().unwrap().as_bytes());
            let error_agrees = r.error.wire_kind() == r.kind
                && (r.kind != WireKind::Known || r.error.code().map(|c| c.as_str()) == r.code.as_deref() || r.code.as_deref().and_then(|c| c.parse::<ErrorCode>().ok()) == r.error.code());
            json!({
                "kind": r.kind.as_str(),
                "code": r.code,
                "message": r.message,
                "status": r.status,
                "retryAfterMs": r.retry_after_ms,
                "errorAgrees": error_agrees,
            })
        })
        .collect()
}
