//! The OpenAPI target (`emit::openapi`): for every fixture, example and errdex's own
//! catalogue, under each of the HTTP profile's bodies (problem details, wire object, Google's
//! AIP-193 error):
//!
//! - every code's example is its reference HTTP response body and validates against its own
//!   schema and its status's response schema (exactly one branch of the `oneOf`), never
//!   against another code's; the discriminator maps each code to its own schema;
//! - `Retry-After` is declared on a status exactly where a code of that status sends it;
//! - the document passes `openapi-spec-validator` and `@redocly/cli lint` (recommended
//!   rules) with zero errors, and so does a small API document that `$ref`s its responses
//!   (the tools from `tools/python/.venv` and `tools/node`; skipped with a reason where they
//!   are missing, a failure under `CI`).

#![allow(clippy::unwrap_used)]

mod testkit;

use std::path::{Path, PathBuf};
use std::process::Command;

use errdex_codegen::emit::openapi;
use errdex_codegen::ir::{Catalogue, HttpBody};
use errdex_codegen::payload::{self, Instance};
use serde_json::{Value, json};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn load(path: &Path) -> Catalogue {
    // With its parts, if it lists any (tests/fixtures/split).
    let loaded = errdex_codegen::load_path_as(path, "errors.yaml").unwrap();
    loaded
        .catalogue
        .unwrap_or_else(|| panic!("{}: {:?}", path.display(), loaded.diagnostics))
}

/// Every catalogue of the repository, by a name.
fn catalogues() -> Vec<(String, Catalogue)> {
    let mut paths = vec![root().join("errors.yaml")];
    for dir in ["tests/fixtures", "examples"] {
        let mut found: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .flatten()
            .map(|e| e.path().join("errors.yaml"))
            .filter(|p| p.exists())
            .collect();
        found.sort();
        paths.extend(found);
    }
    paths
        .into_iter()
        .map(|p| {
            let name = p
                .parent()
                .unwrap()
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let cat = load(&p);
            (name, cat)
        })
        .collect()
}

/// The catalogue under each body of the HTTP profile.
fn with_bodies(cat: &Catalogue) -> Vec<(HttpBody, Catalogue)> {
    HttpBody::ALL
        .into_iter()
        .map(|body| {
            let mut c = cat.clone();
            c.profiles.http.body = body;
            if body == HttpBody::Google {
                c.profiles.http.domain = Some("api.example.dev".into());
            }
            (body, c)
        })
        .collect()
}

fn document(cat: &Catalogue) -> Value {
    let files = openapi::emit(cat);
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].0, openapi::FILE);
    serde_json::from_str(&files[0].1).expect("the document is JSON")
}

/// The document as a schema resource, indexed once: validators of its components are then
/// compiled from a `$ref` into it ([`validator`]) instead of from a copy of the whole
/// document each (at 260 codes that copy and its indexing, once per code, were most of this
/// file's time).
fn registry(doc: &Value) -> jsonschema::Registry<'_> {
    jsonschema::Registry::new()
        .draft(jsonschema::Draft::Draft202012)
        .add(DOC_URI, doc)
        .and_then(|r| r.prepare())
        .unwrap_or_else(|e| panic!("the document as a schema resource: {e}"))
}

const DOC_URI: &str = "urn:errdex:openapi-document";

/// A validator of the document's component at `pointer` (refs resolve in the document).
fn validator(registry: &jsonschema::Registry<'_>, pointer: &str) -> jsonschema::Validator {
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .with_registry(registry)
        .build(&json!({ "$ref": format!("{DOC_URI}#{pointer}") }))
        .unwrap_or_else(|e| panic!("{pointer}: {e}"))
}

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

#[test]
fn examples_are_reference_bodies_and_validate_against_their_own_schema_only() {
    for (name, base) in catalogues() {
        for (body, cat) in with_bodies(&base) {
            let doc = document(&cat);
            let registry = registry(&doc);
            let what = format!("{name} ({})", body.as_str());
            let content = escape(body.content_type());
            let schemas: Vec<(String, jsonschema::Validator)> = cat
                .errors
                .iter()
                .map(|e| {
                    let s = openapi::schema_name(&cat, e);
                    let v = validator(&registry, &format!("/components/schemas/{s}"));
                    (s, v)
                })
                .collect();
            let any = validator(
                &registry,
                &format!("/components/schemas/{}", openapi::any_schema_name(body)),
            );
            let mut responses = std::collections::HashMap::new();
            for (i, e) in cat.errors.iter().enumerate() {
                let example = &doc["components"]["examples"][&e.ids.ts.type_name]["value"];
                let reference = Instance::example(e).http_response(&cat);
                assert_eq!(example, &reference.body, "{what}/{}", e.code);
                for (j, (schema, v)) in schemas.iter().enumerate() {
                    if i == j {
                        let errors: Vec<String> =
                            v.iter_errors(example).map(|x| x.to_string()).collect();
                        assert!(errors.is_empty(), "{what}/{}: {schema}: {errors:?}", e.code);
                    } else {
                        assert!(
                            !v.is_valid(example),
                            "{what}/{}: the example also fits {schema}",
                            e.code
                        );
                    }
                }
                assert!(
                    any.is_valid(example),
                    "{what}/{}: not a {}",
                    e.code,
                    openapi::any_schema_name(body)
                );
                // The status's response: exactly one branch, the example listed by name.
                let response = openapi::response_name(e.http_status);
                let pointer = format!("/components/responses/{response}/content/{content}/schema");
                let of_status = responses
                    .entry(pointer)
                    .or_insert_with_key(|pointer| validator(&registry, pointer));
                assert!(of_status.is_valid(example), "{what}/{}", e.code);
                let media =
                    &doc["components"]["responses"][&response]["content"][body.content_type()];
                assert_eq!(
                    media["examples"][&e.ids.ts.type_name]["$ref"],
                    json!(format!("#/components/examples/{}", e.ids.ts.type_name))
                );
                match body {
                    HttpBody::Google => assert!(media["schema"].get("discriminator").is_none()),
                    _ => assert_eq!(
                        media["schema"]["discriminator"]["mapping"][&e.code],
                        json!(format!(
                            "#/components/schemas/{}",
                            openapi::schema_name(&cat, e)
                        )),
                        "{what}/{}",
                        e.code
                    ),
                }
                if body == HttpBody::Problem {
                    assert_eq!(
                        example["type"],
                        json!(e.docs_url),
                        "the problem type is the docs URL"
                    );
                }
            }
            // `Retry-After` exactly where a code of the status sends it.
            for (status, response) in doc["components"]["responses"].as_object().unwrap() {
                let Some(status) = status
                    .strip_prefix("Error")
                    .and_then(|s| s.parse::<u16>().ok())
                else {
                    continue;
                };
                let sends = cat
                    .errors
                    .iter()
                    .filter(|e| e.http_status == status)
                    .any(|e| payload::retry_after_seconds(&cat, e).is_some());
                assert_eq!(
                    response["headers"].get("Retry-After").is_some(),
                    sends,
                    "{what}: {status}"
                );
            }
        }
    }
}

/// A catalogue of one more code than `COMPACT_ABOVE_CODES`: its document is compact.
fn large() -> Catalogue {
    let n = errdex_codegen::support::pretty_json::COMPACT_ABOVE_CODES + 1;
    let mut src = String::from(
        "errdex: 1\nregistry:\n  name: big\ncategories:\n  invalid: {summary: Bad input, exit_code: 2, http_status: 400, jsonrpc_code: -32602, expected: true}\n  busy: {summary: Busy, exit_code: 3, http_status: 503, jsonrpc_code: -32603, expected: false, retryable: true, retry: {initial_backoff_ms: 2000}}\nnamespaces:\n  FRM: {title: Forms}\nerrors:\n",
    );
    for i in 0..n {
        let category = if i % 3 == 0 { "busy" } else { "invalid" };
        src.push_str(&format!(
            "  FRM_V{i}:\n    code: F{i:05}\n    namespace: FRM\n    category: {category}\n    summary: Check {i} failed\n    message: \"{{field}} failed {i}\"\n    params: {{field: string}}\n    suggestion: \"Fix {{field}}.\"\n"
        ));
    }
    let loaded = errdex_codegen::load_str(&src, "errors.yaml");
    loaded
        .catalogue
        .unwrap_or_else(|| panic!("{:?}", loaded.diagnostics))
}

/// Above `COMPACT_ABOVE_CODES` the document names no example per code and leaves out the
/// descriptions every code's schema repeats; each code's reference body still fits its own
/// schema, its status's response and no neighbour's schema.
#[test]
fn a_large_catalogue_s_document_has_no_examples_and_still_binds_each_code() {
    let base = large();
    for (body, cat) in with_bodies(&base) {
        let text = &openapi::emit(&cat)[0].1;
        assert!(
            !text.contains('\n') || text.matches('\n').count() == 1,
            "compact"
        );
        let doc: Value = serde_json::from_str(text).unwrap();
        let registry = registry(&doc);
        let what = body.as_str();
        assert!(doc["components"].get("examples").is_none(), "{what}");
        assert!(!text.contains("The rendered message."), "{what}");
        // Problem and wire bodies: each code's schema holds its own constants and `allOf`s
        // the shape of its category (two here); Google's nests them, one schema a code.
        let schemas = doc["components"]["schemas"].as_object().unwrap();
        let shapes = schemas.keys().filter(|k| k.contains("Shape")).count();
        let on_shape = schemas
            .values()
            .filter(|s| s.get("allOf").is_some())
            .count();
        match body {
            HttpBody::Google => assert_eq!((shapes, on_shape), (0, 0), "{what}"),
            _ => assert_eq!((shapes, on_shape), (2, cat.errors.len()), "{what}"),
        }
        let content = escape(body.content_type());
        for (name, response) in doc["components"]["responses"].as_object().unwrap() {
            assert!(
                response["content"][body.content_type()]
                    .get("examples")
                    .is_none(),
                "{what}: {name}"
            );
        }
        // A sample of codes (every 401st) against their own schema and the next code's.
        let codes: Vec<_> = cat.errors.iter().step_by(401).collect();
        for e in codes {
            let example = Instance::example(e).http_response(&cat).body;
            let own = validator(
                &registry,
                &format!("/components/schemas/{}", openapi::schema_name(&cat, e)),
            );
            assert!(own.is_valid(&example), "{what}/{}", e.code);
            let next = &cat.errors[(cat.errors.iter().position(|x| x.code == e.code).unwrap() + 1)
                % cat.errors.len()];
            let other = validator(
                &registry,
                &format!("/components/schemas/{}", openapi::schema_name(&cat, next)),
            );
            assert!(
                !other.is_valid(&example),
                "{what}/{} fits {}",
                e.code,
                next.code
            );
            let pointer = format!(
                "/components/responses/{}/content/{content}/schema",
                openapi::response_name(e.http_status)
            );
            assert!(
                validator(&registry, &pointer).is_valid(&example),
                "{what}/{}",
                e.code
            );
        }
    }
}

#[test]
fn the_same_catalogue_gives_the_same_bytes() {
    let cat = load(&root().join("tests/fixtures/full/errors.yaml"));
    assert_eq!(openapi::emit(&cat), openapi::emit(&cat));
}

/// The tools, or `None` with the reason printed (a failure under `CI`).
fn tools() -> Option<(PathBuf, PathBuf)> {
    let spec = testkit::tool::file(
        root().join("tools/python/.venv/bin/openapi-spec-validator"),
        "bash .ci/steps/25-python.sh",
    );
    let redocly = testkit::tool::file(
        root().join("tools/node/node_modules/.bin/redocly"),
        "bash .ci/steps/20-node.sh",
    );
    let found = spec.and_then(|spec| Ok((spec, redocly?)));
    testkit::tool::require_tool("openapi-spec-validator and redocly", found)
}

/// Starts `cmd`, its output piped, for [`finish`].
fn start(cmd: &mut Command, what: &str) -> std::process::Child {
    cmd.stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{what}: {e}"))
}

/// Waits for a command [`start`]ed: its stdout and stderr, or a panic with them when it fails.
fn finish(child: std::process::Child, what: &str) -> String {
    let out = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{what} failed:\n{text}");
    text
}

/// A small API document of our own that answers with the registry's errors.
const API: &str = r##"openapi: 3.1.0
info:
  title: Catalogue service
  version: 1.0.0
  license:
    name: MIT
    identifier: MIT
servers:
  - url: http://127.0.0.1:8080
paths:
  /things/{id}:
    get:
      operationId: getThing
      summary: One thing
      description: Reads one thing; a missing one is the registry's not-found error.
      security: []
      parameters:
        - name: id
          in: path
          required: true
          schema: {type: string}
      responses:
        "200":
          description: The thing
          content:
            application/json:
              schema: {type: object}
        "@STATUS@":
          $ref: "./errors.openapi.json#/components/responses/Error@STATUS@"
        default:
          $ref: "./errors.openapi.json#/components/responses/Default"
"##;

#[test]
fn documents_pass_openapi_spec_validator_and_redocly() {
    let Some((spec, redocly)) = tools() else {
        return;
    };
    let hostile = load(&root().join("tests/fixtures/hostile/errors.yaml"));
    let postgres = load(&root().join("examples/postgres/errors.yaml"));
    let own = load(&root().join("errors.yaml"));
    let mut cases: Vec<(String, Catalogue)> = Vec::new();
    for (name, cat) in [
        ("hostile", hostile),
        ("postgres", postgres),
        ("errdex", own),
        // Compact, without examples or repeated descriptions.
        ("large", large()),
    ] {
        for (body, c) in with_bodies(&cat) {
            cases.push((format!("{name}-{}", body.as_str()), c));
        }
    }
    // Every document in one run of each tool (each starts in seconds).
    let dir = tempfile::tempdir().unwrap();
    let mut docs: Vec<PathBuf> = Vec::new();
    for (name, cat) in cases {
        let case = dir.path().join(&name);
        std::fs::create_dir_all(&case).unwrap();
        let file = case.join(openapi::FILE);
        std::fs::write(&file, &openapi::emit(&cat)[0].1).unwrap();
        let status = cat.errors[0].http_status.to_string();
        let api = case.join("api.yaml");
        std::fs::write(&api, API.replace("@STATUS@", &status)).unwrap();
        docs.extend([file, api]);
    }
    // The tools at once, openapi-spec-validator in two halves of about the same bytes: one
    // after the other they took 80 s here, a third of that redocly's (Node, one core) and
    // the rest the validator's (Python, one core, 19 s of it the large catalogue's Google
    // document alone).
    let mut by_size: Vec<(u64, &PathBuf)> = docs
        .iter()
        .map(|p| (std::fs::metadata(p).unwrap().len(), p))
        .collect();
    by_size.sort_by_key(|&(size, _)| std::cmp::Reverse(size));
    let (mut halves, mut bytes) = ([Vec::new(), Vec::new()], [0u64; 2]);
    for (size, doc) in by_size {
        let h = usize::from(bytes[1] < bytes[0]);
        bytes[h] += size;
        halves[h].push(doc);
    }
    let redocly = start(
        Command::new(&redocly)
            .args(["lint", "--format", "stylish"])
            .args(&docs)
            .env("REDOCLY_TELEMETRY", "off")
            .env("REDOCLY_SUPPRESS_UPDATE_NOTICE", "true"),
        "redocly lint",
    );
    let validators = halves.map(|half| {
        let child = start(Command::new(&spec).args(&half), "openapi-spec-validator");
        (child, half.len())
    });
    for (child, n) in validators {
        let text = finish(child, "openapi-spec-validator");
        assert_eq!(text.matches(": OK").count(), n, "{text}");
    }
    let text = finish(redocly, "redocly lint");
    assert!(!text.contains(" error "), "{text}");
}
