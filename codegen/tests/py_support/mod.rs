//! Shared by the Python tests (`python_package.rs`, `python_runtime.rs`): the pinned tools of
//! `tools/python/.venv` and running them.

#![allow(dead_code, clippy::unwrap_used)]

use std::path::PathBuf;
use std::process::Command;

/// The repository's root.
pub fn repo_root() -> PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The `bin/` of the virtual environment `.ci/steps/25-python.sh` creates
/// (`tools/python/.venv`, or `ERRDEX_PYTHON_VENV`) when it holds every one of `tools`; else
/// `None` with the reason printed (a panic under CI).
pub fn venv(tools: &[&str]) -> Option<PathBuf> {
    let dir = std::env::var_os("ERRDEX_PYTHON_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("tools/python/.venv"));
    let bin = dir.join("bin");
    if tools.iter().all(|t| bin.join(t).exists()) {
        return Some(bin);
    }
    let reason = format!(
        "{} lacks {}: run `bash .ci/steps/25-python.sh`",
        dir.display(),
        tools.join("/")
    );
    if std::env::var_os("CI").is_some() {
        panic!("CI: {reason}");
    }
    eprintln!("SKIPPED ({}): {reason}", tools.join(", "));
    None
}

/// `python3`, or `None` with the reason printed (a panic under CI).
pub fn python3() -> Option<PathBuf> {
    let ok = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if ok {
        return Some(PathBuf::from("python3"));
    }
    let reason = "python3 is not on PATH";
    if std::env::var_os("CI").is_some() {
        panic!("CI: {reason}");
    }
    eprintln!("SKIPPED (python3): {reason}");
    None
}

/// Whether `cmd` succeeded, and its stdout then stderr.
pub fn output(cmd: &mut Command) -> (bool, String) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// Runs `cmd`; its output, or a panic with it when it fails.
pub fn run(cmd: &mut Command) -> String {
    let (ok, text) = output(cmd);
    assert!(ok, "{cmd:?} failed:\n{text}");
    text
}
