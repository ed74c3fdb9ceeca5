//! End-to-end `errdex generate`: deterministic, all-or-nothing, unchanged files untouched.

use std::path::{Path, PathBuf};
use std::process::Command;

fn errdex() -> Command {
    Command::new(env!("CARGO_BIN_EXE_errdex"))
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("readable").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).expect("inside").to_path_buf();
                out.push((rel, std::fs::read(&p).expect("readable")));
            }
        }
    }
    out.sort();
    out
}

fn generate_in(dir: &Path, fixture: &str) -> std::process::Output {
    std::fs::copy(
        repo().join(format!("tests/fixtures/{fixture}/errors.yaml")),
        dir.join("errors.yaml"),
    )
    .expect("copy fixture");
    errdex()
        .args(["generate", "--catalogue"])
        .arg(dir.join("errors.yaml"))
        .output()
        .expect("runs")
}

#[test]
fn same_catalogue_on_two_paths_gives_identical_bytes() {
    for fixture in ["acme", "full", "hostile", "postgres"] {
        let a = tempfile::tempdir().expect("tempdir");
        let b = tempfile::tempdir().expect("tempdir");
        let nested = b.path().join("some/deeper/place");
        std::fs::create_dir_all(&nested).expect("mkdir");
        let out_a = generate_in(a.path(), fixture);
        assert!(
            out_a.status.success(),
            "{fixture}: {}",
            String::from_utf8_lossy(&out_a.stderr)
        );
        let out_b = generate_in(&nested, fixture);
        assert!(out_b.status.success());
        let fa = files(a.path());
        let fb = files(&nested);
        assert!(fa.len() > 3, "{fixture}: only {} files", fa.len());
        assert_eq!(fa, fb, "{fixture}: outputs differ between paths");
        // A second run in place changes nothing and rewrites nothing.
        let before: Vec<_> = fa
            .iter()
            .filter(|(p, _)| p != Path::new("errors.yaml"))
            .map(|(p, _)| {
                let m = std::fs::metadata(a.path().join(p)).expect("meta");
                (p.clone(), m.modified().expect("mtime"))
            })
            .collect();
        let again = generate_in(a.path(), fixture);
        assert!(again.status.success());
        assert!(
            String::from_utf8_lossy(&again.stderr).contains("0 file(s) written"),
            "{}",
            String::from_utf8_lossy(&again.stderr)
        );
        assert_eq!(files(a.path()), fa);
        for (p, t) in before {
            let now = std::fs::metadata(a.path().join(&p))
                .expect("meta")
                .modified()
                .expect("mtime");
            assert_eq!(now, t, "{fixture}: {} was rewritten", p.display());
        }
    }
}

#[test]
fn check_reports_stale_files_with_a_diff_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    assert!(generate_in(dir.path(), "acme").status.success());
    let target = files(dir.path())
        .into_iter()
        .find(|(p, _)| p.extension().is_some_and(|x| x == "json"))
        .expect("a JSON output")
        .0;
    let path = dir.path().join(&target);
    let mut text = std::fs::read_to_string(&path).expect("read");
    text.push_str("tampered\n");
    std::fs::write(&path, &text).expect("write");
    let before = files(dir.path());
    let out = errdex()
        .args(["generate", "--check", "--catalogue"])
        .arg(dir.path().join("errors.yaml"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1), "EDX1004's exit code");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("-tampered"), "{stdout}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("error[EDX1004]"));
    assert_eq!(files(dir.path()), before, "--check wrote something");
}

#[test]
fn a_failed_write_reports_what_was_and_was_not_written() {
    let dir = tempfile::tempdir().expect("tempdir");
    assert!(generate_in(dir.path(), "acme").status.success());
    // A non-empty directory where a generated file belongs: the rename over it fails, even
    // for root (a read-only directory would not stop root).
    let blocked = dir.path().join("generated/schema/registry.json");
    std::fs::remove_file(&blocked).expect("rm");
    std::fs::create_dir_all(blocked.join("occupied")).expect("mkdir");
    let out = errdex()
        .args(["generate", "--catalogue"])
        .arg(dir.path().join("errors.yaml"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(74), "EDX1003's exit code");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("error[EDX1003]"), "{stderr}");
    assert!(
        stderr.contains("FAILED       generated/schema/registry.json"),
        "{stderr}"
    );
    assert!(stderr.contains("unchanged"), "{stderr}");
    // No temporary file is left behind.
    let leftovers: Vec<_> = std::fs::read_dir(dir.path().join("generated/schema"))
        .expect("readable")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains("errdex-tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// A file an earlier run generated that the catalogue no longer produces (the page of a
/// removed namespace, say) makes `--check` fail and is removed by `generate`; files without
/// this catalogue's header, and files outside the targets' directories, are never touched.
#[test]
fn obsolete_generated_files_are_reported_and_removed() {
    let dir = tempfile::tempdir().expect("tempdir");
    assert!(generate_in(dir.path(), "acme").status.success());
    let root = dir.path();
    let header = "<!-- @generated by errdex from errors.yaml — do not edit -->\n";
    let old_page = root.join("docs-site/src/removed-namespace.md");
    std::fs::write(&old_page, format!("{header}\n# Gone\n")).expect("write");
    let old_ts = root.join("generated/ts/old.d.ts");
    std::fs::write(
        &old_ts,
        "// @generated by errdex from errors.yaml — do not edit\n",
    )
    .expect("write");
    // Not errdex's: no header, another catalogue's header, mdBook's build output, nested
    // under the TypeScript directory.
    let mine = root.join("docs-site/src/handwritten.md");
    std::fs::write(&mine, "# Mine\n").expect("write");
    let other = root.join("generated/schema/other.json");
    std::fs::write(
        &other,
        "{\"$comment\": \"@generated by errdex from other.yaml — do not edit\"}\n",
    )
    .expect("write");
    let book = root.join("docs-site/book/index.html");
    std::fs::create_dir_all(book.parent().expect("parent")).expect("mkdir");
    std::fs::write(&book, header).expect("write");
    let nested = root.join("generated/ts/node_modules/x/index.js");
    std::fs::create_dir_all(nested.parent().expect("parent")).expect("mkdir");
    std::fs::write(
        &nested,
        "// @generated by errdex from errors.yaml — do not edit\n",
    )
    .expect("write");

    let before = files(root);
    let out = errdex()
        .args(["generate", "--check", "--catalogue"])
        .arg(root.join("errors.yaml"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1), "EDX1004's exit code");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("a/docs-site/src/removed-namespace.md"),
        "{stdout}"
    );
    assert!(stdout.contains("a/generated/ts/old.d.ts"), "{stdout}");
    assert!(!stdout.contains("handwritten"), "{stdout}");
    assert_eq!(files(root), before, "--check wrote or removed something");

    let out = errdex()
        .args(["generate", "--catalogue"])
        .arg(root.join("errors.yaml"))
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("2 obsolete removed"), "{stderr}");
    assert!(!old_page.exists() && !old_ts.exists());
    for kept in [&mine, &other, &book, &nested] {
        assert!(kept.exists(), "{} was removed", kept.display());
    }
    let out = errdex()
        .args(["generate", "--check", "--catalogue"])
        .arg(root.join("errors.yaml"))
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// `--rust-file` writes what the build script would (`Builder::emit_to_string` is
/// `emit(load(...))` with the catalogue named as the user wrote it), and `--check` covers it.
#[test]
fn rust_file_is_the_builders_module_and_is_checked() {
    let dir = tempfile::tempdir().expect("tempdir");
    let catalogue = dir.path().join("errors.yaml");
    std::fs::copy(repo().join("tests/fixtures/acme/errors.yaml"), &catalogue).expect("copy");
    let generate = |extra: &[&str]| {
        errdex()
            .args(["generate", "--catalogue"])
            .arg(&catalogue)
            .args(extra)
            .output()
            .expect("runs")
    };
    let out = generate(&["--rust-file", "src/errors.rs"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read_to_string(dir.path().join("src/errors.rs")).expect("written");

    let source = std::fs::read_to_string(&catalogue).expect("readable");
    let cat = errdex_codegen::load_str(&source, "errors.yaml")
        .catalogue
        .expect("valid");
    let options = errdex_codegen::emit::rust::RustOptions::default();
    assert_eq!(written, errdex_codegen::emit::rust::emit(&cat, &options));

    // The Builder itself (an absolute path: its header names the catalogue as given).
    let built = errdex_codegen::Builder::new(&catalogue)
        .cargo_directives(false)
        .emit_to_string()
        .expect("valid");
    let body = |s: &str| s.split_once('\n').map(|(_, rest)| rest.to_string());
    assert_eq!(
        body(&written),
        body(&built),
        "only the header line may differ"
    );
    assert!(written.starts_with("// @generated by errdex from errors.yaml "));

    // Up to date, then stale after a catalogue edit, and `--check` names the Rust file.
    let ok = generate(&["--check", "--rust-file", "src/errors.rs"]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let edited = source.replacen("summary: ", "summary: Edited ", 1);
    assert_ne!(edited, source);
    std::fs::write(&catalogue, edited).expect("write");
    let stale = generate(&["--check", "--rust-file", "src/errors.rs"]);
    assert_eq!(stale.status.code(), Some(1));
    let diff = String::from_utf8_lossy(&stale.stdout);
    assert!(diff.contains("+++ b/src/errors.rs"), "{diff}");

    // With the MCP option the module differs from the default one.
    let out = generate(&[
        "--rust-file",
        "src/errors.rs",
        "--rust-mcp-structured-content",
    ]);
    assert!(out.status.success());
    let with = std::fs::read_to_string(dir.path().join("src/errors.rs")).expect("written");
    assert!(with.contains("ERRDEX_MCP_STRUCTURED_CONTENT: bool = true"));
}

fn copy_tree(from: &Path, to: &Path) {
    for e in std::fs::read_dir(from).expect("readable").flatten() {
        let (src, dst) = (e.path(), to.join(e.file_name()));
        if src.is_dir() {
            std::fs::create_dir_all(&dst).expect("mkdir");
            copy_tree(&src, &dst);
        } else {
            std::fs::copy(&src, &dst).expect("copy");
        }
    }
}

/// `usage.docs`: `generate` scans the tree around the catalogue and lists the places in the
/// docs; `--check` scans again, so it passes on the same tree and fails, with the diff of
/// the docs, once a raise has moved.
#[test]
fn usage_docs_list_places_and_check_rescans() {
    let dir = tempfile::tempdir().expect("tempdir");
    copy_tree(&repo().join("tests/usage-docs"), dir.path());
    let catalogue = dir.path().join("errors.yaml");
    let run = |check: bool| {
        let mut cmd = errdex();
        cmd.args(["generate", "--catalogue"]).arg(&catalogue);
        if check {
            cmd.arg("--check");
        }
        cmd.output().expect("runs")
    };
    let out = run(false);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page_path = dir.path().join("docs-site/src/frm.md");
    let page = std::fs::read_to_string(&page_path).expect("the page");
    assert!(
        page.contains("- <code>src/<wbr>lib.rs:5:20</code>\n"),
        "{page}"
    );
    assert!(page.contains("- and 2 more\n"), "{page}");
    // The generated files (TypeScript, Python) are not places, though they name every code.
    assert!(!page.contains("generated/"), "{page}");
    let out = run(true);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A line above the raises moves them: the docs are stale.
    let lib = dir.path().join("src/lib.rs");
    let text = std::fs::read_to_string(&lib).expect("lib.rs");
    std::fs::write(&lib, format!("// moved\n{text}")).expect("write");
    let out = run(true);
    assert!(!out.status.success());
    let diff = String::from_utf8_lossy(&out.stdout);
    assert!(
        diff.contains("-- <code>src/<wbr>lib.rs:5:20</code>")
            && diff.contains("+- <code>src/<wbr>lib.rs:6:20</code>"),
        "{diff}"
    );
    let out = run(false);
    assert!(out.status.success());
    assert!(run(true).status.success());
    assert!(
        std::fs::read_to_string(&page_path)
            .expect("page")
            .contains("src/<wbr>lib.rs:6:20")
    );
}

/// `--only rust` writes the Rust module and nothing else, checks only it, and leaves the
/// other targets' files alone (never removed as obsolete); without a Rust path it is a
/// usage error.
#[test]
fn only_rust_writes_and_checks_the_rust_module_alone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let catalogue = dir.path().join("errors.yaml");
    std::fs::copy(repo().join("tests/fixtures/acme/errors.yaml"), &catalogue).expect("copy");
    let generate = |extra: &[&str]| {
        errdex()
            .args(["generate", "--catalogue"])
            .arg(&catalogue)
            .args(extra)
            .output()
            .expect("runs")
    };
    let out = generate(&["--only", "rust", "--rust-file", "src/errors.rs"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written: Vec<PathBuf> = files(dir.path()).into_iter().map(|(p, _)| p).collect();
    assert_eq!(
        written,
        [PathBuf::from("errors.yaml"), PathBuf::from("src/errors.rs")],
        "only the Rust module is written"
    );
    let only = std::fs::read(dir.path().join("src/errors.rs")).expect("written");

    // Every target, then an edit: `--only rust` rewrites the module (the same bytes as a
    // full run), and `--check --only rust` passes while the other targets are stale.
    let out = generate(&["--rust-file", "src/errors.rs"]);
    assert!(out.status.success());
    assert_eq!(
        std::fs::read(dir.path().join("src/errors.rs")).expect("read"),
        only
    );
    let before = files(dir.path());
    let source = std::fs::read_to_string(&catalogue).expect("readable");
    std::fs::write(
        &catalogue,
        source.replacen("summary: ", "summary: Edited ", 1),
    )
    .expect("write");
    let out = generate(&["--only", "rust", "--rust-file", "src/errors.rs"]);
    assert!(out.status.success());
    let after = files(dir.path());
    let changed: Vec<&PathBuf> = after
        .iter()
        .zip(&before)
        .filter(|(a, b)| a != b)
        .map(|(a, _)| &a.0)
        .collect();
    assert_eq!(after.len(), before.len(), "no file removed or added");
    assert_eq!(
        changed,
        [
            &PathBuf::from("errors.yaml"),
            &PathBuf::from("src/errors.rs")
        ]
    );
    let check_rust = generate(&["--check", "--only", "rust", "--rust-file", "src/errors.rs"]);
    assert!(
        check_rust.status.success(),
        "{}",
        String::from_utf8_lossy(&check_rust.stderr)
    );
    let check_all = generate(&["--check", "--rust-file", "src/errors.rs"]);
    assert_eq!(
        check_all.status.code(),
        Some(1),
        "the docs and the rest are stale"
    );
    let check_docs = generate(&["--check", "--only", "docs,ts"]);
    assert_eq!(check_docs.status.code(), Some(1));
    assert!(!String::from_utf8_lossy(&check_docs.stdout).contains("src/errors.rs"));

    // No path for the module: a usage error (EDX1002), nothing written.
    let bare = generate(&["--only", "rust"]);
    let stderr = String::from_utf8_lossy(&bare.stderr);
    assert!(
        stderr.contains("error[EDX1002]") && stderr.contains("--rust-file"),
        "{stderr}"
    );
    let usage: errdex_errors::ErrorCode = "EDX1002".parse().expect("errdex's own code");
    assert_eq!(bare.status.code(), Some(i32::from(usage.exit_code())));
    assert_eq!(files(dir.path()), after);
}
