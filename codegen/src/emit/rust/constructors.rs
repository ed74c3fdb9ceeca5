//! One typed constructor per code (`Error::frm_validation(field)`), and the builders they
//! call, one per shape of param list. Most constructors are printed directly (their layout
//! is fixed), deprecated ones too; the others (more than seven params, or a line too long
//! to be sure of prettyplease's layout) go through prettyplease one at a time, and a
//! proptest holds the two paths to the same bytes.

use std::fmt::Write as _;

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::items::{deprecated_attr, push_deprecated_attr};
use super::{CONSTRUCTORS_PLACEHOLDER, docs, ident, splice_inner};
use crate::ir::{Catalogue, ErrorEntry, Param, ParamType, Scalar};

/// The constructors' `impl Error` blocks (the constructors as one placeholder) and the
/// constructors' text that replaces it.
pub(super) fn items(cat: &Catalogue) -> (TokenStream, String) {
    items_with(cat, true)
}

/// `fast: false` formats every constructor through prettyplease (the reference the fast path
/// is tested against).
fn items_with(cat: &Catalogue, fast: bool) -> (TokenStream, String) {
    let mut constructors = String::new();
    for e in &cat.errors {
        let ErrorEntry {
            code,
            summary,
            message,
            params,
            deprecated,
            ids,
            // The variant's docs and the table hold the rest; a constructor only builds.
            name: _,
            namespace: _,
            category: _,
            suggestion: _,
            explanation: _,
            retryable: _,
            retry: _,
            exit_code: _,
            http_status: _,
            jsonrpc_code: _,
            expected: _,
            docs_url: _,
            since: _,
            aliases: _,
            legacy_codes: _,
            anchor: _,
            class: _,
        } = e;
        let f = ident(&ids.rust.constructor);
        let v = ident(&ids.rust.variant);
        let helper = shape_helper(params);
        let arguments: Vec<(Ident, ParamType)> = params.iter().map(argument).collect();
        let mut text = format!(
            "{} — {}\n\nMessage: {}",
            docs::code_span(code),
            docs::plain(summary),
            docs::code_span(&message.raw)
        );
        text.push_str(&format!("\n\nSee [`ErrorCode::{}`].", ids.rust.variant));
        if fast && params.len() <= 7 {
            let args: Vec<String> = arguments
                .iter()
                .map(|(a, ty)| format!("{a}: {}", ty.rust()))
                .collect();
            let signature = format!("    pub fn {f}({}) -> Error {{", args.join(", "));
            let mut call = format!("        Error::{helper}(ErrorCode::{v}");
            for (a, _) in &arguments {
                let _ = write!(call, ", {a}");
            }
            call.push(')');
            // Well inside prettyplease's 89-column margin: it keeps both on one line.
            if signature.chars().count() <= 80 && call.chars().count() <= 80 {
                constructors.push_str(&docs::doc_text(&text, "    "));
                if deprecated.is_some() {
                    push_deprecated_attr(&mut constructors, cat, deprecated.as_ref(), "    ");
                    constructors.push_str("    #[allow(deprecated)]\n");
                }
                constructors.push_str("    #[inline]\n");
                constructors.push_str(&signature);
                constructors.push('\n');
                constructors.push_str(&call);
                constructors.push_str("\n    }\n");
                continue;
            }
        }
        let args = arguments.iter().map(|(a, ty)| {
            let ty = param_type_tokens(*ty);
            quote!(#a: #ty)
        });
        let names = arguments.iter().map(|(a, _)| a);
        let helper = ident(&helper);
        let doc = docs::doc_lines(&text);
        let dep = deprecated_attr(cat, deprecated.as_ref());
        let allow_dep = if deprecated.is_some() {
            quote!(#[allow(deprecated)])
        } else {
            quote!()
        };
        let many = if params.len() > 7 {
            quote!(#[allow(clippy::too_many_arguments)])
        } else {
            quote!()
        };
        constructors.push_str(&splice_inner(quote! {
            impl ErrdexSplice {
                #doc
                #dep
                #allow_dep
                #many
                #[inline]
                pub fn #f(#(#args),*) -> Error {
                    Error::#helper(ErrorCode::#v, #(#names),*)
                }
            }
        }));
    }
    let placeholder = if cat.errors.is_empty() {
        quote!()
    } else {
        let p = ident(CONSTRUCTORS_PLACEHOLDER);
        quote!(fn #p() {})
    };
    // One builder per shape of param list the catalogue uses, in first-seen order.
    let mut seen = std::collections::HashSet::new();
    let shapes: Vec<&[Param]> = cat
        .errors
        .iter()
        .filter(|e| seen.insert(shape_helper(&e.params)))
        .map(|e| e.params.as_slice())
        .collect();
    let helpers = shapes.iter().map(|params| {
        let helper = ident(&shape_helper(params));
        let args = params.iter().enumerate().map(|(i, p)| {
            let a = quote::format_ident!("p{}", i);
            let ty = param_type_tokens(p.ty);
            quote!(#a: #ty)
        });
        let values = params.iter().enumerate().map(|(i, p)| {
            let a = quote::format_ident!("p{}", i);
            match p.ty {
                ParamType::String => quote!(Error::errdex_vs(#a.into())),
                ParamType::Integer => quote!(Error::errdex_vi(#a)),
                ParamType::Number => quote!(Error::errdex_vf(#a)),
                ParamType::Boolean => quote!(Error::errdex_vb(#a)),
                ParamType::List(Scalar::String) => {
                    quote!(Error::errdex_vls(#a.into_iter().map(Into::into).collect()))
                }
                ParamType::List(Scalar::Integer) => {
                    quote!(Error::errdex_vli(#a.into_iter().collect()))
                }
                ParamType::List(Scalar::Number) => {
                    quote!(Error::errdex_vlf(#a.into_iter().collect()))
                }
                ParamType::List(Scalar::Boolean) => {
                    quote!(Error::errdex_vlb(#a.into_iter().collect()))
                }
                ParamType::Object => quote!(::serde_json::Value::Object(#a)),
            }
        });
        let many = if params.len() > 6 {
            quote!(#[allow(clippy::too_many_arguments)])
        } else {
            quote!()
        };
        quote! {
            #many
            #[inline(never)]
            fn #helper(code: ErrorCode, #(#args),*) -> Error {
                Error::errdex_new(code, [#(#values),*])
            }
        }
    });
    let tokens = quote! {
        /// One typed constructor per code: params in catalogue order; message and suggestion
        /// rendered from the catalogue templates.
        #[allow(clippy::self_named_constructors)]
        impl Error {
            #placeholder
        }

        /// The constructors' builders, one per shape of param list (`s` string, `i` integer,
        /// `f` number, `b` boolean). Each constructor is a single call: at 10,000 codes this
        /// makes rustc type-check, borrow-check and encode far less MIR than building the
        /// values inline in every constructor.
        impl Error {
            #(#helpers)*
        }
    };
    (tokens, constructors)
}

/// A param as a constructor's argument: its Rust name and its type.
fn argument(p: &Param) -> (Ident, ParamType) {
    let Param {
        ids,
        ty,
        // The wire key and placeholder (`ERRDEX_PARAMS`), the docs and schemas.
        name: _,
        schema: _,
        example: _,
    } = p;
    (ident(&ids.rust), *ty)
}

/// A param's Rust type in a constructor's signature, as tokens: [`ParamType::rust`]'s text
/// (the proptest below checks that prettyplease prints them alike).
fn param_type_tokens(ty: ParamType) -> TokenStream {
    match ty {
        ParamType::String => quote!(impl Into<String>),
        ParamType::Integer => quote!(i64),
        ParamType::Number => quote!(f64),
        ParamType::Boolean => quote!(bool),
        ParamType::List(Scalar::String) => quote!(impl IntoIterator<Item = impl Into<String>>),
        ParamType::List(Scalar::Integer) => quote!(impl IntoIterator<Item = i64>),
        ParamType::List(Scalar::Number) => quote!(impl IntoIterator<Item = f64>),
        ParamType::List(Scalar::Boolean) => quote!(impl IntoIterator<Item = bool>),
        ParamType::Object => quote!(::serde_json::Map<String, ::serde_json::Value>),
    }
}

/// `errdex_c_<shape>`: the builder of a param list's shape, e.g. `errdex_c_si` for a string
/// and an integer, `errdex_c` for none (`l` + the item letter for a list, `o` an object).
fn shape_helper(params: &[Param]) -> String {
    let mut name = String::from("errdex_c");
    if !params.is_empty() {
        name.push('_');
    }
    let letter = |s: Scalar| match s {
        Scalar::String => 's',
        Scalar::Integer => 'i',
        Scalar::Number => 'f',
        Scalar::Boolean => 'b',
    };
    for p in params {
        match p.ty {
            ParamType::String => name.push('s'),
            ParamType::Integer => name.push('i'),
            ParamType::Number => name.push('f'),
            ParamType::Boolean => name.push('b'),
            ParamType::List(items) => {
                name.push('l');
                name.push(letter(items));
            }
            ParamType::Object => name.push('o'),
        }
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn catalogue(entries: &[(String, Vec<(String, u8)>)]) -> Catalogue {
        let mut y = String::from(crate::emit::rust::TEST_CATALOGUE_HEAD);
        for (i, (name, params)) in entries.iter().enumerate() {
            let mut message = String::from("failed");
            for (p, _) in params {
                message.push_str(&format!(" {{{p}}}"));
            }
            y.push_str(&format!(
                "  {name}_{i}:\n    code: T-{i:04}\n    category: invalid\n    summary: S\n    message: \"{message}\"\n"
            ));
            // Every second code deprecated, three ways: bare, a version and a note of a
            // length around the attribute's one-line limit, a date and a successor.
            let note = "n".repeat(25 + (name.len() * 3 + i * 7) % 40);
            match i % 4 {
                1 => y.push_str("    deprecated: true\n"),
                2 => y.push_str(&format!(
                    "    deprecated: {{since: \"1.2.0\", note: \"{note}\"}}\n"
                )),
                3 => y.push_str(&format!(
                    "    deprecated: {{since: yesterday, replaced_by: {}_0}}\n",
                    entries[0].0
                )),
                _ => {}
            }
            if !params.is_empty() {
                y.push_str("    params:\n");
                for (p, t) in params {
                    let ty = [
                        "string",
                        "integer",
                        "number",
                        "boolean",
                        "{type: list, items: string}",
                        "{type: list, items: number}",
                        "{type: object}",
                    ][usize::from(*t) % 7];
                    y.push_str(&format!("      \"{p}\": {ty}\n"));
                }
            }
        }
        let loaded = crate::load_str(&y, "errors.yaml");
        loaded
            .catalogue
            .unwrap_or_else(|| panic!("{y}\n{:?}", loaded.diagnostics))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Constructors printed directly read exactly as prettyplease prints them, on both
        /// sides of the one-line limit (long names, many params).
        #[test]
        fn fast_constructors_match_prettyplease(
            entries in proptest::collection::vec(
                ("[A-Z]{1,12}(_[A-Z]{1,12}){0,3}", proptest::collection::btree_map("[a-z]{1,14}", 0u8..7, 0..9)),
                1..6,
            )
        ) {
            // Param names that are wire keys are rejected by validation (EDX0405).
            let reserved = ["error", "detail", "message", "code", "category", "retryable", "argument", "constraint", "suggestion", "details"];
            let entries: Vec<(String, Vec<(String, u8)>)> = entries
                .into_iter()
                .map(|(n, ps)| {
                    let ps = ps
                        .into_iter()
                        .map(|(p, t)| if reserved.contains(&p.as_str()) { (format!("{p}x"), t) } else { (p, t) })
                        .collect::<std::collections::BTreeMap<_, _>>()
                        .into_iter()
                        .collect();
                    (n, ps)
                })
                .collect();
            let cat = catalogue(&entries);
            let (_, fast) = items_with(&cat, true);
            let (_, slow) = items_with(&cat, false);
            prop_assert_eq!(fast, slow);
        }
    }
}
