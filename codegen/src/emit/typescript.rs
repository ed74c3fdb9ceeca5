//! Emitter: the TypeScript target, an installable ES module package.
//!
//! Files (relative to the target directory, `generated/ts/` by default):
//!
//! - `index.js`: the runtime, a plain ES module that Node imports without a build step;
//! - `index.d.ts`: its types (`tsc --strict` clean; literal types per code);
//! - `package.json`: `"type": "module"`, `exports` with `types`, the npm name derived from the
//!   registry (`<name>-errors`);
//! - `tsconfig.json`: lets `tsc -p <dir>` type-check the declarations strictly.
//!
//! Why `.js` + `.d.ts` rather than one `.ts` file: consumers need no build step (Node 20
//! cannot import `.ts`), the package works from plain JavaScript, and the declarations are
//! checked by `tsc --noEmit --strict` exactly as a consumer's compiler sees them.
//!
//! Escaping is on purpose: the askama escaper for `.ts`/`.js` templates ([`JsString`])
//! escapes every interpolated value for the inside of a double-quoted string literal, so a
//! value that reaches code unmarked can never inject; catalogue text is written as JSON
//! literals through `{{ x.js()|safe }}` ([`JsLiteral`]: the bytes of askama's `|json`, which
//! also escapes `<`, `>`, `&` and `'`, so `</script>` is harmless) and as JSDoc through [`doc_comment`], which neutralises `*/`.
//! Object keys built from catalogue strings are computed (`[“…”]: …`) in `index.js`, so a
//! code named `__proto__` defines a property instead of replacing the prototype.

use std::collections::HashMap;
use std::fmt::{self, Write};

use askama::Template;
use serde_json::{Value, json};

use crate::ir::{
    Catalogue, ErrorEntry, JsonRpcData, Param, ParamType, ProfileField, Retry, Scalar, ValueStyle,
};
use crate::names;
use crate::support::doc_table::{cell, code};
use crate::support::facts::{self, FactValue};
use crate::support::header::header_text;
use crate::support::py_repr;
use crate::support::text::escape_controls;

/// The askama escaper of `.ts` and `.js` templates: makes any text safe inside a
/// double-quoted JavaScript string literal (and inert in a `//` comment). Identifiers and
/// numbers pass through unchanged.
#[derive(Debug, Clone, Copy)]
pub struct JsString;

impl askama::filters::Escaper for JsString {
    fn write_escaped_str<W: Write>(&self, mut dest: W, string: &str) -> fmt::Result {
        for c in string.chars() {
            match c {
                '"' => dest.write_str("\\\"")?,
                '\\' => dest.write_str("\\\\")?,
                '\n' => dest.write_str("\\n")?,
                '\r' => dest.write_str("\\r")?,
                '\t' => dest.write_str("\\t")?,
                '<' => dest.write_str("\\u003c")?,
                '`' => dest.write_str("\\u0060")?,
                '$' => dest.write_str("\\u0024")?,
                c if c.is_control() || c == '\u{2028}' || c == '\u{2029}' => {
                    write!(dest, "\\u{:04x}", c as u32)?
                }
                c => dest.write_char(c)?,
            }
        }
        Ok(())
    }
}

/// A JavaScript literal of a catalogue value, written by the templates as
/// `{{ x.js()|safe }}`: exactly what askama's `|json` filter writes (compact JSON with `<`,
/// `>`, `&` and `'` as `\u003c`, `\u003e`, `\u0026`, `\u0027`, so `</script>` is inert),
/// without going through serde and an `io::Write` adapter per value (the module has about
/// twenty literals per code, and `errdex generate` runs in every build). The
/// `js_literals_match_askama_json` property test pins it to askama's filter.
pub trait JsLiteral {
    fn write_js(&self, out: &mut dyn Write) -> fmt::Result;

    fn js(&self) -> Js<'_, Self> {
        Js(self)
    }
}

/// [`JsLiteral::js`]: displays as the literal.
#[derive(Debug)]
pub struct Js<'a, T: ?Sized>(&'a T);

impl<T: JsLiteral + ?Sized> fmt::Display for Js<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_js(f)
    }
}

/// Per byte: what replaces it inside a literal (empty: written as is).
fn js_escape(b: u8) -> &'static str {
    match b {
        b'"' => "\\\"",
        b'\\' => "\\\\",
        b'\n' => "\\n",
        b'\r' => "\\r",
        b'\t' => "\\t",
        0x08 => "\\b",
        0x0c => "\\f",
        b'<' => "\\u003c",
        b'>' => "\\u003e",
        b'&' => "\\u0026",
        b'\'' => "\\u0027",
        _ => "",
    }
}

impl JsLiteral for str {
    fn write_js(&self, out: &mut dyn Write) -> fmt::Result {
        out.write_char('"')?;
        let mut run = 0;
        for (i, b) in self.bytes().enumerate() {
            let esc = js_escape(b);
            if esc.is_empty() && b >= 0x20 {
                continue;
            }
            out.write_str(&self[run..i])?;
            if esc.is_empty() {
                write!(out, "\\u{b:04x}")?;
            } else {
                out.write_str(esc)?;
            }
            run = i + 1;
        }
        out.write_str(&self[run..])?;
        out.write_char('"')
    }
}

impl JsLiteral for String {
    fn write_js(&self, out: &mut dyn Write) -> fmt::Result {
        self.as_str().write_js(out)
    }
}

impl<T: JsLiteral> JsLiteral for Option<T> {
    fn write_js(&self, out: &mut dyn Write) -> fmt::Result {
        match self {
            Some(v) => v.write_js(out),
            None => out.write_str("null"),
        }
    }
}

impl<T: JsLiteral> JsLiteral for [T] {
    fn write_js(&self, out: &mut dyn Write) -> fmt::Result {
        out.write_char('[')?;
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                out.write_char(',')?;
            }
            v.write_js(out)?;
        }
        out.write_char(']')
    }
}

impl<T: JsLiteral> JsLiteral for Vec<T> {
    fn write_js(&self, out: &mut dyn Write) -> fmt::Result {
        self.as_slice().write_js(out)
    }
}

impl JsLiteral for Value {
    fn write_js(&self, out: &mut dyn Write) -> fmt::Result {
        match self {
            Value::Null => out.write_str("null"),
            Value::Bool(b) => out.write_str(if *b { "true" } else { "false" }),
            Value::Number(n) => write!(out, "{n}"),
            Value::String(s) => s.write_js(out),
            Value::Array(a) => a.write_js(out),
            Value::Object(m) => {
                out.write_char('{')?;
                for (i, (k, v)) in m.iter().enumerate() {
                    if i > 0 {
                        out.write_char(',')?;
                    }
                    k.write_js(out)?;
                    out.write_char(':')?;
                    v.write_js(out)?;
                }
                out.write_char('}')
            }
        }
    }
}

/// A JSDoc block (`/** … */`) indented by `indent`, one ` * ` line per text line. `*/` can
/// never close the comment early, a line starting with `@` cannot become a tag, and control
/// characters (CR, bidi overrides stay visible as they are printable) are replaced.
pub fn doc_comment(lines: &[String], indent: &str) -> String {
    let mut out = String::with_capacity(64 + lines.iter().map(|l| l.len() + 8).sum::<usize>());
    out.push_str(indent);
    out.push_str("/**\n");
    for line in lines.iter().flat_map(|l| l.split('\n')) {
        let clean = comment_safe(line);
        let clean = match clean.trim_start().strip_prefix('@') {
            Some(rest) => std::borrow::Cow::Owned(format!("\\@{rest}")),
            None => clean,
        };
        let clean = clean.trim_end();
        out.push_str(indent);
        if clean.is_empty() {
            out.push_str(" *\n");
        } else {
            out.push_str(" * ");
            out.push_str(clean);
            out.push('\n');
        }
    }
    out.push_str(indent);
    out.push_str(" */");
    out
}

/// Controls (and U+2028/U+2029) → spaces, `*/` → `*\/`, `</` → `<\/`: text that can sit in
/// a comment without ending it. Borrowed when nothing changes (the usual case).
fn comment_safe(s: &str) -> std::borrow::Cow<'_, str> {
    let plain = s.bytes().all(|b| (0x20..0x7f).contains(&b))
        || !s
            .chars()
            .any(|c| c.is_control() || c == '\u{2028}' || c == '\u{2029}');
    if plain && !s.contains("*/") && !s.contains("</") {
        return std::borrow::Cow::Borrowed(s);
    }
    let spaced: String = s
        .chars()
        .map(|c| {
            if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
                ' '
            } else {
                c
            }
        })
        .collect();
    std::borrow::Cow::Owned(spaced.replace("*/", "*\\/").replace("</", "<\\/"))
}

/// Catalogue text on one line for a `//` comment: line breaks and controls become spaces.
fn one_line(s: &str) -> String {
    comment_safe(s).into_owned()
}

/// Characters that are invisible or reorder text (Trojan Source, CVE-2021-42574), and the
/// two that end a `//` comment in JavaScript: written as `\uXXXX` wherever they occur. They
/// can only come from catalogue text, which sits in string literals (where the escape means
/// the same string) or in comments (where it shows the character instead of hiding it).
fn escape_invisible(text: String) -> String {
    let needs = crate::support::text::is_invisible;
    // Every such character starts with the byte D8, E2 or EF (never a continuation
    // byte), so only those positions need decoding.
    // Whole ASCII blocks (nearly all of the module) are skipped with `is_ascii`.
    const BLOCK: usize = 64;
    let bytes = text.as_bytes();
    let found = bytes.chunks(BLOCK).enumerate().any(|(n, chunk)| {
        !chunk.is_ascii()
            && chunk.iter().enumerate().any(|(i, &b)| {
                matches!(b, 0xd8 | 0xe2 | 0xef)
                    && text[n * BLOCK + i..].chars().next().is_some_and(needs)
            })
    });
    if !found {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if needs(c) {
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

/// Backticks would end a Markdown code span in JSDoc: shown as `'` instead.
fn code_span(s: &str) -> String {
    let s = comment_safe(s);
    if s.contains('`') {
        s.replace('`', "'")
    } else {
        s.into_owned()
    }
}

/// A union of string literal types, `never` when empty.
fn union<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    let parts: Vec<String> = items.into_iter().map(json_literal).collect();
    if parts.is_empty() {
        "never".to_string()
    } else {
        parts.join(" | ")
    }
}

/// A JSON string literal, with `<`, `>`, `&`, `'` escaped like askama's `|json`.
fn json_literal(s: &str) -> String {
    let mut out = String::new();
    for c in Value::String(s.to_string()).to_string().chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\'' => out.push_str("\\u0027"),
            c => out.push(c),
        }
    }
    out
}

/// Retry advice as the TS module shows it (camelCase, `null` for what was not given).
pub fn retry_json(r: &Option<Retry>) -> Value {
    match r {
        None => Value::Null,
        Some(r) => json!({
            "maxAttempts": r.max_attempts,
            "initialBackoffMs": r.initial_backoff_ms,
            "advice": r.advice,
        }),
    }
}

/// A param's TypeScript type: `string`, `number`, `boolean`, `readonly string[]`…, an
/// object param's type from its schema (`Readonly<Record<string, unknown>>` without one).
fn ts_param_type(p: &Param) -> String {
    let scalar = |s: Scalar| match s {
        Scalar::String => "string",
        Scalar::Integer | Scalar::Number => "number",
        Scalar::Boolean => "boolean",
    };
    match p.ty {
        ParamType::String => "string".into(),
        ParamType::Integer | ParamType::Number => "number".into(),
        ParamType::Boolean => "boolean".into(),
        ParamType::List(items) => format!("readonly {}[]", scalar(items)),
        ParamType::Object => match &p.schema {
            Some(schema) if schema.get("properties").is_some() => ts_schema_type(schema),
            _ => ANY_OBJECT.into(),
        },
    }
}

/// A param's `ParamInfo`: name, type, a list's `items`, the `example` when given.
fn param_info(p: &Param) -> Value {
    let mut m = serde_json::Map::new();
    m.insert("name".into(), json!(p.name));
    m.insert("type".into(), json!(p.ty.as_str()));
    if let Some(items) = p.ty.items() {
        m.insert("items".into(), json!(items.as_str()));
    }
    if let Some(example) = &p.example {
        m.insert("example".into(), example.clone());
    }
    Value::Object(m)
}

/// The type of an object param without described properties.
const ANY_OBJECT: &str = "Readonly<Record<string, unknown>>";

/// The TypeScript type of a value a small JSON Schema describes (type, properties, items,
/// required, enum): an `enum` is a union of its literals; objects with properties list
/// them `readonly`, optional unless `required`.
fn ts_schema_type(schema: &Value) -> String {
    if let Some(Value::Array(values)) = schema.get("enum") {
        let literals: Vec<String> = values.iter().map(json_literal_value).collect();
        return if literals.is_empty() {
            "never".into()
        } else {
            literals.join(" | ")
        };
    }
    let types: Vec<&str> = match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ if schema.get("properties").is_some() => vec!["object"],
        _ if schema.get("items").is_some() => vec!["array"],
        _ => Vec::new(),
    };
    if types.is_empty() {
        return "unknown".into();
    }
    let one = |t: &str| match t {
        "string" => "string".to_string(),
        "integer" | "number" => "number".into(),
        "boolean" => "boolean".into(),
        "null" => "null".into(),
        "array" => match schema.get("items") {
            Some(items) => {
                let inner = ts_schema_type(items);
                if inner.contains(' ') {
                    format!("readonly ({inner})[]")
                } else {
                    format!("readonly {inner}[]")
                }
            }
            None => "readonly unknown[]".into(),
        },
        _ => match schema.get("properties").and_then(Value::as_object) {
            Some(props) if !props.is_empty() => {
                let required: Vec<&str> = match schema.get("required") {
                    Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
                    _ => Vec::new(),
                };
                let fields: Vec<String> = props
                    .iter()
                    .map(|(k, v)| {
                        let optional = if required.contains(&k.as_str()) {
                            ""
                        } else {
                            "?"
                        };
                        format!(
                            "readonly {}{optional}: {}",
                            json_literal(k),
                            ts_schema_type(v)
                        )
                    })
                    .collect();
                format!("{{ {} }}", fields.join("; "))
            }
            _ => ANY_OBJECT.into(),
        },
    };
    types.into_iter().map(one).collect::<Vec<_>>().join(" | ")
}

/// A JSON value as a TypeScript literal type (strings safe inside a script tag).
fn json_literal_value(v: &Value) -> String {
    match v {
        Value::String(s) => json_literal(s),
        other => other.to_string(),
    }
}

#[derive(Debug)]
struct RegistryView {
    name: String,
    title: String,
    npm_name: String,
    mcp_meta_prefix: String,
    /// The base error class (`registry.class`).
    class: String,
}

#[derive(Debug)]
struct WireView {
    code: String,
    message: String,
    category: Option<String>,
    retryable: Option<String>,
    details: Option<String>,
    /// The reserved members' order on the wire, by role (`"code"`, `"message"`, ...).
    order: Vec<String>,
}

#[derive(Debug)]
struct CategoryView {
    key: String,
    summary: String,
    retryable: bool,
    retry: Value,
    exit_code: u8,
    http_status: u16,
    jsonrpc_code: i32,
    expected: bool,
    doc: String,
}

#[derive(Debug)]
struct NamespaceView {
    key: String,
    title: String,
    summary: Option<String>,
    code_prefix: Option<String>,
    doc: String,
    /// The namespace's own error class, if it declares one.
    class: Option<String>,
}

#[derive(Debug)]
struct ParamView {
    name: String,
    ts_type: String,
}

#[derive(Debug)]
struct EntryView {
    code: String,
    code_doc: String,
    name: String,
    ts_key: String,
    namespace: Option<String>,
    category: String,
    summary: String,
    message: String,
    params: Vec<ParamView>,
    params_json: Value,
    suggestion: Option<String>,
    retryable: bool,
    retry: Value,
    exit_code: u8,
    http_status: u16,
    jsonrpc_code: i32,
    expected: bool,
    docs_url: String,
    since: Option<String>,
    deprecated: Value,
    deprecated_doc: Option<String>,
    aliases: Vec<String>,
    legacy_codes: Vec<String>,
    doc: String,
    /// Index into the facts sets.
    facts: usize,
    /// `XxxParams`, or `NoParameters` for a code without params.
    params_type: String,
    /// The shared params type `XxxParams` names: `CodeParamsN`, or `NoParameters`.
    params_shape: String,
    /// The code's error class (resolved: the code's, its namespace's, the registry's).
    class: String,
}

/// One set of literal facts shared by codes (`CodeFactsN` in the declarations).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct FactsView {
    category: String,
    retryable: bool,
    expected: bool,
    exit_code: u8,
    http_status: u16,
    jsonrpc_code: i32,
    class: String,
}

/// An error class the module declares: `export class FormError extends MiloError`.
#[derive(Debug)]
struct ClassView {
    name: String,
    parent: String,
    doc: String,
}

/// The catalogue's profiles, as the module interprets them at runtime (`PROFILES`).
#[derive(Debug)]
struct ProfilesView {
    mcp_text: String,
    /// The result member holding the facts (`_meta`, `structuredContent`, `errorData`).
    mcp_member: String,
    mcp_prefix: String,
    mcp_result_type: Option<String>,
    /// `[{key, fact}, ...]`.
    mcp_fields: Value,
    jsonrpc_message: String,
    /// `"wire"`, `null`, or `[{key, fact}, ...]`.
    jsonrpc_data: Value,
    /// The TypeScript type of `PROFILES.jsonrpcError.data`.
    jsonrpc_data_type: &'static str,
    /// `wire`, `omitted` or `fields`.
    jsonrpc_data_kind: &'static str,
    /// `profiles.terminal.values: python`: the terminal form prints the constraint as
    /// Python's repr.
    terminal_python: bool,
    /// [`py_repr::NON_PRINTABLE`] as a JavaScript array of `[lo, hi]` pairs.
    non_printable: String,
}

fn fields_json(fields: &[ProfileField]) -> Value {
    Value::Array(
        fields
            .iter()
            .map(|f| json!({"key": f.key, "fact": f.fact.spelling()}))
            .collect(),
    )
}

fn profiles_view(cat: &Catalogue) -> ProfilesView {
    let mcp = &cat.profiles.mcp_tool_error;
    let rpc = &cat.profiles.jsonrpc_error;
    let (jsonrpc_data, jsonrpc_data_type, jsonrpc_data_kind) = match &rpc.data {
        JsonRpcData::Wire => (json!("wire"), "\"wire\"", "wire"),
        JsonRpcData::Omitted => (Value::Null, "null", "omitted"),
        JsonRpcData::Fields(f) => (fields_json(f), "readonly ProfileField[]", "fields"),
    };
    ProfilesView {
        mcp_text: mcp.text.raw.clone(),
        mcp_member: mcp.data.member().to_string(),
        mcp_prefix: mcp.prefix.clone(),
        mcp_result_type: mcp.result_type.clone(),
        mcp_fields: fields_json(&mcp.fields),
        jsonrpc_message: rpc.message.raw.clone(),
        jsonrpc_data,
        jsonrpc_data_type,
        jsonrpc_data_kind,
        terminal_python: cat.profiles.terminal.values == ValueStyle::Python,
        non_printable: format!(
            "[{}]",
            py_repr::NON_PRINTABLE
                .iter()
                .map(|(lo, hi)| format!("[0x{lo:x}, 0x{hi:x}]"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The TypeScript name of the generic error class every code falls back to.
const APP_ERROR: &str = "AppError";

/// The generic root's name when a catalogue's own class below the base is `AppError` (the
/// agent-CLI framework's APP subsystem): the catalogue's name wins, the root steps aside.
const APP_ERROR_TAKEN: &str = "ErrdexError";

/// The name of the module's generic root class: `AppError`, unless a class of the catalogue
/// other than its base class takes that name.
fn root_class(cat: &Catalogue) -> &'static str {
    let taken = cat
        .namespaces
        .iter()
        .filter_map(|n| n.class.as_deref())
        .chain(cat.errors.iter().map(|e| e.class.as_str()))
        .any(|c| c == APP_ERROR && c != cat.registry.class);
    if taken { APP_ERROR_TAKEN } else { APP_ERROR }
}

/// Every error class name in first-use order (the registry's base class, then the classes of
/// the namespaces and codes), and the classes the module declares (all but the root class
/// [`root_class`], which is the base class itself when the registry is named `app`).
fn classes(cat: &Catalogue) -> (Vec<String>, Vec<ClassView>) {
    let root = root_class(cat);
    let base = &cat.registry.class;
    let mut names: Vec<String> = vec![base.clone()];
    let used = cat
        .namespaces
        .iter()
        .filter_map(|n| n.class.as_ref())
        .chain(cat.errors.iter().map(|e| &e.class));
    for c in used {
        if !names.contains(c) {
            names.push(c.clone());
        }
    }
    let views = names
        .iter()
        .filter(|n| n.as_str() != root)
        .map(|n| {
            let (parent, line) = if n == base {
                (
                    root.to_string(),
                    "The base error class of this registry: every error `createError` returns is one."
                        .to_string(),
                )
            } else {
                (
                    base.clone(),
                    format!("Error class `{n}`: `createError` returns one for the codes of this class."),
                )
            };
            ClassView {
                name: n.clone(),
                parent,
                doc: doc_comment(&[line], ""),
            }
        })
        .collect();
    (names, views)
}

/// Codes that share facts and params: one member of the `KnownError` and `WireError` unions.
#[derive(Debug)]
struct GroupView {
    /// `"A" | "B" | …`
    codes: String,
    /// Index into the facts sets.
    facts: usize,
    /// `CodeParamsN`, or `NoParameters`.
    params: String,
}

/// Params shared by codes (`CodeParamsN` in the declarations).
#[derive(Debug)]
struct ShapeView {
    params: Vec<ParamView>,
}

#[derive(Debug)]
struct RetiredView {
    code: String,
    name: Option<String>,
    since: Option<String>,
    note: Option<String>,
}

#[derive(Template)]
#[template(path = "ts/index.js")]
struct IndexJs<'a> {
    header: &'a str,
    title_comment: &'a str,
    registry: &'a RegistryView,
    wire: &'a WireView,
    categories: &'a [CategoryView],
    namespaces: &'a [NamespaceView],
    errors: &'a [EntryView],
    retired: &'a [RetiredView],
    classes: &'a [ClassView],
    class_names: &'a [String],
    root_class: &'a str,
    profiles: &'a ProfilesView,
}

#[derive(Template)]
#[template(path = "ts/index.d.ts")]
struct IndexDts<'a> {
    header: &'a str,
    title_comment: &'a str,
    registry: &'a RegistryView,
    wire: &'a WireView,
    categories: &'a [CategoryView],
    namespaces: &'a [NamespaceView],
    errors: &'a [EntryView],
    category_union: String,
    namespace_union: String,
    retired_union: String,
    facts: &'a [FactsView],
    shapes: &'a [ShapeView],
    groups: &'a [GroupView],
    known_union: String,
    wire_union: String,
    example_key: String,
    example_code: String,
    classes: &'a [ClassView],
    class_names: &'a [String],
    root_class: &'a str,
    class_union: String,
    profiles: &'a ProfilesView,
}

fn entry_doc(
    cat: &Catalogue,
    facts_of: &facts::Facts<'_>,
    e: &ErrorEntry,
) -> (String, Option<String>) {
    let mut lines = vec![format!("`{}` — {}", code_span(&e.code), e.summary)];
    lines.push(String::new());
    lines.push(format!("Message: `{}`", code_span(&e.message.raw)));
    lines.push(String::new());
    lines.push(facts::sentence(&facts_of.of(e), |value| match value {
        FactValue::Words(w) => w.clone(),
        FactValue::Code(c) => format!("`{}`", code_span(c)),
        FactValue::Codes(cs) => cs
            .iter()
            .map(|c| format!("`{}`", code_span(c)))
            .collect::<Vec<_>>()
            .join(", "),
        FactValue::Text(t) | FactValue::Url(t) => one_line(t),
        FactValue::Category(c) => format!("`{}`", code_span(&c.key)),
        FactValue::Namespace(n) => format!("`{}`", code_span(&n.key)),
        FactValue::Retry { limits, advice } => facts::retry_text(limits, *advice, one_line),
    }));
    let deprecated = e.deprecated.as_ref().map(|d| {
        let mut text = String::new();
        if let Some(s) = &d.since {
            let _ = write!(text, "since {}", one_line(s));
        }
        if let Some(r) = d.replaced_by {
            let sep = if text.is_empty() { "" } else { "; " };
            let _ = write!(text, "{sep}use `{}`", code_span(&cat.errors[r].code));
        }
        if let Some(n) = &d.note {
            let sep = if text.is_empty() { "" } else { ": " };
            let _ = write!(text, "{sep}{}", one_line(n));
        }
        text
    });
    let mut doc = doc_comment(&lines, "  ");
    if let Some(d) = &deprecated {
        // The tag is added here, after escaping: catalogue text itself cannot start a tag.
        let tag = format!("\n   * @deprecated {d}").trim_end().to_string();
        doc.truncate(doc.len() - "\n   */".len());
        doc.push_str(&tag);
        doc.push_str("\n   */");
    }
    (doc, deprecated)
}

/// Shares types between codes so that `tsc` stays fast on large catalogues (at 10,000 codes,
/// per-code literal object types made `tsc` 20× slower than a plain const object): codes with
/// equal facts point at one `CodeFactsN` interface, codes with equal params at one
/// `CodeParamsN` interface, and codes with equal facts and params form one group: one
/// `CodeTypesN` interface (facts and params), one `CodeGroupN` union of its codes, and one
/// member of the `KnownError`/`WireError` unions. `TypesByCode` maps every code to its group's
/// types through the groups (no per-code line), and `ErrorCode` is its keys. Narrowing on the
/// code still yields each code's exact params and facts. Everything is in first-seen
/// catalogue order, so the output is deterministic.
fn group_codes(
    cat: &Catalogue,
    errors: &mut [EntryView],
) -> (
    Vec<FactsView>,
    Vec<ShapeView>,
    Vec<GroupView>,
    String,
    String,
) {
    let mut facts: Vec<FactsView> = Vec::new();
    let mut facts_index: HashMap<FactsView, usize> = HashMap::new();
    let mut shapes: Vec<ShapeView> = Vec::new();
    let mut shape_index: HashMap<Vec<(&str, String)>, usize> = HashMap::new();
    // (facts, deprecated, params signature) → group index. Deprecated codes get groups of
    // their own, so that narrowing to a live code never shows a deprecated code's type.
    type GroupKey<'a> = (usize, bool, Vec<(&'a str, String)>);
    let mut group_index: HashMap<GroupKey, usize> = HashMap::new();
    let mut members: Vec<(Vec<&str>, usize, String)> = Vec::new();
    for (e, view) in cat.errors.iter().zip(errors.iter_mut()) {
        let f = FactsView {
            category: cat.category_of(e).key.clone(),
            retryable: e.retryable,
            expected: e.expected,
            exit_code: e.exit_code,
            http_status: e.http_status,
            jsonrpc_code: e.jsonrpc_code,
            class: e.class.clone(),
        };
        let fi = *facts_index.entry(f.clone()).or_insert_with(|| {
            facts.push(f);
            facts.len() - 1
        });
        view.facts = fi;
        let signature: Vec<(&str, String)> = e
            .params
            .iter()
            .map(|p| (p.name.as_str(), ts_param_type(p)))
            .collect();
        // The params as a structural type shared by every code with the same params: the
        // code's `XxxParams` names it.
        let params = if e.params.is_empty() {
            names::TS_NO_PARAMS.to_string()
        } else {
            let si = *shape_index.entry(signature.clone()).or_insert_with(|| {
                shapes.push(ShapeView {
                    params: e
                        .params
                        .iter()
                        .map(|p| ParamView {
                            name: p.name.clone(),
                            ts_type: ts_param_type(p),
                        })
                        .collect(),
                });
                shapes.len() - 1
            });
            format!("CodeParams{si}")
        };
        view.params_shape = params.clone();
        let gi = *group_index
            .entry((fi, e.deprecated.is_some(), signature))
            .or_insert_with(|| {
                members.push((Vec::new(), fi, params));
                members.len() - 1
            });
        members[gi].0.push(e.code.as_str());
    }
    let groups: Vec<GroupView> = members
        .iter()
        .map(|(codes, facts, params)| GroupView {
            codes: union(codes.iter().copied()),
            facts: *facts,
            params: params.clone(),
        })
        .collect();
    let member_union = |generic: &str| {
        if members.is_empty() {
            return " never".to_string();
        }
        let mut s = String::new();
        for (i, (_, _, params)) in members.iter().enumerate() {
            let _ = write!(s, "\n  | {generic}<CodeGroup{i}, {params}>");
        }
        s
    };
    let known = member_union("KnownErrorOf");
    let wire = member_union("WireErrorOf");
    (facts, shapes, groups, known, wire)
}

/// Files of this target: (path relative to the target's directory, contents).
pub fn emit(cat: &Catalogue) -> Vec<(String, String)> {
    let header = header_text(&cat.source_name);
    let title_comment = one_line(&cat.registry.title);
    let registry = RegistryView {
        name: cat.registry.name.clone(),
        title: cat.registry.title.clone(),
        npm_name: cat.registry.npm_name.clone(),
        mcp_meta_prefix: cat.registry.mcp_meta_prefix.clone(),
        class: cat.registry.class.clone(),
    };
    let w = &cat.registry.wire;
    let wire = WireView {
        code: w.code.clone(),
        message: w.message.clone(),
        category: w.category.clone(),
        retryable: w.retryable.clone(),
        details: w.details.clone(),
        order: w.order.iter().map(|f| f.as_str().to_string()).collect(),
    };
    let categories: Vec<CategoryView> = cat
        .categories
        .iter()
        .map(|c| CategoryView {
            key: c.key.clone(),
            summary: c.summary.clone(),
            retryable: c.retryable,
            retry: retry_json(&c.retry),
            exit_code: c.exit_code,
            http_status: c.http_status,
            jsonrpc_code: c.jsonrpc_code,
            expected: c.expected,
            doc: doc_comment(std::slice::from_ref(&c.summary), "  "),
        })
        .collect();
    let namespaces: Vec<NamespaceView> = cat
        .namespaces
        .iter()
        .map(|n| {
            let mut lines = vec![n.title.clone()];
            if let Some(s) = &n.summary {
                lines.push(String::new());
                lines.push(s.clone());
            }
            NamespaceView {
                key: n.key.clone(),
                title: n.title.clone(),
                summary: n.summary.clone(),
                code_prefix: n.code_prefix.clone(),
                doc: doc_comment(&lines, "  "),
                class: n.class.clone(),
            }
        })
        .collect();
    let facts_of = facts::Facts::new(cat);
    let mut errors: Vec<EntryView> = cat
        .errors
        .iter()
        .map(|e| {
            let (doc, deprecated_doc) = entry_doc(cat, &facts_of, e);
            EntryView {
                code: e.code.clone(),
                code_doc: code_span(&e.code),
                name: e.name.clone(),
                ts_key: e.ids.ts.key.clone(),
                namespace: cat.namespace_of(e).map(|n| n.key.clone()),
                category: cat.category_of(e).key.clone(),
                summary: e.summary.clone(),
                message: e.message.raw.clone(),
                params: e
                    .params
                    .iter()
                    .map(|p| ParamView {
                        name: p.name.clone(),
                        ts_type: ts_param_type(p),
                    })
                    .collect(),
                params_json: Value::Array(e.params.iter().map(param_info).collect()),
                suggestion: e.suggestion.as_ref().map(|s| s.raw.clone()),
                retryable: e.retryable,
                retry: retry_json(&e.retry),
                exit_code: e.exit_code,
                http_status: e.http_status,
                jsonrpc_code: e.jsonrpc_code,
                expected: e.expected,
                docs_url: e.docs_url.clone(),
                since: e.since.clone(),
                deprecated: match &e.deprecated {
                    None => Value::Null,
                    Some(d) => json!({
                        "since": d.since,
                        "replacedBy": d.replaced_by.map(|i| cat.errors[i].code.clone()),
                        "note": d.note,
                    }),
                },
                deprecated_doc,
                aliases: e.aliases.clone(),
                legacy_codes: e.legacy_codes.clone(),
                doc,
                facts: 0,
                params_shape: String::new(),
                params_type: names::ts_params_type(&e.ids.ts.type_name, !e.params.is_empty()),
                class: e.class.clone(),
            }
        })
        .collect();
    let (facts, shapes, groups, known_union, wire_union) = group_codes(cat, &mut errors);
    let retired: Vec<RetiredView> = cat
        .retired
        .iter()
        .map(|r| RetiredView {
            code: r.code.clone(),
            name: r.name.clone(),
            since: r.since.clone(),
            note: r.note.clone(),
        })
        .collect();

    let (class_names, class_views) = classes(cat);
    let profiles = profiles_view(cat);
    let js = IndexJs {
        header: &header,
        title_comment: &title_comment,
        registry: &registry,
        wire: &wire,
        categories: &categories,
        namespaces: &namespaces,
        errors: &errors,
        retired: &retired,
        classes: &class_views,
        class_names: &class_names,
        root_class: root_class(cat),
        profiles: &profiles,
    };
    let (example_key, example_code) = cat
        .errors
        .first()
        .map(|e| (e.ids.ts.key.clone(), e.code.clone()))
        .unwrap_or_else(|| ("NAME".into(), "CODE".into()));
    let example_key_raw = example_key.clone();
    let dts = IndexDts {
        header: &header,
        title_comment: &title_comment,
        registry: &registry,
        wire: &wire,
        categories: &categories,
        namespaces: &namespaces,
        errors: &errors,
        category_union: union(cat.categories.iter().map(|c| c.key.as_str())),
        namespace_union: union(cat.namespaces.iter().map(|n| n.key.as_str())),
        retired_union: union(cat.retired.iter().map(|r| r.code.as_str())),
        facts: &facts,
        shapes: &shapes,
        groups: &groups,
        known_union,
        wire_union,
        example_key: code_span(&example_key),
        example_code,
        classes: &class_views,
        class_names: &class_names,
        root_class: root_class(cat),
        class_union: union(class_names.iter().map(String::as_str)),
        profiles: &profiles,
    };

    vec![
        ("index.js".to_string(), finish(js.render())),
        ("index.d.ts".to_string(), finish(dts.render())),
        ("package.json".to_string(), package_json(cat, &header)),
        (
            "README.md".to_string(),
            readme(cat, &header, &example_key_raw),
        ),
        ("tsconfig.json".to_string(), tsconfig_json(&header)),
    ]
}

/// Rendering cannot fail on these views; a failure would be a bug in a template.
fn finish(r: askama::Result<String>) -> String {
    let mut s = escape_invisible(r.unwrap_or_else(|e| format!("// errdex: template error: {e}\n")));
    if !s.ends_with('\n') {
        s.push('\n');
    }
    s
}

fn pretty(v: &Value) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_default();
    s.push('\n');
    s
}

/// Node versions that can `require()` an ES module without a flag (20.19, 22.12): the
/// package is ESM only (one copy of each class, so `instanceof` holds for every consumer),
/// and CommonJS code `require`s it on these versions.
pub const NODE_ENGINES: &str = "^20.19.0 || >=22.12.0";

/// `package.json`: npm has no comment syntax, so the generated header goes into
/// `description` (and `errdex.generated`), which npm shows and ignores. Version, licence,
/// repository and keywords come from the catalogue's `package:` section; the wire schema is
/// shipped beside the module and exported (the writer places it there).
fn package_json(cat: &Catalogue, header: &str) -> String {
    let package = &cat.package;
    let schema = format!("./{}", names::WIRE_ERROR_SCHEMA_FILE);
    let mut out = serde_json::Map::new();
    out.insert("name".into(), json!(cat.registry.npm_name));
    out.insert("version".into(), json!(package.version));
    out.insert(
        "description".into(),
        json!(format!("{} ({header})", one_line(&cat.registry.title))),
    );
    out.insert("keywords".into(), json!(package.keywords));
    if let Some(license) = &package.license {
        out.insert("license".into(), json!(license));
    }
    if let Some(url) = &package.repository {
        out.insert("repository".into(), json!({"type": "git", "url": url}));
    }
    out.insert("type".into(), json!("module"));
    out.insert("main".into(), json!("./index.js"));
    out.insert("types".into(), json!("./index.d.ts"));
    out.insert(
        "exports".into(),
        json!({
            ".": {
                "types": "./index.d.ts",
                "default": "./index.js",
            },
            schema.clone(): schema,
            "./package.json": "./package.json",
        }),
    );
    out.insert(
        "files".into(),
        json!([
            "index.js",
            "index.d.ts",
            names::WIRE_ERROR_SCHEMA_FILE,
            "README.md"
        ]),
    );
    out.insert("sideEffects".into(), json!(false));
    out.insert("engines".into(), json!({ "node": NODE_ENGINES }));
    out.insert(
        "errdex".into(),
        json!({ "generated": header, "registry": cat.registry.name }),
    );
    pretty(&Value::Object(out))
}

/// `README.md`: what npm shows on the package's page. Catalogue text is escaped for
/// Markdown (entities for `<`, `>`, `&`; names in code spans).
fn readme(cat: &Catalogue, header: &str, example_key: &str) -> String {
    let r = &cat.registry;
    let name = code(&one_line(&r.npm_name));
    let import_name = serde_json::Value::from(r.npm_name.as_str()).to_string();
    let mut out = String::new();
    let _ = writeln!(out, "<!-- {} -->\n", one_line(header).replace("--", "- -"));
    let _ = writeln!(out, "# {name}\n");
    let _ = writeln!(
        out,
        "{}: {} error codes in {} categories, as a typed ES module. It carries every code's category, retryability, exit code, HTTP status, JSON-RPC code, message template and docs link, error classes that build the wire object, and parsers for what a client receives.\n",
        cell(&escape_controls(&one_line(&r.title))),
        cat.errors.len(),
        cat.categories.len(),
    );
    let _ = writeln!(
        out,
        "Generated by errdex from `errors.yaml`: change the catalogue, not this package.\n"
    );
    let _ = writeln!(
        out,
        "## Install\n\n```sh\nnpm install {}\n```\n",
        shell_word(&r.npm_name)
    );
    let _ = writeln!(
        out,
        "Node `{NODE_ENGINES}`: the package is an ES module, and CommonJS code loads it with `require()` on these versions.\n"
    );
    let _ = writeln!(
        out,
        "## Use\n\n```ts\nimport {{ ERRORS, ErrorCode, parseWireError, isRetryable }} from {import_name};\n"
    );
    let _ = writeln!(out, "const info = ERRORS[ErrorCode.{example_key}];");
    let _ = writeln!(
        out,
        "console.log(info.code, info.category, info.httpStatus);\n"
    );
    let _ = writeln!(out, "// A wire error received from a server:");
    let _ = writeln!(
        out,
        "const received = parseWireError(await response.json());"
    );
    let _ = writeln!(
        out,
        "if (isRetryable(received)) {{\n  // try again later\n}}\n```\n"
    );
    let _ = writeln!(
        out,
        "The JSON Schema of the wire object ships with the package as `{}` (an export), with the `$id` {}; another schema can `$ref` its `#/$defs/WireObject` by that `$id`.",
        names::WIRE_ERROR_SCHEMA_FILE,
        code(&cat.schema_id(names::WIRE_ERROR_SCHEMA_FILE)),
    );
    if let Some(license) = &cat.package.license {
        let _ = writeln!(
            out,
            "\n## Licence\n\n{}",
            cell(&escape_controls(&one_line(license)))
        );
    }
    out
}

/// A package name as one shell word (quoted when it holds anything but name characters).
fn shell_word(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "@/._-".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", one_line(s).replace('\'', "'\\''"))
    }
}

/// `tsconfig.json` so that `tsc -p <dir>` checks the declarations under `--strict`.
fn tsconfig_json(header: &str) -> String {
    // tsconfig.json is JSONC: the header is a real comment.
    let body = pretty(&json!({
        "compilerOptions": {
            "strict": true,
            "noEmit": true,
            "target": "es2022",
            "module": "nodenext",
            "moduleResolution": "nodenext",
            "skipLibCheck": false,
            "types": [],
        },
        "files": ["index.d.ts"],
    }));
    format!("// {}\n{body}", one_line(header))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The former [`one_line`], without its borrowed fast path.
    fn reference_one_line(s: &str) -> String {
        s.chars()
            .map(|c| {
                if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
                    ' '
                } else {
                    c
                }
            })
            .collect::<String>()
            .replace("*/", "*\\/")
            .replace("</", "<\\/")
    }

    /// The former [`doc_comment`].
    fn reference_doc_comment(lines: &[String], indent: &str) -> String {
        let mut out = format!("{indent}/**\n");
        for line in lines.iter().flat_map(|l| l.split('\n')) {
            let clean = reference_one_line(line);
            let clean = match clean.trim_start().strip_prefix('@') {
                Some(rest) => format!("\\@{rest}"),
                None => clean,
            };
            let clean = clean.trim_end();
            if clean.is_empty() {
                out.push_str(indent);
                out.push_str(" *\n");
            } else {
                let _ = writeln!(out, "{indent} * {clean}");
            }
        }
        out.push_str(indent);
        out.push_str(" */");
        out
    }

    fn hostile_text() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just("word ".to_string()),
                Just("*/".to_string()),
                Just("</".to_string()),
                Just(" @".to_string()),
                "[*/<@`\r\n\t \u{7}\u{7f}\u{85}\u{2028}\u{2029}\u{202e}\u{200b}\u{feff}\u{61c}é—]",
                "\\PC{0,3}",
            ],
            0..10,
        )
        .prop_map(|parts| parts.concat())
    }

    fn askama_json(v: &impl serde::Serialize) -> String {
        askama::filters::json(v).expect("infallible").to_string()
    }

    fn any_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(|n| json!(n)),
            any::<u64>().prop_map(|n| json!(n)),
            (-1e6f64..1e6).prop_map(|f| json!(f)),
            hostile_text().prop_map(Value::String),
            "[\"\\\\\u{0}-\u{1f}\u{7f}<>&'`$]{0,6}".prop_map(Value::String),
        ];
        leaf.prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                proptest::collection::vec(("[a-z<'&]{0,3}", inner), 0..4)
                    .prop_map(|kv| Value::Object(kv.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn js_literals_match_askama_json(v in any_value(), s in hostile_text(), o in proptest::option::of(hostile_text()), l in proptest::collection::vec(hostile_text(), 0..3)) {
            prop_assert_eq!(v.js().to_string(), askama_json(&v));
            prop_assert_eq!(s.js().to_string(), askama_json(&s));
            prop_assert_eq!(o.js().to_string(), askama_json(&o));
            prop_assert_eq!(l.js().to_string(), askama_json(&l));
        }

        #[test]
        fn fast_comment_text_matches_the_reference(a in hostile_text(), b in hostile_text()) {
            prop_assert_eq!(one_line(&a), reference_one_line(&a));
            prop_assert_eq!(code_span(&a), reference_one_line(&a).replace('`', "'"));
            let lines = vec![a.clone(), String::new(), b.clone()];
            prop_assert_eq!(doc_comment(&lines, "  "), reference_doc_comment(&lines, "  "));
            let needs = |c: char| {
                matches!(c, '\u{061c}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}'
                    | '\u{2060}'..='\u{2069}' | '\u{feff}')
            };
            // The reference list, written out: the one the emitter asks must be the same.
            prop_assert!(a.chars().all(|c| needs(c) == crate::support::text::is_invisible(c)));
            let expected: String = a
                .chars()
                .map(|c| if needs(c) { format!("\\u{:04x}", c as u32) } else { c.to_string() })
                .collect();
            prop_assert_eq!(escape_invisible(a.clone()), expected);
        }
    }
}
