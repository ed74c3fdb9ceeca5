//! Typed readers over the located tree: a mapping's keys checked against its
//! [`Section`] of the format and kept by key handle ([`KeyRef`]), then strings, booleans,
//! integers, words and lists read as their declaration says (its pattern, range, words and
//! default), each reporting what is wrong to the [`Cx`] sink instead of stopping.

use foldhash::{HashMap, HashMapExt};

use crate::diag::{DiagCode, Diagnostic, Span};
use crate::support::suggest::did_you_mean;
use crate::template::TemplateError;

use super::format::{KeyRef, Presence, SCHEMA, SECTIONS, Section, TOP, Text, Type};
use super::sink::Cx;
use super::tree::{Kind, Node};

/// The most keys a section declares: a mapping's fields keep one slot per declared key
/// (the build fails when a section of `SECTIONS` or `SCHEMA` has more).
pub(super) const MAX_KEYS: usize = 24;

const _: () = {
    let mut i = 0;
    while i < SECTIONS.len() {
        assert!(
            SECTIONS[i].keys.len() <= MAX_KEYS,
            "a section has more than MAX_KEYS keys"
        );
        i += 1;
    }
    assert!(SCHEMA.keys.len() <= MAX_KEYS);
};

/// A mapping's fields after the shape checks: the key and value node of each key of its
/// section the mapping has, by the key's handle.
pub(super) struct Fields<'a> {
    pub(super) node: &'a Node,
    section: &'static Section,
    slots: [Option<(&'a Node, &'a Node)>; MAX_KEYS],
}

impl<'a> Fields<'a> {
    /// The value of `key`, if the mapping has it. `key` must be a key of the section the
    /// mapping was read against (checked in debug builds).
    pub(super) fn get(&self, key: KeyRef) -> Option<&'a Node> {
        self.pair(key).map(|(_, value)| value)
    }

    /// The key's own node and its value, if the mapping has it.
    pub(super) fn pair(&self, key: KeyRef) -> Option<(&'a Node, &'a Node)> {
        debug_assert!(
            std::ptr::eq(key.section(), self.section),
            "`{}` is a key of `{}`, not of `{}`",
            key.name(),
            key.section().path,
            self.section.path
        );
        #[cfg(test)]
        requested::note(key);
        self.slots[key.index()]
    }

    /// How many of its section's keys the mapping has.
    pub(super) fn len(&self) -> usize {
        self.slots.iter().flatten().count()
    }
}

/// Ordered entries of a mapping whose keys are user-chosen (categories, errors, ...).
pub(super) type Entries<'a> = Vec<(&'a str, &'a Node, &'a Node)>;

impl Cx<'_> {
    /// Checks a mapping against its section, the one `of` declares ([`KeyRef::mapping`]):
    /// type, duplicates, unknown keys (with "did you mean"), required keys. `key` names the
    /// mapping where a wrong type is reported, `what` in the other messages ("`registry`").
    pub(super) fn fields<'a>(
        &mut self,
        node: &'a Node,
        key: &str,
        what: &str,
        of: KeyRef,
    ) -> Option<Fields<'a>> {
        self.fields_at(node, key, what, of, node.span)
    }

    /// [`Self::fields`], reporting missing keys at `owner` (the key that holds the mapping).
    pub(super) fn fields_at<'a>(
        &mut self,
        node: &'a Node,
        key: &str,
        what: &str,
        of: KeyRef,
        owner: Span,
    ) -> Option<Fields<'a>> {
        let section = of.mapping();
        let fields = self.section_fields(node, key, what, section)?;
        for (required, slot) in section.keys.iter().zip(&fields.slots) {
            if matches!(required.presence, Presence::Required) && slot.is_none() {
                let required = required.name;
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

    /// The mapping under `of` with the keys its section knows; the others are reported.
    /// Required keys are the caller's to check.
    pub(super) fn known_fields<'a>(
        &mut self,
        node: &'a Node,
        key: &str,
        what: &str,
        of: KeyRef,
    ) -> Option<Fields<'a>> {
        self.section_fields(node, key, what, of.mapping())
    }

    /// The catalogue's top level, with the keys [`TOP`] knows (its required keys are the
    /// caller's to check: each missing section has its own report).
    pub(super) fn top_fields<'a>(&mut self, root: &'a Node) -> Option<Fields<'a>> {
        self.section_fields(root, "(top level)", "the catalogue", &TOP)
    }

    fn section_fields<'a>(
        &mut self,
        node: &'a Node,
        key: &str,
        what: &str,
        section: &'static Section,
    ) -> Option<Fields<'a>> {
        let entries = self.entries(node, key, "a mapping")?;
        let mut fields = Fields {
            node,
            section,
            slots: [None; MAX_KEYS],
        };
        for (name, name_node, value) in entries {
            let Some(index) = section.keys.iter().position(|known| known.name == name) else {
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
            };
            fields.slots[index] = Some((name_node, value));
        }
        Some(fields)
    }
    /// A mapping's entries in order, string keys only; duplicates reported (first kept).
    pub(super) fn entries<'a>(
        &mut self,
        node: &'a Node,
        key: &str,
        expected: &str,
    ) -> Option<Entries<'a>> {
        self.entries_and_repeats(node, key, expected, None)
    }

    /// [`Self::entries`], the entries whose key was given before (reported) put in
    /// `repeats` instead of dropped: an entry of `errors` whose NAME is taken is still
    /// checked for its own mistakes.
    pub(super) fn entries_and_repeats<'a>(
        &mut self,
        node: &'a Node,
        key: &str,
        expected: &str,
        mut repeats: Option<&mut Entries<'a>>,
    ) -> Option<Entries<'a>> {
        let Kind::Map(pairs) = &node.kind else {
            if !matches!(node.kind, Kind::Null) || expected == "a mapping" {
                self.wrong_type(node, key, expected);
            }
            return None;
        };
        // Small mappings (every entry's own keys) look for duplicates among the kept keys;
        // large ones (the `errors` mapping) through a map.
        let small = pairs.len() <= 16;
        let mut seen: HashMap<&str, (Span, &Node)> = HashMap::new();
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
                    .map(|(_, k, v)| (k.span, *v))
            } else {
                seen.get(ks).copied()
            };
            if let Some((first, value)) = first {
                self.push(duplicate_key(key, ks, k.span, first, value));
                if let Some(repeats) = repeats.as_deref_mut() {
                    repeats.push((ks, k, v));
                }
                continue;
            }
            if !small {
                seen.insert(ks, (k.span, v));
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

    /// A string key of any text ([`Text::Any`]), if the mapping has it.
    pub(super) fn optional_text(&mut self, fields: &Fields, key: KeyRef) -> Option<String> {
        debug_assert!(
            matches!(key.ty(), Type::Text(Text::Any)),
            "`{}` is not declared as any text",
            key.name()
        );
        fields.get(key).and_then(|n| self.text(n, key.name()))
    }

    /// A string key that keeps to its declaration ([`Text`]: non-empty, its pattern, a
    /// regular expression). `refuse` reports one that does not (with the node and the
    /// text), which then reads as absent.
    pub(super) fn declared_text(
        &mut self,
        fields: &Fields,
        key: KeyRef,
        refuse: impl FnOnce(&mut Self, &Node, &str),
    ) -> Option<String> {
        debug_assert!(
            matches!(key.ty(), Type::Text(_)),
            "`{}` is not declared as a string",
            key.name()
        );
        let n = fields.get(key)?;
        let text = self.text(n, key.name())?;
        if key.accepts(&text) {
            Some(text)
        } else {
            refuse(self, n, &text);
            None
        }
    }

    /// A string or null ([`Type::TextOrNull`], or a string with a default): the value,
    /// `None` for `null`, and the declared default when the key is left out.
    pub(super) fn nullable_text(&mut self, fields: &Fields, key: KeyRef) -> Option<String> {
        match fields.get(key) {
            None => key.default_str_or_null().map(str::to_string),
            Some(n) if matches!(n.kind, Kind::Null) => None,
            Some(n) => self.text(n, key.name()),
        }
    }

    /// A boolean key ([`Type::Boolean`]), if the mapping has it.
    pub(super) fn optional_bool(&mut self, fields: &Fields, key: KeyRef) -> Option<bool> {
        debug_assert!(
            matches!(key.ty(), Type::Boolean),
            "`{}` is not declared as a boolean",
            key.name()
        );
        fields.get(key).and_then(|n| self.boolean(n, key.name()))
    }

    /// A boolean key, or its declared default.
    pub(super) fn bool_or_default(&mut self, fields: &Fields, key: KeyRef) -> bool {
        self.optional_bool(fields, key)
            .unwrap_or(key.default_bool())
    }

    /// An integer key within its declared range ([`Type::Integer`]) that fits `T`, with its
    /// node. `refuse` reports one outside them (with the node and the value), which then
    /// reads as absent.
    pub(super) fn ranged<'a, T: TryFrom<i128>>(
        &mut self,
        fields: &Fields<'a>,
        key: KeyRef,
        refuse: impl FnOnce(&mut Self, &Node, i128),
    ) -> Option<(T, &'a Node)> {
        let n = fields.get(key)?;
        let value = self.integer(n, key.name())?;
        let (min, max) = key.range();
        let within = value >= i128::from(min) && max.is_none_or(|max| value <= i128::from(max));
        match T::try_from(value) {
            Ok(v) if within => Some((v, n)),
            _ => {
                refuse(self, n, value);
                None
            }
        }
    }

    /// A word key ([`Type::Word`]): the word, one of the declared ones. Another word is
    /// EDX0106 with "did you mean", and reads as absent.
    pub(super) fn word(&mut self, fields: &Fields, key: KeyRef) -> Option<&'static str> {
        let n = fields.get(key)?;
        self.word_of(n, key)
    }

    /// [`Self::word`] of a value node of `key`.
    pub(super) fn word_of(&mut self, n: &Node, key: KeyRef) -> Option<&'static str> {
        let text = self.text(n, key.name())?;
        let words = key.words();
        if let Some(word) = words.iter().find(|w| **w == text) {
            return Some(word);
        }
        let d = self.err(
            DiagCode::BadValue,
            n.span,
            &[
                ("key", key.name()),
                ("found", &format!("`{text}`")),
                ("expected", &format!("one of {}", words.join(", "))),
            ],
        );
        d.help = did_you_mean(&text, words.iter().copied());
        None
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
            Kind::Float(f) if f.is_finite() && f.fract() == 0.0 && f.abs() < 1e18 => {
                Some(f as i128)
            }
            _ => {
                self.wrong_type(node, key, "an integer");
                None
            }
        }
    }

    /// A list key of strings ([`Type::List`]): every item with its span. `refuse` reports
    /// each item the declaration's rule refuses (still returned: the report is an error).
    pub(super) fn list(
        &mut self,
        fields: &Fields,
        key: KeyRef,
        mut refuse: impl FnMut(&mut Self, Span, &str),
    ) -> Option<Vec<(String, Span)>> {
        debug_assert!(
            matches!(key.ty(), Type::List(_)),
            "`{}` is not declared as a list",
            key.name()
        );
        let n = fields.get(key)?;
        let items = self.string_list(n, key.name());
        for (item, span) in &items {
            if !key.accepts(item) {
                refuse(self, *span, item);
            }
        }
        Some(items)
    }

    /// [`Self::list`] of a list of non-empty strings: an empty item is EDX0106.
    pub(super) fn nonempty_list(
        &mut self,
        fields: &Fields,
        key: KeyRef,
    ) -> Option<Vec<(String, Span)>> {
        self.list(fields, key, |cx, span, _| {
            cx.err(
                DiagCode::BadValue,
                span,
                &[
                    ("key", key.name()),
                    ("found", "an empty string"),
                    ("expected", "every item of the list needs text"),
                ],
            );
        })
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
/// A key of the mapping `mapping` given a second time at `at` (first at `first`, whose value
/// is `value`). In `errors` the key is an entry's NAME, and the entry may be a file of a
/// folder part (`<CODE>.yaml` with `name:`): EDX0203, naming the code that has it (the NAME
/// when it has none), in words that hold for both. Elsewhere EDX0103, a duplicate YAML key.
fn duplicate_key(mapping: &str, key: &str, at: Span, first: Span, value: &Node) -> Diagnostic {
    if mapping == super::format::keys::top::ERRORS.name() {
        let code = match &value.kind {
            Kind::Map(pairs) => pairs
                .iter()
                .find(|(k, _)| k.as_str() == Some("code"))
                .and_then(|(_, v)| v.as_str()),
            _ => None,
        };
        let other = code.unwrap_or(key);
        return Diagnostic::new(
            DiagCode::DuplicateName,
            Some(at),
            &[("name", key), ("other", other)],
        )
            .with_label("the NAME again")
            .with_note(Some(first), "first used here")
            .with_help("every entry needs a NAME of its own: rename one of them (or make it an `alias` of the other)");
    }
    Diagnostic::new(DiagCode::DuplicateKey, Some(at), &[("key", key)])
        .with_label("duplicate key")
        .with_note(Some(first), "first defined here")
        .with_help("YAML keys must be unique: remove or rename one of them")
}

fn yaml_1_1_boolean(word: &str) -> Option<bool> {
    match word.to_ascii_lowercase().as_str() {
        "y" | "yes" | "on" => Some(true),
        "n" | "no" | "off" => Some(false),
        _ => None,
    }
}

/// Which keys the readers asked for, while the tests run: a declared key that no reader
/// asks for over the whole corpus fails `format::keys`' test.
#[cfg(test)]
pub(super) mod requested {
    use std::collections::BTreeSet;
    use std::sync::Mutex;

    use super::KeyRef;

    static ASKED: Mutex<BTreeSet<(&str, &str)>> = Mutex::new(BTreeSet::new());

    pub(in crate::catalogue) fn note(key: KeyRef) {
        if let Ok(mut asked) = ASKED.lock() {
            asked.insert((key.section().path, key.name()));
        }
    }

    /// Whether a reader has asked for `key`.
    pub(in crate::catalogue) fn was(key: KeyRef) -> bool {
        ASKED
            .lock()
            .is_ok_and(|asked| asked.contains(&(key.section().path, key.name())))
    }
}
