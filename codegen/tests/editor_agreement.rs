//! The editor and `errdex lint` agree (issue 18, items 8 and 9).
//!
//! The real `yaml-language-server` (what VS Code's YAML extension runs; installed in
//! `tools/node` by `.ci/steps/20-node.sh`) is driven over the Language Server Protocol by
//! `tests/editor/lsp-diagnostics.mjs`, and what it shows is compared with the loader's
//! diagnostics:
//!
//! - over `tests/bad/`, the fixtures, the examples and errors.yaml with the general
//!   `catalogue.schema.json`: every line the editor marks is a line lint refuses, and every
//!   shape error lint reports (wrong type, unknown, duplicate or missing key) is marked by
//!   the editor; both read YAML 1.2 (`retryable: yes` is a string to both);
//! - with a catalogue's own `errors.schema.json`: it accepts the catalogue, completes
//!   `category:` and `namespace:` with exactly the declared keys, and marks the same lines
//!   lint refuses when a category or namespace is mistyped or a needed category is missing;
//! - with a registry's own `errors.part.schema.json` and `errors.entry.schema.json`: the
//!   same for its part files and a folder's `<CODE>.yaml` files.

#![allow(clippy::unwrap_used)]

mod testkit;
mod ts_support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use errdex_codegen::catalogue::load_path;
use errdex_codegen::diag::{Diagnostic, Severity};
use errdex_codegen::emit::json_schema;
use serde_json::Value;
use ts_support::repo_root;

/// `tools/node`, when node and yaml-language-server are there (the reason printed when not;
/// under CI a missing tool fails).
fn language_server() -> Option<PathBuf> {
    ts_support::node_tools()?;
    let tools = repo_root().join("tools/node");
    let server = testkit::tool::file(
        tools.join("node_modules/yaml-language-server"),
        "bash .ci/steps/20-node.sh",
    );
    testkit::tool::require_tool("the editor agreement check", server.map(|_| tools))
}

#[derive(Debug)]
struct Mark {
    line: usize,
    severity: String,
    message: String,
}

/// What the editor shows for each file, validated against `schema`.
fn editor_marks(tools: &Path, schema: &Path, files: &[PathBuf]) -> Vec<Vec<Mark>> {
    let pairs: Vec<(PathBuf, PathBuf)> = files
        .iter()
        .map(|f| (schema.to_path_buf(), f.clone()))
        .collect();
    editor_marks_each(tools, &pairs)
}

/// What the editor shows for each `(schema, file)`, the file validated against its schema:
/// one language server for them all.
fn editor_marks_each(tools: &Path, pairs: &[(PathBuf, PathBuf)]) -> Vec<Vec<Mark>> {
    let out = ts_support::run(
        Command::new("node")
            .arg(repo_root().join("tests/editor/lsp-diagnostics.mjs"))
            .arg(tools)
            .arg("--pairs")
            .args(pairs.iter().flat_map(|(schema, file)| [schema, file])),
    );
    let json: Value = serde_json::from_str(&out).unwrap();
    pairs
        .iter()
        .map(|(_, f)| {
            json[f.to_str().unwrap()]
                .as_array()
                .unwrap_or_else(|| panic!("no diagnostics for {}", f.display()))
                .iter()
                .map(|m| Mark {
                    line: m["line"].as_u64().unwrap() as usize,
                    severity: m["severity"].as_str().unwrap().to_string(),
                    message: m["message"].as_str().unwrap().to_string(),
                })
                .collect()
        })
        .collect()
}

/// The completion labels the editor offers at 1-based `line:column` of `file`.
fn editor_completions(
    tools: &Path,
    schema: &Path,
    file: &Path,
    line: usize,
    column: usize,
) -> Vec<String> {
    let out = ts_support::run(
        Command::new("node")
            .arg(repo_root().join("tests/editor/lsp-diagnostics.mjs"))
            .arg(tools)
            .arg(schema)
            .arg(file)
            .env("ERRDEX_LSP_COMPLETE", format!("{line}:{column}")),
    );
    serde_json::from_str(&out).unwrap()
}

fn lint(file: &Path) -> Vec<Diagnostic> {
    load_path(file).unwrap().diagnostics
}

fn error_lines(diagnostics: &[Diagnostic]) -> BTreeSet<usize> {
    diagnostics
        .iter()
        .filter(|d| d.severity() == Severity::Error)
        .filter_map(|d| d.span.map(|s| s.line))
        .collect()
}

/// Shape errors: what a JSON Schema says about one mapping on its own.
const SHAPE: [&str; 4] = ["EDX0101", "EDX0102", "EDX0103", "EDX0104"];

fn yaml_files(dir: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(repo_root().join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    out.sort();
    out
}

fn catalogues_in(dir: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(repo_root().join(dir))
        .unwrap()
        .map(|e| e.unwrap().path().join("errors.yaml"))
        .filter(|p| p.exists())
        .collect();
    out.sort();
    out
}

#[test]
fn editor_and_lint_agree_on_every_input() {
    let Some(tools) = language_server() else {
        return;
    };
    let mut files = yaml_files("tests/bad");
    files.extend(catalogues_in("tests/fixtures"));
    files.extend(catalogues_in("examples"));
    files.push(repo_root().join("errors.yaml"));
    let schema = repo_root().join("generated/schema/catalogue.schema.json");
    let marks = editor_marks(&tools, &schema, &files);

    let mut problems = Vec::new();
    let mut marked_files = 0;
    for (file, marks) in files.iter().zip(&marks) {
        let name = file.strip_prefix(repo_root()).unwrap().display();
        let diagnostics = lint(file);
        let lint_errors = error_lines(&diagnostics);
        let editor_errors: Vec<&Mark> = marks.iter().filter(|m| m.severity == "error").collect();
        if !editor_errors.is_empty() {
            marked_files += 1;
        }
        // A file the editor refuses, lint refuses.
        let lint_refuses = diagnostics.iter().any(|d| d.severity() == Severity::Error);
        if !editor_errors.is_empty() && !lint_refuses {
            problems.push(format!(
                "{name}: the editor refuses it ({}), lint accepts it",
                editor_errors[0].message
            ));
        }
        // Reading stopped early (YAML syntax, limits): only the verdict is comparable.
        let stopped = diagnostics.iter().any(|d| d.code.as_str() < "EDX0100");
        if stopped {
            continue;
        }
        for m in &editor_errors {
            if !lint_errors.contains(&m.line) {
                problems.push(format!(
                    "{name}:{}: the editor says {:?}; lint says nothing on that line",
                    m.line, m.message
                ));
            }
        }
        let editor_lines: BTreeSet<usize> = editor_errors.iter().map(|m| m.line).collect();
        for d in &diagnostics {
            let Some(span) = d.span else { continue };
            if SHAPE.contains(&d.code.as_str()) && !editor_lines.contains(&span.line) {
                problems.push(format!(
                    "{name}:{}: lint says {} {:?}; the editor shows nothing on that line",
                    span.line,
                    d.code.as_str(),
                    d.message
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "editor and lint disagree:\n{}",
        problems.join("\n")
    );
    // The server really ran: most of tests/bad is refused by it too.
    assert!(
        marked_files >= 25,
        "the editor marked only {marked_files} files"
    );
}

/// A catalogue's own schema, written where the editor can read it.
fn own_schema(dir: &Path, catalogue: &Path) -> PathBuf {
    let cat = load_path(catalogue).unwrap().catalogue.unwrap();
    let path = dir.join("errors.schema.json");
    let text =
        serde_json::to_string_pretty(&json_schema::own_catalogue_schema(&cat, "test")).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn own_schema_accepts_its_catalogue_completes_and_flags_what_lint_flags() {
    let Some(tools) = language_server() else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let mut valid = catalogues_in("tests/fixtures");
    valid.extend(catalogues_in("examples"));
    valid.push(repo_root().join("errors.yaml"));
    valid.retain(|f| !load_path(f).unwrap().has_errors());
    assert!(valid.len() >= 10, "only {} valid catalogues", valid.len());
    // Each catalogue against its own schema, all in one language server.
    let pairs: Vec<(PathBuf, PathBuf)> = valid
        .iter()
        .enumerate()
        .map(|(i, file)| {
            let dir = tmp.path().join(i.to_string());
            std::fs::create_dir_all(&dir).unwrap();
            (own_schema(&dir, file), file.clone())
        })
        .collect();
    for ((_, file), marks) in pairs.iter().zip(editor_marks_each(&tools, &pairs)) {
        let errors: Vec<&Mark> = marks.iter().filter(|m| m.severity == "error").collect();
        assert!(
            errors.is_empty(),
            "{}: its own schema refuses it: {errors:?}",
            file.display()
        );
    }

    // errdex's own catalogue, mistyped three ways.
    let source = std::fs::read_to_string(repo_root().join("errors.yaml")).unwrap();
    let cat = load_path(&repo_root().join("errors.yaml"))
        .unwrap()
        .catalogue
        .unwrap();
    let dir = tmp.path().join("own");
    std::fs::create_dir_all(&dir).unwrap();
    let schema = own_schema(&dir, &repo_root().join("errors.yaml"));
    let lines: Vec<&str> = source.lines().collect();
    let find = |prefix: &str| lines.iter().position(|l| l.starts_with(prefix)).unwrap();
    let category_line = find("    category: ");
    let namespace_line = find("    namespace: ");
    let mut mutated: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    mutated[category_line] = "    category: not_a_categroy".into();
    mutated[namespace_line] = "    namespace: NOT_A_NAMESPACE".into();
    // An entry of a namespace without a default category, its category removed.
    let no_default = cat
        .namespaces
        .iter()
        .find(|n| n.category.is_none())
        .unwrap();
    let removed = lines
        .iter()
        .enumerate()
        .skip(namespace_line + 20)
        .find(|(i, l)| {
            **l == format!("    namespace: {}", no_default.key)
                && lines[i + 1].starts_with("    category: ")
        })
        .map(|(i, _)| i + 1)
        .unwrap();
    mutated[removed] = "    # category removed".into();
    let file = dir.join("errors.yaml");
    std::fs::write(&file, mutated.join("\n") + "\n").unwrap();

    let lint_lines = error_lines(&lint(&file));
    let marks = editor_marks(&tools, &schema, std::slice::from_ref(&file));
    let editor_lines: BTreeSet<usize> = marks[0]
        .iter()
        .filter(|m| m.severity == "error")
        .map(|m| m.line)
        .collect();
    // The entry's NAME line carries the missing-category error in both.
    let entry_line = (0..removed)
        .rev()
        .find(|&i| lines[i].starts_with("  ") && !lines[i].starts_with("   "))
        .unwrap();
    for (what, line) in [
        ("category typo", category_line),
        ("namespace typo", namespace_line),
        ("missing category", entry_line),
    ] {
        assert!(
            lint_lines.contains(&(line + 1)),
            "lint misses the {what} on line {}: {lint_lines:?}",
            line + 1
        );
        assert!(
            editor_lines.contains(&(line + 1)),
            "the editor misses the {what} on line {}: {marks:?}",
            line + 1
        );
    }
    assert_eq!(
        lint_lines, editor_lines,
        "lint and the editor mark different lines"
    );

    // Completion of `category:` and `namespace:` values: exactly the declared keys.
    let original = repo_root().join("errors.yaml");
    let mut expected: Vec<String> = cat.categories.iter().map(|c| c.key.clone()).collect();
    expected.sort();
    assert_eq!(
        editor_completions(&tools, &schema, &original, category_line + 1, 15),
        expected
    );
    let mut expected: Vec<String> = cat.namespaces.iter().map(|n| n.key.clone()).collect();
    expected.sort();
    assert_eq!(
        editor_completions(&tools, &schema, &original, namespace_line + 1, 16),
        expected
    );
}

/// Every `.yaml` file under `dir` at any depth but the root catalogue (`dir/errors.yaml`).
fn part_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            part_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "yaml")
            && path.file_name().is_some_and(|n| n != "errors.yaml")
            // A link out of the folder is refused by lint unread (EDX0804): not a part.
            && !path.is_symlink()
        {
            out.push(path);
        }
    }
}

/// A folder part's `<CODE>.yaml` (its stem a code, with a digit), not a part file.
fn is_entry_file(path: &Path) -> bool {
    let stem = path.file_stem().unwrap().to_string_lossy();
    stem != "_part" && stem.chars().any(|c| c.is_ascii_digit())
}

/// The editor schemas of a catalogue in many files (`part.schema.json` for a part file or a
/// folder's `_part.yaml`, `entry.schema.json` for a folder's `<CODE>.yaml`) agree with lint
/// over the split fixture and every `tests/bad/parts` case: a part lint accepts is not
/// marked, every line the editor marks is a line lint refuses in that file, and every shape
/// error lint reports in a part (wrong type, unknown or duplicate key, missing key, a root
/// section in a part) is marked.
#[test]
fn part_schemas_and_lint_agree_on_every_part() {
    let Some(tools) = language_server() else {
        return;
    };
    let mut roots = vec![repo_root().join("tests/fixtures/split/errors.yaml")];
    roots.extend(catalogues_in("tests/bad/parts"));
    let schemas = repo_root().join("generated/schema");
    let mut problems = Vec::new();
    let mut marked_files = BTreeSet::new();
    let mut checked = 0;
    // (root, schema, file) of every part file of every root, shown by one language server.
    let mut cases: Vec<(&PathBuf, &str, PathBuf)> = Vec::new();
    for root in &roots {
        let mut files = Vec::new();
        part_files(root.parent().unwrap(), &mut files);
        files.sort();
        for file in files {
            let schema = if is_entry_file(&file) {
                "entry.schema.json"
            } else {
                "part.schema.json"
            };
            cases.push((root, schema, file));
        }
    }
    let pairs: Vec<(PathBuf, PathBuf)> = cases
        .iter()
        .map(|(_, schema, file)| (schemas.join(schema), file.clone()))
        .collect();
    let marks = editor_marks_each(&tools, &pairs);
    let loaded: Vec<_> = roots.iter().map(|root| load_path(root).unwrap()).collect();
    for ((root, schema, file), marks) in cases.iter().zip(&marks) {
        let loaded = &loaded[roots.iter().position(|r| r == *root).unwrap()];
        checked += 1;
        let name = file
            .strip_prefix(repo_root())
            .unwrap()
            .display()
            .to_string();
        // Lint's diagnostics in this file, by its own lines.
        let here: Vec<(&Diagnostic, usize)> = loaded
            .diagnostics
            .iter()
            .filter_map(|d| {
                let (f, span) = loaded.sources.locate(d.span?)?;
                Path::new(&f.name)
                    .ends_with(file.strip_prefix(root.parent().unwrap()).unwrap())
                    .then_some((d, span.line))
            })
            .collect();
        let lint_lines: BTreeSet<usize> = here
            .iter()
            .filter(|(d, _)| d.severity() == Severity::Error)
            .map(|(_, line)| *line)
            .collect();
        let editor_errors: Vec<&Mark> = marks.iter().filter(|m| m.severity == "error").collect();
        if !editor_errors.is_empty() {
            marked_files.insert(name.clone());
        }
        for m in &editor_errors {
            if !lint_lines.contains(&m.line) {
                problems.push(format!(
                    "{name}:{}: the editor ({schema}) says {:?}; lint says nothing on that line",
                    m.line, m.message
                ));
            }
        }
        let editor_lines: BTreeSet<usize> = editor_errors.iter().map(|m| m.line).collect();
        let file_of = |offset: usize| loaded.sources.file_of(offset).map(|f| f.base);
        for (d, line) in &here {
            // What one file shows on its own: a duplicate key whose first
            // occurrence is in another file (the root) is lint's alone.
            let base = d.span.and_then(|s| file_of(s.offset));
            let in_one_file = d.notes.iter().all(|(s, _)| file_of(s.offset) == base);
            let shape =
                (SHAPE.contains(&d.code.as_str()) || d.code.as_str() == "EDX0805") && in_one_file;
            if shape && !editor_lines.contains(line) {
                problems.push(format!(
                    "{name}:{line}: lint says {} {:?}; the editor ({schema}) shows nothing on that line",
                    d.code.as_str(),
                    d.message
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "the part schemas and lint disagree:\n{}",
        problems.join("\n")
    );
    // The server really ran over both schemas: a root section and an unknown key in a part
    // file, a bad `part:` header, and a nameless entry file are marked.
    assert!(checked >= 15, "only {checked} part files were checked");
    for bad in [
        "tests/bad/parts/root-only-section/team.yaml",
        "tests/bad/parts/ranges/c.yaml",
        "tests/bad/parts/one-file-per-code/codes/A-004.yaml",
    ] {
        assert!(
            marked_files.contains(bad),
            "the editor does not mark {bad}; it marked {marked_files:?}"
        );
    }
}

/// The catalogue's own part and entry schemas (`errors.part.schema.json`,
/// `errors.entry.schema.json`), as `generate` writes them for the split fixture, in the real
/// editor: every file of the registry is accepted; a part and a folder's `<CODE>.yaml` with
/// a mistyped category and an undeclared namespace are marked on exactly the lines lint
/// refuses in them; `category:` in a part completes to exactly the declared categories.
#[test]
fn own_part_and_entry_schemas_in_the_editor_mark_what_lint_marks() {
    let Some(tools) = language_server() else {
        return;
    };
    let fixture = repo_root().join("tests/fixtures/split");
    let cat = load_path(&fixture.join("errors.yaml"))
        .unwrap()
        .catalogue
        .expect("the split fixture is valid");
    let tmp = tempfile::tempdir().unwrap();
    let schemas = tmp.path().join("schemas");
    std::fs::create_dir_all(&schemas).unwrap();
    for (name, text) in json_schema::emit(&cat) {
        std::fs::write(schemas.join(&name), text).unwrap();
    }
    let (part_schema, entry_schema) = (
        schemas.join("errors.part.schema.json"),
        schemas.join("errors.entry.schema.json"),
    );
    let mut files = Vec::new();
    part_files(&fixture, &mut files);
    files.sort();
    assert_eq!(files.len(), 5, "{files:?}");
    let schema_of = |f: &Path| {
        if is_entry_file(f) {
            entry_schema.clone()
        } else {
            part_schema.clone()
        }
    };
    let pairs: Vec<(PathBuf, PathBuf)> = files.iter().map(|f| (schema_of(f), f.clone())).collect();
    for ((_, file), marks) in pairs.iter().zip(editor_marks_each(&tools, &pairs)) {
        let errors: Vec<&Mark> = marks.iter().filter(|m| m.severity == "error").collect();
        assert!(errors.is_empty(), "{}: {errors:?}", file.display());
    }

    // The registry copied whole, with a category and a namespace mistyped in a part file
    // and a category in a folder's entry file.
    let copy = tmp.path().join("registry");
    for file in files.iter().chain([&fixture.join("errors.yaml")]) {
        let to = copy.join(file.strip_prefix(&fixture).unwrap());
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(file, &to).unwrap();
    }
    let mutate = |rel: &str, edits: &[(&str, &str)]| -> (PathBuf, Vec<usize>) {
        let path = copy.join(rel);
        let mut lines: Vec<String> = std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        let mut at = Vec::new();
        for (prefix, replacement) in edits {
            let i = lines
                .iter()
                .position(|l| l.starts_with(prefix))
                .unwrap_or_else(|| panic!("{rel}: no line {prefix:?}"));
            lines[i] = replacement.to_string();
            at.push(i + 1);
        }
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        (path, at)
    };
    let (billing, billing_lines) = mutate(
        "teams/billing.yaml",
        &[
            ("    category: ", "    category: invalidd"),
            ("    namespace: ", "    namespace: NOPE"),
        ],
    );
    let (entry, entry_lines) = mutate(
        "teams/frames/ACM-FRM-101.yaml",
        &[("category: ", "category: invalidd")],
    );
    let loaded = load_path(&copy.join("errors.yaml")).unwrap();
    let lint_lines_in = |file: &Path| -> BTreeSet<usize> {
        loaded
            .diagnostics
            .iter()
            .filter(|d| d.severity() == Severity::Error)
            .filter_map(|d| {
                let (f, span) = loaded.sources.locate(d.span?)?;
                Path::new(&f.name)
                    .ends_with(file.strip_prefix(&copy).unwrap())
                    .then_some(span.line)
            })
            .collect()
    };
    let pairs = vec![
        (part_schema.clone(), billing.clone()),
        (entry_schema.clone(), entry.clone()),
    ];
    let marks = editor_marks_each(&tools, &pairs);
    for (((_, file), marks), expected) in
        pairs.iter().zip(&marks).zip([&billing_lines, &entry_lines])
    {
        let editor: BTreeSet<usize> = marks
            .iter()
            .filter(|m| m.severity == "error")
            .map(|m| m.line)
            .collect();
        let lint = lint_lines_in(file);
        let expected: BTreeSet<usize> = expected.iter().copied().collect();
        assert_eq!(lint, expected, "{}: lint", file.display());
        assert_eq!(
            editor,
            expected,
            "{}: the editor: {marks:?}",
            file.display()
        );
    }

    // Completion of a part's `category:` value: exactly the declared categories.
    let original = fixture.join("teams/billing.yaml");
    let line = std::fs::read_to_string(&original)
        .unwrap()
        .lines()
        .position(|l| l.starts_with("    category: "))
        .unwrap();
    let mut expected: Vec<String> = cat.categories.iter().map(|c| c.key.clone()).collect();
    expected.sort();
    assert_eq!(
        editor_completions(&tools, &part_schema, &original, line + 1, 15),
        expected
    );
}
