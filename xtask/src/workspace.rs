//! Where things are: the workspace, cargo's target directory (wherever `CARGO_TARGET_DIR`,
//! `--target-dir` in a config or `build.target-dir` put it: cargo is asked), and the release
//! `errdex` binary (cargo says where it wrote it).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use serde_json::Value;

pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_path_buf()
}

/// `cargo`: the one running this task (`CARGO`), else the one on `PATH`.
pub fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// The workspace's target directory, as `cargo metadata` reports it (so `CARGO_TARGET_DIR`
/// and cargo's config are honoured); the benchmarks keep their scratch files under it.
pub fn target_dir() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let out = cargo()
            .current_dir(workspace_root())
            .args(["metadata", "--no-deps", "--format-version", "1"])
            .stderr(Stdio::inherit())
            .output()
            .unwrap_or_else(|e| panic!("cannot run cargo metadata: {e}"));
        assert!(out.status.success(), "cargo metadata failed");
        let meta: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON");
        PathBuf::from(
            meta["target_directory"]
                .as_str()
                .expect("cargo metadata has target_directory"),
        )
    })
    .clone()
}

/// Builds `errdex` in release (in the workspace's target directory) and returns the path cargo
/// reports for the executable.
///
/// `--bin errdex` without `-p errdex`, as the `cargo xtask` alias builds `--bin xtask`: both
/// resolve features over the default members, so the dependencies they share (errdex-codegen
/// above all) are compiled once for both, not once per feature set.
pub fn release_errdex() -> Result<PathBuf, String> {
    let out = cargo()
        .current_dir(workspace_root())
        .args([
            "build",
            "--release",
            "-q",
            "--bin",
            "errdex",
            "--message-format=json-render-diagnostics",
        ])
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !out.status.success() {
        return Err("cargo build --release --bin errdex failed".into());
    }
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == "errdex")
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .ok_or_else(|| "cargo built errdex but reported no executable".into())
}

/// Writes `text` to `path` only when it differs (keeps mtimes, so cargo stays fresh).
pub fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(p) = path.parent() {
        std::fs::create_dir_all(p).map_err(|e| format!("{}: {e}", p.display()))?;
    }
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}
