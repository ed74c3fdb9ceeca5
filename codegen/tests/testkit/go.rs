//! Go from Debian's packages (`bash .ci/steps/22-go.sh`: `golang-go`, `go-staticcheck`) for
//! the tests that build Go code of the examples: a `go` command that never reaches the
//! network, and the gates Go code in this repository passes (`gofmt -l`, `go vet`,
//! staticcheck).

use std::path::Path;
use std::process::Command;

/// `go` and `go-staticcheck` run (`gofmt` comes with `go`), or why not (for
/// [`super::tool::require_tool`]).
pub fn tools() -> Result<(), String> {
    let checks: [(&str, &[&str]); 2] = [("go", &["version"]), ("go-staticcheck", &["-version"])];
    for (tool, args) in checks {
        let ok = Command::new(tool)
            .args(args)
            .output()
            .is_ok_and(|o| o.status.success());
        if !ok {
            return Err(format!(
                "`{tool}` cannot be run: run `bash .ci/steps/22-go.sh`"
            ));
        }
    }
    Ok(())
}

/// `program` in `dir`, offline (the modules here need only the standard library and
/// `replace`d local folders), with the local toolchain, no workspace file and no cgo.
fn offline(program: &str, dir: &Path) -> Command {
    let mut cmd = Command::new(program);
    cmd.current_dir(dir)
        .env("GOFLAGS", "-mod=mod")
        .env("GOPROXY", "off")
        .env("GOTOOLCHAIN", "local")
        .env("GOWORK", "off")
        .env("CGO_ENABLED", "0");
    cmd
}

/// `go <args>` in `dir`, offline.
pub fn cmd(dir: &Path, args: &[&str]) -> Command {
    let mut cmd = offline("go", dir);
    cmd.args(args);
    cmd
}

/// Runs `cmd`: whether it succeeded, and its stdout and stderr (a panic only when it cannot
/// be started).
pub fn output(cmd: &mut Command) -> (bool, String) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// Runs `cmd`: its stdout and stderr, or a panic with them when it fails.
pub fn run(cmd: &mut Command) -> String {
    let (ok, text) = output(cmd);
    assert!(ok, "{cmd:?} failed:\n{text}");
    text
}

/// `go-staticcheck ./...` in `dir`, offline: whether it found nothing, and what it printed.
pub fn staticcheck(dir: &Path) -> (bool, String) {
    output(offline("go-staticcheck", dir).arg("./..."))
}

/// The module in `dir` is `gofmt -l` clean, and `go vet` and staticcheck find nothing.
pub fn gates(dir: &Path) {
    let out = run(Command::new("gofmt").args(["-l", "."]).current_dir(dir));
    assert!(out.trim().is_empty(), "{}: gofmt -l: {out}", dir.display());
    let out = run(&mut cmd(dir, &["vet", "./..."]));
    assert!(out.trim().is_empty(), "{}: go vet: {out}", dir.display());
    let (ok, out) = staticcheck(dir);
    assert!(
        ok && out.trim().is_empty(),
        "{}: staticcheck: {out}",
        dir.display()
    );
}
