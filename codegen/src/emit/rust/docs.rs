//! Catalogue text → rustdoc attributes, safely.
//!
//! Catalogue text is hostile. Everything that ends up in a doc attribute goes through here:
//! - plain text (summaries, titles, notes) is Markdown-escaped, so it can neither open a
//!   code block (a doctest) nor inject HTML or links;
//! - templates are shown in a fenced `text` block whose fence is longer than any backtick
//!   run inside;
//! - long Markdown (explanations) is kept as Markdown but attached with
//!   `#[cfg_attr(not(doctest), doc = …)]`, so rustdoc renders it and `cargo test --doc` never
//!   compiles its code blocks; rustdoc and clippy doc lints are allowed on those items.
//!
//! Carriage returns become newlines and control or bidirectional-override characters are
//! written as visible `\u{…}` escapes, so a doc comment can never hide text.

use proc_macro2::TokenStream;
use quote::quote;

use crate::text::escape_controls;

/// Replaces CR / CRLF by LF, and control and bidi characters (other than LF and TAB) by a
/// visible `\u{…}` escape ([`escape_controls`]).
pub fn visible_text(s: &str) -> String {
    if s.contains('\r') {
        escape_controls(&s.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        escape_controls(s)
    }
}

/// Escapes plain text for Markdown: the characters that could open code, links, emphasis
/// or tables are backslash-escaped, `<`, `>`, `&` become entities, and leading indentation
/// is dropped (it could open an indented code block, i.e. a doctest). Newlines are kept.
pub fn plain(s: &str) -> String {
    let s = visible_text(s)
        .split('\n')
        .map(str::trim_start)
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '`' | '*' | '_' | '[' | ']' | '|' | '~' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// A fenced `text` block holding `s` verbatim.
#[allow(dead_code)]
pub fn fenced(s: &str) -> String {
    let s = visible_text(s);
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat((longest + 1).max(3));
    format!("{fence}text\n{s}\n{fence}")
}

/// Inline code: `s` in a backtick run longer than any inside (plain text when `s` spans
/// lines).
pub fn code_span(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_code_span(&mut out, s);
    out
}

/// [`code_span`], written at the end of `out` (a variant's docs are assembled in one text).
pub fn push_code_span(out: &mut String, s: &str) {
    let s = visible_text(s);
    if s.contains('\n') || s.trim().is_empty() {
        out.push_str(&plain(&s));
        return;
    }
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let pad = longest > 0 || s.starts_with(' ') || s.ends_with(' ');
    let ticks = |out: &mut String| (0..=longest).for_each(|_| out.push('`'));
    ticks(out);
    if pad {
        out.push(' ');
    }
    out.push_str(&s);
    if pad {
        out.push(' ');
    }
    ticks(out);
}

/// One `#[doc = " line"]` per line (rendered as `///` comments by prettyplease).
pub fn doc_lines(text: &str) -> TokenStream {
    if let Some(i) = defer(text) {
        let placeholder = format!("{PLACEHOLDER}{i}");
        return quote!(#[doc = #placeholder]);
    }
    let mut ts = TokenStream::new();
    for line in text.split('\n') {
        // Tabs become spaces: a tab in a doc comment is a clippy warning in the user's crate.
        let line = line.replace('\t', "    ");
        let line = if line.is_empty() {
            String::new()
        } else {
            format!(" {line}")
        };
        ts.extend(quote!(#[doc = #line]));
    }
    ts
}

/// How a deferred doc block is marked in the tokens: prettyplease prints it as one
/// `///@@errdex-doc:N` line, which [`expand`] replaces. A real doc line never starts that way:
/// [`doc_lines`] values start with a space or are empty.
const PLACEHOLDER: &str = "@@errdex-doc:";

thread_local! {
    /// The doc texts of the current [`deferred`] call, by placeholder number.
    static DEFERRED: std::cell::RefCell<Option<Vec<String>>> = const { std::cell::RefCell::new(None) };
}

/// Inside [`deferred`]: records `text` and returns its placeholder number.
fn defer(text: &str) -> Option<usize> {
    DEFERRED.with(|d| {
        d.borrow_mut().as_mut().map(|texts| {
            texts.push(text.to_owned());
            texts.len() - 1
        })
    })
}

/// Runs `f` with [`doc_lines`] deferred: each doc block becomes one placeholder attribute
/// and its text is returned, to be put back by [`expand`] after formatting.
///
/// Why: at 10,000 codes, quoting every doc line as a string literal, parsing it back with
/// syn and printing it with prettyplease was about a third of the Rust emitter's time, for
/// text that prettyplease prints verbatim (`///` + the line, trailing spaces trimmed).
pub fn deferred<R>(f: impl FnOnce() -> R) -> (R, Vec<String>) {
    /// Puts back the previous state, also when `f` panics.
    struct Restore(Option<Vec<String>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            DEFERRED.with(|d| *d.borrow_mut() = previous);
        }
    }
    let _restore = Restore(DEFERRED.with(|d| d.borrow_mut().replace(Vec::new())));
    let r = f();
    let texts = DEFERRED.with(|d| d.borrow_mut().take()).unwrap_or_default();
    (r, texts)
}

/// One doc block as placeholder *text* (`{indent}///@@errdex-doc:N`), for items printed
/// without prettyplease; outside [`deferred`], the doc lines themselves.
pub fn doc_text(text: &str, indent: &str) -> String {
    match defer(text) {
        Some(i) => format!("{indent}///{PLACEHOLDER}{i}\n"),
        None => {
            let mut out = String::new();
            push_doc_lines(&mut out, text, indent);
            out
        }
    }
}

/// `text` as prettyplease prints one `#[doc = " line"]` attribute per line (also outside
/// [`deferred`]: the text is written now).
pub fn push_doc_lines(out: &mut String, text: &str, indent: &str) {
    for doc in text.split('\n') {
        out.push_str(indent);
        out.push_str("///");
        if doc.contains('\t') {
            let doc = format!(" {}", doc.replace('\t', "    "));
            out.push_str(doc.trim_end_matches(' '));
        } else if !doc.trim_end_matches(' ').is_empty() {
            out.push(' ');
            out.push_str(doc.trim_end_matches(' '));
        }
        out.push('\n');
    }
}

/// Replaces every placeholder line of prettyplease's output by the doc comment lines it
/// stands for, exactly as prettyplease prints `#[doc = " line"]` attributes: `///`, the
/// line with tabs as four spaces and trailing spaces trimmed, at the placeholder's indent.
/// The emitter does this as it copies the items into the module
/// (`AllowDeadCode::push_expanded`); this whole-text form is the tests' reference.
#[cfg(test)]
pub fn expand(body: &str, texts: &[String]) -> String {
    let mut out =
        String::with_capacity(body.len() + texts.iter().map(String::len).sum::<usize>() * 2);
    for line in body.split_inclusive('\n') {
        match placeholder(line, texts) {
            Some((indent, text)) => push_doc_lines(&mut out, text, indent),
            None => out.push_str(line),
        }
    }
    out
}

/// When `line` (one line of prettyplease's output, with its newline) is a placeholder
/// of [`deferred`]: its indent and the doc text it stands for among `texts`.
pub fn placeholder<'a, 't>(line: &'a str, texts: &'t [String]) -> Option<(&'a str, &'t str)> {
    let trimmed = line.trim_start_matches(' ');
    let i = trimmed
        .strip_prefix("///")?
        .strip_prefix(PLACEHOLDER)?
        .trim_end_matches('\n')
        .parse::<usize>()
        .ok()?;
    Some((&line[..line.len() - trimmed.len()], texts.get(i)?))
}

/// Markdown from the catalogue, hidden from doctest collection.
pub fn markdown_doc(md: &str) -> TokenStream {
    let md = visible_text(md);
    quote!(#[cfg_attr(not(doctest), doc = #md)])
}

/// Lint allowances for items that carry catalogue Markdown.
pub fn allow_doc_lints() -> TokenStream {
    quote! {
        #[allow(unknown_lints)]
        #[allow(
            rustdoc::broken_intra_doc_links,
            rustdoc::private_intra_doc_links,
            rustdoc::invalid_html_tags,
            rustdoc::invalid_codeblock_attributes,
            rustdoc::invalid_rust_codeblocks,
            rustdoc::bare_urls,
            rustdoc::redundant_explicit_links,
            clippy::doc_lazy_continuation,
            clippy::doc_overindented_list_items,
            clippy::doc_markdown,
            clippy::too_long_first_doc_paragraph,
            clippy::empty_docs,
            clippy::doc_nested_refdefs,
            clippy::doc_include_without_cfg,
            clippy::suspicious_doc_comments,
            clippy::tabs_in_doc_comments
        )]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        assert_eq!(
            visible_text("a\r\nb\rc\u{202e}d\u{0}"),
            "a\nb\nc\\u{202e}d\\u{0}"
        );
        assert_eq!(plain("`x` <b>"), "\\`x\\` &lt;b&gt;");
        assert_eq!(fenced("a ```` b"), "`````text\na ```` b\n`````");
        assert_eq!(fenced("{x}"), "```text\n{x}\n```");
        assert_eq!(code_span("A-1"), "`A-1`");
        assert_eq!(code_span("a`b"), "`` a`b ``");
    }

    /// The same file through prettyplease with every doc line as an attribute, and with
    /// deferred placeholders expanded afterwards.
    fn both_ways(texts: &[String]) -> (String, String) {
        let build = || {
            let mut ts = TokenStream::new();
            for (i, t) in texts.iter().enumerate() {
                let doc = doc_lines(t);
                let name = quote::format_ident!("Item{i}");
                let inner = doc_lines(t);
                ts.extend(quote! {
                    #doc
                    pub enum #name { #inner A, B }
                    impl #name {
                        #inner
                        pub fn f(&self) -> u8 { 0 }
                    }
                });
            }
            ts
        };
        let direct = prettyplease::unparse(&syn::parse2(build()).expect("direct tokens parse"));
        let (tokens, docs) = deferred(build);
        let expanded = expand(
            &prettyplease::unparse(&syn::parse2(tokens).expect("deferred tokens parse")),
            &docs,
        );
        (direct, expanded)
    }

    #[test]
    fn deferred_docs_print_like_prettyplease() {
        let texts: Vec<String> = [
            "plain",
            "",
            "two\n\nparagraphs  ",
            "\ttab and trailing   \n   \n\t",
            "unicode — ✓ `code` \\ \"quotes\"",
            "/// looks like a comment\n//! inner",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let (direct, expanded) = both_ways(&texts);
        assert_eq!(direct, expanded);
        assert!(!expanded.contains(PLACEHOLDER));
    }

    proptest::proptest! {
        #[test]
        fn deferred_docs_match_direct_printing(
            texts in proptest::collection::vec("[ \t\na-z/!*`\\\"é—]{0,40}", 1..5)
        ) {
            let texts: Vec<String> = texts.iter().map(|t| plain(t)).collect();
            let (direct, expanded) = both_ways(&texts);
            proptest::prop_assert_eq!(direct, expanded);
        }
    }
}
