//! The orders service's TypeScript server (`examples/http-api/ts/server.mjs`, Hono and the
//! generated package's `honoOnError`) over real HTTP, as `examples/http-api/SERVERS.md` says:
//!
//! - every failure of SERVERS.md, called with Node's `fetch` (`client.mjs failures`), gives
//!   errdex's reference response (`errdex_codegen::payload`, `Instance::http_response`) for
//!   the same code and params: status, `Content-Type`, `Retry-After` and the body's bytes;
//! - a client reading failures with the package's `readFetchResponse` honours `Retry-After`:
//!   a `burst-` token's 429 is waited out and the retry served; `o-3`'s 503 is retried after
//!   each `Retry-After` up to the code's `max_attempts`, then reported as the reference reads it;
//! - Schemathesis, bounded, finds no response that breaks `api.yaml`.
//!
//! The server listens on 127.0.0.1 on a port the system picks (it prints its URL) and is
//! killed when the test ends, passing or failing. Without node, the pinned Hono
//! (`bash .ci/steps/20-node.sh`) or Schemathesis (`bash .ci/steps/25-python.sh`) the checks
//! print why and skip; with `CI` set they fail.

#![allow(clippy::unwrap_used)]

#[path = "../../codegen/tests/testkit/mod.rs"]
mod testkit;

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

use errdex_codegen::ir::Catalogue;
use errdex_codegen::payload::{Instance, read_http_response};
use serde_json::{Value, json};
use testkit::repo_root;

/// The server, killed on drop; its log (stderr: one `<level> <error>` line per error
/// response) goes to `log`.
struct Server {
    child: Child,
    url: String,
    log: tempfile::NamedTempFile,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// node and the pinned Hono, or why not.
fn node_and_hono() -> Result<(), String> {
    testkit::tool::program("node")?;
    testkit::tool::file(
        repo_root().join("tools/node/node_modules/hono/package.json"),
        "bash .ci/steps/20-node.sh",
    )?;
    testkit::tool::file(
        repo_root().join("tools/node/node_modules/@hono/node-server/package.json"),
        "bash .ci/steps/20-node.sh",
    )
    .map(|_| ())
}

fn start() -> Server {
    let log = tempfile::NamedTempFile::new().unwrap();
    let mut child = Command::new("node")
        .current_dir(repo_root())
        .args(["examples/http-api/ts/server.mjs", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(log.reopen().unwrap())
        .spawn()
        .expect("start the server");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("the server did not start: {line:?}"))
        .to_string();
    Server { child, url, log }
}

fn client(url: &str, mode: &str) -> String {
    let out = Command::new("node")
        .current_dir(repo_root())
        .args(["examples/http-api/ts/client.mjs", url, mode])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "client.mjs {mode} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn orders() -> Catalogue {
    let path = repo_root().join("examples/http-api/errors.yaml");
    let loaded = errdex_codegen::load_path(&path).unwrap();
    loaded
        .catalogue
        .expect("examples/http-api/errors.yaml loads")
}

/// The reference response of `name` with these params: status, Content-Type, Retry-After,
/// body text.
fn reference(cat: &Catalogue, name: &str, params: Value) -> (u16, String, Option<String>, String) {
    let e = cat.errors.iter().find(|e| e.name == name).unwrap();
    let mut inst = Instance::example(e);
    inst.values = e.params.iter().map(|p| params[&p.name].clone()).collect();
    let r = inst.http_response(cat);
    let header = |n: &str| {
        r.headers
            .iter()
            .find(|(k, _)| *k == n)
            .map(|(_, v)| v.clone())
    };
    (
        r.status,
        header("Content-Type").unwrap(),
        header("Retry-After"),
        r.body.to_string(),
    )
}

#[test]
fn typescript_server_sends_the_reference_responses() {
    let Some(()) = testkit::tool::require_tool("the TypeScript HTTP server", node_and_hono())
    else {
        return;
    };
    let cat = orders();
    let server = start();
    let invalid =
        |field: &str, rule: &str| ("VALIDATION_FAILED", json!({"field": field, "rule": rule}));
    let item = invalid("item", "must be a non-empty string");
    let quantity = invalid("quantity", "must be an integer from 1 to 1000");
    let malformed = (
        "BODY_MALFORMED",
        json!({"problem": "expected a JSON object"}),
    );
    let expected: Vec<(&str, (&str, Value))> = vec![
        ("no Authorization", ("TOKEN_MISSING", json!({}))),
        ("empty bearer token", ("TOKEN_MISSING", json!({}))),
        ("not a bearer token", ("TOKEN_MISSING", json!({}))),
        (
            "first request of a burst- token",
            ("RATE_LIMITED", json!({"limit": 100, "window_s": 60})),
        ),
        (
            "read-only token writes",
            ("SCOPE_MISSING", json!({"scope": "orders:write"})),
        ),
        (
            "unknown order",
            ("ORDER_NOT_FOUND", json!({"order_id": "o-42"})),
        ),
        (
            "unknown order with odd characters",
            ("ORDER_NOT_FOUND", json!({"order_id": "\"oé\""})),
        ),
        ("body not JSON", malformed.clone()),
        ("body a JSON array", malformed.clone()),
        ("no body", malformed),
        ("item missing", item.clone()),
        ("item empty", item),
        ("quantity missing", quantity.clone()),
        ("quantity a fraction", quantity.clone()),
        ("quantity 1.0", quantity.clone()),
        ("quantity a boolean", quantity.clone()),
        ("quantity 0", quantity.clone()),
        ("quantity 1001", quantity),
        (
            "pay a paid order",
            ("ORDER_ALREADY_PAID", json!({"order_id": "o-2"})),
        ),
        (
            "pay with the payment service down",
            ("UPSTREAM_UNAVAILABLE", json!({"service": "payments"})),
        ),
        (
            "pay an unknown order",
            ("ORDER_NOT_FOUND", json!({"order_id": "o-9"})),
        ),
    ];
    let lines: Vec<Value> = client(&server.url, "failures")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), expected.len(), "one response per failure");
    for (got, (label, (name, params))) in lines.iter().zip(expected) {
        assert_eq!(got["label"], label);
        let (status, content_type, retry_after, body) = reference(&cat, name, params);
        assert_eq!(got["status"], status, "{label}: status");
        assert_eq!(
            got["contentType"],
            content_type.as_str(),
            "{label}: Content-Type"
        );
        assert_eq!(
            got["retryAfter"].as_str(),
            retry_after.as_deref(),
            "{label}: Retry-After"
        );
        assert_eq!(
            got["body"].as_str(),
            Some(body.as_str()),
            "{label}: body bytes"
        );
    }

    // Each error response is logged at its code's level: `expected: false` → error.
    let log = std::fs::read_to_string(server.log.path()).unwrap();
    for (level, code) in [
        ("warn", "ORD-AUT-001"),
        ("warn", "ORD-SVC-001"),
        ("error", "ORD-SVC-002"),
    ] {
        assert!(
            log.lines()
                .any(|l| l.starts_with(&format!("{level} {code}:"))),
            "{code} is not logged at {level}:\n{log}"
        );
    }
    assert!(!log.contains("error ORD-AUT"), "{log}");

    // The retrying client.
    let out: Value = serde_json::from_str(&client(&server.url, "retries")).unwrap();
    let burst = &out["burst"];
    assert_eq!(burst["status"], 200, "{out}");
    assert_eq!(
        burst["body"],
        json!({"id": "o-1", "item": "book", "quantity": 1, "paid": false})
    );
    let waits = burst["waits"].as_array().unwrap();
    assert_eq!(waits.len(), 1, "{out}");
    assert_eq!(waits[0]["status"], 429);
    assert_eq!(waits[0]["delayMs"], 1000, "Retry-After: 1");
    assert!(waits[0]["waitedMs"].as_u64().unwrap() >= 990, "{out}");

    let down = &out["unavailable"];
    let (_, content_type, retry_after, body) =
        reference(&cat, "UPSTREAM_UNAVAILABLE", json!({"service": "payments"}));
    let headers = vec![
        ("Content-Type".to_string(), content_type),
        ("Retry-After".to_string(), retry_after.unwrap()),
    ];
    let r = read_http_response(&cat, 503, &headers, body.as_bytes());
    assert_eq!(down["status"], 503);
    assert_eq!(
        down["reading"],
        json!({"kind": r.kind, "code": r.code, "message": r.message, "status": 503, "retryAfterMs": r.retry_after_ms}),
        "the package reads what the reference reads"
    );
    let e = cat
        .errors
        .iter()
        .find(|e| e.name == "UPSTREAM_UNAVAILABLE")
        .unwrap();
    let attempts = e.retry.as_ref().and_then(|r| r.max_attempts).unwrap() as usize;
    let waits = down["waits"].as_array().unwrap();
    assert_eq!(
        waits.len(),
        attempts - 1,
        "retried up to max_attempts: {out}"
    );
    for w in waits {
        assert_eq!(w["delayMs"], 1000);
        assert!(w["waitedMs"].as_u64().unwrap() >= 990, "{out}");
    }
}

fn schemathesis() -> Result<PathBuf, String> {
    let exe = repo_root().join("tools/python/.venv/bin/schemathesis");
    testkit::tool::file(&exe, "bash .ci/steps/25-python.sh")?;
    testkit::tool::program(&exe)
}

#[test]
fn typescript_server_passes_schemathesis() {
    let Some(()) = testkit::tool::require_tool("the TypeScript HTTP server", node_and_hono())
    else {
        return;
    };
    let Some(st) = testkit::tool::require_tool("Schemathesis", schemathesis()) else {
        return;
    };
    let server = start();
    let report = tempfile::tempdir().unwrap();
    let out = Command::new(st)
        .current_dir(repo_root().join("examples/http-api"))
        .args(["run", "api.yaml", "--url", &server.url])
        .args(["-H", "Authorization: Bearer test"])
        .args(["--max-examples", "10", "--seed", "27", "--workers", "1"])
        // Every check but one: SERVERS.md stores nothing, so the order `POST /orders` answers
        // with (`o-4`) is never found afterwards, by design of the example.
        .args([
            "--checks",
            "all",
            "--exclude-checks",
            "ensure_resource_availability",
        ])
        // Hypothesis's health checks judge the generator, not the server (paths of up to 64
        // characters make it filter many candidates); they are suppressed, as for the other
        // two servers.
        .args(["--suppress-health-check", "all"])
        // Without `CI`: Hypothesis loads its "ci" profile when it is set (derandomize, which
        // replaces `--seed`), and then fails its filter health check on the `{order_id}`
        // paths even with every check suppressed; the seed keeps the run reproducible.
        .env_remove("CI")
        .arg("--no-color")
        .args(["--request-timeout", "5", "--generation-database", "none"])
        .arg("--report-dir")
        .arg(report.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "Schemathesis found responses that break api.yaml:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("Tested: 3") && stdout.contains("No issues found"),
        "{stdout}"
    );
}
