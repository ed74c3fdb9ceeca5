//! Builds the Markdown reference of every catalogue in the repository (errdex's own and
//! each fixture, in every layout) with the real mdbook: the build must succeed without a
//! single warning, every code's section (or page) must carry its anchor exactly once in the
//! built HTML, and every redirect of `book.toml` must be built: a redirect page to its
//! target, or on a live page an entry of the fragment map mdBook puts there.
//! Skips when mdbook is absent, except under CI (`.ci/steps/30-mdbook.sh` installs it).

#![allow(clippy::unwrap_used)]

mod md_support;
mod testkit;

use std::process::Command;

use errdex_codegen::support::book;
use md_support::*;

/// Writes `cat`'s book into a temporary folder and builds it with mdbook (which must
/// succeed): the folder (kept alive by the caller), the built book's folder, mdbook's log.
fn build(
    mdbook: &std::path::Path,
    cat: &errdex_codegen::Catalogue,
    case: &str,
) -> (tempfile::TempDir, std::path::PathBuf, String) {
    let dir = tempfile::tempdir().unwrap();
    for (rel, text) in errdex_codegen::emit::markdown::emit(cat) {
        let p = dir.path().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    let out_dir = dir.path().join("book");
    let out = Command::new(mdbook)
        .arg("build")
        .arg(dir.path())
        .arg("--dest-dir")
        .arg(&out_dir)
        .env("NO_COLOR", "1")
        .env_remove("RUST_LOG")
        .output()
        .unwrap();
    let log = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{case}: mdbook build failed:\n{log}");
    (dir, out_dir, log)
}

#[test]
fn every_catalogue_builds_without_warnings() {
    let Some(mdbook) = mdbook() else { return };
    let mut redirects = 0;
    for (case, cat) in all_catalogues_in_every_layout() {
        let (_dir, out_dir, log) = build(&mdbook, &cat, &case);
        let bad: Vec<&str> = log
            .lines()
            .filter(|l| {
                l.contains("WARN") || l.contains("ERROR") || l.to_lowercase().contains("warning")
            })
            .collect();
        assert!(bad.is_empty(), "{case}: mdbook reported problems:\n{log}");

        for e in &cat.errors {
            let page = book::address(&cat, e).page;
            let html = std::fs::read_to_string(out_dir.join(format!("{page}.html")))
                .unwrap_or_else(|err| panic!("{case}: {page}.html: {err}"));
            let id = format!("id=\"{}\"", e.anchor);
            assert_eq!(
                html.matches(&id).count(),
                1,
                "{case}: {} must have exactly one element with {id} on {page}.html",
                e.code
            );
            if !e.docs_url.contains("://")
                && !e.docs_url.contains("..")
                && !e.docs_url.contains('?')
            {
                // A docs URL into this book: the page exists and holds the anchor.
                assert_eq!(
                    e.docs_url,
                    book::address(&cat, e).key(),
                    "{case}: {}",
                    e.code
                );
            }
            // Catalogue text never becomes markup: no script element appears anywhere.
            assert!(
                !html.contains("<script>alert"),
                "{case}: injected script on {page}.html"
            );
        }
        for (from, to) in book::redirect_map(&cat) {
            redirects += 1;
            let (file, fragment) = from
                .trim_start_matches('/')
                .split_once('#')
                .map_or((from.trim_start_matches('/'), None), |(f, g)| (f, Some(g)));
            let html = std::fs::read_to_string(out_dir.join(file))
                .unwrap_or_else(|err| panic!("{case}: redirect from {from}: {file}: {err}"));
            let json = |s: &str| serde_json::to_string(s).unwrap();
            match fragment {
                // mdBook's fragment map, on the live page or the redirect page.
                Some(f) => assert!(
                    html.contains(&format!("{}:{}", json(&format!("#{f}")), json(&to))),
                    "{case}: {from} → {to} is not in {file}'s fragment map"
                ),
                None => assert!(
                    html.contains(&format!("content=\"0; URL={to}\"")),
                    "{case}: {file} is not a redirect to {to}"
                ),
            }
        }
        for r in &cat.retired {
            let html = std::fs::read_to_string(out_dir.join("retired.html")).unwrap();
            assert!(
                html.contains(&format!("id=\"{}\"", r.anchor)),
                "{case}: retired {}",
                r.code
            );
        }
    }
    assert!(redirects >= 20, "only {redirects} redirects checked");
}

/// A compact book (`COMPACT_ABOVE_CODES` + 1 codes) built by the real mdbook: no warning,
/// every code's anchor on its namespace page, and a search index that holds the page of
/// every code, one document per code, and none of the namespace pages' text.
#[test]
fn a_compact_book_indexes_only_the_page_of_every_code() {
    let Some(mdbook) = mdbook() else { return };
    let n = errdex_codegen::support::pretty_json::COMPACT_ABOVE_CODES + 1;
    let cat = large_catalogue(n);
    assert!(book::compact_book(&cat));
    let (_dir, out_dir, log) = build(&mdbook, &cat, "large");
    assert!(
        !log.contains("WARN") && !log.contains("ERROR"),
        "mdbook reported problems:\n{log}"
    );
    assert!(!out_dir.join("print.html").exists(), "no print page");
    for slug in book::namespace_pages(&cat) {
        let html = std::fs::read_to_string(out_dir.join(format!("{slug}.html"))).unwrap();
        for e in cat.errors.iter().filter(|e| cat.page_slug(e) == slug) {
            assert_eq!(
                html.matches(&format!("id=\"{}\"", e.anchor)).count(),
                1,
                "{}",
                e.code
            );
        }
    }

    let index = search_index(&out_dir);
    let urls: Vec<&str> = index["doc_urls"]
        .as_array()
        .expect("doc_urls")
        .iter()
        .map(|u| u.as_str().unwrap())
        .collect();
    let page_of = |u: &str| u.split('#').next().unwrap().to_string();
    let codes_html = format!("{}.html", book::CODES_PAGE);
    for e in &cat.errors {
        let want = book::search_address(&cat, e).key();
        assert_eq!(want, format!("{codes_html}#{}", e.anchor));
        assert!(
            urls.contains(&want.as_str()),
            "{} is not a search document",
            e.code
        );
    }
    let on_codes = urls.iter().filter(|u| page_of(u) == codes_html).count();
    assert_eq!(
        on_codes,
        n + 1,
        "the page's title and one document per code"
    );
    for slug in book::namespace_pages(&cat) {
        let page = format!("{slug}.html");
        assert!(
            !urls.iter().any(|u| page_of(u) == page),
            "{page} is in the search index"
        );
    }
    // Nor any of their text: a message, a suggestion and a wire payload are on the
    // namespace pages only; a summary is on the page of every code too.
    let text = index.to_string();
    assert!(
        text.contains("Check 7 of x failed"),
        "summaries are searchable"
    );
    for absent in ["failed 7 with", "Fix {field}", "\\\"count\\\":42"] {
        assert!(!text.contains(absent), "{absent} is in the search index");
    }
}

/// The search index mdBook wrote (`searchindex.json`, or the JSON inside
/// `searchindex*.js`).
fn search_index(book: &std::path::Path) -> serde_json::Value {
    let json = book.join("searchindex.json");
    if let Ok(text) = std::fs::read_to_string(&json) {
        return serde_json::from_str(&text).unwrap();
    }
    let js = std::fs::read_dir(book)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("searchindex") && n.ends_with(".js"))
        })
        .expect("a search index");
    let text = std::fs::read_to_string(js).unwrap();
    let start = text.find("JSON.parse('").expect("JSON.parse('") + "JSON.parse('".len();
    let end = text.rfind("')").unwrap();
    // A single-quoted JS string: mdBook escapes `'` and `\` in it.
    let raw = text[start..end].replace("\\'", "'").replace("\\\\", "\\");
    serde_json::from_str(&raw).unwrap()
}
