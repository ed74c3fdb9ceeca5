//! The declarations, `index.d.ts`: the catalogue's own types (literal types per code, the
//! `ErrorCode` union, `TypesByCode`, params types, the unions that narrow on the code), from
//! the askama template `templates/ts/index.d.ts`.

use crate::text::concat;
use foldhash::{HashMap, HashMapExt};
use std::fmt::Write;

use askama::Template;
use serde_json::Value;

use super::escape::{JsLiteral, code_span, doc_comment, one_line};
use super::runtime::{ClassView, Classes};
use crate::ir::{
    Catalogue, Category, ErrorEntry, JsonRpcData, Namespace, Param, ParamType, Registry, Scalar,
    Wire,
};
use crate::names;
use crate::support::facts::{self, FactValue};
use crate::support::pretty_json::COMPACT_ABOVE_CODES;

/// A union of string literal types, `never` when empty.
fn union<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    let parts: Vec<String> = items.into_iter().map(|s| s.js().to_string()).collect();
    if parts.is_empty() {
        "never".to_string()
    } else {
        parts.join(" | ")
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

/// The type of an object param without described properties.
const ANY_OBJECT: &str = "Readonly<Record<string, unknown>>";

/// The TypeScript type of a value a small JSON Schema describes (type, properties, items,
/// required, enum): an `enum` is a union of its literals; objects with properties list
/// them `readonly`, optional unless `required`.
fn ts_schema_type(schema: &Value) -> String {
    if let Some(Value::Array(values)) = schema.get("enum") {
        let literals: Vec<String> = values.iter().map(|v| v.js().to_string()).collect();
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
                        format!("readonly {}{optional}: {}", k.js(), ts_schema_type(v))
                    })
                    .collect();
                format!("{{ {} }}", fields.join("; "))
            }
            _ => ANY_OBJECT.into(),
        },
    };
    types.into_iter().map(one).collect::<Vec<_>>().join(" | ")
}

#[derive(Debug)]
struct CategoryView {
    key: String,
    retryable: bool,
    doc: String,
}

#[derive(Debug)]
struct NamespaceView {
    key: String,
    doc: String,
}

#[derive(Debug)]
struct ParamView {
    name: String,
    ts_type: String,
}

#[derive(Debug)]
struct EntryView<'a> {
    code: String,
    code_doc: String,
    name: String,
    ts_key: String,
    params: Vec<ParamView>,
    deprecated_doc: Option<String>,
    doc: EntryDoc<'a>,
    /// `XxxParams`, or `NoParameters` for a code without params.
    params_type: String,
    /// The shared params type `XxxParams` names: `CodeParamsN`, or `NoParameters`.
    params_shape: String,
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

/// What the declarations say of the profiles (their values are `data.js`'s).
#[derive(Debug)]
struct ProfilesView {
    /// The result member holding the facts (`_meta`, `structuredContent`, `errorData`).
    mcp_member: String,
    mcp_result_type: Option<String>,
    /// The TypeScript type of `PROFILES.jsonrpcError.data`.
    jsonrpc_data_type: &'static str,
    /// `wire`, `omitted` or `fields`.
    jsonrpc_data_kind: &'static str,
}

fn profiles_view(cat: &Catalogue) -> ProfilesView {
    let mcp = &cat.profiles.mcp_tool_error;
    let (jsonrpc_data_type, jsonrpc_data_kind) = match &cat.profiles.jsonrpc_error.data {
        JsonRpcData::Wire => ("\"wire\"", "wire"),
        JsonRpcData::Omitted => ("null", "omitted"),
        JsonRpcData::Fields(_) => ("readonly ProfileField[]", "fields"),
    };
    ProfilesView {
        mcp_member: mcp.data.member().to_string(),
        mcp_result_type: mcp.result_type.clone(),
        jsonrpc_data_type,
        jsonrpc_data_kind,
    }
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

#[derive(Template)]
#[template(path = "ts/index.d.ts")]
struct IndexDts<'a> {
    header: &'a str,
    title_comment: &'a str,
    registry: &'a Registry,
    wire: &'a Wire,
    /// The reserved members' order on the wire, by role (`"code"`, `"message"`, ...).
    wire_order: Vec<&'static str>,
    categories: &'a [CategoryView],
    namespaces: &'a [NamespaceView],
    errors: &'a [EntryView<'a>],
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
    /// Above [`COMPACT_ABOVE_CODES`] codes: a code's `XxxParams` alias has no JSDoc of its
    /// own (its code's `ErrorCode` member has), but a deprecated code's `@deprecated` tag.
    compact: bool,
}

/// The text of a deprecated code's `@deprecated` tag.
fn deprecated_doc(cat: &Catalogue, e: &ErrorEntry) -> Option<String> {
    e.deprecated.as_ref().map(|d| {
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
    })
}

/// A code's JSDoc in `index.d.ts` ([`entry_doc`]), written as the declarations are rendered:
/// at 50,000 codes, a doc string kept per code until the render was 10 MiB of fresh pages.
#[derive(Debug)]
struct EntryDoc<'a> {
    cat: &'a Catalogue,
    facts_of: &'a facts::Facts<'a>,
    e: &'a ErrorEntry,
}

impl std::fmt::Display for EntryDoc<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&entry_doc(self.cat, self.facts_of, self.e))
    }
}

/// A code's JSDoc block, with its `@deprecated` tag when it is deprecated.
fn entry_doc(cat: &Catalogue, facts_of: &facts::Facts<'_>, e: &ErrorEntry) -> String {
    let mut lines = vec![concat(&["`", &code_span(&e.code), "` — ", &e.summary])];
    lines.push(String::new());
    lines.push(concat(&["Message: `", &code_span(&e.message.raw), "`"]));
    lines.push(String::new());
    if cat.errors.len() > COMPACT_ABOVE_CODES {
        // A catalogue of thousands of codes: the facts sentence (half of the declarations'
        // bytes at 50,000 codes) gives way to the docs link, as in the Rust module; `ERRORS`
        // and the literal facts of `TypesByCode` carry every fact.
        lines.push(concat(&["Docs: ", &one_line(&e.docs_url), "."]));
    } else {
        lines.push(facts_sentence(facts_of, e));
    }
    let deprecated = deprecated_doc(cat, e);
    let mut doc = doc_comment(&lines, "  ");
    if let Some(d) = &deprecated {
        // The tag is added here, after escaping: catalogue text itself cannot start a tag.
        let tag = format!("\n   * @deprecated {d}").trim_end().to_string();
        doc.truncate(doc.len() - "\n   */".len());
        doc.push_str(&tag);
        doc.push_str("\n   */");
    }
    doc
}

/// A code's facts in one sentence (`support::facts`), codes and keys in code spans.
fn facts_sentence(facts_of: &facts::Facts<'_>, e: &ErrorEntry) -> String {
    facts::sentence(&facts_of.of(e), |value| match value {
        FactValue::Words(w) => w.clone(),
        FactValue::Code(c) => concat(&["`", &code_span(c), "`"]),
        FactValue::Codes(cs) => cs
            .iter()
            .map(|c| format!("`{}`", code_span(c)))
            .collect::<Vec<_>>()
            .join(", "),
        FactValue::Text(t) | FactValue::Url(t) => one_line(t),
        FactValue::Category(c) => concat(&["`", &code_span(&c.key), "`"]),
        FactValue::Namespace(n) => concat(&["`", &code_span(&n.key), "`"]),
        FactValue::Retry { limits, advice } => facts::retry_text(limits, *advice, one_line),
    })
}

/// A code as the declarations show it.
fn entry_view<'a>(
    cat: &'a Catalogue,
    facts_of: &'a facts::Facts<'a>,
    e: &'a ErrorEntry,
) -> EntryView<'a> {
    let deprecated_doc = deprecated_doc(cat, e);
    // The facts, texts and links go into the JSDoc through `entry_doc` (`support::facts`) and
    // the literal facts through `group_codes`; the runtime's values are `data.js`'s.
    let ErrorEntry {
        name,
        code,
        namespace: _,
        category: _,
        summary: _,
        message: _,
        params,
        suggestion: _,
        explanation: _,
        retryable: _,
        retry: _,
        exit_code: _,
        http_status: _,
        jsonrpc_code: _,
        expected: _,
        docs_url: _,
        since: _,
        deprecated: _,
        aliases: _,
        legacy_codes: _,
        ids,
        anchor: _,
        class: _,
    } = e;
    EntryView {
        code: code.clone(),
        code_doc: code_span(code),
        name: name.clone(),
        ts_key: ids.ts.key.clone(),
        params: params
            .iter()
            .map(|p| ParamView {
                name: p.name.clone(),
                ts_type: ts_param_type(p),
            })
            .collect(),
        deprecated_doc,
        doc: EntryDoc { cat, facts_of, e },
        params_type: names::ts_params_type(&ids.ts.type_name, !params.is_empty()),
        params_shape: String::new(),
    }
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
    errors: &mut [EntryView<'_>],
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

fn category_view(c: &Category) -> CategoryView {
    // The declarations give a category its key, its literal `retryable` and its summary as
    // JSDoc; its other facts are typed by `CategoryInfo` and valued by `data.js`.
    let Category {
        key,
        summary,
        retryable,
        retry: _,
        exit_code: _,
        http_status: _,
        jsonrpc_code: _,
        expected: _,
        ids: _,
        title: _,
        anchor: _,
    } = c;
    CategoryView {
        key: key.clone(),
        retryable: *retryable,
        doc: doc_comment(std::slice::from_ref(summary), "  "),
    }
}

fn namespace_view(n: &Namespace) -> NamespaceView {
    // The key, and the title and summary as JSDoc; the rest is typed by `NamespaceInfo` and
    // valued by `data.js` (the class also joins `ErrorClassName` through `Classes`).
    let Namespace {
        key,
        title,
        summary,
        code_prefix: _,
        class: _,
        category: _,
        ids: _,
        slug: _,
    } = n;
    let mut lines = vec![title.clone()];
    if let Some(s) = summary {
        lines.push(String::new());
        lines.push(s.clone());
    }
    NamespaceView {
        key: key.clone(),
        doc: doc_comment(&lines, "  "),
    }
}

/// `index.d.ts` (before the last pass over the file, `escape::escape_invisible`).
pub fn index_dts(cat: &Catalogue, header: &str, classes: &Classes) -> askama::Result<String> {
    let title_comment = one_line(&cat.registry.title);
    let categories: Vec<CategoryView> = cat.categories.iter().map(category_view).collect();
    let namespaces: Vec<NamespaceView> = cat.namespaces.iter().map(namespace_view).collect();
    let facts_of = facts::Facts::new(cat);
    let mut errors: Vec<EntryView> = cat
        .errors
        .iter()
        .map(|e| entry_view(cat, &facts_of, e))
        .collect();
    let (facts, shapes, groups, known_union, wire_union) = group_codes(cat, &mut errors);
    let profiles = profiles_view(cat);
    let (example_key, example_code) = cat
        .errors
        .first()
        .map(|e| (e.ids.ts.key.clone(), e.code.clone()))
        .unwrap_or_else(|| ("NAME".into(), "CODE".into()));
    let dts = IndexDts {
        header,
        title_comment: &title_comment,
        registry: &cat.registry,
        wire: &cat.registry.wire,
        wire_order: cat.registry.wire.order.iter().map(|f| f.as_str()).collect(),
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
        classes: &classes.declared,
        class_names: &classes.names,
        root_class: classes.root,
        class_union: union(classes.names.iter().map(String::as_str)),
        profiles: &profiles,
        compact: cat.errors.len() > COMPACT_ABOVE_CODES,
    };
    crate::emit::render_sized(&dts, 16384 + 640 * cat.errors.len())
}
