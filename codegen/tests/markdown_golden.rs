//! Golden pages: the Markdown reference of each case under `tests/golden/markdown/<case>/`
//! (catalogue `tests/fixtures/<case>/errors.yaml`) must match byte for byte.
//! `UPDATE_EXPECT=1 cargo test -p errdex-codegen --test markdown_golden` rewrites them.

#![allow(clippy::unwrap_used)]

mod md_support;
mod testkit;

use md_support::*;

/// Cases with committed golden pages.
const CASES: &[&str] = &[
    "md-basic",
    "md-hostile",
    "acme",
    "full",
    "hostile",
    "pages",
    "ably",
];

#[test]
fn golden_pages() {
    let root = repo_root();
    let mut goldens = testkit::golden::Goldens::new();
    for case in CASES {
        let cat = load(&root.join("tests/fixtures").join(case).join("errors.yaml"));
        let files = errdex_codegen::emit::markdown::emit(&cat);
        goldens.dir(&root.join("tests/golden/markdown").join(case), &files);
    }
    goldens.check("the Markdown reference changed");
}

#[test]
fn deterministic() {
    for (case, cat) in all_catalogues() {
        assert_eq!(
            errdex_codegen::emit::markdown::emit(&cat),
            errdex_codegen::emit::markdown::emit(&cat),
            "{case}"
        );
    }
}
