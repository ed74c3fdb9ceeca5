//! The FastAPI server of `examples/http-api` (`python/orders_server.py`), over real HTTP:
//! started with uvicorn on 127.0.0.1 (a free port) and called with httpx (`python/client.py`),
//!
//! - every failure of SERVERS.md answers with the status, `Content-Type`, `Retry-After` and
//!   body bytes of errdex's reference rendering (`errdex_codegen::payload`) for the same code
//!   and params, and the successes with the orders SERVERS.md lists;
//! - the server logs each error at its level (WARNING when `expected`, else ERROR);
//! - a client that reads the errors with the package's `read_http_response` honours
//!   `Retry-After`: rate-limited (429, a `burst-` token) it waits and then succeeds; with the
//!   payment service down (503) it waits between its `retry.max_attempts` attempts, then gives
//!   up with the error read;
//! - Schemathesis, run against the server with `api.yaml`, bounded in examples and time,
//!   finds no response that breaks the document;
//! - the server and the client pass `mypy --strict` and `ruff`.
//!
//! The tools come from `tools/python/.venv` (`bash .ci/steps/25-python.sh`, or
//! `ERRDEX_PYTHON_VENV`); without them the test prints why and skips, under `CI` it fails.

#[path = "../../codegen/tests/testkit/mod.rs"]
mod testkit;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use errdex_codegen::Catalogue;
use errdex_codegen::payload::Instance;
use serde_json::{Value, json};

fn example() -> PathBuf {
    testkit::repo_root().join("examples/http-api")
}

/// The virtual environment's `bin/` with FastAPI, uvicorn, httpx, Schemathesis, mypy and
/// ruff, or `None` with the reason printed (a panic under CI).
fn venv() -> Option<PathBuf> {
    let dir = std::env::var_os("ERRDEX_PYTHON_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| testkit::repo_root().join("tools/python/.venv"));
    let bin = dir.join("bin");
    let imports = Command::new(bin.join("python"))
        .args(["-c", "import fastapi, uvicorn, httpx"])
        .output()
        .is_ok_and(|o| o.status.success());
    let found = if imports
        && ["schemathesis", "mypy", "ruff"]
            .iter()
            .all(|t| bin.join(t).exists())
    {
        Ok(bin)
    } else {
        Err(format!(
            "{} lacks fastapi/uvicorn/httpx/schemathesis/mypy/ruff: run `bash .ci/steps/25-python.sh`",
            dir.display()
        ))
    };
    testkit::tool::require_tool("the FastAPI server of examples/http-api", found)
}

/// Schemathesis, run the same way locally and under CI. Hypothesis loads its own "ci"
/// settings profile when the environment has `CI` (`derandomize=True`, which replaces the
/// `--seed` given here, and its own health-check list); with it, the fuzzing phase stopped on
/// "too many generated examples are filtered out" for the `{order_id}` paths even with
/// `--suppress-health-check all` (reproduced with `CI=true` by hand; passes without). The seed
/// already makes the run reproducible, so the child runs without `CI`.
fn schemathesis_command(bin: &Path) -> Command {
    let mut command = Command::new(bin.join("schemathesis"));
    command.env_remove("CI");
    command
}

/// The uvicorn process, killed when dropped (also when a check fails).
struct Server {
    child: Child,
    url: String,
    log: PathBuf,
}

impl Server {
    fn start(bin: &Path, tmp: &Path) -> Server {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let log = tmp.join("server.log");
        let child = Command::new(bin.join("python"))
            .args(["-m", "uvicorn", "orders_server:app", "--host", "127.0.0.1"])
            .args(["--port", &port.to_string(), "--no-access-log"])
            .current_dir(example().join("python"))
            .env("PYTHONPATH", example().join("generated/python"))
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).expect("the server's log"))
            .spawn()
            .expect("uvicorn starts");
        let mut server = Server {
            child,
            url: format!("http://127.0.0.1:{port}"),
            log,
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            if let Ok(Some(status)) = server.child.try_wait() {
                panic!("uvicorn exited ({status}):\n{}", server.log_text());
            }
            assert!(
                Instant::now() < deadline,
                "uvicorn did not listen within 60 s:\n{}",
                server.log_text()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        server
    }

    fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `cmd` with `stdin`, killed after `limit`; its stdout, or a panic with its output.
fn run(cmd: &mut Command, stdin: &str, limit: Duration) -> String {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{cmd:?} ran longer than {limit:?}:\n{}",
                err_reader.join().unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let (stdout, stderr) = (
        reader.join().unwrap_or_default(),
        err_reader.join().unwrap_or_default(),
    );
    assert!(status.success(), "{cmd:?} failed:\n{stdout}\n{stderr}");
    stdout
}

fn catalogue() -> Catalogue {
    let path = example().join("errors.yaml");
    let src = std::fs::read_to_string(&path).expect("errors.yaml");
    errdex_codegen::load_str(&src, "errors.yaml")
        .catalogue
        .expect("the example's catalogue is valid")
}

/// The reference response of the code named `name` with `params`: status, `Content-Type`,
/// `Retry-After`, body bytes.
fn reference(cat: &Catalogue, name: &str, params: &Value) -> (u16, String, Option<String>, String) {
    let e = cat
        .errors
        .iter()
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("{name}: no such code"));
    let mut inst = Instance::example(e);
    inst.values = e.params.iter().map(|p| params[&p.name].clone()).collect();
    let r = inst.http_response(cat);
    let header = |n: &str| {
        r.headers
            .iter()
            .find(|(h, _)| *h == n)
            .map(|(_, v)| v.clone())
    };
    (
        r.status,
        header("Content-Type").expect("a Content-Type"),
        header("Retry-After"),
        r.body.to_string(),
    )
}

fn hex_bytes(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex"))
        .collect()
}

/// What SERVERS.md asks of each request: an error (NAME, params) or a success (status, body).
enum Want {
    Error(&'static str, Value),
    Ok(u16, Value),
}

#[allow(clippy::too_many_lines)]
fn cases() -> Vec<(&'static str, Value, Want)> {
    let auth = |token: &str| json!({"Authorization": format!("Bearer {token}")});
    let get =
        |path: &str, headers: Value| json!({"method": "GET", "path": path, "headers": headers});
    let post = |path: &str, body: &str| json!({"method": "POST", "path": path, "headers": {"Authorization": "Bearer t-1", "Content-Type": "application/json"}, "body": body});
    let invalid = |field: &str, rule: &str| {
        Want::Error("VALIDATION_FAILED", json!({"field": field, "rule": rule}))
    };
    let item = || invalid("item", "must be a non-empty string");
    let quantity = || invalid("quantity", "must be an integer from 1 to 1000");
    let malformed = || {
        Want::Error(
            "BODY_MALFORMED",
            json!({"problem": "expected a JSON object"}),
        )
    };
    let o1 = json!({"id": "o-1", "item": "book", "quantity": 1, "paid": false});
    vec![
        (
            "no Authorization",
            get("/orders/o-1", json!({})),
            Want::Error("TOKEN_MISSING", json!({})),
        ),
        (
            "not a bearer token",
            get("/orders/o-1", json!({"Authorization": "Basic dTpw"})),
            Want::Error("TOKEN_MISSING", json!({})),
        ),
        (
            "burst token, first request",
            get("/orders/o-1", auth("burst-py-1")),
            Want::Error("RATE_LIMITED", json!({"limit": 100, "window_s": 60})),
        ),
        (
            "burst token, then",
            get("/orders/o-1", auth("burst-py-1")),
            Want::Ok(200, o1.clone()),
        ),
        (
            "a bearer without a token",
            get("/orders/o-1", json!({"Authorization": "Bearer"})),
            Want::Error("TOKEN_MISSING", json!({})),
        ),
        (
            "read-only token creates",
            json!({"method": "POST", "path": "/orders", "headers": auth("read-only"), "body": "{\"item\":\"x\",\"quantity\":1}"}),
            Want::Error("SCOPE_MISSING", json!({"scope": "orders:write"})),
        ),
        (
            "read-only token reads",
            get("/orders/o-2", auth("read-only")),
            Want::Ok(
                200,
                json!({"id": "o-2", "item": "pen", "quantity": 3, "paid": true}),
            ),
        ),
        (
            "rate limit before scope",
            json!({"method": "POST", "path": "/orders", "headers": auth("burst-read-only"), "body": "{}"}),
            Want::Error("RATE_LIMITED", json!({"limit": 100, "window_s": 60})),
        ),
        (
            "known order",
            get("/orders/o-1", auth("t-1")),
            Want::Ok(200, o1.clone()),
        ),
        (
            "unknown order",
            get("/orders/o-9", auth("t-1")),
            Want::Error("ORDER_NOT_FOUND", json!({"order_id": "o-9"})),
        ),
        (
            "unknown order, non-ASCII id",
            get("/orders/%C3%A9t%C3%A9%20%22%3C%3E", auth("t-1")),
            Want::Error("ORDER_NOT_FOUND", json!({"order_id": "été \"<>"})),
        ),
        ("body not JSON", post("/orders", "item=x"), malformed()),
        ("body empty", post("/orders", ""), malformed()),
        ("body a JSON array", post("/orders", "[1]"), malformed()),
        (
            "body NaN",
            post("/orders", "{\"item\":\"x\",\"quantity\":NaN}"),
            malformed(),
        ),
        ("no item", post("/orders", "{\"quantity\":2}"), item()),
        (
            "empty item",
            post("/orders", "{\"item\":\"\",\"quantity\":2}"),
            item(),
        ),
        (
            "item not a string",
            post("/orders", "{\"item\":7,\"quantity\":2}"),
            item(),
        ),
        (
            "no quantity",
            post("/orders", "{\"item\":\"x\"}"),
            quantity(),
        ),
        (
            "quantity 0",
            post("/orders", "{\"item\":\"x\",\"quantity\":0}"),
            quantity(),
        ),
        (
            "quantity 1001",
            post("/orders", "{\"item\":\"x\",\"quantity\":1001}"),
            quantity(),
        ),
        (
            "quantity a boolean",
            post("/orders", "{\"item\":\"x\",\"quantity\":true}"),
            quantity(),
        ),
        (
            "quantity a fraction",
            post("/orders", "{\"item\":\"x\",\"quantity\":1.5}"),
            quantity(),
        ),
        (
            "quantity a string",
            post("/orders", "{\"item\":\"x\",\"quantity\":\"2\"}"),
            quantity(),
        ),
        (
            "created",
            post(
                "/orders",
                "{\"item\":\"cup\",\"quantity\":1000,\"colour\":\"red\"}",
            ),
            Want::Ok(
                201,
                json!({"id": "o-4", "item": "cup", "quantity": 1000, "paid": false}),
            ),
        ),
        (
            "created, any content type",
            json!({"method": "POST", "path": "/orders", "headers": {"Authorization": "Bearer t-1", "Content-Type": "text/plain"}, "body": "{\"item\":\"cup\",\"quantity\":1}"}),
            Want::Ok(
                201,
                json!({"id": "o-4", "item": "cup", "quantity": 1, "paid": false}),
            ),
        ),
        (
            "pay o-1",
            post("/orders/o-1/payment", ""),
            Want::Ok(
                200,
                json!({"id": "o-1", "item": "book", "quantity": 1, "paid": true}),
            ),
        ),
        (
            "pay o-2",
            post("/orders/o-2/payment", ""),
            Want::Error("ORDER_ALREADY_PAID", json!({"order_id": "o-2"})),
        ),
        (
            "pay o-3",
            post("/orders/o-3/payment", ""),
            Want::Error("UPSTREAM_UNAVAILABLE", json!({"service": "payments"})),
        ),
        (
            "pay o-9",
            post("/orders/o-9/payment", ""),
            Want::Error("ORDER_NOT_FOUND", json!({"order_id": "o-9"})),
        ),
        (
            "pay without a token",
            json!({"method": "POST", "path": "/orders/o-3/payment", "headers": {}}),
            Want::Error("TOKEN_MISSING", json!({})),
        ),
    ]
}

fn header<'a>(headers: &'a [Value], name: &str) -> Vec<&'a str> {
    headers
        .iter()
        .filter(|h| h[0].as_str().is_some_and(|n| n.eq_ignore_ascii_case(name)))
        .filter_map(|h| h[1].as_str())
        .collect()
}

#[test]
fn the_fastapi_server_answers_as_the_reference_and_passes_schemathesis() {
    let Some(bin) = venv() else { return };
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let cat = catalogue();
    let server = Server::start(&bin, tmp.path());
    let client = |mode: &str, stdin: &str| {
        run(
            Command::new(bin.join("python"))
                .arg("client.py")
                .args([mode, &server.url])
                .current_dir(example().join("python"))
                .env("PYTHONPATH", example().join("generated/python"))
                .env("PYTHONDONTWRITEBYTECODE", "1"),
            stdin,
            Duration::from_secs(120),
        )
    };

    // 1. Every request of SERVERS.md, through httpx.
    let cases = cases();
    let requests: Vec<Value> = cases
        .iter()
        .map(|(label, req, _)| {
            let mut r = req.clone();
            r["label"] = (*label).into();
            r
        })
        .collect();
    let got: Vec<Value> = serde_json::from_str(&client("raw", &Value::from(requests).to_string()))
        .expect("the client's JSON");
    assert_eq!(got.len(), cases.len());
    let mut errors = 0;
    for ((label, _, want), resp) in cases.iter().zip(&got) {
        let status = resp["status"].as_u64().expect("status");
        let headers = resp["headers"].as_array().expect("headers");
        let body = hex_bytes(resp["body"].as_str().expect("body"));
        match want {
            Want::Error(name, params) => {
                let (w_status, w_type, w_retry, w_body) = reference(&cat, name, params);
                assert_eq!(status, u64::from(w_status), "{label}: status");
                assert_eq!(
                    header(headers, "Content-Type"),
                    [w_type.as_str()],
                    "{label}: Content-Type"
                );
                let retry: Vec<String> = w_retry.into_iter().collect();
                assert_eq!(
                    header(headers, "Retry-After"),
                    retry,
                    "{label}: Retry-After"
                );
                assert_eq!(
                    String::from_utf8_lossy(&body),
                    w_body,
                    "{label}: body bytes"
                );
                assert_eq!(body, w_body.as_bytes(), "{label}: body bytes");
                errors += 1;
            }
            Want::Ok(w_status, w_body) => {
                assert_eq!(status, u64::from(*w_status), "{label}: status");
                assert_eq!(
                    header(headers, "Content-Type"),
                    ["application/json"],
                    "{label}: Content-Type"
                );
                let value: Value = serde_json::from_slice(&body).expect("a JSON body");
                assert_eq!(&value, w_body, "{label}: body");
                let keys: Vec<&String> = value.as_object().expect("an object").keys().collect();
                assert_eq!(
                    keys,
                    ["id", "item", "quantity", "paid"],
                    "{label}: key order"
                );
            }
        }
    }
    eprintln!(
        "FastAPI: {errors} error responses are the reference's bytes, {} successes as SERVERS.md lists",
        cases.len() - errors
    );

    // 2. Each error logged at its level (expected: WARNING; the upstream outage: ERROR).
    let log = server.log_text();
    for (level, line) in [
        (
            "WARNING",
            r#"GET "/orders/o-9" -> 404 ORD-ORD-001 "No order has the id o-9""#,
        ),
        ("WARNING", r#"POST "/orders" -> 400 ORD-REQ-001 "#),
        (
            "ERROR",
            r#"POST "/orders/o-3/payment" -> 503 ORD-SVC-002 "The payments service is unavailable""#,
        ),
    ] {
        assert!(
            log.lines()
                .any(|l| l.starts_with(level) && l.contains(line)),
            "no {level} line with {line:?} in the server's log:\n{log}"
        );
    }

    // 3. The retrying client: waits as Retry-After says, then succeeds (429) or gives up (503).
    let retries: Value = serde_json::from_str(&client("retry", "")).expect("the client's JSON");
    let limited = retries["rate limited"].as_array().expect("attempts");
    assert_eq!(limited.len(), 2, "{retries}");
    assert_eq!(
        (
            &limited[0]["status"],
            &limited[0]["kind"],
            &limited[0]["code"],
            &limited[0]["retryAfterMs"]
        ),
        (
            &json!(429),
            &json!("known"),
            &json!("ORD-SVC-001"),
            &json!(1000)
        ),
        "{retries}"
    );
    assert_eq!(limited[1]["status"], 200, "{retries}");
    assert!(
        limited[1]["waitedMs"].as_u64().expect("waited") >= 1000,
        "{retries}"
    );
    let down = retries["upstream down"].as_array().expect("attempts");
    assert_eq!(
        down.len(),
        3,
        "max_attempts of UPSTREAM_UNAVAILABLE's retry advice: {retries}"
    );
    for (i, a) in down.iter().enumerate() {
        assert_eq!(
            (&a["status"], &a["kind"], &a["code"], &a["retryAfterMs"]),
            (
                &json!(503),
                &json!("known"),
                &json!("ORD-SVC-002"),
                &json!(1000)
            ),
            "{retries}"
        );
        assert!(
            i == 0 || a["waitedMs"].as_u64().expect("waited") >= 1000,
            "{retries}"
        );
    }

    // 4 and 5 at once: Schemathesis keeps one core busy (Python, one thread; the server
    // next to nothing), mypy and ruff take the other (they took 16 s after it).
    std::thread::scope(|scope| {
        // 5. The example's sources type-check and lint.
        let lint = scope.spawn(|| {
            let dir = example().join("python");
            let mypy = run(
                Command::new(bin.join("mypy"))
                    .args(["--strict", "--python-version=3.10", "--cache-dir"])
                    .arg(tmp.path().join("mypy"))
                    .args(["orders_server.py", "client.py"])
                    .env("MYPYPATH", example().join("generated/python"))
                    .current_dir(&dir),
                "",
                Duration::from_secs(240),
            );
            assert!(mypy.contains("Success"), "{mypy}");
            run(
                Command::new(bin.join("ruff"))
                    .args([
                        "check",
                        "--no-cache",
                        "--isolated",
                        "--line-length",
                        "120",
                        ".",
                    ])
                    .current_dir(&dir),
                "",
                Duration::from_secs(60),
            );
        });

        // 4. Schemathesis with the API document, bounded (12 examples per operation and phase,
        // a fixed seed; ~15-60 s). Every check runs but `ensure_resource_availability`: SERVERS.md
        // stores nothing, so the `o-4` a POST creates is never found again, by design. Paths
        // of up to 64 characters make Hypothesis filter many candidates: its health checks judge
        // the generator, not the server, so all are suppressed, as the Rust and TypeScript runs do.
        let out = run(
            schemathesis_command(&bin)
                .args(["run", "api.yaml", "--url", &server.url])
                .args(["-H", "Authorization: Bearer test"])
                .args([
                    "--max-examples",
                    "12",
                    "--seed",
                    "27",
                    "--request-timeout",
                    "5",
                ])
                .args(["--exclude-checks", "ensure_resource_availability"])
                .args(["--suppress-health-check", "all"])
                .args(["--no-color", "--generation-database", "none"])
                .current_dir(example()),
            "",
            Duration::from_secs(300),
        );
        let summary = out.lines().rev().find(|l| l.contains(" in ")).unwrap_or("");
        eprintln!("schemathesis: {summary}");
        assert!(summary.contains("No issues found"), "{out}");
        drop(server);
        if let Err(panic) = lint.join() {
            std::panic::resume_unwind(panic);
        }
    });
}
