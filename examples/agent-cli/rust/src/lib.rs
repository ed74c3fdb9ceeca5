//! The milo agent/CLI framework's errors through errdex (seed documents "Milo errors" and
//! "Dispatch Contract"): 29 namespaced codes (`M-FRM-001` named `FRM_VALIDATION`), one
//! exception class per subsystem, errors with repair context (argument, constraint,
//! suggestion), the compact terminal form, MCP `tools/call` errors with `content[0].text` =
//! `"Error: <message>"` and a top-level `errorData`, and the JSON-RPC mapping (input, form
//! and config errors → -32602, CMD_NOT_FOUND → -32601, everything else → -32603).
//!
//! - [`require_env`]: the document's validation boundary.
//! - [`call_tool`]: a `tools/call` of the `deploy` command; a failure is the tool result
//!   with `errorData` (the command, its input schema and an example value added).
//! - [`dispatch`]: the stdin/stdout server's JSON-RPC error for an exception that escapes
//!   method dispatch.

/// The module errdex generated from `../errors.yaml` (see `build.rs`).
pub mod errors {
    include!(concat!(env!("OUT_DIR"), "/agent_cli_errors.rs"));
}

use errors::Error;
use serde_json::{Value, json};

/// `deploy`'s input schema, as the framework derives it from the handler's signature.
pub fn deploy_schema() -> Value {
    json!({"type": "object", "properties": {"environment": {"type": "string"}}})
}

/// The document's validation boundary: an empty environment is `FRM_VALIDATION`, raised as
/// the base class `MiloError` (`raise MiloError(ErrorCode.FRM_VALIDATION, ...)`).
pub fn require_env(environment: &str) -> Result<(), Error> {
    if environment.is_empty() {
        return Err(Error::frm_validation()
            .with_message("Environment is required")
            .with_argument("environment")
            .with_constraint(json!({"minLength": 1}))
            .with_suggestion("Provide a non-empty environment name.")
            .with_error_type("MiloError"));
    }
    Ok(())
}

/// Runs `tools/call` for the `deploy` command. A failure becomes the MCP tool result with
/// `errorData`; the boundary adds the tool name, its schema and an example value.
pub fn call_tool(name: &str, arguments: &Value) -> Value {
    let run = || -> Result<Value, Error> {
        if name != "deploy" {
            return Err(Error::cmd_not_found()
                .with_message(format!("Command was not found: {name}"))
                .with_argument(name));
        }
        let env = arguments
            .get("environment")
            .and_then(Value::as_str)
            .unwrap_or("");
        require_env(env)?;
        Ok(json!({"environment": env}))
    };
    match run() {
        Ok(v) => {
            json!({"content": [{"type": "text", "text": v.to_string()}], "isError": false, "structuredContent": v})
        }
        Err(e) => e
            .with_context("tool", name)
            .with_context("example", "x")
            .with_context("schema", deploy_schema())
            .to_mcp_tool_result(),
    }
}

/// The JSON-RPC error response for an exception escaping method dispatch: its code comes
/// from the catalogue (`jsonrpc_code`), the mapping the document's table gives.
pub fn dispatch(id: Value, err: &Error) -> Value {
    err.to_jsonrpc_response(id)
}

#[cfg(test)]
mod tests;
