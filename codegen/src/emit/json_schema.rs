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
//!   `$defs/Category` list the values. Above [`pretty_json::COMPACT_ABOVE_CODES`] codes the
//!   root has one branch per group of codes that differ in the code alone
//!   (`$defs/WireGroup<n>`, the codes an `enum`; [`wire_groups`]): the same instances
//!   validate, in a document a few dozen branches long instead of one per code.
//! - `catalogue.schema.json`: the editor schema of `errors.yaml` itself (the same for every
//!   catalogue): every key of format 1 with a description, `additionalProperties: false`
//!   everywhere so a typo such as `retryble` is flagged.
//! - `errors.schema.json`: the editor schema of this catalogue: the format's schema with
//!   the catalogue's categories and namespaces as the values of `category:` and
//!   `namespace:` (completion, typos flagged), and `category` required where the
//!   namespace gives none.
//! - `part.schema.json`, `entry.schema.json`: the editor schemas of a catalogue in many
//!   files — a part file (its `part:` header of owner and range or prefix, then
//!   `namespaces` and `errors` as in the root) and one code's `<CODE>.yaml` in a folder
//!   part (an entry with its `name`). Like `catalogue.schema.json`, the format's.
//! - `registry.json`: the resolved catalogue, every default applied, for other tools and
//!   languages. Lists (categories, namespaces, errors, retired) are arrays in catalogue
//!   order; absent optional values are `null` (above
//!   [`pretty_json::COMPACT_ABOVE_CODES`] codes a code's absent members — `null`, an empty
//!   list, the registry's own class — are left out; a reader takes a missing member as
//!   absent, as `imports:` does).
//!
//! Every schema has a stable `$id` ([`names::schema_id`]: `package.schema_url` + the file
//! name, or `urn:errdex:<registry>:<file>`), so another schema can `$ref` its `$defs`.
//! Every document carries the generated header in a top-level `$comment`. The editor schema
//! is built as a `serde_json::Value`; the two documents that grow with the catalogue
//! (`wire-error.schema.json`, `registry.json`) are written member by member with
//! [`Pretty`], which gives exactly `serde_json::to_string_pretty`'s bytes without
//! building a `Value` tree per code (see [`pretty_json`] for why). [`wire_error_schema`] and
//! [`registry_json`] parse that text back for callers that want a `Value`.

use serde_json::{Map, Value, json};

use crate::ir::Catalogue;
use crate::names;
use crate::support::body_schema::{CodeKey, code_branch, wire_branch, wire_groups};
use crate::support::entry_json;
use crate::support::facts;
use crate::support::header::header_text;
use crate::support::pretty_json::{self, Pretty};

/// The JSON Schema dialect of every schema errdex writes.
pub const DRAFT_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";

/// Files of this target: (path relative to the target's directory, contents).
pub fn emit(cat: &Catalogue) -> Vec<(String, String)> {
    let header = header_text(&cat.source_name);
    // The format's schema is built once; the part, entry and own schemas are cut from it.
    let format = catalogue_schema(&header);
    let own = catalogue_schema::own_catalogue_schema_of(format.clone(), cat);
    // This catalogue's part and entry schemas: the format's, cut from its own schema (the
    // values of `category:` and `namespace:` checked in every file of the registry).
    let own_part = with_id(
        as_own(
            catalogue_schema::part_schema_of(&own, &header),
            names::PART_SCHEMA_FILE,
            names::OWN_PART_SCHEMA_FILE,
        ),
        &cat.schema_id(names::OWN_PART_SCHEMA_FILE),
    );
    let own_entry = with_id(
        as_own(
            catalogue_schema::entry_schema_of(&own, &header),
            names::ENTRY_SCHEMA_FILE,
            names::OWN_ENTRY_SCHEMA_FILE,
        ),
        &cat.schema_id(names::OWN_ENTRY_SCHEMA_FILE),
    );
    let own = with_id(own, &cat.schema_id(names::OWN_CATALOGUE_SCHEMA_FILE));
    let part = with_id(
        catalogue_schema::part_schema_of(&format, &header),
        &cat.schema_id(names::PART_SCHEMA_FILE),
    );
    let entry = with_id(
        catalogue_schema::entry_schema_of(&format, &header),
        &cat.schema_id(names::ENTRY_SCHEMA_FILE),
    );
    let catalogue = with_id(format, &cat.schema_id(names::CATALOGUE_SCHEMA_FILE));
    vec![
        (
            names::WIRE_ERROR_SCHEMA_FILE.to_string(),
            wire_error_schema_text(cat),
        ),
        (
            names::CATALOGUE_SCHEMA_FILE.to_string(),
            line(pretty_json::to_string_pretty(&catalogue)),
        ),
        (
            names::OWN_CATALOGUE_SCHEMA_FILE.to_string(),
            line(pretty_json::to_string_pretty(&own)),
        ),
        (
            names::PART_SCHEMA_FILE.to_string(),
            line(pretty_json::to_string_pretty(&part)),
        ),
        (
            names::ENTRY_SCHEMA_FILE.to_string(),
            line(pretty_json::to_string_pretty(&entry)),
        ),
        (
            names::OWN_PART_SCHEMA_FILE.to_string(),
            line(pretty_json::to_string_pretty(&own_part)),
        ),
        (
            names::OWN_ENTRY_SCHEMA_FILE.to_string(),
            line(pretty_json::to_string_pretty(&own_entry)),
        ),
        ("registry.json".to_string(), registry_json_text(cat)),
    ]
}

/// A part or entry schema cut from the catalogue's own schema: titled as this catalogue's,
/// its description naming its own file (`own`) instead of the format's (`format_file`).
fn as_own(mut schema: Value, format_file: &str, own: &str) -> Value {
    if let Some(Value::String(title)) = schema.get_mut("title") {
        title.push_str(", with this catalogue's categories and namespaces");
    }
    if let Some(Value::String(description)) = schema.get_mut("description") {
        *description = format!(
            "{} Written by `errdex generate` beside `{format_file}`, with this catalogue's categories and namespaces as the only values of `category:` and `namespace:`; regenerate after adding one.",
            description.replace(format_file, own)
        );
    }
    schema
}

/// `schema` with its `$id` right after `$schema`, where readers look for it.
pub fn with_id(schema: Value, id: &str) -> Value {
    let Value::Object(members) = schema else {
        return schema;
    };
    let mut out = Map::new();
    for (key, value) in members {
        let after_dialect = key == "$schema";
        out.insert(key, value);
        if after_dialect {
            out.insert("$id".into(), json!(id));
        }
    }
    Value::Object(out)
}

/// A document's text ends with a newline.
fn line(mut s: String) -> String {
    s.push('\n');
    s
}

fn parse_back(text: &str) -> Value {
    serde_json::from_str(text).expect("the pretty writer writes valid JSON")
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
    let text =
        |k: &str| json!({"type": "object", "required": [k], "properties": {k: {"type": "string"}}});
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
    let mut not_legacy = vec![
        json!({"type": "object", "required": [&wire.code, &wire.message], "properties": wire_text}),
    ];
    if !codes.is_empty() {
        let mut code_is_ours = Map::new();
        let ours = match codes.len() {
            1 => codes.remove(0),
            _ => json!({"anyOf": codes}),
        };
        code_is_ours.insert(wire.code.clone(), ours);
        not_legacy
            .push(json!({"type": "object", "required": [&wire.code], "properties": code_is_ours}));
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
    let mut w = Pretty::sized(cat.errors.len(), 1024 + 1024 * cat.errors.len());
    w.object(|w| {
        w.field("$schema", DRAFT_2020_12);
        w.field("$id", cat.schema_id(names::WIRE_ERROR_SCHEMA_FILE));
        w.field("$comment", header_text(&cat.source_name));
        w.field("title", format!("{}: wire error", cat.registry.title));
        let branches = if w.is_compact() {
            "one branch per group of codes that share all but the code (an `enum`)"
        } else {
            "exactly one branch per code"
        };
        w.field(
            "description",
            format!(
                "A wire error of a live code of this catalogue: {branches}, \
             binding the code to its category, retryable flag and typed params. A payload \
             from a newer catalogue (an unknown code) does not validate here; validate it \
             against `#/$defs/WireObject`. An earlier code-less payload such as \
             `{{\"error\": \"human message\"}}` fits `#/$defs/LegacyWireError`; \
             `#/$defs/ReceivedWireError` is what a client may receive from any version of \
             this registry (a WireObject or a LegacyWireError)."
            ),
        );
        // A bulk document (above `COMPACT_ABOVE_CODES`) has one branch per group of codes
        // that differ in the code alone, the code an `enum`: at 50,000 codes 21 MB of
        // per-code branches become a few hundred, validation unchanged.
        let groups = if w.is_compact() {
            wire_groups(cat)
        } else {
            Vec::new()
        };
        let branch_names: Vec<String> = if w.is_compact() {
            (1..=groups.len()).map(names::schema_wire_group).collect()
        } else {
            cat.errors
                .iter()
                .map(|e| names::schema_wire_branch(&e.ids.ts.type_name))
                .collect()
        };
        if cat.errors.is_empty() {
            w.field_object("not", |_| {});
        } else {
            w.key("oneOf").array(|w| {
                for name in &branch_names {
                    w.object(|w| w.field("$ref", format!("#/$defs/{name}")));
                }
            });
        }
        w.field_object("$defs", |w| {
            if w.is_compact() {
                for (name, (first, codes)) in branch_names.iter().zip(&groups) {
                    w.key(name);
                    wire_branch(w, cat, first, CodeKey::Enum(codes));
                }
            } else {
                for (name, e) in branch_names.iter().zip(&cat.errors) {
                    w.key(name);
                    code_branch(w, cat, e);
                }
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
    let mut w = Pretty::sized(cat.errors.len(), 1024 + 2048 * cat.errors.len());
    w.object(|w| {
        w.field("$comment", header_text(&cat.source_name));
        w.field("errdex", 1);
        w.field_object("registry", |w| {
            w.field("name", &r.name);
            // `package.version`: what a catalogue importing this registry pins (`imports:`).
            w.field("version", &cat.package.version);
            w.field("title", &r.title);
            w.field("docs_url", &r.docs_url);
            w.field("docs_site_url", &r.docs_site_url);
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
            w.field("class", &r.class);
            w.field("python_package", &r.python_package);
            w.field("go_package", &r.go_package);
            w.field("go_module", &r.go_module);
        });
        w.key("categories").array(|w| {
            for c in &cat.categories {
                w.object(|w| {
                    w.field("key", &c.key);
                    w.field("title", &c.title);
                    w.field("summary", &c.summary);
                    w.field("retryable", c.retryable);
                    entry_json::write_retry(w, &c.retry);
                    w.field("exit_code", c.exit_code);
                    w.field("http_status", c.http_status);
                    w.field("jsonrpc_code", c.jsonrpc_code);
                    w.field("expected", c.expected);
                    w.field("log_level", facts::log_level(c.expected));
                    w.field("anchor", &c.anchor);
                    w.field_object("identifiers", |w| w.field("rust", &c.ids.rust));
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
                    w.field("class", &n.class);
                    w.field("slug", &n.slug);
                    w.field_object("identifiers", |w| {
                        w.field("rust", &n.ids.rust);
                        // Left out when the Rust module declares no sub-enums (`rust:`).
                        if cat.rust.namespace_enums {
                            w.field("rust_codes", names::rust_namespace_enum(&n.ids.rust));
                        }
                    });
                });
            }
        });
        w.key("errors").array(|w| {
            for e in &cat.errors {
                w.object(|w| entry_json::write_entry(w, cat, e));
            }
        });
        w.field_object("profiles", |w| entry_json::write_profiles(w, &cat.profiles));
        w.key("retired").array(|w| {
            for t in &cat.retired {
                w.object(|w| {
                    w.field("code", &t.code);
                    w.field("name", &t.name);
                    w.field("since", &t.since);
                    w.field("note", &t.note);
                    let by = t.replaced_by.and_then(|i| cat.errors.get(i));
                    w.field("replaced_by", by.map(|e| &e.name));
                    w.field("replaced_by_code", by.map(|e| &e.code));
                    w.field("anchor", &t.anchor);
                });
            }
        });
        // The registries this one imports: with `as: codes` their codes are also in
        // `errors` above; with `as: reference` they are only listed here.
        w.key("imports").array(|w| {
            for i in &cat.imports {
                w.object(|w| {
                    w.field("name", &i.name);
                    w.field("from", &i.from);
                    w.field("registry", &i.registry);
                    w.field("version", &i.version);
                    w.field("as", i.mode.as_str());
                    w.key("codes").array(|w| {
                        for c in &i.codes {
                            w.object(|w| {
                                w.field("code", &c.code);
                                w.field("name", &c.name);
                                w.field("summary", &c.summary);
                                w.field("docs_url", &c.docs_url);
                            });
                        }
                    });
                });
            }
        });
    });
    line(w.finish())
}

mod catalogue_schema;
pub use catalogue_schema::{catalogue_schema, entry_schema, own_catalogue_schema, part_schema};
