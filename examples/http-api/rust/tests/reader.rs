//! What a client receives is untrusted: the generated `read_http_response` is fed arbitrary
//! statuses, headers and bodies (bytes, any JSON, and problem / AIP-193 / wire shapes with
//! live, unknown and broken codes, reasons, `Retry-After` and `RetryInfo` values) and must
//! never panic and must give the verdict of errdex's reference reader
//! (`errdex_codegen::payload::read_http_response`): kind, code, message, status, delay.
#![allow(clippy::unwrap_used)]

use std::sync::LazyLock;

use errdex_codegen::ir::{Catalogue, HttpBody};
use errdex_codegen::payload::{self, Instance};
use example_http_api::errors::read_http_response;
use proptest::prelude::*;
use serde_json::{Value, json};

/// The example's catalogue, loaded once.
static CATALOGUE: LazyLock<Catalogue> = LazyLock::new(|| {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../errors.yaml");
    errdex_codegen::load_path(&path).unwrap().catalogue.unwrap()
});

fn catalogue() -> Catalogue {
    CATALOGUE.clone()
}

/// Strings a reader may meet where a code, reason or message goes.
fn word() -> impl Strategy<Value = String> {
    let cat = catalogue();
    let mut known: Vec<String> = Vec::new();
    for e in &cat.errors {
        known.push(e.code.clone());
        known.push(e.name.clone());
        known.push(payload::aip_reason(&cat, e));
    }
    prop_oneof![
        proptest::sample::select(known),
        Just(String::new()),
        "[A-Z_-]{0,12}",
        any::<String>(),
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        word().prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::vec((word(), inner), 0..4)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

fn maybe<T: std::fmt::Debug + Clone + 'static>(
    s: impl Strategy<Value = T> + 'static,
) -> BoxedStrategy<Option<T>> {
    prop_oneof![Just(None), s.prop_map(Some)].boxed()
}

/// A member value: usually a string, sometimes anything.
fn member() -> impl Strategy<Value = Value> {
    prop_oneof![3 => word().prop_map(Value::from), 1 => json_value()]
}

fn delay() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("1.5s".to_string()),
        Just("0.250s".to_string()),
        "[0-9]{0,4}(\\.[0-9]{0,10})?s?",
        any::<String>(),
    ]
}

/// A body in one of the shapes a reader tells apart, with members that may be wrong.
fn shaped_body() -> impl Strategy<Value = Value> {
    let problem = (
        maybe(member()),
        maybe(member()),
        maybe(member()),
        maybe(json_value()),
        maybe(word()),
    )
        .prop_map(|(code, detail, title, status, ty)| {
            let mut m = serde_json::Map::new();
            m.insert("type".into(), ty.map_or(json!("about:blank"), Value::from));
            m.insert("status".into(), status.unwrap_or(json!(404)));
            for (k, v) in [("title", title), ("detail", detail), ("code", code)] {
                if let Some(v) = v {
                    m.insert(k.into(), v);
                }
            }
            Value::Object(m)
        });
    let google = (
        maybe(member()),
        maybe(member()),
        maybe(delay()),
        any::<bool>(),
        maybe(json_value()),
    )
        .prop_map(|(reason, message, retry, info_first, metadata)| {
            let mut details = Vec::new();
            let mut info =
                json!({"@type": "type.googleapis.com/google.rpc.ErrorInfo", "domain": "x"});
            if let Some(r) = reason {
                info["reason"] = r;
            }
            if let Some(m) = metadata {
                info["metadata"] = m;
            }
            let retry = retry.map(
                |d| json!({"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": d}),
            );
            details.push(info);
            details.extend(retry);
            if !info_first {
                details.reverse();
            }
            let mut error = json!({"code": 500, "details": details});
            if let Some(m) = message {
                error["message"] = m;
            }
            json!({ "error": error })
        });
    let wire = (
        maybe(member()),
        maybe(member()),
        maybe(member()),
        maybe(json_value()),
    )
        .prop_map(|(code, message, error, extra)| {
            let mut m = serde_json::Map::new();
            for (k, v) in [
                ("code", code),
                ("message", message),
                ("error", error),
                ("order_id", extra),
            ] {
                if let Some(v) = v {
                    m.insert(k.into(), v);
                }
            }
            Value::Object(m)
        });
    prop_oneof![problem, google, wire]
}

/// Every code's reference response under each body of the profile.
fn reference_bodies() -> Vec<String> {
    let cat = catalogue();
    let mut out = Vec::new();
    for body in HttpBody::ALL {
        let mut c = cat.clone();
        c.profiles.http.body = body;
        c.profiles.http.domain = Some("orders.example".into());
        for e in &cat.errors {
            out.push(Instance::example(e).http_response(&c).body.to_string());
        }
    }
    out
}

fn body() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        2 => proptest::sample::select(reference_bodies()).prop_map(String::into_bytes),
        4 => shaped_body().prop_map(|v| v.to_string().into_bytes()),
        2 => json_value().prop_map(|v| v.to_string().into_bytes()),
        1 => (shaped_body(), any::<usize>()).prop_map(|(v, cut)| {
            let text = v.to_string().into_bytes();
            text[..cut % (text.len() + 1)].to_vec()
        }),
        1 => prop::collection::vec(any::<u8>(), 0..64),
    ]
}

fn header() -> impl Strategy<Value = (String, String)> {
    let name = prop_oneof![
        Just("Retry-After".to_string()),
        Just("retry-after".to_string()),
        Just("Date".to_string()),
        Just("Content-Type".to_string()),
        "[A-Za-z-]{1,12}",
    ];
    let value = prop_oneof![
        "[0-9]{1,22}",
        " *[0-9]{1,3} *",
        Just("Sun, 06 Nov 1994 08:49:37 GMT".to_string()),
        Just("Sun, 06 Nov 1994 08:50:07 GMT".to_string()),
        "(Mon|Sun|Xyz), [0-9]{2} (Nov|Feb|Foo) [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT",
        any::<String>(),
    ];
    (name, value)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn the_generated_reader_gives_the_reference_verdict(
        status in any::<u16>(),
        headers in prop::collection::vec(header(), 0..4),
        body in body(),
    ) {
        let want = payload::read_http_response(&CATALOGUE, status, &headers, &body);
        let got = read_http_response(status, headers.iter().map(|(n, v)| (n, v)), &body);
        prop_assert_eq!(got.kind.as_str(), want.kind);
        prop_assert_eq!(got.code, want.code);
        prop_assert_eq!(got.message, want.message);
        prop_assert_eq!(got.status, want.status);
        prop_assert_eq!(got.retry_after_ms, want.retry_after_ms);
        prop_assert_eq!(got.error.wire_kind(), got.kind);
    }
}
