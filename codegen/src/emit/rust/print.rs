//! Two array layouts of prettyplease, printed directly: the per-code tables that
//! [`super::items`] would otherwise hand to syn and prettyplease as tens of thousands of
//! tokens (at 50,000 codes, parsing and printing `ERRDEX_HTTP_REASONS` and
//! `ERRDEX_CODE_CLASS` was half of the Rust emitter's time, for two arrays whose layout is
//! fixed).
//!
//! Each function prints a whole `const` item exactly as prettyplease prints it once its array
//! cannot fit on one line; the caller keeps the token path for arrays short enough that it
//! might ([`TEXT_ABOVE`]). The rules, from prettyplease's algorithm (margin 89, indent 4):
//! - an array of integer literals (`simple_array`) is filled: after `[` a new line at indent
//!   4, then elements separated by `, `, a new line before an element when `column + 1 +
//!   len(element) + 1 > 89` (the last element: `+ 1` less, its comma is the break's), then
//!   `,` and `]` on its own line;
//! - any other array has one element per line at indent 4 with a trailing comma; a tuple
//!   element that does not fit in the line (the comma after it counted, except for the last)
//!   is broken, one field per line at indent 8.
//!
//! The tests compare both functions with prettyplease's output for the same tokens.

/// prettyplease's line width.
const MARGIN: usize = 89;

/// Arrays of at least this many elements are printed here: none of them fits on one line
/// (an element is at least three characters and a separator two).
pub(super) const TEXT_ABOVE: usize = 32;

/// `{head}[` + the integer literals `elems`, filled as prettyplease fills a simple array, +
/// `];` and a newline. `head` is the item up to the array (`const X: [u8; 3usize] = `).
pub(super) fn filled_array(head: &str, elems: &[String]) -> String {
    let mut out =
        String::with_capacity(head.len() + elems.iter().map(|e| e.len() + 2).sum::<usize>() + 64);
    out.push_str(head);
    out.push_str("[\n    ");
    let mut column = 4;
    for (k, e) in elems.iter().enumerate() {
        let last = k + 1 == elems.len();
        if k > 0 {
            let need = 1 + e.len() + usize::from(!last);
            if column + need > MARGIN {
                out.push_str("\n    ");
                column = 4;
            } else {
                out.push(' ');
                column += 1;
            }
        }
        out.push_str(e);
        out.push(',');
        column += e.len() + 1;
    }
    out.push_str("\n];\n");
    out
}

/// `{head}&[` + one pair `(first, second)` per line, as prettyplease prints an array of
/// two-field tuples, + `];` and a newline. The fields are already tokens' text (a string
/// literal, a suffixed integer).
pub(super) fn pair_rows(head: &str, rows: &[(String, String)]) -> String {
    let mut out = String::with_capacity(
        head.len()
            + rows
                .iter()
                .map(|(a, b)| a.len() + b.len() + 10)
                .sum::<usize>()
            + 64,
    );
    out.push_str(head);
    out.push_str("&[\n");
    for (k, (a, b)) in rows.iter().enumerate() {
        let last = k + 1 == rows.len();
        // `    (a, b),`: the comma after the tuple is counted unless it is the last row's.
        let width = 4 + 1 + a.len() + 2 + b.len() + 1 + usize::from(!last);
        if width <= MARGIN {
            out.push_str("    (");
            out.push_str(a);
            out.push_str(", ");
            out.push_str(b);
            out.push_str("),\n");
        } else {
            out.push_str("    (\n        ");
            out.push_str(a);
            out.push_str(",\n        ");
            out.push_str(b);
            out.push_str(",\n    ),\n");
        }
    }
    out.push_str("];\n");
    out
}

/// `{indent}#[{name}({args})]` and a newline, as prettyplease prints an outer attribute of
/// an item at `indent` whose parenthesised arguments are `args` (each `key = literal`, or a
/// nested list short enough to fit, like `not(doctest)`): on one line when that line fits
/// in the margin (its width in bytes, as prettyplease counts it), else each argument on a
/// line of its own at `indent` + 4, separated by commas with no trailing one, and `)]` at
/// `indent`. (prettyplease's `attr_tokens`: the arguments are one consistent box, whose
/// size runs to the `]`.)
pub(super) fn push_list_attr(out: &mut String, indent: &str, name: &str, args: &[&str]) {
    let width = indent.len()
        + "#[".len()
        + name.len()
        + "(".len()
        + args.iter().map(|a| a.len()).sum::<usize>()
        + ", ".len() * args.len().saturating_sub(1)
        + ")]".len();
    out.push_str(indent);
    out.push_str("#[");
    out.push_str(name);
    out.push('(');
    if width <= MARGIN {
        for (k, a) in args.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            out.push_str(a);
        }
    } else {
        for (k, a) in args.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            out.push('\n');
            out.push_str(indent);
            out.push_str("    ");
            out.push_str(a);
        }
        out.push('\n');
        out.push_str(indent);
    }
    out.push_str(")]\n");
}

/// Appends `s` as a string literal, byte for byte as `proc_macro2::Literal::string` prints
/// it (its `escape_utf8`: `char::escape_debug`, but `'` as is, and `\0` — or `\x00` before a
/// digit 0–7); runs of printable ASCII are copied whole. The string table is 8 MiB of
/// literals at 50,000 codes, where escaping char by char through `Literal` cost a tenth of
/// the emitter's time.
pub(super) fn push_str_literal(out: &mut String, s: &str) {
    out.push('"');
    let mut from = 0;
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
            i += 1;
            continue;
        }
        out.push_str(&s[from..i]);
        let ch = s[i..].chars().next().unwrap_or_default();
        let next = i + ch.len_utf8();
        if ch == '\0' {
            let octal = s[next..].starts_with(|c: char| ('0'..='7').contains(&c));
            out.push_str(if octal { "\\x00" } else { "\\0" });
        } else if ch == '\'' {
            out.push(ch);
        } else {
            out.extend(ch.escape_debug());
        }
        i = next;
        from = i;
    }
    out.push_str(&s[from..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use proc_macro2::{Literal, TokenStream};
    use quote::quote;

    fn pretty(tokens: TokenStream) -> String {
        prettyplease::unparse(&syn::parse2(tokens).expect("tokens parse"))
    }

    fn check_filled(values: &[u16]) {
        let n = values.len();
        let lits: Vec<Literal> = values.iter().map(|v| Literal::u16_suffixed(*v)).collect();
        let expected = pretty(quote!(const ERRDEX_CODE_CLASS: [u16; #n] = [#(#lits),*];));
        let elems: Vec<String> = lits.iter().map(ToString::to_string).collect();
        let head = format!("const ERRDEX_CODE_CLASS: [u16; {n}usize] = ");
        assert_eq!(filled_array(&head, &elems), expected);
    }

    fn check_pairs(rows: &[(String, u32)]) {
        let tokens = rows.iter().map(|(r, i)| quote!((#r, #i)));
        let expected = pretty(quote!(const ERRDEX_HTTP_REASONS: &[(&str, u32)] = &[#(#tokens),*];));
        let text: Vec<(String, String)> = rows
            .iter()
            .map(|(r, i)| {
                (
                    Literal::string(r).to_string(),
                    Literal::u32_suffixed(*i).to_string(),
                )
            })
            .collect();
        assert_eq!(
            pair_rows("const ERRDEX_HTTP_REASONS: &[(&str, u32)] = ", &text),
            expected
        );
    }

    #[test]
    fn filled_like_prettyplease() {
        check_filled(&[0; 79]);
        check_filled(&(0..400).collect::<Vec<_>>());
        check_filled(
            &(0..300)
                .map(|i| if i % 7 == 0 { 65535 } else { i % 3 })
                .collect::<Vec<_>>(),
        );
    }

    #[test]
    fn pairs_like_prettyplease() {
        // Around the margin: every width from short to broken, last row included.
        let rows: Vec<(String, u32)> = (0..120)
            .map(|k| ("R".repeat(40 + k % 60), k as u32 * 997))
            .collect();
        check_pairs(&rows);
        for len in 60..90 {
            let mut rows: Vec<(String, u32)> = (0..40).map(|k| (format!("A{k}"), k)).collect();
            rows.push(("X".repeat(len), 4_000_000_000));
            check_pairs(&rows);
        }
        check_pairs(
            &(0..40)
                .map(|k| (format!("Q\"\\\u{7}é{k}"), k))
                .collect::<Vec<_>>(),
        );
    }

    fn check_literal(s: &str) {
        let mut out = String::new();
        push_str_literal(&mut out, s);
        assert_eq!(out, Literal::string(s).to_string(), "{s:?}");
    }

    #[test]
    fn literals_like_proc_macro2() {
        for s in [
            "",
            "plain",
            "q\"uote",
            "back\\slash",
            "'",
            "\0",
            "\x001",
            "\x008",
            "\0a",
            "a\0",
            "tab\tnl\ncr\r",
            "\u{7f}\u{80}\u{a0}",
            "é—✓",
            "\u{202e}bidi",
            "\u{feff}",
            "\u{e000}",
            "\u{10ffff}",
            "\u{1f600}",
            "\u{301}combining",
            "{x}",
        ] {
            check_literal(s);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn literals_match(s in "(\\PC|[\\x00-\\x1f\\\\\"'0-9]|\\p{Cc}|\\p{Cf}|\\p{Mn}){0,40}") {
            check_literal(&s);
        }

        #[test]
        fn filled_arrays_match(values in proptest::collection::vec(proptest::prelude::any::<u16>(), TEXT_ABOVE..200)) {
            check_filled(&values);
        }

        #[test]
        fn pair_rows_match(rows in proptest::collection::vec(("[A-Z_]{1,95}", proptest::prelude::any::<u32>()), TEXT_ABOVE..60)) {
            check_pairs(&rows);
        }
    }
}
