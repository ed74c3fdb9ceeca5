//! Catalogue text that could hide or reorder what a reader sees: the characters that do it,
//! declared once, and the one sanitizer for text shown in a terminal.
//!
//! Catalogue text is hostile. A bidirectional formatting character (Trojan Source,
//! CVE-2021-42574) can make a line read differently from what it holds, and a control
//! character can carry a terminal escape sequence. Every target that shows catalogue text
//! asks [`is_bidi_control`] (Markdown wraps such text in `<bdi>`, rustdoc and the terminal
//! show the character as an escape); TypeScript escapes the wider [`is_invisible`] set.

use std::fmt::Write as _;

/// `true` for the Unicode bidirectional formatting characters: the Arabic letter mark
/// (U+061C), the left-to-right and right-to-left marks (U+200E, U+200F), the embeddings and
/// overrides (U+202A to U+202E) and the isolates (U+2066 to U+2069).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `true` for a character that is invisible or reorders text: the bidi controls, the
/// zero-width space and joiners (U+200B to U+200D), the line and paragraph separators
/// (U+2028, U+2029, which also end a JavaScript `//` comment), the word joiner and invisible
/// operators (U+2060 to U+2065) and the byte order mark (U+FEFF). The UTF-8 of each starts
/// with the byte D8, E2 or EF; the TypeScript escaper's fast path relies on it.
pub fn is_invisible(c: char) -> bool {
    is_bidi_control(c)
        || matches!(c, '\u{200B}'..='\u{200D}' | '\u{2028}' | '\u{2029}' | '\u{2060}'..='\u{2065}' | '\u{FEFF}')
}

/// Whether every byte of `s` passes `ok`: the escapers' test for text they write unchanged
/// (nearly all catalogue text), before they go character by character. Blocks of 16 bytes
/// are tested without an early exit inside a block, which the compiler turns into vector
/// instructions; `ok` should combine its tests with `&` and `|`, not `&&` and `||`. The last
/// bytes are tested as one more block, padded with spaces, so a short string (a JSON key, a
/// name) takes one vector test instead of a loop; `ok` must pass the space.
#[inline]
pub fn all_bytes(s: &str, ok: impl Fn(u8) -> bool) -> bool {
    let block_ok = |block: &[u8; 16]| block.iter().fold(true, |all, &b| all & ok(b));
    debug_assert!(ok(b' '), "all_bytes pads with spaces: `ok` must pass them");
    let mut blocks = s.as_bytes().chunks_exact(16);
    for block in &mut blocks {
        if !block.try_into().is_ok_and(block_ok) {
            return false;
        }
    }
    let rest = blocks.remainder();
    let mut last = [b' '; 16];
    last[..rest.len()].copy_from_slice(rest);
    block_ok(&last)
}

/// Printable ASCII, space to `~`: no control, no invisible or bidi character.
#[inline]
pub fn printable(b: u8) -> bool {
    (0x20..0x7f).contains(&b)
}

/// A byte a double-quoted string literal (Python's, Go's) holds as itself: printable, and
/// neither the quote nor the backslash.
#[inline]
pub fn literal_plain(b: u8) -> bool {
    printable(b) & (b != b'"') & (b != b'\\')
}

/// `true` for a character terminal text shows as an escape instead of itself.
fn hides_text(c: char) -> bool {
    c.is_control() || is_bidi_control(c)
}

/// Writes `c` as a visible escape: `\u{1b}`, `\u{202e}` (lower-case hex, no padding).
fn push_escape(out: &mut String, c: char) {
    let _ = write!(out, "\\u{{{:x}}}", c as u32);
}

/// Terminal-safe text: control characters (except newline and tab) and bidi controls are
/// shown as `\u{..}` escapes, so catalogue text can neither drive the terminal nor hide what
/// it says. Lines stay lines.
pub fn escape_controls(s: &str) -> String {
    if all_bytes(s, |b| printable(b) | (b == b'\n') | (b == b'\t')) {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if hides_text(c) && c != '\n' && c != '\t' {
            push_escape(&mut out, c);
        } else {
            out.push(c);
        }
    }
    out
}

/// [`escape_controls`] for one line of a report: newline, carriage return and tab are
/// written `\n`, `\r`, `\t` too, and the text is shortened to `max_chars` characters (then
/// `…`).
pub fn escape_controls_in_line(s: &str, max_chars: usize) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i >= max_chars {
            out.push('…');
            break;
        }
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if hides_text(c) => push_escape(&mut out, c),
            c => out.push(c),
        }
    }
    out
}

/// The pieces one after the other, in one allocation of the exact length: `format!` for the
/// per-code strings of the emitters, which at 50,000 codes spent a tenth of their time
/// growing `format!`'s buffers.
pub fn concat(pieces: &[&str]) -> String {
    let mut out = String::with_capacity(pieces.iter().map(|p| p.len()).sum());
    for p in pieces {
        out.push_str(p);
    }
    out
}

/// `s` with every byte but ASCII letters, digits and `keep` percent-encoded (`%2F`), as a
/// URI component or path needs it (RFC 3986's unreserved characters are `-._~`).
pub fn percent_encode(s: &str, keep: &[u8]) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || keep.contains(&b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// `text` as a YAML scalar the way a person writes one (`errdex new`'s lines, `diff`'s advice): plain (`namespace: IOERR`, `summary:
/// A field is too long`) when YAML reads it back as that same string, else double-quoted (a
/// JSON string is a YAML double-quoted scalar, so any text is written safely). Plain only
/// when it is certain: the first character a letter, then letters, digits, spaces and `_ - .
/// /` (no `:`, `#`, quotes, brackets or braces, so no `{param}` placeholder), no space at
/// either end, and not one of the words YAML 1.1 or 1.2 reads as a boolean or null
/// (`yes`, `Off`, `NULL`, …), whatever its case. Numeric codes such as SQLite's `1034` stay
/// quoted, as strings.
pub fn yaml_scalar(text: &str) -> String {
    const WORDS: [&str; 11] = [
        "true", "false", "yes", "no", "on", "off", "y", "n", "null", "nan", "inf",
    ];
    let plain = text.starts_with(|c: char| c.is_ascii_alphabetic())
        && !text.ends_with(' ')
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '_' | '-' | '.' | '/'))
        && !WORDS.iter().any(|w| text.eq_ignore_ascii_case(w));
    if plain {
        text.to_string()
    } else {
        serde_json::Value::String(text.into()).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The block-wise test agrees with a byte-by-byte one wherever the odd byte sits: in the
    /// first block, a later one, the remainder, or nowhere; and the escapers that take the
    /// fast path still escape a character past the first block.
    #[test]
    fn all_bytes_sees_every_byte() {
        for len in 0..50 {
            for at in 0..=len {
                let mut text = "a".repeat(len);
                if at < len {
                    text.replace_range(at..=at, "\u{1b}");
                }
                let plain = text.bytes().all(printable);
                assert_eq!(all_bytes(&text, printable), plain, "{text:?}");
                assert_eq!(plain, at == len);
                let escaped = escape_controls(&text);
                assert_eq!(escaped.contains("\\u{1b}"), at < len, "{escaped:?}");
            }
        }
        let late = format!("{}\u{202e}", "x".repeat(20));
        assert!(!all_bytes(&late, printable));
        assert!(escape_controls(&late).ends_with("\\u{202e}"));
    }

    #[test]
    fn every_bidi_control_is_escaped() {
        for c in [
            '\u{061C}', '\u{200E}', '\u{200F}', '\u{202A}', '\u{202E}', '\u{2066}', '\u{2069}',
        ] {
            assert!(is_bidi_control(c) && is_invisible(c), "{c:?}");
            assert_eq!(
                escape_controls(&c.to_string()),
                format!("\\u{{{:x}}}", c as u32)
            );
        }
        assert!(!is_bidi_control('\u{200B}') && is_invisible('\u{200B}'));
    }

    #[test]
    fn lines_and_tabs_stay_in_text_and_are_escaped_in_a_line() {
        assert_eq!(
            escape_controls("a\u{1b}[31mb\n\tc\r"),
            "a\\u{1b}[31mb\n\tc\\u{d}"
        );
        assert_eq!(
            escape_controls_in_line("a\u{1b}[31mb\nc\u{202e}\u{61c}", 100),
            "a\\u{1b}[31mb\\nc\\u{202e}\\u{61c}"
        );
        assert_eq!(escape_controls_in_line("abcdef", 3), "abc…");
    }

    /// What a YAML parser (serde-saphyr, errdex's own) reads `key: <scalar>` as.
    fn read_back(written: &str) -> serde_json::Value {
        let map: serde_json::Map<String, serde_json::Value> =
            serde_saphyr::from_str(&format!("key: {written}\n")).expect("valid YAML");
        map["key"].clone()
    }

    #[test]
    fn scalars_are_plain_when_yaml_reads_them_back_as_the_same_string() {
        for (text, plain) in [
            ("IOERR", true),
            ("invalid", true),
            ("A field is too long", true),
            ("SC-AAA-00001", true),
            ("v1.2/beta", true),
            // Read as numbers, booleans or null, or not plain YAML at all: quoted.
            ("1034", false),
            ("yes", false),
            ("Off", false),
            ("NULL", false),
            ("n", false),
            ("{field} is required", false),
            ("Field: value", false),
            ("a # comment", false),
            ("trailing ", false),
            (" leading", false),
            ("", false),
            ("it's", false),
            ("naïve", false),
            ("- item", false),
        ] {
            let written = super::yaml_scalar(text);
            assert_eq!(
                !written.starts_with('"'),
                plain,
                "{text:?} written as {written}"
            );
            assert_eq!(
                read_back(&written),
                serde_json::Value::String(text.into()),
                "{text:?} written as {written}"
            );
        }
    }
}
