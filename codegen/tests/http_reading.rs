//! The reference reading of an HTTP error response (`payload::read_http_response`), held
//! against what HTTP says and against hand-written expectations, before every target's
//! reader is held against it (the `httpReadings` of the shared vectors):
//!
//! - every code's reference response, in each of the profile's bodies, reads back as that
//!   code with its message and the `Retry-After` it sent;
//! - the delay: delay-seconds and IMF-fixdate against `Date` (RFC 9110 §10.2.3), the first
//!   header of two, RetryInfo when no header; broken values give none;
//! - what a client receives is untrusted: arbitrary statuses, headers and bytes never panic,
//!   and the verdict is always one of the five.

#![allow(clippy::unwrap_used)]

mod vectors_support;

use errdex_codegen::ir::{Catalogue, HttpBody};
use errdex_codegen::payload::{Instance, read_http_response, retry_after_seconds};
use proptest::prelude::*;
use serde_json::{Value, json};

fn catalogue(name: &str) -> Catalogue {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    let src = std::fs::read_to_string(&path).unwrap();
    errdex_codegen::load_str(&src, "errors.yaml")
        .catalogue
        .unwrap()
}

fn by_label<'v>(vectors: &'v [Value], label: &str) -> &'v Value {
    vectors
        .iter()
        .find(|v| v["label"] == label)
        .unwrap_or_else(|| panic!("no vector {label}"))
}

#[test]
fn reference_responses_read_back_as_their_code() {
    for name in [
        "../examples/http-api/errors.yaml",
        "../tests/fixtures/full/errors.yaml",
        "../examples/postgres/errors.yaml",
    ] {
        let base = catalogue(name);
        for body in HttpBody::ALL {
            let mut cat = base.clone();
            cat.profiles.http.body = body;
            cat.profiles.http.domain = Some("api.example.dev".into());
            for e in &cat.errors {
                let inst = Instance::example(e);
                let r = inst.http_response(&cat);
                assert_eq!(
                    r.headers[0],
                    ("Content-Type", body.content_type().to_string())
                );
                let headers: Vec<(String, String)> = r
                    .headers
                    .iter()
                    .map(|(n, v)| (n.to_string(), v.clone()))
                    .collect();
                let read =
                    read_http_response(&cat, r.status, &headers, r.body.to_string().as_bytes());
                assert_eq!(read.kind, "known", "{name} {}: {}", body.as_str(), r.body);
                assert_eq!(read.code.as_deref(), Some(e.code.as_str()));
                assert_eq!(read.message, Some(inst.message()));
                let sent = retry_after_seconds(&cat, e).map(|s| s * 1000);
                let in_body = (body == HttpBody::Google && e.retryable)
                    .then(|| e.retry.as_ref().and_then(|r| r.initial_backoff_ms))
                    .flatten();
                assert_eq!(
                    read.retry_after_ms,
                    sent.or(in_body),
                    "{} {}",
                    e.code,
                    body.as_str()
                );
            }
        }
    }
}

#[test]
fn the_http_api_example_sends_retry_after_on_its_429_and_503() {
    let cat = catalogue("../examples/http-api/errors.yaml");
    for e in &cat.errors {
        let r = Instance::example(e).http_response(&cat);
        let retry_after = r
            .headers
            .iter()
            .find(|(n, _)| *n == "Retry-After")
            .map(|(_, v)| v.as_str());
        match e.http_status {
            429 | 503 => assert_eq!(retry_after, Some("1"), "{}", e.code),
            _ => assert_eq!(retry_after, None, "{}", e.code),
        }
        assert_eq!(r.body["type"], json!(e.docs_url));
    }
}

#[test]
fn delays_and_verdicts_by_hand() {
    let cat = catalogue("../examples/http-api/errors.yaml");
    let v = vectors_support::http_readings(&cat);
    let expect = |label: &str| by_label(&v, label)["expect"].clone();
    let delay = |label: &str| expect(label)["retryAfterMs"].clone();
    assert_eq!(delay("Retry-After seconds"), json!(120_000));
    assert_eq!(delay("Retry-After lower-case name, spaces"), json!(7_000));
    assert_eq!(delay("Retry-After first of two"), json!(2_000));
    assert_eq!(delay("Retry-After HTTP-date with Date"), json!(30_000));
    assert_eq!(delay("Retry-After HTTP-date in the past"), json!(0));
    for broken in [
        "Retry-After HTTP-date without Date",
        "Retry-After negative",
        "Retry-After fraction",
        "Retry-After garbage",
        "Retry-After huge",
        "Retry-After hostile",
        "RetryInfo malformed",
    ] {
        assert_eq!(delay(broken), Value::Null, "{broken}");
    }
    assert_eq!(delay("RetryInfo only"), json!(250));
    assert_eq!(delay("header wins over RetryInfo"), json!(4_000));
    assert_eq!(delay("empty body"), json!(3_000));
    assert_eq!(expect("empty body")["kind"], "invalid");
    assert_eq!(expect("plain text body")["kind"], "invalid");
    assert_eq!(expect("JSON array")["kind"], "invalid");
    assert_eq!(
        expect("legacy {error}"),
        json!({"kind": "legacy", "code": null, "message": "connection refused", "status": 502, "retryAfterMs": null})
    );
    assert_eq!(expect("problem without code")["kind"], "legacy");
    assert_eq!(expect("problem without code")["message"], "Not Found");
    assert_eq!(
        expect("problem without code, with detail")["message"],
        "no such thing"
    );
    assert_eq!(expect("google without ErrorInfo")["kind"], "legacy");
    assert_eq!(expect("google without message")["kind"], "invalid");
    assert_eq!(expect("google error not an object")["kind"], "legacy");
    let newer = expect("newer code as google");
    assert_eq!(newer["kind"], "unknown");
    assert_eq!(newer["code"], "SOMETHING_NEW");
    assert_eq!(newer["retryAfterMs"], 1500);
    assert_eq!(expect("newer code as problem")["kind"], "unknown");
    assert_eq!(expect("newer code as wire")["kind"], "unknown");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn untrusted_responses_never_panic(
        status in any::<u16>(),
        headers in proptest::collection::vec(("[A-Za-z-]{0,12}", "\\PC{0,40}"), 0..4),
        body in proptest::collection::vec(any::<u8>(), 0..200),
        json_body in "\\{(\"(error|code|type|status|detail|details|message|@type|reason|retryDelay)\":(\"[^\"]{0,8}\"|[0-9]{1,4}|\\[\\]|\\{\\}|null),?){0,6}\\}",
        retry in "Retry-After|retry-after|Date",
        retry_value in "[0-9 a-zA-Z,:-]{0,30}",
    ) {
        let cat = catalogue("../examples/http-api/errors.yaml");
        let mut hs: Vec<(String, String)> = headers;
        hs.push((retry, retry_value));
        for bytes in [body.as_slice(), json_body.as_bytes()] {
            let r = read_http_response(&cat, status, &hs, bytes);
            prop_assert!(["known", "unknown", "retired", "legacy", "invalid"].contains(&r.kind));
            prop_assert_eq!(r.status, status);
            if matches!(r.kind, "legacy" | "invalid") {
                prop_assert!(r.code.is_none());
            }
        }
    }
}
