//! `catalogue.schema.json`: the editor schema of the catalogue format, derived from the key
//! table in [`crate::catalogue::format`]. It does not depend on a catalogue's content.

use serde_json::{Map, Value, json};

use super::DRAFT_2020_12;
use crate::ir::Fact;
use crate::catalogue::format::{
    self, FORMAT_VERSION, Key, PARAM_TYPE_DESCRIPTION, PARAM_TYPES, Section, Text, Type,
};

/// `catalogue.schema.json` with `header` as its `$comment`.
pub fn catalogue_schema(header: &str) -> Value {
    let mut root = Map::new();
    root.insert("$schema".into(), json!(DRAFT_2020_12));
    root.insert("$comment".into(), json!(header));
    root.insert(
        "title".into(),
        json!(format!("errdex catalogue (errors.yaml), format {FORMAT_VERSION}")),
    );
    root.insert(
        "description".into(),
        json!("The single source of truth for a project's error codes. Reference this schema from the first line of errors.yaml: `# yaml-language-server: $schema=<path>/catalogue.schema.json`."),
    );
    root.extend(object(&format::TOP));
    Value::Object(root)
}

/// A section's mapping: its type, no other keys, the required ones, each key's schema.
fn object(section: &Section) -> Map<String, Value> {
    let mut out = Map::new();
    out.insert(
        "type".into(),
        if section.nullable {
            json!(["object", "null"])
        } else {
            json!("object")
        },
    );
    out.insert("additionalProperties".into(), json!(false));
    let required: Vec<&str> = section.required().collect();
    if !required.is_empty() {
        out.insert("required".into(), json!(required));
    }
    let properties: Map<String, Value> = section
        .keys
        .iter()
        .map(|key| (key.name.to_string(), property(key)))
        .collect();
    out.insert("properties".into(), Value::Object(properties));
    out
}

/// A section with its own description first, as an item of a named mapping.
fn described_object(description: Option<&str>, section: &Section) -> Value {
    let mut out = Map::new();
    if let Some(description) = description {
        out.insert("description".into(), json!(description));
    }
    out.extend(object(section));
    Value::Object(out)
}

/// What an editor can check of a string, without its `type`.
fn text_rules(text: Text) -> Map<String, Value> {
    let mut out = Map::new();
    match text {
        Text::Any => {}
        Text::NonEmpty => {
            out.insert("minLength".into(), json!(1));
        }
        Text::Pattern(pattern) => {
            out.insert("pattern".into(), json!(pattern));
        }
        Text::Regex => {
            out.insert("format".into(), json!("regex"));
        }
    }
    out
}

fn string(text: Text) -> Map<String, Value> {
    let mut out = Map::new();
    out.insert("type".into(), json!("string"));
    out.extend(text_rules(text));
    out
}

/// One key's schema: a scalar's constraints before its description, a collection's
/// description first.
fn property(key: &Key) -> Value {
    let description = key.full_description();
    let scalar = |mut rules: Map<String, Value>| {
        rules.insert("description".into(), json!(description));
        Value::Object(rules)
    };
    match key.ty {
        Type::Version => scalar(Map::from_iter([("const".into(), json!(FORMAT_VERSION))])),
        Type::Text(text) => scalar(string(text)),
        Type::TextOrNull => scalar(Map::from_iter([("type".into(), json!(["string", "null"]))])),
        Type::Boolean => scalar(Map::from_iter([("type".into(), json!("boolean"))])),
        Type::Integer { min, max } => {
            let mut rules = Map::from_iter([
                ("type".into(), json!("integer")),
                ("minimum".into(), json!(min)),
            ]);
            if let Some(max) = max {
                rules.insert("maximum".into(), json!(max));
            }
            scalar(rules)
        }
        Type::Section(section) => described_object(Some(&description), section),
        Type::Named { names, item } => json!({
            "description": description,
            "type": "object",
            "propertyNames": text_rules(names),
            "additionalProperties": described_object(item.description, item),
        }),
        Type::List(text) => json!({
            "description": description,
            "type": "array",
            "items": string(text),
            "uniqueItems": true,
        }),
        Type::FlagOr(section) => json!({
            "description": description,
            "anyOf": [
                {"const": true},
                Value::Object(object(section)),
            ],
        }),
        Type::FactMap => fact_map(&description),
        Type::WordOrFactMap { words } => json!({
            "description": description,
            "anyOf": [
                {"enum": words},
                {"type": "null"},
                fact_map("Output key → the fact it carries."),
            ],
        }),
        Type::Params => json!({
            "description": description,
            "type": "object",
            "propertyNames": text_rules(Text::Pattern(format::IDENT)),
            "additionalProperties": {
                "anyOf": [
                    {
                        "enum": PARAM_TYPES.map(|(word, _)| word),
                        "description": PARAM_TYPE_DESCRIPTION,
                    },
                    described_object(format::PARAM.description, &format::PARAM),
                ],
            },
        }),
        Type::Word(words) => scalar(Map::from_iter([("enum".into(), json!(words))])),
        Type::Schema => json!({
            "description": description,
            "type": "object",
            "propertyNames": {"enum": format::SCHEMA_KEYS},
        }),
        Type::Any => scalar(Map::new()),
    }
}

/// A mapping of output keys to facts.
fn fact_map(description: &str) -> Value {
    json!({
        "description": description,
        "type": "object",
        "propertyNames": {"minLength": 1},
        "additionalProperties": {
            "anyOf": [
                {"enum": Fact::NAMED.map(|(name, _)| name)},
                {"type": "string", "pattern": format::KEYED_FACT},
            ],
        },
    })
}
