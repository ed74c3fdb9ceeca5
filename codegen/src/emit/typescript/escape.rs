//! Catalogue text in JavaScript and TypeScript: the one string escaper, JSDoc comments, and
//! the last pass over every generated file.
//!
//! - [`write_js_str`] is the only JS string escaper: the inside of a double-quoted literal,
//!   byte for byte what askama's `|json` filter writes (so `</script>` is inert too). Values
//!   are written as whole literals through [`JsLiteral`] (`data.js`, the literal types of
//!   `index.d.ts`), and it is the askama escaper of the `.d.ts` template ([`JsString`]), so a
//!   value interpolated there without a filter can never leave its literal or comment.
//! - [`doc_comment`], [`one_line`] and [`code_span`] make text safe in comments: `*/` can never
//!   close a comment early, a line cannot start a JSDoc tag.
//! - [`escape_invisible`] runs over each whole file: characters that are invisible or reorder
//!   text (Trojan Source) are written as `\uXXXX`, in literals and in comments alike.

use std::borrow::Cow;
use std::fmt::{self, Write};

use serde_json::Value;

/// Per byte: what replaces it inside a literal (empty: written as is; other control bytes are
/// written as `\u00XX`).
fn js_escape(b: u8) -> &'static str {
    match b {
        b'"' => "\\\"",
        b'\\' => "\\\\",
        b'\n' => "\\n",
        b'\r' => "\\r",
        b'\t' => "\\t",
        0x08 => "\\b",
        0x0c => "\\f",
        b'<' => "\\u003c",
        b'>' => "\\u003e",
        b'&' => "\\u0026",
        b'\'' => "\\u0027",
        _ => "",
    }
}

/// The one JavaScript string escaper: `s` as the inside of a double-quoted literal (the bytes
/// of askama's `|json` filter without the quotes; `js_literals_match_askama_json` pins it).
pub fn write_js_str(out: &mut dyn Write, s: &str) -> fmt::Result {
    let mut run = 0;
    for (i, b) in s.bytes().enumerate() {
        let esc = js_escape(b);
        if esc.is_empty() && b >= 0x20 {
            continue;
        }
        out.write_str(&s[run..i])?;
        if esc.is_empty() {
            write!(out, "\\u{b:04x}")?;
        } else {
            out.write_str(esc)?;
        }
        run = i + 1;
    }
    out.write_str(&s[run..])
}

/// The `// @generated …` line that starts each generated `.js` and `.d.ts` file: the header
/// escaped by [`write_js_str`] (as the template escaper writes it), so no file name can end
/// the comment.
pub fn header_line(header: &str) -> String {
    let mut out = String::with_capacity(header.len() + 4);
    out.push_str("// ");
    let _ = write_js_str(&mut out, header);
    out
}

/// The askama escaper of the TypeScript templates (`askama.toml`): a value interpolated
/// without a filter is escaped by [`write_js_str`], so it stays inside its string literal (or
/// `//` comment). Identifiers and numbers pass through unchanged.
#[derive(Debug, Clone, Copy)]
pub struct JsString;

impl askama::filters::Escaper for JsString {
    fn write_escaped_str<W: Write>(&self, mut dest: W, string: &str) -> fmt::Result {
        write_js_str(&mut dest, string)
    }
}

/// A JavaScript literal of a catalogue value: compact JSON with strings escaped by
/// [`write_js_str`] (exactly what askama's `|json` filter writes, without going through serde
/// and an `io::Write` adapter per value). The templates write it as `{{ x.js()|safe }}`.
pub trait JsLiteral {
    fn write_js(&self, out: &mut dyn Write) -> fmt::Result;

    fn js(&self) -> Js<'_, Self> {
        Js(self)
    }
}

/// [`JsLiteral::js`]: displays as the literal.
#[derive(Debug)]
pub struct Js<'a, T: ?Sized>(&'a T);

impl<T: JsLiteral + ?Sized> fmt::Display for Js<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_js(f)
    }
}

impl JsLiteral for str {
    fn write_js(&self, out: &mut dyn Write) -> fmt::Result {
        out.write_char('"')?;
        write_js_str(out, self)?;
        out.write_char('"')
    }
}

impl JsLiteral for String {
    fn write_js(&self, out: &mut dyn Write) -> fmt::Result {
        self.as_str().write_js(out)
    }
}

impl<T: JsLiteral + ?Sized> JsLiteral for &T {
    fn write_js(&self, out: &mut dyn Write) -> fmt::Result {
        (**self).write_js(out)
    }
}

impl<T: JsLiteral> JsLiteral for Option<T> {
    fn write_js(&self, out: &mut dyn Write) -> fmt::Result {
        match self {
            Some(v) => v.write_js(out),
            None => out.write_str("null"),
        }
    }
}

impl<T: JsLiteral> JsLiteral for [T] {
    fn write_js(&self, out: &mut dyn Write) -> fmt::Result {
        out.write_char('[')?;
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                out.write_char(',')?;
            }
            v.write_js(out)?;
        }
        out.write_char(']')
    }
}

impl<T: JsLiteral> JsLiteral for Vec<T> {
    fn write_js(&self, out: &mut dyn Write) -> fmt::Result {
        self.as_slice().write_js(out)
    }
}

/// Booleans and integers are their own literals.
macro_rules! plain_literal {
    ($($t:ty),*) => {$(
        impl JsLiteral for $t {
            fn write_js(&self, out: &mut dyn Write) -> fmt::Result {
                write!(out, "{self}")
            }
        }
    )*};
}
plain_literal!(bool, u8, u16, u32, u64, i32);

impl JsLiteral for Value {
    fn write_js(&self, out: &mut dyn Write) -> fmt::Result {
        match self {
            Value::Null => out.write_str("null"),
            Value::Bool(b) => b.write_js(out),
            Value::Number(n) => write!(out, "{n}"),
            Value::String(s) => s.write_js(out),
            Value::Array(a) => a.write_js(out),
            Value::Object(m) => {
                out.write_char('{')?;
                for (i, (k, v)) in m.iter().enumerate() {
                    if i > 0 {
                        out.write_char(',')?;
                    }
                    k.write_js(out)?;
                    out.write_char(':')?;
                    v.write_js(out)?;
                }
                out.write_char('}')
            }
        }
    }
}

/// A JSDoc block (`/** … */`) indented by `indent`, one ` * ` line per text line. `*/` can
/// never close the comment early, a line starting with `@` cannot become a tag, and control
/// characters (CR, bidi overrides stay visible as they are printable) are replaced.
pub fn doc_comment(lines: &[String], indent: &str) -> String {
    let mut out = String::with_capacity(64 + lines.iter().map(|l| l.len() + 8).sum::<usize>());
    out.push_str(indent);
    out.push_str("/**\n");
    for line in lines.iter().flat_map(|l| l.split('\n')) {
        let clean = comment_safe(line);
        let clean = match clean.trim_start().strip_prefix('@') {
            Some(rest) => Cow::Owned(format!("\\@{rest}")),
            None => clean,
        };
        let clean = clean.trim_end();
        out.push_str(indent);
        if clean.is_empty() {
            out.push_str(" *\n");
        } else {
            out.push_str(" * ");
            out.push_str(clean);
            out.push('\n');
        }
    }
    out.push_str(indent);
    out.push_str(" */");
    out
}

/// Controls (and U+2028/U+2029) → spaces, `*/` → `*\/`, `</` → `<\/`: text that can sit in
/// a comment without ending it. Borrowed when nothing changes (the usual case).
fn comment_safe(s: &str) -> Cow<'_, str> {
    use crate::text::{all_bytes, printable};
    let plain = all_bytes(s, printable)
        || !s
            .chars()
            .any(|c| c.is_control() || c == '\u{2028}' || c == '\u{2029}');
    // `*/` and `</` in one pass over the slashes (a docs URL's line has several).
    let bytes = s.as_bytes();
    let closes = || {
        s.match_indices('/')
            .any(|(i, _)| i > 0 && matches!(bytes[i - 1], b'*' | b'<'))
    };
    if plain && !closes() {
        return Cow::Borrowed(s);
    }
    let spaced: String = s
        .chars()
        .map(|c| {
            if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
                ' '
            } else {
                c
            }
        })
        .collect();
    Cow::Owned(spaced.replace("*/", "*\\/").replace("</", "<\\/"))
}

/// Catalogue text on one line for a `//` comment: line breaks and controls become spaces.
pub fn one_line(s: &str) -> String {
    comment_safe(s).into_owned()
}

/// Text for a Markdown code span in JSDoc: [`one_line`], and a backtick (which would end the
/// span) shown as `'`.
pub fn code_span(s: &str) -> String {
    let s = comment_safe(s);
    if s.contains('`') {
        s.replace('`', "'")
    } else {
        s.into_owned()
    }
}

/// Characters that are invisible or reorder text (Trojan Source, CVE-2021-42574), and the
/// two that end a `//` comment in JavaScript: written as `\uXXXX` wherever they occur. They
/// can only come from catalogue text, which sits in string literals (where the escape means
/// the same string) or in comments (where it shows the character instead of hiding it).
pub fn escape_invisible(text: String) -> String {
    let needs = crate::text::is_invisible;
    // Every such character starts with the byte D8, E2 or EF (never a continuation
    // byte), so only those positions need decoding.
    // Whole ASCII blocks (nearly all of the module) are skipped with `is_ascii`.
    const BLOCK: usize = 64;
    let bytes = text.as_bytes();
    let found = bytes.chunks(BLOCK).enumerate().any(|(n, chunk)| {
        !chunk.is_ascii()
            && chunk.iter().enumerate().any(|(i, &b)| {
                matches!(b, 0xd8 | 0xe2 | 0xef)
                    && text[n * BLOCK + i..].chars().next().is_some_and(needs)
            })
    });
    if !found {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if needs(c) {
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    /// The former [`one_line`], without its borrowed fast path.
    fn reference_one_line(s: &str) -> String {
        s.chars()
            .map(|c| {
                if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
                    ' '
                } else {
                    c
                }
            })
            .collect::<String>()
            .replace("*/", "*\\/")
            .replace("</", "<\\/")
    }

    /// The former [`doc_comment`].
    fn reference_doc_comment(lines: &[String], indent: &str) -> String {
        let mut out = format!("{indent}/**\n");
        for line in lines.iter().flat_map(|l| l.split('\n')) {
            let clean = reference_one_line(line);
            let clean = match clean.trim_start().strip_prefix('@') {
                Some(rest) => format!("\\@{rest}"),
                None => clean,
            };
            let clean = clean.trim_end();
            if clean.is_empty() {
                out.push_str(indent);
                out.push_str(" *\n");
            } else {
                let _ = writeln!(out, "{indent} * {clean}");
            }
        }
        out.push_str(indent);
        out.push_str(" */");
        out
    }

    fn hostile_text() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just("word ".to_string()),
                Just("*/".to_string()),
                Just("</".to_string()),
                Just(" @".to_string()),
                "[*/<@`\r\n\t \u{7}\u{7f}\u{85}\u{2028}\u{2029}\u{202e}\u{200b}\u{feff}\u{61c}é—]",
                "\\PC{0,3}",
            ],
            0..10,
        )
        .prop_map(|parts| parts.concat())
    }

    fn askama_json(v: &impl serde::Serialize) -> String {
        askama::filters::json(v).expect("infallible").to_string()
    }

    fn any_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(|n| json!(n)),
            any::<u64>().prop_map(|n| json!(n)),
            (-1e6f64..1e6).prop_map(|f| json!(f)),
            hostile_text().prop_map(Value::String),
            "[\"\\\\\u{0}-\u{1f}\u{7f}<>&'`$]{0,6}".prop_map(Value::String),
        ];
        leaf.prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                proptest::collection::vec(("[a-z<'&]{0,3}", inner), 0..4)
                    .prop_map(|kv| Value::Object(kv.into_iter().collect())),
            ]
        })
    }

    /// What the template escaper writes for a value interpolated without a filter.
    fn template_escaped(s: &str) -> String {
        let mut out = String::new();
        askama::filters::Escaper::write_escaped_str(&JsString, &mut out, s).expect("infallible");
        out
    }

    proptest! {
        #[test]
        fn js_literals_match_askama_json(v in any_value(), s in hostile_text(), o in proptest::option::of(hostile_text()), l in proptest::collection::vec(hostile_text(), 0..3), n in any::<i32>(), b in any::<bool>()) {
            prop_assert_eq!(v.js().to_string(), askama_json(&v));
            prop_assert_eq!(s.js().to_string(), askama_json(&s));
            prop_assert_eq!(o.js().to_string(), askama_json(&o));
            prop_assert_eq!(l.js().to_string(), askama_json(&l));
            prop_assert_eq!(n.js().to_string(), askama_json(&n));
            prop_assert_eq!(b.js().to_string(), askama_json(&b));
            // The template escaper is the same escaper: the literal without its quotes.
            prop_assert_eq!(format!("\"{}\"", template_escaped(&s)), askama_json(&s));
        }

        #[test]
        fn fast_comment_text_matches_the_reference(a in hostile_text(), b in hostile_text()) {
            prop_assert_eq!(one_line(&a), reference_one_line(&a));
            prop_assert_eq!(code_span(&a), reference_one_line(&a).replace('`', "'"));
            let lines = vec![a.clone(), String::new(), b.clone()];
            prop_assert_eq!(doc_comment(&lines, "  "), reference_doc_comment(&lines, "  "));
            let needs = |c: char| {
                matches!(c, '\u{061c}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}'
                    | '\u{2060}'..='\u{2069}' | '\u{feff}')
            };
            // The reference list, written out: the one the emitter asks must be the same.
            prop_assert!(a.chars().all(|c| needs(c) == crate::text::is_invisible(c)));
            let expected: String = a
                .chars()
                .map(|c| if needs(c) { format!("\\u{:04x}", c as u32) } else { c.to_string() })
                .collect();
            prop_assert_eq!(escape_invisible(a.clone()), expected);
        }
    }
}
