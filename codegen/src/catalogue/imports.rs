//! `imports:` — another registry's codes, read from what that registry publishes (its
//! `registry.json`, or its catalogue) and pinned by version.
//!
//! An import is resolved while its catalogue is validated (stage 1 of
//! [`super::validate`]): the file is read through an [`ImportFiles`] (the file system, or
//! a git revision for `errdex diff --against-git`), a `registry.json` is turned back into
//! the catalogue it describes ([`registry_json_as_catalogue`]: every fact is written out
//! resolved, so nothing is inherited twice), and that catalogue is loaded and validated by
//! the same front end — an imported catalogue may import in turn, and a cycle is refused.
//! The result is merged into the IR ([`Cx::imports`]): `as: codes` appends the imported
//! codes (with their namespaces, categories and tombstones) to the catalogue's own, so every
//! emitter sees them as first-class codes without knowing where they came from; `as:
//! reference` only records them. Either way, no code of this catalogue may take an imported
//! code, legacy code, retired code, NAME, alias or generated identifier (EDX0905).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::diag::{DiagCode, Span};
use crate::files::normalize;
use crate::ir::{Catalogue, Import, ImportMode, ImportedCode};

use super::format::keys::{import, top};
use super::rules::EntrySpans;
use super::sink::Cx;
use super::tree::{Limits, Node};

/// Reads the files that `imports:` names.
pub trait ImportFiles: Sync {
    /// The bytes of the file at `path` (the importing catalogue's folder joined with the
    /// import's `from`, lexically normalised), or why it cannot be read.
    fn read(&self, path: &Path) -> Result<Vec<u8>, String>;
    /// The folder of the imported catalogue at `path`, for the `parts:` it lists (read
    /// from the same place as the catalogue itself: the disk, or the same git revision).
    fn folder(&self, path: &Path) -> Box<dyn super::Files + '_>;
    /// What makes two paths one file, for a cycle of imports: the path lexically
    /// normalised ([`normalize`]); on disk, the file's real path (so `../service/errors.yaml`
    /// seen from `service/` is `errors.yaml`).
    fn identity(&self, path: &Path) -> PathBuf {
        normalize(path)
    }
}

/// The file system, relative to the working directory (paths as the catalogue's was given).
#[derive(Debug, Clone, Copy)]
pub struct FileSystem;

impl ImportFiles for FileSystem {
    fn read(&self, path: &Path) -> Result<Vec<u8>, String> {
        std::fs::read(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => "no such file".to_string(),
            _ => e.to_string(),
        })
    }

    fn folder(&self, path: &Path) -> Box<dyn super::Files + '_> {
        Box::new(super::Disk::beside(path))
    }

    fn identity(&self, path: &Path) -> PathBuf {
        std::fs::canonicalize(path).unwrap_or_else(|_| normalize(path))
    }
}

/// What a validation needs to resolve imports: where files come from, the catalogues
/// being loaded, from the root to the one being validated (to refuse a cycle), and how an
/// imported file is loaded.
#[derive(Clone, Copy)]
pub(super) struct ImportCx<'a> {
    pub(super) files: &'a dyn ImportFiles,
    pub(super) chain: &'a [PathBuf],
    pub(super) load: LoadImport,
}

/// Loads an imported file, `text` shown as `name`, its own imports read through the
/// context given: a `registry.json` (`json`) as one text, a catalogue with its parts
/// read from `parts`. It is the front end's own load ([`super`] hands it down), so that
/// an import is loaded exactly as the root is, without this module naming the loader
/// that calls it.
pub(super) type LoadImport = fn(
    text: &str,
    name: &str,
    json: bool,
    parts: &dyn super::Files,
    limits: &Limits,
    icx: ImportCx<'_>,
) -> super::Loaded;

impl Cx<'_> {
    /// Reads `imports:`, resolves each import and merges it into `catalogue` (which holds
    /// the catalogue's own codes, `own` their spans).
    pub(super) fn imports(
        &mut self,
        node: &Node,
        catalogue: &mut Catalogue,
        own: &[EntrySpans],
        icx: Option<ImportCx<'_>>,
    ) {
        let Some(entries) = self.entries(node, top::IMPORTS.name(), "a mapping of imports") else {
            return;
        };
        let mut taken = Taken::of(catalogue, own);
        // Each registry an import brings (itself, and the registries it imported in turn),
        // with the import that brought it: a registry brought twice is one error.
        let mut brought: Vec<(String, String)> = Vec::new();
        for (name, knode, v) in entries {
            let what = format!("import `{name}`");
            let Some(f) = self.fields(v, name, &what, top::IMPORTS) else {
                continue;
            };
            let from = f
                .get(import::FROM)
                .and_then(|n| self.text(n, import::FROM.name()).map(|s| (s, n.span)));
            let version_span = f.get(import::VERSION).map(|n| n.span);
            let version = self.declared_text(&f, import::VERSION, |cx, n, text| {
                cx.err(
                    DiagCode::BadValue,
                    n.span,
                    &[
                        ("key", import::VERSION.name()),
                        ("found", &format!("`{text}`")),
                        ("expected", "a version such as 2.1.0 (semver)"),
                    ],
                );
            });
            let version = version.zip(version_span);
            let mode = match f.get(import::AS) {
                None => ImportMode::Codes,
                Some(n) => match self.word_of(n, import::AS) {
                    Some("reference") => ImportMode::Reference,
                    Some(_) => ImportMode::Codes,
                    None => continue,
                },
            };
            let (Some((from, from_span)), Some((version, version_span))) = (from, version) else {
                continue;
            };
            let Some(icx) = icx else {
                self.err(
                    DiagCode::ImportUnreadable,
                    from_span,
                    &[
                        ("name", name),
                        ("path", &from),
                        (
                            "reason",
                            "the catalogue was given as text, not as a file, so there is no folder to read it from",
                        ),
                    ],
                );
                continue;
            };
            let Some(imported) = self.import_one(name, &from, from_span, icx) else {
                continue;
            };
            let found = imported.package.version.clone();
            if found != version {
                self.err(
                    DiagCode::ImportVersionMismatch,
                    version_span,
                    &[
                        ("name", name),
                        ("version", &version),
                        ("path", &from),
                        ("found", &found),
                    ],
                )
                .help = Some(format!(
                    "to upgrade, pin the version {from} publishes (`version: {found}`), then `errdex diff --against-git HEAD` shows what the upgrade changes before you commit it; or point `from` at the release of {version}"
                ));
                continue;
            }
            let registry = imported.registry.name.clone();
            let brings: Vec<String> = std::iter::once(registry.clone())
                .chain(imported.imports.iter().map(|i| i.registry.clone()))
                .collect();
            // This registry itself, brought back through a file that is not this one (its
            // own published registry.json, or another registry that imports that): a cycle
            // of registries, which no file cycle shows.
            let own = &catalogue.registry.name;
            if brings.contains(own) {
                let cycle = if registry == *own {
                    format!("{own} → {own} (`{from}` is this registry's own, published)")
                } else if imported.imports.iter().any(|i| i.registry == *own) {
                    format!("{own} → {registry} → {own}")
                } else {
                    format!("{own} → {registry} → … → {own}")
                };
                self.err(
                    DiagCode::ImportCycle,
                    from_span,
                    &[("name", name), ("cycle", &cycle)],
                )
                .help = Some(format!(
                    "a registry cannot import itself, directly or through the registries it imports: remove this import, or the import of `{own}` from `{registry}`'s catalogue"
                ));
                continue;
            }
            if let Some((again, by)) = brings
                .iter()
                .find_map(|r| brought.iter().find(|(b, _)| b == r).map(|(b, by)| (b, by)))
            {
                let by = by.clone();
                let d = self.err(
                    DiagCode::ImportCollision,
                    knode.span,
                    &[
                        ("name", name),
                        ("what", "registry"),
                        ("value", again),
                        ("other", &format!("import `{by}`")),
                    ],
                );
                d.help = Some(format!(
                    "a registry is imported once: import `{by}` already brings `{again}` (its codes with it, when imported `as: codes`); remove one of the two imports"
                ));
                continue;
            }
            brought.extend(brings.into_iter().map(|r| (r, name.to_string())));
            let code_pattern = imported.registry.code_pattern.clone();
            let code_prefixes = imported
                .namespaces
                .iter()
                .filter_map(|n| n.code_prefix.clone())
                .collect();
            let namespaces = imported.namespaces.iter().map(|n| n.key.clone()).collect();
            let mut categories = Vec::new();
            let codes = imported
                .errors
                .iter()
                .map(|e| ImportedCode {
                    code: e.code.clone(),
                    name: e.name.clone(),
                    summary: e.summary.clone(),
                    docs_url: e.docs_url.clone(),
                })
                .collect();
            let retired = imported
                .retired
                .iter()
                .map(|r| crate::ir::Retired {
                    replaced_by: None,
                    ..r.clone()
                })
                .collect();
            if taken.check(self, name, knode.span, &imported) && mode == ImportMode::Codes {
                for (key, facts) in differing_categories(catalogue, &imported) {
                    self.err(
                        DiagCode::ImportCategoryDiffers,
                        knode.span,
                        &[("name", name), ("key", &key), ("facts", &facts)],
                    )
                    .help = Some(format!(
                        "its codes keep their own facts, but the docs list them under this catalogue's `{key}` and `errdex explain` shows its summary beside them: give the two the same facts, or rename `{key}` in one of the registries"
                    ));
                }
                categories = merge(catalogue, imported);
            }
            catalogue.imports.push(Import {
                name: name.to_string(),
                from,
                registry,
                version,
                mode,
                codes,
                retired,
                code_pattern,
                code_prefixes,
                namespaces,
                categories,
            });
        }
    }

    /// Reads, converts and loads one import; `None` once its problem is reported.
    fn import_one(
        &mut self,
        name: &str,
        from: &str,
        at: Span,
        icx: ImportCx<'_>,
    ) -> Option<Catalogue> {
        let here = icx
            .chain
            .last()
            .map(PathBuf::as_path)
            .unwrap_or(Path::new(""));
        let path = normalize(&here.parent().unwrap_or(Path::new("")).join(from));
        let shown = path.display().to_string();
        let identity = icx.files.identity(&path);
        if let Some(first) = icx
            .chain
            .iter()
            .position(|p| icx.files.identity(p) == identity)
        {
            // Closed by the catalogue it started from, named as it was first.
            let cycle: Vec<String> = icx.chain[first..]
                .iter()
                .chain(std::iter::once(&icx.chain[first]))
                .map(|p| p.display().to_string())
                .collect();
            self.err(
                DiagCode::ImportCycle,
                at,
                &[("name", name), ("cycle", &cycle.join(" → "))],
            );
            return None;
        }
        let bytes = match icx.files.read(&path) {
            Ok(b) => b,
            Err(reason) => {
                self.err(
                    DiagCode::ImportUnreadable,
                    at,
                    &[("name", name), ("path", &shown), ("reason", &reason)],
                )
                .help = Some(
                    "`from` is relative to this catalogue's folder: point it at the other registry's `errors.yaml`, or at the `registry.json` it publishes (e.g. a pinned copy under `vendor/`)".to_string(),
                );
                return None;
            }
        };
        let invalid = |cx: &mut Self, problem: &str| {
            cx.err(
                DiagCode::ImportInvalid,
                at,
                &[("name", name), ("path", &shown), ("problem", problem)],
            );
        };
        let Ok(text) = String::from_utf8(bytes) else {
            invalid(self, "it is not UTF-8 text");
            return None;
        };
        let is_json = path.extension().is_some_and(|x| x == "json");
        let text = if is_json {
            match registry_json_as_catalogue(&text) {
                Ok(t) => t,
                Err(problem) => {
                    invalid(
                        self,
                        &format!("it is not an errdex registry.json: {problem}"),
                    );
                    return None;
                }
            }
        } else {
            text
        };
        let mut chain = icx.chain.to_vec();
        chain.push(path.clone());
        let inner = ImportCx {
            chain: &chain,
            ..icx
        };
        // A catalogue (not a registry.json) may list parts: they are read beside it, from
        // where it was read, so an imported registry in many files imports whole.
        let folder = icx.files.folder(&path);
        let loaded = (icx.load)(&text, &shown, is_json, &*folder, self.limits, inner);
        match loaded.catalogue {
            Some(c) => Some(c),
            None => {
                let errors: Vec<_> = loaded
                    .diagnostics
                    .iter()
                    .filter(|d| d.severity() == crate::diag::Severity::Error)
                    .collect();
                // A cycle closed further down is this import's cycle too (the chain it names
                // starts at the root): said as such, not as an invalid registry.
                if let Some(cycle) = errors.iter().find_map(|d| {
                    (d.code == DiagCode::ImportCycle)
                        .then(|| d.args.iter().find(|(k, _)| *k == "cycle"))
                        .flatten()
                }) {
                    self.err(
                        DiagCode::ImportCycle,
                        at,
                        &[("name", name), ("cycle", &cycle.1)],
                    );
                    return None;
                }
                let first = errors.first().map_or(String::new(), |d| {
                    // The file it is in: the imported catalogue, or one of its parts.
                    let (file, at) = match d.span.and_then(|s| loaded.sources.locate(s)) {
                        Some((f, s)) => (f.name.as_str(), format!(":{}:{}", s.line, s.column)),
                        None => (
                            shown.as_str(),
                            d.span
                                .map_or(String::new(), |s| format!(":{}:{}", s.line, s.column)),
                        ),
                    };
                    format!(
                        "; the first: {file}{at}: {} [{}]",
                        d.message,
                        d.code.as_str()
                    )
                });
                invalid(
                    self,
                    &format!(
                        "{} error{} in it{first}",
                        errors.len(),
                        if errors.len() == 1 { "" } else { "s" }
                    ),
                );
                None
            }
        }
    }
}

/// Everything an imported code may not take, and who holds it.
struct Taken {
    /// Codes, legacy codes and retired codes → holder.
    codes: HashMap<String, Holder>,
    /// NAMEs and aliases → holder.
    names: HashMap<String, Holder>,
    /// (identifier kind, identifier) → holder.
    idents: HashMap<(&'static str, String), Holder>,
    namespaces: HashMap<String, Holder>,
}

#[derive(Clone)]
struct Holder {
    /// "`FRM_VALIDATION` (ACM-FRM-001)" or "import `platform`".
    who: String,
    /// Where this catalogue writes it, when it does.
    span: Option<Span>,
}

impl Taken {
    fn of(cat: &Catalogue, own: &[EntrySpans]) -> Taken {
        let mut t = Taken {
            codes: HashMap::new(),
            names: HashMap::new(),
            idents: HashMap::new(),
            namespaces: HashMap::new(),
        };
        for (i, e) in cat.errors.iter().enumerate() {
            let spans = own.get(i);
            // The note points at what is taken: the code, a legacy code, the NAME (whose
            // identifiers are made from it) or an alias, as this catalogue writes it.
            let holder = |span: Option<Span>| Holder {
                who: format!("`{}` ({})", e.name, e.code),
                span,
            };
            t.codes
                .insert(e.code.clone(), holder(spans.map(|s| s.code)));
            for (k, code) in e.legacy_codes.iter().enumerate() {
                let span = spans.and_then(|s| s.legacy.get(k).copied());
                t.codes.insert(code.clone(), holder(span));
            }
            t.names
                .insert(e.name.clone(), holder(spans.map(|s| s.name)));
            for (k, alias) in e.aliases.iter().enumerate() {
                let span = spans.and_then(|s| s.aliases.get(k).copied());
                t.names.insert(alias.clone(), holder(span));
            }
            for (spec, ident) in e.ids.each() {
                if spec.unique {
                    t.idents
                        .insert((spec.key, ident.to_string()), holder(spans.map(|s| s.name)));
                }
            }
        }
        for r in &cat.retired {
            let holder = Holder {
                who: format!("the retired code {}", r.code),
                span: None,
            };
            if let Some(name) = &r.name {
                t.names.insert(name.clone(), holder.clone());
            }
            t.codes.insert(r.code.clone(), holder);
        }
        for n in &cat.namespaces {
            t.namespaces.insert(
                n.key.clone(),
                Holder {
                    who: format!("this catalogue's namespace `{}`", n.key),
                    span: None,
                },
            );
        }
        t
    }

    /// Reports what `imported` would take from someone else (at the import's key, with a
    /// note where this catalogue writes the other), then records what it holds. `true` when
    /// nothing collided.
    fn check(&mut self, cx: &mut Cx<'_>, name: &str, at: Span, imported: &Catalogue) -> bool {
        let mut ok = true;
        let me = |what: &str| Holder {
            who: format!("{what} of import `{name}`"),
            span: None,
        };
        let mut clash = |cx: &mut Cx<'_>, what: &str, value: &str, other: &Holder| {
            ok = false;
            let d = cx.err(
                DiagCode::ImportCollision,
                at,
                &[
                    ("name", name),
                    ("what", what),
                    ("value", value),
                    ("other", &other.who),
                ],
            );
            if let Some(span) = other.span {
                d.notes.push((span, "taken here".to_string()));
            }
            d.help = Some(if what == "namespace" {
                format!(
                    "a namespace is one registry's: `{value}` is the imported registry's, so rename this catalogue's namespace (its codes' `namespace:` with it), and leave the imported codes in theirs"
                )
            } else {
                // However it is imported (`as: reference` too), its codes stay reserved.
                "rename or renumber the code here: an imported registry's codes, NAMEs and retired codes are reserved, whether it is imported `as: codes` or `as: reference`".into()
            });
        };
        let mut new_codes = Vec::new();
        let mut new_names = Vec::new();
        let mut new_idents = Vec::new();
        // Every string parses to one entry: a code, legacy code, NAME or alias of an import
        // may be none of these here, of either kind (a legacy code here that is an imported
        // NAME would map one string to two entries).
        let holder =
            |taken: &Self, s: &str| taken.codes.get(s).or_else(|| taken.names.get(s)).cloned();
        for e in &imported.errors {
            for code in std::iter::once(&e.code).chain(&e.legacy_codes) {
                match holder(self, code) {
                    Some(other) => clash(cx, "code", code, &other),
                    None => new_codes.push((code.clone(), me(&format!("`{}`", e.name)))),
                }
            }
            let mut name_taken = false;
            for n in std::iter::once(&e.name).chain(&e.aliases) {
                match holder(self, n) {
                    Some(other) => {
                        name_taken = true;
                        clash(cx, "NAME", n, &other);
                    }
                    None => new_names.push((n.clone(), me(&format!("`{}`", e.name)))),
                }
            }
            // Its identifiers are made from the NAME: when that is taken, so are they, and
            // one error says it; else the first identifier taken says it for all (a NAME that
            // differs only in case makes every identifier the same).
            for (spec, ident) in e.ids.each().filter(|_| !name_taken) {
                if !spec.unique {
                    continue;
                }
                match self.idents.get(&(spec.key, ident.to_string())) {
                    Some(other) => {
                        clash(
                            cx,
                            &format!("{} identifier", spec.key),
                            &spec.show(ident),
                            other,
                        );
                        break;
                    }
                    None => new_idents.push(((spec.key, ident.to_string()), me(&e.name))),
                }
            }
        }
        for r in &imported.retired {
            if let Some(other) = self.codes.get(&r.code) {
                clash(cx, "retired code", &r.code, other);
            }
            if let Some(n) = &r.name
                && let Some(other) = holder(self, n)
            {
                clash(cx, "retired code's NAME", n, &other);
            }
        }
        for n in &imported.namespaces {
            match self.namespaces.get(&n.key) {
                Some(other) => clash(cx, "namespace", &n.key, other),
                None => {
                    self.namespaces
                        .insert(n.key.clone(), me(&format!("the namespace `{}`", n.key)));
                }
            }
        }
        self.codes.extend(new_codes);
        self.names.extend(new_names);
        self.idents.extend(new_idents);
        for r in &imported.retired {
            let holder = me(&format!("the retired code {}", r.code));
            if let Some(n) = &r.name {
                self.names
                    .entry(n.clone())
                    .or_insert_with(|| holder.clone());
            }
            self.codes.entry(r.code.clone()).or_insert(holder);
        }
        ok
    }
}

/// The categories of `imported` whose key `cat` also has, with other facts: each key and
/// the facts that differ (`http_status 429 here 503`), for EDX0906.
fn differing_categories(cat: &Catalogue, imported: &Catalogue) -> Vec<(String, String)> {
    imported
        .categories
        .iter()
        .filter_map(|theirs| {
            let ours = cat.categories.iter().find(|o| o.key == theirs.key)?;
            let facts: Vec<String> = [
                (
                    "retryable",
                    theirs.retryable.to_string(),
                    ours.retryable.to_string(),
                ),
                (
                    "exit_code",
                    theirs.exit_code.to_string(),
                    ours.exit_code.to_string(),
                ),
                (
                    "http_status",
                    theirs.http_status.to_string(),
                    ours.http_status.to_string(),
                ),
                (
                    "jsonrpc_code",
                    theirs.jsonrpc_code.to_string(),
                    ours.jsonrpc_code.to_string(),
                ),
                (
                    "expected",
                    theirs.expected.to_string(),
                    ours.expected.to_string(),
                ),
            ]
            .into_iter()
            .filter(|(_, t, o)| t != o)
            .map(|(fact, t, o)| format!("{fact} {t} there, {o} here"))
            .collect();
            (!facts.is_empty()).then(|| (theirs.key.clone(), facts.join(", ")))
        })
        .collect()
}

/// Appends `imported`'s codes, namespaces, categories (by key: a category this catalogue
/// has keeps this catalogue's entry; the imported codes carry their own resolved facts
/// either way) and tombstones to `cat`; the keys of the categories it added.
fn merge(cat: &mut Catalogue, imported: Catalogue) -> Vec<String> {
    let mut added = Vec::new();
    let category_of: Vec<usize> = imported
        .categories
        .into_iter()
        .map(
            |c| match cat.categories.iter().position(|o| o.key == c.key) {
                Some(i) => i,
                None => {
                    added.push(c.key.clone());
                    cat.categories.push(c);
                    cat.categories.len() - 1
                }
            },
        )
        .collect();
    let namespace_base = cat.namespaces.len();
    cat.namespaces
        .extend(imported.namespaces.into_iter().map(|mut n| {
            n.category = n.category.map(|c| category_of[c]);
            n
        }));
    let entry_base = cat.errors.len();
    cat.errors.extend(imported.errors.into_iter().map(|mut e| {
        e.namespace = e.namespace.map(|n| n + namespace_base);
        e.category = category_of[e.category];
        if let Some(d) = e.deprecated.as_mut() {
            d.replaced_by = d.replaced_by.map(|i| i + entry_base);
        }
        e
    }));
    for mut r in imported.retired {
        if cat.retired.iter().any(|o| o.code == r.code) {
            continue;
        }
        r.replaced_by = r.replaced_by.map(|i| i + entry_base);
        cat.retired.push(r);
    }
    added
}

/// The catalogue a `registry.json` describes, as catalogue text (JSON, which is YAML), with
/// every fact of every code written out as resolved, so the front end checks it like any
/// catalogue. `Err` says what makes it no registry.json of errdex's.
pub fn registry_json_as_catalogue(text: &str) -> Result<String, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("{e}"))?;
    let doc = v.as_object().ok_or("the document is not a JSON object")?;
    if doc.get("errdex") != Some(&json!(1)) {
        return Err("it has no `\"errdex\": 1`".into());
    }
    let registry = obj(doc, "registry")?;
    let version = registry
        .get("version")
        .and_then(Value::as_str)
        .ok_or("its `registry` has no `version` (written by errdex 0.7 and later)")?;
    let mut out = Map::new();
    out.insert("errdex".into(), json!(1));
    let mut reg = Map::new();
    for key in ["name", "title", "code_pattern", "class"] {
        copy(registry, &mut reg, key);
    }
    // Codes this registry imported `as: codes` are among its `errors`, but its
    // `code_pattern` is for its own codes (the import was not held to it): read back, the
    // pattern would refuse them. It is left out; the file was checked when it was written.
    let imported_codes = doc
        .get("imports")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .any(|i| {
            i.get("as").and_then(Value::as_str) == Some("codes")
                && i.get("codes")
                    .and_then(Value::as_array)
                    .is_some_and(|c| !c.is_empty())
        });
    if imported_codes {
        reg.remove("code_pattern");
    }
    // The default base class is derived from the name and may not be written out (EDX0201).
    if let (Some(Value::String(name)), Some(Value::String(class))) =
        (reg.get("name"), reg.get("class"))
        && *class == crate::names::default_class(name)
    {
        reg.remove("class");
    }
    out.insert("registry".into(), Value::Object(reg));
    out.insert("package".into(), json!({ "version": version }));
    // The codes' docs URLs are the imported registry's pages, not this book's.
    out.insert("docs".into(), json!({ "links": "external" }));
    let mut categories = Map::new();
    for c in arr(doc, "categories")? {
        let c = c.as_object().ok_or("a category is not an object")?;
        let mut m = Map::new();
        for key in FACTS.iter().chain(&["title", "summary"]) {
            copy(c, &mut m, key);
        }
        categories.insert(key_of(c, "key")?, Value::Object(m));
    }
    out.insert("categories".into(), Value::Object(categories));
    let mut namespaces = Map::new();
    for n in arr(doc, "namespaces")? {
        let n = n.as_object().ok_or("a namespace is not an object")?;
        let mut m = Map::new();
        for key in ["title", "summary", "code_prefix", "class"] {
            copy(n, &mut m, key);
        }
        namespaces.insert(key_of(n, "key")?, Value::Object(m));
    }
    if !namespaces.is_empty() {
        out.insert("namespaces".into(), Value::Object(namespaces));
    }
    let mut errors = Map::new();
    for e in arr(doc, "errors")? {
        let e = e.as_object().ok_or("an error is not an object")?;
        let mut m = Map::new();
        for key in [
            "code",
            "namespace",
            "category",
            "class",
            "summary",
            "message",
            "suggestion",
            "explanation",
            "docs_url",
            "since",
        ]
        .iter()
        .chain(&FACTS)
        {
            copy(e, &mut m, key);
        }
        // The registry's base class is each code's unless it says otherwise; a code may not
        // name it (EDX0201), so it is left to the default.
        if m.get("class").is_some() && m.get("class") == registry.get("class") {
            m.remove("class");
        }
        let params = e
            .get("params")
            .and_then(Value::as_array)
            .ok_or("an error has no `params` array")?;
        if !params.is_empty() {
            let mut ps = Map::new();
            for p in params {
                let p = p.as_object().ok_or("a param is not an object")?;
                let mut pm = Map::new();
                for key in ["type", "items", "schema", "example"] {
                    copy(p, &mut pm, key);
                }
                ps.insert(key_of(p, "name")?, Value::Object(pm));
            }
            m.insert("params".into(), Value::Object(ps));
        }
        if let Some(d) = e.get("deprecated").and_then(Value::as_object) {
            let mut dm = Map::new();
            for key in ["since", "replaced_by", "note"] {
                copy(d, &mut dm, key);
            }
            m.insert("deprecated".into(), Value::Object(dm));
        }
        for key in ["aliases", "legacy_codes"] {
            if e.get(key)
                .and_then(Value::as_array)
                .is_some_and(|a| !a.is_empty())
            {
                copy(e, &mut m, key);
            }
        }
        errors.insert(key_of(e, "name")?, Value::Object(m));
    }
    out.insert("errors".into(), Value::Object(errors));
    let mut retired = Map::new();
    for r in doc
        .get("retired")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let r = r.as_object().ok_or("a retired code is not an object")?;
        let mut m = Map::new();
        for key in ["name", "since", "note", "replaced_by"] {
            copy(r, &mut m, key);
        }
        retired.insert(key_of(r, "code")?, Value::Object(m));
    }
    if !retired.is_empty() {
        out.insert("retired".into(), Value::Object(retired));
    }
    serde_json::to_string_pretty(&Value::Object(out)).map_err(|e| e.to_string())
}

/// The facts a category gives and a code may override, as `registry.json` writes them.
const FACTS: [&str; 6] = [
    "retryable",
    "exit_code",
    "http_status",
    "jsonrpc_code",
    "expected",
    "retry",
];

fn obj<'a>(m: &'a Map<String, Value>, key: &str) -> Result<&'a Map<String, Value>, String> {
    m.get(key)
        .and_then(Value::as_object)
        .ok_or_else(|| format!("it has no `{key}` object"))
}

fn arr<'a>(m: &'a Map<String, Value>, key: &str) -> Result<&'a Vec<Value>, String> {
    m.get(key)
        .and_then(Value::as_array)
        .ok_or_else(|| format!("it has no `{key}` array"))
}

fn key_of(m: &Map<String, Value>, key: &str) -> Result<String, String> {
    m.get(key)
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| format!("an item has no `{key}` string"))
}

/// Copies `key` unless it is missing or null (null is how registry.json says "not set").
fn copy(from: &Map<String, Value>, to: &mut Map<String, Value>, key: &str) {
    match from.get(key) {
        None | Some(Value::Null) => {}
        Some(Value::Object(o)) if key == "retry" => {
            let kept: Map<String, Value> = o
                .iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            to.insert(key.into(), Value::Object(kept));
        }
        Some(v) => {
            to.insert(key.into(), v.clone());
        }
    }
}
