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

/// Replaces CR / CRLF by LF, and control and bidi-override characters (other than LF and
/// TAB) by a visible `\u{…}` escape.
pub fn clean(s: &str) -> String {
    let s = s.replace("\r\n", "\n").replace('\r', "\n");
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let bidi = matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}');
        if (c.is_control() && c != '\n' && c != '\t') || bidi {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// Escapes plain text for Markdown: the characters that could open code, links, emphasis
/// or tables are backslash-escaped, `<`, `>`, `&` become entities, and leading indentation
/// is dropped (it could open an indented code block, i.e. a doctest). Newlines are kept.
pub fn plain(s: &str) -> String {
    let s = clean(s)
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
    let s = clean(s);
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat((longest + 1).max(3));
    format!("{fence}text\n{s}\n{fence}")
}

/// Inline code: `s` in a backtick run longer than any inside (plain text when `s` spans
/// lines).
pub fn code_span(s: &str) -> String {
    let s = clean(s);
    if s.contains('\n') || s.trim().is_empty() {
        return plain(&s);
    }
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let ticks = "`".repeat(longest + 1);
    if longest > 0 || s.starts_with(' ') || s.ends_with(' ') {
        format!("{ticks} {s} {ticks}")
    } else {
        format!("{ticks}{s}{ticks}")
    }
}

/// One `#[doc = " line"]` per line (rendered as `///` comments by prettyplease).
pub fn doc_lines(text: &str) -> TokenStream {
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

/// Markdown from the catalogue, hidden from doctest collection.
pub fn markdown_doc(md: &str) -> TokenStream {
    let md = clean(md);
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
        assert_eq!(clean("a\r\nb\rc\u{202e}d\u{0}"), "a\nb\nc\\u{202e}d\\u{0}");
        assert_eq!(plain("`x` <b>"), "\\`x\\` &lt;b&gt;");
        assert_eq!(fenced("a ```` b"), "`````text\na ```` b\n`````");
        assert_eq!(fenced("{x}"), "```text\n{x}\n```");
        assert_eq!(code_span("A-1"), "`A-1`");
        assert_eq!(code_span("a`b"), "`` a`b ``");
    }
}
