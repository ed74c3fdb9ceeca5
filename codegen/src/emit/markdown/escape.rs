//! Escapers for catalogue text placed into Markdown that mdBook renders.
//!
//! Catalogue text is hostile. Plain-text fields (summary, titles, notes, suggestion text,
//! codes, names) go through [`inline`]: the result is one source line of Markdown that
//! renders as exactly the given text, whatever it contains:
//!
//! - `&`, `<`, `>` become entities, so no HTML can be injected;
//! - `{` and `}` become entities, so neither mdBook's `{{#include …}}` directives nor a
//!   heading attribute block (`{#id}`) can be formed;
//! - Markdown punctuation (`\` `` ` `` `*` `_` `[` `]` `!` `~` `#` `|` `^` `$`) is
//!   backslash-escaped, so a summary can never become emphasis, a link, a code span or a
//!   footnote, and `|` can never split a table cell;
//! - line breaks (`\r\n`, `\r`, `\n`) become `<br>`: the text stays on one source line, so it
//!   can never end a table row, a heading or start a new block, and the break stays visible;
//! - tabs become spaces and other control characters become U+FFFD;
//! - text holding a bidirectional control (RLO and friends) is wrapped in `<bdi>`, so the
//!   reordering cannot leak into the surrounding page.
//!
//! Callers never put escaped text at the start of a source line, so line-start syntax
//! (`- `, `1. `, indentation) cannot apply.

use std::fmt::{self, Write};

use crate::text::is_bidi_control;

fn push_escaped(out: &mut String, s: &str, line_break: &str) {
    // Runs of characters that need nothing are copied in one go; only the characters that
    // need escaping are looked at one by one.
    let bytes = s.as_bytes();
    let (mut i, mut run) = (0, 0);
    while i < bytes.len() {
        let b = bytes[i];
        let (len, rep): (usize, &str) = if b >= 0x80 {
            let c = s[i..].chars().next().unwrap_or_default();
            if !c.is_control() {
                i += c.len_utf8();
                continue;
            }
            (c.len_utf8(), "\u{FFFD}")
        } else {
            match b {
                b'&' => (1, "&amp;"),
                b'<' => (1, "&lt;"),
                b'>' => (1, "&gt;"),
                b'{' => (1, "&#123;"),
                b'}' => (1, "&#125;"),
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => (2, line_break),
                b'\r' | b'\n' => (1, line_break),
                b'\t' => (1, " "),
                0..=0x1f | 0x7f => (1, "\u{FFFD}"),
                b'\\' | b'`' | b'*' | b'_' | b'[' | b']' | b'!' | b'~' | b'#' | b'|' | b'^'
                | b'$' => {
                    out.push_str(&s[run..i]);
                    out.push('\\');
                    run = i;
                    i += 1;
                    continue;
                }
                _ => {
                    i += 1;
                    continue;
                }
            }
        };
        out.push_str(&s[run..i]);
        out.push_str(rep);
        i += len;
        run = i;
    }
    out.push_str(&s[run..]);
}

/// `true` when [`inline`] returns `s` unchanged: plain ASCII that starts with no character
/// that could begin a block and holds nothing to escape (the common case, checked first).
fn inline_is_verbatim(s: &str) -> bool {
    let Some(&first) = s.as_bytes().first() else {
        return true;
    };
    !matches!(first, b'-' | b'+' | b'=' | b' ' | b'\t' | b'0'..=b'9')
        && s.bytes().all(|b| {
            (0x20..0x7f).contains(&b)
                && !matches!(
                    b,
                    b'&' | b'<'
                        | b'>'
                        | b'{'
                        | b'}'
                        | b'\\'
                        | b'`'
                        | b'*'
                        | b'_'
                        | b'['
                        | b']'
                        | b'!'
                        | b'~'
                        | b'#'
                        | b'|'
                        | b'^'
                        | b'$'
                )
        })
}

/// Plain text → inline Markdown for paragraphs, headings and table cells (see module docs).
/// Also safe at the start of a source line: a leading `-`, `+`, `=`, `1.`/`1)` or space
/// cannot start a list, a setext underline or an indented code block.
pub fn inline(s: &str) -> String {
    if inline_is_verbatim(s) {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len() + 8);
    let bidi = s.chars().any(is_bidi_control);
    if bidi {
        out.push_str("<bdi>");
    }
    let digits = s.chars().take_while(char::is_ascii_digit).count();
    let blank_after = |i: usize| s[i..].chars().next().is_none_or(|c| c == ' ' || c == '\t');
    let rule_like = !s.is_empty() && s.chars().all(|c| matches!(c, '-' | '=' | ' ' | '\t'));
    let s = if let Some(c @ ('-' | '+' | '=')) = s.chars().next()
        && (blank_after(1) || rule_like)
    {
        out.push('\\');
        out.push(c);
        &s[1..]
    } else if digits > 0
        && matches!(s[digits..].chars().next(), Some('.' | ')'))
        && blank_after(digits + 1)
    {
        out.push_str(&s[..digits]);
        out.push('\\');
        out.push_str(&s[digits..=digits]);
        &s[digits + 1..]
    } else if let Some(rest) = s.strip_prefix([' ', '\t']) {
        out.push_str("&#32;");
        rest
    } else {
        s
    };
    push_escaped(&mut out, s, "<br>");
    if bidi {
        out.push_str("</bdi>");
    }
    out
}

/// Plain text → link text in `SUMMARY.md`. mdBook takes chapter names from the text of the
/// link and drops inline HTML, so line breaks become spaces and no `<bdi>` is added (each
/// sidebar entry is its own block, which already bounds bidirectional text).
pub fn summary_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    push_escaped(&mut out, s, " ");
    out
}

/// Inline code: `<code>` with [`inline`]-escaped content (a Markdown code span cannot carry
/// every string: backticks and `|` inside tables defeat it).
pub fn code(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 16);
    out.push_str("<code>");
    if inline_is_verbatim(s) {
        out.push_str(s);
    } else {
        out.push_str(&inline(s));
    }
    out.push_str("</code>");
    out
}

/// Inline code that never wraps (`<code class="errdex-code">`, `white-space: nowrap` in the
/// book's `errdex.css`): a code such as `X-FRM-001` stays on one line instead of breaking at
/// its hyphens.
pub fn code_nowrap(s: &str) -> String {
    let inner = code(s);
    format!("<code class=\"errdex-code\">{}", &inner["<code>".len()..])
}

/// Inline code that may wrap after each `_` (a `<wbr>` there): a long NAME such as
/// `CHARACTER_NOT_IN_REPERTOIRE` fits a narrow table column. Copying the text copies no
/// extra character.
pub fn code_breakable(s: &str) -> String {
    if !s.contains('_') {
        return code(s);
    }
    code_with_breaks(s, '_', "\\_<wbr>")
}

/// A file path as inline code that may wrap after each `/` (a `<wbr>` there): a deep path
/// fits the content column. Each segment is escaped as [`code`]'s content.
pub fn code_path(s: &str) -> String {
    code_with_breaks(s, '/', "/<wbr>")
}

/// `s` as inline code, its `sep`-separated parts escaped as [`code`]'s content and joined by
/// `between` (the separator with a `<wbr>` after it).
fn code_with_breaks(s: &str, sep: char, between: &str) -> String {
    let mut out = String::with_capacity(s.len() + 32);
    out.push_str("<code>");
    for (i, part) in s.split(sep).enumerate() {
        if i > 0 {
            out.push_str(between);
        }
        if inline_is_verbatim(part) {
            out.push_str(part);
        } else {
            out.push_str(&inline(part));
        }
    }
    out.push_str("</code>");
    out
}

/// [`inline`] text that may wrap after each `_` (a category key such as `invalid_params` in a
/// narrow table column).
pub fn inline_breakable(s: &str) -> String {
    inline(s).replace("\\_", "\\_<wbr>")
}

/// Plain text with `` `code` `` spans → inline Markdown: each span closed by a backtick run
/// of the same length becomes [`code`] (so `` `errdex --help` `` renders as code, not as
/// literal backticks); the text around the spans, and an unclosed backtick run, go through
/// [`inline`]. Like [`inline`], the result is safe in paragraphs and table cells.
pub fn inline_with_code(s: &str) -> String {
    if !s.contains('`') {
        return inline(s);
    }
    let bytes = s.as_bytes();
    let run_at = |i: usize| bytes[i..].iter().take_while(|&&b| b == b'`').count();
    let mut out = String::with_capacity(s.len() + 32);
    let mut text_start = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'`' {
            i += 1;
            continue;
        }
        let n = run_at(i);
        // The closing run: the next run of exactly `n` backticks.
        let mut j = i + n;
        let mut close = None;
        while j < bytes.len() {
            if bytes[j] == b'`' {
                let m = run_at(j);
                if m == n {
                    close = Some(j);
                    break;
                }
                j += m;
            } else {
                j += 1;
            }
        }
        let Some(j) = close else {
            // Unclosed: the rest is text (its backticks escaped by `inline`).
            break;
        };
        if text_start < i {
            push_text(&mut out, &s[text_start..i], text_start == 0);
        }
        // CommonMark strips one space on both sides when both are there.
        let mut content = &s[i + n..j];
        if content.len() >= 2
            && content.starts_with(' ')
            && content.ends_with(' ')
            && !content.trim().is_empty()
        {
            content = &content[1..content.len() - 1];
        }
        out.push_str(&code(content));
        i = j + n;
        text_start = i;
    }
    if text_start < s.len() {
        push_text(&mut out, &s[text_start..], text_start == 0);
    }
    out
}

/// Text around code spans: [`inline`] at the start of the line; after a span, the same
/// escaping without the line-start rules (the text does not start a line there).
fn push_text(out: &mut String, s: &str, line_start: bool) {
    if line_start {
        out.push_str(&inline(s));
    } else if inline_is_verbatim(s) {
        out.push_str(s);
    } else {
        let bidi = s.chars().any(is_bidi_control);
        if bidi {
            out.push_str("<bdi>");
        }
        push_escaped(out, s, "<br>");
        if bidi {
            out.push_str("</bdi>");
        }
    }
}

/// A URL made safe as a Markdown link destination: characters that could end the
/// destination or the table cell (space, `<`, `>`, `(`, `)`, `"`, `\`, `` ` ``, `|`, `{`,
/// `}`, controls) are percent-encoded.
pub fn url(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            ' ' | '<' | '>' | '(' | ')' | '"' | '\\' | '`' | '|' | '{' | '}' | '[' | ']' | '^' => {
                let _ = write!(out, "%{:02X}", c as u32);
            }
            c if c.is_control() || c.is_whitespace() || is_bidi_control(c) => {
                let mut buf = [0; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    let _ = write!(out, "%{b:02X}");
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// A fenced code block whose fence is longer than any backtick run in `text`, so the
/// content can never close it. When the content contains `{{` (which mdBook's
/// `{{#include}}` preprocessor would act on even inside code blocks), the block is written
/// as an HTML `<pre><code>` with entity-escaped content instead; it renders the same bytes.
pub fn code_block(lang: &str, text: &str) -> String {
    // Line breaks normalised to LF; control characters other than tab shown as U+FFFD.
    // Fast path (the usual case): nothing to normalise, so the text is used as it is.
    let normalised;
    let has_control = |t: &str| t.chars().any(|c| c.is_control() && c != '\n' && c != '\t');
    // Controls are C0, DEL and C1 (U+0080..U+009F, encoded C2 80..C2 9F): a byte scan finds
    // every candidate; only text with one pays for the char walk. The same pass finds `{{`
    // and the longest backtick run (the fence), through a table: one lookup per plain byte.
    let scan = scan_block(text);
    let text = if scan.maybe_control && has_control(text) {
        normalised = text
            .replace("\r\n", "\n")
            .replace('\r', "\n")
            .chars()
            .map(|c| {
                if c.is_control() && c != '\n' && c != '\t' {
                    '\u{FFFD}'
                } else {
                    c
                }
            })
            .collect::<String>();
        normalised.as_str()
    } else {
        text
    };
    // The normalised text differs from the scanned one only in controls and line breaks.
    if scan.braces {
        let mut body = String::with_capacity(text.len() + 16);
        for c in text.chars() {
            match c {
                '&' => body.push_str("&amp;"),
                '<' => body.push_str("&lt;"),
                '>' => body.push_str("&gt;"),
                '{' => body.push_str("&#123;"),
                '}' => body.push_str("&#125;"),
                c => body.push(c),
            }
        }
        // A blank line would not end this HTML block (<pre> blocks end at `</pre>`), but
        // keep the closing tag on the last content line so no Markdown starts in between.
        let class = if lang.is_empty() {
            String::new()
        } else {
            format!(" class=\"language-{lang}\"")
        };
        return format!("<pre><code{class}>{body}</code></pre>\n");
    }
    let fence_len = scan.backticks.max(2) + 1;
    let mut s = String::with_capacity(text.len() + 2 * fence_len + lang.len() + 3);
    s.extend(std::iter::repeat_n('`', fence_len));
    s.push_str(lang);
    s.push('\n');
    s.push_str(text);
    if !text.ends_with('\n') {
        s.push('\n');
    }
    s.extend(std::iter::repeat_n('`', fence_len));
    s.push('\n');
    s
}

/// Longest run of the ASCII byte `ch` (bytes: an ASCII byte never occurs inside a multi-byte
/// UTF-8 sequence, so this counts the same runs as a walk over chars).
/// What [`code_block`] needs to know about its text, from one pass over the bytes.
struct BlockScan {
    maybe_control: bool,
    braces: bool,
    backticks: usize,
}

fn scan_block(text: &str) -> BlockScan {
    // 1: a possible control character; 2: `{`; 3: a backtick; 0: anything else.
    const CLASS: [u8; 256] = {
        let mut t = [0u8; 256];
        let mut b = 0;
        while b < 0x20 {
            t[b] = 1;
            b += 1;
        }
        t[b'\n' as usize] = 0;
        t[b'\t' as usize] = 0;
        t[0x7f] = 1;
        t[0xc2] = 1;
        t[b'{' as usize] = 2;
        t[b'`' as usize] = 3;
        t
    };
    let mut scan = BlockScan {
        maybe_control: false,
        braces: false,
        backticks: 0,
    };
    let (mut run, mut prev_brace) = (0, false);
    for &b in text.as_bytes() {
        match CLASS[b as usize] {
            0 => {
                run = 0;
                prev_brace = false;
            }
            1 => {
                scan.maybe_control = true;
                run = 0;
                prev_brace = false;
            }
            2 => {
                scan.braces |= prev_brace;
                prev_brace = true;
                run = 0;
            }
            _ => {
                run += 1;
                scan.backticks = scan.backticks.max(run);
                prev_brace = false;
            }
        }
    }
    scan
}

/// A TOML basic string (for `book.toml`).
pub fn toml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Text inside an HTML comment: `--` can never appear, so the comment cannot be closed
/// early.
pub fn comment_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == '-' && out.ends_with('-') {
            out.push(' ');
        }
        if c == '>' || c == '<' {
            out.push('_');
            continue;
        }
        out.push(if c.is_control() { ' ' } else { c });
    }
    out
}

/// askama escaper for `.md` templates: every `{{ expr }}` is escaped with [`inline`].
/// Already-rendered Markdown (explanations, code blocks, links) is passed with `|safe`.
#[derive(Debug, Clone, Copy, Default)]
pub struct MdEscaper;

impl askama::filters::Escaper for MdEscaper {
    fn write_escaped_str<W: Write>(&self, mut dest: W, string: &str) -> fmt::Result {
        if inline_is_verbatim(string) {
            dest.write_str(string)
        } else {
            dest.write_str(&inline(string))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Markdown punctuation that is backslash-escaped in plain text.
    const MD_PUNCT: &[char] = &['\\', '`', '*', '_', '[', ']', '!', '~', '#', '|', '^', '$'];

    /// The straightforward char-by-char escaper the fast [`push_escaped`] must match.
    fn reference_push_escaped(out: &mut String, s: &str, line_break: &str) {
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '&' => out.push_str("&amp;"),
                '<' => out.push_str("&lt;"),
                '>' => out.push_str("&gt;"),
                '{' => out.push_str("&#123;"),
                '}' => out.push_str("&#125;"),
                '\r' => {
                    if chars.peek() == Some(&'\n') {
                        chars.next();
                    }
                    out.push_str(line_break);
                }
                '\n' => out.push_str(line_break),
                '\t' => out.push(' '),
                c if c.is_control() => out.push('\u{FFFD}'),
                c if MD_PUNCT.contains(&c) => {
                    out.push('\\');
                    out.push(c);
                }
                c => out.push(c),
            }
        }
    }

    /// [`inline`] without its fast paths.
    fn reference_inline(s: &str) -> String {
        let mut out = String::new();
        let bidi = s.chars().any(is_bidi_control);
        if bidi {
            out.push_str("<bdi>");
        }
        let digits = s.chars().take_while(char::is_ascii_digit).count();
        let blank_after = |i: usize| s[i..].chars().next().is_none_or(|c| c == ' ' || c == '\t');
        let rule_like = !s.is_empty() && s.chars().all(|c| matches!(c, '-' | '=' | ' ' | '\t'));
        let s = if let Some(c @ ('-' | '+' | '=')) = s.chars().next()
            && (blank_after(1) || rule_like)
        {
            out.push('\\');
            out.push(c);
            &s[1..]
        } else if digits > 0
            && matches!(s[digits..].chars().next(), Some('.' | ')'))
            && blank_after(digits + 1)
        {
            out.push_str(&s[..digits]);
            out.push('\\');
            out.push_str(&s[digits..=digits]);
            &s[digits + 1..]
        } else if let Some(rest) = s.strip_prefix([' ', '\t']) {
            out.push_str("&#32;");
            rest
        } else {
            s
        };
        reference_push_escaped(&mut out, s, "<br>");
        if bidi {
            out.push_str("</bdi>");
        }
        out
    }

    /// [`code_block`]'s normalisation and fence without fast paths (plain-fence case).
    fn reference_code_block(lang: &str, text: &str) -> String {
        let text: String = text
            .replace("\r\n", "\n")
            .replace('\r', "\n")
            .chars()
            .map(|c| {
                if c.is_control() && c != '\n' && c != '\t' {
                    '\u{FFFD}'
                } else {
                    c
                }
            })
            .collect();
        if text.contains("{{") {
            return code_block(lang, &text);
        }
        let mut longest = 0;
        let mut cur = 0;
        for c in text.chars() {
            cur = if c == '`' { cur + 1 } else { 0 };
            longest = longest.max(cur);
        }
        let fence = "`".repeat(longest.max(2) + 1);
        let mut s = format!("{fence}{lang}\n{text}");
        if !text.ends_with('\n') {
            s.push('\n');
        }
        s.push_str(&fence);
        s.push('\n');
        s
    }

    /// Text mixing plain words with every character the escapers treat specially.
    fn hostile_text() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just("a".to_string()),
                Just("Word ".to_string()),
                Just("12".to_string()),
                Just(" ".to_string()),
                "[-+=.)&<>{}\\\\`*_\\[\\]!~#|^$\r\n\t\u{7}\u{7f}\u{85}\u{202e}é😀]",
                "\\PC{0,3}",
            ],
            0..12,
        )
        .prop_map(|parts| parts.concat())
    }

    proptest! {
        #[test]
        fn fast_escapers_match_the_reference(s in hostile_text()) {
            prop_assert_eq!(inline(&s), reference_inline(&s));
            prop_assert_eq!(code(&s), format!("<code>{}</code>", reference_inline(&s)));
            let mut a = String::new();
            push_escaped(&mut a, &s, " ");
            let mut b = String::new();
            reference_push_escaped(&mut b, &s, " ");
            prop_assert_eq!(a, b);
            prop_assert_eq!(code_block("json", &s), reference_code_block("json", &s));
        }
    }

    #[test]
    fn inline_escapes_everything_that_has_meaning() {
        assert_eq!(inline("a|b"), "a\\|b");
        assert_eq!(inline("<script>&"), "&lt;script&gt;&amp;");
        assert_eq!(inline("x\r\ny\nz\rw"), "x<br>y<br>z<br>w");
        assert_eq!(
            inline("{{#include /etc/passwd}}"),
            "&#123;&#123;\\#include /etc/passwd&#125;&#125;"
        );
        assert_eq!(
            inline("*a* _b_ `c` [d](e)"),
            "\\*a\\* \\_b\\_ \\`c\\` \\[d\\](e)"
        );
        assert_eq!(inline("\u{202E}abc"), "<bdi>\u{202E}abc</bdi>");
        assert_eq!(inline("a\u{7}b\tc"), "a\u{FFFD}b c");
        assert_eq!(summary_text("a\nb"), "a b");
        assert_eq!(inline("- a"), "\\- a");
        assert_eq!(inline("12. a"), "12\\. a");
        assert_eq!(inline("1.0.0"), "1.0.0");
        assert_eq!(inline("-32602"), "-32602");
        assert_eq!(inline("---"), "\\---");
        assert_eq!(inline("    code"), "&#32;   code");
    }

    #[test]
    fn fences_outgrow_content() {
        assert_eq!(code_block("text", "a ``` b"), "````text\na ``` b\n````\n");
        assert_eq!(code_block("", "x"), "```\nx\n```\n");
        assert_eq!(
            code_block("json", "{{#include x}}<"),
            "<pre><code class=\"language-json\">&#123;&#123;#include x&#125;&#125;&lt;</code></pre>\n"
        );
    }

    #[test]
    fn urls_and_comments() {
        assert_eq!(url("https://x/a b(c)|"), "https://x/a%20b%28c%29%7C");
        assert_eq!(comment_text("a-->b"), "a- -_b");
        assert_eq!(toml_string("a\"b\\\n"), "\"a\\\"b\\\\\\n\"");
    }

    #[test]
    fn code_spans_render_as_code() {
        assert_eq!(
            inline_with_code("Run `errdex --help` or `errdex <command> --help`."),
            "Run <code>errdex --help</code> or <code>errdex &lt;command&gt; --help</code>."
        );
        assert_eq!(inline_with_code("no code"), inline("no code"));
        assert_eq!(inline_with_code("a `b"), inline("a `b"));
        assert_eq!(inline_with_code("``a`b``"), "<code>a\\`b</code>");
        assert_eq!(inline_with_code("`` `x` ``"), "<code>\\`x\\`</code>");
        assert_eq!(inline_with_code("`a|b` c"), "<code>a\\|b</code> c");
        assert_eq!(inline_with_code("- `x`"), "\\- <code>x</code>");
    }

    /// What pulldown-cmark makes of `cell` in a one-column table: the number of body cells
    /// and every inline HTML tag it passes through.
    fn table_cell(cell: &str) -> (usize, Vec<String>) {
        use pulldown_cmark::{Event, Options, Parser, Tag};
        let md = format!("| h |\n|---|\n| {cell} |\n");
        let mut cells = 0;
        let mut html = Vec::new();
        for e in Parser::new_ext(&md, Options::ENABLE_TABLES) {
            match e {
                Event::Start(Tag::TableCell) => cells += 1,
                Event::InlineHtml(h) | Event::Html(h) => html.push(h.to_string()),
                _ => {}
            }
        }
        (cells - 1, html)
    }

    proptest! {
        #[test]
        fn code_spans_stay_inside_one_cell(s in "[a-z `|<>*_\\\\\\-]{0,24}") {
            let (cells, html) = table_cell(&inline_with_code(&s));
            prop_assert_eq!(cells, 1);
            for h in html {
                prop_assert!(["<code>", "</code>", "<br>", "<bdi>", "</bdi>"].contains(&h.as_str()), "{}", h);
            }
        }
    }
}
