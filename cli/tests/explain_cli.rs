//! End-to-end: `errdex explain` output streams and exit statuses (live, alias, retired,
//! unknown; human and JSON).

#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn explain(code: &str, json: bool) -> (i32, String, String) {
    let fixture: PathBuf =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/md-basic/errors.yaml");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_errdex"));
    cmd.arg("explain").arg(code).arg("--catalogue").arg(fixture);
    if json {
        cmd.args(["--format", "json"]);
    }
    let out = cmd.output().expect("runs");
    (
        out.status.code().expect("exit code"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn live_codes_and_aliases_exit_0() {
    let (rc, out, _) = explain("ITEM_NOT_IN_CART", false);
    assert_eq!(rc, 0);
    assert!(
        out.contains("(ITEM_NOT_IN_CART is an alias of SHOP-CART-001)"),
        "{out}"
    );
    assert!(
        out.contains("  docs URL      https://docs.shop.example/errors/cart#shop-cart-001"),
        "{out}"
    );
    let (rc, out, _) = explain("CART-404", true);
    assert_eq!(rc, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["code"], "SHOP-CART-001");
    assert_eq!(v["matched_by"], "legacy_code");
}

#[test]
fn retired_prints_why_and_exits_with_code_retired() {
    let (rc, out, _) = explain("SHOP-CART-009", false);
    assert_eq!(rc, 1, "EDX1010's exit code");
    assert!(out.contains("SHOP-CART-009 is retired"), "{out}");
    assert!(out.contains("merged into CART_ITEM_MISSING"), "{out}");
    let (rc, out, _) = explain("SHOP-CART-009", true);
    assert_eq!(rc, 1);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["status"], "retired");
}

#[test]
fn unknown_suggests_nearest() {
    let (rc, out, err) = explain("SHOP-CRAT-001", false);
    assert_eq!(rc, 1, "EDX1006's exit code");
    assert!(out.is_empty());
    assert!(err.contains("error[EDX1006]"), "{err}");
    assert!(err.contains("did you mean `SHOP-CART-001`?"), "{err}");
    let (rc, out, _) = explain("SHOP-CRAT-001", true);
    assert_eq!(rc, 1);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["suggestions"][0], "SHOP-CART-001");
}

/// A reader that closes the pipe before errdex writes (`errdex explain X | head -0`): the
/// command ends quietly, killed by SIGPIPE as other tools are, never with a panic.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;
    let fixture: PathBuf =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/md-basic/errors.yaml");
    for args in [
        vec!["explain", "ITEM_NOT_IN_CART", "--catalogue"],
        vec!["lint", "--format", "json"],
    ] {
        // The reading end is closed before errdex starts, so its first write finds no
        // reader whatever the timing (closed just after the spawn, a loaded machine let
        // errdex write its whole answer into the pipe first, and exit 0).
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let child = Command::new(env!("CARGO_BIN_EXE_errdex"))
            .args(&args)
            .arg(&fixture)
            .stdout(Stdio::from(writer))
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        let out = child.wait_with_output().expect("ends");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(
            out.status.signal(),
            Some(13),
            "{args:?}: {:?} {stderr}",
            out.status
        );
    }
}
