//! The plumbing runtime's errors through errdex (seed document "Error format"): the wire
//! object `{"error": code, "category": ..., "detail": message, ...extras}` in that order, six
//! categories (only `unavailable` retries, `config` exits 2), 23 codes in eight subsystems,
//! the earlier flat `{"error": "human message"}` format, and the tool response envelope
//! `{"id", "content": <the wire object as JSON text>, "is_error": true}` fed back to a model.
//!
//! - [`dispatch_tool`]: routes a model's tool call the way `dispatch_tool` does in the
//!   document; a failure comes back as the tool response envelope.
//! - [`load_spec`]: startup spec loading; a failure exits with its code's status (2).
//! - [`retry_decision`]: what a retry policy reads from any wire payload, current or legacy.

/// The module errdex generated from `../errors.yaml` (see `build.rs`).
pub mod errors {
    include!(concat!(env!("OUT_DIR"), "/runtime_errors.rs"));
}

use errors::{Error, WireKind};
use serde_json::{Value, json};

/// What the agent can call: its plumbing bindings and the tools of its MCP servers, and the
/// tools a human operator declines (operator-in-the-loop).
#[derive(Debug, Clone, Default)]
pub struct Bindings {
    pub tools: Vec<String>,
    pub declined_by_operator: Vec<String>,
}

/// Routes one tool call. Success is a plain tool response; a failure is the envelope the
/// agent binary feeds to the model as a `tool_result` with `is_error: true`.
pub fn dispatch_tool(call_id: &str, name: &str, bindings: &Bindings) -> Value {
    match route(name, bindings) {
        Ok(content) => json!({"id": call_id, "content": content, "is_error": false}),
        Err(e) => e.to_tool_response(call_id),
    }
}

fn route(name: &str, bindings: &Bindings) -> Result<String, Error> {
    if !bindings.tools.iter().any(|t| t == name) {
        // The document's own payload: the tool name rides along as the `source` extra.
        return Err(Error::unknown_tool()
            .with_message(format!(
                "unknown tool: {name} (not found in any MCP server)"
            ))
            .with_context("source", name));
    }
    if bindings.declined_by_operator.iter().any(|t| t == name) {
        return Err(Error::tool_denied()
            .with_message(format!("operator declined tool call: {name}"))
            .with_context("source", name));
    }
    Ok(format!("{name}: ok"))
}

/// Loads a pipeline spec at startup. An empty spec is a static configuration error
/// (`config_error`, category `config`, exit status 2).
pub fn load_spec(path: &str, text: &str) -> Result<usize, Error> {
    let bindings = text.lines().filter(|l| !l.trim().is_empty()).count();
    if bindings == 0 {
        return Err(Error::config_error()
            .with_message(format!("{path}: the spec binds no agent"))
            .with_context("path", path));
    }
    Ok(bindings)
}

/// What a retry policy does with a wire payload it received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// Only `unavailable` errors (or an unknown code whose wire category is `unavailable`).
    Retry { code: String },
    /// Everything else, legacy flat payloads included: report to the model or the user.
    GiveUp { code: String, detail: String },
}

/// Reads any payload: the current format, a newer runtime's code, or the earlier
/// `{"error": "human message"}` (legacy: no code, no category, never retried).
pub fn retry_decision(payload: &Value) -> Decision {
    let e = Error::from_wire(payload);
    if e.retryable() {
        Decision::Retry {
            code: e.wire_code().to_string(),
        }
    } else {
        let code = match e.wire_kind() {
            WireKind::Legacy | WireKind::Invalid => String::new(),
            _ => e.wire_code().to_string(),
        };
        Decision::GiveUp {
            code,
            detail: e.message().to_string(),
        }
    }
}

#[cfg(test)]
mod tests;
