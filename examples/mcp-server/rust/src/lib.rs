//! The tracker MCP server's structured errors v2 through errdex (seed document "Structured
//! Error Responses (v2.0.0)"): the wire object `{"error": message, "code", "retryable",
//! "details": {...}}`, six codes with per-code retryability (NOT_FOUND, PRECONDITION_FAILED
//! and INTERNAL_ERROR retryable; VALIDATION_ERROR, PERMISSION_DENIED and CONFLICT not), the
//! document's retry strategy as per-code advice, and legacy `{"error": "..."}` payloads.
//!
//! - Server side: [`call_tool`] runs a tracker tool; a failure is an MCP `CallToolResult`
//!   whose text is the structured error response.
//! - Client side: [`decide`] reads a failed call's payload the way the document tells agents
//!   to: check for `code` first, then `retryable`.

/// The module errdex generated from `../errors.yaml` (see `build.rs`).
pub mod errors {
    include!(concat!(env!("OUT_DIR"), "/mcp_server_errors.rs"));
}

use errors::{Error, ErrorCode, WireKind};
use serde_json::{Value, json};

/// The phases an issue can be in, in order.
pub const PHASES: [&str; 3] = ["design", "build", "review"];

/// A tracker with issue 7 in phase `build`; only the next phase may be requested.
fn run_tool(name: &str, args: &Value) -> Result<Value, Error> {
    match name {
        "create_issue" => {
            let title = args.get("title").and_then(Value::as_str).unwrap_or("");
            if title.is_empty() {
                return Err(Error::validation_error("title", title)
                    .with_message("title must not be empty")
                    .with_suggestion("Provide a non-empty title"));
            }
            if title == "Fix login" {
                return Err(Error::conflict()
                    .with_message("an issue titled 'Fix login' already exists")
                    .with_context("issue_id", 3));
            }
            Ok(json!({"issue_id": 8, "title": title}))
        }
        "set_phase" => {
            let phase = args.get("phase").and_then(Value::as_str).unwrap_or("");
            if !PHASES.contains(&phase) {
                // `valid_phases` is context: VALIDATION_ERROR's params are the document's
                // sample's (`field`, `provided`).
                return Err(Error::validation_error("phase", phase)
                    .with_context("valid_phases", json!(PHASES)));
            }
            if args.get("issue_id").and_then(Value::as_i64) != Some(7) {
                return Err(Error::not_found().with_context("issue_id", args["issue_id"].clone()));
            }
            if phase != "review" {
                return Err(Error::precondition_failed("build", phase, ["review"]));
            }
            Ok(json!({"issue_id": 7, "phase": phase}))
        }
        "delete_project" => Err(Error::permission_denied()
            .with_message("deleting projects needs the `admin` label")
            .with_context("project_id", args["project_id"].clone())),
        _ => Err(Error::internal_error().with_context("tool", name)),
    }
}

/// Runs a tool call and returns its MCP `CallToolResult`.
pub fn call_tool(name: &str, args: &Value) -> Value {
    match run_tool(name, args) {
        Ok(v) => json!({"content": [{"type": "text", "text": v.to_string()}], "isError": false}),
        Err(e) => e.to_mcp_tool_result(),
    }
}

/// What a client does after a failed call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// `retryable: true`: retry, after acting on the code's advice.
    Retry { code: String, advice: String },
    /// `retryable: false`: fix the arguments or the root cause first.
    Fix { code: String, advice: String },
    /// A legacy `{"error": "..."}` without `code`: no structured handling.
    Legacy { message: String },
}

/// Reads a failed call's payload (the structured error response).
pub fn decide(payload: &Value) -> Decision {
    let e = Error::from_wire(payload);
    if matches!(e.wire_kind(), WireKind::Legacy | WireKind::Invalid) {
        return Decision::Legacy {
            message: e.message().to_string(),
        };
    }
    let code = e.wire_code().to_string();
    let advice = e
        .retry()
        .and_then(|r| r.advice)
        .unwrap_or("fix arguments before retrying")
        .to_string();
    if e.retryable() {
        Decision::Retry { code, advice }
    } else {
        Decision::Fix { code, advice }
    }
}

/// The document's code table in its order: code, category, retryable.
pub fn table() -> Vec<(ErrorCode, &'static str, bool)> {
    ErrorCode::ALL
        .iter()
        .map(|c| (*c, c.category().as_str(), c.retryable()))
        .collect()
}

#[cfg(test)]
mod tests;
