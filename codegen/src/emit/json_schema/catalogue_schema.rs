//! `catalogue.schema.json`: the editor schema of the catalogue format, derived from the key
//! table in [`crate::catalogue::format`]. It does not depend on a catalogue's content.

use serde_json::{Map, Value, json};

use super::DRAFT_2020_12;
use crate::catalogue::format::{
    self, FORMAT_VERSION, Key, PARAM_TYPE_DESCRIPTION, PARAM_TYPES, Section, Text, Type,
};
use crate::ir::{Catalogue, Fact};

/// `catalogue.schema.json` with `header` as its `$comment`.
pub fn catalogue_schema(header: &str) -> Value {
    let mut root = Map::new();
    root.insert("$schema".into(), json!(DRAFT_2020_12));
    root.insert("$comment".into(), json!(header));
    root.insert(
        "title".into(),
        json!(format!(
            "errdex catalogue (errors.yaml), format {FORMAT_VERSION}"
        )),
    );
    root.insert(
        "description".into(),
        json!("The single source of truth for a project's error codes. Reference this schema from the first line of errors.yaml: `# yaml-language-server: $schema=<path>/catalogue.schema.json`."),
    );
    root.extend(object(&format::TOP));
    either_errors_or_parts(&mut root);
    Value::Object(root)
}

/// A root whose codes are all in its parts has no `errors` of its own (what `errdex split
/// --by code` leaves, and a registry whose last own codes moved to a part): the loader reads
/// the parts' `errors` into it. The schema then asks for `errors` or `parts`, not `errors`
/// alone, so an editor does not mark a root that lints clean.
fn either_errors_or_parts(root: &mut Map<String, Value>) {
    let (errors, parts) = (
        format::keys::top::ERRORS.name(),
        format::keys::top::PARTS.name(),
    );
    let Some(Value::Array(required)) = root.get_mut("required") else {
        return;
    };
    let before = required.len();
    required.retain(|k| k != errors);
    if required.len() < before {
        root.insert(
            "anyOf".into(),
            json!([{"required": [errors]}, {"required": [parts]}]),
        );
    }
}

/// `part.schema.json`: the editor schema of a part file (a file the root's `parts:` lists,
/// or a folder part's `_part.yaml`): its `part:` header, and `namespaces` and `errors`
/// exactly as in the root catalogue. Like [`catalogue_schema`], it is the format's.
pub fn part_schema(header: &str) -> Value {
    part_schema_of(&catalogue_schema(header), header)
}

/// [`part_schema`] from the `catalogue` schema already built for `header`.
pub(super) fn part_schema_of(catalogue: &Value, header: &str) -> Value {
    let header_keys: Map<String, Value> = format::PART_HEADER_KEYS
        .iter()
        .map(|(key, description)| {
            (
                key.to_string(),
                json!({"type": "string", "minLength": 1, "description": description}),
            )
        })
        .collect();
    json!({
        "$schema": DRAFT_2020_12,
        "$comment": header,
        "title": format!("errdex catalogue part, format {FORMAT_VERSION}"),
        "description": "A file that the root catalogue's `parts:` lists (or a folder part's `_part.yaml`): the part's owner and the codes it may allocate, then namespaces and errors as in the root. Reference it from the part's first line: `# yaml-language-server: $schema=<path>/part.schema.json`.",
        "type": "object",
        "additionalProperties": false,
        "properties": {
            "part": {
                "description": "Who owns this part and which codes it may allocate.",
                "type": "object",
                "additionalProperties": false,
                "not": {"required": ["range", "prefix"]},
                "properties": header_keys,
            },
            "namespaces": catalogue["properties"]["namespaces"],
            "errors": catalogue["properties"]["errors"],
        },
    })
}

/// `entry.schema.json`: the editor schema of one code's file in a folder part
/// (`<CODE>.yaml`, the code its file name): an entry of `errors:` with its `name`.
pub fn entry_schema(header: &str) -> Value {
    entry_schema_of(&catalogue_schema(header), header)
}

/// [`entry_schema`] from the `catalogue` schema already built for `header`.
pub(super) fn entry_schema_of(catalogue: &Value, header: &str) -> Value {
    let errors = &catalogue["properties"]["errors"];
    let mut entry = errors["additionalProperties"].clone();
    let mut name = errors["propertyNames"].clone();
    name["type"] = json!("string");
    name["description"] =
        json!("The entry's NAME (its key under `errors:` in a catalogue in one file).");
    let mut properties = Map::new();
    properties.insert("name".into(), name);
    if let Some(Value::Object(own)) = entry.get_mut("properties").map(Value::take) {
        properties.extend(own);
    }
    entry["properties"] = Value::Object(properties);
    let mut required = vec![json!("name")];
    if let Some(Value::Array(own)) = entry.get("required") {
        required.extend(own.iter().cloned());
    }
    entry["required"] = Value::Array(required);
    let mut root = Map::new();
    root.insert("$schema".into(), json!(DRAFT_2020_12));
    root.insert("$comment".into(), json!(header));
    root.insert(
        "title".into(),
        json!(format!(
            "errdex catalogue entry in a file of its own, format {FORMAT_VERSION}"
        )),
    );
    if let Value::Object(members) = entry {
        for (key, value) in members {
            if key == "description" {
                root.insert(
                    key,
                    json!("One code in a folder part (`<CODE>.yaml`, its explanation in `<CODE>.md`): the entry with its `name`; its code is the file's name (a `code:` key must say the same). Reference it from the file's first line: `# yaml-language-server: $schema=<path>/entry.schema.json`."),
                );
            } else {
                root.insert(key, value);
            }
        }
    }
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
    let conditions: Vec<Value> = section
        .required_when()
        .map(|(required, key, equals)| {
            json!({
                "if": {"required": [key], "properties": {key: {"const": equals}}},
                "then": {"required": [required]},
            })
        })
        .collect();
    if !conditions.is_empty() {
        out.insert("allOf".into(), json!(conditions));
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
            out.insert("pattern".into(), json!(pattern.regex));
        }
        Text::Regex => {
            out.insert("format".into(), json!("regex"));
        }
        Text::Word(words) => {
            out.insert("enum".into(), json!(words));
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
                // `false` is accepted too: it means the key is left out.
                {"type": "boolean"},
                Value::Object(object(section)),
            ],
        }),
        Type::FactMap => fact_map(&description),
        Type::Map { keys, values } => json!({
            "description": description,
            "type": "object",
            "propertyNames": text_rules(keys),
            "additionalProperties": string(values),
        }),
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
            "propertyNames": text_rules(Text::Pattern(&format::IDENT)),
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
                {"type": "string", "pattern": format::KEYED_FACT.regex},
            ],
        },
    })
}

/// `errors.schema.json`: the editor schema of one catalogue — the format's schema with the
/// catalogue's own names filled in, so an editor completes `category:` and `namespace:`
/// values, flags a mistyped one, and requires `category` where the namespace gives none.
/// It is regenerated with the other outputs; a category added since the last `errdex
/// generate` is flagged by the editor until then.
pub fn own_catalogue_schema(cat: &Catalogue, header: &str) -> Value {
    own_catalogue_schema_of(catalogue_schema(header), cat)
}

/// [`own_catalogue_schema`] from (a copy of) the `catalogue` schema built for its header.
pub(super) fn own_catalogue_schema_of(mut root: Value, cat: &Catalogue) -> Value {
    root["title"] = json!(format!("{}: errors.yaml", cat.registry.title));
    root["description"] = json!(
        "The editor schema of this catalogue: the errdex format with this catalogue's categories and namespaces as the only values of `category:` and `namespace:`. Written by `errdex generate` beside the general `catalogue.schema.json`; regenerate after adding a category or namespace."
    );
    // This catalogue's own: the namespaces and categories an import brought are that
    // registry's, which this catalogue's codes may not use.
    let imported = |key: &str, of: fn(&crate::ir::Import) -> &Vec<String>| {
        cat.imports.iter().any(|i| of(i).iter().any(|k| k == key))
    };
    let categories: Vec<_> = cat
        .categories
        .iter()
        .filter(|c| !imported(&c.key, |i| &i.categories))
        .collect();
    let namespaces: Vec<_> = cat
        .namespaces
        .iter()
        .filter(|n| !imported(&n.key, |i| &i.namespaces))
        .collect();
    let category_keys: Vec<&str> = categories.iter().map(|c| c.key.as_str()).collect();
    let category_summaries: Vec<&str> = categories.iter().map(|c| c.summary.as_str()).collect();
    let namespace_keys: Vec<&str> = namespaces.iter().map(|n| n.key.as_str()).collect();
    let namespace_titles: Vec<&str> = namespaces.iter().map(|n| n.title.as_str()).collect();
    let choose = |property: &mut Value, keys: &[&str], descriptions: &[&str]| {
        property["enum"] = json!(keys);
        property["enumDescriptions"] = json!(descriptions);
    };
    let entry = &mut root["properties"]["errors"]["additionalProperties"];
    choose(
        &mut entry["properties"]["category"],
        &category_keys,
        &category_summaries,
    );
    choose(
        &mut entry["properties"]["namespace"],
        &namespace_keys,
        &namespace_titles,
    );
    // `category` may be left out only where the namespace gives one.
    let without_default: Vec<&str> = namespaces
        .iter()
        .filter(|n| n.category.is_none())
        .map(|n| n.key.as_str())
        .collect();
    let rule = json!({
        "if": {"anyOf": [
            {"not": {"required": ["namespace"]}},
            {"properties": {"namespace": {"enum": without_default}}},
        ]},
        "then": {"required": ["category"]},
    });
    match entry.get_mut("allOf").and_then(Value::as_array_mut) {
        Some(rules) => rules.push(rule),
        None => entry["allOf"] = json!([rule]),
    }
    let namespace = &mut root["properties"]["namespaces"]["additionalProperties"];
    choose(
        &mut namespace["properties"]["category"],
        &category_keys,
        &category_summaries,
    );
    root
}
