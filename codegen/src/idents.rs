//! The identifiers errdex derives for every code, target by target, declared once: the
//! identifiers of [`crate::ir::EntryIds`] and every reader of them (the collision rule,
//! `errdex diff`'s rename advice, `registry.json` and `errdex explain --format json`,
//! `errdex usage`). A new target's identifiers are rows in [`IDENTS`].
//!
//! It sits on the IR (an identifier is read from an entry's [`EntryIds`], and whether a
//! target generates it depends on the [`Catalogue`]), above the target table.

use crate::ir::{Catalogue, EntryIds};
use crate::names;
use crate::targets::TargetId;

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
    fn rows_are_distinct() {
        for (i, s) in IDENTS.iter().enumerate() {
            assert_eq!(s.ident.spec().key, s.key);
            for other in &IDENTS[i + 1..] {
                assert_ne!(s.key, other.key);
                assert_ne!(s.short, other.short);
            }
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
