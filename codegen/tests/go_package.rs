//! The Go target: the package generated from every test catalogue (errdex's own, the
//! fixtures, the hand-built hostile ones, the seed profiles) is gofmt-clean, passes
//! `go vet` and staticcheck, builds as the module its `go.mod` declares, and agrees with the
//! Rust reference renderings (`payload.rs`) byte for byte on the shared vectors
//! (`tests/go/vectors_test.go`, over the vectors the TypeScript and Python runners read);
//! a consumer that names a code that does not exist, or passes a param of the wrong type,
//! does not compile; the README's Go program builds, runs and prints the reference renderings.
//!
//! `go` and `go-staticcheck` come from Debian's packages (`.ci/steps/22-go.sh`); without
//! them the checks are skipped with a printed reason (a failure under CI).

#![allow(clippy::unwrap_used)]

mod testkit;
mod ts_support;
mod vectors_support;

use std::path::Path;
use std::process::Command;

use errdex_codegen::emit::go;
use errdex_codegen::ir::{Catalogue, ParamType, Scalar};
use errdex_codegen::payload::{Instance, example_value};
use serde_json::{Value, json};
use testkit::go::{cmd as go_cmd, output, run};
use ts_support::{catalogues, repo_root, write_files};

/// `go` and `go-staticcheck` run, else `None` with the reason printed (a panic under CI).
fn go_tools() -> Option<()> {
    testkit::tool::require_tool("go, gofmt, go vet, staticcheck", testkit::go::tools())
}

/// A directory name for a case.
fn dir_name(case: &str) -> String {
    case.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect()
}

/// A Go expression of a param value for the typed constructor (the value the Rust typed
/// constructor would hold: numbers as f64).
fn go_literal(ty: ParamType, v: &Value) -> String {
    let scalar = |s: Scalar, v: &Value| match s {
        Scalar::String => go::go_str(v.as_str().unwrap_or_default()),
        Scalar::Integer => v.as_i64().unwrap_or_default().to_string(),
        Scalar::Number => format!("{:?}", v.as_f64().unwrap_or_default()),
        Scalar::Boolean => v.as_bool().unwrap_or_default().to_string(),
    };
    let list = |s: Scalar, ty: &str| {
        let items: Vec<String> = v
            .as_array()
            .into_iter()
            .flatten()
            .map(|i| scalar(s, i))
            .collect();
        format!("{ty}{{{}}}", items.join(", "))
    };
    match ty {
        ParamType::String => scalar(Scalar::String, v),
        ParamType::Integer => scalar(Scalar::Integer, v),
        ParamType::Number => scalar(Scalar::Number, v),
        ParamType::Boolean => scalar(Scalar::Boolean, v),
        ParamType::List(s @ Scalar::String) => list(s, "[]string"),
        ParamType::List(s @ Scalar::Integer) => list(s, "[]int64"),
        ParamType::List(s @ Scalar::Number) => list(s, "[]float64"),
        ParamType::List(s @ Scalar::Boolean) => list(s, "[]bool"),
        ParamType::Object => format!("json.RawMessage({})", go::go_str(&v.to_string())),
    }
}

/// The value a typed constructor holds for a param (numbers as floats).
fn held(ty: ParamType, v: &Value) -> Value {
    let f = |v: &Value| v.as_f64().map_or(Value::Null, Value::from);
    match ty {
        ParamType::Number => f(v),
        ParamType::List(Scalar::Number) => {
            Value::Array(v.as_array().into_iter().flatten().map(f).collect())
        }
        _ => v.clone(),
    }
}

/// `errdex_constructors_test.go`: every typed constructor (or `New(code, ...)` when the
/// catalogue has none) with its params' example values, and the reference wire object of
/// that error.
fn constructors_test(cat: &Catalogue, package: &str) -> String {
    let mut out = format!(
        "package {package}\n\nimport \"encoding/json\"\n\nvar _ json.RawMessage\n\nvar errdexConstructors = map[string]func() *Error{{\n"
    );
    let mut wires = String::from("var errdexConstructorWires = map[string]string{\n");
    for e in &cat.errors {
        let mut inst = Instance::example(e);
        let args: Vec<String> = e
            .params
            .iter()
            .map(|p| go_literal(p.ty, &example_value(p)))
            .collect();
        inst.values = e
            .params
            .iter()
            .map(|p| held(p.ty, &example_value(p)))
            .collect();
        // Without typed constructors (`go.constructors: false`) the runtime's `New` builds
        // the code from the same values, in param order.
        let call = if cat.go.constructors {
            format!("{}({})", e.ids.go.constructor, args.join(", "))
        } else {
            let mut all = vec![e.ids.go.constant.clone()];
            all.extend(args);
            format!("New({})", all.join(", "))
        };
        out.push_str(&format!(
            "\t{}: func() *Error {{ return {call} }},\n",
            go::go_str(&e.code),
        ));
        wires.push_str(&format!(
            "\t{}: {},\n",
            go::go_str(&e.code),
            go::go_str(&inst.wire(cat).to_string())
        ));
    }
    out.push_str("}\n\n");
    out.push_str(&wires);
    out.push_str("}\n");
    out
}

/// The vectors of `cat` with each rendering as serde_json's compact bytes.
fn vectors_json(cat: &Catalogue) -> String {
    let mut v = vectors_support::vectors(cat, "", "");
    for case in v["cases"].as_array_mut().unwrap() {
        let mut bytes = serde_json::Map::new();
        for key in ["wire", "mcp", "jsonrpc", "problem", "toolResponse"] {
            bytes.insert(key.into(), json!(case[key].to_string()));
        }
        case["bytes"] = Value::Object(bytes);
    }
    serde_json::to_string(&v).unwrap()
}

/// Writes the case's package into `dir` (inside the test module: no go.mod), with the
/// vector runner and the constructors' test.
fn write_case(dir: &Path, cat: &Catalogue) {
    let files = go::emit(cat);
    let package = go::package_name(cat);
    let sources: Vec<(String, String)> = files
        .iter()
        .filter(|(name, _)| name.ends_with(".go"))
        .cloned()
        .collect();
    write_files(dir, &sources);
    let runner = std::fs::read_to_string(repo_root().join("tests/go/vectors_test.go")).unwrap();
    let runner = runner.replacen(
        "\npackage errdexvectors\n",
        &format!("\npackage {package}\n"),
        1,
    );
    std::fs::write(dir.join("vectors_test.go"), runner).unwrap();
    std::fs::write(
        dir.join("errdex_constructors_test.go"),
        constructors_test(cat, &package),
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("testdata")).unwrap();
    std::fs::write(dir.join("testdata/vectors.json"), vectors_json(cat)).unwrap();
}

#[test]
fn go_agrees_with_the_rust_reference_and_passes_its_gates() {
    let Some(()) = go_tools() else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("vectors");
    std::fs::create_dir_all(&root).unwrap();
    std::fs::write(root.join("go.mod"), "module errdexvectors\n\ngo 1.19\n").unwrap();
    let cats = catalogues();
    assert!(cats.len() > 5);
    for (name, cat) in &cats {
        let dir = root.join(dir_name(name));
        write_case(&dir, cat);
        // gofmt prints the files whose formatting differs.
        let out = run(Command::new("gofmt")
            .arg("-l")
            .arg("errdex.go")
            .arg("codes.go")
            .current_dir(&dir));
        assert!(out.trim().is_empty(), "{name}: gofmt -l: {out}");
        // The generated module on its own, as go.mod declares it.
        let own = tmp.path().join("own").join(dir_name(name));
        write_files(&own, &go::emit(cat));
    }
    // Each module built on its own, as go.mod declares it (0.5 s each, most of it the go
    // command starting: one after another they took 14 s).
    testkit::each_on_cores(&cats, |(name, _)| {
        let own = tmp.path().join("own").join(dir_name(name));
        run(&mut go_cmd(&own, &["build", "./..."]));
    });
    let out = run(&mut go_cmd(&root, &["vet", "./..."]));
    assert!(out.trim().is_empty(), "go vet: {out}");
    let (ok, out) = output(&mut go_cmd(&root, &["test", "-count=1", "./..."]));
    assert!(ok, "go test:\n{out}");
    let cases = out.lines().filter(|l| l.starts_with("ok")).count();
    assert_eq!(cases, cats.len(), "{out}");
    eprintln!("go test: {cases} packages agree with the Rust reference");
    let (ok, out) = testkit::go::staticcheck(&root);
    assert!(ok, "staticcheck:\n{out}");
}

/// `go: {constructors: false}`: the package of fixtures with every param type declares no
/// typed constructor (and `registry.json` names none), still passes gofmt, go vet and
/// staticcheck, and `New(code, values...)` builds every code with the reference's wire
/// object, next to the shared vectors.
#[test]
fn without_constructors_new_builds_every_code() {
    let Some(()) = go_tools() else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("vectors");
    std::fs::create_dir_all(&root).unwrap();
    std::fs::write(root.join("go.mod"), "module errdexvectors\n\ngo 1.19\n").unwrap();
    let mut cases = 0;
    for (name, mut cat) in catalogues()
        .into_iter()
        .filter(|(n, _)| ["full", "params", "hostile"].contains(&n.as_str()))
    {
        assert!(cat.go.constructors, "{name}: the default is true");
        let with = go::emit(&cat);
        cat.go.constructors = false;
        let files = go::emit(&cat);
        let codes = &files[2].1;
        for e in &cat.errors {
            let decl = format!("\nfunc {}(", e.ids.go.constructor);
            assert!(with[2].1.contains(&decl), "{name}: {decl} by default");
            assert!(
                !codes.contains(&decl),
                "{name}: {decl} without constructors"
            );
            assert!(codes.contains(&format!("\t{}\n", e.ids.go.constant)));
        }
        let registry = errdex_codegen::emit::json_schema::registry_json(&cat).to_string();
        assert!(
            !registry.contains("go_constructor") && registry.contains("go_constant"),
            "{name}: registry.json"
        );
        let dir = root.join(dir_name(&name));
        write_case(&dir, &cat);
        let out = run(Command::new("gofmt")
            .args(["-l", "errdex.go", "codes.go"])
            .current_dir(&dir));
        assert!(out.trim().is_empty(), "{name}: gofmt -l: {out}");
        cases += 1;
    }
    assert_eq!(cases, 3);
    let out = run(&mut go_cmd(&root, &["vet", "./..."]));
    assert!(out.trim().is_empty(), "go vet: {out}");
    let (ok, out) = output(&mut go_cmd(&root, &["test", "-count=1", "./..."]));
    assert!(ok, "go test:\n{out}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("ok")).count(),
        cases,
        "{out}"
    );
    let (ok, out) = testkit::go::staticcheck(&root);
    assert!(ok, "staticcheck:\n{out}");
}

/// A consumer written as the README says: `require` + `replace` the generated module, raise
/// codes through their constructors, match them with errors.Is / errors.As. Each misuse is
/// a compile error on its own line (or a `go vet` error for errors.As).
#[test]
fn a_consumer_compiles_only_with_real_codes() {
    if go_tools().is_none() {
        return;
    }
    let (_, cat) = catalogues()
        .into_iter()
        .find(|(n, _)| n == "seed-milo")
        .unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let pkg = go::package_name(&cat);
    let module = go::module_path(&cat);
    write_files(&tmp.path().join("errors"), &go::emit(&cat));
    let app = tmp.path().join("app");
    std::fs::create_dir_all(&app).unwrap();
    std::fs::write(
        app.join("go.mod"),
        format!(
            "module app\n\ngo 1.19\n\nrequire {module} v0.0.0\n\nreplace {module} => ../errors\n"
        ),
    )
    .unwrap();
    let good = format!(
        r#"package main

import (
	"errors"
	"fmt"

	"{module}"
)

func deploy(env string) error {{
	if env == "" {{
		return {pkg}.NewFrmRequired("environment").WithArgument("environment")
	}}
	return nil
}}

func main() {{
	err := fmt.Errorf("deploy: %w", deploy(""))
	var e *{pkg}.Error
	if errors.Is(err, {pkg}.CodeFrmRequired) && errors.As(err, &e) {{
		fmt.Println(e.Code(), e.HTTPStatus(), e.LogLevel(), e.Retryable())
		fmt.Printf("%+v\n", e)
		fmt.Println(string({pkg}.EncodeJSON(e.Wire())))
	}}
	c, perr := {pkg}.ParseCode("FRM_VALIDATION")
	fmt.Println(c, perr, c == {pkg}.CodeFrmValidation)
}}
"#
    );
    std::fs::write(app.join("main.go"), &good).unwrap();
    let out = run(&mut go_cmd(&app, &["run", "."]));
    let entry = cat
        .errors
        .iter()
        .find(|e| e.name == "FRM_REQUIRED")
        .unwrap();
    let mut inst = Instance::example(entry);
    inst.values = vec![json!("environment")];
    inst.argument = Some("environment".into());
    let want = format!(
        "{} {} warn {}\n{}\n{}\nM-FRM-001 <nil> true\n",
        entry.code,
        entry.http_status,
        entry.retryable,
        inst.terminal_text(&cat),
        inst.wire(&cat)
    );
    assert_eq!(out, want);
    let bad = format!(
        r#"package main

import "{module}"

var _ = {pkg}.CodeFrmRequired
var _ = {pkg}.CodeFrmValidatoin // E: no such code
var _ = {pkg}.NewFrmRequired()  // E: missing param
var _ = {pkg}.NewFrmRequired(7) // E: mistyped param
var _ {pkg}.Code = "M-NOPE-001" // E: a string is no Code
var _ = {pkg}.NewCfgBroken("x") // E: a param it does not take

func main() {{}}
"#
    );
    std::fs::write(app.join("main.go"), &bad).unwrap();
    let (ok, out) = output(&mut go_cmd(&app, &["build", "-o", "/dev/null", "."]));
    assert!(!ok, "{out}");
    for (i, line) in bad.lines().enumerate() {
        let at = format!("main.go:{}:", i + 1);
        assert_eq!(
            out.lines().any(|l| l.contains(&at)),
            line.contains("// E:"),
            "line {}: {line}\n{out}",
            i + 1
        );
    }
    // The README's program, as a reader copies it (its module is `miloerrors`).
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    let program = readme
        .split("### Use it from Go")
        .nth(1)
        .and_then(|s| s.split("```go\n").nth(1))
        .and_then(|s| s.split("\n```").next())
        .expect("README.md: a ```go block under \"Use it from Go\"");
    assert_eq!(
        module, "miloerrors",
        "the README's program imports miloerrors"
    );
    std::fs::write(app.join("main.go"), program).unwrap();
    let out = run(&mut go_cmd(&app, &["run", "."]));
    let mut inst = Instance::example(entry);
    inst.values = vec![json!("environment")];
    inst.argument = Some("environment".into());
    let r = inst.http_response(&cat);
    let headers: Vec<String> = r
        .headers
        .iter()
        .map(|(n, v)| format!("[{n} {v}]"))
        .collect();
    for want in [
        format!(
            "{} {} {} {} {} warn",
            entry.code,
            cat.category_of(entry).key,
            entry.http_status,
            entry.exit_code,
            entry.retryable
        ),
        inst.terminal_text(&cat),
        inst.wire(&cat).to_string(),
        inst.mcp_tool_result(&cat).to_string(),
        format!("{} {}", inst.jsonrpc_error(&cat), inst.problem_json(&cat)),
        format!("{} [{}] {}", r.status, headers.join(" "), r.body),
        "M-FRM-001 <nil> true".to_string(),
        "legacy connection refused".to_string(),
    ] {
        assert!(
            out.contains(&format!("{want}\n")),
            "README program: no line {want:?} in\n{out}"
        );
    }
    let vetted = format!(
        r#"package main

import (
	"errors"
	"fmt"

	"{module}"
)

func main() {{
	var e *{pkg}.Error
	fmt.Println(errors.As(fmt.Errorf("x"), e))
}}
"#
    );
    std::fs::write(app.join("main.go"), &vetted).unwrap();
    let (ok, out) = output(&mut go_cmd(&app, &["vet", "."]));
    assert!(!ok && out.contains("errors.As"), "{out}");

    // `registry.go_module` and `registry.go_package`: the path importers name and the
    // package's own name.
    let mut named = cat.clone();
    named.registry.go_module = "example.com/milo/errors".into();
    named.registry.go_package = "apierrors".into();
    let files = go::emit(&named);
    assert!(
        files[0].1.contains("\nmodule example.com/milo/errors\n"),
        "{}",
        files[0].1
    );
    write_files(&tmp.path().join("named"), &files);
    std::fs::write(
        app.join("go.mod"),
        "module app\n\ngo 1.19\n\nrequire example.com/milo/errors v0.0.0\n\nreplace example.com/milo/errors => ../named\n",
    )
    .unwrap();
    std::fs::write(
        app.join("main.go"),
        "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/milo/errors\"\n)\n\nfunc main() { fmt.Println(apierrors.NewFrmRequired(\"x\").Code()) }\n",
    )
    .unwrap();
    assert_eq!(run(&mut go_cmd(&app, &["run", "."])), "M-FRM-002\n");
}

/// The catalogue half of the package (`codes.go`) of fixture catalogues, pinned as golden
/// files (`tests/golden/go/<case>.go`, rewritten with `UPDATE_EXPECT=1`); the runtime half is
/// `emit/go/runtime.go` verbatim. Runs without Go.
#[test]
fn golden_go_per_fixture() {
    let mut goldens = testkit::golden::Goldens::new();
    for case in ["acme", "hostile", "params"] {
        let rel = format!("tests/fixtures/{case}/errors.yaml");
        let src = std::fs::read_to_string(repo_root().join(&rel)).unwrap();
        let loaded = errdex_codegen::load_str(&src, &rel);
        let cat = loaded
            .catalogue
            .unwrap_or_else(|| panic!("{case}: {:?}", loaded.diagnostics));
        let files = go::emit(&cat);
        assert_eq!(files, go::emit(&cat), "{case}: not deterministic");
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["go.mod", "errdex.go", "codes.go"]);
        for (name, text) in &files {
            assert!(
                text.starts_with(&format!(
                    "{}\n// @generated by errdex from {rel} — do not edit\n",
                    go::GO_GENERATED_LINE
                )),
                "{case}/{name}"
            );
            assert!(!text.contains('\r'), "{case}/{name}: CR in output");
        }
        goldens.file(
            &repo_root().join(format!("tests/golden/go/{case}.go")),
            &files[2].1,
        );
    }
    goldens.check("the generated Go changed");
}
