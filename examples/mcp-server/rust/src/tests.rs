//! The document's facts and its own sample payloads, held against the generated crate. The
//! expected values are copied from `../shared/seeds/003_…` ("Structured Error Responses
//! (v2.0.0)"), not derived from errdex.

#![allow(clippy::unwrap_used)]

use super::*;

/// The document's table: code, category, retryable.
const TABLE: [(&str, &str, bool); 6] = [
    ("VALIDATION_ERROR", "INVALID", false),
    ("NOT_FOUND", "MISSING", true),
    ("PERMISSION_DENIED", "FORBIDDEN", false),
    ("PRECONDITION_FAILED", "STATE", true),
    ("CONFLICT", "DUPLICATE", false),
    ("INTERNAL_ERROR", "INTERNAL", true),
];

/// The document's "Error Response Format" sample.
const VALIDATION_SAMPLE: &str = r#"{
  "error": "Human-readable error message",
  "code": "VALIDATION_ERROR",
  "retryable": false,
  "details": {
    "field": "title",
    "provided": "",
    "suggestion": "Provide a non-empty title"
  }
}"#;

/// The document's legacy payload (`{ "error": "..." }` without `code`).
const LEGACY_SAMPLE: &str = r#"{ "error": "..." }"#;

/// The sample's exact members and order as compact JSON (its blanks and line breaks outside
/// strings removed; no string in it holds a blank that would matter).
fn compact(doc: &str) -> String {
    let v: Value = serde_json::from_str(doc).unwrap();
    v.to_string()
}

fn schema(path: &str, def: Option<&str>) -> jsonschema::Validator {
    let mut s: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    if let Some(def) = def {
        s["$ref"] = json!(format!("#/$defs/{def}"));
        s.as_object_mut().unwrap().remove("oneOf");
    }
    jsonschema::validator_for(&s).unwrap()
}

const WIRE_SCHEMA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../generated/schema/wire-error.schema.json"
);
const MCP_SCHEMA_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../tests/mcp-schema");

fn assert_valid_mcp_result(result: &Value) {
    for rev in ["schema-2025-11-25.json", "schema-2026-07-28.json"] {
        let v = schema(&format!("{MCP_SCHEMA_DIR}/{rev}"), Some("CallToolResult"));
        assert!(v.is_valid(result), "{rev}: {result}");
    }
}

#[test]
fn every_code_category_and_retryability_as_the_document_states() {
    let got: Vec<(String, &str, bool)> = table()
        .into_iter()
        .map(|(c, k, r)| (c.as_str().to_string(), k, r))
        .collect();
    let want: Vec<(String, &str, bool)> = TABLE
        .iter()
        .map(|(c, k, r)| ((*c).to_string(), *k, *r))
        .collect();
    assert_eq!(got, want);
}

#[test]
fn vector_validation_error_payload() {
    let e = Error::validation_error("title", "")
        .with_message("Human-readable error message")
        .with_suggestion("Provide a non-empty title");
    // Byte for byte: members, nesting and order are the document's.
    assert_eq!(e.to_wire().to_string(), compact(VALIDATION_SAMPLE));
    let sample: Value = serde_json::from_str(VALIDATION_SAMPLE).unwrap();
    assert!(
        schema(WIRE_SCHEMA, None).is_valid(&sample),
        "the sample validates"
    );
    let back = Error::from_wire(&sample);
    assert_eq!(back.code(), Some(ErrorCode::ValidationError));
    assert_eq!(back.param("field"), Some(&json!("title")));
    assert_eq!(back.suggestion(), Some("Provide a non-empty title"));
    assert_eq!(back.to_wire(), sample);
    // As an MCP tool result, the text is that payload.
    let r = e.to_mcp_tool_result();
    assert_eq!(r["content"][0]["text"], compact(VALIDATION_SAMPLE));
    assert_eq!(r["isError"], true);
    assert_valid_mcp_result(&r);
}

#[test]
fn vector_legacy_payload() {
    let sample: Value = serde_json::from_str(LEGACY_SAMPLE).unwrap();
    assert_eq!(Error::from_wire(&sample).wire_kind(), WireKind::Legacy);
    assert_eq!(
        decide(&sample),
        Decision::Legacy {
            message: "...".into()
        }
    );
    assert!(!schema(WIRE_SCHEMA, None).is_valid(&sample));
    assert!(schema(WIRE_SCHEMA, Some("LegacyWireError")).is_valid(&sample));
    assert!(schema(WIRE_SCHEMA, Some("ReceivedWireError")).is_valid(&sample));
}

#[test]
fn retry_strategy_per_code() {
    let advice = |c: ErrorCode| c.retry().and_then(|r| r.advice).unwrap();
    assert_eq!(
        advice(ErrorCode::NotFound),
        "Verify the resource ID/path exists, then retry."
    );
    assert_eq!(
        advice(ErrorCode::PreconditionFailed),
        "Check the current state (issue status, phase), adjust, then retry."
    );
    assert_eq!(
        advice(ErrorCode::InternalError),
        "Wait briefly, then retry once."
    );
    assert_eq!(
        ErrorCode::InternalError.retry().unwrap().max_attempts,
        Some(2)
    );
    for c in [
        ErrorCode::ValidationError,
        ErrorCode::PermissionDenied,
        ErrorCode::Conflict,
    ] {
        assert!(!c.retryable());
        assert_eq!(advice(c), "Fix the root cause; don't blindly retry.", "{c}");
    }
}

#[test]
fn tool_calls_and_client_decisions() {
    let text = |r: &Value| -> Value {
        serde_json::from_str(r["content"][0]["text"].as_str().unwrap()).unwrap()
    };
    let wire = schema(WIRE_SCHEMA, None);
    let cases = [
        (
            "create_issue",
            json!({"title": ""}),
            "VALIDATION_ERROR",
            false,
        ),
        (
            "set_phase",
            json!({"issue_id": 7, "phase": "ship"}),
            "VALIDATION_ERROR",
            false,
        ),
        (
            "set_phase",
            json!({"issue_id": 9, "phase": "review"}),
            "NOT_FOUND",
            true,
        ),
        (
            "set_phase",
            json!({"issue_id": 7, "phase": "design"}),
            "PRECONDITION_FAILED",
            true,
        ),
        (
            "create_issue",
            json!({"title": "Fix login"}),
            "CONFLICT",
            false,
        ),
        (
            "delete_project",
            json!({"project_id": 2}),
            "PERMISSION_DENIED",
            false,
        ),
        ("crash", json!({}), "INTERNAL_ERROR", true),
    ];
    for (tool, args, code, retry) in cases {
        let r = call_tool(tool, &args);
        assert_valid_mcp_result(&r);
        let payload = text(&r);
        assert!(wire.is_valid(&payload), "{payload}");
        assert_eq!(payload["code"], code);
        assert_eq!(payload["retryable"], retry);
        match decide(&payload) {
            Decision::Retry { code: c, .. } => assert!(retry && c == code),
            Decision::Fix { code: c, .. } => assert!(!retry && c == code),
            Decision::Legacy { .. } => panic!("{payload}"),
        }
    }
    let phase = text(&call_tool(
        "set_phase",
        &json!({"issue_id": 7, "phase": "ship"}),
    ));
    assert_eq!(
        phase["details"],
        json!({"field": "phase", "provided": "ship", "suggestion": "Provide a valid `phase`.", "valid_phases": ["design", "build", "review"]})
    );
    let state = text(&call_tool(
        "set_phase",
        &json!({"issue_id": 7, "phase": "design"}),
    ));
    assert_eq!(
        state["details"],
        json!({"current_status": "build", "requested_status": "design", "valid_transitions": ["review"]}),
        "valid_transitions is a list param"
    );
}
