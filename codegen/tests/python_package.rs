//! The Python target: the package generated from every test catalogue imports, agrees with
//! the Rust reference renderings (`payload.rs`) byte for byte on the shared vectors
//! (`tests/python/vectors.py`, the same vectors.json `ts_vectors.rs` writes), and passes
//! `mypy --strict` and `ruff check` (`mypy` also holds every row of `_catalogue.py` and
//! `_data.py` against the row types of `_runtime.py`); a consumer that misuses it fails
//! `mypy` where it should. `python_runtime.rs` checks the runtime as a file.
//!
//! mypy, ruff and pytest come from the virtual environment `.ci/steps/25-python.sh` creates
//! (`tools/python/.venv`, or `ERRDEX_PYTHON_VENV`); without it the vectors run on the
//! `python3` of `PATH` and the other checks are skipped with a printed reason (a failure under
//! CI, like a missing `python3`).

#![allow(clippy::unwrap_used)]

mod py_support;
mod testkit;
mod ts_support;
mod vectors_support;

use std::path::{Path, PathBuf};
use std::process::Command;

use errdex_codegen::emit::python;
use errdex_codegen::ir::Catalogue;
use py_support::{output, run};
use ts_support::{catalogues, repo_root, write_files};

/// The virtual environment's `bin/` with mypy, ruff and pytest, or `None` (see `py_support`).
fn venv() -> Option<PathBuf> {
    py_support::venv(&["mypy", "ruff", "pytest"])
}

/// Writes the package of `cat` and its vectors under `dir`; returns the package's path.
fn write_case(dir: &Path, cat: &Catalogue) -> PathBuf {
    let pkg_dir = dir.join("python");
    write_files(&pkg_dir, &python::emit(cat));
    let mut v = vectors_support::vectors(cat, &pkg_dir.display().to_string(), "");
    v["pyPackage"] = cat.registry.python_package.clone().into();
    // Every other text the package carries, to check that it round-trips exactly.
    v["pyTexts"] = serde_json::json!({
        "title": cat.registry.title,
        "name": cat.registry.name,
        "class": cat.registry.class,
        "categories": cat.categories.iter().map(|c| (c.key.clone(), c.summary.clone().into())).collect::<serde_json::Map<String, serde_json::Value>>(),
        "namespaces": cat.namespaces.iter().map(|n| (n.key.clone(), n.title.clone().into())).collect::<serde_json::Map<String, serde_json::Value>>(),
        "retired": cat.retired.iter().map(|r| (r.code.clone(), serde_json::json!([r.name, r.since, r.note]))).collect::<serde_json::Map<String, serde_json::Value>>(),
    });
    std::fs::write(
        dir.join("vectors.json"),
        serde_json::to_string_pretty(&v).unwrap(),
    )
    .unwrap();
    pkg_dir.join(&cat.registry.python_package)
}

#[test]
fn python_agrees_with_the_rust_reference_and_passes_its_gates() {
    let tmp = tempfile::tempdir().unwrap();
    let cats = catalogues();
    assert!(cats.len() > 5);
    let mut packages = Vec::new();
    for (name, cat) in &cats {
        let dir = tmp.path().join(name);
        packages.push((name.clone(), write_case(&dir, cat)));
    }
    let tools = venv();
    match &tools {
        Some(bin) => {
            // One worker per core (pytest-xdist): the HTTP reader's property test, ~5 s per
            // package, took 112 s of this test's 135 one at a time on 2 cores.
            let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(8));
            let out = run(Command::new(bin.join("pytest"))
                .arg("-q")
                .arg("-p")
                .arg("no:cacheprovider")
                .arg("-n")
                .arg(workers.to_string())
                .arg(repo_root().join("tests/python"))
                .env("ERRDEX_PY_VECTORS_DIR", tmp.path()));
            eprintln!("pytest: {}", out.lines().last().unwrap_or(""));
            assert!(!out.contains("skipped"), "{out}");
        }
        None => {
            let Some(python3) = testkit::tool::require_tool(
                "the Python vectors without the virtual environment",
                testkit::tool::program("python3"),
            ) else {
                return;
            };
            for (name, _) in &packages {
                let out = run(Command::new(&python3)
                    .arg(repo_root().join("tests/python/vectors.py"))
                    .arg(tmp.path().join(name).join("vectors.json")));
                eprintln!("{}", out.trim());
            }
        }
    }
    let Some(bin) = tools else { return };
    // One mypy a core at a time, sharing one cache (mypy replaces its cache files
    // atomically): one after another they took 15 s.
    let cache = tmp.path().join(".mypy_cache");
    testkit::each_on_cores(&packages, |(name, pkg)| {
        let out = run(Command::new(bin.join("mypy"))
            .arg("--strict")
            .arg("--python-version=3.10")
            .arg("--cache-dir")
            .arg(&cache)
            .arg(pkg)
            .current_dir(pkg.parent().unwrap()));
        assert!(out.contains("Success"), "{name}: {out}");
    });
    let dirs: Vec<&PathBuf> = packages.iter().map(|(_, p)| p).collect();
    run(Command::new(bin.join("ruff"))
        .arg("check")
        .arg("--no-cache")
        .arg("--isolated")
        .args(&dirs));
}

/// A consumer that misuses the package: every misuse is a `mypy --strict` error on its line.
#[test]
fn misuse_is_a_type_error() {
    let Some(bin) = venv() else { return };
    let cat = catalogues()
        .into_iter()
        .find(|(n, _)| n == "seed-milo")
        .unwrap()
        .1;
    let tmp = tempfile::tempdir().unwrap();
    write_files(tmp.path(), &python::emit(&cat));
    let consumer = r#"from milo_errors import ErrorCode, MiloError, FormError, frm_required, parse, Code

ok: FormError = frm_required(field="environment")
ok2 = MiloError(ErrorCode.FRM_VALIDATION, "Environment is required", argument="environment")
code: Code = parse("FRM_VALIDATION")
e1 = MiloError(ErrorCode.FRM_VALIDATOIN)  # E: wrong code name
e2 = frm_required()  # E: missing param
e3 = frm_required(field=7)  # E: mistyped param
e4 = frm_required(field="x", fields="y")  # E: unknown keyword
e5 = MiloError("M-NOPE-001")  # E: not a code
e6 = frm_required(field="x", expected="yes")  # E: mistyped option
e7: FormError = MiloError(ErrorCode.FRM_VALIDATION)  # E: base is not the subclass
"#;
    std::fs::write(tmp.path().join("consumer.py"), consumer).unwrap();
    let (ok, out) = output(
        Command::new(bin.join("mypy"))
            .arg("--strict")
            .arg("--python-version=3.10")
            .arg("--no-incremental")
            .arg("consumer.py")
            .current_dir(tmp.path()),
    );
    assert!(!ok, "{out}");
    for (i, line) in consumer.lines().enumerate() {
        let at = format!("consumer.py:{}:", i + 1);
        let flagged = out
            .lines()
            .any(|l| l.starts_with(&at) && l.contains("error"));
        assert_eq!(
            flagged,
            line.contains("# E:"),
            "line {}: {line}\n{out}",
            i + 1
        );
    }
}
