//! The runtime binary exits with the code's exit status: 2 for a configuration error.

use std::process::Command;

#[test]
fn missing_spec_exits_with_status_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_example-runtime"))
        .args(["--spec", "/nonexistent/agent.plumb"])
        .output()
        .expect("run example-runtime");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with(r#"{"error":"config_error","category":"config","detail":"/nonexistent/agent.plumb: the spec binds no agent""#),
        "{stderr}"
    );
}

#[test]
fn demo_runs() {
    let out = Command::new(env!("CARGO_BIN_EXE_example-runtime"))
        .output()
        .expect("run example-runtime");
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(r#""is_error":true"#), "{stdout}");
}
