//! `write::generate_and_write` (what `errdex generate` runs) writes exactly the bytes of
//! `write::generate`, target by target, skips unchanged files, and stops with a located
//! failure when a destination cannot be written.

#![allow(clippy::unwrap_used)]

mod testkit;

use std::path::{Path, PathBuf};

use errdex_codegen::Catalogue;
use errdex_codegen::targets::TargetId;
use errdex_codegen::write::{self, Settings};

fn load(rel: &str) -> Catalogue {
    let path = testkit::repo_root().join(rel);
    let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{rel}: {e}"));
    errdex_codegen::load_str(&src, "errors.yaml")
        .catalogue
        .unwrap_or_else(|| panic!("{rel} does not load"))
}

/// Every target, the Rust module included.
fn settings() -> Settings {
    let mut s = Settings::default();
    s.outputs
        .insert(TargetId::Rust, PathBuf::from("src/errors.rs"));
    s
}

fn files_under(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path.strip_prefix(root).unwrap().to_path_buf());
            }
        }
    }
    out.sort();
    out
}

#[test]
fn writes_the_bytes_generate_returns_and_nothing_else() {
    for rel in ["errors.yaml", "tests/fixtures/full/errors.yaml"] {
        let cat = load(rel);
        let settings = settings();
        let expected = write::generate(&cat, &settings);
        let dir = tempfile::tempdir().unwrap();
        let streamed = write::generate_and_write(dir.path(), &cat, &settings)
            .unwrap_or_else(|e| panic!("{rel}: {} failed: {}", e.failed.display(), e.error));
        let keys: Vec<PathBuf> = expected.keys().cloned().collect();
        assert_eq!(streamed.report.written, keys, "{rel}: written, in order");
        assert!(streamed.report.unchanged.is_empty());
        assert_eq!(
            streamed.produced.iter().cloned().collect::<Vec<_>>(),
            keys,
            "{rel}: produced"
        );
        assert_eq!(files_under(dir.path()), keys, "{rel}: files on disk");
        for (path, bytes) in &expected {
            let on_disk = std::fs::read(dir.path().join(path)).unwrap();
            assert!(on_disk == *bytes, "{rel}: {} differs", path.display());
        }
        // The TypeScript package ships the schema target's wire-error schema.
        let ts = settings.path(TargetId::TypeScript).unwrap();
        let schema = settings.path(TargetId::Schema).unwrap();
        assert_eq!(
            std::fs::read(dir.path().join(ts).join("wire-error.schema.json")).unwrap(),
            std::fs::read(dir.path().join(schema).join("wire-error.schema.json")).unwrap()
        );

        let again = write::generate_and_write(dir.path(), &cat, &settings).unwrap();
        assert!(
            again.report.written.is_empty(),
            "{rel}: rewrote unchanged files"
        );
        assert_eq!(again.report.unchanged, keys);
    }
}

#[test]
fn a_destination_that_cannot_be_written_is_named() {
    let cat = load("errors.yaml");
    let settings = settings();
    let dir = tempfile::tempdir().unwrap();
    // A file where the Python package's folder must go.
    let python = settings.path(TargetId::Python).unwrap().to_path_buf();
    std::fs::create_dir_all(dir.path().join(python.parent().unwrap())).unwrap();
    std::fs::write(dir.path().join(&python), "not a folder").unwrap();
    let err = write::generate_and_write(dir.path(), &cat, &settings)
        .expect_err("a file in the way of a folder cannot be written through");
    assert!(
        err.failed.starts_with(&python),
        "failed at {}, expected under {}",
        err.failed.display(),
        python.display()
    );
    assert!(!err.report.written.contains(&err.failed));
    // No temporary file is left beside what was written.
    for path in files_under(dir.path()) {
        let name = path.file_name().unwrap().to_string_lossy();
        assert!(!name.contains("errdex-tmp"), "left {}", path.display());
    }
}
