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

use crate::ir::{Catalogue, ErrorEntry, JsonRpcData, Param, ProfileField, Profiles, Retry};
use crate::names;
use crate::support::facts;
use crate::support::pretty_json::{Pretty, WriteJson};
use crate::targets::{TARGETS, TargetId};

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
///
/// The entry is destructured whole: a new field of [`ErrorEntry`] does not compile here
/// until it is written or consciously left out.
pub fn write_entry(w: &mut Pretty, cat: &Catalogue, e: &ErrorEntry) {
    let ErrorEntry {
        name,
        code,
        namespace: _,
        category: _,
        summary,
        message,
        params,
        suggestion,
        explanation,
        retryable,
        retry,
        exit_code,
        http_status,
        jsonrpc_code,
        expected,
        docs_url,
        since,
        deprecated,
        aliases,
        legacy_codes,
        ids,
        anchor,
        class,
    } = e;
    // A bulk document (`registry.json` above `COMPACT_ABOVE_CODES` codes) leaves out what
    // is absent (`null`, an empty list) and a class that is the registry's: a reader takes
    // a missing member as absent, as errdex's own import does.
    let bulk = w.is_compact();
    let absent = |w: &mut Pretty, k: &str, v: Option<&dyn WriteJson>| match v {
        Some(v) => w.field(k, v),
        None if !bulk => w.field(k, None::<bool>),
        None => {}
    };
    w.field("name", name);
    w.field("code", code);
    absent(
        w,
        "namespace",
        cat.namespace_of(e).map(|n| &n.key as &dyn WriteJson),
    );
    w.field("category", &cat.category_of(e).key);
    if !(bulk && *class == cat.registry.class) {
        w.field("class", class);
    }
    w.field("summary", summary);
    w.field("message", &message.raw);
    w.key("params").array(|w| {
        for p in params {
            let Param {
                name,
                ty,
                ids: _,
                schema,
                example,
            } = p;
            w.object(|w| {
                w.field("name", name);
                w.field("type", ty.as_str());
                if let Some(items) = ty.items() {
                    w.field("items", items.as_str());
                }
                if let Some(schema) = schema {
                    w.field("schema", schema);
                }
                if let Some(example) = example {
                    w.field("example", example);
                }
            });
        }
    });
    absent(
        w,
        "suggestion",
        suggestion.as_ref().map(|s| &s.raw as &dyn WriteJson),
    );
    absent(
        w,
        "explanation",
        explanation.as_ref().map(|x| x as &dyn WriteJson),
    );
    w.field("retryable", *retryable);
    if !(bulk && retry.is_none()) {
        write_retry(w, retry);
    }
    w.field("exit_code", *exit_code);
    w.field("http_status", *http_status);
    w.field("jsonrpc_code", *jsonrpc_code);
    w.field("expected", *expected);
    w.field("log_level", facts::log_level(*expected));
    w.field("docs_url", docs_url);
    w.field("anchor", anchor);
    absent(w, "since", since.as_ref().map(|x| x as &dyn WriteJson));
    match deprecated {
        None if bulk => {}
        None => w.field("deprecated", None::<bool>),
        Some(d) => w.field_object("deprecated", |w| {
            let replacement = d.replaced_by.and_then(|i| cat.errors.get(i));
            w.field("since", &d.since);
            w.field("replaced_by", replacement.map(|r| &r.name));
            w.field("replaced_by_code", replacement.map(|r| &r.code));
            w.field("note", &d.note);
        }),
    }
    if !(bulk && aliases.is_empty()) {
        w.field("aliases", aliases);
    }
    if !(bulk && legacy_codes.is_empty()) {
        w.field("legacy_codes", legacy_codes);
    }
    // Every identifier the targets generate for this catalogue (`idents::IDENTS`; the
    // constructors are left out with `rust.constructors: false`), target by target.
    w.field_object("identifiers", |w| {
        for target in &TARGETS {
            for (spec, ident) in ids.each().filter(|(s, _)| s.target == target.id) {
                if (spec.generated)(cat) {
                    w.field(spec.key, ident);
                }
            }
            if target.id == TargetId::TypeScript {
                // Types of the TypeScript module: the params type (shared `NoParameters`
                // for a code without params) and the wire type.
                w.field(
                    "ts_params",
                    names::ts_params_type(&ids.ts.type_name, !params.is_empty()),
                );
                w.field("ts_wire_error", names::ts_wire_error_type(code));
            }
        }
    });
}

/// An entry's object as a `serde_json` map (the members of [`write_entry`], in its order).
pub fn entry_members(cat: &Catalogue, e: &ErrorEntry) -> Map<String, Value> {
    let mut w = Pretty::with_capacity(2048);
    w.object(|w| write_entry(w, cat, e));
    serde_json::from_str(&w.finish()).expect("the pretty writer writes a JSON object")
}
