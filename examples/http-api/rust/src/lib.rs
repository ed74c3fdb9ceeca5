//! The orders service of `../SERVERS.md` on axum. Every error response is written by the
//! module errdex generates from `../errors.yaml` (see `build.rs`): handlers return
//! `Result<Json<_>, Error>`, and the catalogue's `rust.integrations: [axum]` makes `Error` an
//! axum response (the HTTP profile's status, `Content-Type`, `Retry-After` and body).

/// The module errdex generated from `../errors.yaml` (see `build.rs`).
pub mod errors {
    include!(concat!(env!("OUT_DIR"), "/orders_errors.rs"));
}

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, Request, State};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Extension, Router};
use errors::{Error, LogLevel};
use serde::Serialize;
use serde_json::Value;

/// An order as the API returns it (keys in this order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Order {
    pub id: String,
    pub item: String,
    pub quantity: i64,
    pub paid: bool,
}

/// The known orders, always the same (nothing is stored).
pub fn known_order(id: &str) -> Option<Order> {
    let (item, quantity, paid) = match id {
        "o-1" => ("book", 1, false),
        "o-2" => ("pen", 3, true),
        "o-3" => ("lamp", 2, false),
        _ => return None,
    };
    Some(Order {
        id: id.to_string(),
        item: item.to_string(),
        quantity,
        paid,
    })
}

/// The service's only state: the `burst-` tokens it has rate limited once.
#[derive(Debug, Clone, Default)]
pub struct AppState {
    limited: Arc<Mutex<HashSet<String>>>,
}

/// The bearer token of a request, after authentication.
#[derive(Debug, Clone)]
struct Token(String);

/// The service: every route behind authentication and the rate limit.
pub fn app() -> Router {
    let state = AppState::default();
    Router::new()
        .route("/orders", post(create_order))
        .route("/orders/{order_id}", get(get_order))
        .route("/orders/{order_id}/payment", post(pay_order))
        .layer(middleware::from_fn_with_state(state, guard))
}

/// Checks 1 and 2 of SERVERS.md (authentication, then the rate limit), and logs every error
/// response at the level the catalogue gives its code (`expected`: WARN, else ERROR).
async fn guard(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let line = format!("{} {}", req.method(), req.uri().path());
    let response = match admit(&state, &req) {
        Ok(token) => {
            req.extensions_mut().insert(Token(token));
            next.run(req).await
        }
        Err(e) => axum::response::IntoResponse::into_response(e),
    };
    if let Some(level) = response.extensions().get::<LogLevel>() {
        eprintln!("{level}: {line} -> {}", response.status());
    }
    response
}

fn admit(state: &AppState, req: &Request) -> Result<String, Error> {
    let token = req
        .headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .filter(|t| !t.is_empty())
        .ok_or_else(Error::token_missing)?;
    if token.starts_with("burst-") {
        let mut limited = state.limited.lock().unwrap_or_else(|e| e.into_inner());
        if limited.insert(token.to_string()) {
            return Err(Error::rate_limited(100, 60));
        }
    }
    Ok(token.to_string())
}

/// `GET /orders/{order_id}`.
async fn get_order(Path(id): Path<String>) -> Result<Json<Order>, Error> {
    known_order(&id)
        .map(Json)
        .ok_or_else(|| Error::order_not_found(id))
}

/// `POST /orders`: the body, whatever its content type, must be a JSON object with a
/// non-empty string `item` and an integer `quantity` from 1 to 1000.
async fn create_order(
    Extension(Token(token)): Extension<Token>,
    body: Bytes,
) -> Result<(StatusCode, Json<Order>), Error> {
    if token == "read-only" {
        return Err(Error::scope_missing("orders:write"));
    }
    let Ok(Value::Object(fields)) = serde_json::from_slice::<Value>(&body) else {
        return Err(Error::body_malformed("expected a JSON object"));
    };
    let item = match fields.get("item") {
        Some(Value::String(s)) if !s.is_empty() => s.clone(),
        _ => {
            return Err(Error::validation_failed(
                "item",
                "must be a non-empty string",
            ));
        }
    };
    let quantity = fields
        .get("quantity")
        .and_then(integer)
        .filter(|q| (1..=1000).contains(q))
        .ok_or_else(|| Error::validation_failed("quantity", "must be an integer from 1 to 1000"))?;
    let order = Order {
        id: "o-4".to_string(),
        item,
        quantity,
        paid: false,
    };
    Ok((StatusCode::CREATED, Json(order)))
}

/// A JSON number without fraction (`3`, `3.0`, `3e0`), not a boolean.
fn integer(v: &Value) -> Option<i64> {
    let Value::Number(n) = v else { return None };
    if let Some(i) = n.as_i64() {
        return Some(i);
    }
    let f = n.as_f64()?;
    // Out of i64's range is out of 1..=1000 too: any sentinel outside it will do.
    (f.fract() == 0.0).then(|| if f.abs() < 1e15 { f as i64 } else { i64::MAX })
}

/// `POST /orders/{order_id}/payment`.
async fn pay_order(Path(id): Path<String>) -> Result<Json<Order>, Error> {
    match id.as_str() {
        "o-1" => Ok(Json(Order {
            paid: true,
            ..known_order("o-1").ok_or_else(|| Error::order_not_found("o-1"))?
        })),
        "o-2" => Err(Error::order_already_paid(id)),
        "o-3" => Err(Error::upstream_unavailable("payments")),
        _ => Err(Error::order_not_found(id)),
    }
}
