//! One sub-enum per namespace (`FrmCode`), printed directly: identifiers from the IR and
//! sanitized doc text, after the catalogue data.

use std::fmt::Write as _;

use super::{docs, ident};
use crate::ir::{Catalogue, ErrorEntry, Namespace};

/// One sub-enum per namespace (`FrmCode`): the namespace's codes, with the variant names and
/// discriminants of [`ErrorCode`], so converting to `ErrorCode` is a cast and back a binary
/// search of `ALL`. Printed directly (identifiers from the IR, sanitized doc text).
pub(super) fn write(cat: &Catalogue, out: &mut String) {
    let repr = match cat.errors.len() {
        0..=256 => "u8",
        257..=65536 => "u16",
        _ => "u32",
    };
    for (k, ns) in cat.namespaces.iter().enumerate() {
        let Namespace {
            key,
            title,
            ids,
            // On `Namespace` itself (`items::namespaces`), not on its sub-enum.
            summary: _,
            code_prefix: _,
            // Resolved into each code by the front end.
            class: _,
            category: _,
            // The docs page.
            slug: _,
        } = ns;
        let name = crate::names::rust_namespace_enum(&ids.rust);
        let codes: Vec<(usize, &ErrorEntry)> = cat
            .errors
            .iter()
            .enumerate()
            .filter(|(_, e)| e.namespace == Some(k))
            .collect();
        let ns_variant = ident(&ids.rust);
        out.push_str(&docs::doc_text(
            &format!(
                "The codes of namespace {} ({}).\n\nA subset of [`ErrorCode`] with the same variant \
                 names and discriminants: `ErrorCode::from` widens one,\n`{name}::try_from(code)` \
                 narrows an [`ErrorCode`] (giving it back when it is not one of these).",
                docs::code_span(key),
                docs::plain(title),
            ),
            "",
        ));
        // No derived `Debug`: its one match arm per code cost rustc ~1 s and ~100 MiB at
        // 10,000 codes in release; the impl below reads `ErrorCode`'s table (same text).
        out.push_str("#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]\n");
        if !codes.is_empty() {
            let _ = writeln!(out, "#[repr({repr})]");
        }
        // The variants repeat `ErrorCode`'s (`CfgParse` in `CfgCode`): the same name for the
        // same code everywhere, which clippy's prefix rule would have us break.
        out.push_str("#[allow(clippy::enum_variant_names)]\n");
        let _ = writeln!(out, "pub enum {name} {{");
        for (i, e) in &codes {
            let _ = writeln!(
                out,
                "    /// [`ErrorCode::{}`]: {}.\n    {} = {i},",
                ident(&e.ids.rust.variant),
                docs::code_span(&e.code),
                ident(&e.ids.rust.variant),
            );
        }
        out.push_str("}\n\n");
        let _ = writeln!(out, "impl {name} {{");
        out.push_str("    /// Every code of the namespace, in catalogue order.\n");
        let _ = writeln!(out, "    pub const ALL: &'static [{name}] = &[");
        for (_, e) in &codes {
            let _ = writeln!(out, "        {name}::{},", ident(&e.ids.rust.variant));
        }
        out.push_str("    ];\n\n");
        out.push_str("    /// The namespace of these codes.\n");
        let _ = writeln!(
            out,
            "    pub const NAMESPACE: Namespace = Namespace::{ns_variant};\n"
        );
        out.push_str("    /// The code as an [`ErrorCode`].\n    #[inline]\n");
        if codes.is_empty() {
            out.push_str(
                "    pub const fn code(self) -> ErrorCode {\n        match self {}\n    }\n\n",
            );
        } else {
            out.push_str("    pub const fn code(self) -> ErrorCode {\n        ErrorCode::ALL[self as usize]\n    }\n\n");
        }
        let _ = writeln!(
            out,
            "    /// The code of this namespace that `code` is, if it is one.\n    pub fn from_code(code: ErrorCode) -> Option<{name}> {{\n        \
             {name}::ALL\n            .binary_search_by_key(&code.index(), |c| c.code().index())\n            .ok()\n            .map(|i| {name}::ALL[i])\n    }}\n"
        );
        out.push_str("    /// The stable wire code.\n    #[inline]\n    pub const fn as_str(self) -> &'static str {\n        self.code().as_str()\n    }\n}\n\n");
        let _ = writeln!(
            out,
            "impl From<{name}> for ErrorCode {{\n    #[inline]\n    fn from(code: {name}) -> ErrorCode {{\n        code.code()\n    }}\n}}\n"
        );
        let _ = writeln!(
            out,
            "impl TryFrom<ErrorCode> for {name} {{\n    /// The code itself: it belongs to another namespace (or to none).\n    type Error = ErrorCode;\n\n    \
             fn try_from(code: ErrorCode) -> Result<{name}, ErrorCode> {{\n        {name}::from_code(code).ok_or(code)\n    }}\n}}\n"
        );
        let _ = writeln!(
            out,
            "impl ::core::fmt::Display for {name} {{\n    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {{\n        f.write_str(self.as_str())\n    }}\n}}\n"
        );
        let _ = writeln!(
            out,
            "impl ::core::fmt::Debug for {name} {{\n    /// The variant's name, as `ErrorCode`'s `Debug` prints it.\n    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {{\n        ::core::fmt::Debug::fmt(&self.code(), f)\n    }}\n}}\n"
        );
    }
}
