//! The TypeScript runtime as a file (issue 26, item 3): `codegen/src/emit/typescript/
//! runtime.js` is shipped verbatim in every package, checked by `tsc --strict --checkJs`
//! against `data.d.ts` (the shape of the generated `data.js`), and the layouts of `data.js`'s
//! tables are held to the runtime's types:
//!
//! - every package ships the file byte for byte;
//! - `tsc` accepts it alone, strictly (tools from `tools/node`; skipped with a reason when
//!   missing, a failure under `CI`);
//! - each generated `data.js` exports exactly what `data.d.ts` declares, in its order;
//! - each table's columns (`<TABLE>_FIELDS`, written from `emit/typescript/rows.rs`) are the
//!   members of the runtime's typedef of that table, in order;
//! - the generated `index.js` exports exactly the values `index.d.ts` declares (node).

#![allow(clippy::unwrap_used)]

mod testkit;
mod ts_support;

use std::path::PathBuf;
use std::process::Command;

use errdex_codegen::emit::typescript;
use ts_support::*;

fn source_dir() -> PathBuf {
    repo_root().join("codegen/src/emit/typescript")
}

fn read(name: &str) -> String {
    std::fs::read_to_string(source_dir().join(name)).unwrap()
}

fn file<'a>(files: &'a [(String, String)], name: &str) -> &'a str {
    &files.iter().find(|(p, _)| p == name).unwrap().1
}

#[test]
fn every_package_ships_the_runtime_verbatim() {
    let source = read("runtime.js");
    assert_eq!(typescript::RUNTIME_JS, source);
    for (name, cat) in catalogues() {
        let files = typescript::emit(&cat);
        assert_eq!(file(&files, "runtime.js"), source, "{name}: runtime.js");
    }
}

#[test]
fn tsc_strict_checks_the_runtime_as_a_file() {
    let Some(tools) = node_tools() else { return };
    let tmp = tempfile::tempdir().unwrap();
    for name in ["runtime.js", "data.d.ts"] {
        std::fs::copy(source_dir().join(name), tmp.path().join(name)).unwrap();
    }
    // As in a package: an ES module folder.
    std::fs::write(tmp.path().join("package.json"), "{\"type\": \"module\"}\n").unwrap();
    std::fs::write(
        tmp.path().join("tsconfig.json"),
        r#"{
  "compilerOptions": {
    "strict": true, "noEmit": true, "allowJs": true, "checkJs": true,
    "target": "es2022", "module": "nodenext", "moduleResolution": "nodenext",
    "skipLibCheck": false, "types": [],
    "noUnusedLocals": true, "noUnusedParameters": true, "noImplicitReturns": true,
    "noFallthroughCasesInSwitch": true
  },
  "files": ["runtime.js"]
}
"#,
    )
    .unwrap();
    let out = Command::new("node")
        .arg(tools.join("typescript/bin/tsc"))
        .arg("-p")
        .arg(tmp.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "tsc --strict --checkJs runtime.js failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The names after `prefix` at the start of a line, in order (`export const NAME = …`).
fn exported(text: &str, prefix: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix(prefix))
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

/// The members of the runtime's `@typedef {{ … }} <name>`, one per line, in order.
fn typedef_members(runtime: &str, name: &str) -> Vec<String> {
    let end = runtime
        .find(&format!("}} {name}\n"))
        .unwrap_or_else(|| panic!("runtime.js has no typedef {name}"));
    let start = runtime[..end].rfind("@typedef {{").unwrap();
    runtime[start..end]
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("*   readonly "))
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

#[test]
fn data_js_is_what_data_d_ts_declares_and_the_runtime_types() {
    let declared = exported(&read("data.d.ts"), "export declare const ");
    let runtime = read("runtime.js");
    let typedefs = [
        ("CLASS", "ClassInfo"),
        ("CATEGORY", "CategoryInfo"),
        ("NAMESPACE", "NamespaceInfo"),
        ("ERROR", "ErrorInfo"),
        ("RETIRED", "RetiredInfo"),
        ("HTTP_CODE", "HttpCodeInfo"),
        ("HTTP_REASON", "HttpReasonInfo"),
    ];
    for (name, cat) in catalogues() {
        let files = typescript::emit(&cat);
        let data = file(&files, "data.js");
        assert_eq!(
            exported(data, "export const "),
            declared,
            "{name}: data.js's exports against data.d.ts"
        );
        for (table, typedef) in typedefs {
            let line = data
                .lines()
                .find_map(|l| l.strip_prefix(&format!("export const {table}_FIELDS = ")))
                .unwrap_or_else(|| panic!("{name}: no {table}_FIELDS"));
            let fields: Vec<String> =
                serde_json::from_str(line.strip_suffix(';').unwrap()).unwrap();
            assert_eq!(
                fields,
                typedef_members(&runtime, typedef),
                "{name}: the columns of {table}_ROWS against runtime.js's {typedef}"
            );
            // Every row has one value per column.
            let rows: Vec<Vec<serde_json::Value>> = data
                .lines()
                .skip_while(|l| *l != format!("export const {table}_ROWS = ["))
                .skip(1)
                .take_while(|l| *l != "];")
                .map(|l| serde_json::from_str(l.trim().trim_end_matches(',')).unwrap())
                .collect();
            assert!(
                rows.iter().all(|r| r.len() == fields.len()),
                "{name}: a row of {table}_ROWS is not {} wide",
                fields.len()
            );
        }
    }
}

#[test]
fn index_js_exports_what_index_d_ts_declares() {
    let Some(_tools) = node_tools() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let mut expected = Vec::new();
    for (name, cat) in catalogues() {
        let dir = tmp.path().join(&name);
        let files = typescript::emit(&cat);
        write_files(&dir, &files);
        let dts = file(&files, "index.d.ts");
        let mut names: Vec<String> = ["const", "function", "class"]
            .iter()
            .flat_map(|kind| exported(dts, &format!("export declare {kind} ")))
            .collect();
        names.sort();
        expected.push((name, dir, names));
    }
    let script = tmp.path().join("exports.mjs");
    std::fs::write(
        &script,
        "import { join } from \"node:path\";\nimport { pathToFileURL } from \"node:url\";\n\
         const out = {};\nfor (const dir of process.argv.slice(2)) {\n  \
         const m = await import(pathToFileURL(join(dir, \"index.js\")).href);\n  \
         out[dir] = Object.keys(m).sort();\n}\nprocess.stdout.write(JSON.stringify(out));\n",
    )
    .unwrap();
    let out = run(Command::new("node")
        .arg(&script)
        .args(expected.iter().map(|(_, d, _)| d)));
    let got: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&out).unwrap();
    for (name, dir, names) in expected {
        let keys: Vec<String> =
            serde_json::from_value(got[&dir.display().to_string()].clone()).unwrap();
        // Identifiers are ASCII: the module namespace's order (by code unit) is `sort()`'s.
        assert_eq!(keys, names, "{name}: index.js's exports against index.d.ts");
    }
}
