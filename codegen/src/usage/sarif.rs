//! The `--format sarif` answer: one SARIF 2.1.0 log (OASIS Static Analysis Results
//! Interchange Format), so code-scanning UIs show the findings inline. One rule per EDX07
//! code, one result per finding; columns count Unicode code points, as errdex's do.

use serde_json::{Value, json};

use crate::diag::{DiagCode, Severity};

use super::Report;

/// The official schema's address (SARIF 2.1.0, OASIS errata 01).
pub const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// The log. `version` is errdex's; `docs_url` of a code comes from errdex's own catalogue,
/// which the caller knows (`help_uri`), when it has one. The run's property bag carries the
/// summary of the human and JSON outputs (`properties.summary`).
pub fn to_sarif(
    report: &Report,
    version: &str,
    help_uri: &dyn Fn(DiagCode) -> Option<String>,
) -> Value {
    let codes: Vec<DiagCode> = DiagCode::ALL
        .iter()
        .copied()
        .filter(|c| c.as_str().starts_with("EDX07"))
        .collect();
    let rules: Vec<Value> = codes
        .iter()
        .map(|c| {
            let mut rule = json!({
                "id": c.as_str(),
                "name": c.name(),
                "shortDescription": { "text": crate::diag::message_shape(*c) },
                "defaultConfiguration": { "level": level(c.severity()) },
            });
            if let (Some(uri), Some(o)) = (help_uri(*c), rule.as_object_mut()) {
                o.insert("helpUri".into(), uri.into());
            }
            rule
        })
        .collect();
    let results: Vec<Value> = report
        .findings
        .iter()
        .map(|f| {
            let d = &f.diagnostic;
            let mut location = json!({ "artifactLocation": { "uri": uri(&f.file) } });
            if let (Some(span), Some(o)) = (d.span, location.as_object_mut()) {
                let snippet = f
                    .excerpt
                    .get(span.offset..span.offset + span.len)
                    .unwrap_or_default();
                o.insert(
                    "region".into(),
                    json!({
                        "startLine": span.line,
                        "startColumn": span.column,
                        "endColumn": span.column + snippet.chars().count(),
                        "snippet": { "text": snippet },
                    }),
                );
            }
            let mut text = d.message.clone();
            if let Some(help) = &d.help {
                text.push_str(" (");
                text.push_str(help);
                text.push(')');
            }
            json!({
                "ruleId": d.code.as_str(),
                "ruleIndex": codes.iter().position(|c| *c == d.code).unwrap_or(0),
                "level": level(d.severity()),
                "message": { "text": text },
                "locations": [ { "physicalLocation": location } ],
            })
        })
        .collect();
    json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "errdex",
                "version": version,
                "informationUri": "https://example.invalid/errdex",
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
            "properties": { "summary": report.summary().to_json() },
        }],
    })
}

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// A relative path as a URI reference: `/`-separated, with the characters a URI cannot hold
/// percent-encoded.
fn uri(path: &str) -> String {
    crate::text::percent_encode(path, b"/-._~")
}

#[cfg(test)]
mod tests {
    #[test]
    fn uris_are_percent_encoded() {
        assert_eq!(super::uri("src/a b#1.rs"), "src/a%20b%231.rs");
        assert_eq!(super::uri("é.py"), "%C3%A9.py");
    }
}
