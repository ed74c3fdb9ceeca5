//! Typed readers over the located tree: a mapping's keys checked against its
//! [`Section`] of the format, strings, booleans, integers, lists and templates, each
//! reporting what is wrong to the [`Cx`] sink instead of stopping.

use std::collections::{BTreeMap, HashMap};

use crate::diag::{DiagCode, Diagnostic, Span};
use crate::support::suggest::did_you_mean;
use crate::template::TemplateError;

use super::format::Section;
use super::sink::Cx;
use super::tree::{Kind, Node};

/// A mapping's fields after the shape checks, by key.
pub(super) struct Fields<'a> {
    pub(super) node: &'a Node,
    pub(super) map: BTreeMap<&'a str, (&'a Node, &'a Node)>,
}

impl<'a> Fields<'a> {
    pub(super) fn get(&self, key: &str) -> Option<&'a Node> {
        self.map.get(key).map(|(_, value)| *value)
    }
}

/// Ordered entries of a mapping whose keys are user-chosen (categories, errors, ...).
pub(super) type Entries<'a> = Vec<(&'a str, &'a Node, &'a Node)>;

impl Cx<'_> {
    /// Checks a mapping against its section: type, duplicates, unknown keys (with "did you
    /// mean"), required keys. `what` names the mapping in messages ("the registry").
    pub(super) fn fields<'a>(
        &mut self,
        node: &'a Node,
        key: &str,
        what: &str,
        section: &Section,
    ) -> Option<Fields<'a>> {
        self.fields_at(node, key, what, section, node.span)
    }

    /// [`Self::fields`], reporting missing keys at `owner` (the key that holds the mapping).
    pub(super) fn fields_at<'a>(
        &mut self,
        node: &'a Node,
        key: &str,
        what: &str,
        section: &Section,
        owner: Span,
    ) -> Option<Fields<'a>> {
        let fields = self.known_fields(node, key, what, section)?;
        for required in section.required() {
            if !fields.map.contains_key(required) {
                self.err(
                    DiagCode::MissingKey,
                    owner,
                    &[("context", what), ("key", required)],
                )
                .label = Some(format!("`{required}` is required here"));
            }
        }
        Some(fields)
    }

    /// A mapping's keys that `section` knows; the others are reported. Required keys are
    /// the caller's to check.
    pub(super) fn known_fields<'a>(
        &mut self,
        node: &'a Node,
        key: &str,
        what: &str,
        section: &Section,
    ) -> Option<Fields<'a>> {
        let entries = self.entries(node, key, "a mapping")?;
        let mut map = BTreeMap::new();
        for (name, name_node, value) in entries {
            if !section.key_names().any(|known| known == name) {
                let mut d = Diagnostic::new(
                    DiagCode::UnknownKey,
                    Some(name_node.span),
                    &[("key", name), ("context", what)],
                )
                .with_label("unknown key");
                d.help = did_you_mean(name, section.key_names()).or_else(|| {
                    let allowed: Vec<&str> = section.key_names().collect();
                    Some(format!("allowed keys here: {}", allowed.join(", ")))
                });
                self.push(d);
                continue;
            }
            map.insert(name, (name_node, value));
        }
        Some(Fields { node, map })
    }
    /// A mapping's entries in order, string keys only; duplicates reported (first kept).
    pub(super) fn entries<'a>(&mut self, node: &'a Node, key: &str, expected: &str) -> Option<Entries<'a>> {
        let Kind::Map(pairs) = &node.kind else {
            if !matches!(node.kind, Kind::Null) || expected == "a mapping" {
                self.wrong_type(node, key, expected);
            }
            return None;
        };
        // Small mappings (every entry's own keys) look for duplicates among the kept keys;
        // large ones (the `errors` mapping) through a map.
        let small = pairs.len() <= 16;
        let mut seen: HashMap<&str, Span> = HashMap::new();
        let mut out: Vec<(&'a str, &'a Node, &'a Node)> = Vec::with_capacity(pairs.len());
        for (k, v) in pairs {
            let Some(ks) = k.as_str() else {
                let found = k.kind.describe();
                self.err(
                    DiagCode::WrongType,
                    k.span,
                    &[
                        ("key", key),
                        ("expected", "a mapping with string keys"),
                        ("found", &format!("the key {found}")),
                    ],
                )
                .help = Some("quote the key to make it a string".into());
                continue;
            };
            let first = if small {
                out.iter()
                    .find(|(s, _, _)| *s == ks)
                    .map(|(_, k, _)| k.span)
            } else {
                seen.get(ks).copied()
            };
            if let Some(first) = first {
                let d = Diagnostic::new(DiagCode::DuplicateKey, Some(k.span), &[("key", ks)])
                    .with_label("duplicate key")
                    .with_note(Some(first), "first defined here")
                    .with_help("YAML keys must be unique: remove or rename one of them");
                self.push(d);
                continue;
            }
            if !small {
                seen.insert(ks, k.span);
            }
            out.push((ks, k, v));
        }
        Some(out)
    }

    pub(super) fn wrong_type(&mut self, node: &Node, key: &str, expected: &str) {
        let found = node.kind.describe();
        let mut d = Diagnostic::new(
            DiagCode::WrongType,
            Some(node.span),
            &[("key", key), ("expected", expected), ("found", &found)],
        );
        if expected == "a string"
            && matches!(node.kind, Kind::Int(_) | Kind::Float(_) | Kind::Bool(_))
        {
            d.help = Some("quote the value to make it a string".into());
        }
        self.push(d);
    }

    pub(super) fn text(&mut self, node: &Node, key: &str) -> Option<String> {
        match &node.kind {
            Kind::Str(s) => {
                if s.len() > self.limits.max_text {
                    self.err(
                        DiagCode::TextTooLong,
                        node.span,
                        &[
                            ("length", &s.len().to_string()),
                            ("limit", &self.limits.max_text.to_string()),
                        ],
                    );
                    return None;
                }
                Some(s.clone())
            }
            _ => {
                self.wrong_type(node, key, "a string");
                None
            }
        }
    }

    /// An optional string key.
    pub(super) fn optional_text(&mut self, fields: &Fields, key: &str) -> Option<String> {
        fields.get(key).and_then(|n| self.text(n, key))
    }

    /// A string or null (`null` = "omit", used by `wire` keys).
    pub(super) fn nullable_text(&mut self, fields: &Fields, key: &str, default: Option<&str>) -> Option<String> {
        match fields.get(key) {
            None => default.map(str::to_string),
            Some(n) if matches!(n.kind, Kind::Null) => None,
            Some(n) => self.text(n, key),
        }
    }

    pub(super) fn boolean(&mut self, node: &Node, key: &str) -> Option<bool> {
        match node.kind {
            Kind::Bool(value) => Some(value),
            _ => {
                self.wrong_type(node, key, "`true` or `false`");
                if let Kind::Str(word) = &node.kind
                    && let Some(value) = yaml_1_1_boolean(word)
                    && let Some(d) = self.diags.last_mut()
                {
                    d.help = Some(format!(
                        "YAML 1.2, which errdex and editors read, takes `{word}` as a string; write `{value}`"
                    ));
                }
                None
            }
        }
    }

    pub(super) fn integer(&mut self, node: &Node, key: &str) -> Option<i128> {
        match node.kind {
            Kind::Int(i) => Some(i),
            // JSON Schema's `integer` (what the editor checks) is any number without a
            // fraction, and YAML 1.2 reads `010` as ten: both are integers here too.
            Kind::Float(f) if f.is_finite() && f.fract() == 0.0 && f.abs() < 1e18 => Some(f as i128),
            _ => {
                self.wrong_type(node, key, "an integer");
                None
            }
        }
    }

    pub(super) fn string_list(&mut self, node: &Node, key: &str) -> Vec<(String, Span)> {
        let Kind::Seq(items) = &node.kind else {
            self.wrong_type(node, key, "a list of strings");
            return Vec::new();
        };
        items
            .iter()
            .filter_map(|n| self.text(n, key).map(|s| (s, n.span)))
            .collect()
    }

    pub(super) fn template_error(&mut self, node: &Node, key: &str, e: &TemplateError) {
        match e {
            TemplateError::Unbalanced { .. } => {
                self.err(
                    DiagCode::TemplateSyntax,
                    node.span,
                    &[("problem", &format!("unbalanced `{{` or `}}` in `{key}`"))],
                )
                .help = Some("write `{{` and `}}` for literal braces".into());
            }
            TemplateError::BadPlaceholder { text, .. } => {
                let span = self.span_within(node.span, &format!("{{{text}}}"));
                self.err(DiagCode::TemplateSyntax, span, &[("problem", &format!("`{{{text}}}` is not a placeholder: a placeholder is `{{name}}` with an identifier inside"))])
                    .help = Some("write `{{` and `}}` for literal braces".into());
            }
            TemplateError::UnknownParam { name, .. } => {
                let span = self.span_within(node.span, &format!("{{{name}}}"));
                self.err(DiagCode::UndeclaredPlaceholder, span, &[("param", name)])
                    .help = Some(format!(
                    "declare it under `params:` (e.g. `{name}: string`), or write `{{{{{name}}}}}` for literal braces"
                ));
            }
        }
    }
}

/// The boolean a YAML 1.1 word such as `yes` or `Off` meant, for the help of EDX0101.
fn yaml_1_1_boolean(word: &str) -> Option<bool> {
    match word.to_ascii_lowercase().as_str() {
        "y" | "yes" | "on" => Some(true),
        "n" | "no" | "off" => Some(false),
        _ => None,
    }
}
