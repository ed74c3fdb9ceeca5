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
//! Every document carries the generated header in a top-level `$comment`. The editor schema
//! is built as a `serde_json::Value`; the two documents that grow with the catalogue
//! (`wire-error.schema.json`, `registry.json`) are written member by member with
//! [`pretty::Pretty`], which gives exactly `serde_json::to_string_pretty`'s bytes without
//! building a `Value` tree per code (see [`pretty`] for why). [`wire_error_schema`] and
//! [`registry_json`] parse that text back for callers that want a `Value`.

pub mod pretty;

use serde_json::{Map, Value, json};

use self::pretty::Pretty;

use crate::emit::header_text;
use crate::ir::{Catalogue, ErrorEntry, Retry};

/// The JSON Schema dialect of every schema errdex writes.
pub const DRAFT_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";

/// Files of this target: (path relative to the target's directory, contents).
pub fn emit(cat: &Catalogue) -> Vec<(String, String)> {
    let header = header_text(&cat.source_name);
    vec![
        (
            "wire-error.schema.json".to_string(),
            wire_error_schema_text(cat),
        ),
        (
            "catalogue.schema.json".to_string(),
            line(pretty::to_string_pretty(&catalogue_schema(&header))),
        ),
        ("registry.json".to_string(), registry_json_text(cat)),
    ]
}

/// A document's text ends with a newline.
fn line(mut s: String) -> String {
    s.push('\n');
    s
}

fn parse_back(text: &str) -> Value {
    serde_json::from_str(text).expect("the pretty writer writes valid JSON")
}

/// The `$defs` name of a code's branch: the TypeScript interface name.
pub fn branch_name(e: &ErrorEntry) -> String {
    format!("{}WireError", e.ts_type)
}

/// The schemas of the extras errdex itself may add to a wire object, in wire order.
const EXTRA_SCHEMAS: [(&str, &str, Option<&str>); 3] = [
    ("argument", "The offending input.", Some("string")),
    (
        "constraint",
        "The violated constraint (any JSON value).",
        None,
    ),
    ("suggestion", "What to do about it.", Some("string")),
];

/// `{"type": <ty>, "description": <desc>}` (no `type` when `None`).
fn described(w: &mut Pretty, ty: Option<&str>, desc: &str) {
    w.object(|w| {
        if let Some(t) = ty {
            w.field("type", t);
        }
        w.field("description", desc);
    });
}

/// The extras' properties: every param's `{"type": …}`, then `argument`, `constraint` and
/// `suggestion`, skipping any key in `skip` (a reserved key already present).
fn extras_properties(w: &mut Pretty, e: &ErrorEntry, skip: &[&str]) {
    for p in &e.params {
        if !skip.contains(&p.name.as_str()) {
            w.field_object(&p.name, |w| w.field("type", p.ty.as_str()));
        }
    }
    for (k, desc, ty) in EXTRA_SCHEMAS {
        if !skip.contains(&k) {
            w.key(k);
            described(w, ty, desc);
        }
    }
}

/// `$defs/<TsType>WireError`: one code's branch.
fn code_branch(w: &mut Pretty, cat: &Catalogue, e: &ErrorEntry) {
    let wire = &cat.registry.wire;
    let category = &cat.category_of(e).key;
    w.object(|w| {
        w.field("title", format!("{} ({})", e.code, e.name));
        w.field("description", &e.summary);
        if e.deprecated.is_some() {
            w.field("deprecated", true);
        }
        w.field("type", "object");
        w.field_object("properties", |w| {
            w.field_object(&wire.code, |w| w.field("const", &e.code));
            w.key(&wire.message);
            described(w, Some("string"), "The rendered message.");
            if let Some(k) = &wire.category {
                w.field_object(k, |w| w.field("const", category));
            }
            if let Some(k) = &wire.retryable {
                w.field_object(k, |w| w.field("const", e.retryable));
            }
            match &wire.details {
                Some(k) => w.field_object(k, |w| {
                    w.field("type", "object");
                    w.field_object("properties", |w| extras_properties(w, e, &[]));
                    w.field_array("required", e.params.iter().map(|p| &p.name));
                }),
                // Flat extras sit beside the reserved keys; a reserved key keeps its schema.
                None => extras_properties(w, e, &wire.reserved_keys()),
            }
        });
        w.key("required").array(|w| {
            w.str(&wire.code);
            w.str(&wire.message);
            if let Some(k) = &wire.category {
                w.str(k);
            }
            if let Some(k) = &wire.retryable {
                w.str(k);
            }
            match &wire.details {
                Some(k) => w.str(k),
                None => e.params.iter().for_each(|p| w.str(&p.name)),
            }
        });
    });
}

/// The permissive wire shape: what any catalogue version of this registry sends.
fn wire_object(w: &mut Pretty, cat: &Catalogue) {
    let wire = &cat.registry.wire;
    let typed = |w: &mut Pretty, k: &str, ty: &str| w.field_object(k, |w| w.field("type", ty));
    w.object(|w| {
        w.field(
            "description",
            "Any wire error of this registry, including codes of a newer catalogue: \
             the reserved keys with their types, anything else allowed.",
        );
        w.field("type", "object");
        w.field_object("properties", |w| {
            w.field_object(&wire.code, |w| {
                w.field("type", "string");
                w.field("minLength", 1);
            });
            typed(w, &wire.message, "string");
            if let Some(k) = &wire.category {
                typed(w, k, "string");
            }
            if let Some(k) = &wire.retryable {
                typed(w, k, "boolean");
            }
            if let Some(k) = &wire.details {
                typed(w, k, "object");
            }
        });
        w.field_array("required", [&wire.code, &wire.message]);
    });
}

/// The legacy payload, by the rule of `payload.rs`: an object with a string `error` or
/// `message` whose code key does not hold a string, or holds a string that is no code of
/// the catalogue (live, legacy or retired) while the message key does not hold a string.
fn legacy_wire_error(cat: &Catalogue) -> Value {
    let wire = &cat.registry.wire;
    let text = |k: &str| json!({"type": "object", "required": [k], "properties": {k: {"type": "string"}}});
    let mut wire_text = Map::new();
    wire_text.insert(wire.code.clone(), json!({"type": "string"}));
    wire_text.insert(wire.message.clone(), json!({"type": "string"}));
    // (An empty `enum` is not a valid schema: each part only when it lists something.)
    let mut codes = Vec::new();
    if !cat.errors.is_empty() {
        codes.push(json!({"$ref": "#/$defs/ErrorCode"}));
    }
    let former: Vec<&String> = cat
        .errors
        .iter()
        .flat_map(|e| &e.legacy_codes)
        .chain(cat.retired.iter().map(|r| &r.code))
        .collect();
    if !former.is_empty() {
        codes.push(json!({"enum": former}));
    }
    let mut not_legacy =
        vec![json!({"type": "object", "required": [&wire.code, &wire.message], "properties": wire_text})];
    if !codes.is_empty() {
        let mut code_is_ours = Map::new();
        let ours = match codes.len() {
            1 => codes.remove(0),
            _ => json!({"anyOf": codes}),
        };
        code_is_ours.insert(wire.code.clone(), ours);
        not_legacy.push(json!({"type": "object", "required": [&wire.code], "properties": code_is_ours}));
    }
    json!({
        "description": "An earlier, code-less payload such as {\"error\": \"human message\"}: \
            an object with a string `error` or else `message` (its message) whose code key \
            does not hold a string, or holds a string that is no code of this catalogue \
            (live, legacy or retired) while the message key does not hold a string.",
        "type": "object",
        "anyOf": [text("error"), text("message")],
        "not": {"anyOf": not_legacy}
    })
}

/// What a client may receive from any version of this registry.
fn received_wire_error() -> Value {
    json!({
        "description": "What a client may receive from any version of this registry: a wire \
            object (any code) or a legacy code-less payload.",
        "anyOf": [
            {"$ref": "#/$defs/WireObject"},
            {"$ref": "#/$defs/LegacyWireError"},
        ]
    })
}

/// `wire-error.schema.json`, as a `Value`.
pub fn wire_error_schema(cat: &Catalogue) -> Value {
    parse_back(&wire_error_schema_text(cat))
}

/// `wire-error.schema.json`.
fn wire_error_schema_text(cat: &Catalogue) -> String {
    let mut w = Pretty::with_capacity(1024 + 1024 * cat.errors.len());
    w.object(|w| {
        w.field("$schema", DRAFT_2020_12);
        w.field("$comment", header_text(&cat.source_name));
        w.field("title", format!("{}: wire error", cat.registry.title));
        w.field(
            "description",
            "A wire error of a live code of this catalogue: exactly one branch per code, \
             binding the code to its category, retryable flag and typed params. A payload \
             from a newer catalogue (an unknown code) does not validate here; validate it \
             against `#/$defs/WireObject`. An earlier code-less payload such as \
             `{\"error\": \"human message\"}` fits `#/$defs/LegacyWireError`; \
             `#/$defs/ReceivedWireError` is what a client may receive from any version of \
             this registry (a WireObject or a LegacyWireError).",
        );
        if cat.errors.is_empty() {
            w.field_object("not", |_| {});
        } else {
            w.key("oneOf").array(|w| {
                for e in &cat.errors {
                    w.object(|w| w.field("$ref", format!("#/$defs/{}", branch_name(e))));
                }
            });
        }
        w.field_object("$defs", |w| {
            for e in &cat.errors {
                w.key(&branch_name(e));
                code_branch(w, cat, e);
            }
            w.field_object("ErrorCode", |w| {
                w.field("description", "Every live code of this catalogue.");
                w.field_array("enum", cat.errors.iter().map(|e| &e.code));
            });
            w.field_object("Category", |w| {
                w.field("description", "Every category (wire value).");
                w.field_array("enum", cat.categories.iter().map(|c| &c.key));
            });
            w.key("WireObject");
            wire_object(w, cat);
            w.field("LegacyWireError", legacy_wire_error(cat));
            w.field("ReceivedWireError", received_wire_error());
        });
    });
    line(w.finish())
}

/// Retry advice, `null` when there is none.
fn retry_value(w: &mut Pretty, r: &Option<Retry>) {
    match r {
        None => w.field("retry", None::<bool>),
        Some(r) => w.field_object("retry", |w| {
            w.field("max_attempts", r.max_attempts);
            w.field("initial_backoff_ms", r.initial_backoff_ms);
            w.field("advice", &r.advice);
        }),
    }
}

/// `registry.json`, as a `Value`.
pub fn registry_json(cat: &Catalogue) -> Value {
    parse_back(&registry_json_text(cat))
}

/// `registry.json`: the resolved catalogue. Keys follow the catalogue's (snake_case); the
/// identifiers errdex derived for each target are included under `identifiers`, so other
/// generators need not reimplement the naming rules.
fn registry_json_text(cat: &Catalogue) -> String {
    let r = &cat.registry;
    let wire = &r.wire;
    let log_level = |expected: bool| if expected { "warn" } else { "error" };
    let mut w = Pretty::with_capacity(1024 + 2048 * cat.errors.len());
    w.object(|w| {
        w.field("$comment", header_text(&cat.source_name));
        w.field("errdex", 1);
        w.field_object("registry", |w| {
            w.field("name", &r.name);
            w.field("title", &r.title);
            w.field("docs_url", &r.docs_url);
            w.field("code_pattern", &r.code_pattern);
            w.field_object("wire", |w| {
                w.field("code", &wire.code);
                w.field("message", &wire.message);
                w.field("category", &wire.category);
                w.field("retryable", &wire.retryable);
                w.field("details", &wire.details);
            });
            w.field("mcp_meta_prefix", &r.mcp_meta_prefix);
            w.field("crate_name", &r.crate_name);
            w.field("npm_name", &r.npm_name);
        });
        w.key("categories").array(|w| {
            for c in &cat.categories {
                w.object(|w| {
                    w.field("key", &c.key);
                    w.field("summary", &c.summary);
                    w.field("retryable", c.retryable);
                    retry_value(w, &c.retry);
                    w.field("exit_code", c.exit_code);
                    w.field("http_status", c.http_status);
                    w.field("jsonrpc_code", c.jsonrpc_code);
                    w.field("expected", c.expected);
                    w.field("log_level", log_level(c.expected));
                    w.field("anchor", &c.anchor);
                    w.field_object("identifiers", |w| w.field("rust", &c.rust_variant));
                });
            }
        });
        w.key("namespaces").array(|w| {
            for n in &cat.namespaces {
                w.object(|w| {
                    w.field("key", &n.key);
                    w.field("title", &n.title);
                    w.field("summary", &n.summary);
                    w.field("code_prefix", &n.code_prefix);
                    w.field("slug", &n.slug);
                    w.field_object("identifiers", |w| w.field("rust", &n.rust_variant));
                });
            }
        });
        w.key("errors").array(|w| {
            for e in &cat.errors {
                w.object(|w| {
                    w.field("name", &e.name);
                    w.field("code", &e.code);
                    w.field("namespace", cat.namespace_of(e).map(|n| &n.key));
                    w.field("category", &cat.category_of(e).key);
                    w.field("summary", &e.summary);
                    w.field("message", &e.message.raw);
                    w.key("params").array(|w| {
                        for p in &e.params {
                            w.object(|w| {
                                w.field("name", &p.name);
                                w.field("type", p.ty.as_str());
                            });
                        }
                    });
                    w.field("suggestion", e.suggestion.as_ref().map(|s| &s.raw));
                    w.field("explanation", &e.explanation);
                    w.field("retryable", e.retryable);
                    retry_value(w, &e.retry);
                    w.field("exit_code", e.exit_code);
                    w.field("http_status", e.http_status);
                    w.field("jsonrpc_code", e.jsonrpc_code);
                    w.field("expected", e.expected);
                    w.field("log_level", log_level(e.expected));
                    w.field("docs_url", &e.docs_url);
                    w.field("anchor", &e.anchor);
                    w.field("since", &e.since);
                    match &e.deprecated {
                        None => w.field("deprecated", None::<bool>),
                        Some(d) => w.field_object("deprecated", |w| {
                            w.field("since", &d.since);
                            w.field("replaced_by", d.replaced_by.map(|i| &cat.errors[i].name));
                            w.field(
                                "replaced_by_code",
                                d.replaced_by.map(|i| &cat.errors[i].code),
                            );
                            w.field("note", &d.note);
                        }),
                    }
                    w.field("aliases", &e.aliases);
                    w.field("legacy_codes", &e.legacy_codes);
                    w.field_object("identifiers", |w| {
                        w.field("rust_variant", &e.rust_variant);
                        w.field("rust_constructor", &e.rust_fn);
                        w.field("ts_key", &e.ts_key);
                        w.field("ts_type", &e.ts_type);
                        // Types of the TypeScript module: the params interface (shared
                        // `NoParameters` for a code without params) and the wire type.
                        w.field("ts_params", crate::emit::typescript::params_type_name(e));
                        w.field(
                            "ts_wire_error",
                            format!("WireErrorOf<{}>", serde_json::Value::from(e.code.as_str())),
                        );
                    });
                });
            }
        });
        w.key("retired").array(|w| {
            for t in &cat.retired {
                w.object(|w| {
                    w.field("code", &t.code);
                    w.field("name", &t.name);
                    w.field("since", &t.since);
                    w.field("note", &t.note);
                    w.field("anchor", &t.anchor);
                });
            }
        });
    });
    line(w.finish())
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
