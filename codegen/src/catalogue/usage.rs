//! The `usage:` section (what `errdex usage` looks for), and the catalogue's own places:
//! where each entry and retired code is declared, so that a finding about a code points at
//! it.

use crate::diag::{DiagCode, Severity, Span};
use crate::ir::{Usage, UsageDocs, usage_docs_defaults};
use crate::template::Template;

use super::format::{self, USAGE_PLACEHOLDERS, USAGE_SEVERITIES};
use super::sink::Cx;
use super::tree::{Kind, Limits, Node};

impl Cx<'_> {
    /// `usage:`: patterns (placeholders checked), file globs, ignore globs and severities.
    pub(super) fn usage(&mut self, node: &Node) -> Usage {
        let Some(f) = self.fields(node, "usage", "`usage`", &format::USAGE) else {
            return Usage::default();
        };
        let mut usage = Usage::default();
        if let Some(n) = f.get("patterns") {
            for (pattern, span) in self.string_list(n, "patterns") {
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
                                ("key", "patterns"),
                                ("found", &format!("`{pattern}`")),
                                ("expected", &why),
                            ],
                        );
                    }
                }
            }
        }
        for key in ["files", "ignore"] {
            let Some(n) = f.get(key) else { continue };
            for (glob, span) in self.string_list(n, key) {
                match globset::Glob::new(&glob) {
                    Ok(_) if key == "files" => usage.files.push(glob),
                    Ok(_) => usage.ignore.push(glob),
                    Err(e) => {
                        let problem = e.kind().to_string();
                        self.err(
                            DiagCode::BadValue,
                            span,
                            &[
                                ("key", key),
                                ("found", &format!("`{glob}`")),
                                ("expected", &format!("not a glob ({problem})")),
                            ],
                        );
                    }
                }
            }
        }
        if let Some(n) = f.get("severity") {
            usage.severity = self.usage_severity(n);
        }
        if let Some(n) = f.get("docs") {
            usage.docs = self.usage_docs(n);
        }
        usage
    }

    /// `usage.docs`: `true`, `false`, or `{paths, places}`. A path is relative to the
    /// catalogue's folder (`..` is fine: a catalogue in `api/` may scan `../src`), never
    /// absolute, so the same tree gives the same docs on every machine.
    fn usage_docs(&mut self, node: &Node) -> Option<UsageDocs> {
        match &node.kind {
            Kind::Bool(true) => return Some(UsageDocs::default()),
            Kind::Bool(false) => return None,
            Kind::Map(_) => {}
            _ => {
                self.wrong_type(node, "docs", "`true`, `false` or a mapping {paths, places}");
                return None;
            }
        }
        let f = self.fields(node, "docs", "`usage.docs`", &format::USAGE_DOCS)?;
        let mut docs = UsageDocs::default();
        if let Some(n) = f.get("paths") {
            let mut paths = Vec::new();
            for (path, span) in self.string_list(n, "paths") {
                let p = std::path::Path::new(&path);
                if path.trim().is_empty() || p.has_root() || p.is_absolute() || path.starts_with(['/', '\\']) || path.get(1..2) == Some(":") {
                    self.err(
                        DiagCode::BadValue,
                        span,
                        &[
                            ("key", "paths"),
                            ("found", &format!("\"{path}\"")),
                            ("expected", "a non-empty path relative to the catalogue's folder, never absolute (the docs must be the same on every machine)"),
                        ],
                    );
                    continue;
                }
                paths.push(path);
            }
            if !paths.is_empty() {
                docs.paths = paths;
            }
        }
        if let Some(n) = f.get("places")
            && let Some(v) = self.integer(n, "places")
        {
            match usize::try_from(v) {
                Ok(v) if v >= 1 && v as i128 <= i128::from(usage_docs_defaults::MAX_PLACES) => {
                    docs.places = v;
                }
                _ => {
                    self.err(
                        DiagCode::BadValue,
                        n.span,
                        &[
                            ("key", "places"),
                            ("found", &v.to_string()),
                            (
                                "expected",
                                &format!(
                                    "it must be a whole number from 1 to {}",
                                    usage_docs_defaults::MAX_PLACES
                                ),
                            ),
                        ],
                    );
                }
            }
        }
        Some(docs)
    }

    /// `usage.severity`: each key is the NAME of an EDX07 code in lower case.
    fn usage_severity(&mut self, node: &Node) -> Vec<(DiagCode, Option<Severity>)> {
        let Some(f) = self.fields(
            node,
            "severity",
            "`usage.severity`",
            &format::USAGE_SEVERITY,
        ) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (key, (_, value)) in &f.map {
            let Some(code) = usage_code(key) else {
                continue;
            };
            // YAML 1.1 reads a bare `off` as `false`.
            if matches!(value.kind, Kind::Bool(false)) {
                out.push((code, None));
                continue;
            }
            let Some(word) = self.text(value, key) else {
                continue;
            };
            let severity = match word.as_str() {
                "error" => Some(Severity::Error),
                "warning" => Some(Severity::Warning),
                "off" => None,
                _ => {
                    self.err(
                        DiagCode::BadValue,
                        value.span,
                        &[
                            ("key", key),
                            ("found", &format!("`{word}`")),
                            (
                                "expected",
                                &format!("one of {}", USAGE_SEVERITIES.join(", ")),
                            ),
                        ],
                    );
                    continue;
                }
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
            if !matches!(key.as_str(), Some("errors" | "retired")) {
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
