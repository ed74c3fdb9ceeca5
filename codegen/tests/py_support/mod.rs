//! Shared by the Python tests (`python_package.rs`, `python_runtime.rs`): the pinned tools of
//! `tools/python/.venv` and running them. A test that includes it declares `mod testkit;` too.

#![allow(dead_code, clippy::unwrap_used)]

use std::path::PathBuf;
use std::process::Command;

pub use crate::testkit::repo_root;

/// The `bin/` of the virtual environment `.ci/steps/25-python.sh` creates
/// (`tools/python/.venv`, or `ERRDEX_PYTHON_VENV`) when it holds every one of `tools`; else
/// `None` with the reason printed (a panic under CI: `testkit::tool`).
pub fn venv(tools: &[&str]) -> Option<PathBuf> {
    let dir = std::env::var_os("ERRDEX_PYTHON_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("tools/python/.venv"));
    let bin = dir.join("bin");
    let found = tools
        .iter()
        .try_for_each(|t| {
            crate::testkit::tool::file(bin.join(t), "bash .ci/steps/25-python.sh").map(drop)
        })
        .map(|()| bin);
    crate::testkit::tool::require_tool(&tools.join(", "), found)
}

/// `python3`, or `None` with the reason printed (a panic under CI).
pub fn python3() -> Option<PathBuf> {
    crate::testkit::tool::require_tool("python3", crate::testkit::tool::program("python3"))
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
