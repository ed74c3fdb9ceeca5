//! Tests that need something from outside the Rust toolchain — node, tsc, python3, mdbook, a
//! browser, git, a file an install step of `.ci/steps/` writes — ask for it here. Where it is
//! missing the test cannot run: it prints why and passes as skipped, and under CI (the env var
//! `CI` set, as `.ci/run` and CI runners do) it fails instead, so that CI never reports a
//! check it did not make.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The env var `CI` is set.
pub fn under_ci() -> bool {
    std::env::var_os("CI").is_some()
}

/// `Some(found)` when `found` is `Ok`. Otherwise `check` cannot run here: under CI this panics
/// with the reason; elsewhere it prints `SKIPPED (<check>): <reason>` and returns `None`, and
/// the test returns early.
///
/// The line goes straight to stderr, not through `eprintln!`, which the test harness swallows
/// for a passing test: `cargo test` shows every skip and its reason.
#[track_caller]
pub fn require_tool<T>(check: &str, found: Result<T, String>) -> Option<T> {
    match found {
        Ok(t) => Some(t),
        Err(reason) => {
            assert!(!under_ci(), "CI is set and {check} cannot run: {reason}");
            let _ = writeln!(std::io::stderr(), "SKIPPED ({check}): {reason}");
            None
        }
    }
}

/// `program --version` runs and succeeds: a program on `PATH` (or a path to one).
pub fn program(program: impl AsRef<Path>) -> Result<PathBuf, String> {
    let program = program.as_ref();
    match Command::new(program).arg("--version").output() {
        Ok(o) if o.status.success() => Ok(program.to_path_buf()),
        Ok(o) => Err(format!(
            "`{} --version` failed ({})",
            program.display(),
            o.status
        )),
        Err(e) => Err(format!("`{}` cannot be run: {e}", program.display())),
    }
}

/// `path` exists; otherwise the reason, with what installs it (`bash .ci/steps/20-node.sh`).
pub fn file(path: impl AsRef<Path>, install: &str) -> Result<PathBuf, String> {
    let path = path.as_ref();
    if path.exists() {
        Ok(path.to_path_buf())
    } else {
        Err(format!("{} is missing: run `{install}`", path.display()))
    }
}
