//! `errdex split`: a catalogue in one file becomes one part file per namespace (or a folder
//! per namespace with one file per code), and nothing about the registry changes. Run on registries this repository did not design — the
//! PostgreSQL SQLSTATE list, SQLite's result codes, the milo and plumbing seeds — and on the
//! hostile fixture: `errdex generate` writes the same bytes from the split registry as from
//! the one file (or, where one file interleaved namespaces, `errdex diff` finds nothing),
//! and `errdex lint` is clean.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn errdex() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_errdex"));
    c.env("NO_COLOR", "1");
    c
}

fn run(cmd: &mut Command) -> (i32, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = cmd.output().unwrap();
    (
        status.code().unwrap_or(-1),
        String::from_utf8_lossy(&stdout).into_owned(),
        String::from_utf8_lossy(&stderr).into_owned(),
    )
}

/// Files by relative path.
type Tree = BTreeMap<String, Vec<u8>>;

/// Every file under `dir` (relative path → bytes), but the catalogue and its parts.
fn outputs(dir: &Path) -> Tree {
    fn walk(base: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let rel = path.strip_prefix(base).unwrap().display().to_string();
            if rel == "errors.yaml" || rel == "errors" {
                continue;
            }
            if path.is_dir() {
                walk(base, &path, out);
            } else {
                out.insert(rel, std::fs::read(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// Copies `catalogue` into `one/` and `split/`, splits the second, generates both.
/// Returns (split's stdout, one's outputs, split's outputs).
fn split_and_generate(catalogue: &Path, tmp: &Path, by: &str) -> (String, Tree, Tree) {
    let one = tmp.join("one");
    let split = tmp.join("split");
    for dir in [&one, &split] {
        std::fs::create_dir_all(dir).unwrap();
        std::fs::copy(catalogue, dir.join("errors.yaml")).unwrap();
    }
    let (code, out, err) =
        run(errdex()
            .current_dir(&split)
            .args(["split", "--catalogue", "errors.yaml", "--by", by]));
    assert_eq!(code, 0, "{} --by {by}: {out}{err}", catalogue.display());
    assert!(split.join("errors").is_dir());
    let (code, lint_out, lint_err) =
        run(errdex().current_dir(&split).args(["lint", "errors.yaml"]));
    assert_eq!(code, 0, "{}: {lint_out}{lint_err}", catalogue.display());
    for dir in [&one, &split] {
        let (code, gen_out, gen_err) =
            run(errdex()
                .current_dir(dir)
                .args(["generate", "--catalogue", "errors.yaml"]));
        assert_eq!(code, 0, "{}: {gen_out}{gen_err}", dir.display());
    }
    (out, outputs(&one), outputs(&split))
}

#[test]
fn a_split_registry_generates_what_the_one_file_did() {
    let cases = [
        "examples/postgres/errors.yaml",
        "tests/fixtures/sqlite/errors.yaml",
        "examples/agent-cli/errors.yaml",
        "examples/runtime/errors.yaml",
        "examples/http-api/errors.yaml",
        "errors.yaml",
        "tests/fixtures/hostile/errors.yaml",
        "tests/fixtures/full/errors.yaml",
    ];
    let mut same_bytes = 0;
    // Ably's registry has no namespaces: one file per code is its own layout (ably-common's
    // errors/ since 2026), so only `--by code` applies.
    let layouts = cases
        .iter()
        .flat_map(|c| [(*c, "namespace"), (*c, "code")])
        .chain([("tests/fixtures/ably/errors.yaml", "code")]);
    for (case, by) in layouts {
        let tmp = tempfile::tempdir().unwrap();
        let catalogue = repo().join(case);
        let (said, one, split) = split_and_generate(&catalogue, tmp.path(), by);
        let parts = std::fs::read_dir(tmp.path().join("split/errors"))
            .unwrap()
            .count();
        assert!(parts >= 1, "{case} --by {by}: no part written");
        assert!(!one.is_empty(), "{case} --by {by}: nothing generated");
        if said.contains("codes now come part by part") {
            // Codes now come part by part: the same registry, in another order.
            let (code, out, err) = run(errdex().args([
                "diff",
                tmp.path().join("one/errors.yaml").to_str().unwrap(),
                tmp.path().join("split/errors.yaml").to_str().unwrap(),
            ]));
            assert_eq!(code, 0, "{case} --by {by}: {out}{err}");
            assert_eq!(
                one.keys().collect::<Vec<_>>(),
                split.keys().collect::<Vec<_>>(),
                "{case} --by {by}: the same files"
            );
        } else {
            same_bytes += 1;
            let differ: Vec<&String> = one
                .iter()
                .filter(|(file, bytes)| split.get(*file) != Some(*bytes))
                .map(|(file, _)| file)
                .collect();
            assert!(
                differ.is_empty() && one.len() == split.len(),
                "{case} --by {by}: the split registry generates other bytes in {differ:?}"
            );
        }
    }
    // The real registries are written namespace by namespace: their bytes do not move
    // (split by code, those whose codes were not in code order within a namespace move).
    assert!(
        same_bytes >= 10,
        "only {same_bytes} splits kept their bytes"
    );
}

/// The text moves as it was: comments above an entry go with it, and the root keeps
/// everything else.
#[test]
fn the_text_moves_with_its_comments_and_owners() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("errors.yaml");
    std::fs::copy(repo().join("tests/fixtures/split-one/errors.yaml"), &root).unwrap();
    let before = std::fs::read_to_string(&root).unwrap();
    // A namespace misspelt: the nearest one and the list, nothing written.
    let (code, _, err) = run(errdex().current_dir(tmp.path()).args([
        "split",
        "--dir",
        "teams",
        "--owner",
        "BILL=@acme/billing",
    ]));
    assert_eq!(code, 64, "{err}");
    assert!(
        err.contains("no namespace `BILL`") && err.contains("did you mean `BIL`? The namespaces: "),
        "{err}"
    );
    assert!(!tmp.path().join("teams").exists());
    let (code, out, err) = run(errdex().current_dir(tmp.path()).args([
        "split",
        "--catalogue",
        "errors.yaml",
        "--dir",
        "teams",
        "--owner",
        "BIL=@acme/billing",
    ]));
    assert_eq!(code, 0, "{out}{err}");
    let after = std::fs::read_to_string(&root).unwrap();
    let mut parts = String::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(tmp.path().join("teams"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for f in &files {
        parts.push_str(&std::fs::read_to_string(f).unwrap());
    }
    // Every line of the one file is in the root or in a part, once (but the moved
    // sections' keys and blank lines).
    for line in before.lines().filter(|l| !l.trim().is_empty()) {
        let found = after.lines().filter(|l| *l == line).count()
            + parts.lines().filter(|l| *l == line).count();
        assert!(
            found >= 1 || line == "errors:" || line == "namespaces:",
            "lost: {line:?}"
        );
    }
    let billing = std::fs::read_to_string(tmp.path().join("teams/bil.yaml"))
        .or_else(|_| {
            files
                .iter()
                .find(|f| std::fs::read_to_string(f).unwrap().contains("  BIL:"))
                .map(std::fs::read_to_string)
                .unwrap()
        })
        .unwrap();
    // The owner, and the namespace's code prefix as the part's `prefix`.
    assert!(
        billing.contains("part:\n  owner: \"@acme/billing\"\n  prefix: \"ACM-BIL-\"\n"),
        "{billing}"
    );
    // So `errdex new` finds the next code of the part at once.
    let billing_file = files
        .iter()
        .find(|f| std::fs::read_to_string(f).unwrap().contains("  BIL:"))
        .unwrap()
        .strip_prefix(tmp.path())
        .unwrap()
        .to_path_buf();
    let (code, out, err) = run(errdex().current_dir(tmp.path()).args([
        "new",
        "BIL_SPLIT_LATER",
        "--part",
        billing_file.to_str().unwrap(),
        "--category",
        "invalid",
        "--summary",
        "Added after the split",
    ]));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("ACM-BIL-"), "{out}");
    // The owner reaches CODEOWNERS through the part.
    let (code, out, err) = run(errdex().current_dir(tmp.path()).args([
        "generate",
        "--catalogue",
        "errors.yaml",
        "--codeowners",
        "CODEOWNERS",
    ]));
    assert_eq!(code, 0, "{out}{err}");
    let owners = std::fs::read_to_string(tmp.path().join("CODEOWNERS")).unwrap();
    assert!(owners.contains(" @acme/billing\n"), "{owners}");
}

/// Flow style cannot be cut by lines, an existing part file is never overwritten, and a
/// root that already has parts is left alone: each refused with nothing written.
#[test]
fn what_cannot_be_split_is_refused_and_nothing_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("errors.yaml");
    let one = std::fs::read_to_string(repo().join("examples/runtime/errors.yaml")).unwrap();

    let flow = format!(
        "{}namespaces: {{ A: {{ title: A }} }}\nerrors: {{}}\n",
        one.split("\nnamespaces:").next().unwrap().to_string() + "\n"
    );
    std::fs::write(&root, &flow).unwrap();
    let (code, _, err) =
        run(errdex()
            .current_dir(tmp.path())
            .args(["split", "--catalogue", "errors.yaml"]));
    assert_ne!(code, 0);
    assert!(err.contains("flow style"), "{err}");
    assert_eq!(std::fs::read_to_string(&root).unwrap(), flow);
    assert!(!tmp.path().join("errors").exists());

    std::fs::write(&root, &one).unwrap();
    std::fs::create_dir(tmp.path().join("errors")).unwrap();
    let (code, out, _) = run(errdex().current_dir(tmp.path()).args([
        "split",
        "--catalogue",
        "errors.yaml",
        "--format",
        "json",
    ]));
    assert_eq!(code, 0, "{out}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let first = json["parts"][0].as_str().unwrap().to_string();
    // Again from the one file: its first part file exists now.
    std::fs::write(&root, &one).unwrap();
    let existing = std::fs::read(tmp.path().join(&first)).unwrap();
    let (code, _, err) =
        run(errdex()
            .current_dir(tmp.path())
            .args(["split", "--catalogue", "errors.yaml"]));
    assert_ne!(code, 0);
    assert!(err.contains("exists"), "{err}");
    assert_eq!(std::fs::read_to_string(&root).unwrap(), one);
    assert_eq!(std::fs::read(tmp.path().join(&first)).unwrap(), existing);

    // A root with parts already.
    let (code, _, err) = run(errdex()
        .current_dir(repo().join("tests/fixtures/split"))
        .args(["split", "--catalogue", "errors.yaml"]));
    assert_ne!(code, 0);
    assert!(err.contains("already lists parts"), "{err}");
}

/// Codes of no namespace declared after the namespaced ones go to `<dir>/general.yaml`,
/// listed last, so the registry keeps its order: the outputs generated before the split are
/// still up to date after it (`generate --check`), and `split` says nothing was reordered.
#[test]
fn codes_without_a_namespace_keep_their_place() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("errors.yaml"), LOOSE_LAST).unwrap();
    let (code, out, err) = run(errdex().current_dir(tmp.path()).arg("generate"));
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = run(errdex()
        .current_dir(tmp.path())
        .args(["split", "--format", "json"]));
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["reordered"], false, "{out}");
    assert_eq!(
        v["parts"],
        serde_json::json!(["errors/api.yaml", "errors/repo.yaml", "errors/general.yaml"])
    );
    let general = std::fs::read_to_string(tmp.path().join("errors/general.yaml")).unwrap();
    assert!(general.contains("errors:\n  MAINTENANCE:"), "{general}");
    // The root names the catalogue's own schema: each part names its own part schema.
    let api = std::fs::read_to_string(tmp.path().join("errors/api.yaml")).unwrap();
    assert!(
        api.starts_with(
            "# yaml-language-server: $schema=../generated/schema/errors.part.schema.json\n"
        ),
        "{api}"
    );
    let (code, out, err) = run(errdex()
        .current_dir(tmp.path())
        .args(["generate", "--check"]));
    assert_eq!(code, 0, "{out}{err}");
}

/// A catalogue with codes of no namespace declared last, naming its own editor schema.
const LOOSE_LAST: &str = "# yaml-language-server: $schema=generated/schema/errors.schema.json\nerrdex: 1\nregistry: { name: acme }\ndocs: { links: external }\ncategories:\n  invalid: { summary: Bad input, retryable: false, exit_code: 1, http_status: 400, jsonrpc_code: -32602 }\nnamespaces:\n  API: { title: API, summary: The API, code_prefix: A- }\n  REPO: { title: Repositories, summary: Repositories, code_prefix: R- }\nerrors:\n  API_GONE: { code: A-001, namespace: API, category: invalid, summary: Gone, message: gone }\n  REPO_LOCKED: { code: R-001, namespace: REPO, category: invalid, summary: Locked, message: locked }\n  MAINTENANCE: { code: G-001, category: invalid, summary: Down, message: down }\n";

/// `--by code` beside the catalogue's own schema: each `_part.yaml` names the own part
/// schema, each `<CODE>.yaml` the own entry schema, and so does the file `errors new` adds.
#[test]
fn by_code_files_name_the_catalogues_own_schemas() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("errors.yaml"), LOOSE_LAST).unwrap();
    let (code, out, err) = run(errdex()
        .current_dir(tmp.path())
        .args(["split", "--by", "code"]));
    assert_eq!(code, 0, "{out}{err}");
    let read = |rel: &str| std::fs::read_to_string(tmp.path().join(rel)).unwrap();
    assert!(read("errors/api/_part.yaml").starts_with(
        "# yaml-language-server: $schema=../../generated/schema/errors.part.schema.json\n"
    ));
    assert!(read("errors/api/A-001.yaml").starts_with(
        "# yaml-language-server: $schema=../../generated/schema/errors.entry.schema.json\n"
    ));
    let (code, out, err) = run(errdex().current_dir(tmp.path()).args([
        "new",
        "API_MOVED",
        "--part",
        "errors/api",
        "--category",
        "invalid",
        "--summary",
        "Moved",
    ]));
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        read("errors/api/A-002.yaml").starts_with("# yaml-language-server: $schema=../../generated/schema/errors.entry.schema.json\nname: API_MOVED\n"),
        "{}",
        read("errors/api/A-002.yaml")
    );

    // The folder moved one level down, its files' lines left as they were: lint warns
    // about each (EDX0814), and `new` writes the line that works, from the root's.
    std::fs::create_dir_all(tmp.path().join("errors/teams")).unwrap();
    std::fs::rename(
        tmp.path().join("errors/api"),
        tmp.path().join("errors/teams/api"),
    )
    .unwrap();
    let root = read("errors.yaml").replace("errors/api", "errors/teams/api");
    std::fs::write(tmp.path().join("errors.yaml"), root).unwrap();
    let (code, out, err) = run(errdex()
        .current_dir(tmp.path())
        .args(["lint", "--format", "json"]));
    assert_eq!(code, 0, "{out}{err}");
    let astray: Vec<serde_json::Value> = serde_json::from_str::<Vec<serde_json::Value>>(&out)
        .unwrap()
        .into_iter()
        .filter(|d| d["code"] == "EDX0814")
        .collect();
    assert_eq!(astray.len(), 3, "{out}");
    assert!(
        astray.iter().all(|d| d["suggestion"]
            .as_str()
            .unwrap()
            .contains("$schema=../../../generated/schema/errors.")),
        "{out}"
    );
    let (code, out, err) = run(errdex().current_dir(tmp.path()).args([
        "new",
        "API_AFTER_THE_MOVE",
        "--part",
        "errors/teams/api",
        "--category",
        "invalid",
        "--summary",
        "After the move",
    ]));
    assert_eq!(code, 0, "{out}{err}");
    let added = read("errors/teams/api/A-003.yaml");
    assert!(
        added.starts_with(
            "# yaml-language-server: $schema=../../../generated/schema/errors.entry.schema.json\n"
        ),
        "{added}"
    );
}
