//! `docs.layout` and the docs URL templates that fit it (EDX0603, EDX0606): every template
//! shape a layout generates lints clean in that layout, and misses in the others with help
//! that names the layout it fits; a template that fits no layout is EDX0606. A code's
//! default docs URL follows the layout.

use errdex_codegen::diag::{DiagCode, Diagnostic};
use errdex_codegen::load_str;

const SITE: &str = "https://docs.acme.dev/errors/";

/// A catalogue with a namespaced code and one without a namespace, the template and the
/// layout given.
fn catalogue(template: Option<&str>, layout: &str) -> String {
    let template = template.map_or(String::new(), |t| format!("  docs_url: \"{SITE}{t}\"\n"));
    format!(
        "errdex: 1\nregistry:\n  name: acme\n  docs_site_url: {SITE}\n{template}docs:\n  layout: {layout}\ncategories:\n  c: {{summary: C}}\nnamespaces:\n  FRM: {{title: Forms}}\nerrors:\n  FRM_A: {{code: ACM-FRM-001, namespace: FRM, category: c, summary: S}}\n  PLAIN: {{code: ACM-X-1, category: c, summary: S}}\n"
    )
}

/// The docs URL of each code of `src`, which must load without any diagnostic.
fn urls(src: &str) -> Vec<String> {
    let loaded = load_str(src, "errors.yaml");
    assert_eq!(codes(src), [], "{:#?}", loaded.diagnostics);
    let cat = loaded.catalogue.expect("loads");
    cat.errors.iter().map(|e| e.docs_url.clone()).collect()
}

/// The first diagnostic `code` of `src` (the test fails without one), and whether `src`
/// still gave a catalogue.
fn first(src: &str, code: DiagCode) -> (Diagnostic, bool) {
    let loaded = load_str(src, "errors.yaml");
    let valid = loaded.catalogue.is_some();
    let all = format!("{:#?}", loaded.diagnostics);
    let d = loaded
        .diagnostics
        .into_iter()
        .find(|d| d.code == code)
        .unwrap_or_else(|| panic!("no {code:?} in {all}"));
    (d, valid)
}

fn codes(src: &str) -> Vec<DiagCode> {
    load_str(src, "errors.yaml")
        .diagnostics
        .iter()
        .map(|d| d.code)
        .collect()
}

/// Each layout with the template shapes that fit it (pretty URLs as static hosts serve them,
/// the `.html` page, a code's page named with its anchor).
const FITS: [(&str, &[&str]); 3] = [
    (
        "namespace",
        &["{namespace}.html#{code}", "{namespace}#{code}"],
    ),
    ("code", &["{code}", "{code}.html", "{code}.html#{code}"]),
    (
        "namespace/code",
        &[
            "{namespace}/{code}",
            "{namespace}/{code}.html",
            "{namespace}/{code}#{code}",
        ],
    ),
];

#[test]
fn every_layout_accepts_the_templates_it_generates_and_names_the_one_that_fits() {
    for (layout, templates) in FITS {
        for t in templates {
            assert_eq!(codes(&catalogue(Some(t), layout)), [], "{t} in {layout}");
            for (other, _) in FITS.iter().filter(|(l, _)| *l != layout) {
                let loaded = load_str(&catalogue(Some(t), other), "errors.yaml");
                let d = &loaded.diagnostics;
                assert_eq!(d.len(), 1, "{t} in {other}: {d:#?}");
                assert_eq!(d[0].code, DiagCode::DocsUrlOffSite, "{t} in {other}");
                let help = d[0].help.as_deref().unwrap_or("");
                assert!(
                    help.contains(&format!("set `docs: {{layout: {layout}}}`")),
                    "{t} in {other}: {help}"
                );
            }
        }
    }
}

#[test]
fn a_template_that_fits_no_layout_is_refused() {
    for t in [
        "{category}/{code}",
        "codes/{code}",
        "{name}.html",
        "{namespace}.html",
        "{code}/",
    ] {
        for (layout, _) in FITS {
            assert_eq!(
                codes(&catalogue(Some(t), layout)),
                [DiagCode::DocsUrlNoLayout],
                "{t} in {layout}"
            );
        }
    }
    // Off the site is still EDX0603: it lands nowhere in the book.
    let off = catalogue(Some("x"), "code")
        .replace(&format!("\"{SITE}x\""), "\"https://docs.acme.dev/{code}\"");
    assert_eq!(codes(&off), [DiagCode::DocsUrlOffSite]);
}

#[test]
fn default_docs_urls_follow_the_layout() {
    for (layout, want) in [
        (
            "namespace",
            ["frm.html#acm-frm-001", "general.html#acm-x-1"],
        ),
        ("code", ["acm-frm-001.html", "acm-x-1.html"]),
        (
            "namespace/code",
            ["frm/acm-frm-001.html", "general/acm-x-1.html"],
        ),
    ] {
        let cat = load_str(&catalogue(None, layout), "errors.yaml")
            .catalogue
            .expect("loads");
        let urls: Vec<&str> = cat.errors.iter().map(|e| e.docs_url.as_str()).collect();
        assert_eq!(urls, want.map(|u| format!("{SITE}{u}")), "{layout}");
    }
}

/// `{name#sqlite_}` drops a prefix from a placeholder's value: SQLite's page anchors its
/// codes by their names without `SQLITE_` (`rescode.html#ioerr_read`), and a registry that
/// writes SQLite's names as SQLite does links them there. A value without the prefix is
/// kept whole; a prefix a URL cannot hold is refused, located; a misspelt placeholder
/// with a prefix is found at its place.
#[test]
fn a_placeholder_drops_a_prefix() {
    let src = "errdex: 1\nregistry:\n  name: sqlite\n  docs_url: \"https://www.sqlite.org/rescode.html#{name#SQLITE_}\"\ndocs: {links: external}\ncategories:\n  c: {summary: C}\nerrors:\n  SQLITE_IOERR_READ: {code: \"266\", category: c, summary: S}\n  SQLITE_BUSY: {code: \"5\", category: c, summary: S}\n  OTHER_THING: {code: \"7\", category: c, summary: S}\n";
    assert_eq!(
        urls(src),
        [
            "https://www.sqlite.org/rescode.html#ioerr_read",
            "https://www.sqlite.org/rescode.html#busy",
            "https://www.sqlite.org/rescode.html#other_thing",
        ]
    );
    let bad = src.replace("{name#SQLITE_}", "{name#SQLITE/}");
    let (d, _) = first(&bad, DiagCode::TemplateSyntax);
    assert!(
        d.message.contains("`{name#SQLITE/}`")
            && d.message.contains("only ASCII letters and digits"),
        "{d:#?}"
    );
    assert_eq!(d.span.map(|s| (s.line, s.column)), Some((4, 50)), "{d:#?}");
    // The refused template's codes fall back to the book's relative addresses; that is no
    // second finding (EDX0605) about an absolute template.
    assert!(!codes(&bad).contains(&DiagCode::RelativeDocsUrl));
    // `{#x}` names no placeholder: it is quoted as written (not as `{}`), at its place.
    let (d, _) = first(
        &src.replace("{name#SQLITE_}", "{#SQLITE_}"),
        DiagCode::TemplateSyntax,
    );
    assert!(
        d.message.contains("`{#SQLITE_}` names no placeholder"),
        "{d:#?}"
    );
    assert_eq!(d.span.map(|s| (s.line, s.column)), Some((4, 50)), "{d:#?}");
    // A prefix no NAME starts with (a typo) warns: every URL keeps it; one that is a whole
    // value warns too; neither when the prefix fits (above: no diagnostic at all).
    let (d, valid) = first(
        &src.replace("{name#SQLITE_}", "{name#sqlte_}"),
        DiagCode::DocsUrlPrefix,
    );
    assert_eq!(
        d.message,
        "`{name#sqlte_}` in docs_url drops `sqlte_` from no code's `{name}`: every URL keeps it (`sqlite_ioerr_read` for 266)"
    );
    assert_eq!(d.span.map(|s| (s.line, s.column)), Some((4, 50)), "{d:#?}");
    assert!(valid, "a warning");
    let eaten = src.replace("{name#SQLITE_}", "{name#sqlite_busy}");
    let (d, _) = first(&eaten, DiagCode::DocsUrlPrefix);
    assert!(
        d.message
            .contains("drops the whole `{name}` of 5 (`sqlite_busy`)"),
        "{d:#?}"
    );
    // An entry's own template is held against that entry.
    let own = src.replace(
        "OTHER_THING: {code: \"7\", category: c, summary: S}",
        "OTHER_THING: {code: \"7\", category: c, summary: S, docs_url: \"https://x.dev/{name#sqlite_}\"}",
    );
    let (d, _) = first(&own, DiagCode::DocsUrlPrefix);
    assert!(d.message.contains("(`other_thing` for 7)"), "{d:#?}");
    let typo = src.replace("{name#SQLITE_}", "{nme#SQLITE_}");
    let (d, _) = first(&typo, DiagCode::DocsUrlPlaceholder);
    let span = d.span.expect("located");
    assert_eq!((span.line, span.column, span.len), (4, 50, 13), "{d:#?}");
}

/// `{code_as_written}` is the code as the catalogue writes it (percent-encoded), for someone
/// else's site whose paths are case-sensitive (rustc's error index): `{code}` is its slug.
#[test]
fn a_third_party_site_links_a_code_as_written() {
    let src = "errdex: 1\nregistry:\n  name: rustc\n  docs_url: \"https://doc.rust-lang.org/error_codes/{code_as_written}.html#{code}\"\ndocs: {links: external}\ncategories:\n  c: {summary: C}\nerrors:\n  MISMATCHED_TYPES: {code: E0308, category: c, summary: S}\n  ODD: {code: \"A/é#1\", category: c, summary: S}\n";
    assert_eq!(
        urls(src),
        [
            "https://doc.rust-lang.org/error_codes/E0308.html#e0308",
            "https://doc.rust-lang.org/error_codes/A%2F%C3%A9%231.html#a-1",
        ]
    );
    // A misspelt placeholder names the new one among the known.
    let typo = src.replace("{code_as_written}", "{code_as_writen}");
    let (d, _) = first(&typo, DiagCode::DocsUrlPlaceholder);
    assert!(
        d.message.contains("{code_as_written}")
            && d.help.as_deref().unwrap_or("").contains("code_as_written"),
        "{d:#?}"
    );
}
