//! Schema pieces of an error body that several targets describe: the wire schema
//! (`emit::json_schema`) and the OpenAPI components (`emit::openapi`) write the same
//! properties for a code's params and errdex's own extras.
//!
//! In a bulk document (a catalogue above [`COMPACT_ABOVE_CODES`] codes, written compact) a
//! code's schema leaves out the descriptions of the members every code shares (the message,
//! `argument`, `constraint`, `suggestion`, a problem's `type`): they are annotations, the
//! same words on every code (at 50,000 codes, 8 MB of each copy of the wire-error schema),
//! and validation is unchanged: the types, constants and required members stay.
//!
//! [`COMPACT_ABOVE_CODES`]: crate::support::pretty_json::COMPACT_ABOVE_CODES

use foldhash::{HashMap, HashMapExt};

use crate::ir::{Catalogue, ErrorEntry, ParamType};
use crate::support::pretty_json::Pretty;

/// The schemas of the extras errdex itself may add to a wire object, in wire order.
pub const EXTRA_SCHEMAS: [(&str, &str, Option<&str>); 3] = [
    ("argument", "The offending input.", Some("string")),
    (
        "constraint",
        "The violated constraint (any JSON value).",
        None,
    ),
    ("suggestion", "What to do about it.", Some("string")),
];

/// `{"type": <ty>, "description": <desc>}` (no `type` when `None`); a bulk document's
/// writer ([`Pretty::is_compact`]) leaves the description out: a member every code shares.
pub fn described(w: &mut Pretty, ty: Option<&str>, desc: &str) {
    let notes = !w.is_compact();
    w.object(|w| {
        if let Some(t) = ty {
            w.field("type", t);
        }
        if notes {
            w.field("description", desc);
        }
    });
}

/// The extras' properties: every param's `{"type": …}` (a list's `{"type": "array",
/// "items": {"type": …}}`, an object's own schema), then `argument`, `constraint` and
/// `suggestion`, skipping any key in `skip` (a reserved key already present).
pub fn extras_properties(w: &mut Pretty, e: &ErrorEntry, skip: &[&str]) {
    for p in &e.params {
        if !skip.contains(&p.name.as_str()) {
            match (p.ty, &p.schema) {
                (ParamType::List(items), _) => w.field_object(&p.name, |w| {
                    w.field("type", "array");
                    w.field_object("items", |w| w.field("type", items.as_str()));
                }),
                (ParamType::Object, Some(schema)) => w.field(&p.name, schema),
                (ty, _) => w.field_object(&p.name, |w| w.field("type", ty.as_str())),
            }
        }
    }
    for (k, desc, ty) in EXTRA_SCHEMAS {
        if !skip.contains(&k) {
            w.key(k);
            described(w, ty, desc);
        }
    }
}

/// How a wire branch binds the code key.
#[derive(Debug, Clone, Copy)]
pub enum CodeKey<'a> {
    /// The entry's own code: `{"const": code}`, with its title and summary as annotations.
    One,
    /// The codes of a group that share everything else: `{"enum": [...]}`.
    Enum(&'a [&'a str]),
    /// Any code: `{"type": "string"}` (a shape that per-code schemas `allOf`).
    Typed,
}

/// One code's wire object: `$defs/<TsType>WireError` of `wire-error.schema.json`, the wire
/// body of the OpenAPI components.
pub fn code_branch(w: &mut Pretty, cat: &Catalogue, e: &ErrorEntry) {
    wire_branch(w, cat, e, CodeKey::One);
}

/// A wire object bound to `e`'s category, retryable flag and params, its code as `code`
/// says (`e` is the group's first code when the code is an `enum` or typed).
pub fn wire_branch(w: &mut Pretty, cat: &Catalogue, e: &ErrorEntry, code: CodeKey) {
    let wire = &cat.registry.wire;
    let category = &cat.category_of(e).key;
    w.object(|w| {
        if let CodeKey::One = code {
            w.field("title", format!("{} ({})", e.code, e.name));
            w.field("description", &e.summary);
        }
        if e.deprecated.is_some() {
            w.field("deprecated", true);
        }
        w.field("type", "object");
        w.field_object("properties", |w| {
            w.field_object(&wire.code, |w| match code {
                CodeKey::One => w.field("const", &e.code),
                CodeKey::Enum(codes) => w.field_array("enum", codes),
                CodeKey::Typed => w.field("type", "string"),
            });
            w.key(&wire.message);
            described(w, Some("string"), "The rendered message.");
            if let Some(k) = &wire.category {
                w.field_object(k, |w| w.field("const", category));
            }
            if let Some(k) = &wire.retryable {
                w.field_object(k, |w| w.field("const", e.retryable));
            }
            match &wire.details {
                Some(k) => w.field_object(k, |w| {
                    w.field("type", "object");
                    w.field_object("properties", |w| extras_properties(w, e, &[]));
                    w.field_array("required", e.params.iter().map(|p| &p.name));
                }),
                // Flat extras sit beside the reserved keys; a reserved key keeps its schema.
                None => extras_properties(w, e, &wire.reserved_keys()),
            }
        });
        w.key("required").array(|w| {
            w.str(&wire.code);
            w.str(&wire.message);
            if let Some(k) = &wire.category {
                w.str(k);
            }
            if let Some(k) = &wire.retryable {
                w.str(k);
            }
            match &wire.details {
                Some(k) => w.str(k),
                None => e.params.iter().for_each(|p| w.str(&p.name)),
            }
        });
    });
}

/// The groups of live codes whose wire branches differ in the code alone (same category,
/// retryable flag, params and deprecation), in catalogue order of their first code: each
/// group's first code and every code of it. A bulk wire-error schema (above
/// [`COMPACT_ABOVE_CODES`](crate::support::pretty_json::COMPACT_ABOVE_CODES) codes) writes one branch per group, its code an `enum`.
pub fn wire_groups(cat: &Catalogue) -> Vec<(&ErrorEntry, Vec<&str>)> {
    shape_groups(cat, |w, e| wire_branch(w, cat, e, CodeKey::Typed)).0
}

/// The live codes grouped by the text `shape` writes for each (compact JSON), in catalogue
/// order of each group's first code; and each live code's group (by index in
/// `cat.errors`).
pub fn shape_groups(
    cat: &Catalogue,
    shape: impl Fn(&mut Pretty, &ErrorEntry),
) -> (Vec<(&ErrorEntry, Vec<&str>)>, Vec<usize>) {
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut groups: Vec<(&ErrorEntry, Vec<&str>)> = Vec::new();
    let mut of = Vec::with_capacity(cat.errors.len());
    for e in &cat.errors {
        let mut w = Pretty::compact(256);
        shape(&mut w, e);
        let key = w.finish();
        let i = *index.entry(key).or_insert_with(|| {
            groups.push((e, Vec::new()));
            groups.len() - 1
        });
        groups[i].1.push(&e.code);
        of.push(i);
    }
    (groups, of)
}
