//! The reference renderings of an error instance: terminal text, wire object, MCP tool
//! result, JSON-RPC error, RFC 9457 problem details and the HTTP error response (the HTTP
//! profile and the reading of a response: [`http`]).
//!
//! This module *is* the contract of those shapes. The docs' example payloads and the test
//! vectors are produced here; the generated Rust crate and TypeScript module implement the
//! same rules, and tests prove they agree with this module value for value.
//!
//! Rules:
//! - wire: the reserved members (code, message, category and retryable when the registry
//!   names them, and the `details` object when extras nest) in the order the registry's
//!   `wire:` block lists them (unlisted ones after, in that default order); flat extras
//!   follow the reserved members. Extras are, in order: every param by name, `argument`,
//!   `constraint`, `suggestion` (each when present), then context entries. A context key never replaces a
//!   reserved key or an earlier extra (first writer wins).
//! - terminal: `CODE[ `argument`]: message`, then `  constraint: <value>` and
//!   `  hint: <suggestion>` lines when present; the value is compact JSON, or Python's
//!   `repr()` of it under `profiles.terminal.values: python` ([`crate::support::py_repr`]).
//! - MCP `CallToolResult` (the catalogue's `profiles.mcp_tool_error`): `content[0]` is the
//!   profile's text (default `{compact}`, the terminal text), `isError: true`, `resultType`
//!   when the profile has one (default `"complete"`, required since MCP 2026-07-28), then
//!   the profile's member (default `_meta`; `structuredContent` or any named member such as
//!   `errorData`) holding its facts in its order, each key under its prefix, the optional
//!   ones (argument, constraint, suggestion, example, `context.<key>`, `param.<name>`) left
//!   out when absent. The default facts: `code`, `category`, `retryable`, `expected`,
//!   `docs_url`, `suggestion`, `argument`, `constraint` under `registry.mcp_meta_prefix`.
//! - JSON-RPC error object (`profiles.jsonrpc_error`): `{code: jsonrpc_code, message: the
//!   profile's message (default `{message}`), data}` where `data` is the wire object (the
//!   default), the profile's facts, or absent.
//! - the `example` fact: the raise site's context `example`, else the `example:` of the
//!   param that `argument` names.
//! - params in messages: see [`display_value`] (a list's items joined by `", "`, an object
//!   as compact JSON).
//! - `expected` and the error type (class) are the raise site's when it set them, else the
//!   code's.
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

pub mod http;
pub use http::{
    HttpReading, HttpResponse, aip_reason, duration_ms, duration_text, google_status, imf_fixdate,
    read_http_response, retry_after_ms, retry_after_seconds,
};

use crate::ir::{
    Catalogue, ErrorEntry, Fact, JsonRpcData, Param, ParamType, ProfileField, Scalar, ValueStyle,
    WireField,
};
use crate::support::py_repr;
use crate::template::{Part, Template};

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
    /// Replaces the rendered message (a raise site that words it itself).
    pub message_override: Option<String>,
    /// Overrides the code's `expected` for this occurrence (a raise site that knows better).
    pub expected_override: Option<bool>,
    /// Overrides the code's error class for this occurrence (raised as the base class).
    pub error_type_override: Option<String>,
}

/// The value docs and test vectors use for a param: its `example:` when the catalogue
/// gives one, else the placeholder of its type ([`placeholder_value`]).
pub fn example_value(p: &Param) -> Value {
    p.example
        .clone()
        .unwrap_or_else(|| placeholder_value(&p.name, p.ty))
}

/// The placeholder of a param type: `"<name>"`, `42`, `1.5`, `true`; a list of one
/// placeholder item; an empty object.
pub fn placeholder_value(name: &str, ty: ParamType) -> Value {
    let scalar = |s: Scalar| match s {
        Scalar::String => Value::String(format!("<{name}>")),
        Scalar::Integer => json!(42),
        Scalar::Number => json!(1.5),
        Scalar::Boolean => json!(true),
    };
    match ty {
        ParamType::String => scalar(Scalar::String),
        ParamType::Integer => scalar(Scalar::Integer),
        ParamType::Number => scalar(Scalar::Number),
        ParamType::Boolean => scalar(Scalar::Boolean),
        ParamType::List(items) => Value::Array(vec![scalar(items)]),
        ParamType::Object => Value::Object(Map::new()),
    }
}

impl<'a> Instance<'a> {
    /// An instance with the example value of every param and nothing else.
    pub fn example(entry: &'a ErrorEntry) -> Self {
        Instance {
            entry,
            values: entry.params.iter().map(example_value).collect(),
            argument: None,
            constraint: None,
            suggestion_override: None,
            context: Vec::new(),
            message_override: None,
            expected_override: None,
            error_type_override: None,
        }
    }

    fn display_values(&self) -> Vec<String> {
        self.values.iter().map(display_value).collect()
    }

    pub fn message(&self) -> String {
        self.render_message(&self.display_values())
    }

    /// The message from already computed display values (the raise site's when it set one).
    fn render_message(&self, values: &[String]) -> String {
        match &self.message_override {
            Some(m) => m.clone(),
            None => self.entry.message.render(values),
        }
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
    pub fn terminal_text(&self, cat: &Catalogue) -> String {
        let values = self.display_values();
        let suggestion = self.suggestion_from(|| values.clone());
        self.terminal_text_with(cat, &self.render_message(&values), suggestion.as_deref())
    }

    /// The terminal form from an already rendered message and suggestion.
    fn terminal_text_with(
        &self,
        cat: &Catalogue,
        message: &str,
        suggestion: Option<&str>,
    ) -> String {
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
            match cat.profiles.terminal.values {
                ValueStyle::Json => s.push_str(&c.to_string()),
                ValueStyle::Python => py_repr::write_value(&mut s, c),
            }
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
        let reserved = w.reserved_keys();
        let mut extras = Some(self.extras(&reserved));
        let mut m = Map::new();
        for &field in &w.order {
            let Some(key) = w.key(field) else { continue };
            let value = match field {
                WireField::Code => Value::String(self.entry.code.clone()),
                WireField::Message => Value::String(self.message()),
                WireField::Category => Value::String(cat.category_of(self.entry).key.clone()),
                WireField::Retryable => Value::Bool(self.entry.retryable),
                WireField::Details => Value::Object(extras.take().unwrap_or_default()),
            };
            m.insert(key.to_string(), value);
        }
        // Flat extras (no details key) follow the reserved members.
        if let Some(flat) = extras {
            m.extend(flat);
        }
        Value::Object(m)
    }

    /// `expected` of this occurrence: the raise site's, else the code's.
    pub fn expected(&self) -> bool {
        self.expected_override.unwrap_or(self.entry.expected)
    }

    /// The error type (class) of this occurrence: the raise site's, else the code's.
    pub fn error_type(&self) -> &str {
        self.error_type_override
            .as_deref()
            .unwrap_or(&self.entry.class)
    }

    /// A profile text (`{message}`, `{compact}`, ... in [`TEXT_PLACEHOLDERS`] order).
    fn profile_text(
        &self,
        cat: &Catalogue,
        template: &Template,
        message: &str,
        suggestion: Option<&str>,
    ) -> String {
        let needs = |name: &str| {
            template
                .parts
                .iter()
                .any(|p| matches!(p, Part::Param { name: n, .. } if n == name))
        };
        let compact = if needs("compact") {
            self.terminal_text_with(cat, message, suggestion)
        } else {
            String::new()
        };
        let wire = if needs("wire") {
            self.wire(cat).to_string()
        } else {
            String::new()
        };
        template.render(&[
            message.to_string(),
            self.entry.code.clone(),
            self.entry.name.clone(),
            cat.category_of(self.entry).key.clone(),
            self.error_type().to_string(),
            suggestion.unwrap_or_default().to_string(),
            compact,
            wire,
        ])
    }

    /// One fact's value, `None` when this error does not have it.
    fn fact(
        &self,
        cat: &Catalogue,
        fact: &Fact,
        message: &str,
        suggestion: Option<&str>,
    ) -> Option<Value> {
        let text = |s: &str| Some(Value::String(s.to_string()));
        match fact {
            Fact::Code => text(&self.entry.code),
            Fact::Name => text(&self.entry.name),
            Fact::Category => text(&cat.category_of(self.entry).key),
            Fact::Retryable => Some(Value::Bool(self.entry.retryable)),
            Fact::Expected => Some(Value::Bool(self.expected())),
            Fact::ErrorType => text(self.error_type()),
            Fact::Message => text(message),
            Fact::Summary => text(&self.entry.summary),
            Fact::DocsUrl => text(&self.entry.docs_url),
            Fact::Argument => self.argument.as_deref().and_then(text),
            Fact::Constraint => self.constraint.clone(),
            Fact::Suggestion => suggestion.and_then(text),
            Fact::Example => self
                .context_value("example")
                .or_else(|| self.argument_example()),
            Fact::Params => Some(Value::Object(
                self.entry
                    .params
                    .iter()
                    .zip(&self.values)
                    .map(|(p, v)| (p.name.clone(), v.clone()))
                    .collect(),
            )),
            Fact::Context => {
                let mut m = Map::new();
                for (k, v) in &self.context {
                    if !m.contains_key(k) {
                        m.insert(k.clone(), v.clone());
                    }
                }
                Some(Value::Object(m))
            }
            Fact::Wire => Some(self.wire(cat)),
            Fact::ContextKey(k) => self.context_value(k),
            Fact::Param(name) => self
                .entry
                .params
                .iter()
                .position(|p| &p.name == name)
                .and_then(|i| self.values.get(i).cloned()),
        }
    }

    /// The `example:` of the param the argument names (the agent-CLI framework's
    /// `errorData.example` when the raise site gives none).
    fn argument_example(&self) -> Option<Value> {
        let argument = self.argument.as_deref()?;
        self.entry
            .params
            .iter()
            .find(|p| p.name == argument)
            .and_then(|p| p.example.clone())
    }

    /// The first context entry under `key`.
    fn context_value(&self, key: &str) -> Option<Value> {
        self.context
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    }

    /// The facts of a profile, in its order, each under `prefix` + its key.
    fn profile_fields(
        &self,
        cat: &Catalogue,
        fields: &[ProfileField],
        prefix: &str,
        message: &str,
        suggestion: Option<&str>,
    ) -> Map<String, Value> {
        let mut m = Map::new();
        for field in fields {
            if let Some(v) = self.fact(cat, &field.fact, message, suggestion) {
                let mut key = String::with_capacity(prefix.len() + field.key.len());
                key.push_str(prefix);
                key.push_str(&field.key);
                m.insert(key, v);
            }
        }
        m
    }

    pub fn mcp_tool_result(&self, cat: &Catalogue) -> Value {
        let profile = &cat.profiles.mcp_tool_error;
        let values = self.display_values();
        let message = self.render_message(&values);
        let suggestion = self.suggestion_from(|| values.clone());
        let text = self.profile_text(cat, &profile.text, &message, suggestion.as_deref());
        let data = self.profile_fields(
            cat,
            &profile.fields,
            &profile.prefix,
            &message,
            suggestion.as_deref(),
        );
        let mut m = Map::new();
        m.insert("content".into(), json!([{"type": "text", "text": text}]));
        m.insert("isError".into(), Value::Bool(true));
        if let Some(t) = &profile.result_type {
            m.insert("resultType".into(), Value::String(t.clone()));
        }
        m.insert(profile.data.member().to_string(), Value::Object(data));
        Value::Object(m)
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
        let profile = &cat.profiles.jsonrpc_error;
        let values = self.display_values();
        let message = self.render_message(&values);
        let suggestion = self.suggestion_from(|| values.clone());
        let mut m = Map::new();
        m.insert("code".into(), json!(self.entry.jsonrpc_code));
        m.insert(
            "message".into(),
            Value::String(self.profile_text(
                cat,
                &profile.message,
                &message,
                suggestion.as_deref(),
            )),
        );
        match &profile.data {
            JsonRpcData::Wire => {
                m.insert("data".into(), self.wire(cat));
            }
            JsonRpcData::Omitted => {}
            JsonRpcData::Fields(fields) => {
                m.insert(
                    "data".into(),
                    Value::Object(self.profile_fields(
                        cat,
                        fields,
                        "",
                        &message,
                        suggestion.as_deref(),
                    )),
                );
            }
        }
        Value::Object(m)
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
/// values), booleans `true`/`false`; a list as its items' display forms joined by `", "`;
/// an object (and `null`) as compact JSON.
pub fn display_value(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) if !n.is_i64() && !n.is_u64() => {
            n.as_f64().map_or_else(|| n.to_string(), |f| f.to_string())
        }
        Value::Array(items) => items
            .iter()
            .map(display_value)
            .collect::<Vec<_>>()
            .join(", "),
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

#[cfg(test)]
mod tests {
    use super::*;

    const CATALOGUE: &str = "errdex: 1
registry: {name: t}
categories:
  invalid: {summary: Bad}
profiles:
  mcp_tool_error:
    text: \"Error: {message}\"
    data: errorData
    fields: {argument: argument, example: example}
errors:
  PHASE_INVALID:
    category: invalid
    summary: S
    message: \"{phase} is not one of {phases} ({limits})\"
    params:
      phase: {type: string, example: shipped}
      phases: {type: list, items: string, example: [draft, review]}
      limits: {type: object, example: {max: 3}}
";

    fn catalogue() -> Catalogue {
        let loaded = crate::load_str(CATALOGUE, "errors.yaml");
        loaded
            .catalogue
            .unwrap_or_else(|| panic!("{:?}", loaded.diagnostics))
    }

    #[test]
    fn examples_lists_and_objects_render_in_messages() {
        let cat = catalogue();
        let ex = Instance::example(&cat.errors[0]);
        assert_eq!(ex.values[1], json!(["draft", "review"]));
        assert_eq!(
            ex.message(),
            "shipped is not one of draft, review ({\"max\":3})"
        );
    }

    #[test]
    fn the_example_fact_falls_back_to_the_argument_param_example() {
        let cat = catalogue();
        let mut inst = Instance::example(&cat.errors[0]);
        let data = |inst: &Instance| inst.mcp_tool_result(&cat)["errorData"].clone();
        assert_eq!(data(&inst), json!({}), "no argument, no example");
        inst.argument = Some("phases".into());
        assert_eq!(
            data(&inst),
            json!({"argument": "phases", "example": ["draft", "review"]})
        );
        inst.context = vec![("example".into(), json!("x"))];
        assert_eq!(data(&inst)["example"], json!("x"), "the raise site's first");
        inst.argument = Some("other".into());
        inst.context.clear();
        assert_eq!(data(&inst), json!({"argument": "other"}));
    }
}
