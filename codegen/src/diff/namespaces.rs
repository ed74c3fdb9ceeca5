//! Namespaces.

use super::*;

impl<'a> Differ<'a> {
    // ---------------------------------------------------------------- namespaces

    pub(super) fn namespaces(&mut self) {
        let old = self.old;
        let new = self.new;
        for on in &old.namespaces {
            let s = Subject {
                scope: Scope::Namespace,
                code: &on.key,
                name: None,
            };
            match new.namespaces.iter().find(|x| x.key == on.key) {
                None => self.push(
                    &s,
                    ChangeKind::NamespaceRemoved,
                    "namespaces",
                    Some(on.key.clone()),
                    None,
                    format!(
                        "`Namespace::{}` and the docs page `{}.md` disappear (every docs URL \
                         on it breaks). Keep the namespace.",
                        on.ids.rust, on.slug
                    ),
                ),
                Some(nn) => self.namespace_pair(&s, on, nn),
            }
        }
        for nn in &new.namespaces {
            if !old.namespaces.iter().any(|x| x.key == nn.key) {
                let s = Subject {
                    scope: Scope::Namespace,
                    code: &nn.key,
                    name: None,
                };
                self.push(
                    &s,
                    ChangeKind::NamespaceAdded,
                    "namespaces",
                    None,
                    Some(nn.key.clone()),
                    "",
                );
            }
        }
    }

    pub(super) fn namespace_pair(&mut self, s: &Subject<'_>, o: &Namespace, n: &Namespace) {
        self.text_changed(
            s,
            ChangeKind::TitleChanged,
            "title",
            Some(o.title.as_str()),
            Some(n.title.as_str()),
        );
        self.text_changed(
            s,
            ChangeKind::SummaryChanged,
            "summary",
            o.summary.as_deref(),
            n.summary.as_deref(),
        );
        self.text_changed(
            s,
            ChangeKind::CodePrefixChanged,
            "code_prefix",
            o.code_prefix.as_deref(),
            n.code_prefix.as_deref(),
        );
        if o.ids.rust != n.ids.rust {
            self.push(
                s,
                ChangeKind::IdentifierChanged,
                "rust_variant",
                Some(format!("Namespace::{}", o.ids.rust)),
                Some(format!("Namespace::{}", n.ids.rust)),
                "The generated Rust identifier changed although the key did not (a change \
                 of errdex's naming rules); code that names it stops compiling.",
            );
        }
    }
}
