//! What a catalogue that leaves a section (or a key) out gets, built from the `Presence::Default`
//! values of the table in [`super`] and nothing else: each default has its one home there.
//! The readers start from these; tests that build an IR by hand and the Markdown emitter
//! (which compares a catalogue's profiles with the defaults) use them too.

use crate::ir::{
    DEFAULT_MCP_FIELDS, GoItems, HttpBody, HttpProfile, JsonRpcData, JsonRpcProfile, McpData,
    McpProfile, Package, ProfileField, Profiles, ReasonSource, RustItems, TEXT_PLACEHOLDERS,
    TerminalProfile, UsageDocs, ValueStyle, Wire, WireField,
};
use crate::template::Template;

use super::keys::{
    category, go, http, jsonrpc_error, mcp_tool_error, package, rust, terminal, usage_docs, wire,
};

/// The facts a category leaves out (and an entry whose category is unknown gets).
pub const RETRYABLE: bool = category::FACTS.retryable.default_bool();
pub const EXIT_CODE: u8 = as_u8(category::FACTS.exit_code.default_int());
pub const HTTP_STATUS: u16 = as_u16(category::FACTS.http_status.default_int());
pub const JSONRPC_CODE: i32 = as_i32(category::FACTS.jsonrpc_code.default_int());
pub const EXPECTED: bool = category::FACTS.expected.default_bool();

/// The folder `usage.docs: true` scans (its `paths` default, "the catalogue's folder").
pub const CATALOGUE_FOLDER: &str = ".";

/// The wire shape when the registry has no `wire` block: every key's default, in the
/// default order.
pub fn wire() -> Wire {
    Wire {
        code: wire::CODE.default_str().into(),
        message: wire::MESSAGE.default_str().into(),
        category: wire::CATEGORY.default_str_or_null().map(str::to_string),
        retryable: wire::RETRYABLE.default_str_or_null().map(str::to_string),
        details: wire::DETAILS.default_str_or_null().map(str::to_string),
        order: WireField::ALL.to_vec(),
    }
}

/// The `package:` section a catalogue leaves out.
pub fn package() -> Package {
    Package {
        version: package::VERSION.default_str().to_string(),
        license: None,
        repository: None,
        keywords: package::KEYWORDS
            .default_list()
            .iter()
            .map(|k| k.to_string())
            .collect(),
        schema_url: None,
    }
}

/// The `rust:` section a catalogue leaves out: every item, no integration.
pub fn rust_items() -> RustItems {
    RustItems {
        constructors: rust::CONSTRUCTORS.default_bool(),
        namespace_enums: rust::NAMESPACE_ENUMS.default_bool(),
        integrations: Vec::new(),
    }
}

/// The `go:` section a catalogue leaves out: every item.
pub fn go_items() -> GoItems {
    GoItems {
        constructors: go::CONSTRUCTORS.default_bool(),
    }
}

/// What `usage.docs: true` means.
pub fn usage_docs() -> UsageDocs {
    UsageDocs {
        paths: vec![CATALOGUE_FOLDER.to_string()],
        places: as_usize(usage_docs::PLACES.default_int()),
    }
}

/// The profiles of a catalogue that declares none: the shapes errdex always wrote. The
/// MCP prefix defaults to `registry.mcp_meta_prefix`.
pub fn profiles(mcp_meta_prefix: &str) -> Profiles {
    Profiles {
        mcp_tool_error: McpProfile {
            text: profile_text(mcp_tool_error::TEXT.default_str()),
            data: mcp_data(mcp_tool_error::DATA.default_str()),
            prefix: mcp_meta_prefix.to_string(),
            result_type: Some("complete".to_string()),
            fields: DEFAULT_MCP_FIELDS
                .iter()
                .map(|f| ProfileField {
                    key: f.spelling(),
                    fact: f.clone(),
                })
                .collect(),
        },
        jsonrpc_error: JsonRpcProfile {
            message: profile_text(jsonrpc_error::MESSAGE.default_str()),
            data: match jsonrpc_error::DATA.default_str() {
                "wire" => JsonRpcData::Wire,
                _ => JsonRpcData::Omitted,
            },
        },
        terminal: TerminalProfile {
            values: value_style(terminal::VALUES.default_str()).unwrap_or(ValueStyle::Json),
        },
        http: self::http(),
    }
}

/// The HTTP response of a catalogue without `profiles.http` (which does not say it serves
/// HTTP: `declared` is false).
pub fn http() -> HttpProfile {
    HttpProfile {
        body: http_body(http::BODY.default_str()).unwrap_or(HttpBody::Problem),
        domain: None,
        reason: reason_source(http::REASON.default_str()).unwrap_or(ReasonSource::Name),
        retry_after: http::RETRY_AFTER.default_bool(),
        declared: false,
    }
}

/// The body a `profiles.http.body` word names.
pub fn http_body(word: &str) -> Option<HttpBody> {
    HttpBody::ALL.into_iter().find(|b| b.as_str() == word)
}

/// The source a `profiles.http.reason` word names.
pub fn reason_source(word: &str) -> Option<ReasonSource> {
    ReasonSource::ALL.into_iter().find(|r| r.as_str() == word)
}

/// The style a `profiles.terminal.values` word names.
pub fn value_style(word: &str) -> Option<ValueStyle> {
    ValueStyle::ALL.into_iter().find(|v| v.as_str() == word)
}

/// Where `profiles.mcp_tool_error.data` puts the facts.
pub fn mcp_data(member: &str) -> McpData {
    match member {
        "_meta" => McpData::Meta,
        "structuredContent" => McpData::StructuredContent,
        other => McpData::Member(other.to_string()),
    }
}

/// A profile text of the table (they parse: a test checks).
fn profile_text(raw: &str) -> Template {
    Template::parse(raw, &TEXT_PLACEHOLDERS).unwrap_or_else(|_| Template {
        raw: raw.to_string(),
        parts: Vec::new(),
    })
}

const fn as_u8(value: i64) -> u8 {
    assert!(value >= 0 && value <= u8::MAX as i64);
    value as u8
}

const fn as_u16(value: i64) -> u16 {
    assert!(value >= 0 && value <= u16::MAX as i64);
    value as u16
}

const fn as_i32(value: i64) -> i32 {
    assert!(value >= i32::MIN as i64 && value <= i32::MAX as i64);
    value as i32
}

const fn as_usize(value: i64) -> usize {
    assert!(value >= 0);
    value as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_profile_texts_parse() {
        for raw in [
            mcp_tool_error::TEXT.default_str(),
            jsonrpc_error::MESSAGE.default_str(),
        ] {
            assert!(Template::parse(raw, &TEXT_PLACEHOLDERS).is_ok(), "{raw}");
        }
        assert!(value_style(terminal::VALUES.default_str()).is_some());
        assert!(http_body(http::BODY.default_str()).is_some());
        assert!(reason_source(http::REASON.default_str()).is_some());
    }

    /// The words the docs show for a left-out `package:` name its version's default.
    #[test]
    fn the_package_section_words_say_its_version_default() {
        use super::super::keys::top;
        use super::super::{Fallback, Presence};
        let Presence::Default(Fallback::Text(words)) = top::PACKAGE.decl().presence else {
            panic!("`package` defaults to words");
        };
        assert!(words.contains(package::VERSION.default_str()), "{words}");
    }

    #[test]
    fn the_default_places_are_within_their_range() {
        let (min, max) = usage_docs::PLACES.range();
        let places = usage_docs::PLACES.default_int();
        assert!(places >= min && max.is_none_or(|max| places <= max));
    }
}
