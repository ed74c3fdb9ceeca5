//! A streaming JSON writer whose output is byte for byte `serde_json::to_string_pretty`'s
//! (two-space indent, `"key": value`, `{}` / `[]` when empty, serde_json's string escapes),
//! or, for the bulk documents of a catalogue above [`COMPACT_ABOVE_CODES`] codes
//! ([`Pretty::sized`]), `serde_json::to_string`'s.
//!
//! Why not `json!` values: `errdex generate` runs inside every build of its users, and
//! building a `serde_json::Value` tree per code (an `IndexMap` and a `String` per member),
//! pretty-printing it and dropping it cost about three times the YAML parse of the whole
//! catalogue. This writer produces the same text straight from the IR. The documents stay
//! readable: each is written top-down, one `field` per member, in document order. A property
//! test checks the writer against `serde_json::to_string_pretty` on random values, and the
//! golden files of every target pin the documents themselves.

use std::fmt::Write as _;

use serde_json::Value;

/// A value the writer can write.
pub trait WriteJson {
    fn write_json(&self, w: &mut Pretty);
}

/// The pretty writer. Write one top-level value, then take the text with [`Pretty::finish`].
#[derive(Debug, Default)]
pub struct Pretty {
    out: String,
    depth: usize,
    /// A container was just opened: its first member needs no comma.
    fresh: bool,
    /// A key was just written: the next value follows it on the same line.
    after_key: bool,
    /// No whitespace at all: `serde_json::to_string`'s bytes (see [`Pretty::sized`]).
    compact: bool,
}

/// Above this many codes a catalogue's bulk JSON documents (the wire-error schema,
/// `registry.json`, the OpenAPI components) are written compact, as `serde_json::to_string`
/// would: at 50,000 codes the indentation alone is two fifths of their bytes (the wire-error
/// schema 50 → 31 MB, the OpenAPI document 111 → 66 MB), and no one reads or reviews a diff
/// of a document that size. Below it (every committed output of this repository, whose
/// largest catalogue has a few hundred codes) they stay pretty, for the people who read and
/// diff them. The choice depends on the catalogue alone, so the bytes stay deterministic.
pub const COMPACT_ABOVE_CODES: usize = 2_000;

impl Pretty {
    pub fn with_capacity(n: usize) -> Self {
        Pretty {
            out: String::with_capacity(n),
            ..Pretty::default()
        }
    }

    /// The writer of a document that grows with a catalogue of `codes` codes: pretty up to
    /// [`COMPACT_ABOVE_CODES`], compact above.
    pub fn sized(codes: usize, capacity: usize) -> Self {
        Pretty {
            compact: codes > COMPACT_ABOVE_CODES,
            ..Pretty::with_capacity(capacity)
        }
    }

    /// A compact writer (`serde_json::to_string`'s bytes), as a bulk document's.
    pub fn compact(capacity: usize) -> Self {
        Pretty {
            compact: true,
            ..Pretty::with_capacity(capacity)
        }
    }

    /// `true` for a bulk document of a catalogue above [`COMPACT_ABOVE_CODES`] (see
    /// [`Pretty::sized`]): its writers may also leave out what every code would repeat.
    pub fn is_compact(&self) -> bool {
        self.compact
    }

    /// The text written so far.
    pub fn finish(self) -> String {
        self.out
    }

    fn newline_indent(&mut self) {
        if self.compact {
            return;
        }
        const SPACES: &str = "\n                                ";
        let n = 1 + 2 * self.depth;
        if n <= SPACES.len() {
            self.out.push_str(&SPACES[..n]);
        } else {
            self.out.push('\n');
            for _ in 0..self.depth {
                self.out.push_str("  ");
            }
        }
    }

    /// Starts a member of the enclosing container (a comma unless it is the first).
    fn member(&mut self) {
        if !self.fresh {
            self.out.push(',');
        }
        self.fresh = false;
        self.newline_indent();
    }

    /// Before any value: after a key it follows on the line; in an array it is a member.
    fn value(&mut self) {
        if self.after_key {
            self.after_key = false;
        } else if self.depth > 0 {
            self.member();
        }
    }

    fn open(&mut self, c: char) {
        self.value();
        self.out.push(c);
        self.depth += 1;
        self.fresh = true;
    }

    fn close(&mut self, c: char) {
        self.depth -= 1;
        if !self.fresh {
            self.newline_indent();
        }
        self.fresh = false;
        self.out.push(c);
    }

    /// An object whose members `body` writes.
    pub fn object(&mut self, body: impl FnOnce(&mut Self)) {
        self.open('{');
        body(self);
        self.close('}');
    }

    /// An array whose elements `body` writes.
    pub fn array(&mut self, body: impl FnOnce(&mut Self)) {
        self.open('[');
        body(self);
        self.close(']');
    }

    /// An array of `items`.
    pub fn array_of<T: WriteJson>(&mut self, items: impl IntoIterator<Item = T>) {
        self.array(|w| {
            for item in items {
                item.write_json(w);
            }
        });
    }

    /// The key of the next object member.
    pub fn key(&mut self, k: &str) -> &mut Self {
        self.member();
        write_str(&mut self.out, k);
        self.out.push_str(if self.compact { ":" } else { ": " });
        self.after_key = true;
        self
    }

    /// One object member.
    pub fn field(&mut self, k: &str, v: impl WriteJson) {
        self.key(k);
        v.write_json(self);
    }

    /// One object member whose value is an object.
    pub fn field_object(&mut self, k: &str, body: impl FnOnce(&mut Self)) {
        self.key(k);
        self.object(body);
    }

    /// One object member whose value is an array of `items`.
    pub fn field_array<T: WriteJson>(&mut self, k: &str, items: impl IntoIterator<Item = T>) {
        self.key(k);
        self.array_of(items);
    }

    pub fn str(&mut self, s: &str) {
        self.value();
        write_str(&mut self.out, s);
    }

    /// Pre-rendered compact JSON text of a scalar (a number, `true`, `null`).
    pub(crate) fn raw(&mut self, text: &str) {
        self.value();
        self.out.push_str(text);
    }

    pub fn int(&mut self, n: i64) {
        self.value();
        let _ = write!(self.out, "{n}");
    }
}

/// A JSON string literal with serde_json's escapes: `"` and `\` backslashed, `\b \f \n \r
/// \t` short, other C0 controls `\u00xx` (lowercase hex); everything else as is.
fn write_str(out: &mut String, s: &str) {
    out.push('"');
    if crate::text::all_bytes(s, |b| (b >= 0x20) & (b != b'"') & (b != b'\\')) {
        out.push_str(s);
        out.push('"');
        return;
    }
    let bytes = s.as_bytes();
    let mut run = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let esc = ESCAPE[usize::from(b)];
        if esc == 0 {
            continue;
        }
        out.push_str(&s[run..i]);
        match esc {
            b'u' => {
                let _ = write!(out, "\\u{b:04x}");
            }
            _ => {
                out.push('\\');
                out.push(char::from(esc));
            }
        }
        run = i + 1;
    }
    out.push_str(&s[run..]);
    out.push('"');
}

/// Per byte: 0 when written as is, else the letter after the backslash (`u`: `\u00xx`).
static ESCAPE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 0x20 {
        t[i] = b'u';
        i += 1;
    }
    t[0x08] = b'b';
    t[0x09] = b't';
    t[0x0a] = b'n';
    t[0x0c] = b'f';
    t[0x0d] = b'r';
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t
};

impl<T: WriteJson + ?Sized> WriteJson for &T {
    fn write_json(&self, w: &mut Pretty) {
        (**self).write_json(w);
    }
}

impl WriteJson for str {
    fn write_json(&self, w: &mut Pretty) {
        w.str(self);
    }
}

impl WriteJson for String {
    fn write_json(&self, w: &mut Pretty) {
        w.str(self);
    }
}

impl WriteJson for bool {
    fn write_json(&self, w: &mut Pretty) {
        w.raw(if *self { "true" } else { "false" });
    }
}

macro_rules! ints {
    ($($t:ty),*) => {$(
        impl WriteJson for $t {
            fn write_json(&self, w: &mut Pretty) {
                w.int(i64::from(*self));
            }
        }
    )*};
}
ints!(u8, u16, u32, i32, i64);

impl WriteJson for u64 {
    fn write_json(&self, w: &mut Pretty) {
        w.value();
        let _ = write!(w.out, "{self}");
    }
}

/// `null` when absent.
impl<T: WriteJson> WriteJson for Option<T> {
    fn write_json(&self, w: &mut Pretty) {
        match self {
            Some(v) => v.write_json(w),
            None => w.raw("null"),
        }
    }
}

/// A JSON array.
impl<T: WriteJson> WriteJson for [T] {
    fn write_json(&self, w: &mut Pretty) {
        w.array_of(self);
    }
}

impl<T: WriteJson> WriteJson for Vec<T> {
    fn write_json(&self, w: &mut Pretty) {
        w.array_of(self);
    }
}

/// Any `serde_json::Value` (numbers in serde_json's own notation).
impl WriteJson for Value {
    fn write_json(&self, w: &mut Pretty) {
        match self {
            Value::Null => w.raw("null"),
            Value::Bool(b) => b.write_json(w),
            Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    w.int(i);
                } else {
                    w.raw(&n.to_string());
                }
            }
            Value::String(s) => w.str(s),
            Value::Array(a) => w.array_of(a),
            Value::Object(m) => w.object(|w| {
                for (k, v) in m {
                    w.field(k, v);
                }
            }),
        }
    }
}

/// `serde_json::to_string_pretty(v)`, faster.
pub fn to_string_pretty(v: &(impl WriteJson + ?Sized)) -> String {
    let mut w = Pretty::with_capacity(256);
    v.write_json(&mut w);
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn any_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(|n| json!(n)),
            any::<u64>().prop_map(|n| json!(n)),
            (-1e6f64..1e6).prop_map(|f| json!(f)),
            Just(json!(1.5)),
            Just(json!(2.0)),
            "\\PC*|[\"\\\\\u{0}-\u{1f}\u{7f}\u{2028}</>&'é😀]{0,6}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 48, 6, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
                proptest::collection::vec(("[a-z\"\\\\\n]{0,4}", inner), 0..5)
                    .prop_map(|kv| Value::Object(kv.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn matches_serde_json_pretty(v in any_value()) {
            prop_assert_eq!(to_string_pretty(&v), serde_json::to_string_pretty(&v).expect("serializable"));
        }

        #[test]
        fn compact_matches_serde_json(v in any_value()) {
            let mut w = Pretty::sized(COMPACT_ABOVE_CODES + 1, 256);
            v.write_json(&mut w);
            prop_assert_eq!(w.finish(), serde_json::to_string(&v).expect("serializable"));
            let mut w = Pretty::sized(COMPACT_ABOVE_CODES, 256);
            v.write_json(&mut w);
            prop_assert_eq!(w.finish(), serde_json::to_string_pretty(&v).expect("serializable"));
        }
    }

    #[test]
    fn empty_containers_and_nesting() {
        for v in [
            json!({}),
            json!([]),
            json!({"a": {}, "b": [], "c": [{}], "d": [[1, 2], {"x": null}]}),
            json!("\u{0}\u{8}\u{c}\u{1f}\u{7f}"),
        ] {
            assert_eq!(
                to_string_pretty(&v),
                serde_json::to_string_pretty(&v).expect("serializable")
            );
        }
    }
}
