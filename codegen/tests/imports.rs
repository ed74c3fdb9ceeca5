//! `imports:` (issue 28 item 3): a registry that sends another registry's codes, read from
//! that registry's catalogue or its published `registry.json`, pinned by version.
//!
//! - `tests/imports/orders` imports `tests/imports/platform` as first-class codes: every
//!   imported code reads, field for field, as it does in the platform's own catalogue;
//! - the same import through the platform's generated `registry.json` gives the same codes;
//!   and `registry.json` read back gives the same codes for every catalogue of the repository
//!   (errdex's own, the fixtures, the examples: hostile text, params with schemas, tombstones);
//! - `as: reference`: nothing is generated, everything is still taken;
//! - each bad case (missing file, cycle, version not the pinned one, a code / NAME / retired
//!   code taken twice, an invalid imported file, a catalogue given as text) is one located
//!   diagnostic with its own code, and no catalogue.

mod md_support;
mod testkit;

use std::path::{Path, PathBuf};

use errdex_codegen::catalogue::registry_json_as_catalogue;
use errdex_codegen::diag;
use errdex_codegen::ir::{Catalogue, ImportMode};
use errdex_codegen::support::entry_json::entry_members;
use errdex_codegen::{Loaded, load_path, load_str};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

fn load(path: &Path) -> Loaded {
    load_path(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn valid(path: &Path) -> Catalogue {
    let loaded = load(path);
    let text = diag::render_short(&loaded.diagnostics, &path.display().to_string());
    loaded
        .catalogue
        .unwrap_or_else(|| panic!("{} is invalid:\n{text}", path.display()))
}

/// The registry.json errdex generates for `cat`.
fn registry_json(cat: &Catalogue) -> String {
    errdex_codegen::emit::json_schema::emit(cat)
        .into_iter()
        .find(|(name, _)| name == "registry.json")
        .map(|(_, text)| text)
        .expect("the schema target writes registry.json")
}

/// Each code as `registry.json` describes it (namespace, category, replacement by key
/// and NAME, not by index), in order.
fn codes(cat: &Catalogue) -> Vec<serde_json::Value> {
    cat.errors
        .iter()
        .map(|e| serde_json::Value::Object(entry_members(cat, e)))
        .collect()
}

/// A copy of `tests/imports` in a temporary folder, with `edit` applied to its files.
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for case in ["platform", "orders"] {
        std::fs::create_dir_all(dir.path().join(case)).expect("test files");
        std::fs::copy(
            repo().join("tests/imports").join(case).join("errors.yaml"),
            dir.path().join(case).join("errors.yaml"),
        )
        .expect("test files");
    }
    dir
}

/// A copy of the folder `from` (at any depth) at `to`.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("test files");
    for entry in std::fs::read_dir(from).expect("test files").flatten() {
        let path = entry.path();
        let dest = to.join(entry.file_name());
        if path.is_dir() {
            copy_dir(&path, &dest);
        } else {
            std::fs::copy(&path, &dest).expect("test files");
        }
    }
}

fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).expect("test files");
    assert!(text.contains(from), "{}: no `{from}`", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).expect("test files");
}

/// The one-line diagnostics of loading `path` (`file:line:col: error[CODE]: message`).
fn diagnostics(path: &Path) -> (Loaded, String) {
    let loaded = load(path);
    let text = diag::render_short(&loaded.diagnostics, "errors.yaml");
    (loaded, text)
}

#[test]
fn imported_codes_are_the_platforms_own() {
    let platform = valid(&repo().join("tests/imports/platform/errors.yaml"));
    let orders = valid(&repo().join("tests/imports/orders/errors.yaml"));
    let own = 2;
    assert_eq!(orders.errors.len(), own + platform.errors.len());
    assert_eq!(codes(&orders)[own..], codes(&platform)[..]);
    // Their namespaces and tombstones came along; the shared category key is the service's.
    let keys: Vec<&str> = orders.namespaces.iter().map(|n| n.key.as_str()).collect();
    assert_eq!(keys, ["ORD", "AUTH", "LIMITS"]);
    assert_eq!(orders.retired.len(), 1);
    assert_eq!(orders.retired[0].code, "PLT-001");
    let replaced = orders.retired[0]
        .replaced_by
        .map(|i| orders.errors[i].code.as_str());
    assert_eq!(replaced, Some("PLT-003"));
    assert_eq!(
        orders
            .categories
            .iter()
            .filter(|c| c.key == "unavailable")
            .count(),
        1
    );
    let import = &orders.imports[0];
    assert_eq!(
        (
            import.name.as_str(),
            import.registry.as_str(),
            import.version.as_str()
        ),
        ("platform", "platform", "2.1.0")
    );
    assert_eq!(import.mode, ImportMode::Codes);
    assert_eq!(import.codes.len(), platform.errors.len());
    // explain says so too.
    let text = errdex_codegen::explain::explain_text(&orders, "PLT-002").expect("explains");
    assert!(
        text.contains(
            "imported from platform 2.1.0 (import `platform`, from ../platform/errors.yaml)"
        ),
        "{text}"
    );
    let json = errdex_codegen::explain::explain_json(&orders, "PLT-002").expect("explains");
    assert_eq!(json["import"]["version"], "2.1.0");
    let own = errdex_codegen::explain::explain_json(&orders, "ORD-001").expect("explains");
    assert_eq!(own["import"], serde_json::Value::Null);
    // registry.json says where they came from.
    let json: serde_json::Value =
        serde_json::from_str(&registry_json(&orders)).expect("test files");
    assert_eq!(json["imports"][0]["registry"], "platform");
    assert_eq!(json["imports"][0]["codes"][0]["code"], "PLT-002");
    assert_eq!(json["registry"]["version"], "1.4.0");
}

#[test]
fn importing_the_published_registry_json_is_importing_the_catalogue() {
    let dir = scratch();
    let platform = valid(&dir.path().join("platform/errors.yaml"));
    std::fs::write(
        dir.path().join("platform/registry.json"),
        registry_json(&platform),
    )
    .expect("test files");
    let through_yaml = valid(&dir.path().join("orders/errors.yaml"));
    let orders = dir.path().join("orders/errors.yaml");
    edit(
        &orders,
        "../platform/errors.yaml",
        "../platform/registry.json",
    );
    let through_json = valid(&orders);
    assert_eq!(codes(&through_json), codes(&through_yaml));
    assert_eq!(through_json.retired, through_yaml.retired);
}

/// A namespace is one registry's: an own code in an imported namespace is told whose it is
/// (not asked to declare it), declaring it is one EDX0905 that says what to rename, and the
/// editor schema offers only this catalogue's own namespaces and categories. A NAME taken
/// by an import is one error, not one more per identifier made from it.
#[test]
fn an_imported_namespace_is_the_imported_registrys() {
    let dir = scratch();
    let orders = dir.path().join("orders/errors.yaml");
    let original = std::fs::read_to_string(&orders).expect("test files");
    // The one diagnostic of the catalogue with `from` made `to` (and `more` edits), with its help.
    let only = |edits: &[(&str, &str)]| {
        let mut text = original.clone();
        for (from, to) in edits {
            assert!(text.contains(from), "no `{from}`");
            text = text.replacen(from, to, 1);
        }
        std::fs::write(&orders, text).expect("test files");
        let (loaded, text) = diagnostics(&orders);
        assert!(loaded.catalogue.is_none(), "{text}");
        assert_eq!(loaded.diagnostics.len(), 1, "{text}");
        let help = loaded.diagnostics[0].help.clone().unwrap_or_default();
        (text, help)
    };
    let (text, help) = only(&[("namespace: ORD", "namespace: AUTH")]);
    assert!(
        text.contains("error[EDX0302]: unknown namespace `AUTH`")
            && help.contains("`AUTH` is a namespace of the imported registry `platform`"),
        "{text} {help}"
    );
    // An imported category, the same.
    let (text, help) = only(&[("category: not_found", "category: unauthenticated")]);
    assert!(
        text.contains("error[EDX0301]: unknown category `unauthenticated`")
            && help.contains("`unauthenticated` is a category of the imported registry `platform`"),
        "{text} {help}"
    );
    let (text, _) = only(&[
        ("namespace: ORD", "namespace: AUTH"),
        ("namespaces:\n", "namespaces:\n  AUTH:\n    title: Ours\n"),
    ]);
    assert!(
        text.contains(
            "error[EDX0905]: import `platform` brings the namespace `AUTH`, which is already taken by this catalogue's namespace `AUTH`"
        ),
        "{text}"
    );
    // A NAME of the platform's: one error.
    let (text, _) = only(&[("  ORDERS_DOWN:", "  NO_TOKEN:")]);
    assert!(text.contains("brings the NAME `NO_TOKEN`"), "{text}");
    // The editor schema: ORD only, not the platform's AUTH and LIMITS.
    std::fs::write(&orders, &original).expect("test files");
    let cat = valid(&orders);
    let schema = errdex_codegen::emit::json_schema::emit(&cat)
        .into_iter()
        .find(|(name, _)| name == "errors.schema.json")
        .map(|(_, text)| text)
        .expect("the schema target writes errors.schema.json");
    let schema: serde_json::Value = serde_json::from_str(&schema).expect("JSON");
    let entry = &schema["properties"]["errors"]["additionalProperties"]["properties"];
    assert_eq!(entry["namespace"]["enum"], serde_json::json!(["ORD"]));
    let categories: Vec<&str> = cat.categories.iter().map(|c| c.key.as_str()).collect();
    let own: Vec<&str> = entry["category"]["enum"]
        .as_array()
        .expect("an enum")
        .iter()
        .filter_map(serde_json::Value::as_str)
        .collect();
    assert!(own.len() < categories.len(), "{own:?} of {categories:?}");
    assert!(
        own.contains(&"not_found") && own.contains(&"unavailable"),
        "{own:?}"
    );
}

/// A registry is imported once: brought again, directly or through another import, it is
/// one error naming the import that already brings it (not one per code it holds).
#[test]
fn a_registry_brought_twice_is_one_error() {
    let dir = scratch();
    std::fs::create_dir_all(dir.path().join("checkout")).expect("test files");
    let checkout = dir.path().join("checkout/errors.yaml");
    std::fs::write(
        &checkout,
        "errdex: 1\nregistry: { name: checkout, code_pattern: '^CHK-[0-9]{3}$' }\n\
         package: { version: 0.1.0 }\n\
         imports:\n  orders: { from: ../orders/errors.yaml, version: 1.4.0 }\n  \
         platform: { from: ../platform/errors.yaml, version: 2.1.0 }\n\
         categories:\n  invalid: { summary: Bad input, exit_code: 2, http_status: 400, jsonrpc_code: -32602 }\n\
         errors:\n  CHK_EMPTY: { code: CHK-001, category: invalid, summary: The cart is empty }\n",
    )
    .expect("test files");
    let (loaded, text) = diagnostics(&checkout);
    let errors = loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity() == errdex_codegen::Severity::Error)
        .count();
    assert_eq!(errors, 1, "{text}");
    assert!(
        text.contains("error[EDX0905]: import `platform` brings the registry `platform`, which is already taken by import `orders`"),
        "{text}"
    );
}

/// Every string parses to one entry, across an import too: a legacy code or alias here may
/// not be an imported NAME or tombstone's NAME, and a NAME that differs from an imported
/// one only in case is one error (its identifiers are the same), not one per identifier.
#[test]
fn an_imported_name_is_taken_in_every_kind() {
    let dir = scratch();
    let orders = dir.path().join("orders/errors.yaml");
    let original = std::fs::read_to_string(&orders).expect("test files");
    edit(
        &orders,
        "  ORDERS_DOWN:\n",
        "  ORDERS_DOWN:\n    legacy_codes: [TOKEN_MISSING]\n",
    );
    let (loaded, text) = diagnostics(&orders);
    assert!(loaded.catalogue.is_none(), "{text}");
    assert!(
        text.contains("brings the NAME `TOKEN_MISSING`, which is already taken by `ORDERS_DOWN`"),
        "{text}"
    );
    // "taken here": at what is taken, the legacy code, not at the entry's code.
    let note = loaded
        .diagnostics
        .iter()
        .find(|d| d.code == diag::DiagCode::ImportCollision)
        .map(|d| d.notes[0].0)
        .unwrap_or_else(|| panic!("{text}"));
    assert_eq!((note.line, note.column), (45, 20), "{text}");
    std::fs::write(
        &orders,
        original.replacen("  ORDERS_DOWN:", "  token_missing:", 1),
    )
    .expect("test files");
    let (loaded, text) = diagnostics(&orders);
    assert_eq!(loaded.diagnostics.len(), 1, "{text}");
    assert!(text.contains("error[EDX0905]"), "{text}");
    // A NAME whose identifiers are the imported one's: at the NAME.
    let note = loaded.diagnostics[0].notes[0].0;
    assert_eq!((note.line, note.column), (44, 3), "{text}");
    let help = |loaded: &errdex_codegen::catalogue::Loaded| {
        loaded.diagnostics[0].help.clone().expect("help")
    };
    // Imported `as: reference`, the codes are reserved all the same: importing it so is no
    // way out, and the help offers none.
    assert!(
        help(&loaded).contains("reserved, whether it is imported `as: codes` or `as: reference`")
    );
    edit(&orders, "as: codes", "as: reference");
    let (loaded, text) = diagnostics(&orders);
    assert!(text.contains("error[EDX0905]"), "{text}");
    assert!(help(&loaded).contains("reserved"), "{text}");
}

/// A registry that imports another `as: codes` publishes those codes too: its registry.json
/// imports in turn (its own `code_pattern` is not held against the codes it imported).
#[test]
fn a_registry_json_with_imported_codes_imports_in_turn() {
    let dir = scratch();
    let orders_yaml = dir.path().join("orders/errors.yaml");
    edit(&orders_yaml, "'^(ORD|PLT)-[0-9]{3}$'", "'^ORD-[0-9]{3}$'");
    let orders = valid(&orders_yaml);
    let json = registry_json(&orders);
    std::fs::write(dir.path().join("orders/registry.json"), &json).expect("test files");
    let text = registry_json_as_catalogue(&json).expect("an errdex registry.json");
    let back = load_str(&text, "registry.json");
    let shown = diag::render_short(&back.diagnostics, "registry.json");
    let back = back
        .catalogue
        .unwrap_or_else(|| panic!("read back:\n{shown}"));
    assert_eq!(codes(&back), codes(&orders));
    // And a third registry imports it, the platform's codes with it.
    std::fs::create_dir_all(dir.path().join("checkout")).expect("test files");
    let checkout = dir.path().join("checkout/errors.yaml");
    std::fs::write(
        &checkout,
        "errdex: 1\nregistry: { name: checkout, code_pattern: '^CHK-[0-9]{3}$' }\n\
         package: { version: 0.1.0 }\n\
         imports:\n  orders: { from: ../orders/registry.json, version: 1.4.0 }\n\
         categories:\n  invalid: { summary: Bad input, exit_code: 2, http_status: 400, jsonrpc_code: -32602 }\n\
         errors:\n  CHK_EMPTY: { code: CHK-001, category: invalid, summary: The cart is empty }\n",
    )
    .expect("test files");
    let checkout = valid(&checkout);
    assert_eq!(checkout.errors.len(), 1 + orders.errors.len());
    assert!(checkout.errors.iter().any(|e| e.code == "PLT-002"));
}

/// registry.json read back describes the same codes, for every catalogue of the repository.
#[test]
fn registry_json_reads_back_as_the_same_codes() {
    let mut files = vec![repo().join("errors.yaml")];
    for dir in ["tests/fixtures", "examples"] {
        let mut found: Vec<PathBuf> = std::fs::read_dir(repo().join(dir))
            .expect("test files")
            .flatten()
            .map(|e| e.path().join("errors.yaml"))
            .filter(|p| p.is_file())
            .collect();
        found.sort();
        files.extend(found);
    }
    assert!(files.len() >= 15, "{} catalogues", files.len());
    for file in &files {
        let cat = valid(file);
        let json = registry_json(&cat);
        let text =
            registry_json_as_catalogue(&json).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let back = load_str(&text, "registry.json");
        let shown = diag::render_short(&back.diagnostics, "registry.json");
        let back = back
            .catalogue
            .unwrap_or_else(|| panic!("{} read back is invalid:\n{shown}", file.display()));
        let (a, b) = (codes(&cat), codes(&back));
        assert_eq!(a.len(), b.len(), "{}", file.display());
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x, y, "{}", file.display());
        }
        let retired = |c: &Catalogue| -> Vec<(String, Option<String>)> {
            c.retired
                .iter()
                .map(|r| {
                    (
                        r.code.clone(),
                        r.replaced_by.map(|i| c.errors[i].code.clone()),
                    )
                })
                .collect()
        };
        assert_eq!(retired(&cat), retired(&back), "{}", file.display());
    }
}

/// Above `COMPACT_ABOVE_CODES` codes registry.json leaves out absent members (`null`, an
/// empty list, the registry's own class); read back it still describes the same codes, of
/// every kind (overrides, retry advice, aliases, legacy codes, deprecation, explanations).
#[test]
fn a_large_registry_json_reads_back_as_the_same_codes() {
    let n = errdex_codegen::support::pretty_json::COMPACT_ABOVE_CODES + 1;
    let cat = md_support::large_catalogue(n);
    let json = registry_json(&cat);
    assert_eq!(json.matches('\n').count(), 1, "compact, one line");
    let doc: serde_json::Value = serde_json::from_str(&json).expect("registry.json is JSON");
    let errors = doc["errors"].as_array().expect("an errors array");
    let plain = &errors[7];
    for absent in [
        "explanation",
        "since",
        "deprecated",
        "aliases",
        "legacy_codes",
        "class",
    ] {
        assert!(plain.get(absent).is_none(), "{absent}: {plain}");
    }
    for e in errors {
        for (k, v) in e.as_object().expect("an error is an object") {
            let empty = v.is_null() || v.as_array().is_some_and(|a| a.is_empty() && k != "params");
            assert!(!empty, "{k} written absent: {e}");
        }
    }
    let text = registry_json_as_catalogue(&json).expect("an errdex registry.json");
    let back = load_str(&text, "registry.json");
    let shown = diag::render_short(&back.diagnostics, "registry.json");
    let back = back
        .catalogue
        .unwrap_or_else(|| panic!("read back is invalid:\n{shown}"));
    let (a, b) = (codes(&cat), codes(&back));
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x, y);
    }
}

#[test]
fn referenced_codes_are_not_generated_but_taken() {
    let dir = scratch();
    let orders = dir.path().join("orders/errors.yaml");
    edit(&orders, "as: codes", "as: reference");
    let cat = valid(&orders);
    assert_eq!(cat.errors.len(), 2);
    assert_eq!(cat.namespaces.len(), 1);
    assert_eq!(cat.imports[0].mode, ImportMode::Reference);
    assert_eq!(cat.imports[0].codes.len(), 5);
    let json: serde_json::Value = serde_json::from_str(&registry_json(&cat)).expect("test files");
    assert_eq!(json["imports"][0]["as"], "reference");
    assert_eq!(json["errors"].as_array().map(Vec::len), Some(2));
    // explain knows them, as the platform's.
    let text = errdex_codegen::explain::explain_text(&cat, "PLT-002").expect("explains");
    assert!(
        text.starts_with("PLT-002  TOKEN_MISSING\n")
            && text.contains("A code of the imported registry platform 2.1.0 (import `platform`"),
        "{text}"
    );
    let json = errdex_codegen::explain::explain_json(&cat, "token_missing").expect("explains");
    assert_eq!(json["status"], "referenced");
    assert_eq!(json["code"], "PLT-002");
    assert!(errdex_codegen::explain::explain_text(&cat, "PLT-998").is_err());
    // Still taken: a code of the service may not be one of the platform's.
    edit(
        &orders,
        "code: ORD-002\n    namespace: ORD\n",
        "code: PLT-004\n",
    );
    let (loaded, text) = diagnostics(&orders);
    assert!(loaded.catalogue.is_none());
    assert!(
        text.contains(
            "errors.yaml:15:3: error[EDX0905]: import `platform` brings the code `PLT-004`, which is already taken by `ORDERS_DOWN` (PLT-004)"
        ),
        "{text}"
    );
    let note = &loaded.diagnostics[0].notes[0];
    assert_eq!(note.0.line, 45, "the note points at the service's code");
}

/// A retired code of the imported registry is explained as retired there, in either mode
/// (`as: reference` keeps no tombstone among the catalogue's own), by code, by NAME and
/// in any case, and is among the suggestions for a typo.
#[test]
fn an_imported_tombstone_is_explained_as_the_imported_registrys() {
    use errdex_codegen::explain::{ExplainError, explain_json, explain_text};
    let dir = scratch();
    let orders = dir.path().join("orders/errors.yaml");
    for mode in ["codes", "reference"] {
        if mode == "reference" {
            edit(&orders, "as: codes", "as: reference");
        }
        let cat = valid(&orders);
        for key in ["PLT-001", "TOKEN_MALFORMED", "token_malformed"] {
            let Err(e @ ExplainError::Retired { .. }) = explain_text(&cat, key) else {
                panic!("{mode}: {key} is not explained as retired");
            };
            let text = e.retired_text();
            assert!(
                text.starts_with("PLT-001 is retired (name TOKEN_MALFORMED) since 2.0.0.\n")
                    && text.contains(
                        "retired in the imported registry platform 2.1.0 (import `platform`, from ../platform/errors.yaml)"
                    ),
                "{mode}: {text}"
            );
            let Err(e) = explain_json(&cat, key) else {
                panic!("{mode}: {key}");
            };
            assert_eq!(e.to_json()["import"]["registry"], "platform", "{mode}");
        }
        let Err(ExplainError::Unknown { suggestions, .. }) = explain_text(&cat, "TOKEN_MALFORMD")
        else {
            panic!("{mode}: a typo is unknown");
        };
        assert_eq!(suggestions, ["TOKEN_MALFORMED"], "{mode}");
    }
}

#[test]
fn a_missing_file_is_located_at_from() {
    let dir = scratch();
    let orders = dir.path().join("orders/errors.yaml");
    edit(
        &orders,
        "../platform/errors.yaml",
        "../platfrom/errors.yaml",
    );
    let (loaded, text) = diagnostics(&orders);
    assert!(loaded.catalogue.is_none());
    assert!(
        text.contains("errors.yaml:16:11: error[EDX0901]: import `platform`: cannot read `")
            && text.contains("platfrom/errors.yaml`: no such file"),
        "{text}"
    );
}

#[test]
fn a_version_that_is_not_the_pinned_one_is_refused() {
    let dir = scratch();
    edit(
        &dir.path().join("platform/errors.yaml"),
        "version: 2.1.0",
        "version: 3.0.0",
    );
    let (loaded, text) = diagnostics(&dir.path().join("orders/errors.yaml"));
    assert!(loaded.catalogue.is_none());
    assert!(
        text.contains("errors.yaml:17:14: error[EDX0904]: import `platform` is pinned to version 2.1.0, but `../platform/errors.yaml` is version 3.0.0"),
        "{text}"
    );
}

#[test]
fn a_cycle_of_imports_is_refused() {
    let dir = scratch();
    edit(
        &dir.path().join("platform/errors.yaml"),
        "docs:\n",
        "imports:\n  orders: { from: ../orders/errors.yaml, version: 1.4.0 }\ndocs:\n",
    );
    let (loaded, text) = diagnostics(&dir.path().join("orders/errors.yaml"));
    assert!(loaded.catalogue.is_none());
    // The cycle is closed in the platform's file, but it is the service's import that
    // starts it: EDX0903 there (not an invalid registry, EDX0902), naming every file.
    assert!(
        text.contains("error[EDX0903]: import `platform` closes a cycle of imports: ")
            && text.contains("orders/errors.yaml → ")
            && text.contains("platform/errors.yaml → "),
        "{text}"
    );
    assert!(!text.contains("EDX0902"), "{text}");
    assert_eq!(loaded.diagnostics.len(), 1, "{text}");
    // Closed by the file it started from, named as it was given (not as
    // `…/platform/../orders/errors.yaml`, another spelling of the same file).
    let chain: Vec<&str> = text
        .split("cycle of imports: ")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .expect("the chain")
        .split(" → ")
        .collect();
    assert_eq!(chain.len(), 3, "{chain:?}");
    assert_eq!(chain[0], chain[2], "{chain:?}");
    assert!(chain[1].ends_with("platform/errors.yaml"), "{chain:?}");
}

/// A registry brought back through a file that is not its own catalogue — its published
/// `registry.json`, imported by a registry it imports — is a cycle of registries too:
/// EDX0903 naming the registries, not one EDX0905 per code it "takes" from itself.
#[test]
fn a_registry_brought_back_through_its_registry_json_is_a_cycle() {
    let dir = scratch();
    let platform = dir.path().join("platform/errors.yaml");
    let orders = dir.path().join("orders/errors.yaml");
    std::fs::write(
        dir.path().join("platform/registry.json"),
        registry_json(&valid(&platform)),
    )
    .expect("test files");
    edit(
        &orders,
        "from: ../platform/errors.yaml",
        "from: ../platform/registry.json",
    );
    edit(
        &platform,
        "docs:\n",
        "imports:\n  orders: { from: ../orders/errors.yaml, version: 1.4.0 }\ndocs:\n",
    );
    let (loaded, text) = diagnostics(&platform);
    assert!(loaded.catalogue.is_none());
    assert!(
        text.contains(
            "error[EDX0903]: import `orders` closes a cycle of imports: platform → orders → platform"
        ),
        "{text}"
    );
    assert!(!text.contains("EDX0905"), "{text}");
    assert_eq!(loaded.diagnostics.len(), 1, "{text}");
    // Its own registry.json, imported directly.
    edit(
        &platform,
        "orders: { from: ../orders/errors.yaml, version: 1.4.0 }",
        "self: { from: registry.json, version: 2.1.0 }",
    );
    let (_, text) = diagnostics(&platform);
    assert!(
        text.contains(
            "error[EDX0903]: import `self` closes a cycle of imports: platform → platform (`registry.json` is this registry's own, published)"
        ),
        "{text}"
    );
}

#[test]
fn a_name_or_retired_code_taken_twice_is_refused() {
    let dir = scratch();
    let orders = dir.path().join("orders/errors.yaml");
    edit(&orders, "  ORDERS_DOWN:", "  NO_TOKEN:");
    edit(&orders, "code: ORD-001", "code: PLT-001");
    let (loaded, text) = diagnostics(&orders);
    assert!(loaded.catalogue.is_none());
    assert!(
        text.contains("brings the NAME `NO_TOKEN`, which is already taken by `NO_TOKEN` (ORD-002)"),
        "{text}"
    );
    assert!(
        text.contains("brings the retired code `PLT-001`, which is already taken by `ORDER_NOT_FOUND` (PLT-001)"),
        "{text}"
    );
}

#[test]
fn an_invalid_imported_file_quotes_its_first_error() {
    let dir = scratch();
    edit(
        &dir.path().join("platform/errors.yaml"),
        "category: rate_limited",
        "category: rate_limit",
    );
    let (loaded, text) = diagnostics(&dir.path().join("orders/errors.yaml"));
    assert!(loaded.catalogue.is_none());
    assert!(
        text.contains("error[EDX0902]: import `platform`: `")
            && text.contains("platform/errors.yaml:73:15: unknown category `rate_limit` [EDX0301]"),
        "{text}"
    );
}

#[test]
fn a_registry_json_that_is_not_one_is_refused() {
    let dir = scratch();
    std::fs::write(dir.path().join("platform/registry.json"), "{\"errdex\": 1}")
        .expect("test files");
    let orders = dir.path().join("orders/errors.yaml");
    edit(
        &orders,
        "../platform/errors.yaml",
        "../platform/registry.json",
    );
    let (_, text) = diagnostics(&orders);
    assert!(
        text.contains("is not a valid registry: it is not an errdex registry.json: it has no `registry` object"),
        "{text}"
    );
}

#[test]
fn a_catalogue_given_as_text_cannot_import() {
    let text = std::fs::read_to_string(repo().join("tests/imports/orders/errors.yaml"))
        .expect("test files");
    let loaded = load_str(&text, "errors.yaml");
    let shown = diag::render_short(&loaded.diagnostics, "errors.yaml");
    assert!(loaded.catalogue.is_none());
    assert!(
        shown.contains("errors.yaml:16:11: error[EDX0901]: import `platform`: cannot read `../platform/errors.yaml`: the catalogue was given as text"),
        "{shown}"
    );
}

/// `errdex usage` knows a referenced code. An organisation whose codes all start with
/// `ACME-`: the service's `code_pattern` makes every `ACME-…` string a candidate, so the
/// platform's ACME-PLT-002 in a source file would be an "unknown code" (EDX0702) if the
/// import were not known; a code neither registry has still is one.
#[test]
fn usage_knows_referenced_codes() {
    let dir = scratch();
    let platform = dir.path().join("platform/errors.yaml");
    let orders = dir.path().join("orders/errors.yaml");
    for path in [&platform, &orders] {
        let text = std::fs::read_to_string(path).expect("test files");
        let text = text
            .replace("PLT-", "ACME-PLT-")
            .replace("ORD-", "ACME-ORD-")
            .replace("AUTH-3", "ACME-AUTH-3")
            .replace("'^(ORD|PLT)-[0-9]{3}$'", "'^ACME-[A-Z]{3}-[0-9]{3}$'");
        std::fs::write(path, text).expect("test files");
    }
    // Imported as first-class codes, then only referenced: a retired code of the platform
    // is said to be the platform's either way.
    for mode in ["codes", "reference"] {
        if mode == "reference" {
            edit(&orders, "as: codes", "as: reference");
        }
        let cat = valid(&orders);
        let (unknown, report) = usage_of(
            &cat,
            &orders,
            "fn main() { send(\"ACME-ORD-001\"); send(\"ACME-PLT-002\"); send(\"ACME-XYZ-999\"); send(\"ACME-PLT-001\"); }\n",
        );
        assert_eq!(
            unknown,
            ["`ACME-XYZ-999` looks like a code of this registry but is not in the catalogue"],
            "{mode}"
        );
        assert_eq!(report.uses[0].len(), 1, "{mode}: ORD-001 is raised once");
        // The platform retired ACME-PLT-001: retired (EDX0704), said to be the platform's,
        // not unknown.
        let retired: Vec<String> = report
            .findings
            .iter()
            .filter(|f| f.diagnostic.code == errdex_codegen::diag::DiagCode::RetiredCodeReferenced)
            .map(|f| {
                format!(
                    "{} {}",
                    f.diagnostic.message,
                    f.diagnostic.help.as_deref().unwrap_or("")
                )
            })
            .collect();
        assert_eq!(retired.len(), 1, "{mode}: {retired:?}");
        assert!(
            retired[0].starts_with("code `ACME-PLT-001` is retired but still referenced it was retired in the imported registry platform 2.1.0 (import `platform`)"),
            "{mode}: {retired:?}"
        );
    }
    // A code only the platform's rule matches, which the platform does not have (a code of
    // a later version, or a typo): EDX0702 names the import and its pinned version.
    edit(
        &orders,
        "'^ACME-[A-Z]{3}-[0-9]{3}$'",
        "'^ACME-ORD-[0-9]{3}$'",
    );
    let cat = valid(&orders);
    let (unknown, report) = usage_of(&cat, &orders, "fn main() { send(\"ACME-PLT-099\"); }\n");
    assert_eq!(unknown.len(), 1, "{unknown:?}");
    let d = &report.findings[0].diagnostic;
    assert_eq!(d.label.as_deref(), Some("not in platform 2.1.0"), "{d:?}");
    assert!(
        d.help.as_deref().is_some_and(|h| h.starts_with(
            "it looks like a code of the imported registry platform 2.1.0 (import `platform`), which has no such code"
        )),
        "{d:?}"
    );
}

/// `errdex usage` of `source` (one Rust file) against `cat`, read from `path`: the messages
/// of its EDX0702 findings (unknown codes), and the report.
fn usage_of(
    cat: &Catalogue,
    path: &Path,
    source: &str,
) -> (Vec<String>, errdex_codegen::usage::Report) {
    let text = std::fs::read_to_string(path).expect("test files");
    let src = path.parent().expect("a folder").join("src");
    std::fs::create_dir_all(&src).expect("test files");
    std::fs::write(src.join("main.rs"), source).expect("test files");
    let report = errdex_codegen::usage::scan(
        errdex_codegen::usage::Source {
            catalogue: cat,
            name: "errors.yaml",
            text: &text,
            spans: None,
        },
        &errdex_codegen::usage::Options {
            roots: vec![src],
            build_dirs: false,
            follow_links: false,
            no_ignore: true,
            generated_dirs: Vec::new(),
            only: None,
            threads: 1,
        },
    );
    let unknown = report
        .findings
        .iter()
        .filter(|f| f.diagnostic.code == errdex_codegen::diag::DiagCode::UnknownCodeString)
        .map(|f| {
            let help = f.diagnostic.help.as_deref().unwrap_or("");
            format!("{} {help}", f.diagnostic.message)
                .trim_end()
                .to_string()
        })
        .collect();
    (unknown, report)
}

/// A code the registry does not have is unknown when it looks like a code of a registry
/// it imports (by that registry's pattern), or is one edit from a code it has (a digit too
/// many, which this registry's pattern alone lets pass).
#[test]
fn usage_holds_imported_codes_and_typos_to_the_codes() {
    let dir = scratch();
    let orders = dir.path().join("orders/errors.yaml");
    edit(&orders, "'^(ORD|PLT)-[0-9]{3}$'", "'^ORD-[0-9]{3}$'");
    for mode in ["codes", "reference"] {
        if mode == "reference" {
            edit(&orders, "as: codes", "as: reference");
        }
        let cat = valid(&orders);
        let (unknown, report) = usage_of(
            &cat,
            &orders,
            "fn main() { send(\"PLT-002\"); send(\"PLT-999\"); send(\"ORD-0011\"); send(\"ORDER-1\"); }\n",
        );
        // Never raised (EDX0701): this service's own codes, not the platform's.
        let never: Vec<&str> = report
            .findings
            .iter()
            .filter(|f| f.diagnostic.code == errdex_codegen::diag::DiagCode::CodeNeverRaised)
            .map(|f| f.diagnostic.args[0].1.as_str())
            .collect();
        assert_eq!(never, ["ORD-001", "ORD-002"], "as: {mode}");
        assert_eq!(
            unknown,
            [
                // Only the platform's rule matches PLT-999: the import is named.
                "`PLT-999` looks like a code of this registry but is not in the catalogue it looks like a code of the imported registry platform 2.1.0 (import `platform`), which has no such code: check the code, or import the version that has it",
                "`ORD-0011` looks like a code of this registry but is not in the catalogue did you mean `ORD-001`?",
            ],
            "as: {mode}"
        );
    }
}

/// A registry whose `code_pattern` is an alternation (its own codes or an import's, the
/// usual pattern of a registry that imports one) and whose namespaces have no `code_prefix`:
/// each alternative's literal start still finds code strings, so a code it does not have is
/// reported (it was passed over, the pattern giving no start at all).
#[test]
fn usage_finds_codes_by_each_alternative_of_the_pattern() {
    let dir = scratch();
    let orders = dir.path().join("orders/errors.yaml");
    edit(&orders, "    code_prefix: ORD-\n", "");
    let cat = valid(&orders);
    let (unknown, _) = usage_of(
        &cat,
        &orders,
        "fn main() { send(\"ORD-001\"); send(\"ORD-007\"); send(\"PLT-998\"); }\n",
    );
    assert_eq!(unknown.len(), 2, "{unknown:#?}");
    assert!(
        unknown[0].starts_with("`ORD-007` looks like a code of this registry"),
        "{unknown:#?}"
    );
    assert!(
        unknown[1].starts_with("`PLT-998` looks like a code"),
        "{unknown:#?}"
    );
}

/// `tests/fixtures/split` (a registry in parts) copied into `dir/split`, pinned to 3.0.0,
/// and `orders` importing it instead of the platform.
fn orders_importing_the_split_registry(dir: &Path) -> (PathBuf, PathBuf) {
    let split = dir.join("split");
    copy_dir(&repo().join("tests/fixtures/split"), &split);
    edit(
        &split.join("errors.yaml"),
        "docs:\n",
        "package:\n  version: 3.0.0\ndocs:\n",
    );
    let orders = dir.join("orders/errors.yaml");
    edit(
        &orders,
        "    from: ../platform/errors.yaml\n    version: 2.1.0",
        "    from: ../split/errors.yaml\n    version: 3.0.0",
    );
    (split, orders)
}

/// An imported registry that lists parts imports whole: its parts are read beside it (the
/// root alone would bring only the root's own namespace).
#[test]
fn an_imported_registry_in_parts_brings_every_part() {
    let dir = scratch();
    let (split, orders) = orders_importing_the_split_registry(dir.path());
    let split_cat = valid(&split.join("errors.yaml"));
    let own = 2;
    let both = valid(&orders);
    assert!(
        split_cat
            .errors
            .iter()
            .any(|e| e.code.starts_with("ACM-FRM-")),
        "the split registry's folder part is loaded"
    );
    assert_eq!(both.errors.len(), own + split_cat.errors.len());
    assert_eq!(codes(&both)[own..], codes(&split_cat)[..]);
}

/// A mistake in a part of an imported registry is quoted in that part's file.
#[test]
fn a_mistake_in_an_imported_part_names_the_part() {
    let dir = scratch();
    let (split, orders) = orders_importing_the_split_registry(dir.path());
    edit(
        &split.join("teams/search.yaml"),
        "category: invalid",
        "category: invalidd",
    );
    let (loaded, text) = diagnostics(&orders);
    assert!(loaded.catalogue.is_none());
    assert!(
        text.contains("error[EDX0902]: import `platform`: `")
            && text.contains("split/teams/search.yaml:")
            && text.contains("unknown category `invalidd` [EDX0301]"),
        "{text}"
    );
}

/// Text with `parts:` has no folder to read them from: refused, not validated as the root
/// alone (which would silently drop every part's codes).
#[test]
fn a_catalogue_given_as_text_cannot_list_parts() {
    let text = std::fs::read_to_string(repo().join("tests/fixtures/split/errors.yaml"))
        .expect("test files");
    let loaded = load_str(&text, "errors.yaml");
    let shown = diag::render_short(&loaded.diagnostics, "errors.yaml");
    assert!(loaded.catalogue.is_none());
    assert!(
        shown.contains(
            "error[EDX0801]: part `teams/*.yaml` cannot be read: the catalogue was given as text"
        ),
        "{shown}"
    );
}

/// A root whose `parts:` key is written quoted (or in flow style) still has its parts read:
/// the loader decides on the parsed tree, not on a look at the text.
#[test]
fn a_quoted_parts_key_still_reads_the_parts() {
    let dir = scratch();
    let (split, _) = orders_importing_the_split_registry(dir.path());
    let root = split.join("errors.yaml");
    let plain = valid(&root);
    edit(&root, "\nparts:", "\n\"parts\":");
    let quoted = valid(&root);
    assert_eq!(codes(&plain), codes(&quoted));
}

/// A registry in many files (`parts:`) imports like one in a single file: the parts' codes,
/// then the imported ones; a collision names the part's file and line.
#[test]
fn a_registry_in_parts_imports_too() {
    let dir = scratch();
    let split = dir.path().join("split");
    copy_dir(&repo().join("tests/fixtures/split"), &split);
    let root = split.join("errors.yaml");
    let alone = valid(&root);
    edit(
        &root,
        "docs:\n",
        "imports:\n  platform: { from: ../platform/errors.yaml, version: 2.1.0 }\ndocs:\n",
    );
    let both = valid(&root);
    let platform = valid(&dir.path().join("platform/errors.yaml"));
    assert_eq!(
        both.errors.len(),
        alone.errors.len() + platform.errors.len()
    );
    assert_eq!(codes(&both)[alone.errors.len()..], codes(&platform)[..]);
    // A code of a part that the platform also has: the note is in the part's own file.
    let part = std::fs::read_dir(split.join("teams"))
        .expect("test files")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "yaml"))
        .expect("a part file");
    let text = std::fs::read_to_string(&part).expect("test files");
    let first = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("code: "))
        .expect("a code in the part")
        .to_string();
    std::fs::write(&part, text.replacen(&first, "PLT-003", 1)).expect("test files");
    edit(
        &root,
        "code_pattern: '^ACM-[A-Z]{3}-[0-9]{3}$'",
        "code_pattern: '^(ACM-[A-Z]{3}|PLT)-[0-9]{3}$'",
    );
    let loaded = load(&root);
    assert!(loaded.catalogue.is_none());
    let collision = loaded
        .diagnostics
        .iter()
        .find(|d| d.code == errdex_codegen::diag::DiagCode::ImportCollision)
        .unwrap_or_else(|| panic!("{:#?}", loaded.diagnostics));
    let (span, _) = collision.notes[0];
    let file = loaded.sources.file_of(span.offset).map(|f| f.name.clone());
    assert!(
        file.as_deref()
            .is_some_and(|f| f.ends_with(&*part.file_name().expect("name").to_string_lossy())),
        "the note is in {file:?}"
    );
}

/// An import switched from `as: codes` to `as: reference` at the same version: its codes
/// leave this registry's packages (breaking, said as the switch, not as an upgrade of the
/// imported registry), and its tombstones, still reserved by the reference, are no finding.
#[test]
fn diff_of_an_import_switched_to_reference_says_so() {
    use errdex_codegen::diff::{ChangeKind, diff};
    let dir = scratch();
    let orders = dir.path().join("orders/errors.yaml");
    let before = valid(&orders);
    edit(&orders, "as: codes", "as: reference");
    let after = valid(&orders);
    let findings = diff(&before, &after);
    let removed: Vec<_> = findings
        .iter()
        .filter(|f| f.kind == ChangeKind::CodeRemoved)
        .collect();
    assert!(!removed.is_empty(), "{findings:#?}");
    for f in &removed {
        assert_eq!(f.import.as_deref(), Some("platform"), "{f:#?}");
        assert!(
            f.advice.contains("is now `as: reference`") && !f.advice.contains("Keep `version"),
            "{}",
            f.advice
        );
    }
    assert!(
        !findings
            .iter()
            .any(|f| f.kind == ChangeKind::TombstoneRemoved),
        "{findings:#?}"
    );
    // The namespaces and categories only the import brought leave with it: said so too.
    let left: Vec<_> = findings
        .iter()
        .filter(|f| {
            matches!(
                f.kind,
                ChangeKind::NamespaceRemoved | ChangeKind::CategoryRemoved
            )
        })
        .collect();
    for f in &left {
        assert_eq!(f.import.as_deref(), Some("platform"), "{f:#?}");
        assert!(f.advice.contains("now `as: reference`"), "{}", f.advice);
    }
}

/// A category the import brings with a key this catalogue has, but other facts: a warning
/// (EDX0906) at the import naming each fact that differs, since the docs and `explain` show
/// the imported codes under this catalogue's category; the codes keep their own facts.
/// The same facts under one key say nothing.
#[test]
fn an_imported_category_with_other_facts_is_a_warning() {
    let dir = scratch();
    let orders = dir.path().join("orders/errors.yaml");
    let (loaded, text) = diagnostics(&orders);
    assert!(loaded.catalogue.is_some(), "{text}");
    assert!(!text.contains("EDX0906"), "{text}");
    edit(
        &orders,
        "  unavailable:\n    summary: The orders database is down\n    exit_code: 69\n    http_status: 503\n",
        "  unavailable:\n    summary: The orders database is down\n    exit_code: 69\n    http_status: 500\n",
    );
    let (loaded, text) = diagnostics(&orders);
    assert!(
        text.contains(
            "warning[EDX0906]: import `platform` brings the category `unavailable` with other facts than this catalogue's (http_status 503 there, 500 here)"
        ),
        "{text}"
    );
    let cat = loaded.catalogue.expect("a warning only");
    // The imported codes answer as the platform declared them.
    let platform = valid(&repo().join("tests/imports/platform/errors.yaml"));
    let theirs = platform
        .errors
        .iter()
        .find(|e| platform.categories[e.category].key == "unavailable")
        .expect("a platform code in `unavailable`");
    let here = cat
        .errors
        .iter()
        .find(|e| e.code == theirs.code)
        .expect("imported");
    assert_eq!(
        (here.http_status, here.exit_code),
        (theirs.http_status, theirs.exit_code)
    );
    assert_ne!(here.http_status, 500, "not this catalogue's category's");
}
