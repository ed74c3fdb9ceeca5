//! Live entries: matching old to new, then every fact of a pair, params included.

use super::*;
use crate::idents::IDENTS;

impl<'a> Differ<'a> {
    // ------------------------------------------------------------------- entries

    /// Old entries matched to new ones (see the module docs), in old catalogue order.
    pub(super) fn matches(&self) -> Vec<(&'a ErrorEntry, &'a ErrorEntry, Matched)> {
        let old = &self.old.errors;
        let new = &self.new.errors;
        let mut old_to_new: Vec<Option<(usize, Matched)>> = vec![None; old.len()];
        let mut taken = vec![false; new.len()];
        type Pred = fn(&ErrorEntry, &ErrorEntry) -> bool;
        let passes: [(Matched, Pred); 4] = [
            (Matched::Name, |o, n| o.name == n.name),
            (Matched::Alias, |o, n| n.aliases.contains(&o.name)),
            (Matched::Code, |o, n| o.code == n.code),
            (Matched::Legacy, |o, n| n.legacy_codes.contains(&o.code)),
        ];
        for (how, pred) in passes {
            for (i, o) in old.iter().enumerate() {
                if old_to_new[i].is_some() {
                    continue;
                }
                if let Some(j) = (0..new.len()).find(|&j| !taken[j] && pred(o, &new[j])) {
                    taken[j] = true;
                    old_to_new[i] = Some((j, how));
                }
            }
        }
        old_to_new
            .iter()
            .enumerate()
            .filter_map(|(i, m)| m.map(|(j, how)| (&old[i], &new[j], how)))
            .collect()
    }

    pub(super) fn entries(&mut self) {
        let old = self.old;
        let new = self.new;
        let matches = self.matches();
        for o in &old.errors {
            let s = Subject {
                scope: Scope::Code,
                code: &o.code,
                name: Some(&o.name),
            };
            match matches.iter().find(|(mo, _, _)| std::ptr::eq(*mo, o)) {
                Some(&(_, n, Matched::Code)) if reused(o, n) => self.code_reused(&s, o, n),
                Some(&(_, n, how)) => self.entry_pair(&s, o, n, how),
                None => self.entry_gone(&s, o),
            }
        }
        for n in &new.errors {
            if matches.iter().any(|(_, mn, _)| std::ptr::eq(*mn, n)) {
                continue;
            }
            if old.retired.iter().any(|r| r.code == n.code) {
                // Reported once, by `retired()`.
                continue;
            }
            let s = Subject {
                scope: Scope::Code,
                code: &n.code,
                name: Some(&n.name),
            };
            // A code another old entry had (that entry kept under a new code, or matched
            // otherwise): not new to clients, who still read it as the old entry.
            if let Some(o) = old.errors.iter().find(|o| o.code == n.code) {
                self.code_reused(&s, o, n);
                continue;
            }
            self.push(
                &s,
                ChangeKind::CodeAdded,
                "errors",
                None,
                Some(n.code.clone()),
                "",
            );
        }
    }

    /// A code given to another entry, with another meaning ([`reused`]): one breaking
    /// finding, the old meaning against the new, instead of a rename and a change of every
    /// fact. Clients that handle the code as the old entry now misread the new one.
    fn code_reused(&mut self, s: &Subject<'_>, o: &ErrorEntry, n: &ErrorEntry) {
        let advice = format!(
            "Clients that handle `{code}` as {old} now get {new}, and read it as the old error. \
             Give `{new_name}` a code of its own (`errdex new` takes the next free one), and keep \
             `{code}` for `{old_name}`, or retire it (`{key}: {{ name: {old_key}, since: \
             \"<version>\", note: \"...\" }}` in the root catalogue's `retired:`).",
            code = o.code,
            old = meaning(o),
            new = meaning(n),
            new_name = n.name,
            old_name = o.name,
            key = crate::text::yaml_scalar(&o.code),
            old_key = crate::text::yaml_scalar(&o.name),
        );
        self.push(
            s,
            ChangeKind::CodeReused,
            "meaning",
            Some(format!("{}: {}", o.name, o.summary)),
            Some(format!("{}: {}", n.name, n.summary)),
            advice,
        );
    }

    /// An old entry with no counterpart: retired (compatible) or removed (breaking).
    pub(super) fn entry_gone(&mut self, s: &Subject<'_>, o: &ErrorEntry) {
        if let Some(r) = self.new.retired.iter().find(|r| r.code == o.code) {
            let advice = if o.deprecated.is_none() {
                format!(
                    "`ErrorCode::{}` and `Error::{}` disappear; deprecating a code for a \
                     release before retiring it lets the compiler warn its users.",
                    o.ids.rust.variant, o.ids.rust.constructor
                )
            } else {
                String::new()
            };
            let new_text = match &r.since {
                Some(v) => format!("retired since {v}"),
                None => "retired".to_string(),
            };
            // Where its docs address leads in the new book, when a redirect keeps it.
            let advice = match self.retired_address(o) {
                Some(to) if advice.is_empty() => format!("Its docs address now leads to {to}."),
                Some(to) => format!("{advice} Its docs address now leads to {to}."),
                None => advice,
            };
            self.push(
                s,
                ChangeKind::CodeRetired,
                "retired",
                Some("live".into()),
                Some(new_text),
                advice,
            );
            return;
        }
        let absorbed = self
            .new
            .errors
            .iter()
            .find(|n| n.legacy_codes.contains(&o.code) || n.aliases.contains(&o.name));
        let (new_text, advice) = match absorbed {
            Some(n) => (
                Some(format!("merged into {} ({})", n.name, n.code)),
                format!(
                    "Old clients still match on `{}` and code names `ErrorCode::{}`. Keep `{}` \
                     as an entry with `deprecated: {{ replaced_by: {} }}` until you retire it.",
                    o.code, o.ids.rust.variant, o.name, n.name
                ),
            ),
            None => (
                None,
                format!(
                    "Move it to the root catalogue's `retired:` so the code can never be reused (`{}: {{ name: {}, \
                     since: \"<version>\", note: \"...\" }}`), after deprecating it for a \
                     release; or keep it.",
                    crate::text::yaml_scalar(&o.code),
                    crate::text::yaml_scalar(&o.name)
                ),
            ),
        };
        self.push(
            s,
            ChangeKind::CodeRemoved,
            "errors",
            Some(o.code.clone()),
            new_text,
            advice,
        );
    }

    pub(super) fn entry_pair(
        &mut self,
        s: &Subject<'_>,
        o: &ErrorEntry,
        n: &ErrorEntry,
        how: Matched,
    ) {
        let old = self.old;
        let new = self.new;
        // Every field of an entry, and where this function judges its change: a field added
        // to `ErrorEntry` stops the build here until diff says what changing it means.
        let ErrorEntry {
            name: _,         // renamed, identifier-changed (with `ids`)
            code: _,         // code-changed
            namespace: _,    // namespace-changed
            category: _,     // category-changed
            summary: _,      // wording (compatible)
            message: _,      // message-changed
            params: _,       // `params`
            suggestion: _,   // suggestion-changed
            explanation: _,  // wording (compatible)
            retryable: _,    // `mappings`: the facts a code shares with its category
            retry: _,        // `mappings`
            exit_code: _,    // `mappings`
            http_status: _,  // `mappings`
            jsonrpc_code: _, // `mappings`
            expected: _,     // `mappings`
            docs_url: _,     // docs-url-changed (unless the new book redirects the old address)
            since: _,        // since-changed
            deprecated: _,   // deprecated
            aliases: _,      // alias-added / alias-removed
            legacy_codes: _, // legacy-code-added / legacy-code-removed
            ids: _,          // identifier-changed
            anchor: _,       // through `docs_url` (the anchor is the code's slug in the book)
            class: _,        // class-changed
        } = o;
        // NAME and identifiers.
        if o.name != n.name {
            let advice = match (renamed_identifiers(new, o, n), how) {
                (Some(idents), Matched::Alias) => format!(
                    "`{}` still parses as an alias, but aliases generate no identifiers: {idents}; \
                     code that names them stops compiling. Keep the NAME `{}` and add `{}` as an \
                     alias instead.",
                    o.name, o.name, n.name
                ),
                (Some(idents), _) => format!(
                    "Generated identifiers change ({idents}) and `{}` no longer parses. Keep the \
                     NAME `{}` and add `{}` as an alias instead.",
                    o.name, o.name, n.name
                ),
                // Case alone: the identifiers stay; what changes is the NAME clients parse.
                (None, Matched::Alias) => format!(
                    "The generated identifiers stay, and `{}` still parses as an alias.",
                    o.name
                ),
                (None, _) => format!(
                    "The generated identifiers stay, but `{}` no longer parses (clients that \
                     match NAMEs, `errdex explain`). Keep the NAME `{}` and add `{}` as an alias \
                     instead.",
                    o.name, o.name, n.name
                ),
            };
            self.push(
                s,
                ChangeKind::Renamed,
                "name",
                Some(o.name.clone()),
                Some(n.name.clone()),
                advice,
            );
        } else {
            for spec in &IDENTS {
                let (a, b) = ((spec.get)(&o.ids), (spec.get)(&n.ids));
                if a != b {
                    self.push(
                        s,
                        ChangeKind::IdentifierChanged,
                        spec.short,
                        Some(spec.show(a)),
                        Some(spec.show(b)),
                        "The generated identifier changed although the NAME did not (a \
                         change of errdex's naming rules, or a new collision); code that \
                         names it stops compiling.",
                    );
                }
            }
        }
        // A code that follows the registry's base class moves with it: reported once, for the
        // registry.
        let follows_base = o.class == old.registry.class && n.class == new.registry.class;
        if o.class != n.class && !follows_base {
            self.push(
                s,
                ChangeKind::ClassChanged,
                "class",
                Some(o.class.clone()),
                Some(n.class.clone()),
                format!(
                    "TypeScript and Python raise it as `{}` instead of `{}`, and the MCP \
                     profile's `error_type` changes: code that catches it by class \
                     (`instanceof`, `except`) or branches on the type stops matching it. Keep \
                     `class: {}` on the code.",
                    n.class, o.class, o.class
                ),
            );
        }
        // The wire code.
        if o.code != n.code {
            let kept = if n.legacy_codes.contains(&o.code) {
                " Listing it in `legacy_codes` lets new readers parse old payloads, but old \
                 clients still receive a code they do not know."
            } else {
                ""
            };
            self.push(
                s,
                ChangeKind::CodeChanged,
                "code",
                Some(o.code.clone()),
                Some(n.code.clone()),
                format!(
                    "Clients match on `{}`.{kept} Keep the code; if a new code is needed, add a \
                     new entry and deprecate this one (`deprecated: {{ replaced_by: ... }}`).",
                    o.code
                ),
            );
        }
        // Mappings (resolved: category defaults applied).
        let (oc, nc) = (old.category_of(o), new.category_of(n));
        if oc.key != nc.key {
            self.push(
                s,
                ChangeKind::CategoryChanged,
                "category",
                Some(oc.key.clone()),
                Some(nc.key.clone()),
                "Clients branch on the category. Keep it; if the classification was wrong, add a \
                 new code in the right category and deprecate this one.",
            );
        }
        let restore = |field: &str, v: String| {
            format!(
                "Restore it with a per-code override `{field}: {v}` (it wins over the \
                 category default), or add a new code with the new mapping and deprecate this \
                 one."
            )
        };
        self.mappings(s, &Mapping::of_entry(o), &Mapping::of_entry(n), &restore);
        // The `Retry-After` of the code's HTTP response (the profile's switch is reported
        // once, for the registry).
        if old.profiles.http.retry_after == new.profiles.http.retry_after {
            let (ra, rb) = (
                crate::payload::retry_after_seconds(old, o),
                crate::payload::retry_after_seconds(new, n),
            );
            if ra != rb {
                let seconds =
                    |r: Option<u64>| r.map_or_else(|| "none".to_string(), |v| format!("{v} s"));
                self.push(
                    s,
                    ChangeKind::RetryAfterChanged,
                    "Retry-After",
                    Some(seconds(ra)),
                    Some(seconds(rb)),
                    "",
                );
            }
        }
        // Namespace and docs URL.
        let ons = old.namespace_of(o).map(|x| x.key.clone());
        let nns = new.namespace_of(n).map(|x| x.key.clone());
        if ons != nns {
            self.push(
                s,
                ChangeKind::NamespaceChanged,
                "namespace",
                ons.clone(),
                nns,
                format!(
                    "The code's docs section moves to another page and `namespace()` changes. \
                     Keep it in {}.",
                    ons.map_or("no namespace".to_string(), |k| format!("`{k}`"))
                ),
            );
        }
        if o.docs_url != n.docs_url
            && !self.moved_by_template(o, n)
            && Self::unpublished(old, o)
            && n.docs_url.contains("://")
        {
            self.push(
                s,
                ChangeKind::DocsUrlAdded,
                "docs_url",
                Some(o.docs_url.clone()),
                Some(n.docs_url.clone()),
                "The code had only a link relative to the generated book; it now has a \
                 published docs URL.",
            );
        } else if o.docs_url != n.docs_url
            && !self.moved_by_template(o, n)
            && !self.moved_by_layout(o, n)
        {
            if self.served(&o.docs_url, n) {
                self.push(
                    s,
                    ChangeKind::DocsUrlRedirected,
                    "docs_url",
                    Some(o.docs_url.clone()),
                    Some(n.docs_url.clone()),
                    "The new book still opens the code at its old address.",
                );
            } else {
                self.push(
                    s,
                    ChangeKind::DocsUrlChanged,
                    "docs_url",
                    Some(o.docs_url.clone()),
                    Some(n.docs_url.clone()),
                    format!(
                        "Links in messages and logs and the problem+json `type` URI change. Pin \
                         the old URL with a per-code `docs_url: \"{}\"`, or redirect it{}.",
                        o.docs_url.replace('{', "{{").replace('}', "}}"),
                        self.moved_entry_hint(o, n)
                    ),
                );
            }
        }
        // Params: the constructor signature and the wire keys.
        self.params(s, o, n);
        // Text.
        self.text_changed(
            s,
            ChangeKind::SummaryChanged,
            "summary",
            Some(o.summary.as_str()),
            Some(n.summary.as_str()),
        );
        if o.message.raw != n.message.raw {
            self.push(
                s,
                ChangeKind::MessageChanged,
                "message",
                Some(o.message.raw.clone()),
                Some(n.message.raw.clone()),
                "",
            );
        }
        let (osg, nsg) = (
            o.suggestion.as_ref().map(|t| t.raw.clone()),
            n.suggestion.as_ref().map(|t| t.raw.clone()),
        );
        if osg != nsg {
            self.push(s, ChangeKind::SuggestionChanged, "suggestion", osg, nsg, "");
        }
        self.text_changed(
            s,
            ChangeKind::ExplanationChanged,
            "explanation",
            o.explanation.as_deref(),
            n.explanation.as_deref(),
        );
        self.text_changed(
            s,
            ChangeKind::SinceChanged,
            "since",
            o.since.as_deref(),
            n.since.as_deref(),
        );
        // Deprecation.
        let od = o.deprecated.as_ref().map(|d| deprecation_text(old, d));
        let nd = n.deprecated.as_ref().map(|d| deprecation_text(new, d));
        match (&od, &nd) {
            (None, Some(_)) => {
                self.push(s, ChangeKind::Deprecated, "deprecated", od, nd, "");
            }
            (Some(_), None) => {
                self.push(s, ChangeKind::Undeprecated, "deprecated", od, nd, "");
            }
            (Some(a), Some(b)) if a != b => {
                self.push(s, ChangeKind::DeprecationChanged, "deprecated", od, nd, "");
            }
            _ => {}
        }
        // Aliases and legacy codes.
        for a in &o.aliases {
            if !n.aliases.contains(a) && *a != n.name {
                let elsewhere = new.lookup(a).map(|x| x.name.clone());
                self.push(
                    s,
                    ChangeKind::AliasRemoved,
                    "aliases",
                    Some(a.clone()),
                    elsewhere.as_ref().map(|x| format!("now names {x}")),
                    format!(
                        "Code and payloads that say `{a}` no longer parse to `{}`. Keep the \
                         alias.",
                        n.name
                    ),
                );
            }
        }
        for a in &n.aliases {
            if !o.aliases.contains(a) && *a != o.name {
                self.push(
                    s,
                    ChangeKind::AliasAdded,
                    "aliases",
                    None,
                    Some(a.clone()),
                    "",
                );
            }
        }
        for c in &o.legacy_codes {
            if !n.legacy_codes.contains(c) && *c != n.code {
                self.push(
                    s,
                    ChangeKind::LegacyCodeRemoved,
                    "legacy_codes",
                    Some(c.clone()),
                    None,
                    format!(
                        "Stored payloads and old servers that send `{c}` no longer parse to \
                         `{}`. Keep it in `legacy_codes` (or retire it once nothing sends it).",
                        n.name
                    ),
                );
            }
        }
        for c in &n.legacy_codes {
            if !o.legacy_codes.contains(c) && *c != o.code {
                self.push(
                    s,
                    ChangeKind::LegacyCodeAdded,
                    "legacy_codes",
                    None,
                    Some(c.clone()),
                    "",
                );
            }
        }
    }

    pub(super) fn params(&mut self, s: &Subject<'_>, o: &ErrorEntry, n: &ErrorEntry) {
        let sig = format!("`{}` → `{}`", signature(o), signature(n));
        let fix = "Keep the param list; if the error needs other data, pass it as context \
                   (`with_context`), or add a new code with the new params and deprecate this one.";
        for p in &o.params {
            match n.params.iter().find(|q| q.name == p.name) {
                None => self.push(
                    s,
                    ChangeKind::ParamRemoved,
                    &format!("params.{}", p.name),
                    Some(param_text(p)),
                    None,
                    format!(
                        "The constructor changes ({sig}) and the `{}` key leaves the wire \
                         payload. {fix}",
                        p.name
                    ),
                ),
                Some(q) if q.ty != p.ty => self.push(
                    s,
                    ChangeKind::ParamRetyped,
                    &format!("params.{}", p.name),
                    Some(param_text(p)),
                    Some(param_text(q)),
                    format!(
                        "The constructor changes ({sig}) and readers of `{}` get another JSON \
                         type. {fix}",
                        p.name
                    ),
                ),
                Some(q) => {
                    if q.schema != p.schema {
                        self.push(
                            s,
                            ChangeKind::ParamSchemaChanged,
                            &format!("params.{}.schema", p.name),
                            p.schema.as_ref().map(compact_json),
                            q.schema.as_ref().map(compact_json),
                            format!(
                                "The TypeScript and Python types of `{}` and the wire schema \
                                 change: code built against the old shape may not compile, and \
                                 payloads valid before may be refused. Widen the schema rather \
                                 than narrowing it, or add a new code.",
                                p.name
                            ),
                        );
                    }
                    if q.example != p.example {
                        self.push(
                            s,
                            ChangeKind::ParamExampleChanged,
                            &format!("params.{}.example", p.name),
                            p.example.as_ref().map(compact_json),
                            q.example.as_ref().map(compact_json),
                            "",
                        );
                    }
                }
            }
        }
        for q in &n.params {
            if !o.params.iter().any(|p| p.name == q.name) {
                self.push(
                    s,
                    ChangeKind::ParamAdded,
                    &format!("params.{}", q.name),
                    None,
                    Some(param_text(q)),
                    format!("The constructor changes ({sig}); every call site must change. {fix}"),
                );
            }
        }
        let common_old: Vec<&str> = o
            .params
            .iter()
            .map(|p| p.name.as_str())
            .filter(|x| n.params.iter().any(|q| q.name == *x))
            .collect();
        let common_new: Vec<&str> = n
            .params
            .iter()
            .map(|p| p.name.as_str())
            .filter(|x| o.params.iter().any(|q| q.name == *x))
            .collect();
        if common_old != common_new {
            self.push(
                s,
                ChangeKind::ParamsReordered,
                "params",
                Some(common_old.join(", ")),
                Some(common_new.join(", ")),
                format!(
                    "Constructor arguments are positional ({sig}): calls still compile when \
                     the types agree, but pass values to the wrong params. Keep the order."
                ),
            );
        }
    }
}

fn deprecation_text(cat: &Catalogue, d: &crate::ir::Deprecation) -> String {
    let mut parts = vec!["deprecated".to_string()];
    if let Some(v) = &d.since {
        parts.push(format!("since {v}"));
    }
    if let Some(e) = d.replaced_by.and_then(|i| cat.errors.get(i)) {
        parts.push(format!("replaced by {}", e.name));
    }
    if let Some(note) = &d.note {
        parts.push(format!("note: {note}"));
    }
    parts.join(", ")
}

/// Whether `n`, matched to `o` by their code alone, gives the code another meaning: its
/// NAME differs, and its summary and message share less than half the words of the
/// shorter with the old ones ([`shared_words`]). A rename keeps the words (or most of them: `SQLITE_BUSY`'s summary cut
/// short, a full stop added); an entry deleted and another written with its code has its
/// own.
fn reused(o: &ErrorEntry, n: &ErrorEntry) -> bool {
    o.name != n.name
        && shared_words(&o.summary, &n.summary) < 0.5
        && shared_words(&o.message.raw, &n.message.raw) < 0.5
}

/// How much two texts share: the words they have in common among the words of the
/// shorter (lower case, letters and digits, without the little words every sentence has):
/// 1 for a rewording that keeps the words (a full stop added, a clause cut: "A table is
/// locked" of "A table in the database is locked by this connection"), near 0 for another
/// meaning. A message without a template of its own is its summary.
fn shared_words(a: &str, b: &str) -> f64 {
    const LITTLE: [&str; 24] = [
        "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "is", "it", "its",
        "not", "of", "on", "or", "that", "the", "this", "to", "was", "with",
    ];
    let words = |t: &str| -> std::collections::BTreeSet<String> {
        t.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .filter(|w| !LITTLE.contains(&w.as_str()))
            .collect()
    };
    let (a, b) = (words(a), words(b));
    let fewer = a.len().min(b.len());
    if fewer == 0 {
        return if a == b { 1.0 } else { 0.0 };
    }
    a.intersection(&b).count() as f64 / fewer as f64
}

/// An entry's meaning, as `code-reused`'s advice says it: `` `FRM_TOO_LONG` ("A field is too long") ``.
fn meaning(e: &ErrorEntry) -> String {
    format!("`{}` (\"{}\")", e.name, e.summary)
}

/// What a rename changes in the code that calls the targets, language by language: every
/// identifier of [`IDENTS`] that user code names (`errdex usage` searches for it) and the
/// new catalogue generates, `old → new`.
fn renamed_identifiers(new: &Catalogue, o: &ErrorEntry, n: &ErrorEntry) -> Option<String> {
    let mut by_language: Vec<(&str, Vec<String>)> = Vec::new();
    for spec in IDENTS
        .iter()
        .filter(|s| !s.usage.is_empty() && (s.generated)(new))
    {
        // A rename of case alone (`busy` → `BUSY`) keeps the identifiers of a language
        // that writes them in a case of its own: not a change there.
        if (spec.get)(&o.ids) == (spec.get)(&n.ids) {
            continue;
        }
        let change = format!(
            "`{}` → `{}`",
            spec.show((spec.get)(&o.ids)),
            spec.show((spec.get)(&n.ids))
        );
        match by_language.iter_mut().find(|(l, _)| *l == spec.language()) {
            Some((_, changes)) => changes.push(change),
            None => by_language.push((spec.language(), vec![change])),
        }
    }
    if by_language.is_empty() {
        return None;
    }
    Some(
        by_language
            .iter()
            .map(|(language, changes)| format!("{language} {}", changes.join(", ")))
            .collect::<Vec<_>>()
            .join("; "),
    )
}

#[cfg(test)]
mod tests {
    use super::shared_words;

    #[test]
    fn rewordings_share_their_words_and_other_meanings_do_not() {
        for (a, b, same) in [
            ("A field is too long", "A field is too long.", true),
            (
                "A table in the database is locked by this connection",
                "A table is locked",
                true,
            ),
            (
                "A field is too long",
                "The form expired before it was sent",
                false,
            ),
            ("The database is busy", "A disk read failed", false),
            ("", "", true),
        ] {
            assert_eq!(shared_words(a, b) >= 0.5, same, "{a:?} / {b:?}");
        }
    }
}
