//! The rules across entries, one function per rule, each named after its diagnostic code
//! and run in this order by [`super::validate`]: codes first (duplicate, legacy, retired),
//! then names (aliases, names that are codes, retired names), then the identifiers the
//! targets make of them, then `replaced_by`.
//!
//! Every string that parses to an entry (code, NAME, alias, legacy code) must parse to one
//! entry only.

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use crate::diag::{DiagCode, Diagnostic, Span};
use crate::idents::{IDENTS, Ident, IdentSpec};
use crate::ir::{
    Catalogue, Category, DocsLayout, ErrorEntry, Fact, GENERAL_SLUG, HttpBody, HttpProfile,
    JsonRpcData, Namespace, Profiles, ReasonSource, Registry, Retired, Retry,
};
use crate::names;
use crate::support::book;
use crate::support::suggest::did_you_mean;

use super::entry::{Checked, Places};
use super::sink::Cx;

/// A string that parses to an entry → (that entry's NAME, where the string is written).
pub(super) type Taken<'p> = HashMap<&'p str, (&'p str, Span)>;

/// What the rules across entries read: each entry after its own checks, with where its
/// parts are written (the same index in both). The entries are [`Checked`]'s, or the IR's
/// own when the rules run beside the emitters ([`super::validate::Deferred`]).
#[derive(Clone, Copy)]
pub(super) struct Across<'p> {
    pub(super) entries: &'p [ErrorEntry],
    pub(super) places: &'p [Places],
}

impl<'p> Across<'p> {
    pub(super) fn of(checked: &'p Checked) -> Self {
        Across {
            entries: &checked.entries,
            places: &checked.places,
        }
    }

    fn iter(self) -> impl Iterator<Item = (&'p ErrorEntry, &'p Places)> + Clone {
        self.entries.iter().zip(self.places)
    }

    fn len(self) -> usize {
        self.entries.len()
    }
}

/// EDX0202 `DuplicateCode`: every entry has its own code. Returns every code with the
/// entry that first uses it.
pub(super) fn duplicate_code<'p>(cx: &mut Cx, all: Across<'p>) -> Taken<'p> {
    let mut codes: Taken = HashMap::with_capacity(all.len());
    for (e, p) in all.iter() {
        if let Some((other, first)) = codes.get(e.code.as_str()) {
            let d = Diagnostic::new(DiagCode::DuplicateCode, Some(p.code_span), &[("code", &e.code), ("other", other)])
                .with_note(Some(*first), "first used here")
                .with_help("every entry needs its own code; codes are never shared (use `aliases` for a second NAME)");
            cx.push(d);
        } else {
            codes.insert(&e.code, (&e.name, p.code_span));
        }
    }
    codes
}

/// EDX0204 `LegacyCodeCollision`: a legacy code is no live code and no other legacy code.
/// Returns every legacy code with its entry.
pub(super) fn legacy_code_collision<'p>(
    cx: &mut Cx,
    all: Across<'p>,
    codes: &Taken<'p>,
) -> Taken<'p> {
    let mut legacy: Taken = HashMap::new();
    for (e, p) in all.iter() {
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
                legacy.insert(code, (&e.name, *span));
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
            let d = Diagnostic::new(
                DiagCode::RetiredCodeReused,
                Some(span),
                &[("code", &r.code)],
            )
            .with_note(Some(*retired_at), "retired here")
            .with_help(
                "pick a new code; a retired code is a tombstone so old clients never misread it",
            );
            cx.push(d);
        }
    }
}

/// EDX0212 `SameNumberCode`: no two codes (live, legacy or retired) differ only in the
/// leading zeros of a number (`0266` and `266`, `ACM-FRM-01` and `ACM-FRM-001`). A client
/// that reads the number takes them for one code, and a folder of one file per code sorts
/// them as one (numbers compared as numbers). Only codes with such a zero are looked at:
/// each is compared, by the code it reads as, with every other code of another length.
pub(super) fn same_number_code(
    cx: &mut Cx,
    all: Across,
    codes: &Taken,
    legacy: &Taken,
    retired: &[(Retired, Span)],
) {
    // Two codes that read as one differ in length: when every code has one length (a
    // fixed-width scheme, the common case), there is nothing to compare.
    let mut lengths = all
        .iter()
        .flat_map(|(e, p)| {
            std::iter::once(e.code.len()).chain(p.legacy.iter().map(|(c, _)| c.len()))
        })
        .chain(retired.iter().map(|(r, _)| r.code.len()));
    if let Some(first) = lengths.next()
        && lengths.all(|len| len == first)
    {
        return;
    }
    let retired_codes: HashMap<&str, (&str, Span)> = retired
        .iter()
        .map(|(r, span)| (r.code.as_str(), (r.name.as_deref().unwrap_or(""), *span)))
        .collect();
    // Every code with a zero to drop, by the hash of what it reads as: (code, kind, NAME,
    // place). Hashes, not the strings: no string is kept per code (at 50,000 codes, each
    // with zeros, they were 4% of lint); a hit is confirmed by the codes themselves.
    let hasher = foldhash::fast::FixedState::default();
    let mut zeros: HashMap<u64, (&str, &str, &str, Span)> = HashMap::new();
    let (mut read_as, mut other_reads_as) = (String::new(), String::new());
    let every = all
        .iter()
        .flat_map(|(e, p)| {
            std::iter::once((e.code.as_str(), "code", e.name.as_str(), p.code_span)).chain(
                p.legacy
                    .iter()
                    .map(|(code, span)| (code.as_str(), "legacy code", e.name.as_str(), *span)),
            )
        })
        .chain(retired.iter().map(|(r, span)| {
            let name = r.name.as_deref().unwrap_or("");
            (r.code.as_str(), "retired code", name, *span)
        }));
    for (code, kind, name, span) in every {
        if !without_leading_zeros_into(code, &mut read_as) {
            continue;
        }
        let read_as = read_as.as_str();
        // The code written without the zeros, then one written with other zeros.
        let plain = codes
            .get(read_as)
            .map(|&(other, at)| (read_as, "code", other, at))
            .or_else(|| {
                legacy
                    .get(read_as)
                    .map(|&(other, at)| (read_as, "legacy code", other, at))
            })
            .or_else(|| {
                retired_codes
                    .get(read_as)
                    .map(|&(other, at)| (read_as, "retired code", other, at))
            })
            .map(|(other_code, other_kind, other, at)| {
                (other_code.to_string(), other_kind, other, at)
            });
        let clash = match plain {
            Some(found) => Some(found),
            None => match zeros.entry(std::hash::BuildHasher::hash_one(&hasher, read_as)) {
                std::collections::hash_map::Entry::Occupied(seen) => {
                    let &(other_code, other_kind, other, at) = seen.get();
                    // The same code twice is EDX0202's (or EDX0204's, EDX0209's); another
                    // number with the same hash is no clash.
                    let same = other_code != code
                        && without_leading_zeros_into(other_code, &mut other_reads_as)
                        && other_reads_as == read_as;
                    same.then(|| (other_code.to_string(), other_kind, other, at))
                }
                std::collections::hash_map::Entry::Vacant(slot) => {
                    slot.insert((code, kind, name, span));
                    None
                }
            },
        };
        // Of one length (`A01B1`, `A1B01`), the zeros moved from one number to another:
        // a fixed-width scheme (SQLSTATE's), where no client reads numbers.
        let clash = clash.filter(|(other_code, ..)| other_code.len() != code.len());
        // One entry's code and its own legacy code (`998`, once sent as `0998`) are one
        // code by design, and two tombstones are both dead.
        let clash = clash.filter(|&(_, other_kind, other, _)| {
            let same_entry = !name.is_empty() && other == name && kind != "retired code";
            let tombstones = kind == "retired code" && other_kind == "retired code";
            !same_entry && !tombstones
        });
        if let Some((other_code, other_kind, other, at)) = clash {
            let mut phrase = format!("{other_kind} `{other_code}`");
            if !other.is_empty() {
                phrase.push_str(&format!(" of `{other}`"));
            }
            let help = if kind == "legacy code" {
                format!(
                    "a client reading the number takes the legacy code `{code}` of `{name}` for `{other_code}`: drop it from `{name}`'s `legacy_codes`"
                )
            } else if kind == "retired code" {
                format!(
                    "a client reading the number takes the tombstone `{code}` for `{other_code}`: drop the tombstone when `{other_code}` is its code, else give the live entry a number no other code has"
                )
            } else {
                format!(
                    "a client reading the number takes `{code}` for `{other_code}`: give `{name}` a code whose number no other code has"
                )
            };
            let d = Diagnostic::new(
                DiagCode::SameNumberCode,
                Some(span),
                &[("what", &format!("{kind} `{code}`")), ("other", &phrase)],
            )
            .with_note(Some(at), "written here")
            .with_help(help);
            cx.push(d);
        }
    }
}

/// Writes into `out` `code` with the leading zeros of each of its numbers dropped, when it
/// has one to drop (`true`); else leaves `out` as it was (`false`).
/// The digits after a decimal point (`1.05`) are a fraction, whose zeros count.
fn without_leading_zeros_into(code: &str, out: &mut String) -> bool {
    let bytes = code.as_bytes();
    // A zero that starts a number, not a fraction, and is followed by a digit.
    let drops = |i: usize| {
        bytes[i] == b'0'
            && (i == 0 || !bytes[i - 1].is_ascii_digit())
            && !(i >= 2 && bytes[i - 1] == b'.' && bytes[i - 2].is_ascii_digit())
            && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
    };
    if !(0..bytes.len()).any(drops) {
        return false;
    }
    out.clear();
    let mut in_number = false;
    for (i, c) in code.char_indices() {
        let digit = c.is_ascii_digit();
        let leading = digit && !in_number;
        let next_digit = bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
        let fraction = i >= 2 && bytes[i - 1] == b'.' && bytes[i - 2].is_ascii_digit();
        if leading && c == '0' && next_digit && !fraction {
            // Still leading: the number's first digit is the next one that is not a zero.
            continue;
        }
        in_number = digit;
        out.push(c);
    }
    true
}

/// EDX0203 `DuplicateName`: an alias is no entry's NAME and no other alias.
pub(super) fn duplicate_name(cx: &mut Cx, all: Across) {
    let mut names_seen: Taken = HashMap::with_capacity(all.len());
    for (e, p) in all.iter() {
        names_seen.insert(&e.name, (&e.name, p.name_span));
    }
    for (e, p) in all.iter() {
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
                names_seen.insert(alias, (&e.name, *span));
            }
        }
    }
}

/// An entry's NAME and aliases, each with where it is written.
fn own_names<'p>(e: &'p ErrorEntry, p: &'p Places) -> impl Iterator<Item = (&'p String, Span)> {
    std::iter::once((&e.name, p.name_span)).chain(p.aliases.iter().map(|(a, s)| (a, *s)))
}

/// EDX0203 `DuplicateName`: a NAME or alias is not another entry's code or legacy code
/// (parsing it would be ambiguous).
pub(super) fn duplicate_name_of_code(cx: &mut Cx, all: Across, codes: &Taken, legacy: &Taken) {
    for (e, p) in all.iter() {
        for (name, span) in own_names(e, p) {
            let clash = codes
                .get(name.as_str())
                .filter(|(other, _)| other != &e.name)
                .or_else(|| {
                    legacy
                        .get(name.as_str())
                        .filter(|(other, _)| other != &e.name)
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
pub(super) fn duplicate_name_of_retired(cx: &mut Cx, all: Across, retired: &[(Retired, Span)]) {
    for (e, p) in all.iter() {
        for (r, retired_at) in retired {
            let Some(retired_name) = &r.name else {
                continue;
            };
            if let Some((name, span)) = own_names(e, p).find(|(n, _)| *n == retired_name) {
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
pub(super) fn identifier_collision_of_alias(cx: &mut Cx, all: Across) {
    let mut taken: HashMap<String, (&str, Span)> = HashMap::with_capacity(all.len());
    for (e, p) in all.iter() {
        taken.insert(e.ids.ts.key.clone(), (&e.name, p.name_span));
    }
    let spec = Ident::TsKey.spec();
    for (e, p) in all.iter() {
        for (alias, span) in &p.aliases {
            let key = (spec.derive)(alias);
            if let Some((other, first)) = taken.get(&key) {
                if *other == e.name || alias == other {
                    continue;
                }
                let ident = spec.show(&key);
                let d = Diagnostic::new(
                    DiagCode::IdentifierCollision,
                    Some(*span),
                    &[
                        ("name", alias),
                        ("language", spec.language()),
                        ("ident", &ident),
                        ("other", other),
                    ],
                )
                .with_note(Some(*first), "taken here");
                cx.push(d);
            } else {
                taken.insert(key, (&e.name, *span));
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
///
/// With a page per code (`docs.layout`), a code's anchor is its page: two codes with one
/// anchor are [`docs_page_collision`]'s (EDX0607), not this rule's.
pub(super) fn identifier_collision(cx: &mut Cx, all: Across, layout: DocsLayout) {
    // Every identifier a target derives that two codes may not share
    // (`idents::IDENTS`), then the docs anchor (`None`).
    fn ident_of<'e>(row: Option<&IdentSpec>, e: &'e ErrorEntry) -> &'e str {
        row.map_or(e.anchor.as_str(), |s| names::unraw((s.get)(&e.ids)))
    }
    let mut reported: HashSet<(String, String)> = HashSet::new();
    let anchors = (!layout.per_code()).then_some(None);
    for row in IDENTS.iter().filter(|s| s.unique).map(Some).chain(anchors) {
        let (language, (prefix, suffix)) =
            row.map_or(("docs anchor", ("#", "")), |s| (s.language(), s.shown));
        // converted name → index of the first entry that has it.
        let mut seen: HashMap<&str, usize> = HashMap::with_capacity(all.len());
        for (i, (e, p)) in all.iter().enumerate() {
            let key = ident_of(row, e);
            let Some(&j) = seen.get(key) else {
                seen.insert(key, i);
                continue;
            };
            let (other, first) = (&all.entries[j].name, &all.places[j].name_span);
            let same_code = all
                .entries
                .iter()
                .any(|q| &q.name == other && q.code == e.code);
            if other == &e.name || same_code || !reported.insert((e.name.clone(), other.clone())) {
                continue;
            }
            let ident = format!("{prefix}{key}{suffix}");
            let d = Diagnostic::new(
                DiagCode::IdentifierCollision,
                Some(p.name_span),
                &[
                    ("name", &e.name),
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

/// EDX0205 `IdentifierCollision` of namespaces' sub-enums (only when the module has them,
/// `rust.namespace_enums`): two namespaces whose sub-enums get the same name
/// ([`names::rust_namespace_enum`] steps aside from the runtime's own types, so a namespace
/// may be called `ERROR`; `ERROR` and `ERROR_NAMESPACE` would both be `ErrorNamespaceCode`).
pub(super) fn identifier_collision_of_namespace(cx: &mut Cx, namespaces: &[(Namespace, Span)]) {
    let mut seen: HashMap<String, (&str, Span)> = HashMap::new();
    for (ns, span) in namespaces {
        let ident = names::rust_namespace_enum(&ns.ids.rust);
        let first = seen.get(&ident).copied();
        let other = match first {
            _ if names::RUST_TYPES.contains(&ident.as_str()) => "the generated runtime",
            Some((key, _)) => key,
            None => {
                seen.insert(ident, (&ns.key, *span));
                continue;
            }
        };
        let d = Diagnostic::new(
            DiagCode::IdentifierCollision,
            Some(*span),
            &[("name", &ns.key), ("language", "Rust"), ("ident", &ident), ("other", other)],
        )
        .with_note(first.map(|(_, s)| s), "taken here")
        .with_help(
            "rename one of the namespaces, or leave the sub-enums out (`rust: {namespace_enums: false}`): a namespace's codes' sub-enum is named `<Namespace>Code`, `<Namespace>NamespaceCode` where that is a type of the runtime",
        );
        cx.push(d);
    }
}

/// EDX0303 `UnknownReplacement`: `replaced_by` names another live entry (by NAME or
/// alias). Returns each entry's replacement, by index.
pub(super) fn unknown_replacement(cx: &mut Cx, all: Across) -> Vec<Option<usize>> {
    let index: HashMap<&str, usize> = all
        .entries
        .iter()
        .enumerate()
        .flat_map(|(i, e)| {
            std::iter::once((e.name.as_str(), i))
                .chain(e.aliases.iter().map(move |a| (a.as_str(), i)))
        })
        .collect();
    let mut resolved: Vec<Option<usize>> = vec![None; all.len()];
    for (i, p) in all.places.iter().enumerate() {
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

/// EDX0303 `UnknownReplacement` for retired codes: a tombstone's `replaced_by` names a live
/// entry (by NAME or alias); resolved, the docs link the tombstone to it.
pub(super) fn unknown_replacement_of_retired(
    cx: &mut Cx,
    retired: &mut [(Retired, Span)],
    replacements: &[Option<(String, Span)>],
    entries: &[ErrorEntry],
) {
    for ((r, _), replaced_by) in retired.iter_mut().zip(replacements) {
        let Some((target, span)) = replaced_by else {
            continue;
        };
        let found = entries
            .iter()
            .position(|e| &e.name == target || e.aliases.iter().any(|a| a == target));
        match found {
            Some(i) => r.replaced_by = Some(i),
            None => {
                let mut d = Diagnostic::new(
                    DiagCode::UnknownReplacement,
                    Some(*span),
                    &[("target", target)],
                );
                d.help =
                    did_you_mean(target, entries.iter().map(|e| e.name.as_str())).or_else(|| {
                        Some("name a live entry (a retired code cannot be a replacement)".into())
                    });
                cx.push(d);
            }
        }
    }
}

/// What the docs-link rules read: the registry, the entries and where their links are
/// written.
pub(super) struct DocsLinks<'a> {
    pub(super) registry: &'a Registry,
    /// The `registry:` key, where a rule about every code's link points when no
    /// `docs_url` is written.
    pub(super) registry_span: Span,
    /// `registry.docs_url`'s value, if any.
    pub(super) template_span: Option<Span>,
    pub(super) namespaces: &'a [(Namespace, Span)],
    pub(super) categories: &'a [(Category, Span)],
    pub(super) entries: &'a [ErrorEntry],
    /// Each entry's own `docs_url` value, if it has one.
    pub(super) own_spans: &'a [Option<Span>],
    /// `docs.layout`: where each code's place in the book is.
    pub(super) layout: DocsLayout,
    /// `docs.links: external`: the docs URLs are not the book's; nothing to check.
    pub(super) external: bool,
}

impl DocsLinks<'_> {
    /// Each entry with the span of the template its docs URL came from (`None`: the
    /// default, the code's section in the book).
    fn sources(&self) -> impl Iterator<Item = (&ErrorEntry, Option<Span>)> {
        self.entries
            .iter()
            .zip(self.own_spans)
            .map(|(e, own)| (e, own.or(self.template_span)))
    }
}

/// Whether `e`'s docs URL lands on its place in the book at `site` laid out as `layout`:
/// the code's page, and on a page shared by several codes its anchor (a code's own page may
/// be named with its anchor or without a fragment). `None` when it does, else why not.
fn off_site_problem(
    e: &ErrorEntry,
    ns_slug: &str,
    layout: DocsLayout,
    site: &str,
) -> Option<String> {
    let Some((target, fragment)) = names::book_target(&e.docs_url, site) else {
        return Some(format!("it is not under {site}"));
    };
    let (page, want_fragment) = names::code_address(layout, ns_slug, &e.anchor);
    let place = if layout.per_code() { "page" } else { "section" };
    let want = match want_fragment {
        Some(f) => format!("{page}.html#{f}"),
        None => format!("{page}.html"),
    };
    if target != page {
        let what = if target == "index" {
            "the index page (the categories), not the code's page".to_string()
        } else {
            format!("the page `{target}`, which is not the code's")
        };
        return Some(format!(
            "it opens {what}; the code's {place} is `{site}{want}`"
        ));
    }
    let lands = match want_fragment {
        Some(f) => fragment == f,
        None => fragment.is_empty() || fragment == e.anchor,
    };
    if !lands {
        return Some(format!(
            "its fragment `#{fragment}` is not the code's anchor; the code's {place} is `{site}{want}`"
        ));
    }
    None
}

/// The docs URL templates of a catalogue, each with the codes whose URL it gives.
struct TemplateUse {
    span: Span,
    /// Codes checked, and how many of their URLs are under the site; per layout
    /// ([`DocsLayout::ALL`] order) how many land.
    total: usize,
    under_site: usize,
    lands: [usize; 3],
    /// The first code that misses the chosen layout: (url, code, problem).
    first_miss: Option<(String, String, String)>,
}

/// EDX0603 `DocsUrlOffSite` and EDX0606 `DocsUrlNoLayout`: with `registry.docs_site_url`,
/// every docs URL that comes from the registry's template lands on its code's place in the
/// book (`docs.layout`: page, and anchor on a namespace's page); an entry's own `docs_url`
/// is checked when it points into the book (a link elsewhere is a deliberate override).
/// One diagnostic per template: EDX0606 when it lands no code in any layout (the template's
/// shape is none of the book's), else EDX0603 naming the first code it misses, how many it
/// hits, and the layout it would fit.
pub(super) fn docs_url_off_site(cx: &mut Cx, links: &DocsLinks) {
    if links.external {
        return;
    }
    let Some(site) = links.registry.docs_site_url.as_deref() else {
        return;
    };
    let mut uses: Vec<TemplateUse> = Vec::new();
    for ((e, span), own) in links.sources().zip(links.own_spans) {
        let Some(span) = span else { continue };
        if own.is_some() && !e.docs_url.starts_with(site) {
            continue;
        }
        let ns = e
            .namespace
            .and_then(|n| links.namespaces.get(n))
            .map_or(GENERAL_SLUG, |(n, _)| n.slug.as_str());
        let slot = match uses.iter().position(|u| u.span == span) {
            Some(i) => &mut uses[i],
            None => {
                uses.push(TemplateUse {
                    span,
                    total: 0,
                    under_site: 0,
                    lands: [0; 3],
                    first_miss: None,
                });
                uses.last_mut().expect("just pushed")
            }
        };
        slot.total += 1;
        slot.under_site += usize::from(names::book_target(&e.docs_url, site).is_some());
        for (k, layout) in DocsLayout::ALL.into_iter().enumerate() {
            let problem = off_site_problem(e, ns, layout, site);
            if problem.is_none() {
                slot.lands[k] += 1;
            }
            if let (true, Some(p)) = (layout == links.layout, problem)
                && slot.first_miss.is_none()
            {
                slot.first_miss = Some((e.docs_url.clone(), e.code.clone(), p));
            }
        }
    }
    let chosen = DocsLayout::ALL
        .iter()
        .position(|l| *l == links.layout)
        .unwrap_or(0);
    for u in uses {
        let Some((url, code, problem)) = u.first_miss else {
            continue;
        };
        let shapes = format!(
            "the book's layouts (`docs.layout`) give a code the address `{site}{{namespace}}.html#{{code}}` (namespace), `{site}{{code}}.html` (code) or `{site}{{namespace}}/{{code}}.html` (namespace/code); `.html` may be left out"
        );
        let template = match (links.template_span, links.registry.docs_url.as_deref()) {
            (Some(t), Some(raw)) if t == u.span => raw.to_string(),
            _ => cx.src_text(u.span).trim_matches(['"', '\'']).to_string(),
        };
        let is_template = super::docs_url::DOCS_URL_PLACEHOLDERS
            .iter()
            .any(|p| names::docs_url_uses(&template, p));
        // A template whose URLs are all in the book, and none of them a code's place in
        // any layout: its shape is none of the book's.
        if is_template && u.under_site == u.total && u.lands.iter().all(|&n| n == 0) {
            let problem = "is none of these for its code: a namespace's page with the code's anchor, or the code's own page";
            let d = Diagnostic::new(
                DiagCode::DocsUrlNoLayout,
                Some(u.span),
                &[
                    ("template", &template),
                    ("site", site),
                    ("url", &url),
                    ("code", &code),
                    ("problem", problem),
                ],
            )
            .with_help(shapes);
            cx.push(d);
            continue;
        }
        let fits = DocsLayout::ALL
            .into_iter()
            .enumerate()
            .find(|&(k, _)| k != chosen && u.lands[k] == u.total)
            .map(|(_, l)| l);
        let help = match fits {
            Some(l) => format!(
                "this docs_url lands on the place of {} of its {} code(s) in this book's layout (`{}`), and of every one in the layout `{}`: set `docs: {{layout: {}}}`",
                u.lands[chosen],
                u.total,
                links.layout.as_str(),
                l.as_str(),
                l.as_str()
            ),
            None => format!(
                "this docs_url lands on the {} of {} of its {} code(s); {shapes}",
                if links.layout.per_code() {
                    "page"
                } else {
                    "section"
                },
                u.lands[chosen],
                u.total
            ),
        };
        let d = Diagnostic::new(
            DiagCode::DocsUrlOffSite,
            Some(u.span),
            &[
                ("url", &url),
                ("code", &code),
                ("site", site),
                ("problem", &problem),
            ],
        )
        .with_help(help);
        cx.push(d);
    }
}

/// EDX0604 `DocsSiteUnstated`: `registry.docs_url` is given, but not where the book is
/// deployed, so [`docs_url_off_site`] cannot check that the links land.
pub(super) fn docs_site_unstated(cx: &mut Cx, links: &DocsLinks) {
    if links.registry.docs_site_url.is_some() || links.external {
        return;
    }
    let Some(span) = links.template_span else {
        return;
    };
    let d = Diagnostic::new(DiagCode::DocsSiteUnstated, Some(span), &[]).with_help(
        "set registry.docs_site_url to the absolute URL the generated book is served from (ending in `/`): errdex then checks every docs URL against the book's pages and anchors; or, when the docs URLs point at pages errdex does not generate (another system's reference), say so with `docs: {links: external}`",
    );
    cx.push(d);
}

/// EDX0605 `RelativeDocsUrl`: a docs URL is relative (no `registry.docs_site_url` and no
/// absolute template) while an output sends it to remote clients: the problem+json `type`
/// always, the MCP `_meta` and JSON-RPC `data` when their profile carries `docs_url`.
pub(super) fn relative_docs_url(cx: &mut Cx, links: &DocsLinks, profiles: &Profiles) {
    // A relative URL from an absolute template: the template was refused (its error is
    // reported), and the code fell back to its place in the book; nothing more to say.
    let refused = |span: Option<Span>| span.is_some_and(|s| cx.src_text(s).contains("://"));
    let Some((e, span)) = links
        .sources()
        .find(|&(e, span)| !e.docs_url.contains("://") && !refused(span))
    else {
        return;
    };
    let mut outputs = vec!["the problem+json `type`"];
    if profiles
        .mcp_tool_error
        .fields
        .iter()
        .any(|f| f.fact == Fact::DocsUrl)
    {
        outputs.push("the MCP tool result's metadata");
    }
    if let JsonRpcData::Fields(f) = &profiles.jsonrpc_error.data
        && f.iter().any(|f| f.fact == Fact::DocsUrl)
    {
        outputs.push("the JSON-RPC error's `data`");
    }
    let outputs = match outputs.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    };
    let d = Diagnostic::new(
        DiagCode::RelativeDocsUrl,
        Some(span.unwrap_or(links.registry_span)),
        &[("url", &e.docs_url), ("code", &e.code), ("outputs", &outputs)],
    )
    .with_help(match span {
        None => "set registry.docs_site_url to the absolute URL the generated book is served from (e.g. `https://docs.example.com/errors/`): every default docs URL becomes `<site><page>.html#<code>`",
        Some(_) => "write an absolute docs_url (`https://host/...`), or set registry.docs_site_url and leave docs_url out: the default links then point at the book deployed there",
    });
    cx.push(d);
}

/// EDX0609 `DocsUrlPrefix`: a placeholder's prefix to drop (`{name#sqlite_}`) that no
/// code's value starts with (a typo: every URL keeps it, silently), or that is the whole
/// value of a code (its URL has nothing in that place). The registry's template is held
/// against the codes that use it, an entry's own against that entry.
pub(super) fn docs_url_prefix(cx: &mut Cx, links: &DocsLinks) {
    let registry = links.registry.docs_url.as_deref().zip(links.template_span);
    let mut templates: Vec<(String, Span, Vec<&ErrorEntry>)> = Vec::new();
    if let Some((raw, span)) = registry
        && raw.contains('#')
    {
        let users = links
            .entries
            .iter()
            .zip(links.own_spans)
            .filter(|(_, own)| own.is_none())
            .map(|(e, _)| e)
            .collect();
        templates.push((raw.to_string(), span, users));
    }
    for (e, own) in links.entries.iter().zip(links.own_spans) {
        if let Some(span) = own {
            let raw = cx.src_text(*span).trim_matches(['"', '\'']).to_string();
            if raw.contains('#') {
                templates.push((raw, *span, vec![e]));
            }
        }
    }
    for (raw, span, users) in templates {
        if users.is_empty() {
            continue;
        }
        for (hole, prefix) in super::docs_url::without_prefixes(&raw).1 {
            let value = |e: &ErrorEntry| -> String {
                let url = names::CodeUrl {
                    namespace_slug: e
                        .namespace
                        .map_or(GENERAL_SLUG, |n| links.namespaces[n].0.slug.as_str()),
                    anchor: &e.anchor,
                    code: &e.code,
                    name: &e.name,
                    category_key: links
                        .categories
                        .get(e.category)
                        .map_or("", |c| c.0.key.as_str()),
                };
                url.value(&hole).into_owned()
            };
            let starts = |v: &str| names::starts_with_prefix(v, &prefix);
            let written = format!("{{{hole}#{prefix}}}");
            let mut any = false;
            let mut whole = None;
            for e in &users {
                let v = value(e);
                if starts(&v) {
                    any = true;
                    if v.len() == prefix.len() && whole.is_none() {
                        whole = Some((e.code.clone(), v));
                    }
                }
            }
            let problem = match whole {
                _ if !any => format!(
                    "drops `{prefix}` from no code's `{{{hole}}}`: every URL keeps it (`{}` for {})",
                    value(users[0]),
                    users[0].code
                ),
                Some((code, v)) => format!(
                    "drops the whole `{{{hole}}}` of {code} (`{v}`): its URL has nothing there"
                ),
                None => continue,
            };
            let at = cx.span_within(span, &written);
            let d = Diagnostic::new(
                DiagCode::DocsUrlPrefix,
                Some(at),
                &[("placeholder", &written), ("problem", &problem)],
            )
            .with_help(format!(
                "the prefix is compared with the value the URL gets (`{{{hole}}}` is a slug, lower case, `-` for other characters), without regard to case"
            ));
            cx.push(d);
        }
    }
}

/// Where an entry's parts are written, for the rules about the book.
pub(super) struct EntrySpans {
    /// Its NAME, the key in `errors:`.
    pub(super) name: Span,
    pub(super) code: Span,
    /// Its own `docs_url`, if it has one.
    pub(super) docs_url: Option<Span>,
    pub(super) aliases: Vec<Span>,
    pub(super) legacy: Vec<Span>,
}

/// What the rules about the book's pages and redirects point at.
pub(super) struct BookSpans<'a> {
    /// By entry of the IR.
    pub(super) entries: &'a [EntrySpans],
    /// By retired code of the IR.
    pub(super) retired: &'a [Span],
    /// `docs.moved`, as read: (address, key span, code, value span).
    pub(super) moved: &'a [(String, Span, String, Span)],
    pub(super) former_layout: Option<Span>,
    pub(super) layout: Option<Span>,
}

/// A page of the book in words, for a diagnostic.
fn page_words(cat: &Catalogue, page: &book::Page) -> String {
    match page.kind {
        book::PageKind::Index => "the book's index page".into(),
        book::PageKind::Retired => "the page of the retired codes".into(),
        book::PageKind::Codes => "the book's page of every code".into(),
        book::PageKind::MdBook => format!("the page mdBook writes as `{}.html`", page.path),
        book::PageKind::Namespace => match cat.namespaces.iter().find(|n| n.slug == page.path) {
            Some(n) => format!("the page of the namespace `{}`", n.key),
            None => "the page of the codes without a namespace".into(),
        },
        book::PageKind::Code(i) => format!("the page of `{}`", cat.errors[i].code),
    }
}

/// The longest file name errdex writes for a page (most file systems take 255 bytes; the
/// `.md` source and the `.html` page both must fit).
const MAX_PAGE_FILE: usize = 250;

/// EDX0607 `DocsPageCollision`: with a page per code, each code's page is a file of its
/// own: not another code's (their slugs coincide), not a namespace's page, not one errdex
/// or mdBook writes (`index`, `retired`, `print`, `404`, `toc`), and short enough for a
/// file system.
pub(super) fn docs_page_collision(cx: &mut Cx, cat: &Catalogue, spans: &BookSpans) {
    if !cat.docs.layout.per_code() {
        return;
    }
    let pages = book::pages(cat);
    let mut first: HashMap<&str, &book::Page> = HashMap::with_capacity(pages.len());
    // Pages that are not a code's come first, so a code is reported against them.
    let (codes, others): (Vec<&book::Page>, Vec<&book::Page>) = pages
        .iter()
        .partition(|p| matches!(p.kind, book::PageKind::Code(_)));
    for p in others {
        first.entry(p.path.as_str()).or_insert(p);
    }
    for p in codes {
        let book::PageKind::Code(i) = p.kind else {
            continue;
        };
        let (Some(e), Some(s)) = (cat.errors.get(i), spans.entries.get(i)) else {
            continue;
        };
        let file = format!("{}.html", p.path);
        let file_name = file.rsplit('/').next().unwrap_or(&file);
        let other = match first.get(p.path.as_str()) {
            Some(q) => Some(page_words(cat, q)),
            None if file_name.len() > MAX_PAGE_FILE => Some(format!(
                "a file name of {} bytes, more than the {MAX_PAGE_FILE} errdex writes (file systems take 255)",
                file_name.len()
            )),
            None => {
                first.insert(&p.path, p);
                None
            }
        };
        if let Some(other) = other {
            let d = Diagnostic::new(
                DiagCode::DocsPageCollision,
                Some(s.code),
                &[("code", &e.code), ("file", &file), ("other", &other)],
            )
            .with_help(match cat.docs.layout {
                DocsLayout::Code => "a code's page is the slug of its code (lower case, other characters `-`); change the code and keep the old one in `legacy_codes`, or put each code in its namespace's folder with `docs.layout: namespace/code`",
                _ => "a code's page is the slug of its code (lower case, other characters `-`); change the code and keep the old one in `legacy_codes`",
            });
            cx.push(d);
        }
    }
}

/// EDX0608 `RedirectOverLivePage`: no redirect of the book (legacy codes, aliases, retired
/// codes, `docs.former_layout`, `docs.moved`) starts at a page the book writes, at a code's
/// section or a tombstone on its page, or where an earlier redirect to another place starts.
pub(super) fn redirect_over_live_page(cx: &mut Cx, cat: &Catalogue, spans: &BookSpans) {
    let redirects = book::redirects(cat);
    for (i, conflict) in book::conflicts(cat, &redirects) {
        let r = &redirects[i];
        let what_of = |source: book::Source| -> (String, Option<Span>) {
            match source {
                book::Source::Legacy { entry, index } => (
                    format!(
                        "legacy code `{}` of {}",
                        cat.errors[entry].legacy_codes[index], cat.errors[entry].code
                    ),
                    spans
                        .entries
                        .get(entry)
                        .and_then(|s| s.legacy.get(index).copied()),
                ),
                book::Source::Alias { entry, index } => (
                    format!(
                        "alias `{}` of {}",
                        cat.errors[entry].aliases[index], cat.errors[entry].code
                    ),
                    spans
                        .entries
                        .get(entry)
                        .and_then(|s| s.aliases.get(index).copied()),
                ),
                book::Source::Retired { index } => (
                    format!("retired code `{}`", cat.retired[index].code),
                    spans.retired.get(index).copied(),
                ),
                book::Source::FormerLayout { entry } => (
                    format!("{} in the former layout", cat.errors[entry].code),
                    spans.former_layout,
                ),
                book::Source::Moved { index } => (
                    format!(
                        "`docs.moved` to {}",
                        cat.errors[cat.docs.moved[index].1].code
                    ),
                    spans.moved.get(index).map(|m| m.1),
                ),
            }
        };
        let (what, span) = what_of(r.source);
        let live = match &conflict {
            book::Conflict::Page(p) => page_words(cat, p),
            book::Conflict::Section(k) => {
                let e = &cat.errors[*k];
                format!(
                    "the section of {} on `{}.html`",
                    e.code,
                    book::address(cat, e).page
                )
            }
            book::Conflict::Tombstone(k) => {
                format!("the row of the retired code `{}`", cat.retired[*k].code)
            }
            book::Conflict::Category(k) => {
                format!("the row of the category `{}`", cat.categories[*k].key)
            }
            book::Conflict::Redirect(j) => {
                let (other, _) = what_of(redirects[*j].source);
                format!("the redirect of {other}, to `{}`", redirects[*j].to.key())
            }
        };
        let from = format!("/{}", r.from);
        let d = Diagnostic::new(
            DiagCode::RedirectOverLivePage,
            span.or(spans.layout),
            &[("what", &what), ("from", &from), ("live", &live)],
        )
        .with_help("an address serves one thing: drop the redirect (or the old code that makes it), or move what is there now");
        cx.push(d);
    }
}

/// EDX0211 `InvalidAipReason`: under `profiles.http.body: google` every code's AIP-193
/// `ErrorInfo.reason` (its NAME in UPPER_SNAKE, or its wire code) is UPPER_SNAKE of at most
/// 63 characters, as AIP-193 requires.
pub(super) fn invalid_aip_reason(cx: &mut Cx, http: &HttpProfile, all: Across) {
    if http.body != HttpBody::Google {
        return;
    }
    let pattern = &crate::catalogue::format::AIP_REASON;
    for (e, p) in all.iter() {
        let (reason, span) = match http.reason {
            ReasonSource::Name => (names::aip_reason(&e.name), p.name_span),
            ReasonSource::Code => (e.code.clone(), p.code_span),
        };
        let rule = if reason.len() > 63 {
            format!("it is {} characters long; AIP-193 allows 63", reason.len())
        } else if !pattern.is_match(&reason) {
            "AIP-193 requires UPPER_SNAKE (`[A-Z][A-Z0-9_]+[A-Z0-9]`)".to_string()
        } else {
            continue;
        };
        let help = match http.reason {
            ReasonSource::Name => "shorten the NAME",
            ReasonSource::Code => "use `profiles.http.reason: name`, or change the code",
        };
        cx.err(
            DiagCode::InvalidAipReason,
            span,
            &[("reason", &reason), ("name", &e.name), ("rule", &rule)],
        )
        .help = Some(help.to_string());
    }
}

/// EDX0507 `RetryAfterIgnored` (a warning): a retryable code with a retry delay whose HTTP
/// status is not one where clients read `Retry-After`, when the catalogue declares its HTTP
/// profile (with `retry_after` on). Reported once at a category whose own facts say so, and
/// at an entry only where it overrides its category's.
pub(super) fn retry_after_ignored(
    cx: &mut Cx,
    http: &HttpProfile,
    categories: &[(Category, Span)],
    all: Across,
) {
    if !http.declared || !http.retry_after {
        return;
    }
    fn ignored(retryable: bool, retry: &Option<Retry>, status: u16) -> Option<u64> {
        let delay = retry.as_ref()?.initial_backoff_ms?;
        let heard = crate::catalogue::format::RETRY_AFTER_STATUSES.contains(&status);
        (retryable && !heard).then_some(delay)
    }
    let warn = |cx: &mut Cx, what: String, delay: u64, status: u16, span: Span| {
        cx.err(
            DiagCode::RetryAfterIgnored,
            span,
            &[
                ("code", &what),
                ("delay", &delay.to_string()),
                ("status", &status.to_string()),
            ],
        );
    };
    for (c, span) in categories {
        if let Some(delay) = ignored(c.retryable, &c.retry, c.http_status) {
            warn(
                cx,
                format!("category `{}`", c.key),
                delay,
                c.http_status,
                *span,
            );
        }
    }
    for (e, p) in all.iter() {
        let Some(delay) = ignored(e.retryable, &e.retry, e.http_status) else {
            continue;
        };
        let inherited = categories.get(e.category).is_some_and(|(c, _)| {
            c.retryable == e.retryable && c.retry == e.retry && c.http_status == e.http_status
        });
        if !inherited {
            warn(
                cx,
                format!("code {}", e.code),
                delay,
                e.http_status,
                p.name_span,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::without_leading_zeros_into;

    /// `code` with the leading zeros of each of its numbers dropped, or `None` when it has
    /// none to drop.
    fn without_leading_zeros(code: &str) -> Option<String> {
        let mut out = String::new();
        without_leading_zeros_into(code, &mut out).then_some(out)
    }

    #[test]
    fn numbers_without_their_leading_zeros() {
        for (code, read_as) in [
            ("0266", Some("266")),
            ("ACM-FRM-007", Some("ACM-FRM-7")),
            ("E00A01", Some("E0A1")),
            ("00", Some("0")),
            ("0", None),
            ("266", None),
            ("ACM-FRM-100", None),
            ("0x1A", None),
            ("42P01", Some("42P1")),
            ("A0-B00", Some("A0-B0")),
            ("1.05", None),
            ("5.7.10", None),
            ("01.05", Some("1.05")),
            ("E1.5-007", Some("E1.5-7")),
        ] {
            assert_eq!(without_leading_zeros(code).as_deref(), read_as, "{code}");
        }
    }
}
