//! Every identifier and address errdex derives, in one place: Rust, TypeScript, Python and Go
//! names, slugs, and where the book puts a code ([`DocsLayout`]) and its docs URL.
//!
//! Case conversion is heck's; keywords are escaped (`r#type`) or renamed (`self_`) so a
//! catalogue name can never produce broken code. Collisions after conversion are detected by
//! the validator, which compares the strings produced here.

use heck::{ToKebabCase, ToLowerCamelCase, ToShoutySnakeCase, ToSnakeCase, ToUpperCamelCase};

/// Rust keywords (strict and reserved, all editions).
pub const RUST_KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "Self", "static", "struct", "super", "trait", "true", "try", "type",
    "typeof", "union", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// Keywords that cannot be raw identifiers (`r#self` is invalid): renamed with a `_` suffix.
const RUST_NON_RAW: &[&str] = &["crate", "self", "Self", "super", "_"];

/// Reserved and contextual words of TypeScript / JavaScript that may not name a binding.
pub const TS_RESERVED: &[&str] = &[
    "abstract",
    "any",
    "arguments",
    "as",
    "async",
    "await",
    "boolean",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "constructor",
    "continue",
    "debugger",
    "declare",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "eval",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "from",
    "function",
    "get",
    "if",
    "implements",
    "import",
    "in",
    "infer",
    "instanceof",
    "interface",
    "is",
    "keyof",
    "let",
    "module",
    "namespace",
    "never",
    "new",
    "null",
    "number",
    "object",
    "of",
    "package",
    "private",
    "protected",
    "public",
    "readonly",
    "require",
    "return",
    "set",
    "static",
    "string",
    "super",
    "switch",
    "symbol",
    "this",
    "throw",
    "true",
    "try",
    "type",
    "typeof",
    "undefined",
    "unique",
    "unknown",
    "var",
    "void",
    "while",
    "with",
    "yield",
];

/// The inherent methods of the generated `Error` type, in the order of `impl Error` in the
/// runtime (`emit/rust/runtime/error/`; a test in `emit::rust::runtime` parses the runtime
/// and keeps the two equal): a constructor named like one of them gets a `_` suffix
/// (`Error::message_`).
pub const RUST_ERROR_METHODS: &[&str] = &[
    "new",
    "from_named",
    "with_argument",
    "with_constraint",
    "with_context",
    "with_suggestion",
    "with_message",
    "with_expected",
    "with_error_type",
    "error_type",
    "with_source",
    "code",
    "wire_code",
    "is_known",
    "wire_kind",
    "category",
    "category_str",
    "retryable",
    "retry",
    "expected",
    "log_level",
    "exit_code",
    "http_status",
    "jsonrpc_code",
    "docs_url",
    "summary",
    "message",
    "suggestion",
    "argument",
    "constraint",
    "params",
    "param",
    "context",
    "to_wire",
    "to_mcp_tool_result",
    "to_jsonrpc_error",
    "to_jsonrpc_response",
    "to_tool_response",
    "to_problem_json",
    "to_http_response",
    "from_wire",
];

/// Other names a constructor of `Error` may not take: methods of the traits `Error`
/// implements or derives (`source`, `clone`, `fmt`, …), and names kept free for the runtime
/// (`name`, `namespace` as on `ErrorCode`, `unknown`).
pub const RUST_ERROR_RESERVED: &[&str] = &[
    "source",
    "clone",
    "fmt",
    "to_string",
    "default",
    "eq",
    "hash",
    "serialize",
    "deserialize",
    "from",
    "into",
    "name",
    "namespace",
    "unknown",
    // The framework traits of `rust.integrations` (axum, actix-web).
    "into_response",
    "status_code",
    "error_response",
];

/// The types of the generated Rust file (the catalogue's and the runtime's, private ones
/// included): a namespace's sub-enum ([`rust_namespace_enum`]) may not take one of these
/// names. `emit::rust::runtime` tests that the runtime declares no other.
pub const RUST_TYPES: &[&str] = &[
    "Category",
    "Deprecation",
    "ErrdexAligned",
    "ErrdexCategoryMeta",
    "ErrdexCode",
    "ErrdexCodeMeta",
    "ErrdexData",
    "ErrdexInner",
    "ErrdexNamespaceMeta",
    "ErrdexSplice",
    "ErrdexStrVisitor",
    "Error",
    "ErrorCode",
    "HttpBody",
    "HttpErrorResponse",
    "HttpProfile",
    "HttpReading",
    "JsonRpcData",
    "JsonRpcProfile",
    "LogLevel",
    "McpProfile",
    "Names",
    "Namespace",
    "ParamScalar",
    "ParamSpec",
    "ParamType",
    "ParseCodeError",
    "ParseNameError",
    "ProfileFact",
    "RetiredCode",
    "RetryAdvice",
    "WireField",
    "WireKeys",
    "WireKind",
];

/// The Rust sub-enum of a namespace's codes: `FrmCode` for the namespace variant `Frm`.
/// Where that is a type of the generated runtime (SQLite's namespace `ERROR` would give
/// `ErrorCode`, the enum of every code), `ErrorNamespaceCode` instead, so that a namespace
/// is named as its system names it.
pub fn rust_namespace_enum(namespace_variant: &str) -> String {
    let stem = namespace_variant.trim_end_matches('_');
    let plain = format!("{stem}Code");
    if RUST_TYPES.contains(&plain.as_str()) {
        format!("{stem}NamespaceCode")
    } else {
        plain
    }
}

/// `true` for a catalogue NAME: UPPER_SNAKE or lower_snake, starting with a letter. The
/// loader checks the format's `ENTRY_NAME` pattern; this is it for code below the format
/// (a test in `catalogue::format` checks they agree).
pub fn is_entry_name(s: &str) -> bool {
    let mut chars = s.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    if !first.is_ascii_alphabetic() || s.ends_with('_') || s.contains("__") {
        return false;
    }
    let upper = s
        .chars()
        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
    let lower = s
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    upper || lower
}

/// `true` for an identifier usable as a param, category or namespace key:
/// `[A-Za-z_][A-Za-z0-9_]*`, but not `_` alone. The loader checks the format's `IDENT`
/// pattern; this is it for code below the format, such as template placeholders (a test in
/// `catalogue::format` checks they agree).
pub fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && s != "_"
}

/// Template placeholders name params: the same rule as [`is_identifier`].
pub fn is_param_name(s: &str) -> bool {
    is_identifier(s)
}

/// The words heck finds in `s` when `s` is ASCII letters, digits and `_` in one case only
/// (every catalogue NAME, most keys): then its only word boundaries are the underscores.
/// `None` otherwise (mixed case, other characters), where heck itself runs. heck goes
/// through `fmt` machinery per character, and these conversions run for every code of
/// every build; the `heck_fast_paths_agree` property test pins them to heck.
fn simple_words(s: &str) -> Option<impl Iterator<Item = &str>> {
    let (mut upper, mut lower) = (false, false);
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' => upper = true,
            b'a'..=b'z' => lower = true,
            b'0'..=b'9' | b'_' => {}
            _ => return None,
        }
    }
    (!(upper && lower)).then(|| s.split('_').filter(|w| !w.is_empty()))
}

/// heck's `to_upper_camel_case`.
fn upper_camel(s: &str) -> String {
    let Some(words) = simple_words(s) else {
        return s.to_upper_camel_case();
    };
    let mut out = String::with_capacity(s.len());
    for w in words {
        let (first, rest) = w.split_at(1);
        out.push_str(&first.to_ascii_uppercase());
        out.push_str(&rest.to_ascii_lowercase());
    }
    out
}

/// heck's `to_snake_case` (`upper == false`) or `to_shouty_snake_case` (`upper == true`).
fn snake(s: &str, upper: bool) -> String {
    let Some(words) = simple_words(s) else {
        return if upper {
            s.to_shouty_snake_case()
        } else {
            s.to_snake_case()
        };
    };
    let mut out = String::with_capacity(s.len());
    for w in words {
        if !out.is_empty() {
            out.push('_');
        }
        out.push_str(w);
    }
    if upper {
        out.make_ascii_uppercase();
    } else {
        out.make_ascii_lowercase();
    }
    out
}

/// A Rust type-level name (enum variant): UpperCamelCase, renamed if it is `Self`.
pub fn rust_variant(name: &str) -> String {
    let mut v = upper_camel(name);
    if v.is_empty() {
        v.push('X');
    }
    if v.starts_with(|c: char| c.is_ascii_digit()) {
        v.insert(0, 'X');
    }
    if v == "Self" {
        v.push('_');
    }
    v
}

/// A Rust value-level name (fn, argument): snake_case with keywords escaped.
pub fn rust_snake(name: &str) -> String {
    let mut s = snake(name, false);
    if s.is_empty() {
        s.push('x');
    }
    if s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    escape_rust(s)
}

/// Escapes a Rust keyword: `r#type`, or `self_` for the ones that cannot be raw.
pub fn escape_rust(s: String) -> String {
    if RUST_NON_RAW.contains(&s.as_str()) {
        format!("{s}_")
    } else if RUST_KEYWORDS.contains(&s.as_str()) {
        format!("r#{s}")
    } else {
        s
    }
}

/// The constructor name on the generated `Error`: snake_case, keywords escaped, and a `_`
/// suffix where it would clash with a method of `Error`.
pub fn rust_constructor(name: &str) -> String {
    let s = rust_snake(name);
    if RUST_ERROR_METHODS.contains(&s.as_str()) || RUST_ERROR_RESERVED.contains(&s.as_str()) {
        format!("{s}_")
    } else {
        s
    }
}

/// The bare form of a Rust identifier (without `r#`), for collision checks.
pub fn unraw(s: &str) -> &str {
    s.strip_prefix("r#").unwrap_or(s)
}

/// The key in the TypeScript `ErrorCode` object: SHOUTY_SNAKE of the name.
pub fn ts_key(name: &str) -> String {
    snake(name, true)
}

/// A TypeScript type name: UpperCamelCase.
pub fn ts_type(name: &str) -> String {
    let mut t = rust_variant(name);
    let bare = t.trim_end_matches('_').len();
    t.truncate(bare);
    t
}

/// The TypeScript params interface of a code: `XxxParams` (from its [`ts_type`]), or the
/// shared [`TS_NO_PARAMS`] for a code without params.
pub fn ts_params_type(ts_type: &str, has_params: bool) -> String {
    if has_params {
        crate::text::concat(&[ts_type, "Params"])
    } else {
        TS_NO_PARAMS.to_string()
    }
}

/// The TypeScript params type of codes without params. It cannot collide with a code's
/// `XxxParams`.
pub const TS_NO_PARAMS: &str = "NoParameters";

/// The TypeScript wire type of one code: `WireErrorOf<"CODE">` (the code as a JSON string).
pub fn ts_wire_error_type(code: &str) -> String {
    // The code as a JSON (and so TypeScript) string literal, as `Value::from(code)` prints it.
    let literal = serde_json::to_string(code).unwrap_or_default();
    crate::text::concat(&["WireErrorOf<", &literal, ">"])
}

/// The `$defs` name of the `n`th (from 1) branch of a bulk wire-error schema, one per group
/// of codes that share all but the code: `WireGroup<n>`, never a code's `XxxWireError`.
pub fn schema_wire_group(n: usize) -> String {
    format!("WireGroup{n}")
}

/// The `$defs` name of a code's branch in `wire-error.schema.json`: `XxxWireError`, after
/// the TypeScript type name.
pub fn schema_wire_branch(ts_type: &str) -> String {
    format!("{ts_type}WireError")
}

/// `true` when `s` can be written as a bare TypeScript property name.
pub fn ts_bare_property(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// URL and anchor slug: lower-cased, every run of characters outside `[a-z0-9_]` turned
/// into `-` (`docs/catalogue.md`, "What the names become").
pub fn slug(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut in_run = false;
    for c in s.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' {
            out.push(c);
            in_run = false;
        } else if !in_run {
            out.push('-');
            in_run = true;
        }
    }
    out
}

/// Default crate / npm package name derived from the registry name: `acme-errors`.
pub fn package_name(registry: &str) -> String {
    format!("{}-errors", registry.to_kebab_case())
}

/// `not_found` → `Not found`: a category's default title.
pub fn category_title(key: &str) -> String {
    let spaced = key.replace(['_', '-'], " ");
    let mut chars = spaced.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Placeholders a `docs_url` template may use, in the order [`fill_docs_url`] takes their
/// values: the namespace's slug, the code's slug (its anchor), the code as written
/// (percent-encoded: a third-party site whose paths are case-sensitive, such as rustc's
/// `error_codes/E0308.html`), the NAME's slug and the category's.
/// Each may drop a prefix of its value: `{name#sqlite_}` is the NAME's slug without a
/// leading `sqlite_` (compared without regard to ASCII case; a value without it is kept
/// whole), as POSIX shells' `${name#prefix}`: SQLite's page anchors `ioerr_read` for
/// `SQLITE_IOERR_READ`.
pub const DOCS_URL_PLACEHOLDERS: [&str; 5] =
    ["namespace", "code", "code_as_written", "name", "category"];

/// Whether the docs URL template `t` uses the placeholder `name` (with or without a
/// prefix to drop).
pub fn docs_url_uses(t: &str, name: &str) -> bool {
    // Without building `{name}` (this runs for every code's URL).
    t.match_indices(name).any(|(i, _)| {
        t[..i].ends_with('{') && matches!(t.as_bytes().get(i + name.len()), Some(b'}' | b'#'))
    })
}

/// Whether `value` starts with `prefix`, compared without regard to ASCII case: what
/// `{name#prefix}` drops.
pub fn starts_with_prefix(value: &str, prefix: &str) -> bool {
    value
        .get(..prefix.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
}

/// `value` without a leading `prefix` ([`starts_with_prefix`], `{name#X}`); `value` whole
/// when it does not start with it.
fn drop_prefix<'v>(value: &'v str, prefix: &str) -> &'v str {
    if starts_with_prefix(value, prefix) {
        &value[prefix.len()..]
    } else {
        value
    }
}

/// One code as a docs URL sees it.
#[derive(Debug, Clone, Copy)]
pub struct CodeUrl<'a> {
    pub namespace_slug: &'a str,
    /// The code's slug, its anchor in the book.
    pub anchor: &'a str,
    /// The code as written in the catalogue.
    pub code: &'a str,
    pub name: &'a str,
    pub category_key: &'a str,
}

impl CodeUrl<'_> {
    /// The value of the docs URL placeholder `hole` ([`DOCS_URL_PLACEHOLDERS`]) for this
    /// code, before a prefix is dropped; empty for an unknown one.
    pub fn value(&self, hole: &str) -> std::borrow::Cow<'_, str> {
        use std::borrow::Cow;
        match hole {
            "namespace" => Cow::Borrowed(self.namespace_slug),
            "code" => Cow::Borrowed(self.anchor),
            "code_as_written" => Cow::Owned(crate::text::percent_encode(self.code, b"-._~")),
            "name" => Cow::Owned(slug(self.name)),
            "category" => Cow::Owned(slug(self.category_key)),
            _ => Cow::Borrowed(""),
        }
    }
}

/// Where the book puts a code (`docs.layout`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DocsLayout {
    /// One page per namespace, one section per code: `frm.html#acm-frm-001` (the default).
    #[default]
    Namespace,
    /// One page per code at the book's root: `acm-frm-001.html`.
    Code,
    /// One page per code in its namespace's folder: `frm/acm-frm-001.html`.
    NamespaceCode,
}

impl DocsLayout {
    /// Every layout, by the word a catalogue writes.
    pub const ALL: [DocsLayout; 3] = [
        DocsLayout::Namespace,
        DocsLayout::Code,
        DocsLayout::NamespaceCode,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            DocsLayout::Namespace => "namespace",
            DocsLayout::Code => "code",
            DocsLayout::NamespaceCode => "namespace/code",
        }
    }

    pub fn parse(word: &str) -> Option<DocsLayout> {
        DocsLayout::ALL.into_iter().find(|l| l.as_str() == word)
    }

    /// `true` when each code has a page of its own.
    pub fn per_code(self) -> bool {
        self != DocsLayout::Namespace
    }
}

/// A code's docs URL: its template (`errors.<NAME>.docs_url`, else `registry.docs_url`)
/// filled in; without a template, the code's place in the generated book
/// ([`code_address`]: `<page>.html#<anchor>` in the namespace layout, the code's own page
/// `<page>.html` in the others) under `registry.docs_site_url`, relative when that is absent.
pub fn docs_url(
    template: Option<&str>,
    site: Option<&str>,
    layout: DocsLayout,
    code: &CodeUrl<'_>,
) -> String {
    match template {
        Some(t) => {
            // The values only of the placeholders the template names (most name neither
            // `{name}` nor `{category}`, whose slugs are built).
            let values = DOCS_URL_PLACEHOLDERS.map(|p| {
                if docs_url_uses(t, p) {
                    code.value(p)
                } else {
                    std::borrow::Cow::Borrowed("")
                }
            });
            fill_docs_url(t, values.each_ref().map(|v| v.as_ref()))
        }
        None => {
            let (page, fragment) = code_address(layout, code.namespace_slug, code.anchor);
            let site = site.unwrap_or("");
            match fragment {
                Some(f) => format!("{site}{page}.html#{f}"),
                None => format!("{site}{page}.html"),
            }
        }
    }
}

/// Where a code lives in the book of `layout`: its page (a path relative to the book's
/// root, without `.html`) and the fragment of its section on that page, `None` when the
/// page is the code's own (its title then carries the anchor too).
pub fn code_address<'a>(
    layout: DocsLayout,
    namespace_slug: &str,
    anchor: &'a str,
) -> (String, Option<&'a str>) {
    match layout {
        DocsLayout::Namespace => (namespace_slug.to_string(), Some(anchor)),
        DocsLayout::Code => (anchor.to_string(), None),
        DocsLayout::NamespaceCode => (format!("{namespace_slug}/{anchor}"), None),
    }
}

/// A link from the book page `from` to `to` (both paths relative to the book's root,
/// without extension), with `ext` (`.md` for mdBook's links, `.html` for redirects):
/// `frm/acm-frm-001` → `index` is `../index.md`.
pub fn book_href(from: &str, to: &str, ext: &str) -> String {
    let from_dirs: Vec<&str> = from.split('/').collect();
    let from_dirs = &from_dirs[..from_dirs.len() - 1];
    let to_parts: Vec<&str> = to.split('/').collect();
    let common = from_dirs
        .iter()
        .zip(&to_parts[..to_parts.len() - 1])
        .take_while(|(a, b)| a == b)
        .count();
    let mut out = "../".repeat(from_dirs.len() - common);
    out.push_str(&to_parts[common..].join("/"));
    out.push_str(ext);
    out
}

/// The anchor of a category on the book's index page: `category.<slug>`. Code anchors are
/// slugs, which never contain a `.`, so no code's anchor can equal a category's, on the
/// index page or in mdBook's print page that joins every page.
pub fn category_anchor(key: &str) -> String {
    format!("category.{}", slug(key))
}

/// Where `url` lands in the generated book deployed at `site` (`registry.docs_site_url`,
/// ending in `/`): the page's file stem (`general`; `index` for the site root) and the
/// fragment (empty when none). `None` when `url` is not under `site`. A query is ignored;
/// `page.html` and the extensionless `page` (how static hosts serve pretty URLs) both name
/// `page.html`; a page may sit in a folder (`frm/acm-frm-001`).
pub fn book_target<'u>(url: &'u str, site: &str) -> Option<(&'u str, &'u str)> {
    let rest = url.strip_prefix(site)?;
    let (path, fragment) = rest.split_once('#').unwrap_or((rest, ""));
    let path = path.split('?').next().unwrap_or("");
    let page = path.strip_suffix(".html").unwrap_or(path);
    Some((if page.is_empty() { "index" } else { page }, fragment))
}

/// Fills a docs URL template (placeholders already checked) with the values of
/// [`DOCS_URL_PLACEHOLDERS`], in their order.
pub fn fill_docs_url(t: &str, values: [&str; DOCS_URL_PLACEHOLDERS.len()]) -> String {
    let mut out = String::with_capacity(t.len() + 16);
    let mut rest = t;
    while let Some(i) = rest.find(['{', '}']) {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if let Some(after) = tail.strip_prefix("{{") {
            out.push('{');
            rest = after;
        } else if let Some(after) = tail.strip_prefix("}}") {
            out.push('}');
            rest = after;
        } else if let (true, Some(end)) = (tail.starts_with('{'), tail.find('}')) {
            let whole = &tail[1..end];
            let (hole, prefix) = whole.split_once('#').unwrap_or((whole, ""));
            match DOCS_URL_PLACEHOLDERS.iter().position(|p| *p == hole) {
                Some(n) => out.push_str(drop_prefix(values[n], prefix)),
                None => {
                    out.push('{');
                    out.push_str(whole);
                    out.push('}');
                }
            }
            rest = &tail[end + 1..];
        } else {
            out.push_str(&tail[..1]);
            rest = &tail[1..];
        }
    }
    out.push_str(rest);
    out
}

/// The base error class of a registry that names none: `milo` → `MiloError`,
/// `acme-cli` → `AcmeCliError` (each word's first letter upper-cased, the rest kept).
pub fn default_class(registry_name: &str) -> String {
    let ident: String = registry_name
        .split(['-', '_'])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars.next().map_or_else(String::new, |c| {
                c.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect();
    format!("{ident}Error")
}

/// Python keywords and soft keywords: escaped with a `_` suffix (PEP 8) wherever a
/// catalogue name becomes a Python identifier. `l`, `O` and `I` join them (ruff's E741/E743
/// reject them as ambiguous).
pub const PY_KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield", "_", "case", "match", "type", "l", "O", "I",
];

/// Python's lower-case builtins: a factory (a module-level function) named like one would
/// shadow it for the rest of the module, so it gets a `_` suffix (`str_`).
pub const PY_BUILTINS: &[&str] = &[
    "abs",
    "aiter",
    "all",
    "anext",
    "any",
    "ascii",
    "bin",
    "bool",
    "breakpoint",
    "bytearray",
    "bytes",
    "callable",
    "chr",
    "classmethod",
    "compile",
    "complex",
    "copyright",
    "credits",
    "delattr",
    "dict",
    "dir",
    "divmod",
    "enumerate",
    "eval",
    "exec",
    "exit",
    "filter",
    "float",
    "format",
    "frozenset",
    "getattr",
    "globals",
    "hasattr",
    "hash",
    "help",
    "hex",
    "id",
    "input",
    "int",
    "isinstance",
    "issubclass",
    "iter",
    "len",
    "license",
    "list",
    "locals",
    "map",
    "max",
    "memoryview",
    "min",
    "next",
    "object",
    "oct",
    "open",
    "ord",
    "pow",
    "print",
    "property",
    "quit",
    "range",
    "repr",
    "reversed",
    "round",
    "set",
    "setattr",
    "slice",
    "sorted",
    "staticmethod",
    "str",
    "sum",
    "super",
    "tuple",
    "type",
    "vars",
    "zip",
];

/// The lower-case module-level names of the generated Python package (its functions and
/// `annotations`, bound by `from __future__ import annotations`): a factory named like one
/// gets a `_` suffix (`parse_`). `python.rs` tests that `__init__.py` binds these and no
/// other, and that each function is the runtime's (`emit/python/_runtime.py`).
pub const PY_MODULE_NAMES: &[&str] = &[
    "annotations",
    "create_error",
    "format_error",
    "from_wire",
    "info",
    "is_error_code",
    "is_retryable",
    "lookup",
    "parse",
    "read_http_response",
    "render_template",
    "retry_advice",
];

/// The keyword arguments every factory takes besides the code's params: a param named like
/// one is passed as `<name>_` (`message_="..."`).
pub const PY_FACTORY_OPTIONS: &[&str] = &[
    "argument",
    "constraint",
    "suggestion",
    "context",
    "message",
    "expected",
    "error_type",
    "docs_url",
    "cause",
];

/// The Python factory of an entry: snake_case of its NAME, with a `_` suffix when that is a
/// keyword, a builtin or a name of the generated module (`frm_validation`, `str_`, `parse_`).
/// NAMEs never end with `_`, so the suffix cannot meet another entry's factory.
pub fn py_function(name: &str) -> String {
    let s = snake(name, false);
    let clash = PY_KEYWORDS.contains(&s.as_str())
        || PY_BUILTINS.contains(&s.as_str())
        || PY_MODULE_NAMES.contains(&s.as_str());
    if clash { format!("{s}_") } else { s }
}

/// The Python keyword argument of a param: the name as written, with a `_` suffix when it is
/// a keyword, one of the factories' own options or starts with `_errdex` (`class_`, `message_`). Two params can
/// meet here (`class` and `class_`): the loader reports it (`IdentifierCollision`).
pub fn py_param(name: &str) -> String {
    // `_errdex…` names are the generated code's own (`_errdex_self` in the factory stubs).
    if PY_KEYWORDS.contains(&name)
        || PY_FACTORY_OPTIONS.contains(&name)
        || name.starts_with("_errdex")
    {
        format!("{name}_")
    } else {
        name.to_string()
    }
}

/// A Python constant of a category or namespace (`Category.INVALID_PARAMS`): SHOUTY_SNAKE of
/// the key; `X` when nothing is left of it. Two keys meet here only when their Rust variants
/// do, which the loader already reports.
pub fn py_constant(key: &str) -> String {
    let s = snake(key, true);
    if s.is_empty() { "X".to_string() } else { s }
}

/// The Python constant of a code on `ErrorCode` (`ErrorCode.FRM_VALIDATION`): SHOUTY_SNAKE
/// of the NAME, as the TypeScript key.
pub fn py_code_constant(name: &str) -> String {
    snake(name, true)
}

/// A code's AIP-193 `ErrorInfo.reason` taken from its NAME: UPPER_SNAKE (`frm_validation` →
/// `FRM_VALIDATION`).
pub fn aip_reason(name: &str) -> String {
    snake(name, true)
}

/// The default Python import package of a registry: `<name>_errors` in snake case
/// (`milo` → `milo_errors`); its distribution name is the same with `-` (`milo-errors`).
pub fn python_package(registry: &str) -> String {
    format!("{}_errors", registry.to_snake_case())
}

/// The `$id` of a schema file errdex writes: `package.schema_url` (`schema_url`) followed by
/// the file name, or `urn:errdex:<registry>:<file>` when the catalogue does not say where its
/// schemas are published (stable, and resolvable by any validator the schemas are added to).
pub fn schema_id(registry: &str, schema_url: Option<&str>, file: &str) -> String {
    match schema_url {
        Some(base) => format!("{base}{file}"),
        None => format!("urn:errdex:{registry}:{file}"),
    }
}

/// Go's keywords (the specification's list).
pub const GO_KEYWORDS: &[&str] = &[
    "break",
    "case",
    "chan",
    "const",
    "continue",
    "default",
    "defer",
    "else",
    "fallthrough",
    "for",
    "func",
    "go",
    "goto",
    "if",
    "import",
    "interface",
    "map",
    "package",
    "range",
    "return",
    "select",
    "struct",
    "switch",
    "type",
    "var",
];

/// Go's predeclared identifiers (types, constants, zero value, functions; `min`, `max` and
/// `clear` of Go 1.21 too): a constructor's argument named like one would shadow it.
pub const GO_PREDECLARED: &[&str] = &[
    "any",
    "bool",
    "byte",
    "comparable",
    "complex64",
    "complex128",
    "error",
    "float32",
    "float64",
    "int",
    "int8",
    "int16",
    "int32",
    "int64",
    "rune",
    "string",
    "uint",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "uintptr",
    "true",
    "false",
    "iota",
    "nil",
    "append",
    "cap",
    "clear",
    "close",
    "complex",
    "copy",
    "delete",
    "imag",
    "len",
    "make",
    "max",
    "min",
    "new",
    "panic",
    "print",
    "println",
    "real",
    "recover",
];

/// The prefixes of the identifiers the Go package generates per code, category and
/// namespace (`CodeFrmValidation`, `NewFrmValidation`, `CategoryNotFound`,
/// `NamespaceFrm`). The runtime (`emit/go/runtime.go`) declares no exported name that starts
/// with one of them followed by an upper-case letter or a digit (a test in `emit::go` reads
/// it), so no catalogue name can meet one of the runtime's.
pub const GO_GENERATED_PREFIXES: &[&str] = &["Code", "New", "Category", "Namespace"];

/// A NAME or key in Go's exported UpperCamel form: heck's words, each capitalised, the rest
/// lower-cased (`FRM_VALIDATION` → `FrmValidation`, `user_id` → `UserId`). Initialisms are
/// not upper-cased (`UserId`, not `UserID`), as protoc-gen-go derives its names: one rule a
/// reader applies by hand, and no word list whose growth would rename identifiers.
pub fn go_camel(name: &str) -> String {
    let mut v = upper_camel(name);
    if v.is_empty() || v.starts_with(|c: char| c.is_ascii_digit()) {
        v.insert(0, 'X');
    }
    v
}

/// The Go constant of a code: `Code` + [`go_camel`] (`CodeFrmValidation`).
pub fn go_constant(name: &str) -> String {
    format!("Code{}", go_camel(name))
}

/// The Go typed constructor of a code: `New` + [`go_camel`] (`NewFrmValidation`).
pub fn go_constructor(name: &str) -> String {
    format!("New{}", go_camel(name))
}

/// The Go argument of a param: lowerCamel (`field_name` → `fieldName`), `p` before a
/// leading digit, `x` when nothing is left, and a `_` suffix on a keyword or a predeclared
/// identifier (`type_`, `len_`). Two params can meet here (`type` and `type_`): the loader
/// reports it (`IdentifierCollision`).
pub fn go_param(name: &str) -> String {
    let mut s = name.to_lower_camel_case();
    if s.is_empty() {
        s.push('x');
    }
    if s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, 'p');
    }
    if GO_KEYWORDS.contains(&s.as_str()) || GO_PREDECLARED.contains(&s.as_str()) {
        s.push('_');
    }
    s
}

/// The default Go package name of a registry: its letters and digits, lower-cased, then
/// `errors` (`milo` → `miloerrors`, `tmux-mcp` → `tmuxmcperrors`): Go package names are
/// one lower-case word.
pub fn go_package(registry: &str) -> String {
    let mut s: String = registry
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    s.push_str("errors");
    s
}

/// The file names of the JSON Schemas, shared by the schema target (which writes them) and
/// the npm package (which ships and exports the wire schema).
pub const WIRE_ERROR_SCHEMA_FILE: &str = "wire-error.schema.json";
pub const CATALOGUE_SCHEMA_FILE: &str = "catalogue.schema.json";
pub const OWN_CATALOGUE_SCHEMA_FILE: &str = "errors.schema.json";
/// The editor schemas of a catalogue in many files: a part file (or a folder's
/// `_part.yaml`), and one code's file in a folder part (`<CODE>.yaml`).
pub const PART_SCHEMA_FILE: &str = "part.schema.json";
pub const ENTRY_SCHEMA_FILE: &str = "entry.schema.json";
/// The same with this catalogue's categories and namespaces as the only values of
/// `category:` and `namespace:`, as [`OWN_CATALOGUE_SCHEMA_FILE`] is to
/// [`CATALOGUE_SCHEMA_FILE`].
pub const OWN_PART_SCHEMA_FILE: &str = "errors.part.schema.json";
pub const OWN_ENTRY_SCHEMA_FILE: &str = "errors.entry.schema.json";

/// The part or entry schema that goes with the catalogue schema `catalogue` names: the
/// catalogue's own ([`OWN_PART_SCHEMA_FILE`], [`OWN_ENTRY_SCHEMA_FILE`]) beside its own
/// catalogue schema, else the format's `format_file`.
pub fn schema_beside(catalogue: &str, format_file: &'static str) -> &'static str {
    let own = catalogue.rsplit('/').next() == Some(OWN_CATALOGUE_SCHEMA_FILE);
    match format_file {
        PART_SCHEMA_FILE if own => OWN_PART_SCHEMA_FILE,
        ENTRY_SCHEMA_FILE if own => OWN_ENTRY_SCHEMA_FILE,
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table() {
        // (name, variant, constructor, ts key)
        let cases = [
            (
                "FRM_VALIDATION",
                "FrmValidation",
                "frm_validation",
                "FRM_VALIDATION",
            ),
            (
                "unknown_tool",
                "UnknownTool",
                "unknown_tool",
                "UNKNOWN_TOOL",
            ),
            ("TYPE", "Type", "r#type", "TYPE"),
            ("type", "Type", "r#type", "TYPE"),
            ("SELF", "Self_", "self_", "SELF"),
            ("self", "Self_", "self_", "SELF"),
            ("CRATE", "Crate", "crate_", "CRATE"),
            ("MESSAGE", "Message", "message_", "MESSAGE"),
            ("ASYNC", "Async", "r#async", "ASYNC"),
            ("A1_B2", "A1B2", "a1_b2", "A1_B2"),
        ];
        for (name, py) in [
            ("FRM_VALIDATION", "frm_validation"),
            ("CLASS", "class_"),
            ("match", "match_"),
            ("STR", "str_"),
            ("PARSE", "parse_"),
            ("L", "l_"),
        ] {
            assert_eq!(py_function(name), py, "{name}");
        }
        for (name, py) in [
            ("field", "field"),
            ("class", "class_"),
            ("message", "message_"),
            ("__proto__", "__proto__"),
        ] {
            assert_eq!(py_param(name), py, "{name}");
        }
        assert_eq!(python_package("acme-cli"), "acme_cli_errors");
        for (name, constant, ctor) in [
            ("FRM_VALIDATION", "CodeFrmValidation", "NewFrmValidation"),
            ("unknown_tool", "CodeUnknownTool", "NewUnknownTool"),
            ("SELF", "CodeSelf", "NewSelf"),
            ("TYPE", "CodeType", "NewType"),
            ("USER_ID", "CodeUserId", "NewUserId"),
            ("A1_B2", "CodeA1B2", "NewA1B2"),
        ] {
            assert_eq!(go_constant(name), constant, "{name}");
            assert_eq!(go_constructor(name), ctor, "{name}");
        }
        for (name, go) in [
            ("field", "field"),
            ("field_name", "fieldName"),
            ("Field", "field"),
            ("type", "type_"),
            ("len", "len_"),
            ("any", "any_"),
            ("_private", "private"),
            ("order_id", "orderId"),
        ] {
            assert_eq!(go_param(name), go, "{name}");
        }
        assert_eq!(go_package("tmux-mcp"), "tmuxmcperrors");
        assert_eq!(go_package("Acme_CLI"), "acmeclierrors");
        for (name, variant, ctor, ts) in cases {
            assert_eq!(rust_variant(name), variant, "{name}");
            assert_eq!(rust_constructor(name), ctor, "{name}");
            assert_eq!(ts_key(name), ts, "{name}");
        }
    }

    #[test]
    fn entry_names() {
        for ok in ["FRM_VALIDATION", "unknown_tool", "A", "a1", "X_1"] {
            assert!(is_entry_name(ok), "{ok}");
        }
        for bad in ["", "1A", "Frm_Validation", "A__B", "A_", "_A", "A-B", "a b"] {
            assert!(!is_entry_name(bad), "{bad}");
        }
    }

    #[test]
    fn slugs() {
        assert_eq!(slug("ACM-FRM-001"), "acm-frm-001");
        assert_eq!(slug("not_found"), "not_found");
        assert_eq!(slug("FRM"), "frm");
        assert_eq!(slug("a  b//c"), "a-b-c");
        assert_eq!(slug("22P02"), "22p02");
    }

    #[test]
    fn book_addresses() {
        use DocsLayout::*;
        assert_eq!(
            code_address(Namespace, "frm", "acm-frm-001"),
            ("frm".to_string(), Some("acm-frm-001"))
        );
        assert_eq!(
            code_address(Code, "frm", "acm-frm-001"),
            ("acm-frm-001".to_string(), None)
        );
        assert_eq!(
            code_address(NamespaceCode, "frm", "acm-frm-001"),
            ("frm/acm-frm-001".to_string(), None)
        );
        let code = CodeUrl {
            namespace_slug: "frm",
            anchor: "acm-frm-001",
            code: "ACM-FRM-001",
            name: "FRM_X",
            category_key: "invalid",
        };
        let url = |layout, site| docs_url(None, site, layout, &code);
        assert_eq!(url(Namespace, None), "frm.html#acm-frm-001");
        assert_eq!(
            url(Code, Some("https://x.dev/e/")),
            "https://x.dev/e/acm-frm-001.html"
        );
        assert_eq!(url(NamespaceCode, None), "frm/acm-frm-001.html");
        assert_eq!(book_href("frm/acm-frm-001", "index", ".md"), "../index.md");
        assert_eq!(
            book_href("frm/acm-frm-001", "frm/acm-frm-002", ".md"),
            "acm-frm-002.md"
        );
        assert_eq!(book_href("cfg/x", "frm/y", ".html"), "../frm/y.html");
        assert_eq!(book_href("index", "frm/y", ".md"), "frm/y.md");
        assert_eq!(book_href("frm", "acm-frm-001", ".md"), "acm-frm-001.md");
        assert_eq!(
            book_target(
                "https://ably.com/docs/platform/errors/codes/40160",
                "https://ably.com/docs/platform/errors/codes/"
            ),
            Some(("40160", ""))
        );
        assert_eq!(
            book_target("https://x.dev/e/frm/a-1.html#a-1", "https://x.dev/e/"),
            Some(("frm/a-1", "a-1"))
        );
    }

    proptest::proptest! {
        #[test]
        fn heck_fast_paths_agree(s in "[A-Z0-9_]{0,14}|[a-z0-9_]{0,14}|[A-Za-z0-9_]{0,10}|\\PC{0,6}") {
            proptest::prop_assert_eq!(upper_camel(&s), s.to_upper_camel_case());
            proptest::prop_assert_eq!(snake(&s, false), s.to_snake_case());
            proptest::prop_assert_eq!(snake(&s, true), s.to_shouty_snake_case());
        }
    }
}
