//! The runtime's assembly: `runtime.js`, the static runtime shipped verbatim, and `index.js`,
//! the generated entry point that re-exports it and names the catalogue's error classes.
//!
//! What never varies is `runtime.js` (this folder), a real JavaScript file with JSDoc types
//! that `tsc --strict --checkJs` checks as a file against `data.d.ts`, the shape of the
//! generated `data.js` (`codegen/tests/ts_runtime.rs`). What varies is data (`rows.rs`) and
//! the names `index.js` exports: a class is a row of data that `runtime.js` turns into a
//! class, and `index.js` gives it its export name, which no runtime can compute.

use std::fmt::Write;

use super::escape::{JsLiteral, doc_comment, header_line, one_line};
use crate::ir::Catalogue;

/// The runtime, byte for byte as every package ships it.
pub const RUNTIME_JS: &str = include_str!("runtime.js");

/// The TypeScript name of the generic error class every code falls back to.
const APP_ERROR: &str = "AppError";

/// The generic root's name when a catalogue's own class below the base is `AppError` (the
/// agent-CLI framework's APP subsystem): the catalogue's name wins, the root steps aside.
const APP_ERROR_TAKEN: &str = "ErrdexError";

/// The name of the module's generic root class: `AppError`, unless a class of the catalogue
/// other than its base class takes that name.
pub fn root_class(cat: &Catalogue) -> &'static str {
    let taken = cat
        .namespaces
        .iter()
        .filter_map(|n| n.class.as_deref())
        .chain(cat.errors.iter().map(|e| e.class.as_str()))
        .any(|c| c == APP_ERROR && c != cat.registry.class);
    if taken { APP_ERROR_TAKEN } else { APP_ERROR }
}

/// An error class the module declares below the root: `MiloError extends AppError`.
#[derive(Debug)]
pub struct ClassView {
    pub name: String,
    pub parent: String,
    /// Its JSDoc block.
    pub doc: String,
}

/// The module's error classes: the root ([`root_class`]), every class name in first-use order
/// (the registry's base class, then the classes of the namespaces and codes), and the classes
/// declared below the root (all those names but the root itself, which is the base class
/// when the registry is named `app`), each after its parent.
#[derive(Debug)]
pub struct Classes {
    pub root: &'static str,
    pub names: Vec<String>,
    pub declared: Vec<ClassView>,
}

impl Classes {
    pub fn of(cat: &Catalogue) -> Classes {
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
        let declared = names
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
        Classes {
            root,
            names,
            declared,
        }
    }
}

/// `index.js`: the module consumers import. Everything but the classes is `runtime.js`'s
/// (`export *`, which leaves out its default export, the classes by name); each class is
/// exported under its own name (class names are identifiers: `format::CLASS_NAME`).
pub fn index_js(cat: &Catalogue, header: &str, classes: &Classes) -> String {
    let mut out = String::with_capacity(1024 + 160 * classes.declared.len());
    let _ = write!(
        out,
        "{}\n//\n// {}: error codes, their metadata, and total parsers for wire payloads,\n\
         // MCP tool results and JSON-RPC errors. Plain ES module (no build step); types in index.d.ts.\n\
         // The code is runtime.js (the same in every package errdex generates), the catalogue is data.js.\n\n\
         import classes from \"./runtime.js\";\n\nexport * from \"./runtime.js\";\n\n\
         /** A raised error of this catalogue, rendering the same wire, MCP and JSON-RPC shapes as the Rust crate. */\n\
         export const {root} = classes[{}];\n",
        header_line(header),
        one_line(&cat.registry.title),
        classes.root.js(),
        root = classes.root,
    );
    for c in &classes.declared {
        let _ = write!(
            out,
            "\n{}\nexport const {} = classes[{}];\n",
            c.doc,
            c.name,
            c.name.js()
        );
    }
    out
}
