//! Golden pages: the Markdown reference of each case under `tests/golden/markdown/<case>/`
//! (catalogue `tests/fixtures/<case>/errors.yaml`) must match byte for byte.
//! `UPDATE_EXPECT=1 cargo test -p errdex-codegen --test markdown_golden` rewrites them.

#![allow(clippy::unwrap_used)]

mod md_support;

use md_support::*;

/// Cases with committed golden pages.
const CASES: &[&str] = &["md-basic", "md-hostile", "acme", "full", "hostile", "pages", "ably"];

#[test]
fn golden_pages() {
    let root = repo_root();
    let mut ran = 0;
    for case in CASES {
        let fixture = root.join("tests/fixtures").join(case).join("errors.yaml");
        if !fixture.exists() {
            // acme/full/hostile arrive with the fixtures branch.
            eprintln!("note: fixture {case} not present");
            continue;
        }
        let cat = load(&fixture);
        let files = errdex_codegen::emit::markdown::emit(&cat);
        check_golden_dir(&root.join("tests/golden/markdown").join(case), &files);
        ran += 1;
    }
    assert!(ran >= 2, "the md-* fixtures must exist");
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
