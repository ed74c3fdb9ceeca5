//! Emitter: OpenAPI 3.1 components of the registry's HTTP errors.
//!
//! One file, `errors.openapi.json` (in `generated/openapi/` by default): a document without
//! paths whose components an API's own document `$ref`s
//! (`errors.openapi.json#/components/responses/Error404`):
//!
//! - `schemas`: one per live code, the body of its HTTP response under `profiles.http`
//!   (`<TsType>Problem`, `<TsType>WireError` or `<TsType>GoogleError`): its `code` (and for
//!   problem details its `type`, the docs URL, `title`, `status`) as constants, its params
//!   typed and required; plus the permissive body of any code (`ProblemDetails`,
//!   `WireObject` or `GoogleErrorBody`), for codes of a newer catalogue. The suffixes keep a
//!   code's schema from ever taking the permissive one's name.
//! - `responses`: `Error<status>` for each HTTP status the catalogue uses, whose body is a
//!   `oneOf` of that status's codes with a `discriminator` on the code (problem details and
//!   wire objects; Google's error nests its reason, so its branches are told apart by their
//!   `const`s alone), one named example per code, and the `Retry-After` header where a code of
//!   that status sends it; plus `Default`, any error of the registry.
//! - `examples`: one per live code, named by its TypeScript type: the body of its reference
//!   response ([`crate::payload::Instance::http_response`]) with its params' example values.
//!   A catalogue above [`COMPACT_ABOVE_CODES`] gets none (nor the responses' lists of
//!   them), its code schemas leave out the descriptions every code repeats
//!   ([`crate::support::body_schema`]), and a problem or wire body's code schema holds its
//!   own constants only and `allOf`s the shape it shares with the codes of the same
//!   category, retryable flag and params (`ProblemShape<n>`, `WireErrorShape<n>`): the
//!   document is compact JSON then, for tools, not readers.
//! - `headers`: `RetryAfter`.
//!
//! Catalogue text reaches the document only as JSON string values (the pretty writer
//! escapes them); a component name is always an identifier errdex derived.

use crate::text::concat;
use std::collections::BTreeMap;

use serde_json::Value;

use crate::ir::{Catalogue, ErrorEntry, HttpBody};
use crate::payload::{self, Instance};
use crate::support::body_schema::{
    CodeKey, described, extras_properties, shape_groups, wire_branch,
};
use crate::support::header::header_text;
#[cfg(doc)]
use crate::support::pretty_json::COMPACT_ABOVE_CODES;
use crate::support::pretty_json::{Pretty, WriteJson as _};

/// The document's file name.
pub const FILE: &str = "errors.openapi.json";

/// The OpenAPI version written.
pub const OPENAPI_VERSION: &str = "3.1.0";

/// Files of this target.
pub fn emit(cat: &Catalogue) -> Vec<(String, String)> {
    vec![(FILE.to_string(), document(cat))]
}

/// The schema name of a code's body, by the profile's body.
pub fn schema_name(cat: &Catalogue, e: &ErrorEntry) -> String {
    concat(&[&e.ids.ts.type_name, body_suffix(cat.profiles.http.body)])
}

fn body_suffix(body: HttpBody) -> &'static str {
    match body {
        HttpBody::Problem => "Problem",
        HttpBody::Wire => "WireError",
        HttpBody::Google => "GoogleError",
    }
}

/// The permissive schema of any code's body.
pub fn any_schema_name(body: HttpBody) -> &'static str {
    match body {
        HttpBody::Problem => "ProblemDetails",
        HttpBody::Wire => "WireObject",
        HttpBody::Google => "GoogleErrorBody",
    }
}

/// The response component of an HTTP status.
pub fn response_name(status: u16) -> String {
    format!("Error{status}")
}

/// The reason phrase of an HTTP status (RFC 9110 and the registered ones), for the
/// response's description.
// The known statuses first, then the classes they belong to.
#[allow(clippy::match_overlapping_arm)]
pub fn reason_phrase(status: u16) -> &'static str {
    match status {
        400 => "Bad Request",
        401 => "Unauthorized",
        402 => "Payment Required",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        406 => "Not Acceptable",
        407 => "Proxy Authentication Required",
        408 => "Request Timeout",
        409 => "Conflict",
        410 => "Gone",
        411 => "Length Required",
        412 => "Precondition Failed",
        413 => "Content Too Large",
        414 => "URI Too Long",
        415 => "Unsupported Media Type",
        416 => "Range Not Satisfiable",
        417 => "Expectation Failed",
        421 => "Misdirected Request",
        422 => "Unprocessable Content",
        423 => "Locked",
        424 => "Failed Dependency",
        425 => "Too Early",
        426 => "Upgrade Required",
        428 => "Precondition Required",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        451 => "Unavailable For Legal Reasons",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        505 => "HTTP Version Not Supported",
        506 => "Variant Also Negotiates",
        507 => "Insufficient Storage",
        508 => "Loop Detected",
        511 => "Network Authentication Required",
        100..=199 => "Informational",
        200..=299 => "Success",
        300..=399 => "Redirection",
        400..=499 => "Client Error",
        _ => "Server Error",
    }
}

/// The live codes by HTTP status, in catalogue order within each.
fn by_status(cat: &Catalogue) -> BTreeMap<u16, Vec<&ErrorEntry>> {
    let mut out: BTreeMap<u16, Vec<&ErrorEntry>> = BTreeMap::new();
    for e in &cat.errors {
        out.entry(e.http_status).or_default().push(e);
    }
    out
}

/// The whole document.
fn document(cat: &Catalogue) -> String {
    let body = cat.profiles.http.body;
    let mut w = Pretty::sized(cat.errors.len(), 4096 + 3072 * cat.errors.len());
    w.object(|w| {
        w.field("openapi", OPENAPI_VERSION);
        w.field_object("info", |w| {
            w.field("title", format!("{}: HTTP errors", cat.registry.title));
            w.field("version", &cat.package.version);
            w.field(
                "description",
                format!(
                    "The HTTP error responses of the `{}` registry, as components an API's \
                     own OpenAPI document references (`{FILE}#/components/responses/Error404`). \
                     {}",
                    cat.registry.name,
                    header_text(&cat.source_name)
                ),
            );
            if let Some(license) = &cat.package.license {
                w.field_object("license", |w| {
                    w.field("name", license);
                    w.field("identifier", license);
                });
            }
        });
        // Redocly's recommended rules require servers; the components are served by the API
        // that references them, wherever that is.
        w.key("servers").array(|w| {
            w.object(|w| {
                w.field("url", "/");
                w.field("description", "The API that references these components.");
            });
        });
        w.field_object("paths", |_| {});
        w.field_object("components", |w| {
            w.field_object("schemas", |w| {
                // A bulk document's problem and wire bodies: each code's schema holds its
                // own constants and `allOf`s the shape it shares with the codes of the same
                // category, retryable flag and params (`<Body>Shape<n>`).
                let shared = w.is_compact() && body != HttpBody::Google;
                if shared {
                    let (groups, of) =
                        shape_groups(cat, |w, e| body_schema(w, cat, e, Bind::Shape));
                    for (e, i) in cat.errors.iter().zip(&of) {
                        w.key(&schema_name(cat, e));
                        on_shape(w, cat, e, &shape_name(body, *i));
                    }
                    for (i, (first, _)) in groups.iter().enumerate() {
                        w.key(&shape_name(body, i));
                        body_schema(w, cat, first, Bind::Shape);
                    }
                } else {
                    for e in &cat.errors {
                        w.key(&schema_name(cat, e));
                        code_schema(w, cat, e);
                    }
                }
                w.key(any_schema_name(body));
                any_schema(w, cat);
            });
            let statuses = by_status(cat);
            w.field_object("responses", |w| {
                for (status, codes) in &statuses {
                    w.key(&response_name(*status));
                    response(w, cat, *status, codes);
                }
                w.field_object("Default", |w| {
                    w.field(
                        "description",
                        "Any error of this registry, including codes of a newer catalogue.",
                    );
                    w.field_object("content", |w| {
                        w.field_object(body.content_type(), |w| {
                            w.field_object("schema", |w| {
                                w.field("$ref", schema_ref(any_schema_name(body)));
                            });
                        });
                    });
                });
            });
            // A bulk document (above `COMPACT_ABOVE_CODES`) names no example per code: a
            // response of thousands of examples is no reader's view (the reference book
            // shows each code's), and they were a quarter of its bytes at 50,000 codes.
            if !w.is_compact() {
                examples(w, cat);
            }
            let sends_retry_after = cat
                .errors
                .iter()
                .any(|e| payload::retry_after_seconds(cat, e).is_some());
            if sends_retry_after {
                w.field_object("headers", |w| {
                    w.field_object("RetryAfter", |w| {
                        w.field(
                            "description",
                            "Seconds to wait before retrying (RFC 9110 §10.2.3): sent with the \
                         retryable codes of this status that give a retry delay.",
                        );
                        w.field_object("schema", |w| {
                            w.field("type", "integer");
                            w.field("minimum", 0);
                        });
                    });
                });
            }
        });
    });
    let mut text = w.finish();
    text.push('\n');
    text
}

/// `components/examples`: one per live code, its reference response's body.
fn examples(w: &mut Pretty, cat: &Catalogue) {
    w.field_object("examples", |w| {
        for e in &cat.errors {
            let response = Instance::example(e).http_response(cat);
            w.field_object(&e.ids.ts.type_name, |w| {
                w.field("summary", concat(&[&e.code, ": ", &e.summary]));
                w.field("value", &response.body);
            });
        }
    });
}

fn schema_ref(name: &str) -> String {
    concat(&["#/components/schemas/", name])
}

/// One status's response: a `oneOf` of its codes' bodies, their examples, `Retry-After`.
fn response(w: &mut Pretty, cat: &Catalogue, status: u16, codes: &[&ErrorEntry]) {
    let body = cat.profiles.http.body;
    w.object(|w| {
        let listed: Vec<&str> = codes.iter().take(8).map(|e| e.code.as_str()).collect();
        let more = codes.len().saturating_sub(listed.len());
        let mut description = format!("{status} {}: {}", reason_phrase(status), listed.join(", "));
        if more > 0 {
            description.push_str(&format!(" and {more} more"));
        }
        w.field("description", description);
        let retry_after = codes
            .iter()
            .any(|e| payload::retry_after_seconds(cat, e).is_some());
        if retry_after {
            w.field_object("headers", |w| {
                w.field_object("Retry-After", |w| {
                    w.field("$ref", "#/components/headers/RetryAfter");
                });
            });
        }
        w.field_object("content", |w| {
            w.field_object(body.content_type(), |w| {
                w.field_object("schema", |w| {
                    w.key("oneOf").array(|w| {
                        for e in codes {
                            w.object(|w| w.field("$ref", schema_ref(&schema_name(cat, e))));
                        }
                    });
                    if let Some(property) = discriminator(cat) {
                        w.field_object("discriminator", |w| {
                            w.field("propertyName", property);
                            w.field_object("mapping", |w| {
                                for e in codes {
                                    w.field(&e.code, schema_ref(&schema_name(cat, e)));
                                }
                            });
                        });
                    }
                });
                if !w.is_compact() {
                    w.field_object("examples", |w| {
                        for e in codes {
                            w.field_object(&e.ids.ts.type_name, |w| {
                                w.field(
                                    "$ref",
                                    format!("#/components/examples/{}", e.ids.ts.type_name),
                                );
                            });
                        }
                    });
                }
            });
        });
    });
}

/// The property that names the code at the top of the body (`None` for Google's error).
fn discriminator(cat: &Catalogue) -> Option<&str> {
    match cat.profiles.http.body {
        HttpBody::Problem => Some("code"),
        HttpBody::Wire => Some(&cat.registry.wire.code),
        HttpBody::Google => None,
    }
}

/// The members of an RFC 9457 problem that errdex writes before the extras.
const PROBLEM_MEMBERS: [&str; 7] = [
    "type",
    "title",
    "status",
    "detail",
    "code",
    "category",
    "retryable",
];

/// One code's body schema.
fn code_schema(w: &mut Pretty, cat: &Catalogue, e: &ErrorEntry) {
    match cat.profiles.http.body {
        HttpBody::Google => google_schema(w, cat, e),
        _ => body_schema(w, cat, e, Bind::Code),
    }
}

/// What a problem or wire body schema binds: everything of one code, or all but the code's
/// own constants (the shape a bulk document's codes share).
#[derive(Clone, Copy, PartialEq)]
enum Bind {
    Code,
    Shape,
}

/// The name of a bulk document's `n`th (from 0) shared body shape: `ProblemShape1`,
/// `WireErrorShape1`; a code's schema name ends with the body's suffix, so never this.
fn shape_name(body: HttpBody, n: usize) -> String {
    format!("{}Shape{}", body_suffix(body), n + 1)
}

/// A bulk document's schema of one code: its own constants, `allOf` its shape.
fn on_shape(w: &mut Pretty, cat: &Catalogue, e: &ErrorEntry, shape: &str) {
    let code_key = match cat.profiles.http.body {
        HttpBody::Problem => "code",
        _ => &cat.registry.wire.code,
    };
    w.object(|w| {
        w.key("allOf")
            .array(|w| w.object(|w| w.field("$ref", schema_ref(shape))));
        w.field_object("properties", |w| {
            if cat.profiles.http.body == HttpBody::Problem {
                w.field_object("type", |w| w.field("const", &e.docs_url));
                w.field_object("title", |w| w.field("const", &e.summary));
                w.field_object("status", |w| w.field("const", e.http_status));
            }
            w.field_object(code_key, |w| w.field("const", &e.code));
        });
        w.field_array("required", [code_key]);
    });
}

/// A code's problem details or wire object, bound as `bind` says.
fn body_schema(w: &mut Pretty, cat: &Catalogue, e: &ErrorEntry, bind: Bind) {
    match cat.profiles.http.body {
        HttpBody::Problem => problem_schema(w, cat, e, bind),
        _ => wire_branch(
            w,
            cat,
            e,
            match bind {
                Bind::Code => CodeKey::One,
                Bind::Shape => CodeKey::Typed,
            },
        ),
    }
}

/// A code's problem details: the members errdex writes, bound to the code's values (a
/// shape: the code's own `type`, `title`, `status` and `code` only typed).
fn problem_schema(w: &mut Pretty, cat: &Catalogue, e: &ErrorEntry, bind: Bind) {
    let own = bind == Bind::Code;
    w.object(|w| {
        if own {
            w.field("title", concat(&[&e.code, " (", &e.name, ")"]));
            w.field("description", &e.summary);
        }
        if e.deprecated.is_some() {
            w.field("deprecated", true);
        }
        w.field("type", "object");
        w.field_object("properties", |w| {
            // A bulk document leaves out the descriptions every code repeats (body_schema).
            let notes = !w.is_compact();
            w.field_object("type", |w| {
                if own {
                    w.field("const", &e.docs_url);
                } else {
                    w.field("type", "string");
                }
                if notes {
                    w.field("description", "The code's documentation (RFC 9457 `type`).");
                }
            });
            let typed = |w: &mut Pretty, key: &str, value: &dyn Fn(&mut Pretty), ty: &str| {
                w.field_object(key, |w| {
                    if own {
                        w.key("const");
                        value(w);
                    } else {
                        w.field("type", ty);
                    }
                })
            };
            typed(w, "title", &|w| w.str(&e.summary), "string");
            typed(w, "status", &|w| w.int(i64::from(e.http_status)), "integer");
            w.key("detail");
            described(w, Some("string"), "The rendered message.");
            typed(w, "code", &|w| w.str(&e.code), "string");
            w.field_object("category", |w| w.field("const", &cat.category_of(e).key));
            w.field_object("retryable", |w| w.field("const", e.retryable));
            extras_properties(w, e, &PROBLEM_MEMBERS);
        });
        w.key("required").array(|w| {
            for m in PROBLEM_MEMBERS {
                w.str(m);
            }
            for p in &e.params {
                if !PROBLEM_MEMBERS.contains(&p.name.as_str()) {
                    w.str(&p.name);
                }
            }
        });
    });
}

/// A code's Google error: `error.details` starts with its ErrorInfo (reason constant,
/// metadata of its params), then RetryInfo when it has a delay, then Help.
fn google_schema(w: &mut Pretty, cat: &Catalogue, e: &ErrorEntry) {
    let reason = payload::aip_reason(cat, e);
    let retry = e.retryable
        && e.retry
            .as_ref()
            .and_then(|r| r.initial_backoff_ms)
            .is_some();
    w.object(|w| {
        w.field("title", concat(&[&e.code, " (", &e.name, ")"]));
        w.field("description", &e.summary);
        if e.deprecated.is_some() {
            w.field("deprecated", true);
        }
        w.field("type", "object");
        w.field_object("properties", |w| {
            w.field_object("error", |w| {
                w.field("type", "object");
                w.field_object("properties", |w| {
                    w.field_object("code", |w| w.field("const", e.http_status));
                    w.field_object("message", |w| w.field("type", "string"));
                    w.field_object("status", |w| {
                        w.field("const", payload::google_status(e.http_status));
                    });
                    w.field_object("details", |w| {
                        w.field("type", "array");
                        w.key("prefixItems").array(|w| {
                            w.object(|w| {
                                w.field("type", "object");
                                w.field_object("properties", |w| {
                                    w.field_object("@type", |w| {
                                        w.field("const", payload::http::ERROR_INFO);
                                    });
                                    w.field_object("reason", |w| w.field("const", &reason));
                                    w.field_object("domain", |w| {
                                        w.field(
                                            "const",
                                            cat.profiles.http.domain.clone().unwrap_or_default(),
                                        );
                                    });
                                    w.field_object("metadata", |w| {
                                        w.field("type", "object");
                                        w.field_object("properties", |w| {
                                            for p in &e.params {
                                                w.field_object(&p.name, |w| {
                                                    w.field("type", "string");
                                                });
                                            }
                                        });
                                        w.field_array("required", e.params.iter().map(|p| &p.name));
                                        w.field_object("additionalProperties", |w| {
                                            w.field("type", "string");
                                        });
                                    });
                                });
                                w.field_array(
                                    "required",
                                    ["@type", "reason", "domain", "metadata"],
                                );
                            });
                            if retry {
                                w.object(|w| {
                                    w.field("type", "object");
                                    w.field_object("properties", |w| {
                                        w.field_object("@type", |w| {
                                            w.field("const", payload::http::RETRY_INFO);
                                        });
                                        w.field_object("retryDelay", |w| {
                                            w.field("type", "string");
                                            w.field("pattern", "^[0-9]+(\\.[0-9]{1,9})?s$");
                                        });
                                    });
                                    w.field_array("required", ["@type", "retryDelay"]);
                                });
                            }
                        });
                    });
                });
                w.field_array("required", ["code", "message", "status", "details"]);
            });
        });
        w.field_array("required", ["error"]);
    });
}

/// The permissive body of any code of the registry (a newer catalogue's too).
fn any_schema(w: &mut Pretty, cat: &Catalogue) {
    match cat.profiles.http.body {
        HttpBody::Problem => {
            let v: Value = serde_json::json!({
                "description": "RFC 9457 problem details of any code of this registry.",
                "type": "object",
                "properties": {
                    "type": {"type": "string", "format": "uri-reference"},
                    "title": {"type": "string"},
                    "status": {"type": "integer", "minimum": 100, "maximum": 599},
                    "detail": {"type": "string"},
                    "code": {"type": "string", "minLength": 1},
                    "category": {"type": "string"},
                    "retryable": {"type": "boolean"},
                },
                "required": ["type", "title", "status", "detail", "code"],
            });
            v.write_json(w);
        }
        HttpBody::Wire => {
            let wire = &cat.registry.wire;
            let mut properties = serde_json::Map::new();
            properties.insert(
                wire.code.clone(),
                serde_json::json!({"type": "string", "minLength": 1}),
            );
            properties.insert(wire.message.clone(), serde_json::json!({"type": "string"}));
            if let Some(k) = &wire.category {
                properties.insert(k.clone(), serde_json::json!({"type": "string"}));
            }
            if let Some(k) = &wire.retryable {
                properties.insert(k.clone(), serde_json::json!({"type": "boolean"}));
            }
            if let Some(k) = &wire.details {
                properties.insert(k.clone(), serde_json::json!({"type": "object"}));
            }
            let v = serde_json::json!({
                "description": "The wire object of any code of this registry.",
                "type": "object",
                "properties": properties,
                "required": [wire.code, wire.message],
            });
            v.write_json(w);
        }
        HttpBody::Google => {
            let v = serde_json::json!({
                "description": "Google's JSON error (AIP-193) of any code of this registry.",
                "type": "object",
                "properties": {
                    "error": {
                        "type": "object",
                        "properties": {
                            "code": {"type": "integer"},
                            "message": {"type": "string"},
                            "status": {"type": "string"},
                            "details": {
                                "type": "array",
                                "items": {
                                    "type": "object",
                                    "properties": {
                                        "@type": {"type": "string"},
                                        "reason": {"type": "string", "description": "The code's AIP-193 reason."},
                                    },
                                    "required": ["@type"],
                                },
                            },
                        },
                        "required": ["code", "message", "status"],
                    },
                },
                "required": ["error"],
            });
            v.write_json(w);
        }
    }
}
