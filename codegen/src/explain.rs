//! `errdex explain`: a code's reference as terminal text or JSON.
//!
//! The key may be a code, a name, an alias or a legacy code (exact match first, then a
//! case-insensitive match when it is unambiguous, so `acm-frm-001` or a docs anchor works
//! too). A retired code is not an error for the user: [`ExplainError::Retired`] carries what
//! the catalogue says about it, and [`ExplainError::retired_text`] /
//! [`ExplainError::to_json`] render it; the CLI prints it and exits 0. An unknown key gets
//! [`ExplainError::Unknown`] with the nearest known keys (Levenshtein distance, ignoring
//! case, over codes, names, aliases, legacy codes and retired codes).
//!
//! Terminal text is sanitized: control characters (which could carry terminal escape
//! sequences) and bidirectional overrides in catalogue text are shown as `\u{..}` escapes.

use serde_json::{Map, Value, json};

use crate::ir::{Catalogue, ErrorEntry, Import, Retired};
use crate::payload::Instance;
use crate::support::entry_json;
use crate::support::facts::{self, FactValue};
use crate::text::escape_controls;

/// Why a key has no live entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExplainError {
    /// The code (or name) is retired: listed in `retired`, never to be used again.
    Retired {
        query: String,
        /// The tombstone.
        retired: Box<Retired>,
        /// The registry it was retired in, when that is an imported one.
        import: Option<Box<ImportedFrom>>,
        /// The live code that took over (`replaced_by:`): its code and NAME.
        replaced_by: Option<Box<(String, String)>>,
    },
    /// No code, name, alias, legacy code or retired code matches.
    Unknown {
        query: String,
        suggestions: Vec<String>,
    },
}

/// An imported registry, as `explain` names it: the import's key, the registry, its
/// pinned version and where it is read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedFrom {
    pub name: String,
    pub registry: String,
    pub version: String,
    pub from: String,
}

impl ImportedFrom {
    fn of(i: &Import) -> ImportedFrom {
        ImportedFrom {
            name: i.name.clone(),
            registry: i.registry.clone(),
            version: i.version.clone(),
            from: i.from.clone(),
        }
    }

    fn to_json(&self) -> Value {
        json!({"name": self.name, "registry": self.registry, "version": self.version, "from": self.from})
    }

    /// The import in words for terminal text, its parenthesis left open for the caller to
    /// close after what it adds: "platform 2.1.0 (import \`platform\`, from ../platform/errors.yaml".
    fn words(&self) -> String {
        format!(
            "{} {} (import `{}`, from {}",
            escape_controls(&self.registry),
            escape_controls(&self.version),
            escape_controls(&self.name),
            escape_controls(&self.from)
        )
    }
}

impl std::fmt::Display for ExplainError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExplainError::Retired { .. } => f.write_str(self.retired_text().trim_end()),
            ExplainError::Unknown { query, suggestions } => {
                write!(f, "unknown error code `{}`", escape_controls(query))?;
                if !suggestions.is_empty() {
                    let list: Vec<String> = suggestions
                        .iter()
                        .map(|s| format!("`{}`", escape_controls(s)))
                        .collect();
                    write!(f, "; did you mean {}?", list.join(", "))?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for ExplainError {}

impl ExplainError {
    /// The terminal text for a retired code (empty for other variants).
    pub fn retired_text(&self) -> String {
        let ExplainError::Retired {
            retired: r,
            import,
            replaced_by,
            ..
        } = self
        else {
            return String::new();
        };
        let Retired {
            code,
            name,
            since,
            note,
            ..
        } = &**r;
        let mut s = format!("{} is retired", escape_controls(code));
        if let Some(n) = name {
            s.push_str(&format!(" (name {})", escape_controls(n)));
        }
        if let Some(v) = since {
            s.push_str(&format!(" since {}", escape_controls(v)));
        }
        s.push_str(".\n");
        if let Some(i) = import {
            s.push_str(&format!(
                "  retired in the imported registry {})\n",
                i.words()
            ));
        }
        if let Some(n) = note {
            s.push_str(&format!("  why: {}\n", indent_more(&escape_controls(n))));
        }
        if let Some(by) = replaced_by {
            let (code, name) = &**by;
            s.push_str(&format!(
                "  replaced by {} ({}): `errdex explain {}`\n",
                escape_controls(code),
                escape_controls(name),
                escape_controls(code)
            ));
        }
        s.push_str("  A retired code is never reused; a payload carrying it comes from an older producer.\n");
        s
    }

    /// The JSON form: `{"status": "retired", ...}` or `{"status": "unknown", ...}`.
    pub fn to_json(&self) -> Value {
        match self {
            ExplainError::Retired {
                query,
                retired: r,
                import,
                replaced_by,
            } => json!({
                "status": "retired",
                "query": query,
                "code": r.code,
                "name": r.name,
                "since": r.since,
                "note": r.note,
                "import": import.as_ref().map_or(Value::Null, |i| i.to_json()),
                "replaced_by": replaced_by
                    .as_ref()
                    .map_or(Value::Null, |by| json!({"code": by.0, "name": by.1})),
            }),
            ExplainError::Unknown { query, suggestions } => json!({
                "status": "unknown",
                "query": query,
                "suggestions": suggestions,
            }),
        }
    }
}

/// How the key matched the entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchedBy {
    Code,
    Name,
    Alias,
    LegacyCode,
}

impl MatchedBy {
    pub fn as_str(self) -> &'static str {
        match self {
            MatchedBy::Code => "code",
            MatchedBy::Name => "name",
            MatchedBy::Alias => "alias",
            MatchedBy::LegacyCode => "legacy_code",
        }
    }
}

fn match_exact<'a>(
    cat: &'a Catalogue,
    key: &str,
    eq: &dyn Fn(&str, &str) -> bool,
) -> Vec<(&'a ErrorEntry, MatchedBy)> {
    let mut out = Vec::new();
    for e in &cat.errors {
        let by = if eq(&e.code, key) {
            MatchedBy::Code
        } else if eq(&e.name, key) {
            MatchedBy::Name
        } else if e.aliases.iter().any(|a| eq(a, key)) {
            MatchedBy::Alias
        } else if e.legacy_codes.iter().any(|c| eq(c, key)) {
            MatchedBy::LegacyCode
        } else if eq(&e.anchor, key) {
            MatchedBy::Code
        } else {
            continue;
        };
        out.push((e, by));
    }
    out
}

/// Resolves a key to a live entry, or says why not.
pub fn resolve<'a>(
    cat: &'a Catalogue,
    key: &str,
) -> Result<(&'a ErrorEntry, MatchedBy), ExplainError> {
    let key = key.trim();
    let exact = |a: &str, b: &str| a == b;
    let exact_hits = match_exact(cat, key, &exact);
    // Codes first, then names, aliases, legacy codes (the loader forbids collisions; the
    // order only matters for a catalogue that was not validated).
    if let Some(hit) = [
        MatchedBy::Code,
        MatchedBy::Name,
        MatchedBy::Alias,
        MatchedBy::LegacyCode,
    ]
    .iter()
    .find_map(|by| exact_hits.iter().find(|(_, b)| b == by))
    {
        return Ok(*hit);
    }
    if let Some(r) = retired_exact(cat, key) {
        return Err(retired_error(cat, key, r));
    }
    let ci = |a: &str, b: &str| a.eq_ignore_ascii_case(b);
    let ci_hits = match_exact(cat, key, &ci);
    let first = ci_hits.first().map(|(e, _)| e.code.as_str());
    if !ci_hits.is_empty() && ci_hits.iter().all(|(e, _)| Some(e.code.as_str()) == first) {
        return Ok(ci_hits[0]);
    }
    let ci_retired: Vec<&Retired> = cat
        .retired
        .iter()
        .chain(cat.referenced_retired())
        .filter(|r| {
            r.code.eq_ignore_ascii_case(key)
                || r.name
                    .as_deref()
                    .is_some_and(|n| n.eq_ignore_ascii_case(key))
        })
        .collect();
    if ci_hits.is_empty() && ci_retired.len() == 1 {
        return Err(retired_error(cat, key, ci_retired[0]));
    }
    Err(ExplainError::Unknown {
        query: key.to_string(),
        suggestions: suggestions(cat, key),
    })
}

/// A tombstone whose code, else whose NAME, is `key`: the catalogue's own, then those of
/// the registries it imports `as: reference`.
fn retired_exact<'a>(cat: &'a Catalogue, key: &str) -> Option<&'a Retired> {
    let all = || cat.retired.iter().chain(cat.referenced_retired());
    all()
        .find(|r| r.code == key)
        .or_else(|| all().find(|r| r.name.as_deref() == Some(key)))
}

fn retired_error(cat: &Catalogue, query: &str, r: &Retired) -> ExplainError {
    ExplainError::Retired {
        query: query.to_string(),
        retired: Box::new(r.clone()),
        import: cat
            .import_of_retired(&r.code)
            .map(|(i, _)| Box::new(ImportedFrom::of(i))),
        replaced_by: r
            .replaced_by
            .and_then(|i| cat.errors.get(i))
            .map(|e| Box::new((e.code.clone(), e.name.clone()))),
    }
}

/// The known keys nearest to `key`, at most five, all at the smallest distance found
/// (case-insensitive optimal-string-alignment distance: Levenshtein plus adjacent transpositions at most
/// a third of the longer string, and at least 2), nearest first, then catalogue order.
pub fn suggestions(cat: &Catalogue, key: &str) -> Vec<String> {
    let mut candidates: Vec<&str> = Vec::new();
    for e in &cat.errors {
        candidates.push(&e.code);
        candidates.push(&e.name);
        candidates.extend(e.aliases.iter().map(String::as_str));
        candidates.extend(e.legacy_codes.iter().map(String::as_str));
    }
    for r in &cat.retired {
        candidates.push(&r.code);
        candidates.extend(r.name.as_deref());
    }
    // Codes of registries imported `as: reference`, which explain shows too, and their
    // tombstones.
    for (_, c) in cat.referenced_codes() {
        candidates.push(&c.code);
        candidates.push(&c.name);
    }
    for r in cat.referenced_retired() {
        candidates.push(&r.code);
        candidates.extend(r.name.as_deref());
    }
    // Only the nearest: a typo usually has one intended code (ties are all shown).
    crate::support::suggest::nearest_all(key, candidates, 5)
        .into_iter()
        .map(str::to_string)
        .collect()
}

fn indent_more(s: &str) -> String {
    s.trim_end().replace('\n', "\n    ")
}

/// One fact's value as terminal text.
fn fact_value(value: &FactValue<'_>) -> String {
    match value {
        FactValue::Words(w) => w.clone(),
        FactValue::Code(c) => escape_controls(c),
        FactValue::Url(u) if u.contains("://") => escape_controls(u),
        FactValue::Url(u) => format!("{} (in the generated mdBook reference)", escape_controls(u)),
        FactValue::Codes(cs) => escape_controls(&cs.join(", ")),
        FactValue::Text(t) => indent_more(&escape_controls(t)),
        FactValue::Category(c) => format!(
            "{} ({})",
            escape_controls(&c.key),
            indent_more(&escape_controls(&c.summary))
        ),
        FactValue::Namespace(n) => {
            format!(
                "{} ({})",
                escape_controls(&n.key),
                escape_controls(&n.title)
            )
        }
        FactValue::Retry { limits, advice } => {
            indent_more(&facts::retry_text(limits, *advice, escape_controls))
        }
    }
}

/// The code's reference as terminal text.
pub fn explain_text(cat: &Catalogue, key: &str) -> Result<String, ExplainError> {
    let (e, by) = match resolve(cat, key) {
        Ok(found) => found,
        Err(unknown @ ExplainError::Unknown { .. }) => {
            let Some((import, c)) = referenced(cat, key) else {
                return Err(unknown);
            };
            return Ok(format!(
                "{}  {}\n{}\nA code of the imported registry {}, as: reference): this registry knows it, and no code here may take it, but does not generate it.\n\n  docs URL      {}\n",
                escape_controls(&c.code),
                escape_controls(&c.name),
                indent_more(&escape_controls(&c.summary)),
                ImportedFrom::of(import).words(),
                escape_controls(&c.docs_url)
            ));
        }
        Err(other) => return Err(other),
    };
    let mut s = String::new();
    if by != MatchedBy::Code || key.trim() != e.code {
        s.push_str(&format!(
            "({} is {} of {})\n",
            escape_controls(key.trim()),
            match by {
                MatchedBy::Code => "the code",
                MatchedBy::Name => "the name",
                MatchedBy::Alias => "an alias",
                MatchedBy::LegacyCode => "a legacy code",
            },
            escape_controls(&e.code)
        ));
    }
    if e.code == e.name {
        s.push_str(&format!("{}\n", escape_controls(&e.code)));
    } else {
        s.push_str(&format!(
            "{}  {}\n",
            escape_controls(&e.code),
            escape_controls(&e.name)
        ));
    }
    s.push_str(&format!("{}\n", indent_more(&escape_controls(&e.summary))));
    if let Some(d) = &e.deprecated {
        let mut line = String::from("DEPRECATED");
        if let Some(v) = &d.since {
            line.push_str(&format!(" since {}", escape_controls(v)));
        }
        if let Some(r) = d.replaced_by.and_then(|i| cat.errors.get(i)) {
            line.push_str(&format!(
                "; use {} ({}) instead",
                escape_controls(&r.name),
                escape_controls(&r.code)
            ));
        }
        if let Some(n) = &d.note {
            line.push_str(&format!(": {}", indent_more(&escape_controls(n))));
        }
        s.push_str(&line);
        s.push('\n');
    }
    if let Some(i) = cat.import_of(&e.code) {
        s.push_str(&format!("imported from {})\n", ImportedFrom::of(i).words()));
    }
    s.push('\n');
    for row in facts::entry_facts(cat, e) {
        s.push_str(&format!(
            "  {:<14}{}\n",
            row.inline_label(),
            fact_value(&row.value)
        ));
    }
    s.push_str(&format!(
        "\nmessage\n  {}\n",
        indent_more(&escape_controls(&e.message.raw)).replace("\n    ", "\n  ")
    ));
    if !e.params.is_empty() {
        let ps: Vec<String> = e
            .params
            .iter()
            .map(|p| format!("{}: {}", escape_controls(&p.name), p.ty.describe()))
            .collect();
        s.push_str(&format!("  params: {}\n", ps.join(", ")));
    }
    if let Some(sg) = &e.suggestion {
        s.push_str(&format!(
            "\nsuggestion\n  {}\n",
            escape_controls(&sg.raw).trim_end().replace('\n', "\n  ")
        ));
    }
    if let Some(x) = e.explanation.as_deref().filter(|x| !x.trim().is_empty()) {
        s.push_str("\nexplanation\n");
        for line in escape_controls(x).trim_end().lines() {
            if line.is_empty() {
                s.push('\n');
            } else {
                s.push_str(&format!("  {line}\n"));
            }
        }
    }
    let ex = Instance::example(e);
    s.push_str("\nexample\n");
    for line in escape_controls(&ex.terminal_text(cat)).lines() {
        s.push_str(&format!("  {line}\n"));
    }
    Ok(s)
}

/// The code of a registry imported `as: reference` that `key` names (its code or NAME,
/// exactly, else without case), with its import.
fn referenced<'c>(
    cat: &'c Catalogue,
    key: &str,
) -> Option<(&'c crate::ir::Import, &'c crate::ir::ImportedCode)> {
    let key = key.trim();
    cat.referenced_codes()
        .find(|(_, c)| c.code == key || c.name == key)
        .or_else(|| {
            cat.referenced_codes()
                .find(|(_, c)| c.code.eq_ignore_ascii_case(key) || c.name.eq_ignore_ascii_case(key))
        })
}

/// The code's reference as JSON (`"status": "live"`); errors render with
/// [`ExplainError::to_json`].
///
/// The entry itself is the form `registry.json` lists ([`entry_json`]), so both agree key
/// for key (`deprecated.replaced_by` is the NAME, `replaced_by_code` the code). Around it:
/// `status`, `query` and `matched_by` first, then the category's summary and an example.
pub fn explain_json(cat: &Catalogue, key: &str) -> Result<Value, ExplainError> {
    let (e, by) = match resolve(cat, key) {
        Ok(found) => found,
        Err(unknown @ ExplainError::Unknown { .. }) => {
            let Some((import, c)) = referenced(cat, key) else {
                return Err(unknown);
            };
            return Ok(json!({
                "status": "referenced",
                "query": key.trim(),
                "code": c.code,
                "name": c.name,
                "summary": c.summary,
                "docs_url": c.docs_url,
                "import": ImportedFrom::of(import).to_json(),
            }));
        }
        Err(other) => return Err(other),
    };
    let ex = Instance::example(e);
    let mut reference = Map::new();
    reference.insert("status".into(), json!("live"));
    reference.insert("query".into(), json!(key.trim()));
    reference.insert("matched_by".into(), json!(by.as_str()));
    reference.extend(entry_json::entry_members(cat, e));
    reference.insert("category_summary".into(), json!(cat.category_of(e).summary));
    reference.insert(
        "import".into(),
        cat.import_of(&e.code)
            .map_or(Value::Null, |i| ImportedFrom::of(i).to_json()),
    );
    reference.insert(
        "example".into(),
        json!({
            "terminal": ex.terminal_text(cat),
            "wire": ex.wire(cat),
            "mcp_tool_result": ex.mcp_tool_result(cat),
        }),
    );
    Ok(Value::Object(reference))
}

#[cfg(test)]
mod retry_advice_tests {
    /// Advice on a code that is not retryable (issue 15 item 5) is kept in the IR, inherited
    /// from a category with the same retryability only, and shown by `explain` and the docs.
    #[test]
    fn advice_on_non_retryable_codes_is_kept_and_shown() {
        let src = "errdex: 1\nregistry: {name: m}\ncategories:\n  invalid: {summary: Bad, retryable: false, retry: {advice: Fix the arguments before retrying.}, exit_code: 2, http_status: 400, jsonrpc_code: -32602}\n  busy: {summary: Busy, retryable: true, retry: {max_attempts: 3, advice: Back off.}, exit_code: 75, http_status: 503, jsonrpc_code: -32603}\nerrors:\n  BAD_ARG: {category: invalid, summary: S}\n  OWN_ADVICE: {category: invalid, summary: S, retry: {advice: Pick another name.}}\n  NOT_AGAIN: {category: busy, summary: S, retryable: false}\n";
        let cat = crate::load_str(src, "e.yaml").catalogue.expect("loads");
        let advice = |name: &str| {
            cat.lookup(name)
                .and_then(|e| e.retry.as_ref())
                .and_then(|r| r.advice.clone())
        };
        assert_eq!(
            advice("BAD_ARG").as_deref(),
            Some("Fix the arguments before retrying.")
        );
        assert_eq!(advice("OWN_ADVICE").as_deref(), Some("Pick another name."));
        // Advice for retryable codes does not fit a code that overrides `retryable: false`.
        assert_eq!(advice("NOT_AGAIN"), None);
        let text = super::explain_text(&cat, "BAD_ARG").expect("explains");
        assert!(text.contains("retryable     no"), "{text}");
        assert!(
            text.contains("Fix the arguments before retrying."),
            "{text}"
        );
        let json = super::explain_json(&cat, "OWN_ADVICE").expect("explains");
        assert_eq!(json["retry"]["advice"], "Pick another name.");
        let docs = crate::emit::markdown::emit(&cat);
        let general = &docs
            .iter()
            .find(|(p, _)| p == "src/general.md")
            .expect("page")
            .1;
        assert!(
            general.contains("Fix the arguments before retrying."),
            "{general}"
        );
        assert!(general.contains("Pick another name."), "{general}");
    }
}
