//! End-to-end: the `errdex` binary on good and bad catalogues.

use std::path::{Path, PathBuf};
use std::process::Command;

fn errdex() -> Command {
    Command::new(env!("CARGO_BIN_EXE_errdex"))
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn bad_cases() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(repo().join("tests/bad"))
        .expect("corpus")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    v.sort();
    v
}

/// Every file under `dir`, with its bytes.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("readable").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push((p.clone(), std::fs::read(&p).expect("readable")));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn lint_own_catalogue_is_clean() {
    let out = errdex()
        .current_dir(repo())
        .args(["lint", "--deny-warnings"])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn every_bad_case_fails_lint_and_generate_leaves_outputs_untouched() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Pre-existing outputs that a failed run must not touch.
    for rel in [
        "docs-site/src/index.md",
        "generated/ts/index.ts",
        "generated/schema/registry.json",
    ] {
        let p = dir.path().join(rel);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(&p, format!("previous {rel}\n")).expect("write");
    }
    for case in bad_cases() {
        // A warnings-only case generates for real; every case starts from the same outputs.
        let before = snapshot(dir.path());
        let catalogue = dir.path().join("errors.yaml");
        std::fs::copy(&case, &catalogue).expect("copy");
        let lint = errdex()
            .args(["lint", "--deny-warnings", "--format", "json"])
            .arg(&catalogue)
            .output()
            .expect("runs");
        let code = lint.status.code();
        assert!(
            matches!(code, Some(c) if c != 0 && c != 101),
            "{}: lint exit {code:?}",
            case.display()
        );
        let json: serde_json::Value =
            serde_json::from_slice(&lint.stdout).expect("lint --format json prints JSON");
        let items = json.as_array().expect("an array");
        assert!(!items.is_empty(), "{}", case.display());
        for d in items {
            for key in ["code", "severity", "message", "file", "line", "column"] {
                assert!(
                    d.get(key).is_some(),
                    "{}: {key} missing in {d}",
                    case.display()
                );
            }
        }
        let has_error = items.iter().any(|d| d["severity"] == "error");
        let gen_out = errdex()
            .args(["generate", "--catalogue"])
            .arg(&catalogue)
            .output()
            .expect("runs");
        std::fs::remove_file(&catalogue).expect("rm");
        let after = snapshot(dir.path());
        if !has_error {
            // Put the placeholder outputs back for the next case.
            for (p, _) in &after {
                if !before.iter().any(|(q, _)| q == p) {
                    std::fs::remove_file(p).expect("rm");
                }
            }
            for (p, bytes) in &before {
                std::fs::write(p, bytes).expect("restore");
            }
        }
        if has_error {
            assert!(
                !gen_out.status.success(),
                "{}: generate succeeded",
                case.display()
            );
            assert_ne!(
                gen_out.status.code(),
                Some(101),
                "{}: panicked",
                case.display()
            );
            assert_eq!(
                before,
                snapshot(dir.path()),
                "{}: outputs changed",
                case.display()
            );
        }
    }
}

/// Every bad case, the alias bomb and deep nesting included, is refused within bounded time
/// and memory: the process runs under a 1 GiB address-space limit and must finish in 10 s.
#[cfg(target_os = "linux")]
#[test]
fn every_bad_case_is_refused_in_bounded_time_and_memory() {
    use std::time::{Duration, Instant};
    let bin = env!("CARGO_BIN_EXE_errdex");
    for case in bad_cases() {
        let start = Instant::now();
        let mut child = Command::new("sh")
            .arg("-c")
            .arg("ulimit -v 1048576 && exec \"$0\" lint \"$1\" >/dev/null 2>&1")
            .arg(bin)
            .arg(&case)
            .spawn()
            .expect("sh runs");
        let status = loop {
            if let Some(s) = child.try_wait().expect("wait") {
                break s;
            }
            if start.elapsed() > Duration::from_secs(10) {
                let _ = child.kill();
                panic!("{}: still running after 10 s", case.display());
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        // 101 = panic (e.g. an allocation failure under the limit); 0 = warnings only.
        let code = status.code();
        assert!(
            code.is_some() && code != Some(101),
            "{}: exit {code:?} under a 1 GiB limit",
            case.display()
        );
    }
}

#[test]
fn warnings_pass_without_deny_and_fail_with_it() {
    let case = repo().join("tests/bad/unused-param.yaml");
    let ok = errdex().arg("lint").arg(&case).output().expect("runs");
    assert!(ok.status.success());
    let denied = errdex()
        .args(["lint", "--deny-warnings"])
        .arg(&case)
        .output()
        .expect("runs");
    // EDX0403 is in category `suspicious`, exit code 65.
    assert_eq!(denied.status.code(), Some(65));
}

#[test]
fn missing_file_is_edx1001_with_its_exit_code() {
    let out = errdex()
        .args(["lint", "/nonexistent/errors.yaml"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(74));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("error[EDX1001]"), "{stderr}");
}

#[test]
fn bad_arguments_are_edx1002_exit_64() {
    let out = errdex().arg("lnt").output().expect("runs");
    assert_eq!(out.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&out.stderr).contains("error[EDX1002]"));
}

/// A cycle of imports run from the importing catalogue's folder, with relative paths (as a
/// user runs it): the chain ends with the file it started from, spelt as given, not as
/// `../service/errors.yaml`, another spelling of `errors.yaml`.
#[test]
fn a_cycle_of_imports_is_named_from_where_lint_runs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let catalogue = |name: &str, version: &str, other: &str, other_version: &str| {
        format!(
            "errdex: 1\nregistry: {{ name: {name} }}\npackage: {{ version: {version} }}\ndocs: {{ links: external }}\ncategories:\n  invalid: {{ summary: Bad input, retryable: false, exit_code: 1, http_status: 400, jsonrpc_code: -32602, expected: true }}\nimports:\n  {other}: {{ from: ../{other}/errors.yaml, version: {other_version}, as: reference }}\nerrors: {{}}\n"
        )
    };
    for (name, version, other, other_version) in [
        ("service", "1.0.0", "platform", "2.0.0"),
        ("platform", "2.0.0", "service", "1.0.0"),
    ] {
        std::fs::create_dir(dir.path().join(name)).expect("mkdir");
        std::fs::write(
            dir.path().join(name).join("errors.yaml"),
            catalogue(name, version, other, other_version),
        )
        .expect("write");
    }
    let out = errdex()
        .current_dir(dir.path().join("service"))
        .arg("lint")
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "import `platform` closes a cycle of imports: errors.yaml → ../platform/errors.yaml → errors.yaml"
        ),
        "{stderr}"
    );
}

/// Run from a subfolder of the catalogue's, the missing `./errors.yaml` is said with the
/// nearest one above.
#[test]
fn a_missing_catalogue_names_the_nearest_one_above() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::copy(
        repo().join("tests/fixtures/acme/errors.yaml"),
        dir.path().join("errors.yaml"),
    )
    .expect("copy");
    let sub = dir.path().join("src/handlers");
    std::fs::create_dir_all(&sub).expect("mkdir");
    let out = errdex()
        .current_dir(&sub)
        .arg("lint")
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(74), "{err}");
    assert!(
        err.contains("error[EDX1001]") && err.contains("the nearest above is `../../errors.yaml`"),
        "{err}"
    );
}
