//! `usage.docs`: the Markdown reference lists, under each code, where the source code raises
//! it. The tree is `tests/usage-docs/` (Rust, TypeScript and Python files raising the
//! fixture's codes, a test file, a generated file), copied into a temporary folder — under
//! this repository every path has a `tests/` component, which makes every use a test.
//! Checked: the exact places (relative, `/`-separated, sorted, tests and generated files
//! left out), the rendered page (golden `tests/golden/usage-docs/frm.md`), the cap with
//! "and N more", that the same tree gives the same bytes, that without `usage.docs` the
//! docs are byte for byte those of the catalogue without the key, and that mdbook builds
//! the book without a warning.

#![allow(clippy::unwrap_used)]

mod md_support;
mod testkit;

use std::path::{Path, PathBuf};
use std::process::Command;

use errdex_codegen::Catalogue;
use errdex_codegen::support::raised_at::{Place, RaisedAt};
use errdex_codegen::usage;
use errdex_codegen::write::{self, Settings};

use md_support::*;

fn copy_tree(from: &Path, to: &Path) {
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let (src, dst) = (e.path(), to.join(e.file_name()));
        if src.is_dir() {
            std::fs::create_dir_all(&dst).unwrap();
            copy_tree(&src, &dst);
        } else {
            std::fs::copy(&src, &dst).unwrap();
        }
    }
}

/// The fixture tree in a temporary folder, with what the walk must skip added: a build
/// directory, a hidden one, a file `.gitignore` excludes.
fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&repo_root().join("tests/usage-docs"), dir.path());
    let add = |rel: &str, text: &str| {
        let p = dir.path().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    add("target/debug/x.rs", "Error::only_tested()\n");
    add("node_modules/m/index.js", "ErrorCode.ONLY_TESTED\n");
    add(".cache/x.py", "errors.only_tested()\n");
    add(".gitignore", "scratch.rs\n");
    add("src/scratch.rs", "Error::only_tested()\n");
    dir
}

fn catalogue(dir: &Path) -> Catalogue {
    load(&dir.join("errors.yaml"))
}

fn place(path: &str, line: u64, column: usize) -> Place {
    Place {
        path: path.into(),
        line,
        column,
    }
}

fn page(files: &[(String, String)]) -> &str {
    &files.iter().find(|(p, _)| p == "src/frm.md").unwrap().1
}

/// The places of the fixture tree: what its files raise, located by hand.
fn expected() -> RaisedAt {
    let mut want = RaisedAt::default();
    want.by_code.insert(
        "ACM-FRM-001".into(),
        vec![
            place("py/app.py", 8, 22),
            place("src/lib.rs", 5, 20),
            place("web/app.ts", 5, 33),
        ],
    );
    want.by_code.insert(
        "ACM-FRM-002".into(),
        vec![
            place("py/app.py", 12, 18),
            place("src/lib.rs", 12, 20),
            place("src/lib.rs", 13, 20),
            place("src/lib.rs", 19, 17),
            place("web/app.ts", 9, 21),
        ],
    );
    want.by_code
        .insert("ACM-FRM-003".into(), vec![place("py/app.py", 16, 22)]);
    want
}

#[test]
fn places_are_relative_sorted_and_leave_tests_and_generated_files_out() {
    let dir = tree();
    let cat = catalogue(dir.path());
    let raised = usage::raised_at(&cat, dir.path(), Vec::new()).expect("usage.docs is on");
    // ONLY_TESTED (ACM-FRM-004) is used only in tests, a generated file, and files the
    // walk skips: no places.
    assert_eq!(raised, expected());
    // The same places through a folder named with `.` and `..`.
    let odd = dir.path().join("src/../.");
    assert_eq!(usage::raised_at(&cat, &odd, Vec::new()), Some(expected()));
    // `paths` narrows the scan, and places stay relative to the catalogue's folder.
    let yaml = std::fs::read_to_string(dir.path().join("errors.yaml")).unwrap();
    let narrowed = yaml.replace(
        "    places: 3",
        "    places: 3\n    paths: [py, web/app.ts]",
    );
    std::fs::write(dir.path().join("errors.yaml"), narrowed).unwrap();
    let cat = catalogue(dir.path());
    let raised = usage::raised_at(&cat, dir.path(), Vec::new()).unwrap();
    let mut want = expected();
    for places in want.by_code.values_mut() {
        places.retain(|p| !p.path.starts_with("src/"));
    }
    assert_eq!(raised, want);
    // A catalogue in a subfolder that scans `..`: places start with `../`.
    std::fs::create_dir_all(dir.path().join("api")).unwrap();
    let up = yaml.replace("    places: 3", "    places: 3\n    paths: [../src]");
    std::fs::write(dir.path().join("api/errors.yaml"), up).unwrap();
    let cat = load(&dir.path().join("api/errors.yaml"));
    let raised = usage::raised_at(&cat, &dir.path().join("api"), Vec::new()).unwrap();
    assert_eq!(
        raised.places("ACM-FRM-002"),
        [
            place("../src/lib.rs", 12, 20),
            place("../src/lib.rs", 13, 20),
            place("../src/lib.rs", 19, 17)
        ]
    );
}

#[test]
fn each_code_lists_its_places_with_a_cap() {
    let dir = tree();
    let cat = catalogue(dir.path());
    let raised = usage::raised_at(&cat, dir.path(), Vec::new()).unwrap();
    let files = errdex_codegen::emit::markdown::emit_with(&cat, Some(&raised));
    let page = page(&files);
    testkit::golden::check_file(
        &repo_root().join("tests/golden/usage-docs/frm.md"),
        page,
        "the page of a code with its places changed",
    );
    for needle in [
        // Three places of ACM-FRM-001, in path order, each breakable after its `/`.
        "**Raised at:** 3 places (generated files and tests aside):\n\n- <code>py/<wbr>app.py:8:22</code>\n- <code>src/<wbr>lib.rs:5:20</code>\n- <code>web/<wbr>app.ts:5:33</code>\n",
        // Five of ACM-FRM-002, `places: 3` shows three.
        "**Raised at:** 5 places (generated files and tests aside):\n\n- <code>py/<wbr>app.py:12:18</code>\n- <code>src/<wbr>lib.rs:12:20</code>\n- <code>src/<wbr>lib.rs:13:20</code>\n- and 2 more\n",
        "**Raised at:** 1 place (generated files and tests aside):\n\n- <code>py/<wbr>app.py:16:22</code>\n",
        "**Raised at:** nowhere in the scanned source code (generated files and tests aside).\n",
    ] {
        assert!(page.contains(needle), "{needle}\nnot in\n{page}");
    }
    // One paragraph per code, under its own section.
    assert_eq!(page.matches("**Raised at:**").count(), cat.errors.len());
}

/// A book with a page per code: each code's page has its "Raised at" section, with the
/// same places.
#[test]
fn a_page_per_code_lists_its_places() {
    let dir = tree();
    let yaml = std::fs::read_to_string(dir.path().join("errors.yaml")).unwrap();
    std::fs::write(
        dir.path().join("errors.yaml"),
        format!("{yaml}\ndocs:\n  layout: namespace/code\n"),
    )
    .unwrap();
    let cat = catalogue(dir.path());
    let raised = usage::raised_at(&cat, dir.path(), Vec::new()).unwrap();
    let files = errdex_codegen::emit::markdown::emit_with(&cat, Some(&raised));
    let code_page = |code: &str| {
        let path = format!("src/frm/{}.md", errdex_codegen::names::slug(code));
        files
            .iter()
            .find(|(p, _)| *p == path)
            .map(|(_, t)| t.as_str())
            .unwrap_or_else(|| panic!("{path}"))
    };
    let page = code_page("ACM-FRM-002");
    assert!(
        page.contains("## Raised at {#errdex.raised-at}\n\n5 places (generated files and tests aside):\n\n- <code>py/<wbr>app.py:12:18</code>\n- <code>src/<wbr>lib.rs:12:20</code>\n- <code>src/<wbr>lib.rs:13:20</code>\n- and 2 more\n"),
        "{page}"
    );
    assert!(
        code_page("ACM-FRM-004")
            .contains("## Raised at {#errdex.raised-at}\n\nnowhere in the scanned source code")
    );
    // Without the scan, no such section.
    let plain = errdex_codegen::emit::markdown::emit(&cat);
    assert!(plain.iter().all(|(_, t)| !t.contains("Raised at")));
}

#[test]
fn the_same_tree_gives_the_same_bytes() {
    let a = tree();
    let b = tree();
    let docs = |dir: &Path| {
        let cat = catalogue(dir);
        let settings = Settings {
            raised_at: usage::raised_at(&cat, dir, Vec::new()),
            ..Settings::default()
        };
        write::generate(&cat, &settings)
    };
    let first = docs(a.path());
    assert_eq!(first, docs(a.path()), "twice in one folder");
    assert_eq!(first, docs(b.path()), "in two folders");
    let page = String::from_utf8(first[&PathBuf::from("docs-site/src/frm.md")].clone()).unwrap();
    assert!(page.contains("<code>src/<wbr>lib.rs:5:20</code>"), "{page}");
    assert!(
        !page.contains(&a.path().display().to_string()),
        "no absolute path: {page}"
    );
}

#[test]
fn off_by_default_the_docs_are_unchanged() {
    let dir = tree();
    let cat = catalogue(dir.path());
    let yaml = std::fs::read_to_string(dir.path().join("errors.yaml")).unwrap();
    let without = yaml.replace("usage:\n  docs:\n    places: 3\n", "");
    assert_ne!(without, yaml);
    let plain = errdex_codegen::load_str(&without, "errors.yaml")
        .catalogue
        .unwrap();
    assert_eq!(plain.usage.docs, None);
    assert_eq!(
        usage::raised_at(&plain, dir.path(), Vec::new()),
        None,
        "nothing to scan"
    );
    // Without places the docs are `emit`'s, whatever `usage.docs` says; with `docs: false`
    // the catalogue is the one without the key.
    let docs = |cat: &Catalogue| write::generate(cat, &Settings::default());
    assert_eq!(docs(&cat), docs(&plain));
    assert_eq!(
        errdex_codegen::emit::markdown::emit_with(&plain, None),
        errdex_codegen::emit::markdown::emit(&plain)
    );
    let off = yaml.replace("  docs:\n    places: 3\n", "  docs: false\n");
    let off = errdex_codegen::load_str(&off, "errors.yaml")
        .catalogue
        .unwrap();
    assert_eq!(off.usage.docs, None);
    assert!(!page(&errdex_codegen::emit::markdown::emit(&cat)).contains("Raised at"));
}

#[test]
fn the_book_builds_without_warnings() {
    let Some(mdbook) = mdbook() else { return };
    let dir = tree();
    let cat = catalogue(dir.path());
    let raised = usage::raised_at(&cat, dir.path(), Vec::new()).unwrap();
    let book = tempfile::tempdir().unwrap();
    for (rel, text) in errdex_codegen::emit::markdown::emit_with(&cat, Some(&raised)) {
        let p = book.path().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    let out = Command::new(&mdbook)
        .arg("build")
        .arg(book.path())
        .env("NO_COLOR", "1")
        .env_remove("RUST_LOG")
        .output()
        .unwrap();
    let log = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{log}");
    assert!(
        !log.lines().any(|l| l.contains("WARN")
            || l.contains("ERROR")
            || l.to_lowercase().contains("warning")),
        "{log}"
    );
    let html = std::fs::read_to_string(book.path().join("book/frm.html")).unwrap();
    assert!(
        html.contains("<li><code>src/<wbr>lib.rs:12:20</code></li>"),
        "the places are a list of code spans:\n{html}"
    );
    assert!(html.contains("<li>and 2 more</li>"));
}
