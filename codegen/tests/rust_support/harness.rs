//! Throwaway crates: write a small crate under `<target dir>/tmp/errdex-test-crates/<name>`
//! (cargo's `CARGO_TARGET_TMPDIR`, so `CARGO_TARGET_DIR` moves it too), build and run it with
//! one shared target dir, and return its stdout.

use std::path::{Path, PathBuf};
use std::process::Command;

use errdex_codegen::ir::{Catalogue, Param, ParamType, Scalar};
use errdex_codegen::payload::example_value;
use serde_json::Value;

pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

pub fn crates_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("errdex-test-crates")
}

/// How the crate gets its generated code.
pub enum Source<'a> {
    /// The generated text, written to `src/generated.rs` and `include!`d.
    Text(&'a str),
    /// The README's `build.rs` snippet on this catalogue file (copied into the crate).
    BuildRs { catalogue: &'a Path },
}

pub struct TestCrate {
    pub dir: PathBuf,
    pub name: String,
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).unwrap();
    }
}

/// The `build.rs` snippet documented in the README (keep the two identical).
pub const BUILD_RS_SNIPPET: &str = r#"fn main() {
    errdex_codegen::Builder::new("errors.yaml")
        .out_file("errors.rs")
        .generate()
        .unwrap_or_else(|e| e.exit());
}
"#;

pub const LIB_RS_SNIPPET: &str = r#"include!(concat!(env!("OUT_DIR"), "/errors.rs"));"#;

impl TestCrate {
    pub fn new(name: &str, source: Source<'_>, main_rs: &str) -> TestCrate {
        let dir = crates_dir().join(name);
        let codegen = workspace_root().join("codegen");
        let mut toml = format!(
            "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
             [workspace]\n\n[dependencies]\nserde = \"1\"\nserde_json = {{ version = \"1\", features = [\"preserve_order\"] }}\n"
        );
        let lib_body = match source {
            Source::Text(text) => {
                write(&dir.join("src/generated.rs"), text);
                "include!(\"generated.rs\");".to_string()
            }
            Source::BuildRs { catalogue } => {
                toml.push_str(&format!(
                    "\n[build-dependencies]\nerrdex-codegen = {{ path = {:?} }}\n",
                    codegen.display().to_string()
                ));
                write(
                    &dir.join("errors.yaml"),
                    &std::fs::read_to_string(catalogue).unwrap(),
                );
                write(&dir.join("build.rs"), BUILD_RS_SNIPPET);
                LIB_RS_SNIPPET.to_string()
            }
        };
        write(&dir.join("Cargo.toml"), &toml);
        // Pin dependency versions to the ones the workspace already uses (no index update).
        let lock = workspace_root().join("Cargo.lock");
        if lock.exists() && !dir.join("Cargo.lock").exists() {
            std::fs::copy(&lock, dir.join("Cargo.lock")).unwrap();
        }
        write(
            &dir.join("src/lib.rs"),
            &format!(
                "//! Throwaway crate of the errdex Rust-target tests.\n#![deny(warnings, missing_docs)]\n\n{lib_body}\n"
            ),
        );
        write(&dir.join("src/main.rs"), main_rs);
        TestCrate {
            dir,
            name: name.to_string(),
        }
    }

    pub fn cargo(&self, args: &[&str]) -> Command {
        let mut c = Command::new(env!("CARGO"));
        c.args(args)
            .current_dir(&self.dir)
            .env("CARGO_TARGET_DIR", crates_dir().join("target"))
            .env_remove("RUSTFLAGS")
            .env_remove("CARGO_ENCODED_RUSTFLAGS");
        c
    }

    /// Runs a cargo command; panics with its output when it fails. Returns stdout.
    pub fn run(&self, args: &[&str], envs: &[(&str, &str)]) -> String {
        let mut c = self.cargo(args);
        for (k, v) in envs {
            c.env(k, v);
        }
        let out = c.output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "`cargo {}` failed in {}:\n{stderr}\n{stdout}",
            args.join(" "),
            self.dir.display()
        );
        stdout
    }

    /// Builds and runs the binary; parses its stdout as JSON.
    pub fn run_json(&self) -> Value {
        let bin = self.name.clone();
        let out = self.run(&["run", "-q", "--bin", &bin], &[]);
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("bad JSON from {bin}: {e}\n{out}"))
    }
}

/// A Rust expression of the param's example value (`payload::example_value`).
fn example_arg(p: &Param) -> String {
    let value = example_value(p);
    let items = || value.as_array().cloned().unwrap_or_default();
    match p.ty {
        ParamType::String => format!("{:?}", value.as_str().unwrap_or_default()),
        ParamType::Integer | ParamType::Boolean => value.to_string(),
        ParamType::Number => format!("{:?}_f64", value.as_f64().unwrap_or_default()),
        ParamType::List(Scalar::String) => {
            let v: Vec<String> = items()
                .iter()
                .map(|x| format!("{:?}.to_string()", x.as_str().unwrap_or_default()))
                .collect();
            format!("Vec::<String>::from([{}])", v.join(", "))
        }
        ParamType::List(Scalar::Number) => {
            let v: Vec<String> = items()
                .iter()
                .map(|x| format!("{:?}_f64", x.as_f64().unwrap_or_default()))
                .collect();
            format!("Vec::<f64>::from([{}])", v.join(", "))
        }
        ParamType::List(Scalar::Integer) => format!("Vec::<i64>::from({value})"),
        ParamType::List(Scalar::Boolean) => format!("Vec::<bool>::from({value})"),
        ParamType::Object => format!("json!({value}).as_object().unwrap().clone()"),
    }
}

/// A `main.rs` that exercises every code of `cat` through the generated API and prints one
/// JSON document: per code the accessors and five instances (`instances` in
/// driver_prelude.rs: example values; with argument, constraint and context; with a
/// suggestion override; …), every lookup key's parse result, every `foreign` wire value
/// parsed with `Error::from_wire` (`foreign_report`), and every HTTP reading vector read with
/// `read_http_response` (`readings_report`).
pub fn driver_main_with_readings(
    crate_ident: &str,
    cat: &Catalogue,
    keys: &[(String, u32)],
    foreign: &[Value],
    readings: &[Value],
) -> String {
    let mut s = String::new();
    s.push_str("#![allow(deprecated, clippy::all)]\n");
    s.push_str(&format!(
        "use {crate_ident}::*;\nuse serde_json::{{json, Value}};\n\n"
    ));
    s.push_str(include_str!("driver_prelude.rs"));
    s.push_str(&format!(
        "const RICH_CONSTRAINT: &str = {:?};\n\n",
        include_str!("../vectors_support/rich-constraint.json")
    ));
    // One row a code, its constructor a `fn` pointer, and one loop: every code's five
    // instances come from the same function (`instances` in driver_prelude.rs). One
    // statement per code in `main` (2,000 codes for the compact tables) took rustc a minute.
    s.push_str("/// Each code, the name of the argument its last instance names, and how it is built.\nconst CASES: &[(ErrorCode, &str, fn() -> Error)] = &[\n");
    for e in &cat.errors {
        let args: Vec<String> = e.params.iter().map(example_arg).collect();
        // Without typed constructors (`rust.constructors: false`) the same values go by
        // name through `Error::from_named`, the way such a crate builds its errors.
        let ctor = if cat.rust.constructors {
            format!("Error::{}({})", e.ids.rust.constructor, args.join(", "))
        } else {
            let named: Vec<String> = e
                .params
                .iter()
                .zip(&args)
                .map(|(p, a)| format!("({:?}, serde_json::json!({a}))", p.name))
                .collect();
            format!(
                "Error::from_named(ErrorCode::{}, [{}] as [(&str, Value); {}])",
                e.ids.rust.variant,
                named.join(", "),
                named.len()
            )
        };
        let argument = e
            .params
            .iter()
            .find(|p| p.example.is_some())
            .map_or("the-arg", |p| p.name.as_str());
        s.push_str(&format!(
            "    (ErrorCode::{v}, {argument:?}, || {ctor}),\n",
            v = e.ids.rust.variant,
        ));
    }
    s.push_str("];\n\n");
    s.push_str("fn main() {\n    let mut codes = Vec::new();\n    for &(c, argument, make) in CASES {\n        codes.push(code_report(c, instances(c, argument, make)));\n    }\n");
    // Each namespace's sub-enum: exactly its codes, both ways.
    for ns in cat.namespaces.iter().filter(|_| cat.rust.namespace_enums) {
        let sub = errdex_codegen::names::rust_namespace_enum(&ns.ids.rust);
        s.push_str(&format!(
            "    for c in ErrorCode::ALL {{\n        let mine = c.namespace() == Some({sub}::NAMESPACE);\n        match {sub}::try_from(*c) {{\n            Ok(s) => {{ assert!(mine); assert_eq!(ErrorCode::from(s), *c); assert_eq!(s.to_string(), c.as_str()); }}\n            Err(back) => {{ assert!(!mine); assert_eq!(back, *c); }}\n        }}\n    }}\n    assert_eq!({sub}::ALL.len(), ErrorCode::ALL.iter().filter(|c| c.namespace() == Some({sub}::NAMESPACE)).count());\n"
        ));
    }
    s.push_str("    let mut parses = serde_json::Map::new();\n    let keys: &[&str] = &[\n");
    for (k, _) in keys {
        s.push_str(&format!("        {k:?},\n"));
    }
    s.push_str("    ];\n    for &key in keys {\n        parses.insert(key.into(), parse_report(key));\n    }\n");
    s.push_str("    parses.insert(\"\".into(), parse_report(\"\"));\n    parses.insert(\"NO-SUCH-CODE\".into(), parse_report(\"NO-SUCH-CODE\"));\n");
    let foreign = serde_json::to_string(foreign).unwrap();
    s.push_str(&format!("    let foreign = foreign_report({foreign:?});\n"));
    let readings = serde_json::to_string(readings).unwrap();
    s.push_str(&format!(
        "    let readings = readings_report({readings:?});\n"
    ));
    s.push_str("    println!(\"{}\", json!({\"codes\": codes, \"parses\": parses, \"registry\": registry_report(), \"foreign\": foreign, \"readings\": readings}));\n}\n");
    s
}
