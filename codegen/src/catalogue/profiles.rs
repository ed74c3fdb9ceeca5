//! The `profiles:` section: how an error looks inside an MCP tool result
//! (`mcp_tool_error`) and a JSON-RPC error (`jsonrpc_error`), over errdex's own shapes.

use crate::diag::{DiagCode, Span};
use crate::ir::{Fact, HttpProfile, JsonRpcData, ProfileField, Profiles, TEXT_PLACEHOLDERS};
use crate::support::suggest::did_you_mean;
use crate::template::{Template, TemplateError};

use super::format::keys::{self, http, jsonrpc_error, mcp_tool_error, terminal};
use super::format::{self, Presence, defaults};
use super::sink::Cx;
use super::tree::{Kind, Node};

/// Members of a `CallToolResult` that the profile's `data` member may not take.
const RESULT_MEMBERS: [&str; 3] = ["content", "isError", "resultType"];

impl Cx<'_> {
    /// A template over [`TEXT_PLACEHOLDERS`] (a profile's text or message).
    fn profile_text(&mut self, node: &Node, key: &str) -> Option<Template> {
        let raw = self.text(node, key)?;
        match Template::parse(&raw, &TEXT_PLACEHOLDERS) {
            Ok(t) => Some(t),
            Err(TemplateError::UnknownParam { name, .. }) => {
                let span = self.span_within(node.span, &format!("{{{name}}}"));
                let d = self.err(
                    DiagCode::BadValue,
                    span,
                    &[
                        ("key", key),
                        ("found", &format!("the placeholder `{{{name}}}`")),
                        (
                            "expected",
                            &format!(
                                "a profile text may use {}",
                                TEXT_PLACEHOLDERS.map(|p| format!("{{{p}}}")).join(", ")
                            ),
                        ),
                    ],
                );
                d.help = did_you_mean(&name, TEXT_PLACEHOLDERS);
                None
            }
            Err(e) => {
                self.template_error(node, key, &e);
                None
            }
        }
    }

    /// A mapping of output keys to facts (`fields:`, or JSON-RPC `data:` as a mapping).
    fn profile_fields(&mut self, node: &Node, key: &str) -> Option<Vec<ProfileField>> {
        let entries = self.entries(node, key, "a mapping of output keys to facts")?;
        let mut out = Vec::with_capacity(entries.len());
        for (out_key, knode, v) in entries {
            if out_key.is_empty() {
                self.err(
                    DiagCode::BadValue,
                    knode.span,
                    &[
                        ("key", key),
                        ("found", "an empty key"),
                        ("expected", "every output key needs a name"),
                    ],
                );
                continue;
            }
            let Some(spelled) = self.text(v, out_key) else {
                continue;
            };
            match Fact::parse(&spelled) {
                Some(fact) => out.push(ProfileField {
                    key: out_key.to_string(),
                    fact,
                }),
                None => {
                    let names: Vec<&str> = Fact::NAMED.iter().map(|(n, _)| *n).collect();
                    let d = self.err(
                        DiagCode::BadValue,
                        v.span,
                        &[
                            ("key", out_key),
                            ("found", &format!("`{spelled}`")),
                            (
                                "expected",
                                &format!(
                                    "a fact: {}, `context.<key>` or `param.<name>`",
                                    names.join(", ")
                                ),
                            ),
                        ],
                    );
                    d.help = did_you_mean(&spelled, names);
                }
            }
        }
        Some(out)
    }

    /// The `profiles:` section over the defaults (today's shapes).
    pub(super) fn profiles(&mut self, node: Option<&Node>, mcp_meta_prefix: &str) -> Profiles {
        let mut profiles = defaults::profiles(mcp_meta_prefix);
        let Some(node) = node else {
            return profiles;
        };
        let Some(f) = self.fields(
            node,
            keys::top::PROFILES.name(),
            "`profiles`",
            keys::top::PROFILES,
        ) else {
            return profiles;
        };
        if let Some(n) = f.get(keys::profiles::MCP_TOOL_ERROR)
            && let Some(m) = self.fields(
                n,
                keys::profiles::MCP_TOOL_ERROR.name(),
                "`profiles.mcp_tool_error`",
                keys::profiles::MCP_TOOL_ERROR,
            )
        {
            let mcp = &mut profiles.mcp_tool_error;
            if let Some(t) = m
                .get(mcp_tool_error::TEXT)
                .and_then(|n| self.profile_text(n, mcp_tool_error::TEXT.name()))
            {
                mcp.text = t;
            }
            if let Some(member) = self.declared_text(&m, mcp_tool_error::DATA, |cx, dn, other| {
                cx.refuse_member(dn, other);
            }) {
                if RESULT_MEMBERS.contains(&member.as_str())
                    && let Some(dn) = m.get(mcp_tool_error::DATA)
                {
                    self.refuse_member(dn, &member);
                } else {
                    mcp.data = defaults::mcp_data(&member);
                }
            }
            if let Some(p) = self.optional_text(&m, mcp_tool_error::PREFIX) {
                mcp.prefix = p;
            }
            if let Some(fields) = m
                .get(mcp_tool_error::FIELDS)
                .and_then(|n| self.profile_fields(n, mcp_tool_error::FIELDS.name()))
            {
                mcp.fields = fields;
            }
        }
        if let Some(n) = f.get(keys::profiles::JSONRPC_ERROR)
            && let Some(j) = self.fields(
                n,
                keys::profiles::JSONRPC_ERROR.name(),
                "`profiles.jsonrpc_error`",
                keys::profiles::JSONRPC_ERROR,
            )
        {
            let rpc = &mut profiles.jsonrpc_error;
            if let Some(t) = j
                .get(jsonrpc_error::MESSAGE)
                .and_then(|n| self.profile_text(n, jsonrpc_error::MESSAGE.name()))
            {
                rpc.message = t;
            }
            if let Some(dn) = j.get(jsonrpc_error::DATA) {
                let words = jsonrpc_error::DATA.words();
                match &dn.kind {
                    Kind::Null => rpc.data = JsonRpcData::Omitted,
                    Kind::Str(s) if words.contains(&s.as_str()) => rpc.data = JsonRpcData::Wire,
                    Kind::Map(_) => {
                        if let Some(fields) = self.profile_fields(dn, jsonrpc_error::DATA.name()) {
                            rpc.data = JsonRpcData::Fields(fields);
                        }
                    }
                    _ => self.wrong_type(
                        dn,
                        jsonrpc_error::DATA.name(),
                        "`wire`, `null`, or a mapping of output keys to facts",
                    ),
                }
            }
        }
        if let Some(n) = f.get(keys::profiles::TERMINAL)
            && let Some(t) = self.fields(
                n,
                keys::profiles::TERMINAL.name(),
                "`profiles.terminal`",
                keys::profiles::TERMINAL,
            )
            && let Some(word) = self.word(&t, terminal::VALUES)
            && let Some(style) = defaults::value_style(word)
        {
            profiles.terminal.values = style;
        }
        if let Some((key, n)) = f.pair(keys::profiles::HTTP) {
            profiles.http = self.http_profile(n, key.span);
        }
        profiles
    }

    /// EDX0106: a `data` member an MCP tool result cannot take.
    fn refuse_member(&mut self, dn: &Node, member: &str) {
        self.err(
            DiagCode::BadValue,
            dn.span,
            &[
                ("key", mcp_tool_error::DATA.name()),
                ("found", &format!("`{member}`")),
                (
                    "expected",
                    "`_meta`, `structuredContent`, or the name of another top-level member (not `content`, `isError` or `resultType`)",
                ),
            ],
        );
    }

    /// `profiles.http`: the HTTP error response.
    fn http_profile(&mut self, node: &Node, owner: Span) -> HttpProfile {
        let mut http = HttpProfile {
            declared: true,
            ..defaults::http()
        };
        let Some(h) = self.fields(
            node,
            keys::profiles::HTTP.name(),
            "`profiles.http`",
            keys::profiles::HTTP,
        ) else {
            return http;
        };
        if let Some(word) = self.word(&h, http::BODY)
            && let Some(body) = defaults::http_body(word)
        {
            http.body = body;
        }
        if let Some(word) = self.word(&h, http::REASON)
            && let Some(reason) = defaults::reason_source(word)
        {
            http.reason = reason;
        }
        http.domain = self.optional_nonempty(&h, http::DOMAIN);
        if let Some(on) = self.optional_bool(&h, http::RETRY_AFTER) {
            http.retry_after = on;
        }
        for required in format::HTTP.handles() {
            let Presence::RequiredWhen { key, equals } = required.decl().presence else {
                continue;
            };
            let Some(sibling) = format::HTTP.find(key) else {
                continue;
            };
            if h.get(sibling).and_then(|n| n.as_str()) == Some(equals) && h.get(required).is_none()
            {
                let required = required.name();
                self.err(
                    DiagCode::MissingKey,
                    owner,
                    &[("context", "`profiles.http`"), ("key", required)],
                )
                .label = Some(format!("`{required}` is required with `{key}: {equals}`"));
            }
        }
        http
    }
}

#[cfg(test)]
mod tests {
    use crate::catalogue::format;
    use crate::ir::{HttpBody, ReasonSource, ValueStyle};

    #[test]
    fn the_value_style_words_are_the_irs() {
        assert_eq!(
            format::VALUE_STYLES,
            ValueStyle::ALL.map(ValueStyle::as_str)
        );
        assert_eq!(format::HTTP_BODIES, HttpBody::ALL.map(HttpBody::as_str));
        assert_eq!(
            format::HTTP_REASONS,
            ReasonSource::ALL.map(ReasonSource::as_str)
        );
    }
}
