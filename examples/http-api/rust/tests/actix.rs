//! The same catalogue generated with `rust.integrations: [actix-web]` (see `build.rs`):
//! `Error` is an actix-web `ResponseError`, so a handler returns `Result<T, Error>`, and the
//! response actix-web sends is the HTTP profile's, as for axum: status, `Content-Type`,
//! `Retry-After` and body bytes of `Error::to_http_response`.
#![allow(clippy::unwrap_used)]

/// The orders module with `rust.integrations: [actix-web]`.
#[allow(dead_code, missing_docs)]
mod orders {
    include!(concat!(env!("OUT_DIR"), "/orders_errors_actix.rs"));
}

use actix_web::{App, HttpResponse, test, web};
use orders::Error;

async fn pay(path: web::Path<String>) -> Result<HttpResponse, Error> {
    match path.as_str() {
        "o-3" => Err(Error::upstream_unavailable("payments")),
        id => Err(Error::order_not_found(id)),
    }
}

#[actix_web::test]
async fn actix_web_sends_the_http_profile() {
    let app =
        test::init_service(App::new().route("/orders/{id}/payment", web::post().to(pay))).await;
    for (id, want) in [
        ("o-3", Error::upstream_unavailable("payments")),
        ("o-9", Error::order_not_found("o-9")),
    ] {
        let req = test::TestRequest::post()
            .uri(&format!("/orders/{id}/payment"))
            .to_request();
        let res = test::call_service(&app, req).await;
        let expected = want.to_http_response();
        assert_eq!(res.status().as_u16(), expected.status, "{id}");
        let mut headers: Vec<(String, String)> = Vec::new();
        for (name, _) in &expected.headers {
            let values: Vec<String> = res
                .headers()
                .get_all(*name)
                .map(|v| v.to_str().unwrap().to_string())
                .collect();
            assert_eq!(values.len(), 1, "{id}: {name}");
            headers.push((name.to_string(), values[0].clone()));
        }
        let sent: Vec<(String, String)> = expected
            .headers
            .iter()
            .map(|(n, v)| (n.to_string(), v.clone()))
            .collect();
        assert_eq!(headers, sent, "{id}");
        assert_eq!(
            res.response().extensions().get::<orders::LogLevel>(),
            Some(&expected.log_level),
            "{id}"
        );
        let body = test::read_body(res).await;
        assert_eq!(body, expected.body.as_bytes(), "{id}");
    }
}
