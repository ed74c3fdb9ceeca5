//! `errdex explain` output goldens (text and JSON) under `tests/golden/explain/<case>/`:
//! a code, a name, an alias, a legacy code, a case-insensitive match, a deprecated code,
//! retry advice, retired codes (by code and by name) and unknown keys (with and without
//! suggestions). `UPDATE_EXPECT=1` rewrites them.

#![allow(clippy::unwrap_used)]

mod md_support;
mod testkit;

use errdex_codegen::explain::{ExplainError, explain_json, explain_text};
use md_support::*;

const CASES: &[(&str, &[&str])] = &[
    (
        "md-basic",
        &[
            "SHOP-CART-001",
            "CART_ITEM_MISSING",
            "ITEM_NOT_IN_CART",
            "CART-404",
            "shop-cart-002",
            "SHOP-CART-003",
            "SHOP-PAY-001",
            "SHOP-000",
            "SHOP-CART-009",
            "CART_LEGACY_THING",
            "SHOP-CRAT-001",
            "NOTHING_LIKE_IT",
        ],
    ),
    ("md-hostile", &["X-001", "codes", "X-02"]),
];

fn file_name(q: &str) -> String {
    q.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

#[test]
fn explain_goldens() {
    let root = repo_root();
    let mut goldens = testkit::golden::Goldens::new();
    for (case, queries) in CASES {
        let cat = load(&root.join("tests/fixtures").join(case).join("errors.yaml"));
        for q in *queries {
            let text = match explain_text(&cat, q) {
                Ok(t) => t,
                Err(e @ ExplainError::Retired { .. }) => format!("[retired]\n{}", e.retired_text()),
                Err(e) => format!("[error]\n{e}\n"),
            };
            let json = match explain_json(&cat, q) {
                Ok(v) => v,
                Err(e) => e.to_json(),
            };
            let dir = root.join("tests/golden/explain").join(case);
            goldens.file(&dir.join(format!("{}.txt", file_name(q))), &text);
            goldens.file(
                &dir.join(format!("{}.json", file_name(q))),
                &(serde_json::to_string_pretty(&json).unwrap() + "\n"),
            );
        }
    }
    goldens.check("`errdex explain` prints something else");
}

#[test]
fn keys_resolve_to_their_entry() {
    let cat = load(&repo_root().join("tests/fixtures/md-basic/errors.yaml"));
    for e in &cat.errors {
        let keys = std::iter::once(&e.code)
            .chain(std::iter::once(&e.name))
            .chain(&e.aliases)
            .chain(&e.legacy_codes);
        for k in keys {
            let v = explain_json(&cat, k).unwrap();
            assert_eq!(v["code"], e.code.as_str(), "{k}");
            assert_eq!(v["status"], "live");
        }
    }
    for r in &cat.retired {
        assert!(matches!(
            explain_text(&cat, &r.code),
            Err(ExplainError::Retired { .. })
        ));
    }
    match explain_text(&cat, "SHOP-CART-01") {
        Err(ExplainError::Unknown { suggestions, .. }) => {
            assert_eq!(
                suggestions.first().map(String::as_str),
                Some("SHOP-CART-001")
            )
        }
        other => panic!("{other:?}"),
    }
}

/// `explain --format json` shows a code's entry key for key as `registry.json` lists it
/// (they once disagreed on `deprecated.replaced_by`: a code in one, a NAME in the other).
#[test]
fn explain_json_is_the_registry_entry() {
    let cat = load(&repo_root().join("tests/fixtures/md-basic/errors.yaml"));
    let registry = errdex_codegen::emit::json_schema::registry_json(&cat);
    let entries = registry["errors"].as_array().unwrap();
    assert_eq!(entries.len(), cat.errors.len());
    for (e, listed) in cat.errors.iter().zip(entries) {
        let shown = explain_json(&cat, &e.code).unwrap();
        for (key, value) in listed.as_object().unwrap() {
            assert_eq!(&shown[key], value, "{}: {key}", e.code);
        }
    }
    assert!(cat.errors.iter().any(|e| e.deprecated.is_some()));
}
