//! `docs/catalogue.md` against the code it documents.
//!
//! The page has generated parts, each between `<!-- BEGIN GENERATED: <part> ... -->` and
//! `<!-- END GENERATED -->`: `keys` is [`format::reference_markdown`] (every section and key
//! of `codegen/src/catalogue/format.rs`), `diagnostics` is [`format::diagnostics_markdown`]
//! (every code of `codegen/src/diag.rs`). A key or a code added without the page fails here;
//! `UPDATE_EXPECT=1 cargo test -p errdex-codegen --test format_docs` rewrites the generated
//! parts (and nothing else of the page). The page's complete example must load without a
//! single diagnostic.

mod testkit;

use std::path::PathBuf;

use errdex_codegen::catalogue::format;
use errdex_codegen::diag;

const BEGIN: &str = "<!-- BEGIN GENERATED: ";
const END: &str = "<!-- END GENERATED -->";

fn page_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/catalogue.md")
}

fn read_page() -> String {
    let path = page_path();
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
        .replace("\r\n", "\n")
}

/// The Markdown a generated part holds.
fn render(part: &str) -> Option<String> {
    match part {
        "keys" => Some(format::reference_markdown()),
        "diagnostics" => Some(format::diagnostics_markdown()),
        _ => None,
    }
}

/// The page with every generated part rendered afresh, and the names of the parts.
fn regenerate(page: &str) -> Result<(String, Vec<String>), String> {
    let mut out = String::with_capacity(page.len());
    let mut parts = Vec::new();
    let mut rest = page;
    while let Some(start) = rest.find(BEGIN) {
        let line_end = rest[start..]
            .find('\n')
            .map(|i| start + i + 1)
            .ok_or("a BEGIN GENERATED marker is the last line of the page")?;
        let marker = &rest[start..line_end];
        let part = marker[BEGIN.len()..]
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_string();
        let text = render(&part).ok_or_else(|| {
            format!("unknown generated part `{part}` (known: keys, diagnostics) in: {marker}")
        })?;
        let end = rest[line_end..]
            .find(END)
            .map(|i| line_end + i)
            .ok_or_else(|| format!("generated part `{part}` has no `{END}` line"))?;
        if rest[line_end..end].contains(BEGIN) {
            return Err(format!(
                "generated part `{part}` is not closed before the next one"
            ));
        }
        out.push_str(&rest[..line_end]);
        out.push('\n');
        out.push_str(&text);
        out.push('\n');
        parts.push(part);
        rest = &rest[end..];
    }
    out.push_str(rest);
    Ok((out, parts))
}

#[test]
fn generated_parts_match_the_code() {
    let page = read_page();
    let (want, parts) = regenerate(&page).unwrap_or_else(|e| panic!("docs/catalogue.md: {e}"));
    for part in ["keys", "diagnostics"] {
        assert!(
            parts.iter().any(|p| p == part),
            "docs/catalogue.md has no generated part `{part}`: add the lines\n\
             {BEGIN}{part} -->\n{END}\nwhere it belongs, then run \
             `UPDATE_EXPECT=1 cargo test -p errdex-codegen --test format_docs`"
        );
    }
    testkit::golden::check_file(
        &page_path(),
        &want,
        "the generated parts of docs/catalogue.md (its tables) are stale: a key of \
         codegen/src/catalogue/format.rs or a code of codegen/src/diag.rs changed without the \
         page. After the rewrite, check that the prose around the tables still holds",
    );
}

#[test]
fn the_complete_example_is_a_valid_catalogue() {
    let page = read_page();
    let after = page
        .split_once("## A complete example")
        .map(|(_, after)| after)
        .expect("docs/catalogue.md has a `## A complete example` section");
    let yaml = after
        .split_once("```yaml\n")
        .and_then(|(_, block)| block.split_once("\n```"))
        .map(|(yaml, _)| yaml)
        .expect("the complete example is a ```yaml block");
    let loaded = errdex_codegen::load_str(yaml, "docs/catalogue.md");
    assert!(
        loaded.diagnostics.is_empty() && loaded.catalogue.is_some(),
        "the example of docs/catalogue.md does not load cleanly:\n{}",
        diag::render_short(&loaded.diagnostics, "example")
    );
}
