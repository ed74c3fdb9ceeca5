//! Emitter: JSON Schema (draft 2020-12) and the resolved registry.
//!
//! Files (relative to the target directory, `generated/schema/` by default):
//!
//! - `wire-error.schema.json`: the wire object of this registry. The root is a `oneOf` with
//!   one branch per live code (`$defs/<TsType>WireError`), each binding the code (`const`)
//!   to its category and retryable flag (`const`, when the registry's wire carries those
//!   keys) and to its typed params (required). Extras beyond the params (`argument`,
//!   `constraint`, `suggestion`, free context) stay allowed, so a payload a producer
//!   enriched with context validates. `$defs/WireObject` is the permissive shape for a
//!   payload from a newer catalogue (any code string); `$defs/ErrorCode` and
//!   `$defs/Category` list the values.
//! - `catalogue.schema.json`: the editor schema of `errors.yaml` itself (the same for every
//!   catalogue): every key of format 1 with a description, `additionalProperties: false`
//!   everywhere so a typo such as `retryble` is flagged.
//! - `registry.json`: the resolved catalogue, every default applied, for other tools and
//!   languages. Lists (categories, namespaces, errors, retired) are arrays in catalogue
//!   order; absent optional values are `null`.
//!
//! Every document is built as a `serde_json::Value` (never text) and carries the generated
//! header in a top-level `$comment`.

use serde_json::{Map, Value, json};

use crate::emit::header_text;
use crate::ir::{Catalogue, ErrorEntry, ParamType, Retry};

/// The JSON Schema dialect of every schema errdex writes.
pub const DRAFT_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";

/// Files of this target: (path relative to the target's directory, contents).
pub fn emit(cat: &Catalogue) -> Vec<(String, String)> {
    let header = header_text(&cat.source_name);
    vec![
        (
            "wire-error.schema.json".to_string(),
            pretty(&wire_error_schema(cat)),
        ),
        (
            "catalogue.schema.json".to_string(),
            pretty(&catalogue_schema(&header)),
        ),
        ("registry.json".to_string(), pretty(&registry_json(cat))),
    ]
}

fn pretty(v: &Value) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_default();
    s.push('\n');
    s
}

fn param_schema(ty: ParamType) -> Value {
    json!({ "type": ty.as_str() })
}

/// The `$defs` name of a code's branch: the TypeScript interface name.
pub fn branch_name(e: &ErrorEntry) -> String {
    format!("{}WireError", e.ts_type)
}

fn extras_properties(props: &mut Map<String, Value>) {
    props.insert(
        "argument".into(),
        json!({"type": "string", "description": "The offending input."}),
    );
    props.insert(
        "constraint".into(),
        json!({"description": "The violated constraint (any JSON value)."}),
    );
    props.insert(
        "suggestion".into(),
        json!({"type": "string", "description": "What to do about it."}),
    );
}

fn code_branch(cat: &Catalogue, e: &ErrorEntry) -> Value {
    let w = &cat.registry.wire;
    let category = &cat.category_of(e).key;
    let mut props = Map::new();
    let mut required = vec![
        Value::String(w.code.clone()),
        Value::String(w.message.clone()),
    ];
    props.insert(w.code.clone(), json!({ "const": e.code }));
    props.insert(
        w.message.clone(),
        json!({"type": "string", "description": "The rendered message."}),
    );
    if let Some(k) = &w.category {
        props.insert(k.clone(), json!({ "const": category }));
        required.push(Value::String(k.clone()));
    }
    if let Some(k) = &w.retryable {
        props.insert(k.clone(), json!({ "const": e.retryable }));
        required.push(Value::String(k.clone()));
    }
    let mut extra_props = Map::new();
    let mut extra_required = Vec::new();
    for p in &e.params {
        extra_props.insert(p.name.clone(), param_schema(p.ty));
        extra_required.push(Value::String(p.name.clone()));
    }
    extras_properties(&mut extra_props);
    match &w.details {
        Some(k) => {
            props.insert(
                k.clone(),
                json!({
                    "type": "object",
                    "properties": extra_props,
                    "required": extra_required,
                }),
            );
            required.push(Value::String(k.clone()));
        }
        None => {
            for (k, v) in extra_props {
                props.entry(k).or_insert(v);
            }
            required.extend(extra_required);
        }
    }
    let mut branch = Map::new();
    branch.insert("title".into(), json!(format!("{} ({})", e.code, e.name)));
    branch.insert("description".into(), json!(e.summary));
    if e.deprecated.is_some() {
        branch.insert("deprecated".into(), json!(true));
    }
    branch.insert("type".into(), json!("object"));
    branch.insert("properties".into(), Value::Object(props));
    branch.insert("required".into(), Value::Array(required));
    Value::Object(branch)
}

/// The permissive wire shape: what any catalogue version of this registry sends.
fn wire_object(cat: &Catalogue) -> Value {
    let w = &cat.registry.wire;
    let mut props = Map::new();
    props.insert(w.code.clone(), json!({"type": "string", "minLength": 1}));
    props.insert(w.message.clone(), json!({"type": "string"}));
    if let Some(k) = &w.category {
        props.insert(k.clone(), json!({"type": "string"}));
    }
    if let Some(k) = &w.retryable {
        props.insert(k.clone(), json!({"type": "boolean"}));
    }
    if let Some(k) = &w.details {
        props.insert(k.clone(), json!({"type": "object"}));
    }
    json!({
        "description": "Any wire error of this registry, including codes of a newer catalogue: \
                        the reserved keys with their types, anything else allowed.",
        "type": "object",
        "properties": props,
        "required": [w.code, w.message],
    })
}

/// `wire-error.schema.json`.
pub fn wire_error_schema(cat: &Catalogue) -> Value {
    let header = header_text(&cat.source_name);
    let mut defs = Map::new();
    for e in &cat.errors {
        defs.insert(branch_name(e), code_branch(cat, e));
    }
    defs.insert(
        "ErrorCode".into(),
        json!({
            "description": "Every live code of this catalogue.",
            "enum": cat.errors.iter().map(|e| e.code.as_str()).collect::<Vec<_>>(),
        }),
    );
    defs.insert(
        "Category".into(),
        json!({
            "description": "Every category (wire value).",
            "enum": cat.categories.iter().map(|c| c.key.as_str()).collect::<Vec<_>>(),
        }),
    );
    defs.insert("WireObject".into(), wire_object(cat));
    let mut root = Map::new();
    root.insert("$schema".into(), json!(DRAFT_2020_12));
    root.insert("$comment".into(), json!(header));
    root.insert(
        "title".into(),
        json!(format!("{}: wire error", cat.registry.title)),
    );
    root.insert(
        "description".into(),
        json!(
            "A wire error of a live code of this catalogue: exactly one branch per code, binding \
             the code to its category, retryable flag and typed params. A payload from a newer \
             catalogue (an unknown code) does not validate here; validate it against \
             `#/$defs/WireObject`."
        ),
    );
    if cat.errors.is_empty() {
        root.insert("not".into(), json!({}));
    } else {
        root.insert(
            "oneOf".into(),
            Value::Array(
                cat.errors
                    .iter()
                    .map(|e| json!({ "$ref": format!("#/$defs/{}", branch_name(e)) }))
                    .collect(),
            ),
        );
    }
    root.insert("$defs".into(), Value::Object(defs));
    Value::Object(root)
}

fn retry_value(r: &Option<Retry>) -> Value {
    match r {
        None => Value::Null,
        Some(r) => json!({
            "max_attempts": r.max_attempts,
            "initial_backoff_ms": r.initial_backoff_ms,
            "advice": r.advice,
        }),
    }
}

/// `registry.json`: the resolved catalogue. Keys follow the catalogue's (snake_case); the
/// identifiers errdex derived for each target are included under `identifiers`, so other
/// generators need not reimplement the naming rules.
pub fn registry_json(cat: &Catalogue) -> Value {
    let r = &cat.registry;
    let w = &r.wire;
    let log_level = |expected: bool| if expected { "warn" } else { "error" };
    json!({
        "$comment": header_text(&cat.source_name),
        "errdex": 1,
        "registry": {
            "name": r.name,
            "title": r.title,
            "docs_url": r.docs_url,
            "code_pattern": r.code_pattern,
            "wire": {
                "code": w.code,
                "message": w.message,
                "category": w.category,
                "retryable": w.retryable,
                "details": w.details,
            },
            "mcp_meta_prefix": r.mcp_meta_prefix,
            "crate_name": r.crate_name,
            "npm_name": r.npm_name,
        },
        "categories": cat.categories.iter().map(|c| json!({
            "key": c.key,
            "summary": c.summary,
            "retryable": c.retryable,
            "retry": retry_value(&c.retry),
            "exit_code": c.exit_code,
            "http_status": c.http_status,
            "jsonrpc_code": c.jsonrpc_code,
            "expected": c.expected,
            "log_level": log_level(c.expected),
            "anchor": c.anchor,
            "identifiers": { "rust": c.rust_variant },
        })).collect::<Vec<_>>(),
        "namespaces": cat.namespaces.iter().map(|n| json!({
            "key": n.key,
            "title": n.title,
            "summary": n.summary,
            "code_prefix": n.code_prefix,
            "slug": n.slug,
            "identifiers": { "rust": n.rust_variant },
        })).collect::<Vec<_>>(),
        "errors": cat.errors.iter().map(|e| json!({
            "name": e.name,
            "code": e.code,
            "namespace": cat.namespace_of(e).map(|n| &n.key),
            "category": cat.category_of(e).key,
            "summary": e.summary,
            "message": e.message.raw,
            "params": e.params.iter().map(|p| json!({
                "name": p.name,
                "type": p.ty.as_str(),
            })).collect::<Vec<_>>(),
            "suggestion": e.suggestion.as_ref().map(|s| &s.raw),
            "explanation": e.explanation,
            "retryable": e.retryable,
            "retry": retry_value(&e.retry),
            "exit_code": e.exit_code,
            "http_status": e.http_status,
            "jsonrpc_code": e.jsonrpc_code,
            "expected": e.expected,
            "log_level": log_level(e.expected),
            "docs_url": e.docs_url,
            "anchor": e.anchor,
            "since": e.since,
            "deprecated": e.deprecated.as_ref().map(|d| json!({
                "since": d.since,
                "replaced_by": d.replaced_by.map(|i| &cat.errors[i].name),
                "replaced_by_code": d.replaced_by.map(|i| &cat.errors[i].code),
                "note": d.note,
            })),
            "aliases": e.aliases,
            "legacy_codes": e.legacy_codes,
            "identifiers": {
                "rust_variant": e.rust_variant,
                "rust_constructor": e.rust_fn,
                "ts_key": e.ts_key,
                "ts_type": e.ts_type,
                "ts_params": format!("{}Params", e.ts_type),
                "ts_wire_error": format!("{}WireError", e.ts_type),
            },
        })).collect::<Vec<_>>(),
        "retired": cat.retired.iter().map(|t| json!({
            "code": t.code,
            "name": t.name,
            "since": t.since,
            "note": t.note,
            "anchor": t.anchor,
        })).collect::<Vec<_>>(),
    })
}

/// Pattern of an identifier: params, categories, the registry name.
const IDENT: &str = "^[A-Za-z_][A-Za-z0-9_]*$";
/// Pattern of the registry name.
const REGISTRY_NAME: &str = "^[A-Za-z][A-Za-z0-9_-]*$";
/// Pattern of an entry NAME: UPPER_SNAKE or lower_snake, starting with a letter.
const ENTRY_NAME: &str = "^(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*|[a-z][a-z0-9]*(?:_[a-z0-9]+)*)$";

fn string(desc: &str) -> Value {
    json!({"type": "string", "description": desc})
}

fn retry_schema() -> Value {
    json!({
        "description": "Retry advice for callers. Every member is optional.",
        "type": "object",
        "additionalProperties": false,
        "properties": {
            "max_attempts": {"type": "integer", "minimum": 1, "description": "How many attempts in total are worth making."},
            "initial_backoff_ms": {"type": "integer", "minimum": 0, "description": "Delay before the first retry, in milliseconds (double it on each further retry)."},
            "advice": string("What to tell a caller about retrying, e.g. \"Wait briefly, then retry.\""),
        },
    })
}

/// The classification members a category defines and an error may override.
fn classification(props: &mut Map<String, Value>, is_override: bool) {
    let over = if is_override {
        " Overrides the category's value for this code."
    } else {
        ""
    };
    props.insert(
        "retryable".into(),
        json!({"type": "boolean", "description": format!("Whether retrying the same request may succeed.{over}")}),
    );
    let mut retry = retry_schema();
    if is_override {
        retry["description"] = json!(format!("Retry advice.{over}"));
    }
    props.insert("retry".into(), retry);
    props.insert(
        "exit_code".into(),
        json!({"type": "integer", "minimum": 0, "maximum": 255,
               "description": format!("Process exit code for CLIs (0..=255; 0 or above 125 draws a warning).{over}")}),
    );
    props.insert(
        "http_status".into(),
        json!({"type": "integer", "minimum": 100, "maximum": 599,
               "description": format!("HTTP status (100..=599; below 400 draws a warning).{over}")}),
    );
    props.insert(
        "jsonrpc_code".into(),
        json!({"type": "integer", "minimum": i32::MIN, "maximum": i32::MAX,
               "description": format!("JSON-RPC error code, e.g. -32602 (invalid params) or -32603 (internal error). Inside -32768..=-32000 but not a standard or MCP code draws a warning.{over}")}),
    );
    props.insert(
        "expected".into(),
        json!({"type": "boolean",
               "description": format!("true: the user or agent can correct it (logged at WARN); false: an operator fault (logged at ERROR).{over}")}),
    );
}

/// `catalogue.schema.json`: the editor schema of the catalogue format (format 1). It does
/// not depend on a catalogue's content.
pub fn catalogue_schema(header: &str) -> Value {
    let mut cat_props = Map::new();
    cat_props.insert(
        "summary".into(),
        string("One line: what errors of this category have in common."),
    );
    classification(&mut cat_props, false);
    let category = json!({
        "description": "A category: the classification every code in it shares unless the code overrides it.",
        "type": "object",
        "additionalProperties": false,
        "required": ["summary"],
        "properties": cat_props,
    });

    let mut err_props = Map::new();
    err_props.insert(
        "code".into(),
        json!({"type": "string", "minLength": 1,
               "description": "The stable wire code, e.g. ACM-FRM-001. Defaults to the entry's NAME. Must match registry.code_pattern and the namespace's code_prefix."}),
    );
    err_props.insert(
        "namespace".into(),
        string("The namespace (a key of `namespaces`) this code belongs to."),
    );
    err_props.insert(
        "category".into(),
        string("The category (a key of `categories`); the code inherits its classification."),
    );
    err_props.insert("summary".into(), string("One line, used in tables."));
    err_props.insert(
        "message".into(),
        string("The message template. Every {placeholder} must be a declared param; {{ and }} are literal braces."),
    );
    err_props.insert(
        "params".into(),
        json!({
            "description": "The message's params, in order (the order of the Rust constructor's arguments): name → type.",
            "type": "object",
            "propertyNames": {"pattern": IDENT},
            "additionalProperties": {
                "enum": ["string", "integer", "number", "boolean"],
                "description": "The param's type.",
            },
        }),
    );
    err_props.insert(
        "suggestion".into(),
        string("What the user or agent should do; may use the params as placeholders like the message."),
    );
    err_props.insert(
        "explanation".into(),
        string("Long Markdown: the code's docs page and `errdex explain`."),
    );
    classification(&mut err_props, true);
    err_props.insert(
        "docs_url".into(),
        string("This code's docs link, overriding registry.docs_url. Placeholders: {namespace}, {code}, {name}, {category}."),
    );
    err_props.insert(
        "since".into(),
        string("The version that introduced this code, e.g. \"1.2.0\"."),
    );
    err_props.insert(
        "deprecated".into(),
        json!({
            "description": "Marks the code deprecated: generated code warns its users.",
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "since": string("The version that deprecated it."),
                "replaced_by": {"type": "string", "pattern": ENTRY_NAME, "description": "The NAME of the entry to use instead."},
                "note": string("Why, or what to do instead."),
            },
        }),
    );
    err_props.insert(
        "aliases".into(),
        json!({
            "description": "Other NAMES for this entry (identifiers that also resolve to it).",
            "type": "array",
            "items": {"type": "string", "pattern": ENTRY_NAME},
            "uniqueItems": true,
        }),
    );
    err_props.insert(
        "legacy_codes".into(),
        json!({
            "description": "Former wire codes that still parse to this entry.",
            "type": "array",
            "items": {"type": "string", "minLength": 1},
            "uniqueItems": true,
        }),
    );
    let error = json!({
        "description": "One error code. Classification members not given here come from its category.",
        "type": "object",
        "additionalProperties": false,
        "required": ["category", "summary", "message"],
        "properties": err_props,
    });

    let nullable_key = |what: &str, default: &str| {
        json!({
            "type": ["string", "null"],
            "description": format!("Key carrying {what}, or null to omit it (default: {default})."),
        })
    };

    json!({
        "$schema": DRAFT_2020_12,
        "$comment": header,
        "title": "errdex catalogue (errors.yaml), format 1",
        "description": "The single source of truth for a project's error codes. Reference this schema from the first line of errors.yaml: `# yaml-language-server: $schema=<path>/catalogue.schema.json`.",
        "type": "object",
        "additionalProperties": false,
        "required": ["errdex", "registry", "categories", "errors"],
        "properties": {
            "errdex": {"const": 1, "description": "The catalogue format version (required; 1)."},
            "registry": {
                "description": "Who owns these codes and how they travel.",
                "type": "object",
                "additionalProperties": false,
                "required": ["name"],
                "properties": {
                    "name": {"type": "string", "pattern": REGISTRY_NAME, "description": "Identifier; the default crate and npm package names derive from it (`<name>-errors`)."},
                    "crate_name": string("The generated Rust crate's name (default: `<name>-errors`)."),
                    "npm_name": string("The generated npm package's name (default: `<name>-errors`)."),
                    "title": string("The docs title (default: \"<name> error reference\")."),
                    "docs_url": string("Per-code link template, e.g. \"https://docs.acme.dev/errors/{namespace}#{code}\". Placeholders: {namespace}, {code}, {name}, {category} (slugs)."),
                    "code_pattern": {"type": "string", "format": "regex", "description": "A regular expression every code must match, e.g. '^ACM-[A-Z]{3}-[0-9]{3}$'."},
                    "wire": {
                        "description": "Key names of the JSON wire object.",
                        "type": "object",
                        "additionalProperties": false,
                        "properties": {
                            "code": {"type": "string", "minLength": 1, "description": "Key carrying the code (default: error)."},
                            "message": {"type": "string", "minLength": 1, "description": "Key carrying the human-readable message (default: detail)."},
                            "category": nullable_key("the category", "category"),
                            "retryable": nullable_key("the retryable flag", "null"),
                            "details": {"type": ["string", "null"], "description": "Nest the extras (params, argument, constraint, suggestion, context) under this key, or null to put them beside the reserved keys (default: null)."},
                        },
                    },
                    "mcp_meta_prefix": string("Reverse-DNS prefix of the MCP `_meta` keys, e.g. \"dev.acme/\" (default: none)."),
                },
            },
            "categories": {
                "description": "The categories, in order; the key is the wire value (e.g. not_found).",
                "type": "object",
                "propertyNames": {"pattern": IDENT},
                "additionalProperties": category,
            },
            "namespaces": {
                "description": "Optional groups of codes, in order (docs pages, sub-enums).",
                "type": "object",
                "propertyNames": {"pattern": IDENT},
                "additionalProperties": {
                    "type": ["object", "null"],
                    "additionalProperties": false,
                    "properties": {
                        "title": string("The namespace's title (docs page heading; default: the key)."),
                        "summary": string("One line: what the namespace covers."),
                        "code_prefix": string("Codes in this namespace must start with it, e.g. ACM-FRM-."),
                    },
                },
            },
            "errors": {
                "description": "The error codes, in order; the key is the stable NAME (UPPER_SNAKE or lower_snake).",
                "type": "object",
                "propertyNames": {"pattern": ENTRY_NAME},
                "additionalProperties": error,
            },
            "retired": {
                "description": "Tombstones: codes that may never be used again, by code.",
                "type": "object",
                "propertyNames": {"minLength": 1},
                "additionalProperties": {
                    "type": ["object", "null"],
                    "additionalProperties": false,
                    "properties": {
                        "name": {"type": "string", "pattern": ENTRY_NAME, "description": "The NAME the code had."},
                        "since": string("The version that retired it."),
                        "note": string("Why, or where it went."),
                    },
                },
            },
        },
    })
}
