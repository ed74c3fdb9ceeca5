//! End-to-end: `errdex usage` on this repository (every EDX code raised, nothing unknown), on
//! a planted tree (exit status as `lint`'s, JSON places), and its SARIF log against the
//! official SARIF 2.1.0 schema.

#[path = "../../codegen/tests/testkit/mod.rs"]
mod testkit;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn errdex() -> Command {
    Command::new(env!("CARGO_BIN_EXE_errdex"))
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

const CATALOGUE: &str = r#"errdex: 1
registry:
  name: acme
  code_pattern: '^ACM-[0-9]{3}$'
categories:
  invalid:
    summary: Bad input
    exit_code: 1
    http_status: 400
    jsonrpc_code: -32602
errors:
  FRM_VALIDATION:
    code: ACM-001
    category: invalid
    summary: Form validation failure
    message: invalid form
  NEVER_USED:
    code: ACM-002
    category: invalid
    summary: Dead
    message: dead
retired:
  ACM-009: { name: GONE, replaced_by: FRM_VALIDATION }
"#;

/// A tree with a use, a never-raised code and (when `bad`) an unknown and a retired code.
fn tree(bad: bool) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("errors.yaml"), CATALOGUE).expect("write");
    std::fs::create_dir(dir.path().join("src")).expect("mkdir");
    let mut lib = String::from("fn f() -> Error { Error::frm_validation() }\n");
    if bad {
        lib.push_str("const A: &str = \"ACM-011\";\nconst B: &str = \"ACM-009\";\n");
    }
    std::fs::write(dir.path().join("src/lib.rs"), lib).expect("write");
    dir
}

fn usage(dir: &Path, args: &[&str]) -> Output {
    errdex()
        .current_dir(dir)
        .arg("usage")
        .args(args)
        .output()
        .expect("runs")
}

#[test]
fn every_edx_code_is_raised_in_this_repository_and_none_is_unknown() {
    let out = errdex()
        .current_dir(repo())
        .args(["usage", "--format", "json", "--deny-warnings"])
        .output()
        .expect("runs");
    let v = json(&out);
    let never: Vec<&str> = v["codes"]
        .as_array()
        .expect("codes")
        .iter()
        .filter(|c| c["count"] == 0)
        .filter_map(|c| c["code"].as_str())
        .collect();
    assert!(never.is_empty(), "never raised: {never:?}");
    assert_eq!(v["findings"], serde_json::json!([]), "{:#}", v["findings"]);
    assert!(out.status.success());
}

#[test]
fn exit_status_is_lints() {
    // Only a warning (never raised): success, unless warnings are denied.
    let dir = tree(false);
    let out = usage(dir.path(), &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("warning[EDX0701]"), "{stderr}");
    assert!(stderr.contains("errors.yaml:17:3"), "{stderr}");
    assert!(stderr.contains("1 of 2 code(s) raised"), "{stderr}");
    let out = usage(dir.path(), &["--deny-warnings"]);
    assert_eq!(
        out.status.code(),
        Some(65),
        "EDX0701's category `suspicious`"
    );
    // Errors: the first error's exit code.
    let dir = tree(true);
    let out = usage(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(65), "EDX0702's category `invalid`");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("error[EDX0702]: `ACM-011`"), "{stderr}");
    assert!(stderr.contains("src/lib.rs:2:18"), "{stderr}");
    assert!(stderr.contains("did you mean `ACM-001`?"), "{stderr}");
    assert!(
        stderr.contains("error[EDX0704]: code `ACM-009` is retired"),
        "{stderr}"
    );
    // The tombstone names what replaced it: so does the finding.
    assert!(
        stderr.contains(
            "= help: remove the reference, or match on `ACM-001` (FRM_VALIDATION), which replaced it"
        ),
        "{stderr}"
    );
}

#[test]
fn explain_names_what_replaced_a_retired_code() {
    let dir = tree(false);
    for query in ["ACM-009", "gone"] {
        let out = errdex()
            .current_dir(dir.path())
            .args(["explain", query])
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(1), "EDX1010's exit code");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains("  replaced by ACM-001 (FRM_VALIDATION): `errdex explain ACM-001`\n"),
            "{query}: {stdout}"
        );
        let out = errdex()
            .current_dir(dir.path())
            .args(["explain", query, "--format", "json"])
            .output()
            .expect("runs");
        assert_eq!(
            json(&out)["replaced_by"],
            serde_json::json!({"code": "ACM-001", "name": "FRM_VALIDATION"}),
            "{query}"
        );
    }
}

#[test]
fn json_lists_counts_and_places() {
    let dir = tree(true);
    let out = usage(dir.path(), &["--format", "json"]);
    let v = json(&out);
    assert_eq!(v["codes"][0]["code"], "ACM-001");
    assert_eq!(v["codes"][0]["count"], 1);
    let place = &v["codes"][0]["places"][0];
    assert_eq!(place["file"], "src/lib.rs");
    assert_eq!(
        (place["line"].as_u64(), place["column"].as_u64()),
        (Some(1), Some(19))
    );
    assert_eq!(place["via"], "identifier");
    assert_eq!(v["codes"][1]["count"], 0);
    let codes: Vec<&str> = v["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter_map(|f| f["code"].as_str())
        .collect();
    assert_eq!(codes, ["EDX0702", "EDX0704", "EDX0701"]);
    assert_eq!(v["summary"]["errors"], 2);
}

/// The official SARIF 2.1.0 schema, from the npm package `@microsoft/jest-sarif`
/// (`.ci/steps/20-node.sh` installs it); `None` (skip) when absent outside CI.
fn sarif_schema() -> Option<Value> {
    let path = repo()
        .join("tools/node/node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json");
    let found = testkit::tool::file(&path, "bash .ci/steps/20-node.sh");
    let path = testkit::tool::require_tool("the official SARIF schema", found)?;
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Some(serde_json::from_slice(&bytes).expect("schema is JSON"))
}

#[test]
fn sarif_log_is_valid_against_the_official_schema() {
    let dir = tree(true);
    let out = usage(dir.path(), &["--format", "sarif"]);
    assert_eq!(out.status.code(), Some(65));
    let log = json(&out);
    let results = log["runs"][0]["results"].as_array().expect("results");
    assert_eq!(results.len(), 3);
    assert_eq!(results[0]["ruleId"], "EDX0702");
    assert_eq!(results[0]["level"], "error");
    let region = &results[0]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (region["startLine"].as_u64(), region["startColumn"].as_u64()),
        (Some(2), Some(18))
    );
    assert_eq!(region["snippet"]["text"], "ACM-011");
    assert_eq!(
        results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "src/lib.rs"
    );
    let rules = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules");
    let index = usize::try_from(results[0]["ruleIndex"].as_u64().expect("index")).expect("usize");
    assert_eq!(rules[index]["id"], "EDX0702");
    let Some(mut schema) = sarif_schema() else {
        return;
    };
    // rtm.5 writes the pattern of `language` (of a run and of a tool component) with an
    // unmatched `]`, which a strict validator refuses to compile; OASIS errata 01 corrected it
    // to the pattern put in its place here. Nothing else of the schema is touched.
    for owner in ["run", "toolComponent"] {
        let language = &mut schema["definitions"][owner]["properties"]["language"]["pattern"];
        assert_eq!(
            language, "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$",
            "the schema changed"
        );
        *language = "^[a-zA-Z]{2}(-[a-zA-Z]{2})?$".into();
    }
    let validator = jsonschema::draft4::new(&schema).expect("the SARIF schema compiles (draft 4)");
    let errors: Vec<String> = validator
        .iter_errors(&log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // The schema does reject a broken log (so the check above can fail).
    let mut broken = log.clone();
    broken["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(!validator.is_valid(&broken));
}

#[test]
fn explain_says_where_a_code_is_raised() {
    let dir = tree(false);
    let out = errdex()
        .current_dir(dir.path())
        .args(["explain", "FRM_VALIDATION"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.ends_with("\nRaised at 1 place(s) under .:\n  src/lib.rs:1:19\n"),
        "{stdout}"
    );
    // The same places whatever the case of the query: explain resolves `frm_validation` to
    // the same code, and so does the search for its uses.
    for query in ["frm_validation", "Frm_Validation"] {
        for format in ["human", "json"] {
            let out = errdex()
                .current_dir(dir.path())
                .args(["explain", query, "--format", format])
                .output()
                .expect("runs");
            assert!(out.status.success(), "{query}");
            let stdout = String::from_utf8_lossy(&out.stdout);
            if format == "human" {
                assert!(
                    stdout.ends_with("\nRaised at 1 place(s) under .:\n  src/lib.rs:1:19\n"),
                    "{query}: {stdout}"
                );
            } else {
                assert_eq!(json(&out)["raised_at"]["count"], 1, "{query}: {stdout}");
            }
        }
    }
    let out = errdex()
        .current_dir(dir.path())
        .args(["explain", "ACM-002", "--format", "json"])
        .output()
        .expect("runs");
    let v = json(&out);
    assert_eq!(v["raised_at"]["count"], 0);
    let out = errdex()
        .current_dir(dir.path())
        .args(["explain", "ACM-002"])
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("Raised nowhere under . (outside generated files and tests)."),
        "{stdout}"
    );
}

#[test]
fn the_summary_counts_files_that_hold_a_use_in_every_format() {
    // One file raises a code, one test uses it; three more hold text the search must look
    // at (the code prefix `ACM-` in a word, an unknown code, a retired one) but no use.
    let dir = tree(false);
    let files = [
        (
            "tests/t.rs",
            "fn t() { let _ = Error::frm_validation(); }\n",
        ),
        ("src/notes.rs", "// ACM-internal notes, no code here\n"),
        ("src/typo.rs", "const A: &str = \"ACM-011\";\n"),
        ("src/old.rs", "const B: &str = \"ACM-009\";\n"),
    ];
    for (path, text) in files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }
    let out = usage(dir.path(), &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("1 of 2 code(s) raised, used in 2 file(s); 2 error(s), 1 warning(s)"),
        "{stderr}"
    );
    let v = json(&usage(dir.path(), &["--format", "json"]));
    assert_eq!(
        v["summary"],
        serde_json::json!({"codes": 2, "raised": 1, "files_with_uses": 2, "errors": 2, "warnings": 1})
    );
    let files: std::collections::BTreeSet<&str> = v["codes"]
        .as_array()
        .expect("codes")
        .iter()
        .flat_map(|c| c["places"].as_array().expect("places"))
        .filter_map(|p| p["file"].as_str())
        .collect();
    assert_eq!(
        files.into_iter().collect::<Vec<_>>(),
        ["src/lib.rs", "tests/t.rs"]
    );
    let log = json(&usage(dir.path(), &["--format", "sarif"]));
    assert_eq!(log["runs"][0]["properties"]["summary"], v["summary"]);
}
