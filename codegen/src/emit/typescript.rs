//! Emitter: the TypeScript target, an installable ES module package.
//!
//! Files (relative to the target directory, `generated/ts/` by default):
//!
//! - `index.js`: the module consumers import: re-exports the runtime and exports each error
//!   class under its name ([`runtime`]);
//! - `runtime.js`: the runtime, the same bytes in every package — a static JavaScript file of
//!   this folder, checked by `tsc --strict --checkJs` as a file ([`runtime::RUNTIME_JS`]);
//! - `data.js`: the catalogue as data the runtime reads, tables as rows under layouts
//!   declared once ([`rows`]);
//! - `index.d.ts`: the types (`tsc --strict` clean; literal types per code) ([`types`]);
//! - `package.json`, `README.md`, `tsconfig.json` ([`package`]; the tsconfig lets
//!   `tsc -p <dir>` check the declarations strictly).
//!
//! Why `.js` + `.d.ts` rather than `.ts`: consumers need no build step (Node 20 cannot import
//! `.ts`), the package works from plain JavaScript, errdex needs no TypeScript compiler, and
//! the declarations are checked by `tsc --noEmit --strict` exactly as a consumer's compiler
//! sees them. The runtime's own JSDoc types keep it honest as a file; the declarations give
//! each code its own literal types, which no static file can.
//!
//! Escaping is on purpose ([`escape`]): catalogue text is written as whole literals by the
//! one JS string escaper ([`JsLiteral`]: askama's `|json` bytes, so `</script>` is inert),
//! which is also the `.d.ts` template's escaper ([`JsString`]), and as JSDoc through
//! [`doc_comment`], which neutralises `*/`. Objects keyed by catalogue strings are built with
//! `Object.fromEntries` in `runtime.js`, so a code named `__proto__` is a key, not the
//! prototype.

mod escape;
mod package;
mod rows;
mod runtime;
mod types;

pub use escape::{Js, JsLiteral, JsString, doc_comment};
pub use package::NODE_ENGINES;
pub use rows::retry_json;
pub use runtime::RUNTIME_JS;

use crate::ir::Catalogue;
use crate::support::header::header_text;

/// The entry point consumers import.
const INDEX_JS: &str = "index.js";
/// Its declarations.
const INDEX_DTS: &str = "index.d.ts";
/// The static runtime.
const RUNTIME_JS_FILE: &str = "runtime.js";
/// The catalogue's data.
const DATA_JS: &str = "data.js";

/// Files of this target: (path relative to the target's directory, contents).
pub fn emit(cat: &Catalogue) -> Vec<(String, String)> {
    let header = header_text(&cat.source_name);
    let classes = runtime::Classes::of(cat);
    let example_key = cat.errors.first().map_or("NAME", |e| e.ids.ts.key.as_str());
    // The two large files are two tasks of the pool (`par::join`).
    let (index_dts, data_js) = crate::par::join(
        // Rendering cannot fail on these views; a failure would be a bug in the template.
        || {
            finish(
                types::index_dts(cat, &header, &classes)
                    .unwrap_or_else(|e| format!("// errdex: template error: {e}\n")),
            )
        },
        || finish(rows::data_js(cat, &header, &classes)),
    );
    vec![
        (
            INDEX_JS.to_string(),
            finish(runtime::index_js(cat, &header, &classes)),
        ),
        (INDEX_DTS.to_string(), index_dts),
        (RUNTIME_JS_FILE.to_string(), RUNTIME_JS.to_string()),
        (DATA_JS.to_string(), data_js),
        (
            "package.json".to_string(),
            package::package_json(cat, &header),
        ),
        (
            "README.md".to_string(),
            package::readme(cat, &header, example_key),
        ),
        ("tsconfig.json".to_string(), package::tsconfig_json(&header)),
    ]
}

/// The last pass over a generated file: invisible characters escaped, one final newline.
fn finish(text: String) -> String {
    let mut s = escape::escape_invisible(text);
    if !s.ends_with('\n') {
        s.push('\n');
    }
    s
}
