//! An entry's JSON form, written once for every reader: `registry.json` lists it for each
//! code, and `errdex explain --format json` shows it for one (inside an envelope that says
//! how the query matched, with the category's summary and an example around it).
//!
//! Keys follow the catalogue's (snake_case) and values are resolved: every default applied,
//! absent optional values `null`. A reference to another entry is by NAME, as in the
//! catalogue (`deprecated.replaced_by`), with the code beside it (`replaced_by_code`). The
//! identifiers errdex derived for each target are included under `identifiers`, so other
//! tools need not reimplement the naming rules.

use serde_json::{Map, Value};

use crate::ir::{Catalogue, ErrorEntry, JsonRpcData, ProfileField, Profiles, Retry};
use crate::names;
use crate::support::facts;
use crate::support::pretty_json::Pretty;

/// The `retry` member: the advice, or `null` when there is none.
pub fn write_retry(w: &mut Pretty, retry: &Option<Retry>) {
    match retry {
        None => w.field("retry", None::<bool>),
        Some(r) => w.field_object("retry", |w| {
            w.field("max_attempts", r.max_attempts);
            w.field("initial_backoff_ms", r.initial_backoff_ms);
            w.field("advice", &r.advice);
        }),
    }
}

/// The `profiles` members as the catalogue writes them, every default applied: what an MCP
/// client receives for a failed tool call, and the JSON-RPC error object. `fields` maps each
/// output key (without the prefix) to the fact it carries, in order.
pub fn write_profiles(w: &mut Pretty, profiles: &Profiles) {
    let fields = |w: &mut Pretty, fields: &[ProfileField]| {
        for f in fields {
            w.field(&f.key, f.fact.spelling());
        }
    };
    let mcp = &profiles.mcp_tool_error;
    w.field_object("mcp_tool_error", |w| {
        w.field("text", &mcp.text.raw);
        w.field("data", mcp.data.member());
        w.field("prefix", &mcp.prefix);
        w.field("result_type", &mcp.result_type);
        w.field_object("fields", |w| fields(w, &mcp.fields));
    });
    let rpc = &profiles.jsonrpc_error;
    w.field_object("jsonrpc_error", |w| {
        w.field("message", &rpc.message.raw);
        match &rpc.data {
            JsonRpcData::Wire => w.field("data", "wire"),
            JsonRpcData::Omitted => w.field("data", None::<bool>),
            JsonRpcData::Fields(f) => w.field_object("data", |w| fields(w, f)),
        }
    });
    w.field_object("terminal", |w| {
        w.field("values", profiles.terminal.values.as_str());
    });
}

/// The members of an entry's object, in document order (call it inside
/// [`Pretty::object`]).
pub fn write_entry(w: &mut Pretty, cat: &Catalogue, e: &ErrorEntry) {
    w.field("name", &e.name);
    w.field("code", &e.code);
    w.field("namespace", cat.namespace_of(e).map(|n| &n.key));
    w.field("category", &cat.category_of(e).key);
    w.field("class", &e.class);
    w.field("summary", &e.summary);
    w.field("message", &e.message.raw);
    w.key("params").array(|w| {
        for p in &e.params {
            w.object(|w| {
                w.field("name", &p.name);
                w.field("type", p.ty.as_str());
                if let Some(items) = p.ty.items() {
                    w.field("items", items.as_str());
                }
                if let Some(schema) = &p.schema {
                    w.field("schema", schema);
                }
                if let Some(example) = &p.example {
                    w.field("example", example);
                }
            });
        }
    });
    w.field("suggestion", e.suggestion.as_ref().map(|s| &s.raw));
    w.field("explanation", &e.explanation);
    w.field("retryable", e.retryable);
    write_retry(w, &e.retry);
    w.field("exit_code", e.exit_code);
    w.field("http_status", e.http_status);
    w.field("jsonrpc_code", e.jsonrpc_code);
    w.field("expected", e.expected);
    w.field("log_level", facts::log_level(e.expected));
    w.field("docs_url", &e.docs_url);
    w.field("anchor", &e.anchor);
    w.field("since", &e.since);
    match &e.deprecated {
        None => w.field("deprecated", None::<bool>),
        Some(d) => w.field_object("deprecated", |w| {
            let replacement = d.replaced_by.and_then(|i| cat.errors.get(i));
            w.field("since", &d.since);
            w.field("replaced_by", replacement.map(|r| &r.name));
            w.field("replaced_by_code", replacement.map(|r| &r.code));
            w.field("note", &d.note);
        }),
    }
    w.field("aliases", &e.aliases);
    w.field("legacy_codes", &e.legacy_codes);
    w.field_object("identifiers", |w| {
        w.field("rust_variant", &e.rust_variant);
        // Left out when the Rust module declares no constructors (`rust:`).
        if cat.rust.constructors {
            w.field("rust_constructor", &e.rust_fn);
        }
        w.field("ts_key", &e.ts_key);
        w.field("ts_type", &e.ts_type);
        // Types of the TypeScript module: the params interface (shared `NoParameters` for a
        // code without params) and the wire type.
        w.field(
            "ts_params",
            names::ts_params_type(&e.ts_type, !e.params.is_empty()),
        );
        w.field("ts_wire_error", names::ts_wire_error_type(&e.code));
    });
}

/// An entry's object as a `serde_json` map (the members of [`write_entry`], in its order).
pub fn entry_members(cat: &Catalogue, e: &ErrorEntry) -> Map<String, Value> {
    let mut w = Pretty::with_capacity(2048);
    w.object(|w| write_entry(w, cat, e));
    serde_json::from_str(&w.finish()).expect("the pretty writer writes a JSON object")
}
