//! The wire object's reserved members come out in the order the catalogue's `wire:` block
//! lists them (issue 15, item 10): the MCP server of the seed documents writes
//! `{"error": message, "code", "retryable", "details"}`, the runtime
//! `{"error": code, "category", "detail"}`. Rust and TypeScript follow the same order
//! (`rust_crate.rs` and `ts_vectors.rs` compare their serialised bytes with `payload.rs`).

#![allow(clippy::unwrap_used)]

use errdex_codegen::ir::WireField;
use errdex_codegen::payload::Instance;

fn catalogue(wire_block: &str) -> errdex_codegen::Catalogue {
    let src = format!(
        "errdex: 1\nregistry:\n  name: seed\n{wire_block}categories:\n  invalid:\n    summary: Bad input\nerrors:\n  VALIDATION_ERROR:\n    category: invalid\n    summary: Bad input arguments\n    message: \"{{field}} is invalid\"\n    params:\n      field: string\n"
    );
    let loaded = errdex_codegen::load_str(&src, "errors.yaml");
    assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
    loaded.catalogue.unwrap()
}

fn wire_text(cat: &errdex_codegen::Catalogue) -> String {
    Instance::example(&cat.errors[0]).wire(cat).to_string()
}

#[test]
fn mcp_server_order_message_first() {
    let cat = catalogue(
        "  wire:\n    message: error\n    code: code\n    retryable: retryable\n    details: details\n    category: null\n",
    );
    use WireField::*;
    assert_eq!(
        cat.registry.wire.order,
        vec![Message, Code, Retryable, Details, Category]
    );
    assert_eq!(
        wire_text(&cat),
        r#"{"error":"<field> is invalid","code":"VALIDATION_ERROR","retryable":false,"details":{"field":"<field>"}}"#
    );
}

#[test]
fn runtime_order_category_before_detail_flat_extras_last() {
    let cat = catalogue("  wire:\n    code: error\n    category: category\n    message: detail\n");
    assert_eq!(
        wire_text(&cat),
        r#"{"error":"VALIDATION_ERROR","category":"invalid","detail":"<field> is invalid","field":"<field>"}"#
    );
}

#[test]
fn unlisted_keys_follow_in_default_order() {
    // Only `message` is listed: it comes first, then code and category (defaults).
    let cat = catalogue("  wire:\n    message: detail\n");
    assert_eq!(
        wire_text(&cat),
        r#"{"detail":"<field> is invalid","error":"VALIDATION_ERROR","category":"invalid","field":"<field>"}"#
    );
    // No block: today's default order, byte for byte.
    let cat = catalogue("");
    assert_eq!(cat.registry.wire.order, WireField::ALL.to_vec());
    assert_eq!(
        wire_text(&cat),
        r#"{"error":"VALIDATION_ERROR","detail":"<field> is invalid","category":"invalid","field":"<field>"}"#
    );
}
