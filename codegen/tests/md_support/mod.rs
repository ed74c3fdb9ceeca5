//! Shared helpers of the Markdown and explain tests: fixtures and mdbook. A test that
//! includes this module declares `mod testkit;` too.
#![allow(dead_code, clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use errdex_codegen::Catalogue;

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Loads a catalogue that must be valid; `source_name` is the file name, as `generate`
/// writes it into headers.
pub fn load(path: &Path) -> Catalogue {
    let src = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let loaded = errdex_codegen::load_str(&src, "errors.yaml");
    loaded.catalogue.unwrap_or_else(|| {
        panic!(
            "{} does not load: {:#?}",
            path.display(),
            loaded.diagnostics
        )
    })
}

/// Every valid catalogue of the repository: errdex's own and each `tests/fixtures/<case>/`
/// that loads without errors. (case name, catalogue)
pub fn all_catalogues() -> Vec<(String, Catalogue)> {
    let root = repo_root();
    let mut out = vec![("errdex".to_string(), load(&root.join("errors.yaml")))];
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("tests/fixtures"))
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    dirs.sort();
    for d in dirs {
        let file = d.join("errors.yaml");
        let Ok(src) = std::fs::read_to_string(&file) else {
            continue;
        };
        if let Some(cat) = errdex_codegen::load_str(&src, "errors.yaml").catalogue {
            out.push((d.file_name().unwrap().to_string_lossy().into_owned(), cat));
        }
    }
    out
}

/// The mdbook binary: on PATH or in ~/.cargo/bin (`.ci/steps/30-mdbook.sh` installs it).
/// `None` (skip, with the reason printed) when absent; under CI a missing mdbook fails.
pub fn mdbook() -> Option<PathBuf> {
    let mut candidates = vec![PathBuf::from("mdbook")];
    if let Some(home) = std::env::var_os("HOME") {
        candidates.push(Path::new(&home).join(".cargo/bin/mdbook"));
    }
    let found = candidates
        .iter()
        .find_map(|c| crate::testkit::tool::program(c).ok())
        .ok_or_else(|| {
            "mdbook is neither on PATH nor in ~/.cargo/bin (run `bash .ci/steps/30-mdbook.sh` \
             or `cargo install --locked mdbook --version '^0.5'`)"
                .to_string()
        });
    crate::testkit::tool::require_tool("mdbook builds", found)
}
