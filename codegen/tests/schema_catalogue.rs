//! `catalogue.schema.json`, the editor schema of `errors.yaml`: every catalogue the loader
//! accepts validates; typos, wrong types and missing keys are rejected; and it agrees with
//! the loader on the bad-input corpus wherever the problem is one of shape.

#![allow(clippy::unwrap_used)]

mod testkit;
mod ts_support;

use std::path::{Path, PathBuf};

use errdex_codegen::emit::json_schema;
use errdex_codegen::support::header::header_text;
use serde_json::{Value, json};
use ts_support::repo_root;

fn schema() -> jsonschema::Validator {
    let s = json_schema::catalogue_schema(&header_text("errors.yaml"));
    jsonschema::draft202012::new(&s).expect("catalogue.schema.json compiles as draft 2020-12")
}

fn yaml(path: &Path) -> Option<Value> {
    let src = std::fs::read_to_string(path).ok()?;
    serde_saphyr::from_str::<Value>(&src).ok()
}

/// errdex's own catalogue and every fixture catalogue.
fn good_catalogues() -> Vec<PathBuf> {
    let root = repo_root();
    let mut out = vec![root.join("errors.yaml")];
    if let Ok(rd) = std::fs::read_dir(root.join("tests/fixtures")) {
        let mut cases: Vec<PathBuf> = rd
            .flatten()
            .map(|e| e.path().join("errors.yaml"))
            .filter(|p| p.exists())
            .collect();
        cases.sort();
        out.extend(cases);
    }
    out
}

fn errors_of(v: &jsonschema::Validator, doc: &Value) -> Vec<String> {
    v.iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

#[test]
fn every_catalogue_the_loader_accepts_validates() {
    let v = schema();
    let mut checked = 0;
    for path in good_catalogues() {
        let loaded = errdex_codegen::load_path_as(&path, "errors.yaml").unwrap();
        if loaded.catalogue.is_none() {
            eprintln!("note: {} does not load; skipped", path.display());
            continue;
        }
        let doc = yaml(&path).expect("YAML the loader accepts converts to JSON");
        let errs = errors_of(&v, &doc);
        assert!(errs.is_empty(), "{}: {errs:#?}", path.display());
        checked += 1;
    }
    assert!(checked >= 1, "no catalogue checked");
}

#[test]
fn the_first_line_of_errors_yaml_points_at_its_own_schema() {
    let src = std::fs::read_to_string(repo_root().join("errors.yaml")).unwrap();
    let first = src.lines().next().unwrap_or_default();
    assert_eq!(
        first,
        "# yaml-language-server: $schema=generated/schema/errors.schema.json"
    );
    assert!(
        repo_root()
            .join("generated/schema/errors.schema.json")
            .exists()
    );
}

/// A small catalogue with every key of format 1.
fn every_key() -> Value {
    json!({
        "errdex": 1,
        "registry": {
            "name": "acme", "title": "Acme", "docs_url": "https://docs.acme.dev/{namespace}#{code}",
            "code_pattern": "^ACM-[A-Z]{3}-[0-9]{3}$", "crate_name": "acme-errors", "npm_name": "@acme/errors",
            "wire": {"code": "error", "message": "detail", "category": "category", "retryable": null, "details": null},
            "mcp_meta_prefix": "dev.acme/", "class": "AcmeError",
        },
        "categories": {
            "invalid": {"summary": "Bad input", "retryable": false, "exit_code": 1, "http_status": 400, "jsonrpc_code": -32602, "expected": true},
            "unavailable": {"summary": "Down", "retryable": true,
                "retry": {"max_attempts": 3, "initial_backoff_ms": 200, "advice": "Wait."},
                "exit_code": 1, "http_status": 503, "jsonrpc_code": -32603, "expected": false},
        },
        "namespaces": {"FRM": {"title": "Forms", "summary": "Form fields", "code_prefix": "ACM-FRM-", "class": "FormError", "category": "invalid"}, "NET": null},
        "errors": {
            "FRM_VALIDATION": {
                "code": "ACM-FRM-001", "namespace": "FRM", "category": "invalid", "summary": "Form validation failure",
                "message": "{field} is required", "params": {"field": "string", "n": "integer", "x": "number", "b": "boolean"},
                "suggestion": "Provide `{field}`.", "explanation": "Long text.",
                "retryable": false, "retry": {"advice": "Don't."}, "exit_code": 3, "http_status": 422, "jsonrpc_code": -32602,
                "expected": true, "docs_url": "https://x.test/{code}", "since": "1.2.0",
                "deprecated": {"since": "1.4.0", "replaced_by": "FRM_FIELD", "note": "n"},
                "aliases": ["FORM_INVALID"], "legacy_codes": ["ACM-FORM-01"], "class": "ValidationError",
            },
            "frm_field": {"category": "invalid", "summary": "s", "message": "m"},
            "frm_meaning_only": {"code": "ACM-FRM-002", "namespace": "FRM", "summary": "Only a meaning line", "deprecated": true},
        },
        "profiles": {
            "mcp_tool_error": {"text": "Error: {message}", "data": "errorData", "prefix": "",
                "fields": {"tool": "context.tool", "errorCode": "code", "type": "error_type", "field": "param.field"}},
            "jsonrpc_error": {"message": "{message}", "data": {"code": "code", "retryable": "retryable"}},
        },
        "retired": {"ACM-FRM-009": {"name": "FRM_OLD_THING", "since": "1.3.0", "note": "merged"}, "ACM-FRM-010": null},
    })
}

#[test]
fn a_catalogue_with_every_key_validates() {
    let v = schema();
    let doc = every_key();
    assert_eq!(errors_of(&v, &doc), Vec::<String>::new());
}

#[test]
fn typos_wrong_types_and_missing_keys_are_rejected() {
    let v = schema();
    type Mutation = fn(&mut Value);
    let cases: &[(&str, Mutation)] = &[
        ("top-level typo", |d| d["namespces"] = json!({})),
        ("registry typo", |d| d["registry"]["titel"] = json!("x")),
        ("wire typo", |d| d["registry"]["wire"]["cod"] = json!("x")),
        ("category typo", |d| {
            d["categories"]["invalid"]["retryble"] = json!(true)
        }),
        ("retry typo", |d| {
            d["categories"]["unavailable"]["retry"]["max_attempt"] = json!(1)
        }),
        ("namespace typo", |d| {
            d["namespaces"]["FRM"]["prefix"] = json!("x")
        }),
        ("error typo", |d| {
            d["errors"]["FRM_VALIDATION"]["retryble"] = json!(true)
        }),
        ("deprecated typo", |d| {
            d["errors"]["FRM_VALIDATION"]["deprecated"]["replacedby"] = json!("X")
        }),
        ("retired typo", |d| {
            d["retired"]["ACM-FRM-009"]["nam"] = json!("X")
        }),
        ("format version 2", |d| d["errdex"] = json!(2)),
        ("format version string", |d| d["errdex"] = json!("1")),
        ("no format version", |d| {
            d.as_object_mut().unwrap().remove("errdex");
        }),
        ("no registry name", |d| {
            d["registry"].as_object_mut().unwrap().remove("name");
        }),
        ("no summary", |d| {
            d["errors"]["FRM_VALIDATION"]
                .as_object_mut()
                .unwrap()
                .remove("summary");
        }),
        ("class not UpperCamel", |d| {
            d["errors"]["FRM_VALIDATION"]["class"] = json!("input_error")
        }),
        (
            "profile field fact",
            |d| d["profiles"] = json!({"mcp_tool_error": {"fields": {"x": "no_such_fact"}}}),
        ),
        ("deprecated false-ish string", |d| {
            d["errors"]["FRM_VALIDATION"]["deprecated"] = json!("yes")
        }),
        ("param type", |d| {
            d["errors"]["FRM_VALIDATION"]["params"]["field"] = json!("str")
        }),
        ("param name", |d| {
            d["errors"]["FRM_VALIDATION"]["params"]["bad-name"] = json!("string")
        }),
        (
            "entry name",
            |d| {
                d["errors"]["Frm_Mixed"] =
                    json!({"category": "invalid", "summary": "s", "message": "m"})
            },
        ),
        ("exit code range", |d| {
            d["categories"]["invalid"]["exit_code"] = json!(256)
        }),
        ("http status range", |d| {
            d["categories"]["invalid"]["http_status"] = json!(99)
        }),
        ("exit code as string", |d| {
            d["errors"]["FRM_VALIDATION"]["exit_code"] = json!("1")
        }),
        ("retryable as string", |d| {
            d["errors"]["FRM_VALIDATION"]["retryable"] = json!("yes")
        }),
        ("wire code null", |d| {
            d["registry"]["wire"]["code"] = json!(null)
        }),
        ("aliases not a list", |d| {
            d["errors"]["FRM_VALIDATION"]["aliases"] = json!("X")
        }),
        ("category key", |d| {
            d["categories"]["not-valid"] = json!({"summary": "s"})
        }),
    ];
    for (label, mutate) in cases {
        let mut doc = every_key();
        mutate(&mut doc);
        assert!(!v.is_valid(&doc), "{label}: must be rejected");
    }
}

/// Every bad-input case whose problems include one of shape (wrong type, unknown key,
/// missing key, format version, out-of-range number, bad param name) fails the schema too.
#[test]
fn agrees_with_the_loader_on_shape_errors() {
    const SHAPE: &[&str] = &[
        "EDX0101", "EDX0102", "EDX0104", "EDX0105", "EDX0404", "EDX0501", "EDX0503", "EDX0506",
    ];
    let v = schema();
    let Ok(rd) = std::fs::read_dir(repo_root().join("tests/bad")) else {
        return;
    };
    let mut files: Vec<PathBuf> = rd
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    let mut checked = 0;
    for path in files {
        let Ok(stderr) = std::fs::read_to_string(path.with_extension("stderr")) else {
            continue;
        };
        let shape_error = stderr
            .lines()
            .filter(|l| l.contains(": error["))
            .any(|l| SHAPE.iter().any(|c| l.contains(&format!("error[{c}]"))));
        if !shape_error {
            continue;
        }
        // Files that are not YAML a plain parser reads (duplicates, bombs) are the loader's.
        let Some(doc) = yaml(&path) else { continue };
        assert!(
            !v.is_valid(&doc),
            "{}: the loader reports a shape error, the schema accepts it",
            path.display()
        );
        checked += 1;
    }
    assert!(checked > 0, "the bad corpus has shape errors to check");
}

/// The committed schema is the emitter's output (so editors see what errdex enforces).
#[test]
fn committed_schema_is_current() {
    let path = repo_root().join("generated/schema/catalogue.schema.json");
    let Ok(committed) = std::fs::read_to_string(&path) else {
        panic!("{} is missing: run `errdex generate`", path.display());
    };
    let mut v: Value = serde_json::from_str(&committed).unwrap();
    let id = v.as_object_mut().unwrap().remove("$id");
    assert_eq!(id, Some(json!("urn:errdex:errdex:catalogue.schema.json")));
    let expected = json_schema::catalogue_schema(&header_text("errors.yaml"));
    assert_eq!(v, expected, "stale: run `errdex generate`");
}

/// The part files of the split fixture validate against `part.schema.json`, its
/// `<CODE>.yaml` files against `entry.schema.json` (the `jsonschema` crate, beside the
/// editor's check in `editor_agreement.rs`); a part with a root section, an entry without
/// its `name`, and a header with both `range` and `prefix` do not.
#[test]
fn part_and_entry_files_validate_against_their_schemas() {
    let header = header_text("errors.yaml");
    let part = jsonschema::draft202012::new(&json_schema::part_schema(&header)).unwrap();
    let entry = jsonschema::draft202012::new(&json_schema::entry_schema(&header)).unwrap();
    let dir = repo_root().join("tests/fixtures/split/teams");
    let mut checked = 0;
    for (file, v) in [
        ("billing.yaml", &part),
        ("search.yaml", &part),
        ("frames/_part.yaml", &part),
        ("frames/ACM-FRM-101.yaml", &entry),
        ("frames/ACM-FRM-102.yaml", &entry),
    ] {
        let doc = yaml(&dir.join(file)).unwrap();
        let errs = errors_of(v, &doc);
        assert!(errs.is_empty(), "{file}: {errs:#?}");
        checked += 1;
    }
    assert_eq!(checked, 5);
    let billing = yaml(&dir.join("billing.yaml")).unwrap();
    let mut with_root_section = billing.clone();
    with_root_section["registry"] = serde_json::json!({"name": "x"});
    assert!(!errors_of(&part, &with_root_section).is_empty());
    let mut both = billing.clone();
    both["part"]["prefix"] = serde_json::json!("ACM-BIL-");
    assert!(both["part"]["range"].is_string());
    assert!(!errors_of(&part, &both).is_empty());
    let mut nameless = yaml(&dir.join("frames/ACM-FRM-101.yaml")).unwrap();
    nameless.as_object_mut().unwrap().remove("name");
    assert!(!errors_of(&entry, &nameless).is_empty());
}

/// A root whose codes are all in its parts (what `errdex split --by code` leaves) has no
/// `errors` of its own, and lints clean: the schema accepts it too, and still asks a root
/// without parts for its `errors` — as lint does.
#[test]
fn a_root_without_errors_needs_parts() {
    let header = header_text("errors.yaml");
    let schema = jsonschema::draft202012::new(&json_schema::catalogue_schema(&header)).unwrap();
    let root = json!({
        "errdex": 1,
        "registry": {"name": "acme"},
        "categories": {"invalid": {"summary": "Bad input", "exit_code": 1}},
        "parts": ["teams/*.yaml"],
    });
    let errs = errors_of(&schema, &root);
    assert!(errs.is_empty(), "{errs:#?}");
    let mut alone = root.clone();
    alone.as_object_mut().unwrap().remove("parts");
    assert!(!errors_of(&schema, &alone).is_empty());
    let lint = errdex_codegen::load_str(
        "errdex: 1\nregistry: { name: acme }\ndocs: { links: external }\ncategories:\n  invalid: { summary: Bad input, retryable: false, exit_code: 1, http_status: 400, jsonrpc_code: -32602 }\n",
        "errors.yaml",
    );
    assert!(lint.catalogue.is_none(), "lint asks for `errors` too");
}

/// The catalogue's own part and entry schemas (`errors.part.schema.json`,
/// `errors.entry.schema.json`) check the values the format's cannot: the split fixture's
/// parts and codes pass, a misspelt category or an undeclared namespace in a part does not
/// (lint's EDX0301 and EDX0302), while the format's part schema lets both pass.
#[test]
fn own_part_and_entry_schemas_check_categories_and_namespaces() {
    let root = repo_root().join("tests/fixtures/split/errors.yaml");
    let loaded = errdex_codegen::catalogue::load_path(&root).unwrap();
    let cat = loaded.catalogue.expect("the split fixture is valid");
    let files = json_schema::emit(&cat);
    let schema = |name: &str| {
        let (_, text) = files.iter().find(|(f, _)| f == name).expect(name);
        jsonschema::draft202012::new(&serde_json::from_str::<Value>(text).unwrap()).unwrap()
    };
    let (part, entry) = (
        schema("errors.part.schema.json"),
        schema("errors.entry.schema.json"),
    );
    let format_part = schema("part.schema.json");
    let dir = repo_root().join("tests/fixtures/split/teams");
    for (file, v) in [
        ("billing.yaml", &part),
        ("search.yaml", &part),
        ("frames/_part.yaml", &part),
        ("frames/ACM-FRM-101.yaml", &entry),
        ("frames/ACM-FRM-102.yaml", &entry),
    ] {
        let errs = errors_of(v, &yaml(&dir.join(file)).unwrap());
        assert!(errs.is_empty(), "{file}: {errs:#?}");
    }
    let billing = yaml(&dir.join("billing.yaml")).unwrap();
    let (name, _) = billing["errors"]
        .as_object()
        .unwrap()
        .iter()
        .next()
        .unwrap();
    for (key, value) in [("category", "invalidd"), ("namespace", "NOPE")] {
        let mut typo = billing.clone();
        typo["errors"][name][key] = json!(value);
        assert!(!errors_of(&part, &typo).is_empty(), "{key}: {value}");
        assert!(errors_of(&format_part, &typo).is_empty(), "{key}: {value}");
    }
    let mut code = yaml(&dir.join("frames/ACM-FRM-101.yaml")).unwrap();
    code["category"] = json!("invalidd");
    assert!(!errors_of(&entry, &code).is_empty());
}
