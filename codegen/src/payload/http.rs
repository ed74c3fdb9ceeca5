//! The reference HTTP error response of an error instance (`profiles.http`), and the
//! reference reading of one a client receives.
//!
//! Sending ([`Instance::http_response`]):
//! - status: the code's `http_status`.
//! - headers, in this order: `Content-Type` (`application/problem+json` for the `problem`
//!   body, `application/json` for `wire` and `google`), then `Retry-After` when
//!   [`retry_after_seconds`] gives one. Header values are built from numbers and fixed
//!   words only: no catalogue text reaches a header.
//! - body: the problem details ([`Instance::problem_json`]), the wire object, or Google's
//!   JSON error of AIP-193 ([`Instance::google_error`]), as compact JSON (`serde_json`,
//!   `JSON.stringify`, Python's `json.dumps(separators=(",", ":"), ensure_ascii=False)`).
//! - `Retry-After`: whole seconds, `initial_backoff_ms` rounded up, for a retryable code with
//!   a retry delay whose status is 413, 429 or 503 (where HTTP clients read it), unless
//!   `profiles.http.retry_after` is `false`.
//! - Google's error: `{"error": {"code": status, "message", "status": google_status(status),
//!   "details": [ErrorInfo, RetryInfo?, Help]}}`; ErrorInfo's `reason` is the NAME in
//!   UPPER_SNAKE or the wire code (`profiles.http.reason`), `domain` the profile's, and
//!   `metadata` every param by name as a string (a string as it is, any other value as
//!   compact JSON); RetryInfo (`retryDelay`, a protobuf Duration: seconds with 0 or 3
//!   fractional digits and `s`) when the code is retryable with a retry delay; Help links the
//!   docs URL under the summary.
//!
//! Receiving ([`read_http_response`]), every target's reader applies the same rules:
//! - the delay: the first `Retry-After` header (name in any case) as delay-seconds (ASCII
//!   digits) × 1000, or as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) minus the
//!   response's IMF-fixdate `Date` header (at least 0; nothing without a `Date`); else, in a
//!   Google body, ErrorInfo's sibling RetryInfo `retryDelay` (`<seconds>[.<fraction>]s`) in
//!   whole milliseconds (rounded down); else none.
//! - the body, parsed as JSON (anything else is *invalid*), by its shape:
//!   1. Google's (`error` is an object): the ErrorInfo among `error.details` (by `@type`)
//!      gives the reason; a reason that is a live code's (or one of its aliases', under
//!      `reason: name`) is *known*, a retired code's *retired*; another reason with a string
//!      `error.message` is *unknown* (its code is the reason); without a reason, a string
//!      `error.message` makes it *legacy*, else it is *invalid*. The message is
//!      `error.message`.
//!   2. RFC 9457 problem details (a string `type` and a number `status`): the `code`
//!      member classifies it as the wire rules do, with `detail` as the message key;
//!      without a code, a string `detail` (else `title`) makes it *legacy*.
//!   3. Anything else is read as a wire object ([`super::wire_kind`]).

use serde_json::{Map, Value, json};

use super::Instance;
use crate::catalogue::format::RETRY_AFTER_STATUSES;
use crate::ir::{Catalogue, ErrorEntry, HttpBody, ReasonSource};
use crate::names;

/// An HTTP error response: status, headers in order, body.
#[derive(Debug, Clone, PartialEq)]
pub struct HttpResponse {
    pub status: u16,
    pub headers: Vec<(&'static str, String)>,
    pub body: Value,
}

/// The `@type` of AIP-193's details.
pub const ERROR_INFO: &str = "type.googleapis.com/google.rpc.ErrorInfo";
pub const RETRY_INFO: &str = "type.googleapis.com/google.rpc.RetryInfo";
pub const HELP: &str = "type.googleapis.com/google.rpc.Help";

/// The canonical status (`google.rpc.Code` name) Google's JSON error pairs with an HTTP
/// status: the mapping of `google/rpc/code.proto`, other 4xx `FAILED_PRECONDITION`, other
/// 5xx `INTERNAL`, anything else `UNKNOWN`.
// The known statuses first, then the classes they belong to.
#[allow(clippy::match_overlapping_arm)]
pub fn google_status(http: u16) -> &'static str {
    match http {
        400 => "INVALID_ARGUMENT",
        401 => "UNAUTHENTICATED",
        403 => "PERMISSION_DENIED",
        404 => "NOT_FOUND",
        409 => "ABORTED",
        416 => "OUT_OF_RANGE",
        429 => "RESOURCE_EXHAUSTED",
        499 => "CANCELLED",
        500 => "INTERNAL",
        501 => "UNIMPLEMENTED",
        503 => "UNAVAILABLE",
        504 => "DEADLINE_EXCEEDED",
        400..=499 => "FAILED_PRECONDITION",
        500..=599 => "INTERNAL",
        _ => "UNKNOWN",
    }
}

/// The `Retry-After` seconds of a code's responses (see the module doc), `None` when its
/// responses carry none.
pub fn retry_after_seconds(cat: &Catalogue, e: &ErrorEntry) -> Option<u64> {
    let ms = e.retry.as_ref()?.initial_backoff_ms?;
    let heard = RETRY_AFTER_STATUSES.contains(&e.http_status);
    (cat.profiles.http.retry_after && e.retryable && heard).then(|| ms.div_ceil(1000))
}

/// A code's AIP-193 reason under the catalogue's profile.
pub fn aip_reason(cat: &Catalogue, e: &ErrorEntry) -> String {
    match cat.profiles.http.reason {
        ReasonSource::Name => names::aip_reason(&e.name),
        ReasonSource::Code => e.code.clone(),
    }
}

/// A protobuf `Duration` in JSON: seconds with 0 or 3 fractional digits, then `s`.
pub fn duration_text(ms: u64) -> String {
    match ms % 1000 {
        0 => format!("{}s", ms / 1000),
        frac => format!("{}.{frac:03}s", ms / 1000),
    }
}

impl Instance<'_> {
    /// The HTTP error response of this error (`profiles.http`).
    pub fn http_response(&self, cat: &Catalogue) -> HttpResponse {
        let http = &cat.profiles.http;
        let body = match http.body {
            HttpBody::Problem => self.problem_json(cat),
            HttpBody::Wire => self.wire(cat),
            HttpBody::Google => self.google_error(cat),
        };
        let mut headers = vec![("Content-Type", http.body.content_type().to_string())];
        if let Some(seconds) = retry_after_seconds(cat, self.entry) {
            headers.push(("Retry-After", seconds.to_string()));
        }
        HttpResponse {
            status: self.entry.http_status,
            headers,
            body,
        }
    }

    /// Google's JSON error of AIP-193 (see the module doc).
    pub fn google_error(&self, cat: &Catalogue) -> Value {
        let e = self.entry;
        let metadata: Map<String, Value> = e
            .params
            .iter()
            .zip(&self.values)
            .map(|(p, v)| {
                let text = match v {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                (p.name.clone(), Value::String(text))
            })
            .collect();
        let mut details = vec![json!({
            "@type": ERROR_INFO,
            "reason": aip_reason(cat, e),
            "domain": cat.profiles.http.domain.clone().unwrap_or_default(),
            "metadata": metadata,
        })];
        if e.retryable
            && let Some(ms) = e.retry.as_ref().and_then(|r| r.initial_backoff_ms)
        {
            details.push(json!({"@type": RETRY_INFO, "retryDelay": duration_text(ms)}));
        }
        details.push(json!({
            "@type": HELP,
            "links": [{"description": e.summary, "url": e.docs_url}],
        }));
        json!({
            "error": {
                "code": e.http_status,
                "message": self.message(),
                "status": google_status(e.http_status),
                "details": details,
            }
        })
    }
}

/// What a client makes of an HTTP error response (see the module doc).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpReading {
    /// `known`, `unknown`, `retired`, `legacy` or `invalid`.
    pub kind: &'static str,
    /// The code as received (a live, legacy or retired code, or an unknown one); `None` for
    /// legacy and invalid bodies.
    pub code: Option<String>,
    /// The message as received.
    pub message: Option<String>,
    pub status: u16,
    /// How long to wait before retrying, as the response says.
    pub retry_after_ms: Option<u64>,
}

/// Reads an HTTP error response as every target's client does.
pub fn read_http_response(
    cat: &Catalogue,
    status: u16,
    headers: &[(String, String)],
    body: &[u8],
) -> HttpReading {
    let header = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    };
    let mut reading = HttpReading {
        kind: "invalid",
        code: None,
        message: None,
        status,
        retry_after_ms: header("Retry-After").and_then(|v| retry_after_ms(v, header("Date"))),
    };
    let Ok(value) = serde_json::from_slice::<Value>(body) else {
        return reading;
    };
    let text = |v: Option<&Value>| v.and_then(Value::as_str).map(str::to_string);
    if let Some(error) = value.get("error").and_then(Value::as_object) {
        let details = error.get("details").and_then(Value::as_array);
        let detail = |ty: &str| {
            details
                .into_iter()
                .flatten()
                .find(|d| d.get("@type").and_then(Value::as_str) == Some(ty))
        };
        reading.message = text(error.get("message"));
        let reason = detail(ERROR_INFO).and_then(|d| text(d.get("reason")));
        if reading.retry_after_ms.is_none() {
            reading.retry_after_ms = detail(RETRY_INFO)
                .and_then(|d| d.get("retryDelay"))
                .and_then(Value::as_str)
                .and_then(duration_ms);
        }
        (reading.kind, reading.code) = match reason {
            Some(r) => match reason_code(cat, &r) {
                Some((kind, code)) => (kind, Some(code)),
                None if reading.message.is_some() => ("unknown", Some(r)),
                None => ("invalid", None),
            },
            None if reading.message.is_some() => ("legacy", None),
            None => ("invalid", None),
        };
        if reading.kind == "invalid" {
            reading.message = None;
        }
        return reading;
    }
    let is_problem = value.get("type").is_some_and(Value::is_string)
        && value.get("status").is_some_and(Value::is_number);
    if is_problem {
        let code = text(value.get("code"));
        let detail = text(value.get("detail"));
        let kind = match code.as_deref() {
            Some(c) if is_live(cat, c) => "known",
            Some(c) if cat.retired.iter().any(|r| r.code == c) => "retired",
            Some(_) if detail.is_some() => "unknown",
            _ if detail.is_some() || value.get("title").is_some_and(Value::is_string) => "legacy",
            _ => "invalid",
        };
        reading.kind = kind;
        match kind {
            "known" | "retired" | "unknown" => {
                reading.code = code;
                reading.message = detail;
            }
            "legacy" => reading.message = detail.or_else(|| text(value.get("title"))),
            _ => {}
        }
        return reading;
    }
    reading.kind = super::wire_kind(cat, &value);
    let w = &cat.registry.wire;
    match reading.kind {
        "known" | "retired" | "unknown" => {
            reading.code = text(value.get(&w.code));
            reading.message = text(value.get(&w.message));
        }
        "legacy" => {
            reading.message = text(value.get("error")).or_else(|| text(value.get("message")));
        }
        _ => {}
    }
    reading
}

fn is_live(cat: &Catalogue, code: &str) -> bool {
    cat.errors
        .iter()
        .any(|e| e.code == code || e.legacy_codes.iter().any(|c| c == code))
}

/// The verdict and code of an AIP-193 reason: a live code's (`known`, its wire code) or a
/// retired code's (`retired`, the retired code).
fn reason_code(cat: &Catalogue, reason: &str) -> Option<(&'static str, String)> {
    let by_name = cat.profiles.http.reason == ReasonSource::Name;
    for e in &cat.errors {
        let hit = if by_name {
            names::aip_reason(&e.name) == reason
                || e.aliases.iter().any(|a| names::aip_reason(a) == reason)
        } else {
            e.code == reason || e.legacy_codes.iter().any(|c| c == reason)
        };
        if hit {
            return Some(("known", e.code.clone()));
        }
    }
    cat.retired
        .iter()
        .find(|r| {
            if by_name {
                r.name
                    .as_deref()
                    .is_some_and(|n| names::aip_reason(n) == reason)
            } else {
                r.code == reason
            }
        })
        .map(|r| ("retired", r.code.clone()))
}

/// `Retry-After` in milliseconds: delay-seconds, or an IMF-fixdate minus the `Date` header.
pub fn retry_after_ms(value: &str, date: Option<&str>) -> Option<u64> {
    let value = value.trim();
    if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
        return value.parse::<u64>().ok()?.checked_mul(1000);
    }
    let at = imf_fixdate(value)?;
    let now = imf_fixdate(date?.trim())?;
    Some(
        at.saturating_sub(now)
            .saturating_mul(1000)
            .try_into()
            .unwrap_or(0),
    )
}

/// Seconds since 1970 of an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110
/// §5.6.7); `None` for anything else (the day name is not checked against the date).
pub fn imf_fixdate(s: &str) -> Option<i64> {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    let b = s.as_bytes();
    // Non-ASCII text is never a date, and slicing it below could split a character.
    if !s.is_ascii()
        || b.len() != 29
        || &s[3..5] != ", "
        || &s[25..] != " GMT"
        || !DAYS.contains(&&s[..3])
    {
        return None;
    }
    let num = |range: std::ops::Range<usize>| -> Option<i64> {
        let part = s.get(range)?;
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())
            .flatten()
    };
    let (sep, colons) = ([b[7], b[11], b[16]], [b[19], b[22]]);
    if sep != [b' '; 3] || colons != [b':'; 2] {
        return None;
    }
    let day = num(5..7)?;
    let month = MONTHS.iter().position(|m| *m == &s[8..11])? as i64 + 1;
    let year = num(12..16)?;
    let (h, m, sec) = (num(17..19)?, num(20..22)?, num(23..25)?);
    if !(1..=31).contains(&day) || h > 23 || m > 59 || sec > 60 {
        return None;
    }
    // Days from the civil date (Howard Hinnant's algorithm).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(days * 86_400 + h * 3600 + m * 60 + sec)
}

/// A protobuf `Duration` in JSON (`1.5s`, `0.500s`, `3s`) in whole milliseconds.
pub fn duration_ms(s: &str) -> Option<u64> {
    let digits = s.strip_suffix('s')?;
    let (whole, frac) = match digits.split_once('.') {
        Some((_, "")) => return None,
        Some((whole, frac)) => (whole, frac),
        None => (digits, ""),
    };
    let all_digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !all_digits(whole) || !all_digits(frac) || frac.len() > 9 {
        return None;
    }
    let ms_frac: u64 = format!("{frac:0<3}")[..3].parse().ok()?;
    whole
        .parse::<u64>()
        .ok()?
        .checked_mul(1000)?
        .checked_add(ms_frac)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_and_dates() {
        assert_eq!(duration_text(500), "0.500s");
        assert_eq!(duration_text(2000), "2s");
        assert_eq!(duration_text(1234), "1.234s");
        for (text, ms) in [
            ("0.500s", Some(500)),
            ("2s", Some(2000)),
            ("1.5s", Some(1500)),
            ("0.0001s", Some(0)),
            ("s", None),
            ("1.s", None),
            ("-1s", None),
            ("1", None),
        ] {
            assert_eq!(duration_ms(text), ms, "{text}");
        }
        assert_eq!(
            imf_fixdate("Sun, 06 Nov 1994 08:49:37 GMT"),
            Some(784_111_777)
        );
        assert_eq!(imf_fixdate("Thu, 01 Jan 1970 00:00:00 GMT"), Some(0));
        assert_eq!(imf_fixdate("Sunday, 06-Nov-94 08:49:37 GMT"), None);
        // 29 bytes, a character across byte 3 (found by examples/http-api/rust/tests/reader.rs).
        assert_eq!(
            retry_after_ms(
                "A \u{bc6}0\u{a1}\u{ea5}AAa0\u{1173d}\u{ae}\u{1e5d0}0a 0",
                None
            ),
            None
        );
        assert_eq!(retry_after_ms("120", None), Some(120_000));
        assert_eq!(
            retry_after_ms(
                "Sun, 06 Nov 1994 08:50:07 GMT",
                Some("Sun, 06 Nov 1994 08:49:37 GMT")
            ),
            Some(30_000)
        );
        assert_eq!(retry_after_ms("Sun, 06 Nov 1994 08:50:07 GMT", None), None);
        assert_eq!(retry_after_ms("-1", None), None);
        assert_eq!(retry_after_ms("1.5", None), None);
    }

    #[test]
    fn google_statuses() {
        assert_eq!(google_status(429), "RESOURCE_EXHAUSTED");
        assert_eq!(google_status(422), "FAILED_PRECONDITION");
        assert_eq!(google_status(502), "INTERNAL");
    }
}
