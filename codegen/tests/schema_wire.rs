//! `wire-error.schema.json` and `registry.json`, checked in Rust with the `jsonschema` crate
//! (ajv checks the same payloads from node in `ts_vectors`): every reference wire payload of
//! every code validates, mismatched ones do not, unknown codes fit `$defs/WireObject`, and
//! `registry.json` states what the IR states.

#![allow(clippy::unwrap_used)]

mod testkit;
mod ts_support;
mod vectors_support;

use errdex_codegen::emit::json_schema;
use errdex_codegen::ir::{Catalogue, JsonRpcData, ParamType};
use errdex_codegen::payload::Instance;
use serde_json::{Value, json};
use ts_support::*;

fn validators(cat: &Catalogue) -> (jsonschema::Validator, jsonschema::Validator) {
    let schema = json_schema::wire_error_schema(cat);
    let strict = jsonschema::draft202012::new(&schema).expect("wire schema compiles");
    let mut any = schema.clone();
    let o = any.as_object_mut().unwrap();
    o.remove("oneOf");
    o.remove("not");
    o.insert("$ref".into(), json!("#/$defs/WireObject"));
    let any = jsonschema::draft202012::new(&any).expect("WireObject compiles");
    (strict, any)
}

#[test]
fn reference_payloads_validate_and_mismatches_do_not() {
    for (name, cat) in catalogues() {
        let (strict, any) = validators(&cat);
        let w = &cat.registry.wire;
        for e in &cat.errors {
            let mut inst = Instance::example(e);
            let wire = inst.wire(&cat);
            let errs: Vec<String> = strict.iter_errors(&wire).map(|e| e.to_string()).collect();
            assert!(errs.is_empty(), "{name}/{}: {wire}\n{errs:#?}", e.code);
            assert!(any.is_valid(&wire));
            inst.argument = Some("a".into());
            inst.constraint = Some(json!([1, 2]));
            inst.context = vec![("trace".into(), json!({"id": 1}))];
            let rich = inst.wire(&cat);
            assert!(strict.is_valid(&rich), "{name}/{}: {rich}", e.code);
            // The JSON-RPC `data` is the wire object unless the profile lists facts or omits it.
            if cat.profiles.jsonrpc_error.data == JsonRpcData::Wire {
                assert!(strict.is_valid(&inst.jsonrpc_error(&cat)["data"]));
            }

            if let Some(k) = &w.category {
                for other in cat
                    .categories
                    .iter()
                    .filter(|c| c.key != cat.category_of(e).key)
                {
                    let mut bad = wire.clone();
                    bad[k] = json!(other.key);
                    assert!(
                        !strict.is_valid(&bad),
                        "{name}/{}: category {} accepted",
                        e.code,
                        other.key
                    );
                }
            }
            if let Some(k) = &w.retryable {
                let mut bad = wire.clone();
                bad[k] = json!(!e.retryable);
                assert!(
                    !strict.is_valid(&bad),
                    "{name}/{}: retryable flipped accepted",
                    e.code
                );
            }
            for p in &e.params {
                let wrong = match p.ty {
                    ParamType::String => json!(1),
                    ParamType::Integer => json!(0.5),
                    ParamType::Number => json!("1"),
                    ParamType::Boolean => json!(0),
                    ParamType::List(_) => json!("not a list"),
                    ParamType::Object => json!("not an object"),
                };
                let mut bad = wire.clone();
                match &w.details {
                    Some(d) => bad[d][&p.name] = wrong,
                    None => bad[&p.name] = wrong,
                }
                assert!(
                    !strict.is_valid(&bad),
                    "{name}/{}: mistyped {} accepted",
                    e.code,
                    p.name
                );
            }
            let mut no_code = wire.clone();
            no_code.as_object_mut().unwrap().remove(&w.code);
            assert!(!strict.is_valid(&no_code) && !any.is_valid(&no_code));
        }
        // A newer catalogue's code: not a live code, but a well-formed wire object.
        let mut newer = serde_json::Map::new();
        newer.insert(w.code.clone(), json!("ZZ-FROM-THE-FUTURE"));
        newer.insert(w.message.clone(), json!("m"));
        let newer = Value::Object(newer);
        assert!(
            !strict.is_valid(&newer),
            "{name}: unknown code accepted by the strict schema"
        );
        assert!(
            any.is_valid(&newer),
            "{name}: WireObject rejects an unknown code"
        );
        assert!(
            !strict.is_valid(&json!({"error": "legacy text"})),
            "{name}: legacy text accepted"
        );
    }
}

#[test]
fn schema_files_are_deterministic_and_headed() {
    for (name, cat) in catalogues() {
        let a = json_schema::emit(&cat);
        assert_eq!(a, json_schema::emit(&cat), "{name}");
        let paths: Vec<&str> = a.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(
            paths,
            [
                "wire-error.schema.json",
                "catalogue.schema.json",
                "errors.schema.json",
                "part.schema.json",
                "entry.schema.json",
                "errors.part.schema.json",
                "errors.entry.schema.json",
                "registry.json"
            ]
        );
        for (path, text) in &a {
            let v: Value = serde_json::from_str(text).unwrap();
            if path.ends_with(".schema.json") {
                assert_eq!(v["$id"], cat.schema_id(path).as_str(), "{name}/{path}");
            }
            assert_eq!(
                v["$comment"],
                errdex_codegen::support::header::header_text(&cat.source_name).as_str(),
                "{name}/{path}"
            );
            assert!(text.ends_with("}\n"), "{name}/{path}");
        }
    }
}

#[test]
fn registry_json_states_the_resolved_catalogue() {
    for (name, cat) in catalogues() {
        let r = json_schema::registry_json(&cat);
        assert_eq!(r["registry"]["name"], cat.registry.name.as_str());
        assert_eq!(
            r["registry"]["wire"]["code"],
            cat.registry.wire.code.as_str()
        );
        let errors = r["errors"].as_array().unwrap();
        assert_eq!(errors.len(), cat.errors.len(), "{name}");
        for (j, e) in errors.iter().zip(&cat.errors) {
            assert_eq!(j["code"], e.code.as_str());
            assert_eq!(j["name"], e.name.as_str());
            assert_eq!(j["category"], cat.category_of(e).key.as_str());
            assert_eq!(j["retryable"], e.retryable);
            assert_eq!(j["exit_code"], e.exit_code);
            assert_eq!(j["http_status"], e.http_status);
            assert_eq!(j["jsonrpc_code"], e.jsonrpc_code);
            assert_eq!(j["expected"], e.expected);
            assert_eq!(j["docs_url"], e.docs_url.as_str());
            assert_eq!(j["message"], e.message.raw.as_str());
            assert_eq!(j["params"].as_array().unwrap().len(), e.params.len());
            assert_eq!(j["identifiers"]["ts_key"], e.ids.ts.key.as_str());
        }
        let cats = r["categories"].as_array().unwrap();
        assert_eq!(cats.len(), cat.categories.len());
        assert_eq!(r["retired"].as_array().unwrap().len(), cat.retired.len());
    }
}

/// One `$defs` member of the wire schema as a validator of its own.
fn def_validator(cat: &Catalogue, name: &str) -> jsonschema::Validator {
    let mut schema = json_schema::wire_error_schema(cat);
    let o = schema.as_object_mut().unwrap();
    o.remove("oneOf");
    o.remove("not");
    o.insert("$ref".into(), json!(format!("#/$defs/{name}")));
    jsonschema::draft202012::new(&schema).unwrap_or_else(|e| panic!("{name} compiles: {e}"))
}

/// `$defs/LegacyWireError` states the legacy rule of `payload.rs` exactly: it accepts the
/// foreign vectors the parsers call legacy (the seed documents' `{"error": "..."}` among
/// them) and nothing else; `$defs/ReceivedWireError` accepts every wire object (live or
/// newer code) and every legacy payload, and no garbage.
#[test]
fn legacy_payloads_have_their_schema() {
    for (name, cat) in catalogues() {
        let legacy = def_validator(&cat, "LegacyWireError");
        let received = def_validator(&cat, "ReceivedWireError");
        for f in vectors_support::foreign(&cat) {
            let kind = f["expect"]["kind"].as_str().unwrap();
            let wire = &f["wire"];
            let label = format!("{name}: {}: {wire}", f["label"]);
            assert_eq!(
                legacy.is_valid(wire),
                kind == "legacy",
                "{label}: LegacyWireError"
            );
            match kind {
                "legacy" | "unknown" => {
                    assert!(received.is_valid(wire), "{label}: ReceivedWireError")
                }
                "invalid" => assert!(!received.is_valid(wire), "{label}: ReceivedWireError"),
                _ => {}
            }
        }
        for e in &cat.errors {
            let mut inst = Instance::example(e);
            inst.context = vec![("error".into(), json!("x")), ("message".into(), json!("y"))];
            for wire in [Instance::example(e).wire(&cat), inst.wire(&cat)] {
                assert!(
                    received.is_valid(&wire),
                    "{name}: {wire}: ReceivedWireError"
                );
                assert!(!legacy.is_valid(&wire), "{name}: {wire}: LegacyWireError");
            }
        }
    }
}

/// `package.schema_url` is the base of every schema's `$id`; without it the `$id` is a URN
/// of the registry.
#[test]
fn schema_ids_follow_package_schema_url() {
    let src = "errdex: 1\nregistry: {name: shop}\ncategories: {invalid: {summary: Bad}}\n\
               package: {schema_url: 'https://shop.example/schemas/v1/'}\n\
               errors: {OUT_OF_STOCK: {category: invalid, summary: Gone}}\n";
    let cat = errdex_codegen::catalogue::load_str(src, "errors.yaml")
        .catalogue
        .unwrap();
    let ids: Vec<(String, Value)> = json_schema::emit(&cat)
        .into_iter()
        .filter(|(path, _)| path.ends_with(".schema.json"))
        .map(|(path, text)| {
            (
                path,
                serde_json::from_str::<Value>(&text).unwrap()["$id"].clone(),
            )
        })
        .collect();
    assert_eq!(
        ids,
        [
            (
                "wire-error.schema.json".to_string(),
                json!("https://shop.example/schemas/v1/wire-error.schema.json")
            ),
            (
                "catalogue.schema.json".to_string(),
                json!("https://shop.example/schemas/v1/catalogue.schema.json")
            ),
            (
                "errors.schema.json".to_string(),
                json!("https://shop.example/schemas/v1/errors.schema.json")
            ),
            (
                "part.schema.json".to_string(),
                json!("https://shop.example/schemas/v1/part.schema.json")
            ),
            (
                "entry.schema.json".to_string(),
                json!("https://shop.example/schemas/v1/entry.schema.json")
            ),
            (
                "errors.part.schema.json".to_string(),
                json!("https://shop.example/schemas/v1/errors.part.schema.json")
            ),
            (
                "errors.entry.schema.json".to_string(),
                json!("https://shop.example/schemas/v1/errors.entry.schema.json")
            ),
        ]
    );
    let plain = src.replace(
        "package: {schema_url: 'https://shop.example/schemas/v1/'}\n",
        "",
    );
    let cat = errdex_codegen::catalogue::load_str(&plain, "errors.yaml")
        .catalogue
        .unwrap();
    assert_eq!(
        json_schema::wire_error_schema(&cat)["$id"],
        json!("urn:errdex:shop:wire-error.schema.json")
    );
}

/// Above `COMPACT_ABOVE_CODES` codes the schema is compact, leaves out the descriptions
/// every branch repeats, and has one branch per group of codes that share all but the code
/// (category, retryable flag, params, deprecation), the code an `enum`. Validation is
/// unchanged: each code's reference payload (with errdex's extras) fits the schema and its
/// own group's branch alone; the same payload with another category, a wrong-typed param
/// or extra, or an unknown code does not.
#[test]
fn a_large_catalogue_s_schema_still_binds_each_code() {
    let n = errdex_codegen::support::pretty_json::COMPACT_ABOVE_CODES + 1;
    let mut src = String::from(
        "errdex: 1\nregistry:\n  name: big\ncategories:\n  invalid: {summary: Bad input, exit_code: 2, http_status: 400, jsonrpc_code: -32602, expected: true}\n  busy: {summary: Busy, retryable: true, exit_code: 3, http_status: 503, jsonrpc_code: -32603, expected: false}\nnamespaces:\n  FRM: {title: Forms}\nerrors:\n",
    );
    // Four groups: (invalid | busy) x (field: string | count: int), one code deprecated.
    for i in 0..n {
        let category = if i % 2 == 0 { "invalid" } else { "busy" };
        let (param, ty) = if i % 3 == 0 {
            ("count", "integer")
        } else {
            ("field", "string")
        };
        let deprecated = if i == 7 {
            "    deprecated: {since: '1.0', note: old}\n"
        } else {
            ""
        };
        src.push_str(&format!(
            "  FRM_V{i}:\n    code: F{i:05}\n    namespace: FRM\n    category: {category}\n    summary: Check {i} failed\n    message: \"{{{param}}} failed {i}\"\n    params: {{{param}: {ty}}}\n{deprecated}"
        ));
    }
    let loaded = errdex_codegen::load_str(&src, "errors.yaml");
    let cat = loaded.catalogue.unwrap_or_else(|| {
        panic!(
            "{:#?}",
            loaded
                .diagnostics
                .iter()
                .filter(|d| !matches!(d.code, errdex_codegen::diag::DiagCode::RelativeDocsUrl))
                .take(3)
                .collect::<Vec<_>>()
        )
    });
    let text = &json_schema::emit(&cat)[0].1;
    assert_eq!(text.matches('\n').count(), 1, "compact, one line");
    assert!(!text.contains("The rendered message."));
    assert!(!text.contains("The offending input."));
    let schema: serde_json::Value = serde_json::from_str(text).unwrap();
    assert_eq!(
        schema["oneOf"].as_array().unwrap().len(),
        5,
        "one branch per group (4, and the deprecated code's own)"
    );
    let (strict, any) = validators(&cat);
    let w = &cat.registry.wire;
    let category_key = w.category.clone().expect("the default wire has a category");
    for e in cat.errors.iter().step_by(97).chain(cat.errors.get(7)) {
        let mut inst = Instance::example(e);
        inst.argument = Some("a".into());
        inst.constraint = Some(json!({"max": 3}));
        let wire = inst.wire(&cat);
        let errs: Vec<String> = strict.iter_errors(&wire).map(|e| e.to_string()).collect();
        assert!(errs.is_empty(), "{}: {wire}\n{errs:#?}", e.code);
        let mut bad = wire.clone();
        match &w.details {
            Some(k) => bad[k]["argument"] = json!(7),
            None => bad["argument"] = json!(7),
        }
        assert!(!strict.is_valid(&bad), "{}: argument 7 accepted", e.code);
        let mut other = wire.clone();
        let flipped = if other[&category_key] == json!("invalid") {
            "busy"
        } else {
            "invalid"
        };
        other[&category_key] = json!(flipped);
        assert!(
            !strict.is_valid(&other),
            "{}: category {flipped} accepted",
            e.code
        );
        let param = &e.params[0].name;
        let mut wrong = wire.clone();
        wrong[param] = json!([1]);
        assert!(!strict.is_valid(&wrong), "{}: {param} [1] accepted", e.code);
        let mut unknown = wire.clone();
        unknown[&w.code] = json!("Z99999");
        assert!(
            !strict.is_valid(&unknown),
            "{}: an unknown code accepted",
            e.code
        );
        assert!(any.is_valid(&unknown), "WireObject takes any code");
    }
}
