//! The Python examples, run with the pinned tools of `tools/python/.venv` (created by
//! `.ci/steps/25-python.sh`; `ERRDEX_PYTHON_VENV` points elsewhere):
//!
//! - `examples/tmux-mcp/python`: the fastmcp server whose tools raise the generated
//!   exceptions, driven by fastmcp's in-memory client (pytest), and the server and its tests
//!   type-checked by `mypy --strict` and linted by `ruff`;
//! - `examples/agent-cli/python`: a consumer raising the milo framework's errors the way its
//!   reference shows, type-checked by `mypy --strict` and run by pytest.
//!
//! Without the virtual environment these tests print why and skip; with the env var `CI` set
//! they fail instead.

#[path = "../../codegen/tests/testkit/mod.rs"]
mod testkit;

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ has a parent")
        .to_path_buf()
}

/// The virtual environment's `bin/`, or `None` with the reason printed (a panic under CI).
fn venv() -> Option<PathBuf> {
    let dir = std::env::var_os("ERRDEX_PYTHON_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("tools/python/.venv"));
    let bin = dir.join("bin");
    let python = bin.join("python");
    let has_fastmcp = Command::new(&python)
        .args(["-c", "import fastmcp"])
        .output()
        .is_ok_and(|o| o.status.success());
    let found = if has_fastmcp
        && ["mypy", "ruff", "pytest"]
            .iter()
            .all(|t| bin.join(t).exists())
    {
        Ok(bin)
    } else {
        Err(format!(
            "{} lacks fastmcp/mypy/ruff/pytest: run `bash .ci/steps/25-python.sh`",
            dir.display()
        ))
    };
    testkit::tool::require_tool("the Python examples", found)
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{cmd:?} failed:\n{text}");
    text
}

/// pytest, `mypy --strict` and `ruff check` over one example's `python/` folder, with its
/// generated package on the path.
fn check_python_example(bin: &Path, example: &str, sources: &[&str]) {
    let root = repo_root().join("examples").join(example);
    let dir = root.join("python");
    let package = root.join("generated/python");
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let out = run(Command::new(bin.join("pytest"))
        .args(["-q", "-p", "no:cacheprovider", "tests"])
        .current_dir(&dir));
    let summary = out.lines().last().unwrap_or("").to_string();
    eprintln!("{example}: pytest: {summary}");
    assert!(
        summary.contains("passed") && !out.contains("skipped"),
        "{out}"
    );
    let out = run(Command::new(bin.join("mypy"))
        .args(["--strict", "--python-version=3.10", "--cache-dir"])
        .arg(tmp.path().join("mypy"))
        .args(sources)
        .env("MYPYPATH", &package)
        .current_dir(&dir));
    assert!(out.contains("Success"), "{example}: {out}");
    run(Command::new(bin.join("ruff"))
        .args([
            "check",
            "--no-cache",
            "--isolated",
            "--line-length",
            "120",
            ".",
        ])
        .current_dir(&dir));
}

#[test]
fn tmux_mcp_server_through_the_fastmcp_client() {
    let Some(bin) = venv() else { return };
    check_python_example(
        &bin,
        "tmux-mcp",
        &["tmux_mcp_server.py", "conftest.py", "tests/test_server.py"],
    );
}

#[test]
fn agent_cli_python_consumer() {
    let Some(bin) = venv() else { return };
    check_python_example(
        &bin,
        "agent-cli",
        &["milo_consumer.py", "conftest.py", "tests/test_consumer.py"],
    );
}
