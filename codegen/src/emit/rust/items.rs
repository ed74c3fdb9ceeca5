//! The catalogue's types and constants, as tokens for syn and prettyplease: the registry
//! constants and profiles, `Category`, `Namespace`, the `ErrorCode` enum with its variants'
//! docs and the side tables of its rows, and the retired codes.
//!
//! The builders destructure the IR structs they read whole (`let Category { key, … } = c;`),
//! so a new IR field is a compile error here until it is shown or left out on purpose.

use std::fmt::Write as _;

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;

use super::table::Table;
use super::{
    RustOptions, Splices, VARIANTS_PLACEHOLDER, docs, ident, int, opt_str, print, repr,
    retry_tokens, splice_inner,
};
use crate::catalogue::format::RETRY_AFTER_STATUSES;
use crate::ir::{
    Catalogue, Category, Deprecation, ErrorEntry, Fact, HttpBody, HttpProfile, JsonRpcData,
    Namespace, ProfileField, ReasonSource, Retired, WireField,
};
use crate::names;
use crate::support::facts::{self, FactValue};
use crate::support::pretty_json::COMPACT_ABOVE_CODES;

/// The registry's constants: name, title, wire keys, profiles and error classes.
pub(super) fn registry(cat: &Catalogue, opts: &RustOptions, splices: &mut Splices) -> TokenStream {
    let r = &cat.registry;
    let name = &r.name;
    let title = &r.title;
    let prefix = &r.mcp_meta_prefix;
    let w = &r.wire;
    let (code, message) = (&w.code, &w.message);
    let category = opt_str(w.category.as_deref());
    let retryable = opt_str(w.retryable.as_deref());
    let details = opt_str(w.details.as_deref());
    let order = w.order.iter().map(|f| {
        let variant = Ident::new(
            match f {
                WireField::Code => "Code",
                WireField::Message => "Message",
                WireField::Category => "Category",
                WireField::Retryable => "Retryable",
                WireField::Details => "Details",
            },
            Span::call_site(),
        );
        quote!(WireField::#variant)
    });
    let sc = opts.mcp_structured_content;
    let profiles = profiles(cat, splices);
    let classes = classes(cat, splices);
    let title_doc = docs::doc_lines(&format!(
        "The registry's docs title: {}.",
        docs::plain(title)
    ));
    quote! {
        /// The registry name (`registry.name` in the catalogue).
        pub const REGISTRY_NAME: &str = #name;
        #title_doc
        pub const REGISTRY_TITLE: &str = #title;
        /// Prefix of the MCP `_meta` keys written by [`Error::to_mcp_tool_result`].
        pub const MCP_META_PREFIX: &str = #prefix;
        /// Key names of the JSON wire object ([`Error::to_wire`], [`Error::from_wire`]).
        pub const WIRE: WireKeys = WireKeys {
            code: #code,
            message: #message,
            category: #category,
            retryable: #retryable,
            details: #details,
            order: [#(#order),*],
        };
        const ERRDEX_MCP_STRUCTURED_CONTENT: bool = #sc;
        #profiles
        #classes
    }
}

/// One profile fact as a `ProfileFact` expression. `example` carries the params' `example:`
/// values when the catalogue gives any (`ProfileFact::ExampleOr`).
fn profile_fact(cat: &Catalogue, fact: &Fact) -> TokenStream {
    let unit = |v: &str| {
        let v = Ident::new(v, Span::call_site());
        quote!(ProfileFact::#v)
    };
    match fact {
        Fact::Code => unit("Code"),
        Fact::Name => unit("Name"),
        Fact::Category => unit("Category"),
        Fact::Retryable => unit("Retryable"),
        Fact::Expected => unit("Expected"),
        Fact::ErrorType => unit("ErrorType"),
        Fact::Message => unit("Message"),
        Fact::Summary => unit("Summary"),
        Fact::DocsUrl => unit("DocsUrl"),
        Fact::Argument => unit("Argument"),
        Fact::Constraint => unit("Constraint"),
        Fact::Suggestion => unit("Suggestion"),
        Fact::Example => {
            let examples: Vec<TokenStream> = cat
                .errors
                .iter()
                .flat_map(|e| e.params.iter().map(move |p| (e, p)))
                .filter_map(|(e, p)| {
                    let json = p.example.as_ref()?.to_string();
                    let v = ident(&e.ids.rust.variant);
                    let name = &p.name;
                    Some(quote!((ErrorCode::#v, #name, #json)))
                })
                .collect();
            if examples.is_empty() {
                unit("Example")
            } else {
                quote!(ProfileFact::ExampleOr(&[#(#examples),*]))
            }
        }
        Fact::Params => unit("Params"),
        Fact::Context => unit("Context"),
        Fact::Wire => unit("Wire"),
        Fact::ContextKey(k) => quote!(ProfileFact::ContextKey(#k)),
        Fact::Param(p) => quote!(ProfileFact::Param(#p)),
    }
}

fn profile_fields(cat: &Catalogue, fields: &[ProfileField]) -> TokenStream {
    let items = fields.iter().map(|f| {
        let key = &f.key;
        let fact = profile_fact(cat, &f.fact);
        quote!((#key, #fact))
    });
    quote!(&[#(#items),*])
}

/// `MCP_PROFILE` and `JSONRPC_PROFILE`: the catalogue's `profiles:` as data the runtime reads.
fn profiles(cat: &Catalogue, splices: &mut Splices) -> TokenStream {
    let mcp = &cat.profiles.mcp_tool_error;
    let text = &mcp.text.raw;
    let member = mcp.data.member();
    let prefix = &mcp.prefix;
    let result_type = opt_str(mcp.result_type.as_deref());
    let fields = profile_fields(cat, &mcp.fields);
    let rpc = &cat.profiles.jsonrpc_error;
    let message = &rpc.message.raw;
    let data = match &rpc.data {
        JsonRpcData::Wire => quote!(JsonRpcData::Wire),
        JsonRpcData::Omitted => quote!(JsonRpcData::Omitted),
        JsonRpcData::Fields(f) => {
            let f = profile_fields(cat, f);
            quote!(JsonRpcData::Fields(#f))
        }
    };
    let http = http_profile(cat, splices);
    quote! {
        /// How [`Error::to_mcp_tool_result`] shapes a failed tool call (`profiles.mcp_tool_error`).
        pub const MCP_PROFILE: McpProfile = McpProfile {
            text: #text,
            member: #member,
            prefix: #prefix,
            result_type: #result_type,
            fields: #fields,
        };
        /// How [`Error::to_jsonrpc_error`] shapes the error object (`profiles.jsonrpc_error`).
        pub const JSONRPC_PROFILE: JsonRpcProfile = JsonRpcProfile {
            message: #message,
            data: #data,
        };
        #http
    }
}

/// `HTTP_PROFILE` (`profiles.http`) and `ERRDEX_HTTP_REASONS`, the AIP-193 reasons the
/// runtime writes and reads: first each code's own, in code order (indexed by
/// `ErrorCode::index`), then the other reasons that name a code (aliases under `reason:
/// name`, legacy codes under `reason: code`; the code's index) and the retired codes'
/// (the code count plus the index into `RETIRED`). A reason names the lowest index it
/// appears with, as the reference reader (`payload/http.rs`) takes the first code that matches.
fn http_profile(cat: &Catalogue, splices: &mut Splices) -> TokenStream {
    let HttpProfile {
        body,
        domain,
        reason,
        retry_after,
        // Lint only: whether the catalogue declares the section.
        declared: _,
    } = &cat.profiles.http;
    let variant = Ident::new(
        match body {
            HttpBody::Problem => "Problem",
            HttpBody::Wire => "Wire",
            HttpBody::Google => "Google",
        },
        Span::call_site(),
    );
    let content_type = body.content_type();
    let domain = domain.as_deref().unwrap_or("");
    let statuses = RETRY_AFTER_STATUSES.iter();
    let n = cat.errors.len();
    let mut reasons: Vec<(String, usize)> = cat
        .errors
        .iter()
        .enumerate()
        .map(|(i, e)| match reason {
            ReasonSource::Name => (names::aip_reason(&e.name), i),
            ReasonSource::Code => (e.code.clone(), i),
        })
        .collect();
    for (i, e) in cat.errors.iter().enumerate() {
        let others: Vec<String> = match reason {
            ReasonSource::Name => e.aliases.iter().map(|a| names::aip_reason(a)).collect(),
            ReasonSource::Code => e.legacy_codes.clone(),
        };
        reasons.extend(others.into_iter().map(|r| (r, i)));
    }
    for (k, r) in cat.retired.iter().enumerate() {
        let text = match reason {
            ReasonSource::Name => r.name.as_deref().map(names::aip_reason),
            ReasonSource::Code => Some(r.code.clone()),
        };
        reasons.extend(text.map(|t| (t, n + k)));
    }
    let table = if reasons.len() >= print::TEXT_ABOVE {
        // Printed directly (`print`), in place of a placeholder item.
        let rows: Vec<(String, String)> = reasons
            .iter()
            .map(|(r, i)| {
                let i = *i as u32;
                let mut lit = String::with_capacity(r.len() + 2);
                print::push_str_literal(&mut lit, r);
                (lit, Literal::u32_suffixed(i).to_string())
            })
            .collect();
        let text = print::pair_rows("const ERRDEX_HTTP_REASONS: &[(&str, u32)] = ", &rows);
        splices.item("ERRDEX_SPLICE_HTTP_REASONS", text)
    } else {
        let rows = reasons.iter().map(|(r, i)| {
            let i = *i as u32;
            quote!((#r, #i))
        });
        quote!(const ERRDEX_HTTP_REASONS: &[(&str, u32)] = &[#(#rows),*];)
    };
    quote! {
        /// How [`Error::to_http_response`] answers (`profiles.http`).
        pub const HTTP_PROFILE: HttpProfile = HttpProfile {
            body: HttpBody::#variant,
            content_type: #content_type,
            domain: #domain,
            retry_after: #retry_after,
            retry_after_statuses: &[#(#statuses),*],
        };
        #table
    }
}

/// The error classes: `REGISTRY_CLASS`, the distinct class names and each code's index into
/// them.
fn classes(cat: &Catalogue, splices: &mut Splices) -> TokenStream {
    let base = &cat.registry.class;
    let mut names: Vec<&str> = vec![base.as_str()];
    let mut of_code: Vec<usize> = Vec::with_capacity(cat.errors.len());
    for e in &cat.errors {
        let i = match names.iter().position(|n| *n == e.class) {
            Some(i) => i,
            None => {
                names.push(&e.class);
                names.len() - 1
            }
        };
        of_code.push(i);
    }
    let k = names.len();
    let n = of_code.len();
    let of_code_table = if n >= print::TEXT_ABOVE {
        // Printed directly (`print`), in place of a placeholder item.
        let (ty, elems): (&str, Vec<String>) = if k <= 256 {
            let lit = |i: &usize| Literal::u8_suffixed(*i as u8).to_string();
            ("u8", of_code.iter().map(lit).collect())
        } else {
            let lit = |i: &usize| Literal::u16_suffixed(*i as u16).to_string();
            ("u16", of_code.iter().map(lit).collect())
        };
        let head = format!("const ERRDEX_CODE_CLASS: [{ty}; {n}usize] = ");
        splices.item(
            "ERRDEX_SPLICE_CODE_CLASS",
            print::filled_array(&head, &elems),
        )
    } else {
        class_tokens(k, &of_code)
    };
    quote! {
        /// The registry's base error class (`registry.class`): the error type of every code
        /// whose namespace and entry name none.
        pub const REGISTRY_CLASS: &str = #base;
        const ERRDEX_CLASS_NAMES: [&str; #k] = [#(#names),*];
        #of_code_table
    }
}

/// `ERRDEX_CODE_CLASS` as tokens: each code's index into the `k` class names.
fn class_tokens(k: usize, of_code: &[usize]) -> TokenStream {
    let n = of_code.len();
    let (ty, indices): (TokenStream, Vec<TokenStream>) = if k <= 256 {
        (
            quote!(u8),
            of_code
                .iter()
                .map(|i| {
                    let i = *i as u8;
                    quote!(#i)
                })
                .collect(),
        )
    } else {
        (
            quote!(u16),
            of_code
                .iter()
                .map(|i| {
                    let i = *i as u16;
                    quote!(#i)
                })
                .collect(),
        )
    };
    quote!(const ERRDEX_CODE_CLASS: [#ty; #n] = [#(#indices),*];)
}

/// `Category` (a variant with its facts as docs), `Category::ALL` and one
/// `ErrdexCategoryMeta` row per category.
pub(super) fn categories(cat: &Catalogue) -> TokenStream {
    let n = cat.categories.len();
    let repr = repr(n);
    let mut variants = Vec::with_capacity(n);
    let mut all = Vec::with_capacity(n);
    let mut meta = Vec::with_capacity(n);
    for c in &cat.categories {
        let Category {
            key,
            summary,
            retryable,
            retry,
            exit_code,
            http_status,
            jsonrpc_code,
            expected,
            ids,
            // The docs' title and anchor; the variant's docs use the key and summary.
            title: _,
            anchor: _,
        } = c;
        let v = ident(&ids.rust);
        let doc = docs::doc_lines(&format!(
            "{}\n\nWire value {}; retryable: {}; exit code {}; HTTP {}; JSON-RPC {}; log level: {}.",
            docs::plain(summary),
            docs::code_span(key),
            facts::yes_no(*retryable),
            exit_code,
            http_status,
            jsonrpc_code,
            facts::log_level_text(*expected),
        ));
        variants.push(quote!(#doc #v,));
        all.push(quote!(Category::#v));
        let retry = retry_tokens(retry.as_ref());
        let exit = int((*exit_code).into());
        let http = int((*http_status).into());
        let rpc = int((*jsonrpc_code).into());
        meta.push(quote! {
            ErrdexCategoryMeta {
                key: #key, summary: #summary, retryable: #retryable, retry: #retry,
                exit_code: #exit, http_status: #http, jsonrpc_code: #rpc, expected: #expected,
            },
        });
    }
    quote! {
        /// The categories of the catalogue: each fixes the default retryability, exit code,
        /// HTTP status, JSON-RPC code and log level of its codes.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #repr
        pub enum Category { #(#variants)* }

        impl Category {
            /// Every category, in catalogue order.
            pub const ALL: &'static [Category] = &[#(#all),*];
        }

        static ERRDEX_CATEGORY_META: [ErrdexCategoryMeta; #n] = [#(#meta)*];
    }
}

/// `Namespace`, `Namespace::ALL` and one `ErrdexNamespaceMeta` row per namespace.
pub(super) fn namespaces(cat: &Catalogue) -> TokenStream {
    let n = cat.namespaces.len();
    let repr = repr(n);
    let mut variants = Vec::with_capacity(n);
    let mut all = Vec::with_capacity(n);
    let mut meta = Vec::with_capacity(n);
    for ns in &cat.namespaces {
        let Namespace {
            key,
            title,
            summary,
            code_prefix,
            ids,
            // Resolved into each code's class and category by the front end.
            class: _,
            category: _,
            // The docs page.
            slug: _,
        } = ns;
        let v = ident(&ids.rust);
        let mut text = format!("{} ({})", docs::plain(title), docs::code_span(key));
        if let Some(s) = summary {
            text.push_str("\n\n");
            text.push_str(&docs::plain(s));
        }
        let doc = docs::doc_lines(&text);
        variants.push(quote!(#doc #v,));
        all.push(quote!(Namespace::#v));
        let summary = opt_str(summary.as_deref());
        let prefix = opt_str(code_prefix.as_deref());
        meta.push(quote!(ErrdexNamespaceMeta { key: #key, title: #title, summary: #summary, code_prefix: #prefix },));
    }
    quote! {
        /// The namespaces of the catalogue: groups of codes (one docs page each).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #repr
        pub enum Namespace { #(#variants)* }

        impl Namespace {
            /// Every namespace, in catalogue order.
            pub const ALL: &'static [Namespace] = &[#(#all),*];
        }

        static ERRDEX_NAMESPACE_META: [ErrdexNamespaceMeta; #n] = [#(#meta)*];
    }
}

/// The `ErrorCode` enum (its variants as one placeholder) and the side tables of its rows
/// (`ERRDEX_RETRY`, `ERRDEX_DEPRECATIONS`, `ERRDEX_PARAMS`), and the variants' text that
/// replaces the placeholder.
pub(super) fn codes(cat: &Catalogue, table: &Table) -> (TokenStream, String) {
    let n = cat.errors.len();
    let repr = repr(n);
    // About 800 bytes a variant (its doc lines and the facts sentence), and its
    // explanation: room for the text, not grown by doubling.
    let mut variants = String::with_capacity(
        cat.errors
            .iter()
            .map(|e| 1024 + e.explanation.as_ref().map_or(0, String::len))
            .sum(),
    );
    let facts_of = facts::Facts::new(cat);
    for e in &cat.errors {
        variant(cat, &facts_of, e, &mut variants, true);
    }
    let variants_placeholder = if cat.errors.is_empty() {
        quote!()
    } else {
        let p = ident(VARIANTS_PLACEHOLDER);
        quote!(#p,)
    };
    let allow = docs::allow_doc_lints();
    let [retry, deprecations, params] = table.side_rows(cat);
    let (n_retry, n_dep, n_params) = (retry.len(), deprecations.len(), params.len());
    let tokens = quote! {
        /// Every live error code of the catalogue, in catalogue order. `Display`, `FromStr`
        /// and serde use the wire code; `FromStr` also accepts NAMEs, aliases and legacy
        /// codes, and reports retired codes as [`ParseCodeError::Retired`].
        #allow
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #repr
        pub enum ErrorCode { #variants_placeholder }

        static ERRDEX_RETRY: [Option<RetryAdvice>; #n_retry] = [#(#retry),*];
        #[allow(deprecated)]
        static ERRDEX_DEPRECATIONS: [Deprecation; #n_dep] = [#(#deprecations),*];
        static ERRDEX_PARAMS: [ParamSpec; #n_params] = [#(#params),*];
    };
    (tokens, variants)
}

/// One variant of `ErrorCode` with its docs: the code, summary, message, suggestion and
/// facts (above [`COMPACT_ABOVE_CODES`] codes, the docs URL alone), then the explanation
/// and `#[deprecated]`.
///
/// `fast: false` prints a variant with an explanation or a deprecation through syn and
/// prettyplease (the reference the direct print is tested against).
fn variant(
    cat: &Catalogue,
    facts_of: &facts::Facts<'_>,
    e: &ErrorEntry,
    out: &mut String,
    fast: bool,
) {
    let ErrorEntry {
        code,
        summary,
        message,
        suggestion,
        explanation,
        deprecated,
        ids,
        // In the facts sentence, which `support::facts` reads from the whole entry.
        name: _,
        namespace: _,
        category: _,
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
        class: _,
        // The constructor's arguments, not the variant's docs.
        params: _,
        // The docs' anchor.
        anchor: _,
    } = e;
    let v = ident(&ids.rust.variant);
    // Written piece by piece into one text: tens of thousands of variants at scale.
    let mut text = String::with_capacity(
        64 + code.len() + summary.len() + message.raw.len() + e.docs_url.len(),
    );
    docs::push_code_span(&mut text, code);
    text.push_str(" — ");
    text.push_str(&docs::plain(summary));
    text.push_str("\n\nMessage: ");
    docs::push_code_span(&mut text, &message.raw);
    if let Some(s) = suggestion {
        text.push_str("\n\nSuggestion: ");
        docs::push_code_span(&mut text, &s.raw);
    }
    text.push_str("\n\n");
    if cat.errors.len() > COMPACT_ABOVE_CODES {
        // A catalogue of thousands of codes: the facts sentence (a third of the module's
        // bytes at 50,000 codes) gives way to the docs link; the accessors and the docs
        // page carry every fact.
        text.push_str("Docs: ");
        push_link(&mut text, &e.docs_url);
        text.push('.');
    } else {
        text.push_str(&facts_sentence(facts_of, e));
    }
    if fast || (explanation.is_none() && deprecated.is_none()) {
        // Printed directly, as prettyplease prints the tokens below: the docs, then the
        // explanation's and the deprecation's attributes (`print::push_list_attr`).
        docs::push_doc_lines(out, &text, "    ");
        if let Some(x) = explanation {
            docs::push_doc_lines(out, "", "    ");
            let mut doc = String::from("doc = ");
            print::push_str_literal(&mut doc, &docs::visible_text(x));
            print::push_list_attr(out, "    ", "cfg_attr", &["not(doctest)", &doc]);
        }
        push_deprecated_attr(out, cat, deprecated.as_ref(), "    ");
        let _ = writeln!(out, "    {v},");
        return;
    }
    // The reference the direct print is tested against: the tokens through syn and
    // prettyplease.
    let doc = docs::doc_lines(&text);
    let explanation = match explanation {
        Some(x) => {
            let spacer = docs::doc_lines("");
            let md = docs::markdown_doc(x);
            quote!(#spacer #md)
        }
        None => quote!(),
    };
    let dep = deprecated_attr(cat, deprecated.as_ref());
    out.push_str(&splice_inner(
        quote!(enum ErrdexSplice { #doc #explanation #dep #v, }),
    ));
}

/// `RETIRED`: one `RetiredCode` row per tombstone.
pub(super) fn retired(cat: &Catalogue) -> TokenStream {
    let rows = cat.retired.iter().map(|r| {
        let Retired {
            code,
            name,
            since,
            note,
            // Docs only: where the code's docs send a reader, and its anchor.
            replaced_by: _,
            anchor: _,
        } = r;
        let name = opt_str(name.as_deref());
        let since = opt_str(since.as_deref());
        let note = opt_str(note.as_deref());
        quote!(RetiredCode { code: #code, name: #name, since: #since, note: #note })
    });
    quote! {
        /// Retired codes (tombstones): they may never be used again, and parsing one gives
        /// [`ParseCodeError::Retired`].
        pub const RETIRED: &[RetiredCode] = &[#(#rows),*];
    }
}

/// `#[deprecated]` for a code's variant and constructor.
pub(super) fn deprecated_attr(cat: &Catalogue, d: Option<&Deprecation>) -> TokenStream {
    match deprecation(cat, d) {
        None => quote!(),
        Some((Some(s), note)) if !note.is_empty() => {
            quote!(#[deprecated(since = #s, note = #note)])
        }
        Some((Some(s), _)) => quote!(#[deprecated(since = #s)]),
        Some((None, note)) if !note.is_empty() => quote!(#[deprecated(note = #note)]),
        Some((None, _)) => quote!(#[deprecated]),
    }
}

/// [`deprecated_attr`] as prettyplease prints it on an item at `indent`, with its newline.
pub(super) fn push_deprecated_attr(
    out: &mut String,
    cat: &Catalogue,
    d: Option<&Deprecation>,
    indent: &str,
) {
    let Some((since, note)) = deprecation(cat, d) else {
        return;
    };
    let mut args: Vec<String> = Vec::with_capacity(2);
    if let Some(s) = since {
        let mut arg = String::from("since = ");
        print::push_str_literal(&mut arg, &s);
        args.push(arg);
    }
    if !note.is_empty() {
        let mut arg = String::from("note = ");
        print::push_str_literal(&mut arg, &note);
        args.push(arg);
    }
    if args.is_empty() {
        out.push_str(indent);
        out.push_str("#[deprecated]\n");
    } else {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        print::push_list_attr(out, indent, "deprecated", &args);
    }
}

/// A deprecation's `#[deprecated]` arguments: `since` when it is a version, and the note
/// (empty when there is none); `None` when the code is not deprecated.
fn deprecation(cat: &Catalogue, d: Option<&Deprecation>) -> Option<(Option<String>, String)> {
    let Deprecation {
        since,
        replaced_by,
        note: d_note,
    } = d?;
    let mut note = String::new();
    if let Some(r) = replaced_by.and_then(|i| cat.errors.get(i)) {
        note.push_str(&format!(
            "use {} (`ErrorCode::{}`) instead",
            r.code, r.ids.rust.variant
        ));
    }
    if let Some(n) = d_note {
        if !note.is_empty() {
            note.push_str(": ");
        }
        note.push_str(n);
    }
    // `#[deprecated(since)]` must be a semver version (clippy::deprecated_semver); any
    // other text goes into the note.
    let since = match since {
        Some(v) if crate::catalogue::format::is_package_version(v) => Some(v.clone()),
        Some(v) => {
            note = if note.is_empty() {
                format!("deprecated since {v}")
            } else {
                format!("deprecated since {v}; {note}")
            };
            None
        }
        None => None,
    };
    Some((since, docs::visible_text(&note)))
}

/// The facts of a code as one doc sentence ([`facts::entry_facts`], in rustdoc's Markdown).
fn facts_sentence(of: &facts::Facts<'_>, e: &ErrorEntry) -> String {
    facts::sentence(&of.of(e), |value| match value {
        FactValue::Words(w) => w.clone(),
        FactValue::Code(c) => docs::code_span(c),
        FactValue::Codes(cs) => cs
            .iter()
            .map(|c| docs::code_span(c))
            .collect::<Vec<_>>()
            .join(", "),
        FactValue::Text(t) => docs::plain(t),
        FactValue::Category(c) => format!("[`Category::{}`]", c.ids.rust),
        FactValue::Namespace(n) => docs::code_span(&n.key),
        FactValue::Retry { limits, advice } => facts::retry_text(limits, *advice, docs::plain),
        FactValue::Url(u) => link(u),
    })
}

/// `<url>` as a Markdown autolink when that is safe, else escaped plain text.
fn link(url: &str) -> String {
    let mut out = String::with_capacity(url.len() + 2);
    push_link(&mut out, url);
    out
}

/// [`link`], written at the end of `out`.
fn push_link(out: &mut String, url: &str) {
    if url.contains(['<', '>', ' ', '\n', '\r', '`']) || !url.contains("://") {
        out.push_str(&docs::plain(url));
    } else {
        out.push('<');
        out.push_str(&docs::visible_text(url));
        out.push('>');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// One code per case: an explanation and a deprecation (since, note, successor), each
    /// optional; every code is replaced by the first.
    type Case = (
        Option<String>,
        Option<(Option<String>, Option<String>, bool)>,
    );

    fn catalogue(cases: &[Case]) -> Option<Catalogue> {
        let mut y = String::from(crate::emit::rust::TEST_CATALOGUE_HEAD);
        y.push_str(
            "  FIRST:\n    code: T-FIRST\n    category: invalid\n    summary: S\n    message: m\n",
        );
        let q = |s: &str| serde_json::to_string(s).expect("a string");
        for (i, (explanation, deprecated)) in cases.iter().enumerate() {
            y.push_str(&format!(
                "  CODE_{i}:\n    code: T-{i:04}\n    category: invalid\n    summary: S {i}\n    message: m\n"
            ));
            if let Some(x) = explanation {
                y.push_str(&format!("    explanation: {}\n", q(x)));
            }
            if let Some((None, None, false)) = deprecated {
                y.push_str("    deprecated: true\n");
            } else if let Some((since, note, replaced)) = deprecated {
                y.push_str("    deprecated:\n");
                if let Some(s) = since {
                    y.push_str(&format!("      since: {}\n", q(s)));
                }
                if let Some(n) = note {
                    y.push_str(&format!("      note: {}\n", q(n)));
                }
                if *replaced {
                    y.push_str("      replaced_by: FIRST\n");
                }
            }
        }
        let loaded = crate::load_str(&y, "errors.yaml");
        if loaded.catalogue.is_none() {
            eprintln!("{y}\n{:?}", loaded.diagnostics);
        }
        loaded.catalogue
    }

    /// Each variant printed directly, and through syn and prettyplease (with the docs
    /// deferred and expanded, as the emitter does).
    fn both(cat: &Catalogue) -> Vec<(String, String)> {
        let facts_of = facts::Facts::new(cat);
        cat.errors
            .iter()
            .map(|e| {
                let mut fast = String::new();
                variant(cat, &facts_of, e, &mut fast, true);
                let (slow, texts) = docs::deferred(|| {
                    let mut slow = String::new();
                    variant(cat, &facts_of, e, &mut slow, false);
                    slow
                });
                (fast, docs::expand(&slow, &texts))
            })
            .collect()
    }

    #[test]
    fn variants_with_attributes_match_prettyplease_at_the_margin() {
        // Every length across the one-line limit of both attributes.
        let mut cases: Vec<Case> = Vec::new();
        for len in 30..80 {
            cases.push((Some("x".repeat(len)), None));
            cases.push((
                None,
                Some((Some("2.0.0".into()), Some("n".repeat(len)), false)),
            ));
            cases.push((None, Some((None, Some("n".repeat(len)), false))));
        }
        cases.push((None, Some((Some("2.0.0".into()), None, false))));
        cases.push((None, Some((None, None, false))));
        cases.push((None, Some((Some("last spring".into()), None, true))));
        cases.push((
            Some("Tab\there, \"quoted\", back\\slash, é—✓\n\nA second paragraph.\n".into()),
            Some((Some("1.2.3".into()), Some("Use FIRST.".into()), true)),
        ));
        let cat = catalogue(&cases).expect("the cases load");
        let mut attributes = 0;
        for (fast, slow) in both(&cat) {
            assert_eq!(fast, slow);
            attributes += fast.matches("#[").count();
        }
        assert!(attributes >= 150, "{attributes} attributes printed");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn variants_match_prettyplease(
            cases in proptest::collection::vec(
                (
                    proptest::option::of("(\\PC|[\\t\\n\"\\\\'])[ -~é✓\\t\\n\"\\\\']{0,90}"),
                    proptest::option::of((
                        proptest::option::of(prop_oneof!["[0-9]\\.[0-9]{1,3}\\.[0-9]", "[a-z ]{1,12}"]),
                        proptest::option::of("[ -~é]{1,80}"),
                        any::<bool>(),
                    )),
                ),
                1..8,
            )
        ) {
            let Some(cat) = catalogue(&cases) else {
                return Err(TestCaseError::reject("the catalogue does not load"));
            };
            for (fast, slow) in both(&cat) {
                prop_assert_eq!(fast, slow);
            }
        }
    }
}
