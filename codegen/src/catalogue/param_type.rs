//! A param's type: the short form (`field: string`) or the long form
//! (`valid_phases: {type: list, items: string, example: [draft, review]}`), with an object's
//! small JSON Schema and the `example` checked against the type. Called by the params part
//! of [`super::entry`].

use serde_json::{Map, Number, Value};

use crate::diag::{DiagCode, Diagnostic};
use crate::ir::{ParamType, Scalar};
use crate::support::suggest::did_you_mean;

use super::format::keys::{entry, param, schema};
use super::format::{PARAM_LONG_TYPES, PARAM_TYPES};
use super::sink::Cx;
use super::tree::{Kind, Node};

/// A param's type with what its long form adds.
pub(super) struct ParamForm {
    pub(super) ty: ParamType,
    pub(super) schema: Option<Value>,
    pub(super) example: Option<Value>,
}

/// The JSON types a schema's `type` may name.
const JSON_TYPES: [&str; 7] = [
    "object", "array", "string", "integer", "number", "boolean", "null",
];

/// What the short form's type is, as the diagnostics say it.
const SHORT_WORDS: &str = "`string`, `integer`, `number` or `boolean`";

impl Cx<'_> {
    /// EDX0101, EDX0104, EDX0106, EDX0105: a param's type in either form; its schema keeps
    /// to [`super::format::SCHEMA_KEYS`] and its example fits the type.
    pub(super) fn param_form(&mut self, param: &str, node: &Node) -> Option<ParamForm> {
        match &node.kind {
            Kind::Str(word) => {
                let ty = self.type_word(param, word, node, &PARAM_TYPES.map(|(w, _)| w))?;
                Some(ParamForm {
                    ty,
                    schema: None,
                    example: None,
                })
            }
            Kind::Map(_) => self.long_form(param, node),
            _ => {
                self.wrong_type(node, param, &format!("a param type ({SHORT_WORDS})"));
                None
            }
        }
    }

    /// A type word among `known` (BadValue with "did you mean" otherwise).
    fn type_word(
        &mut self,
        key: &str,
        word: &str,
        node: &Node,
        known: &[&str],
    ) -> Option<ParamType> {
        if let Some(s) = Scalar::parse(word).filter(|s| known.contains(&s.as_str())) {
            return Some(s.into());
        }
        if known.contains(&word) {
            return match word {
                "object" => Some(ParamType::Object),
                // `list` needs its items: the long form's reader builds it.
                _ => Some(ParamType::List(Scalar::String)),
            };
        }
        let words = match known.len() {
            4 => SHORT_WORDS.to_string(),
            _ => known
                .iter()
                .map(|w| format!("`{w}`"))
                .collect::<Vec<_>>()
                .join(", "),
        };
        let mut d = Diagnostic::new(
            DiagCode::BadValue,
            Some(node.span),
            &[
                ("key", key),
                ("found", &format!("`{word}`")),
                ("expected", &format!("a param type is {words}")),
            ],
        );
        d.help = did_you_mean(word, known.iter().copied()).or_else(|| {
            let form = match word {
                "list" => "{type: list, items: string}",
                _ => "{type: object, schema: {type: object, properties: {…}}}",
            };
            (key != param::ITEMS.name() && PARAM_LONG_TYPES.contains(&word))
                .then(|| format!("a `{word}` param takes the long form, e.g. `{key}: {form}`"))
        });
        self.push(d);
        None
    }

    fn long_form(&mut self, param: &str, node: &Node) -> Option<ParamForm> {
        let what = format!("param `{param}`");
        let fields = self.fields(node, param, &what, entry::PARAMS)?;
        let type_node = fields.get(param::TYPE)?;
        let word = self.text(type_node, param::TYPE.name())?;
        let mut ty = self.type_word(param::TYPE.name(), &word, type_node, param::TYPE.words())?;
        let mut complete = true;
        match (ty, fields.get(param::ITEMS)) {
            (ParamType::List(_), Some(items)) => {
                let word = self.text(items, param::ITEMS.name())?;
                match self.type_word(param::ITEMS.name(), &word, items, param::ITEMS.words())? {
                    ParamType::String => ty = ParamType::List(Scalar::String),
                    ParamType::Integer => ty = ParamType::List(Scalar::Integer),
                    ParamType::Number => ty = ParamType::List(Scalar::Number),
                    ParamType::Boolean => ty = ParamType::List(Scalar::Boolean),
                    _ => complete = false,
                }
            }
            (ParamType::List(_), None) => {
                self.err(
                    DiagCode::MissingKey,
                    node.span,
                    &[("context", &what), ("key", param::ITEMS.name())],
                )
                .help = Some("a list param names its item type, e.g. `items: string`".into());
                complete = false;
            }
            (_, Some(items)) => {
                self.misplaced(
                    items,
                    param::ITEMS.name(),
                    "only a `list` param has `items`",
                );
                complete = false;
            }
            (_, None) => {}
        }
        let schema = match (ty, fields.get(param::SCHEMA)) {
            (ParamType::Object, Some(schema)) => {
                if self.schema(schema, param::SCHEMA.name()) {
                    json_of(schema)
                } else {
                    complete = false;
                    None
                }
            }
            (_, Some(schema)) => {
                self.misplaced(
                    schema,
                    param::SCHEMA.name(),
                    "only an `object` param has a `schema`",
                );
                complete = false;
                None
            }
            (_, None) => None,
        };
        let example = match fields.get(param::EXAMPLE) {
            Some(example) if complete => {
                if let Some((at, expected)) = example_problem(param, ty, schema.as_ref(), example) {
                    let found = at.kind.describe();
                    self.err(
                        DiagCode::BadValue,
                        at.span,
                        &[
                            ("key", param::EXAMPLE.name()),
                            ("found", &found),
                            ("expected", &expected),
                        ],
                    )
                    .help = Some(format!(
                        "give `{param}` an example of its type, or remove `example`"
                    ));
                    complete = false;
                    None
                } else {
                    json_of(example).map(|v| as_declared(ty, v))
                }
            }
            _ => None,
        };
        complete.then_some(ParamForm {
            ty,
            schema,
            example,
        })
    }

    fn misplaced(&mut self, node: &Node, key: &str, expected: &str) {
        self.err(
            DiagCode::BadValue,
            node.span,
            &[
                ("key", key),
                ("found", "given here"),
                ("expected", expected),
            ],
        );
    }

    /// EDX0101, EDX0103, EDX0106: a small JSON Schema (only [`super::format::SCHEMA_KEYS`], known JSON
    /// types, schemas inside `properties` and `items`). Whether it is fine.
    fn schema(&mut self, node: &Node, key: &str) -> bool {
        let Some(fields) = self.known_fields(node, key, "a param's schema", param::SCHEMA) else {
            return false;
        };
        let mut ok = fields.len() == entries_len(node);
        if let Some(t) = fields.get(schema::TYPE) {
            let words: Vec<&Node> = match &t.kind {
                Kind::Seq(items) => items.iter().collect(),
                _ => vec![t],
            };
            for w in words {
                match w.as_str() {
                    Some(s) if JSON_TYPES.contains(&s) => {}
                    _ => {
                        let found = w.kind.describe();
                        self.err(
                            DiagCode::BadValue,
                            w.span,
                            &[
                                ("key", schema::TYPE.name()),
                                ("found", &found),
                                ("expected", "a JSON Schema type is object, array, string, integer, number, boolean or null"),
                            ],
                        );
                        ok = false;
                    }
                }
            }
        }
        if let Some(p) = fields.get(schema::PROPERTIES) {
            match self.entries(
                p,
                schema::PROPERTIES.name(),
                "a mapping of property names to schemas",
            ) {
                Some(props) => {
                    for (name, _, schema) in props {
                        ok &= self.schema(schema, name);
                    }
                }
                None => ok = false,
            }
        }
        if let Some(items) = fields.get(schema::ITEMS) {
            ok &= self.schema(items, schema::ITEMS.name());
        }
        if let Some(required) = fields.get(schema::REQUIRED) {
            let before = self.diags.len();
            self.string_list(required, schema::REQUIRED.name());
            ok &= self.diags.len() == before;
        }
        if let Some(e) = fields.get(schema::ENUM)
            && !matches!(e.kind, Kind::Seq(_))
        {
            self.wrong_type(e, schema::ENUM.name(), "a list of values");
            ok = false;
        }
        if let Some(d) = fields.get(schema::DESCRIPTION) {
            ok &= self.text(d, schema::DESCRIPTION.name()).is_some();
        }
        ok && json_of(node).is_some()
    }
}

fn entries_len(node: &Node) -> usize {
    match &node.kind {
        Kind::Map(pairs) => pairs.len(),
        _ => 0,
    }
}

/// A YAML value as JSON; `None` for what JSON cannot hold (non-string keys, integers
/// beyond 64 bits, NaN and infinities).
pub(super) fn json_of(node: &Node) -> Option<Value> {
    Some(match &node.kind {
        Kind::Null => Value::Null,
        Kind::Bool(b) => Value::Bool(*b),
        Kind::Int(i) => match (i64::try_from(*i), u64::try_from(*i)) {
            (Ok(i), _) => Value::from(i),
            (_, Ok(u)) => Value::from(u),
            _ => return None,
        },
        Kind::Float(f) => Value::Number(Number::from_f64(*f)?),
        Kind::Str(s) => Value::String(s.clone()),
        Kind::Seq(items) => Value::Array(items.iter().map(json_of).collect::<Option<_>>()?),
        Kind::Map(pairs) => {
            let mut m = Map::new();
            for (k, v) in pairs {
                m.insert(k.as_str()?.to_string(), json_of(v)?);
            }
            Value::Object(m)
        }
    })
}

/// An example as the targets hold it: a `number` param's integers as floats (the Rust
/// constructor takes an `f64`), so every rendering of the example agrees.
fn as_declared(ty: ParamType, v: Value) -> Value {
    let float = |v: Value| {
        if v.is_i64() || v.is_u64() {
            let f = v.as_f64().and_then(Number::from_f64);
            f.map_or(v, Value::Number)
        } else {
            v
        }
    };
    match (ty, v) {
        (ParamType::Number, v) => float(v),
        (ParamType::List(Scalar::Number), Value::Array(items)) => {
            Value::Array(items.into_iter().map(float).collect())
        }
        (_, v) => v,
    }
}

/// Whether a node is a value of a scalar type.
fn scalar_fits(s: Scalar, node: &Node) -> bool {
    match s {
        Scalar::String => matches!(node.kind, Kind::Str(_)),
        Scalar::Integer => matches!(node.kind, Kind::Int(i) if i64::try_from(i).is_ok()),
        Scalar::Number => match node.kind {
            Kind::Int(_) => true,
            Kind::Float(f) => f.is_finite(),
            _ => false,
        },
        Scalar::Boolean => matches!(node.kind, Kind::Bool(_)),
    }
}

fn plural(s: Scalar) -> &'static str {
    match s {
        Scalar::String => "strings",
        Scalar::Integer => "integers",
        Scalar::Number => "numbers",
        Scalar::Boolean => "booleans",
    }
}

fn article(s: Scalar) -> &'static str {
    match s {
        Scalar::String => "a string",
        Scalar::Integer => "an integer (64-bit)",
        Scalar::Number => "a number",
        Scalar::Boolean => "`true` or `false`",
    }
}

/// Where `example` does not fit the param's type, and what was expected there.
fn example_problem<'n>(
    param: &str,
    ty: ParamType,
    schema: Option<&Value>,
    node: &'n Node,
) -> Option<(&'n Node, String)> {
    let scalar = |s: Scalar| {
        (!scalar_fits(s, node)).then(|| (node, format!("param `{param}` is {}", article(s))))
    };
    match ty {
        ParamType::String => scalar(Scalar::String),
        ParamType::Integer => scalar(Scalar::Integer),
        ParamType::Number => scalar(Scalar::Number),
        ParamType::Boolean => scalar(Scalar::Boolean),
        ParamType::List(items) => match &node.kind {
            Kind::Seq(values) => values.iter().find(|v| !scalar_fits(items, v)).map(|v| {
                (
                    v,
                    format!("the items of param `{param}` are {}", plural(items)),
                )
            }),
            _ => Some((
                node,
                format!("param `{param}` is a list of {}", plural(items)),
            )),
        },
        ParamType::Object => match (&node.kind, schema) {
            (Kind::Map(_), Some(schema)) => schema_problem(schema, node, param),
            (Kind::Map(_), None) => None,
            _ => Some((node, format!("param `{param}` is an object (a mapping)"))),
        },
    }
}

/// Whether a node is a value of a JSON Schema type word.
fn json_type_fits(word: &str, node: &Node) -> bool {
    match word {
        "object" => matches!(node.kind, Kind::Map(_)),
        "array" => matches!(node.kind, Kind::Seq(_)),
        "string" => scalar_fits(Scalar::String, node),
        "integer" => scalar_fits(Scalar::Integer, node),
        "number" => scalar_fits(Scalar::Number, node),
        "boolean" => scalar_fits(Scalar::Boolean, node),
        "null" => matches!(node.kind, Kind::Null),
        _ => false,
    }
}

/// Where `node` does not satisfy a (checked) small schema; `path` names the value.
fn schema_problem<'n>(schema: &Value, node: &'n Node, path: &str) -> Option<(&'n Node, String)> {
    let types: Vec<&str> = match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    if !types.is_empty() && !types.iter().any(|t| json_type_fits(t, node)) {
        return Some((
            node,
            format!("`{path}` must be of type {}", types.join(" or ")),
        ));
    }
    if let Some(Value::Array(allowed)) = schema.get("enum")
        && !json_of(node).is_some_and(|v| allowed.contains(&v))
    {
        let words: Vec<String> = allowed.iter().map(Value::to_string).collect();
        return Some((
            node,
            format!("`{path}` must be one of {}", words.join(", ")),
        ));
    }
    match &node.kind {
        Kind::Map(pairs) => {
            if let Some(Value::Array(required)) = schema.get("required") {
                for name in required.iter().filter_map(Value::as_str) {
                    if !pairs.iter().any(|(k, _)| k.as_str() == Some(name)) {
                        return Some((node, format!("`{path}` needs the property `{name}`")));
                    }
                }
            }
            if let Some(Value::Object(props)) = schema.get("properties") {
                for (k, v) in pairs {
                    if let Some(name) = k.as_str()
                        && let Some(inner) = props.get(name)
                        && let Some(p) = schema_problem(inner, v, &format!("{path}.{name}"))
                    {
                        return Some(p);
                    }
                }
            }
            None
        }
        Kind::Seq(values) => {
            let inner = schema.get("items")?;
            values
                .iter()
                .enumerate()
                .find_map(|(i, v)| schema_problem(inner, v, &format!("{path}[{i}]")))
        }
        _ => None,
    }
}
