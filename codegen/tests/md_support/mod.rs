//! Shared helpers of the Markdown and explain tests: fixtures, goldens, mdbook.
#![allow(dead_code, clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use errdex_codegen::Catalogue;
use errdex_codegen::ir::DocsLayout;
use errdex_codegen::names;
use errdex_codegen::support::book;

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

/// `cat` laid out as `layout`: default docs URLs follow it (what the loader would give the
/// catalogue with `docs: {layout: …}`). `None` when its pages would collide (the loader
/// refuses that, EDX0607) or a redirect would overwrite a page (EDX0608).
pub fn in_layout(cat: &Catalogue, layout: DocsLayout) -> Option<Catalogue> {
    let mut c = cat.clone();
    c.docs.layout = layout;
    // The loader's default for a catalogue that names its layout only.
    c.docs.redirects = cat.docs.redirects || layout.per_code();
    let site = cat.registry.docs_site_url.as_deref();
    for e in &mut c.errors {
        let ns = cat.page_slug(e).to_string();
        if e.docs_url == names::docs_url(None, site, cat.docs.layout, &ns, &e.anchor, "", "") {
            e.docs_url = names::docs_url(None, site, layout, &ns, &e.anchor, "", "");
        }
    }
    let pages = book::pages(&c);
    let unique: std::collections::BTreeSet<&str> = pages.iter().map(|p| p.path.as_str()).collect();
    let redirects = book::redirects(&c);
    (unique.len() == pages.len() && book::conflicts(&c, &redirects).is_empty()).then_some(c)
}

/// Every catalogue of [`all_catalogues`] in its own layout, then in each other layout whose
/// pages do not collide: (case, catalogue).
pub fn all_catalogues_in_every_layout() -> Vec<(String, Catalogue)> {
    let mut out = Vec::new();
    for (case, cat) in all_catalogues() {
        for layout in DocsLayout::ALL.into_iter().filter(|l| *l != cat.docs.layout) {
            if let Some(c) = in_layout(&cat, layout) {
                out.push((format!("{case} ({})", layout.as_str()), c));
            }
        }
        out.push((case, cat));
    }
    out
}

pub fn updating() -> bool {
    std::env::var_os("UPDATE_EXPECT").is_some_and(|v| v == "1")
}

/// Compares `files` (relative path → text) with the golden directory `dir`: same set of
/// files, same bytes. With UPDATE_EXPECT=1 the directory is rewritten instead.
pub fn check_golden_dir(dir: &Path, files: &[(String, String)]) {
    if updating() {
        let _ = std::fs::remove_dir_all(dir);
        for (rel, text) in files {
            let p = dir.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, text).unwrap();
        }
        return;
    }
    let mut failures = Vec::new();
    let mut expected_files = Vec::new();
    collect_files(dir, dir, &mut expected_files);
    expected_files.sort();
    let mut actual: Vec<String> = files.iter().map(|(r, _)| r.clone()).collect();
    actual.sort();
    if expected_files != actual {
        failures.push(format!(
            "file set differs: golden {expected_files:?}, generated {actual:?}"
        ));
    }
    for (rel, text) in files {
        let want = std::fs::read_to_string(dir.join(rel)).unwrap_or_default();
        if &want != text {
            let diff = similar::TextDiff::from_lines(&want, text)
                .unified_diff()
                .header(&format!("golden/{rel}"), &format!("generated/{rel}"))
                .to_string();
            failures.push(diff);
        }
    }
    assert!(
        failures.is_empty(),
        "{} differs from the generated output (UPDATE_EXPECT=1 rewrites it):\n{}",
        dir.display(),
        failures.join("\n")
    );
}

/// Compares one golden file.
pub fn check_golden_file(path: &Path, text: &str) {
    if updating() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(path).unwrap_or_default();
    if want != text {
        let diff = similar::TextDiff::from_lines(&want, text)
            .unified_diff()
            .to_string();
        panic!(
            "{} differs (UPDATE_EXPECT=1 rewrites it):\n{diff}",
            path.display()
        );
    }
}

fn collect_files(base: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect_files(base, &p, out);
        } else {
            out.push(
                p.strip_prefix(base)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/"),
            );
        }
    }
}

/// The mdbook binary: on PATH or in ~/.cargo/bin. `None` (skip) when absent, except under
/// CI, where a missing mdbook fails the test.
pub fn mdbook() -> Option<PathBuf> {
    let mut candidates = vec![PathBuf::from("mdbook")];
    if let Some(home) = std::env::var_os("HOME") {
        candidates.push(Path::new(&home).join(".cargo/bin/mdbook"));
    }
    for c in candidates {
        if std::process::Command::new(&c)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
        {
            return Some(c);
        }
    }
    if std::env::var_os("CI").is_some() {
        panic!("mdbook is required under CI (.ci/steps/30-mdbook.sh installs it)");
    }
    eprintln!("SKIP: mdbook not found (install with `cargo install --locked mdbook`)");
    None
}
