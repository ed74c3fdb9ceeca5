//! The `profiles:` section: how an error looks inside an MCP tool result
//! (`mcp_tool_error`) and a JSON-RPC error (`jsonrpc_error`), over errdex's own shapes.

use crate::diag::{DiagCode, Span};
use crate::ir::{
    Fact, HttpBody, HttpProfile, JsonRpcData, McpData, ProfileField, Profiles, ReasonSource,
    TEXT_PLACEHOLDERS, ValueStyle,
};
use crate::support::suggest::did_you_mean;
use crate::template::{Template, TemplateError};

use super::format;
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
        let mut profiles = Profiles::defaults(mcp_meta_prefix);
        let Some(node) = node else {
            return profiles;
        };
        let Some(f) = self.fields(node, "profiles", "`profiles`", &format::PROFILES) else {
            return profiles;
        };
        if let Some(n) = f.get("mcp_tool_error")
            && let Some(m) = self.fields(
                n,
                "mcp_tool_error",
                "`profiles.mcp_tool_error`",
                &format::MCP_TOOL_ERROR,
            )
        {
            let mcp = &mut profiles.mcp_tool_error;
            if let Some(t) = m.get("text").and_then(|n| self.profile_text(n, "text")) {
                mcp.text = t;
            }
            if let Some(dn) = m.get("data")
                && let Some(member) = self.text(dn, "data")
            {
                mcp.data = match member.as_str() {
                    "_meta" => McpData::Meta,
                    "structuredContent" => McpData::StructuredContent,
                    other if other.is_empty() || RESULT_MEMBERS.contains(&other) => {
                        self.err(
                            DiagCode::BadValue,
                            dn.span,
                            &[
                                ("key", "data"),
                                ("found", &format!("`{other}`")),
                                (
                                    "expected",
                                    "`_meta`, `structuredContent`, or the name of another top-level member (not `content`, `isError` or `resultType`)",
                                ),
                            ],
                        );
                        mcp.data.clone()
                    }
                    other => McpData::Member(other.to_string()),
                };
            }
            if let Some(p) = self.optional_text(&m, "prefix") {
                mcp.prefix = p;
            }
            if let Some(fields) = m
                .get("fields")
                .and_then(|n| self.profile_fields(n, "fields"))
            {
                mcp.fields = fields;
            }
        }
        if let Some(n) = f.get("jsonrpc_error")
            && let Some(j) = self.fields(
                n,
                "jsonrpc_error",
                "`profiles.jsonrpc_error`",
                &format::JSONRPC_ERROR,
            )
        {
            let rpc = &mut profiles.jsonrpc_error;
            if let Some(t) = j
                .get("message")
                .and_then(|n| self.profile_text(n, "message"))
            {
                rpc.message = t;
            }
            if let Some(dn) = j.get("data") {
                match &dn.kind {
                    Kind::Null => rpc.data = JsonRpcData::Omitted,
                    Kind::Str(s) if s == "wire" => rpc.data = JsonRpcData::Wire,
                    Kind::Map(_) => {
                        if let Some(fields) = self.profile_fields(dn, "data") {
                            rpc.data = JsonRpcData::Fields(fields);
                        }
                    }
                    _ => self.wrong_type(
                        dn,
                        "data",
                        "`wire`, `null`, or a mapping of output keys to facts",
                    ),
                }
            }
        }
        if let Some(n) = f.get("terminal")
            && let Some(t) = self.fields(n, "terminal", "`profiles.terminal`", &format::TERMINAL)
            && let Some(vn) = t.get("values")
            && let Some(word) = self.text(vn, "values")
        {
            match ValueStyle::ALL.into_iter().find(|v| v.as_str() == word) {
                Some(v) => profiles.terminal.values = v,
                None => {
                    let d = self.err(
                        DiagCode::BadValue,
                        vn.span,
                        &[
                            ("key", "values"),
                            ("found", &format!("`{word}`")),
                            (
                                "expected",
                                &format!("one of {}", format::VALUE_STYLES.join(", ")),
                            ),
                        ],
                    );
                    d.help = did_you_mean(&word, format::VALUE_STYLES);
                }
            }
        }
        if let Some((key, n)) = f.map.get("http") {
            profiles.http = self.http_profile(n, key.span);
        }
        profiles
    }

    /// `profiles.http`: the HTTP error response.
    fn http_profile(&mut self, node: &Node, owner: Span) -> HttpProfile {
        let mut http = HttpProfile {
            declared: true,
            ..HttpProfile::default()
        };
        let Some(h) = self.fields(node, "http", "`profiles.http`", &format::HTTP) else {
            return http;
        };
        if let Some(n) = h.get("body")
            && let Some(body) = self.word(n, "body", &format::HTTP_BODIES, &HttpBody::ALL.map(HttpBody::as_str))
        {
            http.body = HttpBody::ALL[body];
        }
        if let Some(n) = h.get("reason")
            && let Some(reason) =
                self.word(n, "reason", &format::HTTP_REASONS, &ReasonSource::ALL.map(ReasonSource::as_str))
        {
            http.reason = ReasonSource::ALL[reason];
        }
        http.domain = self.optional_nonempty(&h, "domain");
        if let Some(n) = h.get("retry_after")
            && let Some(on) = self.boolean(n, "retry_after")
        {
            http.retry_after = on;
        }
        for (required, key, equals) in format::HTTP.required_when() {
            let given = h.get(key).and_then(|n| n.as_str()) == Some(equals)
                && h.get(required).is_none();
            if given {
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

    /// A word of `words` (the format's list, in the IR's order `ir_words`); its index.
    fn word(&mut self, node: &Node, key: &str, words: &[&str], ir_words: &[&str]) -> Option<usize> {
        debug_assert_eq!(words, ir_words, "the format's words and the IR's agree");
        let word = self.text(node, key)?;
        if let Some(i) = words.iter().position(|w| *w == word) {
            return Some(i);
        }
        let d = self.err(
            DiagCode::BadValue,
            node.span,
            &[
                ("key", key),
                ("found", &format!("`{word}`")),
                ("expected", &format!("one of {}", words.join(", "))),
            ],
        );
        d.help = did_you_mean(&word, words.iter().copied());
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_value_style_words_are_the_irs() {
        assert_eq!(format::VALUE_STYLES, ValueStyle::ALL.map(ValueStyle::as_str));
        assert_eq!(format::HTTP_BODIES, HttpBody::ALL.map(HttpBody::as_str));
        assert_eq!(format::HTTP_REASONS, ReasonSource::ALL.map(ReasonSource::as_str));
    }
}
