//! The rows of the Python package's data modules, each layout declared once.
//!
//! `_catalogue.py` and `_data.py` hold the catalogue as tuples (the cheapest thing for Python
//! to load: a tuple of constants is one constant of the bytecode). `_runtime.py` reads them
//! through named indices (`row[_CODE_DOCS_URL]`), never by number. Each row is declared once,
//! in [`layouts!`] below: its fields in order, with their Python types. From that one
//! declaration come
//!
//! - the Rust struct a row builder fills: every field is named where the row is built, so a
//!   field added to a layout is a compile error in its builder;
//! - the order the tuple is written in ([`CodeRow::py`], ...);
//! - the layout block of `_runtime.py`: the row types (`_CodeRow`, which the data modules'
//!   annotations name, so `mypy` checks every generated row against them) and the index
//!   constants. [`runtime_block`] renders it; the test `the_runtime_declares_these_layouts`
//!   fails when `_runtime.py` says otherwise, and `UPDATE_EXPECT=1` rewrites the block.
//!
//! The builders destructure the IR structs whole (`let ErrorEntry { name, code, .. } = e` with
//! every field named, `field: _` for those left out on purpose), so a new IR field is a
//! compile error here until it is written or knowingly left out.

use super::{push_py_tuple, py_bool, py_opt, py_str, py_tuple};
use crate::ir::{
    Catalogue, Category, Deprecation, ErrorEntry, Namespace, Param, ParamIds, ParamType, Retired,
    Retry,
};
use crate::payload::http;

/// One row layout of the data modules.
#[derive(Debug)]
pub struct Layout {
    /// What the row is, for the comment above its type in `_runtime.py`.
    pub doc: &'static str,
    /// The row's type in `_runtime.py` (`_CodeRow`).
    pub alias: &'static str,
    /// The prefix of its index constants (`_CODE_` → `_CODE_DOCS_URL`).
    pub prefix: &'static str,
    /// The fields in order: (name, Python type).
    pub fields: &'static [(&'static str, &'static str)],
}

/// Declares the row layouts: for each, a struct of its fields (Python literals) whose `py()`
/// writes the tuple in the declared order, and its [`Layout`] in [`LAYOUTS`].
macro_rules! layouts {
    ($(
        #[doc = $doc:literal]
        $row:ident as $alias:literal, $prefix:literal {
            $( $field:ident : $ty:literal ),+ $(,)?
        }
    )+) => {
        $(
            #[doc = $doc]
            #[derive(Debug)]
            pub struct $row {
                $( pub $field: String, )+
            }

            impl $row {
                /// The row as a Python tuple literal, its fields in the declared order.
                pub fn py(self) -> String {
                    py_tuple([$( self.$field ),+])
                }

                /// [`Self::py`] written at the end of `out`.
                #[allow(dead_code, reason = "the layouts declare it for each row; not each is pushed")]
                pub fn push_py(self, out: &mut String) {
                    push_py_tuple(out, &[$( self.$field ),+])
                }
            }
        )+

        /// Every row layout, in the order `_runtime.py` declares them (a row type names only
        /// the ones above it).
        pub const LAYOUTS: &[Layout] = &[$(
            Layout {
                doc: $doc,
                alias: $alias,
                prefix: $prefix,
                fields: &[$( (stringify!($field), $ty) ),+],
            },
        )+];
    };
}

layouts! {
    /// A param of a code: its wire name, its type as the data spells it (`list:string`), its factory keyword.
    ParamRow as "_ParamRow", "_PARAM_" {
        name: "str",
        r#type: "str",
        keyword: "str",
    }
    /// How to retry (a code's or a category's); the fields of `RetryAdvice`.
    RetryRow as "_RetryRow", "_RETRY_" {
        max_attempts: "int | None",
        initial_backoff_ms: "int | None",
        advice: "str | None",
    }
    /// A deprecated code: since when, its replacement's code, a note.
    DeprecationRow as "_DeprecationRow", "_DEPRECATION_" {
        since: "str | None",
        replaced_by: "str | None",
        note: "str | None",
    }
    /// A live code: `_data.CODES[code]` (the last three: its HTTP profile's facts).
    CodeRow as "_CodeRow", "_CODE_" {
        name: "str",
        namespace: "str | None",
        category: "str",
        summary: "str",
        message: "str",
        params: "tuple[_ParamRow, ...]",
        suggestion: "str | None",
        retryable: "bool",
        retry: "_RetryRow | None",
        exit_code: "int",
        http_status: "int",
        jsonrpc_code: "int",
        expected: "bool",
        docs_url: "str",
        since: "str | None",
        deprecated: "_DeprecationRow | None",
        aliases: "tuple[str, ...]",
        legacy_codes: "tuple[str, ...]",
        class: "str",
        http_retry_after: "int | None",
        aip_reason: "str",
        google_status: "str",
    }
    /// A category: `_catalogue.CATEGORIES[key]`.
    CategoryRow as "_CategoryRow", "_CATEGORY_" {
        summary: "str",
        retryable: "bool",
        retry: "_RetryRow | None",
        exit_code: "int",
        http_status: "int",
        jsonrpc_code: "int",
        expected: "bool",
    }
    /// A namespace: `_catalogue.NAMESPACES[key]`.
    NamespaceRow as "_NamespaceRow", "_NAMESPACE_" {
        title: "str",
        summary: "str | None",
        code_prefix: "str | None",
        class: "str | None",
    }
    /// A retired code: `_catalogue.RETIRED[code]`.
    RetiredRow as "_RetiredRow", "_RETIRED_" {
        name: "str | None",
        since: "str | None",
        note: "str | None",
    }
}

/// A param's type as the package's data spells it (`list:string` for a list).
fn py_data_type(ty: ParamType) -> String {
    match ty.items() {
        Some(items) => format!("list:{}", items.as_str()),
        None => ty.as_str().to_string(),
    }
}

fn param_row(p: &Param) -> String {
    let Param {
        name,
        ty,
        ids:
            ParamIds {
                rust: _,
                ts: _,
                py,
                go: _,
            },
        // Not in the row: an object param's schema is the JSON Schema target's; examples
        // go to `_data.PARAM_EXAMPLES` (only the MCP profile's `example` fact reads them).
        schema: _,
        example: _,
    } = p;
    ParamRow {
        name: py_str(name),
        r#type: py_str(&py_data_type(*ty)),
        keyword: py_str(py),
    }
    .py()
}

/// A retry row, `None` without one.
fn retry_row(r: Option<&Retry>) -> String {
    let Some(Retry {
        max_attempts,
        initial_backoff_ms,
        advice,
    }) = r
    else {
        return "None".to_string();
    };
    RetryRow {
        max_attempts: max_attempts.map_or("None".into(), |n| n.to_string()),
        initial_backoff_ms: initial_backoff_ms.map_or("None".into(), |n| n.to_string()),
        advice: py_opt(advice.as_deref()),
    }
    .py()
}

fn deprecation_row(cat: &Catalogue, d: Option<&Deprecation>) -> String {
    let Some(Deprecation {
        since,
        replaced_by,
        note,
    }) = d
    else {
        return "None".to_string();
    };
    DeprecationRow {
        since: py_opt(since.as_deref()),
        replaced_by: py_opt(replaced_by.map(|i| cat.errors[i].code.as_str())),
        note: py_opt(note.as_deref()),
    }
    .py()
}

/// `_data.CODES[code]`: a live code's row.
pub(super) fn code_row(cat: &Catalogue, e: &ErrorEntry) -> CodeRow {
    let ErrorEntry {
        name,
        // The row's key.
        code: _,
        namespace,
        category,
        summary,
        message,
        params,
        suggestion,
        // Markdown for the docs; the package does not carry it.
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
        // The factory's name is `_data.FACTORIES`' key, the constant `ErrorCode`'s member
        // (`python.rs`); the other targets' identifiers are theirs.
        ids: _,
        // The docs' anchor is already in `docs_url`.
        anchor: _,
        class,
    } = e;
    CodeRow {
        name: py_str(name),
        namespace: py_opt(namespace.map(|i| cat.namespaces[i].key.as_str())),
        category: py_str(&cat.categories[*category].key),
        summary: py_str(summary),
        message: py_str(&message.raw),
        params: py_tuple(params.iter().map(param_row)),
        suggestion: py_opt(suggestion.as_ref().map(|s| s.raw.as_str())),
        retryable: py_bool(*retryable).to_string(),
        retry: retry_row(retry.as_ref()),
        exit_code: exit_code.to_string(),
        http_status: http_status.to_string(),
        jsonrpc_code: jsonrpc_code.to_string(),
        expected: py_bool(*expected).to_string(),
        docs_url: py_str(docs_url),
        since: py_opt(since.as_deref()),
        deprecated: deprecation_row(cat, deprecated.as_ref()),
        aliases: py_tuple(aliases.iter().map(|a| py_str(a))),
        legacy_codes: py_tuple(legacy_codes.iter().map(|l| py_str(l))),
        class: py_str(class),
        // The HTTP profile's facts of the code, from the reference's own rules
        // (`payload::http`): `Retry-After` seconds, AIP-193 reason, Google's status.
        http_retry_after: http::retry_after_seconds(cat, e)
            .map_or("None".into(), |s| s.to_string()),
        aip_reason: py_str(&http::aip_reason(cat, e)),
        google_status: py_str(http::google_status(*http_status)),
    }
}

/// `_catalogue.CATEGORIES[key]`.
pub(super) fn category_row(c: &Category) -> String {
    let Category {
        // The row's key.
        key: _,
        summary,
        retryable,
        retry,
        exit_code,
        http_status,
        jsonrpc_code,
        expected,
        // `Category.X`'s name (`python.rs`); the docs' title and anchor are the docs'.
        ids: _,
        title: _,
        anchor: _,
    } = c;
    CategoryRow {
        summary: py_str(summary),
        retryable: py_bool(*retryable).to_string(),
        retry: retry_row(retry.as_ref()),
        exit_code: exit_code.to_string(),
        http_status: http_status.to_string(),
        jsonrpc_code: jsonrpc_code.to_string(),
        expected: py_bool(*expected).to_string(),
    }
    .py()
}

/// `_catalogue.NAMESPACES[key]`.
pub(super) fn namespace_row(n: &Namespace) -> String {
    let Namespace {
        // The row's key.
        key: _,
        title,
        summary,
        code_prefix,
        class,
        // Applied to each code already (`CodeRow::category`).
        category: _,
        // `Namespace.X`'s name (`python.rs`); the docs' page slug is the docs'.
        ids: _,
        slug: _,
    } = n;
    NamespaceRow {
        title: py_str(title),
        summary: py_opt(summary.as_deref()),
        code_prefix: py_opt(code_prefix.as_deref()),
        class: py_opt(class.as_deref()),
    }
    .py()
}

/// `_catalogue.RETIRED[code]`.
pub(super) fn retired_row(r: &Retired) -> String {
    let Retired {
        // The row's key.
        code: _,
        name,
        since,
        note,
        // The package does not say what took over (`parse()` raises on a retired code).
        replaced_by: _,
        anchor: _,
    } = r;
    RetiredRow {
        name: py_opt(name.as_deref()),
        since: py_opt(since.as_deref()),
        note: py_opt(note.as_deref()),
    }
    .py()
}

/// The first and last lines of `_runtime.py`'s layout block.
pub const BLOCK_START: &str = "# ---- Row layouts";
pub const BLOCK_END: &str = "# ---- End of the row layouts.";

/// `_runtime.py`'s layout block, rendered from [`LAYOUTS`]: the row types (for type
/// checkers), then each layout's index constants.
pub fn runtime_block() -> String {
    let mut out = format!(
        "{BLOCK_START}: rendered from `LAYOUTS` in codegen/src/emit/python/rows.rs, where each\n\
         # row of `_catalogue.py` and `_data.py` is declared once (do not edit them here:\n\
         # `UPDATE_EXPECT=1 cargo test -p errdex-codegen --lib emit::python` rewrites this block).\n\
         # Read a field of a row by its name (`row[_CODE_DOCS_URL]`), never by its number.\n\
         \n\
         if TYPE_CHECKING:\n"
    );
    for (i, l) in LAYOUTS.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&format!(
            "    #: {}\n    {}: _TypeAlias = tuple[\n",
            l.doc.trim(),
            l.alias
        ));
        for (name, ty) in l.fields {
            out.push_str(&format!("        {ty},  # {}\n", py_name(name)));
        }
        out.push_str("    ]\n");
    }
    for l in LAYOUTS {
        out.push_str(&format!("\n# {}\n", l.alias));
        for (i, (name, _)) in l.fields.iter().enumerate() {
            out.push_str(&format!(
                "{}{}: _t.Final = {i}\n",
                l.prefix,
                py_name(name).to_ascii_uppercase()
            ));
        }
    }
    out.push('\n');
    out.push_str(BLOCK_END);
    out.push('\n');
    out
}

/// A field's name as Python spells it (`r#type` is `type`).
fn py_name(field: &str) -> &str {
    field.strip_prefix("r#").unwrap_or(field)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RUNTIME_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/emit/python/_runtime.py");

    /// The layout block of `_runtime.py` is [`runtime_block`]'s; `UPDATE_EXPECT=1` rewrites
    /// it in place.
    #[test]
    fn the_runtime_declares_these_layouts() {
        let src = std::fs::read_to_string(RUNTIME_PATH).expect("_runtime.py");
        let start = src.find(BLOCK_START).expect("the block's first line");
        let end = src[start..].find(BLOCK_END).expect("the block's last line") + start;
        let end = end + src[end..].find('\n').map_or(src.len() - end, |n| n + 1);
        let want = runtime_block();
        if src[start..end] == want {
            return;
        }
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            let updated = format!("{}{want}{}", &src[..start], &src[end..]);
            std::fs::write(RUNTIME_PATH, updated).expect("rewrite _runtime.py");
            return;
        }
        let got: Vec<&str> = src[start..end].lines().collect();
        let wanted: Vec<&str> = want.lines().collect();
        let line = (0..got.len().max(wanted.len()))
            .find(|&i| got.get(i) != wanted.get(i))
            .unwrap_or(0);
        let (got, wanted) = (
            got.get(line).unwrap_or(&""),
            wanted.get(line).unwrap_or(&""),
        );
        panic!(
            "_runtime.py's layout block is not rows.rs's (UPDATE_EXPECT=1 rewrites it); \
             line {} of the block:\n  _runtime.py: {got}\n  rows.rs:     {wanted}",
            line + 1
        );
    }

    /// Every field of every layout has its own constant name, and every row type a row
    /// type above it names.
    #[test]
    fn layouts_are_well_formed() {
        let mut constants = std::collections::HashSet::new();
        for (i, l) in LAYOUTS.iter().enumerate() {
            assert!(
                l.prefix.starts_with('_') && l.prefix.ends_with('_'),
                "{}",
                l.alias
            );
            for (name, ty) in l.fields {
                let c = format!("{}{}", l.prefix, py_name(name).to_ascii_uppercase());
                assert!(constants.insert(c.clone()), "{c} twice");
                for other in &LAYOUTS[i..] {
                    assert!(
                        !ty.contains(other.alias),
                        "{}: {ty} names a later row",
                        l.alias
                    );
                }
            }
        }
    }
}
