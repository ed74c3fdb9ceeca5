//! The targets errdex writes, declared once (the identifiers each derives for a code are
//! [`crate::idents`]).
//!
//! Everything that used to list the targets by hand iterates these tables: the `outputs:`
//! keys of the format ([`crate::catalogue::format::OUTPUTS`]), [`crate::write::Settings`]
//! and [`crate::write::generate`], the pruning of obsolete files, the command's `--only` and
//! `--<target>-dir` flags. A new target is a row in [`TARGETS`], its identifiers rows in
//! [`crate::idents::IDENTS`], an emitter behind [`crate::emit::emit`] and a runtime;
//! `ARCHITECTURE.md` ("Add a target") walks through it.
//!
//! This module is data: it reads only [`crate::names`], below the IR, so every floor
//! (the IR's output paths included) can read it.

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
}
