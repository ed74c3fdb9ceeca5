//! End-to-end tests of `errdex diff` and `errdex init` with the built binary: exit codes
//! (from errdex's own errors.yaml), JSON output, `--against-git` in a temporary git
//! repository, deprecation and retirement through the command, and `init` never
//! overwriting.

#![allow(clippy::unwrap_used)]

#[path = "../../codegen/tests/testkit/mod.rs"]
mod testkit;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn errdex() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_errdex"));
    c.env("NO_COLOR", "1");
    c
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn corpus(case: &str) -> PathBuf {
    repo_root().join("tests/diff").join(case)
}

fn base() -> PathBuf {
    repo_root().join("tests/diff/base.yaml")
}

/// The exit code errdex's own catalogue gives one of its codes.
fn exit_of(code: &str) -> i32 {
    let src = std::fs::read_to_string(repo_root().join("errors.yaml")).unwrap();
    let cat = errdex_codegen::load_str(&src, "errors.yaml")
        .catalogue
        .expect("errdex's own errors.yaml is valid");
    i32::from(
        cat.lookup(code)
            .unwrap_or_else(|| panic!("{code}"))
            .exit_code,
    )
}

fn run(cmd: &mut Command) -> (i32, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = cmd.output().expect("run errdex");
    (
        status.code().expect("exit code"),
        String::from_utf8(stdout).unwrap(),
        String::from_utf8(stderr).unwrap(),
    )
}

fn diff(old: &Path, new: &Path, json: bool) -> (i32, String, String) {
    let mut c = errdex();
    c.arg("diff").arg(old).arg(new);
    if json {
        c.args(["--format", "json"]);
    }
    run(&mut c)
}

#[test]
fn identical_catalogues_exit_zero() {
    let (code, out, _) = diff(&base(), &base(), false);
    assert_eq!(code, 0);
    assert!(out.starts_with("no changes between "), "{out}");
}

#[test]
fn compatible_changes_exit_zero_but_are_reported() {
    let (code, out, err) = diff(&base(), &corpus("text-edits").join("new.yaml"), false);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("compatible summary-changed"), "{out}");
    assert!(!out.contains("BREAKING"), "{out}");
    assert!(err.is_empty(), "{err}");
    assert!(
        out.trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("0 breaking, 7 compatible change(s)"),
        "{out}"
    );
}

#[test]
fn breaking_changes_exit_with_edx1005() {
    let (code, out, err) = diff(&base(), &corpus("category-changed").join("new.yaml"), false);
    assert_eq!(code, exit_of("EDX1005"), "{out}{err}");
    assert_ne!(code, 0);
    assert!(out.contains("code ACM-NET-002 (NET_REFUSED)"), "{out}");
    assert!(
        out.contains("BREAKING   category-changed: category: unavailable → config"),
        "{out}"
    );
    assert!(out.contains("fix: "), "{out}");
    assert!(
        err.contains("error[EDX1005]: 2 breaking change(s)"),
        "{err}"
    );
}

/// A code moved to a new code, and its old code given to a new entry: two subjects, each
/// placed at its own entry — the reuse is not filed under the moved entry's heading.
#[test]
fn a_reused_code_is_its_own_subject() {
    let new = corpus("code-moved-and-reused").join("new.yaml");
    let (code, out, err) = diff(&base(), &new, false);
    assert_eq!(code, exit_of("EDX1005"), "{out}{err}");
    let blocks: Vec<&str> = out.split("\n\n").collect();
    let moved = blocks
        .iter()
        .find(|b| b.starts_with("code ACM-FRM-002 (FRM_TOO_LONG) at "))
        .unwrap_or_else(|| panic!("{out}"));
    let reused = blocks
        .iter()
        .find(|b| b.starts_with("code ACM-FRM-002 (FRM_EXPIRED) at "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        moved.contains("code-changed:") && !moved.contains("code-reused:"),
        "{out}"
    );
    assert!(
        reused.contains("code-reused:") && !reused.contains("code-changed:"),
        "{out}"
    );
    // Each heading is its entry's place in NEW, as the JSON report's `at`.
    let (_, json, _) = diff(&base(), &new, true);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    for (block, kind) in [(moved, "code-changed"), (reused, "code-reused")] {
        let f = v["findings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["kind"] == kind)
            .unwrap();
        let at = format!(":{}:{}\n", f["at"]["line"], f["at"]["column"]);
        assert!(block.contains(&at), "{kind}: {at:?} in {block}");
    }
}

#[test]
fn json_report_parses_and_counts() {
    let (code, out, _) = diff(&base(), &corpus("param-added").join("new.yaml"), true);
    assert_eq!(code, exit_of("EDX1005"));
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON on stdout");
    assert_eq!(v["breaking"], 1);
    assert_eq!(v["compatible"], 1);
    let f = &v["findings"][0];
    assert_eq!(f["kind"], "param-added");
    assert_eq!(f["breaking"], true);
    assert_eq!(f["scope"], "code");
    assert_eq!(f["code"], "ACM-FRM-001");
    assert_eq!(f["name"], "FRM_VALIDATION");
    assert_eq!(f["field"], "params.form");
    assert_eq!(f["old"], serde_json::Value::Null);
    assert_eq!(f["new"], "form: string");
    assert!(
        f["advice"]
            .as_str()
            .unwrap()
            .contains("Error::frm_validation")
    );

    let (code, out, _) = diff(&base(), &base(), true);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["findings"].as_array().unwrap().len(), 0);
}

/// Every pair of the corpus through the binary: exit status 0 exactly when the corpus
/// expects nothing breaking.
#[test]
fn corpus_exit_codes() {
    let mut dirs: Vec<_> = std::fs::read_dir(repo_root().join("tests/diff"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 40);
    for d in dirs {
        let old = if d.join("old.yaml").exists() {
            d.join("old.yaml")
        } else {
            base()
        };
        let expect = std::fs::read_to_string(d.join("expect.txt")).unwrap();
        let breaking = expect.lines().any(|l| l.starts_with("breaking "));
        let (code, out, err) = diff(&old, &d.join("new.yaml"), true);
        let want = if breaking { exit_of("EDX1005") } else { 0 };
        assert_eq!(code, want, "{}:\n{out}{err}", d.display());
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            v["breaking"].as_u64().unwrap() > 0,
            breaking,
            "{}",
            d.display()
        );
    }
}

/// Deprecate, then retire: each step is compatible; skipping the tombstone or reusing the
/// code is not.
#[test]
fn deprecation_and_retirement_lifecycle() {
    let dir = tempfile::tempdir().unwrap();
    let v1 = std::fs::read_to_string(base()).unwrap();
    let entry = "  FRM_TOO_LONG:\n    code: ACM-FRM-002\n    namespace: FRM\n    category: invalid\n    summary: A field is too long\n    message: \"{field} is longer than {limit} characters\"\n    params:\n      field: string\n      limit: integer\n";
    assert!(v1.contains(entry));
    let v2 = v1.replace(
        entry,
        &format!(
            "{entry}    deprecated: {{ since: \"1.4.0\", replaced_by: FRM_VALIDATION, note: \"use FRM_VALIDATION\" }}\n"
        ),
    );
    let tomb = "  ACM-FRM-002: { name: FRM_TOO_LONG, since: \"2.0.0\", note: \"merged into FRM_VALIDATION\" }\n";
    let v3 = format!("{}{tomb}", v2.replace(&format!("{entry}    deprecated: {{ since: \"1.4.0\", replaced_by: FRM_VALIDATION, note: \"use FRM_VALIDATION\" }}\n"), ""));
    let removed = v1.replace(entry, "");
    let reused = v1.replace(
        entry,
        "  FRM_TOO_WIDE:\n    code: ACM-FRM-002\n    namespace: FRM\n    category: invalid\n    summary: Too wide\n    message: too wide\n",
    );
    let files: Vec<PathBuf> = [
        ("v1", &v1),
        ("v2", &v2),
        ("v3", &v3),
        ("removed", &removed),
        ("reused", &reused),
    ]
    .iter()
    .map(|(n, t)| {
        let p = dir.path().join(format!("{n}.yaml"));
        std::fs::write(&p, t).unwrap();
        p
    })
    .collect();
    let [v1, v2, v3, removed, reused] = &files[..] else {
        unreachable!()
    };
    // Deprecating: compatible.
    let (code, out, _) = diff(v1, v2, false);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("compatible deprecated: deprecated: (none) → \"deprecated, since 1.4.0, replaced by FRM_VALIDATION, note: use FRM_VALIDATION\""), "{out}");
    // Retiring the deprecated code: compatible, no advice to deprecate first.
    let (code, out, _) = diff(v2, v3, false);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("compatible code-retired: retired: live → \"retired since 2.0.0\""),
        "{out}"
    );
    assert!(!out.contains("note: `ErrorCode::"), "{out}");
    // Retiring without deprecating first: compatible, with a note.
    let (code, out, _) = diff(v1, v3, false);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("deprecating a code for a release before retiring it"),
        "{out}"
    );
    // Removing without a tombstone: breaking, and the fix says to retire it.
    let (code, out, _) = diff(v1, removed, false);
    assert_eq!(code, exit_of("EDX1005"), "{out}");
    assert!(out.contains("BREAKING   code-removed"), "{out}");
    assert!(
        out.contains("Move it to the root catalogue's `retired:`"),
        "{out}"
    );
    // Dropping the tombstone to reuse the code: breaking.
    let (code, out, _) = diff(v3, reused, false);
    assert_eq!(code, exit_of("EDX1005"), "{out}");
    assert!(out.contains("BREAKING   retired-code-reused"), "{out}");
    // The new catalogue itself refuses a retired code in use (EDX0209): diff reports the
    // diagnostic and exits with its code.
    let both = dir.path().join("both.yaml");
    std::fs::write(
        &both,
        format!("{}{tomb}", std::fs::read_to_string(reused).unwrap()),
    )
    .unwrap();
    let (code, _, err) = diff(v3, &both, false);
    assert_eq!(code, exit_of("EDX0209"), "{err}");
    assert!(err.contains("EDX0209"), "{err}");
}

#[test]
fn invalid_catalogue_reports_diagnostics() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.yaml");
    std::fs::write(
        &bad,
        std::fs::read_to_string(base()).unwrap().replace(
            "    retryable: false\n    exit_code: 3\n",
            "    retryble: false\n    exit_code: 3\n",
        ),
    )
    .unwrap();
    let first = errdex_codegen::load_str(&std::fs::read_to_string(&bad).unwrap(), "bad.yaml")
        .diagnostics
        .into_iter()
        .find(|d| d.severity() == errdex_codegen::Severity::Error)
        .expect("an error");
    let (code, out, err) = diff(&base(), &bad, false);
    assert_eq!(code, exit_of(first.code.as_str()), "{err}");
    assert_ne!(code, 0);
    assert!(err.contains("retryble"), "{err}");
    assert!(err.contains("error[EDX1009]"), "{err}");
    assert!(out.is_empty(), "{out}");
    let (code2, out, _) = diff(&base(), &bad, true);
    assert_eq!(code2, code);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert!(!v["diagnostics"].as_array().unwrap().is_empty());
}

#[test]
fn unreadable_file_and_bad_usage() {
    let (code, _, err) = diff(&base(), Path::new("/nonexistent/errors.yaml"), false);
    assert_eq!(code, exit_of("EDX1001"), "{err}");
    assert!(err.contains("error[EDX1001]"), "{err}");
    let (code, _, err) = run(errdex().arg("diff").arg(base()));
    assert_eq!(code, exit_of("EDX1002"), "{err}");
    let (code, _, err) = run(errdex().args(["diff", "--against-git", "HEAD", "a", "b"]));
    assert_eq!(code, exit_of("EDX1002"), "{err}");
}

// ---------------------------------------------------------------- --against-git

fn have_git() -> bool {
    testkit::tool::require_tool("errdex diff --against-git", testkit::tool::program("git"))
        .is_some()
}

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .args([
            "-c",
            "user.name=errdex test",
            "-c",
            "user.email=test@example.invalid",
            "-c",
            "commit.gpgsign=false",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The old catalogue's imports are read at the same revision: the pin of the old side
/// (2.1.0) matches the platform as committed, not the upgraded one in the working tree.
#[test]
fn against_git_reads_imports_at_the_revision() {
    if !have_git() {
        return;
    }
    let repo = tempfile::tempdir().unwrap();
    let root = repo.path();
    let imports = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/imports");
    for case in ["platform", "orders"] {
        std::fs::create_dir(root.join(case)).unwrap();
        std::fs::copy(
            imports.join(case).join("errors.yaml"),
            root.join(case).join("errors.yaml"),
        )
        .unwrap();
    }
    git(root, &["init", "-q"]);
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "platform 2.1.0"]);
    let edit = |path: &Path, from: &str, to: &str| {
        let text = std::fs::read_to_string(path).unwrap();
        assert!(text.contains(from), "{from}");
        std::fs::write(path, text.replacen(from, to, 1)).unwrap();
    };
    let platform = root.join("platform/errors.yaml");
    edit(&platform, "version: 2.1.0", "version: 2.2.0");
    edit(
        &platform,
        "    aliases: [NO_TOKEN]\n",
        "    aliases: [NO_TOKEN]\n    http_status: 403\n",
    );
    // A category only the platform has: the upgrade's too, not this catalogue's to keep.
    edit(
        &platform,
        "    exit_code: 75\n    http_status: 429\n",
        "    exit_code: 75\n    http_status: 503\n",
    );
    edit(
        &root.join("orders/errors.yaml"),
        "version: 2.1.0",
        "version: 2.2.0",
    );
    let (code, out, err) = run(errdex().current_dir(root).args([
        "diff",
        "--against-git",
        "HEAD",
        "orders/errors.yaml",
    ]));
    assert_eq!(code, exit_of("EDX1005"), "{out}{err}");
    assert!(
        out.contains("compatible import-changed: imports.platform.version: 2.1.0 → 2.2.0"),
        "{out}"
    );
    assert!(
        out.contains("code PLT-002 (TOKEN_MISSING), from import `platform`")
            && out.contains("BREAKING   http-status-changed: http_status: 401 → 403"),
        "{out}"
    );
    // The fix an importer can follow: not a per-code override, which it cannot write.
    assert!(
        out.contains("fix: The code is import `platform`'s: the change came with the imported registry (2.1.0 → 2.2.0)")
            && out.contains("Keep `version: 2.1.0`"),
        "{out}"
    );
    assert!(!out.contains("per-code override"), "{out}");
    assert!(
        out.contains("category rate_limited, from import `platform`")
            && out.contains("fix: The category is import `platform`'s: the change came with the imported registry (2.1.0 → 2.2.0)"),
        "{out}"
    );
    // What the upgrade brought is placed at the edit that brought it: the pin, line 17.
    for subject in [
        "code PLT-002 (TOKEN_MISSING), from import `platform`",
        "category rate_limited, from import `platform`",
        "registry",
    ] {
        assert!(
            out.contains(&format!("{subject} at orders/errors.yaml:17:14\n")),
            "{subject}: {out}"
        );
    }
    let (_, out, err) = run(errdex().current_dir(root).args([
        "diff",
        "--against-git",
        "HEAD",
        "orders/errors.yaml",
        "--format",
        "github",
    ]));
    assert!(
        out.lines().any(|l| l.starts_with(
            "::error file=orders/errors.yaml,line=17,col=14,title=http-status-changed::category rate_limited, from import `platform`"
        )),
        "{out}{err}"
    );
    let (_, out, err) = run(errdex().current_dir(root).args([
        "diff",
        "--against-git",
        "HEAD",
        "orders/errors.yaml",
        "--format",
        "json",
    ]));
    let v: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    let findings = v["findings"].as_array().unwrap();
    let status = findings
        .iter()
        .find(|f| f["kind"] == "http-status-changed")
        .unwrap();
    assert_eq!(status["import"], "platform");
    let registry = findings
        .iter()
        .find(|f| f["kind"] == "import-changed")
        .unwrap();
    assert_eq!(registry["import"], serde_json::Value::Null);
    assert_eq!(
        registry["at"],
        serde_json::json!({"side": "new", "file": "orders/errors.yaml", "line": 17, "column": 14})
    );
    let category = findings
        .iter()
        .find(|f| f["scope"] == "category" && f["code"] == "rate_limited")
        .unwrap();
    assert_eq!(category["import"], "platform");
}

/// An import in another repository (the platform checked out beside the service) has no
/// version at the service's revision: refused, naming both repositories, instead of read at
/// whatever the platform's own history holds under that name.
#[test]
fn against_git_refuses_an_import_in_another_repository() {
    if !have_git() {
        return;
    }
    let top = tempfile::tempdir().unwrap();
    let imports = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/imports");
    for case in ["platform", "orders"] {
        let dir = top.path().join(case);
        std::fs::create_dir(&dir).unwrap();
        std::fs::copy(
            imports.join(case).join("errors.yaml"),
            dir.join("errors.yaml"),
        )
        .unwrap();
        git(&dir, &["init", "-q"]);
        git(&dir, &["add", "."]);
        git(&dir, &["commit", "-q", "-m", case]);
    }
    let (code, out, err) = run(errdex().current_dir(top.path().join("orders")).args([
        "diff",
        "--against-git",
        "HEAD",
    ]));
    assert_ne!(code, 0, "{out}{err}");
    assert!(
        err.contains("error[EDX0901]: import `platform`: cannot read `../platform/errors.yaml`: it is in the repository ")
            && err.contains("so it has no version at HEAD"),
        "{err}"
    );
}

/// The platform split by `errdex split --by code` (a folder of one file per code): the
/// orders service's import reads the platform's parts at the revision too, so a status
/// moved in one code's file is found.
#[test]
fn against_git_reads_an_imported_registrys_parts_at_the_revision() {
    if !have_git() {
        return;
    }
    let repo = tempfile::tempdir().unwrap();
    let root = repo.path();
    let imports = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/imports");
    for case in ["platform", "orders"] {
        std::fs::create_dir(root.join(case)).unwrap();
        std::fs::copy(
            imports.join(case).join("errors.yaml"),
            root.join(case).join("errors.yaml"),
        )
        .unwrap();
    }
    let (code, out, err) = run(errdex().current_dir(root.join("platform")).args([
        "split",
        "--catalogue",
        "errors.yaml",
        "--by",
        "code",
    ]));
    assert_eq!(code, 0, "{out}{err}");
    let token = root.join("platform/errors/auth/PLT-002.yaml");
    assert!(token.is_file(), "{out}");
    git(root, &["init", "-q"]);
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "platform 2.1.0, split"]);
    let edit = |path: &Path, from: &str, to: &str| {
        let text = std::fs::read_to_string(path).unwrap();
        assert!(text.contains(from), "{from}");
        std::fs::write(path, text.replacen(from, to, 1)).unwrap();
    };
    edit(
        &root.join("platform/errors.yaml"),
        "version: 2.1.0",
        "version: 2.2.0",
    );
    edit(
        &token,
        "aliases: [NO_TOKEN]\n",
        "aliases: [NO_TOKEN]\nhttp_status: 403\n",
    );
    edit(
        &root.join("orders/errors.yaml"),
        "version: 2.1.0",
        "version: 2.2.0",
    );
    let (code, out, err) = run(errdex().current_dir(root).args([
        "diff",
        "--against-git",
        "HEAD",
        "orders/errors.yaml",
    ]));
    assert_eq!(code, exit_of("EDX1005"), "{out}{err}");
    assert!(
        out.contains("code PLT-002 (TOKEN_MISSING)")
            && out.contains("BREAKING   http-status-changed: http_status: 401 → 403"),
        "{out}"
    );
    // Nothing else moved: the old side read every part (a part left out at the revision
    // would show as removed codes).
    assert!(!out.contains("code-removed"), "{out}");
}

#[test]
fn against_git() {
    if !have_git() {
        return;
    }
    let repo = tempfile::tempdir().unwrap();
    let root = repo.path();
    let api = root.join("api");
    std::fs::create_dir(&api).unwrap();
    std::fs::copy(base(), root.join("errors.yaml")).unwrap();
    std::fs::copy(base(), api.join("errors.yaml")).unwrap();
    git(root, &["init", "-q"]);
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "v1"]);
    git(root, &["tag", "v1"]);

    // Unchanged working tree: nothing to report.
    let (code, out, err) = run(errdex()
        .current_dir(root)
        .args(["diff", "--against-git", "HEAD"]));
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("no changes between HEAD:./errors.yaml and errors.yaml"),
        "{out}"
    );

    // A breaking edit in the working tree, PATH defaulting to errors.yaml.
    std::fs::copy(
        corpus("retryable-changed").join("new.yaml"),
        root.join("errors.yaml"),
    )
    .unwrap();
    let (code, out, _) =
        run(errdex()
            .current_dir(root)
            .args(["diff", "--against-git", "v1", "--format", "json"]));
    assert_eq!(code, exit_of("EDX1005"), "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["old"], "v1:./errors.yaml");
    assert_eq!(v["findings"][0]["kind"], "retryable-changed");

    // A catalogue in a subdirectory: from the root with PATH, and from inside it.
    std::fs::copy(
        corpus("deprecated").join("new.yaml"),
        api.join("errors.yaml"),
    )
    .unwrap();
    let (code, out, err) =
        run(errdex()
            .current_dir(root)
            .args(["diff", "--against-git", "HEAD", "api/errors.yaml"]));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("compatible deprecated"), "{out}");
    let (code, out, err) = run(errdex()
        .current_dir(&api)
        .args(["diff", "--against-git", "HEAD"]));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("compatible deprecated"), "{out}");

    // Committed, then compared with the previous commit.
    git(root, &["commit", "-q", "-am", "v2"]);
    let (code, out, _) = run(errdex()
        .current_dir(root)
        .args(["diff", "--against-git", "HEAD~1"]));
    assert_eq!(code, exit_of("EDX1005"), "{out}");
    assert!(out.contains("BREAKING   retryable-changed"), "{out}");

    // Failures of git are EDX1007: an unknown revision, a file that did not exist then.
    let (code, _, err) =
        run(errdex()
            .current_dir(root)
            .args(["diff", "--against-git", "no-such-rev"]));
    assert_eq!(code, exit_of("EDX1007"), "{err}");
    assert!(
        err.contains("error[EDX1007]: git could not provide `errors.yaml` at `no-such-rev`"),
        "{err}"
    );
    std::fs::copy(base(), root.join("later.yaml")).unwrap();
    let (code, _, err) =
        run(errdex()
            .current_dir(root)
            .args(["diff", "--against-git", "v1", "later.yaml"]));
    assert_eq!(code, exit_of("EDX1007"), "{err}");
    // A revision that looks like an option is not passed to git as one.
    let (code, _, err) = run(errdex()
        .current_dir(root)
        .args(["diff", "--against-git=--output=/tmp/x"]));
    assert_eq!(code, exit_of("EDX1007"), "{err}");

    // Outside any repository.
    let plain = tempfile::tempdir().unwrap();
    std::fs::copy(base(), plain.path().join("errors.yaml")).unwrap();
    let (code, _, err) = run(errdex()
        .current_dir(plain.path())
        .env("GIT_CEILING_DIRECTORIES", plain.path().parent().unwrap())
        .args(["diff", "--against-git", "HEAD"]));
    assert_eq!(code, exit_of("EDX1007"), "{err}");
}

// ----------------------------------------------------------------------- init

#[test]
fn init_writes_a_clean_catalogue_and_never_overwrites() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("my-service");
    let (code, out, err) = run(errdex().arg("init").arg(&dir));
    assert_eq!(code, 0, "{out}{err}");
    let catalogue = dir.join("errors.yaml");
    let text = std::fs::read_to_string(&catalogue).unwrap();
    assert!(
        text.starts_with(
            "# yaml-language-server: $schema=generated/schema/catalogue.schema.json\n"
        )
    );
    assert!(text.contains("name: my_service"), "{text}");
    assert!(dir.join("generated/schema/catalogue.schema.json").is_file());
    assert!(out.contains("[build-dependencies]"), "{out}");
    assert!(
        out.contains("errdex_codegen::Builder::new(\"errors.yaml\")"),
        "{out}"
    );
    assert!(
        out.contains("include!(concat!(env!(\"OUT_DIR\"), \"/errors.rs\"));"),
        "{out}"
    );

    // It lints clean with the real command.
    let (code, _, err) = run(errdex().arg("lint").arg(&catalogue).arg("--deny-warnings"));
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("ok, no problems found"), "{err}");

    // Again: refused with EDX1008's exit code, nothing touched.
    std::fs::write(&catalogue, "# mine\n").unwrap();
    let (code, out, err) = run(errdex().arg("init").arg(&dir));
    assert_eq!(code, exit_of("EDX1008"), "{out}{err}");
    assert!(err.contains("error[EDX1008]"), "{err}");
    assert!(err.contains("already exists"), "{err}");
    assert_eq!(std::fs::read_to_string(&catalogue).unwrap(), "# mine\n");

    // The default DIR is the current directory; JSON output for tools.
    let here = tmp.path().join("here");
    std::fs::create_dir(&here).unwrap();
    let (code, out, _) = run(errdex()
        .current_dir(&here)
        .args(["init", "--format", "json"]));
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["registry"], "here");
    assert!(here.join("errors.yaml").is_file());
}

#[test]
fn init_keeps_an_existing_schema_and_refuses_before_writing() {
    let tmp = tempfile::tempdir().unwrap();
    let schema = tmp.path().join("generated/schema/catalogue.schema.json");
    std::fs::create_dir_all(schema.parent().unwrap()).unwrap();
    std::fs::write(&schema, "{}").unwrap();
    let (code, out, _) = run(errdex().arg("init").arg(tmp.path()));
    assert_eq!(code, 0);
    assert!(out.contains("left as it was"), "{out}");
    assert_eq!(std::fs::read_to_string(&schema).unwrap(), "{}");

    // errors.yaml present (even as a dangling symlink): nothing is created.
    let other = tempfile::tempdir().unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink("/nonexistent/target", other.path().join("errors.yaml")).unwrap();
    #[cfg(not(unix))]
    std::fs::write(other.path().join("errors.yaml"), "").unwrap();
    let (code, _, _) = run(errdex().arg("init").arg(other.path()));
    assert_eq!(code, exit_of("EDX1008"));
    assert!(!other.path().join("generated").exists());
}

/// The schema `init` writes is byte for byte what `errdex generate` writes there.
#[test]
fn init_schema_matches_generate() {
    let tmp = tempfile::tempdir().unwrap();
    let (code, _, _) = run(errdex().arg("init").arg(tmp.path()));
    assert_eq!(code, 0);
    let schema = tmp.path().join("generated/schema/catalogue.schema.json");
    let from_init = std::fs::read(&schema).unwrap();
    let (code, out, err) = run(errdex().current_dir(tmp.path()).args(["generate"]));
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(std::fs::read(&schema).unwrap(), from_init);
}

/// A rename's advice names what changes in every target's code, from the target table:
/// each identifier that user code names (`idents::IDENTS` rows with a `usage` form), old →
/// new, under its language — Python's too, which landed after the advice was first written.
#[test]
fn rename_advice_names_every_target_identifier() {
    let new = corpus("renamed-old-name-as-alias").join("new.yaml");
    let (_, stdout, _) = diff(&base(), &new, true);
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let advice = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["kind"] == "renamed")
        .and_then(|f| f["advice"].as_str())
        .expect("a renamed finding with advice")
        .to_string();
    let old = errdex_codegen::ir::EntryIds::derive("FRM_TOO_LONG");
    let renamed = errdex_codegen::ir::EntryIds::derive("FRM_FIELD_TOO_LONG");
    for ((spec, a), (_, b)) in old.each().zip(renamed.each()) {
        if spec.usage.is_empty() {
            continue;
        }
        let change = format!("`{}` → `{}`", spec.show(a), spec.show(b));
        assert!(
            advice.contains(&change),
            "{}: {change} missing from: {advice}",
            spec.key
        );
        assert!(advice.contains(spec.language()), "{advice}");
    }
}
