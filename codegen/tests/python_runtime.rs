//! The Python runtime as a file, before any catalogue: `codegen/src/emit/python/_runtime.py`,
//! which every generated package ships as `_runtime.py`, passes `ruff check` (a wider rule
//! set than the generated packages': bugbear, pyupgrade for 3.10, isort, simplifications,
//! ruff's own), `ruff format --check` and `mypy --strict` on its own; importing it imports
//! nothing but itself (no `typing`, `collections` or data at import: the package's import
//! time depends on it); and what it must say twice is held together by Python's own parser:
//! the named tuples' fields (built at runtime from `_NAMED_FIELDS`, declared as
//! `NamedTuple`s for type checkers), and the names whose `__module__` it sets to the package
//! (exactly what `__init__.py` re-exports).
//!
//! python3 is required; ruff and mypy come from `tools/python/.venv` (see `py_support`).
//! The generated packages, runtime included, are checked by `python_package.rs`; the row
//! layouts the runtime reads are held against `emit/python/rows.rs` by that module's tests.

#![allow(clippy::unwrap_used)]

mod py_support;
mod testkit;

use std::path::PathBuf;
use std::process::Command;

use py_support::{python3, repo_root, run, venv};

fn runtime() -> PathBuf {
    repo_root().join("codegen/src/emit/python/_runtime.py")
}

/// The rules beyond ruff's defaults: UP038 (`X | Y` in `isinstance`) is slower than a tuple,
/// and `WireError.__slots__` (RUF023) follows its constructor's order, not the alphabet's.
const RUFF_RULES: &[&str] = &[
    "--select",
    "E,W,F,B,BLE,UP,SIM,RUF,I,C4,PIE,RET,PGH",
    "--ignore",
    "UP038,RUF023",
    "--line-length",
    "120",
    "--target-version",
    "py310",
];

#[test]
fn ruff_checks_and_formats_the_runtime() {
    let Some(bin) = venv(&["ruff"]) else { return };
    run(Command::new(bin.join("ruff"))
        .args(["check", "--no-cache", "--isolated"])
        .args(RUFF_RULES)
        .arg(runtime()));
    run(Command::new(bin.join("ruff"))
        .args([
            "format",
            "--check",
            "--no-cache",
            "--isolated",
            "--line-length",
            "120",
        ])
        .arg(runtime()));
}

#[test]
fn mypy_strict_accepts_the_runtime_alone() {
    let Some(bin) = venv(&["mypy"]) else { return };
    let tmp = tempfile::tempdir().unwrap();
    let out = run(Command::new(bin.join("mypy"))
        .args(["--strict", "--python-version=3.10", "--cache-dir"])
        .arg(tmp.path())
        .arg(runtime()));
    assert!(out.contains("Success"), "{out}");
}

#[test]
fn importing_the_runtime_imports_nothing_else() {
    let Some(python) = python3() else { return };
    let dir = runtime().parent().unwrap().to_path_buf();
    let out = run(Command::new(python)
        .arg("-c")
        .arg(
            "import sys\n\
             before = set(sys.modules)\n\
             import _runtime\n\
             print(sorted(set(sys.modules) - before - {'_runtime', '__future__'}))",
        )
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .current_dir(dir));
    assert_eq!(
        out.trim(),
        "[]",
        "the runtime imports at import time: {out}"
    );
}

/// Python's parser over `_runtime.py` and the `__init__.py` template: `_NAMED_FIELDS` is the
/// `NamedTuple` declarations' fields, and the runtime claims for the package exactly the
/// public names `__init__.py` imports from it.
#[test]
fn what_the_runtime_says_twice_agrees() {
    let Some(python) = python3() else { return };
    let script = r#"
import ast, re, sys
runtime_path, init_path = sys.argv[1], sys.argv[2]
tree = ast.parse(open(runtime_path, encoding="utf-8").read())
declared, named_fields, claimed = {}, None, None
for node in ast.walk(tree):
    if isinstance(node, ast.ClassDef) and any(ast.unparse(b) == "_t.NamedTuple" for b in node.bases):
        declared[node.name] = tuple(s.target.id for s in node.body if isinstance(s, ast.AnnAssign))
    if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", None) == "_NAMED_FIELDS":
        named_fields = ast.literal_eval(node.value)
    if isinstance(node, ast.For) and getattr(node.target, "id", None) == "_public":
        claimed = sorted(e.id for e in node.iter.elts)
assert declared and declared == named_fields, f"NamedTuple declarations {declared} != _NAMED_FIELDS {named_fields}"
# What exists at runtime: the module's own functions and classes (not under TYPE_CHECKING).
defined = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
init = open(init_path, encoding="utf-8").read()
reexported = sorted(
    n for n in re.findall(r"^\s*from \._runtime import (\w+) as \1$", init, re.M)
    if not n.startswith("_") and n in defined
)
assert claimed == reexported, f"__module__ set for {claimed}, __init__.py re-exports {reexported}"
print(f"{len(declared)} named tuples, {len(claimed)} re-exported names agree")
"#;
    let out = run(Command::new(python)
        .arg("-c")
        .arg(script)
        .arg(runtime())
        .arg(repo_root().join("codegen/templates/python/__init__.py")));
    eprintln!("{}", out.trim());
}
