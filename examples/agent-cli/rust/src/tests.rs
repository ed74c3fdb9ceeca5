//! The documents' facts and their own sample outputs, held against the generated crate. The
//! expected values are copied from `../shared/seeds/000_…` ("Milo errors") and `002_…`
//! ("Dispatch Contract"), not derived from errdex.

#![allow(clippy::unwrap_used)]

use super::*;
use crate::errors::{ErrorCode, Namespace};

/// The codes table: code, NAME, meaning.
const CODES: [(&str, &str, &str); 29] = [
    (
        "M-INP-001",
        "INP_RAW_MODE",
        "Failed to enter or restore raw terminal mode",
    ),
    (
        "M-INP-002",
        "INP_ESCAPE_PARSE",
        "Failed to parse an escape sequence",
    ),
    (
        "M-INP-003",
        "INP_READ",
        "Failed while reading terminal input",
    ),
    (
        "M-STA-001",
        "STA_REDUCER",
        "Reducer raised or returned invalid state",
    ),
    ("M-STA-002", "STA_DISPATCH", "Dispatch failed"),
    ("M-STA-003", "STA_SAGA", "Saga execution failed"),
    ("M-STA-004", "STA_COMBINE", "Combined reducer failed"),
    ("M-APP-001", "APP_LIFECYCLE", "App lifecycle failure"),
    ("M-APP-002", "APP_RENDER", "Render failure"),
    (
        "M-APP-003",
        "APP_TEMPLATE",
        "Template setup or lookup failure",
    ),
    ("M-FRM-001", "FRM_VALIDATION", "Form validation failure"),
    ("M-FRM-002", "FRM_FIELD", "Invalid form field configuration"),
    ("M-FRM-003", "FRM_SUBMIT", "Form submit failure"),
    (
        "M-FLW-001",
        "FLW_TRANSITION",
        "Invalid or missing transition",
    ),
    ("M-FLW-002", "FLW_SCREEN", "Invalid screen"),
    ("M-FLW-003", "FLW_DUPLICATE", "Duplicate flow entry"),
    ("M-DEV-001", "DEV_WATCH", "File watching failure"),
    ("M-DEV-002", "DEV_RELOAD", "Hot reload failure"),
    ("M-CFG-001", "CFG_PARSE", "Config parse failure"),
    ("M-CFG-002", "CFG_MERGE", "Config merge failure"),
    ("M-CFG-003", "CFG_VALIDATE", "Config validation failure"),
    (
        "M-CFG-004",
        "CFG_MISSING",
        "Required config value or file missing",
    ),
    ("M-PIP-001", "PIP_PHASE", "Pipeline phase failure"),
    ("M-PIP-002", "PIP_TIMEOUT", "Pipeline timeout"),
    ("M-PIP-003", "PIP_DEPENDENCY", "Pipeline dependency failure"),
    ("M-PLG-001", "PLG_LOAD", "Plugin load failure"),
    ("M-PLG-002", "PLG_HOOK", "Plugin hook failure"),
    ("M-CMD-001", "CMD_NOT_FOUND", "Command was not found"),
    (
        "M-CMD-002",
        "CMD_AMBIGUOUS",
        "Command resolution was ambiguous",
    ),
];

/// The classes table (namespace → class); CMD has none in the table: the base `MiloError`.
const CLASSES: [(&str, &str); 10] = [
    ("INP", "InputError"),
    ("STA", "StateError"),
    ("APP", "AppError"),
    ("FRM", "FormError"),
    ("FLW", "FlowError"),
    ("DEV", "DevError"),
    ("CFG", "ConfigError"),
    ("PIP", "PipelineError"),
    ("PLG", "PluginError"),
    ("CMD", "MiloError"),
];

/// "Terminal Formatting": `MiloError.format_compact()` of the document's error.
const COMPACT_SAMPLE: &str = "M-FRM-001 `environment`: Environment is required\nconstraint: {'minLength': 1}\nhint: Provide a non-empty environment name.";

/// "MCP Tool Errors": the result, its text's `...` filled with the message.
const ERROR_DATA_SAMPLE: &str = r#"{
"content": [{"type": "text", "text": "Error: Environment is required"}],
"isError": true,
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
}"#;

/// "Dispatch Contract", "Error Behavior": a plain `TypeError` (missing argument) as a
/// `tools/call` error: `errorData` without `errorCode` or `type`.
const DISPATCH_SAMPLE: &str = r#"{
"content": [{"type": "text", "text": "Error: ..."}],
"isError": true,
"errorData": {
"tool": "deploy",
"argument": "environment",
"reason": "missing_required_argument",
"schema": {"type": "object", "properties": {"environment": {"type": "string"}}}
}
}"#;

fn compact(doc: &str) -> String {
    serde_json::from_str::<Value>(doc).unwrap().to_string()
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

fn assert_valid_mcp(value: &Value, def: &str) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../tests/mcp-schema");
    for rev in ["schema-2025-11-25.json", "schema-2026-07-28.json"] {
        let v = schema(&format!("{dir}/{rev}"), Some(def));
        assert!(v.is_valid(value), "{rev} {def}: {value}");
    }
}

/// An expected failure: `reproduced` is false today for the reason given; the test fails
/// (telling to turn this into a plain assertion) once it is reproduced.
fn expected_failure(what: &str, reproduced: bool, reason: &str) {
    assert!(
        !reproduced,
        "{what} is now reproduced: make its expected failure a plain assertion"
    );
    eprintln!("EXPECTED FAILURE: {what}: {reason}");
}

#[test]
fn every_code_name_meaning_and_class_as_the_document_states() {
    assert_eq!(ErrorCode::ALL.len(), 29);
    for (i, (code, name, meaning)) in CODES.iter().enumerate() {
        let c = ErrorCode::ALL[i];
        assert_eq!(
            (c.as_str(), c.name(), c.summary()),
            (*code, *name, *meaning)
        );
        let ns = c.namespace().unwrap();
        let class = CLASSES.iter().find(|(n, _)| *n == ns.as_str()).unwrap().1;
        assert_eq!(c.class(), class, "{code}");
        assert_eq!(
            Error::new(c, []).message(),
            *meaning,
            "no message: the meaning"
        );
    }
    assert_eq!(Namespace::ALL.len(), 10);
}

#[test]
fn jsonrpc_mapping_as_the_document_states() {
    for c in ErrorCode::ALL {
        let want = match c.namespace().unwrap().as_str() {
            "INP" | "FRM" | "CFG" => -32602,
            _ if *c == ErrorCode::CmdNotFound => -32601,
            _ => -32603,
        };
        assert_eq!(c.jsonrpc_code(), want, "{c}");
        assert!(!c.retryable(), "{c}");
        let resp = dispatch(json!(1), &Error::new(*c, []));
        assert_eq!(resp["error"]["code"], want);
        assert_valid_mcp(&resp, "JSONRPCErrorResponse");
        assert!(schema(WIRE_SCHEMA, None).is_valid(&resp["error"]["data"]));
    }
}

#[test]
fn vector_compact_terminal_form() {
    let err = require_env("").unwrap_err();
    let got = err.to_string();
    assert!(
        schema(WIRE_SCHEMA, None).is_valid(&err.to_wire()),
        "{}",
        err.to_wire()
    );
    // The document as published lost every line's leading whitespace (its Python code
    // blocks too: `def require_env(...)` / `if not environment:` at one level). milo's own
    // `format_compact()` (src/milo/_errors.py, milo 0.4.3) indents the detail lines by two
    // spaces: `parts.append(f"  constraint: {self.constraint}")`, `f"  hint: ..."`.
    let milo: Vec<String> = COMPACT_SAMPLE
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == 0 {
                l.to_string()
            } else {
                format!("  {l}")
            }
        })
        .collect();
    assert_eq!(
        got,
        milo.join("\n"),
        "milo's format_compact(), byte for byte"
    );
    assert_eq!(
        got.lines().map(str::trim_start).collect::<Vec<_>>(),
        COMPACT_SAMPLE.lines().collect::<Vec<_>>(),
        "the document's sample, byte for byte but for the indentation it lost"
    );
}

#[test]
fn vector_error_data_result() {
    let mut got = call_tool("deploy", &json!({"environment": ""}));
    assert_valid_mcp(&got, "CallToolResult");
    assert_eq!(got["resultType"], "complete", "required by MCP 2026-07-28");
    got.as_object_mut().unwrap().remove("resultType");
    assert_eq!(
        got.to_string(),
        compact(ERROR_DATA_SAMPLE),
        "the document's result, byte for byte but for `resultType`"
    );
    let err = require_env("").unwrap_err();
    assert!(schema(WIRE_SCHEMA, None).is_valid(&err.to_wire()));
    // Without the raise site's base class, the type is the code's class.
    let own = Error::frm_validation().to_mcp_tool_result();
    assert_eq!(own["errorData"]["type"], "FormError");
}

#[test]
fn vector_dispatch_contract_missing_argument() {
    // The nearest errdex can come: FRM_VALIDATION with the reason as context.
    let mut got = Error::frm_validation()
        .with_message("...")
        .with_argument("environment")
        .with_context("tool", "deploy")
        .with_context("reason", "missing_required_argument")
        .with_context("schema", deploy_schema())
        .to_mcp_tool_result();
    assert_valid_mcp(&got, "CallToolResult");
    got.as_object_mut().unwrap().remove("resultType");
    expected_failure(
        "the Dispatch Contract's errorData for a plain TypeError",
        got == serde_json::from_str::<Value>(DISPATCH_SAMPLE).unwrap(),
        "the sample comes from a plain exception without a milo code: its errorData has no \
         errorCode and no type, while every errdex error has a code and a class",
    );
}

#[test]
fn the_documents_app_error_class_is_kept() {
    let loaded = errdex_codegen::load_str(include_str!("../../errors.yaml"), "errors.yaml");
    assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
    assert_eq!(ErrorCode::AppLifecycle.class(), "AppError");
}

#[test]
fn namespace_codes_debug_as_their_variant() {
    use crate::errors::FrmCode;
    assert_eq!(format!("{:?}", FrmCode::FrmValidation), "FrmValidation");
    assert_eq!(
        format!("{:?}", FrmCode::FrmValidation),
        format!("{:?}", ErrorCode::FrmValidation)
    );
}
