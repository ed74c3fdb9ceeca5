//! Python's `repr()` of a JSON value, for catalogues whose terminal form prints structured
//! values the way a Python framework does (`profiles.terminal.values: python`).
//!
//! The value is what `json.loads` makes of the JSON: objects are dicts (`{'k': v}`, keys in
//! order), arrays lists (`[1, 2]`), `true`/`false`/`null` are `True`/`False`/`None`,
//! integers print as integers and other numbers as Python floats (`0.5`, `1e+16`,
//! `1e-05`: the shortest digits that round-trip, positional for exponents −4 to 15, with
//! `.0` when whole). Strings follow CPython's `unicode_repr`: single quotes unless the text
//! holds a `'` and no `"`; `\\`, the quote, `\t`, `\n`, `\r` escaped; other control
//! characters and the non-printable code points of [`NON_PRINTABLE`] as `\xhh`, `\uhhhh`
//! or `\Uhhhhhhhh`.
//!
//! The generated Rust crate and TypeScript module carry this same algorithm and table
//! (emitted from here); the Python package calls `repr()` itself. What they cannot match:
//! code points unassigned in Unicode 14 (Python escapes them; they print as they are), and
//! in JavaScript a whole number written as a float (`1.0` is the number `1` there).

use serde_json::Value;

/// The non-ASCII code points CPython's `str.isprintable()` rejects, as inclusive ranges:
/// Unicode categories Cc, Cf, Cs, Co, Zl, Zp and Zs (Unicode 14, Python 3.11). Unassigned
/// code points (Cn) are left out.
pub const NON_PRINTABLE: [(u32, u32); 27] = [
    (0x80, 0xA0),
    (0xAD, 0xAD),
    (0x600, 0x605),
    (0x61C, 0x61C),
    (0x6DD, 0x6DD),
    (0x70F, 0x70F),
    (0x890, 0x891),
    (0x8E2, 0x8E2),
    (0x1680, 0x1680),
    (0x180E, 0x180E),
    (0x2000, 0x200F),
    (0x2028, 0x202F),
    (0x205F, 0x2064),
    (0x2066, 0x206F),
    (0x3000, 0x3000),
    (0xD800, 0xF8FF),
    (0xFEFF, 0xFEFF),
    (0xFFF9, 0xFFFB),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x13430, 0x13438),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0001, 0xE0001),
    (0xE0020, 0xE007F),
    (0xF0000, 0xFFFFD),
    (0x100000, 0x10FFFD),
];

/// `repr(json.loads(v))`.
pub fn repr(v: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, v);
    out
}

/// Appends `repr` of `v` to `out`.
pub fn write_value(out: &mut String, v: &Value) {
    match v {
        Value::Null => out.push_str("None"),
        Value::Bool(true) => out.push_str("True"),
        Value::Bool(false) => out.push_str("False"),
        Value::Number(n) => match n.as_f64() {
            Some(f) if !n.is_i64() && !n.is_u64() => write_float(out, f),
            _ => out.push_str(&n.to_string()),
        },
        Value::String(s) => write_str(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_value(out, item);
            }
            out.push(']');
        }
        Value::Object(m) => {
            out.push('{');
            for (i, (k, item)) in m.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_str(out, k);
                out.push_str(": ");
                write_value(out, item);
            }
            out.push('}');
        }
    }
}

/// Python's float repr: the shortest round-trip digits (Rust's `{:e}` gives them), then
/// positional when the exponent is in −4..16, else `d.ddde±XX`.
pub fn write_float(out: &mut String, f: f64) {
    if f.is_nan() {
        out.push_str("nan");
        return;
    }
    if f.is_infinite() {
        out.push_str(if f < 0.0 { "-inf" } else { "inf" });
        return;
    }
    let sci = format!("{f:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if (-4..16).contains(&exp) {
        let s = f.to_string();
        out.push_str(&s);
        if !s.contains('.') {
            out.push_str(".0");
        }
    } else {
        out.push_str(mantissa);
        out.push('e');
        out.push(if exp < 0 { '-' } else { '+' });
        let abs = exp.unsigned_abs();
        if abs < 10 {
            out.push('0');
        }
        out.push_str(&abs.to_string());
    }
}

/// CPython's `unicode_repr` of `s`.
pub fn write_str(out: &mut String, s: &str) {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if non_printable(c as u32) => {
                let n = c as u32;
                if n <= 0xff {
                    out.push_str(&format!("\\x{n:02x}"));
                } else if n <= 0xffff {
                    out.push_str(&format!("\\u{n:04x}"));
                } else {
                    out.push_str(&format!("\\U{n:08x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push(quote);
}

fn non_printable(n: u32) -> bool {
    n >= 0x80
        && NON_PRINTABLE
            .binary_search_by(|&(lo, hi)| {
                if hi < n {
                    std::cmp::Ordering::Less
                } else if lo > n {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_seed_constraint() {
        assert_eq!(repr(&json!({"minLength": 1})), "{'minLength': 1}");
    }

    #[test]
    fn floats_as_python_prints_them() {
        for (f, want) in [
            (0.5, "0.5"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (1e-5, "1e-05"),
            (0.0001, "0.0001"),
            (-2.5e-7, "-2.5e-07"),
            (1.2345e100, "1.2345e+100"),
            (123.456, "123.456"),
        ] {
            let mut s = String::new();
            write_float(&mut s, f);
            assert_eq!(s, want, "{f}");
        }
    }
}
