//! `profiles:`: the shapes agents read.

use super::*;
use crate::ir::HttpBody;

impl Differ<'_> {
    // ------------------------------------------------------------------ profiles

    /// `profiles:`: what agents read (the keys of the MCP tool-error facts and of the
    /// JSON-RPC `data`, and where they sit) is contract; the texts are for humans.
    pub(super) fn profiles(&mut self) {
        let (o, n) = (&self.old.profiles, &self.new.profiles);
        let s = Subject {
            scope: Scope::Registry,
            code: "registry",
            name: None,
        };
        let (om, nm) = (&o.mcp_tool_error, &n.mcp_tool_error);
        if om.data != nm.data {
            self.push(
                &s,
                ChangeKind::ProfileShapeChanged,
                "profiles.mcp_tool_error.data",
                Some(om.data.member().to_string()),
                Some(nm.data.member().to_string()),
                format!(
                    "MCP clients read the error's facts from `{}` of the tool result. Keep                      `data: {}`.",
                    om.data.member(),
                    om.data.member()
                ),
            );
        }
        // A prefix that follows `registry.mcp_meta_prefix` is reported there.
        let follows = om.prefix == self.old.registry.mcp_meta_prefix
            && nm.prefix == self.new.registry.mcp_meta_prefix;
        if om.prefix != nm.prefix && !follows {
            self.push(
                &s,
                ChangeKind::ProfileShapeChanged,
                "profiles.mcp_tool_error.prefix",
                Some(om.prefix.clone()),
                Some(nm.prefix.clone()),
                "Every key of the tool-error facts is renamed; MCP clients read them by name.                  Keep the old prefix.",
            );
        }
        if om.data == nm.data && om.prefix == nm.prefix {
            self.profile_fields(&s, "profiles.mcp_tool_error.fields", &om.fields, &nm.fields);
        }
        self.text_changed(
            &s,
            ChangeKind::ProfileTextChanged,
            "profiles.mcp_tool_error.text",
            Some(om.text.raw.as_str()),
            Some(nm.text.raw.as_str()),
        );
        let (or, nr) = (&o.jsonrpc_error, &n.jsonrpc_error);
        let kind = |d: &JsonRpcData| match d {
            JsonRpcData::Wire => "wire",
            JsonRpcData::Omitted => "null",
            JsonRpcData::Fields(_) => "fields",
        };
        match (&or.data, &nr.data) {
            (JsonRpcData::Fields(a), JsonRpcData::Fields(b)) => {
                self.profile_fields(&s, "profiles.jsonrpc_error.data", a, b);
            }
            (a, b) if kind(a) != kind(b) => self.push(
                &s,
                ChangeKind::ProfileShapeChanged,
                "profiles.jsonrpc_error.data",
                Some(kind(a).to_string()),
                Some(kind(b).to_string()),
                "JSON-RPC clients read the error's `data` in this form. Keep the old one.",
            ),
            _ => {}
        }
        self.text_changed(
            &s,
            ChangeKind::ProfileTextChanged,
            "profiles.jsonrpc_error.message",
            Some(or.message.raw.as_str()),
            Some(nr.message.raw.as_str()),
        );
        self.text_changed(
            &s,
            ChangeKind::ProfileTextChanged,
            "profiles.terminal.values",
            Some(o.terminal.values.as_str()),
            Some(n.terminal.values.as_str()),
        );
        self.http_profile(&s);
    }

    /// `profiles.http`: the body's shape, and under AIP-193 the reason's source and the
    /// domain, are what HTTP clients parse and match on; `Retry-After` only paces them.
    fn http_profile(&mut self, s: &Subject<'_>) {
        let (o, n) = (&self.old.profiles.http, &self.new.profiles.http);
        if o.body != n.body {
            self.push(
                s,
                ChangeKind::ProfileShapeChanged,
                "profiles.http.body",
                Some(o.body.as_str().to_string()),
                Some(n.body.as_str().to_string()),
                format!(
                    "HTTP clients parse error responses as {} ({}); generated clients and \
                     error handlers stop recognising them. Keep `body: {}`.",
                    o.body.as_str(),
                    o.body.content_type(),
                    o.body.as_str()
                ),
            );
        } else if n.body == HttpBody::Google {
            if o.domain != n.domain {
                self.push(
                    s,
                    ChangeKind::ProfileShapeChanged,
                    "profiles.http.domain",
                    o.domain.clone(),
                    n.domain.clone(),
                    "AIP-193 clients match errors by reason and domain together. Keep the \
                     old domain.",
                );
            }
            if o.reason != n.reason {
                self.push(
                    s,
                    ChangeKind::ProfileShapeChanged,
                    "profiles.http.reason",
                    Some(o.reason.as_str().to_string()),
                    Some(n.reason.as_str().to_string()),
                    "Every code's AIP-193 reason changes, and clients match on it. Keep the \
                     old source.",
                );
            }
        }
        if o.retry_after != n.retry_after {
            self.push(
                s,
                ChangeKind::RetryAfterChanged,
                "profiles.http.retry_after",
                Some(o.retry_after.to_string()),
                Some(n.retry_after.to_string()),
                "",
            );
        }
    }

    /// Output key → fact lists of a profile, old against new, by key.
    pub(super) fn profile_fields(
        &mut self,
        s: &Subject<'_>,
        field: &str,
        old: &[ProfileField],
        new: &[ProfileField],
    ) {
        for of in old {
            match new.iter().find(|nf| nf.key == of.key) {
                None => {
                    let moved = new.iter().find(|nf| nf.fact == of.fact);
                    self.push(
                        s,
                        ChangeKind::ProfileFieldRemoved,
                        field,
                        Some(format!("{}: {}", of.key, of.fact.spelling())),
                        moved.map(|m| format!("{}: {}", m.key, m.fact.spelling())),
                        format!(
                            "Agents read `{}` by name. Keep the key{}.",
                            of.key,
                            if moved.is_some() {
                                " (add the new one beside it if you need both)"
                            } else {
                                ""
                            }
                        ),
                    );
                }
                Some(nf) if nf.fact != of.fact => self.push(
                    s,
                    ChangeKind::ProfileFieldChanged,
                    field,
                    Some(format!("{}: {}", of.key, of.fact.spelling())),
                    Some(format!("{}: {}", nf.key, nf.fact.spelling())),
                    format!(
                        "`{}` now carries another fact; agents read the old meaning. Give the new                          fact a new key.",
                        of.key
                    ),
                ),
                Some(_) => {}
            }
        }
        for nf in new {
            if !old.iter().any(|of| of.key == nf.key) {
                self.push(
                    s,
                    ChangeKind::ProfileFieldAdded,
                    field,
                    None,
                    Some(format!("{}: {}", nf.key, nf.fact.spelling())),
                    "",
                );
            }
        }
    }
}
