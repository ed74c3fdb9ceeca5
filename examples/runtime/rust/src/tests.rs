//! The document's facts and its own sample payloads, held against the generated crate. The
//! expected values are copied from `../shared/seeds/001_…` ("Error format"), not derived
//! from errdex.

#![allow(clippy::unwrap_used)]

use super::*;
use crate::errors::{Category, ErrorCode, Namespace};

/// The document's tables: code, subsystem, category (its OCaml constructor).
const TABLE: [(&str, &str, &str); 23] = [
    ("process_error", "tool_execution", "Unavailable"),
    ("validation_error", "tool_execution", "Invalid"),
    ("parse_error", "tool_execution", "Invalid"),
    ("tool_not_lowerable", "tool_dispatch", "Invalid"),
    ("tool_nesting_error", "tool_dispatch", "Invalid"),
    ("internal_error", "tool_dispatch", "Internal"),
    ("unknown_tool", "tool_dispatch", "Not_found"),
    ("tool_denied", "tool_dispatch", "Denied"),
    ("docstore_not_found", "builtins", "Not_found"),
    ("docstore_denied", "builtins", "Denied"),
    ("docstore_invalid", "builtins", "Invalid"),
    ("docstore_io_error", "builtins", "Unavailable"),
    ("pipeline_error", "pipeline_calls", "Unavailable"),
    ("load_error", "pipeline_calls", "Config"),
    ("mcp_disconnected", "mcp_client", "Unavailable"),
    ("mcp_call_error", "mcp_client", "Unavailable"),
    ("mcp_transport_error", "mcp_client", "Unavailable"),
    ("config_error", "configuration", "Config"),
    ("output_extraction_failed", "agent_loop", "Internal"),
    ("output_validation_failed", "agent_loop", "Invalid"),
    ("max_tokens", "agent_loop", "Unavailable"),
    ("api_error", "api_clients", "Unavailable"),
    ("claude_code_error", "api_clients", "Unavailable"),
];

/// The categories table: OCaml constructor, wire value, exit code, retryable.
const CATEGORIES: [(&str, &str, u8, bool); 6] = [
    ("Config", "config", 2, false),
    ("Invalid", "invalid", 1, false),
    ("Not_found", "not_found", 1, false),
    ("Denied", "denied", 1, false),
    ("Internal", "internal", 1, false),
    ("Unavailable", "unavailable", 1, true),
];

/// Wire sample 2 of the document (its "optional extras" example).
const UNKNOWN_TOOL_SAMPLE: &str = r#"{"error": "unknown_tool", "category": "not_found", "detail": "unknown tool: foo (not found in any MCP server)", "source": "foo"}"#;
/// The document's tool response envelope sample.
const ENVELOPE_SAMPLE: &str = r#"{"id": "toolu_abc123", "content": "{\"error\":\"unknown_tool\",\"category\":\"not_found\",\"detail\":\"unknown tool: foo\"}", "is_error": true}"#;
/// The earlier flat format.
const LEGACY_SAMPLE: &str = r#"{"error": "human message"}"#;

/// The document's JSON without the blanks it puts after `:` and `,` (outside strings): the
/// bytes a compact serializer writes for the same members in the same order.
fn compact(doc: &str) -> String {
    let mut out = String::new();
    let (mut in_str, mut esc) = (false, false);
    for ch in doc.chars() {
        if in_str {
            out.push(ch);
            if esc {
                esc = false;
            } else if ch == '\\' {
                esc = true;
            } else if ch == '"' {
                in_str = false;
            }
        } else if ch == '"' {
            in_str = true;
            out.push(ch);
        } else if !ch.is_whitespace() {
            out.push(ch);
        }
    }
    out
}

fn wire_schema(def: Option<&str>) -> jsonschema::Validator {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../generated/schema/wire-error.schema.json"
    );
    let mut s: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    if let Some(def) = def {
        s["$ref"] = json!(format!("#/$defs/{def}"));
        s.as_object_mut().unwrap().remove("oneOf");
    }
    jsonschema::validator_for(&s).unwrap()
}

#[test]
fn every_code_subsystem_and_category_as_the_document_states() {
    assert_eq!(ErrorCode::ALL.len(), 23);
    assert_eq!(Namespace::ALL.len(), 8);
    for (i, (code, ns, cat)) in TABLE.iter().enumerate() {
        let c: ErrorCode = code.parse().unwrap();
        assert_eq!(ErrorCode::ALL[i], c, "document order");
        assert_eq!(c.as_str(), *code);
        assert_eq!(c.namespace().unwrap().as_str(), *ns, "{code}");
        let (_, wire, exit, retry) = CATEGORIES.iter().find(|k| k.0 == *cat).unwrap();
        assert_eq!(c.category().as_str(), *wire, "{code}");
        assert_eq!(c.exit_code(), *exit, "{code}");
        assert_eq!(c.retryable(), *retry, "{code}");
    }
    let keys: Vec<&str> = Category::ALL.iter().map(|k| k.as_str()).collect();
    assert_eq!(
        keys,
        CATEGORIES.map(|k| k.1),
        "the categories, in the document's order"
    );
}

#[test]
fn vector_unknown_tool_with_source() {
    let e = Error::unknown_tool()
        .with_message("unknown tool: foo (not found in any MCP server)")
        .with_context("source", "foo");
    // Byte for byte: the members and their order are the document's.
    assert_eq!(e.to_wire().to_string(), compact(UNKNOWN_TOOL_SAMPLE));
    let sample: Value = serde_json::from_str(UNKNOWN_TOOL_SAMPLE).unwrap();
    assert!(wire_schema(None).is_valid(&sample), "the sample validates");
    // And it reads back as the same error, `source` kept as context.
    let back = Error::from_wire(&sample);
    assert_eq!(back.code(), Some(ErrorCode::UnknownTool));
    assert_eq!(back.context(), &[("source".to_string(), json!("foo"))]);
    assert_eq!(back.to_wire(), sample);
    // The dispatcher raises exactly this.
    let env = dispatch_tool("toolu_1", "foo", &Bindings::default());
    assert_eq!(env["content"], compact(UNKNOWN_TOOL_SAMPLE));
}

#[test]
fn vector_tool_response_envelope() {
    let e = Error::unknown_tool().with_message("unknown tool: foo");
    assert_eq!(
        e.to_tool_response("toolu_abc123").to_string(),
        compact(ENVELOPE_SAMPLE),
        "the document's envelope, byte for byte"
    );
    let sample: Value = serde_json::from_str(ENVELOPE_SAMPLE).unwrap();
    let content: Value = serde_json::from_str(sample["content"].as_str().unwrap()).unwrap();
    assert!(
        wire_schema(None).is_valid(&content),
        "its content validates"
    );
}

#[test]
fn vector_legacy_flat_payload() {
    let sample: Value = serde_json::from_str(LEGACY_SAMPLE).unwrap();
    let e = Error::from_wire(&sample);
    assert_eq!(e.wire_kind(), WireKind::Legacy);
    assert_eq!(e.message(), "human message");
    assert_eq!(e.wire_code(), "");
    assert!(!e.retryable());
    assert!(
        !wire_schema(None).is_valid(&sample),
        "not a current payload"
    );
    assert!(wire_schema(Some("LegacyWireError")).is_valid(&sample));
    assert!(wire_schema(Some("ReceivedWireError")).is_valid(&sample));
    assert_eq!(
        retry_decision(&sample),
        Decision::GiveUp {
            code: String::new(),
            detail: "human message".into()
        }
    );
}

#[test]
fn only_unavailable_retries_and_config_exits_2() {
    let dead = json!({"error": "mcp_disconnected", "category": "unavailable", "detail": "dead"});
    assert_eq!(
        retry_decision(&dead),
        Decision::Retry {
            code: "mcp_disconnected".into()
        }
    );
    // A newer runtime's code: its wire category decides.
    let newer = json!({"error": "gpu_lost", "category": "unavailable", "detail": "gone"});
    assert!(matches!(retry_decision(&newer), Decision::Retry { .. }));
    let denied = json!({"error": "tool_denied", "category": "denied", "detail": "declined"});
    assert!(matches!(retry_decision(&denied), Decision::GiveUp { .. }));
    let err = load_spec("agent.plumb", "\n").unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::ConfigError));
    assert_eq!(err.exit_code(), 2);
    assert_eq!(load_spec("agent.plumb", "bind x").unwrap(), 1);
}

#[test]
fn operator_denial_and_success() {
    let b = Bindings {
        tools: vec!["shell".into()],
        declined_by_operator: vec!["shell".into()],
    };
    let env = dispatch_tool("t1", "shell", &b);
    let wire: Value = serde_json::from_str(env["content"].as_str().unwrap()).unwrap();
    assert_eq!(wire["error"], "tool_denied");
    assert_eq!(wire["category"], "denied");
    assert!(wire_schema(None).is_valid(&wire));
    let b = Bindings {
        tools: vec!["shell".into()],
        declined_by_operator: vec![],
    };
    assert_eq!(dispatch_tool("t2", "shell", &b)["is_error"], false);
}

#[test]
fn every_code_validates_with_and_without_extras() {
    let v = wire_schema(None);
    for c in ErrorCode::ALL {
        let plain = Error::new(*c, []).to_wire();
        assert!(v.is_valid(&plain), "{plain}");
        let keys: Vec<&String> = plain.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["error", "category", "detail"]);
        let extra = Error::new(*c, []).with_context("source", "x").to_wire();
        assert!(v.is_valid(&extra), "{extra}");
        let mut wrong = plain.clone();
        wrong["category"] = json!("config_typo");
        assert!(!v.is_valid(&wrong));
    }
}
