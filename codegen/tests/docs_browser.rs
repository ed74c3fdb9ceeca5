//! The committed reference books (`docs-site/` and each `examples/*/docs-site/`) built with
//! the real mdbook and opened in headless Chromium (`tools/node/check-books.mjs`, through
//! playwright-core) at 1280 and 1920 px: no page overflows mdBook's content column (every
//! table's right edge inside `main`), and each code's docs URL, mapped from
//! `registry.docs_site_url` onto the local book, lands on that code's heading.
//! Screenshots of every page at both widths go to `target/browser-artifacts/<book>/`.
//!
//! Skips, saying why, when mdbook, node, playwright-core (`.ci/steps/20-node.sh`) or Chromium
//! (`.ci/steps/35-browser.sh`) is absent — except under CI, where they are installed and a
//! missing one fails the test.

#![allow(clippy::unwrap_used)]

mod md_support;
mod testkit;

use std::path::{Path, PathBuf};
use std::process::Command;

use md_support::*;

fn chromium() -> PathBuf {
    std::env::var_os("ERRDEX_CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from)
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
    let mut catalogues = vec![("errdex".to_string(), root.join("errors.yaml"), root.join("docs-site"))];
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
    let mut links = 0;
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
        assert!(built.status.success(), "{name}: mdbook build failed: {}", String::from_utf8_lossy(&built.stderr));
        let site = cat.registry.docs_site_url.as_deref();
        let codes: Vec<serde_json::Value> = cat
            .errors
            .iter()
            .map(|e| {
                // The docs URL as a client receives it, mapped onto the local book.
                let (page, fragment) = match site {
                    Some(site) => errdex_codegen::names::book_target(&e.docs_url, site)
                        .unwrap_or_else(|| panic!("{name}: {} ({}) is not under {site}", e.code, e.docs_url)),
                    None => e.docs_url.split_once(".html#").unwrap(),
                };
                serde_json::json!({
                    "code": e.code, "url": e.docs_url,
                    "page": format!("{page}.html"), "fragment": fragment,
                })
            })
            .collect();
        links += codes.len();
        books.push(serde_json::json!({ "name": name, "dir": out, "codes": codes }));
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
    let log = format!("{}{}", String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr));
    println!("{log}");
    assert!(run.status.success(), "browser check failed:\n{log}");
    assert!(links > 100, "only {links} code links checked");
    println!("screenshots: {}", artifacts.display());
}
