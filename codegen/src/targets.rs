//! The targets errdex writes, declared once, and the identifiers each derives for a code.
//!
//! Everything that used to list the targets by hand iterates these tables: the `outputs:`
//! keys of the format ([`crate::catalogue::format::OUTPUTS`]), [`crate::write::Settings`]
//! and [`crate::write::generate`], the pruning of obsolete files, the command's `--only` and
//! `--<target>-dir` flags, the identifiers of [`crate::ir::EntryIds`] and every reader of
//! them (the collision rule, `errdex diff`'s rename advice, `registry.json` and
//! `errdex explain --format json`, `errdex usage`). A new target is a row in [`TARGETS`],
//! its identifiers rows in [`IDENTS`], an emitter behind [`crate::emit::emit`] and a runtime;
//! `ARCHITECTURE.md` ("Add a target") walks through it.
//!
//! This module sits on the floor of [`crate::ir`] and [`crate::names`]: it names no
//! emitter, so every floor can read it.

use crate::ir::{Catalogue, EntryIds};
use crate::names;

/// A target, by name. The order is [`TARGETS`]' (and so the `outputs:` keys' order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TargetId {
    Rust,
    Docs,
    TypeScript,
    Schema,
    Python,
    OpenApi,
    Go,
}

/// One target: what it is called, where it writes, which feature builds it, which files of
/// its folder it owns, and what `errdex usage` looks for in its language.
#[derive(Debug)]
pub struct Target {
    pub id: TargetId,
    /// Its name on the command line (`--only docs`) and in messages.
    pub name: &'static str,
    /// Other names `--only` accepts (`ts`).
    pub aliases: &'static [&'static str],
    /// What it writes, in a few words ("the mdBook reference").
    pub title: &'static str,
    /// The `errdex-codegen` feature that compiles its emitter (a test holds the table
    /// against `codegen/Cargo.toml`).
    pub feature: &'static str,
    pub output: Output,
    /// The files of its output that an earlier run wrote and [`crate::write::obsolete`]
    /// may remove when this run no longer writes them.
    pub owns: Owned,
    /// Files of another target's output this one ships as well (the npm package carries
    /// the wire schema): `(target, file)`, the other target's emitter runs for them.
    pub ships: &'static [(TargetId, &'static str)],
    /// Its emitter splits its largest files into tasks of the pool (`par::join`): a worker
    /// that runs out of targets takes their second halves instead of waiting for the last
    /// target to end alone, so the target started last is one that splits.
    pub splits: bool,
    /// When `errdex generate` starts its emitter, 0 first: the costliest first, so that the
    /// targets that end the run are short ones (longest processing time first, the classic
    /// rule for jobs on a few workers). By emitting and writing time, measured at 266 codes
    /// (full Rust API) and at 50,000 (the large-catalogue recipe): Rust (the costliest at
    /// 266, second at 50,000), the docs, TypeScript (the costliest at 50,000), the schemas,
    /// OpenAPI, Go, and Python last, a short target that splits (BENCHMARKS.md, "Emitters
    /// started costliest first", twenty-eighth session). Each value once.
    pub start: u8,
    /// The source files of the target's language, for `errdex usage` (`None`: it generates
    /// no code a project calls).
    pub language: Option<Language>,
}

/// Where a target writes.
#[derive(Debug, Clone, Copy)]
pub struct Output {
    /// The key in the catalogue's `outputs:` section; the command's flag is the same with
    /// `-` (`--docs-dir`).
    pub key: &'static str,
    /// A folder, or one file (the Rust module).
    pub kind: OutputKind,
    /// Where it goes when neither the catalogue nor a flag says; `None`: not written unless
    /// asked for.
    pub default: Option<&'static str>,
    /// The key's description (the editor schema and `docs/catalogue.md`).
    pub description: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputKind {
    Folder,
    File,
}

/// Which files under a target's output errdex owns (and so may remove once obsolete; only
/// those with this catalogue's `@generated` header are ever touched).
#[derive(Debug, Clone, Copy)]
pub enum Owned {
    /// The folder's own files, not its subfolders (a `node_modules` is never looked at).
    Files,
    /// The folder's files and those of its subfolders one level down, hidden ones skipped
    /// (a package directory, never a virtual environment).
    FilesAndPackages,
    /// These files of the folder and everything under `tree` (mdBook's `src/`, never its
    /// `book/` output).
    Book {
        files: &'static [&'static str],
        tree: &'static str,
    },
    /// The one output file.
    File,
}

/// A language whose generated identifiers `errdex usage` finds.
#[derive(Debug, Clone, Copy)]
pub struct Language {
    /// The language's name in reports.
    pub name: &'static str,
    /// Its source files, by extension.
    pub extensions: &'static [&'static str],
}

/// The languages `errdex usage` reads: each code target's, in [`TARGETS`] order.
pub fn languages() -> impl Iterator<Item = (TargetId, Language)> {
    TARGETS.iter().filter_map(|t| t.language.map(|l| (t.id, l)))
}

/// Every target, in the order of the `outputs:` keys.
pub static TARGETS: [Target; 7] = [
    Target {
        id: TargetId::Rust,
        name: "rust",
        aliases: &[],
        title: "the Rust module",
        feature: "rust",
        output: Output {
            key: "rust_file",
            kind: OutputKind::File,
            default: None,
            description: "Also write the Rust module to this file (as `--rust-file`), to commit it instead of generating it from build.rs.",
        },
        owns: Owned::File,
        ships: &[],
        splits: true,
        start: 0,
        language: Some(Language {
            name: "Rust",
            extensions: &["rs"],
        }),
    },
    Target {
        id: TargetId::Docs,
        name: "docs",
        aliases: &[],
        title: "the mdBook reference",
        feature: "markdown",
        output: Output {
            key: "docs_dir",
            kind: OutputKind::Folder,
            default: Some("docs-site"),
            description: "The mdBook reference's folder.",
        },
        owns: Owned::Book {
            files: &["book.toml", "errdex.css"],
            tree: "src",
        },
        ships: &[],
        splits: false,
        start: 1,
        language: None,
    },
    Target {
        id: TargetId::TypeScript,
        name: "typescript",
        aliases: &["ts"],
        title: "the TypeScript package (it ships the wire-error schema too)",
        feature: "typescript",
        output: Output {
            key: "ts_dir",
            kind: OutputKind::Folder,
            default: Some("generated/ts"),
            description: "The npm package's folder.",
        },
        owns: Owned::Files,
        ships: &[(TargetId::Schema, names::WIRE_ERROR_SCHEMA_FILE)],
        splits: true,
        start: 2,
        language: Some(Language {
            name: "TypeScript",
            extensions: &["ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs"],
        }),
    },
    Target {
        id: TargetId::Schema,
        name: "schema",
        aliases: &[],
        title: "the JSON Schemas and registry.json",
        feature: "json-schema",
        output: Output {
            key: "schema_dir",
            kind: OutputKind::Folder,
            default: Some("generated/schema"),
            description: "The JSON Schemas' and registry.json's folder.",
        },
        owns: Owned::Files,
        ships: &[],
        splits: false,
        start: 3,
        language: None,
    },
    Target {
        id: TargetId::Python,
        name: "python",
        aliases: &[],
        title: "the Python package",
        feature: "python",
        output: Output {
            key: "python_dir",
            kind: OutputKind::Folder,
            default: Some("generated/python"),
            description: "The Python distribution's folder.",
        },
        owns: Owned::FilesAndPackages,
        ships: &[],
        splits: true,
        start: 6,
        language: Some(Language {
            name: "Python",
            extensions: &["py", "pyi"],
        }),
    },
    Target {
        id: TargetId::OpenApi,
        name: "openapi",
        aliases: &[],
        title: "the OpenAPI 3.1 components of the HTTP errors",
        feature: "openapi",
        output: Output {
            key: "openapi_dir",
            kind: OutputKind::Folder,
            default: Some("generated/openapi"),
            description: "The OpenAPI components' folder (`errors.openapi.json`, which an API's own document `$ref`s).",
        },
        owns: Owned::Files,
        ships: &[],
        splits: false,
        start: 4,
        language: None,
    },
    Target {
        id: TargetId::Go,
        name: "go",
        aliases: &["golang"],
        title: "the Go module",
        feature: "go",
        output: Output {
            key: "go_dir",
            kind: OutputKind::Folder,
            default: Some("generated/go"),
            description: "The Go module's folder (`go.mod` and one package, standard library only).",
        },
        owns: Owned::Files,
        ships: &[],
        splits: false,
        start: 5,
        language: Some(Language {
            name: "Go",
            extensions: &["go"],
        }),
    },
];

impl TargetId {
    /// Every target, in [`TARGETS`] order.
    pub fn all() -> impl Iterator<Item = TargetId> {
        TARGETS.iter().map(|t| t.id)
    }

    /// The target's row.
    pub fn target(self) -> &'static Target {
        TARGETS
            .iter()
            .find(|t| t.id == self)
            .unwrap_or_else(|| unreachable!("every TargetId has a row in TARGETS"))
    }

    /// The target named `name` on the command line (or by one of its aliases).
    pub fn by_name(name: &str) -> Option<TargetId> {
        TARGETS
            .iter()
            .find(|t| t.name == name || t.aliases.contains(&name))
            .map(|t| t.id)
    }

    /// The target whose `outputs:` key is `key`.
    pub fn by_output_key(key: &str) -> Option<TargetId> {
        TARGETS.iter().find(|t| t.output.key == key).map(|t| t.id)
    }
}

/// An identifier errdex derives for every code, for one target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ident {
    RustVariant,
    RustConstructor,
    TsKey,
    TsType,
    PyFunction,
    PyConstant,
    GoConstant,
    GoConstructor,
}

/// How the derived identifiers of a code are read, shown and searched for.
#[derive(Debug)]
pub struct IdentSpec {
    pub ident: Ident,
    pub target: TargetId,
    /// Its member in `registry.json`'s and `explain --format json`'s `identifiers`.
    pub key: &'static str,
    /// Its name in `errdex diff`'s findings and, with `{…}`, as a placeholder of
    /// `usage.patterns` ([`Self::placeholder`]).
    pub short: &'static str,
    /// `usage.patterns` takes `{short}` (the format's placeholders are fixed: a new
    /// identifier becomes one only on purpose).
    pub placeholder: bool,
    /// How the generated code names it: the identifier between these (`ErrorCode::`, ``).
    pub shown: (&'static str, &'static str),
    /// Two codes may not share it: the collision rule (EDX0205) compares it, reporting it
    /// under this language with `shown` around it. `false` when another identifier already
    /// decides (the Python constant is the TypeScript key).
    pub unique: bool,
    /// What `errdex usage` finds in the target's language: the identifier between each
    /// `(prefix, suffix)`.
    pub usage: &'static [(&'static str, &'static str)],
    /// A bare name, as common a word as the NAME it is derived from (Python's factory
    /// `error(` for a code named ERROR): `errdex usage` counts it only where the file
    /// imports it (`from … import error`, or a `*` import) or calls it on the generated
    /// package's module (`acme_errors.error(` after `import acme_errors [as …]`), so that
    /// `log.error(` or a local `result(` is no use of a code.
    pub imported: bool,
    /// Derives it from a code's NAME ([`crate::names`]).
    pub derive: fn(&str) -> String,
    /// Reads it from an entry's [`EntryIds`].
    pub get: fn(&EntryIds) -> &str,
    /// Whether the target generates it for this catalogue (`rust.constructors: false` and
    /// `go.constructors: false` leave the constructors out).
    pub generated: fn(&Catalogue) -> bool,
}

impl IdentSpec {
    /// The placeholder of `usage.patterns` it fills, when it is one.
    pub fn placeholder(&self) -> Option<&'static str> {
        self.placeholder.then_some(self.short)
    }

    /// The identifier as the generated code writes it (`ErrorCode::FrmValidation`).
    pub fn show(&self, ident: &str) -> String {
        format!("{}{ident}{}", self.shown.0, self.shown.1)
    }

    /// The language it is reported under.
    pub fn language(&self) -> &'static str {
        self.target
            .target()
            .language
            .map_or(self.target.target().name, |l| l.name)
    }
}

fn always(_: &Catalogue) -> bool {
    true
}

/// Every identifier derived for a code, target by target.
pub static IDENTS: [IdentSpec; 8] = [
    IdentSpec {
        ident: Ident::RustVariant,
        target: TargetId::Rust,
        key: "rust_variant",
        short: "rust_variant",
        placeholder: true,
        shown: ("ErrorCode::", ""),
        unique: true,
        usage: &[("ErrorCode::", "")],
        imported: false,
        derive: names::rust_variant,
        get: |ids| &ids.rust.variant,
        generated: always,
    },
    IdentSpec {
        ident: Ident::RustConstructor,
        target: TargetId::Rust,
        key: "rust_constructor",
        short: "rust_fn",
        placeholder: true,
        shown: ("Error::", ""),
        unique: true,
        usage: &[("Error::", "(")],
        imported: false,
        derive: names::rust_constructor,
        get: |ids| &ids.rust.constructor,
        generated: |cat| cat.rust.constructors,
    },
    IdentSpec {
        ident: Ident::TsKey,
        target: TargetId::TypeScript,
        key: "ts_key",
        short: "ts_key",
        placeholder: true,
        shown: ("ErrorCode.", ""),
        unique: true,
        usage: &[("ErrorCode.", "")],
        imported: false,
        derive: names::ts_key,
        get: |ids| &ids.ts.key,
        generated: always,
    },
    IdentSpec {
        ident: Ident::TsType,
        target: TargetId::TypeScript,
        key: "ts_type",
        short: "ts_type",
        placeholder: false,
        shown: ("", "Params"),
        unique: true,
        usage: &[],
        imported: false,
        derive: names::ts_type,
        get: |ids| &ids.ts.type_name,
        generated: always,
    },
    IdentSpec {
        ident: Ident::PyConstant,
        target: TargetId::Python,
        key: "py_constant",
        short: "py_constant",
        placeholder: false,
        shown: ("ErrorCode.", ""),
        // The same SHOUTY_SNAKE as the TypeScript key, which the rule already compares.
        unique: false,
        usage: &[("ErrorCode.", "")],
        imported: false,
        derive: names::py_code_constant,
        get: |ids| &ids.py.constant,
        generated: always,
    },
    IdentSpec {
        ident: Ident::PyFunction,
        target: TargetId::Python,
        key: "py_function",
        short: "py_fn",
        placeholder: true,
        shown: ("", "()"),
        unique: true,
        usage: &[("", "(")],
        imported: true,
        derive: names::py_function,
        get: |ids| &ids.py.function,
        generated: always,
    },
    IdentSpec {
        ident: Ident::GoConstant,
        target: TargetId::Go,
        key: "go_constant",
        short: "go_const",
        placeholder: false,
        shown: ("", ""),
        // `Code` + the UpperCamel NAME: the Rust variant's words, so the rule reports it
        // with the Rust variant; the row keeps it checked should the derivations part.
        unique: true,
        usage: &[("", "")],
        imported: false,
        derive: names::go_constant,
        get: |ids| &ids.go.constant,
        generated: always,
    },
    IdentSpec {
        ident: Ident::GoConstructor,
        target: TargetId::Go,
        key: "go_constructor",
        short: "go_fn",
        placeholder: false,
        shown: ("", "()"),
        // `New` + the same UpperCamel as the constant, which the rule already compares.
        unique: false,
        usage: &[("", "(")],
        imported: false,
        derive: names::go_constructor,
        get: |ids| &ids.go.constructor,
        generated: |cat| cat.go.constructors,
    },
];

impl Ident {
    /// The identifier's row.
    pub fn spec(self) -> &'static IdentSpec {
        IDENTS
            .iter()
            .find(|s| s.ident == self)
            .unwrap_or_else(|| unreachable!("every Ident has a row in IDENTS"))
    }
}

impl EntryIds {
    /// Every identifier of a code named `name`, derived by [`IDENTS`]' rules.
    pub fn derive(name: &str) -> EntryIds {
        use crate::ir::{GoEntryIds, PyEntryIds, RustEntryIds, TsEntryIds};
        let d = |i: Ident| (i.spec().derive)(name);
        EntryIds {
            rust: RustEntryIds {
                variant: d(Ident::RustVariant),
                constructor: d(Ident::RustConstructor),
            },
            ts: TsEntryIds {
                key: d(Ident::TsKey),
                type_name: d(Ident::TsType),
            },
            py: PyEntryIds {
                function: d(Ident::PyFunction),
                constant: d(Ident::PyConstant),
            },
            go: GoEntryIds {
                constant: d(Ident::GoConstant),
                constructor: d(Ident::GoConstructor),
            },
        }
    }

    /// `(row, identifier)` for every identifier, in [`IDENTS`] order.
    pub fn each(&self) -> impl Iterator<Item = (&'static IdentSpec, &str)> {
        IDENTS.iter().map(move |s| (s, (s.get)(self)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_complete_and_distinct() {
        for (i, t) in TARGETS.iter().enumerate() {
            assert_eq!(TargetId::all().nth(i), Some(t.id));
            assert_eq!(t.id.target().name, t.name);
            assert_eq!(TargetId::by_name(t.name), Some(t.id));
            assert_eq!(TargetId::by_output_key(t.output.key), Some(t.id));
            for other in &TARGETS[i + 1..] {
                assert_ne!(t.id, other.id);
                assert_ne!(t.name, other.name);
                assert_ne!(t.output.key, other.output.key);
            }
            assert_eq!(
                t.output.kind == OutputKind::File,
                matches!(t.owns, Owned::File),
                "{}: one file owns only itself",
                t.name
            );
        }
        for (i, s) in IDENTS.iter().enumerate() {
            assert_eq!(s.ident.spec().key, s.key);
            for other in &IDENTS[i + 1..] {
                assert_ne!(s.key, other.key);
                assert_ne!(s.short, other.short);
            }
        }
    }

    /// Each target's feature is declared in `codegen/Cargo.toml`, and `generate` (every
    /// target at once) turns each on.
    #[test]
    fn features_are_declared() {
        let manifest = include_str!("../Cargo.toml");
        let features = manifest
            .split("[features]")
            .nth(1)
            .and_then(|rest| rest.split("\n[").next())
            .unwrap_or_default();
        let declared = |name: &str| {
            features
                .lines()
                .find(|l| l.starts_with(&format!("{name} =")))
                .unwrap_or_else(|| panic!("feature `{name}` is not declared in codegen/Cargo.toml"))
        };
        let generate = declared("generate");
        for t in &TARGETS {
            declared(t.feature);
            assert!(
                generate.contains(&format!("\"{}\"", t.feature)),
                "`generate` must turn on `{}` ({})",
                t.feature,
                t.name
            );
        }
    }

    #[test]
    fn derive_reads_back_through_the_table() {
        let ids = EntryIds::derive("FRM_VALIDATION");
        let got: Vec<(&str, &str)> = ids.each().map(|(s, v)| (s.key, v)).collect();
        assert_eq!(
            got,
            [
                ("rust_variant", "FrmValidation"),
                ("rust_constructor", "frm_validation"),
                ("ts_key", "FRM_VALIDATION"),
                ("ts_type", "FrmValidation"),
                ("py_constant", "FRM_VALIDATION"),
                ("py_function", "frm_validation"),
                ("go_constant", "CodeFrmValidation"),
                ("go_constructor", "NewFrmValidation"),
            ]
        );
    }
}
