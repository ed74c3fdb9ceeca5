//! The format as Markdown: the keys part of `docs/catalogue.md`, rendered from the
//! declarations in [`super`] only. `codegen/tests/format_docs.rs` fails when the page and
//! this rendering differ (and rewrites the page with `UPDATE_EXPECT=1`), so a key added to
//! the format shows up in the docs.

use std::fmt::Write as _;

use crate::support::doc_table::{cell, code, table};

use super::{
    CLASS_NAME, ENTRY_NAME, FORMAT_VERSION, Fallback, IDENT, Key, PARAM, PARAM_TYPES, Pattern,
    Presence, REGISTRY_NAME, SCHEMA_KEYS, SECTIONS, Section, Text, Type,
};

/// The string patterns of the format, by the name the docs give them.
static PATTERNS: [(&str, &Pattern, &str); 4] = [
    (
        "identifier",
        &IDENT,
        "param names, category and namespace keys",
    ),
    (
        "NAME",
        &ENTRY_NAME,
        "entry NAMEs, aliases, `replaced_by`, a retired code's `name`",
    ),
    ("registry name", &REGISTRY_NAME, "`registry.name`"),
    ("class name", &CLASS_NAME, "every `class`"),
];

/// Every [`crate::diag::DiagCode`] as a Markdown table (code, NAME, severity, message), for the
/// diagnostics part of `docs/catalogue.md` (checked by `codegen/tests/format_docs.rs`).
/// Placeholders of a message show as `<name>`.
pub fn diagnostics_markdown() -> String {
    let rows = crate::diag::DiagCode::ALL.iter().map(|c| {
        vec![
            code(c.as_str()),
            code(c.name()),
            c.severity().as_str().to_string(),
            cell(&crate::diag::message_shape(*c)),
        ]
    });
    table(&["Code", "NAME", "Severity", "Message"], rows)
}

/// Every section of the format as a Markdown table (key, type, required or default,
/// description), in the order of [`SECTIONS`], then the patterns those tables name.
/// Headings are level 3: the page puts them under a level-2 heading of its own.
pub fn reference_markdown() -> String {
    let mut out = String::new();
    for section in SECTIONS {
        let _ = writeln!(out, "### {}\n", heading(section));
        if let Some(description) = section.description {
            let _ = writeln!(out, "{}\n", cell(description));
        }
        if section.nullable {
            out.push_str("`null` stands for a mapping without keys.\n\n");
        }
        let rows = section.keys.iter().map(|key| {
            vec![
                code(key.name),
                type_of(key),
                presence(key.presence),
                cell(key.description),
            ]
        });
        out.push_str(&table(
            &["Key", "Type", "Required / default", "Description"],
            rows,
        ));
        out.push('\n');
    }
    out.push_str("### Patterns\n\n");
    for (name, pattern, used_by) in PATTERNS {
        let _ = writeln!(out, "- {name} ({}): {}", cell(used_by), code(pattern.regex));
    }
    out
}

fn heading(section: &Section) -> String {
    if section.path.starts_with('(') {
        // `(top level)`
        let words = section.path.trim_matches(['(', ')']);
        let mut chars = words.chars();
        chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    } else {
        code(section.path)
    }
}

/// A key's type in words, as one table cell.
fn type_of(key: &Key) -> String {
    match key.ty {
        Type::Version => format!("integer: `{FORMAT_VERSION}`"),
        Type::Text(text) => noun(text),
        Type::TextOrNull => "string or `null`".into(),
        Type::Boolean => "`true` or `false`".into(),
        Type::Integer { min, max } => match max {
            Some(max) if min == i64::from(i32::MIN) && max == i64::from(i32::MAX) => {
                "integer: 32-bit signed".into()
            }
            Some(max) => format!("integer: `{min}..={max}`"),
            None => format!("integer: `{min}` or more"),
        },
        Type::Section(section) => format!("mapping: {}", cell(&code(section.path))),
        Type::Named { names, item } => {
            format!("mapping: {} → {}", noun(names), cell(&code(item.path)))
        }
        Type::List(text) => format!("list of distinct {}", plural(text)),
        Type::FlagOr(section) => {
            format!("`true`, `false` or mapping: {}", cell(&code(section.path)))
        }
        Type::FactMap => "mapping: output key → fact".into(),
        Type::Map { keys, values } => format!("mapping: {} → {}", noun(keys), noun(values)),
        Type::WordOrFactMap { words } => {
            let words: Vec<String> = words.iter().map(|word| code(word)).collect();
            format!(
                "{}, `null`, or mapping: output key → fact",
                words.join(", ")
            )
        }
        Type::Params => {
            let words: Vec<String> = PARAM_TYPES.iter().map(|(word, _)| code(word)).collect();
            format!(
                "mapping: {} → {} or mapping: {}",
                noun(Text::Pattern(&IDENT)),
                words.join(" \\| "),
                cell(&code(PARAM.path))
            )
        }
        Type::Word(words) => {
            let words: Vec<String> = words.iter().map(|word| code(word)).collect();
            words.join(" \\| ")
        }
        Type::Schema => {
            let keys: Vec<String> = SCHEMA_KEYS.iter().map(|k| code(k)).collect();
            format!("mapping: JSON Schema ({})", keys.join(", "))
        }
        Type::Any => "any value".into(),
    }
}

/// What a string must be, as a noun (a pattern by its name in [`PATTERNS`]).
fn noun(text: Text) -> String {
    match text {
        Text::Any => "string".into(),
        Text::NonEmpty => "non-empty string".into(),
        Text::Pattern(pattern) => match PATTERNS.iter().find(|(_, p, _)| std::ptr::eq(*p, pattern))
        {
            Some((name, _, _)) => (*name).into(),
            None => format!("string matching {}", cell(&code(pattern.regex))),
        },
        Text::Regex => "regular expression".into(),
        Text::Word(words) => words
            .iter()
            .map(|w| code(w))
            .collect::<Vec<_>>()
            .join(" \\| "),
    }
}

/// [`noun`] in the plural.
fn plural(text: Text) -> String {
    match text {
        Text::Pattern(pattern) if !PATTERNS.iter().any(|(_, p, _)| std::ptr::eq(*p, pattern)) => {
            format!("strings matching {}", cell(&code(pattern.regex)))
        }
        Text::Word(_) => format!("words: {}", noun(text)),
        other => format!("{}s", noun(other)),
    }
}

fn presence(presence: Presence) -> String {
    match presence {
        Presence::Required => "**required**".into(),
        Presence::Optional => "optional".into(),
        Presence::FromCategory => "the category's".into(),
        Presence::RequiredWhen { key, equals } => format!("**required** with `{key}: {equals}`"),
        Presence::Default(fallback) => match fallback {
            Fallback::Bool(value) => format!("`{value}`"),
            Fallback::Int(value) => format!("`{value}`"),
            Fallback::Str(value) => cell(&code(value)),
            Fallback::List(values) => cell(
                &values
                    .iter()
                    .map(|v| code(v))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            Fallback::Null => "`null`".into(),
            Fallback::Text(words) => cell(words),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_of_every_section_is_in_the_reference() {
        let md = reference_markdown();
        for section in SECTIONS {
            assert!(
                md.contains(&format!("### {}\n", heading(section))),
                "{}",
                section.path
            );
            for key in section.keys {
                assert!(md.contains(&format!("| `{}` |", key.name)), "{}", key.name);
            }
        }
    }

    #[test]
    fn every_section_reachable_from_the_top_is_listed() {
        fn walk(section: &'static Section, seen: &mut Vec<&'static str>) {
            if seen.contains(&section.path) {
                return;
            }
            seen.push(section.path);
            for key in section.keys {
                match key.ty {
                    Type::Section(inner)
                    | Type::FlagOr(inner)
                    | Type::Named { item: inner, .. } => walk(inner, seen),
                    Type::Params => walk(&PARAM, seen),
                    _ => {}
                }
            }
        }
        let mut seen = Vec::new();
        walk(&crate::catalogue::format::TOP, &mut seen);
        for path in seen {
            assert!(
                SECTIONS.iter().any(|s| s.path == path),
                "section `{path}` is not in format::SECTIONS, so docs/catalogue.md misses it"
            );
        }
    }
}
