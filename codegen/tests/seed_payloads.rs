//! The seed documents' own sample payloads (`../shared/seeds/`), reproduced by the reference
//! renderings (`payload.rs`) from catalogues that declare the documents' profiles. The
//! expected values below are copied from the documents, not derived from errdex.
//!
//! - `000_…` (agent-CLI framework): the MCP tool error with `content[0].text` =
//!   `"Error: <message>"` and a top-level `errorData` object.
//! - `004_…` (the fastmcp pull request): the "After" result for a tool denied by the safety
//!   tier: the message exactly as raised, `_meta` = {error_type, expected}.
//! - `001_…` (runtime): `{"error", "category", "detail", "source"}` in that order.

#![allow(clippy::unwrap_used)]

mod seed_support;

use errdex_codegen::payload::Instance;
use serde_json::{Value, json};

#[test]
fn agent_cli_error_data_result() {
    let cat = seed_support::load(seed_support::MILO);
    let e = &cat.errors[0];
    assert_eq!(e.class, "FormError", "the namespace's class");
    assert_eq!(
        cat.category_of(e).key,
        "invalid_params",
        "the namespace's category"
    );
    assert_eq!(
        e.message.raw, "Form validation failure",
        "no message: the summary"
    );
    assert_eq!(e.jsonrpc_code, -32602);
    // raise MiloError(ErrorCode.FRM_VALIDATION, "Environment is required",
    //     argument="environment", constraint={"minLength": 1},
    //     suggestion="Provide a non-empty environment name.")  — raised as the base class.
    let mut inst = Instance::example(e);
    inst.message_override = Some("Environment is required".into());
    inst.argument = Some("environment".into());
    inst.constraint = Some(json!({"minLength": 1}));
    inst.suggestion_override = Some("Provide a non-empty environment name.".into());
    inst.error_type_override = Some("MiloError".into());
    inst.context = vec![
        ("tool".into(), json!("deploy")),
        ("example".into(), json!("x")),
        (
            "schema".into(),
            json!({"type": "object", "properties": {"environment": {"type": "string"}}}),
        ),
    ];
    let got = inst.mcp_tool_result(&cat);
    // The document's sample, its text's "..." filled with the message, plus the
    // `resultType` that MCP 2026-07-28 requires (earlier clients ignore it).
    let doc: Value = serde_json::from_str(
        r#"{
"content": [{"type": "text", "text": "Error: Environment is required"}],
"isError": true,
"resultType": "complete",
"errorData": {
"tool": "deploy",
"errorCode": "M-FRM-001",
"type": "MiloError",
"argument": "environment",
"constraint": {"minLength": 1},
"example": "x",
"suggestion": "Provide a non-empty environment name.",
"schema": {"type": "object", "properties": {"environment": {"type": "string"}}}
}
}"#,
    )
    .unwrap();
    assert_eq!(got.to_string(), doc.to_string(), "same members, same order");
    // Without the raise-site override the type is the code's class.
    inst.error_type_override = None;
    assert_eq!(inst.mcp_tool_result(&cat)["errorData"]["type"], "FormError");
}

#[test]
fn mcp_results_pr_after_result() {
    let cat = seed_support::load(seed_support::TMUX);
    let mut inst = Instance::example(&cat.errors[0]);
    inst.values = vec![json!("send_keys"), json!("destructive")];
    let got = inst.mcp_tool_result(&cat);
    assert_eq!(
        got["content"][0]["text"],
        "Tool 'send_keys' is not available at the current safety level. Set LIBTMUX_SAFETY=destructive to enable destructive tools.",
        "the message exactly as raised: no code, no hint, no 'Internal error:' prefix"
    );
    assert_eq!(got["isError"], true);
    assert_eq!(
        got["_meta"].to_string(),
        json!({"error_type": "ExpectedToolError", "expected": true}).to_string()
    );
    assert!(
        got.get("structuredContent").is_none(),
        "no structuredContent on errors"
    );
    // A raise site that knows the fault is the operator's (a broken environment).
    inst.expected_override = Some(false);
    assert_eq!(inst.mcp_tool_result(&cat)["_meta"]["expected"], false);
    assert!(!inst.expected());
}

#[test]
fn runtime_wire_order_and_source_extra() {
    let cat = seed_support::load(
        r#"
errdex: 1
registry:
  name: plumbing
  wire:
    code: error
    category: category
    message: detail
categories:
  not_found:
    summary: Named resource does not exist
errors:
  unknown_tool:
    category: not_found
    summary: Tool name not found in the agent's bindings or any connected MCP server
    message: "unknown tool: {source} (not found in any MCP server)"
    params:
      source: string
"#,
    );
    let mut inst = Instance::example(&cat.errors[0]);
    inst.values = vec![json!("foo")];
    assert_eq!(
        inst.wire(&cat).to_string(),
        r#"{"error":"unknown_tool","category":"not_found","detail":"unknown tool: foo (not found in any MCP server)","source":"foo"}"#,
        "the document's sample, byte for byte"
    );
}

#[test]
fn jsonrpc_profile_message_and_data() {
    let src = seed_support::milo_with_rpc_profile();
    let cat = seed_support::load(&src);
    let inst = Instance::example(&cat.errors[0]);
    assert_eq!(
        inst.jsonrpc_error(&cat).to_string(),
        r#"{"code":-32601,"message":"M-CMD-001: Command was not found","data":{"errorCode":"M-CMD-001","type":"MiloError"}}"#
    );
}

#[test]
fn mcp_server_validation_error_payload() {
    let cat = seed_support::load(seed_support::TRACKER);
    let mut inst = Instance::example(&cat.errors[0]);
    inst.values = vec![json!("title"), json!("")];
    inst.message_override = Some("Human-readable error message".into());
    inst.suggestion_override = Some("Provide a non-empty title".into());
    // The document's sample, byte for byte (members and order).
    let doc = r#"{"error":"Human-readable error message","code":"VALIDATION_ERROR","retryable":false,"details":{"field":"title","provided":"","suggestion":"Provide a non-empty title"}}"#;
    assert_eq!(inst.wire(&cat).to_string(), doc);
    // The profile's text is that wire object.
    assert_eq!(inst.mcp_tool_result(&cat)["content"][0]["text"], doc);
    // NOT_FOUND is retryable although nothing else of its category says so in the wire.
    let nf = Instance::example(&cat.errors[1]);
    assert_eq!(nf.wire(&cat)["retryable"], true);
}
