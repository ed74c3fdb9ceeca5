//! `errdex usage` reads a Python file's imports from its text, line by line
//! (`usage::python::Imports`); Python's own parser (`ast`, `tests/usage/python_imports.py`)
//! is the judge. Hundreds of files composed from the forms real code uses — aliases, `*`,
//! parenthesised lists over lines with comments, `\` continuations, `;`, relative imports,
//! imports inside functions, methods, docstrings and comments that mention imports — and a
//! few written by hand: both must find the same names, `*`, functions, package bindings and
//! aliases.

#![allow(clippy::unwrap_used)]

mod py_support;
mod testkit;

use std::io::Write;
use std::process::{Command, Stdio};

use errdex_codegen::usage::python::Imports;
use serde_json::{Value, json};
use testkit::rng::Rng;

const PACKAGE: &str = "acme_errors";
const MODULES: [&str; 7] = [
    "acme_errors",
    "acme_errors.codes",
    "acme_errors_extra",
    "app.errors",
    "os",
    "logging.handlers",
    "acme_errors . codes",
];
const NAMES: [&str; 8] = [
    "error",
    "result",
    "card_declined",
    "ErrorCode",
    "errs",
    "display",
    "_error",
    "DEFAULT",
];

/// One `from M import …` or `import …` statement, or a definition, a comment or a string
/// that mentions one, at `indent`.
fn fragment(rng: &mut Rng, indent: &str) -> String {
    let module = *rng.pick(&MODULES[..6]);
    let item = |rng: &mut Rng| {
        let name = *rng.pick(&NAMES);
        match rng.below(4) {
            0 => format!("{name} as {}", *rng.pick(&NAMES)),
            1 => format!("{name} as {name}"),
            _ => name.to_string(),
        }
    };
    let items: Vec<String> = (0..1 + rng.below(3)).map(|_| item(rng)).collect();
    match rng.below(16) {
        0 => format!("{indent}import {module}\n"),
        1 => format!("{indent}import {module} as {}\n", *rng.pick(&NAMES)),
        2 => format!(
            "{indent}import sys, {module} as {}, json\n",
            *rng.pick(&NAMES)
        ),
        3 => format!("{indent}from {module} import {}\n", items.join(", ")),
        4 => format!(
            "{indent}from {module} import (  # the factories, re-exported\n{}\n{indent})\n",
            items
                .iter()
                .map(|i| format!("{indent}    {i},  # a comment, with commas"))
                .collect::<Vec<_>>()
                .join("\n")
        ),
        5 => format!(
            "{indent}from {module} import \\\n{indent}    {}\n",
            items.join(", ")
        ),
        6 => format!("{indent}from {module} import *\n"),
        7 => format!("{indent}import os; from {module} import {}\n", items[0]),
        8 => format!("{indent}from . import {}\n", items[0]),
        9 => format!("{indent}from .errors import {}\n", items.join(", ")),
        10 => format!(
            "{indent}def {}(x):\n{indent}    return x\n",
            *rng.pick(&NAMES)
        ),
        11 => format!(
            "{indent}class Handler:\n{indent}    async def {}(self):\n{indent}        from {module} import {}\n{indent}        return None\n",
            *rng.pick(&NAMES),
            items[0]
        ),
        12 => format!("{indent}# from {module} import {}\n", items.join(", ")),
        13 => format!(
            "{indent}x = 1  # from {module} import {}\n",
            items.join(", ")
        ),
        14 => format!(
            "{indent}\"\"\"How to raise one:\n\nfrom {module} import {}\nimport {module} as {}\n\"\"\"\n",
            items.join(", "),
            *rng.pick(&NAMES)
        ),
        _ => format!(
            "{indent}s = 'from {module} import {}'  # a string\n",
            items[0]
        ),
    }
}

fn file(rng: &mut Rng) -> String {
    let mut text = String::new();
    for _ in 0..1 + rng.below(6) {
        if rng.below(4) == 0 {
            text.push_str(&format!("def f{}():\n", rng.below(100)));
            text.push_str(&fragment(rng, "    "));
            text.push_str("    return None\n");
        } else {
            text.push_str(&fragment(rng, ""));
        }
    }
    text
}

/// Written by hand: the forms the generator does not compose.
const BY_HAND: [&str; 6] = [
    "from acme_errors import (error,\n    result as r, display)\n",
    "import acme_errors.codes\nimport acme_errors.codes as c\n",
    "if True:\n    from acme_errors import *\nelse:\n    def error():\n        pass\n",
    "x = '''\nfrom acme_errors import error\n'''\ny = \"\"\"a\"\"\"; from acme_errors import result\n",
    "def g():\n    '''Raise with `from acme_errors import error`.'''\n    from acme_errors import display\n",
    "from acme_errors import error as error, result as R\nasync def  handler(x):\n    pass\n",
];

fn ours(text: &str) -> Value {
    let imports = Imports::of(text.as_bytes(), PACKAGE);
    let sorted = |set: &std::collections::HashSet<String>| {
        let mut v: Vec<&String> = set.iter().collect();
        v.sort();
        json!(v)
    };
    let mut aliases: Vec<[&String; 2]> = imports.aliases.iter().map(|(a, b)| [a, b]).collect();
    aliases.sort();
    aliases.dedup();
    json!({
        "names": sorted(&imports.names),
        "star": imports.star,
        "defined": sorted(&imports.defined),
        "modules": sorted(&imports.modules),
        "aliases": aliases,
    })
}

#[test]
fn imports_are_read_as_pythons_parser_reads_them() {
    let Some(python) = py_support::python3() else {
        return;
    };
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut files: Vec<String> = BY_HAND.iter().map(|s| s.to_string()).collect();
    files.extend((0..400).map(|_| file(&mut rng)));
    let input = json!(
        files
            .iter()
            .map(|text| json!({"text": text, "package": PACKAGE}))
            .collect::<Vec<_>>()
    );
    let script = testkit::repo_root().join("tests/usage/python_imports.py");
    let mut child = Command::new(python)
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.to_string().as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "python: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let theirs: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(theirs.len(), files.len());
    let mut differ = Vec::new();
    for (text, theirs) in files.iter().zip(&theirs) {
        let ours = ours(text);
        if &ours != theirs {
            differ.push(format!("{text}\n  errdex: {ours}\n  python: {theirs}\n"));
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} files read differently:\n{}",
        differ.len(),
        files.len(),
        differ
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // The files really use the forms: stars, aliases and package bindings among them.
    let count = |key: &str| {
        theirs
            .iter()
            .filter(|t| t[key] != json!([]) && t[key] != json!(false))
            .count()
    };
    for key in ["names", "star", "defined", "modules", "aliases"] {
        assert!(count(key) >= 20, "only {} files with {key}", count(key));
    }
}
