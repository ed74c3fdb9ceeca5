//! Categories, and the mapping facts a category and an entry share.

use super::*;

impl<'a> Differ<'a> {
    // ---------------------------------------------------------------- categories

    pub(super) fn categories(&mut self) {
        let old = self.old;
        let new = self.new;
        for oc in &old.categories {
            let s = Subject {
                scope: Scope::Category,
                code: &oc.key,
                name: None,
            };
            match new.categories.iter().find(|c| c.key == oc.key) {
                None => {
                    let users = old
                        .errors
                        .iter()
                        .filter(|e| old.category_of(e).key == oc.key)
                        .count();
                    self.push(
                        &s,
                        ChangeKind::CategoryRemoved,
                        "categories",
                        Some(oc.key.clone()),
                        None,
                        format!(
                            "The key is the wire value: `Category::{}` and the TypeScript \
                             \"{}\" disappear, and clients that classify codes by category \
                             ({users} code(s) used it) lose it. Keep the category, even if no \
                             code uses it any more.",
                            oc.ids.rust, oc.key
                        ),
                    );
                }
                Some(nc) => self.category_pair(&s, oc, nc),
            }
        }
        for nc in &new.categories {
            if !old.categories.iter().any(|c| c.key == nc.key) {
                let s = Subject {
                    scope: Scope::Category,
                    code: &nc.key,
                    name: None,
                };
                self.push(
                    &s,
                    ChangeKind::CategoryAdded,
                    "categories",
                    None,
                    Some(nc.key.clone()),
                    "",
                );
            }
        }
    }

    /// The mapping fields a category and a code share; `advice(field, old value)` says how
    /// to make a change of a contract field compatible.
    pub(super) fn mappings(
        &mut self,
        s: &Subject<'_>,
        o: &Mapping<'_>,
        n: &Mapping<'_>,
        advice: &dyn Fn(&str, String) -> String,
    ) {
        if o.retryable != n.retryable {
            self.push(
                s,
                ChangeKind::RetryableChanged,
                "retryable",
                Some(o.retryable.to_string()),
                Some(n.retryable.to_string()),
                advice("retryable", o.retryable.to_string()),
            );
        }
        if o.exit_code != n.exit_code {
            self.push(
                s,
                ChangeKind::ExitCodeChanged,
                "exit_code",
                Some(o.exit_code.to_string()),
                Some(n.exit_code.to_string()),
                advice("exit_code", o.exit_code.to_string()),
            );
        }
        if o.http_status != n.http_status {
            let mut text = advice("http_status", o.http_status.to_string());
            let class = |status: u16| match status / 100 {
                4 => "client errors (4xx)",
                5 => "server errors (5xx)",
                _ => "non-error statuses",
            };
            if o.http_status / 100 != n.http_status / 100 {
                text.push_str(&format!(
                    " The code moves from {} to {}: HTTP clients, proxies and monitors retry, \
                     alert on and cache the two differently.",
                    class(o.http_status),
                    class(n.http_status)
                ));
            }
            self.push(
                s,
                ChangeKind::HttpStatusChanged,
                "http_status",
                Some(o.http_status.to_string()),
                Some(n.http_status.to_string()),
                text,
            );
        }
        if o.jsonrpc_code != n.jsonrpc_code {
            self.push(
                s,
                ChangeKind::JsonrpcCodeChanged,
                "jsonrpc_code",
                Some(o.jsonrpc_code.to_string()),
                Some(n.jsonrpc_code.to_string()),
                advice("jsonrpc_code", o.jsonrpc_code.to_string()),
            );
        }
        if o.expected != n.expected {
            self.push(
                s,
                ChangeKind::LogLevelChanged,
                "expected",
                Some(log_level(o.expected)),
                Some(log_level(n.expected)),
                "",
            );
        }
        if o.retry != n.retry {
            self.push(
                s,
                ChangeKind::RetryAdviceChanged,
                "retry",
                retry_text(o.retry),
                retry_text(n.retry),
                "",
            );
        }
    }

    pub(super) fn category_pair(&mut self, s: &Subject<'_>, o: &Category, n: &Category) {
        let keep = |field: &str, v: String| {
            format!(
                "Clients classify codes they do not know by their category's mapping, and \
                 every code that inherits it changes too. Keep `{field}: {v}` on the category; \
                 give individual codes a per-code override instead."
            )
        };
        self.mappings(s, &Mapping::of_category(o), &Mapping::of_category(n), &keep);
        self.text_changed(
            s,
            ChangeKind::SummaryChanged,
            "summary",
            Some(o.summary.as_str()),
            Some(n.summary.as_str()),
        );
        self.text_changed(
            s,
            ChangeKind::TitleChanged,
            "title",
            Some(o.title.as_str()),
            Some(n.title.as_str()),
        );
        if o.ids.rust != n.ids.rust {
            self.push(
                s,
                ChangeKind::IdentifierChanged,
                "rust_variant",
                Some(format!("Category::{}", o.ids.rust)),
                Some(format!("Category::{}", n.ids.rust)),
                "The generated Rust identifier changed although the key did not (a change \
                 of errdex's naming rules); code that names it stops compiling.",
            );
        }
    }
}
