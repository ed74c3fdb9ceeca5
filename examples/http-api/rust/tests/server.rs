//! The axum server of `../SERVERS.md`, started on 127.0.0.1 and called over real HTTP with
//! reqwest: every failure of SERVERS.md answers with errdex's reference response for the same
//! code and params (`errdex_codegen::payload`: status, `Content-Type`, `Retry-After`, body
//! bytes) and is logged at the catalogue's level; the successes answer as SERVERS.md says; a
//! client built on the module's reader honours `Retry-After`; and Schemathesis, run with
//! `../api.yaml`, finds no response that breaks the document.
#![allow(clippy::unwrap_used)]

#[path = "../../../../codegen/tests/testkit/tool.rs"]
#[allow(dead_code)]
mod tool;

use std::io::{BufRead as _, BufReader, Read as _};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use errdex_codegen::ir::Catalogue;
use errdex_codegen::payload::Instance;
use example_http_api::errors::{ErrorCode, WireKind, read_http_response};
use serde_json::{Value, json};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

/// The server on a free port of 127.0.0.1, stopped (and reaped) on drop, even when the
/// test fails.
struct Server {
    child: Child,
    base: String,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_example-http-api"))
            .arg("0")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let base = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("the server did not start: {line:?}"))
            .to_string();
        Server { child, base }
    }

    /// Stops the server and returns what it logged.
    fn stop(mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let mut log = String::new();
        if let Some(mut err) = self.child.stderr.take() {
            err.read_to_string(&mut log).unwrap();
        }
        log
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn catalogue() -> Catalogue {
    let path = repo_root().join("examples/http-api/errors.yaml");
    let loaded = errdex_codegen::load_path(&path).unwrap();
    loaded.catalogue.expect("the example catalogue is valid")
}

/// errdex's reference response of `name` with these params: status, `Content-Type`,
/// `Retry-After`, body text.
fn reference(cat: &Catalogue, name: &str, values: Value) -> (u16, String, Option<String>, String) {
    let e = cat.errors.iter().find(|e| e.name == name).unwrap();
    let mut inst = Instance::example(e);
    inst.values = e.params.iter().map(|p| values[&p.name].clone()).collect();
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

/// One request: method, path, `Authorization`, body.
struct Call {
    method: &'static str,
    path: &'static str,
    auth: Option<&'static str>,
    body: Option<&'static str>,
}

const fn call(
    method: &'static str,
    path: &'static str,
    auth: Option<&'static str>,
    body: Option<&'static str>,
) -> Call {
    Call {
        method,
        path,
        auth,
        body,
    }
}

async fn send(client: &reqwest::Client, base: &str, c: &Call) -> reqwest::Response {
    let url = format!("{base}{}", c.path);
    let mut req = match c.method {
        "GET" => client.get(url),
        _ => client.post(url),
    };
    if let Some(a) = c.auth {
        req = req.header("Authorization", a);
    }
    if let Some(b) = c.body {
        req = req.header("Content-Type", "application/json").body(b);
    }
    req.send().await.unwrap()
}

const AUTH: Option<&str> = Some("Bearer test");

#[tokio::test(flavor = "multi_thread")]
async fn every_failure_is_the_reference_response() {
    let cat = catalogue();
    let server = Server::start();
    let client = reqwest::Client::new();
    let failures: Vec<(Call, &str, Value)> = vec![
        (
            call("GET", "/orders/o-1", None, None),
            "TOKEN_MISSING",
            json!({}),
        ),
        (
            call("GET", "/orders/o-1", Some("Bearer "), None),
            "TOKEN_MISSING",
            json!({}),
        ),
        (
            call("POST", "/orders", Some("Basic dGVzdA=="), Some("{}")),
            "TOKEN_MISSING",
            json!({}),
        ),
        (
            call("GET", "/orders/o-1", Some("Bearer burst-a"), None),
            "RATE_LIMITED",
            json!({"limit": 100, "window_s": 60}),
        ),
        (
            call(
                "POST",
                "/orders",
                Some("Bearer read-only"),
                Some(r#"{"item":"x","quantity":1}"#),
            ),
            "SCOPE_MISSING",
            json!({"scope": "orders:write"}),
        ),
        (
            call("POST", "/orders", AUTH, Some("not json")),
            "BODY_MALFORMED",
            json!({"problem": "expected a JSON object"}),
        ),
        (
            call("POST", "/orders", AUTH, Some("[1]")),
            "BODY_MALFORMED",
            json!({"problem": "expected a JSON object"}),
        ),
        (
            call("POST", "/orders", AUTH, None),
            "BODY_MALFORMED",
            json!({"problem": "expected a JSON object"}),
        ),
        (
            call("POST", "/orders", AUTH, Some(r#"{"quantity":1}"#)),
            "VALIDATION_FAILED",
            json!({"field": "item", "rule": "must be a non-empty string"}),
        ),
        (
            call("POST", "/orders", AUTH, Some(r#"{"item":"","quantity":1}"#)),
            "VALIDATION_FAILED",
            json!({"field": "item", "rule": "must be a non-empty string"}),
        ),
        (
            call("POST", "/orders", AUTH, Some(r#"{"item":"x"}"#)),
            "VALIDATION_FAILED",
            json!({"field": "quantity", "rule": "must be an integer from 1 to 1000"}),
        ),
        (
            call(
                "POST",
                "/orders",
                AUTH,
                Some(r#"{"item":"x","quantity":0}"#),
            ),
            "VALIDATION_FAILED",
            json!({"field": "quantity", "rule": "must be an integer from 1 to 1000"}),
        ),
        (
            call(
                "POST",
                "/orders",
                AUTH,
                Some(r#"{"item":"x","quantity":1001}"#),
            ),
            "VALIDATION_FAILED",
            json!({"field": "quantity", "rule": "must be an integer from 1 to 1000"}),
        ),
        (
            call(
                "POST",
                "/orders",
                AUTH,
                Some(r#"{"item":"x","quantity":1.5}"#),
            ),
            "VALIDATION_FAILED",
            json!({"field": "quantity", "rule": "must be an integer from 1 to 1000"}),
        ),
        (
            call(
                "POST",
                "/orders",
                AUTH,
                Some(r#"{"item":"x","quantity":true}"#),
            ),
            "VALIDATION_FAILED",
            json!({"field": "quantity", "rule": "must be an integer from 1 to 1000"}),
        ),
        (
            call("GET", "/orders/o-9", AUTH, None),
            "ORDER_NOT_FOUND",
            json!({"order_id": "o-9"}),
        ),
        (
            call("GET", "/orders/a%20b%C3%A9%22", AUTH, None),
            "ORDER_NOT_FOUND",
            json!({"order_id": "a bé\""}),
        ),
        (
            call("POST", "/orders/o-2/payment", AUTH, None),
            "ORDER_ALREADY_PAID",
            json!({"order_id": "o-2"}),
        ),
        (
            call("POST", "/orders/o-3/payment", AUTH, None),
            "UPSTREAM_UNAVAILABLE",
            json!({"service": "payments"}),
        ),
        (
            call("POST", "/orders/o-9/payment", AUTH, None),
            "ORDER_NOT_FOUND",
            json!({"order_id": "o-9"}),
        ),
    ];
    for (c, name, values) in &failures {
        let ctx = format!("{} {} ({:?})", c.method, c.path, c.auth);
        let (status, content_type, retry_after, body) = reference(&cat, name, values.clone());
        let res = send(&client, &server.base, c).await;
        let header = |n: &str| {
            res.headers()
                .get(n)
                .map(|v| v.to_str().unwrap().to_string())
        };
        assert_eq!(res.status().as_u16(), status, "{ctx}");
        assert_eq!(header("content-type"), Some(content_type), "{ctx}");
        assert_eq!(header("retry-after"), retry_after, "{ctx}");
        assert_eq!(
            res.headers().get_all("content-type").iter().count(),
            1,
            "{ctx}"
        );
        assert_eq!(res.text().await.unwrap(), body, "{ctx}: body bytes");
    }

    // The successes: values as SERVERS.md says, `application/json`.
    let successes = [
        (
            call("GET", "/orders/o-1", AUTH, None),
            200,
            json!({"id": "o-1", "item": "book", "quantity": 1, "paid": false}),
        ),
        (
            call("GET", "/orders/o-2", AUTH, None),
            200,
            json!({"id": "o-2", "item": "pen", "quantity": 3, "paid": true}),
        ),
        (
            call("GET", "/orders/o-1", Some("Bearer burst-a"), None),
            200,
            json!({"id": "o-1", "item": "book", "quantity": 1, "paid": false}),
        ),
        (
            call(
                "POST",
                "/orders",
                AUTH,
                Some(r#"{"item":"ink","quantity":1000,"note":"x"}"#),
            ),
            201,
            json!({"id": "o-4", "item": "ink", "quantity": 1000, "paid": false}),
        ),
        (
            call("POST", "/orders/o-1/payment", AUTH, None),
            200,
            json!({"id": "o-1", "item": "book", "quantity": 1, "paid": true}),
        ),
    ];
    for (c, status, want) in &successes {
        let ctx = format!("{} {}", c.method, c.path);
        let res = send(&client, &server.base, c).await;
        assert_eq!(res.status().as_u16(), *status, "{ctx}");
        assert_eq!(res.headers()["content-type"], "application/json", "{ctx}");
        let text = res.text().await.unwrap();
        assert_eq!(text, want.to_string(), "{ctx}: keys in SERVERS.md's order");
    }

    // Each error was logged at its code's level: `expected` codes at WARN, the outage at ERROR.
    let log = server.stop();
    assert!(
        log.contains("warn: GET /orders/o-9 -> 404 Not Found"),
        "{log}"
    );
    assert!(
        log.contains("error: POST /orders/o-3/payment -> 503 Service Unavailable"),
        "{log}"
    );
    assert!(
        !log.contains("GET /orders/o-2 ->"),
        "successes are not logged: {log}"
    );
}

/// What a client built on the module's reader does: on 429 and 503 it reads the response
/// with `read_http_response`, waits as long as `Retry-After` says, and tries again, at most
/// as often as the code's retry advice allows. Returns the final response and the time it
/// waited.
async fn call_with_retries(
    client: &reqwest::Client,
    base: &str,
    c: &Call,
) -> (u16, Vec<u8>, Duration, usize) {
    let mut waited = Duration::ZERO;
    let mut attempts = 0;
    loop {
        attempts += 1;
        let res = send(client, base, c).await;
        let status = res.status().as_u16();
        let headers: Vec<(String, String)> = res
            .headers()
            .iter()
            .map(|(n, v)| {
                (
                    n.to_string(),
                    String::from_utf8_lossy(v.as_bytes()).into_owned(),
                )
            })
            .collect();
        let body = res.bytes().await.unwrap().to_vec();
        if status != 429 && status != 503 {
            return (status, body, waited, attempts);
        }
        let reading = read_http_response(status, headers.iter().map(|(n, v)| (n, v)), &body);
        let max = reading
            .error
            .retry()
            .and_then(|r| r.max_attempts)
            .unwrap_or(1) as usize;
        let Some(delay) = reading
            .retry_after()
            .filter(|_| attempts < max && reading.error.retryable())
        else {
            return (status, body, waited, attempts);
        };
        let start = Instant::now();
        tokio::time::sleep(delay).await;
        waited += start.elapsed();
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_honours_retry_after() {
    let server = Server::start();
    let client = reqwest::Client::new();

    // 429 on a `burst-` token's first request, `Retry-After: 1`: one wait, then the order.
    let c = call("GET", "/orders/o-2", Some("Bearer burst-retry"), None);
    let (status, body, waited, attempts) = call_with_retries(&client, &server.base, &c).await;
    assert_eq!((status, attempts), (200, 2));
    assert!(waited >= Duration::from_secs(1), "{waited:?}");
    let order: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(order["id"], "o-2");

    // 503 from the payment service, `Retry-After: 1`, retried as the code's advice allows
    // (`max_attempts: 3`): two waits, then the client gives up with the reading of the error.
    let c = call("POST", "/orders/o-3/payment", AUTH, None);
    let (status, body, waited, attempts) = call_with_retries(&client, &server.base, &c).await;
    assert_eq!((status, attempts), (503, 3));
    assert!(waited >= Duration::from_secs(2), "{waited:?}");
    let reading = read_http_response(status, [("Retry-After", "1")], &body);
    assert_eq!(reading.kind, WireKind::Known);
    assert_eq!(reading.error.code(), Some(ErrorCode::UpstreamUnavailable));
    assert_eq!(reading.error.param("service"), Some(&json!("payments")));
    assert_eq!(reading.retry_after_ms, Some(1000));
}

/// Schemathesis (tools/python/.venv, `bash .ci/steps/25-python.sh`) against the running
/// server with `../api.yaml`, bounded in examples: every check passes but one. Left out:
/// `ensure_resource_availability` (an order `POST /orders` answers with is not readable
/// afterwards), because SERVERS.md's service stores nothing by design.
///
/// Hypothesis's own health checks are suppressed. hypothesis is pinned at 6.130.0 for it: with 6.170.17 Schemathesis's `fuzzing` and
/// `stateful` phases stop with an error of their own before sending a request (`'many'
/// object has no attribute 'more'`, a call hypothesis-jsonschema 0.23.1 makes).
#[test]
fn schemathesis_finds_nothing() {
    let venv = repo_root().join("tools/python/.venv/bin/schemathesis");
    let Some(st) = tool::require_tool(
        "Schemathesis against the axum server",
        tool::file(&venv, "bash .ci/steps/25-python.sh"),
    ) else {
        return;
    };
    let server = Server::start();
    let api = repo_root().join("examples/http-api/api.yaml");
    let out = Command::new(st)
        .arg("run")
        .arg(&api)
        .args(["--url", &server.base])
        .args(["-H", "Authorization: Bearer test"])
        .args([
            "--max-examples",
            "10",
            "--seed",
            "27",
            "--generation-database",
            "none",
        ])
        .args([
            "--checks",
            "all",
            "--exclude-checks",
            "ensure_resource_availability",
        ])
        // Hypothesis's health checks judge the generator (how much it filters, on a machine
        // that may be busy), not the server's responses.
        .args(["--suppress-health-check", "all"])
        // Without `CI`: Hypothesis loads its "ci" profile when it is set (derandomize, which
        // replaces `--seed`), and then fails its filter health check on the `{order_id}`
        // paths even with every check suppressed; the seed keeps the run reproducible.
        .env_remove("CI")
        .current_dir(env!("CARGO_TARGET_TMPDIR"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "Schemathesis found problems:\n{stdout}\n{stderr}"
    );
    drop(server);
}
