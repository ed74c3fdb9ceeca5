//! The agentkit CLI / agent framework through errdex: namespaced codes (`X-FRM-001` named
//! `FRM_VALIDATION`), ten subsystems each with its own error class, errors that carry the
//! offending argument, the violated constraint and a suggestion, the compact terminal
//! form, MCP tool-error results and JSON-RPC error responses (parse error -32700, invalid
//! request -32600, method not found -32601, invalid params -32602, internal error -32603).
//!
//! - [`classes`]: one error type per subsystem (`FormError`, `ToolError`, ...) built on the
//!   generated [`Error`], and [`AgentkitError`](classes::AgentkitError), the enum of them all.
//! - [`parse_run_args`]: command-line validation; `src/main.rs` prints the error and exits
//!   with the code's exit status.
//! - [`handle_rpc`]: a JSON-RPC 2.0 dispatcher.

/// The module errdex generated from `../errors.yaml` (see `build.rs`).
pub mod errors {
    include!(concat!(env!("OUT_DIR"), "/agent_cli_errors.rs"));
}

pub mod classes;

use errors::Error;
use serde_json::{Value, json};

/// The arguments of `agentkit run`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunArgs {
    pub name: String,
    pub max_turns: i64,
}

/// Parses `agentkit run --name NAME [--max-turns N]`.
pub fn parse_run_args<S: AsRef<str>>(argv: &[S]) -> Result<RunArgs, classes::FormError> {
    let mut name = String::new();
    let mut max_turns = 20;
    let mut it = argv.iter().map(AsRef::as_ref);
    while let Some(arg) = it.next() {
        match arg {
            "--name" => name = it.next().unwrap_or("").to_string(),
            "--max-turns" => {
                let raw = it.next().unwrap_or("");
                match raw.parse::<i64>() {
                    Ok(n) if (1..=100).contains(&n) => max_turns = n,
                    parsed => {
                        let got = parsed.map_or(0.0, |n| n as f64);
                        return Err(Error::frm_out_of_range("--max-turns", 1.0, 100.0, got)
                            .with_argument(raw)
                            .with_constraint(
                                json!({"type": "integer", "minimum": 1, "maximum": 100}),
                            )
                            .try_into()
                            .map_err(|_| unreachable_class())?);
                    }
                }
            }
            other => {
                return Err(Error::frm_unknown_flag(other.trim_start_matches('-'))
                    .with_argument(other)
                    .try_into()
                    .map_err(|_| unreachable_class())?);
            }
        }
    }
    if name.is_empty() {
        return Err(Error::frm_validation("--name")
            .with_argument("--name")
            .with_constraint(json!({"minLength": 1}))
            .try_into()
            .map_err(|_| unreachable_class())?);
    }
    Ok(RunArgs { name, max_turns })
}

/// FRM codes always convert to `FormError`; a failure here is a bug in this crate.
fn unreachable_class() -> classes::FormError {
    panic!("an FRM code did not convert to FormError")
}

/// A JSON-RPC method: its params in, a result or an error out.
pub type Method = fn(&Value) -> Result<Value, Error>;

/// Handles one JSON-RPC 2.0 request text; returns the response object.
pub fn handle_rpc(text: &str, methods: &[(&str, Method)]) -> Value {
    let req: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let offset = if e.is_eof() {
                i64::try_from(text.len()).unwrap_or(i64::MAX)
            } else {
                byte_offset(text, e.line(), e.column())
            };
            return Error::rpc_parse_error(offset).to_jsonrpc_response(Value::Null);
        }
    };
    let Some(obj) = req.as_object() else {
        return Error::rpc_invalid_request("the request is not a JSON object")
            .to_jsonrpc_response(Value::Null);
    };
    let id = match obj.get("id") {
        Some(v @ (Value::String(_) | Value::Number(_))) => v.clone(),
        _ => Value::Null,
    };
    let (Some("2.0"), Some(method)) = (
        obj.get("jsonrpc").and_then(Value::as_str),
        obj.get("method").and_then(Value::as_str),
    ) else {
        return Error::rpc_invalid_request(r#"expected "jsonrpc": "2.0" and a string "method""#)
            .to_jsonrpc_response(id);
    };
    let Some((_, f)) = methods.iter().find(|(m, _)| *m == method) else {
        return Error::rpc_method_not_found(method)
            .with_argument(method)
            .to_jsonrpc_response(id);
    };
    match f(obj.get("params").unwrap_or(&Value::Null)) {
        Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
        // The method rejected its params: invalid params, keeping the cause's detail.
        Err(e) if e.jsonrpc_code() == -32602 => {
            let mut out = Error::rpc_invalid_params(method, e.message());
            if let Some(a) = e.argument() {
                out = out.with_argument(a);
            }
            if let Some(c) = e.constraint() {
                out = out.with_constraint(c.clone());
            }
            out.to_jsonrpc_response(id)
        }
        Err(e) => Error::rpc_internal(method)
            .with_source(e)
            .to_jsonrpc_response(id),
    }
}

/// serde_json reports the 1-based line and column (in bytes) of the offending byte; its
/// 0-based offset into `text`. (Running out of input is reported at the end of `text`.)
fn byte_offset(text: &str, line: usize, column: usize) -> i64 {
    let before: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    i64::try_from(before + column.saturating_sub(1)).unwrap_or(i64::MAX)
}

/// The agent server's methods.
pub const METHODS: &[(&str, Method)] = &[("agent/run", agent_run), ("agent/crash", agent_crash)];

fn agent_run(params: &Value) -> Result<Value, Error> {
    match params.get("task").and_then(Value::as_str) {
        Some(task) if !task.is_empty() => Ok(json!({"started": true, "task": task})),
        _ => Err(Error::frm_validation("task")
            .with_argument("task")
            .with_constraint(json!({"type": "string", "minLength": 1}))),
    }
}

fn agent_crash(_: &Value) -> Result<Value, Error> {
    Err(Error::tol_failed("shell", "segmentation fault"))
}

/// A failed tool call as the MCP `CallToolResult` returned to the model.
pub fn unknown_tool_result(tool: &str) -> Value {
    Error::tol_not_found(tool)
        .with_argument(tool)
        .to_mcp_tool_result()
}

#[cfg(test)]
mod tests;
