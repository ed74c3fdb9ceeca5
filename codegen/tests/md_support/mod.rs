//! Shared helpers of the Markdown and explain tests: fixtures and mdbook. A test that
//! includes this module declares `mod testkit;` too.
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
        let code = names::CodeUrl {
            namespace_slug: &ns,
            anchor: &e.anchor,
            code: &e.code,
            name: "",
            category_key: "",
        };
        let url = names::docs_url(None, site, layout, &code);
        if e.docs_url == names::docs_url(None, site, cat.docs.layout, &code) {
            e.docs_url = url;
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
        for layout in DocsLayout::ALL
            .into_iter()
            .filter(|l| *l != cat.docs.layout)
        {
            if let Some(c) = in_layout(&cat, layout) {
                out.push((format!("{case} ({})", layout.as_str()), c));
            }
        }
        out.push((case, cat));
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

/// A catalogue of `n` codes (above `COMPACT_ABOVE_CODES` its book is the compact one) in
/// two namespaces and none, of every kind a compact section shows differently: codes that
/// are not their NAME, overrides of each category fact, retry advice of its own, `since`,
/// aliases and legacy codes, deprecation with a replacement, an explanation, params of
/// every type, a suggestion, hostile text, and a tombstone.
pub fn large_catalogue(n: usize) -> Catalogue {
    let mut src = String::from(
        "errdex: 1\nregistry:\n  name: big\n  title: Big reference\ncategories:\n  invalid: {summary: Bad input, exit_code: 2, http_status: 400, jsonrpc_code: -32602, expected: true}\n  unavailable: {summary: Try later, retryable: true, retry: {max_attempts: 3, advice: Wait.}, exit_code: 3, http_status: 503, jsonrpc_code: -32603}\nnamespaces:\n  FRM: {title: Forms, summary: Form fields, code_prefix: F-}\n  NET: {title: Network}\nerrors:\n",
    );
    for i in 0..n {
        let (ns, code) = match i % 3 {
            0 => ("\n    namespace: FRM", format!("F-{i:05}")),
            1 => ("\n    namespace: NET", format!("N-{i:05}")),
            _ => ("", format!("G-{i:05}")),
        };
        let category = if i % 5 == 0 { "unavailable" } else { "invalid" };
        let extra = match i % 11 {
            0 => "\n    http_status: 409".to_string(),
            1 => "\n    retryable: true\n    exit_code: 9".to_string(),
            2 => "\n    since: \"1.2\"\n    aliases: [ALIAS_{i}]".replace("{i}", &i.to_string()),
            3 => format!("\n    legacy_codes: [OLD-{i}]\n    jsonrpc_code: -32000\n    expected: false"),
            4 if i > 20 => "\n    deprecated: {since: \"2.0\", replaced_by: E_0, note: Use E_0.}".to_string(),
            5 => "\n    explanation: |\n      Raised when *this* check fails.\n\n      See `the guide`.".to_string(),
            6 => "\n    retry: {max_attempts: 7, advice: \"Back off <slowly> | then retry.\"}".to_string(),
            _ => String::new(),
        };
        src.push_str(&format!(
            "  E_{i}:\n    code: {code}{ns}\n    category: {category}\n    summary: \"Check {i} of `x` failed | <b>\"\n    message: \"{{field}} failed {i} with {{count}}\"\n    params: {{field: string, count: integer, ratio: number, ok: boolean}}\n    suggestion: \"Fix {{field}}.\"{extra}\n"
        ));
    }
    src.push_str("retired:\n  F-99999: {name: E_GONE, since: \"1.0\", note: gone}\n");
    let loaded = errdex_codegen::load_str(&src, "errors.yaml");
    loaded.catalogue.unwrap_or_else(|| {
        panic!(
            "the large catalogue does not load: {:#?}",
            loaded.diagnostics
        )
    })
}
