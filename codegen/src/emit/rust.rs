//! Emitter: Rust. One self-contained source file that a crate `include!`s from `OUT_DIR`
//! (see [`crate::Builder`]); at run time it needs only `serde` and `serde_json`.
//!
//! Layout of the output, designed for catalogues of 10,000+ codes:
//! - `ErrorCode` is a field-less `#[repr(u16)]` enum (u8/u32 as the count needs); every
//!   accessor is a `const fn` reading one row of a static table indexed by the discriminant
//!   (`ERRDEX_CODE_META[self as usize].field`) — no per-accessor `match` over all variants.
//! - `FromStr` goes through an open-addressing hash table computed here ([`lookup`]): one
//!   hash of the bytes, usually one string comparison, no allocation.
//! - Per code, only the variant (with its docs and `#[deprecated]`), one table row, the
//!   lookup keys and a thin typed constructor are generated; everything else is the fixed
//!   runtime, static files under `rust/runtime/` put after the catalogue data.
//!
//! The file is written in this order, one module per part:
//! 1. [`items`]: the catalogue's types and constants (registry, categories, namespaces, the
//!    `ErrorCode` enum, retired codes), through `quote!`, `syn` and prettyplease;
//! 2. [`constructors`]: one typed constructor per code, and their builders;
//! 3. [`table`]: the bulk per-code data as text — the string table, the `ERRDEX_CODE_META`
//!    rows in the layout it declares once, the lookup table;
//! 4. [`namespace_enums`]: one sub-enum per namespace;
//! 5. [`runtime`]: the static runtime files, with the few items that vary per catalogue
//!    generated between them (never patched into their text).
//!
//! Every catalogue string reaches the output as a string literal (quote escapes it, or
//! [`print::push_str_literal`] exactly as proc-macro2 does) or as sanitized doc text
//! ([`docs`]). The per-code arrays among the items are printed by [`print`] in prettyplease's
//! layout, and the data of part 3 on a second thread while part 1 is formatted.

mod constructors;
mod docs;
mod items;
pub mod lookup;
mod namespace_enums;
mod print;
mod runtime;
mod table;

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;

use crate::ir::{Catalogue, Retry};

pub use table::lookup_keys;

/// Options of the Rust target.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RustOptions {
    /// Also put the wire object under `structuredContent` in MCP tool results (default
    /// off: clients that do not understand it show `content[0].text`).
    pub mcp_structured_content: bool,
}

/// The whole generated Rust source (one file, `include!`d by the crate's `lib.rs`).
pub fn emit(cat: &Catalogue, opts: &RustOptions) -> String {
    let table = table::Table::build(cat);
    // The bulk data reads only the table: it is printed as a second task of the pool
    // (`par::join`: on the other worker when that one is free) while the items are built and
    // formatted. The thread-local doc deferral of `docs::deferred` runs whole inside one task,
    // which starts no parallel stage, so no other task can run inside it. The same text
    // either way.
    let data = || {
        let lookup = table.lookup_text();
        let mut data = table.data_text(cat, lookup.len());
        data.push_str(&lookup);
        data
    };
    let (data, (body, tail)) = crate::par::join(data, || items_text(cat, opts, &table));
    assemble(cat, body, &data, &tail)
}

/// The items before the data (prettyplease's output, with what goes in place of its
/// placeholder lines), and those after it (the namespace sub-enums and the runtime).
fn items_text(cat: &Catalogue, opts: &RustOptions, table: &table::Table) -> (Body, String) {
    let ((tokens, splices), docs) = docs::deferred(|| items(cat, opts, table));
    let body = Body {
        printed: unparse(tokens),
        splices,
        docs,
    };
    // The sub-enums take about 150 bytes a code (a variant, two match arms) and 2 KiB a
    // namespace: room for them too, so that the runtime's text is not copied once more.
    let sub_enums = match cat.rust.namespace_enums {
        true => 192 * cat.errors.len() + 2048 * cat.namespaces.len(),
        false => 0,
    };
    let mut tail = String::with_capacity(runtime::LEN + 4096 + sub_enums);
    // Outside `docs::deferred`: their doc comments are written as they are.
    if cat.rust.namespace_enums {
        namespace_enums::write(cat, &mut tail);
    }
    runtime::write(cat, &mut tail);
    (body, tail)
}

/// The items as prettyplease printed them, with the text that replaces its placeholder
/// lines: the per-code lists ([`Splices`]) and the deferred doc comments ([`docs::deferred`]).
/// Put together only when the module is assembled, in the one pass that copies them into it.
struct Body {
    printed: String,
    splices: Splices,
    docs: Vec<String>,
}

impl Body {
    fn len(&self) -> usize {
        let splices: usize = self.splices.0.iter().map(|(_, t)| t.len()).sum();
        // A doc text's lines gain their indent and `/// `: twice its length is ample.
        let docs: usize = self.docs.iter().map(|d| d.len() * 2 + 16).sum();
        self.printed.len() + splices + docs
    }
}

/// The module: the header, the items, the data, the rest, with their allowances.
fn assemble(cat: &Catalogue, body: Body, data: &str, tail: &str) -> String {
    let mut header = String::from("// ");
    header.push_str(&crate::support::header::header_text(
        &docs::visible_text(&cat.source_name).replace('\n', " "),
    ));
    header.push_str(
        "\n//\n// Include it with `include!(concat!(env!(\"OUT_DIR\"), \"/<file>\"));` in a crate that\n\
         // depends on `serde` and `serde_json`. Generated by errdex-codegen ",
    );
    header.push_str(env!("CARGO_PKG_VERSION"));
    header.push_str(".\n\n");
    // One buffer of the final size, each part copied into it once, with its allowances:
    // the body's placeholders are replaced as it is copied, not in copies of their own (at
    // 50,000 codes each such copy was a fresh 16 MiB).
    let len = header.len() + body.len() + data.len() + tail.len() + 2;
    let mut out = AllowDeadCode::with_capacity(len + len / 64);
    out.push(&header);
    out.push_body(body);
    for part in ["\n", data, "\n", tail] {
        out.push(part);
    }
    out.finish()
}

/// The structural items (through syn and prettyplease), and the per-code items printed
/// directly, each with the placeholder line it replaces.
fn items(cat: &Catalogue, opts: &RustOptions, table: &table::Table) -> (TokenStream, Splices) {
    let mut splices = Splices::default();
    let mut ts = TokenStream::new();
    ts.extend(items::registry(cat, opts, &mut splices));
    ts.extend(items::categories(cat));
    ts.extend(items::namespaces(cat));
    let (codes, variants) = items::codes(cat, table);
    ts.extend(codes);
    ts.extend(items::retired(cat));
    splices.push(format!("    {VARIANTS_PLACEHOLDER},\n"), variants);
    if cat.rust.constructors {
        let (tokens, text) = constructors::items(cat);
        ts.extend(tokens);
        splices.push(format!("    fn {CONSTRUCTORS_PLACEHOLDER}() {{}}\n"), text);
    }
    (ts, splices)
}

/// Text printed without syn and prettyplease, each with the placeholder line of
/// prettyplease's output it replaces.
#[derive(Default)]
struct Splices(Vec<(String, String)>);

impl Splices {
    fn push(&mut self, placeholder_line: String, text: String) {
        self.0.push((placeholder_line, text));
    }

    /// A whole top-level item printed as `text`: the placeholder item `const NAME: () = ();`
    /// to put among the tokens, which prettyplease prints as one line at column 0.
    fn item(&mut self, name: &str, text: String) -> TokenStream {
        self.push(format!("const {name}: () = ();\n"), text);
        let name = Ident::new(name, Span::call_site());
        quote!(const #name: () = ();)
    }

    /// Where each placeholder line is in prettyplease's `body`, with its length and the text
    /// that replaces it, in the order they come.
    fn places(self, body: &str) -> Vec<(usize, usize, String)> {
        let mut at: Vec<(usize, usize, String)> = Vec::with_capacity(self.0.len());
        for (placeholder, text) in self.0 {
            // The placeholders are identifiers no catalogue text can produce at the start of
            // a line (catalogue text is in string literals and `///` comments).
            match find_line(body, &placeholder) {
                Some(i) => at.push((i, placeholder.len(), text)),
                None => panic!("errdex bug: placeholder {placeholder:?} not printed"),
            }
        }
        at.sort_by_key(|(i, _, _)| *i);
        at
    }
}

/// The offset of the first line of `text` that is `line` (which ends with a newline).
fn find_line(text: &str, line: &str) -> Option<usize> {
    text.match_indices(line)
        .map(|(i, _)| i)
        .find(|&i| i == 0 || text.as_bytes()[i - 1] == b'\n')
}

/// `#[allow(dead_code)]` on every top-level item: a binary that raises one code, or a
/// private module, uses a sliver of the API, and the module cannot carry an inner
/// `#![allow]` (`include!` refuses inner attributes). Items start at column 0 (prettyplease
/// and the runtime both print them there; catalogue text is never at column 0: it sits in
/// escaped string literals and `///` comments).
///
/// The module's parts are pushed in order into one buffer; the line before a part's first
/// line is the previous part's last.
struct AllowDeadCode {
    out: String,
    /// Whether the last complete line pushed is the allowance itself.
    previous_allows: bool,
}

impl AllowDeadCode {
    const ALLOW: &str = "#[allow(dead_code)]";

    fn with_capacity(n: usize) -> Self {
        AllowDeadCode {
            out: String::with_capacity(n),
            previous_allows: false,
        }
    }

    /// Appends `text`, whole lines (every part but the last ends with a newline), copying
    /// the runs between the lines that need an allowance in one piece each.
    fn push(&mut self, text: &str) {
        self.push_expanded(text, &[]);
    }

    /// Appends the items: prettyplease's text with each placeholder line replaced by its
    /// splice, and each doc placeholder line (in either) by the doc lines it stands for
    /// (as [`docs::expand`]), in one pass: the same text as pushing the expansion of the
    /// spliced text.
    fn push_body(&mut self, body: Body) {
        let Body {
            printed,
            splices,
            docs,
        } = body;
        let mut from = 0;
        for (i, n, text) in splices.places(&printed) {
            self.push_expanded(&printed[from..i], &docs);
            self.push_expanded(&text, &docs);
            from = i + n;
        }
        self.push_expanded(&printed[from..], &docs);
    }

    /// [`AllowDeadCode::push`] of `text` with its doc placeholder lines expanded (none
    /// when `docs` is empty).
    fn push_expanded(&mut self, text: &str, docs: &[String]) {
        debug_assert!(
            self.out.is_empty() || self.out.ends_with('\n'),
            "errdex bug: a part of the module ends mid-line"
        );
        let mut from = 0;
        for line in text.split_inclusive('\n') {
            // An indented line (most of the module: the data rows, the items' bodies) opens
            // no item and is not the allowance; without docs it stands for none either.
            if docs.is_empty() && line.starts_with(' ') {
                self.previous_allows = false;
                continue;
            }
            let start = line.as_ptr() as usize - text.as_ptr() as usize;
            let placeholder = match docs {
                [] => None,
                _ => docs::placeholder(line, docs),
            };
            if let Some((indent, doc)) = placeholder {
                self.out.push_str(&text[from..start]);
                docs::push_doc_lines(&mut self.out, doc, indent);
                from = start + line.len();
                // Doc lines neither open an item nor are the allowance.
                self.previous_allows = false;
                continue;
            }
            if starts_item(line) && !self.previous_allows {
                self.out.push_str(&text[from..start]);
                self.out.push_str(Self::ALLOW);
                self.out.push('\n');
                from = start;
            }
            self.previous_allows = line.trim_end() == Self::ALLOW;
        }
        self.out.push_str(&text[from..]);
    }

    fn finish(self) -> String {
        self.out
    }
}

/// Whether a line opens a top-level item that `dead_code` can flag.
fn starts_item(line: &str) -> bool {
    let rest = line.strip_prefix("pub ").unwrap_or(line);
    let rest = rest.strip_prefix("pub(crate) ").unwrap_or(rest);
    [
        "const ", "static ", "enum ", "struct ", "fn ", "type ", "trait ", "impl ",
    ]
    .iter()
    .chain(&["impl<"])
    .any(|item| rest.starts_with(item))
}

/// Per-code items go around syn and prettyplease when their layout is fixed (a variant
/// without explanation or deprecation; a constructor whose signature and call fit on one line
/// each): at 10,000 codes, parsing and printing them was most of the Rust emitter's time.
/// The others are formatted by prettyplease one at a time ([`splice_inner`]), so every item
/// reads exactly as prettyplease prints it in place; the goldens and a proptest hold the two
/// paths to the same bytes. Each list replaces one placeholder line of prettyplease's output.
const VARIANTS_PLACEHOLDER: &str = "ErrdexVariantsPlaceholder";
const CONSTRUCTORS_PLACEHOLDER: &str = "errdex_constructors_placeholder";

/// prettyplease's lines for the items inside `wrapper` (an `enum` or `impl` holding them),
/// at the indentation they have inside any such block.
fn splice_inner(wrapper: TokenStream) -> String {
    let text = unparse(wrapper);
    let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
    // `enum ErrdexSplice {` … `}`: keep what is between.
    if lines.len() >= 2 {
        lines.remove(0);
        lines.pop();
    }
    lines.concat()
}

/// Tokens checked by syn and printed by prettyplease.
fn unparse(tokens: TokenStream) -> String {
    match syn::parse2::<syn::File>(tokens) {
        Ok(file) => prettyplease::unparse(&file),
        // The tokens come from quote! with literals and checked identifiers only; a parse
        // failure is a bug in this emitter, not a property of the catalogue.
        Err(e) => panic!("errdex bug: generated Rust does not parse: {e}"),
    }
}

/// A Rust identifier from an IR name that may carry a `r#` prefix.
fn ident(s: &str) -> Ident {
    match s.strip_prefix("r#") {
        Some(raw) => Ident::new_raw(raw, Span::call_site()),
        None => Ident::new(s, Span::call_site()),
    }
}

fn int(v: i64) -> TokenStream {
    let lit = Literal::u64_unsuffixed(v.unsigned_abs());
    if v < 0 { quote!(-#lit) } else { quote!(#lit) }
}

fn opt_str(s: Option<&str>) -> TokenStream {
    match s {
        Some(s) => quote!(Some(#s)),
        None => quote!(None),
    }
}

/// The `#[repr]` of a field-less enum of `n` variants.
fn repr(n: usize) -> TokenStream {
    if n == 0 {
        quote!()
    } else if n <= 256 {
        quote!(#[repr(u8)])
    } else if n <= 65536 {
        quote!(#[repr(u16)])
    } else {
        quote!(#[repr(u32)])
    }
}

/// A `RetryAdvice` row (a category's, or one of `ERRDEX_RETRY`).
fn retry_tokens(r: Option<&Retry>) -> TokenStream {
    let Some(Retry {
        max_attempts,
        initial_backoff_ms,
        advice,
    }) = r
    else {
        return quote!(None);
    };
    let max = match max_attempts {
        Some(m) => {
            let m = Literal::u32_unsuffixed(*m);
            quote!(Some(#m))
        }
        None => quote!(None),
    };
    let backoff = match initial_backoff_ms {
        Some(b) => {
            let b = Literal::u64_unsuffixed(*b);
            quote!(Some(#b))
        }
        None => quote!(None),
    };
    let advice = opt_str(advice.as_deref());
    quote!(Some(RetryAdvice { max_attempts: #max, initial_backoff_ms: #backoff, advice: #advice }))
}

/// The tests' catalogue up to `errors:`: a registry and one category, to which each test
/// appends its codes.
#[cfg(test)]
const TEST_CATALOGUE_HEAD: &str = "errdex: 1\nregistry:\n  name: t\n  title: T\ncategories:\n  invalid:\n    summary: Bad input\n    retryable: false\n    exit_code: 65\n    http_status: 422\n    jsonrpc_code: -32602\n    expected: true\nerrors:\n";

#[cfg(test)]
mod assembly_tests {
    use super::{AllowDeadCode, Body, Splices, docs};

    /// What `AllowDeadCode::push_body` replaced: the splices applied, then the docs
    /// expanded, then the allowances added, each as a whole text of its own.
    fn in_three_passes(printed: &str, splices: Vec<(String, String)>, texts: &[String]) -> String {
        let mut spliced = String::new();
        let mut from = 0;
        for (i, n, text) in Splices(splices).places(printed) {
            spliced.push_str(&printed[from..i]);
            spliced.push_str(&text);
            from = i + n;
        }
        spliced.push_str(&printed[from..]);
        let mut out = AllowDeadCode::with_capacity(0);
        out.push("// header\n");
        out.push(&docs::expand(&spliced, texts));
        out.finish()
    }

    fn in_one_pass(printed: &str, splices: Vec<(String, String)>, texts: &[String]) -> String {
        let mut out = AllowDeadCode::with_capacity(0);
        out.push("// header\n");
        out.push_body(Body {
            printed: printed.to_string(),
            splices: Splices(splices),
            docs: texts.to_vec(),
        });
        out.finish()
    }

    const LINES: [&str; 9] = [
        "pub const A: u8 = 1;\n",
        "#[allow(dead_code)]\n",
        "    ///@@errdex-doc:0\n",
        "///@@errdex-doc:1\n",
        "///@@errdex-doc:7\n",
        "    Variant,\n",
        "impl X {\n",
        "}\n",
        "    /// plain doc\n",
    ];

    fn texts() -> Vec<String> {
        vec![
            "first\n\tsecond  ".to_string(),
            "pub const B: u8 = 2;".to_string(),
        ]
    }

    #[test]
    fn one_pass_is_the_three_it_replaced() {
        let printed = "pub enum E {\n    ///@@errdex-doc:0\n    ErrdexVariantsPlaceholder,\n}\n///@@errdex-doc:1\nconst ERRDEX_X: () = ();\n#[allow(dead_code)]\nfn f() {}\n";
        let splices = vec![
            (
                "    ErrdexVariantsPlaceholder,\n".to_string(),
                "    ///@@errdex-doc:1\n    A,\n    /// B\n    B,\n".to_string(),
            ),
            (
                "const ERRDEX_X: () = ();\n".to_string(),
                "///@@errdex-doc:0\nstatic X: u8 = 0;\nimpl X {}\n".to_string(),
            ),
        ];
        let texts = texts();
        let one = in_one_pass(printed, splices.clone(), &texts);
        assert_eq!(one, in_three_passes(printed, splices, &texts));
        assert!(!one.contains("@@errdex-doc"));
        assert!(one.contains("#[allow(dead_code)]\nstatic X: u8 = 0;\n"));
    }

    proptest::proptest! {
        #[test]
        fn one_pass_matches_three_on_any_lines(
            printed in proptest::collection::vec(0..LINES.len(), 0..24),
            first in proptest::collection::vec(0..LINES.len(), 0..8),
            second in proptest::collection::vec(0..LINES.len(), 0..8),
            at in (0usize..25, 0usize..25),
        ) {
            let lines = |ix: &[usize]| ix.iter().map(|&i| LINES[i]).collect::<Vec<_>>();
            let mut body = lines(&printed);
            let (a, b) = (at.0.min(body.len()), at.1.min(body.len()));
            body.insert(a, "    ErrdexVariantsPlaceholder,\n");
            body.insert(b, "const ERRDEX_X: () = ();\n");
            let printed = body.concat();
            let splices = vec![
                ("    ErrdexVariantsPlaceholder,\n".to_string(), lines(&first).concat()),
                ("const ERRDEX_X: () = ();\n".to_string(), lines(&second).concat()),
            ];
            let texts = texts();
            proptest::prop_assert_eq!(
                in_one_pass(&printed, splices.clone(), &texts),
                in_three_passes(&printed, splices, &texts)
            );
        }
    }
}
