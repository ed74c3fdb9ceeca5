//! The committed reference books (`docs-site/` and each `examples/*/docs-site/`), and the
//! books of the fixtures with a page per code (`tests/fixtures/ably/`, Ably's registry at its
//! real addresses, and `tests/fixtures/pages/`, every kind of redirect), built with the real
//! mdbook and opened in headless Chromium (`tools/node/check-books.mjs`, through
//! playwright-core) at 1280 and 1920 px: no page overflows mdBook's content column (every
//! table's right edge inside `main`), no sidebar link is cut off; and, at 1280 px (where a
//! link lands does not depend on the width), each code's docs URL, mapped from
//! `registry.docs_site_url` onto the local book, lands on that code's heading, and each
//! redirect of the book, opened at its old address, ends on its code (or tombstone).
//! Screenshots (JPEG) of every page at both widths, and of each redirect's landing, go to
//! `target/browser-artifacts/<book>/`.
//!
//! Skips, saying why, when mdbook, node, playwright-core (`.ci/steps/20-node.sh`) or Chromium
//! (`.ci/steps/35-browser.sh`) is absent — except under CI, where they are installed and a
//! missing one fails the test.

#![allow(clippy::unwrap_used)]

mod md_support;
mod testkit;

use std::path::{Path, PathBuf};
use std::process::Command;

use errdex_codegen::support::book;
use md_support::*;

fn chromium() -> PathBuf {
    std::env::var_os("ERRDEX_CHROMIUM")
        .map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from)
}

/// node, playwright-core and Chromium, or why the browser check cannot run here.
fn browser_tools(root: &Path) -> Result<(), String> {
    testkit::tool::program("node")?;
    testkit::tool::file(
        root.join("tools/node/node_modules/playwright-core/package.json"),
        "bash .ci/steps/20-node.sh",
    )?;
    testkit::tool::file(
        chromium(),
        "bash .ci/steps/35-browser.sh (apt-get install chromium)",
    )?;
    Ok(())
}

#[test]
fn books_fit_the_column_and_links_land_in_chromium() {
    let root = repo_root();
    let Some(()) =
        testkit::tool::require_tool("browser check of the docs sites", browser_tools(&root))
    else {
        return;
    };
    let Some(mdbook) = mdbook() else { return };
    let work = tempfile::tempdir().unwrap();
    let mut books = Vec::new();
    let mut catalogues = vec![(
        "errdex".to_string(),
        root.join("errors.yaml"),
        root.join("docs-site"),
    )];
    let mut examples: Vec<PathBuf> = std::fs::read_dir(root.join("examples"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("errors.yaml").exists())
        .collect();
    examples.sort();
    for ex in examples {
        let name = ex.file_name().unwrap().to_string_lossy().into_owned();
        catalogues.push((name, ex.join("errors.yaml"), ex.join("docs-site")));
    }
    // The fixtures with a page per code: their books are generated here.
    for case in ["ably", "pages"] {
        let yaml = root.join("tests/fixtures").join(case).join("errors.yaml");
        let src = work.path().join(format!("{case}-src"));
        for (rel, text) in errdex_codegen::emit::markdown::emit(&load(&yaml)) {
            let p = src.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        catalogues.push((case.to_string(), yaml, src));
    }
    // `ERRDEX_BOOKS=ably,pages` checks only those books (a quicker loop while working on
    // the docs; the thresholds below then do not apply).
    let only: Option<Vec<String>> = std::env::var("ERRDEX_BOOKS")
        .ok()
        .map(|v| v.split(',').map(str::to_string).collect());
    if let Some(only) = &only {
        catalogues.retain(|(name, _, _)| only.contains(name));
    }
    let mut links = 0;
    let mut redirects = 0;
    for (name, yaml, src) in &catalogues {
        let cat = load(yaml);
        let out = work.path().join(name);
        let built = Command::new(&mdbook)
            .arg("build")
            .arg(src)
            .arg("--dest-dir")
            .arg(&out)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        assert!(
            built.status.success(),
            "{name}: mdbook build failed: {}",
            String::from_utf8_lossy(&built.stderr)
        );
        let site = cat.registry.docs_site_url.as_deref();
        let codes: Vec<serde_json::Value> = cat
            .errors
            .iter()
            .map(|e| {
                // The docs URL as a client receives it, mapped onto the local book.
                let (page, fragment) = match site {
                    Some(site) => errdex_codegen::names::book_target(&e.docs_url, site)
                        .unwrap_or_else(|| {
                            panic!("{name}: {} ({}) is not under {site}", e.code, e.docs_url)
                        }),
                    None => {
                        let (path, fragment) =
                            e.docs_url.split_once('#').unwrap_or((&e.docs_url, ""));
                        (path.strip_suffix(".html").unwrap(), fragment)
                    }
                };
                serde_json::json!({
                    "code": e.code, "url": e.docs_url,
                    "page": format!("{page}.html"), "fragment": fragment,
                })
            })
            .collect();
        links += codes.len();
        // Each redirect (as mdBook writes them: each source once, none the loader refuses),
        // with where it must end.
        let all = book::redirects(&cat);
        let refused: Vec<usize> = book::conflicts(&cat, &all)
            .into_iter()
            .map(|(i, _)| i)
            .collect();
        let mut seen = std::collections::BTreeSet::new();
        let redirect_list: Vec<serde_json::Value> = all
            .iter()
            .enumerate()
            .filter(|(i, r)| !refused.contains(i) && seen.insert(r.from.clone()))
            .map(|(_, r)| {
                let code = cat
                    .errors
                    .iter()
                    .find(|e| book::address(&cat, e) == r.to)
                    .map(|e| e.code.clone());
                serde_json::json!({
                    "from": r.from, "page": format!("{}.html", r.to.page),
                    "fragment": r.to.fragment.clone().unwrap_or_default(),
                    "code": code, "tombstone": r.to.page == book::RETIRED_PAGE,
                })
            })
            .collect();
        redirects += redirect_list.len();
        books.push(serde_json::json!({ "name": name, "dir": out, "codes": codes, "redirects": redirect_list }));
    }
    let manifest = work.path().join("books.json");
    std::fs::write(&manifest, serde_json::json!({ "books": books }).to_string()).unwrap();
    let artifacts = root.join("target/browser-artifacts");
    let _ = std::fs::remove_dir_all(&artifacts);
    let run = Command::new("node")
        .arg(root.join("tools/node/check-books.mjs"))
        .arg(&manifest)
        .arg(&artifacts)
        .output()
        .unwrap();
    let log = format!(
        "{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
    println!("{log}");
    assert!(run.status.success(), "browser check failed:\n{log}");
    if only.is_none() {
        assert!(links > 100, "only {links} code links checked");
        assert!(redirects >= 10, "only {redirects} redirects checked");
    }
    println!("screenshots: {}", artifacts.display());
}
