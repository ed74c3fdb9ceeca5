//! The catalogue format, declared once: every section's keys with their type, whether they
//! are required (or what they default to) and their description.
//!
//! Everything about a key is derived from this table: the loader's allowed and required
//! keys, the key handles its readers ask a mapping for ([`keys`]: a reader cannot name a
//! key its section does not declare, and a test fails for a declared key no reader asks
//! for), the patterns, ranges and words the readers check, the defaults they apply
//! ([`defaults`] builds the IR's defaults from them), the editor schema
//! `catalogue.schema.json` ([`crate::emit::json_schema::catalogue_schema`]), and the key
//! tables of `docs/catalogue.md` ([`reference_markdown`]), which
//! `codegen/tests/format_docs.rs` checks. To add a key, follow "Add a key" in
//! `ARCHITECTURE.md`: declare it here, give it a handle in [`keys`], read it in its
//! section's reader, carry it in the IR, then run that test with `UPDATE_EXPECT=1`.

use std::sync::OnceLock;

use crate::ir::ParamType;
use crate::targets::TARGETS;

use Presence::{Optional, Required};

pub mod defaults;
pub mod keys;
mod reference;

pub use reference::{diagnostics_markdown, reference_markdown};

/// The format version this errdex reads.
pub const FORMAT_VERSION: i128 = 1;

/// A pattern a string must match: the regular expression the editor schema carries, which
/// the loader compiles once and applies, so both say the same.
#[derive(Debug)]
pub struct Pattern {
    /// The expression, anchored (`^…$`), in the dialect JSON Schema and the `regex` crate
    /// share.
    pub regex: &'static str,
    compiled: OnceLock<regex::Regex>,
}

impl Pattern {
    pub const fn new(regex: &'static str) -> Pattern {
        Pattern {
            regex,
            compiled: OnceLock::new(),
        }
    }

    /// Whether `text` matches. Every pattern of the format compiles (a test checks).
    pub fn is_match(&self, text: &str) -> bool {
        self.compiled
            .get_or_init(|| {
                regex::Regex::new(self.regex).expect("the format's patterns compile (tested)")
            })
            .is_match(text)
    }
}

/// Pattern of an identifier: param names, category and namespace keys (`_` alone is none:
/// it leaves no name once converted).
pub static IDENT: Pattern = Pattern::new("^(?:[A-Za-z][A-Za-z0-9_]*|_[A-Za-z0-9_]+)$");
/// Pattern of the registry name.
pub static REGISTRY_NAME: Pattern = Pattern::new("^[A-Za-z][A-Za-z0-9_-]*$");
/// Pattern of a Python package name (`registry.python_package`): a lower-case identifier.
pub static PYTHON_PACKAGE: Pattern = Pattern::new("^[a-z][a-z0-9_]*$");
/// Pattern of a Go package name (`registry.go_package`): lower-case letters and digits.
pub static GO_PACKAGE: Pattern = Pattern::new("^[a-z][a-z0-9]*$");
/// Pattern of a Go module path (`registry.go_module`): `/`-separated elements of the
/// characters Go's module paths allow, none starting or ending with a dot.
pub static GO_MODULE: Pattern = Pattern::new(
    r"^[A-Za-z0-9_~-]([A-Za-z0-9._~-]*[A-Za-z0-9_~-])?(/[A-Za-z0-9_~-]([A-Za-z0-9._~-]*[A-Za-z0-9_~-])?)*$",
);
/// Pattern of a package version: semantic versioning 2.0 (`1.4.0`, `2.0.0-rc.1`).
pub static SEMVER: Pattern = Pattern::new(
    r"^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$",
);
/// Whether `version` is a package version ([`SEMVER`]): the one check of `package.version`,
/// `--package-version` and the Rust module's `#[deprecated(since)]`.
pub fn is_package_version(version: &str) -> bool {
    SEMVER.is_match(version)
}

/// Pattern of an entry NAME: UPPER_SNAKE or lower_snake, starting with a letter.
pub static ENTRY_NAME: Pattern =
    Pattern::new("^(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*|[a-z][a-z0-9]*(?:_[a-z0-9]+)*)$");

/// The param types, by the word a catalogue writes.
pub const PARAM_TYPES: [(&str, ParamType); 4] = [
    ("string", ParamType::String),
    ("integer", ParamType::Integer),
    ("number", ParamType::Number),
    ("boolean", ParamType::Boolean),
];

/// What a param's type is (`params` maps each param name to one).
/// The keys of a part's `part:` header (a file the root's `parts:` lists, or a folder's
/// `_part.yaml`), each with its description: read by the parts layer, and the editor
/// schema of a part file (`part.schema.json`) is written from them.
pub const PART_HEADER_KEYS: [(&str, &str); 4] = [
    (
        "owner",
        "Who owns this part (a CODEOWNERS owner: `@org/team`, `@user` or an email). `errdex generate --codeowners FILE` writes a CODEOWNERS block from the owners; a namespace that two owners' parts declare is an error.",
    ),
    (
        "range",
        "The codes this part may allocate, `LOW..HIGH`: two codes of one prefix with as many digits (`ACM-FRM-100..ACM-FRM-199`). A code outside it, or two parts whose ranges overlap, is an error; `errdex new` takes the next code of the range. Not with `prefix`.",
    ),
    (
        "prefix",
        "The prefix every code of this part starts with (`ACM-SRC-`). Not with `range`.",
    ),
    ("description", "What this part holds, for people."),
];

pub const PARAM_TYPE_DESCRIPTION: &str = "The param's type.";

/// The words of a param's long form `type`: the scalars, then `list` and `object`.
pub const PARAM_LONG_TYPES: [&str; 6] =
    ["string", "integer", "number", "boolean", "list", "object"];

/// The keys an object param's `schema` (and every schema inside it) may use.
pub const SCHEMA_KEYS: [&str; 6] = [
    "type",
    "properties",
    "items",
    "required",
    "enum",
    "description",
];

/// What an entry's key says when it overrides a category fact.
pub const OVERRIDES_CATEGORY: &str = "Overrides the category's value for this code.";

/// A mapping of the format and its keys.
#[derive(Debug)]
pub struct Section {
    /// Where it sits in a catalogue, e.g. `registry.wire` or `errors.<NAME>`.
    pub path: &'static str,
    /// What one such mapping is, where the editor schema says it (categories, errors).
    pub description: Option<&'static str>,
    /// `null` is accepted for a mapping without keys (namespaces, retired codes).
    pub nullable: bool,
    /// The keys, in the order the editor schema and the docs list them.
    pub keys: &'static [Key],
}

impl Section {
    /// The handle of the key `name`, for its readers ([`keys`]). Evaluated in a constant, a
    /// name the section does not declare fails the build.
    pub const fn key(&'static self, name: &str) -> KeyRef {
        let mut index = 0;
        while index < self.keys.len() {
            if same_str(self.keys[index].name, name) {
                return KeyRef {
                    section: self,
                    index,
                };
            }
            index += 1;
        }
        panic!("the section does not declare this key")
    }

    /// Every key's handle, in order.
    pub fn handles(&'static self) -> impl Iterator<Item = KeyRef> {
        (0..self.keys.len()).map(move |index| KeyRef {
            section: self,
            index,
        })
    }

    /// The handle of the key `name`, if the section declares it.
    pub fn find(&'static self, name: &str) -> Option<KeyRef> {
        self.keys
            .iter()
            .position(|k| k.name == name)
            .map(|index| KeyRef {
                section: self,
                index,
            })
    }

    /// Every key's name, in order.
    pub fn key_names(&self) -> impl Iterator<Item = &'static str> + Clone + use<> {
        self.keys.iter().map(|k| k.name)
    }

    /// The keys a mapping must have when a sibling key has a given value:
    /// `(required key, sibling key, value)`.
    pub fn required_when(
        &self,
    ) -> impl Iterator<Item = (&'static str, &'static str, &'static str)> + use<> {
        self.keys.iter().filter_map(|k| match k.presence {
            Presence::RequiredWhen { key, equals } => Some((k.name, key, equals)),
            _ => None,
        })
    }

    /// The keys a mapping must have, in order.
    pub fn required(&self) -> impl Iterator<Item = &'static str> + use<> {
        self.keys
            .iter()
            .filter(|k| matches!(k.presence, Presence::Required))
            .map(|k| k.name)
    }
}

/// Whether two strings are equal, in a constant.
const fn same_str(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// A key as a reader asks a mapping for it: one key of one section, made by
/// [`Section::key`] and named in [`keys`]. The readers' mappings take nothing else, and
/// check in debug builds that the handle is of the section they were read against.
#[derive(Debug, Clone, Copy)]
pub struct KeyRef {
    section: &'static Section,
    index: usize,
}

impl KeyRef {
    /// The section that declares the key.
    pub const fn section(self) -> &'static Section {
        self.section
    }

    /// The key's place in its section's `keys`.
    pub const fn index(self) -> usize {
        self.index
    }

    /// The key's declaration.
    pub const fn decl(self) -> &'static Key {
        &self.section.keys[self.index]
    }

    pub const fn name(self) -> &'static str {
        self.decl().name
    }

    /// What the key's declaration says its value is.
    pub const fn ty(self) -> Type {
        self.decl().ty
    }

    /// The boolean standing in for the key (its `Presence::Default(Fallback::Bool)`).
    pub const fn default_bool(self) -> bool {
        match self.decl().presence {
            Presence::Default(Fallback::Bool(value)) => value,
            _ => panic!("the key's default is not a boolean"),
        }
    }

    /// The integer standing in for the key.
    pub const fn default_int(self) -> i64 {
        match self.decl().presence {
            Presence::Default(Fallback::Int(value)) => value,
            _ => panic!("the key's default is not an integer"),
        }
    }

    /// The string standing in for the key.
    pub const fn default_str(self) -> &'static str {
        match self.decl().presence {
            Presence::Default(Fallback::Str(value)) => value,
            _ => panic!("the key's default is not a string"),
        }
    }

    /// The string or `null` standing in for the key (`None` for `null`).
    pub const fn default_str_or_null(self) -> Option<&'static str> {
        match self.decl().presence {
            Presence::Default(Fallback::Str(value)) => Some(value),
            Presence::Default(Fallback::Null) => None,
            _ => panic!("the key's default is not a string or null"),
        }
    }

    /// The list standing in for the key.
    pub const fn default_list(self) -> &'static [&'static str] {
        match self.decl().presence {
            Presence::Default(Fallback::List(values)) => values,
            _ => panic!("the key's default is not a list"),
        }
    }

    /// The range of an integer key: at least `min`, at most `max` when given.
    pub const fn range(self) -> (i64, Option<i64>) {
        match self.decl().ty {
            Type::Integer { min, max } => (min, max),
            _ => panic!("the key is not an integer"),
        }
    }

    /// The section of a key whose value is a mapping of declared keys: a section, the
    /// mapping of a `true`-or-mapping key, each item of a mapping whose keys the catalogue
    /// chooses, a param's long form, an object param's schema.
    pub const fn mapping(self) -> &'static Section {
        match self.decl().ty {
            Type::Section(section) | Type::FlagOr(section) | Type::Named { item: section, .. } => {
                section
            }
            Type::Params => &PARAM,
            Type::Schema => &SCHEMA,
            _ => panic!("the key's value is not a mapping of declared keys"),
        }
    }

    /// The words a key of one of them may take ([`Type::Word`], [`Type::WordOrFactMap`]),
    /// or each item of a list of them.
    pub const fn words(self) -> &'static [&'static str] {
        match self.decl().ty {
            Type::Word(words)
            | Type::WordOrFactMap { words }
            | Type::Text(Text::Word(words))
            | Type::List(Text::Word(words)) => words,
            _ => panic!("the key is not one of some words"),
        }
    }

    /// Whether `name` may name an item of a mapping whose keys the catalogue chooses (the
    /// `names` of [`Type::Named`]; a param name is an [`IDENT`]).
    pub fn accepts_name(self, name: &str) -> bool {
        match self.decl().ty {
            Type::Named { names, .. } => names.accepts(name),
            Type::Params => IDENT.is_match(name),
            _ => true,
        }
    }

    /// Whether `text` keeps to what the key's declaration says of a string ([`Text`]: a
    /// string key's, or a list key's items).
    pub fn accepts(self, text: &str) -> bool {
        match self.decl().ty {
            Type::Text(rule) | Type::List(rule) => rule.accepts(text),
            _ => true,
        }
    }
}

/// One key of a section.
#[derive(Debug, Clone, Copy)]
pub struct Key {
    pub name: &'static str,
    pub ty: Type,
    pub presence: Presence,
    /// One or two sentences, as the editor schema shows them (an entry's overrides of the
    /// category facts add [`OVERRIDES_CATEGORY`]).
    pub description: &'static str,
}

impl Key {
    /// The description with what its presence adds.
    pub fn full_description(&self) -> String {
        match self.presence {
            Presence::FromCategory => format!("{} {OVERRIDES_CATEGORY}", self.description),
            Presence::RequiredWhen { key, equals } => {
                format!("{} Required with `{key}: {equals}`.", self.description)
            }
            _ => self.description.to_string(),
        }
    }
}

/// Whether a key must be given, and what stands in for it when it is not.
#[derive(Debug, Clone, Copy)]
pub enum Presence {
    Required,
    /// Left out, it is absent (no value stands in).
    Optional,
    /// Left out, this value stands in.
    Default(Fallback),
    /// Left out, the entry's category gives the value.
    FromCategory,
    /// Required when the sibling key `key` has the value `equals` (a list param's `items`).
    RequiredWhen {
        key: &'static str,
        equals: &'static str,
    },
}

/// A default value, as the docs show it.
#[derive(Debug, Clone, Copy)]
pub enum Fallback {
    Bool(bool),
    Int(i64),
    /// A string value, e.g. `error` (the docs show it as code).
    Str(&'static str),
    /// `null`: what the key names is left out.
    Null,
    /// A list of strings (the docs show each as code).
    List(&'static [&'static str]),
    /// Words or a derived value, e.g. `` `<name>-errors` `` (the docs show it as written).
    Text(&'static str),
}

/// What a key's value is.
#[derive(Debug, Clone, Copy)]
pub enum Type {
    /// The format version: the integer [`FORMAT_VERSION`].
    Version,
    Text(Text),
    /// A string, or null to leave out what it names.
    TextOrNull,
    Boolean,
    /// An integer of at least `min` and, when given, at most `max`.
    Integer {
        min: i64,
        max: Option<i64>,
    },
    /// A mapping with the keys of a section.
    Section(&'static Section),
    /// A mapping of keys the catalogue chooses (`names`) to sections.
    Named {
        names: Text,
        item: &'static Section,
    },
    /// A list of distinct strings.
    List(Text),
    /// Param name (an [`IDENT`]) → one of [`PARAM_TYPES`], or a mapping with the keys of
    /// [`PARAM`] (the long form).
    Params,
    /// One of the `words`.
    Word(&'static [&'static str]),
    /// A mapping of strings (`keys`) to strings (`values`).
    Map {
        keys: Text,
        values: Text,
    },
    /// A small JSON Schema: only the keys of [`SCHEMA_KEYS`].
    Schema,
    /// Any YAML value (a JSON value).
    Any,
    /// `true`, or a mapping with the keys of a section (`deprecated`).
    FlagOr(&'static Section),
    /// Output key → the fact it carries (a [`crate::ir::Fact`]).
    FactMap,
    /// One of the `words`, `null`, or an output key → fact mapping (JSON-RPC `data`).
    WordOrFactMap {
        words: &'static [&'static str],
    },
}

/// Pattern of the facts a profile names by a key: `context.<key>` and `param.<name>` (the
/// other facts are [`crate::ir::Fact::NAMED`]).
pub static KEYED_FACT: Pattern = Pattern::new("^(?:context|param)\\..+$");

/// Pattern of an error class name: UpperCamel ASCII.
pub static CLASS_NAME: Pattern = Pattern::new("^[A-Z][A-Za-z0-9]*$");

/// What a string must be: the editor checks it, and so does the loader.
#[derive(Debug, Clone, Copy)]
pub enum Text {
    Any,
    NonEmpty,
    Pattern(&'static Pattern),
    /// A regular expression.
    Regex,
    /// One of these words.
    Word(&'static [&'static str]),
}

impl Text {
    /// Whether `text` is such a string.
    pub fn accepts(self, text: &str) -> bool {
        match self {
            Text::Any => true,
            Text::NonEmpty => !text.is_empty(),
            Text::Pattern(pattern) => pattern.is_match(text),
            Text::Regex => regex::Regex::new(text).is_ok(),
            Text::Word(words) => words.contains(&text),
        }
    }
}

const fn key(name: &'static str, ty: Type, presence: Presence, description: &'static str) -> Key {
    Key {
        name,
        ty,
        presence,
        description,
    }
}

const fn text(name: &'static str, presence: Presence, description: &'static str) -> Key {
    key(name, Type::Text(Text::Any), presence, description)
}

/// A category fact as an entry overrides it.
const fn from_category(fact: Key) -> Key {
    Key {
        presence: Presence::FromCategory,
        ..fact
    }
}

/// The whole catalogue.
pub static TOP: Section = Section {
    path: "(top level)",
    description: None,
    nullable: false,
    keys: &[
        key(
            "errdex",
            Type::Version,
            Required,
            "The catalogue format version (required; 1).",
        ),
        key(
            "registry",
            Type::Section(&REGISTRY),
            Required,
            "Who owns these codes and how they travel.",
        ),
        key(
            "categories",
            Type::Named {
                names: Text::Pattern(&IDENT),
                item: &CATEGORY,
            },
            Required,
            "The categories, in order; the key is the wire value (e.g. not_found).",
        ),
        key(
            "namespaces",
            Type::Named {
                names: Text::Pattern(&IDENT),
                item: &NAMESPACE,
            },
            Optional,
            "Optional groups of codes, in order (docs pages, sub-enums).",
        ),
        key(
            "errors",
            Type::Named {
                names: Text::Pattern(&ENTRY_NAME),
                item: &ENTRY,
            },
            Required,
            "The error codes, in order; the key is the stable NAME (UPPER_SNAKE or lower_snake).",
        ),
        key(
            "retired",
            Type::Named {
                names: Text::NonEmpty,
                item: &RETIRED,
            },
            Optional,
            "Tombstones: codes that may never be used again, by code.",
        ),
        key(
            "imports",
            Type::Named {
                names: Text::Pattern(&IDENT),
                item: &IMPORT,
            },
            Optional,
            "Other registries whose codes this one uses (a platform's common errors), by a name of your choosing: where each is published, the version it is pinned to, and whether its codes are generated here too.",
        ),
        key(
            "outputs",
            Type::Section(&OUTPUTS),
            Presence::Default(Fallback::Text("the folders below")),
            "Where `errdex generate` writes each target, relative to the catalogue's folder (a command-line flag overrides each).",
        ),
        key(
            "package",
            Type::Section(&PACKAGE),
            Presence::Default(Fallback::Text("version 0.0.0, nothing else")),
            "How the generated packages are published: version, licence, repository, keywords, and where the JSON Schemas live.",
        ),
        key(
            "rust",
            Type::Section(&RUST),
            Presence::Default(Fallback::Text("every item")),
            "What the generated Rust module declares beyond `ErrorCode`, `Error` and the tables: large catalogues may leave out items they do not use, each of which costs every rebuild.",
        ),
        key(
            "go",
            Type::Section(&GO),
            Presence::Default(Fallback::Text("every item")),
            "What the generated Go package declares beyond the `Code` constants, `Error`, `New` and the tables: large catalogues may leave out items they do not use, each of which costs every `go build`.",
        ),
        key(
            "docs",
            Type::Section(&DOCS),
            Presence::Default(Fallback::Text("one page per namespace, no redirects")),
            "How the generated reference book is laid out, and which old addresses it redirects to their codes.",
        ),
        key(
            "profiles",
            Type::Section(&PROFILES),
            Presence::Default(Fallback::Text("errdex's own shapes")),
            "How an error looks inside an MCP tool result and a JSON-RPC error.",
        ),
        key(
            "usage",
            Type::Section(&USAGE),
            Optional,
            "How `errdex usage` finds the codes in source code, and how loudly it reports.",
        ),
        key(
            "parts",
            Type::List(Text::NonEmpty),
            Optional,
            "The files that hold more of the catalogue's `namespaces` and `errors`, relative to this file's folder: a file, a glob (its `.yaml` and `.yml` files, sorted; a folder with a `_part.yaml` it reaches into, as `teams/**/*.yaml` may, is read whole as a folder part), or a folder of one file per code (`<CODE>.yaml`, `<CODE>.md`; its codes in code order, numbers in names compared as numbers: `5`, `261`, `1034`).",
        ),
    ],
};

pub static REGISTRY: Section = Section {
    path: "registry",
    description: None,
    nullable: false,
    keys: &[
        key(
            "name",
            Type::Text(Text::Pattern(&REGISTRY_NAME)),
            Required,
            "Identifier; the default crate and npm package names derive from it (`<name>-errors`).",
        ),
        text(
            "crate_name",
            Presence::Default(Fallback::Text("`<name>-errors`")),
            "The generated Rust crate's name (default: `<name>-errors`).",
        ),
        text(
            "npm_name",
            Presence::Default(Fallback::Text("`<name>-errors`")),
            "The generated npm package's name (default: `<name>-errors`).",
        ),
        key(
            "python_package",
            Type::Text(Text::Pattern(&PYTHON_PACKAGE)),
            Presence::Default(Fallback::Text("`<name>_errors`")),
            "The generated Python package's import name (default: `<name>_errors`, snake case); its distribution name is the same with `-`.",
        ),
        key(
            "go_package",
            Type::Text(Text::Pattern(&GO_PACKAGE)),
            Presence::Default(Fallback::Text("`<name>errors`")),
            "The generated Go package's name (default: the name's letters and digits, lower-cased, then `errors`: `tmux-mcp` → `tmuxmcperrors`).",
        ),
        key(
            "go_module",
            Type::Text(Text::Pattern(&GO_MODULE)),
            Presence::Default(Fallback::Text("`go_package`")),
            "The Go module path in the generated `go.mod`, which importers name, e.g. \"example.com/acme/errors\" (default: the package name).",
        ),
        text(
            "title",
            Presence::Default(Fallback::Text("\"<name> error reference\"")),
            "The docs title (default: \"<name> error reference\").",
        ),
        text(
            "docs_url",
            Presence::Default(Fallback::Text(
                "`<namespace>.html#<code>` in the generated docs",
            )),
            "Per-code link template, e.g. \"https://docs.acme.dev/errors/{namespace}#{code}\". Placeholders: {namespace}, {code}, {name}, {category} (slugs), {code_as_written} (the code as written, percent-encoded: for a third-party site whose paths are case-sensitive). `{name#PREFIX}` (any placeholder) drops a leading PREFIX, compared without regard to case: \"https://www.sqlite.org/rescode.html#{name#sqlite_}\" links `SQLITE_IOERR_READ` to `#ioerr_read`.",
        ),
        text(
            "docs_site_url",
            Optional,
            "Where the generated book is deployed: an absolute URL ending in `/`, e.g. \"https://docs.acme.dev/errors/\". Default docs URLs become absolute under it, and lint checks that every docs URL pointing into it lands on its code's section.",
        ),
        key(
            "code_pattern",
            Type::Text(Text::Regex),
            Optional,
            "A regular expression every code must match, e.g. '^ACM-[A-Z]{3}-[0-9]{3}$'.",
        ),
        key(
            "wire",
            Type::Section(&WIRE),
            Presence::Default(Fallback::Text("every key's default")),
            "Key names of the JSON wire object.",
        ),
        text(
            "mcp_meta_prefix",
            Presence::Default(Fallback::Text("none")),
            "Reverse-DNS prefix of the MCP `_meta` keys, e.g. \"dev.acme/\" (default: none).",
        ),
        key(
            "class",
            Type::Text(Text::Pattern(&CLASS_NAME)),
            Presence::Default(Fallback::Text("`<Name>Error`")),
            "The base error class every code belongs to unless its namespace or entry names another (default: the registry name in UpperCamel + Error, e.g. MiloError).",
        ),
    ],
};

/// How the generated npm package and Python distribution are published, and the `$id`s of
/// the JSON Schemas.
pub static PACKAGE: Section = Section {
    path: "package",
    description: None,
    nullable: false,
    keys: &[
        key(
            "version",
            Type::Text(Text::Pattern(&SEMVER)),
            Presence::Default(Fallback::Str("0.0.0")),
            "The version of the npm package and the Python distribution (semantic versioning). `errdex generate --package-version` overrides it, e.g. from a release tag.",
        ),
        key(
            "license",
            Type::Text(Text::NonEmpty),
            Optional,
            "The packages' licence, an SPDX expression such as \"MIT OR Apache-2.0\".",
        ),
        key(
            "repository",
            Type::Text(Text::NonEmpty),
            Optional,
            "The source repository's URL, e.g. \"https://github.com/acme/api\".",
        ),
        key(
            "keywords",
            Type::List(Text::NonEmpty),
            Presence::Default(Fallback::List(&["errors", "error-codes"])),
            "Keywords of the npm package and the Python distribution.",
        ),
        key(
            "schema_url",
            Type::Text(Text::NonEmpty),
            Presence::Default(Fallback::Text("`urn:errdex:<name>:`")),
            "Where the JSON Schemas are published, an absolute URL ending in `/`: each schema's `$id` is it followed by the file name (\"https://acme.dev/schemas/\" gives \"https://acme.dev/schemas/wire-error.schema.json\").",
        ),
    ],
};

/// Where `errdex generate` writes each target (`outputs:`), relative to the catalogue's
/// folder: one key per row of [`crate::targets::TARGETS`], in its order, with its default,
/// then `codeowners` (the parts' owners, which is no emitter's output). Each is also a flag
/// of the command, which wins.
pub static OUTPUTS: Section = Section {
    path: "outputs",
    description: None,
    nullable: false,
    keys: &OUTPUT_KEYS,
};

static OUTPUT_KEYS: [Key; TARGETS.len() + 1] = output_keys();

/// The `outputs:` keys of [`TARGETS`], then `codeowners`.
const fn output_keys() -> [Key; TARGETS.len() + 1] {
    let mut keys = [key("", Type::Any, Optional, ""); TARGETS.len() + 1];
    let mut i = 0;
    while i < TARGETS.len() {
        let out = &TARGETS[i].output;
        let presence = match out.default {
            Some(folder) => Presence::Default(Fallback::Str(folder)),
            None => Optional,
        };
        keys[i] = key(
            out.key,
            Type::Text(Text::NonEmpty),
            presence,
            out.description,
        );
        i += 1;
    }
    keys[TARGETS.len()] = key(
        "codeowners",
        Type::Text(Text::NonEmpty),
        Optional,
        "Also keep a block of CODEOWNERS lines, one per part with a `part.owner`, in this file (relative to the catalogue's folder, and named `CODEOWNERS`: `.github/CODEOWNERS`, or `../.github/CODEOWNERS` for a catalogue in a subfolder of the repository), so that every `errdex generate` rewrites it and `errdex generate --check` checks it. The rest of the file is left as it is. `--codeowners` wins; with `--only`, only the flag writes it.",
    );
    keys
}

/// What the generated Rust module declares (`rust:`). At 10,000 codes each of these is
/// about a second of every debug rebuild of the crate that includes the module (BENCHMARKS.md,
/// "What each generated item costs rustc").
pub static RUST: Section = Section {
    path: "rust",
    description: None,
    nullable: false,
    keys: &[
        key(
            "constructors",
            Type::Boolean,
            Presence::Default(Fallback::Bool(true)),
            "One typed constructor per code on `Error` (`Error::frm_validation(field)`). Without them, `Error::from_named(ErrorCode::FrmValidation, [(\"field\", field)])` and `Error::new` build any code.",
        ),
        key(
            "namespace_enums",
            Type::Boolean,
            Presence::Default(Fallback::Bool(true)),
            "One enum per namespace (`FrmCode`) with that namespace's codes, for exhaustive matches on a subsystem's codes.",
        ),
        key(
            "integrations",
            Type::List(Text::Word(&RUST_INTEGRATIONS)),
            Optional,
            "Web frameworks the module answers for: `axum` (`IntoResponse` for `Error`) and `actix-web` (`ResponseError`), with the `profiles.http` response. The crate that includes the module then depends on that framework; without any, the module needs only serde and serde_json.",
        ),
    ],
};

/// What the generated Go package declares (`go:`). At 10,000 codes the typed constructors are
/// two thirds of every `go build` of the package (BENCHMARKS.md, "Generated Go").
pub static GO: Section = Section {
    path: "go",
    description: None,
    nullable: false,
    keys: &[key(
        "constructors",
        Type::Boolean,
        Presence::Default(Fallback::Bool(true)),
        "One typed constructor per code (`NewFrmValidation(field string) *Error`). Without them, `New(CodeFrmValidation, field)` builds any code, with one value per declared param in param order.",
    )],
};

/// The words of `docs.layout` and `docs.former_layout` ([`crate::ir::DocsLayout`]).
pub const DOCS_LAYOUTS: [&str; 3] = ["namespace", "code", "namespace/code"];

/// What the docs URLs point at (`docs.links`).
pub const DOCS_LINKS: [&str; 2] = ["book", "external"];

/// The reference book (`docs:`): where each code's page is, and the redirects that keep old
/// addresses working.
pub static DOCS: Section = Section {
    path: "docs",
    description: None,
    nullable: false,
    keys: &[
        key(
            "layout",
            Type::Word(&DOCS_LAYOUTS),
            Presence::Default(Fallback::Str("namespace")),
            "`namespace`: one page per namespace with a section per code (`frm.html#acm-frm-001`). `code`: one page per code at the book's root (`acm-frm-001.html`); `namespace/code`: in its namespace's folder (`frm/acm-frm-001.html`). With a page per code, the namespace pages and the categories table are indexes that link to them.",
        ),
        key(
            "former_layout",
            Type::Word(&DOCS_LAYOUTS),
            Optional,
            "The layout the book had before: every code's address in it redirects to its page in the current layout.",
        ),
        key(
            "redirects",
            Type::Boolean,
            Presence::Default(Fallback::Text(
                "`true` with a page per code, `false` with a page per namespace",
            )),
            "Redirect the old addresses the catalogue knows of to their code: legacy codes, aliases of a code that is its NAME, and retired codes (to their replacement, else their tombstone).",
        ),
        key(
            "links",
            Type::Word(&DOCS_LINKS),
            Presence::Default(Fallback::Str("book")),
            "What the codes' docs URLs point at. `book`: the book errdex generates, deployed at `registry.docs_site_url`, against whose pages and anchors lint checks every docs URL (EDX0603), and warns when it cannot (EDX0604). `external`: pages errdex does not generate (the usual case for a registry of a third-party system, e.g. SQLite's result codes linking to sqlite.org): the URLs are sent as written and not checked against the book.",
        ),
        key(
            "moved",
            Type::Map {
                keys: Text::NonEmpty,
                values: Text::NonEmpty,
            },
            Optional,
            "Old addresses of the book → the code that answers there now, for what the catalogue cannot know (a code moved to another namespace): `frm.html#acm-frm-001: ACM-FRM-001`. An address is a path from the book's root (`.html` may be left out); a code may be named by its code, NAME, alias or legacy code.",
        ),
    ],
};

/// The web frameworks the Rust module can implement its HTTP response for
/// (`rust.integrations`).
pub const RUST_INTEGRATIONS: [&str; 2] = ["axum", "actix-web"];

pub static WIRE: Section = Section {
    path: "registry.wire",
    description: None,
    nullable: false,
    keys: &[
        key(
            "code",
            Type::Text(Text::NonEmpty),
            Presence::Default(Fallback::Str("error")),
            "Key carrying the code (default: error).",
        ),
        key(
            "message",
            Type::Text(Text::NonEmpty),
            Presence::Default(Fallback::Str("detail")),
            "Key carrying the human-readable message (default: detail).",
        ),
        key(
            "category",
            Type::TextOrNull,
            Presence::Default(Fallback::Str("category")),
            "Key carrying the category, or null to omit it (default: category).",
        ),
        key(
            "retryable",
            Type::TextOrNull,
            Presence::Default(Fallback::Null),
            "Key carrying the retryable flag, or null to omit it (default: null).",
        ),
        key(
            "details",
            Type::TextOrNull,
            Presence::Default(Fallback::Null),
            "Nest the extras (params, argument, constraint, suggestion, context) under this key, or null to put them beside the reserved keys (default: null).",
        ),
    ],
};

const RETRYABLE: Key = key(
    "retryable",
    Type::Boolean,
    Presence::Default(Fallback::Bool(false)),
    "Whether retrying the same request may succeed.",
);
const RETRY: Key = key(
    "retry",
    Type::Section(&RETRY_ADVICE),
    Optional,
    "Retry advice for callers. Every member is optional.",
);
const EXIT_CODE: Key = key(
    "exit_code",
    Type::Integer {
        min: 0,
        max: Some(255),
    },
    Presence::Default(Fallback::Int(1)),
    "Process exit code for CLIs (0..=255; 0 or above 125 draws a warning).",
);
const HTTP_STATUS: Key = key(
    "http_status",
    Type::Integer {
        min: 100,
        max: Some(599),
    },
    Presence::Default(Fallback::Int(500)),
    "HTTP status (100..=599; below 400 draws a warning).",
);
const JSONRPC_CODE: Key = key(
    "jsonrpc_code",
    Type::Integer {
        min: i32::MIN as i64,
        max: Some(i32::MAX as i64),
    },
    Presence::Default(Fallback::Int(-32603)),
    "JSON-RPC error code, e.g. -32602 (invalid params) or -32603 (internal error). Inside -32768..=-32000 but not a standard or MCP code draws a warning.",
);
const EXPECTED: Key = key(
    "expected",
    Type::Boolean,
    Presence::Default(Fallback::Bool(false)),
    "true: the user or agent can correct it (logged at WARN); false: an operator fault (logged at ERROR).",
);

pub static CATEGORY: Section = Section {
    path: "categories.<key>",
    description: Some(
        "A category: the classification every code in it shares unless the code overrides it.",
    ),
    nullable: false,
    keys: &[
        text(
            "summary",
            Required,
            "One line: what errors of this category have in common.",
        ),
        text(
            "title",
            Presence::Default(Fallback::Text(
                "the key humanised (`not_found` → \"Not found\")",
            )),
            "The category's title in the docs.",
        ),
        RETRYABLE,
        RETRY,
        EXIT_CODE,
        HTTP_STATUS,
        JSONRPC_CODE,
        EXPECTED,
    ],
};

/// `retry`, in a category or an entry.
pub static RETRY_ADVICE: Section = Section {
    path: "retry",
    description: None,
    nullable: false,
    keys: &[
        key(
            "max_attempts",
            Type::Integer {
                min: 1,
                max: Some(u32::MAX as i64),
            },
            Optional,
            "How many attempts in total are worth making.",
        ),
        key(
            "initial_backoff_ms",
            Type::Integer { min: 0, max: None },
            Optional,
            "Delay before the first retry, in milliseconds (double it on each further retry).",
        ),
        text(
            "advice",
            Optional,
            "What to tell a caller about retrying, e.g. \"Wait briefly, then retry.\"; on a code that is not retryable, what to fix before trying again (it is advice, not permission to retry).",
        ),
    ],
};

pub static NAMESPACE: Section = Section {
    path: "namespaces.<key>",
    description: None,
    nullable: true,
    keys: &[
        text(
            "title",
            Presence::Default(Fallback::Text("the key")),
            "The namespace's title (docs page heading; default: the key).",
        ),
        text("summary", Optional, "One line: what the namespace covers."),
        text(
            "code_prefix",
            Optional,
            "Codes in this namespace must start with it, e.g. ACM-FRM-.",
        ),
        key(
            "class",
            Type::Text(Text::Pattern(&CLASS_NAME)),
            Presence::Default(Fallback::Text("`registry.class`")),
            "The error class of the namespace's codes, e.g. InputError (the MCP error type, the TypeScript error name).",
        ),
        text(
            "category",
            Optional,
            "The category of the namespace's codes that name none (a key of `categories`).",
        ),
    ],
};

pub static ENTRY: Section = Section {
    path: "errors.<NAME>",
    description: Some(
        "One error code. Classification members not given here come from its category.",
    ),
    nullable: false,
    keys: &[
        key(
            "code",
            Type::Text(Text::NonEmpty),
            Presence::Default(Fallback::Text("the NAME")),
            "The stable wire code, e.g. ACM-FRM-001. Defaults to the entry's NAME. Must match registry.code_pattern and the namespace's code_prefix.",
        ),
        text(
            "namespace",
            Optional,
            "The namespace (a key of `namespaces`) this code belongs to.",
        ),
        text(
            "category",
            Presence::Default(Fallback::Text("the namespace's `category`")),
            "The category (a key of `categories`); the code inherits its classification. Required unless the namespace gives one.",
        ),
        text("summary", Required, "One line, used in tables."),
        text(
            "message",
            Presence::Default(Fallback::Text("the summary")),
            "The message template. Every {placeholder} must be a declared param; {{ and }} are literal braces. Without it the message is the summary.",
        ),
        key(
            "class",
            Type::Text(Text::Pattern(&CLASS_NAME)),
            Presence::Default(Fallback::Text("the namespace's `class`")),
            "This code's error class, overriding its namespace's.",
        ),
        key(
            "params",
            Type::Params,
            Optional,
            "The message's params, in order (the order of the Rust constructor's arguments): name → type, or name → {type, items, schema, example}.",
        ),
        text(
            "suggestion",
            Optional,
            "What the user or agent should do; may use the params as placeholders like the message.",
        ),
        text(
            "explanation",
            Optional,
            "Long Markdown: the code's docs page and `errdex explain`.",
        ),
        from_category(RETRYABLE),
        Key {
            description: "Retry advice.",
            ..from_category(RETRY)
        },
        from_category(EXIT_CODE),
        from_category(HTTP_STATUS),
        from_category(JSONRPC_CODE),
        from_category(EXPECTED),
        text(
            "docs_url",
            Presence::Default(Fallback::Text("`registry.docs_url`")),
            "This code's docs link, overriding registry.docs_url. Placeholders: as registry.docs_url's.",
        ),
        text(
            "since",
            Optional,
            "The version that introduced this code, e.g. \"1.2.0\".",
        ),
        key(
            "deprecated",
            Type::FlagOr(&DEPRECATED),
            Optional,
            "Marks the code deprecated: generated code warns its users.",
        ),
        key(
            "aliases",
            Type::List(Text::Pattern(&ENTRY_NAME)),
            Optional,
            "Other NAMES for this entry (identifiers that also resolve to it).",
        ),
        key(
            "legacy_codes",
            Type::List(Text::NonEmpty),
            Optional,
            "Former wire codes that still parse to this entry.",
        ),
    ],
};

pub static DEPRECATED: Section = Section {
    path: "errors.<NAME>.deprecated",
    description: None,
    nullable: false,
    keys: &[
        text("since", Optional, "The version that deprecated it."),
        key(
            "replaced_by",
            Type::Text(Text::Pattern(&ENTRY_NAME)),
            Optional,
            "The NAME of the entry to use instead.",
        ),
        text("note", Optional, "Why, or what to do instead."),
    ],
};

pub static RETIRED: Section = Section {
    path: "retired.<code>",
    description: None,
    nullable: true,
    keys: &[
        key(
            "name",
            Type::Text(Text::Pattern(&ENTRY_NAME)),
            Optional,
            "The NAME the code had.",
        ),
        text("since", Optional, "The version that retired it."),
        text("note", Optional, "Why, or where it went."),
        key(
            "replaced_by",
            Type::Text(Text::Pattern(&ENTRY_NAME)),
            Optional,
            "The NAME of the live entry that took over; the docs link to it.",
        ),
    ],
};

/// How an imported registry's codes are used (`imports.<name>.as`).
pub const IMPORT_MODES: [&str; 2] = ["codes", "reference"];

pub static IMPORT: Section = Section {
    path: "imports.<name>",
    description: Some(
        "Another registry's codes, read from its published `registry.json` (or its catalogue) without copying them.",
    ),
    nullable: false,
    keys: &[
        text(
            "from",
            Required,
            "Where the registry is published, relative to this catalogue's folder: its `registry.json` (errdex writes it in the schema output) or its catalogue (`errors.yaml`).",
        ),
        key(
            "version",
            Type::Text(Text::Pattern(&SEMVER)),
            Required,
            "The version this catalogue is pinned to: the imported registry's `package.version` must be exactly this (an upgrade is an edit here, and `errdex diff` shows what it changes).",
        ),
        key(
            "as",
            Type::Word(&IMPORT_MODES),
            Presence::Default(Fallback::Str("codes")),
            "`codes`: the imported codes are generated as this registry's own, in every target (with their namespaces, categories and tombstones). `reference`: they are not generated (the platform's own package provides them), but no code here may take their codes or NAMEs, and `registry.json` lists them.",
        ),
    ],
};

/// A param's long form (`field: {type: list, items: string, example: [a, b]}`).
pub static PARAM: Section = Section {
    path: "errors.<NAME>.params.<name>",
    description: Some("A param's long form: its type, and what the short form cannot say."),
    nullable: false,
    keys: &[
        key(
            "type",
            Type::Word(&PARAM_LONG_TYPES),
            Required,
            "The param's type: a scalar, `list` (of `items`) or `object` (described by `schema`).",
        ),
        key(
            "items",
            Type::Word(&["string", "integer", "number", "boolean"]),
            Presence::RequiredWhen {
                key: "type",
                equals: "list",
            },
            "A list's item type.",
        ),
        key(
            "schema",
            Type::Schema,
            Optional,
            "An object's JSON Schema, with only type, properties, items, required, enum and description (default: any object).",
        ),
        key(
            "example",
            Type::Any,
            Optional,
            "A value of the param's type, used by the docs' example payloads and the MCP `example` fact (default: a placeholder of the type).",
        ),
    ],
};

/// An object param's `schema` (and every schema inside it): a small JSON Schema. Not a
/// section of the docs' tables (the param's `schema` key lists these keys); only the
/// loader's unknown-key check and its readers use it.
pub static SCHEMA: Section = Section {
    path: "errors.<NAME>.params.<name>.schema",
    description: None,
    nullable: false,
    keys: &[
        schema_key(SCHEMA_KEYS[0]),
        schema_key(SCHEMA_KEYS[1]),
        schema_key(SCHEMA_KEYS[2]),
        schema_key(SCHEMA_KEYS[3]),
        schema_key(SCHEMA_KEYS[4]),
        schema_key(SCHEMA_KEYS[5]),
    ],
};

const fn schema_key(name: &'static str) -> Key {
    key(name, Type::Any, Optional, "")
}

/// The `{placeholders}` of a `usage.patterns` entry: an entry's NAME and code, and the
/// identifiers the targets give it (`names.rs`).
pub const USAGE_PLACEHOLDERS: [&str; 6] =
    ["name", "code", "rust_variant", "rust_fn", "ts_key", "py_fn"];

/// How loudly `errdex usage` reports one kind of finding.
pub const USAGE_SEVERITIES: [&str; 3] = ["error", "warning", "off"];

/// `usage`: what `errdex usage` scans for, beyond what the targets generate.
pub static USAGE: Section = Section {
    path: "usage",
    description: None,
    nullable: false,
    keys: &[
        key(
            "patterns",
            Type::List(Text::NonEmpty),
            Optional,
            "More fixed strings that raise a code, with {name}, {code}, {rust_variant}, {rust_fn}, {ts_key} or {py_fn}, e.g. ERRCODE_{name} for a C macro.",
        ),
        key(
            "files",
            Type::List(Text::NonEmpty),
            Optional,
            "More files to scan besides Rust, TypeScript / JavaScript and Python, as globs (e.g. *.c); only code strings and `patterns` are looked for in them.",
        ),
        key(
            "ignore",
            Type::List(Text::NonEmpty),
            Optional,
            "Globs of files (relative to the scanned path) whose uses never count, e.g. a table that declares the codes.",
        ),
        key(
            "severity",
            Type::Section(&USAGE_SEVERITY),
            Optional,
            "How loudly each kind of finding is reported.",
        ),
        key(
            "docs",
            Type::FlagOr(&USAGE_DOCS),
            Presence::Default(Fallback::Bool(false)),
            "List under each code of the generated docs where the source code raises it (`errdex generate` scans the tree, as `errdex usage`); `true` scans the catalogue's folder.",
        ),
    ],
};

/// `usage.docs`: the "Raised at" lists of the generated docs.
pub static USAGE_DOCS: Section = Section {
    path: "usage.docs",
    description: None,
    nullable: false,
    keys: &[
        key(
            "paths",
            Type::List(Text::NonEmpty),
            Presence::Default(Fallback::Text("the catalogue's folder")),
            "Folders (or files) to scan, relative to the catalogue's folder (`..` allowed, not absolute); the docs show each place relative to that folder.",
        ),
        key(
            "places",
            Type::Integer {
                min: 1,
                max: Some(100),
            },
            Presence::Default(Fallback::Int(5)),
            "How many places each code lists; the others are counted (\"and 4 more\").",
        ),
    ],
};

/// `usage.severity`: one key per finding of `errdex usage` (the NAME of its EDX07 code, in
/// lower case; a test checks them against `diag.rs`).
pub static USAGE_SEVERITY: Section = Section {
    path: "usage.severity",
    description: None,
    nullable: false,
    keys: &[
        key(
            "code_never_raised",
            Type::Word(&USAGE_SEVERITIES),
            Presence::Default(Fallback::Str("warning")),
            "A declared code that nothing outside generated files and tests raises (EDX0701).",
        ),
        key(
            "unknown_code_string",
            Type::Word(&USAGE_SEVERITIES),
            Presence::Default(Fallback::Str("error")),
            "A string that looks like a code but is not in the catalogue (EDX0702).",
        ),
        key(
            "deprecated_code_raised",
            Type::Word(&USAGE_SEVERITIES),
            Presence::Default(Fallback::Str("warning")),
            "A deprecated code still raised (EDX0703).",
        ),
        key(
            "retired_code_referenced",
            Type::Word(&USAGE_SEVERITIES),
            Presence::Default(Fallback::Str("error")),
            "A retired code still referenced (EDX0704).",
        ),
        key(
            "source_unreadable",
            Type::Word(&USAGE_SEVERITIES),
            Presence::Default(Fallback::Str("warning")),
            "A file that could not be read (EDX0705).",
        ),
    ],
};

/// Every section, in the order the docs present them.
pub static SECTIONS: [&Section; 24] = [
    &TOP,
    &REGISTRY,
    &OUTPUTS,
    &PACKAGE,
    &RUST,
    &GO,
    &DOCS,
    &WIRE,
    &CATEGORY,
    &RETRY_ADVICE,
    &NAMESPACE,
    &ENTRY,
    &PARAM,
    &DEPRECATED,
    &RETIRED,
    &IMPORT,
    &PROFILES,
    &MCP_TOOL_ERROR,
    &JSONRPC_ERROR,
    &TERMINAL,
    &HTTP,
    &USAGE,
    &USAGE_SEVERITY,
    &USAGE_DOCS,
];

pub static PROFILES: Section = Section {
    path: "profiles",
    description: None,
    nullable: false,
    keys: &[
        key(
            "mcp_tool_error",
            Type::Section(&MCP_TOOL_ERROR),
            Presence::Default(Fallback::Text("compact text, facts in `_meta`")),
            "The MCP tool result (isError: true) a failing tool returns.",
        ),
        key(
            "jsonrpc_error",
            Type::Section(&JSONRPC_ERROR),
            Presence::Default(Fallback::Text("the message, the wire object as `data`")),
            "The JSON-RPC error object a protocol-level failure returns.",
        ),
        key(
            "terminal",
            Type::Section(&TERMINAL),
            Presence::Default(Fallback::Text("structured values as compact JSON")),
            "The compact terminal form (`Display`, `toString()`, `format_compact()`).",
        ),
        key(
            "http",
            Type::Section(&HTTP),
            Presence::Default(Fallback::Text(
                "RFC 9457 problem+json, `Retry-After` where it means something",
            )),
            "The HTTP error response: its body, content type and `Retry-After` header.",
        ),
    ],
};

/// The words of `profiles.http.body`: [`crate::ir::HttpBody::as_str`] of each (a test checks
/// they agree).
pub const HTTP_BODIES: [&str; 3] = ["problem", "wire", "google"];

/// The words of `profiles.http.reason`: [`crate::ir::ReasonSource::as_str`] of each.
pub const HTTP_REASONS: [&str; 2] = ["name", "code"];

/// The HTTP statuses whose responses `Retry-After` means something on (RFC 9110 §10.2.3 and
/// §15.5.14, RFC 6585 §4): 413 Content Too Large, 429 Too Many Requests, 503 Service
/// Unavailable.
pub const RETRY_AFTER_STATUSES: [u16; 3] = [413, 429, 503];

/// Pattern of an AIP-193 `ErrorInfo.reason`: UPPER_SNAKE (at most 63 characters, which
/// the rule checks apart).
pub static AIP_REASON: Pattern = Pattern::new("^[A-Z][A-Z0-9_]+[A-Z0-9]$");

pub static HTTP: Section = Section {
    path: "profiles.http",
    description: None,
    nullable: false,
    keys: &[
        key(
            "body",
            Type::Word(&HTTP_BODIES),
            Presence::Default(Fallback::Str("problem")),
            "The response body: `problem` (RFC 9457 problem details, `application/problem+json`), `wire` (the wire object, `application/json`) or `google` (AIP-193's `{\"error\": {code, message, status, details}}` with ErrorInfo, RetryInfo and Help, `application/json`).",
        ),
        key(
            "domain",
            Type::Text(Text::NonEmpty),
            Presence::RequiredWhen {
                key: "body",
                equals: "google",
            },
            "AIP-193 `ErrorInfo.domain`: the service the reasons belong to, e.g. \"api.acme.dev\".",
        ),
        key(
            "reason",
            Type::Word(&HTTP_REASONS),
            Presence::Default(Fallback::Str("name")),
            "Where AIP-193's `ErrorInfo.reason` comes from: the code's NAME in UPPER_SNAKE (`name`) or its wire code (`code`); either must be UPPER_SNAKE of at most 63 characters.",
        ),
        key(
            "retry_after",
            Type::Boolean,
            Presence::Default(Fallback::Bool(true)),
            "Send `Retry-After` (whole seconds, rounded up from `retry.initial_backoff_ms`) on the responses of retryable codes whose status is 413, 429 or 503, where HTTP clients honour it.",
        ),
    ],
};

/// The words of `profiles.terminal.values`: [`crate::ir::ValueStyle::as_str`] of each
/// (a test checks they agree).
pub const VALUE_STYLES: [&str; 2] = ["json", "python"];

pub static TERMINAL: Section = Section {
    path: "profiles.terminal",
    description: None,
    nullable: false,
    keys: &[key(
        "values",
        Type::Word(&VALUE_STYLES),
        Presence::Default(Fallback::Str("json")),
        "How the `constraint:` line prints a structured value: `json` (compact JSON, {\"minLength\":1}) or `python` (Python's repr, {'minLength': 1}, as a Python framework prints a dict).",
    )],
};

pub static MCP_TOOL_ERROR: Section = Section {
    path: "profiles.mcp_tool_error",
    description: None,
    nullable: false,
    keys: &[
        text(
            "text",
            Presence::Default(Fallback::Str("{compact}")),
            "The text of `content[0]`, e.g. \"Error: {message}\". Placeholders: {message}, {code}, {name}, {category}, {error_type}, {suggestion}, {compact} (the terminal form), {wire} (the wire object as compact JSON).",
        ),
        key(
            "data",
            Type::Text(Text::NonEmpty),
            Presence::Default(Fallback::Str("_meta")),
            "Where the facts go: `_meta`, `structuredContent`, or the name of another top-level member, e.g. errorData.",
        ),
        text(
            "prefix",
            Presence::Default(Fallback::Text("`registry.mcp_meta_prefix`")),
            "Prefix of every output key, e.g. \"dev.acme/\".",
        ),
        key(
            "fields",
            Type::FactMap,
            Presence::Default(Fallback::Text(
                "code, category, retryable, expected, docs_url, …",
            )),
            "Output key → the fact it carries, in order: code, name, category, retryable, expected, error_type, message, summary, docs_url, argument, constraint, suggestion, example, params, context, wire, context.<key>, param.<name>.",
        ),
    ],
};

pub static JSONRPC_ERROR: Section = Section {
    path: "profiles.jsonrpc_error",
    description: None,
    nullable: false,
    keys: &[
        text(
            "message",
            Presence::Default(Fallback::Str("{message}")),
            "The error's `message`. Same placeholders as mcp_tool_error.text.",
        ),
        key(
            "data",
            Type::WordOrFactMap { words: &["wire"] },
            Presence::Default(Fallback::Str("wire")),
            "The error's `data`: `wire` (the wire object), null (none), or output key → fact, like mcp_tool_error.fields.",
        ),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_compiles() {
        for pattern in [
            &IDENT,
            &REGISTRY_NAME,
            &PYTHON_PACKAGE,
            &GO_PACKAGE,
            &GO_MODULE,
            &SEMVER,
            &ENTRY_NAME,
            &KEYED_FACT,
            &CLASS_NAME,
            &AIP_REASON,
        ] {
            assert!(
                regex::Regex::new(pattern.regex).is_ok(),
                "{}",
                pattern.regex
            );
        }
    }

    /// Go module paths: `/`-separated elements, none empty nor starting or ending with a dot.
    #[test]
    fn go_module_paths() {
        for ok in [
            "acmeerrors",
            "example.com/acme/errors",
            "github.com/a-b/c_d/v2",
            "x~y",
        ] {
            assert!(GO_MODULE.is_match(ok), "{ok}");
        }
        for bad in [
            "", "a//b", "/a", "a/", ".a", "a.", "a/.b", "a b", "a\"b", "é", "a\\b",
        ] {
            assert!(!GO_MODULE.is_match(bad), "{bad}");
        }
    }

    /// The identifiers of templates' placeholders (`names::is_identifier`, below the
    /// format) and the NAMEs of errdex's own codes (`names::is_entry_name`) are the
    /// format's patterns.
    #[test]
    fn the_name_checks_below_the_format_are_its_patterns() {
        let cases = [
            "",
            "_",
            "__",
            "_a",
            "a",
            "A",
            "a_",
            "A_",
            "a__b",
            "A__B",
            "ab_cd",
            "AB_CD",
            "Ab_cd",
            "aB",
            "1a",
            "a1",
            "A1_2",
            "a-b",
            "a b",
            "é",
            "a.b",
            "_1",
            "x_Y",
            "FRM_VALIDATION",
        ];
        for case in cases {
            assert_eq!(
                IDENT.is_match(case),
                crate::names::is_identifier(case),
                "{case:?}"
            );
            assert_eq!(
                ENTRY_NAME.is_match(case),
                crate::names::is_entry_name(case),
                "{case:?}"
            );
        }
    }

    /// The one semver check (`package.version`, `--package-version`, `#[deprecated(since)]`).
    #[test]
    fn package_versions() {
        for ok in [
            "0.0.0",
            "1.2.3",
            "10.20.30",
            "2.0.0-rc.1",
            "1.0.0+build.5",
            "1.0.0-a-b+c",
        ] {
            assert!(is_package_version(ok), "{ok}");
        }
        for bad in [
            "01.2.3", "1.02.3", "1.2", "1.2.3.4", "v1.2.3", "1.2.3-", "", "1.2.x",
        ] {
            assert!(!is_package_version(bad), "{bad}");
        }
    }
}
