//! The npm packages as a user gets them (issue 18, items 5 and 6): each committed
//! `generated/ts/` package is packed with `npm pack`, checked with the ecosystem's linters
//! (`publint --strict`, `@arethetypeswrong/cli` with the ESM-only profile), installed into a
//! fresh project, and used from there:
//!
//! - `require()` from CommonJS and `import` from an ES module both load it (the package is
//!   ESM only; `engines` admits only Node versions that can `require` it);
//! - `tsc --strict` type-checks a TypeScript consumer against the installed package, from an
//!   ES module and from a CommonJS module;
//! - the shipped `wire-error.schema.json` is importable by its export, carries the package
//!   metadata's `$id`, and another schema `$ref`s its `$defs/WireObject` by that `$id` (ajv,
//!   draft 2020-12) to validate a wire object built by the package itself.
//!
//! Needs node, npm and `tools/node` (`.ci/steps/20-node.sh`); skips with a reason otherwise.

#![allow(clippy::unwrap_used)]

mod testkit;
mod ts_support;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};
use ts_support::{repo_root, run};

/// Every committed npm package: errdex's own and each example's.
fn packages() -> Vec<PathBuf> {
    let mut out = vec![repo_root().join("generated/ts")];
    let mut examples: Vec<PathBuf> = std::fs::read_dir(repo_root().join("examples"))
        .unwrap()
        .map(|e| e.unwrap().path().join("generated/ts"))
        .filter(|p| p.join("package.json").exists())
        .collect();
    examples.sort();
    out.extend(examples);
    out
}

fn bin(tools: &Path, name: &str) -> PathBuf {
    tools.join(".bin").join(name)
}

/// `npm pack` into `dir`; returns the tarball and the packed file list.
fn pack(package: &Path, dir: &Path) -> (PathBuf, Vec<String>) {
    let out = run(Command::new("npm")
        .args(["pack", "--json", "--pack-destination"])
        .arg(dir)
        .current_dir(package));
    let json: Value = serde_json::from_str(&out).unwrap();
    let filename = json[0]["filename"].as_str().unwrap();
    let files = json[0]["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap().to_string())
        .collect();
    (dir.join(filename), files)
}

#[test]
fn packed_packages_lint_clean_install_and_work_from_esm_and_commonjs() {
    let Some(tools) = ts_support::node_tools() else {
        return;
    };
    let linters = ["publint", "attw"].iter().try_for_each(|tool| {
        testkit::tool::file(bin(&tools, tool), "bash .ci/steps/20-node.sh").map(drop)
    });
    let Some(()) = testkit::tool::require_tool("the npm package lints (publint, attw)", linters)
    else {
        return;
    };
    // The packages two at a time (each packed, linted, installed and run: about 5 s, most of
    // it npm and node starting).
    testkit::each_on_cores(&packages(), |package| {
        let manifest: Value =
            serde_json::from_str(&std::fs::read_to_string(package.join("package.json")).unwrap())
                .unwrap();
        let name = manifest["name"].as_str().unwrap().to_string();
        let tmp = tempfile::tempdir().unwrap();
        let (tarball, files) = pack(package, tmp.path());

        // What npm publishes: the module (its entry point, the runtime, the catalogue's
        // data), its types, the schema, a README, the manifest.
        let mut files = files;
        files.sort();
        assert_eq!(
            files,
            [
                "README.md",
                "data.js",
                "index.d.ts",
                "index.js",
                "package.json",
                "runtime.js",
                "wire-error.schema.json"
            ],
            "{name}: packed files"
        );
        assert!(
            manifest["version"].as_str().is_some_and(|v| !v.is_empty()),
            "{name}"
        );
        assert!(
            manifest["keywords"]
                .as_array()
                .is_some_and(|k| !k.is_empty()),
            "{name}: keywords"
        );

        // The ecosystem's linters.
        let publint = run(Command::new(bin(&tools, "publint"))
            .arg("--strict")
            .arg(package));
        assert!(
            publint.contains("All good"),
            "{name}: publint says:\n{publint}"
        );
        run(Command::new(bin(&tools, "attw")).arg(&tarball).args([
            "--profile",
            "esm-only",
            "--format",
            "ascii",
        ]));

        // A fresh project installs the tarball.
        let project = tmp.path().join("consumer");
        std::fs::create_dir_all(&project).unwrap();
        std::fs::write(
            project.join("package.json"),
            serde_json::to_string_pretty(
                &json!({"name": "consumer", "private": true, "version": "1.0.0"}),
            )
            .unwrap(),
        )
        .unwrap();
        run(Command::new("npm")
            .args([
                "install",
                "--no-audit",
                "--no-fund",
                "--offline",
                "--ignore-scripts",
            ])
            .arg(&tarball)
            .current_dir(&project));

        // CommonJS `require` (Node >= 20.19 loads ES modules synchronously).
        std::fs::write(
            project.join("cjs.cjs"),
            format!(
                "const m = require({name:?});\n\
                 const codes = Object.values(m.ErrorCode);\n\
                 if (codes.length === 0 || !m.ERRORS[codes[0]]) throw new Error('no codes');\n\
                 const schema = require({schema:?});\n\
                 if (!schema.$id) throw new Error('no $id');\n\
                 console.log('cjs', codes.length);\n",
                schema = format!("{name}/wire-error.schema.json"),
            ),
        )
        .unwrap();
        let out = run(Command::new("node").arg("cjs.cjs").current_dir(&project));
        assert!(out.starts_with("cjs "), "{name}: {out}");

        // ES module: the shipped schema, `$ref`ed by its `$id` from another schema, accepts a
        // wire object the package builds and refuses a broken one.
        let ajv = tools.join("ajv/dist/2020.js");
        std::fs::write(
            project.join("esm.mjs"),
            format!(
                "import * as m from {name:?};\n\
                 import schema from {schema:?} with {{ type: 'json' }};\n\
                 import Ajv2020Module from {ajv:?};\n\
                 const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;\n\
                 const ajv = new Ajv2020({{ strict: false }});\n\
                 ajv.addSchema(schema);\n\
                 const check = ajv.compile({{ $ref: schema.$id + '#/$defs/WireObject' }});\n\
                 const code = Object.values(m.ErrorCode)[0];\n\
                 const info = m.ERRORS[code];\n\
                 const params = Object.fromEntries(info.params.map((p) => [p.name, p.example ?? (p.type === 'string' ? 'x' : p.type === 'boolean' ? true : p.type === 'list' ? [] : p.type === 'object' ? {{}} : 1)]));\n\
                 const wire = m.createError(code, params).toWire();\n\
                 if (!check(wire)) throw new Error('wire object refused: ' + JSON.stringify(check.errors));\n\
                 if (check({{ nonsense: true }})) throw new Error('a broken object was accepted');\n\
                 console.log('esm', schema.$id);\n",
                schema = format!("{name}/wire-error.schema.json"),
                ajv = ajv.display().to_string(),
            ),
        )
        .unwrap();
        let out = run(Command::new("node").arg("esm.mjs").current_dir(&project));
        assert_eq!(
            out.trim(),
            format!("esm {}", schema_id(package)),
            "{name}: the shipped schema's $id"
        );

        // tsc --strict over a TypeScript consumer, as an ES module and as CommonJS.
        std::fs::write(
            project.join("esm.mts"),
            format!(
                "import {{ ERRORS, ErrorCode, isRetryable }} from {name:?};\n\
                 const code: ErrorCode = Object.values(ErrorCode)[0]!;\n\
                 export const facts: [string, boolean] = [ERRORS[code].category, isRetryable(ERRORS[code])];\n"
            ),
        )
        .unwrap();
        std::fs::write(
            project.join("cjs.cts"),
            format!(
                "import m = require({name:?});\n\
                 export const count: number = Object.keys(m.ErrorCode).length;\n"
            ),
        )
        .unwrap();
        run(Command::new("node")
            .arg(tools.join("typescript/bin/tsc"))
            .args([
                "--strict",
                "--noEmit",
                "--module",
                "nodenext",
                "--moduleResolution",
                "nodenext",
                "--target",
                "es2022",
                "--types",
                "",
                "esm.mts",
                "cjs.cts",
            ])
            .current_dir(&project));
    });
}

/// The `$id` the committed schema target gave the wire schema.
fn schema_id(package: &Path) -> String {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(
            package
                .parent()
                .unwrap()
                .join("schema/wire-error.schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    schema["$id"].as_str().unwrap().to_string()
}
