//! `docs_url` templates (the registry's and an entry's): known placeholders only, and a
//! well-formed URL once they are filled in; the `docs:` section (the book's layout and
//! redirects).

use crate::diag::{DiagCode, Diagnostic, Span};
use crate::ir::{Docs, DocsLayout, ErrorEntry};
use crate::names;
use crate::support::suggest::did_you_mean;
use crate::template::placeholders;

use super::format;
use super::format::KeyRef;
use super::format::keys::{self, registry};
use super::sink::Cx;
use super::tree::Node;

pub use crate::names::DOCS_URL_PLACEHOLDERS;

impl Cx<'_> {
    /// Checks a docs URL template (the value of `key`, the registry's or an entry's
    /// `docs_url`): known placeholders only, well-formed once filled in.
    pub(super) fn docs_url_template(&mut self, node: &Node, key: KeyRef) -> Option<String> {
        let raw = self.text(node, key.name())?;
        // `{name#prefix}`: the placeholder is `{name}`; its prefix is checked here.
        let (plain, prefixed) = without_prefixes(&raw);
        for (hole, prefix) in &prefixed {
            let written = format!("{{{hole}#{prefix}}}");
            let (problem, help) = if hole.is_empty() {
                (
                    format!("`{written}` names no placeholder before its `#`"),
                    format!(
                        "write the placeholder whose value loses the prefix, e.g. `{{name#{prefix}}}`"
                    ),
                )
            } else if let Some(problem) = prefix_problem(prefix) {
                (
                    format!("the prefix to drop in `{written}` {problem}"),
                    format!("`{{{hole}#sqlite_}}` is the value without a leading `sqlite_`"),
                )
            } else {
                continue;
            };
            let span = self.span_within(node.span, &written);
            self.err(DiagCode::TemplateSyntax, span, &[("problem", &problem)])
                .help = Some(help);
            return None;
        }
        let holes = match placeholders(&plain) {
            Ok(h) => h,
            Err(e) => {
                self.template_error(node, key.name(), &e);
                return None;
            }
        };
        let mut ok = true;
        for (name, _) in &holes {
            if !DOCS_URL_PLACEHOLDERS.contains(&name.as_str()) {
                let written = match prefixed.iter().find(|(hole, _)| hole == name) {
                    Some((_, prefix)) => format!("{{{name}#{prefix}}}"),
                    None => format!("{{{name}}}"),
                };
                let span = self.span_within(node.span, &written);
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
        let sample = names::fill_docs_url(&raw, DOCS_URL_PLACEHOLDERS);
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

/// The template with each `{name#prefix}` written `{name}`, and the placeholders that had
/// a prefix, with it. `{{`, `}}` and unbalanced braces are left for [`placeholders`].
pub(super) fn without_prefixes(raw: &str) -> (String, Vec<(String, String)>) {
    let mut plain = String::with_capacity(raw.len());
    let mut prefixed = Vec::new();
    let mut rest = raw;
    while let Some(i) = rest.find(['{', '}']) {
        plain.push_str(&rest[..i]);
        let tail = &rest[i..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            plain.push_str(&tail[..2]);
            rest = &tail[2..];
        } else if let (true, Some(end)) = (
            tail.starts_with('{'),
            tail[1..].find(['}', '{']).map(|e| e + 1),
        ) && tail.as_bytes()[end] == b'}'
        {
            let inside = &tail[1..end];
            match inside.split_once('#') {
                Some((hole, prefix)) => {
                    plain.push('{');
                    plain.push_str(hole);
                    plain.push('}');
                    prefixed.push((hole.to_string(), prefix.to_string()));
                }
                None => plain.push_str(&tail[..=end]),
            }
            rest = &tail[end + 1..];
        } else {
            plain.push_str(&tail[..1]);
            rest = &tail[1..];
        }
    }
    plain.push_str(rest);
    (plain, prefixed)
}

/// What is wrong with the prefix of `{name#prefix}`, if anything: it is text a URL can hold
/// as it is (letters, digits, `-`, `_`, `.`, `~`), not empty.
fn prefix_problem(prefix: &str) -> Option<&'static str> {
    if prefix.is_empty() {
        Some("is empty")
    } else if !prefix
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-_.~".contains(&b))
    {
        Some(
            "may hold only ASCII letters and digits, `-`, `_`, `.` and `~` (what a URL holds as it is)",
        )
    } else {
        None
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

/// The `docs:` section as read before the entries: `moved` still names its codes by the
/// strings the catalogue wrote ([`Cx::resolve_moved`] turns them into entries).
#[derive(Default)]
pub(super) struct PendingDocs {
    pub(super) docs: Docs,
    /// (normalised address, the key's span, the code as written, the value's span)
    pub(super) moved: Vec<(String, Span, String, Span)>,
    /// The span of `docs.layout`'s value, where a rule about the layout points.
    pub(super) layout_span: Option<Span>,
    /// The span of `docs.former_layout`'s value.
    pub(super) former_layout_span: Option<Span>,
}

impl Cx<'_> {
    /// The `docs:` section: layout, former layout, generated redirects, moved addresses.
    pub(super) fn docs(&mut self, node: Option<&Node>) -> PendingDocs {
        let mut out = PendingDocs::default();
        let Some(node) = node else {
            return out;
        };
        let Some(f) = self.fields(node, keys::top::DOCS.name(), "`docs`", keys::top::DOCS) else {
            return out;
        };
        if let Some(n) = f.get(keys::docs::LAYOUT) {
            out.layout_span = Some(n.span);
            if let Some(l) = self.layout_word(n, "layout") {
                out.docs.layout = l;
            }
        }
        if let Some(n) = f.get(keys::docs::FORMER_LAYOUT) {
            out.former_layout_span = Some(n.span);
            out.docs.former_layout = self.layout_word(n, "former_layout");
        }
        out.docs.redirects = match f.get(keys::docs::REDIRECTS) {
            Some(n) => self.boolean(n, "redirects").unwrap_or(false),
            None => out.docs.layout.per_code(),
        };
        out.docs.external_links = self.word(&f, keys::docs::LINKS) == Some("external");
        if let Some(n) = f.get(keys::docs::MOVED)
            && let Some(entries) = self.entries(n, "moved", "a mapping of old addresses to codes")
        {
            for (key, key_node, value) in entries {
                let Some(code) = self.text(value, "moved") else {
                    continue;
                };
                match book_path(key) {
                    Ok(path) => out.moved.push((path, key_node.span, code, value.span)),
                    Err(why) => {
                        self.err(
                            DiagCode::BadValue,
                            key_node.span,
                            &[("key", "moved"), ("found", &format!("the address `{key}`")), ("expected", why)],
                        )
                        .help = Some("write the page's path from the book's root, with the fragment if any: `frm.html#acm-frm-001`, `acm-frm-001`".into());
                    }
                }
            }
        }
        out
    }

    fn layout_word(&mut self, n: &Node, key: &str) -> Option<DocsLayout> {
        let word = self.text(n, key)?;
        let layout = DocsLayout::parse(&word);
        if layout.is_none() {
            let d = self.err(
                DiagCode::BadValue,
                n.span,
                &[
                    ("key", key),
                    ("found", &format!("`{word}`")),
                    (
                        "expected",
                        &format!("one of {}", format::DOCS_LAYOUTS.join(", ")),
                    ),
                ],
            );
            d.help = did_you_mean(&word, format::DOCS_LAYOUTS);
        }
        layout
    }

    /// `docs.moved`'s values: each names a live entry (code, NAME, alias or legacy code).
    pub(super) fn resolve_moved(
        &mut self,
        pending: &[(String, Span, String, Span)],
        errors: &[ErrorEntry],
    ) -> Vec<(String, usize)> {
        let mut out = Vec::with_capacity(pending.len());
        for (path, _, code, span) in pending {
            let found = errors.iter().position(|e| {
                e.code == *code
                    || e.name == *code
                    || e.aliases.iter().any(|a| a == code)
                    || e.legacy_codes.iter().any(|c| c == code)
            });
            match found {
                Some(i) => out.push((path.clone(), i)),
                None => {
                    let known = errors.iter().map(|e| e.code.as_str());
                    let help = did_you_mean(code, known);
                    self.err(
                        DiagCode::BadValue,
                        *span,
                        &[
                            ("key", "moved"),
                            ("found", &format!("`{code}`")),
                            ("expected", "an address moves to a live code, named by its code, NAME, alias or legacy code"),
                        ],
                    )
                    .help = help;
                }
            }
        }
        out
    }
}

/// An address of the book as `docs.moved` writes it, normalised: the page's path from the
/// book's root with `.html` (added where left out; the root is `index.html`), then the
/// fragment if any.
pub fn book_path(address: &str) -> Result<String, &'static str> {
    if address.contains("://") {
        return Err("an address in the book is a path from its root, not a URL");
    }
    check_url(address).map_err(|_| "an address has no whitespace, quotes, `\\`, `<` or `>`")?;
    let address = address.trim_start_matches('/');
    let (path, fragment) = match address.split_once('#') {
        Some((p, f)) => (p, Some(f)),
        None => (address, None),
    };
    if path.contains('?') {
        return Err("an address in the book has no query");
    }
    if path
        .split('/')
        .any(|c| c.is_empty() || c == "." || c == "..")
        && !path.is_empty()
    {
        return Err("an address in the book has no empty, `.` or `..` folder");
    }
    if fragment.is_some_and(str::is_empty) {
        return Err("an address has no empty fragment");
    }
    let stem = path.strip_suffix(".html").unwrap_or(path);
    let stem = if stem.is_empty() { "index" } else { stem };
    Ok(match fragment {
        Some(f) => format!("{stem}.html#{f}"),
        None => format!("{stem}.html"),
    })
}

#[cfg(test)]
mod tests {
    use super::without_prefixes;

    #[test]
    fn prefixes_are_taken_out_of_placeholders() {
        let (plain, prefixed) = without_prefixes("https://x/{namespace}#{name#sqlite_}{{a#b}}");
        assert_eq!(plain, "https://x/{namespace}#{name}{{a#b}}");
        assert_eq!(prefixed, [("name".to_string(), "sqlite_".to_string())]);
        // Unbalanced braces are left as they are, for the template parser to report.
        assert_eq!(without_prefixes("a{b{c#d}").0, "a{b{c}");
        assert_eq!(without_prefixes("a}{").0, "a}{");
    }
}
