//! The reference renderings of an error instance: terminal text, wire object, MCP tool
//! result, JSON-RPC error and RFC 9457 problem details.
//!
//! This module *is* the contract of those shapes. The docs' example payloads and the test
//! vectors are produced here; the generated Rust crate and TypeScript module implement the
//! same rules, and tests prove they agree with this module value for value.
//!
//! Rules:
//! - wire: the code key, the message key, then the category key and the retryable key when
//!   the registry names them; then the extras, flat beside those keys or nested under
//!   `wire.details`. Extras are, in order: every param by name, `argument`, `constraint`,
//!   `suggestion` (each when present), then context entries. A context key never replaces a
//!   reserved key or an earlier extra (first writer wins).
//! - terminal: `CODE[ `argument`]: message`, then `  constraint: <compact JSON>` and
//!   `  hint: <suggestion>` lines when present.
//! - MCP `CallToolResult`: `content[0]` is the terminal text, `isError: true`,
//!   `resultType: "complete"` (required since MCP 2026-07-28), `_meta` carries
//!   `<prefix>code`, `category`, `retryable`, `expected`, `docs_url`, and `suggestion`,
//!   `argument`, `constraint` when present. No `structuredContent`.
//! - JSON-RPC error object: `{code: jsonrpc_code, message, data: <wire object>}`.
//! - Problem details: `type` (docs URL), `title` (summary), `status` (HTTP), `detail`
//!   (message), then `code`, `category`, `retryable`, then the extras (members already
//!   present are not replaced).
//! - tool response envelope (what an agent runtime feeds back to a model):
//!   `{"id": <id>, "content": <the wire object as compact JSON text>, "is_error": true}`;
//!   `content` is `serde_json::to_string(&wire)`, byte for byte what `JSON.stringify(wire)`
//!   gives (same key order, same escapes).
//!
//! Receiving (every parser applies the same classification, [`wire_kind`]): a payload whose
//! code key holds a live or legacy code is *known*, a retired code *retired*, any other
//! code string with a string under the message key *unknown* (a newer catalogue). A
//! payload is *legacy* when it is a JSON object whose code key does not hold a string, or
//! holds a string that is no code of the catalogue (live, legacy or retired) while the
//! message key does not hold a string; and it has a string under `error` or else
//! `message`: that string is its message. Otherwise, without a code, it is *invalid*. A
//! legacy or invalid payload has no code, no category and is not retryable.

use serde_json::{Map, Value, json};

use crate::ir::{Catalogue, ErrorEntry, ParamType};

/// One concrete error: an entry plus the values a caller supplied.
#[derive(Debug, Clone, PartialEq)]
pub struct Instance<'a> {
    pub entry: &'a ErrorEntry,
    /// One JSON value per param, in param order.
    pub values: Vec<Value>,
    pub argument: Option<String>,
    pub constraint: Option<Value>,
    /// Overrides the catalogue suggestion when set.
    pub suggestion_override: Option<String>,
    pub context: Vec<(String, Value)>,
}

/// The placeholder value docs and test vectors use for a param type: `"<name>"`, `42`,
/// `1.5`, `true`.
pub fn example_value(name: &str, ty: ParamType) -> Value {
    match ty {
        ParamType::String => Value::String(format!("<{name}>")),
        ParamType::Integer => json!(42),
        ParamType::Number => json!(1.5),
        ParamType::Boolean => json!(true),
    }
}

impl<'a> Instance<'a> {
    /// An instance with the example value of every param and nothing else.
    pub fn example(entry: &'a ErrorEntry) -> Self {
        Instance {
            entry,
            values: entry
                .params
                .iter()
                .map(|p| example_value(&p.name, p.ty))
                .collect(),
            argument: None,
            constraint: None,
            suggestion_override: None,
            context: Vec::new(),
        }
    }

    fn display_values(&self) -> Vec<String> {
        self.values.iter().map(display_value).collect()
    }

    pub fn message(&self) -> String {
        self.entry.message.render(&self.display_values())
    }

    pub fn suggestion(&self) -> Option<String> {
        self.suggestion_from(|| self.display_values())
    }

    /// [`Instance::suggestion`], with the display values computed only when needed.
    fn suggestion_from(&self, values: impl FnOnce() -> Vec<String>) -> Option<String> {
        self.suggestion_override
            .clone()
            .or_else(|| self.entry.suggestion.as_ref().map(|t| t.render(&values())))
    }

    /// The compact terminal form (`Display` of the generated `Error`).
    pub fn terminal_text(&self) -> String {
        let values = self.display_values();
        let suggestion = self.suggestion_from(|| values.clone());
        self.terminal_text_with(&self.entry.message.render(&values), suggestion.as_deref())
    }

    /// The terminal form from an already rendered message and suggestion.
    fn terminal_text_with(&self, message: &str, suggestion: Option<&str>) -> String {
        let mut s = String::with_capacity(self.entry.code.len() + message.len() + 16);
        s.push_str(&self.entry.code);
        if let Some(arg) = &self.argument {
            s.push_str(" `");
            s.push_str(arg);
            s.push('`');
        }
        s.push_str(": ");
        s.push_str(message);
        if let Some(c) = &self.constraint {
            s.push_str("\n  constraint: ");
            s.push_str(&c.to_string());
        }
        if let Some(h) = suggestion {
            s.push_str("\n  hint: ");
            s.push_str(h);
        }
        s
    }

    /// Extras in wire order: params, argument, constraint, suggestion, then context.
    fn extras(&self, taken: &[&str]) -> Map<String, Value> {
        let mut m = Map::new();
        let put = |m: &mut Map<String, Value>, k: &str, v: Value| {
            if !taken.contains(&k) && !m.contains_key(k) {
                m.insert(k.to_string(), v);
            }
        };
        for (p, v) in self.entry.params.iter().zip(&self.values) {
            put(&mut m, &p.name, v.clone());
        }
        if let Some(a) = &self.argument {
            put(&mut m, "argument", Value::String(a.clone()));
        }
        if let Some(c) = &self.constraint {
            put(&mut m, "constraint", c.clone());
        }
        if let Some(s) = self.suggestion() {
            put(&mut m, "suggestion", Value::String(s));
        }
        for (k, v) in &self.context {
            put(&mut m, k, v.clone());
        }
        m
    }

    pub fn wire(&self, cat: &Catalogue) -> Value {
        let w = &cat.registry.wire;
        let mut m = Map::new();
        m.insert(w.code.clone(), Value::String(self.entry.code.clone()));
        m.insert(w.message.clone(), Value::String(self.message()));
        if let Some(k) = &w.category {
            m.insert(
                k.clone(),
                Value::String(cat.category_of(self.entry).key.clone()),
            );
        }
        if let Some(k) = &w.retryable {
            m.insert(k.clone(), Value::Bool(self.entry.retryable));
        }
        let reserved = w.reserved_keys();
        let extras = self.extras(&reserved);
        match &w.details {
            Some(k) => {
                m.insert(k.clone(), Value::Object(extras));
            }
            None => m.extend(extras),
        }
        Value::Object(m)
    }

    pub fn mcp_tool_result(&self, cat: &Catalogue) -> Value {
        let p = &cat.registry.mcp_meta_prefix;
        let values = self.display_values();
        let suggestion = self.suggestion_from(|| values.clone());
        let mut meta = Map::new();
        let mut put = |k: &str, v: Value| {
            let mut key = String::with_capacity(p.len() + k.len());
            key.push_str(p);
            key.push_str(k);
            meta.insert(key, v);
        };
        put("code", Value::String(self.entry.code.clone()));
        put(
            "category",
            Value::String(cat.category_of(self.entry).key.clone()),
        );
        put("retryable", Value::Bool(self.entry.retryable));
        put("expected", Value::Bool(self.entry.expected));
        put("docs_url", Value::String(self.entry.docs_url.clone()));
        if let Some(s) = &suggestion {
            put("suggestion", Value::String(s.clone()));
        }
        if let Some(a) = &self.argument {
            put("argument", Value::String(a.clone()));
        }
        if let Some(c) = &self.constraint {
            put("constraint", c.clone());
        }
        let text =
            self.terminal_text_with(&self.entry.message.render(&values), suggestion.as_deref());
        json!({
            "content": [{"type": "text", "text": text}],
            "isError": true,
            // Required by MCP 2026-07-28 (`"complete"` is what clients assume when absent);
            // earlier revisions allow the extra member.
            "resultType": "complete",
            "_meta": Value::Object(meta),
        })
    }

    /// The tool response envelope: `{"id", "content": <compact wire JSON>, "is_error": true}`.
    pub fn tool_response(&self, cat: &Catalogue, id: impl Into<Value>) -> Value {
        let mut m = Map::new();
        m.insert("id".into(), id.into());
        m.insert("content".into(), Value::String(self.wire(cat).to_string()));
        m.insert("is_error".into(), Value::Bool(true));
        Value::Object(m)
    }

    pub fn jsonrpc_error(&self, cat: &Catalogue) -> Value {
        json!({
            "code": self.entry.jsonrpc_code,
            "message": self.message(),
            "data": self.wire(cat),
        })
    }

    pub fn problem_json(&self, cat: &Catalogue) -> Value {
        let mut m = Map::new();
        m.insert("type".into(), Value::String(self.entry.docs_url.clone()));
        m.insert("title".into(), Value::String(self.entry.summary.clone()));
        m.insert("status".into(), json!(self.entry.http_status));
        m.insert("detail".into(), Value::String(self.message()));
        m.insert("code".into(), Value::String(self.entry.code.clone()));
        m.insert(
            "category".into(),
            Value::String(cat.category_of(self.entry).key.clone()),
        );
        m.insert("retryable".into(), Value::Bool(self.entry.retryable));
        let taken: Vec<String> = m.keys().cloned().collect();
        let taken: Vec<&str> = taken.iter().map(String::as_str).collect();
        m.extend(self.extras(&taken));
        Value::Object(m)
    }
}

/// How a param value reads inside a message: strings bare, integers in decimal, numbers as
/// Rust's `f64` `Display` (`2`, `1.5`: what JavaScript's `String(n)` gives for the usual
/// values), booleans `true`/`false`.
pub fn display_value(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) if !n.is_i64() && !n.is_u64() => {
            n.as_f64().map_or_else(|| n.to_string(), |f| f.to_string())
        }
        other => other.to_string(),
    }
}

/// How a received value is classified (see the module doc): `"known"`, `"unknown"`,
/// `"retired"`, `"legacy"` or `"invalid"`, the reference of the generated parsers
/// (`Error::wire_kind`, TypeScript `parseWireError(x).kind`). Only exact wire codes count
/// as codes of the catalogue here; names and aliases do not.
pub fn wire_kind(cat: &Catalogue, value: &Value) -> &'static str {
    let Some(obj) = value.as_object() else {
        return "invalid";
    };
    let w = &cat.registry.wire;
    let is_live = |s: &str| {
        cat.errors
            .iter()
            .any(|e| e.code == s || e.legacy_codes.iter().any(|c| c == s))
    };
    let is_retired = |s: &str| cat.retired.iter().any(|r| r.code == s);
    let message_is_text = obj.get(&w.message).is_some_and(Value::is_string);
    match obj.get(&w.code).and_then(Value::as_str) {
        Some(s) if is_live(s) => "known",
        Some(s) if is_retired(s) => "retired",
        Some(_) if message_is_text => "unknown",
        _ if ["error", "message"]
            .iter()
            .any(|k| obj.get(*k).is_some_and(Value::is_string)) =>
        {
            "legacy"
        }
        _ => "invalid",
    }
}
