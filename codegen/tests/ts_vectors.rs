//! Shared test vectors: the Rust reference renderings (`payload.rs`) of every code of every
//! catalogue are written as JSON next to the generated TypeScript module and schemas; then
//! `node --test tests/ts/` parses and classifies each one with the module, renders the same
//! errors from TypeScript and compares, and validates both sides with ajv against the
//! generated wire schema and the official MCP schemas (see tests/ts/vectors.test.mjs).

#![allow(clippy::unwrap_used)]

mod testkit;
mod ts_support;
mod vectors_support;

use std::process::Command;

use errdex_codegen::emit::{json_schema, typescript};
use ts_support::*;
use vectors_support::vectors;

/// The official MCP schemas the repository ships (`tests/mcp-schema/*.json`).
fn mcp_schemas() -> Vec<String> {
    let dir = repo_root().join("tests/mcp-schema");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files.iter().map(|p| p.display().to_string()).collect()
}

#[test]
fn typescript_agrees_with_the_rust_reference() {
    let Some(_tools) = node_tools() else { return };
    let schemas = mcp_schemas();
    assert!(
        !schemas.is_empty(),
        "the MCP schemas are missing (tests/mcp-schema)"
    );
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("mcp-schemas.json"),
        serde_json::to_string(&schemas).unwrap(),
    )
    .unwrap();
    for (name, cat) in catalogues() {
        let dir = tmp.path().join(&name);
        write_files(&dir.join("ts"), &typescript::emit(&cat));
        write_files(&dir.join("schema"), &json_schema::emit(&cat));
        let v = vectors(
            &cat,
            &dir.join("ts/index.js").display().to_string(),
            &dir.join("schema/wire-error.schema.json")
                .display()
                .to_string(),
        );
        std::fs::write(
            dir.join("vectors.json"),
            serde_json::to_string_pretty(&v).unwrap(),
        )
        .unwrap();
    }
    let out = run(Command::new("node")
        .arg("--test")
        .arg("--test-reporter=spec")
        .arg(repo_root().join("tests/ts/vectors.test.mjs"))
        .env("ERRDEX_VECTORS_DIR", tmp.path()));
    // The node summary (`ℹ tests 120`, `ℹ pass 120`...), shown with `--nocapture`.
    for line in out.lines().filter(|l| l.starts_with('ℹ')) {
        eprintln!("node: {line}");
    }
    assert!(out.contains("# pass") || out.contains("pass"), "{out}");
    assert!(
        !out.contains("# skipped 1") && !out.contains("ℹ skipped 1"),
        "node skipped the vectors:\n{out}"
    );
}
