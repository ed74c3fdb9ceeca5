//! The bulk per-code data of the generated crate, printed as text (not through syn): the
//! string table `ERRDEX_STR`, the `ERRDEX_CODE_META` rows, the side tables of retry advice,
//! deprecations, params and names, and the lookup table.
//!
//! The row is declared once, here: [`META_LAYOUT`] (each field's name and width),
//! [`STR_FIELDS`] (the order of a code's strings in `ERRDEX_STR`) and [`FLAG_BITS`] (the
//! bits of its `FLAGS` byte). [`Table::build`] writes every row against them, and the
//! generated crate reads them only through the constants printed from them:
//! `ERRDEX_META_*` (with the data, [`Table::data_text`]) and `ERRDEX_F_*` and the flag bits
//! (in the runtime, [`row_consts`]), which `rust/runtime/table.rs.in` and `code.rs.in` read.

use std::fmt::Write as _;

use proc_macro2::TokenStream;
use quote::quote;

use super::{ident, opt_str, retry_tokens};
use super::{lookup, print};
use crate::ir::{Catalogue, Deprecation, ErrorEntry, Param, ParamType, Retired, Retry, Scalar};
use crate::support::pretty_json::COMPACT_ABOVE_CODES;

/// The strings of a code in `ERRDEX_STR`, in row order: `STR_BOUNDS` holds where each one
/// starts, then where the last ends. The runtime finds field `NAME` at `ERRDEX_F_<NAME>`.
pub(super) const STR_FIELDS: [&str; 9] = [
    "CODE",
    "NAME",
    "VARIANT",
    "DOCS_URL",
    "SUMMARY",
    "MESSAGE",
    "SUGGESTION",
    "EXPLANATION",
    "SINCE",
];

/// The bits of a row's `FLAGS` byte: bit `k` is `1 << k`, read by the runtime as
/// `ERRDEX_<NAME>`.
pub(super) const FLAG_BITS: [&str; 5] = [
    "RETRYABLE",
    "EXPECTED",
    "HAS_SUGGESTION",
    "HAS_EXPLANATION",
    "HAS_SINCE",
];

const _: () = assert!(FLAG_BITS.len() <= 8, "FLAGS is one byte");

/// The layout of one `ERRDEX_CODE_META` row, declared once: each field's name and width in
/// bytes, in row order (little-endian). [`Table::build`] writes rows through [`MetaRow`],
/// which checks every field against this table, and [`meta_layout_consts`] prints the
/// stride and each field's offset into the generated crate as `ERRDEX_META_STRIDE` and
/// `ERRDEX_META_<NAME>`, the only numbers `ErrdexCodeMeta::decode` reads.
pub(super) const META_LAYOUT: [(&str, usize); 12] = [
    // The boundaries of the `STR_FIELDS` in `ERRDEX_STR`, plus the end: u32 each.
    ("STR_BOUNDS", 4 * (STR_FIELDS.len() + 1)),
    ("CATEGORY", 2),
    ("NAMESPACE", 2),
    ("FLAGS", 1),
    ("EXIT_CODE", 1),
    ("HTTP_STATUS", 2),
    ("JSONRPC_CODE", 4),
    ("RETRY", 2),
    ("DEPRECATED", 4),
    // Ranges: (start, end) × u32.
    ("PARAMS", 8),
    ("ALIASES", 8),
    ("LEGACY", 8),
];

/// Bytes per row of `ERRDEX_CODE_META`: the sum of [`META_LAYOUT`]'s widths.
const META_STRIDE: usize = {
    let mut sum = 0;
    let mut k = 0;
    while k < META_LAYOUT.len() {
        sum += META_LAYOUT[k].1;
        k += 1;
    }
    sum
};

/// The runtime's names for [`STR_FIELDS`] and [`FLAG_BITS`]: `ERRDEX_F_<NAME>` (the
/// field's index) and `ERRDEX_<NAME>` (its bit). A part of the runtime (see `runtime.rs`):
/// the code that reads a row sits beside them.
pub(super) fn row_consts(_: &Catalogue, out: &mut String) {
    for (k, name) in STR_FIELDS.iter().enumerate() {
        let _ = writeln!(out, "const ERRDEX_F_{name}: usize = {k};");
    }
    out.push('\n');
    for (k, name) in FLAG_BITS.iter().enumerate() {
        let _ = writeln!(out, "const ERRDEX_{name}: u8 = {};", 1u8 << k);
    }
}

/// `ERRDEX_META_STRIDE` and one `ERRDEX_META_<NAME>` offset per field of [`META_LAYOUT`].
fn meta_layout_consts(out: &mut String) {
    let _ = writeln!(
        out,
        "/// Bytes per row of `ERRDEX_CODE_META`; the offsets of its fields follow.\nconst ERRDEX_META_STRIDE: usize = {META_STRIDE};"
    );
    let mut offset = 0;
    for (name, width) in META_LAYOUT {
        let _ = writeln!(out, "const ERRDEX_META_{name}: usize = {offset};");
        offset += width;
    }
    out.push('\n');
}

/// Span of a retired code and of its NAME in the string table.
type RetiredSpans = ((u32, u32), Option<(u32, u32)>);

/// Every table of the generated crate's per-code data, built in one pass over the codes.
pub(super) struct Table {
    /// `ERRDEX_STR`: one piece per code (its fields, aliases and legacy codes), then one for
    /// retired codes; emitted as `concat!` arguments, one line each.
    pieces: Vec<String>,
    /// The length of `ERRDEX_STR` so far.
    len: usize,
    /// Per code: the spans of its code and NAME (lookup keys).
    names: Vec<[(u32, u32); 2]>,
    /// Per code: spans of aliases, then spans of legacy codes (lookup keys).
    alias_spans: Vec<Vec<(u32, u32)>>,
    legacy_spans: Vec<Vec<(u32, u32)>>,
    /// Per retired entry: span of the code and of the NAME.
    retired_spans: Vec<RetiredSpans>,
    /// `ERRDEX_CODE_META`: `META_STRIDE` bytes per code.
    meta: Vec<u8>,
    /// `ERRDEX_DEPRECATIONS`: the deprecated codes, by index; `ERRDEX_PARAMS`: one run per
    /// distinct param list. Plain data, so the table can be read on another thread; the
    /// items' tokens come from [`Table::side_rows`].
    deprecated: Vec<usize>,
    params: Vec<(String, ParamType)>,
    /// `ERRDEX_NAME_SPANS`: aliases and legacy codes of every code.
    name_spans: Vec<(u32, u32)>,
    /// `ERRDEX_RETRY` (deduplicated; 0 is `None`), and the param runs, to share rows.
    retry_keys: Vec<Option<Retry>>,
    param_lists: Vec<(Vec<(String, ParamType)>, u32)>,
    /// A catalogue above [`COMPACT_ABOVE_CODES`]: the byte tables use the short escapes
    /// ([`byte_string`]).
    compact: bool,
}

/// An offset or count of the tables as `u32`, saturating (the validator bounds every
/// catalogue far below).
fn saturating_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// An index or length `v` of a table as a smaller integer type `T`; the validator bounds every
/// catalogue far below its range.
fn index_as<T: TryFrom<usize>>(v: usize) -> T {
    T::try_from(v).unwrap_or_else(|_| panic!("errdex bug: table index {v} out of range"))
}

/// Every lookup key with its target, in priority order (see [`lookup`]).
pub fn lookup_keys(cat: &Catalogue) -> Vec<(String, u32)> {
    let table = Table::build(cat);
    let all = table.pieces.concat();
    table
        .lookup_keys(&all)
        .into_iter()
        .map(|(k, t)| (k.to_string(), t))
        .collect()
}

/// Appends strings to one piece of `ERRDEX_STR`, giving each one's span.
struct Piece {
    base: usize,
    text: String,
}

impl Piece {
    fn push(&mut self, s: &str) -> (u32, u32) {
        let a = self.base + self.text.len();
        self.text.push_str(s);
        (
            saturating_u32(a),
            saturating_u32(self.base + self.text.len()),
        )
    }
}

impl Table {
    pub(super) fn build(cat: &Catalogue) -> Table {
        let n = cat.errors.len();
        let mut t = Table {
            pieces: Vec::with_capacity(n + 1),
            len: 0,
            names: Vec::with_capacity(n),
            alias_spans: Vec::with_capacity(n),
            legacy_spans: Vec::with_capacity(n),
            retired_spans: Vec::with_capacity(cat.retired.len()),
            meta: Vec::with_capacity(n * META_STRIDE),
            deprecated: Vec::new(),
            params: Vec::new(),
            name_spans: Vec::new(),
            retry_keys: vec![None],
            param_lists: Vec::new(),
            compact: n > COMPACT_ABOVE_CODES,
        };
        for (i, e) in cat.errors.iter().enumerate() {
            t.push_code(i, e);
        }
        let mut piece = Piece {
            base: t.len,
            text: String::new(),
        };
        for r in &cat.retired {
            let Retired {
                code,
                name,
                // The rest is for `RETIRED` and the docs; the string table has the lookup keys.
                since: _,
                note: _,
                replaced_by: _,
                anchor: _,
            } = r;
            let code = piece.push(code);
            let name = name.as_ref().map(|n| piece.push(n));
            t.retired_spans.push((code, name));
        }
        t.len += piece.text.len();
        if !piece.text.is_empty() {
            t.pieces.push(piece.text);
        }
        t
    }

    /// One code: its piece of `ERRDEX_STR`, its rows in the side tables and its
    /// `ERRDEX_CODE_META` row.
    fn push_code(&mut self, index: usize, e: &ErrorEntry) {
        let ErrorEntry {
            name,
            code,
            namespace,
            category,
            summary,
            message,
            params,
            suggestion,
            explanation,
            retryable,
            retry,
            exit_code,
            http_status,
            jsonrpc_code,
            expected,
            docs_url,
            since,
            deprecated,
            aliases,
            legacy_codes,
            ids,
            // `ERRDEX_CODE_CLASS`, which `items::classes` builds from every code.
            class: _,
            // The docs' anchor.
            anchor: _,
        } = e;

        // Its strings, in `STR_FIELDS` order, then its aliases and legacy codes.
        let strings: [(&str, &str); STR_FIELDS.len()] = [
            ("CODE", code),
            ("NAME", name),
            ("VARIANT", &ids.rust.variant),
            ("DOCS_URL", docs_url),
            ("SUMMARY", summary),
            ("MESSAGE", &message.raw),
            ("SUGGESTION", suggestion.as_ref().map_or("", |t| &t.raw)),
            ("EXPLANATION", explanation.as_deref().unwrap_or("")),
            ("SINCE", since.as_deref().unwrap_or("")),
        ];
        let mut piece = Piece {
            base: self.len,
            text: String::new(),
        };
        let mut bounds = [0u32; STR_FIELDS.len() + 1];
        for (k, (field, text)) in strings.iter().enumerate() {
            debug_assert_eq!(STR_FIELDS[k], *field, "errdex bug: string out of layout");
            (bounds[k], bounds[k + 1]) = piece.push(text);
        }
        self.names
            .push([(bounds[0], bounds[1]), (bounds[1], bounds[2])]);
        let alias_spans: Vec<(u32, u32)> = aliases.iter().map(|a| piece.push(a)).collect();
        let legacy_spans: Vec<(u32, u32)> = legacy_codes.iter().map(|c| piece.push(c)).collect();
        self.len += piece.text.len();
        self.pieces.push(piece.text);

        let flags = flag_byte([
            ("RETRYABLE", *retryable),
            ("EXPECTED", *expected),
            ("HAS_SUGGESTION", suggestion.is_some()),
            ("HAS_EXPLANATION", explanation.is_some()),
            ("HAS_SINCE", since.is_some()),
        ]);
        let retry = self.retry_row(retry.as_ref());
        let deprecated = match deprecated {
            None => 0,
            Some(_) => {
                self.deprecated.push(index);
                self.deprecated.len()
            }
        };
        let params = self.param_rows(params);
        let aliases = self.name_span_range(&alias_spans);
        let legacy = self.name_span_range(&legacy_spans);
        self.alias_spans.push(alias_spans);
        self.legacy_spans.push(legacy_spans);

        // One row of `ERRDEX_CODE_META`, in `META_LAYOUT`'s order.
        let mut row = MetaRow {
            out: &mut self.meta,
            next: 0,
        };
        let mut str_bounds = [0u8; 4 * (STR_FIELDS.len() + 1)];
        for (chunk, b) in str_bounds.chunks_exact_mut(4).zip(bounds) {
            chunk.copy_from_slice(&b.to_le_bytes());
        }
        row.field("STR_BOUNDS", &str_bounds);
        row.field("CATEGORY", &index_as::<u16>(*category).to_le_bytes());
        let namespace = namespace.unwrap_or(usize::from(u16::MAX));
        row.field("NAMESPACE", &index_as::<u16>(namespace).to_le_bytes());
        row.field("FLAGS", &[flags]);
        row.field("EXIT_CODE", &[*exit_code]);
        row.field("HTTP_STATUS", &http_status.to_le_bytes());
        row.field("JSONRPC_CODE", &jsonrpc_code.to_le_bytes());
        row.field("RETRY", &index_as::<u16>(retry).to_le_bytes());
        row.field("DEPRECATED", &index_as::<u32>(deprecated).to_le_bytes());
        for (name, (a, z)) in [("PARAMS", params), ("ALIASES", aliases), ("LEGACY", legacy)] {
            let mut pair = [0u8; 8];
            pair[..4].copy_from_slice(&a.to_le_bytes());
            pair[4..].copy_from_slice(&z.to_le_bytes());
            row.field(name, &pair);
        }
        row.finish();
    }

    /// The index of `retry` in `ERRDEX_RETRY`, adding its row when it is new.
    fn retry_row(&mut self, retry: Option<&Retry>) -> usize {
        match self.retry_keys.iter().position(|r| r.as_ref() == retry) {
            Some(k) => k,
            None => {
                self.retry_keys.push(retry.cloned());
                self.retry_keys.len() - 1
            }
        }
    }

    /// The rows of `ERRDEX_RETRY`, `ERRDEX_DEPRECATIONS` and `ERRDEX_PARAMS`, as tokens for
    /// the items.
    pub(super) fn side_rows(&self, cat: &Catalogue) -> [Vec<TokenStream>; 3] {
        let retry = self
            .retry_keys
            .iter()
            .map(|r| retry_tokens(r.as_ref()))
            .collect();
        let deprecations = self
            .deprecated
            .iter()
            .filter_map(|&i| cat.errors.get(i)?.deprecated.as_ref())
            .map(|d| deprecation_row(cat, d))
            .collect();
        let params = self
            .params
            .iter()
            .map(|(name, ty)| {
                let ty = param_type(*ty);
                quote!(ParamSpec { name: #name, ty: #ty })
            })
            .collect();
        [retry, deprecations, params]
    }

    /// The range of `ERRDEX_PARAMS` holding `params`, shared by every code with the same
    /// names and types.
    fn param_rows(&mut self, params: &[Param]) -> (u32, u32) {
        let key: Vec<(String, ParamType)> = params.iter().map(|p| (p.name.clone(), p.ty)).collect();
        let start = match self.param_lists.iter().find(|(k, _)| *k == key) {
            Some((_, s)) => *s,
            None => {
                let s = saturating_u32(self.params.len());
                for p in params {
                    let Param {
                        name,
                        ty,
                        // The constructor's argument (`constructors`), the docs and schemas.
                        ids: _,
                        schema: _,
                        example: _,
                    } = p;
                    self.params.push((name.clone(), *ty));
                }
                self.param_lists.push((key, s));
                s
            }
        };
        (start, start + saturating_u32(params.len()))
    }

    /// Appends `spans` to `ERRDEX_NAME_SPANS`, giving their range.
    fn name_span_range(&mut self, spans: &[(u32, u32)]) -> (u32, u32) {
        let s = saturating_u32(self.name_spans.len());
        self.name_spans.extend_from_slice(spans);
        (s, saturating_u32(self.name_spans.len()))
    }

    /// Every lookup key with its target, in priority order: codes, NAMEs, aliases, legacy
    /// codes, then retired codes and NAMEs (targets `N + i`). Each key is a slice of `all`,
    /// the pieces concatenated (`ERRDEX_STR`'s text).
    pub(super) fn lookup_keys<'a>(&self, all: &'a str) -> Vec<(&'a str, u32)> {
        let n = self.names.len();
        let text = |(a, b): (u32, u32)| -> &'a str { &all[a as usize..b as usize] };
        let mut keys = Vec::with_capacity(2 * n);
        for k in 0..2 {
            for (i, spans) in self.names.iter().enumerate() {
                keys.push((text(spans[k]), saturating_u32(i)));
            }
        }
        for (i, spans) in self.alias_spans.iter().enumerate() {
            keys.extend(spans.iter().map(|s| (text(*s), saturating_u32(i))));
        }
        for (i, spans) in self.legacy_spans.iter().enumerate() {
            keys.extend(spans.iter().map(|s| (text(*s), saturating_u32(i))));
        }
        for (i, (code, name)) in self.retired_spans.iter().enumerate() {
            keys.push((text(*code), saturating_u32(n + i)));
            if let Some(s) = name {
                keys.push((text(*s), saturating_u32(n + i)));
            }
        }
        keys
    }

    /// `ErrorCode::ALL`, `ERRDEX_STR`, the row layout's constants, `ERRDEX_CODE_META` and
    /// `ERRDEX_NAME_SPANS`. Printed directly: only integer literals, string literals escaped
    /// by proc-macro2, and identifiers from the IR. Parsing them with syn would cost seconds
    /// at 10,000 codes for no gain in safety.
    ///
    /// Sized up front, `extra` bytes more for the caller to append: at 50,000 codes the text
    /// is tens of MiB, and growing it by doubling copied it about once more and faulted in
    /// twice its pages.
    pub(super) fn data_text(&self, cat: &Catalogue, extra: usize) -> String {
        let variants: usize = cat
            .errors
            .iter()
            .map(|e| e.ids.rust.variant.len() + 24)
            .sum();
        // A piece is printed as an escaped literal: a few escapes at most, nearly always none.
        let pieces: usize = self.pieces.iter().map(|p| p.len() + p.len() / 8 + 8).sum();
        let mut data = String::with_capacity(
            4096 + extra
                + variants
                + pieces
                + byte_string_len(self.meta.len(), META_STRIDE)
                + 24 * self.name_spans.len(),
        );
        data.push_str("impl ErrorCode {\n    /// Every live code (deprecated ones included), in catalogue order; `ALL[c.index()] == c`.\n    #[allow(deprecated)]\n    pub const ALL: &'static [ErrorCode] = &[\n");
        for e in &cat.errors {
            // The IR's identifier is `ident`'s text (`r#` and all), already checked.
            data.push_str("        ErrorCode::");
            data.push_str(&e.ids.rust.variant);
            data.push_str(",\n");
        }
        data.push_str("    ];\n}\n\n");
        data.push_str("/// Every per-code string, concatenated; `ErrdexCodeMeta::str_bounds` holds the boundaries.\nstatic ERRDEX_STR: &str = concat!(\n");
        for p in &self.pieces {
            data.push_str("    ");
            print::push_str_literal(&mut data, p);
            data.push_str(",\n");
        }
        data.push_str(");\n\n");
        meta_layout_consts(&mut data);
        let bias = if self.compact {
            literal_bias(&self.meta)
        } else {
            0
        };
        let _ = write!(
            data,
            "/// Added (wrapping) to every byte of `ERRDEX_CODE_META`, so that its most common values\n/// print as themselves in the literal; `ErrdexCodeMeta::decode` subtracts it.\nconst ERRDEX_META_BIAS: u8 = {bias};\n\n\
             /// `ErrdexCodeMeta` rows, {META_STRIDE} bytes per code (see `ErrdexCodeMeta::decode`).\nstatic ERRDEX_CODE_META: [u8; {}] = *",
            self.meta.len()
        );
        byte_string(&mut data, &self.meta, META_STRIDE, self.compact, bias);
        data.push_str(";\n\n");
        let _ = writeln!(
            data,
            "static ERRDEX_NAME_SPANS: [(u32, u32); {}] = [",
            self.name_spans.len()
        );
        for (a, z) in &self.name_spans {
            let _ = writeln!(data, "    ({a}, {z}),");
        }
        data.push_str("];\n\n");
        data
    }

    /// The lookup table of every key ([`lookup`]) as two compact byte strings instead of a
    /// wide table, so that a lookup's working set stays in a core's L2 cache even at 10,000+
    /// codes (a hash table with the keys inline in 32-byte slots was 2 MiB there, and every
    /// lookup missed L2):
    /// - `ERRDEX_LOOKUP_KEYS`: every key once, as target u32 LE, length u16 LE, the bytes;
    /// - `ERRDEX_LOOKUP`: one u32 LE per slot, the key's offset in that blob + 1 (0: empty).
    ///
    /// A lookup hashes the bytes, reads one slot and compares one key, nearly always.
    pub(super) fn lookup_text(&self) -> String {
        let all = self.pieces.concat();
        let keys = self.lookup_keys(&all);
        let table = lookup::build(&keys);
        let mut blob = Vec::with_capacity(table.keys.iter().map(|(k, _)| k.len() + 6).sum());
        let mut offsets = Vec::with_capacity(table.keys.len());
        for (key, target) in &table.keys {
            offsets.push(index_as::<u32>(blob.len() + 1));
            blob.extend_from_slice(&target.to_le_bytes());
            blob.extend_from_slice(&index_as::<u16>(key.len()).to_le_bytes());
            blob.extend_from_slice(key.as_bytes());
        }
        let mut slots = Vec::with_capacity(table.slots.len() * 4);
        for &slot in &table.slots {
            let v = slot.checked_sub(1).map_or(0, |k| offsets[k as usize]);
            slots.extend_from_slice(&v.to_le_bytes());
        }
        let mut out = String::with_capacity(
            1024 + byte_string_len(slots.len(), 64) + byte_string_len(blob.len(), 64),
        );
        let _ = write!(
            out,
            "const ERRDEX_LOOKUP_SEED: u64 = {};\nconst ERRDEX_LOOKUP_SHIFT: u32 = {};\n\n",
            table.seed, table.shift
        );
        let _ = write!(
            out,
            "/// Open-addressing table of {} slots, 4 bytes each (see `errdex_lookup`).\nstatic ERRDEX_LOOKUP: ErrdexAligned<[u8; {}]> = ErrdexAligned(*",
            table.slots.len(),
            slots.len()
        );
        byte_string(&mut out, &slots, 64, self.compact, 0);
        out.push_str(");\n\n");
        let _ = write!(
            out,
            "/// The {} lookup keys: target u32, length u16, bytes (see `errdex_lookup`).\nstatic ERRDEX_LOOKUP_KEYS: [u8; {}] = *",
            table.keys.len(),
            blob.len()
        );
        byte_string(&mut out, &blob, 64, self.compact, 0);
        out.push_str(";\n");
        out
    }
}

/// The `ERRDEX_DEPRECATIONS` row of `d`.
fn deprecation_row(cat: &Catalogue, d: &Deprecation) -> TokenStream {
    let Deprecation {
        since,
        replaced_by,
        note,
    } = d;
    let since = opt_str(since.as_deref());
    let replaced = match replaced_by.and_then(|i| cat.errors.get(i)) {
        Some(r) => {
            let v = ident(&r.ids.rust.variant);
            quote!(Some(ErrorCode::#v))
        }
        None => quote!(None),
    };
    let note = opt_str(note.as_deref());
    quote!(Deprecation { since: #since, replaced_by: #replaced, note: #note })
}

/// The `FLAGS` byte of a row: each bit named, in [`FLAG_BITS`]' order.
fn flag_byte(bits: [(&str, bool); FLAG_BITS.len()]) -> u8 {
    let mut flags = 0u8;
    for (k, (name, on)) in bits.iter().enumerate() {
        debug_assert_eq!(FLAG_BITS[k], *name, "errdex bug: flag out of layout");
        if *on {
            flags |= 1 << k;
        }
    }
    flags
}

/// Writes one `ERRDEX_CODE_META` row, field by field in [`META_LAYOUT`]'s order.
struct MetaRow<'a> {
    out: &'a mut Vec<u8>,
    next: usize,
}

impl MetaRow<'_> {
    fn field(&mut self, name: &str, bytes: &[u8]) {
        debug_assert_eq!(
            META_LAYOUT.get(self.next),
            Some(&(name, bytes.len())),
            "errdex bug: ERRDEX_CODE_META field out of layout"
        );
        self.out.extend_from_slice(bytes);
        self.next += 1;
    }

    fn finish(self) {
        debug_assert_eq!(
            self.next,
            META_LAYOUT.len(),
            "errdex bug: ERRDEX_CODE_META row short"
        );
    }
}

/// The bias that makes [`byte_string`]'s compact literal of `bytes` shortest: the byte
/// values a table holds most (zeros, small counts and indexes) then print as themselves.
/// Ties go to the smallest bias, so the choice is deterministic.
fn literal_bias(bytes: &[u8]) -> u8 {
    let mut counts = [0u64; 256];
    for &b in bytes {
        counts[usize::from(b)] += 1;
    }
    // Source bytes per byte of the compact form (a space first in a line and a zero before
    // an octal digit cost more; too rare to change the choice).
    let width = |b: u8| -> u64 {
        match b {
            b'"' | b'\\' | 0 | b'\t' | b'\n' | b'\r' => 2,
            0x20..=0x7e => 1,
            _ => 4,
        }
    };
    (0..=u8::MAX)
        .min_by_key(|&bias| {
            (0..=u8::MAX)
                .map(|b| counts[usize::from(b)] * width(b.wrapping_add(bias)))
                .sum::<u64>()
        })
        .unwrap_or(0)
}

/// The most [`byte_string`] prints for `n` bytes, `per_line` a line: four characters a byte
/// (`\xNN`) and a line's indentation and continuation.
fn byte_string_len(n: usize, per_line: usize) -> usize {
    8 + 4 * n + 8 * n.div_ceil(per_line.max(1))
}

/// Appends `bytes`, each plus `bias` (wrapping), as a byte-string literal (`b"..."`), one
/// source line per `per_line` bytes (a `\` line continuation, which skips the next line's
/// leading whitespace).
///
/// `compact` (a catalogue above [`COMPACT_ABOVE_CODES`]; the tables are mostly small
/// integers): a zero byte is `\0` (`\x00` before a digit 0–7, which `\0` would read as
/// clippy's `octal_escapes`), tab, newline and carriage return are `\t`, `\n`, `\r`, and a
/// space is itself except first in a line: 4 bytes of source become 1 or 2.
fn byte_string(out: &mut String, bytes: &[u8], per_line: usize, compact: bool, bias: u8) {
    out.push_str("b\"\\\n");
    for chunk in bytes.chunks(per_line.max(1)) {
        out.push_str("    ");
        for (k, &b) in chunk.iter().enumerate() {
            let b = b.wrapping_add(bias);
            match b {
                b'"' => out.push_str("\\\""),
                b'\\' => out.push_str("\\\\"),
                // Not space: a line continuation would swallow leading spaces.
                0x21..=0x7e => out.push(char::from(b)),
                b' ' if compact && k > 0 => out.push(' '),
                0 if compact => {
                    let octal = chunk
                        .get(k + 1)
                        .is_some_and(|n| (b'0'..=b'7').contains(&n.wrapping_add(bias)));
                    out.push_str(if octal { "\\x00" } else { "\\0" });
                }
                b'\t' if compact => out.push_str("\\t"),
                b'\n' if compact => out.push_str("\\n"),
                b'\r' if compact => out.push_str("\\r"),
                _ => {
                    // `\xNN`, lowercase hex, without a `format!` per byte (this loop prints
                    // every byte of the metadata table: 32 per code).
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    out.push_str("\\x");
                    out.push(char::from(HEX[usize::from(b >> 4)]));
                    out.push(char::from(HEX[usize::from(b & 0xf)]));
                }
            }
        }
        out.push_str("\\\n");
    }
    out.push('"');
}

/// A `ParamType` expression of the runtime.
fn param_type(ty: ParamType) -> TokenStream {
    match ty {
        ParamType::String => quote!(ParamType::String),
        ParamType::Integer => quote!(ParamType::Integer),
        ParamType::Number => quote!(ParamType::Number),
        ParamType::Boolean => quote!(ParamType::Boolean),
        ParamType::List(items) => {
            let items = match items {
                Scalar::String => quote!(ParamScalar::String),
                Scalar::Integer => quote!(ParamScalar::Integer),
                Scalar::Number => quote!(ParamScalar::Number),
                Scalar::Boolean => quote!(ParamScalar::Boolean),
            };
            quote!(ParamType::List(#items))
        }
        ParamType::Object => quote!(ParamType::Object),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both forms of a byte table read back, through syn's lexer, as the bytes written; the
    /// compact one is shorter and never writes an escape clippy's `octal_escapes` flags.
    #[test]
    fn byte_strings_read_back() {
        let mut cases: Vec<Vec<u8>> = vec![
            (0..=255).collect(),
            vec![
                0, b'0', 0, b'7', 0, b'8', 0, 0, b' ', b' ', 9, 10, 13, b'"', b'\\', 0,
            ],
            vec![b' '; 70],
        ];
        // Pseudo-random tables of small integers, like the metadata rows.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        cases.push(
            (0..4096)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    [0, 0, 0, 1, 2, 32, 48, 55, 9, 10][(x % 10) as usize]
                })
                .collect(),
        );
        for bytes in &cases {
            let bias = literal_bias(bytes);
            for per_line in [1, 3, 16, 64] {
                let mut lens = Vec::new();
                for compact in [false, true] {
                    let mut text = String::new();
                    byte_string(&mut text, bytes, per_line, compact, 0);
                    let lit: syn::LitByteStr = syn::parse_str(&text).expect("a byte string");
                    assert_eq!(&lit.value(), bytes, "compact: {compact}");
                    let octal = text
                        .as_bytes()
                        .windows(3)
                        .any(|w| w[0] == b'\\' && w[1] == b'0' && (b'0'..=b'7').contains(&w[2]));
                    assert!(!octal, "an octal-looking escape in {text}");
                    // What `data_text` and `lookup_text` reserve for it is enough.
                    assert!(text.len() <= byte_string_len(bytes.len(), per_line));
                    lens.push(text.len());
                }
                if bytes.contains(&0) {
                    assert!(lens[1] < lens[0], "{lens:?}");
                }
                // With the chosen bias: every byte reads back shifted by it, without an
                // octal-looking escape.
                let mut text = String::new();
                byte_string(&mut text, bytes, per_line, true, bias);
                let lit: syn::LitByteStr = syn::parse_str(&text).expect("a byte string");
                let back: Vec<u8> = lit.value().iter().map(|b| b.wrapping_sub(bias)).collect();
                assert_eq!(&back, bytes, "bias {bias}");
                let octal = text
                    .as_bytes()
                    .windows(3)
                    .any(|w| w[0] == b'\\' && w[1] == b'0' && (b'0'..=b'7').contains(&w[2]));
                assert!(!octal, "an octal-looking escape in {text}");
            }
        }
    }

    /// The bias of a table of small integers makes its commonest values printable, and a
    /// table that prints best as it is keeps bias 0.
    #[test]
    fn literal_bias_picks_the_shortest_literal() {
        let small: Vec<u8> = (0..1000u32)
            .map(|i| [0, 0, 0, 1, 2, 3][(i % 6) as usize])
            .collect();
        let bias = literal_bias(&small);
        assert!(
            small
                .iter()
                .all(|b| (0x21..=0x7e).contains(&b.wrapping_add(bias))),
            "{bias}"
        );
        assert_ne!(bias, 0);
        let (mut plain, mut biased) = (String::new(), String::new());
        byte_string(&mut plain, &small, 82, true, 0);
        byte_string(&mut biased, &small, 82, true, bias);
        assert!(
            biased.len() < plain.len(),
            "{} {}",
            biased.len(),
            plain.len()
        );
        assert_eq!(literal_bias(b"plain printable text"), 0);
        assert_eq!(literal_bias(&[]), 0);
    }

    /// `ErrdexCodeMeta::decode` (in `runtime/table.rs.in`) reads every field of
    /// `META_LAYOUT` at its emitted offset constant, and all of `STR_BOUNDS` (one `u32` per
    /// 4 bytes): the writer and the reader share one layout.
    #[test]
    fn runtime_decodes_the_meta_layout() {
        let runtime = super::super::runtime::TABLE;
        let start = runtime.find("const fn decode(").expect("decode");
        let decode = &runtime[start..start + runtime[start..].find("\n    }\n").expect("end")];
        for (name, _) in META_LAYOUT {
            assert!(
                decode.contains(&format!("ERRDEX_META_{name}")),
                "decode skips {name}"
            );
        }
        let words = META_LAYOUT[0].1 / 4;
        for k in 1..words {
            assert!(decode.contains(&format!("ERRDEX_META_STR_BOUNDS + {}", 4 * k)));
        }
        assert!(!decode.contains(&format!("ERRDEX_META_STR_BOUNDS + {}", 4 * words)));
        assert!(runtime.contains(&format!("str_bounds: [u32; {words}]")));
    }

    /// Every string field and flag the row declares is read by the runtime, and the runtime
    /// names no other (`ERRDEX_F_*`, `ERRDEX_HAS_*`).
    #[test]
    fn runtime_reads_every_string_field_and_flag() {
        let runtime = super::super::runtime::static_text();
        for name in STR_FIELDS {
            assert!(
                runtime.contains(&format!("ERRDEX_F_{name}]")),
                "no accessor reads ERRDEX_F_{name}"
            );
        }
        for name in FLAG_BITS {
            assert!(
                runtime.contains(&format!("& ERRDEX_{name} != 0")),
                "no accessor reads ERRDEX_{name}"
            );
        }
        // Comments say `ERRDEX_F_*`: only whole names count.
        for word in runtime.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
            if let Some(name) = word.strip_prefix("ERRDEX_F_").filter(|n| !n.is_empty()) {
                assert!(
                    STR_FIELDS.contains(&name),
                    "ERRDEX_F_{name} is not in STR_FIELDS"
                );
            }
            if let Some(name) = word.strip_prefix("ERRDEX_HAS_").filter(|n| !n.is_empty()) {
                let name = format!("HAS_{name}");
                assert!(
                    FLAG_BITS.contains(&name.as_str()),
                    "ERRDEX_{name} is not in FLAG_BITS"
                );
            }
        }
    }
}
