//! Whether a hit sits in a comment: a comment is not code, so `// TODO: raise
//! ErrorCode.X` neither raises X (hiding EDX0701) nor is listed where X is raised.
//!
//! Judged from the hit's own line, as the search sees it: a line comment (`//` in Rust,
//! TypeScript, JavaScript and Go, `#` in Python) that starts before the hit outside a
//! string literal, a block comment `/* … */` open at the hit on that line, or a line that
//! continues a block comment (`* …`, as in `/** … */` doc comments). A Python docstring
//! spans lines and is a string like any other: what it shows still counts.

use super::patterns::Lang;
use crate::targets::TargetId;

/// Whether the byte `at` of `line` (a line of a file in `lang`) is inside a comment.
pub fn in_comment(line: &[u8], at: usize, lang: Lang) -> bool {
    let Lang::Code(target) = lang else {
        return false;
    };
    let hash = target == TargetId::Python;
    // Quote characters that open a string on one line. In Rust `'` is also a lifetime, so
    // only `"` is taken there; Go and TypeScript have raw or template strings in backticks.
    let quotes: &[u8] = match target {
        TargetId::Rust => b"\"",
        TargetId::Python => b"\"'",
        _ => b"\"'`",
    };
    let before = &line[..at.min(line.len())];
    let lead = before
        .iter()
        .take_while(|b| b.is_ascii_whitespace())
        .count();
    let rest = &before[lead..];
    // A line inside a block comment: `* text`, a lone `*`, or its end `*/` (not in Rust,
    // whose block comments rarely take that form and whose rustfmt starts a continued
    // expression's line with its operator, `* factor`).
    let mut block = !hash
        && target != TargetId::Rust
        && (rest.starts_with(b"* ")
            || rest.starts_with(b"*\t")
            || rest == b"*"
            || (rest.starts_with(b"*/") && !rest.starts_with(b"*//")));
    let mut quote: Option<u8> = None;
    // In a Rust raw string (`r"…"`, `r#"…"#`): the `#`s that close it; no escapes.
    let mut raw: Option<usize> = None;
    let mut i = lead;
    while i < before.len() {
        let b = before[i];
        let next = before.get(i + 1).copied();
        if let Some(hashes) = raw {
            let closing = b == b'"'
                && before.len() >= i + 1 + hashes
                && before[i + 1..i + 1 + hashes].iter().all(|&h| h == b'#');
            if closing {
                raw = None;
                i += hashes;
            }
        } else if let Some(q) = quote {
            if b == b'\\' {
                i += 1;
            } else if b == q {
                quote = None;
            }
        } else if block {
            if b == b'*' && next == Some(b'/') {
                block = false;
                i += 1;
            }
        } else if (hash && b == b'#')
            || (!hash && b == b'/' && next == Some(b'/') && !escaped(before, i))
        {
            return true;
        } else if !hash && b == b'/' && next == Some(b'*') && !escaped(before, i) {
            block = true;
            i += 1;
        } else if target == TargetId::Rust
            && b == b'r'
            && let Some(hashes) = raw_start(before, i)
        {
            raw = Some(hashes);
            i += 1 + hashes;
        } else if quotes.contains(&b) {
            quote = Some(b);
        }
        i += 1;
    }
    block
}

/// Whether the byte at `i` follows a backslash (`/a\/*/`, a regular expression's escaped
/// slash, is no comment).
fn escaped(line: &[u8], i: usize) -> bool {
    i > 0 && line[i - 1] == b'\\'
}

/// At an `r` of `line` that starts a Rust raw string (`r"`, `r#"`, `br"`, not the end of
/// an identifier such as `for"`): how many `#`s it opens with.
fn raw_start(line: &[u8], i: usize) -> Option<usize> {
    let prev = i.checked_sub(1).map(|p| line[p]);
    if prev.is_some_and(|p| (p.is_ascii_alphanumeric() || p == b'_') && p != b'b') {
        return None;
    }
    let hashes = line[i + 1..].iter().take_while(|&&h| h == b'#').count();
    (line.get(i + 1 + hashes) == Some(&b'"')).then_some(hashes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: &str, needle: &str, target: TargetId) -> bool {
        let i = line.find(needle).expect("the needle is in the line");
        in_comment(line.as_bytes(), i, Lang::Code(target))
    }

    #[test]
    fn line_and_block_comments() {
        use TargetId::{Go, Python, Rust, TypeScript};
        assert!(at(
            "// TODO: throw createError(ErrorCode.X)",
            "ErrorCode",
            TypeScript
        ));
        assert!(at("  x(); // ErrorCode.X later", "ErrorCode", TypeScript));
        assert!(!at(
            "throw createError(ErrorCode.X); // why",
            "ErrorCode",
            TypeScript
        ));
        assert!(!at(
            "const u = \"http://a\"; f(ErrorCode.X)",
            "ErrorCode",
            TypeScript
        ));
        assert!(at("/* ErrorCode.X */ f()", "ErrorCode", TypeScript));
        assert!(!at("/* note */ f(ErrorCode.X)", "ErrorCode", TypeScript));
        assert!(at("   * Throws ErrorCode.X when…", "ErrorCode", TypeScript));
        assert!(at("/// Returns Error::card_declined(…)", "Error::", Rust));
        assert!(!at("    *slot = Error::card_declined();", "Error::", Rust));
        assert!(!at(
            "fn f<'a>(x: &'a str) -> Error { Error::x() }",
            "Error::x",
            Rust
        ));
        assert!(at("\t// return NewCardDeclined()", "NewCard", Go));
        assert!(!at("return NewCardDeclined() // ok", "NewCard", Go));
        assert!(at("# TODO: raise lock_held()", "lock_held", Python));
        assert!(!at("raise lock_held()  # soon", "lock_held", Python));
        assert!(!at("log('#1'); raise lock_held()", "lock_held", Python));
        assert!(!in_comment(b"// x", 3, Lang::Other));
        // What only looks like a comment.
        assert!(!at(
            "const re = /a\\/*/; f(ErrorCode.X)",
            "ErrorCode",
            TypeScript
        ));
        assert!(!at(
            "let s = r\"C:\\\"; let u = \"//\"; Error::x()",
            "Error::x",
            Rust
        ));
        assert!(!at(
            "let s = r##\"x\"# // y\"##; Error::x()",
            "Error::x",
            Rust
        ));
        assert!(at("let s = r#\"a\"#; // Error::x()", "Error::x", Rust));
        assert!(!at("    * Error::x().len()", "Error::x", Rust));
    }
}
