//! The data module, `data.js`: the catalogue as plain data that `runtime.js` reads.
//!
//! The registry, wire keys and profiles are small objects with named members. The tables
//! (classes, categories, namespaces, codes, retired codes) are rows: each has a [`Layout`]
//! declared once here, its columns in order. `data.js` carries each layout as
//! `<TABLE>_FIELDS` beside `<TABLE>_ROWS`, and `runtime.js` zips the two into objects, so it
//! never counts columns and the objects it builds (`ERRORS[code]`, `CATEGORIES[key]`, …) have
//! these keys in this order. The row builders write through [`Row`], which checks every
//! column against the layout, and destructure the IR structs whole, so a new IR field is a
//! compile error here until it is written or left out on purpose.
//!
//! Above [`COMPACT_ABOVE_CODES`] codes the two tables of a row per code (`ERROR_ROWS`,
//! `HTTP_CODE_ROWS`) are written by [`table_calls`]: each row a call of a local function that
//! returns the same array, its usual values left out; `runtime.js` reads the same values.

use foldhash::{HashMap, HashMapExt};
use std::fmt::{self, Write};

use serde_json::{Value, json};

use super::escape::{JsLiteral, header_line, one_line};
use super::runtime::Classes;
use crate::ir::{
    Catalogue, Category, Deprecation, ErrorEntry, HttpProfile, JsonRpcData, JsonRpcProfile,
    McpProfile, Namespace, Param, ProfileField, Profiles, ReasonSource, Retired, Retry,
    TerminalProfile, ValueStyle,
};
use crate::names;
use crate::payload::{aip_reason, duration_text, google_status, retry_after_seconds};
use crate::support::pretty_json::COMPACT_ABOVE_CODES;
use crate::support::py_repr;

/// The columns of one table of `data.js`, in row order.
#[derive(Debug)]
pub struct Layout {
    /// The table's name in `data.js`: `ERROR` → `ERROR_FIELDS`, `ERROR_ROWS`.
    pub table: &'static str,
    /// The column names: the keys of the objects `runtime.js` builds from the rows.
    pub fields: &'static [&'static str],
}

/// The error classes below the root, each after its parent.
pub const CLASS_LAYOUT: Layout = Layout {
    table: "CLASS",
    fields: &["name", "parent"],
};

/// `CATEGORIES[key]` (index.d.ts: `CategoryInfo`).
pub const CATEGORY_LAYOUT: Layout = Layout {
    table: "CATEGORY",
    fields: &[
        "key",
        "summary",
        "retryable",
        "retry",
        "exitCode",
        "httpStatus",
        "jsonrpcCode",
        "expected",
    ],
};

/// `NAMESPACES[key]` (index.d.ts: `NamespaceInfo`).
pub const NAMESPACE_LAYOUT: Layout = Layout {
    table: "NAMESPACE",
    fields: &["key", "title", "summary", "codePrefix", "class"],
};

/// `ERRORS[code]` (index.d.ts: `ErrorInfo`).
pub const ERROR_LAYOUT: Layout = Layout {
    table: "ERROR",
    fields: &[
        "code",
        "name",
        "namespace",
        "category",
        "summary",
        "message",
        "params",
        "suggestion",
        "retryable",
        "retry",
        "exitCode",
        "httpStatus",
        "jsonrpcCode",
        "expected",
        "docsUrl",
        "since",
        "deprecated",
        "aliases",
        "legacyCodes",
        "class",
    ],
};

/// Each live code's HTTP response facts under `profiles.http`, row by row of `ERROR_ROWS`,
/// all the reference's (`payload::http`): its `Retry-After` seconds (`null`: none), and for
/// Google's body its AIP-193 `reason`, its canonical `status` and its RetryInfo `retryDelay`
/// (`null`: none).
pub const HTTP_CODE_LAYOUT: Layout = Layout {
    table: "HTTP_CODE",
    fields: &["code", "retryAfter", "reason", "googleStatus", "retryDelay"],
};

/// The AIP-193 reasons a client reads (`payload::read_http_response`): each reason with the
/// verdict and code it gives, in the reference's search order (the first row of a reason
/// wins): each live code's NAME and aliases (`reason: name`) or code and legacy codes
/// (`reason: code`), then the retired codes.
pub const HTTP_REASON_LAYOUT: Layout = Layout {
    table: "HTTP_REASON",
    fields: &["reason", "kind", "code"],
};

/// `RETIRED[code]` (index.d.ts: `RetiredInfo`).
pub const RETIRED_LAYOUT: Layout = Layout {
    table: "RETIRED",
    fields: &["code", "name", "since", "note"],
};

/// Writes one row, column by column in its [`Layout`]'s order: straight into the file, or
/// (a bulk table, [`table_calls`]) into its columns' literals.
struct Row<'a> {
    /// The file; or, when the row is collected, the text every collected column is kept in.
    out: &'a mut String,
    layout: &'static Layout,
    next: usize,
    /// The collected columns (each a range of `out`), when the row is collected rather than
    /// written.
    cols: Option<&'a mut Vec<Column>>,
}

/// A collected column: where it ends in the collecting text (it starts where the one before
/// it ends), and whether it is a docs URL (the string itself, which [`table_calls`] may write
/// as an interned prefix and the rest) rather than a JavaScript literal.
#[derive(Clone, Copy)]
struct Column {
    end: usize,
    url: bool,
}

impl<'a> Row<'a> {
    fn start(out: &'a mut String, layout: &'static Layout) -> Self {
        out.push_str("  [");
        Row {
            out,
            layout,
            next: 0,
            cols: None,
        }
    }

    /// A row whose columns are appended to `text` and their ranges to `cols`.
    fn collect(text: &'a mut String, cols: &'a mut Vec<Column>, layout: &'static Layout) -> Self {
        Row {
            out: text,
            layout,
            next: 0,
            cols: Some(cols),
        }
    }

    fn check(&self, name: &str) {
        debug_assert_eq!(
            self.layout.fields.get(self.next),
            Some(&name),
            "errdex bug: {} column out of layout",
            self.layout.table
        );
    }

    fn field<T: JsLiteral + ?Sized>(&mut self, name: &str, value: &T) {
        self.check(name);
        if let Some(cols) = &mut self.cols {
            let _ = value.write_js(self.out);
            cols.push(Column {
                end: self.out.len(),
                url: false,
            });
        } else {
            if self.next > 0 {
                self.out.push(',');
            }
            let _ = value.write_js(self.out);
        }
        self.next += 1;
    }

    /// A docs URL column: a string, which a collected row keeps whole for interning.
    fn url(&mut self, name: &str, value: &str) {
        if self.cols.is_none() {
            return self.field(name, value);
        }
        self.check(name);
        if let Some(cols) = &mut self.cols {
            self.out.push_str(value);
            cols.push(Column {
                end: self.out.len(),
                url: true,
            });
        }
        self.next += 1;
    }

    fn finish(self) {
        debug_assert_eq!(
            self.next,
            self.layout.fields.len(),
            "errdex bug: {} row short",
            self.layout.table
        );
        if self.cols.is_none() {
            self.out.push_str("],\n");
        }
    }
}

/// `export const <TABLE>_FIELDS = [...];` and the opening line of `<TABLE>_ROWS`.
fn table_head(out: &mut String, layout: &Layout) {
    let _ = writeln!(
        out,
        "export const {}_FIELDS = {};",
        layout.table,
        layout.fields.js()
    );
    let _ = writeln!(out, "export const {}_ROWS = [", layout.table);
}

/// `export const <TABLE>_FIELDS = [...]` and `export const <TABLE>_ROWS = [...]`, one row
/// per line.
fn table<T>(
    out: &mut String,
    layout: &'static Layout,
    items: impl IntoIterator<Item = T>,
    mut row: impl FnMut(&mut Row<'_>, T),
) {
    out.push('\n');
    table_head(out, layout);
    for item in items {
        let mut r = Row::start(out, layout);
        row(&mut r, item);
        r.finish();
    }
    out.push_str("];\n");
}

/// A bulk table (above [`COMPACT_ABOVE_CODES`] codes): `<TABLE>_ROWS` holds calls of a
/// local function `call`, which returns the same arrays [`table`] writes out. A column
/// whose usual value (the literal more than half of the rows hold) is a default parameter,
/// and those come last, the most often usual last, so a row leaves out the columns at the
/// end of the call that hold it; a docs URL column's prefixes up to its last `#` (or `/`),
/// when rows share them, are constants (`url` and a number: `U3+"..."`). `runtime.js`
/// reads the same values either way (BENCHMARKS.md has the bytes saved).
fn table_calls<T>(
    out: &mut String,
    layout: &'static Layout,
    call: &str,
    url: &str,
    items: impl IntoIterator<Item = T>,
    mut row: impl FnMut(&mut Row<'_>, T),
) {
    // Every row's columns, `columns` a row, collected in one text.
    let columns = layout.fields.len();
    let items = items.into_iter();
    let expected = items.size_hint().0;
    let mut text = String::with_capacity(512 * expected);
    let mut cols: Vec<Column> = Vec::with_capacity(columns * expected);
    for item in items {
        let mut r = Row::collect(&mut text, &mut cols, layout);
        row(&mut r, item);
        r.finish();
    }
    let text = text.as_str();
    // Each column's text, and whether it is a docs URL.
    let cells = || {
        let starts = std::iter::once(0).chain(cols.iter().map(|c| c.end));
        cols.iter()
            .zip(starts)
            .map(|(c, start)| (&text[start..c.end], c.url))
    };
    // The docs URLs' shared prefixes, numbered in first-seen order.
    let split =
        |url: &str| -> Option<usize> { url.rfind('#').or_else(|| url.rfind('/')).map(|i| i + 1) };
    let urls = || cells().filter_map(|(cell, url)| url.then_some(cell));
    let mut prefix_count: HashMap<&str, usize> = HashMap::new();
    for u in urls() {
        if let Some(i) = split(u) {
            *prefix_count.entry(&u[..i]).or_default() += 1;
        }
    }
    let mut prefixes: Vec<&str> = Vec::new();
    let mut prefix_index: HashMap<&str, usize> = HashMap::new();
    for u in urls() {
        if let Some(i) = split(u)
            && prefix_count[&u[..i]] > 1
            && !prefix_index.contains_key(&u[..i])
        {
            prefix_index.insert(&u[..i], prefixes.len());
            prefixes.push(&u[..i]);
        }
    }
    // The docs URLs' literals, in a text of their own.
    let mut url_text = String::new();
    let url_literals: Vec<std::ops::Range<usize>> = urls()
        .map(|u| {
            let start = url_text.len();
            match split(u).and_then(|i| Some((i, prefix_index.get(&u[..i])?))) {
                Some((i, n)) => {
                    let _ = write!(url_text, "{url}{n}+");
                    let _ = u[i..].write_js(&mut url_text);
                }
                None => {
                    let _ = u.write_js(&mut url_text);
                }
            }
            start..url_text.len()
        })
        .collect();
    let mut url_literals = url_literals.into_iter();
    let literals: Vec<&str> = cells()
        .map(|(cell, url)| match url {
            false => cell,
            true => &url_text[url_literals.next().unwrap_or_default()],
        })
        .collect();
    drop(cols);
    let rows: Vec<&[&str]> = literals.chunks(columns.max(1)).collect();
    // Each column's usual value (the literal more than half of the rows hold), if any: the
    // candidate of a majority vote (Boyer and Moore's: the only value that can hold a
    // majority), then counted.
    let usual: Vec<Option<(&str, usize)>> = (0..columns)
        .map(|c| {
            let mut candidate = "";
            let mut lead = 0usize;
            for r in &rows {
                if lead == 0 {
                    candidate = r[c];
                    lead = 1;
                } else if r[c] == candidate {
                    lead += 1;
                } else {
                    lead -= 1;
                }
            }
            let n = rows.iter().filter(|r| r[c] == candidate).count();
            (n * 2 > rows.len()).then_some((candidate, n))
        })
        .collect();
    // The function's parameters: the columns without a usual value in layout order, then
    // those with one, the most often usual last, so that a row leaves out the most.
    let mut order: Vec<usize> = (0..columns).filter(|&c| usual[c].is_none()).collect();
    let mut defaulted: Vec<usize> = (0..columns).filter(|&c| usual[c].is_some()).collect();
    defaulted.sort_by_key(|&c| (usual[c].map_or(0, |(_, n)| n), c));
    order.extend(defaulted);
    let _ = writeln!(
        out,
        "\n// A row of `{table}_ROWS` is a call of `{call}`, which returns the array of its columns in\n\
         // `{table}_FIELDS`' order (`c0` is the first); the columns it leaves out at the end hold\n\
         // their usual value.",
        table = layout.table
    );
    for (n, p) in prefixes.iter().enumerate() {
        let _ = write!(out, "const {url}{n} = ");
        let _ = p.write_js(out);
        out.push_str(";\n");
    }
    let params: Vec<String> = order
        .iter()
        .map(|&c| match usual[c] {
            Some((d, _)) => format!("c{c} = {d}"),
            None => format!("c{c}"),
        })
        .collect();
    let columns_list: Vec<String> = (0..columns).map(|c| format!("c{c}")).collect();
    let _ = writeln!(
        out,
        "const {call} = ({}) => [{}];",
        params.join(", "),
        columns_list.join(", ")
    );
    table_head(out, layout);
    for r in &rows {
        let mut keep = columns;
        while keep > 0 && usual[order[keep - 1]].map(|(d, _)| d) == Some(r[order[keep - 1]]) {
            keep -= 1;
        }
        out.push_str("  ");
        out.push_str(call);
        out.push('(');
        for (i, &c) in order[..keep].iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(r[c]);
        }
        out.push_str("),\n");
    }
    out.push_str("];\n");
}

/// Retry advice as the TS module shows it (camelCase, `null` for what was not given).
pub fn retry_json(r: &Option<Retry>) -> Value {
    match r {
        None => Value::Null,
        Some(r) => {
            let Retry {
                max_attempts,
                initial_backoff_ms,
                advice,
            } = r;
            json!({
                "maxAttempts": max_attempts,
                "initialBackoffMs": initial_backoff_ms,
                "advice": advice,
            })
        }
    }
}

/// A param's `ParamInfo` (`ERRORS[code].params`): name, type, a list's `items`, the `example`
/// when given.
struct ParamInfo<'a>(&'a Param);

impl JsLiteral for ParamInfo<'_> {
    fn write_js(&self, out: &mut dyn Write) -> fmt::Result {
        // The object schema and the identifiers are the declarations' (`types.rs`).
        let Param {
            name,
            ty,
            ids: _,
            schema: _,
            example,
        } = self.0;
        out.write_str("{\"name\":")?;
        name.write_js(out)?;
        out.write_str(",\"type\":")?;
        ty.as_str().write_js(out)?;
        if let Some(items) = ty.items() {
            out.write_str(",\"items\":")?;
            items.as_str().write_js(out)?;
        }
        if let Some(example) = example {
            out.write_str(",\"example\":")?;
            example.write_js(out)?;
        }
        out.write_char('}')
    }
}

/// A code's `deprecated` (`null` when it is not).
fn deprecated_json(cat: &Catalogue, d: &Option<Deprecation>) -> Value {
    match d {
        None => Value::Null,
        Some(d) => {
            let Deprecation {
                since,
                replaced_by,
                note,
            } = d;
            json!({
                "since": since,
                "replacedBy": replaced_by.map(|i| cat.errors[i].code.clone()),
                "note": note,
            })
        }
    }
}

fn category_row(row: &mut Row<'_>, c: &Category) {
    // The identifiers, docs title and anchor are the other targets'.
    let Category {
        key,
        summary,
        retryable,
        retry,
        exit_code,
        http_status,
        jsonrpc_code,
        expected,
        ids: _,
        title: _,
        anchor: _,
    } = c;
    row.field("key", key);
    row.field("summary", summary);
    row.field("retryable", retryable);
    row.field("retry", &retry_json(retry));
    row.field("exitCode", exit_code);
    row.field("httpStatus", http_status);
    row.field("jsonrpcCode", jsonrpc_code);
    row.field("expected", expected);
}

fn namespace_row(row: &mut Row<'_>, n: &Namespace) {
    // A namespace's default category is already resolved into each code; the identifiers
    // and slug are the other targets'.
    let Namespace {
        key,
        title,
        summary,
        code_prefix,
        class,
        category: _,
        ids: _,
        slug: _,
    } = n;
    row.field("key", key);
    row.field("title", title);
    row.field("summary", summary);
    row.field("codePrefix", code_prefix);
    row.field("class", class);
}

fn error_row(row: &mut Row<'_>, cat: &Catalogue, e: &ErrorEntry) {
    // The explanation is the docs'; the TypeScript key is written to `ERROR_KEYS`, the other
    // identifiers and the anchor are the other targets'.
    let ErrorEntry {
        name,
        code,
        namespace,
        category,
        summary,
        message,
        params,
        suggestion,
        explanation: _,
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
        ids: _,
        anchor: _,
        class,
    } = e;
    row.field("code", code);
    row.field("name", name);
    row.field(
        "namespace",
        &namespace.map(|i| cat.namespaces[i].key.as_str()),
    );
    row.field("category", &cat.categories[*category].key);
    row.field("summary", summary);
    row.field("message", &message.raw);
    let params: Vec<ParamInfo<'_>> = params.iter().map(ParamInfo).collect();
    row.field("params", &params);
    row.field("suggestion", &suggestion.as_ref().map(|s| s.raw.as_str()));
    row.field("retryable", retryable);
    row.field("retry", &retry_json(retry));
    row.field("exitCode", exit_code);
    row.field("httpStatus", http_status);
    row.field("jsonrpcCode", jsonrpc_code);
    row.field("expected", expected);
    row.url("docsUrl", docs_url);
    row.field("since", since);
    row.field("deprecated", &deprecated_json(cat, deprecated));
    row.field("aliases", aliases);
    row.field("legacyCodes", legacy_codes);
    row.field("class", class);
}

fn retired_row(row: &mut Row<'_>, r: &Retired) {
    // The replacement and the anchor are the docs'.
    let Retired {
        code,
        name,
        since,
        note,
        replaced_by: _,
        anchor: _,
    } = r;
    row.field("code", code);
    row.field("name", name);
    row.field("since", since);
    row.field("note", note);
}

fn fields_json(fields: &[ProfileField]) -> Value {
    Value::Array(
        fields
            .iter()
            .map(|f| json!({"key": f.key, "fact": f.fact.spelling()}))
            .collect(),
    )
}

/// `PROFILES` (its MCP, JSON-RPC and HTTP members) and `TERMINAL`.
fn profiles_json(p: &Profiles) -> (Value, Value) {
    let Profiles {
        mcp_tool_error,
        jsonrpc_error,
        terminal,
        http,
    } = p;
    // Whether the catalogue declared the profile is lint's concern; the retry-after switch
    // is applied per code in `HTTP_CODE_ROWS`.
    let HttpProfile {
        body,
        domain,
        reason,
        retry_after,
        declared: _,
    } = http;
    let McpProfile {
        text,
        data,
        prefix,
        result_type,
        fields,
    } = mcp_tool_error;
    let JsonRpcProfile {
        message,
        data: rpc_data,
    } = jsonrpc_error;
    let TerminalProfile { values } = terminal;
    let profiles = json!({
        "mcpToolError": {
            "text": text.raw,
            "data": data.member(),
            "prefix": prefix,
            "resultType": result_type,
            "fields": fields_json(fields),
        },
        "jsonrpcError": {
            "message": message.raw,
            "data": match rpc_data {
                JsonRpcData::Wire => json!("wire"),
                JsonRpcData::Omitted => Value::Null,
                JsonRpcData::Fields(f) => fields_json(f),
            },
        },
        "http": {
            "body": body.as_str(),
            "contentType": body.content_type(),
            "domain": domain.clone().unwrap_or_default(),
            "reason": reason.as_str(),
            "retryAfter": retry_after,
        },
    });
    (profiles, json!({ "values": values.as_str() }))
}

/// `data.js`.
pub fn data_js(cat: &Catalogue, header: &str, classes: &Classes) -> String {
    let mut out = String::with_capacity(4096 + 640 * cat.errors.len());
    let _ = write!(
        out,
        "{}\n//\n// {}: the catalogue's data, which runtime.js reads (import index.js, not this file).\n\
         // Each table is `<TABLE>_FIELDS`, the names of its columns in order, and `<TABLE>_ROWS`,\n\
         // one array of values per row.\n\n",
        header_line(header),
        one_line(&cat.registry.title),
    );
    let r = &cat.registry;
    let registry = json!({
        "name": r.name,
        "title": r.title,
        "packageName": r.npm_name,
        "mcpMetaPrefix": r.mcp_meta_prefix,
        "class": r.class,
    });
    let w = &r.wire;
    let wire = json!({
        "code": w.code,
        "message": w.message,
        "category": w.category,
        "retryable": w.retryable,
        "details": w.details,
        "order": w.order.iter().map(|f| f.as_str()).collect::<Vec<_>>(),
    });
    let (profiles, terminal) = profiles_json(&cat.profiles);
    let _ = writeln!(out, "export const REGISTRY = {};", registry.js());
    let _ = writeln!(out, "export const WIRE = {};", wire.js());
    let _ = writeln!(out, "export const PROFILES = {};", profiles.js());
    let _ = writeln!(out, "export const TERMINAL = {};", terminal.js());
    // The table the Python repr needs (`py_repr::NON_PRINTABLE`), only where it is used.
    out.push_str("export const NON_PRINTABLE = [");
    if cat.profiles.terminal.values == ValueStyle::Python {
        for (i, (lo, hi)) in py_repr::NON_PRINTABLE.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            let _ = write!(out, "{sep}[0x{lo:x}, 0x{hi:x}]");
        }
    }
    out.push_str("];\n");
    let _ = writeln!(out, "export const ROOT_CLASS = {};", classes.root.js());

    table(&mut out, &CLASS_LAYOUT, &classes.declared, |row, c| {
        row.field("name", &c.name);
        row.field("parent", &c.parent);
    });
    table(&mut out, &CATEGORY_LAYOUT, &cat.categories, category_row);
    table(&mut out, &NAMESPACE_LAYOUT, &cat.namespaces, namespace_row);
    // Above the threshold the two tables of a row per code are written as calls
    // (`table_calls`); the others are small.
    let bulk = cat.errors.len() > COMPACT_ABOVE_CODES;
    let error = |row: &mut Row<'_>, e: &ErrorEntry| error_row(row, cat, e);
    if bulk {
        table_calls(&mut out, &ERROR_LAYOUT, "E", "U", &cat.errors, error);
    } else {
        table(&mut out, &ERROR_LAYOUT, &cat.errors, error);
    }
    out.push_str("export const ERROR_KEYS = [\n");
    for e in &cat.errors {
        out.push_str("  ");
        let _ = e.ids.ts.key.write_js(&mut out);
        out.push_str(",\n");
    }
    out.push_str("];\n");
    table(&mut out, &RETIRED_LAYOUT, &cat.retired, retired_row);
    let http_code = |row: &mut Row<'_>, e: &ErrorEntry| {
        let delay = e.retry.as_ref().and_then(|r| r.initial_backoff_ms);
        row.field("code", &e.code);
        row.field("retryAfter", &retry_after_seconds(cat, e));
        row.field("reason", &aip_reason(cat, e));
        row.field("googleStatus", google_status(e.http_status));
        row.field(
            "retryDelay",
            &delay.filter(|_| e.retryable).map(duration_text),
        );
    };
    if bulk {
        table_calls(
            &mut out,
            &HTTP_CODE_LAYOUT,
            "H",
            "V",
            &cat.errors,
            http_code,
        );
    } else {
        table(&mut out, &HTTP_CODE_LAYOUT, &cat.errors, http_code);
    }
    table(
        &mut out,
        &HTTP_REASON_LAYOUT,
        http_reasons(cat),
        |row, r| {
            row.field("reason", &r.0);
            row.field("kind", r.1);
            row.field("code", r.2);
        },
    );
    out
}

/// The rows of `HTTP_REASON_ROWS` (see [`HTTP_REASON_LAYOUT`]), in the reference's order.
fn http_reasons(cat: &Catalogue) -> Vec<(String, &'static str, &str)> {
    let by_name = cat.profiles.http.reason == ReasonSource::Name;
    let mut out = Vec::new();
    for e in &cat.errors {
        if by_name {
            out.push((names::aip_reason(&e.name), "known", e.code.as_str()));
            for a in &e.aliases {
                out.push((names::aip_reason(a), "known", e.code.as_str()));
            }
        } else {
            out.push((e.code.clone(), "known", e.code.as_str()));
            for c in &e.legacy_codes {
                out.push((c.clone(), "known", e.code.as_str()));
            }
        }
    }
    for r in &cat.retired {
        let reason = if by_name {
            r.name.as_deref().map(names::aip_reason)
        } else {
            Some(r.code.clone())
        };
        if let Some(reason) = reason {
            out.push((reason, "retired", r.code.as_str()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEST_LAYOUT: Layout = Layout {
        table: "T",
        fields: &["a", "b", "c", "docsUrl"],
    };

    /// A column's usual value is the literal more than half of the rows hold: a default
    /// parameter, left out at the end of a call. Exactly half is no majority; the URL column
    /// is written through its interned prefix.
    #[test]
    fn bulk_tables_default_only_a_majority_value() {
        // a: "x" in 3 of 4 rows (usual); b: "p" in 2 of 4 (exactly half: none); c: 7 in all.
        let rows = [
            ("x", "p", "https://d.example/a#1"),
            ("x", "q", "https://d.example/a#2"),
            ("y", "p", "https://d.example/a#3"),
            ("x", "r", "https://d.example/b#4"),
        ];
        let mut out = String::new();
        table_calls(
            &mut out,
            &TEST_LAYOUT,
            "E",
            "U",
            rows,
            |row, (a, b, url)| {
                row.field("a", a);
                row.field("b", b);
                row.field("c", &7u32);
                row.url("docsUrl", url);
            },
        );
        assert!(
            out.contains("const U0 = \"https://d.example/a#\";\n"),
            "{out}"
        );
        // b and docsUrl have no usual value; then a ("x", 3 rows), then c (7, 4 rows).
        assert!(
            out.contains("const E = (c1, c3, c0 = \"x\", c2 = 7) => [c0, c1, c2, c3];"),
            "{out}"
        );
        assert!(out.contains("  E(\"p\",U0+\"1\"),\n"), "{out}");
        assert!(out.contains("  E(\"p\",U0+\"3\",\"y\"),\n"), "{out}");
        assert!(
            out.contains("  E(\"r\",\"https://d.example/b#4\"),\n"),
            "{out}"
        );
    }
}
