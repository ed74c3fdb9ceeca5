//! The rules across entries, one function per rule, each named after its diagnostic code
//! and run in this order by [`super::validate`]: codes first (duplicate, legacy, retired),
//! then names (aliases, names that are codes, retired names), then the identifiers the
//! targets make of them, then `replaced_by`.
//!
//! Every string that parses to an entry (code, NAME, alias, legacy code) must parse to one
//! entry only.

use std::collections::{HashMap, HashSet};

use crate::diag::{DiagCode, Diagnostic, Span};
use crate::ir::{ErrorEntry, Namespace, Retired};
use crate::names;
use crate::support::suggest::did_you_mean;

use super::entry::Pending;
use super::sink::Cx;

/// A string that parses to an entry → (that entry's NAME, where the string is written).
pub(super) type Taken<'p> = HashMap<&'p str, (&'p str, Span)>;

/// EDX0202 `DuplicateCode`: every entry has its own code. Returns every code with the
/// entry that first uses it.
pub(super) fn duplicate_code<'p>(cx: &mut Cx, pending: &'p [Pending]) -> Taken<'p> {
    let mut codes: Taken = HashMap::with_capacity(pending.len());
    for p in pending {
        if let Some((other, first)) = codes.get(p.entry.code.as_str()) {
            let d = Diagnostic::new(DiagCode::DuplicateCode, Some(p.code_span), &[("code", &p.entry.code), ("other", other)])
                .with_note(Some(*first), "first used here")
                .with_help("every entry needs its own code; codes are never shared (use `aliases` for a second NAME)");
            cx.push(d);
        } else {
            codes.insert(&p.entry.code, (&p.entry.name, p.code_span));
        }
    }
    codes
}

/// EDX0204 `LegacyCodeCollision`: a legacy code is no live code and no other legacy code.
/// Returns every legacy code with its entry.
pub(super) fn legacy_code_collision<'p>(
    cx: &mut Cx,
    pending: &'p [Pending],
    codes: &Taken<'p>,
) -> Taken<'p> {
    let mut legacy: Taken = HashMap::new();
    for p in pending {
        for (code, span) in &p.legacy {
            let clash = codes
                .get(code.as_str())
                .or_else(|| legacy.get(code.as_str()))
                .copied();
            if let Some((other, first)) = clash {
                let d = Diagnostic::new(
                    DiagCode::LegacyCodeCollision,
                    Some(*span),
                    &[("code", code), ("other", other)],
                )
                .with_note(Some(first), "used here");
                cx.push(d);
            } else {
                legacy.insert(code, (&p.entry.name, *span));
            }
        }
    }
    legacy
}

/// EDX0209 `RetiredCodeReused`: a retired code is neither a live code nor a legacy code.
pub(super) fn retired_code_reused(
    cx: &mut Cx,
    retired: &[(Retired, Span)],
    codes: &Taken,
    legacy: &Taken,
) {
    for (r, retired_at) in retired {
        let uses = codes
            .get(r.code.as_str())
            .map(|(_, s)| *s)
            .or_else(|| legacy.get(r.code.as_str()).map(|(_, s)| *s));
        if let Some(span) = uses {
            let d = Diagnostic::new(DiagCode::RetiredCodeReused, Some(span), &[("code", &r.code)])
                .with_note(Some(*retired_at), "retired here")
                .with_help("pick a new code; a retired code is a tombstone so old clients never misread it");
            cx.push(d);
        }
    }
}

/// EDX0203 `DuplicateName`: an alias is no entry's NAME and no other alias.
pub(super) fn duplicate_name(cx: &mut Cx, pending: &[Pending]) {
    let mut names_seen: Taken = HashMap::with_capacity(pending.len());
    for p in pending {
        names_seen.insert(&p.entry.name, (&p.entry.name, p.name_span));
    }
    for p in pending {
        for (alias, span) in &p.aliases {
            if let Some((other, first)) = names_seen.get(alias.as_str()) {
                let d = Diagnostic::new(
                    DiagCode::DuplicateName,
                    Some(*span),
                    &[("name", alias), ("other", other)],
                )
                .with_note(Some(*first), "already used here");
                cx.push(d);
            } else {
                names_seen.insert(alias, (&p.entry.name, *span));
            }
        }
    }
}

/// An entry's NAME and aliases, each with where it is written.
fn own_names(p: &Pending) -> impl Iterator<Item = (&String, Span)> {
    std::iter::once((&p.entry.name, p.name_span)).chain(p.aliases.iter().map(|(a, s)| (a, *s)))
}

/// EDX0203 `DuplicateName`: a NAME or alias is not another entry's code or legacy code
/// (parsing it would be ambiguous).
pub(super) fn duplicate_name_of_code(
    cx: &mut Cx,
    pending: &[Pending],
    codes: &Taken,
    legacy: &Taken,
) {
    for p in pending {
        for (name, span) in own_names(p) {
            let clash = codes
                .get(name.as_str())
                .filter(|(other, _)| other != &p.entry.name)
                .or_else(|| {
                    legacy
                        .get(name.as_str())
                        .filter(|(other, _)| other != &p.entry.name)
                });
            if let Some((other, first)) = clash {
                let d = Diagnostic::new(
                    DiagCode::DuplicateName,
                    Some(span),
                    &[("name", name), ("other", other)],
                )
                .with_note(Some(*first), "a code that parses to another entry")
                .with_help("a NAME or alias may not equal another entry's code: parsing it would be ambiguous");
                cx.push(d);
            }
        }
    }
}

/// EDX0203 `DuplicateName`: a retired code's NAME stays with the tombstone.
pub(super) fn duplicate_name_of_retired(
    cx: &mut Cx,
    pending: &[Pending],
    retired: &[(Retired, Span)],
) {
    for p in pending {
        for (r, retired_at) in retired {
            let Some(retired_name) = &r.name else { continue };
            if let Some((name, span)) = own_names(p).find(|(n, _)| *n == retired_name) {
                let other = format!("retired code {}", r.code);
                let d = Diagnostic::new(
                    DiagCode::DuplicateName,
                    Some(span),
                    &[("name", name), ("other", &other)],
                )
                .with_note(Some(*retired_at), "retired here")
                .with_help("pick a new NAME; the retired code keeps its old one");
                cx.push(d);
            }
        }
    }
}

/// EDX0205 `IdentifierCollision`: aliases become identifiers too where targets expose
/// them (TypeScript `ErrorCode` keys): an alias may not convert to another entry's.
pub(super) fn identifier_collision_of_alias(cx: &mut Cx, pending: &[Pending]) {
    let mut taken: HashMap<String, (&str, Span)> = HashMap::with_capacity(pending.len());
    for p in pending {
        taken.insert(p.entry.ts_key.clone(), (&p.entry.name, p.name_span));
    }
    for p in pending {
        for (alias, span) in &p.aliases {
            let key = names::ts_key(alias);
            if let Some((other, first)) = taken.get(&key) {
                if *other == p.entry.name || alias == other {
                    continue;
                }
                let ident = format!("ErrorCode.{key}");
                let d = Diagnostic::new(
                    DiagCode::IdentifierCollision,
                    Some(*span),
                    &[
                        ("name", alias),
                        ("language", "TypeScript"),
                        ("ident", &ident),
                        ("other", other),
                    ],
                )
                .with_note(Some(*first), "taken here");
                cx.push(d);
            } else {
                taken.insert(key, (&p.entry.name, *span));
            }
        }
    }
}

/// EDX0205 `IdentifierCollision`: two entries' NAMEs stay distinct once converted to each
/// target's identifiers.
///
/// Each identifier is one of the entry's converted names between a fixed prefix and suffix:
/// two entries share the identifier exactly when they share that name, so the names are
/// compared and the identifier is only written out for a diagnostic. One diagnostic per
/// pair of entries (the first identifier they share); entries with the same code are
/// already reported as duplicate codes.
pub(super) fn identifier_collision(cx: &mut Cx, pending: &[Pending]) {
    type Ident = for<'e> fn(&'e ErrorEntry) -> &'e str;
    let identifiers: [(&str, &str, &str, Ident); 6] = [
        ("Rust", "ErrorCode::", "", |e| &e.rust_variant),
        ("Rust", "Error::", "", |e| names::unraw(&e.rust_fn)),
        ("TypeScript", "ErrorCode.", "", |e| &e.ts_key),
        ("TypeScript", "", "Params", |e| &e.ts_type),
        ("Python", "", "()", |e| &e.py_fn),
        ("docs anchor", "#", "", |e| &e.anchor),
    ];
    let mut reported: HashSet<(String, String)> = HashSet::new();
    for (language, prefix, suffix, ident_of) in identifiers {
        // converted name → index of the first entry that has it.
        let mut seen: HashMap<&str, usize> = HashMap::with_capacity(pending.len());
        for (i, p) in pending.iter().enumerate() {
            let key = ident_of(&p.entry);
            let Some(&j) = seen.get(key) else {
                seen.insert(key, i);
                continue;
            };
            let (other, first) = (&pending[j].entry.name, &pending[j].name_span);
            let same_code = pending
                .iter()
                .any(|q| &q.entry.name == other && q.entry.code == p.entry.code);
            if other == &p.entry.name
                || same_code
                || !reported.insert((p.entry.name.clone(), other.clone()))
            {
                continue;
            }
            let ident = format!("{prefix}{key}{suffix}");
            let d = Diagnostic::new(
                DiagCode::IdentifierCollision,
                Some(p.name_span),
                &[
                    ("name", &p.entry.name),
                    ("language", language),
                    ("ident", &ident),
                    ("other", other),
                ],
            )
            .with_note(Some(*first), "taken here")
            .with_help("rename one of the entries so their generated identifiers differ");
            cx.push(d);
        }
    }
}

/// EDX0205 `IdentifierCollision`: a namespace's Rust sub-enum (`FrmCode`) may not take the
/// name of a type the generated file already declares (`ErrorCode` for a namespace `ERROR`).
/// Two namespaces' sub-enums cannot collide: their `Namespace` variants already differ.
pub(super) fn identifier_collision_of_namespace(cx: &mut Cx, namespaces: &[(Namespace, Span)]) {
    for (ns, span) in namespaces {
        let ident = names::rust_namespace_enum(&ns.rust_variant);
        if names::RUST_TYPES.contains(&ident.as_str()) {
            let d = Diagnostic::new(
                DiagCode::IdentifierCollision,
                Some(*span),
                &[
                    ("name", &ns.key),
                    ("language", "Rust"),
                    ("ident", &ident),
                    ("other", "the generated runtime"),
                ],
            )
            .with_help("rename the namespace: its codes' sub-enum is named `<Namespace>Code`");
            cx.push(d);
        }
    }
}

/// EDX0303 `UnknownReplacement`: `replaced_by` names another live entry (by NAME or
/// alias). Returns each entry's replacement, by index.
pub(super) fn unknown_replacement(cx: &mut Cx, pending: &[Pending]) -> Vec<Option<usize>> {
    let index: HashMap<&str, usize> = pending
        .iter()
        .enumerate()
        .flat_map(|(i, p)| {
            std::iter::once((p.entry.name.as_str(), i))
                .chain(p.entry.aliases.iter().map(move |a| (a.as_str(), i)))
        })
        .collect();
    let mut resolved: Vec<Option<usize>> = vec![None; pending.len()];
    for (i, p) in pending.iter().enumerate() {
        let Some((target, span)) = &p.replaced_by else {
            continue;
        };
        match index.get(target.as_str()) {
            Some(&j) if j != i => resolved[i] = Some(j),
            _ => {
                let mut d = Diagnostic::new(
                    DiagCode::UnknownReplacement,
                    Some(*span),
                    &[("target", target)],
                );
                let itself = index.get(target.as_str()) == Some(&i);
                d.help = if itself {
                    Some("an entry cannot replace itself: name the entry that takes over".into())
                } else {
                    did_you_mean(target, index.keys().copied())
                }
                .or_else(|| {
                    Some(if itself {
                        "an entry cannot replace itself".into()
                    } else {
                        "name a live entry (a retired code cannot be a replacement)".into()
                    })
                });
                cx.push(d);
            }
        }
    }
    resolved
}
