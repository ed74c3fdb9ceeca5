//! The rmcp example server driven by rmcp's own client over an in-process duplex transport:
//! what the client receives for tool failures (isError, the message as raised, the
//! catalogue's `_meta`) and for an unknown tool (the JSON-RPC error errdex maps).

use example_tmux_mcp_rmcp::{Error, Tmux, TmuxServer};
use rmcp::model::{CallToolRequestParams, CallToolResult, JsonObject};
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::ServiceExt;
use serde_json::{json, Value};

async fn connect(server: TmuxServer) -> RunningService<RoleClient, ()> {
    let (client_io, server_io) = tokio::io::duplex(64 * 1024);
    tokio::spawn(async move {
        let running = server.serve(server_io).await.expect("the server starts");
        let _ = running.waiting().await;
    });
    ().serve(client_io).await.expect("the client connects")
}

fn args(v: Value) -> JsonObject {
    v.as_object().expect("an object").clone()
}

async fn call(
    client: &RunningService<RoleClient, ()>,
    name: &'static str,
    a: Value,
) -> Result<CallToolResult, ServiceError> {
    client
        .call_tool(CallToolRequestParams::new(name).with_arguments(args(a)))
        .await
}

fn text(r: &CallToolResult) -> String {
    let v = serde_json::to_value(&r.content).expect("content serializes");
    assert_eq!(v.as_array().map(Vec::len), Some(1), "{v}");
    v[0]["text"].as_str().expect("a text block").to_string()
}

fn meta(r: &CallToolResult) -> Value {
    serde_json::to_value(r.meta.as_ref().expect("_meta")).expect("_meta serializes")
}

#[tokio::test]
async fn not_found_arrives_as_the_catalogues_result() {
    let server = TmuxServer::new(Tmux::demo(), "mutating");
    let log = server.log.clone();
    let client = connect(server).await;
    let got = call(&client, "capture_pane", json!({"pane_id": "%5"}))
        .await
        .expect("a result");
    let want = Error::pane_not_found("%5").to_mcp_tool_result();
    assert_eq!(got.is_error, Some(true));
    assert_eq!(
        text(&got),
        "Pane not found: %5",
        "the message exactly as raised"
    );
    assert_eq!(
        meta(&got).to_string(),
        want["_meta"].to_string(),
        "same keys, same order"
    );
    assert_eq!(meta(&got)["error_type"], "ExpectedToolError");
    assert_eq!(meta(&got)["expected"], true);
    assert!(meta(&got)["suggestion"]
        .as_str()
        .is_some_and(|s| s.contains("list_panes")));
    assert!(got.structured_content.is_none());
    assert_eq!(
        *log.lock().unwrap(),
        vec![(
            "warning",
            "capture_pane failed: ExpectedToolError: Pane not found: %5".to_string()
        )]
    );
    client.cancel().await.expect("closes");
}

#[tokio::test]
async fn the_tier_denial_is_the_documents_after_result() {
    let client = connect(TmuxServer::new(Tmux::demo(), "mutating")).await;
    let got = call(&client, "send_keys", json!({"pane_id": "%0", "keys": "ls"}))
        .await
        .expect("a result");
    assert_eq!(got.is_error, Some(true));
    assert_eq!(
        text(&got),
        "Tool 'send_keys' is not available at the current safety level. Set LIBTMUX_SAFETY=destructive to enable destructive tools."
    );
    assert_eq!(
        meta(&got),
        json!({"error_type": "ExpectedToolError", "expected": true})
    );
    client.cancel().await.expect("closes");
}

#[tokio::test]
async fn operator_faults_are_not_expected_and_logged_as_errors() {
    let mut missing = Tmux::demo();
    missing.binary = false;
    let a = TmuxServer::new(missing, "mutating");
    let b = TmuxServer::new(Tmux::demo(), "mutating");
    let (log_a, log_b) = (a.log.clone(), b.log.clone());
    let (ca, cb) = (connect(a).await, connect(b).await);
    let got = call(&ca, "capture_pane", json!({"pane_id": "%0"}))
        .await
        .expect("a result");
    assert_eq!(text(&got), "tmux not found on PATH");
    assert_eq!(
        meta(&got),
        json!({"error_type": "ToolError", "expected": false})
    );
    let got = call(&cb, "pane_line_width", json!({"pane_id": "%1"}))
        .await
        .expect("a result");
    assert_eq!(text(&got), "attempt to divide by zero");
    assert_eq!(
        meta(&got),
        json!({"error_type": "ArithmeticError", "expected": false})
    );
    assert_eq!(log_a.lock().unwrap()[0].0, "error");
    assert_eq!(log_b.lock().unwrap()[0].0, "error");
    ca.cancel().await.expect("closes");
    cb.cancel().await.expect("closes");
}

#[tokio::test]
async fn an_unknown_tool_is_the_json_rpc_error_errdex_maps() {
    let client = connect(TmuxServer::new(Tmux::demo(), "mutating")).await;
    let err = call(&client, "list_buffers", json!({}))
        .await
        .expect_err("a protocol error");
    let ServiceError::McpError(data) = err else {
        panic!("not a JSON-RPC error: {err:?}")
    };
    let want = Error::unknown_tool("list_buffers").to_jsonrpc_error();
    assert_eq!(
        serde_json::to_value(&data).unwrap(),
        want,
        "code, message and data as errdex maps them"
    );
    assert_eq!(data.code.0, -32602);
    let parsed = Error::from_wire(data.data.as_ref().expect("data"));
    assert_eq!(parsed.wire_code(), "unknown_tool");
    client.cancel().await.expect("closes");
}

#[tokio::test]
async fn a_successful_call_is_untouched() {
    let client = connect(TmuxServer::new(Tmux::demo(), "destructive")).await;
    let sent = call(&client, "send_keys", json!({"pane_id": "%0", "keys": "ls"}))
        .await
        .expect("a result");
    assert_ne!(sent.is_error, Some(true));
    let got = call(&client, "capture_pane", json!({"pane_id": "%0"}))
        .await
        .expect("a result");
    assert_eq!(text(&got), "$ make test\nok: 12 passed\nls");
    let tools = client.list_all_tools().await.expect("tools/list");
    assert_eq!(tools.len(), 3);
    client.cancel().await.expect("closes");
}
