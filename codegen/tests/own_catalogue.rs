//! errdex's own `errors.yaml` lints clean and agrees with the diagnostics table in
//! `diag.rs`: every diagnostic is an entry with the same code, NAME and message template,
//! in the category that matches its severity.

mod testkit;

use std::path::Path;

use errdex_codegen::{DiagCode, Severity, load_path};

#[test]
fn own_catalogue_lints_clean_and_matches_the_diagnostics_table() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../errors.yaml");
    let loaded = load_path(&path).expect("errors.yaml readable");
    assert!(
        loaded.diagnostics.is_empty(),
        "errors.yaml is not clean: {:#?}",
        loaded.diagnostics
    );
    let cat = loaded.catalogue.expect("valid");
    for code in DiagCode::ALL {
        let entry = cat
            .lookup(code.as_str())
            .unwrap_or_else(|| panic!("{} is missing from errors.yaml", code.as_str()));
        assert_eq!(entry.name, code.name(), "{}", code.as_str());
        assert_eq!(entry.message.raw, code.template(), "{}", code.as_str());
        let category = &cat.categories[entry.category].key;
        let want = match code.severity() {
            Severity::Error => "invalid",
            Severity::Warning => "suspicious",
        };
        assert_eq!(category, want, "{}: severity vs category", code.as_str());
        assert!(
            entry.explanation.is_some(),
            "{} has no explanation",
            code.as_str()
        );
        assert!(
            entry.suggestion.is_some(),
            "{} has no suggestion",
            code.as_str()
        );
    }
    for e in &cat.errors {
        assert!(e.explanation.is_some(), "{} has no explanation", e.name);
    }
}

/// `generated/src/errdex_errors.rs` (the `errdex-errors` crate, committed so the crate
/// publishes without `../errors.yaml`) is the module the Rust target makes of errors.yaml,
/// the bytes of `errdex generate --rust-file` and of a build.rs `Builder::new("errors.yaml")`.
/// `UPDATE_EXPECT=1` rewrites it.
#[test]
fn committed_errdex_errors_module_is_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let source = std::fs::read_to_string(root.join("errors.yaml")).expect("errors.yaml readable");
    let cat = errdex_codegen::load_str(&source, "errors.yaml")
        .catalogue
        .expect("valid");
    let want = errdex_codegen::emit::rust::emit(&cat, &Default::default());
    testkit::golden::check_file(
        &root.join("generated/src/errdex_errors.rs"),
        &want,
        "errors.yaml or the Rust target changed; `cargo run -p errdex -- generate` rewrites it too",
    );
}
