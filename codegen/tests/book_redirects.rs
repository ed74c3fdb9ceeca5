//! The book's redirects (`docs.redirects`, `docs.moved`, a former layout) and the places
//! they could clash with a live page or section, read from loaded catalogues
//! (`errdex_codegen::support::book`).

use errdex_codegen::Catalogue;
use errdex_codegen::load_str;
use errdex_codegen::support::book::{Conflict, PageKind, conflicts, redirect_map, redirects};

fn cat(layout: &str, extra: &str) -> Catalogue {
    let src = format!(
        "errdex: 1\nregistry: {{name: acme}}\ncategories:\n  c: {{summary: C}}\nnamespaces:\n  FRM: {{title: Forms, code_prefix: ACM-FRM-}}\n  CFG: {{title: Config, code_prefix: ACM-CFG-}}\nerrors:\n  FRM_A: {{code: ACM-FRM-001, namespace: FRM, category: c, summary: S, legacy_codes: [ACM-CFG-009, ACM-FRM-OLD]}}\n  plain: {{category: c, summary: S, aliases: [old_plain]}}\nretired:\n  ACM-FRM-002: {{replaced_by: FRM_A}}\n  ACM-CFG-003: {{}}\ndocs:\n  layout: {layout}\n{extra}"
    );
    let l = load_str(&src, "e.yaml");
    l.catalogue
        .unwrap_or_else(|| panic!("{:#?}", l.diagnostics))
}

#[test]
fn per_code_redirects() {
    let c = cat("code", "");
    assert_eq!(
        redirect_map(&c),
        [
            ("/acm-cfg-003.html", "retired.html#acm-cfg-003"),
            ("/acm-cfg-009.html", "acm-frm-001.html"),
            ("/acm-frm-002.html", "acm-frm-001.html"),
            ("/acm-frm-old.html", "acm-frm-001.html"),
            ("/old_plain.html", "plain.html"),
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()))
    );
    let c = cat("namespace/code", "  former_layout: namespace\n");
    let map = redirect_map(&c);
    let get = |k: &str| map.iter().find(|(a, _)| a == k).map(|(_, b)| b.as_str());
    assert_eq!(
        get("/cfg/acm-cfg-009.html"),
        Some("../frm/acm-frm-001.html")
    );
    assert_eq!(get("/frm.html#acm-frm-001"), Some("frm/acm-frm-001.html"));
    assert_eq!(get("/general.html#plain"), Some("general/plain.html"));
    assert_eq!(
        get("/cfg/acm-cfg-003.html"),
        Some("../retired.html#acm-cfg-003")
    );
    assert!(conflicts(&c, &redirects(&c)).is_empty());
}

#[test]
fn namespace_layout_redirects_only_when_asked() {
    assert!(redirect_map(&cat("namespace", "")).is_empty());
    let c = cat(
        "namespace",
        "  redirects: true\n  moved: {old.html#x: plain, gone: FRM_A}\n",
    );
    let map = redirect_map(&c);
    let get = |k: &str| map.iter().find(|(a, _)| a == k).map(|(_, b)| b.as_str());
    assert_eq!(get("/frm.html#acm-frm-old"), Some("frm.html#acm-frm-001"));
    assert_eq!(get("/cfg.html#acm-cfg-009"), Some("frm.html#acm-frm-001"));
    assert_eq!(get("/old.html#x"), Some("general.html#plain"));
    // A page with fragment redirects only gets a default.
    assert_eq!(get("/old.html"), Some("general.html"));
    assert_eq!(get("/gone.html"), Some("frm.html#acm-frm-001"));
}

#[test]
fn conflicts_are_found() {
    // The loader refuses these (EDX0608): set them on a loaded catalogue.
    let moved = |c: &mut Catalogue, paths: &[&str]| {
        c.docs.moved = paths.iter().map(|p| (p.to_string(), 1)).collect();
    };
    let mut c = cat("code", "");
    moved(
        &mut c,
        &[
            "index.html",
            "frm.html",
            "acm-frm-001.html",
            "x.html",
            "x.html",
        ],
    );
    let found: Vec<Conflict> = conflicts(&c, &redirects(&c))
        .into_iter()
        .map(|(_, c)| c)
        .collect();
    assert!(
        matches!(&found[0], Conflict::Page(p) if p.kind == PageKind::Index),
        "{found:?}"
    );
    assert!(
        matches!(&found[1], Conflict::Page(p) if p.kind == PageKind::Namespace),
        "{found:?}"
    );
    assert!(
        matches!(&found[2], Conflict::Page(p) if p.kind == PageKind::Code(0)),
        "{found:?}"
    );
    assert_eq!(
        found.len(),
        3,
        "the same redirect twice is no conflict: {found:?}"
    );
    let mut c = cat("namespace", "");
    moved(
        &mut c,
        &[
            "frm.html#acm-frm-001",
            "retired.html#acm-frm-002",
            "frm.html#other",
        ],
    );
    let found: Vec<Conflict> = conflicts(&c, &redirects(&c))
        .into_iter()
        .map(|(_, c)| c)
        .collect();
    assert_eq!(found, [Conflict::Section(0), Conflict::Tombstone(0)]);
}
