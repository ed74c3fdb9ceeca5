//! The seed documents' registries as small catalogues, shared by the tests that hold the
//! reference renderings, the Rust crate and the TypeScript module against the documents.

#![allow(dead_code, clippy::unwrap_used)]

use errdex_codegen::Catalogue;

pub fn load(src: &str) -> Catalogue {
    let loaded = errdex_codegen::load_str(src, "errors.yaml");
    assert!(!loaded.has_errors(), "{:#?}", loaded.diagnostics);
    loaded.catalogue.unwrap()
}

/// The agent-CLI framework (seed 000): `errorData` results with an `Error: {message}` text.
pub const MILO: &str = r#"
errdex: 1
registry:
  name: milo
  class: MiloError
categories:
  invalid_params:
    summary: Validation, config, form and input errors
    jsonrpc_code: -32602
    expected: true
namespaces:
  FRM:
    title: Forms
    class: FormError
    category: invalid_params
    code_prefix: M-FRM-
profiles:
  terminal:
    values: python
  mcp_tool_error:
    text: "Error: {message}"
    data: errorData
    fields:
      tool: context.tool
      errorCode: code
      type: error_type
      argument: argument
      constraint: constraint
      example: example
      suggestion: suggestion
      schema: context.schema
      reason: context.reason
errors:
  FRM_VALIDATION:
    code: M-FRM-001
    namespace: FRM
    summary: Form validation failure
"#;

/// The fastmcp pull request (seed 004): the message as raised, `_meta` without prefix.
pub const TMUX: &str = r#"
errdex: 1
registry:
  name: libtmux_mcp
  class: ToolError
categories:
  denied:
    summary: The safety tier does not allow the tool
    expected: true
profiles:
  mcp_tool_error:
    text: "{message}"
    data: _meta
    prefix: ""
    fields:
      error_type: error_type
      expected: expected
      suggestion: suggestion
errors:
  TIER_DENIED:
    category: denied
    class: ExpectedToolError
    summary: A tool above the current safety tier was called
    message: "Tool '{tool}' is not available at the current safety level. Set LIBTMUX_SAFETY={tier} to enable {tier} tools."
    params:
      tool: string
      tier: string
"#;

/// The MCP server's structured errors v2 (seed 003): the wire object
/// `{"error": message, "code", "retryable", "details"}` as the tool result's text.
pub const TRACKER: &str = r#"
errdex: 1
registry:
  name: tracker
  wire:
    message: error
    code: code
    retryable: retryable
    details: details
    category: null
categories:
  INVALID:
    summary: Bad input arguments
    expected: true
  MISSING:
    summary: Resource doesn't exist
    retryable: true
    expected: true
profiles:
  mcp_tool_error:
    text: "{wire}"
errors:
  VALIDATION_ERROR:
    category: INVALID
    summary: Bad input arguments (wrong type, missing required field, invalid enum)
    message: "invalid `{field}`: {provided}"
    params:
      field: string
      provided: string
    suggestion: Provide a valid `{field}`.
  NOT_FOUND:
    category: MISSING
    summary: Resource doesn't exist (issue, project, PR, comment)
    retry: { advice: "Verify the resource ID/path exists, then retry." }
"#;

/// [`MILO`] with a code whose params give `example:` values, one of them a list: the
/// `errorData.example` of a call whose argument names that param.
pub fn milo_with_param_examples() -> String {
    MILO.replace(
        "errors:\n",
        "errors:\n  FRM_CHOICE:\n    code: M-FRM-009\n    namespace: FRM\n    summary: A field is not one of its choices\n    message: \"{environment} is not one of {allowed}\"\n    params:\n      environment: { type: string, example: staging }\n      allowed: { type: list, items: string, example: [staging, production] }\n",
    )
}

/// [`MILO`] with a JSON-RPC profile of chosen facts and a code mapped to -32601.
pub fn milo_with_rpc_profile() -> String {
    MILO.replace(
        "errors:\n",
        "errors:\n  CMD_NOT_FOUND:\n    code: M-CMD-001\n    category: invalid_params\n    jsonrpc_code: -32601\n    summary: Command was not found\n",
    )
    .replace(
        "  mcp_tool_error:\n",
        "  jsonrpc_error:\n    message: \"{code}: {message}\"\n    data:\n      errorCode: code\n      type: error_type\n  mcp_tool_error:\n",
    )
}
