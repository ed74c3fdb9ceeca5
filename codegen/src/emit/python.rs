//! Emitter: the Python target, an installable, typed, dependency-free package (Python >= 3.10).
//!
//! Files (relative to the target directory, `generated/python/` by default):
//!
//! - `pyproject.toml`: the distribution (`<name>-errors`, no dependencies);
//! - `<package>/_runtime.py`: the runtime, the same in every package: the base exception's
//!   methods, the renderings (compact, wire, MCP, JSON-RPC, problem details, tool response),
//!   the total parser `from_wire`, `parse`, `info`, `create_error` and the factories (built on
//!   first use). It is a real source file, `python/_runtime.py` beside this one, shipped byte
//!   for byte after the `@generated` line and checked on its own by ruff and `mypy --strict`
//!   (`tests/python_runtime.rs`);
//! - `<package>/__init__.py`: what the catalogue names: `ErrorCode`, `Category`, `Namespace`,
//!   the base exception (`registry.class`) and one subclass per error class, and the
//!   re-exports of the runtime;
//! - `<package>/_catalogue.py`: the registry, wire keys, profiles, categories, namespaces and
//!   retired codes, as data;
//! - `<package>/_data.py`: the per-code rows and lookup maps, imported on first use;
//! - `<package>/_types.pyi`: `ErrorCode`'s typed constants (`Code` is the runtime's);
//! - `<package>/_factories.pyi`: one typed factory per code (keyword arguments = the code's
//!   params, then the options), codes with equal signatures sharing one callable protocol;
//! - `<package>/py.typed`: the PEP 561 marker.
//!
//! The data modules' rows are tuples whose layouts are declared once, in [`rows`]: the row
//! builders fill them field by field, and `_runtime.py` reads them through the index
//! constants rendered from the same declaration. Above [`COMPACT_ABOVE_CODES`] codes the
//! lookup maps that repeat each code (`BY_WIRE_CODE`, `BY_NAME`, `BY_REASON`) are built
//! from `CODES` by a comprehension, plus what it does not give ([`py_map`]).
//!
//! Why this shape (figures in BENCHMARKS.md, "Generated Python", at 10,000 codes): importing
//! must cost about what a dict of the codes costs, so nothing runs at import but one dict
//! display (`ErrorCode`) and the runtime's definitions: no `Enum` (~100 ms), no `typing`
//! (~8 ms: the modules name it under `TYPE_CHECKING` only), no `collections` until a named
//! tuple is asked for, and the rows load on first use. Type checkers must not walk ten
//! thousand rows or `def`s: they read the two stubs, whose factories are variables typed by
//! shared protocols (10,000 `def`s took mypy 3.4 s, the protocols 0.1 s).
//!
//! Escaping: catalogue text reaches the output only as whole Python string literals
//! ([`py_str`]: quotes, backslashes, controls, bidi and invisible characters escaped) or in
//! `#` comments through [`one_line`]. Identifiers come from [`crate::names`] (keywords, soft
//! keywords, builtins and the module's own names get a `_` suffix).

use std::fmt::{self, Write};

use foldhash::{HashMapExt, HashSetExt};

use askama::Template;

use crate::ir::{
    Catalogue, ErrorEntry, JsonRpcData, ParamType, ProfileField, ReasonSource, Scalar,
};
use crate::names;
use crate::payload::http as http_facts;
use crate::support::header::header_text;
use crate::support::pretty_json::COMPACT_ABOVE_CODES;
use crate::text::is_invisible;

pub mod rows;

/// The runtime every package ships as `<package>/_runtime.py`, after its `@generated` line.
pub const RUNTIME_PY: &str = include_str!("python/_runtime.py");

/// The askama escaper of `.py` / `.pyi` templates: makes any text safe inside a
/// double-quoted Python string literal. Identifiers pass through unchanged.
#[derive(Debug, Clone, Copy)]
pub struct PyString;

impl askama::filters::Escaper for PyString {
    fn write_escaped_str<W: Write>(&self, mut dest: W, string: &str) -> fmt::Result {
        write_escaped(&mut dest, string)
    }
}

fn write_escaped(dest: &mut impl Write, s: &str) -> fmt::Result {
    if crate::text::all_bytes(s, crate::text::literal_plain) {
        return dest.write_str(s);
    }
    for c in s.chars() {
        match c {
            '"' => dest.write_str("\\\"")?,
            '\\' => dest.write_str("\\\\")?,
            '\n' => dest.write_str("\\n")?,
            '\r' => dest.write_str("\\r")?,
            '\t' => dest.write_str("\\t")?,
            c if c.is_control() && (c as u32) < 0x100 => write!(dest, "\\x{:02x}", c as u32)?,
            c if c.is_control() || is_invisible(c) => write!(dest, "\\u{:04x}", c as u32)?,
            c => dest.write_char(c)?,
        }
    }
    Ok(())
}

/// A Python string literal of `s` (double-quoted; no character of `s` appears unescaped if
/// it could end the literal, hide text or reorder it).
pub fn py_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_py_str(&mut out, s);
    out
}

/// [`py_str`] written at the end of `out`.
fn push_py_str(out: &mut String, s: &str) {
    out.push('"');
    let _ = write_escaped(out, s);
    out.push('"');
}

fn py_opt(s: Option<&str>) -> String {
    s.map_or_else(|| "None".to_string(), py_str)
}

fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

/// `(a, b)`, `(a,)` or `()`, in one allocation of its exact length: a large catalogue's
/// `_data.py` is one tuple per code, of tuples.
fn py_tuple(items: impl IntoIterator<Item = String>) -> String {
    let items: Vec<String> = items.into_iter().collect();
    let len = items.iter().map(|s| s.len() + 2).sum::<usize>() + 1;
    let mut out = String::with_capacity(len);
    push_py_tuple(&mut out, &items);
    out
}

/// [`py_tuple`] written at the end of `out`.
fn push_py_tuple(out: &mut String, items: &[String]) {
    out.push('(');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(item);
    }
    if items.len() == 1 {
        out.push(',');
    }
    out.push(')');
}

/// Catalogue text on one line for a `#` comment: controls become spaces, invisible and bidi
/// characters are shown as `\uXXXX`.
fn one_line(s: &str) -> String {
    if crate::text::all_bytes(s, crate::text::printable) {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_control() {
            out.push(' ');
        } else if is_invisible(c) {
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

/// A `typing.Literal` union of strings, `NoReturn` when empty.
fn literal_type(items: impl IntoIterator<Item = String>) -> String {
    let items: Vec<String> = items.into_iter().map(|s| py_str(&s)).collect();
    if items.is_empty() {
        "_t.NoReturn".to_string()
    } else {
        format!("_t.Literal[{}]", items.join(", "))
    }
}

fn py_scalar_type(ty: Scalar) -> &'static str {
    match ty {
        Scalar::String => "str",
        Scalar::Integer => "int",
        Scalar::Number => "float",
        Scalar::Boolean => "bool",
    }
}

/// A param's type hint: a list takes any sequence of its items, an object any mapping.
fn py_param_type(ty: ParamType) -> String {
    match ty {
        ParamType::String => "str".into(),
        ParamType::Integer => "int".into(),
        ParamType::Number => "float".into(),
        ParamType::Boolean => "bool".into(),
        ParamType::List(items) => format!("_t.Sequence[{}]", py_scalar_type(items)),
        ParamType::Object => "_t.Mapping[str, object]".into(),
    }
}

fn fields_py(fields: &[ProfileField]) -> String {
    py_tuple(
        fields
            .iter()
            .map(|f| py_tuple([py_str(&f.key), py_str(&f.fact.spelling())])),
    )
}

struct RegistryView {
    name: String,
    title: String,
    package: String,
    mcp_meta_prefix: String,
    class: String,
}

struct WireView {
    code: String,
    message: String,
    category: String,
    retryable: String,
    details: String,
    order: String,
}

struct ProfilesView {
    mcp_text: String,
    mcp_member: String,
    mcp_prefix: String,
    mcp_result_type: String,
    mcp_fields: String,
    jsonrpc_message: String,
    jsonrpc_data: String,
    http_body: String,
    http_content_type: String,
    http_domain: String,
    http_reason: String,
    http_retry_after: &'static str,
}

struct KeyedView {
    /// The key as a literal.
    key: String,
    /// The class attribute (`Category.INVALID_PARAMS`).
    constant: String,
    row: String,
}

struct RetiredView {
    code: String,
    row: String,
}

#[derive(PartialEq, Eq, Hash, Clone)]
struct ParamView {
    ident: String,
    ty: String,
}

struct EntryView {
    /// `ErrorCode.<key>`.
    key: String,
    key_lit: String,
    code: String,
    py_fn: String,
    /// Index of the factory's callable protocol (`_FactoryN` in `_factories.pyi`).
    signature: usize,
}

/// One line per code of a table of `_data.py` (`\n    <line>,`), written straight into the
/// module's text as it is rendered: at 50,000 codes, a row string kept per code until the
/// render was 15 MiB of fresh pages and a copy of them.
struct PerCodeLines<'a> {
    errors: &'a [ErrorEntry],
    /// Writes a code's line (without the indent and the comma).
    line: &'a dyn Fn(&mut String, &ErrorEntry),
}

impl fmt::Display for PerCodeLines<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = String::with_capacity(1024);
        for e in self.errors {
            line.clear();
            line.push_str("\n    ");
            (self.line)(&mut line, e);
            line.push(',');
            f.write_str(&line)?;
        }
        Ok(())
    }
}

/// One callable protocol of `_factories.pyi`: the params (keyword, type) and the class.
#[derive(PartialEq, Eq, Hash, Clone)]
struct SignatureView {
    params: Vec<ParamView>,
    class: String,
}

struct ClassName {
    name: String,
    lit: String,
}

struct ClassView {
    name: String,
}

#[derive(Template)]
#[template(path = "python/__init__.py")]
struct InitPy<'a> {
    header: &'a str,
    title_comment: &'a str,
    title_doc: String,
    registry_class: &'a str,
    category_type: String,
    namespace_type: String,
    error_code_doc: String,
    errors: &'a [EntryView],
    categories: &'a [KeyedView],
    namespaces: &'a [KeyedView],
    classes: &'a [ClassView],
    class_names: &'a [ClassName],
}

#[derive(Template)]
#[template(path = "python/_catalogue.py")]
struct CataloguePy<'a> {
    header: &'a str,
    registry: &'a RegistryView,
    wire: &'a WireView,
    profiles: &'a ProfilesView,
    /// `profiles.terminal.values` as a literal (`"json"`, `"python"`).
    terminal_values: String,
    categories: &'a [KeyedView],
    namespaces: &'a [KeyedView],
    retired: &'a [RetiredView],
}

/// `_data.py` up to its tables (`CODES`, `FACTORIES`); [`DataMapsPy`] renders the rest
/// after it, into the same text.
#[derive(Template)]
#[template(path = "python/_data.py")]
struct DataPy<'a> {
    header: &'a str,
    /// `CODES`: `"CODE": (row…)`.
    codes: PerCodeLines<'a>,
    /// `FACTORIES`: `"factory": "CODE"`.
    factories: PerCodeLines<'a>,
    /// Whether a map below is derived from `CODES` (above `COMPACT_ABOVE_CODES` codes): the
    /// module then imports the row indices it reads.
    derived: bool,
}

/// The rest of `_data.py`: the maps from wire code, NAME and reason to code.
#[derive(Template)]
#[template(path = "python/_data_maps.py")]
struct DataMapsPy {
    /// `BY_WIRE_CODE`, `BY_NAME` and `BY_REASON`, each rendered by [`py_map`].
    wire_map: String,
    name_map: String,
    retired_map: Vec<(String, String)>,
    /// AIP-193 reason -> live code (rendered), and -> retired code (`reason_maps`).
    reason_map: String,
    retired_reason_map: Vec<(String, String)>,
    /// Code -> [(param, its `example:` as JSON text)], for codes with param examples.
    param_examples: Vec<(String, Vec<(String, String)>)>,
}

#[derive(Template)]
#[template(path = "python/_types.pyi")]
struct TypesPyi<'a> {
    header: &'a str,
    error_code_doc: &'a str,
    errors: &'a [EntryView],
}

#[derive(Template)]
#[template(path = "python/_factories.pyi")]
struct FactoriesPyi<'a> {
    header: &'a str,
    errors: &'a [EntryView],
    class_names: &'a [ClassName],
    signatures: &'a [SignatureView],
}

/// Every error class name in first-use order: the registry's base class, then the classes
/// of the namespaces and codes.
fn class_names(cat: &Catalogue) -> Vec<String> {
    let mut names: Vec<String> = vec![cat.registry.class.clone()];
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
    names
}

/// A dict display's entries: (key literal, value literal).
type LiteralMap = Vec<(String, String)>;

/// A dict's entries before quoting: (key, value).
type RawMap<'a> = Vec<(&'a str, &'a str)>;

/// The AIP-193 reasons of the live codes, as the catalogue's `profiles.http.reason` makes
/// them: each code's own ([`http_facts::aip_reason`]), and the others (its aliases' or its
/// legacy codes'), with the index of their code.
struct ReasonKeys {
    own: Vec<String>,
    others: Vec<(usize, String)>,
}

impl ReasonKeys {
    fn new(cat: &Catalogue) -> Self {
        let by_name = cat.profiles.http.reason == ReasonSource::Name;
        let own = cat
            .errors
            .iter()
            .map(|e| http_facts::aip_reason(cat, e))
            .collect();
        let others = cat
            .errors
            .iter()
            .enumerate()
            .flat_map(|(i, e)| {
                let others = if by_name { &e.aliases } else { &e.legacy_codes };
                others.iter().map(move |o| {
                    let key = if by_name {
                        names::aip_reason(o)
                    } else {
                        o.clone()
                    };
                    (i, key)
                })
            })
            .collect();
        Self { own, others }
    }
}

/// What an AIP-193 reason names under the catalogue's `profiles.http.reason`, as the
/// reference reader (`payload::http::read_http_response`) resolves it: live codes in
/// catalogue order, each by its NAME and aliases (`reason: name`) or its code and legacy codes
/// (`reason: code`), the first owner winning; then retired codes by former NAME or code.
fn reason_maps<'a>(cat: &'a Catalogue, keys: &'a ReasonKeys) -> (RawMap<'a>, LiteralMap) {
    let by_name = cat.profiles.http.reason == ReasonSource::Name;
    let mut seen: foldhash::HashSet<&str> = foldhash::HashSet::with_capacity(keys.own.len());
    let mut live = Vec::with_capacity(keys.own.len());
    let mut others = keys.others.iter().peekable();
    for (i, (e, own)) in cat.errors.iter().zip(&keys.own).enumerate() {
        let mine = std::iter::once(own.as_str()).chain(std::iter::from_fn(|| {
            others.next_if(|(j, _)| *j == i).map(|(_, k)| k.as_str())
        }));
        for k in mine {
            if seen.insert(k) {
                live.push((k, e.code.as_str()));
            }
        }
    }
    let mut retired = Vec::new();
    let mut seen_retired = foldhash::HashSet::new();
    for r in &cat.retired {
        let key = if by_name {
            r.name.as_deref().map(names::aip_reason)
        } else {
            Some(r.code.clone())
        };
        if let Some(k) = key
            && !seen.contains(k.as_str())
            && seen_retired.insert(k.clone())
        {
            retired.push((py_str(&k), py_str(&r.code)));
        }
    }
    (live, retired)
}

/// A `dict[str, str]` of `_data.py` named `name` holding `entries` (key literal, value
/// literal; keys unique), as a dict display, one entry a line.
///
/// With `derive` (above [`COMPACT_ABOVE_CODES`] codes): a comprehension over `CODES` (its
/// Python text, and the entries it makes in the order Python makes them, the last of a
/// key winning) builds the map, then an `update` adds the entries it does not give. The
/// mapping is the same (at 50,000 codes, a third of `_data.py` was these maps repeating each
/// code's row key); when the comprehension would give a key a value `entries` does not, or a
/// key `entries` lacks, the display is written as below the threshold.
fn py_map(name: &str, entries: &[(&str, &str)], derive: Option<(&str, RawMap<'_>)>) -> String {
    let display = |out: &mut String, entries: &mut dyn Iterator<Item = &(&str, &str)>| {
        out.push('{');
        for (k, v) in entries {
            out.push_str("\n    ");
            push_py_str(out, k);
            out.push_str(": ");
            push_py_str(out, v);
            out.push(',');
        }
        out.push_str("\n}");
    };
    if let Some((comprehension, made)) = derive
        && let Some(rest) = not_given(entries, &made)
    {
        let mut out = format!(
            "# Built from CODES, then what that does not give.\n{name}: dict[str, str] = {comprehension}\n{name}.update("
        );
        display(&mut out, &mut rest.into_iter());
        out.push(')');
        return out;
    }
    let mut out = String::with_capacity(name.len() + 32 + entries.len() * 32);
    out.push_str(name);
    out.push_str(": dict[str, str] = ");
    display(&mut out, &mut entries.iter());
    out
}

/// The entries of `entries` (keys unique) that a comprehension making `made` (in order, the
/// last of a key winning) does not give; `None` when it would give a key a value `entries`
/// does not, or a key `entries` lacks.
///
/// The comprehensions make their pairs in catalogue order, as `entries` lists them, with
/// other entries (legacy codes, aliases) between or after: one walk along both finds each
/// made pair in `entries` and keeps what it passes over. Only when a pair is not found
/// further on (another order, a repeated key) are the two mappings compared by hashing. At
/// 50,000 codes the hashing of the three derived maps was about 70 ms of the last emitter's
/// worker, the other one idle (BENCHMARKS.md, twenty-seventh session).
fn not_given<'e>(
    entries: &'e [(&'e str, &'e str)],
    made: &RawMap<'_>,
) -> Option<Vec<&'e (&'e str, &'e str)>> {
    let mut rest = Vec::with_capacity(entries.len().saturating_sub(made.len()));
    let mut left = entries.iter();
    let walked = made.iter().all(|pair| {
        left.by_ref()
            .find(|entry| {
                let found = *entry == pair;
                if !found {
                    rest.push(*entry);
                }
                found
            })
            .is_some()
    });
    if walked {
        // Each made pair is a distinct entry (the keys of `entries` are unique), so `made`
        // repeats no key and gives exactly the pairs found.
        rest.extend(left);
        return Some(rest);
    }
    let wanted: foldhash::HashMap<&str, &str> = entries.iter().copied().collect();
    let mut gives: foldhash::HashMap<&str, &str> = foldhash::HashMap::with_capacity(made.len());
    for (k, v) in made {
        gives.insert(k, v);
    }
    gives
        .iter()
        .all(|(k, v)| wanted.get(k) == Some(v))
        .then(|| {
            entries
                .iter()
                .filter(|(k, v)| gives.get(k) != Some(v))
                .collect()
        })
}

/// The distribution name of the package: its import name with `-` (`milo-errors`).
pub fn distribution_name(cat: &Catalogue) -> String {
    cat.registry.python_package.replace('_', "-")
}

/// Files of this target: (path relative to the target's directory, contents).
pub fn emit(cat: &Catalogue) -> Vec<(String, String)> {
    let header = one_line(&header_text(&cat.source_name));
    let pkg = &cat.registry.python_package;
    // `_data.py` is half of the package: a task of its own (`par::join`), which builds its
    // views too (each code's row, the maps), while the other builds and renders the rest.
    let (data_py, [init_py, catalogue_py, factories_pyi, types_pyi]) =
        crate::par::join(|| data_py(cat, &header), || modules(cat, &header));
    vec![
        ("pyproject.toml".to_string(), pyproject(cat, &header)),
        (format!("{pkg}/__init__.py"), init_py),
        (format!("{pkg}/_catalogue.py"), catalogue_py),
        (format!("{pkg}/_data.py"), data_py),
        (format!("{pkg}/_factories.pyi"), factories_pyi),
        (format!("{pkg}/_types.pyi"), types_pyi),
        (
            format!("{pkg}/_runtime.py"),
            format!("# {header}\n{RUNTIME_PY}"),
        ),
        (format!("{pkg}/py.typed"), format!("# {header}\n")),
    ]
}

/// `__init__.py`, `_catalogue.py`, `_factories.pyi` and `_types.pyi`, in that order.
fn modules(cat: &Catalogue, header: &str) -> [String; 4] {
    let title_comment = one_line(&cat.registry.title);
    let pkg = &cat.registry.python_package;
    let registry = RegistryView {
        name: py_str(&cat.registry.name),
        title: py_str(&cat.registry.title),
        package: py_str(pkg),
        mcp_meta_prefix: py_str(&cat.registry.mcp_meta_prefix),
        class: py_str(&cat.registry.class),
    };
    let w = &cat.registry.wire;
    let wire = WireView {
        code: py_str(&w.code),
        message: py_str(&w.message),
        category: py_opt(w.category.as_deref()),
        retryable: py_opt(w.retryable.as_deref()),
        details: py_opt(w.details.as_deref()),
        order: py_tuple(w.order.iter().map(|f| py_str(f.as_str()))),
    };
    let mcp = &cat.profiles.mcp_tool_error;
    let rpc = &cat.profiles.jsonrpc_error;
    let http = &cat.profiles.http;
    let profiles = ProfilesView {
        mcp_text: py_str(&mcp.text.raw),
        mcp_member: py_str(mcp.data.member()),
        mcp_prefix: py_str(&mcp.prefix),
        mcp_result_type: py_opt(mcp.result_type.as_deref()),
        mcp_fields: fields_py(&mcp.fields),
        jsonrpc_message: py_str(&rpc.message.raw),
        jsonrpc_data: match &rpc.data {
            JsonRpcData::Wire => py_str("wire"),
            JsonRpcData::Omitted => "None".to_string(),
            JsonRpcData::Fields(f) => fields_py(f),
        },
        http_body: py_str(http.body.as_str()),
        http_content_type: py_str(http.body.content_type()),
        http_domain: py_str(http.domain.as_deref().unwrap_or_default()),
        http_reason: py_str(http.reason.as_str()),
        http_retry_after: py_bool(http.retry_after),
    };
    let categories: Vec<KeyedView> = cat
        .categories
        .iter()
        .map(|c| KeyedView {
            key: py_str(&c.key),
            constant: c.ids.py.clone(),
            row: rows::category_row(c),
        })
        .collect();
    let namespaces: Vec<KeyedView> = cat
        .namespaces
        .iter()
        .map(|n| KeyedView {
            key: py_str(&n.key),
            constant: n.ids.py.clone(),
            row: rows::namespace_row(n),
        })
        .collect();
    let retired: Vec<RetiredView> = cat
        .retired
        .iter()
        .map(|r| RetiredView {
            code: py_str(&r.code),
            row: rows::retired_row(r),
        })
        .collect();
    let mut signatures: Vec<SignatureView> = Vec::new();
    let mut signature_index: foldhash::HashMap<SignatureView, usize> = foldhash::HashMap::new();
    let errors: Vec<EntryView> = cat
        .errors
        .iter()
        .map(|e| EntryView {
            key: e.ids.py.constant.clone(),
            key_lit: py_str(&e.ids.py.constant),
            code: py_str(&e.code),
            py_fn: e.ids.py.function.clone(),
            signature: {
                let sig = SignatureView {
                    params: e
                        .params
                        .iter()
                        .map(|p| ParamView {
                            ident: p.ids.py.clone(),
                            ty: py_param_type(p.ty),
                        })
                        .collect(),
                    class: e.class.clone(),
                };
                *signature_index.entry(sig.clone()).or_insert_with(|| {
                    signatures.push(sig);
                    signatures.len() - 1
                })
            },
        })
        .collect();
    let all_classes = class_names(cat);
    let class_names: Vec<ClassName> = all_classes
        .iter()
        .map(|n| ClassName {
            name: n.clone(),
            lit: py_str(n),
        })
        .collect();
    let classes: Vec<ClassView> = all_classes
        .iter()
        .skip(1)
        .map(|n| ClassView { name: n.clone() })
        .collect();
    let error_code_doc = match cat.errors.first() {
        Some(e) => py_str(&format!(
            "Every live code by its catalogue NAME: ErrorCode.{} == \"{}\".",
            e.ids.py.constant, e.code
        )),
        None => py_str("Every live code by its catalogue NAME (this catalogue has none)."),
    };
    let init = InitPy {
        header,
        title_comment: &title_comment,
        title_doc: py_str(&format!(
            "{}: generated error codes and exceptions.",
            cat.registry.title
        )),
        registry_class: &cat.registry.class,
        category_type: literal_type(cat.categories.iter().map(|c| c.key.clone())),
        namespace_type: literal_type(cat.namespaces.iter().map(|n| n.key.clone())),
        error_code_doc: error_code_doc.clone(),
        errors: &errors,
        categories: &categories,
        namespaces: &namespaces,
        classes: &classes,
        class_names: &class_names,
    };
    let catalogue = CataloguePy {
        header,
        registry: &registry,
        wire: &wire,
        profiles: &profiles,
        terminal_values: py_str(cat.profiles.terminal.values.as_str()),
        categories: &categories,
        namespaces: &namespaces,
        retired: &retired,
    };
    let types = TypesPyi {
        header,
        error_code_doc: &error_code_doc,
        errors: &errors,
    };
    // The stub imports the classes its factories return, nothing else (ruff: F401).
    let mut returned: Vec<ClassName> = Vec::new();
    for e in &cat.errors {
        if !returned.iter().any(|c| c.name == e.class) {
            returned.push(ClassName {
                name: e.class.clone(),
                lit: py_str(&e.class),
            });
        }
    }
    let codes = cat.errors.len();
    let factories = FactoriesPyi {
        header,
        errors: &errors,
        class_names: &returned,
        signatures: &signatures,
    };
    [
        finish(super::render_sized(&init, 4096 + 96 * codes)),
        finish(catalogue.render()),
        finish(super::render_sized(&factories, 4096 + 96 * codes)),
        finish(super::render_sized(&types, 4096 + 96 * codes)),
    ]
}

/// `_data.py`: each code's row and the maps from wire code, NAME and reason to code.
fn data_py(cat: &Catalogue, header: &str) -> String {
    // The tables in one task, written straight into the module's text; the maps in another
    // (`par::join`), rendered after the tables into the same text.
    let (tables, maps) = crate::par::join(
        || {
            let code_line = |out: &mut String, e: &ErrorEntry| {
                push_py_str(out, &e.code);
                out.push_str(": ");
                rows::code_row(cat, e).push_py(out);
            };
            let factory_line = |out: &mut String, e: &ErrorEntry| {
                push_py_str(out, &e.ids.py.function);
                out.push_str(": ");
                push_py_str(out, &e.code);
            };
            let tables = DataPy {
                header,
                codes: PerCodeLines {
                    errors: &cat.errors,
                    line: &code_line,
                },
                factories: PerCodeLines {
                    errors: &cat.errors,
                    line: &factory_line,
                },
                derived: data_maps_derived(cat),
            };
            super::render_sized(&tables, 4096 + 640 * cat.errors.len())
        },
        || data_maps(cat),
    );
    let maps = DataMapsPy {
        wire_map: maps.wire,
        name_map: maps.name,
        retired_map: maps.retired,
        reason_map: maps.reason,
        retired_reason_map: maps.retired_reason,
        param_examples: maps.param_examples,
    };
    finish(tables.and_then(|mut text| {
        maps.render_into(&mut text)?;
        Ok(text)
    }))
}

/// Whether `_data.py`'s maps that repeat each code's row key are built from `CODES`.
fn data_maps_derived(cat: &Catalogue) -> bool {
    cat.errors.len() > COMPACT_ABOVE_CODES
}

/// The maps of `_data.py` besides `CODES` and `FACTORIES`.
struct DataMaps {
    wire: String,
    name: String,
    retired: LiteralMap,
    reason: String,
    retired_reason: LiteralMap,
    param_examples: Vec<(String, LiteralMap)>,
}

fn data_maps(cat: &Catalogue) -> DataMaps {
    let codes = cat.errors.len();
    // Live codes, then legacy codes that are no live code (first owner wins); NAMEs, then
    // aliases.
    let mut wire_map: RawMap<'_> = Vec::with_capacity(codes);
    let mut seen = foldhash::HashSet::with_capacity(codes);
    for e in &cat.errors {
        seen.insert(e.code.as_str());
        wire_map.push((&e.code, &e.code));
    }
    for e in &cat.errors {
        for l in &e.legacy_codes {
            if seen.insert(l.as_str()) {
                wire_map.push((l, &e.code));
            }
        }
    }
    let mut name_map: RawMap<'_> = Vec::with_capacity(codes);
    let mut seen = foldhash::HashSet::with_capacity(codes);
    for e in &cat.errors {
        if seen.insert(e.name.as_str()) {
            name_map.push((&e.name, &e.code));
        }
    }
    for e in &cat.errors {
        for a in &e.aliases {
            if seen.insert(a.as_str()) {
                name_map.push((a, &e.code));
            }
        }
    }
    let mut retired_map = Vec::new();
    let mut seen = foldhash::HashSet::new();
    for r in &cat.retired {
        if seen.insert(r.code.as_str()) {
            retired_map.push((py_str(&r.code), py_str(&r.code)));
        }
    }
    for r in &cat.retired {
        if let Some(n) = r.name.as_deref().filter(|n| seen.insert(n)) {
            retired_map.push((py_str(n), py_str(&r.code)));
        }
    }
    let reason_keys = ReasonKeys::new(cat);
    let (reason_map, retired_reason_map) = reason_maps(cat, &reason_keys);
    let param_examples = cat
        .errors
        .iter()
        .filter_map(|e| {
            let examples: Vec<(String, String)> = e
                .params
                .iter()
                .filter_map(|p| {
                    let json = serde_json::to_string(p.example.as_ref()?).ok()?;
                    Some((py_str(&p.name), py_str(&json)))
                })
                .collect();
            (!examples.is_empty()).then(|| (py_str(&e.code), examples))
        })
        .collect();
    // Above the threshold the maps that repeat each code's row key are built from `CODES`:
    // what the comprehension makes, in the order Python makes it.
    let derived = data_maps_derived(cat);
    let made = |key: &dyn Fn(&ErrorEntry) -> &str| -> RawMap<'_> {
        cat.errors
            .iter()
            .map(|e| (key(e), e.code.as_str()))
            .collect()
    };
    let wire = py_map(
        "BY_WIRE_CODE",
        &wire_map,
        derived.then(|| ("{c: c for c in CODES}", made(&|e| &e.code))),
    );
    let name = py_map(
        "BY_NAME",
        &name_map,
        derived.then(|| {
            (
                "{r[_CODE_NAME]: c for c, r in CODES.items()}",
                made(&|e| &e.name),
            )
        }),
    );
    let reason = py_map(
        "BY_REASON",
        &reason_map,
        derived.then(|| {
            let made = reason_keys.own.iter().zip(&cat.errors);
            (
                "{r[_CODE_AIP_REASON]: c for c, r in CODES.items()}",
                made.map(|(k, e)| (k.as_str(), e.code.as_str())).collect(),
            )
        }),
    );
    DataMaps {
        wire,
        name,
        retired: retired_map,
        reason,
        retired_reason: retired_reason_map,
        param_examples,
    }
}

/// Rendering cannot fail on these views; a failure would be a bug in a template.
fn finish(r: askama::Result<String>) -> String {
    let mut s = r.unwrap_or_else(|e| format!("# errdex: template error: {e}\n"));
    if !s.ends_with('\n') {
        s.push('\n');
    }
    s
}

/// `pyproject.toml`: a setuptools distribution of the one package, no dependencies.
fn pyproject(cat: &Catalogue, header: &str) -> String {
    // TOML basic strings take JSON's escapes.
    let toml = |s: &str| serde_json::Value::from(s).to_string();
    let pkg = &cat.registry.python_package;
    let package = &cat.package;
    let keywords: Vec<String> = package.keywords.iter().map(|k| toml(k)).collect();
    // PEP 639: `license` is an SPDX expression (setuptools 77 reads it).
    let license = package
        .license
        .as_deref()
        .map(|l| format!("license = {}\n", toml(l)))
        .unwrap_or_default();
    let urls = package
        .repository
        .as_deref()
        .map(|u| format!("\n[project.urls]\nRepository = {}\n", toml(u)))
        .unwrap_or_default();
    format!(
        "# {header}\n\
         [build-system]\n\
         requires = [\"setuptools>=77\"]\n\
         build-backend = \"setuptools.build_meta\"\n\
         \n\
         [project]\n\
         name = {name}\n\
         version = {version}\n\
         description = {description}\n\
         {license}\
         keywords = [{keywords}]\n\
         requires-python = \">=3.10\"\n\
         dependencies = []\n\
         classifiers = [\"Typing :: Typed\"]\n\
         {urls}\
         \n\
         [tool.setuptools]\n\
         packages = [{pkg_lit}]\n\
         \n\
         [tool.setuptools.package-data]\n\
         {pkg} = [\"py.typed\", \"*.pyi\"]\n",
        name = toml(&distribution_name(cat)),
        version = toml(&package.version),
        description = toml(&one_line(&cat.registry.title)),
        keywords = keywords.join(", "),
        pkg_lit = toml(pkg),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Fact;

    /// Python's tuple displays: `()`, `(a,)` (the comma makes it a tuple), `(a, b)`.
    #[test]
    fn tuples_are_python_tuple_displays() {
        let t = |items: &[&str]| py_tuple(items.iter().map(|s| (*s).to_string()));
        assert_eq!(t(&[]), "()");
        assert_eq!(t(&["1"]), "(1,)");
        assert_eq!(t(&["1", "\"a\"", "None"]), "(1, \"a\", None)");
    }

    /// A derived map writes only what its comprehension does not give; a comprehension that
    /// would give a key another value (or a key the map lacks) is not used. Keys and values
    /// are compared as the catalogue wrote them and quoted as they are written.
    #[test]
    fn derived_maps_hold_the_same_mapping() {
        let entries = vec![("A", "A"), ("B", "B"), ("L\"1", "A")];
        let exact = py_map(
            "M",
            &entries,
            Some(("{c: c for c in CODES}", vec![("A", "A"), ("B", "B")])),
        );
        assert_eq!(
            exact,
            "# Built from CODES, then what that does not give.\nM: dict[str, str] = {c: c for c in CODES}\nM.update({\n    \"L\\\"1\": \"A\",\n})"
        );
        let plain = "M: dict[str, str] = {\n    \"A\": \"A\",\n    \"B\": \"B\",\n    \"L\\\"1\": \"A\",\n}";
        assert_eq!(py_map("M", &entries, None), plain);
        // The comprehension's last value of a key wins, as in Python: here `B`'s.
        let clash = vec![("A", "A"), ("A", "B")];
        assert_eq!(py_map("M", &entries, Some(("{...}", clash))), plain);
        let extra = vec![("A", "A"), ("X", "B")];
        assert_eq!(py_map("M", &entries, Some(("{...}", extra))), plain);
        // Made in another order than the map lists: compared by hashing, the same result.
        let reordered = py_map(
            "M",
            &entries,
            Some(("{c: c for c in CODES}", vec![("B", "B"), ("A", "A")])),
        );
        assert_eq!(reordered, exact);
        // The same pair made twice gives it once.
        let twice = py_map(
            "M",
            &entries,
            Some((
                "{c: c for c in CODES}",
                vec![("A", "A"), ("B", "B"), ("A", "A")],
            )),
        );
        assert_eq!(twice, exact);
    }

    /// The walk keeps the entries between and after the made pairs, in the map's order.
    #[test]
    fn not_given_keeps_what_lies_between() {
        let entries = [("A", "1"), ("a", "1"), ("B", "2"), ("C", "3"), ("c", "3")];
        let made = vec![("A", "1"), ("B", "2"), ("C", "3")];
        let rest: Vec<_> = not_given(&entries, &made)
            .expect("the made pairs are entries, in order")
            .into_iter()
            .copied()
            .collect();
        assert_eq!(rest, [("a", "1"), ("c", "3")]);
        assert_eq!(not_given(&entries, &vec![("B", "9")]), None);
        assert_eq!(not_given(&entries, &vec![("Z", "1")]), None);
    }
    use crate::names;

    #[test]
    fn literals_escape_what_could_end_or_hide() {
        assert_eq!(py_str("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(py_str("\u{0}\u{7f}\u{85}"), r#""\x00\x7f\x85""#);
        assert_eq!(py_str("\u{202e}x\u{2028}"), r#""\u202ex\u2028""#);
        assert_eq!(py_str("'''\"\"\"é🎉"), "\"'''\\\"\\\"\\\"é🎉\"");
        assert_eq!(one_line("a\nb\u{202e}"), "a b\\u202e");
    }

    /// The lower-case names the package binds (what a factory's name must not be) are
    /// `names::PY_MODULE_NAMES`, no more and no fewer: the runtime's functions that
    /// `__init__.py` re-exports, its own `def`s, and `annotations`.
    #[test]
    fn the_package_binds_only_the_reserved_module_names() {
        let init = include_str!("../../templates/python/__init__.py");
        let mut bound = std::collections::BTreeSet::new();
        // Module level: lines at column 0, and those of an `if`/`else` at column 0.
        let mut in_if = false;
        for line in init.lines() {
            let indent = line.len() - line.trim_start().len();
            if indent == 0 && !line.is_empty() {
                in_if = line.starts_with("if ") || line.starts_with("else:");
            }
            if !(indent == 0 || (indent == 4 && in_if)) {
                continue;
            }
            let line = line.trim();
            let name = if let Some(rest) = line.strip_prefix("def ") {
                rest.split('(').next()
            } else if line.starts_with("from ") {
                line.rsplit(" import ")
                    .next()
                    .map(|n| n.rsplit(" as ").next().unwrap_or(n))
            } else {
                None
            };
            if let Some(name) = name.filter(|n| n.starts_with(|c: char| c.is_ascii_lowercase())) {
                bound.insert(name);
            }
        }
        let reserved: std::collections::BTreeSet<&str> =
            names::PY_MODULE_NAMES.iter().copied().collect();
        assert_eq!(
            bound, reserved,
            "names::PY_MODULE_NAMES vs what __init__.py binds"
        );
        for name in names::PY_MODULE_NAMES
            .iter()
            .filter(|n| **n != "annotations")
        {
            assert!(
                RUNTIME_PY.contains(&format!("\ndef {name}(")),
                "{name}: not in _runtime.py"
            );
        }
    }

    #[test]
    fn the_runtime_reads_every_named_fact() {
        for (f, _) in Fact::NAMED {
            assert!(RUNTIME_PY.contains(&format!("fact == \"{f}\"")), "{f}");
        }
    }

    /// The runtime is catalogue-independent: no template syntax, and every package ships
    /// it byte for byte after its `@generated` line.
    #[test]
    fn the_runtime_is_shipped_verbatim() {
        assert!(!RUNTIME_PY.contains("{{") && !RUNTIME_PY.contains("{%"));
        let src = "errdex: 1\nregistry:\n  name: milo\ncategories:\n  invalid:\n    summary: Bad input\nerrors:\n  FRM_VALIDATION:\n    category: invalid\n    summary: Form validation failure\n";
        let loaded = crate::load_str(src, "errors.yaml");
        let cat = loaded.catalogue.expect("a valid catalogue");
        let files = emit(&cat);
        let (_, runtime) = files
            .iter()
            .find(|(path, _)| path == "milo_errors/_runtime.py")
            .expect("the runtime");
        let header = format!("# {}\n", header_text("errors.yaml"));
        assert_eq!(runtime.strip_prefix(&header), Some(RUNTIME_PY));
    }
}
