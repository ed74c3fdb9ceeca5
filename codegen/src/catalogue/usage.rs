//! The `usage:` section (what `errdex usage` looks for), and the catalogue's own places:
//! where each entry and retired code is declared, so that a finding about a code points at
//! it.

use crate::diag::{DiagCode, Severity, Span};
use crate::ir::{Usage, UsageDocs};
use crate::template::Template;

use super::facts::whole_number;
use super::format::keys::{top, usage, usage_docs};
use super::format::{self, USAGE_PLACEHOLDERS, defaults};
use super::sink::Cx;
use super::tree::{Kind, Limits, Node};

impl Cx<'_> {
    /// `usage:`: patterns (placeholders checked), file globs, ignore globs and severities.
    pub(super) fn usage(&mut self, node: &Node) -> Usage {
        let Some(f) = self.fields(node, top::USAGE.name(), "`usage`", top::USAGE) else {
            return Usage::default();
        };
        let mut usage = Usage::default();
        for (pattern, span) in self.nonempty_list(&f, usage::PATTERNS).unwrap_or_default() {
            if pattern.is_empty() {
                continue;
            }
            match Template::parse(&pattern, &USAGE_PLACEHOLDERS) {
                Ok(_) => usage.patterns.push(pattern),
                Err(e) => {
                    let why = match e {
                        crate::template::TemplateError::Unbalanced { .. } => {
                            "unbalanced `{` or `}` (write `{{` and `}}` for literal braces)"
                                .to_string()
                        }
                        _ => format!(
                            "its placeholders are {}",
                            USAGE_PLACEHOLDERS.map(|p| format!("{{{p}}}")).join(", ")
                        ),
                    };
                    self.err(
                        DiagCode::BadValue,
                        span,
                        &[
                            ("key", usage::PATTERNS.name()),
                            ("found", &format!("`{pattern}`")),
                            ("expected", &why),
                        ],
                    );
                }
            }
        }
        for key in [usage::FILES, usage::IGNORE] {
            for (glob, span) in self.nonempty_list(&f, key).unwrap_or_default() {
                if glob.is_empty() {
                    continue;
                }
                match globset::Glob::new(&glob) {
                    Ok(_) if key.index() == usage::FILES.index() => usage.files.push(glob),
                    Ok(_) => usage.ignore.push(glob),
                    Err(e) => {
                        let problem = e.kind().to_string();
                        self.err(
                            DiagCode::BadValue,
                            span,
                            &[
                                ("key", key.name()),
                                ("found", &format!("`{glob}`")),
                                ("expected", &format!("not a glob ({problem})")),
                            ],
                        );
                    }
                }
            }
        }
        if let Some(n) = f.get(usage::SEVERITY) {
            usage.severity = self.usage_severity(n);
        }
        usage.docs = match f.get(usage::DOCS) {
            Some(n) => self.usage_docs(n),
            None => usage::DOCS.default_bool().then(defaults::usage_docs),
        };
        usage
    }

    /// `usage.docs`: `true`, `false`, or `{paths, places}`. A path is relative to the
    /// catalogue's folder (`..` is fine: a catalogue in `api/` may scan `../src`), never
    /// absolute, so the same tree gives the same docs on every machine.
    fn usage_docs(&mut self, node: &Node) -> Option<UsageDocs> {
        match &node.kind {
            Kind::Bool(true) => return Some(defaults::usage_docs()),
            Kind::Bool(false) => return None,
            Kind::Map(_) => {}
            _ => {
                self.wrong_type(
                    node,
                    usage::DOCS.name(),
                    "`true`, `false` or a mapping {paths, places}",
                );
                return None;
            }
        }
        let f = self.fields(node, usage::DOCS.name(), "`usage.docs`", usage::DOCS)?;
        let mut docs = defaults::usage_docs();
        // An empty path is refused with the others that do not stay relative.
        let refuse = |cx: &mut Self, span: Span, path: &str| {
            cx.err(
                DiagCode::BadValue,
                span,
                &[
                    ("key", usage_docs::PATHS.name()),
                    ("found", &format!("\"{path}\"")),
                    ("expected", "a non-empty path relative to the catalogue's folder, never absolute (the docs must be the same on every machine)"),
                ],
            );
        };
        if let Some(listed) = self.list(&f, usage_docs::PATHS, refuse) {
            let mut paths = Vec::new();
            for (path, span) in listed {
                if path.is_empty() {
                    continue;
                }
                let p = std::path::Path::new(&path);
                if path.trim().is_empty()
                    || p.has_root()
                    || p.is_absolute()
                    || path.starts_with(['/', '\\'])
                    || path.get(1..2) == Some(":")
                {
                    refuse(self, span, &path);
                    continue;
                }
                paths.push(path);
            }
            if !paths.is_empty() {
                docs.paths = paths;
            }
        }
        if let Some((places, _)) = self.ranged::<usize>(&f, usage_docs::PLACES, |cx, n, v| {
            cx.out_of_range(usage_docs::PLACES, n, v, &whole_number(usage_docs::PLACES));
        }) {
            docs.places = places;
        }
        Some(docs)
    }

    /// `usage.severity`: each key is the NAME of an EDX07 code in lower case.
    fn usage_severity(&mut self, node: &Node) -> Vec<(DiagCode, Option<Severity>)> {
        let Some(f) = self.fields(
            node,
            usage::SEVERITY.name(),
            "`usage.severity`",
            usage::SEVERITY,
        ) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for key in format::USAGE_SEVERITY.handles() {
            let Some(value) = f.get(key) else {
                continue;
            };
            let Some(code) = usage_code(key.name()) else {
                continue;
            };
            // YAML 1.1 reads a bare `off` as `false`.
            if matches!(value.kind, Kind::Bool(false)) {
                out.push((code, None));
                continue;
            }
            let Some(word) = self.word_of(value, key) else {
                continue;
            };
            let severity = match word {
                "error" => Some(Severity::Error),
                "warning" => Some(Severity::Warning),
                _ => None,
            };
            out.push((code, severity));
        }
        out.sort_by_key(|(code, _)| *code);
        out
    }
}

/// The EDX07 code whose severity `usage.severity.<key>` sets (its NAME in lower case).
pub fn usage_code(key: &str) -> Option<DiagCode> {
    DiagCode::ALL
        .iter()
        .copied()
        .find(|c| c.as_str().starts_with("EDX07") && c.name().eq_ignore_ascii_case(key))
}

/// Where the catalogue `src` declares each code: the key of every entry of `errors:` (by
/// NAME) and of `retired:` (by code), in document order. Empty when `src` does not parse;
/// `errdex usage` then shows findings about a code without a place in the catalogue. A
/// load keeps these already ([`super::Loaded::entry_spans`]): parsing `src` again costs
/// about what the load's parse did.
pub fn entry_spans(src: &str) -> Vec<(String, Span)> {
    let src = src.strip_prefix('\u{feff}').unwrap_or(src);
    match super::tree::parse(src, &Limits::default()) {
        Ok(root) => entry_spans_of(&root),
        Err(_) => Vec::new(),
    }
}

/// [`entry_spans`] of a parsed catalogue.
pub(super) fn entry_spans_of(root: &Node) -> Vec<(String, Span)> {
    let mut out = Vec::new();
    if let Kind::Map(top) = &root.kind {
        for (key, value) in top {
            let listed = [format::keys::top::ERRORS, format::keys::top::RETIRED];
            if !listed.iter().any(|k| key.as_str() == Some(k.name())) {
                continue;
            }
            if let Kind::Map(entries) = &value.kind {
                for (k, _) in entries {
                    if let Some(name) = k.as_str() {
                        out.push((name.to_string(), k.span));
                    }
                }
            }
        }
    }
    out
}

/// Where the catalogue declares each import's pin: the value of `imports.<name>.version`
/// (the key `<name>` when it has none), by the import's name, in document order. `errdex
/// diff` places there what an upgrade of the import changed: the edit that brought it.
pub(super) fn import_spans_of(root: &Node) -> Vec<(String, Span)> {
    let mut out = Vec::new();
    let Kind::Map(top) = &root.kind else {
        return out;
    };
    for (key, value) in top {
        if key.as_str() != Some(top::IMPORTS.name()) {
            continue;
        }
        let Kind::Map(imports) = &value.kind else {
            continue;
        };
        for (k, import) in imports {
            let Some(name) = k.as_str() else { continue };
            let version = match &import.kind {
                Kind::Map(fields) => fields
                    .iter()
                    .find(|(f, _)| f.as_str() == Some(format::keys::import::VERSION.name()))
                    .map(|(_, v)| v.span),
                _ => None,
            };
            out.push((name.to_string(), version.unwrap_or(k.span)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_severity_key_names_a_usage_code_and_back() {
        let keys: Vec<&str> = format::USAGE_SEVERITY.keys.iter().map(|k| k.name).collect();
        let codes: Vec<String> = DiagCode::ALL
            .iter()
            .filter(|c| c.as_str().starts_with("EDX07"))
            .map(|c| c.name().to_ascii_lowercase())
            .collect();
        assert_eq!(keys, codes);
        for key in keys {
            let code = usage_code(key).expect("a code");
            let format::Presence::Default(format::Fallback::Str(word)) = format::USAGE_SEVERITY
                .keys
                .iter()
                .find(|k| k.name == key)
                .expect("key")
                .presence
            else {
                panic!("{key}: the default is the code's severity");
            };
            assert_eq!(word, code.severity().as_str(), "{key}");
        }
    }
}
