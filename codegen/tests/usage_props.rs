//! `errdex usage` on generated source trees (proptest): files of every language the scan
//! knows (and one it does not search), lines of planted uses in each language's forms,
//! near misses that must not count (glued identifiers, unknown, retired and half codes),
//! multi-byte text before a use, CRLF endings, a Rust `#[cfg(test)]` tail and a `tests/`
//! folder. For every tree:
//!
//! - every reported place is a real occurrence: its file's line, from its column (in
//!   characters), reads its text; and the places are exactly the planted uses, with their
//!   form (`via`) and whether a test holds them;
//! - every finding in a file points at the code it names;
//! - the summary's `files_with_uses` counts exactly the files that hold a place;
//! - per code, `count` + `test_count` is the number of places listed, `count` those
//!   outside tests, and `raised` the codes whose `count` is not 0.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use errdex_codegen::Catalogue;
use errdex_codegen::usage::{self, Options, Source};
use proptest::prelude::*;

const CATALOGUE: &str = r#"errdex: 1
registry:
  name: acme
  code_pattern: '^ACM-[A-Z]{3}-[0-9]{3}$'
  docs_site_url: https://docs.acme.dev/errors/
categories:
  invalid:
    summary: Bad input
    exit_code: 1
    http_status: 400
    jsonrpc_code: -32602
namespaces:
  FRM:
    code_prefix: ACM-FRM-
  NET:
    code_prefix: ACM-NET-
errors:
  FRM_VALIDATION:
    code: ACM-FRM-001
    namespace: FRM
    category: invalid
    summary: Form validation failure
    message: invalid form
  UNKNOWN_TOOL:
    code: ACM-FRM-002
    namespace: FRM
    category: invalid
    summary: No such tool
    message: no such tool
    legacy_codes: [ACM-FRM-102]
  OLD_THING:
    code: ACM-FRM-003
    namespace: FRM
    category: invalid
    summary: Old
    message: old
    deprecated: { replaced_by: FRM_VALIDATION }
  RATE_LIMITED:
    code: ACM-NET-001
    namespace: NET
    category: invalid
    summary: Slow down
    message: slow down
retired:
  ACM-FRM-009:
    name: GONE_CODE
usage:
  patterns: ["ERRCODE_{name}"]
  files: ["*.c"]
"#;

/// Where generated files go: each language the scan knows, a file it does not search, a
/// test folder and a test name, and names with `,`, `:`, spaces and non-ASCII letters.
const PATHS: [&str; 10] = [
    "src/lib.rs",
    "src/a,b:c.rs",
    "web/app.ts",
    "web/app.test.ts",
    "py/mod.py",
    "py/é è.py",
    "tests/it.rs",
    "c/raise.c",
    "notes/readme.txt",
    "src/日本.rs",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lang {
    Rust,
    Script,
    Python,
    C,
    Unsearched,
}

fn lang(path: &str) -> Lang {
    match path.rsplit('.').next() {
        Some("rs") => Lang::Rust,
        Some("ts") => Lang::Script,
        Some("py") => Lang::Python,
        Some("c") => Lang::C,
        _ => Lang::Unsearched,
    }
}

fn is_test(path: &str) -> bool {
    path.starts_with("tests/") || path.contains(".test.")
}

/// One planted use: its text, and what the report must say about it.
struct Form {
    text: String,
    via: &'static str,
}

/// The forms of entry `e` a file of `lang` raises it by (what the targets generate, the
/// code and its legacy code, the catalogue's `ERRCODE_{name}` pattern).
fn forms(cat: &Catalogue, e: usize, lang: Lang) -> Vec<Form> {
    let entry = &cat.errors[e];
    let form = |text: String, via| Form { text, via };
    let mut out = match lang {
        Lang::Rust | Lang::Unsearched => vec![
            form(
                format!("ErrorCode::{}", entry.ids.rust.variant),
                "identifier",
            ),
            form(
                format!("Error::{}(", entry.ids.rust.constructor),
                "identifier",
            ),
        ],
        Lang::Script => vec![form(
            format!("ErrorCode.{}", entry.ids.ts.key),
            "identifier",
        )],
        Lang::Python => vec![
            form(format!("ErrorCode.{}", entry.ids.py.constant), "identifier"),
            form(format!("{}(", entry.ids.py.function), "identifier"),
        ],
        Lang::C => Vec::new(),
    };
    out.push(form(entry.code.clone(), "code"));
    for legacy in &entry.legacy_codes {
        out.push(form(legacy.clone(), "legacy_code"));
    }
    out.push(form(format!("ERRCODE_{}", entry.name), "pattern"));
    out
}

/// Text that is no use of any code in any language (some of it is a finding).
fn near_miss(cat: &Catalogue, e: usize, lang: Lang, pick: usize) -> String {
    let all = forms(cat, e, lang);
    let f = &all[pick % all.len()].text;
    match pick % 6 {
        // Glued in front: an identifier or code character before it.
        0 => format!("x{f}"),
        // Glued behind, when it ends in a word character (a `(` ends a use whatever
        // follows).
        1 if f.ends_with(|c: char| c.is_ascii_alphanumeric()) => format!("{f}9"),
        1 => format!("_{f}"),
        // Unknown codes (EDX0702), a retired one (EDX0704), a prefix alone.
        2 => ["ACM-FRM-999", "ACM-NET-777"][pick % 2].to_string(),
        3 => "ACM-FRM-009".to_string(),
        4 => "ACM-FRM-".to_string(),
        _ => "ACM-internal".to_string(),
    }
}

const NOISE: [&str; 8] = [
    "let",
    "value_1",
    "compute",
    "é",
    "日本語",
    "🦀",
    "Error",
    "x1",
];
const SEPARATORS: [&str; 8] = [" ", ", ", "(", ")", "; ", "\"", "'", " = "];

/// A line: fragments (kind, entry, pick) joined by separators.
type LineSpec = Vec<(u8, u8, u8, u8)>;

#[derive(Debug, Clone)]
struct FileSpec {
    path: usize,
    crlf: bool,
    /// The line (0-based, at least 1) before which `#[cfg(test)]` stands, in Rust.
    cfg_test: Option<usize>,
    lines: Vec<LineSpec>,
}

fn file_spec() -> impl Strategy<Value = FileSpec> {
    let fragment = (0u8..4, any::<u8>(), any::<u8>(), any::<u8>());
    let line = prop::collection::vec(fragment, 0..6);
    (
        0..PATHS.len(),
        any::<bool>(),
        prop::option::of(1usize..6),
        prop::collection::vec(line, 0..8),
    )
        .prop_map(|(path, crlf, cfg_test, lines)| FileSpec {
            path,
            crlf,
            cfg_test,
            lines,
        })
}

/// A planted use: (file, line, column, entry, text, via, in a test).
type Place = (String, u64, usize, String, String, String, bool);

/// Writes `spec` under `root`; the places it plants.
fn write_file(cat: &Catalogue, root: &Path, spec: &FileSpec) -> Vec<Place> {
    let path = PATHS[spec.path];
    let lang = lang(path);
    let mut text = String::new();
    let mut places = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    // A Python factory is a bare name: it counts where the file imports it.
    if lang == Lang::Python {
        lines.push("from acme_errors import *".to_string());
    }
    let mut tests_from = if is_test(path) { Some(1) } else { None };
    for (i, fragments) in spec.lines.iter().enumerate() {
        if lang == Lang::Rust && spec.cfg_test == Some(i) && i > 0 {
            lines.push("#[cfg(test)]".to_string());
            tests_from.get_or_insert(lines.len());
        }
        let number = lines.len() as u64 + 1;
        let mut line = String::new();
        for &(kind, entry, pick, sep) in fragments {
            if !line.is_empty() {
                line.push_str(SEPARATORS[usize::from(sep) % SEPARATORS.len()]);
            }
            let e = usize::from(entry) % cat.errors.len();
            match kind {
                0 | 1 => {
                    let all = forms(cat, e, lang);
                    let form = &all[usize::from(pick) % all.len()];
                    if lang != Lang::Unsearched {
                        places.push((
                            path.to_string(),
                            number,
                            line.chars().count() + 1,
                            cat.errors[e].code.clone(),
                            form.text.clone(),
                            form.via.to_string(),
                            tests_from.is_some_and(|from| number >= from as u64),
                        ));
                    }
                    line.push_str(&form.text);
                }
                2 => line.push_str(&near_miss(cat, e, lang, usize::from(pick))),
                _ => line.push_str(NOISE[usize::from(pick) % NOISE.len()]),
            }
        }
        lines.push(line);
    }
    let end = if spec.crlf { "\r\n" } else { "\n" };
    for line in &lines {
        text.push_str(line);
        text.push_str(end);
    }
    let file = root.join(path);
    std::fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
    std::fs::write(&file, text).expect("write");
    places
}

fn load() -> Catalogue {
    let loaded = errdex_codegen::load_str(CATALOGUE, "errors.yaml");
    assert!(loaded.diagnostics.is_empty(), "{:#?}", loaded.diagnostics);
    loaded.catalogue.expect("valid")
}

/// The text of `file`'s line `line` (1-based) from character `column` (1-based).
fn at(root: &Path, file: &str, line: u64, column: usize) -> String {
    let text = std::fs::read_to_string(root.join(file)).expect("read");
    let line = text
        .split('\n')
        .nth(usize::try_from(line).expect("line") - 1)
        .unwrap_or_else(|| panic!("{file} has no line {line}"));
    line.chars().skip(column - 1).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn places_and_counts_are_the_trees_own(files in prop::collection::vec(file_spec(), 0..6)) {
        let cat = load();
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        let mut planted: Vec<Place> = Vec::new();
        let mut written = BTreeSet::new();
        for spec in &files {
            // One spec per path: the first.
            if written.insert(spec.path) {
                planted.extend(write_file(&cat, root, spec));
            }
        }
        let source = Source {
            catalogue: &cat,
            name: "errors.yaml",
            text: CATALOGUE,
            spans: None,
        };
        let options = Options { roots: vec![root.to_path_buf()], ..Options::default() };
        let report = usage::scan(source, &options);
        let prefix = format!("{}/", root.display());
        let relative = |path: &str| path.strip_prefix(&prefix).unwrap_or(path).to_string();

        // Every place is a real occurrence, and the places are the planted uses.
        let mut found: Vec<Place> = Vec::new();
        for (e, uses) in report.uses.iter().enumerate() {
            for u in uses {
                let file = relative(&u.path);
                let there = at(root, &file, u.line, u.column);
                prop_assert!(there.starts_with(&u.text), "{file}:{}:{}: {there:?} is not {:?}", u.line, u.column, u.text);
                found.push((file, u.line, u.column, cat.errors[e].code.clone(), u.text.clone(), u.via.as_str().to_string(), u.test));
            }
        }
        found.sort();
        planted.sort();
        prop_assert_eq!(&found, &planted);

        // Every finding in a file points at what it is about: an unknown or retired code
        // at that code, a deprecated one at a place of its use.
        for f in &report.findings {
            let Some(span) = f.diagnostic.span.filter(|_| f.file != "errors.yaml") else { continue };
            let (file, line) = (relative(&f.file), span.line as u64);
            let named = f.diagnostic.message.split('`').nth(1).unwrap_or_default();
            match f.diagnostic.code.as_str() {
                "EDX0702" | "EDX0704" => {
                    let there = at(root, &file, line, span.column);
                    prop_assert!(there.starts_with(named), "{file}:{line}:{}: {there:?} is not {named:?}", span.column);
                }
                "EDX0703" => prop_assert!(
                    found.iter().any(|p| (p.0.as_str(), p.1, p.2, p.3.as_str()) == (file.as_str(), line, span.column, named)),
                    "{file}:{line}:{}: no use of {named}", span.column
                ),
                other => prop_assert!(false, "unexpected {other} in {file}"),
            }
        }

        // The summary counts the files that hold a place, and nothing else.
        let with_places: BTreeSet<&str> = planted.iter().map(|p| p.0.as_str()).collect();
        let summary = report.summary();
        prop_assert_eq!(summary.files_with_uses, with_places.len());

        // Per code, the counts add up to the places listed.
        let json = usage::to_json(source, &report);
        prop_assert_eq!(&json["summary"], &summary.to_json());
        let mut raised = 0;
        let mut json_files = BTreeSet::new();
        let mut per_code: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        for p in &planted {
            let c = per_code.entry(p.3.as_str()).or_default();
            if p.6 { c.1 += 1 } else { c.0 += 1 }
        }
        for code in json["codes"].as_array().expect("codes") {
            let places = code["places"].as_array().expect("places");
            let count = code["count"].as_u64().expect("count") as usize;
            let tests = code["test_count"].as_u64().expect("test_count") as usize;
            prop_assert_eq!(count + tests, places.len());
            prop_assert_eq!(count, places.iter().filter(|p| p["test"] == false).count());
            let want = per_code.get(code["code"].as_str().expect("code")).copied().unwrap_or_default();
            prop_assert_eq!((count, tests), want);
            raised += usize::from(count > 0);
            json_files.extend(places.iter().filter_map(|p| p["file"].as_str()));
        }
        prop_assert_eq!(json["summary"]["raised"].as_u64(), Some(raised as u64));
        prop_assert_eq!(json["summary"]["files_with_uses"].as_u64(), Some(json_files.len() as u64));
    }
}
