#![allow(clippy::unwrap_used)]

use super::*;
use crate::classes::{AgentkitError, CLASSES, FormError, ToolError};
use crate::errors::{Category, ErrorCode, Namespace, ParamType};

fn example(ty: ParamType) -> Value {
    match ty {
        ParamType::String => json!("x"),
        ParamType::Integer => json!(42),
        ParamType::Number => json!(1.5),
        ParamType::Boolean => json!(true),
        ParamType::List(_) => json!([]),
        ParamType::Object => json!({}),
    }
}

fn all_errors() -> Vec<Error> {
    ErrorCode::ALL
        .iter()
        .map(|c| Error::new(*c, c.params().iter().map(|p| example(p.ty))))
        .collect()
}

#[test]
fn namespaced_codes_and_names() {
    assert_eq!(
        "X-FRM-001".parse::<ErrorCode>(),
        Ok(ErrorCode::FrmValidation)
    );
    assert_eq!(ErrorCode::FrmValidation.name(), "FRM_VALIDATION");
    assert_eq!(ErrorCode::FrmValidation.namespace(), Some(Namespace::Frm));
    assert_eq!(Namespace::ALL.len(), 10);
    for code in ErrorCode::ALL {
        let ns = code.namespace().unwrap();
        assert!(
            code.as_str().starts_with(ns.code_prefix().unwrap()),
            "{code}"
        );
        assert!(
            code.name().starts_with(&format!("{}_", ns.as_str())),
            "{code}"
        );
        assert_eq!(
            code.docs_url(),
            format!(
                "https://agentkit.example/reference/errors/{}.html#{}",
                ns.as_str().to_lowercase(),
                code.as_str().to_lowercase()
            )
        );
    }
}

#[test]
fn one_class_per_subsystem_named_as_the_catalogue_says() {
    assert_eq!(CLASSES.len(), Namespace::ALL.len());
    for (class, ns) in CLASSES {
        let summary = ns.summary().unwrap();
        assert!(
            summary.ends_with(&format!("error class `{class}`")),
            "{ns}: {summary}"
        );
    }
    for e in all_errors() {
        let ns = e.code().unwrap().namespace().unwrap();
        let classified = AgentkitError::from(e);
        let want = CLASSES.iter().find(|(_, n)| *n == ns).unwrap().0;
        assert_eq!(classified.class_name(), want);
    }
    let tool: Result<ToolError, Error> = Error::tol_not_found("grep").try_into();
    assert!(tool.is_ok());
    let form: Result<FormError, Error> = Error::tol_not_found("grep").try_into();
    assert_eq!(
        form.unwrap_err().code(),
        Some(ErrorCode::TolNotFound),
        "the error comes back"
    );
    let unknown =
        Error::from_wire(&json!({"error": "X-NEW-001", "detail": "newer", "category": "invalid"}));
    assert_eq!(AgentkitError::from(unknown).class_name(), "Error");
}

#[test]
fn terminal_form_shows_argument_constraint_and_hint() {
    let err = parse_run_args::<&str>(&[]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "X-FRM-001 `--name`: --name is required\n  constraint: {\"minLength\":1}\n  hint: Provide a non-empty value for `--name`."
    );
    assert_eq!(err.exit_code(), 2);
    let err = parse_run_args(&["--name", "x", "--max-turns", "500"]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "X-FRM-003 `500`: --max-turns must be between 1 and 100, got 500\n  constraint: {\"type\":\"integer\",\"minimum\":1,\"maximum\":100}"
    );
    let err = parse_run_args(&["--verbose"]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "X-FRM-004 `--verbose`: unknown flag --verbose\n  hint: Run `agentkit --help` for the list of flags."
    );
    assert_eq!(err.argument(), Some("--verbose"));
    assert_eq!(
        parse_run_args(&["--name", "demo", "--max-turns", "5"]).unwrap(),
        RunArgs {
            name: "demo".into(),
            max_turns: 5
        }
    );
}

#[test]
fn exit_codes_follow_the_categories() {
    for e in all_errors() {
        let want = match e.category().unwrap() {
            Category::Invalid => 2,
            Category::NotFound => 1,
            Category::Permission => 77,
            Category::Unavailable => 69,
            Category::Timeout => 124,
            Category::Internal => 70,
            Category::Config => 78,
        };
        assert_eq!(e.exit_code(), want, "{}", e.wire_code());
    }
}

fn rpc(text: &str) -> Value {
    handle_rpc(text, METHODS)
}

#[test]
fn jsonrpc_errors_use_the_standard_codes() {
    let cases: [(&str, i64, &str, Value); 6] = [
        (
            r#"{"jsonrpc": "2.0", "id": 1, "method": "agent/run", "params": {"#,
            -32700,
            "X-RPC-001",
            Value::Null,
        ),
        ("[1, 2]", -32600, "X-RPC-002", Value::Null),
        (
            r#"{"jsonrpc": "1.0", "id": 2, "method": "agent/run"}"#,
            -32600,
            "X-RPC-002",
            json!(2),
        ),
        (
            r#"{"jsonrpc": "2.0", "id": 3, "method": "agent/fly"}"#,
            -32601,
            "X-RPC-003",
            json!(3),
        ),
        (
            r#"{"jsonrpc": "2.0", "id": "a", "method": "agent/run", "params": {"task": ""}}"#,
            -32602,
            "X-RPC-004",
            json!("a"),
        ),
        (
            r#"{"jsonrpc": "2.0", "id": 5, "method": "agent/crash"}"#,
            -32603,
            "X-RPC-005",
            json!(5),
        ),
    ];
    for (text, code, wire_code, id) in cases {
        let res = rpc(text);
        assert_eq!(res["jsonrpc"], "2.0", "{text}");
        assert_eq!(res["id"], id, "{text}");
        assert_eq!(res["error"]["code"], code, "{text}");
        assert_eq!(res["error"]["data"]["error"], wire_code, "{text}");
        assert_eq!(
            res["error"]["message"], res["error"]["data"]["detail"],
            "{text}"
        );
        let back = Error::from_wire(&res["error"]["data"]);
        assert_eq!(back.code().map(ErrorCode::as_str), Some(wire_code));
    }
    let truncated = r#"{"jsonrpc":"2.0","id":1,"params":{"#;
    assert_eq!(rpc(truncated)["error"]["data"]["offset"], truncated.len());
    let bad = "{\"jsonrpc\":\n  x}";
    assert_eq!(
        rpc(bad)["error"]["data"]["offset"],
        bad.find('x').unwrap(),
        "the offset of the bad byte"
    );
    let invalid = rpc(r#"{"jsonrpc": "2.0", "id": 9, "method": "agent/run", "params": {}}"#);
    assert_eq!(invalid["error"]["data"]["argument"], "task");
    assert_eq!(
        invalid["error"]["data"]["constraint"],
        json!({"type": "string", "minLength": 1})
    );
    assert_eq!(
        rpc(r#"{"jsonrpc": "2.0", "id": 7, "method": "agent/run", "params": {"task": "t"}}"#),
        json!({"jsonrpc": "2.0", "id": 7, "result": {"started": true, "task": "t"}})
    );
    assert_eq!(ErrorCode::RpcParseError.jsonrpc_code(), -32700);
    assert_eq!(ErrorCode::RpcMethodNotFound.jsonrpc_code(), -32601);
    assert_eq!(ErrorCode::RpcInvalidParams.jsonrpc_code(), -32602);
    assert_eq!(ErrorCode::RpcInternal.jsonrpc_code(), -32603);
}

#[test]
fn mcp_tool_results() {
    let r = unknown_tool_result("web_serch");
    assert_eq!(
        r["content"],
        json!([{"type": "text", "text": "X-TOL-001 `web_serch`: no tool named web_serch"}])
    );
    assert_eq!(r["isError"], true);
    assert_eq!(r["_meta"]["dev.agentkit/code"], "X-TOL-001");
    assert_eq!(r["_meta"]["dev.agentkit/argument"], "web_serch");
    assert_eq!(
        r["_meta"]["dev.agentkit/docs_url"],
        "https://agentkit.example/reference/errors/tol.html#x-tol-001"
    );
}

fn schema(path: &str, def: &str) -> jsonschema::Validator {
    let mut s: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    s["$ref"] = json!(format!("#/$defs/{def}"));
    jsonschema::validator_for(&s).unwrap()
}

#[test]
fn results_and_responses_validate_against_the_mcp_schema() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../tests/mcp-schema");
    for rev in ["schema-2025-11-25.json", "schema-2026-07-28.json"] {
        let result = schema(&format!("{dir}/{rev}"), "CallToolResult");
        let response = schema(&format!("{dir}/{rev}"), "JSONRPCErrorResponse");
        for e in all_errors() {
            let e = e.with_argument("a").with_constraint(json!({"max": 1}));
            let r = e.to_mcp_tool_result();
            assert!(result.is_valid(&r), "{rev}: {r}");
            let resp = e.to_jsonrpc_response(1);
            assert!(response.is_valid(&resp), "{rev}: {resp}");
        }
        for text in [
            r#"{"jsonrpc": "2.0", "id": 3, "method": "agent/fly"}"#,
            r#"{"jsonrpc": "2.0", "id": 5, "method": "agent/crash"}"#,
        ] {
            let resp = rpc(text);
            assert!(response.is_valid(&resp), "{rev}: {resp}");
        }
    }
}

#[test]
fn wire_payloads_validate_against_the_generated_schema() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../generated/schema/wire-error.schema.json"
    );
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let v = jsonschema::validator_for(&schema).unwrap();
    for e in all_errors() {
        let w = e.with_argument("a").to_wire();
        assert!(v.is_valid(&w), "{w}");
    }
}
