//! `errdex_codegen::Builder`: output written only when changed, invalid catalogues reported
//! with their diagnostics and nothing written.
#![allow(clippy::unwrap_used)]

use errdex_codegen::Builder;
use errdex_codegen::builder::BuildError;

fn fixture(case: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../tests/fixtures/{case}/errors.yaml"))
}

#[test]
fn writes_only_when_changed() {
    let dir = tempfile::tempdir().unwrap();
    let b = Builder::new(fixture("acme"))
        .out_dir(dir.path())
        .out_file("acme.rs")
        .cargo_directives(false);
    let path = b.generate().unwrap();
    assert_eq!(path, dir.path().join("acme.rs"));
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, b.emit_to_string().unwrap());
    let before = std::fs::metadata(&path).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    b.generate().unwrap();
    assert_eq!(
        std::fs::metadata(&path).unwrap().modified().unwrap(),
        before,
        "unchanged output rewritten"
    );
}

#[test]
fn invalid_catalogue_is_reported_and_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    let cat = dir.path().join("errors.yaml");
    std::fs::write(&cat, "errdex: 1\nregistry: {name: x}\ncategories: {}\nerrors:\n  A: {category: nope, message: \"{oops}\", retryble: true}\n").unwrap();
    let b = Builder::new(&cat)
        .out_dir(dir.path())
        .cargo_directives(false);
    let err = b.generate().unwrap_err();
    let BuildError::Invalid { diagnostics, .. } = &err else {
        panic!("{err}")
    };
    assert!(!diagnostics.is_empty());
    let shown = err.to_string();
    assert!(shown.contains("EDX"), "{shown}");
    assert!(shown.contains("no Rust code was generated"), "{shown}");
    assert!(!dir.path().join("errors.rs").exists());
    let missing = Builder::new(dir.path().join("nope.yaml"))
        .out_dir(dir.path())
        .cargo_directives(false);
    assert!(matches!(missing.generate(), Err(BuildError::Read { .. })));
}
