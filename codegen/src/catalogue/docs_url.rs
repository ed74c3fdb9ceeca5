//! `docs_url` templates (the registry's and an entry's): known placeholders only, and a
//! well-formed URL once they are filled in.

use crate::diag::{DiagCode, Diagnostic};
use crate::names;
use crate::support::suggest::did_you_mean;
use crate::template::placeholders;

use super::format::KeyRef;
use super::format::keys::registry;
use super::sink::Cx;
use super::tree::Node;

/// Placeholders a `docs_url` template may use.
pub const DOCS_URL_PLACEHOLDERS: [&str; 4] = ["namespace", "code", "name", "category"];

impl Cx<'_> {
    /// Checks a docs URL template (the value of `key`, the registry's or an entry's
    /// `docs_url`): known placeholders only, well-formed once filled in.
    pub(super) fn docs_url_template(&mut self, node: &Node, key: KeyRef) -> Option<String> {
        let raw = self.text(node, key.name())?;
        let holes = match placeholders(&raw) {
            Ok(h) => h,
            Err(e) => {
                self.template_error(node, key.name(), &e);
                return None;
            }
        };
        let mut ok = true;
        for (name, _) in &holes {
            if !DOCS_URL_PLACEHOLDERS.contains(&name.as_str()) {
                let span = self.span_within(node.span, &format!("{{{name}}}"));
                let known = DOCS_URL_PLACEHOLDERS.map(|p| format!("{{{p}}}")).join(", ");
                let mut d = Diagnostic::new(
                    DiagCode::DocsUrlPlaceholder,
                    Some(span),
                    &[("placeholder", name), ("known", &known)],
                );
                d.help = did_you_mean(name, DOCS_URL_PLACEHOLDERS);
                self.push(d);
                ok = false;
            }
        }
        let sample = names::fill_docs_url(&raw, "namespace", "code", "name", "category");
        if let Err(why) = check_url(&sample) {
            self.err(
                DiagCode::MalformedUrl,
                node.span,
                &[("url", &raw), ("problem", why)],
            );
            ok = false;
        }
        ok.then_some(raw)
    }
}

impl Cx<'_> {
    /// `registry.docs_site_url`: an absolute http(s) URL ending in `/`, without a query or a
    /// fragment (the book's pages are resolved against it).
    pub(super) fn docs_site_url(&mut self, node: &Node) -> Option<String> {
        let raw = self.text(node, registry::DOCS_SITE_URL.name())?;
        let problem = match check_url(&raw) {
            Err(why) => Some(why),
            Ok(()) if !raw.contains("://") => {
                Some("the book's address must be absolute (`https://host/path/`)")
            }
            Ok(()) if raw.contains(['?', '#']) => {
                Some("the book's address cannot have a query or a fragment")
            }
            Ok(()) if !raw.ends_with('/') => {
                Some("the book's address must end in `/` (its pages are resolved against it)")
            }
            Ok(()) => None,
        };
        if let Some(problem) = problem {
            self.err(
                DiagCode::MalformedUrl,
                node.span,
                &[("url", &raw), ("problem", problem)],
            );
            return None;
        }
        Some(raw)
    }
}

/// A light URL check: absolute URLs need a scheme and a host; nothing may contain
/// whitespace, control characters, quotes or angle brackets.
pub fn check_url(url: &str) -> Result<(), &'static str> {
    if url.is_empty() {
        return Err("it is empty");
    }
    if url
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '<' | '>' | '\\' | '`'))
    {
        return Err("it contains whitespace, a control character, a quote, `\\`, `<` or `>`");
    }
    if let Some((scheme, rest)) = url.split_once("://") {
        let scheme_ok = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
        if !scheme_ok {
            return Err("the scheme before `://` is malformed");
        }
        let host = rest.split(['/', '?', '#']).next().unwrap_or("");
        if host.is_empty() {
            return Err("it has no host after `://`");
        }
        if !matches!(scheme.to_ascii_lowercase().as_str(), "http" | "https") {
            return Err("only http and https URLs are accepted");
        }
    } else if url.contains(':') && !url.starts_with(['/', '.', '#']) {
        let scheme = url.split(':').next().unwrap_or("");
        if scheme.eq_ignore_ascii_case("javascript") || scheme.eq_ignore_ascii_case("data") {
            return Err("javascript: and data: URLs are refused");
        }
        return Err("an absolute URL needs `scheme://host`");
    }
    Ok(())
}
