//! The runtime of the generated crate: what never varies is static source under
//! `rust/runtime/`, written after the catalogue data in the fixed order of the lists below.
//! The few items whose text depends on the catalogue are generated between the files, never
//! patched into them:
//! - `ERRDEX_F_*` and the flag bits, printed from the row layout declared in [`table`];
//! - the `Error` type and `Error::new`, whose docs name the typed constructors only when the
//!   catalogue generates them (`rust.constructors`), else `Error::from_named`;
//! - how the terminal form prints a constraint (`profiles.terminal.values`): compact JSON,
//!   or Python's `repr()` with the table of non-printable code points of
//!   [`py_repr::NON_PRINTABLE`].
//!
//! The files hold whole items, except those under `runtime/error/`: the methods of
//! `impl Error`, one file per concern (building, builders, accessors, the wire object, each
//! rendering, parsing), which [`write`] puts inside one `impl Error { … }`. A new rendering
//! is one method file listed in [`ERROR_METHODS`], plus its profile's data constant in
//! `items.rs` when it has one.
//!
//! Every file is checked by rustc inside every generated crate the tests build.

use std::fmt::Write as _;

use super::table;
use crate::ir::{Catalogue, RustIntegration, ValueStyle};
use crate::support::py_repr;

/// A piece of the runtime.
enum Part {
    /// A static file: whole items (whole methods under `runtime/error/`), ending in `\n`,
    /// without blank lines at either end.
    File(&'static str),
    /// Items written for the catalogue, in the same form.
    Generated(fn(&Catalogue, &mut String)),
}

use Part::{File, Generated};

/// Where the catalogue data ends.
const BANNER: &str = "\
// ---------------------------------------------------------------------------------------
// Runtime support: identical for every catalogue. Everything above this line is data from
// the catalogue; everything below reads it through the tables. Lookups never allocate.
// ---------------------------------------------------------------------------------------
";

/// `ErrdexCodeMeta` and its decoder, which reads the `ERRDEX_META_*` offsets of
/// [`table::META_LAYOUT`].
pub(super) const TABLE: &str = include_str!("runtime/table.rs.in");

/// The top-level items before `impl Error`, in output order.
const ITEMS_BEFORE: &[Part] = &[
    File(BANNER),
    // The types of the registry's constants: wire keys, MCP and JSON-RPC profiles.
    File(include_str!("runtime/registry.rs.in")),
    // The public types of a code's facts: retry advice, log level, params, deprecation.
    File(include_str!("runtime/facts.rs.in")),
    // `ParseCodeError`, `WireKind`, `ParseNameError`.
    File(include_str!("runtime/parse_errors.rs.in")),
    File(TABLE),
    Generated(table::row_consts),
    // The accessors of `Category`, `Namespace` and `ErrorCode`.
    File(include_str!("runtime/code.rs.in")),
    // `ErrorCode::parse`'s hash table lookup.
    File(include_str!("runtime/lookup.rs.in")),
    // `Display`, `Debug`, `FromStr` and serde for the three.
    File(include_str!("runtime/code_traits.rs.in")),
    // What an `Error` holds.
    File(include_str!("runtime/error_repr.rs.in")),
    Generated(error_type),
];

/// The methods of `impl Error`, in output order.
const ERROR_METHODS: &[Part] = &[
    Generated(error_new),
    // `from_named` and what the typed constructors call.
    File(include_str!("runtime/error/construct.rs.in")),
    // `with_*`, and the error type a raise site may set.
    File(include_str!("runtime/error/builders.rs.in")),
    // The code, its facts, the message and what was attached.
    File(include_str!("runtime/error/accessors.rs.in")),
    // The wire object; the extras every rendering shares.
    File(include_str!("runtime/error/wire.rs.in")),
    // The facts and texts of `profiles:`, shared by the MCP and JSON-RPC renderings.
    File(include_str!("runtime/error/profile.rs.in")),
    File(include_str!("runtime/error/mcp.rs.in")),
    File(include_str!("runtime/error/jsonrpc.rs.in")),
    File(include_str!("runtime/error/tool_response.rs.in")),
    File(include_str!("runtime/error/problem.rs.in")),
    // The HTTP profile's response (`to_http_response`) and Google's AIP-193 body.
    File(include_str!("runtime/error/http.rs.in")),
    // `from_wire`: any JSON value back to an `Error`.
    File(include_str!("runtime/error/from_wire.rs.in")),
];

/// The top-level items after `impl Error`, in output order.
const ITEMS_AFTER: &[Part] = &[
    // Message and suggestion templates.
    File(include_str!("runtime/render.rs.in")),
    // `Display` (the terminal form), `Debug`, `PartialEq`, `std::error::Error`, serde.
    File(include_str!("runtime/error_traits.rs.in")),
    Generated(terminal_values),
    // The HTTP types and `read_http_response`, a client's reading of an error response.
    File(include_str!("runtime/http.rs.in")),
];

/// `IntoResponse for Error` (`rust.integrations: [axum]`).
const AXUM: &[Part] = &[File(include_str!("runtime/axum.rs.in"))];

/// `ResponseError for Error` (`rust.integrations: [actix-web]`).
const ACTIX_WEB: &[Part] = &[File(include_str!("runtime/actix_web.rs.in"))];

/// `errdex_fmt_value` for `profiles.terminal.values: json`.
const VALUES_JSON: &[Part] = &[File(include_str!("runtime/values_json.rs.in"))];

/// `errdex_fmt_value` for `profiles.terminal.values: python`.
const VALUES_PYTHON: &[Part] = &[
    File(include_str!("runtime/values_python.rs.in")),
    Generated(non_printable),
    File(include_str!("runtime/values_python_str.rs.in")),
];

/// Bytes of every static file: the runtime's share of the output, to size its buffer.
pub(super) const LEN: usize = {
    const fn len(parts: &[Part]) -> usize {
        let mut sum = 0;
        let mut k = 0;
        while k < parts.len() {
            if let File(text) = &parts[k] {
                sum += text.len() + 1;
            }
            k += 1;
        }
        sum
    }
    len(ITEMS_BEFORE) + len(ERROR_METHODS) + len(ITEMS_AFTER) + len(VALUES_PYTHON)
};

impl Part {
    fn write(&self, cat: &Catalogue, out: &mut String) {
        match self {
            File(text) => out.push_str(text),
            Generated(write) => write(cat, out),
        }
    }
}

/// Writes `parts` one after another, a blank line between two.
fn write_parts(cat: &Catalogue, parts: &[Part], out: &mut String) {
    for (k, part) in parts.iter().enumerate() {
        if k > 0 {
            out.push('\n');
        }
        part.write(cat, out);
    }
}

/// The whole runtime, after the catalogue data.
pub(super) fn write(cat: &Catalogue, out: &mut String) {
    write_parts(cat, ITEMS_BEFORE, out);
    out.push_str("\nimpl Error {\n");
    write_parts(cat, ERROR_METHODS, out);
    out.push_str("}\n\n");
    write_parts(cat, ITEMS_AFTER, out);
    integrations(cat, out);
}

/// How the docs of `Error` and of `Error::new` say an `Error` is built: the typed
/// constructor of its code, or `Error::from_named` in a catalogue that generates none
/// (`rust.constructors: false`).
struct Building {
    /// The start of the second paragraph of `Error`'s docs.
    error: &'static str,
    /// The end of the first sentence of `Error::new`'s docs.
    new: &'static str,
}

const TYPED: Building = Building {
    error: "/// Build it with the typed constructor of its code (`Error::some_code(params…)`), then\n",
    new: " Prefer\n    /// the typed constructor of the code; this is for code chosen at run time.\n",
};

const BY_NAME: Building = Building {
    error: "/// Build it with [`from_named`](Self::from_named) (`Error::from_named(code, [(\"param\", value)])`;\n\
            /// this catalogue generates no typed constructors, see `rust:` in the catalogue), then\n",
    new: " By name:\n    /// [`from_named`](Self::from_named).\n",
};

fn building(cat: &Catalogue) -> &'static Building {
    if cat.rust.constructors {
        &TYPED
    } else {
        &BY_NAME
    }
}

/// `pub struct Error`, with docs that say how to build one.
fn error_type(cat: &Catalogue, out: &mut String) {
    out.push_str(
        "/// One occurrence of an error: a code, its rendered message and suggestion, and the\n\
         /// values a caller attached.\n\
         ///\n",
    );
    out.push_str(building(cat).error);
    out.push_str(
        "/// add what you know with the `with_*` builders. Render it with `Display` (compact terminal\n\
         /// text), [`to_wire`](Self::to_wire), [`to_mcp_tool_result`](Self::to_mcp_tool_result),\n\
         /// [`to_jsonrpc_error`](Self::to_jsonrpc_error) or [`to_problem_json`](Self::to_problem_json).\n\
         ///\n\
         /// An `Error` parsed from the wire may carry a code this build does not know (a newer\n\
         /// peer): [`code`](Self::code) is then `None`, [`wire_code`](Self::wire_code) keeps the\n\
         /// string, and the classification comes from the category on the wire when present.\n\
         /// Unknown codes fall back to exit code 1, HTTP 500 and JSON-RPC -32603 when not even the\n\
         /// category is known.\n\
         ///\n\
         /// `Error` is one pointer wide, so `Result<T, Error>` stays small.\n\
         #[derive(Clone)]\n\
         pub struct Error(Box<ErrdexInner>);\n",
    );
}

/// `Error::new`, the untyped constructor, with docs that point to the typed ones or to
/// `from_named`.
fn error_new(cat: &Catalogue, out: &mut String) {
    out.push_str(
        "    /// An error for `code` with one JSON value per declared param, in param order.",
    );
    out.push_str(building(cat).new);
    out.push_str(
        "    #[inline]\n    \
         pub fn new(code: ErrorCode, values: impl IntoIterator<Item = ::serde_json::Value>) -> Error {\n        \
         Error::errdex_new_vec(code, values.into_iter().collect())\n    \
         }\n",
    );
}

/// The framework impls the catalogue asks for (`rust.integrations`), in its order, each
/// after a blank line. Without any, the module needs only serde and serde_json.
fn integrations(cat: &Catalogue, out: &mut String) {
    for integration in &cat.rust.integrations {
        out.push('\n');
        let parts = match integration {
            RustIntegration::Axum => AXUM,
            RustIntegration::ActixWeb => ACTIX_WEB,
        };
        write_parts(cat, parts, out);
    }
}

/// `errdex_fmt_value`, which the terminal form (`Display for Error`) calls.
fn terminal_values(cat: &Catalogue, out: &mut String) {
    let parts = match cat.profiles.terminal.values {
        ValueStyle::Json => VALUES_JSON,
        ValueStyle::Python => VALUES_PYTHON,
    };
    write_parts(cat, parts, out);
}

/// `ERRDEX_NON_PRINTABLE`: [`py_repr::NON_PRINTABLE`], which `errdex_fmt_str` reads.
fn non_printable(_: &Catalogue, out: &mut String) {
    out.push_str(
        "/// The non-ASCII code points CPython's `str.isprintable()` rejects (categories Cc, Cf, Cs,\n\
         /// Co, Zl, Zp, Zs of Unicode 14), inclusive ranges.\n",
    );
    let _ = write!(
        out,
        "const ERRDEX_NON_PRINTABLE: [(u32, u32); {}] = [",
        py_repr::NON_PRINTABLE.len()
    );
    for (k, (lo, hi)) in py_repr::NON_PRINTABLE.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "(0x{lo:X}, 0x{hi:X})");
    }
    out.push_str("];\n");
}

/// Every static file of the runtime, concatenated (for tests that read them).
#[cfg(test)]
pub(super) fn static_text() -> String {
    [
        ITEMS_BEFORE,
        ERROR_METHODS,
        ITEMS_AFTER,
        VALUES_JSON,
        VALUES_PYTHON,
        AXUM,
        ACTIX_WEB,
    ]
    .iter()
    .flat_map(|parts| parts.iter())
    .filter_map(|part| match part {
        File(text) => Some(*text),
        Generated(_) => None,
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A catalogue with the given options, and the runtime written for it.
    fn runtime(constructors: bool, values: ValueStyle) -> String {
        let loaded = crate::load_str(
            &format!(
                "{}  BAD:\n    code: T-1\n    category: invalid\n    summary: S\n    message: bad\n",
                crate::emit::rust::TEST_CATALOGUE_HEAD
            ),
            "errors.yaml",
        );
        let mut cat = loaded.catalogue.expect("valid catalogue");
        cat.rust.constructors = constructors;
        cat.profiles.terminal.values = values;
        let mut out = String::new();
        write(&cat, &mut out);
        out
    }

    fn every_runtime() -> Vec<String> {
        [true, false]
            .into_iter()
            .flat_map(|c| [ValueStyle::Json, ValueStyle::Python].map(|v| runtime(c, v)))
            .collect()
    }

    /// `names::RUST_ERROR_METHODS` is exactly the `pub fn`s of the runtime's `impl Error`,
    /// in order: a constructor can never shadow (or be shadowed by) a method added there.
    #[test]
    fn error_methods_are_mirrored() {
        for text in every_runtime() {
            let start = text.find("\nimpl Error {\n").expect("impl Error");
            let body = &text[start + 1..];
            let body = &body[..body.find("\n}\n").expect("end of impl Error")];
            let methods: Vec<&str> = body
                .lines()
                .filter_map(|line| {
                    let rest = line.strip_prefix("    pub ")?;
                    let rest = rest.strip_prefix("const ").unwrap_or(rest);
                    let rest = rest.strip_prefix("fn ")?;
                    rest.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .next()
                })
                .collect();
            assert_eq!(methods, crate::names::RUST_ERROR_METHODS);
            for m in crate::names::RUST_ERROR_RESERVED {
                assert!(!methods.contains(m), "`{m}` is listed twice");
            }
        }
    }

    /// Every type the runtime declares at the top level is in `names::RUST_TYPES`, so no
    /// namespace's sub-enum can take its name.
    #[test]
    fn runtime_types_are_reserved() {
        for text in every_runtime() {
            for line in text.lines() {
                let rest = line.strip_prefix("pub ").unwrap_or(line);
                let Some((kind, rest)) = rest.split_once(' ') else {
                    continue;
                };
                if !["struct", "enum", "trait", "type", "union"].contains(&kind) {
                    continue;
                }
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                assert!(
                    crate::names::RUST_TYPES.contains(&name.as_str()),
                    "runtime type `{name}` missing from names::RUST_TYPES"
                );
            }
        }
    }

    /// Each file is whole lines without blank lines at either end, as `write_parts` joins
    /// them; a file of `impl Error` methods is indented inside it, any other starts at
    /// column 0.
    #[test]
    fn files_are_whole_items() {
        let check = |parts: &[Part], methods: bool| {
            for part in parts {
                let File(text) = part else { continue };
                let first = text.lines().next().unwrap_or_default();
                assert!(text.ends_with('\n') && !text.ends_with("\n\n"), "{first}");
                assert!(!first.trim().is_empty() && !text.contains('\r'), "{first}");
                if methods {
                    assert!(
                        text.lines().all(|l| l.is_empty() || l.starts_with("    ")),
                        "{first}"
                    );
                } else {
                    assert!(!first.starts_with(' '), "{first}");
                }
            }
        };
        check(ITEMS_BEFORE, false);
        check(ERROR_METHODS, true);
        check(ITEMS_AFTER, false);
        check(VALUES_JSON, false);
        check(VALUES_PYTHON, false);
        check(AXUM, false);
        check(ACTIX_WEB, false);
    }

    /// The docs name the typed constructors only when the catalogue generates them.
    #[test]
    fn docs_say_how_to_build_an_error() {
        let typed = runtime(true, ValueStyle::Json);
        let by_name = runtime(false, ValueStyle::Json);
        for text in [TYPED.error, TYPED.new] {
            assert!(typed.contains(text) && !by_name.contains(text), "{text}");
        }
        for text in [BY_NAME.error, BY_NAME.new] {
            assert!(by_name.contains(text) && !typed.contains(text), "{text}");
        }
        assert!(!by_name.contains("typed constructor of"));
    }

    /// The crates a path of the runtime names (`::name::`): serde and serde_json (and the
    /// standard library) only, unless `rust.integrations` asks for a framework, whose impl
    /// then names that framework alone.
    #[test]
    fn runtime_needs_only_serde_unless_an_integration_is_asked_for() {
        let crates = |text: &str| -> std::collections::BTreeSet<String> {
            text.match_indices("::")
                .filter(|(i, _)| {
                    let before = text[..*i].chars().next_back();
                    !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '>')
                })
                .map(|(i, _)| {
                    text[i + 2..]
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect()
                })
                .filter(|name: &String| !name.is_empty())
                .collect()
        };
        let plain: std::collections::BTreeSet<String> = ["core", "serde", "serde_json", "std"]
            .map(String::from)
            .into();
        for text in every_runtime() {
            assert_eq!(crates(&text), plain);
        }
        for (integration, name) in [
            (RustIntegration::Axum, "axum"),
            (RustIntegration::ActixWeb, "actix_web"),
        ] {
            let loaded = crate::load_str(
                &format!(
                    "{}  BAD:\n    code: T-1\n    category: invalid\n    summary: S\n    message: bad\n",
                    crate::emit::rust::TEST_CATALOGUE_HEAD
                ),
                "errors.yaml",
            );
            let mut cat = loaded.catalogue.expect("valid catalogue");
            cat.rust.integrations = vec![integration];
            let mut out = String::new();
            write(&cat, &mut out);
            let mut want = plain.clone();
            want.insert(name.to_string());
            assert_eq!(crates(&out), want, "{name}");
        }
    }

    /// The Python value form carries the table it reads, the JSON form neither.
    #[test]
    fn terminal_values_follow_the_profile() {
        let python = runtime(true, ValueStyle::Python);
        let json = runtime(true, ValueStyle::Json);
        let table = format!(
            "const ERRDEX_NON_PRINTABLE: [(u32, u32); {}] = [(0x{:X}, ",
            py_repr::NON_PRINTABLE.len(),
            py_repr::NON_PRINTABLE[0].0
        );
        assert!(python.contains(&table) && python.contains("fn errdex_fmt_str("));
        assert!(!json.contains("ERRDEX_NON_PRINTABLE") && !json.contains("fn errdex_fmt_str("));
        assert_eq!(python.matches("fn errdex_fmt_value(").count(), 1);
        assert_eq!(json.matches("fn errdex_fmt_value(").count(), 1);
    }
}
