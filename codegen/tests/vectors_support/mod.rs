//! The "foreign" wire vectors, shared by the Rust crate test (`rust_crate.rs`, through
//! `Error::from_wire`) and the TypeScript vectors (`ts_vectors.rs` → `parseWireError`):
//! payloads a client of this registry may receive that are not the reference rendering of
//! one of its errors: former (legacy) codes, codes of a newer catalogue, retired codes,
//! legacy code-less payloads (among them the seed documents' own) and garbage. Each vector
//! states what every parser must report (`expect`: kind, code, category, retryable and,
//! when all targets agree on it, message); `foreign` checks each `expect.kind` against the
//! reference classifier `payload::wire_kind`.

#![allow(dead_code, clippy::unwrap_used)]

use errdex_codegen::ir::{Catalogue, ErrorEntry};
use errdex_codegen::payload::{Instance, wire_kind};
use serde_json::{Map, Value, json};

/// The request id of the tool response envelope in the vectors (the seed's sample id).
pub const TOOL_ID: &str = "toolu_abc123";

/// What parsing the reference rendering of `e` reports.
pub fn expect(cat: &Catalogue, e: &ErrorEntry, message: &str) -> Value {
    json!({
        "kind": "known",
        "code": e.code,
        "category": cat.category_of(e).key,
        "retryable": e.retryable,
        "message": message,
    })
}

/// A wire object in this registry's shape with the given code and extras.
pub fn wire_with(
    cat: &Catalogue,
    code: &str,
    message: &str,
    category: Option<&str>,
    retryable: Option<bool>,
) -> Value {
    let w = &cat.registry.wire;
    let mut m = Map::new();
    m.insert(w.code.clone(), json!(code));
    m.insert(w.message.clone(), json!(message));
    if let (Some(k), Some(c)) = (&w.category, category) {
        m.insert(k.clone(), json!(c));
    }
    if let (Some(k), Some(r)) = (&w.retryable, retryable) {
        m.insert(k.clone(), json!(r));
    }
    if let Some(k) = &w.details {
        m.insert(k.clone(), json!({"trace_id": "t-1"}));
    } else if !w.reserved_keys().contains(&"trace_id") {
        m.insert("trace_id".into(), json!("t-1"));
    }
    Value::Object(m)
}

/// A code string no version of this catalogue has (live, legacy or retired).
pub fn fresh_code(cat: &Catalogue) -> String {
    let mut fresh = String::from("ZZ-NEWER-999");
    while cat.lookup(&fresh).is_some() || cat.retired_code(&fresh).is_some() {
        fresh.push('9');
    }
    fresh
}

fn legacy(label: &str, wire: Value, message: &str) -> Value {
    json!({
        "label": label, "wire": wire,
        "expect": {"kind": "legacy", "code": null, "category": null, "retryable": false, "message": message},
    })
}

fn invalid(label: &str, wire: Value) -> Value {
    json!({
        "label": label, "wire": wire,
        "expect": {"kind": "invalid", "code": null, "category": null, "retryable": false, "message": ""},
    })
}

/// Every foreign vector of `cat`: `{label, wire, expect}`.
pub fn foreign(cat: &Catalogue) -> Vec<Value> {
    let w = &cat.registry.wire;
    let mut out = Vec::new();

    // Former codes still parse to the entry.
    for e in &cat.errors {
        let plain = Instance::example(e);
        for legacy in &e.legacy_codes {
            let mut wire = plain.wire(cat);
            wire[&w.code] = json!(legacy);
            out.push(json!({
                "label": format!("legacy code {legacy}"),
                "wire": wire,
                "expect": expect(cat, e, &plain.message()),
            }));
        }
    }

    // A newer catalogue's codes: classified by the wire's category / retryable flag.
    let fresh = fresh_code(cat);
    for c in &cat.categories {
        let flag = w.retryable.as_ref().map(|_| !c.retryable);
        let retryable = flag.unwrap_or(c.retryable);
        out.push(json!({
            "label": format!("unknown code, category {}", c.key),
            "wire": wire_with(cat, &fresh, "from the future", Some(&c.key), flag),
            "expect": {
                "kind": "unknown", "code": fresh,
                "category": w.category.as_ref().map(|_| &c.key),
                "retryable": if w.category.is_some() || flag.is_some() { retryable } else { false },
                "message": "from the future",
            },
        }));
    }
    out.push(json!({
        "label": "unknown code, unknown category",
        "wire": wire_with(cat, &fresh, "m", Some("brand_new_category"), None),
        "expect": {
            "kind": "unknown", "code": fresh,
            "category": w.category.as_ref().map(|_| "brand_new_category"),
            "retryable": false, "message": "m",
        },
    }));
    for r in &cat.retired {
        out.push(json!({
            "label": format!("retired {}", r.code),
            "wire": wire_with(cat, &r.code, "old peer", None, None),
            "expect": {"kind": "retired", "code": r.code, "category": null, "retryable": false, "message": "old peer"},
        }));
    }

    // Legacy payloads: `{"error": "text"}` whatever the wire's key names. The seed
    // documents' own: the runtime's earlier flat format and the MCP server's string
    // overload of `error()`. Skipped where the text happens to be a code of the catalogue
    // (then it is that code, not legacy text).
    let is_code = |s: &str| {
        cat.errors
            .iter()
            .any(|e| e.code == s || e.legacy_codes.iter().any(|c| c == s))
            || cat.retired.iter().any(|r| r.code == s)
    };
    for (label, wire, message) in [
        (
            "legacy {error: text}",
            json!({"error": "connection refused"}),
            "connection refused",
        ),
        (
            "legacy {message: text}",
            json!({"message": "it broke", "status": 500}),
            "it broke",
        ),
        (
            "seed runtime: earlier flat format",
            json!({"error": "human message"}),
            "human message",
        ),
        (
            "seed MCP server: string overload of error()",
            json!({"error": "Human-readable error message"}),
            "Human-readable error message",
        ),
        (
            "legacy non-ASCII text",
            json!({"error": "échec \"quoted\" \u{202e} 🎉\n"}),
            "échec \"quoted\" \u{202e} 🎉\n",
        ),
        (
            "legacy empty text",
            json!({"error": ""}),
            "",
        ),
        (
            "legacy {error, message}: error first",
            json!({"message": "second", "error": "first"}),
            "first",
        ),
    ] {
        let text_is_code = wire
            .as_object()
            .and_then(|o| o.get(&w.code))
            .and_then(Value::as_str)
            .is_some_and(is_code);
        if !text_is_code {
            out.push(legacy(label, wire, message));
        }
    }
    // A legacy payload carrying the category key: still legacy, unclassified.
    if let Some(k) = w.category.as_ref().filter(|k| *k != "error") {
        let mut m = Map::new();
        m.insert("error".into(), json!("flat with a category"));
        m.insert(k.clone(), json!(cat.categories[0].key));
        out.push(legacy(
            "legacy text with a category",
            Value::Object(m),
            "flat with a category",
        ));
    }
    // The code key holds no string: legacy by `message` (or `error`), else invalid.
    let mut m = Map::new();
    m.insert(w.code.clone(), json!(7));
    if w.code != "message" {
        m.insert("message".into(), json!("numeric code"));
        out.push(legacy("code key not a string", Value::Object(m), "numeric code"));
    }
    // A code string that is no code, without a string message: legacy text only when the
    // code key itself is `error` or `message`.
    let mut m = Map::new();
    m.insert(w.code.clone(), json!(fresh));
    m.insert(w.message.clone(), json!(17));
    let wire = Value::Object(m);
    if w.code == "error" || w.code == "message" {
        out.push(legacy("unknown code, message not a string", wire, &fresh));
    } else {
        out.push(invalid("unknown code, message not a string", wire));
    }
    // A live code without a message is that code (known, with problems), never legacy.
    if let Some(e) = cat.errors.first() {
        let mut m = Map::new();
        m.insert(w.code.clone(), json!(e.code));
        out.push(json!({
            "label": format!("live code {} without a message", e.code),
            "wire": Value::Object(m),
            // The message is left out: TypeScript renders the template, Rust keeps "".
            "expect": {"kind": "known", "code": e.code, "category": cat.category_of(e).key, "retryable": e.retryable},
        }));
    }
    out.push(invalid("not an error at all", json!({"ok": true})));
    out.push(invalid("empty object", json!({})));

    for v in &out {
        assert_eq!(
            v["expect"]["kind"].as_str(),
            Some(wire_kind(cat, &v["wire"])),
            "{}: {} vs the reference classifier",
            v["label"],
            v["wire"]
        );
    }
    out
}
