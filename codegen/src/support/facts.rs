//! The facts shown for a code, declared once: the Rust and TypeScript doc comments, the
//! Markdown reference and `errdex explain` all render [`entry_facts`], each in its own
//! escaping, so the list and its wording cannot drift between targets. The words for a
//! flag (yes / no), a log level and retry limits are here too.

use crate::ir::{Catalogue, Category, ErrorEntry, Namespace, Retry};

/// `yes` or `no`.
pub fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// The log level of an expected (`warn`) or unexpected (`error`) error, as data.
pub fn log_level(expected: bool) -> &'static str {
    if expected { "warn" } else { "error" }
}

/// The log level in words: what it means for the reader.
pub fn log_level_text(expected: bool) -> &'static str {
    if expected {
        "WARN (expected: the caller can fix it)"
    } else {
        "ERROR (unexpected: an operator fault)"
    }
}

/// Retry limits in words (`at most 3 attempts, first backoff 200 ms`); empty when none.
pub fn retry_limits(r: &Retry) -> String {
    let mut bits = Vec::new();
    if let Some(n) = r.max_attempts {
        bits.push(format!("at most {n} attempts"));
    }
    if let Some(ms) = r.initial_backoff_ms {
        bits.push(format!("first backoff {ms} ms"));
    }
    bits.join(", ")
}

/// A fact's value, by kind: each target escapes and links it its own way.
#[derive(Debug, Clone, PartialEq)]
pub enum FactValue<'a> {
    /// errdex's own words (ASCII, nothing to escape).
    Words(String),
    /// A code, NAME or identifier, shown as code.
    Code(&'a str),
    /// Several codes or NAMEs.
    Codes(&'a [String]),
    /// Catalogue text.
    Text(&'a str),
    Category(&'a Category),
    Namespace(&'a Namespace),
    /// Retry advice: errdex's words for the limits (may be empty), then the catalogue's
    /// advice.
    Retry {
        limits: String,
        advice: Option<&'a str>,
    },
    /// The code's docs URL.
    Url(&'a str),
}

/// One fact: a label ("Exit code") and its value.
#[derive(Debug, Clone, PartialEq)]
pub struct FactRow<'a> {
    pub label: &'static str,
    pub value: FactValue<'a>,
}

impl FactRow<'_> {
    /// The label inside a sentence: `exit code`, but `HTTP status` and `JSON-RPC code`.
    pub fn inline_label(&self) -> String {
        let mut chars = self.label.chars();
        match (chars.next(), chars.next()) {
            (Some(a), Some(b)) if !b.is_ascii_uppercase() => {
                a.to_ascii_lowercase().to_string() + &self.label[1..]
            }
            _ => self.label.to_string(),
        }
    }
}

/// The facts of a code, in the order every target shows them: name (when it is not the
/// code), class (when the catalogue declares classes), namespace, category, retryable, retry
/// advice (also on a code that is not retryable: what to fix first), exit code, HTTP status,
/// JSON-RPC code, log level, since, aliases, legacy codes, docs URL.
///
/// For one code; an emitter that goes through every code uses [`Facts`], which works out
/// once what [`entry_facts`] would scan the whole catalogue for at every code.
pub fn entry_facts<'a>(cat: &'a Catalogue, e: &'a ErrorEntry) -> Vec<FactRow<'a>> {
    Facts::new(cat).of(e)
}

/// [`entry_facts`] of the codes of one catalogue.
#[derive(Debug, Clone, Copy)]
pub struct Facts<'a> {
    cat: &'a Catalogue,
    /// [`Catalogue::has_classes`] (a scan of every entry).
    show_class: bool,
}

impl<'a> Facts<'a> {
    pub fn new(cat: &'a Catalogue) -> Self {
        Facts {
            cat,
            show_class: cat.has_classes(),
        }
    }

    /// Whether the facts name each code's class ([`Catalogue::has_classes`]).
    pub fn show_class(&self) -> bool {
        self.show_class
    }

    /// The facts of `e`, a code of this catalogue: as [`entry_facts`].
    pub fn of(&self, e: &'a ErrorEntry) -> Vec<FactRow<'a>> {
        entry_rows(self.cat, e, self.show_class)
    }
}

fn entry_rows<'a>(cat: &'a Catalogue, e: &'a ErrorEntry, show_class: bool) -> Vec<FactRow<'a>> {
    let row = |label, value| FactRow { label, value };
    let mut rows = Vec::with_capacity(14);
    if e.code != e.name {
        rows.push(row("Name", FactValue::Code(&e.name)));
    }
    if show_class {
        rows.push(row("Class", FactValue::Code(&e.class)));
    }
    if let Some(ns) = cat.namespace_of(e) {
        rows.push(row("Namespace", FactValue::Namespace(ns)));
    }
    rows.push(row("Category", FactValue::Category(cat.category_of(e))));
    rows.push(row(
        "Retryable",
        FactValue::Words(yes_no(e.retryable).into()),
    ));
    if let Some(r) = &e.retry {
        let limits = retry_limits(r);
        if !limits.is_empty() || r.advice.is_some() {
            rows.push(row(
                "Retry advice",
                FactValue::Retry {
                    limits,
                    advice: r.advice.as_deref(),
                },
            ));
        }
    }
    rows.push(row("Exit code", FactValue::Words(e.exit_code.to_string())));
    rows.push(row(
        "HTTP status",
        FactValue::Words(e.http_status.to_string()),
    ));
    rows.push(row(
        "JSON-RPC code",
        FactValue::Words(e.jsonrpc_code.to_string()),
    ));
    rows.push(row(
        "Log level",
        FactValue::Words(log_level_text(e.expected).into()),
    ));
    if let Some(s) = &e.since {
        rows.push(row("Since", FactValue::Text(s)));
    }
    if !e.aliases.is_empty() {
        rows.push(row("Aliases", FactValue::Codes(&e.aliases)));
    }
    if !e.legacy_codes.is_empty() {
        rows.push(row("Legacy codes", FactValue::Codes(&e.legacy_codes)));
    }
    rows.push(row("Docs URL", FactValue::Url(&e.docs_url)));
    rows
}

/// Limits and advice as one text: `at most 3 attempts. Wait briefly, then retry.`, with the
/// advice passed through `escape`.
pub fn retry_text(limits: &str, advice: Option<&str>, escape: impl Fn(&str) -> String) -> String {
    let mut s = limits.to_string();
    if let Some(a) = advice {
        if !s.is_empty() {
            s.push_str(". ");
        }
        s.push_str(&escape(a));
    } else if !s.is_empty() {
        s.push('.');
    }
    s
}

/// The facts as one sentence for a doc comment: `Category: …; retryable: no; exit code: 2.`,
/// each value rendered by `value` (the target's escaping), its own final period dropped.
pub fn sentence(rows: &[FactRow<'_>], value: impl Fn(&FactValue<'_>) -> String) -> String {
    let mut s = String::with_capacity(48 * rows.len() + 1);
    for (i, row) in rows.iter().enumerate() {
        if i > 0 {
            s.push_str("; ");
        }
        let label = if i == 0 {
            row.label.to_string()
        } else {
            row.inline_label()
        };
        let v = value(&row.value);
        s.push_str(&label);
        s.push_str(": ");
        s.push_str(v.strip_suffix('.').unwrap_or(&v));
    }
    s.push('.');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_labels_keep_acronyms() {
        let l = |label| {
            FactRow {
                label,
                value: FactValue::Code("x"),
            }
            .inline_label()
        };
        assert_eq!(l("Exit code"), "exit code");
        assert_eq!(l("HTTP status"), "HTTP status");
        assert_eq!(l("JSON-RPC code"), "JSON-RPC code");
        assert_eq!(l("Docs URL"), "docs URL");
    }
}
