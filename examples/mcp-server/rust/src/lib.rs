//! The notebook MCP server through errdex: six codes whose retryability is set per code
//! (`NOT_FOUND` retryable although its category is not, `VALIDATION_ERROR` never), the
//! wire object `{"error": message, "code": ..., "retryable": ..., "details": {...}}`, and
//! per-code retry advice.
//!
//! - Server side: [`call_tool`] runs a tool and turns its [`Error`] into an MCP
//!   `CallToolResult` (`isError: true`, classification under `_meta`).
//! - Client side: [`decide`] reads a failed call's wire payload (or a legacy
//!   `{"error": "text"}` from an older server) and decides whether and when to retry.

/// The module errdex generated from `../errors.yaml` (see `build.rs`).
pub mod errors {
    include!(concat!(env!("OUT_DIR"), "/mcp_server_errors.rs"));
}

use std::time::Duration;

use errors::{Error, ErrorCode};
use serde_json::{Value, json};

/// A notebook store with one notebook at version 3, cell `c1` locked by another editor.
fn run_tool(name: &str, args: &Value) -> Result<Value, Error> {
    let str_arg = |key: &str| -> Result<String, Error> {
        match args.get(key) {
            Some(Value::String(s)) if !s.is_empty() => Ok(s.clone()),
            _ => Err(Error::validation_error(key, "must be a non-empty string")
                .with_argument(key)
                .with_constraint(json!({"type": "string", "minLength": 1}))),
        }
    };
    match name {
        "read_notebook" => {
            let id = str_arg("id")?;
            if id != "nb-1" {
                return Err(Error::not_found("notebook", id));
            }
            Ok(json!({"id": "nb-1", "version": 3}))
        }
        "edit_cell" => {
            let cell = str_arg("cell")?;
            let expected = args.get("version").and_then(Value::as_i64).unwrap_or(0);
            if expected != 3 {
                return Err(Error::precondition_failed(expected, 3));
            }
            if cell == "c1" {
                return Err(Error::conflict(cell));
            }
            Ok(json!({"cell": cell, "version": 4}))
        }
        "delete_notebook" => Err(Error::permission_denied("notebooks:delete")),
        _ => Err(Error::internal_error("req-7f3a").with_context("tool", name)),
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
#[derive(Debug, Clone, PartialEq)]
pub enum Decision {
    /// Retry the same call after this delay.
    Retry(Duration),
    /// Give up; the reason, for the log.
    GiveUp(String),
}

/// Decides after `attempt` failed attempts (1 = the first call failed), from the wire
/// payload of the failure. `max_attempts` counts every attempt; the backoff doubles.
pub fn decide(payload: &Value, attempt: u32) -> Decision {
    let err = Error::from_wire(payload);
    if err.wire_code().is_empty() {
        // A legacy `{"error": "text"}` payload: nothing says the call is safe to repeat.
        return Decision::GiveUp(format!("legacy error, not retried: {}", err.message()));
    }
    if !err.retryable() {
        return Decision::GiveUp(format!(
            "{} is not retryable: {}",
            err.wire_code(),
            err.message()
        ));
    }
    // A retryable code this client does not know yet (no advice): one careful retry.
    let advice = err.retry();
    let max = advice.and_then(|a| a.max_attempts).unwrap_or(2);
    if attempt >= max {
        return Decision::GiveUp(format!(
            "{}: gave up after {attempt} of {max} attempts",
            err.wire_code()
        ));
    }
    let first = advice.and_then(|a| a.initial_backoff_ms).unwrap_or(250);
    Decision::Retry(Duration::from_millis(first << (attempt - 1).min(16)))
}

/// Codes whose retryability differs from their category's.
pub fn overrides() -> Vec<ErrorCode> {
    ErrorCode::ALL
        .iter()
        .copied()
        .filter(|c| c.retryable() != c.category().retryable())
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use errors::Category;

    fn example(ty: errors::ParamType) -> Value {
        match ty {
            errors::ParamType::String => json!("x"),
            errors::ParamType::Integer => json!(42),
            errors::ParamType::Number => json!(1.5),
            errors::ParamType::Boolean => json!(true),
            errors::ParamType::List(_) => json!([]),
            errors::ParamType::Object => json!({}),
        }
    }

    fn all_errors() -> Vec<Error> {
        ErrorCode::ALL
            .iter()
            .map(|c| Error::new(*c, c.params().iter().map(|p| example(p.ty))))
            .collect()
    }

    #[test]
    fn wire_is_error_message_code_retryable_and_nested_details() {
        let err = Error::not_found("notebook", "nb-42").with_context("tool", "read_notebook");
        let wire = err.to_wire();
        let mut keys: Vec<&str> = wire
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(keys, ["code", "details", "error", "retryable"]);
        assert_eq!(wire["error"], "notebook nb-42 not found");
        assert_eq!(wire["code"], "NOT_FOUND");
        assert_eq!(wire["retryable"], true);
        assert_eq!(
            wire["details"],
            json!({
                "resource_type": "notebook",
                "id": "nb-42",
                "suggestion": "Check the id with `list_notebooks`; a notebook being imported appears within seconds.",
                "tool": "read_notebook",
            })
        );
        for e in all_errors() {
            let w = e.to_wire();
            assert_eq!(w.as_object().unwrap().len(), 4, "{w}");
            assert_eq!(w["retryable"], e.retryable());
            assert!(w.get("category").is_none());
            assert!(w["details"].is_object());
        }
    }

    #[test]
    fn retryability_is_set_per_code() {
        assert!(ErrorCode::NotFound.retryable());
        assert!(!ErrorCode::NotFound.category().retryable());
        assert!(!ErrorCode::ValidationError.retryable());
        assert!(!ErrorCode::PermissionDenied.retryable());
        assert!(ErrorCode::InternalError.retryable());
        assert_eq!(ErrorCode::InternalError.category(), Category::Internal);
        assert_eq!(overrides(), [ErrorCode::NotFound, ErrorCode::InternalError]);
        assert_eq!(
            ErrorCode::NotFound.retry().unwrap().advice,
            Some("Imports finish within seconds: wait, then retry the same call.")
        );
    }

    #[test]
    fn decisions_follow_each_codes_advice() {
        for e in all_errors() {
            let code = e.code().unwrap();
            let wire = e.to_wire();
            let mut delays = Vec::new();
            let mut attempt = 1;
            while let Decision::Retry(d) = decide(&wire, attempt) {
                delays.push(d);
                attempt += 1;
            }
            let max = if code.retryable() {
                code.retry().unwrap().max_attempts.unwrap()
            } else {
                1
            };
            assert_eq!(attempt, max, "{code}: attempts");
            let first = code
                .retry()
                .and_then(|r| r.initial_backoff_ms)
                .unwrap_or(250);
            let want: Vec<Duration> = (0..max - 1)
                .map(|i| Duration::from_millis(first << i))
                .collect();
            assert_eq!(delays, want, "{code}");
        }
        assert_eq!(
            decide(&Error::not_found("notebook", "nb-9").to_wire(), 1),
            Decision::Retry(Duration::from_millis(1000))
        );
    }

    #[test]
    fn legacy_and_newer_payloads() {
        let d = decide(&json!({"error": "Notebook not found"}), 1);
        assert_eq!(
            d,
            Decision::GiveUp("legacy error, not retried: Notebook not found".into())
        );
        let newer = json!({"code": "QUOTA_EXCEEDED", "error": "quota exceeded", "retryable": true, "details": {}});
        assert_eq!(
            decide(&newer, 1),
            Decision::Retry(Duration::from_millis(250))
        );
        assert!(matches!(decide(&newer, 2), Decision::GiveUp(_)));
        let no = json!({"code": "QUOTA_EXCEEDED", "error": "quota exceeded", "retryable": false, "details": {}});
        assert!(matches!(decide(&no, 1), Decision::GiveUp(_)));
    }

    #[test]
    fn tool_calls_return_mcp_results() {
        let ok = call_tool("read_notebook", &json!({"id": "nb-1"}));
        assert_eq!(ok["isError"], false);
        let r = call_tool("read_notebook", &json!({"id": "nb-2"}));
        assert_eq!(r["isError"], true);
        assert_eq!(r["content"][0]["type"], "text");
        assert!(
            r["content"][0]["text"]
                .as_str()
                .unwrap()
                .starts_with("NOT_FOUND: notebook nb-2 not found")
        );
        assert_eq!(r["_meta"]["dev.example/code"], "NOT_FOUND");
        assert_eq!(r["_meta"]["dev.example/retryable"], true);
        let r = call_tool("read_notebook", &json!({}));
        assert_eq!(r["_meta"]["dev.example/code"], "VALIDATION_ERROR");
        assert_eq!(r["_meta"]["dev.example/argument"], "id");
        assert_eq!(
            call_tool("edit_cell", &json!({"cell": "c1", "version": 2}))["_meta"]["dev.example/code"],
            "PRECONDITION_FAILED"
        );
        assert_eq!(
            call_tool("edit_cell", &json!({"cell": "c1", "version": 3}))["_meta"]["dev.example/code"],
            "CONFLICT"
        );
        assert_eq!(
            call_tool("delete_notebook", &json!({}))["_meta"]["dev.example/code"],
            "PERMISSION_DENIED"
        );
        assert_eq!(
            call_tool("explode", &json!({}))["_meta"]["dev.example/code"],
            "INTERNAL_ERROR"
        );
    }

    fn schema(path: &str, def: Option<&str>) -> jsonschema::Validator {
        let mut s: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        if let Some(def) = def {
            s["$ref"] = json!(format!("#/$defs/{def}"));
        }
        jsonschema::validator_for(&s).unwrap()
    }

    #[test]
    fn payloads_validate_against_the_generated_and_the_mcp_schemas() {
        let wire = schema(
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../generated/schema/wire-error.schema.json"
            ),
            None,
        );
        let mcp_dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../tests/mcp-schema");
        for rev in ["schema-2025-11-25.json", "schema-2026-07-28.json"] {
            let path = format!("{mcp_dir}/{rev}");
            let result = schema(&path, Some("CallToolResult"));
            let response = schema(&path, Some("JSONRPCErrorResponse"));
            for e in all_errors() {
                let w = e.to_wire();
                assert!(wire.is_valid(&w), "{w}");
                let mut flipped = w.clone();
                flipped["retryable"] = json!(!e.retryable());
                assert!(!wire.is_valid(&flipped), "{flipped}");
                let r = e.to_mcp_tool_result();
                assert!(result.is_valid(&r), "{rev}: {r}");
                let resp = e.to_jsonrpc_response(1);
                assert!(response.is_valid(&resp), "{rev}: {resp}");
            }
        }
    }
}
